"""Records and JSON: round trips, validation with paths, the schema, replay, notation, printing."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import pickle
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs
import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import MOON_HANDS, hold_hand
from test_properties import rules_strategy

import hearts
from hearts import (
    Card,
    ChoosePass,
    Claim,
    Deal,
    GameRecord,
    Pass,
    Phase,
    Play,
    RecordError,
    Rules,
    ShootChoice,
    State,
)
from hearts.records.read import RULES_FIELDS_CHECKED

SCHEMA = hearts.record_schema()
RECORD_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
STATE_VALIDATOR = jsonschema.Draft202012Validator(
    {"$defs": SCHEMA["$defs"], "$ref": "#/$defs/state"}
)
MOVE_VALIDATOR = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/move"})
RESULT_VALIDATOR = jsonschema.Draft202012Validator(
    {"$defs": SCHEMA["$defs"], "$ref": "#/$defs/result"}
)


def play_through(
    rules: Rules, seed: int, *, claim: bool = False, limit: int | None = None
) -> tuple[list[State], list[hearts.Move]]:
    """Every state and move of a game of random moves (claiming whenever allowed)."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    states, moves = [state], []
    while not state.is_over and (limit is None or len(moves) < limit):
        legal = hearts.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        if claim and isinstance(legal[-1], Claim):
            move = legal[-1]
        state = hearts.apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


def through_json(data: object) -> Any:
    return json.loads(json.dumps(data))


# --- round trips over random games and rules ----------------------------------------------------


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_every_state_move_and_result_round_trips_under_random_rules(
    rules: Rules, seed: int
) -> None:
    with contextlib.suppress(hearts.RulesError):
        rules = rules.replace(hands=min(rules.hands or 2, 2))  # short games
    states, moves = play_through(rules, seed, claim=seed % 2 == 0)
    rng = random.Random(seed)
    for state in states:
        data = through_json(hearts.state_to_dict(state))
        assert data["schema"] == hearts.RECORD_SCHEMA
        assert hearts.state_from_dict(data) == state
        if rng.random() < 0.05:
            STATE_VALIDATOR.validate(data)
    for move in moves:
        data = through_json(hearts.move_to_dict(move))
        assert hearts.move_from_dict(data) == move
        assert hearts.parse_move(str(move)) == move
    for result in states[-1].results:
        data = through_json(hearts.result_to_dict(result))
        assert hearts.result_from_dict(data) == result
        assert hearts.result_from_dict(data, rules) == result
        RESULT_VALIDATOR.validate(data)
        assert hearts.format_hand(result, rules).startswith(f"Hand {result.hand_number + 1}:")
    record = GameRecord(rules, moves, seed=seed, metadata={"table": "t1"})
    text = hearts.dumps(record, indent=2)
    RECORD_VALIDATOR.validate(json.loads(text))
    assert hearts.loads(text) == record
    done = hearts.replay(hearts.loads(text))
    assert done.ok and done.states == tuple(states)


def test_every_phase_and_move_kind_is_covered_by_the_round_trips() -> None:
    """The random games above reach every phase; this checks one fixed game of each kind."""
    rules = Rules(moon="choose", dealer_chooses_pass=True, claims=True, hands=2, target=None)
    phases, kinds = set(), set()
    for seed in range(40):
        states, moves = play_through(rules, seed, claim=True)
        for state in states:
            if state.phase not in phases:
                phases.add(state.phase)
                assert hearts.state_from_dict(through_json(hearts.state_to_dict(state))) == state
        kinds.update(type(move) for move in moves)
        if len(phases) == len(Phase) and len(kinds) == 6:
            break
    assert phases == set(Phase)
    assert kinds == {Deal, Pass, Play, ChoosePass, Claim, ShootChoice}


def test_a_state_may_name_its_rules_by_preset() -> None:
    rules = Rules.preset("omnibus")
    state = hearts.new_game(rules, seed=3)
    data = hearts.state_to_dict(state)
    data["rules"] = {"preset": "omnibus", "fingerprint": rules.fingerprint}
    assert hearts.state_from_dict(data) == state
    STATE_VALIDATOR.validate(data)


# --- errors name the path of the bad field ------------------------------------------------------


def first_pass_state() -> State:
    state = hearts.new_game(seed=1)
    return hearts.apply(state, hearts.legal_moves(state)[0])


def mid_play_state() -> State:
    states, _ = play_through(Rules(), 2, limit=27)
    state = states[-1]
    assert state.phase is Phase.PLAY and state.trick and state.tricks
    return state


def rejected(data: object, reader: Any = hearts.state_from_dict) -> RecordError:
    with pytest.raises(RecordError) as caught:
        reader(data)
    return caught.value


def test_bad_card_names_its_path() -> None:
    data = hearts.state_to_dict(first_pass_state())
    data["hands"][2] = "ZZ " + data["hands"][2].split(" ", 1)[1]
    error = rejected(data)
    assert error.path == "state.hands[2]"
    assert str(error).startswith("state.hands[2]: 'ZZ' is not a card: ")
    assert isinstance(error, ValueError) and isinstance(error, hearts.HeartsError)


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d.update(schema=2), "state.schema", "reads schema 1, got 2"),
        (lambda d: d.pop("schema"), "state", "lacks the field 'schema'"),
        (lambda d: d.update(colour="red"), "state", "unknown field 'colour'"),
        (lambda d: d.pop("leader"), "state", "lacks the field 'leader'"),
        (lambda d: d.update(seed="7"), "state.seed", "must be a whole number, got '7'"),
        (lambda d: d.update(seed=True), "state.seed", "must be a whole number, got true"),
        (lambda d: d.update(seed=1.5), "state.seed", "must be a whole number"),
        (lambda d: d.update(phase="dance"), "state.phase", "must be one of 'deal'"),
        (lambda d: d.update(hearts_broken=1), "state.hearts_broken", "true or false"),
        (lambda d: d["scores"].pop(), "state.scores", "must list 4 whole numbers, one per seat"),
        (lambda d: d["hands"].__setitem__(0, ["2C"]), "state.hands[0]", "must be a string"),
        (lambda d: d["hands"].__setitem__(0, "2c 3C"), "state.hands[0]", "(write '2C')"),
        (lambda d: d["hands"].__setitem__(0, "2C  3C"), "state.hands[0]", "single spaces"),
        (lambda d: d["hands"].__setitem__(0, "2C 2C"), "state.hands[0]", "lists 2C twice"),
        (lambda d: d["hands"].__setitem__(0, "JK1"), "state.hands[0]", "not in this game's deck"),
        (lambda d: d.update(to_move=[0, 0]), "state.to_move", "increasing order"),
        (lambda d: d.update(leader=4), "state.leader", "must be a seat"),
        (lambda d: d["rules"].update(players="4"), "state.rules.players", "whole number"),
        (lambda d: d["rules"].update(players=9), "state.rules", "Rules.players must be"),
        (
            lambda d: d["rules"].update(pass_cycle="left"),
            "state.rules.pass_cycle",
            "must be a list",
        ),
        (
            lambda d: d["rules"]["points"].update(QX=1),
            "state.rules.points.QX",
            "'QX' is not a card",
        ),
        (
            lambda d: d["rules"].update(fingerprint="0" * 64),
            "state.rules.fingerprint",
            "not the same rules",
        ),
        (lambda d: d["rules"].update(colour=1), "state.rules", "unknown field 'colour'"),
    ],
)
def test_bad_fields_are_refused_with_their_path(change: Any, path: str, words: str) -> None:
    data = through_json(hearts.state_to_dict(first_pass_state()))
    change(data)
    error = rejected(data)
    assert error.path == path, str(error)
    assert words in str(error)


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        # The hands do not share out the deck.
        (lambda d: d["hands"].__setitem__(1, d["hands"][0]), "state.hands[1]", "must be"),
        (
            lambda d: d["dealt"].__setitem__(1, d["dealt"][0]),
            "state.dealt[1]",
            "another hand holds",
        ),
        (lambda d: d["taken"].__setitem__(3, "AS"), "state.taken[3]", "the cards of the tricks"),
        (lambda d: d.update(to_move=[(d["to_move"][0] + 1) % 4]), "state.to_move", "next seat"),
        (
            lambda d: d.update(hearts_broken=not d["hearts_broken"]),
            "state.hearts_broken",
            "as the cards played say",
        ),
        (
            lambda d: d["tricks"][0].update(winner=(d["tricks"][0]["winner"] + 1) % 4),
            "state.tricks[0].winner",
            "wins this trick",
        ),
        (
            lambda d: d["tricks"][0].update(leader=(d["tricks"][0]["leader"] + 1) % 4),
            "state.tricks[0].leader",
            "leads this trick",
        ),
        (lambda d: d["trick"].append(d["trick"][0]), "state.trick[", "does not hold it"),
        (lambda d: d.update(phase="pass"), "state.taken[", "must be empty in the pass phase"),
        (lambda d: d.update(pass_count=2), "state.pass_count", "must be 3"),
        (
            lambda d: d.update(results=[]) or d.update(hand_number=5),
            "state.pass_direction",
            "pass cycle",
        ),
    ],
)
def test_inconsistent_states_are_refused(change: Any, path: str, words: str) -> None:
    data = through_json(hearts.state_to_dict(mid_play_state()))
    change(data)
    error = rejected(data)
    assert error.path.startswith(path), str(error)
    assert words in str(error), str(error)


