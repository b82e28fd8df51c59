"""Reading JSON values for the records: each reader names the path of what it refuses.

The error of every reader is :class:`RecordError`, whose message starts with the path of
the bad field; values in messages are shown short, however long, deep or large.
"""

from __future__ import annotations

import codecs
import contextlib
import enum
import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, NoReturn, TypeVar, cast

from hearts.cards import ALL_CARDS, CARDS, Card, CardSet, cards_of
from hearts.errors import HeartsError, NotationError
from hearts.rules import (
    FLAG_FIELDS,
    PRESETS,
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    Rules,
    ShootMode,
)

RECORD_SCHEMA: Final = 1
"""The version of the JSON forms of :mod:`hearts.records`: game records, states, moves and
hand results. A reader refuses any other version with a :class:`RecordError`."""

MAX_SEATS: Final = 7


class RecordError(HeartsError):
    """JSON (or a value read from it) that is not a valid record, state, move or result.

    It is a :class:`~hearts.HeartsError` and so a ``ValueError``. The message starts with
    the path of the bad field, which is also kept in :attr:`path`.

    >>> import hearts
    >>> try:
    ...     hearts.move_from_dict({"type": "play", "player": 1, "card": "ZZ"})
    ... except hearts.RecordError as error:
    ...     print(error.path, "|", error)
    move.card | move.card: 'ZZ' is not a card: records write a card as its rank (2-9, T, J, Q, K, A) then its suit (C, D, H, S), as 'QS' or 'TH', or a joker as 'JK1' to 'JK3'.
    """

    def __init__(self, path: str, reason: str) -> None:
        if not isinstance(path, str) or not isinstance(reason, str):
            raise TypeError(
                f"RecordError needs a path and a reason, both str, got {_short(path)} and "
                f"{_short(reason)}."
            )
        super().__init__(f"{path}: {reason}" if path else reason)
        self.path = path
        """Where the bad value is, as ``record.moves[3].card`` (empty if nowhere in particular)."""
        self.reason = reason
        """The message without the path."""

    def __reduce__(self) -> tuple[type[RecordError], tuple[str, str]]:
        return (type(self), (self.path, self.reason))


# --- reading JSON values -------------------------------------------------------------------

_BY_ASCII: Final = {card.ascii: card for card in CARDS}
_CARD_HELP: Final = (
    "records write a card as its rank (2-9, T, J, Q, K, A) then its suit (C, D, H, S), "
    "as 'QS' or 'TH', or a joker as 'JK1' to 'JK3'"
)
_E = TypeVar("_E", bound=enum.Enum)


_SHOWN: Final = 60
"""How many characters of a value an error message shows."""


def _show(value: object) -> str:
    """A value as an error message shows it: a string in quotes, anything else as JSON.

    At most 60 characters, whatever the value: however long, deep or large, it is never
    written out in full, and a lone surrogate is shown as its escape.
    """
    if isinstance(value, str):
        text = repr(value[: _SHOWN + 1])
    else:
        parts: list[str] = []
        _render(value, parts)
        text = "".join(parts)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _render(value: object, parts: list[str]) -> None:
    """Append ``value`` as JSON to ``parts``, stopping once they are longer than shown."""
    if sum(map(len, parts)) > _SHOWN:
        return
    if value is None or isinstance(value, bool):
        parts.append(json.dumps(value))
    elif isinstance(value, int):
        parts.append(str(value) if -_MAX_INT < value < _MAX_INT else _LONG)
    elif isinstance(value, float):
        parts.append(json.dumps(value, allow_nan=True))
    elif isinstance(value, str):
        parts.append(json.dumps(value[: _SHOWN + 1], ensure_ascii=False))
    elif isinstance(value, (list, tuple)):
        parts.append("[")
        for index, item in enumerate(value):
            if sum(map(len, parts)) > _SHOWN:
                return
            parts.append(", " if index else "")
            _render(item, parts)
        parts.append("]")
    elif isinstance(value, Mapping):
        parts.append("{")
        for index, (key, item) in enumerate(value.items()):
            if sum(map(len, parts)) > _SHOWN:
                return
            parts.append(", " if index else "")
            _render(key if isinstance(key, str) else _short(key), parts)
            parts.append(": ")
            _render(item, parts)
        parts.append("}")
    else:
        parts.append(_short(value))


