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
ints or text.

>>> print(Play(2, "QS"), "/", Pass(0, "2C 3D QS"))
P2 plays Q♠ / P0 passes 2♣ 3♦ Q♠
>>> Play(2, "QS") == Play(2, Card("Q♠"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from hearts.cards import CARDS, Card, CardSet
from hearts.errors import IllegalMoveError
from hearts.rules import PassDirection, ShootMode

__all__ = ["ChoosePass", "Claim", "Deal", "Move", "Pass", "Play", "ShootChoice"]


def _to_hands(hands: Iterable[CardSet | str | Iterable[Card | int | str]]) -> tuple[CardSet, ...]:
    return tuple(hand if isinstance(hand, CardSet) else CardSet(hand) for hand in hands)


def _to_card_set(cards: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    return cards if isinstance(cards, CardSet) else CardSet(cards)


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
    """

    hands: tuple[CardSet, ...] = attrs.field(converter=_to_hands)

    def __str__(self) -> str:
        return "deals " + " | ".join(f"P{seat}: {hand}" for seat, hand in enumerate(self.hands))


@attrs.frozen(cache_hash=True)
class Pass:
    """The cards ``player`` passes this hand.

    >>> Pass(1, "QS KS AS").cards
    CardSet('Q♠ K♠ A♠')
    """

    player: int
    cards: CardSet = attrs.field(converter=_to_card_set)

    def __str__(self) -> str:
        return f"P{self.player} passes {self.cards}"


@attrs.frozen(cache_hash=True)
class Play:
    """``player`` plays ``card`` to the current trick.

    >>> Play(0, "2C").card
    Card('2♣')
    """

    player: int
    card: Card = attrs.field(converter=Card)

    def __str__(self) -> str:
        return f"P{self.player} plays {self.card}"


def _to_direction(direction: PassDirection | str) -> PassDirection:
    try:
        return PassDirection(direction)
    except ValueError:
        names = ", ".join(repr(member.value) for member in PassDirection)
        raise IllegalMoveError(
            f"{direction!r} is not a pass direction: use one of {names}."
        ) from None


@attrs.frozen(cache_hash=True)
class ChoosePass:
    """The dealer's choice of this hand's pass: the direction and how many cards.

    A hold hand passes no cards, so its count is 0.

    >>> print(ChoosePass(0, "across", 2), "/", ChoosePass(0, "hold", 0))
    P0 calls a pass of 2 across / P0 calls a hold hand
    """

    player: int
    direction: PassDirection = attrs.field(converter=_to_direction)
    count: int

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

    player: int

    def __str__(self) -> str:
        return f"P{self.player} claims the rest"


def _to_shoot_mode(mode: ShootMode | str) -> ShootMode:
    if mode not in (ShootMode.ADD, ShootMode.SUBTRACT, "add", "subtract"):
        raise IllegalMoveError(f"{mode!r} is not a way to score a shot: use 'add' or 'subtract'.")
    return ShootMode(mode)


@attrs.frozen(cache_hash=True)
class ShootChoice:
    """How the shooter of the moon (or sun) has its shot scored.

    ``"add"`` adds the value to every other player; ``"subtract"`` takes it from the
    shooter's own total.

    >>> print(ShootChoice(1, "subtract"))
    P1 subtracts the shot from its own total
    """

    player: int
    mode: ShootMode = attrs.field(converter=_to_shoot_mode)

    def __str__(self) -> str:
        if self.mode is ShootMode.SUBTRACT:
            return f"P{self.player} subtracts the shot from its own total"
        return f"P{self.player} adds the shot to every other player"


Move: TypeAlias = Deal | Pass | Play | ChoosePass | Claim | ShootChoice
"""Any move."""

MAX_SEATS: Final = 7
PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(player, card) for card in CARDS) for player in range(MAX_SEATS)
)
"""``PLAYS[player][card]``: the shared :class:`Play` for every seat and card."""
