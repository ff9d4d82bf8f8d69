//===- AccessCollector.cpp - Memory accesses of one statement -------------===//

#include "hetile/Frontend/AccessCollector.h"
#include "hetile/Frontend/ArrayInfo.h"
#include "hetile/Frontend/PureFunctions.h"
#include "hetile/Frontend/SourceText.h"
#include "hetile/Frontend/ScopBuilder.h"

#include "clang/AST/ExprCXX.h"

#include <algorithm>

using namespace clang;

namespace hetile {

using AccessKind = MemoryAccess::AccessKind;

bool AccessCollector::reject(RejectKind K, const Stmt *At, std::string Msg) {
  return W.reject(K, At->getBeginLoc(), std::move(Msg));
}

namespace {
std::string quoted(NestWalker &W, const Stmt *S) {
  return "'" + getQuotedText(W.getASTContext(), S) + "'";
}

bool isPointerOrArray(QualType T) {
  return T->isPointerType() || T->isArrayType();
}

/// While a part that the original may not evaluate is visited (\p May),
/// the loads met there are not sure reads (NestWalker::setSureReads).
class NotSure {
public:
  NotSure(NestWalker &W, bool May) : W(W), Active(May && W.getSureReads()) {
    if (Active) {
      Saved = W.getSureReads();
      W.setSureReads(std::nullopt);
    }
  }
  ~NotSure() {
    if (Active)
      W.setSureReads(std::move(Saved));
  }

private:
  NestWalker &W;
  bool Active;
  std::optional<Cond> Saved;
};
} // namespace

//===-- Statements --------------------------------------------------------===//

bool AccessCollector::visitStmt(const Stmt *S, bool May) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *E = dyn_cast<Expr>(S))
    return visitExpr(E, May);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (!visitDecl(D, May))
        return false;
    return true;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body())
      if (!visitStmt(Child, May))
        return false;
    return true;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval())
      return reject(RejectKind::UnsupportedStatement, If,
                    "'if' with a declaration in its condition is not supported");
    return visitExpr(If->getCond(), May) && visitStmt(If->getThen(), true) &&
           visitStmt(If->getElse(), true);
  }
  if (std::optional<RejectReason> R =
          rejectControlFlow(W.getASTContext(), S))
    return W.reject(R->Kind, S->getBeginLoc(), R->Message);
  return reject(RejectKind::UnsupportedStatement, S,
                "statement " + quoted(W, S) + " is not supported");
}

bool AccessCollector::visitDecl(const Decl *D, bool May) {
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return W.reject(RejectKind::UnsupportedStatement, D->getLocation(),
                    "declaration inside the nest is not a variable");
  std::string Name = "'" + VD->getName().str() + "'";
  if (!VD->hasLocalStorage())
    return W.reject(RejectKind::UnsupportedStatement, VD->getLocation(),
                    "static variable " + Name + " declared in the nest");
  // A row pointer its statement declares: the accesses through it are the
  // elements it points to; its value reads no memory.
  if (W.rowPointer(VD))
    return true;
  if (std::string Why = W.whyNotRowPointer(VD); !Why.empty())
    return W.reject(RejectKind::PointerArithmetic, VD->getLocation(),
                    "pointer " + Name + " is not modelled: " + Why);
  if (!visitExpr(VD->getInit(), May)) // first: e.g. `double *p = A[i]`
    return false;
  QualType T = VD->getType();
  if (T->isVariableArrayType())
    return W.reject(RejectKind::UnsupportedType, VD->getLocation(),
                    "variable-length array " + Name + " declared in the nest");
  QualType Elem = T;
  while (const ArrayType *AT = W.getASTContext().getAsArrayType(Elem))
    Elem = AT->getElementType();
  if (!isSupportedElementType(Elem))
    return W.reject(RejectKind::UnsupportedType, VD->getLocation(),
                    Name + " has unsupported type '" + T.getAsString(W.getASTContext().getPrintingPolicy()) + "'");
  W.declareLocal(VD);
  return true;
}

//===-- Expressions -------------------------------------------------------===//

