"""Game records and JSON: states, moves and hand results as JSON, replay and validation.

Everything a server stores, a bot author shares or a researcher replays has one stable,
validated JSON form, each carrying the schema version :data:`RECORD_SCHEMA`:

* :func:`state_to_dict` / :func:`state_from_dict` — a :class:`~hearts.State`;
* :func:`move_to_dict` / :func:`move_from_dict` — any move;
* :func:`result_to_dict` / :func:`result_from_dict` — a :class:`~hearts.HandResult`;
* :class:`GameRecord` — the rules, every move in order (deals included, so a replay needs no
  random generator) and optional metadata; :func:`dumps`, :func:`dump`, :func:`loads` and
  :func:`load` read and write it as the :mod:`json` module does, and :func:`replay` rebuilds
  every state, stopping at the first illegal move.

Cards are written in ASCII (``"QS"``, ``"TH"``, ``"JK1"``: :attr:`Card.ascii
<hearts.Card.ascii>`); a set of cards is one string of them separated by single spaces.
Reading checks everything and raises :class:`RecordError` (a ``ValueError``) whose message
starts with the path of the bad field, whatever the input (huge numbers, deep nesting, bytes
that are not text included); an argument of the wrong Python type (a state where a record is
wanted) raises ``TypeError``, saying what was expected.

A text notation for moves (:func:`parse_move` reads what ``str(move)`` writes) and a
pretty printer for finished hands (:func:`format_hand`) complete the module.

>>> import hearts
>>> state = hearts.new_game(seed=1)
>>> moves = []
>>> while not state.results:
...     move = hearts.legal_moves(state)[0]
...     moves.append(move)
...     state = hearts.apply(state, move)
>>> record = hearts.GameRecord(state.rules, moves, seed=1, metadata={"table": "t7"})
>>> text = hearts.dumps(record)
>>> hearts.loads(text) == record
True
>>> hearts.replay(hearts.loads(text)).final == state
True
"""

from __future__ import annotations

import contextlib
import enum
import importlib.resources
import io
import itertools
import json
import math
import os
import random
import re
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Final, NoReturn, TypeVar, cast

import attrs

from hearts.cards import ALL_CARDS, CARDS, Card, CardSet, cards_of
from hearts.engine import apply, new_game
from hearts.errors import HeartsError, IllegalMoveError, NotationError
from hearts.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.play import exchange, first_leader, trick_winner
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
from hearts.sampling import sample
from hearts.scoring import score_hand, shoot_options
from hearts.state import HandResult, Phase, State, Trick
from hearts.views import PlayerView, view

__all__ = [
    "RECORD_SCHEMA",
    "GameRecord",
    "RecordError",
    "Replay",
    "dump",
    "dumps",
    "format_hand",
    "load",
    "loads",
    "move_from_dict",
    "move_to_dict",
    "parse_move",
    "record_schema",
    "replay",
    "result_from_dict",
    "result_to_dict",
    "state_from_dict",
    "state_to_dict",
    "view_from_dict",
    "view_to_dict",
]

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
_INT_FIELDS: Final = ("schema", "players", "jokers", "pass_count", "no_trick_bonus", "reset_amount")
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
        elif name == "points":
            if value == []:
                continue  # Rules.to_dict() writes an empty point table as a list
            if not isinstance(value, dict):
                raise RecordError(
                    where, f"must map cards to points, as {{'QS': 13}}, got {_show(value)}."
                )
            for key, points in value.items():
                _card(key, _key(where, key))
                _int(points, _key(where, key))


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


def _check_fingerprint(rules: Rules, value: object, path: str, what: str) -> None:
    text = _str(value, path)
    if text != rules.fingerprint:
        raise RecordError(
            path,
            f"the record was made with {what} of fingerprint {_printable(text[:16])}..., but here they "
            f"have fingerprint {rules.fingerprint[:16]}...; these are not the same rules.",
        )


def _rules_json(rules: Rules, preset: str | None = None) -> dict[str, object]:
    if preset is not None:
        return {"preset": preset, "fingerprint": rules.fingerprint}
    data = rules.to_dict()
    if data.get("points") == []:
        data["points"] = {}  # an empty table is a mapping like any other
    return {**data, "fingerprint": rules.fingerprint}


# --- moves -----------------------------------------------------------------------------------

_MOVE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("hands",),
    "pass": ("player", "cards"),
    "play": ("player", "card"),
    "choose_pass": ("player", "direction", "count"),
    "claim": ("player",),
    "shoot_choice": ("player", "mode"),
}


def _move_body(move: object) -> dict[str, object]:
    kind = type(move)
    if kind is Play:
        play = cast("Play", move)
        return {"type": "play", "player": play.player, "card": play.card.ascii}
    if kind is Pass:
        passed = cast("Pass", move)
        return {"type": "pass", "player": passed.player, "cards": _text(passed.cards)}
    if kind is Deal:
        return {"type": "deal", "hands": [_text(hand) for hand in cast("Deal", move).hands]}
    if kind is ChoosePass:
        choice = cast("ChoosePass", move)
        return {
            "type": "choose_pass",
            "player": choice.player,
            "direction": choice.direction.value,
            "count": choice.count,
        }
    if kind is Claim:
        return {"type": "claim", "player": cast("Claim", move).player}
    if kind is ShootChoice:
        shot = cast("ShootChoice", move)
        return {"type": "shoot_choice", "player": shot.player, "mode": shot.mode.value}
    raise TypeError(
        "move_to_dict needs a move (Deal, Pass, Play, ChoosePass, Claim or ShootChoice), "
        f"got {_short(move)}{_move_hint(move)}."
    )


def move_to_dict(move: Move) -> dict[str, object]:
    """The JSON form of any move, with the schema version.

    A ``"type"`` field names the kind of move (``deal``, ``pass``, ``play``, ``choose_pass``,
    ``claim``, ``shoot_choice``); the other fields are the move's own.

    >>> import hearts
    >>> move_to_dict(hearts.Play(1, "Q♠"))
    {'schema': 1, 'type': 'play', 'player': 1, 'card': 'QS'}
    >>> move_to_dict(hearts.Pass(0, "2C 3D QS"))["cards"]
    '2C 3D QS'
    """
    return {"schema": RECORD_SCHEMA, **_move_body(move)}


def move_from_dict(data: object) -> Move:
    """The move a :func:`move_to_dict` object describes; raises :class:`RecordError`.

    The ``schema`` field may be left out (moves inside a record carry none).

    >>> import hearts
    >>> move_from_dict({"type": "play", "player": 1, "card": "QS"}) == hearts.Play(1, "QS")
    True
    >>> move_from_dict({"type": "play", "player": 1})
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move: lacks the field 'card', which a play move needs.
    """
    return _read_move(data, "move", None, ALL_CARDS, standalone=True)


def _read_move(
    value: object, path: str, players: int | None, deck: int, standalone: bool = False
) -> Move:
    """A move; ``players`` is the game's, or None for a move read on its own."""
    if not isinstance(value, dict):
        raise RecordError(path, f"must be a JSON object (a move), got {_show(value)}.")
    names = ", ".join(repr(name) for name in _MOVE_FIELDS)
    if "type" not in value:
        raise RecordError(
            path, f"lacks the field 'type', which names the kind of move: one of {names}."
        )
    kind = value["type"]
    if not isinstance(kind, str) or kind not in _MOVE_FIELDS:
        raise RecordError(f"{path}.type", f"must be one of {names}, got {_show(kind)}.")
    what = f"a {kind.replace('_', ' ')} move"
    optional = ("schema",) if standalone else ()
    data = _fields(value, path, what, ("type", *_MOVE_FIELDS[kind]), optional)
    if standalone:
        _schema(data, path, required=False)
    if kind == "deal":
        hands = _list(data["hands"], f"{path}.hands", players, "sets of cards")
        if players is None and not 3 <= len(hands) <= MAX_SEATS:
            raise RecordError(f"{path}.hands", f"must list 3 to 7 hands, got {len(hands)}.")
        masks = [_cards(hand, f"{path}.hands[{i}]", deck) for i, hand in enumerate(hands)]
        return Deal(tuple(CardSet.from_mask(mask) for mask in masks))
    player = _seat(data["player"], f"{path}.player", players or MAX_SEATS)
    if kind == "play":
        return Play(player, _card(data["card"], f"{path}.card", deck))
    if kind == "pass":
        return Pass(player, CardSet.from_mask(_cards(data["cards"], f"{path}.cards", deck)))
    if kind == "choose_pass":
        direction = _member(PassDirection, data["direction"], f"{path}.direction")
        return ChoosePass(player, direction, _int(data["count"], f"{path}.count"))
    if kind == "claim":
        return Claim(player)
    return ShootChoice(player, _member(ShootMode, data["mode"], f"{path}.mode"))


# --- tricks and hand results ------------------------------------------------------------------


def _trick_body(trick: Trick) -> dict[str, object]:
    return {
        "leader": trick.leader,
        "cards": [card.ascii for card in trick.cards],
        "winner": trick.winner,
    }


def _read_trick(value: object, path: str, players: int, deck: int) -> Trick:
    """A completed trick: one card per seat."""
    data = _fields(value, path, "a trick", ("leader", "cards", "winner"))
    leader = _seat(data["leader"], f"{path}.leader", players)
    items = _list(data["cards"], f"{path}.cards", players, "cards")
    cards = tuple(_card(item, f"{path}.cards[{i}]", deck) for i, item in enumerate(items))
    winner = _seat(data["winner"], f"{path}.winner", players)
    return Trick(leader, cards, winner)


