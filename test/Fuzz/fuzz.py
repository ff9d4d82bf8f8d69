#!/usr/bin/env python3
"""Differential fuzzing of hetile with random affine nests (gen_nests.py).

  fuzz.py --hetile BIN --rt-include DIR --rt-lib DIR --seeds 1-200 \
      [--backends seq,omp,mpi,mpi+omp] [--work DIR] [--jobs 1]
  fuzz.py ... --reduce SEED --backend mpi [--config N]

For each seed: generate the program, compile it once under
-fsanitize=address,undefined and run it (a program with undefined behaviour
is the generator's bug: counted as `invalid`, never used); compile it with
-O1 and run it with its argument lists: the expected output. Then for each
backend: `hetile rewrite` (60 s of CPU; 600 s of wall-clock time), compile the result (the same limits), run
it under several tile sizes, thread and rank counts, allocations and speeds,
and compare with the expected output byte for byte (every rank's output for
the MPI backends; rank 0's for mpi-root, the mpi backend with --gather=root,
which --backends names where wanted).

Each (program, backend) is one outcome:
  tiled          rewritten, and every run identical to the original
  rejected:KIND  left untouched with the remark [hetile-reject-KIND]
  wrong          a run's output differs from the original's
  timeout        the rewrite took over 60 s of CPU (or hung 600 s)
  compile-fail   the rewritten program does not compile
  run-fail       a run crashed, hung (60 s) or exited non-zero
  internal       the rewriter crashed or failed without a reject remark,
                 or rejected with [hetile-reject-codegen-failed]
A nest the first backend's analysis rejects as non-permutable (the band
search does not depend on the backend), or as too complex in a stage of the
analysis (the model, the dependences, the band search: the same for every
backend), is counted so for the others without rewriting it again, unless
--every-backend.
Counts are printed at the end with the slowest rewrite. Exit status 1 if any
outcome is wrong, timeout, compile-fail, run-fail or internal.

--reduce SEED reduces the program of SEED to a small one with the same
failure on --backend (same outcome kind) with cvise, into
--work/reduced-SEED-BACKEND.c.
"""
import argparse
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_nests  # noqa: E402

# The rewrite's bound is on its CPU time, so that a loaded machine (--jobs,
# other work) does not turn a slow rewrite into a timeout; the wall-clock
# limit only catches hangs (a rewrite blocked without using CPU).
REWRITE_LIMIT = 60
REWRITE_WALL_LIMIT = 600
# The same for the compile of the output (a 5 s compile took over 60 s of
# wall-clock time beside the 1,000-program batch and other work).
COMPILE_LIMIT = 60
COMPILE_WALL_LIMIT = 600
RUN_LIMIT = 60
# Rejections decided before the backend matters (the nest, its
# dependences, the band search): once the first backend gets one, the others
# are counted with it unless --every-backend.
ANALYSIS_REJECTS = ("rejected:non-permutable", "rejected:empty-nest")
# The same for a nest too complex in a stage of the analysis (its remark
# names the stage): the later stages are the backend's.
ANALYSIS_STAGES = re.compile(
    r"too complex: the (polyhedral model|dependences|scheduling) stage")
BAD = ("wrong", "timeout", "compile-fail", "run-fail", "internal")

