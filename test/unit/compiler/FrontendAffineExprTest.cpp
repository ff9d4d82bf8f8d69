//===- FrontendAffineExprTest.cpp - Floors in the frontend's affine forms -===//
//
// AffineExpr::floorDiv (C's `/` by a positive constant of a non-negative
// dividend), the monotonicity that LoopCondition uses to accept bounds with
// floors, and the isl text of floors.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/AffineExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace hetile;

namespace {

class AffineExprTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = clang::tooling::buildASTFromCodeWithArgs("int i, N;", {"-std=c99"},
                                                   "vars.c");
    ASSERT_TRUE(AST);
    for (const clang::Decl *D :
         AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(D))
        (VD->getName() == "i" ? I : N) = VD;
    ASSERT_TRUE(I && N);
  }

  std::string print(const AffineExpr &E) const {
    return E.print([](AffineVar V) { return V->getName().str(); });
  }

  /// a*i + b*N + c.
  AffineExpr form(int64_t A, int64_t B, int64_t C) const {
    AffineExpr E = AffineExpr::constant(C);
    EXPECT_TRUE(E.add(AffineExpr::variable(I), A));
    EXPECT_TRUE(E.add(AffineExpr::variable(N), B));
    return E;
  }

  std::unique_ptr<clang::ASTUnit> AST;
  AffineVar I = nullptr, N = nullptr;
};

TEST_F(AffineExprTest, FloorOfMultiplesIsExact) {
  // floor((4i + 2N - 3) / 2) = 2i + N - 2 (terms sorted by name).
  std::optional<AffineExpr> Q = AffineExpr::floorDiv(form(4, 2, -3), 2);
  ASSERT_TRUE(Q);
  EXPECT_TRUE(Q->floors().empty());
  EXPECT_EQ(print(*Q), "N + 2*i - 2");
  // A constant: floor(-7 / 2) = -4, not C's -3.
  std::optional<AffineExpr> C = AffineExpr::floorDiv(form(0, 0, -7), 2);
  ASSERT_TRUE(C && C->isConstant());
  EXPECT_EQ(C->getConstant(), -4);
}

TEST_F(AffineExprTest, FloorTermsAddAndPrint) {
  // i % 2 = i - 2 * floor(i / 2).
  std::optional<AffineExpr> Q = AffineExpr::floorDiv(form(1, 0, 0), 2);
  ASSERT_TRUE(Q);
  AffineExpr Rem = form(1, 0, 0);
  ASSERT_TRUE(Rem.add(*Q, -2));
  EXPECT_EQ(print(Rem), "-2*floor((i)/2) + i");
  // Equal floors combine; Rem + 2 * floor(i / 2) is i again.
  ASSERT_TRUE(Rem.add(*Q, 2));
  EXPECT_TRUE(Rem == form(1, 0, 0));
}

TEST_F(AffineExprTest, Monotonicity) {
  std::optional<AffineExpr> Half = AffineExpr::floorDiv(form(1, 0, 0), 2);
  ASSERT_TRUE(Half);
  AffineExpr Bound = form(0, 1, 0); // N - floor(i / 2): falls as i grows
  ASSERT_TRUE(Bound.add(*Half, -1));
  EXPECT_EQ(Bound.getMonotonicity(I), -1);
  EXPECT_EQ(Bound.getMonotonicity(N), 1);
  AffineExpr Rem = form(1, 0, 0); // i - 2 * floor(i / 2): both ways
  ASSERT_TRUE(Rem.add(*Half, -2));
  EXPECT_EQ(Rem.getMonotonicity(I), 2);
  EXPECT_EQ(Rem.getMonotonicity(N), 0);
}

} // namespace
