"""Reference bots, and whole games between bots.

A bot is anything with a ``choose(view, rng)`` method (the :class:`Bot` protocol): it sees
only its seat's :class:`~hearts.PlayerView` and returns one of
``hearts.legal_moves(view)``. Three bots come with the library:

* :class:`RandomBot` picks uniformly among its legal moves;
* :class:`RuleBot` plays by the rules of thumb of every Hearts primer (pass the high
  spades and hearts, duck under the winning card, dump the worst card when void);
* :class:`SearchBot` deals the hidden cards with :func:`hearts.sample` many times, plays
  each legal move out to the end of the hand with :class:`RuleBot`'s rules at every seat
  (:func:`hearts.playout`), and picks the move that cost least on average
  (perfect-information Monte Carlo, PIMC).

:func:`play_game` plays one game (:mod:`hearts.bots.simulation` plays many). The bots' random
generators come from a ``bot_seed`` apart from the seed of the deals (drawn afresh unless
given, and recorded in the result), so that no bot can read the deal off its generator.

>>> import hearts
>>> game = hearts.play_game(hearts.Rules(target=50), [hearts.RuleBot(), hearts.RandomBot(),
...                          hearts.RandomBot(), hearts.RandomBot()], seed=3)
>>> game.hands > 0, len(game.scores), max(game.scores) >= 50
(True, 4, True)
"""

from __future__ import annotations

import itertools
import random
import secrets
import time
from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol, TypeGuard, runtime_checkable

import attrs

from hearts.bots.policies import (
    play_bots,
    play_out,
    random_play,
    rule_move,
    rule_shoot_choice,  # noqa: F401 (tests/test_bots.py imports it from here)
)
from hearts.bots.solver import MAX_SOLVE_CARDS, MAX_SOLVE_NODES, Solution, solve_position
from hearts.errors import HeartsError, SearchLimitError, describe_value
from hearts.game.engine import apply, legal_moves, new_game
from hearts.game.moves import Move, Play
from hearts.game.rules import Rules
from hearts.game.shuffle import check_seed
from hearts.game.state import Phase, State
from hearts.knowledge.sampling import sample
from hearts.knowledge.views import PlayerView

__all__ = [
    "Bot",
    "GameResult",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "play_game",
    "playout",
    "solve",
]


# --- looking ahead: playouts and the endgame solver --------------------------------------

_POLICIES: Final = ("random", "rule")
_UNTIL: Final = ("hand", "game")


def playout(
    state: State, rng: random.Random, *, policy: str = "random", until: str = "hand"
) -> State:
    """``state`` played on to the end of its hand, or of the game with ``until="game"``.

    Every move is one of :func:`hearts.legal_moves`, chosen by ``policy`` for every seat:

    * ``"random"``: uniformly at random, ``moves[draw.below(len(moves))]`` where ``draw``
      is a :class:`hearts.game.shuffle.Generator` seeded from ``rng`` (one call of
      ``rng.getrandbits(128)`` per playout: the draws then run at compiled speed), drawn
      from only when there is a choice (a forced move or a deal draws nothing);
    * ``"rule"``: :class:`~hearts.RuleBot`'s rules of thumb, which choose without drawing;
      seeing every hand, it claims whenever a claim is safe (RuleBot claims when its view
      shows it safe).

    A deal is the game's own seeded deal, so a game played out is the game of its seed.
    The hand ends when its result is added to :attr:`State.results <hearts.State.results>`:
    the hand's score changes are then ``playout(state, rng).results[-1].changes``. From a
    state between hands (the deal phase) the next hand is dealt and played; a finished game
    comes back as it is. The same ``state`` and generator state give the same result, and
    ``state`` itself is never changed.

    >>> import random, hearts
    >>> state = hearts.new_game(hearts.Rules(), seed=7)
    >>> end = hearts.playout(state, random.Random(1))  # deal, pass and play one hand
    >>> len(end.results), end.phase, sum(end.results[-1].changes) in (26, 78)
    (1, <Phase.DEAL: 'deal'>, True)
    >>> hearts.playout(state, random.Random(1)) == end
    True
    >>> hearts.playout(state, random.Random(1), policy="rule", until="game").is_over
    True
    """
    if state.__class__ is not State:
        raise TypeError(f"playout needs a hearts.State, got {describe_value(state)}.")
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"playout needs a random.Random to draw with, got {describe_value(rng)}; pass "
            "random.Random(seed) for a reproducible playout."
        )
    if policy not in _POLICIES:
        raise HeartsError(
            f"playout's policy must be 'random' or 'rule', got {describe_value(policy)}."
        )
    if until not in _UNTIL:
        raise HeartsError(f"playout's until must be 'hand' or 'game', got {describe_value(until)}.")
    return play_out(state, rng, policy == "rule", until == "game")


