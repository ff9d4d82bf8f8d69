#!/usr/bin/env python3
"""The layers of the runtime (runtime/src), checked on its built objects.

  scripts/runtime-layers.py OBJECTS_DIR [--layer FILE=N]...

OBJECTS_DIR is a folder holding the runtime's object files (the build's
runtime/CMakeFiles); every .o under it named after a source file
(Name.cpp.o) is read. For each object, `nm` gives the symbols it defines and
the ones it calls; a call resolved by another object is an edge from file to
file. The check fails (exit 1) when

  - an edge goes up: a file calls a file of a higher layer;
  - files of one layer call each other in a circle;
  - an object's source file has no layer here, or a file here no object.

--layer FILE=N puts FILE in layer N for this run only: the test of the
check itself moves a file down to see an upward call reported.

Weak definitions (inline functions, templates, vtables) are copies that every
object using them carries: only strong definitions make an edge.
"""
import argparse
import os
import subprocess
import sys

# One layer per entry, lowest first: a file may call files of its own layer
# (without a circle) and of the layers below. docs/runtime.md describes them.
LAYERS = [
    ("environment and platform",
     ["Error", "Math", "Timer", "Env", "PlatformFile", "MpiSupport"]),
    ("measurement",
     ["Calibration", "MeasuredCosts", "PingPongFit", "MpiCalibrate"]),
    ("the papers' models",
     ["Alloc", "Hier", "Simulate", "Gantt", "TileSizeDefault",
      "TileSizeAndonovYanev", "TileSizeZarei", "TileSizeZareiSolve",
      "StripsRastello"]),
    ("allocation",
     ["AllocStrategy", "AllocBlockWidth", "ClusterAllocation",
      "ColumnAllocation", "Grid", "MpiObject", "MpiClusters"]),
    ("schedulers",
     ["Sched", "SchedCosts", "TileSizePipeline", "TileSizeRefine", "Profit",
      "StripsRun", "MpiNest", "MpiComm", "MpiPieces", "MpiGather", "MpiDeferred",
      "MpiThreads", "MpiGrid", "MpiTileSizes", "StripsMpi", "MpiProfit"]),
]

STRONG = set("TDBRC")


def symbols(obj):
    """The strong symbols obj defines and the symbols it leaves undefined."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        name, kind = fields[0], fields[1]
        if kind == "U":
            undefined.add(name)
        elif kind in STRONG:
            defined.add(name)
    return defined, undefined


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names),
                         capture_output=True, text=True).stdout
    return dict(zip(names, out.splitlines()))


def circles(nodes, edges):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(sorted(scc))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("objects")
    parser.add_argument("--layer", action="append", default=[])
    args = parser.parse_args()

    layer = {f: i + 1 for i, (_, files) in enumerate(LAYERS) for f in files}
    for move in args.layer:
        name, _, n = move.partition("=")
        layer[name] = int(n)

    objs = {}
    for root, _, names in os.walk(args.objects):
        for n in names:
            if n.endswith(".cpp.o"):
                objs[n[:-len(".cpp.o")]] = os.path.join(root, n)
    problems = []
    for f in sorted(set(objs) - set(layer)):
        problems.append("%s.cpp has no layer (scripts/runtime-layers.py)" % f)
    for f in sorted(set(layer) - set(objs)):
        problems.append("%s.cpp is in a layer but was not built" % f)
    if not objs:
        problems.append("no object under %s" % args.objects)

    definer, undefined = {}, {}
    for f, obj in objs.items():
        defined, undefined[f] = symbols(obj)
        for s in defined:
            definer[s] = f
    # (caller, callee) -> the symbols of the edge
    edges = {}
    for f in sorted(objs):
        for s in undefined[f]:
            d = definer.get(s)
            if d and d != f:
                edges.setdefault((f, d), []).append(s)
    names = demangle(sorted({s for ss in edges.values() for s in ss}))

    def where(f):
        n = layer.get(f, 0)
        return "layer %d, %s" % (n, LAYERS[n - 1][0] if 1 <= n <= len(LAYERS)
                                 else "none")

    for (f, d), ss in sorted(edges.items()):
        if f in layer and d in layer and layer[d] > layer[f]:
            problems.append("upward call: %s.cpp (%s) calls %s of %s.cpp (%s)"
                            % (f, where(f), names[sorted(ss)[0]], d, where(d)))
    same = {}
    for (f, d) in edges:
        if layer.get(f) is not None and layer.get(f) == layer.get(d):
            same.setdefault(f, set()).add(d)
    for scc in circles(set(objs), same):
        problems.append("circle in layer %d: %s" % (
            layer[scc[0]], ", ".join(s + ".cpp" for s in scc)))

    for p in problems:
        print("runtime-layers: " + p)
    if problems:
        return 1
    print("runtime-layers: %d files in %d layers, %d calls between files, "
          "none upward, no circle" % (len(objs), len(LAYERS), len(edges)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
