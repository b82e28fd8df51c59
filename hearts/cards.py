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

import enum
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import Final

from typing_extensions import Self

from hearts.errors import NotationError, describe_value

__all__ = [
    "DECK",
    "HEARTS",
    "JOKERS",
    "QUEEN_OF_SPADES",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest).

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter, str(Suit.SPADES)
    ('♥', 'H', '♠')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        """The suit's ASCII letter: ``C D H S``."""
        return "CDHS"[self]

    def __str__(self) -> str:
        return self.symbol


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 (ace high).

    >>> Rank.QUEEN > Rank.TEN, int(Rank.ACE), str(Rank.TEN)
    (True, 14, '10')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-letter ASCII form: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    def __str__(self) -> str:
        return "10" if self is Rank.TEN else self.letter


_SUIT_BY_TEXT: Final = {
    **{suit.letter: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    **{"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES},
}
_RANK_BY_TEXT: Final = {**{rank.letter: rank for rank in Rank}, "10": Rank.TEN}
_CARD_HELP: Final = (
    "write a rank (2-10, T, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), as in 'QS' or 'Q♠'"
)

NUMBER_OF_CARDS: Final = 55
"""52 cards and 3 jokers."""
FIRST_JOKER: Final = 52
_CARD_TYPES: Final = f"a card's int (0 to {NUMBER_OF_CARDS - 1}) or its text (as 'QS')"
_CARDS_TYPES: Final = "text (as '2C 3C QS') or an iterable of cards"


def _is_int(value: object) -> bool:
    """Whether ``value`` is an int and not a bool.

    >>> _is_int(3), _is_int(True), _is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


class Card(int):
    """One playing card: an ``int`` from 0 to 54 with a suit, a rank and a notation.

    Cards 0 to 51 are the standard deck; 52 to 54 are jokers (``JK1``, ``JK2``, ``JK3``),
    which have no suit and no rank.

    ``Card(value)`` takes the int or the text of a card and returns the one shared
    instance for it, so cards cost nothing to create and compare as ints.

    >>> queen = Card("Q♠")
    >>> queen.suit, queen.rank, int(queen)
    (<Suit.SPADES: 3>, <Rank.QUEEN: 12>, 49)
    >>> str(queen), repr(queen), queen.ascii
    ('Q♠', "Card('Q♠')", 'QS')
    >>> Card.of(Rank.TWO, Suit.CLUBS) is Card(0)
    True
    >>> joker = Card("JK1")
    >>> int(joker), joker.is_joker, joker.suit, joker.rank
    (52, True, None, None)

    A value that is not a card is refused: a wrong value with a
    :class:`~hearts.NotationError`, a wrong type with a :class:`TypeError`.

    >>> Card(55)
    Traceback (most recent call last):
    ...
    hearts.errors.NotationError: 55 is not a card: a card is an int from 0 to 54.
    >>> Card(None)
    Traceback (most recent call last):
    ...
    TypeError: Card takes a card's int (0 to 54) or its text (as 'QS'), got None.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return cls.parse(value)
        if _is_int(value):
            if 0 <= value < NUMBER_OF_CARDS:
                return CARDS[value]
            raise NotationError(
                f"{describe_value(value)} is not a card: a card is an int from 0 to {NUMBER_OF_CARDS - 1}."
            )
        raise TypeError(f"Card takes {_CARD_TYPES}, got {describe_value(value)}.")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of ``rank`` (2 to 14) and ``suit``.

        >>> print(Card.of(Rank.ACE, Suit.HEARTS))
        A♥
        """
        if not (_is_int(rank) and _is_int(suit)):
            raise TypeError(
                "Card.of takes a rank (an int from 2 to 14) and a suit (an int from 0 to 3), "
                f"got {describe_value(rank)} and {describe_value(suit)}."
            )
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise NotationError(
                f"rank {describe_value(rank)} of suit {describe_value(suit)} is not a card."
            )
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text: ``"QS"``, ``"qs"``, ``"Q♠"``, ``"10H"``, ``"TH"``, ``"JK1"``.

        >>> Card.parse("10h") is Card.parse("T♥")
        True
        >>> Card.parse("Q")
        Traceback (most recent call last):
        ...
        hearts.errors.NotationError: 'Q' is not a card: write a rank (2-10, T, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), as in 'QS' or 'Q♠'.
        """
        if not isinstance(text, str):
            raise TypeError(
                f"Card.parse reads a card from text (a str), got {describe_value(text)}."
            )
        card = _CARD_BY_TEXT.get(text.strip().upper())
        if card is None:
            raise NotationError(f"{describe_value(text)} is not a card: {_CARD_HELP}.")
        return card

    @property
    def suit(self) -> Suit | None:
        """The card's suit (None for a joker)."""
        return _SUITS[self]

    @property
    def rank(self) -> Rank | None:
        """The card's rank (None for a joker)."""
        return _RANKS[self]

    @property
    def is_joker(self) -> bool:
        """Whether the card is one of the jokers."""
        return self >= FIRST_JOKER

    @property
    def ascii(self) -> str:
        """The card in ASCII letters, as ``"QS"`` or ``"TH"``."""
        return _ASCII[self]

    @property
    def mask(self) -> int:
        """The card's bit: ``1 << card``."""
        return 1 << self

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(_TEXT[self], spec)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self


CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(NUMBER_OF_CARDS))
_SUITS: Final[tuple[Suit | None, ...]] = (
    *(Suit(i // 13) for i in range(FIRST_JOKER)),
    *(None for _ in range(FIRST_JOKER, NUMBER_OF_CARDS)),
)
_RANKS: Final[tuple[Rank | None, ...]] = (
    *(Rank(i % 13 + 2) for i in range(FIRST_JOKER)),
    *(None for _ in range(FIRST_JOKER, NUMBER_OF_CARDS)),
)
_JOKER_TEXT: Final = tuple(f"JK{i - FIRST_JOKER + 1}" for i in range(FIRST_JOKER, NUMBER_OF_CARDS))
_TEXT: Final = (
    *(f"{Rank(i % 13 + 2)}{Suit(i // 13).symbol}" for i in range(FIRST_JOKER)),
    *_JOKER_TEXT,
)
_ASCII: Final = (
    *(f"{Rank(i % 13 + 2).letter}{Suit(i // 13).letter}" for i in range(FIRST_JOKER)),
    *_JOKER_TEXT,
)
_CARD_BY_TEXT: Final = {
    **{
        rank_text + suit_text: CARDS[suit * 13 + rank - 2]
        for rank_text, rank in _RANK_BY_TEXT.items()
        for suit_text, suit in _SUIT_BY_TEXT.items()
    },
    **{text: CARDS[FIRST_JOKER + i] for i, text in enumerate(_JOKER_TEXT)},
}

SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 13) - 1) << (13 * s) for s in Suit)
"""The bitmask of every card of a suit, indexed by :class:`Suit`."""
DECK: Final = (1 << FIRST_JOKER) - 1
"""The bitmask of the 52-card deck (no jokers)."""
JOKERS: Final = ((1 << NUMBER_OF_CARDS) - 1) & ~DECK
"""The bitmask of the three jokers."""
ALL_CARDS: Final = DECK | JOKERS
"""The bitmask of every card, jokers included."""
HEARTS: Final = SUIT_MASKS[Suit.HEARTS]
"""The bitmask of the thirteen hearts."""
QUEEN_OF_SPADES: Final = Card("QS")
"""Q♠, the Black Lady."""
TWO_OF_CLUBS: Final = Card("2C")
"""2♣, which leads the first trick in the standard game."""


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a bitmask in ascending order (clubs first, then by rank).

    >>> [str(card) for card in cards_of(0b101)]
    ['2♣', '4♣']
    """
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def _mask_of(cards: object, what: str) -> tuple[int, int]:
    """The mask of ``cards`` (text or an iterable of cards) and the mask of cards named twice.

    ``what`` names the argument in a :class:`TypeError`: ``"Pass.cards"``.

    >>> _mask_of("2C 3C 2C", "Pass.cards")
    (3, 1)
    >>> _mask_of(None, "Pass.cards")
    Traceback (most recent call last):
    ...
    TypeError: Pass.cards takes text (as '2C 3C QS') or an iterable of cards, got None.
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    elif isinstance(cards, (bytes, bytearray)):
        raise _not_cards_error(cards, what)
    mask = twice = 0
    card: object = _NO_CARD
    try:
        for card in cards:  # type: ignore[attr-defined]
            bit = 1 << Card(card)  # type: ignore[arg-type]
            twice |= mask & bit
            mask |= bit
    except TypeError:
        error = _cards_type_error(cards, card, what)
        if error is None:
            raise  # raised by the iterable itself, not by a card
        raise error from None
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
            f"{what} takes cards, each {_CARD_TYPES}, got {describe_value(card)} among them."
        )
    return None


