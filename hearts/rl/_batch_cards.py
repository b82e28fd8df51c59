"""The batched engine's card sets: four ``uint32`` words, one per suit, and what reads them.

The constants every module of the engine shares (the actions, the phases, the deck's
shape), the card sets of a few fixed cards (the hearts, the clubs, Q♠),
:func:`to_cards` and :func:`from_cards`, the bit operations on sets (a card's set, the
count, the lowest card), the gathers along a batch's seats, and the words of the engine's
error messages. :mod:`hearts.rl.batch` re-exports the public names and documents the
constants.
"""

from __future__ import annotations

from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, Suit
from hearts.game.rules import PassDirection

# The public constants (documented in hearts.rl.batch, which re-exports them).
NUM_ACTIONS: Final = 52
PHASE_CHOOSE: Final = 1
PHASE_PASS: Final = 2
PHASE_PLAY: Final = 3
PHASE_SHOOT: Final = 4
PHASE_OVER: Final = 5
SHOOT_ADD: Final = 0
SHOOT_SUBTRACT: Final = 1

# Shared by the engine's modules: the card sets' shape, the observation's card slots.
CARDS: Final = 52
"""The cards of the four suits; the jokers, where a game has them, are 52 to 54."""
SLOTS: Final = 55  # the observation's card slots: 52 cards and 3 jokers
RANKS: Final = 13
SUITS: Final = 4
JOKER_WORD: Final = SUITS
"""The word of a card set that holds the jokers (bits 0 to 2), in a game with jokers."""
DIRECTIONS: Final = tuple(PassDirection)
_RANK_BITS: Final = np.array([1 << rank for rank in range(RANKS)], dtype=np.uint32)
SHIFTS: Final = np.arange(RANKS, dtype=np.uint32)


def card_words(mask: int, words: int = SUITS) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """A card bitmask as a card set: a uint32 word per suit (and the jokers', ``words=5``)."""
    full = (1 << RANKS) - 1
    return np.array([mask >> (RANKS * word) & full for word in range(words)], dtype=np.uint32)


def slots_of(words: int) -> int:
    """The cards a card set of ``words`` words holds: 52, or 55 with the jokers' word."""
    return min(words * RANKS, SLOTS)


def sized(words: np.ndarray[Any, np.dtype[np.uint32]], like: jax.Array) -> jax.Array:
    """One of the fixed card sets below, with as many words as the card sets of ``like``."""
    return jnp.asarray(words[: like.shape[-1]])


HEART_WORDS: Final = card_words(HEARTS_MASK, SUITS + 1)
NO_HEARTS: Final = ~HEART_WORDS
CLUB_WORDS: Final = card_words(SUIT_MASKS[Suit.CLUBS], SUITS + 1)
QUEEN_WORDS: Final = card_words(1 << int(QUEEN_OF_SPADES), SUITS + 1)
NO_QUEEN: Final = ~QUEEN_WORDS
NO_JOKERS: Final = card_words((1 << CARDS) - 1, SUITS + 1)
"""Fixed card sets, with the jokers' word (:func:`sized` takes as many words as needed)."""


def to_cards(sets: jax.Array) -> jax.Array:
    """Bool ``(..., 52)``: card sets of this module (uint32 ``(..., 4)``) as one flag per card.

    A card set here is one uint32 word per suit (clubs, diamonds, hearts, spades), bit
    ``rank - 2`` of the card's suit set: ``to_cards`` unpacks it, :func:`from_cards`
    packs it. In a game with jokers a set has a fifth word, the jokers' (bits 0 to 2), and
    unpacks into 55 flags, the jokers last (cards 52 to 54, as :class:`hearts.Card`).

    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> sets = batch.from_cards(jnp.arange(52) % 13 == 0)  # the four twos
    >>> sets.tolist(), batch.to_cards(sets).nonzero()[0].tolist()
    ([1, 1, 1, 1], [0, 13, 26, 39])
    """
    _check_cards(
        "to_cards", "sets", sets, (SUITS, SUITS + 1), "uint32 card sets (one word per suit)"
    )
    bits = (sets[..., None] >> SHIFTS) & 1
    flags = bits.reshape(*sets.shape[:-1], sets.shape[-1] * RANKS)
    return flags[..., : slots_of(sets.shape[-1])].astype(jnp.bool_)


