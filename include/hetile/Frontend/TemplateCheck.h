//===- TemplateCheck.h - Nests inside C++ templates -------------*- C++ -*-===//
//
// A source rewriter changes the text of a template once, for all its
// instantiations: it may tile a nest of a function template (or of a member
// of a class template, or of a lambda, generic or inside a template) only
// when the nest's code
// is the same in every instantiation. The nest is then modelled from the
// primary template's AST, where its non-dependent code is fully analysed.
// A nest that names a template parameter, directly or through the type or
// value of anything it uses, is left untouched with the remark
// `[hetile-reject-template-dependent]` at the first dependent construct.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_TEMPLATECHECK_H
#define HETILE_FRONTEND_TEMPLATECHECK_H

#include "hetile/Frontend/RejectReason.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <optional>

namespace hetile {

/// The rejection of \p Nest when it depends on a template parameter (of a
/// template around it, or of a generic lambda).
std::optional<RejectReason> checkTemplateDependence(clang::ASTContext &Ctx,
                                                    const clang::Stmt *Nest);

} // namespace hetile

#endif
