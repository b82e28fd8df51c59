"""A hand of a record checked by replaying it through the engine.

The deal, the pass and the tricks a record gives are applied as moves with
:func:`hearts.apply`, so every rule is the engine's own; the state the engine reaches is
then compared with the record field by field, and the first field that differs is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts.errors import IllegalMoveError
from hearts.game.cards import Card, CardSet
from hearts.game.engine import apply, apply_unchecked, legal_moves
from hearts.game.moves import ChoosePass, Claim, Deal, Move, Pass, Play
from hearts.game.rules import PassDirection
from hearts.game.state import Phase, State, Trick
from hearts.records.read import RecordError, named, show


def _applied(state: State, move: Move, path: str) -> State:
    """``apply(state, move)``, its refusal a :class:`RecordError` at ``path``."""
    try:
        return apply(state, move)
    except IllegalMoveError as error:
        raise RecordError(path, str(error)) from None


def replay_pass(
    path: str,
    start: State,
    dealt: Sequence[int],
    direction: PassDirection,
    count: int,
    passed: Sequence[int],
    pending: Sequence[int] = (),
    *,
    called: bool = True,
    count_path: str = "",
) -> State:
    """The hand from ``start`` after the deal, the dealer's call and the passes given.

    ``pending``: the seats whose pass is still to come (a record of the pass phase);
    ``called``: whether the dealer has called the pass, in rules where it does;
    ``count_path``: where the record gives how many cards each seat passes (a hand
    result gives it only by the cards passed).
    """
    state = _applied(start, Deal(CardSet.from_mask(hand) for hand in dealt), f"{path}.dealt")
    if state.phase is Phase.CHOOSE and called:
        allowed = direction.allowed_with(state.rules.players)
        where = (count_path or f"{path}.passed") if allowed else f"{path}.pass_direction"
        state = _applied(state, ChoosePass(state.dealer, direction, count), where)
    check_equal(f"{path}.pass_direction", direction, state.pass_direction, state)
    if count_path:
        check_equal(count_path, count, state.pass_count, state)
    for seat, cards in enumerate(passed):
        if seat not in pending and (cards or state.phase is Phase.PASS):
            state = _applied(state, Pass(seat, CardSet.from_mask(cards)), f"{path}.passed[{seat}]")
    return state


def replay_play(
    path: str,
    state: State,
    tricks: Sequence[Trick],
    trick: Sequence[Card] = (),
    leader: int | None = None,
) -> State:
    """The hand from ``state`` after the ``tricks`` given and the ``trick`` in play.

    Who leads and who wins each trick is the engine's, and compared with the record's.
    """
    rounds: list[tuple[str, int, Sequence[Card], int | None]] = [
        (f"{path}.tricks[{i}]", t.leader, t.cards, t.winner) for i, t in enumerate(tricks)
    ]
    if leader is not None:
        rounds.append((f"{path}.trick", leader, trick, None))
    for where, led_by, cards, winner in rounds:
        if state.phase is not Phase.PLAY:
            raise RecordError(
                where, f"is played, but the hand is in the {state.phase.value} phase."
            )
        expected = state.to_move[0]
        if led_by != expected:
            why = "the winner of the trick before" if state.tricks else "the first leader"
            field = f"{where}.leader" if winner is not None else f"{path}.leader"
            raise RecordError(field, f"is P{led_by}, but P{expected} leads this trick ({why}).")
        for index, card in enumerate(cards):
            place = f"{where}.cards[{index}]" if winner is not None else f"{where}[{index}]"
            state = _applied(state, Play(state.to_move[0], card), place)
        if winner is not None:
            actual = _last_winner(state)
            if winner != actual:
                raise RecordError(
                    f"{where}.winner", f"is P{winner}, but P{actual} wins this trick."
                )
    return state


def _last_winner(state: State) -> int:
    """Who won the trick just played (the hand may have ended with it)."""
    tricks = state.tricks or state.results[-1].tricks
    return tricks[-1].winner


def replay_claim(
    path: str, state: State, claim: int, said: str = "", *, checked: bool = True
) -> State:
    """The hand from the start of the trick ``claim`` was made in, after the claim.

    A record does not keep the cards played to that trick before the claim (they go to
    the claimer), so every legal way of playing them is tried: the claim stands if it is
    safe after one of them. ``said``: what the record says, for the message. Unless
    ``checked``, the claim is taken as made (a state dealt from a view, whose hidden hands
    need not be the ones that made the claim safe).
    """
    after = _claimed(state, claim, checked)
    if after is None:
        raise RecordError(
            path,
            f"{said or f'is P{claim}'}, but P{claim} could not claim the rest: whatever was "
            "played before "
            f"its claim, another seat could still win a trick against "
            f"{CardSet.from_mask(state.hand_masks[claim])}.",
        )
    return after


def _claimed(state: State, claim: int, checked: bool) -> State | None:
    """The state after ``claim``'s claim, reached by some legal plays, or None."""
    if state.to_move and state.to_move[0] == claim:
        if not checked and state.rules.claims:
            return apply_unchecked(state, Claim(claim))
        return apply(state, Claim(claim)) if Claim(claim) in legal_moves(state) else None
    for move in legal_moves(state):
        if isinstance(move, Play):
            after = _claimed(apply(state, move), claim, checked)
            if after is not None:
                return after
    return None


