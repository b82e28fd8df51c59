"""The engine's fast paths give exactly what the plain ones give.

* ``engine.apply_unchecked`` returns the same state as ``apply`` for every legal move, under
  random valid rules (Hypothesis) and in long random games of the presets;
* the seeded shuffle is ``random.Random(text).shuffle``, including its rare fallback;
* the lazy pass sequence unranks every pass in the order of its iteration;
* the per-suit tables of plays give the plays of every card, in order.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import rules_strategy

import hearts
from hearts import CardSet, Phase, Play, Rules
from hearts.game import engine, transitions


def play_both_ways(rules: Rules, seed: int, hands: int | None = None) -> int:
    """Play a random game with apply and apply_unchecked side by side; moves compared."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    compared = 0
    while not state.is_over and (hands is None or len(state.results) < hands):
        moves = hearts.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        checked = hearts.apply(state, move)
        unchecked = engine.apply_unchecked(state, move)
        assert unchecked == checked, f"{move} from {state}"
        assert type(unchecked) is hearts.State
        assert hash(unchecked) == hash(checked)
        state = unchecked
        compared += 1
    return compared


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_unchecked_gives_the_same_states_under_any_rules(rules: Rules, seed: int) -> None:
    play_both_ways(rules, seed, hands=3)


@pytest.mark.parametrize("name", sorted(hearts.Rules.preset_names()))
def test_unchecked_gives_the_same_states_in_whole_games(name: str) -> None:
    assert play_both_ways(Rules.preset(name), seed=len(name)) > 50


def test_unchecked_still_checks_every_move_but_plays() -> None:
    state = hearts.new_game(seed=1)
    with pytest.raises(hearts.IllegalMoveError, match="waits for the deal"):
        engine.apply_unchecked(state, hearts.Pass(0, "2C 3C 4C"))
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    with pytest.raises(hearts.IllegalMoveError, match="does not hold"):
        hand = CardSet.from_mask(state.hand_masks[1])
        engine.apply_unchecked(state, hearts.Pass(0, list(hand)[:3]))


def test_apply_refuses_what_unchecked_would_take() -> None:
    # An illegal play: apply raises, the unchecked path does not look.
    suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    state = hearts.from_hands(suits, hand_number=3)
    with pytest.raises(hearts.IllegalMoveError, match="must be led with 2♣"):
        hearts.apply(state, Play(0, "3C"))
    assert engine.apply_unchecked(state, Play(0, "3C")).trick == (hearts.Card("3C"),)


@pytest.mark.parametrize(("count", "extra"), [(1, 0), (2, 0), (3, 0), (3, 5), (9, 5), (4, 2)])
def test_pass_moves_index_in_iteration_order(count: int, extra: int) -> None:
    # 13 + 5 cards choose 9 has too many passes for a table: the arithmetic unranking runs.
    rng = random.Random(count * 10 + extra)
    cards = rng.sample(range(52), 13 + extra)
    hands = (CardSet(cards).mask, CardSet(cards[:-1]).mask)
    moves = hearts.PassMoves((0, 1), hands, count)
    listed = list(moves)
    assert len(listed) == len(moves)
    picks = range(len(moves)) if len(moves) < 3000 else rng.sample(range(len(moves)), 3000)
    for index in picks:
        assert moves[index] == listed[index]
        assert moves[index - len(moves)] == listed[index]


def test_plays_come_in_card_order_for_any_mask() -> None:
    rng = random.Random(5)
    for _ in range(500):
        seat = rng.randrange(7)
        mask = rng.getrandbits(55)
        expected = tuple(Play(seat, card) for card in hearts.game.cards.cards_of(mask))
        assert transitions.plays_of(seat, mask) == expected


def test_the_phase_constants_are_the_members() -> None:
    assert (transitions._DEAL, transitions._PASS, transitions._PLAY) == (
        Phase.DEAL,
        Phase.PASS,
        Phase.PLAY,
    )
