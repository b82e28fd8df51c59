"""The PettingZoo and Gymnasium environments (issue 16, "For bot and RL authors"): hearts.env."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from positions import MOON_HANDS

import hearts
import hearts.env
import hearts.tensor
from hearts import CardSet, HeartsError, IllegalMoveError, Phase, Rules
from hearts.env import (
    CLAIM,
    FIRST_PASS_CALL,
    SHOOT_ADD,
    SHOOT_SUBTRACT,
    HeartsEnv,
    SingleAgentEnv,
    action_count,
    actions_of,
    pass_calls,
)
from hearts.tensor import encode, layout, size

RULES = {
    "standard": Rules(),
    "omnibus": Rules.preset("omnibus"),
    "three-player": Rules.preset("three-player"),
    "five-player": Rules.preset("five-player"),
    "jokers": Rules(players=3, jokers=2),
    "chips": Rules.preset("chips"),
    "choices": Rules(dealer_chooses_pass=True, moon="choose", claims=True),
    "partners and later rules": Rules.preset("partnership").replace(
        queen_after_hearts=True,
        queen_breaks_hearts=True,
        queen_breaks_only_when_led=True,
        multipliers={"TC": 2},
        no_heart_bonus=-2,
    ),
}

# PettingZoo's api_test accepts a dict observation without these two warnings only from
# its own classic environments, which it lists by name; hearts' observation is the same
# {"observation": Box, "action_mask": Box} dict as theirs.
DICT_OBSERVATION = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be:UserWarning"
    ),
]


def masked_random_game(table: Any, rng: random.Random) -> tuple[dict[str, float], Counter[int]]:
    """Play one game with uniformly random legal actions: each agent's return, the actions."""
    returns = dict.fromkeys(table.possible_agents, 0.0)
    taken: Counter[int] = Counter()
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        returns[agent] += reward
        assert not truncation
        if termination:
            table.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        assert len(legal) > 0, f"{agent} is to move with no legal action"
        action = int(legal[rng.randrange(len(legal))])
        taken[action] += 1
        table.step(action)
    return returns, taken


# --- PettingZoo's own checks -------------------------------------------------------------


@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
@pytest.mark.parametrize("name", list(RULES))
def test_pettingzoo_api_test(name: str) -> None:
    api_test(hearts.env.env(rules=RULES[name]), num_cycles=1000)


@pytest.mark.parametrize("name", list(RULES))
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: hearts.env.env(rules=RULES[name]), num_cycles=500)


# --- the game the environment plays ------------------------------------------------------


@pytest.mark.parametrize("name", list(RULES))
def test_a_random_game_ends_and_rewards_add_up_to_the_scores(name: str) -> None:
    rules = RULES[name]
    table = hearts.env.env(rules=rules)
    table.reset(seed=11)
    returns, taken = masked_random_game(table, random.Random(name))
    game = table.unwrapped.game
    assert game.is_over and game.winners
    start = rules.chips or 0
    for seat, agent in enumerate(table.possible_agents):
        if rules.chips is None:
            assert returns[agent] == -(game.scores[seat] - start)  # lower totals are better
        else:
            assert returns[agent] == game.scores[seat] - start  # more chips are better
    assert max(taken) < action_count(rules)
    if name == "choices":
        assert any(action >= FIRST_PASS_CALL for action in taken)  # the dealer called passes


def test_reset_with_a_seed_plays_the_game_of_that_seed() -> None:
    rules = Rules(target=50)
    table = hearts.env.raw_env(rules)
    table.reset(seed=5)
    state = hearts.new_game(rules, seed=5)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert table.game == state
    # Unseeded resets draw their seeds from the last seed given: reproducible too.
    table.reset()
    first = table.game
    table.reset(seed=5)
    table.reset()
    assert table.game == first != state
    table.reset(seed=np.int64(5))  # NumPy's ints are seeds too
    assert table.game == state


