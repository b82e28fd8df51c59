"""Moves checked against the seat that sent them: ``hearts.apply(state, move, by=seat)``.

A server applies what a client sends as that client's seat. Secrets stay secret: a move of
another seat (or a deal) is refused before any rule is read, in a sentence that names only
seats; and every other answer to seat ``s`` (which move is refused, in which words) depends
on nothing ``s`` has not seen: it names no card ``s`` cannot see, and it is the same in
every deal ``s`` cannot tell from the real one (drawn with :func:`hearts.sample`).
"""

from __future__ import annotations

import random
import re

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings
from sampling_checks import random_positions
from test_properties import rules_strategy

import hearts
from hearts import (
    CardSet,
    ChoosePass,
    Claim,
    Deal,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    Rules,
    ShootChoice,
    State,
)
from hearts.game.cards import CARDS, NUMBER_OF_CARDS, QUEEN_OF_SPADES

_CARD_NAMES = sorted((str(card) for card in CARDS), key=len, reverse=True)
_CARD_TEXT = re.compile("|".join(re.escape(name) for name in _CARD_NAMES))
_BY_NAME = {str(card): int(card) for card in CARDS}


def named_cards(sentence: str) -> int:
    """The mask of the cards a sentence names, as ``str(card)`` writes them."""
    mask = 0
    for match in _CARD_TEXT.finditer(sentence):
        mask |= 1 << _BY_NAME[match[0]]
    return mask


def seen_by(state: State, seat: int) -> int:
    """Every card ``seat`` has seen, or that the rules name (so anyone may read them)."""
    seen = hearts.view(state, seat)
    mask = seen.hand_mask | seen.dealt_mask | seen.passed_mask | seen.received_mask
    mask |= seen.played_mask
    for taken in (*seen.taken_masks, *seen.known_masks):
        mask |= taken
    rules = state.rules
    named = 1 << rules.lowest_club | rules.first_trick_barred | 1 << QUEEN_OF_SPADES
    named |= rules.removed.mask | rules.unpassable.mask | rules.penalty_mask
    return mask | named | (rules.deck_mask & ~hearts.DECK.mask)


def sent_by(state: State, seat: int, rng: random.Random) -> list[hearts.Move]:
    """Moves a client of ``seat`` might send: its own of every kind, and others' (forged)."""
    rules = state.rules
    others = [other for other in range(rules.players) if other != seat]
    hand = sorted(state.hands[seat])
    somebody = rng.choice(others)
    elsewhere = sorted(state.hands[somebody])
    moves: list[hearts.Move] = [Play(seat, card) for card in range(NUMBER_OF_CARDS)]
    count = max(rules.pass_count, 1)
    for cards in (
        hand[:count],
        hand[: count - 1],
        [],
        hand[: count + 1],
        [*hand[: count - 1], *elsewhere[:1]],
        rng.sample(range(NUMBER_OF_CARDS), count),
    ):
        moves.append(Pass(seat, cards))
    moves += [Claim(seat), ShootChoice(seat, "add"), ShootChoice(seat, "subtract")]
    moves += [ChoosePass(seat, d, c) for d, c in ((hearts.PassDirection.HOLD, 0), ("left", 1))]
    moves += [
        Play(somebody, card) for card in (*elsewhere[:3], *rng.sample(range(NUMBER_OF_CARDS), 3))
    ]
    moves += [Pass(somebody, elsewhere[:count]), Claim(somebody), ShootChoice(somebody, "add")]
    moves.append(ChoosePass(somebody, "left", 1))
    moves.append(Deal([CardSet.from_mask(mask) for mask in state.dealt_masks]))
    return moves


def answer(state: State, move: hearts.Move, seat: int) -> str | None:
    """What ``apply(state, move, by=seat)`` answers: None if it is applied, else the refusal."""
    try:
        hearts.apply(state, move, by=seat)
    except IllegalMoveError as error:
        return str(error)
    return None


@settings(max_examples=25, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), draw=st.integers(0, 2**32))
def test_a_seat_learns_nothing_hidden_from_the_answers_to_its_moves(
    rules: Rules, seed: int, draw: int
) -> None:
    rng = random.Random(draw)
    checked = 0
    for state in random_positions(rules, seed, every=11):
        # Half the time the seat to move, whose plays and claims the rules judge.
        seat = rng.choice((rng.randrange(rules.players), state.to_move[0]))
        seen = seen_by(state, seat)
        other_world = hearts.sample(hearts.view(state, seat), rng)
        for move in sent_by(state, seat, rng):
            said = answer(state, move, seat)
            # The same answer, word for word, in a deal the seat cannot tell from this one.
            assert answer(other_world, move, seat) == said, (move, state)
            if said is None:
                continue
            checked += 1
            forged = isinstance(move, Deal) or move.player != seat
            if forged:
                assert not named_cards(said), said
                assert said.startswith(f"P{seat} may not "), said
                continue
            own = move.cards.mask if isinstance(move, Pass) else 0
            own |= 1 << move.card if isinstance(move, Play) else 0
            hidden = named_cards(said) & ~seen & ~own
            assert not hidden, (said, CardSet.from_mask(hidden))
    assert checked or not random_positions(rules, seed, every=11)


