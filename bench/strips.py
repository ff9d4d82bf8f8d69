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

With --mpi, the strips on MPI ranks instead ([RD02] section 5): for each
kernel, the original (gcc -O3 -march=native) and the code of `hetile
rewrite --backend=mpi --omp-schedule=strips` (mpicc -O3 -march=native
-DBENCH_MPI) on 2 ranks at emulated relative cycle times 1:3
(HETILE_EMULATE_SPEEDS=1,3: rank 1 sleeps twice the CPU time it computes;
HETILE_SPEEDS=1,3 declares them), the width chosen at run time (the model,
then the fuzzy trials), against

  the heterogeneous bound   the original's time / (1 + 1/3): no schedule
                            on a processor and one three times slower does
                            the original's work faster; efficiency = bound
                            / measured (the nest's wall time on rank 0,
                            hetile_mpi_begin and the final exchange
                            included)
  a sweep of fixed widths   HETILE_STRIP_WIDTH = 1, 2, 3, 4, 6, 9, 13, ...
                            (the model's candidates) up to the steps: the
                            best width and its time (median of
                            --sweep-reps runs each)

Medians of --reps runs, interleaved with the sweep's (each rep runs the
original, the run-time width, then every fixed width); every checksum is
compared with the original's.

    bench/strips.py --mpi [--kernels a,b] [--sizes k=AxB] [--reps N]
                          [--sweep-reps N] [--realtime PRIO] [--build DIR]
                          [--work DIR]

With --omp-sweep, the same width comparison for the omp strips on
--threads threads (no emulated speeds): the original, the strips at the
width chosen at run time, and every fixed width of the model's candidates
up to min(steps, 256), all interleaved.

    bench/strips.py --omp-sweep [--kernels a,b] [--sizes k=AxB] [--reps N]
                                [--sweep-reps N] [--threads N]
                                [--realtime PRIO] [--build DIR] [--work DIR]

With --memory, whether the originals are memory-bound: each original's
traffic per second (its time, and its CPU time) against a STREAM-like copy
loop's bandwidth at the same footprint, on 1 thread and on --threads (their
ratio bounds the speedup of a schedule that streams the arrays from memory
once per step, as the original does).

    bench/strips.py --memory [--kernels a,b] [--sizes k=AxB] [--reps N]
                             [--threads N] [--realtime PRIO] [--work DIR]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import benchlib
import tiling_speed
from benchlib import KDIR, ROOT, cpu_model, loadavg, run

tiling_speed.KERNELS.update({
    "jacobi-1d": ("400000x2500", "20000x10"),
    "jacobi-2d": ("2000x120", "300x10"),
    "jacobi-2d-flat": ("2000x120", "300x10"),
    "heat-3d": ("150x150", "40x10"),
    "fdtd-2d": ("2000x90", "300x10"),
})
tiling_speed.VARIANTS["omp-strips"] = (
    ["--backend=omp", "--omp-schedule=strips"], tiling_speed.GCC + ["-fopenmp"],
    True, True)

MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to",
          "none"]
WIDTH_RE = re.compile(r"hetile: strips: .*?steps (-?\d+)\.\.(-?\d+), width "
                      r"(\d+) \(([^)]*)\)")


def die(msg):
    sys.exit("strips: " + msg)


def build_strips(a, kernel, backend):
    """The original (gcc -O3 -march=native) and the strips of a kernel on
    \p backend ("omp" or "mpi"), compiled the same way (mpicc for mpi)."""
    std = tiling_speed.STD
    src = os.path.join(KDIR, kernel + ".c")
    orig = os.path.join(a.work, kernel + ".original")
    p = run(tiling_speed.GCC + [src, "-o", orig, "-lm"])
    if p.returncode:
        die("%s: original does not compile: %s" % (kernel, p.stderr))
    out, why, _ = benchlib.rewrite(os.path.join(a.build, "bin", "hetile"),
                                   a.work, kernel,
                                   ["--backend=" + backend,
                                    "--omp-schedule=strips"], std)
    if why:
        die(why)
    exe = os.path.join(a.work, kernel + "." + backend + "-strips")
    lib = os.path.join(a.build, "lib")
    inc = "-I" + os.path.join(ROOT, "runtime", "include")
    link = ["-L" + lib, "-Wl,-rpath," + lib]
    if backend == "mpi":
        cmd = (["mpicc", "-O3", "-march=native", "-DBENCH_MPI"] + std +
               [inc, out, "-o", exe] + link + ["-lhetile_rt_mpi"])
    else:
        cmd = tiling_speed.GCC + ["-fopenmp", inc, out, "-o", exe] + link
    p = run(cmd + ["-lhetile_rt", "-lm"])
    if p.returncode:
        die("%s: %s strips do not compile: %s" % (kernel, backend, p.stderr))
    return orig, exe


