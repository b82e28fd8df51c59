"""How each move changes a :class:`~hearts.State`: the engine's compiled core.

:mod:`hearts.game.engine` is the public face: it checks the types of what it is given and
documents the API. This module holds what it hands on to, for arguments already checked:
the legal moves of a state (:func:`moves`), a move applied to it (:func:`advance`) with or
without the checks that refuse an illegal move, and the start of a hand. The rules
themselves (which cards may be played, and why not) are in :mod:`hearts.game.play`, the pass in
:mod:`hearts.game.passes`, claims in :mod:`hearts.game.claims`, points in :mod:`hearts.game.scoring`.
The build compiles this module with mypyc (see the performance page), so it is written as
plain typed code: a native :class:`~hearts.State`, ints for cards, tables for the plays.

>>> import hearts
>>> state = hearts.new_game(seed=7)
>>> advance(state, moves(state, None)[0], True).phase
<Phase.PASS: 'pass'>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from hearts.errors import IllegalMoveError, describe_value
from hearts.game.cards import CARDS, Card, CardSet
from hearts.game.claims import safe_claim
from hearts.game.frozen import mutable_twin
from hearts.game.hand import trick_of
from hearts.game.history import with_result
from hearts.game.moves import (
    MAX_SEATS,
    PLAYS,
    ChoosePass,
    Claim,
    Deal,
    Move,
    Pass,
    Play,
    ShootChoice,
)
from hearts.game.passes import (
    call_refusal,
    calls,
    exchange_unchecked,
    hand_pass,
    pass_moves_unchecked,
    pass_refusal,
    passes_cards,
)
from hearts.game.play import (
    Position,
    first_leader,
    in_force,
    position_of,
    replay,
    rules_of_play,
)
from hearts.game.rules import PassDirection, Rules, ShootMode
from hearts.game.scoring import score_hand_unchecked, shoot_options_unchecked
from hearts.game.seat import possible_hands, ruled_out_after, seen_position
from hearts.game.shuffle import deal_refusal, seeded_deal_unchecked
from hearts.game.state import HandResult, Phase, State, Trick, Viewpoint

__all__ = [
    "advance", "apply_play", "claim_allowed", "moves", "new_hand", "plays_of", "seat_refusal", "state_of",
    "view_moves",
]  # fmt: skip

# Enum members as module constants: reading ``Phase.PLAY`` goes through the enum's class
# machinery, which costs more than the rest of a play's checks.
_DEAL: Final = Phase.DEAL
_CHOOSE: Final = Phase.CHOOSE
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_SHOOT: Final = Phase.SHOOT
_OVER: Final = Phase.OVER
_CHOOSE_SHOT: Final = ShootMode.CHOOSE
_NO_SHOT: Final = ShootMode.OFF


def new_hand(
    rules: Rules,
    seed: int,
    hand_number: int,
    scores: tuple[int, ...],
    results: Sequence[HandResult],
    phase: Phase = _DEAL,
) -> State:
    """The game before hand ``hand_number`` is dealt, with the rules' pass for it."""
    empty = (0,) * rules.players
    direction, count = hand_pass(rules, hand_number)
    nothing = position_of(rules_of_play(rules), empty, (), 0, True, False, empty, 0)
    return _state(
        rules, seed, phase, hand_number, scores, results, direction, count, empty, empty, (),
        (), nothing, empty,
    )  # fmt: skip


