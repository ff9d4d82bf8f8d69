#!/usr/bin/env python3
"""Is hetile ever slower than the original? Programs shaped like
applications (bench/apps/): an SSOR-style solver calling two small nests per
plane tens of thousands of times (two sizes), a suite of small nests
repeated, a large stencil called once per time step, a time-stepped
stencil whose sizes and data are in a struct (or whose rows are reached
through a table of row pointers), a time-stepped relaxation over an array
of structs (cells). Each is built as the
original (gcc -O3), `hetile rewrite --auto` seq and omp (gcc -O3, the
run-time decision on, as users get it), and Polly (clang-19 -O3 -mllvm
-polly, with -polly-parallel on 2 threads), and timed (its own clock around
the compute phase) at normal priority, idle and beside one busy-looping
process, each variant in the same condition as the original it is compared
with. Prints medians of --reps runs and original / variant ratios (above 1:
faster than the original). Every variant's checksum must be the original's.

With --kernels the kernels of bench/kernels/ (one nest, called once, about
0.3 to 1 s) join the programs, built the same way.

  bench/app_shapes.py [--build build] [--reps 5] [--only NAME,...]
                      [--kernels] [--variants seq,omp1,omp2,polly,pollyp]
                      [--conditions idle,busy] [--out FILE]
"""
import argparse
import os
import statistics
import sys
import tempfile

import benchlib

APPS = [
    # (name, source, arguments)
    ("ssor-planes 33x300", "ssor_planes", ["33", "300"]),
    ("ssor-planes 120x20", "ssor_planes", ["120", "20"]),
    ("small-nests 64x5000", "small_nests", ["64", "5000"]),
    ("big-stencil 3000x20", "big_stencil", ["3000", "20"]),
    ("struct-sweep 1500x40", "struct_sweep", ["1500", "40", "0"]),
    ("row-table 1500x40", "struct_sweep", ["1500", "40", "1"]),
    ("grid-jacobi 1500x40", "struct_sweep", ["1500", "40", "2"]),
    ("cells 1500x40", "cells", ["1500", "40"]),
]

# bench/kernels/ (--kernels): (name, source, arguments).
KERNELS = [
    ("sor-2d 1000x80", "kernels/sor-2d", ["1000", "80"]),
    ("seidel-2d 1000x32", "kernels/seidel-2d", ["1000", "32"]),
    ("jacobi-2d 1000x120", "kernels/jacobi-2d", ["1000", "120"]),
    ("jacobi-1d 400000x500", "kernels/jacobi-1d", ["400000", "500"]),
    ("heat-3d 100x100", "kernels/heat-3d", ["100", "100"]),
    ("heat-rec-3d 100x50", "kernels/heat-rec-3d", ["100", "50"]),
    ("fdtd-2d 1000x90", "kernels/fdtd-2d", ["1000", "90"]),
    ("recurrence-3d 200x10", "kernels/recurrence-3d", ["200", "10"]),
    ("recurrence-4d 60x2", "kernels/recurrence-4d", ["60", "2"]),
    ("edit-distance 8000", "kernels/edit-distance", ["8000"]),
    ("sor-sweep 3000", "kernels/sor-sweep", ["3000"]),
]

# (label, build, threads)
VARIANTS = [
    ("original", "orig", 1),
    ("hetile seq", "seq", 1),
    ("hetile omp, 1 thread", "omp", 1),
    ("hetile omp, 2 threads", "omp", 2),
    ("Polly", "polly", 1),
    ("Polly parallel, 2 threads", "pollyp", 2),
]