bool AccessCollector::visitExpr(const Expr *E, bool May) {
  if (!E)
    return true;
  NotSure Conditional(W, May);
  if (E->isTypeDependent() || E->isValueDependent())
    return reject(RejectKind::TemplateDependent, E,
                  "expression " + quoted(W, E) +
                      " depends on template parameters");
  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return visitExpr(PE->getSubExpr(), May);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return visitOperator(BO, May);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return visitUnary(UO, May);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return visitExpr(CO->getCond(), May) &&
           visitExpr(CO->getTrueExpr(), true) &&
           visitExpr(CO->getFalseExpr(), true);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (isPointerOrArray(ASE->getType()))
      return reject(RejectKind::PointerArithmetic, E,
                    quoted(W, E) + " is used as a pointer");
    return addArrayAccess(ASE, AccessKind::Read);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return visitRead(DRE);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return visitCall(CE, May);
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // A value the nest never writes, read as often as the original does.
    const VarDecl *Load = W.invariantLoad(ME);
    if (!Load || isPointerOrArray(ME->getType())) {
      if (std::optional<bool> Member = addMemberAccess(ME, AccessKind::Read))
        return *Member;
      return rejectMember(ME);
    }
    W.noteSureRead(Load);
    return true;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return visitExpr(Cast->getSubExpr(), May);
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : IL->inits())
      if (!visitExpr(Init, May))
        return false;
    return true;
  }
  if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
      isa<CharacterLiteral>(E) || isa<CXXBoolLiteralExpr>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E) || isa<ImplicitValueInitExpr>(E))
    return true;
  return reject(RejectKind::UnsupportedStatement, E,
                "expression " + quoted(W, E) + " is not supported");
}

bool AccessCollector::visitOperator(const BinaryOperator *E, bool May) {
  if (E->isAssignmentOp())
    return visitWrite(E->getLHS(), May, E->isCompoundAssignmentOp()) &&
           visitExpr(E->getRHS(), May);
  if (E->isLogicalOp()) // the right operand may not be evaluated
    return visitExpr(E->getLHS(), May) && visitExpr(E->getRHS(), true);
  if ((E->getOpcode() == BO_Add || E->getOpcode() == BO_Sub) &&
      (E->getLHS()->getType()->isPointerType() ||
       E->getRHS()->getType()->isPointerType()))
    return reject(RejectKind::PointerArithmetic, E,
                  "pointer arithmetic " + quoted(W, E));
  return visitExpr(E->getLHS(), May) && visitExpr(E->getRHS(), May);
}

bool AccessCollector::visitUnary(const UnaryOperator *E, bool May) {
  if (E->isIncrementDecrementOp())
    return visitWrite(E->getSubExpr(), May, /*AlsoRead=*/true);
  if (E->getOpcode() == UO_Deref)
    return reject(RejectKind::PointerArithmetic, E,
                  "pointer dereference " + quoted(W, E));
  if (E->getOpcode() == UO_AddrOf)
    return reject(RejectKind::PointerArithmetic, E,
                  "address of " + quoted(W, E->getSubExpr()) + " is taken");
  return visitExpr(E->getSubExpr(), May);
}

bool AccessCollector::visitAccessor(
    const CallExpr *E, const Expr *Body,
    llvm::function_ref<bool(const Expr *)> Visit, bool May) {
  // The arguments are evaluated once, as written; in the body each
  // parameter stands for its argument (NestWalker::accessorBody).
  // A pointer variable handed in is the base of the body's subscripts
  // (addArrayAccess), which are its accesses.
  for (const Expr *Arg : E->arguments()) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    if (DRE && isa<VarDecl>(DRE->getDecl()) &&
        isPointerOrArray(DRE->getDecl()->getType()))
      continue;
    if (!visitExpr(Arg, May))
      return false;
  }
  W.enterAccessor(E);
  bool Ok = Visit(Body);
  W.leaveAccessor();
  return Ok;
}

bool AccessCollector::visitCall(const CallExpr *E, bool May) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (const VarDecl *VD = W.vectorData(OC)) {
      W.noteSureRead(VD);
      return visitExpr(OC->getArg(1), May) &&
             addElementAccess(E, VD, {OC->getArg(1)}, AccessKind::Read);
    }
  if (const Expr *Body = W.accessorBody(E))
    return visitAccessor(
        E, Body, [&](const Expr *B) { return visitExpr(B, May); }, May);
  const FunctionDecl *FD = E->getDirectCallee();
  if (!isKnownPureFunction(W.getASTContext(), FD)) {
    std::string Name = FD && FD->getIdentifier()
                           ? "'" + FD->getNameAsString() + "'"
                           : quoted(W, E->getCallee());
    return reject(RejectKind::SideEffectCall, E,
                  "call to " + Name + " may have side effects");
  }
  for (const Expr *Arg : E->arguments())
    if (!visitExpr(Arg, May))
      return false;
  return true;
}

