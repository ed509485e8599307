#!/usr/bin/python3
# check-include-cycles.py [TOP]: no include cycle between the modules of
# src/ (a module: a .c file and its .h; doc/HACKING.md, "The floors"). A
# cycle means two pieces each need the other, so neither can be read, or
# tested, alone. Prints each cycle and exits 1 when there is one.
import os
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
src = os.path.join(top, "src")
include = re.compile(r'\s*#\s*include\s*"([^"]+)\.h"')
edges = {}
for root, _, files in os.walk(src):
    for f in files:
        if not f.endswith((".c", ".h")):
            continue
        path = os.path.join(root, f)
        mod = os.path.relpath(path, src).rsplit(".", 1)[0]
        with open(path, errors="replace") as fh:
            for line in fh:
                m = include.match(line)
                if m and m.group(1) != mod:
                    edges.setdefault(mod, set()).add(m.group(1))

# Tarjan's strongly connected components, without recursion
index, low, on, stack, cycles = {}, {}, set(), [], []
for start in sorted(edges):
    if start in index:
        continue
    work = [(start, iter(sorted(edges.get(start, ()))))]
    index[start] = low[start] = len(index)
    stack.append(start)
    on.add(start)
    while work:
        v, it = work[-1]
        w = next(it, None)
        if w is not None:
            if w not in index:
                index[w] = low[w] = len(index)
                stack.append(w)
                on.add(w)
                work.append((w, iter(sorted(edges.get(w, ())))))
            elif w in on:
                low[v] = min(low[v], index[w])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[v])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))
for c in sorted(cycles):
    print("include cycle: " + " <-> ".join(c))
sys.exit(1 if cycles else 0)
