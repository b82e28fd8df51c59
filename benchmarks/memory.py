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

Long games: the chain of one game of 500 and of 8,000 hands (``Rules(target=None,
hands=N)``), as a replay keeps it. The finished hands are a history the game's states share
(:class:`hearts.game.history.History`), so the bytes per state stay flat as the game grows;
with a tuple of results per hand they grew with its length (472 B at 500 hands, 1,009 B at
8,000).

Module caches: the tables the library keeps between calls (every ``functools.lru_cache``
of a ``hearts`` module, and the play rules per Rules object), filled by a million random
moves over every preset with a view and a sample every 97 moves; their size is what
clearing them gives back, traced by :mod:`tracemalloc`.

Usage: ``python benchmarks/memory.py [--quick] [--games N] [--long N,N] [--moves N]``
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import statistics
import sys
import tracemalloc
from collections.abc import Callable, Iterator

from environment import environment, table

import hearts
from hearts.game.history import History


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
        if isinstance(value, (tuple, History)):  # a History: the results it holds, not more
            stack.extend(value)
        elif hasattr(value, "__slots__") and not isinstance(value, hearts.CardSet):
            stack.extend(getattr(value, name) for name in value.__slots__ if hasattr(value, name))
        elif isinstance(value, hearts.CardSet):
            stack.append(value.mask)
    return total


def module_caches() -> list[tuple[str, Callable[[], int], Callable[[], None]]]:
    """Every cache of the library: its name, its number of entries, and how to clear it."""
    found: list[tuple[str, Callable[[], int], Callable[[], None]]] = []
    for name, module in sorted(sys.modules.items()):
        if name != "hearts" and not name.startswith("hearts."):
            continue
        for attribute, value in sorted(vars(module).items()):
            clearable = callable(getattr(value, "cache_clear", None)) and not isinstance(
                value, type
            )
            if clearable and value.__module__ == name:
                found.append(
                    (
                        f"{name}.{attribute}",
                        lambda v=value: v.cache_info().currsize,
                        value.cache_clear,
                    )
                )
    # The rules of play picked for a Rules value are kept on that value, not in a module
    # table (hearts.game.play.rules_of_play): they go when the rules go.
    return found


def cache_bytes(moves: int, seed: int) -> tuple[int, list[tuple[str, int]]]:
    """The bytes and the entries of the module caches after ``moves`` random moves."""
    caches = module_caches()
    tracemalloc.start()
    try:
        for _, _, clear in caches:
            clear()
        rng = random.Random(seed)
        presets = [preset.rules for preset in hearts.PRESETS.values()]
        played = 0
        while played < moves:
            state = hearts.new_game(rng.choice(presets), seed=rng.randrange(2**32))
            while not state.is_over and played < moves:
                legal = hearts.legal_moves(state)
                state = hearts.apply(state, legal[rng.randrange(len(legal))])
                played += 1
                if played % 97 == 0 and state.phase is hearts.Phase.PLAY:
                    hearts.sample(hearts.view(state, state.to_move[0]), rng)
        del state, legal
        entries = [(name, size()) for name, size, _ in caches]
        gc.collect()
        full = tracemalloc.get_traced_memory()[0]
        for _, _, clear in caches:
            clear()
        gc.collect()
        empty = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return full - empty, entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game, to check it runs")
    parser.add_argument("--games", type=int, default=5, help="seeded games per row (5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--long",
        type=lambda text: [int(part) for part in text.split(",")],
        default=[500, 8000],
        metavar="N,N",
        help="hands of the long games (500,8000; --quick: 40,200)",
    )
    parser.add_argument(
        "--moves", type=int, default=1_000_000, help="random moves that fill the caches (1M)"
    )
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
    print()
    print("Long games: one seeded random game of N hands, every state kept (as a replay does).")
    print()
    long_rows = []
    for hands in [40, 200] if arguments.quick else arguments.long:
        rules = hearts.Rules(target=None, hands=hands)
        bytes_per_state, length = retained_per_state(rules, arguments.seed, None)
        long_rows.append((f"{hands:,}", f"{length:,}", f"{bytes_per_state:,.0f}"))
    print(table(("hands", "states", "retained B/state"), long_rows, left=1))
    print()
    moves = 20_000 if arguments.quick else arguments.moves
    total, entries = cache_bytes(moves, arguments.seed)
    print(f"Module caches after {moves:,} random moves over every preset: {total / 2**20:.2f} MiB.")
    print()
    print(table(("cache", "entries"), [(name, f"{count:,}") for name, count in entries], left=1))


if __name__ == "__main__":
    main()
