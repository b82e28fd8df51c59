"""Immutable values: the one way every value class of the library refuses to be changed.

A class of values derives from :class:`Frozen` and sets its fields in ``__init__`` with
``object.__setattr__``, which the compiled build turns into plain stores; any later
assignment or deletion raises :class:`AttributeError`, in the pure package as compiled.

>>> import hearts
>>> hearts.new_game(seed=1).scores = (1, 2, 3, 4)
Traceback (most recent call last):
...
AttributeError: State is immutable: its scores cannot be changed (replace() makes a changed copy).
"""

from __future__ import annotations

__all__ = ["Frozen"]


class Frozen:
    """A value whose fields cannot be assigned or deleted once it is built."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(_refusal(self, name, "changed"))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(_refusal(self, name, "deleted"))


def _refusal(value: object, name: str, what: str) -> str:
    kind = type(value).__name__
    copy = " (replace() makes a changed copy)" if hasattr(type(value), "replace") else ""
    return f"{kind} is immutable: its {name} cannot be {what}{copy}."
