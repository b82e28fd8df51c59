"""The seeded deal: the same seed gives the same hands on every platform.

>>> import hearts
>>> deal = seeded_deal(hearts.Rules(), 1, 0)
>>> len(deal.hands), [len(hand) for hand in deal.hands]
(4, [13, 13, 13, 13])
"""

from __future__ import annotations

import functools
import random
import struct
import sys
from typing import Final, TypeVar

from hearts.cards import CARDS, CardSet, _card_set, cards_of
from hearts.errors import HeartsError, describe_value
from hearts.moves import Deal
from hearts.rules import Rules

__all__ = ["check_seed", "deal_refusal", "seeded_deal"]

MAX_SEED_DIGITS: Final = 1000
"""A seed has at most this many digits: it is written into the shuffle's text."""


def check_seed(name: str, seed: int) -> None:
    """Refuse a seed too long to be written out (Python prints at most 4,300 digits).

    >>> check_seed("seed", 10**2000)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: seed is an int of about 2,001 digits: a seed has at most 1,000 digits.
    """
    if not -(10**MAX_SEED_DIGITS) < seed < 10**MAX_SEED_DIGITS:
        raise HeartsError(
            f"{name} is {describe_value(seed)}: a seed has at most {MAX_SEED_DIGITS:,} digits."
        )


_T = TypeVar("_T")


@functools.lru_cache(maxsize=256)
def seeded_deal(rules: Rules, seed: int, hand_number: int) -> Deal:
    """The deal that a game with ``seed`` offers for hand ``hand_number``.

    The shuffle is Python's :class:`random.Random` seeded with a text, so it is the same on
    every platform and Python version.

    >>> from hearts import Rules
    >>> seeded_deal(Rules(), 1, 0) == seeded_deal(Rules(), 1, 0) != seeded_deal(Rules(), 1, 1)
    True
    """
    # The bits of the cards are shuffled (the same permutation): a hand is then a sum.
    bits = _shuffled(_deck_bits(rules.deck_mask), f"hearts-deal:{seed}:{hand_number}")
    size = rules.hand_size
    return Deal(tuple(
        [_card_set(sum(bits[start : start + size])) for start in range(0, len(bits), size)]
    ))  # fmt: skip


@functools.lru_cache(maxsize=16)
def _deck_bits(deck: int) -> tuple[int, ...]:
    """``1 << card`` for each card of the deck, ascending."""
    return tuple(1 << card for card in cards_of(deck))


_SPARE_WORDS = 48
"""Outputs drawn beyond one per card, for the shuffle's rejected draws (about 20 are used)."""
_SHUFFLE_STEPS: Final = tuple(
    tuple((bound - 1, bound, 32 - bound.bit_length()) for bound in range(count, 1, -1))
    for count in range(len(CARDS) + 1)
)
"""``_SHUFFLE_STEPS[count]``: each swap of a shuffle of ``count`` cards, as (position,
bound, shift), from the last position down."""
_NATIVE_WORDS: Final = sys.byteorder == "little" and struct.calcsize("I") == 4


def _shuffled(deck: tuple[_T, ...], text: str) -> list[_T]:
    """``deck`` shuffled by ``random.Random(text).shuffle``, with the same result, faster.

    ``Random.shuffle`` swaps position ``i`` (from the last down) with ``randbelow(i + 1)``,
    which takes the top ``k`` bits of the generator's next 32-bit output
    (``getrandbits(k)``, ``k = (i + 1).bit_length()``) until they are below ``i + 1``. Here
    the 32-bit outputs are drawn in one ``getrandbits`` call (its first output is the lowest
    word) and the same steps run on them. If the rejected draws use up the outputs drawn,
    the shuffle is redone by ``Random.shuffle`` itself.
    """
    cards = list(deck)
    size = len(cards) + _SPARE_WORDS
    data = random.Random(text).getrandbits(32 * size).to_bytes(4 * size, "little")
    words = iter(memoryview(data).cast("I") if _NATIVE_WORDS else struct.unpack(f"<{size}I", data))
    try:
        for i, bound, shift in _SHUFFLE_STEPS[len(cards)]:
            j = next(words) >> shift
            while j >= bound:
                j = next(words) >> shift
            cards[i], cards[j] = cards[j], cards[i]
    except StopIteration:
        cards = list(deck)
        random.Random(text).shuffle(cards)
    return cards


def deal_refusal(rules: Rules, hands: tuple[int, ...]) -> str | None:
    """Why ``hands`` (card masks) are not a deal under ``rules``; None if they are.

    A deal gives each player one hand of the same size from the game's deck, no card twice.

    >>> import hearts
    >>> deal_refusal(hearts.Rules(players=3), (1, 2, 4))
    'The deal gives P0 1 cards: each player must get 17.'
    """
    if len(hands) != rules.players:
        return (
            f"The deal gives {len(hands)} hands: each of the {rules.players} players must get one."
        )
    size, deck, seen = rules.hand_size, rules.deck_mask, 0
    for seat, mask in enumerate(hands):
        if mask.bit_count() != size:
            return f"The deal gives P{seat} {mask.bit_count()} cards: each player must get {size}."
        foreign = mask & ~deck
        if foreign:
            return (
                f"The deal gives P{seat} {CardSet.from_mask(foreign)}, which this game's deck "
                f"does not hold (removed: {rules.removed})."
            )
        twice = mask & seen
        if twice:
            return f"The deal gives {CardSet.from_mask(twice)} to P{seat} and to another player."
        seen |= mask
    return None
