//===- TileSizeRefineTest.cpp - tile sizes tried in the running nest ------===//
//
// hetile_refine ([RD02] sections 4.1 and 4.6): the choice rule on given
// times, the slabs (they cover band dimension 0 exactly, a slab before the
// last in whole tiles of its own first size), the stop when the nest is
// short, and reproducible runs under HETILE_CALIBRATE=0. The clock is the
// test's: hetile_refine_step takes the time at which each slab starts.
//
//===----------------------------------------------------------------------===//
#include "SetVar.h"

#include "hetile_models.h"
#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace {

struct EnvGuard {
  EnvGuard() { clear(); }
  ~EnvGuard() { clear(); }
  static void clear() {
    for (const char *V : {"HETILE_REFINE", "HETILE_TILE_SIZES",
                          "HETILE_CALIBRATE", "HETILE_STATS"})
      setVar(V, nullptr);
  }
};

struct Slab {
  std::vector<long> Sizes;
  long Lo, Hi;
  bool operator==(const Slab &O) const {
    return Sizes == O.Sizes && Lo == O.Lo && Hi == O.Hi;
  }
};

/// Runs a refinement to its end, its slabs along dimension D (every
/// other dimension unbounded); the slab with sizes S and V values of
/// dimension D in the nest takes Cost(S) * V seconds.
std::vector<Slab>
drive(hetile_refine *R, int K, int D, long Lower, long Extent,
      const std::function<double(const std::vector<long> &)> &Cost) {
  std::vector<Slab> Out;
  double Now = 100;
  std::vector<long> S(K), Lo(K), Hi(K);
  while (hetile_refine_step(R, Now, S.data(), Lo.data(), Hi.data())) {
    for (int M = 0; M < K; ++M)
      if (M != D) {
        EXPECT_EQ(Lo[M], LONG_MIN) << "dimension " << M;
        EXPECT_EQ(Hi[M], LONG_MAX) << "dimension " << M;
      }
    Out.push_back({S, Lo[D], Hi[D]});
    long From = std::max(Lo[D], Lower),
         To = std::min(Hi[D], Lower + Extent - 1);
    if (To >= From)
      Now += Cost(S) * double(To - From + 1);
    if (Out.size() > 100)
      break;
  }
  return Out;
}

/// Every value of [Lower, Lower + Extent) of dimension D lies in exactly
/// one tile that the slabs' loops visit (`for (o = max(floord(Lower, T) *
/// T, lo); o <= min(Upper, hi); o += T)`, T the slab's size along D), and
/// a boundary between slabs is a multiple of both slabs' sizes.
void expectCover(const std::vector<Slab> &Slabs, int D, long Lower,
                 long Extent) {
  long Upper = Lower + Extent - 1;
  std::vector<int> Hits(Extent, 0);
  ASSERT_FALSE(Slabs.empty());
  EXPECT_EQ(Slabs.front().Lo, LONG_MIN);
  EXPECT_GE(Slabs.back().Hi, Upper);
  for (size_t I = 0; I < Slabs.size(); ++I) {
    const Slab &S = Slabs[I];
    long T = S.Sizes[D];
    if (I + 1 < Slabs.size()) {
      EXPECT_EQ((S.Hi + 1) % T, 0) << "slab " << I;
      EXPECT_EQ((S.Hi + 1) % Slabs[I + 1].Sizes[D], 0) << "slab " << I;
      EXPECT_EQ(Slabs[I + 1].Lo, S.Hi + 1) << "slab " << I;
    }
    for (long O = std::max(hetile_floord(Lower, T) * T, S.Lo);
         O <= std::min(Upper, S.Hi); O += T)
      for (long V = O; V < O + T; ++V)
        if (V >= Lower && V <= Upper)
          ++Hits[V - Lower];
  }
  for (long V = 0; V < Extent; ++V)
    ASSERT_EQ(Hits[V], 1) << "value " << Lower + V;
}

