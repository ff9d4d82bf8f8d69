//===- PrivateVars.h - Variables a tile may copy ----------------*- C++ -*-===//
//
// Which arrays and scalars of a nest are candidates for privatization: local
// variables of the nest's function (automatic storage, parameters included),
// declared outside the nest, scalars or arrays of constant size (at most
// MaxPrivateBytes), that are not volatile and whose address never escapes:
// every use of the variable in the function is a read, an assignment, an
// increment, a subscript (arrays) or a sizeof, except after the outermost
// loop around the nest in a function without labels (where `&s` or passing
// an array to a function cannot reach the nest any more). A conservative
// Clang-AST check: elsewhere `&s`, passing an array to a function, binding a
// reference, or a lambda capture disqualify the variable.
//
// Whether a candidate is privatized is decided later, on the dependences
// (Analysis/Privatization.h); this only marks ScopArray::Privatizable and
// spells the declaration of a copy (ScopArray::PrivateDecl).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_PRIVATEVARS_H
#define HETILE_FRONTEND_PRIVATEVARS_H

#include "hetile/Frontend/NestModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace hetile {

/// Largest private copy, in bytes: a tile's copy lives on its thread's stack.
constexpr unsigned long MaxPrivateBytes = 64 * 1024;

/// The only parent of \p E, parentheses skipped; null when there is none
/// or more than one.
const clang::Stmt *parentOf(clang::ASTContext &Ctx, const clang::Stmt *E);

/// Marks the privatization candidates among \p Model's arrays (\p Function:
/// the function around the nest \p Nest).
void markPrivatizable(clang::ASTContext &Ctx,
                      const clang::FunctionDecl *Function,
                      const clang::Stmt *Nest, NestModel &Model);

} // namespace hetile

#endif
