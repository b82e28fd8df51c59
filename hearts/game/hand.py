"""The values of a hand played: its tricks (:class:`Trick`) and its result (:class:`HandResult`).

Both are frozen values the engine makes; built from outside it, each checks its fields
(:mod:`hearts.game.field_checks`), a result quickly first when they are all of the form
the engine gives them. :mod:`hearts.game.state` holds them, and offers them under its own
name too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final, cast, final

from hearts.errors import HeartsError, describe_value
from hearts.game import hooks
from hearts.game.cards import Card, CardSet
from hearts.game.field_checks import (
    MINUS_SHORT,
    SHORT,
    TRICK_CARDS,
    field_card_sets,
    field_member,
    field_number,
    field_optional_seat,
    field_per_seat,
    field_seat,
    field_seats,
    trick_cards,
)
from hearts.game.frozen import mutable_twin
from hearts.game.options import MAX_PLAYERS, MIN_PLAYERS
from hearts.game.rules import PassDirection, ShootMode
from hearts.game.value import Value

__all__ = ["HandResult", "Trick", "field_tricks", "trick_of"]

_MOST_SEATS: Final = MAX_PLAYERS
"""The most seats a table has: a trick holds at most one card from each."""
_CARD: Final = Card
_PASS_DIRECTION: Final = PassDirection
"""Classes of other modules, kept here: the compiled build reads them without a lookup."""


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
        played = cards if isinstance(cards, tuple) else trick_cards(cards)
        if not 0 < len(played) <= _MOST_SEATS:
            raise HeartsError(f"Trick's cards must be {TRICK_CARDS}, got {describe_value(played)}.")
        for card in played:
            if type(card) is not _CARD and not isinstance(card, Card):
                raise TypeError(
                    f"Trick's cards must be {TRICK_CARDS}, got {describe_value(card)} among them."
                )
        mask = 0
        for number in cast("tuple[int, ...]", played):  # read as ints: plain shifts compiled
            mask |= 1 << number
        if type(leader) is not int or not 0 <= leader < _MOST_SEATS:
            field_seat(leader, "Trick's", "leader", _MOST_SEATS)
        if type(winner) is not int or not 0 <= winner < _MOST_SEATS:
            field_seat(winner, "Trick's", "winner", _MOST_SEATS)
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


_TRICK_TWIN: Final = mutable_twin(Trick)


def trick_of(leader: int, cards: tuple[Card, ...], winner: int) -> Trick:
    """``Trick(leader, cards, winner)`` for the engine's own tricks, whose fields are right.

    Unchecked, and built from a :func:`~hearts.game.frozen.mutable_twin` in the pure build.

    >>> trick_of(3, (Card("2C"), Card("KC"), Card("5C"), Card("9D")), 0) == Trick(
    ...     3, (Card("2C"), Card("KC"), Card("5C"), Card("9D")), 0)
    True
    """
    if _TRICK_TWIN is None:
        return Trick(leader, cards, winner)
    mask = 0
    for number in cards:
        mask |= 1 << number
    made = _TRICK_TWIN()
    made.leader = leader
    made.cards = cards
    made.winner = winner
    made.mask = mask
    made.__class__ = Trick
    return made


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


_RESULT_NUMBERS: Final = (
    "tricks_won", "points", "counted", "shoot", "bonuses", "chip_changes", "adjustments",
    "changes", "scores",
)  # fmt: skip
"""The fields of a HandResult that hold one int per seat, in the constructor's order."""


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
        players = field_card_sets(dealt, owner, "dealt", None)
        field_card_sets(passed, owner, "passed", players)
        field_number(hand_number, owner, "hand_number")
        field_member(pass_direction, PassDirection, owner, "pass_direction")
        field_tricks(tricks, owner)
        field_optional_seat(claim, owner, "claim", players)
        for name, value in zip(_RESULT_NUMBERS, numbers, strict=True):
            field_per_seat(value, owner, name, players)
        field_optional_seat(moon, owner, "moon", players)
        field_optional_seat(sun, owner, "sun", players)
    field_member(shoot_mode, ShootMode, owner, "shoot_mode", none=True)
    if type(pool) is not int or not 0 <= pool < SHORT:
        field_number(pool, owner, "pool")
    if winners != ():
        field_seats(winners, owner, "winners", len(cast("tuple[object, ...]", dealt)))


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
        and 0 <= hand_number < SHORT
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
            if type(value) is not int or not MINUS_SHORT < value < SHORT:
                return False
    return True


def field_tricks(value: object, owner: str) -> tuple[Trick, ...]:
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
