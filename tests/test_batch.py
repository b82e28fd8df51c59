"""hearts.batch, the batched engine for JAX, checked against the scalar engine move by move.

Batches of games are played with random (or masked-random) actions by the jitted step;
each game is replayed through :func:`hearts.from_hands`, :func:`hearts.legal_moves`
and :func:`hearts.apply`: at every decision the seat to act and its legal cards must be
the same, and at the end of each hand the totals, the hand's changes (the rewards,
negated), the end of the game and its winners. :func:`count_disagreements` runs any
number of hands and counts the disagreements; run this file for a long run::

    python tests/test_batch.py --hands 200000
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import hearts
from hearts import (
    CardSet,
    ChoosePass,
    Deal,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    Rules,
    RulesError,
    ShootChoice,
    ShootMode,
)
from hearts.env import pass_calls
from hearts.game.passes import passable
from hearts.game.rules import PassDirection
from hearts.rl import _batch_tables as hb_tables
from hearts.rl import batch as hb
from hearts.tensor import encode, layout

BATCH = 16
"""Games per batch in the tests (one compile of the step per table size)."""
_WEIGHTS = np.array([1 << card for card in range(55)], dtype=np.uint64)


# --- trajectories ---------------------------------------------------------------------------


def _mask(row: np.ndarray) -> int:
    """A (52,) boolean row as a card bitmask."""
    return int(_WEIGHTS[: len(row)][row].sum())


@dataclasses.dataclass
class Report:
    """What a differential run checked and found."""

    hands: int = 0
    decisions: int = 0
    disagreements: int = 0
    moons: int = 0
    suns: int = 0
    games_ended: int = 0
    examples: list[str] = dataclasses.field(default_factory=list)

    def add(self, other: Report) -> None:
        self.hands += other.hands
        self.decisions += other.decisions
        self.disagreements += other.disagreements
        self.moons += other.moons
        self.suns += other.suns
        self.games_ended += other.games_ended
        self.examples += other.examples[: max(0, 5 - len(self.examples))]


class _Game:
    """One game of the batch, replayed through the scalar engine."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.state: hearts.State | None = None
        self.picked = 0
        self.dead = False

    def check(self, rec: dict[str, np.ndarray], b: int, report: Report) -> None:
        """Check game ``b`` of a step's records; a disagreement ends the game."""
        if self.dead:
            return
        try:
            self._check(rec, b, report)
        except (AssertionError, IllegalMoveError) as error:
            self.dead = True
            report.disagreements += 1
            if len(report.examples) < 5:
                report.examples.append(f"{self.rules!r}, game {b}: {error}")

    def _check(self, rec: dict[str, np.ndarray], b: int, report: Report) -> None:
        rules = self.rules
        if rec["over_before"][b]:
            assert self.state is not None and self.state.is_over, "the batch ended a game early"
            return
        state = self.state
        if state is None or state.phase is Phase.DEAL:
            hands = [CardSet.from_mask(_mask(row)) for row in rec["dealt"][b]]
            if state is None:
                state = hearts.from_hands(hands, rules)
            else:
                state = hearts.apply(state, Deal(hands))
            self.picked = 0
        player = int(rec["player"][b])
        phase = int(rec["phase"][b])
        legal = _mask(rec["legal"][b])
        card = int(rec["card"][b])
        report.decisions += 1
        ruled_out = tuple(_mask(row) for row in rec["ruled_out"][b])
        assert ruled_out == state.ruled_out_masks, (
            f"hand {state.hand_number} trick {state.trick_number}: ruled out "
            f"{[str(CardSet.from_mask(m)) for m in ruled_out]}, the engine's "
            f"{[str(CardSet.from_mask(m)) for m in state.ruled_out_masks]}"
        )
        if state.phase is Phase.CHOOSE:
            assert phase == hb.PHASE_CHOOSE, f"phase {phase}, the engine's is the dealer's call"
            assert player == state.dealer, f"P{player} calls, the dealer is P{state.dealer}"
            calls = pass_calls(rules)
            assert legal == (1 << len(calls)) - 1, f"calls {legal:b} of {len(calls)}"
            state = hearts.apply(state, ChoosePass(player, *calls[card]))
            assert not rec["hand_over"][b], "a call ended the hand"
        elif state.phase is Phase.PASS:
            assert phase == hb.PHASE_PASS, f"phase {phase}, the engine's is pass"
            assert player == min(state.to_move), (
                f"P{player} picks, the engine waits for {state.to_move}"
            )
            expected = passable(rules, state.hand_masks[player]) & ~self.picked
            assert legal == expected, (
                f"pass picks {CardSet.from_mask(legal)}, the engine's {CardSet.from_mask(expected)}"
            )
            assert not rec["hand_over"][b], "a pass pick ended the hand"
            self.picked |= 1 << card
            if self.picked.bit_count() == state.pass_count:
                state = hearts.apply(state, Pass(player, CardSet.from_mask(self.picked)))
                self.picked = 0
        elif state.phase is Phase.SHOOT:
            assert phase == hb.PHASE_SHOOT, f"phase {phase}, the engine's is shoot"
            assert player == state.to_move[0], (
                f"P{player} chooses, the engine's P{state.to_move[0]}"
            )
            assert legal == 0b11, f"the shooter may {CardSet.from_mask(legal)}: add or subtract"
            mode = ShootMode.SUBTRACT if card == hb.SHOOT_SUBTRACT else ShootMode.ADD
            state = hearts.apply(state, ShootChoice(player, mode))
            state = self._hand_end(state, rec, b, report, ended=True)
        else:
            assert state.phase is Phase.PLAY, f"the engine's phase is {state.phase}"
            assert phase == hb.PHASE_PLAY, f"phase {phase}, the engine's is play"
            assert player == state.to_move[0], f"P{player} plays, the engine's P{state.to_move[0]}"
            expected = 0
            for move in hearts.legal_moves(state):
                if isinstance(move, Play):
                    expected |= 1 << move.card
            assert legal == expected, (
                f"hand {state.hand_number} trick {state.trick_number}: legal "
                f"{CardSet.from_mask(legal)}, the engine's {CardSet.from_mask(expected)}"
            )
            done = len(state.results)
            state = hearts.apply(state, Play(player, card))
            state = self._hand_end(state, rec, b, report, ended=len(state.results) > done)
        self.state = state

    def _hand_end(
        self, state: hearts.State, rec: dict[str, np.ndarray], b: int, report: Report, ended: bool
    ) -> hearts.State:
        """Check the end of the hand, if the move just applied ended it."""
        rules = self.rules
        assert bool(rec["hand_over"][b]) == ended, f"hand_over is {not ended} for {ended}"
        if ended:
            result = state.results[-1]
            report.hands += 1
            report.moons += result.moon is not None
            report.suns += result.sun is not None
            scores = tuple(int(v) for v in rec["scores"][b])
            sign = 1 if rules.chips is not None else -1  # chips won are rewards as they are
            changes = tuple(int(sign * v) for v in rec["rewards"][b])
            assert scores == result.scores, f"totals {scores}, the engine's {result.scores}"
            assert changes == result.changes, f"changes {changes}, the engine's {result.changes}"
            assert bool(rec["terminated"][b]) == state.is_over, "the end of the game differs"
            if state.is_over:
                report.games_ended += 1
                winners = tuple(np.nonzero(rec["winners"][b])[0].tolist())
                assert winners == state.winners, f"winners {winners}, the engine's {state.winners}"
        return state


