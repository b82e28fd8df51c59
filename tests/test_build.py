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
from pathlib import Path

from test_cli import run

import hearts


def compiled_modules() -> list[str]:
    """The modules pyproject.toml has the mypyc build hook compile."""
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    section = text.split("[tool.hatch.build.targets.wheel.hooks.custom]", 1)[1].split("\n[", 1)[0]
    found = re.search(r"^include = \[(.*?)\]$", section, re.MULTILINE | re.DOTALL)
    assert found, "the build hook in pyproject.toml lists no modules to compile"
    paths = re.findall(r'"([^"]+)\.py"', found.group(1))
    return [path.replace("/", ".") for path in paths]


def is_extension(name: str) -> bool:
    loader = getattr(importlib.import_module(name), "__loader__", None)
    return isinstance(loader, importlib.machinery.ExtensionFileLoader)


def test_compiled_says_whether_every_listed_module_is_compiled() -> None:
    modules = compiled_modules()
    assert "hearts.play" in modules
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
