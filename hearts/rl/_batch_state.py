"""The batched engine's :class:`State`, and the deal of a hand to every game of a batch.

The state's fields (one leading batch axis each), the check that an argument is a
state, the deal drawn from each game's key (:func:`begin_hands`), who leads the first
trick, the rules' tables copied per game, and PRNG keys as the engine takes them.
:mod:`hearts.rl.batch` re-exports :class:`State`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from hearts.errors import HeartsError
from hearts.rl._batch_cards import (
    CARDS,
    PHASE_CHOOSE,
    PHASE_PASS,
    PHASE_PLAY,
    SUITS,
    at_index,
    card_bits,
    nonempty,
    shown_value,
    to_cards,
)
from hearts.rl._batch_tables import REVEAL_ROWS, SHARED, BatchRules


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State:
    """A batch of games: every array has a leading batch axis ``B``, but the rules' shared tables.

    The shared tables (:data:`~hearts.rl.batch.SHARED`) are one for the whole
    batch, so games are joined side by side only when their rules are the same (a batch
    of states stacked with :func:`jax.numpy.stack` and :func:`jax.vmap` keeps one per
    batch). ``P`` is the number of players; a card set is four uint32 words, one per suit
    (:func:`to_cards` unpacks them into 52 flags), so a seat's cards are ``(B, P, 4)``.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(1), 2), hearts.Rules())
    >>> state.hands.shape, batch.to_cards(state.hands).sum(axis=2).tolist()[0]
    ((2, 4, 4), [13, 13, 13, 13])
    """

    rules: BatchRules
    """The rules' tables, one copy per game (the shared tables, one for the batch)."""
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
    ruled_out: jax.Array
    """Card sets (B, P, 4): the cards each seat has shown it does not hold this hand, by
    what its plays revealed (:attr:`hearts.State.ruled_out_masks`)."""
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
    """Int32 (B,): :data:`PHASE_CHOOSE`, :data:`PHASE_PASS`, :data:`PHASE_PLAY`,
    :data:`PHASE_SHOOT` or :data:`PHASE_OVER`."""
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
    """Int32 (B, P): the totals before the current hand (chips, in a chip game)."""
    pool: jax.Array
    """Int32 (B,): the chips left in the pool after the last hand (a chip game's)."""
    rewards: jax.Array
    """Float32 (B, P): on the step that ends a hand, what it added to each total, negated
    (in a chip game, the chips won, as they are: more is better), as :mod:`hearts.env`."""
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


def check_state(caller: str, state: object) -> State:
    """``state``, if it is a batch of games; a sentence otherwise."""
    if not isinstance(state, State):
        raise TypeError(
            f"{caller} needs a hearts.batch.State (as hearts.batch.init makes), got "
            f"{shown_value(state)}."
        )
    rows = state.rules.reveals.shape
    if rows != (REVEAL_ROWS, state.rules.words):
        raise HeartsError(
            f"{caller} needs a batch whose games share one table of what a play reveals "
            f"(rules.reveals of shape ({REVEAL_ROWS}, {state.rules.words})), got one of shape "
            f"{rows}: the "
            "shared table was joined or sliced with the games (as jax.tree.map over a state "
            "does). Leave rules.reveals as it is when joining or slicing games (it has no "
            "games' axis; hearts.batch.SHARED names the shared tables), or stack batches "
            "(jax.numpy.stack) and jax.vmap over them."
        )
    return state


