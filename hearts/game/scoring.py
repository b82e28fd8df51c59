"""Scoring: the points of a finished hand, the moon and the sun, and the end of the game.

This is the one place where points are counted. When the last trick of a hand is taken (or
claimed), the engine asks :func:`shoot_options` whether the shooter of a moon or sun has a
choice to make, then calls :func:`score_hand`, whose :class:`~hearts.HandResult` carries the
new totals and, when the hand ended the game, its winners.

Standard scoring (Microsoft Hearts, Bicycle, pagat.com): each heart taken is 1 point and Q♠
13. A player who takes every penalty card *shoots the moon*: it scores 0 and every other
player scores the moon value (26). The game ends after the hand in which a total reaches
the target (100); the lowest total wins.

>>> from hearts import Rules, CardSet
>>> rules = Rules()
>>> hand_points(rules, CardSet("QS 2H 3H 4C").mask)
15
>>> game_winners(rules, (99, 40, 100, 12), hands_played=5), game_winners(rules, (99, 40, 60, 12), hands_played=5)
((3,), ())
"""

from __future__ import annotations

from typing import Final, final

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import HEARTS_MASK, card_count, card_set_unchecked
from hearts.game.rules import PassDirection, Rules, ShootMode
from hearts.game.scoring_args import (
    checked_count,
    checked_mask,
    checked_per_seat,
    checked_rules,
    checked_tricks,
)
from hearts.game.state import HandResult, Trick

__all__ = [
    "additive",
    "game_winners",
    "hand_changes",
    "hand_points",
    "reads_trick_counts",
    "score_hand",
    "score_hand_unchecked",
    "scoring_cards",
    "shoot_options",
    "shooter",
]

_OFF: Final = ShootMode.OFF
_CHOOSE: Final = ShootMode.CHOOSE


def hand_points_unchecked(rules: Rules, taken_mask: int) -> int:
    """:func:`hand_points` of arguments known to be right, unchecked."""
    total = 0
    for value, cards in rules.point_groups:
        total += value * card_count(taken_mask & cards)
    return total


def shooter_unchecked(rules: Rules, taken_masks: tuple[int, ...]) -> tuple[str, int] | None:
    """:func:`shooter` of arguments known to be right, unchecked."""
    if rules.sun is not _OFF:
        every_trick = rules.hand_size * rules.players
        for seat, mask in enumerate(taken_masks):
            if card_count(mask) == every_trick:
                return ("sun", seat)
    need = rules.moon_mask
    if rules.moon is not _OFF and need:
        together = rules.partners and rules.partners_shoot_together
        for seat, mask in enumerate(taken_masks):
            cards = mask
            if together:  # the partnership's cards
                partner = rules.partner_seats[seat]
                cards |= taken_masks[partner]
                if card_count(taken_masks[partner] & need) > card_count(mask & need):
                    continue  # the partner who took more of them is named the shooter
            if cards & need == need:
                return ("moon", seat)
    return None


def shoot_options_unchecked(
    rules: Rules, taken_masks: tuple[int, ...], scores: tuple[int, ...]
) -> tuple[int, tuple[ShootMode, ...]] | None:
    """:func:`shoot_options` of arguments known to be right, unchecked."""
    shot = shooter_unchecked(rules, taken_masks)
    if shot is None:
        return None
    kind, seat = shot
    mode = rules.sun if kind == "sun" else rules.moon
    if mode is not _CHOOSE:
        return None
    value = rules.sun_points if kind == "sun" else rules.moon_points
    if rules.moon_choice_needs_score and scores[seat] < value:
        return None
    return seat, (ShootMode.ADD, ShootMode.SUBTRACT)


