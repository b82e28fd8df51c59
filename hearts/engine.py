"""The engine: :func:`legal_moves` and :func:`apply`, which carry the game from move to move.

The rules of play themselves (which cards may be played, and why not) are written once in
:mod:`hearts.play`, claims in :mod:`hearts.claims`, points in :mod:`hearts.scoring`; the
engine applies them. Both are pure functions of an immutable :class:`~hearts.State`.
:func:`apply` checks every move and raises :class:`~hearts.IllegalMoveError`, naming the
move, the rule it breaks and the situation; the state passed in is never changed.

>>> import hearts
>>> state = hearts.new_game(seed=7)
>>> while not state.is_over:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> max(state.scores) >= 100, state.winners == tuple(
...     seat for seat, score in enumerate(state.scores) if score == min(state.scores))
(True, True)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from hearts.cards import (
    JOKERS,
    SUIT_MASKS,
    Card,
    CardSet,
)
from hearts.claims import claim_is_safe
from hearts.errors import HeartsError, IllegalMoveError, describe_value
from hearts.moves import MAX_SEATS, PLAYS, ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.passes import PassMoves, pass_refusal
from hearts.play import (
    LED_MASK,
    exchange,
    first_leader,
    led_card,
    playable,
    refusal,
    trick_winner,
)
from hearts.rules import PassDirection, Rules, ShootMode
from hearts.scoring import score_hand, shoot_options
from hearts.shuffle import check_seed, deal_refusal, seeded_deal
from hearts.state import HandResult, Phase, State, Trick, Viewpoint

__all__ = [
    "Viewpoint",
    "apply",
    "apply_unchecked",
    "check_seat",
    "from_hands",
    "legal_moves",
    "new_game",
    "seeded_deal",
    "start_hand",
    "trick_winner",
]

_new_state: Final = tuple.__new__
"""Builds a State from a tuple of every field, skipping NamedTuple's keyword machinery."""
_PHASE, _DEALT_MASKS, _HAND_MASKS, _PASSED_MASKS, _TO_MOVE, _LEADER = map(
    State._fields.index,
    ("phase", "dealt_masks", "hand_masks", "passed_masks", "to_move", "leader"),
)
"""Positions of State's fields, for building a state from a list of its fields."""
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


# --- starting a game -------------------------------------------------------------------


def new_game(rules: Rules | None = None, *, seed: int | None = None) -> State:
    """A new game waiting for its first deal.

    The game offers one deal per hand, drawn from ``seed``: the same seed gives the same
    game. Without a seed one is drawn from the operating system and kept in
    :attr:`State.seed`. :func:`apply` also accepts any other valid :class:`~hearts.Deal`.

    >>> import hearts
    >>> state = hearts.new_game(hearts.Rules(target=50), seed=42)
    >>> state.phase, state.scores, state.rules.target
    (<Phase.DEAL: 'deal'>, (0, 0, 0, 0), 50)
    >>> hearts.legal_moves(state) == hearts.legal_moves(hearts.new_game(seed=42))
    True
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a hearts.Rules value, got {describe_value(rules)}.")
    if seed is None:
        seed = secrets.randbits(63)
    _check_seed_argument(seed)
    return _new_hand(rules, seed, 0, _starting_scores(rules), ())


def _check_seed_argument(seed: object) -> None:
    """A seed given to a game: an int (not a bool) of at most 1,000 digits."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, got {describe_value(seed)}.")
    check_seed("seed", seed)


def _starting_scores(rules: Rules) -> tuple[int, ...]:
    """Every total starts at 0, or at ``Rules.chips`` in a chip game."""
    return (rules.chips or 0,) * rules.players


