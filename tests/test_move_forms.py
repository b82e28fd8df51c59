"""A move's two written forms, its text (parse_move) and its JSON (move_from_dict), agree.

Both readers accept the same moves, read them as equal moves, and refuse the same faults in
the same words: each reads its own syntax, then one check (``checked_move`` in
``hearts/records/moves.py``) says what a well-formed move is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import hearts
from hearts import (
    ChoosePass,
    Claim,
    Deal,
    NotationError,
    Pass,
    PassDirection,
    Play,
    RecordError,
    ShootChoice,
    ShootMode,
)
from hearts.game.cards import CARDS, NUMBER_OF_CARDS
from hearts.records.read import show

KINDS: Final = ("deal", "pass", "play", "choose_pass", "claim", "shoot_choice")

seats = st.integers(-1, 9)
card_ints = st.integers(-1, NUMBER_OF_CARDS + 1)  # a card, or an int that is none
counts = st.integers(-3, 20)
# Card lists: any ints, repeats included, or distinct cards (the sets a real move holds).
card_lists = st.one_of(
    st.lists(card_ints, max_size=20),
    st.lists(st.integers(0, NUMBER_OF_CARDS - 1), unique=True, max_size=19),
)


def words(card: int, *, symbols: bool) -> tuple[str, str]:
    """A card int as the text notation and as JSON write it; an int that is no card as a word
    that is none either."""
    if not 0 <= card < NUMBER_OF_CARDS:
        return f"#{card}", f"#{card}"
    return (str(CARDS[card]) if symbols else CARDS[card].ascii.lower()), CARDS[card].ascii


def cards_words(cards: list[int], *, symbols: bool) -> tuple[str, str]:
    pairs = [words(card, symbols=symbols) for card in cards]
    return " ".join(text for text, _ in pairs), " ".join(data for _, data in pairs)


@st.composite
def written_moves(draw: st.DrawFn) -> tuple[str, dict[str, Any], bool]:
    """The same fields, in or out of range, as text and as JSON; and whether the text
    notation has words for them at all (it has none for a shot scored but by adding or
    subtracting)."""
    kind = draw(st.sampled_from(KINDS))
    symbols = draw(st.booleans())
    if kind == "deal":
        hands = draw(st.lists(card_lists, max_size=9))
        written = [cards_words(hand, symbols=symbols) for hand in hands]
        text = "deals " + " | ".join(f"P{seat}: {hand}" for seat, (hand, _) in enumerate(written))
        return text, {"type": "deal", "hands": [data for _, data in written]}, True
    seat = draw(seats)
    data: dict[str, Any] = {"type": kind, "player": seat}
    if kind == "play":
        text_card, data["card"] = words(draw(card_ints), symbols=symbols)
        return f"P{seat} plays {text_card}", data, True
    if kind == "pass":
        text_cards, data["cards"] = cards_words(draw(card_lists), symbols=symbols)
        return f"P{seat} passes {text_cards}", data, True
    if kind == "choose_pass":
        direction, count = draw(st.sampled_from(PassDirection)), draw(counts)
        data.update(direction=direction.value, count=count)
        if direction is PassDirection.HOLD and count == 0 and draw(st.booleans()):
            return f"P{seat} calls a hold hand", data, True
        return f"P{seat} calls a pass of {count} {direction.value}", data, True
    if kind == "claim":
        return f"P{seat} claims the rest", data, True
    mode = draw(st.sampled_from(ShootMode))
    data["mode"] = mode.value
    sentences = {
        ShootMode.ADD: "adds the shot to every other player",
        ShootMode.SUBTRACT: "subtracts the shot from its own total",
    }
    return f"P{seat} {sentences.get(mode, f'{mode.value}s the shot')}", data, mode in sentences


def read(reader: Callable[[Any], hearts.Move], value: object) -> hearts.Move | hearts.HeartsError:
    try:
        return reader(value)
    except hearts.HeartsError as error:
        return error


def text_reason(error: NotationError) -> str:
    """What parse_move's message says is wrong, after the quoted text."""
    _, _, reason = str(error).partition(" is not a move: ")
    assert reason, str(error)
    return reason


def assert_same_reason(json_error: RecordError, text_error: NotationError) -> None:
    """The two messages give one reason: the shared words, after the field (a path in JSON, a
    subject such as "the player" in text); or, for a word that is no card, each form's help
    on writing cards."""
    reason = text_reason(text_error)
    if reason.startswith("the ") and reason.endswith(f" {json_error.reason}"):
        return
    not_a_card = json_error.reason.split(": ")[0]
    assert not_a_card.endswith("is not a card"), (json_error, text_error)
    assert reason.split(": ")[0] == not_a_card, (json_error, text_error)


