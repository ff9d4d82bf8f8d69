//===- OutlineFacts.h - The statements outside their function ---*- C++ -*-===//
//
// Code generation may run the point loops of a tile in a static function of
// its own, put before the function that holds the nest (the omp backend
// does, so that the C compilers vectorize them: CodeGen/OutlinedTile.h).
// The statements' text then runs where only file-scope declarations are
// visible, with the variables of the nest's function handed in as
// parameters. collectOutlineFacts() reads from the AST what that needs:
// where the function can go, the variables to hand in and their types, and
// what forbids it (Scop::OutlineFacts).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_OUTLINEFACTS_H
#define HETILE_FRONTEND_OUTLINEFACTS_H

#include "hetile/Frontend/NestModel.h"
#include "hetile/Frontend/Scop.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace hetile {

/// The facts of nest \p Nest of function \p F, whose loops are those of
/// \p Model.
OutlineFacts collectOutlineFacts(const clang::ASTContext &Ctx,
                                 const clang::FunctionDecl *F,
                                 const clang::Stmt *Nest,
                                 const NestModel &Model);

} // namespace hetile

#endif
