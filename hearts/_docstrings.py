"""Docstrings for the compiled build, read back from the source shipped beside it.

mypyc does not keep the docstrings of the classes and functions it compiles, so that
``help(hearts.State)`` would show nothing in a compiled wheel. The wheel ships each
module's ``.py`` source next to its extension; :func:`restore` reads the docstrings from
there and sets them on the compiled classes and their methods. A compiled function is a
built-in function, and a compiled class's property a descriptor, whose docstring cannot be
set: ``help()`` shows their signatures only (the documentation and the pure build have
their text). It costs about ten milliseconds, at import, and only in the compiled build.

>>> import hearts
>>> "immutable" in hearts.State.__doc__
True
"""

from __future__ import annotations

import ast
import contextlib
import sys
from importlib.machinery import ExtensionFileLoader
from pathlib import Path
from types import ModuleType


def restore_all() -> None:
    """Restore the docstrings of every compiled module of the package imported so far."""
    for name, module in list(sys.modules.items()):
        if name.startswith("hearts.") and isinstance(module.__loader__, ExtensionFileLoader):
            restore(module)


def restore(module: ModuleType) -> None:
    """Set the docstrings that ``module``'s source gives, where the module lost them."""
    source = Path(module.__file__ or "").with_name(module.__name__.rsplit(".", 1)[-1] + ".py")
    if not source.is_file():
        return  # no source shipped: the names keep mypyc's empty docstrings
    tree = ast.parse(source.read_text("utf-8"))
    _set(module, tree.body)


def _set(owner: object, body: list[ast.stmt]) -> None:
    for node in body:
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            continue
        value = getattr(owner, node.name, None)
        doc = ast.get_docstring(node, clean=False)
        if value is None or doc is None:
            continue
        target = getattr(value, "fget", value)  # a property's getter holds its text
        if not getattr(target, "__doc__", None) or target.__doc__ == "mypyc filler docstring":
            # Some compiled callables refuse a new __doc__; they keep mypyc's.
            with contextlib.suppress(AttributeError, TypeError):
                target.__doc__ = doc
        if isinstance(node, ast.ClassDef):
            _set(value, node.body)
