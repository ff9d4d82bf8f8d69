#!/usr/bin/env python3
"""Benchmark (not a test): the MPI final exchange on large arrays.

Issue #18. Two kernels of bench/kernels/ whose nests write large arrays once
or a few times, so that the final exchange (every rank gets every final
value, docs/mpi-exchange.md) moves as many values as the nest computes:

  edit-distance N M   int D[N+1][M+1], the caller's: every value moves
  edit-distance-local N M
                      the same table, allocated by the function, which
                      returns D[N][M]: only that value moves
  jacobi-2d N T       two N x N double arrays, T time steps (a 2D stencil)
  jacobi-2d-init N T  the same grids initialised by a nest of the kernel's
                      function right before the sweeps: the initialisation
                      leaves its values on their ranks, the sweeps take what
                      they read (docs/mpi-exchange.md)
  jacobi-2d-swap N T  the same initialisation, then a time loop of one
                      sweep and a swap of the grids' pointers per step:
                      each step leaves its values on their ranks for the
                      next step's sweep
  jacobi-2d-steps N T the same initialisation, then a time loop of a sweep
                      of A into B and a copy of B into A (two nests a step,
                      each leaving its values for the next)

Variants, from the same source:

  original   gcc -O3 (no hetile)
  mpi        hetile rewrite --backend=mpi (this build), mpicc -O3
  mpi+omp    hetile rewrite --backend=mpi+omp, mpicc -O3 -fopenmp, run with
             OMP_NUM_THREADS=--threads (default 1: one thread per rank,
             what 2 ranks on a 2-core machine can run)
  mpi nodefer
             mpi with HETILE_DEFER=0: a nest's values left for the next nest
             move to every rank at once instead
  mpi root   mpi with --gather=root: the final values to rank 0 alone (the
             kernels' ranks other than 0 only report the time; rank 0 hashes
             the arrays), what a program whose rank 0 writes the result uses
  before     the same with the hetile binary given by --before (e.g. a build
             of an earlier commit), linked with this build's runtime
  mpi rt-before, mpi+omp rt-before
             mpi and mpi+omp (this hetile) linked with the runtime libraries
             in --runtime-before DIR (e.g. libhetile_rt_mpi.so of an earlier
             commit): a change of the runtime alone, before and after

Configurations, speeds emulated on this machine (HETILE_EMULATE_SPEEDS: a
rank of factor F sleeps F-1 times its measured work): 2 ranks at relative
cycle times 1:3 and 4 ranks at 1:2:4:8, each with the heterogeneous
allocation (HETILE_SPEEDS = the emulated speeds), the speed-blind one
(HETILE_SPEEDS = 1,...,1) and the cyclic one (HETILE_ALLOC=cyclic).
HETILE_STATS=1 gives each rank's compute, wait, pipeline messages
(communicate) and final exchange seconds, and the part of the latter spent
while the rank still computed (pieces sent and received during the nest);
"final exchange after the nest" is the largest of the ranks' rest, as a
share of the nest's time.

Lemma 1 of Boulet, Dongarra, Robert, Vivien (1998): no schedule on
processors of cycle times t_i (fastest 1) computes the nest faster than the
fastest processor alone divided by sum(1/t_i); the fastest processor alone
is here the original program (0.75 x original at 1:3, 0.533 x at 1:2:4:8).
Efficiency = bound / measured time of the nest (rank 0's clock: from a
barrier before the nest to its return, hetile_mpi_begin and the final
exchange included).

Every run's checksum (FNV-1a over the arrays) is compared with the
original's, bit for bit; a mismatch is printed and makes the exit status 1.
Runs are interleaved (rep 1 of every run, then rep 2, ...); tables give
medians.

    bench/mpi_exchange.py [--reps 3] [--sizes edit-distance=10000x10000,...]
                          [--variants mpi,mpi+omp] [--threads 1]
                          [--configs 1:3,1:2:4:8]
                          [--before /path/to/old/hetile]
                          [--runtime-before /path/to/old/lib] [--out FILE.md]
                          [--build DIR] [--work DIR] [--quick]
"""
import argparse
import os
import re
import statistics
import sys

import benchlib
from benchlib import KDIR, ROOT, cpu_model, loadavg, run

