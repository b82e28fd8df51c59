"""Refusals a player can act on: each says what was wrong and what the seat can do instead.

One scenario per message that used to leave a player guessing (a shot choice where the moon
is not a choice, a call of the pass where the dealer does not choose, a joker in a game
without jokers, a pass in a hold hand, a pass of the wrong size, card text as phones write
it, and a move arriving as JSON text).
"""

from __future__ import annotations

import json

import pytest

import hearts
from hearts import Card, CardSet, IllegalMoveError, Pass, Phase, Play, RecordError, Rules

BY_SUIT = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]


def refusal(state: hearts.State, move: hearts.Move) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        hearts.apply(state, move)
    return str(refused.value)


def passing() -> hearts.State:
    """The standard game's first hand, dealt: every seat passes three cards left."""
    state = hearts.new_game(seed=5)
    return hearts.apply(state, hearts.legal_moves(state)[0])


def test_a_shot_choice_where_the_rules_leave_none() -> None:
    """Rules.moon='add' (the default): a shot is scored one way, nobody chooses."""
    state = hearts.from_hands(BY_SUIT, hand_number=3)
    assert refusal(state, hearts.ShootChoice(0, "subtract")) == (
        "P0 may not choose how a shot is scored: in this game a shot is scored one way, with "
        "no choice (Rules.moon is 'add'); it is P0's turn to play."
    )


def test_a_shot_choice_before_any_shot_where_the_rules_give_one() -> None:
    """Rules.moon='choose': the shooter chooses once the hand ends with its shot."""
    state = hearts.from_hands(BY_SUIT, Rules(moon="choose"), hand_number=3)
    assert refusal(state, hearts.ShootChoice(0, "add")) == (
        "P0 may not choose how a shot is scored: a shooter chooses only once a hand ends with "
        "its shot; it is P0's turn to play."
    )


def test_a_shot_choice_in_a_game_without_shooting() -> None:
    """Rules.moon='off' and Rules.sun='off': nobody shoots, so there is nothing to choose."""
    state = hearts.from_hands(BY_SUIT, Rules(moon="off"), hand_number=3)
    assert refusal(state, hearts.ShootChoice(1, "add")) == (
        "P1 may not choose how a shot is scored: this game has no shooting (Rules.moon and "
        "Rules.sun are 'off'); it is P0's turn to play."
    )


def test_a_call_of_the_pass_where_the_dealer_does_not_choose() -> None:
    """Rules.dealer_chooses_pass off: the pass follows Rules.pass_cycle."""
    assert refusal(passing(), hearts.ChoosePass(0, "left", 3)) == (
        "P0 may not call the pass: in this game the pass of each hand follows "
        "Rules.pass_cycle and nobody calls it (Rules.dealer_chooses_pass is off); the game "
        "waits for P0, P1, P2, P3 to pass 3 cards left."
    )


def test_a_joker_in_a_game_without_jokers() -> None:
    """Rules.jokers=0: JK1 is not a card of the game, whoever holds what."""
    state = hearts.from_hands(BY_SUIT, hand_number=3)
    assert refusal(state, Play(0, "JK1")) == (
        "P0 may not lead JK1: JK1 is not in this game's deck: the game has no jokers "
        "(Rules.jokers is 0)."
    )
    assert refusal(passing(), Pass(0, "JK1 2C 3C")).endswith(
        ": JK1 is not in this game's deck: the game has no jokers (Rules.jokers is 0)."
    )


def test_a_card_the_rules_remove() -> None:
    """Rules.removed: three players play without 2♦."""
    rules = Rules(players=3)
    state = hearts.apply(
        hearts.new_game(rules, seed=1), hearts.legal_moves(hearts.new_game(rules, seed=1))[0]
    )
    assert refusal(state, Pass(0, "2D 3D 4D")) == (
        "P0 may not pass 2♦ 3♦ 4♦: 2♦ is not in this game's deck (Rules.removed: 2♦)."
    )


def test_a_pass_in_a_hold_hand() -> None:
    """Hand 4 of the standard cycle passes no cards: play starts at once."""
    state = hearts.from_hands(BY_SUIT, hand_number=3)
    assert refusal(state, Pass(0, "2C 3C 4C")) == (
        "P0 may not pass 2♣ 3♣ 4♣: hand 4 is a hold hand, with no pass; it is P0's turn to play."
    )


