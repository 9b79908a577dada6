#!/usr/bin/env python3
"""Alternating CPU-time comparison of two builds of the same command, for BENCHMARKS.md.

    ./dev.sh compare OLD_BINARY NEW_BINARY RUNS -- ARGS...

runs `OLD ARGS` and `NEW ARGS` one after the other RUNS times (old first, then new, so load
changes hit both alike), times each process's CPU (user + system, from the kernel's accounting
of the finished child) and wall clock, checks that both print the same standard output (the
same work; in JSON lines, fields that are times or rates are left out of the check), and prints the times of every run, the medians and the ratio new / old of the
median CPU times, with the load average before and after. Not a test: timings never go in tests.
"""

import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time


def run_once(binary, args):
    """(cpu seconds, wall seconds, stdout) of one run of `binary args`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    out = subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, out


TIMING = re.compile(r"(ms|seconds|per_s|_s)$", re.IGNORECASE)


def work_of(out):
    """The output without its times and rates (JSON lines), to check both did the same work."""
    lines = []
    for line in out.splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            lines.append(line)
            continue
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if not TIMING.search(k)}
        lines.append(json.dumps(value, sort_keys=True))
    return lines


def main():
    if len(sys.argv) < 5 or sys.argv[4] != "--":
        sys.exit("usage: alternate.py OLD NEW RUNS -- ARGS...")
    old, new, runs, args = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[5:]
    load_before = os.getloadavg()
    times = {old: [], new: []}
    outputs = {}
    for _ in range(runs):
        for binary in (old, new):
            cpu, wall, out = run_once(binary, args)
            times[binary].append((cpu, wall))
            outputs.setdefault(binary, work_of(out))
    load_after = os.getloadavg()
    print(f"command: {' '.join(args)}; {runs} alternating runs each")
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    for binary in (old, new):
        cpus = [c for c, _ in times[binary]]
        walls = [w for _, w in times[binary]]
        print(f"{binary}: CPU s {', '.join(f'{c:.2f}' for c in cpus)} (median {statistics.median(cpus):.3f}); "
              f"wall s median {statistics.median(walls):.3f}")
    ratio = statistics.median(c for c, _ in times[new]) / statistics.median(c for c, _ in times[old])
    same = "same output" if outputs[old] == outputs[new] else "OUTPUTS DIFFER"
    print(f"new / old median CPU: {ratio:.3f} ({same})")


if __name__ == "__main__":
    main()
