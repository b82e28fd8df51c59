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

from typing import cast

from hearts.errors import describe_value

__all__ = ["Frozen", "index_positions"]


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


def index_positions(owner: str, start: object, stop: object, length: int) -> range:
    """The positions ``index(value, start, stop)`` searches in a sequence of ``length``.

    As :meth:`list.index` reads its bounds; ``start`` must be an int and ``stop`` an int
    or None, anything else is a :class:`TypeError` naming ``owner``'s method.

    >>> index_positions("History", 1, None, 4), index_positions("History", -2, 9, 4)
    (range(1, 4), range(2, 4))
    >>> index_positions("History", "1", None, 4)
    Traceback (most recent call last):
    ...
    TypeError: History.index takes an int start, got '1'.
    """
    for name, bound in (("start", start), ("stop", stop)):
        if (bound is not None or name == "start") and (
            not isinstance(bound, int) or isinstance(bound, bool)
        ):
            raise TypeError(
                f"{owner}.index takes an int {name}"
                f"{' or None' if name == 'stop' else ''}, got {describe_value(bound)}."
            )
    return range(*slice(cast("int", start), cast("int | None", stop)).indices(length))
