"""The command line: `python -m hearts` plays and prints one seeded game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hearts.cli import main


def test_default_command_prints_a_transcript_and_final_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hearts: 4 players, game to 100, seed 1, random players\n")
    assert "Hand 1: pass left" in out
    assert "Hand 2: pass right" in out
    assert "  P0 passes " in out
    assert "  Trick 13: " in out
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
