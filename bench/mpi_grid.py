#!/usr/bin/env python3
"""Benchmark (not a test): 4 MPI ranks as a 2 x 2 processor grid
(HETILE_GRID=2,2, docs/grids.md) against the 1D ring of tile columns.

Kernels of bench/kernels/ (each prints an exact checksum and the nest's wall
time on rank 0): recurrence-3d N T and recurrence-4d N T, uniform
recurrences of [AY98]. Every variant is `hetile rewrite --backend=mpi` of
the same source (one binary: the grid's code and the ring's are both in
it), compiled with mpicc -O3 -DBENCH_MPI, run on 4 ranks with equal cycle
times (HETILE_CALIBRATE=0):

  ring         HETILE_TILE_SIZES=--sizes, HETILE_GRID=ring
  grid 2x2     HETILE_GRID=2,2, the same tile sizes (same tile volume)
  ring model   HETILE_GRID=ring, the runtime's default tile sizes for the ring
  grid model   HETILE_GRID=2,2, the runtime's default tile sizes for the
               grid ([AY98] Algorithms 1 and 2, docs/grids.md)

Each variant runs --reps times (interleaved); the table gives medians and
each run's time, the checksums are compared with the original's (gcc -O3,
no hetile) and a mismatch makes the exit status 1. The per-rank columns are
HETILE_STATS's (median over the reps of the largest over the ranks):
compute, wait (for messages), and the final exchange, which the grid does
element by element and the ring as runs of consecutive elements. The model
column is `hetile-plan simulate` on what the run printed (HETILE_STATS=1):
the ring's columns, rows (its tiles / columns) and allocation, or
`--grid 2,2 --tiles N0xN1xN2`, per nest, times the nests the run
started (T sweeps); times 1, the tile time measured (the ranks' compute
time over their tiles), T_com the runtime model's (a ring model line's
`T_com`, else 0) in tiles. It models the pipelines only, not the final
exchange, the array's initialisation or the ranks' waits for a core.

  bench/mpi_grid.py --build build [--reps 3] [--kernels recurrence-3d,...]
      [--sizes recurrence-3d=64,2/8,8,8 ...]   (other arguments and tiles)
"""
import argparse
import json
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (MPIRUN, ROOT, BenchError, checksums,  # noqa: E402
                      cpu_model, interleaved, loadavg, mpi_kernel, mpi_once,
                      run)

SIZES = {"recurrence-3d": (["256", "4"], "16,16,16"),
         "recurrence-4d": (["64", "2"], "8,8,8,8")}


def die(msg):
    sys.exit("mpi_grid: " + msg)


def once(a, exe, args, env):
    full = dict(os.environ, HETILE_CALIBRATE="0", HETILE_STATS="1", **env)
    for var in ("HETILE_GRID", "HETILE_TILE_SIZES"):
        if var not in env:
            full.pop(var, None)
    r = mpi_once(a.mpirun, 4, exe, args, full, 900)
    err = r.pop("stderr")
    r.update({k: max([float(x) for x in re.findall(r"%s ([0-9.]+) s" % k,
                                                   err)] or [0.0])
              for k in ("compute", "wait")})
    r["final"] = max([float(m) for m in re.findall(
        r"final exchange .*? messages, ([0-9.]+) s", err)] or [0.0])
    r["line"] = next((l for l in err.splitlines()
                      if l.startswith("hetile: 4 ranks")), "")
    per_rank = re.findall(r"rank \d+/4: (\d+) tiles, .*?compute ([0-9.]+) s",
                          err)
    r["nests"] = max(1, sum(1 for l in err.splitlines()
                            if l.startswith("hetile: 4 ranks")))
    r["tiles"] = sum(int(t) for t, _ in per_rank) // r["nests"]
    r["compute_sum"] = sum(float(c) for _, c in per_rank)
    m = re.search(r"hetile: tile sizes .*?: tiles ([0-9x]+)", err)
    r["model"] = m.group(1) if m else ""
    return r


