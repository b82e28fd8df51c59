"""The batched engine's scoring: who shot, what a finished hand adds, and the end of a game.

:func:`hand_totals` is :func:`hearts.game.scoring.score_hand` for every game of a batch at
once, :func:`game_end` is :func:`hearts.game.scoring.game_winners`, :func:`choice_asked`
is :func:`hearts.game.scoring.shoot_options`; :mod:`hearts.rl._batch_game`'s step calls
them when hands end. They state the scoring a second time, as array operations that
:func:`jax.jit` compiles, and tests/test_batch.py checks them against the scalar engine.
The scoring of the variants (multipliers, a shot played safe, partnerships, chips) is
worked out only where a game of the batch needs it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, cast

import jax
import jax.numpy as jnp

from hearts.rl._batch_cards import HEART_WORDS, card_count, nonempty, one_hot, sized, to_cards
from hearts.rl._batch_state import State
from hearts.rl._batch_tables import CHOOSE_MODE


def choice_asked(state: State) -> tuple[jax.Array, jax.Array]:
    """Bool (B,): the hand just taken asks its shooter how to score the shot; (B,) the shooter.

    :func:`hearts.game.scoring.shoot_options`: the moon's or the sun's mode is 'choose',
    and, under ``moon_choice_needs_score``, the shooter's total is at least the value.
    """
    shot = shot_of(state)
    scores = jnp.take_along_axis(state.scores, shot.seat[:, None], axis=1)[:, 0]
    enough = ~state.rules.choice_needs_score | (scores >= shot.value[:, 0])
    return shot.made & (shot.mode == CHOOSE_MODE) & enough, shot.seat.astype(jnp.int32)


def _team(values: jax.Array, partner: jax.Array) -> jax.Array:
    """(B, P): each seat's value plus its partner's (what its partnership scores)."""
    return values + jnp.take_along_axis(values, partner, axis=1)


def _multiplied(state: State, counted: jax.Array, alone: bool) -> jax.Array:
    """(B, P): ``counted`` times each taker's multiplier cards (``Rules.multipliers``).

    With ``alone`` (no shot), a seat that took multiplier cards and no card worth points
    scores ``Rules.multiplier_alone`` instead.
    """
    rules = state.rules
    taken = state.taken

    def multiplied() -> jax.Array:
        factors = jnp.where(to_cards(taken), rules.multipliers, 1)  # shared: (52,)
        value = counted * jnp.prod(factors, axis=2, dtype=jnp.int32)
        if alone:
            lone = nonempty(taken & rules.multiplier_cards[:, None, :]) & ~nonempty(
                taken & rules.point_cards[:, None, :]
            )
            value = jnp.where(lone, rules.multiplier_alone[:, None], value)
        return value

    # Worked out only where a game of the batch has multiplier cards (the same below for
    # a shot played safe, partnerships and chips): the other games pay nothing for them.
    return _only_if(jnp.any(rules.multiplier_cards != 0), multiplied, counted)


def _only_if(needed: jax.Array, work: Callable[[], jax.Array], otherwise: jax.Array) -> jax.Array:
    """``work()`` where ``needed`` (a scalar) holds, else ``otherwise``, as one branch."""
    return cast("jax.Array", jax.lax.cond(needed, work, lambda: otherwise))


def _adjusted(state: State, totals: jax.Array) -> jax.Array:
    """(B, P): ``totals`` after exact-score resets and the score floor."""
    rules = state.rules
    landed = (totals != state.scores)[:, :, None] & (totals[:, :, None] == rules.resets[:, None, :])
    landed = jnp.any(landed & rules.reset_valid[:, None, :], axis=2)
    totals = jnp.where(landed, totals - rules.reset_amount[:, None], totals)
    floor = jnp.maximum(totals, rules.score_floor[:, None])
    return jnp.where(rules.has_floor[:, None], floor, totals)


def game_end(state: State, totals: jax.Array, played: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Bool (B,) whether a game ends with ``totals`` after ``played`` hands, and (B, P) its winners.

    :func:`hearts.game.scoring.game_winners`: points end at the target or after the hands,
    the lowest total wins; chips end when a seat holds every chip or none, the most win;
    with ``play_on_ties`` a tie between seats (or partnerships) plays on.
    """
    rules = state.rules
    players = rules.players
    top, low = jnp.max(totals, axis=1), jnp.min(totals, axis=1)
    reached = jnp.where(rules.target_exceeded, top > rules.target, top >= rules.target)
    by_hands = rules.has_hands & (played >= rules.hands)
    by_chips = (low <= 0) | (top >= rules.chip_count * players)
    ended = by_hands | jnp.where(rules.chips, by_chips, rules.has_target & reached)
    best = totals == jnp.where(rules.chips, top, low)[:, None]
    side = jnp.minimum(jnp.arange(players)[None, :], rules.partner)  # a seat's partnership
    sides = jnp.any(best[:, :, None] & (side[:, :, None] == jnp.arange(players)), axis=1)
    tied = jnp.sum(sides, axis=1) > 1
    return ended & ~(rules.play_on_ties & tied), best


class Shot(NamedTuple):
    """Who shot the moon or the sun in each game, and how it scores (:func:`shot_of`)."""

    made: jax.Array
    """Bool (B,): a shot was made."""
    seat: jax.Array
    """Int (B,): the shooter (0 where none)."""
    shooter: jax.Array
    """Bool (B, P): the shooter, one-hot (none where no shot)."""
    mode: jax.Array
    """Int32 (B,): the shot's mode, numbered as :attr:`BatchRules.moon_mode`."""
    value: jax.Array
    """Int32 (B, 1): the shot's value."""


