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

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, cast

import attrs

from hearts.errors import RulesError, describe_value
from hearts.game.cards import (
    CARDS,
    DECK_MASK,
    FIRST_JOKER,
    Card,
    CardSet,
)
from hearts.game.options import (
    MAX_JOKERS,
    MAX_NUMBER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_FIELDS,
    NUMBER_LIMITS,
    PASS_CYCLES,
    STANDARD_POINTS,
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    ShootMode,
    check_number_size,
    check_whole_number,
    convert_first_lead,
    convert_first_trick,
    convert_first_trick_fallback,
    convert_jokers,
    convert_moon,
    convert_multipliers,
    convert_pass_cycle,
    convert_penalty_cards,
    convert_players,
    convert_points,
    convert_removed,
    convert_resets,
    convert_sun,
    convert_unpassable,
    default_pass_count,
    default_pass_cycle,
    default_removed,
    did_you_mean,
    field_error,
    shown_value,
)
from hearts.game.presets import PRESET_TABLE
from hearts.game.rule_checks import (
    check_ending,
    check_partners,
    check_passing,
    check_play,
    checked_deck,
    derived_tables,
)

__all__ = [
    "MAX_JOKERS",
    "MAX_NUMBER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
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
    "outside_deck",
]

# The fields whose default depends on the table (the players and jokers).
_TABLE_DEFAULTS: Final[dict[str, Callable[[Rules], object]]] = {
    "removed": lambda rules: default_removed(rules.players, rules.jokers),
    "pass_count": lambda rules: default_pass_count(rules.players),
    "pass_cycle": lambda rules: default_pass_cycle(rules.players),
}


def outside_deck(rules: Rules, cards: int) -> str:
    """Why the lowest card of ``cards`` that this game does not have is not in its deck.

    The end of a refusal's sentence, naming the field that leaves the card out.

    >>> outside_deck(Rules(), CardSet("JK1").mask)
    "JK1 is not in this game's deck: the game has no jokers (Rules.jokers is 0)."
    >>> outside_deck(Rules(players=3), CardSet("2D 3D").mask)
    "2♦ is not in this game's deck (Rules.removed: 2♦)."
    """
    missing = cards & ~rules.deck_mask
    card = CARDS[(missing & -missing).bit_length() - 1]
    if card < FIRST_JOKER:
        return f"{card} is not in this game's deck (Rules.removed: {rules.removed})."
    if not rules.jokers:
        return f"{card} is not in this game's deck: the game has no jokers (Rules.jokers is 0)."
    jokers = CardSet.from_mask(rules.deck_mask & ~DECK_MASK)
    return f"{card} is not in this game's deck: its jokers are {jokers} (Rules.jokers is {rules.jokers})."


_CardTable = Mapping[Card | int | str, int] | Iterable[tuple[Card | int | str, int]]
"""What ``Rules.points`` and ``Rules.multipliers`` take: a mapping or (card, number) pairs."""


def _card_pairs(value: object, name: str, example: str, number: str) -> _CardTable:
    """``value``, if it is shaped as a card table: a mapping, or (card, number) pairs.

    What each pair holds is the converter's to check; here only the shape, so that a
    string or a number is refused in words, not in Python's ("not enough values to unpack").
    """
    if isinstance(value, Mapping):
        return cast("_CardTable", value)
    wanted = (
        f"Rules.{name} must map cards to whole {number}s, as {example}, or be (card, {number}) "
        "pairs"
    )
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RulesError(f"{wanted}, got {describe_value(value)}.")
    pairs = tuple(value)
    for pair in pairs:
        if (
            isinstance(pair, (str, bytes))
            or not isinstance(pair, Iterable)
            or len(tuple(pair)) != 2
        ):
            raise RulesError(f"{wanted}, got {describe_value(pair)} among them.")
    return cast("_CardTable", pairs)


def _points_of(value: object) -> tuple[tuple[Card, int], ...]:
    """The converter of ``Rules.points``: :func:`convert_points` of a value shaped as a table."""
    return convert_points(_card_pairs(value, "points", "{'QS': 13, 'JD': -10}", "number"))


