//===- ClustersTest.cpp - [BRR99] on tile columns, cluster platforms -------===//
//
// The expected values are derived by hand from Boudet, Rastello, Robert
// 1999 (appendix, "Static strategy") and the incremental algorithm of
// [BDRV98] (equation (2): the next block to the processor i minimising
// t_i (c_i + 1), ties to the smallest index), as worked out in the
// comments.
//
//===----------------------------------------------------------------------===//
#include "hetile_platform.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

bool mentions(const char *Word) {
  return std::string(hetile_last_error()).find(Word) != std::string::npos;
}

// The appendix's platform: cluster A = processors 0,1,2 of cycle times
// 2,3,4, cluster B = processors 3,4,5 of cycle times 3,5,8.
const long AppendixT[] = {2, 3, 4, 3, 5, 8};
const int AppendixClusters[] = {0, 0, 0, 1, 1, 1};

// B = 5. A's first panel is 2,3,2,4,2: counts (3,1,1), cycle time 6; B's
// is 3,5,3,8,3: counts (3,1,1), cycle time 9. Panels to clusters as to
// processors of cycle times 6 and 9: costs 6,9 -> A; 12,9 -> B; 12,18 ->
// A; 18,18 -> A (tie); 24,18 -> B: A,B,A,A,B, 3:2 panels.
// Continuing inside A from (3,1,1): costs 8,6,8 -> 1; 8,9,8 -> 0;
// 10,9,8 -> 2; 10,9,12 -> 1; 10,12,12 -> 0: (2,2,1) more, and from
// (5,3,2): 12,12,12 -> 0; 14,12,12 -> 1; 14,15,12 -> 2; 14,15,16 -> 0;
// 16,15,16 -> 1: (2,2,1) again. Inside B from (3,1,1): 12,10,16 -> 1;
// 12,15,16 -> 0; 15,15,16 -> 0; 18,15,16 -> 1; 18,20,16 -> 2: (2,2,1)
// (the paper's second panel of B, of cycle time 10 and not 9). Each
// processor's blocks of a panel are contiguous, processors in order.
TEST(Clusters, AppendixPanelsOnColumns) {
  std::vector<int> Owner(25);
  long Panels[2];
  ASSERT_EQ(hetile_hier_owners(6, AppendixT, AppendixClusters, 2, 5, 25,
                               Owner.data(), Panels),
            0);
  const int Want[25] = {0, 0, 0, 1, 2,  // A: (3,1,1)
                        3, 3, 3, 4, 5,  // B: (3,1,1)
                        0, 0, 1, 1, 2,  // A: (2,2,1)
                        0, 0, 1, 1, 2,  // A: (2,2,1)
                        3, 3, 4, 4, 5}; // B: (2,2,1)
  for (int J = 0; J < 25; ++J)
    EXPECT_EQ(Owner[J], Want[J]) << "column " << J;
  EXPECT_EQ(Panels[0], 3);
  EXPECT_EQ(Panels[1], 2);
}

// A last panel shorter than B: 7 columns, B = 5: A's panel, then 2 blocks
// of B's: costs 3,5,8 -> 3; 6,5,8 -> 4.
TEST(Clusters, ShortLastPanel) {
  std::vector<int> Owner(7);
  ASSERT_EQ(hetile_hier_owners(6, AppendixT, AppendixClusters, 2, 5, 7,
                               Owner.data(), nullptr),
            0);
  const int Want[7] = {0, 0, 0, 1, 2, 3, 4};
  for (int J = 0; J < 7; ++J)
    EXPECT_EQ(Owner[J], Want[J]) << "column " << J;
}

// Clusters need not be consecutive ranks: {0,2} and {1,3}, all of cycle
// time 1, B = 2: panels A,B,A,B (equal cycle times 1, ties to A first),
// each panel one column per rank.
TEST(Clusters, InterleavedRanks) {
  const long T[] = {1, 1, 1, 1};
  const int Of[] = {0, 1, 0, 1};
  int Owner[8];
  ASSERT_EQ(hetile_hier_owners(4, T, Of, 2, 2, 8, Owner, nullptr), 0);
  const int Want[8] = {0, 2, 1, 3, 0, 2, 1, 3};
  for (int J = 0; J < 8; ++J)
    EXPECT_EQ(Owner[J], Want[J]) << "column " << J;
}

