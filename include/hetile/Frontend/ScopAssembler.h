//===- ScopAssembler.h - NestModel -> Scop with isl objects -----*- C++ -*-===//
//
// The second phase of the frontend: gives every parameter, iterator and array
// the name of its isl id (IslNames.h) and builds the domains, 2d+1 schedules
// and access relations through isl's API (AffineIsl.h): a parameter is an
// isl_id named after its declaration, found by the declaration wherever the
// affine model uses it; a statement's iterators are the set dimensions of its
// domain.
//
// Schedules of all statements have the same number of output dimensions,
// 2 * Depth + 1: a statement under fewer loops is padded with zeros, which
// keeps the textual order (its last constant already differs from its
// siblings') and lets the schedules be compared in one space.
//
// It also states each loop's exit facts (Scop::Exits, LoopExit in Scop.h):
// where its header runs, its iterations and its start, over the enclosing
// iterators. A loop gets none when its start is not one value wherever its
// header runs, when its iterator is declared inside the nest, or when
// another loop sharing its iterator gets none. Loops that share an iterator
// each get the parameters where their header is the last of theirs to run
// (LoopExit::LastOfShared): only that loop's exit value is the iterator's.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_SCOPASSEMBLER_H
#define HETILE_FRONTEND_SCOPASSEMBLER_H

#include "hetile/Frontend/NestModel.h"

#include <optional>

namespace hetile {

/// Builds the isl part of the Scop from \p Model into \p S (Function, Span
/// and PragmaLoc are the caller's). On failure (isl failed to build an
/// object, e.g. out of its operation budget) returns false with \p Error set.
bool assembleScop(const NestModel &Model, isl_ctx *Ctx, Scop &S,
                  std::string &Error);

} // namespace hetile

#endif
