"""The layout of :func:`hearts.tensor.encode`'s vector: its fields, their offsets and bounds.

The fields and their order depend only on the number of players (:func:`fields`,
:func:`layout`, :func:`size`, :func:`bounds`, :func:`table`). :mod:`hearts.tensor`, the
documented path, re-exports every public name of this module. NumPy is imported only
when :func:`bounds` makes its arrays.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final, NamedTuple

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import NUMBER_OF_CARDS, Suit
from hearts.game.rules import MAX_PLAYERS, MIN_PLAYERS, PassDirection
from hearts.game.state import Phase

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "CARD_SLOTS",
    "SCORE_CLIP",
    "Field",
    "bounds",
    "fields",
    "layout",
    "max_tricks",
    "size",
    "table",
]

CARD_SLOTS: Final = NUMBER_OF_CARDS
"""The slots of one set of cards: 52 cards and 3 jokers, whatever the rules' deck."""
SCORE_CLIP: Final = 2.0
"""Scaled scores are clipped to ``-SCORE_CLIP`` to ``SCORE_CLIP``."""


class Field(NamedTuple):
    """One named part of the vector: where it is, its size, its bounds and what it holds.

    >>> hand = fields(4)[0]
    >>> hand.name, hand.offset, hand.size, hand.rows, hand.low, hand.high
    ('hand', 0, 55, 1, 0.0, 1.0)
    """

    name: str
    offset: int
    """Where the field starts in the vector."""
    size: int
    """How many numbers it holds: ``rows * width``."""
    rows: int
    """1, or one row per seat (or per position in the trick)."""
    width: int
    """The numbers of one row."""
    low: float
    """The lowest value of any of its numbers."""
    high: float
    """The highest value of any of its numbers."""
    holds: str
    """What the numbers mean, for the documentation's table."""

    @property
    def span(self) -> slice:
        """The field's slice of the vector."""
        return slice(self.offset, self.offset + self.size)


# name, rows per seat (else 1), width, low, high, meaning. The card sets come first, so
# that :func:`encode` unpacks their bits in one call.
_SINGLE: Final = False
_PER_SEAT: Final = True
_FIELDS: Final[tuple[tuple[str, bool, int, float, float, str], ...]] = (
    ("hand", _SINGLE, CARD_SLOTS, 0, 1, "the viewer's own cards"),
    (
        "pass_picked",
        _SINGLE,
        CARD_SLOTS,
        0,
        1,
        "cards chosen so far for a pass made card by card (set by hearts.env; else 0)",
    ),
    ("passed", _SINGLE, CARD_SLOTS, 0, 1, "the cards the viewer passed this hand"),
    ("received", _SINGLE, CARD_SLOTS, 0, 1, "the cards passed to the viewer this hand"),
    ("deck", _SINGLE, CARD_SLOTS, 0, 1, "the cards in play under these rules"),
    ("played", _PER_SEAT, CARD_SLOTS, 0, 1, "per seat: the cards it has played this hand"),
    ("trick", _PER_SEAT, CARD_SLOTS, 0, 1, "per position in the current trick: its card"),
    ("taken", _PER_SEAT, CARD_SLOTS, 0, 1, "per seat: the cards it has won this hand"),
    ("known", _PER_SEAT, CARD_SLOTS, 0, 1, "per seat: cards known to be in its hand"),
    ("ruled_out", _PER_SEAT, CARD_SLOTS, 0, 1, "per seat: cards it is known not to hold"),
    ("card_points", _SINGLE, CARD_SLOTS, -1, 1, "each card's points / the positive total"),
    ("voids", _PER_SEAT, len(Suit), 0, 1, "per seat: the suits (♣ ♦ ♥ ♠) it has shown void in"),
    ("hand_sizes", _PER_SEAT, 1, 0, 1, "per seat: cards held / the hand size"),
    ("tricks_won", _PER_SEAT, 1, 0, 1, "per seat: tricks won this hand / the hand size"),
    ("points_taken", _PER_SEAT, 1, -1, 1, "per seat: card points taken / the positive total"),
    ("scores", _PER_SEAT, 1, -SCORE_CLIP, SCORE_CLIP, "per seat: its total / the score scale"),
    ("to_move", _PER_SEAT, 1, 0, 1, "per seat: 1 if its move is awaited"),
    ("leader", _PER_SEAT, 1, 0, 1, "per seat: 1 for the leader of the trick (play phase)"),
    ("phase", _SINGLE, len(Phase), 0, 1, "one-hot: " + ", ".join(p.value for p in Phase)),
    (
        "pass_direction",
        _SINGLE,
        len(PassDirection),
        0,
        1,
        "one-hot: " + ", ".join(d.value for d in PassDirection),
    ),
    ("pass_count", _SINGLE, 1, 0, 1, "cards each seat passes this hand / the hand size"),
    ("hearts_broken", _SINGLE, 1, 0, 1, "1 once hearts are broken"),
    ("trick_number", _SINGLE, 1, 0, 1, "completed tricks this hand / the hand size"),
)
HISTORY: Final = "history"
"""The name of the field of the hand's history (with ``history=True``)."""


