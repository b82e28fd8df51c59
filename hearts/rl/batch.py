"""Batched Hearts for JAX: whole batches of games advanced by one jitted step, as pgx does.

Every function here is a pure function of arrays, so :func:`jax.jit` and :func:`jax.vmap`
compile it: :func:`init` deals the first hand of a batch of games, :func:`step` plays one
action in each, :func:`legal_action_mask` and :func:`observe` say what the seat to move
may do and see, and :func:`restart` deals a new game where one is over. The rules are
data: :func:`make_rules` turns a :class:`~hearts.Rules` into a :class:`BatchRules` of
tables (the deck, each card's points, the penalty, moon and breaking cards, the
first-trick bans, the pass of each hand of the cycle, the end of the game), which every
:class:`State` carries, one copy per game. ``import hearts`` never imports this module,
nor JAX, which the ``jax`` extra installs (``pip install ".[jax]"`` from a clone's root: the
package is not on PyPI yet; after its first release, ``pip install "hearts-rules[jax]"``).

Conventions:

* **Card sets** are four ``uint32`` words, one per suit (clubs, diamonds, hearts, spades),
  bit ``rank - 2`` of its suit's word for each card: a seat's hand is ``(4,)``, the hands
  of a batch ``(B, P, 4)``. :func:`to_cards` unpacks sets into 52 booleans,
  :func:`from_cards` packs them.
* **Actions** are the cards 0 to 51 (``suit * 13 + rank - 2``, clubs, diamonds, hearts,
  spades), :data:`NUM_ACTIONS` of them: to play the card, or in the pass to pick it. An
  action outside :func:`legal_action_mask` is replaced by the lowest legal card (so random
  actions are safe); :func:`effective_actions` says which card an action plays.
* **The pass is made one card at a time**, in a fixed seat order: seat 0 picks its
  ``pass_count`` cards, one step each, then seat 1, and so on (as :mod:`hearts.env` asks
  the seats in turn); when the last seat has picked its last card the cards change hands
  together, as the rules say. A seat sees nothing of another's picks.
* **Rewards** come when a hand ends, to every seat at once, in :attr:`State.rewards`: what
  the hand added to the seat's total, negated (``-HandResult.changes``), as in
  :mod:`hearts.env`; zero on every other step. :func:`game_rewards` gives the game's
  outcome once it is over (1 for each winner).
* **The end**: a game whose end the rules reach is :attr:`State.terminated`, for good;
  :func:`step` leaves a terminated game exactly as it is, with zero rewards (the pgx
  convention), and its legal action mask is all False. Nothing truncates
  (:attr:`State.truncated` is always False).
* **Deals** are drawn from the JAX key of each game: each hand one split of the key gives
  the next hand's key and 32 random bits per card, and card by card each goes to a seat
  with room left, drawn in proportion to the room (as likely as any deal from a shuffled
  deck). They are not the deals of :func:`hearts.seeded_deal`.
* **Compiling**: the number of players and the deck's size fix the arrays' shapes; every
  other rule is data, so all the rules of one table size (and batch size) share one
  compiled :func:`step`.

What it plays (:data:`FIELDS` states it for each field of :class:`~hearts.Rules`, and
:func:`unsupported` decides by it): 3 to 7 players with any removed cards; any pass cycle
and pass count, ``unpassable`` cards; every first lead, every first-trick rule and
fallback, ``must_break_hearts``, ``queen_breaks_hearts`` (and
``queen_breaks_only_when_led``), ``can_lead_hearts_instead_of_queen``,
``queen_after_hearts``, ``forced_discard``; any point table (bonus cards such as
Omnibus J♦), ``penalty_cards``, ``no_trick_bonus``, ``no_heart_bonus``; the moon off, add
or subtract, ``moon_value``, ``moon_needs_bonus_cards``, ``bonus_counts_on_shoot``
(``moon_choice_needs_score`` and ``sun_value``, which change nothing without the refused
choice and sun, at any value); a target (or one to exceed), a number of hands,
``resets`` and ``reset_amount``, ``score_floor`` and ``play_on_ties``. It refuses, with a
:class:`~hearts.RulesError` naming the field: jokers, dealer's choice, multipliers, the
moon chosen or played safe, the sun, chips, partnerships and claims; rules of play added
with :func:`hearts.game.play.add_rule`; and any field that :data:`FIELDS` does not state,
whatever its value (a field new to :class:`~hearts.Rules` is refused until it is stated
there, never played as if absent).

>>> import jax
>>> import hearts
>>> import jax.numpy as jnp
>>> from hearts import batch
>>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules())
>>> state.phase.tolist(), state.current_player.tolist()    # both games pass; seat 0 picks
([2, 2], [0, 0])
>>> state = batch.step(state, jnp.array([51, 51]))          # each picks A♠ (or its lowest card)
>>> batch.legal_action_mask(state).shape, batch.observe(state, 0).shape
((2, 52), (2, 1487))
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, cast

import attrs
import jax
import jax.numpy as jnp
import numpy as np

from hearts.errors import HeartsError, RulesError, describe_value
from hearts.game.cards import HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, Suit
from hearts.game.play import PLAY_RULES, rules_of_play
from hearts.game.rules import (
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    Rules,
    ShootMode,
)
from hearts.rl.tensor import max_tricks, size

__all__ = [
    "FIELDS",
    "NUM_ACTIONS",
    "PHASE_OVER",
    "PHASE_PASS",
    "PHASE_PLAY",
    "BatchRules",
    "Coverage",
    "State",
    "effective_actions",
    "from_cards",
    "game_rewards",
    "init",
    "legal_action_mask",
    "make_rules",
    "observation_size",
    "observe",
    "random_actions",
    "restart",
    "step",
    "supports",
    "to_cards",
    "unsupported",
]

NUM_ACTIONS: Final = 52
"""The actions: one per card of the 52-card deck (no jokers)."""
PHASE_PASS: Final = 2
""":attr:`State.phase` while the seats pick the cards they pass (``Phase.PASS``'s index)."""
PHASE_PLAY: Final = 3
""":attr:`State.phase` while the cards are played (``Phase.PLAY``'s index)."""
PHASE_OVER: Final = 5
""":attr:`State.phase` once the game is over (``Phase.OVER``'s index)."""

_CARDS: Final = 52
_SLOTS: Final = 55  # the observation's card slots: 52 cards and 3 jokers
_RANKS: Final = 13
_SUITS: Final = 4
_DIRECTIONS: Final = tuple(PassDirection)
_FIRST_LEADS: Final = (
    FirstLead.LOWEST_CLUB,
    FirstLead.ANY_CLUB,
    FirstLead.LEFT_OF_DEALER,
    FirstLead.LEFT_OF_DEALER_NO_HEART,
)
_MOON_MODES: Final = {ShootMode.OFF: 0, ShootMode.ADD: 1, ShootMode.SUBTRACT: 2}
_RANK_BITS: Final = np.array([1 << rank for rank in range(_RANKS)], dtype=np.uint32)
_SHIFTS: Final = np.arange(_RANKS, dtype=np.uint32)


def _words(mask: int) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """A card bitmask as a card set of this module: one uint32 word per suit."""
    full = (1 << _RANKS) - 1
    return np.array([mask >> (_RANKS * suit) & full for suit in range(_SUITS)], dtype=np.uint32)


_HEART_WORDS: Final = _words(HEARTS_MASK)
_NO_HEARTS: Final = ~_HEART_WORDS
_CLUB_WORDS: Final = _words(SUIT_MASKS[Suit.CLUBS])
_QUEEN_WORDS: Final = _words(1 << int(QUEEN_OF_SPADES))
_NO_QUEEN: Final = ~_QUEEN_WORDS


def to_cards(sets: jax.Array) -> jax.Array:
    """Bool ``(..., 52)``: card sets of this module (uint32 ``(..., 4)``) as one flag per card.

    A card set here is one uint32 word per suit (clubs, diamonds, hearts, spades), bit
    ``rank - 2`` of the card's suit set: ``to_cards`` unpacks it, :func:`from_cards`
    packs it.

    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> sets = batch.from_cards(jnp.arange(52) % 13 == 0)  # the four twos
    >>> sets.tolist(), batch.to_cards(sets).nonzero()[0].tolist()
    ([1, 1, 1, 1], [0, 13, 26, 39])
    """
    _check_cards("to_cards", "sets", sets, _SUITS, "uint32 card sets (one word per suit)")
    bits = (sets[..., None] >> _SHIFTS) & 1
    return bits.reshape(*sets.shape[:-1], _CARDS).astype(jnp.bool_)


def from_cards(cards: jax.Array) -> jax.Array:
    """Uint32 ``(..., 4)``: one flag per card (bool ``(..., 52)``) as card sets (:func:`to_cards`).

    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> batch.from_cards(jnp.arange(52) == 49).tolist()  # Q♠ alone
    [0, 0, 0, 1024]
    """
    _check_cards("from_cards", "cards", cards, _CARDS, "flags (one per card)")
    grouped = cards.reshape(*cards.shape[:-1], _SUITS, _RANKS)
    return jnp.sum(jnp.where(grouped, _RANK_BITS, 0), axis=-1, dtype=jnp.uint32)


def _shown(value: object) -> str:
    """``value`` for an error message: an array by its shape and dtype, else its repr, cut."""
    if isinstance(value, (jax.Array, np.ndarray)):
        return f"an array of shape {tuple(value.shape)} and dtype {value.dtype}"
    return describe_value(value)


def _check_cards(caller: str, name: str, value: object, last: int, what: str) -> None:
    """Refuse ``value`` unless it is an array whose last axis holds ``last`` entries."""
    if not isinstance(value, (jax.Array, np.ndarray)):
        raise TypeError(
            f"{caller} needs {name} as a JAX or NumPy array of {what}, its last axis of "
            f"{last}, got {_shown(value)}."
        )
    if value.ndim < 1 or value.shape[-1] != last:
        raise HeartsError(
            f"{caller} needs {name} as an array of {what}, its last axis of {last}, got "
            f"{_shown(value)}."
        )


def _check_state(caller: str, state: object) -> State:
    """``state``, if it is a batch of games; a sentence otherwise."""
    if not isinstance(state, State):
        raise TypeError(
            f"{caller} needs a hearts.batch.State (as hearts.batch.init makes), got "
            f"{_shown(state)}."
        )
    return state


def _check_actions(caller: str, state: State, actions: object) -> jax.Array:
    """``actions``, if it is an integer array of one action per game of ``state``."""
    games = state.phase.shape[0]
    wanted = f"an integer array of shape ({games},), one card number (0 to 51) per game"
    if not isinstance(actions, (jax.Array, np.ndarray)):
        raise TypeError(f"{caller} needs actions as {wanted}, got {_shown(actions)}.")
    if not jnp.issubdtype(actions.dtype, jnp.integer):
        raise TypeError(f"{caller} needs actions as {wanted}, got {_shown(actions)}.")
    if tuple(actions.shape) != (games,):
        raise HeartsError(f"{caller} needs actions as {wanted}, got {_shown(actions)}.")
    return jnp.asarray(actions)


def _check_key(caller: str, key: object) -> None:
    """Refuse ``key`` unless it is one PRNG key: typed, or raw ``uint32`` key data."""
    wanted = "one PRNG key (jax.random.key(seed), or raw uint32 key data)"
    if not isinstance(key, (jax.Array, np.ndarray)):
        raise TypeError(f"{caller} needs {wanted}, got {_shown(key)}.")
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        if key.ndim != 0:
            raise HeartsError(f"{caller} needs {wanted}, got {_shown(key)}.")
    elif key.dtype != jnp.uint32:
        raise TypeError(f"{caller} needs {wanted}, got {_shown(key)}.")
    elif key.ndim != 1:
        raise HeartsError(f"{caller} needs {wanted}, got {_shown(key)}.")


def _check_player(state: State, player: object) -> jax.Array | int:
    """``player``, if it is a seat of ``state``'s games, or one seat per game.

    An int (and NumPy data) is checked against the seats; a JAX array's values stay on the
    device, unread (reading them would wait for the computation).
    """
    players, games = state.rules.players, state.phase.shape[0]
    wanted = (
        f"a seat, an int from 0 to {players - 1}, or an integer array of shape ({games},), "
        "one seat per game"
    )
    if isinstance(player, (int, np.integer)) and not isinstance(player, (bool, np.bool_)):
        if not 0 <= player < players:
            raise HeartsError(f"observe needs player as {wanted}, got {_shown(player)}.")
        return int(player)
    if not isinstance(player, (jax.Array, np.ndarray)) or not jnp.issubdtype(
        player.dtype, jnp.integer
    ):
        raise TypeError(f"observe needs player as {wanted}, got {_shown(player)}.")
    if tuple(player.shape) not in ((), (games,)):
        raise HeartsError(f"observe needs player as {wanted}, got {_shown(player)}.")
    if isinstance(player, np.ndarray) and not np.all((player >= 0) & (player < players)):
        raise HeartsError(
            f"observe needs player as {wanted}, got seats outside 0 to {players - 1}."
        )
    return jnp.asarray(player)


def _card_bits(card: jax.Array) -> jax.Array:
    """Uint32 ``card.shape + (4,)``: the set of ``card`` alone (empty for a card < 0)."""
    suit = card // _RANKS
    bit = jnp.left_shift(jnp.uint32(1), (card % _RANKS).astype(jnp.uint32))
    here = (jnp.arange(_SUITS) == suit[..., None]) & (card >= 0)[..., None]
    return jnp.where(here, bit[..., None], jnp.uint32(0))


def _nonempty(sets: jax.Array) -> jax.Array:
    """Bool: each card set (the last axis) holds a card."""
    return jnp.any(sets != 0, axis=-1)


def _count(sets: jax.Array) -> jax.Array:
    """Int32: the cards of each card set."""
    return jnp.sum(jax.lax.population_count(sets), axis=-1).astype(jnp.int32)


def _lowest(sets: jax.Array) -> jax.Array:
    """Int32: the lowest card of each card set (suit by suit, then rank; 0 when empty)."""
    lowest_bits = jax.lax.population_count((sets & (~sets + jnp.uint32(1))) - jnp.uint32(1))
    cards = jnp.arange(_SUITS) * _RANKS + lowest_bits.astype(jnp.int32)  # 13 or more: none
    cards = jnp.where(sets != 0, cards, _CARDS)
    return jnp.min(cards, axis=-1) % _CARDS


def _padded(values: list[int], step: int) -> tuple[np.ndarray[Any, np.dtype[np.int32]], int]:
    """``values`` padded with zeros to a multiple of ``step`` (so tables share shapes)."""
    size = max(step, -(-len(values) // step) * step)
    table = np.zeros(size, dtype=np.int32)
    table[: len(values)] = values
    return table, len(values)


# --- the rules as data -----------------------------------------------------------------


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class BatchRules:
    """The tables of one :class:`~hearts.Rules` that the batched engine reads.

    Made by :func:`make_rules`; a :class:`State` holds one copy per game (a leading batch
    axis on every array). ``players`` and ``cards`` (the deck's size) fix the arrays'
    shapes and are static; everything else is data, so rules of the same table size share
    one compiled step. Card sets are uint32 (4,) words, one per suit (:func:`to_cards`).

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
    deck: jax.Array
    """Card set: the cards in play."""
    card_points: jax.Array
    """Int32 (52,): each card's points (0 outside the deck)."""
    positive_total: jax.Array
    """Int32: the points of every card worth more than 0, at least 1 (the tensor's scale)."""
    score_scale: jax.Array
    """Int32: what :func:`observe` divides a total by (:func:`hearts.tensor.score_scale`)."""
    penalty: jax.Array
    """Card set: the penalty cards (``Rules.penalty_mask``)."""
    shoot_counted: jax.Array
    """Card set: the cards that still count for their taker on a moon hand (the bonus
    cards under ``bonus_counts_on_shoot``)."""
    moon: jax.Array
    """Card set: the cards a shooter takes (``Rules.moon_mask``; none when the moon is off)."""
    moon_points: jax.Array
    """Int32: the moon's value."""
    moon_mode: jax.Array
    """Int32: 0 off, 1 add (to every other seat), 2 subtract (from the shooter)."""
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

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat (static).

        >>> import hearts
        >>> from hearts import batch
        >>> batch.make_rules(hearts.Rules(players=5)).hand_size
        10
        """
        return self.cards // self.players


@dataclasses.dataclass(frozen=True)
class Coverage:
    """How the batched engine treats one field of :class:`~hearts.Rules` (see :data:`FIELDS`).

    >>> from hearts import batch
    >>> batch.FIELDS["moon"].tables, batch.FIELDS["moon"].refuses
    (('moon', 'moon_mode'), "'choose' and 'safety': a choice asked of the shooter")
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


FIELDS: Final[Mapping[str, Coverage]] = MappingProxyType(
    {
        "players": Coverage(
            "3 to 7 players: the arrays' shapes", ("players", "cards", "pass_offsets")
        ),
        "jokers": _refuse(lambda r: r.jokers != 0, "any joker: the actions are the 52 cards"),
        "removed": Coverage("any cards removed: the deck", ("deck", "cards", "lowest_club")),
        "pass_count": Coverage("any pass count", ("pass_counts",)),
        "pass_cycle": Coverage(
            "any pass cycle",
            ("cycle_length", "pass_offsets", "pass_counts", "pass_directions"),
        ),
        "unpassable": Coverage("any cards that may not be passed", ("unpassable",)),
        "dealer_chooses_pass": _refuse(
            lambda r: r.dealer_chooses_pass, "True: a choice asked of the dealer"
        ),
        "first_lead": Coverage("every first lead", ("first_lead",)),
        "first_trick": Coverage(
            "every first-trick rule", ("first_trick_barred", "first_turn_hearts")
        ),
        "first_trick_fallback": Coverage("every fallback", ("fallback_queen",)),
        "must_break_hearts": Coverage("both values", ("must_break_hearts",)),
        "queen_breaks_hearts": Coverage("both values", ("breaking", "lead_breaking")),
        "queen_breaks_only_when_led": Coverage("both values", ("breaking", "lead_breaking")),
        "can_lead_hearts_instead_of_queen": Coverage("both values", ("queen_gives_way",)),
        "queen_after_hearts": Coverage("both values", ("queen_gives_way", "queen_after_hearts")),
        "forced_discard": Coverage("both values", ("forced_discard",)),
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
            ),
        ),
        "penalty_cards": Coverage("any penalty cards", ("penalty", "first_trick_barred")),
        "no_trick_bonus": Coverage("any bonus", ("no_trick_bonus",)),
        "no_heart_bonus": Coverage("any bonus", ("no_heart_bonus",)),
        "multipliers": _refuse(
            lambda r: bool(r.multipliers),
            "any multiplier card",
            lambda r: {card.ascii: factor for card, factor in r.multipliers},
        ),
        "multiplier_alone": _refuse(
            lambda r: r.multiplier_alone != 0, "any value but 0 (it needs multipliers)"
        ),
        "moon": Coverage(
            "the moon off, added or subtracted",
            ("moon", "moon_mode"),
            refuses="'choose' and 'safety': a choice asked of the shooter",
            refused=lambda r: r.moon not in _MOON_MODES,
            shown=lambda r: r.moon.value,
        ),
        "moon_value": Coverage("any value", ("moon_points",)),
        "moon_needs_bonus_cards": Coverage("both values", ("moon",)),
        "moon_choice_needs_score": Coverage(
            "both values, which change nothing: it matters only with moon='choose' (refused)"
        ),
        "bonus_counts_on_shoot": Coverage("both values", ("shoot_counted",)),
        "sun": _refuse(
            lambda r: r.sun is not ShootMode.OFF, "any sun but 'off'", lambda r: r.sun.value
        ),
        "sun_value": Coverage(
            "any value, which changes nothing: it matters only with a sun (refused)"
        ),
        "chips": _refuse(lambda r: r.chips is not None, "any number: chip scoring"),
        "target": Coverage("any target, or none", ("has_target", "target", "score_scale")),
        "target_must_be_exceeded": Coverage("both values", ("target_exceeded",)),
        "hands": Coverage("any number of hands, or none", ("has_hands", "hands", "score_scale")),
        "resets": Coverage("any resets", ("resets", "reset_valid")),
        "reset_amount": Coverage("any amount", ("reset_amount",)),
        "score_floor": Coverage("any floor, or none", ("has_floor", "score_floor")),
        "play_on_ties": Coverage("both values", ("play_on_ties",)),
        "partners": _refuse(lambda r: r.partners, "True: partnerships"),
        "partners_shoot_together": _refuse(
            lambda r: not r.partners_shoot_together, "False (it needs partners)"
        ),
        "claims": _refuse(lambda r: r.claims, "True: claims"),
    }
)
"""How the batched engine treats each field of :class:`~hearts.Rules` (a :class:`Coverage`
per field, by name, in the order of the fields): what it plays, in which tables of
:class:`BatchRules`, and which values it refuses. :func:`unsupported` reads it, and
refuses a field that is not in it, whatever its value, so that a field added to
:class:`~hearts.Rules` is refused until it is stated here, never played as if absent."""


def unsupported(rules: Rules) -> str | None:
    """Why the batched engine cannot play ``rules``, as a sentence; None if it can.

    The sentence names the first field, in the order of the fields, that :data:`FIELDS`
    refuses at its value or does not state at all (or the rules of play added with
    :func:`hearts.game.play.add_rule`, which it cannot state).

    >>> import hearts
    >>> from hearts import batch
    >>> batch.unsupported(hearts.Rules.preset("black-maria")) is None
    True
    >>> batch.unsupported(hearts.Rules(players=3, jokers=2))
    'hearts.batch does not play Rules.jokers (got 2); the batched engine covers 3 to 7 players with cards removed, any pass cycle, every rule of play but jokers, any point table, the moon off, added or subtracted, and a target or a number of hands.'
    >>> batch.FIELDS["jokers"].refuses, batch.FIELDS["pass_cycle"].tables
    ('any joker: the actions are the 52 cards', ('cycle_length', 'pass_offsets', 'pass_counts', 'pass_directions'))
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
                f"hearts.batch does not play Rules.{name} (got {shown!r}); the batched engine "
                "covers 3 to 7 players with cards removed, any pass cycle, every rule of play "
                "but jokers, any point table, the moon off, added or subtracted, and a target "
                "or a number of hands."
            )
    return None


def supports(rules: Rules) -> bool:
    """Whether the batched engine plays ``rules`` (:func:`unsupported` says why not).

    >>> import hearts
    >>> from hearts import batch
    >>> batch.supports(hearts.Rules.preset("omnibus")), batch.supports(hearts.Rules.preset("chips"))
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
    >>> batch.make_rules(hearts.Rules.preset("chips"))
    Traceback (most recent call last):
    ...
    hearts.errors.RulesError: hearts.batch does not play Rules.chips (got 20); the batched engine covers ...
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
    directions, _ = _padded([_DIRECTIONS.index(d) for d in rules.pass_cycle], 8)
    resets, reset_count = _padded(list(rules.resets), 4)
    positive = max(sum(v for v in rules.card_points if v > 0), 1)
    scale = rules.target if rules.target is not None else (rules.hands or 1) * positive
    bonus = rules.bonus_mask if rules.bonus_counts_on_shoot else 0
    moon = rules.moon_mask if rules.moon is not ShootMode.OFF else 0

    def i32(value: int) -> jax.Array:
        return jnp.asarray(value, dtype=jnp.int32)

    def flag(value: bool) -> jax.Array:
        return jnp.asarray(value, dtype=jnp.bool_)

    def cards(mask: int) -> jax.Array:
        return jnp.asarray(_words(mask))

    return BatchRules(
        players=players,
        cards=deck.bit_count(),
        deck=cards(deck),
        card_points=jnp.asarray(rules.card_points[:_CARDS], dtype=jnp.int32),
        positive_total=i32(positive),
        score_scale=i32(scale),
        penalty=cards(rules.penalty_mask),
        shoot_counted=cards(bonus),
        moon=cards(moon),
        moon_points=i32(rules.moon_points),
        moon_mode=i32(_MOON_MODES[rules.moon]),
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
    )


# --- the state ------------------------------------------------------------------------


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State:
    """A batch of games: every array has a leading batch axis ``B``.

    ``P`` is the number of players; a card set is four uint32 words, one per suit
    (:func:`to_cards` unpacks them into 52 flags), so a seat's cards are ``(B, P, 4)``.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(1), 2), hearts.Rules())
    >>> state.hands.shape, batch.to_cards(state.hands).sum(axis=2).tolist()[0]
    ((2, 4, 4), [13, 13, 13, 13])
    """

    rules: BatchRules
    """The rules' tables, one copy per game."""
    key: jax.Array
    """Each game's PRNG key, from which the next hand is dealt."""
    hands: jax.Array
    """Card sets (B, P, 4): the cards each seat holds."""
    dealt: jax.Array
    """Card sets (B, P, 4): the cards dealt to each seat this hand (before the pass)."""
    passed: jax.Array
    """Card sets (B, P, 4): the cards each seat picked to pass this hand (so far)."""
    played: jax.Array
    """Card sets (B, P, 4): the cards each seat has played this hand."""
    taken: jax.Array
    """Card sets (B, P, 4): the cards each seat has won this hand."""
    trick: jax.Array
    """Int32 (B, P): the cards of the current trick by position from its leader (-1: none)."""
    trick_size: jax.Array
    """Int32 (B,): cards in the current trick."""
    leader: jax.Array
    """Int32 (B,): the seat that led (or leads) the current trick."""
    first_leader: jax.Array
    """Int32 (B,): the seat that led the hand's first trick."""
    current_player: jax.Array
    """Int32 (B,): the seat to act."""
    phase: jax.Array
    """Int32 (B,): :data:`PHASE_PASS`, :data:`PHASE_PLAY` or :data:`PHASE_OVER`."""
    first: jax.Array
    """Bool (B,): the current trick is the hand's first."""
    broken: jax.Array
    """Bool (B,): hearts are broken."""
    tricks_done: jax.Array
    """Int32 (B,): tricks completed this hand."""
    hand_number: jax.Array
    """Int32 (B,): the hand being played, from 0."""
    pass_count: jax.Array
    """Int32 (B,): cards each seat passes this hand (0 on a hold hand)."""
    pass_offset: jax.Array
    """Int32 (B,): seats to the left the cards go this hand."""
    pass_direction: jax.Array
    """Int32 (B,): the index of this hand's :class:`~hearts.PassDirection`."""
    scores: jax.Array
    """Int32 (B, P): the totals before the current hand."""
    rewards: jax.Array
    """Float32 (B, P): on the step that ends a hand, what it added to each total, negated."""
    hand_over: jax.Array
    """Bool (B,): the last step ended a hand (its rewards are in :attr:`rewards`)."""
    winners: jax.Array
    """Bool (B, P): the winners, once the game is over."""
    terminated: jax.Array
    """Bool (B,): the game is over (for good)."""
    truncated: jax.Array
    """Bool (B,): always False: no game is cut short."""
    tricks: jax.Array
    """Int32 (B, T, P): the cards of each trick of the hand by position from its leader,
    the current trick included (-1: none yet); ``T`` is the hand size."""
    trick_leaders: jax.Array
    """Int32 (B, T): the seat that led each trick of the hand (-1: not led yet)."""
    legal: jax.Array
    """Card sets (B, 4): what the seat to act may play, or pick for its pass (none once
    the game is over); kept up to date by :func:`step` (:func:`legal_action_mask` unpacks
    it)."""


def _rows(values: jax.Array, seats: jax.Array) -> jax.Array:
    """``values[b, seats[b]]`` for (B, P, ...) values and (B,) seats."""
    hot = _one_hot(seats, values.shape[1]).reshape(seats.shape + (-1,) + (1,) * (values.ndim - 2))
    return jnp.sum(jnp.where(hot, values, 0), axis=1, dtype=values.dtype)


def _at(table: jax.Array, index: jax.Array) -> jax.Array:
    """``table[b, index[b]]`` for a (B, N) table and (B,) indices."""
    return jnp.take_along_axis(table, index[:, None], axis=1)[:, 0]


def _one_hot(index: jax.Array, size: int) -> jax.Array:
    return index[..., None] == jnp.arange(size)


def _begin_hands(rules: BatchRules, key: jax.Array, hand_number: jax.Array) -> dict[str, jax.Array]:
    """The fields of a freshly dealt hand ``hand_number`` for every game of the batch."""
    players, hand_size = rules.players, rules.hand_size
    batch = hand_number.shape[0]
    # One split gives the next hand's key and, in the data of the other keys, 32 random
    # bits for each card (one call of the key's hash, which is slow to compile).
    words = jax.random.key_data(key).shape[-1]
    keys = jax.vmap(lambda k: jax.random.split(k, 1 + -(-_CARDS // words)))(key)
    bits = jax.random.key_data(keys[:, 1:]).reshape(batch, -1)[:, :_CARDS]
    hands = _deal(to_cards(rules.deck), bits, players, hand_size)
    cycle = hand_number % rules.cycle_length
    count = _at(rules.pass_counts, cycle)
    empty = jnp.zeros_like(hands)
    fields = {
        "key": keys[:, 0],
        "hands": hands,
        "dealt": hands,
        "passed": empty,
        "played": empty,
        "taken": empty,
        "trick": jnp.full((batch, players), -1, dtype=jnp.int32),
        "tricks": jnp.full((batch, hand_size, players), -1, dtype=jnp.int32),
        "trick_leaders": jnp.full((batch, hand_size), -1, dtype=jnp.int32),
        "trick_size": jnp.zeros(batch, dtype=jnp.int32),
        "first": jnp.ones(batch, dtype=jnp.bool_),
        "broken": jnp.zeros(batch, dtype=jnp.bool_),
        "tricks_done": jnp.zeros(batch, dtype=jnp.int32),
        "hand_number": hand_number,
        "pass_count": count,
        "pass_offset": _at(rules.pass_offsets, cycle),
        "pass_direction": _at(rules.pass_directions, cycle),
    }
    leader = _opening_leader(rules, hands, hand_number)
    passing = count > 0
    fields["phase"] = jnp.where(passing, PHASE_PASS, PHASE_PLAY).astype(jnp.int32)
    fields["current_player"] = jnp.where(passing, 0, leader).astype(jnp.int32)
    fields["leader"] = leader
    fields["first_leader"] = leader
    return fields


def _deal(deck: jax.Array, bits: jax.Array, players: int, hand_size: int) -> jax.Array:
    """Card sets (B, P, 4): the deck's cards dealt ``hand_size`` to a seat, at random.

    Card by card, each goes to a seat with room left, drawn with chances in proportion to
    the room: every deal is as likely as from a shuffled deck (and no sort is needed,
    which is slow on a CPU). ``bits`` gives 32 random bits per card (the top 24 are used).
    """
    batch = bits.shape[0]
    unit = (bits >> 8).astype(jnp.float32) * (1.0 / (1 << 24))
    below = jnp.arange(players)[:, None] <= jnp.arange(players)[None, :]  # [seat, up to]

    def one(card: jax.Array, carry: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        hands, room = carry
        left = jnp.sum(room, axis=1)
        draw = jnp.minimum((unit[:, card] * left).astype(jnp.int32), left - 1)
        ends = jnp.sum(jnp.where(below, room[:, :, None], 0), axis=1)  # room up to each seat
        seat = jnp.sum(ends <= draw[:, None], axis=1)
        gets = (jnp.arange(players) == seat[:, None]) & deck[:, card][:, None]
        hands = hands | jnp.where(gets[:, :, None], _card_bits(card), jnp.uint32(0))
        return hands, room - gets

    hands = jnp.zeros((batch, players, _SUITS), dtype=jnp.uint32)
    room = jnp.full((batch, players), hand_size, dtype=jnp.int32)
    dealt: jax.Array = jax.lax.fori_loop(0, _CARDS, one, (hands, room))[0]
    return dealt


def _opening_leader(rules: BatchRules, hands: jax.Array, hand_number: jax.Array) -> jax.Array:
    """Who leads the first trick, from the hands after the pass (:func:`hearts.game.play.first_leader`)."""
    holds = _nonempty(hands & _card_bits(rules.lowest_club)[:, None, :])
    holder = jnp.argmax(holds, axis=1).astype(jnp.int32)
    left = ((hand_number + 1) % rules.players).astype(jnp.int32)
    return jnp.where(rules.first_lead <= 1, holder, left)


def _batched(rules: BatchRules, batch: int) -> BatchRules:
    batched = jax.tree_util.tree_map(
        lambda table: jnp.broadcast_to(table, (batch, *table.shape)), rules
    )
    return cast("BatchRules", batched)


def init(keys: jax.Array, rules: Rules | BatchRules) -> State:
    """A batch of new games, one per key, each with its first hand dealt.

    ``keys`` is a batch of PRNG keys (``jax.random.split(jax.random.key(0), B)``, or raw
    ``uint32`` keys of shape ``(B, 2)``); ``rules`` a :class:`~hearts.Rules` (checked by
    :func:`make_rules`) or its :class:`BatchRules`. Totals start at 0, hand 0 is dealt and
    the game waits for the pass (or, on a hold hand, the first lead).

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(7), 2), hearts.Rules.preset("tournament"))
    >>> state.phase.tolist(), state.pass_count.tolist(), state.hand_number.tolist()
    ([2, 2], [3, 3], [0, 0])
    """
    if isinstance(rules, Rules):
        tables = make_rules(rules)
    elif isinstance(rules, BatchRules):
        tables = rules
    else:
        raise TypeError(
            f"init needs rules as a hearts.Rules value (or the BatchRules of make_rules), got "
            f"{_shown(rules)}."
        )
    typed = _typed_keys("init", keys)
    if typed.ndim != 1 or typed.shape[0] < 1:
        raise HeartsError(
            f"init needs one PRNG key per game, at least one (jax.random.split(key, games)), "
            f"got {_shown(keys)}."
        )
    return cast("State", _init(typed, tables))


def _typed_keys(caller: str, keys: object, like: jax.Array | None = None) -> jax.Array:
    """``keys`` as typed PRNG keys (raw ``uint32`` key data wrapped), of ``like``'s kind.

    ``like`` is a state's keys: raw data is then read as keys of its implementation, and
    typed keys of another implementation are refused.
    """
    if not isinstance(keys, (jax.Array, np.ndarray)):
        raise TypeError(
            f"{caller} needs a JAX array of PRNG keys, one per game "
            f"(jax.random.split(key, games)), got {type(keys).__name__}."
        )
    array = jnp.asarray(keys)
    if jnp.issubdtype(array.dtype, jax.dtypes.prng_key):
        typed = array
    else:
        impl = None if like is None else jax.random.key_impl(like)
        try:
            typed = jax.random.wrap_key_data(array, impl=impl)
        except (TypeError, ValueError):  # JAX's words for data that is no key: ours instead
            raise TypeError(
                f"{caller} needs PRNG keys, one per game: typed keys "
                f"(jax.random.split(key, games)) or raw uint32 key data with one row per game, "
                f"got {_shown(keys)}."
            ) from None
    if like is not None and typed.dtype != like.dtype:
        raise HeartsError(
            f"{caller} needs keys of the kind the games were made with ({like.dtype}), "
            f"got {typed.dtype}: make them with the same PRNG implementation."
        )
    return typed


@jax.jit
def _init(keys: jax.Array, tables: BatchRules) -> State:
    return _new_games(keys, _batched(tables, keys.shape[0]))


def restart(state: State, keys: jax.Array) -> State:
    """``state`` with each game that is over replaced by a new game, dealt from its key.

    For a loop that keeps every game of a batch playing: after a :func:`step`, read its
    rewards and :attr:`State.terminated`, then restart. A game over becomes the game
    :func:`init` would deal from its key in ``keys`` (one per game, as for :func:`init`),
    under the same rules; every other game is left exactly as it is, and its key in
    ``keys`` is not used.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules(hands=1))
    >>> while not bool(state.terminated[0]):                  # play the first game's hand
    ...     state = batch.step(state, batch.random_actions(state, jax.random.key(1)))
    >>> state.terminated.tolist()
    [True, True]
    >>> state = batch.restart(state, jax.random.split(jax.random.key(2), 2))
    >>> state.terminated.tolist(), state.hand_number.tolist(), state.tricks_done.tolist()
    ([False, False], [0, 0], [0, 0])
    """
    if not isinstance(state, State):
        raise TypeError(f"restart needs a hearts.batch.State, got {type(state).__name__}.")
    typed = _typed_keys("restart", keys, state.key)
    if typed.shape != state.key.shape:
        raise HeartsError(
            f"restart needs one key per game: the batch has {state.key.shape[0]} games "
            f"and keys has shape {keys.shape}."
        )
    return cast("State", _restart(state, typed))


@jax.jit
def _restart(state: State, keys: jax.Array) -> State:
    over = state.terminated | state.truncated

    def restarted() -> State:
        fresh = _new_games(keys, state.rules)
        changed: dict[str, Any] = {}
        for field in dataclasses.fields(State):
            if field.name != "rules":  # the same tables: the games keep their rules
                new, old = getattr(fresh, field.name), getattr(state, field.name)
                changed[field.name] = jnp.where(over.reshape(-1, *(1,) * (old.ndim - 1)), new, old)
        return dataclasses.replace(state, **changed)

    return cast("State", jax.lax.cond(jnp.any(over), restarted, lambda: state))


def _new_games(keys: jax.Array, rules: BatchRules) -> State:
    """New games, one per key, under ``rules`` (batched: one copy per game)."""
    batch = keys.shape[0]
    players = rules.players
    zeros = jnp.zeros((batch, players), dtype=jnp.int32)
    fields = _begin_hands(rules, keys, jnp.zeros(batch, dtype=jnp.int32))
    state = State(
        rules=rules,
        scores=zeros,
        rewards=zeros.astype(jnp.float32),
        hand_over=jnp.zeros(batch, dtype=jnp.bool_),
        winners=zeros.astype(jnp.bool_),
        terminated=jnp.zeros(batch, dtype=jnp.bool_),
        truncated=jnp.zeros(batch, dtype=jnp.bool_),
        legal=jnp.zeros((batch, _SUITS), dtype=jnp.uint32),
        **fields,
    )
    return dataclasses.replace(state, legal=_legal(state))


# --- the rules of play --------------------------------------------------------------------


def _narrowed(cards: jax.Array, narrow: jax.Array, when: jax.Array) -> jax.Array:
    """``narrow`` where ``when`` holds and it leaves a card, else ``cards`` (``a or b``)."""
    use = when & _nonempty(narrow)
    return jnp.where(use[:, None], narrow, cards)


def _playable(state: State) -> jax.Array:
    """The cards the seat to play may play: :data:`hearts.game.play.PLAY_RULES` in their order."""
    rules = state.rules
    hand = _rows(state.hands, state.current_player)
    lead = state.trick_size == 0
    first = state.first
    led_suit = jnp.maximum(state.trick[:, 0], 0) // _RANKS
    follow = jnp.where(jnp.arange(_SUITS) == led_suit[:, None], hand, jnp.uint32(0))
    can_follow = _nonempty(follow)
    # Follow suit.
    cards = jnp.where((~lead & can_follow)[:, None], follow, hand)
    # Forced discard: a seat that cannot follow plays a penalty card, after the first trick.
    discard = ~lead & ~first & rules.forced_discard & ~can_follow
    cards = _narrowed(cards, cards & rules.penalty, discard)
    # First lead: the lowest club, or any club.
    opening = first & lead
    lowest = _card_bits(rules.lowest_club)
    cards = _narrowed(cards, cards & lowest, opening & (rules.first_lead == 0))
    cards = _narrowed(cards, cards & _CLUB_WORDS, opening & (rules.first_lead == 1))
    # No heart on the first lead (left of dealer, no heart).
    cards = _narrowed(cards, cards & _NO_HEARTS, opening & (rules.first_lead == 3))
    # Hearts broken: no heart leads until they are (unless nothing else, or only Q♠ may).
    safe = cards & _NO_HEARTS
    queen_alone = jnp.all(safe == _QUEEN_WORDS, axis=1) & rules.queen_gives_way
    unbroken = lead & rules.must_break_hearts & ~state.broken
    cards = _narrowed(cards, safe, unbroken & ~queen_alone)
    # The first-trick ban, with its fallback.
    barred = rules.first_trick_barred
    lifted = rules.first_turn_hearts & ~_nonempty(hand & _CLUB_WORDS & ~barred)
    barred = barred & jnp.where(lifted[:, None], _NO_HEARTS, ~jnp.uint32(0))
    allowed = cards & ~barred
    queen_falls = rules.fallback_queen & _nonempty(cards & _QUEEN_WORDS)
    fallback = jnp.where(queen_falls[:, None], _QUEEN_WORDS, cards)
    banned = jnp.where(_nonempty(allowed)[:, None], allowed, fallback)
    ban = first & _nonempty(rules.first_trick_barred)
    cards = jnp.where(ban[:, None], banned, cards)
    # Q♠ after hearts: held back until hearts break, while another card may be played.
    return _narrowed(cards, cards & _NO_QUEEN, rules.queen_after_hearts & ~state.broken)


def _legal(state: State) -> jax.Array:
    """Card sets (B, 4): what the seat to act may play or pick (none once the game is over)."""
    hand = _rows(state.hands, state.current_player)
    picked = _rows(state.passed, state.current_player)
    passing = hand & ~picked & ~state.rules.unpassable
    cards = jnp.where((state.phase == PHASE_PASS)[:, None], passing, _playable(state))
    return jnp.where((state.phase != PHASE_OVER)[:, None], cards, jnp.uint32(0))


def legal_action_mask(state: State) -> jax.Array:
    """Bool (B, 52): the cards the seat to act may play, or pick for its pass.

    All False for a game that is over.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules(pass_cycle="none"))
    >>> mask = batch.legal_action_mask(state)  # a hold hand: the lead of 2♣ alone
    >>> mask[0].nonzero()[0].tolist()
    [0]
    """
    _check_state("legal_action_mask", state)
    return cast("jax.Array", _legal_action_mask(state))


@jax.jit
def _legal_action_mask(state: State) -> jax.Array:
    """:func:`legal_action_mask` of arguments known to be right, compiled."""
    return to_cards(state.legal)


def _effective(legal: jax.Array, actions: jax.Array) -> jax.Array:
    action = jnp.clip(actions.astype(jnp.int32), 0, _CARDS - 1)
    fine = _nonempty(legal & _card_bits(action)) & (actions >= 0) & (actions < _CARDS)
    return jnp.where(fine, action, _lowest(legal))


def effective_actions(state: State, actions: jax.Array) -> jax.Array:
    """Int32 (B,): the card each action plays: itself if legal, else the lowest legal card.

    >>> import jax
    >>> import hearts
    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules(pass_cycle="none"))
    >>> batch.effective_actions(state, jnp.array([51, 51])).tolist()  # A♠ may not lead: 2♣ does
    [0, 0]
    """
    _check_state("effective_actions", state)
    actions = _check_actions("effective_actions", state, actions)
    return cast("jax.Array", _effective_actions(state, actions))


@jax.jit
def _effective_actions(state: State, actions: jax.Array) -> jax.Array:
    """:func:`effective_actions` of arguments known to be right, compiled."""
    return _effective(state.legal, actions)


def _nth(sets: jax.Array, index: jax.Array) -> jax.Array:
    """Int32 (B,): card number ``index`` (from 0, lowest first) of each card set (B, 4)."""
    counts = jax.lax.population_count(sets).astype(jnp.int32)
    up_to = jnp.stack([jnp.sum(counts[:, : suit + 1], axis=1) for suit in range(_SUITS)], 1)
    suit = jnp.minimum(jnp.sum(up_to <= index[:, None], axis=1), _SUITS - 1)
    below = jnp.arange(_SUITS) < suit[:, None]
    rest = index - jnp.sum(jnp.where(below, counts, 0), axis=1)
    word = jnp.sum(jnp.where(jnp.arange(_SUITS) == suit[:, None], sets, 0), axis=1)
    low_bits = (jnp.uint32(2) << _SHIFTS) - jnp.uint32(1)  # ranks up to each rank
    at_or_below = jax.lax.population_count(word[:, None] & low_bits).astype(jnp.int32)
    rank = jnp.sum(at_or_below <= rest[:, None], axis=1)
    return (suit * _RANKS + jnp.minimum(rank, _RANKS - 1)).astype(jnp.int32)


def random_actions(state: State, key: jax.Array) -> jax.Array:
    """Int32 (B,): a legal action for each game, drawn uniformly (0 for a game over).

    The random policy, done on the engine's card sets (faster than drawing from
    :func:`legal_action_mask`): for random opponents, exploration and benchmarks.

    >>> import jax
    >>> import hearts
    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules())
    >>> actions = batch.random_actions(state, jax.random.key(0))
    >>> bool(batch.legal_action_mask(state)[jnp.arange(2), actions].all())
    True
    """
    _check_state("random_actions", state)
    _check_key("random_actions", key)
    return cast("jax.Array", _random_actions(state, key))


@jax.jit
def _random_actions(state: State, key: jax.Array) -> jax.Array:
    """:func:`random_actions` of arguments known to be right, compiled."""
    legal = state.legal
    count = _count(legal)
    draw = jax.random.uniform(key, count.shape) * count
    index = jnp.clip(draw.astype(jnp.int32), 0, jnp.maximum(count - 1, 0))
    return jnp.where(count > 0, _nth(legal, index), 0)


# --- a step ----------------------------------------------------------------------------


def step(state: State, actions: jax.Array) -> State:
    """Each game after its current player's action (an int per game; see the conventions).

    A pass pick, a card played (the trick taken when complete), and on the last card of a
    hand its scoring, the end of the game or the deal of the next hand. A game already
    over is left as it is, with zero rewards.

    >>> import jax
    >>> import hearts
    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules(pass_cycle="none"))
    >>> leader = state.current_player
    >>> state = batch.step(state, jnp.array([0, 0]))  # each game's leader leads 2♣
    >>> state.trick[:, 0].tolist(), state.trick_size.tolist(), bool((state.leader == leader).all())
    ([0, 0], [1, 1], True)
    """
    _check_state("step", state)
    actions = _check_actions("step", state, actions)
    return cast("State", _step(state, actions))


@jax.jit
def _step(state: State, actions: jax.Array) -> State:
    """:func:`step` of arguments known to be right, compiled."""
    rules = state.rules
    players, hand_size = rules.players, rules.hand_size
    card = _effective(state.legal, actions)
    active = ~state.terminated
    seat = state.current_player
    seat_hot = _one_hot(seat, players)
    card_set = _card_bits(card)[:, None, :]
    passing = active & (state.phase == PHASE_PASS)
    playing = active & (state.phase == PHASE_PLAY)

    # The pass: pick the card; after the last pick of the last seat, exchange the cards.
    passed = state.passed | jnp.where((seat_hot & passing[:, None])[:, :, None], card_set, 0)
    seat_done = _count(_rows(passed, seat)) >= state.pass_count
    exchange = passing & seat_done & (seat == players - 1)
    giver = (jnp.arange(players)[None, :] - state.pass_offset[:, None]) % players
    from_giver = _one_hot(giver, players)[:, :, :, None]  # [b, seat, giver, suit]
    received = jnp.sum(jnp.where(from_giver, passed[:, None], 0), axis=2, dtype=jnp.uint32)
    exchanged = state.hands & ~passed | received
    opener = _opening_leader(rules, exchanged, state.hand_number)

    # The play: the card joins the trick; a complete trick goes to its winner.
    put = jnp.where((seat_hot & playing[:, None])[:, :, None], card_set, 0)
    hands = jnp.where(exchange[:, None, None], exchanged, state.hands & ~put)
    lead = state.trick_size == 0
    breaking = jnp.where(lead[:, None], rules.lead_breaking, rules.breaking)
    broken = state.broken | (playing & _nonempty(breaking & card_set[:, 0]))
    position = _one_hot(state.trick_size, players) & playing[:, None]
    trick = jnp.where(position, card[:, None], state.trick)
    this_trick = _one_hot(state.tricks_done, hand_size)
    in_history = this_trick[:, :, None] & position[:, None, :]
    leading = this_trick & (playing & lead)[:, None]
    size = state.trick_size + playing
    complete = playing & (size == players)
    led = trick[:, :1] // _RANKS
    ranked = jnp.where(trick // _RANKS == led, trick, -1)
    winner = ((state.leader + jnp.argmax(ranked, axis=1)) % players).astype(jnp.int32)
    trick_cards = jnp.sum(_card_bits(trick), axis=1, dtype=jnp.uint32)  # no card: no bits
    won = (_one_hot(winner, players) & complete[:, None])[:, :, None]
    taken = state.taken | jnp.where(won, trick_cards[:, None, :], 0)
    tricks_done = state.tricks_done + complete
    hand_over = complete & (tricks_done == hand_size)

    next_seat = jnp.where(
        passing,
        jnp.where(exchange, opener, jnp.where(seat_done, seat + 1, seat)),
        jnp.where(complete, winner, jnp.where(playing, (seat + 1) % players, seat)),
    ).astype(jnp.int32)
    after = dataclasses.replace(
        state,
        hands=hands,
        passed=passed,
        played=state.played | put,
        taken=taken,
        trick=jnp.where(complete[:, None], -1, trick),
        tricks=jnp.where(in_history, card[:, None, None], state.tricks),
        trick_leaders=jnp.where(leading, state.leader[:, None], state.trick_leaders),
        trick_size=jnp.where(complete, 0, size).astype(jnp.int32),
        leader=jnp.where(exchange, opener, jnp.where(complete, winner, state.leader)).astype(
            jnp.int32
        ),
        first_leader=jnp.where(exchange, opener, state.first_leader).astype(jnp.int32),
        current_player=next_seat,
        phase=jnp.where(exchange, PHASE_PLAY, state.phase).astype(jnp.int32),
        first=state.first & ~complete,
        broken=broken,
        tricks_done=tricks_done.astype(jnp.int32),
        rewards=jnp.zeros_like(state.rewards),
        hand_over=hand_over,
    )
    ended: State = jax.lax.cond(jnp.any(hand_over), _end_hands, lambda s, _: s, after, hand_over)
    return dataclasses.replace(ended, legal=_legal(ended))


def _hand_totals(state: State) -> jax.Array:
    """Int32 (B, P): the totals after the hand whose cards ``state.taken`` holds."""
    rules = state.rules
    players = rules.players
    taken = state.taken
    card_points = rules.card_points[:, None, :]
    points = jnp.sum(jnp.where(to_cards(taken), card_points, 0), axis=2)
    moon = rules.moon[:, None, :]
    shot = (rules.moon_mode > 0) & _nonempty(rules.moon)
    shooter = shot[:, None] & ~_nonempty(moon & ~taken)  # (B, P): at most one seat
    moon_hand = jnp.any(shooter, axis=1)
    still_counted = to_cards(taken & rules.shoot_counted[:, None, :])
    counted_on_shot = jnp.sum(jnp.where(still_counted, card_points, 0), axis=2)
    value = rules.moon_points[:, None]
    shoot = jnp.where(
        (rules.moon_mode == 1)[:, None],
        jnp.where(shooter, 0, value),
        jnp.where(shooter, -value, 0),
    )
    tricks_won = _count(taken) // players
    took_heart = _nonempty(taken & _HEART_WORDS)
    bonuses = jnp.where(tricks_won == 0, rules.no_trick_bonus[:, None], 0) + jnp.where(
        took_heart, 0, rules.no_heart_bonus[:, None]
    )
    change = jnp.where(moon_hand[:, None], counted_on_shot + shoot, points + bonuses)
    totals = state.scores + change
    landed = (totals != state.scores)[:, :, None] & (totals[:, :, None] == rules.resets[:, None, :])
    landed = jnp.any(landed & rules.reset_valid[:, None, :], axis=2)
    totals = jnp.where(landed, totals - rules.reset_amount[:, None], totals)
    floor = jnp.maximum(totals, rules.score_floor[:, None])
    return jnp.where(rules.has_floor[:, None], floor, totals).astype(jnp.int32)


def _end_hands(state: State, hand_over: jax.Array) -> State:
    """Score the hands that ended; end those games or deal their next hand."""
    rules = state.rules
    totals = _hand_totals(state)
    played = state.hand_number + 1
    top = jnp.max(totals, axis=1)
    reached = jnp.where(rules.target_exceeded, top > rules.target, top >= rules.target)
    ended = (rules.has_hands & (played >= rules.hands)) | (rules.has_target & reached)
    best = totals == jnp.min(totals, axis=1, keepdims=True)
    tied = jnp.sum(best, axis=1) > 1
    ended = hand_over & ended & ~(rules.play_on_ties & tied)
    carry_on = hand_over & ~ended
    fresh = _begin_hands(rules, state.key, jnp.where(carry_on, played, state.hand_number))
    changed: dict[str, Any] = {}
    for name, value in fresh.items():
        old = getattr(state, name)
        pick = carry_on.reshape(carry_on.shape + (1,) * (old.ndim - 1))
        changed[name] = jnp.where(pick, value, old)
    ended_state = dataclasses.replace(
        state,
        **changed,
        scores=jnp.where(hand_over[:, None], totals, state.scores),
        rewards=jnp.where(hand_over[:, None], state.scores - totals, 0).astype(jnp.float32),
        winners=jnp.where(ended[:, None], best, state.winners),
        terminated=state.terminated | ended,
    )
    return dataclasses.replace(
        ended_state, phase=jnp.where(ended, PHASE_OVER, ended_state.phase).astype(jnp.int32)
    )


# --- results and observations ----------------------------------------------------------


def game_rewards(state: State) -> jax.Array:
    """Float32 (B, P): 1 for each winner of a game that is over, 0 otherwise.

    Equal lowest totals share the win (each scores 1) unless ``Rules.play_on_ties``.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules())
    >>> batch.game_rewards(state).tolist()  # not over yet
    [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
    """
    _check_state("game_rewards", state)
    return cast("jax.Array", _game_rewards(state))


@jax.jit
def _game_rewards(state: State) -> jax.Array:
    """:func:`game_rewards` of arguments known to be right, compiled."""
    return (state.winners & state.terminated[:, None]).astype(jnp.float32)


def observation_size(players: int, *, history: bool = False) -> int:
    """The length of an observation: ``347 + 285 * players``, as :func:`hearts.tensor.size`.

    With ``history``, the hand's tricks follow (:func:`hearts.tensor.fields`).

    >>> from hearts import batch
    >>> batch.observation_size(4), batch.observation_size(4, history=True)
    (1487, 4399)
    """
    return size(players, history=history)


def observe(state: State, player: jax.Array | int, *, history: bool = False) -> jax.Array:
    """Float32 (B, :func:`observation_size`): what ``player`` sees, in the tensor layout.

    ``player`` is a seat (an int, or one per game). The layout is
    :func:`hearts.tensor.encode`'s, seats relative to the viewer, and ``history=True``
    adds the information state, every trick of the hand in order, as
    ``encode(view, history=True)`` does. In the play phase every field equals
    ``hearts.tensor.encode`` of the seat's :class:`~hearts.PlayerView` except
    ``ruled_out`` and ``voids``, which are left 0 (the batched engine does not work out
    what a play reveals). In the pass phase the seats pick one card at a time in seat
    order: a seat still picking has its picks in ``pass_picked`` (``passed`` is 0), a seat
    done has them in ``passed``, ``to_move`` marks the seats still to pass, and nothing is
    received yet (as :mod:`hearts.env` shows it). Once the game is over the phase is
    ``over``; the other fields describe its last hand.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules())
    >>> vector = batch.observe(state, 2)
    >>> float(vector[0, :52].sum()), float(vector[0, 220:272].sum())   # hand, deck
    (13.0, 52.0)
    >>> batch.observe(state, 2, history=True).shape
    (2, 4399)
    >>> batch.observe(state, state.current_player).shape  # each game's seat to move
    (2, 1487)
    """
    _check_state("observe", state)
    if not isinstance(history, bool):
        raise TypeError(f"observe needs history as True or False, got {_shown(history)}.")
    return cast("jax.Array", _observe(state, _check_player(state, player), history=history))


@functools.partial(jax.jit, static_argnames="history")
def _observe(state: State, player: jax.Array | int, *, history: bool = False) -> jax.Array:
    """:func:`observe` of arguments known to be right, compiled."""
    rules = state.rules
    players, hand_size = rules.players, rules.hand_size
    batch = state.phase.shape[0]
    viewer = jnp.broadcast_to(jnp.asarray(player, dtype=jnp.int32), (batch,))
    seats = (viewer[:, None] + jnp.arange(players)[None, :]) % players  # each row's seat

    def by_row(values: jax.Array) -> jax.Array:
        return jnp.take_along_axis(
            values, seats.reshape(seats.shape + (1,) * (values.ndim - 2)), axis=1
        )

    held, picked = to_cards(state.hands), to_cards(state.passed)
    played, taken = to_cards(state.played), to_cards(state.taken)
    phase = state.phase
    passing = phase == PHASE_PASS
    playing = phase == PHASE_PLAY
    hand = _rows(held, viewer)
    mine = _rows(picked, viewer)
    done = passing & (viewer < state.current_player) | ~passing
    picking = passing & (viewer == state.current_player)
    pass_picked = mine & picking[:, None]
    passed = mine & done[:, None]
    moved = state.pass_count > 0
    giver = (viewer - state.pass_offset) % players
    receiver = (viewer + state.pass_offset) % players
    received = _rows(picked, giver) & (playing & moved)[:, None]
    trick_hot = _one_hot(jnp.where(state.trick >= 0, state.trick, _CARDS), _CARDS)
    trick_rows = trick_hot & (jnp.arange(players)[None, :] < state.trick_size[:, None])[:, :, None]
    all_played = jnp.any(played, axis=1)
    known = jnp.zeros_like(held)
    to_receiver = (
        _one_hot(receiver, players)[:, :, None]
        & (mine & ~all_played & (playing & moved)[:, None])[:, None, :]
    )
    known = known | to_receiver
    me = _one_hot(viewer, players)[:, :, None]
    known = jnp.where(me, hand[:, None, :], known)
    club = _one_hot(rules.lowest_club, _CARDS)
    club_known = (
        playing
        & (state.first_leader != viewer)
        & ~jnp.any(all_played & club, axis=1)
        & (rules.first_lead <= 1)
    )
    known = known | (
        _one_hot(state.first_leader, players)[:, :, None] & (club & club_known[:, None])[:, None, :]
    )
    card_rows = [
        hand[:, None, :],
        pass_picked[:, None, :],
        passed[:, None, :],
        received[:, None, :],
        to_cards(rules.deck)[:, None, :],
        by_row(played),
        trick_rows,
        by_row(taken),
        by_row(known),
        jnp.zeros_like(held),
    ]
    cards = jnp.concatenate(card_rows, axis=1).astype(jnp.float32)
    cards = jnp.pad(cards, ((0, 0), (0, 0), (0, _SLOTS - _CARDS))).reshape(batch, -1)
    total = rules.positive_total[:, None].astype(jnp.float32)
    card_points = jnp.clip(rules.card_points.astype(jnp.float32) / total, -1, 1)
    card_points = jnp.pad(card_points, ((0, 0), (0, _SLOTS - _CARDS)))
    taken_points = jnp.sum(jnp.where(taken, rules.card_points[:, None, :], 0), axis=2)
    scale = rules.score_scale[:, None].astype(jnp.float32)
    to_move = jnp.where(
        passing[:, None],
        seats >= state.current_player[:, None],
        (seats == state.current_player[:, None]) & playing[:, None],
    )
    tail = [
        jnp.zeros((batch, 4 * players)),  # voids: not worked out
        by_row(jnp.sum(held, axis=2, keepdims=True))[..., 0] / hand_size,
        by_row(jnp.sum(taken, axis=2, keepdims=True))[..., 0] / players / hand_size,
        jnp.clip(by_row(taken_points[:, :, None])[..., 0] / total, -1, 1),
        jnp.clip(by_row(state.scores[:, :, None])[..., 0] / scale, -2, 2),
        to_move,
        (seats == state.leader[:, None]) & playing[:, None],
        _one_hot(phase, 6),
        _one_hot(state.pass_direction, len(_DIRECTIONS)),
        (state.pass_count / hand_size)[:, None],
        state.broken[:, None],
        (state.tricks_done / hand_size)[:, None],
    ]
    parts = [cards, card_points, *[part.astype(jnp.float32) for part in tail]]
    if history:
        parts.append(_history(state, viewer))
    return jnp.concatenate(parts, axis=1)


def _history(state: State, viewer: jax.Array) -> jax.Array:
    """The ``history`` field of ``viewer``'s observation (:func:`hearts.tensor.fields`).

    Per trick of the hand its leader (one-hot, the viewer first) and the card at each
    position (one-hot over the card slots); 0 past the tricks played.
    """
    players = state.rules.players
    batch, tricks = state.trick_leaders.shape
    led = state.trick_leaders >= 0
    leader = _one_hot((state.trick_leaders - viewer[:, None]) % players, players) & led[..., None]
    cards = state.tricks
    slots = _one_hot(jnp.where(cards >= 0, cards, _SLOTS), _SLOTS)  # (B, T, P, 55)
    rows = jnp.concatenate([leader, slots.reshape(batch, tricks, -1)], axis=2)
    rows = jnp.pad(rows, ((0, 0), (0, max_tricks(players) - tricks), (0, 0)))
    return rows.reshape(batch, -1).astype(jnp.float32)
