"""How each move changes a :class:`~hearts.State`: the engine's compiled core.

:mod:`hearts.engine` is the public face: it checks the types of what it is given and
documents the API. This module holds what it hands on to, for arguments already checked:
the legal moves of a state (:func:`moves`), a move applied to it (:func:`advance`) with or
without the checks that refuse an illegal move, and the start of a hand. The rules
themselves (which cards may be played, and why not) are in :mod:`hearts.play`, the pass in
:mod:`hearts.passes`, claims in :mod:`hearts.claims`, points in :mod:`hearts.scoring`.
The build compiles this module with mypyc (see the performance page), so it is written as
plain typed code: a native :class:`~hearts.State`, ints for cards, tables for the plays.

>>> import hearts
>>> state = hearts.new_game(seed=7)
>>> advance(state, moves(state, None)[0], True).phase
<Phase.PASS: 'pass'>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts.cards import JOKERS, SUIT_MASKS, Card, CardSet
from hearts.claims import claim_is_safe
from hearts.errors import IllegalMoveError, describe_value
from hearts.history import with_result
from hearts.moves import MAX_SEATS, PLAYS, ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.passes import PassMoves, pass_refusal
from hearts.play import LED_MASK, exchange, first_leader, led_card, playable, refusal
from hearts.rules import PassDirection, Rules, ShootMode
from hearts.scoring import score_hand, shoot_options
from hearts.shuffle import deal_refusal, seeded_deal
from hearts.state import HandResult, Phase, State, Trick

__all__ = ["advance", "claim_allowed", "moves", "new_hand"]

_CHUNKS: Final = (*SUIT_MASKS, JOKERS)
"""The masks a set of cards is cut into for the tables of plays: each suit, then the jokers."""

# Enum members as module constants: reading ``Phase.PLAY`` goes through the enum's class
# machinery, which costs more than the rest of a play's checks.
_DEAL: Final = Phase.DEAL
_CHOOSE: Final = Phase.CHOOSE
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_SHOOT: Final = Phase.SHOOT
_OVER: Final = Phase.OVER
_HOLD: Final = PassDirection.HOLD
_CHOOSE_SHOT: Final = ShootMode.CHOOSE


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
    cycle = rules.pass_cycle
    direction = cycle[hand_number % len(cycle)]
    count = 0 if direction is _HOLD else rules.pass_count
    return State(
        rules, seed, phase, hand_number, scores, results, direction, count, empty, empty,
        empty, (), 0, (), (), empty, False,
    )  # fmt: skip


# --- legal moves -----------------------------------------------------------------------


def moves(state: State, player: int | None) -> Sequence[Move]:
    """The legal moves in ``state`` (of ``player`` only, a seat of the game, if given)."""
    phase = state.phase
    if phase is _PLAY:
        seat = state.to_move[0]
        if player is not None and player != seat:
            return ()
        rules = state.rules
        trick = state.trick
        hand = state.hand_masks[seat]
        follow = hand & LED_MASK[trick[0]] if trick else 0
        if follow and (state.tricks or not follow & rules.first_trick_barred):
            # Following suit, the common case: one lookup. (On the first trick only when
            # the first-trick ban can take none of these cards away.)
            plays = _SUIT_PLAYS.get(follow | seat << _SEAT_SHIFT) or _suit_plays(seat, follow)
        else:
            allowed = playable(rules, hand, trick, not state.tricks, state.hearts_broken)
            plays = _plays(seat, allowed)
        if rules.claims and claim_allowed(state, seat):
            return (*plays, Claim(seat))
        return plays
    if phase is _PASS:
        seats = state.to_move if player is None else tuple(s for s in state.to_move if s == player)
        if not seats:
            return ()
        return PassMoves(seats, state.hand_masks, state.pass_count, state.rules.unpassable.mask)
    if phase is _CHOOSE:
        if player is not None and player not in state.to_move:
            return ()
        return _choices(state.rules, state.to_move[0])
    if phase is _SHOOT:
        if player is not None and player not in state.to_move:
            return ()
        seat = state.to_move[0]
        return (ShootChoice(seat, ShootMode.ADD), ShootChoice(seat, ShootMode.SUBTRACT))
    if phase is _DEAL and player is None:
        return (seeded_deal(state.rules, state.seed, state.hand_number),)
    return ()


def _choices(rules: Rules, dealer: int) -> tuple[ChoosePass, ...]:
    """Every pass the dealer may call: a hold hand, or a direction and a count."""
    return tuple(
        ChoosePass(dealer, direction, count)
        for direction in rules.pass_directions
        for count in ((0,) if direction is _HOLD else range(1, rules.pass_count + 1))
    )


_SEAT_SHIFT: Final = 56
_SUIT_PLAYS: Final[dict[int, tuple[Play, ...]]] = {}
"""The plays of a seat's cards of one suit (or of its jokers), keyed by the cards' mask with
the seat above them: at most 7 seats x 5 chunks x 8,191 subsets, so the table is bounded."""


_HAND_PLAYS: Final[dict[int, tuple[Play, ...]]] = {}
"""The plays of masks of several suits, keyed as in ``_SUIT_PLAYS``; emptied when it holds
``_HAND_PLAYS_LIMIT`` entries, so it only remembers the masks of recent games."""
_HAND_PLAYS_LIMIT: Final = 1 << 14


def _plays(seat: int, mask: int) -> tuple[Play, ...]:
    """The plays of the cards in ``mask``, ascending, joined from the per-suit tables."""
    key = mask | seat << _SEAT_SHIFT
    result = _HAND_PLAYS.get(key)
    if result is None:
        result = _join_plays(seat, mask)
        if len(_HAND_PLAYS) >= _HAND_PLAYS_LIMIT:
            _HAND_PLAYS.clear()
        _HAND_PLAYS[key] = result
    return result


def _join_plays(seat: int, mask: int) -> tuple[Play, ...]:
    high = seat << _SEAT_SHIFT
    result: tuple[Play, ...] = ()
    for suit in _CHUNKS:  # usually each suit in turn; a few of them when the hand is short
        part = mask & suit
        if part:
            result += _SUIT_PLAYS.get(part | high) or _suit_plays(seat, part)
            mask ^= part
            if not mask:
                return result
    return result


def _suit_plays(seat: int, part: int) -> tuple[Play, ...]:
    """The plays of the cards in ``part`` (of one suit, or jokers), kept in the table."""
    row = PLAYS[seat]
    plays = []
    rest = part
    while rest:
        low = rest & -rest
        plays.append(row[low.bit_length() - 1])
        rest ^= low
    result = tuple(plays)
    _SUIT_PLAYS[part | seat << _SEAT_SHIFT] = result
    return result


def claim_allowed(state: State, seat: int) -> bool:
    """Whether ``seat`` may claim the rest now (:func:`hearts.claims.claim_is_safe`)."""
    return claim_is_safe(
        state.rules,
        seat,
        state.hand_masks,
        state.trick,
        state.leader,
        first=not state.tricks,
        broken=state.hearts_broken,
    )


# --- applying moves --------------------------------------------------------------------


def advance(state: State, move: Move, checked: bool) -> State:
    """The state after ``move``, checked against every rule.

    With ``checked`` false, a play or a claim is trusted to be one of :func:`moves`.
    """
    if isinstance(move, Play):
        return _apply_play(state, move.player, move.card, checked)
    if isinstance(move, Pass):
        return _apply_pass(state, move)
    if isinstance(move, Claim):
        return _apply_claim(state, move.player, checked)
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


def _apply_play(state: State, player: int, card: Card, checked: bool) -> State:
    rules = state.rules
    hands = state.hand_masks
    trick = state.trick
    tricks = state.tricks
    broken = state.hearts_broken
    bit = 1 << card
    if checked:
        if state.phase is not _PLAY or state.to_move[0] != player:
            raise IllegalMoveError(f"P{player} may not play {card}: {_waiting_for(state, player)}.")
        follow = hands[player] & LED_MASK[trick[0]] if trick else 0
        if follow and not tricks and follow & rules.first_trick_barred:
            follow = 0  # the first-trick ban may take some of them away: ask the rules
        if not bit & (follow or playable(rules, hands[player], trick, not tricks, broken)):
            refused = refusal(rules, player, hands[player], trick, not tricks, broken, card)
            raise IllegalMoveError(refused or f"P{player} may not play {card} now.")
    held = list(hands)
    held[player] ^= bit
    if not broken and bit & rules.breaking_mask:
        broken = True
    players = rules.players
    leader = state.leader
    trick = (*trick, card)
    if len(trick) < players:
        return State(
            rules, state.seed, _PLAY, state.hand_number, state.scores, state.results,
            state.pass_direction, state.pass_count, state.dealt_masks, tuple(held),
            state.passed_masks, _SEATS[(player + 1) % players], leader, trick, tricks,
            state.taken_masks, broken,
        )  # fmt: skip
    trick_mask = 0
    for played in trick:
        trick_mask |= 1 << played
    # The highest card of the suit led is the highest bit of the trick in that suit.
    led = LED_MASK[trick[0]] or LED_MASK[led_card(trick)]
    winner = (leader + trick.index((trick_mask & led).bit_length() - 1)) % players
    won = list(state.taken_masks)
    won[winner] |= trick_mask
    tricks = (*tricks, Trick(leader, trick, winner))
    if len(tricks) < rules.hand_size:
        return State(
            rules, state.seed, _PLAY, state.hand_number, state.scores, state.results,
            state.pass_direction, state.pass_count, state.dealt_masks, tuple(held),
            state.passed_masks, _SEATS[winner], winner, (), tricks, tuple(won), broken,
        )  # fmt: skip
    return _end_hand(state, tricks, tuple(won), None)


def _end_hand(
    state: State, tricks: tuple[Trick, ...], taken: tuple[int, ...], choice: ShootMode | None
) -> State:
    """Score the hand just finished, unless its shooter has a choice to make first."""
    rules = state.rules
    if choice is None and (rules.moon is _CHOOSE_SHOT or rules.sun is _CHOOSE_SHOT):
        options = shoot_options(rules, taken, state.scores)
        if options is not None:
            empty = (0,) * rules.players
            return State(
                rules, state.seed, _SHOOT, state.hand_number, state.scores, state.results,
                state.pass_direction, state.pass_count, state.dealt_masks, empty,
                state.passed_masks, (options[0],), state.leader, (), tricks, taken,
                state.hearts_broken,
            )  # fmt: skip
    result = score_hand(
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


def _apply_claim(state: State, player: int, checked: bool) -> State:
    if not state.rules.claims:
        raise IllegalMoveError(f"P{player} may not claim the rest: Rules.claims is off.")
    if state.phase is not _PLAY or state.to_move[0] != player:
        raise IllegalMoveError(f"P{player} may not claim the rest: {_waiting_for(state, player)}.")
    if checked and not claim_allowed(state, player):
        raise IllegalMoveError(
            f"P{player} may not claim the rest: another player could still win a trick "
            f"against {CardSet.from_mask(state.hand_masks[player])}."
        )
    remaining = 0
    for mask in state.hand_masks:
        remaining |= mask
    for card in state.trick:
        remaining |= 1 << card
    taken = list(state.taken_masks)
    taken[player] |= remaining
    return _end_hand(state, state.tricks, tuple(taken), None)


def _apply_shoot_choice(state: State, move: ShootChoice) -> State:
    player = move.player
    if state.phase is not _SHOOT or state.to_move[0] != player:
        raise IllegalMoveError(
            f"P{player} may not choose how a shot is scored: {_waiting_for(state, player)}."
        )
    if move.mode not in (ShootMode.ADD, ShootMode.SUBTRACT):
        raise IllegalMoveError(
            f"P{player} may not score its shot with {move.mode.value!r}: choose 'add' or 'subtract'."
        )
    return _end_hand(state, state.tricks, state.taken_masks, move.mode)


def _apply_pass(state: State, move: Pass) -> State:
    player, cards = move.player, move.cards
    if state.phase is not _PASS or player not in state.to_move:
        if state.phase is _PASS and 0 <= player < state.rules.players:
            raise IllegalMoveError(
                f"P{player} may not pass {cards}: P{player} has already passed "
                f"{CardSet.from_mask(state.passed_masks[player])} this hand."
            )
        raise IllegalMoveError(f"P{player} may not pass {cards}: {_waiting_for(state, player)}.")
    mask = cards.mask
    hand, count, direction = state.hand_masks[player], state.pass_count, state.pass_direction
    refused = pass_refusal(state.rules, player, mask, hand, count, direction)
    if refused:
        raise IllegalMoveError(f"P{player} may not pass {cards or 'no cards'}: {refused}")
    passed = list(state.passed_masks)
    passed[player] = mask
    to_move = tuple([seat for seat in state.to_move if seat != player])
    if to_move:
        return _before_play(
            state, _PASS, state.dealt_masks, state.hand_masks, tuple(passed), to_move, state.leader
        )
    # Everyone has passed: the cards change hands together.
    hands = exchange(state.hand_masks, passed, state.pass_direction)
    return _start_play(state, hands, tuple(passed))


def _apply_deal(state: State, move: Deal) -> State:
    if state.phase is not _DEAL:
        raise IllegalMoveError(f"A deal is not a legal move now: {_waiting_for(state, None)}.")
    rules = state.rules
    masks = tuple([hand.mask for hand in move.hands])
    refused = deal_refusal(rules, masks)
    if refused:
        raise IllegalMoveError(refused)
    if rules.dealer_chooses_pass:
        return _before_play(
            state, _CHOOSE, masks, masks, state.passed_masks, (state.dealer,), state.leader
        )
    return _start_passing(
        _before_play(state, _DEAL, masks, masks, state.passed_masks, (), state.leader)
    )


def _apply_choice(state: State, move: ChoosePass) -> State:
    player = move.player
    if state.phase is not _CHOOSE or player not in state.to_move:
        raise IllegalMoveError(f"P{player} may not call the pass: {_waiting_for(state, player)}.")
    rules = state.rules
    direction, count = move.direction, move.count
    if not direction.allowed_with(rules.players):
        allowed = ", ".join([str(d) for d in rules.pass_directions])
        raise IllegalMoveError(
            f"P{player} may not call a pass {direction}: {rules.players} players may pass "
            f"{allowed}."
        )
    if direction is _HOLD:
        if count != 0:
            raise IllegalMoveError(
                f"P{player} may not call a hold hand of {describe_value(count)} cards: a hold "
                "hand passes 0."
            )
    elif not (isinstance(count, int) and 1 <= count <= rules.pass_count):
        raise IllegalMoveError(
            f"P{player} may not call a pass of {describe_value(count)} cards: the dealer calls 1 to "
            f"{rules.pass_count} (Rules.pass_count)."
        )
    return _start_passing(state.replace(pass_direction=direction, pass_count=count))


def _start_passing(state: State) -> State:
    if state.pass_direction is _HOLD:
        return _start_play(state, state.hand_masks, state.passed_masks)
    seats = tuple(range(state.rules.players))
    return _before_play(
        state, _PASS, state.dealt_masks, state.hand_masks, state.passed_masks, seats, state.leader
    )


def _start_play(state: State, hands: tuple[int, ...], passed: tuple[int, ...]) -> State:
    leader = first_leader(state.rules, state.dealer, hands)
    return _before_play(state, _PLAY, state.dealt_masks, hands, passed, _SEATS[leader], leader)


def _before_play(
    state: State,
    phase: Phase,
    dealt: tuple[int, ...],
    hands: tuple[int, ...],
    passed: tuple[int, ...],
    to_move: tuple[int, ...],
    leader: int,
) -> State:
    """``state`` with the fields a deal, a pass call and the passes change; the rest kept."""
    return State(
        state.rules, state.seed, phase, state.hand_number, state.scores, state.results,
        state.pass_direction, state.pass_count, dealt, hands, passed, to_move, leader,
        state.trick, state.tricks, state.taken_masks, state.hearts_broken,
    )  # fmt: skip


# --- explaining illegal moves ----------------------------------------------------------


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
        return f"the game waits for {seats} to pass"
    if phase is _PLAY:
        return f"it is P{state.to_move[0]}'s turn to play"
    if phase is _SHOOT:
        return f"the game waits for P{state.to_move[0]} to choose how its shot is scored"
    return "the game is over"
