//===- PrivateVars.cpp - Variables a tile may copy -------------------------===//

#include "hetile/Frontend/PrivateVars.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace hetile {

const Stmt *parentOf(ASTContext &Ctx, const Stmt *E) {
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    if (Parents.size() != 1)
      return nullptr;
    const auto *P = Parents[0].get<Stmt>();
    if (!P || !isa<ParenExpr>(P))
      return P;
    E = P;
  }
}

namespace {

/// Whether the lvalue \p E (a scalar, or an element of an array) is only
/// read, assigned, incremented or measured where it is used.
bool isPlainUse(ASTContext &Ctx, const Expr *E) {
  while (true) {
    const Stmt *P = parentOf(Ctx, E);
    if (!P)
      return false;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return true;
      if (Cast->getCastKind() != CK_ArrayToPointerDecay)
        return false;
      // An array: only as the base of a subscript.
      const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(parentOf(Ctx, Cast));
      if (!Sub || Sub->getBase()->IgnoreParens() != Cast)
        return false;
      E = Sub;
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == E;
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp();
    return isa<UnaryExprOrTypeTraitExpr>(P);
  }
}

/// Every use of the candidates in a function body. A use that may let the
/// address escape is harmless after \p Last, the end of the outermost loop
/// around the nest, in a function without labels (no jump back).
class UseVisitor : public RecursiveASTVisitor<UseVisitor> {
public:
  UseVisitor(ASTContext &Ctx, llvm::DenseMap<const VarDecl *, bool> &Ok,
             SourceLocation Last)
      : Ctx(Ctx), Ok(Ok), Last(Last) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    auto It = VD ? Ok.find(VD) : Ok.end();
    if (It == Ok.end() || !It->second)
      return true;
    if (E->refersToEnclosingVariableOrCapture())
      It->second = false;
    else if (!isPlainUse(Ctx, E))
      Late.push_back({VD, E->getBeginLoc()});
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) {
    HasLabel = true;
    return true;
  }
  /// Applies the uses that may let an address escape.
  void finish() {
    const SourceManager &SM = Ctx.getSourceManager();
    for (const auto &[VD, Loc] : Late)
      if (HasLabel || Last.isInvalid() ||
          !SM.isBeforeInTranslationUnit(Last, Loc))
        Ok[VD] = false;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          if (Ok.count(VD))
            Ok[VD] = false;
    return true;
  }

private:
  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, bool> &Ok;
  SourceLocation Last;
  bool HasLabel = false;
  std::vector<std::pair<const VarDecl *, SourceLocation>> Late;
};

/// The end of the outermost loop around \p Nest (or of the nest).
SourceLocation endOfOutermostLoop(ASTContext &Ctx, const Stmt *Nest) {
  const Stmt *Outer = Nest;
  for (const Stmt *S = Nest; S;) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    S = Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
    if (S && (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
              isa<CXXForRangeStmt>(S)))
      Outer = S;
  }
  return Outer->getEndLoc();
}

/// Whether the type of \p VD suits a private copy: a supported scalar, or
/// an array of constant size, no larger than MaxPrivateBytes.
bool hasCopyableType(ASTContext &Ctx, const VarDecl *VD) {
  QualType T = VD->getType();
  if (T->isDependentType() || T.isVolatileQualified() ||
      T.isConstQualified() || T->isReferenceType())
    return false;
  QualType Elem = T;
  while (const ArrayType *AT = Ctx.getAsArrayType(Elem)) {
    if (!isa<ConstantArrayType>(AT))
      return false;
    Elem = AT->getElementType();
  }
  if (Elem.isVolatileQualified() || !Elem->isArithmeticType() ||
      T->isIncompleteType())
    return false;
  return Ctx.getTypeSizeInChars(T).getQuantity() <= long(MaxPrivateBytes);
}

std::string declarationOf(ASTContext &Ctx, QualType T, llvm::StringRef Name) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  T.print(OS, Ctx.getPrintingPolicy(), Name);
  return OS.str();
}


/// Whether \p Body never assigns, increments or takes the address of
/// \p VD.
bool neverWritten(const Stmt *Body, const VarDecl *VD) {
  if (!Body)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(Body))
    if (BO->isAssignmentOp())
      if (const auto *D = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
          D && D->getDecl() == VD)
        return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(Body))
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      if (const auto *D =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
          D && D->getDecl() == VD)
        return false;
  for (const Stmt *Child : Body->children())
    if (Child && !neverWritten(Child, VD))
      return false;
  return true;
}

