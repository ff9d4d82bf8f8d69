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


def build_mpi(a, kernel):
    std = tiling_speed.STD
    src = os.path.join(KDIR, kernel + ".c")
    orig = os.path.join(a.work, kernel + ".original")
    p = run(tiling_speed.GCC + [src, "-o", orig, "-lm"])
    if p.returncode:
        die("%s: original does not compile: %s" % (kernel, p.stderr))
    out, why, _ = benchlib.rewrite(os.path.join(a.build, "bin", "hetile"),
                                   a.work, kernel,
                                   ["--backend=mpi", "--omp-schedule=strips"],
                                   std)
    if why:
        die(why)
    exe = os.path.join(a.work, kernel + ".mpi-strips")
    lib = os.path.join(a.build, "lib")
    p = run(["mpicc", "-O3", "-march=native", "-DBENCH_MPI"] + std +
            ["-I" + os.path.join(ROOT, "runtime", "include"), out, "-o", exe,
             "-L" + lib, "-Wl,-rpath," + lib, "-lhetile_rt_mpi",
             "-lhetile_rt", "-lm"])
    if p.returncode:
        die("%s: mpi strips do not compile: %s" % (kernel, p.stderr))
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


def mpi_main(argv):
    ap = argparse.ArgumentParser(prog="strips.py --mpi")
    ap.add_argument("--kernels", default="jacobi-2d,heat-3d")
    ap.add_argument("--sizes", default="")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--sweep-reps", type=int, default=1,
                    help="runs per width of the sweep (their median)")
    ap.add_argument("--realtime", type=int, default=0, metavar="PRIO")
    ap.add_argument("--pause", type=float, default=None)
    ap.add_argument("--run-timeout", type=int, default=600)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "hetile-strips-mpi"))
    a = ap.parse_args(argv)
    if a.pause is None:
        a.pause = 0.5 if a.realtime else 0.0
    os.makedirs(a.work, exist_ok=True)
    sizes = {k: tiling_speed.KERNELS[k][0] for k in tiling_speed.KERNELS}
    sizes.update(tiling_speed.parse_map(a.sizes, "--sizes"))
    hetero = {"HETILE_EMULATE_SPEEDS": "1,3", "HETILE_SPEEDS": "1,3",
              "HETILE_STATS": "1"}
    load = loadavg()
    rows = []
    bad = False
    for k in a.kernels.split(","):
        if k not in sizes:
            die("unknown kernel '%s'" % k)
        orig, exe = build_mpi(a, k)
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


def main():
    args = sys.argv[1:]
    if "--mpi" in args:
        args.remove("--mpi")
        sys.exit(mpi_main(args))
    if not any(a.startswith("--kernels") for a in args):
        args += ["--kernels", "jacobi-1d,jacobi-2d,heat-3d,fdtd-2d"]
    if not any(a.startswith("--variants") for a in args):
        args += ["--variants", "original,polly,omp,omp-strips"]
    sys.argv[1:] = args
    tiling_speed.main()


if __name__ == "__main__":
    main()