def test_the_pass_is_made_card_by_card_and_seat_by_seat() -> None:
    table = hearts.env.raw_env()
    table.reset(seed=2)
    state = table.game
    assert table.game.phase is Phase.PASS and table.agent_selection == "player_0"
    p1_before = table.observe("player_1")
    chosen = sorted(state.hands[0], reverse=True)[:3]
    for number, card in enumerate(chosen):
        observation = table.observe("player_0")
        picked = observation["observation"][layout(4)["pass_picked"]].nonzero()[0]
        assert CardSet(int(c) for c in picked) == CardSet(chosen[:number])
        assert table.picked == CardSet(chosen[:number])
        mask = observation["action_mask"]
        assert CardSet(int(c) for c in mask.nonzero()[0]) == state.hands[0] - CardSet(
            chosen[:number]
        )
        # Another seat sees nothing of the cards picked.
        assert all(np.array_equal(p1_before[k], table.observe("player_1")[k]) for k in p1_before)
        table.step(int(card))
    assert table.game.passed[0] == CardSet(chosen)
    assert table.agent_selection == "player_1"
    # P1 learns only that P0 is no longer to pass: nothing of P0's cards.
    after = table.observe("player_1")["observation"]
    changed = np.flatnonzero(after != p1_before["observation"])
    to_move = layout(4)["to_move"]
    assert all(to_move.start <= index < to_move.stop for index in changed)
    assert table.observe("player_1")["action_mask"].sum() == 13
    for seat in (1, 2, 3):
        for card in sorted(table.game.hands[seat])[:3]:
            table.step(int(card))
    assert table.game.phase is Phase.PLAY
    received = table.observe("player_1")["observation"][layout(4)["received"]]
    assert CardSet(int(c) for c in received.nonzero()[0]) == CardSet(chosen)  # passed left


def test_unpassable_cards_are_never_offered() -> None:
    rules = Rules(unpassable="QS KS AS")
    table = hearts.env.raw_env(rules)
    for seed in range(5):
        table.reset(seed=seed)
        while table.game.phase is Phase.PASS:
            mask = table.observe(table.agent_selection)["action_mask"]
            offered = CardSet(int(c) for c in mask.nonzero()[0])
            assert not offered & rules.unpassable
            table.step(int(mask.nonzero()[0][0]))


def test_shoot_choices_are_actions() -> None:
    rules = Rules(moon="choose", claims=True)
    table = hearts.env.raw_env(rules)
    table.reset(seed=1)
    table._start(hearts.from_hands(MOON_HANDS, rules, hand_number=3))  # P0 holds every club
    mask = table.observe("player_0")["action_mask"]
    # P0 holds every club: it can see that it will take every trick, and may claim.
    assert mask[CLAIM] == 1 and mask[hearts.Card("2C")] == 1 and mask.sum() == 2
    table.step(CLAIM)
    assert table.game.phase is Phase.SHOOT and table.agent_selection == "player_0"
    mask = table.observe("player_0")["action_mask"]
    assert mask.nonzero()[0].tolist() == [SHOOT_ADD, SHOOT_SUBTRACT]
    table.step(SHOOT_SUBTRACT)
    assert table.game.results[-1].shoot[0] == -26
    assert table.rewards == {"player_0": 26.0, "player_1": 0.0, "player_2": 0.0, "player_3": 0.0}


def claim_hidden_from_the_claimer(rules: Rules) -> hearts.State:
    """A position of random play where a claim is safe, but the claimer cannot know it."""
    for seed in range(100):
        state = hearts.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase is Phase.PLAY:
                seat = state.to_move[0]
                safe = hearts.Claim(seat) in hearts.legal_moves(state)
                if safe and hearts.Claim(seat) not in hearts.legal_moves(hearts.view(state, seat)):
                    return state
            moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    raise AssertionError("no such position in 100 random games")


def test_a_claim_the_seat_cannot_know_is_safe_is_not_offered() -> None:
    # The mask comes from the seat's view: offering the claim would tell it that the
    # others cannot win a trick, which it has not seen.
    rules = Rules(claims=True, pass_cycle="none", target=None, hands=1)
    state = claim_hidden_from_the_claimer(rules)
    table = hearts.env.raw_env(rules)
    table.reset(seed=1)
    table._start(state)
    mask = table.observe(table.agent_selection)["action_mask"]
    assert mask[CLAIM] == 0 and mask.any()


