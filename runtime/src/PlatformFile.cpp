//===- PlatformFile.cpp - HETILE_PLATFORM=platform.json ---------------------===//
//
// The platform file: one JSON object with
//   "times":    [11, 26, 33]  one cycle time per processor (required)
//   "names":    ["a", "b", "c"]  optional, same length, ignored by the math
//   "startup":  1e-4          communication start-up, seconds (optional)
//   "per_byte": 1e-9          communication cost per byte, seconds (optional)
// Any other key, or malformed JSON, is an error.
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace hetile::rt;

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

int parseFile(Parser &P, std::vector<double> &T, double &Startup,
              double &PerByte) {
  std::vector<std::string> Names;
  if (!P.eat('{'))
    return fail(HETILE_ERR_INVALID, "expected '{' at offset %zu", P.I);
  do {
    std::string Key;
    if (!P.str(Key) || !P.eat(':'))
      return fail(HETILE_ERR_INVALID, "expected \"key\": at offset %zu", P.I);
    bool Ok;
    if (Key == "times")
      Ok = P.array([&] { double V; return P.num(V) && (T.push_back(V), true); });
    else if (Key == "names")
      Ok = P.array([&] { std::string N; return P.str(N) &&
                                               (Names.push_back(N), true); });
    else if (Key == "startup")
      Ok = P.num(Startup) && Startup >= 0;
    else if (Key == "per_byte")
      Ok = P.num(PerByte) && PerByte >= 0;
    else
      return fail(HETILE_ERR_INVALID, "unknown key \"%s\"", Key.c_str());
    if (!Ok)
      return fail(HETILE_ERR_INVALID, "bad value for \"%s\" near offset %zu",
                  Key.c_str(), P.I);
  } while (P.eat(','));
  if (!P.eat('}'))
    return fail(HETILE_ERR_INVALID, "expected '}' at offset %zu", P.I);
  P.ws();
  if (P.I != P.S.size())
    return fail(HETILE_ERR_INVALID, "trailing text at offset %zu", P.I);
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
  if (int E = parseFile(P, Out.Times, Out.Startup, Out.PerByte))
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

extern "C" int hetile_platform_read(const char *path, int nprocs,
                                    double *t_out, double *startup_out,
                                    double *per_byte_out) {
  hetile::rt::env::PlatformFile F;
  if (int E = hetile::rt::env::readPlatformFile(path, F))
    return E;
  return hetile::rt::env::platformFor(F, nprocs, t_out, startup_out,
                                      per_byte_out);
}
