"""The values the engine builds for itself are the library's classes, whole and frozen.

In the pure build the engine fills a mutable twin of a hot value class with plain stores
and then makes it that class (``hearts.game.frozen.mutable_twin``, see the performance
page); the compiled build calls the constructors. Either way, every state, position,
trick, deal, pass, card set and view it hands out must be exactly what the checked
constructor builds from the same fields. CI runs this file on both builds.
"""

from __future__ import annotations

import random

import pytest

import hearts
from hearts.game.frozen import mutable_twin
from hearts.game.moves import PLAYS
from hearts.game.passes import PassMoves
from hearts.game.play import Position, in_force
from hearts.game.state import Trick
from hearts.game.transitions import plays_of
from hearts.knowledge.views import PlayerView

RULES = [
    hearts.Rules(),
    hearts.Rules.preset("omnibus"),
    hearts.Rules.preset("black-maria"),
    hearts.Rules(players=5),
    hearts.Rules(players=6, claims=True),
]


HOT = (
    hearts.State, Position, Trick, hearts.Deal, hearts.Pass, hearts.CardSet, PlayerView,
    PassMoves,
)  # fmt: skip


def test_only_the_pure_build_has_twins() -> None:
    for cls in HOT:
        assert (mutable_twin(cls) is None) is hearts.compiled, cls.__name__


def whole(value: object) -> None:
    """Every slot of ``value`` is set (a twin left one empty would raise here)."""
    for cls in type(value).__mro__:
        for name in cls.__dict__.get("__slots__", ()):
            getattr(value, name)


def games(rules: hearts.Rules, seed: int) -> list[hearts.State]:
    """Every state of one random game of a hand or two."""
    rng = random.Random(seed)
    state = hearts.new_game(rules.replace(target=None, hands=2), seed=seed)
    states = [state]
    while not state.is_over:
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: f"{rules.players}p")
def test_every_value_the_engine_builds_equals_the_constructors(rules: hearts.Rules) -> None:
    for seed in range(3):
        for state in games(rules, seed):
            assert type(state) is hearts.State
            whole(state)
            rebuilt = hearts.State(*state._fields())  # checked, with a Position of its own
            assert rebuilt == state and hash(rebuilt) == hash(state)
            with pytest.raises(AttributeError, match="State is immutable"):
                state.seed = 1  # type: ignore[misc]
            position = state.position
            assert type(position) is Position
            whole(position)
            built = Position(*position._fields())  # type: ignore[arg-type]
            assert built == position and built.seat == position.seat
            if state.phase is hearts.Phase.PLAY:
                assert position.allowed() == built.allowed() == in_force(position).allowed()
            for trick in state.tricks:
                assert type(trick) is Trick
                whole(trick)
                again = Trick(trick.leader, trick.cards, trick.winner)
                assert again == trick and again.mask == trick.mask
            for hand in state.hands:
                assert type(hand) is hearts.CardSet
                whole(hand)
                assert hand == hearts.CardSet.from_mask(hand.mask)
            seen = hearts.view(state, seed % rules.players)
            assert type(seen) is PlayerView
            whole(seen)
            checked = PlayerView(*seen._fields())  # type: ignore[arg-type]
            assert checked == seen and hash(checked) == hash(seen)
            moves = hearts.legal_moves(state)
            if state.phase is hearts.Phase.DEAL:
                deal = moves[0]
                assert type(deal) is hearts.Deal and deal == hearts.Deal(deal.hands)
                whole(deal)
            if state.phase is hearts.Phase.PASS:
                assert type(moves) is PassMoves
                whole(moves)
                unpassable = rules.unpassable.mask
                checked_moves = PassMoves(
                    state.to_move, state.hand_masks, state.pass_count, unpassable
                )
                assert len(moves) == len(checked_moves)
                assert list(moves) == list(checked_moves)
                for index in (0, len(moves) // 2, len(moves) - 1):
                    chosen = moves[index]
                    assert type(chosen) is hearts.Pass
                    whole(chosen)
                    assert chosen == hearts.Pass(chosen.player, chosen.cards)


def test_the_plays_of_a_mask_are_its_cards_in_order_for_every_seat() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        seat = rng.randrange(len(PLAYS))
        cards = rng.sample(range(55), rng.randrange(0, 20))  # jokers included
        mask = sum(1 << card for card in cards)
        assert plays_of(seat, mask) == tuple(PLAYS[seat][card] for card in sorted(cards))
