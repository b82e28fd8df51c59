"""Immutable values: the one way every value class of the library refuses to be changed.

A class of values derives from :class:`Frozen` and sets its fields in ``__init__`` with
``object.__setattr__``, which the compiled build turns into plain stores; any later
assignment or deletion raises :class:`AttributeError`, in the pure package as compiled.

In pure Python each ``object.__setattr__`` is a call (about 0.13 µs a field, against
0.02 µs for a plain store), and the engine builds a state of 14 fields and a position
of 9 on every play. So the few classes built on that path also have a
:func:`mutable_twin`: in the pure build, the engine fills a twin with plain stores and
then makes it the frozen class (``__class__`` is switched; the two share one layout),
which costs a fifth as much. The compiled build has no twin (a compiled class takes no
interpreted subclass) and calls the constructor, whose stores are already plain.

>>> import hearts
>>> hearts.new_game(seed=1).scores = (1, 2, 3, 4)
Traceback (most recent call last):
...
AttributeError: State is immutable: its scores cannot be changed (replace() makes a changed copy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from hearts.errors import describe_value

__all__ = ["Frozen", "index_positions", "mutable_twin"]

FrozenT = TypeVar("FrozenT", bound="Frozen")


class Frozen:
    """A value whose fields cannot be assigned or deleted once it is built."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(_refusal(self, name, "changed"))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(_refusal(self, name, "deleted"))


def mutable_twin(cls: type[FrozenT]) -> Callable[[], FrozenT] | None:
    """A class laid out as ``cls`` whose fields can be assigned; None in the compiled build.

    ``cls`` must derive from its base by its own ``__slots__`` alone. A twin is built
    empty, given every field by plain assignment, then made a ``cls`` by setting its
    ``__class__``, after which it is as frozen as any other: only code that builds
    values it trusts (the engine's) does so, and nothing else ever sees a twin.

    >>> import hearts
    >>> Twin = mutable_twin(hearts.Play)
    >>> if Twin is not None:  # the pure build
    ...     play = Twin()
    ...     play.player, play.card = 1, hearts.Card("QS")
    ...     play.__class__ = hearts.Play
    ...     assert play == hearts.Play(1, "QS")
    """
    base = cls.__base__
    slots = cls.__dict__.get("__slots__")
    if base is None or slots is None:  # compiled: a native class keeps no __slots__
        return None
    try:
        twin = type(
            f"{cls.__name__}Twin",
            (base,),
            {
                "__slots__": slots,
                "__setattr__": object.__setattr__,
                "__delattr__": object.__delattr__,
            },
        )
        probe = twin()
        probe.__class__ = cls  # the layouts match: a compiled class would refuse
    except TypeError:  # compiled: native classes take no interpreted subclass
        return None
    return cast("Callable[[], FrozenT]", twin)


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