_RESULT_FIELDS: Final = (
    "hand_number",
    "pass_direction",
    "dealt",
    "passed",
    "tricks",
    "claim",
    "tricks_won",
    "points",
    "moon",
    "sun",
    "shoot_mode",
    "counted",
    "shoot",
    "bonuses",
    "chip_changes",
    "adjustments",
    "changes",
    "scores",
    "pool",
    "winners",
)
_TERMS: Final = ("counted", "shoot", "bonuses", "chip_changes", "adjustments")


def _result_body(result: HandResult) -> dict[str, object]:
    return {
        "hand_number": result.hand_number,
        "pass_direction": result.pass_direction.value,
        "dealt": [_text(hand) for hand in result.dealt],
        "passed": [_text(cards) for cards in result.passed],
        "tricks": [_trick_body(trick) for trick in result.tricks],
        "claim": result.claim,
        "tricks_won": list(result.tricks_won),
        "points": list(result.points),
        "moon": result.moon,
        "sun": result.sun,
        "shoot_mode": None if result.shoot_mode is None else result.shoot_mode.value,
        "counted": list(result.counted),
        "shoot": list(result.shoot),
        "bonuses": list(result.bonuses),
        "chip_changes": list(result.chip_changes),
        "adjustments": list(result.adjustments),
        "changes": list(result.changes),
        "scores": list(result.scores),
        "pool": result.pool,
        "winners": list(result.winners),
    }


def result_to_dict(result: HandResult) -> dict[str, object]:
    """The JSON form of a finished hand's :class:`~hearts.HandResult`, every field included.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = result_to_dict(state.results[0])
    >>> data["schema"], data["pass_direction"], data["tricks"][0]["cards"][0], sum(data["points"])
    (1, 'left', '2C', 26)
    """
    _check_result_argument(result, "result_to_dict")
    return {"schema": RECORD_SCHEMA, **_result_body(result)}


def _check_result_argument(result: object, who: str) -> None:
    if not isinstance(result, HandResult):
        hint = "; a state's finished hands are state.results" if isinstance(result, State) else ""
        raise TypeError(f"{who} needs a hearts.HandResult, got {_short(result)}{hint}.")


def result_from_dict(data: object, rules: Rules | None = None) -> HandResult:
    """The :class:`~hearts.HandResult` a :func:`result_to_dict` object describes.

    Without ``rules`` the fields are checked against each other (one value per seat, the
    deal shared out, each change the sum of its terms, ...); with ``rules`` the cards must
    also be the game's deck and the tricks must follow the deal, the pass and who wins each
    trick, and (in a points game) the scoring is checked too. The ``schema`` field may be
    left out. Raises :class:`RecordError`.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> result_from_dict(result_to_dict(state.results[0]), state.rules) == state.results[0]
    True
    """
    _check_rules_argument(rules, "result_from_dict", optional=True)
    if not isinstance(data, dict):
        raise RecordError("result", f"must be a JSON object (a hand result), got {_show(data)}.")
    result = _read_result(data, "result", rules, standalone=True)
    if rules is not None and rules.chips is None:
        before = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
        _check_scoring(result, "result", rules, before, 0)
    return result


def _read_result(
    value: object,
    path: str,
    rules: Rules | None,
    standalone: bool = False,
    seen_by: int | None = None,
) -> HandResult:
    """Read and check a hand result.

    ``seen_by``: the seat of a view, whose results hide the others' dealt hands and passes
    (see :class:`~hearts.PlayerView`).
    """
    optional = ("schema",) if standalone else ()
    data = _fields(value, path, "a hand result", _RESULT_FIELDS, optional)
    if standalone:
        _schema(data, path, required=False)
    if rules is not None:
        players, deck = rules.players, rules.deck_mask
    else:
        scores = _list(data["scores"], f"{path}.scores", what="totals")
        if not 3 <= len(scores) <= MAX_SEATS:
            raise RecordError(
                f"{path}.scores", f"must list 3 to 7 totals, one per seat, got {len(scores)}."
            )
        players, deck = len(scores), ALL_CARDS
    hand_number = _int(data["hand_number"], f"{path}.hand_number", 0)
    direction = _member(PassDirection, data["pass_direction"], f"{path}.pass_direction")
    dealt = _hands(data["dealt"], f"{path}.dealt", players, deck)
    passed = _hands(data["passed"], f"{path}.passed", players, deck)
    if seen_by is None:
        hand_size = _check_deal(dealt, f"{path}.dealt", rules)
        count = _check_passes(path, rules, direction, dealt, passed)
    else:
        hand_size, count = _check_seen_cards(path, rules, seen_by, direction, dealt, passed)
    if rules is not None:
        _check_direction(path, f"{path}.passed", rules, hand_number, direction, count)
    items = _list(data["tricks"], f"{path}.tricks", what="tricks")
    if len(items) > hand_size:
        raise RecordError(
            f"{path}.tricks", f"lists {len(items)} tricks, but a hand has {hand_size}."
        )
    tricks = tuple(
        _read_trick(item, f"{path}.tricks[{i}]", players, deck) for i, item in enumerate(items)
    )
    claim = None if data["claim"] is None else _seat(data["claim"], f"{path}.claim", players)
    if (claim is None) != (len(tricks) == hand_size):
        raise RecordError(
            f"{path}.claim",
            "names no claim, but the hand has fewer tricks than cards in a hand."
            if claim is None
            else "names a claim, but every trick was played.",
        )
    if rules is not None and claim is not None and not rules.claims:
        raise RecordError(f"{path}.claim", "names a claim, but these rules have no claims.")
    won = [0] * players
    if rules is not None:
        if seen_by is None:  # a view's result hides the hands the play is checked against
            received = exchange(dealt, passed, direction)
            _check_play(path, rules, hand_number, received, tricks)
        for trick in tricks:
            won[trick.winner] += 1
        if claim is not None:
            won[claim] += hand_size - len(tricks)
    tricks_won = _ints(data["tricks_won"], f"{path}.tricks_won", players, 0)
    if rules is not None and tricks_won != tuple(won):
        raise RecordError(
            f"{path}.tricks_won",
            f"must be {list(won)}, as the tricks say, got {_show(tricks_won)}.",
        )
    if sum(tricks_won) != hand_size:
        raise RecordError(
            f"{path}.tricks_won",
            f"must add up to {hand_size}, the tricks of a hand, got {_show(sum(tricks_won))}.",
        )
    moon = None if data["moon"] is None else _seat(data["moon"], f"{path}.moon", players)
    sun = None if data["sun"] is None else _seat(data["sun"], f"{path}.sun", players)
    mode_value = data["shoot_mode"]
    mode = None
    if mode_value is not None:
        mode = _member(ShootMode, mode_value, f"{path}.shoot_mode")
        if mode not in (ShootMode.ADD, ShootMode.SUBTRACT):
            raise RecordError(
                f"{path}.shoot_mode", f"must be 'add', 'subtract' or null, got {_show(mode_value)}."
            )
    if moon is not None and sun is not None:
        raise RecordError(
            f"{path}.sun", "names a sun on a hand with a moon: the sun replaces the moon."
        )
    if (mode is None) != (moon is None and sun is None):
        raise RecordError(
            f"{path}.shoot_mode", "must be given exactly when somebody shot the moon or the sun."
        )
    numbers = {
        name: _ints(data[name], f"{path}.{name}", players)
        for name in ("points", *_TERMS, "changes", "scores")
    }
    for seat in range(players):
        total = sum(numbers[name][seat] for name in _TERMS)
        if numbers["changes"][seat] != total:
            raise RecordError(
                f"{path}.changes[{seat}]",
                f"must be {_show(total)}, the sum of counted, shoot, bonuses, chip_changes and "
                f"adjustments, got {_show(numbers['changes'][seat])}.",
            )
    pool = _int(data["pool"], f"{path}.pool", 0)
    winners = _seats(data["winners"], f"{path}.winners", players)
    return HandResult(
        hand_number=hand_number,
        pass_direction=direction,
        dealt=tuple(CardSet.from_mask(mask) for mask in dealt),
        passed=tuple(CardSet.from_mask(mask) for mask in passed),
        tricks=tricks,
        claim=claim,
        tricks_won=tricks_won,
        points=numbers["points"],
        moon=moon,
        sun=sun,
        shoot_mode=mode,
        counted=numbers["counted"],
        shoot=numbers["shoot"],
        bonuses=numbers["bonuses"],
        chip_changes=numbers["chip_changes"],
        adjustments=numbers["adjustments"],
        changes=numbers["changes"],
        scores=numbers["scores"],
        pool=pool,
        winners=winners,
    )


def _check_deal(dealt: tuple[int, ...], path: str, rules: Rules | None) -> int:
    """The deal shares out the deck: disjoint hands of one size. Returns the hand size."""
    size = dealt[0].bit_count()
    seen = 0
    for seat, mask in enumerate(dealt):
        if mask.bit_count() != size:
            raise RecordError(
                f"{path}[{seat}]",
                f"holds {mask.bit_count()} cards, but P0 holds {size}: every hand is dealt the same number.",
            )
        if mask & seen:
            raise RecordError(
                f"{path}[{seat}]", f"holds {_text(mask & seen)}, which another hand holds too."
            )
        seen |= mask
    if rules is not None and seen != rules.deck_mask:
        raise RecordError(
            path,
            f"must share out the whole deck, but {_text(rules.deck_mask & ~seen)} are in no hand.",
        )
    if size == 0:
        raise RecordError(path, "deals no cards.")
    return size


