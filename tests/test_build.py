"""Which build is running: the pure package, or the core compiled by mypyc (issue 15).

CI runs the suite on both: on the pure package under every supported Python, and on the
compiled wheel with ``HEARTS_EXPECT_COMPILED=1``, so that a compiled run that silently
imported the pure modules fails here.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_cli import run

import hearts


def compiled_modules() -> list[str]:
    """The modules pyproject.toml has the mypyc build hook compile."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    section = text.split("[tool.hatch.build.targets.wheel.hooks.custom]", 1)[1].split("\n[", 1)[0]
    found = re.search(r"^include = \[(.*?)\]$", section, re.MULTILINE | re.DOTALL)
    assert found, "the build hook in pyproject.toml lists no modules to compile"
    paths = re.findall(r'"([^"]+)\.py"', found.group(1))
    return [path.replace("/", ".") for path in paths]


ROOT = Path(__file__).resolve().parent.parent


def is_extension(name: str) -> bool:
    loader = getattr(importlib.import_module(name), "__loader__", None)
    return isinstance(loader, importlib.machinery.ExtensionFileLoader)


def test_compiled_says_whether_every_listed_module_is_compiled() -> None:
    modules = compiled_modules()
    assert "hearts.game.play" in modules
    assert [is_extension(name) for name in modules] == [hearts.compiled] * len(modules)


def test_the_compiled_core_keeps_its_docstrings() -> None:
    # mypyc drops them; hearts._docstrings reads the classes' back from the shipped source
    # (a compiled function, and a compiled class's property, cannot take one).
    assert hearts.State.__doc__ and "immutable" in hearts.State.__doc__
    assert hearts.PassMoves.__doc__ and "lazy sequence" in hearts.PassMoves.__doc__
    assert hearts.Trick.__doc__ and hearts.HandResult.__doc__ and hearts.Phase.__doc__


def test_the_build_ci_asked_for_is_the_one_running() -> None:
    expected = os.environ.get("HEARTS_EXPECT_COMPILED") == "1"
    assert hearts.compiled is expected, (
        f"hearts.compiled is {hearts.compiled}, but HEARTS_EXPECT_COMPILED is "
        f"{os.environ.get('HEARTS_EXPECT_COMPILED')!r} (hearts from {hearts.__file__})"
    )


def test_the_version_names_the_build() -> None:
    build = "compiled with mypyc" if hearts.compiled else "pure Python"
    assert run("--version").stdout == f"hearts {hearts.__version__} ({build})\n"


# --- the README's two set-up commands (issue 38) --------------------------------------------


def readme_command(marker: str) -> str:
    """The shell command in the README's code block under ``<!-- marker -->``."""
    text = (ROOT / "README.md").read_text("utf-8")
    found = re.search(rf"^<!-- {marker} -->\n```sh\n(.+?)\n```$", text, re.MULTILINE | re.DOTALL)
    assert found, f"README.md has no command block under <!-- {marker} -->"
    return found.group(1)


def environments(command: str) -> tuple[set[str], set[str]]:
    """The virtual environments a command makes (``-m venv X``), and those it runs from."""
    made = set(re.findall(r"-m venv (\S+)", command))
    used = set(re.findall(r"(?:^|[\s\"'=(])([\w./-]+)/bin/", command))
    return made, used


def test_the_readme_s_set_up_commands_install_into_separate_environments() -> None:
    # Run in order on a fresh clone, the test command's editable install replaced the
    # compiled build the main command had installed in the same .venv.
    demo, tests = readme_command("main-command"), readme_command("test-command")
    demo_made, demo_used = environments(demo)
    test_made, test_used = environments(tests)
    assert len(demo_made) == 1 and demo_used == demo_made, demo
    assert len(test_made) == 1 and test_used == test_made, tests
    assert not demo_made & test_made, (demo, tests)
    # The demo installs the compiled build where it can, not editable; the tests run on an
    # editable, pure one (an editable install is never compiled: hatch_build.py).
    assert "HEARTS_COMPILE=auto " in demo and " -e " not in demo
    assert " install -e " in tests and "HEARTS_COMPILE" not in tests
    # ... and the README says which build each gives, in the paragraph after each command
    # (the main command's) or before it (the test command's).
    text = (ROOT / "README.md").read_text("utf-8")
    after_demo = text.split("<!-- main-command -->", 1)[1].split("```", 3)[2]
    before_tests = after_demo.split("<!-- test-command -->", 1)[0]
    assert "gives the compiled build" in after_demo.split("\n\n", 2)[1]
    assert "gives the pure-Python build" in before_tests
    assert next(iter(test_made)) in before_tests and next(iter(demo_made)) in before_tests


def test_ci_runs_the_readme_s_test_command_and_then_uses_its_environment() -> None:
    script = (ROOT / ".ci" / "run").read_text("utf-8")
    (test_env,) = environments(readme_command("test-command"))[0]
    # The later steps (ruff, mypy, sphinx, the build, the benchmarks) run in that environment.
    assert re.search(rf"^py={re.escape(test_env)}/bin/python$", script, re.MULTILINE)
    (demo_env,) = environments(readme_command("main-command"))[0]
    assert f"{demo_env}/" not in script  # and never in the demo's
    extract = next(line for line in script.splitlines() if line.startswith("test_command=$("))
    bash = shutil.which("bash")
    if bash is None or shutil.which("awk") is None:
        pytest.skip("bash and awk run .ci/run's extraction of the README's test command")
    done = subprocess.run(
        [bash, "-c", f'{extract}\nprintf %s "$test_command"'],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == readme_command("test-command")
