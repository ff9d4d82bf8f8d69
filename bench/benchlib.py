"""What the benchmark scripts of bench/ share: paths, running a command,
cache keys, the machine's description and the tables they write."""
import datetime
import hashlib
import os
import platform
import shlex
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
