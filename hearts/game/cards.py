"""Cards and sets of cards, as ints and int bitmasks.

A :class:`Card` is an ``int`` from 0 to 51: ``suit * 13 + rank - 2``, suits in the order
clubs, diamonds, hearts, spades (as in bridge and OpenSpiel) and ranks from 2 to ace; the
three jokers some variants add are the cards 52 to 54 (``JK1`` to ``JK3``).
A :class:`CardSet` is an immutable set of cards held as one int bitmask (bit ``card`` is
set when the card is in the set), so following suit is one ``&`` and counting is a
popcount.

>>> Card.parse("Q♠") == Card.parse("qs") == Card("QS")
True
>>> hand = CardSet("2C 3C QS AH")
>>> print(hand.suit(Suit.CLUBS), len(hand), Card("QS") in hand)
2♣ 3♣ 4 True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import Final, cast, final

from hearts.errors import NotationError, describe_value
from hearts.game import card as _card
from hearts.game import hooks
from hearts.game.card import CARD_FORMS, CARD_TEXTS, CARDS_FORMS, Card, Rank, Suit, is_int
from hearts.game.frozen import Frozen, mutable_twin

__all__ = [
    "ALL_CARDS",
    "CARDS",
    "DECK",
    "DECK_MASK",
    "FIRST_JOKER",
    "HEARTS",
    "HEARTS_MASK",
    "JOKERS",
    "JOKERS_MASK",
    "NUMBER_OF_CARDS",
    "QUEEN_OF_SPADES",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "card_count",
    "cards_descending",
    "cards_of",
]

# Constants of this module, which the compiled build reads without a lookup.
CARDS: Final[tuple[Card, ...]] = _card.CARDS
"""``CARDS[n]``: the one :class:`Card` for each int."""
FIRST_JOKER: Final[int] = _card.FIRST_JOKER
"""The first joker's int: 52."""
NUMBER_OF_CARDS: Final[int] = _card.NUMBER_OF_CARDS
"""55: the 52 cards and 3 jokers."""

SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 13) - 1) << (13 * s) for s in Suit)
"""The bitmask of every card of a suit, indexed by :class:`Suit`."""
DECK_MASK: Final = (1 << FIRST_JOKER) - 1
"""The bitmask of the 52-card deck (no jokers): :data:`DECK` as an int."""
JOKERS_MASK: Final = ((1 << NUMBER_OF_CARDS) - 1) & ~DECK_MASK
"""The bitmask of the three jokers: :data:`JOKERS` as an int."""
ALL_CARDS: Final = DECK_MASK | JOKERS_MASK
"""The bitmask of every card, jokers included."""
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]
"""The bitmask of the thirteen hearts: :data:`HEARTS` as an int."""
QUEEN_OF_SPADES: Final = Card("QS")
"""Q♠, the Black Lady."""
TWO_OF_CLUBS: Final = Card("2C")
"""2♣, which leads the first trick in the standard game."""


def cards_descending(mask: int) -> list[int]:
    """The cards of ``mask`` (bit ``c`` set for card ``c``), highest first, as ints.

    The claims search and the endgame solver walk the cards a seat may play in this order.

    >>> mask = CardSet("2C QS AC").mask
    >>> cards_descending(mask)
    [49, 12, 0]
    >>> [str(CARDS[card]) for card in cards_descending(mask)], cards_descending(0)
    (['Q♠', 'A♣', '2♣'], [])
    """
    cards = []
    while mask:
        card = mask.bit_length() - 1
        cards.append(card)
        mask ^= 1 << card
    return cards


