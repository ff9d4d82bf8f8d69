//===- Delinearize.h - Flat subscripts as multi-dimensional ones -*- C++ -*-===//
//
// C programs often store a 2-D or 3-D array in a flat one whose row length is
// known only at run time: `a[i * n + j]`, `a[(i * n + j) * m + k]`, often
// through a macro. Such a subscript is a polynomial in the iterators and
// parameters, not an affine form. As Polly does (Grosser et al., "Optimistic
// delinearization of parametrically sized arrays", ICS 2015), the frontend
// recovers the array's shape from the products of the nest's subscripts and
// models the array with one more dimension per row length:
//
//   a[(i + 1) * n + j - 1]  ->  a[i + 1][j - 1]     rows of n elements
//   a[i * n * m + j * m + k] -> a[i][j][k]          extents n, m
//
// The strides of the array are the products of parameters that multiply an
// iterator in some subscript; they must form a chain by divisibility (m, then
// n * m), each one the previous times one parameter, the same for every
// access of the array in the nest. A term of parameters alone (the `n` of
// `(i + 1) * n`) goes to the highest dimension whose stride divides it. The
// same address has other subscripts, a row moved between two dimensions
// (`a[i * n - 1 - j]` is a[i][-1 - j] and a[i - 1][n - 1 - j]): where the
// first are not proven in range, those with a row moved (by -1 or +1,
// between each two dimensions) are tried.
//
// The modelled access is the flat one only when every subscript but the
// outermost stays in [0, extent): proven over the statement's iterations
// where it can be (j in [1, n - 2] keeps j - 1 and j + 1 in [0, n)), checked
// at run time otherwise (AccessModel::InRows: the nest is tiled under the
// condition, docs/delinearization.md). The products must be computed in
// signed types at least as wide as int, where an overflow is undefined: the
// original program has none, and the flat subscript is the polynomial's
// value. A subscript computed in an unsigned type (or under -fwrapv), whose
// products wrap around, is not split.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_DELINEARIZE_H
#define HETILE_FRONTEND_DELINEARIZE_H

#include "hetile/Frontend/AffineBuilder.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hetile {

class NestWalker;

/// A polynomial with integer coefficients over iterators and parameters.
class Polynomial {
public:
  /// The variables of one monomial, sorted, repeated for powers.
  using Monomial = std::vector<AffineVar>;

  static Polynomial constant(int64_t C);
  static Polynomial variable(AffineVar V);
  /// \p E as a polynomial; nullopt when it has floors.
  static std::optional<Polynomial> fromAffine(const AffineExpr &E);

  /// this += Factor * O; false on overflow.
  bool add(const Polynomial &O, int64_t Factor = 1);
  /// this *= O; false on overflow or beyond the bounds of the model
  /// (degree 4, 32 monomials).
  bool multiply(const Polynomial &O);
  /// Monomial -> non-zero coefficient.
  const std::map<Monomial, int64_t> &terms() const { return Terms; }
  /// The highest degree of a monomial.
  unsigned degree() const;
  bool operator==(const Polynomial &O) const { return Terms == O.Terms; }

private:
  std::map<Monomial, int64_t> Terms;
};

/// Why buildPolynomial failed.
struct PolynomialError {
  /// An operation or conversion in a type whose arithmetic wraps around
  /// (unsigned, or signed under -fwrapv).
  bool Wraps = false;
  const clang::Expr *At = nullptr;
  /// The variable written in the nest (AffineFailure::Written), if any.
  const clang::VarDecl *Written = nullptr;
};

/// The polynomial of a subscript made of integer constants, variables that
/// \p Classify calls iterators or parameters, unary -, and +, - and *
/// computed in signed types (widening conversions between them included).
std::optional<Polynomial> buildPolynomial(const clang::ASTContext &Ctx,
                                          const clang::Expr *E,
                                          const VarClassifier &Classify,
                                          PolynomialError &Err,
                                          const VarDefinition &Define = nullptr,
                                          const LoadResolver &Load = nullptr);

/// Whether \p P can be split into rows at all: every monomial holds at most
/// one iterator.
bool isRowPolynomial(const Polynomial &P,
                     const std::function<bool(AffineVar)> &IsIterator);

/// Gives the arrays of the walker's model that have a flat access
/// (AccessModel::Flat) their rows: sets every access's Subscripts and
/// InRows, and the array's RowExtents. False when rejected (different row
/// lengths across accesses: array-shape-mismatch; a subscript that cannot
/// be split: nonaffine-subscript).
bool delinearizeArrays(NestWalker &W);

} // namespace hetile

#endif
