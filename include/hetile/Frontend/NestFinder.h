//===- NestFinder.h - Which loop nests to tile ------------------*- C++ -*-===//
//
// A nest is chosen by `#pragma hetile` on the line(s) before its `for`, or,
// with --auto, every maximal `for` nest (a `for` that contains another `for`
// and is not inside one) in the main file. Nests are looked for in every
// function with a body: C functions, C++ methods, constructors, destructors,
// lambdas (as part of the function around them) and the primary templates
// of function templates and of members of class templates, whose nests are
// tiled only when they do not depend on a template parameter
// (Frontend/TemplateCheck.h); instantiations are skipped (the source holds
// their text once).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_NESTFINDER_H
#define HETILE_FRONTEND_NESTFINDER_H

#include "hetile/Frontend/ScopBuilder.h"

#include "clang/Lex/Preprocessor.h"

#include <vector>

namespace hetile {

/// Records the location of every `#pragma hetile` the preprocessor sees.
class HetilePragmaHandler : public clang::PragmaHandler {
public:
  explicit HetilePragmaHandler(std::vector<clang::SourceLocation> &Locs)
      : clang::PragmaHandler("hetile"), Locs(Locs) {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  std::vector<clang::SourceLocation> &Locs;
};

/// The nests of the main file marked by the pragmas at \p PragmaLocs (a
/// pragma not followed by a `for` gets a warning), in source order.
std::vector<NestCandidate>
findMarkedNests(clang::ASTContext &Ctx,
                const std::vector<clang::SourceLocation> &PragmaLocs);

/// Every maximal `for` nest of depth >= 2 in the main file, in source order.
std::vector<NestCandidate> findAllNests(clang::ASTContext &Ctx);

/// The `for` loops directly nested in \p Loop's body (not inside another
/// `for`), in source order: where --auto looks when \p Loop is rejected.
std::vector<const clang::ForStmt *> getInnerLoops(const clang::ForStmt *Loop);

} // namespace hetile

#endif
