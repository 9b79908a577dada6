#!/usr/bin/env python3
"""Whole 2048 games to the first 4096, ours against a peer, alternated seed by seed, for BENCHMARKS.md.

    python3 tests/bench/whole_games_4096.py OURS_BINARY PEER_PROGRAM SEEDS

For S = 1 to SEEDS: `OURS 2048 play --algo expectimax --games 1 --seed S --cutoff 0.0001 --until-tile 4096`,
then `PEER S`, which must play one game seeded by S to its first 4096 and print a line `RESULT moves N
max_tile T` (BENCHMARKS.md describes the driver used for nneonneo's 2048-ai). Each run's CPU time (user +
system of the finished child, from the kernel's accounting) is divided by the moves it made; prints every
game, the min / median / max ms of CPU a move of each side, their ratio and the load before and after. Not a
test: timings never go in tests.
"""

import json
import resource
import statistics
import subprocess
import sys


def run(command):
    """(cpu seconds, stdout) of one run of `command` (a list of words)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out


def ours(binary, seed):
    """(cpu seconds, moves, largest tile) of our game from `seed`."""
    cpu, out = run([binary, "2048", "play", "--algo", "expectimax", "--games", "1", "--seed", str(seed),
                    "--cutoff", "0.0001", "--until-tile", "4096"])
    game = next(json.loads(l) for l in out.splitlines() if l.startswith('{"game"'))
    return cpu, game["moves"], game["max_tile"]


def peer(program, seed):
    """(cpu seconds, moves, largest tile) of the peer's game from `seed`."""
    cpu, out = run([program, str(seed)])
    words = next(l for l in out.splitlines() if l.startswith("RESULT")).split()
    return cpu, int(words[2]), int(words[4])


def main():
    ours_binary, peer_program, seeds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print("load before", open("/proc/loadavg").read().strip(), flush=True)
    per_move = {"ours": [], "peer": []}
    for seed in range(1, seeds + 1):
        for side, play in (("ours", lambda: ours(ours_binary, seed)), ("peer", lambda: peer(peer_program, seed))):
            cpu, moves, tile = play()
            per_move[side].append(1000 * cpu / moves)
            print(f"seed {seed} {side}: {cpu:.2f} s CPU, {moves} moves, {per_move[side][-1]:.2f} ms a move, "
                  f"largest tile {tile}", flush=True)
    for side, values in per_move.items():
        print(f"{side}: ms of CPU a move min / median / max {min(values):.2f} / "
              f"{statistics.median(values):.2f} / {max(values):.2f}")
    ratios = [o / p for o, p in zip(per_move["ours"], per_move["peer"])]
    print(f"ours / peer: {statistics.median(per_move['ours']) / statistics.median(per_move['peer']):.3f} "
          f"(medians); per seed {min(ratios):.3f} / {statistics.median(ratios):.3f} / {max(ratios):.3f}")
    print("load after", open("/proc/loadavg").read().strip())


if __name__ == "__main__":
    main()
