#!/usr/bin/env python3
"""Checks HETILE_STATS's resident bytes per rank (docs/mpi-exchange.md,
"Storage by share").

resident.py STATS --ranks P --line TEXT --rows R [--slack F]

Reads the stats lines of STATS (the ranks' standard error) that contain TEXT,
one per rank, and for each array of each line ("resident: A x of y bytes")
checks x <= y / P * (1 + F) + R * 2 * page: the rank's share of the array,
F more (default 0.1), and two partial pages per row of R rows (where a rank's
part of a row begins and ends). Prints each rank's figures; exits 1 if any
exceeds its bound or if a rank has no such line."""
import argparse
import os
import re
import sys

ap = argparse.ArgumentParser()
ap.add_argument("stats")
ap.add_argument("--ranks", type=int, required=True)
ap.add_argument("--line", required=True)
ap.add_argument("--rows", type=int, required=True)
ap.add_argument("--slack", type=float, default=0.1)
a = ap.parse_args()
page = os.sysconf("SC_PAGESIZE")
seen, bad = set(), 0
for line in open(a.stats, errors="replace"):
    m = re.match(r"hetile: rank (\d+)/(\d+):", line)
    if not m or a.line not in line or int(m.group(2)) != a.ranks:
        continue
    rank = int(m.group(1))
    seen.add(rank)
    part = line.split("resident: ", 1)[1].split(";", 1)[0] if "resident: " in line else ""
    arrays = re.findall(r"(\w+) (\d+) of (\d+) bytes", part)
    if not arrays:
        print("rank %d: no resident bytes in: %s" % (rank, line.strip()))
        bad += 1
    for name, have, span in arrays:
        have, span = int(have), int(span)
        bound = span / a.ranks * (1 + a.slack) + a.rows * 2 * page
        ok = have <= bound
        bad += not ok
        print("rank %d: %s %d of %d bytes resident (%.1f%%), bound %d: %s" % (
            rank, name, have, span, 100.0 * have / span, bound,
            "ok" if ok else "EXCEEDED"))
missing = sorted(set(range(a.ranks)) - seen)
if missing:
    print("no line with %r for ranks %s" % (a.line, missing))
sys.exit(1 if bad or missing else 0)
