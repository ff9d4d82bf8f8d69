#!/usr/bin/env python3
"""Benchmark (not a test): `hetile analyze` against `clang-19 -fsyntax-only` on
bench/inputs/many_nests.c (24 nests). Both are run RUNS times, interleaved,
in this one run; prints the medians and their ratio as a Markdown table row.

    bench/analyze_speed.py [--build BUILD_DIR] [--runs RUNS]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUT = os.path.join(ROOT, "bench", "inputs", "many_nests.c")


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    hetile = os.path.join(args.build, "bin", "hetile")
    if not os.access(hetile, os.X_OK):
        sys.exit("analyze_speed: build hetile first (scripts/build.sh)")

    clang = ["clang-19", "-fsyntax-only", "-std=c11", "-Wno-unknown-pragmas", INPUT]
    analyze = [hetile, "analyze", INPUT, "--", "-std=c11"]
    report = subprocess.run(analyze, capture_output=True, text=True, check=True)
    nests = open(INPUT).read().count("#pragma hetile")
    tilable = report.stdout.count("tilable: yes")

    t_clang, t_hetile = [], []
    for _ in range(args.runs):
        t_clang.append(timed(clang))
        t_hetile.append(timed(analyze))
    mc, mh = statistics.median(t_clang), statistics.median(t_hetile)
    print("| input | nests | tilable | clang-19 -fsyntax-only (s) | hetile analyze (s) | ratio |")
    print("|---|---|---|---|---|---|")
    print("| bench/inputs/many_nests.c | %d | %d | %.3f | %.3f | %.2fx |"
          % (nests, tilable, mc, mh, mh / mc))


if __name__ == "__main__":
    main()
