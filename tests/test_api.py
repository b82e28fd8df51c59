"""The public API: every exported name exists, is documented, and the package is typed."""

from __future__ import annotations

import importlib
import importlib.resources
import inspect
import pickle
import re
import sys
import warnings

import pytest

import hearts
from hearts import _aliases


def test_every_exported_name_exists_and_has_a_docstring() -> None:
    for name in hearts.__all__:
        value = getattr(hearts, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"hearts.{name} has no docstring"


def test_star_import_works() -> None:
    namespace: dict[str, object] = {}
    exec("from hearts import *", namespace)
    assert set(hearts.__all__) <= set(namespace)


def test_package_ships_py_typed() -> None:
    assert importlib.resources.files("hearts").joinpath("py.typed").is_file()


@pytest.mark.parametrize("old", sorted(_aliases.MOVED))
def test_every_old_module_path_imports_its_new_module_with_a_warning(old: str) -> None:
    """The modules moved into packages by concern: their old paths keep working, warned."""
    new = importlib.import_module(_aliases.MOVED[old])
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=rf"^{re.escape(old)} has moved to "):
        assert importlib.import_module(old) is new
    assert new.__spec__ is not None and new.__spec__.name == _aliases.MOVED[old]


@pytest.mark.parametrize(
    ("documented", "module"),
    [
        ("hearts.env", "hearts.rl.env"),
        ("hearts.env_parallel", "hearts.rl.env_parallel"),
        ("hearts.tensor", "hearts.rl.tensor"),
        ("hearts.svg", "hearts.display.svg"),
        ("hearts.text", "hearts.display.text"),
    ],
)
def test_the_documented_paths_are_their_modules(documented: str, module: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning for a documented path
        assert importlib.import_module(documented) is importlib.import_module(module)


def test_an_old_pickle_of_a_state_loads() -> None:
    """A pickle written before the move names hearts.state.State: it loads, as a State."""
    state = hearts.new_game(hearts.Rules(), seed=3)
    old = pickle.dumps(state, protocol=0).replace(b"hearts.game.state", b"hearts.state")
    assert b"hearts.state" in old
    sys.modules.pop("hearts.state", None)  # as in a new process
    with pytest.warns(DeprecationWarning):
        assert pickle.loads(old) == state
