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
from typing import Any, Final, TypeVar, cast

import attrs

from hearts.cards import (
    CARDS,
    DECK,
    FIRST_JOKER,
    HEARTS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
)
from hearts.errors import HeartsError, RulesError

__all__ = [
    "PASS_CYCLES",
    "FirstLead",
    "FirstTrick",
    "FirstTrickFallback",
    "PassDirection",
    "Rules",
    "default_pass_count",
    "default_pass_cycle",
    "default_removed",
]

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 7
MAX_JOKERS: Final = 3


class PassDirection(enum.Enum):
    """Where the cards of one hand are passed. Seats are clockwise and play goes left.

    >>> PassDirection.LEFT.offset(4), PassDirection.RIGHT.offset(4), PassDirection.ACROSS.offset(4)
    (1, 3, 2)
    >>> PassDirection("right2").offset(5), PassDirection.HOLD.offset(4)
    (3, 0)
    """

    LEFT = "left"
    """To the next seat: seat + 1."""
    RIGHT = "right"
    """To the previous seat: seat - 1."""
    ACROSS = "across"
    """To the seat opposite: seat + players / 2 (even player counts only)."""
    HOLD = "hold"
    """No passing this hand (the "keeper" hand)."""
    LEFT2 = "left2"
    """Two seats to the left (5 players or more)."""
    RIGHT2 = "right2"
    """Two seats to the right (5 players or more)."""
    LEFT3 = "left3"
    """Three seats to the left (7 players)."""
    RIGHT3 = "right3"
    """Three seats to the right (7 players)."""

    def offset(self, players: int) -> int:
        """The receiving seat's distance to the left of the passer, from 0 to players - 1."""
        if self is PassDirection.ACROSS:
            return players // 2
        return _STEPS[self] % players

    def allowed_with(self, players: int) -> bool:
        """Whether ``players`` can pass this way.

        A seat across needs an even count; passing two or three seats away needs a table
        where that seat is not reached by another direction.

        >>> PassDirection.ACROSS.allowed_with(5), PassDirection.LEFT2.allowed_with(5)
        (False, True)
        >>> PassDirection.LEFT2.allowed_with(4), PassDirection.LEFT3.allowed_with(7)
        (False, True)
        """
        if self is PassDirection.ACROSS:
            return players % 2 == 0
        return 2 * abs(_STEPS[self]) < players

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"PassDirection.{self.name}"


_STEPS: Final = {
    PassDirection.LEFT: 1,
    PassDirection.RIGHT: -1,
    PassDirection.HOLD: 0,
    PassDirection.LEFT2: 2,
    PassDirection.RIGHT2: -2,
    PassDirection.LEFT3: 3,
    PassDirection.RIGHT3: -3,
}

_L, _R, _A, _H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD
PASS_CYCLES: Final[dict[str, tuple[PassDirection, ...]]] = {
    "standard": (_L, _R, _A, _H),
    "tournament": (_L, _R, _A),
    "left": (_L,),
    "right": (_R,),
    "alternate": (_L, _R),
    "none": (_H,),
}
"""Named pass cycles: ``pass_cycle="tournament"`` is ``(LEFT, RIGHT, ACROSS)``.

``standard`` is Microsoft Hearts', Bicycle's and pagat's four-player cycle (with 3, 5 or
7 players the default is left, right, hold, as Hoyle plays three-handed); ``tournament``
has no hold hand; ``left`` and ``right`` pass one way every hand (Black Maria passes right);
``alternate`` goes left then right; ``none`` never passes (the "basic game").
"""


class FirstLead(enum.Enum):
    """Who leads the first trick of a hand, and with what.

    >>> FirstLead("any_club") is FirstLead.ANY_CLUB
    True
    """

    LOWEST_CLUB = "lowest_club"
    """The holder of the lowest club in the deck leads it: 2♣, or 3♣ when 2♣ is removed
    (Microsoft Hearts, Bicycle, pagat)."""
    ANY_CLUB = "any_club"
    """The holder of the lowest club leads, and may lead any club (OpenSpiel's
    ``can_lead_any_club``)."""
    LEFT_OF_DEALER = "left_of_dealer"
    """The player left of the dealer leads any card (Foster's Hoyle, Culbertson, Black Maria);
    the deal passes to the left each hand."""
    LEFT_OF_DEALER_NO_HEART = "left_of_dealer_no_heart"
    """The player left of the dealer leads any card but a heart, unless it holds only hearts
    (Hoyle)."""


