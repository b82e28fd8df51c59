"""The JSON form of a move: :func:`move_to_dict` and :func:`move_from_dict`."""

from __future__ import annotations

from typing import Final, cast

from hearts.cards import ALL_CARDS, CardSet
from hearts.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.records.read import (
    MAX_SEATS,
    RECORD_SCHEMA,
    RecordError,
    _card,
    _cards,
    _fields,
    _int,
    _list,
    _member,
    _move_hint,
    _schema,
    _seat,
    _short,
    _show,
    _text,
)
from hearts.rules import (
    PassDirection,
    ShootMode,
)

_MOVE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("hands",),
    "pass": ("player", "cards"),
    "play": ("player", "card"),
    "choose_pass": ("player", "direction", "count"),
    "claim": ("player",),
    "shoot_choice": ("player", "mode"),
}


def _move_body(move: object) -> dict[str, object]:
    kind = type(move)
    if kind is Play:
        play = cast("Play", move)
        return {"type": "play", "player": play.player, "card": play.card.ascii}
    if kind is Pass:
        passed = cast("Pass", move)
        return {"type": "pass", "player": passed.player, "cards": _text(passed.cards)}
    if kind is Deal:
        return {"type": "deal", "hands": [_text(hand) for hand in cast("Deal", move).hands]}
    if kind is ChoosePass:
        choice = cast("ChoosePass", move)
        return {
            "type": "choose_pass",
            "player": choice.player,
            "direction": choice.direction.value,
            "count": choice.count,
        }
    if kind is Claim:
        return {"type": "claim", "player": cast("Claim", move).player}
    if kind is ShootChoice:
        shot = cast("ShootChoice", move)
        return {"type": "shoot_choice", "player": shot.player, "mode": shot.mode.value}
    raise TypeError(
        "move_to_dict needs a move (Deal, Pass, Play, ChoosePass, Claim or ShootChoice), "
        f"got {_short(move)}{_move_hint(move)}."
    )


def move_to_dict(move: Move) -> dict[str, object]:
    """The JSON form of any move, with the schema version.

    A ``"type"`` field names the kind of move (``deal``, ``pass``, ``play``, ``choose_pass``,
    ``claim``, ``shoot_choice``); the other fields are the move's own.

    >>> import hearts
    >>> move_to_dict(hearts.Play(1, "Q♠"))
    {'schema': 1, 'type': 'play', 'player': 1, 'card': 'QS'}
    >>> move_to_dict(hearts.Pass(0, "2C 3D QS"))["cards"]
    '2C 3D QS'
    """
    return {"schema": RECORD_SCHEMA, **_move_body(move)}


def move_from_dict(data: object) -> Move:
    """The move a :func:`move_to_dict` object describes; raises :class:`RecordError`.

    The ``schema`` field may be left out (moves inside a record carry none).

    >>> import hearts
    >>> move_from_dict({"type": "play", "player": 1, "card": "QS"}) == hearts.Play(1, "QS")
    True
    >>> move_from_dict({"type": "play", "player": 1})
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: move: lacks the field 'card', which a play move needs.
    """
    return _read_move(data, "move", None, ALL_CARDS, standalone=True)


def _read_move(
    value: object, path: str, players: int | None, deck: int, standalone: bool = False
) -> Move:
    """A move; ``players`` is the game's, or None for a move read on its own."""
    if not isinstance(value, dict):
        raise RecordError(path, f"must be a JSON object (a move), got {_show(value)}.")
    names = ", ".join(repr(name) for name in _MOVE_FIELDS)
    if "type" not in value:
        raise RecordError(
            path, f"lacks the field 'type', which names the kind of move: one of {names}."
        )
    kind = value["type"]
    if not isinstance(kind, str) or kind not in _MOVE_FIELDS:
        raise RecordError(f"{path}.type", f"must be one of {names}, got {_show(kind)}.")
    what = f"a {kind.replace('_', ' ')} move"
    optional = ("schema",) if standalone else ()
    data = _fields(value, path, what, ("type", *_MOVE_FIELDS[kind]), optional)
    if standalone:
        _schema(data, path, required=False)
    if kind == "deal":
        hands = _list(data["hands"], f"{path}.hands", players, "sets of cards")
        if players is None and not 3 <= len(hands) <= MAX_SEATS:
            raise RecordError(f"{path}.hands", f"must list 3 to 7 hands, got {len(hands)}.")
        masks = [_cards(hand, f"{path}.hands[{i}]", deck) for i, hand in enumerate(hands)]
        return Deal(tuple(CardSet.from_mask(mask) for mask in masks))
    player = _seat(data["player"], f"{path}.player", players or MAX_SEATS)
    if kind == "play":
        return Play(player, _card(data["card"], f"{path}.card", deck))
    if kind == "pass":
        return Pass(player, CardSet.from_mask(_cards(data["cards"], f"{path}.cards", deck)))
    if kind == "choose_pass":
        direction = _member(PassDirection, data["direction"], f"{path}.direction")
        return ChoosePass(player, direction, _int(data["count"], f"{path}.count"))
    if kind == "claim":
        return Claim(player)
    return ShootChoice(player, _member(ShootMode, data["mode"], f"{path}.mode"))
