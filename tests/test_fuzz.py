"""Fuzzing every public reader and constructor with hostile input (issue 13).

Valid JSON forms (records, states, views, hand results, moves, rules) are built from
random games under random rules, then mutated: keys deleted, values swapped for other
types, huge or negative numbers, deep nesting, bad unicode, damaged text. Whatever a
reader refuses it refuses with a :class:`hearts.HeartsError` (a sentence, nothing from
deep inside); whatever it accepts keeps the invariants of a game and writes back the same.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import check_cards_conserved, rules_strategy

import hearts
from hearts import HeartsError, Phase, State

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HOSTILE: list[object] = [
    None,
    True,
    0,
    -1,
    7,
    2**63,
    -(2**70),
    1.5,
    float("nan"),
    "",
    "x",
    "\ud800",
    "QS QS",
    "JK9",
    "standard",
    [],
    [None],
    [[[[]]]],
    {},
    {"schema": 1},
]
"""Values put in place of a field: each wrong somewhere, some right elsewhere."""

HUGE_INT = "9" * 5000
"""An integer longer than Python's int-from-text limit of 4,300 digits."""

DEEP = "[" * 50_000 + "]" * 50_000
"""Arrays nested far deeper than the recursion limit."""


def _random_game(rules: hearts.Rules, seed: int, moves: int) -> tuple[State, list[hearts.Move]]:
    """A game of ``rules`` after up to ``moves`` random moves, and the moves made."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    made: list[hearts.Move] = []
    while not state.is_over and len(made) < moves:
        legal = hearts.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        state = hearts.apply(state, move)
        made.append(move)
    return state, made


@st.composite
def games(draw: st.DrawFn) -> tuple[State, list[hearts.Move]]:
    rules = draw(rules_strategy())
    return _random_game(rules, draw(st.integers(0, 2**32)), draw(st.integers(0, 120)))


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON tree: keys of objects, indexes of arrays."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, data: object) -> object:
    """``data`` with one to three places deleted or replaced by a hostile value."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        paths = [path for path in _paths(data) if path]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: object = data
        for step in path[:-1]:
            parent = parent[step]  # type: ignore[index]
        last = path[-1]
        if isinstance(parent, dict) and draw(st.booleans()):
            del parent[last]
        else:
            # A copy: a later step may mutate inside the value put here.
            parent[last] = copy.deepcopy(draw(st.sampled_from(HOSTILE)))  # type: ignore[index]
    return data


def check_state(state: State) -> None:
    """An accepted state keeps the invariants, offers moves that apply, and round-trips."""
    check_cards_conserved(state)
    assert hearts.state_from_dict(hearts.state_to_dict(state)) == state
    if not state.is_over:
        moves = hearts.legal_moves(state)
        assert moves
        hearts.apply(state, moves[0])


@FUZZ
@given(game=games(), data=st.data())
def test_a_mutated_record_is_refused_with_a_record_error_or_replays(
    game: tuple[State, list[hearts.Move]], data: st.DataObject
) -> None:
    state, moves = game
    record = hearts.GameRecord(state.rules, moves, seed=state.seed)
    changed = data.draw(mutated(record.to_dict()))
    try:
        text = json.dumps(changed)
    except ValueError:  # NaN is not JSON: write it as Python does and let loads refuse it
        text = json.dumps(changed, allow_nan=True)
    try:
        read = hearts.loads(text)
    except HeartsError:
        return
    final = hearts.replay(read).final
    check_state(final)
    assert hearts.loads(hearts.dumps(read)) == read


@FUZZ
@given(game=games(), data=st.data())
def test_a_mutated_state_is_refused_or_keeps_every_invariant(
    game: tuple[State, list[hearts.Move]], data: st.DataObject
) -> None:
    state, _ = game
    changed = data.draw(mutated(hearts.state_to_dict(state)))
    try:
        read = hearts.state_from_dict(changed)
    except HeartsError:
        return
    check_state(read)