bool AccessCollector::rejectMember(const MemberExpr *E) {
  if (std::optional<RejectReason> R =
          rejectThisMember(W.getASTContext(), E))
    return W.reject(R->Kind, E->getBeginLoc(), R->Message);
  return reject(RejectKind::UnsupportedType, E,
                "struct member " + quoted(W, E) + " " + whyNotLoaded(E) +
                    ": only members read as numbers or as the base of an "
                    "array are modelled");
}

bool AccessCollector::collect(const Stmt *S) {
  if (!visitStmt(S, /*May=*/false))
    return false;
  const auto *E = dyn_cast<Expr>(S);
  const auto *BO =
      E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  if (!BO || BO->getOpcode() != BO_Assign)
    return true;
  // The must-write of the left-hand side, just collected.
  SourceLoc L = makeSourceLoc(W.getASTContext().getSourceManager(),
                              BO->getLHS()->IgnoreParens()->getBeginLoc());
  for (const AccessModel &A : Out.Accesses)
    if (A.Kind == AccessKind::MustWrite && L.Offset != ~0u &&
        A.Loc.Offset == L.Offset &&
        A.Loc.File == L.File)
      AssignedBefore.push_back({A.Array, A.Subscripts, A.Flat});
  return true;
}

bool AccessCollector::assignedBefore(
    const VarDecl *VD, const std::vector<AffineExpr> &Subs,
    const std::optional<Polynomial> &Flat) const {
  for (const Assigned &A : AssignedBefore)
    if (A.Var == VD && A.Subscripts == Subs && A.Flat == Flat)
      return true;
  return false;
}

bool AccessCollector::visitRead(const DeclRefExpr *E) {
  const auto *VD = dyn_cast<VarDecl>(E->getDecl());
  if (!VD)
    return true; // functions, enumerators
  if (W.argumentOf(VD))
    return true; // an accessor's parameter: its argument was visited
  const NestScan &Scan = W.getScan();
  if (W.isRecomputed(VD))
    return true; // its definition reads no memory (NestStatements.cpp)
  if (Scan.DeclaredInside.count(VD))
    return W.checkLocalUse(VD, E->getBeginLoc());
  if (Scan.HeaderVars.count(VD)) {
    if (W.isEnclosingIterator(VD))
      return true;
    return reject(RejectKind::UnsupportedStatement, E,
                  "iterator '" + VD->getName().str() +
                      "' is read outside its loop");
  }
  if (isPointerOrArray(VD->getType()))
    return reject(RejectKind::PointerArithmetic, E,
                  "'" + VD->getName().str() + "' is used as a pointer");
  if (Scan.Written.count(VD))
    return assignedBefore(VD, {}, std::nullopt) ||
           addScalarAccess(E, VD, AccessKind::Read);
  return true; // read-only outside the nest: a constant of the nest
}

bool AccessCollector::visitWrite(const Expr *LHS, bool May, bool AlsoRead) {
  LHS = LHS->IgnoreParens();
  NotSure Conditional(W, May);
  AccessKind K = May ? AccessKind::MayWrite : AccessKind::MustWrite;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(LHS))
    return (!AlsoRead || addArrayAccess(ASE, AccessKind::Read)) &&
           addArrayAccess(ASE, K);
  if (const auto *CE = dyn_cast<CallExpr>(LHS)) {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      if (const VarDecl *VD = W.vectorData(OC)) {
        W.noteSureRead(VD);
        const Expr *Sub = OC->getArg(1);
        return visitExpr(Sub, May) &&
               (!AlsoRead || addElementAccess(CE, VD, {Sub}, AccessKind::Read)) &&
               addElementAccess(CE, VD, {Sub}, K);
      }
    if (const Expr *Body = W.accessorBody(CE))
      return visitAccessor(
          CE, Body,
          [&](const Expr *B) { return visitWrite(B, May, AlsoRead); }, May);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      std::string Name = "'" + VD->getName().str() + "'";
      if (W.argumentOf(VD))
        return reject(RejectKind::UnsupportedStatement, LHS,
                      "the inline function called assigns its parameter " +
                          Name);
      if (W.getScan().HeaderVars.count(VD))
        return reject(RejectKind::WriteToIterator, LHS,
                      "the nest writes iterator " + Name);
      if (W.getScan().DeclaredInside.count(VD))
        return W.checkLocalUse(VD, LHS->getBeginLoc());
      if (isPointerOrArray(VD->getType()))
        return reject(RejectKind::PointerArithmetic, LHS,
                      "pointer " + Name + " is assigned in the nest");
      return (!AlsoRead || assignedBefore(VD, {}, std::nullopt) ||
              addScalarAccess(DRE, VD, AccessKind::Read)) &&
             addScalarAccess(DRE, VD, K);
    }
  if (const auto *UO = dyn_cast<UnaryOperator>(LHS);
      UO && UO->getOpcode() == UO_Deref)
    return reject(RejectKind::PointerArithmetic, LHS,
                  "pointer dereference " + quoted(W, LHS));
  if (const auto *ME = dyn_cast<MemberExpr>(LHS)) {
    std::optional<bool> First =
        addMemberAccess(ME, AlsoRead ? AccessKind::Read : K);
    if (!First)
      return rejectMember(ME);
    return *First && (!AlsoRead || *addMemberAccess(ME, K));
  }
  return reject(RejectKind::UnsupportedStatement, LHS,
                "assignment to " + quoted(W, LHS) + " is not supported");
}

