//===- LineTags.h - Generated lines that copy source lines ------*- C++ -*-===//
//
// Code generation copies each statement's source text into the tiled code.
// A copied line carries a tag at its end, appendLineTag(), naming where the
// statement starts in the file (its byte offset) and which of its lines this
// is; stripLineTags() removes the tags and returns them, so that the rewrite
// can place `#line` directives without searching the generated text. A tag
// is a control character (0x1f, never in C source) and two numbers.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_SUPPORT_LINETAGS_H
#define HETILE_SUPPORT_LINETAGS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hetile {

/// Where a line of generated text comes from.
struct LineTag {
  unsigned Line = 0;       ///< 0-based line of the generated text
  unsigned Offset = 0;     ///< byte offset of the statement in the file
  unsigned StmtLine = 0;   ///< 0-based line within the statement's text
};

/// Appends to \p Out, which must not yet end its line, the tag of line
/// \p StmtLine of the statement starting at byte \p Offset.
void appendLineTag(std::string &Out, unsigned Offset, unsigned StmtLine);

/// \p Text, the source text starting at byte \p Offset of the file, with
/// each line tagged.
std::string tagLines(llvm::StringRef Text, unsigned Offset);

/// \p Text without its tags; the tags go to \p Tags when given, in line
/// order.
std::string stripLineTags(llvm::StringRef Text,
                          std::vector<LineTag> *Tags = nullptr);

} // namespace hetile

#endif
