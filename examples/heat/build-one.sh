# Sourced by speedup.sh and run-mpi.sh: build MODE BACKEND configures and
# builds this project into $WORK/MODE-BACKEND against the hetile package in
# $PREFIX, with the C compiler $CC and the generator options GEN; on a
# failure it prints the log.
build() { # MODE BACKEND
  local dir="$WORK/$1-$2"
  cmake -S "$SRC" -B "$dir" "${GEN[@]}" -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_PREFIX_PATH="$PREFIX" -DHEAT_MODE="$1" -DHEAT_BACKEND="$2" \
    -DCMAKE_BUILD_TYPE=Release >"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
  cmake --build "$dir" >>"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
}