def finished_state(rules: Rules | None = None, seed: int = 5) -> State:
    states, _ = play_through(rules or Rules(target=40), seed)
    return states[-1]


def test_results_are_checked_against_the_scoring_of_their_tricks() -> None:
    data = through_json(hearts.state_to_dict(finished_state()))
    result = data["results"][0]
    # A consistent forgery: P0 claims 5 fewer points, and every total after it follows.
    result["points"][0] -= 5
    result["counted"][0] -= 5
    result["changes"][0] -= 5
    for later in data["results"]:
        later["scores"][0] -= 5
    data["scores"][0] -= 5
    error = rejected(data)
    assert error.path == "state.results[0].points", str(error)
    assert "as these rules score the hand's tricks" in str(error)


def test_result_terms_must_add_up_without_rules() -> None:
    data = hearts.result_to_dict(finished_state().results[0])
    data["changes"][1] += 1
    error = rejected(data, hearts.result_from_dict)
    assert error.path == "result.changes[1]"
    assert "the sum of counted, shoot, bonuses" in str(error)


def test_the_phase_must_agree_with_the_results() -> None:
    states, _ = play_through(Rules(target=40), 5)
    between = next(s for s in states if s.phase is Phase.DEAL and s.results)
    data = hearts.state_to_dict(between)
    data["phase"] = "over"
    assert "is 'over', but no hand result names the winners" in str(rejected(data))
    data = hearts.state_to_dict(states[-1])
    data["phase"] = "deal"
    assert "but the last hand result ended the game" in str(rejected(data))


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        ({"type": "play", "player": 1, "card": "ZZ"}, "move.card", "'ZZ' is not a card"),
        ({"type": "play", "player": 7, "card": "QS"}, "move.player", "from 0 to 6"),
        ({"type": "play", "player": 1}, "move", "lacks the field 'card'"),
        ({"type": "play", "player": 1, "card": "QS", "x": 1}, "move", "unknown field 'x'"),
        ({"type": "jump"}, "move.type", "must be one of 'deal', 'pass'"),
        ({"player": 1}, "move", "lacks the field 'type', which names the kind of move"),
        ({"type": None, "player": 1}, "move.type", "must be one of"),
        ({"type": "pass", "player": 1, "cards": 3}, "move.cards", "string of cards"),
        ({"type": "deal", "hands": ["2C", "3C"]}, "move.hands", "3 to 7 hands"),
        (
            {"type": "choose_pass", "player": 0, "direction": "up", "count": 1},
            "move.direction",
            "'left'",
        ),
        ({"type": "shoot_choice", "player": 0, "mode": 1}, "move.mode", "'add'"),
        ({"schema": 2, "type": "claim", "player": 0}, "move.schema", "schema 1, got 2"),
        ([1, 2], "move", "must be a JSON object"),
    ],
)
def test_bad_moves_are_refused(data: object, path: str, words: str) -> None:
    error = rejected(data, hearts.move_from_dict)
    assert error.path == path, str(error)
    assert words in str(error)


def test_record_error_pickles_with_its_path() -> None:
    error = RecordError("record.moves[3].card", "'ZZ' is not a card.")
    copy_ = pickle.loads(pickle.dumps(error))
    assert (copy_.path, copy_.reason, str(copy_)) == (error.path, error.reason, str(error))


# --- records ------------------------------------------------------------------------------------


def small_record(rules: Rules | None = None, seed: int = 4, **kwargs: Any) -> GameRecord:
    states, moves = play_through(rules or Rules(hands=1, target=None), seed, claim=True)
    return GameRecord(states[0].rules, moves, seed=seed, **kwargs)


def test_record_round_trips_through_every_reader_and_writer(tmp_path: Any) -> None:
    record = small_record(metadata={"players": ["Ann", "Bob", "Cy", "Dé"], "date": "2024-05-01"})
    assert hearts.loads(hearts.dumps(record)) == record
    assert hearts.loads(hearts.dumps(record, indent=2).encode()) == record
    out = io.StringIO()
    hearts.dump(record, out, indent=4)
    assert hearts.load(io.StringIO(out.getvalue())) == record
    path = tmp_path / "game.json"
    with path.open("w", encoding="utf-8") as file:
        hearts.dump(record, file)
    with path.open("rb") as binary:
        assert hearts.load(binary) == record
    assert GameRecord.from_dict(record.to_dict()) == record


def test_indented_records_put_one_move_on_each_line() -> None:
    record = small_record()
    lines = hearts.dumps(record, indent=2).splitlines()
    moves = [line for line in lines if line.startswith('    {"type": ')]
    assert len(moves) == len(record.moves)
    assert moves[0].startswith('    {"type": "deal", "hands": [')


def test_a_preset_record_stores_the_name_and_fingerprint() -> None:
    rules = Rules.preset("black-maria")
    record = GameRecord(rules, preset="black-maria")
    data = record.to_dict()
    assert data["rules"] == {"preset": "black-maria", "fingerprint": rules.fingerprint}
    assert GameRecord.from_dict(data) == record
    data["rules"]["fingerprint"] = Rules().fingerprint
    assert rejected(data, GameRecord.from_dict).path == "record.rules.fingerprint"
    data["rules"]["preset"] = "black-mario"
    error = rejected(data, GameRecord.from_dict)
    assert error.path == "record.rules.preset" and "the presets are standard" in str(error)
    with pytest.raises(RecordError, match="the rules are not the preset 'omnibus'"):
        GameRecord(Rules(), preset="omnibus")


def test_full_rules_in_a_record_carry_their_fingerprint() -> None:
    data = GameRecord(Rules(target=50)).to_dict()
    rules = data["rules"]
    assert isinstance(rules, dict) and rules["fingerprint"] == Rules(target=50).fingerprint
    rules["target"] = 60
    assert rejected(data, GameRecord.from_dict).path == "record.rules.fingerprint"
    del rules["fingerprint"]
    assert GameRecord.from_dict(data).rules == Rules(target=60)


