//===- IslNames.h - Names of the isl ids of a Scop --------------*- C++ -*-===//
//
// The frontend builds its isl objects through isl's API (AffineIsl.h), so a
// name is never parsed and any C identifier can name an isl_id, keywords of
// isl's syntax (`min`, `and`, ...) included; parameters keep their C names,
// which is how generated code refers to them. What remains is uniqueness:
// an iterator that shadows a parameter or an enclosing iterator, and an
// array named like a statement tuple (S0, S1, ...), get a suffix `_`
// (repeated until unique). The C names stay in the Scop (ScopArray::Name,
// Scop::Params, ScopStmt::Iterators).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_ISLNAMES_H
#define HETILE_FRONTEND_ISLNAMES_H

#include <set>
#include <string>

namespace hetile {

/// Whether \p Name has the form of a statement tuple name (S<digits>).
bool isStatementLikeName(const std::string &Name);

/// \p Name followed by as many `_` as needed so that it is not in \p Taken.
std::string makeUniqueIslName(const std::string &Name,
                              const std::set<std::string> &Taken);

/// The same, also avoiding the statement-like names.
std::string makeArrayIslName(const std::string &Name,
                             const std::set<std::string> &Taken);

} // namespace hetile

#endif
