//===- StripsRunTest.cpp - strips with redundant tasks at run time ---------===//
//
// [RD02] section 3.3: with one statement and dependences of distance 1
// (every point reads its neighbours of the step before), a band of width w
// recomputes the triangles w(w-1)/2 on each side of a strip; section 5:
// heights inversely proportional to the cycle times.
//
//===----------------------------------------------------------------------===//
#include "SetVar.h"

#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <string>

namespace {

struct EnvGuard {
  EnvGuard() { clear(); }
  ~EnvGuard() { clear(); }
  static void clear() {
    for (const char *V : {"HETILE_SPEEDS", "HETILE_PLATFORM", "HETILE_STATS",
                          "HETILE_STRIP_WIDTH", "HETILE_STRIP_SUBTILE",
                          "HETILE_CACHE_BYTES"})
      setVar(V, nullptr);
    setVar("HETILE_CALIBRATE", "0");
  }
};

// One statement, A reads its own rows r - 1 .. r + 1 of the step before.
const long Reach[] = {-1, 1};
const long Edges[] = {0, 0, 1, 1, -1, 1};

hetile_strips *make(int P, long Rows, long Steps) {
  hetile_strips *S = nullptr;
  EXPECT_EQ(hetile_strips_create(P, 1, Reach, 1, Edges, 0, Rows - 1, 0,
                                 Steps - 1, &S),
            0)
      << hetile_last_error();
  EXPECT_EQ(hetile_strips_prepare(S), 0) << hetile_last_error();
  return S;
}

TEST(StripsRun, TrianglesOfDistanceOne) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "5");
  hetile_strips *S = make(2, 100, 10);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  long T0, N;
  hetile_strips_band(S, &T0, &N);
  EXPECT_EQ(T0, 0);
  EXPECT_EQ(N, 5);
  // Equal work: the two strips of 50 rows, each with one inner side.
  for (long Step = 0; Step < 5; ++Step) {
    long Lo, Hi;
    hetile_strips_window(S, 0, Step, 0, &Lo, &Hi);
    EXPECT_EQ(Lo, 0 - (4 - Step));
    EXPECT_EQ(Hi, 49 + (4 - Step));
    hetile_strips_window(S, 1, Step, 0, &Lo, &Hi);
    EXPECT_EQ(Lo, 50 - (4 - Step));
    EXPECT_EQ(Hi, 99 + (4 - Step));
  }
  // w (w - 1) / 2 = 10 redundant rows per side.
  EXPECT_NE(std::string(hetile_strips_describe(S))
                .find("heights 50 50, redundant rows per band 10 10"),
            std::string::npos)
      << hetile_strips_describe(S);
  hetile_strips_destroy(S);
}

TEST(StripsRun, FetchesOnlyWhatItDidNotOwn) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "2");
  hetile_strips *S = make(2, 100, 6);
  long In[4], Out[4];
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  // Band 1: all it touches (rows and reach: 2 steps of halo 1, reads 1).
  hetile_strips_fetch(S, 1, In);
  EXPECT_EQ(In[0], 48);
  EXPECT_EQ(In[1], 101);
  EXPECT_GT(In[2], In[3]);
  // What the neighbour below fetches next: rows 50 and 51.
  hetile_strips_publish(S, 1, Out);
  EXPECT_EQ(Out[0], 50);
  EXPECT_EQ(Out[1], 51);
  EXPECT_EQ(Out[2], 98);
  EXPECT_EQ(Out[3], 99);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  hetile_strips_fetch(S, 1, In);
  EXPECT_EQ(In[0], 48);
  EXPECT_EQ(In[1], 49);
  EXPECT_EQ(In[2], 100);
  EXPECT_EQ(In[3], 101);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  // The last band publishes every row.
  hetile_strips_publish(S, 0, Out);
  EXPECT_EQ(Out[0], 0);
  EXPECT_EQ(Out[1], 49);
  EXPECT_GT(Out[2], Out[3]);
  EXPECT_EQ(hetile_strips_next_band(S), 0);
  hetile_strips_destroy(S);
}