def from_hands(
    hands: Iterable[CardSet | str | Iterable[Card | int | str]],
    rules: Rules | None = None,
    *,
    hand_number: int = 0,
    scores: Iterable[int] | None = None,
    seed: int = 0,
) -> State:
    """A game just after ``hands`` were dealt: any position a test or a bot needs.

    ``hand_number`` picks the pass direction from the rules' cycle (hand 3 is a hold hand
    in the standard game, so play starts at once); ``scores`` are the totals before this
    hand. Hands are checked as a :class:`~hearts.Deal` is.

    >>> import hearts
    >>> deal = hearts.legal_moves(hearts.new_game(seed=5))[0]
    >>> state = hearts.from_hands(deal.hands, hand_number=3, scores=(90, 12, 40, 0))
    >>> state.phase, state.to_move == (state.hands.index(next(h for h in state.hands if hearts.Card("2C") in h)),)
    (<Phase.PLAY: 'play'>, True)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise TypeError(
            "from_hands needs one hand per seat (a list of hands, each a CardSet or text "
            f"such as '2C 3C QS'), got {describe_value(hands)}."
        )
    return apply(_hand_start("from_hands", rules, hand_number, scores, (), seed), Deal(hands))


def start_hand(
    rules: Rules | None = None,
    *,
    hand_number: int | None = None,
    scores: Iterable[int] | None = None,
    results: Iterable[HandResult] = (),
    seed: int = 0,
) -> State:
    """The game before hand ``hand_number`` is dealt, after ``results``.

    The pass of the hand is the rules' cycle's; ``scores`` are the totals so far, and the
    game is over if the last result names winners. By default the hand is the one after
    the last result and the totals are the last result's (the starting ones if there is
    none). Records are checked by replaying their moves from here.

    >>> import hearts
    >>> state = hearts.start_hand(hand_number=2, scores=(10, 3, 0, 13))
    >>> state.phase, state.pass_direction, state.dealer
    (<Phase.DEAL: 'deal'>, PassDirection.ACROSS, 2)
    """
    done = tuple(results) if isinstance(results, Iterable) else results
    if not isinstance(done, tuple) or not all(isinstance(r, HandResult) for r in done):
        raise TypeError(
            f"start_hand needs results as HandResult values, got {describe_value(results)}."
        )
    if done:
        hand_number = done[-1].hand_number + 1 if hand_number is None else hand_number
        scores = done[-1].scores if scores is None else scores
    _check_seed_argument(seed)
    number = 0 if hand_number is None else hand_number
    return _hand_start("start_hand", rules, number, scores, done, seed)


def _hand_start(
    who: str,
    rules: Rules | None,
    hand_number: int,
    scores: Iterable[int] | None,
    results: tuple[HandResult, ...],
    seed: int,
) -> State:
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"{who} needs a hearts.Rules value for rules, got {describe_value(rules)}.")
    if scores is not None and (
        isinstance(scores, (str, bytes)) or not isinstance(scores, Iterable)
    ):
        raise TypeError(
            f"{who} needs scores as one int per seat (or None), got {describe_value(scores)}."
        )
    totals = _starting_scores(rules) if scores is None else tuple(scores)
    if len(totals) != rules.players or not all(
        isinstance(score, int) and not isinstance(score, bool) for score in totals
    ):
        raise HeartsError(
            f"scores must be {rules.players} ints, one per seat, got {describe_value(scores)}."
        )
    if not isinstance(hand_number, int) or isinstance(hand_number, bool):
        raise TypeError(f"hand_number must be an int, got {describe_value(hand_number)}.")
    if hand_number < 0:
        raise HeartsError(f"hand_number must be at least 0, got {describe_value(hand_number)}.")
    phase = _OVER if results and results[-1].winners else _DEAL
    return _new_hand(rules, seed, hand_number, totals, results, phase)


def _new_hand(
    rules: Rules,
    seed: int,
    hand_number: int,
    scores: tuple[int, ...],
    results: tuple[HandResult, ...],
    phase: Phase = _DEAL,
) -> State:
    empty = (0,) * rules.players
    cycle = rules.pass_cycle
    direction = cycle[hand_number % len(cycle)]
    count = 0 if direction is _HOLD else rules.pass_count
    return _new_state(State, (
        rules, seed, phase, hand_number, scores, results, direction, count, empty, empty,
        empty, (), 0, (), (), empty, False,
    ))  # fmt: skip


# --- legal moves -----------------------------------------------------------------------


def legal_moves(state: State | Viewpoint, player: int | None = None) -> Sequence[Move]:
    """The legal moves in ``state``, in a deterministic order; of ``player`` only if given.

    ``state`` may also be a player's :class:`~hearts.PlayerView`: then the moves are that
    player's own (a claim is offered only when the player can know it is safe).

    * Deal phase: the seeded :class:`~hearts.Deal` (a chance move, so none for a seat).
    * Choose phase (dealer's choice): every :class:`~hearts.ChoosePass` of the dealer.
    * Pass phase: a :class:`PassMoves` sequence of every :class:`~hearts.Pass` of every
      seat still to pass, built lazily (a standard hand has 286 passes per seat).
    * Play phase: a tuple of :class:`~hearts.Play`, ascending by card, then a
      :class:`~hearts.Claim` when claims are allowed and the claim is safe.
    * Shoot phase: the shooter's two :class:`~hearts.ShootChoice` moves.
    * Game over: an empty tuple.

    >>> import hearts
    >>> state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])
    >>> moves = hearts.legal_moves(state, 2)
    >>> len(moves), moves[0].player, len(hearts.legal_moves(state))
    (286, 2, 1144)
    """
    if state.__class__ is not State:
        return _viewpoint_moves(state, player)  # type: ignore[arg-type]
    if player is not None:
        check_seat(state.rules, player)
    phase = state.phase
    if phase is _PLAY:
        seat = state.to_move[0]
        if player is not None and player != seat:
            return ()
        trick = state.trick
        follow = state.hand_masks[seat] & LED_MASK[trick[0]] if trick else 0
        if follow and (state.tricks or not follow & state.rules.first_trick_barred):
            # Following suit, the common case: one lookup. (On the first trick only when
            # the first-trick ban can take none of these cards away.)
            plays = _SUIT_PLAYS.get(follow | seat << _SEAT_SHIFT) or _suit_plays(seat, follow)
        else:
            hand = state.hand_masks[seat]
            allowed = playable(state.rules, hand, trick, not state.tricks, state.hearts_broken)
            plays = _plays(seat, allowed)
        if state.rules.claims and _claim_is_safe(state, seat):
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


def check_seat(rules: Rules, player: object) -> None:
    """Refuse a seat that is not an int (``TypeError``), or not one of this game's.

    >>> import hearts
    >>> check_seat(hearts.Rules(), 9)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: P9 is not a seat: this game has seats P0 to P3.
    """
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(
            f"A seat is an int from 0 to {rules.players - 1}, got {describe_value(player)}."
        )
    if not 0 <= player < rules.players:
        seat = f"P{player}" if -1000 < player < 1000 else describe_value(player)
        raise HeartsError(f"{seat} is not a seat: this game has seats P0 to P{rules.players - 1}.")


def _viewpoint_moves(view: Viewpoint, player: int | None) -> Sequence[Move]:
    if not hasattr(view, "_decision_state"):
        raise TypeError(
            f"legal_moves needs a hearts.State or a hearts.PlayerView, got {describe_value(view)}."
        )
    if player is not None:
        check_seat(view.rules, player)
        if player != view.player:
            return ()
    state = view._decision_state()
    if state.phase is _DEAL:
        return ()  # a chance move: no player's to make
    return legal_moves(state, view.player)


def _choices(rules: Rules, dealer: int) -> tuple[ChoosePass, ...]:
    """Every pass the dealer may call: a hold hand, or a direction and a count."""
    return tuple(
        ChoosePass(dealer, direction, count)
        for direction in rules.pass_directions
        for count in ((0,) if direction is _HOLD else range(1, rules.pass_count + 1))
    )


_SEAT_SHIFT: Final = 56
_SUIT_PLAYS: dict[int, tuple[Play, ...]] = {}
"""The plays of a seat's cards of one suit (or of its jokers), keyed by the cards' mask with
the seat above them: at most 7 seats x 5 chunks x 8,191 subsets, so the table is bounded."""


_HAND_PLAYS: dict[int, tuple[Play, ...]] = {}
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
    get = _SUIT_PLAYS.get
    result: tuple[Play, ...] = ()
    for suit in _CHUNKS:  # usually each suit in turn; a few of them when the hand is short
        part = mask & suit
        if part:
            result += get(part | high) or _suit_plays(seat, part)
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
    result = _SUIT_PLAYS[part | seat << _SEAT_SHIFT] = tuple(plays)
    return result


# --- applying moves --------------------------------------------------------------------


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`~hearts.IllegalMoveError` if it is illegal.

    The move is checked against every rule; ``state`` itself is never changed.

    >>> import hearts
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> state = hearts.from_hands(suits, hand_number=3)  # P0 holds every club
    >>> hearts.apply(state, hearts.Play(0, "3C"))
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: P0 may not lead 3♣: the first trick must be led with 2♣.
    >>> hearts.apply(state, hearts.Play(0, "2C")).trick
    (Card('2♣'),)
    """
    if state.__class__ is not State:
        raise TypeError(f"apply needs a hearts.State, got {describe_value(state)}.")
    if move.__class__ is Play:
        return _apply_play(state, move)
    applies = _APPLIES.get(move.__class__)
    if applies is not None:
        return applies(state, move)
    raise IllegalMoveError(
        f"{describe_value(move)} is not a move: give a hearts.Deal, Pass, Play, Claim, ChoosePass or "
        "ShootChoice."
    )