def _check_seen_cards(
    path: str,
    rules: Rules | None,
    player: int,
    direction: PassDirection,
    dealt: tuple[int, ...],
    passed: tuple[int, ...],
) -> tuple[int, int]:
    """A view's result shows only ``player``'s dealt hand, its pass and the pass it received.

    Returns the hand size and how many cards each seat passed.
    """
    players = len(dealt)
    source = (player - direction.offset(players)) % players
    for seat in range(players):
        if seat != player and dealt[seat]:
            raise RecordError(
                f"{path}.dealt[{seat}]",
                f"must be empty: P{player} did not see P{seat}'s dealt hand.",
            )
        if seat not in (player, source) and passed[seat]:
            raise RecordError(
                f"{path}.passed[{seat}]",
                f"must be empty: P{player} did not see what P{seat} passed.",
            )
    hand_size = dealt[player].bit_count()
    if not hand_size:
        raise RecordError(f"{path}.dealt[{player}]", f"is empty: P{player} was dealt no cards.")
    if rules is not None and hand_size != rules.hand_size:
        raise RecordError(
            f"{path}.dealt[{player}]",
            f"holds {hand_size} cards, but these rules deal {rules.hand_size}.",
        )
    own, received = passed[player], passed[source]
    count = own.bit_count()
    if own & ~dealt[player]:
        raise RecordError(
            f"{path}.passed[{player}]",
            f"holds {_text(own & ~dealt[player])}, which P{player} was not dealt.",
        )
    if rules is not None and own & rules.unpassable.mask:
        raise RecordError(
            f"{path}.passed[{player}]",
            f"holds {_text(own & rules.unpassable.mask)}, which may not be passed.",
        )
    if source != player:
        if received & dealt[player]:
            raise RecordError(
                f"{path}.passed[{source}]",
                f"holds {_text(received & dealt[player])}, which P{player} was dealt itself.",
            )
        if received.bit_count() != count:
            raise RecordError(
                f"{path}.passed[{source}]",
                f"holds {received.bit_count()} cards, but P{player} passed {count}.",
            )
    if direction is PassDirection.HOLD and count:
        raise RecordError(f"{path}.passed", "must be empty on a hold hand.")
    if direction is not PassDirection.HOLD and not count:
        raise RecordError(f"{path}.passed", f"is empty, but this hand passes {direction}.")
    return hand_size, count


def _default_pass(rules: Rules, hand_number: int) -> tuple[PassDirection, int]:
    direction = rules.pass_cycle[hand_number % len(rules.pass_cycle)]
    return direction, 0 if direction is PassDirection.HOLD else rules.pass_count


def _check_direction(
    path: str, count_path: str, rules: Rules, hand_number: int, direction: PassDirection, count: int
) -> None:
    """The pass of a hand is the cycle's, or one the dealer may call."""
    if rules.dealer_chooses_pass:
        if direction not in rules.pass_directions:
            raise RecordError(
                f"{path}.pass_direction",
                f"is {direction}, which {rules.players} players cannot pass.",
            )
        top = 0 if direction is PassDirection.HOLD else rules.pass_count
        if not min(top, 1) <= count <= top:
            raise RecordError(
                count_path,
                f"gives a pass of {_show(count)} cards {direction}, but the dealer may call 1 to {rules.pass_count} cards (0 on a hold hand).",
            )
        return
    expected, expected_count = _default_pass(rules, hand_number)
    if direction is not expected:
        raise RecordError(
            f"{path}.pass_direction",
            f"is {direction}, but hand {_show(hand_number)} passes {expected} in these rules' pass cycle.",
        )
    if count != expected_count:
        raise RecordError(
            count_path,
            f"gives a pass of {_show(count)} cards, but these rules pass {expected_count} this hand.",
        )


def _check_passes(
    path: str,
    rules: Rules | None,
    direction: PassDirection,
    dealt: tuple[int, ...],
    passed: tuple[int, ...],
    pending: tuple[int, ...] | None = None,
) -> int:
    """Each seat that has passed passed as many of its own, passable cards as the others.

    ``pending``: the seats that have not passed yet (the pass phase); None when all have.
    Returns how many cards each seat passed (0 if none has).
    """
    count: int | None = None
    for seat, mask in enumerate(passed):
        where = f"{path}.passed[{seat}]"
        if pending is not None and seat in pending:
            if mask:
                raise RecordError(where, f"must be empty: P{seat} has not passed yet.")
            continue
        if count is None:
            count = mask.bit_count()
        elif mask.bit_count() != count:
            raise RecordError(
                where,
                f"holds {mask.bit_count()} cards, but every seat passes as many as the first that passed ({count}).",
            )
        if mask & ~dealt[seat]:
            raise RecordError(
                where, f"holds {_text(mask & ~dealt[seat])}, which P{seat} was not dealt."
            )
        if rules is not None and mask & rules.unpassable.mask:
            raise RecordError(
                where, f"holds {_text(mask & rules.unpassable.mask)}, which may not be passed."
            )
    count = count or 0
    if direction is PassDirection.HOLD and count:
        raise RecordError(f"{path}.passed", "must be empty on a hold hand.")
    if direction is not PassDirection.HOLD and not count and pending is None:
        raise RecordError(f"{path}.passed", f"is empty, but this hand passes {direction}.")
    return count


def _first_leader(rules: Rules, hand_number: int, received: tuple[int, ...]) -> tuple[int, str]:
    """The first leader (:func:`hearts.play.first_leader`), and why, for a message."""
    dealer = hand_number % rules.players
    leader = first_leader(rules, dealer, received)
    if rules.first_lead in (FirstLead.LEFT_OF_DEALER, FirstLead.LEFT_OF_DEALER_NO_HEART):
        return leader, f"the player left of the dealer, P{dealer}"
    return leader, f"the holder of {rules.lowest_club.ascii}"


def _check_play(
    path: str,
    rules: Rules,
    hand_number: int,
    received: tuple[int, ...],
    tricks: tuple[Trick, ...],
    trick: tuple[Card, ...] | None = None,
    leader: int | None = None,
) -> tuple[list[int], int]:
    """The tricks are the engine's own: each play is replayed with :func:`hearts.apply`.

    The replay starts from the hands after the pass; who led and won each trick is
    compared with the record.

    Returns the cards each seat has played, and the leader of the trick after ``tricks``.
    """
    players = rules.players
    expected, why = _first_leader(rules, hand_number, received)
    zeros = (0,) * players
    state = State(
        rules=rules,
        seed=0,
        phase=Phase.PLAY,
        hand_number=hand_number,
        scores=zeros,
        results=(),
        pass_direction=PassDirection.HOLD,
        pass_count=0,
        dealt_masks=received,
        hand_masks=received,
        passed_masks=zeros,
        to_move=(expected,),
        leader=expected,
        trick=(),
        tricks=(),
        taken_masks=zeros,
        hearts_broken=False,
    )
    played = [0] * players
    rounds: list[tuple[str, int, tuple[Card, ...], int | None]] = [
        (f"{path}.tricks[{i}]", t.leader, t.cards, t.winner) for i, t in enumerate(tricks)
    ]
    if trick is not None and leader is not None:
        rounds.append((f"{path}.trick", leader, trick, None))
    for where, led_by, cards, winner in rounds:
        field = f"{where}.leader" if winner is not None else f"{path}.leader"
        if led_by != expected:
            raise RecordError(field, f"is P{led_by}, but P{expected} leads this trick ({why}).")
        for index, card in enumerate(cards):
            seat = (led_by + index) % players
            place = f"{where}.cards[{index}]" if winner is not None else f"{where}[{index}]"
            if not received[seat] >> card & 1 or played[seat] >> card & 1:
                raise RecordError(
                    place, f"is {card.ascii}, played by P{seat}, which does not hold it then."
                )
            played[seat] |= 1 << card
            try:
                state = apply(state, Play(seat, card))
            except IllegalMoveError as error:
                raise RecordError(place, f"{error}") from None
        if winner is not None:
            actual = trick_winner(cards, led_by, players)
            if winner != actual:
                raise RecordError(
                    f"{where}.winner", f"is P{winner}, but P{actual} wins this trick."
                )
            expected, why = actual, "the winner of the trick before"
    return played, expected


def _check_scoring(
    result: HandResult, path: str, rules: Rules, before: tuple[int, ...], pool: int
) -> None:
    """The result is the scoring of its own tricks under ``rules``."""
    taken = [0] * rules.players
    played = 0
    for trick in result.tricks:
        taken[trick.winner] |= trick.mask
        played |= trick.mask
    if result.claim is not None:
        taken[result.claim] |= rules.deck_mask & ~played
    scored = score_hand(
        rules,
        hand_number=result.hand_number,
        pass_direction=result.pass_direction,
        scores=before,
        dealt_masks=tuple(hand.mask for hand in result.dealt),
        passed_masks=tuple(cards.mask for cards in result.passed),
        tricks=result.tricks,
        taken_masks=tuple(taken),
        pool=pool,
        choice=result.shoot_mode,
    )
    for name in _RESULT_FIELDS:
        if getattr(scored, name) != getattr(result, name):
            shown = _show(_result_body(scored)[name])
            raise RecordError(
                f"{path}.{name}",
                f"must be {shown}, as these rules score the hand's tricks, got {_show(_result_body(result)[name])}.",
            )


# --- states ----------------------------------------------------------------------------------

_STATE_FIELDS: Final = (
    "rules",
    "seed",
    "phase",
    "hand_number",
    "scores",
    "results",
    "pass_direction",
    "pass_count",
    "dealt",
    "hands",
    "passed",
    "to_move",
    "leader",
    "trick",
    "tricks",
    "taken",
    "hearts_broken",
)


