#!/usr/bin/env python3
"""Benchmark (not a test): hetile --auto on classic PolyBench kernels.

Each kernel of bench/kernels/classic/ is a complete C program written as
PolyBench writes it: no `restrict`, VLA array parameters (`double A[n][n]`),
no `#pragma hetile`; the kernel is a function `kernel_<name>` of its own,
which the program times alone and which prints `checksum <hash of all its
arrays' bytes>` and `time <seconds>` (bench/kernels/bench-kernel.h). This
script builds each kernel five ways

  original    gcc -O3 -march=native -std=c11
  seq         hetile rewrite --auto --backend=seq, then gcc -O3 -march=native
              -fopenmp, linked with libhetile_rt.a
  omp         hetile rewrite --auto --backend=omp (the default schedule),
              same compiler line, OMP_NUM_THREADS=THREADS
  polly       clang-19 -O3 -march=native -fopenmp -mllvm -polly
              -mllvm -polly-position=early -mllvm -polly-parallel
              -ffp-contract=off on the original, OMP_NUM_THREADS=THREADS
  polly-seq   the same without -fopenmp and -polly-parallel

(-ffp-contract=off: the arithmetic of gcc -std=c11, which does not contract
a * b + c into FMAs), runs every variant REPS times, interleaved (rep 1 of
every kernel and variant, then rep 2, ...), and prints a Markdown table: the
median kernel time of each variant with its speed-up over the original and
[fastest-slowest run], how many nests of the kernel function hetile tiled
(`/* hetile: tile loops */` blocks in the omp variant's `kernel_<name>`),
and whether every variant's checksum equals the original's, bit for bit. The
last row is the geometric mean of each variant's speed-ups.

    bench/classic_kernels.py [--quick] [--kernels a,b] [--sizes k=AxB,...]
                             [--reps N] [--threads P] [--variants a,b]
                             [--env VAR=VALUE]... [--out FILE.md]
                             [--build BUILD_DIR] [--work DIR]

--sizes gives a kernel's command-line arguments, separated by 'x'
(`--sizes gemm=1000x1100x1200,lu=1500`). --env sets a variable for the
hetile variants only: `--env HETILE_PROFIT=0` makes every nest run tiled
(by default the runtime runs the original nest where it has been faster, and
a first call tries each way on a part of the nest), `--env
HETILE_TILE_SIZES=5,7,9` gives small tiles, a check of many partial ones.

--auto also tiles the initialisation nests of main(), which are not timed;
the table counts the kernel function's nests only. The notes list, for each
kernel, the `nest not tiled` remarks of `hetile rewrite` inside its kernel
function. Rewritten files (and the remarks) are cached under --work, keyed by
the source, the kernel header, the hetile binary and the options, so that a
second run does not wait for `hetile rewrite` again.
"""
import math
import os
import re
import subprocess
import time

import benchlib
from benchlib import KDIR, run

CDIR = os.path.join(KDIR, "classic")

# name: (full-size arguments, quick arguments), joined by 'x' in the order of
# the kernel's command line (the comment at the top of each file). Full sizes
# are PolyBench's LARGE shapes, scaled so that the original (gcc -O3
# -march=native) takes about 0.5-2 s on the project's 2-core machine; quick
# sizes are odd, so that tiles are partial at the edges.
KERNELS = {
    "gemm": ("1400x1500x1600", "203x221x247"),
    "2mm": ("800x900x1100x1200", "131x149x167x181"),
    "3mm": ("800x900x1000x1100x1200", "113x127x139x151x163"),
    "syrk": ("2000x1200", "251x197"),
    "trmm": ("1000x1200", "211x241"),
    "covariance": ("1200x1400", "223x257"),
    "gramschmidt": ("1200x1000", "233x199"),
    "lu": ("1800", "301"),
    "cholesky": ("2000", "307"),
    "floyd-warshall": ("1400", "251"),
    "nussinov": ("2200", "307"),
    "seidel-2d": ("2000x50", "307x70"),
    "jacobi-2d": ("1300x500", "307x70"),
    "fdtd-2d": ("1000x1200x500", "199x241x70"),
    "heat-3d": ("120x500", "41x70"),
    "doitgen": ("200x220x250", "41x37x53"),
}

STD = ["-std=c11", "-D_POSIX_C_SOURCE=200809L"]
# The rewritten files live in --work: their `#include "../bench-kernel.h"`
# is found through -I bench/kernels/classic.
INC = ["-I" + KDIR, "-I" + CDIR]
GCC = ["gcc", "-O3", "-march=native"] + STD + INC
POLLY_SEQ = (["clang-19", "-O3", "-march=native", "-mllvm", "-polly",
              "-mllvm", "-polly-position=early", "-ffp-contract=off"]
             + STD + INC)
POLLY = POLLY_SEQ[:1] + ["-fopenmp", "-mllvm", "-polly-parallel"] + POLLY_SEQ[1:]

# The clang arguments of `hetile rewrite` (after `--`).
HETILE_CFLAGS = STD + ["-I" + KDIR]

# name: (hetile rewrite options or None for the original source, compiler
# line, uses threads, is a hetile variant)
VARIANTS = {
    "original": (None, GCC, False, False),
    "seq": (["--auto", "--backend=seq"], GCC + ["-fopenmp"], False, True),
    "omp": (["--auto", "--backend=omp"], GCC + ["-fopenmp"], True, True),
    "polly": (None, POLLY, True, False),
    "polly-seq": (None, POLLY_SEQ, False, False),
}

MARKER = "/* hetile: tile loops */"


