"""Bots, games and tournaments (issue 7, "Bots")."""

from __future__ import annotations

import itertools
import pickle
import random
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pools import process_pool
from positions import CLUBS, DIAMONDS, HEARTS, SPADES, hold_hand, play
from test_properties import rules_strategy

import hearts
from hearts import (
    Bot,
    HeartsError,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    RandomBot,
    RuleBot,
    Rules,
    SearchBot,
)


def _short(rules: Rules) -> Rules:
    """The same variant, over two hands (a chip game keeps its own end)."""
    return rules if rules.chips is not None else rules.replace(hands=2, target=None)


@pytest.mark.parametrize("name", Rules.preset_names())
def test_every_bot_plays_legal_moves_under_every_preset(name: str) -> None:
    rules = _short(Rules.preset(name))
    bots: list[Bot] = [SearchBot(samples=2), RuleBot(), RandomBot()]
    bots += [RuleBot()] * (rules.players - 3)
    game = hearts.play_game(rules, bots, seed=5)  # an illegal move would raise
    assert game.hands >= 1 and len(game.scores) == rules.players


@settings(max_examples=30, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_the_rule_bot_plays_legal_moves_under_random_rules(rules: Rules, seed: int) -> None:
    rules = _short(rules) if rules.chips is None else rules.replace(hands=1)
    game = hearts.play_game(rules, [RuleBot()] * rules.players, seed=seed)
    assert game.hands >= 1


class _OwnRandom(random.Random):
    """A generator of the user's own, whose draws RandomBot must take through randrange."""

    def random(self) -> float:
        return super().random()


@settings(max_examples=30, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_the_random_bot_draws_as_randrange_over_its_moves(rules: Rules, seed: int) -> None:
    """RandomBot's quick path for plays picks what it would pick from the listed moves."""
    state, rng = hearts.new_game(rules, seed=seed), random.Random(seed)
    for _ in range(120):
        if state.is_over:
            break
        if state.to_move:
            seat = state.to_move[0]
            seen = hearts.view(state, seat)
            moves = hearts.legal_moves(seen)
            for kind in (random.Random, _OwnRandom):
                draw = rng.getrandbits(32)
                listed, quick = kind(draw), kind(draw)
                expected = moves[listed.randrange(len(moves))]
                assert RandomBot().choose(seen, quick) == expected
                assert quick.getstate() == listed.getstate()  # the same bits drawn
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))


def test_the_random_bot_refuses_a_hand_made_view_with_a_sentence() -> None:
    """A view edited by hand (no card to play, a seat the game does not have) is refused as
    legal_moves refuses it, never with an IndexError or a hang."""
    state = hearts.new_game(seed=4)
    while state.phase is not Phase.PLAY or len(state.tricks) < 2:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, state.to_move[0])
    with pytest.raises(HeartsError, match="has none to make now"):
        RandomBot().choose(seen.replace(hand_mask=0), random.Random(1))
    for seat in (9, -1):
        with pytest.raises(HeartsError, match=f"P{seat} is not a seat"):
            RandomBot().choose(seen.replace(player=seat, to_move=(seat,)), random.Random(1))
        with pytest.raises(HeartsError, match=f"P{seat} is not a seat"):
            hearts.legal_moves(seen.replace(player=seat, to_move=(seat,)))


def test_rule_bot_passes_the_high_spades() -> None:
    # Pass advice (pagat.com, "Hearts: strategy"): give away Q♠ and the cards that catch it.
    state = hearts.from_hands([CLUBS, DIAMONDS, HEARTS, SPADES])
    move = RuleBot().choose(hearts.view(state, 3), random.Random(0))
    assert move == Pass(3, "QS KS AS")
    move = RuleBot().choose(hearts.view(state, 2), random.Random(0))
    assert move == Pass(2, "QH KH AH")


def test_rule_bot_ducks_under_the_winning_card() -> None:
    hands = [
        "2C 9C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "3C TC QC AC 2H 3H 4H 5H 6H 7H 8H 9H TH",
        "4C 5C 6C 7C 8C JC KC AD JH QH KH AH 2S",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2D",
    ]
    state = play(hold_hand(hands), "2C")
    # P1 holds 3♣ T♣ Q♣ A♣ under 2♣: every club wins, so it plays the lowest, 3♣.
    assert RuleBot().choose(hearts.view(state, 1), random.Random(0)) == Play(1, "3C")
    state = play(state, "AC")
    # P2 can duck under A♣ with any club: the highest of them, K♣.
    assert RuleBot().choose(hearts.view(state, 2), random.Random(0)) == Play(2, "KC")


