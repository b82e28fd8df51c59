"""Memory: the bytes a State keeps alive, and its pickled size.

States are immutable, and each one shares most of its structure with the state it came
from (the rules, the unchanged hands and tuples, the finished tricks and hand results).
So the honest cost of a state is measured on a chain: play a whole seeded random game (or
one hand), keep every state in a list, and divide the memory the chain holds (traced by
:mod:`tracemalloc`, the list itself excluded) by the number of states. Caches the engine
fills (seeded deals, tables of moves) are warmed by playing the same game once before
tracing, so they are not counted.

"Alone" is the other bound: everything a single state reaches that is not shared by every
state of every game (the Rules object, cards, enum members, small ints), as if it were kept
with no predecessor. The pickled size is ``len(pickle.dumps(state))`` with the highest
protocol; a pickle carries its Rules, so it is much larger than the state in memory.

Usage: ``python benchmarks/memory.py [--quick] [--games N]``
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import statistics
import sys
import tracemalloc
from collections.abc import Iterator

from environment import environment, table

import hearts


def game_states(rules: hearts.Rules, seed: int, hands: int | None) -> Iterator[hearts.State]:
    """Every state of a seeded random game (or of its first ``hands`` hands)."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    yield state
    while not state.is_over and (hands is None or len(state.results) < hands):
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
        yield state


def retained_per_state(rules: hearts.Rules, seed: int, hands: int | None) -> tuple[float, int]:
    """Traced bytes per state of a chain of states, and the chain's length."""
    for _ in game_states(rules, seed, hands):  # warm every cache the same game fills
        pass
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        chain = list(game_states(rules, seed, hands))
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before - sys.getsizeof(chain)) / len(chain), len(chain)


def _shared(value: object) -> bool:
    """Objects every state shares: the rules, cards, enum members, small ints, singletons."""
    if value is None or isinstance(value, (bool, hearts.Rules, hearts.Card)):
        return True
    if type(value) is int:
        return -5 <= value <= 256  # CPython keeps these ints once
    return isinstance(value, (hearts.Phase, hearts.PassDirection, hearts.ShootMode))


def alone(state: hearts.State) -> int:
    """Bytes of every object ``state`` reaches, except those every state shares."""
    seen: set[int] = set()
    total = 0
    stack: list[object] = [state]
    while stack:
        value = stack.pop()
        if id(value) in seen or _shared(value):
            continue
        seen.add(id(value))
        total += sys.getsizeof(value)
        if isinstance(value, tuple):
            stack.extend(value)
        elif hasattr(value, "__slots__") and not isinstance(value, hearts.CardSet):
            stack.extend(getattr(value, name) for name in value.__slots__ if hasattr(value, name))
        elif isinstance(value, hearts.CardSet):
            stack.append(value.mask)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game, to check it runs")
    parser.add_argument("--games", type=int, default=5, help="seeded games per row (5)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    games = 1 if arguments.quick else arguments.games
    print(table(("", "value"), environment(), left=2))
    print()
    print(
        f"Memory: {games} seeded random games per row; retained bytes per state of a chain "
        "(mean over the games), and the median (max) over the states of the size alone "
        "and pickled."
    )
    print()
    rows = []
    variants = {"standard": hearts.Rules(), "omnibus": hearts.Rules.preset("omnibus")}
    for name, rules in variants.items():
        for label, hands in (("one hand", 1), ("whole game", None)):
            per_state, lengths, sizes, pickled = [], [], [], []
            for game in range(games):
                seed = arguments.seed + game
                bytes_per_state, length = retained_per_state(rules, seed, hands)
                per_state.append(bytes_per_state)
                lengths.append(length)
                for state in game_states(rules, seed, hands):
                    sizes.append(alone(state))
                    pickled.append(len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)))
            rows.append(
                (
                    name,
                    label,
                    f"{statistics.mean(lengths):,.0f}",
                    f"{statistics.mean(per_state):,.0f}",
                    f"{statistics.median(sizes):,.0f} ({max(sizes):,})",
                    f"{statistics.median(pickled):,.0f} ({max(pickled):,})",
                )
            )
    headers = ("rules", "chain", "states", "retained B/state", "alone B", "pickled B")
    print(table(headers, rows, left=2))


if __name__ == "__main__":
    main()
