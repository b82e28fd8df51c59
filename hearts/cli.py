"""The command line: ``python -m hearts`` (or the installed ``hearts`` script).

* ``hearts play`` — the default command — plays one seeded game between built-in bots and
  prints a transcript, hand by hand, and the final scores.
* ``hearts simulate --games N`` plays many games, in worker processes if asked, and prints
  a summary (or JSON).
* ``hearts replay FILE`` and ``hearts validate FILE`` check a game record; ``replay`` also
  prints its transcript.
* ``hearts rules [NAME|FILE]`` lists the presets, or prints one as JSON.

Exit status: 0 on success, 1 for a record that is not valid, 2 for bad arguments or input
(an unknown preset, an unreadable file, bad numbers), reported in one line on stderr.

>>> main(["play", "--seed", "3", "--target", "20"])  # doctest: +ELLIPSIS
Hearts: 4 players, game to 20, seed 3, random players
<BLANKLINE>
Hand 1: pass left, P0 deals
...
Final scores: ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NoReturn

import attrs

from hearts import __version__
from hearts.bots import Bot, RandomBot, RuleBot, SearchBot
from hearts.bots import play_game as play_bots
from hearts.errors import HeartsError
from hearts.moves import Move
from hearts.records import GameRecord, RecordError, Replay, dumps, format_hand, loads, replay
from hearts.records import _read_rules as read_rules
from hearts.rules import PRESETS, Rules
from hearts.state import State

__all__ = ["BOTS", "game_seed", "main", "play_game", "play_random_game"]

BOTS: dict[str, Bot] = {"random": RandomBot(), "rule": RuleBot(), "search": SearchBot()}
"""The bots the command line knows, by name (``--bots``): :class:`~hearts.RandomBot`,
:class:`~hearts.RuleBot` and :class:`~hearts.SearchBot` (20 deals per decision). A new bot
is one more entry: any :class:`~hearts.Bot`."""


def _bots_for(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat: ``names`` names one bot for all, or one per seat."""
    names = tuple(name.strip() for name in names)
    for name in names:
        if name not in BOTS:
            raise HeartsError(f"There is no bot {name!r}; the bots are {', '.join(BOTS)}.")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise HeartsError(
            f"--bots names {len(names)} bots, but this game has {players} seats: name one bot "
            f"for every seat, or {players} bots separated by commas."
        )
    return names


def play_game(
    rules: Rules, seed: int, bots: Sequence[str] = ("random",)
) -> tuple[State, GameRecord]:
    """Play one whole game between the named bots; return its last state and its record.

    The deals come from ``seed`` (:func:`hearts.new_game`), and each seat's bot draws from
    its own generator derived from ``seed`` and the seat, so the same seed plays the same
    game. ``bots`` names one bot of :data:`BOTS` for every seat, or one per seat. The
    record's metadata gives each seat's bot as the player's name.

    >>> import hearts
    >>> state, record = play_game(hearts.Rules(target=30), seed=1)
    >>> state.is_over, hearts.replay(record).final == state, record.metadata["players"][0]
    (True, True, 'random')
    """
    names = _bots_for(bots, rules.players)
    game = play_bots(rules, [BOTS[name] for name in names], seed, keep_moves=True)
    record = GameRecord(rules, game.moves, seed=seed, metadata={"players": list(names)})
    return replay(record).final, record


def play_random_game(rules: Rules, seed: int) -> State:
    """Play a whole game in which every seat picks uniformly among its legal moves.

    The deals and the players' choices both follow from ``seed``; this is
    ``play_game(rules, seed)[0]``.

    >>> state = play_random_game(Rules(target=30), seed=1)
    >>> state.is_over, max(state.scores) >= 30
    (True, True)
    """
    return play_game(rules, seed)[0]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of ``hearts simulate --seed SEED``.

    It depends only on the base seed and the game's index, so a simulation gives the same
    results whatever the number of workers, and ``hearts play --seed`` with this seed
    replays that one game.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"hearts-simulate:{seed}:{index}").getrandbits(63)


# --- text ------------------------------------------------------------------------------------


def _per_seat(values: Sequence[int]) -> str:
    return ", ".join(f"P{seat} {value}" for seat, value in enumerate(values))


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


def _describe_bots(names: Sequence[str]) -> str:
    if len(set(names)) == 1:
        return f"{names[0]} players"
    return "bots " + ", ".join(f"P{seat} {name}" for seat, name in enumerate(names))


def _winners(state: State) -> str:
    names = " and ".join(f"P{seat}" for seat in state.winners)
    return f"Winner{'s' if len(state.winners) > 1 else ''}: {names}"


