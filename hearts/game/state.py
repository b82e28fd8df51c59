"""The immutable game state, its phases, tricks and per-hand results.

A :class:`State` is a frozen record of plain ints and tuples: copying it is free and
:func:`hearts.apply` builds each new state in one constructor call. Card sets are held as
int bitmasks in the ``*_masks`` fields, and offered as :class:`~hearts.CardSet` values by
the properties of the same name without the suffix.

>>> import hearts
>>> state = hearts.new_game(seed=1)
>>> state.phase, state.to_move, state.hand_number
(<Phase.DEAL: 'deal'>, (), 0)
>>> state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> state.phase, state.to_move, [len(hand) for hand in state.hands]
(<Phase.PASS: 'pass'>, (0, 1, 2, 3), [13, 13, 13, 13])
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import ClassVar, Final, Protocol, cast, final

from hearts.errors import HeartsError, describe_value
from hearts.game import hooks
from hearts.game.cards import ALL_CARDS, Card, CardSet, card_set_unchecked
from hearts.game.options import MAX_PLAYERS, MIN_PLAYERS
from hearts.game.play import Position, rules_of_play
from hearts.game.rules import PassDirection, Rules, ShootMode
from hearts.game.value import Value, field_code

__all__ = [
    "HandResult",
    "Phase",
    "State",
    "Trick",
    "Viewpoint",
    "check_seat",
    "check_view_fields",
    "field_code",
]

_MOST_SEATS: Final = MAX_PLAYERS
"""The most seats a table has: a trick holds at most one card from each."""
_CARD: Final = Card
_PASS_DIRECTION: Final = PassDirection
"""Classes of other modules, kept here: the compiled build reads them without a lookup."""

_STATE_FIELDS: Final = (
    "rules", "seed", "phase", "hand_number", "scores", "results", "pass_direction",
    "pass_count", "dealt_masks", "hand_masks", "passed_masks", "to_move", "leader", "trick",
    "tricks", "taken_masks", "hearts_broken", "ruled_out_masks",
)  # fmt: skip
"""State's fields, in the constructor's order."""


def card_sets(masks: tuple[int, ...]) -> tuple[CardSet, ...]:
    """One :class:`CardSet` per mask."""
    return tuple([card_set_unchecked(mask) for mask in masks])


class Phase(enum.Enum):
    """What the game waits for.

    >>> [phase.value for phase in Phase]
    ['deal', 'choose', 'pass', 'play', 'shoot', 'over']
    """

    DEAL = "deal"
    """A chance move: the :class:`~hearts.Deal` of the next hand."""
    CHOOSE = "choose"
    """The dealer chooses the pass with a :class:`~hearts.ChoosePass` (dealer's choice)."""
    PASS = "pass"
    """Every seat in :attr:`State.to_move` still has to :class:`~hearts.Pass`."""
    PLAY = "play"
    """The one seat in :attr:`State.to_move` plays a card (or claims the rest)."""
    SHOOT = "shoot"
    """The shooter of the moon or sun chooses how it is scored with a
    :class:`~hearts.ShootChoice` (``ShootMode.CHOOSE``)."""
    OVER = "over"
    """The game has ended; see :attr:`State.winners`."""


@final
class Trick(Value):
    """A completed trick: who led it, the cards in the order played, and who won it.

    The constructor refuses a leader or winner that is no seat, and cards that are not 1
    to 7 :class:`~hearts.Card` values, with a sentence naming the field.

    >>> trick = Trick(leader=3, cards=(Card("2C"), Card("KC"), Card("5C"), Card("9D")), winner=0)
    >>> trick.player_of(1), trick.mask == CardSet("2C KC 5C 9D").mask
    (0, True)
    """

    __slots__ = ("cards", "leader", "mask", "winner")
    FIELDS: ClassVar[tuple[str, ...]] = ("leader", "cards", "winner")
    __match_args__: ClassVar = ("leader", "cards", "winner")

    leader: int
    cards: tuple[Card, ...]
    winner: int
    mask: int
    """The bitmask of the trick's cards."""

    def __init__(
        self, leader: int | object, cards: Sequence[Card] | object, winner: int | object
    ) -> None:
        # Checked in both builds alike, cheaply: the engine builds one per trick played.
        played = cards if isinstance(cards, tuple) else _trick_cards(cards)
        if not 0 < len(played) <= _MOST_SEATS:
            raise HeartsError(
                f"Trick's cards must be {_TRICK_CARDS}, got {describe_value(played)}."
            )
        for card in played:
            if type(card) is not _CARD and not isinstance(card, Card):
                raise TypeError(
                    f"Trick's cards must be {_TRICK_CARDS}, got {describe_value(card)} among them."
                )
        mask = 0
        for number in cast("tuple[int, ...]", played):  # read as ints: plain shifts compiled
            mask |= 1 << number
        if type(leader) is not int or not 0 <= leader < _MOST_SEATS:
            _seat(leader, "Trick's", "leader", _MOST_SEATS)
        if type(winner) is not int or not 0 <= winner < _MOST_SEATS:
            _seat(winner, "Trick's", "winner", _MOST_SEATS)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "cards", played)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "mask", mask)

    def _fields(self) -> tuple[object, ...]:
        return (self.leader, self.cards, self.winner)

    def player_of(self, index: int) -> int:
        """The seat that played ``cards[index]``."""
        return (self.leader + index) % len(self.cards)

    def __str__(self) -> str:
        played = ", ".join(f"P{self.player_of(i)} {card}" for i, card in enumerate(self.cards))
        return f"{played} -> P{self.winner}"

    def _repr_svg_(self) -> str:
        """The trick drawn as SVG (:func:`hearts.svg.trick`), for Jupyter."""
        return hooks.svg_of(self)