def test_a_wrong_fingerprint_is_refused_naming_what_was_read(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    # The sentence named a record whatever was read: a state, a view, a rules file too.
    state = first_pass_state()
    tail = "of fingerprint 0000000000000000..., but here they have fingerprint "
    for written_out, reader, written in (
        (GameRecord(Rules(target=50)).to_dict(), GameRecord.from_dict, "the record was made"),
        (hearts.state_to_dict(state), hearts.state_from_dict, "the state was written"),
        (hearts.view_to_dict(hearts.view(state, 1)), hearts.view_from_dict, "the player view"),
    ):
        data = through_json(written_out)
        data["rules"]["fingerprint"] = "0" * 64
        error = rejected(data, reader)
        assert error.path.endswith(".rules.fingerprint")
        assert error.reason.startswith(f"{written} ") and f"with rules {tail}" in error.reason
    from hearts.cli import main

    for rules, what in (
        ({"preset": "standard", "fingerprint": "0" * 64}, "preset 'standard'"),
        ({**Rules(target=50).to_dict(), "fingerprint": "0" * 64}, "rules"),
    ):
        path = tmp_path / "rules.json"
        path.write_text(json.dumps(rules), encoding="utf-8")
        assert main(["rules", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"{path}: rules.fingerprint: the rules file was written with {what} {tail}" in err
        assert "record" not in err


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d["moves"][1].update(player=4), "record.moves[1].player", "from 0 to 3"),
        (lambda d: d["moves"][0]["hands"].pop(), "record.moves[0].hands", "must list 4"),
        (
            lambda d: d["moves"][1].update(cards="JK1 2C 3C"),
            "record.moves[1].cards",
            "not in this game's deck",
        ),
        (lambda d: d["moves"][1].update(schema=1), "record.moves[1]", "unknown field 'schema'"),
        (lambda d: d.update(moves={}), "record.moves", "must be a list"),
        (lambda d: d.update(seed="1"), "record.seed", "whole number"),
        (lambda d: d.update(metadata=[]), "record.metadata", "JSON object"),
        (lambda d: d.update(metadata={"players": ["a"]}), "record.metadata.players", "must list 4"),
        (
            lambda d: d.update(metadata={"players": [1, 2, 3, 4]}),
            "record.metadata.players[0]",
            "string",
        ),
        (lambda d: d.update(metadata={"date": 2024}), "record.metadata.date", "string"),
        (lambda d: d.update(rules=[]), "record.rules", "Rules.to_dict()"),
        (lambda d: d.pop("rules"), "record", "lacks the field 'rules'"),
    ],
)
def test_bad_records_are_refused(change: Any, path: str, words: str) -> None:
    data = small_record().to_dict()
    change(data)
    error = rejected(data, GameRecord.from_dict)
    assert error.path == path, str(error)
    assert words in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "the text is not JSON: Expecting property name"),
        ('{"schema": 1, "schema": 1, "rules": {}, "moves": []}', "gives the key 'schema' twice"),
        ('{"schema": 1, "rules": {"target": NaN}, "moves": []}', "NaN is not a JSON number"),
        ("[" * 100_000, "nested too deeply"),
        (b"\xff\xfe{", "not"),
        ('"a string"', "must be a JSON object"),
    ],
)
def test_bad_json_text_is_refused(text: str | bytes, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        hearts.loads(text)
    assert words in str(caught.value)


def test_metadata_is_free_form_json_and_read_only() -> None:
    metadata = {"table": "t9", "event": {"name": "club night", "round": [1, 2]}}
    record = GameRecord(Rules(), metadata=metadata)
    metadata["table"] = "changed"
    assert record.metadata["table"] == "t9"
    with pytest.raises(TypeError):
        record.metadata["table"] = "x"  # type: ignore[index]
    with pytest.raises(RecordError, match=r"record.metadata.x: must be a finite number"):
        GameRecord(Rules(), metadata={"x": float("nan")})
    with pytest.raises(RecordError, match=r"record.metadata.x: must be a JSON value"):
        GameRecord(Rules(), metadata={"x": object()})
    with pytest.raises(TypeError):
        hash(record)


def test_a_record_holds_only_moves() -> None:
    with pytest.raises(TypeError, match=r"but moves\[1\] is 'P0 plays 2C'; hearts.parse_move"):
        GameRecord(Rules(), [Play(0, "2C"), "P0 plays 2C"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"pass hearts\.Rules\.preset\('standard'\)"):
        GameRecord("standard")  # type: ignore[arg-type]


# --- replay -------------------------------------------------------------------------------------


def test_replay_rebuilds_every_state() -> None:
    states, moves = play_through(Rules(target=30), 8)
    done = hearts.replay(GameRecord(states[0].rules, moves, seed=8))
    assert done.ok and done.error is None and done.states == tuple(states)
    assert done.final.is_over
    done.raise_for_error()


def test_replay_without_a_seed_still_replays_the_recorded_deals() -> None:
    states, moves = play_through(Rules(target=30), 9)
    done = hearts.replay(GameRecord(states[0].rules, moves))
    assert done.ok and done.final.scores == states[-1].scores
    assert done.final.seed == 0


def test_replay_stops_at_the_first_illegal_move_with_its_index_and_reason() -> None:
    states, moves = play_through(Rules(target=30), 8)
    index = next(i for i, move in enumerate(moves) if isinstance(move, Play) and i > 30)
    wrong = Play(moves[index].player, Card("2C"))  # type: ignore[union-attr]
    bad = [*moves[:index], wrong, *moves[index + 1 :]]
    done = hearts.replay(GameRecord(states[0].rules, bad, seed=8))
    assert not done.ok
    assert done.error_index == index
    assert done.error is not None and "may not play 2♣" in done.error
    assert len(done.states) == index + 1 and done.final == states[index]
    with pytest.raises(RecordError) as caught:
        done.raise_for_error()
    assert caught.value.path == f"record.moves[{index}]"
    assert f"P{wrong.player} plays 2♣ is illegal: P{wrong.player} may not play 2♣" in str(
        caught.value
    )


def test_replay_refuses_moves_after_the_end() -> None:
    states, moves = play_through(Rules(hands=1, target=None), 3)
    done = hearts.replay(GameRecord(states[0].rules, [*moves, moves[-1]]))
    assert done.error_index == len(moves) and done.error is not None
    assert "the game is over" in done.error


def test_replay_needs_a_record() -> None:
    with pytest.raises(TypeError, match=r"read JSON with hearts\.loads"):
        hearts.replay({"schema": 1})  # type: ignore[arg-type]


# --- every bad input refused cleanly (issue 13) -------------------------------------------------


def a_view() -> hearts.PlayerView:
    return hearts.view(first_pass_state(), 1)


untyped: Any = hearts
"""The package, its functions called with arguments of the wrong type on purpose."""


class NotAFile:
    """Something with a read() that does not return text."""

    def read(self, size: int = -1) -> int:
        return 7


class BinaryFile:
    """A file-like object that is not an io one and takes only bytes, as a socket's."""

    def write(self, data: bytes) -> int:
        return len(memoryview(data))


WRONG_TYPES: list[tuple[str, Any, str]] = [
    ("dumps", lambda: untyped.dumps(first_pass_state()), "hearts.state_to_dict writes a state"),
    ("dumps", lambda: untyped.dumps(GameRecord(Rules()), indent="  "), "indent as an int"),
    ("dumps", lambda: untyped.dumps(GameRecord(Rules()).to_dict()), "GameRecord.from_dict"),
    ("dump", lambda: untyped.dump(first_pass_state(), io.StringIO()), "needs a hearts.GameRecord"),
    ("dump", lambda: untyped.dump(GameRecord(Rules()), None), "a file opened for writing"),
    ("dump", lambda: untyped.dump(GameRecord(Rules()), io.BytesIO()), "open the file in text mode"),
    ("dump", lambda: untyped.dump(GameRecord(Rules()), BinaryFile()), "not in binary mode"),
    ("load", lambda: untyped.load("game.json"), "open('game.json', 'rb')"),
    ("load", lambda: untyped.load(None), "a file opened for reading, got None"),
    ("load", lambda: untyped.load(NotAFile()), "read() returns text or bytes, got 7"),
    ("loads", lambda: untyped.loads(None), "loads needs JSON text (a str or bytes), got None"),
    ("loads", lambda: untyped.loads({"schema": 1}), "GameRecord.from_dict reads JSON"),
    ("loads", lambda: untyped.loads(io.StringIO("{}")), "hearts.load reads a file"),
    ("loads_move", lambda: untyped.loads_move(None, Rules()), "loads_move needs JSON text"),
    (
        "loads_move",
        lambda: untyped.loads_move({"type": "claim"}, Rules()),
        "move_from_dict reads JSON already parsed",
    ),
    (
        "loads_move",
        lambda: untyped.loads_move("{}", "omnibus"),
        "hearts.Rules.preset('omnibus')",
    ),
    (
        "GameRecord",
        lambda: untyped.GameRecord("omnibus", []),
        "pass hearts.Rules.preset('omnibus')",
    ),
    ("GameRecord", lambda: untyped.GameRecord({"players": 4}), "hearts.Rules.from_dict"),
    ("GameRecord", lambda: untyped.GameRecord(Rules(), None), "moves as a list of moves"),
    ("GameRecord", lambda: untyped.GameRecord(Rules(), "P0 plays 2C"), "hearts.parse_move"),
    (
        "GameRecord",
        lambda: untyped.GameRecord(Rules(), [{"type": "claim", "player": 0}]),
        "moves[0] is {'type': 'claim', 'player': 0}; hearts.move_from_dict",
    ),
    (
        "GameRecord",
        lambda: untyped.GameRecord(Rules(), seed="1"),
        "seed as an int or None, got '1'",
    ),
    (
        "GameRecord",
        lambda: untyped.GameRecord(Rules(), seed=True),
        "seed as an int or None, got True",
    ),
    ("GameRecord", lambda: untyped.GameRecord(Rules(), metadata=None), "metadata as a dict"),
    ("GameRecord", lambda: untyped.GameRecord(Rules(), metadata=[1]), "metadata as a dict"),
    ("GameRecord", lambda: untyped.GameRecord(Rules(), preset=1), "a preset's name (a str)"),
    (
        "GameRecord",
        lambda: untyped.GameRecord(Rules(), preset=["omnibus"]),
        "a preset's name (a str)",
    ),
    ("Replay", lambda: untyped.Replay(None, ()), "Replay needs a hearts.GameRecord"),
    ("Replay", lambda: untyped.Replay(GameRecord(Rules()), ()), "states as a tuple of hearts."),
    ("Replay", lambda: untyped.Replay(GameRecord(Rules()), [hearts.new_game()]), "a tuple"),
    (
        "Replay",
        lambda: untyped.Replay(GameRecord(Rules()), (hearts.new_game(),), "0", "x"),
        "error_index as an int or None",
    ),
    (
        "Replay",
        lambda: untyped.Replay(GameRecord(Rules()), (hearts.new_game(),), 0, 1),
        "error as a str or None",
    ),
    ("RecordError", lambda: untyped.RecordError(None, "x"), "a path and a reason, both str"),
    ("replay", lambda: untyped.replay(None), "replay needs a hearts.GameRecord, got None"),
    ("replay", lambda: untyped.replay("{}"), "read JSON with hearts.loads"),
    ("state_to_dict", lambda: untyped.state_to_dict(GameRecord(Rules())), "GameRecord.to_dict"),
    ("state_to_dict", lambda: untyped.state_to_dict(a_view()), "hearts.view_to_dict"),
    ("state_to_dict", lambda: untyped.state_to_dict(None), "needs a hearts.State, got None"),
    ("view_to_dict", lambda: untyped.view_to_dict(first_pass_state()), "hearts.view(state, seat)"),
    ("result_to_dict", lambda: untyped.result_to_dict(None), "needs a hearts.HandResult"),
    ("result_to_dict", lambda: untyped.result_to_dict(finished_state()), "are state.results"),
    (
        "result_from_dict",
        lambda: untyped.result_from_dict({}, "standard"),
        "rules (or None), got 'standard'; for a preset, pass hearts.Rules.preset('standard')",
    ),
    ("move_to_dict", lambda: untyped.move_to_dict("x"), "got 'x'; hearts.parse_move"),
    ("move_to_dict", lambda: untyped.move_to_dict({"type": "claim"}), "hearts.move_from_dict"),
    ("move_to_dict", lambda: untyped.move_to_dict(None), "needs a move (Deal, Pass, Play"),
    ("parse_move", lambda: untyped.parse_move(None), "the text of a move (a str), got None"),
    ("parse_move", lambda: untyped.parse_move(b"P0 plays 2C"), "got b'P0 plays 2C'"),
    ("parse_move", lambda: untyped.parse_move(Play(0, "2C")), "got Play("),
    ("format_hand", lambda: untyped.format_hand(first_pass_state()), "are state.results"),
    ("format_hand", lambda: untyped.format_hand(None), "needs a hearts.HandResult, got None"),
    (
        "format_hand",
        lambda: untyped.format_hand(finished_state().results[0], "standard"),
        "hearts.Rules.preset('standard')",
    ),
]
"""A wrong Python type given to each public function or class of hearts.records."""

JSON_READERS: list[tuple[str, Any, str]] = [
    ("state_from_dict", hearts.state_from_dict, "state"),
    ("view_from_dict", hearts.view_from_dict, "view"),
    ("result_from_dict", hearts.result_from_dict, "result"),
    ("move_from_dict", hearts.move_from_dict, "move"),
    ("GameRecord", GameRecord.from_dict, "record"),
]
"""The readers of parsed JSON: anything that is not JSON is bad data, not a wrong type."""


@pytest.mark.parametrize(
    ("name", "call", "words"),
    WRONG_TYPES,
    ids=[f"{case[0]}-{i}" for i, case in enumerate(WRONG_TYPES)],
)
def test_a_wrong_argument_type_raises_a_type_error_that_says_what_was_expected(
    name: str, call: Any, words: str
) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert type(caught.value) is TypeError, repr(caught.value)  # not a HeartsError or a crash
    message = str(caught.value)
    assert message.endswith(".") and ("needs" in message or "writes text" in message), message
    assert words in message, message
    assert len(message) < 400


@pytest.mark.parametrize(("name", "reader", "path"), JSON_READERS)
@pytest.mark.parametrize("value", [None, "{}", 7, [], b"{}", object()])
def test_the_readers_of_parsed_json_refuse_what_is_not_an_object_with_a_record_error(
    name: str, reader: Any, path: str, value: object
) -> None:
    error = rejected(value, reader)
    assert error.path == path and "must be a JSON object" in str(error)


def test_every_public_name_is_checked_for_wrong_types() -> None:
    checked = {case[0] for case in WRONG_TYPES} | {case[0] for case in JSON_READERS}
    constants = {
        "RECORD_SCHEMA", "MAX_MOVE_BYTES", "MAX_RECORD_BYTES", "MAX_RECORD_MOVES", "record_schema",
    }  # fmt: skip
    assert checked == set(hearts.records.__all__) - constants


def test_nothing_is_written_when_dump_is_given_a_wrong_type() -> None:
    out = io.StringIO()
    with pytest.raises(TypeError):
        hearts.dump(first_pass_state(), out)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hearts.dump(GameRecord(Rules()), out, indent="\t")  # type: ignore[arg-type]
    assert out.getvalue() == ""


LONG = "9" * 5000
"""A whole number longer than Python reads from text (1,000 digits)."""

RECORD_TEXT = '{"schema": 1, "rules": {}, "moves": [%s]%s}'


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        (RECORD_TEXT % ("", f', "seed": {LONG}'), "record.seed", "at most 1,000 digits"),
        (RECORD_TEXT % ("", f', "seed": -{LONG}'), "record.seed", "a number of 5,000 digits"),
        (
            RECORD_TEXT % ("", f', "metadata": {{"x": [1, {LONG}]}}'),
            "record.metadata.x[1]",
            "at most 1,000 digits",
        ),
        (
            f'{{"schema": 1, "rules": {{"target": {LONG}}}, "moves": []}}',
            "record.rules.target",
            "at most 1,000 digits",
        ),
        (
            RECORD_TEXT % (f'{{"type": "play", "player": {LONG}, "card": "2C"}}', ""),
            "record.moves[0].player",
            "got a number of 5,000 digits",
        ),
        (f"{{{LONG}: 1}}", "record", "the text is not JSON"),
        ("[" * 100_000, "record", "nested too deeply"),
        (RECORD_TEXT % ("[" * 50_000 + "]" * 50_000, ""), "record", "nested too deeply"),
        (
            RECORD_TEXT % ("", ', "metadata": {"x": ' + "[" * 100 + "]" * 100 + "}"),
            "record.metadata.x",
            "nests lists and objects more than 64 deep",
        ),
        (
            RECORD_TEXT % ("", ', "metadata": {"event": {"name": "club \\ud800 night"}}'),
            "record.metadata.event.name",
            "the lone surrogate U+D800",
        ),
        (
            RECORD_TEXT % ("", ', "metadata": {"players": ["Ann", "\\udfff", "Cy", "Di"]}'),
            "record.metadata.players[1]",
            "cannot be written as UTF-8",
        ),
        (
            RECORD_TEXT % ("", ', "metadata": {"\\ud800": 1}'),
            "record.metadata",
            "has a key that holds the lone surrogate U+D800",
        ),
        (RECORD_TEXT % ("", ', "metadata": {"x": "\ud800"}'), "record.metadata.x", "U+D800"),
        (
            '{"schema": 1, "rules": {"preset": "standard", "fingerprint": "\\ud800\\n"}, '
            '"moves": []}',
            "record.rules.fingerprint",
            "fingerprint \\ud800\\n...",
        ),
        (
            RECORD_TEXT.replace("{}", '{"points": {"\\ud800 x": 1}}', 1) % ("", ""),
            "record.rules.points['\\ud800 x']",
            "is not a card",
        ),
        ('{"schema": 1, "rules": {}, "moves": [], "\\ud800": 1}', "record", "unknown field"),
        ("{\n  nope", "record", "the text is not JSON: Expecting property name"),
        ("", "record", "the text is not JSON: Expecting value"),
        (
            (RECORD_TEXT % ("", ', "metadata": {"x": "\xe9"}')).encode("latin-1"),
            "record",
            "the bytes are not text: they are not valid UTF-8 (invalid continuation byte at ",
        ),
        (
            (RECORD_TEXT % ("", ', "metadata": {"x": "\ud800"}')).encode("utf-8", "surrogatepass"),
            "record.metadata.x",
            "the lone surrogate U+D800",
        ),
        (b"\xff\xfe{", "record", "not valid UTF-16-LE, the encoding their first bytes suggest"),
    ],
)
def test_hostile_json_text_is_refused_with_a_record_error_naming_the_path(
    text: str | bytes, path: str, words: str
) -> None:
    with pytest.raises(RecordError) as caught:
        hearts.loads(text)
    error = caught.value
    assert error.path == path, str(error)
    assert words in str(error), str(error)
    assert len(str(error)) < 400
    str(error).encode("utf-8")  # printable to any log


