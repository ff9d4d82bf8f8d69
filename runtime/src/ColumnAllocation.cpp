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

/// The latest note of hetile_tilesize_pipeline.
struct NoteSlot {
  std::mutex Lock;
  bool Valid = false;
  PipelineNote Note;
};

NoteSlot &noteSlot() {
  static NoteSlot S;
  return S;
}

/// Under the auto allocation, blocks hetile_alloc_block_width times the
/// counts of Proposition 1 ([BDRV98] section 3.2) for the note's rows, tile
/// time and costs, when the chunk of Proposition 1 fits in NCols. Returns
/// 1 with the owners and the words for the describe line, 0 if it does not
/// apply, or an error.
int modelOwners(const PipelineNote &N, const std::vector<double> &Times,
                long NCols, std::vector<int> &Owner, std::string &Words) {
  int P = (int)Times.size();
  std::vector<long> T(P), Counts(P);
  if (int E = hetile_alloc_times_to_integers(P, Times.data(), T.data()))
    return E;
  long Chunk;
  int FellBack;
  if (int E = hetile_alloc_counts(P, T.data(), NCols, HETILE_ALLOC_AUTO, 0,
                                  Counts.data(), &Chunk, &FellBack))
    return E;
  if (FellBack)
    return 0;
  long K;
  const hetile_pipeline_choice &C = N.Choice;
  if (C.chunk) // one block per processor: k C >= NCols
    K = (NCols + Chunk - 1) / Chunk > 1 ? (NCols + Chunk - 1) / Chunk : 1;
  else if (int E = hetile_alloc_block_width(P, T.data(), C.n1, NCols,
                                            C.tile_s, N.Costs.beta, C.tcom,
                                            C.min_blocks, &K))
    return E;
  for (long &X : Counts)
    X *= K;
  if (int E = hetile_alloc_owners_from_counts(P, Counts.data(), NCols,
                                              Owner.data()))
    return E;
  char Buf[400];
  std::string Sizes;
  for (int I = 0; I < N.Depth; ++I)
    Sizes += (I ? "x" : "") + std::to_string(C.sizes[I]);
  std::snprintf(Buf, sizeof Buf,
                "; blocks x%ld of Proposition 1's columns (%s%s; costs %s: "
                "beta %.3g s, tau_t %.3g s, tau_a %.3g s; tiles %s "
                "(distributed dimension first), %ld rows, tile %.3g s, "
                "T_com %.3g s; [AY98] block row %s)",
                K,
                C.chunk ? "one block per processor, hetile_refine's"
                        : "[BDRV98] with T_com",
                !C.chunk && C.min_blocks > 1
                    ? ", skewed: 4 blocks per processor at least"
                    : "",
                N.Costs.measured ? "measured" : "fixed", N.Costs.beta,
                N.Costs.tau_t, N.Costs.tau_a, Sizes.c_str(), C.n1, C.tile_s,
                C.tcom, C.on_edge ? "one block per processor" : "of volume");
  Words = Buf;
  if (!C.on_edge) {
    std::snprintf(Buf, sizeof Buf, " %.3g)", C.volume);
    Words.pop_back();
    Words += Buf;
  }
  return 1;
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

void hetile::rt::notePipeline(Processors Who, int P, int Depth,
                             const hetile_costs &Costs,
                             const hetile_pipeline_choice &Choice) {
  NoteSlot &S = noteSlot();
  std::lock_guard<std::mutex> G(S.Lock);
  S.Note.Who = Who;
  S.Note.P = P;
  S.Note.Depth = Depth;
  S.Note.Costs = Costs;
  S.Note.Choice = Choice;
  S.Valid = true;
}

bool hetile::rt::takePipeline(Processors Who, int P, long NCols,
                              PipelineNote &Out) {
  NoteSlot &S = noteSlot();
  std::lock_guard<std::mutex> G(S.Lock);
  if (!S.Valid || S.Note.Who != Who || S.Note.P != P || NCols < S.Note.Choice.n2 ||
      NCols > S.Note.Choice.n2 + 1)
    return false;
  S.Valid = false;
  Out = S.Note;
  return true;
}

int ColumnAllocation::allocate(Processors Who) {
  int P = (int)Times.size();
  Owner.assign(NCols, 0);
  std::string ModelWords;
  PipelineNote Note;
  int Model = 0;
  // Ranks agree on the note: every rank made it from the same broadcast
  // costs and extents.
  bool HaveNote = Strategy == HETILE_ALLOC_AUTO && NCols > 0 && P > 1 &&
                  takePipeline(Who, P, NCols, Note);
  Panel = 0;
  if (Strategy == HETILE_ALLOC_AUTO && NClusters > 1 && PanelGiven != 0 &&
      NCols > 0)
    Model = clusterOwners(*this, HaveNote ? &Note : nullptr, Owner,
                          ModelWords);
  else if (HaveNote)
    Model = modelOwners(Note, Times, NCols, Owner, ModelWords);
  if (Model < 0)
    return Model;
  if (NCols > 0 && !Model)
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
  Description = D + ModelWords + flatClusterWords(*this);
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
