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
                          "HETILE_STRIP_WIDTH"})
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

TEST(StripsRun, WidthMustBeAPositiveInteger) {
  EnvGuard G;
  setVar("HETILE_STRIP_WIDTH", "0");
  hetile_strips *S = nullptr;
  EXPECT_EQ(hetile_strips_create(1, 1, Reach, 1, Edges, 0, 9, 0, 9, &S),
            HETILE_ERR_ENV);
  EXPECT_NE(std::string(hetile_last_error()).find("HETILE_STRIP_WIDTH"),
            std::string::npos);
}

} // namespace
