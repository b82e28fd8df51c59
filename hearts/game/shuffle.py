"""Randomness that every build draws alike: the seeded deal and the library's generator.

:class:`Generator` draws its numbers from a stream of bytes that SHAKE-256 (the
extendable-output SHA-3 function of :mod:`hashlib`) makes from a key, a block at a time,
and turns them into numbers with plain integer code, which the compiled build runs
natively: both builds, every platform and every Python version draw exactly the same
numbers from the same key. The seeded deal shuffles with it, keyed by the seed and the
hand number; playouts and sampling draw from one keyed by the caller's
:class:`random.Random`. Anyone who knows a game's seed knows its deals: a server whose
players must not predict them deals with its own shuffle (from :mod:`secrets`) and
applies that :class:`~hearts.Deal`.

>>> import hearts
>>> deal = seeded_deal(hearts.Rules(), 1, 0)
>>> len(deal.hands), [len(hand) for hand in deal.hands]
(4, [13, 13, 13, 13])
"""

from __future__ import annotations

import random
from typing import Final, final

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import CardSet, card_count, card_set_unchecked
from hearts.game.moves import Deal, deal_of
from hearts.game.rules import Rules

__all__ = ["Generator", "check_seed", "deal_refusal", "seeded_deal"]

MAX_SEED_DIGITS: Final = 1000
"""A seed has at most this many digits: it is written into the shuffle's text."""

_SEED_LIMIT: Final = 10**MAX_SEED_DIGITS  # made once: a power of this size is not cheap


def check_seed(name: str, seed: int) -> None:
    """Refuse a seed too long to be written out (Python prints at most 4,300 digits).

    >>> check_seed("seed", 10**2000)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: seed is an int of about 2,001 digits: a seed has at most 1,000 digits.
    """
    if not -_SEED_LIMIT < seed < _SEED_LIMIT:
        raise HeartsError(
            f"{name} is {describe_value(seed)}: a seed has at most {MAX_SEED_DIGITS:,} digits."
        )


