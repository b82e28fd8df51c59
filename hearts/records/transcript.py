"""The printed transcript of a finished hand: :func:`format_hand`."""

from __future__ import annotations

from collections.abc import Sequence

from hearts.display.layout import count, shoot_text
from hearts.game.cards import CardSet
from hearts.game.passes import receiver
from hearts.game.rules import PassDirection, Rules
from hearts.game.state import HandResult
from hearts.records.read import check_rules_argument
from hearts.records.results import check_result_argument


def _per_seat(values: Sequence[int], signed: bool = False) -> str:
    return ", ".join(
        f"P{seat} {value:+d}" if signed else f"P{seat} {value}" for seat, value in enumerate(values)
    )


def _some_seats(values: Sequence[int]) -> str:
    return ", ".join(f"P{seat} {value:+d}" for seat, value in enumerate(values) if value)


def format_hand(result: HandResult, rules: Rules | None = None) -> str:
    """A finished hand as text: the deal, the passes, every trick, and how it was scored.

    One line per trick (the leader's card first, the winner after the arrow), then the
    claim, the moon or sun, the card points each seat took, the no-trick bonus, chips,
    resets and score floor (when they changed anything), what the hand added to each total,
    the running totals, and the winners if the hand ended the game. With ``rules``, each
    trick also shows the points it carried.

    >>> import hearts
    >>> state = hearts.new_game(hearts.Rules(target=1), seed=4)
    >>> while not state.is_over:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[-1])
    >>> print(format_hand(state.results[0], state.rules))  # doctest: +ELLIPSIS
    Hand 1: pass left, P0 deals
      P0 dealt ...
      P0 passes ... to P1
    ...
      Trick  1: P... 2♣, ... -> P...
    ...
      Points: P0 ..., P1 ..., P2 ..., P3 ...
      Score:  P0 +..., P1 +..., P2 +..., P3 +...
      Totals: P0 ..., P1 ..., P2 ..., P3 ...
      Game over: ... win...
    """
    check_result_argument(result, "format_hand")
    check_rules_argument(rules, "format_hand", optional=True)
    players = len(result.scores)
    dealer = result.hand_number % players
    direction = result.pass_direction
    passing = "no passing (hold hand)" if direction is PassDirection.HOLD else f"pass {direction}"
    lines = [f"Hand {result.hand_number + 1}: {passing}, P{dealer} deals"]
    lines += [f"  P{seat} dealt {hand}" for seat, hand in enumerate(result.dealt)]
    if any(result.passed):
        for seat, cards in enumerate(result.passed):
            lines.append(f"  P{seat} passes {cards} to P{receiver(seat, direction, players)}")
    for number, trick in enumerate(result.tricks, start=1):
        line = f"  Trick {number:2}: {trick}"
        if rules is not None:
            points = sum(rules.card_points[card] for card in trick.cards)
            if points:
                line += f" ({count(points, 'point')})"
        lines.append(line)
    if result.claim is not None:
        played = 0
        deck = 0
        for trick in result.tricks:
            played |= trick.mask
        for hand in result.dealt:
            deck |= hand.mask
        rest = len(result.dealt[0]) - len(result.tricks)
        claimed = CardSet.from_mask(deck & ~played)
        lines.append(f"  P{result.claim} claims the remaining {count(rest, 'trick')}: {claimed}")
    shot = shoot_text(result)
    if shot is not None:
        lines.append(f"  {shot}")
    lines.append("  Points: " + _per_seat(result.points))
    if any(result.bonuses):
        label = (
            "Bonuses (no trick, no heart)" if rules and rules.no_heart_bonus else "No-trick bonus"
        )
        lines.append(f"  {label}: " + _some_seats(result.bonuses))
    if any(result.chip_changes) or result.pool:
        pool = f"; {count(result.pool, 'chip')} left in the pool"
        lines.append("  Chips: " + _per_seat(result.chip_changes, signed=True) + pool)
    if any(result.adjustments):
        lines.append("  Resets and floor: " + _some_seats(result.adjustments))
    lines.append("  Score:  " + _per_seat(result.changes, signed=True))
    lines.append("  Totals: " + _per_seat(result.scores))
    if result.winners:
        names = " and ".join(f"P{seat}" for seat in result.winners)
        lines.append(f"  Game over: {names} win{'' if len(result.winners) > 1 else 's'}")
    return "\n".join(lines)