def solve(
    state: State,
    *,
    max_tricks: int = 7,
    every_move: bool = False,
    max_nodes: int = MAX_SOLVE_NODES,
) -> Solution:
    """The exact rest of the hand when every card is known, under best play for the player to move.

    The player to move plays to lose as little as it can, and the others, as one side,
    play to make it lose the most; its cost is its score change for the hand less the
    others' mean (:class:`~hearts.Solution`). The search is exact: alpha-beta over every
    legal card, with a transposition table, for at most ``max_tricks`` tricks (the current
    one counts) and at most :data:`~hearts.bots.solver.MAX_SOLVE_CARDS` (28) cards still in the
    hands, whatever ``max_tricks`` says: 7 tricks at 4 players, 9 at 3, 5 at 5, 4 at 6 or
    7. A
    state with more left is refused with a :class:`~hearts.SearchLimitError`: the
    work grows quickly with each card (see the performance page for timings). The search
    also stops, with the same error, once it has visited ``max_nodes`` positions
    (:data:`~hearts.bots.solver.MAX_SOLVE_NODES`, ten million, by default), so its time and
    memory are bounded whatever the position; Ctrl-C stops it too, in the compiled build
    as in pure Python. With ``every_move=True`` every legal play gets its exact cost, as
    a search bot that averages over sampled deals needs; otherwise only the best one's is
    exact, which is quicker. Anything but a State in play, a whole ``max_tricks`` and
    ``max_nodes`` of at least 1 and a bool ``every_move`` is refused with a sentence.

    A sampled deal (:func:`hearts.sample`) is a state with every card known, so a bot can
    solve the deals its view allows; that is what :class:`~hearts.SearchBot` does for the
    last tricks of a hand.

    >>> import hearts
    >>> state = hearts.new_game(seed=297)
    >>> while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 10:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> [str(hand) for hand in state.hands], [hearts.hand_points(state.rules, taken) for taken in state.taken_masks]
    (['9♠ J♠ K♠', 'J♥ 4♠ 8♠', '5♥ 7♥ A♥', '7♠ 10♠ A♠'], [0, 0, 22, 0])
    >>> solution = hearts.solve(state)  # P2 leads A♥, then its hearts: the others must let it shoot the moon
    >>> str(solution.move), solution.points, solution.changes, solution.value
    ('P2 plays A♥', (0, 0, 4, 0), (26, 26, 0, 26), -26.0)
    """
    if state.__class__ is not State:
        raise TypeError(f"solve needs a hearts.State, got {describe_value(state)}.")
    if not isinstance(max_tricks, int) or isinstance(max_tricks, bool) or max_tricks < 1:
        raise HeartsError(
            f"solve's max_tricks must be a whole number of at least 1, got "
            f"{describe_value(max_tricks)}."
        )
    if not isinstance(max_nodes, int) or isinstance(max_nodes, bool) or max_nodes < 1:
        raise HeartsError(
            f"solve's max_nodes must be a whole number of at least 1, got "
            f"{describe_value(max_nodes)}."
        )
    if not isinstance(every_move, bool):
        raise TypeError(
            f"solve's every_move must be True or False, got {describe_value(every_move)}."
        )
    if state.phase is not Phase.PLAY:
        raise HeartsError(
            f"solve needs a state in the play phase, with a card to play; this one is in the "
            f"{state.phase.value} phase."
        )
    left = state.hand_masks[state.to_move[0]].bit_count()  # its card for this trick included
    if left > max_tricks:
        raise SearchLimitError(
            f"solve searches at most {max_tricks} tricks (max_tricks), and this hand has "
            f"{left} left: play on to a later trick, or raise max_tricks (each trick more "
            "multiplies the work)."
        )
    cards = sum([hand.bit_count() for hand in state.hand_masks])
    if cards > MAX_SOLVE_CARDS:
        players = state.rules.players
        raise SearchLimitError(
            f"solve searches at most {MAX_SOLVE_CARDS} cards still in the hands "
            f"(hearts.bots.solver.MAX_SOLVE_CARDS), and this {players}-player hand has {cards} "
            f"left: play on to a later trick (at {players} players, "
            f"{MAX_SOLVE_CARDS // players} tricks or fewer)."
        )
    return solve_position(state, every_move, max_nodes)