# name: (arguments, quick arguments)
KERNELS = {
    "edit-distance": ("10000x10000", "1500x1500"),
    "edit-distance-local": ("10000x10000", "1500x1500"),
    "jacobi-2d": ("5000x8", "800x4"),
    "jacobi-2d-init": ("5000x8", "800x4"),
    "jacobi-2d-swap": ("5000x8", "800x4"),
    "jacobi-2d-steps": ("5000x8", "800x4"),
}
STD = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I" + KDIR]
MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to",
          "none"]
STATS_RE = re.compile(
    r"^hetile: rank (\d+)/(\d+): (\d+) tiles, (\d+) messages, (\d+) bytes "
    r"sent, compute ([\d.]+) s, wait ([\d.]+) s, communicate ([\d.]+) s"
    r"(?:; final exchange (\d+) bytes received, (\d+) bytes sent in \d+ "
    r"messages, ([\d.]+) s(?: \(([\d.]+) s during the nest)?)?", re.M)


def die(msg):
    sys.exit("mpi_exchange: " + msg)


def note(msg):
    print("mpi_exchange: " + msg, file=sys.stderr, flush=True)


def build(a, kernel, variant):
    """The executable of one variant of one kernel."""
    src = os.path.join(KDIR, kernel + ".c")
    exe = os.path.join(a.work, "%s.%s" % (kernel, variant.replace(" ", "-")))
    if variant == "original":
        cmd = ["gcc", "-O3"] + STD + [src, "-o", exe]
    else:
        hetile = (a.before if variant == "before"
                  else os.path.join(a.build, "bin", "hetile"))
        inc = os.path.join(ROOT, "runtime", "include")
        backend = "mpi+omp" if variant.startswith("mpi+omp") else "mpi"
        root = ["--gather=root"] if " root" in variant else []
        out, why, _ = benchlib.rewrite(hetile, a.work, kernel,
                                       ["--backend=" + backend] + root,
                                       STD[2:] + ["-I" + inc])
        if not out:
            die(why)
        lib = (a.runtime_before if variant.endswith(" rt-before")
               else os.path.join(a.build, "lib"))
        omp = ["-fopenmp"] if backend == "mpi+omp" else []
        cmd = (["mpicc", "-O3"] + omp + STD + ["-DBENCH_MPI", "-I" + inc, out, "-o",
                exe, "-L" + lib, "-Wl,-rpath," + lib, "-lhetile_rt_mpi",
                "-lhetile_rt", "-lm"])
    p = run(cmd)
    if p.returncode != 0:
        die("%s: %s" % (" ".join(cmd), p.stderr[-2000:]))
    return exe