def card_count(mask: int) -> int:
    """How many cards a mask of cards (at most 55 bits, never negative) holds.

    ``mask.bit_count()``: in the pure build that method itself, one C call; the compiled
    build calls ``int.bit_count`` as a Python method, but runs these shifts, masks and
    additions natively.

    >>> card_count(CardSet("2C QS AH").mask), card_count(ALL_CARDS), card_count(0)
    (3, 55, 0)
    """
    if _PURE_BUILD:
        return mask.bit_count()
    mask -= mask >> 1 & 0x55555555555555
    mask = (mask & 0x33333333333333) + (mask >> 2 & 0x33333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 0x7F


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a bitmask in ascending order (clubs first, then by rank).

    >>> [str(card) for card in cards_of(0b101)]
    ['2♣', '4♣']
    """
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def mask_of(cards: object, what: str) -> tuple[int, int]:
    """The mask of ``cards`` (text or an iterable of cards) and the mask of cards named twice.

    ``what`` names the argument in a :class:`TypeError`: ``"Pass.cards"``.

    >>> mask_of("2C 3C 2C", "Pass.cards")
    (3, 1)
    >>> mask_of(None, "Pass.cards")
    Traceback (most recent call last):
    ...
    TypeError: Pass.cards takes text (as '2C 3C QS') or an iterable of cards, got None.
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").replace("\uff0c", " ").split()  # and a full-width comma
    elif isinstance(cards, (bytes, bytearray)):
        raise _not_cards_error(cards, what)
    mask = twice = 0
    card: object = _NO_CARD
    error: TypeError | None = None
    try:
        for card in cards:  # type: ignore[attr-defined]
            bit = 1 << Card(card)  # type: ignore[arg-type]
            twice |= mask & bit
            mask |= bit
    except TypeError:
        error = _cards_type_error(cards, card, what)
        if error is None:
            raise  # raised by the iterable itself, not by a card
    if error is not None:
        raise error  # out of the handler: Python's own message is not its cause
    return mask, twice


_NO_CARD: Final = object()


def _cards_type_error(cards: object, card: object, what: str) -> TypeError | None:
    """The error for a TypeError met reading ``cards`` at ``card``, or None if not ours."""
    if card is _NO_CARD:  # before the first card: is ``cards`` iterable at all?
        try:
            iter(cards)  # type: ignore[call-overload]
        except TypeError:
            return _not_cards_error(cards, what)
        return None
    try:
        Card(card)  # type: ignore[arg-type]
    except TypeError:
        return TypeError(
            f"{what} takes cards, each {CARD_FORMS}, got {describe_value(card)} among them."
        )
    return None


def _not_cards_error(cards: object, what: str) -> TypeError:
    """The error for ``cards`` that are neither text nor an iterable of cards."""
    if isinstance(cards, (bytes, bytearray)):
        return TypeError(
            f"{what} takes {CARDS_FORMS}, got {describe_value(cards)}; decode it first."
        )
    hint = f" (for one card, write [{describe_value(cards)}])" if is_int(cards) else ""
    return TypeError(f"{what} takes {CARDS_FORMS}, got {describe_value(cards)}{hint}.")


def card_set_unchecked(mask: int) -> CardSet:
    """``CardSet.from_mask(mask)`` for a mask known to be valid (the engine's own), unchecked.

    >>> card_set_unchecked(0b11) == CardSet.from_mask(0b11)
    True
    """
    if _CARD_SET_TWIN is None:
        return CardSet(_mask=mask)
    made = _CARD_SET_TWIN()  # the pure build: see hearts.game.frozen.mutable_twin
    made._mask = mask
    made.__class__ = CardSet
    return made


@final
class CardSet(Frozen):
    """An immutable set of cards, held as one int bitmask.

    Build it from text, from cards (or their ints), or from a mask with :meth:`from_mask`.
    It is a :class:`collections.abc.Set`: it supports ``len``, ``in``, iteration in
    ascending order, ``|``, ``&``, ``-``, ``^``, the comparisons of sets, and selection of
    one suit.

    >>> hand = CardSet("AH 2C QS 3C")
    >>> print(hand)
    2♣ 3♣ A♥ Q♠
    >>> hand
    CardSet('2♣ 3♣ A♥ Q♠')
    >>> print(hand - CardSet("QS"), hand.suit(Suit.CLUBS) <= hand, hand.mask == CardSet.from_mask(hand.mask).mask)
    2♣ 3♣ A♥ True True

    A card named twice is in the set once. Anything but text or an iterable of cards is a
    :class:`TypeError`:

    >>> CardSet("QS QS")
    CardSet('Q♠')
    >>> CardSet(Card("QS"))
    Traceback (most recent call last):
    ...
    TypeError: CardSet takes text (as '2C 3C QS') or an iterable of cards, got Card('Q♠') (for one card, write [Card('Q♠')]).
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(
        self, cards: str | Iterable[Card | int | str] | object = (), *, _mask: int = -1
    ) -> None:
        # ``_mask``: the library's own masks, known to be valid, taken as they are.
        object.__setattr__(self, "_mask", _mask if _mask >= 0 else mask_of(cards, "CardSet")[0])

    @classmethod
    def from_mask(cls, mask: int | object) -> CardSet:
        """The set whose bitmask is ``mask`` (bit ``n`` set for card ``n``).

        >>> print(CardSet.from_mask(0b11))
        2♣ 3♣
        """
        if not is_int(mask):
            raise TypeError(f"CardSet.from_mask takes an int bitmask, got {describe_value(mask)}.")
        mask = cast("int", mask)
        if mask < 0 or mask > ALL_CARDS:
            raise NotationError(
                f"{describe_value(mask)} is not a mask of cards: use an int from 0 to "
                f"2**{NUMBER_OF_CARDS} - 1."
            )
        return card_set_unchecked(mask)

    @classmethod
    def parse(cls, text: str | object) -> CardSet:
        """Read a set from text: cards separated by spaces or commas.

        >>> CardSet.parse("2C, 3c Q♠") == CardSet("2♣ 3♣ QS")
        True
        """
        if not isinstance(text, str):
            raise TypeError(
                f"CardSet.parse reads cards from text (a str), got {describe_value(text)}."
            )
        return CardSet(text)

    @property
    def mask(self) -> int:
        """The bitmask of the set."""
        return self._mask

    def suit(self, suit: Suit | int | object) -> CardSet:
        """The cards of one suit.

        >>> print(CardSet("2C QS AS").suit(Suit.SPADES))
        Q♠ A♠
        """
        if not is_int(suit):
            raise TypeError(
                f"CardSet.suit takes a Suit (or an int from 0 to 3), got {describe_value(suit)}."
            )
        number = int(cast("int", suit))
        if not 0 <= number <= 3:
            raise NotationError(
                f"{describe_value(suit)} is not a suit: a suit is an int from 0 to 3."
            )
        return CardSet(_mask=self._mask & SUIT_MASKS[number])

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return (
            isinstance(card, int) and 0 <= card < NUMBER_OF_CARDS and bool(self._mask >> card & 1)
        )

    def __iter__(self) -> Iterator[Card]:
        return cards_of(self._mask)

    def __bool__(self) -> bool:
        return self._mask != 0

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __eq__(self, other: object) -> bool:
        return self._mask == other._mask if isinstance(other, CardSet) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self._mask & ~other._mask == 0 if isinstance(other, CardSet) else NotImplemented

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self._mask != other._mask and self._mask & ~other._mask == 0

    def __ge__(self, other: object) -> bool:
        return other._mask & ~self._mask == 0 if isinstance(other, CardSet) else NotImplemented

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self._mask != other._mask and other._mask & ~self._mask == 0

    def __or__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(_mask=self._mask | other._mask)

    def __and__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(_mask=self._mask & other._mask)

    def __sub__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(_mask=self._mask & ~other._mask)

    def __xor__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(_mask=self._mask ^ other._mask)

    def isdisjoint(self, other: Iterable[object]) -> bool:
        """Whether the two sets share no card.

        >>> CardSet("2C").isdisjoint(CardSet("QS"))
        True
        """
        if isinstance(other, CardSet):
            return self._mask & other._mask == 0
        return all(card not in self for card in other)

    def __str__(self) -> str:
        return " ".join([CARD_TEXTS[card] for card in cards_of(self._mask)])

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})" if self._mask else "CardSet()"

    def _repr_svg_(self) -> str:
        """The cards drawn as SVG (:func:`hearts.svg.cards`), for Jupyter."""
        return hooks.svg_of(self)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_set_unchecked, (self._mask,))

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> CardSet:
        return self


_CARD_SET_TWIN: Final = mutable_twin(CardSet)

_PURE_BUILD: Final = _CARD_SET_TWIN is not None
"""Whether this module runs as pure Python: only there do value classes have twins."""

AbstractSet.register(CardSet)


DECK: Final = CardSet.from_mask(DECK_MASK)
"""The 52 cards of the deck, without jokers, as a :class:`CardSet`.

>>> len(DECK), Card("QS") in DECK, DECK.mask == DECK_MASK
(52, True, True)
"""
JOKERS: Final = CardSet.from_mask(JOKERS_MASK)
"""The three jokers a game may add (``Rules.jokers``), as a :class:`CardSet`.

>>> JOKERS
CardSet('JK1 JK2 JK3')
"""
HEARTS: Final = CardSet.from_mask(HEARTS_MASK)
"""The thirteen hearts, as a :class:`CardSet`.

>>> [str(card) for card in HEARTS][:3], HEARTS & DECK == HEARTS
(['2♥', '3♥', '4♥'], True)
"""