def predict(a, r, tcom_s):
    """The simulator's makespan, in seconds, of the schedule r printed."""
    line, tiles = r["line"], r["tiles"]
    tile_s = r["compute_sum"] / (tiles * r["nests"]) if tiles else 0
    g = re.search(r"grid (\d+)x(\d+) .*?(\d+)x(\d+) tile columns", line)
    cols = re.search(r"(\d+) tile columns", line)
    if not tile_s > 0 or not (g or cols):
        return float("nan")
    cmd = [a.plan, "simulate", "--times", "1", "--tcom",
           "%.6g" % (tcom_s / tile_s), "--json"]
    if g:
        n0, n1 = int(g.group(3)), int(g.group(4))
        cmd += ["--grid", "%s,%s" % g.group(1, 2), "--tiles",
                "%dx%dx%d" % (n0, n1, max(1, tiles // (n0 * n1)))]
    else:
        n2 = int(cols.group(1))
        k = re.search(r"blocks x(\d+)", line)
        cmd[3] = "1,1,1,1"
        cmd += ["--rows", str(max(1, tiles // n2)), "--columns", str(n2),
                "--strategy", "block-cyclic:" + k.group(1) if k else "auto"]
    p = run(cmd)
    if p.returncode != 0:
        return float("nan")
    return json.loads(p.stdout)["makespan"] * tile_s * r["nests"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--kernels", default="recurrence-3d,recurrence-4d")
    ap.add_argument("--sizes", action="append", default=[],
                    metavar="KERNEL=ARGS/TILES",
                    help="e.g. recurrence-3d=64,2/8,8,8 (a short run)")
    ap.add_argument("--mpicc", default="mpicc")
    ap.add_argument("--mpirun", default=MPIRUN)
    a = ap.parse_args()
    for spec in a.sizes:
        kernel, rest = spec.split("=", 1)
        args, tiles = rest.split("/", 1)
        SIZES[kernel] = (args.split(","), tiles)
    hetile = os.path.join(a.build, "bin", "hetile")
    a.plan = os.path.join(a.build, "bin", "hetile-plan")
    lib = os.path.join(a.build, "lib")
    work = tempfile.mkdtemp(prefix="hetile-grid-")
    print("# 4 ranks, 2x2 grid against the ring; %s; load %s" %
          (cpu_model(), loadavg()))
    print("| kernel | variant | tile sizes | median s (%d reps) | ring / this "
          "| model s | compute s | wait s | final exchange s | checksums | "
          "all runs s |" % a.reps)
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    bad = False
    for kernel in a.kernels.split(","):
        args, sizes = SIZES[kernel]
        exe, want = mpi_kernel(hetile, lib, work, kernel, args, a.mpicc)
        variants = dict([("ring", {"HETILE_TILE_SIZES": sizes,
                                   "HETILE_GRID": "ring"}),
                         ("grid 2x2", {"HETILE_TILE_SIZES": sizes,
                                       "HETILE_GRID": "2,2"}),
                         ("ring model", {"HETILE_GRID": "ring"}),
                         ("grid model", {"HETILE_GRID": "2,2"})])
        samples = interleaved(a.reps, list(variants),
                              lambda name: once(a, exe, args, variants[name]))
        med = {n: statistics.median(s["time"] for s in r)
               for n, r in samples.items()}
        tcom = [float(m.group(1)) for r in samples.values() for x in r
                for m in [re.search(r"T_com ([0-9.e+-]+) s", x["line"])] if m]
        tcom_s = tcom[0] if tcom else 0.0
        for name, env in variants.items():
            s = samples[name]
            if name.startswith("grid") and "grid 2x2" not in s[0]["line"]:
                die("the grid did not run: " + s[0]["line"])
            ok, sums, times = checksums(s, want)
            bad |= not ok
            print("| %s %s | %s | %s | %.3f | %.2f | %.4f | %.3f | %.3f | "
                  "%.3f | %s | %s |" % (
                      kernel, " ".join(args), name,
                      env.get("HETILE_TILE_SIZES",
                              "runtime's " + s[0]["model"]), med[name],
                      med["ring"] / med[name],
                      statistics.median(predict(a, x, tcom_s) for x in s),
                      statistics.median(x["compute"] for x in s),
                      statistics.median(x["wait"] for x in s),
                      statistics.median(x["final"] for x in s),
                      sums, times))
            print("<!-- %s: %s -->" % (name, s[0]["line"]), file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    try:
        main()
    except BenchError as e:
        die(str(e))
