"""What the batched engine derives from a :class:`~hearts.Rules`: its allow-list and tables.

:data:`FIELDS` states, field by field, what the engine plays and which values it refuses
(:class:`Coverage`), :func:`unsupported` and :func:`supports` decide by it, and
:func:`make_rules` turns the rules into the :class:`BatchRules` every game of a batch
carries (cached by the rules). :mod:`hearts.rl.batch` re-exports the public names.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs
import jax
import jax.numpy as jnp
import numpy as np

from hearts.errors import RulesError
from hearts.game.cards import CARDS as _CARD_VALUES
from hearts.game.passes import calls
from hearts.game.play import PLAY_RULES, rules_of_play
from hearts.game.rules import (
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    Rules,
    ShootMode,
)
from hearts.rl._batch_cards import (
    DIRECTIONS,
    RANKS,
    SLOTS,
    SUITS,
    card_words,
    slots_of,
)
from hearts.rl.tensor import score_scale

_FIRST_LEADS: Final = (
    FirstLead.LOWEST_CLUB,
    FirstLead.ANY_CLUB,
    FirstLead.LEFT_OF_DEALER,
    FirstLead.LEFT_OF_DEALER_NO_HEART,
)
_SHOOT_MODES: Final = {
    ShootMode.OFF: 0,
    ShootMode.ADD: 1,
    ShootMode.SUBTRACT: 2,
    ShootMode.SAFETY: 3,
    ShootMode.CHOOSE: 4,
}
"""The modes of a shot the batched engine scores, by their number in :class:`BatchRules`."""

CHOOSE_MODE: Final = _SHOOT_MODES[ShootMode.CHOOSE]
"""The number of the mode where the shooter chooses (:data:`~hearts.ShootMode.CHOOSE`)."""


def _padded(values: list[int], step: int) -> tuple[np.ndarray[Any, np.dtype[np.int32]], int]:
    """``values`` padded with zeros to a multiple of ``step`` (so tables share shapes)."""
    size = max(step, -(-len(values) // step) * step)
    table = np.zeros(size, dtype=np.int32)
    table[: len(values)] = values
    return table, len(values)


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class BatchRules:
    """The tables of one :class:`~hearts.Rules` that the batched engine reads.

    Made by :func:`make_rules`; a :class:`State` holds one copy per game (a leading batch
    axis on every array) of each table but the shared ones (:data:`SHARED`: today
    :attr:`reveals`, too big to copy per game), which every game of the batch reads.
    ``players``, ``cards`` (the deck's size) and ``words`` fix the arrays' shapes and are
    static, as is ``choices``; everything else is data, so rules of the same table size
    share one compiled step (and those with choices, another). Card sets are uint32 (4,) words, one per suit, and a fifth for the jokers in a
    game with jokers (:func:`to_cards`).

    >>> import hearts
    >>> from hearts import batch
    >>> tables = batch.make_rules(hearts.Rules.preset("omnibus"))
    >>> tables.players, tables.cards, int(tables.card_points[22]), int(tables.moon_points)
    (4, 52, -10, 26)
    """

    players: int = dataclasses.field(metadata={"static": True})
    """Seats at the table (static)."""
    cards: int = dataclasses.field(metadata={"static": True})
    """Cards in the deck, ``players * hand_size`` (static)."""
    words: int = dataclasses.field(metadata={"static": True})
    """Words of a card set: 4, one per suit, or 5 with the jokers' (static)."""
    choices: bool = dataclasses.field(metadata={"static": True})
    """Whether a game asks for a choice besides its cards, the dealer's call or the
    shooter's (static: a step without them compiles without their code)."""
    deck: jax.Array
    """Card set: the cards in play."""
    card_points: jax.Array
    """Int32 (52,), (55,) with jokers: each card's points (0 outside the deck)."""
    joker_lead: jax.Array
    """Bool: a joker may lead only a player with no other card it may lead (a game with
    jokers)."""
    positive_total: jax.Array
    """Int32: the points of every card worth more than 0, at least 1 (the tensor's scale)."""
    score_scale: jax.Array
    """Int32: what :func:`observe` divides a total by (:func:`hearts.tensor.score_scale`)."""
    penalty: jax.Array
    """Card set: the penalty cards (``Rules.penalty_mask``)."""
    shoot_counted: jax.Array
    """Card set: the cards that still count for their taker when the moon or the sun is
    shot (the bonus cards under ``bonus_counts_on_shoot``)."""
    moon: jax.Array
    """Card set: the cards a shooter takes (``Rules.moon_mask``; none when the moon is off)."""
    moon_points: jax.Array
    """Int32: the moon's value."""
    moon_mode: jax.Array
    """Int32: 0 off, 1 add (to every other seat), 2 subtract (from the shooter), 3 safety
    (subtract when adding would end the game with another seat winning), 4 the shooter
    chooses (an action of its own, before the hand is scored)."""
    choose_mode: jax.Array
    """Bool: the moon's or the sun's mode is 'choose' (the step asks the shooter)."""
    choice_needs_score: jax.Array
    """Bool: ``Rules.moon_choice_needs_score``: subtracting is offered only to a shooter
    whose total is at least the shot's value (else the shot is added, unasked)."""
    sun_mode: jax.Array
    """Int32: the sun's mode (taking every trick), numbered as :attr:`moon_mode`."""
    sun_points: jax.Array
    """Int32: the sun's value (``Rules.sun_points``)."""
    point_cards: jax.Array
    """Card set: the cards worth points, positive or negative (``Rules.point_mask``)."""
    multipliers: jax.Array = dataclasses.field(metadata={"shared": True})
    """Int32 (52,), (55,) with jokers, shared by the batch: the factor each card multiplies
    its taker's points by (1 for most)."""
    multiplier_cards: jax.Array
    """Card set: the multiplier cards (``Rules.multiplier_mask``)."""
    multiplier_alone: jax.Array
    """Int32: what a seat scores that took multiplier cards and no card worth points."""
    partner: jax.Array
    """Int32 (P,): each seat's partner (``Rules.partner_seats``), the seat itself without
    partnerships."""
    partners: jax.Array
    """Bool: ``Rules.partners``: each partner carries the partnership's score."""
    shoot_together: jax.Array
    """Bool: partners shoot the moon together (``Rules.partners_shoot_together``)."""
    chips: jax.Array
    """Bool: chip scoring (``Rules.chips`` is set)."""
    chip_count: jax.Array
    """Int32: the chips each seat starts with (``Rules.chips``; 0 when None)."""
    breaking: jax.Array
    """Card set: the cards that break hearts when played (``Rules.breaking_mask``)."""
    lead_breaking: jax.Array
    """Card set: the cards that break hearts when they lead (``Rules.lead_breaking_mask``)."""
    first_trick_barred: jax.Array
    """Card set: the cards barred from the first trick (``Rules.first_trick_barred``)."""
    first_turn_hearts: jax.Array
    """Bool: hearts are allowed on the first trick to a seat without a club it may play."""
    fallback_queen: jax.Array
    """Bool: a seat holding only barred cards on the first trick must play Q♠ if held."""
    first_lead: jax.Array
    """Int32: 0 lowest club, 1 any club, 2 left of dealer, 3 left of dealer but no heart."""
    lowest_club: jax.Array
    """Int32: the lowest club of the deck."""
    must_break_hearts: jax.Array
    """Bool: ``Rules.must_break_hearts``."""
    queen_gives_way: jax.Array
    """Bool: a leader holding only hearts and Q♠ before hearts break may lead a heart
    (``can_lead_hearts_instead_of_queen`` or ``queen_after_hearts``)."""
    queen_after_hearts: jax.Array
    """Bool: ``Rules.queen_after_hearts``."""
    forced_discard: jax.Array
    """Bool: ``Rules.forced_discard``."""
    unpassable: jax.Array
    """Card set: cards that may not be passed."""
    dealer_chooses: jax.Array
    """Bool: ``Rules.dealer_chooses_pass``: each hand starts with the dealer's call."""
    call_offsets: jax.Array = dataclasses.field(metadata={"shared": True})
    """Int32 (32,), shared by the batch: per call the dealer may make, how many seats left
    the cards go."""
    call_counts: jax.Array = dataclasses.field(metadata={"shared": True})
    """Int32 (32,), shared: per call, the cards each seat passes (0: a hold hand)."""
    call_directions: jax.Array = dataclasses.field(metadata={"shared": True})
    """Int32 (32,), shared: per call, the :class:`~hearts.PassDirection`'s index."""
    call_actions: jax.Array
    """Card set: the actions of the calls, 0 to one less than their number (the calls of
    :func:`hearts.env.pass_calls`, in order); none without the dealer's choice."""
    cycle_length: jax.Array
    """Int32: the hands of the pass cycle."""
    pass_offsets: jax.Array
    """Int32 (8k,): per hand of the cycle, how many seats left the cards go (padded)."""
    pass_counts: jax.Array
    """Int32 (8k,): per hand of the cycle, the cards each seat passes (0: hold)."""
    pass_directions: jax.Array
    """Int32 (8k,): per hand of the cycle, the :class:`~hearts.PassDirection`'s index."""
    no_trick_bonus: jax.Array
    """Int32: ``Rules.no_trick_bonus``."""
    no_heart_bonus: jax.Array
    """Int32: ``Rules.no_heart_bonus``."""
    has_target: jax.Array
    """Bool: the game ends when a total reaches ``target``."""
    target: jax.Array
    """Int32: ``Rules.target`` (0 when None)."""
    target_exceeded: jax.Array
    """Bool: ``Rules.target_must_be_exceeded``."""
    has_hands: jax.Array
    """Bool: the game ends after ``hands`` hands."""
    hands: jax.Array
    """Int32: ``Rules.hands`` (0 when None)."""
    resets: jax.Array
    """Int32 (4k,): ``Rules.resets`` (padded)."""
    reset_valid: jax.Array
    """Bool (4k,): which entries of ``resets`` are real."""
    reset_amount: jax.Array
    """Int32: ``Rules.reset_amount``."""
    has_floor: jax.Array
    """Bool: ``Rules.score_floor`` is set."""
    score_floor: jax.Array
    """Int32: ``Rules.score_floor`` (0 when None)."""
    play_on_ties: jax.Array
    """Bool: ``Rules.play_on_ties``."""
    reveals: jax.Array = dataclasses.field(metadata={"shared": True})
    """Card sets (1,320, words), shared by the batch (no batch axis): the cards whose holding
    playing a card shows its player does not hold, row :func:`reveal_row` of the card
    and the situation (the hand's first trick or not, hearts broken or not, the lead, the
    suit led or jokers alone led), as :meth:`hearts.game.play.RulesOfPlay.revealed` says."""

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat (static).

        >>> import hearts
        >>> from hearts import batch
        >>> batch.make_rules(hearts.Rules(players=5)).hand_size
        10
        """
        return self.cards // self.players


SHARED: Final = frozenset(
    field.name for field in dataclasses.fields(BatchRules) if field.metadata.get("shared")
)
"""The tables of :class:`BatchRules` that every game of a batch shares (no batch axis)."""

REVEAL_CONTEXTS: Final = 2 + SUITS
"""The situations a play reveals by, beside the first trick and hearts: the lead, a suit
led, or jokers alone led (the library's rules of play read no more of a trick)."""

JOKERS_LED: Final = SUITS
"""The ``led_suit`` of :func:`reveal_row` for a trick of jokers alone so far."""

REVEAL_ROWS: Final = 2 * 2 * REVEAL_CONTEXTS * SLOTS
"""The rows of :attr:`BatchRules.reveals`: 1,320."""


def reveal_row(first: Any, broken: Any, led_suit: Any, card: Any) -> Any:
    """The row of :attr:`BatchRules.reveals` for ``card`` played in a situation.

    ``led_suit`` is -1 for a lead, the suit led (0 clubs to 3 spades), or
    :data:`JOKERS_LED` after jokers alone; ``first`` and ``broken`` are flags. The
    arguments may be ints or arrays of them.

    >>> from hearts import batch
    >>> batch.reveal_row(False, False, -1, 0), batch.reveal_row(True, True, 4, 54)  # 4: jokers
    (0, 1319)
    """
    situation = (first * 2 + broken) * REVEAL_CONTEXTS + led_suit + 1
    return situation * SLOTS + card


def reveal_table(rules: Rules) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """Uint32 (:data:`REVEAL_ROWS`, words): :attr:`BatchRules.reveals` of ``rules``.

    Each row is :meth:`hearts.game.play.RulesOfPlay.revealed` of its card and situation,
    so the batched engine rules out exactly the cards the scalar one does; rows of cards
    outside the deck are empty.

    >>> import hearts
    >>> from hearts import batch
    >>> table = batch.reveal_table(hearts.Rules())
    >>> table[batch.reveal_row(False, True, 0, hearts.Card("QS"))].tolist()  # off suit: no club
    [8191, 0, 0, 0]
    """
    of = rules_of_play(rules)
    deck = rules.deck_mask
    words = _words(rules)
    table = np.zeros((REVEAL_ROWS, words), dtype=np.uint32)
    for first in (False, True):
        for broken in (False, True):
            for led_suit in range(-1, JOKERS_LED + 1):
                trick = () if led_suit < 0 else (_CARD_VALUES[led_suit * RANKS],)
                for card in range(SLOTS):
                    if deck >> card & 1:
                        shown = of.revealed(card, trick, first, broken)
                        row = reveal_row(first, broken, led_suit, card)
                        table[row] = card_words(shown, words)
    return table


def _words(rules: Rules) -> int:
    """The words of a card set under ``rules``: a fifth for the jokers, if any."""
    return SUITS + 1 if rules.jokers else SUITS


@dataclasses.dataclass(frozen=True)
class Coverage:
    """How the batched engine treats one field of :class:`~hearts.Rules` (see :data:`FIELDS`).

    >>> from hearts import batch
    >>> batch.FIELDS["moon"].tables, batch.FIELDS["claims"].refuses[:12]
    (('moon', 'moon_mode', 'choose_mode', 'choices'), 'True: claims')
    """

    plays: str
    """What the engine plays of the field, in words; empty when it plays only the value
    that leaves the variant off (the field's default)."""
    tables: tuple[str, ...] = ()
    """The fields of :class:`BatchRules` that carry it (none for a field that changes
    nothing under the rules the engine plays, or that it refuses whole)."""
    refuses: str = ""
    """The values refused, in words; empty when every value is played."""
    refused: Callable[[Rules], bool] | None = None
    """Whether a :class:`~hearts.Rules` value sets the field to a refused value."""
    shown: Callable[[Rules], object] | None = None
    """The value the refusal shows, when not the field's own (``repr`` of it follows)."""


def _refuse(
    when: Callable[[Rules], bool], why: str, shown: Callable[[Rules], object] | None = None
) -> Coverage:
    return Coverage("", refuses=why, refused=when, shown=shown)


# What the batched engine plays of each field of Rules (documented in hearts.rl.batch).
FIELDS: Final[Mapping[str, Coverage]] = MappingProxyType(
    {
        "players": Coverage(
            "3 to 7 players: the arrays' shapes", ("players", "cards", "pass_offsets", "partner")
        ),
        "jokers": Coverage(
            "0 to 3 jokers: a fifth word of each card set, three more actions",
            ("cards", "words", "deck", "card_points", "joker_lead", "multipliers", "reveals"),
        ),
        "removed": Coverage(
            "any cards removed: the deck", ("deck", "cards", "lowest_club", "reveals")
        ),
        "pass_count": Coverage("any pass count", ("pass_counts",)),
        "pass_cycle": Coverage(
            "any pass cycle",
            ("cycle_length", "pass_offsets", "pass_counts", "pass_directions"),
        ),
        "unpassable": Coverage("any cards that may not be passed", ("unpassable",)),
        "dealer_chooses_pass": Coverage(
            "both values: the dealer's call is an action",
            (
                "dealer_chooses",
                "choices",
                "call_offsets",
                "call_counts",
                "call_directions",
                "call_actions",
            ),
        ),
        "first_lead": Coverage("every first lead", ("first_lead", "reveals")),
        "first_trick": Coverage(
            "every first-trick rule", ("first_trick_barred", "first_turn_hearts", "reveals")
        ),
        "first_trick_fallback": Coverage("every fallback", ("fallback_queen", "reveals")),
        "must_break_hearts": Coverage("both values", ("must_break_hearts", "reveals")),
        "queen_breaks_hearts": Coverage("both values", ("breaking", "lead_breaking")),
        "queen_breaks_only_when_led": Coverage("both values", ("breaking", "lead_breaking")),
        "can_lead_hearts_instead_of_queen": Coverage("both values", ("queen_gives_way", "reveals")),
        "queen_after_hearts": Coverage(
            "both values", ("queen_gives_way", "queen_after_hearts", "reveals")
        ),
        "forced_discard": Coverage("both values", ("forced_discard", "reveals")),
        "points": Coverage(
            "any point table, bonus cards included",
            (
                "card_points",
                "positive_total",
                "score_scale",
                "penalty",
                "first_trick_barred",
                "moon",
                "moon_points",
                "shoot_counted",
                "reveals",
                "point_cards",
                "sun_points",
            ),
        ),
        "penalty_cards": Coverage(
            "any penalty cards", ("penalty", "first_trick_barred", "reveals")
        ),
        "no_trick_bonus": Coverage("any bonus", ("no_trick_bonus",)),
        "no_heart_bonus": Coverage("any bonus", ("no_heart_bonus",)),
        "multipliers": Coverage(
            "any multiplier cards whose product keeps a hand's points in int32",
            ("multipliers", "multiplier_cards"),
            refuses=(
                "factors whose product could take a hand's points past 2**30 (the engine "
                "counts points in int32; the scalar engine has no limit)"
            ),
            refused=lambda r: _points_bound(r) >= 1 << 30,
            shown=lambda r: {card.ascii: factor for card, factor in r.multipliers},
        ),
        "multiplier_alone": Coverage("any value", ("multiplier_alone",)),
        "moon": Coverage(
            "every mode: off, added, subtracted, played safe, or the shooter's choice",
            ("moon", "moon_mode", "choose_mode", "choices"),
        ),
        "moon_value": Coverage("any value", ("moon_points", "sun_points")),
        "moon_needs_bonus_cards": Coverage("both values", ("moon",)),
        "moon_choice_needs_score": Coverage("both values", ("choice_needs_score",)),
        "bonus_counts_on_shoot": Coverage("both values", ("shoot_counted",)),
        "sun": Coverage(
            "every mode: off, added, subtracted, played safe, or the shooter's choice",
            ("sun_mode", "choose_mode", "choices"),
        ),
        "sun_value": Coverage("any value", ("sun_points",)),
        "chips": Coverage("chip scoring, any number", ("chips", "chip_count", "score_scale")),
        "target": Coverage("any target, or none", ("has_target", "target", "score_scale")),
        "target_must_be_exceeded": Coverage("both values", ("target_exceeded",)),
        "hands": Coverage("any number of hands, or none", ("has_hands", "hands", "score_scale")),
        "resets": Coverage("any resets", ("resets", "reset_valid")),
        "reset_amount": Coverage("any amount", ("reset_amount",)),
        "score_floor": Coverage("any floor, or none", ("has_floor", "score_floor")),
        "play_on_ties": Coverage("both values", ("play_on_ties",)),
        "partners": Coverage("partnerships", ("partner", "partners")),
        "partners_shoot_together": Coverage("both values", ("shoot_together",)),
        "claims": _refuse(
            lambda r: r.claims,
            "True: claims (a claim ends a hand on a proof over every deal its claimer cannot "
            "tell apart, a search that no fixed-size step holds)",
        ),
    }
)


def _points_bound(rules: Rules) -> int:
    """A bound on the points one hand can add to a total, multipliers applied."""
    product = 1
    for _, factor in rules.multipliers:
        product *= abs(factor)
    points = sum(abs(value) for value in rules.card_points) + rules.moon_points
    points += rules.sun_points + abs(rules.no_trick_bonus) + abs(rules.no_heart_bonus)
    return points * product + abs(rules.multiplier_alone)


def unsupported(rules: Rules) -> str | None:
    """Why the batched engine cannot play ``rules``, as a sentence; None if it can.

    The sentence names the first field, in the order of the fields, that :data:`FIELDS`
    refuses at its value or does not state at all (or the rules of play added with
    :func:`hearts.game.play.add_rule`, which it cannot state).

    >>> import hearts
    >>> from hearts import batch
    >>> batch.unsupported(hearts.Rules.preset("black-maria")) is None
    True
    >>> batch.unsupported(hearts.Rules(claims=True))
    'hearts.batch does not play Rules.claims (got True); it refuses True: claims (a claim ends a hand on a proof over every deal its claimer cannot tell apart, a search that no fixed-size step holds) (hearts.batch.FIELDS says what it plays of each field).'
    >>> batch.FIELDS["pass_cycle"].tables
    ('cycle_length', 'pass_offsets', 'pass_counts', 'pass_directions')
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"hearts.batch needs a hearts.Rules value, got {type(rules).__name__}.")
    of = rules_of_play(rules)
    if of.extended:
        names = {rule.name for plan in of.plans for rule in plan if rule not in PLAY_RULES}
        added = ", ".join(sorted(names))
        return (
            f"hearts.batch does not play rules of play added with hearts.game.play.add_rule "
            f"({added}); it states only the library's own (hearts.game.play.PLAY_RULES)."
        )
    for field in attrs.fields(type(rules)):
        if not field.init:
            continue  # derived from the fields given (the masks), or the rules of play
        name = field.name
        coverage = FIELDS.get(name)
        if coverage is None:
            return (
                f"hearts.batch does not play Rules.{name} (got {getattr(rules, name)!r}): "
                "hearts.batch.FIELDS does not state the field, so the batched engine does "
                "not know what it changes."
            )
        if coverage.refused is not None and coverage.refused(rules):
            shown = getattr(rules, name) if coverage.shown is None else coverage.shown(rules)
            return (
                f"hearts.batch does not play Rules.{name} (got {shown!r}); it refuses "
                f"{coverage.refuses} (hearts.batch.FIELDS says what it plays of each field)."
            )
    return None


def supports(rules: Rules) -> bool:
    """Whether the batched engine plays ``rules`` (:func:`unsupported` says why not).

    >>> import hearts
    >>> from hearts import batch
    >>> batch.supports(hearts.Rules.preset("omnibus")), batch.supports(hearts.Rules(claims=True))
    (True, False)
    """
    return unsupported(rules) is None


def make_rules(rules: Rules) -> BatchRules:
    """The tables of ``rules`` for the batched engine (no batch axis; :func:`init` adds it).

    Raises :class:`~hearts.RulesError` naming the field when the engine does not play
    ``rules`` (:func:`unsupported`).

    >>> import hearts
    >>> from hearts import batch
    >>> tables = batch.make_rules(hearts.Rules(players=3))
    >>> tables.hand_size, bool(batch.to_cards(tables.deck)[13]), tables.pass_offsets[:3].tolist()
    (17, False, [1, 2, 0])
    >>> batch.make_rules(hearts.Rules(claims=True))
    Traceback (most recent call last):
    ...
    hearts.errors.RulesError: hearts.batch does not play Rules.claims (got True); it refuses True: claims (...) (hearts.batch.FIELDS says what it plays of each field).
    """
    why = unsupported(rules)
    if why is not None:
        raise RulesError(why)
    return _make_rules(rules)


@functools.lru_cache(maxsize=64)
def _make_rules(rules: Rules) -> BatchRules:
    players = rules.players
    deck = rules.deck_mask
    offsets, cycle = _padded([d.offset(players) for d in rules.pass_cycle], 8)
    counts, _ = _padded(
        [0 if d is PassDirection.HOLD else rules.pass_count for d in rules.pass_cycle], 8
    )
    directions, _ = _padded([DIRECTIONS.index(d) for d in rules.pass_cycle], 8)
    resets, reset_count = _padded(list(rules.resets), 4)
    positive = max(sum(v for v in rules.card_points if v > 0), 1)
    words = _words(rules)
    slots = slots_of(words)
    factors = np.ones(slots, dtype=np.int32)
    for card, factor in rules.multipliers:
        factors[card] = factor
    partner = rules.partner_seats or tuple(range(players))
    dealer_calls = calls(rules) if rules.dealer_chooses_pass else []
    call_offsets, call_count = _padded([d.offset(players) for d, _ in dealer_calls], 32)
    call_counts, _ = _padded([count for _, count in dealer_calls], 32)
    call_directions, _ = _padded([DIRECTIONS.index(d) for d, _ in dealer_calls], 32)
    bonus = rules.bonus_mask if rules.bonus_counts_on_shoot else 0
    moon = rules.moon_mask if rules.moon is not ShootMode.OFF else 0

    def i32(value: int) -> jax.Array:
        return jnp.asarray(value, dtype=jnp.int32)

    def flag(value: bool) -> jax.Array:
        return jnp.asarray(value, dtype=jnp.bool_)

    def cards(mask: int) -> jax.Array:
        return jnp.asarray(card_words(mask, words))

    return BatchRules(
        players=players,
        cards=deck.bit_count(),
        words=words,
        choices=rules.dealer_chooses_pass or ShootMode.CHOOSE in (rules.moon, rules.sun),
        deck=cards(deck),
        card_points=jnp.asarray(rules.card_points[:slots], dtype=jnp.int32),
        joker_lead=flag(rules.jokers > 0),
        positive_total=i32(positive),
        score_scale=i32(score_scale(rules)),
        penalty=cards(rules.penalty_mask),
        shoot_counted=cards(bonus),
        moon=cards(moon),
        moon_points=i32(rules.moon_points),
        moon_mode=i32(_SHOOT_MODES[rules.moon]),
        sun_mode=i32(_SHOOT_MODES[rules.sun]),
        choose_mode=flag(ShootMode.CHOOSE in (rules.moon, rules.sun)),
        choice_needs_score=flag(rules.moon_choice_needs_score),
        sun_points=i32(rules.sun_points),
        point_cards=cards(rules.point_mask),
        multipliers=jnp.asarray(factors),
        multiplier_cards=cards(rules.multiplier_mask),
        multiplier_alone=i32(rules.multiplier_alone),
        partner=jnp.asarray(partner, dtype=jnp.int32),
        partners=flag(rules.partners),
        shoot_together=flag(rules.partners_shoot_together),
        chips=flag(rules.chips is not None),
        chip_count=i32(rules.chips or 0),
        breaking=cards(rules.breaking_mask),
        lead_breaking=cards(rules.lead_breaking_mask),
        first_trick_barred=cards(rules.first_trick_barred),
        first_turn_hearts=flag(rules.first_trick is FirstTrick.FIRST_TURN_HEARTS),
        fallback_queen=flag(rules.first_trick_fallback is FirstTrickFallback.QUEEN),
        first_lead=i32(_FIRST_LEADS.index(rules.first_lead)),
        lowest_club=i32(int(rules.lowest_club)),
        must_break_hearts=flag(rules.must_break_hearts),
        queen_gives_way=flag(rules.can_lead_hearts_instead_of_queen or rules.queen_after_hearts),
        queen_after_hearts=flag(rules.queen_after_hearts),
        forced_discard=flag(rules.forced_discard),
        unpassable=cards(rules.unpassable.mask),
        dealer_chooses=flag(rules.dealer_chooses_pass),
        call_offsets=jnp.asarray(call_offsets),
        call_counts=jnp.asarray(call_counts),
        call_directions=jnp.asarray(call_directions),
        call_actions=cards((1 << call_count) - 1 if dealer_calls else 0),
        cycle_length=i32(cycle),
        pass_offsets=jnp.asarray(offsets),
        pass_counts=jnp.asarray(counts),
        pass_directions=jnp.asarray(directions),
        no_trick_bonus=i32(rules.no_trick_bonus),
        no_heart_bonus=i32(rules.no_heart_bonus),
        has_target=flag(rules.target is not None),
        target=i32(rules.target or 0),
        target_exceeded=flag(rules.target_must_be_exceeded),
        has_hands=flag(rules.hands is not None),
        hands=i32(rules.hands or 0),
        resets=jnp.asarray(resets),
        reset_valid=jnp.arange(resets.shape[0]) < reset_count,
        reset_amount=i32(rules.reset_amount),
        has_floor=flag(rules.score_floor is not None),
        score_floor=i32(rules.score_floor or 0),
        play_on_ties=flag(rules.play_on_ties),
        reveals=jnp.asarray(reveal_table(rules)),
    )
