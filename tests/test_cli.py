"""The command line, run as a subprocess as a user runs it (and in-process where faster)."""

from __future__ import annotations

import json
import os
import pty
import random
import select
import subprocess
import sys
from pathlib import Path

import pytest

import hearts
from hearts.cli import BOTS, game_seed, main, play_game


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hearts", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        input=stdin,
        check=False,
    )


# --- play ---------------------------------------------------------------------------------------


def test_default_command_prints_a_transcript_and_final_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hearts: 4 players, game to 100, seed 1, random players\n")
    assert "Hand 1: pass left, P0 deals" in out
    assert "Hand 2: pass right, P1 deals" in out
    assert "Hand 4: no passing (hold hand), P3 deals" in out
    assert "  P0 passes " in out
    assert "  Trick  1: P" in out
    assert "  Trick 13: " in out
    assert "  Points: P0 " in out
    assert "  Totals: P0 " in out
    assert "  Game over: P" in out
    assert "Final scores: P0 " in out
    assert "Winner" in out


def test_same_seed_same_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "--seed", "5"])
    first = capsys.readouterr().out
    main(["--seed", "5"])
    assert capsys.readouterr().out == first
    main(["--seed", "6"])
    assert capsys.readouterr().out != first


def test_options_choose_players_and_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "3", "--target", "30", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hearts: 3 players, game to 30, seed 2")
    assert "P2 dealt" in out
    assert "P3" not in out


def test_bad_rules_exit_2_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "9"]) == 2
    assert "Rules.players must be a whole number from 3 to 7, got 9." in capsys.readouterr().err


def test_python_dash_m_hearts_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hearts", "--seed", "3", "--target", "30"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    assert "Final scores:" in done.stdout


def test_python_dash_m_hearts_is_deterministic() -> None:
    first, second = run(), run()
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout and first.stderr == ""
    assert first.stdout.startswith("Hearts: 4 players, game to 100, seed 1, random players\n")


def test_play_with_a_preset_a_rules_file_and_bots(tmp_path: Path) -> None:
    done = run("play", "--rules", "black-maria", "--seed", "4", "--bots", "random")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "Hearts (black-maria): 3 players, 9 deals, seed 4, random players"
    )
    assert "Hand 9: pass right, P2 deals" in done.stdout and "Hand 10" not in done.stdout
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps(hearts.Rules(players=5, target=40).to_dict()))
    done = run("play", "--rules", str(rules_file), "--bots", "random,random,random,random,random")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Hearts ({rules_file}): 5 players, game to 40, seed 1")
    assert "  P4 passes " in done.stdout


def test_play_writes_a_record_that_validates_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = run(
        "play", "--rules", "omnibus", "--seed", "7", "--target", "40", "--record", str(path)
    )
    assert played.returncode == 0, played.stderr
    record = hearts.loads(path.read_text("utf-8"))
    assert record.rules == hearts.Rules.preset("omnibus").replace(target=40)
    assert record.seed == 7 and record.metadata["players"] == ["random"] * 4
    assert hearts.replay(record).final.is_over
    valid = run("validate", str(path))
    assert valid.returncode == 0, valid.stderr
    assert valid.stdout.startswith(f"{path}: valid: ") and "game over, won by P" in valid.stdout
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("Record of Hearts: 4 players, game to 40; rules fingerprint ")
    assert "Seed 7\nPlayers: P0 random, P1 random, P2 random, P3 random\n" in replayed.stdout
    # The replay prints the same hands as the game did.
    hands = played.stdout[played.stdout.index("Hand 1:") :]
    assert hands in replayed.stdout
    stdin = run("validate", "-", stdin=path.read_text("utf-8"))
    assert stdin.returncode == 0 and stdin.stdout.startswith("-: valid: ")