@final
class HandResult(Value):
    """What happened in one finished hand, and how it was scored.

    The change to each total is explained term by term::

        changes[seat] == counted[seat] + shoot[seat] + bonuses[seat] + chip_changes[seat] + adjustments[seat]

    ``points`` are the card points each seat took; ``counted`` is the part of them that
    counts (all of them, except on a hand where somebody shot the moon or the sun: then only
    bonus cards, if ``Rules.bonus_counts_on_shoot``), times the factors of the multiplier
    cards its seat took (``Rules.multipliers``); ``shoot`` is what the moon or sun gave;
    ``bonuses`` the no-trick and no-heart bonuses; ``chip_changes`` the chips paid and won
    in a chip game; ``adjustments`` what exact-score resets and the score floor changed.
    Under ``Rules.partners`` every term but ``points`` is the partnership's: both partners
    show the same ``counted``, ``shoot``, ``bonuses``, ``changes`` and ``scores``.

    The constructor checks each field's type and form (one value per seat, seats of the
    table, ints of at most 1,000 digits) and refuses any other with a sentence naming the
    field; that the terms add up is :func:`hearts.result_from_dict`'s to check.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> result = state.results[0]
    >>> sum(result.points) in (26, 0), len(result.tricks), result.scores == state.scores
    (True, 13, True)
    """

    __slots__ = (
        "adjustments", "bonuses", "changes", "chip_changes", "claim", "counted", "dealt",
        "hand_number", "moon", "pass_direction", "passed", "points", "pool", "scores", "shoot",
        "shoot_mode", "sun", "tricks", "tricks_won", "winners",
    )  # fmt: skip
    FIELDS: ClassVar[tuple[str, ...]] = (
        "hand_number", "pass_direction", "dealt", "passed", "tricks", "claim", "tricks_won",
        "points", "moon", "sun", "shoot_mode", "counted", "shoot", "bonuses", "chip_changes",
        "adjustments", "changes", "scores", "pool", "winners",
    )  # fmt: skip

    hand_number: int
    """Hands are numbered from 0."""
    pass_direction: PassDirection
    dealt: tuple[CardSet, ...]
    """Each seat's hand as dealt, before passing."""
    passed: tuple[CardSet, ...]
    """The cards each seat passed (empty on a hold hand)."""
    tricks: tuple[Trick, ...]
    """The tricks played, in order (a claim ends the hand before the rest are played)."""
    claim: int | None
    """The seat that claimed the remaining tricks, if any."""
    tricks_won: tuple[int, ...]
    """How many tricks each seat won, claimed tricks included."""
    points: tuple[int, ...]
    """Card points each seat took."""
    moon: int | None
    """The seat that shot the moon, if any (of a partnership that shot it together under
    ``Rules.partners_shoot_together``, the partner who took more of the moon's cards)."""
    sun: int | None
    """The seat that shot the sun (took every trick), if any; the sun replaces the moon."""
    shoot_mode: ShootMode | None
    """How the moon or sun was scored: :attr:`ShootMode.ADD` or :attr:`ShootMode.SUBTRACT`."""
    counted: tuple[int, ...]
    """The card points that count toward each total."""
    shoot: tuple[int, ...]
    """What the moon or the sun added to each total."""
    bonuses: tuple[int, ...]
    """The no-trick bonus each seat received."""
    chip_changes: tuple[int, ...]
    """Chips each seat paid into and won from the pool (chip scoring)."""
    adjustments: tuple[int, ...]
    """What exact-score resets and the score floor changed in each total."""
    changes: tuple[int, ...]
    """What the hand added to each seat's total: the sum of the terms above."""
    scores: tuple[int, ...]
    """Each seat's total after the hand (chips held, in a chip game)."""
    pool: int
    """Chips left in the pool after the hand (chip scoring; 0 otherwise)."""
    winners: tuple[int, ...]
    """The winners, when this hand ended the game; empty otherwise."""

    def __init__(
        self,
        hand_number: int | object,
        pass_direction: PassDirection | object,
        dealt: tuple[CardSet, ...] | object,
        passed: tuple[CardSet, ...] | object,
        tricks: tuple[Trick, ...] | object,
        claim: int | object | None,
        tricks_won: tuple[int, ...] | object,
        points: tuple[int, ...] | object,
        moon: int | object | None,
        sun: int | object | None,
        shoot_mode: ShootMode | object | None,
        counted: tuple[int, ...] | object,
        shoot: tuple[int, ...] | object,
        bonuses: tuple[int, ...] | object,
        chip_changes: tuple[int, ...] | object,
        adjustments: tuple[int, ...] | object,
        changes: tuple[int, ...] | object,
        scores: tuple[int, ...] | object,
        pool: int | object,
        winners: tuple[int, ...] | object,
        *,
        _unchecked: bool = False,
    ) -> None:
        # Checked in both builds alike: at a glance when every field is of its usual form,
        # else field by field, in words. ``_unchecked``: the scoring of a hand, which made
        # the fields of arguments it checked, says so (the engine scores every hand).
        if not _unchecked:
            _check_result(
                hand_number, pass_direction, dealt, passed, tricks, claim, tricks_won, points,
                moon, sun, shoot_mode, counted, shoot, bonuses, chip_changes, adjustments,
                changes, scores, pool, winners,
            )  # fmt: skip

        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "pass_direction", pass_direction)
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "claim", claim)
        object.__setattr__(self, "tricks_won", tricks_won)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "moon", moon)
        object.__setattr__(self, "sun", sun)
        object.__setattr__(self, "shoot_mode", shoot_mode)
        object.__setattr__(self, "counted", counted)
        object.__setattr__(self, "shoot", shoot)
        object.__setattr__(self, "bonuses", bonuses)
        object.__setattr__(self, "chip_changes", chip_changes)
        object.__setattr__(self, "adjustments", adjustments)
        object.__setattr__(self, "changes", changes)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "pool", pool)
        object.__setattr__(self, "winners", winners)

    def _fields(self) -> tuple[object, ...]:
        return (
            self.hand_number, self.pass_direction, self.dealt, self.passed, self.tricks,
            self.claim, self.tricks_won, self.points, self.moon, self.sun, self.shoot_mode,
            self.counted, self.shoot, self.bonuses, self.chip_changes, self.adjustments,
            self.changes, self.scores, self.pool, self.winners,
        )  # fmt: skip

    @property
    def shooter(self) -> int | None:
        """The seat that shot the sun or the moon, if any."""
        return self.sun if self.sun is not None else self.moon

    def __str__(self) -> str:
        """The hand as a text table (:func:`hearts.text.result_text`)."""
        return hooks.text_of(self)

    def _repr_svg_(self) -> str:
        """The hand drawn as SVG (:func:`hearts.svg.result`), for Jupyter."""
        return hooks.svg_of(self)


