"""The public API: every exported name exists, is documented, and the package is typed."""

from __future__ import annotations

import importlib.resources
import inspect

import hearts


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
