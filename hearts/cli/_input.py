"""The command line's arguments and files, read as values or refused in one line.

Whatever is wrong with them is a :class:`UsageError`, which ``hearts`` reports in one line
on stderr, with exit status 2.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NoReturn

from hearts.errors import HeartsError
from hearts.game.rules import PRESETS, Rules
from hearts.records import RecordError
from hearts.records.read import read_rules


class UsageError(Exception):
    """Bad arguments or input: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a :class:`UsageError`."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def hint(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'rule'?)`` if one of ``choices`` is close to ``name``, else ``""``."""
    close = difflib.get_close_matches(name, choices, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An option's type: a whole number, at least ``low`` and at most ``high`` if given."""

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if len(digits) > 100 and digits.isdigit():
            raise argparse.ArgumentTypeError(f"a number of {len(digits):,} digits is too long")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if low is not None and not low <= value <= (value if high is None else high):
            wanted = (
                f"at least {low:,}" if high is None else f"a whole number from {low:,} to {high:,}"
            )
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {value}")
        return value

    return parse


def printable(text: str) -> str:
    """``text`` with what a terminal should not be sent (escapes, lone surrogates) escaped."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def cannot(verb: str, name: str, error: OSError) -> UsageError:
    """The one line for a file that cannot be read (``verb`` "read") or written."""
    return UsageError(f"Cannot {verb} {name!r}: {error.strerror or error}.")


def read_text(name: str) -> str:
    """The text of a file, or of standard input for ``-``."""
    try:
        if name == "-":
            stdin = sys.stdin
            if stdin is None:  # started with standard input closed
                raise UsageError("-: there is no standard input to read.")
            data: bytes | str = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            data = Path(name).read_bytes()
    except OSError as error:
        raise cannot("read", name, error) from None
    except UnicodeDecodeError as error:  # a text standard input, decoded by Python
        raise UsageError(f"{name}: not UTF-8 text: {error.reason}.") from None
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(
            f"{name}: not UTF-8 text (byte {data[error.start]:#04x} at offset "
            f"{error.start:,}: {error.reason})."
        ) from None


def read_json(name: str, text: str, record: bool = False) -> object:
    """The JSON value of ``text``, the content of file ``name``.

    For a ``record`` only its form is checked (numbers are not read, and JSON nested deeper
    than Python reads is let through): what a record holds is :func:`hearts.loads`' concern.
    """
    parse = len if record else None
    try:
        return json.loads(text, parse_int=parse, parse_float=parse, parse_constant=parse)
    except json.JSONDecodeError as error:
        raise UsageError(f"{name}: not JSON: {error}.") from None
    except RecursionError:
        if record:
            return None
        raise UsageError(f"{name}: JSON nested too deeply to read.") from None
    except ValueError:  # a number too long for Python to read (sys.get_int_max_str_digits)
        raise UsageError(f"{name}: JSON with a number too long to read.") from None


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
    """The rules in a JSON file (or standard input), and the preset they name if any."""
    data = read_json(name, read_text(name))
    try:
        return read_rules(data, "rules")
    except RecordError as error:
        # "rules: Rules.players must be ..." says the same as "rules.players must be ...".
        top = error.path == "rules" and error.reason.startswith("Rules.")
        message = _command_line_words(error.reason if top else str(error))
        raise UsageError(f"{name}: {message}") from None
    except Exception as error:  # any other refusal of bad input is one line too
        raise UsageError(f"{name}: not rules this version of hearts reads: {error}") from None


def rules_from(
    arguments: argparse.Namespace, where: str = "--rules"
) -> tuple[Rules, str | None, str]:
    """The rules of ``--rules NAME|FILE``, with the ``--players`` and ``--target`` changes.

    Also returns the preset's name if they are one unchanged, and a label naming where
    they came from. ``where`` names the argument in messages.
    """
    text: str | None = arguments.rules
    named = None if text is None else _preset(text)
    preset = named
    if text is None:
        rules = Rules()
    elif named is not None:
        rules = PRESETS[named].rules
    elif text == "-" or os.path.lexists(text):
        rules, preset = _rules_file(text)
    else:
        raise UsageError(
            f"{where}: there is no preset or file {text!r}{hint(text.strip().lower(), PRESETS)}"
            f"; the presets are {', '.join(PRESETS)}."
        )
    values = {name: getattr(arguments, name, None) for name in ("players", "target")}
    changes = {name: value for name, value in values.items() if value is not None}
    shown = named or text  # None for the standard game, which needs no label
    label = ", ".join([shown, *(f"{k} {v}" for k, v in changes.items())]) if shown else ""
    if changes:
        options = {name: f"--{name} {value}" for name, value in changes.items()}
        try:
            rules = rules.replace(**changes)
        except HeartsError as error:
            given = " ".join(([f"{where} {shown}"] if shown else []) + list(options.values()))
            raise UsageError(f"{given}: {_command_line_words(str(error), options)}") from None
        if preset is not None and rules != PRESETS[preset].rules:
            preset = None
    return rules, preset, label
