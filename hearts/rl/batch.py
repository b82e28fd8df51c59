"""Batched Hearts for JAX: whole batches of games advanced by one jitted step, as pgx does.

Every function here is a pure function of arrays, so :func:`jax.jit` and :func:`jax.vmap`
compile it: :func:`init` deals the first hand of a batch of games, :func:`step` plays one
action in each, :func:`legal_action_mask` and :func:`observe` say what the seat to move
may do and see, and :func:`restart` deals a new game where one is over. The rules are
data: :func:`make_rules` turns a :class:`~hearts.Rules` into a :class:`BatchRules` of
tables (the deck, each card's points, the penalty, moon and breaking cards, the
first-trick bans, the pass of each hand of the cycle, the end of the game), which every
:class:`State` carries, one copy per game. ``import hearts`` never imports this module,
nor JAX, which the ``jax`` extra installs (``pip install ".[jax]"`` from a clone's root: the
package is not on PyPI yet; after its first release, ``pip install "hearts-rules[jax]"``).

Conventions:

* **Card sets** are four ``uint32`` words, one per suit (clubs, diamonds, hearts, spades),
  bit ``rank - 2`` of its suit's word for each card: a seat's hand is ``(4,)``, the hands
  of a batch ``(B, P, 4)``. :func:`to_cards` unpacks sets into 52 booleans,
  :func:`from_cards` packs them.
* **Actions** are the cards 0 to 51 (``suit * 13 + rank - 2``, clubs, diamonds, hearts,
  spades), :data:`NUM_ACTIONS` of them: to play the card, or in the pass to pick it; in a
  game with jokers, 55, the jokers 52 to 54 (as :class:`hearts.Card` numbers them). An
  action outside :func:`legal_action_mask` is replaced by the lowest legal card (so random
  actions are safe); :func:`effective_actions` says which card an action plays.
* **The dealer's call** (``Rules.dealer_chooses_pass``): each hand starts in
  :data:`PHASE_CHOOSE`, where the dealer (seat ``hand_number % P``) calls the pass of the
  hand: action *i* calls the *i*-th of :func:`hearts.env.pass_calls` (``hearts.env``'s
  action ``FIRST_PASS_CALL + i``), the only legal actions then. A hold hand's play starts
  at once; any other call starts the pass.
* **The shooter's choice** (``moon='choose'`` or ``sun='choose'``): when the last trick
  of a hand makes a shot whose scoring the shooter chooses, the game waits in
  :data:`PHASE_SHOOT` for the shooter's action, :data:`SHOOT_ADD` (0) or
  :data:`SHOOT_SUBTRACT` (1), the only legal ones then (:mod:`hearts.env`'s
  ``SHOOT_ADD`` and ``SHOOT_SUBTRACT``); the hand is scored on that step.
* **The pass is made one card at a time**, in a fixed seat order: seat 0 picks its
  ``pass_count`` cards, one step each, then seat 1, and so on (as :mod:`hearts.env` asks
  the seats in turn); when the last seat has picked its last card the cards change hands
  together, as the rules say. A seat sees nothing of another's picks.
* **Rewards** come when a hand ends, to every seat at once, in :attr:`State.rewards`: what
  the hand added to the seat's total, negated (``-HandResult.changes``; in a chip game
  the chips won, as they are), as in :mod:`hearts.env`; zero on every other step. :func:`game_rewards` gives the game's
  outcome once it is over (1 for each winner).
* **The end**: a game whose end the rules reach is :attr:`State.terminated`, for good;
  :func:`step` leaves a terminated game exactly as it is, with zero rewards (the pgx
  convention), and its legal action mask is all False. Nothing truncates
  (:attr:`State.truncated` is always False).
* **Deals** are drawn from the JAX key of each game: each hand one split of the key gives
  the next hand's key and 32 random bits per card, and card by card each goes to a seat
  with room left, drawn in proportion to the room (as likely as any deal from a shuffled
  deck). They are not the deals of :func:`hearts.seeded_deal`. ``init(..., hands=)``
  deals the first hand's cards as given instead (as :func:`hearts.from_hands` does).
* **Compiling**: the number of players and the deck's size fix the arrays' shapes; every
  other rule is data, so all the rules of one table size (and batch size) share one
  compiled :func:`step`.

What it plays (:data:`FIELDS` states it for each field of :class:`~hearts.Rules`, and
:func:`unsupported` decides by it): 3 to 7 players with any removed cards and jokers (a
fifth word of each card set holds them); any pass cycle
and pass count, ``unpassable`` cards; every first lead, every first-trick rule and
fallback, the jokers' lead, ``must_break_hearts``, ``queen_breaks_hearts`` (and
``queen_breaks_only_when_led``), ``can_lead_hearts_instead_of_queen``,
``queen_after_hearts``, ``forced_discard``; any point table (bonus cards such as
Omnibus J♦), ``penalty_cards``, ``no_trick_bonus``, ``no_heart_bonus``, multiplier cards
and ``multiplier_alone``; the moon and the sun off, added, subtracted, played safe, or
chosen by the shooter (with ``moon_choice_needs_score``), ``moon_value``, ``sun_value``,
``moon_needs_bonus_cards``, ``bonus_counts_on_shoot``; partnerships, their moons shot
together or not; chip scoring, its pool carried from hand to hand; a target (or one to
exceed), a number of hands, ``resets`` and ``reset_amount``, ``score_floor`` and
``play_on_ties``; the dealer's choice of pass. It refuses, with a
:class:`~hearts.RulesError` naming the field: claims, and multiplier cards whose product
could take a hand's points past int32; rules of play added with
:func:`hearts.game.play.add_rule`; and any field that :data:`FIELDS` does not state,
whatever its value (a field new to :class:`~hearts.Rules` is refused until it is stated
there, never played as if absent).

**What a seat knows.** :attr:`State.ruled_out` keeps, for each seat, the cards its plays
have shown it does not hold, from a table derived from the game kernel
(:meth:`hearts.game.play.RulesOfPlay.revealed`, :func:`reveal_table`), so
:func:`observe` gives every field of :func:`hearts.tensor.encode`, ``ruled_out`` and
``voids`` included. That table (21,120 bytes) is shared by the games of a batch
(:data:`SHARED`): a batch's games have the same rules, and batches are joined by stacking
them (:func:`jax.numpy.stack`, then :func:`jax.vmap`), never along the games' axis.

>>> import jax
>>> import hearts
>>> import jax.numpy as jnp
>>> from hearts import batch
>>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules())
>>> state.phase.tolist(), state.current_player.tolist()    # both games pass; seat 0 picks
([2, 2], [0, 0])
>>> state = batch.step(state, jnp.array([51, 51]))          # each picks A♠ (or its lowest card)
>>> batch.legal_action_mask(state).shape, batch.observe(state, 0).shape
((2, 52), (2, 1487))
"""