def once(a, cmd, env_extra):
    env = dict(os.environ)
    for var in list(env):
        if var.startswith("HETILE_") or var.startswith("OMP_"):
            del env[var]
    env.update(env_extra)
    prefix = ["chrt", "-f", str(a.realtime)] if a.realtime else []
    if a.pause:
        time.sleep(a.pause)
    p = run(prefix + cmd, env=env, timeout=a.run_timeout)
    if p.returncode:
        die("%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr[-500:]))
    t = re.search(r"^time (\S+)$", p.stdout, re.M)
    c = re.search(r"^checksum (\S+)$", p.stdout, re.M)
    w = WIDTH_RE.search(p.stderr)
    if not t or not c:
        die("%s: no time/checksum line" % " ".join(cmd))
    return float(t.group(1)), c.group(1), w


def sweep_args(prog, kernels, work, argv, threads=False):
    """The arguments of --mpi and --omp-sweep, parsed; the work folder made
    and the pause set. Returns (args, sizes per kernel)."""
    ap = argparse.ArgumentParser(prog=prog)
    ap.add_argument("--kernels", default=kernels)
    ap.add_argument("--sizes", default="")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--sweep-reps", type=int, default=1,
                    help="runs per width of the sweep (their median)")
    if threads:
        ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--realtime", type=int, default=0, metavar="PRIO")
    ap.add_argument("--pause", type=float, default=None)
    ap.add_argument("--run-timeout", type=int, default=600)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), work))
    a = ap.parse_args(argv)
    if a.pause is None:
        a.pause = 0.5 if a.realtime else 0.0
    os.makedirs(a.work, exist_ok=True)
    sizes = {k: tiling_speed.KERNELS[k][0] for k in tiling_speed.KERNELS}
    sizes.update(tiling_speed.parse_map(a.sizes, "--sizes"))
    return a, sizes


def mpi_main(argv):
    a, sizes = sweep_args("strips.py --mpi", "jacobi-2d,heat-3d",
                          "hetile-strips-mpi", argv)
    hetero = {"HETILE_EMULATE_SPEEDS": "1,3", "HETILE_SPEEDS": "1,3",
              "HETILE_STATS": "1"}
    load = loadavg()
    rows = []
    bad = False
    for k in a.kernels.split(","):
        if k not in sizes:
            die("unknown kernel '%s'" % k)
        orig, exe = build_strips(a, k, "mpi")
        args = sizes[k].split("x")
        mpi = MPIRUN + ["-np", "2", exe] + args
        t_orig, t_auto, sums, chosen = [], [], set(), set()
        # The steps, hence the widths of the sweep, from a first run.
        _, ref, w = once(a, [orig] + args, {})
        _, _, w = once(a, mpi, hetero)
        if not w:
            die("%s: no strips line under HETILE_STATS" % k)
        steps = int(w.group(2)) - int(w.group(1)) + 1
        widths, sweep = [], {}
        wv = 1
        while wv <= steps:
            widths.append(wv)
            sweep[wv] = []
            wv = wv + 1 if wv < 4 else wv * 3 // 2
        # Interleaved: each rep runs the original, the run-time width, then
        # (the first --sweep-reps reps) every fixed width.
        for rep in range(max(a.reps, a.sweep_reps)):
            if rep < a.reps:
                t, c, _ = once(a, [orig] + args, {})
                t_orig.append(t)
                bad_ref = c != ref
                t, c, w = once(a, mpi, hetero)
                t_auto.append(t)
                sums.add(c)
                if w:
                    chosen.add(int(w.group(3)))
                if bad_ref:
                    die("%s: the original is not deterministic" % k)
            if rep < a.sweep_reps:
                for wv in widths:
                    t, c, _ = once(a, mpi,
                                   dict(hetero, HETILE_STRIP_WIDTH=str(wv)))
                    sweep[wv].append(t)
                    sums.add(c)
        wt = {wv: statistics.median(ts) for wv, ts in sweep.items()}
        best = min(wt, key=wt.get)
        to, ta = statistics.median(t_orig), statistics.median(t_auto)
        bound = to / (1 + 1 / 3)
        ok = sums == {ref}
        bad |= not ok
        rows.append("| %s | %s | %.3g | %.3g | %.3g | %.0f%% | %s | %d (%.3g) "
                    "| %s |" % (k, sizes[k], to, bound, ta, 100 * bound / ta,
                                ",".join(map(str, sorted(chosen))), best,
                                wt[best], "equal" if ok else "**differ**"))
        print(rows[-1], file=sys.stderr)
    print("mpi strips, 2 ranks at emulated cycle times 1:3; %s, %d CPUs, load "
          "%s before, %s after; medians of %d runs (seconds); sweep: median "
          "of %d run(s) per width.\n" % (cpu_model(), os.cpu_count() or 0, load,
                                        loadavg(), a.reps, a.sweep_reps))
    print("| kernel | arguments | original | bound | mpi strips | efficiency "
          "| width chosen | best width of the sweep (s) | checksums |")
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 1 if bad else 0