@settings(max_examples=15, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_a_claim_sent_by_a_seat_is_accepted_exactly_when_its_view_offers_it(
    rules: Rules, seed: int
) -> None:
    """Every position of a random game with claims: the answer is the view's, not the deal's."""
    rules = rules.replace(claims=True)
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    while not state.is_over:
        moves = hearts.legal_moves(state)
        if state.phase is Phase.PLAY:
            seat = state.to_move[0]
            offered = Claim(seat) in hearts.legal_moves(hearts.view(state, seat))
            assert (answer(state, Claim(seat), seat) is None) == offered
        state = hearts.apply(state, moves[rng.randrange(len(moves))])


# --- forged moves: refused first, naming seats only --------------------------------------

BY_SUIT = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]


def test_a_move_for_another_seat_is_refused_before_any_rule() -> None:
    """P2 sends "P1 plays 3H" while P1 is to move: refused, naming no card (issue 27)."""
    state = hearts.from_hands(BY_SUIT, hand_number=3)
    state = hearts.apply(state, Play(0, "2C"))  # P1 is to move
    with pytest.raises(IllegalMoveError) as refused:
        hearts.apply(state, Play(1, "3H"), by=2)
    assert str(refused.value) == (
        "P2 may not move for P1: a seat makes only its own moves, so a move sent by P2 must "
        "have player 2."
    )
    # Without by=, the same move is judged by the rules (and P1 holds no hearts here).
    with pytest.raises(IllegalMoveError, match="P1 does not hold it"):
        hearts.apply(state, Play(1, "3H"))


def test_probing_another_seats_hand_card_by_card_gets_one_answer() -> None:
    state = hearts.apply(hearts.from_hands(BY_SUIT, hand_number=3), Play(0, "2C"))
    answers = {answer(state, Play(1, card), 3) for card in range(52)}
    assert answers == {
        "P3 may not move for P1: a seat makes only its own moves, so a move sent by P3 must "
        "have player 3."
    }


def test_a_seat_may_not_deal() -> None:
    state = hearts.new_game(seed=4)
    deal = hearts.legal_moves(state)[0]
    with pytest.raises(IllegalMoveError, match=r"^P0 may not deal: a deal is a chance move"):
        hearts.apply(state, deal, by=0)
    assert hearts.apply(state, deal).phase is Phase.PASS


def test_by_must_be_a_seat_of_the_game() -> None:
    state = hearts.new_game(seed=4)
    with pytest.raises(hearts.HeartsError, match=r"^P4 is not a seat: this game has seats P0"):
        hearts.apply(state, Play(4, "2C"), by=4)
    with pytest.raises(TypeError, match="A seat is an int"):
        hearts.apply(state, Play(0, "2C"), by="0")  # type: ignore[arg-type]


def test_a_seats_own_legal_moves_are_applied_as_without_by() -> None:
    state = hearts.new_game(seed=12)
    rng = random.Random(3)
    while not state.is_over:
        move = rng.choice(list(hearts.legal_moves(state)))
        if isinstance(move, Deal):
            state = hearts.apply(state, move)
            continue
        assert hearts.apply(state, move, by=move.player) == hearts.apply(state, move)
        state = hearts.apply(state, move, by=move.player)


# --- claims: judged on what the claimer has seen ------------------------------------------


def test_a_claim_sent_by_a_seat_is_judged_on_what_it_has_seen() -> None:
    """A claim that only the real deal makes safe is refused when the claimer sends it.

    Otherwise a refused or accepted claim would tell the claimer where the unseen cards
    lie. Sent by its seat, a claim must be safe in every deal the claimer cannot tell from
    the real one: the claims ``legal_moves(view)`` offers (Rules.claims: "only when it
    cannot lose a trick"). The position is found by random play rather than built by hand,
    so that the test does not rest on a hand analysis of its own.
    """
    rules = Rules(claims=True)
    state = _claim_safe_only_on_the_real_deal(rules)
    seat = state.to_move[0]
    assert Claim(seat) in hearts.legal_moves(state)  # safe on the real deal
    assert Claim(seat) not in hearts.legal_moves(hearts.view(state, seat))
    with pytest.raises(IllegalMoveError) as refused:
        hearts.apply(state, Claim(seat), by=seat)
    assert "from what it has seen, another player could still win a trick" in str(refused.value)
    assert str(refused.value).endswith("; play a card instead.")
    assert hearts.apply(state, Claim(seat)).phase is not Phase.PLAY  # without by: the real deal


def _claim_safe_only_on_the_real_deal(rules: Rules) -> State:
    """A position from random play where a claim is safe, though not from the claimer's view."""
    for seed in range(2000):
        rng = random.Random(seed)
        state = hearts.new_game(rules, seed=seed)
        while not state.is_over and len(state.results) < 1:
            moves = hearts.legal_moves(state)
            if state.phase is Phase.PLAY:
                seat = state.to_move[0]
                if Claim(seat) in moves and Claim(seat) not in hearts.legal_moves(
                    hearts.view(state, seat)
                ):
                    return state
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    raise AssertionError("no such position in 2,000 random games")
