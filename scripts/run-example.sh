#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds
# hetile, and analyzes examples/ (which nests are tiled, which are not and why).
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