def _short(value: object) -> str:
    """``repr(value)`` cut short for a message, for a value of the wrong Python type."""
    try:
        text = repr(value)
    except Exception:  # a repr too deep or too long to write (a list in itself, a huge int)
        text = f"<a {type(value).__name__} object>"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _printable(text: str) -> str:
    """Text as is if printable, else with Python's escapes (a newline as a backslash and n)."""
    return text if text.isprintable() else repr(text)[1:-1]


_MAX_DIGITS: Final = 1000
"""The most digits of a whole number in a record: far more than any game needs, and well
within Python's limit for reading and writing one as text (4,300 digits by default,
:func:`sys.get_int_max_str_digits`), so that sums of them still print."""
_MAX_INT: Final = 10**_MAX_DIGITS


_LONG: Final = f"a number of more than {_MAX_DIGITS:,} digits"


class _LongNumber:
    """What :func:`loads` reads for a whole number too long to read, to be refused with a path."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def _parse_int(text: str) -> int | _LongNumber:
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= _MAX_DIGITS else _LongNumber(digits)


# --- reading JSON text ---------------------------------------------------------------------


class _JsonFaultError(Exception):
    """A fault the JSON parser's hooks find, given its path by :func:`_parse_json`."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _JsonFaultError(f"a JSON object gives the key {_show(key)} twice.")
        data[key] = value
    return data


def _no_constant(name: str) -> NoReturn:
    raise _JsonFaultError(f"{name} is not a JSON number.")


def _check_limit(limit: object, name: str) -> None:
    if limit is None:
        return
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise TypeError(
            f"{name} must be a whole number of at least 0, or None, got {_short(limit)}."
        )
    if limit < 0:
        raise ValueError(f"{name} must be a whole number of at least 0, or None, got {limit}.")


def _too_long(length: int | None, limit: int, at_least: bool = False) -> str:
    """Why text of ``length`` bytes (None: unknown, past the limit) is refused."""
    reading = "(max_bytes; None reads any length)"
    if length is None:  # load() stops reading one past the limit
        return f"the text is longer than the limit of {limit:,} bytes {reading}."
    size = f"at least {length:,} bytes" if at_least else f"{length:,} bytes"
    return f"the text is {size} long, more than the limit of {limit:,} {reading}."


def _check_size(text: str | bytes | bytearray, path: str, max_bytes: int | None) -> None:
    """Refuse ``text`` longer than ``max_bytes`` bytes; a ``str`` counts as its UTF-8 bytes.

    A ``str`` of more characters than the limit is refused without being encoded (each
    character is at least one byte), an ASCII one counts a byte a character (Python knows
    that at once), and any other is encoded to count its bytes, so that the same JSON is
    refused alike as ``str`` and as ``bytes``.
    """
    if max_bytes is None:
        return
    if len(text) > max_bytes:
        raise RecordError(path, _too_long(len(text), max_bytes, at_least=isinstance(text, str)))
    if isinstance(text, str) and len(text) * 4 > max_bytes and not text.isascii():
        # A lone surrogate, which UTF-8 cannot write, counts as the 3 bytes of its code.
        length = len(text.encode("utf-8", "surrogatepass"))
        if length > max_bytes:
            raise RecordError(path, _too_long(length, max_bytes))


def _decoding(error: UnicodeDecodeError) -> str:
    """Why bytes are not text, as 'not valid UTF-8 (invalid start byte at offset 3)'."""
    encoding = error.encoding.upper().replace("UTF-8-SIG", "UTF-8")
    # Another encoding is the one json.loads detected from the first bytes: say so.
    guessed = "" if encoding == "UTF-8" else ", the encoding their first bytes suggest"
    return f"they are not valid {encoding}{guessed} ({error.reason} at offset {error.start})"


def _utf8(data: bytes | bytearray, path: str, what: str) -> str:
    """Bytes read as UTF-8 (a UTF-8 byte order mark skipped), as :func:`json.loads` reads them.

    Unlike :func:`json.loads`, no other encoding is tried: bytes that are not UTF-8 are
    refused as such, ``what`` (as 'a move') named as JSON text in UTF-8.
    """
    skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        # surrogatepass, as json.loads decodes: a lone surrogate is refused where it stands.
        text = bytes(data[skip:]).decode("utf-8", "surrogatepass")
    except UnicodeDecodeError as error:
        error.start += skip
        why = _decoding(error)
    else:
        if "\0" not in text:
            return text
        # Valid UTF-8, but JSON text never holds a zero byte: UTF-16 or UTF-32 does.
        why = f"they hold a zero byte (at offset {data.index(0)}), as UTF-16 and UTF-32 do"
    raise RecordError(path, f"the bytes are not text: {why}; {what} is JSON text in UTF-8.")