def apply_unchecked(state: State, move: Move) -> State:
    """:func:`apply` for search code that plays only moves :func:`legal_moves` gave it.

    A :class:`~hearts.Play` is applied without checking that it is legal, which saves
    about 40% of :func:`apply`'s time on a play (see the performance page), and a
    :class:`~hearts.Claim` without the search that proves it safe; an illegal play or
    claim gives a state no game can reach, silently. Every other move is checked, exactly
    as :func:`apply` does. For a legal move the result is the same state :func:`apply`
    returns.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.is_over:
    ...     move = hearts.legal_moves(state)[-1]
    ...     assert apply_unchecked(state, move) == hearts.apply(state, move)
    ...     state = apply_unchecked(state, move)
    """
    if move.__class__ is Play:
        return _apply_play(state, move, False)
    if move.__class__ is Claim:
        return _apply_claim(state, move, False)
    return apply(state, move)


_SEATS: Final = tuple((seat,) for seat in range(MAX_SEATS))
"""``(seat,)`` for every seat, shared by every state's ``to_move``."""
_NEXT_SEAT: Final = tuple(
    tuple(_SEATS[(seat + 1) % players] for seat in range(players))
    for players in range(MAX_SEATS + 1)
)
"""``_NEXT_SEAT[players][seat]``: ``(seat + 1) % players`` as a ``to_move`` tuple."""
_new_trick: Final = tuple.__new__


