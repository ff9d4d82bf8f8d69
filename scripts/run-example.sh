#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds
# hetile, analyzes examples/ (which nests are tiled, which are not and why),
# and builds and runs examples/heat against the installed package.
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
# build folder, build the solver plainly, with the plugin (CMake) and with
# the rewriter, and compare checksums; then, when hetile was built with
# MPI, run the plugin's MPI build on 4 ranks of emulated speeds 1,1,2,4.
HEAT="$BUILD/example-heat"
rm -rf "$HEAT"
cmake --install "$BUILD" --prefix "$HEAT/prefix" >/dev/null
echo "== examples/heat: plain, plugin, rewrite (installed package in $HEAT/prefix)"
bash "$ROOT/examples/heat/build-three-ways.sh" "$HEAT/prefix" "$HEAT/three-ways" seq
if [ -e "$HEAT/prefix/lib/libhetile_rt_mpi.so" ] && command -v mpirun >/dev/null; then
  bash "$ROOT/examples/heat/run-mpi.sh" "$HEAT/prefix" "$HEAT/mpi" 4 600 20 1,1,2,4
fi
