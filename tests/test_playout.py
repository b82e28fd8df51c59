"""hearts.playout: a state played to the end of its hand or game in one call (issue 15)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import MOON_HANDS, hold_hand
from test_properties import rules_strategy

import hearts
from hearts import HeartsError, Phase, RuleBot, Rules, State
from hearts.game.shuffle import Generator


def _short(rules: Rules) -> Rules:
    """The same variant over at most two hands (a chip game over one), to keep games quick."""
    return rules.replace(hands=2, target=None) if rules.chips is None else rules.replace(hands=1)


def _position(rules: Rules, seed: int, steps: int) -> State:
    """The game of ``seed`` after ``steps`` random moves (fewer if it ends first)."""
    state = hearts.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = hearts.legal_moves(state)
        if not moves:
            break
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return state


def _move_by_move(state: State, rng: random.Random, policy: str, until: str) -> State:
    """What playout promises, one checked move at a time through the public API."""
    hands = len(state.results)
    draw = Generator.from_random(rng) if policy == "random" else None  # seeded from rng once
    while not state.is_over and (until == "game" or len(state.results) == hands):
        moves = hearts.legal_moves(state)
        if state.phase is Phase.DEAL:
            move = moves[0]
        elif policy == "rule" and isinstance(moves[-1], hearts.Claim):
            move = moves[-1]  # a claim the whole deal shows safe (the view may not)
        elif policy == "rule":  # RuleBot at the seat to move, from its own view
            move = RuleBot().choose(hearts.view(state, state.to_move[0]), rng)
        else:  # a draw only when there is a choice
            assert draw is not None
            move = moves[draw.below(len(moves))] if len(moves) > 1 else moves[0]
        state = hearts.apply(state, move)
    return state


def _check(state: State, seed: int, policy: str, until: str) -> State:
    """Playout from ``state`` equals the move-by-move loop and leaves ``state`` as it was."""
    copy = hearts.state_from_dict(hearts.state_to_dict(state))
    rng, again = random.Random(seed), random.Random(seed)
    end = hearts.playout(state, rng, policy=policy, until=until)
    assert end == _move_by_move(state, again, policy, until)
    assert rng.getstate() == again.getstate()  # the same draws, and as many
    assert state == copy
    if policy == "rule":
        assert rng.getstate() == random.Random(seed).getstate()  # the rules draw nothing
    if state.is_over:
        assert end is state
    elif until == "game":
        assert end.is_over
    else:  # exactly one hand more: the one under way, or the next one dealt
        assert len(end.results) == len(state.results) + 1
        assert end.results[-1].hand_number == state.hand_number
        assert end.phase in (Phase.DEAL, Phase.OVER)
    return end


@settings(max_examples=25, deadline=None)
@given(
    rules=rules_strategy(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
    policy=st.sampled_from(["random", "rule"]),
    until=st.sampled_from(["hand", "game"]),
)
def test_playout_is_the_move_by_move_loop_under_random_rules(
    rules: Rules, seed: int, steps: int, policy: str, until: str
) -> None:
    _check(_position(_short(rules), seed, steps), seed, policy, until)


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("omnibus"),
        Rules.preset("three-player"),
        Rules.preset("five-player"),
        Rules.preset("chips"),
        Rules(claims=True),
        Rules(moon="choose", sun="choose"),
    ],
    ids=["omnibus", "3 players", "5 players", "chips", "claims", "moon choose"],
)
@pytest.mark.parametrize("policy", ["random", "rule"])
def test_playout_under_presets(rules: Rules, policy: str) -> None:
    rules = _short(rules)
    for steps in (0, 1, 30, 70):
        _check(_position(rules, steps, steps), 7, policy, "hand")
    _check(_position(rules, 3, 40), 7, policy, "game")


@pytest.mark.parametrize("policy", ["random", "rule"])
def test_the_shooter_chooses_within_the_playout(policy: str) -> None:
    # P0 holds every club and so wins every trick: a moon, and P0's choice, every time.
    state = hold_hand(MOON_HANDS, rules=Rules(moon="choose"))
    result = _check(state, 1, policy, "hand").results[-1]
    assert result.moon == 0
    while state.phase is Phase.PLAY:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert state.phase is Phase.SHOOT
    result = _check(state, 1, policy, "hand").results[-1]
    if policy == "rule":  # level scores far from the target: subtract (see RuleBot)
        assert result.shoot_mode is hearts.ShootMode.SUBTRACT


def test_a_finished_game_comes_back_as_it_is() -> None:
    over = hearts.playout(hearts.new_game(Rules(hands=1, target=None), seed=2), random.Random(1))
    assert over.is_over
    assert hearts.playout(over, random.Random(1), until="game") is over


def test_search_code_reads_the_hand_off_the_results() -> None:
    state = _position(Rules(), 4, 20)
    end = hearts.playout(state, random.Random(3), policy="rule")
    assert end.results[-1].changes == end.results[len(state.results)].changes
    assert sum(end.results[-1].changes) in (26, 78)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (
            {"state": "not a state"},
            TypeError,
            "playout needs a hearts.State, got 'not a state'.",
        ),
        (
            {"rng": 7},
            TypeError,
            "playout needs a random.Random to draw with, got 7; pass random.Random(seed) "
            "for a reproducible playout.",
        ),
        (
            {"policy": "greedy"},
            HeartsError,
            "playout's policy must be 'random' or 'rule', got 'greedy'.",
        ),
        ({"policy": None}, HeartsError, "playout's policy must be 'random' or 'rule', got None."),
        ({"until": "trick"}, HeartsError, "playout's until must be 'hand' or 'game', got 'trick'."),
    ],
    ids=["state", "rng", "policy", "policy None", "until"],
)
def test_bad_arguments_are_refused_with_a_sentence(
    arguments: dict[str, object], error: type[Exception], message: str
) -> None:
    given: dict[str, object] = {"state": hearts.new_game(seed=1), "rng": random.Random(1)}
    given.update(arguments)
    with pytest.raises(error) as caught:
        hearts.playout(**given)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_view_is_not_a_state() -> None:
    state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])
    with pytest.raises(TypeError, match=r"^playout needs a hearts.State, got PlayerView\("):
        hearts.playout(hearts.view(state, 0), random.Random(1))  # type: ignore[arg-type]
