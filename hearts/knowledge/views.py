"""What one player may know of a game: :func:`view` and :class:`PlayerView`.

A view holds the player's own cards, everything played in the open, and what the rules
let the player infer about the others: how many cards each holds, the suits each has shown
void in (and any other card the rules say it cannot hold), and the cards known to be in
its hand (those the player passed to it, until they are played). Nothing else: two states
that differ only in cards the player has not seen give equal views.

>>> import hearts
>>> state = hearts.new_game(seed=11)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> seen = hearts.view(state, 2)
>>> seen.hand == state.hands[2], seen.hand_sizes, seen.received
(True, (13, 13, 13, 13), CardSet())
>>> list(hearts.legal_moves(seen)) == list(hearts.legal_moves(state, 2))
True

Sources: what a player sees is the table's public record in every rule book (pagat.com,
Bicycle): the cards played face up, and the cards one passed. The inferences are the rules
of play themselves: a player who does not follow suit holds none of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, cast, final

from hearts.errors import describe_value
from hearts.game import hooks
from hearts.game.cards import SUIT_MASKS, Card, CardSet, Suit, card_count
from hearts.game.frozen import mutable_twin
from hearts.game.history import History, seen_by
from hearts.game.play import played_mask_unchecked
from hearts.game.rules import PassDirection, Rules
from hearts.game.seat import seat_masks
from hearts.game.state import (
    HandResult,
    Phase,
    State,
    Trick,
    card_sets,
    check_seat,
    check_view_fields,
)
from hearts.game.value import Value

if TYPE_CHECKING:
    # NumPy is optional (the rl extra): the compiled build type-checks without it.
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from numpy.typing import NDArray  # type: ignore[import-not-found, unused-ignore]

__all__ = ["PlayerView", "view"]


@final
class PlayerView(Value):
    """Everything one seat may know of a game, and nothing more.

    Build it with :func:`view` (the constructor checks each field's type and form, and
    refuses any other with a sentence naming the field). It is immutable, hashable and
    picklable, and holds nothing of the game but what the seat may know (no reference to
    the state); its JSON form is written by :func:`hearts.view_to_dict`.
    :func:`hearts.legal_moves` accepts it and gives the player's own moves, and
    :func:`hearts.sample` deals the hidden cards. Card sets are bitmasks in the
    ``*_mask`` fields and :class:`~hearts.CardSet` values in the properties without the
    suffix.

    Finished hands keep what the table saw: each :class:`~hearts.HandResult` in
    :attr:`results` has its tricks, claim, points and scores, and of the hidden cards only
    the seat's own: its dealt hand, the cards it passed and the cards it received. The
    others' dealt hands and passes stay hidden (empty card sets), as at a real table, where
    nobody learns what two other players passed each other.

    >>> import hearts
    >>> state = hearts.from_hands(
    ...     ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...      "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"],
    ...     hand_number=3)
    >>> for card in ("2C", "2D", "2H", "2S"):
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seen = hearts.view(state, 0)
    >>> seen.voids
    ((), (<Suit.CLUBS: 0>,), (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>), (<Suit.CLUBS: 0>,))
    >>> seen.ruled_out[2] == hearts.CardSet("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    ...     " 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")
    True

    P2 could play 2♥ on the first trick only because it held nothing but penalty cards.
    >>> seen.hand_sizes, seen.trick_number, seen.to_move
    ((12, 12, 12, 12), 1, (0,))
    """

    __slots__ = (
        "_dealer", "_hash", "dealt_mask", "hand_mask", "hand_number", "hand_sizes", "hearts_broken",
        "known_masks", "leader", "pass_count", "pass_direction", "passed_mask", "phase",
        "player", "received_mask", "results", "ruled_out_masks", "rules", "scores",
        "taken_masks", "to_move", "trick", "tricks",
    )  # fmt: skip
    FIELDS: ClassVar[tuple[str, ...]] = (
        "rules", "player", "phase", "hand_number", "scores", "results", "pass_direction",
        "pass_count", "to_move", "leader", "trick", "tricks", "taken_masks", "hearts_broken",
        "hand_mask", "dealt_mask", "passed_mask", "received_mask", "hand_sizes", "known_masks",
        "ruled_out_masks",
    )  # fmt: skip

    rules: Rules
    player: int
    """The seat whose view this is."""
    phase: Phase
    hand_number: int
    scores: tuple[int, ...]
    results: Sequence[HandResult]
    """The finished hands, with the other seats' dealt hands and passes hidden (see above):
    a :class:`~hearts.game.history.History` when :func:`view` made the view."""
    pass_direction: PassDirection
    pass_count: int
    to_move: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    taken_masks: tuple[int, ...]
    """The cards each seat has won in tricks this hand (all played face up)."""
    hearts_broken: bool
    hand_mask: int
    """The player's own cards (before the exchange, the cards it passes are still held)."""
    dealt_mask: int
    """The player's cards as dealt this hand."""
    passed_mask: int
    """The cards the player passed this hand (0 until it has passed)."""
    received_mask: int
    """The cards passed to the player (0 until every seat has passed)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    known_masks: tuple[int, ...]
    """Cards known to be in each seat's hand: the player's own hand for itself; for the
    others, the cards the player passed them and has not seen played, and the lowest club
    in the hand of the seat that led the first trick as its holder, until it is played."""
    _hash: int
    _dealer: object
    """The counted deals of the unseen cards, once :func:`hearts.sample` has counted them
    (None before): kept on the view, which holds its seat's own hand already, and on no
    module, where another seat's bot could read it."""
    ruled_out_masks: tuple[int, ...]
    """Cards each other seat is known not to hold: every card of a suit it did not follow,
    and any card whose holding would have made one of its plays illegal (a heart led
    before hearts were broken rules out every other suit). 0 for the player itself."""

    def __init__(
        self,
        rules: Rules | object,
        player: int | object,
        phase: Phase | object,
        hand_number: int | object,
        scores: tuple[int, ...] | object,
        results: Sequence[HandResult] | object,
        pass_direction: PassDirection | object,
        pass_count: int | object,
        to_move: tuple[int, ...] | object,
        leader: int | object,
        trick: tuple[Card, ...] | object,
        tricks: tuple[Trick, ...] | object,
        taken_masks: tuple[int, ...] | object,
        hearts_broken: bool | object,
        hand_mask: int | object,
        dealt_mask: int | object,
        passed_mask: int | object,
        received_mask: int | object,
        hand_sizes: tuple[int, ...] | object,
        known_masks: tuple[int, ...] | object,
        ruled_out_masks: tuple[int, ...] | object,
        *,
        _unchecked: bool = False,
    ) -> None:
        # Each field is checked, in the pure build as the compiled one, unless
        # ``_unchecked``: :func:`view` builds one per decision from a state's own fields,
        # right by construction, and says so (bots' play stays as fast as it was).
        if not _unchecked:
            check_view_fields(
                rules, player, phase, hand_number, scores, results, pass_direction, pass_count,
                to_move, leader, trick, tricks, taken_masks, hearts_broken, hand_mask,
                dealt_mask, passed_mask, received_mask, hand_sizes, known_masks,
                ruled_out_masks,
            )  # fmt: skip
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "results", results)
        object.__setattr__(self, "pass_direction", pass_direction)
        object.__setattr__(self, "pass_count", pass_count)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "taken_masks", taken_masks)
        object.__setattr__(self, "hearts_broken", hearts_broken)
        object.__setattr__(self, "hand_mask", hand_mask)
        object.__setattr__(self, "dealt_mask", dealt_mask)
        object.__setattr__(self, "passed_mask", passed_mask)
        object.__setattr__(self, "received_mask", received_mask)
        object.__setattr__(self, "hand_sizes", hand_sizes)
        object.__setattr__(self, "known_masks", known_masks)
        object.__setattr__(self, "ruled_out_masks", ruled_out_masks)
        object.__setattr__(self, "_hash", -1)
        object.__setattr__(self, "_dealer", None)

    def _keep_dealer(self, dealer: object) -> None:
        """Keep the counted deals of this view's unseen cards (see :attr:`_dealer`)."""
        object.__setattr__(self, "_dealer", dealer)

    def _fields(self) -> tuple[object, ...]:
        return (
            self.rules, self.player, self.phase, self.hand_number, self.scores, self.results,
            self.pass_direction, self.pass_count, self.to_move, self.leader, self.trick,
            self.tricks, self.taken_masks, self.hearts_broken, self.hand_mask, self.dealt_mask,
            self.passed_mask, self.received_mask, self.hand_sizes, self.known_masks,
            self.ruled_out_masks,
        )  # fmt: skip

    def __hash__(self) -> int:
        # Kept once made: search code samples one view many times, keyed by it.
        if self._hash == -1:
            object.__setattr__(self, "_hash", hash(self._fields()) & _HASH_BITS)
        return self._hash

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def partner(self) -> int | None:
        """The player's partner under ``Rules.partners`` (the seat opposite), else None.

        >>> import hearts
        >>> state = hearts.new_game(hearts.Rules.preset("partnership"), seed=1)
        >>> hearts.view(state, 1).partner, hearts.view(hearts.new_game(seed=1), 1).partner
        (3, None)
        """
        partners = self.rules.partner_seats
        return partners[self.player] if partners else None

    @property
    def hand(self) -> CardSet:
        """The player's own cards."""
        return CardSet.from_mask(self.hand_mask)

    @property
    def dealt(self) -> CardSet:
        """The player's cards as dealt this hand."""
        return CardSet.from_mask(self.dealt_mask)

    @property
    def passed(self) -> CardSet:
        """The cards the player passed this hand."""
        return CardSet.from_mask(self.passed_mask)

    @property
    def received(self) -> CardSet:
        """The cards passed to the player, once every seat has passed."""
        return CardSet.from_mask(self.received_mask)

    @property
    def known(self) -> tuple[CardSet, ...]:
        """Cards known to be in each seat's hand (see :attr:`known_masks`)."""
        return card_sets(self.known_masks)

    @property
    def ruled_out(self) -> tuple[CardSet, ...]:
        """Cards each seat is known not to hold (see :attr:`ruled_out_masks`)."""
        return card_sets(self.ruled_out_masks)

    @property
    def voids(self) -> tuple[tuple[Suit, ...], ...]:
        """The suits each seat is known to hold none of, from its plays."""
        return tuple(
            tuple(
                suit for suit in Suit if SUIT_MASKS[suit] & ~ruled_out & self.rules.deck_mask == 0
            )
            if seat != self.player
            else ()
            for seat, ruled_out in enumerate(self.ruled_out_masks)
        )

    @property
    def played_mask(self) -> int:
        """Every card played to a trick this hand, the current trick included.

        Cards won by a claim were not played, and are not in it.
        """
        return played_mask_unchecked(self.tricks, self.trick)

    @property
    def unseen_mask(self) -> int:
        """The cards of the deck the player has not seen: in other hands, in some order.

        After a claim (in the shoot phase) these are the claimed cards the others held.
        """
        if self.phase in (Phase.DEAL, Phase.OVER):
            return 0
        held = self.hand_mask
        if self.phase is Phase.SHOOT:  # hands are put away: what the player held after passing
            held = self.dealt_mask & ~self.passed_mask | self.received_mask
        return self.rules.deck_mask & ~held & ~self.played_mask

    @property
    def trick_number(self) -> int:
        """The current trick of the hand, counted from 0."""
        return len(self.tricks)

    @property
    def current_player(self) -> int | None:
        """The one seat to move, or None when none or several are awaited."""
        return self.to_move[0] if len(self.to_move) == 1 else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    def __str__(self) -> str:
        """The table as this seat sees it, as text (:func:`hearts.text.table_text`)."""
        return hooks.text_of(self)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, drawn as SVG (:func:`hearts.svg.table`)."""
        return hooks.svg_of(self)

    def to_tensor(self) -> NDArray[np.float32]:
        """This view as a fixed-size NumPy ``float32`` vector, for learning agents.

        The same as :func:`hearts.tensor.encode` (see its layout there and in the
        reinforcement-learning page); it needs NumPy (the ``rl`` extra: ``pip install
        ".[rl]"`` from a clone's root until the first release), which ``import hearts``
        alone never imports.

        >>> import hearts
        >>> state = hearts.new_game(seed=3)
        >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
        >>> vector = hearts.view(state, 1).to_tensor()
        >>> vector.shape, vector.dtype.name, int(vector[:55].sum())
        ((1487,), 'float32', 13)
        """
        # hearts.tensor, registered by the package (hooks): loaded when asked for, so
        # that ``import hearts`` never imports NumPy.
        return cast("NDArray[np.float32]", hooks.encoded(self))


def view(state: State | object, player: int | object) -> PlayerView:
    """What ``player`` may know of ``state``.

    >>> import hearts
    >>> state = hearts.new_game(seed=2)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> for seat in range(4):
    ...     state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
    >>> seen = hearts.view(state, 0)
    >>> seen.passed <= state.hands[1], seen.known[1] == seen.passed, seen.received == state.passed[3]
    (True, True, True)
    >>> hearts.view(state, 4)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: P4 is not a seat: this game has seats P0 to P3.
    """
    if not isinstance(state, State):
        raise TypeError(f"view needs a hearts.State, got {describe_value(state)}.")
    rules = state.rules
    me = check_seat(rules, player)
    passed, got, known, ruled_out = seat_masks(state, me)
    # The masks are read as the objects the tuples hold: compiled, they go to the view as
    # they are, never unboxed and boxed again on the way.
    hands = cast("tuple[object, ...]", state.hand_masks)
    dealt = cast("tuple[object, ...]", state.dealt_masks)
    if _VIEW_TWIN is not None:  # the pure build: see hearts.game.frozen.mutable_twin
        made = _VIEW_TWIN()
        made.rules = rules
        made.player = me
        made.phase = state.phase
        made.hand_number = state.hand_number
        made.scores = state.scores
        made.results = _seen_results(state.results, me)
        made.pass_direction = state.pass_direction
        made.pass_count = state.pass_count
        made.to_move = state.to_move
        made.leader = state.leader
        made.trick = state.trick
        made.tricks = state.tricks
        made.taken_masks = state.taken_masks
        made.hearts_broken = state.hearts_broken
        made.hand_mask = cast("int", hands[me])
        made.dealt_mask = cast("int", dealt[me])
        made.passed_mask = cast("int", passed)
        made.received_mask = cast("int", got)
        made.hand_sizes = tuple([mask.bit_count() for mask in state.hand_masks])
        made.known_masks = known
        made.ruled_out_masks = ruled_out
        made._hash = -1
        made._dealer = None
        made.__class__ = PlayerView
        return made
    return PlayerView(
        rules=rules,
        player=me,
        phase=state.phase,
        hand_number=state.hand_number,
        scores=state.scores,
        results=_seen_results(state.results, me),
        pass_direction=state.pass_direction,
        pass_count=state.pass_count,
        to_move=state.to_move,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        taken_masks=state.taken_masks,
        hearts_broken=state.hearts_broken,
        hand_mask=hands[me],
        dealt_mask=dealt[me],
        passed_mask=passed,
        received_mask=got,
        hand_sizes=tuple([card_count(mask) for mask in state.hand_masks]),
        known_masks=known,
        ruled_out_masks=ruled_out,
        _unchecked=True,
    )


_VIEW_TWIN: Final = mutable_twin(PlayerView)


def _seen_results(results: Sequence[HandResult], player: int) -> Sequence[HandResult]:
    """The finished hands as ``player`` saw them: shared with the game's history if it has one."""
    if not results:
        return ()
    if isinstance(results, History):
        return results.seen(player)
    return tuple([seen_by(result, player) for result in results])


_PLAY: Final = Phase.PLAY
_SHOOT: Final = Phase.SHOOT
_HASH_BITS: Final = (1 << 62) - 1
"""A view's hash, kept in a field, is never -1 (the mark of one not yet made)."""