//===-- Accesses ----------------------------------------------------------===//

bool AccessCollector::addArrayAccess(const ArraySubscriptExpr *E,
                                     AccessKind K) {
  if (std::optional<bool> Member = addMemberAccess(E, K))
    return *Member;
  std::vector<const Expr *> Subs;
  const Expr *Base = E;
  while (const auto *ASE =
             dyn_cast<ArraySubscriptExpr>(Base->IgnoreParenImpCasts())) {
    Subs.push_back(ASE->getIdx());
    Base = ASE->getBase();
  }
  std::reverse(Subs.begin(), Subs.end());
  Base = Base->IgnoreParenImpCasts();
  // row[j] of `double *row = a + i * n;` (a recomputed row pointer): an
  // element of the array it points into.
  if (const NestWalker::RowPointer *Row = W.rowPointerOf(Base)) {
    std::vector<const Expr *> All;
    std::optional<std::pair<unsigned, const Expr *>> Shift;
    rowPointerSubscripts(*Row, Subs, All, Shift);
    const VarDecl *VD = rowPointerArray(*Row, E);
    if (!VD)
      return false;
    // A row of a table of rows, `double *row = r[i]`: r[i][j].
    if (!Shift && All.size() == 2 && !W.getScan().DeclaredInside.count(VD)) {
      const VarDecl *Stride = nullptr;
      if (const VarDecl *Rows = W.rowTable(VD, Stride, E->getBeginLoc()))
        return addRowTableAccess(E, Rows, Stride, All, K);
    }
    return addElementAccess(E, VD, All, K, nullptr,
                            Shift ? &*Shift : nullptr);
  }
  const VarDecl *VD = arrayVariable(Base);
  if (!VD)
    return false;
  // A table of rows, r[i][j]: the array of its rows (NestWalker::rowTable),
  // element i * stride + j.
  if (Subs.size() == 2 && !W.getScan().DeclaredInside.count(VD)) {
    const VarDecl *Stride = nullptr;
    if (const VarDecl *Rows = W.rowTable(VD, Stride, E->getBeginLoc()))
      return addRowTableAccess(E, Rows, Stride, Subs, K);
  }
  if (W.getScan().DeclaredInside.count(VD)) { // private: only check reads
    if (!W.checkLocalUse(VD, Base->getBeginLoc()))
      return false;
    return std::all_of(Subs.begin(), Subs.end(),
                       [&](const Expr *S) { return visitExpr(S, false); });
  }
  return addElementAccess(E, VD, Subs, K);
}

