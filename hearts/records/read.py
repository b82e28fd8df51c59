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

from hearts.errors import HeartsError, NotationError
from hearts.game.cards import ALL_CARDS, CARDS, Card, CardSet, cards_of
from hearts.game.rules import (
    FLAG_FIELDS,
    PRESETS,
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    Rules,
    ShootMode,
)
from hearts.records.messages import MAX_DIGITS, MAX_INT, printable

# What the other modules of the records import from here, under the names they had here.
from hearts.records.messages import SHOWN as SHOWN  # noqa: PLC0414
from hearts.records.messages import LongNumber as LongNumber  # noqa: PLC0414
from hearts.records.messages import check_limit as check_limit  # noqa: PLC0414
from hearts.records.messages import decoding as decoding  # noqa: PLC0414
from hearts.records.messages import parse_int as parse_int  # noqa: PLC0414
from hearts.records.messages import short as short  # noqa: PLC0414
from hearts.records.messages import show as show  # noqa: PLC0414
from hearts.records.messages import too_long as too_long  # noqa: PLC0414

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
                f"RecordError needs a path and a reason, both str, got {short(path)} and "
                f"{short(reason)}."
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


# --- reading JSON text ---------------------------------------------------------------------


class _JsonFaultError(Exception):
    """A fault the JSON parser's hooks find, given its path by :func:`parse_json`."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _JsonFaultError(f"a JSON object gives the key {show(key)} twice.")
        data[key] = value
    return data


def _no_constant(name: str) -> NoReturn:
    raise _JsonFaultError(f"{name} is not a JSON number.")


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
        raise RecordError(path, too_long(len(text), max_bytes, at_least=isinstance(text, str)))
    if isinstance(text, str) and len(text) * 4 > max_bytes and not text.isascii():
        # A lone surrogate, which UTF-8 cannot write, counts as the 3 bytes of its code.
        length = len(text.encode("utf-8", "surrogatepass"))
        if length > max_bytes:
            raise RecordError(path, too_long(length, max_bytes))


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
        why = decoding(error)
    else:
        if "\0" not in text:
            return text
        # Valid UTF-8, but JSON text never holds a zero byte: UTF-16 or UTF-32 does.
        why = f"they hold a zero byte (at offset {data.index(0)}), as UTF-16 and UTF-32 do"
    raise RecordError(path, f"the bytes are not text: {why}; {what} is JSON text in UTF-8.")


def parse_json(
    text: str | bytes | bytearray, path: str, max_bytes: int | None, utf8_only: str = ""
) -> object:
    """The JSON value of ``text``, every fault a :class:`RecordError` at ``path``.

    Longer than ``max_bytes`` bytes (a ``str`` counted as UTF-8; None: any length), not text, not JSON, a key given twice in
    an object, NaN or Infinity, or nested too deeply; a whole number of more than 1,000
    digits is read as a :class:`LongNumber`, for its reader to refuse with its own path.
    Bytes are UTF-8, UTF-16 or UTF-32, as :func:`json.loads` detects them, or, given
    ``utf8_only`` (what is read, as 'a move'), UTF-8 alone.
    """
    check_limit(max_bytes, "max_bytes")
    _check_size(text, path, max_bytes)
    if utf8_only and not isinstance(text, str):
        text = _utf8(text, path, utf8_only)
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=parse_int,
        )
    except _JsonFaultError as error:
        raise RecordError(path, str(error)) from None
    except json.JSONDecodeError as error:
        raise RecordError(path, f"the text is not JSON: {error}.") from None
    except UnicodeDecodeError as error:
        raise RecordError(path, f"the bytes are not text: {decoding(error)}.") from None
    except RecursionError:
        raise RecordError(path, "the JSON is nested too deeply.") from None


_SIMPLE_KEY: Final = re.compile(r"[\w-]{1,40}")


def key_path(path: str, key: object) -> str:
    """The path of a key of a JSON object: ``path.key``, or ``path['odd key']``."""
    if isinstance(key, str) and _SIMPLE_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{show(key) if isinstance(key, str) else short(key)}]"


def read_int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number of at most 1,000 digits, from ``low`` to ``high``.

    A bool is no number here; the error is a :class:`RecordError` at ``path``.

    >>> read_int(3, "record.seed", 0)
    3
    >>> read_int(True, "record.seed")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record.seed: must be a whole number, got true.
    """
    if type(value) is not int or not -MAX_INT < value < MAX_INT:
        if isinstance(value, (int, LongNumber)) and not isinstance(value, bool):
            raise RecordError(
                path,
                f"must be a whole number of at most {MAX_DIGITS:,} digits, got {show(value)}.",
            )
        raise RecordError(path, f"must be a whole number, got {show(value)}.")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            wanted = f"at least {low}"
        elif low is None:
            wanted = f"at most {high}"
        else:
            wanted = f"from {low} to {high}"
        raise RecordError(path, f"must be a whole number {wanted}, got {show(value)}.")
    return value


