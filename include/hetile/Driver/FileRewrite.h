//===- FileRewrite.h - The tilable nests of a file, rewritten ---*- C++ -*-===//
//
// The last stages for each tilable nest of a main file: transformation and
// emission (Driver/NestPipeline.h) under one bound per nest, then the edits
// (the nest's text, its `#pragma hetile` line turned into a comment, the
// includes the code needs) applied by Rewrite/FileRewriter.h. A nest whose
// stage fails, or whose text overlaps another rewritten nest, stays as it
// was and gets a rejection saying why.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_DRIVER_FILEREWRITE_H
#define HETILE_DRIVER_FILEREWRITE_H

#include "hetile/Driver/NestPipeline.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace hetile {

struct RewriteResult {
  std::string Text;
  unsigned NumTiled = 0;
  /// The indices into the nests of those this rewrite rejected.
  std::vector<size_t> Rejected;
};

/// Rewrites \p Buffer (the main file's text). Nests whose transformation or
/// code generation fails get their Reject set (kind CodeGenFailed, or
/// TooComplex when a stage ran out of its bound) so the caller can report
/// them.
RewriteResult rewriteBuffer(llvm::StringRef FileName, llvm::StringRef Buffer,
                            std::vector<AnalyzedNest> &Nests,
                            const Options &Opts);

/// Prints stage \p What of every tilable nest to \p OS, each after a line
/// `nest at FILE:LINE:COL in function 'F'`; Text is left empty and
/// rejections are set as by rewriteBuffer.
RewriteResult printStages(llvm::raw_ostream &OS, llvm::StringRef Buffer,
                          std::vector<AnalyzedNest> &Nests,
                          const Options &Opts, StagePrint What);

} // namespace hetile

#endif
