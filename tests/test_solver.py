"""The endgame solver (``hearts.solve``) against exhaustive search, and SearchBot's use of it.

The solver's result is defined as best play for the player to move against the others
(the "paranoid" assumption), its cost being its score change for the hand less the
others' mean. The reference here is the plainest search there is: every sequence of
``hearts.legal_moves`` played with ``hearts.apply`` to the end of the hand, the hand
scored by the engine.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from references import endgames, exhaustive, exhaustive_values

import hearts
from hearts import Card, CardSet, Phase, Play, Rules, State, Trick

RULES = {
    "standard": Rules(),
    "omnibus": Rules.preset("omnibus"),
    "black-maria": Rules.preset("black-maria"),
    "three players": Rules(players=3),
    "five players": Rules(players=5),
    "moon choice": Rules(moon="choose"),
    "moon safety": Rules(moon="safety", target=50),
    "sun": Rules(sun="add"),
    "chips": Rules.preset("chips"),
    "no-trick bonus": Rules(no_trick_bonus=-5),
    "partnership": Rules.preset("partnership"),
    "partners, one shooter": Rules.preset("partnership").replace(partners_shoot_together=False),
    "multiplier": Rules.preset("omnibus").replace(multipliers={"TC": 2}, multiplier_alone=-5),
    "no-heart bonus": Rules(points={"QS": 13, "AH": 1, "KH": 1}, no_heart_bonus=-3, moon="off"),
    "resets": Rules(resets=(50,), reset_amount=50),
}


def endgame(rules: Rules, seed: int, tricks_left: int) -> State:
    """A random position of a random game with ``tricks_left`` tricks left, maybe mid-trick."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    played = rng.randrange(rules.players)
    while (
        state.phase is not Phase.PLAY
        or len(state.tricks) < rules.hand_size - tricks_left
        or len(state.trick) < played
    ):
        moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("seed", range(4))
def test_every_moves_cost_is_that_of_exhaustive_search(name: str, seed: int) -> None:
    state = endgame(RULES[name], seed, tricks_left=3)
    root, hand = state.to_move[0], len(state.results)
    solution = hearts.solve(state, every_move=True)
    expected = {
        move: exhaustive(hearts.apply(state, move), root, hand)
        for move in hearts.legal_moves(state)
        if isinstance(move, Play)
    }
    assert dict(solution.values) == pytest.approx(expected)
    assert solution.value == pytest.approx(min(expected.values()))
    assert expected[solution.move] == pytest.approx(solution.value)
    ranked = [value for _, value in solution.values]
    assert ranked == pytest.approx(sorted(expected.values()))


# Q♠ worth nothing, like J♠ and K♠ beside it, but named by a rule of play: a leader holding
# only it and hearts may lead a heart (Rules.can_lead_hearts_instead_of_queen). Hearts are
# few, so they often stay unbroken late. The solver must not treat Q♠ as K♠'s twin.
NAMED_QUEEN = Rules(
    points={card: 1 for card in ("2H", "JH", "QH", "KH", "AH")},
    removed="3H 4H 5H 6H 7H 8H 9H TH",
    can_lead_hearts_instead_of_queen=True,
)


def test_a_card_a_play_rule_names_is_a_kind_of_its_own() -> None:
    # Hearts unbroken, P0 leads from J♠ Q♠ K♥ (both spades worth nothing). Leading J♠,
    # P0 wins the trick and keeps Q♠ K♥, so it may lead the heart next; leading Q♠, it
    # keeps J♠ K♥ and must lead J♠ again. The two leads differ, and the solver must say so.
    hands = ["JS QS KH", "5S AH QH", "JH TD QD", "3D 2H JD"]
    state = _position(hands, leader=0, rules=NAMED_QUEEN, broken=False)
    solution = hearts.solve(state, every_move=True)
    costs = dict(solution.values)
    assert costs[Play(0, "JS")] == pytest.approx(5 / 3)
    assert costs[Play(0, "QS")] == pytest.approx(7 / 3)
    for move, value in solution.values:
        assert value == pytest.approx(exhaustive(hearts.apply(state, move), 0, 0))


