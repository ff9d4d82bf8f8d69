//===- FileRewriter.h - Tiled nests into the original buffer ----*- C++ -*-===//
//
// Rewrites one main file: every tilable nest is replaced by its tiled code,
// its `#pragma hetile` line becomes a comment, and `#include "hetile_rt.h"`
// is added once at the top. Everything else stays byte-identical (pet's
// habit). All-or-nothing per nest: when code generation fails for a nest, or
// its text overlaps another rewritten nest, it stays as it was and gets a
// rejection saying why.
//
// With Options::EmitLineDirectives, `#line` directives keep every line
// presumed where it was: after the added includes, inside each tiled block
// (statements at their own lines, generated loops within the nest's lines)
// and after it, so compiler messages and debug info name the original lines.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_REWRITE_FILEREWRITER_H
#define HETILE_REWRITE_FILEREWRITER_H

#include "hetile/Driver/NestPipeline.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hetile {

struct RewriteResult {
  std::string Text;
  unsigned NumTiled = 0;
  /// The indices into the nests of those this rewrite rejected.
  std::vector<size_t> Rejected;
};

/// Rewrites \p Buffer (the main file's text). Nests whose code generation
/// fails get their Reject set (kind CodeGenFailed, or TooComplex when a
/// stage ran out of its bound) so the caller can report them.
RewriteResult rewriteBuffer(llvm::StringRef FileName, llvm::StringRef Buffer,
                            std::vector<AnalyzedNest> &Nests,
                            const Options &Opts);

/// Writes \p Text to \p Path atomically (a temporary file in the same folder,
/// then rename). With \p Backup, the old file is first copied to Path.orig.
/// Returns an error message, or "" on success.
std::string writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text,
                                bool Backup);

} // namespace hetile

#endif
