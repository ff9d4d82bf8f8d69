//===- NestScan.cpp - Which variables a nest writes -----------------------===//

#include "hetile/Frontend/NestScan.h"

#include "clang/AST/Expr.h"

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

NestScan scanNest(const ForStmt *Outer) {
  NestScan Out;
  Scanner(Out).visit(Outer, /*InHeader=*/false);
  return Out;
}

} // namespace hetile
