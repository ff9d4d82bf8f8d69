//===- RecomputedScalars.cpp - Scalars recomputed where they are read ----===//
//
// Application code computes a value once per outer iteration and reads it
// in the loops that follow:
//
//   for (i = 1; i <= n; i++) {
//     int row = i * (m + 1);           // or `x = i * 0.5;`, x declared
//     for (j = 1; j <= m; j++)         //   before the nest
//       score[row + j] = ...;
//   }
//
// As a statement of its own, the definition runs at the outer level only:
// its instances S0[i] and the reads S1[i, j] leave no band of two loops
// that holds both (and a scalar written at every i forbids reordering the
// i). The value, though, depends on the iterators alone: the model drops
// the definition and each statement that reads the scalar recomputes it
// first, from the same expression (forward substitution: the same
// arithmetic on the same values, so the same result, bit for bit). In
// subscripts and bounds the builders see the definition (VarRole::Defined).
//
// A definition qualifies when it is a declaration with an initializer, or
// an assignment to a local variable that nothing outside the nest reads;
// when its value reads only iterators of the enclosing loops, variables the
// nest does not write, constants and other such scalars, with no call,
// memory read or side effect; when nothing after it in its body writes the
// scalar; and when a loop that follows it reads it (otherwise the scalar
// serves one statement, which keeps it as written).
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/SourceText.h"
#include "hetile/Frontend/StmtIdentifiers.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hetile {

namespace {

/// The references to \p VD in \p S.
unsigned countRefs(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
    ++N;
  for (const Stmt *Child : S->children())
    N += countRefs(Child, VD);
  return N;
}

/// Whether \p S writes \p VD or takes its address.
bool writes(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(S);
           UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
    Target = UO->getSubExpr();
  if (Target)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParenCasts());
        DRE && DRE->getDecl() == VD)
      return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return writes(C, VD); });
}

bool isPlainScalar(const VarDecl *VD) {
  QualType T = VD->getType();
  return VD->hasLocalStorage() && !VD->isStaticLocal() &&
         T->isArithmeticType() && !T->isBooleanType() &&
         !T.isVolatileQualified() && !VD->hasAttrs();
}

} // namespace

bool NestWalker::isRecomputable(const Expr *E) const {
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
      isa<CharacterLiteral>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getType()->isArithmeticType() ||
        VD->getType().isVolatileQualified())
      return false;
    if (Recomputed.count(VD))
      return true;
    for (unsigned Id : LoopStack)
      if (Model.Loops[Id].Iter == VD)
        return true;
    return !Scan.Written.count(VD) && !Scan.DeclaredInside.count(VD) &&
           !Scan.HeaderVars.count(VD);
  }
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return (isa<ImplicitCastExpr>(CE) || isa<CStyleCastExpr>(CE)) &&
           CE->getType()->isArithmeticType() &&
           isRecomputable(CE->getSubExpr());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return isRecomputable(UO->getSubExpr());
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           BO->getType()->isArithmeticType() && isRecomputable(BO->getLHS()) &&
           isRecomputable(BO->getRHS());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isRecomputable(CO->getCond()) && isRecomputable(CO->getTrueExpr()) &&
           isRecomputable(CO->getFalseExpr());
  return false;
}

bool NestWalker::mayRecompute(const VarDecl *VD, const Stmt *Def,
                              llvm::ArrayRef<const Stmt *> Later) const {
  if (!VD || !isPlainScalar(VD) || Scan.HeaderVars.count(VD) ||
      Scan.BodyIterators.count(VD) || Recomputed.count(VD))
    return false;
  bool ReadInLoop = false;
  unsigned LaterRefs = 0;
  for (const Stmt *S : Later) {
    if (writes(S, VD))
      return false;
    unsigned N = countRefs(S, VD);
    LaterRefs += N;
    ReadInLoop |= N > 0 && containsLoop(S);
  }
  if (!ReadInLoop)
    return false;
  if (Scan.DeclaredInside.count(VD))
    return true; // its scope is the rest of the body
  // Declared before the nest: nothing outside the nest reads it, and in
  // the nest only the definition and the statements after it refer to it.
  return Scan.onlyInNest(VD) &&
         countRefs(Root, VD) == countRefs(Def, VD) + LaterRefs;
}

bool NestWalker::defineRecomputed(const Stmt *S,
                                  llvm::ArrayRef<const Stmt *> Later) {
  std::vector<std::pair<const VarDecl *, const Expr *>> Defs;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    if (Scan.BodyIteratorDecls.count(DS))
      return false;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getInit())
        return false;
      Defs.push_back({VD, VD->getInit()});
    }
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
             BO && BO->getOpcode() == BO_Assign) {
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || Scan.DeclaredInside.count(VD))
      return false;
    Defs.push_back({VD, BO->getRHS()});
  } else {
    return false;
  }
  std::vector<const VarDecl *> Added;
  auto Undo = [&] {
    for (const VarDecl *VD : Added) {
      Recomputed.erase(VD);
      Model.Recomputed.erase(VD);
    }
    return false;
  };
  for (auto [VD, Value] : Defs) {
    std::string Text = getQuotedText(Ctx, Value);
    if (!mayRecompute(VD, S, Later) || !isRecomputable(Value) ||
        Text.empty() || Text.find("//") != std::string::npos)
      return Undo();
    Definition D;
    D.Value = Value;
    D.Order = Recomputed.size();
    D.Decl = VD->getType().getUnqualifiedType().getAsString(
                 Ctx.getPrintingPolicy()) +
             " " + VD->getName().str() + " = (" + Text + "); ";
    Recomputed[VD] = std::move(D);
    Model.Recomputed.insert(VD);
    Added.push_back(VD);
  }
  return true;
}

VarDefinition NestWalker::makeDefinition() const {
  return [this](const VarDecl *VD) -> const Expr * {
    if (const Expr *Arg = argumentOf(VD))
      return Arg;
    auto It = Recomputed.find(VD);
    return It == Recomputed.end() ? nullptr : It->second.Value;
  };
}

std::string
NestWalker::recomputation(const std::vector<const VarDecl *> &Used,
                          std::set<std::string> &Identifiers) const {
  // The scalars read, and those their definitions read, in definition
  // order.
  std::vector<const VarDecl *> All;
  std::vector<const VarDecl *> Work(Used.begin(), Used.end());
  while (!Work.empty()) {
    const VarDecl *VD = Work.back();
    Work.pop_back();
    auto It = Recomputed.find(VD);
    if (It == Recomputed.end() || llvm::is_contained(All, VD))
      continue;
    All.push_back(VD);
    for (const auto &[Other, D] : Recomputed)
      if (countRefs(It->second.Value, Other))
        Work.push_back(Other);
  }
  llvm::sort(All, [&](const VarDecl *A, const VarDecl *B) {
    return Recomputed.find(A)->second.Order < Recomputed.find(B)->second.Order;
  });
  std::string Out;
  for (const VarDecl *VD : All) {
    const Definition &D = Recomputed.find(VD)->second;
    Out += D.Decl;
    collectStmtIdentifiers(Ctx, D.Value, Identifiers);
  }
  return Out;
}

} // namespace hetile
