#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages), configures and builds hetile.
#   scripts/build.sh [BUILD_DIR]      (default: build)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}

bash "$ROOT/scripts/install-deps.sh"
# Compilations go through ccache, with paths under the checkout made
# relative (CCACHE_BASEDIR): a second checkout of the same sources, a CI
# clone, rebuilds from the cache in about a minute instead of eight.
LAUNCHER=()
if command -v ccache >/dev/null; then
  L="env;CCACHE_BASEDIR=$ROOT;ccache"
  LAUNCHER=(-DCMAKE_C_COMPILER_LAUNCHER="$L" -DCMAKE_CXX_COMPILER_LAUNCHER="$L")
fi
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release "${LAUNCHER[@]}" \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
fi
cmake --build "$BUILD"