MOVE_JSON: Final = '{"type": "play", "player": 1, "card": "QS"}'


def test_a_move_in_bytes_is_utf8_text_and_other_bytes_are_refused_as_not_utf8() -> None:
    # json.loads guessed UTF-16 from the first two bytes, and the refusal said so; a move is
    # UTF-8 (loads_move's docstring, docs/server.md), and the refusal now says that.
    with pytest.raises(RecordError) as caught:
        hearts.loads_move(b"\xff\xfe\xfd", Rules())
    assert str(caught.value) == (
        "move: the bytes are not text: they are not valid UTF-8 (invalid start byte at "
        "offset 0); a move is JSON text in UTF-8."
    )
    # UTF-16 and UTF-32, which json.loads would have read, with or without a byte order mark.
    for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"):
        with pytest.raises(RecordError) as caught:
            hearts.loads_move(MOVE_JSON.encode(encoding), Rules())
        assert re.fullmatch(
            r"move: the bytes are not text: they (are not valid UTF-8 \(invalid start byte at "
            r"offset 0\)|hold a zero byte \(at offset [01]\), as UTF-16 and UTF-32 do); a move "
            r"is JSON text in UTF-8\.",
            str(caught.value),
        ), (encoding, str(caught.value))
    # A record, though, is read in any of the three, as its docstring and docs/records.md say.
    record = small_record()
    assert hearts.loads(hearts.dumps(record).encode("utf-16")) == record
    # UTF-8, with or without its byte order mark, in bytes or a bytearray, is read; the
    # offset of a fault counts the mark.
    play = hearts.Play(1, "QS")
    assert hearts.loads_move(MOVE_JSON.encode(), Rules()) == play
    assert hearts.loads_move(MOVE_JSON.encode("utf-8-sig"), Rules()) == play
    assert hearts.loads_move(bytearray(MOVE_JSON.encode()), Rules()) == play
    with pytest.raises(RecordError, match=r"invalid start byte at offset 5\)"):
        hearts.loads_move(b'\xef\xbb\xbf{"\xff": 1}', Rules())
    # A lone surrogate written as UTF-8 reaches the field that holds it, as in a record.
    lone = '{"type": "play", "player": 1, "card": "\ud800"}'.encode("utf-8", "surrogatepass")
    with pytest.raises(RecordError, match=r"^move\.card: "):
        hearts.loads_move(lone, Rules())
    # The length limit still counts bytes.
    with pytest.raises(RecordError, match=r"is 43 bytes long, more than the limit of 10"):
        hearts.loads_move(MOVE_JSON.encode(), Rules(), max_bytes=10)