def _optional_int(value: object, path: str, low: int | None = None) -> int | None:
    return None if value is None else read_int(value, path, low)


def read_bool(value: object, path: str) -> bool:
    """``value`` if it is true or false; else a :class:`RecordError` at ``path``.

    >>> read_bool(1, "state.hearts_broken")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hearts_broken: must be true or false, got 1.
    """
    if type(value) is not bool:
        raise RecordError(path, f"must be true or false, got {show(value)}.")
    return value


def read_str(value: object, path: str) -> str:
    """``value`` if it is a string; else a :class:`RecordError` at ``path``.

    >>> read_str("t7", "record.metadata.table")
    't7'
    """
    if not isinstance(value, str):
        raise RecordError(path, f"must be a string, got {show(value)}.")
    return value


def read_list(value: object, path: str, length: int | None = None, what: str = "") -> list[object]:
    """``value`` if it is a JSON list, of ``length`` items (one per seat) where it is given.

    ``what`` names the items in the error, a :class:`RecordError` at ``path``.

    >>> read_list([0, 26], "result.scores", 4, "totals")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: result.scores: must list 4 totals, one per seat, got 2.
    """
    if not isinstance(value, list):
        raise RecordError(path, f"must be a list{what and ' of ' + what}, got {show(value)}.")
    if length is not None and len(value) != length:
        raise RecordError(
            path, f"must list {length} {what or 'values'}, one per seat, got {len(value)}."
        )
    return value


def read_member(kind: type[_E], value: object, path: str) -> _E:
    """The member of the enum ``kind`` whose value is the string ``value``.

    Else a :class:`RecordError` at ``path`` that lists the values.

    >>> read_member(PassDirection, "left", "result.pass_direction")
    PassDirection.LEFT
    """
    for member in kind:
        if member.value == value and isinstance(value, str):
            return member
    names = ", ".join(repr(member.value) for member in kind)
    raise RecordError(path, f"must be one of {names}, got {show(value)}.")


def read_seat(value: object, path: str, players: int) -> int:
    """``value`` if it is a seat of a game of ``players``; else a :class:`RecordError` at ``path``.

    >>> read_seat(4, "trick.leader", 4)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: trick.leader: must be a seat, a whole number from 0 to 3, got 4.
    """
    if type(value) is not int or not 0 <= value < players:
        raise RecordError(
            path, f"must be a seat, a whole number from 0 to {players - 1}, got {show(value)}."
        )
    return value


def read_fields(
    value: object, path: str, what: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, object]:
    """``value`` as a JSON object with exactly the ``required`` keys and some ``optional``."""
    if not isinstance(value, dict):
        raise RecordError(path, f"must be a JSON object ({what}), got {show(value)}.")
    for key in value:
        if key not in required and key not in optional:
            names = ", ".join(repr(name) for name in (*required, *optional))
            raise RecordError(
                path, f"has an unknown field {show(key)}; {what} has the fields {names}."
            )
    for key in required:
        if key not in value:
            raise RecordError(path, f"lacks the field {key!r}, which {what} needs.")
    return cast("dict[str, object]", value)


def check_schema(data: dict[str, object], path: str, required: bool) -> None:
    """Refuse a ``schema`` field that is not :data:`RECORD_SCHEMA`, or none if ``required``.

    >>> check_schema({"schema": 2}, "record", required=True)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record.schema: this version of hearts reads schema 1, got 2.
    """
    if "schema" not in data:
        if required:
            raise RecordError(path, f"lacks the field 'schema' (the version, {RECORD_SCHEMA}).")
        return
    if data["schema"] != RECORD_SCHEMA or type(data["schema"]) is not int:
        raise RecordError(
            f"{path}.schema",
            f"this version of hearts reads schema {RECORD_SCHEMA}, got {show(data['schema'])}.",
        )


