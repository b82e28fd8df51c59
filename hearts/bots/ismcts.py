"""Information-set Monte Carlo tree search: :class:`ISMCTSBot`.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012) grows one tree over the moves of every seat, as the bot
sees them. Each iteration deals the hidden cards afresh with :func:`hearts.sample` (a
*determinization*), walks down the tree choosing among the moves legal in that deal by
UCB1 with availability counts, adds one new move, plays the hand out with
:class:`~hearts.RuleBot`'s rules (or at random), and credits every move on the way with
the score change of the seat that made it less the others' mean. Unlike PIMC
(:class:`~hearts.SearchBot`), the statistics of a move are shared across deals, so the bot
does not assume it will know the cards later in the hand.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, Final, final

import attrs

from hearts.bots.policies import play_out, rule_move
from hearts.bots.reference import MAX_MILLISECONDS, check_choice, check_milliseconds
from hearts.errors import HeartsError, describe_value
from hearts.game.engine import legal_moves
from hearts.game.moves import Claim, Move
from hearts.game.state import Phase, State
from hearts.game.transitions import advance, moves
from hearts.knowledge.sampling import sample
from hearts.knowledge.views import PlayerView

__all__ = ["ISMCTSBot"]

_PLAY: Final = Phase.PLAY


MAX_ITERATIONS: Final = 10_000_000
"""The most iterations :class:`ISMCTSBot` runs per decision (``iterations``)."""


def _check(bot: object, field: attrs.Attribute[Any], value: object) -> None:
    """Refuse a budget or constant out of range (attrs validator)."""
    name = field.name
    if name == "iterations":
        good = isinstance(value, int) and 1 <= value <= MAX_ITERATIONS
        wanted = f"a whole number of at least 1 and at most {MAX_ITERATIONS:,}"
    elif name == "milliseconds":
        good = check_milliseconds(value)
        wanted = (
            "None or a time above 0, a finite number of milliseconds of at most "
            f"{MAX_MILLISECONDS:,} (an hour)"
        )
    elif name == "exploration":
        good = isinstance(value, (int, float)) and 0 <= value <= 1_000_000  # not NaN
        wanted = "a finite number from 0 to 1,000,000"
    elif name == "name":
        good = isinstance(value, str)
        wanted = "a str"
    else:
        good = value in ("rule", "random") and isinstance(value, str)
        wanted = "'rule' or 'random'"
    if not good or isinstance(value, bool):
        raise HeartsError(f"ISMCTSBot.{name} must be {wanted}, got {describe_value(value)}.")


@attrs.frozen
class ISMCTSBot:
    """Single-observer information-set MCTS over deals drawn by :func:`hearts.sample`.

    Each decision of the play phase runs ``iterations`` iterations (or as many as fit in
    ``milliseconds``). An iteration deals the cards the bot has not seen, descends the
    tree by UCB1 among the moves legal in that deal — a move's "parent visits" are the
    times it was available, as single-observer ISMCTS prescribes — adds one move, plays
    the hand out with ``playout`` ("rule": :class:`~hearts.RuleBot`'s rules; "random")
    and credits each move with what its seat lost less the others' mean, scaled by the
    moon's value (by the number of players in a chip game, where chips won count). The most visited move is played. Passes, pass calls and moon choices
    it leaves to :class:`~hearts.RuleBot`, as :class:`~hearts.SearchBot` does.

    >>> import random, hearts
    >>> state = hearts.new_game(hearts.Rules(), seed=4)
    >>> while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 3:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seat = state.to_move[0]
    >>> bot = hearts.ISMCTSBot(iterations=50)
    >>> bot.choose(hearts.view(state, seat), random.Random(1)) in hearts.legal_moves(state)
    True
    """

    iterations: int = attrs.field(default=400, validator=_check)
    """Iterations per decision (the budget when ``milliseconds`` is None)."""
    milliseconds: float | None = attrs.field(default=None, validator=_check)
    """A time budget per decision instead: iterate until it is spent (at least once)."""
    exploration: float = attrs.field(default=0.7, validator=_check)
    """UCB1's exploration constant, for rewards scaled to about -1..1."""
    playout: str = attrs.field(default="rule", validator=_check)
    """How each iteration plays the hand out: "rule" or "random"."""
    name: str = attrs.field(default="ismcts", validator=_check)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move most visited by the search (from a PlayerView only, as every bot)."""
        view = check_choice(self, view, rng)
        legal = legal_moves(view)
        if not legal:
            raise HeartsError(
                f"The {self.name} bot at P{view.player} was asked for a move, but "
                f"P{view.player} has none to make now."
            )
        if len(legal) == 1 or view.phase is not _PLAY:
            return rule_move(legal, view, view.hand_mask)
        root = _Node(None, -1, None)
        allowed = frozenset(legal)
        deadline = (
            None if self.milliseconds is None else time.perf_counter() + self.milliseconds / 1000
        )
        rules = view.rules
        # Rewards of about -1..1: a hand moves a seat against the others' mean by up to
        # the moon's value, or by a few chips in a chip game (where more is better).
        scale = -1.0 / rules.players if rules.chips is not None else 1.0 / max(1, rules.moon_points)
        done = 0
        while True:
            _iterate(root, allowed, sample(view, rng), rng, self, scale)
            done += 1
            if done >= self.iterations if deadline is None else time.perf_counter() >= deadline:
                break
        best = max(root.children.values(), key=lambda child: (child.visits, child.total))
        assert best.move is not None
        return best.move


@final
class _Node:
    """A move in the tree: who made it, its statistics, and the moves after it."""

    __slots__ = ("available", "children", "move", "parent", "player", "total", "visits")

    def __init__(self, move: Move | None, player: int, parent: _Node | None) -> None:
        self.move = move
        self.player = player
        self.parent = parent
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def _iterate(
    root: _Node,
    allowed: frozenset[Move],
    world: State,
    rng: random.Random,
    bot: ISMCTSBot,
    scale: float,
) -> None:
    """One iteration in one deal: select, expand, play out, back up.

    At the root the moves are those of the bot's view (a claim safe in this deal may not
    be safe in every deal the view allows); deeper, claims are left out, as a claim only
    ends a hand the way its play would.
    """
    hands = len(world.results)
    node = root
    state = world
    # Select while every legal move here has been tried; expand one that has not.
    while state.phase is _PLAY and len(state.results) == hands:
        if node is root:
            legal = [move for move in moves(state, None) if move in allowed]
        else:
            legal = [move for move in moves(state, None) if not isinstance(move, Claim)]
        untried = []
        for move in legal:
            child = node.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = untried[rng.randrange(len(untried))]
            child = _Node(move, state.to_move[0], node)
            child.available = 1
            node.children[move] = child
            node = child
            state = advance(state, move, False)
            break
        node = _select(node, legal, bot.exploration)
        assert node.move is not None
        state = advance(state, node.move, False)
    if len(state.results) == hands:
        state = play_out(state, rng, bot.playout == "rule", False)
    changes = state.results[hands].changes
    players = len(changes)
    total = sum(changes)
    while node.parent is not None:
        mine = changes[node.player]
        # A reward: higher is better for the seat that made the move.
        node.total -= scale * (mine - (total - mine) / (players - 1))
        node.visits += 1
        node = node.parent
    node.visits += 1


def _select(node: _Node, legal: Sequence[Move], exploration: float) -> _Node:
    """The child among the legal moves with the highest UCB1, availability counted."""
    best: _Node | None = None
    best_score = -math.inf
    for move in legal:
        child = node.children[move]
        score = child.total / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = child, score
    assert best is not None
    return best
