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
hearts.errors.RulesError: Rules.target must be a whole number of at least 1 or None, got 0.
"""

from __future__ import annotations

import difflib
import enum
import hashlib
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, TypeGuard, TypeVar, cast

import attrs

from hearts.cards import CARDS, DECK, FIRST_JOKER, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, Suit
from hearts.errors import HeartsError, RulesError
from hearts.presets import PRESET_TABLE

__all__ = [
    "PASS_CYCLES",
    "STANDARD_POINTS",
    "FirstLead",
    "FirstTrick",
    "FirstTrickFallback",
    "PassDirection",
    "Rules",
    "ShootMode",
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
    Card Games' "Allow First Turn Hearts"); a club that is itself a penalty card does not
    count, since it may not be played there either."""


class FirstTrickFallback(enum.Enum):
    """What a player who holds only barred cards plays on the first trick.

    >>> [fallback.value for fallback in FirstTrickFallback]
    ['any', 'queen']
    """

    ANY = "any"
    """Any of them (OpenSpiel, Microsoft Hearts)."""
    QUEEN = "queen"
    """Q♠ if it holds it, otherwise any of them (as some apps force)."""


class ShootMode(enum.Enum):
    """How shooting the moon (or the sun) is scored.

    >>> ShootMode("add") is ShootMode.ADD
    True
    """

    ADD = "add"
    """Every other player scores the value; the shooter scores nothing ("old moon":
    Microsoft Hearts, Bicycle, BGA, OpenSpiel)."""
    SUBTRACT = "subtract"
    """The shooter subtracts the value from its total ("new moon": GNOME)."""
    CHOOSE = "choose"
    """The shooter chooses between the two with a :class:`~hearts.ShootChoice` move (pagat,
    Parlett)."""
    SAFETY = "safety"
    """Add to the others, unless that would end the game with the shooter not among the
    winners; then subtract (World of Card Games, Trickster "±26", Hardwood "Safety Shoot")."""
    OFF = "off"
    """No shooting: the points count as taken (Rickety Kate, Dirty Hearts)."""


STANDARD_POINTS: Final[dict[Card | int | str, int]] = {
    **{f"{rank}H": 1 for rank in "23456789TJQKA"},
    "QS": 13,
}
"""The standard point table: each heart 1 point, Q♠ 13 (26 in all)."""

_DEFAULT_REMOVED: Final = {3: "2D", 4: "", 5: "2C 2D", 6: "2C 2D 3C 2S", 7: "2C 2D 2S"}


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


MAX_NUMBER: Final = 1_000_000
"""The largest size of any number in :class:`Rules` (points, scores, targets, hands)."""

# The number fields but pass_count: whether each may be None, its lowest value, and what
# the error says it must be.
_NUMBERS: Final[dict[str, tuple[bool, float, str]]] = {
    "no_trick_bonus": (False, -math.inf, "a whole number"),
    "moon_value": (True, 1, "None or a whole number of at least 1"),
    "sun_value": (True, 1, "None or a whole number of at least 1"),
    "chips": (True, 1, "None or a whole number of at least 1"),
    "target": (True, 1, "a whole number of at least 1 or None"),
    "hands": (True, 1, "a whole number of at least 1 or None"),
    "reset_amount": (False, -math.inf, "a whole number"),
    "score_floor": (True, -math.inf, "None or a whole number"),
}
NUMBER_FIELDS: Final = ("pass_count", *_NUMBERS)
"""The fields that hold one number (or None): each is at most :data:`MAX_NUMBER` in size."""


def _whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """``repr(value)``, cut short: a huge number or text is described, not printed."""
    if isinstance(value, int) and abs(value) > 10**30:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text)} characters)"


