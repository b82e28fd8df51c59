"""``hearts simulate``: many games between bots, kept in a results file if asked, summed up.

The games are those of :class:`hearts.Tournament` with ``rotate=False``, played here or in
worker processes (:mod:`hearts.cli._workers`); the summary is added up game by game.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import signal
import sys
from concurrent.futures import BrokenExecutor
from pathlib import Path

import attrs

from hearts.bots.progress import Progress
from hearts.bots.reference import GameResult
from hearts.bots.results import results_run
from hearts.bots.tournament import Tournament
from hearts.cli._game import add_game_options, deal_seed, game_from, isolated
from hearts.cli._input import UsageError, whole
from hearts.cli._text import plural, title
from hearts.cli._workers import Terminated, terminating, worker_pool

__all__ = ["add_arguments", "simulate_command"]


def _kept(path: str) -> str:
    """``1,234 games are kept in results.jsonl``: what a stopped run leaves to resume."""
    try:
        with open(path, "rb") as file:
            games = max(sum(1 for line in file if line.endswith(b"\n")) - 1, 0)
    except OSError:
        games = 0
    return f"{plural(games, 'game')} {'is' if games == 1 else 'are'} kept in {path}"


def _holds_a_run(path: str) -> bool:
    """Whether ``path`` is a file that something has been written to."""
    try:
        return Path(path).is_file() and Path(path).stat().st_size > 0
    except OSError:
        return False


class _StoppedError(Exception):
    """The run stopped before its end; ``status`` is the command's exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


@attrs.define
class _Summary:
    """What ``hearts simulate`` reports, added up game by game (memory stays flat)."""

    wins: list[int]
    points: list[int]
    shared: int = 0
    hands: int = 0
    moons: int = 0
    suns: int = 0

    def add(self, game: GameResult) -> None:
        for seat in game.winners:
            self.wins[seat] += 1
        for seat, change in enumerate(game.changes):
            self.points[seat] += change
        self.shared += len(game.winners) > 1
        self.hands += game.hands
        self.moons += game.moons
        self.suns += game.suns


def _simulate_games(arguments: argparse.Namespace, plan: Tournament, summary: _Summary) -> None:
    """Play ``plan``'s games (in worker processes with ``--workers``) into ``summary``."""
    out, workers = arguments.out, min(arguments.workers, plan.games)
    progress = Progress(sys.stderr, label="hearts simulate")
    pool = worker_pool(workers) if workers > 1 else contextlib.nullcontext(None)
    try:
        with terminating(), pool as executor:
            for game in plan.play(executor, out=out, resume=arguments.resume, progress=progress):
                summary.add(game)
    except BrokenExecutor:
        kept = (
            f"{_kept(out)}: run again with --resume to go on"
            if out
            else "nothing is kept (--out FILE keeps each game as it finishes)"
        )
        raise _StoppedError(
            f"a worker process stopped before its games were done; {kept}."
        ) from None
    except OSError as error:
        if out is None:
            raise
        raise _StoppedError(
            f"the run stopped: {error.strerror or error} ({out}); {_kept(out)}: run again "
            "with --resume to go on."
        ) from None
    except (KeyboardInterrupt, Terminated) as stop:
        if out is None:
            raise
        how, number = ("interrupted", signal.SIGINT)
        if isinstance(stop, Terminated):
            how, number = ("terminated", signal.SIGTERM)
        raise _StoppedError(
            f"{how}; {_kept(out)}: run again with --resume to go on.", 128 + number
        ) from None


def simulate_command(arguments: argparse.Namespace) -> int:
    """``hearts simulate``: the run played (or resumed), and its summary as text or JSON."""
    if arguments.resume and arguments.out is None:
        raise UsageError("--resume needs --out FILE: the results file of the run to go on with.")
    if not arguments.resume and arguments.out is not None and _holds_a_run(arguments.out):
        raise UsageError(
            f"--out: {arguments.out} already holds a run's results: add --resume to go on "
            "with it, or give another file."
        )
    # What the run's file pins and this command does not give is read back from the file;
    # what is given and differs is refused by Tournament.play.
    kept = results_run(arguments.out) if arguments.resume else None
    rules, preset, label, bots, seated = game_from(arguments, kept)
    games, seed, bot_seed = arguments.games, arguments.seed, arguments.bot_seed
    if kept is not None:
        seed = kept.seed if seed is None else seed
        bot_seed = kept.bot_seed if bot_seed is None else bot_seed
    if seed is None:
        seed = deal_seed(arguments)
    drawn = bot_seed is None
    if bot_seed is None:
        bot_seed = secrets.randbits(63)
    plan = Tournament(
        rules, isolated(seated, arguments.isolate), games, seed, bot_seed=bot_seed, rotate=False
    )
    summary = _Summary([0] * rules.players, [0] * rules.players)
    try:
        _simulate_games(arguments, plan, summary)
    except _StoppedError as stopped:
        print(f"hearts: {stopped}", file=sys.stderr)
        return stopped.status
    wins, shared, hands = summary.wins, summary.shared, summary.hands
    moons, suns = summary.moons, summary.suns
    mean_points = [total / hands for total in summary.points]
    if arguments.json:
        report = {
            "games": games,
            "rules": {"preset": preset, "fingerprint": rules.fingerprint},
            "seed": seed,
            "bot_seed": bot_seed,
            "bots": list(bots),
            "wins": wins,
            "shared_wins": shared,
            "mean_points_per_hand": mean_points,
            "hands": hands,
            "mean_hands_per_game": hands / games,
            "moons": moons,
            "suns": suns,
        }
        print(json.dumps(report, indent=2))
        return 0
    what = title(rules, label, seed, bot_seed, drawn)
    print(f"Simulated {plural(games, 'game')} of {what}")
    print()
    wide = max(12, *(len(bot) + 2 for bot in bots))  # a bot of your own: mybots:LowBot
    print(f"{'Seat':<6}{'Bot':<{wide}}{'Wins':>8}{'Win %':>8}{'Points per hand':>18}")
    for seat, (bot, won, mean) in enumerate(zip(bots, wins, mean_points, strict=True)):
        print(f"{'P' + str(seat):<6}{bot:<{wide}}{won:>8,}{100 * won / games:>7.1f}%{mean:>18.2f}")
    print()
    print(f"Shared wins: {plural(shared, 'game')}")
    print(f"Hands: {hands:,} ({hands / games:.2f} per game); moons: {moons:,}; suns: {suns:,}")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``hearts simulate``: ``--games``, the game's, and the run's."""
    parser.add_argument(
        "--games", type=whole(1), required=True, metavar="N", help="number of games"
    )
    add_game_options(parser)
    parser.add_argument(
        "--workers", type=whole(1), default=1, metavar="W", help="worker processes (default: 1)"
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="append each finished game's result to FILE as a JSON line (after a header "
        "line that pins the run)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go on with the run that --out FILE holds: its games are read back, not played "
        "again, and the summary is that of the whole run",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