def state_to_dict(state: State) -> dict[str, object]:
    """The JSON form of a :class:`~hearts.State`, with the schema version: a position to share.

    The fields are the state's own; the card bitmasks are written as card text under the
    names of the properties (``hands``, ``dealt``, ``passed``, ``taken``), and the rules in
    full (:meth:`Rules.to_dict <hearts.Rules.to_dict>`, with their fingerprint).

    >>> import hearts
    >>> state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])
    >>> data = state_to_dict(state)
    >>> data["phase"], data["to_move"], data["hands"][0][:11]
    ('pass', [0, 1, 2, 3], '2C 4C 5C QC')
    >>> state_from_dict(data) == state
    True
    """
    if not isinstance(state, State):
        hint = ""
        if isinstance(state, PlayerView):
            hint = "; hearts.view_to_dict writes a player's view"
        elif isinstance(state, GameRecord):
            hint = "; hearts.dumps or GameRecord.to_dict writes a record"
        raise TypeError(f"state_to_dict needs a hearts.State, got {_short(state)}{hint}.")
    return {
        "schema": RECORD_SCHEMA,
        "rules": _rules_json(state.rules),
        "seed": state.seed,
        "phase": state.phase.value,
        "hand_number": state.hand_number,
        "scores": list(state.scores),
        "results": [_result_body(result) for result in state.results],
        "pass_direction": state.pass_direction.value,
        "pass_count": state.pass_count,
        "dealt": _masks_text(state.dealt_masks),
        "hands": _masks_text(state.hand_masks),
        "passed": _masks_text(state.passed_masks),
        "to_move": list(state.to_move),
        "leader": state.leader,
        "trick": [card.ascii for card in state.trick],
        "tricks": [_trick_body(trick) for trick in state.tricks],
        "taken": _masks_text(state.taken_masks),
        "hearts_broken": state.hearts_broken,
    }


def state_from_dict(data: object) -> State:
    """The :class:`~hearts.State` a :func:`state_to_dict` object describes, fully checked.

    Beyond the type of each field, the state must hang together: the hands, the trick and
    the cards taken share out the deck, each seat holds what it was dealt and passed less
    what it played, each trick was led and won by the right seat, the seats to move agree
    with the phase, and each hand result is the scoring of its tricks. The rules may also be
    given as ``{"preset": name, "fingerprint": ...}``. Raises :class:`RecordError` naming
    the bad field.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = state_to_dict(state)
    >>> data["hands"][2] = data["hands"][2].replace("JC", "ZZ")
    >>> state_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hands[2]: 'ZZ' is not a card: records write a card as its rank (2-9, T, J, Q, K, A) then its suit (C, D, H, S), as 'QS' or 'TH', or a joker as 'JK1' to 'JK3'.
    >>> data["hands"][2] = data["hands"][1]
    >>> state_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hands[2]: must be the hand P2 was dealt (JC 3D 4D TD AD 4H 5H JH 3S 5S 6S 7S KS) until the cards are passed.
    """
    return _read_state(data, "state")


def _read_state(value: object, path: str) -> State:
    data = _fields(value, path, "a state", ("schema", *_STATE_FIELDS))
    _schema(data, path, required=True)
    rules, _ = _read_rules(data["rules"], f"{path}.rules")
    players, deck = rules.players, rules.deck_mask
    seed = _int(data["seed"], f"{path}.seed")
    phase = _member(Phase, data["phase"], f"{path}.phase")
    hand_number = _int(data["hand_number"], f"{path}.hand_number", 0)
    scores = _ints(data["scores"], f"{path}.scores", players)
    items = _list(data["results"], f"{path}.results", what="hand results")
    results = tuple(
        _read_result(item, f"{path}.results[{i}]", rules) for i, item in enumerate(items)
    )
    direction = _member(PassDirection, data["pass_direction"], f"{path}.pass_direction")
    pass_count = _int(data["pass_count"], f"{path}.pass_count", 0)
    dealt = _hands(data["dealt"], f"{path}.dealt", players, deck)
    hands = _hands(data["hands"], f"{path}.hands", players, deck)
    passed = _hands(data["passed"], f"{path}.passed", players, deck)
    to_move = _seats(data["to_move"], f"{path}.to_move", players)
    leader = _seat(data["leader"], f"{path}.leader", players)
    cards = _list(data["trick"], f"{path}.trick", what="cards")
    trick = tuple(_card(item, f"{path}.trick[{i}]", deck) for i, item in enumerate(cards))
    tricks = tuple(
        _read_trick(item, f"{path}.tricks[{i}]", players, deck)
        for i, item in enumerate(_list(data["tricks"], f"{path}.tricks", what="tricks"))
    )
    taken = _hands(data["taken"], f"{path}.taken", players, deck)
    hearts_broken = _bool(data["hearts_broken"], f"{path}.hearts_broken")
    state = State(
        rules=rules,
        seed=seed,
        phase=phase,
        hand_number=hand_number,
        scores=scores,
        results=results,
        pass_direction=direction,
        pass_count=pass_count,
        dealt_masks=dealt,
        hand_masks=hands,
        passed_masks=passed,
        to_move=to_move,
        leader=leader,
        trick=trick,
        tricks=tricks,
        taken_masks=taken,
        hearts_broken=hearts_broken,
    )
    _check_results(state, path)
    _check_phase(state, path)
    return state


_VIEW_FIELDS: Final = (
    "rules",
    "player",
    "phase",
    "hand_number",
    "scores",
    "results",
    "pass_direction",
    "pass_count",
    "to_move",
    "leader",
    "trick",
    "tricks",
    "taken",
    "hearts_broken",
    "hand",
    "dealt",
    "passed",
    "received",
    "hand_sizes",
    "known",
    "ruled_out",
)


def view_to_dict(seen: PlayerView) -> dict[str, object]:
    """The JSON form of a :class:`~hearts.PlayerView`: what one seat may know, to send it.

    Card bitmasks are written as card text under the names of the properties (``hand``,
    ``known``, ``ruled_out``, ...), like :func:`state_to_dict` does.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = view_to_dict(hearts.view(state, 2))
    >>> data["player"], data["hand"], data["hand_sizes"]
    (2, 'JC 3D 4D TD AD 4H 5H JH 3S 5S 6S 7S KS', [13, 13, 13, 13])
    >>> view_from_dict(data) == hearts.view(state, 2)
    True
    """
    if not isinstance(seen, PlayerView):
        hint = "; hearts.view(state, seat) gives a seat's view" if isinstance(seen, State) else ""
        raise TypeError(f"view_to_dict needs a hearts.PlayerView, got {_short(seen)}{hint}.")
    return {
        "schema": RECORD_SCHEMA,
        "rules": _rules_json(seen.rules),
        "player": seen.player,
        "phase": seen.phase.value,
        "hand_number": seen.hand_number,
        "scores": list(seen.scores),
        "results": [_result_body(result) for result in seen.results],
        "pass_direction": seen.pass_direction.value,
        "pass_count": seen.pass_count,
        "to_move": list(seen.to_move),
        "leader": seen.leader,
        "trick": [card.ascii for card in seen.trick],
        "tricks": [_trick_body(trick) for trick in seen.tricks],
        "taken": _masks_text(seen.taken_masks),
        "hearts_broken": seen.hearts_broken,
        "hand": _text(seen.hand_mask),
        "dealt": _text(seen.dealt_mask),
        "passed": _text(seen.passed_mask),
        "received": _text(seen.received_mask),
        "hand_sizes": list(seen.hand_sizes),
        "known": _masks_text(seen.known_masks),
        "ruled_out": _masks_text(seen.ruled_out_masks),
    }


def view_from_dict(data: object) -> PlayerView:
    """The :class:`~hearts.PlayerView` a :func:`view_to_dict` object describes, fully checked.

    Beyond the type of each field, some game must give exactly this view: a state is
    dealt from it with :func:`hearts.sample` and checked like :func:`state_from_dict`
    checks one, and its view must be the one read. Raises :class:`RecordError`.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = view_to_dict(hearts.view(state, 2))
    >>> data["hand_sizes"][0] = 12
    >>> view_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: view: no game gives this view: No deal is consistent with P2's view: the other seats have room for 38 unseen cards, but 39 are unseen.
    """
    return _read_view(data, "view")


def _read_view(value: object, path: str) -> PlayerView:
    data = _fields(value, path, "a player view", ("schema", *_VIEW_FIELDS))
    _schema(data, path, required=True)
    rules, _ = _read_rules(data["rules"], f"{path}.rules")
    players, deck = rules.players, rules.deck_mask
    items = _list(data["results"], f"{path}.results", what="hand results")
    cards = _list(data["trick"], f"{path}.trick", what="cards")
    player = _seat(data["player"], f"{path}.player", players)
    seen = PlayerView(
        rules=rules,
        player=player,
        phase=_member(Phase, data["phase"], f"{path}.phase"),
        hand_number=_int(data["hand_number"], f"{path}.hand_number", 0),
        scores=_ints(data["scores"], f"{path}.scores", players),
        results=tuple(
            _read_result(item, f"{path}.results[{i}]", rules, seen_by=player)
            for i, item in enumerate(items)
        ),
        pass_direction=_member(PassDirection, data["pass_direction"], f"{path}.pass_direction"),
        pass_count=_int(data["pass_count"], f"{path}.pass_count", 0),
        to_move=_seats(data["to_move"], f"{path}.to_move", players),
        leader=_seat(data["leader"], f"{path}.leader", players),
        trick=tuple(_card(item, f"{path}.trick[{i}]", deck) for i, item in enumerate(cards)),
        tricks=tuple(
            _read_trick(item, f"{path}.tricks[{i}]", players, deck)
            for i, item in enumerate(_list(data["tricks"], f"{path}.tricks", what="tricks"))
        ),
        taken_masks=_hands(data["taken"], f"{path}.taken", players, deck),
        hearts_broken=_bool(data["hearts_broken"], f"{path}.hearts_broken"),
        hand_mask=_cards(data["hand"], f"{path}.hand", deck),
        dealt_mask=_cards(data["dealt"], f"{path}.dealt", deck),
        passed_mask=_cards(data["passed"], f"{path}.passed", deck),
        received_mask=_cards(data["received"], f"{path}.received", deck),
        hand_sizes=_ints(data["hand_sizes"], f"{path}.hand_sizes", players, 0),
        known_masks=_hands(data["known"], f"{path}.known", players, deck),
        ruled_out_masks=_hands(data["ruled_out"], f"{path}.ruled_out", players, deck),
    )
    try:
        state = sample(seen, random.Random(0))
        _check_results(state, path)
        _check_phase(state, path)
    except RecordError as error:
        raise RecordError(path, f"no game gives this view: {error.reason}") from None
    except HeartsError as error:
        raise RecordError(path, f"no game gives this view: {error}") from None
    if view(state, seen.player) != seen:
        raise RecordError(
            path,
            "no game gives this view: its hand sizes, known cards or ruled-out cards do not "
            "follow from its hand and the cards played.",
        )
    return seen


