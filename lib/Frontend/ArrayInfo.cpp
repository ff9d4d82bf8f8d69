//===- ArrayInfo.cpp - What an accessed variable is as an array -----------===//

#include "hetile/Frontend/ArrayInfo.h"
#include "hetile/Frontend/SourceText.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace hetile {

bool isSupportedElementType(QualType T) {
  T = T.getCanonicalType();
  return (T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType()) ||
         T->isRealFloatingType();
}

bool isMemberArrayElementType(QualType T) {
  const auto *RT = T.getCanonicalType()->getAs<RecordType>();
  if (!RT || T.isVolatileQualified())
    return false;
  const RecordDecl *RD = RT->getDecl()->getDefinition();
  if (!RD || RD->isUnion() || T->isIncompleteType())
    return false;
  // A member's offset is taken inside the struct that declares it: no base
  // classes, whose members would lie elsewhere.
  const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
  return !CRD || (CRD->getNumBases() == 0 && !CRD->isPolymorphic());
}

namespace {
/// The C text of the size of array type \p AT ("" when not known).
std::string getExtentText(const ASTContext &Ctx, const ArrayType *AT) {
  if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
    return std::to_string(CAT->getSize().getZExtValue());
  if (const auto *VAT = dyn_cast<VariableArrayType>(AT))
    return getQuotedText(Ctx, VAT->getSizeExpr());
  return "";
}

/// Peels array levels off \p T into \p Out; returns the element type.
QualType peelArrays(const ASTContext &Ctx, QualType T, ArrayDescription &Out) {
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    Out.Info.Extents.push_back(getExtentText(Ctx, AT));
    ++Out.Dims;
    T = AT->getElementType();
  }
  return T;
}
} // namespace

std::optional<ArrayDescription> describeArray(const ASTContext &Ctx,
                                              const VarDecl *VD,
                                              std::string &Problem) {
  ArrayDescription D;
  D.Info.Name = VD->getName().str();
  QualType T = VD->getType();
  QualType Elem;
  if (const auto *PT = T->getAs<PointerType>()) {
    D.Info.Storage = ScopArray::StorageKind::Pointer;
    D.Info.Restrict = T.isRestrictQualified();
    // An array parameter `double A[N][M]` keeps its outer extent in the
    // type as written.
    const auto *Parm = dyn_cast<ParmVarDecl>(VD);
    const ArrayType *Orig =
        Parm ? Ctx.getAsArrayType(Parm->getOriginalType()) : nullptr;
    D.Info.Extents.push_back(Orig ? getExtentText(Ctx, Orig) : "");
    D.Dims = 1;
    Elem = peelArrays(Ctx, PT->getPointeeType(), D);
  } else if (Ctx.getAsArrayType(T)) {
    D.Info.Storage = ScopArray::StorageKind::Static;
    Elem = peelArrays(Ctx, T, D);
  } else {
    D.Info.Storage = ScopArray::StorageKind::Scalar;
    Elem = T;
  }
  if (Elem->isPointerType()) {
    Problem = "array '" + D.Info.Name + "' holds pointers (type '" +
              T.getAsString(Ctx.getPrintingPolicy()) + "')";
    return std::nullopt;
  }
  // An array of structs: its elements are reached through their members
  // (AccessCollector::addMemberAccess).
  if (D.Dims && isMemberArrayElementType(Elem)) {
    D.Info.Members = true;
    D.Info.ElementType =
        Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    D.Info.ElementBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
    const RecordDecl *RD =
        Elem.getCanonicalType()->getAs<RecordType>()->getDecl()->getDefinition();
    for (const FieldDecl *FD : RD->fields()) {
      std::string Name = FD->getNameAsString();
      QualType T = FD->getType();
      while (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
        Name += "[" + std::to_string(CAT->getSize().getZExtValue()) + "]";
        T = CAT->getElementType();
      }
      D.Info.MemberLayout += (D.Info.MemberLayout.empty() ? "" : ", ") + Name +
                             " at " +
                             std::to_string(Ctx.getFieldOffset(FD) /
                                            Ctx.getCharWidth());
    }
    return D;
  }
  if (!isSupportedElementType(Elem) || Elem.isVolatileQualified()) {
    Problem = "'" + D.Info.Name + "' has unsupported type '" +
              T.getAsString(Ctx.getPrintingPolicy()) + "'";
    return std::nullopt;
  }
  D.Info.ElementType = Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  D.Info.ElementBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
  return D;
}

} // namespace hetile
