#!/usr/bin/env python3
"""Benchmark (not a test): hetile's run-time tile sizes against a sweep.

For each kernel of bench/kernels/ (a complete C program with one
`#pragma hetile` nest that prints `checksum ...` and `time <seconds of the
nest>`), this script builds the original (gcc -O3 -march=native) and
`hetile rewrite --backend=omp` (same compiler line, -fopenmp, the static
runtime), then measures

  original       the original program
  default 1t     the omp code with the runtime's sizes, OMP_NUM_THREADS=1
  default 2t     the same, OMP_NUM_THREADS=THREADS (the sizes and the block
                 width it chose are read from its HETILE_STATS line); both
                 with HETILE_REFINE=0: the model's sizes alone
  refined 2t     the same with the sizes tried in the running nest
                 (hetile_refine), its choice from its HETILE_STATS line
  sweep best     the omp code, THREADS threads, over every candidate of
                 HETILE_TILE_SIZES (a list per band depth, SIZES below) and
                 HETILE_ALLOC (cyclic: Proposition 1's single columns,
                 block-cyclic:4, chunk: one block per processor): one run
                 each, then the 3 fastest again with the others

The final runs (original, the two defaults, refined, the sweep's 3
fastest) are interleaved, REPS times; the table gives their medians
(seconds), the speedups over the original, the best candidate's settings,
and whether every run's checksum equals the original's, bit for bit.

    bench/tile_sizes.py [--quick] [--kernels a,b] [--reps N] [--threads P]
                        [--realtime PRIO] [--pause S] [--out FILE.md]
                        [--build BUILD_DIR] [--work DIR]

--realtime PRIO runs each program under `chrt -f PRIO` (SCHED_FIFO, root)
so that a machine other jobs keep busy does not decide the ranking, with
--pause seconds between runs (default 0.3 then) for the other jobs, and
its threads bound to distinct cores (OMP_PROC_BIND=spread,
OMP_PLACES=cores), so that two SCHED_FIFO threads never share a core.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import benchlib
from benchlib import KDIR, ROOT, loadavg, run

# name: (arguments, quick arguments): the original takes about 0.3-0.5 s on
# the project's 2-core machine; sor-sweep is the 12000 x 12000 single SOR
# sweep of the issue that asked for model-chosen sizes.
KERNELS = {
    "sor-sweep": ("12000", "3000"),
    "sor-2d": ("2000x40", "500x10"),
    "seidel-2d": ("2000x16", "500x4"),
    "jacobi-2d": ("2000x60", "500x10"),
    "heat-3d": ("150x60", "40x10"),
    "fdtd-2d": ("2000x45", "500x10"),
    "recurrence-3d": ("300x6", "60x1"),
    "heat-rec-3d": ("1000x300", "200x40"),
}

# HETILE_TILE_SIZES candidates per band depth (band order: the sizes are
# given to the band's dimensions from the outermost).
SIZES = {
    2: ["16,256", "64,64", "64,256", "64,1024", "256,64", "256,256",
        "32,2048", "128,512"],
    3: ["8,8,8", "16,16,16", "32,32,32", "16,16,64", "8,8,256", "16,32,512",
        "32,32,128", "4,16,1024"],
    4: ["4,4,4,4", "8,8,8,8", "4,8,8,64", "8,8,16,128", "2,8,8,256",
        "16,16,16,16"],
}
ALLOCS = ["cyclic", "block-cyclic:4", "chunk"]

STD = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I" + KDIR]
GCC = ["gcc", "-O3", "-march=native"] + STD


def die(msg):
    sys.exit("tile_sizes: " + msg)


class Bench:
    def __init__(self, a):
        self.a = a
        self.hetile = os.path.join(a.build, "bin", "hetile")
        os.makedirs(a.work, exist_ok=True)
        self.notes = []

    def build(self, kernel, omp):
        src = os.path.join(KDIR, kernel + ".c")
        cc = GCC
        if omp:
            src, why, _ = benchlib.rewrite(self.hetile, self.a.work, kernel,
                                           ["--backend=omp"], STD)
            if why:
                self.notes.append(why)
                return None, 0
            cc = GCC + ["-fopenmp", "-I" + os.path.join(ROOT, "runtime",
                                                        "include")]
        exe = os.path.join(self.a.work, "%s.%s" % (kernel,
                                                   "omp" if omp else "orig"))
        cmd = cc + [src, "-o", exe]
        if omp:
            cmd += [os.path.join(self.a.build, "lib", "libhetile_rt.a"),
                    "-lstdc++"]
        p = run(cmd + ["-lm"])
        if p.returncode != 0:
            self.notes.append("%s: does not compile: %s" % (
                exe, (p.stderr.strip().splitlines() or [""])[0]))
            return None, 0
        depth = 0
        if omp:
            m = re.search(r"long hetile_T\[(\d+)\]", open(src).read())
            depth = int(m.group(1)) if m else 0
        return exe, depth

    def once(self, exe, args, threads, extra):
        """(seconds, checksum, stderr) or (None, reason, '')."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("HETILE_", "OMP_"))}
        env["OMP_NUM_THREADS"] = str(threads)
        if self.a.realtime:
            env["OMP_PROC_BIND"] = "spread"
            env["OMP_PLACES"] = "cores"
        env.update(extra)
        prefix = ["chrt", "-f", str(self.a.realtime)] if self.a.realtime else []
        if self.a.pause:
            time.sleep(self.a.pause)
        try:
            p = run(prefix + [exe] + args, env=env, timeout=600)
        except subprocess.TimeoutExpired:
            return None, "timeout", ""
        if p.returncode != 0:
            return None, "exit %d: %s" % (p.returncode, p.stderr[:200]), ""
        s = re.search(r"^checksum (\S+)$", p.stdout, re.M)
        t = re.search(r"^time (\S+)$", p.stdout, re.M)
        if not s or not t:
            return None, "no checksum/time line", ""
        return float(t.group(1)), s.group(1), p.stderr