@settings(max_examples=600, deadline=None)
@given(written=written_moves())
@example(written=("P99 plays QS", {"type": "play", "player": 99, "card": "QS"}, True))
@example(
    written=(
        "P0 calls a pass of -2 left",
        {"type": "choose_pass", "player": 0, "direction": "left", "count": -2},
        True,
    )
)
def test_text_and_json_accept_and_refuse_the_same_moves(
    written: tuple[str, dict[str, Any], bool],
) -> None:
    text, data, expressible = written
    from_text = read(hearts.parse_move, text)
    from_json = read(hearts.move_from_dict, data)
    if not isinstance(from_json, hearts.HeartsError):
        assert from_text == from_json, (text, data)
        assert hearts.parse_move(str(from_json)) == from_json
        assert hearts.move_from_dict(hearts.move_to_dict(from_json)) == from_json
        return
    assert type(from_json) is RecordError, (data, from_json)
    assert type(from_text) is NotationError, (text, from_text)
    if expressible:
        assert_same_reason(from_json, from_text)
    else:  # the notation has no words for this shot: it says what it has
        assert "'P1 adds the shot to every other player'" in text_reason(from_text)


@st.composite
def valid_moves(draw: st.DrawFn) -> hearts.Move:
    """Any well-formed move."""
    kind = draw(st.sampled_from(KINDS))
    seat = draw(st.integers(0, 6))
    some_cards = st.lists(st.integers(0, NUMBER_OF_CARDS - 1), unique=True, max_size=18)
    if kind == "deal":
        return Deal(
            [
                [CARDS[card] for card in hand]
                for hand in draw(st.lists(some_cards, min_size=3, max_size=7))
            ]
        )
    if kind == "pass":
        return Pass(seat, [CARDS[card] for card in draw(some_cards.filter(bool))])
    if kind == "play":
        return Play(seat, draw(st.sampled_from(CARDS)))
    if kind == "choose_pass":
        direction = draw(st.sampled_from(PassDirection))
        count = 0 if direction is PassDirection.HOLD else draw(st.integers(1, 18))
        return ChoosePass(seat, direction, count)
    if kind == "claim":
        return Claim(seat)
    return ShootChoice(seat, draw(st.sampled_from([ShootMode.ADD, ShootMode.SUBTRACT])))


@settings(max_examples=300, deadline=None)
@given(move=valid_moves())
def test_every_well_formed_move_reads_back_from_either_form(move: hearts.Move) -> None:
    assert hearts.parse_move(str(move)) == move
    assert hearts.move_from_dict(hearts.move_to_dict(move)) == move


# --- the faults of the issue, and their words ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "data", "path", "subject", "reason"),
    [
        (
            "P99 plays QS",
            {"type": "play", "player": 99, "card": "QS"},
            "move.player",
            "the player",
            "must be a seat, a whole number from 0 to 6 (P0 to P6), got 99.",
        ),
        (
            "P0 calls a pass of -2 left",
            {"type": "choose_pass", "player": 0, "direction": "left", "count": -2},
            "move.count",
            "the pass",
            "must be 1 to 18 cards, got -2.",
        ),
        (
            "P-1 claims the rest",
            {"type": "claim", "player": -1},
            "move.player",
            "the player",
            "must be a seat, a whole number from 0 to 6 (P0 to P6), got -1.",
        ),
        (
            "P0 calls a pass of 2 hold",
            {"type": "choose_pass", "player": 0, "direction": "hold", "count": 2},
            "move.count",
            "the pass",
            "must be 0 cards for a hold hand, got 2.",
        ),
        (
            "P0 calls a pass of 0 left",
            {"type": "choose_pass", "player": 0, "direction": "left", "count": 0},
            "move.count",
            "the pass",
            "must be 1 to 18 cards, got 0.",
        ),
        (
            "P0 calls a pass of 100 left",
            {"type": "choose_pass", "player": 0, "direction": "left", "count": 100},
            "move.count",
            "the pass",
            "must be 1 to 18 cards, got 100.",
        ),
        (
            "P0 passes 2C 3C 2C",
            {"type": "pass", "player": 0, "cards": "2C 3C 2C"},
            "move.cards",
            "the pass",
            "must list each card once, got 2♣ twice.",
        ),
        (
            "deals P0: 2C | P1: 3C",
            {"type": "deal", "hands": ["2C", "3C"]},
            "move.hands",
            "the deal",
            "must list 3 to 7 hands, one per seat, got 2.",
        ),
        (
            "deals " + " | ".join(f"P{seat}: {rank}C" for seat, rank in enumerate("23456789T")),
            {"type": "deal", "hands": [f"{rank}C" for rank in "23456789T"]},
            "move.hands",
            "the deal",
            "must list 3 to 7 hands, one per seat, got 9.",
        ),
        (
            "deals P0: 2C | P1: 3C 3C | P2: 4C",
            {"type": "deal", "hands": ["2C", "3C 3C", "4C"]},
            "move.hands[1]",
            "the hand of P1",
            "must list each card once, got 3♣ twice.",
        ),
    ],
)
def test_both_forms_refuse_a_fault_in_the_same_words(
    text: str, data: dict[str, Any], path: str, subject: str, reason: str
) -> None:
    with pytest.raises(RecordError) as from_json:
        hearts.move_from_dict(data)
    assert (from_json.value.path, str(from_json.value)) == (path, f"{path}: {reason}")
    with pytest.raises(NotationError) as from_text:
        hearts.parse_move(text)
    assert str(from_text.value) == f"{show(text)} is not a move: {subject} {reason}"


