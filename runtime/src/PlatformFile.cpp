//===- PlatformFile.cpp - HETILE_PLATFORM=platform.json ---------------------===//
//
// The platform file: one JSON object with
//   "times":    [11, 26, 33]  one cycle time per processor (required)
//   "names":    ["a", "b", "c"]  optional, same length, ignored by the math
//   "startup":  1e-4          communication start-up, seconds (optional)
//   "per_byte": 1e-9          communication cost per byte, seconds (optional)
//   "clusters": [[0, 1], [2, 3]]  the processors of each cluster (optional;
//                             docs/clusters.md): startup and per_byte are
//                             then the costs inside a cluster
//   "link":     {"startup": 1e-3, "per_byte": 1e-8}  between clusters
//   "panel":    8             [BRR99]'s panel B, in tile columns (0: flat)
// Any other key, or malformed JSON, is an error naming its line.
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"
#include "Math.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace hetile::rt;
using hetile::rt::env::PlatformFile;

namespace {

struct Parser {
  std::string S;
  size_t I = 0;
  std::string Err;

  void ws() {
    while (I < S.size() && std::isspace((unsigned char)S[I]))
      ++I;
  }
  bool eat(char C) {
    ws();
    if (I < S.size() && S[I] == C)
      return ++I, true;
    return false;
  }
  bool str(std::string &Out) {
    if (!eat('"'))
      return false;
    size_t End = S.find('"', I);
    if (End == std::string::npos)
      return false;
    Out = S.substr(I, End - I);
    I = End + 1;
    return true;
  }
  bool num(double &Out) {
    ws();
    const char *Begin = S.c_str() + I;
    char *End;
    Out = std::strtod(Begin, &End);
    if (End == Begin || !std::isfinite(Out))
      return false;
    I += End - Begin;
    return true;
  }
  bool integer(long &Out) {
    double V;
    size_t At = I;
    if (!num(V) || V != math::floor(V) || V < 0 || V > 1e9)
      return I = At, false;
    Out = (long)V;
    return true;
  }
  /// "line L, column C" of offset At.
  std::string where(size_t At) const {
    size_t Line = 1, Col = 1;
    for (size_t K = 0; K < At && K < S.size(); ++K)
      if (S[K] == '\n')
        ++Line, Col = 1;
      else
        ++Col;
    return "line " + std::to_string(Line) + ", column " + std::to_string(Col);
  }
  template <typename F> bool array(F Item) {
    if (!eat('['))
      return false;
    if (eat(']'))
      return true;
    do
      if (!Item())
        return false;
    while (eat(','));
    return eat(']');
  }
};

/// "link": {"startup": S, "per_byte": B}, both required, >= 0.
int parseLink(Parser &P, PlatformFile &F) {
  bool Startup = false, PerByte = false;
  if (!P.eat('{'))
    return fail(HETILE_ERR_INVALID, "\"link\" at %s: expected an object "
                "{\"startup\": seconds, \"per_byte\": seconds}",
                P.where(P.I).c_str());
  do {
    std::string Key;
    size_t At = (P.ws(), P.I);
    if (!P.str(Key) || !P.eat(':'))
      return fail(HETILE_ERR_INVALID, "\"link\" at %s: expected \"key\":",
                  P.where(At).c_str());
    double *Into = Key == "startup"    ? (Startup = true, &F.LinkStartup)
                   : Key == "per_byte" ? (PerByte = true, &F.LinkPerByte)
                                       : nullptr;
    if (!Into)
      return fail(HETILE_ERR_INVALID, "\"link\" at %s: unknown key \"%s\" "
                  "(startup and per_byte expected)", P.where(At).c_str(),
                  Key.c_str());
    size_t ValueAt = (P.ws(), P.I);
    if (!P.num(*Into) || *Into < 0)
      return fail(HETILE_ERR_INVALID, "\"link\" at %s: \"%s\" is not a "
                  "number of seconds >= 0", P.where(ValueAt).c_str(),
                  Key.c_str());
  } while (P.eat(','));
  if (!P.eat('}'))
    return fail(HETILE_ERR_INVALID, "\"link\" at %s: expected '}'",
                P.where(P.I).c_str());
  if (!Startup || !PerByte)
    return fail(HETILE_ERR_INVALID, "\"link\" needs both \"startup\" and "
                "\"per_byte\"");
  F.HasLink = true;
  return HETILE_OK;
}

/// "clusters": [[0, 1], [2, 3]]: lists of processor indices.
int parseClusters(Parser &P, PlatformFile &F) {
  size_t At = (P.ws(), P.I);
  bool Ok = P.array([&] {
    F.Clusters.emplace_back();
    At = (P.ws(), P.I);
    return P.array([&] {
      long R;
      At = (P.ws(), P.I);
      return P.integer(R) && (F.Clusters.back().push_back((int)R), true);
    });
  });
  if (!Ok)
    return fail(HETILE_ERR_INVALID, "\"clusters\" at %s: expected a list of "
                "lists of processor indices (integers >= 0), e.g. [[0, 1], "
                "[2, 3]]", P.where(At).c_str());
  return HETILE_OK;
}

int parseFile(Parser &P, PlatformFile &F) {
  std::vector<double> &T = F.Times;
  double &Startup = F.Startup, &PerByte = F.PerByte;
  std::vector<std::string> Names;
  if (!P.eat('{'))
    return fail(HETILE_ERR_INVALID, "expected '{' at %s",
                P.where(P.I).c_str());
  do {
    std::string Key;
    size_t KeyAt = (P.ws(), P.I);
    if (!P.str(Key) || !P.eat(':'))
      return fail(HETILE_ERR_INVALID, "expected \"key\": at %s",
                  P.where(KeyAt).c_str());
    bool Ok;
    if (Key == "clusters" || Key == "link") {
      if (int E = Key == "link" ? parseLink(P, F) : parseClusters(P, F))
        return E;
      continue;
    }
    if (Key == "times")
      Ok = P.array([&] { double V; return P.num(V) && (T.push_back(V), true); });
    else if (Key == "names")
      Ok = P.array([&] { std::string N; return P.str(N) &&
                                               (Names.push_back(N), true); });
    else if (Key == "startup")
      Ok = P.num(Startup) && Startup >= 0;
    else if (Key == "per_byte")
      Ok = P.num(PerByte) && PerByte >= 0;
    else if (Key == "panel")
      Ok = P.integer(F.Panel);
    else
      return fail(HETILE_ERR_INVALID, "unknown key \"%s\" at %s",
                  Key.c_str(), P.where(KeyAt).c_str());
    if (!Ok)
      return fail(HETILE_ERR_INVALID, "bad value for \"%s\" at %s",
                  Key.c_str(), P.where(P.I).c_str());
  } while (P.eat(','));
  if (!P.eat('}'))
    return fail(HETILE_ERR_INVALID, "expected '}' at %s",
                P.where(P.I).c_str());
  P.ws();
  if (P.I != P.S.size())
    return fail(HETILE_ERR_INVALID, "trailing text at %s",
                P.where(P.I).c_str());
  // "link" alone: the clusters come from the ranks' hosts (MpiClusters.cpp).
  if (!F.Clusters.empty() && !F.HasLink)
    return fail(HETILE_ERR_INVALID, "\"clusters\" needs \"link\": the "
                "costs between clusters");
  if (!Names.empty() && Names.size() != T.size())
    return fail(HETILE_ERR_INVALID, "%zu names for %zu times", Names.size(),
                T.size());
  return HETILE_OK;
}

} // namespace

