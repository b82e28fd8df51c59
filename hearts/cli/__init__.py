"""The command line: ``python -m hearts`` (or the installed ``hearts`` script).

* ``hearts play`` — the default command — plays one seeded game between built-in bots and
  prints a transcript, hand by hand, and the final scores.
* ``hearts simulate --games N`` plays many games, in worker processes if asked, and prints
  a summary (or JSON).
* ``hearts replay FILE`` and ``hearts validate FILE`` check a game record; ``replay`` also
  prints its transcript.
* ``hearts show RECORD`` prints a record's game at one moment as a table (``--hand N``,
  ``--trick K``, a seat's view with ``--seat S``), or draws it as SVG (``--svg FILE``).
* ``hearts rules [NAME|FILE]`` lists the presets, or prints one as JSON.

Exit status: 0 on success, 1 for a record that is not valid or a simulation that stopped
early (a worker process died, its results file could not be written), 2 for bad arguments
or input (an unknown preset or bot, a file that cannot be read or is not JSON, bad
numbers), each reported in one line on stderr; 130 after Ctrl-C, 141 when the reader of
the output goes away (``hearts play | head``), 143 after SIGTERM. A simulation stopped
with ``--out`` says how many games its file keeps for ``--resume``.

>>> main(["play", "--seed", "3", "--target", "20", "--bot-seed", "3"])  # doctest: +ELLIPSIS
Hearts: 4 players, game to 20, seed 3, bot seed 3, random players
<BLANKLINE>
Hand 1: pass left, P0 deals
...
Final scores: ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import BrokenExecutor
from pathlib import Path
from typing import Final

import attrs

from hearts import __version__, compiled
from hearts.bots.isolation import Isolated
from hearts.bots.reference import Bot, GameResult
from hearts.bots.reference import play_game as play_bots
from hearts.bots.simulation import Progress, ResultsRun, Tournament, results_run, tournament_seed
from hearts.cli._bots import BOTS as BUILT_IN_BOTS
from hearts.cli._bots import ENTRY_POINT_GROUP, seat_bots, spec_of
from hearts.cli._input import (
    Parser,
    UsageError,
    cannot,
    printable,
    read_json,
    read_text,
    rules_from,
    whole,
)
from hearts.cli._show import add_arguments as _show_arguments
from hearts.cli._show import show as _show
from hearts.cli._workers import Terminated, terminating, worker_pool
from hearts.errors import HeartsError
from hearts.game.moves import Move
from hearts.game.rules import MAX_NUMBER, MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules
from hearts.game.state import State
from hearts.records import GameRecord, RecordError, Replay, dumps, format_hand, loads, replay

__all__ = ["BOTS", "game_seed", "main", "play_game", "play_random_game"]

BOTS: Final = BUILT_IN_BOTS
"""The bots the command line knows, by name (``--bots``): :class:`~hearts.RandomBot`,
:class:`~hearts.RuleBot` and :class:`~hearts.SearchBot` (20 deals per decision). A new bot
is one more entry: any :class:`~hearts.Bot`. ``hearts simulate --workers`` sends the bots
themselves to its worker processes, so there a bot must be picklable, an instance of a
class that the workers can import (defined at the top level of a module). A bot of your
own needs no entry: ``--bots module:Class`` names it, and an installed package can name
its bots in the entry point group ``hearts.bots``."""


def play_game(
    rules: Rules,
    seed: int,
    bots: Sequence[str] = ("random",),
    bot_seed: int | None = None,
    *,
    isolate: bool = False,
) -> tuple[State, GameRecord]:
    """Play one whole game between the named bots; return its last state and its record.

    The deals come from ``seed`` (:func:`hearts.new_game`) and the bots' random choices
    from ``bot_seed`` (:func:`hearts.play_game`), drawn from the operating system when
    not given, never from ``seed``: a bot could work a seed out from its generator and
    read the deals. ``bots`` names one bot for every seat, or one per seat: a name of
    :data:`BOTS`, an installed bot's name, or ``module:Class``. The record's metadata
    gives each seat's bot as the player's name, and the bots' seed, which replays the
    game with the same ``seed``. With ``isolate``, each seat's bot
    plays in a process of its own (:class:`hearts.Isolated`), the same game.

    >>> import hearts
    >>> state, record = play_game(hearts.Rules(target=30), seed=1, bot_seed=2)
    >>> state.is_over, hearts.replay(record).final == state, record.metadata["players"][0]
    (True, True, 'random')
    >>> record.metadata["bot_seed"], play_game(hearts.Rules(target=30), 1, bot_seed=2)[0] == state
    (2, True)
    """
    names, seated = seat_bots(bots, rules.players)
    if bot_seed is None:  # 63 bits: too many to try, few enough digits to show and type
        bot_seed = secrets.randbits(63)
    return _played(rules, seed, names, seated, bot_seed, isolate)


def _played(
    rules: Rules,
    seed: int,
    names: Sequence[str],
    bots: Sequence[Bot],
    bot_seed: int,
    isolate: bool,
) -> tuple[State, GameRecord]:
    """:func:`play_game` with each seat's bot made, and the bots' seed drawn."""
    game = play_bots(rules, _isolated(bots, isolate), seed, keep_moves=True, bot_seed=bot_seed)
    metadata = {"players": list(names), "bot_seed": game.bot_seed}
    record = GameRecord(rules, game.moves, seed=seed, metadata=metadata)
    return replay(record).final, record


def _isolated(bots: Sequence[Bot], isolate: bool) -> list[Bot]:
    """The bots, each in a process of its own with ``isolate``."""
    return [Isolated(bot) if isolate else bot for bot in bots]


def play_random_game(rules: Rules, seed: int) -> State:
    """Play a whole game in which every seat picks uniformly among its legal moves.

    The deals and the players' choices both follow from ``seed`` (random players cannot
    make use of the deal); this is ``play_game(rules, seed, bot_seed=seed)[0]``.

    >>> state = play_random_game(Rules(target=30), seed=1)
    >>> state.is_over, max(state.scores) >= 30
    (True, True)
    """
    return play_game(rules, seed, bot_seed=seed)[0]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of ``hearts simulate --seed SEED``: :func:`hearts.tournament_seed`.

    It depends only on the base seed and the game's index, so a simulation gives the same
    results whatever the number of workers, and ``hearts play --seed`` with this seed
    deals that one game again.

    >>> import hearts
    >>> game_seed(1, 0) == hearts.tournament_seed(1, 0) != game_seed(1, 1)
    True
    """
    return tournament_seed(seed, index)