from __future__ import annotations

import types
from typing import Final

from hearts.rl._batch_cards import NUM_ACTIONS as _NUM_ACTIONS
from hearts.rl._batch_cards import PHASE_CHOOSE as _PHASE_CHOOSE
from hearts.rl._batch_cards import PHASE_OVER as _PHASE_OVER
from hearts.rl._batch_cards import PHASE_PASS as _PHASE_PASS
from hearts.rl._batch_cards import PHASE_PLAY as _PHASE_PLAY
from hearts.rl._batch_cards import PHASE_SHOOT as _PHASE_SHOOT
from hearts.rl._batch_cards import SHOOT_ADD as _SHOOT_ADD
from hearts.rl._batch_cards import SHOOT_SUBTRACT as _SHOOT_SUBTRACT
from hearts.rl._batch_cards import from_cards, to_cards
from hearts.rl._batch_game import (
    effective_actions,
    game_rewards,
    init,
    legal_action_mask,
    random_actions,
    restart,
    step,
)
from hearts.rl._batch_observe import observation_size, observe
from hearts.rl._batch_state import State
from hearts.rl._batch_tables import FIELDS as _FIELDS
from hearts.rl._batch_tables import REVEAL_ROWS as _REVEAL_ROWS
from hearts.rl._batch_tables import SHARED as _SHARED
from hearts.rl._batch_tables import (
    BatchRules,
    Coverage,
    make_rules,
    reveal_row,
    reveal_table,
    supports,
    unsupported,
)