def _not_cards_error(cards: object, what: str) -> TypeError:
    """The error for ``cards`` that are neither text nor an iterable of cards."""
    if isinstance(cards, (bytes, bytearray)):
        return TypeError(
            f"{what} takes {_CARDS_TYPES}, got {describe_value(cards)}; decode it first."
        )
    hint = f" (for one card, write [{describe_value(cards)}])" if _is_int(cards) else ""
    return TypeError(f"{what} takes {_CARDS_TYPES}, got {describe_value(cards)}{hint}.")


def _card_set(mask: int) -> CardSet:
    """``CardSet.from_mask(mask)`` for a mask known to be valid (the engine's own), unchecked.

    >>> _card_set(0b11) == CardSet.from_mask(0b11)
    True
    """
    result = _new_object(CardSet)
    _set_attribute(result, "_mask", mask)
    return result


_new_object: Final = object.__new__
_set_attribute: Final = object.__setattr__


class CardSet(AbstractSet[Card]):
    """An immutable set of cards, held as one int bitmask.

    Build it from text, from cards (or their ints), or from a mask with :meth:`from_mask`.
    It supports ``len``, ``in``, iteration in ascending order, ``|``, ``&``, ``-``, ``^``,
    the comparisons of sets, and selection of one suit.

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

    def __init__(self, cards: str | Iterable[Card | int | str] = ()) -> None:
        object.__setattr__(self, "_mask", _mask_of(cards, "CardSet")[0])

    @classmethod
    def from_mask(cls, mask: int) -> Self:
        """The set whose bitmask is ``mask`` (bit ``n`` set for card ``n``).

        >>> print(CardSet.from_mask(0b11))
        2♣ 3♣
        """
        if not _is_int(mask):
            raise TypeError(f"CardSet.from_mask takes an int bitmask, got {describe_value(mask)}.")
        if mask < 0 or mask > ALL_CARDS:
            raise NotationError(
                f"{describe_value(mask)} is not a mask of cards: use an int from 0 to "
                f"2**{NUMBER_OF_CARDS} - 1."
            )
        result = object.__new__(cls)
        object.__setattr__(result, "_mask", mask)
        return result

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a set from text: cards separated by spaces or commas.

        >>> CardSet.parse("2C, 3c Q♠") == CardSet("2♣ 3♣ QS")
        True
        """
        if not isinstance(text, str):
            raise TypeError(
                f"CardSet.parse reads cards from text (a str), got {describe_value(text)}."
            )
        return cls(text)

    @property
    def mask(self) -> int:
        """The bitmask of the set."""
        return self._mask

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit.

        >>> print(CardSet("2C QS AS").suit(Suit.SPADES))
        Q♠ A♠
        """
        if suit.__class__ is not Suit:
            if not _is_int(suit):
                raise TypeError(
                    f"CardSet.suit takes a Suit (or an int from 0 to 3), got {describe_value(suit)}."
                )
            if not 0 <= suit <= 3:
                raise NotationError(
                    f"{describe_value(suit)} is not a suit: a suit is an int from 0 to 3."
                )
        return _card_set(self._mask & SUIT_MASKS[suit])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

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

    def __le__(self, other: AbstractSet[object]) -> bool:
        return self._mask & ~other._mask == 0 if isinstance(other, CardSet) else NotImplemented

    def __lt__(self, other: AbstractSet[object]) -> bool:
        return self != other and self <= other if isinstance(other, CardSet) else NotImplemented

    def __ge__(self, other: AbstractSet[object]) -> bool:
        return other._mask & ~self._mask == 0 if isinstance(other, CardSet) else NotImplemented

    def __gt__(self, other: AbstractSet[object]) -> bool:
        return self != other and self >= other if isinstance(other, CardSet) else NotImplemented

    def __or__(self, other: AbstractSet[object]) -> CardSet:
        return _card_set(self._mask | other._mask) if isinstance(other, CardSet) else NotImplemented

    def __and__(self, other: AbstractSet[object]) -> CardSet:
        return _card_set(self._mask & other._mask) if isinstance(other, CardSet) else NotImplemented

    def __sub__(self, other: AbstractSet[object]) -> CardSet:
        return (
            _card_set(self._mask & ~other._mask) if isinstance(other, CardSet) else NotImplemented
        )

    def __xor__(self, other: AbstractSet[object]) -> CardSet:
        return _card_set(self._mask ^ other._mask) if isinstance(other, CardSet) else NotImplemented

    def isdisjoint(self, other: Iterable[object]) -> bool:
        """Whether the two sets share no card.

        >>> CardSet("2C").isdisjoint(CardSet("QS"))
        True
        """
        if isinstance(other, CardSet):
            return self._mask & other._mask == 0
        return all(card not in self for card in other)

    def __str__(self) -> str:
        return " ".join(_TEXT[card] for card in cards_of(self._mask))

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})" if self._mask else "CardSet()"

    def _repr_svg_(self) -> str:
        """The cards drawn as SVG (:func:`hearts.svg.cards`), for Jupyter."""
        from hearts import svg  # noqa: PLC0415 (the pictures build on this module)

        return svg.cards(self)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self._mask,))

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> CardSet:
        return self
