"""Hypothesis properties: random games under random valid Rules keep every invariant."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import hearts
from hearts import CardSet, IllegalMoveError, Pass, PassDirection, Phase, Play, Rules, State
from hearts.cards import DECK


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    players = draw(st.integers(3, 7))
    directions = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD]
    if players % 2 == 0:
        directions.append(PassDirection.ACROSS)
    cycle = draw(st.lists(st.sampled_from(directions), min_size=1, max_size=5))
    removed = hearts.rules.default_removed(players)
    if draw(st.booleans()):
        # Another valid removal: as many cards as the default, or a whole round more.
        count = len(removed) + players * draw(st.integers(0, 1))
        cards = draw(st.permutations(range(13, 52)))[:count]  # keep every club
        removed = CardSet(cards)
    hand_size = (52 - len(removed)) // players
    return Rules(
        players=players,
        removed=removed,
        pass_count=draw(st.integers(1, min(4, hand_size))),
        pass_cycle=cycle,
        target=draw(st.integers(1, 60)),
    )


def check_cards_conserved(state: State) -> None:
    """Every card of the deck is in exactly one place: a hand, the trick or a taken pile."""
    places = [*state.hand_masks, *state.taken_masks, CardSet(state.trick).mask]
    union = 0
    for mask in places:
        assert union & mask == 0, "a card is in two places"
        union |= mask
    if state.phase in (Phase.PASS, Phase.PLAY):
        assert union == state.rules.deck_mask
        sizes = [mask.bit_count() for mask in state.hand_masks]
        played = [(state.leader + i) % state.players for i in range(len(state.trick))]
        expected = state.rules.hand_size - len(state.tricks)
        assert sizes == [expected - (seat in played) for seat in range(state.players)]
        for seat in range(state.players):
            assert (
                state.passed_masks[seat] & ~state.hand_masks[seat] == 0 or state.phase is Phase.PLAY
            )
    else:
        assert union == 0
    assert union & ~DECK == 0


def check_scores(state: State) -> None:
    rules = state.rules
    totals = [0] * state.players
    for result in state.results:
        assert sum(result.points) == rules.moon_points
        if result.moon is None:
            assert result.changes == result.points
        else:
            assert sum(result.changes) == (state.players - 1) * rules.moon_points
        assert sum(len(trick.cards) for trick in result.tricks) == len(rules.deck)
        totals = [total + change for total, change in zip(totals, result.changes, strict=True)]
        assert tuple(totals) == result.scores
    assert tuple(totals) == state.scores


def check_moves(
    state: State, moves: hearts.engine.Sequence[hearts.Move], rng: random.Random
) -> None:
    """Every legal move applies; every other card and every other seat is refused."""
    if state.phase is Phase.PLAY:
        seat = state.to_move[0]
        legal = CardSet(move.card for move in moves if isinstance(move, Play))
        assert len(legal) == len(moves) > 0
        for move in moves:
            hearts.apply(state, move)
        for card in CardSet.from_mask(state.rules.deck_mask) - legal:
            try:
                hearts.apply(state, Play(seat, card))
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"{Play(seat, card)} was accepted but is not legal")
        other = (seat + 1) % state.players
        for card in CardSet.from_mask(state.hand_masks[other]):
            try:
                hearts.apply(state, Play(other, card))
            except IllegalMoveError:
                pass
            else:
                raise AssertionError("a seat played out of turn")
    elif state.phase is Phase.PASS:
        for move in rng.sample(list(moves), 3):
            hearts.apply(state, move)
        seat = state.to_move[0]
        hand = list(CardSet.from_mask(state.hand_masks[seat]))
        count = state.rules.pass_count
        for wrong in (hand[: count - 1], hand[: count + 1]):
            if len(wrong) != count:
                try:
                    hearts.apply(state, Pass(seat, wrong))
                except IllegalMoveError:
                    pass
                else:
                    raise AssertionError("a pass of the wrong size was accepted")


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    max_hands = rules.players * rules.target // rules.moon_points + 2
    while not state.is_over:
        assert state.hand_number <= max_hands, "the game does not end"
        check_cards_conserved(state)
        moves = hearts.legal_moves(state)
        check_moves(state, moves, rng)
        frozen = pickle.dumps(state)
        move = moves[rng.randrange(len(moves))]
        following = hearts.apply(state, move)
        assert pickle.dumps(state) == frozen, "apply changed its input"
        assert hash(following) == hash(pickle.loads(pickle.dumps(following)))
        state = following
    check_cards_conserved(state)
    check_scores(state)
    assert max(state.scores) >= rules.target
    assert state.winners == tuple(s for s, v in enumerate(state.scores) if v == min(state.scores))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_standard_hands_add_up_to_26_or_78(seed: int) -> None:
    """Each hand's changes sum to 26, or 78 when somebody shoots the moon."""
    rng = random.Random(seed)
    state = hearts.new_game(seed=seed)
    while not state.is_over:
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    for result in state.results:
        assert sum(result.points) == 26
        assert sum(result.changes) == (78 if result.moon is not None else 26)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_same_seed_same_game(seed: int) -> None:
    def run() -> State:
        rng = random.Random(seed)
        state = hearts.new_game(seed=seed)
        while not state.is_over:
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
        return state

    assert run() == run()