def test_rule_bot_dumps_the_queen_when_void() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        DIAMONDS,
        HEARTS,
        SPADES,
    ]
    state = play(hold_hand(hands), "2C", "2D", "2H")
    # P3, void in clubs after the first trick... on the first trick Q♠ is barred:
    assert RuleBot().choose(hearts.view(state, 3), random.Random(0)) == Play(3, "AS")
    state = play(state, "AS", "3C", "3D", "3H")
    assert RuleBot().choose(hearts.view(state, 3), random.Random(0)) == Play(3, "QS")


def test_rule_bot_leads_low_and_not_hearts() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        SPADES,
    ]
    state = play(hold_hand(hands), "2C", "AC", "AD", "2S")
    # P1 won with A♣ and leads: its lowest card, 2♦.
    assert RuleBot().choose(hearts.view(state, 1), random.Random(0)) == Play(1, "2D")


def test_search_bot_dumps_the_queen_under_the_ace() -> None:
    # P3 leads A♠; P0 holds Q♠ and 3♠. Playing Q♠ now gives it to P3; keeping it risks
    # taking it back. Every sampled deal agrees, so the search must dump it.
    hands = [
        "QS 3S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "AS 2S 4S 5S 6S 7S 8S 9S TS JS KS KC AC",
    ]
    state = play(hold_hand(hands), "2C", "2D", "2H", "AC")
    state = play(state, "AS")
    assert state.to_move == (0,)
    move = SearchBot(samples=6).choose(hearts.view(state, 0), random.Random(1))
    assert move == Play(0, "QS")


def test_games_are_reproducible_and_rotate_seats_in_tournaments() -> None:
    bots = [RuleBot(), RandomBot(), RandomBot(), RandomBot()]
    first = hearts.play_game(Rules(target=50), bots, seed=4, bot_seed=1)
    assert first == hearts.play_game(Rules(target=50), bots, seed=4, bot_seed=1)
    assert first.bots == ("rule-based", "random", "random", "random")
    result = hearts.tournament(Rules(target=50), bots, games=4, seed=9, bot_seed=2)
    assert result.seats == ((0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0))
    assert result.games[1] == hearts.play_game(
        Rules(target=50),
        [bots[3], bots[0], bots[1], bots[2]],
        hearts.tournament_seed(9, 1),
        bot_seed=result.games[1].bot_seed,
    )
    assert result == hearts.tournament(Rules(target=50), bots, games=4, seed=9, bot_seed=2)
    lines = result.standings
    assert [line.games for line in lines] == [4, 4, 4, 4]
    assert sum(line.wins for line in lines) == pytest.approx(4)
    low, high = lines[0].interval
    assert low <= lines[0].points_per_hand <= high
    difference, (low, high) = result.difference(0, (1, 2, 3))
    assert low <= difference <= high
    assert "rule-based" in result.table()


def _tournament(executor: object = None, chunk: int | None = None) -> hearts.TournamentResult:
    bots = [SearchBot(samples=2), RuleBot(), RandomBot(), RuleBot()]
    return hearts.tournament(
        Rules(target=30),
        bots,
        games=6,
        seed=3,
        executor=executor,
        bot_seed=4,
        chunk=chunk,  # type: ignore[arg-type]
    )


def test_a_tournament_on_a_process_pool_matches_the_serial_run() -> None:
    serial = _tournament()
    with process_pool(2) as pool:
        assert _tournament(pool) == serial
    with ThreadPoolExecutor(2) as pool:
        assert _tournament(pool) == serial


def test_a_tournament_on_a_dask_cluster_matches_the_serial_run() -> None:
    from distributed import Client, LocalCluster

    serial = _tournament()
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        # The same games whatever the chunks they are sent in (the dashboard on any free
        # port: a fixed one fails while another cluster runs).
        assert _tournament(client.get_executor()) == serial
        assert _tournament(client.get_executor(), chunk=4) == serial


