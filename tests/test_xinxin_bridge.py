"""The xinxin bridge of benchmarks/xinxin/: card numbers, rule flags and position encoding.

The card numbers, the rule flags' premises and the module's doctests run everywhere. The
bridge itself is tested where a xinxin source tree is named by ``XINXIN_SRC`` (CI does
not fetch xinxin, a GPL program this repository never copies): positions of random
hands, each seat's view handed over, must come back from xinxin's own game state with the
seat to move, its hand and its legal plays as ``hearts`` has them.
"""

from __future__ import annotations

import doctest
import os
import random
import shutil
import sys
from pathlib import Path

import pytest

import hearts

BRIDGE_DIR = Path(__file__).resolve().parent.parent / "benchmarks" / "xinxin"
sys.path.insert(0, str(BRIDGE_DIR))

import compile_bridge  # noqa: E402
import xinxin  # noqa: E402


def test_card_numbers_are_xinxins() -> None:
    # Hearts.h: card = suit << 4 | rank, suits spades 0, diamonds 1, clubs 2, hearts 3,
    # ranks ace 0 .. two 12.
    assert xinxin.TO_XINXIN[int(hearts.Card("QS"))] == (0 << 4) | 2
    assert xinxin.TO_XINXIN[int(hearts.Card("2C"))] == (2 << 4) | 12
    assert xinxin.TO_XINXIN[int(hearts.Card("AH"))] == (3 << 4) | 0
    assert xinxin.TO_XINXIN[int(hearts.Card("JD"))] == (1 << 4) | 3
    assert sorted(xinxin.TO_XINXIN) == [(s << 4) | r for s in range(4) for r in range(13)]
    assert all(xinxin.FROM_XINXIN[xinxin.TO_XINXIN[c]] == c for c in range(52))


def test_flags_rest_on_the_standard_rules() -> None:
    """Each xinxin flag of STANDARD_FLAGS stands for a field of hearts.Rules(): if a default
    changes, the flags must change with it (the bridge would play another game)."""
    rules = hearts.Rules()
    flags = xinxin.STANDARD_FLAGS
    assert rules.players == 4 and rules.jokers == 0 and not rules.removed
    assert rules.first_lead is hearts.FirstLead.LOWEST_CLUB and rules.lowest_club == hearts.Card(
        "2C"
    )
    assert flags & xinxin.LEAD_TWO_OF_CLUBS
    assert rules.first_trick is hearts.FirstTrick.PENALTY_BARRED
    assert flags & xinxin.NO_HEARTS_FIRST_TRICK and flags & xinxin.NO_QUEEN_FIRST_TRICK
    assert rules.must_break_hearts and flags & xinxin.MUST_BREAK_HEARTS
    assert not rules.queen_breaks_hearts and not flags & xinxin.QUEEN_BREAKS_HEARTS
    assert rules.pass_count == 3 and flags & xinxin.PASS_CARDS
    assert [d.value for d in rules.pass_cycle] == ["left", "right", "across", "hold"]
    assert rules.point_mask == hearts.CardSet("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS").mask
    assert rules.card_points[int(hearts.Card("QS"))] == 13 and flags & xinxin.QUEEN_PENALTY
    assert rules.moon is hearts.ShootMode.ADD and rules.moon_points == 26
    assert rules.no_trick_bonus == 0 and rules.bonus_mask == 0  # no kNoTrickBonus, kJackBonus


def test_module_doctests() -> None:
    failures, tried = doctest.testmod(xinxin, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_position_holds_only_the_view() -> None:
    """Two states that one seat cannot tell apart give it the same position."""
    state = hearts.new_game(seed=12)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    rng = random.Random(3)
    bots = [hearts.RuleBot()] * 4
    while state.phase is hearts.Phase.PASS:
        seat = state.to_move[0]
        state = hearts.apply(state, bots[seat].choose(hearts.view(state, seat), rng))
    for _ in range(9):
        seat = state.to_move[0]
        state = hearts.apply(state, bots[seat].choose(hearts.view(state, seat), rng))
    seat = state.to_move[0]
    seen = hearts.view(state, seat)
    other = hearts.sample(seen, random.Random(8))  # the same view, other hidden cards
    assert other.hands != state.hands and hearts.view(other, seat) == seen
    assert xinxin.position(seen, random.Random(5)) == xinxin.position(
        hearts.view(other, seat), random.Random(5)
    )


def _library() -> str:
    if not os.environ.get("XINXIN_SRC"):
        pytest.skip(
            "XINXIN_SRC names no xinxin source tree: clone https://github.com/nathansttt/hearts "
            "and set XINXIN_SRC to it to test the bridge (CI does not fetch xinxin)."
        )
    if not (os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")):
        pytest.skip("no C++ compiler to build the xinxin bridge with")
    return str(compile_bridge.build())


def _decisions(seed: int) -> list[hearts.PlayerView]:
    """Every view with a decision in one hand of RuleBots (pass and play phases)."""
    state = hearts.start_hand(hand_number=seed % 4, seed=seed)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    rng = random.Random(seed)
    views = []
    while state.phase in (hearts.Phase.PASS, hearts.Phase.PLAY):
        seat = state.to_move[0]
        seen = hearts.view(state, seat)
        views.append(seen)
        state = hearts.apply(state, hearts.RuleBot().choose(seen, rng))
    return views


def test_bridge_replays_each_seats_position() -> None:
    player = xinxin.Xinxin(xinxin.load(_library()), simulations=40, worlds=2)
    checked = {hearts.Phase.PASS: 0, hearts.Phase.PLAY: 0}
    differing = 0
    for seed in range(12):
        for seen in _decisions(seed):
            for draw in range(2):  # two draws of the hidden cards: the same position
                player.replay(xinxin.position(seen, random.Random(draw)), seed)
                assert player.to_move() == seen.player
                held = sorted(xinxin.TO_XINXIN[int(card)] for card in seen.hand)
                assert sorted(player.hand(seen.player)) == held
                ours = {
                    xinxin.TO_XINXIN[int(move.card)]
                    for move in hearts.legal_moves(seen)
                    if isinstance(move, hearts.Play)
                }
                theirs = set(player.legal())
                if seen.phase is hearts.Phase.PASS:
                    assert theirs == set(held)
                elif theirs != ours:
                    # The one rule xinxin plays otherwise (see the xinxin module's note):
                    # first trick, only hearts and the queen held, xinxin offers hearts only.
                    assert not seen.tricks and theirs < ours
                    assert ours - theirs == {xinxin.TO_XINXIN[int(hearts.Card("QS"))]}
                    differing += 1
                checked[seen.phase] += 1
    assert checked[hearts.Phase.PASS] >= 36 and checked[hearts.Phase.PLAY] >= 1000
    assert differing <= checked[hearts.Phase.PLAY] // 100


def test_bridge_refuses_an_impossible_replay() -> None:
    player = xinxin.Xinxin(xinxin.load(_library()), simulations=40, worlds=2)
    seen = _decisions(3)[-1]
    where = xinxin.position(seen, random.Random(1))
    broken = xinxin.Position(
        where.seat, where.dealt, where.pass_direction, where.passes,
        (where.plays[1], *where.plays[1:]), where.scores,
    )  # fmt: skip
    with pytest.raises(xinxin.BridgeError, match="replayed card"):
        player.replay(broken, 0)