def _parse_json(
    text: str | bytes | bytearray, path: str, max_bytes: int | None, utf8_only: str = ""
) -> object:
    """The JSON value of ``text``, every fault a :class:`RecordError` at ``path``.

    Longer than ``max_bytes`` bytes (a ``str`` counted as UTF-8; None: any length), not text, not JSON, a key given twice in
    an object, NaN or Infinity, or nested too deeply; a whole number of more than 1,000
    digits is read as a :class:`_LongNumber`, for its reader to refuse with its own path.
    Bytes are UTF-8, UTF-16 or UTF-32, as :func:`json.loads` detects them, or, given
    ``utf8_only`` (what is read, as 'a move'), UTF-8 alone.
    """
    _check_limit(max_bytes, "max_bytes")
    _check_size(text, path, max_bytes)
    if utf8_only and not isinstance(text, str):
        text = _utf8(text, path, utf8_only)
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=_parse_int,
        )
    except _JsonFaultError as error:
        raise RecordError(path, str(error)) from None
    except json.JSONDecodeError as error:
        raise RecordError(path, f"the text is not JSON: {error}.") from None
    except UnicodeDecodeError as error:
        raise RecordError(path, f"the bytes are not text: {_decoding(error)}.") from None
    except RecursionError:
        raise RecordError(path, "the JSON is nested too deeply.") from None


_SIMPLE_KEY: Final = re.compile(r"[\w-]{1,40}")


def _key(path: str, key: object) -> str:
    """The path of a key of a JSON object: ``path.key``, or ``path['odd key']``."""
    if isinstance(key, str) and _SIMPLE_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{_show(key) if isinstance(key, str) else _short(key)}]"


def _int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int or not -_MAX_INT < value < _MAX_INT:
        if isinstance(value, (int, _LongNumber)) and not isinstance(value, bool):
            raise RecordError(
                path,
                f"must be a whole number of at most {_MAX_DIGITS:,} digits, got {_show(value)}.",
            )
        raise RecordError(path, f"must be a whole number, got {_show(value)}.")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            wanted = f"at least {low}"
        elif low is None:
            wanted = f"at most {high}"
        else:
            wanted = f"from {low} to {high}"
        raise RecordError(path, f"must be a whole number {wanted}, got {_show(value)}.")
    return value


def _optional_int(value: object, path: str, low: int | None = None) -> int | None:
    return None if value is None else _int(value, path, low)


def _bool(value: object, path: str) -> bool:
    if type(value) is not bool:
        raise RecordError(path, f"must be true or false, got {_show(value)}.")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"must be a string, got {_show(value)}.")
    return value


def _list(value: object, path: str, length: int | None = None, what: str = "") -> list[object]:
    if not isinstance(value, list):
        raise RecordError(path, f"must be a list{what and ' of ' + what}, got {_show(value)}.")
    if length is not None and len(value) != length:
        raise RecordError(
            path, f"must list {length} {what or 'values'}, one per seat, got {len(value)}."
        )
    return value


def _member(kind: type[_E], value: object, path: str) -> _E:
    for member in kind:
        if member.value == value and isinstance(value, str):
            return member
    names = ", ".join(repr(member.value) for member in kind)
    raise RecordError(path, f"must be one of {names}, got {_show(value)}.")