def deeply_nested(depth: int) -> object:
    value: object = []
    for _ in range(depth):
        value = {"a": [value]}
    return value


@pytest.mark.parametrize(
    ("reader", "change", "path", "words"),
    [
        (
            GameRecord.from_dict,
            lambda d: d.update(seed=10**5000),
            "record.seed",
            "at most 1,000 digits, got a number of more than 1,000 digits",
        ),
        (
            GameRecord.from_dict,
            lambda d: d["rules"].update(players=-(10**5000)),
            "record.rules.players",
            "at most 1,000 digits",
        ),
        (
            GameRecord.from_dict,
            lambda d: d.update(metadata={"deep": deeply_nested(100_000)}),
            "record.metadata.deep",
            "more than 64 deep",
        ),
        (
            GameRecord.from_dict,
            lambda d: d.update(metadata=[deeply_nested(100_000)]),
            "record.metadata",
            "must be a JSON object, got [{",
        ),
        (
            GameRecord.from_dict,
            lambda d: d["moves"][5].update(card=deeply_nested(100_000)),
            "record.moves[5].card",
            "is not a card: records write",
        ),
        (
            GameRecord.from_dict,
            lambda d: d["moves"][5].update(card=10**5000),
            "record.moves[5].card",
            "a number of more than 1,000 digits is not a card",
        ),
        (
            GameRecord.from_dict,
            lambda d: d.update(metadata={"odd key": "\ud800"}),
            "record.metadata['odd key']",
            "U+D800",
        ),
        (
            hearts.state_from_dict,
            lambda d: d.update(hand_number=10**5000),
            "state.hand_number",
            "at most 1,000 digits",
        ),
        (
            hearts.state_from_dict,
            lambda d: d["scores"].__setitem__(2, 10**1000),
            "state.scores[2]",
            "at most 1,000 digits",
        ),
        (
            hearts.state_from_dict,
            lambda d: d.update(trick=deeply_nested(100_000)),
            "state.trick",
            "must be a list of cards, got {",
        ),
        (
            hearts.view_from_dict,
            lambda d: d["hand_sizes"].__setitem__(0, 10**5000),
            "view.hand_sizes[0]",
            "at most 1,000 digits",
        ),
        (
            hearts.move_from_dict,
            lambda d: d.update(player=10**5000),
            "move.player",
            "must be a seat",
        ),
    ],
)
def test_hostile_parsed_json_is_refused_with_a_record_error_naming_the_path(
    reader: Any, change: Any, path: str, words: str
) -> None:
    builders: dict[Any, Any] = {
        GameRecord.from_dict: lambda: small_record().to_dict(),
        hearts.state_from_dict: lambda: hearts.state_to_dict(first_pass_state()),
        hearts.view_from_dict: lambda: hearts.view_to_dict(a_view()),
        hearts.move_from_dict: lambda: hearts.move_to_dict(Play(1, "QS")),
    }
    data: dict[str, Any] = builders[reader]()
    change(data)
    error = rejected(data, reader)
    assert error.path == path, str(error)
    assert words in str(error), str(error)
    assert len(str(error)) < 400
    str(error).encode("utf-8")


def test_whole_numbers_have_at_most_a_thousand_digits() -> None:
    record = GameRecord(Rules(), seed=10**1000 - 1, metadata={"n": -(10**1000) + 1})
    assert hearts.loads(hearts.dumps(record)) == record
    text = hearts.dumps(record).replace('"seed": 9', '"seed": 99', 1)
    error = rejected(text, hearts.loads)
    assert str(error) == (
        "record.seed: must be a whole number of at most 1,000 digits, got a number of 1,001 digits."
    )


def test_a_record_built_in_python_refuses_what_json_cannot_carry() -> None:
    with pytest.raises(RecordError, match=r"^record\.seed: must be a whole number of at most"):
        GameRecord(Rules(), seed=10**5000)
    with pytest.raises(RecordError, match=r"^record\.metadata\.n: must be a whole number of at"):
        GameRecord(Rules(), metadata={"n": 10**5000})
    with pytest.raises(RecordError, match=r"^record\.metadata\.deep: nests lists and objects"):
        GameRecord(Rules(), metadata={"deep": deeply_nested(100_000)})
    with pytest.raises(RecordError, match=r"^record\.metadata\.table: holds the lone surrogate"):
        GameRecord(Rules(), metadata={"table": "t\udc80"})


def test_a_text_file_that_is_not_utf8_is_refused_with_a_record_error(tmp_path: Any) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"schema": 1, "rules": {}, "moves": [], "metadata": {"x": "\xe9"}}')
    with path.open(encoding="utf-8") as file, pytest.raises(RecordError) as caught:
        hearts.load(file)
    assert caught.value.path == "record"
    assert "the file is not text: they are not valid UTF-8 (invalid continuation byte" in str(
        caught.value
    )
    with path.open("rb") as binary, pytest.raises(RecordError, match="not valid UTF-8"):
        hearts.load(binary)


@pytest.mark.parametrize(
    ("reader", "data", "base"),
    [
        (GameRecord.from_dict, small_record().to_dict(), "record"),
        (hearts.state_from_dict, hearts.state_to_dict(first_pass_state()), "state"),
        (hearts.view_from_dict, hearts.view_to_dict(a_view()), "view"),
        (hearts.result_from_dict, hearts.result_to_dict(finished_state().results[0]), "result"),
        (
            hearts.move_from_dict,
            hearts.move_to_dict(ChoosePass(0, "across", 2)),
            "move",
        ),
        (hearts.move_from_dict, hearts.move_to_dict(Deal(["2C", "3C", "4C"])), "move"),
        (
            GameRecord.from_dict,
            GameRecord(Rules.preset("omnibus"), preset="omnibus").to_dict(),
            "record",
        ),
    ],
)
def test_a_missing_field_is_named_as_missing_not_as_null(
    reader: Any, data: dict[str, Any], base: str
) -> None:
    optional = {"result": {"schema"}, "move": {"schema"}, "record": {"seed", "metadata"}}.get(
        base, set()
    )
    for key in data:
        if key in optional:
            continue
        changed = copy.deepcopy(data)
        del changed[key]
        error = rejected(changed, reader)
        assert error.path == base, str(error)
        assert f"lacks the field {key!r}" in str(error), str(error)
        assert "null" not in str(error), str(error)
    if "preset" in data.get("rules", {}):  # a preset reference needs its fingerprint
        changed = copy.deepcopy(data)
        del changed["rules"]["fingerprint"]
        error = rejected(changed, reader)
        assert error.path == f"{base}.rules", str(error)
        assert "lacks the field 'fingerprint'" in str(error), str(error)


def test_a_move_without_a_type_says_the_type_is_missing() -> None:
    error = rejected({"player": 0}, hearts.move_from_dict)
    assert str(error) == (
        "move: lacks the field 'type', which names the kind of move: one of 'deal', 'pass', "
        "'play', 'choose_pass', 'claim', 'shoot_choice'."
    )
    data: Any = small_record().to_dict()
    del data["moves"][3]["type"]
    error = rejected(data, GameRecord.from_dict)
    assert error.path == "record.moves[3]" and "lacks the field 'type'" in str(error)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_records_and_replays_pickle_and_deep_copy(protocol: int) -> None:
    record = small_record(
        Rules.preset("omnibus").replace(hands=1, target=None),
        metadata={"players": ["Ann", "Bob", "Cy", "Di"], "event": {"round": [1, 2]}},
    )
    assert pickle.loads(pickle.dumps(record, protocol)) == record
    preset = GameRecord(Rules.preset("omnibus"), record.moves[:3], preset="omnibus")
    assert pickle.loads(pickle.dumps(preset, protocol)) == preset
    done = hearts.replay(record)
    again = pickle.loads(pickle.dumps(done, protocol))
    assert again == done and again.final == done.final and again.ok
    bad = hearts.replay(GameRecord(Rules(), [Play(0, "2C")]))
    assert pickle.loads(pickle.dumps(bad, protocol)) == bad