def shot_of(state: State) -> Shot:
    """The shooter of each game's hand (:func:`hearts.game.scoring.shooter`).

    Of the sun (every trick), else of the moon (every card it needs; with partners
    shooting together, the partnership's, named for the partner who took more of them).
    """
    rules = state.rules
    players = rules.players
    taken = state.taken
    sun_shooters = (rules.sun_mode > 0)[:, None] & (card_count(taken) == rules.cards)
    need = rules.moon[:, None, :]
    partner_taken = jnp.take_along_axis(taken, rules.partner[:, :, None], axis=1)
    together = (rules.partners & rules.shoot_together)[:, None]
    union = jnp.where(together[:, :, None], taken | partner_taken, taken)
    outdone = together & (card_count(partner_taken & need) > card_count(taken & need))
    moon_shooters = (
        ((rules.moon_mode > 0) & nonempty(rules.moon))[:, None]
        & ~outdone
        & ~nonempty(need & ~union)
    )
    sun = jnp.any(sun_shooters, axis=1)
    made = sun | jnp.any(moon_shooters, axis=1)
    seat = jnp.argmax(jnp.where(sun[:, None], sun_shooters, moon_shooters), axis=1)
    return Shot(
        made=made,
        seat=seat,
        shooter=one_hot(seat, players) & made[:, None],
        mode=jnp.where(sun, rules.sun_mode, rules.moon_mode),
        value=jnp.where(sun, rules.sun_points, rules.moon_points)[:, None],
    )


def hand_totals(state: State, subtract: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The totals (B, P) after the hand whose cards ``state.taken`` holds, and the pool (B,).

    :func:`hearts.game.scoring.score_hand`, step by step, for every game at once;
    ``subtract`` (B,) is the shooter's choice where it had one.
    """
    rules = state.rules
    players = rules.players
    taken = state.taken
    counts = card_count(taken)
    card_points = rules.card_points[:, None, :]
    points = jnp.sum(jnp.where(to_cards(taken), card_points, 0), axis=2)
    shot = shot_of(state)
    together = (rules.partners & rules.shoot_together)[:, None]
    made, shooter, mode, value = shot.made, shot.shooter, shot.mode, shot.value
    # A shot: the bonus cards still count (bonus_counts_on_shoot), multiplied; the value
    # goes to every other seat, or comes off the shooter (safety: off the shooter when
    # adding would end the game with another seat winning).
    still_counted = to_cards(taken & rules.shoot_counted[:, None, :])
    counted_on_shot = _multiplied(
        state, jnp.sum(jnp.where(still_counted, card_points, 0), axis=2), alone=False
    )
    added = jnp.where(shooter, 0, value)
    safety = (mode == 3) & made

    def unsafe() -> jax.Array:
        trial = _adjusted(state, state.scores + counted_on_shot + added)
        ends, wins = game_end(state, trial, state.hand_number + 1)
        return ends & ~jnp.any(wins & shooter, axis=1)

    chose_to_add = (mode == CHOOSE_MODE) & ~subtract
    adds = (mode == 1) | (safety & ~_only_if(jnp.any(safety), unsafe, safety)) | chose_to_add
    hit = made[:, None]
    shoot = jnp.where(hit, jnp.where(adds[:, None], added, jnp.where(shooter, -value, 0)), 0)
    side = shooter | jnp.take_along_axis(shooter, rules.partner, axis=1)
    team_shot = jnp.where(adds[:, None], jnp.where(side, 0, value), jnp.where(side, -value, 0))
    team_shot = jnp.where(hit, team_shot, 0)
    # No shot: the points, multiplied, and the bonuses for no trick and no heart.
    tricks_won = counts // players
    took_heart = nonempty(taken & sized(HEART_WORDS, taken))
    bonuses = jnp.where(tricks_won == 0, rules.no_trick_bonus[:, None], 0) + jnp.where(
        took_heart, 0, rules.no_heart_bonus[:, None]
    )
    plain = _multiplied(state, points, alone=True)
    counted = jnp.where(hit, counted_on_shot, plain)
    bonuses = jnp.where(hit, 0, bonuses)
    change = counted + shoot + bonuses
    # Partnerships: each partner carries the partnership's score.
    partners = rules.partners[:, None]

    def teams() -> jax.Array:
        team_shoot = jnp.where(together, team_shot, _team(shoot, rules.partner))
        sums = _team(counted, rules.partner) + team_shoot + _team(bonuses, rules.partner)
        return jnp.where(partners, sums, change)

    change = _only_if(jnp.any(rules.partners), teams, change)
    totals = _adjusted(state, state.scores + change).astype(jnp.int32)
    # Chips: each seat pays one into the pool, shared by those who took no penalty card.

    def chips() -> tuple[jax.Array, jax.Array]:
        pool = state.pool + players
        clean = ~nonempty(taken & rules.penalty[:, None, :])
        sharing = jnp.sum(clean, axis=1)
        share = pool // jnp.maximum(sharing, 1)
        held = state.scores - 1 + jnp.where(clean, share[:, None], 0)
        chip_totals = jnp.where(rules.chips[:, None], held, totals).astype(jnp.int32)
        return chip_totals, jnp.where(rules.chips, pool - share * sharing, state.pool)

    done: tuple[jax.Array, jax.Array] = jax.lax.cond(
        jnp.any(rules.chips), chips, lambda: (totals, state.pool)
    )
    return done