def test_bad_bots_are_refused_with_a_sentence() -> None:
    with pytest.raises(HeartsError, match="needs one bot per seat: this game has 4 seats, got 3"):
        hearts.play_game(Rules(), [RandomBot()] * 3, seed=1)
    with pytest.raises(HeartsError, match="is not a bot"):
        hearts.play_game(Rules(), [RandomBot()] * 3 + ["random"], seed=1)  # type: ignore[list-item]

    class Cheat:
        name = "cheat"

        def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
            return (
                Play(view.player, "2C")
                if view.phase is hearts.Phase.PLAY
                else hearts.legal_moves(view)[0]
            )

    with pytest.raises(IllegalMoveError, match=r"The cheat bot at P\d chose an illegal move: P\d"):
        hearts.play_game(Rules(), [Cheat(), Cheat(), Cheat(), Cheat()], seed=1)
    with pytest.raises(
        HeartsError, match="games must be a whole number from 1 to 1,000,000,000,000"
    ):
        hearts.tournament(Rules(), [RandomBot()] * 4, games=0, seed=1)
    with pytest.raises(
        HeartsError, match=r"SearchBot\.samples must be a whole number of at least 1"
    ):
        SearchBot(samples=0)
    with pytest.raises(
        HeartsError, match=r"SearchBot\.milliseconds must be None or a time above 0"
    ):
        SearchBot(milliseconds=0)


def test_search_bot_time_budget() -> None:
    state = hearts.new_game(seed=6)
    while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 2:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, state.to_move[0])
    assert SearchBot(milliseconds=20).choose(seen, random.Random(1)) in hearts.legal_moves(state)


def test_rule_bot_scores_a_shot_to_its_advantage() -> None:
    # Rules.moon='choose': adding to the others ends the game here with P0 losing.
    from hearts.bots.policies import rule_shoot_choice

    rules = Rules(moon="choose")
    moon = (rules.deck_mask, 0, 0, 0)
    assert rule_shoot_choice(rules, 0, (80, 40, 80, 60), moon).mode is hearts.ShootMode.SUBTRACT
    # ... while here adding ends it with P0 the winner.
    assert rule_shoot_choice(rules, 0, (20, 40, 80, 90), moon).mode is hearts.ShootMode.ADD


def test_a_bot_asked_out_of_turn_says_so() -> None:
    state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])
    state = hearts.apply(state, hearts.legal_moves(state, 0)[0])
    for bot in (RandomBot(), RuleBot(), SearchBot()):
        with pytest.raises(HeartsError, match=r"at P0 was asked for a move, but P0 has none"):
            bot.choose(hearts.view(state, 0), random.Random(1))


# --- issue 13: a bot is blamed for its own moves, and learns nothing from its generator ------


class _Impostor:
    """Passes for P1 (the cards P1 would pass) when asked for P0's pass."""

    name = "impostor"

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        dealt = hearts.apply(hearts.new_game(view.rules, seed=1), _deal_of(view.rules, 1))
        return hearts.legal_moves(dealt, 1)[0]


def _deal_of(rules: Rules, seed: int) -> hearts.Move:
    return hearts.legal_moves(hearts.new_game(rules, seed=seed))[0]


def test_a_bot_that_moves_for_another_seat_is_blamed_not_that_seat() -> None:
    # Scenario: the bot at P0 answers with a pass P1 could legally make. The engine alone
    # would take it as P1's pass, and P1's own pass would then be refused in P1's name.
    bots = [_Impostor(), RandomBot(name="p1"), RandomBot(name="p2"), RandomBot(name="p3")]
    with pytest.raises(IllegalMoveError) as caught:
        hearts.play_game(Rules(), bots, seed=1)  # type: ignore[list-item]
    message = str(caught.value)
    assert message.startswith("The impostor bot at P0 chose P1 passes ")
    assert message.endswith(", a move for P1: a bot moves only for its own seat.")
    assert "p1" not in message


class _Returns:
    """Answers every question with the same object."""

    def __init__(self, answer: object) -> None:
        self.name = "careless"
        self.answer = answer

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> object:
        return self.answer


@pytest.mark.parametrize(
    ("answer", "shown"),
    [(None, "None"), ("2C", "'2C'"), (hearts.Card("2C"), "Card('2♣')")],
    ids=["None", "text", "a card"],
)
def test_a_bot_that_returns_no_move_is_named_with_a_sentence(answer: object, shown: str) -> None:
    bots = [RandomBot(), RandomBot(), _Returns(answer), RandomBot()]
    with pytest.raises(IllegalMoveError) as caught:
        hearts.play_game(Rules(), bots, seed=1)  # type: ignore[list-item]
    assert str(caught.value) == (
        f"The careless bot at P2 returned {shown}, which is not a seat's move: choose must "
        "return one of hearts.legal_moves(view)."
    )


