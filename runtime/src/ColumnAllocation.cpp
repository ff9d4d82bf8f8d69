//===- ColumnAllocation.cpp - tile columns to processors ------------------===//
//
// The part of the pipelined columnwise schedule of [BDRV98] section 3.2
// that threads and MPI ranks share: cycle times, their calibration cache,
// the owners and blocks of the columns, and the line describing them.
//
//===----------------------------------------------------------------------===//
#include "ColumnAllocation.h"
#include "Env.h"
#include "Error.h"

#include <cstdio>
#include <map>
#include <mutex>

using namespace hetile::rt;

namespace {

/// Calibrated cycle times per kind of processor and processor count.
struct CalibrationCache {
  std::mutex Lock;
  std::map<std::pair<Processors, int>, std::vector<double>> Times;
};

CalibrationCache &cache() {
  static CalibrationCache C;
  return C;
}

bool cached(Processors Who, int P, std::vector<double> &Times) {
  CalibrationCache &C = cache();
  std::lock_guard<std::mutex> G(C.Lock);
  auto It = C.Times.find({Who, P});
  if (It == C.Times.end())
    return false;
  Times = It->second;
  return true;
}

const char *noun(Processors Who, long N) {
  if (Who == Processors::Ranks)
    return N == 1 ? "rank" : "ranks";
  return N == 1 ? "processor" : "processors";
}

} // namespace

int hetile::rt::findTimes(Processors Who, int P, std::vector<double> &Times,
                          TimesSource &Source) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  Times.assign(P, 1.0);
  const char *Variable = nullptr;
  int Got = env::times(*Env, P, Times.data(), &Variable);
  if (Got < 0)
    return Got;
  if (Got == 1)
    Source = Env->Platform.Set ? TimesSource::Platform : TimesSource::Speeds;
  else if (P == 1)
    Source = TimesSource::One;
  else if (Env->CalibrateOff)
    Source = TimesSource::Equal;
  else if (cached(Who, P, Times))
    Source = TimesSource::Cached;
  else
    Source = TimesSource::Calibrate;
  return HETILE_OK;
}

std::string hetile::rt::sourceName(Processors Who, TimesSource Source) {
  switch (Source) {
  case TimesSource::Platform:
    return "HETILE_PLATFORM";
  case TimesSource::Speeds:
    return "HETILE_SPEEDS";
  case TimesSource::One:
    return std::string("one ") + noun(Who, 1);
  case TimesSource::Equal:
    return "equal (HETILE_CALIBRATE=0)";
  case TimesSource::Cached:
    return "calibration (cached)";
  case TimesSource::Calibrate:
    break;
  }
  return "calibration";
}

void hetile::rt::rememberCalibration(Processors Who, int P,
                                     const std::vector<double> &Times) {
  CalibrationCache &C = cache();
  std::lock_guard<std::mutex> G(C.Lock);
  C.Times[{Who, P}] = Times;
}

int ColumnAllocation::allocate(Processors Who) {
  int P = (int)Times.size();
  Owner.assign(NCols, 0);
  if (NCols > 0)
    if (int E = hetile_alloc_owners(P, Times.data(), NCols, Strategy, Param,
                                    Owner.data()))
      return E;
  Blocks.assign(P, {});
  for (long C = 0; C < NCols; ++C) {
    auto &B = Blocks[Owner[C]];
    if (!B.empty() && B.back().second == C - 1)
      B.back().second = C;
    else
      B.push_back({C, C});
  }
  std::string D = "hetile: " + std::to_string(P) + " " + noun(Who, P) +
                  ", cycle times";
  char Buf[64];
  for (int I = 0; I < P; ++I) {
    std::snprintf(Buf, sizeof Buf, "%s%g", I ? "," : " ", Times[I]);
    D += Buf;
  }
  D += " (" + Source + "), allocation " + hetile_alloc_strategy_name(Strategy);
  if (Param)
    D += ":" + std::to_string(Param);
  D += ", " + std::to_string(NCols) + " tile columns; columns per " +
       noun(Who, 1) + ":";
  for (int I = 0; I < P; ++I) {
    long N = 0;
    for (auto &B : Blocks[I])
      N += B.second - B.first + 1;
    D += (I ? "," : " ") + std::to_string(N);
  }
  Description = D;
  return HETILE_OK;
}

bool ColumnAllocation::block(int Q, long B, long &First, long &Last) const {
  if (Q < 0 || Q >= (int)Blocks.size() || B < 0 ||
      B >= (long)Blocks[Q].size())
    return false;
  First = Blocks[Q][B].first;
  Last = Blocks[Q][B].second;
  return true;
}
