#!/usr/bin/env python3
"""Benchmark (not a test): the MPI backend on emulated heterogeneous processors.

Issue #5 item 6. Two kernels of bench/kernels/, each a complete C program with
one `#pragma hetile` nest, a size argument, an exact checksum (FNV-1a over
the array's bytes) and the nest's wall time printed by rank 0:

  sor-2d N T        2D SOR (Gauss-Seidel, in place), T sweeps with the time
                    loop inside the nest: hetile skews it to (t, t+i, t+j)
                    and tiles the three dimensions; the tile columns are
                    those of t+j, the rows the (t, t+i) tiles in order.
                    (The time loop is inside the nest because a nest of one
                    sweep computes N^2 points and then gathers N^2 values to
                    every rank: the final exchange, not the tiles, would
                    dominate.)
  heat-rec-3d N T   A[t][i][j] from A[t-1][i][j], A[t][i-1][j], A[t][i][j-1]
                    with a conductivity exp(-u^2): fully permutable as
                    written, a box of tiles (rows: the (t, i) tiles,
                    columns: the j tiles). Every point has its own element,
                    so the nest gathers as many values as it computes.

Variants, all from the same source:

  original   gcc -O3 (no hetile)
  mpi        hetile rewrite --backend=mpi, mpicc -O3 -DBENCH_MPI, linked with
             libhetile_rt_mpi; run with mpirun --allow-run-as-root
             --oversubscribe --bind-to none -np P
  omp        hetile rewrite --backend=omp, gcc -O3 -fopenmp, libhetile_rt

Runs (every hetile run with HETILE_TILE_SIZES fixed per kernel, so that every
rank count has the same tile grid, and HETILE_STATS=1 for the per-rank
statistics):

  heterogeneous configurations, speeds emulated on this machine: 2 ranks at
  relative cycle times 1:3 and 4 ranks at 1:2:4:8 (HETILE_EMULATE_SPEEDS: a
  rank of factor F sleeps F-1 times its measured work, so slow ranks do not
  take cores), each with the declared HETILE_SPEEDS equal to the emulated
  ones, and allocation
      auto             the heterogeneous allocation (Proposition 1's chunks)
      cyclic           cyclic(1)
      block-cyclic:B   B = max(1, ncols / (4 P)) columns per block
  single processor: the original program, and the mpi code with -np 1 (the
  fastest processor, factor 1, alone)
  homogeneous: original vs mpi -np 2 (no emulation, HETILE_CALIBRATE=0) vs
  omp with OMP_NUM_THREADS=2 (HETILE_CALIBRATE=0)

Every variant is run --reps times, interleaved (rep 1 of every run, then rep
2, ...); the tables give medians. Every run's checksum is compared with the
original's, bit for bit: a mismatch is printed (and makes the exit status 1),
never hidden.

Lemma 1 and the simulator, in seconds. Lemma 1 of Boulet, Dongarra, Robert,
Vivien (1998) bounds the makespan of N1 x N2 tiles on processors of cycle
times t_i (time of one tile, fastest = 1) by T_opt >= N1 N2 / sum(1/t_i) tile
units. One tile unit is converted into seconds with the measured time of one
tile on the fast processor: t_tile = compute / tiles of the mpi code run with
-np 1 (HETILE_STATS: the time inside the tiles' point loops, without the
final gather, divided by the number of tiles computed; median over the
reps). N1 N2 is the number of tiles the nest really computes (the sum of the
ranks' tile counts): for heat-rec-3d that is the box N1 x N2; for the skewed
sor-2d the tile space is a slanted box whose edge tiles are partial, and
t_tile is then the mean over full and partial tiles, so that N1 N2 t_tile is
still the whole work. The bound in seconds is thus compute(-np 1) /
sum(1/t_i): no schedule on these processors can do the tiles' work faster.
Efficiency = bound / measured makespan.

The simulator's prediction is `hetile-plan simulate --times t --rows N1
--columns N2 --strategy S --tcom X` (hypotheses H1-H5, the same allocation
as the runtime: `optimal` for auto when its chunk fits in the columns, as
the runtime does, else `bounded` with the runtime's bound max(P, N2/4)),
times t_tile. N2 is the number of tile columns, N1 = round(tiles / N2) (the
rectangle with the same columns and the same number of tiles; exact for
heat-rec-3d). X = (startup + per_byte * bytes of one message) / t_tile, with
startup and per_byte the medians of three `mpirun -np 2 hetile-calibrate`
ping-pongs and the mean message size from the statistics of the runs
(--tcom sets X in tile units instead).

Neither the bound nor the simulator counts the final exchange (every rank
gets every final value) or hetile_mpi_begin; the measured makespan (the
nest's wall time on rank 0) does. The last table gives, for the median run of
each mpi configuration, each rank's tiles and its compute / wait /
communicate seconds (HETILE_STATS), so that where the makespan exceeds the
bound one can see where the time went, and "as run" figures: each rank's
compute / tiles is the cycle time it really had in that run (emulation and
the machine's other load included), and Lemma 1 for exactly those cycle
times (tiles / sum over the ranks of 1 / their time per tile) is a bound that
does not depend on t_tile from another run. On a machine shared with other
work the two differ: a rank that computes without pause competes for a core
with the other processes, while a rank that sleeps (emulation, waiting) gets
one at once when it wakes, so the emulated ratios are not exactly those
declared, and t_tile from the 1-rank run (a process that never sleeps) can
be larger than the fast rank's time per tile in the pipeline. The kernels
also print their CPU time: CPU time / wall time of the 1-rank runs (the "CPU
share") says how much of a core they got.

Tile sizes: fixed per kernel (KERNELS below, or --tile-sizes). For
sor-2d, 16,32,16 (messages of about 3.9 KB, under Open MPI's 4 KB
shared-memory eager limit) ran faster than 32,32,16 (7.5 KB) in the runs
reported in docs/benchmarks.md.

    bench/mpi_hetero.py [--quick] [--reps N] [--kernels a,b]
                        [--sizes k=NxT,...] [--tile-sizes 'k=a,b,c;...']
                        [--emulate-base F] [--tcom X] [--out FILE.md]
                        [--build DIR] [--work DIR]

--quick: small sizes and one rep (a smoke run: well under a minute).
--emulate-base F: every rank F times slower than declared (HETILE_EMULATE_
SPEEDS = F x HETILE_SPEEDS, and the 1-rank run at factor F, which is then
"the fastest processor" for the bound, the simulator and "vs single"). A
diagnostic for a machine shared with other work: with F = 1 the fastest rank
never sleeps and competes for a core with that work, while the emulated slow
ranks sleep and get a core as soon as they wake; with F > 1 every rank
sleeps (F-1)/F of its time.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import time

import benchlib
from benchlib import KDIR, ROOT, cpu_model, loadavg, run

# name: (full-size arguments, quick arguments, HETILE_TILE_SIZES). Sizes:
# see docs/benchmarks.md (the original takes a few seconds on the project's
# 2-core machine). Tile sizes are given in band order; the last one is the
# column width.
KERNELS = {
    "sor-2d": ("1000x192", "200x16", "16,32,16"),
    "heat-rec-3d": ("201x120", "49x24", "24,25,4"),
}
# Iteration points of each kernel's nest for its arguments (N, T): c_p of
# [ZZ16] (3.1) is the 1-rank run's compute time over these.
POINTS = {
    "sor-2d": lambda n, t: t * (n - 2) ** 2,
    "heat-rec-3d": lambda n, t: t * (n - 1) ** 2,
}

# Heterogeneous configurations: relative cycle times, emulated and declared.
CONFIGS = [(1, 3), (1, 2, 4, 8)]
# chunk: [ZZ16]'s one chunk per rank with the kernel's tile sizes;
# chunk+model: the same with the runtime's tile sizes from (3.5)
# (HETILE_TILE_SIZES unset; HETILE_ITERATION_SECONDS = c_p measured by the
# 1-rank run of the same rep, as [ZZ16] section 4 measures it).
STRATEGIES = ["auto", "cyclic", "block-cyclic", "chunk", "chunk+model"]

STD = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I" + KDIR]
MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to",
          "none"]

STATS_RE = re.compile(
    r"^hetile: rank (\d+)/(\d+): (\d+) tiles, (\d+) messages, (\d+) bytes "
    r"sent, compute ([\d.]+) s, wait ([\d.]+) s, communicate ([\d.]+) s", re.M)
ZZ_RE = re.compile(r"^hetile: tile sizes \[ZZ16\].*: h1 = (\d+), h2 = "
                   r"(\d+) .*; column (\d+)$", re.M)
DESCR_RE = re.compile(r"^hetile: \d+ ranks?, .*?, (\d+) tile columns; "
                      r"columns per rank: ([\d,]+)", re.M)


def die(msg):
    sys.exit("mpi_hetero: " + msg)


def note(msg):
    print("mpi_hetero: " + msg, file=sys.stderr, flush=True)


def first_line(cmd):
    try:
        p = run(cmd)
        return (p.stdout or p.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


class Run:
    """One measured configuration of one kernel."""

    def __init__(self, key, variant, np_, env, label):
        self.key = key          # unique name
        self.variant = variant  # original | mpi | omp
        self.np = np_           # ranks (mpi) or None
        self.env = env          # extra environment
        self.label = label
        self.samples = []       # dicts returned by Bench.once
        self.error = None


class Bench:
    def __init__(self, a):
        self.a = a
        self.hetile = os.path.join(a.build, "bin", "hetile")
        self.plan = os.path.join(a.build, "bin", "hetile-plan")
        self.calibrate = os.path.join(a.build, "bin", "hetile-calibrate")
        self.rt_inc = os.path.join(ROOT, "runtime", "include")
        self.rt_lib = os.path.join(a.build, "lib")
        os.makedirs(a.work, exist_ok=True)
        self.problems = []

    # ------------------------------------------------------------- building
    def rewrite(self, kernel, opts):
        note("hetile rewrite %s %s" % (kernel, " ".join(opts)))
        out, why, _ = benchlib.rewrite(self.hetile, self.a.work, kernel, opts,
                                       STD)
        if why:
            die(why)
        return out

    def compile(self, cmd):
        p = run(cmd)
        if p.returncode != 0:
            die("compilation failed: %s\n%s" % (" ".join(cmd), p.stderr))

    def build(self, kernel):
        exes = {}
        w = self.a.work
        src = os.path.join(KDIR, kernel + ".c")
        exes["original"] = os.path.join(w, kernel + ".original")
        self.compile(["gcc", "-O3"] + STD + [src, "-o", exes["original"],
                                             "-lm"])
        rt = ["-I" + self.rt_inc, "-L" + self.rt_lib,
              "-Wl,-rpath," + self.rt_lib]
        mpi_src = self.rewrite(kernel, ["--backend=mpi"])
        exes["mpi"] = os.path.join(w, kernel + ".mpi")
        self.compile(["mpicc", "-O3", "-DBENCH_MPI"] + STD + rt +
                     [mpi_src, "-o", exes["mpi"], "-lhetile_rt_mpi",
                      "-lhetile_rt", "-lm"])
        omp_src = self.rewrite(kernel, ["--backend=omp"])
        exes["omp"] = os.path.join(w, kernel + ".omp")
        self.compile(["gcc", "-O3", "-fopenmp"] + STD + rt +
                     [omp_src, "-o", exes["omp"], "-lhetile_rt", "-lm"])
        return exes

    # -------------------------------------------------------------- running
    def environ(self, extra):
        env = dict(os.environ)
        for var in list(env):
            if var.startswith("HETILE_") or var.startswith("OMP_"):
                del env[var]
        env.update(extra)
        return env

    def once(self, exe, r, args):
        """{time, cpu, checksum, stats, descr}, or raises RuntimeError."""
        env = self.environ(r.env)
        if r.variant == "mpi":
            cmd = MPIRUN + ["-np", str(r.np), exe] + args
        else:
            cmd = [exe] + args
        try:
            p = run(cmd, env=env, timeout=self.a.run_timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError("timeout after %d s" % self.a.run_timeout)
        if p.returncode != 0:
            raise RuntimeError("exit %d: %s" % (
                p.returncode, " | ".join(p.stderr.strip().splitlines()[-3:])))
        m = re.search(r"^checksum (\S+)$", p.stdout, re.M)
        t = re.search(r"^time (\S+)$", p.stdout, re.M)
        c = re.search(r"^cpu (\S+)$", p.stdout, re.M)
        if not m or not t or not c:
            raise RuntimeError("no checksum/time/cpu line in: %r"
                               % p.stdout[:200])
        stats = {}
        for s in STATS_RE.finditer(p.stderr):
            stats[int(s.group(1))] = {
                "tiles": int(s.group(3)), "messages": int(s.group(4)),
                "bytes": int(s.group(5)), "compute": float(s.group(6)),
                "wait": float(s.group(7)), "communicate": float(s.group(8))}
        z = ZZ_RE.search(p.stderr)
        d = DESCR_RE.search(p.stderr)
        descr = None
        if d:
            descr = {"ncols": int(d.group(1)),
                     "per_rank": [int(x) for x in d.group(2).split(",")]}
        if r.variant == "mpi" and (len(stats) != r.np or not descr):
            raise RuntimeError("no HETILE_STATS lines for %d ranks" % r.np)
        return {"time": float(t.group(1)), "cpu": float(c.group(1)),
                "checksum": m.group(1), "stats": stats, "descr": descr,
                "sizes": ("h1 %s, h2 %s, column %s" % z.groups()) if z
                else None}

    def pingpong(self, times=3):
        """(startup s, per_byte s): medians of `times` runs of
        hetile-calibrate on 2 ranks (one run is noisy on a loaded machine)."""
        out = os.path.join(self.a.work, "platform.json")
        got = []
        for _ in range(times):
            try:
                p = run(MPIRUN + ["-np", "2", self.calibrate, "-o", out],
                        env=self.environ({}), timeout=120)
            except subprocess.TimeoutExpired:
                continue
            if p.returncode == 0:
                j = json.load(open(out))
                got.append((float(j.get("startup", 0)),
                            float(j.get("per_byte", 0))))
        if not got:
            self.problems.append("hetile-calibrate failed: T_com = 0 in the "
                                 "simulator")
            return 0.0, 0.0
        return (statistics.median(g[0] for g in got),
                statistics.median(g[1] for g in got))

    def simulate(self, times, rows, cols, strategy, tcom):
        cmd = [self.plan, "simulate", "--times", ",".join(map(str, times)),
               "--rows", str(rows), "--columns", str(cols),
               "--tcom", "%.6g" % tcom, "--json"] + strategy
        p = run(cmd)
        if p.returncode != 0:
            self.problems.append("hetile-plan simulate failed: %s: %s" % (
                " ".join(cmd), p.stderr.strip()))
            return None
        return json.loads(p.stdout)


def median(xs):
    return statistics.median(xs) if xs else None


def fmt(x, digits=3):
    return "-" if x is None else "%.*f" % (digits, x)


def pct(x):
    return "-" if x is None else "%.1f%%" % (100 * x)


def per_rank(sample):
    return "; ".join("%d: %d, %d, %.2f / %.2f / %.2f" % (
        q, st["tiles"], st["messages"], st["compute"], st["wait"],
        st["communicate"]) for q, st in sorted(sample["stats"].items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes, one rep: a smoke run of seconds")
    ap.add_argument("--reps", type=int, help="runs per variant (default 3, "
                    "1 with --quick)")
    ap.add_argument("--kernels", help="comma-separated (default: all): "
                    + ",".join(KERNELS))
    ap.add_argument("--sizes", help="kernel=NxT,... (arguments joined by x)")
    ap.add_argument("--tile-sizes", help="kernel=a,b,c;... HETILE_TILE_SIZES "
                    "per kernel (entries separated by ';')")
    ap.add_argument("--emulate-base", type=int, default=1, metavar="F",
                    help="emulate every rank F times slower than declared "
                    "(HETILE_EMULATE_SPEEDS = F x speeds; the 1-rank run at "
                    "factor F); default 1")
    ap.add_argument("--tcom", type=float, help="T_com for the simulator in "
                    "tile units (default: measured by ping-pong)")
    ap.add_argument("--out", help="also write the Markdown to this file")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "hetile-mpi-hetero"))
    ap.add_argument("--run-timeout", type=int, default=300)
    a = ap.parse_args()

    reps = a.reps if a.reps is not None else (1 if a.quick else 3)
    if reps < 1:
        die("--reps must be >= 1")
    if a.emulate_base < 1:
        die("--emulate-base must be >= 1")
    base = a.emulate_base
    kernels = a.kernels.split(",") if a.kernels else list(KERNELS)
    for k in kernels:
        if k not in KERNELS:
            die("unknown kernel '%s' (have %s)" % (k, ", ".join(KERNELS)))
    sizes = {k: KERNELS[k][1 if a.quick else 0] for k in KERNELS}
    for item in filter(None, (a.sizes or "").split(",")):
        k, _, v = item.partition("=")
        if k not in KERNELS or not re.fullmatch(r"\d+x\d+", v):
            die("--sizes: bad entry '%s' (expected kernel=NxT)" % item)
        sizes[k] = v
    tiles = {k: KERNELS[k][2] for k in KERNELS}
    for item in filter(None, (a.tile_sizes or "").split(";")):
        k, _, v = item.partition("=")
        if k not in KERNELS or not re.fullmatch(r"\d+(,\d+)*", v):
            die("--tile-sizes: bad entry '%s'" % item)
        tiles[k] = v

    b = Bench(a)
    for tool in (b.hetile, b.plan, b.calibrate):
        if not os.access(tool, os.X_OK):
            die("build hetile first (ninja -C build): no %s" % tool)

    load_before = loadavg()
    started = time.time()
    exes = {k: b.build(k) for k in kernels}
    startup, per_byte = b.pingpong(1 if a.quick else 3)
    note("ping-pong: startup %.3g s, per byte %.3g s" % (startup, per_byte))

    # The runs of each kernel, in the order they are interleaved.
    runs = {}
    for k in kernels:
        # The ring's allocations are measured (HETILE_GRID=ring): a 3-D band
        # on 4 ranks would otherwise take the default grid.
        common = {"HETILE_TILE_SIZES": tiles[k], "HETILE_STATS": "1",
                  "HETILE_GRID": "ring"}
        one_env = dict(common, HETILE_CALIBRATE="0")
        if base > 1:
            one_env["HETILE_EMULATE_SPEEDS"] = str(base)
        rs = [Run("original", "original", None, {}, "original (gcc -O3)"),
              Run("mpi-1", "mpi", 1, one_env, "mpi, 1 rank" + (
                  ", emulated factor %d" % base if base > 1 else ""))]
        for c in CONFIGS:
            speeds = ",".join(map(str, c))
            for s in STRATEGIES:
                env = dict(common, HETILE_SPEEDS=speeds,
                           HETILE_EMULATE_SPEEDS=",".join(
                               str(base * x) for x in c))
                rs.append(Run("%s/%s" % (speeds, s), "mpi", len(c), env, s))
        if base == 1:  # the homogeneous comparison
            rs.append(Run("mpi-2", "mpi", 2,
                          dict(common, HETILE_CALIBRATE="0"), "mpi, 2 ranks"))
            rs.append(Run("omp-2", "omp", None,
                          dict(common, HETILE_CALIBRATE="0",
                               OMP_NUM_THREADS="2"), "omp, 2 threads"))
        runs[k] = rs

    ncols = {}
    c_iter = {}  # seconds per iteration point on the fastest rank
    rep_loads = []
    for rep in range(reps):
        rep_loads.append(loadavg().split()[0])
        for k in kernels:
            args = sizes[k].split("x")
            for r in runs[k]:
                if r.error:
                    continue
                if r.key.endswith("/block-cyclic"):
                    p = r.np
                    n = ncols.get(k)
                    if n is None:
                        r.error = "no column count (the 1-rank run failed)"
                        continue
                    blk = max(1, n // (4 * p))
                    r.env["HETILE_ALLOC"] = "block-cyclic:%d" % blk
                    r.label = "block-cyclic:%d" % blk
                elif r.key.endswith("/chunk+model"):
                    r.env["HETILE_ALLOC"] = "chunk"
                    r.env.pop("HETILE_TILE_SIZES", None)
                    if c_iter.get(k):
                        r.env["HETILE_ITERATION_SECONDS"] = "%.4g" % c_iter[k]
                elif r.key.split("/")[-1] in ("auto", "cyclic", "chunk"):
                    r.env["HETILE_ALLOC"] = r.key.split("/")[-1]
                try:
                    smp = b.once(exes[k][r.variant], r, args)
                except RuntimeError as e:
                    r.error = str(e)
                    note("rep %d %s %s: FAILED: %s" % (rep + 1, k, r.key, e))
                    continue
                r.samples.append(smp)
                if r.key == "mpi-1" and k not in c_iter:
                    n, t = (int(x) for x in args)
                    c_iter[k] = smp["stats"][0]["compute"] / POINTS[k](n, t)
                    if base > 1:
                        c_iter[k] /= base
                if smp["sizes"]:
                    r.label = "chunk, [ZZ16] sizes %s" % smp["sizes"]
                if smp["descr"] and k not in ncols:
                    ncols[k] = smp["descr"]["ncols"]
                note("rep %d %s %s: %.3f s %s" % (rep + 1, k, r.key,
                                                  smp["time"],
                                                  smp["checksum"]))
    elapsed = time.time() - started
    load_after = loadavg()

    # ------------------------------------------------------------- analysis
    mismatches = []

    def med_time(r):
        return median([smp["time"] for smp in r.samples])

    def median_sample(r):
        """The sample whose time is the (lower) median."""
        if not r.samples:
            return None
        srt = sorted(r.samples, key=lambda smp: smp["time"])
        return srt[(len(srt) - 1) // 2]

    def check(k, r, ref):
        got = {smp["checksum"] for smp in r.samples}
        if not got:
            return "no run"
        if ref is None:
            return "(no reference)"
        if got == {ref}:
            return "ok"
        mismatches.append("%s %s: checksums %s, original %s" % (
            k, r.key, ", ".join(sorted(got)), ref))
        return "**MISMATCH**"

    def cell(r, t):
        if r.error:
            return "failed (%s)" % r.error.split(":")[0]
        return fmt(t)

    def as_run(smp):
        """Each rank's time per tile in this run (compute / tiles, emulated
        slowdown included) and Lemma 1's bound for processors of exactly
        those cycle times: tiles / sum(1 / time per tile). Ranks without
        tiles are left out (their speed was not observed)."""
        st = smp["stats"]
        per = {q: x["compute"] / x["tiles"] for q, x in st.items()
               if x["tiles"] > 0 and x["compute"] > 0}
        total = sum(x["tiles"] for x in st.values())
        inv = sum(1.0 / v for v in per.values())
        return per, (total / inv if inv else None)

    def diag(k, cfg, r, ms):
        per, bound_run = as_run(ms)
        times = ", ".join("%.3g" % (per[q] * 1e3) if q in per else "-"
                          for q in sorted(ms["stats"]))
        return [k, cfg, r.label, fmt(ms["time"]),
                ",".join(map(str, ms["descr"]["per_rank"]))
                if ms["descr"] else "-", per_rank(ms), times, fmt(bound_run),
                pct(bound_run / ms["time"] if bound_run else None)]

    hetero_rows, homog_rows, param_rows, diag_rows = [], [], [], []
    summary = []
    for k in kernels:
        by = {r.key: r for r in runs[k]}
        orig = by["original"]
        refs = {smp["checksum"] for smp in orig.samples}
        ref = refs.pop() if len(refs) == 1 else None
        if orig.samples and ref is None:
            mismatches.append("%s original: not deterministic" % k)
        one = by["mpi-1"]
        one_compute = median([smp["stats"][0]["compute"]
                              for smp in one.samples])
        ntiles = one.samples[0]["stats"][0]["tiles"] if one.samples else None
        n2 = ncols.get(k)
        t_tile = (one_compute / ntiles) if one_compute and ntiles else None
        n1 = round(ntiles / n2) if ntiles and n2 else None
        msgs = sum(st["messages"] for r in runs[k] if r.variant == "mpi"
                   for smp in r.samples for st in smp["stats"].values())
        byts = sum(st["bytes"] for r in runs[k] if r.variant == "mpi"
                   for smp in r.samples for st in smp["stats"].values())
        msg_bytes = byts / msgs if msgs else 0.0
        if a.tcom is not None:
            tcom = a.tcom
        elif t_tile:
            tcom = (startup + per_byte * msg_bytes) / t_tile
        else:
            tcom = 0.0

        def share(r):
            return pct(median([smp["cpu"] / smp["time"] for smp in r.samples
                               if smp["time"] > 0]))
        param_rows.append([k, sizes[k].replace("x", " "), tiles[k],
                           str(n2 or "-"), str(n1 or "-"), str(ntiles or "-"),
                           fmt(one_compute),
                           fmt(t_tile * 1e3 if t_tile else None, 4),
                           share(orig), share(one),
                           "%.0f" % msg_bytes, "%.3g" % tcom])
        t_orig = med_time(orig) if orig.samples else None
        t_one = med_time(one) if one.samples else None
        # with --emulate-base F the fastest processor is the 1-rank run at
        # factor F; the original runs at full speed and does not compete
        singles = [x for x in ((t_orig, t_one) if base == 1 else (t_one,))
                   if x is not None]
        best_single = min(singles) if singles else None
        for t, r in ((t_orig, orig), (t_one, one)):
            hetero_rows.append([k, "1 (the fastest)", r.label, cell(r, t), "-",
                                "-", "-", "-", "-", check(k, r, ref)])
        for c in CONFIGS:
            speeds = ",".join(map(str, c))
            p = len(c)
            inv = sum(1.0 / x for x in c) * min(c)
            bound = one_compute / inv if one_compute else None
            cyc = by["%s/cyclic" % speeds]
            t_cyc = med_time(cyc) if cyc.samples else None
            cfg = "%d ranks, %s" % (p, ":".join(map(str, c)))
            if base > 1:
                cfg += " (emulated %s)" % ":".join(str(base * x) for x in c)
            for s in STRATEGIES:
                r = by["%s/%s" % (speeds, s)]
                t = med_time(r) if r.samples else None
                if s == "auto":
                    strat = ["--strategy", "optimal"]
                    lcm = 1
                    for x in c:
                        lcm = lcm * x // math.gcd(lcm, x)
                    chunk = sum(lcm // x for x in c)  # L sum 1/t_i
                    if n2 and chunk > n2:
                        strat = ["--strategy", "bounded", "--max-chunk",
                                 str(max(p, n2 // 4))]
                else:
                    strat = ["--strategy", r.env.get("HETILE_ALLOC", s)]
                # chunk+model has its own tile grid: no simulation of it
                sim = (b.simulate(c, n1, n2, strat, tcom)
                       if n1 and n2 and s != "chunk+model" else None)
                t_sim = sim["makespan"] * t_tile if sim and t_tile else None
                eff = bound / t if bound and t else None
                vs_cyc = (t_cyc / t) if t and t_cyc else None
                hetero_rows.append([
                    k, cfg, r.label if s != "auto" else "auto (heterogeneous)",
                    cell(r, t), fmt(t_sim), fmt(bound), pct(eff),
                    ("%.2fx" % vs_cyc) if vs_cyc else "-",
                    ("%.2fx" % (best_single / t)) if best_single and t else "-",
                    check(k, r, ref)])
                ms = median_sample(r)
                if ms:
                    diag_rows.append(diag(k, cfg, r, ms))
                if s == "auto":
                    eff_run = None
                    if ms:
                        _, bound_run = as_run(ms)
                        eff_run = bound_run / ms["time"] if bound_run else None
                    summary.append((k, cfg, eff, eff_run, vs_cyc, c))
        if base > 1:
            continue
        m2, o2 = by["mpi-2"], by["omp-2"]
        t_m2 = med_time(m2) if m2.samples else None
        t_o2 = med_time(o2) if o2.samples else None

        def sp(t):
            return (" (%.2fx)" % (t_orig / t)) if t and t_orig else ""
        homog_rows.append([k, sizes[k].replace("x", " "), cell(orig, t_orig),
                           cell(one, t_one) + sp(t_one),
                           cell(m2, t_m2) + sp(t_m2),
                           cell(o2, t_o2) + sp(t_o2),
                           ", ".join("%s %s" % (n, check(k, r, ref))
                                     for n, r in (("mpi-1", one),
                                                  ("mpi-2", m2),
                                                  ("omp-2", o2)))])
        for r in (one, m2):
            ms = median_sample(r)
            if ms:
                diag_rows.append(diag(k, "%d rank%s, no emulation" % (
                    r.np, "s" if r.np > 1 else ""), r, ms))

    # --------------------------------------------------------------- output
    def table(head, rows):
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(row) + " |" for row in rows]
        return out

    cmd = " ".join(["bench/mpi_hetero.py"] +
                   [shlex.quote(x) for x in sys.argv[1:]])
    L = []
    if base > 1:
        L.append("Every rank is emulated %d times slower than its declared "
                 "speed (HETILE_EMULATE_SPEEDS = %d x HETILE_SPEEDS; the "
                 "1-rank run at factor %d, and it is the single processor "
                 "the heterogeneous runs are compared with)." % (base, base,
                                                                  base))
        L.append("")
    L.append("Command: `%s`; %s, %d CPUs (`nproc`), Linux %s; %s; %s; "
             "%s. Load average (1, 5, 15 min) %s before, %s after (1-min "
             "load at the start of each rep: %s); %.0f s in all. Medians of "
             "%d interleaved runs; times in seconds (the nest's wall time on "
             "rank 0)."
             % (cmd, cpu_model(), os.cpu_count() or 0, platform.release(),
                first_line(["gcc", "--version"]),
                first_line(["mpirun", "--version"]),
                datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
                load_before, load_after, ", ".join(rep_loads), elapsed, reps))
    L.append("")
    L.append("Tile grids and the tile unit: t_tile = compute / tiles of the "
             "mpi code on 1 rank (HETILE_STATS); CPU share = CPU time / wall "
             "time of the nest (below 100%%: the process waited for a core); "
             "T_com from the ping-pong (startup %.3g s, %.3g s per byte) and "
             "the mean message:" % (startup, per_byte))
    L.append("")
    L += table(["kernel", "N T", "HETILE_TILE_SIZES", "columns N2",
                "rows N1", "tiles", "compute, 1 rank (s)", "t_tile (ms)",
                "CPU share, original", "CPU share, mpi 1 rank",
                "bytes/message", "T_com (tiles)"], param_rows)
    L.append("")
    L.append("Heterogeneous (emulated) processors. Bound: Lemma 1 in seconds "
             "(tiles x t_tile / sum(1/t_i)); simulator: `hetile-plan "
             "simulate` x t_tile; efficiency = bound / makespan; vs cyclic = "
             "cyclic's makespan / this one; vs single = the best single "
             "processor's time / this one:")
    L.append("")
    L += table(["kernel", "ranks, speeds", "allocation", "makespan (s)",
                "simulator (s)", "Lemma 1 bound (s)", "efficiency",
                "vs cyclic", "vs single", "checksum"], hetero_rows)
    L.append("")
    if homog_rows:
        L.append("Homogeneous, no emulation (speedup over the original in "
                 "parentheses):")
        L.append("")
        L += table(["kernel", "N T", "original (gcc -O3)", "mpi, 1 rank",
                    "mpi, 2 ranks", "omp, 2 threads", "checksums"],
                   homog_rows)
        L.append("")
    L.append("Where the time goes (HETILE_STATS of the median run). Per rank "
             "r: tiles, messages sent, then compute / wait / communicate "
             "seconds (compute "
             "includes the emulated slowdown; wait includes waiting for the "
             "other ranks at the final gather; communicate includes the "
             "final exchange). Time per tile as run: each rank's compute / "
             "tiles (ms), i.e. the cycle times the ranks really had; bound "
             "as run: Lemma 1 for those cycle times, and the makespan's "
             "efficiency against it:")
    L.append("")
    L += table(["kernel", "ranks", "allocation", "makespan (s)",
                "columns per rank",
                "rank: tiles, messages, compute / wait / comm. (s)",
                "time per tile as run (ms)", "bound as run (s)",
                "efficiency as run"], diag_rows)
    L.append("")
    L.append("Goals (issue #5):")
    L.append("")
    for k, cfg, eff, eff_run, vs, c in summary:
        goal1 = ("reached" if eff and eff >= 0.85 else "**not reached**")
        line = "- %s, %s: heterogeneous allocation at %s of Lemma 1's bound " \
               "(goal >= 85%%: %s; %s against the bound as run)" % (
                   k, cfg, pct(eff), goal1, pct(eff_run))
        if max(c) / min(c) >= 4:
            goal2 = "reached" if vs and vs >= 2 else "**not reached**"
            line += "; %s faster than cyclic (goal >= 2x: %s)" % (
                ("%.2fx" % vs) if vs else "-", goal2)
        else:
            line += "; %s faster than cyclic (speeds differ by less than " \
                    "4x: no goal)" % (("%.2fx" % vs) if vs else "-")
        L.append(line + ".")
    problems = b.problems + mismatches + [
        "%s %s: %s" % (k, r.key, r.error) for k in kernels for r in runs[k]
        if r.error]
    if problems:
        L.append("")
        L.append("Problems:")
        L.append("")
        L += ["- " + p for p in problems]
    text = "\n".join(L) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    sys.exit(1 if mismatches or any(r.error for k in kernels
                                    for r in runs[k]) else 0)


if __name__ == "__main__":
    main()
