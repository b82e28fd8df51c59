"""The finished hands of a game, kept once per game: :class:`History`.

Every state of a game holds the results of the hands before it. A tuple per hand would
copy all of them each time a hand ends, so a game of ``n`` hands would keep ``n²/2``
references alive in its states; a :class:`History` is a view of the first ``len`` results
of one list that the whole game shares, and a hand's end appends to that list (or, when
the game has branched there, copies it). So a long game keeps each result once. Each
result as each seat saw it (:func:`seen_by`) is kept beside the list, made when a seat's
:class:`~hearts.PlayerView` first asks for it (:meth:`History.seen`).

>>> import hearts
>>> state = hearts.new_game(hearts.Rules(target=None, hands=3), seed=1)
>>> while not state.is_over:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> results = state.results
>>> type(results).__name__, len(results), results[-1].hand_number, results == tuple(results)
('History', 3, 2, True)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Final, overload

from hearts.cards import CardSet
from hearts.passes import passer
from hearts.state import HandResult

__all__ = ["History", "seen_by", "with_result"]


def seen_by(result: HandResult, player: int) -> HandResult:
    """``result`` as ``player`` saw it: of the dealt hands and passes, its own only.

    The player saw its own dealt hand, the cards it passed, and the cards passed to it.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seen = seen_by(state.results[0], 1)
    >>> [len(hand) for hand in seen.dealt], [len(cards) for cards in seen.passed]
    ([0, 13, 0, 0], [3, 3, 0, 0])
    """
    source = passer(player, result.pass_direction, len(result.dealt))
    hidden = CardSet()
    return result.replace(
        dealt=tuple([hand if seat == player else hidden for seat, hand in enumerate(result.dealt)]),
        passed=tuple(
            [
                cards if seat in (player, source) else hidden
                for seat, cards in enumerate(result.passed)
            ]
        ),
    )


_SEEN_LOCK: Final = threading.Lock()
"""Held while a seat's list of seen results grows (bots may ask in several threads)."""


class History(Sequence[HandResult]):
    """An immutable sequence of hand results that shares its storage along a game.

    It compares equal to a tuple of the same results (and to no other kind of sequence,
    as a tuple) and hashes like one; slicing gives a tuple. Build one from results: ``History(results)``.

    >>> empty = History()
    >>> len(empty), empty == (), hash(empty) == hash(())
    (0, True, True)
    """

    __slots__ = ("_items", "_length", "_seen")
    _items: list[HandResult]
    _length: int
    _seen: dict[int, list[HandResult]] | None
    """Each seat's results as it saw them, as far as asked for (shared with ``_items``);
    None in a seat's history itself."""

    def __init__(self, results: Iterable[HandResult] = ()) -> None:
        items = list(results)
        self._items = items
        self._length = len(items)
        self._seen = {}

    @classmethod
    def _sharing(
        cls, items: list[HandResult], length: int, seen: dict[int, list[HandResult]] | None
    ) -> History:
        history = cls.__new__(cls)
        history._items = items
        history._length = length
        history._seen = seen
        return history

    def seen(self, player: int) -> History:
        """The results as ``player`` saw them (:func:`seen_by`), sharing their storage.

        >>> import hearts
        >>> state = hearts.new_game(seed=3)
        >>> while not state.results:
        ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
        >>> state.results.seen(2)[0] == seen_by(state.results[0], 2)
        True
        """
        seen = self._seen
        if seen is None:  # a seat's own history
            return self
        with _SEEN_LOCK:
            kept = seen.setdefault(player, [])
            for index in range(len(kept), self._length):
                kept.append(seen_by(self._items[index], player))
        return History._sharing(kept, self._length, None)

    def added(self, result: HandResult) -> History:
        """This history with ``result`` after it; the receiver is unchanged.

        The shared list grows in place when this history is its newest; a history that
        others have already grown past (a game that branched) copies its part first.
        """
        items, length = self._items, self._length
        if self._seen is not None and len(items) == length:
            items.append(result)
            # Another thread may have appended to the same list in between: then this
            # result is not at ``length``, and a copy is taken as for a branch.
            if items[length] is result:
                return History._sharing(items, length + 1, self._seen)
        fresh = items[:length]
        fresh.append(result)
        return History._sharing(fresh, length + 1, {})

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> HandResult: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[HandResult, ...]: ...

    def __getitem__(self, index: int | slice) -> HandResult | tuple[HandResult, ...]:
        if isinstance(index, slice):
            return tuple(self._items[: self._length][index])
        length = self._length
        position = index + length if index < 0 else index
        if not 0 <= position < length:
            raise IndexError(f"History index {index} is out of range: it has {length} results.")
        return self._items[position]

    def __iter__(self) -> Iterator[HandResult]:
        return islice(self._items, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if other._items is self._items:
                return other._length == self._length
            return other._length == self._length and all(
                a == b for a, b in zip(self, other, strict=True)
            )
        if isinstance(other, tuple):  # as a tuple compares: only with tuples
            return len(other) == self._length and all(
                a == b for a, b in zip(self, other, strict=True)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"

    def __reduce__(self) -> tuple[type[History], tuple[tuple[HandResult, ...]]]:
        return (History, (tuple(self),))

    def __copy__(self) -> History:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> History:
        return self


def with_result(results: Sequence[HandResult], result: HandResult) -> History:
    """``results`` followed by ``result``, as a :class:`History`.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> with_result((), state.results[0]) == state.results
    True
    """
    history = results if isinstance(results, History) else History(results)
    return history.added(result)
