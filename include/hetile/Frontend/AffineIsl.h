//===- AffineIsl.h - The affine model as isl objects ------------*- C++ -*-===//
//
// Builds isl objects from the frontend's algebra (AffineExpr, Cond and
// Piecewise, AffineExpr.h) through isl's API. Every variable is a dimension
// of one isl space, found by its declaration (a parameter or a set
// dimension), so the C name of a variable is at most the name of an isl_id:
// isl's parser never reads it, and no C name can clash with isl's syntax.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_AFFINEISL_H
#define HETILE_FRONTEND_AFFINEISL_H

#include "hetile/Frontend/AffineExpr.h"
#include "hetile/Support/IslUtils.h"

#include <functional>
#include <optional>

namespace hetile {

/// Where a variable lies in a set space: a parameter or a set dimension.
struct IslDim {
  bool Param = true;
  unsigned Pos = 0;
};
/// The dimension of a variable, nullopt for one the space does not hold.
using IslDimLocator = std::function<std::optional<IslDim>(AffineVar)>;

/// Translates the affine model into isl objects over one set space.
class AffineIsl {
public:
  AffineIsl(isl::space SetSpace, IslDimLocator Locate)
      : Space(std::move(SetSpace)), Locate(std::move(Locate)) {}

  /// \p E as an affine function on the space; null when a variable of \p E
  /// has no dimension there.
  isl::aff toAff(const AffineExpr &E) const;
  /// The points of the space where \p C holds; null as for toAff.
  isl::set toSet(const Cond &C) const;
  /// { [dims] -> [value] }: the value of each piece where its condition
  /// holds, the union over the pieces (several values where conditions
  /// overlap); null as for toAff.
  isl::map toMap(const Piecewise &P) const;

  const isl::space &space() const { return Space; }

private:
  isl::space Space;
  IslDimLocator Locate;
};

} // namespace hetile

#endif
