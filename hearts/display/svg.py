"""Pictures of cards, tricks, tables and finished hands, as SVG text.

Each function returns a standalone SVG document as a ``str`` (no dependency: SVG is text).
Jupyter shows the pictures by itself, through the ``_repr_svg_`` of
:class:`~hearts.State`, :class:`~hearts.PlayerView`, :class:`~hearts.CardSet`,
:class:`~hearts.Trick` and :class:`~hearts.HandResult`; elsewhere, write the text to a
``.svg`` file, or ``hearts show RECORD --svg FILE``.

* :func:`table` — a state or a view: hands fanned at their seats (the cards a view does
  not see face down), the current trick in the middle, the seat to move and the dealer
  marked, totals and points taken, the pass and whether hearts are broken.
* :func:`cards` — a set of cards, by suit.
* :func:`trick` — a trick, each card with its seat, the winner's outlined.
* :func:`result` — a finished hand: tricks won, points, changes and totals per seat.

Cards are drawn with their suit symbols, hearts and diamonds red, on white faces, on a pale
table, so a picture reads as well printed as on a screen. Pictures and ``str`` read the
same model (:mod:`hearts.display.layout`); a result's picture leaves out the bonus, chip and
reset columns the text shows when a hand used them.

>>> import hearts
>>> picture = cards(hearts.CardSet("QS AH 2C"))
>>> picture.startswith("<svg"), "Q" in picture and "♠" in picture
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape as _html_escape

from hearts.display.layout import SeatLine, count, summary_of, table_of
from hearts.errors import HeartsError, describe_value
from hearts.game.cards import Card, CardSet, Suit
from hearts.game.hooks import register_svg
from hearts.game.state import HandResult, Phase, State, Trick
from hearts.knowledge.views import PlayerView

__all__ = ["cards", "result", "table", "trick"]

CARD_WIDTH = 50
"""The width of a card face, in SVG units (pixels at the natural size)."""
CARD_HEIGHT = 72
"""The height of a card face."""
MAX_SIZE = 100_000
"""The widest a picture may be drawn, in pixels (``size``)."""
_STEP = 20  # a card overlapped in a hand shows this much: its rank and suit
_BACK_STEP = 12  # hidden cards overlap more: only their number matters
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, Arial, sans-serif"
_RED = "#c0182c"
_BLACK = "#1b1b1b"
_JOKER = "#6b2fa0"
_TABLE = "#e6f0e8"
_TABLE_EDGE = "#8fb79a"
_INK = "#17301f"
_HIGHLIGHT = "#ffd34d"
_CHOSEN = "#d9480f"
_WINNER = "#b8860b"
_BACK = "#2b5797"


def _escape(text: str, *, quote: bool = False) -> str:
    """``text`` with the characters XML gives a meaning escaped (quotes too, in an attribute).

    ``html.escape`` rather than ``xml.sax.saxutils``, whose import brings in urllib, http
    and email: 25 modules ``import hearts`` would load for nothing.
    """
    return _html_escape(text, quote=quote)


def _text(
    x: float,
    y: float,
    content: str,
    size: float = 14,
    *,
    fill: str = _INK,
    anchor: str = "start",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
        f'text-anchor="{anchor}" font-weight="{weight}">{_escape(content)}</text>'
    )


def _colour(card: Card) -> str:
    if card.is_joker:
        return _JOKER
    return _RED if card.suit in (Suit.DIAMONDS, Suit.HEARTS) else _BLACK


def _face(x: float, y: float, card: Card, outline: str | None = None) -> str:
    """One card face with its top-left corner at (x, y)."""
    colour = _colour(card)
    if card.is_joker:
        rank, pip = "JK", "★"
    else:
        rank, pip = str(card.rank), str(card.suit)
    stroke = f'stroke="{outline}" stroke-width="3"' if outline else 'stroke="#555" stroke-width="1"'
    return "".join(
        [
            f'<g><rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
            f'fill="#fff" {stroke}/>',
            _text(x + 3, y + 16, rank, 14 if len(rank) < 2 else 12, fill=colour, weight="bold"),
            _text(x + 4, y + 32, pip, 15, fill=colour),
            _text(
                x + CARD_WIDTH * 0.7, y + CARD_HEIGHT * 0.72, pip, 26, fill=colour, anchor="middle"
            ),
            "</g>",
        ]
    )


def _back(x: float, y: float) -> str:
    """One card face down."""
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
        f'fill="{_BACK}" stroke="#fff" stroke-width="1.5"/>'
        f'<rect x="{x + 5:g}" y="{y + 5:g}" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" '
        f'rx="3" fill="none" stroke="#9db7e0" stroke-width="1" stroke-dasharray="3 2"/>'
    )


def _document(width: float, height: float, body: list[str], title: str, size: int | None) -> str:
    """A standalone SVG document; ``size`` sets the drawn width, the height following."""
    shown = "" if size is None else f' width="{size}" height="{size * height / width:.0f}"'
    if size is None:
        shown = f' width="{width:g}" height="{height:g}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}"{shown} '
        f'role="img" aria-label="{_escape(title, quote=True)}" font-family="{_escape(_FONT, quote=True)}">'
        f"<title>{_escape(title)}</title>"
        # White beneath it all: readable on a dark notebook or page, and when printed.
        f'<rect width="100%" height="100%" fill="#fff"/>{"".join(body)}</svg>'
    )


def _check_size(size: object, where: str) -> int | None:
    """``size``, if it is None or a width in pixels from 1 to :data:`MAX_SIZE`."""
    if size is None:
        return None
    wanted = f"size=None or a width in pixels (an int from 1 to {MAX_SIZE:,})"
    if not isinstance(size, int) or isinstance(size, bool):
        raise TypeError(f"{where} takes {wanted}, got {describe_value(size)}.")
    if not 1 <= size <= MAX_SIZE:
        raise HeartsError(f"{where} takes {wanted}, got {describe_value(size)}.")
    return size


def _run(cards_: Iterable[Card], x: float, y: float, step: float) -> tuple[list[str], float]:
    """Cards overlapped left to right from (x, y); returns the drawing and its width."""
    body = []
    placed = 0
    for placed, card in enumerate(cards_, start=1):
        body.append(_face(x + (placed - 1) * step, y, card))
    return body, (placed - 1) * step + CARD_WIDTH if placed else 0


def cards(cards: CardSet | Iterable[Card], *, size: int | None = None) -> str:
    """A set of cards drawn in a row, suit by suit.

    ``size`` is the width to draw it at (the height follows); by default, its natural size.

    >>> import hearts
    >>> picture = cards(hearts.CardSet("2C 5C QH QS"))
    >>> picture.count('fill="#fff" stroke="#555"'), 'aria-label="2♣ 5♣ Q♥ Q♠"' in picture
    (4, True)
    >>> cards("QS")
    Traceback (most recent call last):
    ...
    TypeError: hearts.svg.cards takes a CardSet (or an iterable of Card), got 'QS'.
    """
    if isinstance(cards, str) or not isinstance(cards, (CardSet, Iterable)):
        raise TypeError(
            f"hearts.svg.cards takes a CardSet (or an iterable of Card), got {describe_value(cards)}."
        )
    shown = CardSet(cards) if not isinstance(cards, CardSet) else cards
    size = _check_size(size, "hearts.svg.cards")
    margin, gap, step = 8, 12, 28
    body: list[str] = []
    x: float = margin
    groups = [shown.suit(suit) for suit in Suit] + [
        CardSet(card for card in shown if card.is_joker)
    ]
    for group in groups:
        if group:
            drawn, width = _run(group, x, margin, step)
            body += drawn
            x += width + gap
    if not shown:
        body.append(_text(margin, margin + 20, "no cards", 14))
        x = 90 + gap
    return _document(
        x - gap + margin, CARD_HEIGHT + 2 * margin, body, str(shown) or "no cards", size
    )


def trick(trick: Trick, *, size: int | None = None) -> str:
    """A trick: its cards in the order played, each over its seat, the winner's outlined.

    >>> import hearts
    >>> picture = trick(hearts.Trick(leader=3, cards=tuple(map(hearts.Card, ("2C", "KC", "5C", "9D"))), winner=0))
    >>> "P0 wins" in picture, picture.count('stroke-width="3"')
    (True, 1)
    """
    if not isinstance(trick, Trick):
        raise TypeError(f"hearts.svg.trick takes a Trick, got {describe_value(trick)}.")
    size = _check_size(size, "hearts.svg.trick")
    margin, step = 10, CARD_WIDTH + 14
    body = []
    for index, card in enumerate(trick.cards):
        seat = trick.player_of(index)
        x = margin + index * step
        won = seat == trick.winner
        body.append(_face(x, margin, card, _WINNER if won else None))
        label = f"P{seat} wins" if won else f"P{seat}"
        body.append(
            _text(
                x + CARD_WIDTH / 2,
                margin + CARD_HEIGHT + 18,
                label,
                13,
                anchor="middle",
                weight="bold" if won else "normal",
            )
        )
    width = 2 * margin + len(trick.cards) * step - 14
    return _document(max(width, 80), CARD_HEIGHT + 2 * margin + 22, body, str(trick), size)


_TABLE_WIDTH = 960
_TABLE_HEIGHT = 720


def _seat_position(seat: int, bottom: int, players: int) -> tuple[float, float]:
    """Where a seat sits: ``bottom`` at the bottom, the next seats clockwise (to its left)."""
    angle = math.pi / 2 + 2 * math.pi * ((seat - bottom) % players) / players
    return 480 + 306 * math.cos(angle), 372 + 238 * math.sin(angle)


def _hand(seat: SeatLine, centre_x: float, top: float, room: float) -> list[str]:
    """A seat's hand fanned around ``centre_x``: faces, or backs for a hidden hand."""
    body: list[str] = []
    if seat.hand is not None:
        held = list(seat.hand)
        step = min(_STEP, (room - CARD_WIDTH) / max(len(held) - 1, 1))
        left = centre_x - ((len(held) - 1) * step + CARD_WIDTH) / 2
        passing = seat.passing.mask if seat.passing is not None else 0
        for index, card in enumerate(held):
            chosen = bool(passing & card.mask)  # cards chosen to pass stand out, raised
            body.append(
                _face(
                    left + index * step,
                    top - (14 if chosen else 0),
                    card,
                    _CHOSEN if chosen else None,
                )
            )
        return body
    known = list(seat.known)
    backs = seat.held - len(known)
    step = min(_BACK_STEP, (room - CARD_WIDTH) / max(backs - 1, 1))
    # The face-down cards, then the cards known to be there face up, spaced to be read.
    places = [index * step for index in range(backs)]
    start = places[-1] + _STEP if places else 0.0
    places += [start + index * _STEP for index in range(len(known))]
    left = centre_x - (places[-1] + CARD_WIDTH) / 2 if places else centre_x
    for place in places[:backs]:
        body.append(_back(left + place, top))
    for place, card in zip(places[backs:], known, strict=True):
        body.append(_face(left + place, top, card))
    return body


