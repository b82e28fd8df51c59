"""The text forms behind ``str(state)``, ``str(view)`` and ``str(result)``.

A game prints as a small table, as ``print(board)`` does in python-chess: a heading (the
hand, the pass, the trick, whether hearts are broken), one line per seat (its total, what
it has taken this hand, notes such as ``dealer`` or ``to play``, and its hand by suit),
then the current trick and who is to move. What is shown comes from
:func:`hearts.display.layout.table_of`, which the pictures of :mod:`hearts.svg` read too.

>>> import hearts
>>> state = hearts.new_game(seed=2)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> print(table_text(state))
Hand 1 · pass left, 3 cards
Seat  Total  Notes            ♣         ♦             ♥        ♠
P0        0  dealer, to pass  4 5 8     7             4 7 10   5 6 7 8 10 K
P1        0  to pass          10 J K A  5 9           5 Q K A  2 3 9
P2        0  to pass          2 3 6     2 3 8 J       2 3 8    4 J Q
P3        0  to pass          7 9 Q     4 6 10 Q K A  6 9 J    A
P0, P1, P2 and P3 to pass
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.display.layout import SeatLine, summary_of, table_of
from hearts.errors import describe_value
from hearts.game.cards import SUIT_MASKS, Suit
from hearts.game.hooks import register_text
from hearts.game.state import HandResult, Phase, State
from hearts.knowledge.views import PlayerView

__all__ = ["result_text", "table_text"]

_EMPTY_SUIT = "—"


def _grid(rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    """Rows of cells as aligned lines: numbers to the right, text to the left.

    A row may end early with one cell that runs on over the columns it leaves out (a
    hidden hand's text under the suits); that cell does not widen its column.
    """
    columns = len(numeric)
    widths = [
        max(
            len(row[i])
            for row in rows
            if i < len(row) and (len(row) == columns or i < len(row) - 1)
        )
        for i in range(columns)
    ]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _suit_cells(seat: SeatLine, suits: Sequence[Suit], jokers: bool) -> list[str]:
    """A seat's hand as one cell per suit (and one for jokers), or one cell if hidden."""
    if seat.hand is None:
        text = f"{seat.held} hidden" if seat.held else ""
        if seat.known:
            text += f"; holds {seat.known}"
        if seat.voids:
            text += f"; void in {' '.join(str(suit) for suit in seat.voids)}"
        return [text]
    mask = seat.hand.mask
    cells = []
    for suit in suits:
        ranks = [str(card.rank) for card in seat.hand if mask & SUIT_MASKS[suit] & card.mask]
        cells.append(" ".join(ranks) or _EMPTY_SUIT)
    if jokers:
        cells.append(" ".join(card.ascii for card in seat.hand if card.is_joker))
    return cells


def _notes(seat: SeatLine) -> str:
    notes = [
        f"{mark} {seat.passing}" if mark == "passed" and seat.passing else mark
        for mark in seat.marks
    ]
    if seat.passing and "passed" not in seat.marks:
        notes.append(f"passes {seat.passing}")
    return ", ".join(notes)


def table_text(game: State | PlayerView) -> str:
    """A state or a view as a text table: what ``str`` gives (anything else is a TypeError).

    >>> import hearts
    >>> state = hearts.from_hands(hearts.seeded_deal(hearts.Rules(), 5, 0).hands, hand_number=3)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> print(table_text(hearts.view(state, 1)))
    P1's view · Hand 4 · no passing · trick 1 of 13 · hearts not broken
    Seat  Total  Points  Tricks  Notes    ♣      ♦    ♥    ♠
    P0        0       0       0           13 hidden
    P1        0       0       0  led      3 4 8  2 6  4 8  4 5 7 8 10
    P2        0       0       0  to play  13 hidden
    P3        0       0       0  dealer   13 hidden
    Trick: P1 2♣
    P2 to play
    """
    if not isinstance(game, (State, PlayerView)):
        raise TypeError(
            f"hearts.text.table_text takes a State or a PlayerView, got {describe_value(game)}."
        )
    table = table_of(game)
    jokers = table.rules.jokers > 0
    playing = table.phase in (Phase.PLAY, Phase.SHOOT)
    holding = any(seat.held for seat in table.seats)
    header = ["Seat", table.total_name]
    numeric = [False, True]
    if playing:
        header += ["Points", "Tricks"]
        numeric += [True, True]
    header.append("Notes")
    numeric.append(False)
    if holding:
        header += [str(suit) for suit in Suit] + (["Jokers"] if jokers else [])
        numeric += [False] * (4 + jokers)
    rows = [header]
    for seat in table.seats:
        row = [f"P{seat.seat}", str(seat.total)]
        if playing:
            row += [str(seat.points), str(seat.tricks)]
        row.append(_notes(seat))
        if holding:
            row += _suit_cells(seat, list(Suit), jokers)
        rows.append(row)
    lines = [table.heading, *_grid(rows, numeric)]
    if table.trick:
        lines.append("Trick: " + ", ".join(f"P{seat} {card}" for seat, card in table.trick))
    if table.status:
        lines.append(table.status)
    return "\n".join(lines)


def result_text(result: HandResult) -> str:
    """A finished hand as a text table: what ``str(result)`` gives (a TypeError for anything else).

    Columns for the no-trick bonus, chips and resets appear only when the hand used them
    (and chips only when they are not the whole change, as they are in a chip game).

    >>> import hearts
    >>> state = hearts.new_game(seed=15)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> print(result_text(state.results[0]))
    Hand 1 · pass left, 3 cards · P0 dealt
    Seat  Tricks  Points  Change  Total  Notes
    P0        10      26      +0      0  shot the moon
    P1         1       0     +26     26
    P2         0       0     +26     26
    P3         2       0     +26     26
    P0 shoots the moon: +26 to every other player
    """
    if not isinstance(result, HandResult):
        raise TypeError(
            f"hearts.text.result_text takes a HandResult, got {describe_value(result)}."
        )
    summary = summary_of(result)
    extra = [
        (name, field)
        for name, field in (("Bonus", "bonus"), ("Chips", "chips"), ("Resets", "adjustment"))
        if any(getattr(row, field) for row in summary.rows)
        # In a chip game the change is the chips paid and won: one column says it.
        and not (field == "chips" and all(row.chips == row.change for row in summary.rows))
    ]
    marked = any(row.marks for row in summary.rows)
    header = ["Seat", "Tricks", "Points", *(name for name, _ in extra), "Change"]
    header += [summary.total_name, *(["Notes"] if marked else [])]
    rows = [header]
    for row in summary.rows:
        cells = [f"P{row.seat}", str(row.tricks), str(row.points)]
        cells += [f"{getattr(row, field):+d}" for _, field in extra]
        cells += [f"{row.change:+d}", str(row.total), *([", ".join(row.marks)] if marked else [])]
        rows.append(cells)
    numeric = [False, True, True, *(True for _ in extra), True, True, *([False] if marked else [])]
    return "\n".join([summary.heading, *_grid(rows, numeric), *summary.notes])


register_text(State, table_text)
register_text(PlayerView, table_text)
register_text(HandResult, result_text)