def _apply_play(state: State, move: Play, checked: bool = True) -> State:
    # The hot path: fields are unpacked once and the new state is built in one call.
    (
        rules, seed, phase, hand_number, scores, results, pass_direction, pass_count, dealt,
        hands, passed, to_move, leader, trick, tricks, taken, broken,
    ) = state  # fmt: skip
    player = move.player
    card = move.card
    bit = 1 << card
    if checked:
        if phase is not _PLAY or to_move[0] != player:
            raise IllegalMoveError(f"P{player} may not play {card}: {_waiting_for(state, player)}.")
        follow = hands[player] & LED_MASK[trick[0]] if trick else 0
        if follow and not tricks and follow & rules.first_trick_barred:
            follow = 0  # the first-trick ban may take some of them away: ask the rules
        if not bit & (follow or playable(rules, hands[player], trick, not tricks, broken)):
            refused = refusal(rules, player, hands[player], trick, not tricks, broken, card)
            raise IllegalMoveError(refused or f"P{player} may not play {card} now.")
    held = list(hands)
    held[player] ^= bit
    hands = tuple(held)
    if not broken and bit & rules.breaking_mask:
        broken = True
    players = rules.players
    if len(trick) + 1 < players:
        return _new_state(State, (
            rules, seed, phase, hand_number, scores, results, pass_direction, pass_count, dealt,
            hands, passed, _NEXT_SEAT[players][player], leader, trick + (card,), tricks, taken,  # noqa: RUF005 (faster)
            broken,
        ))  # fmt: skip
    trick += (card,)
    trick_mask = 0
    for played in trick:
        trick_mask |= 1 << played
    # The highest card of the suit led is the highest bit of the trick in that suit.
    led = LED_MASK[trick[0]] or LED_MASK[led_card(trick)]
    winner = (leader + trick.index((trick_mask & led).bit_length() - 1)) % players
    won = list(taken)
    won[winner] |= trick_mask
    taken = tuple(won)
    tricks += (_new_trick(Trick, (leader, trick, winner)),)
    if len(tricks) < rules.hand_size:
        return _new_state(State, (
            rules, seed, phase, hand_number, scores, results, pass_direction, pass_count, dealt,
            hands, passed, _SEATS[winner], winner, (), tricks, taken, broken,
        ))  # fmt: skip
    return _end_hand(state, tricks, taken)