def _state(
    rules: Rules,
    seed: int,
    phase: Phase,
    hand_number: int,
    scores: tuple[int, ...],
    results: Sequence[HandResult],
    direction: PassDirection,
    count: int,
    dealt: tuple[int, ...],
    passed: tuple[int, ...],
    to_move: tuple[int, ...],
    tricks: tuple[Trick, ...],
    position: Position,
    ruled_out: tuple[int, ...],
) -> State:
    """The one place the engine builds a :class:`~hearts.State`.

    The hand in play is given as the kernel's :class:`~hearts.game.play.Position`.
    """
    if _STATE_TWIN is None:
        trick = cast("tuple[Card, ...]", position.trick)  # the kernel plays Card values
        return State(
            rules, seed, phase, hand_number, scores, results, direction, count, dealt,
            position.hands, passed, to_move, position.leader, trick, tricks, position.taken,
            position.broken, ruled_out, position=position,
        )  # fmt: skip
    made = _STATE_TWIN()  # the pure build: see hearts.game.frozen.mutable_twin
    made.rules = rules
    made.seed = seed
    made.phase = phase
    made.hand_number = hand_number
    made.scores = scores
    made.results = results
    made.pass_direction = direction
    made.pass_count = count
    made.dealt_masks = dealt
    made.passed_masks = passed
    made.to_move = to_move
    made.tricks = tricks
    made.ruled_out_masks = ruled_out
    made.position = position
    made.__class__ = State
    return made


_STATE_TWIN: Final = mutable_twin(State)


def _next(
    state: State,
    phase: Phase,
    dealt: tuple[int, ...],
    passed: tuple[int, ...],
    to_move: tuple[int, ...],
    tricks: tuple[Trick, ...],
    position: Position,
    ruled_out: tuple[int, ...],
) -> State:
    """``state`` with what a move of its hand changes; the rest (the hand's set-up) kept."""
    return _state(
        state.rules, state.seed, phase, state.hand_number, state.scores, state.results,
        state.pass_direction, state.pass_count, dealt, passed, to_move, tricks, position,
        ruled_out,
    )  # fmt: skip


def state_of(
    view: Viewpoint,
    seed: int,
    dealt: tuple[int, ...],
    hands: tuple[int, ...],
    passed: tuple[int, ...],
    ruled_out: tuple[int, ...],
) -> State:
    """A state of ``view``'s public facts with the given seed and cards of each seat."""
    first = not view.tricks
    of = rules_of_play(view.rules)
    position = Position(
        of, hands, view.trick, view.leader, first, view.hearts_broken, view.taken_masks
    )
    return _state(
        view.rules, seed, view.phase, view.hand_number, view.scores, view.results,
        view.pass_direction, view.pass_count, dealt, passed, view.to_move, view.tricks,
        position, ruled_out,
    )  # fmt: skip


# --- legal moves -----------------------------------------------------------------------


def moves(state: State, player: int | None) -> Sequence[Move]:
    """The legal moves in ``state`` (of ``player`` only, a seat of the game, if given)."""
    phase = state.phase
    if phase is _PLAY:
        position = in_force(state.position)
        seat = position.seat
        if player is not None and player != seat:
            return ()
        plays = plays_of(seat, position.allowed())
        if position.of.claims and safe_claim(position, seat):
            return (*plays, Claim(seat))
        return plays
    if phase is _PASS:
        seats = state.to_move if player is None else tuple(s for s in state.to_move if s == player)
        if not seats:
            return ()
        passes = pass_moves_unchecked(
            seats, state.hand_masks, state.pass_count, state.rules.unpassable.mask
        )
        return cast("Sequence[Move]", passes)  # a Sequence, registered at run time
    if phase is _CHOOSE:
        if player is not None and player not in state.to_move:
            return ()
        dealer = state.to_move[0]
        return tuple([ChoosePass(dealer, d, count) for d, count in calls(state.rules)])
    if phase is _SHOOT:
        if player is not None and player not in state.to_move:
            return ()
        seat = state.to_move[0]
        return (ShootChoice(seat, ShootMode.ADD), ShootChoice(seat, ShootMode.SUBTRACT))
    if phase is _DEAL and player is None:
        return (seeded_deal_unchecked(state.rules, state.seed, state.hand_number),)
    return ()