def test_a_pass_after_the_cards_have_changed_hands() -> None:
    state = passing()
    for seat in range(4):
        state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
    assert state.phase is Phase.PLAY
    leader = state.to_move[0]
    assert refusal(state, Pass(leader, CardSet(list(state.hands[leader])[:3]))) == (
        f"P{leader} may not pass {CardSet(list(state.hands[leader])[:3])}: the cards of this "
        f"hand have been passed; it is P{leader}'s turn to play."
    )


def test_passes_of_no_cards_and_of_two_are_refused_alike() -> None:
    """Each player passes exactly Rules.pass_count cards: 0 is as wrong as 2, and so worded."""
    state = passing()
    hand = list(state.hands[0])
    read = hearts.move_from_dict({"type": "pass", "player": 0, "cards": ""})
    assert read == Pass(0, "") == hearts.parse_move("P0 passes")
    assert refusal(state, read) == (
        "P0 may not pass no cards: each player passes exactly 3 cards left this hand, not 0."
    )
    two = Pass(0, CardSet(hand[:2]))
    assert refusal(state, two) == (
        f"P0 may not pass {two.cards}: each player passes exactly 3 cards left this hand, not 2."
    )


@pytest.mark.parametrize("text", ["Q♠\ufe0f", "Q♠\ufe0e", "ＱＳ", "ｑ♠", " Q♠️ "])
def test_card_text_as_phones_and_wide_keyboards_write_it(text: str) -> None:
    assert Card.parse(text) == Card("QS") == Play(0, text).card
    assert CardSet(f"{text} 2C") == CardSet("QS 2C") == CardSet(f"{text}\uff0c2C")
    assert hearts.parse_move(f"P1 plays {text.strip()}") == Play(1, "QS")


def test_card_text_with_an_invisible_character_names_it() -> None:
    with pytest.raises(hearts.NotationError, match=r"^'Q\\u200b♠' is not a card"):
        Card.parse("Q\u200b♠")


# --- one move from JSON text: hearts.loads_move --------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "play", "player": 1, "card": "Q', r"^move: the text is not JSON: "),
        (b'{"type": "play", "player": 1, "card": "Q\xff"}', r"^move: the bytes are not text: "),
        (
            '{"type": "play", "player": ' + "9" * 2000 + ', "card": "QS"}',
            r"^move\.player: must be a seat, a whole number from 0 to 3 \(P0 to P3\), got a "
            r"number of 2,000 digits\.$",
        ),
        ('{"type": "play", "player": 1, "card": "QS", "x": 1}', r"^move: has an unknown field 'x'"),
        ('{"type": "play", "type": "play"}', r"^move: a JSON object gives the key 'type' twice\.$"),
        ('{"type": "play", "player": 1, "card": NaN}', r"^move: NaN is not a JSON number\.$"),
        (
            '{"type": "play", "player": 1, "card": "JK1"}',
            r"^move\.card: is JK1, which is not in this",
        ),
        ('{"type": "play", "player": 5, "card": "QS"}', r"^move\.player: must be a seat"),
        (
            "[" * 100_000,
            r"^move: the text is at least 100,000 bytes long, more than the limit of 4,096",
        ),
        (
            '"' + "x" * 5000 + '"',
            r"^move: the text is at least 5,002 bytes long, more than the limit",
        ),
        ("[1]", r"^move: must be a JSON object \(a move\), got \[1\]\.$"),
    ],
)
def test_a_move_read_from_json_text_refuses_whatever_is_malformed(
    text: str | bytes, message: str
) -> None:
    with pytest.raises(RecordError, match=message) as refused:
        hearts.loads_move(text, Rules())
    assert refused.value.path.startswith("move")


def test_a_move_read_from_json_text_round_trips() -> None:
    rules = Rules(players=3, jokers=2)
    for move in (Play(2, "JK2"), Pass(0, "2C 3C QS"), hearts.Claim(1), Pass(1, "")):
        text = json.dumps(hearts.move_to_dict(move))
        assert hearts.loads_move(text, rules) == move
        assert hearts.loads_move(text.encode(), rules) == move


def test_loads_move_says_what_it_needs() -> None:
    with pytest.raises(
        TypeError, match=r"^loads_move needs JSON text .*; hearts\.move_from_dict reads"
    ):
        hearts.loads_move({"type": "claim", "player": 0}, Rules())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^loads_move needs a hearts\.Rules value for rules"):
        hearts.loads_move('{"type": "claim", "player": 0}', "standard")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^move: the JSON is nested too deeply\.$"):
        hearts.loads_move("[" * 100_000, Rules(), max_bytes=None)
    with pytest.raises(RecordError, match=r"more than the limit of 10 \(max_bytes"):
        hearts.loads_move('{"type": "claim", "player": 0}', Rules(), max_bytes=10)