# (tile sizes, threads or ranks, extra environment) per backend.
# HETILE_PROFIT=trials: every call that can run in parts of its outermost
# loop runs the original and the tiled ways in turn (docs/profitability.md),
# the tiles re-origined at each part's first value. HETILE_RELEASE=poison:
# every value a rank finds dead when it takes what the previous nest left
# is overwritten (docs/mpi-exchange.md, "Storage by share").
CONFIGS = {
    "seq": [("1", 1, {}), ("2,3", 1, {}), ("3,1,2", 1, {}), (None, 1, {}),
            ("2,3", 1, {"HETILE_PROFIT": "trials"})],
    "omp": [("1", 3, {"HETILE_ALLOC": "cyclic"}),
            ("2,3", 2, {"HETILE_SPEEDS": "1,3"}),
            (None, 4, {"HETILE_SPEEDS": "1,2,4,8"}),
            ("3,2", 2, {"HETILE_PROFIT": "trials"})],
    "mpi": [("1", 2, {"HETILE_ALLOC": "cyclic"}),
            ("1,2,1,3", 3, {"HETILE_RELEASE": "poison"}),
            ("2,3", 3, {"HETILE_SPEEDS": "1,2,4", "HETILE_EMULATE_SPEEDS": "1,1,2"}),
            (None, 4, {"HETILE_ALLOC": "block-cyclic:2", "HETILE_RELEASE": "poison"}),
            ("1,2,1", 4, {"HETILE_GRID": "2,2"}),
            ("2,1,3", 4, {"HETILE_GRID": "2,2", "HETILE_SPEEDS": "1,3,2,1"}),
            ("3,2,2", 4, {"HETILE_SPEEDS": "1,1,2,4"})],
    "mpi+omp": [("1", 2, {"OMP_NUM_THREADS": "2", "HETILE_RELEASE": "poison"}),
                ("2,1", 3, {"OMP_NUM_THREADS": "2", "HETILE_SPEEDS": "1,2,3"})],
    # The strips (docs/strips.md) on every thread (HETILE_PROFIT=0), at
    # widths of 1 and 3 steps and the model's, and under the run-time
    # decision; the tile sizes do not apply to them.
    "omp-strips": [(None, 2, {"HETILE_PROFIT": "0", "HETILE_STRIP_WIDTH": "1"}),
                   (None, 3, {"HETILE_PROFIT": "0", "HETILE_STRIP_WIDTH": "3",
                              "HETILE_SPEEDS": "1,2,3"}),
                   (None, 2, {"HETILE_PROFIT": "0"}),
                   (None, 2, {})],
    # The omp backend as users get it (--omp-schedule=auto): strips where
    # the model prefers them, else the pipeline; the decision off, on (one
    # thread, a busy machine) and in trials.
    "omp-auto": [("2,3", 2, {"HETILE_PROFIT": "0"}),
                 (None, 1, {"HETILE_PROFIT": "1"}),
                 ("3,2", 2, {"HETILE_PROFIT": "1", "HETILE_EMULATE_LOAD": "1"}),
                 ("1", 3, {"HETILE_PROFIT": "trials"})],
    # --gather=root: rank 0's output only (each run of a program allocates
    # and fills its arrays afresh on every rank, so the other ranks never
    # use a call's results after it returns).
    "mpi-root": [("1,2", 3, {}), ("2,1,3", 4, {"HETILE_GRID": "2,2"})],
}
# The pipelined schedule, named: the default (auto) would give the strips
# to some time-stepping nests, whose settings these runs do not vary.
FLAGS = {"seq": ["--backend=seq"],
         "omp": ["--backend=omp", "--omp-schedule=pipeline"],
         "omp-strips": ["--backend=omp", "--omp-schedule=strips"],
         "omp-auto": ["--backend=omp"],
         "mpi": ["--backend=mpi", "--omp-schedule=pipeline"],
         "mpi+omp": ["--backend=mpi+omp", "--omp-schedule=pipeline"],
         "mpi-root": ["--backend=mpi", "--omp-schedule=pipeline",
                      "--gather=root"]}


def run(cmd, timeout, env=None, cwd=None):
    """(returncode or 'timeout', stdout, stderr, seconds)."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env, cwd=cwd,
                           stdin=subprocess.DEVNULL, universal_newlines=True,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr, time.time() - t0
    except subprocess.TimeoutExpired:
        return "timeout", "", "", time.time() - t0
    except OSError as e:
        return "oserror", "", str(e), time.time() - t0


def cpu_of_children():
    """CPU seconds (user + system) of this process's waited-for children."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def clean_env(extra):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("HETILE_") and k != "OMP_NUM_THREADS"}
    env["HETILE_CALIBRATE"] = "0"
    # Every call runs the tiled code: the decision would run the original of
    # the small random nests, which proves nothing.
    env["HETILE_PROFIT"] = "0"
    env.update(extra)
    return env


