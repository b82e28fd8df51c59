"""Duplicate matches against xinxin: points per hand with 95% intervals, CPU time per decision.

Two xinxins (seats 0 and 2) play two of the opponent (seats 1 and 3) on each deal, then the
deal is played again with the seats turned by one, so each side holds every hand once.
The hands are single hands of the standard rules (``hearts.Rules()``), the pass direction
going left, right, across, hold with the deal's number, the scores 0. A deal's result is
xinxin's mean points per hand less the opponent's (the moon counted as the rules score
it; lower is better, so a positive difference favours the opponent); the interval is 1.96
standard errors over deals. ``--check N`` plays N whole games with xinxin at every seat
instead and reports how many of its moves the engine accepted.

    python benchmarks/xinxin/match.py --xinxin ~/src/hearts --opponent search --deals 500
    python benchmarks/xinxin/match.py --xinxin ~/src/hearts --check 200 --setting tiny

Opponents: ``rule`` (RuleBot), ``search`` (SearchBot(), 20 deals per move), ``search-time``
and ``ismcts`` (SearchBot and ISMCTSBot at xinxin's CPU time per play: the deals or
iterations of ``--budget``, else as many as take that time, measured first on four
hands in each worker), ``ppo`` (the policy that examples/train_batch.py trains, its
weights read from ``--policy``, which ``--train-policy`` writes), ``endgame``
(SearchBot at xinxin's time solving the last 3 tricks). Settings: ``cheap`` (1,000
simulations over 20 worlds), ``default`` (10,000 over 30, the playout's epsilon 0.1:
xinxin's main.cpp player 0), ``tiny`` (100 over 5, for checks).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import compile_bridge  # noqa: E402
import xinxin  # noqa: E402

import hearts  # noqa: E402

SETTINGS = {
    # simulations, worlds, the playout's epsilon (-1: xinxin's default, as main.cpp leaves it)
    "cheap": (1_000, 20, -1.0),
    "default": (10_000, 30, 0.1),
    "tiny": (100, 5, -1.0),
}


@dataclass
class Timed:
    """A bot whose decisions' CPU time is added up (``seconds``, ``decisions``)."""

    bot: Any
    seconds: float = 0.0
    decisions: int = 0
    play_seconds: float = 0.0
    plays: int = 0

    @property
    def name(self) -> str:
        return str(self.bot.name)

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        start = time.process_time()
        move = self.bot.choose(view, rng)
        spent = time.process_time() - start
        self.seconds += spent
        self.decisions += 1
        if view.phase is hearts.Phase.PLAY:
            self.play_seconds += spent
            self.plays += 1
        return move  # type: ignore[no-any-return]


def policy_bot(path: Path) -> Any:
    """The training example's PolicyBot with the weights saved at ``path``."""
    import numpy as np

    sys.path.insert(0, str(HERE.parent.parent / "examples"))
    import train_batch

    with np.load(path) as saved:
        return train_batch.PolicyBot({name: saved[name] for name in saved.files})


def opponent(name: str, budget: int, policy: Path | None) -> Any:
    """The opponent bot called ``name``; ``budget`` is the deals or iterations of the timed ones."""
    factories: dict[str, Callable[[], Any]] = {
        "rule": hearts.RuleBot,
        "search": hearts.SearchBot,
        "search-time": lambda: hearts.SearchBot(samples=budget, name="search-time"),
        "ismcts": lambda: hearts.ISMCTSBot(iterations=budget),
        "endgame": lambda: hearts.SearchBot(samples=budget, endgame=3, name="endgame"),
        "ppo": lambda: policy_bot(policy) if policy else _no_policy(),
    }
    return factories[name]()


# The timed opponents, the budget they are calibrated at, and the budget's unit.
TIMED = {"search-time": (20, "deals"), "ismcts": (200, "iterations"), "endgame": (20, "deals")}


def _no_policy() -> Any:
    raise SystemExit("--opponent ppo needs --policy PATH (write one with --train-policy PATH).")


_PLAYERS: dict[tuple[str, str], xinxin.Xinxin] = {}


def xinxin_player(library: str, setting: str) -> xinxin.Xinxin:
    """One bridge per process and setting (the library loaded once)."""
    key = (library, setting)
    if key not in _PLAYERS:
        simulations, worlds, epsilon = SETTINGS[setting]
        _PLAYERS[key] = xinxin.Xinxin(xinxin.load(library), simulations, worlds, epsilon=epsilon)
    return _PLAYERS[key]


def play_hand(state: hearts.State, bots: Sequence[Any], rng: random.Random) -> tuple[int, ...]:
    """Play the dealt hand ``state`` to its end; the score change of each seat."""
    while state.phase in (hearts.Phase.PASS, hearts.Phase.PLAY):
        for seat in state.to_move:
            state = hearts.apply(state, bots[seat].choose(hearts.view(state, seat), rng))
            if state.phase is not hearts.Phase.PASS:
                break
    return tuple(state.results[-1].changes)


