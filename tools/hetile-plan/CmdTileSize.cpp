//===- CmdTileSize.cpp - hetile-plan tile-size ------------------------------===//
#include "Args.h"
#include "Commands.h"

using namespace hetile::plan;

int hetile::plan::runTileSize(int, char **) {
  throw UsageError("tile-size: not built yet");
}
