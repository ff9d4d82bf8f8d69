#!/usr/bin/env python3
"""What hetile's omp build of each kernel of test/Run executes in main(),
against the original: the instructions valgrind's callgrind counts from
main's first instruction to its return (--toggle-collect=main), on one
thread, for each argument list of the kernel's `//@ args` line. The
kernels and their builds are bench/run_kernels.py's (gcc -O3; hetile's
build `hetile rewrite --backend=omp` with -fopenmp and the run-time
decision on, libhetile_rt linked statically). A count does not depend on
the machine's load, where the kernels' times (microseconds to
milliseconds) do: it says whether hetile's code does more work than the
original (the decision, the checks, the first-call costs, the tiled code
where it runs), not what cache misses or a thread's start cost. Needs
valgrind (Debian package valgrind).

  bench/kernel_instructions.py [--build build] [--only NAME,...] [--out FILE]
"""
import argparse
import os
import re
import statistics
import sys
import tempfile

import benchlib
import run_kernels


def instructions(exe, argv, work):
    """Instructions of main() in one run of EXE on one thread, and its
    output."""
    out = os.path.join(work, "callgrind.out")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HETILE_")}
    env["OMP_NUM_THREADS"] = "1"
    p = benchlib.run(["valgrind", "--tool=callgrind", "--toggle-collect=main",
                      "--callgrind-out-file=" + out, exe] + argv,
                     env=env, timeout=1200)
    if p.returncode:
        sys.exit("%s %s failed under valgrind (%d): %s" %
                 (exe, " ".join(argv), p.returncode, p.stderr[-400:]))
    with open(out) as f:
        m = re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M)
    os.unlink(out)
    if not m:
        sys.exit("callgrind wrote no count for %s" % exe)
    return int(m.group(1)), p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(benchlib.ROOT, "build"))
    ap.add_argument("--only", default="")
    ap.add_argument("--out")
    args = ap.parse_args()
    if not benchlib.run(["sh", "-c", "command -v valgrind"]).stdout:
        sys.exit("kernel_instructions: needs valgrind (apt-get install valgrind)")
    # run_kernels.build's options: processes, the runtime static.
    args.time, args.link = "process", "static"
    work = tempfile.mkdtemp(prefix="hetile-instructions-")
    rows, ratios, skipped = [], [], []
    only = [s for s in args.only.split(",") if s]
    for name, src, lists in run_kernels.kernels(only):
        exes = run_kernels.build(args, work, name, src)
        if isinstance(exes, str):
            skipped.append(name)
            continue
        counts = {}
        for key in ("orig", "omp"):
            total, outs = 0, []
            for argv in lists:
                n, out = instructions(exes[key], argv, work)
                total += n
                outs.append(out)
            counts[key] = (total, outs)
        if counts["omp"][1] != counts["orig"][1]:
            sys.exit("%s: hetile's build printed another output" % name)
        orig, omp = counts["orig"][0], counts["omp"][0]
        ratios.append((orig / omp, name))
        rows.append([name, "%d" % orig, "%d (%.3fx)" % (omp, orig / omp)])
    notes = []
    if ratios:
        low = sorted(r for r in ratios if r[0] < 0.95)
        notes.append(
            "%d kernels; the original's count over hetile's: median %.3fx, "
            "lowest %.3fx (%s); %d below 0.95x%s" % (
                len(ratios), statistics.median(r for r, _ in ratios),
                min(ratios)[0], min(ratios)[1], len(low),
                "" if not low else ": " + ", ".join(
                    "%s %.3fx" % (n, r) for r, n in low)))
    notes.append("every run printed the original's output")
    if skipped:
        notes.append("not built: " + ", ".join(skipped))
    benchlib.write_table(
        benchlib.machine() + "\n\n`" +
        benchlib.command("bench/kernel_instructions.py") + "`",
        ["kernel", "original: instructions of main()",
         "hetile omp, 1 thread (ratio)"], rows, notes, args.out)


if __name__ == "__main__":
    main()
