"""Hostile input: what counting deals and reading untrusted views cost, at worst.

A server reads views from clients (:func:`hearts.view_from_dict`), and a bot counts and
deals the cards it has not seen (:func:`hearts.count_deals`, :func:`hearts.sample`). Both
work out the deals a view allows. Rows:

* ``count_deals`` on views of seeded random games of 5, 6 and 7 players (every seat, at
  random points of the first two hands): milliseconds per call (median, 99th percentile,
  maximum), and the counting steps taken (against the limit, ``hearts.knowledge.sampling.DEAL_WORK``);
* crafted 7-player views whose ruled-out cards are spread at random over the seats (each
  unseen card allowed to each other seat with probability 0.6), so that the unseen cards
  fall into many groups of possible holders: the time and peak memory (``tracemalloc``)
  of ``view_from_dict`` on their JSON, the largest JSON, and how many were refused for the
  work they would need;
* the loaders: :func:`hearts.loads` on records of long random games, at the default limits
  (``MAX_RECORD_MOVES`` moves) and beyond them with the limits off (616,000 moves, some
  30 MB): the time, the peak memory, and what refusing a record over the limit costs.

Usage: ``python benchmarks/hostile.py [--quick] [--games N] [--crafted N] [--moves N,N]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from environment import environment, table

import hearts
from hearts.knowledge import sampling


def game_views(players: int, games: int, seed: int) -> list[hearts.PlayerView]:
    """Views of every seat at random moments of the first two hands of random games."""
    rng = random.Random(seed)
    found = []
    for game in range(games):
        state = hearts.new_game(hearts.Rules(players=players), seed=seed + game)
        while not state.is_over and len(state.results) < 2:
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
            if state.phase is hearts.Phase.PLAY and rng.random() < 0.25:
                found.append(hearts.view(state, rng.randrange(players)))
    return found


def crafted(seed: int) -> hearts.PlayerView:
    """A 7-player view with its ruled-out cards spread at random over the other seats."""
    rng = random.Random(seed)
    state = hearts.new_game(hearts.Rules(players=7), seed=seed)
    while not (state.phase is hearts.Phase.PLAY and len(state.trick) == 1):
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, 0)
    ruled_out = [0] * 7
    for card in hearts.CardSet.from_mask(seen.unseen_mask):
        holders = [seat for seat in range(1, 7) if rng.random() < 0.6] or [rng.randrange(1, 7)]
        for seat in range(1, 7):
            if seat not in holders:
                ruled_out[seat] |= card.mask
    return seen.replace(ruled_out_masks=tuple(ruled_out))


def long_record(moves: int, seed: int) -> str:
    """The JSON of a random game of as many hands as make ``moves`` moves (about)."""
    rng = random.Random(seed)
    rules = hearts.Rules(target=None, hands=max(1, moves // 56))
    state, played = hearts.new_game(rules, seed=seed), []
    while not state.is_over and len(played) < moves:
        legal = hearts.legal_moves(state)
        played.append(legal[rng.randrange(len(legal))])
        state = hearts.apply(state, played[-1])
    return hearts.dumps(hearts.GameRecord(rules, played, seed=seed))


def timed_and_traced(work: Callable[[], object]) -> tuple[float, float]:
    """Seconds of one untraced run, and the MiB peak of a traced one."""
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    try:
        work()
        peak = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    return seconds, peak


def percentiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.99)], ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few views, to check it runs")
    parser.add_argument("--games", type=int, default=100, help="games per player count (100)")
    parser.add_argument("--crafted", type=int, default=200, help="crafted views (200)")
    parser.add_argument(
        "--moves",
        type=lambda text: [int(part) for part in text.split(",")],
        default=[hearts.MAX_RECORD_MOVES, 616_000],
        metavar="N,N",
        help="moves of the long records (100000,616000; --quick: 2000,5000)",
    )
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    games = 3 if arguments.quick else arguments.games
    count = 5 if arguments.quick else arguments.crafted
    print(table(("", "value"), environment(), left=2))
    print()
    print(f"count_deals on views of {games} random games per row (each view counted once).")
    print()
    rows = []
    for players in (5, 6, 7):
        times, work = [], []
        for seen in game_views(players, games, arguments.seed):
            start = time.perf_counter()
            hearts.count_deals(seen)  # counted once, then kept on the view
            times.append((time.perf_counter() - start) * 1000)
            work.append(float(sampling._dealer(seen)._work))
        ms, steps = percentiles(times), percentiles(work)
        rows.append(
            (
                players,
                f"{len(times):,}",
                *(f"{value:.3f}" for value in ms),
                *(f"{value:,.0f}" for value in steps),
            )
        )
    headers = ("players", "views", "median ms", "p99 ms", "max ms", "steps median", "p99", "max")
    print(table(headers, rows, left=1))
    print()
    print(
        f"view_from_dict on {count} crafted 7-player views (limit "
        f"{sampling.DEAL_WORK:,} counting steps)."
    )
    print()
    times, peaks, sizes, refused = [], [], [], 0
    for seed in range(count):
        text = json.dumps(hearts.view_to_dict(crafted(arguments.seed + seed)))
        sizes.append(len(text))
        for traced in (False, True):  # timed untraced: tracemalloc slows Python down
            data = json.loads(text)
            if traced:
                tracemalloc.start()
            start = time.perf_counter()
            try:
                hearts.view_from_dict(data)
            except hearts.RecordError as error:
                refused += traced and "refused unchecked" in str(error)
            if traced:
                peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
                tracemalloc.stop()
            else:
                times.append((time.perf_counter() - start) * 1000)
    ms, peak = percentiles(times), percentiles(peaks)
    rows = [
        ("time, ms (median, p99, max)", ", ".join(f"{value:.1f}" for value in ms)),
        ("peak memory, MiB (median, p99, max)", ", ".join(f"{value:.2f}" for value in peak)),
        ("largest JSON, bytes", f"{max(sizes):,}"),
        ("refused for the work they need", f"{refused} of {count}"),
    ]
    print(table(("crafted views", "value"), rows, left=1))
    print()
    print("loads on records of long random games (limits off for the longer ones).")
    print()
    rows = []
    for moves in [2000, 5000] if arguments.quick else arguments.moves:
        text = long_record(moves, arguments.seed)
        played = len(json.loads(text)["moves"])
        within = played <= hearts.MAX_RECORD_MOVES and len(text) <= hearts.MAX_RECORD_BYTES
        seconds, peak = timed_and_traced(
            lambda t=text: hearts.loads(t, max_bytes=None, max_moves=None)
        )
        refusal = "-"
        if not within:
            start = time.perf_counter()
            try:
                hearts.loads(text)
            except hearts.RecordError:
                refusal = f"{(time.perf_counter() - start) * 1000:.1f} ms"
        rows.append(
            (f"{played:,}", f"{len(text) / 2**20:.1f}", f"{seconds:.2f}", f"{peak:,.0f}", refusal)
        )
    headers = ("moves", "MiB of JSON", "loads, s", "peak MiB", "refused at the limits in")
    print(table(headers, rows, left=1))


if __name__ == "__main__":
    main()