def test_dealers_choice_calls_are_actions() -> None:
    rules = Rules(dealer_chooses_pass=True)
    calls = pass_calls(rules)
    assert calls[0] == (hearts.PassDirection.HOLD, 0) and len(calls) == 10
    table = hearts.env.raw_env(rules)
    table.reset(seed=3)
    assert table.game.phase is Phase.CHOOSE and table.agent_selection == "player_0"
    mask = table.observe("player_0")["action_mask"]
    assert mask.nonzero()[0].tolist() == list(range(FIRST_PASS_CALL, FIRST_PASS_CALL + 10))
    across_two = calls.index((hearts.PassDirection.ACROSS, 2))
    table.step(FIRST_PASS_CALL + across_two)
    assert table.game.phase is Phase.PASS and table.game.pass_count == 2
    assert table.game.pass_direction is hearts.PassDirection.ACROSS
    table.reset(seed=3)
    table.step(FIRST_PASS_CALL)  # a hold hand: play starts at once
    assert table.game.phase is Phase.PLAY


def test_actions_of_moves() -> None:
    rules = Rules(dealer_chooses_pass=True)
    assert actions_of(rules, hearts.Pass(2, "AS 2C KD")) == (0, 24, 51)
    assert actions_of(rules, hearts.Play(2, "JK1")) == (52,)
    assert actions_of(rules, hearts.ShootChoice(0, "add")) == (SHOOT_ADD,)
    assert actions_of(rules, hearts.ChoosePass(0, "right", 3)) == (
        FIRST_PASS_CALL + pass_calls(rules).index((hearts.PassDirection.RIGHT, 3)),
    )
    with pytest.raises(HeartsError, match=r"^A Deal has no action: the environment deals"):
        actions_of(rules, hearts.legal_moves(hearts.new_game(rules, seed=1))[0])
    with pytest.raises(TypeError, match=r"^actions_of needs a hearts move, got 'QS'\.$"):
        actions_of(rules, "QS")  # type: ignore[arg-type]


# --- refusals ----------------------------------------------------------------------------


def test_illegal_actions_are_refused_with_the_reason() -> None:
    table = hearts.env.raw_env(Rules(pass_cycle="none"))
    table.reset(seed=1)
    agent = table.agent_selection
    seat = int(agent.split("_")[1])
    assert table.game.hands[seat] >= CardSet("2C")
    with pytest.raises(
        IllegalMoveError,
        match=rf"^{agent} chose action 1 \(3♣\), which is not legal now: P{seat} .*3♣.*\. "
        r"The legal actions are those set in the observation's action_mask\.$",
    ):
        table.step(1)
    with pytest.raises(
        IllegalMoveError, match=r"which is not legal now: the actions are 0 to 57\."
    ):
        table.step(58)
    with pytest.raises(IllegalMoveError, match=r"\(claim\), which is not legal now: P.* may claim"):
        table.step(CLAIM)
    with pytest.raises(IllegalMoveError, match=r"^player_\d must choose an action: None is"):
        table.step(None)
    with pytest.raises(
        TypeError,
        match=r"^An action is an int from 0 to 57 \(a Python or NumPy integer\), got '2C'\.$",
    ):
        table.step("2C")
    table.step(np.int32(0))  # NumPy's ints are actions: 2♣
    assert table.game.trick == (hearts.Card("2C"),)


def test_picking_a_card_twice_is_refused() -> None:
    table = hearts.env.raw_env()
    table.reset(seed=1)
    card = int(min(table.game.hands[0]))
    table.step(card)
    with pytest.raises(IllegalMoveError, match=r"P0 has already picked .* for its pass\."):
        table.step(card)
    with pytest.raises(IllegalMoveError, match=r"P0 does not hold"):
        table.step(int(min(table.game.hands[1])))


def test_bad_construction_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^HeartsEnv needs a hearts.Rules value for rules"):
        HeartsEnv("standard")  # type: ignore[arg-type]
    with pytest.raises(HeartsError, match=r"^render_mode must be None, 'ansi', 'human' or 'rgb"):
        HeartsEnv(render_mode="rgb")
    with pytest.raises(HeartsError, match=r"^The environment has no game yet: call reset\(\)"):
        _ = HeartsEnv().game
    with pytest.raises(HeartsError, match=r"^The environment has no game yet: call reset\(\)"):
        HeartsEnv().step(0)