def describe_default(stderr):
    """The sizes and block width of a default run's HETILE_STATS line."""
    m = re.search(r"allocation (\S+),(?:.*?blocks x(\d+))?.*?tiles (\S+) "
                  r"\(distributed", stderr)
    if not m:
        m2 = re.search(r"allocation (\S+)", stderr)
        return m2.group(1) if m2 else "?"
    return "%s, blocks x%s" % (m.group(3), m.group(2) or "1")


def describe_refined(stderr):
    """The sizes the last refine line chose, or the model's and why none
    was tried."""
    lines = re.findall(r"^hetile: refine: (.*)$", stderr, re.M)
    if not lines:
        return "?"
    m = re.search(r"; chose (\S+)", lines[-1])
    if m:
        return m.group(1)
    m = re.search(r"tile sizes (\S+) \(model[^)]*\), none tried \((\w+)",
                  lines[-1])
    return "%s (%s)" % (m.group(1), m.group(2)) if m else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--kernels", help="comma-separated (default: all): "
                    + ",".join(KERNELS))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--realtime", type=int, metavar="PRIO", default=0)
    ap.add_argument("--pause", type=float, default=None)
    ap.add_argument("--out")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "hetile-tile-sizes"))
    a = ap.parse_args()
    if a.reps < 1 or a.threads < 2:
        die("--reps must be >= 1 and --threads >= 2")
    if a.pause is None:
        a.pause = 0.3 if a.realtime else 0.0
    kernels = a.kernels.split(",") if a.kernels else list(KERNELS)
    for k in kernels:
        if k not in KERNELS:
            die("unknown kernel '%s' (have %s)" % (k, ", ".join(KERNELS)))
    b = Bench(a)
    if not os.access(b.hetile, os.X_OK):
        die("build hetile first: no %s" % b.hetile)
    load_before = loadavg()
    rows = []
    for k in kernels:
        args = KERNELS[k][1 if a.quick else 0].split("x")
        orig, _ = b.build(k, False)
        omp, depth = b.build(k, True)
        if not orig or not omp or depth not in SIZES:
            rows.append([k, "x".join(args)] + ["n/a"] * 10 +
                        ["depth %d" % depth])
            continue
        log = lambda msg: print("tile_sizes: %s: %s" % (k, msg), file=sys.stderr)
        # The sweep: one run per candidate.
        sweep = []
        sums = set()
        for sz in SIZES[depth]:
            for al in ALLOCS:
                extra = {"HETILE_TILE_SIZES": sz, "HETILE_ALLOC": al}
                t, s, _ = b.once(omp, args, a.threads, extra)
                if t is None:
                    b.notes.append("%s %s %s: %s" % (k, sz, al, s))
                    continue
                sums.add(s)
                sweep.append((t, extra))
                log("sweep %s %s: %.3f s" % (sz, al, t))
        sweep.sort(key=lambda x: x[0])
        final = {"original": (orig, 1, {}),
                 "default 1t": (omp, 1, {"HETILE_REFINE": "0"}),
                 "default 2t": (omp, a.threads, {"HETILE_STATS": "1",
                                                 "HETILE_REFINE": "0"}),
                 "refined 2t": (omp, a.threads, {"HETILE_STATS": "1"})}
        for i, (_, extra) in enumerate(sweep[:3]):
            final["sweep %d" % i] = (omp, a.threads, extra)
        times = {n: [] for n in final}
        ref = set()
        chosen = refined = "?"
        for rep in range(a.reps):
            for n, (exe, threads, extra) in final.items():
                t, s, err = b.once(exe, args, threads, extra)
                if t is None:
                    b.notes.append("%s %s: %s" % (k, n, s))
                    continue
                times[n].append(t)
                (ref if n == "original" else sums).add(s)
                if n == "default 2t":
                    chosen = describe_default(err)
                if n == "refined 2t":
                    refined = describe_refined(err)
                log("rep %d %s: %.3f s" % (rep + 1, n, t))
        med = {n: statistics.median(v) for n, v in times.items() if v}
        best = min((n for n in med if n.startswith("sweep")),
                   key=lambda n: med[n], default=None)
        o = med.get("original")

        def cell(n):
            if n not in med:
                return "failed"
            return "%.3f" % med[n] + (" (%.2fx)" % (o / med[n]) if o else "")
        settings = ("%s %s" % (final[best][2]["HETILE_TILE_SIZES"],
                               final[best][2]["HETILE_ALLOC"])
                    if best else "-")
        def ratio(n):
            return ("%.2f" % (med[n] / med[best])
                    if best and n in med else "-")
        same = ("all equal" if len(ref) == 1 and sums <= ref
                else "**differ**")
        rows.append([k, "x".join(args), cell("original"), cell("default 1t"),
                     cell("default 2t"), chosen, cell("refined 2t"), refined,
                     cell(best) if best else "-", settings,
                     ratio("default 2t"), ratio("refined 2t"), same])
    load_after = loadavg()
    preamble = ("Command: `%s`; %s. Load average %s before, %s after. "
                "Medians of %d interleaved runs (seconds, kernel only), "
                "speedup over the original in parentheses; %d threads unless "
                "said.%s"
                % (benchlib.command("bench/tile_sizes.py"), benchlib.machine(),
                   load_before, load_after, a.reps, a.threads,
                   (" Programs under SCHED_FIFO (`chrt -f %d`), %.1f s apart, "
                    "threads bound to distinct cores."
                    % (a.realtime, a.pause)) if a.realtime else ""))
    head = ["kernel", "arguments", "original", "default 1 thread",
            "default", "default's choice", "refined", "refined's choice",
            "sweep best", "its settings", "default / best", "refined / best",
            "checksums"]
    benchlib.write_table(preamble, head, rows, b.notes, a.out)

if __name__ == "__main__":
    main()
