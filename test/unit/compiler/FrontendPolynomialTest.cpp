//===- FrontendPolynomialTest.cpp - Flat subscripts as polynomials --------===//
//
// buildPolynomial (Frontend/Delinearize.h): the polynomial of a flat
// subscript, equal for the equal forms a program writes ((i * n + j) * m + k
// and i * n * m + j * m + k), refused where the arithmetic wraps around.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/Delinearize.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace hetile;

namespace {

const char *const Code = R"(
void f(int i, int j, int k, int n, int m, unsigned long u) {
  long stencil = (i + 1) * n + j - 1;
  long nested = (i * n + j) * m + k;
  long expanded = i * n * m + j * m + k;
  long cancels = (i - 1) * n + n - j;
  unsigned long wraps = i * u + j;
  long huge = i * 4611686018427387904L * 4;
}
)";
class PolynomialTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c99"},
                                                   "poly.c");
    ASSERT_TRUE(AST);
    for (const clang::Decl *D :
         AST->getASTContext().getTranslationUnitDecl()->decls()) {
      const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D);
      if (!F || !F->hasBody())
        continue;
      for (const clang::ParmVarDecl *P : F->parameters())
        Vars[P->getName().str()] = P;
      const auto *Body = llvm::cast<clang::CompoundStmt>(F->getBody());
      for (const clang::Stmt *S : Body->body())
        if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
          for (const clang::Decl *X : DS->decls())
            if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(X))
              Vars[VD->getName().str()] = VD;
    }
    ASSERT_EQ(Vars.size(), 12u);
  }

  /// The polynomial of the initializer of \p Name: i, j, k iterators, the
  /// other variables parameters.
  std::optional<Polynomial> build(const std::string &Name,
                                  PolynomialError &Err) {
    VarClassifier Classify = [](const clang::VarDecl *VD) {
      llvm::StringRef N = VD->getName();
      return N == "i" || N == "j" || N == "k" ? VarRole::Iterator
                                              : VarRole::Parameter;
    };
    return buildPolynomial(AST->getASTContext(), Vars.at(Name)->getInit(),
                           Classify, Err);
  }

  /// "c * a * b" per monomial, in a fixed order of the variables' names.
  std::string print(const Polynomial &P) const {
    std::vector<std::string> Terms;
    for (const auto &[M, C] : P.terms()) {
      std::vector<std::string> Names;
      for (AffineVar V : M)
        Names.push_back(V->getName().str());
      std::sort(Names.begin(), Names.end());
      std::string T = std::to_string(C);
      for (const std::string &N : Names)
        T += " * " + N;
      Terms.push_back(T);
    }
    std::sort(Terms.begin(), Terms.end());
    std::string Out;
    for (const std::string &T : Terms)
      Out += (Out.empty() ? "" : " + ") + T;
    return Out;
  }

  std::unique_ptr<clang::ASTUnit> AST;
  std::map<std::string, const clang::VarDecl *> Vars;
};

TEST_F(PolynomialTest, StencilSubscript) {
  PolynomialError Err;
  std::optional<Polynomial> P = build("stencil", Err);
  ASSERT_TRUE(P);
  EXPECT_EQ(print(*P), "-1 + 1 * i * n + 1 * j + 1 * n");
  EXPECT_EQ(P->degree(), 2u);
  EXPECT_TRUE(isRowPolynomial(*P, [](AffineVar V) {
    return V->getName() == "i" || V->getName() == "j";
  }));
}

TEST_F(PolynomialTest, NestedAndExpandedFormsAreEqual) {
  PolynomialError Err;
  std::optional<Polynomial> A = build("nested", Err);
  std::optional<Polynomial> B = build("expanded", Err);
  ASSERT_TRUE(A && B);
  EXPECT_TRUE(*A == *B);
  EXPECT_EQ(print(*A), "1 * i * m * n + 1 * j * m + 1 * k");
}

TEST_F(PolynomialTest, TermsCancel) {
  PolynomialError Err;
  std::optional<Polynomial> P = build("cancels", Err);
  ASSERT_TRUE(P);
  EXPECT_EQ(print(*P), "-1 * j + 1 * i * n");
}

TEST_F(PolynomialTest, UnsignedArithmeticWraps) {
  PolynomialError Err;
  EXPECT_FALSE(build("wraps", Err));
  EXPECT_TRUE(Err.Wraps);
}

TEST_F(PolynomialTest, CoefficientOverflowFails) {
  PolynomialError Err;
  EXPECT_FALSE(build("huge", Err));
  EXPECT_FALSE(Err.Wraps);
}

TEST_F(PolynomialTest, ProductOfIteratorsIsNoRow) {
  Polynomial P = Polynomial::variable(Vars.at("i"));
  ASSERT_TRUE(P.multiply(Polynomial::variable(Vars.at("j"))));
  EXPECT_FALSE(isRowPolynomial(P, [](AffineVar V) {
    return V->getName() == "i" || V->getName() == "j";
  }));
}

} // namespace
