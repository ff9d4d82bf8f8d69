#!/usr/bin/env python3
"""Benchmark (not a test): 4 MPI ranks in two clusters of 2 joined by an
emulated slow link, flat against hierarchical allocation (docs/clusters.md).

Kernels of bench/kernels/ (each prints an exact checksum and the nest's wall
time on rank 0): sor-2d N T (skewed 3D band) and edit-distance N M (2D).
Every variant is `hetile rewrite --backend=mpi` of the same source, compiled
with mpicc -O3 -DBENCH_MPI, run on 4 ranks with a platform file of equal
cycle times, clusters {0,1} and {2,3}, and HETILE_EMULATE_LINKS=1: a
pipeline message between the clusters makes its sender sleep the link's
start-up + bytes x per_byte. The link is --slowdown (20) times the costs
declared inside a cluster (--startup, --per-byte).

  flat   the platform file's "panel": 0: the allocation of one cluster
         (blocks of Proposition 1's columns, docs/tile-sizes.md)
  hier   [BRR99]'s panels, B from section 3's condition
  hosts  the same, the clusters found from the hosts (HETILE_EMULATE_HOSTS
         =a,a,b,b, a platform file without "clusters" and "link") and the
         link measured by the runtime's ping-pong across the emulated link
         (HETILE_EMULATE_LINKS=startup,per_byte); its time includes that
         measurement (once per process, in the first nest's start)

Each variant runs --reps times (interleaved); the table gives medians, the
checksums are compared with the original's (gcc -O3, no hetile) and a
mismatch makes the exit status 1. The model's prediction is
`hetile-plan simulate` on the allocation the run printed (HETILE_STATS=1):
its rows, columns and owners (flat: block-cyclic:K for equal times; hier:
--strategy hier --panel B), the link in tiles (link seconds / tile seconds,
the tile time measured: the ranks' compute time over their tiles), times 1.
The simulator models the pipeline only: the final exchange (the longest of
a rank's, HETILE_STATS, median over the reps) is given in its own column.

  bench/mpi_clusters.py --build build [--reps 3] [--kernels sor-2d,...]
      [--sizes sor-2d=200,4 ...]   (other arguments)
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

SIZES = {"sor-2d": ["1200", "16"], "edit-distance": ["4000", "4000"]}


def die(msg):
    sys.exit("mpi_clusters: " + msg)


def platform(path, a, panel, hosts=False):
    p = {"times": [1, 1, 1, 1], "startup": a.startup, "per_byte": a.per_byte}
    if not hosts:
        p["clusters"] = [[0, 1], [2, 3]]
        p["link"] = {"startup": a.startup * a.slowdown,
                     "per_byte": a.per_byte * a.slowdown}
    if panel is not None:
        p["panel"] = panel
    with open(path, "w") as f:
        json.dump(p, f)


def describe(stderr):
    """The allocation line of rank 0 and the tile time measured."""
    line = next((l for l in stderr.splitlines()
                 if l.startswith("hetile: 4 ranks")), "")
    tiles = compute = 0.0
    for m in re.finditer(r"rank \d+/4: (\d+) tiles, .*?compute ([0-9.]+) s",
                         stderr):
        tiles += int(m.group(1))
        compute += float(m.group(2))
    return line, (compute / tiles if tiles else float("nan"))


def final_exchange(stderr):
    """The longest final exchange of a rank (HETILE_STATS), seconds."""
    return max([float(m.group(1)) for m in re.finditer(
        r"final exchange .*? messages, ([0-9.]+) s", stderr)] or [0.0])


def predict(a, line, tile_s, bytes_row):
    """The simulator's makespan, in seconds, of the allocation in line."""
    m = re.search(r"(\d+) tile columns", line)
    rows = re.search(r"(\d+) rows", line)
    if not m or not rows or not tile_s == tile_s:
        return float("nan")
    link = (a.startup + a.per_byte * bytes_row) * a.slowdown / tile_s
    cmd = [a.plan, "simulate", "--times", "1,1,1,1", "--rows", rows.group(1),
           "--columns", m.group(1), "--clusters", "0,1;2,3",
           "--link", "%.6g" % link, "--json"]
    b = re.search(r"panel B = (\d+)", line)
    k = re.search(r"blocks x(\d+)", line)
    if b:
        cmd += ["--strategy", "hier", "--panel", b.group(1)]
    elif k:
        cmd += ["--strategy", "block-cyclic:" + k.group(1)]
    else:
        return float("nan")
    p = run(cmd)
    if p.returncode != 0:
        return float("nan")
    return json.loads(p.stdout)["makespan"] * tile_s


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--kernels", default="sor-2d,edit-distance")
    ap.add_argument("--sizes", action="append", default=[],
                    metavar="KERNEL=ARGS", help="e.g. sor-2d=200,4 (a short "
                    "run)")
    ap.add_argument("--startup", type=float, default=1e-5)
    ap.add_argument("--per-byte", type=float, default=1e-9)
    ap.add_argument("--slowdown", type=float, default=20)
    ap.add_argument("--mpicc", default="mpicc")
    ap.add_argument("--mpirun", default=MPIRUN)
    a = ap.parse_args()
    a.plan = os.path.join(a.build, "bin", "hetile-plan")
    for spec in a.sizes:
        kernel, args = spec.split("=", 1)
        SIZES[kernel] = args.split(",")
    hetile = os.path.join(a.build, "bin", "hetile")
    lib = os.path.join(a.build, "lib")
    work = tempfile.mkdtemp(prefix="hetile-clusters-")
    print("# 4 ranks, clusters {0,1} {2,3}, link %gx slower than inside "
          "(startup %g s, per_byte %g s inside); %s; load %s" %
          (a.slowdown, a.startup, a.per_byte, cpu_model(), loadavg()))
    print("| kernel | allocation | B | median s (%d reps) | final exchange s "
          "| model s | flat / this | checksums | all runs s |" % a.reps)
    print("|---|---|---|---|---|---|---|---|---|")
    bad = False
    for kernel in a.kernels.split(","):
        args = SIZES[kernel]
        exe, want = mpi_kernel(hetile, lib, work, kernel, args, a.mpicc)
        plats, envs = {}, {}
        for name, panel in (("flat", 0), ("hier", None), ("hosts", None)):
            plats[name] = os.path.join(work, "%s-%s.json" % (kernel, name))
            platform(plats[name], a, panel, name == "hosts")
            envs[name] = {"HETILE_EMULATE_LINKS": "1"}
        envs["hosts"] = {"HETILE_EMULATE_HOSTS": "a,a,b,b",
                         "HETILE_EMULATE_LINKS": "%g,%g" % (
                             a.startup * a.slowdown, a.per_byte * a.slowdown)}
        samples = interleaved(a.reps, list(plats), lambda name: mpi_once(
            a.mpirun, 4, exe, args, dict(
                os.environ, HETILE_PLATFORM=plats[name], HETILE_STATS="1",
                **envs[name]), 600))
        runs = {name: (plats[name], samples[name]) for name in plats}
        med = {n: statistics.median(s["time"] for s in r[1])
               for n, r in runs.items()}
        for name, (plat, samples) in runs.items():
            line, tile_s = describe(samples[0]["stderr"])
            bm = re.search(r"message of (\d+) bytes", line)
            # The flat run's line has no message size: the hier run's.
            if not bm:
                hl, _ = describe(runs["hier"][1][0]["stderr"])
                bm = re.search(r"message of (\d+) bytes", hl)
            model = predict(a, line, tile_s, int(bm.group(1)) if bm else 0)
            ok, sums, times = checksums(samples, want)
            bad |= not ok
            b = re.search(r"panel B = (\d+)", line)
            fin = statistics.median(final_exchange(x["stderr"])
                                    for x in samples)
            print("| %s | %s | %s | %.3f | %.3f | %.3f | %s | %s | %s |" % (
                kernel, name, b.group(1) if b else "-", med[name], fin, model,
                "%.2f" % (med["flat"] / med[name]) if name != "flat" else "",
                sums, times))
            print("<!-- %s -->" % line, file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    try:
        main()
    except BenchError as e:
        die(str(e))
