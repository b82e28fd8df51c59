"""The pieces of the records' messages: values shown short, and the limits of what is read.

A value in a message is shown at most :data:`SHOWN` characters long, however long, deep or
large (:func:`show`, :func:`short`); a whole number of more than :data:`MAX_DIGITS` digits
is read as a :class:`LongNumber`, to be refused with its path; and the sentences for text
past a size limit (:func:`too_long`) or bytes that are not text (:func:`decoding`).
:mod:`hearts.records.read` builds its :class:`~hearts.records.read.RecordError` messages
of these, and offers them under its own name too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

SHOWN: Final = 60
"""How many characters of a value an error message shows."""


def show(value: object) -> str:
    """A value as an error message shows it: a string in quotes, anything else as JSON.

    At most 60 characters, whatever the value: however long, deep or large, it is never
    written out in full, and a lone surrogate is shown as its escape.
    """
    if isinstance(value, str):
        text = repr(value[: SHOWN + 1])
    else:
        parts: list[str] = []
        _render(value, parts)
        text = "".join(parts)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _render(value: object, parts: list[str]) -> None:
    """Append ``value`` as JSON to ``parts``, stopping once they are longer than shown."""
    if sum(map(len, parts)) > SHOWN:
        return
    if value is None or isinstance(value, bool):
        parts.append(json.dumps(value))
    elif isinstance(value, int):
        parts.append(str(value) if -MAX_INT < value < MAX_INT else _LONG)
    elif isinstance(value, float):
        parts.append(json.dumps(value, allow_nan=True))
    elif isinstance(value, str):
        parts.append(json.dumps(value[: SHOWN + 1], ensure_ascii=False))
    elif isinstance(value, (list, tuple)):
        parts.append("[")
        for index, item in enumerate(value):
            if sum(map(len, parts)) > SHOWN:
                return
            parts.append(", " if index else "")
            _render(item, parts)
        parts.append("]")
    elif isinstance(value, Mapping):
        parts.append("{")
        for index, (key, item) in enumerate(value.items()):
            if sum(map(len, parts)) > SHOWN:
                return
            parts.append(", " if index else "")
            _render(key if isinstance(key, str) else short(key), parts)
            parts.append(": ")
            _render(item, parts)
        parts.append("}")
    else:
        parts.append(short(value))


def short(value: object) -> str:
    """``repr(value)`` cut short for a message, for a value of the wrong Python type."""
    try:
        text = repr(value)
    except Exception:  # a repr too deep or too long to write (a list in itself, a huge int)
        text = f"<a {type(value).__name__} object>"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def printable(text: str) -> str:
    """Text as is if printable, else with Python's escapes (a newline as a backslash and n)."""
    return text if text.isprintable() else repr(text)[1:-1]


MAX_DIGITS: Final = 1000
"""The most digits of a whole number in a record: far more than any game needs, and well
within Python's limit for reading and writing one as text (4,300 digits by default,
:func:`sys.get_int_max_str_digits`), so that sums of them still print."""
MAX_INT: Final = 10**MAX_DIGITS


_LONG: Final = f"a number of more than {MAX_DIGITS:,} digits"


class LongNumber:
    """What :func:`loads` reads for a whole number too long to read, to be refused with a path."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def parse_int(text: str) -> int | LongNumber:
    """A whole number of JSON text, as the JSON parser reads it for :func:`parse_json`.

    A number of more than 1,000 digits is read as a :class:`LongNumber`, for its reader to
    refuse with its path.

    >>> parse_int("-42"), parse_int("9" * 1001)
    (-42, a number of 1,001 digits)
    """
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= MAX_DIGITS else LongNumber(digits)


def check_limit(limit: object, name: str) -> None:
    """Refuse a size limit ``name`` that is neither None nor a whole number of at least 0.

    >>> check_limit(-1, "max_bytes")
    Traceback (most recent call last):
    ...
    ValueError: max_bytes must be a whole number of at least 0, or None, got -1.
    """
    if limit is None:
        return
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise TypeError(
            f"{name} must be a whole number of at least 0, or None, got {short(limit)}."
        )
    if limit < 0:
        raise ValueError(f"{name} must be a whole number of at least 0, or None, got {limit}.")


def too_long(length: int | None, limit: int, at_least: bool = False) -> str:
    """Why text of ``length`` bytes (None: unknown, past the limit) is refused."""
    reading = "(max_bytes; None reads any length)"
    if length is None:  # load() stops reading one past the limit
        return f"the text is longer than the limit of {limit:,} bytes {reading}."
    size = f"at least {length:,} bytes" if at_least else f"{length:,} bytes"
    return f"the text is {size} long, more than the limit of {limit:,} {reading}."


def decoding(error: UnicodeDecodeError) -> str:
    """Why bytes are not text, as 'not valid UTF-8 (invalid start byte at offset 3)'."""
    encoding = error.encoding.upper().replace("UTF-8-SIG", "UTF-8")
    # Another encoding is the one json.loads detected from the first bytes: say so.
    guessed = "" if encoding == "UTF-8" else ", the encoding their first bytes suggest"
    return f"they are not valid {encoding}{guessed} ({error.reason} at offset {error.start})"
