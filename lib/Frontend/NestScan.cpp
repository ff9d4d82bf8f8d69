//===- NestScan.cpp - Which variables a nest writes -----------------------===//

#include "hetile/Frontend/NestScan.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hetile {

namespace {
class Scanner {
public:
  explicit Scanner(NestScan &Out) : Out(Out) {}

  void visit(const Stmt *S, bool InHeader) {
    if (!S)
      return;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      visit(For->getInit(), /*InHeader=*/true);
      visit(For->getCond(), InHeader);
      visit(For->getInc(), /*InHeader=*/true);
      visit(For->getBody(), /*InHeader=*/false);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      findBodyIterators(CS);
    if (const auto *L = dyn_cast<LabelStmt>(S))
      Out.UnusedLabels.insert(L->getDecl()); // less the targets, at the end
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          noteWrite(VD, VD->getLocation(), InHeader, /*IsDecl=*/true);
    if (const auto *E = dyn_cast<Expr>(S))
      visitExpr(E, InHeader);
    for (const Stmt *Child : S->children())
      visit(Child, InHeader);
  }

private:
  /// The declarations of \p CS that declare loop iterators only (NestScan.h).
  void findBodyIterators(const CompoundStmt *CS) {
    llvm::ArrayRef<Stmt *> Body(CS->body_begin(), CS->body_end());
    for (size_t K = 0; K < Body.size(); ++K) {
      const auto *DS = dyn_cast<DeclStmt>(Body[K]);
      if (!DS)
        continue;
      bool All = llvm::all_of(DS->decls(), [&](const Decl *D) {
        const auto *VD = dyn_cast<VarDecl>(D);
        return VD && isLoopOnlyIterator(VD, Body.drop_front(K + 1));
      });
      if (!All)
        continue;
      Out.BodyIteratorDecls.insert(DS);
      for (const Decl *D : DS->decls())
        Out.BodyIterators.insert(cast<VarDecl>(D));
    }
  }

  /// Whether \p VD, declared just before \p Rest, is the iterator of a `for`
  /// statement in \p Rest and used by such statements only.
  static bool isLoopOnlyIterator(const VarDecl *VD,
                                 llvm::ArrayRef<Stmt *> Rest) {
    if (VD->hasInit() || !VD->hasLocalStorage() || VD->isStaticLocal() ||
        VD->hasAttrs() || !VD->getType()->isIntegerType())
      return false;
    bool Loop = false;
    for (const Stmt *S : Rest)
      if (usedOutsideItsLoops(S, VD, Loop))
        return false;
    return Loop;
  }

  /// Whether \p S refers to \p VD outside the `for` statements that assign
  /// it in their initialization; \p Loop is set when \p S holds one.
  static bool usedOutsideItsLoops(const Stmt *S, const VarDecl *VD,
                                  bool &Loop) {
    if (!S)
      return false;
    if (assignsInInit(S, VD)) {
      Loop = true;
      return false;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
      return true;
    return llvm::any_of(S->children(), [&](const Stmt *C) {
      return usedOutsideItsLoops(C, VD, Loop);
    });
  }

  /// Whether \p S is `for (VD = ...; ...)`.
  static bool assignsInInit(const Stmt *S, const VarDecl *VD) {
    const auto *For = dyn_cast<ForStmt>(S);
    const auto *BO =
        For ? dyn_cast_or_null<BinaryOperator>(For->getInit()) : nullptr;
    if (!BO || BO->getOpcode() != BO_Assign)
      return false;
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    return DRE && DRE->getDecl() == VD;
  }

  void visitExpr(const Expr *E, bool InHeader) {
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp())
        Target = BO->getLHS();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        Target = UO->getSubExpr();
    }
    if (!Target)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParenCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        noteWrite(VD, E->getBeginLoc(), InHeader, /*IsDecl=*/false);
  }

  void noteWrite(const VarDecl *VD, SourceLocation L, bool InHeader,
                 bool IsDecl) {
    Out.Written.try_emplace(VD, L);
    if (InHeader)
      Out.HeaderVars.insert(VD);
    else if (IsDecl)
      Out.DeclaredInside.insert(VD);
  }

  NestScan &Out;
};
} // namespace

namespace {
void addJumpTargets(const Stmt *S, llvm::DenseSet<const LabelDecl *> &Out) {
  if (!S)
    return;
  if (const auto *G = dyn_cast<GotoStmt>(S))
    Out.insert(G->getLabel());
  // `&&label` (computed gotos); `asm goto` holds its labels as these too.
  if (const auto *A = dyn_cast<AddrLabelExpr>(S))
    Out.insert(A->getLabel());
  for (const Stmt *Child : S->children())
    addJumpTargets(Child, Out);
}
} // namespace

namespace {
void addUsesOutside(const Stmt *S, const Stmt *Nest,
                    llvm::DenseSet<const VarDecl *> &Out) {
  if (!S || S == Nest)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(VD);
  for (const Stmt *Child : S->children())
    addUsesOutside(Child, Nest, Out);
}
} // namespace

llvm::DenseSet<const LabelDecl *> findJumpTargets(const Stmt *S) {
  llvm::DenseSet<const LabelDecl *> Out;
  addJumpTargets(S, Out);
  return Out;
}

NestScan scanNest(const ForStmt *Outer, const Stmt *FunctionBody) {
  NestScan Out;
  Scanner(Out).visit(Outer, /*InHeader=*/false);
  for (const clang::VarDecl *VD : Out.BodyIterators)
    Out.DeclaredInside.erase(VD);
  if (!FunctionBody) {
    Out.UnusedLabels.clear();
    return Out;
  }
  for (const LabelDecl *L : findJumpTargets(FunctionBody))
    Out.UnusedLabels.erase(L);
  addUsesOutside(FunctionBody, Outer, Out.UsedOutside);
  Out.UsedOutsideKnown = true;
  return Out;
}

} // namespace hetile