def table(game: State | PlayerView, *, size: int | None = None) -> str:
    """A state or a view drawn as a table seen from above.

    The seat of a view (or P0) sits at the bottom, the next seats clockwise. Each seat has
    its label (total, points and tricks this hand, notes such as ``dealer``), the seat to
    move highlighted, and its hand: a view's other hands face down, with the cards known to
    be there face up. During the pass, the cards chosen are raised; in play, the current
    trick lies in the middle, each card toward its player.

    >>> import hearts
    >>> state = hearts.new_game(seed=2)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> picture = table(hearts.view(state, 1), size=640)
    >>> picture.count(f'fill="{_BACK}"'), 'width="640" height="480"' in picture  # 39 cards face down
    (39, True)
    """
    if not isinstance(game, (State, PlayerView)):
        raise TypeError(
            f"hearts.svg.table takes a State or a PlayerView, got {describe_value(game)}."
        )
    size = _check_size(size, "hearts.svg.table")
    layout = table_of(game)
    players = layout.rules.players
    bottom = layout.viewer if layout.viewer is not None else 0
    room = 300 if players <= 4 else 240
    body = [
        f'<rect x="2" y="2" width="{_TABLE_WIDTH - 4}" height="{_TABLE_HEIGHT - 4}" rx="28" '
        f'fill="{_TABLE}" stroke="{_TABLE_EDGE}" stroke-width="4"/>',
        _text(24, 36, layout.heading, 18, weight="bold"),
        _text(24, 60, layout.status, 16),
    ]
    for seat in layout.seats:
        x, y = _seat_position(seat.seat, bottom, players)
        top = y - CARD_HEIGHT / 2 + 10
        name = f"P{seat.seat} · {layout.total_name.lower()} {seat.total}"
        notes = []
        if layout.phase in (Phase.PLAY, Phase.SHOOT):
            notes.append(f"{count(seat.points, 'point')}, {count(seat.tricks, 'trick')}")
        notes += seat.marks
        if seat.hand is None and seat.voids:
            notes.append("void in " + " ".join(map(str, seat.voids)))
        line = " · ".join(notes)
        width = max(8.8 * len(name), 7.2 * len(line)) + 20
        centre = min(max(x, width / 2 + 10), _TABLE_WIDTH - width / 2 - 10)
        body.append(
            f'<rect x="{centre - width / 2:g}" y="{top - 52:g}" width="{width:g}" '
            f'height="{42 if line else 24}" rx="8" '
            f'fill="{_HIGHLIGHT if seat.to_move else "#fff"}" stroke="{_TABLE_EDGE}"/>'
        )
        body.append(_text(centre, top - 35, name, 15, anchor="middle", weight="bold"))
        if line:
            body.append(_text(centre, top - 17, line, 13, anchor="middle"))
        body += _hand(seat, x, top, room)
    toward = 0.36 if players <= 4 else 0.5  # further out with more cards in the trick
    for player, card in layout.trick:
        x, y = _seat_position(player, bottom, players)
        body.append(
            _face(
                480 + (x - 480) * toward - CARD_WIDTH / 2,
                372 + (y - 372) * toward - CARD_HEIGHT / 2,
                card,
            )
        )
    title = f"{layout.heading}. {layout.status}".rstrip(". ")
    return _document(_TABLE_WIDTH, _TABLE_HEIGHT, body, title, size)