def kernel_lines(lines):
    """(first, last) 0-based index of the lines from `static void kernel_`
    up to the line before `int main(`: the kernel function, and in a
    rewritten file the outlined point-loop functions that precede main
    (never a tile-loops marker)."""
    first = next((n for n, l in enumerate(lines)
                  if l.startswith("static void kernel_")), None)
    last = next((n for n, l in enumerate(lines)
                 if l.startswith("int main(")), len(lines))
    return first, last - 1


def tiled_nests(path):
    """How many tile-loop blocks the kernel function of the rewritten file
    PATH has (one per tiled nest), or None if it has no kernel function."""
    lines = open(path).read().splitlines()
    first, last = kernel_lines(lines)
    if first is None:
        return None
    return sum(l.count(MARKER) for l in lines[first:last + 1])


class Bench(benchlib.KernelBench):
    """bench/kernels/classic/, rewritten with its stderr kept."""

    def __init__(self):
        super().__init__("classic_kernels", KERNELS, VARIANTS, CDIR)
        self.rewritten = {}

    def rewrite(self, kernel, opts):
        """(the rewritten source, its stderr), cached under --work; (None,
        why) when `hetile rewrite` fails. A file in which hetile tiled
        nothing is still returned: it runs as the original."""
        src = os.path.join(CDIR, kernel + ".c")
        key = benchlib.digest([src, os.path.join(KDIR, "bench-kernel.h"),
                               self.hetile], opts + HETILE_CFLAGS)
        out = os.path.join(self.a.work, "%s.%s.c" % (kernel, key))
        log = out + ".stderr"
        if os.path.exists(out) and os.path.exists(log):
            return out, open(log).read()
        cmd = ([self.hetile, "rewrite"] + opts + [src, "-o", out + ".tmp",
                                                  "--"] + HETILE_CFLAGS)
        start = time.perf_counter()
        try:
            p = run(cmd, timeout=self.a.rewrite_timeout)
        except subprocess.TimeoutExpired:
            return None, "`hetile rewrite %s` did not finish in %d s" % (
                " ".join(opts), self.a.rewrite_timeout)
        took = time.perf_counter() - start
        if p.returncode != 0:
            return None, "`hetile rewrite %s` failed (exit %d): %s" % (
                " ".join(opts), p.returncode,
                (p.stderr.strip().splitlines() or [""])[-1])
        if took > 30:
            self.notes.append("%s %s: `hetile rewrite` took %.0f s"
                              % (kernel, " ".join(opts), took))
        with open(log, "w") as f:
            f.write(p.stderr)
        os.replace(out + ".tmp", out)
        return out, p.stderr

    def source(self, kernel, variant, opts):
        """The rewritten source, or None with a note; keeps it and its
        stderr in rewritten."""
        src, stderr = self.rewrite(kernel, opts)
        if src is None:
            self.notes.append("%s %s: %s" % (kernel, variant, stderr))
            return None
        self.rewritten[kernel, variant] = (src, stderr)
        return src

    def not_tiled(self, kernel, stderr):
        """The `nest not tiled` remarks of STDERR inside the kernel
        function of KERNEL's source, as 'line N: message [kind]'."""
        lines = open(os.path.join(CDIR, kernel + ".c")).read().splitlines()
        first, last = kernel_lines(lines)
        out = []
        for m in re.finditer(r"^\S*?%s\.c:(\d+):\d+: remark: nest not tiled: "
                             r"(.*)$" % re.escape(kernel), stderr, re.M):
            line = int(m.group(1))
            if first is not None and first < line <= last + 1:
                out.append("line %d: %s" % (line, m.group(2)))
        return out


def main():
    b = Bench()
    a = b.parse_args(__doc__, reps=5, work="hetile-classic-kernels")
    b.variants = [v for v in VARIANTS if v in b.variants]
    a.work = os.path.abspath(a.work)
    b.measure()
    kernels, variants = b.kernels, b.variants

    def nests(k):
        for v in ("omp", "seq"):
            if (k, v) in b.rewritten:
                n = tiled_nests(b.rewritten[k, v][0])
                text = "?" if n is None else str(n)
                return text if v == "omp" else text + " (seq)"
        return "-"

    for k in kernels:
        for v in ("omp", "seq"):
            if (k, v) in b.rewritten:
                for r in b.not_tiled(k, b.rewritten[k, v][1]):
                    b.notes.append("%s (%s): not tiled: %s" % (k, v, r))
                break

    preamble = ("Command: `%s`; %s. "
                "Load average (1, 5, 15 min) %s before, %s after. "
                "Medians of %d interleaved runs (kernel time only, seconds), "
                "speed-up over the original in parentheses, [fastest-slowest "
                "run] in brackets; threaded variants with OMP_NUM_THREADS=%d. "
                "Tiled nests: `/* hetile: tile loops */` blocks in the "
                "kernel function of the omp variant's rewritten file.%s"
                % (benchlib.command("bench/classic_kernels.py"),
                   benchlib.machine(), b.load[0], b.load[1], a.reps,
                   a.threads, b.env_note()))
    head = (["kernel", "arguments"] + variants +
            ["tiled nests", "checksums vs original"])
    rows = [[k, b.sizes[k]] + [b.cell(k, v) for v in variants] +
            [nests(k), b.checks(k)] for k in kernels]
    gm = ["geometric mean", "", ""]
    for v in variants[1:]:
        ups = [s for s in (b.speedup(k, v) for k in kernels) if s]
        if not ups:
            gm.append("-")
            continue
        text = "%.2fx" % math.exp(sum(map(math.log, ups)) / len(ups))
        if len(ups) < len(kernels):
            text += " (%d kernels)" % len(ups)
        gm.append(text)
    rows.append(gm + ["", ""])
    benchlib.write_table(preamble, head, rows, b.notes, a.out)


if __name__ == "__main__":
    main()
