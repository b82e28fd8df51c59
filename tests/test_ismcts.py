"""ISMCTSBot: legal, reproducible, within its budget, and refusing bad settings."""

from __future__ import annotations

import random
import sys

import pytest

import hearts
from hearts import ISMCTSBot, Phase, Rules


def positions(rules: Rules, seed: int, count: int) -> list[hearts.State]:
    """Play-phase states with a choice to make, from one random game."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    found = []
    while not state.is_over and len(found) < count:
        moves = hearts.legal_moves(state)
        if state.phase is Phase.PLAY and len(moves) > 1 and rng.random() < 0.3:
            found.append(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return found


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.preset("omnibus"), Rules(players=3), Rules(players=5), Rules(claims=True)],
    ids=["standard", "omnibus", "three", "five", "claims"],
)
def test_every_choice_is_legal(rules: Rules) -> None:
    bot = ISMCTSBot(iterations=30)
    for index, state in enumerate(positions(rules, 11, 6)):
        seat = state.to_move[0]
        move = bot.choose(hearts.view(state, seat), random.Random(index))
        assert move in hearts.legal_moves(state)


def test_the_same_generator_gives_the_same_choice() -> None:
    bot = ISMCTSBot(iterations=40)
    for state in positions(Rules(), 3, 4):
        seen = hearts.view(state, state.to_move[0])
        assert bot.choose(seen, random.Random(5)) == bot.choose(seen, random.Random(5))


class _Ticking:
    """A stand-in for the ``time`` module whose clock moves 1 ms each time it is read."""

    def __init__(self) -> None:
        self.now, self.reads = 100.0, 0

    def perf_counter(self) -> float:
        self.reads += 1
        assert self.reads < 1_000, "the bot went on long past its budget"
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("bot", [ISMCTSBot, hearts.SearchBot])
def test_a_time_budget_is_kept(
    bot: type[ISMCTSBot | hearts.SearchBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``milliseconds``, a bot stops once its budget is spent: read on a clock that the
    test moves (1 ms a reading), not on the machine's, so a loaded machine changes nothing."""
    state = positions(Rules(), 5, 1)[0]
    seen = hearts.view(state, state.to_move[0])
    clock = _Ticking()
    # hearts/bots/reference.py and hearts/bots/ismcts.py are pure Python in both builds (not in mypyc's
    # list in pyproject.toml), so their module's time can be replaced; were they compiled,
    # the bot would read the real clock and clock.reads below would be 0.
    monkeypatch.setattr(sys.modules[bot.__module__], "time", clock)
    assert bot(milliseconds=20).choose(seen, random.Random(1)) in hearts.legal_moves(state)
    # One reading to set the deadline, then one after each iteration: 20 ms, 20 iterations.
    assert clock.reads == 21


def test_other_phases_are_left_to_the_rules_of_thumb() -> None:
    state = hearts.apply(hearts.new_game(seed=2), hearts.legal_moves(hearts.new_game(seed=2))[0])
    assert state.phase is Phase.PASS
    seen = hearts.view(state, 1)
    expected = hearts.RuleBot().choose(seen, random.Random(0))
    assert ISMCTSBot(iterations=5).choose(seen, random.Random(0)) == expected


def test_a_bot_asked_out_of_turn_says_so() -> None:
    state = positions(Rules(), 8, 1)[0]
    idle = (state.to_move[0] + 1) % 4
    with pytest.raises(hearts.HeartsError, match=f"P{idle} has none to make now"):
        ISMCTSBot(iterations=5).choose(hearts.view(state, idle), random.Random(0))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("iterations", 0),
        ("iterations", 2.5),
        ("iterations", True),
        ("milliseconds", 0),
        ("milliseconds", "10"),
        ("exploration", -1),
        ("playout", "smart"),
    ],
)
def test_bad_settings_are_refused(field: str, value: object) -> None:
    with pytest.raises(hearts.HeartsError, match=rf"ISMCTSBot\.{field} must be"):
        ISMCTSBot(**{field: value})  # type: ignore[arg-type]


def test_it_plays_whole_games_and_pickles() -> None:
    import pickle

    bot = ISMCTSBot(iterations=10, playout="random")
    assert pickle.loads(pickle.dumps(bot)) == bot
    game = hearts.play_game(
        Rules(hands=1), [bot, hearts.RuleBot(), hearts.RuleBot(), hearts.RuleBot()], seed=4,
        bot_seed=1,
    )  # fmt: skip
    assert game.hands == 1 and game.bots[0] == "ismcts"


def test_a_claim_safe_only_in_some_deals_is_never_chosen() -> None:
    # Claims on, three tricks left: the first game in which the seat to play's claim is
    # safe in some of the deals its view allows, but not in all, so its view does not offer
    # it. A search over the deals' own moves would pick the claim; the bot answers with its
    # view's moves only.
    rules = Rules(claims=True)
    for seed in range(400):
        rng = random.Random(seed)
        state = hearts.new_game(rules, seed=seed)
        while state.phase is not Phase.PLAY or len(state.tricks) < rules.hand_size - 3:
            moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
        seat = state.to_move[0]
        seen = hearts.view(state, seat)
        if hearts.Claim(seat) in hearts.legal_moves(seen):
            continue
        claim_safe_in_deals = sum(
            hearts.Claim(seat) in hearts.legal_moves(hearts.sample(seen, random.Random(n)))
            for n in range(20)
        )
        if claim_safe_in_deals:
            break
    assert claim_safe_in_deals > 0
    move = ISMCTSBot(iterations=60).choose(seen, random.Random(seed))
    assert move in hearts.legal_moves(seen)