def build(args, work, src_name):
    """The executables of one program: {build: path}."""
    if "/" not in src_name:
        src_name = "apps/" + src_name
    src = os.path.join(benchlib.ROOT, "bench", src_name + ".c")
    std = ["-std=c11", "-D_POSIX_C_SOURCE=200809L",
           "-I" + os.path.join(benchlib.ROOT, "bench", "kernels")]
    inc = os.path.join(benchlib.ROOT, "runtime", "include")
    lib = os.path.join(os.path.abspath(args.build), "lib")
    hetile = os.path.join(os.path.abspath(args.build), "bin", "hetile")
    rt = ["-L", lib, "-Wl,-rpath," + lib, "-lhetile_rt", "-lm"]
    exes = {}

    def cc(cmd, out):
        p = benchlib.run(cmd + ["-o", out])
        if p.returncode:
            sys.exit("build failed: %s\n%s" % (" ".join(cmd), p.stderr))
        exes[os.path.basename(out).split(".")[-1]] = out

    base = os.path.join(work, os.path.basename(src_name))
    cc(["gcc", "-O3"] + std + [src, "-lm"], base + ".orig")
    for backend in ("seq", "omp"):
        out = "%s.%s.c" % (base, backend)
        p = benchlib.run([hetile, "rewrite", "--auto", "--backend=" + backend,
                          src, "-o", out, "--"] + std)
        if p.returncode or "/* hetile: tile loops */" not in open(out).read():
            sys.exit("%s: not tiled: %s" % (src, p.stderr[-400:]))
        cc(["gcc", "-O3"] + std + ["-I", inc] +
           (["-fopenmp"] if backend == "omp" else []) + [out] + rt,
           base + "." + backend)
    polly = ["clang-19", "-O3"] + std + ["-mllvm", "-polly", src, "-lm"]
    cc(polly, base + ".polly")
    cc(polly + ["-mllvm", "-polly-parallel", "-fopenmp"], base + ".pollyp")
    return exes


def once(exe, argv, threads):
    env = {k: v for k, v in os.environ.items() if not k.startswith("HETILE_")}
    env["OMP_NUM_THREADS"] = str(threads)
    p = benchlib.run([exe] + argv, env=env, timeout=600)
    out = dict(l.split(None, 1) for l in p.stdout.splitlines() if " " in l)
    if p.returncode or "time" not in out:
        sys.exit("%s failed (%d): %s" % (exe, p.returncode, p.stderr[-400:]))
    return out["checksum"].strip(), float(out["time"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(benchlib.ROOT, "build"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--kernels", action="store_true",
                    help="also the kernels of bench/kernels/")
    ap.add_argument("--variants", default="",
                    help="which to run beside the original (default: all): "
                    "seq, omp1, omp2 (hetile omp on 1 and 2 threads), polly, "
                    "pollyp")
    ap.add_argument("--conditions", default="idle,busy")
    ap.add_argument("--out")
    args = ap.parse_args()
    only = [s for s in args.only.split(",") if s]
    programs = APPS + (KERNELS if args.kernels else [])
    apps = [a for a in programs if not only or any(o in a[0] for o in only)]
    picked = [s for s in args.variants.split(",") if s]
    variants = [v for v in VARIANTS if v[1] == "orig" or not picked or
                (v[1] + str(v[2]) if v[1] == "omp" else v[1]) in picked]
    conditions = args.conditions.split(",")
    work = tempfile.mkdtemp(prefix="hetile-apps-")
    built = {}
    rows, notes = [], []
    load_before = benchlib.loadavg()
    for name, src, argv in apps:
        if src not in built:
            built[src] = build(args, work, src)
        exes = built[src]
        for cond in conditions:
            times = {label: [] for label, _, _ in variants}
            want = None
            with benchlib.Busy(cond == "busy"):
                # Round-robin: each variant's runs interleave with the
                # original's, so that a change of load meets all alike.
                for _ in range(args.reps):
                    for label, key, threads in variants:
                        sum_, t = once(exes[key], argv, threads)
                        if want is None:
                            want = sum_
                        if sum_ != want:
                            sys.exit("%s %s: checksum %s, original %s" %
                                     (name, label, sum_, want))
                        times[label].append(t)
            med = {k: statistics.median(v) for k, v in times.items()}
            row = [name, cond, "%.3f" % med["original"]]
            for label, _, _ in variants[1:]:
                row.append("%.3f (%.2fx)" % (med[label],
                                             med["original"] / med[label]))
            rows.append(row)
            sys.stderr.write(" ".join(row) + "\n")
    head = ["program", "load", "original (s)"] + \
        ["%s (s, ratio)" % l for l, _, _ in variants[1:]]
    notes.append("load average before the runs: %s, after: %s; `busy`: one "
                 "`while :; do :; done` process beside every run; normal "
                 "priority" % (load_before, benchlib.loadavg()))
    notes.append("ratio: original's median / the variant's median (above 1: "
                 "faster than the original); medians of %d runs, the "
                 "variants interleaved" % args.reps)
    notes.append("every variant printed the original's checksum")
    benchlib.write_table("%s\n\n`%s`" % (benchlib.machine(),
                                         benchlib.command("bench/app_shapes.py")),
                         head, rows, notes, args.out)


if __name__ == "__main__":
    main()
