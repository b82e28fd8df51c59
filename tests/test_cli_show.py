"""``hearts show``: a record's game at one moment, as text or as an SVG picture."""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest

import hearts
import hearts.svg
from hearts.cli import main, play_game
from hearts.records import GameRecord, dumps

SVG_ROOT = "{http://www.w3.org/2000/svg}svg"


@pytest.fixture(scope="module")
def record() -> GameRecord:
    """A whole game of three hands (Rules(target=30), seed 1, the bots' seed 1)."""
    return play_game(hearts.Rules(target=30), seed=1, bot_seed=1)[1]


def write(tmp_path: Path, record: GameRecord, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(dumps(record), encoding="utf-8")
    return str(path)


@pytest.fixture
def game(tmp_path: Path, record: GameRecord) -> str:
    return write(tmp_path, record)


def show(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["show", *args])
    out, err = capsys.readouterr()
    return status, out, err


def lead_of(record: GameRecord, hand: int, trick: int) -> hearts.State:
    """The state just before the first card of ``trick`` of ``hand`` (both from 1).

    Found by counting the cards played in the hand (a claim may be made at the lead),
    independently of the command.
    """
    states = hearts.replay(record).states
    players = record.rules.players
    played = 0
    for state, move in zip(states, record.moves, strict=False):
        if state.hand_number == hand - 1 and isinstance(move, (hearts.Play, hearts.Claim)):
            if played == (trick - 1) * players:
                return state
            played += 1
    raise AssertionError(f"trick {trick} of hand {hand} is not in the record")


def truncated(record: GameRecord, moves: int) -> GameRecord:
    return attrs.evolve(record, moves=record.moves[:moves])


# --- what is shown ------------------------------------------------------------------------------


def test_no_options_shows_the_last_state(
    capsys: pytest.CaptureFixture[str], record: GameRecord, game: str
) -> None:
    final = hearts.replay(record).states[-1]
    assert final.is_over
    assert show(capsys, game) == (0, f"{final}\n", "")


def test_hand_shows_its_result(
    capsys: pytest.CaptureFixture[str], record: GameRecord, game: str
) -> None:
    results = hearts.replay(record).final.results
    assert len(results) == 3
    for number, result in enumerate(results, start=1):
        status, out, err = show(capsys, game, "--hand", str(number))
        assert (status, err) == (0, "")
        assert out == f"{result}\n"
        assert out.startswith(f"Hand {number} · ")


def test_an_unfinished_hand_shows_its_last_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: GameRecord
) -> None:
    # The record stops in the middle of hand 2.
    states = hearts.replay(record).states
    cut = next(i for i, state in enumerate(states) if state.hand_number == 1) + 20
    short = truncated(record, cut)
    path = write(tmp_path, short)
    expected = [s for s in hearts.replay(short).states if s.hand_number == 1][-1]
    assert not expected.results[1:] and expected.phase is hearts.Phase.PLAY
    assert show(capsys, path, "--hand", "2") == (0, f"{expected}\n", "")
    # Hand 1 is finished: its result.
    assert show(capsys, path, "--hand", "1")[1] == f"{expected.results[0]}\n"


@pytest.mark.parametrize(("hand", "trick"), [(1, 1), (1, 13), (2, 7), (3, 1), (3, 13)])
def test_hand_and_trick_show_the_moment_the_trick_is_led(
    capsys: pytest.CaptureFixture[str], record: GameRecord, game: str, hand: int, trick: int
) -> None:
    expected = lead_of(record, hand, trick)
    assert not expected.trick and len(expected.tricks) == trick - 1
    status, out, err = show(capsys, game, "--hand", str(hand), "--trick", str(trick))
    assert (status, err) == (0, "")
    assert out == f"{expected}\n"
    assert out.startswith(f"Hand {hand} · ") and f"· trick {trick} of 13 ·" in out


def test_trick_alone_is_in_the_last_hand(
    capsys: pytest.CaptureFixture[str], record: GameRecord, game: str
) -> None:
    assert show(capsys, game, "--trick", "4")[1] == f"{lead_of(record, 3, 4)}\n"