def _end_hand(
    state: State, tricks: tuple[Trick, ...], taken: tuple[int, ...], choice: ShootMode | None = None
) -> State:
    """Score the hand just finished, unless its shooter has a choice to make first."""
    rules = state.rules
    if choice is None and (rules.moon is _CHOOSE_SHOT or rules.sun is _CHOOSE_SHOT):
        options = shoot_options(rules, taken, state.scores)
        if options is not None:
            empty = (0,) * rules.players
            return state._replace(
                phase=_SHOOT, to_move=(options[0],), hand_masks=empty, trick=(),
                tricks=tricks, taken_masks=taken,
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
    results = (*state.results, result)
    return _new_hand(rules, state.seed, state.hand_number + 1, result.scores, results, phase)


def _apply_claim(state: State, move: Claim, checked: bool = True) -> State:
    player = move.player
    if not state.rules.claims:
        raise IllegalMoveError(f"P{player} may not claim the rest: Rules.claims is off.")
    if state.phase is not _PLAY or state.to_move[0] != player:
        raise IllegalMoveError(f"P{player} may not claim the rest: {_waiting_for(state, player)}.")
    if checked and not _claim_is_safe(state, player):
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
    empty = (0,) * state.rules.players
    return _end_hand(state._replace(hand_masks=empty, trick=()), state.tricks, tuple(taken))


def _claim_is_safe(state: State, seat: int) -> bool:
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
    options = shoot_options(state.rules, state.taken_masks, state.scores)
    assert options is not None  # the SHOOT phase is entered only with a choice to make
    return _end_hand(state, state.tricks, state.taken_masks, move.mode)


def _apply_pass(state: State, move: Pass) -> State:
    player, cards = move.player, move.cards
    if state.phase is not _PASS or player not in state.to_move:
        if state.phase is _PASS and player in range(state.rules.players):
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
        fields = list(state)
        fields[_PASSED_MASKS] = tuple(passed)
        fields[_TO_MOVE] = to_move
        return _new_state(State, fields)
    # Everyone has passed: the cards change hands together.
    hands = exchange(state.hand_masks, passed, state.pass_direction)
    return _start_play(state, hands, tuple(passed))


def _apply_deal(state: State, move: Deal) -> State:
    if state.phase is not _DEAL:
        raise IllegalMoveError(f"A deal is not a legal move now: {_waiting_for(state)}.")
    rules = state.rules
    masks = tuple([hand.mask for hand in move.hands])
    refused = deal_refusal(rules, masks)
    if refused:
        raise IllegalMoveError(refused)
    fields = list(state)
    fields[_HAND_MASKS] = fields[_DEALT_MASKS] = masks
    if rules.dealer_chooses_pass:
        fields[_PHASE] = _CHOOSE
        fields[_TO_MOVE] = (state.dealer,)
        return _new_state(State, fields)
    return _start_passing(_new_state(State, fields))


def _apply_choice(state: State, move: ChoosePass) -> State:
    player = move.player
    if state.phase is not _CHOOSE or player not in state.to_move:
        raise IllegalMoveError(f"P{player} may not call the pass: {_waiting_for(state, player)}.")
    rules = state.rules
    direction, count = move.direction, move.count
    if not direction.allowed_with(rules.players):
        allowed = ", ".join(str(d) for d in rules.pass_directions)
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
    return _start_passing(state._replace(pass_direction=direction, pass_count=count))


def _start_passing(state: State) -> State:
    if state.pass_direction is _HOLD:
        return _start_play(state, state.hand_masks, state.passed_masks)
    fields = list(state)
    fields[_PHASE] = _PASS
    fields[_TO_MOVE] = tuple(range(state.rules.players))
    return _new_state(State, fields)


def _start_play(state: State, hands: tuple[int, ...], passed: tuple[int, ...]) -> State:
    leader = first_leader(state.rules, state.dealer, hands)
    fields = list(state)
    fields[_PHASE] = _PLAY
    fields[_HAND_MASKS] = hands
    fields[_PASSED_MASKS] = passed
    fields[_TO_MOVE] = _SEATS[leader]
    fields[_LEADER] = leader
    return _new_state(State, fields)


_APPLIES: Final[dict[type, Callable[[State, Any], State]]] = {
    Pass: _apply_pass,
    Deal: _apply_deal,
    ChoosePass: _apply_choice,
    Claim: _apply_claim,
    ShootChoice: _apply_shoot_choice,
}
"""How each kind of move but a play (the hot path, tested first) is applied."""


# --- explaining illegal moves ----------------------------------------------------------


def _waiting_for(state: State, player: int | None = None) -> str:
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
        seats = ", ".join(f"P{seat}" for seat in state.to_move)
        return f"the game waits for {seats} to pass"
    if phase is _PLAY:
        return f"it is P{state.to_move[0]}'s turn to play"
    if phase is _SHOOT:
        return f"the game waits for P{state.to_move[0]} to choose how its shot is scored"
    return "the game is over"