hetile_refine *begin(int K, const std::vector<long> &ExtentsFirst, int First,
                     const std::vector<long> &Sizes,
                     const std::vector<long> &Lowers, int P) {
  hetile_refine *R = nullptr;
  EXPECT_EQ(hetile_refine_begin(K, ExtentsFirst.data(), First, Sizes.data(),
                                Lowers.data(), P, 0, &R),
            0)
      << hetile_last_error();
  return R;
}

TEST(RefineChoose, SmallestWithinTwoPercent) {
  // Volumes 4096, 1024, 16384. The fastest is 0.99; within 2% (<= 1.0098):
  // candidates 0 and 2, the smaller is 0.
  std::vector<long> S = {64, 64, 32, 32, 128, 128};
  std::vector<double> T = {1.0, 1.01, 0.99};
  EXPECT_EQ(hetile_refine_choose(3, 2, S.data(), T.data()), 0);
  // The half is 2% slower exactly: it is taken, being the smallest.
  T = {1.0, 1.02, 1.5};
  EXPECT_EQ(hetile_refine_choose(3, 2, S.data(), T.data()), 1);
  // Clearly faster wins whatever its size.
  T = {1.0, 1.2, 0.5};
  EXPECT_EQ(hetile_refine_choose(3, 2, S.data(), T.data()), 2);
  // Unmeasured candidates (negative, NaN) do not count; none measured: 0.
  T = {NAN, -1, 2.0};
  EXPECT_EQ(hetile_refine_choose(3, 2, S.data(), T.data()), 2);
  T = {NAN, -1, NAN};
  EXPECT_EQ(hetile_refine_choose(3, 2, S.data(), T.data()), 0);
  // Equal volumes and times: the first.
  std::vector<long> Same = {8, 32, 32, 8};
  T = {1.0, 1.0};
  EXPECT_EQ(hetile_refine_choose(2, 2, Same.data(), T.data()), 0);
}

TEST(Refine, TriesAroundTheModelAndKeepsTheFastest) {
  EnvGuard G;
  // A 2-deep band, columns along dimension 1: extents {cols, rows} =
  // {30000, 30000}, the model's 64 x 64, 2 processors, dimension 0 from 1.
  hetile_refine *R = begin(2, {30000, 30000}, 1, {64, 64}, {1, 1}, 2);
  // Tiles at most 32 along dimension 0 run 20% faster, 64 columns wide
  // 10% faster.
  auto Cost = [](const std::vector<long> &S) {
    return 1e-5 * (S[0] <= 32 ? 0.8 : 1.0) * (S[1] == 64 ? 0.9 : 1.0);
  };
  std::vector<Slab> Slabs = drive(R, 2, 0, 1, 30000, Cost);
  expectCover(Slabs, 0, 1, 30000);
  // Warm-up (the model), round 1 (64x64, 32x32, 128x128), the rest.
  ASSERT_GE(Slabs.size(), 5u);
  EXPECT_EQ(Slabs[0].Sizes, (std::vector<long>{64, 64}));
  EXPECT_EQ(Slabs[1].Sizes, (std::vector<long>{64, 64}));
  EXPECT_EQ(Slabs[2].Sizes, (std::vector<long>{32, 32}));
  EXPECT_EQ(Slabs[3].Sizes, (std::vector<long>{128, 128}));
  // Each trial holds at least 4 rows per processor of its largest tile
  // (128): 1024 values, a multiple of every candidate's first size.
  EXPECT_EQ(Slabs[1].Hi - Slabs[1].Lo + 1, 1024);
  EXPECT_EQ(Slabs.back().Hi, LONG_MAX);
  // Round 1's fastest is 32x32 (0.8 against 0.9 and 1). Round 2 keeps
  // its size along dimension 0 (the slabs' lattice) and varies the others:
  // in 2D only the columns, 32x16 and 32x64, which (0.8 * 0.9) is the
  // fastest by 10%.
  EXPECT_EQ(Slabs.back().Sizes, (std::vector<long>{32, 64}));
  EXPECT_EQ(Slabs.back().Hi, LONG_MAX);
  std::string Line = hetile_refine_describe(R);
  EXPECT_NE(Line.find("64x64"), std::string::npos) << Line;
  EXPECT_NE(Line.find("32x32"), std::string::npos) << Line;
  EXPECT_NE(Line.find("chose 32x64"), std::string::npos) << Line;
  hetile_refine_destroy(R);
}

