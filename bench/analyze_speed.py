#!/usr/bin/env python3
"""Benchmark (not a test): `hetile analyze` against `clang-19 -fsyntax-only` on
the project's bench files: bench/inputs/many_nests.c (24 nests), the kernels
of bench/kernels/ and bench/kernels/classic/ and the programs of bench/apps/
(`--auto` where a file has no `#pragma hetile`). Both are run RUNS times per
file, interleaved, in this one run; prints the medians and their ratio as a
Markdown table, one row per file, then the median and the largest ratio.

    bench/analyze_speed.py [--build BUILD_DIR] [--runs RUNS] [--only NAME,...]
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["-std=gnu11", "-Wno-unknown-pragmas",
         "-I" + os.path.join(ROOT, "bench", "kernels")]


def inputs():
    files = [os.path.join(ROOT, "bench", "inputs", "many_nests.c")]
    for pattern in ("kernels/*.c", "kernels/classic/*.c", "apps/*.c"):
        files += sorted(glob.glob(os.path.join(ROOT, "bench", pattern)))
    return files


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    hetile = os.path.join(args.build, "bin", "hetile")
    if not os.access(hetile, os.X_OK):
        sys.exit("analyze_speed: build hetile first (scripts/build.sh)")
    only = [o for o in args.only.split(",") if o]

    print("| input | nests | tilable | clang-19 -fsyntax-only (s) | hetile analyze (s) | ratio |")
    print("|---|---|---|---|---|---|")
    ratios = []
    for path in inputs():
        name = os.path.relpath(path, ROOT)
        if only and not any(o in name for o in only):
            continue
        marked = "#pragma hetile" in open(path).read()
        clang = ["clang-19", "-fsyntax-only"] + FLAGS + [path]
        analyze = [hetile, "analyze"] + ([] if marked else ["--auto"]) + \
            [path, "--"] + FLAGS
        report = subprocess.run(analyze, capture_output=True, text=True,
                                check=True)
        nests = report.stdout.count("nest at ")
        tilable = report.stdout.count("tilable: yes")
        t_clang, t_hetile = [], []
        for _ in range(args.runs):
            t_clang.append(timed(clang))
            t_hetile.append(timed(analyze))
        mc, mh = statistics.median(t_clang), statistics.median(t_hetile)
        ratios.append((mh / mc, name))
        print("| %s | %d | %d | %.3f | %.3f | %.2fx |"
              % (name, nests, tilable, mc, mh, mh / mc))
    if ratios:
        print()
        print("- %d files; ratio median %.2fx, largest %.2fx (%s); %d at 2x "
              "or below" % (len(ratios), statistics.median(r for r, _ in ratios),
                            max(ratios)[0], max(ratios)[1],
                            sum(1 for r, _ in ratios if r <= 2.0)))


if __name__ == "__main__":
    main()
