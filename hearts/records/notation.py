"""The text notation of moves: :func:`parse_move` reads what ``str(move)`` writes."""

from __future__ import annotations

import re
from typing import Final

from hearts.cards import Card
from hearts.errors import IllegalMoveError, NotationError
from hearts.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.records.read import _SHOWN, _short, _show
from hearts.rules import (
    PassDirection,
    ShootMode,
)

_SEAT: Final = r"P(\d{1,2})"
_PLAY: Final = re.compile(rf"{_SEAT} plays (\S+)", re.IGNORECASE)
_PASS: Final = re.compile(rf"{_SEAT} passes ?(.*)", re.IGNORECASE)
_HOLD: Final = re.compile(rf"{_SEAT} calls a hold hand", re.IGNORECASE)
_CHOOSE: Final = re.compile(rf"{_SEAT} calls a pass of (\d{{1,2}}) (\w+)", re.IGNORECASE)
_CLAIM: Final = re.compile(rf"{_SEAT} claims the rest", re.IGNORECASE)
_ADD: Final = re.compile(rf"{_SEAT} adds the shot to every other player", re.IGNORECASE)
_SUBTRACT: Final = re.compile(rf"{_SEAT} subtracts the shot from its own total", re.IGNORECASE)
_DEAL: Final = re.compile(r"deals (.*)", re.IGNORECASE)


def _notation(words: str) -> Move | None:
    """The move ``words`` write, or None if they match no move's pattern."""
    if match := _PLAY.fullmatch(words):
        return Play(int(match[1]), Card.parse(match[2]))
    if match := _PASS.fullmatch(words):
        return Pass(int(match[1]), match[2])  # the text itself: a card named twice is refused
    if match := _HOLD.fullmatch(words):
        return ChoosePass(int(match[1]), PassDirection.HOLD, 0)
    if match := _CHOOSE.fullmatch(words):
        return ChoosePass(int(match[1]), _direction(match[3]), int(match[2]))
    if match := _CLAIM.fullmatch(words):
        return Claim(int(match[1]))
    if match := _ADD.fullmatch(words):
        return ShootChoice(int(match[1]), ShootMode.ADD)
    if match := _SUBTRACT.fullmatch(words):
        return ShootChoice(int(match[1]), ShootMode.SUBTRACT)
    if match := _DEAL.fullmatch(words):
        return _deal(match[1])
    return None


_NOTATION_HELP: Final = (
    "write a move as 'P1 plays Q♠', 'P0 passes 2♣ 3♦ Q♠', 'P0 calls a pass of 2 across', "
    "'P0 calls a hold hand', 'P2 claims the rest', 'P1 adds the shot to every other player', "
    "'P1 subtracts the shot from its own total' or 'deals P0: 2♣ 3♣ … | P1: … | …'"
)


def _direction(text: str) -> PassDirection:
    try:
        return PassDirection(text.lower())
    except ValueError:
        names = ", ".join(direction.value for direction in PassDirection)
        raise NotationError(f"{_show(text)} is not a pass direction ({names}).") from None


def _deal(text: str) -> Deal:
    hands = []
    for seat, part in enumerate(text.split("|")):
        match = re.fullmatch(rf"\s*{_SEAT}:(.*)", part, re.IGNORECASE)
        if match is None or int(match[1]) != seat:
            raise NotationError(
                f"{_show(part.strip())} is not the hand of P{seat}: write 'P{seat}: 2♣ 3♣ …'."
            )
        hands.append(match[2].strip())
    return Deal(hands)


def parse_move(text: str) -> Move:
    """Read a move from the text notation that ``str(move)`` writes.

    Cards may be written with symbols or letters, in any case (``Q♠``, ``QS``, ``qs``);
    ``parse_move(str(move)) == move`` for every legal move. Raises
    :class:`~hearts.NotationError` for text that is not a move, ``TypeError`` for a value
    that is not text.

    >>> parse_move("P1 plays Q♠"), parse_move("p0 passes 2c 3d qs")
    (Play(player=1, card=Card('Q♠')), Pass(player=0, cards=CardSet('2♣ 3♦ Q♠')))
    >>> print(parse_move("P0 calls a pass of 2 across"), "/", parse_move("P3 claims the rest"))
    P0 calls a pass of 2 across / P3 claims the rest
    >>> parse_move("P1 plays")
    Traceback (most recent call last):
    ...
    hearts.errors.NotationError: 'P1 plays' is not a move: write a move as 'P1 plays Q♠', ...
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_move needs the text of a move (a str), got {_short(text)}.")
    try:
        move = _notation(" ".join(text.split()))
    except (NotationError, IllegalMoveError) as error:
        reason = str(error)  # which may quote a very long word of the text in full
        if len(reason) > 4 * _SHOWN:
            reason = reason[: 4 * _SHOWN - 3] + "..."
        raise NotationError(f"{_show(text)} is not a move: {reason}") from None
    if move is None:
        raise NotationError(f"{_show(text)} is not a move: {_NOTATION_HELP}.")
    return move