def test_a_copied_record_is_equal_read_only_and_shares_no_metadata() -> None:
    record = small_record(metadata={"event": {"round": [1, 2]}, "table": "t1"})
    for copied in (copy.deepcopy(record), copy.copy(record)):
        assert copied == record and type(copied.metadata) is type(record.metadata)
        with pytest.raises(TypeError):
            copied.metadata["table"] = "t2"  # type: ignore[index]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            copied.seed = 5  # type: ignore[misc]
        with pytest.raises(TypeError):
            hash(copied)
    deep = copy.deepcopy(record)
    assert deep.metadata["event"] is not record.metadata["event"]
    done = hearts.replay(record)
    assert copy.deepcopy(done) == done


def test_metadata_changed_in_place_is_checked_again_when_written() -> None:
    record = small_record(metadata={"players": ["Ann", "Bob", "Cy", "Di"]})
    record.metadata["players"].append("Eve")  # type: ignore[attr-defined]
    with pytest.raises(RecordError, match=r"record.metadata.players: must list 4 player names"):
        hearts.dumps(record)


def test_error_messages_show_at_most_a_short_part_of_a_bad_value() -> None:
    error = rejected({"type": "play", "player": 0, "card": "Q" * 1_000_000}, hearts.move_from_dict)
    assert len(str(error)) < 400 and "'QQQQ" in str(error)
    error = rejected(
        {"type": "play", "player": 0, "card": list(range(10**6))}, hearts.move_from_dict
    )
    assert "[0, 1, 2, 3, 4, 5" in str(error) and len(str(error)) < 400
    with pytest.raises(hearts.NotationError) as caught:
        hearts.parse_move("P1 plays " + "x" * 1_000_000)
    assert len(str(caught.value)) < 400
    with pytest.raises(hearts.NotationError) as caught:
        hearts.parse_move("P1 plays \ud800")
    str(caught.value).encode("utf-8")


# --- fuzzing: corrupted records and states are refused or replay, never crash -------------------


def base_records() -> list[dict[str, Any]]:
    """Short records of every move kind, as JSON."""
    records = [
        small_record(),
        small_record(
            Rules(moon="choose", dealer_chooses_pass=True, players=5, hands=1, target=None), 2
        ),
        small_record(Rules.preset("wocg").replace(target=None, hands=1), 7, preset=None),
        small_record(Rules(players=3, jokers=2, hands=1, target=None), 1),
    ]
    return [through_json(record.to_dict()) for record in records]


BASE_RECORDS = base_records()
CARD_TEXT = [card.ascii for card in map(Card, range(55))]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4)
    | st.sampled_from(
        [
            *CARD_TEXT[:8],
            "QS",
            "JK1",
            "2C 3C",
            "play",
            "pass",
            "deal",
            "claim",
            "left",
            "add",
            "hold",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


def paths(value: object, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


@st.composite
def mutated(draw: st.DrawFn, documents: list[dict[str, Any]]) -> dict[str, Any]:
    """A document with one to three random changes somewhere in its tree."""
    document = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 3))):
        every = list(paths(document))
        path = every[draw(st.integers(0, len(every) - 1))]
        if not path:
            continue
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        action = draw(st.sampled_from(["replace", "delete", "add", "swap", "card", "number"]))
        if action == "replace":
            parent[key] = draw(JSON_VALUES)
        elif action == "delete":
            del parent[key]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "schema", "type", "player", "cards"]))] = draw(
                JSON_VALUES
            )
        elif action == "add":
            parent.insert(key, copy.deepcopy(parent[key]))
        elif action == "swap" and isinstance(parent, list):
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif action == "card":
            parent[key] = draw(st.sampled_from(CARD_TEXT))
        elif isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += draw(st.sampled_from([-1, 1, 2]))
    return document


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated(BASE_RECORDS))
def test_corrupted_records_are_refused_or_replay(data: dict[str, Any]) -> None:
    text = json.dumps(data)
    try:
        record = hearts.loads(text)
    except RecordError:
        return
    # Whatever the loader accepts, the schema accepts, and it writes back the same.
    RECORD_VALIDATOR.validate(json.loads(text))
    assert hearts.loads(hearts.dumps(record)) == record
    done = hearts.replay(record)
    assert len(done.states) == (len(record.moves) + 1 if done.ok else done.error_index + 1)  # type: ignore[operator]
    if not done.ok:
        with pytest.raises(RecordError):
            done.raise_for_error()


@settings(max_examples=100, deadline=None)
@given(text=st.sampled_from([json.dumps(record) for record in BASE_RECORDS]), cut=st.data())
def test_damaged_record_text_is_refused_or_read(text: str, cut: st.DataObject) -> None:
    start = cut.draw(st.integers(0, len(text) - 1))
    damaged = (
        text[:start] + cut.draw(st.text(max_size=3)) + text[start + cut.draw(st.integers(0, 4)) :]
    )
    try:
        record = hearts.loads(damaged)
    except RecordError:
        return
    hearts.replay(record)


def base_states() -> list[dict[str, Any]]:
    """A state of every phase, as JSON."""
    found: dict[Phase, State] = {}
    rules = Rules(moon="choose", dealer_chooses_pass=True, claims=True, hands=2, target=None)
    for seed in range(40):
        states, _ = play_through(rules, seed, claim=True)
        for state in states:
            if state.phase is Phase.PLAY and not state.trick:
                continue  # prefer positions in the middle of a trick
            if state.phase is Phase.PASS and len(state.to_move) == state.players:
                continue  # and passes under way
            found.setdefault(state.phase, state)
        if len(found) == len(Phase):
            break
    found_states = list(found.values())
    found_states.append(hearts.from_hands(MOON_HANDS, Rules(sun="add"), hand_number=3))
    return [through_json(hearts.state_to_dict(state)) for state in found_states]


BASE_STATES = base_states()


def test_the_state_fuzzer_starts_from_every_phase() -> None:
    assert {data["phase"] for data in BASE_STATES} == {phase.value for phase in Phase}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated(BASE_STATES))
def test_corrupted_states_are_refused_or_playable(data: dict[str, Any]) -> None:
    try:
        state = hearts.state_from_dict(data)
    except RecordError:
        return
    STATE_VALIDATOR.validate(data)
    assert hearts.state_from_dict(hearts.state_to_dict(state)) == state
    moves = hearts.legal_moves(state)
    assert bool(moves) != state.is_over
    for move in list(moves)[:3]:
        hearts.apply(state, move)


# --- the schema ---------------------------------------------------------------------------------


def test_the_schema_ships_in_the_package_and_is_valid() -> None:
    import importlib.resources

    path = importlib.resources.files("hearts").joinpath("schemas/record.schema.json")
    assert json.loads(path.read_text("utf-8")) == SCHEMA
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_schema_and_the_reader_know_every_rules_field() -> None:
    """A field added to Rules must be added to the schema and the record reader too."""
    fields = set(Rules().to_dict())
    assert fields == RULES_FIELDS_CHECKED
    assert fields | {"fingerprint"} == set(SCHEMA["$defs"]["rules"]["properties"])
    rules_validator = jsonschema.Draft202012Validator(
        {"$defs": SCHEMA["$defs"], "$ref": "#/$defs/rules"}
    )
    for preset in hearts.PRESETS.values():
        rules_validator.validate(preset.rules.to_dict())


def test_the_schema_rejects_what_the_reader_rejects_in_shape() -> None:
    data = small_record().to_dict()
    data["moves"][1]["card"] = "ZZ"
    assert not RECORD_VALIDATOR.is_valid(data)
    data = small_record().to_dict()
    data["moves"][1]["type"] = "jump"
    assert not RECORD_VALIDATOR.is_valid(data)


def test_moves_validate_against_the_schema() -> None:
    for move in [
        Deal(["2C", "3C", "4C", "5C"]),
        Pass(0, "2C 3D QS"),
        Play(1, "QS"),
        ChoosePass(0, "across", 2),
        Claim(2),
        ShootChoice(3, "subtract"),
    ]:
        MOVE_VALIDATOR.validate(hearts.move_to_dict(move))


