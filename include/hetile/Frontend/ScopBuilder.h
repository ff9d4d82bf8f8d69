//===- ScopBuilder.h - Clang AST of one loop nest -> Scop -------*- C++ -*-===//
//
// Builds the polyhedral model of one `for` nest, or says precisely why it
// cannot: the first unsupported construct found, with its kind, message and
// exact location (RejectReason.h).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_SCOPBUILDER_H
#define HETILE_FRONTEND_SCOPBUILDER_H

#include "hetile/Frontend/RejectReason.h"
#include "hetile/Frontend/Scop.h"
#include "hetile/Support/Options.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <optional>

namespace hetile {

/// A loop nest chosen for tiling: by `#pragma hetile` before it, or by --auto.
struct NestCandidate {
  const clang::ForStmt *Loop = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// Location of the `#pragma hetile`; invalid under --auto.
  clang::SourceLocation PragmaLoc;
};

/// Exactly one of S and Reject is set.
struct ScopBuildResult {
  std::optional<Scop> S;
  std::optional<RejectReason> Reject;
};

/// Builds the Scop of \p C. Never crashes or hangs on any input: anything the
/// model does not cover becomes a RejectReason.
ScopBuildResult buildScop(clang::ASTContext &Ctx, const NestCandidate &C,
                          isl_ctx *IslCtx, const Options &Opts);

/// Resolves a Clang location into a SourceLoc (expansion location).
SourceLoc makeSourceLoc(const clang::SourceManager &SM, clang::SourceLocation L);

} // namespace hetile

#endif
