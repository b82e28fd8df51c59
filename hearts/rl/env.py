"""Hearts as a PettingZoo environment (:func:`env`), and as a Gymnasium one for one seat.

:class:`HeartsEnv` is a PettingZoo AEC environment of a whole game under any
:class:`~hearts.Rules`: agents ``player_0`` to ``player_{n-1}`` take turns, and every
decision a seat makes in the game is one step. :class:`SingleAgentEnv` is a Gymnasium
environment in which one seat learns and :class:`~hearts.Bot` values play the others.
Both need the ``rl`` extra: from a clone's root, ``pip install ".[rl]"`` (the package
is not on PyPI yet; after its first release, ``pip install "hearts-rules[rl]"``).

**Observations** are PettingZoo's classic form, a dict of

* ``"observation"``: the seat's view as :func:`hearts.tensor.encode` makes it (a
  ``float32`` vector whose layout depends only on the number of players; with
  ``history=True``, the information state that also keeps the hand's tricks in order), and
* ``"action_mask"``: an ``int8`` vector, 1 for each legal action; all 0 for a seat that
  is not to move.

**Actions** are ints (:func:`action_count` of them):

* 0 to 54, a card (52 cards, then the jokers 52 to 54): play it, or in the pass phase
  pick it for the pass. A seat passes by picking its cards one at a time, one step each;
  when it has picked ``pass_count`` cards the environment makes its
  :class:`~hearts.Pass`. Passes are simultaneous in the rules, so the seats pass in turn,
  lowest seat first; no seat sees another's pass before the cards change hands.
* :data:`CLAIM` (55): claim the rest (:class:`~hearts.Claim`, with ``Rules.claims``),
  offered only when the seat's own view shows the claim is safe.
* :data:`SHOOT_ADD` (56) and :data:`SHOOT_SUBTRACT` (57): how to score a moon or sun
  (:class:`~hearts.ShootChoice`, with ``moon="choose"`` or ``sun="choose"``).
* :data:`FIRST_PASS_CALL` (58) + *i*: the dealer calls the *i*-th of :func:`pass_calls`
  (:class:`~hearts.ChoosePass`, with ``Rules.dealer_chooses_pass``).

The deals are chance moves, made by the environment from the game's seed. Which actions
are legal comes from the rules the engine applies: in the play phase of a game without
claims, the cards the rules of play of :mod:`hearts.game.play` allow the seat
(``in_force(state.position).allowed()``); in the pass phase, the cards the seat may
still pick (:func:`hearts.game.passes.pickable`); otherwise the moves
:func:`hearts.legal_moves` gives for the seat's view (a claim only when the seat can
know it is safe). The move of a legal action is made with ``hearts.game.engine.apply_unchecked``,
as it is already known to be legal; an action that is not legal raises
:class:`~hearts.IllegalMoveError`, with the reason :func:`hearts.apply` gives (wrap the
environment in PettingZoo's ``TerminateIllegalWrapper`` to end the game instead).

**Rewards** come when a hand ends, to every agent: what the hand added to the seat's total,
negated, since a lower total is better (``-result.changes[seat]``); in a chip game
(``Rules.chips``), where more chips are better, the chips won or lost as they are. A
game's rewards add up to the seat's final total less its starting one, with that sign.
Every agent terminates when the game ends; nothing truncates.

>>> import hearts.env
>>> game = hearts.env.env(rules=hearts.Rules(target=30))
>>> game.reset(seed=7)
>>> game.agent_selection, int(game.action_space("player_0").n)
('player_0', 58)
>>> returns = dict.fromkeys(game.possible_agents, 0.0)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     returns[agent] += reward
...     if termination:
...         action = None
...     else:
...         action = int(observation["action_mask"].nonzero()[0][0])   # the first legal one
...     game.step(action)
>>> game.unwrapped.game.is_over, game.unwrapped.game.scores
(True, (9, 15, 42, 12))
>>> returns
{'player_0': -9.0, 'player_1': -15.0, 'player_2': -42.0, 'player_3': -12.0}
"""

from __future__ import annotations

import functools
import io
import operator
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