int hetile::rt::env::readPlatformFile(const char *Path, PlatformFile &Out) {
  FILE *F = Path ? std::fopen(Path, "r") : nullptr;
  if (!F)
    return fail(HETILE_ERR_IO, "HETILE_PLATFORM: cannot read '%s'",
                Path ? Path : "");
  Parser P;
  char Buf[4096];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof(Buf), F)) > 0 && P.S.size() < 1 << 20)
    P.S.append(Buf, N);
  std::fclose(F);
  Out = PlatformFile();
  Out.Path = Path;
  if (int E = parseFile(P, Out))
    return fail(E, "HETILE_PLATFORM: %s: %s", Path,
                std::string(hetile_last_error()).c_str());
  return HETILE_OK;
}

int hetile::rt::env::platformFor(const PlatformFile &F, int N, double *T,
                                 double *Startup, double *PerByte) {
  if ((int)F.Times.size() != N)
    return fail(HETILE_ERR_INVALID, "HETILE_PLATFORM: %s: %zu cycle times for "
                "%d processors", F.Path.c_str(), F.Times.size(), N);
  for (size_t I = 0; I < F.Times.size(); ++I)
    if (!(F.Times[I] > 0))
      return fail(HETILE_ERR_INVALID, "HETILE_PLATFORM: %s: time %zu is not "
                  "positive", F.Path.c_str(), I + 1);
  std::copy(F.Times.begin(), F.Times.end(), T);
  *Startup = F.Startup;
  *PerByte = F.PerByte;
  return HETILE_OK;
}