def _seat(value: object, path: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise RecordError(
            path, f"must be a seat, a whole number from 0 to {players - 1}, got {_show(value)}."
        )
    return value


def _fields(
    value: object, path: str, what: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, object]:
    """``value`` as a JSON object with exactly the ``required`` keys and some ``optional``."""
    if not isinstance(value, dict):
        raise RecordError(path, f"must be a JSON object ({what}), got {_show(value)}.")
    for key in value:
        if key not in required and key not in optional:
            names = ", ".join(repr(name) for name in (*required, *optional))
            raise RecordError(
                path, f"has an unknown field {_show(key)}; {what} has the fields {names}."
            )
    for key in required:
        if key not in value:
            raise RecordError(path, f"lacks the field {key!r}, which {what} needs.")
    return cast("dict[str, object]", value)


def _schema(data: dict[str, object], path: str, required: bool) -> None:
    if "schema" not in data:
        if required:
            raise RecordError(path, f"lacks the field 'schema' (the version, {RECORD_SCHEMA}).")
        return
    if data["schema"] != RECORD_SCHEMA or type(data["schema"]) is not int:
        raise RecordError(
            f"{path}.schema",
            f"this version of hearts reads schema {RECORD_SCHEMA}, got {_show(data['schema'])}.",
        )


def _card(value: object, path: str, deck: int = ALL_CARDS) -> Card:
    card = _BY_ASCII.get(value) if isinstance(value, str) else None
    if card is None:
        hint = ""
        if isinstance(value, str):
            with contextlib.suppress(NotationError):
                hint = f" (write {Card.parse(value).ascii!r})"
        raise RecordError(path, f"{_show(value)} is not a card{hint}: {_CARD_HELP}.")
    if not deck >> card & 1:
        raise RecordError(path, f"{card.ascii} is not in this game's deck.")
    return card


def _cards(value: object, path: str, deck: int = ALL_CARDS) -> int:
    """A set of cards written as one string, ``"2C 3D QS"``, as a bitmask."""
    if not isinstance(value, str):
        raise RecordError(
            path, f"must be a string of cards such as '2C 3D QS', got {_show(value)}."
        )
    mask = 0
    if value:
        for text in value.split(" "):
            if not text:
                raise RecordError(path, f"{_show(value)} must separate its cards by single spaces.")
            card = _card(text, path, deck)
            if mask >> card & 1:
                raise RecordError(path, f"{_show(value)} lists {card.ascii} twice.")
            mask |= 1 << card
    return mask


def _text(mask: int | CardSet) -> str:
    return " ".join(card.ascii for card in cards_of(mask if isinstance(mask, int) else mask.mask))


def _ints(value: object, path: str, players: int, low: int | None = None) -> tuple[int, ...]:
    items = _list(value, path, players, "whole numbers")
    return tuple(_int(item, f"{path}[{i}]", low) for i, item in enumerate(items))


def _hands(value: object, path: str, players: int, deck: int) -> tuple[int, ...]:
    items = _list(value, path, players, "sets of cards")
    return tuple(_cards(item, f"{path}[{i}]", deck) for i, item in enumerate(items))


def _seats(value: object, path: str, players: int) -> tuple[int, ...]:
    items = _list(value, path, what="seats")
    seats = tuple(_seat(item, f"{path}[{i}]", players) for i, item in enumerate(items))
    if any(a >= b for a, b in itertools.pairwise(seats)):
        raise RecordError(
            path, f"must list seats in increasing order, each once, got {_show(items)}."
        )
    return seats


def _masks_text(masks: Iterable[int]) -> list[str]:
    return [_text(mask) for mask in masks]


def _named(mask: int) -> str:
    return _text(mask) or "no cards"


# --- rules -----------------------------------------------------------------------------------

_CARD_SET_FIELDS: Final = ("removed", "unpassable")
_ENUM_FIELDS: Final[dict[str, type[enum.Enum]]] = {
    "first_lead": FirstLead,
    "first_trick": FirstTrick,
    "first_trick_fallback": FirstTrickFallback,
    "moon": ShootMode,
    "sun": ShootMode,
}
_INT_FIELDS: Final = (
    "schema",
    "players",
    "jokers",
    "pass_count",
    "no_trick_bonus",
    "no_heart_bonus",
    "multiplier_alone",
    "reset_amount",
)
_OPTIONAL_INT_FIELDS: Final = (
    "moon_value",
    "sun_value",
    "chips",
    "target",
    "hands",
    "score_floor",
)
_BOOL_FIELDS: Final = FLAG_FIELDS
_RULES_FIELDS_CHECKED: Final = frozenset(
    (
        *_CARD_SET_FIELDS,
        *_ENUM_FIELDS,
        *_INT_FIELDS,
        *_OPTIONAL_INT_FIELDS,
        *_BOOL_FIELDS,
        "pass_cycle",
        "points",
        "multipliers",
        "penalty_cards",
        "resets",
    )
)
"""The fields of :meth:`Rules.to_dict` whose JSON types this module checks itself (a field
added to :class:`~hearts.Rules` later is checked by :meth:`Rules.from_dict` alone)."""


def _check_rules_types(data: dict[str, object], path: str) -> None:
    """The JSON type of each field of a rules object, as the record schema has them."""
    for name, value in data.items():
        where = f"{path}.{name}"
        if name in _CARD_SET_FIELDS or (name == "penalty_cards" and value is not None):
            _cards(value, where)
        elif name in _ENUM_FIELDS:
            _member(_ENUM_FIELDS[name], value, where)
        elif name in _INT_FIELDS:
            _int(value, where)
        elif name in _OPTIONAL_INT_FIELDS:
            _optional_int(value, where)
        elif name in _BOOL_FIELDS:
            _bool(value, where)
        elif name == "pass_cycle":
            for i, item in enumerate(_list(value, where, what="pass directions")):
                _member(PassDirection, item, f"{where}[{i}]")
        elif name == "resets":
            for i, item in enumerate(_list(value, where, what="totals")):
                _int(item, f"{where}[{i}]")
        elif name == "multipliers":
            _card_numbers(value, where, "factors, as {'TC': 2}")
        elif name == "points" and value != []:  # to_dict() writes an empty table as a list
            _card_numbers(value, where, "points, as {'QS': 13}")


def _card_numbers(value: object, where: str, what: str) -> None:
    """A JSON object from cards to whole numbers (a point table, the multipliers)."""
    if not isinstance(value, dict):
        raise RecordError(where, f"must map cards to {what}, got {_show(value)}.")
    for key, number in value.items():
        _card(key, _key(where, key))
        _int(number, _key(where, key))


_MISSING: Final = object()


def _read_rules(value: object, path: str) -> tuple[Rules, str | None]:
    """Rules from a full :meth:`Rules.to_dict` object, or a preset name and fingerprint."""
    if isinstance(value, dict) and "preset" in value:
        data = _fields(value, path, "a preset reference", ("preset", "fingerprint"))
        name = _str(data["preset"], f"{path}.preset")
        if name not in PRESETS:
            raise RecordError(
                f"{path}.preset",
                f"there is no preset {_show(name)}; the presets are {', '.join(PRESETS)}.",
            )
        rules = PRESETS[name].rules
        _check_fingerprint(rules, data["fingerprint"], f"{path}.fingerprint", f"preset {name!r}")
        return rules, name
    if not isinstance(value, dict):
        raise RecordError(
            path,
            "must be a JSON object: the rules as Rules.to_dict() writes them, or "
            f'{{"preset": name, "fingerprint": ...}}; got {_show(value)}.',
        )
    data = dict(cast("dict[str, object]", value))
    fingerprint = data.pop("fingerprint", _MISSING)
    _check_rules_types(data, path)
    try:
        rules = Rules.from_dict(data)
    except HeartsError as error:
        raise RecordError(path, str(error)) from None
    if fingerprint is not _MISSING:
        _check_fingerprint(rules, fingerprint, f"{path}.fingerprint", "rules")
    return rules, None


_WRITTEN: Final = {
    "record": "the record was made",
    "state": "the state was written",
    "view": "the player view was written",
    "rules": "the rules file was written",
}
"""What was read, by the first name of its path: a game record, a state, a player's view, or
rules read on their own (the command line's ``--rules FILE`` and ``hearts rules FILE``)."""


def _check_fingerprint(rules: Rules, value: object, path: str, what: str) -> None:
    text = _str(value, path)
    if text != rules.fingerprint:
        top = re.split(r"[.\[]", path, maxsplit=1)[0]
        written = _WRITTEN.get(top, f"the {top} was written")
        raise RecordError(
            path,
            f"{written} with {what} of fingerprint {_printable(text[:16])}..., but here they "
            f"have fingerprint {rules.fingerprint[:16]}...; these are not the same rules.",
        )


def _rules_json(rules: Rules, preset: str | None = None) -> dict[str, object]:
    if preset is not None:
        return {"preset": preset, "fingerprint": rules.fingerprint}
    data = rules.to_dict()
    if data.get("points") == []:
        data["points"] = {}  # an empty table is a mapping like any other
    return {**data, "fingerprint": rules.fingerprint}


def _move_hint(value: object) -> str:
    """What to call instead, for a value given where a move object was wanted."""
    if isinstance(value, str):
        return "; hearts.parse_move reads a move's text"
    if isinstance(value, Mapping):
        return "; hearts.move_from_dict reads a move's JSON"
    return ""


def _check_rules_argument(value: object, who: str, optional: bool = False) -> None:
    if isinstance(value, Rules) or (optional and value is None):
        return
    hint = ""
    if isinstance(value, str):
        hint = f"; for a preset, pass hearts.Rules.preset({_short(value)})"
    elif isinstance(value, Mapping):
        hint = "; hearts.Rules.from_dict reads rules from JSON"
    raise TypeError(
        f"{who} needs a hearts.Rules value for rules{' (or None)' if optional else ''}, "
        f"got {_short(value)}{hint}."
    )
