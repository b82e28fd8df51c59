"""Reinforcement learning: steps of the PettingZoo environment and tensors, per second.

Three rows per variant:

* **AEC env, random actions**: whole games of ``hearts.env.env(rules)`` (the PettingZoo
  environment, in its ``OrderEnforcingWrapper``), every agent choosing uniformly among the
  actions of its ``action_mask``; a step is one ``env.step`` of a live agent, and each
  includes the ``env.last()`` observation before it (the tensor of the seat's view).
* **SingleAgentEnv, random actions**: whole games of ``hearts.env.SingleAgentEnv`` with
  RuleBot opponents; a step is one ``env.step`` of the learning seat, the bots' moves
  until its next turn included.
* **tensor**: ``hearts.tensor.encode(view)`` on views taken along random games.

Times are the CPU time of the process (``--wall`` for the wall clock). The rows take turns,
``--repeat`` times (3; once with ``--quick``); each figure is the median over the runs.

Usage: ``python benchmarks/rl.py [--quick] [--games N] [--repeat N] [--seed N] [--wall]``
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from environment import clock_for, environment, interleaved, rate_table, table

import hearts
import hearts.env
from hearts.tensor import encode


def aec_games(rules: hearts.Rules, games: int, seed: int) -> int:
    """Play ``games`` games of the AEC environment with random masked actions: the steps."""
    rng = random.Random(seed)
    table_ = hearts.env.env(rules=rules)
    steps = 0
    for game in range(games):
        table_.reset(seed=seed + game)
        for _ in table_.agent_iter():
            observation, _, termination, truncation, _ = table_.last()
            if termination or truncation:
                table_.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            table_.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def single_agent_games(rules: hearts.Rules, games: int, seed: int) -> int:
    """Play ``games`` games of the single-agent environment at random: the agent's steps."""
    rng = random.Random(seed)
    game_env = hearts.env.SingleAgentEnv(rules, seat=0)
    steps = 0
    for game in range(games):
        game_env.reset(seed=seed + game)
        done = False
        while not done:
            legal = game_env.action_masks().nonzero()[0]
            _, _, done, _, _ = game_env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def views(rules: hearts.Rules, games: int, seed: int) -> list[hearts.PlayerView]:
    """The view of the seat to move at every decision of ``games`` random games."""
    rng = random.Random(seed)
    found = []
    for game in range(games):
        state = hearts.new_game(rules, seed=seed + game)
        while not state.is_over:
            if state.to_move:
                found.append(hearts.view(state, state.to_move[0]))
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short game, to check it runs")
    parser.add_argument("--games", type=int, default=5, help="games per row (5)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    arguments = parser.parse_args()
    clock, clock_name = clock_for(arguments.wall)
    games = 1 if arguments.quick else arguments.games
    repeat = 1 if arguments.quick else arguments.repeat
    seed = arguments.seed
    variants = {
        "standard": hearts.Rules(),
        "omnibus": hearts.Rules.preset("omnibus"),
        "three-player": hearts.Rules.preset("three-player"),
    }
    if arguments.quick:  # one short game of the standard rules
        variants = {"standard, to 30": hearts.Rules(target=30)}
    print(table(("", "value"), environment(), left=2))
    print()
    print(
        f"Reinforcement learning: {games} whole games per row (random masked actions); "
        f"{repeat} runs taking turns, medians; timed by {clock_name}."
    )
    print()
    rows: list[tuple[str, str, int]] = []  # rules, what, calls per run
    works: list[Callable[[], object]] = []
    for name, rules in variants.items():
        rows.append((name, "AEC env step (with its observation)", aec_games(rules, games, seed)))
        works.append(lambda rules=rules: aec_games(rules, games, seed))
        steps = single_agent_games(rules, games, seed)
        rows.append((name, "SingleAgentEnv step (RuleBot opponents)", steps))
        works.append(lambda rules=rules: single_agent_games(rules, games, seed))
        seen = views(rules, games, seed)
        rows.append((name, "tensor (hearts.tensor.encode)", len(seen)))
        works.append(lambda seen=seen: [encode(one) for one in seen])
    print(rate_table(rows, interleaved(works, repeat, clock)))


if __name__ == "__main__":
    main()