def once(exe, np_, env, args):
    full = dict(os.environ, **env)
    cmd = (MPIRUN + ["-np", str(np_), exe] if np_ else [exe]) + args
    p = run(cmd, env=full, timeout=900)
    if p.returncode != 0:
        raise RuntimeError("exit %d: %s" % (p.returncode, p.stderr[-500:]))
    out = {k: re.search(r"^%s (\S+)$" % k, p.stdout, re.M).group(1)
           for k in ("checksum", "time")}
    stats = {}
    for s in STATS_RE.finditer(p.stderr):
        stats[int(s.group(1))] = {
            "compute": float(s.group(6)), "wait": float(s.group(7)),
            "communicate": float(s.group(8)), "messages": int(s.group(4)),
            "sent": int(s.group(5)),
            "final": float(s.group(11)) if s.group(11) else None,
            "early": float(s.group(12)) if s.group(12) else 0.0,
            "received": int(s.group(9)) if s.group(9) else None}
    return {"time": float(out["time"]), "checksum": out["checksum"],
            "stats": stats}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--sizes", default="")
    ap.add_argument("--kernels", default=",".join(KERNELS))
    ap.add_argument("--before", default="")
    ap.add_argument("--runtime-before", default="")
    ap.add_argument("--variants", default="mpi,mpi+omp")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--configs", default="1:3,1:2:4:8")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default="")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", default="/tmp/hetile-mpi-exchange")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    sizes = {k: v[1 if a.quick else 0] for k, v in KERNELS.items()}
    for item in filter(None, a.sizes.split(",")):
        k, v = item.split("=")
        sizes[k] = v
    reps = 1 if a.quick else a.reps
    variants = a.variants.split(",")
    if a.runtime_before:
        variants += [v + " rt-before" for v in variants]
    if a.before:
        variants.append("before")
    configs = [tuple(int(x) for x in c.split(":")) for c in a.configs.split(",")]
    lines = []
    failed = False

    def out(line=""):
        lines.append(line)
        print(line, flush=True)

    out("Load average at start: %s; %s; %d CPUs" % (
        loadavg(), cpu_model(), os.cpu_count()))
    for kernel in a.kernels.split(","):
        args = sizes[kernel].split("x")
        exes = {v: build(a, kernel, v) for v in ["original"] + variants}
        runs = [("original", None, {}, "original")]
        for cfg in configs:
            emulate = ",".join(map(str, cfg))
            blind = ",".join("1" for _ in cfg)
            for v in variants:
                for label, speeds, alloc in (
                        ("heterogeneous", emulate, None),
                        ("speed-blind", blind, None),
                        ("cyclic", blind, "cyclic")):
                    # The ring's allocations are measured: a 3-D band on 4
                    # ranks would otherwise take the default grid.
                    env = {"HETILE_STATS": "1", "HETILE_SPEEDS": speeds,
                           "HETILE_EMULATE_SPEEDS": emulate,
                           "HETILE_GRID": "ring"}
                    if alloc:
                        env["HETILE_ALLOC"] = alloc
                    if v.endswith(" nodefer"):
                        env["HETILE_DEFER"] = "0"
                    if v.startswith("mpi+omp"):
                        env["OMP_NUM_THREADS"] = str(a.threads)
                    runs.append((v, len(cfg), env, "%s %s %s" % (
                        v, ":".join(map(str, cfg)), label)))
        samples = {r[3]: [] for r in runs}
        for rep in range(reps):
            for v, np_, env, label in runs:
                note("%s %s rep %d: %s" % (kernel, sizes[kernel], rep + 1,
                                           label))
                try:
                    samples[label].append(once(exes[v], np_, env, args))
                except (RuntimeError, AttributeError) as e:
                    out("%s %s: %s failed: %s" % (kernel, sizes[kernel],
                                                  label, e))
                    failed = True
        want = {s["checksum"] for s in samples["original"]}
        orig = statistics.median(s["time"] for s in samples["original"])
        out()
        out("### %s %s (original %.3f s)" % (kernel, " ".join(args), orig))
        out()
        out("| run | time s | vs original | Lemma 1 bound s | efficiency | "
            "final exchange after the nest | per rank: compute / wait / "
            "pipeline / final exchange (of it during the nest) s |")
        out("|---|---|---|---|---|---|---|")
        for v, np_, env, label in runs:
            got = samples[label]
            if not got:
                continue
            bad = [s for s in got if s["checksum"] not in want]
            if bad:
                out("| %s | CHECKSUM MISMATCH %s |" % (label,
                                                       bad[0]["checksum"]))
                failed = True
                continue
            med = sorted(got, key=lambda s: s["time"])[len(got) // 2]
            t = med["time"]
            if not np_:
                out("| %s | %.3f | 1.00 | | | | |" % (label, t))
                continue
            cfg = [float(x) for x in env["HETILE_EMULATE_SPEEDS"].split(",")]
            bound = orig / sum(1 / c for c in cfg)
            ranks = " ; ".join(
                "%d: %.2f / %.2f / %.2f / %s" % (
                    q, s["compute"], s["wait"], s["communicate"],
                    "%.2f (%.2f)" % (s["final"], s["early"])
                    if s["final"] is not None else "?")
                for q, s in sorted(med["stats"].items()))
            # The slowest rank's final exchange after the nest, as a share
            # of the nest's time.
            after = max((s["final"] or 0) - s["early"]
                        for s in med["stats"].values()) if med["stats"] else 0
            out("| %s | %.3f | %.2f | %.3f | %.0f%% | %.0f%% | %s |" % (
                label, t, orig / t, bound, 100 * bound / t, 100 * after / t,
                ranks))
    out()
    out("Load average at end: %s" % loadavg())
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
