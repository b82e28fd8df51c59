"""The text notation of moves: :func:`parse_move` reads what ``str(move)`` writes."""

from __future__ import annotations

import re
from typing import Final

from hearts.errors import HeartsError, NotationError
from hearts.game.cards import Card, mask_of
from hearts.game.moves import Move
from hearts.records.moves import MoveForm, checked_move
from hearts.records.read import SHOWN, parse_int, short, show

_SEAT: Final = r"P(-?\d+)"
_PLAY: Final = re.compile(rf"{_SEAT} plays (\S+)", re.IGNORECASE)
_PASS: Final = re.compile(rf"{_SEAT} passes ?(.*)", re.IGNORECASE)
_HOLD: Final = re.compile(rf"{_SEAT} calls a hold hand", re.IGNORECASE)
_CHOOSE: Final = re.compile(rf"{_SEAT} calls a pass of (-?\d+) (\w+)", re.IGNORECASE)
_CLAIM: Final = re.compile(rf"{_SEAT} claims the rest", re.IGNORECASE)
_ADD: Final = re.compile(rf"{_SEAT} adds the shot to every other player", re.IGNORECASE)
_SUBTRACT: Final = re.compile(rf"{_SEAT} subtracts the shot from its own total", re.IGNORECASE)
_DEAL: Final = re.compile(r"deals ?(.*)", re.IGNORECASE)
_HAND: Final = re.compile(r"\s*P(\d+):(.*)", re.IGNORECASE)


def _notation(words: str) -> tuple[str, dict[str, object]] | None:
    """The kind of move ``words`` write and its fields as JSON names them, or None.

    Numbers and names are read as written, to be checked by ``checked_move`` as the fields
    of a move's JSON are: ``"P9 plays QS"`` is a play by seat 9, which is refused there.
    """
    if match := _DEAL.fullmatch(words):
        return "deal", {"hands": _hands(match[1])}
    if match := _PLAY.fullmatch(words):
        return "play", {"player": parse_int(match[1]), "card": match[2]}
    if match := _PASS.fullmatch(words):
        return "pass", {"player": parse_int(match[1]), "cards": match[2]}
    if match := _HOLD.fullmatch(words):
        return "choose_pass", {"player": parse_int(match[1]), "direction": "hold", "count": 0}
    if match := _CHOOSE.fullmatch(words):
        player, count, direction = parse_int(match[1]), parse_int(match[2]), match[3].lower()
        return "choose_pass", {"player": player, "direction": direction, "count": count}
    if match := _CLAIM.fullmatch(words):
        return "claim", {"player": parse_int(match[1])}
    if match := _ADD.fullmatch(words):
        return "shoot_choice", {"player": parse_int(match[1]), "mode": "add"}
    if match := _SUBTRACT.fullmatch(words):
        return "shoot_choice", {"player": parse_int(match[1]), "mode": "subtract"}
    return None


_NOTATION_HELP: Final = (
    "write a move as 'P1 plays Q♠', 'P0 passes 2♣ 3♦ Q♠', 'P0 calls a pass of 2 across', "
    "'P0 calls a hold hand', 'P2 claims the rest', 'P1 adds the shot to every other player', "
    "'P1 subtracts the shot from its own total' or 'deals P0: 2♣ 3♣ … | P1: … | …'"
)


def _hands(text: str) -> list[object]:
    """The text of each hand of a deal, ``P0: 2♣ 3♣ | P1: …``, checking the seats are in order."""
    if not text:
        return []
    hands: list[object] = []
    for seat, part in enumerate(text.split("|")):
        match = _HAND.fullmatch(part)
        if match is None or parse_int(match[1]) != seat:
            raise NotationError(
                f"{show(part.strip())} is not the hand of P{seat}: write 'P{seat}: 2♣ 3♣ …'."
            )
        hands.append(match[2].strip())
    return hands


_SUBJECTS: Final = {
    "player": "the player",
    "card": "the card",
    "cards": "the pass",
    "count": "the pass",
    "direction": "the direction",
    "mode": "the shot",
    "hands": "the deal",
}
"""What the text calls each field of a move, in an error."""


class _TextForm(MoveForm):
    """The text notation: cards as :class:`~hearts.Card` and :class:`~hearts.CardSet` read them."""

    __slots__ = ()

    def card(self, value: object, field: str) -> Card:
        return Card.parse(str(value))

    def cards(self, value: object, field: str) -> tuple[int, int]:
        return mask_of(value, field)

    def error(self, field: str, reason: str) -> HeartsError:
        seat = re.fullmatch(r"hands\[(\d+)\]", field)
        subject = f"the hand of P{seat[1]}" if seat else _SUBJECTS[field]
        return NotationError(f"{subject} {reason}")


_TEXT: Final = _TextForm()


def parse_move(text: str) -> Move:
    """Read a move from the text notation that ``str(move)`` writes.

    Cards may be written with symbols or letters, in any case (``Q♠``, ``QS``, ``qs``);
    ``parse_move(str(move)) == move`` for every well-formed move. The text is checked as
    :func:`hearts.move_from_dict` checks a move's JSON: the same seats, cards, pass sizes,
    directions and shot choices are accepted, and the same faults are refused in the same
    words. Raises :class:`~hearts.NotationError` for text that is not a move, ``TypeError``
    for a value that is not text.

    >>> parse_move("P1 plays Q♠"), parse_move("p0 passes 2c 3d qs")
    (Play(player=1, card=Card('Q♠')), Pass(player=0, cards=CardSet('2♣ 3♦ Q♠')))
    >>> print(parse_move("P0 calls a pass of 2 across"), "/", parse_move("P3 claims the rest"))
    P0 calls a pass of 2 across / P3 claims the rest
    >>> parse_move("P1 plays")
    Traceback (most recent call last):
    ...
    hearts.errors.NotationError: 'P1 plays' is not a move: write a move as 'P1 plays Q♠', ...
    >>> parse_move("P9 plays Q♠")
    Traceback (most recent call last):
    ...
    hearts.errors.NotationError: 'P9 plays Q♠' is not a move: the player must be a seat, a whole number from 0 to 6 (P0 to P6), got 9.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_move needs the text of a move (a str), got {short(text)}.")
    try:
        found = _notation(" ".join(text.split()))
        move = None if found is None else checked_move(*found, _TEXT)
    except NotationError as error:
        reason = str(error)  # which may quote a very long word of the text in full
        if len(reason) > 4 * SHOWN:
            reason = reason[: 4 * SHOWN - 3] + "..."
        raise NotationError(f"{show(text)} is not a move: {reason}") from None
    if move is None:
        raise NotationError(f"{show(text)} is not a move: {_NOTATION_HELP}.")
    return move
