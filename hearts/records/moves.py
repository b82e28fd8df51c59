"""The JSON form of a move, :func:`move_to_dict` and :func:`move_from_dict`; what a move is.

A move is written as JSON or in the text notation (:func:`hearts.parse_move`); each reader
reads its own syntax, and both hand the fields they found to :func:`checked_move`, the one
place that says which seats, cards, pass sizes, directions and shot choices a move may have,
and in which words a move that breaks that is refused.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Final, TypeVar, cast

from hearts.errors import HeartsError
from hearts.game.cards import ALL_CARDS, CARDS, NUMBER_OF_CARDS, Card, CardSet
from hearts.game.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.game.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PassDirection,
    Rules,
    ShootMode,
)
from hearts.records.read import (
    RECORD_SCHEMA,
    RecordError,
    check_rules_argument,
    check_schema,
    mask_text,
    move_hint,
    parse_json,
    read_card,
    read_fields,
    short,
    show,
)

_MOVE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("hands",),
    "pass": ("player", "cards"),
    "play": ("player", "card"),
    "choose_pass": ("player", "direction", "count"),
    "claim": ("player",),
    "shoot_choice": ("player", "mode"),
}


def move_body(move: object) -> dict[str, object]:
    """The JSON fields of a move, without the schema version (a record's moves carry none).

    A value that is not a move raises ``TypeError``.

    >>> move_body(Play(1, "QS"))
    {'type': 'play', 'player': 1, 'card': 'QS'}
    """
    kind = type(move)
    if kind is Play:
        play = cast("Play", move)
        return {"type": "play", "player": play.player, "card": play.card.ascii}
    if kind is Pass:
        passed = cast("Pass", move)
        return {"type": "pass", "player": passed.player, "cards": mask_text(passed.cards)}
    if kind is Deal:
        return {"type": "deal", "hands": [mask_text(hand) for hand in cast("Deal", move).hands]}
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
        f"got {short(move)}{move_hint(move)}."
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
    return {"schema": RECORD_SCHEMA, **move_body(move)}


MAX_MOVE_BYTES: Final = 4096
"""The longest text :func:`loads_move` reads by default: 4 KiB. The longest move, a deal
of 55 cards, takes some 300 bytes of JSON."""


def loads_move(text: str | bytes, rules: Rules, *, max_bytes: int | None = MAX_MOVE_BYTES) -> Move:
    r"""One move read from JSON text, as a server reads what a client sends.

    ``text`` is what ``json.dumps(hearts.move_to_dict(move))`` writes (the ``schema``
    field may be left out), as a ``str`` or UTF-8 ``bytes``: a move is JSON text in UTF-8
    (a UTF-8 byte order mark is skipped), and bytes in any other encoding, UTF-16 and UTF-32
    included, are refused as not UTF-8 (unlike :func:`hearts.loads`, which reads a record
    in any of the three, as :func:`json.loads` does). Everything is checked as
    :func:`hearts.loads` checks a record, and refused with a :class:`RecordError` naming
    the path: text longer than ``max_bytes`` bytes (:data:`MAX_MOVE_BYTES`; a ``str``
    counted as its UTF-8 bytes; None for any length), bytes that are not text, text that
    is not JSON, a key given twice, a whole number of more than 1,000 digits, and any field
    a move may not have, a seat outside the ``rules``' table and a card outside their deck
    included. Whether the move is legal now is for
    ``hearts.apply(state, move, by=seat)`` to say.

    >>> import hearts
    >>> hearts.loads_move('{"type": "play", "player": 1, "card": "QS"}', hearts.Rules())
    Play(player=1, card=Card('Q♠'))
    >>> hearts.loads_move('{"type": "play", "player": 4, "card": "QS"}', hearts.Rules())
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move.player: must be a seat, a whole number from 0 to 3 (P0 to P3), got 4.
    >>> hearts.loads_move(b'{"type": "pl', hearts.Rules())
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move: the text is not JSON: Unterminated string starting at: line 1 column 10 (char 9).
    >>> hearts.loads_move(b"\xff\xfe\xfd", hearts.Rules())
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move: the bytes are not text: they are not valid UTF-8 (invalid start byte at offset 0); a move is JSON text in UTF-8.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        hint = "; hearts.move_from_dict reads JSON already parsed" if isinstance(text, dict) else ""
        raise TypeError(f"loads_move needs JSON text (a str or bytes), got {short(text)}{hint}.")
    check_rules_argument(rules, "loads_move")
    data = parse_json(text, "move", max_bytes, utf8_only="a move")
    return read_move(data, "move", rules.players, rules.deck_mask, standalone=True)


def move_from_dict(data: object) -> Move:
    """The move a :func:`move_to_dict` object describes; raises :class:`RecordError`.

    The ``schema`` field may be left out (moves inside a record carry none). A move is read
    as :func:`hearts.parse_move` reads its text: the same seats, cards, pass sizes,
    directions and shot choices are accepted, and the same faults are refused in the same
    words.

    >>> import hearts
    >>> move_from_dict({"type": "play", "player": 1, "card": "QS"}) == hearts.Play(1, "QS")
    True
    >>> move_from_dict({"type": "play", "player": 1})
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move: lacks the field 'card', which a play move needs.
    >>> move_from_dict({"type": "choose_pass", "player": 0, "direction": "left", "count": -2})
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move.count: must be 1 to 18 cards, got -2.
    """
    return read_move(data, "move", None, ALL_CARDS, standalone=True)


def read_move(
    value: object, path: str, players: int | None, deck: int, standalone: bool = False
) -> Move:
    """A move; ``players`` is the game's, or None for a move read on its own."""
    if not isinstance(value, dict):
        raise RecordError(path, f"must be a JSON object (a move), got {show(value)}.")
    names = ", ".join(repr(name) for name in _MOVE_FIELDS)
    if "type" not in value:
        raise RecordError(
            path, f"lacks the field 'type', which names the kind of move: one of {names}."
        )
    kind = value["type"]
    if not isinstance(kind, str) or kind not in _MOVE_FIELDS:
        raise RecordError(f"{path}.type", f"must be one of {names}, got {show(kind)}.")
    what = f"a {kind.replace('_', ' ')} move"
    optional = ("schema",) if standalone else ()
    data = read_fields(value, path, what, ("type", *_MOVE_FIELDS[kind]), optional)
    if standalone:
        check_schema(data, path, required=False)
    return checked_move(kind, data, _JsonForm(path), players, deck)


# --- what a well-formed move is, whichever form it was read from ------------------------------

_MAX_PASS: Final = NUMBER_OF_CARDS // MIN_PLAYERS
"""The most cards a pass may have: the largest hand of any game (55 cards, the deck and three
jokers, shared by three players: 18)."""


class MoveForm(abc.ABC):
    """How one form of a move (JSON, or the text notation) writes cards and refuses a field.

    Field names are those of the JSON form: ``player``, ``card``, ``cards``, ``direction``,
    ``count``, ``mode``, ``hands`` and ``hands[2]`` (the hand of P2).
    """

    __slots__ = ()

    @abc.abstractmethod
    def card(self, value: object, field: str) -> Card:
        """The card ``value`` writes; raises this form's error if it writes none."""

    @abc.abstractmethod
    def cards(self, value: object, field: str) -> tuple[int, int]:
        """The mask of the cards ``value`` writes, and the mask of those it writes twice."""

    @abc.abstractmethod
    def error(self, field: str, reason: str) -> HeartsError:
        """The error for a ``field`` that breaks a rule, ``reason`` saying how.

        ``reason`` is a predicate, as ``"must be a seat, ..., got 9."``.
        """


class _JsonForm(MoveForm):
    """The JSON form of a move at ``path``: cards in ASCII, errors naming the field's path."""

    __slots__ = ("path",)

    def __init__(self, path: str) -> None:
        self.path = path

    def card(self, value: object, field: str) -> Card:
        return read_card(value, f"{self.path}.{field}")

    def cards(self, value: object, field: str) -> tuple[int, int]:
        where = f"{self.path}.{field}"
        if not isinstance(value, str):
            raise RecordError(
                where, f"must be a string of cards such as '2C 3D QS', got {show(value)}."
            )
        mask = twice = 0
        for word in value.split(" ") if value else ():
            if not word:
                raise RecordError(where, f"{show(value)} must separate its cards by single spaces.")
            bit = 1 << read_card(word, where)
            twice |= mask & bit
            mask |= bit
        return mask, twice

    def error(self, field: str, reason: str) -> HeartsError:
        return RecordError(f"{self.path}.{field}", reason)


_Choice = TypeVar("_Choice", PassDirection, ShootMode)

_SHOTS: Final = (ShootMode.ADD, ShootMode.SUBTRACT)
"""The ways a shooter may choose to have a shot scored."""


def checked_move(
    kind: str,
    fields: Mapping[str, object],
    form: MoveForm,
    players: int | None = None,
    deck: int = ALL_CARDS,
) -> Move:
    """The move of ``kind`` with the ``fields`` a reader found, if it is well formed.

    This is the one rule of what a move may be, whichever form it is read from: a seat from
    P0 to P6 (to the game's last seat, when ``players`` is known), cards of the ``deck``,
    each named once, a pass of any number of them, a called pass of 1 to ``_MAX_PASS``
    cards or a hold hand of none, a shot added or subtracted, and a deal of one hand per
    seat (3 to 7 of them, or ``players``). Whether the move is legal in a game is
    :func:`hearts.apply`'s to say, how many cards this hand passes included (so that a pass
    of 0 cards is refused as one of 2 is). A field that breaks the rule raises ``form``'s error,
    its reason worded here; fields are checked in the order they are written, so both
    forms name the same fault first.

    >>> checked_move("choose_pass", {"player": 0, "direction": "hold", "count": 0}, _JsonForm("move"))
    ChoosePass(player=0, direction=PassDirection.HOLD, count=0)
    >>> checked_move("claim", {"player": 7}, _JsonForm("move"))
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move.player: must be a seat, a whole number from 0 to 6 (P0 to P6), got 7.
    """
    if kind == "deal":
        return Deal(_checked_hands(fields["hands"], form, players, deck))
    seats = players or MAX_PLAYERS
    player = fields["player"]
    if type(player) is not int or not 0 <= player < seats:
        raise form.error(
            "player",
            f"must be a seat, a whole number from 0 to {seats - 1} (P0 to P{seats - 1}), "
            f"got {show(player)}.",
        )
    if kind == "play":
        card = form.card(fields["card"], "card")
        if not deck >> card & 1:
            raise form.error("card", f"is {card}, which is not in this game's deck.")
        return Play(player, card)
    if kind == "pass":
        # Any number of cards: how many this hand passes is the game's to say, as apply does.
        mask = _checked_cards(form.cards(fields["cards"], "cards"), "cards", form, deck)
        return Pass(player, CardSet.from_mask(mask))
    if kind == "choose_pass":
        direction = _checked_choice(fields["direction"], tuple(PassDirection), "direction", form)
        count = fields["count"]
        if direction is not PassDirection.HOLD:
            return ChoosePass(player, direction, _checked_pass_size(count, "count", form))
        if type(count) is not int or count != 0:
            raise form.error("count", f"must be 0 cards for a hold hand, got {show(count)}.")
        return ChoosePass(player, direction, 0)
    if kind == "claim":
        return Claim(player)
    return ShootChoice(player, _checked_choice(fields["mode"], _SHOTS, "mode", form))


def _checked_hands(
    hands: object, form: MoveForm, players: int | None, deck: int
) -> tuple[CardSet, ...]:
    """The hands of a deal: one per seat, each of cards of the ``deck`` named once."""
    if not isinstance(hands, list):
        raise form.error("hands", f"must be a list of sets of cards, got {show(hands)}.")
    low, high = (players, players) if players else (MIN_PLAYERS, MAX_PLAYERS)
    if not low <= len(hands) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise form.error("hands", f"must list {wanted} hands, one per seat, got {len(hands)}.")
    masks = []
    for seat, hand in enumerate(hands):
        field = f"hands[{seat}]"
        masks.append(_checked_cards(form.cards(hand, field), field, form, deck))
    return tuple(CardSet.from_mask(mask) for mask in masks)


def _checked_cards(cards: tuple[int, int], field: str, form: MoveForm, deck: int) -> int:
    """The mask of ``cards`` (a mask, and the mask of those named twice), if each is fit.

    Each card must be named once and be in the ``deck``.
    """
    mask, twice = cards
    if twice:
        raise form.error(field, f"must list each card once, got {_lowest(twice)} twice.")
    if mask & ~deck:
        raise form.error(field, f"holds {_lowest(mask & ~deck)}, which is not in this game's deck.")
    return mask


def _checked_pass_size(count: object, field: str, form: MoveForm) -> int:
    """The number of cards of a pass, if it is from 1 to ``_MAX_PASS``."""
    if type(count) is not int or not 1 <= count <= _MAX_PASS:
        raise form.error(field, f"must be 1 to {_MAX_PASS} cards, got {show(count)}.")
    return count


def _checked_choice(
    value: object, choices: tuple[_Choice, ...], field: str, form: MoveForm
) -> _Choice:
    """The one of ``choices`` whose value ``value`` is."""
    for choice in choices:
        if isinstance(value, str) and value == choice.value:
            return choice
    names = [repr(choice.value) for choice in choices]
    wanted = " or ".join(names) if len(names) == 2 else f"one of {', '.join(names)}"
    raise form.error(field, f"must be {wanted}, got {show(value)}.")


def _lowest(mask: int) -> Card:
    """The lowest card of a mask that is not empty."""
    return CARDS[(mask & -mask).bit_length() - 1]