def score_hand(
    rules: Rules | object,
    *,
    hand_number: int | object,
    pass_direction: PassDirection | object,
    scores: tuple[int, ...] | object,
    dealt_masks: tuple[int, ...] | object,
    passed_masks: tuple[int, ...] | object,
    tricks: tuple[Trick, ...] | object,
    taken_masks: tuple[int, ...] | object,
    pool: int | object = 0,
    choice: ShootMode | object | None = None,
) -> HandResult:
    """Score a finished hand and describe it.

    ``pool`` is the chip pool carried into the hand (chip scoring); ``choice`` is the
    shooter's :class:`~hearts.ShootChoice`, when it had one. Cards taken but in no trick
    were claimed (TRAM); their taker is the result's ``claim``. Each argument is checked:
    one of another type, or a tuple without one value per seat, is refused with a sentence.

    >>> import hearts
    >>> state = hearts.new_game(seed=11)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[-1])
    >>> result = state.results[0]
    >>> result.changes == result.points or result.moon is not None
    True
    """
    where = "score_hand"
    checked = checked_rules(rules, where)
    if not isinstance(pass_direction, PassDirection):
        raise TypeError(
            f"score_hand's pass_direction must be a PassDirection, got "
            f"{describe_value(pass_direction)}."
        )
    if not pass_direction.allowed_with(checked.players):
        raise HeartsError(
            f"score_hand's pass_direction {pass_direction.value!r} is not a pass at a table of "
            f"{checked.players}."
        )
    if choice is not None and not isinstance(choice, ShootMode):
        raise TypeError(
            f"score_hand's choice must be None or a ShootMode, got {describe_value(choice)}."
        )
    return score_hand_unchecked(
        checked,
        hand_number=checked_count(hand_number, where, "hand_number"),
        pass_direction=pass_direction,
        scores=checked_per_seat(scores, checked, where, "scores"),
        dealt_masks=checked_per_seat(dealt_masks, checked, where, "dealt_masks", True),
        passed_masks=checked_per_seat(passed_masks, checked, where, "passed_masks", True),
        tricks=checked_tricks(tricks, checked),
        taken_masks=checked_per_seat(taken_masks, checked, where, "taken_masks", True),
        pool=checked_count(pool, where, "pool"),
        choice=choice,
    )


def score_hand_unchecked(
    rules: Rules,
    *,
    hand_number: int,
    pass_direction: PassDirection,
    scores: tuple[int, ...],
    dealt_masks: tuple[int, ...],
    passed_masks: tuple[int, ...],
    tricks: tuple[Trick, ...],
    taken_masks: tuple[int, ...],
    pool: int,
    choice: ShootMode | None,
) -> HandResult:
    """:func:`score_hand` of arguments known to be right (the engine's own), unchecked.

    >>> import hearts
    >>> state = hearts.new_game(seed=11)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[-1])
    >>> done = state.results[0]
    >>> taken = [0] * 4
    >>> for trick in done.tricks:
    ...     taken[trick.winner] |= trick.mask
    >>> score_hand_unchecked(
    ...     state.rules, hand_number=0, pass_direction=done.pass_direction, scores=(0,) * 4,
    ...     dealt_masks=tuple(hand.mask for hand in done.dealt),
    ...     passed_masks=tuple(cards.mask for cards in done.passed), tricks=done.tricks,
    ...     taken_masks=tuple(taken), pool=0, choice=None) == done
    True
    """
    claim = None
    if len(tricks) < rules.hand_size:  # the rest were claimed: by the one who took them
        played = 0
        for trick in tricks:
            played |= trick.mask
        claimed = rules.deck_mask & ~played
        claim = next((seat for seat, mask in enumerate(taken_masks) if mask & claimed), None)
    tally = _tally(rules, hand_number, scores, taken_masks, pool, choice)
    return HandResult(
        hand_number=hand_number,
        pass_direction=pass_direction,
        dealt=tuple([card_set_unchecked(mask) for mask in dealt_masks]),
        passed=tuple([card_set_unchecked(mask) for mask in passed_masks]),
        tricks=tricks,
        claim=claim,
        tricks_won=tally.tricks_won,
        points=tally.points,
        moon=tally.moon,
        sun=tally.sun,
        shoot_mode=tally.mode,
        counted=tally.counted,
        shoot=tally.shoot,
        bonuses=tally.bonuses,
        chip_changes=tally.chip_changes,
        adjustments=tally.adjustments,
        changes=_minus(tally.totals, scores),
        scores=tally.totals,
        pool=tally.pool,
        winners=_game_winners(rules, tally.totals, hand_number + 1),
        _unchecked=True,  # made here of checked arguments: not checked again, field by field
    )


