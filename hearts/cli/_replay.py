"""``hearts replay`` and ``hearts validate``: a game record checked, and its transcript."""

from __future__ import annotations

import argparse
import sys

from hearts.cli._input import printable, read_json, read_text
from hearts.cli._text import describe, per_seat, plural, print_game, seats
from hearts.records import RecordError, Replay, loads, replay

__all__ = ["add_arguments", "check_record"]


def _print_record(done: Replay) -> None:
    """``hearts replay``: the record's rules, seed and players, then its game so far."""
    record, state = done.record, done.final
    rules = record.rules
    named = f" ({record.preset})" if record.preset else ""
    fingerprint = rules.fingerprint[:12]
    print(f"Record of Hearts{named}: {describe(rules)}; rules fingerprint {fingerprint}")
    details = [f"Seed {record.seed}" if record.seed is not None else "No seed"]
    for key in ("table", "date"):
        if isinstance(value := record.metadata.get(key), str):
            details.append(f"{key} {printable(value)}")
    print("; ".join(details))
    names = record.metadata.get("players")
    if isinstance(names, (list, tuple)) and names:
        print(f"Players: {per_seat(printable(str(name)) for name in names)}")
    # The moves since the last finished hand, and the index of the first of them.
    start = next(i for i, s in enumerate(done.states) if len(s.results) == len(state.results))
    print_game(rules, state, record.moves[start : len(done.states) - 1], start)


def _summary(done: Replay) -> str:
    state = done.final
    moves = plural(len(done.states) - 1, "move")
    hands = plural(len(state.results), "finished hand")
    if state.is_over:
        end = f"game over, won by {seats(state.winners)}"
    else:
        end = f"unfinished, hand {state.hand_number + 1} in the {state.phase.value} phase"
    return f"{moves}, {hands}, {end}"


def check_record(arguments: argparse.Namespace) -> int:
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The argument of ``hearts replay`` and ``hearts validate``: the record's file."""
    parser.add_argument("file", metavar="FILE", help="the record (JSON); - for standard input")
