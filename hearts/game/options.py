"""What each field of :class:`~hearts.Rules` may hold: the variant options and their checks.

The enums and defaults here are the vocabulary of variants (pass directions and cycles,
first-lead and first-trick rules, shoot modes, the standard point table, the cards removed
for each table size); the converters check a value given for one field and raise a
:class:`~hearts.RulesError` naming it. :mod:`hearts.game.rules` builds :class:`~hearts.Rules`
from them and exports the public names.

>>> default_pass_cycle(5), PassDirection.ACROSS.offset(4)
((PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD), 2)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final, TypeGuard, TypeVar

from hearts.errors import HeartsError, RulesError
from hearts.game.cards import Card, CardSet

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
        return _STEPS[self._value_] % players

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
        return 2 * abs(_STEPS[self._value_]) < players

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"PassDirection.{self.name}"


_STEPS: Final = {
    "left": 1,
    "right": -1,
    "hold": 0,
    "left2": 2,
    "right2": -2,
    "left3": 3,
    "right3": -3,
}
"""Seats to the left each direction passes, by its value (read without hashing the enum,
whose hash is computed in Python)."""

PASS_OFFSETS: Final[Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {
        direction.value: (0, *[direction.offset(n) for n in range(1, MAX_PLAYERS + 1)])
        for direction in PassDirection
    }
)
""":meth:`PassDirection.offset` by the direction's value, for each number of players (0
for none): read by the compiled code without hashing the enum; read-only."""

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

NUMBER_LIMITS: Final[dict[str, tuple[bool, float, str]]] = {
    "no_trick_bonus": (False, -math.inf, "a whole number"),
    "no_heart_bonus": (False, -math.inf, "a whole number"),
    "multiplier_alone": (False, -math.inf, "a whole number"),
    "moon_value": (True, 1, "None or a whole number of at least 1"),
    "sun_value": (True, 1, "None or a whole number of at least 1"),
    "chips": (True, 1, "None or a whole number of at least 1"),
    "target": (True, 1, "a whole number of at least 1 or None"),
    "hands": (True, 1, "a whole number of at least 1 or None"),
    "reset_amount": (False, -math.inf, "a whole number"),
    "score_floor": (True, -math.inf, "None or a whole number"),
}
"""The number fields but ``pass_count``, each with whether it may be None, its lowest value,
and what the error says it must be (``pass_count``'s range depends on the hand size)."""
NUMBER_FIELDS: Final = ("pass_count", *NUMBER_LIMITS)
"""The fields that hold one number (or None): each is at most :data:`MAX_NUMBER` in size."""


def is_whole_number(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool.

    >>> is_whole_number(3), is_whole_number(True), is_whole_number(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def shown_value(value: object) -> str:
    """``repr(value)``, cut short: a huge number or text is described, not printed.

    >>> print(shown_value("QS"), "/", shown_value(10**40))
    'QS' / a number of about 40 digits
    """
    if isinstance(value, int) and abs(value) > 10**30:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text)} characters)"