@final
class State(Value):
    """One moment of a game: immutable, hashable, and cheap to keep.

    Build one with :func:`hearts.new_game` or :func:`hearts.from_hands` and move on with
    :func:`hearts.apply`. The constructor checks each field's type and form (an int seed,
    one value per seat, seats of the table, masks of the deck's cards), in the pure build
    as the compiled one, and refuses any other with a sentence naming the field; it does
    not check that the fields hang together as a game (:func:`hearts.state_from_dict`
    does). Fields ending in ``_masks`` hold one card bitmask per seat. A state is a plain
    class, not a tuple: it has no length and no order, and :meth:`replace` gives a copy
    with some fields changed.

    What the table has learnt of each seat's hand during the hand in play (a suit it did not
    follow, say) is kept in :attr:`ruled_out_masks` as the hand goes, and views read it from
    there. A state built with the constructor in the middle of a hand should be given them;
    without, its views infer nothing from the tricks so far (:func:`hearts.state_from_dict`
    and records work them out).

    >>> import hearts
    >>> deal = hearts.seeded_deal(hearts.Rules(), seed=4, hand_number=0)
    >>> state = hearts.from_hands(deal.hands, hand_number=3)  # a hold hand: play at once
    >>> state.phase, len(state.to_move), state.hands == deal.hands, state.trick_number
    (<Phase.PLAY: 'play'>, 1, True, 0)
    """

    __slots__ = (
        "dealt_masks", "hand_number", "pass_count", "pass_direction", "passed_masks", "phase",
        "position", "results", "ruled_out_masks", "rules", "scores", "seed", "to_move", "tricks",
    )  # fmt: skip
    FIELDS: ClassVar[tuple[str, ...]] = _STATE_FIELDS

    rules: Rules
    seed: int
    """The seed of the deals this game offers (see :func:`hearts.new_game`)."""
    phase: Phase
    hand_number: int
    """The current hand, counted from 0."""
    scores: tuple[int, ...]
    """Each seat's total before the current hand."""
    results: Sequence[HandResult]
    """One result per finished hand, in order: a :class:`~hearts.game.history.History` (which
    one game's states share) when the engine made the state, or any sequence."""
    pass_direction: PassDirection
    """Where this hand's cards are passed: from the rules' pass cycle, or the dealer's
    choice."""
    pass_count: int
    """How many cards each seat passes this hand (0 on a hold hand)."""
    dealt_masks: tuple[int, ...]
    """Each seat's cards as dealt this hand, before passing."""
    passed_masks: tuple[int, ...]
    """The cards each seat chose to pass this hand (0 until it has passed)."""
    to_move: tuple[int, ...]
    """The seats whose move is awaited: all unpassed seats when passing, one when playing."""
    tricks: tuple[Trick, ...]
    """The completed tricks of the current hand."""
    ruled_out_masks: tuple[int, ...]
    """The cards each seat has shown by its plays this hand that it does not hold (a suit
    it did not follow, say): what every seat knows, kept as the hand goes. A state built
    without them (``None``) knows nothing of the kind."""
    position: Position
    """The hand in play as the kernel of play sees it (:class:`hearts.game.play.Position`): the
    hands, the trick and its leader, the cards taken, and whether hearts are broken."""

    def __init__(
        self,
        rules: Rules | object,
        seed: int | object,
        phase: Phase | object,
        hand_number: int | object,
        scores: tuple[int, ...] | object,
        results: Sequence[HandResult] | object,
        pass_direction: PassDirection | object,
        pass_count: int | object,
        dealt_masks: tuple[int, ...] | object,
        hand_masks: tuple[int, ...] | object,
        passed_masks: tuple[int, ...] | object,
        to_move: tuple[int, ...] | object,
        leader: int | object,
        trick: tuple[Card, ...] | object,
        tricks: tuple[Trick, ...] | object,
        taken_masks: tuple[int, ...] | object,
        hearts_broken: bool | object,
        ruled_out_masks: tuple[int, ...] | object | None = None,
        *,
        position: Position | None = None,
    ) -> None:
        # ``position``: the engine's own Position of these hands, trick, leader, cards taken
        # and hearts broken (which it passes too), kept as it is; the engine's fields are
        # right by construction, so only a state built without one is checked (the hot
        # path of apply stays as fast as it was).
        if position is None:
            position = _checked_position(
                rules, seed, phase, hand_number, scores, results, pass_direction, pass_count,
                dealt_masks, hand_masks, passed_masks, to_move, leader, trick, tricks,
                taken_masks, hearts_broken, ruled_out_masks,
            )  # fmt: skip
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "results", results)
        object.__setattr__(self, "pass_direction", pass_direction)
        object.__setattr__(self, "pass_count", pass_count)
        object.__setattr__(self, "dealt_masks", dealt_masks)
        object.__setattr__(self, "passed_masks", passed_masks)
        object.__setattr__(self, "to_move", to_move)
        object.__setattr__(self, "tricks", tricks)
        if ruled_out_masks is None:  # none known
            ruled_out_masks = (0,) * len(position.hands)
        object.__setattr__(self, "ruled_out_masks", ruled_out_masks)
        object.__setattr__(self, "position", position)

    def replace(self, **changes: object) -> State:
        """A copy with the given fields changed, each of its field's type.

        Unlike the constructor, it checks what it is given (in the pure build as the
        compiled one): a field that does not exist, or a value of another type (a ``seed``
        that is not an int, ``hand_masks`` that are not a tuple of ints), is a TypeError
        naming the field.

        >>> import hearts
        >>> state = hearts.new_game(seed=1)
        >>> state.replace(seed=2).seed
        2
        >>> state.replace(seed="2")
        Traceback (most recent call last):
        ...
        TypeError: State.replace: seed must be an int, got '2'.
        """
        for name, value in changes.items():
            wanted = _STATE_TYPES.get(name)
            if name == "ruled_out_masks" and value is None:
                continue  # none known: the constructor's default
            if wanted is not None and not _is_of(value, wanted[0], wanted[1]):
                raise TypeError(
                    f"State.replace: {name} must be {wanted[2]}, got {describe_value(value)}."
                )
        return Value.replace(self, **changes)

    def _fields(self) -> tuple[object, ...]:
        """Every field, in the constructor's order."""
        return (
            self.rules, self.seed, self.phase, self.hand_number, self.scores, self.results,
            self.pass_direction, self.pass_count, self.dealt_masks, self.hand_masks,
            self.passed_masks, self.to_move, self.leader, self.trick, self.tricks,
            self.taken_masks, self.hearts_broken, self.ruled_out_masks,
        )  # fmt: skip

    def __str__(self) -> str:
        """The table as text: seats, hands by suit, the trick (:func:`hearts.text.table_text`)."""
        return hooks.text_of(self)

    def _repr_svg_(self) -> str:
        """The table drawn as SVG (:func:`hearts.svg.table`), for Jupyter."""
        return hooks.svg_of(self)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards (before the exchange, the passed cards are still held)."""
        return self.position.hands

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self.position.leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in the order played from the leader."""
        return cast("tuple[Card, ...]", self.position.trick)  # the kernel plays Card values

    @property
    def taken_masks(self) -> tuple[int, ...]:
        """The cards each seat has won in tricks this hand."""
        return self.position.taken

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart has been played this hand."""
        return self.position.broken

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's cards."""
        return card_sets(self.hand_masks)

    @property
    def passed(self) -> tuple[CardSet, ...]:
        """The cards each seat chose to pass this hand."""
        return card_sets(self.passed_masks)

    @property
    def taken(self) -> tuple[CardSet, ...]:
        """The cards each seat has won in tricks this hand."""
        return card_sets(self.taken_masks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won this hand."""
        players = self.rules.players
        return tuple(mask.bit_count() // players for mask in self.taken_masks)

    @property
    def trick_number(self) -> int:
        """The current trick of the hand, counted from 0."""
        return len(self.tricks)

    @property
    def dealer(self) -> int:
        """The dealer of the current hand: seat 0 deals first, then the deal moves left."""
        return self.hand_number % self.rules.players

    @property
    def current_player(self) -> int | None:
        """The one seat to move, or None when none or several are awaited."""
        return self.to_move[0] if len(self.to_move) == 1 else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over, as the last hand's scoring decided them.

        The lowest totals win (the most chips, in a chip game); equal totals share the win.
        """
        if self.phase is not Phase.OVER or not self.results:
            return ()
        return self.results[-1].winners


_INTS: Final = "a tuple of ints, one per seat"
_STATE_TYPES: Final[dict[str, tuple[type, type | None, str]]] = {
    "rules": (Rules, None, "a hearts.Rules"),
    "seed": (int, None, "an int"),
    "phase": (Phase, None, "a Phase"),
    "hand_number": (int, None, "an int"),
    "scores": (tuple, int, "a tuple of ints"),
    "results": (Sequence, HandResult, "a sequence of HandResult"),
    "pass_direction": (PassDirection, None, "a PassDirection"),
    "pass_count": (int, None, "an int"),
    "dealt_masks": (tuple, int, _INTS),
    "hand_masks": (tuple, int, _INTS),
    "passed_masks": (tuple, int, _INTS),
    "to_move": (tuple, int, "a tuple of seats (ints)"),
    "leader": (int, None, "an int"),
    "trick": (tuple, Card, "a tuple of Card"),
    "tricks": (tuple, Trick, "a tuple of Trick"),
    "taken_masks": (tuple, int, _INTS),
    "hearts_broken": (bool, None, "a bool"),
    "ruled_out_masks": (tuple, int, f"None or {_INTS}"),
}
"""What :meth:`State.replace` takes for each field: the type, that of its items, in words."""


def _is_of(value: object, kind: type, item: type | None) -> bool:
    """Whether ``value`` is a ``kind`` (not a bool for an int) of ``item`` values, if given."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        return False
    if item is None:
        return True
    if isinstance(value, (str, bytes)):
        return False
    return all(
        isinstance(each, item) and not (item is int and isinstance(each, bool))
        for each in cast("Sequence[object]", value)
    )


class Viewpoint(Protocol):
    """What :func:`legal_moves` and :func:`hearts.sample` read of one player's view.

    :class:`hearts.PlayerView` is the one implementation: the rules decide a player's
    moves from its own hand and what everybody has seen, so a view is enough.
    """

    rules: Rules
    player: int
    phase: Phase
    hand_number: int
    scores: tuple[int, ...]
    results: Sequence[HandResult]
    pass_direction: PassDirection
    pass_count: int
    to_move: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    taken_masks: tuple[int, ...]
    hearts_broken: bool
    hand_mask: int
    known_masks: tuple[int, ...]
    ruled_out_masks: tuple[int, ...]

    @property
    def unseen_mask(self) -> int:
        """The cards of the deck the player has not seen."""


def check_seat(rules: Rules, player: object) -> int:
    """``player``, if it is a seat of this game.

    A player that is not an int is a ``TypeError``; an int that is not one of the game's
    seats, a :class:`~hearts.HeartsError`.

    >>> import hearts
    >>> check_seat(hearts.Rules(), 9)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: P9 is not a seat: this game has seats P0 to P3.
    """
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(
            f"A seat is an int from 0 to {rules.players - 1}, got {describe_value(player)}."
        )
    if not 0 <= player < rules.players:
        seat = f"P{player}" if -1000 < player < 1000 else describe_value(player)
        raise HeartsError(f"{seat} is not a seat: this game has seats P0 to P{rules.players - 1}.")
    return player


# --- the constructors' checks: what a value built from outside the engine must hold ---------

_TRICK_CARDS: Final = f"a tuple of 1 to {MAX_PLAYERS} Card values, one per seat in play order"
_NOT_CARDS: Final = ~ALL_CARDS
_MAX_DIGITS: Final = 1000
_HUGE: Final = 10**_MAX_DIGITS
_LOW: Final = -_HUGE
_SHORT: Final = 1 << 60
"""A bound for the quick checks: an int below it in size is one of at most 1,000 digits
(and a short int, compared in a few instructions, in the compiled build)."""
_MINUS_SHORT: Final = -_SHORT
"""Ints of more digits are refused: Python will not print one of more than 4,300."""


_RESULT_NUMBERS: Final = (
    "tricks_won", "points", "counted", "shoot", "bonuses", "chip_changes", "adjustments",
    "changes", "scores",
)  # fmt: skip
"""The fields of a HandResult that hold one int per seat, in the constructor's order."""


def _checked_position(
    rules: object,
    seed: object,
    phase: object,
    hand_number: object,
    scores: object,
    results: object,
    pass_direction: object,
    pass_count: object,
    dealt_masks: object,
    hand_masks: object,
    passed_masks: object,
    to_move: object,
    leader: object,
    trick: object,
    tricks: object,
    taken_masks: object,
    hearts_broken: object,
    ruled_out_masks: object,
) -> Position:
    """The hand in play of a :class:`State` built from these fields, once each is checked.

    Each field is refused with a sentence naming it unless it is of its type and form.
    """
    owner = "State's"
    checked = _rules(rules, owner)
    players = checked.players
    _number(seed, owner, "seed", None)
    _per_seat(dealt_masks, owner, "dealt_masks", players, True)
    hands = _per_seat(hand_masks, owner, "hand_masks", players, True)
    _per_seat(passed_masks, owner, "passed_masks", players, True)
    led, played, done, taken, flag = _check_table(
        owner, players, phase, hand_number, scores, results, pass_direction, pass_count,
        to_move, leader, trick, tricks, taken_masks, hearts_broken,
    )  # fmt: skip
    if ruled_out_masks is not None:
        _per_seat(ruled_out_masks, owner, "ruled_out_masks", players, True)
    return Position(rules_of_play(checked), hands, played, led, not done, flag, taken)


def _check_table(
    owner: str,
    players: int,
    phase: object,
    hand_number: object,
    scores: object,
    results: object,
    pass_direction: object,
    pass_count: object,
    to_move: object,
    leader: object,
    trick: object,
    tricks: object,
    taken_masks: object,
    hearts_broken: object,
) -> tuple[int, tuple[Card, ...], tuple[Trick, ...], tuple[int, ...], bool]:
    """Check the fields a :class:`State` and a player's view share.

    Returns the leader, the trick, the tricks, the cards taken and whether hearts are
    broken, as checked.
    """
    _member(phase, Phase, owner, "phase")
    _number(hand_number, owner, "hand_number")
    _per_seat(scores, owner, "scores", players)
    _results(results, owner)
    _member(pass_direction, PassDirection, owner, "pass_direction")
    _number(pass_count, owner, "pass_count")
    _seats(to_move, owner, "to_move", players)
    led = _seat(leader, owner, "leader", players)
    played = _played(trick, owner)
    done = _tricks(tricks, owner)
    taken = _per_seat(taken_masks, owner, "taken_masks", players, True)
    return led, played, done, taken, _flag(hearts_broken, owner, "hearts_broken")


def check_view_fields(
    rules: object,
    player: object,
    phase: object,
    hand_number: object,
    scores: object,
    results: object,
    pass_direction: object,
    pass_count: object,
    to_move: object,
    leader: object,
    trick: object,
    tricks: object,
    taken_masks: object,
    hearts_broken: object,
    hand_mask: object,
    dealt_mask: object,
    passed_mask: object,
    received_mask: object,
    hand_sizes: object,
    known_masks: object,
    ruled_out_masks: object,
) -> None:
    """Refuse a hand-built :class:`hearts.PlayerView`'s fields unless of their type and form.

    As a :class:`State`'s are; the view's constructor calls this.

    >>> import hearts
    >>> seen = hearts.view(hearts.new_game(seed=1), 0)
    >>> seen.replace(hand_sizes=(13, 13, 13, -1))
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: PlayerView's hand_sizes must be a tuple of 4 ints, one per seat, each at least 0, got -1 among them.
    """
    owner = "PlayerView's"
    players = _rules(rules, owner).players
    _seat(player, owner, "player", players)
    _check_table(
        owner, players, phase, hand_number, scores, results, pass_direction, pass_count,
        to_move, leader, trick, tricks, taken_masks, hearts_broken,
    )  # fmt: skip
    for name, mask in (
        ("hand_mask", hand_mask),
        ("dealt_mask", dealt_mask),
        ("passed_mask", passed_mask),
        ("received_mask", received_mask),
    ):
        _mask(mask, owner, name)
    for size in _per_seat(hand_sizes, owner, "hand_sizes", players):
        if size < 0:
            raise HeartsError(
                f"PlayerView's hand_sizes must be a tuple of {players} ints, one per "
                f"seat, each at least 0, got {describe_value(size)} among them."
            )
    _per_seat(known_masks, owner, "known_masks", players, True)
    _per_seat(ruled_out_masks, owner, "ruled_out_masks", players, True)


def _check_result(
    hand_number: object,
    pass_direction: object,
    dealt: object,
    passed: object,
    tricks: object,
    claim: object,
    tricks_won: object,
    points: object,
    moon: object,
    sun: object,
    shoot_mode: object,
    counted: object,
    shoot: object,
    bonuses: object,
    chip_changes: object,
    adjustments: object,
    changes: object,
    scores: object,
    pool: object,
    winners: object,
) -> None:
    """Refuse the fields of a :class:`HandResult` unless each is of its type and form."""
    numbers = (
        tricks_won, points, counted, shoot, bonuses, chip_changes, adjustments, changes, scores,
    )  # fmt: skip
    owner = "HandResult's"
    if not _plain_result(
        hand_number, pass_direction, dealt, passed, tricks, numbers, (claim, moon, sun)
    ):
        players = _card_sets_per_seat(dealt, owner, "dealt", None)
        _card_sets_per_seat(passed, owner, "passed", players)
        _number(hand_number, owner, "hand_number")
        _member(pass_direction, PassDirection, owner, "pass_direction")
        _tricks(tricks, owner)
        _optional_seat(claim, owner, "claim", players)
        for name, value in zip(_RESULT_NUMBERS, numbers, strict=True):
            _per_seat(value, owner, name, players)
        _optional_seat(moon, owner, "moon", players)
        _optional_seat(sun, owner, "sun", players)
    _member(shoot_mode, ShootMode, owner, "shoot_mode", none=True)
    if type(pool) is not int or not 0 <= pool < _SHORT:
        _number(pool, owner, "pool")
    if winners != ():
        _seats(winners, owner, "winners", len(cast("tuple[object, ...]", dealt)))


def _plain_result(
    hand_number: object,
    pass_direction: object,
    dealt: object,
    passed: object,
    tricks: object,
    numbers: tuple[object, ...],
    seats: tuple[object, ...],
) -> bool:
    """Whether a HandResult's fields are all of their usual form, as the engine makes them.

    A quick look, without words: a field it does not pass is then checked on its own.
    """
    if type(dealt) is not tuple or type(passed) is not tuple or type(tricks) is not tuple:
        return False
    players = len(dealt)
    if not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
        and len(passed) == players
        and type(hand_number) is int
        and 0 <= hand_number < _SHORT
        and type(pass_direction) is _PASS_DIRECTION
    ):
        return False
    for cards in dealt + passed:
        if type(cards) is not CardSet:
            return False
    for trick in tricks:
        if type(trick) is not Trick:
            return False
    for seat in seats:
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            return False
    for values in numbers:
        if type(values) is not tuple or len(values) != players:
            return False
        for value in values:
            if type(value) is not int or not _MINUS_SHORT < value < _SHORT:
                return False
    return True