def hand_changes_unchecked(
    rules: Rules,
    scores: tuple[int, ...],
    taken_masks: tuple[int, ...],
    *,
    hand_number: int = 0,
    pool: int = 0,
    choice: ShootMode | None = None,
) -> tuple[int, ...]:
    """:func:`hand_changes` of arguments known to be right, unchecked."""
    totals = _tally(rules, hand_number, scores, taken_masks, pool, choice).totals
    return _minus(totals, scores)


def scoring_cards(rules: Rules) -> int:
    """The cards whose taker the score of a hand reads.

    Those with points, the multiplier cards, and those a moon, a bonus or a chip game
    counts (the hearts too, with a bonus for taking none): who took any other card changes
    no score.

    >>> from hearts import CardSet
    >>> CardSet.from_mask(scoring_cards(Rules.preset("omnibus"))) == CardSet(
    ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS JD")
    True
    """
    cards = rules.point_mask | rules.moon_mask | rules.penalty_mask | rules.bonus_mask
    cards |= rules.multiplier_mask
    return cards | (rules.deck_mask & HEARTS_MASK if rules.no_heart_bonus else 0)


def reads_trick_counts(rules: Rules) -> bool:
    """Whether the score of a hand reads how many tricks each seat took.

    It does for the sun, and for a bonus for taking no trick.

    >>> reads_trick_counts(Rules()), reads_trick_counts(Rules(sun="add"))
    (False, True)
    """
    return rules.sun is not _OFF or rules.no_trick_bonus != 0


def additive(rules: Rules, taken_masks: tuple[int, ...]) -> bool:
    """Whether the rest of the hand scores as a sum over the cards still to be taken.

    So it does once nobody can shoot the moon or the sun any more, no seat can still end
    with no trick (or no heart, when either earns a bonus), and no total can be reset,
    floored, multiplied or paid in chips: from then on each card adds its points to the
    seat that takes it, whatever else happens.

    >>> from hearts import CardSet
    >>> rules = Rules()
    >>> additive(rules, (CardSet("2H").mask, 0, 0, 0))  # P0 might still shoot the moon
    False
    >>> additive(rules, (CardSet("2H").mask, CardSet("3H").mask, 0, 0))
    True
    """
    if rules.chips is not None or rules.resets or rules.score_floor is not None:
        return False
    if rules.partners:  # a card's points go to its taker's partner too
        return False
    if rules.multiplier_mask:  # a multiplier card scales its taker's every point
        return False
    moon_mask = rules.moon_mask
    hearts = rules.deck_mask & HEARTS_MASK if rules.no_heart_bonus else 0
    moon_takers = trick_takers = heart_takers = 0
    for taken in taken_masks:
        if taken & moon_mask:
            moon_takers += 1
        if taken:
            trick_takers += 1
        if taken & hearts:
            heart_takers += 1
    if hearts and heart_takers < rules.players:
        return False
    if rules.moon is not _OFF and moon_mask and moon_takers < 2:
        return False
    if rules.sun is not _OFF and trick_takers < 2:
        return False
    return not rules.no_trick_bonus or trick_takers == rules.players


@final
class _Tally:
    """The parts of a hand's score (the fields of :class:`~hearts.HandResult` they fill)."""

    __slots__ = (
        "adjustments",
        "bonuses",
        "chip_changes",
        "counted",
        "mode",
        "moon",
        "points",
        "pool",
        "shoot",
        "sun",
        "totals",
        "tricks_won",
    )  # fmt: skip

    def __init__(
        self,
        points: tuple[int, ...],
        tricks_won: tuple[int, ...],
        counted: tuple[int, ...],
        shoot: tuple[int, ...],
        bonuses: tuple[int, ...],
        chip_changes: tuple[int, ...],
        adjustments: tuple[int, ...],
        totals: tuple[int, ...],
        pool: int,
        moon: int | None,
        sun: int | None,
        mode: ShootMode | None,
    ) -> None:
        self.points, self.tricks_won, self.counted, self.shoot = points, tricks_won, counted, shoot
        self.bonuses, self.chip_changes, self.adjustments = bonuses, chip_changes, adjustments
        self.totals, self.pool, self.moon, self.sun, self.mode = totals, pool, moon, sun, mode


