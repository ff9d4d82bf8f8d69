#!/usr/bin/env python3
"""Benchmark (not a test): the strips schedule against the original, Polly
and the pipelined omp schedule, on time-stepping stencils.

bench/tiling_speed.py with the variant

  omp-strips     hetile rewrite --backend=omp --omp-schedule=strips, then
                 gcc -O3 -march=native -fopenmp, OMP_NUM_THREADS=THREADS

and, by default, the kernels jacobi-1d, jacobi-2d, heat-3d and fdtd-2d at
sizes where the original takes about a second, the variants original,
polly, omp and omp-strips, 3 interleaved runs, 2 threads. Every option of
tiling_speed.py applies (--env HETILE_STRIP_WIDTH=8 fixes the width).

    bench/strips.py [tiling_speed.py options]
"""
import sys

import tiling_speed

tiling_speed.KERNELS.update({
    "jacobi-1d": ("400000x2500", "20000x10"),
    "jacobi-2d": ("2000x120", "300x10"),
    "heat-3d": ("150x150", "40x10"),
    "fdtd-2d": ("2000x90", "300x10"),
})
tiling_speed.VARIANTS["omp-strips"] = (
    ["--backend=omp", "--omp-schedule=strips"], tiling_speed.GCC + ["-fopenmp"],
    True, True)


def main():
    args = sys.argv[1:]
    if not any(a.startswith("--kernels") for a in args):
        args += ["--kernels", "jacobi-1d,jacobi-2d,heat-3d,fdtd-2d"]
    if not any(a.startswith("--variants") for a in args):
        args += ["--variants", "original,polly,omp,omp-strips"]
    sys.argv[1:] = args
    tiling_speed.main()


if __name__ == "__main__":
    main()