@dataclass(frozen=True)
class Job:
    library: str
    setting: str
    opponent: str
    budget: int
    policy: str | None
    seed: int
    deals: tuple[int, ...]


def run_deals(job: Job) -> dict[str, Any]:
    """Play each deal twice, the seats turned; xinxin's and the opponent's results."""
    player = xinxin_player(job.library, job.setting)
    ours = Timed(xinxin.XinxinBot(player))
    theirs = Timed(opponent(job.opponent, job.budget, Path(job.policy) if job.policy else None))
    differences = []
    points = [0.0, 0.0]
    for deal in job.deals:
        state = hearts.start_hand(hand_number=deal % 4, seed=job.seed + deal)
        state = hearts.apply(state, hearts.legal_moves(state)[0])
        side_points = [0.0, 0.0]
        for turn in range(2):
            bots = [ours, theirs, ours, theirs] if turn == 0 else [theirs, ours, theirs, ours]
            rng = random.Random(f"{job.seed}:{deal}:{turn}")
            changes = play_hand(state, bots, rng)
            for seat, change in enumerate(changes):
                side_points[(seat + turn) % 2] += change
        # Each side held all four hands once: its points per hand are its total over 4.
        differences.append((side_points[0] - side_points[1]) / 4)
        points[0] += side_points[0] / 4
        points[1] += side_points[1] / 4
    return {
        "differences": differences,
        "points": points,
        "xinxin": [
            ours.seconds,
            ours.decisions,
            ours.bot.disagreements,
            ours.play_seconds,
            ours.plays,
        ],
        "opponent": [theirs.seconds, theirs.decisions, 0, theirs.play_seconds, theirs.plays],
    }


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (1.96 standard errors)."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.inf
    half = 1.96 * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def cpu_per_play(bot: Any, seed: int, deals: int) -> float:
    """``bot``'s mean CPU milliseconds per play decision, over ``deals`` hands against three
    RuleBots (the passes of the hands going left, right, across and hold: xinxin's worlds
    cost more to draw once cards were passed)."""
    timed = Timed(bot)
    others = hearts.RuleBot()
    for deal in range(deals):
        state = hearts.start_hand(hand_number=deal % 4, seed=seed + 10_000 + deal)
        state = hearts.apply(state, hearts.legal_moves(state)[0])
        play_hand(state, [timed, others, others, others], random.Random(deal))
    return 1000 * timed.play_seconds / timed.plays


@dataclass(frozen=True)
class Calibration:
    library: str
    setting: str
    opponent: str
    seed: int
    deals: int


def time_both(job: Calibration) -> tuple[float, float]:
    """xinxin's and the opponent's (at its starting budget) CPU milliseconds per play."""
    start, _ = TIMED[job.opponent]
    player = xinxin.XinxinBot(xinxin_player(job.library, job.setting))
    return (
        cpu_per_play(player, job.seed, job.deals),
        cpu_per_play(opponent(job.opponent, start, None), job.seed, job.deals),
    )


def calibrate(pool: ProcessPoolExecutor, workers: int, job: Calibration) -> int:
    """The budget at which the timed opponent takes xinxin's CPU time per play.

    Both are timed on the same hands in each of the match's worker processes at once, so
    under the load of the match itself: on a machine whose cores share caches, xinxin's
    search slows more than the Python bots when both workers run. A budget of deals or
    iterations keeps the ratio where a budget in wall-clock milliseconds would drift with
    the machine's load. The match reports both sides' CPU times per play, to be checked.
    """
    jobs = [Calibration(job.library, job.setting, job.opponent, job.seed + 100 * k, job.deals)
            for k in range(workers)]  # fmt: skip
    times = list(pool.map(time_both, jobs))
    theirs = sum(t[0] for t in times)
    ours = sum(t[1] for t in times)
    return max(1, round(TIMED[job.opponent][0] * theirs / ours))


def check_games(library: str, setting: str, games: int, seed: int) -> int:
    """Whole games with xinxin at every seat: every move goes through hearts.apply."""
    bot = Timed(xinxin.XinxinBot(xinxin_player(library, setting)))
    hands = 0
    for game in range(games):
        result = hearts.play_game(hearts.Rules(), [bot] * 4, seed + game, bot_seed=game)
        hands += result.hands
    print(
        f"{games} games, {hands} hands, {bot.decisions} xinxin decisions, all accepted by "
        f"hearts.apply; xinxin's legal plays differed from hearts' at {bot.bot.disagreements} "
        f"positions; {1000 * bot.seconds / bot.decisions:.2f} ms CPU per decision"
    )
    return 0


