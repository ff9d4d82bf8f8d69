#!/usr/bin/env python3
"""Is hetile's omp build of the kernels of test/Run ever slower than the
original? Every kernel that the differential harness runs (a `%differential`
RUN line and its `//@ args` lists) is built as the original (gcc -O3) and as
`hetile rewrite --backend=omp` (gcc -O3 -fopenmp, the run-time decision on,
as users get it), and run with each of its argument lists, one process per
list, on 1 and 2 threads, idle and beside one busy-looping process, at
normal priority. A kernel's time is the wall time of its processes, start-up
and the runtime's loading included: these kernels are tests, their nests
last microseconds to milliseconds, so what this measures is what a short
program pays for being rewritten. Medians of --reps interleaved runs; every
run's output must be the original's.

The original is also built with -fopenmp (its pragmas, if any, and the
OpenMP runtime's start), to tell what any OpenMP build of these programs
pays at start-up from what hetile's code and runtime add. --link static
links libhetile_rt into the programs (no shared object more to load).
--time main times main() instead of the process (bench/inputs/time_main.c:
from main's first instruction to exit, the loading of the shared objects
left out, hetile's first-call costs in): what the kernels cost, not what
starting a program with OpenMP costs. There the second build of the
original loads the libraries hetile's build loads (libgomp and
libhetile_rt, linked --no-as-needed, never called): their loading does
work that the plain original's main() does itself (the C library's first
calls: recomputed-scalars' main() with arguments 2 2 took 20 us with them
loaded, 38 us without), so that only this comparison tells what hetile's
code costs.

--cc chooses the C compiler of every build (gcc, or clang-19, whose
-fopenmp links LLVM's libomp: its start at the first OpenMP call costs a
process about 1.7 ms, docs/profitability.md, "OpenMP's start"). --before
HETILE adds the omp build of the same kernels by another hetile binary
(e.g. one built from an earlier commit), linked with this build's runtime,
on 1 and 2 threads.

  bench/run_kernels.py [--build build] [--reps 5] [--only NAME,...]
                       [--link shared|static] [--time process|main]
                       [--cc gcc|clang-19] [--before HETILE] [--out FILE]
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

import benchlib

RUN_DIR = os.path.join(benchlib.ROOT, "test", "Run")
INPUTS = os.path.join(benchlib.ROOT, "test", "Exec", "Inputs")


def kernels(only):
    """(name, path, [argument lists]) of the differential kernels."""
    out = []
    for f in sorted(os.listdir(RUN_DIR)):
        path = os.path.join(RUN_DIR, f)
        if not f.endswith(".c") or (only and not any(o in f for o in only)):
            continue
        text = open(path).read()
        if "%differential" not in text:
            continue
        # The kernel the RUN line names (%s: this file; some live in
        # test/Inputs).
        word = text.split("%differential", 1)[1].split()[0]
        src = path if word == "%s" else os.path.normpath(
            word.replace("%S", RUN_DIR))
        text = open(src).read()
        lists = [[]]
        for line in text.splitlines():
            if line.startswith("//@ args"):
                lists = [shlex.split(x) for x in line[len("//@ args"):].split("|")]
        out.append((f[:-2], src, lists))
    return out


TIME_MAIN = os.path.join(benchlib.ROOT, "bench", "inputs", "time_main.c")


def build(args, work, name, src):
    """{variant: executable}, or a string saying why it could not be built."""
    cflags = ["-std=c99", "-O3", "-I" + RUN_DIR, "-I" + INPUTS]
    if args.time == "main":
        timer = os.path.join(work, "time_main.o")
        if not os.path.exists(timer):
            p = benchlib.run(["gcc", "-O2", "-c", TIME_MAIN, "-o", timer])
            if p.returncode:
                return "time_main.c: " + p.stderr[-300:]
        cflags += ["-Dmain=hetile_timed_main", timer]
    inc = os.path.join(benchlib.ROOT, "runtime", "include")
    lib = os.path.join(os.path.abspath(args.build), "lib")
    hetile = os.path.join(os.path.abspath(args.build), "bin", "hetile")
    base = os.path.join(work, name)
    cc = args.cc
    p = benchlib.run([cc] + cflags + [src, "-o", base + ".orig", "-lm"])
    if p.returncode:
        return "original: " + p.stderr[-300:]
    builds = [("omp", hetile)]
    if args.before:
        builds.append(("before", os.path.abspath(args.before)))
    for key, binary in builds:
        p = benchlib.run([binary, "rewrite", "--backend=omp", src, "-o",
                          base + "." + key + ".c", "--", "-std=c99",
                          "-I" + RUN_DIR, "-I" + INPUTS])
        if p.returncode:
            return key + " rewrite: " + p.stderr[-300:]
    if args.link == "static":
        # The runtime, pre-linked with the parts of the C++ library it
        # uses, linked into the program: no shared object more to load at
        # start-up.
        rt = [os.path.join(lib, "libhetile_rt.a"), "-lm"]
    else:
        rt = ["-L" + lib, "-Wl,-rpath," + lib, "-lhetile_rt", "-lm"]
    for key, _ in builds:
        p = benchlib.run([cc] + cflags + ["-fopenmp", "-I" + inc,
                                          base + "." + key + ".c", "-o",
                                          base + "." + key] + rt)
        if p.returncode:
            return key + " build: " + p.stderr[-300:]
    # The original as an OpenMP program (its pragmas, if any, and the
    # OpenMP runtime's start): what any OpenMP build of it pays. Timing
    # main(), it also loads what hetile's build loads.
    omp_lib = "-lgomp" if cc == "gcc" else "-lomp"
    loaded = ([] if args.time == "process" else
              ["-Wl,--no-as-needed", omp_lib] + rt + ["-Wl,--as-needed"])
    p = benchlib.run([cc] + cflags + ["-fopenmp", src, "-o",
                                         base + ".origomp", "-lm"] + loaded)
    if p.returncode:
        return "original -fopenmp: " + p.stderr[-300:]
    exes = {"orig": base + ".orig", "origomp": base + ".origomp"}
    for key, _ in builds:
        exes[key] = base + "." + key
    return exes


def once(exe, lists, threads, timed_main=None):
    """(the outputs, the wall time of one process per argument list, or of
    its main() where TIMED_MAIN names the file it writes it to)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HETILE_")}
    env["OMP_NUM_THREADS"] = str(threads)
    if timed_main:
        env["HETILE_BENCH_TIME_FILE"] = timed_main
    outs, total = [], 0.0
    for argv in lists:
        start = time.perf_counter()
        p = subprocess.run([exe] + argv, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=600)
        elapsed = time.perf_counter() - start
        if p.returncode:
            sys.exit("%s %s failed (%d)" % (exe, " ".join(argv), p.returncode))
        if timed_main:
            with open(timed_main) as f:
                elapsed = float(f.read())
            os.unlink(timed_main)
        total += elapsed
        outs.append(p.stdout)
    return outs, total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(benchlib.ROOT, "build"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--conditions", default="idle,busy")
    ap.add_argument("--link", choices=["shared", "static"], default="shared",
                    help="how hetile's builds link libhetile_rt")
    ap.add_argument("--time", choices=["process", "main"], default="process",
                    help="time each process, or its main() alone")
    ap.add_argument("--cc", choices=["gcc", "clang-19"], default="gcc",
                    help="the C compiler of every build")
    ap.add_argument("--before",
                    help="another hetile binary whose omp builds run too")
    ap.add_argument("--out")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="hetile-run-kernels-")
    timed_main = (os.path.join(work, "main-time")
                  if args.time == "main" else None)
    variants = [("orig", 1), ("origomp", 1), ("omp", 1), ("omp", 2)]
    if args.before:
        variants += [("before", 1), ("before", 2)]
    rows, skipped, ratios, ratios_omp, ratios_before = [], [], [], [], []
    load_before = benchlib.loadavg()
    for name, src, lists in kernels([s for s in args.only.split(",") if s]):
        exes = build(args, work, name, src)
        if isinstance(exes, str):
            skipped.append("%s (%s)" % (name, exes.strip().splitlines()[-1]
                                         if exes.strip() else exes))
            continue
        for cond in args.conditions.split(","):
            times = {v: [] for v in variants}
            want = None
            with benchlib.Busy(cond == "busy"):
                for _ in range(args.reps):
                    for key, threads in variants:
                        outs, t = once(exes[key], lists, threads,
                                       timed_main)
                        if want is None:
                            want = outs
                        if outs != want:
                            sys.exit("%s omp on %d threads: output differs "
                                     "from the original's" % (name, threads))
                        times[(key, threads)].append(t)
            med = {v: statistics.median(t) for v, t in times.items()}
            orig, origomp = med[("orig", 1)], med[("origomp", 1)]
            ms = "%.1f" if args.time == "process" else "%.3f"
            row = [name, cond, ms % (1e3 * orig),
                   (ms + " (%.2fx)") % (1e3 * origomp, orig / origomp)]
            for v in variants[2:]:
                r, r_omp = orig / med[v], origomp / med[v]
                if v[0] == "omp":
                    ratios.append((r, name, cond, v[1]))
                    ratios_omp.append((r_omp, name, cond, v[1]))
                else:
                    ratios_before.append((r, name, cond, v[1]))
                row.append((ms + " (%.2fx, %.2fx)") % (1e3 * med[v], r, r_omp))
            rows.append(row)

    def below(ratios, against):
        low = sorted(x for x in ratios if x[0] < 0.95)
        if not ratios:
            return "against %s: no ratio" % against
        return ("against %s: %d of %d ratios at 0.95x or above, median "
                "%.2fx%s" % (
                    against, len(ratios) - len(low), len(ratios),
                    statistics.median(r for r, _, _, _ in ratios),
                    "" if not low else "; the lowest: " + ", ".join(
                        "%s %s %d thread%s %.2fx" %
                        (n, c, t, "s" if t > 1 else "", r)
                        for r, n, c, t in low[:5])))
    second = ("original -fopenmp" if args.time == "process" else
              "original -fopenmp with libhetile_rt loaded")
    notes = [
        "load average before the runs: %s, after: %s; `busy`: one `while :; "
        "do :; done` process beside every run; normal priority" %
        (load_before, benchlib.loadavg()),
        "times: wall time of %s per argument list of the kernel's "
        "`//@ args` line, in ms; medians of %d runs, the variants "
        "interleaved; ratios: the original's median over the variant's, "
        "and the %s's over the variant's; every build by %s; hetile's "
        "builds link libhetile_rt %s" % (
            "one process" if args.time == "process" else
            "main() (start-up and exit left out)", args.reps, second,
            args.cc, args.link),
        "every run printed the original's output",
        below(ratios, "the original"),
        below(ratios_omp, "the " + second),
    ]
    if args.before:
        notes.append("before (%s): " % args.before +
                     below(ratios_before, "the original"))
    if skipped:
        notes.append("not built: " + "; ".join(skipped))
    benchlib.write_table(
        benchlib.machine() + "\n\n`" + benchlib.command("bench/run_kernels.py")
        + "`",
        ["kernel", "load", "original (ms)", second + " (ms, ratio)",
         "hetile omp, 1 thread (ms, ratios)",
         "hetile omp, 2 threads (ms, ratios)"] +
        (["before, 1 thread (ms, ratios)", "before, 2 threads (ms, ratios)"]
         if args.before else []), rows, notes, args.out)


if __name__ == "__main__":
    main()
