"""examples/browser/ played in headless Chromium, and checked move by move against CPython.

The test puts the page (``examples/browser/``), the npm copy of Pyodide and the three wheels
(the pure wheel of this tree, attrs and typing-extensions: see tests/test_pyodide.py) in a
temporary folder, serves it on 127.0.0.1 with :mod:`http.server` in a thread, and opens
``index.html?seed=...&pyodide=/pyodide/&wheel=...&test=1`` in headless Chromium, driven by
``tests/js/browser_example.mjs`` through the npm package playwright-core: it passes (first
two cards, which the rules refuse, then three), then at each turn clicks the cards of its
hand from the left until one is accepted. Any request leaving 127.0.0.1 is refused and
reported. Here, in CPython, every click is replayed from the page's game record (in the
page's snapshot only with ``test=1``, the page's test hook): a card the library refuses must
have shown exactly the library's sentence, an accepted one must have left the hand; the
bots' moves must be RuleBot's; the hand's score must be the one CPython computes. A page
that showed no refusal, or another one, fails. Before that, the page opened with a
``pyodide=`` or ``wheel=`` on another site must refuse it, visibly, and fetch nothing.

Without a browser, :func:`test_the_snapshot_keeps_the_other_hands_secret` runs the page's
``table.py`` in CPython: no record in its snapshot without ``test=1``.

Chromium is found as tests/test_browser.py finds it (``HEARTS_REQUIRE_BROWSER``); Node.js
and the npm packages in ``tests/js`` as tests/test_pyodide.py finds them
(``HEARTS_REQUIRE_NODE``): missing, the test is skipped, or fails where those are set.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import random
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from test_browser import chromium
from test_pyodide import JS, ROOT, node, pyodide, skip_or_fail, wheels

import hearts

EXAMPLE = ROOT / "examples" / "browser"
DRIVER = JS / "browser_example.mjs"
SEED = 7
"""The page's deal: its first trick and its follow-suit turns give refusals to check."""


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the test reports what went wrong."""


@pytest.fixture
def site(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Iterator[str]:
    """The page, Pyodide and the wheels served on 127.0.0.1: the page's address."""
    chromium()
    pyodide_folder = pyodide()
    if not (JS / "node_modules" / "playwright-core" / "package.json").is_file():
        skip_or_fail(
            f"the npm package playwright-core is not installed in {JS.relative_to(ROOT)}: "
            "run `npm ci` there (.ci/run does it)"
        )
    root = tmp_path / "site"
    shutil.copytree(EXAMPLE, root)
    (root / "pyodide").symlink_to(pyodide_folder, target_is_directory=True)
    (root / "wheels").mkdir()
    for wheel in wheels(tmp_path_factory):
        shutil.copy(wheel, root / "wheels")
    handler = functools.partial(_Files, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    query = [("seed", str(SEED)), ("delay", "0"), ("test", "1"), ("pyodide", "/pyodide/")]
    query += [("wheel", f"/wheels/{wheel.name}") for wheel in sorted((root / "wheels").iterdir())]
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html?{urlencode(query)}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def state_of(record: str) -> hearts.State:
    """The state a game record of the page leads to, replayed in CPython."""
    return hearts.replay(hearts.loads(record)).final


def refusal_of(state: hearts.State, move: hearts.Move) -> str | None:
    """CPython's sentence for ``move``, or None if it is legal."""
    try:
        hearts.apply(state, move)
    except hearts.IllegalMoveError as error:
        return str(error)
    return None


def elsewhere(site: str) -> list[str]:
    """The page's address with a pyodide= or a wheel= on another origin: each to be refused."""
    address = urlsplit(site)
    query = parse_qsl(address.query)
    other_host = f"http://localhost:{address.port}"  # the same server, another origin
    changes = [
        ("pyodide", "https://cdn.example.invalid/pyodide/"),
        ("pyodide", f"{other_host}/pyodide/"),
        ("wheel", "//wheels.example.invalid/hearts_rules-0-py3-none-any.whl"),
    ]
    found = []
    for name, value in changes:
        changed = [(key, old) for key, old in query if key != name] + [(name, value)]
        found.append(address._replace(query=urlencode(changed)).geturl())
    return found


def test_a_person_plays_a_hand_in_the_browser(site: str, tmp_path: Path) -> None:
    screenshot, saved = tmp_path / "browser.png", tmp_path / "report.json"
    refused = elsewhere(site)
    command = [node(), str(DRIVER), site, chromium(), str(screenshot), str(saved), *refused]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    report = json.loads(saved.read_text(encoding="utf-8")) if saved.exists() else {}
    assert done.returncode == 0 and report, (
        f"the browser run failed (exit {done.returncode}): {report.get('failure')}\n"
        f"page errors: {report.get('errors')}\n{done.stderr[-4000:]}"
    )
    assert report["errors"] == [], report["errors"]
    assert report["external"] == [], "the page fetched from outside 127.0.0.1"

    # Pyodide or a wheel from another origin: refused before anything is fetched, and said.
    assert [entry["url"] for entry in report["refused"]] == refused
    for entry in report["refused"]:
        assert entry["phase"] == "error", entry
        assert (
            "is refused: the page loads Pyodide and wheels only from its own site"
            in (entry["status"])
        ), entry

    # Every press and click, replayed: the page said what the library says, no more, no less.
    refusals = {"pass": 0, "play": 0}
    played = 0
    for entry in report["log"]:
        state = state_of(entry["before"])
        if entry["move"] == "pass":
            move: hearts.Move = hearts.Pass(0, " ".join(entry["cards"]))
        elif entry["move"] == "play":
            move = hearts.Play(0, entry["card"])
        else:
            continue
        expected = refusal_of(state, move)
        assert entry["refusal"] == expected, f"{move}: the page showed {entry['refusal']!r}"
        if expected is not None:
            refusals[entry["move"]] += 1
        elif entry["move"] == "play":
            played += 1
            assert entry["card"] not in entry["after"], f"{move} left the card in the hand"
            if len(entry["after"]) != entry["held"] - 1:
                assert not entry["after"] and played == 13, entry  # the hand's last card
    assert refusals["pass"] == 1 and refusals["play"] >= 1, refusals
    assert played == 13

    # The hand: the seeded deal, RuleBot's moves for the bots, and the score CPython gives.
    final = report["final"]
    assert final["phase"] == "over" and final["seed"] == SEED
    record = hearts.loads(final["record"])
    rules = hearts.Rules()
    state = hearts.new_game(rules, seed=SEED)
    assert record.moves[0] == hearts.legal_moves(state)[0]  # the seed's deal
    rngs = {seat: random.Random(SEED * 10 + seat) for seat in (1, 2, 3)}
    for move in record.moves:
        seat = getattr(move, "player", 0)
        if state.phase is not hearts.Phase.DEAL and seat != 0:
            assert hearts.RuleBot().choose(hearts.view(state, seat), rngs[seat]) == move
        state = hearts.apply(state, move)
    assert len(state.results) == 1
    result = state.results[0]
    assert final["points"] == list(result.points) and sum(result.points) == 26
    assert final["changes"] == list(result.changes)
    assert final["scores"] == list(result.scores)
    assert f"your score is {result.scores[0]}." in report["status"]
    assert f"scores {', '.join(map(str, result.scores))};" in report["status"]

    assert report["screenshot"] and screenshot.stat().st_size > 10_000


def page_table() -> ModuleType:
    """examples/browser/table.py, imported here in CPython."""
    spec = importlib.util.spec_from_file_location("browser_table", EXAMPLE / "table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_snapshot_keeps_the_other_hands_secret() -> None:
    """Without ``test=1`` (``reveal``), no snapshot holds the record; the hand is P0's view."""
    module = page_table()
    table, revealing = module.Table(SEED), module.Table(SEED, reveal=True)
    seen = 0
    while True:
        snapshot, revealed = json.loads(table.snapshot()), json.loads(revealing.snapshot())
        assert "record" not in snapshot
        assert list(hearts.loads(revealed.pop("record")).moves) == table.moves
        assert snapshot == revealed
        seen += 1
        if table.over:
            break
        if table.bot_step():
            assert revealing.bot_step()
            continue
        view = hearts.view(table.state, 0)
        assert [held["card"] for held in snapshot["hand"]] == [card.ascii for card in view.hand]
        move = hearts.legal_moves(view)[0]
        for each in (table, revealing):
            if isinstance(move, hearts.Pass):
                assert each.pass_cards(" ".join(card.ascii for card in move.cards)) is None
            elif isinstance(move, hearts.Play):
                assert each.play(move.card.ascii) is None
            else:
                each.choose(0)
    assert snapshot["phase"] == "over" and seen > 13
