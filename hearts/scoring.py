"""Scoring: the points of a finished hand, the moon, and the end of the game.

This is the one place where points are counted. The engine calls :func:`score_hand` when
the last trick of a hand is taken and :func:`is_game_over` on the new totals.

Standard scoring (Microsoft Hearts, Bicycle, pagat.com): each heart taken is 1 point and Q♠
13. A player who takes every penalty card *shoots the moon*: it scores 0 and every other
player scores the moon value (26). The game ends after the hand in which a total reaches
the target (100); the lowest total wins.

>>> from hearts import Rules, CardSet
>>> rules = Rules()
>>> hand_points(rules, CardSet("QS 2H 3H 4C").mask)
15
>>> is_game_over(rules, (99, 40, 100, 12)), is_game_over(rules, (99, 40, 60, 12))
(True, False)
"""

from __future__ import annotations

from hearts.cards import CardSet, cards_of
from hearts.rules import PassDirection, Rules
from hearts.state import HandResult, Trick

__all__ = ["hand_points", "is_game_over", "score_hand"]


def hand_points(rules: Rules, taken_mask: int) -> int:
    """The points of the cards in ``taken_mask`` under the rules' point table.

    >>> hand_points(Rules(), CardSet("AH KH QS").mask)
    15
    """
    points = rules.card_points
    return sum(points[card] for card in cards_of(taken_mask & rules.penalty_mask))


def score_hand(
    rules: Rules,
    *,
    hand_number: int,
    pass_direction: PassDirection,
    scores: tuple[int, ...],
    tricks: tuple[Trick, ...],
    taken_masks: tuple[int, ...],
    passed_masks: tuple[int, ...],
) -> HandResult:
    """Score a finished hand and describe it.

    A player whose taken cards include every penalty card of the deck shoots the moon: it
    adds 0 and every other player adds ``rules.moon_points``.

    >>> import hearts
    >>> state = hearts.new_game(seed=11)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[-1])
    >>> result = state.results[0]
    >>> result.changes == result.points or result.moon is not None
    True
    """
    players = rules.players
    points = tuple(hand_points(rules, mask) for mask in taken_masks)
    penalty = rules.penalty_mask
    moon = next(
        (seat for seat, mask in enumerate(taken_masks) if penalty and mask & penalty == penalty),
        None,
    )
    if moon is None:
        changes = points
    else:
        changes = tuple(0 if seat == moon else rules.moon_points for seat in range(players))
    played = [0] * players
    for trick in tricks:
        for index, card in enumerate(trick.cards):
            played[trick.player_of(index)] |= 1 << card
    offset = pass_direction.offset(players)
    dealt = tuple(
        played[seat] & ~passed_masks[(seat - offset) % players] | passed_masks[seat]
        if offset
        else played[seat]
        for seat in range(players)
    )
    return HandResult(
        hand_number=hand_number,
        pass_direction=pass_direction,
        dealt=tuple(CardSet.from_mask(mask) for mask in dealt),
        passed=tuple(CardSet.from_mask(mask) for mask in passed_masks),
        tricks=tricks,
        points=points,
        moon=moon,
        changes=changes,
        scores=tuple(score + change for score, change in zip(scores, changes, strict=True)),
    )


def is_game_over(rules: Rules, scores: tuple[int, ...]) -> bool:
    """Whether the game ends with these totals: some total has reached the target.

    >>> is_game_over(Rules(target=50), (50, 0, 0, 0))
    True
    """
    return max(scores) >= rules.target