TEST(Refine, TriesOneBlockPerProcessorAroundTheFastest) {
  EnvGuard G;
  // The band of TriesAroundTheModelAndKeepsTheFastest: round 1 (64x64,
  // 32x32, 128x128, the boundaries' lattice lcm(64, 32, 128) = 128), 32x32
  // the fastest; round 2: 32x32 with one block per processor, then 32x16
  // and 32x64. A slab with one block per processor runs 30% faster.
  // (Columns other than the other tests': a nest of the same extents
  // would take the sizes their run chose.)
  hetile_refine *R = begin(2, {30003, 30000}, 1, {64, 64}, {1, 1}, 2);
  std::vector<long> S(2), Lo(2), Hi(2);
  struct Run {
    std::vector<long> Sizes;
    long Lo, Hi;
    int Chunk;
  };
  std::vector<Run> Runs;
  double Now = 100;
  while (hetile_refine_step(R, Now, S.data(), Lo.data(), Hi.data()) &&
         Runs.size() < 100) {
    Runs.push_back({S, Lo[0], Hi[0], hetile_refine_chunk(R)});
    long From = std::max(Lo[0], 1L), To = std::min(Hi[0], 30000L);
    Now += 1e-5 * (S[0] <= 32 ? 0.8 : 1.0) * (Runs.back().Chunk ? 0.7 : 1.0) *
           double(To - From + 1);
  }
  ASSERT_EQ(Runs.size(), 8u);
  for (size_t I = 0; I < 7; ++I)
    EXPECT_EQ(Runs[I].Chunk, I == 4 ? 1 : 0) << "slab " << I;
  EXPECT_EQ(Runs[4].Sizes, (std::vector<long>{32, 32}));
  EXPECT_EQ(Runs[5].Sizes, (std::vector<long>{32, 16}));
  EXPECT_EQ(Runs[6].Sizes, (std::vector<long>{32, 64}));
  // Round 2's slabs are thick enough for 12 rows of 32 per processor in
  // each (the fill of one block per processor is one block row): 24 x 32
  // = 768 values, a multiple of 128; round 1's, 4 rows of 128 per
  // processor: 1024.
  EXPECT_EQ(Runs[1].Hi - Runs[1].Lo + 1, 1024);
  for (size_t I = 4; I < 7; ++I)
    EXPECT_EQ(Runs[I].Hi - Runs[I].Lo + 1, 768) << "slab " << I;
  // The rest: the fastest, one block per processor.
  EXPECT_EQ(Runs[7].Sizes, (std::vector<long>{32, 32}));
  EXPECT_EQ(Runs[7].Chunk, 1);
  EXPECT_EQ(Runs[7].Hi, LONG_MAX);
  std::string Line = hetile_refine_describe(R);
  EXPECT_NE(Line.find("chose 32x32 chunk"), std::string::npos) << Line;
  hetile_refine_destroy(R);

  // The same times without the gain: the block width of [BDRV98] stays,
  // and of the ties the smallest tile, 32x16.
  R = begin(2, {30001, 30000}, 1, {64, 64}, {1, 1}, 2);
  Runs.clear();
  while (hetile_refine_step(R, Now, S.data(), Lo.data(), Hi.data()) &&
         Runs.size() < 100) {
    Runs.push_back({S, Lo[0], Hi[0], hetile_refine_chunk(R)});
    long From = std::max(Lo[0], 1L), To = std::min(Hi[0], 30000L);
    Now += 1e-5 * (S[0] <= 32 ? 0.8 : 1.0) * double(To - From + 1);
  }
  ASSERT_FALSE(Runs.empty());
  EXPECT_EQ(Runs.back().Chunk, 0);
  EXPECT_EQ(Runs.back().Sizes, (std::vector<long>{32, 16}));
  hetile_refine_destroy(R);

  // One thread: no block width to try.
  R = begin(2, {30002, 30000}, 1, {64, 64}, {1, 1}, 1);
  Runs.clear();
  while (hetile_refine_step(R, Now, S.data(), Lo.data(), Hi.data()) &&
         Runs.size() < 100) {
    Runs.push_back({S, Lo[0], Hi[0], hetile_refine_chunk(R)});
    Now += 1e-3;
  }
  for (const Run &X : Runs)
    EXPECT_EQ(X.Chunk, 0);
  EXPECT_EQ(std::string(hetile_refine_describe(R)).find("chunk"),
            std::string::npos);
  hetile_refine_destroy(R);
}