__all__ = [
    "FIELDS",
    "NUM_ACTIONS",
    "PHASE_CHOOSE",
    "PHASE_OVER",
    "PHASE_PASS",
    "PHASE_PLAY",
    "PHASE_SHOOT",
    "REVEAL_ROWS",
    "SHARED",
    "SHOOT_ADD",
    "SHOOT_SUBTRACT",
    "BatchRules",
    "Coverage",
    "State",
    "effective_actions",
    "from_cards",
    "game_rewards",
    "init",
    "legal_action_mask",
    "make_rules",
    "observation_size",
    "observe",
    "random_actions",
    "restart",
    "reveal_row",
    "reveal_table",
    "step",
    "supports",
    "to_cards",
    "unsupported",
]

# The modules of the engine (hearts.rl._batch_cards, _batch_tables, _batch_state,
# _batch_game, _batch_observe) hold the code; the public constants are documented here,
# where the API reference reads them.
NUM_ACTIONS: Final = _NUM_ACTIONS
"""The actions of a game without jokers: one per card of the 52-card deck (a game with
jokers has 55, the jokers last: :func:`legal_action_mask` has as many columns)."""
PHASE_CHOOSE: Final = _PHASE_CHOOSE
""":attr:`State.phase` while the dealer calls the pass of the hand (``Phase.CHOOSE``'s
index), under ``Rules.dealer_chooses_pass``."""
PHASE_PASS: Final = _PHASE_PASS
""":attr:`State.phase` while the seats pick the cards they pass (``Phase.PASS``'s index)."""
PHASE_PLAY: Final = _PHASE_PLAY
""":attr:`State.phase` while the cards are played (``Phase.PLAY``'s index)."""
PHASE_SHOOT: Final = _PHASE_SHOOT
""":attr:`State.phase` while a shooter chooses how its shot is scored (``Phase.SHOOT``'s
index), under ``moon='choose'`` or ``sun='choose'``."""
SHOOT_ADD: Final = _SHOOT_ADD
"""The action that adds the shot's value to every other seat, in :data:`PHASE_SHOOT`: 0."""
SHOOT_SUBTRACT: Final = _SHOOT_SUBTRACT
"""The action that subtracts the shot's value from the shooter, in :data:`PHASE_SHOOT`: 1."""
PHASE_OVER: Final = _PHASE_OVER
""":attr:`State.phase` once the game is over (``Phase.OVER``'s index)."""
REVEAL_ROWS: Final = _REVEAL_ROWS
"""The rows of :attr:`BatchRules.reveals`, one per card and situation: 1,320."""
SHARED: Final = _SHARED
"""The tables of :class:`BatchRules` that the games of a batch share, with no batch axis:
what a play reveals and the dealer's calls. Games are joined side by side only under the same rules (batches
stacked with :func:`jax.numpy.stack` and :func:`jax.vmap` keep one each)."""
FIELDS: Final = _FIELDS
"""How the batched engine treats each field of :class:`~hearts.Rules` (a :class:`Coverage`
per field, by name, in the order of the fields): what it plays, in which tables of
:class:`BatchRules`, and which values it refuses. :func:`unsupported` reads it, and
refuses a field that is not in it, whatever its value, so that a field added to
:class:`~hearts.Rules` is refused until it is stated here, never played as if absent."""

__test__ = {
    name: value
    for name, value in sorted(vars().items())
    if name in __all__ and isinstance(value, (type, types.FunctionType))
}
"""The examples of the public classes and functions, which live in the engine's modules:
doctest finds them here, as ``hearts.rl.batch.__test__.<name>``."""