def view_moves(view: Viewpoint) -> Sequence[Move]:
    """The legal moves of the player whose view this is (:func:`hearts.legal_moves`)."""
    phase = view.phase
    if phase is _DEAL:
        return ()  # a chance move: no player's to make
    rules = view.rules
    if phase is _PLAY and not rules.claims:
        if view.to_move[0] != view.player:
            return ()
        allowed = rules_of_play(rules).allowed(
            view.hand_mask, view.trick, not view.tricks, view.hearts_broken
        )
        return plays_of(view.player, allowed)
    hands = possible_hands(
        view.player, view.hand_mask, view.unseen_mask, view.known_masks, view.ruled_out_masks
    )
    empty = (0,) * rules.players
    return moves(state_of(view, 0, empty, hands, empty, view.ruled_out_masks), view.player)


def plays_of(seat: int, cards: int) -> tuple[Play, ...]:
    """The plays of ``seat`` of the cards in the mask ``cards``, ascending.

    Read a byte of the mask at a time from a table of the seat's plays (a hand of 13
    cards is a few lookups rather than 13 steps of a loop).

    >>> plays_of(2, 0b101) == (Play(2, 0), Play(2, 2))
    True
    """
    table = _BYTE_PLAYS[seat]
    if table is None:
        table = _BYTE_PLAYS[seat] = _byte_plays(seat)
    plays: tuple[Play, ...] = ()
    chunk = 0
    while cards:
        byte = cards & 255
        if byte:
            plays += table[chunk][byte]
        cards >>= 8
        chunk += 1
    return plays


