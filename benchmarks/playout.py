"""Random playouts: complete deals (deal, pass, every play) per second.

Each deal starts from a new game (so its seeded deal is shuffled), passes random cards and
plays uniformly random legal moves to the end of the hand, with a seeded generator
(``rng.randrange(len(moves))``). The standard rules run with :func:`hearts.apply` and with
the unchecked :func:`hearts.game.engine.apply_unchecked`; the presets with :func:`hearts.apply`.

When OpenSpiel is installed (``pip install open-spiel``) the same workload runs on its C++
Hearts in the same process: 52 chance actions deal the cards, the pass direction is set to
left (our first hand passes left), each seat passes three cards and 52 cards are played,
each action drawn uniformly from ``legal_actions()`` with the same kind of generator. The
ratio is ours / OpenSpiel's, deals per second.

Times are the CPU time of the process (``--wall`` for the wall clock), so other programs on
the machine do not count. Every run plays deals never played before in the process, so no cache of the engine holds
them; an untimed first run starts filling its bounded per-suit tables of moves. The
workloads take turns, ``--repeat`` times (5; once with ``--quick``); each figure is the
median over the runs, and each ratio the median of the ratios within a run.

Usage: ``python benchmarks/playout.py [--quick] [--deals N] [--repeat N]``
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable

from environment import clock_for, environment, interleaved, median, table

import hearts
from hearts.game import engine

Apply = Callable[[hearts.State, hearts.Move], hearts.State]


def variants() -> dict[str, hearts.Rules]:
    """The rules the benchmark plays: the standard game and a few presets."""
    return {
        "standard": hearts.Rules(),
        "omnibus": hearts.Rules.preset("omnibus"),
        "three-player": hearts.Rules.preset("three-player"),
        "5 players, 3 jokers": hearts.Rules(players=5, jokers=3),
    }


def play_deals(rules: hearts.Rules, deals: int, seed: int, apply: Apply = hearts.apply) -> int:
    """Play ``deals`` random deals from new games; return the number of moves applied."""
    rng = random.Random(seed)
    legal_moves = hearts.legal_moves
    randrange = rng.randrange
    moves_applied = 0
    for deal in range(deals):
        state = hearts.new_game(rules, seed=seed + deal)
        while not state.results:
            moves = legal_moves(state)
            state = apply(state, moves[randrange(len(moves))])
            moves_applied += 1
    return moves_applied


def openspiel_deals(deals: int, seed: int) -> int | None:
    """Play ``deals`` random deals of OpenSpiel's Hearts; the number of actions, or None."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    randrange = rng.randrange
    left = 1  # the pass-direction chance action for "left"
    actions_applied = 0
    for _ in range(deals):
        state = game.new_initial_state()
        state.apply_action(left)
        while not state.is_terminal():
            # Every chance node of the deal is uniform, so legal_actions() is the outcomes.
            actions = state.legal_actions()
            state.apply_action(actions[randrange(len(actions))])
            actions_applied += 1
    return actions_applied + deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few deals, to check it runs")
    parser.add_argument("--deals", type=int, default=2000, help="deals per run (2000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    arguments = parser.parse_args()
    clock, clock_name = clock_for(arguments.wall)
    deals = 20 if arguments.quick else arguments.deals
    repeat = 1 if arguments.quick else arguments.repeat
    seed = arguments.seed
    print(table(("", "value"), environment(), left=2))
    print()
    print(
        f"Random playouts: {deals} deals per run, {repeat} runs taking turns; "
        f"each figure is the median over the runs, timed by {clock_name}."
    )
    print()

    # Every run plays new deals (seeds never used before in the process).
    seeds = itertools.count(seed, deals)
    rows: list[tuple[str, str, int]] = []  # rules, engine, moves in the untimed run
    works: list[Callable[[], object]] = []
    unchecked = getattr(engine, "apply_unchecked", None)
    for name, rules in variants().items():
        moves = play_deals(rules, deals, next(seeds))
        rows.append((name, "hearts.apply", moves))
        works.append(lambda rules=rules: play_deals(rules, deals, next(seeds)))
        if name == "standard" and unchecked is not None:
            rows.append((name, "apply_unchecked", moves))
            works.append(lambda rules=rules: play_deals(rules, deals, next(seeds), unchecked))
    reference = None
    actions = openspiel_deals(deals, seed)
    if actions is not None:
        reference = len(rows)
        rows.append(("standard", "OpenSpiel (C++)", actions))
        works.append(lambda: openspiel_deals(deals, next(seeds)))
    runs = interleaved(works, repeat, clock)

    printed = []
    for column, (name, engine_name, moves) in enumerate(rows):
        seconds = median([run[column] for run in runs])
        ratio = "-"
        if reference is not None:
            ratio = f"{median([run[reference] / run[column] for run in runs]):.2f}x"
        printed.append(
            (
                name,
                engine_name,
                f"{deals / seconds:,.0f}",
                f"{moves / deals:.1f}",
                f"{seconds / deals * 1e6:,.0f}",
                ratio,
            )
        )
    headers = ("rules", "engine", "deals/s", "moves/deal", "µs/deal", "vs OpenSpiel")
    print(table(headers, printed, left=2))
    if reference is None:
        print("\nOpenSpiel is not installed (pip install open-spiel): no ratio.")


if __name__ == "__main__":
    main()
