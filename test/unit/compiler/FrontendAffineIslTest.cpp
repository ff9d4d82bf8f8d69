//===- FrontendAffineIslTest.cpp - The affine model as isl objects --------===//
//
// AffineIsl builds affs, sets and maps through isl's API; each is compared
// with the same object read from a fixed text, and a variable named like an
// isl keyword keeps its name.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/AffineIsl.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace hetile;

namespace {

class AffineIslTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = clang::tooling::buildASTFromCodeWithArgs("int i, N, and;",
                                                   {"-std=c99"}, "vars.c");
    ASSERT_TRUE(AST);
    for (const clang::Decl *D :
         AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(D))
        (VD->getName() == "i" ? I : VD->getName() == "N" ? N : And) = VD;
    ASSERT_TRUE(I && N && And);
  }

  /// [<Param>] -> { [i] }, Param being N or and.
  AffineIsl over(AffineVar Param) const {
    isl::space Space = makeSetSpace(
        makeParamSpace(isl::ctx(Ctx.get()), {Param->getName().str()}), "",
        {"i"});
    return AffineIsl(Space,
                     [this, Param](AffineVar V) -> std::optional<IslDim> {
                       if (V == Param)
                         return IslDim{true, 0};
                       if (V == I)
                         return IslDim{false, 0};
                       return std::nullopt;
                     });
  }

  /// a*i + b*P + c.
  AffineExpr form(int64_t A, AffineVar P, int64_t B, int64_t C) const {
    AffineExpr E = AffineExpr::constant(C);
    EXPECT_TRUE(E.add(AffineExpr::variable(I), A));
    EXPECT_TRUE(E.add(AffineExpr::variable(P), B));
    return E;
  }

  IslContext Ctx;
  std::unique_ptr<clang::ASTUnit> AST;
  AffineVar I = nullptr, N = nullptr, And = nullptr;
};

TEST_F(AffineIslTest, AffWithFloor) {
  // 2i - 3 floor((i + N) / 4) + 5
  std::optional<AffineExpr> Q = AffineExpr::floorDiv(form(1, N, 1, 0), 4);
  ASSERT_TRUE(Q);
  AffineExpr E = form(2, N, 0, 5);
  ASSERT_TRUE(E.add(*Q, -3));
  isl::aff A = over(N).toAff(E);
  ASSERT_FALSE(A.is_null());
  isl::pw_aff Expected(isl::ctx(Ctx.get()),
                       "[N] -> { [i] -> [(2i - 3 * floor((i + N) / 4) + 5)] }");
  EXPECT_TRUE(isl::pw_aff(A).is_equal(Expected)) << toString(A);
}

TEST_F(AffineIslTest, ConditionWithDisjunctionAndModulo) {
  // i >= 0 and (i <= N - 1 or i mod 3 != 0)
  Cond Below = Cond::nonNeg(form(-1, N, 1, -1));
  Cond NotMultiple = Cond::divisible(form(1, N, 0, 0), 3);
  NotMultiple.Negated = true;
  Cond C = Cond::conj(Cond::nonNeg(form(1, N, 0, 0)),
                      Cond::disj(Below, NotMultiple));
  isl::set S = over(N).toSet(C);
  ASSERT_FALSE(S.is_null());
  isl::set Expected(isl::ctx(Ctx.get()),
                    "[N] -> { [i] : i >= 0 and (i <= N - 1 or i mod 3 >= 1) }");
  EXPECT_TRUE(S.is_equal(Expected)) << toString(S);
  EXPECT_TRUE(over(N).toSet(Cond::makeFalse()).is_empty().is_true());
}

TEST_F(AffineIslTest, PiecewiseIsTheUnionOfItsPieces) {
  // min(i, N): N where i >= N, i where i < N.
  Piecewise P = {{Cond::nonNeg(form(1, N, -1, 0)), form(0, N, 1, 0)},
                 {Cond::nonNeg(form(-1, N, 1, -1)), form(1, N, 0, 0)}};
  isl::map M = over(N).toMap(P);
  ASSERT_FALSE(M.is_null());
  isl::map Expected(isl::ctx(Ctx.get()),
                    "[N] -> { [i] -> [N] : i >= N; [i] -> [i] : i < N }");
  EXPECT_TRUE(M.is_equal(Expected)) << toString(M);
  EXPECT_TRUE(M.is_single_valued().is_true());
}

TEST_F(AffineIslTest, KeywordNamesAreIds) {
  // isl's parser reads `and` as a keyword; as an id it is a parameter.
  isl::set S = over(And).toSet(Cond::nonNeg(form(-1, And, 1, 0)));
  EXPECT_EQ(toString(S), "[and] -> { [i] : i <= and }");
  // A variable the space does not hold gives no object.
  EXPECT_TRUE(over(And).toAff(form(1, N, 1, 0)).is_null());
}

} // namespace
