"""The checks of the arguments of scoring's public functions.

:func:`~hearts.game.scoring.score_hand`, :func:`~hearts.game.scoring.hand_points` and the
other checked functions of :mod:`hearts.game.scoring` take any value: each argument passes
through one of these, which returns it typed, or refuses it with a sentence naming the
function and the argument (a TypeError for a value of another type, a
:class:`~hearts.errors.HeartsError` for one out of range).
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import ALL_CARDS
from hearts.game.rules import Rules
from hearts.game.state import Trick

__all__ = [
    "checked_count",
    "checked_mask",
    "checked_per_seat",
    "checked_rules",
    "checked_tricks",
]


def checked_rules(rules: object, where: str) -> Rules:
    """``rules``, if it is a :class:`~hearts.Rules`; a sentence otherwise."""
    if not isinstance(rules, Rules):
        raise TypeError(f"{where} needs a hearts.Rules value, got {describe_value(rules)}.")
    return rules


def checked_mask(mask: object, where: str, name: str) -> int:
    """``mask``, if it is a mask of cards (an int of the 55 cards' bits); a sentence otherwise."""
    if not isinstance(mask, int) or isinstance(mask, bool):
        raise TypeError(
            f"{where}'s {name} must be a card mask (an int, as CardSet.mask), got "
            f"{describe_value(mask)}."
        )
    if mask < 0 or mask & ~ALL_CARDS:
        raise HeartsError(
            f"{where}'s {name} must be a card mask, of the bits of the cards 0 to "
            f"{ALL_CARDS.bit_length() - 1}, got {describe_value(mask)}."
        )
    return mask


def checked_count(value: object, where: str, name: str) -> int:
    """``value``, if it is a whole number of at least 0; a sentence otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(
            f"{where}'s {name} must be an int of at least 0, got {describe_value(value)}."
        )
    if value < 0:
        raise HeartsError(f"{where}'s {name} must be at least 0, got {describe_value(value)}.")
    return value


def checked_tricks(tricks: object, rules: Rules) -> tuple[Trick, ...]:
    """``tricks`` as a tuple, if it holds at most a hand's :class:`~hearts.Trick` values."""
    if not isinstance(tricks, tuple) and (  # a tuple at once: Sequence's check is slow
        isinstance(tricks, (str, bytes)) or not isinstance(tricks, Sequence)
    ):
        raise TypeError(
            f"score_hand's tricks must be a tuple of Trick values, got {describe_value(tricks)}."
        )
    found = tuple(tricks)
    for trick in found:
        if not isinstance(trick, Trick):
            raise TypeError(
                f"score_hand's tricks must be Trick values, got {describe_value(trick)} among them."
            )
    if len(found) > rules.hand_size:
        raise HeartsError(
            f"score_hand's tricks must be the tricks of one hand, at most {rules.hand_size} in "
            f"this game, got {len(found)}."
        )
    return found


def checked_per_seat(
    values: object, rules: Rules, where: str, name: str, masks: bool = False
) -> tuple[int, ...]:
    """``values`` as a tuple of one int per seat (a card mask each, with ``masks``)."""
    players = rules.players
    what = "card masks" if masks else "ints"
    if not isinstance(values, tuple) and (  # a tuple at once: Sequence's check is slow
        isinstance(values, (str, bytes)) or not isinstance(values, Sequence)
    ):
        raise TypeError(
            f"{where}'s {name} must be a tuple of {what}, one per seat, got "
            f"{describe_value(values)}."
        )
    found = tuple(values)
    if len(found) != players:
        raise HeartsError(
            f"{where}'s {name} must hold one value per seat, {players} in this game, got "
            f"{len(found)}."
        )
    for value in found:
        if masks:
            checked_mask(value, where, name)
        elif not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(
                f"{where}'s {name} must be a tuple of ints, one per seat, got "
                f"{describe_value(value)} among them."
            )
    return found
