"""A seat's view as a fixed-size vector of numbers, for learning agents: :func:`encode`.

:func:`encode` turns a :class:`~hearts.PlayerView` into a 1-D NumPy ``float32`` array
(:meth:`PlayerView.to_tensor <hearts.PlayerView.to_tensor>` is the same call). The array
is built from the view alone, so it holds nothing the seat may not know, and equal views
give equal arrays. Its layout depends only on the number of players: every variant of
the same table size (jokers, Omnibus, chips, ...) gives arrays of the same length with
the same fields at the same offsets. :func:`fields` describes it and :func:`layout` names
its slices. With ``history=True`` the vector also keeps the hand's history, every trick
played in order (the information state, as OpenSpiel's ``information_state_tensor``):
one more field, ``history``, at the end.

Conventions:

* **Cards** take 55 slots, one per card id: the 52 cards (``suit * 13 + rank - 2``, clubs
  first) then the three jokers (52 to 54); a slot holds 1.0 for a card in the set.
* **Seats** are relative to the viewer: row 0 is the viewer itself, row 1 the seat on its
  left (the next to play), and so on round the table. The viewer is always row 0, so an
  agent trained at one seat plays any seat.
* **Numbers** are scaled to about -1 to 1 (see :func:`fields` for each) and clipped to
  the bounds that :func:`bounds` gives, so the array always lies in its declared box.

NumPy is needed only here: ``import hearts`` does not import it, and this module imports
it only when an array is made (the ``rl`` extra installs it: ``pip install ".[rl]"``
from a clone's root until the first release).

>>> import hearts
>>> state = hearts.new_game(seed=1)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])    # the deal
>>> seen = hearts.view(state, 0)
>>> vector = encode(seen)
>>> vector.shape, vector.dtype, size(4)
((1487,), dtype('float32'), 1487)
>>> hand = vector[layout(4)["hand"]]
>>> int(hand.sum()), hearts.CardSet(int(i) for i in hand.nonzero()[0]) == seen.hand
(13, True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias, cast

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import SUIT_MASKS, Card, CardSet, Suit
from hearts.game.rules import PassDirection, Rules
from hearts.game.scoring import hand_points_unchecked
from hearts.game.seat import seat_masks
from hearts.game.state import Phase, State, Trick
from hearts.knowledge.views import PlayerView
from hearts.rl.tensor_layout import (
    CARD_SLOTS,
    HISTORY,
    SCORE_CLIP,
    Field,
    bounds,
    checked_history,
    fields,
    fields_unchecked,
    layout,
    max_tricks,
    size,
    size_unchecked,
    table,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "CARD_SLOTS",
    "SCORE_CLIP",
    "Field",
    "bounds",
    "encode",
    "fields",
    "layout",
    "max_tricks",
    "score_scale",
    "size",
    "table",
]

_CARD_ROWS_SINGLE: Final = 5  # hand, pass_picked, passed, received, deck
_CARD_ROWS_PER_SEAT: Final = 5  # played, trick, taken, known, ruled_out
_SUITS: Final = tuple(Suit)
_PHASES: Final = tuple(Phase)
_DIRECTIONS: Final = tuple(PassDirection)
_SUIT_COUNT: Final = len(_SUITS)
_PLAY: Final = Phase.PLAY


def score_scale(rules: Rules | object) -> int:
    """What a score is divided by in the vector.

    The chips in the game (``chips * players``) in a chip game, else the target score,
    else the hands of the game times the points of the deck's positive cards.

    >>> score_scale(Rules()), score_scale(Rules.preset("chips"))
    (100, 80)
    >>> score_scale(Rules.preset("black-maria"))         # 9 hands of 43 points
    387
    >>> score_scale("standard")
    Traceback (most recent call last):
    ...
    TypeError: score_scale needs a hearts.Rules value, got 'standard'; for a preset, pass hearts.Rules.preset('standard').
    """
    if not isinstance(rules, Rules):
        hint = ""
        if isinstance(rules, str):
            hint = f"; for a preset, pass hearts.Rules.preset({describe_value(rules)})"
        raise TypeError(
            f"score_scale needs a hearts.Rules value, got {describe_value(rules)}{hint}."
        )
    return _score_scale(rules)


def _score_scale(rules: Rules) -> int:
    """:func:`score_scale` of rules known to be a :class:`~hearts.Rules`."""
    if rules.chips is not None:
        return rules.chips * rules.players
    if rules.target is not None:
        return rules.target
    return (rules.hands or 1) * _positive_total(rules)


def _positive_total(rules: Rules) -> int:
    """The points of every card worth positive points (26 in the standard game), at least 1."""
    return max(hand_points_unchecked(rules, rules.positive_mask), 1)


def encode(
    view: PlayerView, *, picked: CardSet | int = 0, history: bool = False
) -> NDArray[np.float32]:
    """The vector of ``view``: a new 1-D ``float32`` array of :func:`size` numbers.

    ``picked`` are the cards chosen so far for a pass being made one card at a time (the
    scheme of :mod:`hearts.env`); they must be in the viewer's hand. Everything else comes
    from the view, so two states that differ only in cards the viewer has not seen give the
    same vector. With ``history``, the hand's tricks in order follow (:func:`fields`).

    >>> import hearts
    >>> state = hearts.from_hands(
    ...     ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...      "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"],
    ...     hand_number=3)                        # a hold hand: P0 leads 2♣ at once
    >>> state = hearts.apply(state, hearts.Play(0, "2C"))
    >>> vector, where = encode(hearts.view(state, 2)), layout(4)
    >>> vector[where["trick"]].reshape(4, 55).nonzero()     # position 0: card 0, 2♣
    (array([0]), array([0]))
    >>> vector[where["played"]].reshape(4, 55).nonzero()    # P0 is two seats to P2's left
    (array([2]), array([0]))
    >>> vector[where["to_move"]], vector[where["leader"]]   # P1 is P2's right neighbour
    (array([0., 0., 0., 1.], dtype=float32), array([0., 0., 1., 0.], dtype=float32))
    >>> encode(hearts.view(state, 2), picked=hearts.CardSet("QS"))
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: picked holds Q♠, which P2 does not hold: the cards picked for a pass come from the viewer's hand.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"encode needs a hearts.PlayerView, got {describe_value(view)}.")
    history = checked_history(history)
    if isinstance(picked, bool) or not isinstance(picked, (int, str, Iterable)):
        raise TypeError(
            f"picked must be a set of cards (a CardSet, card text or a card bitmask), got "
            f"{describe_value(picked)}."
        )
    picked_mask = picked if isinstance(picked, int) else CardSet(picked).mask
    if picked_mask < 0 or picked_mask >> CARD_SLOTS:
        raise HeartsError(
            f"picked must be a set of cards (a CardSet or a card bitmask), got "
            f"{describe_value(picked)}."
        )
    if picked_mask & ~view.hand_mask:
        raise HeartsError(
            f"picked holds {CardSet.from_mask(picked_mask & ~view.hand_mask)}, which "
            f"P{view.player} does not hold: the cards picked for a pass come from the "
            "viewer's hand."
        )
    return _encode(view, picked_mask, history)


