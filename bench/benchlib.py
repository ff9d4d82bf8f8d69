"""What the benchmark scripts of bench/ share: paths, running a command,
cache keys, the machine's description and the tables they write."""
import argparse
import datetime
import hashlib
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KDIR = os.path.join(ROOT, "bench", "kernels")


class Busy:
    """One busy-looping process beside the runs (normal priority)."""

    def __init__(self, on):
        self.on = on

    def __enter__(self):
        self.p = subprocess.Popen(["sh", "-c", "while :; do :; done"]) \
            if self.on else None
        return self

    def __exit__(self, *exc):
        if self.p:
            self.p.kill()
            self.p.wait()


def run(cmd, env=None, timeout=None):
    """The finished process, its output captured as text."""
    return subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=timeout)


def digest(paths, extra):
    """16 hex digits naming the contents of the files and the strings."""
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as f:
            h.update(f.read())
    h.update("\0".join(extra).encode())
    return h.hexdigest()[:16]


def loadavg():
    """The 1, 5 and 15 minute load averages, as one string."""
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def machine():
    """The processor, the CPU count, the kernel and the date, for a table's
    first line."""
    return "%s, %d CPUs (`nproc`), Linux %s; %s" % (
        cpu_model(), os.cpu_count() or 0, platform.release(),
        datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))


def command(script):
    """The command line that ran SCRIPT (a path under the repository)."""
    return " ".join([script] + [shlex.quote(x) for x in sys.argv[1:]])


