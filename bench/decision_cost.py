#!/usr/bin/env python3
"""What the run-time decision costs a call: bench/inputs/decision_calls.c
calls a nest of (n-1) x (n-1) points --calls times, built as the original
(gcc -O2) and as `hetile rewrite --backend=omp` (gcc -O2 -fopenmp, the
decision on, the runtime shared and static), run on 1 and 2 threads at
normal priority. The nest is far too small for the tiled ways, so every
call of hetile's build runs the original after its decision: the
difference per call is the decision's cost (one call in 8 to 128 timed,
the others taken inline, docs/profitability.md). Medians of --reps
interleaved runs; every run's checksum must be the original's.

  bench/decision_cost.py [--build build] [--reps 7] [--sizes 2,9,33]
                         [--calls 10000000] [--out FILE]
"""
import argparse
import os
import statistics
import tempfile

import benchlib

SRC = os.path.join(benchlib.ROOT, "bench", "inputs", "decision_calls.c")


def build(args, work):
    """{label: executable}."""
    lib = os.path.join(os.path.abspath(args.build), "lib")
    hetile = os.path.join(os.path.abspath(args.build), "bin", "hetile")
    inc = "-I" + os.path.join(benchlib.ROOT, "runtime", "include")
    gen = os.path.join(work, "omp.c")
    p = benchlib.run([hetile, "rewrite", "--backend=omp", SRC, "-o", gen,
                      "--", "-std=c99"])
    if p.returncode:
        raise SystemExit("rewrite: " + p.stderr[-400:])
    builds = {
        "original": ["gcc", "-O2", "-std=c99", SRC],
        "hetile omp, runtime shared": [
            "gcc", "-O2", "-std=c99", "-fopenmp", inc, gen, "-L" + lib,
            "-Wl,-rpath," + lib, "-lhetile_rt", "-lm"],
        "hetile omp, runtime static": [
            "gcc", "-O2", "-std=c99", "-fopenmp", inc, gen,
            os.path.join(lib, "libhetile_rt.a"), "-static-libgcc",
            "-Wl,-Bstatic", "-lstdc++", "-Wl,-Bdynamic", "-lm"],
    }
    out = {}
    for k, (label, cmd) in enumerate(builds.items()):
        exe = os.path.join(work, "p%d" % k)
        p = benchlib.run(cmd + ["-o", exe])
        if p.returncode:
            raise SystemExit("%s: %s" % (label, p.stderr[-400:]))
        out[label] = exe
    return out


def once(exe, n, calls, threads):
    """(checksum line, ns per call)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HETILE_")}
    env["OMP_NUM_THREADS"] = str(threads)
    p = benchlib.run([exe, str(n), str(calls)], env=env, timeout=600)
    if p.returncode:
        raise SystemExit("%s failed: %s" % (exe, p.stderr[-400:]))
    lines = p.stdout.splitlines()
    return lines[0], float(lines[1].split()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(benchlib.ROOT, "build"))
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--sizes", default="2,9,33")
    ap.add_argument("--calls", type=int, default=10000000)
    ap.add_argument("--out")
    args = ap.parse_args()
    load = benchlib.loadavg()
    exes = build(args, tempfile.mkdtemp(prefix="hetile-decision-"))
    rows = []
    for n in [int(x) for x in args.sizes.split(",")]:
        # Fewer calls of a larger nest: tens of milliseconds per run.
        calls = max(1000, args.calls // max(1, (n - 1) * (n - 1) // 8))
        for threads in (1, 2):
            times = {label: [] for label in exes}
            want = None
            for _ in range(args.reps):
                for label, exe in exes.items():
                    check, ns = once(exe, n, calls, threads)
                    if label == "original":
                        want = check
                    elif check != want:
                        raise SystemExit("%s: checksum %s, the original's %s"
                                         % (label, check, want))
                    times[label].append(ns)
            base = statistics.median(times["original"])
            row = ["%d x %d" % (n - 1, n - 1), str(threads), str(calls),
                   "%.1f" % base]
            for label in list(exes)[1:]:
                m = statistics.median(times[label])
                row.append("%.1f (%+.1f)" % (m, m - base))
            rows.append(row)
    benchlib.write_table(
        benchlib.machine() + "\n\n`" + benchlib.command("bench/decision_cost.py")
        + "`", ["nest", "threads", "calls", "original (ns per call)"] +
        ["%s (ns per call, more than the original)" % l
         for l in list(exes)[1:]], rows,
        ["medians of %d runs, interleaved; normal priority; load average "
         "before: %s, after: %s" % (args.reps, load, benchlib.loadavg()),
         "every run printed the original's checksum"], args.out)


if __name__ == "__main__":
    main()
