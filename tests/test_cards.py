"""Cards and card sets: ints and bitmasks, notation, set operations."""

import pickle

import pytest

from hearts import Card, CardSet, NotationError, Rank, Suit
from hearts.cards import CARDS, SUIT_MASKS


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
        Card(True)
    with pytest.raises(NotationError):
        Card.of(Rank.ACE, 4)


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
