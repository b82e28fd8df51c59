"""The command line: ``python -m hearts`` (or the installed ``hearts`` script).

* ``hearts play`` — the default command — plays one seeded game between built-in bots and
  prints a transcript, hand by hand, and the final scores.
* ``hearts simulate --games N`` plays many games, in worker processes if asked, and prints
  a summary (or JSON).
* ``hearts replay FILE`` and ``hearts validate FILE`` check a game record; ``replay`` also
  prints its transcript.
* ``hearts rules [NAME|FILE]`` lists the presets, or prints one as JSON.

Exit status: 0 on success, 1 for a record that is not valid, 2 for bad arguments or input
(an unknown preset or bot, a file that cannot be read or is not JSON, bad numbers), each
reported in one line on stderr; 130 after Ctrl-C, 141 when the reader of the output goes
away (``hearts play | head``), 143 after SIGTERM.

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
import difflib
import functools
import json
import multiprocessing
import os
import pickle
import random
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from pathlib import Path
from types import FrameType
from typing import Final, NoReturn

import attrs

from hearts import __version__
from hearts.bots import Bot, RandomBot, RuleBot, SearchBot
from hearts.bots import play_game as play_bots
from hearts.errors import HeartsError
from hearts.moves import Move
from hearts.records import GameRecord, RecordError, Replay, dumps, format_hand, loads, replay
from hearts.records.read import _read_rules as read_rules
from hearts.rules import MAX_NUMBER, MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules
from hearts.state import State

__all__ = ["BOTS", "game_seed", "main", "play_game", "play_random_game"]

BOTS: dict[str, Bot] = {"random": RandomBot(), "rule": RuleBot(), "search": SearchBot()}
"""The bots the command line knows, by name (``--bots``): :class:`~hearts.RandomBot`,
:class:`~hearts.RuleBot` and :class:`~hearts.SearchBot` (20 deals per decision). A new bot
is one more entry: any :class:`~hearts.Bot`. ``hearts simulate --workers`` sends the bots
themselves to its worker processes, so there a bot must be picklable, an instance of a
class that the workers can import (defined at the top level of a module)."""


def _bots_for(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat: ``names`` names one bot for all, or one per seat."""
    names = tuple(name.strip() for name in names)
    for name in names:
        if name not in BOTS:
            close = difflib.get_close_matches(name, BOTS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise HeartsError(f"There is no bot {name!r}{hint}; the bots are {', '.join(BOTS)}.")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise HeartsError(
            f"{len(names)} bots are named, but this game has {players} seats: name one bot "
            f"for every seat, or {players} bots separated by commas."
        )
    return names


def play_game(
    rules: Rules, seed: int, bots: Sequence[str] = ("random",), bot_seed: int | None = None
) -> tuple[State, GameRecord]:
    """Play one whole game between the named bots; return its last state and its record.

    The deals come from ``seed`` (:func:`hearts.new_game`) and the bots' random choices
    from ``bot_seed`` (:func:`hearts.play_game`); without it, from ``seed`` too, so that
    the seed alone replays a game. That suits bots you trust: a bot could work a small
    seed out from its generator and read the deals, so give bots you do not trust a
    ``bot_seed`` of their own, kept secret. ``bots`` names one bot of :data:`BOTS` for
    every seat, or one per seat. The record's metadata gives each seat's bot as the
    player's name, and the bots' seed.

    >>> import hearts
    >>> state, record = play_game(hearts.Rules(target=30), seed=1, bot_seed=2)
    >>> state.is_over, hearts.replay(record).final == state, record.metadata["players"][0]
    (True, True, 'random')
    >>> record.metadata["bot_seed"], play_game(hearts.Rules(target=30), 1, bot_seed=2)[0] == state
    (2, True)
    """
    names = _bots_for(bots, rules.players)
    bot_seed = seed if bot_seed is None else bot_seed
    game = play_bots(
        rules, [BOTS[name] for name in names], seed, keep_moves=True, bot_seed=bot_seed
    )
    metadata = {"players": list(names), "bot_seed": game.bot_seed}
    record = GameRecord(rules, game.moves, seed=seed, metadata=metadata)
    return replay(record).final, record


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
    """The seed of game ``index`` of ``hearts simulate --seed SEED``.

    It depends only on the base seed and the game's index, so a simulation gives the same
    results whatever the number of workers, and ``hearts play --seed`` with this seed
    replays that one game.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"hearts-simulate:{seed}:{index}").getrandbits(63)


def _bots_game_seed(bot_seed: int, index: int) -> int:
    """The bots' seed in game ``index`` of ``hearts simulate --bot-seed BOT_SEED``."""
    return random.Random(f"hearts-simulate-bots:{bot_seed}:{index}").getrandbits(63)


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


def _whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An option's type: a whole number, at least ``low`` and at most ``high`` if given."""

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if len(digits) > 100 and digits.isdigit():
            raise argparse.ArgumentTypeError(f"a number of {len(digits):,} digits is too long")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if low is not None and high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low:,} to {high:,}, got {value}"
            )
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low:,}, got {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def _printable(text: str) -> str:
    """``text`` with what a terminal should not be sent (escapes, lone surrogates) escaped."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def _read_text(name: str) -> str:
    """The text of a file, or of standard input for ``-``; a one-line error if unreadable."""
    try:
        if name == "-":
            stdin = sys.stdin
            if stdin is None:  # started with standard input closed
                raise _UsageError("-: there is no standard input to read.")
            data: bytes | str = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            data = Path(name).read_bytes()
    except OSError as error:
        raise _UsageError(f"Cannot read {name!r}: {error.strerror or error}.") from None
    except UnicodeDecodeError as error:  # a text standard input, decoded by Python
        raise _UsageError(f"{name}: not UTF-8 text: {error.reason}.") from None
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _UsageError(
            f"{name}: not UTF-8 text (byte {data[error.start]:#04x} at offset "
            f"{error.start:,}: {error.reason})."
        ) from None


def _json(name: str, text: str) -> object:
    """The JSON value of a rules file; a one-line error for anything that is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise _UsageError(f"{name}: not JSON: {error}.") from None
    except RecursionError:
        raise _UsageError(f"{name}: JSON nested too deeply to read.") from None
    except ValueError:  # a number too long for Python to read (sys.get_int_max_str_digits)
        raise _UsageError(f"{name}: JSON with a number too long to read.") from None


def _check_json(name: str, text: str) -> None:
    """Refuse text that is not JSON (exit status 2); what a record holds is loads' concern."""
    try:
        json.loads(text, parse_int=len, parse_float=len, parse_constant=len)
    except json.JSONDecodeError as error:
        raise _UsageError(f"{name}: not JSON: {error}.") from None
    except RecursionError:
        pass  # JSON nested deeper than Python reads: loads refuses it as a record.


def _command_line_words(message: str, options: dict[str, str] | None = None) -> str:
    """A message of the library in the words of a rules file and of the command line.

    ``Rules.players`` is ``--players`` when that option is in ``options`` (a field's name to
    the option's text) and ``rules.players`` otherwise, a field of a rules file.
    """
    message = message.replace("Rules.from_dict got unknown field", "unknown field")
    message = message.replace("Rules.from_dict reads", "this version of hearts reads")
    for field, option in (options or {}).items():
        message = message.replace(f"Rules.{field}", option.split()[0])
    # Not inside quotes: a value of the file is shown as it is.
    message = re.sub(r"(?<!')\bRules\.(?=[a-z])", "rules.", message)
    return re.sub(r"(?<!')\bNone\b(?!')", "null", message)


def _preset(text: str) -> str | None:
    """The preset that ``text`` names, in any case, or None."""
    name = text.strip().lower()
    return name if name in PRESETS else None


def _rules_file(name: str) -> tuple[Rules, str | None]:
    """The rules in a JSON file (or standard input): one line for whatever is wrong."""
    data = _json(name, _read_text(name))
    try:
        return read_rules(data, "rules")
    except RecordError as error:
        # "rules: Rules.players must be ..." says the same as "rules.players must be ...".
        top = error.path == "rules" and error.reason.startswith("Rules.")
        message = _command_line_words(error.reason if top else str(error))
        raise _UsageError(f"{name}: {message}") from None
    except Exception as error:  # any other refusal of bad input is one line too
        raise _UsageError(f"{name}: not rules this version of hearts reads: {error}") from None


def _rules_from(
    arguments: argparse.Namespace, where: str = "--rules"
) -> tuple[Rules, str | None, str]:
    """The rules of ``--rules NAME|FILE``, with the ``--players`` and ``--target`` changes.

    Also returns the preset's name if they are one unchanged, and a label naming where
    they came from. ``where`` names the argument in messages.
    """
    text: str | None = arguments.rules
    preset: str | None = None
    if text is None:
        rules = Rules()
    elif (preset := _preset(text)) is not None:
        rules = PRESETS[preset].rules
    elif text == "-" or os.path.lexists(text):
        rules, preset = _rules_file(text)
    else:
        close = difflib.get_close_matches(text.strip().lower(), PRESETS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise _UsageError(
            f"{where}: there is no preset or file {text!r}{hint}; the presets are "
            f"{', '.join(PRESETS)}."
        )
    changes = {
        name: getattr(arguments, name)
        for name in ("players", "target")
        if getattr(arguments, name, None) is not None
    }
    # Named only when --rules names them: the standard game needs no label.
    shown = None if text is None else (_preset(text) or text)
    label = "" if shown is None else ", ".join([shown, *(f"{k} {v}" for k, v in changes.items())])
    if changes:
        options = {name: f"--{name} {value}" for name, value in changes.items()}
        try:
            rules = rules.replace(**changes)
        except HeartsError as error:
            given = " ".join(([f"{where} {shown}"] if shown else []) + list(options.values()))
            raise _UsageError(f"{given}: {_command_line_words(str(error), options)}") from None
        if preset is not None and rules != PRESETS[preset].rules:
            preset = None
    return rules, preset, label


def _header(rules: Rules, label: str, seed: int, bot_seed: int | None, bots: Sequence[str]) -> str:
    named = f" ({label})" if label else ""
    seeds = f"seed {seed}" if bot_seed is None else f"seed {seed}, bot seed {bot_seed}"
    return f"Hearts{named}: {_describe(rules)}, {seeds}, {_describe_bots(bots)}"


# --- commands --------------------------------------------------------------------------------


def _seat_bots(arguments: argparse.Namespace, players: int) -> tuple[str, ...]:
    """The bot of each seat, from ``--bots``."""
    try:
        return _bots_for(arguments.bots, players)
    except HeartsError as error:
        message = str(error)
        raise _UsageError(f"--bots: {message[:1].lower()}{message[1:]}") from None


def _play(arguments: argparse.Namespace) -> int:
    rules, preset, label = _rules_from(arguments)
    bots = _seat_bots(arguments, rules.players)
    state, record = play_game(rules, arguments.seed, bots, arguments.bot_seed)
    if arguments.record is not None:
        text = dumps(attrs.evolve(record, preset=preset), indent=2) + "\n"
        try:
            Path(arguments.record).write_text(text, encoding="utf-8")
        except OSError as error:
            raise _UsageError(
                f"Cannot write {arguments.record!r}: {error.strerror or error}."
            ) from None
    print(_header(rules, label, arguments.seed, arguments.bot_seed, bots))
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


_WORKER_BOTS: dict[str, Bot] = {}
"""In a worker process of ``hearts simulate --workers``: the bots the command sent it."""
_WORKER_ERRORS: list[str] = []
"""In a worker process: why it could not load those bots, if it could not."""


def _simulate_game(
    rules: Rules, bots: tuple[str, ...], seed: int, bot_seed: int | None, index: int
) -> _GameSummary:
    if _WORKER_ERRORS:
        raise HeartsError(_WORKER_ERRORS[0])
    registry = _WORKER_BOTS or BOTS
    deals = game_seed(seed, index)
    game = play_bots(
        rules,
        [registry[name] for name in bots],
        deals,
        bot_seed=deals if bot_seed is None else _bots_game_seed(bot_seed, index),
    )
    return _GameSummary(
        winners=game.winners,
        hands=game.hands,
        points=game.changes,
        moons=game.moons,
        suns=game.suns,
    )


def _start_worker(bots: bytes) -> None:
    """Each worker's start: ignore Ctrl-C (the parent stops the workers), load the bots."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # blocked while the parent started the worker
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD_BACK)
    try:
        _WORKER_BOTS.update(pickle.loads(bots))
    except Exception as error:
        _WORKER_ERRORS.append(
            f"--workers: a worker process cannot load the bots ({type(error).__name__}: "
            f"{error}): define their classes at the top level of a module that the workers "
            "can import, or use --workers 1."
        )


def _pickled_bots(names: Sequence[str]) -> bytes:
    """The bots of ``names``, by name, pickled for the worker processes."""
    bots = {name: BOTS[name] for name in dict.fromkeys(names)}
    for name, bot in bots.items():
        try:
            pickle.dumps(bot)
        except Exception as error:
            raise _UsageError(
                f"--workers: the bot {name!r} cannot be sent to worker processes ({error}): "
                "a bot for --workers must be picklable, an instance of a class defined at the "
                "top level of a module; or use --workers 1."
            ) from None
    return pickle.dumps(bots)


class _Terminated(BaseException):
    """SIGTERM while worker processes run: they are stopped, then the exit status is 143."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once is enough: now stopping
    raise _Terminated


@contextlib.contextmanager
def _signals(
    handlers: dict[signal.Signals, Callable[[int, FrameType | None], None] | int],
) -> Iterator[None]:
    """Set signal handlers for a while, in the main thread (elsewhere, leave them alone)."""
    try:
        previous = {number: signal.signal(number, handler) for number, handler in handlers.items()}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)


_HELD_BACK: Final = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _held_back() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while worker processes start.

    The parent then never stops half-way through starting a worker (which would leave it
    to fail with a traceback of its own), and each worker begins with both blocked, until
    :func:`_start_worker` ignores Ctrl-C (which the parent acts on) and unblocks them.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_BACK)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes now, and shut the pool down cleanly."""
    previous = threading.excepthook

    def quiet(args: threading.ExceptHookArgs) -> None:
        # Before Python 3.12 the pool's manager thread, finding its workers killed, may set
        # an exception on a future that Ctrl-C already cancelled, and print the
        # InvalidStateError as a traceback; the pool is stopping, so nothing is lost.
        if not isinstance(args.exc_value, InvalidStateError):
            previous(args)

    threading.excepthook = quiet
    try:
        with _signals({signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: signal.SIG_IGN}):
            # They hold nothing to clean up (the parent owns the queues and their locks).
            kill = getattr(pool, "kill_workers", None)  # Python 3.14
            if kill is not None:
                kill()
            else:
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.kill()
            pool.shutdown(wait=True, cancel_futures=True)
    finally:
        threading.excepthook = previous


@contextlib.contextmanager
def _games(
    rules: Rules, bots: tuple[str, ...], seeds: tuple[int, int | None], games: int, workers: int
) -> Iterator[Iterator[_GameSummary]]:
    """Each game's summary, in the order of the games, whatever the number of workers.

    With workers, the bots themselves (not their names) are sent to the worker processes,
    so that bots added to :data:`BOTS` play there too; and however it ends — done, an
    error, Ctrl-C or SIGTERM — the workers are stopped and the pool shut down before this
    returns, so that nothing is left running or leaked.
    """
    task = functools.partial(_simulate_game, rules, bots, *seeds)
    workers = min(workers, games)
    if workers == 1:
        yield map(task, range(games))
        return
    payload = _pickled_bots(bots)
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(64, games // (workers * 8)))
    with _signals({signal.SIGTERM: _on_sigterm}):
        pool = ProcessPoolExecutor(
            workers, mp_context=context, initializer=_start_worker, initargs=(payload,)
        )
        try:
            with _held_back():
                summaries = pool.map(task, range(games), chunksize=chunk)
            yield summaries
            pool.shutdown(wait=True)
        except BaseException:
            _stop_workers(pool)
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
    bots = _seat_bots(arguments, rules.players)
    games, seed = arguments.games, arguments.seed
    bot_seed = arguments.bot_seed
    players = rules.players
    wins = [0] * players
    points = [0] * players
    shared = hands = moons = suns = 0
    with _games(rules, bots, (seed, bot_seed), games, arguments.workers) as summaries:
        for summary in _progress(summaries, games):
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
            **({} if bot_seed is None else {"bot_seed": bot_seed}),
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
    seeds = f"seed {seed}" if bot_seed is None else f"seed {seed}, bot seed {bot_seed}"
    print(f"Simulated {_plural(games, 'game')} of Hearts{named}: {_describe(rules)}, {seeds}")
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
    """The record in file ``name``, or None after saying on stderr why it is invalid.

    A file that cannot be read, is not UTF-8 text or is not JSON is bad input (a
    :class:`_UsageError`, exit status 2); JSON that is not a valid record is an invalid
    record (exit status 1), whatever :func:`hearts.loads` raises to say so.
    """
    text = _read_text(name)
    _check_json(name, text)
    try:
        return loads(text)
    except Exception as error:  # RecordError, or any other refusal: one line all the same
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
    print(f"{_printable(arguments.file)}: valid: {_summary(done)}.")
    return 0


def _replay(arguments: argparse.Namespace) -> int:
    record = _loaded("replay", arguments.file)
    if record is None:
        return 1
    done = replay(record)
    rules = record.rules
    names = record.metadata.get("players")
    seats = (
        ", ".join(f"P{seat} {_printable(str(name))}" for seat, name in enumerate(names))
        if isinstance(names, (list, tuple))
        else None
    )
    named = f" ({record.preset})" if record.preset else ""
    print(
        f"Record of Hearts{named}: {_describe(rules)}; rules fingerprint {rules.fingerprint[:12]}"
    )
    details = [f"seed {record.seed}" if record.seed is not None else "no seed"]
    for key in ("table", "date"):
        if isinstance(record.metadata.get(key), str):
            details.append(f"{key} {_printable(str(record.metadata[key]))}")
    text = "; ".join(details)
    print(text[:1].upper() + text[1:])
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
    rules, _, _ = _rules_from(arguments, where="rules")
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

exit status: 0 on success, 1 for an invalid record, 2 for bad arguments or input
(one line on stderr); 130 after Ctrl-C, 141 if the output's reader goes away, 143
after SIGTERM."""


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        metavar="NAME|FILE",
        help="a preset's name, in any case (see 'hearts rules'), or a JSON rules file "
        "(default: standard)",
    )
    parser.add_argument(
        "--bots",
        default="random",
        type=lambda text: text.split(","),
        metavar="BOT[,BOT...]",
        help=f"one bot for every seat, or one per seat, separated by commas; bots: {', '.join(BOTS)} (default: random)",
    )
    parser.add_argument("--seed", type=_whole(), default=1, help="seed of the deals (default: 1)")
    parser.add_argument(
        "--bot-seed",
        type=_whole(),
        metavar="SEED",
        help="seed of the bots' random choices (default: the --seed, which a bot could work "
        "out from its generator; give bots you do not trust a seed of their own)",
    )
    parser.add_argument(
        "--players",
        type=_whole(MIN_PLAYERS, MAX_PLAYERS),
        metavar="N",
        help=f"change the number of players, {MIN_PLAYERS} to {MAX_PLAYERS}",
    )
    parser.add_argument(
        "--target",
        type=_whole(1, MAX_NUMBER),
        metavar="T",
        help="change the score that ends the game",
    )


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
    rules.add_argument(
        "name", nargs="?", metavar="NAME|FILE", help="a preset (in any case) or a JSON rules file"
    )
    rules.add_argument("--fingerprint", action="store_true", help="print only the fingerprint")
    rules.set_defaults(run=_rules)
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
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help", "--version")):
        words.insert(0, "play")
    try:
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


def _run(words: list[str]) -> int:
    """Parse ``words`` and run the command; every error is one line on stderr."""
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
        return 128 + signal.SIGINT
    except _Terminated:
        print("hearts: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
