//===- Report.h - What `hetile analyze` prints ------------------*- C++ -*-===//
//
// The analysis of each nest as text (for people and FileCheck) or JSON (for
// scripts; keys documented in docs/usage.md). Deterministic: edges are sorted by
// the analysis, statements and arrays are in source order.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_DRIVER_REPORT_H
#define HETILE_DRIVER_REPORT_H

#include "hetile/Driver/NestPipeline.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace hetile {

/// The range of an access relation as written in isl, e.g. "A[-1 + i, j]".
std::string formatAccessTarget(const isl::map &Relation);

void printNestText(llvm::raw_ostream &OS, const AnalyzedNest &N);
llvm::json::Value nestToJson(const AnalyzedNest &N);

} // namespace hetile

#endif