TEST(StripsRun, HeightsFollowTheSpeeds) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "1");
  setVar("HETILE_SPEEDS", "1,3");
  hetile_strips *S = make(2, 400, 4);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  long Lo, Hi;
  hetile_strips_window(S, 0, 0, 0, &Lo, &Hi);
  // t_0 h_0 = t_1 h_1 with h_0 + h_1 = 400, copies counted alike.
  EXPECT_NEAR(double(Hi - Lo + 1), 300, 2);
  hetile_strips_destroy(S);
}

TEST(StripsRun, MoreThreadsThanRows) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "3");
  hetile_strips *S = make(4, 2, 3);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  long Rows = 0;
  for (int Me = 0; Me < 4; ++Me) {
    long Lo, Hi;
    hetile_strips_window(S, Me, 2, 0, &Lo, &Hi);
    Rows += Hi >= Lo ? Hi - Lo + 1 : 0;
  }
  // At the band's last step every thread computes its own rows only.
  EXPECT_EQ(Rows, 2);
  hetile_strips_destroy(S);
}

TEST(StripsRun, WidthBeyondTheStepsDescribesItsOneBand) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "1000");
  hetile_strips *S = make(2, 100, 4);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  long T0, N;
  hetile_strips_band(S, &T0, &N);
  EXPECT_EQ(N, 4);
  EXPECT_EQ(hetile_strips_next_band(S), 0);
  // One band of the 4 steps: 4 (4 - 1) / 2 = 6 redundant rows per side.
  EXPECT_NE(std::string(hetile_strips_describe(S))
                .find("width 1000 (HETILE_STRIP_WIDTH), 1 bands, heights 50 "
                      "50, redundant rows per band 6 6"),
            std::string::npos)
      << hetile_strips_describe(S);
  hetile_strips_destroy(S);
}

TEST(StripsRun, WidthMustBeAPositiveInteger) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "0");
  hetile_strips *S = nullptr;
  EXPECT_EQ(hetile_strips_create(1, 1, Reach, 1, Edges, 0, 9, 0, 9, &S),
            HETILE_ERR_ENV);
  EXPECT_NE(std::string(hetile_last_error()).find("HETILE_STRIP_WIDTH"),
            std::string::npos);
}

// jacobi-1d: B from A, then A from B; every dependence between instances
// (flow, anti, output) as the compiler gives them.
const long Reach2[] = {-1, 1, -1, 1};
const long Flow2[] = {0, 1, 0, 0, -1, 1, 1, 0, 1, 1, -1, 1};
const long Order2[] = {0, 1, 0, 0, -1, 1, 1, 0, 1, 1, -1, 1,
                       0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0};

hetile_strips *makeOrdered(int P, long Rows, long Steps, const long *Order,
                           int NOrder) {
  hetile_strips *S = nullptr;
  EXPECT_EQ(hetile_strips_create(P, 2, Reach2, 2, Flow2, 0, Rows - 1, 0,
                                 Steps - 1, &S),
            0)
      << hetile_last_error();
  EXPECT_EQ(hetile_strips_order(S, NOrder, Order, 16), 0)
      << hetile_last_error();
  EXPECT_EQ(hetile_strips_prepare(S), 0) << hetile_last_error();
  return S;
}

