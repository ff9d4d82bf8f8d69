//===- FileRewriter.h - Edits into the original buffer ----------*- C++ -*-===//
//
// Applies the edits of each nest to one main file: (span, text) pairs,
// applied all together or not at all (a nest whose edits overlap another
// nest's stays as it was), and the `#include` lines the generated code needs
// that the file lacks, added once at the top when some nest was rewritten.
// Everything else stays byte-identical (pet's habit). The rewriter knows
// nothing of the pipeline: the driver (Driver/FileRewrite.h) generates the
// text.
//
// With line directives, `#line` directives keep every line presumed where
// it was: after the added includes, inside each edit marked KeepLines (lines
// copied from the source at their own lines, LineMark; the other lines
// within the lines the edit replaces) and after it, so that compiler
// messages and debug info name the original lines.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_REWRITE_FILEREWRITER_H
#define HETILE_REWRITE_FILEREWRITER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace hetile {

/// A line of an edit's text that copies a line of the file.
struct LineMark {
  unsigned Line = 0;     ///< 0-based line of the edit's text
  unsigned Original = 0; ///< 1-based line of the file
};

/// Replace [Offset, Offset + Length) of the file by Text.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
  /// With line directives: keep the lines of Text presumed within the lines
  /// it replaces, Marks at their own lines.
  bool KeepLines = false;
  std::vector<LineMark> Marks;
  /// An insertion (Length 0) that the joining insertions of other nests at
  /// the same offset join, in nest order, instead of conflicting with them:
  /// e.g. a function put before the function of several nests.
  bool Joins = false;
};

/// The edits of one nest, applied together or not at all.
using NestEdits = std::vector<TextEdit>;

struct AppliedEdits {
  std::string Text;
  /// Per nest: "" when applied, else why not.
  std::vector<std::string> Errors;
  unsigned NumApplied = 0;
};

/// Applies \p Nests to \p Buffer (the text of \p FileName), in order; adds
/// `#include` lines for the \p Includes (hetile_* in quotes, the others in
/// angle brackets) that no directive of the file includes yet, when some
/// nest was applied. \p LineDirectives: see above.
AppliedEdits applyNestEdits(llvm::StringRef FileName, llvm::StringRef Buffer,
                            llvm::ArrayRef<NestEdits> Nests,
                            llvm::ArrayRef<std::string> Includes,
                            bool LineDirectives);

/// The whole line holding offset \p Offset of \p Buffer, without its
/// newline: (begin, length).
std::pair<unsigned, unsigned> lineAround(llvm::StringRef Buffer,
                                         unsigned Offset);

/// The 1-based line of \p Offset in \p Buffer.
unsigned lineOf(llvm::StringRef Buffer, unsigned Offset);

/// Writes \p Text to \p Path atomically (a temporary file in the same folder,
/// then rename). With \p Backup, the old file is first copied to Path.orig.
/// Returns an error message, or "" on success.
std::string writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text,
                                bool Backup);

} // namespace hetile

#endif
