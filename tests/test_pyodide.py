"""The pure wheel in Pyodide (Python compiled to WebAssembly) under Node.js (issue 41).

The test builds the pure wheel, downloads the wheels of its two dependencies (attrs and
typing-extensions, at the versions installed here, so that a run does not change with the
day's releases) with pip, and unpacks the three into the site-packages of the npm copy
of Pyodide in ``tests/js/node_modules`` (``npm ci`` there, as ``.ci/run`` does): nothing
is fetched from a CDN, and no package manager runs inside Pyodide. One Node.js process
(``tests/js/run_pyodide.mjs``) then runs :data:`CHECKS` there: whole games under several
presets, a record through ``dumps``/``loads``/``replay``, a game between ``RuleBot``\\ s, a
table drawn by ``hearts.svg``, and illegal moves refused with ``IllegalMoveError``. The
same checks run here in CPython, and every figure, record, picture and sentence must be
the same in both.

A Python exception inside Pyodide fails the test with its traceback. Where Node.js or the
npm copy of Pyodide is missing, the tests are skipped with a message saying what to
install; ``HEARTS_REQUIRE_NODE=1`` (which ``.ci/run`` sets) makes that a failure instead.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS = Path(__file__).resolve().parent / "js"
PYODIDE = JS / "node_modules" / "pyodide"
DRIVER = JS / "run_pyodide.mjs"


def skip_or_fail(message: str) -> None:
    """Skip with ``message``, or fail with it where HEARTS_REQUIRE_NODE is set (CI)."""
    if os.environ.get("HEARTS_REQUIRE_NODE"):
        pytest.fail(message)
    pytest.skip(message)


def node() -> str:
    """The path of Node.js, or skip (fail in CI) with what to install."""
    path = shutil.which("node")
    if path is None:
        skip_or_fail("Node.js is not installed: install Node.js 20 or later and npm")
    assert path is not None
    return path


def pyodide() -> Path:
    """The npm copy of Pyodide in tests/js, or skip (fail in CI) with how to get it."""
    node()
    if not (PYODIDE / "pyodide.mjs").is_file() or not (PYODIDE / "pyodide.asm.wasm").is_file():
        skip_or_fail(
            f"the npm package pyodide is not installed in {JS.relative_to(ROOT)}: "
            f"run `npm ci` there (.ci/run does it)"
        )
    return PYODIDE


_WHEELS: list[Path] = []


def wheels(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The pure wheel built from this tree and pip's wheels of attrs and typing-extensions.

    The dependencies at the versions this interpreter has, pinned, so that what runs in
    Pyodide does not change from day to day. Built once per test process, into a temporary
    folder.
    """
    if _WHEELS:
        return _WHEELS
    out = tmp_path_factory.mktemp("wheels")
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("HEARTS_COMPILE", "PIP_REQUIRE_VIRTUALENV")
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    pip = [sys.executable, "-m", "pip"]
    pinned = [
        f"{name}=={importlib.metadata.version(name)}" for name in ("attrs", "typing_extensions")
    ]
    commands = (
        # The pure wheel: HEARTS_COMPILE unset, as a plain `pip wheel` of the tree builds it.
        [*pip, "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(ROOT)],
        [*pip, "download", "--only-binary=:all:", "--no-deps", "--quiet", "--dest", str(out),
         *pinned],
    )  # fmt: skip
    for command in commands:
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=600, check=False
        )
        assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stderr[-4000:]}"
    found = sorted(out.glob("*.whl"))
    names = [path.name for path in found]
    assert len(found) == 3, names
    assert all(name.endswith("-py3-none-any.whl") for name in names), names
    _WHEELS.extend(found)
    return _WHEELS