def test_a_bot_returning_the_deal_is_refused() -> None:
    deal = _deal_of(Rules(), 1)
    bots = [_Returns(deal), RandomBot(), RandomBot(), RandomBot()]
    with pytest.raises(IllegalMoveError, match=r"^The careless bot at P0 returned Deal\("):
        hearts.play_game(Rules(), bots, seed=1)  # type: ignore[list-item]


class _Spy:
    """Records the state of its generator the first time each seat is asked."""

    name = "spy"

    def __init__(self) -> None:
        self.states: dict[int, object] = {}

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        self.states.setdefault(view.player, rng.getstate())
        return hearts.legal_moves(view)[0]


def _generator_states(seed: int, bot_seed: int | None) -> tuple[hearts.GameResult, list[object]]:
    spy = _Spy()
    chosen = {} if bot_seed is None else {"bot_seed": bot_seed}
    game = hearts.play_game(Rules(hands=1), [spy] * 4, seed=seed, **chosen)
    return game, [spy.states[seat] for seat in range(4)]


def test_the_bots_generators_depend_on_the_bot_seed_not_on_the_deal_seed() -> None:
    game, states = _generator_states(seed=1, bot_seed=5)
    assert game.seed == 1 and game.bot_seed == 5
    assert _generator_states(seed=2, bot_seed=5)[1] == states  # another deal, same draws
    assert _generator_states(seed=1, bot_seed=6)[1] != states
    assert len({repr(state) for state in states}) == 4  # each seat its own generator


def test_a_bot_cannot_work_out_a_small_deal_seed_from_its_generator() -> None:
    # Scenario: a bot tries every small seed through the derivation the library used to
    # use (and through random.Random(seed) itself) and compares with its own generator.
    game, states = _generator_states(seed=7, bot_seed=None)
    guesses = {repr(random.Random(guess).getstate()): guess for guess in range(100)} | {
        repr(random.Random(f"hearts-bot:{guess}:0").getstate()): guess for guess in range(100)
    }
    assert guesses.get(repr(states[0])) is None  # the old derivation gave 7 away
    assert game.bot_seed.bit_length() > 64  # drawn from the operating system


def test_the_same_seed_and_bot_seed_replay_a_game_and_no_bot_seed_draws_one() -> None:
    bots = [RandomBot(), RuleBot(), RandomBot(), SearchBot(samples=1)]
    rules = Rules(target=40)
    first = hearts.play_game(rules, bots, seed=3, keep_moves=True)
    second = hearts.play_game(rules, bots, seed=3, keep_moves=True)
    assert first.bot_seed != second.bot_seed
    again = hearts.play_game(rules, bots, seed=3, keep_moves=True, bot_seed=first.bot_seed)
    assert again == first and again.moves == first.moves
    assert hearts.play_game(rules, bots, 3, keep_moves=True, bot_seed=2**200) != first


def test_a_tournament_replays_from_its_seed_and_bot_seed() -> None:
    bots = [RuleBot(), RandomBot(), RandomBot(), RandomBot()]
    rules = Rules(target=30)
    drawn = hearts.tournament(rules, bots, games=3, seed=5)
    assert drawn == hearts.tournament(rules, bots, games=3, seed=5, bot_seed=drawn.bot_seed)
    # The games' bot seeds follow from bot_seed alone, whatever the seed of the deals.
    other = hearts.tournament(rules, bots, games=3, seed=6, bot_seed=drawn.bot_seed)
    assert [game.bot_seed for game in other.games] == [game.bot_seed for game in drawn.games]
    assert len({game.bot_seed for game in drawn.games}) == 3