# --- rendering ---------------------------------------------------------------------------


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    table = hearts.env.raw_env(render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str)
    assert text.startswith("Hand 1 (pass left), pass phase; scores: P0 0, P1 0, P2 0, P3 0")
    assert text.endswith("player_0 to move.")
    table.step(int(min(table.game.hands[0])))
    assert "player_0 to move (picked" in str(table.render())
    human = hearts.env.raw_env(render_mode="human")
    human.reset(seed=1)
    human.step(int(min(human.game.hands[0])))
    assert "player_0 to move (picked" in capsys.readouterr().out
    assert hearts.env.raw_env().render() is None


def test_rgb_array_renders_the_svg_table() -> None:
    """render_mode="rgb_array" draws hearts.svg.table: an RGB image, one per state."""
    table = hearts.env.raw_env(render_mode="rgb_array")
    table.reset(seed=1)
    picture = table.render()
    assert isinstance(picture, np.ndarray)
    assert picture.shape == (720, 960, 3) and picture.dtype == np.uint8
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 20  # cards, felt, text
    for card in sorted(table.game.hands[0])[:3]:  # P0's pass: its chosen cards rise
        table.step(int(card))
    after = table.render()
    assert isinstance(after, np.ndarray) and (after != picture).any()
    single = SingleAgentEnv(render_mode="rgb_array")
    single.reset(seed=1)  # P0 is to pass first: the same table as the raw environment's
    fresh = hearts.env.raw_env(render_mode="rgb_array")
    fresh.reset(seed=1)
    assert np.array_equal(single.render(), fresh.render())


# --- the single-agent Gymnasium environment ----------------------------------------------


@pytest.mark.parametrize("name", list(RULES))
def test_single_agent_env_passes_gymnasiums_check(name: str) -> None:
    # check_env steps with unmasked random actions, hence illegal_action="random": the
    # default of the environment gymnasium.make builds, which also gives it a spec, so that
    # the checker tries every render mode.
    made = gymnasium.make(hearts.env.ENV_ID, rules=RULES[name])
    assert made.spec is not None and made.spec.id == "hearts/Hearts-v0"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning at all, as for Gymnasium's own envs
        check_env(made.unwrapped)


def test_gymnasium_make_builds_the_single_agent_env_with_its_arguments() -> None:
    made = gymnasium.make("hearts.env:hearts/Hearts-v0", rules=Rules(players=3), seat=2)
    inner = made.unwrapped
    assert isinstance(inner, SingleAgentEnv)
    made.reset(seed=0)
    assert (inner.seat, inner.game.rules.players) == (2, 3)
    strict = gymnasium.make(hearts.env.ENV_ID, illegal_action="raise").unwrapped
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(57)  # a shoot choice, never legal in the pass


@pytest.mark.parametrize("name", list(RULES))
def test_single_agent_random_game_to_the_end(name: str) -> None:
    rules = RULES[name]
    seat = 1
    bots = [hearts.RandomBot()] * (rules.players - 1)
    game = SingleAgentEnv(rules, seat=seat, opponents=bots)
    observation, info = game.reset(seed=9)
    assert observation["observation"].shape == (size(rules.players),) and info == {}
    rng = np.random.default_rng(1)
    total, steps, done = 0.0, 0, False
    while not done:
        assert game.game.to_move[0] == seat
        mask = game.action_masks()
        assert np.array_equal(mask, observation["action_mask"].astype(bool)) and mask.any()
        action = int(rng.choice(mask.nonzero()[0]))
        observation, reward, done, truncated, info = game.step(action)
        assert not truncated and info == {"illegal_action": False}
        total += reward
        steps += 1
    assert game.game.is_over and steps > 10
    assert not observation["action_mask"].any()
    change = game.game.scores[seat] - (rules.chips or 0)
    assert total == (change if rules.chips is not None else -change)