namespace {
/// The parts of a member of an element of an array, `a[i][j].re`,
/// `c[k].u[1]`, `p[i].s.t`, `v[i].x` of a std::vector v: the array's
/// expression (for a vector, its operator[] call), the element's
/// subscripts, and what lies between the element and the member (fields,
/// subscripts of member arrays), the element's side first.
struct MemberPath {
  const Expr *Array = nullptr;
  std::vector<const Expr *> Subs;
  std::vector<const Expr *> Inner;
};

std::optional<MemberPath>
memberPath(const Expr *E,
           llvm::function_ref<bool(const Expr *)> IsRowPointer) {
  std::vector<const Expr *> Parts; // from the outside in
  const Expr *Cur = E->IgnoreParenImpCasts();
  bool Arrow = false;
  for (;;) {
    // p->x of a row pointer p: p[0].x, the element p points to.
    if (const auto *ME = dyn_cast<MemberExpr>(Cur);
        ME && ME->isArrow() &&
        IsRowPointer(ME->getBase()->IgnoreParenImpCasts())) {
      Parts.push_back(ME);
      Cur = ME->getBase()->IgnoreParenImpCasts();
      Arrow = true;
      break;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Cur)) {
      Parts.push_back(ASE);
      Cur = ASE->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(Cur); ME && !ME->isArrow()) {
      Parts.push_back(ME);
      Cur = ME->getBase()->IgnoreParenImpCasts();
      continue;
    }
    // v[i]: the element of a vector (NestWalker::vectorData), the array's
    // end.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Cur);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2) {
      Parts.push_back(OC);
      break;
    }
    break;
  }
  auto Member = std::find_if(Parts.rbegin(), Parts.rend(), [](const Expr *X) {
    return isa<MemberExpr>(X);
  });
  // No member, or a member of something that is not an array's element.
  if (Member == Parts.rend() || (Member == Parts.rbegin() && !Arrow))
    return std::nullopt;
  MemberPath P;
  P.Array = Cur;
  for (auto It = Parts.rbegin(); It != Member; ++It) {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(*It))
      P.Subs.push_back(OC->getArg(1));
    else
      P.Subs.push_back(cast<ArraySubscriptExpr>(*It)->getIdx());
  }
  for (auto It = Member; It != Parts.rend(); ++It)
    P.Inner.push_back(*It);
  return P;
}
} // namespace

std::optional<bool> AccessCollector::addMemberAccess(const Expr *E,
                                                     AccessKind K) {
  auto IsRowPointer = [&](const Expr *X) { return W.rowPointerOf(X) != nullptr; };
  std::optional<MemberPath> P = memberPath(E, IsRowPointer);
  if (!P)
    return std::nullopt;
  ASTContext &Ctx = W.getASTContext();
  auto Fail = [&](const Expr *At, const std::string &Why) {
    return reject(RejectKind::UnsupportedType, At,
                  "struct member " + quoted(W, E) + " " + Why);
  };
  if (!isSupportedElementType(E->getType()))
    return Fail(E, "is not a number (only members read and written as "
                   "integers or reals are modelled)");
  // The member's byte offset: its fields' offsets, and each member-array
  // subscript times the size of what it selects. A subscript must stay in
  // its member array (C leaves `c[k].u[3]` of `double u[3]` undefined, and
  // the model would take it for the next member): proven from the domain,
  // or a condition of the version that runs tiled.
  MemberOffset M{AffineExpr::constant(0), Cond::makeTrue(),
                 E->getType().getCanonicalType().getUnqualifiedType()};
  AffineBuilder B = W.makeAffineBuilder();
  for (const Expr *X : P->Inner) {
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!FD)
        return Fail(ME, "is not a data member");
      if (FD->isBitField())
        return Fail(ME, "is a bit-field");
      if (FD->getParent()->isUnion())
        return Fail(ME, "is a member of a union");
      if (!M.Offset.add(AffineExpr::constant(
              int64_t(Ctx.getFieldOffset(FD) / Ctx.getCharWidth()))))
        return Fail(ME, "lies too far into its struct");
      continue;
    }
    const auto *ASE = cast<ArraySubscriptExpr>(X);
    const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(
        ASE->getBase()->IgnoreParenImpCasts()->getType());
    if (!CAT || !CAT->getSize().isIntN(40))
      return Fail(ASE, "is reached through a member that is not an array of "
                       "constant size");
    std::optional<AffineExpr> Sub = B.buildAffine(ASE->getIdx());
    if (!Sub) {
      if (W.hasRejected())
        return false;
      std::string Head = "subscript " + quoted(W, ASE->getIdx()) + " of " +
                         quoted(W, ASE->getBase());
      return W.rejectAffine(B.getError(), RejectKind::NonAffineSubscript,
                            Head + " is not affine", RejectKind::IndirectAccess,
                            Head + " reads memory (indirect access)");
    }
    AffineExpr Room =
        AffineExpr::constant(int64_t(CAT->getSize().getZExtValue()) - 1);
    int64_t Stride = Ctx.getTypeSizeInChars(ASE->getType()).getQuantity();
    if (!Room.add(*Sub, -1) || !M.Offset.add(*Sub, Stride))
      return Fail(ASE, "has a subscript too large to model");
    for (const AffineExpr &Atom : {*Sub, Room})
      if (W.findNegative(Out.Domain, Atom))
        M.InRows = Cond::conj(std::move(M.InRows), Cond::nonNeg(Atom));
  }
  if (!W.checkRanges(B, Out.Domain))
    return false;
  // The array: a variable, an inline accessor's pointer parameter (the
  // array its argument names), or a pointer member the nest never writes.
  const Expr *Base = P->Array;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Base)) {
    const VarDecl *Data = W.vectorData(OC, /*Structs=*/true);
    if (!Data)
      return Fail(E, "is reached through a call that is not the subscript "
                     "of a std::vector the nest never resizes");
    W.noteSureRead(Data);
    return addElementAccess(E, Data, P->Subs, K, &M);
  }
  std::vector<const Expr *> Subs = P->Subs;
  std::optional<std::pair<unsigned, const Expr *>> Shift;
  const VarDecl *VD = nullptr;
  if (const NestWalker::RowPointer *Row = W.rowPointerOf(Base)) {
    rowPointerSubscripts(*Row, P->Subs, Subs, Shift);
    VD = rowPointerArray(*Row, E, /*Structs=*/true);
  } else {
    VD = arrayVariable(Base);
  }
  if (!VD)
    return false;
  if (W.getScan().DeclaredInside.count(VD))
    return Fail(E, "belongs to an array declared in the nest (a private "
                   "array of structs is not modelled)");
  return addElementAccess(E, VD, Subs, K, &M, Shift ? &*Shift : nullptr);
}