import gymnasium
import numpy as np
import resvg_py
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
from PIL import Image

from hearts.bots.policies import SEAT_MOVES
from hearts.bots.reference import Bot, RuleBot, check_bot_seed, is_bot
from hearts.display import svg
from hearts.errors import HeartsError, IllegalMoveError, describe_value
from hearts.game.cards import CARDS, NUMBER_OF_CARDS, CardSet
from hearts.game.engine import apply, apply_unchecked, check_seat, legal_moves, new_game
from hearts.game.moves import PLAYS, ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.game.passes import pick_refusal, pickable
from hearts.game.play import in_force
from hearts.game.rules import PassDirection, Rules, ShootMode
from hearts.game.state import Phase, State, Trick
from hearts.knowledge.views import PlayerView, view
from hearts.rl import tensor

if TYPE_CHECKING:
    from hearts.rl.env_parallel import ParallelHeartsEnv

__all__ = [
    "CLAIM",
    "ENV_ID",
    "FIRST_PASS_CALL",
    "SHOOT_ADD",
    "SHOOT_SUBTRACT",
    "HeartsEnv",
    "SingleAgentEnv",
    "action_count",
    "actions_of",
    "env",
    "parallel_env",
    "pass_calls",
    "raw_env",
]

CLAIM: Final = NUMBER_OF_CARDS
"""The action of a :class:`~hearts.Claim`: 55."""
SHOOT_ADD: Final = CLAIM + 1
"""The action of ``ShootChoice(seat, "add")``: 56."""
SHOOT_SUBTRACT: Final = CLAIM + 2
"""The action of ``ShootChoice(seat, "subtract")``: 57."""
FIRST_PASS_CALL: Final = CLAIM + 3
"""The action of the first of :func:`pass_calls`: 58."""

