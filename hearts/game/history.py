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
from typing import Final, cast, final, overload

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import CardSet
from hearts.game.frozen import Frozen, index_positions
from hearts.game.passes import passer
from hearts.game.state import HandResult

__all__ = ["History", "as_sequence", "seen_by", "with_result"]


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


@final
class History(Frozen):
    """An immutable sequence of hand results that shares its storage along a game.

    It is a :class:`collections.abc.Sequence`. It compares equal to a tuple of the same
    results (and to no other kind of sequence, as a tuple) and hashes like one; slicing
    gives a tuple. Build one from results: ``History(results)``.

    >>> empty = History()
    >>> len(empty), empty == (), hash(empty) == hash(())
    (0, True, True)
    """

    __slots__ = ("_items", "_length", "_player", "_seen")
    _items: list[HandResult]
    _length: int
    _seen: dict[int, list[HandResult]] | None
    """Each seat's results as it saw them, as far as asked for (shared with ``_items``);
    None in a seat's history itself."""
    _player: int
    """The seat whose history this is, as it saw the results; -1 in a game's history."""

    def __init__(
        self,
        results: Iterable[HandResult] = (),
        *,
        _shared: tuple[list[HandResult], int, dict[int, list[HandResult]] | None] | None = None,
        _player: int = -1,
    ) -> None:
        # ``_shared``: the storage of a history of this game (its list, its length here and
        # the results as seen), which this one shares.
        if _shared is None:
            items = _results(results)
            _shared = (items, len(items), {})
        object.__setattr__(self, "_items", _shared[0])
        object.__setattr__(self, "_length", _shared[1])
        object.__setattr__(self, "_seen", _shared[2])
        object.__setattr__(self, "_player", _player)

    def seen(self, player: int | object) -> History:
        """The results as ``player`` saw them (:func:`seen_by`), sharing their storage.

        A ``player`` that is not one of the game's seats is refused with a sentence.

        >>> import hearts
        >>> state = hearts.new_game(seed=3)
        >>> while not state.results:
        ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
        >>> state.results.seen(2)[0] == seen_by(state.results[0], 2)
        True
        """
        player = self._seat(player)
        seen = self._seen
        if seen is None:  # a seat's own history: what it saw, and no more for another seat
            if player == self._player:
                return self
            return History([seen_by(result, player) for result in self])
        with _SEEN_LOCK:
            kept = seen.setdefault(player, [])
            for index in range(len(kept), self._length):
                kept.append(seen_by(self._items[index], player))
        return History(_shared=(kept, self._length, None), _player=player)

    def _seat(self, player: object) -> int:
        """``player``, if it is a seat of the game whose results these are."""
        players = len(self._items[0].dealt) if self._length else _MAX_SEATS
        if not isinstance(player, int) or isinstance(player, bool):
            raise TypeError(
                f"History.seen takes a seat, an int from 0 to {players - 1}, got "
                f"{describe_value(player)}."
            )
        if not 0 <= player < players:
            raise HeartsError(
                f"History.seen takes a seat of this game, from 0 to {players - 1}, got "
                f"{describe_value(player)}."
            )
        return player

    def added(self, result: HandResult | object) -> History:
        """This history with ``result`` after it; the receiver is unchanged.

        The shared list grows in place when this history is its newest; a history that
        others have already grown past (a game that branched) copies its part first.
        """
        if not isinstance(result, HandResult):
            raise TypeError(f"History.added takes a HandResult, got {describe_value(result)}.")
        items, length = self._items, self._length
        if self._seen is not None and len(items) == length:
            items.append(result)
            # Another thread may have appended to the same list in between: then this
            # result is not at ``length``, and a copy is taken as for a branch.
            if items[length] is result:
                return History(_shared=(items, length + 1, self._seen))
        fresh = items[:length]
        fresh.append(result)
        return History(_shared=(fresh, length + 1, {}))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> HandResult: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[HandResult, ...]: ...

    def __getitem__(self, index: int | slice | object) -> HandResult | tuple[HandResult, ...]:
        if isinstance(index, slice):
            return tuple(self._items[: self._length][index])
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"History indices are ints or slices, got {describe_value(index)}.")
        length = self._length
        position = index + length if index < 0 else index
        if not 0 <= position < length:
            raise IndexError(f"History index {index} is out of range: it has {length} results.")
        return self._items[position]

    def __iter__(self) -> Iterator[HandResult]:
        items = self._items
        for index in range(self._length):
            yield items[index]

    def __reversed__(self) -> Iterator[HandResult]:
        items = self._items
        for index in range(self._length - 1, -1, -1):
            yield items[index]

    def __contains__(self, value: object) -> bool:
        return any(result == value for result in self)

    def index(
        self, value: object, start: int | object = 0, stop: int | object | None = None
    ) -> int:
        """The index of the first result equal to ``value`` (:meth:`list.index`).

        ``start`` and ``stop`` are ints (``stop`` may be None); anything else is a TypeError.
        """
        for position in index_positions("History", start, stop, self._length):
            if self._items[position] == value:
                return position
        raise ValueError(f"{describe_value(value)} is not in this History.")

    def count(self, value: object) -> int:
        """How many results equal ``value``."""
        return sum(1 for result in self if result == value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if other._items is self._items:
                return other._length == self._length
            return other._length == self._length and tuple(self) == tuple(other)
        if isinstance(other, tuple):  # as a tuple compares: only with tuples
            return len(other) == self._length and tuple(self) == other
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


Sequence.register(History)

_MAX_SEATS: Final = 7
"""The most seats a game has (:attr:`Rules.players <hearts.Rules.players>`)."""


def _results(results: object) -> list[HandResult]:
    """``results`` as a list, if it is an iterable of hand results; a sentence otherwise."""
    if isinstance(results, (str, bytes, dict)) or not isinstance(results, Iterable):
        raise TypeError(f"History takes an iterable of HandResult, got {describe_value(results)}.")
    items = list(results)
    for item in items:
        if not isinstance(item, HandResult):
            raise TypeError(
                f"History takes an iterable of HandResult, got {describe_value(item)} among them."
            )
    return items


def with_result(results: Sequence[HandResult], result: HandResult) -> Sequence[HandResult]:
    """``results`` followed by ``result``, as a :class:`History`.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> with_result((), state.results[0]) == state.results
    True
    """
    history = results if isinstance(results, History) else History(results)
    return as_sequence(history.added(result))


def as_sequence(history: History) -> Sequence[HandResult]:
    """``history`` as the :class:`~collections.abc.Sequence` it is.

    It is registered as one at run time, which a type checker does not see.
    """
    return cast("Sequence[HandResult]", history)