# --- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("P1 plays Q♠", Play(1, "QS")),
        ("p1 PLAYS qs", Play(1, "QS")),
        ("P1 plays 10♥", Play(1, "TH")),
        ("P3 plays JK2", Play(3, "JK2")),
        ("P0 passes 2♣ 3♦ Q♠", Pass(0, "2C 3D QS")),
        ("  P0   passes 2c,3d  qs ", Pass(0, "2C 3D QS")),
        ("P0 calls a pass of 2 across", ChoosePass(0, "across", 2)),
        ("P4 calls a pass of 1 right2", ChoosePass(4, "right2", 1)),
        ("P0 calls a hold hand", ChoosePass(0, "hold", 0)),
        ("P2 claims the rest", Claim(2)),
        ("P1 adds the shot to every other player", ShootChoice(1, "add")),
        ("P1 subtracts the shot from its own total", ShootChoice(1, "subtract")),
        (
            "deals P0: 2♣ 3♣ | P1: 4♣ 5♣ | P2: 6♣ 7♣ | P3: 8♣ 9♣",
            Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"]),
        ),
    ],
)
def test_parse_move_reads_the_notation(text: str, move: hearts.Move) -> None:
    assert hearts.parse_move(text) == move
    assert hearts.parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("P1 plays", "is not a move: write a move as 'P1 plays Q♠'"),
        ("P1 plays Q", "'Q' is not a card"),
        ("P0 calls a pass of 2 sideways", "the direction must be one of 'left', 'right',"),
        ("deals P1: 2♣ | P0: 3♣", "is not the hand of P0"),
        ("", "is not a move"),
    ],
)
def test_parse_move_refuses_other_text(text: str, words: str) -> None:
    with pytest.raises(hearts.NotationError) as caught:
        hearts.parse_move(text)
    assert words in str(caught.value)


# --- the pretty printer -------------------------------------------------------------------------


def first_result(
    rules: Rules, *, seeds: range = range(60), claim: bool = False, wanted: Any
) -> hearts.HandResult:
    """The first hand result of these games that ``wanted`` accepts."""
    for seed in seeds:
        states, _ = play_through(rules, seed, claim=claim)
        for result in states[-1].results:
            if wanted(result):
                return result
    raise AssertionError("no such hand in these games")


def test_format_hand_shows_tricks_points_and_totals() -> None:
    result = finished_state().results[0]
    text = hearts.format_hand(result, Rules(target=40))
    lines = text.splitlines()
    assert lines[0] == "Hand 1: pass left, P0 deals"
    assert lines[1].startswith("  P0 dealt ")
    assert "  P0 passes " in text and " to P1" in text
    tricks = [line for line in lines if line.startswith("  Trick ")]
    assert len(tricks) == 13 and tricks[0].startswith("  Trick  1: ")
    assert all(" -> P" in line for line in tricks)
    assert (
        "(13 points)" in text
        or "(14 points)" in text
        or "(15 points)" in text
        or "(16 points)" in text
    )
    assert f"  Points: {', '.join(f'P{s} {p}' for s, p in enumerate(result.points))}" in lines
    assert f"  Totals: {', '.join(f'P{s} {p}' for s, p in enumerate(result.scores))}" in lines
    assert hearts.format_hand(result) != text  # without rules, no points per trick


def test_format_hand_shows_the_moon_and_the_sun() -> None:
    sun = hold_hand(MOON_HANDS, rules=Rules(sun="add"))
    while not sun.results:
        sun = hearts.apply(sun, hearts.legal_moves(sun)[0])
    text = hearts.format_hand(sun.results[0], sun.rules)
    assert "Hand 4: no passing (hold hand), P3 deals" in text
    assert "  P0 shoots the sun (every trick): +52 to every other player" in text
    moon = hold_hand(MOON_HANDS, rules=Rules(moon="subtract"))
    while not moon.results:
        moon = hearts.apply(moon, hearts.legal_moves(moon)[0])
    assert "  P0 shoots the moon: -26 from its own total" in hearts.format_hand(moon.results[0])


def test_format_hand_shows_claims_bonuses_resets_and_chips() -> None:
    claimed = first_result(
        Rules(claims=True, target=60), claim=True, wanted=lambda r: r.claim is not None
    )
    text = hearts.format_hand(claimed)
    rest = 13 - len(claimed.tricks)
    assert f"  P{claimed.claim} claims the remaining {rest} trick" in text
    bonus = first_result(Rules(no_trick_bonus=-5, target=60), wanted=lambda r: any(r.bonuses))
    assert "  No-trick bonus: P" in hearts.format_hand(bonus) and " -5" in hearts.format_hand(bonus)
    resets = first_result(
        Rules(resets=tuple(range(1, 60)), reset_amount=1, target=60),
        wanted=lambda r: any(r.adjustments),
    )
    assert "  Resets and floor: P" in hearts.format_hand(resets)
    chips = first_result(Rules.preset("chips").replace(chips=3), wanted=lambda r: True)
    assert "  Chips: P0 " in hearts.format_hand(chips) and "left in the pool" in hearts.format_hand(
        chips
    )
    winners = finished_state().results[-1]
    assert "  Game over: " in hearts.format_hand(winners)


def test_move_notation_refuses_a_card_named_twice_and_a_seat_beyond_p6() -> None:
    """Issue 13: "P0 passes 2C 2C 3C" was read as a pass of two cards."""
    with pytest.raises(
        hearts.NotationError, match=r"the pass must list each card once, got 2♣ twice"
    ):
        hearts.parse_move("P0 passes 2C 2C 3C")
    with pytest.raises(
        hearts.NotationError, match=r"the hand of P0 must list each card once, got 2♣ twice"
    ):
        hearts.parse_move("deals P0: 2C 2C | P1: 3C 4C | P2: 5C 6C | P3: 7C 8C")
    with pytest.raises(hearts.NotationError, match=r"from 0 to 6 \(P0 to P6\), got 9\."):
        hearts.parse_move("P9 plays QS")


def test_inconsistent_states_are_refused_naming_the_field() -> None:
    """Issue 14: a state record is checked by replaying its play through the engine; each
    field that disagrees with the replay is named."""
    rules = hearts.Rules(claims=True)
    state = hearts.new_game(rules, seed=11)
    rng = random.Random(11)
    while not (state.phase is hearts.Phase.PLAY and len(state.tricks) >= 3 and state.trick):
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    good = hearts.state_to_dict(state)
    assert hearts.state_from_dict(good) == state

    def refused(change: Callable[[dict[str, Any]], None], field: str) -> None:
        data = copy.deepcopy(good)
        change(data)
        with pytest.raises(hearts.RecordError, match=rf"^state\.{re.escape(field)}: "):
            hearts.state_from_dict(data)

    def wrong_leader(data: dict[str, Any]) -> None:
        data["tricks"][1]["leader"] = (data["tricks"][1]["leader"] + 1) % 4

    def wrong_flag(data: dict[str, Any]) -> None:
        data["hearts_broken"] = not data["hearts_broken"]

    def wrong_taken(data: dict[str, Any]) -> None:
        winner = data["tricks"][0]["winner"]
        data["taken"][winner], data["taken"][(winner + 1) % 4] = (
            data["taken"][(winner + 1) % 4],
            data["taken"][winner],
        )

    def wrong_turn(data: dict[str, Any]) -> None:
        data["to_move"] = [(data["to_move"][0] + 1) % 4]

    refused(wrong_leader, "tricks[1].leader")
    refused(wrong_flag, "hearts_broken")
    first_winner = good["tricks"][0]["winner"]
    refused(wrong_taken, f"taken[{min(first_winner, (first_winner + 1) % 4)}]")
    refused(wrong_turn, "to_move")

    # A claim: a result that gives the claim to another seat, which could not have made
    # it, is refused at its claim.
    while not state.results:
        moves = hearts.legal_moves(state)
        claim = next((move for move in moves if isinstance(move, hearts.Claim)), None)
        state = hearts.apply(state, claim or moves[rng.randrange(len(moves))])
    result = hearts.result_to_dict(state.results[0])
    assert result["claim"] is not None  # this seed's hand ends in a claim
    result["claim"] = (result["claim"] + 1) % 4
    with pytest.raises(
        hearts.RecordError, match=r"^result\.claim: is P\d, but P\d could not claim"
    ):
        hearts.result_from_dict(result, rules)


def test_a_claim_that_could_not_stand_is_refused() -> None:
    """Found by review: a record could give the last trick's cards to a seat that claimed
    them while it could still lose a trick (the leader of a last trick that it lost)."""
    from hearts.game.scoring import score_hand

    rules = hearts.Rules(claims=True)
    for seed in range(50):  # the first hand whose last trick its leader lost
        state = hearts.new_game(rules, seed=seed)
        rng = random.Random(1)
        while not state.results:
            moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
            state = hearts.apply(state, rng.choice(moves))
        result = state.results[0]
        tricks, last = result.tricks[:-1], result.tricks[-1]
        claimer = last.leader  # on lead with a card another seat's beats
        if last.winner != claimer:
            break
    assert last.winner != claimer
    taken = [0, 0, 0, 0]
    for trick in tricks:
        taken[trick.winner] |= trick.mask
    taken[claimer] |= last.mask
    before = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
    claimed = score_hand(
        rules,
        hand_number=0,
        pass_direction=result.pass_direction,
        scores=before,
        dealt_masks=tuple(hand.mask for hand in result.dealt),
        passed_masks=tuple(cards.mask for cards in result.passed),
        tricks=tricks,
        taken_masks=tuple(taken),
        pool=0,
    ).replace(claim=claimer)
    data = hearts.result_to_dict(claimed)
    refusal = rf"^result\.claim: is P{claimer}, but P{claimer} could not claim"
    with pytest.raises(hearts.RecordError, match=refusal):
        hearts.result_from_dict(data, rules)
    # The hand as it was played out, with no claim, reads back.
    assert hearts.result_from_dict(hearts.result_to_dict(result), rules) == result


