"""Search workload: many random playouts from fixed mid-game positions.

A search bot (PIMC, MCTS rollouts) plays the rest of a hand at random from one position
again and again. From 100 fixed positions (a seeded random first hand of OpenSpiel's rules,
stopped after six tricks), each of 200 playouts plays uniformly random legal moves to the
end of the hand. Our states are immutable, so every playout starts from the same state
object; OpenSpiel's state is mutable, so it is cloned for every playout, as tree search
does. Both engines start from the same positions (converted with
:func:`hearts.interop.openspiel.to_openspiel`); without OpenSpiel the same rules are
used and only our figures are printed.

Times are the CPU time of the process (``--wall`` for the wall clock). The workloads take
turns, ``--repeat`` times (5; once with ``--quick``); each figure is the
median over the runs, and each ratio the median of the ratios within a run.

Usage: ``python benchmarks/search.py [--quick] [--positions N] [--playouts N] [--repeat N]``
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from typing import Any

from environment import clock_for, environment, interleaved, median, table

import hearts
from hearts.game import engine

Apply = Callable[[hearts.State, hearts.Move], hearts.State]

TRICKS_PLAYED = 6


def search_rules() -> hearts.Rules:
    """OpenSpiel's default Hearts as our rules: one deal, passing left, Q♠ breaks hearts."""
    return hearts.Rules(pass_cycle="left", queen_breaks_hearts=True, target=None, hands=1)


def positions(count: int, seed: int) -> list[hearts.State]:
    """``count`` mid-hand positions: seeded random play until six tricks are done."""
    rules = search_rules()
    rng = random.Random(seed)
    result = []
    for number in range(count):
        state = hearts.new_game(rules, seed=seed + number)
        while len(state.tricks) < TRICKS_PLAYED:
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
        result.append(state)
    return result


def playouts(states: Sequence[hearts.State], count: int, seed: int, apply: Apply) -> int:
    """``count`` random playouts to the end of the hand from each state; moves applied."""
    rng = random.Random(seed)
    randrange = rng.randrange
    legal_moves = hearts.legal_moves
    play = hearts.Phase.PLAY
    moves_applied = 0
    for start in states:
        for _ in range(count):
            state = start
            while state.phase is play:
                moves = legal_moves(state)
                state = apply(state, moves[randrange(len(moves))])
                moves_applied += 1
    return moves_applied


def openspiel_positions(states: Sequence[hearts.State]) -> list[Any] | None:
    """The same positions as OpenSpiel states, or None if OpenSpiel is not installed."""
    try:
        from hearts.interop import openspiel
    except ImportError:
        return None
    assert search_rules() == openspiel.rules_for()
    return [openspiel.to_openspiel(state) for state in states]


def openspiel_playouts(states: Sequence[Any], count: int, seed: int) -> int:
    """``count`` random playouts from a clone of each OpenSpiel state; actions applied."""
    rng = random.Random(seed)
    randrange = rng.randrange
    actions_applied = 0
    for start in states:
        for _ in range(count):
            state = start.clone()
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[randrange(len(actions))])
                actions_applied += 1
    return actions_applied


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few playouts, to check it runs")
    parser.add_argument("--positions", type=int, default=100, help="positions (100)")
    parser.add_argument("--playouts", type=int, default=200, help="playouts per position (200)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    arguments = parser.parse_args()
    clock, clock_name = clock_for(arguments.wall)
    count = 10 if arguments.quick else arguments.positions
    per_position = 10 if arguments.quick else arguments.playouts
    repeat = 1 if arguments.quick else arguments.repeat
    seed = arguments.seed
    print(table(("", "value"), environment(), left=2))
    print()
    print(
        f"Search workload: {count} positions after {TRICKS_PLAYED} tricks x {per_position} "
        f"random playouts to the end of the hand; {repeat} runs taking turns, medians; "
        f"timed by {clock_name}."
    )
    print()

    states = positions(count, seed)
    rows: list[tuple[str, int]] = []
    works: list[Callable[[], object]] = []
    appliers: list[tuple[str, Apply]] = [("hearts.apply", hearts.apply)]
    unchecked = getattr(engine, "apply_unchecked", None)
    if unchecked is not None:
        appliers.append(("apply_unchecked", unchecked))
    for name, apply in appliers:
        rows.append((name, playouts(states, per_position, seed, apply)))
        works.append(lambda apply=apply: playouts(states, per_position, seed, apply))
    reference = None
    os_states = openspiel_positions(states)
    if os_states is not None:
        reference = len(rows)
        rows.append(("OpenSpiel (C++), cloned", openspiel_playouts(os_states, per_position, seed)))
        works.append(lambda: openspiel_playouts(os_states, per_position, seed))
    runs = interleaved(works, repeat, clock)

    total = count * per_position
    printed = []
    for column, (name, moves) in enumerate(rows):
        seconds = median([run[column] for run in runs])
        ratio = "-"
        if reference is not None:
            ratio = f"{median([run[reference] / run[column] for run in runs]):.2f}x"
        printed.append(
            (
                name,
                f"{total / seconds:,.0f}",
                f"{moves / total:.1f}",
                f"{seconds / moves * 1e6:.2f}",
                ratio,
            )
        )
    headers = ("engine", "playouts/s", "moves/playout", "µs/move", "vs OpenSpiel")
    print(table(headers, printed))
    if reference is None:
        print("\nOpenSpiel is not installed (pip install open-spiel): no ratio.")


if __name__ == "__main__":
    main()
