"""The moves of a game: every decision, chance included, is a move.

* :class:`Deal` — the cards of every player for a new hand (a chance move: no seat makes it).
* :class:`Pass` — the cards one player passes (all players pass at once, see
  :attr:`hearts.State.to_move`).
* :class:`Play` — one card played to the current trick.
* :class:`ChoosePass` — the dealer's choice of the pass (only when
  ``Rules.dealer_chooses_pass`` is set).
* :class:`Claim` — "the rest are mine" (TRAM): the player to act takes every remaining
  trick (only when ``Rules.claims`` is set, and only when it cannot lose one).
* :class:`ShootChoice` — the shooter of the moon or sun chooses how it is scored (only
  with ``ShootMode.CHOOSE``).

Moves are frozen values (compared, hashed and pickled by their fields, changed with
``replace``), and their fields take cards as :class:`~hearts.Card` values, ints or text. A move is checked as it is built: a field of the wrong type is a
:class:`TypeError` saying what it takes, and a seat outside P0 to P6 or a card named twice
is an :class:`~hearts.IllegalMoveError`. Whether the move is legal in a game is for
:func:`hearts.apply` to say.

>>> print(Play(2, "QS"), "/", Pass(0, "2C 3D QS"))
P2 plays Q♠ / P0 passes 2♣ 3♦ Q♠
>>> Play(2, "QS") == Play(2, Card("Q♠"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final, TypeAlias, TypeVar, cast, final

from hearts.errors import IllegalMoveError, describe_value
from hearts.game.card import CARD_FORMS, CARDS, Card, is_int
from hearts.game.cards import CardSet, card_set_unchecked, mask_of
from hearts.game.frozen import mutable_twin
from hearts.game.rules import MAX_PLAYERS, PassDirection, ShootMode
from hearts.game.value import Value

__all__ = [
    "ChoosePass",
    "Claim",
    "Deal",
    "Move",
    "Pass",
    "Play",
    "ShootChoice",
    "deal_of",
    "pass_of",
]

MAX_SEATS: Final = MAX_PLAYERS
"""Seats run from 0 to ``MAX_SEATS - 1``: P0 to P6."""


_SEAT: Final = f"a seat number (an int from 0 to {MAX_SEATS - 1})"
_NOT_A_SEAT: Final = f", which is not a seat: seats run from P0 to P{MAX_SEATS - 1}."


def _number(what: str, value: object, end: int | None, kind: str, why: str) -> int:
    """``value`` if it is ``kind``, an int from 0 to ``end`` (excluded; None: no end).

    ``what`` names the field (``"Play.player"``) and ``why`` ends the sentence of a value
    out of range.
    """
    if not is_int(value):
        raise TypeError(f"{what} must be {kind}, got {describe_value(value)}.")
    number = int(cast("int", value))
    if number < 0 or (end is not None and number >= end):
        raise IllegalMoveError(f"{what} is {describe_value(value)}{why}")
    return number


def _seat(what: str, player: object) -> int:
    """``player`` if it is a seat of some game (P0 to P6)."""
    return _number(what, player, MAX_SEATS, _SEAT, _NOT_A_SEAT)


def _checked_cards(cards: object, what: str, rule: str) -> CardSet:
    """``cards`` as a :class:`CardSet`, refusing a card named twice (which breaks ``rule``)."""
    if isinstance(cards, CardSet):
        return cards
    mask, twice = mask_of(cards, what)
    if twice:
        repeated = CARDS[(twice & -twice).bit_length() - 1]
        raise IllegalMoveError(
            f"{what} names {repeated} twice, in {describe_value(cards)}: {rule}."
        )
    return card_set_unchecked(mask)


def _to_hands(hands: object) -> tuple[CardSet, ...]:
    if isinstance(hands, (str, bytes, bytearray, CardSet)) or not isinstance(hands, Iterable):
        # Text and card sets are iterable, but of characters or cards, not of hands.
        raise TypeError(
            "Deal.hands takes one hand per seat, each as text or cards, as "
            f"['2C 3C …', '4C 5C …', …], got {describe_value(hands)}."
        )
    return tuple(
        [
            _checked_cards(hand, f"Deal.hands[{seat}]", "a hand holds each card once")
            for seat, hand in enumerate(hands)
        ]
    )


def _to_play_card(card: object) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    if not is_int(card):
        raise TypeError(f"Play.card takes {CARD_FORMS}, got {describe_value(card)}.")
    return Card(cast("int", card))  # an int: Card refuses one that is not a card


@final
class Deal(Value):
    """The deal of a new hand: ``hands[seat]`` is the hand dealt to that seat.

    A game made with a seed offers its seeded deal as the one move of the deal phase;
    :func:`hearts.apply` accepts any deal that splits the deck evenly, so a server may
    shuffle for itself.

    >>> deal = Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"])
    >>> deal.hands[1]
    CardSet('4♣ 5♣')
    >>> print(deal)
    deals P0: 2♣ 3♣ | P1: 4♣ 5♣ | P2: 6♣ 7♣ | P3: 8♣ 9♣
    >>> Deal(["2C 3C", "4C 4C", "6C 7C", "8C 9C"])
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: Deal.hands[1] names 4♣ twice, in '4C 4C': a hand holds each card once.
    """

    __slots__ = ("hands",)
    FIELDS: ClassVar[tuple[str, ...]] = ("hands",)
    __match_args__: ClassVar = ("hands",)
    hands: tuple[CardSet, ...]

    def __init__(
        self, hands: Iterable[CardSet | str | Iterable[Card | int | str]] | object
    ) -> None:
        object.__setattr__(self, "hands", _to_hands(hands))

    def _fields(self) -> tuple[object, ...]:
        return (self.hands,)

    def __str__(self) -> str:
        return "deals " + " | ".join(f"P{seat}: {hand}" for seat, hand in enumerate(self.hands))


_DEAL_TWIN: Final = mutable_twin(Deal)


def deal_of(hands: tuple[CardSet, ...]) -> Deal:
    """``Deal(hands)`` of hands known to be card sets (the seeded deal's), unchecked.

    >>> deal_of((CardSet("2C"), CardSet("3C"))) == Deal(["2C", "3C"])
    True
    """
    if _DEAL_TWIN is None:
        return Deal(hands)
    made = _DEAL_TWIN()  # the pure build: see hearts.game.frozen.mutable_twin
    made.hands = hands
    made.__class__ = Deal
    return made


@final
class Pass(Value):
    """The cards ``player`` passes this hand.

    >>> Pass(1, "QS KS AS").cards
    CardSet('Q♠ K♠ A♠')
    >>> Pass(1, "QS KS QS")
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: Pass.cards names Q♠ twice, in 'QS KS QS': a pass gives each card once.
    """

    __slots__ = ("cards", "player")
    FIELDS: ClassVar[tuple[str, ...]] = ("player", "cards")
    __match_args__: ClassVar = ("player", "cards")
    player: int
    cards: CardSet

    def __init__(
        self, player: int | object, cards: CardSet | str | Iterable[Card | int | str] | object
    ) -> None:
        object.__setattr__(self, "player", _seat("Pass.player", player))
        object.__setattr__(
            self, "cards", _checked_cards(cards, "Pass.cards", "a pass gives each card once")
        )

    def _fields(self) -> tuple[object, ...]:
        return (self.player, self.cards)

    def __str__(self) -> str:
        return f"P{self.player} passes {self.cards}"


_PASS_TWIN: Final = mutable_twin(Pass)


def pass_of(player: int, cards: CardSet) -> Pass:
    """``Pass(player, cards)`` of a seat and cards known to be right, unchecked.

    >>> pass_of(1, CardSet("QS KS AS")) == Pass(1, "QS KS AS")
    True
    """
    if _PASS_TWIN is None:
        return Pass(player, cards)
    made = _PASS_TWIN()  # the pure build: see hearts.game.frozen.mutable_twin
    made.player = player
    made.cards = cards
    made.__class__ = Pass
    return made


@final
class Play(Value):
    """``player`` plays ``card`` to the current trick.

    >>> Play(0, "2C").card
    Card('2♣')

    ``player`` is a seat number, from 0 to 6; whether the game has that seat is checked by
    :func:`hearts.apply`.

    >>> Play(7, "2C")
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: Play.player is 7, which is not a seat: seats run from P0 to P6.
    >>> Play("0", "2C")
    Traceback (most recent call last):
    ...
    TypeError: Play.player must be a seat number (an int from 0 to 6), got '0'.
    """

    __slots__ = ("card", "player")
    FIELDS: ClassVar[tuple[str, ...]] = ("player", "card")
    __match_args__: ClassVar = ("player", "card")
    player: int
    card: Card

    def __init__(self, player: int | object, card: Card | int | str | object) -> None:
        object.__setattr__(self, "player", _seat("Play.player", player))
        object.__setattr__(self, "card", _to_play_card(card))

    def _fields(self) -> tuple[object, ...]:
        return (self.player, self.card)

    def __str__(self) -> str:
        return f"P{self.player} plays {self.card}"


_Member = TypeVar("_Member", PassDirection, ShootMode)


def _member(
    value: object, members: tuple[_Member, ...], field: str, takes: str, use: str
) -> _Member:
    """The one of ``members`` that ``value`` is or names, else the error for ``field``."""
    if not isinstance(value, (str, type(members[0]))):
        raise TypeError(f"{field} takes {takes}, got {describe_value(value)}.")
    for member in members:
        if value is member or value == member.value:
            return member
    raise IllegalMoveError(f"{describe_value(value)} is not {use}.")


def _to_direction(direction: object) -> PassDirection:
    takes = "a PassDirection or its name (a str, as 'left')"
    names = ", ".join(repr(member.value) for member in PassDirection)
    use = f"a pass direction: use one of {names}"
    return _member(direction, tuple(PassDirection), "ChoosePass.direction", takes, use)


@final
class ChoosePass(Value):
    """The dealer's choice of this hand's pass: the direction and how many cards.

    A hold hand passes no cards, so its count is 0.

    >>> print(ChoosePass(0, "across", 2), "/", ChoosePass(0, "hold", 0))
    P0 calls a pass of 2 across / P0 calls a hold hand
    """

    __slots__ = ("count", "direction", "player")
    FIELDS: ClassVar[tuple[str, ...]] = ("player", "direction", "count")
    __match_args__: ClassVar = ("player", "direction", "count")
    player: int
    direction: PassDirection
    count: int

    def __init__(
        self, player: int | object, direction: PassDirection | str | object, count: int | object
    ) -> None:
        object.__setattr__(self, "player", _seat("ChoosePass.player", player))
        object.__setattr__(self, "direction", _to_direction(direction))
        why = ": a pass has 0 cards or more."
        kind = "a number of cards (an int)"
        object.__setattr__(self, "count", _number("ChoosePass.count", count, None, kind, why))

    def _fields(self) -> tuple[object, ...]:
        return (self.player, self.direction, self.count)

    def __str__(self) -> str:
        if self.direction is PassDirection.HOLD:
            return f"P{self.player} calls a hold hand"
        return f"P{self.player} calls a pass of {self.count} {self.direction}"


@final
class Claim(Value):
    """``player`` claims every remaining trick: "the rest are mine" (TRAM).

    Legal only when ``Rules.claims`` is set and the player must win every remaining trick
    however the others play (World of Card Games, Hardwood).

    >>> print(Claim(2))
    P2 claims the rest
    """

    __slots__ = ("player",)
    FIELDS: ClassVar[tuple[str, ...]] = ("player",)
    __match_args__: ClassVar = ("player",)
    player: int

    def __init__(self, player: int | object) -> None:
        object.__setattr__(self, "player", _seat("Claim.player", player))

    def _fields(self) -> tuple[object, ...]:
        return (self.player,)

    def __str__(self) -> str:
        return f"P{self.player} claims the rest"


def _to_shoot_mode(mode: object) -> ShootMode:
    takes = "'add' or 'subtract' (a str or a ShootMode)"
    use = "a way to score a shot: use 'add' or 'subtract'"
    return _member(mode, (ShootMode.ADD, ShootMode.SUBTRACT), "ShootChoice.mode", takes, use)


@final
class ShootChoice(Value):
    """How the shooter of the moon (or sun) has its shot scored.

    ``"add"`` adds the value to every other player; ``"subtract"`` takes it from the
    shooter's own total.

    >>> print(ShootChoice(1, "subtract"))
    P1 subtracts the shot from its own total
    """

    __slots__ = ("mode", "player")
    FIELDS: ClassVar[tuple[str, ...]] = ("player", "mode")
    __match_args__: ClassVar = ("player", "mode")
    player: int
    mode: ShootMode

    def __init__(self, player: int | object, mode: ShootMode | str | object) -> None:
        object.__setattr__(self, "player", _seat("ShootChoice.player", player))
        object.__setattr__(self, "mode", _to_shoot_mode(mode))

    def _fields(self) -> tuple[object, ...]:
        return (self.player, self.mode)

    def __str__(self) -> str:
        if self.mode is ShootMode.SUBTRACT:
            return f"P{self.player} subtracts the shot from its own total"
        return f"P{self.player} adds the shot to every other player"


Move: TypeAlias = Deal | Pass | Play | ChoosePass | Claim | ShootChoice
"""Any move."""

PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(player, card) for card in CARDS) for player in range(MAX_SEATS)
)
"""``PLAYS[player][card]``: the shared :class:`Play` for every seat and card."""
