"""The engine: :func:`legal_moves` and :func:`apply`, which carry the game from move to move.

A game starts with :func:`new_game`, or at any hand with :func:`from_hands` (hands already
dealt) and :func:`start_hand` (before the deal); :func:`apply_unchecked` is :func:`apply`
without the checks of a play or claim, for search code. The rules of play themselves
(which cards may be played, and why not) are written once in :mod:`hearts.game.play`, claims
in :mod:`hearts.game.claims`, points in :mod:`hearts.game.scoring`; the engine applies them.
:func:`legal_moves` and :func:`apply` are pure functions of an immutable
:class:`~hearts.State`. This module checks the arguments it is given and hands them on to
:mod:`hearts.game.transitions`, the moves applied, which the compiled build compiles. Playing
a state to the end of its hand or game (``hearts.playout``) and solving it
(``hearts.solve``) are in :mod:`hearts.bots`.
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

import os
from collections.abc import Iterable, Sequence

from hearts.errors import HeartsError, IllegalMoveError, describe_value
from hearts.game.cards import Card, CardSet
from hearts.game.history import History, as_sequence
from hearts.game.moves import Deal, Move
from hearts.game.play import trick_winner
from hearts.game.rules import Rules
from hearts.game.shuffle import check_seed, seeded_deal
from hearts.game.state import HandResult, Phase, State, Viewpoint, check_seat
from hearts.game.transitions import advance, moves, new_hand, seat_refusal, view_moves

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
        # The operating system's randomness, as secrets.randbits reads it (secrets itself
        # would bring six modules into every import hearts).
        seed = int.from_bytes(os.urandom(8), "big") >> 1  # 63 bits
    _check_seed_argument(seed)
    return new_hand(rules, seed, 0, _starting_scores(rules), ())


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
    number = 0 if hand_number is None else hand_number
    # A game's History is shared as it is, so the new hand's states add to it.
    history = results if isinstance(results, History) else History(done)
    return _hand_start("start_hand", rules, number, scores, as_sequence(history), seed)


def _hand_start(
    who: str,
    rules: Rules | None,
    hand_number: int,
    scores: Iterable[int] | None,
    results: Sequence[HandResult],
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
    partner = rules.partner_seats
    for seat in range(len(partner)):
        if totals[seat] != totals[partner[seat]]:
            raise HeartsError(
                f"Under Rules.partners both partners carry their partnership's total, but P{seat} "
                f"and P{partner[seat]} were given {totals[seat]} and {totals[partner[seat]]}: "
                "give partners the same score."
            )
    if not isinstance(hand_number, int) or isinstance(hand_number, bool):
        raise TypeError(f"hand_number must be an int, got {describe_value(hand_number)}.")
    if hand_number < 0:
        raise HeartsError(f"hand_number must be at least 0, got {describe_value(hand_number)}.")
    _check_seed_argument(seed)
    phase = Phase.OVER if results and results[-1].winners else Phase.DEAL
    return new_hand(rules, seed, hand_number, totals, results, phase)


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
      :class:`~hearts.Claim` when claims are allowed and the claim is safe (on the real
      deal; what a seat may claim by its own lights, as ``apply(..., by=seat)`` judges
      it, is what the legal moves of its view offer).
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
    return moves(state, player)


def _viewpoint_moves(view: Viewpoint, player: int | None) -> Sequence[Move]:
    if not isinstance(getattr(view, "hand_mask", None), int):
        raise TypeError(
            f"legal_moves needs a hearts.State or a hearts.PlayerView, got {describe_value(view)}."
        )
    check_seat(view.rules, view.player)
    if player is not None:
        check_seat(view.rules, player)
        if player != view.player:
            return ()
    return view_moves(view)


# --- applying moves --------------------------------------------------------------------


def apply(state: State, move: Move, *, by: int | None = None) -> State:
    """The state after ``move``; raises :class:`~hearts.IllegalMoveError` if it is illegal.

    The move is checked against every rule; ``state`` itself is never changed.

    ``by`` is the seat that sent the move, for a server applying what its clients send:
    a move of another seat, or a deal, is refused before any other check, in a sentence
    that names only the seats; a claim must be safe from what ``by`` has seen (the claims
    ``legal_moves(view(state, by))`` offers). So no answer to a seat's moves, refusal or
    not, depends on a card that seat has not seen (see the "Running a table" page).

    >>> import hearts
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> state = hearts.from_hands(suits, hand_number=3)  # P0 holds every club
    >>> hearts.apply(state, hearts.Play(0, "3C"))
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: P0 may not lead 3♣: the first trick must be led with 2♣.
    >>> hearts.apply(state, hearts.Play(0, "2C")).trick
    (Card('2♣'),)
    >>> hearts.apply(state, hearts.Play(0, "2C"), by=1)
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: P1 may not move for P0: a seat makes only its own moves, so a move sent by P1 must have player 1.
    """
    if state.__class__ is not State:
        raise TypeError(f"apply needs a hearts.State, got {describe_value(state)}.")
    if by is None:
        return advance(state, move, True)
    check_seat(state.rules, by)
    refused = seat_refusal(move, by)
    if refused:
        raise IllegalMoveError(refused)
    return advance(state, move, True, by)


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
    if state.__class__ is not State:
        raise TypeError(f"apply_unchecked needs a hearts.State, got {describe_value(state)}.")
    return advance(state, move, False)
