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

from typing import Final

import gymnasium

from hearts.game.rules import Rules
from hearts.rl.actions import (
    CLAIM,
    FIRST_PASS_CALL,
    SHOOT_ADD,
    SHOOT_SUBTRACT,
    action_count,
    action_number,  # noqa: F401 (a public name of this module)
    actions_of,
    pass_calls,
)
from hearts.rl.aec import (
    HeartsEnv,
    Observation,  # noqa: F401 (a public name of this module)
    env,
    raw_env,
)
from hearts.rl.env_parallel import ParallelHeartsEnv
from hearts.rl.single import SingleAgentEnv

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

ENV_ID: Final = "hearts/Hearts-v0"
"""The Gymnasium id of :class:`SingleAgentEnv`: ``gymnasium.make(ENV_ID, ...)`` once
:mod:`hearts.env` is imported (or ``gymnasium.make("hearts.env:hearts/Hearts-v0")``)."""


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
    return ParallelHeartsEnv(rules, render_mode, history=history)


if ENV_ID not in gymnasium.registry:  # registered once, however often the module is loaded
    gymnasium.register(
        id=ENV_ID, entry_point="hearts.env:SingleAgentEnv", kwargs={"illegal_action": "random"}
    )