def _is_int(value: object) -> bool:
    """Whether ``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object, owner: str, name: str, low: int | None = 0) -> int:
    """``value``, if it is an int of at least ``low`` (any, if None) and at most 1,000 digits."""
    if type(value) is int and (_MINUS_SHORT if low is None else low) <= value < _SHORT:
        return value
    what = "an int" if low is None else f"an int of at least {low}"
    if not _is_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if low is not None and value < low:
        raise HeartsError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    if not _LOW < value < _HUGE:
        raise HeartsError(
            f"{owner} {name} must be {what} of at most {_MAX_DIGITS:,} digits, got "
            f"{describe_value(value)}."
        )
    return value


def _mask(value: object, owner: str, name: str) -> int:
    """``value``, if it is a card mask; a sentence otherwise."""
    what = "a card mask (an int, as CardSet.mask)"
    if not _is_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if value < 0 or value & _NOT_CARDS:
        raise HeartsError(
            f"{owner} {name} must be {what} of the cards 0 to {ALL_CARDS.bit_length() - 1}, "
            f"got {describe_value(value)}."
        )
    return value


def _seat(value: object, owner: str, name: str, players: int) -> int:
    """``value``, if it is one of ``players`` seats; a sentence otherwise."""
    what = f"a seat, an int from 0 to {players - 1}"
    if not _is_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if not 0 <= value < players:
        seat = f"P{value}" if -1000 < value < 1000 else describe_value(value)
        raise HeartsError(f"{owner} {name} must be {what}: {seat} is not a seat.")
    return value


def _optional_seat(value: object, owner: str, name: str, players: int) -> int | None:
    """``value``, if it is None or one of ``players`` seats; a sentence otherwise."""
    if value is None:
        return None
    what = f"None or a seat, an int from 0 to {players - 1}"
    if not _is_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if not 0 <= value < players:
        raise HeartsError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    return value


def _seats(value: object, owner: str, name: str, players: int) -> tuple[int, ...]:
    """``value``, if it is a tuple of distinct seats of ``players``; a sentence otherwise."""
    if value == ():
        return ()
    what = f"a tuple of distinct seats, ints from 0 to {players - 1}"
    if not isinstance(value, tuple) or not all([_is_int(seat) for seat in value]):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    seats = cast("tuple[int, ...]", value)
    if len(set(seats)) != len(seats) or not all([0 <= seat < players for seat in seats]):
        raise HeartsError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    return seats


def _per_seat(
    value: object, owner: str, name: str, players: int, masks: bool = False
) -> tuple[int, ...]:
    """``value``, if it is a tuple of one int (card mask, with ``masks``) per seat."""
    if type(value) is tuple and len(value) == players:  # the usual case, checked quickly
        if masks:
            for item in value:
                if type(item) is not int or item < 0 or item & _NOT_CARDS:
                    break
            else:
                return value
        else:
            for item in value:
                if type(item) is not int or not _MINUS_SHORT < item < _SHORT:
                    break
            else:
                return value
    kind = "card masks (ints, as CardSet.mask)" if masks else "ints"
    what = f"a tuple of {players} {kind}, one per seat"
    if not isinstance(value, tuple) or not all([_is_int(item) for item in value]):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    found = cast("tuple[int, ...]", value)
    if len(found) != players:
        raise HeartsError(
            f"{owner} {name} must be {what}, got {describe_value(value)} ({len(found)} values)."
        )
    for item in found:
        if masks and (item < 0 or item & ~ALL_CARDS):
            raise HeartsError(
                f"{owner} {name} must be {what}, each of the cards 0 to "
                f"{ALL_CARDS.bit_length() - 1}, got {describe_value(item)} among them."
            )
        if not _LOW < item < _HUGE:
            raise HeartsError(
                f"{owner} {name} must be {what}, each of at most {_MAX_DIGITS:,} digits, got "
                f"{describe_value(item)} among them."
            )
    return found


def _member(
    value: object, kind: type[enum.Enum], owner: str, name: str, none: bool = False
) -> None:
    """Refuse ``value`` unless it is a member of ``kind`` (or None, with ``none``)."""
    if not isinstance(value, kind) and not (none and value is None):
        what = f"{'None or ' if none else ''}a {kind.__name__}"
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")


def _flag(value: object, owner: str, name: str) -> bool:
    """``value``, if it is a bool; a sentence otherwise."""
    if not isinstance(value, bool):
        raise TypeError(f"{owner} {name} must be a bool, got {describe_value(value)}.")
    return value


def _card_sets_per_seat(value: object, owner: str, name: str, players: int | None) -> int:
    """How many seats ``value`` has a CardSet for (``players``, when given); a sentence otherwise."""
    if type(value) is tuple and (
        len(value) == players if players is not None else MIN_PLAYERS <= len(value) <= MAX_PLAYERS
    ):
        for cards in value:
            if type(cards) is not CardSet:
                break
        else:
            return len(value)
    seats = f"{players}" if players is not None else f"{MIN_PLAYERS} to {MAX_PLAYERS}"
    what = f"a tuple of CardSet values, one per seat ({seats})"
    if not isinstance(value, tuple) or not all([isinstance(cards, CardSet) for cards in value]):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    count = len(value)
    if count != players if players is not None else not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise HeartsError(
            f"{owner} {name} must be {what}, got {describe_value(value)} ({count} values)."
        )
    return count


def _trick_cards(cards: object) -> tuple[object, ...]:
    """A trick's ``cards`` given as a sequence other than a tuple, as a tuple."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TypeError(f"Trick's cards must be {_TRICK_CARDS}, got {describe_value(cards)}.")
    return tuple(cards)


