"""Sampling: hidden hands dealt from a player's view, per second.

A search bot (PIMC, ISMCTS) deals the cards it cannot see again and again from one view:
``hearts.sample(view, rng)``. Views are taken from seeded random games at several points of
the first hand (just after the pass, and after 3, 6 and 9 tricks, when voids and played
cards constrain the deal more), for the player to move; each view is sampled
``--samples`` times. Building the view (``hearts.view``) is timed on its own row.

Times are the CPU time of the process (``--wall`` for the wall clock). The rows take turns, ``--repeat`` times (5; once with ``--quick``); each figure is the
median over the runs.

Usage: ``python benchmarks/sampling.py [--quick] [--games N] [--samples N] [--repeat N]``
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from environment import clock_for, environment, interleaved, rate_table, table

import hearts

TRICKS = (0, 3, 6, 9)


def views(rules: hearts.Rules, games: int, seed: int) -> dict[int, list[hearts.PlayerView]]:
    """Views of the player to move after 0, 3, 6 and 9 tricks of ``games`` random games."""
    rng = random.Random(seed)
    found: dict[int, list[hearts.PlayerView]] = {tricks: [] for tricks in TRICKS}
    for number in range(games):
        state = hearts.new_game(rules, seed=seed + number)
        while not state.results:
            if (
                state.phase is hearts.Phase.PLAY
                and not state.trick
                and len(state.tricks) in found
                and len(found[len(state.tricks)]) <= number
            ):
                found[len(state.tricks)].append(hearts.view(state, state.to_move[0]))
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return found


def draw(seen: list[hearts.PlayerView], samples: int, seed: int) -> None:
    rng = random.Random(seed)
    sample = hearts.sample
    for one in seen:
        for _ in range(samples):
            sample(one, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few samples, to check it runs")
    parser.add_argument("--games", type=int, default=50, help="games, one view each (50)")
    parser.add_argument("--samples", type=int, default=100, help="samples per view (100)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    arguments = parser.parse_args()
    clock, clock_name = clock_for(arguments.wall)
    games = 3 if arguments.quick else arguments.games
    samples = 5 if arguments.quick else arguments.samples
    repeat = 1 if arguments.quick else arguments.repeat
    seed = arguments.seed
    print(table(("", "value"), environment(), left=2))
    print()
    print(
        f"Sampling: views of the player to lead in {games} random games per row, "
        f"{samples} samples per view; {repeat} runs taking turns, medians; timed by {clock_name}."
    )
    print()
    variants = {"standard": hearts.Rules(), "three-player": hearts.Rules.preset("three-player")}
    rows: list[tuple[str, str, int]] = []  # rules, what, calls per run
    works: list[Callable[[], object]] = []
    for name, rules in variants.items():
        found = views(rules, games, seed)
        for tricks, seen in found.items():
            rows.append((name, f"sample, after {tricks} tricks", len(seen) * samples))
            works.append(lambda seen=seen: draw(seen, samples, seed))
        states = [hearts.sample(one, random.Random(seed)) for one in found[TRICKS[-1]]]

        def build(states: list[hearts.State] = states) -> None:
            for _ in range(samples):
                for state in states:
                    hearts.view(state, state.to_move[0])

        rows.append((name, "view (after 9 tricks)", len(states) * samples))
        works.append(build)
    print(rate_table(rows, interleaved(works, repeat, clock)))


if __name__ == "__main__":
    main()