void AccessCollector::rowPointerSubscripts(
    const NestWalker::RowPointer &R, const std::vector<const Expr *> &Subs,
    std::vector<const Expr *> &Out,
    std::optional<std::pair<unsigned, const Expr *>> &Shift) {
  Out = R.Subs;
  auto Rest = Subs.begin();
  if (R.AddToLast && Rest != Subs.end()) {
    Shift.emplace(unsigned(R.Subs.size() - 1), *Rest);
    ++Rest;
  }
  Out.insert(Out.end(), Rest, Subs.end());
}

const VarDecl *AccessCollector::rowPointerArray(const NestWalker::RowPointer &R,
                                                const Expr *E, bool Structs) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(R.Array)) {
    const VarDecl *Data = W.vectorData(OC, Structs);
    if (!Data) {
      reject(RejectKind::UnsupportedType, E,
             quoted(W, E) + " is reached through a call that is not the "
                            "subscript of a std::vector the nest never "
                            "resizes");
      return nullptr;
    }
    W.noteSureRead(Data);
    return Data;
  }
  const Expr *Base = R.Array;
  return arrayVariable(Base);
}

const VarDecl *AccessCollector::arrayVariable(const Expr *&Base) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // An accessor's pointer parameter: the array its argument names.
  if (const Expr *Arg = VD ? W.argumentOf(VD) : nullptr) {
    Base = Arg->IgnoreParenImpCasts();
    DRE = dyn_cast<DeclRefExpr>(Base);
    VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(Base)) {
    // A pointer member the nest never writes: the array it points to.
    VD = W.invariantLoad(ME);
    if (!VD || !ME->getType()->isPointerType()) {
      rejectMember(ME);
      return nullptr;
    }
    W.noteSureRead(VD);
  }
  if (!VD)
    reject(RejectKind::PointerArithmetic, Base,
           "pointer arithmetic " + quoted(W, Base));
  return VD;
}

bool AccessCollector::addRowTableAccess(const Expr *E, const VarDecl *Rows,
                                        const VarDecl *Stride,
                                        const std::vector<const Expr *> &Subs,
                                        AccessKind K) {
  if (W.getArray(Rows, E->getBeginLoc()) < 0)
    return false;
  // row * stride + column, split into rows again by the delinearization,
  // which also checks that every column lies in [0, stride).
  W.makeClassifier()(Stride);
  Polynomial Flat = Polynomial::constant(0);
  for (unsigned D = 0; D < 2; ++D) {
    PolynomialError Err;
    std::optional<Polynomial> P =
        buildPolynomial(W.getASTContext(), Subs[D], W.makeClassifier(), Err,
                        W.makeDefinition(), W.makeLoadResolver());
    if (!P || P->degree() > 1 ||
        (D == 0 && !P->multiply(Polynomial::variable(Stride))) ||
        !Flat.add(*P)) {
      AffineBuilder B = W.makeAffineBuilder();
      if (!B.buildAffine(Subs[D]) && !W.hasRejected()) {
        std::string Head = "subscript " + quoted(W, Subs[D]) + " of '" +
                           Rows->getName().str();
        return W.rejectAffine(B.getError(), RejectKind::NonAffineSubscript,
                              Head + "' is not affine",
                              RejectKind::IndirectAccess,
                              Head + "' reads memory (indirect access)");
      }
      return W.hasRejected() ? false
                             : reject(RejectKind::NonAffineSubscript, Subs[D],
                                      "subscript " + quoted(W, Subs[D]) +
                                          " of a row table is not affine");
    }
  }
  AccessModel A;
  A.Kind = K;
  A.Array = Rows;
  A.Index = Subs[1];
  A.Flat = std::move(Flat);
  return addAccessAt(std::move(A), E);
}