def read_card(value: object, path: str, deck: int = ALL_CARDS) -> Card:
    """The card ``value`` writes in ASCII (``"QS"``, ``"JK1"``), if it is in the ``deck``.

    Else a :class:`RecordError` at ``path``, which gives the ASCII of a card written
    another way.

    >>> read_card("QS", "move.card")
    Card('Q♠')
    >>> read_card("Q♠", "move.card")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move.card: 'Q♠' is not a card (write 'QS'): records write ...
    """
    card = _BY_ASCII.get(value) if isinstance(value, str) else None
    if card is None:
        hint = ""
        if isinstance(value, str):
            with contextlib.suppress(NotationError):
                hint = f" (write {Card.parse(value).ascii!r})"
        raise RecordError(path, f"{show(value)} is not a card{hint}: {_CARD_HELP}.")
    if not deck >> card & 1:
        raise RecordError(path, f"{card.ascii} is not in this game's deck.")
    return card


def read_cards(value: object, path: str, deck: int = ALL_CARDS) -> int:
    """A set of cards written as one string, ``"2C 3D QS"``, as a bitmask."""
    if not isinstance(value, str):
        raise RecordError(path, f"must be a string of cards such as '2C 3D QS', got {show(value)}.")
    mask = 0
    if value:
        for text in value.split(" "):
            if not text:
                raise RecordError(path, f"{show(value)} must separate its cards by single spaces.")
            card = read_card(text, path, deck)
            if mask >> card & 1:
                raise RecordError(path, f"{show(value)} lists {card.ascii} twice.")
            mask |= 1 << card
    return mask


def mask_text(mask: int | CardSet) -> str:
    """A set of cards (a bitmask or a :class:`~hearts.CardSet`) as records write it.

    >>> mask_text(0b11)
    '2C 3C'
    """
    return " ".join(card.ascii for card in cards_of(mask if isinstance(mask, int) else mask.mask))


def read_ints(value: object, path: str, players: int, low: int | None = None) -> tuple[int, ...]:
    """One whole number per seat, each at least ``low`` where it is given.

    >>> read_ints([0, 26, 0], "result.points", 3, 0)
    (0, 26, 0)
    """
    items = read_list(value, path, players, "whole numbers")
    return tuple(read_int(item, f"{path}[{i}]", low) for i, item in enumerate(items))


def read_hands(value: object, path: str, players: int, deck: int) -> tuple[int, ...]:
    """One set of cards per seat, each read by :func:`read_cards` from the ``deck``, as masks.

    >>> read_hands(["2C 3C", ""], "result.passed", 2, ALL_CARDS)
    (3, 0)
    """
    items = read_list(value, path, players, "sets of cards")
    return tuple(read_cards(item, f"{path}[{i}]", deck) for i, item in enumerate(items))


def read_seats(value: object, path: str, players: int) -> tuple[int, ...]:
    """Seats of a game of ``players``, listed in increasing order, each once.

    >>> read_seats([2, 0], "result.winners", 4)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: result.winners: must list seats in increasing order, each once, got [2, 0].
    """
    items = read_list(value, path, what="seats")
    seats = tuple(read_seat(item, f"{path}[{i}]", players) for i, item in enumerate(items))
    if any(a >= b for a, b in itertools.pairwise(seats)):
        raise RecordError(
            path, f"must list seats in increasing order, each once, got {show(items)}."
        )
    return seats


def masks_text(masks: Iterable[int]) -> list[str]:
    """Each set of cards of ``masks`` as :func:`mask_text` writes it.

    >>> masks_text([0b1, 0])
    ['2C', '']
    """
    return [mask_text(mask) for mask in masks]