def test_pass_and_choose_phase_states_are_checked_by_replay() -> None:
    """Issue 14: the passes and the dealer's call of a state record are applied as moves, so
    the engine's pass rules judge them (here Rules.unpassable) and the seats to move are
    the engine's."""
    rules = Rules(unpassable="QS KS AS")
    state = hearts.new_game(rules, seed=4)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    state = hearts.apply(state, hearts.legal_moves(state, 2)[0])
    good = through_json(hearts.state_to_dict(state))
    assert hearts.state_from_dict(good) == state and good["to_move"] == [0, 1, 3]

    data = copy.deepcopy(good)
    holder = next(seat for seat, hand in enumerate(data["hands"]) if "QS" in hand.split())
    if holder == 2:
        holder = 0
        data["hands"][0], data["hands"][2] = data["hands"][2], data["hands"][0]
        data["dealt"][0], data["dealt"][2] = data["dealt"][2], data["dealt"][0]
        data["passed"][0], data["passed"][2] = data["passed"][2], data["passed"][0]
        data["to_move"] = [1, 2, 3]
    data["passed"][holder] = " ".join(["QS", *data["dealt"][holder].split()[:2]])
    data["to_move"] = [seat for seat in range(4) if not data["passed"][seat]]
    error = rejected(data)
    assert error.path == f"state.passed[{holder}]", str(error)
    assert "Q♠ may not be passed (Rules.unpassable" in str(error)

    data = copy.deepcopy(good)
    data["to_move"] = [0, 1, 2, 3]
    error = rejected(data)
    assert error.path == "state.to_move" and "the seats that have not passed" in str(error)

    chooser = hearts.new_game(Rules(dealer_chooses_pass=True), seed=4)
    chooser = hearts.apply(chooser, hearts.legal_moves(chooser)[0])
    data = through_json(hearts.state_to_dict(chooser))
    assert hearts.state_from_dict(data) == chooser and data["to_move"] == [0]
    data["to_move"] = [1]
    error = rejected(data)
    assert error.path == "state.to_move" and "the dealer, who calls the pass" in str(error)


def test_a_shoot_phase_state_has_its_claim_checked() -> None:
    """Issue 14: a state waiting for the shooter's choice after a claim is replayed with the
    claim; giving the unplayed cards to a seat that could not have claimed is refused."""
    rules = Rules(moon="choose", claims=True)
    for seed in range(200):
        state = hearts.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while state.phase not in (Phase.SHOOT, Phase.OVER) and not state.results:
            moves = hearts.legal_moves(state)
            claim = next((move for move in moves if isinstance(move, hearts.Claim)), None)
            state = hearts.apply(state, claim or rng.choice(moves))
        if state.phase is Phase.SHOOT and len(state.tricks) < rules.hand_size:
            break
    else:
        pytest.fail("no seed up to 200 reaches a shot after a claim")
    data = through_json(hearts.state_to_dict(state))
    assert hearts.state_from_dict(data) == state
    shooter = state.to_move[0]
    other = (shooter + 1) % 4
    data["taken"][shooter], data["taken"][other] = data["taken"][other], data["taken"][shooter]
    error = rejected(data)
    assert error.path.startswith("state.taken["), str(error)
    assert "holds the cards nobody played, but P" in str(error)
    assert "could not claim the rest" in str(error)


def _json_paths(value: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every path into a JSON value, the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _json_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _json_paths(item, (*path, index))


def _record_forms() -> list[tuple[Any, Any, Callable[[Any], object]]]:
    """A state, a view, a result and a move in JSON, with their validator and reader."""
    states, moves = play_through(Rules(hands=1, target=None, claims=True), 9, limit=12)
    finished, _ = play_through(Rules(hands=1, target=None), 9)
    return [
        (hearts.state_to_dict(states[-1]), STATE_VALIDATOR, hearts.state_from_dict),
        (hearts.result_to_dict(finished[-1].results[0]), RESULT_VALIDATOR, hearts.result_from_dict),
        (hearts.move_to_dict(moves[-1]), MOVE_VALIDATOR, hearts.move_from_dict),
        (hearts.move_to_dict(moves[0]), MOVE_VALIDATOR, hearts.move_from_dict),
        (
            GameRecord(states[-1].rules, moves, seed=9).to_dict(),
            RECORD_VALIDATOR,
            GameRecord.from_dict,
        ),
    ]


_FORMS: Final = _record_forms()


def _broken(value: Any) -> Iterator[Any]:
    """Copies of a JSON value, each with one field replaced by a value of another type,
    removed, or joined by an unknown field; and one list item replaced."""
    for path in list(_json_paths(value))[1:]:
        *parents, last = path
        for change in ("null", "other type", "fraction", "delete", "add"):
            if isinstance(last, int) and change in ("delete", "add"):
                continue
            broken = copy.deepcopy(value)
            parent = broken
            for key in parents:
                parent = parent[key]
            old = parent[last]
            if change == "null":
                parent[last] = None
            elif change == "other type":
                parent[last] = 0 if isinstance(old, (str, bool, list, dict)) else "x"
            elif change == "fraction":
                parent[last] = 1.5
            elif change == "delete":
                del parent[last]
            else:
                parent["unknown_field"] = 1
            yield broken


@pytest.mark.parametrize(("value", "validator", "reader"), _FORMS)
def test_the_readers_never_accept_what_the_schema_refuses(
    value: Any, validator: Any, reader: Callable[[Any], object]
) -> None:
    """The JSON shape is written twice, by design: once in the shipped schema for other
    tools, once in the readers, which are many times as fast as validating with
    jsonschema (docs/records.md). This keeps them in step: whatever the schema refuses (a
    field of the wrong type, a missing or unknown field) the reader refuses too."""
    for broken in _broken(value):
        if not validator.is_valid(broken):
            with pytest.raises(RecordError):
                reader(broken)


def test_a_claim_before_hearts_are_broken_reads_back() -> None:
    """Found by review: the cards played to a claim's trick are not kept, so the replay must
    not decide hearts broken by whichever legal cards it tries (here 2♥ before P2 claims)."""
    rules = Rules(moon="choose", claims=True)
    hands = [
        "2C 3C 4C 5C 6C 2D 3D 4D 5D QH 5S 6S 7S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH 2S 3S 4S",
        "KC QC JC TC AD KD QD JD AS KS QS JS TS",
        "AC 7C 8C 9C 6D 7D 8D 9D TD KH AH 8S 9S",
    ]
    state = hearts.from_hands(hands, rules, hand_number=3)
    for move in ("P0 plays 2C", "P1 plays 2S", "P2 plays TC", "P3 plays AC", "P3 plays 6D"):
        state = hearts.apply(state, hearts.parse_move(move))
    for move in ("P0 plays 2D", "P1 plays 3S", "P2 claims the rest"):
        state = hearts.apply(state, hearts.parse_move(move))
    assert state.phase is Phase.SHOOT and not state.hearts_broken
    assert hearts.state_from_dict(through_json(hearts.state_to_dict(state))) == state
    for seat in range(4):
        seen = hearts.view(state, seat)
        assert hearts.view_from_dict(through_json(hearts.view_to_dict(seen))) == seen


def test_replay_refusals_name_the_field_that_is_wrong() -> None:
    """Found by review: a pass direction that the cycle does not give, a dealer's call of too
    many cards, cards held in the shoot phase and an overfull trick are each named at
    their own field, before any move is replayed past them."""
    states, _ = play_through(Rules(target=40), 5)
    result = through_json(hearts.result_to_dict(states[-1].results[2]))  # hand 3 passes across
    result["hand_number"] = 3  # a hold hand
    error = rejected(result, lambda data: hearts.result_from_dict(data, Rules(target=40)))
    assert error.path == "result.pass_direction" and "pass cycle" in str(error)

    chooser = hearts.new_game(Rules(dealer_chooses_pass=True), seed=4)
    chooser = hearts.apply(chooser, hearts.legal_moves(chooser)[0])
    chooser = hearts.apply(chooser, hearts.legal_moves(chooser)[-1])
    data = through_json(hearts.state_to_dict(chooser))
    data["pass_count"] = 10**900
    error = rejected(data)
    assert error.path == "state.pass_count" and len(str(error)) < 200, str(error)

    data = through_json(hearts.state_to_dict(mid_play_state()))
    data["phase"] = "shoot"
    assert rejected(data).path == "state.hands[0]"
    data = through_json(hearts.state_to_dict(mid_play_state()))
    data["trick"] += ["2C"] * (4 - len(data["trick"]))
    error = rejected(data)
    assert error.path == "state.trick" and "fewer than 4 cards" in str(error)