def begin_hands(
    rules: BatchRules, key: jax.Array, hand_number: jax.Array, dealt: jax.Array | None = None
) -> dict[str, jax.Array]:
    """The fields of a freshly dealt hand ``hand_number`` for every game of the batch.

    The hands are drawn from each game's key, or are ``dealt`` (card sets (B, P, 4)) when
    given; the key moves on alike.
    """
    players, hand_size = rules.players, rules.hand_size
    batch = hand_number.shape[0]
    # One split gives the next hand's key and, in the data of the other keys, 32 random
    # bits for each card (one call of the key's hash, which is slow to compile).
    deck = to_cards(rules.deck)  # (B, 52), or 55 with the jokers
    slots = deck.shape[-1]
    words = jax.random.key_data(key).shape[-1]
    keys = jax.vmap(lambda k: jax.random.split(k, 1 + -(-slots // words)))(key)
    bits = jax.random.key_data(keys[:, 1:]).reshape(batch, -1)[:, :slots]
    hands = _deal(deck, bits, players, hand_size) if dealt is None else dealt
    cycle = hand_number % rules.cycle_length
    count = at_index(rules.pass_counts, cycle)
    empty = jnp.zeros_like(hands)
    fields = {
        "key": keys[:, 0],
        "hands": hands,
        "dealt": hands,
        "passed": empty,
        "played": empty,
        "ruled_out": empty,
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
        "pass_offset": at_index(rules.pass_offsets, cycle),
        "pass_direction": at_index(rules.pass_directions, cycle),
    }
    leader = opening_leader(rules, hands, hand_number)
    passing = count > 0
    # Under the dealer's choice the dealer calls the pass first (the cycle's stays shown).
    calling = rules.dealer_chooses
    phase = jnp.where(calling, PHASE_CHOOSE, jnp.where(passing, PHASE_PASS, PHASE_PLAY))
    fields["phase"] = phase.astype(jnp.int32)
    dealer = hand_number % rules.players
    seat = jnp.where(calling, dealer, jnp.where(passing, 0, leader))
    fields["current_player"] = seat.astype(jnp.int32)
    fields["leader"] = leader
    fields["first_leader"] = leader
    return fields


def _deal(deck: jax.Array, bits: jax.Array, players: int, hand_size: int) -> jax.Array:
    """Card sets (B, P, words): the deck's cards (flags (B, 52) or (B, 55)) dealt out.

    ``hand_size`` to a seat, at random.

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
        hands = hands | jnp.where(gets[:, :, None], card_bits(card, sets), jnp.uint32(0))
        return hands, room - gets

    sets = SUITS + 1 if deck.shape[-1] > CARDS else SUITS  # the jokers' word, if any
    hands = jnp.zeros((batch, players, sets), dtype=jnp.uint32)
    room = jnp.full((batch, players), hand_size, dtype=jnp.int32)
    dealt: jax.Array = jax.lax.fori_loop(0, deck.shape[-1], one, (hands, room))[0]
    return dealt


def opening_leader(rules: BatchRules, hands: jax.Array, hand_number: jax.Array) -> jax.Array:
    """Who leads the first trick, from the hands after the pass (:func:`hearts.game.play.first_leader`)."""
    holds = nonempty(hands & card_bits(rules.lowest_club, rules.words)[:, None, :])
    holder = jnp.argmax(holds, axis=1).astype(jnp.int32)
    left = ((hand_number + 1) % rules.players).astype(jnp.int32)
    return jnp.where(rules.first_lead <= 1, holder, left)


def batched_rules(rules: BatchRules, batch: int) -> BatchRules:
    """``rules`` with a leading batch axis on every table but the shared ones (:data:`SHARED`)."""
    copied: dict[str, Any] = {
        field.name: jnp.broadcast_to(value, (batch, *value.shape))
        for field in dataclasses.fields(rules)
        if not field.metadata.get("static") and field.name not in SHARED
        for value in [getattr(rules, field.name)]
    }
    return dataclasses.replace(rules, **copied)


def typed_keys(caller: str, keys: object, like: jax.Array | None = None) -> jax.Array:
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
                f"got {shown_value(keys)}."
            ) from None
    if like is not None and typed.dtype != like.dtype:
        raise HeartsError(
            f"{caller} needs keys of the kind the games were made with ({like.dtype}), "
            f"got {typed.dtype}: make them with the same PRNG implementation."
        )
    return typed
