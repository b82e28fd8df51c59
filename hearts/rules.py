"""The variant configuration: one frozen, validated :class:`Rules` value.

A game is pinned to one :class:`Rules`. Its fields are flat keywords, documented in groups
(deal, passing, play, scoring, end); every default is the standard game as Microsoft Hearts,
Bicycle and pagat.com describe it, and an invalid combination raises :class:`RulesError`
when the value is built, naming the field and the reason.

>>> rules = Rules()
>>> rules.players, rules.pass_count, rules.target
(4, 3, 100)
>>> Rules(players=3).removed
CardSet('2♦')
>>> Rules(target=0)
Traceback (most recent call last):
...
hearts.errors.RulesError: Rules.target must be a whole number of at least 1, got 0.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, Final, cast

import attrs

from hearts.cards import CARDS, DECK, HEARTS, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, Suit
from hearts.errors import HeartsError, RulesError

__all__ = ["PassDirection", "Rules"]


class PassDirection(enum.Enum):
    """Where the cards of one hand are passed. Seats are clockwise and play goes left.

    >>> PassDirection.LEFT.offset(4), PassDirection.RIGHT.offset(4), PassDirection.ACROSS.offset(4)
    (1, 3, 2)
    >>> PassDirection("hold").offset(4)
    0
    """

    LEFT = "left"
    """To the next seat: seat + 1."""
    RIGHT = "right"
    """To the previous seat: seat - 1."""
    ACROSS = "across"
    """To the seat opposite: seat + players / 2 (even player counts only)."""
    HOLD = "hold"
    """No passing this hand (the "keeper" hand)."""

    def offset(self, players: int) -> int:
        """The receiving seat's distance to the left of the passer, from 0 to players - 1."""
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return players - 1
        if self is PassDirection.ACROSS:
            return players // 2
        return 0

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"PassDirection.{self.name}"


MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 7

_DEFAULT_REMOVED: Final = {
    3: "2D",
    4: "",
    5: "2C 2D",
    6: "2C 2D 3C 2S",
    7: "2C 2D 2S",
}
_STANDARD_CYCLE: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
_ODD_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)


def default_removed(players: int) -> CardSet:
    """The cards taken out of the deck so that ``players`` share it evenly.

    3 players remove 2♦ (Bicycle, Hoyle, pagat); 5 remove 2♣ 2♦ (Bicycle, pagat);
    6 remove 2♣ 2♦ 3♣ 2♠ (Trickster, Morehead); 7 remove 2♣ 2♦ 2♠.

    >>> print(default_removed(5))
    2♣ 2♦
    """
    return CardSet(_DEFAULT_REMOVED.get(players, ""))


def default_pass_count(players: int) -> int:
    """Three cards, or two with more than four players (pagat, Bicycle).

    >>> default_pass_count(4), default_pass_count(5)
    (3, 2)
    """
    return 3 if players <= 4 else 2


def default_pass_cycle(players: int) -> tuple[PassDirection, ...]:
    """Left, right, across, hold with an even player count; left, right, hold otherwise.

    The four-hand cycle is Microsoft Hearts', Bicycle's and pagat's; the three-hand cycle
    for odd counts is Hoyle's (no seat is across).

    >>> [str(direction) for direction in default_pass_cycle(3)]
    ['left', 'right', 'hold']
    """
    return _STANDARD_CYCLE if players % 2 == 0 else _ODD_CYCLE


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked_players(players: int) -> int:
    # A converter, so that it runs before the defaults that depend on the player count.
    if not _whole_number(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            f"Rules.players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, "
            f"got {players!r}."
        )
    return players


