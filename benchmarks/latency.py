"""Latency: the median time of one call of legal_moves and apply, by phase.

Positions come from seeded random games of the standard rules (every state a random
playout passes through), dealt after 300 other deals have filled the engine's bounded
per-suit tables of moves, so no cache of the engine has seen the positions. Each call is
timed alone (``time.perf_counter_ns`` before and after, less the cost of the timing itself),
once per position: the table shows the median over the positions, and the 10th and 90th
percentiles. Times include the call itself, as a caller pays it.

Rows:

* play phase: ``legal_moves(state)``, again on the same state (what search code repeating a
  position pays: the moves of a hand of several suits are then remembered),
  ``apply(state, move)`` and the unchecked ``engine.apply_unchecked(state, move)``, over
  every play but the last of the hand, which also scores the hand and has its own rows;
* pass phase: ``legal_moves(state)`` (a lazy sequence of every seat's passes), picking a
  random pass from it, and ``apply(state, pass)``;
* deal phase: the seeded shuffle (``engine.seeded_deal``, uncached) and ``apply(state, deal)``.

Usage: ``python benchmarks/latency.py [--quick] [--deals N]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from environment import environment, table

import hearts
from hearts.game import engine

Position = tuple[hearts.State, hearts.Move]


def positions(deals: int, seed: int) -> dict[str, list[Position]]:
    """Every (state, chosen move) of ``deals`` random standard deals, by kind."""
    rng = random.Random(seed)
    found: dict[str, list[Position]] = {"play": [], "last play": [], "pass": [], "deal": []}
    for number in range(deals):
        state = hearts.new_game(seed=seed + number)
        while not state.results:
            moves = hearts.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            phase = state.phase
            if phase is hearts.Phase.PLAY:
                last = len(state.tricks) == state.rules.hand_size - 1 and len(state.trick) == 3
                found["last play" if last else "play"].append((state, move))
            else:
                found[phase.value].append((state, move))
            state = hearts.apply(state, move)
    return found


def per_call(
    call: Callable[..., object], cases: Sequence[Position], with_move: bool
) -> list[float]:
    """µs of one call on each case, ``call(state, move)`` or ``call(state)``, less the timing."""
    timer = time.perf_counter_ns
    empty = []
    for _ in range(1000):
        start = timer()
        empty.append(timer() - start)
    overhead = statistics.median(empty)
    result = []
    if with_move:
        for state, move in cases:
            start = timer()
            call(state, move)
            result.append((timer() - start - overhead) / 1e3)
    else:
        for state, _ in cases:
            start = timer()
            call(state)
            result.append((timer() - start - overhead) / 1e3)
    return result


def summary(times: list[float]) -> tuple[str, str, str]:
    deciles = statistics.quantiles(times, n=10)
    return f"{statistics.median(times):.2f}", f"{deciles[0]:.2f}", f"{deciles[-1]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few positions, to check it runs")
    parser.add_argument("--deals", type=int, default=200, help="random deals to sample (200)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    deals = 4 if arguments.quick else arguments.deals
    print(table(("", "value"), environment(), left=2))
    print()
    print(
        f"Latency: every position of {deals} random standard deals, one call each; "
        "µs per call, median over the positions (10th and 90th percentiles)."
    )
    print()
    positions(20 if arguments.quick else 300, arguments.seed + 10**6)  # fill the tables
    found = positions(deals, arguments.seed)
    legal_moves, apply = hearts.legal_moves, hearts.apply
    unchecked = getattr(engine, "apply_unchecked", None)
    rng = random.Random(arguments.seed)

    def pick(state: hearts.State) -> object:
        moves = legal_moves(state)
        return moves[rng.randrange(len(moves))]

    def shuffle(state: hearts.State) -> object:
        # Every call shuffles afresh (a deal is not kept; older versions kept it in a cache).
        deal = engine.seeded_deal
        shuffled = getattr(deal, "__wrapped__", deal)
        return shuffled(state.rules, state.seed, state.hand_number)

    measured: list[tuple[str, str, Callable[..., object], bool]] = [
        ("play", "legal_moves", legal_moves, False),
        ("play", "legal_moves, same state again", legal_moves, False),
        ("play", "apply", apply, True),
        ("last play", "apply (scores the hand)", apply, True),
        ("pass", "legal_moves", legal_moves, False),
        ("pass", "legal_moves + pick one", pick, False),
        ("pass", "apply", apply, True),
        ("deal", "seeded_deal (shuffle)", shuffle, False),
        ("deal", "apply", apply, True),
    ]
    if unchecked is not None:
        measured.insert(3, ("play", "apply_unchecked", unchecked, True))
        measured.insert(5, ("last play", "apply_unchecked", unchecked, True))
    rows = []
    for kind, name, call, with_move in measured:
        cases = found[kind]
        rows.append((kind, name, len(cases), *summary(per_call(call, cases, with_move))))
    print(table(("phase", "call", "positions", "median µs", "p10", "p90"), rows, left=2))


if __name__ == "__main__":
    main()