def _encode(view: PlayerView, picked: int, history: bool) -> NDArray[np.float32]:
    """:func:`encode` of arguments known to be right (``picked`` a mask of the viewer's cards)."""
    return _vector(
        view.rules,
        view.player,
        phase=view.phase,
        scores=view.scores,
        pass_direction=view.pass_direction,
        pass_count=view.pass_count,
        to_move=view.to_move,
        leader=view.leader,
        trick=view.trick,
        tricks=view.tricks,
        taken=view.taken_masks,
        hearts_broken=view.hearts_broken,
        hand=view.hand_mask,
        picked=picked,
        passed=view.passed_mask,
        received=view.received_mask,
        hand_sizes=view.hand_sizes,
        known_masks=view.known_masks,
        ruled_out=view.ruled_out_masks,
        history=history,
    )


def _encode_state(
    state: State,
    seat: int,
    picked: int,
    history: bool,
    done: tuple[int, tuple[int, ...]] | None = None,
) -> NDArray[np.float32]:
    """``encode(view(state, seat), picked=picked, history=history)``, without the view.

    For :mod:`hearts.env`, which observes a state once a step: the view's fields that the
    vector holds are read from the state as :func:`~hearts.view` reads them (the seat's own
    cards from :func:`hearts.game.seat.seat_masks`, which the view takes them from), and no
    other. ``done`` is ``_played(_constants(state.rules), state.tricks)``, if the caller
    keeps it from one state to the next.
    """
    passed_object, received_object, known, ruled_out = seat_masks(state, seat)
    passed, received = cast("int", passed_object), cast("int", received_object)
    return _vector(
        state.rules,
        seat,
        phase=state.phase,
        scores=state.scores,
        pass_direction=state.pass_direction,
        pass_count=state.pass_count,
        to_move=state.to_move,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        taken=state.taken_masks,
        hearts_broken=state.hearts_broken,
        hand=state.hand_masks[seat],
        picked=picked,
        passed=passed,
        received=received,
        hand_sizes=tuple(map(int.bit_count, state.hand_masks)),
        known_masks=known,
        ruled_out=ruled_out,
        history=history,
        done=done,
    )