_RENDER_MODES: Final = ("ansi", "human", "rgb_array")
ENV_ID: Final = "hearts/Hearts-v0"
"""The Gymnasium id of :class:`SingleAgentEnv`: ``gymnasium.make(ENV_ID, ...)`` once
:mod:`hearts.env` is imported (or ``gymnasium.make("hearts.env:hearts/Hearts-v0")``)."""
Observation = dict[str, NDArray[Any]]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``."""


def _checked_rules(who: str, rules: object) -> Rules:
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
    return _pass_calls(_checked_rules("pass_calls", rules))


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
    return FIRST_PASS_CALL + len(_pass_calls(_checked_rules("action_count", rules)))


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
    rules = _checked_rules("actions_of", rules)
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


class HeartsEnv(AECEnv):  # type: ignore[misc]
    """A whole game of Hearts as a PettingZoo AEC environment (see the module's notes).

    ``reset(seed=s)`` starts the game of ``hearts.new_game(rules, seed=s)``; a ``reset()``
    without a seed starts a game whose seed is drawn from a generator seeded by the last
    seed given (from the operating system if none was). :attr:`game` is the game's
    :class:`~hearts.State`, for inspection; agents see only their observations. With
    ``render_mode="ansi"``, :meth:`render` returns the table as text (every hand shown:
    a spectator's view, for debugging); with ``"rgb_array"``, the table of
    :func:`hearts.svg.table` as an RGB image (a ``uint8`` array of shape (720, 960, 3),
    drawn with resvg-py); with ``"human"`` it prints the text after every step. With
    ``history=True`` the observation is the information state: the vector also keeps the
    hand's tricks in order (:func:`hearts.tensor.encode`).

    >>> import hearts
    >>> game = HeartsEnv(hearts.Rules(players=3))
    >>> game.reset(seed=1)
    >>> game.possible_agents, game.game.phase, game.agent_selection
    (['player_0', 'player_1', 'player_2'], <Phase.PASS: 'pass'>, 'player_0')
    >>> mask = game.observe("player_0")["action_mask"]
    >>> hearts.CardSet(int(card) for card in mask.nonzero()[0]) == game.game.hands[0]
    True
    >>> for card in sorted(game.game.hands[0])[:3]:          # pick three cards: one pass
    ...     game.step(int(card))
    >>> game.game.passed[0], game.agent_selection
    (CardSet('3♣ 8♣ 9♣'), 'player_1')
    >>> game.step(1)
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: player_1 chose action 1 (3♣), which is not legal now: P1 does not hold 3♣. The legal actions are those set in the observation's action_mask.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "hearts_v0",
        "render_modes": list(_RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self, rules: Rules | None = None, render_mode: str | None = None, *, history: bool = False
    ) -> None:
        super().__init__()
        if not isinstance(history, bool):
            raise TypeError(f"history must be True or False, got {describe_value(history)}.")
        self.history: bool = history
        """Whether observations keep the hand's history (:func:`hearts.tensor.encode`)."""
        self.rules: Rules = _checked_rules("HeartsEnv", rules)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise HeartsError(
                "render_mode must be None, 'ansi', 'human' or 'rgb_array', got "
                f"{describe_value(render_mode)}."
            )
        self.render_mode = render_mode
        players = self.rules.players
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._actions = action_count(self.rules)
        self._calls = pass_calls(self.rules)
        low, high = tensor.bounds(players, history=history)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self._actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._actions) for agent in self.possible_agents
        }
        self._sign = 1.0 if self.rules.chips is not None else -1.0
        self._seeds = random.Random()
        self._game: State | None = None
        self._picked = 0
        self._legal = 0  # the legal actions of the seat to move, as bits
        self._moves: dict[int, Move] = {}  # the move of each legal action but picks and plays
        self._views: dict[int, PlayerView] = {}
        # Each seat's observation of the game as it stands, made when first asked for:
        # every step clears them. observe() hands out copies, never these arrays.
        self._observed: dict[int, tuple[NDArray[np.float32], NDArray[np.int8]]] = {}
        self._mask_bytes = (self._actions + 7) // 8
        # The hand's completed tricks as of a step, and what each seat played to them.
        self._done_tricks: tuple[tuple[Trick, ...], tuple[int, tuple[int, ...]]]
        self._done_tricks = ((), (0, (0,) * players))
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: the same object every call."""
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete(action_count(rules))``."""
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    def _seat_of(self, agent: object) -> int:
        """The seat of ``agent``, refused with the agents' names if it is none of them."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise HeartsError(
                f"This environment has no agent {describe_value(agent)}: its agents are "
                f"{', '.join(self.possible_agents)}."
            )
        return seat

    @property
    def game(self) -> State:
        """The game as it stands: every hand, for inspection (an agent sees its view)."""
        if self._game is None:
            raise HeartsError("The environment has no game yet: call reset() first.")
        return self._game

    @property
    def picked(self) -> CardSet:
        """The cards the seat to move has picked so far for its pass."""
        return CardSet.from_mask(self._picked)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, from ``seed`` if given."""
        if seed is not None:
            try:
                seed = operator.index(seed)
            except TypeError:
                raise TypeError(
                    f"seed must be an int or None, got {describe_value(seed)}."
                ) from None
            self._seeds = random.Random(seed)
        else:
            seed = self._seeds.getrandbits(63)
        state = new_game(self.rules, seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._picked = 0
        self._start(self._dealt(state))

    def step(self, action: int | None) -> None:
        """Make the selected agent's ``action``; None only for an agent whose game is over."""
        state = self.game  # refused before the first reset
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = self._checked(agent, action)
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        for name in self.rewards:
            self.rewards[name] = 0.0
        move = self._moves.get(number)
        if move is None and state.phase is _PLAY:  # the action is the card
            move = PLAYS[seat][number]
        if move is None:  # a card picked for the pass
            picked = self._picked | 1 << number
            if picked.bit_count() < state.pass_count:
                self._picked = picked
                self._refresh()
                self._after_step(False)
                return
            move = Pass(seat, CardSet.from_mask(picked))
            self._picked = 0
        hands = len(state.results)
        # The move is one of the seat's legal moves, listed by _refresh: apply_unchecked
        # makes the state apply would, without finding the move legal a second time.
        state = apply_unchecked(state, move)
        if state.phase is _DEAL:  # the next hand's deal
            state = self._dealt(state)
        ended = len(state.results) > hands  # a hand ended: its rewards
        if ended:
            for result in state.results[hands:]:
                for name in self.agents:
                    self.rewards[name] += self._sign * result.changes[self._seats[name]]
        if state.is_over:
            for name in self.agents:
                self.terminations[name] = True
        self._start(state)
        self._after_step(ended)

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its view's vector and its action mask (new arrays)."""
        vector, mask = self._observation(self._seat_of(agent))
        return {"observation": vector.copy(), "action_mask": mask.copy()}

    def _observation(self, seat: int) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
        """The seat's vector and action mask, made once per step (not to be changed)."""
        found = self._observed.get(seat)
        if found is None:
            state = self.game
            selected = self._selected(seat)
            picked = self._picked if selected else 0
            done = self._done(state)[1]
            vector = tensor._encode_state(state, seat, picked, self.history, done)
            found = (vector, self._mask(selected))
            self._observed[seat] = found
        return found

    def _selected(self, seat: int) -> bool:
        """Whether ``seat`` is the one to move (then its mask holds its legal actions)."""
        return not self.game.is_over and self._seats[self.agent_selection] == seat

    def _action_mask(self, seat: int) -> NDArray[np.int8]:
        """The seat's action mask, that of its observation (not to be changed)."""
        found = self._observed.get(seat)
        return self._mask(self._selected(seat)) if found is None else found[1]

    def _done(self, state: State) -> tuple[tuple[Trick, ...], tuple[int, tuple[int, ...]]]:
        """The hand's completed tricks, what each seat played to them and the tricks each won.

        :func:`hearts.tensor._played` of them, kept from step to step and added to as tricks
        are completed: all of it was played face up, for every seat to see.
        """
        kept = self._done_tricks
        if state.tricks is not kept[0]:
            consts = tensor._constants(self.rules)
            kept = self._done_tricks = tensor._played_since(consts, kept, state.tricks)
        return kept

    def _mask(self, selected: bool) -> NDArray[np.int8]:
        """The action mask of a seat: the legal actions if it is the selected one, else 0.

        A read-only array over the mask's bytes, each byte of the legal actions' bits
        spread to 8 bytes of 0 or 1 (observe() hands out copies).
        """
        legal = self._legal if selected else 0
        spread = b"".join(map(_SPREAD.__getitem__, legal.to_bytes(self._mask_bytes, "little")))
        return np.frombuffer(spread, dtype=np.int8, count=self._actions)

    def render(self) -> str | NDArray[np.uint8] | None:
        """The table as text (``"ansi"``), printed (``"human"``) or an image (``"rgb_array"``).

        None without a mode.
        """
        return _rendered(self.render_mode, self)

    def close(self) -> None:
        """Nothing to release."""

    # --- the game ------------------------------------------------------------------------

    def _dealt(self, state: State) -> State:
        """``state`` after any deal it waits for (the game's seeded deal: a chance move)."""
        while state.phase is _DEAL:
            state = apply(state, legal_moves(state)[0])
        return state

    def _start(self, state: State) -> None:
        """Make ``state`` the game: select the seat to move and list its legal actions."""
        self._game = state
        self._views.clear()
        self._refresh()

    def _view(self, seat: int) -> PlayerView:
        seen = self._views.get(seat)
        if seen is None:
            seen = view(self.game, seat)
            self._views[seat] = seen
        return seen

    def _refresh(self) -> None:
        """List the legal actions of the seat to move, and select it."""
        state = self.game
        self._observed.clear()
        self._legal = 0
        self._moves = {}
        if state.is_over:
            return
        seat = state.to_move[0]
        self.agent_selection = self.possible_agents[seat]
        phase = state.phase
        if phase is _PASS:  # a card at a time: the cards it may still pick
            self._legal = pickable(self.rules, state.hand_masks[seat], self._picked)
            return
        if phase is _PLAY and not self.rules.claims:  # cards only: the moves' plays
            self._legal = in_force(state.position).allowed()
            return
        # The seat's own moves: those of its view, which differ from the state's only in
        # the claims offered (a claim must be safe by what the seat has seen).
        legal = 0
        for move in legal_moves(self._view(seat)):
            (number,) = actions_of(self.rules, move)
            legal |= 1 << number
            self._moves[number] = move
        self._legal = legal

    def _after_step(self, rewarded: bool) -> None:
        if rewarded:  # else every reward is 0, and the totals stay as they are
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _checked(self, agent: str, action: Any) -> int:
        """``action`` as an int, refused with the reason if it is not legal."""
        if action.__class__ is int and action >= 0 and self._legal >> action & 1:  # at once
            return action
        if action is None:
            raise IllegalMoveError(
                f"{agent} must choose an action: None is the action only of an agent whose "
                "game is over."
            )
        number = action_number(action, self._actions)
        if number >= 0 and self._legal >> number & 1:
            return number
        shown = str(number) if -(10**6) < number < 10**6 else describe_value(number)
        raise IllegalMoveError(
            f"{agent} chose action {shown}{self._named(number)}, which is not legal now: "
            f"{self._refusal(self._seats[agent], number)} The legal actions are those set in "
            "the observation's action_mask."
        )

    def _named(self, number: int) -> str:
        if 0 <= number < NUMBER_OF_CARDS:
            return f" ({CARDS[number]})"
        names = {CLAIM: "claim", SHOOT_ADD: "shoot: add", SHOOT_SUBTRACT: "shoot: subtract"}
        if number in names:
            return f" ({names[number]})"
        if FIRST_PASS_CALL <= number < self._actions:
            direction, count = self._calls[number - FIRST_PASS_CALL]
            return f" (call a pass of {count} {direction})"
        return ""

    def _refusal(self, seat: int, number: int) -> str:
        """Why ``seat`` may not make action ``number`` now, as a sentence."""
        state = self.game
        if not 0 <= number < self._actions:
            return f"the actions are 0 to {self._actions - 1}."
        if state.phase is Phase.PASS and number < NUMBER_OF_CARDS:
            return pick_refusal(self.rules, seat, state.hand_masks[seat], self._picked, number)
        if number == CLAIM:
            return (
                f"P{seat} may claim only with Rules.claims, in the play phase, when what it "
                "has seen shows that it cannot lose a trick."
            )
        move: Move
        if number < NUMBER_OF_CARDS:
            move = Play(seat, number)
        elif number < FIRST_PASS_CALL:
            move = ShootChoice(seat, ShootMode.ADD if number == SHOOT_ADD else ShootMode.SUBTRACT)
        else:
            direction, count = self._calls[number - FIRST_PASS_CALL]
            move = ChoosePass(seat, direction, count)
        try:
            apply(state, move, by=seat)
        except IllegalMoveError as error:
            return str(error)
        return f"{move} is not among the moves P{seat}'s view allows."  # pragma: no cover

    def _text(self) -> str:
        state = self._game
        if state is None:
            return "No game yet: call reset() first."
        rules = self.rules
        passing = (
            "no passing"
            if state.pass_direction is PassDirection.HOLD
            else f"pass {state.pass_direction}"
        )
        lines = [
            f"Hand {state.hand_number + 1} ({passing}), {state.phase.value} phase; scores: "
            + ", ".join(f"P{seat} {score}" for seat, score in enumerate(state.scores))
        ]
        for seat in range(rules.players):
            line = f"  P{seat}: {state.hands[seat]}"
            if state.passed_masks[seat]:
                line += f" (passes {state.passed[seat]})"
            lines.append(line)
        if state.trick:
            cards = ", ".join(
                f"P{(state.leader + index) % rules.players} {card}"
                for index, card in enumerate(state.trick)
            )
            lines.append(f"  Trick {len(state.tricks) + 1}: {cards}")
        if state.is_over:
            winners = " and ".join(f"P{seat}" for seat in state.winners)
            lines.append(f"Game over: {winners} {'wins' if len(state.winners) == 1 else 'win'}.")
        else:
            picked = f" (picked {self.picked} so far)" if self._picked else ""
            lines.append(f"{self.agent_selection} to move{picked}.")
        return "\n".join(lines)


_DEAL: Final = Phase.DEAL
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_SPREAD: Final = tuple(bytes([byte >> bit & 1 for bit in range(8)]) for byte in range(256))
"""Each byte's 8 bits as 8 bytes of 0 or 1, lowest bit first: action masks from bits."""


def _picture(state: State) -> NDArray[np.uint8]:
    """The table of :func:`hearts.svg.table` (every hand shown) as an RGB image."""
    png = resvg_py.svg_to_bytes(svg_string=svg.table(state))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def _rendered(mode: str | None, table: HeartsEnv) -> str | NDArray[np.uint8] | None:
    """What ``render()`` gives in ``mode`` for ``table``'s game (both environments' render)."""
    if mode is None:
        return None
    if mode == "rgb_array":
        return _picture(table.game)
    text = table._text()
    if mode == "human":
        print(text)
        return None
    return text


def raw_env(
    rules: Rules | None = None, render_mode: str | None = None, *, history: bool = False
) -> HeartsEnv:
    """A :class:`HeartsEnv`, unwrapped.

    >>> import hearts
    >>> raw_env(hearts.Rules.preset("omnibus")).rules.card_points[hearts.Card("JD")]
    -10
    """
    return HeartsEnv(rules, render_mode, history=history)


def env(
    rules: Rules | None = None, render_mode: str | None = None, *, history: bool = False
) -> Any:
    """A :class:`HeartsEnv` in PettingZoo's ``OrderEnforcingWrapper``, as classic envs are.

    The wrapper refuses a step or an observation before the first ``reset()``. It is a
    subclass of ``OrderEnforcingWrapper`` that reads the game's attributes directly (see
    :class:`_OrderEnforcing`); it checks and refuses exactly as that wrapper does.

    >>> import hearts
    >>> game = env(hearts.Rules(players=5))
    >>> game.reset(seed=3)
    >>> game.agents
    ['player_0', 'player_1', 'player_2', 'player_3', 'player_4']
    >>> game.observe("player_0")["observation"].shape, game.observe("player_0")["action_mask"].shape
    ((1772,), (58,))
    """
    return _OrderEnforcing(HeartsEnv(rules, render_mode, history=history))


def _forwarded(name: str) -> property:
    """A property of :class:`_OrderEnforcing`: the environment's attribute ``name``.

    Refused before ``reset()``, with the sentence of ``OrderEnforcingWrapper``.
    """

    def read(wrapper: _OrderEnforcing) -> Any:
        if not wrapper._ready:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(wrapper.env, name)

    return property(read, doc=f"The environment's ``{name}`` (after ``reset()``).")


class _OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading the game's attributes directly.

    The wrapper forwards an attribute through ``__getattr__``, which Python calls only once
    its ordinary lookup has failed, raising and catching an ``AttributeError``: ``last()``,
    ``agent_iter()`` and ``step()`` read eight such attributes a step, a fifth of a step's
    time. These properties read the same attributes of the environment, with the wrapper's
    refusal before ``reset()`` (kept by a flag of this class, set as the wrapper sets its
    own), and ``last()`` goes to the environment's at once; everything else is the
    wrapper's own. The properties are read-only: the game's attributes are changed by
    its own methods, not through the wrapper.
    """

    def __init__(self, env: HeartsEnv) -> None:
        super().__init__(env)
        self._ready = False  # reset() has been called

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """The wrapper's ``reset()``: the attributes below can be read from now on."""
        self._ready = True  # before the game's reset, as the wrapper marks itself reset
        super().reset(seed=seed, options=options)

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info."""
        if not self._ready:  # what reading agent_selection would say
            raise AttributeError("agent_selection cannot be accessed before reset")
        found: tuple[Observation | None, float, bool, bool, dict[str, Any]]
        found = self.env.last(observe)
        return found

    def __str__(self) -> str:
        """The environment's name, as ``str`` of an ``OrderEnforcingWrapper`` gives it."""
        return str(self.env) if hasattr(self, "metadata") else repr(self)


def parallel_env(
    rules: Rules | None = None, render_mode: str | None = None, *, history: bool = False
) -> ParallelHeartsEnv:
    """A :class:`~hearts.rl.env_parallel.ParallelHeartsEnv`: the game in PettingZoo's Parallel API.

    Every seat still to pass picks a card in each step of the pass.

    >>> import hearts
    >>> table = parallel_env(hearts.Rules(players=3))
    >>> observations, infos = table.reset(seed=1)
    >>> [int(observations[agent]["action_mask"].sum()) for agent in table.agents]
    [17, 17, 17]
    """
    from hearts.rl.env_parallel import ParallelHeartsEnv  # noqa: PLC0415 (it builds on HeartsEnv)

    return ParallelHeartsEnv(rules, render_mode, history=history)


def action_number(action: object, actions: int) -> int:
    """``action`` as an int: a Python or NumPy integer, never a bool, an array or a float."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    raise TypeError(
        f"An action is an int from 0 to {actions - 1} (a Python or NumPy integer), got "
        f"{describe_value(action)}."
    )


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """One seat of a game as a Gymnasium environment; bots play the other seats.

    ``opponents`` are :class:`~hearts.Bot` values for the other seats in seat order
    (with ``seat=1`` of four, they play P0, P2 and P3); by default :class:`~hearts.RuleBot`.
    Observations, actions and rewards are those of :class:`HeartsEnv` for ``seat``: a step
    makes one action, then the bots play until the seat is to move again or the game ends,
    and the reward is what the hands that ended meanwhile gave the seat. An episode is a
    whole game (``terminated`` when it ends; never ``truncated``).

    ``reset(seed=s)`` deals the game of ``hearts.new_game(rules, seed=s)``. The bots draw
    from generators seeded from ``bot_seed`` (kept in :attr:`bot_seed`; drawn from the
    operating system when not given) and the game's seed together, so a bot cannot work
    the deals out from its generator, whatever ``s`` is; an environment made with the
    same ``bot_seed`` plays the same game again from the same ``s``.

    ``illegal_action="raise"`` (the default) refuses an action the mask does not allow
    with :class:`~hearts.IllegalMoveError`; ``"random"`` replaces it by a legal action
    drawn from ``np_random`` and says so in the step's ``info["illegal_action"]`` (for
    learners without action masking, and Gymnasium's ``check_env``).
    :meth:`action_masks` gives the mask as booleans (sb3-contrib's ``MaskablePPO``
    reads it). ``render_mode`` and ``history`` are those of :class:`HeartsEnv`.

    It is registered with Gymnasium as :data:`ENV_ID`: ``gymnasium.make(ENV_ID, rules=...,
    seat=...)`` makes it with ``illegal_action="random"`` unless told otherwise, so that
    Gymnasium's ``check_env`` and learners without masks can step it with any action.

    >>> import hearts
    >>> from hearts.env import SingleAgentEnv
    >>> game = SingleAgentEnv(hearts.Rules(target=30), seat=2)
    >>> observation, info = game.reset(seed=4)
    >>> total, done = 0.0, False
    >>> while not done:
    ...     action = int(game.action_masks().nonzero()[0][-1])       # the last legal one
    ...     observation, reward, done, truncated, info = game.step(action)
    ...     total += reward
    >>> total == -game.game.scores[2]
    True
    """

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 2}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        rules: Rules | None = None,
        seat: int = 0,
        opponents: Iterable[Bot] | None = None,
        *,
        illegal_action: str = "raise",
        render_mode: str | None = None,
        bot_seed: int | None = None,
        history: bool = False,
    ) -> None:
        HeartsEnv(Rules(), render_mode)  # checks the mode
        self.bot_seed: int = check_bot_seed(bot_seed)
        """The seed of the bots' generators, with each game's seed (reproduces a run)."""
        self._table = HeartsEnv(
            _checked_rules("SingleAgentEnv", rules),
            render_mode=None if render_mode is None else "ansi",
            history=history,
        )
        self.render_mode = render_mode
        rules = self._table.rules
        check_seat(rules, seat)
        self.seat = seat
        self._agent = self._table.possible_agents[seat]
        others = [other for other in range(rules.players) if other != seat]
        if opponents is not None and (
            isinstance(opponents, (str, bytes)) or not isinstance(opponents, Iterable)
        ):
            raise TypeError(
                f"SingleAgentEnv needs opponents as bots, one for each other seat (or None for "
                f"RuleBot), got {describe_value(opponents)}."
            )
        bots: Sequence[Bot] = [RuleBot()] * len(others) if opponents is None else tuple(opponents)
        if len(bots) != len(others):
            raise HeartsError(
                f"SingleAgentEnv needs one bot for each other seat: this game has "
                f"{rules.players} seats, so {len(others)} bots, got {len(bots)}."
            )
        for bot in bots:
            if not is_bot(bot):
                raise HeartsError(
                    f"Each opponent must be a hearts.Bot (a name and a choose(view, rng) "
                    f"method), got {describe_value(bot)}."
                )
        self._bots = dict(zip(others, bots, strict=True))
        if illegal_action not in ("raise", "random"):
            raise HeartsError(
                f"illegal_action must be 'raise' or 'random', got {describe_value(illegal_action)}."
            )
        self._illegal = illegal_action
        self.observation_space = self._table.observation_space(self._agent)
        self.action_space = self._table.action_space(self._agent)
        self._rngs: dict[int, random.Random] = {}
        self._counted = 0

    @property
    def game(self) -> State:
        """The game as it stands (every hand: for inspection, not for the agent)."""
        return self._table.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game, from ``seed`` if given; the bots move until the seat's turn."""
        if seed is not None and (
            not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0
        ):
            raise TypeError(
                f"seed must be None or an int of 0 or more (Gymnasium's seeds are), got "
                f"{describe_value(seed)}."
            )
        super().reset(seed=None if seed is None else int(seed))
        deals = int(self.np_random.integers(2**63)) if seed is None else seed
        self._table.reset(seed=deals)  # refuses a seed that is not an int
        self._rngs = {
            other: random.Random(f"hearts-env-bot:{self.bot_seed}:{deals}:{other}")
            for other in self._bots
        }
        self._counted = 0
        self._advance()
        return self._table.observe(self._agent), {}

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Make ``action`` for the seat, then let the bots play until its next turn."""
        if self.game.is_over:
            raise HeartsError("The game is over: call reset() to play another.")
        replaced = False
        if self._illegal == "random":
            mask = self.action_masks()
            try:
                number = action_number(action, len(mask))
            except TypeError:
                number = -1
            if not 0 <= number < len(mask) or not mask[number]:
                legal = mask.nonzero()[0]
                action = int(legal[self.np_random.integers(len(legal))])
                replaced = True
        self._table.step(action)
        self._advance()
        state = self.game
        sign = self._table._sign
        reward = sum(sign * result.changes[self.seat] for result in state.results[self._counted :])
        self._counted = len(state.results)
        if self.render_mode == "human":
            self.render()
        observation = self._table.observe(self._agent)
        return observation, float(reward), state.is_over, False, {"illegal_action": replaced}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of the seat now, as booleans."""
        return self._table._action_mask(self.seat).astype(bool)

    def render(self) -> str | NDArray[np.uint8] | None:
        """The table as text (``"ansi"``), printed (``"human"``) or an image (``"rgb_array"``).

        None without a mode.
        """
        return _rendered(self.render_mode, self._table)

    def _advance(self) -> None:
        """Let the bots move until the seat is to move or the game is over."""
        table = self._table
        while not table.game.is_over and table.agent_selection != self._agent:
            other = table._seats[table.agent_selection]
            bot = self._bots[other]
            seen = table._view(other)
            move = bot.choose(seen, self._rngs[other])
            if not isinstance(move, SEAT_MOVES) or move not in legal_moves(seen):
                raise IllegalMoveError(
                    f"The {bot.name} bot at P{other} chose {describe_value(move)}, which is "
                    f"not one of P{other}'s legal moves: choose must return one of "
                    "hearts.legal_moves(view)."
                )
            for number in actions_of(self._table.rules, move):
                table.step(number)


if ENV_ID not in gymnasium.registry:  # registered once, however often the module is loaded
    gymnasium.register(
        id=ENV_ID, entry_point="hearts.env:SingleAgentEnv", kwargs={"illegal_action": "random"}
    )
