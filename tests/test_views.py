"""Player views: exactly what one seat may know (issue 7, "Views")."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import CLUBS, DIAMONDS, HEARTS, SPADES, hold_hand, play
from sampling_checks import random_positions
from test_properties import rules_strategy

import hearts
from hearts import CardSet, Claim, HeartsError, Pass, Phase, PlayerView, Rules, State, Suit


def test_view_holds_own_hand_and_what_was_played() -> None:
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "2H", "2S", "3C")
    seen = hearts.view(state, 1)
    assert seen.hand == state.hands[1]
    assert seen.hand_sizes == (11, 12, 12, 12)
    assert seen.trick == state.trick and seen.tricks == state.tricks
    assert seen.taken_masks == state.taken_masks and seen.hearts_broken
    assert seen.to_move == (1,) and seen.current_player == 1
    assert seen.unseen_mask == hearts.Rules().deck_mask & ~seen.hand_mask & ~seen.played_mask
    assert seen.unseen_mask.bit_count() == 35


def test_states_differing_only_in_unseen_cards_give_equal_views() -> None:
    # P0 sees its clubs only; P1, P2 and P3 may hold the other suits in any order.
    first = hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES])
    second = hold_hand([CLUBS, SPADES, DIAMONDS, HEARTS])
    assert first != second
    assert hearts.view(first, 0) == hearts.view(second, 0)
    assert hearts.view(first, 1) != hearts.view(second, 1)


def test_swapping_unplayed_cards_between_others_keeps_the_view() -> None:
    # After a trick, swap a card between P2 and P3 that neither has shown void in.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AD",
        "AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    swapped = list(hands)
    swapped[1] = hands[1].replace("KD", "KS")
    swapped[3] = hands[3].replace("KS", "KD")
    first = play(hold_hand(hands), "2C", "2D", "AD", "3S")
    second = play(hold_hand(swapped), "2C", "2D", "AD", "3S")
    assert first.hand_masks != second.hand_masks
    assert hearts.view(first, 0) == hearts.view(second, 0)
    assert hearts.view(first, 2) == hearts.view(second, 2)


def test_not_following_suit_shows_a_void() -> None:
    # Standard rules, pagat.com: "each player must follow suit if possible".
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D")
    seen = hearts.view(state, 0)
    assert seen.voids[1] == (Suit.CLUBS,)
    assert seen.ruled_out[1] == CardSet(CLUBS)
    assert seen.voids[2] == () and seen.voids[0] == ()


def test_a_heart_led_before_hearts_are_broken_rules_out_every_other_suit() -> None:
    # Standard rules (Rules.must_break_hearts): hearts may not be led until broken unless
    # the leader holds nothing else, so such a lead shows a hand of hearts only.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
        DIAMONDS,
        "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        SPADES,
    ]
    state = play(hold_hand(hands), "2C", "2D", "AC", "2S", "5H")
    assert not state.tricks[0].mask & hearts.HEARTS.mask
    seen = hearts.view(state, 0)
    assert seen.ruled_out[2] == CardSet.from_mask(hearts.Rules().deck_mask & ~hearts.HEARTS.mask)
    assert seen.voids[2] == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


def test_no_inference_while_following_or_leading_freely() -> None:
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "2H", "2S", "3C")
    assert hearts.view(state, 0).ruled_out_masks[0] == 0
    # P0 led 3♣ with hearts broken: a lead reveals nothing.
    assert hearts.view(state, 1).ruled_out[0] == CardSet()


def test_before_the_exchange_no_cards_are_received() -> None:
    # Standard passing: the cards change hands only once every player has passed.
    dealt = hearts.new_game(seed=3)
    dealt = hearts.apply(dealt, hearts.legal_moves(dealt)[0])
    state = dealt
    for seat in (0, 1, 2):
        state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
    seen = hearts.view(state, 1)
    assert seen.phase is Phase.PASS and seen.to_move == (3,)
    assert seen.passed == state.passed[1] and seen.received == CardSet()
    assert seen.known_masks == (0, seen.hand_mask, 0, 0)
    assert seen.hand_sizes == (13, 13, 13, 13)
    # P1 does not see what P0 and P2 chose: other passes give the same view.
    other = dealt
    for seat in (0, 1, 2):
        other = hearts.apply(other, hearts.legal_moves(other, seat)[-1 if seat != 1 else 0])
    assert other.passed_masks != state.passed_masks
    assert hearts.view(other, 1) == seen


def test_after_the_exchange_passed_cards_are_known_until_played() -> None:
    state = hearts.new_game(seed=3)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    for seat in range(4):
        state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
    assert state.pass_direction is hearts.PassDirection.LEFT
    seen = hearts.view(state, 0)
    assert seen.received == state.passed[3]
    assert seen.known[1] == state.passed[0]
    leader_club = 1 << hearts.TWO_OF_CLUBS if state.leader != 0 else 0
    expected = [seen.hand_mask, state.passed_masks[0], 0, 0]
    expected[state.leader] |= leader_club
    assert list(seen.known_masks) == expected
    rng = random.Random(1)
    while state.phase is Phase.PLAY:
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
        if state.phase is Phase.PLAY and state.tricks:
            seen = hearts.view(state, 0)
            assert seen.known_masks[1] == state.passed_masks[0] & state.hand_masks[1]


def test_the_holder_of_the_lowest_club_is_known_before_the_first_lead() -> None:
    # Standard rules: the holder of 2♣ leads it to the first trick, so it is to move.
    state = hold_hand([DIAMONDS, CLUBS, HEARTS, SPADES])
    seen = hearts.view(state, 0)
    assert seen.to_move == (1,) and hearts.TWO_OF_CLUBS in seen.known[1]
    assert hearts.TWO_OF_CLUBS not in hearts.view(play(state, "2C"), 0).known[1]


def test_finished_hands_show_only_what_the_seat_saw() -> None:
    """Rule (issue 13): a finished hand in a view keeps its tricks, points and scores, and
    of the hidden cards only the seat's own dealt hand, pass and the cards it received: no
    table shows a player what two others passed each other."""
    state = hearts.new_game(seed=8)
    while not state.results:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, 2)
    result, shown = state.results[0], seen.results[0]
    assert result.pass_direction is hearts.PassDirection.LEFT  # P1 passed to P2, P2 to P3
    assert shown.dealt == (CardSet(), CardSet(), result.dealt[2], CardSet())
    assert shown.passed == (CardSet(), result.passed[1], result.passed[2], CardSet())
    for name in ("tricks", "claim", "points", "changes", "scores", "winners", "moon"):
        assert getattr(shown, name) == getattr(result, name)
    assert seen.phase is Phase.DEAL
    assert seen.hand_sizes == (0, 0, 0, 0) and seen.unseen_mask == 0
    assert hearts.legal_moves(seen) == ()


def test_a_sampled_state_shows_another_seat_nothing_the_sampler_saw() -> None:
    """Secrets: a state drawn from P1's view keeps P1's finished hands as P1 saw them; a view
    of it for another seat must not show P1's dealt hand or pass (a bot may view a sample
    from any seat)."""
    state = hearts.new_game(seed=8)
    while not (state.results and state.phase is Phase.PLAY):
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    drawn = hearts.sample(hearts.view(state, 1), random.Random(0))
    own = hearts.view(drawn, 1).results[0]
    assert own.dealt[1] == state.results[0].dealt[1]
    for seat in (0, 2, 3):
        shown = hearts.view(drawn, seat).results[0]
        assert shown.dealt[1] == CardSet(), f"P{seat} sees P1's dealt hand"
        assert shown.dealt == hearts.view(pickle.loads(pickle.dumps(drawn)), seat).results[0].dealt


def test_a_view_with_finished_hands_round_trips_and_refuses_what_it_did_not_see() -> None:
    state = hearts.new_game(seed=8)
    while len(state.results) < 2:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, 2)
    data = json.loads(json.dumps(hearts.view_to_dict(seen)))
    assert hearts.view_from_dict(data) == seen
    data["results"][0]["dealt"][0] = " ".join(card.ascii for card in state.results[0].dealt[0])
    with pytest.raises(
        hearts.RecordError,
        match=r"view\.results\[0\]\.dealt\[0\]: must be empty: P2 did not see P0's dealt hand",
    ):
        hearts.view_from_dict(data)
    data = json.loads(json.dumps(hearts.view_to_dict(seen)))
    data["results"][0]["passed"][0] = " ".join(card.ascii for card in state.results[0].passed[0])
    with pytest.raises(hearts.RecordError, match=r"P2 did not see what P0 passed"):
        hearts.view_from_dict(data)


@settings(max_examples=25, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_legal_moves_of_a_view_are_the_players_own(rules: Rules, seed: int) -> None:
    for state in random_positions(rules, seed, every=5):
        for player in range(rules.players):
            from_view = list(hearts.legal_moves(hearts.view(state, player)))
            from_state = list(hearts.legal_moves(state, player))
            if from_view != from_state:
                # Only a claim may differ: the view offers it only when it is surely safe.
                assert [m for m in from_view if not isinstance(m, Claim)] == [
                    m for m in from_state if not isinstance(m, Claim)
                ]
                assert set(from_view) <= set(from_state)


def test_a_claim_is_offered_on_a_view_only_when_safe_against_any_deal() -> None:
    # TRAM (Rules.claims): the claimer must win every trick however the others play.
    rules = Rules(claims=True)
    hands = [
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        DIAMONDS,
        HEARTS,
        SPADES,
    ]
    state = hold_hand(hands, rules=rules)
    assert Claim(0) in hearts.legal_moves(hearts.view(state, 0))


def test_views_are_hashable_picklable_and_json() -> None:
    state = hearts.new_game(seed=21)
    rng = random.Random(2)
    for _ in range(30):
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
    seen = hearts.view(state, 3)
    assert hash(seen) == hash(hearts.view(state, 3))
    assert pickle.loads(pickle.dumps(seen)) == seen
    text = json.dumps(hearts.view_to_dict(seen))
    assert hearts.view_from_dict(json.loads(text)) == seen
    with pytest.raises(AttributeError, match="PlayerView is immutable"):
        seen.player = 1


def test_view_refuses_bad_input_with_a_sentence() -> None:
    state = hearts.new_game(seed=1)
    with pytest.raises(HeartsError, match="P7 is not a seat: this game has seats P0 to P3"):
        hearts.view(state, 7)
    with pytest.raises(TypeError, match=r"view needs a hearts\.State"):
        hearts.view("state", 0)  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"legal_moves needs a hearts\.State or a hearts\.PlayerView"
    ):
        hearts.legal_moves(object())  # type: ignore[arg-type]


def test_a_view_offers_no_pass_after_the_player_passed() -> None:
    state = hearts.new_game(seed=3)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    state = hearts.apply(state, hearts.legal_moves(state, 0)[0])
    assert hearts.legal_moves(hearts.view(state, 0)) == ()
    moves = hearts.legal_moves(hearts.view(state, 1))
    assert len(moves) == 286 and all(isinstance(m, Pass) and m.player == 1 for m in moves[:3])


def test_view_type_is_public() -> None:
    assert isinstance(hearts.view(hearts.new_game(seed=1), 0), PlayerView)
    assert isinstance(hearts.sample(hearts.view(hearts.new_game(seed=1), 0)), State)


def test_a_barred_card_following_suit_on_the_first_trick_rules_out_the_rest_of_the_suit() -> None:
    """Rule: on the first trick a barred card of the suit led may follow only when every card
    of that suit the player holds is barred (Wikipedia, seed 003), so playing one shows the
    player holds no other card of the suit. Black Maria's point cards under the standard
    first-trick ban (the preset itself has none, as its sources)."""
    maria = hearts.Rules.preset("black-maria").replace(
        pass_cycle="none", first_trick="penalty_barred"
    )
    state = hearts.from_hands(
        [
            "2S 4S 5S 6S 7S 8S 9S TS JS 7C 8C 9C TC JC QC KC AC",
            "3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C 4C 5C",
            "QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 6C",
        ],
        maria,
    )
    assert state.to_move == (1,)  # hand 0: P0 deals, P1 leads
    state = hearts.apply(state, hearts.Play(1, "3S"))
    state = hearts.apply(state, hearts.Play(2, "KS"))
    seen = hearts.view(state, 1)
    assert hearts.CardSet("2S 4S 5S 6S 7S 8S 9S TS JS") <= seen.ruled_out[2]
    assert hearts.CardSet("QS AS") & seen.ruled_out[2] == hearts.CardSet()
    world = hearts.sample(seen, random.Random(3))
    assert world.hands[2] & hearts.CardSet("2S 4S 5S 6S 7S 8S 9S TS JS") == hearts.CardSet()
