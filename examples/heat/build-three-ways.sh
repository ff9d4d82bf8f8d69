#!/usr/bin/env bash
# Builds the heat example against an installed hetile in three ways (plus
# the rewriter by hand with pkg-config), runs every build, and checks that
# they print the same checksum, bit for bit, for several tile sizes.
#
#   examples/heat/build-three-ways.sh PREFIX WORKDIR [BACKEND] [N] [T]
#
# PREFIX: where hetile is installed (cmake --install build --prefix PREFIX)
# WORKDIR: an empty folder for the builds; BACKEND: seq (default) or omp.
# Ends with "heat: N builds agree: <output>" and exit status 0, or says
# which build differs and exits 1.
set -euo pipefail
PREFIX=$(cd "$1" && pwd)
WORK=$2
BACKEND=${3:-seq}
N=${4:-150}
T=${5:-12}
SRC=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-clang-19}
mkdir -p "$WORK"
GEN=()
if command -v ninja >/dev/null; then GEN=(-G Ninja); fi

build_cmake() { # MODE
  local dir="$WORK/$1"
  cmake -S "$SRC" -B "$dir" "${GEN[@]}" -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_PREFIX_PATH="$PREFIX" -DHEAT_MODE="$1" -DHEAT_BACKEND="$BACKEND" \
    -DCMAKE_BUILD_TYPE=Release >"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
  cmake --build "$dir" >>"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
}

build_cmake plain
build_cmake plugin
build_cmake rewrite

# The rewriter by hand, compiled with the flags pkg-config gives.
export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
HETILE=$(pkg-config --variable=hetile hetile)
mkdir -p "$WORK/pkgconfig"
"$HETILE" rewrite "$SRC/heat.c" --backend="$BACKEND" -o "$WORK/pkgconfig/heat.tiled.c" -- -std=c11
EXTRA=()
if [ "$BACKEND" = omp ]; then EXTRA=(-fopenmp); fi
"$CC" -std=c11 -O2 "${EXTRA[@]}" $(pkg-config --cflags hetile) \
  "$WORK/pkgconfig/heat.tiled.c" -o "$WORK/pkgconfig/heat" $(pkg-config --libs hetile)

# The checksum is on stdout; the sweeps' time on stderr goes to a log.
expected=$("$WORK/plain/heat" "$N" "$T" 2>>"$WORK/times.log")
count=0
for build in plugin rewrite pkgconfig; do
  for sizes in "" 1 3,5,7 64; do
    got=$(env ${sizes:+HETILE_TILE_SIZES=$sizes} "$WORK/$build/heat" "$N" "$T" 2>>"$WORK/times.log") ||
      { echo "heat: the $build build (HETILE_TILE_SIZES=${sizes:-default}) failed:"; tail -n 5 "$WORK/times.log"; exit 1; }
    if [ "$got" != "$expected" ]; then
      echo "heat: the $build build (HETILE_TILE_SIZES=${sizes:-default}) prints"
      echo "  $got"
      echo "but the plain build prints"
      echo "  $expected"
      exit 1
    fi
    count=$((count + 1))
  done
done
echo "heat: plain, plugin, rewrite and pkg-config builds agree ($count runs, backend $BACKEND): $expected"
