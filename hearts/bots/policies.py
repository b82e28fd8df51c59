"""Move policies over a full state, and playouts: a state played to the end in one call.

:func:`play_out` (behind :func:`hearts.playout`, which checks its arguments) plays a
:class:`~hearts.State` to the end of its hand (or of the game) with a built-in policy at
every seat: uniformly random moves, or the rules of thumb :class:`~hearts.RuleBot` plays
by (:func:`rule_move`). Search code spends its time here, so the compiled build compiles
this module.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from hearts.errors import IllegalMoveError, describe_value
from hearts.game.cards import (
    HEARTS_MASK,
    JOKERS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    card_count,
    cards_of,
)
from hearts.game.moves import PLAYS, ChoosePass, Claim, Move, Pass, Play, ShootChoice
from hearts.game.passes import passable
from hearts.game.play import (
    LED_MASK,
    in_force,
    led_card,
    played_mask_unchecked,
    rules_of_play,
    trick_winner_unchecked,
)
from hearts.game.rules import Rules, ShootMode
from hearts.game.scoring import shooter_unchecked
from hearts.game.shuffle import Generator
from hearts.game.state import Phase, State
from hearts.game.transitions import advance, moves
from hearts.knowledge.views import PlayerView, view

__all__ = ["SEAT_MOVES", "Chooser", "play_bots", "play_out", "random_play", "rule_move"]

_QUEEN: Final = QUEEN_OF_SPADES.mask
_HIGH_SPADES: Final = CardSet("KS AS").mask
_OVER: Final = Phase.OVER
_PLAY: Final = Phase.PLAY


def play_out(state: State, rng: random.Random, rule: bool, whole_game: bool) -> State:
    """:func:`hearts.playout` once its arguments are checked.

    ``rule`` picks RuleBot's rules of thumb over random moves; ``whole_game`` plays on to
    the end of the game rather than of the hand.
    """
    hands = len(state.results)  # the end of the game adds its last hand's result too
    draw = None if rule else Generator.from_random(rng)  # the rules of thumb draw nothing
    while state.phase is not _OVER and (whole_game or len(state.results) == hands):
        position = in_force(state.position)
        if draw is not None and state.phase is _PLAY and not position.of.claims:
            # The plays are the allowed cards in ascending order: draw the n-th of them
            # without building the moves.
            allowed = position.allowed()
            for _ in range(draw.below(card_count(allowed)) if allowed & (allowed - 1) else 0):
                allowed &= allowed - 1
            card = (allowed & -allowed).bit_length() - 1
            state = advance(state, PLAYS[position.seat][card], False)
            continue
        legal = moves(state, None)
        if len(legal) == 1:  # a forced move, or the deal
            move = legal[0]
        elif draw is None:
            move = rule_move(legal, state, state.hand_masks[state.to_move[0]])
        else:
            move = legal[draw.below(len(legal))]
        state = advance(state, move, False)  # a move of moves(): no need to check it
    return state


Chooser: TypeAlias = Callable[[PlayerView, random.Random], object]
"""A bot's ``choose``: its move on its seat's view, drawing from its own generator."""

SEAT_MOVES: Final = (Pass, Play, ChoosePass, Claim, ShootChoice)
"""The kinds of move a seat makes (a deal is a chance move)."""


def play_bots(
    state: State,
    choosers: Sequence[Chooser],
    names: Sequence[str],
    rngs: Sequence[random.Random],
    kept: list[Move] | None,
) -> State:
    """:func:`hearts.play_game`'s game once its arguments are checked: to the end.

    Each seat to move chooses with its bot's ``choose`` on its own view; every seat still
    to pass chooses on the same state before any pass is applied (passing is
    simultaneous). A move that is not one of its seat's, or is illegal, is refused with a
    sentence naming the bot (from ``names``). ``kept``, if given, gets every move.
    """
    while state.phase is not _OVER:
        to_move = state.to_move
        if not to_move:  # the deal, a chance move
            move: Move = moves(state, None)[0]
            state = advance(state, move, True)
            if kept is not None:
                kept.append(move)
            continue
        chosen = [
            _chosen(choosers[seat], names[seat], seat, view(state, seat), rngs[seat])
            for seat in to_move
        ]
        for index in range(len(chosen)):
            seat, move = to_move[index], chosen[index]
            refused = None
            try:
                state = advance(state, move, True, seat)  # as sent by the seat: see apply's by
            except IllegalMoveError as error:
                refused = str(error)
            if refused is not None:  # raised here, so that no exception is chained to it
                raise IllegalMoveError(
                    f"The {names[seat]} bot at P{seat} chose an illegal move: {refused}"
                )
            if kept is not None:
                kept.append(move)
    return state


def _chosen(choose: Chooser, name: str, seat: int, seen: PlayerView, rng: random.Random) -> Move:
    """The bot's answer, refused with a sentence naming the bot if it is not its seat's."""
    move = choose(seen, rng)
    if not isinstance(move, SEAT_MOVES):
        raise IllegalMoveError(
            f"The {name} bot at P{seat} returned {describe_value(move)}, which is not a "
            "seat's move: choose must return one of hearts.legal_moves(view)."
        )
    if move.player != seat:
        raise IllegalMoveError(
            f"The {name} bot at P{seat} chose {move}, a move for P{move.player}: a bot moves "
            "only for its own seat."
        )
    return move


def random_play(view: PlayerView, rng: random.Random) -> Move | None:
    """:class:`~hearts.RandomBot`'s play when the view's seat is to play a card, else None.

    The same move, from the same draws, as ``moves[rng.randrange(len(moves))]`` over the
    view's legal moves (which are then its plays, ascending), without building them.
    """
    if view.phase is not _PLAY or view.to_move[0] != view.player or view.rules.claims:
        return None
    if not 0 <= view.player < view.rules.players:  # a view made by hand: refused by the moves
        return None
    of = rules_of_play(view.rules)
    allowed = of.allowed(view.hand_mask, view.trick, not view.tricks, view.hearts_broken)
    if not allowed:  # a view made by hand with no card to play: the listed moves say so
        return None
    for _ in range(_randrange(rng, card_count(allowed))):
        allowed &= allowed - 1
    return PLAYS[view.player][(allowed & -allowed).bit_length() - 1]


def _randrange(rng: random.Random, bound: int) -> int:
    """``rng.randrange(bound)``, drawn from the same bits as random.Random draws it."""
    if type(rng) is not random.Random:
        return rng.randrange(bound)
    size = bound.bit_length()
    drawn: int = rng.getrandbits(size)
    while drawn >= bound:
        drawn = rng.getrandbits(size)
    return drawn


# --- the rules of thumb ---------------------------------------------------------------------


def rule_move(moves: Sequence[Move], at: PlayerView | State, hand: int) -> Move:
    """RuleBot's choice among ``moves``, those of the seat holding ``hand``, in ``at``.

    >>> import hearts
    >>> state = hearts.apply(hearts.new_game(seed=2), hearts.legal_moves(hearts.new_game(seed=2))[0])
    >>> seen = hearts.view(state, 1)
    >>> rule_move(hearts.legal_moves(seen), seen, seen.hand_mask).player
    1
    """
    first = moves[0]
    if len(moves) == 1:
        return first
    if isinstance(first, Play):
        legal = 0
        for move in moves:
            if isinstance(move, Claim):
                return move
            legal |= 1 << move.card  # type: ignore[union-attr]
        # The cards played: this trick's, and those taken (quicker than going through tricks).
        played = functools.reduce(operator.or_, at.taken_masks, played_mask_unchecked((), at.trick))
        return PLAYS[first.player][_rule_card(at.rules, hand, legal, at.trick, played)]
    if isinstance(first, Pass):
        return Pass(first.player, _rule_pass(at.rules, hand, len(first.cards)))
    if isinstance(first, ShootChoice):
        return rule_shoot_choice(at.rules, first.player, at.scores, at.taken_masks)
    return first  # a pass call (dealer's choice): the first one offered


def _rank(card: int) -> int:
    """Jokers lowest (they never win a trick), then by rank within a suit."""
    return -1 if card >= 52 else card % 13


def _rule_card(rules: Rules, hand: int, legal: int, trick: tuple[Card, ...], played: int) -> int:
    points = rules.card_points
    queen_out = not (played | hand) & _QUEEN and bool(rules.deck_mask & _QUEEN)
    led = led_card(trick)
    if led >= 0 and legal & LED_MASK[led]:
        # Following suit (the common case, in bits: every legal card is of the suit led).
        best = trick[trick_winner_unchecked(trick, 0, len(trick))]  # the card winning so far
        under = legal & ((1 << best) - 1)
        if under:  # duck with the highest card that still loses
            return under.bit_length() - 1
        keep_queen = legal & ~_QUEEN or legal
        if (
            len(trick) == rules.players - 1
            and not played_mask_unchecked((), trick) & rules.positive_mask
        ):
            return keep_queen.bit_length() - 1  # last to a trick without points: shed high
        return (keep_queen & -keep_queen).bit_length() - 1
    cards = list(cards_of(legal))
    if led < 0:  # leading (or only jokers so far): lead low and safe
        safe = [c for c in cards if points[c] <= 0 and not (queen_out and 1 << c & _HIGH_SPADES)]
        return min(safe or cards, key=lambda c: (_rank(c), points[c]))
    # Void in the suit led: dump the worst card.
    if legal & _QUEEN and points[QUEEN_OF_SPADES] > 0:
        return int(QUEEN_OF_SPADES)
    costly = [c for c in cards if points[c] > 0]
    if costly:
        return max(costly, key=lambda c: (points[c], _rank(c)))
    if queen_out and legal & _HIGH_SPADES:
        return max(cards_of(legal & _HIGH_SPADES))
    plain = [c for c in cards if points[c] == 0] or cards
    return max(plain, key=_rank)


def _rule_pass(rules: Rules, hand: int, count: int) -> list[Card]:
    points = rules.card_points
    allowed = passable(rules, hand)
    low_spades = (hand & SUIT_MASKS[3] & (_QUEEN - 1)).bit_count()

    def danger(card: int) -> tuple[int, int]:
        bit = 1 << card
        if bit & JOKERS_MASK or points[card] < 0:
            return (-100, 0)
        if bit & _QUEEN:
            return (100, 0)
        if bit & _HIGH_SPADES and low_spades < 4:
            return (90, _rank(card))
        if points[card] > 0:
            return (50 + points[card], _rank(card))
        length = (hand & SUIT_MASKS[card // 13]).bit_count()
        short = 20 if length <= count and not bit & HEARTS_MASK else 0
        return (short + _rank(card), -length)

    return sorted(cards_of(allowed), key=danger, reverse=True)[:count]


def rule_shoot_choice(
    rules: Rules, seat: int, scores: tuple[int, ...], taken: tuple[int, ...]
) -> ShootChoice:
    """The shooter's choice :class:`~hearts.RuleBot` makes: add to the others, or subtract.

    >>> import hearts
    >>> taken = (hearts.CardSet("QS " + " ".join(c + "H" for c in "23456789TJQKA")).mask, 0, 0, 0)
    >>> rules = hearts.Rules(moon="choose")
    >>> rule_shoot_choice(rules, 0, (0, 0, 0, 0), taken).mode  # subtracting: no harm
    <ShootMode.SUBTRACT: 'subtract'>
    >>> rule_shoot_choice(rules, 0, (10, 80, 90, 90), taken).mode  # adding ends it, P0 first
    <ShootMode.ADD: 'add'>
    """
    # Adding to the others and subtracting from oneself move the gap alike; adding ends
    # the game sooner, which suits the leader.
    shot = shooter_unchecked(rules, taken)
    value = rules.sun_points if shot is not None and shot[0] == "sun" else rules.moon_points
    others = [score for other, score in enumerate(scores) if other != seat]
    leading = scores[seat] < min(others) + value
    ends = rules.target is not None and max(others) + value >= rules.target
    return ShootChoice(seat, ShootMode.ADD if ends and leading else ShootMode.SUBTRACT)
