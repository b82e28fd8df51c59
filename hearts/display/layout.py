"""What a printout or a picture of a game shows, worked out once for both.

:func:`table_of` reads a :class:`~hearts.State` or a :class:`~hearts.PlayerView` into a
:class:`Table`: a heading, who is to move, and per seat its hand (or, in a view, how many
hidden cards and what is known of them), its total, its points and tricks this hand, and
its marks. :func:`summary_of` does the same for a finished hand's
:class:`~hearts.HandResult`. The text forms (:mod:`hearts.text`, behind ``str``) and the
pictures (:mod:`hearts.svg`) only lay these out, so the two agree on what they show.

>>> import hearts
>>> state = hearts.new_game(seed=2)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> table = table_of(state)
>>> table.heading, table.status
('Hand 1 · pass left, 3 cards', 'P0, P1, P2 and P3 to pass')
>>> [seat.held for seat in table.seats], table.seats[0].marks
([13, 13, 13, 13], ('dealer', 'to pass'))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearts.game.cards import Card, CardSet, Suit
from hearts.game.rules import PassDirection, Rules, ShootMode
from hearts.game.scoring import hand_points_unchecked
from hearts.game.state import HandResult, Phase, State
from hearts.knowledge.views import PlayerView

__all__ = [
    "ResultRow",
    "SeatLine",
    "Summary",
    "Table",
    "count",
    "seats_text",
    "shoot_text",
    "summary_of",
    "table_of",
]


@attrs.frozen
class SeatLine:
    """One seat at the table, as a printout or a picture shows it."""

    seat: int
    hand: CardSet | None
    """The seat's cards, or None when they are hidden (another seat in a view)."""
    held: int
    """How many cards the seat holds."""
    known: CardSet
    """Cards known to be in a hidden hand (those the viewer passed it, say)."""
    voids: tuple[Suit, ...]
    """Suits a hidden hand is known to hold none of."""
    passing: CardSet | None
    """The cards the seat chose to pass this hand, when the table shows them."""
    total: int
    """The seat's total before this hand (chips held, in a chip game)."""
    points: int
    """Card points the seat has taken this hand."""
    tricks: int
    """Tricks the seat has won this hand."""
    marks: tuple[str, ...]
    """Short notes: ``dealer``, ``to lead``, ``to play``, ``to pass``, ``passed``, ``led``,
    ``to choose``, ``wins``."""
    to_move: bool
    """Whether the seat's move is awaited."""


@attrs.frozen
class Table:
    """A game at one moment: what :func:`table_of` reads from a state or a view."""

    rules: Rules
    phase: Phase
    viewer: int | None
    """The seat whose view this is, or None for a whole state."""
    heading: str
    """The hand, the pass, the trick and whether hearts are broken."""
    status: str
    """Who is to move, or who won."""
    seats: tuple[SeatLine, ...]
    trick: tuple[tuple[int, Card], ...]
    """The current trick: each seat that has played, and its card, in order."""
    total_name: str
    """``Total``, or ``Chips`` in a chip game."""


@attrs.frozen
class ResultRow:
    """One seat's line in a finished hand's summary."""

    seat: int
    tricks: int
    points: int
    """Card points taken."""
    bonus: int
    chips: int
    adjustment: int
    change: int
    total: int
    marks: tuple[str, ...]
    """``shot the moon``, ``shot the sun``, ``claimed``, ``wins``."""


@attrs.frozen
class Summary:
    """A finished hand: what :func:`summary_of` reads from a :class:`~hearts.HandResult`."""

    heading: str
    rows: tuple[ResultRow, ...]
    notes: tuple[str, ...]
    """The lines under the table: the claim, the moon or sun, the pool, the winners."""
    total_name: str