def omp_sweep_main(argv):
    """--omp-sweep: the width chosen at run time (the model, then the fuzzy
    trials) against every fixed width of the model's candidates, omp strips
    on --threads threads; all runs interleaved."""
    a, sizes = sweep_args("strips.py --omp-sweep",
                          "jacobi-1d,jacobi-2d,heat-3d,fdtd-2d",
                          "hetile-strips-omp-sweep", argv, threads=True)
    env = {"OMP_NUM_THREADS": str(a.threads), "HETILE_STATS": "1"}
    load = loadavg()
    rows = []
    bad = False
    for k in a.kernels.split(","):
        if k not in sizes:
            die("unknown kernel '%s'" % k)
        orig, exe = build_strips(a, k, "omp")
        args = sizes[k].split("x")
        _, ref, _ = once(a, [orig] + args, {})
        _, _, w = once(a, [exe] + args, env)
        if not w:
            die("%s: no strips line under HETILE_STATS" % k)
        steps = int(w.group(2)) - int(w.group(1)) + 1
        widths, sweep = [], {}
        wv = 1
        while wv <= min(steps, 256):
            widths.append(wv)
            sweep[wv] = []
            wv = wv + 1 if wv < 4 else wv * 3 // 2
        t_orig, t_auto, sums, chosen = [], [], set(), set()
        for rep in range(max(a.reps, a.sweep_reps)):
            if rep < a.reps:
                t, c, _ = once(a, [orig] + args, {})
                t_orig.append(t)
                if c != ref:
                    die("%s: the original is not deterministic" % k)
                t, c, w = once(a, [exe] + args, env)
                t_auto.append(t)
                sums.add(c)
                if w:
                    chosen.add(int(w.group(3)))
            if rep < a.sweep_reps:
                for wv in widths:
                    t, c, _ = once(a, [exe] + args,
                                   dict(env, HETILE_STRIP_WIDTH=str(wv)))
                    sweep[wv].append(t)
                    sums.add(c)
        wt = {wv: statistics.median(ts) for wv, ts in sweep.items()}
        best = min(wt, key=wt.get)
        to, ta = statistics.median(t_orig), statistics.median(t_auto)
        ok = sums == {ref}
        bad |= not ok
        rows.append("| %s | %s | %.3g | %.3g (%.2fx) | %s | %d (%.3g) | %+.1f%% "
                    "| %s |" % (k, sizes[k], to, ta, to / ta,
                                ",".join(map(str, sorted(chosen))), best,
                                wt[best], 100 * (ta / wt[best] - 1),
                                "equal" if ok else "**differ**"))
        print(rows[-1], file=sys.stderr)
    print("omp strips on %d threads; %s, %d CPUs, load %s before, %s after; "
          "medians of %d runs (seconds)%s; sweep: median of %d run(s) per "
          "width.\n" % (a.threads, cpu_model(), os.cpu_count() or 0, load,
                         loadavg(), a.reps,
                         ", SCHED_FIFO" if a.realtime else "", a.sweep_reps))
    print("| kernel | arguments | original | strips, run-time width | width "
          "chosen | best width of the sweep (s) | run-time width vs best | "
          "checksums |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 1 if bad else 0


# Memory traffic of the original per time step, in passes over one array
# (each statement reads its arrays and writes one, no reuse between the
# statements: an upper bound), and the bytes of one array, from the
# kernel's arguments (N, T).
TRAFFIC = {
    "jacobi-1d": (4, lambda n: 8 * n),
    "jacobi-2d": (4, lambda n: 8 * n * n),
    "heat-3d": (4, lambda n: 8 * n * n * n),
    "fdtd-2d": (10, lambda n: 8 * n * n),
}

# A STREAM-like copy (b[i] = a[i], [McCalpin]'s "Copy", 16 bytes per
# element) of two arrays of argv[1] bytes each, argv[2] times, on the
# OpenMP threads; prints the best pass's bandwidth in bytes per second.
COPY_C = r"""
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  size_t n = (size_t)atoll(argv[1]) / sizeof(double);
  int reps = atoi(argv[2]);
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i++)
    a[i] = (double)i, b[i] = 0;
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; i++)
      b[i] = a[i];
    double t = omp_get_wtime() - t0;
    if (t < best)
      best = t;
    a[r % n] = b[(r + 1) % n];
  }
  printf("bandwidth %.6g\n", 2.0 * (double)(n * sizeof(double)) / best);
  return b[n / 2] < 0;
}
"""


def memory_main(argv):
    """--memory: whether the original is memory-bound. For each kernel,
    the original's traffic per second (TRAFFIC over its time and over its
    CPU time) against the copy bandwidth at the same footprint on 1 and on
    --threads threads; the copy's 2-thread over 1-thread ratio bounds the
    speedup of any schedule that streams the arrays once per step."""
    ap = argparse.ArgumentParser(prog="strips.py --memory")
    ap.add_argument("--kernels", default="jacobi-1d,jacobi-2d,heat-3d,fdtd-2d")
    ap.add_argument("--sizes", default="")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--realtime", type=int, default=0, metavar="PRIO")
    ap.add_argument("--work", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "hetile-strips-memory"))
    a = ap.parse_args(argv)
    os.makedirs(a.work, exist_ok=True)
    sizes = {k: v[0] for k, v in tiling_speed.KERNELS.items()}
    sizes.update(tiling_speed.parse_map(a.sizes, "--sizes"))
    copy_src = os.path.join(a.work, "copy.c")
    with open(copy_src, "w") as f:
        f.write(COPY_C)
    copy = os.path.join(a.work, "copy")
    p = run(tiling_speed.GCC + ["-fopenmp", copy_src, "-o", copy])
    if p.returncode != 0:
        die("copy loop: " + p.stderr)
    prefix = ["chrt", "-f", str(a.realtime)] if a.realtime else []
    load = loadavg()
    rows = []
    for k in a.kernels.split(","):
        if k not in TRAFFIC:
            die("--memory: no traffic model for '%s'" % k)
        args = sizes[k].split("x")
        n, steps = int(args[0]), int(args[1])
        passes, array_bytes = TRAFFIC[k]
        src = os.path.join(KDIR, k + ".c")
        orig = os.path.join(a.work, k + ".original")
        p = run(tiling_speed.GCC + [src, "-o", orig, "-lm"])
        if p.returncode != 0:
            die("%s: %s" % (k, p.stderr))
        wall, cpu, bw = [], [], {1: [], a.threads: []}
        footprint = array_bytes(n)
        for _ in range(a.reps):
            if a.realtime:
                time.sleep(0.5)
            p = run(prefix + [orig] + args)
            wall.append(float(re.search(r"^time (\S+)$", p.stdout, re.M)
                              .group(1)))
            cpu.append(float(re.search(r"^cpu (\S+)$", p.stdout, re.M)
                             .group(1)))
            for t in bw:
                p = run(prefix + [copy, str(footprint), "20"],
                        env=dict(os.environ, OMP_NUM_THREADS=str(t)))
                bw[t].append(float(p.stdout.split()[1]))
        traffic = passes * footprint * steps
        m = {t: statistics.median(v) for t, v in bw.items()}
        rows.append("| %s | %s | %.3g MB | %.3g | %.3g | %.1f (%.1f) | %.1f | "
                    "%.1f | %.2f |" % (
                        k, sizes[k], footprint * 2 / 1e6,
                        statistics.median(wall), statistics.median(cpu),
                        traffic / statistics.median(wall) / 1e9,
                        traffic / statistics.median(cpu) / 1e9,
                        m[1] / 1e9, m[a.threads] / 1e9,
                        m[a.threads] / m[1]))
        print("strips: memory %s done" % k, file=sys.stderr)
    print("Original (gcc -O3 -march=native) against a copy loop at the same "
          "footprint (two arrays of the kernel's array size); %s; load "
          "average %s before, %s after; medians of %d interleaved runs%s. "
          "Traffic: %s passes over an array per step (no reuse between "
          "statements: an upper bound)." % (
              benchlib.machine(), load, loadavg(), a.reps,
              ", SCHED_FIFO" if a.realtime else "",
              ", ".join("%s %d" % (k, TRAFFIC[k][0]) for k in TRAFFIC)))
    print()
    print("| kernel | arguments | two arrays | original s | original CPU s "
          "| original GB/s (per CPU s) | copy GB/s, 1 thread | copy GB/s, "
          "%d threads | copy %d/1 threads |" % (a.threads, a.threads))
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


def main():
    args = sys.argv[1:]
    if "--mpi" in args:
        args.remove("--mpi")
        sys.exit(mpi_main(args))
    if "--omp-sweep" in args:
        args.remove("--omp-sweep")
        sys.exit(omp_sweep_main(args))
    if "--memory" in args:
        args.remove("--memory")
        sys.exit(memory_main(args))
    if not any(a.startswith("--kernels") for a in args):
        args += ["--kernels", "jacobi-1d,jacobi-2d,heat-3d,fdtd-2d"]
    if not any(a.startswith("--variants") for a in args):
        args += ["--variants", "original,polly,omp,omp-strips"]
    sys.argv[1:] = args
    tiling_speed.main()


if __name__ == "__main__":
    main()
