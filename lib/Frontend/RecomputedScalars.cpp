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
// scalar; and when a loop that follows it reads it, or a subscript does
// (otherwise the scalar serves one statement, which keeps it as written).
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

/// Whether \p S reads \p VD in the subscript of an array.
bool readInSubscript(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S);
      ASE && countRefs(ASE->getIdx(), VD))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) {
    return readInSubscript(C, VD);
  });
}

/// Whether every reference to \p VD in \p S is the base of a subscript,
/// `VD[e]`, or of a member, `VD->x`.
bool onlyAsBase(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return true;
  auto IsVD = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S); ASE &&
      IsVD(ASE->getBase()))
    return onlyAsBase(ASE->getIdx(), VD);
  if (const auto *ME = dyn_cast<MemberExpr>(S);
      ME && ME->isArrow() && IsVD(ME->getBase()))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
    return false;
  return llvm::all_of(S->children(),
                      [&](const Stmt *C) { return onlyAsBase(C, VD); });
}

} // namespace

bool NestWalker::isRecomputable(const Expr *E, bool Loads) const {
  if (!E)
    return false;
  E = E->IgnoreParens();
  // A member of `this` or of a variable the nest does not write (a row
  // pointer's subscripts only: the accesses through it read it as an
  // invariant load, checked against the nest's writes).
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && Loads) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField() || !ME->getType()->isIntegerType() ||
        ME->getType().isVolatileQualified())
      return false;
    return isRecomputableBase(ME->getBase());
  }
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
           isRecomputable(CE->getSubExpr(), Loads);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return isRecomputable(UO->getSubExpr(), Loads);
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           BO->getType()->isArithmeticType() &&
           isRecomputable(BO->getLHS(), Loads) &&
           isRecomputable(BO->getRHS(), Loads);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isRecomputable(CO->getCond(), Loads) &&
           isRecomputable(CO->getTrueExpr(), Loads) &&
           isRecomputable(CO->getFalseExpr(), Loads);
  return false;
}

bool NestWalker::isRecomputableBase(const Expr *Base) const {
  Base = Base->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(Base))
    return true;
  if (const auto *ME = dyn_cast<MemberExpr>(Base)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    return FD && !ME->getType().isVolatileQualified() &&
           isRecomputableBase(ME->getBase());
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && !VD->getType().isVolatileQualified() &&
         !Scan.Written.count(VD) && !Scan.DeclaredInside.count(VD) &&
         !Scan.HeaderVars.count(VD);
}

bool NestWalker::mayRecompute(const VarDecl *VD, const Stmt *Def,
                              llvm::ArrayRef<const Stmt *> Later) const {
  if (!VD || !isPlainScalar(VD) || Scan.HeaderVars.count(VD) ||
      Scan.BodyIterators.count(VD) || Recomputed.count(VD))
    return false;
  bool ReadInLoop = false, ReadInSubscript = false;
  unsigned LaterRefs = 0;
  for (const Stmt *S : Later) {
    if (writes(S, VD))
      return false;
    unsigned N = countRefs(S, VD);
    LaterRefs += N;
    ReadInLoop |= N > 0 && containsLoop(S);
    ReadInSubscript |= N > 0 && readInSubscript(S, VD);
  }
  // Read by the statements of its run alone, the scalar stays as written
  // (a local of that statement), but for a subscript, which the model can
  // only read from its definition.
  if (!ReadInLoop && !ReadInSubscript)
    return false;
  if (Scan.DeclaredInside.count(VD))
    return true; // its scope is the rest of the body
  // Declared before the nest: nothing outside the nest reads it, and in
  // the nest only the definition and the statements after it refer to it.
  return Scan.onlyInNest(VD) &&
         countRefs(Root, VD) == countRefs(Def, VD) + LaterRefs;
}