def arg_sets(text):
    """The command lines to run a program with: one, holding every argument
    list of its `//@ args` line in turn (the program runs the nest once per
    list), so that each configuration starts the program, and mpirun, once."""
    m = re.search(r"^//@ args (.*)$", text, re.M)
    if not m:
        return [[]]
    return [[x for part in m.group(1).split("|") for x in shlex.split(part)]]


class Fuzzer:
    def __init__(self, a):
        self.a = a
        self.cflags = ["-std=c99", "-O1", "-w"]
        self.rt = ["-I" + a.rt_include]
        self.libs = ["-L" + a.rt_lib, "-Wl,-rpath," + a.rt_lib, "-lhetile_rt", "-lm"]
        self.mpi_libs = ["-L" + a.rt_lib, "-Wl,-rpath," + a.rt_lib,
                         "-lhetile_rt_mpi", "-lhetile_rt", "-lm"]
        self.slowest = (0.0, None)

    def mpi_tmp(self):
        """The TMPDIR for mpirun's session directory: a folder per process
        under the batch's, so that the processes of --jobs never share one
        (a short path: it holds sockets)."""
        d = os.path.join(self.a.mpi_tmp, str(os.getpid()))
        os.makedirs(d, exist_ok=True)
        return d

    # --- the original ----------------------------------------------------
    def expected(self, src, d, args):
        """The original's outputs, or None if the program is invalid."""
        exe = os.path.join(d, "san")
        rc, _, err, _ = run([self.a.cc] + self.cflags +
                            ["-Werror=implicit-int",
                             "-Werror=implicit-function-declaration",
                             "-fsanitize=address,undefined",
                             "-fno-sanitize-recover=all", src, "-o", exe],
                            COMPILE_LIMIT)
        if rc != 0:
            return None, "sanitized compile failed: " + err[-500:]
        for x in args:
            rc, _, err, _ = run([exe] + x, RUN_LIMIT,
                                env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
            if rc != 0:
                return None, "sanitizer: " + err[-500:]
        exe = os.path.join(d, "orig")
        rc, _, err, _ = run([self.a.cc] + self.cflags + [src, "-o", exe], COMPILE_LIMIT)
        if rc != 0:
            return None, "compile failed: " + err[-500:]
        want = []
        for x in args:
            rc, out, err, _ = run([exe] + x, RUN_LIMIT)
            if rc != 0:
                return None, "original failed"
            want.append(out)
        return want, ""

    # --- one backend -----------------------------------------------------
    def rewrite(self, src, d, backend):
        out = os.path.join(d, "%s.c" % backend.replace("+", "_"))
        cpu0 = cpu_of_children()
        rc, _, err, wall = run([self.a.hetile, "rewrite", src, "-o", out] +
                               FLAGS[backend] + ["--", "-std=c99"],
                               REWRITE_WALL_LIMIT)
        secs = cpu_of_children() - cpu0
        if secs > self.slowest[0]:
            self.slowest = (secs, "%s %s" % (src, backend))
        if rc == "timeout" or secs > REWRITE_LIMIT:
            return "timeout", None, "rewrite over %d s of CPU (%.1f s CPU, " \
                "%.1f s wall)" % (REWRITE_LIMIT, secs, wall)
        kinds = re.findall(r"\[hetile-reject-([a-z0-9-]+)\]", err)
        if rc != 0:
            return "internal", None, "rewrite exit %s: %s" % (rc, err[-800:])
        if "codegen-failed" in kinds:
            return "internal", None, err[-800:]
        text = open(out).read()
        strips = [k for k in kinds if k.startswith("strips-")]
        if backend.endswith("-strips") and strips and \
                "/* hetile: strips with redundant tasks" not in text:
            # Pipelined where the strips do not apply: the omp backend's.
            return "rejected:" + strips[0], None, ""
        if "/* hetile: tile loops */" not in text:
            if kinds:
                # The remark itself where it names a stage (too-complex).
                remark = next((l for l in err.splitlines()
                               if "[hetile-reject-too-complex]" in l), "")
                return "rejected:" + kinds[0], None, remark
            return "internal", None, "not tiled, no remark: " + err[-800:]
        return "tiled", out, ""

    def build(self, out, d, backend):
        exe = out[:-2]
        if backend.startswith("mpi"):
            cmd = ["env", "OMPI_CC=" + self.a.cc, "mpicc"]
            cmd += ["-fopenmp"] if backend == "mpi+omp" else []
            cmd += self.cflags + self.rt + [out, "-o", exe] + self.mpi_libs
        else:
            cmd = [self.a.cc] + (["-fopenmp"] if backend.startswith("omp")
                                 else [])
            cmd += self.cflags + self.rt + [out, "-o", exe] + self.libs
        cpu0 = cpu_of_children()
        rc, _, err, wall = run(cmd, COMPILE_WALL_LIMIT)
        secs = cpu_of_children() - cpu0
        if rc == "timeout" or secs > COMPILE_LIMIT:
            return None, "compile over %d s of CPU (%.1f s CPU, %.1f s wall, " \
                "%d bytes of C)" % (COMPILE_LIMIT, secs, wall,
                                   os.path.getsize(out))
        return exe if rc == 0 else None, err[-800:]

    def check(self, exe, d, backend, args, want, configs):
        """None when every run matches, else a description."""
        for sizes, procs, extra in configs:
            env = clean_env(extra)
            if sizes:
                env["HETILE_TILE_SIZES"] = sizes
            what = "%s procs=%d %s" % (backend, procs, " ".join(
                "%s=%s" % kv for kv in sorted(env.items()) if kv[0].startswith(("HETILE", "OMP"))))
            for x, expect in zip(args, want):
                if backend.startswith("mpi"):
                    outs = os.path.join(d, "rank")
                    cmd = shlex.split(self.a.mpirun) + [
                        "-np", str(procs), "sh", "-c",
                        'exec "$0" "$@" > "%s.$OMPI_COMM_WORLD_RANK"' % outs, exe] + x
                    rc, _, err, _ = run(cmd, RUN_LIMIT,
                                        env=dict(env, TMPDIR=self.mpi_tmp()))
                    if rc != 0:
                        return "run-fail", "%s args %s: exit %s %s" % (what, x, rc, err[-500:])
                    for r in range(1 if backend.endswith("-root") else procs):
                        got = open("%s.%d" % (outs, r)).read()
                        if got != expect:
                            return "wrong", "%s args %s rank %d" % (what, x, r)
                    continue
                if backend.startswith("omp"):
                    env["OMP_NUM_THREADS"] = str(procs)
                rc, got, err, _ = run([exe] + x, RUN_LIMIT, env=env)
                if rc != 0:
                    return "run-fail", "%s args %s: exit %s %s" % (what, x, rc, err[-500:])
                if got != expect:
                    return "wrong", "%s args %s" % (what, x)
        return None, ""

    def one(self, src, d, backend, args, want, configs=None):
        kind, out, why = self.rewrite(src, d, backend)
        if kind != "tiled":
            return kind, why
        exe, err = self.build(out, d, backend)
        if not exe:
            return "compile-fail", err
        bad, why = self.check(exe, d, backend, args, want,
                              configs or CONFIGS[backend])
        return (bad, why) if bad else ("tiled", "")

    def program(self, seed, d):
        src = os.path.join(d, "nest-%d.c" % seed)
        with open(src, "w") as f:
            f.write(gen_nests.generate(seed, self.a.steps))
        return src


def parse_seeds(spec):
    seeds = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        seeds += range(int(lo), int(hi or lo) + 1)
    return seeds


def reduce(f, a):
    """cvise on the program of a.reduce, keeping the failure's kind."""
    os.makedirs(a.work, exist_ok=True)
    d = tempfile.mkdtemp(dir=a.work)
    src = f.program(a.reduce, d)
    text = open(src).read()
    args = arg_sets(text)
    want, why = f.expected(src, d, args)
    if want is None:
        sys.exit("seed %d is invalid: %s" % (a.reduce, why))
    kind, why = f.one(src, d, a.backend, args, want)
    if kind not in BAD:
        sys.exit("seed %d on %s: %s, nothing to reduce" % (a.reduce, a.backend, kind))
    print("seed %d on %s: %s (%s); reducing" % (a.reduce, a.backend, kind, why))
    target = os.path.join(d, "t.c")
    shutil.copy(src, target)
    script = os.path.join(d, "interesting.sh")
    me = [sys.executable, os.path.abspath(__file__), "--hetile", a.hetile,
          "--rt-include", a.rt_include, "--rt-lib", a.rt_lib, "--cc", a.cc,
          "--mpirun", a.mpirun, "--check-file", "t.c", "--backend", a.backend,
          "--want-kind", kind]
    sig = signature(why)
    if sig:
        me += ["--want-why", sig]
    with open(script, "w") as s:
        s.write("#!/bin/sh\nexec %s\n" % " ".join(shlex.quote(x) for x in me))
    os.chmod(script, 0o755)
    # cvise wants the test case's bare name, in the working directory.
    subprocess.call(["cvise", "--n", "1", "--timeout", "300", script, "t.c"],
                    cwd=d)
    out = os.path.join(a.work, "reduced-%d-%s.c" % (a.reduce, a.backend.replace("+", "_")))
    shutil.copy(target, out)
    print("reduced: %s" % out)


def signature(why):
    """What a reduced program must still report: the remark's text without
    its location (an internal error), nothing for the other kinds."""
    m = re.search(r"remark: ([^\[\n]*)", why)
    return m.group(1).strip() if m else ""


def check_file(f, a):
    """cvise's test: exit 0 when t.c still shows the failure a.want_kind."""
    src = os.path.abspath(a.check_file)
    text = open(src).read()
    if not re.search(r"#pragma hetile\s*\n\s*for", text) or "//@ args" not in text:
        return 1
    d = tempfile.mkdtemp(dir=os.getcwd())
    try:
        args = arg_sets(text)
        want, _ = f.expected(src, d, args)
        if want is None:
            return 1
        kind, why = f.one(src, d, a.backend, args, want)
        return 0 if kind == a.want_kind and (a.want_why or "") in why else 1
    finally:
        shutil.rmtree(d, ignore_errors=True)


def one_seed(f, a, backends, seed):
    """The outcomes of one seed: (line, [(backend, kind, why)], invalid,
    slowest rewrite (seconds, what))."""
    f.slowest = (0.0, None)
    d = os.path.join(a.work, "seed-%d" % seed)
    os.makedirs(d, exist_ok=True)
    src = f.program(seed, d)
    args = arg_sets(open(src).read())
    want, why = f.expected(src, d, args)
    outcomes = []
    if want is not None:
        rejected = None
        for b in backends:
            if rejected and not a.every_backend:
                kind, why = rejected, "as %s's analysis" % backends[0]
            else:
                kind, why = f.one(src, d, b, args, want)
                if kind.startswith("rejected:") and b == backends[0] and \
                        (kind in ANALYSIS_REJECTS or
                         ANALYSIS_STAGES.search(why)):
                    rejected = kind
            outcomes.append((b, kind, why))
    line = "seed %d: %s" % (seed, " ".join(
        "%s=%s" % (b, k) for b, k, _ in outcomes) if want is not None
        else "invalid")
    if not a.keep and want is not None and \
            not any(k in BAD for _, k, _ in outcomes):
        shutil.rmtree(d, ignore_errors=True)
    return line, outcomes, want is None, f.slowest


# The state of a worker process of --jobs (set once by pool_init).
_WORKER = None


def pool_init(a, backends):
    global _WORKER
    _WORKER = (Fuzzer(a), a, backends)


def pool_seed(seed):
    f, a, backends = _WORKER
    return seed, one_seed(f, a, backends, seed)


def batch(f, a, backends, counts, failures):
    """Runs every seed of a.seeds (a.jobs at a time), printing one line per
    seed in seed order and adding to \p counts and \p failures."""
    seeds = parse_seeds(a.seeds)
    pool = None
    if a.jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(a.jobs, pool_init, (a, backends))
        results = pool.imap(pool_seed, seeds)
    else:
        results = ((s, one_seed(f, a, backends, s)) for s in seeds)
    worst = (0.0, None)
    try:
        for seed, (line, outcomes, invalid, slowest) in results:
            if slowest[0] > worst[0]:
                worst = slowest
            if invalid:
                counts["invalid"] = counts.get("invalid", 0) + 1
            for b, kind, why in outcomes:
                key = "%s %s" % (b, kind)
                counts[key] = counts.get(key, 0) + 1
                if kind in BAD:
                    failures.append((seed, b, kind, why))
            print(line, flush=True)
    finally:
        f.slowest = worst
        if pool:
            pool.terminate()
            pool.join()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hetile", required=True)
    ap.add_argument("--rt-include", required=True)
    ap.add_argument("--rt-lib", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--mpirun", default="mpirun --allow-run-as-root "
                    "--oversubscribe --bind-to none")
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--backends", default="seq,omp,mpi,mpi+omp")
    ap.add_argument("--work", default=None)
    ap.add_argument("--jobs", type=int, default=1,
                    help="seeds run in this many processes at once (the "
                    "lines still come in seed order)")
    ap.add_argument("--keep", action="store_true",
                    help="keep every program's directory, not only failures")
    ap.add_argument("--every-backend", action="store_true",
                    help="rewrite with every backend even when the first "
                    "one's analysis rejected the nest")
    ap.add_argument("--steps", action="store_true",
                    help="every program runs the nests of kern() in a loop "
                    "of two steps (gen_nests.py --steps)")
    ap.add_argument("--reduce", type=int)
    ap.add_argument("--backend", default="mpi")
    ap.add_argument("--check-file")
    ap.add_argument("--want-kind")
    ap.add_argument("--want-why")
    a = ap.parse_args()
    a.mpi_tmp = tempfile.mkdtemp(prefix="hfz")
    try:
        return run_main(a)
    finally:
        shutil.rmtree(a.mpi_tmp, ignore_errors=True)


def run_main(a):
    f = Fuzzer(a)
    if a.check_file:
        sys.exit(check_file(f, a))
    a.work = a.work or tempfile.mkdtemp(prefix="hetile-fuzz-")
    if a.reduce is not None:
        return reduce(f, a)
    os.makedirs(a.work, exist_ok=True)
    counts = {}
    failures = []
    backends = a.backends.split(",")
    try:
        batch(f, a, backends, counts, failures)
    except KeyboardInterrupt:  # a long batch stopped: its counts so far
        print("\ninterrupted")
    print("\ncounts (backend outcome: programs):")
    for key in sorted(counts):
        print("  %-40s %d" % (key, counts[key]))
    print("slowest rewrite: %.1f s CPU (%s)" % f.slowest)
    for seed, b, kind, why in failures:
        print("FAIL: seed %d %s %s: %s" % (seed, b, kind, why.strip()[:600]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
