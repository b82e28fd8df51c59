"""Moves refuse bad input when they are built: a sentence, never an attrs traceback.

A value of the wrong type is a ``TypeError`` saying what was expected (Python's
convention); a value of the right type that no game accepts — a seat beyond P6, a card
named twice in a pass — is an ``IllegalMoveError``. Whether a seat exists in a particular
game is for ``hearts.apply`` to say (see test_engine.py).
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import hearts
from hearts import (
    Card,
    CardSet,
    ChoosePass,
    Claim,
    Deal,
    HeartsError,
    IllegalMoveError,
    Pass,
    PassDirection,
    Play,
    ShootChoice,
    ShootMode,
)
from hearts.game.moves import MAX_SEATS, PLAYS

loose: Any = hearts
"""``hearts`` without its types, to build the deliberately wrong moves below."""

SEAT_BUILDERS: list[tuple[str, Callable[[object], object]]] = [
    ("Play", lambda seat: loose.Play(seat, "2C")),
    ("Pass", lambda seat: loose.Pass(seat, "2C 3C 4C")),
    ("ChoosePass", lambda seat: loose.ChoosePass(seat, "left", 3)),
    ("Claim", loose.Claim),
    ("ShootChoice", lambda seat: loose.ShootChoice(seat, "add")),
]


def test_every_move_takes_the_seats_p0_to_p6() -> None:
    assert MAX_SEATS == hearts.game.rules.MAX_PLAYERS == 7
    for _, build in SEAT_BUILDERS:
        for seat in range(MAX_SEATS):
            assert build(seat).player == seat  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "build"), SEAT_BUILDERS, ids=[n for n, _ in SEAT_BUILDERS])
@pytest.mark.parametrize("seat", [7, 9, -1, 2**63, -(2**70)])
def test_a_seat_beyond_p6_is_refused_when_the_move_is_built(
    name: str, build: Callable[[object], object], seat: int
) -> None:
    """Play(9, "2C") is no seat of any game: refused at once, not at apply."""
    with pytest.raises(
        IllegalMoveError,
        match=rf"^{name}\.player is {seat}, which is not a seat: seats run from P0 to P6\.$",
    ):
        build(seat)


@pytest.mark.parametrize(("name", "build"), SEAT_BUILDERS, ids=[n for n, _ in SEAT_BUILDERS])
@pytest.mark.parametrize("seat", ["0", 3.0, 0.0, True, False, None, [1]])
def test_a_seat_that_is_not_an_int_is_a_type_error(
    name: str, build: Callable[[object], object], seat: object
) -> None:
    """A bool is refused too: Play(True, "2C") is a mistake, not P1."""
    message = (
        rf"^{name}\.player must be a seat number \(an int from 0 to 6\), "
        rf"got {re.escape(repr(seat))}\.$"
    )
    with pytest.raises(TypeError, match=message):
        build(seat)


def test_the_issue_examples_are_refused() -> None:
    with pytest.raises(IllegalMoveError, match="seats run from P0 to P6"):
        Play(9, "2C")
    with pytest.raises(IllegalMoveError, match="seats run from P0 to P6"):
        Play(-1, "2C")
    with pytest.raises(TypeError, match=r"^Play\.player must be a seat number .* got '0'\.$"):
        Play("0", "2C")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got 3\.0\.$"):
        Play(3.0, "2C")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got True\.$"):
        Play(True, "2C")
    with pytest.raises(TypeError, match=r"^Pass\.player must be a seat number .* got 0\.0\.$"):
        Pass(0.0, "2C 3C 4C")  # type: ignore[arg-type]


def test_a_huge_seat_is_described_not_printed() -> None:
    """A 5,000-digit int cannot even be repr()-ed in Python 3.11; the message says so."""
    with pytest.raises(IllegalMoveError, match=r"^Play\.player is an int of about 5,001 digits"):
        Play(10**5000, "2C")


def test_a_seat_error_is_a_hearts_error_and_a_value_error() -> None:
    with pytest.raises(HeartsError):
        Claim(7)
    with pytest.raises(ValueError, match="not a seat"):
        Claim(7)


def test_a_pass_naming_a_card_twice_is_refused() -> None:
    """Pass(0, "2C 2C 3C") once became a pass of two cards, silently."""
    with pytest.raises(
        IllegalMoveError,
        match=r"^Pass\.cards names 2♣ twice, in '2C 2C 3C': a pass gives each card once\.$",
    ):
        Pass(0, "2C 2C 3C")
    with pytest.raises(IllegalMoveError, match=r"names Q♠ twice"):
        Pass(1, [Card("QS"), 49, "Q♠"])
    with pytest.raises(IllegalMoveError, match=r"names 3♣ twice"):
        Pass(1, (card for card in ("3C", "4C", "3c")))


def test_a_pass_of_distinct_cards_is_unchanged() -> None:
    cards = CardSet("2C 3C 4C")
    assert Pass(0, cards).cards is cards
    assert Pass(0, "4C, 3C 2C") == Pass(0, [Card("2C"), 1, "4C"]) == Pass(0, cards)
    assert Pass(0, []).cards == CardSet()
    assert CardSet("2C 2C 3C") == CardSet("2C 3C")  # a CardSet is a set: only Pass refuses


def test_a_deal_with_a_card_twice_in_one_hand_is_refused() -> None:
    with pytest.raises(
        IllegalMoveError,
        match=r"^Deal\.hands\[1\] names 4♣ twice, in '4C 4C': a hand holds each card once\.$",
    ):
        Deal(["2C 3C", "4C 4C", "6C 7C", "8C 9C"])
    hands = Deal(["2C 3C", [Card("4C"), 3], CardSet("6C 7C"), "8C 9C"]).hands
    assert hands[1] == CardSet("4C 5C")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: loose.CardSet(None),
            r"^CardSet takes text \(as '2C 3C QS'\) or an iterable of cards, got None\.$",
        ),
        (lambda: loose.CardSet(5.5), r"^CardSet takes text .* got 5\.5\.$"),
        (
            lambda: loose.CardSet(Card("QS")),
            r"got Card\('Q♠'\) \(for one card, write \[Card\('Q♠'\)\]\)\.$",
        ),
        (lambda: loose.CardSet(b"2C"), r"got b'2C'; decode it first\.$"),
        (
            lambda: loose.CardSet([None]),
            r"^CardSet takes cards, each a card's int \(0 to 54\) or its text \(as 'QS'\), got None among them\.$",
        ),
        (
            lambda: loose.Card(None),
            r"^Card takes a card's int \(0 to 54\) or its text \(as 'QS'\), got None\.$",
        ),
        (lambda: loose.Card(3.5), r"^Card takes .* got 3\.5\.$"),
        (
            lambda: loose.Play(0, None),
            r"^Play\.card takes a card's int \(0 to 54\) or its text \(as 'QS'\), got None\.$",
        ),
        (lambda: loose.Play(0, 30.0), r"^Play\.card takes .* got 30\.0\.$"),
        (
            lambda: loose.Pass(0, None),
            r"^Pass\.cards takes text \(as '2C 3C QS'\) or an iterable of cards, got None\.$",
        ),
        (
            lambda: loose.Pass(0, 5),
            r"^Pass\.cards takes text .* got 5 \(for one card, write \[5\]\)\.$",
        ),
        (
            lambda: loose.Pass(0, ["2C", None]),
            r"^Pass\.cards takes cards, each .* got None among them\.$",
        ),
        (
            lambda: loose.Deal(None),
            r"^Deal\.hands takes one hand per seat, each as text or cards, as \['2C 3C …', '4C 5C …', …\], got None\.$",
        ),
        (lambda: loose.Deal(5), r"^Deal\.hands takes one hand per seat.* got 5\.$"),
        (
            lambda: loose.Deal("2C 3C | 4C 5C"),
            r"^Deal\.hands takes one hand per seat.* got '2C 3C \| 4C 5C'\.$",
        ),
        (
            lambda: loose.Deal(CardSet("2C 3C")),
            r"^Deal\.hands takes one hand per seat.* got CardSet\('2♣ 3♣'\)\.$",
        ),
        (
            lambda: loose.Deal(["2C 3C", None]),
            r"^Deal\.hands\[1\] takes text \(as '2C 3C QS'\) or an iterable of cards, got None\.$",
        ),
        (
            lambda: loose.ShootChoice(0, 5),
            r"^ShootChoice\.mode takes 'add' or 'subtract' \(a str or a ShootMode\), got 5\.$",
        ),
        (lambda: loose.ShootChoice(0, None), r"^ShootChoice\.mode takes .* got None\.$"),
        (
            lambda: loose.ChoosePass(0, None, 2),
            r"^ChoosePass\.direction takes a PassDirection or its name \(a str, as 'left'\), got None\.$",
        ),
        (
            lambda: loose.ChoosePass(0, ["left"], 2),
            r"^ChoosePass\.direction takes .* got \['left'\]\.$",
        ),
        (
            lambda: loose.ChoosePass(0, "left", "2"),
            r"^ChoosePass\.count must be a number of cards \(an int\), got '2'\.$",
        ),
        (lambda: loose.ChoosePass(0, "left", 2.0), r"^ChoosePass\.count must be .* got 2\.0\.$"),
        (lambda: loose.ChoosePass(0, "left", True), r"^ChoosePass\.count must be .* got True\.$"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_type_error_saying_what_was_expected(
    build: Callable[[], object], message: str
) -> None:
    with pytest.raises(TypeError, match=message) as caught:
        build()
    assert type(caught.value) is TypeError  # not an AttributeError or an attrs internal
    assert caught.value.__suppress_context__ or caught.value.__context__ is None


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: loose.ShootChoice(0, "ADD"),
            r"^'ADD' is not a way to score a shot: use 'add' or 'subtract'\.$",
        ),
        (lambda: loose.ShootChoice(0, ShootMode.CHOOSE), r"is not a way to score a shot"),
        (
            lambda: loose.ChoosePass(0, "sideways", 2),
            r"^'sideways' is not a pass direction: use one of 'left', ",
        ),
        (
            lambda: loose.ChoosePass(0, "left", -1),
            r"^ChoosePass\.count is -1: a pass has 0 cards or more\.$",
        ),
    ],
)
def test_a_field_of_the_right_type_but_no_legal_value_is_an_illegal_move_error(
    build: Callable[[], object], message: str
) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        build()


def test_good_moves_are_built_as_before() -> None:
    assert Play(2, "QS") == Play(2, Card("Q♠")) == Play(2, 49) == PLAYS[2][49]
    assert Play(2, 49).card is Card("QS")
    assert ShootChoice(1, ShootMode.SUBTRACT).mode is ShootChoice(1, "subtract").mode
    assert ChoosePass(0, PassDirection.HOLD, 0) == ChoosePass(0, "hold", 0)
    assert str(Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"])).startswith("deals P0: 2♣ 3♣ |")


def test_a_card_subclass_of_int_is_a_card() -> None:
    """The fast path of Play takes Card and int; anything else still goes through Card()."""

    class Seat(int):
        pass

    assert Play(Seat(3), Seat(49)) == Play(3, "QS")
    assert Play(3, Card("QS")).card is Card("QS")


def test_moves_still_pickle_and_change_with_the_checks() -> None:
    move = Pass(2, "2C 3C 4C")
    assert pickle.loads(pickle.dumps(move)) == move
    assert move.replace(player=3) == Pass(3, "2C 3C 4C")
    with pytest.raises(IllegalMoveError, match="seats run from P0 to P6"):
        move.replace(player=7)
    with pytest.raises(IllegalMoveError, match="names 2♣ twice"):
        move.replace(cards="2C 2C 3C")


def test_a_type_error_raised_by_the_iterable_itself_is_not_relabelled() -> None:
    """Only a wrong card is described as one: an iterable's own error passes through."""

    def broken() -> Iterator[str]:
        yield "2C"
        raise TypeError("the caller's own bug")

    with pytest.raises(TypeError, match=r"^the caller's own bug$"):
        Pass(0, broken())
    with pytest.raises(TypeError, match=r"^the caller's own bug$"):
        CardSet(broken())


def test_the_shared_plays_are_every_seat_and_card() -> None:
    assert len(PLAYS) == MAX_SEATS
    assert all(PLAYS[seat][card] == Play(seat, card) for seat in range(7) for card in range(55))
