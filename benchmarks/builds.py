"""Pure Python and the compiled core side by side with OpenSpiel, in one run.

The same workloads run in two interpreters: one whose ``hearts`` is pure Python and one
whose ``hearts`` is the compiled wheel (mypyc). Each of them also runs OpenSpiel's C++
Hearts in the same process, taking turns with ours, so every ratio is between figures
timed together. The rows:

* **random playouts**: whole deals (deal, pass, 52 plays) from new standard games, each
  move drawn with ``rng.randrange(len(moves))``, through a ``legal_moves``/``apply`` loop
  and through one :func:`hearts.playout` call per deal; OpenSpiel plays the same kind of
  deal through ``legal_actions``/``apply_action`` (``benchmarks/playout.py``);
* **search workload**: positions after six tricks, random playouts to the end of the hand
  through :func:`hearts.playout`; OpenSpiel clones its state for every playout
  (``benchmarks/search.py``);
* **a hand between bots**: the same deals played as one-hand games between four
  :class:`~hearts.RandomBot` through :func:`hearts.play_game` (a view, the bot's legal
  moves and its choice per decision), against the loop and against OpenSpiel;
* **legal_moves**: the median time of one call in the play phase (``benchmarks/latency.py``);
* **SearchBot**: decisions per second at its defaults (20 sampled deals per decision).

Times are CPU times of the worker process; each figure is the median over ``--repeat`` runs.

Usage: ``python benchmarks/builds.py [--quick] [--pure PYTHON] [--compiled PYTHON]``. By
default the interpreters are ``.venv/bin/python`` (the editable, pure install) and
``.venv-compiled/bin/python`` (a compiled wheel, as ``.ci/run`` builds it); one that is
missing or holds the other build is reported as missing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def worker(quick: bool, repeat: int) -> dict[str, Any]:
    """This interpreter's figures, and OpenSpiel's timed alongside them."""
    sys.path.insert(0, str(HERE))
    from environment import interleaved
    from playout import openspiel_deals, play_deals
    from search import openspiel_playouts, openspiel_positions, positions

    import hearts

    clock = time.process_time
    deals = 30 if quick else 1000
    rules = hearts.Rules()
    seeds = iter(range(1, 10**9, deals))

    def playout_api(seed: int) -> None:
        rng = random.Random(seed)
        for number in range(deals):
            hearts.playout(hearts.new_game(rules, seed=seed + number), rng)

    count, per_position = (5, 10) if quick else (100, 200)
    starts = positions(count, 1)

    def search() -> None:
        rng = random.Random(1)
        for start in starts:
            for _ in range(per_position):
                hearts.playout(start, rng)

    one_hand = hearts.Rules(hands=1, target=None)
    bots = [hearts.RandomBot()] * 4

    def games(seed: int) -> None:
        for number in range(deals):
            hearts.play_game(one_hand, bots, seed + number, bot_seed=number)

    os_starts = openspiel_positions(starts)
    works: list[Callable[[], object]] = [
        lambda: play_deals(rules, deals, next(seeds)),
        lambda: playout_api(next(seeds)),
        search,
        lambda: games(next(seeds)),
    ]
    if os_starts is not None:
        works += [
            lambda: openspiel_deals(deals, next(seeds)),
            lambda: openspiel_playouts(os_starts, per_position, 1),
        ]
    runs = interleaved(works, repeat, clock)
    seconds = [statistics.median(run[column] for run in runs) for column in range(len(works))]
    figures = {
        "deal_loop_us": seconds[0] / deals * 1e6,
        "deal_playout_us": seconds[1] / deals * 1e6,
        "search_us": seconds[2] / (count * per_position) * 1e6,
        "bot_game_us": seconds[3] / deals * 1e6,
        "bot_game_per_loop": statistics.median(run[3] / run[0] for run in runs),
    }
    if os_starts is not None:
        figures["os_deal_us"] = seconds[4] / deals * 1e6
        figures["os_search_us"] = seconds[5] / (count * per_position) * 1e6

    # legal_moves in the play phase: one call at a time, the timer's own cost taken off.
    rng = random.Random(2)
    plays = []
    for number in range(20 if quick else 200):
        state = hearts.new_game(rules, seed=number)
        while not state.results:
            moves = hearts.legal_moves(state)
            if state.phase is hearts.Phase.PLAY:
                plays.append(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    timer = time.perf_counter_ns
    overhead = statistics.median(-(timer() - timer()) for _ in range(1000))
    legal_moves = hearts.legal_moves
    calls = []
    for _ in range(3):
        for state in plays:
            start = timer()
            legal_moves(state)
            calls.append((timer() - start - overhead) / 1e3)
    figures["legal_moves_us"] = statistics.median(calls)

    # SearchBot at its defaults, on the play decisions of a few seeded games.
    bot = hearts.SearchBot()
    views = [hearts.view(state, state.to_move[0]) for state in plays[:: 10 if quick else 25]]
    views = [view for view in views if len(hearts.legal_moves(view)) > 1][: 5 if quick else 60]
    start_time = clock()
    for view in views:
        bot.choose(view, random.Random(3))
    figures["searchbot_per_s"] = len(views) / (clock() - start_time)
    return {"compiled": hearts.compiled, "python": sys.version.split()[0], "figures": figures}


def run_worker(python: str, quick: bool, repeat: int) -> dict[str, Any] | None:
    """The figures of a worker run by ``python``, or None when it cannot run."""
    if not Path(python).exists():
        return None
    command = [python, __file__, "--worker", "--repeat", str(repeat)] + (["--quick"] * quick)
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    if done.returncode != 0:
        print(f"{python} failed:\n{done.stderr}", file=sys.stderr)
        sys.exit(1)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small workloads, to check it runs")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (5)")
    parser.add_argument("--pure", default=str(ROOT / ".venv/bin/python"))
    parser.add_argument("--compiled", default=str(ROOT / ".venv-compiled/bin/python"))
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    repeat = 1 if arguments.quick else arguments.repeat
    if arguments.worker:
        print(json.dumps(worker(arguments.quick, repeat)))
        return
    sys.path.insert(0, str(HERE))
    from environment import environment, table

    print(table(("", "value"), environment(), left=2))
    builds: dict[str, dict[str, float] | None] = {}
    for name, python in (("pure", arguments.pure), ("compiled", arguments.compiled)):
        result = run_worker(python, arguments.quick, repeat)
        if result is not None and result["compiled"] != (name == "compiled"):
            print(f"{python} runs the {'compiled' if result['compiled'] else 'pure'} build, "
                  f"not the {name} one: left out.", file=sys.stderr)  # fmt: skip
            result = None
        builds[name] = None if result is None else result["figures"]
    print()
    print(f"Each figure is the median of {repeat} runs, CPU time; ratios are OpenSpiel's time "
          "over ours (higher is faster), OpenSpiel timed in the same process.")  # fmt: skip
    print()
    rows = [
        ("random playouts, legal_moves/apply loop", "deal_loop_us", "os_deal_us", "µs/deal"),
        ("random playouts, hearts.playout", "deal_playout_us", "os_deal_us", "µs/deal"),
        ("search: playout from a position", "search_us", "os_search_us", "µs/playout"),
        ("a hand between 4 RandomBots, play_game", "bot_game_us", "os_deal_us", "µs/deal"),
        ("  the same, over the loop's time", "bot_game_per_loop", None, "x"),
        ("legal_moves, play phase (median)", "legal_moves_us", None, "µs/call"),
        ("SearchBot decisions (defaults)", "searchbot_per_s", None, "per s"),
    ]
    printed = []
    for label, key, reference, unit in rows:
        cells: list[str] = [label, unit]
        for name in ("pure", "compiled"):
            figures = builds[name]
            if figures is None:
                cells += ["missing", "-"]
                continue
            cells.append(f"{figures[key]:,.2f}" if figures[key] < 10 else f"{figures[key]:,.0f}")
            ratio = "-"
            if reference is not None and reference in figures:
                ratio = f"{figures[reference] / figures[key]:.2f}x"
            cells.append(ratio)
        printed.append(cells)
    headers = ("workload", "unit", "pure", "vs OpenSpiel", "compiled", "vs OpenSpiel")
    print(table(headers, printed))
    for name in ("pure", "compiled"):
        figures = builds[name]
        if figures is not None and "os_deal_us" in figures:
            print(f"OpenSpiel in the {name} worker: {figures['os_deal_us']:.0f} µs/deal, "
                  f"{figures['os_search_us']:.0f} µs/playout (cloned).")  # fmt: skip


if __name__ == "__main__":
    main()
