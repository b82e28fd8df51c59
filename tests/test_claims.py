"""The claim rule (TRAM) checked against a brute-force search of every play.

Rule (issue 13): a claim is allowed when the claimer wins every remaining trick whatever
the others play, the claimer choosing its own plays. The engine decides it with a pruned
search (quick tests at each lead, one card per kind for the others); here every legal play
of every seat is tried, with :func:`hearts.apply`, on endgames of random games under many
rules, and on first tricks of small decks, where the first-trick ban applies.
"""

from __future__ import annotations

import random

import pytest
from references import endgames, wins_every_trick

import hearts
from hearts import Card, CardSet, Phase, Play, Rules
from hearts.game.transitions import claim_allowed as _claim_is_safe

RULES = {
    "standard": Rules(claims=True),
    "forced-discard": Rules(claims=True, forced_discard=True),
    "queen-breaks": Rules(
        claims=True, queen_breaks_hearts=True, can_lead_hearts_instead_of_queen=True
    ),
    "jokers": Rules(claims=True, players=3, jokers=2),
    "five-jokers": Rules(claims=True, players=5, jokers=3),
    "black-maria": Rules.preset("black-maria").replace(claims=True),
    "hooligan": Rules.preset("hooligan").replace(claims=True, first_trick="first_turn_hearts"),
    "seven": Rules(claims=True, players=7),
    "open-lead": Rules(claims=True, first_lead="left_of_dealer", must_break_hearts=False),
}


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
@pytest.mark.parametrize("name", sorted(RULES))
def test_claims_agree_with_a_search_of_every_play_in_endgames(name: str) -> None:
    rules = RULES[name]
    left = 3 if rules.players >= 5 else 4
    verdicts = {True: 0, False: 0}
    for seed in range(40):
        for state in endgames(rules, seed, left):
            seat = state.to_move[0]
            expected = wins_every_trick(state, seat)
            assert _claim_is_safe(state, seat) is expected, (name, seed, state)
            assert (hearts.Claim(seat) in hearts.legal_moves(state)) is expected
            verdicts[expected] += 1
    assert verdicts[True] > 20 and verdicts[False] > 20, verdicts


def small_deck(rng: random.Random, players: int, size: int) -> Rules:
    """Rules whose deck is ``players * size`` random cards, with a club and a heart."""
    while True:
        deck = CardSet(rng.sample(list(hearts.Rules().deck), players * size))
        if deck & CardSet("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC") and deck & CardSet(
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
        ):
            return Rules(players=players, removed=Rules().deck - deck, pass_cycle="none",
                         claims=True, hands=1, target=None)  # fmt: skip


@pytest.mark.parametrize("first_trick", ["penalty_barred", "first_turn_hearts", "open"])
def test_claims_agree_with_a_search_of_every_play_on_the_first_trick(first_trick: str) -> None:
    rng = random.Random(first_trick)
    verdicts = {True: 0, False: 0}
    for _ in range(200):
        rules = small_deck(rng, 4, 3).replace(first_trick=first_trick)
        state = hearts.new_game(rules, seed=rng.randrange(1000))
        state = hearts.apply(state, hearts.legal_moves(state)[0])
        for _ in range(rng.randrange(4)):  # the lead, and some plays of the first trick
            plays = [m for m in hearts.legal_moves(state) if isinstance(m, Play)]
            state = hearts.apply(state, plays[rng.randrange(len(plays))])
        seat = state.to_move[0]
        expected = wins_every_trick(state, seat)
        assert _claim_is_safe(state, seat) is expected, state
        verdicts[expected] += 1
    assert verdicts[True] > 5 and verdicts[False] > 5, verdicts


def test_a_claimer_holding_a_joker_cannot_claim() -> None:
    """Rule: a joker never wins a trick, so its holder cannot win every trick."""
    rules = Rules(claims=True, players=3, jokers=2)
    state = hearts.new_game(rules, seed=1)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    hands = [CardSet("AS JK1"), CardSet("2S 3S"), CardSet("4S 5S")]
    state = state.replace(
        phase=Phase.PLAY, hand_masks=tuple(h.mask for h in hands), to_move=(0,), leader=0,
        trick=(), tricks=(hearts.Trick(0, (Card("2C"), Card("3C"), Card("4C")), 0),),
    )  # fmt: skip
    assert not _claim_is_safe(state, 0)


@pytest.mark.parametrize("name", ["standard", "forced-discard", "jokers", "hooligan", "seven"])
def test_a_view_offers_only_claims_safe_in_every_deal_it_allows(name: str) -> None:
    """A claim offered to a view holds in the real game and in deals sampled from the view
    (Rule, issue 13: the view offers it when it holds in every consistent deal)."""
    rules = RULES[name]
    offered = 0
    rng = random.Random(name)
    for seed in range(30):
        for state in endgames(rules, seed, 6):
            seat = state.to_move[0]
            seen = hearts.view(state, seat)
            if hearts.Claim(seat) not in hearts.legal_moves(seen):
                continue
            offered += 1
            assert _claim_is_safe(state, seat)
            for _ in range(5):
                assert _claim_is_safe(hearts.sample(seen, rng), seat)
    assert offered > 10