def test_seat_shows_that_seats_view(
    capsys: pytest.CaptureFixture[str], record: GameRecord, game: str
) -> None:
    state = lead_of(record, 2, 5)
    expected = f"{hearts.view(state, 2)}\n"
    for seat in ("2", "P2"):
        status, out, _ = show(capsys, game, "--hand", "2", "--trick", "5", "--seat", seat)
        assert status == 0
        assert out == expected
        assert out.startswith("P2's view · Hand 2 · ")
    # The last state, seen by a seat.
    final = hearts.replay(record).final
    assert show(capsys, game, "--seat", "0")[1] == f"{hearts.view(final, 0)}\n"


# --- pictures -----------------------------------------------------------------------------------


def test_svg_writes_the_same_moment_and_prints_the_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: GameRecord, game: str
) -> None:
    picture = tmp_path / "trick.svg"
    args = ["--hand", "2", "--trick", "5", "--seat", "1", "--svg", str(picture)]
    status, out, err = show(capsys, game, *args)
    shown = hearts.view(lead_of(record, 2, 5), 1)
    assert (status, out, err) == (0, f"{shown}\n", "")
    text = picture.read_text(encoding="utf-8")
    assert ET.fromstring(text).tag == SVG_ROOT
    assert text == hearts.svg.table(shown) + "\n"


def test_svg_of_a_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: GameRecord, game: str
) -> None:
    picture = tmp_path / "hand.svg"
    assert show(capsys, game, "--hand", "1", "--svg", str(picture))[0] == 0
    text = picture.read_text(encoding="utf-8")
    assert ET.fromstring(text).tag == SVG_ROOT
    assert text == hearts.svg.result(hearts.replay(record).final.results[0]) + "\n"


def test_svg_dash_prints_only_the_picture(
    capsys: pytest.CaptureFixture[str], record: GameRecord, game: str
) -> None:
    status, out, err = show(capsys, game, "--svg", "-")
    assert (status, err) == (0, "")
    assert out.startswith("<svg") and out.endswith("</svg>\n")
    assert ET.fromstring(out).tag == SVG_ROOT
    assert out == hearts.svg.table(hearts.replay(record).final) + "\n"
    assert "\nSeat  Total" not in out  # and no text table


def test_record_from_standard_input(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    record: GameRecord,
) -> None:
    data = dumps(record).encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert show(capsys, "-", "--hand", "3")[1] == f"{hearts.replay(record).final.results[2]}\n"


# --- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "9"], "--hand 9: the record has 3 hands (1 to 3)."),
        (["--hand", "0"], "--hand 0: the record has 3 hands (1 to 3)."),
        (["--hand", "-1"], "--hand -1: the record has 3 hands (1 to 3)."),
        (["--trick", "14"], "--trick 14: a hand has 13 tricks (1 to 13)."),
        (["--hand", "1", "--trick", "0"], "--trick 0: a hand has 13 tricks (1 to 13)."),
        (["--seat", "4"], "--seat 4: the game has 4 seats (0 to 3)."),
        (["--seat", "P-1"], "--seat -1: the game has 4 seats (0 to 3)."),
        (
            ["--hand", "1", "--seat", "1"],
            "--seat 1: a finished hand's result is the same for every seat; leave out "
            "--seat, or add --trick K for a moment of the hand.",
        ),
        (["--hand", "two"], "argument --hand: 'two' is not a whole number"),
        (["--seat", "north"], "argument --seat: 'north' is not a seat (a number, or P0, P1...)"),
        (["--svg", "/no/such/dir/a.svg"], "Cannot write '/no/such/dir/a.svg': No such file"),
    ],
)
def test_out_of_range_arguments_exit_2_naming_the_argument_and_the_range(
    capsys: pytest.CaptureFixture[str], game: str, args: list[str], message: str
) -> None:
    status, out, err = show(capsys, game, *args)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"hearts: {message}"), err


