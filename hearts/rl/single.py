"""The Gymnasium environment of one seat, :class:`SingleAgentEnv`.

Its observations, actions and rewards are those of :class:`~hearts.env.HeartsEnv`
(described in :mod:`hearts.env`, its documented path, which re-exports the public names
of this module and registers it with Gymnasium as :data:`~hearts.env.ENV_ID`). Needs
the ``rl`` extra.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

from hearts.bots.policies import SEAT_MOVES
from hearts.bots.reference import Bot, RuleBot, check_bot_seed, is_bot
from hearts.errors import HeartsError, IllegalMoveError, describe_value
from hearts.game.engine import check_seat, legal_moves
from hearts.game.rules import Rules
from hearts.game.state import State
from hearts.rl.actions import action_number, actions_of, checked_rules
from hearts.rl.aec import RENDER_MODES, HeartsEnv, Observation, rendered

__all__ = ["SingleAgentEnv"]


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

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 2}  # noqa: RUF012 (Gymnasium's)

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
            checked_rules("SingleAgentEnv", rules),
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
        return rendered(self.render_mode, self._table)

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