/// A pointer parameter declared as a 1-D array of numbers (`double sum[np]`,
/// `double sum[64]`): the declarations of a copy of its declared extent
/// (Out.PrivateDecl; on the heap beyond MaxPrivateBytes, released by
/// Out.PrivateFree) and of the pointer to it (Out.PrivateTarget). False
/// when its extent is not a constant or a parameter the function never
/// writes.
bool pointerParameterCopy(ASTContext &Ctx, const FunctionDecl *Function,
                          const ParmVarDecl *P, ScopArray &Out) {
  const ArrayType *AT = Ctx.getAsArrayType(P->getOriginalType());
  if (!AT || !P->getType()->isPointerType() ||
      P->getType().isVolatileQualified())
    return false;
  QualType Elem = AT->getElementType();
  if (Ctx.getAsArrayType(Elem) || !Elem->isArithmeticType() ||
      Elem.isVolatileQualified() || Elem.isConstQualified())
    return false;
  std::string Extent;
  if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
    if (CAT->getSize().isZero() || !CAT->getSize().isIntN(40))
      return false;
    Extent = std::to_string(CAT->getSize().getZExtValue());
  } else if (const auto *VAT = dyn_cast<VariableArrayType>(AT)) {
    const auto *D = VAT->getSizeExpr()
                        ? dyn_cast<DeclRefExpr>(
                              VAT->getSizeExpr()->IgnoreParenImpCasts())
                        : nullptr;
    const auto *Size = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    if (!Size || !Size->getType()->isIntegerType() ||
        !neverWritten(Function->getBody(), Size))
      return false;
    Extent = Size->getName().str();
  } else {
    return false;
  }
  std::string T = Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  std::string Name = P->getName().str(), Buf = "hetile_pbuf_" + Name;
  long Fits = long(MaxPrivateBytes / Ctx.getTypeSizeInChars(Elem).getQuantity());
  std::string Small = "(long)(" + Extent + ") <= " + std::to_string(Fits);
  // On the stack up to MaxPrivateBytes, else on the heap.
  Out.PrivateDecl = T + " " + Buf + "[" + Small + " && (long)(" + Extent +
                    ") > 0 ? (long)(" + Extent + ") : 1]; " + T + " *" + Name +
                    " = " + Small + " ? " + Buf + " : (" + T +
                    " *)malloc(sizeof(" + T + ") * (size_t)(" + Extent +
                    ")); if (!" + Name +
                    ") { fprintf(stderr, \"hetile: error: no memory for a copy "
                    "of '" + Name + "'\\n\"); abort(); }";
  Out.PrivateFree = "if (" + Name + " != " + Buf + ") free(" + Name + ")";
  // The parameter's own qualifiers kept: `double sum[restrict np]` is a
  // `double *restrict`, whose address a `double **` would discard.
  Out.PrivateTarget = declarationOf(
      Ctx, Ctx.getPointerType(P->getType()).withConst(), "hetile_last_" + Name);
  return true;
}

} // namespace

void markPrivatizable(ASTContext &Ctx, const FunctionDecl *Function,
                      const Stmt *Nest, NestModel &Model) {
  if (!Function || !Function->hasBody())
    return;
  llvm::DenseMap<const VarDecl *, bool> Ok;
  // The pointer parameters declared as arrays, and their copies.
  llvm::DenseMap<const VarDecl *, ScopArray> Pointers;
  for (const ArrayModel &A : Model.Arrays) {
    const VarDecl *VD = A.Decl;
    if (!VD || !VD->hasLocalStorage() || !VD->getIdentifier() ||
        VD->getParentFunctionOrMethod() != Function)
      continue;
    if (A.Info.Storage == ScopArray::StorageKind::Pointer) {
      const auto *P = dyn_cast<ParmVarDecl>(VD);
      ScopArray Copy;
      if (P && A.RowExtents.empty() &&
          pointerParameterCopy(Ctx, Function, P, Copy)) {
        Pointers[VD] = std::move(Copy);
        Ok[VD] = true;
      }
      continue;
    }
    if (!hasCopyableType(Ctx, VD))
      continue;
    Ok[VD] = true;
  }
  if (Ok.empty())
    return;
  UseVisitor Uses(Ctx, Ok, endOfOutermostLoop(Ctx, Nest));
  Uses.TraverseStmt(Function->getBody());
  Uses.finish();
  for (ArrayModel &A : Model.Arrays) {
    auto It = Ok.find(A.Decl);
    if (It == Ok.end() || !It->second)
      continue;
    A.Info.Privatizable = true;
    if (auto P = Pointers.find(A.Decl); P != Pointers.end()) {
      A.Info.PrivateDecl = P->second.PrivateDecl;
      A.Info.PrivateFree = P->second.PrivateFree;
      A.Info.PrivateTarget = P->second.PrivateTarget;
      continue;
    }
    QualType T = A.Decl->getType().getUnqualifiedType();
    // A scalar copy starts at 0: never read before written, but a C
    // compiler cannot always tell (-Wmaybe-uninitialized on the final copy).
    A.Info.PrivateDecl = declarationOf(Ctx, T, A.Decl->getName()) +
                         (T->isArrayType() ? "" : " = 0");
    A.Info.PrivateTarget =
        declarationOf(Ctx, Ctx.getPointerType(T).withConst(),
                      "hetile_last_" + A.Decl->getName().str());
  }
}

} // namespace hetile