def _tally(
    rules: Rules,
    hand_number: int,
    scores: tuple[int, ...],
    taken_masks: tuple[int, ...],
    pool: int,
    choice: ShootMode | None,
) -> _Tally:
    """Score the cards each seat took: points, the moon or sun, bonuses, chips, adjustments."""
    players = rules.players
    zeros = (0,) * players
    groups = rules.point_groups
    taken_points = []
    for mask in taken_masks:
        total = 0
        for value, cards in groups:
            total += value * card_count(mask & cards)
        taken_points.append(total)
    points = tuple(taken_points)
    tricks_won = tuple([card_count(mask) // players for mask in taken_masks])
    counted, shoot, bonuses, chip_changes = points, zeros, zeros, zeros
    moon = sun = None
    mode = None
    if rules.chips is not None:
        chip_changes, pool = _chip_changes(rules, taken_masks, pool)
        counted = zeros
    else:
        shot = shooter_unchecked(rules, taken_masks)
        if shot is not None:
            kind, seat = shot
            if kind == "sun":
                sun, value, mode = seat, rules.sun_points, rules.sun
            else:
                moon, value, mode = seat, rules.moon_points, rules.moon
            bonus = rules.bonus_mask if rules.bonus_counts_on_shoot else 0
            counted = tuple(hand_points_unchecked(rules, mask & bonus) for mask in taken_masks)
            if rules.multiplier_mask:
                counted = _multiplied(rules, counted, taken_masks, alone=False)
            if mode is ShootMode.CHOOSE:
                mode = choice if choice is not None else ShootMode.ADD
            elif mode is ShootMode.SAFETY:
                added = _add_shot(players, seat, value)
                totals = _sum(_sum(scores, counted), added)
                totals = _sum(totals, _adjustments(rules, scores, totals))
                winners = _game_winners(rules, totals, hand_number + 1)
                unsafe = winners and seat not in winners
                mode = ShootMode.SUBTRACT if unsafe else ShootMode.ADD
            shoot = (
                _add_shot(players, seat, value)
                if mode is ShootMode.ADD
                else tuple(-value if s == seat else 0 for s in range(players))
            )
        else:
            if rules.multiplier_mask:
                counted = _multiplied(rules, counted, taken_masks, alone=True)
            if rules.no_trick_bonus or rules.no_heart_bonus:
                bonuses = _bonuses(rules, taken_masks, tricks_won)
        if rules.partner_seats:  # each partner carries the partnership's score
            counted, bonuses = _teams(rules, counted), _teams(rules, bonuses)
            if shot is not None and rules.partners_shoot_together:
                shoot = _team_shot(rules, shot[1], value, mode)
            else:
                shoot = _teams(rules, shoot)
    totals = _sum(scores, counted)
    for term in (shoot, bonuses, chip_changes):
        if term is not zeros:
            totals = _sum(totals, term)
    adjustments = _adjustments(rules, scores, totals) if rules.chips is None else zeros
    if any(adjustments):
        totals = _sum(totals, adjustments)
    return _Tally(
        points, tricks_won, counted, shoot, bonuses, chip_changes, adjustments, totals, pool,
        moon, sun, mode,
    )  # fmt: skip


def _multiplied(
    rules: Rules, counted: tuple[int, ...], taken_masks: tuple[int, ...], *, alone: bool
) -> tuple[int, ...]:
    """The counted points with each taker's multiplier cards applied (``Rules.multipliers``).

    A seat that took multiplier cards but no card worth points scores
    ``Rules.multiplier_alone`` instead, unless the moon or sun was shot (``alone`` False).
    """
    result = []
    for points, taken in zip(counted, taken_masks, strict=True):
        value = points
        if taken & rules.multiplier_mask:
            if alone and not taken & rules.point_mask:
                value = rules.multiplier_alone
            else:
                for card, factor in rules.multipliers:
                    if taken >> card & 1:
                        value *= factor
        result.append(value)
    return tuple(result)


def _teams(rules: Rules, per_seat: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's value plus its partner's: what its partnership scores."""
    partner = rules.partner_seats
    return tuple([value + per_seat[partner[seat]] for seat, value in enumerate(per_seat)])


def _team_shot(rules: Rules, shooter: int, value: int, mode: ShootMode | None) -> tuple[int, ...]:
    """A partnership's shot: the other partnership scores the value, or the shooters lose it."""
    side = (shooter, rules.partner_seats[shooter])
    if mode is ShootMode.ADD:
        return tuple([0 if seat in side else value for seat in range(rules.players)])
    return tuple([-value if seat in side else 0 for seat in range(rules.players)])


def _bonuses(
    rules: Rules, taken_masks: tuple[int, ...], tricks_won: tuple[int, ...]
) -> tuple[int, ...]:
    """The bonus of each seat for taking no trick and for taking no heart."""
    hearts = rules.deck_mask & HEARTS_MASK
    return tuple(
        [
            (rules.no_trick_bonus if won == 0 else 0)
            + (rules.no_heart_bonus if not taken & hearts else 0)
            for taken, won in zip(taken_masks, tricks_won, strict=True)
        ]
    )


def _game_winners(rules: Rules, scores: tuple[int, ...], hands_played: int) -> tuple[int, ...]:
    """:func:`game_winners` of arguments known to be right, unchecked."""
    ended = rules.hands is not None and hands_played >= rules.hands
    if rules.chips is not None:
        ended = ended or min(scores) <= 0 or max(scores) >= rules.chips * rules.players
        best = max(scores)
    else:
        target = rules.target
        if target is not None:
            top = max(scores)
            ended = ended or (top > target if rules.target_must_be_exceeded else top >= target)
        best = min(scores)
    if not ended:
        return ()
    winners = tuple(seat for seat, score in enumerate(scores) if score == best)
    if rules.play_on_ties:
        partner = rules.partner_seats
        sides = {min(seat, partner[seat]) for seat in winners} if partner else set(winners)
        if len(sides) > 1:  # a tie between players, or between partnerships
            return ()
    return winners


def _chip_changes(
    rules: Rules, taken_masks: tuple[int, ...], pool: int
) -> tuple[tuple[int, ...], int]:
    """Everyone pays one chip; the pool is shared by the players who took no penalty card."""
    pool += rules.players
    clean = [seat for seat, mask in enumerate(taken_masks) if not mask & rules.penalty_mask]
    share = pool // len(clean) if clean else 0
    pool -= share * len(clean)
    return tuple(-1 + (share if seat in clean else 0) for seat in range(rules.players)), pool


def _adjustments(rules: Rules, before: tuple[int, ...], totals: tuple[int, ...]) -> tuple[int, ...]:
    """Exact-score resets, then the score floor.

    A total that lands exactly on one of ``resets`` this hand loses ``reset_amount``.
    """
    if not rules.resets and rules.score_floor is None:
        return (0,) * len(totals)
    changes = []
    for previous, total in zip(before, totals, strict=True):
        landed = total != previous and total in rules.resets
        adjusted = total - rules.reset_amount if landed else total
        if rules.score_floor is not None:
            adjusted = max(adjusted, rules.score_floor)
        changes.append(adjusted - total)
    return tuple(changes)


def _add_shot(players: int, shooter: int, value: int) -> tuple[int, ...]:
    return tuple(0 if seat == shooter else value for seat in range(players))


def _sum(one: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
    """Seat by seat, ``one`` plus ``other``."""
    return tuple([one[seat] + other[seat] for seat in range(len(one))])


def _minus(one: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
    """Seat by seat, ``one`` less ``other``."""
    return tuple([one[seat] - other[seat] for seat in range(len(one))])


# --- the helpers as exported: each checks its arguments, then calls its kernel above ----------


def hand_points(rules: Rules | object, taken_mask: int | object) -> int:
    """The points of the cards in ``taken_mask`` under the rules' point table.

    >>> from hearts import CardSet
    >>> hand_points(Rules(), CardSet("AH KH QS").mask)
    15
    >>> hand_points(Rules(points={"QS": 13, "JD": -10}), CardSet("JD QS 2H").mask)
    3
    """
    checked = checked_rules(rules, "hand_points")
    return hand_points_unchecked(checked, checked_mask(taken_mask, "hand_points", "taken_mask"))


def shooter(rules: Rules | object, taken_masks: tuple[int, ...] | object) -> tuple[str, int] | None:
    """Who shot the sun (took every trick) or the moon (took every card it needs), if anyone.

    Returns ``("sun", seat)``, ``("moon", seat)`` or None; the sun replaces the moon.

    >>> rules = Rules(sun="add")
    >>> shooter(rules, (rules.deck_mask, 0, 0, 0))
    ('sun', 0)
    >>> shooter(rules, (0, rules.penalty_mask, rules.deck_mask & ~rules.penalty_mask, 0))
    ('moon', 1)
    """
    checked = checked_rules(rules, "shooter")
    return shooter_unchecked(
        checked, checked_per_seat(taken_masks, checked, "shooter", "taken_masks", True)
    )


def shoot_options(
    rules: Rules | object, taken_masks: tuple[int, ...] | object, scores: tuple[int, ...] | object
) -> tuple[int, tuple[ShootMode, ...]] | None:
    """The shooter and its choices, when the rules let it choose how its shot is scored.

    With ``ShootMode.CHOOSE`` the shooter may add the value to every other player or subtract
    it from its own total; with ``moon_choice_needs_score`` subtracting is offered only when
    its total is at least the value. None when there is nothing to choose.

    >>> rules = Rules(moon="choose", moon_choice_needs_score=True)
    >>> moon = (rules.deck_mask, 0, 0, 0)
    >>> shoot_options(rules, moon, (30, 0, 0, 0))
    (0, (<ShootMode.ADD: 'add'>, <ShootMode.SUBTRACT: 'subtract'>))
    >>> shoot_options(rules, moon, (10, 0, 0, 0)) is None
    True
    """
    checked = checked_rules(rules, "shoot_options")
    taken = checked_per_seat(taken_masks, checked, "shoot_options", "taken_masks", True)
    return shoot_options_unchecked(
        checked, taken, checked_per_seat(scores, checked, "shoot_options", "scores")
    )


def hand_changes(
    rules: Rules | object,
    scores: tuple[int, ...] | object,
    taken_masks: tuple[int, ...] | object,
    *,
    hand_number: int | object = 0,
    pool: int | object = 0,
    choice: ShootMode | object | None = None,
) -> tuple[int, ...]:
    """What a hand whose cards went to ``taken_masks`` adds to each total in ``scores``.

    The :attr:`HandResult.changes <hearts.HandResult.changes>` :func:`score_hand` would
    give, without building the result: the endgame solver asks this at every end of a
    hand it reaches.

    >>> from hearts import CardSet
    >>> rules = Rules()
    >>> rest = rules.deck_mask & ~CardSet("QS 2H").mask
    >>> hand_changes(rules, (0, 0, 0, 0), (CardSet("QS 2H").mask, rest, 0, 0))
    (14, 12, 0, 0)
    >>> hand_changes(rules, (0, 0, 0, 0), (rules.deck_mask, 0, 0, 0))  # the moon
    (0, 26, 26, 26)
    """
    where = "hand_changes"
    checked = checked_rules(rules, where)
    totals = checked_per_seat(scores, checked, where, "scores")
    taken = checked_per_seat(taken_masks, checked, where, "taken_masks", True)
    if choice is not None and not isinstance(choice, ShootMode):
        raise TypeError(
            f"hand_changes's choice must be None or a ShootMode, got {describe_value(choice)}."
        )
    return hand_changes_unchecked(
        checked,
        totals,
        taken,
        hand_number=checked_count(hand_number, where, "hand_number"),
        pool=checked_count(pool, where, "pool"),
        choice=choice,
    )


def game_winners(
    rules: Rules | object, scores: tuple[int, ...] | object, hands_played: int | object
) -> tuple[int, ...]:
    """The winners if the game ends with these totals, or ``()`` if it goes on.

    Points: the game ends when a total reaches the target (or exceeds it, with
    ``target_must_be_exceeded``) or after ``hands`` hands; the lowest total wins, and equal
    lowest totals share the win unless ``play_on_ties``. Chips: the game ends when a player
    holds every chip or none (or after ``hands`` hands); the most chips win.

    >>> game_winners(Rules(target=50), (50, 12, 12, 30), hands_played=3)
    (1, 2)
    >>> game_winners(Rules(target=50, play_on_ties=True), (50, 12, 12, 30), hands_played=3)
    ()
    >>> game_winners(Rules(target=None, hands=9), (5, 3, 9, 30), hands_played=9)
    (1,)
    """
    checked = checked_rules(rules, "game_winners")
    totals = checked_per_seat(scores, checked, "game_winners", "scores")
    return _game_winners(
        checked, totals, checked_count(hands_played, "game_winners", "hands_played")
    )