def test_single_agent_seeds_are_reproducible() -> None:
    def play(seed: int, bot_seed: int = 1) -> list[float]:
        game = SingleAgentEnv(
            Rules(target=40), seat=3, opponents=[hearts.RandomBot()] * 3, bot_seed=bot_seed
        )
        game.reset(seed=seed)
        rewards, done = [], False
        while not done:
            _, reward, done, _, _ = game.step(int(game.action_masks().nonzero()[0][0]))
            rewards.append(reward)
        return [*rewards, *game.game.scores]

    assert play(4) == play(4)
    assert play(4) != play(5)
    assert play(4) != play(4, bot_seed=2)  # the same deals, other draws by the bots
    game = SingleAgentEnv(seat=2)
    game.reset(seed=6)
    state = hearts.new_game(Rules(), seed=6)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert game.game.hands == state.hands  # the deal of hearts.new_game(rules, seed=6)


def test_single_agent_illegal_actions() -> None:
    game = SingleAgentEnv(seat=0)
    game.reset(seed=1)
    with pytest.raises(IllegalMoveError, match=r"^player_0 chose action 57 \(shoot: subtract\)"):
        game.step(SHOOT_SUBTRACT)
    forgiving = SingleAgentEnv(seat=0, illegal_action="random")
    forgiving.reset(seed=1)
    _, _, _, _, info = forgiving.step(SHOOT_SUBTRACT)
    assert info == {"illegal_action": True}
    assert forgiving.game.phase is Phase.PASS  # a card was picked instead


def test_single_agent_refuses_bad_arguments() -> None:
    with pytest.raises(HeartsError, match=r"^SingleAgentEnv needs one bot for each other seat"):
        SingleAgentEnv(opponents=[hearts.RuleBot()])
    with pytest.raises(HeartsError, match=r"^Each opponent must be a hearts.Bot"):
        SingleAgentEnv(opponents=[hearts.RuleBot(), hearts.RuleBot(), "rule"])  # type: ignore[list-item]
    with pytest.raises(HeartsError, match=r"^illegal_action must be 'raise' or 'random'"):
        SingleAgentEnv(illegal_action="ignore")
    with pytest.raises(HeartsError, match=r"^P4 is not a seat"):
        SingleAgentEnv(seat=4)
    with pytest.raises(HeartsError, match=r"^render_mode must be None, 'ansi', 'human' or 'rgb"):
        SingleAgentEnv(render_mode="rgb")
    game = SingleAgentEnv(Rules(target=1), opponents=[hearts.RandomBot()] * 3)
    game.reset(seed=2)
    done = False
    while not done:
        _, _, done, _, _ = game.step(int(game.action_masks().nonzero()[0][0]))
    with pytest.raises(HeartsError, match=r"^The game is over: call reset\(\) to play another\.$"):
        game.step(0)


class Cheater:
    name = "cheater"

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        return hearts.Play(view.player, "QS")


def test_a_bot_with_an_illegal_move_is_named() -> None:
    game = SingleAgentEnv(Rules(pass_cycle="none"), seat=0, opponents=[Cheater()] * 3)
    with pytest.raises(IllegalMoveError, match=r"^The cheater bot at P\d chose .*Q♠.*legal moves"):
        game.reset(seed=1)
        for _ in range(20):
            game.step(int(game.action_masks().nonzero()[0][0]))


def test_single_agent_render(capsys: pytest.CaptureFixture[str]) -> None:
    game = SingleAgentEnv(seat=0, render_mode="ansi")
    game.reset(seed=1)
    assert str(game.render()).endswith("player_0 to move.")
    human = SingleAgentEnv(seat=0, render_mode="human")
    human.reset(seed=1)
    human.step(int(human.action_masks().nonzero()[0][0]))
    assert "player_0 to move (picked" in capsys.readouterr().out
    assert SingleAgentEnv().render() is None


