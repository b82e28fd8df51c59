"""The modules' old paths, from before the package was laid out by concern.

``hearts.scoring`` is now :mod:`hearts.game.scoring`, ``hearts.views``
:mod:`hearts.knowledge.views`, and so on (the changelog lists every move). So that code
and pickles written against the old paths keep working, importing an old path gives the
module at its new one (the same module object) with a :class:`DeprecationWarning`. The
documented paths ``hearts.env``, ``hearts.env_parallel``, ``hearts.tensor``,
``hearts.batch``, ``hearts.svg`` and ``hearts.text`` are modules of their own and do not
warn.

>>> import importlib, sys, warnings
>>> _ = sys.modules.pop("hearts.scoring", None)  # as in a process that never imported it
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     old = importlib.import_module("hearts.scoring")
>>> import hearts.game.scoring
>>> old is hearts.game.scoring, str(caught[0].message)
(True, 'hearts.scoring has moved to hearts.game.scoring; import it from there.')
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

MOVED: dict[str, str] = {
    "hearts.frozen": "hearts.game.frozen",
    "hearts.card": "hearts.game.card",
    "hearts.cards": "hearts.game.cards",
    "hearts.value": "hearts.game.value",
    "hearts.options": "hearts.game.options",
    "hearts.presets": "hearts.game.presets",
    "hearts.rules": "hearts.game.rules",
    "hearts.moves": "hearts.game.moves",
    "hearts.play": "hearts.game.play",
    "hearts.passes": "hearts.game.passes",
    "hearts.shuffle": "hearts.game.shuffle",
    "hearts.state": "hearts.game.state",
    "hearts.history": "hearts.game.history",
    "hearts.scoring": "hearts.game.scoring",
    "hearts.claims": "hearts.game.claims",
    "hearts.transitions": "hearts.game.transitions",
    "hearts.engine": "hearts.game.engine",
    "hearts.views": "hearts.knowledge.views",
    "hearts.sampling": "hearts.knowledge.sampling",
    "hearts.policies": "hearts.bots.policies",
    "hearts.solver": "hearts.bots.solver",
    "hearts.ismcts": "hearts.bots.ismcts",
    "hearts.simulation": "hearts.bots.simulation",
    "hearts.isolation": "hearts.bots.isolation",
}
"""Each old module path and its new one."""


class _Alias:
    """Finds an old path in :data:`MOVED` and loads it as the module at its new path.

    A finder and loader of the import system by their methods (``importlib.abc`` would
    bring ``importlib.resources`` and ``pathlib`` into every ``import hearts``).
    """

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)  # type: ignore[arg-type]

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} has moved to {new}; import it from there.",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(new)
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system set the old path's spec on the module: it keeps its own.
        old = getattr(module.__spec__, "name", "")
        if old in self._specs:
            module.__spec__ = self._specs.pop(old)


def install() -> None:
    """Make the old paths importable (importing this module does it, once).

    >>> install()
    >>> sum(isinstance(finder, _Alias) for finder in sys.meta_path)
    1
    """
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.append(_Alias())


install()
