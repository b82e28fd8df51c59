"""The library's value classes: frozen, and compared, hashed, pickled and shown by their fields.

A value class derives from :class:`Value`, names its fields in :attr:`Value.FIELDS` (in
the order its constructor takes them) and sets them in ``__init__`` with
``object.__setattr__``. It is then immutable in the pure package as compiled, equal to
another of its class with the same fields, hashable, picklable, shown as code that builds
it again, and copied with some fields changed by :meth:`Value.replace`.

>>> import hearts
>>> move = hearts.Play(2, "QS")
>>> move, move.replace(card="KS"), move == hearts.Play(2, 49)
(Play(player=2, card=Card('Q♠')), Play(player=2, card=Card('K♠')), True)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from hearts.game.cards import CardSet
from hearts.game.frozen import Frozen

if TYPE_CHECKING:  # for the annotations only: typing_extensions stays out of the import
    from typing_extensions import Self

__all__ = ["Value", "field_code"]


class Value(Frozen):
    """A frozen value, equal, hashed, pickled, shown and changed by its fields."""

    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The names of the fields, in the order the constructor takes them."""

    def _fields(self) -> tuple[object, ...]:
        """Every field, in the constructor's order."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def replace(self, **changes: object) -> Self:
        """A copy with the given fields changed, checked as a new value is.

        >>> import hearts
        >>> hearts.Play(2, "QS").replace(seat=1)
        Traceback (most recent call last):
        ...
        TypeError: Play has no field 'seat': its fields are player, card.
        """
        names = self.FIELDS
        for name in changes:
            if name not in names:
                raise TypeError(
                    f"{type(self).__name__} has no field {name!r}: its fields are "
                    f"{', '.join(names)}."
                )
        values = dict(zip(names, self._fields(), strict=True))
        values.update(changes)
        return type(self)(**values)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, Value):
            return NotImplemented
        return self is other or self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        values = zip(self.FIELDS, self._fields(), strict=True)
        shown = ", ".join([f"{name}={field_code(name, value)}" for name, value in values])
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), self._fields())

    # Immutable all the way down, so a copy is the value itself (search code copies freely).
    def __copy__(self) -> Value:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Value:
        return self


def field_code(name: str, value: object) -> str:
    """A field's value as code for a repr: card masks as cards, enums by name.

    A field named ``*_mask`` or ``*_masks`` holds card bitmasks, shown as the
    :class:`~hearts.CardSet` they are the mask of, so that a repr shows cards and still
    evaluates back to the same value.

    >>> from hearts import Phase
    >>> field_code("hand_masks", (CardSet("2C QS").mask, 0)), field_code("phase", Phase.PLAY)
    ("(CardSet('2♣ Q♠').mask, 0)", 'Phase.PLAY')
    """
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if name == "results" and isinstance(value, Sequence):  # a History, written as a tuple
        return repr(tuple(value))
    if name.endswith("_mask") and isinstance(value, int):
        return _mask_code(value)
    if name.endswith("_masks") and isinstance(value, tuple):
        masks = [_mask_code(mask) for mask in value]
        return f"({', '.join(masks)}{',' if len(masks) == 1 else ''})"
    return repr(value)


def _mask_code(mask: int) -> str:
    return f"{CardSet.from_mask(mask)!r}.mask" if mask else "0"