TEST(Refine, TwiceOnlyWhereItsSlabsAreNotTooThick) {
  EnvGuard G;
  // Columns along band dimension 2; 10000 values of dimension 0, 40 of
  // dimension 1; the model's 16x16x16, 2 processors: 8 tile rows per
  // slab. A slab H thick holds H / S0 x ceil(40 / S1) rows: the model's
  // 3 per 16 values, half's (8x8x8) 5 per 8, twice's (32x32x32) 2 per 32.
  // Model and half: H >= 43, on the lattice of lcm(16, 8) = 16: 48. With
  // twice: the lattice 32 and H >= 128 for twice: 128 > 2 x 48, so twice
  // is not tried.
  hetile_refine *R =
      begin(3, {10000, 10000, 40}, 2, {16, 16, 16}, {0, 0, 0}, 2);
  std::vector<Slab> Slabs =
      drive(R, 3, 0, 0, 10000, [](const std::vector<long> &S) {
        return 1e-4 * (S[0] == 8 ? 0.5 : 1.0);
      });
  expectCover(Slabs, 0, 0, 10000);
  ASSERT_GE(Slabs.size(), 5u);
  EXPECT_EQ(Slabs[1].Sizes, (std::vector<long>{16, 16, 16}));
  EXPECT_EQ(Slabs[2].Sizes, (std::vector<long>{8, 8, 8}));
  EXPECT_EQ(Slabs[1].Hi - Slabs[1].Lo + 1, 48);
  for (const Slab &S : Slabs)
    EXPECT_NE(S.Sizes, (std::vector<long>{32, 32, 32}));
  std::string Line = hetile_refine_describe(R);
  EXPECT_NE(Line.find("8x8x8 chunk"), std::string::npos) << Line;
  hetile_refine_destroy(R);
  // 2D (TriesAroundTheModelAndKeepsTheFastest): 128x128 needs 1024
  // values, twice the 512 of 64x64 and 32x32: tried.
}

TEST(Refine, SlabsOfDimensionOneWhereDimensionZeroIsShort) {
  EnvGuard G;
  // A time-skewed stencil: 40 time steps (dimension 0), rows and columns
  // of 2037 values. Dimension 0 is too short for the trials; dimension 1
  // takes them, after a warm-up that holds its first 40 values (the skew's
  // ramp) and ends on a multiple of 16 (the sizes along it: 16, 8; twice,
  // 32x32x32, would need slabs of 128 values against 48: not tried).
  hetile_refine *R = begin(3, {2037, 40, 2037}, 2, {16, 16, 16}, {0, 1, 1}, 2);
  std::vector<Slab> Slabs =
      drive(R, 3, 1, 1, 2037, [](const std::vector<long> &S) {
        return 1e-3 * (S[1] == 8 ? 0.5 : 1.0);
      });
  expectCover(Slabs, 1, 1, 2037);
  ASSERT_GE(Slabs.size(), 4u);
  EXPECT_EQ(Slabs[0].Hi, 47);
  EXPECT_EQ(Slabs.back().Sizes[1], 8);
  EXPECT_NE(std::string(hetile_refine_describe(R)).find("band dimension 1"),
            std::string::npos)
      << hetile_refine_describe(R);
  hetile_refine_destroy(R);
}

