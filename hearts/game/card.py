"""One playing card: :class:`Card`, its :class:`Suit` and :class:`Rank`, and its text.

A :class:`Card` is an ``int`` from 0 to 51: ``suit * 13 + rank - 2``, suits in the order
clubs, diamonds, hearts, spades (as in bridge and OpenSpiel) and ranks from 2 to ace; the
three jokers some variants add are the cards 52 to 54 (``JK1`` to ``JK3``). Sets of cards
are in :mod:`hearts.game.cards`, which also gives these names.

>>> Card.parse("Q♠") == Card.parse("qs") == Card("QS") == 49
True
"""

from __future__ import annotations

import enum
import unicodedata
from typing import Final

from hearts.errors import NotationError, describe_value

__all__ = ["CARDS", "FIRST_JOKER", "NUMBER_OF_CARDS", "Card", "Rank", "Suit"]


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
CARD_FORMS: Final = f"a card's int (0 to {NUMBER_OF_CARDS - 1}) or its text (as 'QS')"
"""What a card may be given as, for the sentences that refuse something else."""
CARDS_FORMS: Final = "text (as '2C 3C QS') or an iterable of cards"
"""What a set of cards may be given as, for the sentences that refuse something else."""


def is_int(value: object) -> bool:
    """Whether ``value`` is an int and not a bool.

    >>> is_int(3), is_int(True), is_int(3.0)
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
        if is_int(value):
            if 0 <= value < NUMBER_OF_CARDS:
                return CARDS[value]
            raise NotationError(
                f"{describe_value(value)} is not a card: a card is an int from 0 to {NUMBER_OF_CARDS - 1}."
            )
        raise TypeError(f"Card takes {CARD_FORMS}, got {describe_value(value)}.")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of ``rank`` (2 to 14) and ``suit``.

        >>> print(Card.of(Rank.ACE, Suit.HEARTS))
        A♥
        """
        if not (is_int(rank) and is_int(suit)):
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

        Full-width letters (``"ＱＳ"``) and the emoji form of a suit that phones write
        (``"Q♠\ufe0f"``, with the variation selector U+FE0F) are read too.

        >>> Card.parse("10h") is Card.parse("T♥") is Card.parse("１０♥\ufe0f")
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
            card = _CARD_BY_TEXT.get(_plain(text))
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
        return CARD_TEXTS[self]

    def __repr__(self) -> str:
        return f"Card({CARD_TEXTS[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(CARD_TEXTS[self], spec)

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
CARD_TEXTS: Final = (
    *(f"{Rank(i % 13 + 2)}{Suit(i // 13).symbol}" for i in range(FIRST_JOKER)),
    *_JOKER_TEXT,
)
"""Each card's text by its number: ``CARD_TEXTS[49]`` is ``'Q♠'``."""
_ASCII: Final = (
    *(f"{Rank(i % 13 + 2).letter}{Suit(i // 13).letter}" for i in range(FIRST_JOKER)),
    *_JOKER_TEXT,
)


def _plain(text: str) -> str:
    """Card text without the harmless Unicode forms that keyboards and phones write.

    Full-width letters and digits (``"ＱＳ"``) become ASCII (NFKC), and the variation
    selectors that ask for an emoji or a text glyph (U+FE0F, U+FE0E, as in ``"Q♠️"``) go.
    """
    plain = unicodedata.normalize("NFKC", text).replace("\ufe0f", "").replace("\ufe0e", "")
    return plain.strip().upper()


_CARD_BY_TEXT: Final = {
    **{
        rank_text + suit_text: CARDS[suit * 13 + rank - 2]
        for rank_text, rank in _RANK_BY_TEXT.items()
        for suit_text, suit in _SUIT_BY_TEXT.items()
    },
    **{text: CARDS[FIRST_JOKER + i] for i, text in enumerate(_JOKER_TEXT)},
}

Card.__module__ = "hearts.game.cards"  # where the library documents it