# --- text ------------------------------------------------------------------------------------


def _per_seat(values: Iterable[object]) -> str:
    return ", ".join(f"P{seat} {value}" for seat, value in enumerate(values))


def _seats(seats: Iterable[int]) -> str:
    return " and ".join(f"P{seat}" for seat in seats)


def _plural(number: int, noun: str) -> str:
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def _describe(rules: Rules) -> str:
    """``4 players, game to 100``: the table and how the game ends."""
    ends = []
    if rules.chips is not None:
        ends.append(f"chips ({rules.chips} each)")
    if rules.target is not None:
        ends.append(f"game to {rules.target}")
    if rules.hands is not None:
        ends.append(_plural(rules.hands, "deal"))
    return f"{rules.players} players, {' or '.join(ends)}"


def _title(rules: Rules, label: str, seed: int, bot_seed: int, drawn: bool) -> str:
    """``Hearts (label): 4 players, game to 100, seed 1, bot seed 7``: what is played.

    A bot seed ``drawn`` from the operating system (no ``--bot-seed``) is said to be, with
    the option that plays the same again.
    """
    named = f" ({label})" if label else ""
    how = f" (drawn: add --bot-seed {bot_seed} to repeat)" if drawn else ""
    return f"Hearts{named}: {_describe(rules)}, seed {seed}, bot seed {bot_seed}{how}"


