//===- AffineExpr.h - Linear forms, conditions, piecewise forms -*- C++ -*-===//
//
// The frontend's own small algebra, built from Clang expressions before the
// parameters of the nest are all known (the isl objects are made at the end,
// through isl's API, by AffineIsl.h):
//   AffineExpr  c0 + sum c_v * v + sum c_k * floor(e_k / d_k) over integer
//               variables (iterators, parameters), e_k affine, d_k >= 2
//               (quasi-affine, as isl's; C's `/` and `%` by a positive
//               constant of a non-negative dividend, AffineBuilder.h)
//   Cond        a boolean formula over affine constraints (and, or, true...)
//   Piecewise   an affine value that depends on conditions, e.g. the bound
//               `a < b ? a : b` is {(a < b, a), (a >= b, b)}
// All arithmetic is checked: an overflow makes the operation fail.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_AFFINEEXPR_H
#define HETILE_FRONTEND_AFFINEEXPR_H

#include "clang/AST/Decl.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hetile {

/// A variable of an affine form: an iterator or a parameter of the nest.
using AffineVar = const clang::VarDecl *;
/// Gives the isl name of a variable when printing.
using AffineNamer = std::function<std::string(AffineVar)>;

class AffineExpr {
public:
  /// Coeff * floor(Num / Den), Den >= 2.
  struct FloorTerm {
    std::shared_ptr<const AffineExpr> Num;
    int64_t Den = 2;
    int64_t Coeff = 1;
  };

  static AffineExpr constant(int64_t C);
  static AffineExpr variable(AffineVar V);
  /// floor(Num / Den), without a floor where Den divides every coefficient
  /// of Num; nullopt unless Den >= 1.
  static std::optional<AffineExpr> floorDiv(const AffineExpr &Num,
                                            int64_t Den);

  bool isConstant() const { return Coeffs.empty() && Floors.empty(); }
  int64_t getConstant() const { return Constant; }
  /// The coefficient of V outside floors.
  int64_t getCoeff(AffineVar V) const;
  /// The variables outside floors.
  const std::map<AffineVar, int64_t> &terms() const { return Coeffs; }
  const std::vector<FloorTerm> &floors() const { return Floors; }
  /// Calls F on every variable, inside floors too (possibly repeatedly).
  void forEachVar(const std::function<void(AffineVar)> &F) const;
  /// How the value moves as V grows, the rest fixed: 0 when V does not
  /// occur, 1 never down, -1 never up, 2 either way (e.g. v - 2*floor(v/2)).
  int getMonotonicity(AffineVar V) const;

  /// this += Factor * O; false on overflow (this is then unspecified).
  bool add(const AffineExpr &O, int64_t Factor = 1);
  /// this *= F; false on overflow.
  bool scale(int64_t F);
  bool operator==(const AffineExpr &O) const;

  /// Readable text (for tests and debugging), terms sorted by name so that
  /// output is deterministic; isl objects are built by AffineIsl.h.
  std::string print(const AffineNamer &Name) const;

private:
  /// this += Factor * T (T's own coefficient included); false on overflow.
  bool addFloor(const FloorTerm &T, int64_t Factor);

  std::map<AffineVar, int64_t> Coeffs; ///< no zero coefficients
  std::vector<FloorTerm> Floors;       ///< distinct, no zero coefficients
  int64_t Constant = 0;
};

/// A boolean formula over affine constraints.
struct Cond {
  enum class Kind {
    True,
    False,
    NonNeg,    ///< E >= 0
    Zero,      ///< E = 0
    Divisible, ///< E mod Div = 0 (Negated: E mod Div >= 1)
    And,
    Or,
  };
  Kind K = Kind::True;
  AffineExpr E;
  int64_t Div = 0;
  bool Negated = false; ///< only for Divisible
  std::vector<Cond> Kids;

  static Cond makeTrue() { return Cond(); }
  static Cond makeFalse();
  static Cond nonNeg(AffineExpr E);
  static Cond zero(AffineExpr E);
  static Cond divisible(AffineExpr E, int64_t Div);
  static Cond conj(Cond A, Cond B);
  static Cond disj(Cond A, Cond B);

  /// The complement, with negation pushed to the atoms; nullopt on overflow.
  std::optional<Cond> negate() const;
  /// Number of nodes (to bound the growth of formulas).
  unsigned size() const;
  /// Calls F on every atom (NonNeg, Zero, Divisible).
  void forEachAtom(const std::function<void(const Cond &)> &F) const;
  /// The same formula, node for node.
  bool operator==(const Cond &O) const {
    return K == O.K && E == O.E && Div == O.Div && Negated == O.Negated &&
           Kids == O.Kids;
  }
};

/// One piece of a piecewise affine value: the value is E where C holds.
struct AffinePiece {
  Cond C;
  AffineExpr E;
};
using Piecewise = std::vector<AffinePiece>;

/// Bound on the number of pieces and of Cond nodes; beyond, the expression is
/// considered too complex (not affine) rather than growing without bound.
constexpr unsigned MaxPieces = 16;
constexpr unsigned MaxCondSize = 256;

Piecewise makePiecewise(AffineExpr E);
/// A + Factor * B over all pairs of pieces.
std::optional<Piecewise> addPiecewise(const Piecewise &A, const Piecewise &B,
                                      int64_t Factor);
/// A * B where one of them has only constant pieces.
std::optional<Piecewise> mulPiecewise(const Piecewise &A, const Piecewise &B);
/// C ? T : F.
std::optional<Piecewise> selectPiecewise(const Cond &C, const Piecewise &T,
                                         const Piecewise &F);

enum class CompareOp { LT, LE, GT, GE, EQ, NE };
/// The condition `A op B`.
std::optional<Cond> comparePiecewise(const Piecewise &A, CompareOp Op,
                                     const Piecewise &B);
/// The condition `A op B` on two affine forms.
std::optional<Cond> compareAffine(const AffineExpr &A, CompareOp Op,
                                  const AffineExpr &B);

} // namespace hetile

#endif
