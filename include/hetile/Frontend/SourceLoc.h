//===- SourceLoc.h - A resolved source position -----------------*- C++ -*-===//
//
// Stages after the frontend work on isl objects only and need no Clang
// SourceManager; they carry positions as plain file/line/column/offset.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_SOURCELOC_H
#define HETILE_FRONTEND_SOURCELOC_H

#include <string>

namespace hetile {

struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// Byte offset in the file (for rewriting); ~0u when unknown.
  unsigned Offset = ~0u;
  /// clang::SourceLocation::getRawEncoding() of the same position; meaningful
  /// only inside the frontend action that produced it (to emit diagnostics).
  unsigned RawClangLoc = 0;
};

/// A half-open byte range [Begin, End) in one file.
struct SourceSpan {
  SourceLoc Begin;
  unsigned EndOffset = ~0u;
};

} // namespace hetile

#endif