def write_table(preamble, head, rows, notes, out=None):
    """PREAMBLE, the Markdown table of HEAD and ROWS, then NOTES as a list:
    on stdout, and into the file OUT when given."""
    lines = [preamble, "", "| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    if notes:
        lines.append("")
        lines += ["- " + n for n in notes]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if out:
        with open(out, "w") as f:
            f.write(text)


def rewrite(hetile, work, kernel, opts, cflags, timeout=None):
    """`hetile rewrite` of bench/kernels/KERNEL.c with OPTS, cached in WORK
    under a key of the source, the kernel header, the hetile binary and the
    options. Returns (path, None, seconds), or (None, why, seconds) when the
    rewrite fails, times out or tiles nothing (seconds 0 when cached)."""
    src = os.path.join(KDIR, kernel + ".c")
    key = digest([src, os.path.join(KDIR, "bench-kernel.h"), hetile], opts)
    out = os.path.join(work, "%s.%s.c" % (kernel, key))
    if os.path.exists(out):
        return out, None, 0.0
    what = "%s %s" % (kernel, " ".join(opts))
    start = time.perf_counter()
    try:
        p = run([hetile, "rewrite", src, "-o", out + ".tmp"] + opts + ["--"] +
                cflags, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "%s: `hetile rewrite` did not finish in %d s" % (
            what, timeout), time.perf_counter() - start
    took = time.perf_counter() - start
    text = open(out + ".tmp").read() if p.returncode == 0 else ""
    if p.returncode != 0 or "/* hetile: tile loops */" not in text:
        return None, "%s: not tiled (exit %d): %s" % (
            what, p.returncode,
            (p.stderr.strip().splitlines() or [""])[-1]), took
    os.replace(out + ".tmp", out)
    return out, None, took


# ---- MPI runs of a kernel of bench/kernels (mpi_grid.py, mpi_clusters.py)

MPIRUN = "mpirun --allow-run-as-root --oversubscribe --bind-to none"


class BenchError(Exception):
    """A build or a run that failed; the scripts print it and exit."""


def mpi_kernel(hetile, lib, work, kernel, args, mpicc="mpicc",
               opts=("--backend=mpi",)):
    """bench/kernels/KERNEL.c built in WORK twice: the original (gcc -O3,
    run once with ARGS for its checksum) and `hetile rewrite OPTS` compiled
    with MPICC -O3 -DBENCH_MPI against the runtime in LIB. Returns (the MPI
    executable, the original's checksum); raises BenchError."""
    inc = os.path.join(ROOT, "runtime", "include")
    cflags = ["-O3", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I", KDIR,
              "-I", inc]
    src = os.path.join(KDIR, kernel + ".c")
    orig = os.path.join(work, kernel + ".orig")
    p = run(["gcc"] + cflags + [src, "-o", orig, "-lm"])
    if p.returncode:
        raise BenchError(p.stderr)
    out = dict(l.split(None, 1) for l in run([orig] + args).stdout
               .splitlines() if " " in l)
    if "checksum" not in out:
        raise BenchError("%s %s printed no checksum" % (orig, " ".join(args)))
    path, why, _ = rewrite(hetile, work, kernel, list(opts), ["-I", KDIR])
    if not path:
        raise BenchError(why)
    exe = os.path.join(work, kernel + ".mpi")
    p = run(["env", "OMPI_CC=gcc"] + shlex.split(mpicc) + cflags +
            ["-DBENCH_MPI", path, "-o", exe, "-L", lib, "-Wl,-rpath," + lib,
             "-lhetile_rt_mpi", "-lhetile_rt", "-lm"])
    if p.returncode:
        raise BenchError(p.stderr)
    return exe, out["checksum"].strip()


def mpi_once(mpirun, ranks, exe, args, env, timeout):
    """One run of `MPIRUN -np RANKS EXE ARGS` in the environment ENV:
    {checksum, time} from the kernel's output on rank 0, and its stderr.
    Raises BenchError when it fails."""
    cmd = shlex.split(mpirun) + ["-np", str(ranks), exe] + args
    p = run(cmd, env=env, timeout=timeout)
    if p.returncode != 0:
        raise BenchError("%s failed (%d): %s" % (" ".join(cmd), p.returncode,
                                                p.stderr[-2000:]))
    out = dict(l.split(None, 1) for l in p.stdout.splitlines() if " " in l)
    return {"checksum": out.get("checksum", "?").strip(),
            "time": float(out.get("time", "nan")), "stderr": p.stderr}


def interleaved(reps, names, once):
    """{name: [once(name) of each repetition]}: REPS rounds, each running
    every one of NAMES in turn, so that a change of the machine's load
    spreads over all of them."""
    samples = {name: [] for name in names}
    for _ in range(reps):
        for name in names:
            samples[name].append(once(name))
    return samples


def checksums(samples, want):
    """(whether every run of SAMPLES printed the checksum WANT, the table's
    checksums cell, the table's cell of each run's time)."""
    sums = {x["checksum"] for x in samples}
    ok = sums == {want}
    return (ok, "equal" if ok else "DIFFER " + ",".join(sorted(sums)),
            " ".join("%.3f" % x["time"] for x in samples))


# ---- The variants of kernels timed side by side (tiling_speed.py,
#      classic_kernels.py)

class KernelBench:
    """The kernels of one script, each a C program that prints `checksum
    <hash>` and `time <seconds of the kernel>`, built as each variant and
    timed, interleaved, for a Markdown table.

    PROG prefixes the messages. KERNELS is {name: (full-size arguments,
    quick arguments)}, the arguments joined by 'x'; VARIANTS is {name:
    (hetile rewrite options or None for the original source, compiler line,
    uses threads, is a hetile variant)} and has "original"; SRC_DIR holds
    each kernel's NAME.c. A script subclasses it with source() and calls
    parse_args(), then measure(), then makes its table of cell() and
    checks()."""

    def __init__(self, prog, kernels, variants, src_dir=KDIR):
        self.prog = prog
        self.all_kernels = kernels
        self.all_variants = variants
        self.src_dir = src_dir
        self.notes = []

    def die(self, msg):
        sys.exit(self.prog + ": " + msg)

    def log(self, msg):
        print(self.prog + ": " + msg, file=sys.stderr)

    def parse_args(self, doc, reps, work, spread=False, options=None):
        """The command line, checked: the options every such script has,
        --reps REPS by default, --work $TMPDIR/WORK by default, --spread
        where SPREAD, and those that OPTIONS(parser) adds after --work. Sets
        a (the options, a.env a dict), kernels and variants (the chosen
        names, "original" first), sizes ({kernel: arguments}) and the paths
        of hetile and the runtime; returns a."""
        ap = argparse.ArgumentParser(description=doc.splitlines()[0])
        ap.add_argument("--quick", action="store_true",
                        help="small sizes: a smoke run of a few seconds")
        ap.add_argument("--kernels", help="comma-separated (default: all): "
                        + ",".join(self.all_kernels))
        ap.add_argument("--sizes",
                        help="kernel=AxB,... (arguments joined by x)")
        ap.add_argument("--reps", type=int, default=reps)
        ap.add_argument("--threads", type=int, default=2)
        ap.add_argument("--variants", help="comma-separated (default: all): "
                        + ",".join(self.all_variants))
        ap.add_argument("--env", action="append", default=[],
                        help="VAR=VALUE for the hetile variants (repeatable)")
        if spread:
            ap.add_argument("--spread", action="store_true",
                            help="also give each variant's fastest and "
                            "slowest run")
        ap.add_argument("--out", help="also write the Markdown to this file")
        ap.add_argument("--build", default=os.path.join(ROOT, "build"))
        ap.add_argument("--work", default=os.path.join(
            os.environ.get("TMPDIR", "/tmp"), work))
        if options:
            options(ap)
        ap.add_argument("--rewrite-timeout", type=int, default=1800)
        ap.add_argument("--run-timeout", type=int, default=600)
        a = ap.parse_args()

        if a.reps < 1 or a.threads < 1:
            self.die("--reps and --threads must be >= 1")
        known = self.all_kernels
        self.kernels = a.kernels.split(",") if a.kernels else list(known)
        for k in self.kernels:
            if k not in known:
                self.die("unknown kernel '%s' (have %s)"
                         % (k, ", ".join(known)))
        self.variants = (a.variants.split(",") if a.variants
                         else list(self.all_variants))
        for v in self.variants:
            if v not in self.all_variants:
                self.die("unknown variant '%s' (have %s)"
                         % (v, ", ".join(self.all_variants)))
        if "original" not in self.variants:
            self.variants.insert(0, "original")
        self.sizes = {k: known[k][1 if a.quick else 0] for k in known}
        for k, v in self.parse_map(a.sizes, "--sizes").items():
            if k not in known or not re.fullmatch(r"\d+(x\d+)*", v):
                self.die("--sizes: bad entry '%s=%s'" % (k, v))
            self.sizes[k] = v
        env = {}
        for item in a.env:
            if "=" not in item:
                self.die("--env: expected VAR=VALUE, got '%s'" % item)
            k, v = item.split("=", 1)
            env[k] = v
        a.env = env
        self.a = a
        self.hetile = os.path.join(a.build, "bin", "hetile")
        self.rt_inc = os.path.join(ROOT, "runtime", "include")
        self.rt_lib = os.path.join(a.build, "lib")
        return a

    def parse_map(self, text, what):
        """{NAME: VALUE} of TEXT, 'NAME=VALUE,...' (the option WHAT)."""
        out = {}
        for item in filter(None, (text or "").split(",")):
            if "=" not in item:
                self.die("%s: expected NAME=VALUE, got '%s'" % (what, item))
            k, v = item.split("=", 1)
            out[k.strip()] = v.strip()
        return out

    def source(self, kernel, variant, opts):
        """The source of KERNEL rewritten by `hetile rewrite OPTS` for
        VARIANT, or None after a note: the script's own."""
        raise NotImplementedError

    def build(self, kernel, variant):
        """The executable of KERNEL as VARIANT, in --work, or None after a
        note."""
        opts, cc, _, is_hetile = self.all_variants[variant]
        src = os.path.join(self.src_dir, kernel + ".c")
        if opts is not None:
            src = self.source(kernel, variant, opts)
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
        """The environment of VARIANT's runs: no HETILE_ or OMP_ variables
        but OMP_NUM_THREADS (--threads where it uses threads, else 1) and,
        in a hetile variant, those of --env."""
        env = dict(os.environ)
        for var in list(env):
            if var.startswith("HETILE_") or var.startswith("OMP_"):
                del env[var]
        _, _, threaded, is_hetile = self.all_variants[variant]
        env["OMP_NUM_THREADS"] = str(self.a.threads if threaded else 1)
        if is_hetile:
            env.update(self.a.env)
        return env

    def time_once(self, exe, args, env, prefix=()):
        """(kernel seconds, checksum) of one run of PREFIX EXE ARGS, or
        (None, reason)."""
        try:
            p = run(list(prefix) + [exe] + args, env=env,
                    timeout=self.a.run_timeout)
        except subprocess.TimeoutExpired:
            return None, "timeout"
        if p.returncode != 0:
            return None, "exit %d: %s" % (p.returncode, p.stderr.strip()[:200])
        m = re.search(r"^checksum (\S+)$", p.stdout, re.M)
        t = re.search(r"^time (\S+)$", p.stdout, re.M)
        if not m or not t:
            return None, "no checksum/time line"
        return float(t.group(1)), m.group(1)

    def measure(self):
        """Builds every chosen kernel as every chosen variant, then runs
        them --reps times, interleaved (rep 1 of every kernel and variant,
        then rep 2, ...); a variant that fails stops there. Sets exes
        ({(kernel, variant): executable or None}), times (their lists of
        seconds), sums (their sets of checksums), errors ({(kernel,
        variant): why its run failed}) and load (the load averages before
        and after)."""
        os.makedirs(self.a.work, exist_ok=True)
        if any(self.all_variants[v][3] for v in self.variants) \
                and not os.access(self.hetile, os.X_OK):
            self.die("build hetile first (scripts/build.sh): no %s"
                     % self.hetile)
        before = loadavg()
        self.exes = {}
        for k in self.kernels:
            for v in self.variants:
                self.log("building %s %s" % (k, v))
                self.exes[k, v] = self.build(k, v)
        self.times = {key: [] for key in self.exes}
        self.sums = {key: set() for key in self.exes}
        self.errors = {}

        def once(key):
            k, v = key
            if self.exes[key] is None or key in self.errors:
                return
            t, s = self.time_once(self.exes[key], self.sizes[k].split("x"),
                                  self.env(v))
            if t is None:
                self.errors[key] = s
                return
            self.times[key].append(t)
            self.sums[key].add(s)
            self.log("rep %d %s %s: %.3f s %s"
                     % (len(self.times[key]), k, v, t, s))

        interleaved(self.a.reps, list(self.exes), once)
        self.load = (before, loadavg())

    def ok(self, k, v):
        """Whether kernel K's variant V was built and ran every time."""
        return (self.exes[k, v] is not None and (k, v) not in self.errors
                and bool(self.times[k, v]))

    def speedup(self, k, v):
        """The original's median time over variant V's on kernel K, or None
        where either did not run (or V's median is 0)."""
        if not self.ok(k, v) or not self.ok(k, "original"):
            return None
        med = statistics.median(self.times[k, v])
        return statistics.median(self.times[k, "original"]) / med \
            if med > 0 else None

    def cell(self, k, v, spread=True):
        """The table's cell of kernel K and variant V: the median time, the
        speed-up over the original in parentheses and, where SPREAD,
        [fastest-slowest run]; or why there is none."""
        if self.exes[k, v] is None:
            return "not built"
        if (k, v) in self.errors:
            return "failed (%s)" % self.errors[k, v].split(":")[0]
        times = self.times[k, v]
        text = "%.3g" % statistics.median(times)
        if v != "original":
            s = self.speedup(k, v)
            text += " (%.2fx)" % s if s else " (n/a)"
        if spread:
            text += " [%.3g-%.3g]" % (min(times), max(times))
        return text

    def checks(self, k):
        """The table's cell of kernel K's checksums: whether every variant's
        equal the original's."""
        ref = self.sums.get((k, "original"), set())
        if len(ref) != 1:
            return "original: %s" % ("not deterministic" if ref else "no run")
        bad = [v for v in self.variants[1:]
               if self.ok(k, v) and self.sums[k, v] != ref]
        return "all equal" if not bad else "**differ: %s**" % ", ".join(bad)

    def env_note(self):
        """The preamble's sentence on --env, or ""."""
        if not self.a.env:
            return ""
        return " Environment of the hetile variants: %s." % " ".join(
            "%s=%s" % kv for kv in sorted(self.a.env.items()))
