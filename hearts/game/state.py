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
from hearts.game.cards import Card, CardSet, card_set_unchecked
from hearts.game.field_checks import (
    field_flag,
    field_mask,
    field_member,
    field_number,
    field_per_seat,
    field_played,
    field_rules,
    field_seat,
    field_seats,
)
from hearts.game.hand import HandResult, Trick, field_tricks
from hearts.game.play import Position, rules_of_play
from hearts.game.rules import PassDirection, Rules
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
    checked = field_rules(rules, owner)
    players = checked.players
    field_number(seed, owner, "seed", None)
    field_per_seat(dealt_masks, owner, "dealt_masks", players, True)
    hands = field_per_seat(hand_masks, owner, "hand_masks", players, True)
    field_per_seat(passed_masks, owner, "passed_masks", players, True)
    led, played, done, taken, flag = _check_table(
        owner, players, phase, hand_number, scores, results, pass_direction, pass_count,
        to_move, leader, trick, tricks, taken_masks, hearts_broken,
    )  # fmt: skip
    if ruled_out_masks is not None:
        field_per_seat(ruled_out_masks, owner, "ruled_out_masks", players, True)
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
    field_member(phase, Phase, owner, "phase")
    field_number(hand_number, owner, "hand_number")
    field_per_seat(scores, owner, "scores", players)
    _results(results, owner)
    field_member(pass_direction, PassDirection, owner, "pass_direction")
    field_number(pass_count, owner, "pass_count")
    field_seats(to_move, owner, "to_move", players)
    led = field_seat(leader, owner, "leader", players)
    played = field_played(trick, owner)
    done = field_tricks(tricks, owner)
    taken = field_per_seat(taken_masks, owner, "taken_masks", players, True)
    return led, played, done, taken, field_flag(hearts_broken, owner, "hearts_broken")


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
    players = field_rules(rules, owner).players
    field_seat(player, owner, "player", players)
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
        field_mask(mask, owner, name)
    for size in field_per_seat(hand_sizes, owner, "hand_sizes", players):
        if size < 0:
            raise HeartsError(
                f"PlayerView's hand_sizes must be a tuple of {players} ints, one per "
                f"seat, each at least 0, got {describe_value(size)} among them."
            )
    field_per_seat(known_masks, owner, "known_masks", players, True)
    field_per_seat(ruled_out_masks, owner, "ruled_out_masks", players, True)


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
