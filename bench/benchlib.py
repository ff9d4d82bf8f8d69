"""What the benchmark scripts of bench/ share: paths, running a command,
cache keys, and the machine's description for the tables."""
import hashlib
import os
import platform
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KDIR = os.path.join(ROOT, "bench", "kernels")


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
