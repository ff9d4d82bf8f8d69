//===- RejectReason.cpp - Why a loop nest is left untouched ----------------===//

#include "hetile/Frontend/RejectReason.h"

namespace hetile {

const char *getRejectName(RejectKind K) {
  switch (K) {
  case RejectKind::NonAffineBound:
    return "nonaffine-bound";
  case RejectKind::NonAffineSubscript:
    return "nonaffine-subscript";
  case RejectKind::ArrayShapeMismatch:
    return "array-shape-mismatch";
  case RejectKind::SubscriptOutsideRows:
    return "subscript-outside-rows";
  case RejectKind::NonAffineCondition:
    return "nonaffine-condition";
  case RejectKind::IndirectAccess:
    return "indirect-access";
  case RejectKind::PointerArithmetic:
    return "pointer-arithmetic";
  case RejectKind::SideEffectCall:
    return "side-effect-call";
  case RejectKind::UnstructuredControl:
    return "unstructured-control";
  case RejectKind::NonConstantStep:
    return "nonconstant-step";
  case RejectKind::UnsupportedLoop:
    return "unsupported-loop";
  case RejectKind::WriteToIterator:
    return "write-to-iterator";
  case RejectKind::WriteToParameter:
    return "write-to-parameter";
  case RejectKind::PossibleAlias:
    return "possible-alias";
  case RejectKind::UnsupportedType:
    return "unsupported-type";
  case RejectKind::MixedSignedness:
    return "mixed-signedness";
  case RejectKind::UnsignedWrap:
    return "unsigned-wrap";
  case RejectKind::ValueChangingConversion:
    return "value-changing-conversion";
  case RejectKind::NegativeDividend:
    return "negative-dividend";
  case RejectKind::UnsupportedStatement:
    return "unsupported-statement";
  case RejectKind::TemplateDependent:
    return "template-dependent";
  case RejectKind::MemberAccess:
    return "member-access";
  case RejectKind::NonPermutable:
    return "non-permutable";
  case RejectKind::TooShallow:
    return "too-shallow";
  case RejectKind::EmptyNest:
    return "empty-nest";
  case RejectKind::CodeGenFailed:
    return "codegen-failed";
  case RejectKind::TooComplex:
    return "too-complex";
  case RejectKind::CodeGenTooLarge:
    return "codegen-too-large";
  case RejectKind::IslCrashed:
    return "isl-crashed";
  case RejectKind::StripsNoTimeLoop:
    return "strips-no-time-loop";
  case RejectKind::StripsUnsupportedAccess:
    return "strips-unsupported-access";
  case RejectKind::StripsSpaceRecurrence:
    return "strips-space-recurrence";
  case RejectKind::MpiStructArray:
    return "mpi-struct-array";
  }
  return "unknown";
}

} // namespace hetile
