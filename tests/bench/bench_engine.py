"""Benchmark: replay random legal 2v2 duels and print turns resolved per second.

    .venv/bin/python tests/bench/bench_engine.py [--duels 200] [--runs 5] [--seed 1]

The duels are generated first (not timed) by duels.engine.autoplay; each run then replays all of
them through `replay()` (validation, checks, both declarations, the output) on one core. Prints the
median of the runs. Goal: at least 5,000 turns/s.
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script

from duels.engine import replay  # noqa: E402
from duels.engine.autoplay import random_scenario  # noqa: E402
from tests.engine.sample_spells import SAMPLE_SPELLS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=40)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    scenarios = [random_scenario(rng, SAMPLE_SPELLS, fmt="2v2", max_turns=args.max_turns) for _ in range(args.duels)]
    turns = sum(len(s["turns"]) for s in scenarios)
    declarations = sum(len(s["turns"]) + sum(1 for t in s["turns"] if "defence" in t) for s in scenarios)

    timings = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for scenario in scenarios:
            replay(scenario)
        timings.append(time.perf_counter() - start)
    median = statistics.median(timings)
    print(f"{args.duels} random 2v2 duels, {turns} turns ({declarations} declarations), {args.runs} runs")
    print(f"median {median * 1000:.1f} ms per run: {turns / median:,.0f} turns/s, {median / turns * 1e6:.1f} µs per turn")


if __name__ == "__main__":
    main()