@pytest.mark.parametrize("bot_seed", ["1", 1.0, True])
def test_a_bot_seed_that_is_not_an_int_is_a_type_error(bot_seed: object) -> None:
    with pytest.raises(TypeError, match=r"^bot_seed must be an int, or None to draw one, got "):
        hearts.play_game(Rules(), [RandomBot()] * 4, seed=1, bot_seed=bot_seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^bot_seed must be an int, or None to draw one, got "):
        hearts.tournament(Rules(), [RandomBot()] * 4, games=1, seed=1, bot_seed=bot_seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seed must be an int, got '1'\.$"):
        hearts.tournament(Rules(), [RandomBot()] * 4, games=1, seed="1")  # type: ignore[arg-type]


# --- issue 16: a progress hook on tournament --------------------------------------------------

_PROGRESS_BOTS = (RuleBot(), RandomBot(), RandomBot(), RuleBot())


def _watched(executor: Any = None, progress: Any = None) -> hearts.TournamentResult:
    """Five short games, with an executor and a progress hook, or none (not type-checked)."""
    rules = Rules(hands=2)
    return hearts.tournament(
        rules,
        _PROGRESS_BOTS,
        5,
        seed=3,
        executor=executor,
        bot_seed=8,
        progress=progress,
    )


@pytest.mark.parametrize(
    "pool", [None, ThreadPoolExecutor, process_pool], ids=["serial", "threads", "processes"]
)
def test_progress_sees_every_game_in_order_in_the_callers_thread(pool: type | None) -> None:
    calls: list[tuple[int, int, hearts.GameResult, int]] = []

    def report(results: Iterable[hearts.GameResult], *, total: int) -> Iterator[hearts.GameResult]:
        for done, game in enumerate(results, start=1):
            calls.append((done, total, game, threading.get_ident()))
            yield game

    plain = _watched()
    if pool is None:
        watched = _watched(progress=report)
    else:
        with pool(2) as executor:
            watched = _watched(executor, report)
    assert watched == plain
    assert [(done, total) for done, total, _, _ in calls] == [(n, 5) for n in range(1, 6)]
    assert [game for _, _, game, _ in calls] == list(plain.games)
    assert {thread for _, _, _, thread in calls} == {threading.get_ident()}


class _FakeTqdm:
    """The shape of tqdm.tqdm: tqdm(iterable, desc=None, total=None, ...), iterable."""

    made: ClassVar[list[_FakeTqdm]] = []

    def __init__(
        self, iterable: Iterable[object], desc: str | None = None, total: float | None = None
    ) -> None:
        self.iterable, self.desc, self.total, self.n, self.closed = iterable, desc, total, 0, False
        _FakeTqdm.made.append(self)

    def __iter__(self) -> Iterator[object]:
        try:
            for item in self.iterable:
                yield item
                self.n += 1
        finally:
            self.closed = True


def test_a_tqdm_like_wrapper_plugs_in_as_it_is() -> None:
    _FakeTqdm.made.clear()
    assert _watched(progress=_FakeTqdm) == _watched()
    (bar,) = _FakeTqdm.made
    assert (bar.desc, bar.total, bar.n, bar.closed) == (None, 5, 5, True)


def test_the_result_is_the_games_played_whatever_the_wrapper_yields() -> None:
    def meddling(results: Iterable[hearts.GameResult], *, total: int) -> Iterator[object]:
        for _ in results:
            yield "not a game"

    assert _watched(progress=meddling) == _watched()


def test_a_bad_progress_is_refused_with_a_sentence() -> None:
    with pytest.raises(HeartsError, match=r"^progress must be callable as progress\(results, "):
        _watched(progress=42)
    with pytest.raises(HeartsError, match=r"^progress must return an iterable .* returned None\.$"):
        _watched(progress=lambda results, total: None)
    with pytest.raises(HeartsError, match=r"^progress stopped after 2 of 5 games: it must pass"):
        _watched(progress=lambda results, total: itertools.islice(results, 2))


def test_an_exception_in_progress_reaches_the_caller() -> None:
    class StoppedError(Exception):
        pass

    def stopping(results: Iterable[hearts.GameResult], *, total: int) -> Iterator[object]:
        for done, game in enumerate(results, start=1):
            if done == 2:
                raise StoppedError
            yield game

    with pytest.raises(StoppedError):
        _watched(progress=stopping)
    with ThreadPoolExecutor(2) as pool, pytest.raises(StoppedError):
        _watched(pool, stopping)


def test_games_from_unpickled_rules_never_compare_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: a worker process plays with its own unpickled, equal copy of the rules; no
    cache on the way may compare rules field by field (it once cost 122,000 comparisons in
    20 games and made two workers 40-60% dearer per game than one)."""
    compared = []
    equal = Rules.__eq__

    def counted(self: Rules, other: object) -> bool:
        compared.append(other)
        return equal(self, other)

    rules = pickle.loads(pickle.dumps(Rules.preset("omnibus")))
    monkeypatch.setattr(Rules, "__eq__", counted)
    for seed in range(5):
        hearts.play_game(rules, [RuleBot(), RandomBot(), SearchBot(samples=2), RandomBot()], seed)
    assert compared == []
