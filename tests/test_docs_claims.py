"""What the documentation says about the code, checked against the code (issue 38, item 7).

Each test reads the pages themselves (docs/*.md, README.md, examples/*/README.md) and
compares a claim they make with what the library or the example does, so that a page that
drifts from the code fails here rather than misleading a reader.
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import hearts
from hearts.game.rules import ShootMode

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OWN_PAGES = ("changelog.md",)
"""Pages left out everywhere: the changelog records what was true at each release."""
INTERNALS_PAGES = ("contributing.md",)
"""Pages about the code itself, which may name its internals and the release procedure."""


def _pages(*, internals: bool = False) -> list[Path]:
    skipped = OWN_PAGES + (() if internals else INTERNALS_PAGES)
    pages = [page for page in sorted(DOCS.glob("*.md")) if page.name not in skipped]
    return [*pages, ROOT / "README.md", *sorted((ROOT / "examples").glob("*/README.md"))]


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


# --- the server page: the fingerprint the example checks --------------------------------


def _server_module() -> ModuleType:
    pytest.importorskip("websockets")
    path = ROOT / "examples" / "server" / "server.py"
    spec = importlib.util.spec_from_file_location("hearts_example_server", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_server_admits_the_hello_of_its_rules_fingerprint_only(
    tmp_path: Path,
) -> None:
    """The example's table plays the standard game unless told otherwise, pins it by its
    fingerprint, and admits a hello of that fingerprint and no other."""
    server = _server_module()
    source = (ROOT / "examples" / "server" / "server.py").read_text(encoding="utf-8")
    assert re.search(r'"--preset", default="standard"', source)
    tokens = ["a", "b", "c", "d"]
    table = server.Table("standard", tmp_path / "table.jsonl", tokens)
    standard = hearts.Rules.preset("standard").fingerprint
    assert table._pinned() == {"preset": "standard", "fingerprint": standard}
    hello = {"type": "hello", "seat": 2, "token": "c", "fingerprint": standard}
    assert server._hello_refusal(hello, tokens, table.rules.fingerprint) is None
    omnibus = {**hello, "fingerprint": hearts.Rules.preset("omnibus").fingerprint}
    refusal = server._hello_refusal(omnibus, tokens, table.rules.fingerprint)
    assert refusal is not None and standard in refusal


@pytest.mark.parametrize(
    "page", [DOCS / "server.md", ROOT / "examples" / "server" / "README.md"], ids=_name
)
def test_every_fingerprint_shown_for_the_table_is_the_standard_games(page: Path) -> None:
    """The example's table plays the standard game: a hello's fingerprint is that game's."""
    standard = hearts.Rules.preset("standard").fingerprint
    shown = re.findall(r"\b[0-9a-f]{12,64}\b", page.read_text(encoding="utf-8"))
    wrong = [text for text in shown if not standard.startswith(text)]
    assert not wrong, f"{_name(page)} shows fingerprints that are not the standard game's: {wrong}"


def test_the_command_line_prints_the_fingerprint_the_pages_use() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hearts", "rules", "standard", "--fingerprint"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout.strip() == hearts.Rules.preset("standard").fingerprint


def test_rules_travel_with_a_fingerprint_only_in_records() -> None:
    """What docs/server.md says: to_dict has no fingerprint, from_dict refuses one, and
    a record's reader checks it."""
    rules = hearts.Rules(target=50)
    assert "fingerprint" not in rules.to_dict()
    with pytest.raises(hearts.RulesError, match="unknown field 'fingerprint'"):
        hearts.Rules.from_dict({**rules.to_dict(), "fingerprint": rules.fingerprint})
    written = hearts.GameRecord(rules, []).to_dict()
    assert isinstance(written["rules"], dict)
    assert written["rules"]["fingerprint"] == rules.fingerprint
    written["rules"]["target"] = 60
    with pytest.raises(hearts.RecordError, match="fingerprint"):
        hearts.loads(json.dumps(written))


# --- installing: not from PyPI until the first release -----------------------------------

_PIP_HEARTS = re.compile(r"pip\s+install\s+[\"']?hearts-rules")


@pytest.mark.parametrize("page", _pages(), ids=_name)
def test_no_page_sends_readers_to_pypi_without_saying_how_to_install_from_a_clone(
    page: Path,
) -> None:
    """Each `pip install hearts-rules` is beside a word that it is not on PyPI yet, and how
    to install from a clone instead."""
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    for match in _PIP_HEARTS.finditer(text):
        line = text.count("\n", 0, match.start())
        near = " ".join(" ".join(lines[max(0, line - 8) : line + 4]).split())
        assert "not on pypi" in near.lower() and "clone" in near, (
            f"{_name(page)}, line {line + 1}: {match.group(0)!r} with no word nearby that the "
            "package is not on PyPI yet and how to install it from a clone."
        )


# --- hearts.batch: the reference and the snippets ----------------------------------------

_BATCH = ROOT / "hearts" / "rl" / "batch.py"