def _to_card_set(value: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    try:
        return CardSet(value)
    except (HeartsError, TypeError) as error:
        raise RulesError(f"Rules.removed must be a set of cards, got {value!r}: {error}") from None


def _to_cycle(value: Iterable[PassDirection | str]) -> tuple[PassDirection, ...]:
    if isinstance(value, (str, PassDirection)):
        value = (value,)
    try:
        return tuple(PassDirection(direction) for direction in value)
    except (ValueError, TypeError):
        names = ", ".join(repr(direction.value) for direction in PassDirection)
        raise RulesError(
            f"Rules.pass_cycle must be a sequence of pass directions ({names}), got {value!r}."
        ) from None


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """The rules of one Hearts variant: a frozen, hashable, validated value.

    Fields, by group (every default is the standard four-player game):

    **Deal** — ``players`` (3 to 7); ``removed``, the cards taken out so the deck divides
    evenly (default by player count, see :func:`default_removed`).

    **Passing** — ``pass_count``, cards passed per hand (3; 2 with more than four
    players); ``pass_cycle``, the directions used hand after hand, repeating (left, right,
    across, hold; left, right, hold for odd player counts).

    **Play** — the standard rules: the holder of the lowest club in the deck leads it to
    the first trick; players follow suit; no penalty card (a heart or Q♠) on the first
    trick unless a player holds nothing else; hearts may not be led until a heart has been
    played, unless the leader holds only hearts (Microsoft Hearts, Bicycle, pagat).

    **Scoring** — hearts 1 point each, Q♠ 13; a player who takes every penalty card
    "shoots the moon": it scores 0 and every other player scores 26.

    **End** — ``target``: the game ends after the hand in which a player reaches it (or
    more); the lowest total wins, and equal lowest totals share the win.

    Fields whose default depends on the player count (``removed``, ``pass_count``,
    ``pass_cycle``) follow a change of ``players`` in :meth:`replace` unless they were
    changed from that default.

    >>> Rules(players=5)
    Rules(players=5, removed=CardSet('2♣ 2♦'), pass_count=2, pass_cycle=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD), target=100)
    >>> Rules().replace(target=50).target
    50
    """

    players: int = attrs.field(default=4, converter=_checked_players)
    removed: CardSet = attrs.field(
        converter=_to_card_set,
        default=attrs.Factory(lambda rules: default_removed(rules.players), takes_self=True),
    )
    pass_count: int = attrs.field(
        default=attrs.Factory(lambda rules: default_pass_count(rules.players), takes_self=True)
    )
    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        converter=_to_cycle,
        default=attrs.Factory(lambda rules: default_pass_cycle(rules.players), takes_self=True),
    )
    target: int = 100

    # Tables derived from the fields once, for the engine's hot path.
    deck_mask: int = attrs.field(init=False, repr=False, eq=False)
    """Bitmask of the cards in play."""
    hand_size: int = attrs.field(init=False, repr=False, eq=False)
    """Cards dealt to each player."""
    first_lead: Card = attrs.field(init=False, repr=False, eq=False)
    """The card that must lead the first trick: the lowest club in the deck."""
    penalty_mask: int = attrs.field(init=False, repr=False, eq=False)
    """Bitmask of the penalty cards in the deck (hearts and Q♠)."""
    card_points: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """Points of each card, indexed by card."""
    moon_points: int = attrs.field(init=False, repr=False, eq=False)
    """Points added to every other player when one player shoots the moon."""
    pass_offsets: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """Seat offset of each direction of the pass cycle (0 for a hold hand)."""

    def __attrs_post_init__(self) -> None:
        players = self.players
        deck = DECK & ~self.removed.mask
        if deck.bit_count() % players:
            raise RulesError(
                f"Rules.removed leaves {deck.bit_count()} cards, which {players} players cannot "
                f"share evenly; remove {deck.bit_count() % players} more, or use the default "
                f"for {players} players ({default_removed(players) or 'none'})."
            )
        clubs = deck & SUIT_MASKS[Suit.CLUBS]
        if not clubs:
            raise RulesError(
                "Rules.removed takes out every club, so no card can lead the first trick."
            )
        hand_size = deck.bit_count() // players
        count = self.pass_count
        if not _whole_number(count) or not 1 <= count <= hand_size:
            raise RulesError(
                f"Rules.pass_count must be a whole number from 1 to the hand size ({hand_size}), "
                f"got {count!r}; use pass_cycle=('hold',) for a game without passing."
            )
        if not self.pass_cycle:
            raise RulesError(
                "Rules.pass_cycle must name at least one direction; use ('hold',) for no passing."
            )
        if PassDirection.ACROSS in self.pass_cycle and players % 2:
            raise RulesError(
                f"Rules.pass_cycle passes across, but {players} players have no seat across; "
                "use an even number of players or leave ACROSS out of the cycle."
            )
        if not _whole_number(self.target) or self.target < 1:
            raise RulesError(
                f"Rules.target must be a whole number of at least 1, got {self.target!r}."
            )

        penalty = deck & (HEARTS | QUEEN_OF_SPADES.mask)
        points = tuple(
            (13 if card == QUEEN_OF_SPADES else 1) if penalty >> card & 1 else 0 for card in CARDS
        )
        set_table = object.__setattr__
        set_table(self, "deck_mask", deck)
        set_table(self, "hand_size", hand_size)
        set_table(self, "first_lead", CARDS[(clubs & -clubs).bit_length() - 1])
        set_table(self, "penalty_mask", penalty)
        set_table(self, "card_points", points)
        set_table(self, "moon_points", sum(points))
        set_table(self, "pass_offsets", tuple(d.offset(players) for d in self.pass_cycle))

    @property
    def deck(self) -> CardSet:
        """The cards in play.

        >>> len(Rules().deck), len(Rules(players=3).deck)
        (52, 51)
        """
        return CardSet.from_mask(self.deck_mask)

    def replace(self, **changes: object) -> Rules:
        """A copy with some fields changed, validated like a new value (``attrs.evolve``).

        When ``players`` changes, the fields still at their default for the old player
        count take the default for the new one; fields changed from it are kept.

        >>> Rules().replace(players=5).pass_count
        2
        >>> Rules(pass_count=1).replace(players=5).pass_count
        1
        >>> Rules().replace(goal=50)
        Traceback (most recent call last):
        ...
        hearts.errors.RulesError: Rules has no field 'goal'; its fields are players, removed, pass_count, pass_cycle, target.
        """
        names = [field.name for field in attrs.fields(Rules) if field.init]
        for name in changes:
            if name not in names:
                raise RulesError(f"Rules has no field {name!r}; its fields are {', '.join(names)}.")
        new_players = changes.get("players", self.players)
        if new_players != self.players and isinstance(new_players, int):
            for name, default in _PLAYER_DEFAULTS.items():
                if name not in changes and getattr(self, name) == default(self.players):
                    changes[name] = default(new_players)
        # The values are checked by Rules itself, as in a new value.
        return attrs.evolve(self, **cast("dict[str, Any]", changes))


_PLAYER_DEFAULTS: Final[dict[str, Callable[[int], object]]] = {
    "removed": default_removed,
    "pass_count": default_pass_count,
    "pass_cycle": default_pass_cycle,
}
