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

Moves are frozen and hashable, and their fields take cards as :class:`~hearts.Card` values,
ints or text. A move is checked as it is built: a field of the wrong type is a
:class:`TypeError` saying what it takes, and a seat outside P0 to P6 or a card named twice
is an :class:`~hearts.IllegalMoveError`. Whether the move is legal in a game is for
:func:`hearts.apply` to say.

>>> print(Play(2, "QS"), "/", Pass(0, "2C 3D QS"))
P2 plays Q♠ / P0 passes 2♣ 3♦ Q♠
>>> Play(2, "QS") == Play(2, Card("Q♠"))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final, TypeAlias, TypeVar

import attrs

from hearts.cards import (
    _CARD_TYPES,
    CARDS,
    NUMBER_OF_CARDS,
    Card,
    CardSet,
    _card_set,
    _is_int,
    _mask_of,
)
from hearts.errors import IllegalMoveError, describe_value
from hearts.rules import MAX_PLAYERS, PassDirection, ShootMode

__all__ = ["ChoosePass", "Claim", "Deal", "Move", "Pass", "Play", "ShootChoice"]

MAX_SEATS: Final = MAX_PLAYERS
"""Seats run from 0 to ``MAX_SEATS - 1``: P0 to P6."""


_SEAT: Final = f"a seat number (an int from 0 to {MAX_SEATS - 1})"
_NOT_A_SEAT: Final = f", which is not a seat: seats run from P0 to P{MAX_SEATS - 1}."


def _check_number(
    move: object, field: attrs.Attribute[int], value: object, end: float, kind: str, why: str
) -> None:
    """Refuse a ``value`` that is not ``kind``, an int from 0 to ``end`` (excluded), ``why``."""
    is_int = value.__class__ is int or _is_int(value)
    if is_int and 0 <= value < end:  # type: ignore[operator]
        return
    what = f"{type(move).__name__}.{field.name}"
    if not is_int:
        raise TypeError(f"{what} must be {kind}, got {describe_value(value)}.")
    raise IllegalMoveError(f"{what} is {describe_value(value)}{why}")


def _check_seat(move: object, field: attrs.Attribute[int], player: object) -> None:
    """Refuse a ``player`` that is not a seat of any game: an attrs validator."""
    _check_number(move, field, player, MAX_SEATS, _SEAT, _NOT_A_SEAT)


def _checked_cards(cards: object, what: str, rule: str) -> CardSet:
    """``cards`` as a :class:`CardSet`, refusing a card named twice (which breaks ``rule``)."""
    if isinstance(cards, CardSet):
        return cards
    mask, twice = _mask_of(cards, what)
    if twice:
        repeated = CARDS[(twice & -twice).bit_length() - 1]
        raise IllegalMoveError(
            f"{what} names {repeated} twice, in {describe_value(cards)}: {rule}."
        )
    return _card_set(mask)


def _to_hands(hands: Iterable[CardSet | str | Iterable[Card | int | str]]) -> tuple[CardSet, ...]:
    try:
        if isinstance(hands, (str, bytes, bytearray, CardSet)):
            raise TypeError  # iterable, but of cards or characters, not of hands
        seats = enumerate(hands)
    except TypeError:
        raise TypeError(
            "Deal.hands takes one hand per seat, each as text or cards, as "
            f"['2C 3C …', '4C 5C …', …], got {describe_value(hands)}."
        ) from None
    return tuple(
        _checked_cards(hand, f"Deal.hands[{seat}]", "a hand holds each card once")
        for seat, hand in seats
    )


def _to_pass_cards(cards: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    return _checked_cards(cards, "Pass.cards", "a pass gives each card once")


def _to_play_card(card: Card | int | str) -> Card:
    # The hot path: a Card or an int in range is looked up without a call.
    if card.__class__ is Card:
        return card
    if card.__class__ is int and 0 <= card < NUMBER_OF_CARDS:
        return CARDS[card]
    if card.__class__ is str:
        return Card.parse(card)
    try:
        return Card(card)
    except TypeError:
        raise TypeError(f"Play.card takes {_CARD_TYPES}, got {describe_value(card)}.") from None


@attrs.frozen(cache_hash=True)
class Deal:
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

    hands: tuple[CardSet, ...] = attrs.field(converter=_to_hands)

    def __str__(self) -> str:
        return "deals " + " | ".join(f"P{seat}: {hand}" for seat, hand in enumerate(self.hands))


@attrs.frozen(cache_hash=True)
class Pass:
    """The cards ``player`` passes this hand.

    >>> Pass(1, "QS KS AS").cards
    CardSet('Q♠ K♠ A♠')
    >>> Pass(1, "QS KS QS")
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: Pass.cards names Q♠ twice, in 'QS KS QS': a pass gives each card once.
    """

    player: int = attrs.field(validator=_check_seat)
    cards: CardSet = attrs.field(converter=_to_pass_cards)

    def __str__(self) -> str:
        return f"P{self.player} passes {self.cards}"


@attrs.frozen(cache_hash=True)
class Play:
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

    player: int = attrs.field(validator=_check_seat)
    card: Card = attrs.field(converter=_to_play_card)

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


def _to_direction(direction: PassDirection | str) -> PassDirection:
    takes = "a PassDirection or its name (a str, as 'left')"
    names = ", ".join(repr(member.value) for member in PassDirection)
    use = f"a pass direction: use one of {names}"
    return _member(direction, tuple(PassDirection), "ChoosePass.direction", takes, use)


def _check_count(move: object, field: attrs.Attribute[int], count: object) -> None:
    """Refuse a pass count that is not a whole number of cards: an attrs validator."""
    _check_number(
        move, field, count, math.inf, "a number of cards (an int)", ": a pass has 0 cards or more."
    )


@attrs.frozen(cache_hash=True)
class ChoosePass:
    """The dealer's choice of this hand's pass: the direction and how many cards.

    A hold hand passes no cards, so its count is 0.

    >>> print(ChoosePass(0, "across", 2), "/", ChoosePass(0, "hold", 0))
    P0 calls a pass of 2 across / P0 calls a hold hand
    """

    player: int = attrs.field(validator=_check_seat)
    direction: PassDirection = attrs.field(converter=_to_direction)
    count: int = attrs.field(validator=_check_count)

    def __str__(self) -> str:
        if self.direction is PassDirection.HOLD:
            return f"P{self.player} calls a hold hand"
        return f"P{self.player} calls a pass of {self.count} {self.direction}"


@attrs.frozen(cache_hash=True)
class Claim:
    """``player`` claims every remaining trick: "the rest are mine" (TRAM).

    Legal only when ``Rules.claims`` is set and the player must win every remaining trick
    however the others play (World of Card Games, Hardwood).

    >>> print(Claim(2))
    P2 claims the rest
    """

    player: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return f"P{self.player} claims the rest"


def _to_shoot_mode(mode: ShootMode | str) -> ShootMode:
    takes = "'add' or 'subtract' (a str or a ShootMode)"
    use = "a way to score a shot: use 'add' or 'subtract'"
    return _member(mode, (ShootMode.ADD, ShootMode.SUBTRACT), "ShootChoice.mode", takes, use)


@attrs.frozen(cache_hash=True)
class ShootChoice:
    """How the shooter of the moon (or sun) has its shot scored.

    ``"add"`` adds the value to every other player; ``"subtract"`` takes it from the
    shooter's own total.

    >>> print(ShootChoice(1, "subtract"))
    P1 subtracts the shot from its own total
    """

    player: int = attrs.field(validator=_check_seat)
    mode: ShootMode = attrs.field(converter=_to_shoot_mode)

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