def _lowest_or(actions: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """The card each action plays: itself if legal, else the lowest legal card."""
    fine = legal[np.arange(len(actions)), actions]
    return np.where(fine, actions, np.argmax(legal, axis=1))


def count_disagreements(
    rules: Rules,
    hands: int,
    *,
    seed: int = 0,
    batch: int = BATCH,
    masked: float = 1.0,
    takers: float = 0.0,
    feed: bool = False,
    rigged: bool = False,
    tables: hb.BatchRules | None = None,
) -> Report:
    """Play at least ``hands`` hands in batches and replay them through the scalar engine.

    ``masked`` is the share of games that play masked-random actions (the others play any
    card, which the batch replaces by the lowest legal one); the last ``takers`` share has
    one seat play its highest legal card and the others masked-random ones, so that it
    takes tricks and now and then every penalty card (the moon, which random play almost
    never shoots); with ``feed``, the other seats of those games play their lowest legal
    card; ``rigged`` deals the first hand of each batch so that the taker of each game holds
    the highest cards (with ``takers=1`` and ``feed``, it takes every trick: the sun, or the
    moon of one partner of a partnership). ``tables`` replaces the rules' tables (to plant a bug). A game stops being checked at its first disagreement; the
    hands of games no longer checked count towards ``hands`` too.
    """
    report = Report()
    tables = hb.make_rules(rules) if tables is None else tables
    rng = np.random.default_rng(seed)
    masked_games = np.arange(batch) < round(masked * batch)
    taker_games = np.arange(batch) >= batch - round(takers * batch)
    width = 55 if rules.jokers else hb.NUM_ACTIONS  # the jokers' actions are 52 to 54
    cards = np.arange(width)
    rank_order = np.where(cards < 52, (cards % 13) * 4 + cards // 13, -1)  # jokers lowest
    played = 0
    key = jax.random.key(seed)
    while played < hands:
        key, deal = jax.random.split(key)
        first = _rigged_hands(rules, batch) if rigged else None
        state = hb.init(jax.random.split(deal, batch), tables, hands=first)
        games = [_Game(rules) for _ in range(batch)]
        idle = 0  # steps since a hand last ended: a batch that never ends one fails
        while played < hands:
            legal = np.asarray(hb.legal_action_mask(state))
            noise = rng.random(legal.shape)
            chosen = np.argmax(np.where(legal, noise, -1.0), axis=1)
            wild = rng.integers(0, width, batch)
            highest = np.argmax(np.where(legal, rank_order, -1), axis=1)
            lowest = np.argmax(np.where(legal, -rank_order, -99), axis=1)
            takes = taker_games & (
                np.asarray(state.current_player) == np.arange(batch) % rules.players
            )
            actions = np.where(masked_games | taker_games, chosen, wild)
            if feed:
                actions = np.where(taker_games, lowest, actions)
            actions = np.where(takes, highest, actions)
            before = {
                "phase": np.asarray(state.phase),
                "player": np.asarray(state.current_player),
                "legal": legal,
                "card": _lowest_or(actions, legal),
                "dealt": np.asarray(hb.to_cards(state.dealt)),
                "ruled_out": np.asarray(hb.to_cards(state.ruled_out)),
                "over_before": np.asarray(state.terminated),
                "hand_number": np.asarray(state.hand_number),
            }
            state = hb.step(state, jnp.asarray(actions, dtype=jnp.int32))
            rec = {
                **before,
                "scores": np.asarray(state.scores),
                "rewards": np.asarray(state.rewards),
                "hand_over": np.asarray(state.hand_over),
                "terminated": np.asarray(state.terminated),
                "winners": np.asarray(state.winners),
            }
            ended = (np.asarray(state.hand_number) != rec["hand_number"]) | (
                rec["terminated"] & ~rec["over_before"]
            )
            played += int(ended.sum())
            idle = 0 if ended.any() else idle + 1
            assert idle < 4 * tables_hand_steps(rules), "no hand of the batch ends"
            for b, game in enumerate(games):
                game.check(rec, b, report)
            if rec["terminated"].all():
                break
    return report


def _rigged_hands(rules: Rules, batch: int) -> jnp.ndarray:
    """Card sets (batch, P, 4): in game ``b`` seat ``b % P`` holds the highest cards.

    The deck's cards from the aces down (clubs first within a rank) fill the taker's hand;
    the rest are shared out in order among the other seats.
    """
    players, size = rules.players, rules.hand_size
    width = 55 if rules.jokers else 52  # the jokers, where there are, are the lowest
    deck = [card for card in range(width) if rules.deck_mask >> card & 1]
    suited = sorted((card for card in deck if card < 52), key=lambda c: (-(c % 13), c // 13))
    by_rank = suited + [card for card in deck if card >= 52]
    flags = np.zeros((batch, players, width), dtype=bool)
    for b in range(batch):
        taker = b % players
        others = [seat for seat in range(players) if seat != taker]
        for place, card in enumerate(by_rank):
            seat = taker if place < size else others[(place - size) // size]
            flags[b, seat, card] = True
    return hb.from_cards(jnp.asarray(flags))


def tables_hand_steps(rules: Rules) -> int:
    """The steps of one whole hand: every seat's pass picks and every card played."""
    return rules.players * (rules.pass_count + rules.hand_size)


# --- rules to check ----------------------------------------------------------------------------


PRESETS = [name for name in Rules.preset_names() if hb.supports(Rules.preset(name))]
"""Every preset the batched engine plays (all but those with claims)."""


JOKER_GAMES: list[dict[str, Any]] = [
    {"players": 3, "jokers": 2},
    {"players": 5, "jokers": 3},
    {"players": 6, "jokers": 2},
    {"players": 7, "jokers": 1, "removed": "2C 2D 2H 2S"},
    {"players": 7, "jokers": 2, "removed": "2C 2D 2H 2S 3C"},
    {"players": 4, "jokers": 1, "removed": "2D"},
]
"""Games with jokers: the deck shared out evenly (the default removal, or one given)."""


def random_rules(rng: random.Random) -> Rules:
    """A random :class:`~hearts.Rules` the batched engine plays."""
    while True:
        players = rng.choice([3, 4, 4, 5, 6, 7])
        fields: dict[str, Any] = {"players": players}
        if rng.random() < 0.2:  # jokers, in every game of them the deck allows
            fields.update(rng.choice(JOKER_GAMES))
            players = fields["players"]
        directions = [d for d in PassDirection if d.allowed_with(players)]
        if rng.random() < 0.5:
            fields["pass_cycle"] = tuple(rng.choice(directions) for _ in range(rng.randint(1, 5)))
        if rng.random() < 0.3:
            fields["pass_count"] = rng.randint(1, 4)
        if rng.random() < 0.2:
            fields["dealer_chooses_pass"] = True
        if rng.random() < 0.2:
            fields["unpassable"] = rng.choice(["QS", "QS KS AS", "AH"])
        fields["first_lead"] = rng.choice(["lowest_club", "any_club", "left_of_dealer", "left_of_dealer_no_heart"])  # fmt: skip
        fields["first_trick"] = rng.choice(["penalty_barred", "hearts_barred", "open", "first_turn_hearts"])  # fmt: skip
        fields["first_trick_fallback"] = rng.choice(["any", "queen"])
        for flag in ("must_break_hearts", "queen_breaks_hearts", "can_lead_hearts_instead_of_queen", "queen_after_hearts", "forced_discard", "bonus_counts_on_shoot", "moon_needs_bonus_cards"):  # fmt: skip
            fields[flag] = rng.random() < 0.4
        if fields["queen_breaks_hearts"]:
            fields["queen_breaks_only_when_led"] = rng.random() < 0.5
        if rng.random() < 0.6:
            points: dict[str, int] = dict.fromkeys([f"{r}H" for r in "23456789TJQKA"], 1)
            points["QS"] = 13
            for _ in range(rng.randint(1, 4)):
                card = rng.choice("23456789TJQKA") + rng.choice("CDHS")
                points[card] = rng.choice([-10, -5, 0, 1, 2, 5, 7, 13])
            fields["points"] = points
        if rng.random() < 0.2:
            fields["penalty_cards"] = rng.choice(["QS", "QS JD", "2H 3H QS"])
        fields["moon"] = rng.choice(["add", "subtract", "off", "safety", "choose"])
        if rng.random() < 0.2:
            fields["moon_value"] = rng.randint(10, 40)
        if rng.random() < 0.3:
            fields["sun"] = rng.choice(["add", "subtract", "safety", "choose"])
        if rng.random() < 0.2:
            fields["multipliers"] = rng.choice([{"TC": 2}, {"TC": 2, "JD": 3}, {"QS": 4}])
            if rng.random() < 0.5:
                fields["multiplier_alone"] = rng.choice([-50, -10, 5])
        if players == 4 and rng.random() < 0.2:
            fields["partners"] = True
            fields["partners_shoot_together"] = rng.random() < 0.6
            fields["sun"] = "off"
            fields["moon"] = rng.choice(["add", "subtract", "off"])
        elif rng.random() < 0.15:
            fields["chips"] = rng.choice([5, 10, 20])
        if rng.random() < 0.2:
            fields["no_trick_bonus"] = rng.choice([-5, 3])
        if rng.random() < 0.2:
            fields["no_heart_bonus"] = rng.choice([-3, 2])
        fields["target"] = rng.choice([None, 30, 50, 100])
        fields["target_must_be_exceeded"] = rng.random() < 0.3
        if fields["target"] is None or rng.random() < 0.3:
            fields["hands"] = rng.randint(1, 4)
        if rng.random() < 0.2:
            fields["resets"] = (rng.choice([20, 26, 50]),)
            fields["reset_amount"] = rng.choice([25, 50])
        if rng.random() < 0.2:
            fields["score_floor"] = 0
        elif rng.random() < 0.2:
            fields["play_on_ties"] = True
        if rng.random() < 0.2 and "jokers" not in fields:  # cards removed, shared out evenly
            removed = 52 % players + players * rng.randint(0, 1)
            low = [f"{rank}{suit}" for rank in "23456789" for suit in "CD"]
            fields["removed"] = " ".join(low[:removed])
        fields["moon_choice_needs_score"] = rng.random() < 0.2
        if rng.random() < 0.2:
            fields["sun_value"] = rng.choice([39, 52])
        if "chips" in fields:  # a chip game reads no points: these would be refused
            for name in ("multipliers", "multiplier_alone", "no_heart_bonus", "play_on_ties"):
                fields.pop(name, None)
        try:
            rules = Rules(**fields)
        except RulesError:
            continue
        assert hb.supports(rules)
        return rules


def _random_rules_cases(count: int, seed: int, players: tuple[int, ...]) -> Iterator[Rules]:
    rng = random.Random(seed)
    found = 0
    while found < count:
        rules = random_rules(rng)
        if rules.players in players:
            found += 1
            yield rules


# --- the differential tests ----------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_presets_agree_with_the_engine(name: str) -> None:
    rules = Rules.preset(name)
    report = count_disagreements(rules, 48, seed=len(name), masked=0.75)
    assert report.disagreements == 0, report.examples
    assert report.hands >= 48 and report.decisions > 48 * rules.hand_size


def test_full_games_agree_with_the_engine() -> None:
    # Whole games to the end, hand after hand: totals, game end and winners.
    report = count_disagreements(Rules(target=40), 100, seed=5)
    assert report.disagreements == 0, report.examples
    assert report.hands >= 100


@pytest.mark.parametrize(
    "rules", list(_random_rules_cases(6, seed=11, players=(3, 4, 5))), ids=repr
)
def test_random_rules_agree_with_the_engine(rules: Rules) -> None:
    report = count_disagreements(rules, 32, seed=3, masked=0.75)
    assert report.disagreements == 0, report.examples
    assert report.hands >= 32


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules", list(_random_rules_cases(12, seed=12, players=(3, 4, 5, 6, 7))), ids=repr
)
def test_more_random_rules_agree_with_the_engine(rules: Rules) -> None:
    report = count_disagreements(rules, 128, seed=4, masked=0.75)
    assert report.disagreements == 0, report.examples


@pytest.mark.parametrize(
    "rules",
    [Rules(moon="add"), Rules.preset("omnibus").replace(moon="subtract", pass_cycle="none")],
    ids=repr,
)
def test_moons_agree_with_the_engine(rules: Rules) -> None:
    # One seat of each game takes all it can, so that moons are shot and scored.
    report = count_disagreements(rules, 160, seed=7, masked=0.5, takers=0.5)
    assert report.disagreements == 0, report.examples
    assert report.moons > 0


@pytest.mark.parametrize(
    "rules",
    [
        Rules(sun="add", pass_cycle="none", target=None, hands=2),
        Rules(players=5, sun="subtract", moon="subtract", pass_cycle="none", target=None, hands=2),
        Rules(sun="safety", moon="safety", pass_cycle="none", target=60),
        Rules.preset("partnership").replace(pass_cycle="none", target=60),
        Rules.preset("partnership").replace(
            pass_cycle="none", partners_shoot_together=False, moon="subtract", target=60
        ),
        Rules(
            multipliers={"TC": 2, "AH": 3},
            multiplier_alone=-20,
            sun="add",
            pass_cycle="none",
            target=60,
        ),
        Rules(moon="choose", sun="choose", pass_cycle="none", target=60),
        Rules(moon="choose", moon_choice_needs_score=True, pass_cycle="none", target=None, hands=3),
    ],
    ids=repr,
)
def test_suns_and_shared_moons_agree_with_the_engine(rules: Rules) -> None:
    # The first hand of each batch is dealt so that one seat holds the highest cards and
    # takes every trick: the sun, a moon with or without partners, multiplied.
    report = count_disagreements(rules, 64, seed=4, takers=1.0, feed=True, rigged=True)
    assert report.disagreements == 0, report.examples
    shot = report.suns if rules.sun is not hearts.ShootMode.OFF else report.moons
    assert shot >= 8


@pytest.mark.parametrize(
    "rules", [Rules(chips=3), Rules.preset("chips").replace(chips=4, pass_cycle="left")], ids=repr
)
def test_chip_games_agree_with_the_engine(rules: Rules) -> None:
    # Chips paid into the pool and shared, the pool carried from hand to hand, and the
    # game's end when a seat holds every chip or none.
    report = count_disagreements(rules, 96, seed=6)
    assert report.disagreements == 0, report.examples
    assert report.games_ended >= 5


def _i32(value: int) -> jax.Array:
    return jnp.asarray(value, dtype=jnp.int32)


PLANTED: dict[str, tuple[Rules, bool, dict[str, Any]]] = {
    "sun_mode": (Rules(sun="add", pass_cycle="none", target=60), True, {"sun_mode": _i32(2)}),
    "sun_points": (Rules(sun="add", pass_cycle="none", target=60), True, {"sun_points": _i32(40)}),
    "multipliers": (
        Rules(multipliers={"QS": 2}, target=60),
        False,
        {"multipliers": jnp.ones(52, dtype=jnp.int32).at[int(hearts.Card("QS"))].set(3)},
    ),
    "multiplier_alone": (
        Rules(multipliers={"2C": 2}, multiplier_alone=-20, target=60),
        False,
        {"multiplier_alone": _i32(-10)},
    ),
    "partner": (Rules.preset("partnership"), False, {"partner": jnp.asarray([1, 0, 3, 2])}),
    "shoot_together": (
        Rules.preset("partnership").replace(pass_cycle="none", target=60),
        True,
        {"shoot_together": jnp.asarray(False)},
    ),
    "choose_mode": (
        Rules(moon="choose", pass_cycle="none", target=60),
        True,
        {"choose_mode": jnp.asarray(False)},
    ),
    "choice_needs_score": (
        Rules(moon="choose", pass_cycle="none", target=60),
        True,
        {"choice_needs_score": jnp.asarray(True)},
    ),
    "joker_lead": (Rules(players=5, jokers=3), False, {"joker_lead": jnp.asarray(False)}),
    "chips": (Rules(chips=3), False, {"chips": jnp.asarray(False)}),
    "chip_count": (Rules(chips=3), False, {"chip_count": _i32(4)}),
}
"""A bug planted in each table the scoring of suns, multipliers, partners and chips reads
(and the jokers' lead rule):
the rules, whether the first hands are rigged (a sun or a moon), the tables changed."""


@pytest.mark.parametrize("table", sorted(PLANTED))
def test_a_wrong_scoring_table_is_caught(table: str) -> None:
    rules, rigged, wrong = PLANTED[table]
    tables = dataclasses.replace(hb.make_rules(rules), **wrong)
    kept = count_disagreements(rules, 48, seed=8, takers=0.5, feed=rigged, rigged=rigged)
    assert kept.disagreements == 0, kept.examples
    report = count_disagreements(
        rules, 48, seed=8, takers=0.5, feed=rigged, rigged=rigged, tables=tables
    )
    assert report.disagreements > 0, f"a wrong {table} is not caught"


def test_dealt_hands_are_checked() -> None:
    rules = Rules(pass_cycle="none")
    keys = jax.random.split(jax.random.key(0), 4)
    good = np.asarray(_rigged_hands(rules, 4))
    state = hb.init(keys, rules, hands=good)
    np.testing.assert_array_equal(np.asarray(state.dealt), good)
    stray = good.copy()
    stray[1, 0, 1] |= np.uint32(1 << 20)  # a bit that is no card
    with pytest.raises(hearts.HeartsError, match=r"game 1 holds cards outside the deck"):
        hb.init(keys, rules, hands=stray)
    twice = good.copy()
    twice[2, 1] |= twice[2, 0]  # seat 1 also holds seat 0's cards
    with pytest.raises(hearts.HeartsError, match=r"game 2 gives its seats \[13, 26, 13, 13\]"):
        hb.init(keys, rules, hands=twice)
    with pytest.raises(TypeError, match=r"init needs hands as uint32 card sets"):
        hb.init(keys, rules, hands=good.astype(np.int64))


def test_a_wrong_moon_is_caught() -> None:
    tables = hb.make_rules(Rules())
    wrong = dataclasses.replace(tables, moon_mode=jnp.asarray(2, dtype=jnp.int32))
    report = count_disagreements(Rules(), 160, seed=7, masked=0.5, takers=0.5)
    assert report.moons > 0
    report = count_disagreements(Rules(), 160, seed=7, masked=0.5, takers=0.5, tables=wrong)
    assert report.disagreements > 0


def test_a_wrong_point_is_caught() -> None:
    tables = hb.make_rules(Rules())
    wrong = dataclasses.replace(
        tables, card_points=tables.card_points.at[int(hearts.Card("QS"))].set(12)
    )
    report = count_disagreements(Rules(), 32, seed=1, tables=wrong)
    assert report.disagreements > 0
    assert any("totals" in example or "changes" in example for example in report.examples)


def test_a_wrong_rule_of_play_is_caught() -> None:
    tables = hb.make_rules(Rules())
    wrong = dataclasses.replace(tables, must_break_hearts=jnp.asarray(False))
    report = count_disagreements(Rules(), 32, seed=1, tables=wrong)
    assert report.disagreements > 0
    assert any("legal" in example for example in report.examples)


@pytest.mark.parametrize(
    "planted",
    ["a void not shown", "a heart lead shows nothing", "a first-trick void not shown"],
)
def test_a_wrong_reveal_is_caught(planted: str) -> None:
    # Each planted bug blanks some rows of the table of what a play reveals: the cards a
    # seat rules out then differ from the engine's, and the differential test says so.
    rules = Rules()
    tables = hb.make_rules(rules)
    rows = np.asarray(tables.reveals).copy()
    row = hb_tables.reveal_row
    if planted == "a void not shown":  # off suit after the first trick, hearts unbroken
        spoiled = [row(False, False, 0, card) for card in range(13, 52)]
    elif planted == "a heart lead shows nothing":  # leading a heart before they break
        spoiled = [row(False, False, -1, card) for card in range(26, 39)]
    else:  # off suit on the first trick (led with a club)
        spoiled = [row(True, False, 0, card) for card in range(13, 52)]
    assert rows[spoiled].any(), "the rows planted on must reveal something"
    rows[spoiled] = 0
    wrong = dataclasses.replace(tables, reveals=jnp.asarray(rows))
    report = count_disagreements(rules, 64, seed=3, tables=wrong)
    assert report.disagreements > 0
    assert any("ruled out" in example for example in report.examples), report.examples


# --- the API -----------------------------------------------------------------------------------


def test_refusals_name_the_field() -> None:
    cases = {
        "claims": Rules.preset("wocg"),
    }
    for field, rules in cases.items():
        assert not hb.supports(rules)
        with pytest.raises(RulesError, match=rf"hearts\.batch does not play Rules\.{field} "):
            hb.init(jax.random.split(jax.random.key(0), 2), rules)
    for name in PRESETS:
        assert hb.unsupported(Rules.preset(name)) is None


def test_added_rules_of_play_are_refused() -> None:
    class NoLowClubs:
        name = "no low clubs"

        def applies(self, rules: Rules, first: bool, opening: int) -> bool:
            return opening == hearts.game.play.LEAD

        def allows(
            self, rules: Rules, hand: int, cards: int, trick: Any, first: bool, broken: bool
        ) -> int:
            return cards & ~0b11 or cards

        def refusal(
            self, rules: Rules, who: str, hand: int, allowed: int, trick: Any, card: int
        ) -> str:
            return "no low clubs."

    rule = NoLowClubs()
    hearts.game.play.add_rule(rule)
    try:
        with pytest.raises(
            RulesError, match=r"added with hearts\.game\.play\.add_rule \(no low clubs\)"
        ):
            hb.make_rules(Rules(target=77))
    finally:
        hearts.game.play.remove_rule(rule)
    assert hb.supports(Rules(target=77))


def test_import_hearts_does_not_import_jax() -> None:
    import subprocess

    code = (
        "import sys, hearts\nassert 'jax' not in sys.modules and 'hearts.batch' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _play_along(rules: Rules, seed: int, steps: int) -> Iterator[tuple[hb.State, hearts.State]]:
    """The batched state and the engine's state of its game 0, step after step."""
    state = hb.init(jax.random.split(jax.random.key(seed), BATCH), rules)
    scalar = hearts.from_hands(
        [CardSet.from_mask(_mask(row)) for row in np.asarray(hb.to_cards(state.dealt[0]))], rules
    )
    rng = random.Random(seed)
    picked = 0
    for _ in range(steps):
        yield state, scalar
        legal = np.asarray(hb.legal_action_mask(state))
        actions = [rng.choice(np.nonzero(row)[0].tolist()) for row in legal]
        player = int(state.current_player[0])
        if scalar.phase is Phase.PASS:
            picked |= 1 << actions[0]
            if picked.bit_count() == scalar.pass_count:
                scalar = hearts.apply(scalar, Pass(player, CardSet.from_mask(picked)))
                picked = 0
        else:
            scalar = hearts.apply(scalar, Play(player, actions[0]))
        state = hb.step(state, jnp.asarray(actions))
        if scalar.phase is not Phase.PLAY and scalar.phase is not Phase.PASS:
            return


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.preset("omnibus").replace(first_lead="left_of_dealer", target=None, hands=3),
        Rules.preset("three-player"),
        Rules(players=5, jokers=3, first_lead="left_of_dealer"),
        Rules(players=3, jokers=2, pass_cycle="none"),
    ],
    ids=repr,
)
def test_observations_match_the_tensor_in_play(rules: Rules) -> None:
    players = rules.players
    where = layout(players, history=True)
    compared = 0
    for state, scalar in _play_along(rules, seed=2, steps=80):
        if scalar.phase is not Phase.PLAY:
            continue
        for seat in range(players):
            mine = np.asarray(hb.observe(state, seat, history=True))[0]
            theirs = encode(hearts.view(scalar, seat), history=True)
            assert mine.shape == theirs.shape == (hb.observation_size(players, history=True),)
            for name, part in where.items():  # every field, ruled_out and voids included
                np.testing.assert_allclose(mine[part], theirs[part], atol=1e-6, err_msg=name)
            without = np.asarray(hb.observe(state, seat))[0]
            np.testing.assert_array_equal(without, mine[: hb.observation_size(players)])
            compared += 1
    assert compared > 100


def test_observations_match_the_tensor_while_the_shooter_chooses() -> None:
    # Seat 0 holds the highest cards and takes every trick; the others play their lowest
    # card. When the hand's last trick is taken the game waits for P0's choice: what each
    # seat sees then is hearts.tensor.encode's, field by field.
    rules = Rules(moon="choose", pass_cycle="none")
    hands = _rigged_hands(rules, BATCH)
    state = hb.init(jax.random.split(jax.random.key(3), BATCH), rules, hands=hands)
    dealt = np.asarray(hb.to_cards(state.dealt[0]))
    scalar = hearts.from_hands([CardSet.from_mask(_mask(row)) for row in dealt], rules)
    order = (np.arange(52) % 13) * 4 + np.arange(52) // 13
    while int(state.phase[0]) == hb.PHASE_PLAY:
        legal = np.asarray(hb.legal_action_mask(state))
        seats = np.asarray(state.current_player)
        taker = seats == np.arange(BATCH) % rules.players
        actions = np.where(
            taker,
            np.argmax(np.where(legal, order, -1), axis=1),
            np.argmax(np.where(legal, -order, -99), axis=1),
        )
        scalar = hearts.apply(scalar, Play(int(seats[0]), int(actions[0])))
        state = hb.step(state, jnp.asarray(actions, dtype=jnp.int32))
    assert int(state.phase[0]) == hb.PHASE_SHOOT and scalar.phase is Phase.SHOOT
    where = layout(rules.players, history=True)
    for seat in range(rules.players):
        mine = np.asarray(hb.observe(state, seat, history=True))[0]
        theirs = encode(hearts.view(scalar, seat), history=True)
        for name, part in where.items():
            np.testing.assert_allclose(mine[part], theirs[part], atol=1e-6, err_msg=name)
    legal = np.asarray(hb.legal_action_mask(state))[0]
    assert legal.nonzero()[0].tolist() == [hb.SHOOT_ADD, hb.SHOOT_SUBTRACT]


def test_deals_are_even() -> None:
    # Each card goes to each seat a quarter of the time (within 5 standard deviations over
    # 4,096 deals), and the cards of a seat are not tied to one another (2♣ and 3♣ together
    # a quarter of the time less a little: 12/51).
    deals = 4096
    state = hb.init(jax.random.split(jax.random.key(11), deals), Rules(pass_cycle="none"))
    cards = np.asarray(hb.to_cards(state.hands))  # (deals, 4, 52)
    assert (cards.sum(axis=1) == 1).all() and (cards.sum(axis=2) == 13).all()
    share = cards.sum(axis=0) / deals
    spread = 5 * np.sqrt(0.25 * 0.75 / deals)
    assert np.abs(share - 0.25).max() < spread, np.abs(share - 0.25).max()
    together = (cards[:, :, 0] & cards[:, :, 1]).sum() / deals
    assert abs(together - 12 / 51) < 5 * np.sqrt(0.24 * 0.76 / deals)


def test_raw_keys() -> None:
    raw = jax.random.key_data(jax.random.split(jax.random.key(5), BATCH))
    assert raw.dtype == jnp.uint32
    state = hb.init(raw, Rules())
    typed = hb.init(jax.random.split(jax.random.key(5), BATCH), Rules())
    np.testing.assert_array_equal(np.asarray(state.hands), np.asarray(typed.hands))


def test_observations_in_the_pass() -> None:
    for state, scalar in _play_along(Rules(), seed=3, steps=5):
        seat = int(state.current_player[0])
        vector = np.asarray(hb.observe(state, seat))[0]
        theirs = encode(hearts.view(scalar, seat))
        for name in ("hand", "deck", "scores", "phase", "pass_direction", "pass_count", "to_move"):
            np.testing.assert_allclose(
                vector[layout(4)[name]], theirs[layout(4)[name]], err_msg=name
            )
        picked = vector[layout(4)["pass_picked"]]
        assert picked.sum() == int(np.asarray(hb.to_cards(state.passed[0, seat])).sum())


def _leaves(state: hb.State) -> list[np.ndarray]:
    """The arrays of a state (the keys as their data), as NumPy arrays."""
    return [
        np.asarray(jax.random.key_data(leaf))
        if jnp.issubdtype(leaf.dtype, jax.dtypes.prng_key)
        else np.asarray(leaf)
        for leaf in jax.tree_util.tree_leaves(state)
    ]


def test_jit_and_vmap() -> None:
    # Two batches stacked: the step vmapped over them, jitted, is the step of each.
    batches = [hb.init(jax.random.split(jax.random.key(seed), BATCH), Rules()) for seed in (0, 1)]
    states = jax.tree_util.tree_map(lambda *leaves: jnp.stack(leaves), *batches)
    assert states.hands.shape == (2, BATCH, 4, 4)
    actions = jnp.zeros((2, BATCH), dtype=jnp.int32)
    stepped = jax.jit(jax.vmap(hb.step))(states, actions)
    one = hb.step(batches[1], actions[1])
    for got, want in zip(_leaves(stepped), _leaves(one), strict=True):
        np.testing.assert_array_equal(got[1], want)
    masks = jax.vmap(hb.legal_action_mask)(states)
    assert masks.shape == (2, BATCH, 52)
    np.testing.assert_array_equal(
        np.asarray(masks[0]), np.asarray(hb.legal_action_mask(batches[0]))
    )


def test_a_terminated_game_stays_as_it_is() -> None:
    rules = Rules(target=None, hands=1, pass_cycle="none")
    state = hb.init(jax.random.split(jax.random.key(4), BATCH), rules)
    for _ in range(52):
        state = hb.step(state, jnp.zeros(BATCH, dtype=jnp.int32))
    assert state.terminated.all()
    assert (state.phase == hb.PHASE_OVER).all()
    assert not hb.legal_action_mask(state).any()
    assert (jnp.sum(hb.game_rewards(state), axis=1) >= 1).all()
    again = hb.step(state, jnp.zeros(BATCH, dtype=jnp.int32))
    assert state.hand_over.all() and not again.rewards.any() and not again.hand_over.any()
    # Only what the last step said (the rewards, the hand's end) is quiet after the end.
    quiet = dataclasses.replace(
        state, rewards=jnp.zeros_like(state.rewards), hand_over=jnp.zeros_like(state.hand_over)
    )
    for before, after in zip(_leaves(quiet), _leaves(again), strict=True):
        np.testing.assert_array_equal(before, after)


def test_restart_deals_a_new_game_where_one_is_over_and_leaves_the_others() -> None:
    """hb.restart: a game over becomes the game init deals from its key, under its rules;
    a game still playing is left as it is, whatever its key. Games with a target end after
    different numbers of hands, so restarts come at different steps."""
    rules = Rules(target=30)
    state = hb.init(jax.random.split(jax.random.key(5), BATCH), rules)
    key = jax.random.key(6)
    restarted = 0
    steps_with_restarts = 0
    for number in range(2000):
        key, action_key, deal_key = jax.random.split(key, 3)
        state = hb.step(state, hb.random_actions(state, action_key))
        keys = jax.random.split(deal_key, BATCH)
        after = hb.restart(state, keys)
        over = np.asarray(state.terminated)
        if over.any() or number % 50 == 0:  # every restart, and now and then none
            fresh = hb.init(keys, rules)
            for before, new, made in zip(
                _leaves(state), _leaves(after), _leaves(fresh), strict=True
            ):
                if new.shape[:1] != (BATCH,):  # a shared table: one for the batch
                    np.testing.assert_array_equal(new, before)
                    continue
                np.testing.assert_array_equal(new[~over], before[~over])
                np.testing.assert_array_equal(new[over], made[over])
        restarted += int(over.sum())
        steps_with_restarts += bool(over.any())
        state = after
        if restarted >= BATCH and not over.any():
            break
    assert restarted >= BATCH and steps_with_restarts > 1
    assert not state.terminated.any()


def test_the_table_of_what_a_play_reveals_is_shared_by_the_batch() -> None:
    # One table for the batch, not one per game: the state's bytes per game stay small,
    # and batches joined along the games' axis (whose tables would be joined too, each
    # game reading the first) are refused by name.
    small, large = (hb.init(jax.random.split(jax.random.key(0), n), Rules()) for n in (2, 64))
    assert small.rules.reveals.shape == large.rules.reveals.shape == (hb_tables.REVEAL_ROWS, 4)
    assert large.rules.deck.shape == (64, 4)
    joined = jax.tree_util.tree_map(lambda *leaves: jnp.concatenate(leaves), small, small)
    for call in (
        lambda: hb.step(joined, jnp.zeros(4, dtype=jnp.int32)),
        lambda: hb.observe(joined, 0),
        lambda: hb.restart(joined, jax.random.split(jax.random.key(1), 4)),
    ):
        with pytest.raises(hearts.HeartsError, match=r"shared table was joined or sliced"):
            call()


def test_restart_takes_raw_keys_and_runs_under_jit() -> None:
    """Raw uint32 key data is read as the state's kind of keys, as init reads it; restart
    compiles inside jax.jit (as in a scan of steps)."""
    rules = Rules(hands=1, pass_cycle="none")
    state = hb.init(jax.random.split(jax.random.key(4), BATCH), rules)
    for _ in range(52):  # every game plays its one hand out
        state = hb.step(state, hb.random_actions(state, jax.random.key(0)))
    assert state.terminated.all()
    keys = jax.random.split(jax.random.key(9), BATCH)
    expected = _leaves(hb.init(keys, rules))
    for restarted in (
        hb.restart(state, jax.random.key_data(keys)),
        jax.jit(hb.restart)(state, keys),
    ):
        for want, got in zip(expected, _leaves(restarted), strict=True):
            np.testing.assert_array_equal(got, want)


def test_restart_refuses_what_is_not_a_batch_with_a_key_per_game() -> None:
    state = hb.init(jax.random.split(jax.random.key(5), BATCH), Rules())
    unchanged = hb.restart(state, jax.random.split(jax.random.key(1), BATCH))
    for before, after in zip(_leaves(state), _leaves(unchanged), strict=True):
        np.testing.assert_array_equal(before, after)  # no game over: nothing changes
    with pytest.raises(hearts.HeartsError, match=r"^restart needs one key per game: the batch"):
        hb.restart(state, jax.random.split(jax.random.key(1), BATCH + 1))
    with pytest.raises(hearts.HeartsError, match=r"keys has shape \(17, 2\)\.$"):
        hb.restart(state, jax.random.key_data(jax.random.split(jax.random.key(1), BATCH + 1)))
    other_kind = jax.random.split(jax.random.key(1, impl="rbg"), BATCH)
    with pytest.raises(hearts.HeartsError, match=r"^restart needs keys of the kind the games"):
        hb.restart(state, other_kind)
    with pytest.raises(TypeError, match=r"^restart needs a JAX array of PRNG keys, one per"):
        hb.restart(state, [1, 2])  # type: ignore[arg-type]
    with pytest.raises(
        TypeError,
        match=r"^restart needs a hearts\.batch\.State \(as hearts\.batch\.init makes\), got \{\}\.$",
    ):
        hb.restart({}, jax.random.split(jax.random.key(1), BATCH))  # type: ignore[arg-type]


# --- the long run -----------------------------------------------------------------------------


def _new_scoring(rules: Rules) -> bool:
    """Whether ``rules`` set a field the batched engine came to play last: jokers, the
    dealer's call, a sun, a shot played safe or chosen, multipliers, partners or chips."""
    return (
        rules.jokers > 0
        or rules.dealer_chooses_pass
        or rules.sun is not hearts.ShootMode.OFF
        or rules.moon in (hearts.ShootMode.SAFETY, hearts.ShootMode.CHOOSE)
        or bool(rules.multipliers)
        or rules.partners
        or rules.chips is not None
    )


def _summary(report: Report) -> str:
    return (
        f"{report.hands:,} hands ({report.moons:,} moons, {report.suns:,} suns, "
        f"{report.games_ended:,} games ended), {report.decisions:,} decisions, "
        f"{report.disagreements} disagreements"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per set of rules")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--random-rules", type=int, default=8, help="random Rules to add")
    args = parser.parse_args(argv)
    cases = [Rules.preset(name) for name in PRESETS]
    cases += list(_random_rules_cases(args.random_rules, args.seed, (3, 4, 5, 6, 7)))
    total, scoring = Report(), Report()
    for rules in cases:
        began = time.perf_counter()
        report = count_disagreements(
            rules, args.hands, seed=args.seed, batch=args.batch, masked=0.6, takers=0.25
        )
        total.add(report)
        if _new_scoring(rules):
            scoring.add(report)
        print(f"{rules!r}: {_summary(report)} ({time.perf_counter() - began:.1f}s)", flush=True)
    print(f"total: {_summary(total)}")
    print(
        f"of which under a field newly played (jokers, the dealer's call, a sun, a safe or chosen shot, multipliers, partners, chips): {_summary(scoring)}"
    )
    for example in total.examples:
        print("  ", example)
    return 1 if total.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())


BATCH_MODULES = ("_batch_cards", "_batch_tables", "_batch_state", "_batch_scoring", "_batch_game", "_batch_observe")  # fmt: skip
"""The modules of hearts/rl/ that hold the batched engine, whose face is hearts/rl/batch.py."""


def test_the_modules_doctests() -> None:
    """The batched engine's examples (pytest's doctest collection leaves its modules out, as
    they need JAX: pyproject.toml), run here where JAX is installed: through hearts.rl.batch,
    whose ``__test__`` holds the public names, and every example of the engine's modules is
    among them."""
    import doctest
    import importlib

    finder = doctest.DocTestFinder()
    reached = {test.docstring for test in finder.find(hb) if test.examples}
    for name in BATCH_MODULES:
        module = importlib.import_module(f"hearts.rl.{name}")
        tests = [test for test in finder.find(module) if test.examples]
        missed = [test.name for test in tests if test.docstring not in reached]
        assert not missed, f"examples hearts.rl.batch.__test__ leaves out: {missed}"
    result = doctest.testmod(hb, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0, result
