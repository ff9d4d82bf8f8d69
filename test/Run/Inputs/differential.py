#!/usr/bin/env python3
"""Differential execution through `hetile rewrite`: original vs every backend.

A kernel is a complete C program with `#pragma hetile` nests whose main
prints its results exactly (hashes of the raw bytes; run-common.h). Its
`//@ args A | B | C` line lists the command lines to run it with. For every
compiler given, this script

  1. compiles the original (-std=c99 -O1 -Wall -Werror -Wno-unknown-pragmas)
     and runs it with each argument list: the expected output;
  2. for each backend (seq, omp with the pipelined schedule, omp with
     wavefronts), runs `hetile rewrite`, checks that every marked nest was
     tiled (one tile-loop marker per `#pragma hetile`), compiles the result
     with -Wall -Werror (-fopenmp for omp), and runs it under many run-time
     tile sizes, thread counts and allocations (HETILE_SPEEDS, HETILE_ALLOC,
     calibration), comparing the output byte for byte;
  3. does the same once with constant tile sizes (--tile-sizes).

The rewritten programs are compiled with -DHETILE_FALLBACK_ABORT: every
branch of generated code that runs the original nest instead of the tiled
one (a run-time alias check or an int-counter guard that failed) aborts, so
a run passes only if the tiled code ran. A kernel that takes such a branch
on purpose says so with a `//@ fallback` line (it is then compiled without
the macro, and a test of its own proves which branch ran).

With --backends=...,mpi the mpi backend is compiled with mpicc (each
compiler through OMPI_CC) and run under mpirun with 1 to 8 ranks, cyclic,
block-cyclic, heterogeneous (declared, emulated, calibrated) and chunk
([ZZ16], with the runtime's model tile sizes) allocations (half of these
settings per kernel, by its name: Kernel.half);
every rank must print the original's output (rank 0 with --gather=root,
tried on kernels with a `//@ gather-root` line: no rank but 0 uses what
their functions compute, after they return), and
with the (ranks, tile sizes) pairs of a kernel's `//@ mpi-runs` line; a
kernel with a band of 3 dimensions or more also on a 2 x 2 processor grid
(HETILE_GRID=2,2) and on one of 1 x 1, 2 x 1 and 1 x 2 (chosen by the
kernel's name), which HETILE_STATS must name.
With mpi+omp (compiled with -fopenmp) the same under a few (ranks, threads)
pairs: the ranks' columns split among their OpenMP threads. The strips
schedule runs with omp-strips, mpi-strips and mpi+omp-strips (kernels whose
nests all take it; omp-auto-strips: with --omp-schedule=auto, kernels whose
nests the model all gives the strips), under widths, thread and rank counts
and speeds of its own, and proves from every run's HETILE_STATS lines that
the strips ran with those settings.

A kernel whose nests a backend leaves alone on purpose names it in an
`//@ untiled-on B,...` line (its own RUN lines check the remark); the other
backends run as above.

Adding a kernel is adding one file to test/Run/.

  differential.py KERNEL.c --work DIR --hetile BIN --cc gcc --cc clang-19 \
      --cflags="-I.../runtime/include" --libs="-L... -lhetile_rt -lm"
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zlib

# Run-time tile sizes: 1, small, non-divisors, larger than every extent,
# mixed per dimension (a shorter list repeats its last entry).
SIZES = ["1", "2,3", "3,1,2", "7", "64", "1000", None]  # None: runtime default
CONSTANT_SIZES = "5,3"
# (threads, extra environment) for the omp backend; the third also with
# the run-time default sizes (SIZES' None), refined in the running nest in
# slabs as thin as the lattice allows (HETILE_REFINE=always, tile sizes
# that change from slab to slab).
OMP_RUNS = [
    (1, {}),
    (2, {"HETILE_SPEEDS": "1,3"}),
    (2, {"HETILE_CALIBRATE": "0", "HETILE_REFINE": "always"}),
    (3, {"HETILE_ALLOC": "cyclic"}),
    (4, {"HETILE_ALLOC": "block-cyclic:2", "HETILE_CALIBRATE": "0"}),
    (4, {"HETILE_SPEEDS": "1,2,4,8"}),
    (3, {"HETILE_ALLOC": "chunk", "HETILE_SPEEDS": "2,1,3"}),
]
# (ranks, extra environment) for the mpi backend: cyclic, block-cyclic,
# heterogeneous (declared and emulated), calibrated, more ranks than cores.
# HETILE_RELEASE=poison overwrites, on each rank, every value that a nest
# taking values left by the one before finds dead there (docs/mpi-exchange.md,
# "Storage by share"): a run that read one would print another result.
MPI_RUNS = [
    (1, {}),
    (2, {"HETILE_ALLOC": "cyclic", "HETILE_CALIBRATE": "0",
         "HETILE_RELEASE": "poison"}),
    (3, {"HETILE_ALLOC": "block-cyclic:2", "HETILE_CALIBRATE": "0",
         "HETILE_RELEASE": "poison"}),
    (4, {"HETILE_SPEEDS": "1,2,4,8", "HETILE_EMULATE_SPEEDS": "1,1,2,2"}),
    (8, {"HETILE_CALIBRATE": "0", "HETILE_RELEASE": "poison"}),
    (2, {}),
    # [ZZ16]'s one chunk per rank, fastest first (rank 1 here), with the
    # runtime's tile sizes: for a band of 3, (3.5) solved with a measured
    # ping-pong, then with a cache too small for any subchunk (h1 = h2 = 1).
    (3, {"HETILE_ALLOC": "chunk", "HETILE_SPEEDS": "4,1,2",
         "HETILE_EMULATE_SPEEDS": "2,1,1", "HETILE_RELEASE": "poison"}),
    (4, {"HETILE_ALLOC": "chunk", "HETILE_CALIBRATE": "0",
         "HETILE_CACHE_BYTES": "8"}),
]
MPI_SIZES = ["1", "2,3", "7", None, "3,1,2", "1000", None, None]
# (threads, extra environment) for the strips schedule (--backends=
# omp-strips, kernels whose nests all take it): widths 1, 2, odd, larger
# than every time extent and the model's; more threads than rows; strips
# thinner than the halo; heterogeneous speeds; sub-tiles of 1 row, odd
# heights, higher than the strip, and from a cache of 64 bytes (8 rows).
# Each run under HETILE_STATS, whose lines must show these settings
# (check_strips_stats).
STRIPS_RUNS = [
    (1, {"HETILE_STRIP_WIDTH": "1", "HETILE_STRIP_SUBTILE": "1"}),
    (2, {"HETILE_STRIP_WIDTH": "2", "HETILE_STRIP_SUBTILE": "3"}),
    (2, {"HETILE_STRIP_WIDTH": "3", "HETILE_SPEEDS": "1,3",
         "HETILE_STRIP_SUBTILE": "1"}),
    (3, {"HETILE_STRIP_WIDTH": "5", "HETILE_CALIBRATE": "0",
         "HETILE_STRIP_SUBTILE": "1000"}),
    (4, {"HETILE_STRIP_WIDTH": "1000", "HETILE_SPEEDS": "1,2,4,8",
         "HETILE_STRIP_SUBTILE": "2"}),
    (7, {"HETILE_STRIP_WIDTH": "4", "HETILE_CALIBRATE": "0",
         "HETILE_STRIP_SUBTILE": "5"}),
    (2, {}),
    (3, {"HETILE_SPEEDS": "3,1,2", "HETILE_CACHE_BYTES": "64"}),
]
# (ranks, threads, extra environment) for the strips schedule on MPI ranks
# (--backends=mpi-strips, mpi+omp-strips): widths 1, 2, odd, larger than
# every time extent and the model's (with its trials); 2 to 5 ranks (more
# than rows on small grids, strips thinner than the halo); declared,
# emulated and calibrated speeds (emulated ones calibrated). Each run under
# HETILE_STATS, as STRIPS_RUNS.
STRIPS_MPI_RUNS = [
    (2, 1, {"HETILE_STRIP_WIDTH": "1", "HETILE_CALIBRATE": "0",
            "HETILE_STRIP_SUBTILE": "1"}),
    (3, 1, {"HETILE_STRIP_WIDTH": "2", "HETILE_SPEEDS": "1,3,2",
            "HETILE_STRIP_SUBTILE": "3"}),
    (2, 1, {"HETILE_STRIP_WIDTH": "5", "HETILE_SPEEDS": "3,1",
            "HETILE_EMULATE_SPEEDS": "1,2"}),
    (3, 1, {"HETILE_STRIP_WIDTH": "1000", "HETILE_CALIBRATE": "0"}),
    (5, 1, {"HETILE_STRIP_WIDTH": "3", "HETILE_SPEEDS": "1,2,1,2,1"}),
    (2, 1, {"HETILE_EMULATE_SPEEDS": "1,3"}),
]
STRIPS_MPIOMP_RUNS = [
    (2, 2, {"HETILE_STRIP_WIDTH": "2", "HETILE_SPEEDS": "1,3",
            "HETILE_STRIP_SUBTILE": "3"}),
    (3, 2, {"HETILE_STRIP_WIDTH": "3", "HETILE_CALIBRATE": "0"}),
    (2, 3, {"HETILE_SPEEDS": "2,1"}),
]
# (ranks, threads, extra environment) for the mpi+omp backend, with the
# tile sizes beside: few runs (each is an mpirun), tile size 1 and
# non-divisors, declared and emulated speeds, cyclic and block-cyclic.
MPIOMP_RUNS = [
    (1, 2, {}, "1"),
    (2, 2, {"HETILE_SPEEDS": "1,3"}, "2,3"),
    (3, 1, {"HETILE_ALLOC": "cyclic", "HETILE_CALIBRATE": "0"}, "3,1,2"),
    (2, 3, {"HETILE_ALLOC": "block-cyclic:2", "HETILE_CALIBRATE": "0",
            "HETILE_EMULATE_SPEEDS": "1,2"}, None),
    (2, 2, {"HETILE_ALLOC": "chunk", "HETILE_SPEEDS": "3,1"}, None),
]
BACKENDS = {
    "seq": (["--backend=seq"], []),
    # The pipelined schedule, named: the default (auto) runs the strips
    # where the model prefers them, which omp-auto-strips tests.
    "omp": (["--backend=omp", "--omp-schedule=pipeline"], ["-fopenmp"]),
    "omp-wavefront": (["--backend=omp", "--omp-schedule=wavefront"],
                      ["-fopenmp"]),
    "omp-strips": (["--backend=omp", "--omp-schedule=strips"], ["-fopenmp"]),
    # --omp-schedule=auto on kernels where the model chooses the strips for
    # every nest.
    "omp-auto-strips": (["--backend=omp", "--omp-schedule=auto"],
                        ["-fopenmp"]),
    "mpi": (["--backend=mpi", "--omp-schedule=pipeline"], []),
    "mpi+omp": (["--backend=mpi+omp", "--omp-schedule=pipeline"],
                ["-fopenmp"]),
    "mpi-strips": (["--backend=mpi", "--omp-schedule=strips"], []),
    "mpi+omp-strips": (["--backend=mpi+omp", "--omp-schedule=strips"],
                       ["-fopenmp"]),
}


def run(cmd, env=None, check=True):
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if check and p.returncode != 0:
        sys.exit("FAIL: %s\n  exit %d\n%s%s" % (" ".join(cmd), p.returncode,
                                               p.stdout, p.stderr))
    return p


def directive(text, name):
    """The text after `//@ name` ("" for a bare flag such as `//@
    gather-root`), None without the line."""
    m = re.search(r"^//@ %s(?:[ \t]+(.*))?$" % re.escape(name), text, re.M)
    return (m.group(1) or "").strip() if m else None


def clean_env(extra):
    env = dict(os.environ)
    for var in list(env):
        if var.startswith("HETILE_") or var == "OMP_NUM_THREADS":
            del env[var]
    # Every call runs the tiled code (the decision would run the original
    # of a small nest, which HETILE_FALLBACK_ABORT turns into a failure).
    env["HETILE_PROFIT"] = "0"
    env.update(extra)
    return env


STRIPS_LINE = re.compile(
    r"^hetile: strips: (\d+) processors, cycle times [^(]*\((.*?)\), "
    r"rows (-?\d+)\.\.(-?\d+), steps (-?\d+)\.\.(-?\d+), width (\d+) "
    r"\(([^)]*)\), (\d+) bands(?: \(tried[^)]*\))?(?:, heights ([\d ]+), "
    r"redundant rows per band [\d ]+, (.*))?$", re.M)


def check_strips_stats(errors, procs, env, what, ranks=0, threads=1):
    """Proves from the HETILE_STATS lines of a strips run (errors: its
    stderr) that the strips code ran under the settings of env: every nest
    that ran printed its plan with procs processors, the speeds' source,
    the width given (and the bands it makes), heights covering the rows,
    the sub-tiles' height given; on MPI ranks, each rank its own line."""
    def fail(why):
        sys.exit("FAIL: %s: %s under HETILE_STATS:\n%s" % (what, why, errors))
    plans = STRIPS_LINE.findall(errors)
    if len([l for l in errors.splitlines()
            if l.startswith("hetile: strips: ") and " processors," in l]) \
            != len(plans):
        fail("a strips line of an unknown form")
    ran = [p for p in plans if p[7] != "nothing to compute"]
    if not ran:
        fail("no strips plan that computed anything")
    width = env.get("HETILE_STRIP_WIDTH")
    sub = env.get("HETILE_STRIP_SUBTILE")
    subtiled = False
    for (n, times, rlo, rhi, tlo, thi, w, wsrc, bands, heights,
         rest) in plans:
        if int(n) != procs:
            fail("%s processors, not %d" % (n, procs))
        if "HETILE_SPEEDS" in env and not times.startswith("HETILE_SPEEDS"):
            fail("cycle times from '%s', not HETILE_SPEEDS" % times)
        if env.get("HETILE_CALIBRATE") == "0" and "HETILE_SPEEDS" not in env \
                and not times.startswith("equal"):
            fail("cycle times from '%s' with HETILE_CALIBRATE=0" % times)
        if "HETILE_EMULATE_SPEEDS" in env and "HETILE_SPEEDS" not in env \
                and not times.startswith("calibration"):
            fail("cycle times from '%s', not a calibration of the emulated "
                 "speeds" % times)
        if wsrc == "nothing to compute":
            continue
        steps = int(thi) - int(tlo) + 1
        if width:
            # The width given, and the bands it makes (one band when it is
            # larger than the time extent).
            want = (steps + int(width) - 1) // int(width)
            if (w, wsrc) != (width, "HETILE_STRIP_WIDTH") or \
                    int(bands) != want:
                fail("width %s (%s), %s bands, not width %s, %d bands" %
                     (w, wsrc, bands, width, want))
        elif not wsrc.startswith("model"):
            fail("width from '%s', not the model" % wsrc)
        if heights and len(heights.split()) != procs:
            fail("%d heights for %d processors" % (len(heights.split()),
                                                   procs))
        if heights and sum(map(int, heights.split())) != \
                int(rhi) - int(rlo) + 1:
            fail("heights %s do not cover rows %s..%s" % (heights, rlo, rhi))
        if sub and rest == "sub-tiles of %s rows (HETILE_STRIP_SUBTILE)" % sub:
            subtiled = True
    if sub and not subtiled:
        fail("no nest walked in sub-tiles of %s rows" % sub)
    for r in range(ranks):
        line = "hetile: strips: rank %d/%d, %d thread" % (r, ranks, threads)
        if line not in errors:
            fail("no '%s' line" % line)
    return ran


