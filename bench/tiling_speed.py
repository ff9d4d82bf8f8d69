#!/usr/bin/env python3
"""Benchmark (not a test): hetile's tiled code against the original and Polly.

For each kernel of bench/kernels/ (a complete C program with one
`#pragma hetile` nest that prints `checksum <hash of its arrays' bytes>` and
`time <seconds of the nest alone>`), this script builds

  original       gcc -O3 -march=native
  seq            hetile rewrite --backend=seq, then gcc -O3 -march=native
                 -fopenmp, linked with libhetile_rt.a
  omp            hetile rewrite --backend=omp --omp-schedule=pipeline
                 (pipelined columnwise schedule), same compiler line,
                 OMP_NUM_THREADS=THREADS
  omp-auto       hetile rewrite --backend=omp (the default schedule, auto:
                 strips where the model prefers them, else the pipeline)
  omp-wavefront  hetile rewrite --backend=omp --omp-schedule=wavefront,
                 OMP_NUM_THREADS=THREADS
  polly          clang-19 -O3 -march=native -fopenmp -mllvm -polly
                 -mllvm -polly-position=early -mllvm -polly-parallel
                 -ffp-contract=off on the original, OMP_NUM_THREADS=THREADS
                 (-ffp-contract=off: the same arithmetic as gcc -std=c11,
                 which does not contract into FMAs)

runs every variant REPS times, interleaved (rep 1 of every variant, then rep
2, ...), and prints a Markdown table: the median kernel time of each variant,
its speedup (original / variant) and whether its checksum equals the
original's, bit for bit, on every run.

    bench/tiling_speed.py [--quick] [--kernels a,b] [--sizes k=NxT,...]
                          [--reps N] [--threads P] [--variants a,b]
                          [--env VAR=VALUE]... [--spread] [--out FILE.md]
                          [--realtime PRIO] [--pause S]
                          [--build BUILD_DIR] [--work DIR]

--sizes gives a kernel's command-line arguments, separated by 'x'
(`--sizes sor-2d=2000x40,heat-3d=120x60`). --env sets a variable for the
hetile variants only (e.g. `--env HETILE_TILE_SIZES=32,64,64`). Rewritten
files are cached under --work, keyed by the source, the hetile binary and the
options, so that a second run does not wait for `hetile rewrite` again.

On a machine that other jobs keep busy, --realtime PRIO runs each kernel under
`chrt -f PRIO` (SCHED_FIFO, needs root): its threads then have the cores to
themselves, as on an idle machine (nice is not enough: other sessions' jobs
may sit in other cgroups). The runs are --pause seconds apart so that the
other jobs still progress.
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

# name: (full-size arguments, quick arguments). Full sizes are chosen so that
# the original (gcc -O3 -march=native) takes about 2 s on the project's 2-core
# machine when it has the cores to itself (--realtime; see docs/benchmarks.md).
KERNELS = {
    "sor-2d": ("2000x160", "300x10"),
    "seidel-2d": ("2000x64", "300x10"),
    "jacobi-2d": ("2000x240", "300x10"),
    "heat-3d": ("150x300", "40x10"),
    "fdtd-2d": ("2000x180", "300x10"),
    "recurrence-3d": ("300x30", "60x1"),
}

STD = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I" + KDIR]
GCC = ["gcc", "-O3", "-march=native"] + STD
# -ffp-contract=off: clang contracts a * b + c into FMAs by default, gcc does
# not under -std=c11; without it Polly's checksums differ on fdtd-2d and
# recurrence-3d only because of the FMAs (plain clang-19 -O3 too).
POLLY = (["clang-19", "-O3", "-march=native", "-fopenmp", "-mllvm", "-polly",
          "-mllvm", "-polly-position=early", "-mllvm", "-polly-parallel",
          "-ffp-contract=off"] + STD)

# name: (hetile rewrite options or None for the original source, compiler
# line, uses threads, is a hetile variant)
VARIANTS = {
    "original": (None, GCC, False, False),
    "seq": (["--backend=seq"], GCC + ["-fopenmp"], False, True),
    "omp": (["--backend=omp", "--omp-schedule=pipeline"], GCC + ["-fopenmp"],
            True, True),
    # What `--backend=omp` gives: strips where the model prefers them.
    "omp-auto": (["--backend=omp"], GCC + ["-fopenmp"], True, True),
    "omp-wavefront": (["--backend=omp", "--omp-schedule=wavefront"],
                      GCC + ["-fopenmp"], True, True),
    "polly": (None, POLLY, True, False),
}


def die(msg):
    sys.exit("tiling_speed: " + msg)


def parse_map(text, what):
    out = {}
    for item in filter(None, (text or "").split(",")):
        if "=" not in item:
            die("%s: expected NAME=VALUE, got '%s'" % (what, item))
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


class Bench:
    def __init__(self, a):
        self.a = a
        self.hetile = os.path.join(a.build, "bin", "hetile")
        self.rt_inc = os.path.join(ROOT, "runtime", "include")
        self.rt_lib = os.path.join(a.build, "lib")
        os.makedirs(a.work, exist_ok=True)
        self.notes = []

    def rewrite(self, kernel, opts):
        """The rewritten source (cached), or None with a note."""
        out, why, took = benchlib.rewrite(self.hetile, self.a.work, kernel, opts,
                                          STD, self.a.rewrite_timeout)
        if why:
            self.notes.append(why)
        elif took > 30:
            self.notes.append("%s %s: `hetile rewrite` took %.0f s"
                              % (kernel, " ".join(opts), took))
        return out

    def build(self, kernel, variant):
        opts, cc, _, is_hetile = VARIANTS[variant]
        src = os.path.join(KDIR, kernel + ".c")
        if opts is not None:
            src = self.rewrite(kernel, opts)
            if src is None:
                return None
        exe = os.path.join(self.a.work, "%s.%s" % (kernel, variant))
        cmd = cc + [src, "-o", exe]
        if is_hetile:
            # The static runtime: a rebuild of build/lib during the runs
            # cannot change what is measured.
            cmd += ["-I" + self.rt_inc,
                    os.path.join(self.rt_lib, "libhetile_rt.a"), "-lstdc++"]
        cmd += ["-lm"]
        p = run(cmd)
        if p.returncode != 0:
            self.notes.append("%s %s: does not compile: %s" % (
                kernel, variant, (p.stderr.strip().splitlines() or [""])[0]))
            return None
        return exe

    def env(self, variant):
        env = dict(os.environ)
        for var in list(env):
            if var.startswith("HETILE_") or var.startswith("OMP_"):
                del env[var]
        _, _, threaded, is_hetile = VARIANTS[variant]
        env["OMP_NUM_THREADS"] = str(self.a.threads if threaded else 1)
        if is_hetile:
            env.update(self.a.env)
        return env

    def time_once(self, exe, args, env):
        """(kernel seconds, checksum) or (None, reason)."""
        prefix = ["chrt", "-f", str(self.a.realtime)] if self.a.realtime else []
        if self.a.pause:
            time.sleep(self.a.pause)
        try:
            p = run(prefix + [exe] + args, env=env, timeout=self.a.run_timeout)
        except subprocess.TimeoutExpired:
            return None, "timeout"
        if p.returncode != 0:
            return None, "exit %d: %s" % (p.returncode, p.stderr.strip()[:200])
        m = re.search(r"^checksum (\S+)$", p.stdout, re.M)
        t = re.search(r"^time (\S+)$", p.stdout, re.M)
        if not m or not t:
            return None, "no checksum/time line"
        return float(t.group(1)), m.group(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes: a smoke run of a few seconds")
    ap.add_argument("--kernels", help="comma-separated (default: all): "
                    + ",".join(KERNELS))
    ap.add_argument("--sizes", help="kernel=AxB,... (arguments joined by x)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--variants", help="comma-separated (default: all): "
                    + ",".join(VARIANTS))
    ap.add_argument("--env", action="append", default=[],
                    help="VAR=VALUE for the hetile variants (repeatable)")
    ap.add_argument("--spread", action="store_true",
                    help="also give each variant's fastest and slowest run")
    ap.add_argument("--out", help="also write the Markdown to this file")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "hetile-tiling-speed"))
    ap.add_argument("--realtime", type=int, metavar="PRIO", default=0,
                    help="run the kernels under `chrt -f PRIO` (SCHED_FIFO; "
                    "root): on a loaded machine, the cores to themselves")
    ap.add_argument("--pause", type=float, default=None,
                    help="seconds to sleep before each run (default 0, "
                    "0.5 with --realtime: the other processes' turn)")
    ap.add_argument("--rewrite-timeout", type=int, default=1800)
    ap.add_argument("--run-timeout", type=int, default=600)
    a = ap.parse_args()

    if a.reps < 1 or a.threads < 1:
        die("--reps and --threads must be >= 1")
    if a.pause is None:
        a.pause = 0.5 if a.realtime else 0.0
    if a.realtime:
        p = run(["chrt", "-f", str(a.realtime), "true"])
        if p.returncode != 0:
            die("--realtime: `chrt -f %d` fails: %s"
                % (a.realtime, p.stderr.strip()))
    kernels = a.kernels.split(",") if a.kernels else list(KERNELS)
    for k in kernels:
        if k not in KERNELS:
            die("unknown kernel '%s' (have %s)" % (k, ", ".join(KERNELS)))
    variants = a.variants.split(",") if a.variants else list(VARIANTS)
    for v in variants:
        if v not in VARIANTS:
            die("unknown variant '%s' (have %s)" % (v, ", ".join(VARIANTS)))
    if "original" not in variants:
        variants.insert(0, "original")
    sizes = {k: KERNELS[k][1 if a.quick else 0] for k in KERNELS}
    for k, v in parse_map(a.sizes, "--sizes").items():
        if k not in KERNELS or not re.fullmatch(r"\d+(x\d+)*", v):
            die("--sizes: bad entry '%s=%s'" % (k, v))
        sizes[k] = v
    env = {}
    for item in a.env:
        if "=" not in item:
            die("--env: expected VAR=VALUE, got '%s'" % item)
        k, v = item.split("=", 1)
        env[k] = v
    a.env = env

    b = Bench(a)
    if any(VARIANTS[v][3] for v in variants) and not os.access(b.hetile, os.X_OK):
        die("build hetile first (scripts/build.sh): no %s" % b.hetile)

    load_before = loadavg()
    exes = {}
    for k in kernels:
        for v in variants:
            print("tiling_speed: building %s %s" % (k, v), file=sys.stderr)
            exes[k, v] = b.build(k, v)

    times = {key: [] for key in exes}
    sums = {key: set() for key in exes}
    errors = {}
    for rep in range(a.reps):
        for k in kernels:
            args = sizes[k].split("x")
            for v in variants:
                exe = exes[k, v]
                if exe is None or (k, v) in errors:
                    continue
                t, s = b.time_once(exe, args, b.env(v))
                if t is None:
                    errors[k, v] = s
                    continue
                times[k, v].append(t)
                sums[k, v].add(s)
                print("tiling_speed: rep %d %s %s: %.3f s %s"
                      % (rep + 1, k, v, t, s), file=sys.stderr)
    load_after = loadavg()

    def cell(k, v):
        if exes[k, v] is None:
            return "not built"
        if (k, v) in errors:
            return "failed (%s)" % errors[k, v].split(":")[0]
        med = statistics.median(times[k, v])
        text = "%.3g" % med
        ref = times.get((k, "original"))
        if v != "original" and ref and (k, "original") not in errors:
            text += (" (%.2fx)" % (statistics.median(ref) / med) if med > 0
                     else " (n/a)")
        if a.spread:
            text += " [%.3g-%.3g]" % (min(times[k, v]), max(times[k, v]))
        return text

    def checks(k):
        ref = sums.get((k, "original"), set())
        if len(ref) != 1:
            return "original: %s" % ("not deterministic" if ref else "no run")
        bad = [v for v in variants[1:]
               if exes[k, v] is not None and (k, v) not in errors
               and sums[k, v] != ref]
        return "all equal" if not bad else "**differ: %s**" % ", ".join(bad)

    preamble = ("Command: `%s`; %s. "
                "Load average (1, 5, 15 min) %s before, %s after. "
                "Medians of %d interleaved runs (kernel time only, seconds), "
                "speedup over the original in parentheses%s; threaded "
                "variants with OMP_NUM_THREADS=%d.%s%s"
                % (benchlib.command("bench/tiling_speed.py"),
                   benchlib.machine(), load_before, load_after, a.reps,
                   ", [fastest-slowest run] in brackets" if a.spread else "",
                   a.threads,
                   (" Kernels run under SCHED_FIFO (`chrt -f %d`), %.1f s "
                    "apart." % (a.realtime, a.pause)) if a.realtime else "",
                   (" Environment of the hetile variants: %s." % " ".join(
                       "%s=%s" % kv for kv in sorted(a.env.items())))
                   if a.env else ""))
    head = ["kernel", "arguments"] + variants + ["checksums vs original"]
    rows = [[k, sizes[k]] + [cell(k, v) for v in variants] + [checks(k)]
            for k in kernels]
    benchlib.write_table(preamble, head, rows, b.notes, a.out)

if __name__ == "__main__":
    main()