def _check_results(state: State, path: str) -> None:
    """The hand results follow one another and are each the scoring of their tricks."""
    rules, results = state.rules, state.results
    pool = 0
    for index, result in enumerate(results):
        where = f"{path}.results[{index}]"
        if index:
            previous = results[index - 1]
            if result.hand_number != previous.hand_number + 1:
                raise RecordError(
                    f"{where}.hand_number",
                    f"must be {_show(previous.hand_number + 1)}, the hand after the result before, got {_show(result.hand_number)}.",
                )
            before = previous.scores
        else:
            before = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
        if result.winners and index != len(results) - 1:
            raise RecordError(
                f"{where}.winners", "names winners, but the game went on after this hand."
            )
        _check_scoring(result, where, rules, before, pool)
        pool = result.pool
    if results:
        last = results[-1]
        if state.hand_number != last.hand_number + 1:
            raise RecordError(
                f"{path}.hand_number",
                f"must be {_show(last.hand_number + 1)}, the hand after the last result, got {_show(state.hand_number)}.",
            )
        if state.scores != last.scores:
            raise RecordError(
                f"{path}.scores",
                f"must be {_show(last.scores)}, the totals after the last result, got {_show(state.scores)}.",
            )
    over = state.phase is Phase.OVER
    if over and not (results and results[-1].winners):
        raise RecordError(f"{path}.phase", "is 'over', but no hand result names the winners.")
    if not over and results and results[-1].winners:
        raise RecordError(
            f"{path}.phase", f"is {state.phase.value!r}, but the last hand result ended the game."
        )


def _expect(condition: bool, path: str, reason: str) -> None:
    if not condition:
        raise RecordError(path, reason)


_MASK_FIELDS: Final = {
    "dealt": "dealt_masks",
    "hands": "hand_masks",
    "passed": "passed_masks",
    "taken": "taken_masks",
}


def _check_empty(state: State, path: str, names: Iterable[str]) -> None:
    reason = f"must be empty in the {state.phase.value} phase."
    for name in names:
        if name in _MASK_FIELDS:
            for seat, mask in enumerate(getattr(state, _MASK_FIELDS[name])):
                _expect(not mask, f"{path}.{name}[{seat}]", reason)
        else:
            _expect(not getattr(state, name), f"{path}.{name}", reason)


def _check_phase(state: State, path: str) -> None:
    """The fields agree with the phase: what is held, passed, played and who is to move."""
    rules, phase = state.rules, state.phase
    players = rules.players
    if phase in (Phase.DEAL, Phase.OVER):
        _check_empty(
            state, path, ("dealt", "hands", "passed", "taken", "trick", "tricks", "to_move")
        )
        _expect(
            not state.hearts_broken,
            f"{path}.hearts_broken",
            f"must be false in the {phase.value} phase.",
        )
        direction, count = _default_pass(rules, state.hand_number)
        _expect(
            state.pass_direction is direction,
            f"{path}.pass_direction",
            f"must be {direction.value!r}, the pass cycle's for hand {_show(state.hand_number)}.",
        )
        _expect(
            state.pass_count == count,
            f"{path}.pass_count",
            f"must be {count} for hand {_show(state.hand_number)}.",
        )
        return
    _check_deal(state.dealt_masks, f"{path}.dealt", rules)
    if phase in (Phase.CHOOSE, Phase.PASS):
        _check_empty(state, path, ("taken", "trick", "tricks"))
        _expect(
            not state.hearts_broken,
            f"{path}.hearts_broken",
            f"must be false in the {phase.value} phase.",
        )
        for seat in range(players):
            _expect(
                state.hand_masks[seat] == state.dealt_masks[seat],
                f"{path}.hands[{seat}]",
                f"must be the hand P{seat} was dealt ({_named(state.dealt_masks[seat])}) until the cards are passed.",
            )
    if phase is Phase.CHOOSE:
        _expect(
            rules.dealer_chooses_pass,
            f"{path}.phase",
            "is 'choose', but in these rules the dealer does not choose the pass.",
        )
        _check_empty(state, path, ("passed",))
        dealer = state.hand_number % players
        _expect(
            state.to_move == (dealer,),
            f"{path}.to_move",
            f"must be [{dealer}]: the dealer chooses the pass.",
        )
        direction, count = _default_pass(rules, state.hand_number)
        _expect(
            state.pass_direction is direction and state.pass_count == count,
            f"{path}.pass_direction",
            f"must be {direction.value!r} and pass_count {count} until the dealer chooses.",
        )
        return
    if phase is Phase.PASS:
        direction = state.pass_direction
        _expect(
            direction is not PassDirection.HOLD and state.pass_count > 0,
            f"{path}.phase",
            "is 'pass', but this hand passes no cards.",
        )
        pending = tuple(seat for seat in range(players) if not state.passed_masks[seat])
        _expect(
            bool(pending) and state.to_move == pending,
            f"{path}.to_move",
            f"must be {list(pending)}, the seats that have not passed, and not empty.",
        )
        count = _check_passes(
            path, rules, direction, state.dealt_masks, state.passed_masks, pending
        )
        _expect(
            count in (0, state.pass_count),
            f"{path}.passed",
            f"must hold {_show(state.pass_count)} cards for each seat that has passed.",
        )
        _check_direction(
            path, f"{path}.pass_count", rules, state.hand_number, direction, state.pass_count
        )
        return
    # The play and shoot phases: the pass is over and tricks are being played.
    count = _check_passes(path, rules, state.pass_direction, state.dealt_masks, state.passed_masks)
    _expect(
        count == state.pass_count,
        f"{path}.pass_count",
        f"must be {count}, the cards each seat passed.",
    )
    _check_direction(
        path, f"{path}.pass_count", rules, state.hand_number, state.pass_direction, count
    )
    received = exchange(state.dealt_masks, state.passed_masks, state.pass_direction)
    hand_size = rules.hand_size
    if phase is Phase.PLAY:
        _expect(
            len(state.tricks) < hand_size,
            f"{path}.tricks",
            f"must hold fewer than {hand_size} tricks while the hand is played.",
        )
        _expect(
            len(state.trick) < players, f"{path}.trick", f"must hold fewer than {players} cards."
        )
        played, leader = _check_play(
            path, rules, state.hand_number, received, state.tricks, state.trick, state.leader
        )
        for seat in range(players):
            held = received[seat] & ~played[seat]
            _expect(
                state.hand_masks[seat] == held,
                f"{path}.hands[{seat}]",
                f"must be {_named(held)}: what P{seat} held after the pass less what it played.",
            )
        won = [0] * players
        for trick in state.tricks:
            won[trick.winner] |= trick.mask
        for seat in range(players):
            _expect(
                state.taken_masks[seat] == won[seat],
                f"{path}.taken[{seat}]",
                f"must be {_named(won[seat])}: the cards of the tricks P{seat} won.",
            )
        to_move = ((leader + len(state.trick)) % players,)
        _expect(
            state.to_move == to_move,
            f"{path}.to_move",
            f"must be [{to_move[0]}], the next seat to play to the trick.",
        )
        everything = 0
        for mask in played:
            everything |= mask
        broken = bool(everything & rules.breaking_mask)
        _expect(
            state.hearts_broken == broken,
            f"{path}.hearts_broken",
            f"must be {str(broken).lower()}, as the cards played say.",
        )
        return
    # Phase.SHOOT: the hand is over and its shooter chooses how the shot is scored.
    _check_empty(state, path, ("hands", "trick"))
    played, _ = _check_play(path, rules, state.hand_number, received, state.tricks)
    won = [0] * players
    for trick in state.tricks:
        won[trick.winner] |= trick.mask
    rest = rules.deck_mask
    for mask in played:
        rest &= ~mask
    if rest:
        _expect(
            rules.claims,
            f"{path}.tricks",
            f"must hold all {hand_size} tricks: these rules have no claims.",
        )
        claimer = next((s for s in range(players) if state.taken_masks[s] & rest), 0)
        won[claimer] |= rest
    for seat in range(players):
        _expect(
            state.taken_masks[seat] == won[seat],
            f"{path}.taken[{seat}]",
            f"must be {_named(won[seat])}: the cards P{seat} won or claimed.",
        )
    options = shoot_options(rules, state.taken_masks, state.scores)
    _expect(
        options is not None,
        f"{path}.phase",
        "is 'shoot', but nobody has a shot to choose how to score.",
    )
    assert options is not None
    _expect(
        state.to_move == (options[0],), f"{path}.to_move", f"must be [{options[0]}], the shooter."
    )


# --- game records ----------------------------------------------------------------------------

_METADATA_STRINGS: Final = ("date", "table")
_MAX_DEPTH: Final = 64
"""How deeply metadata may nest lists and objects."""