class FirstTrick(enum.Enum):
    """Which cards are barred from the first trick.

    >>> FirstTrick.PENALTY_BARRED.value
    'penalty_barred'
    """

    PENALTY_BARRED = "penalty_barred"
    """No penalty card (a heart or Q♠): "no blood on the first trick" (Microsoft Hearts,
    BGA; Bicycle)."""
    HEARTS_BARRED = "hearts_barred"
    """No heart; Q♠ may be played."""
    OPEN = "open"
    """Nothing is barred (pagat's main rules)."""
    FIRST_TURN_HEARTS = "first_turn_hearts"
    """Q♠ is barred, and hearts are allowed only to a player who holds no club (World of
    Card Games' "Allow First Turn Hearts")."""


class FirstTrickFallback(enum.Enum):
    """What a player who holds only barred cards plays on the first trick.

    >>> [fallback.value for fallback in FirstTrickFallback]
    ['any', 'queen']
    """

    ANY = "any"
    """Any of them (OpenSpiel, Microsoft Hearts)."""
    QUEEN = "queen"
    """Q♠ if it holds it, otherwise any of them (as some apps force)."""


_DEFAULT_REMOVED: Final = {
    3: "2D",
    4: "",
    5: "2C 2D",
    6: "2C 2D 3C 2S",
    7: "2C 2D 2S",
}


def default_removed(players: int, jokers: int = 0) -> CardSet:
    """The cards taken out of the deck so that ``players`` share it evenly.

    3 players remove 2♦ (Bicycle, Hoyle, pagat); 5 remove 2♣ 2♦ (Bicycle, pagat);
    6 remove 2♣ 2♦ 3♣ 2♠ (Trickster, Morehead); 7 remove 2♣ 2♦ 2♠. A game with jokers
    removes nothing: the jokers make the deck divide instead.

    >>> print(default_removed(5), "/", default_removed(5, jokers=3) or "nothing")
    2♣ 2♦ / nothing
    """
    return CardSet() if jokers else CardSet(_DEFAULT_REMOVED.get(players, ""))


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
    return PASS_CYCLES["standard"] if players % 2 == 0 else (_L, _R, _H)


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


def _checked_jokers(jokers: int) -> int:
    if not _whole_number(jokers) or not 0 <= jokers <= MAX_JOKERS:
        raise RulesError(f"Rules.jokers must be a whole number from 0 to 3, got {jokers!r}.")
    return jokers