# --- the bots ----------------------------------------------------------------------------


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's view and its own random generator, a legal move.

    A bot is asked only when its seat is in ``view.to_move``, and must answer with a move
    for its own seat. :func:`play_game` gives each seat its own generator, drawn from the
    game's ``bot_seed`` and never from the seed of the deals, so a bot learns nothing about
    the hidden cards from it. To run in a process pool or on a cluster, a bot must be
    picklable (a frozen attrs class or a dataclass at module level is).
    """

    @property
    def name(self) -> str:
        """A short name for tables and transcripts."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """One of ``hearts.legal_moves(view)``."""


def is_bot(value: object) -> TypeGuard[Bot]:
    """Whether ``value`` is a :class:`Bot`: it has a ``name`` and a ``choose`` method.

    The same test as ``isinstance(value, Bot)``, at a fraction of its cost per game.

    >>> import hearts
    >>> is_bot(hearts.RandomBot()), is_bot("random")
    (True, False)
    """
    return hasattr(value, "name") and callable(getattr(value, "choose", None))


def _check_name(bot: object, field: attrs.Attribute[Any], value: object) -> None:
    """Refuse a bot's name that is not text (attrs validator)."""
    if not isinstance(value, str):
        raise TypeError(f"{type(bot).__name__}.name must be a str, got {describe_value(value)}.")


