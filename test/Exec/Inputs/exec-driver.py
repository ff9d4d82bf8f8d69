#!/usr/bin/env python3
"""Differential execution of one kernel: original vs tiled, bitwise.

The kernel is a C file whose `//@` lines describe its nest (see
test/unit/codegen/HetileCodegenTest.cpp) and whose main prints its results
(exec-common.h). For every compiler given, the original and the tiled
programs (run-time tile sizes, and constant sizes fixed at generation time)
are compiled with -std=c99 -O2 -Wall -Werror (and checked with -std=c11),
run under many tile sizes, and their outputs compared byte for byte. A
malformed HETILE_TILE_SIZES must stop the tiled program with status 1 and a
message naming the variable.

  exec-driver.py KERNEL.c --work DIR --cc gcc --cc clang-19 \
      --cflags="-I.../runtime/include" --libs="-L... -lhetile_rt -lm"
"""
import argparse
import os
import shlex
import subprocess
import sys

# Tile sizes tried: 1, small, non-divisors, larger than any extent; mixed.
RUNTIME_SIZES = ["1", "2", "3", "7", "32", "1000", "1,7", "7,1", "2,3,5",
                 "5,3,2", "4,1,9"]
CONSTANT_SIZES = ["1", "3,5", "64"]
BAD_SIZES = ["0", "3,-1", "x", "2.5"]


def run(cmd, env=None, check=True):
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if check and p.returncode != 0:
        sys.exit("FAIL: %s\n  exit %d\n%s%s" % (" ".join(cmd), p.returncode,
                                               p.stdout, p.stderr))
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("--work", required=True)
    ap.add_argument("--cc", action="append", required=True)
    ap.add_argument("--cflags", default="")
    ap.add_argument("--libs", default="")
    ap.add_argument("--driver", default="hetile-codegen-test")
    a = ap.parse_args()

    os.makedirs(a.work, exist_ok=True)
    inputs = os.path.dirname(os.path.abspath(__file__))
    cflags = ["-O2", "-Wall", "-Werror", "-I" + inputs] + shlex.split(a.cflags)
    libs = shlex.split(a.libs)

    variants = {"runtime": []}
    for s in CONSTANT_SIZES:
        variants["const" + s.replace(",", "x")] = ["--tile-sizes=" + s]
    sources = {}
    for name, extra in variants.items():
        out = os.path.join(a.work, "tiled-%s.c" % name)
        run([a.driver, a.kernel, "-o", out] + extra)
        sources[name] = out

    runs = 0
    for cc in a.cc:
        tag = os.path.basename(cc)
        orig = os.path.join(a.work, "orig-" + tag)
        run([cc, "-std=c99"] + cflags + [a.kernel, "-o", orig] + libs)
        expected = run([orig]).stdout
        if not expected.strip():
            sys.exit("FAIL: the original program printed nothing")
        for name, src in sources.items():
            run([cc, "-std=c11", "-fsyntax-only"] + cflags + [src])
            exe = os.path.join(a.work, "tiled-%s-%s" % (name, tag))
            run([cc, "-std=c99"] + cflags + [src, "-o", exe] + libs)
            sizes = RUNTIME_SIZES + [None] if name == "runtime" else [None]
            for s in sizes:
                env = dict(os.environ)
                env.pop("HETILE_TILE_SIZES", None)
                if s is not None:
                    env["HETILE_TILE_SIZES"] = s
                got = run([exe], env=env).stdout
                runs += 1
                if got != expected:
                    sys.exit("FAIL: %s %s HETILE_TILE_SIZES=%s differs from "
                             "the original\n--- expected\n%s--- got\n%s"
                             % (tag, name, s, expected, got))
        exe = os.path.join(a.work, "tiled-runtime-" + tag)
        for s in BAD_SIZES:
            env = dict(os.environ, HETILE_TILE_SIZES=s)
            p = run([exe], env=env, check=False)
            if p.returncode != 1 or not p.stderr.startswith("hetile: error:") \
                    or "HETILE_TILE_SIZES" not in p.stderr:
                sys.exit("FAIL: HETILE_TILE_SIZES=%s: exit %d, stderr %r"
                         % (s, p.returncode, p.stderr))
    print("PASS: %d tiled runs identical to the original" % runs)


if __name__ == "__main__":
    main()