TEST(Refine, StopsWhenTheNestIsShort) {
  EnvGuard G;
  // 40 values of dimension 0 and 60 of dimension 1: the trials would take
  // more than half of either. One slab, the model's sizes.
  hetile_refine *R = begin(3, {2037, 40, 60}, 2, {16, 16, 16}, {0, 1, 1}, 2);
  std::vector<Slab> Slabs =
      drive(R, 3, 0, 0, 40, [](const std::vector<long> &) { return 1e-3; });
  ASSERT_EQ(Slabs.size(), 1u);
  EXPECT_EQ(Slabs[0].Sizes, (std::vector<long>{16, 16, 16}));
  EXPECT_EQ(Slabs[0].Lo, LONG_MIN);
  EXPECT_EQ(Slabs[0].Hi, LONG_MAX);
  EXPECT_NE(std::string(hetile_refine_describe(R)).find("short"),
            std::string::npos);
  hetile_refine_destroy(R);

  // Long enough in values but quick: the warm-up slab says the nest lasts
  // less than the trials could win back; the rest runs the model's sizes.
  R = begin(2, {11999, 11999}, 1, {64, 64}, {3, 1}, 2);
  Slabs =
      drive(R, 2, 0, 3, 11999, [](const std::vector<long> &) { return 1e-9; });
  expectCover(Slabs, 0, 3, 11999);
  ASSERT_EQ(Slabs.size(), 2u);
  EXPECT_EQ(Slabs[1].Sizes, (std::vector<long>{64, 64}));
  EXPECT_EQ(Slabs[1].Hi, LONG_MAX);
  EXPECT_NE(std::string(hetile_refine_describe(R)).find("none tried (short"),
            std::string::npos)
      << hetile_refine_describe(R);
  hetile_refine_destroy(R);
}

TEST(Refine, ANestRunAgainTakesItsChoice) {
  EnvGuard G;
  auto Cost = [](const std::vector<long> &S) {
    return 1e-5 * (S[0] == 32 ? 0.5 : 1.0);
  };
  hetile_refine *R = begin(2, {9000, 9000}, 1, {64, 64}, {5, 0}, 2);
  std::vector<Slab> First = drive(R, 2, 0, 5, 9000, Cost);
  ASSERT_GT(First.size(), 2u);
  std::vector<long> Chosen = First.back().Sizes;
  EXPECT_EQ(Chosen[0], 32);
  hetile_refine_destroy(R);
  // The same nest again: one slab, the sizes chosen the first time.
  R = begin(2, {9000, 9000}, 1, {64, 64}, {5, 0}, 2);
  std::vector<Slab> Again = drive(R, 2, 0, 5, 9000, Cost);
  ASSERT_EQ(Again.size(), 1u);
  EXPECT_EQ(Again[0].Sizes, Chosen);
  EXPECT_EQ(Again[0].Lo, LONG_MIN);
  EXPECT_NE(std::string(hetile_refine_describe(R)).find("earlier run"),
            std::string::npos)
      << hetile_refine_describe(R);
  hetile_refine_destroy(R);
  // Other extents: tried anew.
  R = begin(2, {9001, 9000}, 1, {64, 64}, {5, 0}, 2);
  EXPECT_GT(drive(R, 2, 0, 5, 9000, Cost).size(), 2u);
  hetile_refine_destroy(R);
}

TEST(Refine, OffByEnvironmentOrShape) {
  EnvGuard G;
  auto One = [](const char *Var, const char *Value, int First,
                const char *Why) {
    setVar(Var, Value);
    hetile_refine *R = begin(2, {5000, 5000}, First, {64, 64}, {0, 0}, 2);
    std::vector<Slab> Slabs =
        drive(R, 2, 0, 0, 5000, [](const std::vector<long> &) { return 1; });
    ASSERT_EQ(Slabs.size(), 1u) << Why;
    EXPECT_EQ(Slabs[0].Hi, LONG_MAX);
    EXPECT_NE(std::string(hetile_refine_describe(R)).find(Why),
              std::string::npos)
        << hetile_refine_describe(R);
    hetile_refine_destroy(R);
    setVar(Var, nullptr);
  };
  One("HETILE_REFINE", "0", 1, "HETILE_REFINE=0");
  One("HETILE_TILE_SIZES", "8,8", 1, "HETILE_TILE_SIZES");
  One("HETILE_STATS", "1", 0, "columns'");
}