def count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless it is one.

    >>> count(1, "trick"), count(3, "card")
    ('1 trick', '3 cards')
    """
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def seats_text(seats: Sequence[int]) -> str:
    """Seats as a reader says them: ``P0``, ``P0 and P2``, ``P0, P1 and P3``.

    >>> seats_text([0]), seats_text([0, 2]), seats_text([0, 1, 3])
    ('P0', 'P0 and P2', 'P0, P1 and P3')
    """
    names = [f"P{seat}" for seat in seats]
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _passing_text(direction: PassDirection, pass_count: int) -> str:
    if direction is PassDirection.HOLD or pass_count == 0:
        return "no passing"
    return f"pass {direction}, {count(pass_count, 'card')}"


def table_of(game: State | PlayerView) -> Table:
    """The table a state or a view shows: heading, status, and every seat.

    A view shows the other seats' hands hidden: how many cards, the cards known to be
    there, and the suits they are known to lack.

    >>> import hearts
    >>> state = hearts.from_hands(hearts.seeded_deal(hearts.Rules(), 5, 0).hands, hand_number=3)
    >>> table = table_of(hearts.view(state, 2))
    >>> table.heading, table.seats[2].hand == state.hands[2], table.seats[1].hand
    ("P2's view · Hand 4 · no passing · trick 1 of 13 · hearts not broken", True, None)
    """
    rules = game.rules
    players = rules.players
    viewer = game.player if isinstance(game, PlayerView) else None
    waiting = set(game.to_move)
    dealer = game.hand_number % players
    chips = rules.chips is not None
    scores = game.scores
    if game.phase is Phase.OVER and game.results:
        scores = game.results[-1].scores
    winners = game.results[-1].winners if game.phase is Phase.OVER and game.results else ()

    heading = [f"Hand {game.hand_number + 1}"]
    status = ""
    if game.phase is Phase.DEAL:
        heading.append("to be dealt")
        status = f"P{dealer} deals"
    elif game.phase is Phase.CHOOSE:
        heading.append("dealer's choice")
        status = f"P{dealer} chooses the pass"
    elif game.phase is Phase.PASS:
        heading.append(_passing_text(game.pass_direction, game.pass_count))
        status = f"{seats_text(sorted(waiting))} to pass"
    elif game.phase is Phase.SHOOT:  # every trick is played or claimed
        heading.append(_passing_text(game.pass_direction, game.pass_count))
        heading.append("all tricks taken")
        status = f"{seats_text(sorted(waiting))} shot and chooses how it is scored"
    elif game.phase is Phase.PLAY:
        heading.append(_passing_text(game.pass_direction, game.pass_count))
        heading.append(f"trick {min(len(game.tricks) + 1, rules.hand_size)} of {rules.hand_size}")
        heading.append("hearts broken" if game.hearts_broken else "hearts not broken")
        status = f"{seats_text(sorted(waiting))} to {'lead' if not game.trick else 'play'}"
    else:
        heading = [f"Game over after {count(len(game.results), 'hand')}"]
        status = f"{seats_text(winners)} win{'s' if len(winners) == 1 else ''}"
    if viewer is not None:
        heading.insert(0, f"P{viewer}'s view")

    seats = []
    for seat in range(players):
        marks = []
        if seat == dealer and game.phase is not Phase.OVER:
            marks.append("dealer")
        if seat in winners:
            marks.append("wins")
        if game.phase is Phase.PASS:
            marks.append("to pass" if seat in waiting else "passed")
        elif game.phase is Phase.PLAY and seat in waiting:
            marks.append("to lead" if not game.trick else "to play")
        elif game.phase is Phase.PLAY and game.trick and seat == game.leader:
            marks.append("led")
        elif game.phase is Phase.SHOOT and seat in waiting:
            marks.append("to choose")
        taken = game.taken_masks[seat]
        hand: CardSet | None
        if isinstance(game, PlayerView):
            hand = game.hand if seat == game.player else None
            held = game.hand_sizes[seat]
            known = CardSet() if seat == game.player else game.known[seat]
            voids = game.voids[seat]
            passed = game.passed_mask if seat == game.player else 0
        else:
            hand = CardSet.from_mask(game.hand_masks[seat])
            held = len(hand)
            known, voids = CardSet(), ()
            passed = game.passed_masks[seat]
        passing = CardSet.from_mask(passed) if passed and game.phase is Phase.PASS else None
        if game.phase in (Phase.DEAL, Phase.OVER):
            hand, held, known, voids = None, 0, CardSet(), ()
        seats.append(
            SeatLine(
                seat=seat,
                hand=hand,
                held=held,
                known=known,
                voids=voids,
                passing=passing,
                total=scores[seat],
                points=hand_points_unchecked(rules, taken),
                tricks=taken.bit_count() // players,
                marks=tuple(marks),
                to_move=seat in waiting,
            )
        )
    trick = tuple(((game.leader + index) % players, card) for index, card in enumerate(game.trick))
    return Table(
        rules=rules,
        phase=game.phase,
        viewer=viewer,
        heading=" · ".join(heading),
        status=status,
        seats=tuple(seats),
        trick=trick,
        total_name="Chips" if chips else "Total",
    )


def shoot_text(result: HandResult) -> str | None:
    """How a finished hand's moon or sun was scored, or None when nobody shot.

    >>> import hearts
    >>> state = hearts.new_game(seed=15)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> shoot_text(state.results[0])
    'P0 shoots the moon: +26 to every other player'
    """
    shooter = result.shooter
    if shooter is None:
        return None
    what = "sun (every trick)" if result.sun is not None else "moon"
    shoot = result.shoot
    if result.shoot_mode is ShootMode.SUBTRACT:
        value = max(abs(change) for change in shoot)
        losers = [seat for seat, change in enumerate(shoot) if change < 0]
        # Under Rules.partners a partnership's total loses it.
        whose = "its own total" if losers == [shooter] else f"the total of {_seats(losers)}"
        effect = f"-{value} from {whose}"
    else:
        # Under Rules.partners each seat shows its partnership's share: the least is one
        # player's, and a partnership that shot together scores nothing.
        value = min(change for change in shoot if change > 0)
        scoring = [seat for seat, change in enumerate(shoot) if change > 0]
        whom = "every other player" if len(scoring) >= len(shoot) - 1 else _seats(scoring)
        effect = f"+{value} to {whom}"
    return f"P{shooter} shoots the {what}: {effect}"


def _seats(seats: list[int]) -> str:
    """``P1 and P3``."""
    return " and ".join(f"P{seat}" for seat in seats)


def summary_of(result: HandResult) -> Summary:
    """A finished hand's table: each seat's tricks, points, change and total, and notes.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> summary = summary_of(state.results[0])
    >>> summary.heading, sum(row.tricks for row in summary.rows)
    ('Hand 1 · pass left, 3 cards · P0 dealt', 13)
    """
    players = len(result.scores)
    passed = max(len(cards) for cards in result.passed)
    passing = _passing_text(result.pass_direction, passed)
    if result.pass_direction is not PassDirection.HOLD and not passed:
        passing = f"pass {result.pass_direction}"  # the passes are not known
    heading = f"Hand {result.hand_number + 1} · {passing} · P{result.hand_number % players} dealt"
    rows = []
    for seat in range(players):
        marks = []
        if seat == result.sun:
            marks.append("shot the sun")
        elif seat == result.moon:
            marks.append("shot the moon")
        if seat == result.claim:
            marks.append("claimed")
        if seat in result.winners:
            marks.append("wins")
        rows.append(
            ResultRow(
                seat=seat,
                tricks=result.tricks_won[seat],
                points=result.points[seat],
                bonus=result.bonuses[seat],
                chips=result.chip_changes[seat],
                adjustment=result.adjustments[seat],
                change=result.changes[seat],
                total=result.scores[seat],
                marks=tuple(marks),
            )
        )
    notes = []
    if result.claim is not None:
        rest = sum(result.tricks_won) - len(result.tricks)
        last = "the last trick" if rest == 1 else f"the last {rest} tricks"
        notes.append(f"P{result.claim} claimed {last}")
    shot = shoot_text(result)
    if shot is not None:
        notes.append(shot)
    chips = any(result.chip_changes) or result.pool > 0
    if chips:
        notes.append(f"{count(result.pool, 'chip')} left in the pool")
    if result.winners:
        won = "wins" if len(result.winners) == 1 else "win"
        notes.append(f"Game over: {seats_text(result.winners)} {won}")
    return Summary(
        heading=heading,
        rows=tuple(rows),
        notes=tuple(notes),
        total_name="Chips" if chips else "Total",
    )