// [RD02] section 3.3's sub-tiles: at every (step, statement) they split the
// window into consecutive pieces, and every dependence between instances
// runs to the same or a later sub-tile.
TEST(StripsRun, SubTilesPartitionTheWindowsInDependenceOrder) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "4");
  setVar("HETILE_STRIP_SUBTILE", "3");
  hetile_strips *S = makeOrdered(2, 40, 8, Order2, 4);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  for (int Me = 0; Me < 2; ++Me) {
    long Subs = hetile_strips_subtiles(S, Me);
    EXPECT_GT(Subs, 20 / 3);
    // The sub-tile of row R of (Step, K), -1 outside the window.
    auto SubOf = [&](long Step, int K, long R) {
      for (long Sub = 0; Sub < Subs; ++Sub) {
        long Lo, Hi;
        hetile_strips_subwindow(S, Me, Step, K, Sub, &Lo, &Hi);
        if (Lo <= R && R <= Hi)
          return Sub;
      }
      return -1L;
    };
    for (long Step = 0; Step < 4; ++Step)
      for (int K = 0; K < 2; ++K) {
        long Lo, Hi, Next;
        hetile_strips_window(S, Me, Step, K, &Lo, &Hi);
        Next = Lo;
        for (long Sub = 0; Sub < Subs; ++Sub) {
          long A, B;
          hetile_strips_subwindow(S, Me, Step, K, Sub, &A, &B);
          if (B < A)
            continue;
          EXPECT_EQ(A, Next) << "step " << Step << " statement " << K;
          Next = B + 1;
        }
        EXPECT_EQ(Next, Hi + 1);
      }
    for (int E = 0; E < 4; ++E) {
      const long *D = Order2 + 6 * E;
      for (long Step = D[2]; Step < 4; ++Step) {
        long Lo, Hi;
        hetile_strips_window(S, Me, Step - D[2], int(D[0]), &Lo, &Hi);
        for (long R = Lo; R <= Hi; ++R)
          for (long Dr = D[4]; Dr <= D[5]; ++Dr) {
            long To = SubOf(Step, int(D[1]), R + Dr);
            if (To >= 0)
              EXPECT_LE(SubOf(Step - D[2], int(D[0]), R), To)
                  << "dependence " << E << " at step " << Step << " row " << R;
          }
      }
    }
  }
  EXPECT_NE(std::string(hetile_strips_describe(S))
                .find("sub-tiles of 3 rows (HETILE_STRIP_SUBTILE)"),
            std::string::npos)
      << hetile_strips_describe(S);
  hetile_strips_destroy(S);
}

// A dependence down the rows within one statement and one step: walking
// the rows in sub-tiles from the bottom up would reverse it.
TEST(StripsRun, NoSubTilesAgainstTheRowOrder) {
  EnvGuard G;
  setVar("HETILE_STRIP_SUBTILE", "2");
  const long Down[] = {0, 1, 0, 0, -1, 1, 1, 1, 0, 0, -1, -1};
  hetile_strips *S = makeOrdered(1, 30, 4, Down, 2);
  ASSERT_EQ(hetile_strips_next_band(S), 1);
  EXPECT_EQ(hetile_strips_subtiles(S, 0), 1);
  EXPECT_NE(std::string(hetile_strips_describe(S)).find("no sub-tiles"),
            std::string::npos);
  hetile_strips_destroy(S);
}

// From the cache: half of HETILE_CACHE_BYTES in rows of 16 bytes, less
// the skew's reach, at least 8 rows.
TEST(StripsRun, SubTilesFromTheCache) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "2");
  setVar("HETILE_CACHE_BYTES", "3200");
  hetile_strips *S = makeOrdered(1, 1000, 4, Order2, 4);
  // 100 rows, less the halo of 3 below and the halo and skew of 3 above
  // (U + skew: 3 + 0, 2 + 1, 1 + 2, 0 + 3 at the band's four positions).
  EXPECT_NE(std::string(hetile_strips_describe(S))
                .find("sub-tiles of 94 rows (cache)"),
            std::string::npos)
      << hetile_strips_describe(S);
  hetile_strips_destroy(S);
}

TEST(StripsRun, SubTileMustBeAPositiveInteger) {
  EnvGuard G;
  setVar("HETILE_STRIP_SUBTILE", "2x");
  hetile_strips *S = nullptr;
  ASSERT_EQ(hetile_strips_create(1, 2, Reach2, 2, Flow2, 0, 9, 0, 9, &S), 0);
  ASSERT_EQ(hetile_strips_order(S, 4, Order2, 16), 0);
  EXPECT_EQ(hetile_strips_prepare(S), HETILE_ERR_ENV);
  EXPECT_NE(std::string(hetile_last_error()).find("HETILE_STRIP_SUBTILE"),
            std::string::npos);
  hetile_strips_destroy(S);
}

} // namespace
