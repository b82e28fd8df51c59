"""Cards and card sets: ints and bitmasks, notation, set operations."""

import pickle

import pytest

from hearts import Card, CardSet, NotationError, Rank, Suit
from hearts.game.cards import CARDS, SUIT_MASKS


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("qs", Rank.QUEEN, Suit.SPADES),
        ("Q♠", Rank.QUEEN, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("t♥", Rank.TEN, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        (" 9d ", Rank.NINE, Suit.DIAMONDS),
        ("J♡", Rank.JACK, Suit.HEARTS),
    ],
)
def test_parse_accepts_every_notation(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card(text) is card


@pytest.mark.parametrize("text", ["", "Q", "1S", "11H", "QX", "QSS", "♠Q", "10", "joker"])
def test_parse_rejects_bad_text_naming_it(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("\\", "\\\\")):
        Card.parse(text)


def test_card_is_an_int_in_bridge_suit_order() -> None:
    assert Card("2C") == 0
    assert Card("AC") == 12
    assert Card("2D") == 13
    assert Card("2H") == 26
    assert Card("AS") == 51
    assert isinstance(Card("QS"), int)


def test_every_card_round_trips_through_str_ascii_and_repr() -> None:
    for value in range(55):
        card = Card(value)
        assert Card.parse(str(card)) is card
        assert Card.parse(card.ascii) is card
        assert Card.parse(str(card).lower()) is card
        assert eval(repr(card)) is card
        if card.rank is not None and card.suit is not None:
            assert Card.of(card.rank, card.suit) is card


def test_jokers_are_cards_52_to_54_without_suit_or_rank() -> None:
    jokers = CardSet("JK1 JK2 JK3")
    assert [int(card) for card in jokers] == [52, 53, 54]
    assert all(card.is_joker and card.suit is None and card.rank is None for card in jokers)
    assert not Card("AS").is_joker
    assert str(CardSet("JK2 2C")) == "2♣ JK2"
    for suit in Suit:
        assert not jokers.suit(suit)


def test_card_rejects_values_outside_the_deck() -> None:
    with pytest.raises(NotationError, match="54"):
        Card(55)
    with pytest.raises(NotationError):
        Card(-1)
    with pytest.raises(NotationError):
        Card.of(Rank.ACE, 4)
    with pytest.raises(NotationError, match=r"^an int of about 5,001 digits is not a card"):
        Card(10**5000)  # too long even for repr() in Python 3.11


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, "None"), (3.5, "3.5"), (True, "True"), (b"QS", "b'QS'"), ([0], "[0]"), (Card, None)],
)
def test_card_of_the_wrong_type_is_a_type_error_saying_what_it_takes(
    value: object, shown: str | None
) -> None:
    """A bool is not a card's int: Card(True) is a mistake, not 3♣."""
    with pytest.raises(
        TypeError, match=r"^Card takes a card's int \(0 to 54\) or its text \(as 'QS'\), got "
    ) as caught:
        Card(value)  # type: ignore[arg-type]
    if shown is not None:
        assert str(caught.value).endswith(f"got {shown}.")


def test_card_parse_and_of_refuse_the_wrong_types() -> None:
    with pytest.raises(
        TypeError, match=r"^Card\.parse reads a card from text \(a str\), got None\.$"
    ):
        Card.parse(None)  # type: ignore[arg-type]
    with pytest.raises(
        TypeError,
        match=r"^Card\.of takes a rank \(an int from 2 to 14\) and a suit \(an int from 0 to 3\), "
        r"got 'A' and 'S'\.$",
    ):
        Card.of("A", "S")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got 2\.5 and 1\.$"):
        Card.of(2.5, 1)  # type: ignore[arg-type]
    assert Card.of(14, 3) is Card("AS")


def test_card_formats_as_its_text() -> None:
    assert f"{Card('QS')}" == "Q♠"
    assert f"{Card('TH'):>4}" == " 10♥"


def test_card_set_parse_and_str_round_trip() -> None:
    cards = CardSet.parse("QS, 2c 3C A♥")
    assert str(cards) == "2♣ 3♣ A♥ Q♠"
    assert CardSet.parse(str(cards)) == cards
    assert eval(repr(cards)) == cards
    assert repr(CardSet()) == "CardSet()"
    assert eval(repr(CardSet())) == CardSet()


