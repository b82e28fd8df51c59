"""Hearts as a PettingZoo Parallel environment: every seat that is to act acts in one step.

:func:`hearts.env.parallel_env` makes a :class:`ParallelHeartsEnv`. It plays the game of
:class:`hearts.env.HeartsEnv` (the same agents, observations, actions and rewards) through
PettingZoo's Parallel API, which fits the pass: passes are simultaneous in the rules, so in
the pass phase every seat still to pass picks one card in each step, and once each has
picked ``pass_count`` cards the cards change hands. In the other phases one seat acts at a
time (the one whose action mask has a legal action); the actions given for the other
agents are not read (PettingZoo's samplers give an agent with an empty mask action 0).
Needs the ``rl`` extra.

>>> import hearts
>>> from hearts.env import parallel_env
>>> table = parallel_env(hearts.Rules(target=30))
>>> observations, infos = table.reset(seed=2)
>>> while table.agents:
...     actions = {
...         agent: int(observations[agent]["action_mask"].nonzero()[0][0])
...         if observations[agent]["action_mask"].any() else 0
...         for agent in table.agents
...     }
...     observations, rewards, terminations, truncations, infos = table.step(actions)
>>> table.game.is_over, len(table.game.results) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from hearts.errors import IllegalMoveError, describe_value
from hearts.game.cards import NUMBER_OF_CARDS, CardSet
from hearts.game.passes import pick_refusal, pickable
from hearts.game.rules import Rules
from hearts.game.state import Phase, State
from hearts.rl import tensor
from hearts.rl.actions import action_number
from hearts.rl.aec import HeartsEnv, Observation

__all__ = ["ParallelHeartsEnv"]


class ParallelHeartsEnv(ParallelEnv):  # type: ignore[misc]
    """A whole game of Hearts as a PettingZoo Parallel environment (see the module's notes).

    ``reset(seed=s)`` starts the game of ``hearts.new_game(rules, seed=s)``, as
    :class:`~hearts.env.HeartsEnv` does. :meth:`step` takes a dict of actions, one for each
    agent that is to act (an action that is not legal raises
    :class:`~hearts.IllegalMoveError`), and returns observations, rewards, terminations,
    truncations and infos for every live agent. When the game ends every agent terminates
    and :attr:`agents` empties.

    >>> import hearts
    >>> table = ParallelHeartsEnv(hearts.Rules())
    >>> observations, _ = table.reset(seed=5)
    >>> sorted(agent for agent in table.agents if observations[agent]["action_mask"].any())
    ['player_0', 'player_1', 'player_2', 'player_3']
    >>> table.step({"player_0": 60})
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: player_0 chose action 60, which is not legal now: in the pass an action is a card, 0 to 54. The legal actions are those set in the observation's action_mask.
    >>> table.step({})
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: player_0 must act in this step (it is to pass): give an action for every agent whose action mask has a legal action.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "hearts_v0",
        "render_modes": list(HeartsEnv.metadata["render_modes"]),
        "is_parallelizable": True,
        "render_fps": HeartsEnv.metadata["render_fps"],
    }

    def __init__(
        self, rules: Rules | None = None, render_mode: str | None = None, *, history: bool = False
    ) -> None:
        self._table = HeartsEnv(rules, render_mode, history=history)
        self.rules: Rules = self._table.rules
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self._table.possible_agents)
        self.agents: list[str] = []
        self._picks: dict[int, int] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: the same object every call."""
        return self._table.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: the same object every call."""
        return self._table.action_space(agent)

    @property
    def game(self) -> State:
        """The game as it stands: every hand, for inspection (an agent sees its view)."""
        return self._table.game

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game, from ``seed`` if given: each agent's observation and info."""
        self._table.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self._picks = {}
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        return self._observations(), infos

    def step(self, actions: dict[str, Any]) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        """Make the actions of the agents that are to act; the others' are not read."""
        table = self._table
        if not isinstance(actions, dict):
            raise TypeError(
                f"step takes a dict from each agent to its action, got {describe_value(actions)}."
            )
        if not self.agents:
            _ = self.game  # before the first reset, says to call it
            raise IllegalMoveError("The game is over: call reset() to play another.")
        rewards = dict.fromkeys(self.possible_agents, 0.0)
        if self.game.phase is Phase.PASS:
            self._pick(actions)
        else:
            agent = table.agent_selection
            table.step(self._action(actions, agent, "to move"))
            for name, reward in table.rewards.items():
                rewards[name] += reward
        over = self.game.is_over
        live = list(self.agents)
        observations = self._observations()
        if over:
            self.agents = []
        return (
            observations,
            {agent: rewards[agent] for agent in live},
            dict.fromkeys(live, over),
            dict.fromkeys(live, False),
            {agent: {} for agent in live},
        )

    def render(self) -> Any:
        """As :meth:`hearts.env.HeartsEnv.render`."""
        return self._table.render()

    def close(self) -> None:
        """Nothing to release."""

    # --- the pass, a card per step for every seat --------------------------------------

    def _action(self, actions: dict[str, Any], agent: str, doing: str) -> int:
        if agent not in actions:
            raise IllegalMoveError(
                f"{agent} must act in this step (it is {doing}): give an action for every "
                "agent whose action mask has a legal action."
            )
        return action_number(actions[agent], self._table._actions)

    def _pick(self, actions: dict[str, Any]) -> None:
        """Each seat still to pass picks a card; when all have their cards, they pass."""
        state = self.game
        picks = dict(self._picks)
        for seat in state.to_move:  # every seat still to pass: checked before any is kept
            agent = self.possible_agents[seat]
            number = self._action(actions, agent, "to pass")
            picked = picks.get(seat, 0)
            if not self._pickable(seat, picked) >> number & 1:
                raise IllegalMoveError(
                    f"{agent} chose action {number}, which is not legal now: "
                    f"{self._pick_refusal(seat, picked, number)} The legal actions are those "
                    "set in the observation's action_mask."
                )
            picks[seat] = picked | 1 << number
        self._picks = picks
        if all(picks[seat].bit_count() == state.pass_count for seat in state.to_move):
            self._picks = {}
            table = self._table
            while table.game.phase is Phase.PASS:  # the seats' passes, lowest seat first
                seat = table.game.to_move[0]
                for card in CardSet.from_mask(picks[seat]):
                    table.step(int(card))

    def _pickable(self, seat: int, picked: int) -> int:
        return pickable(self.rules, self.game.hand_masks[seat], picked)

    def _pick_refusal(self, seat: int, picked: int, number: int) -> str:
        if not 0 <= number < NUMBER_OF_CARDS:
            return "in the pass an action is a card, 0 to 54."
        return pick_refusal(self.rules, seat, self.game.hand_masks[seat], picked, number)

    def _observations(self) -> dict[str, Observation]:
        table = self._table
        state = self.game
        if state.phase is not Phase.PASS:
            return {agent: table.observe(agent) for agent in self.possible_agents}
        observations: dict[str, Observation] = {}
        done = table._done(state)[1]  # the hand's completed tricks: none yet, in the pass
        for seat, agent in enumerate(self.possible_agents):
            picked = self._picks.get(seat, 0)
            mask = np.zeros(table._actions, dtype=np.int8)
            if seat in state.to_move:
                mask[[int(card) for card in CardSet.from_mask(self._pickable(seat, picked))]] = 1
            # The seat's view with its own picks (not the AEC table's, which has none yet).
            vector = tensor._encode_state(state, seat, picked, table.history, done)
            observations[agent] = {"observation": vector, "action_mask": mask}
        return observations