@FUZZ
@given(game=games(), data=st.data())
def test_a_mutated_view_is_refused_or_is_some_game_s_view(
    game: tuple[State, list[hearts.Move]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.integers(0, state.players - 1))
    changed = data.draw(mutated(hearts.view_to_dict(hearts.view(state, seat))))
    try:
        read = hearts.view_from_dict(changed)
    except HeartsError:
        return
    sampled = hearts.sample(read, random.Random(0))
    assert hearts.view(sampled, read.player) == read
    hearts.legal_moves(read)


@FUZZ
@given(game=games(), data=st.data())
def test_mutated_results_and_moves_are_refused_or_round_trip(
    game: tuple[State, list[hearts.Move]], data: st.DataObject
) -> None:
    state, moves = game
    if state.results:
        result = state.results[-1]
        changed = data.draw(mutated(hearts.result_to_dict(result)))
        try:
            read = hearts.result_from_dict(changed, state.rules)
        except HeartsError:
            pass
        else:
            assert hearts.result_from_dict(hearts.result_to_dict(read), state.rules) == read
    if moves:
        move = data.draw(st.sampled_from(moves))
        changed = data.draw(mutated(hearts.move_to_dict(move)))
        try:
            read_move = hearts.move_from_dict(changed)
        except HeartsError:
            pass
        else:
            assert hearts.move_from_dict(hearts.move_to_dict(read_move)) == read_move
            with contextlib.suppress(HeartsError):  # legal or not, never a crash
                hearts.apply(state, read_move)


@FUZZ
@given(rules=rules_strategy(), data=st.data())
def test_mutated_rules_are_refused_with_a_rules_error_or_play(
    rules: hearts.Rules, data: st.DataObject
) -> None:
    changed = data.draw(mutated(rules.to_dict()))
    if not isinstance(changed, dict):
        return
    try:
        read = hearts.Rules.from_dict(changed)
    except HeartsError:
        return
    assert hearts.Rules.from_dict(read.to_dict()) == read
    state, _ = _random_game(read, 1, 30)
    check_state(state)


@settings(max_examples=150, deadline=None)
@given(game=games(), data=st.data())
def test_damaged_text_is_refused_with_a_record_error(
    game: tuple[State, list[hearts.Move]], data: st.DataObject
) -> None:
    """Cut, spliced or re-encoded JSON text: loads answers with a RecordError or a record."""
    state, moves = game
    text = hearts.dumps(hearts.GameRecord(state.rules, moves, seed=state.seed))
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    insert = data.draw(
        st.sampled_from(["", HUGE_INT, DEEP, '"\\ud800"', "\x00", "{", "]", "NaN", "1e999"])
    )
    damaged: str | bytes = text[:start] + insert + text[end:]
    if data.draw(st.booleans()):
        damaged = damaged.encode("utf-8", "surrogatepass")
    with contextlib.suppress(HeartsError):  # refused with a sentence, or read
        hearts.loads(damaged)


def test_hostile_json_values_are_refused_by_every_reader() -> None:
    """The named cases of issue 13, at every reader that takes JSON text or data."""
    record = hearts.GameRecord(hearts.Rules(), [], seed=1).to_dict()
    texts = [
        json.dumps(record).replace('"moves": []', f'"moves": [], "seed": {HUGE_INT}', 1),
        json.dumps(record).replace('"moves": []', f'"moves": {DEEP}', 1),
        json.dumps({**record, "metadata": {"event": "\ud800"}}),
        '{"schema": 1, "rules": {"target": ' + HUGE_INT + '}, "moves": []}',
        b"\xff\xfe not utf-8",
    ]
    for text in texts:
        try:
            hearts.loads(text)
        except HeartsError:
            continue
        raise AssertionError(f"loads accepted {text[:60]!r}")
    for field in ("target", "pass_count", "players", "moon_value"):
        try:
            hearts.Rules(**{field: 10**5000})  # type: ignore[arg-type]
        except HeartsError:
            continue
        raise AssertionError(f"Rules accepted an absurd {field}")


@settings(max_examples=200, deadline=None)
@given(value=st.one_of(st.sampled_from(HOSTILE), st.binary(max_size=8), st.text(max_size=8)))
def test_constructors_refuse_wrong_values_with_a_sentence(value: object) -> None:
    """Cards, card sets and moves: a HeartsError for a wrong value, a TypeError for a type."""
    builders = [
        lambda: hearts.Card(value),  # type: ignore[arg-type]
        lambda: hearts.CardSet(value),  # type: ignore[arg-type]
        lambda: hearts.Play(value, "2C"),  # type: ignore[arg-type]
        lambda: hearts.Play(0, value),  # type: ignore[arg-type]
        lambda: hearts.Pass(value, "2C 3C 4C"),  # type: ignore[arg-type]
        lambda: hearts.Pass(0, value),  # type: ignore[arg-type]
        lambda: hearts.Deal(value),  # type: ignore[arg-type]
        lambda: hearts.Claim(value),  # type: ignore[arg-type]
        lambda: hearts.ShootChoice(0, value),  # type: ignore[arg-type]
        lambda: hearts.parse_move(value),  # type: ignore[arg-type]
        lambda: hearts.Rules.preset(value),  # type: ignore[arg-type]
    ]
    for build in builders:
        try:
            built = build()
        except (HeartsError, TypeError) as error:
            assert str(error).strip(), "an error without a message"
            continue
        # What is accepted is well formed: a seat is a seat, a card a card.
        player = getattr(built, "player", 0)
        assert type(player) is int and 0 <= player < 7, built  # seven seats at most
        if isinstance(built, hearts.Card):
            assert 0 <= built < 55
        if isinstance(built, hearts.Play):
            assert isinstance(built.card, hearts.Card)


def test_a_fuzzed_game_still_plays() -> None:
    """The fuzz helpers themselves: an unmutated game reads back and plays on."""
    state, moves = _random_game(hearts.Rules.preset("omnibus"), 3, 80)
    assert state.phase in (Phase.PLAY, Phase.PASS, Phase.DEAL, Phase.CHOOSE, Phase.SHOOT)
    check_state(state)
    record = hearts.GameRecord(state.rules, moves, seed=state.seed)
    assert hearts.replay(hearts.loads(hearts.dumps(record))).final == state