def _check_json(value: object, path: str, depth: int = 0, top: str = "") -> object:
    """A checked copy of a JSON value, so that no caller's list or dict is shared.

    JSON values are objects with string keys, lists, strings, whole or finite numbers,
    true, false and null; a string must be text that UTF-8 can write (no lone surrogate),
    a whole number have at most 1,000 digits, and lists and objects nest at most 64 deep
    (``top`` is the path of the outermost value, which is named when it nests too deeply).
    """
    top = top if depth > 1 else path
    if depth > _MAX_DEPTH:
        raise RecordError(top, f"nests lists and objects more than {_MAX_DEPTH} deep.")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        _check_text(value, path)
        return value
    if isinstance(value, (int, _LongNumber)):
        _int(value if isinstance(value, _LongNumber) else int(value), path)
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(path, f"must be a finite number, got {value}.")
        return value
    if isinstance(value, (list, tuple)):
        return [_check_json(item, f"{path}[{i}]", depth + 1, top) for i, item in enumerate(value)]
    if isinstance(value, Mapping):
        copy: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(path, f"has the key {_short(key)}, which is not a string.")
            _check_text(key, path, "has a key that ")
            copy[key] = _check_json(item, _key(path, key), depth + 1, top)
        return copy
    raise RecordError(path, f"must be a JSON value, got {_short(value)}.")


def _check_text(text: str, path: str, what: str = "") -> None:
    """Refuse text with a lone surrogate, which UTF-8 cannot write."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            bad = text[error.start]
            raise RecordError(
                path,
                f"{what}holds the lone surrogate U+{ord(bad):04X}, which is not a character: "
                f"{_show(text)} cannot be written as UTF-8.",
            ) from None


def _metadata(value: object, path: str) -> dict[str, object]:
    """A checked copy of metadata read from JSON."""
    if not isinstance(value, Mapping):
        raise RecordError(path, f"must be a JSON object, got {_show(value)}.")
    return cast("dict[str, object]", _check_json(value, path))


def _check_known_metadata(data: Mapping[str, object], path: str, players: int) -> None:
    """The keys of metadata with a known meaning: one name per seat, a date, a table."""
    if "players" in data:
        names = _list(data["players"], f"{path}.players", players, "player names")
        for i, name in enumerate(names):
            _str(name, f"{path}.players[{i}]")
    for key in _METADATA_STRINGS:
        if key in data:
            _str(data[key], f"{path}.{key}")


_MOVE_TYPES: Final = (Deal, Pass, Play, ChoosePass, Claim, ShootChoice)


def _move_hint(value: object) -> str:
    """What to call instead, for a value given where a move object was wanted."""
    if isinstance(value, str):
        return "; hearts.parse_move reads a move's text"
    if isinstance(value, Mapping):
        return "; hearts.move_from_dict reads a move's JSON"
    return ""


def _to_moves(moves: Iterable[Move]) -> tuple[Move, ...]:
    if isinstance(moves, (str, bytes, Mapping)) or not isinstance(moves, Iterable):
        raise TypeError(
            f"GameRecord needs its moves as a list of moves (Deal, Pass, Play, ChoosePass, "
            f"Claim, ShootChoice), got {_short(moves)}{_move_hint(moves)}."
        )
    result = tuple(moves)
    for index, move in enumerate(result):
        if type(move) not in _MOVE_TYPES:
            raise TypeError(
                f"GameRecord needs moves (Deal, Pass, Play, ChoosePass, Claim, ShootChoice), "
                f"but moves[{index}] is {_short(move)}{_move_hint(move)}."
            )
    return result


def _freeze_metadata(value: Mapping[str, object]) -> types.MappingProxyType[str, object]:
    if not isinstance(value, Mapping):
        raise TypeError(f"GameRecord needs metadata as a dict of JSON values, got {_short(value)}.")
    return types.MappingProxyType(cast("dict[str, object]", _check_json(value, "record.metadata")))


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


def _record_rules(_instance: object, _attribute: object, value: Rules) -> None:
    _check_rules_argument(value, "GameRecord")


def _record_seed(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None:
        if type(value) is not int:
            raise TypeError(f"GameRecord needs seed as an int or None, got {_short(value)}.")
        _int(value, "record.seed")


def _record_preset(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not isinstance(value, str):
        raise TypeError(
            f"GameRecord needs preset as a preset's name (a str) or None, got {_short(value)}."
        )


def _record(
    rules: Rules,
    moves: tuple[Move, ...],
    seed: int | None,
    metadata: dict[str, object],
    preset: str | None,
) -> GameRecord:
    """A :class:`GameRecord` again, from what :meth:`GameRecord.__reduce__` kept."""
    return GameRecord(rules, moves, seed=seed, metadata=metadata, preset=preset)


@attrs.frozen(unsafe_hash=False)
class GameRecord:
    """A game as a server stores it: the rules, every move in order, and optional metadata.

    The moves include the deals, so :func:`replay` needs no random generator. ``seed`` is
    the seed of the game's :func:`~hearts.new_game`, if it had one (a replayed state then
    offers the same seeded deals). ``metadata`` is free-form JSON, with three keys of known
    meaning: ``players`` (one name per seat), ``date`` (ISO 8601 text) and ``table`` (an id).
    ``preset`` names the preset the rules are, so that the JSON gives the preset's name and
    fingerprint instead of every field.

    A record is a value: two records with the same content are equal, and a record pickles
    and copies. It is not hashable (its metadata is free-form JSON). An argument of the wrong
    type raises ``TypeError``; metadata that is not JSON, or that a known key refuses, a
    :class:`RecordError`.

    >>> import hearts
    >>> record = GameRecord(hearts.Rules.preset("omnibus"), preset="omnibus",
    ...                     metadata={"players": ["Ann", "Bob", "Cy", "Di"]})
    >>> record.to_dict()["rules"]["preset"], len(record.moves)
    ('omnibus', 0)
    >>> GameRecord.from_dict(record.to_dict()) == record
    True
    >>> GameRecord("omnibus")
    Traceback (most recent call last):
    ...
    TypeError: GameRecord needs a hearts.Rules value for rules, got 'omnibus'; for a preset, pass hearts.Rules.preset('omnibus').
    """

    rules: Rules = attrs.field(validator=_record_rules)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)
    seed: int | None = attrs.field(default=None, kw_only=True, validator=_record_seed)
    metadata: types.MappingProxyType[str, object] = attrs.field(
        factory=dict, converter=_freeze_metadata, kw_only=True
    )
    preset: str | None = attrs.field(default=None, kw_only=True, validator=_record_preset)

    def __attrs_post_init__(self) -> None:
        _check_known_metadata(self.metadata, "record.metadata", self.rules.players)
        if self.preset is not None:
            if self.preset not in PRESETS:
                raise RecordError(
                    "record.preset",
                    f"there is no preset {_show(self.preset)}; the presets are "
                    f"{', '.join(PRESETS)}.",
                )
            if PRESETS[self.preset].rules != self.rules:
                raise RecordError("record.preset", f"the rules are not the preset {self.preset!r}.")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The metadata is a read-only view, which does not pickle: keep a plain copy of it.
        metadata = _check_json(self.metadata, "record.metadata")
        return (_record, (self.rules, self.moves, self.seed, metadata, self.preset))

    def to_dict(self) -> dict[str, object]:
        """The record as JSON values, with the schema version.

        The rules are written in full with their fingerprint, or as the preset's name and
        fingerprint; ``seed`` and ``metadata`` only when given; each move as
        :func:`move_to_dict` writes it, without its own schema version.

        >>> import hearts
        >>> GameRecord(hearts.Rules(target=50), [hearts.Play(0, "2C")]).to_dict()["moves"]
        [{'type': 'play', 'player': 0, 'card': '2C'}]
        """
        data: dict[str, object] = {
            "schema": RECORD_SCHEMA,
            "rules": _rules_json(self.rules, self.preset),
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.metadata:
            # Checked again: the lists and objects inside the metadata can be changed.
            metadata = _metadata(self.metadata, "record.metadata")
            _check_known_metadata(metadata, "record.metadata", self.rules.players)
            data["metadata"] = metadata
        data["moves"] = [_move_body(move) for move in self.moves]
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """The record a :meth:`to_dict` object describes; raises :class:`RecordError`.

        Every move's fields are checked (its seat is one of the game's, its cards are in the
        deck); whether each move is legal is :func:`replay`'s job.

        >>> GameRecord.from_dict({"schema": 1, "rules": {"players": 3}, "moves": []}).rules.players
        3
        >>> GameRecord.from_dict({"schema": 1, "rules": {}, "moves": [{"type": "pass"}]})
        Traceback (most recent call last):
        ...
        hearts.records.RecordError: record.moves[0]: lacks the field 'player', which a pass move needs.
        """
        path = "record"
        fields = _fields(
            data, path, "a game record", ("schema", "rules", "moves"), ("seed", "metadata")
        )
        _schema(fields, path, required=True)
        rules, preset = _read_rules(fields["rules"], f"{path}.rules")
        seed = fields.get("seed")
        if seed is not None:
            seed = _int(seed, f"{path}.seed")
        metadata = _metadata(fields.get("metadata", {}), f"{path}.metadata")
        _check_known_metadata(metadata, f"{path}.metadata", rules.players)
        items = _list(fields["moves"], f"{path}.moves", what="moves")
        moves = tuple(
            _read_move(item, f"{path}.moves[{i}]", rules.players, rules.deck_mask)
            for i, item in enumerate(items)
        )
        return cls(rules, moves, seed=seed, metadata=metadata, preset=preset)


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise RecordError("record", f"a JSON object gives the key {_show(key)} twice.")
        data[key] = value
    return data


def _no_constant(name: str) -> NoReturn:
    raise RecordError("record", f"{name} is not a JSON number.")


def loads(text: str | bytes) -> GameRecord:
    """Read a :class:`GameRecord` from JSON text, as :func:`json.loads` reads JSON.

    ``text`` is a ``str``, or ``bytes`` in UTF-8 (or UTF-16 or UTF-32, as :func:`json.loads`
    detects them). Raises :class:`RecordError` for text that is not JSON (with the line and
    column), for bytes that are not text, for a JSON object that repeats a key, for a whole
    number of more than 1,000 digits, for arrays and objects nested too deeply, and for
    anything :meth:`GameRecord.from_dict` refuses; ``TypeError`` for a value that is not
    text at all.

    >>> loads('{"schema": 1, "rules": {"preset": "standard", "fingerprint": "00"}, "moves": []}')
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record.rules.fingerprint: the record was made with preset 'standard' of fingerprint 00..., but here they have fingerprint ... these are not the same rules.
    >>> loads("{")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record: the text is not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1).
    >>> loads('{"schema": 1, "rules": {}, "moves": [], "seed": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record.seed: must be a whole number of at most 1,000 digits, got a number of 5,000 digits.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        hint = ""
        if isinstance(text, Mapping):
            hint = "; GameRecord.from_dict reads JSON already parsed"
        elif callable(getattr(text, "read", None)):
            hint = "; hearts.load reads a file"
        raise TypeError(f"loads needs JSON text (a str or bytes), got {_short(text)}{hint}.")
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=_parse_int,
        )
    except json.JSONDecodeError as error:
        raise RecordError("record", f"the text is not JSON: {error}.") from None
    except UnicodeDecodeError as error:
        raise RecordError("record", f"the bytes are not text: {_decoding(error)}.") from None
    except RecursionError:
        raise RecordError("record", "the JSON is nested too deeply.") from None
    return GameRecord.from_dict(data)