def result(result: HandResult, *, size: int | None = None) -> str:
    """A finished hand: per seat its tricks (one small card each), points, change, total.

    >>> import hearts
    >>> state = hearts.new_game(seed=15)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> picture = result(state.results[0])
    >>> "shot the moon" in picture, "P0 shoots the moon: +26 to every other player" in picture
    (True, True)
    """
    if not isinstance(result, HandResult):
        raise TypeError(f"hearts.svg.result takes a HandResult, got {describe_value(result)}.")
    size = _check_size(size, "hearts.svg.result")
    summary = summary_of(result)
    row_height, top = 30, 70
    columns = (
        ("Seat", 24, "start"),
        ("Tricks", 92, "start"),
        ("Points", 420, "end"),
        ("Change", 510, "end"),
        (summary.total_name, 590, "end"),
        ("Notes", 620, "start"),
    )
    height = top + row_height * len(summary.rows) + 24 * len(summary.notes) + 24
    body = [
        f'<rect x="1" y="1" width="{838}" height="{height - 2}" rx="14" fill="{_TABLE}" stroke="{_TABLE_EDGE}" stroke-width="2"/>',
        _text(24, 32, summary.heading, 17, weight="bold"),
    ]
    for name, x, anchor in columns:
        body.append(_text(x, top - 10, name, 13, anchor=anchor, weight="bold"))
    for index, row in enumerate(summary.rows):
        y = top + index * row_height
        if row.marks:
            body.append(
                f'<rect x="12" y="{y + 2}" width="816" height="{row_height - 4}" rx="6" fill="{_HIGHLIGHT}"/>'
            )
        baseline = y + row_height / 2 + 5
        body.append(_text(24, baseline, f"P{row.seat}", 15, weight="bold"))
        for trick_index in range(row.tricks):  # one small face-down card per trick won
            body.append(
                f'<rect x="{92 + trick_index * 14}" y="{y + 5}" width="11" height="{row_height - 10}" rx="2" fill="{_BACK}"/>'
            )
        body.append(_text(92 + row.tricks * 14 + 6, baseline, str(row.tricks), 13))
        body.append(_text(420, baseline, str(row.points), 15, anchor="end"))
        body.append(_text(510, baseline, f"{row.change:+d}", 15, anchor="end"))
        body.append(_text(590, baseline, str(row.total), 15, anchor="end", weight="bold"))
        body.append(_text(620, baseline, ", ".join(row.marks), 14))
    for index, note in enumerate(summary.notes):
        body.append(_text(24, top + row_height * len(summary.rows) + 22 + index * 24, note, 14))
    return _document(840, height, body, summary.heading, size)


register_svg(CardSet, cards)
register_svg(Trick, trick)
register_svg(State, table)
register_svg(PlayerView, table)
register_svg(HandResult, result)
