"""The endgame solver: time and work to solve random endgames exactly.

Positions come from random games under the standard rules, at the start of a trick with
4, 5 and 6 tricks left. For each, ``hearts.solve`` (the best move's cost) and
``hearts.solve(every_move=True)`` (every move's, as SearchBot's endgame needs) are timed.
Exactness is checked by the test suite against exhaustive search (tests/test_solver.py).

Usage: ``python benchmarks/solver.py [--quick] [--positions N] [--tricks 4 5 6]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from environment import environment, table

import hearts


def endgames(tricks_left: int, count: int, seed: int) -> list[hearts.State]:
    """``count`` positions at the start of a trick with ``tricks_left`` tricks left."""
    found = []
    for game in range(count):
        rng = random.Random(seed + game)
        state = hearts.new_game(hearts.Rules(), seed=seed + game)
        while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 13 - tricks_left:
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
        found.append(state)
    return found


def measure(states: list[hearts.State], every_move: bool) -> tuple[list[float], list[int]]:
    times, nodes = [], []
    for state in states:
        start = time.perf_counter()
        solution = hearts.solve(state, every_move=every_move)
        times.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
    return times, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few positions, to check it runs")
    parser.add_argument("--positions", type=int, default=100, help="positions per trick count")
    parser.add_argument("--tricks", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.positions, arguments.tricks = 5, [4]
    rows = [*environment(), ("build", "compiled" if hearts.compiled else "pure Python")]
    print(table(("", "value"), rows, left=2))
    results = []
    for tricks in arguments.tricks:
        states = endgames(tricks, arguments.positions, arguments.seed)
        for every_move in (False, True):
            times, nodes = measure(states, every_move)
            ms = sorted(t * 1000 for t in times)
            results.append(
                (
                    tricks,
                    "every move" if every_move else "best move",
                    len(states),
                    f"{statistics.median(ms):.1f}",
                    f"{ms[int(0.9 * (len(ms) - 1))]:.1f}",
                    f"{ms[-1]:.1f}",
                    f"{statistics.median(nodes):,.0f}",
                )
            )
    print()
    print(
        table(
            ("tricks left", "solve", "positions", "median ms", "90th pct ms", "max ms", "nodes"),
            results,
        )
    )


if __name__ == "__main__":
    main()
