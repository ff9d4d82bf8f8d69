#!/usr/bin/env bash
# What hetile gains on the heat example: builds it against an installed
# hetile plainly and with the plugin (seq, omp and, when the package has its
# MPI runtime, mpi), runs every build on the same plate, and prints one table
# of the sweeps' wall times and their ratios:
#   - the tiled code (seq), on 2 OpenMP threads (omp) and on 2 MPI ranks
#     (mpi) against the plain build;
#   - 2 MPI ranks of which rank 1 is made 3 times slower
#     (HETILE_EMULATE_SPEEDS=1,3: it sleeps twice its work), allocated
#     speed-blind (HETILE_SPEEDS=1,1: equal columns) and by their speeds
#     (HETILE_SPEEDS=1,3: the heterogeneous allocation of Boulet et al.;
#     then without HETILE_SPEEDS: the runtime measures the speeds), and the
#     gain of the latter over the speed-blind run.
# Every run must print the plain build's checksum, bit for bit.
#
#   examples/heat/speedup.sh PREFIX WORKDIR [N] [T] [RUNS]
#
# Defaults: N=2000, T=100 (a plain build takes one to two seconds on one
# core), RUNS=2 (the best of RUNS runs is kept). Exit status 1 when a build
# or a checksum differs.
set -euo pipefail
PREFIX=$(cd "$1" && pwd)
WORK=$2
N=${3:-2000}
T=${4:-100}
RUNS=${5:-2}
SRC=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-clang-19}
GEN=()
if command -v ninja >/dev/null; then GEN=(-G Ninja); fi
MPI=0
if [ -e "$PREFIX/lib/libhetile_rt_mpi.so" ] && command -v mpirun >/dev/null; then
  MPI=1
fi
# An Open MPI temporary folder of its own, so that other mpirun jobs on the machine do
# not race with this one over /tmp/ompi.*.
MPITMP=$(mktemp -d "${TMPDIR:-/tmp}/heat-mpi.XXXXXX")
trap 'rm -rf "$MPITMP"' EXIT
MPIRUN=(env TMPDIR="$MPITMP" mpirun -np 2)
if [ "$(id -u)" = 0 ]; then MPIRUN+=(--allow-run-as-root); fi
MPIRUN+=(--oversubscribe --bind-to none)
mkdir -p "$WORK"

. "$SRC/build-one.sh"
build plain seq
build plugin seq
build plugin omp
if [ "$MPI" = 1 ]; then build plugin mpi; fi

expected=""
# run NAME COMMAND...: runs it RUNS times; checks that every line it prints
# on stdout (one per rank) is the plain build's; keeps the best time (the
# slowest rank's "heat: sweeps S s") in $WORK/NAME.time and the allocation
# line of HETILE_STATS, if any, in $WORK/NAME.alloc.
run() {
  local name=$1 best="" r t
  shift
  for r in $(seq "$RUNS"); do
    "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" </dev/null ||
      { echo "heat: the $name run failed:"; cat "$WORK/$name.err"; exit 1; }
    if [ -z "$expected" ]; then expected=$(head -n 1 "$WORK/$name.out"); fi
    if [ "$(sort -u "$WORK/$name.out")" != "$expected" ]; then
      echo "heat: the $name run prints"; sed 's/^/  /' "$WORK/$name.out"
      echo "but the plain build prints"; echo "  $expected"
      exit 1
    fi
    t=$(awk '/^heat: sweeps/ { if ($3 > m) m = $3 } END { print m }' "$WORK/$name.err")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$t
    fi
  done
  echo "$best" >"$WORK/$name.time"
  sed -n 's/.*columns per rank: \([0-9,]*\).*/\1/p' "$WORK/$name.err" | head -n 1 >"$WORK/$name.alloc"
}

run plain "$WORK/plain-seq/heat" "$N" "$T"
run seq "$WORK/plugin-seq/heat" "$N" "$T"
run omp env OMP_NUM_THREADS=2 "$WORK/plugin-omp/heat" "$N" "$T"
if [ "$MPI" = 1 ]; then
  run mpi "${MPIRUN[@]}" env HETILE_SPEEDS=1,1 HETILE_STATS=1 \
    "$WORK/plugin-mpi/heat" "$N" "$T"
  run blind "${MPIRUN[@]}" env HETILE_SPEEDS=1,1 HETILE_EMULATE_SPEEDS=1,3 \
    HETILE_STATS=1 "$WORK/plugin-mpi/heat" "$N" "$T"
  run hetero "${MPIRUN[@]}" env HETILE_SPEEDS=1,3 HETILE_EMULATE_SPEEDS=1,3 \
    HETILE_STATS=1 "$WORK/plugin-mpi/heat" "$N" "$T"
  run measured "${MPIRUN[@]}" env HETILE_EMULATE_SPEEDS=1,3 \
    HETILE_STATS=1 "$WORK/plugin-mpi/heat" "$N" "$T"
fi

plain=$(cat "$WORK/plain.time")
row() { # NAME LABEL PROCESSORS [GAIN-OVER-NAME]
  local t cols gain=""
  t=$(cat "$WORK/$1.time")
  cols=$(cat "$WORK/$1.alloc")
  if [ -n "${4:-}" ]; then
    gain=$(awk -v a="$(cat "$WORK/$4.time")" -v b="$t" 'BEGIN { printf "%.2fx", a / b }')
  fi
  awk -v l="$2" -v p="$3" -v c="${cols:--}" -v t="$t" -v base="$plain" -v g="$gain" \
    'BEGIN { printf "%-26s %-31s %-8s %7.2f %8.2fx %s\n", l, p, c, t, base / t, g }'
}
echo "== heat $N $T: wall time of the sweeps (best of $RUNS runs), built with the hetile plugin"
load=$(cut -d' ' -f1 /proc/loadavg)
if awk -v l="$load" -v n="$(nproc)" 'BEGIN { exit !(l >= n) }'; then
  echo "   ($(nproc) cores, load average $load: other work shares the cores, which slows the parallel runs most)"
fi
printf '%-26s %-31s %-8s %7s %9s %s\n' build processors columns "time(s)" "vs plain" \
  "$([ "$MPI" = 1 ] && echo "vs speed-blind")"
row plain "plain (no hetile)" "1 core"
row seq "hetile seq (tiled)" "1 core"
row omp "hetile omp" "2 threads"
if [ "$MPI" = 1 ]; then
  row mpi "hetile mpi" "2 ranks"
  row blind "hetile mpi, speed-blind" "2 ranks at 1:3, SPEEDS=1,1"
  row hetero "hetile mpi, heterogeneous" "2 ranks at 1:3, SPEEDS=1,3" blind
  row measured "hetile mpi, heterogeneous" "2 ranks at 1:3, speeds measured" blind
fi
echo "heat: every run prints the plain build's checksum: $expected"