@pytest.mark.parametrize("name", ["standard", "omnibus", "moon choice", "chips"])
@pytest.mark.parametrize("seed", range(3))
def test_the_best_move_alone_has_the_same_cost(name: str, seed: int) -> None:
    state = endgame(RULES[name], 100 + seed, tricks_left=4)
    every = hearts.solve(state, every_move=True)
    best = hearts.solve(state)
    assert best.value == every.value
    assert dict(every.values)[best.move] == best.value
    assert best.values == ((best.move, best.value),)


@pytest.mark.parametrize("seed", range(6))
def test_the_line_found_accounts_for_the_cards_left(seed: int) -> None:
    # Standard points are all positive: the points taken in the rest of the hand are
    # those of the cards still out, and the changes are those of the whole hand's cards.
    state = endgame(Rules(), 200 + seed, tricks_left=4)
    solution = hearts.solve(state)
    out = 0
    for mask in state.hand_masks:
        out |= mask
    for card in state.trick:
        out |= 1 << card
    assert sum(solution.points) == hearts.hand_points(state.rules, out)
    assert sum(solution.changes) in (26, 78)
    # The cost is the one its own changes give.
    mine = solution.changes[solution.player]
    assert solution.value == pytest.approx(mine - (sum(solution.changes) - mine) / 3)


def _position(
    hands: list[str],
    leader: int,
    trick: tuple[str, ...] = (),
    rules: Rules | None = None,
    broken: bool = True,
) -> State:
    """A four-player hand late in play: ``hands`` left, the ``trick`` so far led by ``leader``.

    The cards already played were taken by P1 and P2 in turn, so nobody can shoot.
    """
    rules = Rules() if rules is None else rules
    masks = tuple(CardSet(hand).mask for hand in hands)
    cards = tuple(Card(card) for card in trick)
    out = 0
    for mask in masks:
        out |= mask
    for card in cards:
        out |= 1 << card
    gone = rules.deck_mask & ~out
    taken = [0, 0, 0, 0]
    for index, card in enumerate(CardSet.from_mask(gone)):
        taken[1 + index % 2] |= 1 << card
    done = len(CardSet.from_mask(gone)) // 4
    tricks = tuple(Trick(0, (Card("2C"),) * 4, 1) for _ in range(done))
    return State(
        rules, 0, Phase.PLAY, 0, (0, 0, 0, 0), (), hearts.PassDirection.HOLD, 0,
        masks, masks, (0, 0, 0, 0), ((leader + len(cards)) % 4,), leader, cards, tricks,
        tuple(taken), broken,
    )  # fmt: skip


def _earlier_points(state: State) -> int:
    """The points taken before the position, which the cost counts too."""
    return sum(hearts.hand_points(state.rules, taken) for taken in state.taken_masks)


def test_the_player_to_move_ducks_the_queen() -> None:
    # Standard rules, two tricks left. P1 led K♠, P2 discarded 7♦, P3 had to play Q♠;
    # P0 holds A♠ and 2♠: it plays 2♠ and lets P1's K♠ take the queen.
    state = _position(["AS 2S", "3D", "4D", "5D"], leader=1, trick=("KS", "7D", "QS"))
    assert state.to_move == (0,)
    solution = hearts.solve(state, every_move=True)
    assert solution.move == Play(0, "2S")
    assert solution.points == (0, 13, 0, 0)
    # The cost is P0's points less the others' mean: 0 - (earlier + 13) / 3.
    assert solution.value == pytest.approx(-(_earlier_points(state) + 13) / 3)
    # Taking the queen itself would cost 13 - earlier / 3: 13 + 13 / 3 more.
    assert dict(solution.values)[Play(0, "AS")] - solution.value == pytest.approx(52 / 3)