def check_strips_extremes(plans, what):
    """Among the plans of a backend's runs (check_strips_stats), one had
    more processors than rows and one a strip thinner than its halo (a
    height below the steps of a band less one: every strips kernel's halo
    grows by a row per step at least)."""
    more = thin = False
    for (n, _, rlo, rhi, tlo, thi, w, _, _, heights, _) in plans:
        steps = min(int(w), int(thi) - int(tlo) + 1)
        more = more or int(n) > int(rhi) - int(rlo) + 1
        thin = thin or any(0 < int(h) and int(h) + 1 < steps
                           for h in (heights or "").split())
    if not more or not thin:
        sys.exit("FAIL: %s: no run with %s" %
                 (what, "more processors than rows" if not more else
                  "a strip thinner than its halo"))


class Kernel:
    def __init__(self, a):
        self.a = a
        self.src = os.path.abspath(a.kernel)
        self.text = open(self.src).read()
        args = directive(self.text, "args") or ""
        self.arg_sets = [shlex.split(x) for x in args.split("|")]
        self.nests = len(re.findall(r"^\s*#pragma hetile\b", self.text, re.M))
        # exec-common.h (hashes and dumps) is shared with test/Exec.
        common = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "..", "..", "Exec", "Inputs")
        # The kernel's folder: a kernel of test/Inputs includes its header
        # by a path relative to it, which the rewritten copy elsewhere
        # finds through -I.
        self.cflags = ["-std=c99", "-O1", "-Wall", "-Werror",
                       "-I" + os.path.dirname(self.src),
                       "-I" + os.path.normpath(common)]
        self.runs = 0
        self.rewritten = set()
        # Which half of the MPI settings this kernel runs (every mpirun
        # costs about 0.4 s): by its name, so that across the suite's
        # kernels each setting runs on about half of them.
        self.half = zlib.crc32(os.path.basename(self.src).encode()) % 2
        # The argument list of check_mpi's next alternating call.
        self.turn = self.half
        fallback = re.search(r"^//@ fallback\s*$", self.text, re.M)
        self.abort = [] if fallback else ["-DHETILE_FALLBACK_ABORT"]
        # OpenMPI's session directory lives under TMPDIR: concurrent mpirun
        # calls (lit runs tests in parallel) sharing one race on creating it
        # ("mkdir ... ompi.* File exists"). Each kernel gets its own, short
        # (the session directory holds Unix sockets, whose paths are short).
        self.mpi_tmp = None

    def path(self, name):
        return os.path.join(self.a.work, name)

    def compile(self, cc, src, exe, extra):
        run(shlex.split(cc) + self.cflags + extra + [src, "-o", exe] +
            shlex.split(self.a.libs))

    def expected(self, cc, tag):
        exe = self.path("orig-%s" % tag)
        self.compile(cc, self.src, exe, ["-Wno-unknown-pragmas"])
        return [run([exe] + args, env=clean_env({})).stdout
                for args in self.arg_sets]

    def rewrite(self, name, flags):
        # One rewrite per backend, shared by the compilers (the mpi rewrite
        # costs seconds of isl time).
        out = self.path("%s.c" % name)
        if out in self.rewritten:
            return out
        run([self.a.hetile, "rewrite", self.src, "-o", out] + flags +
            ["--"] + self.cflags[:1] + self.cflags[-1:])
        text = open(out).read()
        # A nest tiled below sequential outer loops, or distributed, has one
        # tile-loop marker per band: count it once. (The bands' blocks appear
        # once per branch of the outer loops' AST, which may have several:
        # then more.)
        inner = re.findall(
            r"/\* hetile: (?:sequential outer loops? \([^)]*\);|the outermost "
            r"loop distributed into) (\d+) tiled bands?(?: inside)? \*/", text)
        marks = text.count("/* hetile: tile loops */") - sum(
            int(n) - 1 for n in inner)
        if marks != self.nests and not (inner and marks > self.nests):
            sys.exit("FAIL: %s: %d of %d marked nests tiled (see %s)" %
                     (name, marks, self.nests, out))
        strips = text.count("/* hetile: strips with redundant tasks")
        if name.endswith("-strips") and strips != self.nests:
            sys.exit("FAIL: %s: %d of %d marked nests run as strips (see %s)"
                     % (name, strips, self.nests, out))
        self.rewritten.add(out)
        return out

    def check(self, exe, want, env, what):
        """Every argument list prints the original's output; returns the
        runs' stderr."""
        errors = ""
        for args, expect in zip(self.arg_sets, want):
            p = run([exe] + args, env=clean_env(env))
            errors += p.stderr
            self.runs += 1
            if p.stdout != expect:
                sys.exit("FAIL: %s %s with %s\n--- expected\n%s--- got\n%s" %
                         (exe, " ".join(args), what, expect, p.stdout))
        return errors

    def check_mpi(self, exe, want, ranks, env, what, root_only=False,
                  rank_stderr=False, alternate=False):
        """Every rank (rank 0 only with --gather=root) prints the original's
        output, for each of the kernel's last two argument lists (with
        \p alternate, one of them, each in turn: every mpirun costs about
        0.4 s); each rank's stdout goes to its own file (with rank_stderr,
        its stderr too: mpirun may interleave the ranks' lines). Returns the
        runs' stderr."""
        out = self.path("rank-out")
        err = self.path("rank-err")
        errors = ""
        sets = list(zip(self.arg_sets, want))[-2:]
        if alternate:
            self.turn += 1
            sets = [sets[self.turn % len(sets)]]
        for args, expect in sets:
            for r in range(ranks):
                for f in ("%s.%d" % (out, r), "%s.%d" % (err, r)):
                    if os.path.exists(f):
                        os.remove(f)
            redirect = '> "%s.$OMPI_COMM_WORLD_RANK"' % out
            if rank_stderr:
                redirect += ' 2> "%s.$OMPI_COMM_WORLD_RANK"' % err
            cmd = shlex.split(self.a.mpirun) + ["-np", str(ranks), "sh", "-c",
                   'exec "$0" "$@" ' + redirect, exe] + args
            if self.mpi_tmp is None:
                self.mpi_tmp = tempfile.mkdtemp(prefix="hetile-mpi-")
            p = run(cmd, env=clean_env(dict(env, TMPDIR=self.mpi_tmp)),
                    check=not rank_stderr)
            errors += p.stderr
            for r in range(ranks):
                if rank_stderr and os.path.exists("%s.%d" % (err, r)):
                    errors += open("%s.%d" % (err, r)).read()
            if p.returncode != 0:
                sys.exit("FAIL: %s\n  exit %d\n%s%s" % (" ".join(cmd),
                                                        p.returncode,
                                                        p.stdout, errors))
            self.runs += 1
            for r in range(1 if root_only else ranks):
                got = open("%s.%d" % (out, r)).read()
                if got != expect:
                    sys.exit("FAIL: %s %s on rank %d of %d with %s\n"
                             "--- expected\n%s--- got\n%s" %
                             (exe, " ".join(args), r, ranks, what, expect, got))
        return errors

    def halve(self, runs):
        """Every other entry of \p runs, the even or the odd ones by the
        kernel's name (Kernel.half)."""
        return [r for i, r in enumerate(runs) if i % 2 == self.half]

    def mpi_compile(self, name, cc, tag):
        flags, cflags = BACKENDS[name]
        src = self.rewrite(name, flags)
        exe = self.path("%s-%s" % (name, tag))
        mpicc = (["env", "OMPI_CC=" + cc] + shlex.split(self.a.mpicc) +
                 cflags + self.abort)
        run(mpicc + self.cflags + shlex.split(self.a.cflags) +
            [src, "-o", exe] + shlex.split(self.a.mpi_libs))
        return exe, flags, mpicc

    def mpi_strips_backend(self, name, cc, tag, want, first):
        exe, _, _ = self.mpi_compile(name, cc, tag)
        runs = STRIPS_MPI_RUNS if name == "mpi-strips" else STRIPS_MPIOMP_RUNS
        if not first:
            runs = runs[1:2]
        # Every run proves under HETILE_STATS that the strips ran, on every
        # rank, with its settings.
        plans = []
        for ranks, threads, extra in runs:
            env = dict(extra, OMP_NUM_THREADS=str(threads), HETILE_STATS="1")
            what = " ".join("%s=%s" % kv for kv in sorted(env.items()))
            errors = self.check_mpi(exe, want, ranks, env, what,
                                    rank_stderr=True)
            plans += check_strips_stats(errors, ranks * threads, env,
                                        "%s on %d ranks with %s" %
                                        (exe, ranks, what), ranks, threads)
        if first:
            check_strips_extremes(plans, exe)

    def mpi_backend(self, name, cc, tag, want, first):
        if name.endswith("-strips"):
            return self.mpi_strips_backend(name, cc, tag, want, first)
        exe, flags, mpicc = self.mpi_compile(name, cc, tag)
        if name == "mpi":
            runs = [(r, 1, extra, sizes)
                    for sizes, (r, extra) in zip(MPI_SIZES, MPI_RUNS)]
            if not first:
                runs = [runs[3][:3] + (MPI_SIZES[1],)]
            else:
                runs = self.halve(runs)
        else:
            runs = self.halve(MPIOMP_RUNS) if first else MPIOMP_RUNS[1:2]
        # The settings of the tables run one of the last two argument lists
        # each, in turn; a kernel's own (ranks, tile sizes) pairs, e.g.
        # those that found a bug, run both: `//@ mpi-runs 3:1,1,1,1 2:5`
        # (2 threads per rank with mpi+omp).
        tables = len(runs)
        for pair in (directive(self.text, "mpi-runs") or "").split():
            ranks, sizes = pair.split(":")
            runs = runs + [(int(ranks), 1 if name == "mpi" else 2,
                            {"HETILE_CALIBRATE": "0"}, sizes)]
        for i, (ranks, threads, extra, sizes) in enumerate(runs):
            env = dict(extra, OMP_NUM_THREADS=str(threads))
            if sizes:
                env["HETILE_TILE_SIZES"] = sizes
            self.check_mpi(exe, want, ranks, env, " ".join(
                "%s=%s" % kv for kv in sorted(env.items())),
                alternate=i < tables)
        # Processor grids (docs/grids.md): the nests whose band has 3
        # dimensions or more run on a 2 x 2 grid, and on one of 1 x 1, 2 x 1
        # and 1 x 2 (by the kernel's name, so that the suite runs each) with
        # tile sizes that divide few extents, and say so.
        if name == "mpi" and first and \
                "hetile_mpi_grid_sized(" in open(self.rewrite(name, flags)).read():
            other = [(1, 1), (2, 1), (1, 2)][zlib.crc32(os.path.splitext(
                os.path.basename(self.src))[0].encode()) % 3]
            for (p1, p2), sizes in (((2, 2), "2,3"), (other, "3,2,5")):
                grid = "%d,%d" % (p1, p2)
                env = {"HETILE_GRID": grid, "HETILE_TILE_SIZES": sizes,
                       "HETILE_STATS": "1"}
                errors = self.check_mpi(exe, want, p1 * p2, env,
                                        "HETILE_GRID=%s HETILE_TILE_SIZES=%s"
                                        % (grid, sizes))
                if "grid %dx%d (HETILE_GRID)" % (p1, p2) not in errors:
                    sys.exit("FAIL: %s: no grid line under HETILE_STATS with "
                             "HETILE_GRID=%s:\n%s" % (exe, grid, errors))
        # --gather=root suits programs whose ranks other than 0 never use
        # a function's results after it returns (hetile keeps the exchange
        # with every rank for the nests that a later nest of the function
        # or a loop around them follows): kernels say so. Rank 0 on three
        # ranks, by the default and the cyclic allocation, and on a 2 x 2
        # grid where a band has one.
        if not first or directive(self.text, "gather-root") is None:
            return
        root = self.rewrite(name + "-root", flags + ["--gather=root"])
        exe = self.path("%s-root-%s" % (name, tag))
        run(mpicc + self.cflags + shlex.split(self.a.cflags) +
            [root, "-o", exe] + shlex.split(self.a.mpi_libs))
        runs = [(3, {"HETILE_TILE_SIZES": "2"}),
                (3, {"HETILE_TILE_SIZES": "3,2", "HETILE_ALLOC": "cyclic"})]
        if "hetile_mpi_grid_sized(" in open(root).read():
            runs.append((4, {"HETILE_TILE_SIZES": "2,3", "HETILE_GRID": "2,2"}))
        for ranks, env in runs:
            self.check_mpi(exe, want, ranks, dict(env, OMP_NUM_THREADS="2"),
                           "--gather=root " + " ".join(
                               "%s=%s" % kv for kv in sorted(env.items())),
                           root_only=True, alternate=len(runs) > 2)

    def strips_backend(self, name, cc, tag, want):
        flags, cflags = BACKENDS[name]
        src = self.rewrite(name, flags)
        exe = self.path("%s-%s" % (name, tag))
        self.compile(cc, src, exe,
                     shlex.split(self.a.cflags) + cflags + self.abort)
        # Every run proves under HETILE_STATS that the strips ran with its
        # settings.
        plans = []
        for threads, extra in STRIPS_RUNS:
            env = dict(extra, OMP_NUM_THREADS=str(threads), HETILE_STATS="1")
            what = " ".join("%s=%s" % kv for kv in sorted(env.items()))
            errors = self.check(exe, want, env, what)
            plans += check_strips_stats(errors, threads, env,
                                        "%s with %s" % (exe, what))
        # The kernels of --omp-schedule=auto have many rows (the model's
        # choice); those of omp-strips tiny grids too.
        if name == "omp-strips":
            check_strips_extremes(plans, exe)

    def backend(self, name, cc, tag, want):
        if name.startswith("mpi"):
            return self.mpi_backend(name, cc, tag, want, tag == "cc0")
        if name in ("omp-strips", "omp-auto-strips"):
            return self.strips_backend(name, cc, tag, want)
        flags, cflags = BACKENDS[name]
        src = self.rewrite(name, flags)
        exe = self.path("%s-%s" % (name, tag))
        self.compile(cc, src, exe,
                     shlex.split(self.a.cflags) + cflags + self.abort)
        # Every size with two thread/allocation settings, every setting with
        # two or three sizes (pairs, not the whole product: CI time).
        runs = OMP_RUNS if "omp" in name else [(1, {})]
        for i, sizes in enumerate(SIZES):
            picks = {i % len(runs), (i + len(runs) // 2) % len(runs)}
            for threads, extra in [runs[j] for j in sorted(picks)]:
                env = dict(extra, OMP_NUM_THREADS=str(threads))
                if sizes:
                    env["HETILE_TILE_SIZES"] = sizes
                self.check(exe, want, env, " ".join(
                    "%s=%s" % kv for kv in sorted(env.items())))
        const = self.rewrite(name + "-const", flags +
                             ["--tile-sizes=" + CONSTANT_SIZES])
        exe = self.path("%s-const-%s" % (name, tag))
        self.compile(cc, const, exe,
                     shlex.split(self.a.cflags) + cflags + self.abort)
        self.check(exe, want, {"OMP_NUM_THREADS": "2"},
                   "--tile-sizes=" + CONSTANT_SIZES)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("--work", required=True)
    ap.add_argument("--hetile", required=True)
    ap.add_argument("--cc", action="append", required=True)
    ap.add_argument("--cflags", default="")
    ap.add_argument("--libs", default="")
    ap.add_argument("--backends", default="seq,omp,omp-wavefront")
    ap.add_argument("--mpicc", default="mpicc")
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--mpi-libs", default="")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    k = Kernel(a)
    if k.nests == 0:
        sys.exit("FAIL: %s has no #pragma hetile nest" % a.kernel)
    # Backends that leave the kernel's nests alone on purpose (a test of the
    # kernel's own checks the remark): `//@ untiled-on mpi,mpi+omp`.
    skipped = (directive(k.text, "untiled-on") or "").replace(" ", "").split(",")
    try:
        for i, cc in enumerate(a.cc):
            tag = "cc%d" % i
            want = k.expected(cc, tag)
            for name in a.backends.split(","):
                if name not in skipped:
                    k.backend(name, cc, tag, want)
    finally:
        if k.mpi_tmp:
            shutil.rmtree(k.mpi_tmp, ignore_errors=True)
    print("PASS: %s: %d nest(s), %d runs identical to the original" %
          (os.path.basename(a.kernel), k.nests, k.runs))


if __name__ == "__main__":
    main()
