"""The actions of the environments: which int makes which move (see :mod:`hearts.env`).

An action is a card (0 to 54: play it, or pick it for the pass), :data:`CLAIM`,
:data:`SHOOT_ADD`, :data:`SHOOT_SUBTRACT`, or :data:`FIRST_PASS_CALL` + *i* for the
*i*-th of :func:`pass_calls`; :func:`action_count` says how many there are under some
rules and :func:`actions_of` gives the actions of a move. :mod:`hearts.env` re-exports
the public names, its documented path. Needs the ``rl`` extra (NumPy).
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import NUMBER_OF_CARDS
from hearts.game.engine import apply, legal_moves, new_game
from hearts.game.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.game.rules import PassDirection, Rules, ShootMode

__all__ = [
    "CLAIM",
    "FIRST_PASS_CALL",
    "SHOOT_ADD",
    "SHOOT_SUBTRACT",
    "action_count",
    "actions_of",
    "pass_calls",
]

CLAIM: Final = NUMBER_OF_CARDS
"""The action of a :class:`~hearts.Claim`: 55."""
SHOOT_ADD: Final = CLAIM + 1
"""The action of ``ShootChoice(seat, "add")``: 56."""
SHOOT_SUBTRACT: Final = CLAIM + 2
"""The action of ``ShootChoice(seat, "subtract")``: 57."""
FIRST_PASS_CALL: Final = CLAIM + 3
"""The action of the first of :func:`pass_calls`: 58."""


def checked_rules(who: str, rules: object) -> Rules:
    """``rules``, or the standard ``Rules()`` for None; refused, naming ``who``, if not a Rules."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise TypeError(f"{who} needs a hearts.Rules value for rules, got {describe_value(rules)}.")
    return rules


def pass_calls(rules: Rules) -> tuple[tuple[PassDirection, int], ...]:
    """The passes a dealer may call, as (direction, count), in the order of their actions.

    Action ``FIRST_PASS_CALL + i`` calls the ``i``-th. They are the
    :class:`~hearts.ChoosePass` moves :func:`hearts.legal_moves` offers the dealer, the
    same every hand; none unless ``Rules.dealer_chooses_pass``.

    >>> import hearts
    >>> calls = pass_calls(hearts.Rules(dealer_chooses_pass=True))
    >>> len(calls), [(str(direction), count) for direction, count in calls[:3]]
    (10, [('hold', 0), ('left', 1), ('left', 2)])
    >>> pass_calls(hearts.Rules())
    ()
    """
    return _pass_calls(checked_rules("pass_calls", rules))


@functools.lru_cache(maxsize=64)
def _pass_calls(rules: Rules) -> tuple[tuple[PassDirection, int], ...]:
    """:func:`pass_calls` of rules known to be a :class:`~hearts.Rules`, kept per rules."""
    if not rules.dealer_chooses_pass:
        return ()
    state = new_game(rules, seed=0)
    state = apply(state, legal_moves(state)[0])  # the deal: the dealer calls next
    return tuple(
        (move.direction, move.count) for move in legal_moves(state) if isinstance(move, ChoosePass)
    )


def action_count(rules: Rules) -> int:
    """How many actions there are under ``rules``: 58, and one per pass call.

    >>> import hearts
    >>> action_count(hearts.Rules()), action_count(hearts.Rules(dealer_chooses_pass=True))
    (58, 68)
    """
    return FIRST_PASS_CALL + len(_pass_calls(checked_rules("action_count", rules)))


def actions_of(rules: Rules, move: Move) -> tuple[int, ...]:
    """The actions that make ``move``: one, or a pass's cards in ascending order.

    >>> import hearts
    >>> rules = hearts.Rules()
    >>> actions_of(rules, hearts.Pass(0, "QS 2C AH"))
    (0, 38, 49)
    >>> actions_of(rules, hearts.Play(1, "QS")), actions_of(rules, hearts.Claim(1))
    ((49,), (55,))
    >>> actions_of(rules, hearts.ChoosePass(0, "left", 2))
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: The move 'P0 calls a pass of 2 left' has no action under these rules: pass calls are actions only with Rules.dealer_chooses_pass.
    """
    rules = checked_rules("actions_of", rules)
    if isinstance(move, Play):
        return (int(move.card),)
    if isinstance(move, Pass):
        return tuple(int(card) for card in move.cards)
    if isinstance(move, Claim):
        return (CLAIM,)
    if isinstance(move, ShootChoice):
        return (SHOOT_ADD if move.mode is ShootMode.ADD else SHOOT_SUBTRACT,)
    if isinstance(move, ChoosePass):
        calls = _pass_calls(rules)
        if (move.direction, move.count) not in calls:
            why = (
                "pass calls are actions only with Rules.dealer_chooses_pass"
                if not calls
                else "it is not one of the calls these rules allow"
            )
            raise HeartsError(f"The move '{move}' has no action under these rules: {why}.")
        return (FIRST_PASS_CALL + calls.index((move.direction, move.count)),)
    if isinstance(move, Deal):
        raise HeartsError("A Deal has no action: the environment deals, from the game's seed.")
    raise TypeError(f"actions_of needs a hearts move, got {describe_value(move)}.")


def action_number(action: object, actions: int) -> int:
    """``action`` as an int: a Python or NumPy integer, never a bool, an array or a float."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    raise TypeError(
        f"An action is an int from 0 to {actions - 1} (a Python or NumPy integer), got "
        f"{describe_value(action)}."
    )