def test_card_set_rejects_bad_text_naming_the_card() -> None:
    with pytest.raises(NotationError, match="'ZZ'"):
        CardSet.parse("2C ZZ")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (None, r"^CardSet takes text \(as '2C 3C QS'\) or an iterable of cards, got None\.$"),
        (5.5, r"^CardSet takes text .*, got 5\.5\.$"),
        (5, r"^CardSet takes text .*, got 5 \(for one card, write \[5\]\)\.$"),
        (b"2C 3C", r"^CardSet takes text .*, got b'2C 3C'; decode it first\.$"),
        (bytearray(b"\x00"), r"^CardSet takes text .*; decode it first\.$"),
        (
            [0, None],
            r"^CardSet takes cards, each a card's int \(0 to 54\) or its text \(as 'QS'\), got None among them\.$",
        ),
        ([[["2C"]]], r"got \[\['2C'\]\] among them\.$"),
        ([1.0], r"got 1\.0 among them\.$"),
    ],
)
def test_card_set_of_the_wrong_type_is_a_type_error_saying_what_it_takes(
    cards: object, message: str
) -> None:
    """CardSet(None) once failed inside the loop with "'NoneType' object is not iterable"."""
    with pytest.raises(TypeError, match=message) as caught:
        CardSet(cards)  # type: ignore[arg-type]
    assert caught.value.__context__ is None or caught.value.__suppress_context__


def test_card_set_parse_suit_and_from_mask_refuse_the_wrong_types() -> None:
    with pytest.raises(
        TypeError, match=r"^CardSet\.parse reads cards from text \(a str\), got None\.$"
    ):
        CardSet.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^CardSet\.from_mask takes an int bitmask, got None\.$"):
        CardSet.from_mask(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got True\.$"):
        CardSet.from_mask(True)
    with pytest.raises(NotationError, match=r"^-1 is not a mask of cards"):
        CardSet.from_mask(-1)
    with pytest.raises(NotationError, match=r"^an int of about 3,011 digits is not a mask"):
        CardSet.from_mask(10**3010)


def test_card_set_suit_refuses_what_is_not_a_suit() -> None:
    """CardSet.suit(4) was an IndexError, and suit(-1) silently meant spades."""
    cards = CardSet("2C QS")
    assert cards.suit(3) == cards.suit(Suit.SPADES) == CardSet("QS")
    with pytest.raises(NotationError, match=r"^4 is not a suit: a suit is an int from 0 to 3\.$"):
        cards.suit(4)
    with pytest.raises(NotationError, match=r"^-1 is not a suit"):
        cards.suit(-1)
    with pytest.raises(
        TypeError, match=r"^CardSet\.suit takes a Suit \(or an int from 0 to 3\), got 'S'\.$"
    ):
        cards.suit("S")  # type: ignore[arg-type]


def test_card_set_keeps_set_semantics_for_a_card_named_twice() -> None:
    """Only moves refuse a repeated card (see test_moves.py); a CardSet is a set."""
    assert CardSet("2C 2C 3C") == CardSet([0, Card("2C"), "3C"]) == CardSet("2C 3C")


def test_card_set_is_a_bitmask() -> None:
    cards = CardSet("2C 4C")
    assert cards.mask == 0b101
    assert CardSet.from_mask(0b101) == cards
    with pytest.raises(NotationError):
        CardSet.from_mask(1 << 55)


def test_card_set_len_in_and_sorted_iteration() -> None:
    cards = CardSet("AS 2C KH 2H")
    assert len(cards) == 4
    assert Card("KH") in cards
    assert Card("KS") not in cards
    assert "KH" not in cards  # only cards (ints) are members
    assert list(cards) == [Card("2C"), Card("2H"), Card("KH"), Card("AS")]
    assert not CardSet()
    assert cards


def test_card_set_operations() -> None:
    a = CardSet("2C 3C QS")
    b = CardSet("3C AH")
    assert a | b == CardSet("2C 3C QS AH")
    assert a & b == CardSet("3C")
    assert a - b == CardSet("2C QS")
    assert a ^ b == CardSet("2C QS AH")
    assert CardSet("3C") <= a
    assert CardSet("3C") < a
    assert not a < CardSet(a)
    assert a >= CardSet("QS")
    assert a > CardSet("QS")
    assert a.isdisjoint(CardSet("AH"))
    assert not a.isdisjoint([Card("QS")])
    assert a.suit(Suit.CLUBS) == CardSet("2C 3C")
    assert a.suit(Suit.HEARTS) == CardSet()


def test_card_set_operators_refuse_other_types() -> None:
    with pytest.raises(TypeError):
        _ = CardSet("2C") | {1}


def test_card_set_is_immutable_hashable_and_picklable() -> None:
    cards = CardSet("2C QS")
    with pytest.raises(AttributeError):
        cards._mask = 0  # type: ignore[misc]
    assert hash(cards) == hash(CardSet("QS 2C"))
    assert {cards, CardSet("QS 2C")} == {cards}
    assert pickle.loads(pickle.dumps(cards)) == cards


def test_suit_masks_partition_the_deck() -> None:
    union = 0
    for suit in Suit:
        assert SUIT_MASKS[suit].bit_count() == 13
        assert all(card.suit is suit for card in CardSet.from_mask(SUIT_MASKS[suit]))
        union |= SUIT_MASKS[suit]
    assert union == (1 << 52) - 1
    assert len(CARDS) == 55
