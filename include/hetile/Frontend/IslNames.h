//===- IslNames.h - C identifiers that isl can parse ------------*- C++ -*-===//
//
// The frontend writes isl objects as text. A C identifier that is an isl
// keyword (isl compares them without case: `and`, `Min`, `NaN`, ...) cannot
// be a parameter or set variable there, and an array named like a statement
// (S0, S1, ...) would share its tuple name; such names get a suffix `_`
// (repeated until unique), consistently for the whole Scop. The C name stays
// in the Scop (ScopArray::Name, Scop::Params, ScopStmt::Iterators).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_ISLNAMES_H
#define HETILE_FRONTEND_ISLNAMES_H

#include <set>
#include <string>

namespace hetile {

/// Whether isl reads \p Name as a keyword.
bool isIslKeyword(const std::string &Name);

/// Whether \p Name has the form of a statement tuple name (S<digits>).
bool isStatementLikeName(const std::string &Name);

/// \p CName (with any character other than letters, digits and `_`, e.g.
/// `$`, replaced by `_`), followed by as many `_` as needed so that it is no
/// isl keyword, no statement-like name, and not in \p Taken.
std::string makeIslName(const std::string &CName,
                        const std::set<std::string> &Taken);

} // namespace hetile

#endif