def _card_set(field: str, value: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    try:
        return CardSet(value)
    except (HeartsError, TypeError) as error:
        raise RulesError(f"Rules.{field} must be a set of cards, got {value!r}: {error}") from None


def _to_removed(value: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    return _card_set("removed", value)


def _to_unpassable(value: CardSet | str | Iterable[Card | int | str]) -> CardSet:
    return _card_set("unpassable", value)


def _to_cycle(value: Iterable[PassDirection | str] | str) -> tuple[PassDirection, ...]:
    if isinstance(value, str) and value in PASS_CYCLES:
        return PASS_CYCLES[value]
    if isinstance(value, (str, PassDirection)):
        value = (value,)
    try:
        return tuple(PassDirection(direction) for direction in value)
    except (ValueError, TypeError):
        names = ", ".join(repr(direction.value) for direction in PassDirection)
        raise RulesError(
            f"Rules.pass_cycle must be a cycle name ({', '.join(map(repr, PASS_CYCLES))}) or a "
            f"sequence of pass directions ({names}), got {value!r}."
        ) from None


_E = TypeVar("_E", bound=enum.Enum)


def _member(kind: type[_E], field: str, value: _E | str) -> _E:
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(repr(member.value) for member in kind)
        raise RulesError(f"Rules.{field} must be one of {names}, got {value!r}.") from None


def _to_first_lead(value: FirstLead | str) -> FirstLead:
    return _member(FirstLead, "first_lead", value)


def _to_first_trick(value: FirstTrick | str) -> FirstTrick:
    return _member(FirstTrick, "first_trick", value)


def _to_fallback(value: FirstTrickFallback | str) -> FirstTrickFallback:
    return _member(FirstTrickFallback, "first_trick_fallback", value)


def _derived_default(function: Callable[[Rules], object]) -> Any:
    return attrs.Factory(function, takes_self=True)


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Rules:
    """The rules of one Hearts variant: a frozen, hashable, validated value.

    Every default is the standard four-player game. Fields, by group:

    **Deal**

    * ``players`` — 3 to 7.
    * ``jokers`` — 0 to 3 jokers added to the deck instead of removing cards (3 players with
      2 jokers, 18 cards each; 5 players with 3, 11 each). A joker is an off-suit card worth
      nothing: it may be played only by a player who cannot follow suit, it never wins a
      trick, and it may be led only by a leader with no other card it may lead; the first
      card after it that is not a joker sets the suit to follow.
    * ``removed`` — cards taken out so the deck divides evenly; default by player count (see
      :func:`default_removed`); an explicit set replaces it.

    **Passing**

    * ``pass_count`` — cards passed per hand: 3, or 2 with more than four players.
    * ``pass_cycle`` — the directions used hand after hand, repeating: a name from
      :data:`PASS_CYCLES` or a sequence of :class:`PassDirection`; default left, right,
      across, hold (left, right, hold for odd player counts).
    * ``unpassable`` — cards that may not be passed (a house rule: e.g. ``"QS KS AS"``).
    * ``dealer_chooses_pass`` — "dealer's choice" (Joe Andrews' Dirty Hearts): before each
      pass the dealer chooses the direction and how many cards (1 to ``pass_count``), with a
      :class:`~hearts.ChoosePass` move; ``pass_cycle`` is then not used.

    **Play**

    * ``first_lead`` — :class:`FirstLead`: the holder of the lowest club leads it.
    * ``first_trick`` — :class:`FirstTrick`: no heart and no Q♠ on the first trick.
    * ``first_trick_fallback`` — :class:`FirstTrickFallback`: a player holding only barred
      cards may play any of them.
    * ``must_break_hearts`` — hearts may not be led until a heart has been played, unless the
      leader holds only hearts (True; Microsoft Hearts, pagat, BGA).
    * ``queen_breaks_hearts`` — playing Q♠ also breaks hearts (False; True in Bicycle, Yahoo,
      World of Card Games and OpenSpiel).
    * ``can_lead_hearts_instead_of_queen`` — a leader holding only hearts and Q♠ while hearts
      are unbroken may lead a heart (False; Yahoo, Parlett, OpenSpiel's option of that name).
    * ``forced_discard`` — a player who cannot follow suit and holds a penalty card must play
      one (False; a variant listed by Wikipedia).

    **Scoring** — hearts 1 point each, Q♠ 13; a player who takes every penalty card
    "shoots the moon": it scores 0 and every other player scores 26.

    **End** — ``target``: the game ends after the hand in which a player reaches it (or
    more); the lowest total wins, and equal lowest totals share the win.

    The repr shows only the fields that differ from their defaults.

    >>> Rules(players=5)
    Rules(players=5)
    >>> Rules(players=3, jokers=2, pass_cycle="alternate", queen_breaks_hearts=True)
    Rules(players=3, jokers=2, pass_cycle='alternate', queen_breaks_hearts=True)
    >>> Rules().replace(target=50).target
    50
    """

    # Deal
    players: int = attrs.field(default=4, converter=_checked_players)
    jokers: int = attrs.field(default=0, converter=_checked_jokers)
    removed: CardSet = attrs.field(
        converter=_to_removed,
        default=_derived_default(lambda rules: default_removed(rules.players, rules.jokers)),
    )
    # Passing
    pass_count: int = attrs.field(
        default=_derived_default(lambda rules: default_pass_count(rules.players))
    )
    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        converter=_to_cycle,
        default=_derived_default(lambda rules: default_pass_cycle(rules.players)),
    )
    unpassable: CardSet = attrs.field(default=CardSet(), converter=_to_unpassable)
    dealer_chooses_pass: bool = False
    # Play
    first_lead: FirstLead = attrs.field(default=FirstLead.LOWEST_CLUB, converter=_to_first_lead)
    first_trick: FirstTrick = attrs.field(
        default=FirstTrick.PENALTY_BARRED, converter=_to_first_trick
    )
    first_trick_fallback: FirstTrickFallback = attrs.field(
        default=FirstTrickFallback.ANY, converter=_to_fallback
    )
    must_break_hearts: bool = True
    queen_breaks_hearts: bool = False
    can_lead_hearts_instead_of_queen: bool = False
    forced_discard: bool = False
    # End
    target: int = 100

    # Tables derived from the fields once, for the engine's hot path.
    deck_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards in play, jokers included."""
    hand_size: int = attrs.field(init=False, eq=False)
    """Cards dealt to each player."""
    lowest_club: Card = attrs.field(init=False, eq=False)
    """The lowest club in the deck, whose holder leads the first trick (unless the player
    left of the dealer leads)."""
    penalty_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the penalty cards in the deck (hearts and Q♠)."""
    breaking_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards that break hearts when played."""
    first_trick_barred: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards barred from the first trick (for ``FIRST_TURN_HEARTS``, the
    cards barred to a player who holds a club)."""
    card_points: tuple[int, ...] = attrs.field(init=False, eq=False)
    """Points of each card, indexed by card."""
    moon_points: int = attrs.field(init=False, eq=False)
    """Points added to every other player when one player shoots the moon."""
    pass_offsets: tuple[int, ...] = attrs.field(init=False, eq=False)
    """Seat offset of each direction of the pass cycle (0 for a hold hand)."""

    def __attrs_post_init__(self) -> None:
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    f"Rules.{name} must be True or False, got {getattr(self, name)!r}."
                )
        players, jokers = self.players, self.jokers
        if jokers >= players:
            raise RulesError(
                f"Rules.jokers is {jokers}, but a trick of {players} players must hold a card "
                "that is not a joker; use fewer jokers than players."
            )
        joker_mask = ((1 << jokers) - 1) << FIRST_JOKER
        if self.removed.mask & ~DECK:
            raise RulesError("Rules.removed may only name cards of the 52-card deck, not jokers.")
        deck = DECK & ~self.removed.mask | joker_mask
        size = deck.bit_count()
        if size % players:
            fields = "Rules.removed and Rules.jokers leave" if jokers else "Rules.removed leaves"
            usual = default_removed(players)
            usual_text = f"remove {usual}" if usual else "remove nothing"
            usual_text += {3: " or add 2 jokers", 5: " or add 3 jokers"}.get(players, "")
            raise RulesError(
                f"{fields} {size} cards, which {players} players cannot share evenly; the "
                f"usual choice for {players} players is to {usual_text}."
            )
        clubs = deck & SUIT_MASKS[Suit.CLUBS]
        if not clubs:
            raise RulesError(
                "Rules.removed takes out every club, so no card can lead the first trick."
            )
        hand_size = size // players
        count = self.pass_count
        if not _whole_number(count) or not 1 <= count <= hand_size:
            raise RulesError(
                f"Rules.pass_count must be a whole number from 1 to the hand size ({hand_size}), "
                f"got {count!r}; use pass_cycle='none' for a game without passing."
            )
        passable = hand_size - (self.unpassable.mask & deck).bit_count()
        if count > passable:
            raise RulesError(
                f"Rules.unpassable holds {len(self.unpassable)} cards, so a hand of {hand_size} "
                f"holding all of them could pass only {max(passable, 0)}, fewer than "
                f"Rules.pass_count ({count})."
            )
        if not self.pass_cycle:
            raise RulesError(
                "Rules.pass_cycle must name at least one direction; use 'none' for no passing."
            )
        for direction in self.pass_cycle:
            if not direction.allowed_with(players):
                raise RulesError(
                    f"Rules.pass_cycle passes {direction}, which {players} players cannot: "
                    + (
                        f"{players} players have no seat across"
                        if direction is PassDirection.ACROSS
                        else f"with {players} players that seat is reached by another direction"
                    )
                    + "."
                )
        if not _whole_number(self.target) or self.target < 1:
            raise RulesError(
                f"Rules.target must be a whole number of at least 1, got {self.target!r}."
            )

        queen = QUEEN_OF_SPADES.mask
        penalty = deck & (HEARTS | queen)
        barred = {
            FirstTrick.PENALTY_BARRED: penalty,
            FirstTrick.HEARTS_BARRED: deck & HEARTS,
            FirstTrick.OPEN: 0,
            FirstTrick.FIRST_TURN_HEARTS: penalty,
        }[self.first_trick]
        points = tuple(
            (13 if card == QUEEN_OF_SPADES else 1) if penalty >> card & 1 else 0 for card in CARDS
        )
        set_table = object.__setattr__
        set_table(self, "deck_mask", deck)
        set_table(self, "hand_size", hand_size)
        set_table(self, "lowest_club", CARDS[(clubs & -clubs).bit_length() - 1])
        set_table(self, "penalty_mask", penalty)
        set_table(
            self, "breaking_mask", deck & (HEARTS | (queen if self.queen_breaks_hearts else 0))
        )
        set_table(self, "first_trick_barred", barred)
        set_table(self, "card_points", points)
        set_table(self, "moon_points", sum(points))
        set_table(self, "pass_offsets", tuple(d.offset(players) for d in self.pass_cycle))

    @property
    def deck(self) -> CardSet:
        """The cards in play, jokers included.

        >>> len(Rules().deck), len(Rules(players=3).deck), len(Rules(players=3, jokers=2).deck)
        (52, 51, 54)
        """
        return CardSet.from_mask(self.deck_mask)

    @property
    def pass_directions(self) -> tuple[PassDirection, ...]:
        """The directions this table can pass in (the dealer's choices), hold first.

        >>> [str(direction) for direction in Rules(players=5).pass_directions]
        ['hold', 'left', 'right', 'left2', 'right2']
        """
        return tuple(d for d in _PASS_ORDER if d.allowed_with(self.players))

    def replace(self, **changes: object) -> Rules:
        """A copy with some fields changed, validated like a new value (``attrs.evolve``).

        When ``players`` or ``jokers`` change, the fields still at their default take the
        default for the new table; fields changed from it are kept.

        >>> Rules().replace(players=5).pass_count
        2
        >>> Rules(pass_count=1).replace(players=5).pass_count
        1
        >>> Rules().replace(goal=50)
        Traceback (most recent call last):
        ...
        hearts.errors.RulesError: Rules has no field 'goal'; see help(hearts.Rules) for its fields.
        """
        for name in changes:
            if name not in _FIELD_NAMES:
                raise RulesError(
                    f"Rules has no field {name!r}; see help(hearts.Rules) for its fields."
                )
        new = {name: changes.get(name, getattr(self, name)) for name in ("players", "jokers")}
        if new != {"players": self.players, "jokers": self.jokers}:
            try:
                following = Rules(**cast("dict[str, Any]", new))
            except RulesError:
                following = None  # the full value below reports the error
            if following is not None:
                for name in _TABLE_DEFAULTS:
                    if name not in changes and getattr(self, name) == _default_of(self, name):
                        changes[name] = _default_of(following, name)
        # The values are checked by Rules itself, as in a new value.
        return attrs.evolve(self, **cast("dict[str, Any]", changes))

    def __repr__(self) -> str:
        shown = []
        for field in attrs.fields(Rules):
            if not field.init:
                continue
            value = getattr(self, field.name)
            if value == _default_of(self, field.name):
                continue
            if field.name == "pass_cycle":
                names = [name for name, cycle in PASS_CYCLES.items() if cycle == value]
                text = repr(names[0]) if names else repr(tuple(str(d) for d in value))
            elif isinstance(value, enum.Enum):
                text = repr(value.value)
            else:
                text = repr(value)
            shown.append(f"{field.name}={text}")
        return f"Rules({', '.join(shown)})"


_PASS_ORDER: Final = (
    _H,
    _L,
    _R,
    _A,
    PassDirection.LEFT2,
    PassDirection.RIGHT2,
    PassDirection.LEFT3,
    PassDirection.RIGHT3,
)
_FLAGS: Final = (
    "dealer_chooses_pass",
    "must_break_hearts",
    "queen_breaks_hearts",
    "can_lead_hearts_instead_of_queen",
    "forced_discard",
)
_FIELD_NAMES: Final = frozenset(field.name for field in attrs.fields(Rules) if field.init)
_TABLE_DEFAULTS: Final[dict[str, Callable[[Rules], object]]] = {
    "removed": lambda rules: default_removed(rules.players, rules.jokers),
    "pass_count": lambda rules: default_pass_count(rules.players),
    "pass_cycle": lambda rules: default_pass_cycle(rules.players),
}


def _default_of(rules: Rules, name: str) -> object:
    """The default of field ``name`` for the table of ``rules`` (its players and jokers)."""
    if name in _TABLE_DEFAULTS:
        return _TABLE_DEFAULTS[name](rules)
    default = getattr(attrs.fields(Rules), name).default
    return default
