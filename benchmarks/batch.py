"""The batched engine for JAX (hearts.batch): random deals played per second on this machine.

Each row plays whole deals (hands) at random under the standard rules: every game of the
batch picks one of its legal cards uniformly in each step, and the steps run in a
``jax.lax.scan`` under ``jax.jit`` (the way an RL loop runs them). A row's figure is the
hands finished per second of wall clock, measured after compiling, at each batch size;
the compile time is shown apart. For comparison, in the same run: OpenSpiel's C++ Hearts
(``pyspiel``) playing random deals one at a time from Python, and this library's own
engine (``legal_moves``/``apply``) doing the same.

The batched engine is checked against the scalar one by ``tests/test_batch.py`` (run it as
a script, ``python tests/test_batch.py --hands 10000 --random-rules 12``, for the long
differential run: every decision's legal set and every hand's scores compared).

``--variants`` times, at the first batch size, every preset the batched engine plays and
each way of scoring a shot, beside the standard game (so a variant's cost shows as a ratio),
and gives the memory of a game: the state's bytes per game and the tables the batch
shares.

Usage: ``python benchmarks/batch.py [--quick] [--batches 1024 4096 16384] [--steps N]
[--variants]``
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

import jax
import jax.numpy as jnp
import pyspiel
from environment import environment, table

import hearts
from hearts.rl import batch


def desynchronized(rules: hearts.Rules, size: int) -> batch.State:
    """``size`` games at different points of their hands, as in a long run with restarts.

    Games dealt together stay in step: under rules whose hands all last as long, every
    game of the batch ends its hand on the same step, and the step deals (its costliest
    part) only then. Here up to 64 batches, the ``g``-th played ``g`` random steps first,
    are joined into one (each game's arrays joined, the shared tables kept once).
    """
    groups = min(64, size)
    states = []
    key = jax.random.key(7)
    for group in range(groups):
        keys = jax.random.split(jax.random.key(group), size // groups)
        state = batch.init(keys, rules)
        for _ in range(group):
            key, sub = jax.random.split(key)
            state = batch.step(state, batch.random_actions(state, sub))
        states.append(state)
    first = states[0]
    tables = {
        field.name: getattr(first.rules, field.name)
        if field.name in batch.SHARED
        else jnp.concatenate([getattr(state.rules, field.name) for state in states])
        for field in dataclasses.fields(first.rules)
        if not field.metadata.get("static")
    }
    games = {
        field.name: jnp.concatenate([getattr(state, field.name) for state in states])
        for field in dataclasses.fields(first)
        if field.name != "rules"
    }
    return dataclasses.replace(first, rules=dataclasses.replace(first.rules, **tables), **games)


def batched_rate(
    rules: hearts.Rules, size: int, steps: int, *, desync: bool = False
) -> tuple[float, float]:
    """Random deals per second of a batch of ``size`` games, and the compile time.

    With ``desync``, the games start at different points of their hands
    (:func:`desynchronized`).
    """

    @jax.jit
    def run(state: batch.State, key: jax.Array) -> tuple[batch.State, jax.Array]:
        def one(carry: tuple[batch.State, jax.Array], _: None) -> tuple[
            tuple[batch.State, jax.Array], None
        ]:  # fmt: skip
            state, key = carry
            key, sub = jax.random.split(key)
            return (batch.step(state, batch.random_actions(state, sub)), key), None

        return jax.lax.scan(one, (state, key), None, length=steps)[0]

    if desync:
        state = desynchronized(rules, size)
    else:
        state = batch.init(jax.random.split(jax.random.key(0), size), rules)
    start = time.perf_counter()
    state, key = run(state, jax.random.key(1))
    jax.block_until_ready(state)
    compiled = time.perf_counter() - start
    before = int(state.hand_number.sum())
    start = time.perf_counter()
    state, key = run(state, key)
    jax.block_until_ready(state)
    elapsed = time.perf_counter() - start
    return (int(state.hand_number.sum()) - before) / elapsed, compiled


def endless(rules: hearts.Rules) -> hearts.Rules:
    """``rules`` played on and on: no target, a million hands (and chips that never run out)."""
    chips = None if rules.chips is None else 10**6
    return rules.replace(target=None, hands=10**6, chips=chips)


VARIANTS = {
    **{name: hearts.Rules.preset(name) for name in hearts.Rules.preset_names()},
    "sun added": hearts.Rules(sun="add"),
    "moon and sun played safe": hearts.Rules(moon="safety", sun="safety"),
    "the shooter's choice": hearts.Rules(moon="choose", sun="choose"),
    "dealer's choice": hearts.Rules(dealer_chooses_pass=True),
    "5 players, 3 jokers": hearts.Rules(players=5, jokers=3),
    "7 players, 1 joker": hearts.Rules(players=7, jokers=1, removed="2C 2D 2H 2S"),
}
"""The rules --variants times: the presets, and the fields the presets do not set."""


def memory(size: int) -> tuple[float, int]:
    """Bytes of a standard game's state per game, and of the tables the batch shares."""
    state = batch.init(jax.random.split(jax.random.key(0), size), hearts.Rules())
    per_game = 0
    for leaf in jax.tree_util.tree_leaves(state):
        data = (
            jax.random.key_data(leaf)
            if jax.dtypes.issubdtype(leaf.dtype, jax.dtypes.prng_key)
            else leaf
        )
        if data.shape[:1] == (size,):
            per_game += data.nbytes
    shared = sum(getattr(state.rules, name).nbytes for name in batch.SHARED)
    return per_game / size, shared


def variant_rows(size: int, steps: int, names: list[str]) -> list[tuple[str, str, str, str]]:
    """Deals per second of each variant at ``size``, and as a share of the standard game's."""
    standard, _ = batched_rate(endless(hearts.Rules()), size, steps, desync=True)
    rows = [("standard, played on", f"{standard:,.0f}", "1.00", "")]
    for name in names:
        rules = VARIANTS[name]
        why = batch.unsupported(rules)
        if why is not None:
            rows.append((name, "refused", "", why.split(";")[0].replace("hearts.batch ", "")))
            continue
        rate, compiled = batched_rate(endless(rules), size, steps, desync=True)
        rows.append((name, f"{rate:,.0f}", f"{rate / standard:.2f}", f"compile {compiled:.1f} s"))
    return rows


def openspiel_rate(deals: int, seed: int) -> float:
    """Random deals per second of OpenSpiel's C++ Hearts, played one at a time from Python."""
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
    return deals / (time.perf_counter() - start)


def scalar_rate(rules: hearts.Rules, deals: int, seed: int) -> float:
    """Random deals per second of this library's engine, one at a time."""
    rng = random.Random(seed)
    one_hand = rules.replace(target=None, hands=1)
    start = time.perf_counter()
    for number in range(deals):
        state = hearts.new_game(one_hand, seed=seed + number)
        while not state.is_over:
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small batch, to check it runs")
    parser.add_argument("--batches", type=int, nargs="+", default=[1024, 4096, 16384])
    parser.add_argument("--steps", type=int, default=640, help="steps timed per batch (640)")
    parser.add_argument("--deals", type=int, default=200, help="deals of the one-at-a-time rows")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variants", action="store_true", help="time every variant at the first batch size"
    )
    arguments = parser.parse_args()
    batches = [16] if arguments.quick else arguments.batches
    steps = 64 if arguments.quick else arguments.steps
    deals = 5 if arguments.quick else arguments.deals
    rules = hearts.Rules(target=None, hands=10**6)  # the standard game, played on and on
    print(table(("", "value"), [*environment(), ("jax", jax.__version__)], left=2))
    print()
    print(f"Random deals of the standard game per second (wall clock; {jax.devices()[0]}).")
    print()
    rows = []
    for size in batches:
        rate, compiled = batched_rate(rules, size, steps)
        rows.append((f"hearts.batch, batch {size}", f"{rate:,.0f}", f"compile {compiled:.1f} s"))
    rows.append(("OpenSpiel C++ from Python", f"{openspiel_rate(deals, arguments.seed):,.0f}", ""))
    rows.append(
        ("hearts legal_moves/apply", f"{scalar_rate(rules, deals, arguments.seed):,.0f}", "")
    )
    print(table(("engine", "deals/s", ""), rows, left=1))
    if arguments.variants or arguments.quick:  # quick: two variants, to check the rows run
        size = batches[0]
        names = ["omnibus", "chips"] if arguments.quick else list(VARIANTS)
        print()
        print(
            f"Random deals per second of each variant, batch {size}, its games at different "
            "points of their hands (as in a long run with restarts), against the standard game."
        )
        print()
        heads = ("rules", "deals/s", "x standard", "")
        print(table(heads, variant_rows(size, steps, names), left=1))
        per_game, shared = memory(size)
        print()
        print(
            f"Memory: {per_game:,.0f} bytes of state per game (standard rules), and "
            f"{shared:,} bytes of tables shared by the batch ({', '.join(sorted(batch.SHARED))})."
        )


if __name__ == "__main__":
    main()
