//===- CmdHier.cpp - hetile-plan hier (placeholder until Hier.cpp) ----------===//
#include "Args.h"
#include "Commands.h"

using namespace hetile::plan;

int hetile::plan::runHier(int, char **) {
  throw UsageError("hier: not built yet");
}