def _batch_all() -> list[str]:
    """``hearts.batch.__all__``, read from the source (importing it needs JAX)."""
    for node in ast.parse(_BATCH.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            assert isinstance(node.value, ast.List)
            return [ast.literal_eval(item) for item in node.value.elts]
    raise AssertionError("hearts/rl/batch.py has no __all__.")


def test_every_public_name_of_hearts_batch_is_in_the_api_reference() -> None:
    documented: set[str] = set()
    for page in (DOCS / "api.md", DOCS / "rl.md"):
        text = page.read_text(encoding="utf-8")
        documented |= set(
            re.findall(
                r"^\.\. auto(?:function|class|data|attribute):: hearts\.batch\.(\w+)", text, re.M
            )
        )
    missing = [name for name in _batch_all() if name not in documented]
    assert not missing, f"hearts.batch names missing from the API reference: {missing}"


def _batch_snippets() -> list[str]:
    text = (DOCS / "rl.md").read_text(encoding="utf-8")
    section = text[text.index("## Batches of games in JAX") :]
    section = section[: section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    return [block for block in blocks if not block.lstrip().startswith(">>>")]


def test_the_batch_snippets_show_each_games_seat_to_move_observed() -> None:
    snippets = _batch_snippets()
    assert len(snippets) >= 2
    assert any("observe(state, state.current_player)" in snippet for snippet in snippets)


@pytest.mark.parametrize("number", range(2))
def test_each_batch_snippet_runs_on_its_own(
    number: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each snippet of the hearts.batch section of docs/rl.md, run alone in a fresh
    namespace: its imports and every name it uses are in it."""
    pytest.importorskip("jax")
    snippet = _batch_snippets()[number]
    exec(compile(snippet, f"docs/rl.md, hearts.batch snippet {number + 1}", "exec"), {})
    if "print(" in snippet:
        assert capsys.readouterr().out.strip()


def test_the_batch_docstring_examples_run_on_their_own() -> None:
    """hearts/rl/batch.py's examples, run with no names but the ones they import (the API
    reference shows them to readers, who have only what an example imports)."""
    pytest.importorskip("jax")
    import hearts.batch as batch_module

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = finder.find(batch_module, "hearts.batch", globs={})
    assert len(tests) > 10
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 50


# --- private names and commit hashes ------------------------------------------------------

_PRIVATE = re.compile(r"\b(?:hearts(?:\.[a-z_]+)*|[A-Z][A-Za-z0-9]*)\._[a-z]\w*")


@pytest.mark.parametrize("page", _pages(), ids=_name)
def test_user_pages_name_no_private_attribute(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    # IPython's display hooks (_repr_svg_, ...) are a protocol, not private names.
    private = [name for name in _PRIVATE.findall(text) if not name.endswith("_")]
    assert not private, f"{_name(page)} names private attributes: {private}"


_HASH = re.compile(r"`[0-9a-f]{7,40}`|\bcommit\s+`?[0-9a-f]{7,40}\b|git archive [0-9a-f]{7,40}\b")


@pytest.mark.parametrize("page", _pages(), ids=_name)
def test_user_pages_give_no_bare_commit_hash(page: Path) -> None:
    """A reader of a release has no history to look a hash up in: pages say a version,
    a date or what the code was instead."""
    found = _HASH.findall(page.read_text(encoding="utf-8"))
    assert not found, f"{_name(page)} names commits by bare hash: {found}"


# --- the records page: jsonschema ----------------------------------------------------------


def test_the_records_page_says_how_to_install_jsonschema() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(item.startswith("jsonschema") for item in project["dependencies"])
    assert any(item.startswith("jsonschema") for item in project["optional-dependencies"]["test"])
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    before = " ".join(text[: text.index(">>> import jsonschema")].split()[-120:])
    assert "pip install" in before and "jsonschema" in before and "test" in before


# --- the presets: their moon and their end, in the description ---------------------------

_STANDARD = hearts.Rules.preset("standard")
_WORDS = {1: "one"}


@pytest.mark.parametrize("name", list(hearts.PRESETS))
def test_each_preset_description_says_its_moon_and_its_end(name: str) -> None:
    preset = hearts.PRESETS[name]
    rules, text = preset.rules, " ".join(preset.description.split())
    lowered = text.lower()
    if rules.moon is ShootMode.OFF:
        assert re.search(r"no (shooting the )?moon|moon='off'", lowered), text
    elif rules.moon is not _STANDARD.moon or rules.partners:
        assert "moon" in lowered, text
    if rules.moon in (ShootMode.ADD, ShootMode.SUBTRACT) and (
        rules.moon_points != _STANDARD.moon_points
    ):
        assert "moon" in lowered and str(rules.moon_points) in text, text
    if rules.hands is not None:
        count = _WORDS.get(rules.hands, str(rules.hands))
        assert re.search(rf"\b{count} (deals?|hands?)\b", lowered), text
    if rules.target is not None and rules.target != _STANDARD.target:
        assert str(rules.target) in text, text
    if rules.partners:
        assert "combined" in lowered and str(rules.target) in text, text
    if rules.target_must_be_exceeded:
        assert "exceed" in lowered, text
    if rules.chips is not None:
        assert "no chips" in lowered, text


def test_black_marias_moon_is_said_to_be_the_librarys_choice() -> None:
    """No published Black Maria found has a moon: the preset says its 43 are a choice, and
    how to turn it off, which must be a field that does turn it off."""
    preset = hearts.PRESETS["black-maria"]
    assert "library's choice" in preset.description
    assert "moon='off'" in preset.description
    assert preset.rules.replace(moon="off").moon is ShootMode.OFF
    presets_page = (DOCS / "presets.md").read_text(encoding="utf-8")
    assert "Black Maria's moon is this library's choice" in presets_page