def _byte_plays(seat: int) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """``[chunk][byte]``: the plays of ``seat`` of the cards ``8 * chunk`` + the bits of ``byte``."""
    row = PLAYS[seat]
    chunks = range((len(row) + 7) // 8)
    return tuple(
        [
            tuple(
                [
                    tuple([row[8 * chunk + bit] for bit in range(8) if byte >> bit & 1])
                    if byte >> (len(row) - 8 * chunk) == 0
                    else ()  # not a mask of cards: never asked
                    for byte in range(256)
                ]
            )
            for chunk in chunks
        ]
    )


_BYTE_PLAYS: Final[list[tuple[tuple[tuple[Play, ...], ...], ...] | None]] = [None] * MAX_SEATS
"""Each seat's table of :func:`_byte_plays`, made when it is first asked."""


def claim_allowed(state: State, seat: int) -> bool:
    """Whether ``seat`` may claim the rest now (:func:`hearts.game.claims.claim_is_safe`)."""
    return safe_claim(in_force(state.position), seat)


# --- applying moves --------------------------------------------------------------------


def advance(state: State, move: Move | object, checked: bool, by: int = -1) -> State:
    """The state after ``move``, checked against every rule.

    With ``checked`` false, a play or a claim is trusted to be one of :func:`moves`. With
    ``by``, the seat that sent the move (the caller has checked that the move is that
    seat's: :func:`seat_refusal`), a claim must be safe against every deal ``by`` cannot
    tell from the real one.
    """
    if isinstance(move, Play):
        return apply_play(state, move.player, move.card, checked)
    if isinstance(move, Pass):
        return _apply_pass(state, move)
    if isinstance(move, Claim):
        return _apply_claim(state, move.player, checked, by >= 0)
    if isinstance(move, Deal):
        return _apply_deal(state, move)
    if isinstance(move, ChoosePass):
        return _apply_choice(state, move)
    if isinstance(move, ShootChoice):
        return _apply_shoot_choice(state, move)
    raise IllegalMoveError(
        f"{describe_value(move)} is not a move: give a hearts.Deal, Pass, Play, Claim, ChoosePass or "
        "ShootChoice."
    )


_SEATS: Final = tuple([(seat,) for seat in range(MAX_SEATS)])
"""``(seat,)`` for every seat, shared by every state's ``to_move``."""


def apply_play(state: State, player: int, card: int, checked: bool) -> State:
    """The state after ``player`` plays ``card`` (:func:`advance` of a :class:`Play`).

    >>> import hearts
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> state = hearts.from_hands(suits, hand_number=3)  # P0 holds every club
    >>> apply_play(state, 0, hearts.Card("2C"), True) == advance(state, hearts.Play(0, "2C"), True)
    True
    """
    position = in_force(state.position)
    if checked:
        if state.phase is not _PLAY or position.seat != player:
            raise IllegalMoveError(
                f"P{player} may not play {CARDS[card]}: {_waiting_for(state, player)}."
            )
        if not position.allowed() >> card & 1:
            refused = position.refusal(card)
            raise IllegalMoveError(refused or f"P{player} may not play {CARDS[card]} now.")
    after = position.play(card)
    ruled_out = ruled_out_after(position, card, state.ruled_out_masks)
    tricks = state.tricks
    if after.trick:
        to_move = _SEATS[after.seat]
    else:
        played = cast("tuple[Card, ...]", (*position.trick, CARDS[card]))
        tricks = (*tricks, trick_of(position.leader, played, after.leader))
        if len(tricks) == after.of.hand_size:
            return _end_hand(state, tricks, after, ruled_out, None)
        to_move = _SEATS[after.leader]
    return _state(
        state.rules, state.seed, _PLAY, state.hand_number, state.scores, state.results,
        state.pass_direction, state.pass_count, state.dealt_masks, state.passed_masks, to_move,
        tricks, after, ruled_out,
    )  # fmt: skip


def _end_hand(
    state: State,
    tricks: tuple[Trick, ...],
    last: Position,
    ruled_out: tuple[int, ...],
    choice: ShootMode | None,
) -> State:
    """Score the hand that ``last`` ends, unless its shooter has a choice to make first."""
    rules = state.rules
    taken = last.taken
    if choice is None and (rules.moon is _CHOOSE_SHOT or rules.sun is _CHOOSE_SHOT):
        options = shoot_options_unchecked(rules, taken, state.scores)
        if options is not None:
            empty = (0,) * rules.players
            put_away = Position(last.of, empty, (), state.leader, False, last.broken, taken)
            return _next(
                state, _SHOOT, state.dealt_masks, state.passed_masks, (options[0],), tricks,
                put_away, ruled_out,
            )  # fmt: skip
    result = score_hand_unchecked(
        rules,
        hand_number=state.hand_number,
        pass_direction=state.pass_direction,
        scores=state.scores,
        dealt_masks=state.dealt_masks,
        passed_masks=state.passed_masks,
        tricks=tricks,
        taken_masks=taken,
        pool=state.results[-1].pool if state.results else 0,
        choice=choice,
    )
    phase = _OVER if result.winners else _DEAL
    results = with_result(state.results, result)
    return new_hand(rules, state.seed, state.hand_number + 1, result.scores, results, phase)


def _apply_claim(state: State, player: int, checked: bool, seen: bool) -> State:
    if not state.rules.claims:
        raise IllegalMoveError(f"P{player} may not claim the rest: Rules.claims is off.")
    if state.phase is not _PLAY or state.to_move[0] != player:
        raise IllegalMoveError(f"P{player} may not claim the rest: {_waiting_for(state, player)}.")
    position = in_force(state.position)
    judged = seen_position(state, position, player) if seen else position
    if checked and not safe_claim(judged, player):
        could = "from what it has seen, another player could" if seen else "another player could"
        raise IllegalMoveError(
            f"P{player} may not claim the rest: {could} still win a trick against "
            f"{CardSet.from_mask(position.hands[player])}; play a card instead."
        )
    remaining = 0
    for mask in position.hands:
        remaining |= mask
    for card in position.trick:
        remaining |= 1 << card
    taken = list(position.taken)
    taken[player] |= remaining
    claimed = Position(
        position.of, position.hands, (), player, False, position.broken, tuple(taken)
    )
    # The cards played to this trick go with the claim, and what they showed with them:
    # what the seats showed is what the tricks kept show.
    tricks = state.tricks
    first = tricks[0].leader if tricks else position.leader
    plays = [card for done in tricks for card in done.cards]
    shown = replay(position.of, first, plays)
    return _end_hand(state, tricks, claimed, shown or (), None)


def _apply_shoot_choice(state: State, move: ShootChoice) -> State:
    player = move.player
    if state.phase is not _SHOOT or state.to_move[0] != player:
        rules = state.rules
        why = _waiting_for(state, player)
        if 0 <= player < rules.players and rules.moon is _NO_SHOT and rules.sun is _NO_SHOT:
            why = f"this game has no shooting (Rules.moon and Rules.sun are 'off'); {why}"
        elif 0 <= player < rules.players and _CHOOSE_SHOT not in (rules.moon, rules.sun):
            scored = f"Rules.moon is {rules.moon.value!r}"
            if rules.sun is not _NO_SHOT:
                scored += f" and Rules.sun is {rules.sun.value!r}"
            why = f"in this game a shot is scored one way, with no choice ({scored}); {why}"
        elif state.phase is not _SHOOT and 0 <= player < rules.players:
            why = f"a shooter chooses only once a hand ends with its shot; {why}"
        raise IllegalMoveError(f"P{player} may not choose how a shot is scored: {why}.")
    if move.mode not in (ShootMode.ADD, ShootMode.SUBTRACT):
        raise IllegalMoveError(
            f"P{player} may not score its shot with {move.mode.value!r}: choose 'add' or 'subtract'."
        )
    return _end_hand(state, state.tricks, state.position, state.ruled_out_masks, move.mode)


def _apply_pass(state: State, move: Pass) -> State:
    player, cards = move.player, move.cards
    if state.phase is not _PASS or player not in state.to_move:
        why = _waiting_for(state, player)
        if 0 <= player < state.rules.players:
            if state.phase is _PASS:
                gave = CardSet.from_mask(state.passed_masks[player])
                why = f"P{player} has already passed {gave} this hand, and {why}"
            elif state.phase is _PLAY and not passes_cards(state.pass_direction, state.pass_count):
                why = f"hand {state.hand_number + 1} is a hold hand, with no pass; {why}"
            elif state.phase is _PLAY:
                why = f"the cards of this hand have been passed; {why}"
        raise IllegalMoveError(f"P{player} may not pass {cards or 'no cards'}: {why}.")
    mask = cards.mask
    hand, count, direction = state.hand_masks[player], state.pass_count, state.pass_direction
    refused = pass_refusal(state.rules, player, mask, hand, count, direction)
    if refused:
        raise IllegalMoveError(f"P{player} may not pass {cards or 'no cards'}: {refused}")
    passed = list(state.passed_masks)
    passed[player] = mask
    to_move = tuple([seat for seat in state.to_move if seat != player])
    if to_move:
        return _before_play(state, _PASS, state.dealt_masks, tuple(passed), to_move)
    # Everyone has passed: the cards change hands together.
    hands = exchange_unchecked(state.hand_masks, passed, state.pass_direction)
    return _start_play(state, hands, tuple(passed))


def _apply_deal(state: State, move: Deal) -> State:
    if state.phase is not _DEAL:
        raise IllegalMoveError(f"A deal is not a legal move now: {_waiting_for(state, None)}.")
    rules = state.rules
    masks = tuple([hand.mask for hand in move.hands])
    refused = deal_refusal(rules, masks)
    if refused:
        raise IllegalMoveError(refused)
    held = state.position
    dealt = position_of(held.of, masks, (), 0, True, False, held.taken, 0)
    if rules.dealer_chooses_pass:
        return _before_play(state, _CHOOSE, masks, state.passed_masks, (state.dealer,), dealt)
    return _start_passing(_before_play(state, _DEAL, masks, state.passed_masks, (), dealt))


def _apply_choice(state: State, move: ChoosePass) -> State:
    player = move.player
    if state.phase is not _CHOOSE or player not in state.to_move:
        why = _waiting_for(state, player)
        rules = state.rules
        if 0 <= player < rules.players and not rules.dealer_chooses_pass:
            why = (
                "in this game the pass of each hand follows Rules.pass_cycle and nobody calls it "
                f"(Rules.dealer_chooses_pass is off); {why}"
            )
        raise IllegalMoveError(f"P{player} may not call the pass: {why}.")
    refused = call_refusal(state.rules, player, move.direction, move.count)
    if refused:
        raise IllegalMoveError(refused)
    return _start_passing(state.replace(pass_direction=move.direction, pass_count=move.count))


def _start_passing(state: State) -> State:
    if not passes_cards(state.pass_direction, state.pass_count):
        return _start_play(state, state.hand_masks, state.passed_masks)
    seats = tuple(range(state.rules.players))
    return _before_play(state, _PASS, state.dealt_masks, state.passed_masks, seats)


def _start_play(state: State, hands: tuple[int, ...], passed: tuple[int, ...]) -> State:
    leader = first_leader(state.rules, state.dealer, hands)
    held = state.position
    playing = position_of(held.of, hands, (), leader, True, False, held.taken, leader)
    return _next(
        state, _PLAY, state.dealt_masks, passed, _SEATS[leader], (), playing, state.ruled_out_masks
    )


def _before_play(
    state: State,
    phase: Phase,
    dealt: tuple[int, ...],
    passed: tuple[int, ...],
    to_move: tuple[int, ...],
    position: Position | None = None,
) -> State:
    """``state`` with the fields a deal, a pass call and the passes change; the rest kept."""
    held = state.position if position is None else position
    return _next(state, phase, dealt, passed, to_move, state.tricks, held, state.ruled_out_masks)


# --- explaining illegal moves ----------------------------------------------------------


def seat_refusal(move: object, by: int) -> str | None:
    """Why seat ``by`` may not send ``move`` in any state, or None: checked before any rule.

    A seat makes only its own moves, and never a deal (a chance move, the table's). The
    sentence names seats only, so that a forged move learns nothing of the game.

    >>> import hearts
    >>> seat_refusal(hearts.Play(1, "3H"), 2)
    'P2 may not move for P1: a seat makes only its own moves, so a move sent by P2 must have player 2.'
    """
    if isinstance(move, Deal):
        return (
            f"P{by} may not deal: a deal is a chance move that the table makes (it is "
            "hearts.legal_moves(state)[0] in the deal phase), never a seat."
        )
    if isinstance(move, (Play, Pass, Claim, ChoosePass, ShootChoice)) and move.player != by:
        return (
            f"P{by} may not move for P{move.player}: a seat makes only its own moves, so a "
            f"move sent by P{by} must have player {by}."
        )
    return None


def _waiting_for(state: State, player: int | None) -> str:
    """What the game waits for, as a clause; or that ``player`` is not a seat of it."""
    players = state.rules.players
    if player is not None and not 0 <= player < players:
        return f"P{player} is not a seat, this game has seats P0 to P{players - 1}"
    phase = state.phase
    if phase is _DEAL:
        return f"the game waits for the deal of hand {state.hand_number + 1}"
    if phase is _CHOOSE:
        return f"the game waits for the dealer, P{state.to_move[0]}, to call the pass"
    if phase is _PASS:
        seats = ", ".join([f"P{seat}" for seat in state.to_move])
        count = state.pass_count
        return (
            f"the game waits for {seats} to pass {count} card{'' if count == 1 else 's'} "
            f"{state.pass_direction}"
        )
    if phase is _PLAY:
        return f"it is P{state.to_move[0]}'s turn to play"
    if phase is _SHOOT:
        return f"the game waits for P{state.to_move[0]} to choose how its shot is scored"
    return "the game is over"