bool AccessCollector::addElementAccess(
    const Expr *E, const VarDecl *VD, const std::vector<const Expr *> &Subs,
    AccessKind K, const MemberOffset *Member,
    const std::pair<unsigned, const Expr *> *Shift) {
  int Index = W.getArray(VD, E->getBeginLoc());
  if (Index < 0)
    return false;
  ScopArray &Array = W.getModel().Arrays[Index].Info;
  if (Array.Members && Member) {
    ASTContext &Ctx = W.getASTContext();
    Array.MemberTypes.insert(
        Member->Type.getAsString(Ctx.getPrintingPolicy()));
    unsigned Bytes =
        unsigned(Ctx.getTypeSizeInChars(Member->Type).getQuantity());
    Array.MemberBytes = Array.MemberTypes.size() == 1 ? Bytes : 0;
  }
  if (Array.Members && !Member)
    return reject(RejectKind::UnsupportedType, E,
                  quoted(W, E) + " is a whole element of the array of "
                                 "structs '" + Array.Name +
                      "': only its members are modelled");
  if (Subs.size() != Array.Extents.size())
    return reject(RejectKind::PointerArithmetic, E,
                  quoted(W, E) + " does not address one element of '" +
                      Array.Name + "'");
  AccessModel A;
  A.Kind = K;
  A.Array = VD;
  A.Index = Subs.size() == 1 ? Subs.front() : nullptr;
  AffineBuilder B = W.makeAffineBuilder();
  for (unsigned I = 0; I < Subs.size(); ++I) {
    const Expr *Sub = Subs[I];
    const Expr *Plus = Shift && Shift->first == I ? Shift->second : nullptr;
    std::optional<AffineExpr> X = B.buildAffine(Sub);
    if (X && Plus) {
      std::optional<AffineExpr> Y = B.buildAffine(Plus);
      if (Y && !X->add(*Y, 1))
        return reject(RejectKind::NonAffineSubscript, E,
                      "subscript of " + quoted(W, E) +
                          " is too large to model");
      if (!Y)
        X.reset();
    }
    if (X) {
      A.Subscripts.push_back(std::move(*X));
      continue;
    }
    // One subscript that is a polynomial, `a[i * n + j]`: the array's rows
    // are found once every access is known (Delinearize.h).
    if (A.Index && B.getError().Kind == AffineFailure::NotAffine &&
        B.getError().Detail.empty() && addFlat(A, Array, Plus))
      break;
    if (W.hasRejected())
      return false;
    std::string Head = "subscript " + quoted(W, Sub) + " of '" + Array.Name;
    return W.rejectAffine(B.getError(), RejectKind::NonAffineSubscript,
                          Head + "' is not affine", RejectKind::IndirectAccess,
                          Head + "' reads memory (indirect access)");
  }
  if (!A.Flat && !W.checkRanges(B, Out.Domain))
    return false;
  if (!A.Flat)
    A.InRows = inDeclaredRows(VD, A.Subscripts);
  // A member's offset is its last subscript; a flat access keeps it as its
  // one subscript until the array's rows are found (Delinearize.h).
  if (Member) {
    A.Subscripts.push_back(Member->Offset);
    A.InRows = Cond::conj(std::move(A.InRows), Member->InRows);
  }
  return addAccessAt(std::move(A), E);
}

bool AccessCollector::addAccessAt(AccessModel A, const Expr *E) {
  if (A.Kind == AccessKind::Read &&
      assignedBefore(A.Array, A.Subscripts, A.Flat))
    return true;
  A.Text = getExprText(W.getASTContext(), E);
  A.Loc = makeSourceLoc(W.getASTContext().getSourceManager(), E->getBeginLoc());
  addAccess(std::move(A));
  return true;
}