// Section 3's condition: the smallest B whose panel cycle time (units of
// t) times unit_s reaches the link's time, on every cluster. Cycle times
// of the first panel of B blocks, by the incremental algorithm:
//   A (2,3,4): B=1: 2; 2: (1,1,0) 3; 3: (2,1,0) 4; 4: (2,1,1) 4; 5: 6
//   B (3,5,8): B=1: 3; 2: (1,1,0) 5; 3: (2,1,0) 6; 4: (2,1,1) 8; 5: 9
// so min over the clusters is 2,3,4,4,6: a link of 5 units needs the
// paper's B = 5, one of 4 units B = 3, one of 0.5 units B = 1.
TEST(Clusters, PanelSizeCondition) {
  long B;
  int Met;
  ASSERT_EQ(hetile_hier_panel_size(6, AppendixT, AppendixClusters, 2, 1.0,
                                   5.0, 100, &B, &Met),
            0);
  EXPECT_EQ(B, 5);
  EXPECT_EQ(Met, 1);
  ASSERT_EQ(hetile_hier_panel_size(6, AppendixT, AppendixClusters, 2, 1e-3,
                                   4e-3, 100, &B, &Met),
            0);
  EXPECT_EQ(B, 3);
  ASSERT_EQ(hetile_hier_panel_size(6, AppendixT, AppendixClusters, 2, 1.0,
                                   0.5, 100, &B, &Met),
            0);
  EXPECT_EQ(B, 1);
  // Not met by B <= 4 (min cycle 4 < 5): B = max_b, met = 0.
  ASSERT_EQ(hetile_hier_panel_size(6, AppendixT, AppendixClusters, 2, 1.0,
                                   5.0, 4, &B, &Met),
            0);
  EXPECT_EQ(B, 4);
  EXPECT_EQ(Met, 0);
}

// Brute force: for small panels and column counts, every column has an
// owner of the cluster its panel went to, each panel is within one
// cluster, and the counts per cluster follow the panels.
TEST(Clusters, PanelsStayInsideOneCluster) {
  for (long Panel = 1; Panel <= 7; ++Panel)
    for (long N2 = 0; N2 <= 30; ++N2) {
      std::vector<int> Owner(N2 + 1, -1);
      long Panels[2];
      ASSERT_EQ(hetile_hier_owners(6, AppendixT, AppendixClusters, 2, Panel,
                                   N2, Owner.data(), Panels),
                0);
      long Seen[2] = {0, 0};
      for (long First = 0; First < N2; First += Panel) {
        int K = AppendixClusters[Owner[First]];
        ++Seen[K];
        for (long J = First; J < std::min(N2, First + Panel); ++J)
          EXPECT_EQ(AppendixClusters[Owner[J]], K) << Panel << " " << N2;
      }
      EXPECT_EQ(Seen[0], Panels[0]);
      EXPECT_EQ(Seen[1], Panels[1]);
    }
}

TEST(Clusters, BadClusters) {
  const long T[] = {1, 1};
  const int Out[] = {0, 2};
  const int Empty[] = {0, 0};
  int Owner[4];
  EXPECT_EQ(hetile_hier_owners(2, T, Out, 2, 1, 4, Owner, nullptr),
            HETILE_ERR_INVALID);
  EXPECT_TRUE(mentions("processor 1 is in cluster 2"));
  EXPECT_EQ(hetile_hier_owners(2, T, Empty, 2, 1, 4, Owner, nullptr),
            HETILE_ERR_INVALID);
  EXPECT_TRUE(mentions("cluster 1 is empty"));
}

// The simulator charges a message between clusters to its sender: t = 1,1
// in clusters 0 and 1, one column each, 2 rows, link 3. Processor 0: row
// 0 in [0,1], pays 3 (busy until 4, the row arrives at 4), row 1 in [4,5],
// pays 3 (arrives at 8). Processor 1: row 0 in [4,5], row 1 in [8,9]:
// makespan 9. In one cluster the link is not paid: makespan 3.
TEST(Clusters, SimulatorChargesTheSender) {
  const double T[] = {1, 1};
  const int Owner[] = {0, 1};
  const int Two[] = {0, 1}, One[] = {0, 0};
  double M;
  ASSERT_EQ(hetile_sim_makespan_links(2, T, 2, 2, Owner, 0, Two, 3, &M), 0);
  EXPECT_DOUBLE_EQ(M, 9);
  ASSERT_EQ(hetile_sim_makespan_links(2, T, 2, 2, Owner, 0, One, 3, &M), 0);
  EXPECT_DOUBLE_EQ(M, 3);
}