TEST(Refine, MalformedSettingIsAnError) {
  EnvGuard G;
  setVar("HETILE_REFINE", "yes");
  long Ext[2] = {5000, 5000}, Sizes[2] = {64, 64}, Lowers[2] = {0, 0};
  hetile_refine *R = nullptr;
  EXPECT_EQ(hetile_refine_begin(2, Ext, 1, Sizes, Lowers, 2, 0, &R),
            HETILE_ERR_ENV);
  EXPECT_EQ(R, nullptr);
  EXPECT_NE(std::string(hetile_last_error()).find("HETILE_REFINE: 'yes'"),
            std::string::npos)
      << hetile_last_error();
  setVar("HETILE_REFINE", nullptr);
}

TEST(Refine, ReproducibleUnderCalibrateOff) {
  EnvGuard G;
  setVar("HETILE_CALIBRATE", "0");
  // Two runs whose clocks disagree on the fastest candidate: the same
  // slabs, the same sizes, and the model's sizes for the rest.
  std::vector<std::vector<Slab>> Runs;
  for (double Bias : {0.5, 2.0}) {
    hetile_refine *R = begin(3, {299, 299, 299}, 2, {16, 16, 16}, {1, 1, 1}, 2);
    Runs.push_back(drive(R, 3, 0, 1, 299, [&](const std::vector<long> &S) {
      return 1e-4 * (S[0] == 8 ? Bias : 1.0);
    }));
    expectCover(Runs.back(), 0, 1, 299);
    EXPECT_NE(std::string(hetile_refine_describe(R)).find("HETILE_CALIBRATE=0"),
              std::string::npos)
        << hetile_refine_describe(R);
    hetile_refine_destroy(R);
  }
  ASSERT_EQ(Runs[0].size(), Runs[1].size());
  EXPECT_TRUE(Runs[0] == Runs[1]);
  ASSERT_GE(Runs[0].size(), 4u);
  EXPECT_EQ(Runs[0].back().Sizes, (std::vector<long>{16, 16, 16}));
}

TEST(Refine, AlwaysCoversSmallAndOddNests) {
  EnvGuard G;
  setVar("HETILE_REFINE", "always");
  // Every extent and start, odd sizes, negative starts: the slabs cover
  // dimension 0 exactly, and several candidates run where there is room.
  for (long Lower : {-7L, 0L, 1L, 5L})
    for (long Extent : {1L, 2L, 9L, 37L, 200L})
      for (long T0 : {1L, 3L, 5L, 16L}) {
        hetile_refine *R =
            begin(3, {50, Extent, 7}, 2, {T0, 3, 7}, {Lower, 0, 0}, 3);
        std::vector<Slab> Slabs =
            drive(R, 3, 0, Lower, Extent, [](const std::vector<long> &S) {
              return 1e-6 * double(S[0] + S[1]);
            });
        SCOPED_TRACE("lower " + std::to_string(Lower) + " extent " +
                     std::to_string(Extent) + " T0 " + std::to_string(T0));
        expectCover(Slabs, 0, Lower, Extent);
        if (Extent >= 200)
          EXPECT_GE(Slabs.size(), 4u);
        hetile_refine_destroy(R);
      }
}

TEST(RefineCosts, MeasuredCostsAreTransfersNotTimeSlices) {
  EnvGuard G;
  // Whatever the load, beta and tau_t are a transfer's, never a time slice
  // of the scheduler (the fixed values replace those).
  for (int Rep = 0; Rep < 3; ++Rep) {
    hetile_costs C;
    ASSERT_EQ(hetile_costs_measure(0.004, &C), 0) << hetile_last_error();
    EXPECT_GT(C.beta, 0);
    EXPECT_LE(C.beta, 20e-6);
    EXPECT_GT(C.tau_t, 0);
    EXPECT_LE(C.tau_t, 10e-9);
    if (!C.measured) {
      EXPECT_EQ(C.beta, 1e-6);
      EXPECT_EQ(C.tau_t, 1e-9);
    }
  }
}

} // namespace
