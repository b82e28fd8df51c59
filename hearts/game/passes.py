"""Passing, in one place: how many cards a hand passes and where, the pass, the exchange.

:func:`hand_pass` says what the rules' cycle passes on a hand and :func:`passes_cards`
whether a hand passes at all (a hold hand passes none); :func:`call_refusal` checks a
dealer's call of the pass. :func:`pass_refusal` says why a pass is refused and
:class:`PassMoves` lists the passes it allows (a standard hand has 286 passes per seat,
returned by :func:`hearts.legal_moves` without building one until it is asked for).
:func:`receiver`, :func:`passer` and :func:`exchange` say where the passed cards go.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Final, cast, overload

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import (
    ALL_CARDS,
    CARDS,
    NUMBER_OF_CARDS,
    CardSet,
    card_set_unchecked,
    cards_of,
)
from hearts.game.frozen import Frozen, index_positions, mutable_twin
from hearts.game.moves import Pass, pass_of
from hearts.game.options import MAX_PLAYERS, MIN_PLAYERS, PASS_OFFSETS
from hearts.game.rules import PassDirection, Rules, outside_deck

__all__ = [
    "PassMoves",
    "call_refusal",
    "calls",
    "exchange",
    "hand_pass",
    "pass_moves_unchecked",
    "pass_refusal",
    "passable",
    "passer",
    "passes_cards",
    "pick_refusal",
    "pickable",
    "received",
    "receiver",
]

_HOLD = PassDirection.HOLD


def hand_pass(rules: Rules, hand_number: int) -> tuple[PassDirection, int]:
    """Where hand ``hand_number`` passes in the rules' cycle, and how many cards.

    A hold hand passes none (the dealer's call may change both, see :func:`calls`).

    >>> import hearts
    >>> hand_pass(hearts.Rules(), 0), hand_pass(hearts.Rules(), 3)
    ((PassDirection.LEFT, 3), (PassDirection.HOLD, 0))
    """
    cycle = rules.pass_cycle
    direction = cycle[hand_number % len(cycle)]
    return direction, 0 if direction is _HOLD else rules.pass_count


def passes_cards(direction: PassDirection, count: int) -> bool:
    """Whether a hand passing ``count`` cards ``direction`` passes any (not on a hold hand).

    >>> passes_cards(PassDirection.LEFT, 3), passes_cards(PassDirection.HOLD, 0)
    (True, False)
    """
    return direction is not _HOLD and count > 0


def calls(rules: Rules) -> list[tuple[PassDirection, int]]:
    """Every pass a dealer may call (dealer's choice).

    A hold hand, or a direction and 1 to ``Rules.pass_count`` cards.

    >>> import hearts
    >>> [(str(direction), count) for direction, count in calls(hearts.Rules(pass_count=2))][:3]
    [('hold', 0), ('left', 1), ('left', 2)]
    """
    return [
        (direction, count)
        for direction in rules.pass_directions
        for count in ((0,) if direction is _HOLD else range(1, rules.pass_count + 1))
    ]


def call_refusal(rules: Rules, player: int, direction: PassDirection, count: object) -> str | None:
    """Why ``player``, the dealer, may not call a pass of ``count`` cards ``direction``.

    None if it may: :func:`calls` lists what it may call.

    >>> import hearts
    >>> call_refusal(hearts.Rules(), 0, PassDirection.HOLD, 2)
    'P0 may not call a hold hand of 2 cards: a hold hand passes 0.'
    """
    if not direction.allowed_with(rules.players):
        allowed = ", ".join([str(d) for d in rules.pass_directions])
        return f"P{player} may not call a pass {direction}: {rules.players} players may pass {allowed}."
    if direction is _HOLD:
        if count != 0:
            return f"P{player} may not call a hold hand of {describe_value(count)} cards: a hold hand passes 0."
        return None
    if not (isinstance(count, int) and 1 <= count <= rules.pass_count):
        return (
            f"P{player} may not call a pass of {describe_value(count)} cards: the dealer calls "
            f"1 to {rules.pass_count} (Rules.pass_count)."
        )
    return None


def receiver(seat: int, direction: PassDirection, players: int) -> int:
    """The seat that receives the cards ``seat`` passes ``direction``.

    >>> receiver(3, PassDirection.LEFT, 4), receiver(0, PassDirection.RIGHT, 4)
    (0, 3)
    """
    return (seat + PASS_OFFSETS[direction._value_][players]) % players


def passer(seat: int, direction: PassDirection, players: int) -> int:
    """The seat whose passed cards ``seat`` receives (the inverse of :func:`receiver`).

    >>> passer(0, PassDirection.LEFT, 4), passer(2, PassDirection.ACROSS, 4)
    (3, 0)
    """
    return (seat - PASS_OFFSETS[direction._value_][players]) % players


def exchange(
    hands: Sequence[int] | object, passed: Sequence[int] | object, direction: PassDirection | object
) -> tuple[int, ...]:
    """Each seat's hand once every seat's passed cards have reached their receiver.

    ``hands`` and ``passed`` hold one card mask per seat (3 to 7 seats, as many of each),
    ``direction`` is a :class:`~hearts.PassDirection` of that table; anything else is
    refused with a sentence.

    >>> hands = [CardSet("2C 3C").mask, CardSet("4C 5C").mask, CardSet("6C 7C").mask]
    >>> passed = [CardSet("2C").mask, CardSet("4C").mask, CardSet("6C").mask]
    >>> [str(CardSet.from_mask(hand)) for hand in exchange(hands, passed, PassDirection.LEFT)]
    ['3♣ 6♣', '2♣ 5♣', '4♣ 7♣']
    """
    held = _masks(hands, "exchange's", "hands")
    given = _masks(passed, "exchange's", "passed")
    players = len(held)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or len(given) != players:
        raise HeartsError(
            f"exchange takes one hand and one pass per seat, for {MIN_PLAYERS} to "
            f"{MAX_PLAYERS} seats, got {len(held)} hands and {len(given)} passes."
        )
    if not isinstance(direction, PassDirection):
        raise TypeError(
            f"exchange's direction must be a PassDirection, got {describe_value(direction)}."
        )
    if not direction.allowed_with(players):
        raise HeartsError(
            f"exchange's direction {direction.value!r} is not a pass at a table of {players}."
        )
    return exchange_unchecked(held, given, direction)


def exchange_unchecked(
    hands: Sequence[int], passed: Sequence[int], direction: PassDirection
) -> tuple[int, ...]:
    """:func:`exchange` of arguments known to be right, unchecked."""
    players = len(hands)
    return tuple(
        [
            hands[seat] & ~passed[seat] | passed[passer(seat, direction, players)]
            for seat in range(players)
        ]
    )


def _masks(masks: object, where: str, name: str) -> tuple[int, ...]:
    """``masks`` as a tuple, if it is a sequence of card masks; a sentence otherwise."""
    if isinstance(masks, tuple):
        found: tuple[object, ...] = masks
    elif isinstance(masks, (str, bytes)) or not isinstance(masks, Sequence):
        raise TypeError(
            f"{where} {name} must be a sequence of card masks (one int per seat), got "
            f"{describe_value(masks)}."
        )
    else:
        found = tuple(masks)
    for mask in found:
        if not isinstance(mask, int) or isinstance(mask, bool):
            raise TypeError(
                f"{where} {name} must be card masks (ints), got {describe_value(mask)} among them."
            )
        if mask < 0 or mask & ~ALL_CARDS:
            raise HeartsError(
                f"{where} {name} must be card masks (of the cards from 0 to "
                f"{ALL_CARDS.bit_length() - 1}), got {describe_value(mask)} among them."
            )
    return cast("tuple[int, ...]", found)  # each checked above


def _seats(seats: object, players: int) -> tuple[int, ...]:
    """``seats`` as a tuple, if it names distinct seats of ``players``; a sentence otherwise."""
    if isinstance(seats, tuple):
        found: tuple[object, ...] = seats
    elif isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise TypeError(
            f"PassMoves's seats must be a sequence of seats (ints), got {describe_value(seats)}."
        )
    else:
        found = tuple(seats)
    if found and not players:
        raise HeartsError(
            "PassMoves's hand_masks must hold a card mask for each seat it names, got none."
        )
    named = 0  # the seats seen so far, as bits
    for seat in found:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(
                f"PassMoves's seats must be seats (ints), got {describe_value(seat)} among them."
            )
        if not 0 <= seat < players:
            raise HeartsError(
                f"PassMoves's seats must be indices of its hand_masks, from 0 to {players - 1}, "
                f"got {describe_value(seat)} among them."
            )
        if named >> seat & 1:
            raise HeartsError(
                f"PassMoves's seats must each be named once, got {describe_value(found)}."
            )
        named |= 1 << seat
    return cast("tuple[int, ...]", found)  # each checked above


def _pass_count(count: object) -> int:
    """``count``, if it is a number of cards a pass may hold; a sentence otherwise."""
    if not isinstance(count, int) or isinstance(count, bool):
        raise TypeError(
            f"PassMoves's count must be an int (the cards each pass holds), got "
            f"{describe_value(count)}."
        )
    if not 0 <= count <= NUMBER_OF_CARDS:
        raise HeartsError(
            f"PassMoves's count must be a number of cards from 0 to {NUMBER_OF_CARDS}, "
            f"got {describe_value(count)}."
        )
    return count


def received(passed: Sequence[int], direction: PassDirection) -> tuple[int, ...]:
    """The cards each seat receives when the ``passed`` cards change hands.

    >>> received([1, 2, 4, 8], PassDirection.LEFT)
    (8, 1, 2, 4)
    """
    return exchange_unchecked((0,) * len(passed), passed, direction)


def passable(rules: Rules, hand: int) -> int:
    """The cards of ``hand`` (a mask) that may be passed: all but ``Rules.unpassable``.

    >>> import hearts
    >>> rules = hearts.Rules(unpassable="QS")
    >>> hearts.CardSet.from_mask(passable(rules, hearts.CardSet("2C QS").mask))
    CardSet('2♣')
    """
    return hand & ~rules.unpassable.mask


def pickable(rules: Rules, hand: int, picked: int) -> int:
    """The cards of ``hand`` a seat may still pick for its pass, having picked ``picked``.

    The environments and the OpenSpiel game take a pass one card at a time: each action
    picks a card, and the pass is made once ``Rules.pass_count`` cards are picked (the
    state is unchanged until then). This is the one place that protocol says which cards
    may be picked; :func:`pick_refusal` says why another may not.

    >>> import hearts
    >>> rules = hearts.Rules(unpassable="QS")
    >>> hand = hearts.CardSet("2C 3C QS").mask
    >>> hearts.CardSet.from_mask(pickable(rules, hand, hearts.CardSet("2C").mask))
    CardSet('3♣')
    """
    return hand & ~rules.unpassable.mask & ~picked


def pick_refusal(rules: Rules, seat: int, hand: int, picked: int, card: int) -> str:
    """Why ``seat``, holding ``hand`` and having picked ``picked``, may not pick ``card``.

    ``card`` is a card's number (0 to 54) that :func:`pickable` does not allow; the sentence
    names the card and the rule.

    >>> import hearts
    >>> rules = hearts.Rules(unpassable="QS")
    >>> hand = hearts.CardSet("2C 3C QS").mask
    >>> pick_refusal(rules, 1, hand, hearts.CardSet("2C").mask, hearts.Card("2C"))
    'P1 has already picked 2♣ for its pass.'
    >>> pick_refusal(rules, 1, hand, 0, hearts.Card("AH"))
    'P1 does not hold A♥.'
    >>> pick_refusal(rules, 1, hand, 0, hearts.Card("QS"))
    'Q♠ may not be passed (Rules.unpassable: Q♠).'
    """
    name = CARDS[card]
    if picked >> card & 1:
        return f"P{seat} has already picked {name} for its pass."
    if not hand >> card & 1:
        return f"P{seat} does not hold {name}."
    return f"{name} may not be passed (Rules.unpassable: {rules.unpassable})."


def pass_refusal(
    rules: Rules, player: int, cards: int, hand: int, count: int, direction: PassDirection
) -> str | None:
    """Why ``player`` may not pass ``cards`` from ``hand``, or None if it may.

    Each seat passes ``count`` of its own cards ``direction``, none of them unpassable;
    :class:`PassMoves` lists the passes this allows.

    >>> import hearts
    >>> rules = hearts.Rules(unpassable="QS")
    >>> hand = hearts.CardSet("2C 3C QS 4D").mask
    >>> left = hearts.PassDirection.LEFT
    >>> pass_refusal(rules, 0, hearts.CardSet("2C 3C QS").mask, hand, 3, left)
    'Q♠ may not be passed (Rules.unpassable: Q♠).'
    >>> pass_refusal(rules, 0, hearts.CardSet("2C 3C 4D").mask, hand, 3, left) is None
    True
    """
    if cards.bit_count() != count:
        cards_word = "card" if count == 1 else "cards"
        return (
            f"each player passes exactly {count} {cards_word} {direction} this hand, "
            f"not {cards.bit_count()}."
        )
    if cards & ~rules.deck_mask:
        return outside_deck(rules, cards)
    missing = cards & ~hand
    if missing:
        return f"P{player} does not hold {CardSet.from_mask(missing)}."
    kept = cards & ~passable(rules, cards)
    if kept:
        return (
            f"{CardSet.from_mask(kept)} may not be passed (Rules.unpassable: {rules.unpassable})."
        )
    return None


def _pass_choices(
    seats: tuple[int, ...], masks: tuple[int, ...], count: int, unpassable: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards each seat may pass, and how many passes each of ``seats`` has."""
    kept = unpassable & ALL_CARDS  # cards outside the masks change nothing
    hands = tuple([mask & ~kept for mask in masks])
    return hands, tuple([comb(hands[seat].bit_count(), count) for seat in seats])


@functools.lru_cache(maxsize=64)
def _combinations(size: int, count: int) -> tuple[tuple[int, ...], ...] | None:
    """Every choice of ``count`` positions out of ``size``, in order, or None if too many.

    Tables of up to a thousand are kept (13 cards choose 3 is 286).
    """
    if comb(size, count) > 1000:
        return None
    return tuple(combinations(range(size), count))


class PassMoves(Frozen):
    """Every pass of the given seats, as a lazy sequence: nothing is built until asked for.

    Order: by seat, then the seat's passable cards combined in ascending order (as
    :func:`itertools.combinations`). Indexing unranks the combination directly, and ``in``
    checks a move without a search.

    >>> import hearts
    >>> moves = PassMoves((0,), (hearts.CardSet("2C 3C 4C 5C QS").mask,), 3, hearts.CardSet("QS").mask)
    >>> len(moves), [str(move) for move in moves][:2], str(moves[-1])
    (4, ['P0 passes 2♣ 3♣ 4♣', 'P0 passes 2♣ 3♣ 5♣'], 'P0 passes 3♣ 4♣ 5♣')
    >>> hearts.Pass(0, "2C 4C 5C") in moves, hearts.Pass(0, "2C 4C") in moves
    (True, False)

    It is a :class:`~collections.abc.Sequence` (registered as one) and immutable.
    """

    __slots__ = ("_count", "_hands", "_length", "_seats", "_sizes")

    _seats: tuple[int, ...]
    _hands: tuple[int, ...]
    _count: int
    _sizes: tuple[int, ...]
    _length: int

    def __init__(
        self,
        seats: tuple[int, ...] | object,
        hand_masks: tuple[int, ...] | object,
        count: int | object,
        unpassable: int | object = 0,
    ) -> None:
        # Checked in the pure build as the compiled one: the engine builds one per call of
        # legal_moves while seats pass (a few ints to check), never in play.
        masks = _masks(hand_masks, "PassMoves's", "hand_masks")
        chosen = _seats(seats, len(masks))
        number = _pass_count(count)
        if not isinstance(unpassable, int) or isinstance(unpassable, bool):
            raise TypeError(
                f"PassMoves's unpassable must be a card mask (an int, as CardSet.mask), got "
                f"{describe_value(unpassable)}."
            )
        hands, sizes = _pass_choices(chosen, masks, number, unpassable)
        object.__setattr__(self, "_seats", chosen)
        object.__setattr__(self, "_hands", hands)
        object.__setattr__(self, "_count", number)
        object.__setattr__(self, "_sizes", sizes)
        object.__setattr__(self, "_length", sum(sizes))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Pass: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Pass, ...]: ...

    def __getitem__(self, index: int | slice | object) -> Pass | tuple[Pass, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"PassMoves indices are ints or slices, got {describe_value(index)}.")
        if index < 0:
            index += self._length
        if index >= 0:
            for seat, size in zip(self._seats, self._sizes, strict=True):
                if index < size:
                    chosen = self._unrank(self._hands[seat], index)
                    return pass_of(seat, card_set_unchecked(chosen))
                index -= size
        raise IndexError("pass index out of range")

    def _unrank(self, hand: int, index: int) -> int:
        """The mask of the ``index``-th combination of ``hand``'s cards.

        The order is that of :func:`itertools.combinations` over the cards, ascending.
        """
        held = []
        while hand:
            low = hand & -hand
            held.append(low)
            hand ^= low
        mask = 0
        combinations_of = _combinations(len(held), self._count)
        if combinations_of is not None:
            for position in combinations_of[index]:
                mask |= held[position]
            return mask
        left, start = self._count, 0
        while left:
            for position in range(start, len(held)):
                following = comb(len(held) - position - 1, left - 1)
                if index < following:
                    mask |= held[position]
                    start, left = position + 1, left - 1
                    break
                index -= following
        return mask

    def __iter__(self) -> Iterator[Pass]:
        for seat in self._seats:
            for chosen in combinations(cards_of(self._hands[seat]), self._count):
                yield Pass(seat, CardSet(chosen))

    def __contains__(self, move: object) -> bool:
        return (
            isinstance(move, Pass)
            and move.player in self._seats
            and len(move.cards) == self._count
            and move.cards.mask & ~self._hands[move.player] == 0
        )

    def __reversed__(self) -> Iterator[Pass]:
        for index in range(self._length - 1, -1, -1):
            yield self[index]

    def index(
        self, value: object, start: int | object = 0, stop: int | object | None = None
    ) -> int:
        """The index of ``value`` among the passes (:meth:`list.index`).

        ``start`` and ``stop`` are ints (``stop`` may be None); anything else is a TypeError.
        """
        for position in index_positions("PassMoves", start, stop, self._length):
            if self[position] == value:
                return position
        raise ValueError(f"{describe_value(value)} is not one of these passes.")

    def count(self, value: object) -> int:
        """1 if ``value`` is one of the passes, else 0 (each pass is listed once)."""
        return 1 if value in self else 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PassMoves):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        return (self._seats, tuple([self._hands[seat] for seat in self._seats]), self._count)

    def __reduce__(self) -> tuple[type[PassMoves], tuple[object, ...]]:
        return (PassMoves, (self._seats, self._hands, self._count))

    def __repr__(self) -> str:
        return f"<PassMoves of {', '.join(f'P{seat}' for seat in self._seats)}: {len(self)} moves>"


_PASS_MOVES_TWIN: Final = mutable_twin(PassMoves)


def pass_moves_unchecked(
    seats: tuple[int, ...], hand_masks: tuple[int, ...], count: int, unpassable: int
) -> PassMoves:
    """``PassMoves(seats, hand_masks, count, unpassable)`` of the engine's own state.

    Unchecked, and built from a :func:`~hearts.game.frozen.mutable_twin` in the pure
    build: the engine builds one each time :func:`hearts.legal_moves` is asked while
    seats pass.

    >>> import hearts
    >>> hand = hearts.CardSet("2C 3C 4C 5C QS").mask
    >>> list(pass_moves_unchecked((0,), (hand,), 3, 0)) == list(PassMoves((0,), (hand,), 3))
    True
    """
    if _PASS_MOVES_TWIN is None:
        return PassMoves(seats, hand_masks, count, unpassable)
    hands, sizes = _pass_choices(seats, hand_masks, count, unpassable)
    made = _PASS_MOVES_TWIN()  # see hearts.game.frozen.mutable_twin
    made._seats = seats
    made._hands = hands
    made._count = count
    made._sizes = sizes
    made._length = sum(sizes)
    made.__class__ = PassMoves
    return made


Sequence.register(PassMoves)