class _Spy:
    """A random bot that keeps the generators it is given."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[random.Random] = []

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        self.seen.append(rng)
        return hearts.RandomBot().choose(view, rng)


def test_single_agent_bots_cannot_recover_the_deal_seed() -> None:
    """A bot's generator comes from the environment's bot seed and the game's seed
    together: the same reset(seed=s) in two environments gives the bots unrelated draws,
    so no bot can try seeds until its draws match and so learn the deal. The bot seed is
    kept, and an environment made with it plays the same game again."""
    draws = []
    for _ in range(2):
        spy = _Spy()
        game = SingleAgentEnv(seat=0, opponents=[spy, hearts.RuleBot(), hearts.RuleBot()])
        game.reset(seed=3)
        while not spy.seen:
            game.step(int(game.action_masks().nonzero()[0][0]))
        draws.append(spy.seen[0].random())
    assert draws[0] != draws[1]
    assert random.Random(3).random() not in draws
    first = SingleAgentEnv(seat=1, opponents=[hearts.RandomBot()] * 3)
    again = SingleAgentEnv(seat=1, opponents=[hearts.RandomBot()] * 3, bot_seed=first.bot_seed)
    for game in (first, again):
        game.reset(seed=8)
        while not game.game.is_over:
            game.step(int(game.action_masks().nonzero()[0][0]))
    assert first.game == again.game
    with pytest.raises(TypeError, match=r"^bot_seed must be an int, or None to draw one, got 1.5"):
        SingleAgentEnv(bot_seed=1.5)  # type: ignore[arg-type]


def test_an_unknown_agent_and_actions_of_other_types_are_refused() -> None:
    """An agent that is not one, and an action that is a bool, an array or a float, are
    refused with a sentence; NumPy's integers are actions as ints are."""
    table = HeartsEnv()
    table.reset(seed=1)
    for agent in ("player_9", 0, None):
        with pytest.raises(
            HeartsError,
            match=r"^This environment has no agent .*: its agents are player_0, player_1, player_2, player_3\.$",
        ):
            table.observe(agent)  # type: ignore[arg-type]
        with pytest.raises(HeartsError, match=r"no agent"):
            table.action_space(agent)  # type: ignore[arg-type]
    legal = int(table.observe("player_0")["action_mask"].nonzero()[0][0])
    for action in (True, np.array(legal), float(legal), np.bool_(True), "0"):
        with pytest.raises(
            TypeError,
            match=r"^An action is an int from 0 to \d+ \(a Python or NumPy integer\), got",
        ):
            table.step(action)  # type: ignore[arg-type]
    table.step(np.int64(legal))
    game = SingleAgentEnv(seat=0, illegal_action="random")
    game.reset(seed=1)
    _, _, _, _, info = game.step(True)  # type: ignore[arg-type]
    assert info == {"illegal_action": True}


# --- the Parallel environment ------------------------------------------------------------


@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
@pytest.mark.parametrize("name", list(RULES))
def test_pettingzoo_parallel_api_test(name: str) -> None:
    parallel_api_test(hearts.env.parallel_env(RULES[name]), num_cycles=1000)


def first_legal(observations: dict[str, Any], agents: list[str]) -> dict[str, int]:
    """Each agent's first legal action (0 for an agent with none, as samplers give)."""
    return {
        agent: int(observations[agent]["action_mask"].nonzero()[0][0])
        if observations[agent]["action_mask"].any()
        else 0
        for agent in agents
    }


def varied(observations: dict[str, Any], agents: list[str]) -> dict[str, int]:
    """A legal action read off each agent's mask (0 for one with none): the same legal
    actions give the same choice whichever API asks (the APIs differ in when the seats
    pick, so the rest of an observation may differ), and the choices vary."""
    chosen = {}
    for agent in agents:
        legal = observations[agent]["action_mask"].nonzero()[0]
        spread = int(legal.sum()) * 7 + len(agent)
        chosen[agent] = int(legal[spread % len(legal)]) if len(legal) else 0
    return chosen


