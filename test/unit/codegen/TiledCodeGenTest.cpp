//===- TiledCodeGenTest.cpp - Tiled loop nests as C text -------------------===//

#include "CodeGenTestUtil.h"

#include "hetile/CodeGen/TiledCodeGen.h"
#include "hetile/Support/LineTags.h"
#include "hetile/Transform/Tiling.h"

#include <gtest/gtest.h>

using namespace hetile;
using namespace hetile::test;

namespace {

/// 2D SOR in place: for (i = 1; i < N - 1; i++) for (j = 1; j < N - 1; j++).
struct SorNest {
  IslContext Ctx;
  Scop S;
  PermutableBand B;
  std::vector<LoopExit> Exits;
  SorNest() {
    S.Params = {"N"};
    S.Context = isl::set(isl::ctx(Ctx.get()), "[N] -> { : }");
    unsigned I = addLoop(S, "i"), J = addLoop(S, "j");
    addStmt(S, Ctx.get(), "[N] -> { S0[i, j] : 1 <= i <= N - 2 and 1 <= j <= N - 2 }",
            {I, J},
            "A[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);");
    B = makeBand(S, 2, "[N] -> { S0[i, j] -> [i, j] }");
    Exits.push_back(makeExit(Ctx.get(), I, "[N] -> { [] }",
                             "[N] -> { [i] : 1 <= i <= N - 2 }", "[N] -> { [] -> [1] }"));
    Exits.push_back(makeExit(Ctx.get(), J, "[N] -> { [i] : 1 <= i <= N - 2 }",
                             "[N] -> { [i, j] : 1 <= i <= N - 2 and 1 <= j <= N - 2 }",
                             "[N] -> { [i] -> [1] }"));
  }
};

std::string generate(const Scop &S, const PermutableBand &B, const Options &O,
                     llvm::ArrayRef<LoopExit> Exits) {
  auto T = tileBand(S, B, O.TileSizes);
  if (!T)
    return "error: " + llvm::toString(T.takeError());
  auto Code = generateTiledNest(S, B, *T, O, Exits);
  if (!Code)
    return "error: " + llvm::toString(Code.takeError());
  return stripLineTags(*Code);
}

llvm::Expected<std::string> printAst(const Scop &S, const PermutableBand &B,
                                     const Options &O) {
  auto T = tileBand(S, B, O.TileSizes);
  if (!T)
    return T.takeError();
  return printTiledAst(S, B, *T, O);
}

bool contains(const std::string &Text, const std::string &Part) {
  return Text.find(Part) != std::string::npos;
}

TEST(TiledCodeGen, SorRunTimeSizes) {
  SorNest N;
  std::string Code = generate(N.S, N.B, Options(), N.Exits);
  ASSERT_EQ(Code.rfind("{\n", 0), 0u) << Code;
  EXPECT_EQ(Code.back(), '}');
  EXPECT_TRUE(contains(Code, "int hetile_rc = hetile_env_tile_sizes(2, hetile_T);"));
  EXPECT_TRUE(contains(
      Code, "hetile_tilesize_default(2, hetile_extents, 1, hetile_T)"));
  EXPECT_TRUE(contains(Code, "fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());"));
  EXPECT_TRUE(contains(Code, "const long hetile_T1 = hetile_T[1];"));
  // Marker before the outermost tile loop, then origins stepping by T.
  size_t Tile = Code.find("/* hetile: tile loops */\n  for (long hetile_ti = "
                          "hetile_floord(");
  size_t Point = Code.find("/* hetile: point loops */");
  ASSERT_NE(Tile, std::string::npos) << Code;
  ASSERT_NE(Point, std::string::npos) << Code;
  EXPECT_LT(Tile, Point);
  EXPECT_TRUE(contains(Code, "hetile_ti += hetile_T0)"));
  EXPECT_TRUE(contains(Code, "for (long hetile_tj = hetile_floord(1, hetile_T1) * hetile_T1;"));
  // Point loops keep the iterators' names and types; the text is verbatim.
  EXPECT_TRUE(contains(Code, "for (int i = hetile_max(1, hetile_ti);"));
  EXPECT_TRUE(contains(Code, "for (int j = hetile_max(1, hetile_tj);"));
  EXPECT_TRUE(contains(Code, "          A[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + "
                             "A[i][j-1] + A[i][j+1]);\n"));
  // Final values of the C89 iterators.
  EXPECT_TRUE(contains(Code, "  i = (long)N <= 2 ? 1 : (long)N - 1;\n"));
  EXPECT_TRUE(contains(Code, "  if ((long)N >= 3)\n    j = (long)N - 1;\n"));
}

TEST(TiledCodeGen, ConstantSizesNeedNoRuntime) {
  SorNest N;
  Options O;
  O.TileSizes = {32};  // a shorter list repeats its last entry
  std::string Code = generate(N.S, N.B, O, N.Exits);
  EXPECT_TRUE(contains(Code, "  const long hetile_T0 = 32;\n  const long hetile_T1 = 32;\n"));
  EXPECT_FALSE(contains(Code, "hetile_env_tile_sizes"));
  EXPECT_FALSE(contains(Code, "fprintf"));
  O.TileSizes = {8, 0};
  EXPECT_EQ(generate(N.S, N.B, O, N.Exits),
            "error: tile size 0 is not an integer >= 1");
}

TEST(TiledCodeGen, SizeOneMakesDegeneratePointLoops) {
  // With constant size 1 each tile is one point: no point loop remains and
  // the iterators are bound to the origins.
  SorNest N;
  Options O;
  O.TileSizes = {1};
  std::string Code = generate(N.S, N.B, O, N.Exits);
  EXPECT_TRUE(contains(Code, "const int i = hetile_ti;")) << Code;
  EXPECT_TRUE(contains(Code, "const int j = hetile_tj;")) << Code;
  EXPECT_FALSE(contains(Code, "for (int i")) << Code;
}

TEST(TiledCodeGen, MissingExitValueIsAnError) {
  SorNest N;
  EXPECT_EQ(generate(N.S, N.B, Options(), {N.Exits[0]}),
            "error: final value of iterator 'j' (declared outside the nest) "
            "is unknown");
  // Iterators declared in the loop headers need none.
  N.S.Loops[0].DeclaredInHeader = N.S.Loops[1].DeclaredInHeader = true;
  std::string Code = generate(N.S, N.B, Options(), {});
  EXPECT_EQ(Code.rfind("{\n", 0), 0u) << Code;
  EXPECT_FALSE(contains(Code, "  i = ")) << Code;
}

/// Time-iterated Jacobi 1D, skewed: band dims are not iterators.
struct JacobiNest {
  IslContext Ctx;
  Scop S;
  PermutableBand B;
  JacobiNest(const std::string &Text0 = "B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]);") {
    S.Params = {"TS", "N"};
    unsigned T = addLoop(S, "t", "int", 1, true);
    unsigned I0 = addLoop(S, "i", "int", 1, true);
    unsigned I1 = addLoop(S, "i", "int", 1, true);
    addStmt(S, Ctx.get(), "[TS, N] -> { S0[t, i] : 0 <= t < TS and 1 <= i <= N - 2 }",
            {T, I0}, Text0);
    addStmt(S, Ctx.get(), "[TS, N] -> { S1[t, i] : 0 <= t < TS and 1 <= i <= N - 2 }",
            {T, I1}, "A[i] = 0.33333 * (B[i-1] + B[i] + B[i+1]);");
    B = makeBand(S, 2, "[TS, N] -> { S0[t, i] -> [2t, 2t + i]; "
                       "S1[t, i] -> [2t + 1, 2t + 1 + i] }");
  }
};

TEST(TiledCodeGen, SkewedBandBindsIteratorsPerStatement) {
  JacobiNest N;
  std::string Code = generate(N.S, N.B, Options(), {});
  // Origins and point loops are numbered, statements bind what they use.
  EXPECT_TRUE(contains(Code, "for (long hetile_t0 = ")) << Code;
  EXPECT_TRUE(contains(Code, "for (long hetile_t1 = ")) << Code;
  EXPECT_TRUE(contains(Code, "for (long c1 = ")) << Code;
  EXPECT_TRUE(contains(Code, "const int i = -c0 + c1;\n")) << Code;
  EXPECT_TRUE(contains(Code, "c0 += 2)")) << Code;
  // t is not used by the statements: no unused variable for -Wall.
  EXPECT_FALSE(contains(Code, "const int t")) << Code;
}

TEST(TiledCodeGen, GeneratedNamesAvoidTheSourcesIdentifiers) {
  // The statement reads a variable c1: the point loop becomes hetile_c1.
  JacobiNest N("B[i] = c1 * (A[i-1] + A[i] + A[i+1]);");
  std::string Code = generate(N.S, N.B, Options(), {});
  EXPECT_TRUE(contains(Code, "for (long hetile_c1 = ")) << Code;
  EXPECT_FALSE(contains(Code, "long c1 ")) << Code;
}

TEST(TiledCodeGen, StatementLocalsStayInTheirBlock) {
  IslContext Ctx;
  Scop S;
  S.Params = {"N"};
  unsigned I = addLoop(S, "i", "int", 1, true), J = addLoop(S, "j", "int", 1, true);
  addStmt(S, Ctx.get(), "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }", {I, J},
          "double t = A[i][j];\n    B[j][i] = t;");
  PermutableBand B = makeBand(S, 2, "[N] -> { S0[i, j] -> [i, j] }");
  auto Ast = printAst(S, B, Options());
  ASSERT_TRUE(bool(Ast));
  EXPECT_TRUE(contains(*Ast, "hetile_T1 + hetile_tj); j++) {\n"
                             "          double t = A[i][j];\n"
                             "          B[j][i] = t;\n"
                             "        }\n")) << *Ast;
}

TEST(TiledCodeGen, UnsignedIteratorsAreNotLoopVariables) {
  // A loop variable of unsigned type could wrap below 0 in a bound: the loop
  // runs over long c0 and the statement binds `const unsigned i`.
  IslContext Ctx;
  Scop S;
  S.Params = {"N"};
  unsigned I = addLoop(S, "i", "unsigned", 1, true), J = addLoop(S, "j", "int", 1, true);
  addStmt(S, Ctx.get(), "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }", {I, J},
          "A[i][j] = 1;");
  PermutableBand B = makeBand(S, 2, "[N] -> { S0[i, j] -> [i, j] }");
  auto Ast = printAst(S, B, Options());
  ASSERT_TRUE(bool(Ast));
  EXPECT_TRUE(contains(*Ast, "for (long c0 = ")) << *Ast;
  EXPECT_TRUE(contains(*Ast, "const unsigned i = c0;")) << *Ast;
  EXPECT_TRUE(contains(*Ast, "for (int j = ")) << *Ast;
}

TEST(Tiling, BoundsAndScheduleForTriangle) {
  // 1 <= j <= i < N: the bounds of the j tiles depend on the i tile.
  IslContext Ctx;
  Scop S;
  S.Params = {"N"};
  unsigned I = addLoop(S, "i"), J = addLoop(S, "j");
  addStmt(S, Ctx.get(), "[N] -> { S0[i, j] : 1 <= j <= i < N }", {I, J}, "x;");
  PermutableBand B = makeBand(S, 2, "[N] -> { S0[i, j] -> [i, j] }");
  auto T = tileBand(S, B, {});
  ASSERT_TRUE(bool(T)) << llvm::toString(T.takeError());
  ASSERT_EQ(T->Dims.size(), 2u);
  EXPECT_EQ(T->Dims[0].Origin, "hetile_ti");
  EXPECT_EQ(T->Dims[1].Size, "hetile_T1");
  // Inside a non-empty i tile the j range is 1 .. min(N - 1, t_i + T_0 - 1).
  isl::set Inside = T->Dims[0].Inside.intersect(T->Context);
  isl::pw_aff Upper = T->Dims[1].Upper.gist(Inside);
  isl::pw_aff Expected(isl::ctx(Ctx.get()),
                       "[N, hetile_ti, hetile_T0] -> { [(min(N - 1, hetile_ti + hetile_T0 - 1))] }");
  EXPECT_TRUE(Upper.intersect_params(Inside).is_equal(
                  Expected.intersect_params(Inside)).is_true())
      << toString(Upper);
  std::string Text = printTiledSchedule(*T);
  EXPECT_TRUE(contains(Text, "tile loop hetile_tj step hetile_T1:")) << Text;
  EXPECT_TRUE(contains(Text, "hetile_T0 > 0 and hetile_T1 > 0")) << Text;
}

TEST(Tiling, RejectsMalformedBands) {
  IslContext Ctx;
  Scop S;
  unsigned I = addLoop(S, "i");
  addStmt(S, Ctx.get(), "[N] -> { S0[i] : 0 <= i < N }", {I}, "x;");
  PermutableBand Empty;
  EXPECT_FALSE(bool(tileBand(S, Empty, {}))) ;
  PermutableBand B = makeBand(S, 1, "[N] -> { S0[i] -> [i] }");
  B.Depth = 2;
  auto T = tileBand(S, B, {});
  ASSERT_FALSE(bool(T));
  EXPECT_EQ(llvm::toString(T.takeError()),
            "band schedule range is not an anonymous 2-d tuple");
}

} // namespace