def _closest(name: str, names: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, names, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _invalid(field: str, must: str, value: object, end: str = ".") -> RulesError:
    return RulesError(f"Rules.{field} must be {must}, got {_shown(value)}{end}")


def _check_whole(
    field: str, value: object, must: str, low: float, high: float = math.inf, end: str = "."
) -> None:
    if not (_whole_number(value) and low <= value <= high):
        raise _invalid(field, must, value, end)


def _check_size(field: str, value: object) -> None:
    if _whole_number(value) and abs(value) > MAX_NUMBER:
        raise RulesError(
            f"Rules.{field} is {_shown(value)}, beyond any game: numbers in Rules may be at "
            f"most {MAX_NUMBER:,} either side of 0."
        )


def _checked_players(players: int) -> int:
    # A converter, so that it runs before the defaults that depend on the player count.
    must = f"a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}"
    _check_whole("players", players, must, MIN_PLAYERS, MAX_PLAYERS)
    return players


def _checked_jokers(jokers: int) -> int:
    _check_whole("jokers", jokers, "a whole number from 0 to 3", 0, MAX_JOKERS)
    return jokers


def _to_points(
    value: Mapping[Card | int | str, int] | Iterable[tuple[Card | int | str, int]],
) -> tuple[tuple[Card, int], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    table: dict[Card, int] = {}
    try:
        for key, points in pairs:
            card = Card(key)
            if not _whole_number(points):
                raise RulesError(
                    f"Rules.points gives {card} {_shown(points)} points: use a whole number."
                )
            _check_size(f"points[{card.ascii!r}]", points)
            table[card] = points
    except (HeartsError, TypeError, ValueError) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(
            f"Rules.points must map cards to whole numbers, as {{'QS': 13, 'JD': -10}}, "
            f"got {_shown(value)}: {error}"
        ) from None
    return tuple(sorted((card, points) for card, points in table.items() if points))


def _to_resets(value: Iterable[int]) -> tuple[int, ...]:
    try:
        resets = tuple(sorted(set(value)))
    except TypeError:
        raise _invalid("resets", "a sequence of totals", value) from None
    if not all(_whole_number(total) for total in resets):
        raise RulesError(f"Rules.resets must hold whole numbers, got {_shown(value)}.")
    for total in resets:
        _check_size("resets", total)
    return resets


def _to_cycle(value: Iterable[PassDirection | str] | str) -> tuple[PassDirection, ...]:
    if isinstance(value, str) and value in PASS_CYCLES:
        return PASS_CYCLES[value]
    if isinstance(value, (str, PassDirection)):
        value = (value,)
    try:
        return tuple(PassDirection(direction) for direction in value)
    except (ValueError, TypeError):
        names = ", ".join(repr(direction.value) for direction in PassDirection)
        cycles = ", ".join(map(repr, PASS_CYCLES))
        must = f"a cycle name ({cycles}) or a sequence of pass directions ({names})"
        raise _invalid("pass_cycle", must, value) from None


_Cards = CardSet | str | Iterable[Card | int | str]


def _card_set(field: str, value: _Cards) -> CardSet:
    if isinstance(value, CardSet):
        return value
    try:
        return CardSet(value)
    except (HeartsError, TypeError) as error:
        raise _invalid(field, "a set of cards", value, f": {error}") from None


_E = TypeVar("_E", bound=enum.Enum)


def _member(kind: type[_E], field: str, value: _E | str) -> _E:
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(repr(member.value) for member in kind)
        raise _invalid(field, f"one of {names}", value) from None


# The converters of single fields: attrs needs a named function for each.
def _to_removed(value: _Cards) -> CardSet:
    return _card_set("removed", value)


def _to_unpassable(value: _Cards) -> CardSet:
    return _card_set("unpassable", value)


def _to_penalty_cards(value: _Cards | None) -> CardSet | None:
    return None if value is None else _card_set("penalty_cards", value)


def _to_first_lead(value: FirstLead | str) -> FirstLead:
    return _member(FirstLead, "first_lead", value)


def _to_first_trick(value: FirstTrick | str) -> FirstTrick:
    return _member(FirstTrick, "first_trick", value)


def _to_fallback(value: FirstTrickFallback | str) -> FirstTrickFallback:
    return _member(FirstTrickFallback, "first_trick_fallback", value)


def _to_moon(value: ShootMode | str) -> ShootMode:
    return _member(ShootMode, "moon", value)


def _to_sun(value: ShootMode | str) -> ShootMode:
    return _member(ShootMode, "sun", value)


# The fields whose default depends on the table (the players and jokers).
_TABLE_DEFAULTS: Final[dict[str, Callable[[Rules], object]]] = {
    "removed": lambda rules: default_removed(rules.players, rules.jokers),
    "pass_count": lambda rules: default_pass_count(rules.players),
    "pass_cycle": lambda rules: default_pass_cycle(rules.players),
}


def _table_default(name: str) -> Any:
    return attrs.Factory(_TABLE_DEFAULTS[name], takes_self=True)


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
    * ``removed`` — cards taken out so the deck divides evenly; default by player count
      (3: 2♦; 5: 2♣ 2♦; 6: 2♣ 2♦ 3♣ 2♠; 7: 2♣ 2♦ 2♠); an explicit set replaces it.

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

    **Scoring**

    * ``points`` — the point of each card, positive or negative, as a mapping such as
      ``{"QS": 13, "JD": -10, ...}``; default :data:`STANDARD_POINTS` (hearts 1, Q♠ 13).
    * ``penalty_cards`` — the cards the first-trick ban, the forced discard and chip scoring
      treat as penalty cards; None (default): the cards worth positive points.
    * ``no_trick_bonus`` — added to a player who took no trick (0: off; -5 in OpenSpiel's
      option); never on a hand where the moon or sun was shot.
    * ``moon`` — :class:`ShootMode` of a player who takes every positive-point card (ADD: 0
      to the shooter, the value to every other player).
    * ``moon_value`` — None (default): the points of every positive-point card (26).
    * ``moon_needs_bonus_cards`` — the moon also needs the negative cards (Bicycle's 10♦).
    * ``moon_choice_needs_score`` — with ``moon="choose"``, subtracting is offered only to a
      shooter whose total is at least the value.
    * ``bonus_counts_on_shoot`` — on a moon or sun hand, negative cards still count for
      whoever took them (True: pagat, gnome-hearts, OpenSpiel).
    * ``sun`` — :class:`ShootMode` of a player who takes every trick (OFF by default);
      ``sun_value`` — None: twice the moon value (52; World of Card Games plays 39). The
      sun replaces the moon.
    * ``chips`` — None: points scoring. A number: chip (pool) scoring, each player starting
      with that many chips: every hand each pays one into the pool, which the players who
      took no penalty card share (any remainder stays; if everyone took one, it carries
      over); the game ends when a player has no chip or all of them; most chips win.

    **End**

    * ``target`` — the game ends after the hand in which a total reaches it (100); None:
      no target. ``target_must_be_exceeded`` — the total must pass it instead.
    * ``hands`` — None, or the game ends after this many hands (Black Maria: 9 or 12).
    * ``resets`` and ``reset_amount`` — a total that lands exactly on one of ``resets``
      loses ``reset_amount`` (exactly 100 drops to 50). ``score_floor`` — no total below it.
    * ``play_on_ties`` — when the lowest total is shared at the end, play on until one player
      is lowest (False: equal lowest totals share the win).

    **Claims** — ``claims``: TRAM, "the rest are mine": the player to act may take every
    remaining trick with a :class:`~hearts.Claim` when it cannot lose one (World of Card
    Games, Hardwood).

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
    removed: CardSet = attrs.field(default=_table_default("removed"), converter=_to_removed)
    # Passing
    pass_count: int = attrs.field(default=_table_default("pass_count"))
    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        default=_table_default("pass_cycle"), converter=_to_cycle
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
    # Scoring
    points: tuple[tuple[Card, int], ...] = attrs.field(
        default=_to_points(STANDARD_POINTS), converter=_to_points
    )
    penalty_cards: CardSet | None = attrs.field(default=None, converter=_to_penalty_cards)
    no_trick_bonus: int = 0
    moon: ShootMode = attrs.field(default=ShootMode.ADD, converter=_to_moon)
    moon_value: int | None = None
    moon_needs_bonus_cards: bool = False
    moon_choice_needs_score: bool = False
    bonus_counts_on_shoot: bool = True
    sun: ShootMode = attrs.field(default=ShootMode.OFF, converter=_to_sun)
    sun_value: int | None = None
    chips: int | None = None
    # End
    target: int | None = 100
    target_must_be_exceeded: bool = False
    hands: int | None = None
    resets: tuple[int, ...] = attrs.field(default=(), converter=_to_resets)
    reset_amount: int = 50
    score_floor: int | None = None
    play_on_ties: bool = False
    # Claims
    claims: bool = False

    # Tables derived from the fields once, for the engine's hot path.
    deck_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards in play, jokers included."""
    hand_size: int = attrs.field(init=False, eq=False)
    """Cards dealt to each player."""
    lowest_club: Card = attrs.field(init=False, eq=False)
    """The lowest club in the deck, whose holder leads the first trick (unless the player
    left of the dealer leads)."""
    card_points: tuple[int, ...] = attrs.field(init=False, eq=False)
    """Points of each card, indexed by card (0 for a card not in the deck)."""
    point_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards worth points, positive or negative."""
    positive_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards worth positive points."""
    point_groups: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False)
    """The cards worth points grouped by value, as ``(value, mask)`` pairs: a hand's points
    are then a few popcounts (``(1, hearts), (13, Q♠)`` in the standard game)."""
    penalty_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the penalty cards: ``penalty_cards``, or the cards worth points."""
    bonus_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the bonus cards: the cards worth negative points (Omnibus J♦)."""
    moon_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards a player must take to shoot the moon."""
    moon_points: int = attrs.field(init=False, eq=False)
    """The moon's value: ``moon_value``, or the points of every card worth points."""
    sun_points: int = attrs.field(init=False, eq=False)
    """The sun's value: ``sun_value``, or twice the moon's."""
    breaking_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards that break hearts when played."""
    first_trick_barred: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards barred from the first trick (for ``FIRST_TURN_HEARTS``, the
    cards barred to a player who holds a club)."""

    def __attrs_post_init__(self) -> None:
        for name in NUMBER_FIELDS:
            _check_size(name, getattr(self, name))
        for name in FLAG_FIELDS:
            if not isinstance(value := getattr(self, name), bool):
                raise _invalid(name, "True or False", value)
        deck = self._checked_deck()
        hand_size = deck.bit_count() // self.players
        self._check_passing(deck, hand_size)
        for name, (optional, low, must) in _NUMBERS.items():
            value = getattr(self, name)
            if value is not None or not optional:
                _check_whole(name, value, must, low)
        self._check_ending()
        self._build_tables(deck, hand_size)

    def _checked_deck(self) -> int:
        players, jokers = self.players, self.jokers
        if jokers >= players:
            raise RulesError(
                f"Rules.jokers is {jokers}, but a trick of {players} players must hold a card "
                "that is not a joker; use fewer jokers than players."
            )
        if self.removed.mask & ~DECK:
            raise RulesError("Rules.removed may only name cards of the 52-card deck, not jokers.")
        deck = DECK & ~self.removed.mask | ((1 << jokers) - 1) << FIRST_JOKER
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
        if not deck & SUIT_MASKS[Suit.CLUBS]:
            raise RulesError(
                "Rules.removed takes out every club, so no card can lead the first trick."
            )
        return deck

    def _check_passing(self, deck: int, hand_size: int) -> None:
        count, players = self.pass_count, self.players
        must = f"a whole number from 1 to the hand size ({hand_size})"
        end = "; use pass_cycle='none' for a game without passing."
        _check_whole("pass_count", count, must, 1, hand_size, end)
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
                why = (
                    f"{players} players have no seat across"
                    if direction is PassDirection.ACROSS
                    else f"with {players} players that seat is reached by another direction"
                )
                raise RulesError(
                    f"Rules.pass_cycle passes {direction}, which {players} players cannot: {why}."
                )

    def _check_ending(self) -> None:
        if self.chips is not None:
            for name in ("moon", "sun"):
                if getattr(self, name) is ShootMode.CHOOSE:
                    raise RulesError(
                        f"Rules.{name}='choose' asks the shooter how to score its shot, but in "
                        "a chip game (Rules.chips) card points and shots do not change the "
                        f"chips, so the question would change nothing: leave Rules.{name} at "
                        "its default."
                    )
            if self.play_on_ties:
                raise RulesError(
                    "Rules.play_on_ties is for points scoring; a chip game (Rules.chips) ends "
                    "when a player holds every chip or none, and equal holdings share the win."
                )
        elif self.target is None and self.hands is None:
            raise RulesError(
                "Rules.target and Rules.hands are both None, so the game would never end; "
                "set a target score or a number of hands."
            )

    def _build_tables(self, deck: int, hand_size: int) -> None:
        table = [0] * len(CARDS)
        groups: dict[int, int] = {}  # the masks of the cards worth each value, in card order
        positive = bonus = 0
        for card, value in self.points:
            if deck >> card & 1:
                table[card] = value
                groups[value] = groups.get(value, 0) | 1 << card
                if value > 0:
                    positive |= 1 << card
                else:
                    bonus |= 1 << card
        total = sum(table)
        if self.chips is None and total <= 0 and (self.hands is None or self.play_on_ties):
            raise RulesError(
                f"Rules.points give the deck {total} points in all, so totals could never "
                + (
                    "reach Rules.target"
                    if self.hands is None
                    else "break a tie (Rules.play_on_ties)"
                )
                + "; give the cards more points, or end the game by Rules.hands."
            )
        penalty = positive if self.penalty_cards is None else self.penalty_cards.mask & deck
        if self.chips is not None and not penalty:
            raise RulesError(
                "Rules.chips needs penalty cards (Rules.penalty_cards, or cards worth points): "
                "with none, every player always shares the pool and the game never ends."
            )
        moon_mask = positive | bonus if self.moon_needs_bonus_cards else positive
        if moon_mask.bit_count() == 1 and self.chips is None and self.hands is None:
            only = (
                f"Rules.points make {CARDS[moon_mask.bit_length() - 1]} the only card worth "
                "points, so whoever takes it shoots the moon every hand"
            )
            if self.moon is ShootMode.SUBTRACT:
                raise RulesError(
                    f"{only}; with Rules.moon='subtract' no total would ever grow and the game "
                    "would never end: score the moon another way, give more cards points, or "
                    "end the game by Rules.hands."
                )
            if self.moon is not ShootMode.OFF and self.resets:
                raise RulesError(
                    f"{only} and the others' totals grow in equal steps; with Rules.resets="
                    f"{list(self.resets)} they can be sent back every time and the game would "
                    "never end: drop the resets, give more cards points, or end the game by "
                    "Rules.hands."
                )
        moon = self.moon_value or sum(value for value in table if value > 0)
        hearts = SUIT_MASKS[Suit.HEARTS]
        clubs = deck & SUIT_MASKS[Suit.CLUBS]
        breaking = hearts | (QUEEN_OF_SPADES.mask if self.queen_breaks_hearts else 0)
        tables = {
            "deck_mask": deck,
            "hand_size": hand_size,
            "lowest_club": CARDS[(clubs & -clubs).bit_length() - 1],
            "card_points": tuple(table),
            "point_mask": positive | bonus,
            "positive_mask": positive,
            "point_groups": tuple(groups.items()),
            "penalty_mask": penalty,
            "bonus_mask": bonus,
            "moon_mask": moon_mask,
            "moon_points": moon,
            "sun_points": self.sun_value or 2 * moon,
            "breaking_mask": deck & breaking,
            "first_trick_barred": {
                FirstTrick.PENALTY_BARRED: penalty,
                FirstTrick.HEARTS_BARRED: deck & hearts,
                FirstTrick.OPEN: 0,
                FirstTrick.FIRST_TURN_HEARTS: penalty,
            }[self.first_trick],
        }
        for name, derived in tables.items():
            object.__setattr__(self, name, derived)

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
        hearts.errors.RulesError: Rules.replace got unknown field 'goal'; the fields are players, ...
        """
        _check_known("Rules.replace", changes)
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

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Rules:
        return self

    def _changed(self) -> Iterator[tuple[str, object]]:
        for name in FIELD_ORDER:
            value = getattr(self, name)
            if value != _default_of(self, name):
                yield name, value

    def to_dict(self) -> dict[str, object]:
        """Every field as plain JSON values, with the schema version: what a server pins.

        Cards are written in ASCII (``"QS"``), enums by value, and every field is present,
        so a value read back never depends on this library's defaults.

        >>> data = Rules(target=50).to_dict()
        >>> data["schema"], data["target"], data["pass_cycle"], data["points"]["QS"]
        (1, 50, ['left', 'right', 'across', 'hold'], 13)
        """
        fields = {name: _to_json(name, getattr(self, name)) for name in FIELD_ORDER}
        return {"schema": RULES_SCHEMA, **fields}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """The rules a :meth:`to_dict` mapping describes; missing fields take their defaults.

        >>> Rules.from_dict({"players": 3, "target": 50}) == Rules(players=3, target=50)
        True
        >>> Rules.from_dict({"players": 3, "goal": 50})
        Traceback (most recent call last):
        ...
        hearts.errors.RulesError: Rules.from_dict got unknown field 'goal'; the fields are players, jokers, ...
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"Rules.from_dict needs a mapping of fields, got {_shown(data)}.")
        fields = dict(data)
        schema = fields.pop("schema", RULES_SCHEMA)
        if schema != RULES_SCHEMA:
            raise RulesError(
                f"Rules.from_dict reads rules schema {RULES_SCHEMA}, got schema {_shown(schema)}."
            )
        _check_known("Rules.from_dict", fields)
        if isinstance(fields.get("resets"), list):
            fields["resets"] = tuple(cast("list[int]", fields["resets"]))
        return cls(**cast("dict[str, Any]", fields))

    @property
    def fingerprint(self) -> str:
        """A stable hash that names the game these rules play (SHA-256, hex).

        It hashes the canonical JSON of the schema version and the fields that differ from
        their defaults, so it is the same on every run, platform and Python version, and a
        later release that adds a field (whose default keeps the game unchanged) keeps it.
        A server pins a variant by it and checks that a client plays the same one.

        >>> Rules().fingerprint == Rules.from_dict(Rules().to_dict()).fingerprint
        True
        >>> len(Rules().fingerprint), Rules().fingerprint != Rules(target=50).fingerprint
        (64, True)
        """
        changed: dict[str, object] = {"schema": RULES_SCHEMA}
        changed.update((name, _to_json(name, value)) for name, value in self._changed())
        canonical = json.dumps(changed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(canonical.encode("ascii")).hexdigest()

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named, documented variant; :meth:`preset_names` lists them.

        Names are matched without regard to case.

        >>> Rules.preset("omnibus").card_points[Card("JD")], Rules.preset("Omnibus") == Rules.preset("omnibus")
        (-10, True)
        >>> Rules.preset("omnibuss")
        Traceback (most recent call last):
        ...
        hearts.errors.RulesError: There is no preset 'omnibuss' (did you mean 'omnibus'?); the presets are standard, windows, ...
        """
        if not isinstance(name, str):
            raise TypeError(f"Rules.preset needs a preset name (a str), got {_shown(name)}.")
        key = name.strip().lower()
        if key not in PRESETS:
            raise RulesError(
                f"There is no preset {_shown(name)}{_closest(key, PRESETS)}; "
                f"the presets are {', '.join(PRESETS)}."
            )
        return PRESETS[key].rules

    @staticmethod
    def preset_names() -> tuple[str, ...]:
        """The names of the presets, in the registry's order.

        >>> Rules.preset_names()[:3]
        ('standard', 'windows', 'wocg')
        """
        return tuple(PRESETS)

    def __repr__(self) -> str:
        shown = []
        for name, value in self._changed():
            if name == "points":
                text = repr({str(card): points for card, points in self.points})
            elif name == "pass_cycle":
                named = [key for key, cycle in PASS_CYCLES.items() if cycle == value]
                text = repr(named[0] if named else tuple(map(str, self.pass_cycle)))
            else:
                text = repr(value.value if isinstance(value, enum.Enum) else value)
            shown.append(f"{name}={text}")
        return f"Rules({', '.join(shown)})"


_PASS_ORDER: Final = (_H, *(direction for direction in PassDirection if direction is not _H))
FLAG_FIELDS: Final = tuple(
    field.name for field in attrs.fields(Rules) if isinstance(field.default, bool)
)
"""The names of the True/False fields of :class:`Rules`."""
FIELD_ORDER: Final = tuple(field.name for field in attrs.fields(Rules) if field.init)
"""The fields of :class:`Rules`, in their documented order."""
RULES_SCHEMA: Final = 1
"""The version of the JSON form of :class:`Rules` (:meth:`Rules.to_dict`)."""


def _check_known(where: str, names: Iterable[object]) -> None:
    for name in names:
        if name not in FIELD_ORDER:
            raise RulesError(
                f"{where} got unknown field {_shown(name)}{_closest(str(name), FIELD_ORDER)}; "
                f"the fields are {', '.join(FIELD_ORDER)}."
            )


def _default_of(rules: Rules, name: str) -> object:
    """The default of field ``name`` for the table of ``rules`` (its players and jokers)."""
    if name in _TABLE_DEFAULTS:
        return _TABLE_DEFAULTS[name](rules)
    return getattr(attrs.fields(Rules), name).default


def _to_json(name: str, value: object) -> object:
    if name == "points":
        return {card.ascii: points for card, points in cast("tuple[tuple[Card, int], ...]", value)}
    if isinstance(value, CardSet):
        return " ".join(card.ascii for card in value)
    if isinstance(value, tuple):
        return [_to_json(name, item) for item in value]
    return value.value if isinstance(value, enum.Enum) else value


@attrs.frozen
class Preset:
    """A named variant in the registry: its rules, a description and its sources.

    >>> PRESETS["black-maria"].sources
    'Parlett (The Penguin Book of Card Games); pagat.com; Wikipedia "Black Maria"'
    """

    name: str
    rules: Rules
    description: str
    sources: str


def _preset(name: str, description: str, sources: str, fields: dict[str, Any]) -> Preset:
    if "points" in fields:  # the table names only the cards that differ from the standard
        fields = {**fields, "points": {**STANDARD_POINTS, **fields["points"]}}
    return Preset(name, Rules(**fields), description, sources)


PRESETS: Final[dict[str, Preset]] = {entry[0]: _preset(*entry) for entry in PRESET_TABLE}
"""The presets, by name (see :meth:`Rules.preset`)."""
