//===- AffineBuilder.h - Clang expressions -> affine forms ------*- C++ -*-===//
//
// Translates integer expressions of loop bounds, subscripts and guards into
// Piecewise values and Cond formulas (AffineExpr.h). What a variable stands
// for (iterator, parameter, or something the model cannot use) is decided by
// the caller through a VarClassifier; on failure the builder says what went
// wrong and where.
//
// The forms are mathematical; C is not where a value leaves the range of its
// type without undefined behaviour: unsigned arithmetic wraps around, and an
// integer conversion (explicit, or implicit as in `u < k` with u unsigned
// and k signed) changes a value its new type cannot hold. The builder models
// such a node as if it did not, and records a RangeCheck: the model is exact
// only where the caller proves that the value stays in range over the
// points where the expression is evaluated (NestWalker::checkRanges).
//
// `e / d` and `e % d` with d a positive integer constant are floor(e / d)
// and e - d * floor(e / d): C truncates toward zero, which is the floor when
// e >= 0, a range check of its own (RangeCheck::Kind::Dividend).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_AFFINEBUILDER_H
#define HETILE_FRONTEND_AFFINEBUILDER_H

#include "hetile/Frontend/AffineExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace hetile {

/// What a variable read in an affine expression is.
enum class VarRole {
  Iterator,  ///< iterator of an enclosing loop of the nest
  Parameter, ///< integer variable not written in the nest
  Written,   ///< written somewhere in the nest: not a parameter
  Opaque,    ///< not an integer variable (float, volatile, ...)
  /// A scalar that the nest defines once, earlier in the same loop body,
  /// from iterators and parameters: its value is its definition's
  /// (NestWalker, recomputed scalars).
  Defined,
};
using VarClassifier = std::function<VarRole(const clang::VarDecl *)>;
/// The expression that defines a VarRole::Defined variable.
using VarDefinition = std::function<const clang::Expr *(const clang::VarDecl *)>;
/// The variable that stands for a load the nest never writes (a struct or
/// class member read through a variable the nest never writes, NestWalker,
/// invariant loads), or null; Where is the condition under which the
/// builder meets it (a `?:` branch, the right operand of `&&`).
using LoadResolver =
    std::function<const clang::VarDecl *(const clang::MemberExpr *,
                                         const Cond &Where)>;

enum class AffineFailure {
  NotAffine,   ///< non-linear operation, float value, call, ...
  ReadsMemory, ///< reads an array element or dereferences a pointer
  Written,     ///< uses a variable the nest writes (Var says which)
};

/// A value the model takes as is, correct only when it lies in the range of
/// Type wherever Where holds (see the file comment).
struct RangeCheck {
  enum class Kind {
    Conversion, ///< At is a cast (implicit or explicit) to Type
    Arithmetic, ///< At is +, -, * or unary - computed in unsigned Type
    Dividend,   ///< At is `/` or `%`: Value, its dividend, must be >= 0
  };
  Kind K = Kind::Conversion;
  const clang::Expr *At = nullptr;
  clang::QualType Type; ///< null for Dividend
  /// The condition, inside the built expression, under which At is
  /// evaluated: the guard of a `?:` branch, the left operand of `&&`.
  Cond Where;
  /// The mathematical value of At.
  Piecewise Value;
};

struct AffineError {
  AffineFailure Kind = AffineFailure::NotAffine;
  const clang::Expr *At = nullptr;
  const clang::VarDecl *Var = nullptr;
  /// Why, where more can be said than "not affine": "the divisor 'K' is not
  /// a positive integer constant".
  std::string Detail;
};

class AffineBuilder {
public:
  AffineBuilder(const clang::ASTContext &Ctx, VarClassifier Classify,
                VarDefinition Define = nullptr, LoadResolver Load = nullptr)
      : Ctx(Ctx), Classify(std::move(Classify)), Define(std::move(Define)),
        Load(std::move(Load)) {}

  std::optional<Piecewise> buildValue(const clang::Expr *E);
  /// A scalar condition (`&&`, `||`, `!`, comparisons, or e meaning e != 0).
  std::optional<Cond> buildCond(const clang::Expr *E);
  /// A single affine form (no pieces), e.g. for a subscript.
  std::optional<AffineExpr> buildAffine(const clang::Expr *E);

  /// Why the last build failed.
  const AffineError &getError() const { return Err; }
  /// The range checks of everything built so far (RangeCheck).
  const std::vector<RangeCheck> &getRangeChecks() const { return Checks; }

private:
  std::optional<Piecewise> fail(AffineFailure K, const clang::Expr *At,
                                const clang::VarDecl *V = nullptr);
  std::optional<Piecewise> buildVar(const clang::DeclRefExpr *E);
  /// A variable's value: what \p VD's classification makes of it.
  std::optional<Piecewise> buildVarDecl(const clang::VarDecl *VD,
                                        const clang::Expr *At);
  std::optional<Piecewise> buildUnary(const clang::UnaryOperator *E);
  std::optional<Piecewise> buildBinary(const clang::BinaryOperator *E);
  std::optional<Piecewise> buildDivision(const clang::BinaryOperator *E);
  std::optional<Piecewise> buildCast(const clang::CastExpr *E);
  std::optional<Piecewise> buildSelect(const clang::ConditionalOperator *E);
  std::optional<Cond> buildComparison(const clang::BinaryOperator *E);
  std::optional<int64_t> evaluateConstant(const clang::Expr *E) const;
  /// Records that \p Value, the value of \p At, must lie in the range of
  /// \p T where the current Where holds.
  void addCheck(RangeCheck::Kind K, const clang::Expr *At, clang::QualType T,
                const Piecewise &Value);
  /// \p Build (buildCond or buildValue) of \p E under the extra condition
  /// \p Extra (Where restored afterwards).
  template <typename T>
  std::optional<T> buildWhere(std::optional<T> (AffineBuilder::*Build)(
                                  const clang::Expr *),
                              const clang::Expr *E, const Cond &Extra) {
    Cond Saved = Where;
    Where = Cond::conj(Where, Extra);
    std::optional<T> R = (this->*Build)(E);
    Where = std::move(Saved);
    return R;
  }

  const clang::ASTContext &Ctx;
  VarClassifier Classify;
  VarDefinition Define;
  LoadResolver Load;
  AffineError Err;
  std::vector<RangeCheck> Checks;
  /// The condition under which the node being built is evaluated.
  Cond Where;
};

} // namespace hetile

#endif