def _vector(
    rules: Rules,
    me: int,
    *,
    phase: Phase,
    scores: tuple[int, ...],
    pass_direction: PassDirection,
    pass_count: int,
    to_move: tuple[int, ...],
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[Trick, ...],
    taken: tuple[int, ...],
    hearts_broken: bool,
    hand: int,
    picked: int,
    passed: int,
    received: int,
    hand_sizes: tuple[int, ...],
    known_masks: tuple[int, ...],
    ruled_out: tuple[int, ...],
    history: bool,
    done: tuple[int, tuple[int, ...]] | None = None,
) -> NDArray[np.float32]:
    """The vector of the view of seat ``me`` whose fields these are (see :func:`encode`).

    ``done`` is ``_played(_constants(rules), tricks)``, if the caller keeps it. Every
    number of the vector that is 0 or 1 is a bit of one integer, unpacked in one call (a
    card set is 55 bits, a row); the few other numbers are written after.
    """
    import numpy as np  # noqa: PLC0415 (NumPy is imported only when an array is made)

    consts = _constants(rules)
    players = consts.players
    if done is None:
        done = _played(consts, tricks)
    played, won = done  # by seat, P0's first
    if trick:
        for row, card in zip(consts.played_bits[leader], trick, strict=False):
            played |= row[card]
    if me:  # the rows turned round, the viewer's first
        played = (
            played >> consts.row_bits[me] | (played & consts.low_rows[me]) << consts.row_bits[-me]
        )

    # The card sets, row by row from the lowest bits: hand, pass_picked, passed, received
    # and deck, then the rows of played, trick, taken, known and ruled_out.
    bits = (
        hand
        | picked << CARD_SLOTS
        | passed << 2 * CARD_SLOTS
        | received << 3 * CARD_SLOTS
        | consts.deck_bits
        | played << _CARD_ROWS_SINGLE * CARD_SLOTS
    )
    at = (_CARD_ROWS_SINGLE + players) * CARD_SLOTS  # trick
    for card in trick:
        bits |= 1 << (at + card)
        at += CARD_SLOTS
    # Seat by seat: the rows of taken, known and ruled_out, the voids, and the numbers.
    hand_size = consts.hand_size
    total = consts.total
    scale = consts.scale
    limit = SCORE_CLIP
    suits = consts.suit_cards
    missing = consts.missing_suit
    sizes: list[float] = []  # hand_sizes
    wins: list[float] = []  # tricks_won
    shares: list[float] = []  # points_taken
    totals: list[float] = []  # scores
    # The flags, from voids to hearts_broken (the numbers among them are 0 here).
    flags = consts.phase_bits[phase] | consts.direction_bits[pass_direction]
    if hearts_broken:
        flags |= consts.broken_bit
    for seat, (taken_at, known_at, ruled_at, voids_at) in zip(
        consts.seats[me], consts.rows, strict=True
    ):
        mask = taken[seat]
        points = 0
        if mask:
            bits |= mask << taken_at
            # scoring.hand_points_unchecked, with int.bit_count: this module is not compiled, and
            # the card_count that it uses for the compiled build costs here 1.5 µs a vector.
            for value, group in rules.point_groups:
                points += value * (mask & group).bit_count()
        # Clipped to -1..1 (and the score to -SCORE_CLIP..SCORE_CLIP) inline: this runs for
        # every seat at every step of an environment.
        share = points / total
        shares.append(share if -1.0 <= share <= 1.0 else 1.0 if share > 0 else -1.0)
        mask = known_masks[seat]
        if mask:
            bits |= mask << known_at
        mask = ruled_out[seat]
        if mask:
            bits |= mask << ruled_at
        if (mask or missing) and seat != me:  # the suits it has shown void in
            spot = voids_at
            for in_deck in suits:
                if not in_deck & ~mask:
                    flags |= 1 << spot
                spot += 1
        sizes.append(hand_sizes[seat] / hand_size)
        wins.append(won[seat] / hand_size)
        share = scores[seat] / scale
        totals.append(share if -limit <= share <= limit else limit if share > 0 else -limit)
    at = consts.to_move_at
    for seat in to_move:
        flags |= 1 << (at + (seat - me) % players)
    if phase is _PLAY and 0 <= leader < players:
        flags |= 1 << (at + players + (leader - me) % players)
    bits |= flags << consts.flags_at
    if history:
        at = consts.history_at
        width = players * (1 + CARD_SLOTS)
        rows = [(past.leader, past.cards) for past in tricks]
        if trick:
            rows.append((leader, trick))
        for first, cards in rows:
            bits |= 1 << (at + (first - me) % players)
            spot = at + players
            for card in cards:
                bits |= 1 << (spot + card)
                spot += CARD_SLOTS
            at += width
    length = consts.history_size if history else consts.size
    vector = np.unpackbits(
        np.frombuffer(bits.to_bytes((length + 7) // 8, "little"), dtype=np.uint8),
        count=length,
        bitorder="little",
    ).astype(np.float32)

    at = consts.card_points_at
    vector[at : at + CARD_SLOTS] = consts.points
    at = consts.numbers_at
    vector[at : at + 4 * players] = sizes + wins + shares + totals
    at = consts.last_at  # pass_count, hearts_broken, trick_number
    vector[at] = pass_count / hand_size
    vector[at + 2] = len(tricks) / hand_size
    return vector


def _played(
    consts: _Constants, tricks: tuple[Trick, ...], played: int = 0, won_before: Sequence[int] = ()
) -> tuple[int, tuple[int, ...]]:
    """The cards each seat played to ``tricks`` (55 bits a seat, P0's first), and the tricks each won.

    Added to ``played`` and ``won_before``, those of earlier tricks, when given.
    """
    won = list(won_before) if won_before else [0] * consts.players
    tables = consts.played_bits
    for trick in tricks:
        won[trick.winner] += 1
        rows = tables[trick.leader]
        cards = trick.cards
        if len(cards) == 4:  # the usual trick, unrolled
            first, second, third, fourth = cards
            played |= rows[0][first] | rows[1][second] | rows[2][third] | rows[3][fourth]
        else:
            for row, card in zip(rows, cards, strict=False):
                played |= row[card]
    return played, tuple(won)


_Played: TypeAlias = tuple[tuple[Trick, ...], tuple[int, tuple[int, ...]]]
"""A hand's completed tricks and :func:`_played` of them."""


def _played_since(consts: _Constants, kept: _Played, tricks: tuple[Trick, ...]) -> _Played:
    """``(tricks, _played(consts, tricks))``, made from ``kept`` (those of an earlier state).

    When ``tricks`` carries on the tricks of ``kept`` (the same hand, more tricks), only the
    new tricks are counted; otherwise (another hand, another game) all of them are.
    """
    before, done = kept
    if tricks is before:
        return kept
    count = len(before)
    if count < len(tricks) and tricks[:count] == before:
        return tricks, _played(consts, tricks[count:], *done)
    return tricks, _played(consts, tricks)


class _Constants(NamedTuple):
    """What :func:`encode` needs of the rules, made once per ``Rules``."""

    players: int
    hand_size: int
    points: NDArray[np.float32]
    """The card points field."""
    total: int
    """The points of the positive cards (at least 1)."""
    scale: int
    """:func:`score_scale`."""
    deck_bits: int
    """The deck, shifted to its row of the vector's bits."""
    suit_cards: tuple[int, ...]
    """The deck's cards of each suit, in suit order."""
    missing_suit: bool
    """Whether a suit has no card in the deck (then every other seat is void in it)."""
    seats: tuple[tuple[int, ...], ...]
    """For each viewer, the seat of each row (the viewer first, then to its left)."""
    rows: tuple[tuple[int, int, int, int], ...]
    """For each row, where its bits of ``taken``, ``known`` and ``ruled_out`` start, and
    its ``voids`` among the flags."""
    played_bits: tuple[tuple[tuple[int, ...], ...], ...]
    """``[leader][position][card]``: the bit of ``card`` in the row of the seat at
    ``position`` of a trick that ``leader`` led, among the rows of ``played`` by seat."""
    row_bits: tuple[int, ...]
    """``[k]``: the bits of ``k`` rows of a card set per seat (negative ``k`` counts from
    the table's size)."""
    low_rows: tuple[int, ...]
    """``[k]``: the mask of the first ``k`` rows of a card set per seat."""
    flags_at: int
    """Where the flags start: the 0 or 1 fields from ``voids`` to ``hearts_broken``,
    whose bits are counted from here (``hand_sizes`` to ``scores`` among them are 0)."""
    phase_bits: dict[Phase, int]
    """The flag of each phase in ``phase``."""
    direction_bits: dict[PassDirection, int]
    """The flag of each direction in ``pass_direction``."""
    broken_bit: int
    """The flag of ``hearts_broken``."""
    card_points_at: int
    """Where ``card_points`` starts: after the card sets."""
    numbers_at: int
    """Where ``hand_sizes`` starts: four fields of a number per seat follow."""
    to_move_at: int
    """Where ``to_move`` starts among the flags (``leader`` follows)."""
    last_at: int
    """Where ``pass_count`` starts (``hearts_broken`` and ``trick_number`` follow)."""
    history_at: int
    size: int
    history_size: int


@functools.lru_cache(maxsize=64)
def _constants(rules: Rules) -> _Constants:
    """What :func:`encode` needs of ``rules``: card points, scales, offsets and bits."""
    import numpy as np  # noqa: PLC0415 (NumPy is imported only when an array is made)

    total = _positive_total(rules)
    points = np.clip(np.array(rules.card_points, dtype=np.float64) / total, -1, 1)
    players = rules.players
    where = {field.name: field.offset for field in fields_unchecked(players, True)}
    flags = where["voids"]  # the bits of voids to hearts_broken, counted from here
    suit_cards = tuple(SUIT_MASKS[suit] & rules.deck_mask for suit in _SUITS)
    return _Constants(
        players=players,
        hand_size=rules.hand_size,
        points=points.astype(np.float32),
        total=total,
        scale=_score_scale(rules),
        deck_bits=rules.deck_mask << where["deck"],
        suit_cards=suit_cards,
        missing_suit=not all(suit_cards),
        seats=tuple(
            tuple((viewer + row) % players for row in range(players)) for viewer in range(players)
        ),
        rows=tuple(
            (
                where["taken"] + row * CARD_SLOTS,
                where["known"] + row * CARD_SLOTS,
                where["ruled_out"] + row * CARD_SLOTS,
                row * _SUIT_COUNT,
            )
            for row in range(players)
        ),
        played_bits=tuple(
            tuple(
                tuple(
                    1 << ((first + position) % players * CARD_SLOTS + card)
                    for card in range(CARD_SLOTS)
                )
                for position in range(players)
            )
            for first in range(players)
        ),
        row_bits=tuple(rows * CARD_SLOTS for rows in range(players)),
        low_rows=tuple((1 << (rows * CARD_SLOTS)) - 1 for rows in range(players)),
        phase_bits={
            phase: 1 << (where["phase"] - flags + index) for index, phase in enumerate(_PHASES)
        },
        direction_bits={
            direction: 1 << (where["pass_direction"] - flags + index)
            for index, direction in enumerate(_DIRECTIONS)
        },
        broken_bit=1 << (where["hearts_broken"] - flags),
        card_points_at=where["card_points"],
        numbers_at=where["hand_sizes"],
        to_move_at=where["to_move"] - flags,
        flags_at=flags,
        last_at=where["pass_count"],
        history_at=where[HISTORY],
        size=size_unchecked(players),
        history_size=size_unchecked(players, True),
    )
