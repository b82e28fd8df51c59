"""The PettingZoo AEC environment, :class:`HeartsEnv`, and :func:`env`, which wraps it.

Its observations, actions and rewards are described in :mod:`hearts.env`, its documented
path, which re-exports the public names of this module. Needs the ``rl`` extra.
"""

from __future__ import annotations

import io
import operator
import random
from typing import Any, ClassVar, Final

import numpy as np
import resvg_py
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
from PIL import Image

from hearts.display import svg
from hearts.errors import HeartsError, IllegalMoveError, describe_value
from hearts.game.cards import CARDS, NUMBER_OF_CARDS, CardSet
from hearts.game.engine import apply, apply_unchecked, legal_moves, new_game
from hearts.game.moves import PLAYS, ChoosePass, Move, Pass, Play, ShootChoice
from hearts.game.passes import pick_refusal, pickable
from hearts.game.play import in_force
from hearts.game.rules import PassDirection, Rules, ShootMode
from hearts.game.state import Phase, State, Trick
from hearts.knowledge.views import PlayerView, view
from hearts.rl import tensor
from hearts.rl.actions import (
    CLAIM,
    FIRST_PASS_CALL,
    SHOOT_ADD,
    SHOOT_SUBTRACT,
    action_count,
    action_number,
    actions_of,
    checked_rules,
    pass_calls,
)

__all__ = ["HeartsEnv", "env", "raw_env"]

RENDER_MODES: Final = ("ansi", "human", "rgb_array")
"""The render modes of the environments: ``"ansi"``, ``"human"`` and ``"rgb_array"``."""
Observation = dict[str, NDArray[Any]]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``."""


class HeartsEnv(AECEnv):  # type: ignore[misc]
    """A whole game of Hearts as a PettingZoo AEC environment (see :mod:`hearts.env`).

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
        "render_modes": list(RENDER_MODES),
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
        self.rules: Rules = checked_rules("HeartsEnv", rules)
        if render_mode is not None and render_mode not in RENDER_MODES:
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
        return rendered(self.render_mode, self)

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


def rendered(mode: str | None, table: HeartsEnv) -> str | NDArray[np.uint8] | None:
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
