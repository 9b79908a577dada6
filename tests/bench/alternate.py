#!/usr/bin/env python3
"""Alternating CPU-time comparison of two programs on the same work, for BENCHMARKS.md.

    ./dev.sh compare OLD_BINARY NEW_BINARY RUNS -- ARGS...
    ./dev.sh compare --programs RUNS 'OURS ARGS...' 'PEER ARGS...'

The first form runs `OLD ARGS` and `NEW ARGS` (two builds of searchlab) one after the other RUNS
times (old first, then new, so load changes hit both alike) and checks that both print the same
standard output (the same work; in JSON lines, fields that are times or rates are left out of
the check). The second runs two different programs (ours and a peer, each command one
shell-quoted string) the same way, without the output check (their outputs differ in form).
Both time each process's CPU (user + system, from the kernel's accounting of the finished
child) and wall clock, and print every run's times (each also to standard error as it ends, so
a long comparison stopped early keeps what it measured), the min / median / max CPU, the ratio of
the median CPU times (new / old, or ours / peer) and the load average before and after. Not a
test: timings never go in tests.
"""

import json
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time


def run_once(command):
    """(cpu seconds, wall seconds, stdout) of one run of `command` (a list of words)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, out


TIMING = re.compile(r"(ms|seconds?|per_s|_s|per_decision|per_move)$", re.IGNORECASE)


def without_times(value):
    """A JSON value without the fields, at any depth, whose names say they are times or rates."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if not TIMING.search(k)}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def work_of(out):
    """The output without its times and rates (JSON lines), to check both did the same work."""
    lines = []
    for line in out.splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            lines.append(line)
            continue
        lines.append(json.dumps(without_times(value), sort_keys=True))
    return lines


def alternate(commands, runs, check_output):
    """Runs the two `commands` (name, word list) alternately and prints the comparison."""
    load_before = os.getloadavg()
    times = {name: [] for name, _ in commands}
    outputs = {}
    for _ in range(runs):
        for name, command in commands:
            cpu, wall, out = run_once(command)
            times[name].append((cpu, wall))
            print(f"{name}: CPU s {cpu:.3f}, wall s {wall:.3f}", file=sys.stderr, flush=True)
            outputs.setdefault(name, work_of(out))
    load_after = os.getloadavg()
    print(f"{runs} alternating runs each")
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    for name, command in commands:
        cpus = [c for c, _ in times[name]]
        walls = [w for _, w in times[name]]
        print(f"{name}: {' '.join(command)}")
        print(f"  CPU s {', '.join(f'{c:.2f}' for c in cpus)} (min {min(cpus):.3f}, "
              f"median {statistics.median(cpus):.3f}, max {max(cpus):.3f}); "
              f"wall s median {statistics.median(walls):.3f}")
    (first, _), (second, _) = commands
    ratio = statistics.median(c for c, _ in times[second]) / statistics.median(c for c, _ in times[first])
    ratio_line = f"{second} / {first} median CPU: {ratio:.3f}"
    if check_output:
        ratio_line += " (same output)" if outputs[first] == outputs[second] else " (OUTPUTS DIFFER)"
    print(ratio_line)


def main():
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "--programs":
        runs, ours, peer = int(args[1]), shlex.split(args[2]), shlex.split(args[3])
        alternate([("peer", peer), ("ours", ours)], runs, check_output=False)
        return
    if len(args) < 4 or args[3] != "--":
        sys.exit("usage: alternate.py OLD NEW RUNS -- ARGS...\n"
                 "       alternate.py --programs RUNS 'OURS ARGS...' 'PEER ARGS...'")
    old, new, runs, rest = args[0], args[1], int(args[2]), args[4:]
    alternate([("old", [old, *rest]), ("new", [new, *rest])], runs, check_output=True)


if __name__ == "__main__":
    main()
