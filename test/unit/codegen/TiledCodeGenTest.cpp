//===- TiledCodeGenTest.cpp - Tiled loop nests as C text -------------------===//

#include "CodeGenTestUtil.h"

#include "hetile/CodeGen/TiledCodeGen.h"
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
  auto Code = generateTiledNest(S, B, O, Exits);
  if (!Code)
    return "error: " + llvm::toString(Code.takeError());
  return *Code;
}

TEST(TiledCodeGen, SorPrint) {
  SorNest N;
  std::string Code = generate(N.S, N.B, Options(), N.Exits);
  std::cerr << Code << "\n";
  auto Sched = printTiledScheduleOf(N.S, N.B, Options());
  ASSERT_TRUE(bool(Sched));
  std::cerr << *Sched << "\n";
}

} // namespace
