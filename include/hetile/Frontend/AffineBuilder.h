//===- AffineBuilder.h - Clang expressions -> affine forms ------*- C++ -*-===//
//
// Translates integer expressions of loop bounds, subscripts and guards into
// Piecewise values and Cond formulas (AffineExpr.h). What a variable stands
// for (iterator, parameter, or something the model cannot use) is decided by
// the caller through a VarClassifier; on failure the builder says what went
// wrong and where.
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
};
using VarClassifier = std::function<VarRole(const clang::VarDecl *)>;

enum class AffineFailure {
  NotAffine,   ///< non-linear operation, float value, call, ...
  ReadsMemory, ///< reads an array element or dereferences a pointer
  Written,     ///< uses a variable the nest writes (Var says which)
};

struct AffineError {
  AffineFailure Kind = AffineFailure::NotAffine;
  const clang::Expr *At = nullptr;
  const clang::VarDecl *Var = nullptr;
};

class AffineBuilder {
public:
  AffineBuilder(const clang::ASTContext &Ctx, VarClassifier Classify)
      : Ctx(Ctx), Classify(std::move(Classify)) {}

  std::optional<Piecewise> buildValue(const clang::Expr *E);
  /// A scalar condition (`&&`, `||`, `!`, comparisons, or e meaning e != 0).
  std::optional<Cond> buildCond(const clang::Expr *E);
  /// A single affine form (no pieces), e.g. for a subscript.
  std::optional<AffineExpr> buildAffine(const clang::Expr *E);

  /// Why the last build failed.
  const AffineError &getError() const { return Err; }

private:
  std::optional<Piecewise> fail(AffineFailure K, const clang::Expr *At,
                                const clang::VarDecl *V = nullptr);
  std::optional<Piecewise> buildVar(const clang::DeclRefExpr *E);
  std::optional<Piecewise> buildUnary(const clang::UnaryOperator *E);
  std::optional<Piecewise> buildBinary(const clang::BinaryOperator *E);
  std::optional<Piecewise> buildCast(const clang::CastExpr *E);
  std::optional<Piecewise> buildSelect(const clang::ConditionalOperator *E);
  std::optional<Cond> buildComparison(const clang::BinaryOperator *E);
  std::optional<int64_t> evaluateConstant(const clang::Expr *E) const;

  const clang::ASTContext &Ctx;
  VarClassifier Classify;
  AffineError Err;
};

} // namespace hetile

#endif
