#!/usr/bin/env python3
"""Which loops gcc vectorizes in bench/kernels/classic's kernels, as written
and as hetile tiles them (`rewrite --auto --backend=omp`), both with
gcc -O3 -march=x86-64-v3 -fopenmp -fopt-info-vec-optimized (and -fno-ipa-icf).

For each kernel it prints one line:

    KERNEL original=V tiled=T/P

V: vectorized loops in the kernel function as written; P: innermost point
loops of its tiled code (in the outlined hetile_points_kernel_* functions,
or inline after a `/* hetile: tile loops */` or `/* hetile: point loops */`
marker, as the strips print them); T: how many of those
gcc vectorized. It fails (exit 1) where the original has a vectorized loop
and no innermost point loop of the tiled code is, or where the kernel's
nests were not tiled at all.

    vectorized_kernels.py --hetile HETILE --kernels DIR --cflags="..." --work DIR
                          [--cc GCC]
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

# -fno-ipa-icf: gcc would otherwise fold identical outlined tiles (3mm's
# first two products) into one and report its loops at one of them only.
GCC = ["-O3", "-march=x86-64-v3", "-std=c11", "-fopenmp",
       "-D_POSIX_C_SOURCE=200809L", "-fno-ipa-icf", "-fopt-info-vec-optimized"]
FOR = re.compile(r"^\s*for \(")


def vectorized_lines(cc, path, flags):
    """The source lines of \\p path (1-based) where gcc reports a vectorized
    loop (a loop is reported at its condition, which may be the header's
    second line)."""
    p = subprocess.run([cc] + GCC + flags + ["-c", path, "-o", os.devnull],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("vectorized_kernels: gcc failed on %s:\n%s" % (path, p.stderr))
    base = os.path.basename(path)
    lines = set()
    for m in re.finditer(r"^(\S+):(\d+):\d+: optimized: loop vectorized",
                         p.stderr, re.M):
        if os.path.basename(m.group(1)) == base:
            lines.add(int(m.group(2)))
    return lines


def function_span(text, name_re):
    """[first, last] lines (1-based) of each function whose definition line
    matches \\p name_re (a definition starts at column 0 and ends at the next
    `}` at column 0)."""
    spans, start = [], None
    for n, line in enumerate(text.splitlines(), 1):
        if start is None and re.match(name_re, line):
            start = n
        elif start is not None and line.startswith("}"):
            spans.append((start, n))
            start = None
    return spans


def header_lines(lines, n):
    """The lines of the `for` header starting at line n (1-based): up to the
    line that closes its parenthesis."""
    depth, out = 0, []
    for k in range(n - 1, len(lines)):
        out.append(k + 1)
        depth += lines[k].count("(") - lines[k].count(")")
        if depth <= 0:
            break
    return out


def innermost_point_loops(text, kernel_fn):
    """The header lines of the innermost `for` loops of the tiled nests of
    \\p kernel_fn: a `for` whose body (the lines indented more
    than it, up to the first line that is not) holds no other `for` and no
    call of an outlined tile."""
    lines = text.splitlines()
    regions = []
    for lo, hi in function_span(text, r"^static void hetile_points_%s_\d+\(" % kernel_fn):
        regions.append((lo, hi))
    for lo, hi in function_span(text, r"^(static )?void %s\(" % kernel_fn):
        for n in range(lo, hi + 1):
            line = lines[n - 1]
            if ("/* hetile: point loops */" not in line and
                    "/* hetile: tile loops */" not in line):
                continue
            indent = len(line) - len(line.lstrip())
            end = n
            while end < hi and (not lines[end].strip() or
                                len(lines[end]) - len(lines[end].lstrip()) >= indent):
                end += 1
            regions.append((n, end))
    loops, seen = [], set()
    for lo, hi in regions:
        for n in range(lo, hi + 1):
            # The point loops' marker may lie inside a tile loops' region.
            if not FOR.match(lines[n - 1]) or n in seen:
                continue
            seen.add(n)
            indent = len(lines[n - 1]) - len(lines[n - 1].lstrip())
            head = header_lines(lines, n)
            k = head[-1]
            inner = False
            while k < hi and (not lines[k].strip() or
                              len(lines[k]) - len(lines[k].lstrip()) > indent):
                # A tile loop around an outlined tile's call is no point loop.
                if FOR.match(lines[k]) or "hetile_points_" in lines[k]:
                    inner = True
                    break
                k += 1
            if not inner:
                loops.append(head)
    return loops


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hetile", required=True)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--cflags", default="")
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    # The kernels include "../bench-kernel.h": the rewritten files sit one
    # folder below a copy of it.
    outdir = os.path.join(a.work, "kernels")
    os.makedirs(outdir, exist_ok=True)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(a.kernels)),
                             "bench-kernel.h"), a.work)
    flags = shlex.split(a.cflags) + ["-I", os.path.dirname(os.path.abspath(a.kernels))]
    failed = False
    for src in sorted(glob.glob(os.path.join(a.kernels, "*.c"))):
        name = os.path.basename(src)[:-2]
        text = open(src).read()
        m = re.search(r"^static void (kernel_\w+)\(", text, re.M)
        if not m:
            sys.exit("vectorized_kernels: no kernel function in %s" % src)
        fn = m.group(1)
        vec = vectorized_lines(a.cc, src, flags)
        orig = sum(1 for lo, hi in function_span(text, r"^static void %s\(" % fn)
                   for n in vec if lo <= n <= hi)
        out = os.path.join(outdir, name + ".omp.c")
        p = subprocess.run([a.hetile, "rewrite", "--auto", "--backend=omp", src,
                            "-o", out, "--", "-std=c11",
                            "-D_POSIX_C_SOURCE=200809L"] + flags,
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("vectorized_kernels: hetile failed on %s:\n%s" % (src, p.stderr))
        tiled_text = open(out).read()
        loops = innermost_point_loops(tiled_text, fn)
        tvec = vectorized_lines(a.cc, out, flags)
        hit = sum(1 for head in loops if any(n in tvec for n in head))
        print("%s original=%d tiled=%d/%d" % (name, orig, hit, len(loops)))
        if not loops:
            print("  FAIL: %s: no point loop of a tiled nest in %s" % (name, fn))
            failed = True
        elif orig > 0 and hit == 0:
            print("  FAIL: %s: the original vectorizes and no innermost point "
                  "loop does" % name)
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