def _decoding(error: UnicodeDecodeError) -> str:
    """Why bytes are not text, as 'not valid UTF-8 (invalid start byte at offset 3)'."""
    encoding = error.encoding.upper().replace("UTF-8-SIG", "UTF-8")
    return f"they are not valid {encoding} ({error.reason} at offset {error.start})"


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a :class:`GameRecord` from a file opened for reading, as :func:`json.load` does.

    The file may be opened in binary mode (``open(path, "rb")``: the text must be UTF-8,
    or UTF-16 or UTF-32) or in text mode. Raises what :func:`loads` raises, a
    :class:`RecordError` if the file's text cannot be decoded, and ``TypeError`` for an
    argument that is not a file (as a file's name).

    >>> import io
    >>> load(io.StringIO('{"schema": 1, "rules": {}, "moves": []}')).moves
    ()
    >>> load("game.json")
    Traceback (most recent call last):
    ...
    TypeError: load needs a file opened for reading, got 'game.json'; open a file first, as with open('game.json', 'rb') as file: hearts.load(file).
    """
    if not callable(getattr(fp, "read", None)):
        hint = ""
        if isinstance(fp, (str, os.PathLike)):
            hint = (
                f"; open a file first, as with open({_short(fp)}, 'rb') as file: hearts.load(file)"
            )
        raise TypeError(f"load needs a file opened for reading, got {_short(fp)}{hint}.")
    try:
        text = fp.read()
    except UnicodeDecodeError as error:
        raise RecordError("record", f"the file is not text: {_decoding(error)}.") from None
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(
            f"load needs a file whose read() returns text or bytes, got {_short(text)} from "
            f"{_short(fp)}."
        )
    return loads(text)


def _check_record(record: object, who: str) -> None:
    if isinstance(record, GameRecord):
        return
    hint = ""
    if isinstance(record, State):
        hint = "; hearts.state_to_dict writes a state"
    elif isinstance(record, Mapping):
        hint = "; GameRecord.from_dict reads a record's JSON"
    raise TypeError(f"{who} needs a hearts.GameRecord, got {_short(record)}{hint}.")


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text, as :func:`json.dumps` writes JSON.

    With ``indent`` (a number of spaces), each top-level field goes on its own line and
    each move on one line of its own, which keeps a long game readable and easy to compare.

    >>> import hearts
    >>> print(dumps(GameRecord(hearts.Rules.preset("standard"), [hearts.Play(0, "2C")],
    ...                        preset="standard"), indent=2))  # doctest: +ELLIPSIS
    {
      "schema": 1,
      "rules": {
        "preset": "standard",
        "fingerprint": "..."
      },
      "moves": [
        {"type": "play", "player": 0, "card": "2C"}
      ]
    }
    """
    _check_record(record, "dumps")
    if indent is not None and type(indent) is not int:
        raise TypeError(f"dumps needs indent as an int (spaces) or None, got {_short(indent)}.")
    data = record.to_dict()
    if indent is None:
        return json.dumps(data, ensure_ascii=False)
    pad = " " * indent
    lines = []
    for key, value in data.items():
        if key == "moves" and isinstance(value, list) and value:
            inner = f",\n{pad}{pad}".join(json.dumps(move, ensure_ascii=False) for move in value)
            text = f"[\n{pad}{pad}{inner}\n{pad}]"
        else:
            text = json.dumps(value, indent=indent, ensure_ascii=False).replace("\n", "\n" + pad)
        lines.append(f"{pad}{json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}"


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write the record as JSON text to a file opened for writing, as :func:`json.dump` does.

    The file must be opened in text mode (``open(path, "w", encoding="utf-8")``); nothing is
    written if an argument is of the wrong type (``TypeError``).

    >>> import io, hearts
    >>> out = io.StringIO()
    >>> dump(GameRecord(hearts.Rules()), out)
    >>> loads(out.getvalue()) == GameRecord(hearts.Rules())
    True
    >>> dump(GameRecord(hearts.Rules()), io.BytesIO())
    Traceback (most recent call last):
    ...
    TypeError: dump writes text: open the file in text mode, as open(path, 'w', encoding='utf-8'), not in binary mode, got <_io.BytesIO object at ...>.
    """
    _check_record(record, "dump")
    if not callable(getattr(fp, "write", None)):
        raise TypeError(f"dump needs a file opened for writing, got {_short(fp)}.")
    binary = (
        "dump writes text: open the file in text mode, as open(path, 'w', encoding='utf-8'), "
        f"not in binary mode, got {_short(fp)}."
    )
    if isinstance(fp, (io.RawIOBase, io.BufferedIOBase)):
        raise TypeError(binary)
    text = dumps(record, indent=indent)
    try:
        fp.write(text)
    except TypeError as error:  # a binary file that is not an io one, which takes no str
        raise TypeError(binary) from error


def record_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the record format, shipped inside the package.

    Its ``$defs`` also describe a state (``#/$defs/state``), a move, a hand result and the
    rules, so any JSON written by this module can be checked with a JSON Schema validator.
    The schema checks the shape; :func:`loads` and :func:`replay` check the game.

    >>> schema = record_schema()
    >>> schema["$schema"], schema["$defs"]["state"]["required"][:3]
    ('https://json-schema.org/draft/2020-12/schema', ['schema', 'rules', 'seed'])
    """
    text = (
        importlib.resources.files("hearts")
        .joinpath("schemas/record.schema.json")
        .read_text("utf-8")
    )
    return cast("dict[str, object]", json.loads(text))


# --- replay ----------------------------------------------------------------------------------


def _replay_record(_instance: object, _attribute: object, value: GameRecord) -> None:
    _check_record(value, "Replay")


def _replay_states(_instance: object, _attribute: object, value: tuple[State, ...]) -> None:
    if not isinstance(value, tuple) or not value or not all(isinstance(s, State) for s in value):
        raise TypeError(
            f"Replay needs states as a tuple of hearts.State, the new game first, got "
            f"{_short(value)}."
        )


def _replay_index(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None and type(value) is not int:
        raise TypeError(f"Replay needs error_index as an int or None, got {_short(value)}.")


def _replay_error(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"Replay needs error as a str or None, got {_short(value)}.")


@attrs.frozen(unsafe_hash=False)
class Replay:
    """What :func:`replay` found: every state of the game, and the first illegal move if any.

    ``states[0]`` is the new game and ``states[i + 1]`` the state after ``record.moves[i]``.
    When a move is illegal, ``error_index`` is its index in ``record.moves``, ``error`` the
    reason (the :class:`~hearts.IllegalMoveError` message) and the states stop before it.
    Like its record, a replay pickles and copies.

    >>> import hearts
    >>> result = replay(GameRecord(hearts.Rules(), [hearts.Play(0, "2C")]))
    >>> result.ok, result.error_index, result.error
    (False, 0, 'P0 may not play 2♣: the game waits for the deal of hand 1.')
    """

    record: GameRecord = attrs.field(validator=_replay_record)
    states: tuple[State, ...] = attrs.field(validator=_replay_states)
    error_index: int | None = attrs.field(default=None, validator=_replay_index)
    error: str | None = attrs.field(default=None, validator=_replay_error)

    @property
    def ok(self) -> bool:
        """Whether every move was legal."""
        return self.error_index is None

    @property
    def final(self) -> State:
        """The last state reached: after every move, or just before the illegal one."""
        return self.states[-1]

    def raise_for_error(self) -> None:
        """Raise a :class:`RecordError` naming the illegal move, if there was one.

        >>> import hearts
        >>> replay(GameRecord(hearts.Rules(), [hearts.Play(0, "2C")])).raise_for_error()
        Traceback (most recent call last):
        ...
        hearts.records.RecordError: record.moves[0]: P0 plays 2♣ is illegal: P0 may not play 2♣: the game waits for the deal of hand 1.
        """
        if self.error_index is not None:
            move = self.record.moves[self.error_index]
            raise RecordError(
                f"record.moves[{self.error_index}]", f"{move} is illegal: {self.error}"
            )


def replay(record: GameRecord) -> Replay:
    """Rebuild every state of a recorded game, checking every move; stop at the first illegal.

    The game starts as :func:`~hearts.new_game` with the record's rules and seed (0 if it
    has none) and each move is :func:`~hearts.apply`-ed in turn.

    >>> import hearts
    >>> state = hearts.new_game(seed=2)
    >>> moves = []
    >>> for _ in range(12):
    ...     moves.append(hearts.legal_moves(state)[0])
    ...     state = hearts.apply(state, moves[-1])
    >>> done = replay(GameRecord(state.rules, moves, seed=2))
    >>> done.ok, len(done.states), done.final == state
    (True, 13, True)
    """
    if not isinstance(record, GameRecord):
        raise TypeError(
            f"replay needs a hearts.GameRecord, got {_short(record)}; read JSON with "
            "hearts.loads or GameRecord.from_dict."
        )
    state = new_game(record.rules, seed=0 if record.seed is None else record.seed)
    states = [state]
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except HeartsError as error:
            return Replay(record, tuple(states), index, str(error))
        states.append(state)
    return Replay(record, tuple(states))


# --- text notation ---------------------------------------------------------------------------

_SEAT: Final = r"P(\d{1,2})"
_PLAY: Final = re.compile(rf"{_SEAT} plays (\S+)", re.IGNORECASE)
_PASS: Final = re.compile(rf"{_SEAT} passes ?(.*)", re.IGNORECASE)
_HOLD: Final = re.compile(rf"{_SEAT} calls a hold hand", re.IGNORECASE)
_CHOOSE: Final = re.compile(rf"{_SEAT} calls a pass of (\d{{1,2}}) (\w+)", re.IGNORECASE)
_CLAIM: Final = re.compile(rf"{_SEAT} claims the rest", re.IGNORECASE)
_ADD: Final = re.compile(rf"{_SEAT} adds the shot to every other player", re.IGNORECASE)
_SUBTRACT: Final = re.compile(rf"{_SEAT} subtracts the shot from its own total", re.IGNORECASE)
_DEAL: Final = re.compile(r"deals (.*)", re.IGNORECASE)


def _notation(words: str) -> Move | None:
    """The move ``words`` write, or None if they match no move's pattern."""
    if match := _PLAY.fullmatch(words):
        return Play(int(match[1]), Card.parse(match[2]))
    if match := _PASS.fullmatch(words):
        return Pass(int(match[1]), match[2])  # the text itself: a card named twice is refused
    if match := _HOLD.fullmatch(words):
        return ChoosePass(int(match[1]), PassDirection.HOLD, 0)
    if match := _CHOOSE.fullmatch(words):
        return ChoosePass(int(match[1]), _direction(match[3]), int(match[2]))
    if match := _CLAIM.fullmatch(words):
        return Claim(int(match[1]))
    if match := _ADD.fullmatch(words):
        return ShootChoice(int(match[1]), ShootMode.ADD)
    if match := _SUBTRACT.fullmatch(words):
        return ShootChoice(int(match[1]), ShootMode.SUBTRACT)
    if match := _DEAL.fullmatch(words):
        return _deal(match[1])
    return None


_NOTATION_HELP: Final = (
    "write a move as 'P1 plays Q♠', 'P0 passes 2♣ 3♦ Q♠', 'P0 calls a pass of 2 across', "
    "'P0 calls a hold hand', 'P2 claims the rest', 'P1 adds the shot to every other player', "
    "'P1 subtracts the shot from its own total' or 'deals P0: 2♣ 3♣ … | P1: … | …'"
)


def _direction(text: str) -> PassDirection:
    try:
        return PassDirection(text.lower())
    except ValueError:
        names = ", ".join(direction.value for direction in PassDirection)
        raise NotationError(f"{_show(text)} is not a pass direction ({names}).") from None


def _deal(text: str) -> Deal:
    hands = []
    for seat, part in enumerate(text.split("|")):
        match = re.fullmatch(rf"\s*{_SEAT}:(.*)", part, re.IGNORECASE)
        if match is None or int(match[1]) != seat:
            raise NotationError(
                f"{_show(part.strip())} is not the hand of P{seat}: write 'P{seat}: 2♣ 3♣ …'."
            )
        hands.append(match[2].strip())
    return Deal(hands)


def parse_move(text: str) -> Move:
    """Read a move from the text notation that ``str(move)`` writes.

    Cards may be written with symbols or letters, in any case (``Q♠``, ``QS``, ``qs``);
    ``parse_move(str(move)) == move`` for every legal move. Raises
    :class:`~hearts.NotationError` for text that is not a move, ``TypeError`` for a value
    that is not text.

    >>> parse_move("P1 plays Q♠"), parse_move("p0 passes 2c 3d qs")
    (Play(player=1, card=Card('Q♠')), Pass(player=0, cards=CardSet('2♣ 3♦ Q♠')))
    >>> print(parse_move("P0 calls a pass of 2 across"), "/", parse_move("P3 claims the rest"))
    P0 calls a pass of 2 across / P3 claims the rest
    >>> parse_move("P1 plays")
    Traceback (most recent call last):
    ...
    hearts.errors.NotationError: 'P1 plays' is not a move: write a move as 'P1 plays Q♠', ...
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_move needs the text of a move (a str), got {_short(text)}.")
    try:
        move = _notation(" ".join(text.split()))
    except (NotationError, IllegalMoveError) as error:
        reason = str(error)  # which may quote a very long word of the text in full
        if len(reason) > 4 * _SHOWN:
            reason = reason[: 4 * _SHOWN - 3] + "..."
        raise NotationError(f"{_show(text)} is not a move: {reason}") from None
    if move is None:
        raise NotationError(f"{_show(text)} is not a move: {_NOTATION_HELP}.")
    return move


# --- the pretty printer ----------------------------------------------------------------------


def _per_seat(values: Sequence[int], signed: bool = False) -> str:
    return ", ".join(
        f"P{seat} {value:+d}" if signed else f"P{seat} {value}" for seat, value in enumerate(values)
    )


def _some_seats(values: Sequence[int]) -> str:
    return ", ".join(f"P{seat} {value:+d}" for seat, value in enumerate(values) if value)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def format_hand(result: HandResult, rules: Rules | None = None) -> str:
    """A finished hand as text: the deal, the passes, every trick, and how it was scored.

    One line per trick (the leader's card first, the winner after the arrow), then the
    claim, the moon or sun, the card points each seat took, the no-trick bonus, chips,
    resets and score floor (when they changed anything), what the hand added to each total,
    the running totals, and the winners if the hand ended the game. With ``rules``, each
    trick also shows the points it carried.

    >>> import hearts
    >>> state = hearts.new_game(hearts.Rules(target=1), seed=4)
    >>> while not state.is_over:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[-1])
    >>> print(format_hand(state.results[0], state.rules))  # doctest: +ELLIPSIS
    Hand 1: pass left, P0 deals
      P0 dealt ...
      P0 passes ... to P1
    ...
      Trick  1: P... 2♣, ... -> P...
    ...
      Points: P0 ..., P1 ..., P2 ..., P3 ...
      Score:  P0 +..., P1 +..., P2 +..., P3 +...
      Totals: P0 ..., P1 ..., P2 ..., P3 ...
      Game over: ... win...
    """
    _check_result_argument(result, "format_hand")
    _check_rules_argument(rules, "format_hand", optional=True)
    players = len(result.scores)
    dealer = result.hand_number % players
    direction = result.pass_direction
    passing = "no passing (hold hand)" if direction is PassDirection.HOLD else f"pass {direction}"
    lines = [f"Hand {result.hand_number + 1}: {passing}, P{dealer} deals"]
    lines += [f"  P{seat} dealt {hand}" for seat, hand in enumerate(result.dealt)]
    if any(result.passed):
        for seat, cards in enumerate(result.passed):
            receiver = (seat + direction.offset(players)) % players
            lines.append(f"  P{seat} passes {cards} to P{receiver}")
    for number, trick in enumerate(result.tricks, start=1):
        line = f"  Trick {number:2}: {trick}"
        if rules is not None:
            points = sum(rules.card_points[card] for card in trick.cards)
            if points:
                line += f" ({_count(points, 'point')})"
        lines.append(line)
    if result.claim is not None:
        played = 0
        deck = 0
        for trick in result.tricks:
            played |= trick.mask
        for hand in result.dealt:
            deck |= hand.mask
        rest = len(result.dealt[0]) - len(result.tricks)
        claimed = CardSet.from_mask(deck & ~played)
        lines.append(f"  P{result.claim} claims the remaining {_count(rest, 'trick')}: {claimed}")
    shooter = result.shooter
    if shooter is not None:
        what = "sun (every trick)" if result.sun is not None else "moon"
        value = max(abs(change) for change in result.shoot)
        if result.shoot_mode is ShootMode.SUBTRACT:
            effect = f"-{value} from its own total"
        else:
            effect = f"+{value} to every other player"
        lines.append(f"  P{shooter} shoots the {what}: {effect}")
    lines.append("  Points: " + _per_seat(result.points))
    if any(result.bonuses):
        lines.append("  No-trick bonus: " + _some_seats(result.bonuses))
    if any(result.chip_changes) or result.pool:
        pool = f"; {_count(result.pool, 'chip')} left in the pool"
        lines.append("  Chips: " + _per_seat(result.chip_changes, signed=True) + pool)
    if any(result.adjustments):
        lines.append("  Resets and floor: " + _some_seats(result.adjustments))
    lines.append("  Score:  " + _per_seat(result.changes, signed=True))
    lines.append("  Totals: " + _per_seat(result.scores))
    if result.winners:
        names = " and ".join(f"P{seat}" for seat in result.winners)
        lines.append(f"  Game over: {names} win{'' if len(result.winners) > 1 else 's'}")
    return "\n".join(lines)
