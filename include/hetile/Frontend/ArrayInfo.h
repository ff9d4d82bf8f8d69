//===- ArrayInfo.h - What an accessed variable is as an array ---*- C++ -*-===//
//
// Classifies the variable at the base of an access: a declared array
// (Static), a pointer or array parameter (Pointer: may alias another), or a
// scalar (a 0-d array), with its dimensions, extents and element type.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_ARRAYINFO_H
#define HETILE_FRONTEND_ARRAYINFO_H

#include "hetile/Frontend/Scop.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>

namespace hetile {

struct ArrayDescription {
  ScopArray Info;
  /// Number of subscripts that address one element (0 for a scalar).
  unsigned Dims = 0;
};

/// Describes \p VD, or returns nullopt and sets \p Problem to a message naming
/// what is not supported (element type, pointer to pointer, ...).
std::optional<ArrayDescription> describeArray(const clang::ASTContext &Ctx,
                                              const clang::VarDecl *VD,
                                              std::string &Problem);

/// Whether values of type \p T can be array elements or scalars of the model
/// (integer and real floating types).
bool isSupportedElementType(clang::QualType T);

/// Whether \p T is the element type of an array of structs whose members
/// the model reads and writes (ScopArray::Members): a complete struct or
/// class without base classes or virtual functions, not a union, not
/// volatile.
bool isMemberArrayElementType(clang::QualType T);

} // namespace hetile

#endif
