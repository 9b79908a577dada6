#!/usr/bin/env python3
"""Why more iterations cost MCTS wins on warehouse: how long the hole stays open, for BENCHMARKS.md.

    python3 tests/bench/bait_hole_aversion.py BINARY ALGO SEEDS BUDGET...

ALGO is `mcts` (vanilla) or `kbfe` (KB Fast-Evo, the paper's settings). Plays `BINARY bait solve --level
www/levels/warehouse.txt --algo ALGO --iterations BUDGET --seed S` for S = 0 to SEEDS - 1 and each BUDGET,
replays each game with `bait trace`, and prints per budget: wins, the ticks at which the hole was filled (a box
pushed into it) and the key taken, and the largest x the avatar reached while the hole was open. Then, with
the avatar moved to each of four cells near the hole (the last one above the box that a push Down drops into
it), the first move the same agent chooses over the same seeds, per budget. Counts only, no timings: run from
the repository's root.
"""

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

LEVEL = Path("www/levels/warehouse.txt")
START_CELLS = [(6, 3), (7, 5), (8, 3), (10, 3)]


def solve(binary, algo, level, budget, seed, max_moves=None):
    """The action letters `algo` plays on `level` with `budget` iterations an act, and the outcome."""
    command = [binary, "bait", "solve", "--level", str(level), "--algo", algo, "--iterations", str(budget),
               "--seed", str(seed)]
    if max_moves is not None:
        command += ["--max-moves", str(max_moves)]
    game = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return game["plan"], game["outcome"]


def replay(binary, plan):
    """(tick the hole was filled, tick the key was taken, largest avatar x while the hole was open)."""
    lines = subprocess.run([binary, "bait", "trace", "--level", str(LEVEL), "--actions", plan], check=True,
                           capture_output=True, text=True).stdout.splitlines()
    filled = key = None
    farthest = 0
    for line in lines:
        state = json.loads(line)
        if filled is None and not any("0" in row for row in state["grid"]):
            filled = state["t"]
        if key is None and state["avatar"]["type"] == "withkey":
            key = state["t"]
        if filled is None:
            farthest = max(farthest, state["avatar"]["x"])
    return filled, key, farthest


def median_or_dash(values):
    """The median of `values`, or a dash when there are none."""
    return statistics.median(values) if values else "-"


def games(binary, algo, seeds, budget):
    """One summary line of `seeds` games at `budget` iterations an act."""
    wins, filled, keys, farthest = 0, [], [], []
    for seed in range(seeds):
        plan, outcome = solve(binary, algo, LEVEL, budget, seed)
        wins += outcome == "won"
        hole, key, x = replay(binary, plan)
        if hole is not None:
            filled.append(hole)
        if key is not None:
            keys.append(key)
        farthest.append(x)
    print(f"{algo}, {budget} iterations: {wins} of {seeds} won; hole filled in {len(filled)} games, tick median "
          f"{median_or_dash(filled)} (min {min(filled, default='-')}, max {max(filled, default='-')}); key taken "
          f"in {len(keys)}, tick median {median_or_dash(keys)}; largest x while the hole was open, median "
          f"{median_or_dash(farthest)}")


def first_moves(binary, algo, seeds, budget, cell, directory):
    """How often each first move is chosen with the avatar at `cell` (x, y)."""
    rows = [list(row) for row in LEVEL.read_text().splitlines()]
    rows = [["." if c == "A" else c for c in row] for row in rows]
    x, y = cell
    rows[y][x] = "A"
    level = Path(directory) / f"warehouse-at-{x}-{y}.txt"
    level.write_text("\n".join("".join(row) for row in rows) + "\n")
    moves = "".join(solve(binary, algo, level, budget, seed, max_moves=1)[0] for seed in range(seeds))
    counts = ", ".join(f"{m} {moves.count(m)}" for m in "LRUD")
    print(f"{algo}, avatar at ({x}, {y}), {budget} iterations, first move over {seeds} seeds: {counts}")


def main():
    if len(sys.argv) < 5 or sys.argv[2] not in ("mcts", "kbfe"):
        sys.exit(__doc__)
    binary, algo, seeds, budgets = sys.argv[1], sys.argv[2], int(sys.argv[3]), [int(b) for b in sys.argv[4:]]
    for budget in budgets:
        games(binary, algo, seeds, budget)
    with tempfile.TemporaryDirectory() as directory:
        for cell in START_CELLS:
            for budget in budgets:
                first_moves(binary, algo, seeds, budget, cell, directory)


if __name__ == "__main__":
    main()