def _played(value: object, owner: str) -> tuple[Card, ...]:
    """``value``, if it is the cards of a trick in play: a tuple of Card values."""
    if not isinstance(value, tuple) or not all([isinstance(card, Card) for card in value]):
        raise TypeError(
            f"{owner} trick must be a tuple of Card values, got {describe_value(value)}."
        )
    return cast("tuple[Card, ...]", value)


def _tricks(value: object, owner: str) -> tuple[Trick, ...]:
    """``value``, if it is a tuple of Trick values; a sentence otherwise."""
    if type(value) is tuple:  # the usual case, checked quickly
        for trick in value:
            if type(trick) is not Trick:
                break
        else:
            return value
    if not isinstance(value, tuple) or not all([isinstance(trick, Trick) for trick in value]):
        raise TypeError(
            f"{owner} tricks must be a tuple of Trick values, got {describe_value(value)}."
        )
    return cast("tuple[Trick, ...]", value)


def _results(value: object, owner: str) -> Sequence[HandResult]:
    """``value``, if it is a sequence of HandResult values (a History or a tuple)."""
    if (
        isinstance(value, (str, bytes))
        or not isinstance(value, Sequence)
        or not all([isinstance(result, HandResult) for result in value])
    ):
        raise TypeError(
            f"{owner} results must be a sequence of HandResult values (a History or a "
            f"tuple), got {describe_value(value)}."
        )
    return cast("Sequence[HandResult]", value)


def _rules(value: object, owner: str) -> Rules:
    """``value``, if it is a Rules; a sentence otherwise."""
    if not isinstance(value, Rules):
        raise TypeError(f"{owner} rules must be a hearts.Rules value, got {describe_value(value)}.")
    return value