def test_the_others_play_to_hurt_the_player_to_move() -> None:
    # P0 leads from 2♥ K♣; P1 holds A♣ Q♠, P2 and P3 diamonds. Led, 2♥ wins its trick
    # (nobody else has a heart) and P1 throws Q♠ on it: 14 points to P0. Led first, K♣
    # loses to A♣ and P1 must then lead Q♠ to itself, P0 throwing 2♥ on it.
    state = _position(["2H KC", "AC QS", "3D 4D", "5D 6D"], leader=0)
    solution = hearts.solve(state, every_move=True)
    assert solution.move == Play(0, "KC")
    assert solution.points == (0, 14, 0, 0)
    assert solution.value == pytest.approx(-(_earlier_points(state) + 14) / 3)
    assert dict(solution.values)[Play(0, "2H")] - solution.value == pytest.approx(56 / 3)
    for move, value in solution.values:
        assert value == pytest.approx(exhaustive(hearts.apply(state, move), 0, 0))


def test_a_safe_claim_costs_no_less_than_best_play() -> None:
    # A claim is allowed when the claimer can win every trick whatever the others play:
    # taking every card left is then one line the claimer can force, so the solver's
    # best play costs it no more than the claim (it may do better by giving tricks away).
    rules = Rules(claims=True)
    checked = 0
    for seed in range(60):
        state = endgame(rules, 300 + seed, tricks_left=3)
        seat = state.to_move[0]
        if hearts.Claim(seat) not in hearts.legal_moves(state):
            continue
        checked += 1
        claimed = hearts.apply(state, hearts.Claim(seat))
        changes = claimed.results[len(state.results)].changes
        cost = changes[seat] - (sum(changes) - changes[seat]) / (rules.players - 1)
        assert hearts.solve(state).value <= cost + 1e-9
    assert checked >= 3


def test_solve_refuses_what_it_cannot_search() -> None:
    state = endgame(Rules(), 1, tricks_left=3)
    with pytest.raises(TypeError, match=r"solve needs a hearts\.State, got None"):
        hearts.solve(None)  # type: ignore[arg-type]
    with pytest.raises(hearts.HeartsError, match="max_tricks must be a whole number"):
        hearts.solve(state, max_tricks=0)
    with pytest.raises(hearts.HeartsError, match="max_tricks must be a whole number"):
        hearts.solve(state, max_tricks=True)
    with pytest.raises(hearts.HeartsError, match="in the deal phase"):
        hearts.solve(hearts.new_game(seed=1))
    early = endgame(Rules(), 1, tricks_left=9)
    with pytest.raises(hearts.HeartsError, match=r"at most 7 tricks .* this hand has 9 left"):
        hearts.solve(early)
    assert hearts.solve(endgame(Rules(), 1, tricks_left=3), max_tricks=3).nodes > 0


def test_searchbot_solving_the_endgame_picks_the_least_mean_cost() -> None:
    # With three tricks left and endgame=3, each sampled deal is solved: the bot's move
    # is the one whose solved cost, summed over the deals it drew, is least.
    state = endgame(Rules(), 7, tricks_left=3)
    while len(hearts.legal_moves(state)) < 2:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seat = state.to_move[0]
    seen = hearts.view(state, seat)
    bot = hearts.SearchBot(samples=4, endgame=3)
    chosen = bot.choose(seen, random.Random(9))
    rng = random.Random(9)
    moves = hearts.legal_moves(seen)
    costs = [0.0] * len(moves)
    for _ in range(4):
        values = dict(hearts.solve(hearts.sample(seen, rng), every_move=True).values)
        for index, move in enumerate(moves):
            costs[index] += values[move]
    assert chosen == moves[min(range(len(moves)), key=costs.__getitem__)]


@pytest.mark.parametrize("endgame_tricks", [-1, 8, 2.5, True])
def test_searchbot_refuses_an_endgame_it_cannot_solve(endgame_tricks: object) -> None:
    with pytest.raises(hearts.HeartsError, match=r"SearchBot\.endgame must be a whole number"):
        hearts.SearchBot(endgame=endgame_tricks)  # type: ignore[arg-type]