@final
class Generator:
    """Random numbers that every build draws alike: from SHAKE-256 of a key.

    The bytes of the stream are the SHAKE-256 digests of the key followed by a block
    number (8 bytes, little-endian), 136 bytes a block, one block after another.

    >>> draw = Generator.from_text("example")
    >>> again = Generator.from_text("example")
    >>> [draw.below(6) for _ in range(5)] == [again.below(6) for _ in range(5)]
    True
    """

    __slots__ = ("_block", "_data", "_key", "_place")

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._data = b""
        self._place = 0

    @staticmethod
    def from_text(text: str) -> Generator:
        """The generator keyed by ``text`` (in UTF-8)."""
        return Generator(text.encode("utf-8"))

    @staticmethod
    def from_random(rng: random.Random) -> Generator:
        """A generator keyed by 128 bits drawn from ``rng`` (one call)."""
        return Generator(rng.getrandbits(128).to_bytes(16, "little"))

    def _next_block(self) -> bytes:
        """The stream's next block: SHAKE-256 of the key and the block's number."""
        data = _shake(self._key + self._block.to_bytes(8, "little"))
        self._block += 1
        return data

    def byte(self) -> int:
        """The next byte of the stream, from 0 to 255."""
        return self.below(256)

    def bits(self, count: int) -> int:
        """A number of ``count`` random bits.

        As many bytes as they need, the first the highest, less the bits beyond ``count``.
        """
        drawn = 0
        for _ in range((count + 7) // 8):
            drawn = drawn << 8 | self.byte()
        return drawn >> (-count % 8)

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound - 1`` (at least 1), each as likely as the others.

        As many bits as ``bound - 1`` has (the low bits of one byte, for a bound up to
        256) are drawn again until they fall below ``bound``.

        >>> Generator.from_text("doc").below(0)
        Traceback (most recent call last):
        ...
        hearts.errors.HeartsError: Generator.below needs a bound of at least 1, got 0.
        """
        if bound < 1:
            raise HeartsError(f"Generator.below needs a bound of at least 1, got {bound}.")
        size = (bound - 1).bit_length()
        if size > 8:
            drawn = self.bits(size)
            while drawn >= bound:
                drawn = self.bits(size)
            return drawn
        mask = (1 << size) - 1
        while True:  # the next byte of the stream, read here: the shuffle's inner loop
            place = self._place
            if place == len(self._data):
                self._data = self._next_block()
                place = 0
            self._place = place + 1
            drawn = self._data[place] & mask
            if drawn < bound:
                return drawn

    def shuffle(self, items: list[int]) -> None:
        """Put ``items`` in an order drawn uniformly (Fisher-Yates, from the last place down).

        Each place draws as :meth:`below` does, from the stream read here: a deal's 51
        draws are most of its time in the pure build, and a call apiece would double it.
        """
        data, at = self._data, self._place
        for place in range(len(items) - 1, 0, -1):
            if place > 255:
                self._data, self._place = data, at
                other = self.below(place + 1)
                data, at = self._data, self._place
            else:
                mask = (1 << place.bit_length()) - 1
                while True:
                    if at == len(data):
                        data = self._next_block()
                        at = 0
                    other = data[at] & mask
                    at += 1
                    if other <= place:
                        break
            items[place], items[other] = items[other], items[place]
        self._data, self._place = data, at

    def choose(self, mask: int, count: int) -> int:
        """``count`` of the cards of ``mask`` (as many as it holds, at most), drawn uniformly.

        >>> draw = Generator.from_text("example")
        >>> chosen = draw.choose(0b1111011, 3)
        >>> chosen.bit_count(), chosen & ~0b1111011
        (3, 0)
        """
        cards = [card for card in range(mask.bit_length()) if mask >> card & 1]
        chosen = 0
        for place in range(min(count, len(cards))):
            other = place + self.below(len(cards) - place)
            cards[place], cards[other] = cards[other], cards[place]
            chosen |= 1 << cards[place]
        return chosen


_BLOCK: Final = 136
"""The bytes of each SHAKE-256 digest of the stream: its rate, one Keccak permutation."""


def seeded_deal(rules: Rules | object, seed: int | object, hand_number: int | object) -> Deal:
    """The deal that a game with ``seed`` offers for hand ``hand_number``.

    The deck is shuffled by a :class:`Generator` keyed by the text
    ``"hearts-deal:{seed}:{hand_number}"``, then dealt in blocks of a hand each, so it is
    the same on every platform, Python version and build.

    >>> from hearts import Rules
    >>> seeded_deal(Rules(), 1, 0) == seeded_deal(Rules(), 1, 0) != seeded_deal(Rules(), 1, 1)
    True
    >>> seeded_deal(Rules(), "1", 0)
    Traceback (most recent call last):
    ...
    TypeError: seeded_deal takes an int seed, got '1'.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"seeded_deal takes a hearts.Rules value, got {describe_value(rules)}.")
    number = _int_argument("hand_number", hand_number)
    if number < 0:
        raise HeartsError(f"seeded_deal takes a hand_number of 0 or more, got {number}.")
    return seeded_deal_unchecked(rules, _int_argument("seed", seed), number)


def _int_argument(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"seeded_deal takes an int {name}, got {describe_value(value)}.")
    check_seed(name, value)
    return value


def seeded_deal_unchecked(rules: Rules, seed: int, hand_number: int) -> Deal:
    """:func:`seeded_deal` of arguments known to be right, unchecked."""
    cards = list(_deck_cards(rules.deck_mask))
    Generator.from_text(f"hearts-deal:{seed}:{hand_number}").shuffle(cards)
    size = rules.hand_size
    hands = []
    for start in range(0, len(cards), size):
        mask = 0
        for card in cards[start : start + size]:
            mask |= 1 << card
        hands.append(card_set_unchecked(mask))
    return deal_of(tuple(hands))


def _deck_cards(deck: int) -> tuple[int, ...]:
    """The cards of the mask ``deck``, ascending: kept for each deck once asked."""
    cards = _DECKS.get(deck)
    if cards is None:
        cards = _DECKS[deck] = tuple(
            [card for card in range(deck.bit_length()) if deck >> card & 1]
        )
    return cards


_DECKS: Final[dict[int, tuple[int, ...]]] = {}
"""The cards of each deck a deal has shuffled (a few: one per removal of cards)."""


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
        if card_count(mask) != size:
            return f"The deal gives P{seat} {card_count(mask)} cards: each player must get {size}."
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


def _shake(block: bytes) -> bytes:
    """The next block of the stream: SHAKE-256 of ``block``, ``_BLOCK`` bytes of it.

    hashlib is imported here, when the first deal is shuffled: its OpenSSL start is a few
    milliseconds that ``import hearts`` need not pay.
    """
    import hashlib  # noqa: PLC0415 (see above)

    return hashlib.shake_256(block).digest(_BLOCK)