/// The extents of the dimensions of \p VD's type but the first, outermost
/// first: a constant, or a variable-length extent that is affine in
/// variables the nest does not write; nullopt where one is neither.
std::vector<std::optional<AffineExpr>>
AccessCollector::innerExtents(const VarDecl *VD) {
  ASTContext &Ctx = W.getASTContext();
  QualType T = VD->getType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  else if (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  std::vector<std::optional<AffineExpr>> Out;
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    std::optional<AffineExpr> X;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      if (CAT->getSize().isIntN(62))
        X = AffineExpr::constant((int64_t)CAT->getSize().getZExtValue());
    } else if (const auto *VAT = dyn_cast<VariableArrayType>(AT)) {
      AffineBuilder B = W.makeAffineBuilder();
      if (VAT->getSizeExpr() && !W.hasRejected()) {
        X = B.buildAffine(VAT->getSizeExpr());
        if (X && !W.provesRanges(B, Cond::makeTrue()))
          X.reset();
      }
    }
    Out.push_back(std::move(X));
    T = AT->getElementType();
  }
  return Out;
}

Cond AccessCollector::inDeclaredRows(const VarDecl *VD,
                                     const std::vector<AffineExpr> &Subs) {
  if (Subs.size() < 2)
    return Cond::makeTrue();
  std::vector<std::optional<AffineExpr>> Extents = innerExtents(VD);
  Cond C = Cond::makeTrue();
  for (size_t K = 1; K < Subs.size() && K - 1 < Extents.size(); ++K) {
    if (!Extents[K - 1])
      continue;
    AffineExpr Room = *Extents[K - 1];
    if (!Room.add(AffineExpr::constant(-1)) || !Room.add(Subs[K], -1))
      continue;
    for (AffineExpr Atom : {Subs[K], Room})
      if (W.findNegative(Out.Domain, Atom))
        C = Cond::conj(std::move(C), Cond::nonNeg(std::move(Atom)));
  }
  return C;
}

bool AccessCollector::addFlat(AccessModel &A, const ScopArray &Array,
                              const Expr *Shift) {
  if (Array.Storage == ScopArray::StorageKind::Scalar)
    return false;
  PolynomialError Err;
  std::optional<Polynomial> P = buildPolynomial(
      W.getASTContext(), A.Index, W.makeClassifier(), Err, W.makeDefinition(),
      W.makeLoadResolver());
  if (P && Shift) {
    std::optional<Polynomial> Q = buildPolynomial(
        W.getASTContext(), Shift, W.makeClassifier(), Err,
        W.makeDefinition(), W.makeLoadResolver());
    if (!Q || !P->add(*Q))
      P.reset();
  }
  if (!P && Err.Written) {
    AffineError E{AffineFailure::Written, Err.At, Err.Written, ""};
    return W.rejectAffine(E, RejectKind::NonAffineSubscript, "",
                          RejectKind::IndirectAccess, "");
  }
  if (!P && Err.Wraps) {
    ASTContext &Ctx = W.getASTContext();
    QualType T = Err.At->getType();
    return reject(RejectKind::UnsignedWrap, Err.At,
                  "subscript " + quoted(W, A.Index) + " of '" + Array.Name +
                      "' is not affine, and its rows cannot be found: " +
                      quoted(W, Err.At) + " is computed in '" +
                      T.getUnqualifiedType().getAsString(
                          Ctx.getPrintingPolicy()) +
                      "', which wraps around" +
                      (T->isUnsignedIntegerOrEnumerationType()
                           ? " (a signed type would not)"
                           : ""));
  }
  if (!P || P->degree() < 2 ||
      !isRowPolynomial(*P, [&](AffineVar V) {
        return W.isEnclosingIterator(V);
      }))
    return false;
  A.Flat = std::move(*P);
  return true;
}

void AccessCollector::addAccess(AccessModel A) {
  // The same access twice in a statement (e.g. from a MAX macro) is one.
  for (const AccessModel &Old : Out.Accesses)
    if (Old.Kind == A.Kind && Old.Array == A.Array &&
        Old.Subscripts == A.Subscripts && Old.Flat == A.Flat)
      return;
  Out.Accesses.push_back(std::move(A));
}

bool AccessCollector::addScalarAccess(const DeclRefExpr *E, const VarDecl *VD,
                                      AccessKind K) {
  if (W.getArray(VD, E->getBeginLoc()) < 0)
    return false;
  AccessModel A;
  A.Kind = K;
  A.Array = VD;
  A.Text = getExprText(W.getASTContext(), E);
  A.Loc = makeSourceLoc(W.getASTContext().getSourceManager(), E->getBeginLoc());
  addAccess(std::move(A));
  return true;
}

} // namespace hetile