def train_policy(path: Path, seed: int) -> None:
    """Train the example's policy (a few minutes on a CPU) and save its weights at ``path``."""
    import numpy as np

    sys.path.insert(0, str(HERE.parent.parent / "examples"))
    import train_batch

    params, run = train_batch.train(train_batch.Config(), seed)
    np.savez(path, **{name: np.asarray(value) for name, value in params.items()})
    print(f"saved the policy to {path}: {json.dumps(run.get('final', {}))}")


def summary(
    parts: list[dict[str, Any]],
    options: argparse.Namespace,
    budget: int | None,
    wall: float,
) -> dict[str, Any]:
    """The match so far: points per hand, the difference and its interval, CPU times."""
    differences = [d for part in parts for d in part["differences"]]
    deals = len(differences)
    ours = [sum(part["xinxin"][i] for part in parts) for i in range(5)]
    theirs = [sum(part["opponent"][i] for part in parts) for i in range(5)]
    return {
        "date": time.strftime("%Y-%m-%d"),
        "setting": options.setting,
        "opponent": options.opponent,
        "budget": budget,
        "seed": options.seed,
        "start": options.start,
        "deals": deals,
        "hands": 2 * deals,
        "xinxin_points": sum(p["points"][0] for p in parts) / deals,
        "opponent_points": sum(p["points"][1] for p in parts) / deals,
        "difference": list(interval(differences)),
        "xinxin_ms": 1000 * ours[0] / max(1, ours[1]),
        "opponent_ms": 1000 * theirs[0] / max(1, theirs[1]),
        "xinxin_play_ms": 1000 * ours[3] / max(1, ours[4]),
        "opponent_play_ms": 1000 * theirs[3] / max(1, theirs[4]),
        "disagreements": ours[2],
        "wall_seconds": wall,
        "compiled": hearts.compiled,
    }


def report(result: dict[str, Any]) -> str:
    """One line of a match's result."""
    name = result["opponent"]
    mean, low, high = result["difference"]
    return (
        f"{name} vs xinxin ({result['setting']}): {result['deals']} deals, "
        f"{result['hands']} hands; points per hand xinxin {result['xinxin_points']:.2f}, "
        f"{name} {result['opponent_points']:.2f}; xinxin - {name} = {mean:+.2f} "
        f"({low:+.2f} to {high:+.2f}); CPU per decision xinxin {result['xinxin_ms']:.1f} ms, "
        f"{name} {result['opponent_ms']:.1f} ms (per play {result['xinxin_play_ms']:.1f}, "
        f"{result['opponent_play_ms']:.1f}); {result['wall_seconds']:.0f} s"
    )


NAMES = {
    "rule": "RuleBot",
    "search": "SearchBot() (20 deals a decision)",
    "search-time": "SearchBot at xinxin's time",
    "ismcts": "ISMCTSBot at xinxin's time",
    "ppo": "PPO policy (examples/train_batch.py)",
    "endgame": "SearchBot(endgame=3) at xinxin's time",
}


def _ms(result: dict[str, Any], name: str) -> str:
    return f"{result[name]:.1f}" if name in result else "–"


def join(first: dict[str, Any], later: dict[str, Any]) -> dict[str, Any]:
    """Two runs of the same match over consecutive deals, as one: the interval is worked
    out again from each run's deals, mean and standard deviation (its half-width / 1.96
    times the square root of its deals)."""
    n1, n2 = first["deals"], later["deals"]
    n = n1 + n2
    m1, m2 = first["difference"][0], later["difference"][0]
    mean = (n1 * m1 + n2 * m2) / n
    squares = sum(
        (k - 1) * ((r["difference"][2] - r["difference"][0]) * math.sqrt(k) / 1.96) ** 2
        for r, k in ((first, n1), (later, n2))
    )
    spread = math.sqrt((squares + n1 * n2 / n * (m1 - m2) ** 2) / (n - 1))
    half = 1.96 * spread / math.sqrt(n)
    joined = dict(later)
    joined.update(
        start=first.get("start", 0),
        deals=n,
        hands=2 * n,
        difference=[mean, mean - half, mean + half],
        date=first["date"]
        if first["date"] == later["date"]
        else f"{first['date']}, {later['date']}",
    )
    for name in ("xinxin_points", "opponent_points", "xinxin_ms", "opponent_ms",
                 "xinxin_play_ms", "opponent_play_ms"):  # fmt: skip
        if name in first and name in later:
            joined[name] = (n1 * first[name] + n2 * later[name]) / n
        else:
            joined.pop(name, None)
    return joined