@attrs.frozen
class RandomBot:
    """Picks uniformly among its legal moves.

    >>> import random, hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> move = hearts.RandomBot().choose(hearts.view(state, 2), random.Random(5))
    >>> move in hearts.legal_moves(state, 2)
    True
    """

    name: str = attrs.field(default="random", validator=_check_name)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move, uniformly at random.

        Anything but a :class:`~hearts.PlayerView` (a whole State included) and a
        :class:`random.Random` is refused with a TypeError.
        """
        view = check_choice(self, view, rng)
        if view.__class__ is PlayerView:
            move = random_play(view, rng)  # a play drawn without listing the moves
            if move is not None:
                return move
        moves = _moves_of(self, view)
        return moves[rng.randrange(len(moves))]


@attrs.frozen
class RuleBot:
    """Plays by rules of thumb, with no search: a fair opponent, and fast.

    * Pass: Q♠ first, then A♠ and K♠ (unless it holds four spades below the queen), then
      the highest point cards, then a short side suit to void it; never a card worth
      negative points (the J♦ in Omnibus) or a joker.
    * Lead: its lowest card, not a point card if it can help it, and not A♠ or K♠ while
      Q♠ is out.
    * Follow: the highest card that still loses to the winning card; if it must win, the
      lowest card (the highest when last to play to a trick without points), never Q♠.
    * Void in the suit led: Q♠, else its most costly point card, else A♠ or K♠ while Q♠
      is out, else its highest card.
    * Claims when it may; scores a moon or sun by adding to the others unless subtracting
      from itself is better for it; calls the first pass offered (dealer's choice).

    >>> import random, hearts
    >>> state = hearts.from_hands(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"])
    >>> print(hearts.RuleBot().choose(hearts.view(state, 3), random.Random(0)))
    P3 passes Q♠ K♠ A♠
    """

    name: str = attrs.field(default="rule-based", validator=_check_name)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move these rules of thumb pick (from a PlayerView only, as every bot)."""
        view = check_choice(self, view, rng)
        return rule_move(_moves_of(self, view), view, view.hand_mask)


_ENDGAME_LIMIT: Final = 7
"""The most tricks :class:`SearchBot` solves exactly: :func:`hearts.solve`'s default
``max_tricks`` (at 5 players and more, its bound of cards allows fewer)."""
ENDGAME_NODES: Final = 250_000
"""The most positions :class:`SearchBot` searches to solve one sampled deal; a deal that
needs more is played out instead. Some seconds of pure Python, a few tenths compiled:
most deals of 6 tricks at 4 players need a tenth of it, some of 7 tricks more."""


MAX_SAMPLES: Final = 1_000_000
"""The most deals :class:`SearchBot` samples per decision (``samples``)."""
MAX_MILLISECONDS: Final = 3_600_000
"""The longest time budget per decision a bot takes: an hour, in milliseconds."""


def check_milliseconds(value: object) -> bool:
    """Whether ``value`` is a time budget: None, or finite milliseconds in (0, an hour]."""
    if value is None:
        return True
    # The comparisons refuse NaN and infinity too.
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and 0 < value <= MAX_MILLISECONDS
    )


_TIME_WANTED: Final = (
    f"None or a time above 0, a finite number of milliseconds of at most {MAX_MILLISECONDS:,} "
    "(an hour)"
)


def _check_budget(bot: object, field: attrs.Attribute[Any], value: object) -> None:
    """Refuse a ``samples`` out of range or a ``milliseconds`` not a finite time (attrs validator)."""
    if field.name == "samples":
        wanted = f"a whole number of at least 1 and at most {MAX_SAMPLES:,}"
        good = isinstance(value, int) and 1 <= value <= MAX_SAMPLES
    elif field.name == "endgame":
        wanted = f"a whole number from 0 to {_ENDGAME_LIMIT}"
        good = isinstance(value, int) and 0 <= value <= _ENDGAME_LIMIT
    elif field.name == "name":
        wanted = "a str"
        good = isinstance(value, str)
    else:
        wanted = _TIME_WANTED
        good = check_milliseconds(value)
    if not good or isinstance(value, bool):
        raise HeartsError(f"SearchBot.{field.name} must be {wanted}, got {describe_value(value)}.")


def check_choice(bot: object, view: object, rng: object) -> PlayerView:
    """``view``, if a bot may choose from it with ``rng``; a sentence otherwise.

    A bot decides on what its seat sees: a :class:`~hearts.PlayerView`
    (``hearts.view(state, seat)``), never the whole :class:`~hearts.State`, and draws from
    a :class:`random.Random`.
    """
    if isinstance(view, PlayerView) and isinstance(rng, random.Random):
        return view  # the usual case, with no more work than these two checks
    name = f"{type(bot).__name__}.choose"
    if not isinstance(view, PlayerView):
        seen = (
            "a State, which shows every hand" if isinstance(view, State) else describe_value(view)
        )
        raise TypeError(
            f"{name} needs its seat's PlayerView (hearts.view(state, seat)), got {seen}: a "
            "bot decides on what its seat sees."
        )
    raise TypeError(
        f"{name} needs a random.Random to draw with, got {describe_value(rng)}; pass "
        "random.Random(seed) for reproducible choices."
    )


@attrs.frozen
class SearchBot:
    """Perfect-information Monte Carlo: sample the hidden cards, play each move out.

    For each decision with more than one play, it draws ``samples`` deals consistent with
    its view (:func:`hearts.sample`) — or as many as fit in ``milliseconds``, when given —
    and in each deal plays every legal move followed by :class:`RuleBot` at every seat to
    the end of the hand. It picks the move whose hands cost it least against the others on
    average (its score change less the others' mean change; the other way round in a chip
    game). Passes, pass calls and moon choices it leaves to :class:`RuleBot`.

    From the point where ``endgame`` tricks or fewer are left in the hand, it solves each
    sampled deal exactly instead (:func:`hearts.solve`: every move's cost when the others
    play together against it, rather than with RuleBot's habits). ``endgame=0``, the
    default, plays every deal out; the strength page measures what solving gains. The
    tricks solved must fit :func:`hearts.solve`'s bound of
    :data:`~hearts.bots.solver.MAX_SOLVE_CARDS` cards at the bot's table (``endgame`` at most 7
    at 3 or 4 players, 5 at 5, 4 at 6 or 7): beyond it, every decision is refused with a
    :class:`~hearts.SearchLimitError`. A deal whose solving would search more than
    :data:`~hearts.bots.ENDGAME_NODES` positions is played out instead, so a decision's
    work is bounded (a time budget may be overrun by one deal's search).

    With a ``samples`` budget the bot is deterministic given its generator; with a time
    budget its choices depend on the machine's speed.

    >>> import random, hearts
    >>> state = hearts.new_game(hearts.Rules(), seed=4)
    >>> while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 3:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seat = state.to_move[0]
    >>> move = hearts.SearchBot(samples=5).choose(hearts.view(state, seat), random.Random(1))
    >>> move in hearts.legal_moves(state)
    True
    """

    samples: int = attrs.field(default=20, validator=_check_budget)
    """Deals sampled per decision (the budget when ``milliseconds`` is None)."""
    milliseconds: float | None = attrs.field(default=None, validator=_check_budget)
    """A time budget per decision instead: sample until it is spent (at least one deal)."""
    endgame: int = attrs.field(default=0, validator=_check_budget)
    """Solve each sampled deal exactly when at most this many tricks are left (0 to 7)."""
    name: str = attrs.field(default="search", validator=_check_budget)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The play that did best in the sampled deals (from a PlayerView only, as every bot)."""
        view = check_choice(self, view, rng)
        moves = _moves_of(self, view)
        players = view.rules.players
        if self.endgame * players > MAX_SOLVE_CARDS:
            raise SearchLimitError(
                f"SearchBot(endgame={self.endgame}) would solve the last {self.endgame} tricks, "
                f"{self.endgame * players} cards at this {players}-player table, more than "
                f"hearts.solve searches ({MAX_SOLVE_CARDS} cards): at {players} players, "
                f"endgame may be at most {MAX_SOLVE_CARDS // players}."
            )
        if len(moves) == 1 or view.phase is not Phase.PLAY:
            return rule_move(moves, view, view.hand_mask)
        sign = -1 if view.rules.chips is not None else 1
        costs = [0.0] * len(moves)
        budget = self.milliseconds
        deadline = None if budget is None else time.perf_counter() + budget / 1000
        solving = view.hand_mask.bit_count() <= self.endgame
        for drawn in itertools.count(1):
            world = sample(view, rng)
            hands = len(world.results)
            solved = _solved(world) if solving else None
            for index, move in enumerate(moves):
                if solved is not None and isinstance(move, Play):
                    costs[index] += solved[move]  # the solver's cost has the sign built in
                else:
                    after = apply(world, move)
                    costs[index] += sign * _playout_cost(after, view.player, hands, rng)
            if drawn >= self.samples if deadline is None else time.perf_counter() >= deadline:
                break
        return moves[min(range(len(moves)), key=costs.__getitem__)]


def _solved(world: State) -> dict[Play, float] | None:
    """Each play's exact cost in a sampled deal; None past :data:`ENDGAME_NODES` positions."""
    try:
        return dict(solve_position(world, every_move=True, max_nodes=ENDGAME_NODES).values)
    except SearchLimitError:
        return None


def _moves_of(bot: Bot, view: PlayerView) -> Sequence[Move]:
    """The view's legal moves; a sentence if the bot was asked out of turn."""
    moves = legal_moves(view)
    if not moves:
        waiting = ", ".join(f"P{seat}" for seat in view.to_move) or "nobody"
        raise HeartsError(
            f"The {bot.name} bot at P{view.player} was asked for a move, but P{view.player} "
            f"has none to make now: the game is in the {view.phase.value} phase and waits "
            f"for {waiting}."
        )
    return moves


def _playout_cost(state: State, player: int, hands: int, rng: random.Random) -> float:
    """The player's score change in hand number ``hands`` less the others' mean.

    RuleBot plays every seat to the end of that hand, unless the searched move itself
    ended it (a claim, the last card).
    """
    if len(state.results) == hands:
        state = playout(state, rng, policy="rule")
    changes = state.results[hands].changes
    return changes[player] - (sum(changes) - changes[player]) / (state.rules.players - 1)


# --- games and tournaments --------------------------------------------------------------


@attrs.frozen
class GameResult:
    """How one game between bots went.

    ``play_game(rules, bots, result.seed, bot_seed=result.bot_seed)`` plays the same game
    again.

    >>> import hearts
    >>> game = hearts.play_game(hearts.Rules(hands=2), [hearts.RandomBot()] * 4, seed=1)
    >>> game.hands, sum(game.points) in (52, 2 * 78, 26 + 78), len(game.moves)
    (2, True, 0)
    >>> again = hearts.play_game(hearts.Rules(hands=2), [hearts.RandomBot()] * 4, seed=1,
    ...                          bot_seed=game.bot_seed)
    >>> again == game
    True
    """

    seed: int
    """The seed of the deals (:func:`hearts.new_game`)."""
    bot_seed: int
    """The seed of the bots' generators: the one given to :func:`play_game`, or the one it
    drew."""
    bots: tuple[str, ...]
    """The name of each seat's bot."""
    scores: tuple[int, ...]
    """Each seat's final total."""
    winners: tuple[int, ...]
    hands: int
    """How many hands were played."""
    points: tuple[int, ...]
    """The card points each seat took over the game."""
    changes: tuple[int, ...]
    """What the hands added to each seat's total over the game (moons and bonuses included)."""
    moons: int
    """Hands in which somebody shot the moon (:attr:`HandResult.moon <hearts.HandResult.moon>`)."""
    suns: int
    """Hands in which somebody shot the sun."""
    moves: tuple[Move, ...] = ()
    """Every move of the game, when :func:`play_game` was asked to keep them."""

    @property
    def points_per_hand(self) -> tuple[float, ...]:
        """Each seat's mean score change per hand."""
        return tuple(change / self.hands for change in self.changes)


def _bot_rng(bot_seed: int, seat: int) -> random.Random:
    """Each seat's own generator, so that changing one seat's bot leaves the others' draws.

    It comes from ``bot_seed`` alone, never from the seed of the deals: a bot that worked
    back from its generator to the seed it came from would learn nothing of the cards.
    """
    return random.Random(f"hearts-bot:{bot_seed}:{seat}")


def checked_seed(name: str, seed: object) -> int:
    """``seed`` as given; for a ``bot_seed`` of None, a fresh one from the operating system."""
    if seed is None and name == "bot_seed":
        return secrets.randbits(128)
    if not isinstance(seed, int) or isinstance(seed, bool):
        wanted = "an int, or None to draw one" if name == "bot_seed" else "an int"
        raise TypeError(f"{name} must be {wanted}, got {describe_value(seed)}.")
    check_seed(name, seed)
    return seed


def check_bot_seed(bot_seed: object) -> int:
    """``bot_seed`` checked, or for None a fresh one from the operating system.

    >>> check_bot_seed(7), check_bot_seed(None) != check_bot_seed(None)
    (7, True)
    """
    return checked_seed("bot_seed", bot_seed)


def seated_bots(
    caller: str, rules: object, bots: Iterable[Bot], seed: object = 0
) -> tuple[Bot, ...]:
    """``bots`` as a tuple, checking ``rules``, ``seed`` (the default passes) and their count."""
    if not isinstance(rules, Rules):
        raise HeartsError(f"rules must be a hearts.Rules value, got {describe_value(rules)}.")
    checked_seed("seed", seed)
    if isinstance(bots, (str, bytes, dict)) or not isinstance(bots, Iterable):
        raise TypeError(
            f"{caller} needs one bot per seat, as a list of bots, got {describe_value(bots)}."
        )
    bots = tuple(bots)
    if len(bots) != rules.players:
        raise HeartsError(
            f"{caller} needs one bot per seat: this game has {rules.players} seats, "
            f"got {len(bots)} bots."
        )
    return bots


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    seed: int,
    *,
    keep_moves: bool = False,
    bot_seed: int | None = None,
) -> GameResult:
    """Play one whole game between ``bots``, one per seat, from the deals of ``seed``.

    Each seat's bot draws from its own generator, derived from ``bot_seed`` and the seat —
    never from ``seed``, so that no bot can work out the deals from its generator. Without
    a ``bot_seed`` one is drawn from the operating system; either way it is kept in
    :attr:`GameResult.bot_seed`, and the same ``seed``, ``bot_seed`` and bots play the same
    game. Give a ``bot_seed`` unrelated to ``seed``: a bot that can guess one from the
    other can read every hand.

    A bot that returns something other than a move, a move for another seat or an illegal
    move stops the game with an :class:`~hearts.IllegalMoveError` naming the bot, its seat
    and the move.

    >>> import hearts
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RuleBot(), hearts.RandomBot()]
    >>> one = hearts.play_game(hearts.Rules(target=50), bots, seed=8, bot_seed=11)
    >>> one == hearts.play_game(hearts.Rules(target=50), bots, seed=8, bot_seed=11)
    True
    >>> drawn = hearts.play_game(hearts.Rules(target=50), bots, seed=8)  # a fresh bot_seed
    >>> drawn == hearts.play_game(hearts.Rules(target=50), bots, seed=8, bot_seed=drawn.bot_seed)
    True
    """
    bots = seated_bots("play_game", rules, bots)
    for bot in bots:
        if not is_bot(bot):
            raise HeartsError(
                f"{describe_value(bot)} is not a bot: a bot has a name and a choose(view, rng) method."
            )
    bot_seed = checked_seed("bot_seed", bot_seed)
    rngs = [_bot_rng(bot_seed, seat) for seat in range(rules.players)]
    kept: list[Move] | None = [] if keep_moves else None
    choosers = [bot.choose for bot in bots]
    names = tuple([bot.name for bot in bots])
    state = play_bots(new_game(rules, seed=seed), choosers, names, rngs, kept)
    results = state.results
    return GameResult(
        seed=state.seed,
        bot_seed=bot_seed,
        bots=names,
        scores=state.scores,
        winners=state.winners,
        hands=len(results),
        points=tuple(map(sum, zip(*(result.points for result in results), strict=True))),
        changes=tuple(map(sum, zip(*(result.changes for result in results), strict=True))),
        moons=sum(result.moon is not None for result in results),
        suns=sum(result.sun is not None for result in results),
        moves=tuple(kept or ()),
    )
