#!/usr/bin/env python3
"""What a process pays to start, before any nest runs: programs that do
nothing but print one number, built as plain C, as C that calls OpenMP,
as C that calls libhetile_rt (shared, and static with the C++ library
linked in), and as C that calls both, which is what hetile's omp build of
a program is. Each is started --runs times, the programs interleaved, at
normal priority; the table gives the median wall time of a start and what
the process touched (page faults, from getrusage).

  bench/startup.py [--build build] [--runs 500] [--out FILE]
"""
import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time

import benchlib

SOURCES = {
    "plain": "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 1); return 0; }\n",
    "omp": "#include <stdio.h>\n#include <omp.h>\n"
           "int main(void) { printf(\"%d\\n\", omp_get_max_threads()); return 0; }\n",
    "rt": "#include <stdio.h>\n#include \"hetile_rt.h\"\n"
          "int main(void) { printf(\"%d\\n\", hetile_env_stats()); return 0; }\n",
    "omp+rt": "#include <stdio.h>\n#include <omp.h>\n#include \"hetile_rt.h\"\n"
              "int main(void) { printf(\"%d %d\\n\", omp_get_max_threads(), "
              "hetile_env_stats()); return 0; }\n",
}


def build(args, work):
    """[(label, executable)]."""
    lib = os.path.join(os.path.abspath(args.build), "lib")
    inc = ["-I" + os.path.join(benchlib.ROOT, "runtime", "include")]
    shared = ["-L" + lib, "-Wl,-rpath," + lib, "-lhetile_rt", "-lm"]
    static = [os.path.join(lib, "libhetile_rt.a"), "-lm"]
    builds = [
        ("plain C", "plain", []),
        ("C calling OpenMP (-fopenmp)", "omp", ["-fopenmp"]),
        ("C calling libhetile_rt.so", "rt", inc + shared),
        ("C calling libhetile_rt.a", "rt", inc + static),
        ("C calling OpenMP and libhetile_rt.so (an omp build)", "omp+rt",
         ["-fopenmp"] + inc + shared),
    ]
    out = []
    for k, (label, src, flags) in enumerate(builds):
        c = os.path.join(work, src + ".c")
        with open(c, "w") as f:
            f.write(SOURCES[src])
        exe = os.path.join(work, "p%d" % k)
        p = benchlib.run(["gcc", "-O2", c, "-o", exe] + flags)
        if p.returncode:
            raise SystemExit("%s: %s" % (label, p.stderr[-400:]))
        out.append((label, exe))
    return out


def start(exe):
    """(wall seconds, page faults) of one start."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([exe], stdout=subprocess.DEVNULL, check=True)
    t = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return t, (after.ru_minflt - before.ru_minflt) + (after.ru_majflt -
                                                       before.ru_majflt)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(benchlib.ROOT, "build"))
    ap.add_argument("--runs", type=int, default=500)
    ap.add_argument("--out")
    args = ap.parse_args()
    load = benchlib.loadavg()
    progs = build(args, tempfile.mkdtemp(prefix="hetile-startup-"))
    times = {e: [] for _, e in progs}
    faults = {e: [] for _, e in progs}
    for _ in range(args.runs):
        for _, e in progs:
            t, f = start(e)
            times[e].append(t)
            faults[e].append(f)
    base = statistics.median(times[progs[0][1]])
    rows = []
    for label, e in progs:
        m = statistics.median(times[e])
        rows.append([label, "%.0f" % (1e6 * m), "%+.0f" % (1e6 * (m - base)),
                     "%d" % statistics.median(faults[e])])
    benchlib.write_table(
        benchlib.machine() + "\n\n`" + benchlib.command("bench/startup.py") +
        "`", ["program", "start (us)", "more than plain C (us)",
              "page faults"], rows,
        ["medians of %d starts each, interleaved; normal priority; load "
         "average before: %s, after: %s" % (args.runs, load,
                                             benchlib.loadavg())], args.out)


if __name__ == "__main__":
    main()
