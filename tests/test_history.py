"""The finished hands a game's states share: hearts.game.history.History."""

from __future__ import annotations

import copy
import pickle
import random
import threading

import pytest

import hearts
from hearts import HandResult, Rules, State
from hearts.game.history import History, with_result


def played(rules: Rules, seed: int, hands: int) -> list[State]:
    """Every state of a seeded random game, until ``hands`` hands are finished."""
    rng = random.Random(seed)
    states = [hearts.new_game(rules, seed=seed)]
    while len(states[-1].results) < hands and not states[-1].is_over:
        moves = hearts.legal_moves(states[-1])
        states.append(hearts.apply(states[-1], moves[rng.randrange(len(moves))]))
    return states


LONG = Rules(target=None, hands=12)


def test_a_game_keeps_each_result_once() -> None:
    """Every state of a game reads its results from one shared list (no copy per hand)."""
    states = played(LONG, 1, 12)
    shared = {id(state.results._items) for state in states if isinstance(state.results, History)}
    assert len(shared) == 1
    last = states[-1].results
    for state in states:
        assert tuple(state.results) == tuple(last[: len(state.results)])


def test_a_history_is_a_sequence_equal_to_its_tuple() -> None:
    results = played(LONG, 2, 5)[-1].results
    as_tuple = tuple(results)
    assert isinstance(results, History)
    assert results == as_tuple and as_tuple == results and hash(results) == hash(as_tuple)
    assert results[-1] is as_tuple[-1] and results[1:3] == as_tuple[1:3]
    assert isinstance(results[1:3], tuple) and list(reversed(results)) == list(reversed(as_tuple))
    assert results.index(as_tuple[2]) == 2 and as_tuple[0] in results
    assert results != as_tuple[:-1] and results != "text" and results != list(as_tuple)
    assert History() != range(0) and History() != b""
    with pytest.raises(IndexError, match="History index 5 is out of range"):
        results[5]
    assert pickle.loads(pickle.dumps(results)) == results
    assert copy.deepcopy(results) is results
    assert eval(repr(results), {"History": History, **vars(hearts)}) == results


def test_branches_do_not_see_each_other() -> None:
    """Two games that part at the end of a hand each get their own next result."""
    states = played(LONG, 3, 2)
    start = next(state for state in states if len(state.results) == 1)
    ends = []
    for seed in (10, 11, 12):
        rng = random.Random(seed)
        state = start
        while len(state.results) == 1:
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
        ends.append(state)
    assert len({len(end.results) for end in ends}) == 1
    assert all(end.results[0] is start.results[0] for end in ends)
    # Each branch keeps the hand it played, though they all grew from one history.
    assert len({end.results[1].dealt for end in ends}) == 1  # the same deal (the same seed)
    assert len({end.results[1].tricks for end in ends}) == 3
    assert len(start.results) == 1


def test_threads_adding_to_one_history_each_get_their_own() -> None:
    base = History(played(LONG, 4, 2)[-1].results[:1])
    result = played(LONG, 5, 1)[-1].results[0]
    others: list[HandResult] = list(played(LONG, 6, 8)[-1].results)
    grown: list[History] = []

    def grow(item: HandResult) -> None:
        grown.append(base.added(item))

    threads = [threading.Thread(target=grow, args=(item,)) for item in [result, *others]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(len(history) for history in grown) == [2] * len(threads)
    assert {id(history[1]) for history in grown} == {id(item) for item in [result, *others]}


def test_with_result_takes_any_sequence() -> None:
    result = played(LONG, 7, 1)[-1].results[0]
    assert with_result((), result) == (result,)
    assert with_result([result], result) == (result, result)


def test_states_from_json_equal_the_engine_s() -> None:
    """A state read back from JSON (results as a tuple) equals the engine's (a History)."""
    for state in played(LONG, 8, 3)[::37]:
        again = hearts.state_from_dict(hearts.state_to_dict(state))
        assert again == state and hash(again) == hash(state)


def test_start_hand_keeps_a_history_it_is_given() -> None:
    results = played(LONG, 9, 3)[-1].results
    state = hearts.start_hand(LONG, results=results)
    assert state.results is results
    assert hearts.start_hand(LONG, results=tuple(results)).results == results