def from_cards(cards: jax.Array) -> jax.Array:
    """Uint32 ``(..., 4)``: one flag per card (bool ``(..., 52)``) as card sets (:func:`to_cards`).

    55 flags (the jokers last) make sets of five words.

    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> batch.from_cards(jnp.arange(52) == 49).tolist()  # Q♠ alone
    [0, 0, 0, 1024]
    """
    _check_cards("from_cards", "cards", cards, (CARDS, SLOTS), "flags (one per card)")
    words = -(-cards.shape[-1] // RANKS)
    padding = [(0, 0)] * (cards.ndim - 1) + [(0, words * RANKS - cards.shape[-1])]
    grouped = jnp.pad(cards, padding).reshape(*cards.shape[:-1], words, RANKS)
    return jnp.sum(jnp.where(grouped, _RANK_BITS, 0), axis=-1, dtype=jnp.uint32)


def shown_value(value: object) -> str:
    """``value`` for an error message: an array by its shape and dtype, else its repr, cut."""
    if isinstance(value, (jax.Array, np.ndarray)):
        return f"an array of shape {tuple(value.shape)} and dtype {value.dtype}"
    return describe_value(value)


def _check_cards(caller: str, name: str, value: object, last: tuple[int, int], what: str) -> None:
    """Refuse ``value`` unless it is an array whose last axis holds one of ``last`` entries."""
    sizes = f"{last[0]} (or {last[1]}, with the jokers)"
    if not isinstance(value, (jax.Array, np.ndarray)):
        raise TypeError(
            f"{caller} needs {name} as a JAX or NumPy array of {what}, its last axis of "
            f"{sizes}, got {shown_value(value)}."
        )
    if value.ndim < 1 or value.shape[-1] not in last:
        raise HeartsError(
            f"{caller} needs {name} as an array of {what}, its last axis of {sizes}, got "
            f"{shown_value(value)}."
        )


def card_bits(card: jax.Array, words: int = SUITS) -> jax.Array:
    """Uint32 ``card.shape + (words,)``: the set of ``card`` alone (empty for a card < 0)."""
    word = card // RANKS
    bit = jnp.left_shift(jnp.uint32(1), (card % RANKS).astype(jnp.uint32))
    here = (jnp.arange(words) == word[..., None]) & (card >= 0)[..., None]
    return jnp.where(here, bit[..., None], jnp.uint32(0))


def nonempty(sets: jax.Array) -> jax.Array:
    """Bool: each card set (the last axis) holds a card."""
    return jnp.any(sets != 0, axis=-1)


def card_count(sets: jax.Array) -> jax.Array:
    """Int32: the cards of each card set."""
    return jnp.sum(jax.lax.population_count(sets), axis=-1).astype(jnp.int32)


def lowest_card(sets: jax.Array) -> jax.Array:
    """Int32: the lowest card of each card set (suit by suit, then rank; 0 when empty)."""
    lowest_bits = jax.lax.population_count((sets & (~sets + jnp.uint32(1))) - jnp.uint32(1))
    words = sets.shape[-1]
    cards = jnp.arange(words) * RANKS + lowest_bits.astype(jnp.int32)  # 13 or more: none
    cards = jnp.where(sets != 0, cards, words * RANKS)
    return jnp.min(cards, axis=-1) % (words * RANKS)


def seat_rows(values: jax.Array, seats: jax.Array) -> jax.Array:
    """``values[b, seats[b]]`` for (B, P, ...) values and (B,) seats."""
    hot = one_hot(seats, values.shape[1]).reshape(seats.shape + (-1,) + (1,) * (values.ndim - 2))
    return jnp.sum(jnp.where(hot, values, 0), axis=1, dtype=values.dtype)


def at_index(table: jax.Array, index: jax.Array) -> jax.Array:
    """``table[b, index[b]]`` for a (B, N) table and (B,) indices."""
    return jnp.take_along_axis(table, index[:, None], axis=1)[:, 0]


def one_hot(index: jax.Array, size: int) -> jax.Array:
    return index[..., None] == jnp.arange(size)
