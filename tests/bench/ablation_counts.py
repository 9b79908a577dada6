"""Counts from `searchlab bait ablation --results FILE` files, over the seeds all four agents have played.

usage: python3 tests/bench/ablation_counts.py FILE...

For each file: the complete seeds; per agent the wins, the moves to win (range and median), deaths, mean
score and the median iterations per act (upper medians, as `bait ablation` prints them); KB Fast-Evo against
vanilla paired by seed (wins, and who scored more); and how often two agents of one seed won in exactly the
same number of moves (where every move ties, the seed-drawn tie order makes agents of one seed wander alike,
so such games are not independent draws). A stopped run's file works too: its last, incomplete seed is left
out.
"""
import json
import statistics
import sys

AGENTS = ("vanilla", "fast-evo", "kb", "kb-fast-evo")
SAME_MOVES = (("vanilla", "fast-evo"), ("kb", "kb-fast-evo"), ("vanilla", "kb-fast-evo"))


def complete_seeds(path):
    """{seed: {agent: game}} for the seeds every agent has played, in seed order."""
    games = {}
    with open(path) as lines:
        for line in lines:
            game = json.loads(line)
            if "agent" in game:
                games.setdefault(game["seed"], {})[game["agent"]] = game
    return {seed: games[seed] for seed in sorted(games) if len(games[seed]) == len(AGENTS)}


def moves_to_win(game):
    """The number of moves of a won game (one act a move), None for a game not won."""
    return len(game["iterations"]) if game["won"] else None


def report(path):
    seeds = complete_seeds(path)
    if not seeds:
        print(f"{path}: no complete seed")
        return
    contiguous = list(seeds) == list(range(len(seeds)))
    print(f"{path}: complete seeds {min(seeds)}-{max(seeds)}, {len(seeds)} in all{'' if contiguous else ', with gaps'}")
    for agent in AGENTS:
        games = [by_agent[agent] for by_agent in seeds.values()]
        wins = [moves_to_win(game) for game in games if game["won"]]
        span = f"{min(wins)}-{max(wins)}, median {statistics.median_high(wins)}" if wins else "-"
        iterations = statistics.median_high(i for game in games for i in game["iterations"])
        mean_score = sum(game["score"] for game in games) / len(games)
        deaths = sum(game["died"] for game in games)
        print(f"  {agent}: won {len(wins)} of {len(games)} (moves {span}), deaths {deaths}, "
              f"mean score {mean_score:.2f}, iterations per act median {iterations:,.0f}")
    won = {agent: {s for s, by_agent in seeds.items() if by_agent[agent]["won"]} for agent in AGENTS}
    both = won["vanilla"] & won["kb-fast-evo"]
    only_kbfe = won["kb-fast-evo"] - won["vanilla"]
    only_vanilla = won["vanilla"] - won["kb-fast-evo"]
    kbfe_more = sum(g["kb-fast-evo"]["score"] > g["vanilla"]["score"] for g in seeds.values())
    vanilla_more = sum(g["vanilla"]["score"] > g["kb-fast-evo"]["score"] for g in seeds.values())
    print(f"  paired: both won {len(both)}, only KB Fast-Evo {len(only_kbfe)}, only vanilla {len(only_vanilla)}, "
          f"neither {len(seeds) - len(both) - len(only_kbfe) - len(only_vanilla)}; scored more: KB Fast-Evo "
          f"{kbfe_more}, vanilla {vanilla_more}")
    for a, b in SAME_MOVES:
        same = [s for s in won[a] if moves_to_win(seeds[s][a]) == moves_to_win(seeds[s][b])]
        print(f"  of {a}'s {len(won[a])} wins, {b} won {len(same)} in the same number of moves")
    all_four = [s for s, by_agent in seeds.items()
                if s in won["vanilla"] and len({moves_to_win(g) for g in by_agent.values()}) == 1]
    print(f"  all four won in the same number of moves: {len(all_four)} seeds")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for results in sys.argv[1:]:
        report(results)
