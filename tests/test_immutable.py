"""Every public value type refuses to be changed, in the pure package as compiled.

The library's first promise is that a state, and every value it hands out, is immutable:
shared histories, caches and search trees rely on it. CI runs this file on both builds
(``HEARTS_EXPECT_COMPILED=1`` for the compiled one), so one mechanism is tested twice.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import hearts
from hearts.game import play

Build = Callable[[], object]


def _mid_game() -> hearts.State:
    """A state in the second trick of the first hand, with a finished hand behind it."""
    state = hearts.new_game(hearts.Rules(target=None, hands=2), seed=3)
    while len(state.results) < 1 or len(state.tricks) < 1:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state


def _dealt() -> tuple[hearts.State, hearts.Move]:
    state = hearts.new_game(seed=1)
    return state, hearts.legal_moves(state)[0]


def _solution() -> hearts.Solution:
    state = hearts.new_game(hearts.Rules(hands=1, target=None), seed=3)
    while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 11:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return hearts.solve(state)


# Each value with a field name that exists: assigning it must be refused.
VALUES: dict[str, tuple[Build, str]] = {
    "State": (_mid_game, "scores"),
    "Trick": (lambda: _mid_game().tricks[0], "winner"),
    "HandResult": (lambda: _mid_game().results[0], "points"),
    "History": (lambda: _mid_game().results, "results"),
    "PlayerView": (lambda: hearts.view(_mid_game(), 1), "hand"),
    "CardSet": (lambda: hearts.CardSet("2C 3C"), "mask"),
    "Card": (lambda: hearts.Card("2C"), "rank"),
    "Deal": (lambda: hearts.legal_moves(hearts.new_game(seed=1))[0], "hands"),
    "Pass": (lambda: hearts.Pass(0, ("2C", "3C", "4C")), "cards"),
    "Play": (lambda: hearts.Play(0, "2C"), "card"),
    "ChoosePass": (lambda: hearts.ChoosePass(0, "left", 3), "count"),
    "Claim": (lambda: hearts.Claim(0), "player"),
    "ShootChoice": (lambda: hearts.ShootChoice(0, "add"), "mode"),
    "Solution": (_solution, "value"),
    "Rules": (hearts.Rules, "players"),
    "Position": (lambda: _mid_game().position, "hands"),
    "PassMoves": (
        lambda: hearts.legal_moves(hearts.apply(*_dealt())),
        "_seats",
    ),
    "RulesOfPlay": (lambda: play.rules_of_play(hearts.Rules()), "rules"),
    "GameResult": (
        lambda: hearts.play_game(
            hearts.Rules(hands=1, target=None), [hearts.RandomBot()] * 4, 1, bot_seed=2
        ),
        "scores",
    ),
}


@pytest.mark.parametrize("kind", sorted(VALUES))
def test_a_public_value_refuses_assignment_and_deletion(kind: str) -> None:
    build, field = VALUES[kind]
    value = build()
    assert type(value).__name__ == kind
    before = pickle.dumps(value)
    with pytest.raises(AttributeError):
        setattr(value, field, None)
    with pytest.raises(AttributeError):
        delattr(value, field)
    with pytest.raises(AttributeError):
        value.no_such_field = 1  # type: ignore[attr-defined]
    assert pickle.dumps(value) == before, f"a refused assignment changed the {kind}"


@pytest.mark.parametrize(
    "kind", [kind for kind in sorted(VALUES) if kind not in {"Card", "Rules", "GameResult"}]
)
def test_the_refusal_is_one_sentence_from_one_mechanism(kind: str) -> None:
    """The library's own value classes share hearts.game.frozen.Frozen's sentence."""
    build, field = VALUES[kind]
    value = build()
    with pytest.raises(AttributeError, match=rf"^{kind} is immutable: its {field} cannot be"):
        setattr(value, field, None)


@pytest.mark.parametrize("kind", sorted(VALUES))
def test_a_public_value_survives_copy_and_pickle(kind: str) -> None:
    value = VALUES[kind][0]()
    for other in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert other == value
        assert hash(other) == hash(value) or kind in {"PlayerView", "History"}
