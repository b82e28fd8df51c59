"""The checks of the fields of the game's values, built from outside the engine.

:class:`~hearts.game.state.State`, :class:`~hearts.game.hand.Trick`,
:class:`~hearts.game.hand.HandResult` and a player's view refuse a field unless it is of
its type and form, with a sentence naming the value and the field (a TypeError for a value
of another type, a :class:`~hearts.errors.HeartsError` for one out of range). Each check
here is one form of field: a whole number, a card mask, a seat, a tuple of one per seat, a
member of an enum, a bool, card sets, a trick's cards, the rules. Each tries the usual case
first, quickly, and words a refusal only when it fails.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, cast

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import ALL_CARDS, Card, CardSet
from hearts.game.options import MAX_PLAYERS, MIN_PLAYERS
from hearts.game.rules import Rules

__all__ = [
    "HUGE",
    "LOW",
    "MAX_DIGITS",
    "MINUS_SHORT",
    "NOT_CARDS",
    "SHORT",
    "TRICK_CARDS",
    "field_card_sets",
    "field_flag",
    "field_mask",
    "field_member",
    "field_number",
    "field_optional_seat",
    "field_per_seat",
    "field_played",
    "field_rules",
    "field_seat",
    "field_seats",
    "is_plain_int",
    "trick_cards",
]

TRICK_CARDS: Final = f"a tuple of 1 to {MAX_PLAYERS} Card values, one per seat in play order"


NOT_CARDS: Final = ~ALL_CARDS


MAX_DIGITS: Final = 1000


HUGE: Final = 10**MAX_DIGITS


LOW: Final = -HUGE


SHORT: Final = 1 << 60
"""A bound for the quick checks: an int below it in size is one of at most 1,000 digits
(and a short int, compared in a few instructions, in the compiled build)."""


MINUS_SHORT: Final = -SHORT
"""Ints of more digits are refused: Python will not print one of more than 4,300."""


def is_plain_int(value: object) -> bool:
    """Whether ``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def field_number(value: object, owner: str, name: str, low: int | None = 0) -> int:
    """``value``, if it is an int of at least ``low`` (any, if None) and at most 1,000 digits."""
    if type(value) is int and (MINUS_SHORT if low is None else low) <= value < SHORT:
        return value
    what = "an int" if low is None else f"an int of at least {low}"
    if not is_plain_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if low is not None and value < low:
        raise HeartsError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    if not LOW < value < HUGE:
        raise HeartsError(
            f"{owner} {name} must be {what} of at most {MAX_DIGITS:,} digits, got "
            f"{describe_value(value)}."
        )
    return value


def field_mask(value: object, owner: str, name: str) -> int:
    """``value``, if it is a card mask; a sentence otherwise."""
    what = "a card mask (an int, as CardSet.mask)"
    if not is_plain_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if value < 0 or value & NOT_CARDS:
        raise HeartsError(
            f"{owner} {name} must be {what} of the cards 0 to {ALL_CARDS.bit_length() - 1}, "
            f"got {describe_value(value)}."
        )
    return value


def field_seat(value: object, owner: str, name: str, players: int) -> int:
    """``value``, if it is one of ``players`` seats; a sentence otherwise."""
    what = f"a seat, an int from 0 to {players - 1}"
    if not is_plain_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if not 0 <= value < players:
        seat = f"P{value}" if -1000 < value < 1000 else describe_value(value)
        raise HeartsError(f"{owner} {name} must be {what}: {seat} is not a seat.")
    return value


def field_optional_seat(value: object, owner: str, name: str, players: int) -> int | None:
    """``value``, if it is None or one of ``players`` seats; a sentence otherwise."""
    if value is None:
        return None
    what = f"None or a seat, an int from 0 to {players - 1}"
    if not is_plain_int(value):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    assert isinstance(value, int)
    if not 0 <= value < players:
        raise HeartsError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    return value


def field_seats(value: object, owner: str, name: str, players: int) -> tuple[int, ...]:
    """``value``, if it is a tuple of distinct seats of ``players``; a sentence otherwise."""
    if value == ():
        return ()
    what = f"a tuple of distinct seats, ints from 0 to {players - 1}"
    if not isinstance(value, tuple) or not all([is_plain_int(seat) for seat in value]):
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    seats = cast("tuple[int, ...]", value)
    if len(set(seats)) != len(seats) or not all([0 <= seat < players for seat in seats]):
        raise HeartsError(f"{owner} {name} must be {what}, got {describe_value(value)}.")
    return seats


def field_per_seat(
    value: object, owner: str, name: str, players: int, masks: bool = False
) -> tuple[int, ...]:
    """``value``, if it is a tuple of one int (card mask, with ``masks``) per seat."""
    if type(value) is tuple and len(value) == players:  # the usual case, checked quickly
        if masks:
            for item in value:
                if type(item) is not int or item < 0 or item & NOT_CARDS:
                    break
            else:
                return value
        else:
            for item in value:
                if type(item) is not int or not MINUS_SHORT < item < SHORT:
                    break
            else:
                return value
    kind = "card masks (ints, as CardSet.mask)" if masks else "ints"
    what = f"a tuple of {players} {kind}, one per seat"
    if not isinstance(value, tuple) or not all([is_plain_int(item) for item in value]):
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
        if not LOW < item < HUGE:
            raise HeartsError(
                f"{owner} {name} must be {what}, each of at most {MAX_DIGITS:,} digits, got "
                f"{describe_value(item)} among them."
            )
    return found


def field_member(
    value: object, kind: type[enum.Enum], owner: str, name: str, none: bool = False
) -> None:
    """Refuse ``value`` unless it is a member of ``kind`` (or None, with ``none``)."""
    if not isinstance(value, kind) and not (none and value is None):
        what = f"{'None or ' if none else ''}a {kind.__name__}"
        raise TypeError(f"{owner} {name} must be {what}, got {describe_value(value)}.")


def field_flag(value: object, owner: str, name: str) -> bool:
    """``value``, if it is a bool; a sentence otherwise."""
    if not isinstance(value, bool):
        raise TypeError(f"{owner} {name} must be a bool, got {describe_value(value)}.")
    return value


def field_card_sets(value: object, owner: str, name: str, players: int | None) -> int:
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


def trick_cards(cards: object) -> tuple[object, ...]:
    """A trick's ``cards`` given as a sequence other than a tuple, as a tuple."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TypeError(f"Trick's cards must be {TRICK_CARDS}, got {describe_value(cards)}.")
    return tuple(cards)


def field_played(value: object, owner: str) -> tuple[Card, ...]:
    """``value``, if it is the cards of a trick in play: a tuple of Card values."""
    if not isinstance(value, tuple) or not all([isinstance(card, Card) for card in value]):
        raise TypeError(
            f"{owner} trick must be a tuple of Card values, got {describe_value(value)}."
        )
    return cast("tuple[Card, ...]", value)


def field_rules(value: object, owner: str) -> Rules:
    """``value``, if it is a Rules; a sentence otherwise."""
    if not isinstance(value, Rules):
        raise TypeError(f"{owner} rules must be a hearts.Rules value, got {describe_value(value)}.")
    return value
