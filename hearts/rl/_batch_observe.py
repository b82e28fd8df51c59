"""What a seat of each game sees: :func:`observe`, in the layout of :mod:`hearts.tensor`.

:func:`observation_size` gives its length; ``history=True`` adds the hand's tricks.
:mod:`hearts.rl.batch` re-exports both.
"""

from __future__ import annotations

import functools
from typing import cast

import jax
import jax.numpy as jnp
import numpy as np

from hearts.errors import HeartsError
from hearts.rl._batch_cards import (
    DIRECTIONS,
    PHASE_CHOOSE,
    PHASE_PASS,
    PHASE_PLAY,
    PHASE_SHOOT,
    SLOTS,
    SUITS,
    one_hot,
    seat_rows,
    shown_value,
    to_cards,
)
from hearts.rl._batch_state import State, check_state
from hearts.rl.tensor import max_tricks, size


def observation_size(players: int, *, history: bool = False) -> int:
    """The length of an observation: ``347 + 285 * players``, as :func:`hearts.tensor.size`.

    With ``history``, the hand's tricks follow (:func:`hearts.tensor.fields`).

    >>> from hearts import batch
    >>> batch.observation_size(4), batch.observation_size(4, history=True)
    (1487, 4399)
    """
    return size(players, history=history)


def observe(state: State, player: jax.Array | int, *, history: bool = False) -> jax.Array:
    """Float32 (B, :func:`observation_size`): what ``player`` sees, in the tensor layout.

    ``player`` is a seat (an int, or one per game). The layout is
    :func:`hearts.tensor.encode`'s, seats relative to the viewer, and ``history=True``
    adds the information state, every trick of the hand in order, as
    ``encode(view, history=True)`` does. In the play phase every field equals
    ``hearts.tensor.encode`` of the seat's :class:`~hearts.PlayerView`, ``ruled_out`` and
    ``voids`` included (what each play revealed, kept in :attr:`State.ruled_out`). In the
    pass phase the seats pick one card at a time in seat
    order: a seat still picking has its picks in ``pass_picked`` (``passed`` is 0), a seat
    done has them in ``passed``, ``to_move`` marks the seats still to pass, and nothing is
    received yet (as :mod:`hearts.env` shows it). Once the game is over the phase is
    ``over``; the other fields describe its last hand.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules())
    >>> vector = batch.observe(state, 2)
    >>> float(vector[0, :52].sum()), float(vector[0, 220:272].sum())   # hand, deck
    (13.0, 52.0)
    >>> batch.observe(state, 2, history=True).shape
    (2, 4399)
    >>> batch.observe(state, state.current_player).shape  # each game's seat to move
    (2, 1487)
    """
    check_state("observe", state)
    if not isinstance(history, bool):
        raise TypeError(f"observe needs history as True or False, got {shown_value(history)}.")
    return cast("jax.Array", _observe(state, _check_player(state, player), history=history))


def _check_player(state: State, player: object) -> jax.Array | int:
    """``player``, if it is a seat of ``state``'s games, or one seat per game.

    An int (and NumPy data) is checked against the seats; a JAX array's values stay on the
    device, unread (reading them would wait for the computation).
    """
    players, games = state.rules.players, state.phase.shape[0]
    wanted = (
        f"a seat, an int from 0 to {players - 1}, or an integer array of shape ({games},), "
        "one seat per game"
    )
    if isinstance(player, (int, np.integer)) and not isinstance(player, (bool, np.bool_)):
        if not 0 <= player < players:
            raise HeartsError(f"observe needs player as {wanted}, got {shown_value(player)}.")
        return int(player)
    if not isinstance(player, (jax.Array, np.ndarray)) or not jnp.issubdtype(
        player.dtype, jnp.integer
    ):
        raise TypeError(f"observe needs player as {wanted}, got {shown_value(player)}.")
    if tuple(player.shape) not in ((), (games,)):
        raise HeartsError(f"observe needs player as {wanted}, got {shown_value(player)}.")
    if isinstance(player, np.ndarray) and not np.all((player >= 0) & (player < players)):
        raise HeartsError(
            f"observe needs player as {wanted}, got seats outside 0 to {players - 1}."
        )
    return jnp.asarray(player)


