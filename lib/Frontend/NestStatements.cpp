//===- NestStatements.cpp - Guards, statements and aliasing of a nest -----===//
//
// The parts of NestWalker that handle `if`s, turn runs of plain statements
// into polyhedral statements, and find the pointer-based arrays that may
// overlap (checked at run time, Frontend/AliasChecks.h).
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/AccessCollector.h"
#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/SourceText.h"
#include "hetile/Frontend/StmtIdentifiers.h"

#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hetile {

bool containsLoop(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S))
    return true;
  return llvm::any_of(S->children(), containsLoop);
}

namespace {

std::optional<RejectReason> unstructured(const ASTContext &Ctx, const Stmt *S,
                                         std::string What) {
  return makeReject(Ctx, RejectKind::UnstructuredControl, S->getBeginLoc(),
                    What + " inside the nest");
}
} // namespace

std::optional<RejectReason> rejectControlFlow(const ASTContext &Ctx,
                                              const Stmt *S) {
  if (isa<WhileStmt>(S))
    return unstructured(Ctx, S, "'while' loop");
  if (isa<DoStmt>(S))
    return unstructured(Ctx, S, "'do' loop");
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return unstructured(Ctx, S, "'goto' statement");
  if (isa<BreakStmt>(S))
    return unstructured(Ctx, S, "'break' statement");
  if (isa<ContinueStmt>(S))
    return unstructured(Ctx, S, "'continue' statement");
  if (isa<ReturnStmt>(S))
    return unstructured(Ctx, S, "'return' statement");
  if (isa<SwitchStmt>(S) || isa<SwitchCase>(S))
    return unstructured(Ctx, S, "'switch' statement");
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return unstructured(Ctx, S, "label '" + std::string(L->getName()) + "'");
  if (isa<CXXForRangeStmt>(S))
    return makeReject(Ctx, RejectKind::UnsupportedStatement, S->getBeginLoc(),
                      "range-based 'for' loop inside the nest");
  if (isa<AsmStmt>(S))
    return makeReject(Ctx, RejectKind::UnsupportedStatement, S->getBeginLoc(),
                      "inline assembly inside the nest");
  return std::nullopt;
}

bool NestWalker::readIfGuard(const IfStmt *If, std::optional<Cond> &Guard) {
  if (If->getInit() || If->getConditionVariable() || If->isConsteval())
    return reject(RejectKind::UnsupportedStatement, If->getBeginLoc(),
                  "'if' with a declaration in its condition is not supported");
  AffineBuilder B = makeAffineBuilder();
  Guard = B.buildCond(If->getCond());
  // An `if` without loops whose condition C may evaluate differently from
  // the model (a wrap-around, a conversion that changes a value) is a plain
  // statement, as one with a data-dependent condition.
  if (Guard && !containsLoop(If) && !provesRanges(B, currentDomain()))
    Guard.reset();
  if (Guard)
    return checkRanges(B, currentDomain());
  if (!containsLoop(If))
    return true;
  std::string Msg = "condition '" + getQuotedText(Ctx, If->getCond()) +
                    "' of an 'if' around a loop is not affine";
  return rejectAffine(B.getError(), RejectKind::NonAffineCondition, Msg,
                      RejectKind::NonAffineCondition, Msg);
}

bool NestWalker::visitGuarded(const IfStmt *If, const Cond &Guard) {
  Guards.push_back(Guard);
  bool Ok = visitBody(If->getThen());
  Guards.pop_back();
  if (!Ok || !If->getElse())
    return Ok;
  std::optional<Cond> Else = Guard.negate();
  if (!Else)
    return reject(RejectKind::NonAffineCondition, If->getCond()->getBeginLoc(),
                  "condition '" + getQuotedText(Ctx, If->getCond()) +
                      "' is too large to complement");
  Guards.push_back(std::move(*Else));
  Ok = visitBody(If->getElse());
  Guards.pop_back();
  return Ok;
}

void NestWalker::collectRecomputed(
    const Stmt *S, std::vector<const VarDecl *> &Out) const {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && isRecomputed(VD) && !llvm::is_contained(Out, VD))
      Out.push_back(VD);
  for (const Stmt *Child : S->children())
    collectRecomputed(Child, Out);
}

bool NestWalker::emitStmt(llvm::ArrayRef<const Stmt *> Run) {
  if (llvm::all_of(Run, [](const Stmt *S) { return isa<NullStmt>(S); }))
    return true;
  StmtModel S;
  S.LoopIds = LoopStack;
  S.Domain = currentDomain();
  S.Positions = PathPositions;
  S.Positions.push_back(NextPosition.back()++);
  S.Declares = llvm::any_of(Run, [](const Stmt *P) { return isa<DeclStmt>(P); });
  if (!getStmtRangeText(Ctx, Run.front(), Run.back(), S.Span, S.Text))
    return reject(RejectKind::UnsupportedStatement, Run.front()->getBeginLoc(),
                  "statement '" + getQuotedText(Ctx, Run.front()) +
                      "' does not lie in one source file");
  for (const Stmt *Part : Run)
    collectStmtIdentifiers(Ctx, Part, S.Identifiers);
  AccessCollector AC(*this, S);
  // The original evaluates the statement wherever its domain holds.
  setSureReads(S.Domain);
  for (const Stmt *Part : Run)
    if (!AC.collect(Part)) {
      setSureReads(std::nullopt);
      return false;
    }
  setSureReads(std::nullopt);
  // The recomputed scalars it reads, in values, subscripts or conditions,
  // defined first (on the first line: the text keeps its lines).
  for (const Stmt *Part : Run)
    collectRecomputed(Part, S.Recomputed);
  if (!S.Recomputed.empty()) {
    S.Text = "{ " + recomputation(S.Recomputed, S.Identifiers, Run) + S.Text +
             " }";
    S.Declares = true;
  }
  Model.Stmts.push_back(std::move(S));
  return true;
}

bool NestWalker::checkAliasing() {
  std::vector<bool> Written(Model.Arrays.size(), false);
  for (const StmtModel &S : Model.Stmts)
    for (const AccessModel &A : S.Accesses)
      for (size_t I = 0; I < Model.Arrays.size(); ++I)
        if (Model.Arrays[I].Decl == A.Array && A.Kind != MemoryAccess::AccessKind::Read)
          Written[I] = true;
  auto IsPointer = [](const ArrayModel &A) {
    return A.Info.Storage == ScopArray::StorageKind::Pointer;
  };
  for (size_t J = 0; J < Model.Arrays.size(); ++J)
    for (size_t I = 0; I < J; ++I) {
      const ScopArray &A = Model.Arrays[I].Info, &B = Model.Arrays[J].Info;
      if (!IsPointer(Model.Arrays[I]) || !IsPointer(Model.Arrays[J]) ||
          (A.Restrict && B.Restrict) || (!Written[I] && !Written[J]))
        continue;
      // Checked at run time where the touched elements can be bounded
      // (Frontend/AliasChecks.h).
      Model.MayAlias.push_back({unsigned(I), unsigned(J), ArrayFirstUse[J]});
    }
  return true;
}

} // namespace hetile