std::string writeFile(const char *Name, const char *Text) {
  std::string Path = ::testing::TempDir() + Name;
  FILE *F = std::fopen(Path.c_str(), "w");
  std::fputs(Text, F);
  std::fclose(F);
  return Path;
}

TEST(Clusters, PlatformFile) {
  std::string Path = writeFile("hetile_clusters.json",
                               "{ \"times\": [1, 1, 2, 2],\n"
                               "  \"clusters\": [[0, 2], [1, 3]],\n"
                               "  \"link\": {\"startup\": 1e-3, "
                               "\"per_byte\": 1e-8}, \"panel\": 6 }\n");
  int Of[4];
  double Link[2];
  ASSERT_EQ(hetile_platform_clusters(Path.c_str(), 4, Of, Link), 2);
  EXPECT_EQ(Of[0], 0);
  EXPECT_EQ(Of[1], 1);
  EXPECT_EQ(Of[2], 0);
  EXPECT_EQ(Of[3], 1);
  EXPECT_DOUBLE_EQ(Link[0], 1e-3);
  EXPECT_DOUBLE_EQ(Link[1], 1e-8);
  // Without "clusters": one cluster.
  Path = writeFile("hetile_one.json", "{\"times\": [1, 2]}");
  ASSERT_EQ(hetile_platform_clusters(Path.c_str(), 2, Of, nullptr), 1);
  EXPECT_EQ(Of[1], 0);
}

struct BadFile {
  const char *Text;
  int Procs;
  const char *Message;
};

// Each malformed file is an error naming the line, or the processor.
TEST(Clusters, PlatformFileErrors) {
  const BadFile Bad[] = {
      {"{\"times\": [1, 1],\n\"clusters\": [[0], 1],\n\"link\": "
       "{\"startup\": 0, \"per_byte\": 0}}", 2, "\"clusters\" at line 2"},
      {"{\"times\": [1, 1],\n\"clusters\": [[0], [-1]],\n\"link\": "
       "{\"startup\": 0, \"per_byte\": 0}}", 2, "\"clusters\" at line 2"},
      {"{\"times\": [1, 1], \"clusters\": [[0], [1]],\n\n\"link\": "
       "{\"startup\": 0}}", 2, "\"link\" needs both"},
      {"{\"times\": [1, 1], \"clusters\": [[0], [1]],\n\"link\": "
       "{\"startup\": 0,\n \"latency\": 1}}", 2,
       "\"link\" at line 3, column 2: unknown key \"latency\""},
      {"{\"times\": [1, 1], \"clusters\": [[0], [1]],\n\"link\": "
       "{\"startup\": -1, \"per_byte\": 0}}", 2,
       "\"link\" at line 2, column 21: \"startup\" is not"},
      {"{\"times\": [1, 1], \"clusters\": [[0], [1]]}", 2,
       "\"clusters\" needs \"link\""},
      {"{\"times\": [1, 1],\n \"panel\": 2.5}", 2,
       "bad value for \"panel\" at line 2"},
      {"{\"times\": [1, 1],\n\n \"cluster\": []}", 2,
       "unknown key \"cluster\" at line 3, column 2"},
      {"{\"times\": [1, 1], \"clusters\": [[0], [1, 2]], \"link\": "
       "{\"startup\": 0, \"per_byte\": 0}}", 2,
       "cluster 1 names processor 2, but there are 2"},
      {"{\"times\": [1, 1, 1], \"clusters\": [[0, 1], [1, 2]], \"link\": "
       "{\"startup\": 0, \"per_byte\": 0}}", 3,
       "processor 1 is in clusters 0 and 1"},
      {"{\"times\": [1, 1, 1], \"clusters\": [[0], [2]], \"link\": "
       "{\"startup\": 0, \"per_byte\": 0}}", 3, "processor 1 is in no cluster"},
      {"{\"times\": [1, 1], \"clusters\": [[0, 1], []], \"link\": "
       "{\"startup\": 0, \"per_byte\": 0}}", 2, "cluster 1 is empty"},
  };
  for (const BadFile &B : Bad) {
    std::string Path = writeFile("hetile_bad.json", B.Text);
    int Of[3];
    EXPECT_EQ(hetile_platform_clusters(Path.c_str(), B.Procs, Of, nullptr),
              HETILE_ERR_INVALID)
        << B.Text;
    EXPECT_TRUE(mentions(B.Message)) << hetile_last_error();
  }
}

} // namespace