@pytest.mark.parametrize("policy", [first_legal, varied], ids=["first", "varied"])
@pytest.mark.parametrize("name", list(RULES))
def test_the_parallel_game_is_the_aec_game(name: str, policy: Any) -> None:
    """The same choices (a function of each seat's own observation) make the same game in both APIs,
    and each agent's rewards add up to its total: the pass picked in parallel changes
    nothing but when the seats pick."""
    rules = RULES[name]
    parallel = hearts.env.parallel_env(rules)
    observations, _ = parallel.reset(seed=8)
    returns = dict.fromkeys(parallel.possible_agents, 0.0)
    simultaneous = 0
    while parallel.agents:
        awaited = [a for a in parallel.agents if observations[a]["action_mask"].any()]
        simultaneous = max(simultaneous, len(awaited))
        actions = policy(observations, parallel.agents)
        observations, rewards, _, truncations, _ = parallel.step(actions)
        for agent, reward in rewards.items():
            returns[agent] += reward
        assert not any(truncations.values())
    aec = hearts.env.env(rules=rules)
    aec.reset(seed=8)
    for agent in aec.agent_iter():
        observation, _, termination, _, _ = aec.last()
        aec.step(None if termination else policy({agent: observation}, [agent])[agent])
    assert parallel.game == aec.unwrapped.game
    start = rules.chips or 0
    sign = 1 if rules.chips is not None else -1
    for seat, agent in enumerate(parallel.possible_agents):
        assert returns[agent] == sign * (parallel.game.scores[seat] - start)
    directions = [result.pass_direction for result in parallel.game.results]
    if any(direction is not hearts.PassDirection.HOLD for direction in directions):
        assert simultaneous == rules.players  # every seat picks its pass at once


def test_the_parallel_env_refuses_missing_and_illegal_actions() -> None:
    table = hearts.env.parallel_env()
    observations, _ = table.reset(seed=3)
    picks = first_legal(observations, table.agents)
    held = int(min(table.game.hands[1]))
    with pytest.raises(IllegalMoveError, match=r"^player_0 chose action \d+, which is not legal"):
        table.step({**picks, "player_0": held})  # a card of P1's
    with pytest.raises(IllegalMoveError, match=r"^player_2 must act in this step"):
        table.step({agent: picks[agent] for agent in ("player_0", "player_1")})
    table.step(picks)
    again = {**first_legal(table._observations(), table.agents), "player_3": picks["player_3"]}
    with pytest.raises(IllegalMoveError, match=r"P3 has already picked .* for its pass\."):
        table.step(again)
    with pytest.raises(TypeError, match=r"^step takes a dict"):
        table.step([0, 1, 2, 3])  # type: ignore[arg-type]


# --- the information state ---------------------------------------------------------------


