#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds
# hetile, analyzes examples/ (which nests are tiled, which are not and why),
# builds examples/heat against the installed package every way (plain,
# plugin, rewriter, pkg-config: the same checksum, bit for bit), and
# measures what hetile gains on it: the tiled code, 2 OpenMP threads, 2 MPI
# ranks, and 2 ranks of different speeds allocated speed-blind and by
# speed (examples/heat/speedup.sh).
#   scripts/run-example.sh [BUILD_DIR]   (default: build)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}

bash "$ROOT/scripts/build.sh" "$BUILD" >/dev/null
cd "$ROOT/examples"
for f in sor.c kernels.c; do
  echo "== hetile analyze examples/$f"
  "$BUILD/bin/hetile" analyze "$f" -- -std=c11
done

# examples/heat as a user's project: install hetile into a prefix of the
# build folder, build the solver plainly, with the plugin (CMake), with the
# rewriter and with pkg-config, and compare checksums; then measure.
HEAT="$BUILD/example-heat"
rm -rf "$HEAT"
cmake --install "$BUILD" --prefix "$HEAT/prefix" >/dev/null
echo "== examples/heat: plain, plugin, rewrite (installed package in $HEAT/prefix)"
bash "$ROOT/examples/heat/build-three-ways.sh" "$HEAT/prefix" "$HEAT/three-ways" seq
bash "$ROOT/examples/heat/speedup.sh" "$HEAT/prefix" "$HEAT/speedup"