def table(path: str) -> str:
    """The Markdown table of the last result of each match in the JSON lines at ``path``
    (a run started with ``--start`` where the match's last run stopped is joined to it)."""
    last: dict[tuple[str, str], dict[str, Any]] = {}
    finished: dict[tuple[str, str], dict[str, Any]] = {}  # what a --start run continues
    for line in Path(path).read_text().splitlines():
        result = json.loads(line)
        key = (result["setting"], result["opponent"])
        before = finished.get(key)
        if (
            result.get("start", 0) > 0
            and before is not None
            and before.get("start", 0) + before["deals"] == result["start"]
            and (before.get("budget"), before["seed"]) == (result.get("budget"), result["seed"])
        ):
            result = join(before, result)
        if result.get("final"):
            finished[key] = result
        last[key] = result
    rows = [
        "| xinxin | opponent | date | hands | xinxin pts/hand | opponent pts/hand "
        "| xinxin − opponent (95% CI) | CPU ms per play, xinxin and opponent "
        "| CPU ms per decision |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (setting, name), r in sorted(last.items(), key=lambda item: (
            list(SETTINGS).index(item[0][0]), list(NAMES).index(item[0][1]))):  # fmt: skip
        simulations, worlds, _ = SETTINGS[setting]
        mean, low, high = r["difference"]
        budget = f" ({r['budget']} {TIMED[name][1]})" if r.get("budget") else ""
        rows.append(
            f"| {setting} ({simulations:,}/{worlds}) | {NAMES[name]}{budget} | {r['date']} "
            f"| {r['hands']:,} | {r['xinxin_points']:.2f} | {r['opponent_points']:.2f} "
            f"| {mean:+.2f} ({low:+.2f} to {high:+.2f}) "
            f"| {_ms(r, 'xinxin_play_ms')}, {_ms(r, 'opponent_play_ms')} "
            f"| {r['xinxin_ms']:.1f}, {r['opponent_ms']:.1f} |"
        )
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xinxin", help="the xinxin source tree (default: $XINXIN_SRC)")
    parser.add_argument("--opponent", default="rule", choices=(
        "rule", "search", "search-time", "ismcts", "ppo", "endgame"))  # fmt: skip
    parser.add_argument("--setting", default="cheap", choices=tuple(SETTINGS))
    parser.add_argument("--deals", type=int, default=500, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--start",
        type=int,
        default=0,
        help="the first deal's number: a later run from where an earlier one stopped, "
        "which --table joins to it",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--budget", type=int, help="the timed opponent's deals or iterations (default: calibrated)"
    )
    parser.add_argument("--policy", help="the PPO policy's weights (.npz)")
    parser.add_argument("--train-policy", help="train the PPO policy and save it here")
    parser.add_argument(
        "--check", type=int, help="play this many whole games, xinxin at every seat"
    )
    parser.add_argument("--out", help="append the result as a JSON line to this file")
    parser.add_argument("--round", type=int, default=100, help="deals between reports")
    parser.add_argument(
        "--until-separated",
        action="store_true",
        help="stop after a round once the interval excludes 0 (and --min-hands are played)",
    )
    parser.add_argument("--min-hands", type=int, default=0)
    parser.add_argument("--table", help="print the table of the results saved with --out")
    options = parser.parse_args(argv)
    if options.table:
        print(table(options.table))
        return 0
    if options.train_policy:
        train_policy(Path(options.train_policy), options.seed)
        return 0
    try:
        library = str(compile_bridge.build(options.xinxin))
    except compile_bridge.BuildError as error:
        print(error, file=sys.stderr)
        return 2
    if options.check:
        return check_games(library, options.setting, options.check, options.seed)
    start = time.perf_counter()
    parts: list[dict[str, Any]] = []
    done = 0
    with ProcessPoolExecutor(options.workers) as pool:
        budget = options.budget
        if budget is None and options.opponent in TIMED:
            job = Calibration(library, options.setting, options.opponent, options.seed, 4)
            budget = calibrate(pool, options.workers, job)
            print(f"{options.opponent} at xinxin's time: {budget} {TIMED[options.opponent][1]}")
        while done < options.deals:
            size = min(options.round, options.deals - done)
            jobs = [
                Job(library, options.setting, options.opponent, budget or 0,
                    options.policy, options.seed,
                    tuple(range(options.start + done + k, options.start + done + size, options.workers)))
                for k in range(min(options.workers, size))
            ]  # fmt: skip
            parts += pool.map(run_deals, jobs)
            done += size
            result = summary(parts, options, budget, time.perf_counter() - start)
            low, high = result["difference"][1:]
            separated = low > 0 or high < 0
            stop = options.until_separated and separated and 2 * done >= options.min_hands
            if options.out:
                with open(options.out, "a") as out:
                    final = stop or done >= options.deals
                    out.write(json.dumps({**result, "final": final}) + "\n")
            print(report(result), flush=True)
            if stop:
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