def _multipliers_of(value: object) -> tuple[tuple[Card, int], ...]:
    """The converter of ``Rules.multipliers``: :func:`convert_multipliers` of a table's shape."""
    return convert_multipliers(_card_pairs(value, "multipliers", "{'TC': 2}", "factor"))


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
    * ``queen_breaks_only_when_led`` — with ``queen_breaks_hearts``, Q♠ breaks hearts only
      when it leads a trick, not when it follows or is discarded (False).
    * ``can_lead_hearts_instead_of_queen`` — a leader holding only hearts and Q♠ while hearts
      are unbroken may lead a heart (False; Yahoo, Parlett, OpenSpiel's option of that name).
    * ``queen_after_hearts`` — Q♠ may not be played (led, followed with or discarded) until
      hearts are broken, unless its player may play no other card (False; Trickster Cards).
    * ``forced_discard`` — a player who cannot follow suit and holds a penalty card must play
      one (False; a variant listed by Wikipedia).

    **Scoring**

    * ``points`` — the point of each card, positive or negative, as a mapping such as
      ``{"QS": 13, "JD": -10, ...}``; default :data:`STANDARD_POINTS` (hearts 1, Q♠ 13).
    * ``penalty_cards`` — the cards the first-trick ban, the forced discard and chip scoring
      treat as penalty cards; None (default): the cards worth positive points.
    * ``no_trick_bonus`` — added to a player who took no trick (0: off; -5 in OpenSpiel's
      option); never on a hand where the moon or sun was shot.
    * ``no_heart_bonus`` — added to each player who took no heart (0: off); never on a hand
      where the moon or sun was shot; a player who took no trick gets both bonuses.
    * ``multipliers`` — multiplier cards, as ``{"TC": 2}``: whoever takes one has the card
      points it counts this hand multiplied by the factor (10♣ doubling them, as in Gong
      Zhu); ``multiplier_alone`` — what a player who took multiplier cards but no card worth
      points scores (0; Gong Zhu's 10♣ alone is worth 50 to its taker: -50 here).
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

    **Partnerships** — ``partners``: four players in two partnerships, partners sitting
    opposite (P0 and P2, P1 and P3); each hand the partners' scores are added, and both
    partners carry the partnership's total, so the game ends and is won by partnership.
    ``partners_shoot_together`` — the moon is shot by a partnership that takes every moon
    card between them (True: Joe Andrews' account of the original game), or only by one
    player taking them all, each other player scoring the value, the shooter's partner
    included (False: Parlett; the online game Andrews describes). Each seat still plays
    for itself: a bot may read its partner from :attr:`PlayerView.partner
    <hearts.PlayerView.partner>`.

    **Claims** — ``claims``: TRAM, "the rest are mine": the player to act may take every
    remaining trick with a :class:`~hearts.Claim` when it cannot lose one (World of Card
    Games, Hardwood).

    The repr names the preset a value equals, or shows the fields that differ.

    >>> Rules(players=5, target=50)
    Rules(players=5, target=50)
    >>> Rules(players=3, jokers=2, pass_cycle="alternate", queen_breaks_hearts=True)
    Rules(players=3, jokers=2, pass_cycle='alternate', queen_breaks_hearts=True)
    >>> Rules().replace(target=50).target
    50
    """

    # Deal
    players: int = attrs.field(default=4, converter=convert_players)
    jokers: int = attrs.field(default=0, converter=convert_jokers)
    removed: CardSet = attrs.field(default=_table_default("removed"), converter=convert_removed)
    # Passing
    pass_count: int = attrs.field(default=_table_default("pass_count"))
    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        default=_table_default("pass_cycle"), converter=convert_pass_cycle
    )
    unpassable: CardSet = attrs.field(default=CardSet(), converter=convert_unpassable)
    dealer_chooses_pass: bool = False
    # Play
    first_lead: FirstLead = attrs.field(default=FirstLead.LOWEST_CLUB, converter=convert_first_lead)
    first_trick: FirstTrick = attrs.field(
        default=FirstTrick.PENALTY_BARRED, converter=convert_first_trick
    )
    first_trick_fallback: FirstTrickFallback = attrs.field(
        default=FirstTrickFallback.ANY, converter=convert_first_trick_fallback
    )
    must_break_hearts: bool = True
    queen_breaks_hearts: bool = False
    queen_breaks_only_when_led: bool = False
    can_lead_hearts_instead_of_queen: bool = False
    queen_after_hearts: bool = False
    forced_discard: bool = False
    # Scoring
    points: tuple[tuple[Card, int], ...] = attrs.field(
        default=convert_points(STANDARD_POINTS), converter=_points_of
    )
    penalty_cards: CardSet | None = attrs.field(default=None, converter=convert_penalty_cards)
    no_trick_bonus: int = 0
    no_heart_bonus: int = 0
    multipliers: tuple[tuple[Card, int], ...] = attrs.field(default=(), converter=_multipliers_of)
    multiplier_alone: int = 0
    moon: ShootMode = attrs.field(default=ShootMode.ADD, converter=convert_moon)
    moon_value: int | None = None
    moon_needs_bonus_cards: bool = False
    moon_choice_needs_score: bool = False
    bonus_counts_on_shoot: bool = True
    sun: ShootMode = attrs.field(default=ShootMode.OFF, converter=convert_sun)
    sun_value: int | None = None
    chips: int | None = None
    # End
    target: int | None = 100
    target_must_be_exceeded: bool = False
    hands: int | None = None
    resets: tuple[int, ...] = attrs.field(default=(), converter=convert_resets)
    reset_amount: int = 50
    score_floor: int | None = None
    play_on_ties: bool = False
    # Partnerships
    partners: bool = False
    partners_shoot_together: bool = True
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
    partner_seats: tuple[int, ...] = attrs.field(init=False, eq=False)
    """Each seat's partner under ``partners`` (``(2, 3, 0, 1)``), else ``()``."""
    multiplier_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the multiplier cards (``multipliers``)."""
    breaking_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards that break hearts when played."""
    lead_breaking_mask: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards that break hearts when they lead a trick: ``breaking_mask``,
    and Q♠ under ``queen_breaks_only_when_led``."""
    first_trick_barred: int = attrs.field(init=False, eq=False)
    """Bitmask of the cards barred from the first trick (for ``FIRST_TURN_HEARTS``, the
    cards barred to a player who holds a club)."""
    _play: object = attrs.field(init=False, default=None, eq=False, repr=False)
    """The rules of play picked for these rules, kept here by :func:`hearts.game.play.rules_of_play`
    once it has made them (so that no table keyed by the rules is ever looked up)."""

    def __attrs_post_init__(self) -> None:
        for name in NUMBER_FIELDS:
            check_number_size(name, getattr(self, name))
        for name in FLAG_FIELDS:
            if not isinstance(value := getattr(self, name), bool):
                raise field_error(name, "True or False", value)
        deck = checked_deck(self)
        hand_size = deck.bit_count() // self.players
        check_passing(self, deck, hand_size)
        for name, (optional, low, must) in NUMBER_LIMITS.items():
            value = getattr(self, name)
            if value is not None or not optional:
                check_whole_number(name, value, must, low)
        check_play(self)
        check_partners(self)
        check_ending(self)
        for name, derived in derived_tables(self, deck, hand_size).items():
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

    def __reduce__(self) -> tuple[object, tuple[dict[str, object]]]:
        # Pickled as its fields: the tables are made again, the rules of play when asked.
        return (_from_fields, ({name: getattr(self, name) for name in FIELD_ORDER},))

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
            raise RulesError(f"Rules.from_dict needs a mapping of fields, got {shown_value(data)}.")
        fields = dict(data)
        schema = fields.pop("schema", RULES_SCHEMA)
        if schema != RULES_SCHEMA:
            raise RulesError(
                f"Rules.from_dict reads rules schema {RULES_SCHEMA}, "
                f"got schema {shown_value(schema)}."
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
        import hashlib  # noqa: PLC0415 (only a fingerprint needs them: not every import)
        import json  # noqa: PLC0415

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
            raise TypeError(f"Rules.preset needs a preset name (a str), got {shown_value(name)}.")
        key = name.strip().lower()
        if key not in PRESETS:
            raise RulesError(
                f"There is no preset {shown_value(name)}{did_you_mean(key, PRESETS)}; "
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
        """The rules as code that builds them: a preset's name, or the fields changed.

        The standard game is ``Rules()``; a value equal to another preset is named by it. Any other value lists the fields that
        differ from the standard game, or from a preset for the same table (players and
        jokers) with :meth:`replace`, whichever is shorter. A point table is written as the
        standard one with the cards that differ.

        >>> Rules.preset("omnibus")
        Rules.preset('omnibus')
        >>> Rules.preset("omnibus").replace(target=50)
        Rules.preset('omnibus').replace(target=50)
        >>> Rules(players=3, points={**STANDARD_POINTS, "QS": 0, "JD": -10})
        Rules(players=3, points={**STANDARD_POINTS, 'JD': -10, 'QS': 0})
        >>> Rules()
        Rules()
        """
        written = _as_code("Rules", _differences(self, None))
        if written == "Rules()":  # the standard game: the shortest code of all
            return written
        for name, preset in PRESETS.items():
            if (preset.rules.players, preset.rules.jokers) != (self.players, self.jokers):
                continue
            changes = _differences(self, preset.rules)
            named = f"Rules.preset({name!r})"
            if not changes:
                return named
            near = _as_code(f"{named}.replace", changes)
            if len(near) < len(written):
                written = near
        return written


def _as_code(call: str, changes: list[tuple[str, str]]) -> str:
    return f"{call}({', '.join(f'{field}={text}' for field, text in changes)})"


def _differences(rules: Rules, base: Rules | None) -> list[tuple[str, str]]:
    """The fields of ``rules`` that differ from ``base`` (None: the defaults), as code."""
    changed = []
    for name in FIELD_ORDER:
        value = getattr(rules, name)
        if value == (_default_of(rules, name) if base is None else getattr(base, name)):
            continue
        if name == "points":
            standard = dict(convert_points(STANDARD_POINTS))
            table = dict(rules.points)
            differing = [
                f"{card.ascii!r}: {table.get(card, 0)}"
                for card in sorted(standard.keys() | table.keys())
                if table.get(card, 0) != standard.get(card, 0)
            ]
            text = "{" + ", ".join(["**STANDARD_POINTS", *differing]) + "}"
        elif name == "multipliers":
            text = "{" + ", ".join(f"{card.ascii!r}: {factor}" for card, factor in value) + "}"
        elif name == "pass_cycle":
            named = [key for key, cycle in PASS_CYCLES.items() if cycle == value]
            text = repr(named[0] if named else tuple(map(str, rules.pass_cycle)))
        else:
            text = repr(value.value if isinstance(value, enum.Enum) else value)
        changed.append((name, text))
    return changed


_PASS_ORDER: Final = (
    PassDirection.HOLD,
    *(direction for direction in PassDirection if direction is not PassDirection.HOLD),
)
FLAG_FIELDS: Final = tuple(
    field.name for field in attrs.fields(Rules) if isinstance(field.default, bool)
)
"""The names of the True/False fields of :class:`Rules`."""
FIELD_ORDER: Final = tuple(field.name for field in attrs.fields(Rules) if field.init)
"""The fields of :class:`Rules`, in their documented order."""
RULES_SCHEMA: Final = 1
"""The version of the JSON form of :class:`Rules` (:meth:`Rules.to_dict`)."""


def _from_fields(fields: dict[str, Any]) -> Rules:
    """The rules with these fields (how a pickled :class:`Rules` is read back)."""
    return Rules(**fields)


def _check_known(where: str, names: Iterable[object]) -> None:
    for name in names:
        if name not in FIELD_ORDER:
            raise RulesError(
                f"{where} got unknown field "
                f"{shown_value(name)}{did_you_mean(str(name), FIELD_ORDER)}; "
                f"the fields are {', '.join(FIELD_ORDER)}."
            )


def _default_of(rules: Rules, name: str) -> object:
    """The default of field ``name`` for the table of ``rules`` (its players and jokers)."""
    if name in _TABLE_DEFAULTS:
        return _TABLE_DEFAULTS[name](rules)
    return getattr(attrs.fields(Rules), name).default


def _to_json(name: str, value: object) -> object:
    if name in ("points", "multipliers"):
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
    'Parlett (The Penguin Book of Card Games); Wikipedia "Black Maria"; a published text ("otherwise he may discard any card he chooses")'
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
