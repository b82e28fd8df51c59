"""What a seat knows of the cards it cannot see: the one home of that reasoning.

A seat sees its own hand and the table's open record (the tricks, the trick in play, the
scores). Beyond that it knows:

* the cards in other hands it can name (:func:`known_masks`): the cards it passed, in the
  receiver's hand until they are played, and the lowest club in the hand of the seat
  that must lead it;
* the cards a seat has shown it does not hold (:func:`ruled_out_after`): a seat that did
  not follow suit holds none of the suit led, and the rules of play say what else each
  play reveals (:meth:`hearts.game.play.RulesOfPlay.revealed`); a :class:`~hearts.State` keeps
  them as the hand goes, in ``ruled_out_masks``;
* so each other seat's possible hand (:func:`possible_hands`), against which a claim
  sent by a seat is judged (:func:`seen_position`), and from which sampling deals.

:func:`hearts.view` takes a seat's own fields from :func:`seat_masks`, the tensor
encoding reads the same function, sampling and the records read :func:`played_by`, and
the engine updates ``ruled_out_masks`` with :func:`ruled_out_after`. The build compiles
this module with mypyc.

>>> import hearts
>>> state = hearts.new_game(seed=2)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> for seat in range(4):
...     state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
>>> known = known_masks(state, 0)
>>> known[0] == state.hand_masks[0], known[1] == state.passed_masks[0]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from hearts.game.cards import Card
from hearts.game.passes import passer, passes_cards, receiver
from hearts.game.play import Position, played_mask_unchecked, rules_of_play
from hearts.game.state import Phase, State, Trick

__all__ = [
    "known_masks",
    "played_by",
    "possible_hands",
    "ruled_out_after",
    "seat_masks",
    "seen_position",
]

_PLAY: Final = Phase.PLAY
_SHOOT: Final = Phase.SHOOT


def known_masks(state: State, me: int) -> tuple[int, ...]:
    """The cards ``me`` knows to be in each seat's hand (:attr:`PlayerView.known_masks`).

    Its own hand; the cards it passed, in their receiver's hand until they are played; and
    the lowest club, in the hand of the seat that must lead it, until it is played.

    >>> import hearts
    >>> state = hearts.apply(hearts.new_game(hearts.Rules(pass_cycle="none"), seed=1),
    ...                      hearts.legal_moves(hearts.new_game(hearts.Rules(pass_cycle="none"), seed=1))[0])
    >>> leader = state.to_move[0]
    >>> [bool(mask & hearts.CardSet("2C").mask) for mask in known_masks(state, (leader + 1) % 4)]
    ... # doctest: +ELLIPSIS
    [...True...]
    """
    rules = state.rules
    players = rules.players
    phase = state.phase
    played = (
        state.position.played
        if phase is _PLAY
        else played_mask_unchecked(state.tricks, state.trick)
    )
    known = [0] * players
    direction = state.pass_direction
    playing = phase is _PLAY or phase is _SHOOT
    if playing and passes_cards(direction, state.pass_count):  # the cards have changed hands
        known[receiver(me, direction, players)] = state.passed_masks[me] & ~played
    known[me] = state.hand_masks[me]
    club = 1 << rules.lowest_club
    first = state.tricks[0].leader if state.tricks else state.leader
    if playing and first != me and not club & played and rules_of_play(rules).club_leads:
        known[first] |= club  # everybody knows who holds the lowest club until it is played
    return tuple(known)


def possible_hands(
    me: int, hand: int, unseen: int, known: tuple[int, ...], ruled_out: tuple[int, ...]
) -> tuple[int, ...]:
    """Each seat's hand as ``me`` must allow for it, from what ``me`` can see.

    ``me`` holds ``hand``; each other seat holds every ``unseen`` card it has not shown it
    lacks, and the cards ``me`` knows it holds (``ruled_out[me]`` is not read). A claim
    safe against these hands is safe against any deal ``me`` cannot tell from the real
    one: so ``me``'s own moves, a claim included, never depend on a card it has not seen.

    >>> possible_hands(0, 0b0011, 0b1100, (0b0011, 0, 0b1000), (0, 0b0100, 0b0100))
    (3, 8, 8)
    """
    return tuple(
        [
            hand if seat == me else (unseen & ~ruled_out[seat]) | known[seat]
            for seat in range(len(known))
        ]
    )


def seen_position(state: State, position: Position, me: int) -> Position:
    """``position`` as ``me`` must allow for it: the others' hands as :func:`possible_hands`.

    A claim sent by a seat (``apply(..., by=seat)``) is judged here, as the seat's own
    legal moves offer it, so that its answer tells the seat no hidden card.

    >>> import hearts
    >>> state = hearts.new_game(hearts.Rules(pass_cycle="none"), seed=4)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seen = seen_position(state, state.position, 0)
    >>> seen.hands[0] == state.hand_masks[0], seen.hands[1] == state.hand_masks[1]
    (True, False)
    """
    hand = position.hands[me]
    unseen = state.rules.deck_mask & ~hand & ~position.played
    hands = possible_hands(me, hand, unseen, known_masks(state, me), state.ruled_out_masks)
    return Position(
        position.of, hands, position.trick, position.leader, position.first, position.broken,
        position.taken,
    )  # fmt: skip


def ruled_out_after(position: Position, card: int, ruled_out: tuple[int, ...]) -> tuple[int, ...]:
    """``ruled_out`` with what the seat to play in ``position`` shows by playing ``card``.

    The rules of play say what a play reveals (:meth:`hearts.game.play.RulesOfPlay.revealed`):
    a card off the suit led shows a void in it, for one. The tuple is returned as it is
    when nothing new is shown.

    >>> import hearts
    >>> from hearts.game.play import Position, rules_of_play
    >>> hands = tuple(hearts.CardSet(text).mask for text in ("AS", "2H", "3S", "4S"))
    >>> position = Position(rules_of_play(hearts.Rules()), hands, (hearts.Card("KS"),), 0,
    ...                     False, True, (0, 0, 0, 0))
    >>> after = ruled_out_after(position, hearts.Card("2H"), (0, 0, 0, 0))
    >>> hearts.CardSet.from_mask(after[1]) == hearts.CardSet(
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")
    True
    """
    player = position.seat
    shown = position.of.revealed(card, position.trick, position.first, position.broken)
    shown &= ~ruled_out[player]
    if not shown:
        return ruled_out
    changed = list(ruled_out)
    changed[player] = ruled_out[player] | shown
    return tuple(changed)


def seat_masks(state: State, me: int) -> tuple[object, object, tuple[int, ...], tuple[int, ...]]:
    """What seat ``me`` knows of the cards beyond its own hand and the table's open record.

    The cards it passed, the cards passed to it (0 until they have changed hands), the
    cards known to be in each seat's hand and those each other seat is known not to hold:
    the fields of :func:`hearts.view` that are the seat's own. :mod:`hearts.tensor` reads
    them from here too when it encodes a seat's view of a state without making the view.
    The two masks are the ints the state holds, typed as objects: compiled, they are
    passed on as they are (a view's constructor takes objects), not unboxed and boxed
    again.

    >>> import hearts
    >>> state = hearts.new_game(seed=2)
    >>> passed, received, known, ruled_out = seat_masks(state, 0)
    >>> passed, received, ruled_out
    (0, 0, (0, 0, 0, 0))
    """
    players = state.rules.players
    phase = state.phase
    playing = phase is _PLAY or phase is _SHOOT
    passed = cast("tuple[object, ...]", state.passed_masks)
    got: object = 0
    direction = state.pass_direction
    if playing and passes_cards(direction, state.pass_count):  # the cards have changed hands
        got = passed[passer(me, direction, players)]
    ruled_out = (0,) * players
    if playing:
        masks = state.ruled_out_masks
        ruled_out = (*masks[:me], 0, *masks[me + 1 :])
    return passed[me], got, known_masks(state, me), ruled_out


def played_by(
    players: int, tricks: Sequence[Trick], leader: int, trick: Sequence[Card]
) -> list[int]:
    """The cards each seat has played this hand: ``tricks`` done, ``trick`` led by ``leader``.

    >>> import hearts
    >>> done = hearts.Trick(0, tuple(hearts.Card(c) for c in ("2C", "3C", "4C", "5C")), 3)
    >>> [str(hearts.CardSet.from_mask(mask)) for mask in played_by(4, (done,), 3, (hearts.Card("6C"),))]
    ['2♣', '3♣', '4♣', '5♣ 6♣']
    """
    played = [0] * players
    for done in tricks:
        for index, card in enumerate(done.cards):
            played[(done.leader + index) % players] |= 1 << card
    for index, card in enumerate(trick):
        played[(leader + index) % players] |= 1 << card
    return played