def test_multiplier_cards_of_different_factors_are_different_kinds() -> None:
    """Two multiplier cards of one suit with no card between them score differently when
    their factors differ (10♣ x2, J♣ x3): the solver must try both (docs/scoring.md,
    "Multiplier cards"). Positions where one seat holds both, against exhaustive search."""
    rules = Rules(multipliers={"TC": 2, "JC": 3}, multiplier_alone=-5)
    both = CardSet("TC JC").mask
    checked = 0
    for seed in range(400):
        for state in endgames(rules, seed, 3):
            if not any(hand & both == both for hand in state.hand_masks):
                continue
            solution = hearts.solve(state, every_move=True)
            assert dict(solution.values) == pytest.approx(exhaustive_values(state)), state
            checked += 1
        if checked >= 9:
            break
    assert checked >= 9, checked


# --- the solver's bounds (issue 39): cards left, positions searched, Ctrl-C ----------------


def leading(rules: Rules, seed: int, tricks_left: int) -> State:
    """A position at the start of a trick with ``tricks_left`` tricks left."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    while (
        state.phase is not Phase.PLAY
        or len(state.tricks) < rules.hand_size - tricks_left
        or state.trick
    ):
        moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize(("players", "most"), [(3, 9), (4, 7), (5, 5), (6, 4), (7, 4)])
def test_solve_searches_at_most_28_cards_at_every_table_size(players: int, most: int) -> None:
    """The bound is the cards left in the hands, not the tricks: 7 tricks at 5 to 7 players
    took minutes and nearly a gigabyte (issue 39). Refused before any search, in a sentence."""
    rules = Rules(players=players)
    if most + 1 <= rules.hand_size:
        state = leading(rules, players, most + 1)
        cards = (most + 1) * players
        with pytest.raises(hearts.SearchLimitError) as error:
            hearts.solve(state, max_tricks=13)
        assert str(error.value) == (
            f"solve searches at most 28 cards still in the hands (hearts.bots.solver.MAX_SOLVE_CARDS), "
            f"and this {players}-player hand has {cards} left: play on to a later trick (at "
            f"{players} players, {most} tricks or fewer)."
        )
    # Exactly 28 cards (or all a hand holds) is within the bound: the search begins, and
    # stops at once at max_nodes=1, which tells the two bounds apart.
    state = leading(rules, players, min(most, rules.hand_size))
    with pytest.raises(hearts.SearchLimitError, match=r"limit of 1 positions searched"):
        hearts.solve(state, max_tricks=13, max_nodes=1)
    assert hearts.solve(leading(rules, players, min(most, 3)), max_tricks=13).nodes > 0
    assert hearts.bots.solver.MAX_SOLVE_CARDS // players == most


def test_solve_stops_at_max_nodes_with_a_sentence() -> None:
    state = leading(Rules(), 11, 5)
    searched = hearts.solve(state, every_move=True).nodes
    assert searched > 100
    assert hearts.solve(state, every_move=True, max_nodes=searched).nodes == searched
    with pytest.raises(hearts.SearchLimitError) as error:
        hearts.solve(state, every_move=True, max_nodes=100)
    assert str(error.value) == (
        "solve stopped at its limit of 100 positions searched (max_nodes) without an answer: "
        "this position, 20 cards left at a 4-player table, needs more. Solve from a later "
        "trick, or raise max_nodes (the time and the memory grow with it)."
    )
    for bad in (0, -1, 2.5, True, "100"):
        with pytest.raises(
            hearts.HeartsError, match="max_nodes must be a whole number of at least 1"
        ):
            hearts.solve(state, max_nodes=bad)  # type: ignore[arg-type]


def test_max_nodes_holds_past_the_first_look_at_ctrl_c() -> None:
    """The search looks at its budget every 16,384 positions and at the budget itself:
    a search one position over it, past several looks, is stopped; at it, it ends."""
    state = leading(Rules(), 1, 6)
    searched = hearts.solve(state, every_move=True).nodes
    assert 16_384 < searched < 200_000  # past the first look, quick in pure Python
    assert hearts.solve(state, every_move=True, max_nodes=searched).nodes == searched
    with pytest.raises(hearts.SearchLimitError, match=f"limit of {searched - 1:,} positions"):
        hearts.solve(state, every_move=True, max_nodes=searched - 1)


def test_the_search_lets_ctrl_c_in_every_16384_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """In both builds the search calls hearts.errors.check_interrupts (interpreted code,
    where a signal's handler runs) every 16,384 positions; a KeyboardInterrupt raised
    there stops the search."""
    calls = []

    def interrupted() -> None:
        calls.append(len(calls))
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(hearts.bots.solver, "check_interrupts", interrupted)
    state = leading(Rules(), 2, 6)  # 120,035 positions: seven looks
    with pytest.raises(KeyboardInterrupt):
        hearts.solve(state, every_move=True)
    assert calls == [0, 1, 2]


def test_the_module_that_lets_ctrl_c_in_is_never_compiled() -> None:
    """check_interrupts only works as interpreted code: mypyc must not compile errors.py."""
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    lists = re.findall(r"^include = \[(.*?)^\]", text, re.MULTILINE | re.DOTALL)
    compiled = [listed for listed in lists if '"hearts/bots/solver.py"' in listed]
    assert len(compiled) == 1 and '"hearts/errors.py"' not in compiled[0]
    assert hearts.errors.__file__.endswith(".py")  # in the build under test too


@pytest.mark.parametrize(("players", "most"), [(5, 5), (6, 4), (7, 4)])
def test_searchbot_refuses_an_endgame_beyond_its_table(players: int, most: int) -> None:
    """SearchBot(endgame=7) was accepted at any table; it searched for minutes at 5 to 7
    players. Beyond solve's bound for the table, every decision is refused."""
    rules = Rules(players=players)
    state = leading(rules, 3, rules.hand_size - 1)
    seat = state.to_move[0]
    seen = hearts.view(state, seat)
    with pytest.raises(hearts.SearchLimitError) as error:
        hearts.SearchBot(samples=2, endgame=most + 1).choose(seen, random.Random(1))
    assert str(error.value) == (
        f"SearchBot(endgame={most + 1}) would solve the last {most + 1} tricks, "
        f"{(most + 1) * players} cards at this {players}-player table, more than hearts.solve "
        f"searches (28 cards): at {players} players, endgame may be at most {most}."
    )
    assert hearts.SearchBot(samples=2, endgame=most).choose(seen, random.Random(1)) in (
        hearts.legal_moves(seen)
    )


def test_searchbot_plays_out_a_deal_too_big_to_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sampled deal that needs more than ENDGAME_NODES positions is played out, as with
    endgame=0: the bot's work per decision is bounded."""
    state = leading(Rules(), 10, 4)
    while len(hearts.legal_moves(state)) < 2:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, state.to_move[0])

    def moves(endgame: int) -> list[hearts.Move]:
        return [
            hearts.SearchBot(samples=3, endgame=endgame).choose(seen, random.Random(seed))
            for seed in range(4)
        ]

    played_out = moves(0)
    assert moves(4) != played_out  # solving these deals chooses otherwise...
    monkeypatch.setattr(hearts.bots.reference, "ENDGAME_NODES", 1)
    assert moves(4) == played_out  # ...unless each needs more positions than allowed