int hetile::rt::env::clustersFor(const PlatformFile &F, int N,
                                 std::vector<int> &ClusterOf) {
  ClusterOf.assign(N, 0);
  if (F.Clusters.empty())
    return 1;
  std::vector<int> Seen(N, -1);
  for (size_t K = 0; K < F.Clusters.size(); ++K) {
    if (F.Clusters[K].empty())
      return fail(HETILE_ERR_INVALID, "HETILE_PLATFORM: %s: cluster %zu is "
                  "empty", F.Path.c_str(), K);
    for (int R : F.Clusters[K]) {
      if (R >= N)
        return fail(HETILE_ERR_INVALID, "HETILE_PLATFORM: %s: cluster %zu "
                    "names processor %d, but there are %d (0..%d)",
                    F.Path.c_str(), K, R, N, N - 1);
      if (Seen[R] >= 0)
        return fail(HETILE_ERR_INVALID, "HETILE_PLATFORM: %s: processor %d "
                    "is in clusters %d and %zu", F.Path.c_str(), R, Seen[R],
                    K);
      Seen[R] = (int)K;
      ClusterOf[R] = (int)K;
    }
  }
  for (int R = 0; R < N; ++R)
    if (Seen[R] < 0)
      return fail(HETILE_ERR_INVALID, "HETILE_PLATFORM: %s: processor %d is "
                  "in no cluster", F.Path.c_str(), R);
  return (int)F.Clusters.size();
}

extern "C" int hetile_platform_read(const char *path, int nprocs,
                                    double *t_out, double *startup_out,
                                    double *per_byte_out) {
  hetile::rt::env::PlatformFile F;
  if (int E = hetile::rt::env::readPlatformFile(path, F))
    return E;
  return hetile::rt::env::platformFor(F, nprocs, t_out, startup_out,
                                      per_byte_out);
}

extern "C" int hetile_platform_clusters(const char *path, int nprocs,
                                        int *cluster_out, double *link_out) {
  if (nprocs < 1 || !cluster_out)
    return fail(HETILE_ERR_INVALID, "hetile_platform_clusters: need nprocs "
                ">= 1 and an output");
  hetile::rt::env::PlatformFile F;
  if (int E = hetile::rt::env::readPlatformFile(path, F))
    return E;
  std::vector<int> ClusterOf;
  int N = hetile::rt::env::clustersFor(F, nprocs, ClusterOf);
  if (N < 0)
    return N;
  std::copy(ClusterOf.begin(), ClusterOf.end(), cluster_out);
  if (link_out) {
    link_out[0] = F.LinkStartup;
    link_out[1] = F.LinkPerByte;
  }
  return N;
}

extern "C" int hetile_clusters_from_hosts(int n, const char *const *hosts,
                                          int *cluster_out) {
  if (n < 1 || !hosts || !cluster_out)
    return fail(HETILE_ERR_INVALID, "hetile_clusters_from_hosts: need n >= 1, "
                "the names and an output");
  for (int R = 0; R < n; ++R)
    if (!hosts[R] || !*hosts[R])
      return fail(HETILE_ERR_INVALID, "hetile_clusters_from_hosts: processor "
                  "%d has no host name", R);
  // A cluster is numbered when its first processor is met: clusters in the
  // order of their smallest processor, each one's processors increasing.
  std::vector<std::string> Names;
  for (int R = 0; R < n; ++R) {
    auto It = std::find(Names.begin(), Names.end(), hosts[R]);
    cluster_out[R] = (int)(It - Names.begin());
    if (It == Names.end())
      Names.push_back(hosts[R]);
  }
  return (int)Names.size();
}
