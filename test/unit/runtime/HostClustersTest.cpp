//===- HostClustersTest.cpp - clusters from the ranks' host names ---------===//
#include "hetile_platform.h"
#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

std::vector<int> group(const std::vector<const char *> &Hosts, int &N) {
  std::vector<int> Of(Hosts.size(), -7);
  N = hetile_clusters_from_hosts((int)Hosts.size(), Hosts.data(), Of.data());
  return Of;
}

// One host: one cluster (the flat allocation of one machine).
TEST(HostClusters, OneHostIsOneCluster) {
  int N;
  EXPECT_EQ(group({"node1", "node1", "node1"}, N),
            (std::vector<int>{0, 0, 0}));
  EXPECT_EQ(N, 1);
}

// Clusters in the order of their smallest rank, whatever the names' order:
// b,b,a,c,a -> {0,1} {2,4} {3}; a host of one rank is a cluster.
TEST(HostClusters, RankOrderKept) {
  int N;
  EXPECT_EQ(group({"b", "b", "a", "c", "a"}, N),
            (std::vector<int>{0, 0, 1, 2, 1}));
  EXPECT_EQ(N, 3);
  EXPECT_EQ(group({"a", "b", "a", "b"}, N), (std::vector<int>{0, 1, 0, 1}));
  EXPECT_EQ(N, 2);
  EXPECT_EQ(group({"x"}, N), (std::vector<int>{0}));
  EXPECT_EQ(N, 1);
  // Names are compared whole: a prefix is another host.
  EXPECT_EQ(group({"node1", "node10", "node1"}, N),
            (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(N, 2);
}

// Brute force: two ranks share a cluster iff they share a host, and the
// first rank of cluster k comes before the first rank of cluster k + 1.
TEST(HostClusters, MatchesDefinition) {
  unsigned Seed = 5;
  auto Next = [&Seed]() { return (Seed = Seed * 1103515245u + 12345u) >> 16; };
  const char *Names[] = {"h0", "h1", "h2", "h3"};
  for (int Trial = 0; Trial < 200; ++Trial) {
    int P = 1 + Next() % 9;
    std::vector<const char *> Hosts(P);
    for (auto &H : Hosts)
      H = Names[Next() % 4];
    int N;
    std::vector<int> Of = group(Hosts, N);
    ASSERT_GE(N, 1);
    for (int A = 0; A < P; ++A)
      for (int B = 0; B < P; ++B)
        EXPECT_EQ(Of[A] == Of[B], std::string(Hosts[A]) == Hosts[B]);
    int Seen = 0;
    for (int R = 0; R < P; ++R) {
      ASSERT_LE(Of[R], Seen);
      Seen += Of[R] == Seen;
    }
    EXPECT_EQ(Seen, N);
  }
}

TEST(HostClusters, Errors) {
  int Of[2];
  const char *Empty[] = {"a", ""};
  EXPECT_EQ(hetile_clusters_from_hosts(2, Empty, Of), HETILE_ERR_INVALID);
  EXPECT_NE(std::string(hetile_last_error()).find("processor 1"),
            std::string::npos);
  EXPECT_EQ(hetile_clusters_from_hosts(0, Empty, Of), HETILE_ERR_INVALID);
}

// A platform file may give "link" without "clusters": the clusters then
// come from the hosts, so the file has one cluster and the link's costs.
TEST(HostClusters, LinkWithoutClusters) {
  std::string Path = testing::TempDir() + "hetile_link_only.json";
  FILE *F = std::fopen(Path.c_str(), "w");
  ASSERT_TRUE(F);
  std::fputs("{\"times\": [1, 1], \"link\": {\"startup\": 3e-4, "
             "\"per_byte\": 2e-8}}", F);
  std::fclose(F);
  int Of[2] = {-1, -1};
  double Link[2];
  EXPECT_EQ(hetile_platform_clusters(Path.c_str(), 2, Of, Link), 1);
  EXPECT_EQ(Of[0], 0);
  EXPECT_EQ(Of[1], 0);
  EXPECT_DOUBLE_EQ(Link[0], 3e-4);
  EXPECT_DOUBLE_EQ(Link[1], 2e-8);
}

} // namespace