def named(mask: int) -> str:
    """A set of cards as :func:`mask_text` writes it, or "no cards" for none, for a message.

    >>> named(0)
    'no cards'
    """
    return mask_text(mask) or "no cards"


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
RULES_FIELDS_CHECKED: Final = frozenset(
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
            read_cards(value, where)
        elif name in _ENUM_FIELDS:
            read_member(_ENUM_FIELDS[name], value, where)
        elif name in _INT_FIELDS:
            read_int(value, where)
        elif name in _OPTIONAL_INT_FIELDS:
            _optional_int(value, where)
        elif name in _BOOL_FIELDS:
            read_bool(value, where)
        elif name == "pass_cycle":
            for i, item in enumerate(read_list(value, where, what="pass directions")):
                read_member(PassDirection, item, f"{where}[{i}]")
        elif name == "resets":
            for i, item in enumerate(read_list(value, where, what="totals")):
                read_int(item, f"{where}[{i}]")
        elif name == "multipliers":
            _card_numbers(value, where, "factors, as {'TC': 2}")
        elif name == "points" and value != []:  # to_dict() writes an empty table as a list
            _card_numbers(value, where, "points, as {'QS': 13}")


def _card_numbers(value: object, where: str, what: str) -> None:
    """A JSON object from cards to whole numbers (a point table, the multipliers)."""
    if not isinstance(value, dict):
        raise RecordError(where, f"must map cards to {what}, got {show(value)}.")
    for key, number in value.items():
        read_card(key, key_path(where, key))
        read_int(number, key_path(where, key))


_MISSING: Final = object()


def read_rules(value: object, path: str) -> tuple[Rules, str | None]:
    """Rules from a full :meth:`Rules.to_dict` object, or a preset name and fingerprint."""
    if isinstance(value, dict) and "preset" in value:
        data = read_fields(value, path, "a preset reference", ("preset", "fingerprint"))
        name = read_str(data["preset"], f"{path}.preset")
        if name not in PRESETS:
            raise RecordError(
                f"{path}.preset",
                f"there is no preset {show(name)}; the presets are {', '.join(PRESETS)}.",
            )
        rules = PRESETS[name].rules
        _check_fingerprint(rules, data["fingerprint"], f"{path}.fingerprint", f"preset {name!r}")
        return rules, name
    if not isinstance(value, dict):
        raise RecordError(
            path,
            "must be a JSON object: the rules as Rules.to_dict() writes them, or "
            f'{{"preset": name, "fingerprint": ...}}; got {show(value)}.',
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
    text = read_str(value, path)
    if text != rules.fingerprint:
        top = re.split(r"[.\[]", path, maxsplit=1)[0]
        written = _WRITTEN.get(top, f"the {top} was written")
        raise RecordError(
            path,
            f"{written} with {what} of fingerprint {printable(text[:16])}..., but here they "
            f"have fingerprint {rules.fingerprint[:16]}...; these are not the same rules.",
        )


def rules_json(rules: Rules, preset: str | None = None) -> dict[str, object]:
    """The rules as records write them: every field and the fingerprint, or a preset by name.

    Given ``preset``, only its name and the fingerprint are written; an empty point table
    is written as an object, like any other.

    >>> sorted(rules_json(Rules(), "standard"))
    ['fingerprint', 'preset']
    """
    if preset is not None:
        return {"preset": preset, "fingerprint": rules.fingerprint}
    data = rules.to_dict()
    if data.get("points") == []:
        data["points"] = {}  # an empty table is a mapping like any other
    return {**data, "fingerprint": rules.fingerprint}


def move_hint(value: object) -> str:
    """What to call instead, for a value given where a move object was wanted."""
    if isinstance(value, str):
        return "; hearts.parse_move reads a move's text"
    if isinstance(value, Mapping):
        return "; hearts.move_from_dict reads a move's JSON"
    return ""


def check_rules_argument(value: object, who: str, optional: bool = False) -> None:
    """Refuse a rules argument of ``who`` that is not a :class:`~hearts.Rules`: ``TypeError``.

    None is accepted if ``optional``; the error says how to make rules of a preset's name
    or of JSON.

    >>> check_rules_argument("standard", "replay")
    Traceback (most recent call last):
    ...
    TypeError: replay needs a hearts.Rules value for rules, got 'standard'; for a preset, pass hearts.Rules.preset('standard').
    """
    if isinstance(value, Rules) or (optional and value is None):
        return
    hint = ""
    if isinstance(value, str):
        hint = f"; for a preset, pass hearts.Rules.preset({short(value)})"
    elif isinstance(value, Mapping):
        hint = "; hearts.Rules.from_dict reads rules from JSON"
    raise TypeError(
        f"{who} needs a hearts.Rules value for rules{' (or None)' if optional else ''}, "
        f"got {short(value)}{hint}."
    )