SOLVE_FOR_EVER = """
import random, signal, sys
import hearts
from hearts.bots.solver import solve_position

signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
state, rng = hearts.new_game(hearts.Rules(), seed=0), random.Random(0)
while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 5 or state.trick:
    moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
    state = hearts.apply(state, rng.choice(moves))
print("solving", flush=True)
# 32 cards, past solve's bounds: hours. (Before the fix, a compiled solve of this very
# position ran on for over half a minute after Ctrl-C, where others stopped.)
solve_position(state, True, 10**15)
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_solve_in_both_builds() -> None:
    """Compiled code runs no signal handler by itself: the solver lets Ctrl-C in every so
    many positions, so a compiled solve stops on Ctrl-C as a pure one does (issue 39)."""
    process = subprocess.Popen(
        [sys.executable, "-c", SOLVE_FOR_EVER],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "solving\n"
        time.sleep(0.5)  # into the search
        process.send_signal(signal.SIGINT)
        # It looks for Ctrl-C every 16,384 positions, some milliseconds apart; before, a
        # compiled solve of this position ran on for over half a minute.
        out, err = process.communicate(timeout=15)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    assert (process.returncode, out) == (-signal.SIGINT, "")
    assert err.rstrip().endswith("KeyboardInterrupt"), err
