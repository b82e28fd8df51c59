"""Plain searches of every legal move, the references the engine's own searches are checked
against: claims (:func:`wins_every_trick`) and the endgame solver (:func:`exhaustive`).

They use nothing but :func:`hearts.legal_moves` and :func:`hearts.apply`.
"""

from __future__ import annotations

import random

import hearts
from hearts import Phase, Play, Rules, State


def wins_every_trick(state: State, seat: int) -> bool:
    """Whether ``seat`` wins every remaining trick, trying every legal play of every seat."""
    players = state.rules.players
    mover = state.to_move[0]
    outcomes = []
    for move in hearts.legal_moves(state):
        if not isinstance(move, Play):
            continue
        after = hearts.apply(state, move)
        if len(state.trick) + 1 == players:
            cards = (*state.trick, move.card)
            if hearts.trick_winner(cards, state.leader, players) != seat:
                outcomes.append(False)
            else:
                outcomes.append(after.phase is not Phase.PLAY or wins_every_trick(after, seat))
        else:
            outcomes.append(wins_every_trick(after, seat))
        if outcomes[-1] is (mover == seat):
            break  # the claimer found a winning play, or another seat a losing one
    return any(outcomes) if mover == seat else all(outcomes)


def endgames(rules: Rules, seed: int, left: int) -> list[State]:
    """Every play-phase position of a random hand with at most ``left`` tricks to play."""
    rng = random.Random(seed)
    state = hearts.new_game(rules.replace(target=None, hands=1), seed=seed)
    found = []
    while state.phase is not Phase.OVER:
        if state.phase is Phase.PLAY and rules.hand_size - len(state.tricks) <= left:
            found.append(state)
        moves = [m for m in hearts.legal_moves(state) if not isinstance(m, hearts.Claim)]
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return found


def exhaustive(state: State, root: int, hand: int) -> float:
    """The root's cost under best play for it against the others, by trying everything."""
    if len(state.results) > hand:
        changes = state.results[hand].changes
        sign = -1 if state.rules.chips is not None else 1
        mine = changes[root]
        return sign * (mine - (sum(changes) - mine) / (state.rules.players - 1))
    moves = [move for move in hearts.legal_moves(state) if not isinstance(move, hearts.Claim)]
    costs = [exhaustive(hearts.apply(state, move), root, hand) for move in moves]
    # The root's side is the root alone; a shooter's choice is made for its side too.
    return min(costs) if state.to_move[0] == root else max(costs)


def exhaustive_values(state: State) -> dict[Play, float]:
    """Each play of the seat to move, and its cost to that seat by :func:`exhaustive`: what
    ``hearts.solve(state, every_move=True).values`` must hold."""
    root, hand = state.to_move[0], len(state.results)
    return {
        move: exhaustive(hearts.apply(state, move), root, hand)
        for move in hearts.legal_moves(state)
        if isinstance(move, Play)
    }