std::optional<NestWalker::RowPointer>
NestWalker::rowPointerValue(const VarDecl *VD, const Expr *Value,
                            llvm::ArrayRef<const Stmt *> Later,
                            std::string &Why) const {
  // A local pointer to numbers or structs, read only as `p[e]` or `p->x`,
  // never written nor its address taken.
  const auto *PT = VD->getType()->getAs<PointerType>();
  if (!PT || !Scan.DeclaredInside.count(VD) || Scan.HeaderVars.count(VD) ||
      VD->isStaticLocal() || VD->hasAttrs() ||
      VD->getType().isVolatileQualified() || Recomputed.count(VD))
    return std::nullopt;
  QualType Pointee = PT->getPointeeType();
  if (Pointee.isVolatileQualified() ||
      !(Pointee->isArithmeticType() || Pointee->isRecordType()) ||
      Pointee->isBooleanType()) {
    Why = "it points to neither numbers nor structs";
    return std::nullopt;
  }
  for (const Stmt *S : Later) {
    if (writes(S, VD)) {
      Why = "it is assigned or its address taken after its definition";
      return std::nullopt;
    }
    if (!onlyAsBase(S, VD)) {
      Why = "it is used otherwise than as '" + VD->getName().str() +
            "[e]' or '" + VD->getName().str() + "->m'";
      return std::nullopt;
    }
  }
  Why = "its value is not an element of an array the nest does not write "
        "('a + e', '&a[e]', 'a[i]' of a two-dimensional array, '&v[e]' of "
        "a std::vector) with subscripts computed from iterators and "
        "parameters";
  // The array: a variable the nest does not write, a pointer or an array,
  // or a pointer member.
  auto ArrayOf = [&](const Expr *E) -> const Expr * {
    E = E->IgnoreParenImpCasts();
    // A pointer member (f->v, this->data_): an invariant load.
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->getType()->isPointerType() &&
                     !ME->getType().isVolatileQualified() &&
                     isa<FieldDecl>(ME->getMemberDecl()) &&
                     isRecomputableBase(ME->getBase())
                 ? E
                 : nullptr;
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!Var || Var->getType().isVolatileQualified() ||
        !(Var->getType()->isPointerType() || Var->getType()->isArrayType()) ||
        Scan.Written.count(Var) || Scan.DeclaredInside.count(Var) ||
        Scan.HeaderVars.count(Var) || Recomputed.count(Var) ||
        argumentOf(Var))
      return nullptr;
    return E;
  };
  auto Same = [&](QualType T) {
    return Ctx.hasSameUnqualifiedType(T.getCanonicalType(),
                                      Pointee.getCanonicalType());
  };
  auto Index = [&](const Expr *Idx, RowPointer &R) {
    if (!Idx->getType()->isIntegerType() || !isRecomputable(Idx, true))
      return false;
    R.Subs.insert(R.Subs.begin(), Idx);
    return true;
  };
  auto Subscripts = [&](const Expr *E, RowPointer &R) {
    E = E->IgnoreParenImpCasts();
    // &v[e] of a std::vector (NestWalker::vectorData, at each access).
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        !vectorElement(OC->getArg(0)->getType()).isNull()) {
      R.Array = OC;
      return Index(OC->getArg(1), R);
    }
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!Index(ASE->getIdx(), R))
        return false;
      E = ASE->getBase()->IgnoreParenImpCasts();
    }
    R.Array = ArrayOf(E);
    return R.Array != nullptr;
  };
  RowPointer R;
  const Expr *V = Value->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(V);
      BO && BO->getOpcode() == BO_Add) {
    // a + off, off + a: element off of a one-dimensional array.
    const Expr *Ptr = BO->getLHS(), *Off = BO->getRHS();
    if (!Ptr->getType()->isPointerType())
      std::swap(Ptr, Off);
    R.Array = ArrayOf(Ptr);
    const auto *P = Ptr->getType()->getAs<PointerType>();
    if (!R.Array || !P || !Same(P->getPointeeType()) ||
        !Off->getType()->isIntegerType() || !isRecomputable(Off, true))
      return std::nullopt;
    R.Subs.push_back(Off);
    R.AddToLast = true;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(V);
             UO && UO->getOpcode() == UO_AddrOf) {
    // &a[i][j]: an element.
    const Expr *Elem = UO->getSubExpr()->IgnoreParens();
    if (!(isa<ArraySubscriptExpr>(Elem) || isa<CXXOperatorCallExpr>(Elem)) ||
        !Same(Elem->getType()) ||
        !Subscripts(Elem, R))
      return std::nullopt;
    R.AddToLast = true;
  } else if (isa<ArraySubscriptExpr>(V) || isa<DeclRefExpr>(V)) {
    // a[i]: a row of a two-dimensional array (or a itself).
    const ArrayType *AT = Ctx.getAsArrayType(V->getType());
    const auto *P = V->getType()->getAs<PointerType>();
    QualType Elem = AT ? AT->getElementType()
                       : P ? P->getPointeeType() : QualType();
    if (Elem.isNull() || !Same(Elem) || !Subscripts(V, R))
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  return R;
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
    std::optional<RowPointer> Row;
    if (VD->getType()->isPointerType()) {
      std::string Why;
      Row = rowPointerValue(VD, Value, Later, Why);
      if (!Row && !Why.empty())
        NotRowPointers[VD] = Why;
    }
    if ((!Row && (!mayRecompute(VD, S, Later) || !isRecomputable(Value))) ||
        Text.empty() || Text.find("//") != std::string::npos)
      return Undo();
    Definition D;
    D.Row = std::move(Row);
    D.Def = S;
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

bool NestWalker::definesRowPointers(const Stmt *S) const {
  const auto *DS = dyn_cast<DeclStmt>(S);
  return DS && llvm::all_of(DS->decls(), [&](const Decl *D) {
           const auto *VD = dyn_cast<VarDecl>(D);
           return VD && rowPointer(VD);
         });
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
                          std::set<std::string> &Identifiers,
                          llvm::ArrayRef<const Stmt *> Run) const {
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
    if (llvm::is_contained(Run, D.Def))
      continue; // the run's text declares it
    Out += D.Decl;
    collectStmtIdentifiers(Ctx, D.Value, Identifiers);
  }
  return Out;
}

} // namespace hetile