def _print_hands(rules: Rules, state: State) -> None:
    for result in state.results:
        print()
        print(format_hand(result, rules))


# --- arguments -------------------------------------------------------------------------------


class _UsageError(Exception):
    """Bad arguments or input: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")


def _whole(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def _read_text(name: str) -> str:
    """The text of a file, or of standard input for ``-``."""
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError("", "the file is not UTF-8 text.") from None
    except OSError as error:
        raise _UsageError(f"Cannot read {name!r}: {error.strerror or error}.") from None


def _rules_from(arguments: argparse.Namespace) -> tuple[Rules, str | None, str]:
    """The rules of ``--rules NAME|FILE``, with the ``--players`` and ``--target`` changes.

    Also returns the preset's name if they are one unchanged, and a label naming where
    they came from.
    """
    text: str | None = arguments.rules
    preset: str | None = None
    if text is None:
        rules = Rules()
    elif text in PRESETS:
        rules, preset = PRESETS[text].rules, text
    elif Path(text).exists() or text == "-":
        try:
            data = json.loads(_read_text(text))
            rules, preset = read_rules(data, "rules")
        except json.JSONDecodeError as error:
            raise _UsageError(f"{text}: the rules file is not JSON: {error}.") from None
        except RecordError as error:
            raise _UsageError(f"{text}: {error}") from None
    else:
        raise _UsageError(
            f"There is no preset {text!r} and no file of that name; the presets are "
            f"{', '.join(PRESETS)}."
        )
    changes = {
        name: getattr(arguments, name)
        for name in ("players", "target")
        if getattr(arguments, name, None) is not None
    }
    # Named only when --rules names them: the standard game needs no label.
    label = "" if text is None else ", ".join([text, *(f"{k} {v}" for k, v in changes.items())])
    if changes:
        rules = rules.replace(**changes)
        if preset is not None and rules != PRESETS[preset].rules:
            preset = None
    return rules, preset, label


def _header(rules: Rules, label: str, seed: int, bots: Sequence[str]) -> str:
    named = f" ({label})" if label else ""
    return f"Hearts{named}: {_describe(rules)}, seed {seed}, {_describe_bots(bots)}"


# --- commands --------------------------------------------------------------------------------


def _play(arguments: argparse.Namespace) -> int:
    rules, preset, label = _rules_from(arguments)
    bots = _bots_for(arguments.bots, rules.players)
    state, record = play_game(rules, arguments.seed, bots)
    if arguments.record is not None:
        text = dumps(attrs.evolve(record, preset=preset), indent=2) + "\n"
        try:
            Path(arguments.record).write_text(text, encoding="utf-8")
        except OSError as error:
            raise _UsageError(
                f"Cannot write {arguments.record!r}: {error.strerror or error}."
            ) from None
    print(_header(rules, label, arguments.seed, bots))
    _print_hands(rules, state)
    print()
    print(f"Final scores: {_per_seat(state.scores)}")
    print(_winners(state))
    return 0


@attrs.frozen
class _GameSummary:
    winners: tuple[int, ...]
    hands: int
    points: tuple[int, ...]
    moons: int
    suns: int


def _simulate_game(rules: Rules, bots: tuple[str, ...], seed: int, index: int) -> _GameSummary:
    game = play_bots(rules, [BOTS[name] for name in bots], game_seed(seed, index))
    return _GameSummary(
        winners=game.winners,
        hands=game.hands,
        points=game.changes,
        moons=game.moons,
        suns=game.suns,
    )


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the group: the parent alone reports it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _games(task: Callable[[int], _GameSummary], games: int, workers: int) -> Iterator[_GameSummary]:
    """Each game's summary, in the order of the games, whatever the number of workers."""
    if workers == 1:
        yield from map(task, range(games))
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts) as pool:
        chunk = max(1, min(64, games // (workers * 8)))
        try:
            yield from pool.map(task, range(games), chunksize=chunk)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _progress(summaries: Iterable[_GameSummary], games: int) -> Iterator[_GameSummary]:
    """Pass the summaries through, showing a count on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from summaries
        return
    shown = 0.0
    for done, summary in enumerate(summaries, start=1):
        now = time.monotonic()
        if now - shown >= 0.2 or done == games:
            sys.stderr.write(f"\rhearts simulate: {done:,}/{games:,} games")
            sys.stderr.flush()
            shown = now
        yield summary
    sys.stderr.write("\r\x1b[K")
    sys.stderr.flush()


def _simulate(arguments: argparse.Namespace) -> int:
    rules, preset, label = _rules_from(arguments)
    bots = _bots_for(arguments.bots, rules.players)
    games, seed = arguments.games, arguments.seed
    players = rules.players
    wins = [0] * players
    points = [0] * players
    shared = hands = moons = suns = 0
    task = functools.partial(_simulate_game, rules, bots, seed)
    for summary in _progress(_games(task, games, arguments.workers), games):
        for seat in summary.winners:
            wins[seat] += 1
        shared += len(summary.winners) > 1
        hands += summary.hands
        moons += summary.moons
        suns += summary.suns
        for seat in range(players):
            points[seat] += summary.points[seat]
    mean_points = [total / hands for total in points]
    if arguments.json:
        report = {
            "games": games,
            "rules": {"preset": preset, "fingerprint": rules.fingerprint},
            "seed": seed,
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
    named = f" ({label})" if label else ""
    print(f"Simulated {_plural(games, 'game')} of Hearts{named}: {_describe(rules)}, seed {seed}")
    print()
    print(f"{'Seat':<6}{'Bot':<12}{'Wins':>8}{'Win %':>8}{'Points per hand':>18}")
    for seat in range(players):
        print(
            f"{'P' + str(seat):<6}{bots[seat]:<12}{wins[seat]:>8,}"
            f"{100 * wins[seat] / games:>7.1f}%{mean_points[seat]:>18.2f}"
        )
    print()
    print(f"Shared wins: {_plural(shared, 'game')}")
    print(f"Hands: {hands:,} ({hands / games:.2f} per game); moons: {moons:,}; suns: {suns:,}")
    return 0


def _load_record(name: str) -> GameRecord:
    return loads(_read_text(name))


def _current_hand(done: Replay) -> tuple[int, Sequence[Move]]:
    """The moves since the last finished hand, and the index of the first of them."""
    finished = len(done.final.results)
    start = next(i for i, state in enumerate(done.states) if len(state.results) == finished)
    return start, done.record.moves[start : len(done.states) - 1]


def _summary(done: Replay) -> str:
    state = done.final
    moves = _plural(len(done.states) - 1, "move")
    hands = _plural(len(state.results), "finished hand")
    if state.is_over:
        names = " and ".join(f"P{seat}" for seat in state.winners)
        end = f"game over, won by {names}"
    else:
        end = f"unfinished, hand {state.hand_number + 1} in the {state.phase.value} phase"
    return f"{moves}, {hands}, {end}"


def _report_illegal(command: str, name: str, done: Replay) -> None:
    """The first illegal move of a record, in one line on stderr."""
    try:
        done.raise_for_error()
    except RecordError as error:
        print(f"hearts {command}: {name}: invalid: {error}", file=sys.stderr)


def _loaded(command: str, name: str) -> GameRecord | None:
    """The record in file ``name``, or None after saying on stderr why it is invalid."""
    try:
        return _load_record(name)
    except RecordError as error:
        print(f"hearts {command}: {name}: invalid: {error}", file=sys.stderr)
        return None


def _validate(arguments: argparse.Namespace) -> int:
    record = _loaded("validate", arguments.file)
    if record is None:
        return 1
    done = replay(record)
    if not done.ok:
        _report_illegal("validate", arguments.file, done)
        return 1
    print(f"{arguments.file}: valid: {_summary(done)}.")
    return 0


def _replay(arguments: argparse.Namespace) -> int:
    record = _loaded("replay", arguments.file)
    if record is None:
        return 1
    done = replay(record)
    rules = record.rules
    names = record.metadata.get("players")
    seats = (
        ", ".join(f"P{seat} {name}" for seat, name in enumerate(names))
        if isinstance(names, list)
        else None
    )
    named = f" ({record.preset})" if record.preset else ""
    print(
        f"Record of Hearts{named}: {_describe(rules)}; rules fingerprint {rules.fingerprint[:12]}"
    )
    details = [f"seed {record.seed}" if record.seed is not None else "no seed"]
    for key in ("table", "date"):
        if isinstance(record.metadata.get(key), str):
            details.append(f"{key} {record.metadata[key]}")
    print("; ".join(details).capitalize())
    if seats:
        print(f"Players: {seats}")
    _print_hands(rules, done.final)
    start, current = _current_hand(done)
    if current:
        print()
        print(f"Hand {done.final.hand_number + 1}, unfinished:")
        for index, move in enumerate(current, start=start):
            print(f"  {index:4}  {move}")
    print()
    if done.final.is_over:
        print(f"Final scores: {_per_seat(done.final.scores)}")
        print(_winners(done.final))
    else:
        print(f"Scores so far: {_per_seat(done.final.scores)}")
    if not done.ok:
        _report_illegal("replay", arguments.file, done)
        return 1
    return 0


def _rules(arguments: argparse.Namespace) -> int:
    if arguments.name is None:
        if arguments.fingerprint:
            raise _UsageError("--fingerprint needs a preset name or a rules file.")
        width = max(len(name) for name in PRESETS) + 2
        for name, preset in PRESETS.items():
            print(f"{name:<{width}}{preset.description}")
        return 0
    arguments.rules = arguments.name
    rules, _, _ = _rules_from(arguments)
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
  hearts simulate --games 1000 --workers 2 --json
  hearts rules                             list the presets
  hearts rules black-maria > rules.json    a preset as JSON, to pin or to edit

exit status: 0 on success, 1 for an invalid record, 2 for bad arguments or input."""


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        metavar="NAME|FILE",
        help="a preset's name (see 'hearts rules') or a JSON rules file (default: standard)",
    )
    parser.add_argument(
        "--bots",
        default="random",
        type=lambda text: text.split(","),
        metavar="BOT[,BOT...]",
        help=f"one bot for every seat, or one per seat, separated by commas; bots: {', '.join(BOTS)} (default: random)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the deals and the bots (default: 1)"
    )
    parser.add_argument("--players", type=int, help="change the number of players, 3 to 7")
    parser.add_argument("--target", type=int, help="change the score that ends the game")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hearts",
        description="The rules of the card game Hearts, from the command line. With no "
        "command, plays one game as 'hearts play'.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hearts {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser(
        "play",
        help="play one seeded game between bots and print its transcript (the default)",
        description="Play one seeded game between built-in bots and print a transcript: "
        "every hand's deal, passes and tricks, how it was scored, and the totals.",
    )
    _game_options(play)
    play.add_argument(
        "--record", metavar="FILE", help="also write the game's record (JSON) to FILE"
    )
    play.set_defaults(run=_play)

    simulate = commands.add_parser(
        "simulate",
        help="play many games and print a summary",
        description="Play many games between bots and print a summary: wins per seat, mean "
        "points per hand, moons, suns, hands per game. Game i is seeded from --seed and i, "
        "so results are the same whatever the number of workers. Progress is shown on "
        "stderr when it is a terminal.",
    )
    simulate.add_argument(
        "--games", type=_whole(1), required=True, metavar="N", help="number of games"
    )
    _game_options(simulate)
    simulate.add_argument(
        "--workers", type=_whole(1), default=1, metavar="W", help="worker processes (default: 1)"
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(run=_simulate)

    for name, run, text in (
        ("replay", _replay, "check a game record and print its transcript"),
        ("validate", _validate, "check a game record (exit status 0 if valid, 1 if not)"),
    ):
        command = commands.add_parser(
            name,
            help=text,
            description=f"{text[0].upper()}{text[1:]}. An invalid record is reported on stderr "
            "with the index of its first illegal move (record.moves[i]) and the reason.",
        )
        command.add_argument("file", metavar="FILE", help="the record (JSON); - for standard input")
        command.set_defaults(run=run)

    rules = commands.add_parser(
        "rules",
        help="list the presets, or print one as JSON",
        description="With no argument, list the presets. With a preset's name or a rules "
        "file, print the rules as JSON (every field: what a server pins), or only their "
        "fingerprint.",
    )
    rules.add_argument("name", nargs="?", metavar="NAME|FILE", help="a preset or a JSON rules file")
    rules.add_argument("--fingerprint", action="store_true", help="print only the fingerprint")
    rules.set_defaults(run=_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    With no command it plays one game, as ``hearts play``. Errors are reported in one line
    on stderr, never as a traceback: exit status 1 for an invalid record, 2 for bad
    arguments or input.

    >>> main(["rules", "omnibus", "--fingerprint"])
    01487c4ca64b...
    0
    >>> main(["simulate", "--games", "0"])
    2
    """
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help", "--version")):
        words.insert(0, "play")
    try:
        arguments = _parser().parse_args(words)
        if arguments.command is None:
            arguments = _parser().parse_args(["play", *words])
        return int(arguments.run(arguments))
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    except _UsageError as error:
        print(f"hearts: {error}", file=sys.stderr)
        return 2
    except HeartsError as error:
        print(f"hearts: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hearts: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (hearts play | head): say nothing more on stdout.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