def _checked_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool):
        raise TypeError(f"players must be an int, got {describe_value(players)}.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise HeartsError(
            f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, as in Rules.players, "
            f"got {describe_value(players)}."
        )
    return players


def max_tricks(players: int) -> int:
    """The most tricks a hand has at a table of ``players``: the rows of ``history``.

    >>> [max_tricks(players) for players in range(3, 8)]
    [18, 13, 11, 9, 7]
    """
    return CARD_SLOTS // _checked_players(players)


def fields(players: int, *, history: bool = False) -> tuple[Field, ...]:
    """The fields of the vector for a table of ``players``, in order.

    Fields marked per seat have one row per seat, the viewer first and then round the
    table to its left (``trick`` has one row per position in the trick, the card led
    first). The vector's length is ``347 + 285 * players``. With ``history``, the field
    ``history`` follows: one row per trick of the hand (:func:`max_tricks` rows, the
    first trick first, the current one included, later ones 0), each the trick's leader
    as a one-hot over the seats (the viewer first) and then, for each position in the
    trick, its card as a one-hot over the 55 card slots.

    >>> [(field.name, field.offset, field.size) for field in fields(3)][:6]
    [('hand', 0, 55), ('pass_picked', 55, 55), ('passed', 110, 55), ('received', 165, 55), ('deck', 220, 55), ('played', 275, 165)]
    >>> fields(8)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: players must be from 3 to 7, as in Rules.players, got 8.
    """
    return fields_unchecked(_checked_players(players), checked_history(history))


def checked_history(history: object) -> bool:
    """``history``, refused unless it is True or False."""
    if not isinstance(history, bool):
        raise TypeError(f"history must be True or False, got {describe_value(history)}.")
    return history


@functools.lru_cache(maxsize=16)
def fields_unchecked(players: int, history: bool = False) -> tuple[Field, ...]:
    """:func:`fields` of arguments known to be right, kept per table size."""
    found = []
    offset = 0
    for name, per_seat, width, low, high, holds in _FIELDS:
        rows = players if per_seat else 1
        found.append(Field(name, offset, rows * width, rows, width, float(low), float(high), holds))
        offset += rows * width
    if history:
        rows, width = CARD_SLOTS // players, players * (1 + CARD_SLOTS)
        holds = "per trick of the hand: its leader (one-hot by seat), then each card played"
        found.append(Field(HISTORY, offset, rows * width, rows, width, 0.0, 1.0, holds))
    return tuple(found)


def layout(players: int, *, history: bool = False) -> dict[str, slice]:
    """Each field's slice of the vector, by name, for a table of ``players``.

    >>> layout(4)["hand"], layout(4)["scores"], layout(4, history=True)["history"]
    (slice(0, 55, None), slice(1458, 1462, None), slice(1487, 4399, None))
    """
    return {field.name: field.span for field in fields(players, history=history)}


def size(players: int, *, history: bool = False) -> int:
    """The length of the vector for a table of ``players``: ``347 + 285 * players``.

    With ``history``, ``max_tricks(players) * players * 56`` more.

    >>> [size(players) for players in range(3, 8)]
    [1202, 1487, 1772, 2057, 2342]
    >>> size(4, history=True)
    4399
    """
    return size_unchecked(_checked_players(players), checked_history(history))


def size_unchecked(players: int, history: bool = False) -> int:
    """:func:`size` of arguments known to be right."""
    last = fields_unchecked(players, history)[-1]
    return last.offset + last.size


def bounds(
    players: int, *, history: bool = False
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """The lowest and highest value of each number of the vector (a Gymnasium ``Box``).

    >>> low, high = bounds(4)
    >>> low.shape, float(low.min()), float(high.max())
    ((1487,), -2.0, 2.0)
    """
    import numpy as np  # noqa: PLC0415 (NumPy is imported only when an array is made)

    low = np.empty(size(players, history=history), dtype=np.float32)
    high = np.empty(size(players, history=history), dtype=np.float32)
    for field in fields(players, history=history):
        low[field.span] = field.low
        high[field.span] = field.high
    return low, high


def table(players: int = 4) -> str:
    """The layout as a Markdown table, as docs/rl.md shows it (a test keeps them equal).

    >>> print(table(4).splitlines()[2])
    | `hand` | 0 | 55 | 0 to 1 | the viewer's own cards |
    """
    lines = [
        f"| field | offset ({players} players) | size | values | holds |",
        "|---|---:|---:|---|---|",
    ]
    for field in fields(players):
        count = str(field.size)
        if field.rows > 1:
            count = f"{field.rows} × {field.width} = {field.size}"
        values = f"{field.low:g} to {field.high:g}"
        lines.append(f"| `{field.name}` | {field.offset} | {count} | {values} | {field.holds} |")
    return "\n".join(lines)