def _print_game(rules: Rules, state: State, current: Sequence[Move] = (), start: int = 0) -> None:
    """Every finished hand, the moves of an unfinished one (from index ``start``), the scores."""
    for result in state.results:
        print()
        print(format_hand(result, rules))
    if current:
        print()
        print(f"Hand {state.hand_number + 1}, unfinished:")
        for index, move in enumerate(current, start=start):
            print(f"  {index:4}  {move}")
    print()
    if state.is_over:
        print(f"Final scores: {_per_seat(state.scores)}")
        print(f"Winner{'s' if len(state.winners) > 1 else ''}: {_seats(state.winners)}")
    else:
        print(f"Scores so far: {_per_seat(state.scores)}")


# --- commands --------------------------------------------------------------------------------


def _game(
    arguments: argparse.Namespace, kept: ResultsRun | None = None
) -> tuple[Rules, str | None, str, tuple[str, ...], list[Bot]]:
    """The rules, preset and label (:func:`rules_from`); each seat's ``--bots`` and bot.

    Where a resumed run's file ``kept`` pins what was not given, that is taken instead.
    """
    if kept is not None and all(
        getattr(arguments, name) is None for name in ("rules", "players", "target")
    ):
        rules, preset, label = kept.rules, None, ""  # the standard game, as with no --rules
        if rules != Rules():
            preset = next((name for name, entry in PRESETS.items() if entry.rules == rules), None)
            label = preset or "the rules kept in the file"
    else:
        rules, preset, label = rules_from(arguments)
    specs = arguments.bots
    if specs is None and kept is not None:
        specs = []
        for name in kept.bots:
            spec = spec_of(name)
            if spec is None:
                raise UsageError(
                    f"--resume: the run in {arguments.out} was played by the bots "
                    f"{', '.join(dict.fromkeys(kept.bots))}, and {name!r} is not one this "
                    "command made: give --bots as the run was started."
                )
            specs.append(spec)
    try:
        names, bots = seat_bots(specs or ["random"], rules.players)
    except HeartsError as error:
        message = str(error)
        raise UsageError(f"--bots: {message[:1].lower()}{message[1:]}") from None
    return rules, preset, label, names, bots


def _deal_seed(arguments: argparse.Namespace) -> int:
    """``--seed``; by default 1, or with ``--isolate`` a fresh one from the operating system.

    A bot that knew the deals' seed could deal every hand itself: bots you isolate must not.
    """
    if arguments.seed is not None:
        return int(arguments.seed)
    if arguments.isolate:
        return secrets.randbits(63)
    return 1


def _play(arguments: argparse.Namespace) -> int:
    rules, preset, label, bots, seated = _game(arguments)
    seed, bot_seed = _deal_seed(arguments), arguments.bot_seed
    drawn = bot_seed is None
    if bot_seed is None:  # as play_game would draw it, but shown as drawn
        bot_seed = secrets.randbits(63)
    state, record = _played(rules, seed, bots, seated, bot_seed, arguments.isolate)
    if arguments.record is not None:
        text = dumps(attrs.evolve(record, preset=preset), indent=2) + "\n"
        try:
            Path(arguments.record).write_text(text, encoding="utf-8")
        except OSError as error:
            raise cannot("write", arguments.record, error) from None
    bot_names = f"{bots[0]} players" if len(set(bots)) == 1 else f"bots {_per_seat(bots)}"
    print(f"{_title(rules, label, seed, bot_seed, drawn)}, {bot_names}")
    _print_game(rules, state)
    return 0


def _kept(path: str) -> str:
    """``1,234 games are kept in results.jsonl``: what a stopped run leaves to resume."""
    try:
        with open(path, "rb") as file:
            games = max(sum(1 for line in file if line.endswith(b"\n")) - 1, 0)
    except OSError:
        games = 0
    return f"{_plural(games, 'game')} {'is' if games == 1 else 'are'} kept in {path}"


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