def test_the_issue_s_two_cases_word_for_word() -> None:
    with pytest.raises(NotationError) as caught:
        hearts.parse_move("P99 plays QS")
    assert str(caught.value) == (
        "'P99 plays QS' is not a move: the player must be a seat, a whole number from 0 to 6 "
        "(P0 to P6), got 99."
    )
    with pytest.raises(RecordError) as refused:
        hearts.move_from_dict({"type": "play", "player": 99, "card": "QS"})
    assert str(refused.value) == (
        "move.player: must be a seat, a whole number from 0 to 6 (P0 to P6), got 99."
    )
    with pytest.raises(RecordError) as refused:
        hearts.move_from_dict(
            {"type": "choose_pass", "player": 0, "direction": "left", "count": -2}
        )
    assert str(refused.value) == "move.count: must be 1 to 18 cards, got -2."
    with pytest.raises(NotationError) as caught:
        hearts.parse_move("P0 calls a pass of -2 left")
    assert str(caught.value) == (
        "'P0 calls a pass of -2 left' is not a move: the pass must be 1 to 18 cards, got -2."
    )


def test_a_shot_that_is_not_a_choice_is_a_record_error() -> None:
    """It was an IllegalMoveError without a path, from the ShootChoice constructor."""
    with pytest.raises(RecordError) as refused:
        hearts.move_from_dict({"type": "shoot_choice", "player": 1, "mode": "choose"})
    assert str(refused.value) == "move.mode: must be 'add' or 'subtract', got 'choose'."


def test_moves_of_a_record_are_checked_against_its_game() -> None:
    """Inside a record, a seat and a deal's hands count against the game's players."""
    record = hearts.GameRecord(hearts.Rules(players=3), []).to_dict()
    record["moves"] = [{"type": "claim", "player": 3}]
    with pytest.raises(RecordError) as refused:
        hearts.GameRecord.from_dict(record)
    assert str(refused.value) == (
        "record.moves[0].player: must be a seat, a whole number from 0 to 2 (P0 to P2), got 3."
    )
    record["moves"] = [{"type": "deal", "hands": ["2C", "3C", "4C", "5C"]}]
    with pytest.raises(RecordError) as refused:
        hearts.GameRecord.from_dict(record)
    assert str(refused.value) == "record.moves[0].hands: must list 3 hands, one per seat, got 4."


def test_huge_numbers_in_the_text_are_refused_as_json_s_are() -> None:
    digits = "9" * 5000
    with pytest.raises(NotationError) as caught:
        hearts.parse_move(f"P{digits} plays QS")
    assert "the player must be a seat" in str(caught.value)
    assert len(str(caught.value)) < 400
    with pytest.raises(NotationError) as caught:
        hearts.parse_move(f"P0 calls a pass of {digits} left")
    assert str(caught.value).endswith(
        " is not a move: the pass must be 1 to 18 cards, got a number of 5,000 digits."
    )
    data = {"type": "choose_pass", "player": 0, "direction": "left", "count": 10**5000}
    with pytest.raises(RecordError) as refused:
        hearts.move_from_dict(data)
    assert str(refused.value) == (
        "move.count: must be 1 to 18 cards, got a number of more than 1,000 digits."
    )
