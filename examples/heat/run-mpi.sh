#!/usr/bin/env bash
# The heat example on MPI ranks of different speeds: builds it against an
# installed hetile with the plugin (CMake, BACKEND mpi) and plainly, runs
# the MPI build on NP ranks whose speeds are emulated (rank r sleeps to be
# HETILE_EMULATE_SPEEDS[r] times slower), and shows the allocation the
# runtime chose, the times, and that every rank's checksum is the plain
# build's.
#
#   examples/heat/run-mpi.sh PREFIX WORKDIR [NP] [N] [T] [SPEEDS]
#
# Defaults: 4 ranks, N=600, T=20, SPEEDS=1,1,2,4 (relative cycle times).
set -euo pipefail
PREFIX=$(cd "$1" && pwd)
WORK=$2
NP=${3:-4}
N=${4:-600}
T=${5:-20}
SPEEDS=${6:-1,1,2,4}
SRC=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-clang-19}
MPIRUN=(mpirun -np "$NP")
if [ "$(id -u)" = 0 ]; then MPIRUN+=(--allow-run-as-root); fi
MPIRUN+=(--oversubscribe --bind-to none)
GEN=()
if command -v ninja >/dev/null; then GEN=(-G Ninja); fi
mkdir -p "$WORK"

. "$SRC/build-one.sh"
build plain seq
build plugin mpi

seconds() { # COMMAND...: run it, print its wall time in seconds on fd 3
  local t0 t1
  t0=$(date +%s.%N)
  "$@"
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{ printf "%.2f\n", $2 - $1 }' >&3
}

exec 3>"$WORK/time-plain"
seconds "$WORK/plain-seq/heat" "$N" "$T" >"$WORK/plain.out"
exec 3>"$WORK/time-mpi"
seconds "${MPIRUN[@]}" env HETILE_SPEEDS="$SPEEDS" HETILE_EMULATE_SPEEDS="$SPEEDS" \
  HETILE_STATS=1 "$WORK/plugin-mpi/heat" "$N" "$T" >"$WORK/mpi.out" 2>"$WORK/mpi.err"
exec 3>&-

echo "== heat $N $T on $NP MPI ranks, cycle times $SPEEDS (emulated), built with the hetile plugin"
grep -h '^hetile' "$WORK/mpi.out" "$WORK/mpi.err" | sort || true
echo "plain build: $(cat "$WORK/time-plain") s; MPI build: $(cat "$WORK/time-mpi") s (with emulated slowdown)"
expected=$(cat "$WORK/plain.out")
ranks=$(grep -c '^heat ' "$WORK/mpi.out" || true)
distinct=$(grep '^heat ' "$WORK/mpi.out" | sort -u)
if [ "$ranks" != "$NP" ] || [ "$distinct" != "$expected" ]; then
  echo "heat: the MPI ranks print"
  grep '^heat ' "$WORK/mpi.out" | sed 's/^/  /'
  echo "but the plain build prints"
  echo "  $expected"
  exit 1
fi
echo "heat: all $NP ranks print the plain build's checksum: $expected"
