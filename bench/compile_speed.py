#!/usr/bin/env python3
"""Benchmark (not a test): compile time of `hetile rewrite` against Polly.

For each kernel of bench/kernels/ (and a few of test/Run, or all of them with
--all-run), in this one run:
the wall time of `hetile rewrite --backend=B` for every backend, of
`clang-19 -O3 -mllvm -polly -c` of the same file, and of `mpicc -O2 -c` of
the mpi rewrite's output; medians of RUNS runs, interleaved. Prints a
Markdown table: seconds, and each rewrite's ratio to the Polly compile. A
rewrite that leaves the nest as it is (a remark such as too-complex) or does
not finish in TIMEOUT seconds is marked.

    bench/compile_speed.py [--build BUILD_DIR] [--runs RUNS] [--timeout S]
                           [--kernels a,b,...] [--all-run]
                           [--backends seq,omp,mpi,mpi+omp] [--no-polly]
"""
import argparse
import os
import re
import statistics
import sys
import tempfile
import time

import benchlib

ROOT = benchlib.ROOT
RT_INC = os.path.join(ROOT, "runtime", "include")
RUN_DIR = os.path.join(ROOT, "test", "Run")
RUN_KERNELS = ["sor-2d", "seidel-2d-time", "lcs", "matmul", "recurrence-4d"]
BACKENDS = ["seq", "omp", "mpi", "mpi+omp"]


def kernels(only, all_run):
    found = []
    for f in sorted(os.listdir(benchlib.KDIR)):
        if f.endswith(".c"):
            found.append(("bench/kernels/" + f, os.path.join(benchlib.KDIR, f),
                          ["-I" + benchlib.KDIR]))
    run = RUN_KERNELS
    if all_run:
        run = sorted(f[:-2] for f in os.listdir(RUN_DIR) if f.endswith(".c"))
    for k in run:
        found.append(("test/Run/%s.c" % k, os.path.join(RUN_DIR, k + ".c"),
                      ["-I" + os.path.join(ROOT, "test", "Exec", "Inputs")]))
    if only:
        names = set(only.split(","))
        found = [k for k in found
                 if os.path.basename(k[0])[:-2] in names]
    return found


def timed(cmd, timeout):
    """(seconds, process) or (None, None) past the timeout."""
    start = time.perf_counter()
    try:
        p = benchlib.run(cmd, timeout=timeout)
    except Exception:  # subprocess.TimeoutExpired
        return None, None
    return time.perf_counter() - start, p


def median(xs):
    return None if any(x is None for x in xs) else statistics.median(xs)


def fmt(t):
    return "> timeout" if t is None else "%.2f" % t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--kernels", default="")
    ap.add_argument("--all-run", action="store_true",
                    help="every kernel of test/Run, not a few")
    ap.add_argument("--backends", default=",".join(BACKENDS))
    ap.add_argument("--no-polly", action="store_true")
    args = ap.parse_args()
    backends = args.backends.split(",")
    hetile = os.path.join(args.build, "bin", "hetile")
    if not os.access(hetile, os.X_OK):
        sys.exit("compile_speed: build hetile first (scripts/build.sh)")
    work = tempfile.mkdtemp(prefix="hetile-compile-speed-")
    std = ["-std=gnu11", "-I" + RT_INC]

    print("machine: %s, %d cores, load %s" % (benchlib.cpu_model(),
                                               os.cpu_count(), benchlib.loadavg()))
    head = "| kernel | polly -O3 (s) | " + " | ".join(
        "%s (s) | ratio" % b for b in backends) + " | mpicc -O2 of mpi (s) | remarks |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for name, src, inc in kernels(args.kernels, args.all_run):
        flags = std + inc
        polly = ["clang-19", "-O3", "-fopenmp", "-mllvm", "-polly", "-c", src,
                 "-o", os.devnull] + flags
        times = {b: [] for b in backends}
        t_polly, t_mpicc, remarks = [], [], set()
        for _ in range(args.runs):
            if not args.no_polly:
                t_polly.append(timed(polly, args.timeout)[0])
            for b in backends:
                out = os.path.join(work, "%s.%s.c" % (os.path.basename(src), b))
                cmd = [hetile, "rewrite", src, "-o", out, "--backend=" + b,
                       "--"] + flags + (["-fopenmp"] if "omp" in b else [])
                t, p = timed(cmd, args.timeout)
                times[b].append(t)
                if p is None:
                    remarks.add("%s: timeout" % b)
                    continue
                if p.returncode != 0:
                    remarks.add("%s: exit %d" % (b, p.returncode))
                for kind in re.findall(r"\[hetile-reject-([a-z-]+)\]", p.stderr):
                    remarks.add("%s: %s" % (b, kind))
            mpi_out = os.path.join(work, "%s.mpi.c" % os.path.basename(src))
            if os.path.exists(mpi_out):
                t_mpicc.append(timed(["mpicc", "-O2", "-c", mpi_out, "-o",
                                      os.devnull] + flags, args.timeout)[0])
        mp = median(t_polly) if t_polly else None
        row = "| %s | %s |" % (name, fmt(mp) if t_polly else "-")
        for b in backends:
            mb = median(times[b])
            ratio = "-" if mb is None or not mp else "%.2fx" % (mb / mp)
            row += " %s | %s |" % (fmt(mb), ratio)
        row += " %s | %s |" % (fmt(median(t_mpicc)) if t_mpicc else "-",
                               ", ".join(sorted(remarks)) or "-")
        print(row, flush=True)


if __name__ == "__main__":
    main()