def did_you_mean(name: str, names: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` naming the one of ``names`` closest to ``name``, or ``""``.

    >>> did_you_mean("omnibuss", ["omnibus", "standard"]), did_you_mean("zzz", ["omnibus"])
    (" (did you mean 'omnibus'?)", '')
    """
    import difflib  # noqa: PLC0415 (only a refusal needs it)

    close = difflib.get_close_matches(name, names, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def field_error(field: str, must: str, value: object, end: str = ".") -> RulesError:
    """The error saying that ``Rules.<field>`` must be ``must``, quoting ``value``.

    ``end`` ends the sentence (a reason after a colon, say).

    >>> field_error("target", "a whole number of at least 1 or None", 0)
    RulesError('Rules.target must be a whole number of at least 1 or None, got 0.')
    """
    return RulesError(f"Rules.{field} must be {must}, got {shown_value(value)}{end}")


def check_whole_number(
    field: str, value: object, must: str, low: float, high: float = math.inf, end: str = "."
) -> None:
    """Raise :func:`field_error` unless ``value`` is a whole number from ``low`` to ``high``."""
    if not (is_whole_number(value) and low <= value <= high):
        raise field_error(field, must, value, end)


def check_number_size(field: str, value: object) -> None:
    """Raise :class:`~hearts.RulesError` if ``value`` is a number too large for a game.

    That is a whole number beyond :data:`MAX_NUMBER` either side of 0; anything else passes
    (its type is checked elsewhere).
    """
    if is_whole_number(value) and abs(value) > MAX_NUMBER:
        raise RulesError(
            f"Rules.{field} is {shown_value(value)}, beyond any game: numbers in Rules may be at "
            f"most {MAX_NUMBER:,} either side of 0."
        )


def convert_players(players: int) -> int:
    """The converter of ``Rules.players``: the count, checked to be from 3 to 7.

    A converter rather than a validator, so that it runs before the defaults that depend on
    the player count.

    >>> convert_players(5)
    5
    """
    must = f"a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}"
    check_whole_number("players", players, must, MIN_PLAYERS, MAX_PLAYERS)
    return players


def convert_jokers(jokers: int) -> int:
    """The converter of ``Rules.jokers``: the count, checked to be from 0 to 3.

    >>> convert_jokers(2)
    2
    """
    check_whole_number("jokers", jokers, "a whole number from 0 to 3", 0, MAX_JOKERS)
    return jokers


def convert_points(
    value: Mapping[Card | int | str, int] | Iterable[tuple[Card | int | str, int]],
) -> tuple[tuple[Card, int], ...]:
    """A point table (a mapping or pairs of card and points) as sorted pairs, zeros left out.

    >>> convert_points({"QS": 13, "JD": -10, "2H": 0})
    ((Card('J♦'), -10), (Card('Q♠'), 13))
    """
    pairs = value.items() if isinstance(value, Mapping) else value
    table: dict[Card, int] = {}
    try:
        for key, points in pairs:
            card = Card(key)
            if not is_whole_number(points):
                raise RulesError(
                    f"Rules.points gives {card} {shown_value(points)} points: use a whole number."
                )
            check_number_size(f"points[{card.ascii!r}]", points)
            table[card] = points
    except (HeartsError, TypeError, ValueError) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(
            f"Rules.points must map cards to whole numbers, as {{'QS': 13, 'JD': -10}}, "
            f"got {shown_value(value)}: {error}"
        ) from None
    return tuple(sorted((card, points) for card, points in table.items() if points))


def convert_multipliers(
    value: Mapping[Card | int | str, int] | Iterable[tuple[Card | int | str, int]],
) -> tuple[tuple[Card, int], ...]:
    """A multiplier table (a mapping or pairs of card and factor, 2 to 1000) as sorted pairs.

    >>> convert_multipliers({"TC": 2})
    ((Card('10♣'), 2),)
    """
    pairs = value.items() if isinstance(value, Mapping) else value
    table: dict[Card, int] = {}
    try:
        for key, factor in pairs:
            card = Card(key)
            if not (is_whole_number(factor) and 2 <= factor <= 1000):
                raise RulesError(
                    f"Rules.multipliers gives {card} the factor {shown_value(factor)}: use a whole "
                    "number from 2 to 1000 (2 doubles the hand's points of whoever takes it)."
                )
            table[card] = factor
    except (HeartsError, TypeError, ValueError) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(
            f"Rules.multipliers must map cards to whole factors, as {{'TC': 2}}, "
            f"got {shown_value(value)}: {error}"
        ) from None
    return tuple(sorted(table.items()))


def convert_resets(value: Iterable[int]) -> tuple[int, ...]:
    """The converter of ``Rules.resets``: the totals, sorted, each once.

    >>> convert_resets([50, 0, 50])
    (0, 50)
    """
    try:
        resets = tuple(sorted(set(value)))
    except TypeError:
        raise field_error("resets", "a sequence of totals", value) from None
    if not all(is_whole_number(total) for total in resets):
        raise RulesError(f"Rules.resets must hold whole numbers, got {shown_value(value)}.")
    for total in resets:
        check_number_size("resets", total)
    return resets


def convert_pass_cycle(value: Iterable[PassDirection | str] | str) -> tuple[PassDirection, ...]:
    """The converter of ``Rules.pass_cycle``: a cycle name, a direction or directions.

    >>> convert_pass_cycle("alternate"), convert_pass_cycle(["left", "hold"])
    ((PassDirection.LEFT, PassDirection.RIGHT), (PassDirection.LEFT, PassDirection.HOLD))
    """
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
        raise field_error("pass_cycle", must, value) from None


_Cards = CardSet | str | Iterable[Card | int | str]


def _card_set(field: str, value: _Cards) -> CardSet:
    if isinstance(value, CardSet):
        return value
    try:
        return CardSet(value)
    except (HeartsError, TypeError) as error:
        raise field_error(field, "a set of cards", value, f": {error}") from None


_E = TypeVar("_E", bound=enum.Enum)


def _member(kind: type[_E], field: str, value: _E | str) -> _E:
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(repr(member.value) for member in kind)
        raise field_error(field, f"one of {names}", value) from None


# The converters of single fields: attrs needs a named function for each.
def convert_removed(value: _Cards) -> CardSet:
    """The converter of ``Rules.removed``: the cards as a :class:`~hearts.CardSet`.

    >>> convert_removed("2C 2D")
    CardSet('2♣ 2♦')
    """
    return _card_set("removed", value)


def convert_unpassable(value: _Cards) -> CardSet:
    """The converter of ``Rules.unpassable``: the cards as a :class:`~hearts.CardSet`.

    >>> convert_unpassable(["QS"])
    CardSet('Q♠')
    """
    return _card_set("unpassable", value)


def convert_penalty_cards(value: _Cards | None) -> CardSet | None:
    """The converter of ``Rules.penalty_cards``: None, or the cards as a :class:`~hearts.CardSet`.

    >>> convert_penalty_cards("QS AH"), convert_penalty_cards(None)
    (CardSet('A♥ Q♠'), None)
    """
    return None if value is None else _card_set("penalty_cards", value)


def convert_first_lead(value: FirstLead | str) -> FirstLead:
    """The converter of ``Rules.first_lead``: a :class:`FirstLead` or its value.

    >>> convert_first_lead("any_club")
    <FirstLead.ANY_CLUB: 'any_club'>
    """
    return _member(FirstLead, "first_lead", value)


def convert_first_trick(value: FirstTrick | str) -> FirstTrick:
    """The converter of ``Rules.first_trick``: a :class:`FirstTrick` or its value.

    >>> convert_first_trick("open")
    <FirstTrick.OPEN: 'open'>
    """
    return _member(FirstTrick, "first_trick", value)


def convert_first_trick_fallback(value: FirstTrickFallback | str) -> FirstTrickFallback:
    """The converter of ``Rules.first_trick_fallback``: a :class:`FirstTrickFallback` or its value.

    >>> convert_first_trick_fallback("queen")
    <FirstTrickFallback.QUEEN: 'queen'>
    """
    return _member(FirstTrickFallback, "first_trick_fallback", value)


def convert_moon(value: ShootMode | str) -> ShootMode:
    """The converter of ``Rules.moon``: a :class:`ShootMode` or its value.

    >>> convert_moon("subtract")
    <ShootMode.SUBTRACT: 'subtract'>
    """
    return _member(ShootMode, "moon", value)


def convert_sun(value: ShootMode | str) -> ShootMode:
    """The converter of ``Rules.sun``: a :class:`ShootMode` or its value.

    >>> convert_sun("off")
    <ShootMode.OFF: 'off'>
    """
    return _member(ShootMode, "sun", value)
