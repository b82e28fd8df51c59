"""Independent checks of sampled states, shared by the view and sampling tests."""

from __future__ import annotations

import random

import hearts
from hearts import ChoosePass, Pass, Phase, Play, State


def history(state: State) -> list[tuple[int, int]]:
    """Every (seat, card) played this hand, in order."""
    players = state.rules.players
    plays = [
        ((trick.leader + i) % players, card)
        for trick in state.tricks
        for i, card in enumerate(trick.cards)
    ]
    plays += [((state.leader + i) % players, card) for i, card in enumerate(state.trick)]
    return plays


def replay_hand(sampled: State) -> State:
    """Play the sampled state's hand again from its dealt hands with :func:`hearts.apply`.

    Every pass and play must be legal with the sampled cards: this is what makes a deal
    consistent with the history, checked by the engine itself rather than by the view's
    inferences.
    """
    rules = sampled.rules
    state = hearts.from_hands(
        [hearts.CardSet.from_mask(mask) for mask in sampled.dealt_masks],
        rules,
        hand_number=sampled.hand_number,
        scores=sampled.scores,
    )
    if state.phase is Phase.CHOOSE:
        state = hearts.apply(
            state, ChoosePass(state.to_move[0], sampled.pass_direction, sampled.pass_count)
        )
    if state.phase is Phase.PASS:
        for seat in range(rules.players):
            if sampled.passed_masks[seat]:
                state = hearts.apply(
                    state, Pass(seat, hearts.CardSet.from_mask(sampled.passed_masks[seat]))
                )
    for seat, card in history(sampled):
        state = hearts.apply(state, Play(seat, card))
    return state


def check_sample(original: State, player: int, sampled: State) -> None:
    """``sampled`` agrees with everything ``player`` saw of ``original``."""
    seen = hearts.view(original, player)
    assert hearts.view(sampled, player) == seen
    assert sampled.hand_masks[player] == original.hand_masks[player]
    assert [m.bit_count() for m in sampled.hand_masks] == [
        m.bit_count() for m in original.hand_masks
    ]
    deck = 0
    for mask in (*sampled.hand_masks, *sampled.taken_masks):
        assert not deck & mask
        deck |= mask
    for card in sampled.trick:
        deck |= 1 << card
    if sampled.phase in (Phase.PASS, Phase.CHOOSE, Phase.PLAY):
        assert deck == sampled.rules.deck_mask
    # Voids, by their own definition: a seat that did not follow the suit led holds none.
    players = sampled.rules.players
    for trick_cards, leader in [(t.cards, t.leader) for t in sampled.tricks] + [
        (sampled.trick, sampled.leader)
    ]:
        led = next((c for c in trick_cards if c < 52), None)
        if led is None:
            continue
        start = trick_cards.index(led)
        for index in range(start + 1, len(trick_cards)):
            if trick_cards[index] // 13 != led // 13:
                seat = (leader + index) % players
                assert not sampled.hand_masks[seat] & hearts.SUIT_MASKS[led // 13]
    # Known cards: what the player passed is still with the receiver until played.
    if sampled.phase is Phase.PLAY and sampled.pass_count:
        offset = sampled.pass_direction.offset(players)
        if offset:
            target = (player + offset) % players
            passed = original.passed_masks[player]
            assert passed & original.hand_masks[target] == passed & sampled.hand_masks[target]
    if sampled.phase in (Phase.PASS, Phase.PLAY) and len(sampled.tricks) < sampled.rules.hand_size:
        replayed = replay_hand(sampled)
        assert replayed.hand_masks == sampled.hand_masks
        assert replayed.passed_masks == sampled.passed_masks
        assert replayed.taken_masks == sampled.taken_masks
        assert replayed.to_move == sampled.to_move


def random_positions(rules: hearts.Rules, seed: int, every: int = 7) -> list[State]:
    """Positions along one random game: some in the pass phase, most mid-hand."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    found = []
    step = 0
    while not state.is_over and len(found) < 40:
        moves = hearts.legal_moves(state)
        if state.phase in (Phase.PASS, Phase.PLAY, Phase.CHOOSE, Phase.SHOOT):
            step += 1
            if step % every == 0:
                found.append(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return found
