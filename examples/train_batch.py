"""Train a masked policy on the batched engine by self-play, then play it against RuleBot.

The policy is a small MLP written out below (pure JAX: no Flax, no Optax), trained with
PPO on :mod:`hearts.batch` under the standard rules, the same network playing every seat.
Every so often, and once more at the end, it plays seat 0 of the scalar engine against
three :class:`hearts.RuleBot`, and :class:`hearts.RuleBot` plays the same deals in its
place: the difference is the measure of the training. See docs/training.md.

    python examples/train_batch.py                 # the full run: a few minutes on a CPU
    python examples/train_batch.py --quick         # a few updates, to see that it works
    python examples/train_batch.py --plot curve.svg --out run.json
    python examples/train_batch.py --replot run.json --plot curve.svg   # draw a saved run

It needs JAX and NumPy (``pip install "hearts-rules[jax]"``) and nothing else.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from numpy.typing import NDArray

import hearts
import hearts.batch as hb
import hearts.tensor

Array = TypeVar("Array", jax.Array, NDArray[np.float32])
RULES = hearts.Rules()
"""The game trained and evaluated: the standard rules, to 100."""
ACTIONS = hb.NUM_ACTIONS
PLAYERS = RULES.players
POINTS = sum(max(points, 0) for points in RULES.card_points)
"""26: the rewards (points of a hand, negated) are divided by it, to lie in about -1..0."""
CONSTANT = ("deck", "card_points")
"""Fields that are the same in every observation under RULES."""


def input_columns() -> NDArray[np.int32]:
    """The columns of the observation that the network reads.

    Every field but those that never change under RULES; of the card fields, the 52 cards
    (not the slots of the jokers, which these rules lack). ``ruled_out`` and ``voids``
    (what each seat's plays showed it does not hold) are read too: hearts.batch works
    them out as hearts.tensor.encode does.
    """
    columns: list[int] = []
    for field in hearts.tensor.fields(PLAYERS):
        if field.name in CONSTANT:
            continue
        width = ACTIONS if field.width == hearts.tensor.CARD_SLOTS else field.width
        for row in range(field.rows):
            start = field.offset + row * field.width
            columns += range(start, start + width)
    return np.array(columns, dtype=np.int32)


INPUTS = input_columns()
"""1,305 of the 1,487 numbers of an observation."""


def network_inputs(observation: Array) -> Array:
    """What the network reads of observations (a JAX or NumPy array, observations last).

    Training reads hearts.batch.observe, the evaluation hearts.tensor.encode of a view,
    which are the same field by field: this one function picks the same columns of both.
    """
    return observation[..., INPUTS]


@dataclasses.dataclass(frozen=True)
class Config:
    """The settings of a run (``--quick`` makes a small one)."""

    games: int = 512
    """Games played side by side (the batch)."""
    steps: int = 256
    """Steps of each rollout (one action of one game each): four hands, about."""
    updates: int = 40
    """PPO updates (one rollout each)."""
    hidden: int = 128
    """Width of the MLP's two hidden layers."""
    learning_rate: float = 5e-4
    """Adam's step size."""
    epochs: int = 2
    """Passes of PPO over each rollout."""
    minibatch: int = 4096
    """Decisions per gradient step."""
    clip: float = 0.2
    """PPO's ratio clip."""
    lam: float = 0.9
    """GAE's lambda: how far back the value's correction reaches (1: Monte Carlo)."""
    value_weight: float = 0.5
    entropy_weight: float = 0.01
    max_grad_norm: float = 1.0
    eval_every: int = 5
    """Updates between evaluations against RuleBot (and one at the start and the end)."""
    eval_games: int = 50
    """Games to 100 of each evaluation of the curve (the same seeds each time)."""
    final_games: int = 400
    """Games to 100 of the final evaluation."""


QUICK = Config(
    games=32,
    steps=80,
    updates=3,
    hidden=64,
    epochs=1,
    minibatch=1024,
    eval_every=3,
    eval_games=1,
    final_games=2,
)


# --- the network: observation -> (52 logits, a value) -------------------------------------

Params = dict[str, jax.Array]


def init_params(key: jax.Array, hidden: int) -> Params:
    """An MLP of two hidden ReLU layers; its last layer small, so play starts uniform."""
    sizes = [(len(INPUTS), hidden), (hidden, hidden), (hidden, ACTIONS + 1)]
    params: Params = {}
    for layer, ((inputs, outputs), part) in enumerate(
        zip(sizes, jax.random.split(key, len(sizes)), strict=True), start=1
    ):
        scale = math.sqrt(2.0 / inputs) if layer < len(sizes) else 0.01
        params[f"w{layer}"] = scale * jax.random.normal(part, (inputs, outputs))
        params[f"b{layer}"] = jnp.zeros(outputs)
    return params


def forward(params: Params, inputs: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Logits (..., 52) and value (...,) of a batch of network_inputs."""
    h = jax.nn.relu(inputs @ params["w1"] + params["b1"])
    h = jax.nn.relu(h @ params["w2"] + params["b2"])
    out = h @ params["w3"] + params["b3"]
    return out[..., :ACTIONS], out[..., ACTIONS]


def masked_log_policy(logits: jax.Array, mask: jax.Array) -> jax.Array:
    """Log-probabilities of the actions: -inf for an illegal one.

    A row without a legal action (a game over) is made uniform, so nothing is NaN; its
    decisions carry no weight in the loss.
    """
    mask = mask | ~jnp.any(mask, axis=-1, keepdims=True)
    return jax.nn.log_softmax(jnp.where(mask, logits, -jnp.inf), axis=-1)


# --- Adam, with the gradient's global norm clipped ------------------------------------------


class Adam(NamedTuple):
    """Adam's moments and step count."""

    step: jax.Array
    mean: Params
    square: Params


def adam_init(params: Params) -> Adam:
    """Adam's state before the first step: zero moments."""
    zeros = {name: jnp.zeros_like(value) for name, value in params.items()}
    return Adam(jnp.zeros((), jnp.int32), zeros, dict(zeros))


def adam_update(
    params: Params, grads: Params, opt: Adam, lr: float, max_norm: float
) -> tuple[Params, Adam]:
    """One step of Adam (0.9, 0.999, 1e-8) on ``grads`` clipped to ``max_norm``."""
    norm = jnp.sqrt(sum(jnp.sum(g * g) for g in grads.values()))
    shrink = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    step = opt.step + 1
    mean, square, new = {}, {}, {}
    for name, value in params.items():
        g = grads[name] * shrink
        mean[name] = 0.9 * opt.mean[name] + 0.1 * g
        square[name] = 0.999 * opt.square[name] + 0.001 * g * g
        m_hat = mean[name] / (1 - 0.9**step)
        v_hat = square[name] / (1 - 0.999**step)
        new[name] = value - lr * m_hat / (jnp.sqrt(v_hat) + 1e-8)
    return new, Adam(step, mean, square)


# --- the rollout: every seat plays the policy, in one jax.lax.scan ----------------------------


class Steps(NamedTuple):
    """What a rollout records, each with leading axes (steps, games)."""

    inputs: jax.Array  # float32 (.., 1305): network_inputs of what the seat to act saw
    mask: jax.Array  # bool (.., 52): its legal actions
    action: jax.Array  # int32: the card it chose
    log_prob: jax.Array  # its log-probability under the policy that played
    value: jax.Array  # the value the policy gave the observation
    seat: jax.Array  # int32: the seat that acted
    live: jax.Array  # bool: the game was not over (a decision was made)
    rewards: jax.Array  # float32 (.., 4): each seat's reward from the step (at a hand's end)
    hand_over: jax.Array  # bool: the step ended a hand


def rollout(params: Params, state: hb.State, key: jax.Array, steps: int) -> tuple[hb.State, Steps]:
    """Play ``steps`` steps of every game; games that end are dealt again at once."""

    def one(state: hb.State, key: jax.Array) -> tuple[hb.State, Steps]:
        choose, deal = jax.random.split(key)
        seat = state.current_player
        inputs = network_inputs(hb.observe(state, seat))
        mask = hb.legal_action_mask(state)
        logits, value = forward(params, inputs)
        log_policy = masked_log_policy(logits, mask)
        action = jax.random.categorical(choose, log_policy).astype(jnp.int32)
        after = hb.step(state, action)
        record = Steps(
            inputs=inputs,
            mask=mask,
            action=action,
            log_prob=jnp.take_along_axis(log_policy, action[:, None], axis=1)[:, 0],
            value=value,
            seat=seat,
            live=~state.terminated,
            rewards=after.rewards / POINTS,
            hand_over=after.hand_over,
        )
        # Games that are over are dealt again, each from its own key.
        after = hb.restart(after, jax.random.split(deal, action.shape[0]))
        return after, record

    return jax.lax.scan(one, state, jax.random.split(key, steps))


def advantages(record: Steps, lam: float) -> tuple[jax.Array, jax.Array, jax.Array]:
    """GAE advantages, value targets and weights of each decision.

    Each hand is an episode of each seat, undiscounted: a seat's decisions in a hand are
    followed by its next decision in that hand, and its last one by the hand's end, when
    the reward comes. A reverse scan keeps, per game and seat, the value and advantage of
    the seat's next decision and the reward still to come. Decisions whose hand has not
    ended when the rollout stops get weight 0 (their game goes on in the next rollout).
    """
    games = record.seat.shape[1]
    zeros = jnp.zeros((games, PLAYERS))

    def back(
        carry: tuple[jax.Array, jax.Array, jax.Array, jax.Array], now: Steps
    ) -> tuple[tuple[jax.Array, jax.Array, jax.Array, jax.Array], tuple[jax.Array, ...]]:
        next_value, next_advantage, reward, ended = carry
        over = now.hand_over[:, None]
        next_value = jnp.where(over, 0.0, next_value)
        next_advantage = jnp.where(over, 0.0, next_advantage)
        reward = jnp.where(over, now.rewards, reward)
        ended = ended | now.hand_over
        mine = jax.nn.one_hot(now.seat, PLAYERS, dtype=jnp.bool_)

        def of_seat(values: jax.Array) -> jax.Array:
            return jnp.sum(jnp.where(mine, values, 0.0), axis=1)

        delta = of_seat(reward) + of_seat(next_value) - now.value
        advantage = delta + lam * of_seat(next_advantage)
        acted = mine & now.live[:, None]
        carry = (
            jnp.where(acted, now.value[:, None], next_value),
            jnp.where(acted, advantage[:, None], next_advantage),
            jnp.where(acted, 0.0, reward),
            ended,
        )
        weight = (now.live & ended).astype(jnp.float32)
        return carry, (advantage, advantage + now.value, weight)

    start = (zeros, zeros, zeros, jnp.zeros(games, jnp.bool_))
    _, (advantage, target, weight) = jax.lax.scan(back, start, record, reverse=True)
    return advantage, target, weight


# --- PPO -----------------------------------------------------------------------------------


class Batch(NamedTuple):
    """The decisions of a rollout, flattened, with what PPO's loss needs."""

    inputs: jax.Array
    mask: jax.Array
    action: jax.Array
    log_prob: jax.Array
    advantage: jax.Array
    target: jax.Array
    weight: jax.Array


def loss_fn(params: Params, batch: Batch, config: Config) -> tuple[jax.Array, dict[str, jax.Array]]:
    """PPO's clipped loss, the value's squared error and the entropy bonus (weighted means)."""
    logits, value = forward(params, batch.inputs)
    log_policy = masked_log_policy(logits, batch.mask)
    log_prob = jnp.take_along_axis(log_policy, batch.action[:, None], axis=1)[:, 0]
    total = jnp.maximum(jnp.sum(batch.weight), 1.0)

    def mean(values: jax.Array) -> jax.Array:
        return jnp.sum(values * batch.weight) / total

    ratio = jnp.exp(log_prob - batch.log_prob)
    clipped = jnp.clip(ratio, 1 - config.clip, 1 + config.clip)
    policy_loss = -mean(jnp.minimum(ratio * batch.advantage, clipped * batch.advantage))
    value_loss = mean((value - batch.target) ** 2)
    finite = jnp.where(batch.mask, log_policy, 0.0)  # no 0 * -inf, in the gradient either
    entropy = mean(-jnp.sum(jnp.exp(log_policy) * finite, axis=1))
    loss = policy_loss + config.value_weight * value_loss - config.entropy_weight * entropy
    stats = {
        "loss": loss,
        "policy_loss": policy_loss,
        "value_loss": value_loss,
        "entropy": entropy,
        "kl": mean(batch.log_prob - log_prob),
    }
    return loss, stats


@functools.partial(jax.jit, static_argnames="config")
def train_step(
    params: Params, opt: Adam, state: hb.State, key: jax.Array, config: Config
) -> tuple[Params, Adam, hb.State, dict[str, jax.Array]]:
    """One update: a rollout of every game, then PPO's epochs over its decisions."""
    play, shuffle = jax.random.split(key)
    state, record = rollout(params, state, play, config.steps)
    advantage, target, weight = advantages(record, config.lam)
    size = config.steps * config.games

    def flat(values: jax.Array) -> jax.Array:
        return values.reshape((size, *values.shape[2:]))

    weights = flat(weight)
    total = jnp.maximum(jnp.sum(weights), 1.0)
    centre = jnp.sum(flat(advantage) * weights) / total
    spread = jnp.sqrt(jnp.sum((flat(advantage) - centre) ** 2 * weights) / total)
    batch = Batch(
        inputs=flat(record.inputs),
        mask=flat(record.mask),
        action=flat(record.action),
        log_prob=flat(record.log_prob),
        advantage=(flat(advantage) - centre) / (spread + 1e-8),
        target=flat(target),
        weight=weights,
    )
    parts = size // config.minibatch
    order = jnp.stack(
        [jax.random.permutation(k, size) for k in jax.random.split(shuffle, config.epochs)]
    )
    order = order[:, : parts * config.minibatch].reshape(-1, config.minibatch)
    grad_fn = jax.grad(loss_fn, has_aux=True)

    def descend(
        carry: tuple[Params, Adam], rows: jax.Array
    ) -> tuple[tuple[Params, Adam], dict[str, jax.Array]]:
        params, opt = carry
        grads, stats = grad_fn(params, jax.tree.map(lambda x: x[rows], batch), config)
        params, opt = adam_update(params, grads, opt, config.learning_rate, config.max_grad_norm)
        return (params, opt), stats

    (params, opt), stats = jax.lax.scan(descend, (params, opt), order)
    summary = {name: values.mean() for name, values in stats.items()}
    summary["decisions"] = jnp.sum(weights)
    summary["hands"] = jnp.sum(record.hand_over)
    return params, opt, state, summary


# --- the evaluation: the policy in seat 0 of the scalar engine, against three RuleBots ------


class PolicyBot:
    """A :class:`hearts.Bot` that plays the policy's most likely legal card.

    It reads what the batched engine shows a seat: ``network_inputs`` of the view's tensor.
    A pass is picked one card at a time, as in hearts.batch: each pick sees the cards
    picked so far in ``pass_picked``. (hearts.play_game asks every seat for its pass at
    once, so every seat's ``to_move`` shows all four seats still to pass; hearts.batch
    asks them in turn, so a seat sees only itself and later seats. The two agree at seat
    0, where the evaluation puts the policy.)
    """

    name = "trained policy"

    def __init__(self, params: Params) -> None:
        self.params = {name: np.asarray(value) for name, value in params.items()}

    def best(self, vector: NDArray[np.float32], legal: int) -> int:
        """The legal card (a mask of cards) with the highest logit."""
        p = self.params
        h = np.maximum(network_inputs(vector) @ p["w1"] + p["b1"], 0.0)
        h = np.maximum(h @ p["w2"] + p["b2"], 0.0)
        logits = (h @ p["w3"] + p["b3"])[:ACTIONS]
        allowed = np.array([bool(legal >> card & 1) for card in range(ACTIONS)])
        return int(np.argmax(np.where(allowed, logits, -np.inf)))

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        moves = hearts.legal_moves(view)
        first = moves[0]
        if isinstance(first, hearts.Pass):
            passable = 0
            for move in moves:
                passable |= move.cards.mask  # type: ignore[union-attr]
            picked = 0
            for _ in range(len(first.cards)):
                vector = hearts.tensor.encode(view, picked=picked)
                picked |= 1 << self.best(vector, passable & ~picked)
            return hearts.Pass(view.player, hearts.CardSet.from_mask(picked))
        if not isinstance(first, hearts.Play):
            return first  # no other move comes up under the standard rules
        legal = 0
        for move in moves:
            legal |= 1 << move.card  # type: ignore[union-attr]
        return hearts.Play(view.player, self.best(hearts.tensor.encode(view), legal))


class Evaluation(NamedTuple):
    """Seat 0's points per hand against three RuleBots: the policy's and RuleBot's own."""

    games: int
    hands: int
    policy: float
    policy_error: float
    rulebot: float
    rulebot_error: float
    difference: float
    difference_error: float
    seconds: float


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (NaN for one value: there is no spread to measure)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def plus_minus(mean: float, error: float, form: str = ".2f") -> str:
    """``mean ± error``, or the mean alone where there is no error (one game evaluated)."""
    shown = format(mean, form)
    return f"{shown} ± {error:.2f}" if math.isfinite(error) else shown


def error_note(games: int) -> str:
    """What the line says of its error bars where one game gave none, else nothing."""
    return "; one game, so no error bar" if games < 2 else ""


def seat_zero(bot: hearts.Bot, games: int, seed: int) -> tuple[tuple[float, int], ...]:
    """Seat 0's points per hand, and hands, in each of ``games`` games against RuleBots.

    The games are those of the seeds ``seed``, ``seed + 1``, ..., to 100, with ``bot`` in
    seat 0 and three RuleBots in the others. The points are seat 0's score change: the
    moon counts.
    """
    others = [hearts.RuleBot()] * (PLAYERS - 1)
    results = []
    for game in range(games):
        result = hearts.play_game(RULES, [bot, *others], seed=seed + game, bot_seed=0)
        results.append((result.changes[0] / result.hands, result.hands))
    return tuple(results)


rulebot_seat_zero = functools.cache(functools.partial(seat_zero, hearts.RuleBot()))
"""RuleBot's own results in seat 0 (the same every time: it is deterministic)."""


def evaluate(params: Params, games: int, seed: int) -> Evaluation:
    """The policy in seat 0 against three RuleBots, and RuleBot in its place on the same deals.

    As on the strength page, points per hand are averaged over each game's hands, then
    over games, and the difference is taken game by game, the deals being the same.
    """
    start = time.perf_counter()
    policy = seat_zero(PolicyBot(params), games, seed)
    rulebot = rulebot_seat_zero(games, seed)
    policy_mean, policy_error = mean_error([points for points, _ in policy])
    rule_mean, rule_error = mean_error([points for points, _ in rulebot])
    difference, difference_error = mean_error(
        [mine[0] - theirs[0] for mine, theirs in zip(policy, rulebot, strict=True)]
    )
    return Evaluation(
        games=games,
        hands=sum(hands for _, hands in policy),
        policy=policy_mean,
        policy_error=policy_error,
        rulebot=rule_mean,
        rulebot_error=rule_error,
        difference=difference,
        difference_error=difference_error,
        seconds=time.perf_counter() - start,
    )


# --- the curve as an SVG, by hand ----------------------------------------------------------


def nice_step(span: float, most: int = 8) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` into ``most`` or fewer."""
    power = 10.0 ** math.floor(math.log10(max(span, 1e-9) / most))
    return next(power * k for k in (1, 2, 5, 10) if span / (power * k) <= most)


def svg_curve(run: dict[str, Any]) -> str:
    """The curve of a run: seat 0's points per hand against three RuleBots, as SVG text.

    One point per evaluation (±1 standard error), against the hands trained on; a dashed
    line for RuleBot's own points per hand in seat 0 on the same deals.
    """
    points = [
        (float(row["hands"]), float(row["policy"]), float(row["policy_error"]))
        for row in run["curve"]
    ]
    rule = float(run["curve"][0]["rulebot"])
    width, height, left, right, top, bottom = 640, 360, 56, 24, 40, 56
    x_max = max(x for x, _, _ in points) or 1.0
    spread = [e if math.isfinite(e) else 0.0 for _, _, e in points]
    ys = [y + e for (_, y, _), e in zip(points, spread, strict=True)] + [rule]
    y_high = math.ceil(max(ys))
    y_low = math.floor(min(y - e for (_, y, _), e in zip(points, spread, strict=True)) - 0.5)

    def sx(x: float) -> str:
        return f"{left + (width - left - right) * x / x_max:.1f}"

    def sy(y: float) -> str:
        return f"{top + (height - top - bottom) * (y_high - y) / (y_high - y_low):.1f}"

    base, blue, red = height - bottom, "#2a62b8", "#c0392b"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">Seat 0\'s points '
        "per hand against three RuleBots (lower is better)</text>",
    ]
    step = nice_step(y_high - y_low)
    y = float(y_low)
    while y <= y_high + 1e-9:
        out.append(
            f'<line x1="{left}" y1="{sy(y)}" x2="{width - right}" y2="{sy(y)}" stroke="#ddd"/>'
        )
        out.append(
            f'<text x="{left - 6}" y="{float(sy(y)) + 4:.1f}" text-anchor="end">{y:g}</text>'
        )
        y += step
    step = nice_step(x_max)
    x = 0.0
    while x <= x_max + 1e-9:
        out.append(f'<line x1="{sx(x)}" y1="{base}" x2="{sx(x)}" y2="{base + 5}" stroke="black"/>')
        out.append(f'<text x="{sx(x)}" y="{base + 18}" text-anchor="middle">{x / 1000:g}k</text>')
        x += step
    out += [
        f'<line x1="{left}" y1="{base}" x2="{width - right}" y2="{base}" stroke="black"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="black"/>',
        f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">'
        "hands of self-play trained on (all four seats learn)</text>",
        f'<text transform="translate(16 {(top + base) / 2}) rotate(-90)" text-anchor="middle">'
        "points per hand</text>",
        f'<line x1="{left}" y1="{sy(rule)}" x2="{width - right}" y2="{sy(rule)}" stroke="{red}" '
        'stroke-dasharray="6 4"/>',
        f'<text x="{width - right - 4}" y="{float(sy(rule)) - 6:.1f}" text-anchor="end" '
        f'fill="{red}">RuleBot in seat 0, same deals: {rule:.2f}</text>',
    ]
    for x, y, error in points:
        if math.isfinite(error):
            out.append(
                f'<line x1="{sx(x)}" y1="{sy(y - error)}" x2="{sx(x)}" y2="{sy(y + error)}" '
                f'stroke="{blue}"/>'
            )
    line = " ".join(f"{sx(x)},{sy(y)}" for x, y, _ in points)
    out.append(f'<polyline points="{line}" fill="none" stroke="{blue}" stroke-width="2"/>')
    out += [f'<circle cx="{sx(x)}" cy="{sy(y)}" r="3" fill="{blue}"/>' for x, y, _ in points]
    x, y, _ = points[-1]
    out.append(
        f'<text x="{float(sx(x)) - 6:.1f}" y="{float(sy(y)) + 18:.1f}" text-anchor="end" '
        f'fill="{blue}">the policy: {y:.2f}</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- the run ---------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What the run ran on: the timings depend on it (and on what else it was running)."""
    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "device": str(jax.devices()[0]),
        "jax": jax.__version__,
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def train(
    config: Config, seed: int, log: Callable[[str], None] = print
) -> tuple[Params, dict[str, Any]]:
    """Train from ``seed``; return the parameters and the run (curve, stats, evaluation)."""
    where, started = machine(), time.perf_counter()
    key = jax.random.key(seed)
    key, init_key, deal_key = jax.random.split(key, 3)
    params = init_params(init_key, config.hidden)
    opt = adam_init(params)
    state = hb.init(jax.random.split(deal_key, config.games), RULES)
    eval_seed = 1_000_000 * (seed + 1)
    curve: list[dict[str, Any]] = []
    updates: list[dict[str, float]] = []
    hands, trained = 0, 0.0

    def measure(update: int) -> None:
        found = evaluate(params, config.eval_games, eval_seed)
        curve.append(
            {
                "update": update,
                "hands": hands,
                "seconds": round(trained, 1),
                "policy": found.policy,
                "policy_error": found.policy_error,
                "rulebot": found.rulebot,
            }
        )
        log(
            f"update {update:4d}  hands {hands:8,d}  trained {trained:6.1f} s  "
            f"vs RuleBots: {plus_minus(found.policy, found.policy_error, '5.2f')} points/hand "
            f"(RuleBot {found.rulebot:.2f}, {found.hands} hands{error_note(found.games)})"
        )

    began = time.perf_counter()
    step = train_step.lower(params, opt, state, key, config=config).compile()
    compiling = time.perf_counter() - began
    log(f"compiled the update in {compiling:.1f} s")
    measure(0)
    for update in range(1, config.updates + 1):
        key, part = jax.random.split(key)
        began = time.perf_counter()
        params, opt, state, stats = step(params, opt, state, part)
        stats = jax.device_get(stats)
        trained += time.perf_counter() - began
        hands += int(stats["hands"])
        row = {name: float(value) for name, value in stats.items()}
        updates.append({"update": update, "hands": hands, "seconds": trained, **row})
        log(
            f"update {update:4d}  hands {hands:8,d}  trained {trained:6.1f} s  "
            f"loss {row['loss']:+.3f}  value {row['value_loss']:.3f}  "
            f"entropy {row['entropy']:.2f}  kl {row['kl']:+.4f}"
        )
        if update % config.eval_every == 0 or update == config.updates:
            measure(update)
    final = evaluate(params, config.final_games, 2 * eval_seed)
    log(
        f"final, {final.games} games ({final.hands} hands) against three RuleBots, seat 0: "
        f"policy {plus_minus(final.policy, final.policy_error)}, "
        f"RuleBot {plus_minus(final.rulebot, final.rulebot_error)} points per hand; "
        f"difference {plus_minus(final.difference, final.difference_error, '+.2f')} "
        f"({final.seconds:.0f} s{error_note(final.games)})"
    )
    run = {
        "config": dataclasses.asdict(config),
        "seed": seed,
        "machine": where,
        "load_average_at_the_end": machine()["load_average"],
        "compile_seconds": compiling,
        "training_seconds": trained,
        "wall_seconds": time.perf_counter() - started,
        "hands": hands,
        "curve": curve,
        "updates": updates,
        "final": final._asdict(),
    }
    return params, run


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the example from the command line's arguments; return the run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--quick", action="store_true", help="a tiny run: under a minute, mostly compiling"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--updates", type=int, help="override the number of updates")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE of Config")
    parser.add_argument("--out", type=Path, help="write the run (curve and all) as JSON")
    parser.add_argument("--plot", type=Path, help="draw the curve as an SVG")
    parser.add_argument("--replot", type=Path, help="read a run's JSON instead of training")
    args = parser.parse_args(argv)
    if args.replot is not None:
        run: dict[str, Any] = json.loads(args.replot.read_text())
    else:
        config = QUICK if args.quick else Config()
        if args.updates is not None:
            config = dataclasses.replace(config, updates=args.updates)
        for item in args.set:
            name, value = item.split("=")
            kind = type(getattr(config, name))
            config = dataclasses.replace(config, **{name: kind(value)})
        print(f"{jax.devices()[0].platform}: {config}", flush=True)
        _, run = train(config, args.seed, log=lambda line: print(line, flush=True))
    if args.out is not None:
        args.out.write_text(json.dumps(run, indent=1) + "\n")
    if args.plot is not None:
        args.plot.write_text(svg_curve(run))
    return run


if __name__ == "__main__":
    main(sys.argv[1:])
