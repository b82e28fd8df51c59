"""Docstrings for the compiled build, read back from the source shipped beside it.

mypyc does not keep the docstrings of the classes and functions it compiles, so that
``help(hearts.State)`` would show nothing in a compiled wheel. The build writes them, read
from the sources, into a table the wheel ships (``hearts/_docstrings_table.py``, by
``hatch_build.py`` with :func:`table_of`); :func:`restore` sets them on the compiled classes
and their methods at import, and reads a shipped ``.py`` source where the table lacks a
module. A compiled function is a built-in function, and a compiled class's property a
descriptor, whose docstring cannot be set: ``help()`` shows their signatures only (the
documentation and the pure build have their text). Only the compiled build does this.

>>> import hearts
>>> "immutable" in hearts.State.__doc__
True
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import os
import sys
from importlib.machinery import ExtensionFileLoader
from types import ModuleType
from typing import cast

TABLE_MODULE = "hearts._docstrings_table"
"""The module the compiled build ships with the docstrings: ``DOCSTRINGS[module][name]``."""


def restore_all() -> None:
    """Restore the docstrings of every compiled module of the package imported so far."""
    for name, module in list(sys.modules.items()):
        if name.startswith("hearts.") and isinstance(module.__loader__, ExtensionFileLoader):
            restore(module)


def restore(module: ModuleType) -> None:
    """Set the docstrings the build's table (or the source) gives, where the module lost them."""
    docs = _table().get(module.__name__)
    if docs is None:
        name = module.__name__.rsplit(".", 1)[-1] + ".py"
        source = os.path.join(os.path.dirname(module.__file__ or ""), name)
        if not os.path.isfile(source):
            return  # no source shipped: the names keep mypyc's empty docstrings
        with open(source, encoding="utf-8") as file:
            docs = table_of(file.read())
    for qualified, doc in docs.items():
        value: object = module
        for part in qualified.split("."):
            value = getattr(value, part, None)
            if value is None:
                break
        if value is None:
            continue
        target = getattr(value, "fget", value)  # a property's getter holds its text
        if not getattr(target, "__doc__", None) or target.__doc__ == "mypyc filler docstring":
            # Some compiled callables refuse a new __doc__; they keep mypyc's.
            with contextlib.suppress(AttributeError, TypeError):
                target.__doc__ = doc


def table_of(source: str) -> dict[str, str]:
    r"""The docstrings of a module's classes, functions and methods, by qualified name.

    >>> table_of("class A:\n    'An A.'\n    def f(self):\n        'Its f.'\n")
    {'A': 'An A.', 'A.f': 'Its f.'}
    """
    found: dict[str, str] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                doc = ast.get_docstring(node, clean=False)
                if doc is not None:
                    found[prefix + node.name] = doc
                if isinstance(node, ast.ClassDef):
                    walk(node.body, prefix + node.name + ".")

    walk(ast.parse(source).body, "")
    return found


@functools.cache
def _table() -> dict[str, dict[str, str]]:
    """The build's table of docstrings, by module; empty where none was shipped."""
    try:
        shipped = importlib.import_module(TABLE_MODULE)
    except ImportError:
        return {}
    return cast("dict[str, dict[str, str]]", shipped.DOCSTRINGS)