@functools.partial(jax.jit, static_argnames="history")
def _observe(state: State, player: jax.Array | int, *, history: bool = False) -> jax.Array:
    """:func:`observe` of arguments known to be right, compiled."""
    rules = state.rules
    players, hand_size = rules.players, rules.hand_size
    batch = state.phase.shape[0]
    viewer = jnp.broadcast_to(jnp.asarray(player, dtype=jnp.int32), (batch,))
    seats = (viewer[:, None] + jnp.arange(players)[None, :]) % players  # each row's seat

    def by_row(values: jax.Array) -> jax.Array:
        return jnp.take_along_axis(
            values, seats.reshape(seats.shape + (1,) * (values.ndim - 2)), axis=1
        )

    held, picked = to_cards(state.hands), to_cards(state.passed)
    played, taken = to_cards(state.played), to_cards(state.taken)
    phase = state.phase
    passing = phase == PHASE_PASS
    playing = phase == PHASE_PLAY
    in_play = playing | (phase == PHASE_SHOOT)  # the cards have changed hands, or all played
    hand = seat_rows(held, viewer)
    mine = seat_rows(picked, viewer)
    done = passing & (viewer < state.current_player) | ~passing
    picking = passing & (viewer == state.current_player)
    pass_picked = mine & picking[:, None]
    passed = mine & done[:, None]
    moved = state.pass_count > 0
    giver = (viewer - state.pass_offset) % players
    receiver = (viewer + state.pass_offset) % players
    received = seat_rows(picked, giver) & (in_play & moved)[:, None]
    width = held.shape[-1]  # 52 card flags, or 55 with the jokers
    trick_hot = one_hot(jnp.where(state.trick >= 0, state.trick, width), width)
    trick_rows = trick_hot & (jnp.arange(players)[None, :] < state.trick_size[:, None])[:, :, None]
    all_played = jnp.any(played, axis=1)
    known = jnp.zeros_like(held)
    to_receiver = (
        one_hot(receiver, players)[:, :, None]
        & (mine & ~all_played & (in_play & moved)[:, None])[:, None, :]
    )
    known = known | to_receiver
    me = one_hot(viewer, players)[:, :, None]
    known = jnp.where(me, hand[:, None, :], known)
    club = one_hot(rules.lowest_club, width)
    club_known = (
        playing
        & (state.first_leader != viewer)
        & ~jnp.any(all_played & club, axis=1)
        & (rules.first_lead <= 1)
    )
    known = known | (
        one_hot(state.first_leader, players)[:, :, None] & (club & club_known[:, None])[:, None, :]
    )
    # What each other seat has shown it does not hold (hearts.game.seat.seat_masks), and
    # the suits of the deck it has so shown itself void in.
    # (A suit the deck lacks counts as shown.)
    others = jnp.arange(players)[None, :] != viewer[:, None]
    ruled_out = jnp.where((others & in_play[:, None])[:, :, None], state.ruled_out, jnp.uint32(0))
    suits = rules.deck[:, None, :SUITS] & ~ruled_out[..., :SUITS]  # the jokers' word is no suit
    voids = others[:, :, None] & (suits == 0)
    card_rows = [
        hand[:, None, :],
        pass_picked[:, None, :],
        passed[:, None, :],
        received[:, None, :],
        to_cards(rules.deck)[:, None, :],
        by_row(played),
        trick_rows,
        by_row(taken),
        by_row(known),
        by_row(to_cards(ruled_out)),
    ]
    cards = jnp.concatenate(card_rows, axis=1).astype(jnp.float32)
    cards = jnp.pad(cards, ((0, 0), (0, 0), (0, SLOTS - width))).reshape(batch, -1)
    total = rules.positive_total[:, None].astype(jnp.float32)
    card_points = jnp.clip(rules.card_points.astype(jnp.float32) / total, -1, 1)
    card_points = jnp.pad(card_points, ((0, 0), (0, SLOTS - width)))
    taken_points = jnp.sum(jnp.where(taken, rules.card_points[:, None, :], 0), axis=2)
    scale = rules.score_scale[:, None].astype(jnp.float32)
    to_move = jnp.where(
        passing[:, None],
        seats >= state.current_player[:, None],
        (seats == state.current_player[:, None]) & (in_play | (phase == PHASE_CHOOSE))[:, None],
    )
    tail = [
        by_row(voids).reshape(batch, -1),
        by_row(jnp.sum(held, axis=2, keepdims=True))[..., 0] / hand_size,
        by_row(jnp.sum(taken, axis=2, keepdims=True))[..., 0] / players / hand_size,
        jnp.clip(by_row(taken_points[:, :, None])[..., 0] / total, -1, 1),
        jnp.clip(by_row(state.scores[:, :, None])[..., 0] / scale, -2, 2),
        to_move,
        (seats == state.leader[:, None]) & playing[:, None],
        one_hot(phase, 6),
        one_hot(state.pass_direction, len(DIRECTIONS)),
        (state.pass_count / hand_size)[:, None],
        state.broken[:, None],
        (state.tricks_done / hand_size)[:, None],
    ]
    parts = [cards, card_points, *[part.astype(jnp.float32) for part in tail]]
    if history:
        parts.append(_history(state, viewer))
    return jnp.concatenate(parts, axis=1)


def _history(state: State, viewer: jax.Array) -> jax.Array:
    """The ``history`` field of ``viewer``'s observation (:func:`hearts.tensor.fields`).

    Per trick of the hand its leader (one-hot, the viewer first) and the card at each
    position (one-hot over the card slots); 0 past the tricks played.
    """
    players = state.rules.players
    batch, tricks = state.trick_leaders.shape
    led = state.trick_leaders >= 0
    leader = one_hot((state.trick_leaders - viewer[:, None]) % players, players) & led[..., None]
    cards = state.tricks
    slots = one_hot(jnp.where(cards >= 0, cards, SLOTS), SLOTS)  # (B, T, P, 55)
    rows = jnp.concatenate([leader, slots.reshape(batch, tricks, -1)], axis=2)
    rows = jnp.pad(rows, ((0, 0), (0, max_tricks(players) - tricks), (0, 0)))
    return rows.reshape(batch, -1).astype(jnp.float32)
