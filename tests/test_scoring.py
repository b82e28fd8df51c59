"""Scoring scenarios: points, the moon, the end of the game and shared wins."""

from __future__ import annotations

from positions import BREAKING_HANDS, MOON_HANDS, hold_hand

import hearts
from hearts import CardSet, Phase, Rules, State


def play_out(state: State) -> State:
    """Play the current hand to its end, always choosing the first legal move."""
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state


def test_points_hearts_one_each_queen_of_spades_thirteen() -> None:
    """Rule: each heart is 1 point and Q♠ 13 (Windows, Bicycle, pagat)."""
    rules = Rules()
    assert hearts.hand_points(rules, CardSet("2H AH QS").mask) == 15
    assert hearts.hand_points(rules, CardSet("KS AS JD 2C").mask) == 0
    assert hearts.hand_points(rules, rules.deck_mask) == 26


def test_moon_shooter_scores_zero_and_every_other_player_twenty_six() -> None:
    """Rule: a player who takes every heart and Q♠ scores 0, the others 26 ("old moon")."""
    state = play_out(hold_hand(MOON_HANDS, scores=(10, 20, 30, 40)))
    (result,) = state.results
    assert result.points == (26, 0, 0, 0)
    assert result.moon == 0
    assert result.changes == (0, 26, 26, 26)
    assert result.scores == state.scores == (10, 46, 56, 66)
    assert sum(result.changes) == 78
    assert state.phase is Phase.DEAL
    assert state.hand_number == 4


def test_hand_result_records_the_hand() -> None:
    state = play_out(hold_hand(MOON_HANDS))
    (result,) = state.results
    assert result.hand_number == 3
    assert str(result.pass_direction) == "hold"
    assert result.dealt == tuple(CardSet(hand) for hand in MOON_HANDS)
    assert result.passed == (CardSet(),) * 4
    assert len(result.tricks) == 13
    assert all(trick.winner == 0 for trick in result.tricks)


def test_dealt_hands_are_recorded_before_passing() -> None:
    state = hearts.from_hands(BREAKING_HANDS, hand_number=0)
    for seat, cards in enumerate(("2H 3H 4H", "AH KH QH", "2D 3D 4D", "QS KS AS")):
        state = hearts.apply(state, hearts.Pass(seat, cards))
    (result,) = play_out(state).results
    assert result.dealt == tuple(CardSet(hand) for hand in BREAKING_HANDS)
    assert result.passed[3] == CardSet("QS KS AS")


def test_game_ends_after_the_hand_in_which_a_player_reaches_the_target() -> None:
    """Rule: the game ends when a total reaches 100 or more (Windows, pagat, Bicycle)."""
    state = play_out(hold_hand(MOON_HANDS, scores=(80, 74, 10, 20)))
    assert state.scores == (80, 100, 36, 46)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move == ()
    assert hearts.legal_moves(state) == ()
    assert state.winners == (2,)


def test_game_goes_on_below_the_target() -> None:
    state = play_out(hold_hand(MOON_HANDS, scores=(80, 73, 10, 20)))
    assert state.scores == (80, 99, 36, 46)
    assert not state.is_over
    assert state.winners == ()
    assert len(hearts.legal_moves(state)) == 1  # the next seeded deal


def test_equal_lowest_totals_share_the_win() -> None:
    """Rule: the lowest total wins; equal lowest totals share the win."""
    state = play_out(hold_hand(MOON_HANDS, scores=(30, 80, 4, 4)))
    assert state.scores == (30, 106, 30, 30)
    assert state.winners == (0, 2, 3)


def test_target_is_configurable() -> None:
    """Rule: some tables play to 50 (Bicycle)."""
    state = play_out(
        hearts.from_hands(MOON_HANDS, Rules(target=50), hand_number=3, scores=(0, 24, 0, 0))
    )
    assert state.is_over
    assert state.winners == (0,)
