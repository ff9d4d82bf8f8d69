#!/usr/bin/env python3
"""Benchmark (not a test): hetile's tiled code against the original and Polly.

For each kernel of bench/kernels/ (a complete C program with one
`#pragma hetile` nest that prints `checksum <hash of its arrays' bytes>` and
`time <seconds of the nest alone>`), this script builds

  original       gcc -O3 -march=native
  seq            hetile rewrite --backend=seq, then gcc -O3 -march=native
                 -fopenmp, linked with libhetile_rt.a
  omp            hetile rewrite --backend=omp --omp-schedule=pipeline
                 (pipelined columnwise schedule), same compiler line,
                 OMP_NUM_THREADS=THREADS
  omp-auto       hetile rewrite --backend=omp (the default schedule, auto:
                 strips where the model prefers them, else the pipeline)
  omp-wavefront  hetile rewrite --backend=omp --omp-schedule=wavefront,
                 OMP_NUM_THREADS=THREADS
  polly          clang-19 -O3 -march=native -fopenmp -mllvm -polly
                 -mllvm -polly-position=early -mllvm -polly-parallel
                 -ffp-contract=off on the original, OMP_NUM_THREADS=THREADS
                 (-ffp-contract=off: the same arithmetic as gcc -std=c11,
                 which does not contract into FMAs)

runs every variant REPS times, interleaved (rep 1 of every variant, then rep
2, ...), and prints a Markdown table: the median kernel time of each variant,
its speedup (original / variant) and whether its checksum equals the
original's, bit for bit, on every run.

    bench/tiling_speed.py [--quick] [--kernels a,b] [--sizes k=NxT,...]
                          [--reps N] [--threads P] [--variants a,b]
                          [--env VAR=VALUE]... [--spread] [--out FILE.md]
                          [--realtime PRIO] [--pause S]
                          [--build BUILD_DIR] [--work DIR]

--sizes gives a kernel's command-line arguments, separated by 'x'
(`--sizes sor-2d=2000x40,heat-3d=120x60`). --env sets a variable for the
hetile variants only (e.g. `--env HETILE_TILE_SIZES=32,64,64`). Rewritten
files are cached under --work, keyed by the source, the hetile binary and the
options, so that a second run does not wait for `hetile rewrite` again.

On a machine that other jobs keep busy, --realtime PRIO runs each kernel under
`chrt -f PRIO` (SCHED_FIFO, needs root): its threads then have the cores to
themselves, as on an idle machine (nice is not enough: other sessions' jobs
may sit in other cgroups). The runs are --pause seconds apart so that the
other jobs still progress.
"""
import time

import benchlib
from benchlib import KDIR, run

# name: (full-size arguments, quick arguments). Full sizes are chosen so that
# the original (gcc -O3 -march=native) takes about 2 s on the project's 2-core
# machine when it has the cores to itself (--realtime; see docs/benchmarks.md).
KERNELS = {
    "sor-2d": ("2000x160", "300x10"),
    "seidel-2d": ("2000x64", "300x10"),
    "jacobi-2d": ("2000x240", "300x10"),
    "jacobi-2d-flat": ("2000x240", "300x10"),
    "heat-3d": ("150x300", "40x10"),
    "fdtd-2d": ("2000x180", "300x10"),
    "recurrence-3d": ("300x30", "60x1"),
}

STD = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I" + KDIR]
GCC = ["gcc", "-O3", "-march=native"] + STD
# -ffp-contract=off: clang contracts a * b + c into FMAs by default, gcc does
# not under -std=c11; without it Polly's checksums differ on fdtd-2d and
# recurrence-3d only because of the FMAs (plain clang-19 -O3 too).
POLLY = (["clang-19", "-O3", "-march=native", "-fopenmp", "-mllvm", "-polly",
          "-mllvm", "-polly-position=early", "-mllvm", "-polly-parallel",
          "-ffp-contract=off"] + STD)

# name: (hetile rewrite options or None for the original source, compiler
# line, uses threads, is a hetile variant)
VARIANTS = {
    "original": (None, GCC, False, False),
    "seq": (["--backend=seq"], GCC + ["-fopenmp"], False, True),
    "omp": (["--backend=omp", "--omp-schedule=pipeline"], GCC + ["-fopenmp"],
            True, True),
    # What `--backend=omp` gives: strips where the model prefers them.
    "omp-auto": (["--backend=omp"], GCC + ["-fopenmp"], True, True),
    "omp-wavefront": (["--backend=omp", "--omp-schedule=wavefront"],
                      GCC + ["-fopenmp"], True, True),
    "polly": (None, POLLY, True, False),
}


class Bench(benchlib.KernelBench):
    """bench/kernels/ rewritten by benchlib.rewrite, run under --realtime."""

    def source(self, kernel, variant, opts):
        """The rewritten source (cached), or None with a note."""
        out, why, took = benchlib.rewrite(self.hetile, self.a.work, kernel, opts,
                                          STD, self.a.rewrite_timeout)
        if why:
            self.notes.append(why)
        elif took > 30:
            self.notes.append("%s %s: `hetile rewrite` took %.0f s"
                              % (kernel, " ".join(opts), took))
        return out

    def time_once(self, exe, args, env):
        """(kernel seconds, checksum) or (None, reason); under `chrt -f
        PRIO` with --realtime, after a --pause."""
        prefix = ["chrt", "-f", str(self.a.realtime)] if self.a.realtime else []
        if self.a.pause:
            time.sleep(self.a.pause)
        return super().time_once(exe, args, env, prefix)


def options(ap):
    """This script's own options, --realtime and --pause."""
    ap.add_argument("--realtime", type=int, metavar="PRIO", default=0,
                    help="run the kernels under `chrt -f PRIO` (SCHED_FIFO; "
                    "root): on a loaded machine, the cores to themselves")
    ap.add_argument("--pause", type=float, default=None,
                    help="seconds to sleep before each run (default 0, "
                    "0.5 with --realtime: the other processes' turn)")


def main():
    b = Bench("tiling_speed", KERNELS, VARIANTS)
    a = b.parse_args(__doc__, reps=3, work="hetile-tiling-speed", spread=True,
                     options=options)
    if a.pause is None:
        a.pause = 0.5 if a.realtime else 0.0
    if a.realtime:
        p = run(["chrt", "-f", str(a.realtime), "true"])
        if p.returncode != 0:
            b.die("--realtime: `chrt -f %d` fails: %s"
                  % (a.realtime, p.stderr.strip()))

    b.measure()
    preamble = ("Command: `%s`; %s. "
                "Load average (1, 5, 15 min) %s before, %s after. "
                "Medians of %d interleaved runs (kernel time only, seconds), "
                "speedup over the original in parentheses%s; threaded "
                "variants with OMP_NUM_THREADS=%d.%s%s"
                % (benchlib.command("bench/tiling_speed.py"),
                   benchlib.machine(), b.load[0], b.load[1], a.reps,
                   ", [fastest-slowest run] in brackets" if a.spread else "",
                   a.threads,
                   (" Kernels run under SCHED_FIFO (`chrt -f %d`), %.1f s "
                    "apart." % (a.realtime, a.pause)) if a.realtime else "",
                   b.env_note()))
    head = ["kernel", "arguments"] + b.variants + ["checksums vs original"]
    rows = [[k, b.sizes[k]] + [b.cell(k, v, a.spread) for v in b.variants] +
            [b.checks(k)] for k in b.kernels]
    benchlib.write_table(preamble, head, rows, b.notes, a.out)

if __name__ == "__main__":
    main()
