#!/usr/bin/env python3
"""Benchmark (not a test): the MPI backends' compile-time goal, measured.

For every kernel of bench/kernels/, test/Run/ and test/Inputs/, and each of --backend=mpi
and --backend=mpi+omp: the CPU time of `hetile rewrite`, the size of its
output, and the CPU time of `mpicc -O2 -c` of that output (user + system of
the process and its children: on a loaded machine, CPU time is what the
goal is about, not the wall time). Prints a Markdown table and, at the end,
the largest of each column; a row past the goal (rewrite over 10 s, compile
over 30 s) is marked OVER, and so is a rewrite that fails or leaves a nest
untiled (its remark kinds are listed).

    bench/compile_time.py [--build BUILD_DIR] [--kernels a,b,...]
                          [--backends mpi,mpi+omp] [--timeout S]
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

import benchlib

ROOT = benchlib.ROOT
RT_INC = os.path.join(ROOT, "runtime", "include")
RUN_DIR = os.path.join(ROOT, "test", "Run")
EXEC_INC = os.path.join(ROOT, "test", "Exec", "Inputs")
INPUTS_DIR = os.path.join(ROOT, "test", "Inputs")
REWRITE_GOAL, COMPILE_GOAL = 10.0, 30.0


def kernels(only):
    found = [("bench/kernels/" + f, os.path.join(benchlib.KDIR, f),
              ["-I" + benchlib.KDIR])
             for f in sorted(os.listdir(benchlib.KDIR)) if f.endswith(".c")]
    found += [("test/Run/" + f, os.path.join(RUN_DIR, f), ["-I" + EXEC_INC])
              for f in sorted(os.listdir(RUN_DIR)) if f.endswith(".c")]
    # Kernels that several test/Run files share (those files hold no nest).
    found += [("test/Inputs/" + f, os.path.join(INPUTS_DIR, f),
               ["-I" + INPUTS_DIR, "-I" + EXEC_INC])
              for f in sorted(os.listdir(INPUTS_DIR)) if f.endswith(".c")]
    if only:
        names = set(only.split(","))
        found = [k for k in found if os.path.basename(k[0])[:-2] in names]
    return found


def cpu_run(cmd, timeout):
    """(CPU seconds of the command and its children, process), or (None,
    None) past the timeout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = benchlib.run(cmd, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime +
            after.ru_stime - before.ru_stime), p


def fmt(t):
    return "> timeout" if t is None else "%.2f" % t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--kernels", default="")
    ap.add_argument("--backends", default="mpi,mpi+omp")
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    hetile = os.path.join(args.build, "bin", "hetile")
    if not os.access(hetile, os.X_OK):
        sys.exit("compile_time: build hetile first (scripts/build.sh)")
    work = tempfile.mkdtemp(prefix="hetile-compile-time-")
    std = ["-std=gnu11", "-I" + RT_INC]
    print("machine: %s, %d cores, load %s" % (
        benchlib.cpu_model(), os.cpu_count(), benchlib.loadavg()))
    print("| kernel | backend | rewrite CPU (s) | output (bytes) | "
          "mpicc -O2 -c CPU (s) | remarks |")
    print("|---|---|---|---|---|---|")
    worst = {"rewrite": (0.0, ""), "size": (0, ""), "compile": (0.0, "")}
    over = 0
    for name, src, inc in kernels(args.kernels):
        for b in args.backends.split(","):
            flags = std + inc + (["-fopenmp"] if "omp" in b else [])
            out = os.path.join(work, "%s.%s.c" % (os.path.basename(src), b))
            t, p = cpu_run([hetile, "rewrite", src, "-o", out,
                            "--backend=" + b, "--"] + flags, args.timeout)
            remarks = set()
            size, tc = 0, None
            if p is None:
                remarks.add("rewrite timeout")
            elif p.returncode != 0:
                remarks.add("rewrite exit %d" % p.returncode)
            else:
                remarks.update(re.findall(r"\[hetile-reject-([a-z-]+)\]",
                                          p.stderr))
                size = os.path.getsize(out)
                tc, q = cpu_run(["mpicc", "-O2", "-c", out, "-o", os.devnull] +
                                flags, args.timeout)
                if q is None:
                    remarks.add("mpicc timeout")
                elif q.returncode != 0:
                    remarks.add("mpicc exit %d" % q.returncode)
            bad = (remarks or t is None or tc is None or t > REWRITE_GOAL or
                   tc > COMPILE_GOAL)
            over += bool(bad)
            what = "%s %s" % (name, b)
            if t is not None and t > worst["rewrite"][0]:
                worst["rewrite"] = (t, what)
            if size > worst["size"][0]:
                worst["size"] = (size, what)
            if tc is not None and tc > worst["compile"][0]:
                worst["compile"] = (tc, what)
            print("| %s | %s | %s | %d | %s | %s%s |" % (
                name, b, fmt(t), size, fmt(tc),
                ", ".join(sorted(remarks)) or "-", " OVER" if bad else ""),
                flush=True)
    print()
    print("slowest rewrite: %.2f s CPU (%s)" % worst["rewrite"])
    print("largest output: %d bytes (%s)" % worst["size"])
    print("slowest mpicc -O2 -c: %.2f s CPU (%s)" % worst["compile"])
    print("rows past the goal (rewrite > %g s, compile > %g s, a remark, a "
          "failure): %d" % (REWRITE_GOAL, COMPILE_GOAL, over))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