def _simulate(arguments: argparse.Namespace) -> int:
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
    rules, preset, label, bots, seated = _game(arguments, kept)
    games, seed, bot_seed = arguments.games, arguments.seed, arguments.bot_seed
    if kept is not None:
        seed = kept.seed if seed is None else seed
        bot_seed = kept.bot_seed if bot_seed is None else bot_seed
    if seed is None:
        seed = _deal_seed(arguments)
    drawn = bot_seed is None
    if bot_seed is None:
        bot_seed = secrets.randbits(63)
    plan = Tournament(
        rules, _isolated(seated, arguments.isolate), games, seed, bot_seed=bot_seed, rotate=False
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
    title = _title(rules, label, seed, bot_seed, drawn)
    print(f"Simulated {_plural(games, 'game')} of {title}")
    print()
    wide = max(12, *(len(bot) + 2 for bot in bots))  # a bot of your own: mybots:LowBot
    print(f"{'Seat':<6}{'Bot':<{wide}}{'Wins':>8}{'Win %':>8}{'Points per hand':>18}")
    for seat, (bot, won, mean) in enumerate(zip(bots, wins, mean_points, strict=True)):
        print(f"{'P' + str(seat):<6}{bot:<{wide}}{won:>8,}{100 * won / games:>7.1f}%{mean:>18.2f}")
    print()
    print(f"Shared wins: {_plural(shared, 'game')}")
    print(f"Hands: {hands:,} ({hands / games:.2f} per game); moons: {moons:,}; suns: {suns:,}")
    return 0


# --- replay, validate and rules --------------------------------------------------------------


def _print_record(done: Replay) -> None:
    """``hearts replay``: the record's rules, seed and players, then its game so far."""
    record, state = done.record, done.final
    rules = record.rules
    named = f" ({record.preset})" if record.preset else ""
    fingerprint = rules.fingerprint[:12]
    print(f"Record of Hearts{named}: {_describe(rules)}; rules fingerprint {fingerprint}")
    details = [f"Seed {record.seed}" if record.seed is not None else "No seed"]
    for key in ("table", "date"):
        if isinstance(value := record.metadata.get(key), str):
            details.append(f"{key} {printable(value)}")
    print("; ".join(details))
    names = record.metadata.get("players")
    if isinstance(names, (list, tuple)) and names:
        print(f"Players: {_per_seat(printable(str(name)) for name in names)}")
    # The moves since the last finished hand, and the index of the first of them.
    start = next(i for i, s in enumerate(done.states) if len(s.results) == len(state.results))
    _print_game(rules, state, record.moves[start : len(done.states) - 1], start)


def _summary(done: Replay) -> str:
    state = done.final
    moves = _plural(len(done.states) - 1, "move")
    hands = _plural(len(state.results), "finished hand")
    if state.is_over:
        end = f"game over, won by {_seats(state.winners)}"
    else:
        end = f"unfinished, hand {state.hand_number + 1} in the {state.phase.value} phase"
    return f"{moves}, {hands}, {end}"


def _check_record(arguments: argparse.Namespace) -> int:
    """``hearts replay`` and ``hearts validate``.

    A file that cannot be read, is not UTF-8 text or is not JSON is bad input (a
    :class:`UsageError`, exit status 2); JSON that is not a valid record is an invalid
    record (exit status 1), whatever :func:`hearts.loads` raises to say so.
    """
    name = arguments.file

    def invalid(error: Exception) -> int:
        print(f"hearts {arguments.command}: {name}: invalid: {error}", file=sys.stderr)
        return 1

    text = read_text(name)
    read_json(name, text, record=True)
    try:
        record = loads(text)
    except Exception as error:  # RecordError, or any other refusal: one line all the same
        return invalid(error)
    done = replay(record)
    if arguments.command == "replay":
        _print_record(done)
    elif done.ok:
        print(f"{printable(name)}: valid: {_summary(done)}.")
    try:
        done.raise_for_error()
    except RecordError as error:
        return invalid(error)
    return 0


def _rules(arguments: argparse.Namespace) -> int:
    if arguments.name is None:
        if arguments.fingerprint:
            raise UsageError("--fingerprint needs a preset name or a rules file.")
        width = max(len(name) for name in PRESETS) + 2
        for name, preset in PRESETS.items():
            print(f"{name:<{width}}{preset.description}")
        return 0
    arguments.rules = arguments.name
    rules, _, _ = rules_from(arguments, where="rules")
    if arguments.fingerprint:
        print(rules.fingerprint)
    else:
        print(json.dumps(rules.to_dict(), indent=2, ensure_ascii=False))
    return 0


# --- the parser ------------------------------------------------------------------------------

_EXAMPLES = """\
examples:
  hearts                                   one game between random players, seed 1
  hearts play --rules omnibus --seed 7 --record game.json
  hearts replay game.json                  check a record and print its transcript
  hearts validate game.json                check a record: exit status 0 if valid, else 1
  hearts show game.json --hand 2 --trick 5 --seat 1 --svg trick.svg
  hearts simulate --games 1000 --workers 2 --json
  hearts simulate --games 100000 --workers 2 --out results.jsonl [--resume]
  hearts rules                             list the presets
  hearts rules black-maria > rules.json    a preset as JSON, to pin or to edit

exit status: 0 on success, 1 for an invalid record or a simulation stopped early (a
worker died, the --out file could not be written), 2 for bad arguments or input (one
line on stderr); 130 after Ctrl-C, 141 if the output's reader goes away, 143 after
SIGTERM."""


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        metavar="NAME|FILE",
        help="a preset's name, in any case (see 'hearts rules'), or a JSON rules file "
        "(default: standard)",
    )
    parser.add_argument(
        "--bots",
        type=lambda text: text.split(","),
        metavar="BOT[,BOT...]",
        help="one bot for every seat, or one per seat, separated by commas: "
        f"{', '.join(BOTS)}, a bot installed in the entry point group {ENTRY_POINT_GROUP!r}, "
        "or module:Class for a bot class of your own (default: random)",
    )
    parser.add_argument(
        "--seed",
        type=whole(),
        help="seed of the deals (default: 1; with --isolate, drawn from the operating system "
        "and shown, as bots you isolate must not know it)",
    )
    parser.add_argument(
        "--bot-seed",
        type=whole(),
        metavar="SEED",
        help="seed of the bots' random choices (default: drawn from the operating system "
        "and shown, never the --seed, which a bot could work out from its generator)",
    )
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="run each seat's bot in a process of its own, which is sent only the seat's "
        "views: for bots you do not trust (the games are the same)",
    )
    parser.add_argument(
        "--players",
        type=whole(MIN_PLAYERS, MAX_PLAYERS),
        metavar="N",
        help=f"change the number of players, {MIN_PLAYERS} to {MAX_PLAYERS}",
    )
    parser.add_argument(
        "--target",
        type=whole(1, MAX_NUMBER),
        metavar="T",
        help="change the score that ends the game",
    )


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="hearts",
        description="The rules of the card game Hearts, from the command line. With no "
        "command, plays one game as 'hearts play'.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_VERSION)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def command(
        name: str, run: Callable[[argparse.Namespace], int], summary: str, description: str
    ) -> argparse.ArgumentParser:
        added = commands.add_parser(name, help=summary, description=description)
        added.set_defaults(run=run)
        return added

    play = command(
        "play",
        _play,
        "play one seeded game between bots and print its transcript (the default)",
        "Play one seeded game between built-in bots and print a transcript: every hand's "
        "deal, passes and tricks, how it was scored, and the totals.",
    )
    _game_options(play)
    play.add_argument(
        "--record", metavar="FILE", help="also write the game's record (JSON) to FILE"
    )
    simulate = command(
        "simulate",
        _simulate,
        "play many games and print a summary",
        "Play many games between bots and print a summary: wins per seat, mean points per "
        "hand, moons, suns, hands per game. These are the games of hearts.tournament with "
        "the same seeds and rotate=False: game i is dealt from hearts.tournament_seed(SEED, "
        "i) and its bots draw from the bot seed and i, so results are the same whatever the "
        "number of workers. --out keeps each game in a file as it finishes, and --resume "
        "goes on with a run that was stopped. Progress (games done, games/s and the time "
        "left, from the games finished) is shown on stderr: a line redrawn on a terminal, "
        "a line every 10 seconds elsewhere.",
    )
    simulate.add_argument(
        "--games", type=whole(1), required=True, metavar="N", help="number of games"
    )
    _game_options(simulate)
    simulate.add_argument(
        "--workers", type=whole(1), default=1, metavar="W", help="worker processes (default: 1)"
    )
    simulate.add_argument(
        "--out",
        metavar="FILE",
        help="append each finished game's result to FILE as a JSON line (after a header "
        "line that pins the run)",
    )
    simulate.add_argument(
        "--resume",
        action="store_true",
        help="go on with the run that --out FILE holds: its games are read back, not played "
        "again, and the summary is that of the whole run",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    for name, text in (
        ("replay", "check a game record and print its transcript"),
        ("validate", "check a game record (exit status 0 if valid, 1 if not)"),
    ):
        about = f"{text[0].upper()}{text[1:]}. An invalid record is reported on stderr with the "
        about += "index of its first illegal move (record.moves[i]) and the reason."
        command(name, _check_record, text, about).add_argument(
            "file", metavar="FILE", help="the record (JSON); - for standard input"
        )
    show = command(
        "show",
        _show,
        "print a record's game at one moment, or draw it as SVG",
        "Print a game record's game at one moment as a table: by default where the record "
        "ends; with --hand N, how hand N ended (its result); with --trick K, the moment trick "
        "K is about to be led. Hands and tricks count from 1, as printed. --seat shows a "
        "seat's view, and --svg draws the same as an SVG picture. An invalid record is "
        "reported as 'hearts validate' reports it (exit status 1).",
    )
    _show_arguments(show)
    rules = command(
        "rules",
        _rules,
        "list the presets, or print one as JSON",
        "With no argument, list the presets. With a preset's name or a rules file, print the "
        "rules as JSON (every field: what a server pins), or only their fingerprint.",
    )
    rules.add_argument(
        "name", nargs="?", metavar="NAME|FILE", help="a preset (in any case) or a JSON rules file"
    )
    rules.add_argument("--fingerprint", action="store_true", help="print only the fingerprint")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    With no command it plays one game, as ``hearts play``. Errors are reported in one line
    on stderr, never as a traceback: exit status 1 for an invalid record, 2 for bad
    arguments or input, 130 after Ctrl-C, 141 when the reader of the output has gone away
    (``hearts play | head -1``), 143 after SIGTERM.

    >>> main(["rules", "omnibus", "--fingerprint"])
    01487c4ca64b...
    0
    >>> main(["simulate", "--games", "0"])
    2
    """
    words = list(sys.argv[1:] if argv is None else argv)
    demo = not words
    if demo or (words[0].startswith("-") and words[0] not in ("-h", "--help", "--version")):
        words.insert(0, "play")
    try:
        if demo:
            _announce_build()
        status = _run(words)
        # Written here, where a reader that went away is caught, not at the exit.
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (hearts play | head -1): nothing more to say, on stdout or
        # stderr; the status is the shell's for a program stopped by SIGPIPE.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return 128 + 13  # SIGPIPE
    return status


_VERSION: Final = f"hearts {__version__} ({'compiled with mypyc' if compiled else 'pure Python'})"
"""What ``hearts --version`` says, and the demo's first line begins with: which build runs."""


def _announce_build() -> None:
    """The demo's first line: which build of hearts runs; a pure build says so on stderr too.

    A build made with ``HEARTS_COMPILE=auto`` falls back to pure Python where it cannot
    compile, and pip does not show the build's own note: this line does.
    """
    print(f"{_VERSION}: one seeded game; 'hearts --help' lists the commands")
    if not compiled:
        sys.stdout.flush()
        print(
            "hearts: this is the pure-Python build (no compiled core is installed); "
            "installing with HEARTS_COMPILE=auto compiles one where a C compiler is found, "
            "and HEARTS_COMPILE=1 says why it cannot.",
            file=sys.stderr,
        )


def _run(words: list[str]) -> int:
    """Parse ``words`` and run the command; every error is one line on stderr."""
    try:
        arguments = _parser().parse_args(words)
        return int(arguments.run(arguments))
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    except (UsageError, HeartsError) as error:
        print(f"hearts: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hearts: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except Terminated:
        print("hearts: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