def test_a_preset_record_names_its_preset(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run("play", "--rules", "pagat", "--target", "100", "--record", str(path)).returncode == 0
    data = json.loads(path.read_text("utf-8"))
    assert data["rules"] == {
        "preset": "pagat",
        "fingerprint": hearts.Rules.preset("pagat").fingerprint,
    }
    assert run("replay", str(path)).stdout.startswith("Record of Hearts (pagat): ")


def test_invalid_records_exit_1_with_the_move_index_and_reason(tmp_path: Path) -> None:
    _, record = play_game(hearts.Rules(target=30), seed=3)
    data = record.to_dict()
    index = next(i for i, move in enumerate(data["moves"]) if move["type"] == "play" and i > 20)
    data["moves"][index]["card"] = "2C"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    for command in ("validate", "replay"):
        done = run(command, str(path))
        assert done.returncode == 1
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr
        assert lines[0].startswith(f"hearts {command}: {path}: invalid: record.moves[{index}]: ")
        assert "plays 2♣ is illegal: P" in lines[0] and "does not hold it." in lines[0]
    replayed = run("replay", str(path))
    assert "Hand 1, unfinished:" in replayed.stdout and "Scores so far: " in replayed.stdout
    assert replayed.stdout.rstrip().splitlines()[-3].split()[0] == str(index - 1)


def test_records_with_bad_fields_exit_1_naming_the_field(tmp_path: Path) -> None:
    _, record = play_game(hearts.Rules(target=30), seed=3)
    data = record.to_dict()
    data["moves"][0]["hands"][1] = "ZZ"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    done = run("validate", str(path))
    assert done.returncode == 1
    assert done.stderr == (
        f"hearts validate: {path}: invalid: record.moves[0].hands[1]: 'ZZ' is not a card: records "
        "write a card as its rank (2-9, T, J, Q, K, A) then its suit (C, D, H, S), as 'QS' or "
        "'TH', or a joker as 'JK1' to 'JK3'.\n"
    )


def test_an_unfinished_record_is_valid(tmp_path: Path) -> None:
    _, record = play_game(hearts.Rules(target=30), seed=3)
    path = tmp_path / "part.json"
    path.write_text(hearts.dumps(hearts.GameRecord(record.rules, record.moves[:40])))
    done = run("validate", str(path))
    assert done.returncode == 0
    assert "40 moves, 0 finished hands, unfinished, hand 1 in the play phase" in done.stdout


# --- simulate -----------------------------------------------------------------------------------


def test_simulate_prints_a_summary_table() -> None:
    done = run("simulate", "--games", "6", "--target", "30", "--seed", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Simulated 6 games of Hearts: 4 players, game to 30, seed 2"
    assert lines[2].split() == ["Seat", "Bot", "Wins", "Win", "%", "Points", "per", "hand"]
    assert [line.split()[:2] for line in lines[3:7]] == [[f"P{s}", "random"] for s in range(4)]
    assert lines[8].startswith("Shared wins: ")
    assert lines[9].startswith("Hands: ") and "moons: " in lines[9] and "suns: " in lines[9]
    assert done.stderr == ""  # no progress when stderr is not a terminal


def test_simulate_json_is_the_same_whatever_the_workers() -> None:
    one = run("simulate", "--games", "8", "--target", "30", "--json")
    two = run("simulate", "--games", "8", "--target", "30", "--json", "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert report["games"] == 8 and report["seed"] == 1 and report["bots"] == ["random"] * 4
    assert sum(report["wins"]) >= 8 and len(report["mean_points_per_hand"]) == 4
    assert report["hands"] == round(report["mean_hands_per_game"] * 8)
    assert report["rules"]["fingerprint"] == hearts.Rules(target=30).fingerprint
    # Game i is hearts play with the derived seed.
    state, _ = play_game(hearts.Rules(target=30), game_seed(1, 0))
    assert len(state.results) <= report["hands"]


def test_simulate_counts_moons_suns_and_hands_as_the_games_do() -> None:
    done = run(
        "simulate", "--games", "5", "--rules", "wocg", "--target", "40", "--json", "--seed", "9"
    )
    report = json.loads(done.stdout)
    rules = hearts.Rules.preset("wocg").replace(target=40)
    states = [play_game(rules, game_seed(9, index))[0] for index in range(5)]
    results = [result for state in states for result in state.results]
    assert report["hands"] == len(results)
    assert report["moons"] == sum(result.moon is not None for result in results)
    assert report["suns"] == sum(result.sun is not None for result in results)
    assert report["wins"] == [sum(seat in state.winners for state in states) for seat in range(4)]


def test_simulate_shows_progress_on_a_terminal() -> None:
    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "hearts", "simulate", "--games", "3", "--target", "20"],
        stdout=subprocess.PIPE,
        stderr=secondary,
        stdin=subprocess.DEVNULL,
    )
    os.close(secondary)
    seen = b""
    while True:
        ready, _, _ = select.select([primary], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(primary, 1024)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(primary)
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 0
    assert b"hearts simulate: 3/3 games" in seen
    assert out.startswith(b"Simulated 3 games")


# --- rules --------------------------------------------------------------------------------------


def test_rules_lists_the_presets() -> None:
    done = run("rules")
    assert done.returncode == 0
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert names == list(hearts.PRESETS)
    assert "Black Maria: 3 players" in done.stdout


def test_rules_prints_a_preset_as_json_that_reads_back(tmp_path: Path) -> None:
    done = run("rules", "omnibus")
    assert done.returncode == 0
    rules = hearts.Rules.from_dict(json.loads(done.stdout))
    assert rules == hearts.Rules.preset("omnibus")
    fingerprint = run("rules", "omnibus", "--fingerprint")
    assert fingerprint.stdout == rules.fingerprint + "\n"
    path = tmp_path / "omnibus.json"
    path.write_text(done.stdout)
    assert run("rules", str(path), "--fingerprint").stdout == fingerprint.stdout
    played = run("play", "--rules", str(path), "--target", "30")
    assert played.returncode == 0 and "(omnibus.json" not in played.stdout


# --- help and bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["play"], ["simulate"], ["replay"], ["validate"], ["rules"]]
)
def test_help_on_every_command(command: list[str]) -> None:
    done = run(*command, "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: hearts")
    assert done.stderr == ""


def test_version() -> None:
    assert run("--version").stdout == f"hearts {hearts.__version__}\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "omnibuss"], "There is no preset 'omnibuss' and no file of that name"),
        (["play", "--rules", "/no/such/rules.json"], "There is no preset '/no/such/rules.json'"),
        (["--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["--players", "2"], "Rules.players must be a whole number from 3 to 7, got 2."),
        (
            ["--bots", "random,clever"],
            "There is no bot 'clever'; the bots are random, rule, search.",
        ),
        (["--bots", "random,random"], "--bots names 2 bots, but this game has 4 seats"),
        (["simulate"], "the following arguments are required: --games"),
        (["simulate", "--games", "0"], "argument --games: must be at least 1, got 0"),
        (["simulate", "--games", "ten"], "argument --games: 'ten' is not a whole number"),
        (["simulate", "--games", "2", "--workers", "-1"], "argument --workers: must be at least 1"),
        (["validate"], "the following arguments are required: FILE"),
        (["validate", "/no/such/file.json"], "Cannot read '/no/such/file.json': No such file"),
        (["replay", "/"], "Cannot read '/': Is a directory."),
        (["rules", "nope"], "There is no preset 'nope'"),
        (["rules", "--fingerprint"], "--fingerprint needs a preset name or a rules file."),
        (["dance"], "argument COMMAND: invalid choice: 'dance'"),
        (["play", "--record", "/no/such/dir/game.json"], "Cannot write '/no/such/dir/game.json'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], words: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hearts: "), done.stderr
    assert words in lines[0]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("not json", "record: the text is not JSON: Expecting value: line 1 column 1"),
        ('{"schema": 1}', "record: lacks the field 'rules'"),
        (
            '{"schema": 3, "rules": {}, "moves": []}',
            "record.schema: this version of hearts reads schema 1, got 3.",
        ),
        ("\udcff", "the file is not UTF-8 text."),
    ],
)
def test_unreadable_records_exit_1(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    done = run("validate", str(path))
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert words in lines[0]


def test_a_bad_rules_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text('{"players": 3, "jokers": "two"}')
    done = run("play", "--rules", str(path))
    assert done.returncode == 2
    assert done.stderr == f"hearts: {path}: rules.jokers: must be a whole number, got 'two'.\n"
    path.write_text("{")
    assert "the rules file is not JSON" in run("rules", str(path)).stderr


def test_a_closed_pipe_is_not_a_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "hearts", "simulate", "--games", "200", "--target", "20"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()  # the reader goes away before the output is written
    _, err = process.communicate(timeout=60)
    assert b"Traceback" not in err and b"Exception ignored" not in err


# --- bots ---------------------------------------------------------------------------------------


class Lowest:
    """A bot that always takes the first legal move."""

    name = "lowest"

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        return hearts.legal_moves(view)[0]


def test_bots_plug_in_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BOTS, "lowest", Lowest())
    assert main(["play", "--bots", "lowest,random,lowest,random", "--target", "30"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "Hearts: 4 players, game to 30, seed 1, bots P0 lowest, P1 random, P2 lowest, P3 random\n"
    )
    state, record = play_game(hearts.Rules(target=30), 1, ["lowest", "random", "lowest", "random"])
    assert record.metadata["players"] == ["lowest", "random", "lowest", "random"]
    assert hearts.replay(record).final == state


def test_changing_one_seats_bot_keeps_the_others_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat draws from its own generator: the first hand's passes of P1-P3 agree."""
    monkeypatch.setitem(BOTS, "lowest", Lowest())
    _, mixed = play_game(hearts.Rules(), 1, ["lowest", "random", "random", "random"])
    _, plain = play_game(hearts.Rules(), 1, ["random"])
    assert mixed.moves[2:5] == plain.moves[2:5] and mixed.moves[1] != plain.moves[1]


def test_the_rule_and_search_bots_play_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--bots", "search,rule,rule,random", "--target", "20"]) == 0
    assert "bots P0 search, P1 rule, P2 rule, P3 random" in capsys.readouterr().out