_BEFORE_PLAY: Final = (Phase.DEAL, Phase.CHOOSE, Phase.PASS, Phase.OVER)


def _empty_in(phase: Phase, name: str) -> bool:
    """Whether a field is empty throughout a phase (a shot is chosen with no cards held)."""
    return phase in _BEFORE_PLAY or (phase is Phase.SHOOT and name in ("hands", "trick"))


_MASKS: Final = {"dealt": "dealt_masks", "hands": "hand_masks", "passed": "passed_masks"}
_TURN: Final = {
    Phase.CHOOSE: "the dealer, who calls the pass",
    Phase.PASS: "the seats that have not passed",
    Phase.PLAY: "the next seat to play to the trick",
    Phase.SHOOT: "the shooter, who chooses how the shot scores",
}


def compare(path: str, record: State, replayed: State, names: Sequence[str]) -> None:
    """Raise a :class:`RecordError` at the first of ``names`` where the record differs."""
    phase = record.phase.value
    for name in names:
        if name in ("dealt", "hands", "passed", "taken"):
            field = _MASKS.get(name, "taken_masks")
            for seat, (mine, theirs) in enumerate(
                zip(getattr(record, field), getattr(replayed, field), strict=True)
            ):
                if mine != theirs:
                    where = f"{path}.{name}[{seat}]"
                    if not theirs and _empty_in(record.phase, name):
                        raise RecordError(where, f"must be empty in the {phase} phase.")
                    if name == "hands" and record.phase in (Phase.CHOOSE, Phase.PASS):
                        raise RecordError(
                            where,
                            f"must be the hand P{seat} was dealt ({named(theirs)}) until the "
                            "cards are passed.",
                        )
                    raise RecordError(where, f"must be {named(theirs)}: {_held(name, seat)}.")
            continue
        mine, theirs = getattr(record, name), getattr(replayed, name)
        if mine != theirs and name in ("trick", "tricks") and _empty_in(record.phase, name):
            raise RecordError(f"{path}.{name}", f"must be empty in the {phase} phase.")
        check_equal(f"{path}.{name}", mine, theirs, replayed)


def check_equal(path: str, mine: object, theirs: object, replayed: State) -> None:
    """Raise a :class:`RecordError` at ``path`` if the record's value is not the replay's."""
    if mine == theirs:
        return
    name = path.rsplit(".", 1)[-1]
    if name == "to_move":
        turn = _TURN.get(replayed.phase, "nobody")
        raise RecordError(path, f"must be {show(theirs)}, {turn}, got {show(mine)}.")
    if name == "hearts_broken":
        raise RecordError(path, f"must be {str(theirs).lower()}, as the cards played say.")
    raise RecordError(path, f"must be {_value(theirs)}, {_WHY[name]}, got {_value(mine)}.")


def _held(name: str, seat: int) -> str:
    if name == "dealt":
        return f"what P{seat} was dealt"
    if name == "hands":
        return f"what P{seat} held after the pass less what it played"
    if name == "passed":
        return f"what P{seat} passed"
    return f"the cards of the tricks P{seat} won or claimed"


_WHY: Final = {
    "phase": "as the moves recorded lead to",
    "pass_direction": "as the rules' pass cycle or the dealer's call sets it",
    "pass_count": "the cards each seat passes this hand",
    "leader": "the seat that led the trick in play (0 before the hand's first lead)",
    "trick": "the cards played to the trick in play",
    "tricks": "the tricks played",
}


def _value(value: object) -> str:
    if isinstance(value, (Phase, PassDirection)):
        return repr(value.value)
    if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
        return show([card.ascii for card in value])
    return show(list(value) if isinstance(value, tuple) else value)