@pytest.mark.parametrize(
    ("moves", "args", "message"),
    [
        # The record ends in trick 5 of hand 3.
        (
            "hand 3, trick 5",
            ["--hand", "3", "--trick", "12"],
            "--trick 12: trick 12 of hand 3 was not reached: the record ends in trick 5.",
        ),
        (
            "hand 3, trick 5",
            ["--trick", "6"],
            "--trick 6: trick 6 of hand 3 was not reached: the record ends in trick 5.",
        ),
        (
            "hand 3, the pass",
            ["--trick", "1"],
            "--trick 1: trick 1 of hand 3 was not reached: the record ends in the pass, "
            "before trick 1.",
        ),
        # The record ends after hand 2, before hand 3 is dealt: hand 3 has not started.
        ("hand 3, the deal", ["--hand", "3"], "--hand 3: the record has 2 hands (1 to 2)."),
        ("nothing", ["--hand", "1"], "--hand 1: the record has no hand dealt."),
        (
            "nothing",
            ["--trick", "1"],
            "--trick 1: the record has no hand dealt, so no trick to show.",
        ),
    ],
)
def test_a_moment_the_record_does_not_reach_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    record: GameRecord,
    moves: str,
    args: list[str],
    message: str,
) -> None:
    states = hearts.replay(record).states
    hand_3 = next(i for i, state in enumerate(states) if state.hand_number == 2)
    cut = {
        "nothing": 0,
        "hand 3, the deal": hand_3,
        "hand 3, the pass": hand_3 + 1,
        "hand 3, trick 5": states.index(lead_of(record, 3, 5), hand_3) + 2,
    }[moves]
    path = write(tmp_path, truncated(record, cut))
    status, out, err = show(capsys, path, *args)
    assert (status, out) == (2, "")
    assert err == f"hearts: {message}\n"


def test_a_trick_after_a_claim_was_not_reached(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The first game in which a seat claims the rest of hand 1 before its last trick.
    for seed in range(200):
        state, claimed = play_game(hearts.Rules(target=30, claims=True), seed=seed)
        first = state.results[0]
        if first.claim is not None and len(first.tricks) < 12:
            break
    claimer, trick = first.claim, len(first.tricks) + 1  # claimed in the trick after these
    path = write(tmp_path, claimed)
    assert show(capsys, path, "--hand", "1", "--trick", str(trick))[1] == (
        f"{lead_of(claimed, 1, trick)}\n"
    )
    status, out, err = show(capsys, path, "--hand", "1", "--trick", str(trick + 1))
    assert (status, out) == (2, "")
    assert err == (
        f"hearts: --trick {trick + 1}: trick {trick + 1} of hand 1 was not reached: "
        f"P{claimer} claimed the rest of the hand in trick {trick}.\n"
    )


def test_an_invalid_record_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    illegal = write(tmp_path, GameRecord(hearts.Rules(), [hearts.Play(0, "2C")]), "illegal.json")
    status, out, err = show(capsys, illegal)
    assert (status, out) == (1, "")
    assert err == (
        f"hearts show: {illegal}: invalid: record.moves[0]: P0 plays 2♣ is illegal: P0 may "
        "not play 2♣: the game waits for the deal of hand 1.\n"
    )
    not_a_record = tmp_path / "rules.json"
    not_a_record.write_text('{"rules": 5, "moves": []}', encoding="utf-8")
    status, out, err = show(capsys, str(not_a_record), "--svg", "-")
    assert (status, out) == (1, "")
    assert err.startswith(f"hearts show: {not_a_record}: invalid: ") and err.count("\n") == 1


def test_a_file_that_is_not_json_or_missing_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not json", encoding="utf-8")
    assert show(capsys, str(notes)) == (
        2,
        "",
        f"hearts: {notes}: not JSON: Expecting value: line 1 column 1 (char 0).\n",
    )
    status, _, err = show(capsys, str(tmp_path / "missing.json"))
    assert status == 2 and err.startswith("hearts: Cannot read ")
    status, _, err = show(capsys)
    assert status == 2 and "the following arguments are required: RECORD" in err


def test_help_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "show" in out and "hearts show game.json --hand 2 --trick 5" in out
    assert main(["show", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: hearts show [-h] [--hand N] [--trick K] [--seat S] [--svg FILE]")