@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
def test_the_information_state_passes_the_api_tests() -> None:
    """history=True: observations keep the hand's tricks (hearts.tensor.encode)."""
    rules = Rules(target=40)
    api_test(hearts.env.env(rules=rules, history=True), num_cycles=300)
    parallel_api_test(hearts.env.parallel_env(rules, history=True), num_cycles=300)
    made = gymnasium.make(hearts.env.ENV_ID, rules=rules, history=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(made.unwrapped)
    table = hearts.env.raw_env(rules, history=True)
    table.reset(seed=2)
    observation = table.observe("player_0")["observation"]
    assert observation.shape == (size(4, history=True),)
    assert table.observation_space("player_0").contains(table.observe("player_0"))
    with pytest.raises(TypeError, match=r"^history must be True or False"):
        hearts.env.raw_env(rules, history="yes")  # type: ignore[arg-type]


# --- observations: the seat's view, made once a step ---------------------------------------


def expected_mask(rules: Rules, seen: hearts.PlayerView, picked: CardSet) -> np.ndarray:
    """The action mask of the seat to move: the actions of its view's legal moves."""
    mask = np.zeros(action_count(rules), dtype=np.int8)
    if seen.phase is Phase.PASS:  # a card at a time
        mask[[int(card) for card in seen.hand - picked - rules.unpassable]] = 1
    else:
        for move in hearts.legal_moves(seen):
            mask[list(actions_of(rules, move))] = 1
    return mask


@pytest.mark.parametrize("history", [False, True], ids=["vector", "information state"])
@pytest.mark.parametrize("name", list(RULES))
def test_every_observation_is_the_encoded_view(name: str, history: bool) -> None:
    """At every step, each agent's observation is hearts.tensor.encode of its view of the
    game, with the cards picked so far for the pass by the seat to move, and the mask of
    its view's legal moves; the environment makes it from the state, without the view,
    and keeps what every seat sees alike from step to step."""
    rules = RULES[name]
    table = hearts.env.raw_env(rules, history=history)
    table.reset(seed=4)
    rng = random.Random(name)
    for agent in table.agent_iter():
        state = table.game
        for seat, other in enumerate(table.possible_agents):
            seen = hearts.view(state, seat)
            selected = other == agent and not state.is_over
            picked = table.picked if selected else CardSet()
            observation = table.observe(other)
            vector = observation["observation"]
            assert vector.dtype == np.float32 and observation["action_mask"].dtype == np.int8
            assert np.array_equal(vector, encode(seen, picked=picked, history=history))
            mask = (
                expected_mask(rules, seen, picked) if selected else 0 * observation["action_mask"]
            )
            assert np.array_equal(observation["action_mask"], mask)
        observation, _, termination, _, _ = table.last()
        legal = observation["action_mask"].nonzero()[0]
        table.step(None if termination else int(legal[rng.randrange(len(legal))]))
    assert table.game.is_over


def test_an_observation_is_made_once_a_step_and_handed_out_as_new_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[int] = []
    encode_state = hearts.tensor._encode_state

    def counted(state: hearts.State, seat: int, *rest: Any) -> np.ndarray:
        made.append(seat)
        return encode_state(state, seat, *rest)

    monkeypatch.setattr(hearts.tensor, "_encode_state", counted)
    table = hearts.env.env(Rules())
    table.reset(seed=3)
    first = table.observe("player_0")
    again, *_ = table.last()  # the same observation, in new arrays
    assert made == [0]
    for key in ("observation", "action_mask"):
        assert first[key] is not again[key] and np.array_equal(first[key], again[key])
        first[key][:] = 1  # the caller's to change: the next ones are as they were
        assert np.array_equal(table.observe("player_0")[key], again[key])
    assert made == [0]
    table.observe("player_2")
    assert made == [0, 2]
    card = int(again["action_mask"].nonzero()[0][0])
    table.step(card)  # a card picked for the pass: a new step, new observations
    after = table.observe("player_0")
    assert made == [0, 2, 0]
    assert int(after["observation"][layout(4)["pass_picked"]][card]) == 1
    assert after["action_mask"][card] == 0 and again["action_mask"][card] == 1
    assert not table.observe("player_1")["action_mask"].any()
    assert made == [0, 2, 0, 1]
    single = SingleAgentEnv(Rules(), seat=0)
    observation, _ = single.reset(seed=3)
    mask = single.action_masks()
    assert mask.dtype == np.bool_ and np.array_equal(mask, observation["action_mask"] == 1)


def test_the_wrapper_is_pettingzoos_order_enforcing_wrapper(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """env() wraps the game in a subclass of PettingZoo's OrderEnforcingWrapper that reads
    the game's attributes directly: the same values, and the same refusals before reset."""
    table = hearts.env.env(Rules(target=30))
    assert isinstance(table, OrderEnforcingWrapper) and str(table) == "hearts_v0"
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=rf"^{name} cannot be accessed before reset$"):
            getattr(table, name)
        assert not hasattr(table, name)
    with pytest.raises(AttributeError, match=r"^num_agents cannot be accessed before reset$"):
        _ = table.num_agents
    with pytest.raises(AttributeError, match=r"^agent_selection cannot be accessed before reset"):
        table.last()
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        table.step(0)
    table.reset(seed=2)
    game = table.unwrapped
    assert table.agents is game.agents and table.agent_selection == game.agent_selection
    for name in ("rewards", "terminations", "truncations", "infos", "_cumulative_rewards"):
        assert getattr(table, name) is getattr(game, name)
    assert table.num_agents == 4
    observation, reward, termination, truncation, info = table.last(observe=False)
    assert observation is None and (reward, termination, truncation, info) == (0, False, False, {})
    masked_random_game(table, random.Random(2))
    assert not table.agents
    table.step(None)  # the wrapper's warning, as PettingZoo logs it
    assert "step() called after all agents are terminated" in caplog.text