def run_in_pyodide(
    script: str, wheels: list[Path], tmp_path: Path
) -> subprocess.CompletedProcess[str]:
    """``script`` run by tests/js/run_pyodide.mjs in Pyodide, with ``wheels`` installed."""
    path = tmp_path / "script.py"
    path.write_text(script, encoding="utf-8")
    command = [node(), str(DRIVER), str(path), *map(str, wheels)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


CHECKS = r'''
import hashlib
import json
import random

import hearts

PRESETS = ("standard", "omnibus", "black-maria", "three-player", "five-player", "spot-hearts")


def whole_game(name, seed):
    """A whole game of random legal moves under a preset, its record round-tripped."""
    rules = hearts.Rules.preset(name)
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    moves = []
    while not state.is_over:
        legal = hearts.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state = hearts.apply(state, move)
    record = hearts.GameRecord(rules, moves, seed=seed, metadata={"preset": name})
    text = hearts.dumps(record)
    loaded = hearts.loads(text)
    assert loaded == record, name
    replayed = hearts.replay(loaded)
    assert replayed.final == state, name
    return {
        "scores": list(state.scores),
        "winners": list(state.winners),
        "hands": len(state.results),
        "moves": len(moves),
        "record": hashlib.sha256(text.encode()).hexdigest(),
    }


def refusals(seed, wanted=12):
    """The sentences of IllegalMoveError for illegal moves met along a random game."""
    rng = random.Random(seed)
    state = hearts.new_game(hearts.Rules(), seed=seed)
    state = hearts.apply(state, hearts.legal_moves(state)[0])  # the deal
    tries = [hearts.Pass(0, list(state.hands[0])[:2])]  # two cards where three are passed
    sentences = []
    while not state.results and len(sentences) < wanted:
        legal = hearts.legal_moves(state)
        if state.phase is hearts.Phase.PLAY:
            seat = state.to_move[0]
            illegal = [card for card in state.hands[seat] if hearts.Play(seat, card) not in legal]
            if illegal:
                tries.append(hearts.Play(seat, illegal[0]))
            tries.append(hearts.Play((seat + 1) % 4, list(state.hands[(seat + 1) % 4])[0]))
        for move in tries:
            try:
                hearts.apply(state, move)
            except hearts.IllegalMoveError as error:
                assert isinstance(error, hearts.HeartsError)
                sentences.append(str(error))
            else:
                raise AssertionError(f"{move} was not refused")
        tries = []
        state = hearts.apply(state, legal[rng.randrange(len(legal))])
    return sentences


def results():
    bots = hearts.play_game(hearts.Rules(), [hearts.RuleBot()] * 4, seed=2, bot_seed=3)
    table = hearts.new_game(hearts.Rules(), seed=4)
    for _ in range(10):
        table = hearts.apply(table, hearts.legal_moves(table)[0])
    return {
        "games": {name: whole_game(name, seed) for seed, name in enumerate(PRESETS, 1)},
        "rule_bots": {"scores": list(bots.scores), "hands": bots.hands},
        "svg": hashlib.sha256(hearts.svg.table(hearts.view(table, 0)).encode()).hexdigest(),
        "refusals": refusals(5) + refusals(6),
    }
'''

IN_PYODIDE = (
    CHECKS
    + r"""
import sys

found = results()
found["python"] = list(sys.version_info[:3])
found["platform"] = sys.platform
found["compiled"] = hearts.compiled
found["file"] = hearts.__file__
json.dumps(found)
"""
)


def cpython_results() -> dict[str, Any]:
    """What :data:`CHECKS` find here, in CPython."""
    namespace: dict[str, Any] = {}
    exec(compile(CHECKS, "CHECKS", "exec"), namespace)
    return namespace["results"]()  # type: ignore[no-any-return]


def test_the_pure_wheel_plays_in_pyodide(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    pyodide()
    done = run_in_pyodide(IN_PYODIDE, wheels(tmp_path_factory), tmp_path)
    assert done.returncode == 0, f"Pyodide failed (exit {done.returncode}):\n{done.stderr}"
    found = json.loads(done.stdout.strip().splitlines()[-1])
    # It ran where it should: WebAssembly, the pure package from the wheel's site-packages.
    assert found.pop("platform") == "emscripten"
    assert tuple(found.pop("python")) >= (3, 10)
    assert found.pop("compiled") is False
    assert "site-packages/hearts/" in found.pop("file")
    expected = cpython_results()
    sentences = " ".join(expected["refusals"])
    for kind in ("passes exactly 3", "must be led with 2♣", "turn to play", "must follow suit",
                 "hearts are not broken"):  # fmt: skip
        assert kind in sentences, kind
    for key in expected:
        assert found[key] == expected[key], f"{key} differs between Pyodide and CPython"
    assert found.keys() == expected.keys()


def test_an_error_in_pyodide_fails_with_its_traceback(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """The harness: a library error inside Pyodide is the Node.js process's failure."""
    pyodide()
    script = (
        "import hearts\n"
        "state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])\n"
        "hearts.apply(state, hearts.Pass(0, list(state.hands[0])[:2]))\n"
    )
    done = run_in_pyodide(script, wheels(tmp_path_factory), tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback (most recent call last)" in done.stderr
    assert "hearts.errors.IllegalMoveError: P0 may not pass" in done.stderr
    assert 'File "script.py", line 3' in done.stderr
