"""The batched game: new games, the rules of play as array operations, the step, the scores.

:func:`init` and :func:`restart` deal new games; the legal cards of the seat to act
(:func:`legal_action_mask`, :func:`effective_actions`, :func:`random_actions`) state
:data:`hearts.game.play.PLAY_RULES` again, on purpose, as operations that :func:`jax.jit`
compiles (docs/contributing.md); :func:`step` plays one action per game, takes complete
tricks, scores ended hands and deals the next, and :func:`game_rewards` gives a game's
outcome. :mod:`hearts.rl.batch` re-exports the public names.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

import jax
import jax.numpy as jnp
import numpy as np

from hearts.errors import HeartsError
from hearts.game.rules import Rules
from hearts.rl._batch_cards import (
    CARDS,
    CLUB_WORDS,
    NO_HEARTS,
    NO_JOKERS,
    NO_QUEEN,
    PHASE_CHOOSE,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_PLAY,
    PHASE_SHOOT,
    QUEEN_WORDS,
    RANKS,
    SHIFTS,
    SHOOT_ADD,
    SHOOT_SUBTRACT,
    SUITS,
    card_bits,
    card_count,
    lowest_card,
    nonempty,
    one_hot,
    seat_rows,
    shown_value,
    sized,
    slots_of,
    to_cards,
)
from hearts.rl._batch_scoring import choice_asked, game_end, hand_totals
from hearts.rl._batch_state import (
    State,
    batched_rules,
    begin_hands,
    check_state,
    opening_leader,
    typed_keys,
)
from hearts.rl._batch_tables import JOKERS_LED, BatchRules, make_rules, reveal_row


def init(
    keys: jax.Array, rules: Rules | BatchRules, *, hands: jax.Array | np.ndarray | None = None
) -> State:
    """A batch of new games, one per key, each with its first hand dealt.

    ``keys`` is a batch of PRNG keys (``jax.random.split(jax.random.key(0), B)``, or raw
    ``uint32`` keys of shape ``(B, 2)``); ``rules`` a :class:`~hearts.Rules` (checked by
    :func:`make_rules`) or its :class:`BatchRules`. Totals start at 0 (at ``Rules.chips``
    in a chip game), hand 0 is dealt and the game waits for the pass (or, on a hold hand,
    the first lead). ``hands`` deals the first hand instead of the keys, as
    :func:`hearts.from_hands` does: card sets ``(B, P, 4)`` (:func:`from_cards`), each
    game's deck shared out, ``hand_size`` cards a seat (checked); later hands are drawn
    from the keys.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(7), 2), hearts.Rules.preset("tournament"))
    >>> state.phase.tolist(), state.pass_count.tolist(), state.hand_number.tolist()
    ([2, 2], [3, 3], [0, 0])
    """
    if isinstance(rules, Rules):
        tables = make_rules(rules)
    elif isinstance(rules, BatchRules):
        tables = rules
    else:
        raise TypeError(
            f"init needs rules as a hearts.Rules value (or the BatchRules of make_rules), got "
            f"{shown_value(rules)}."
        )
    typed = typed_keys("init", keys)
    if typed.ndim != 1 or typed.shape[0] < 1:
        raise HeartsError(
            f"init needs one PRNG key per game, at least one (jax.random.split(key, games)), "
            f"got {shown_value(keys)}."
        )
    dealt = None if hands is None else _check_hands(tables, typed.shape[0], hands)
    return cast("State", _init(typed, tables, dealt))


def _check_hands(rules: BatchRules, games: int, hands: object) -> jax.Array:
    """``hands``, if they deal each of ``games`` games' deck out evenly; a sentence if not."""
    players, size = rules.players, rules.hand_size
    wanted = (
        f"card sets of shape ({games}, {players}, {rules.words}) (hearts.batch.from_cards), each "
        f"game's deck dealt out, {size} cards a seat"
    )
    if not isinstance(hands, (jax.Array, np.ndarray)) or hands.dtype != np.uint32:
        raise TypeError(f"init needs hands as uint32 {wanted}, got {shown_value(hands)}.")
    if tuple(hands.shape) != (games, players, rules.words):
        raise HeartsError(f"init needs hands as {wanted}, got {shown_value(hands)}.")
    cards = np.asarray(to_cards(jnp.asarray(hands)))
    deck = np.asarray(rules.deck)
    outside = np.nonzero((np.asarray(hands) & ~deck).any(axis=(1, 2)))[0]
    if outside.size:
        raise HeartsError(
            f"init needs hands as {wanted}; game {int(outside[0])} holds cards outside the "
            "deck (or bits that are no card)."
        )
    held = cards.sum(axis=1)  # (games, 52): how many seats hold each card
    sizes = cards.sum(axis=2)  # (games, players)
    in_deck = np.asarray(to_cards(jnp.asarray(deck)))
    bad = np.nonzero((held != in_deck[None, :]).any(axis=1) | (sizes != size).any(axis=1))[0]
    if bad.size:
        game = int(bad[0])
        missing = int(((held[game] == 0) & in_deck).sum())
        twice = int((held[game] > 1).sum())
        raise HeartsError(
            f"init needs hands as {wanted}; game {game} gives its seats "
            f"{sizes[game].tolist()} cards, leaves {missing} cards of the deck to no seat "
            f"and gives {twice} to more than one."
        )
    return jnp.asarray(hands)


@jax.jit
def _init(keys: jax.Array, tables: BatchRules, dealt: jax.Array | None) -> State:
    return _new_games(keys, batched_rules(tables, keys.shape[0]), dealt)


def restart(state: State, keys: jax.Array) -> State:
    """``state`` with each game that is over replaced by a new game, dealt from its key.

    For a loop that keeps every game of a batch playing: after a :func:`step`, read its
    rewards and :attr:`State.terminated`, then restart. A game over becomes the game
    :func:`init` would deal from its key in ``keys`` (one per game, as for :func:`init`),
    under the same rules; every other game is left exactly as it is, and its key in
    ``keys`` is not used.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules(hands=1))
    >>> while not bool(state.terminated[0]):                  # play the first game's hand
    ...     state = batch.step(state, batch.random_actions(state, jax.random.key(1)))
    >>> state.terminated.tolist()
    [True, True]
    >>> state = batch.restart(state, jax.random.split(jax.random.key(2), 2))
    >>> state.terminated.tolist(), state.hand_number.tolist(), state.tricks_done.tolist()
    ([False, False], [0, 0], [0, 0])
    """
    check_state("restart", state)
    typed = typed_keys("restart", keys, state.key)
    if typed.shape != state.key.shape:
        raise HeartsError(
            f"restart needs one key per game: the batch has {state.key.shape[0]} games "
            f"and keys has shape {keys.shape}."
        )
    return cast("State", _restart(state, typed))


@jax.jit
def _restart(state: State, keys: jax.Array) -> State:
    over = state.terminated | state.truncated

    def restarted() -> State:
        fresh = _new_games(keys, state.rules)
        changed: dict[str, Any] = {}
        for field in dataclasses.fields(State):
            if field.name != "rules":  # the same tables: the games keep their rules
                new, old = getattr(fresh, field.name), getattr(state, field.name)
                changed[field.name] = jnp.where(over.reshape(-1, *(1,) * (old.ndim - 1)), new, old)
        return dataclasses.replace(state, **changed)

    return cast("State", jax.lax.cond(jnp.any(over), restarted, lambda: state))


def _new_games(keys: jax.Array, rules: BatchRules, dealt: jax.Array | None = None) -> State:
    """New games, one per key, under ``rules`` (batched: one copy per game)."""
    batch = keys.shape[0]
    players = rules.players
    zeros = jnp.zeros((batch, players), dtype=jnp.int32)
    fields = begin_hands(rules, keys, jnp.zeros(batch, dtype=jnp.int32), dealt)
    state = State(
        rules=rules,
        scores=jnp.where(rules.chips[:, None], rules.chip_count[:, None], zeros),
        pool=jnp.zeros(batch, dtype=jnp.int32),
        rewards=zeros.astype(jnp.float32),
        hand_over=jnp.zeros(batch, dtype=jnp.bool_),
        winners=zeros.astype(jnp.bool_),
        terminated=jnp.zeros(batch, dtype=jnp.bool_),
        truncated=jnp.zeros(batch, dtype=jnp.bool_),
        legal=jnp.zeros((batch, rules.words), dtype=jnp.uint32),
        **fields,
    )
    return dataclasses.replace(state, legal=_legal(state))


def _check_actions(caller: str, state: State, actions: object) -> jax.Array:
    """``actions``, if it is an integer array of one action per game of ``state``."""
    games = state.phase.shape[0]
    last = slots_of(state.rules.words) - 1
    wanted = f"an integer array of shape ({games},), one action (0 to {last}) per game"
    if not isinstance(actions, (jax.Array, np.ndarray)):
        raise TypeError(f"{caller} needs actions as {wanted}, got {shown_value(actions)}.")
    if not jnp.issubdtype(actions.dtype, jnp.integer):
        raise TypeError(f"{caller} needs actions as {wanted}, got {shown_value(actions)}.")
    if tuple(actions.shape) != (games,):
        raise HeartsError(f"{caller} needs actions as {wanted}, got {shown_value(actions)}.")
    return jnp.asarray(actions)


def _check_key(caller: str, key: object) -> None:
    """Refuse ``key`` unless it is one PRNG key: typed, or raw ``uint32`` key data."""
    wanted = "one PRNG key (jax.random.key(seed), or raw uint32 key data)"
    if not isinstance(key, (jax.Array, np.ndarray)):
        raise TypeError(f"{caller} needs {wanted}, got {shown_value(key)}.")
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        if key.ndim != 0:
            raise HeartsError(f"{caller} needs {wanted}, got {shown_value(key)}.")
    elif key.dtype != jnp.uint32:
        raise TypeError(f"{caller} needs {wanted}, got {shown_value(key)}.")
    elif key.ndim != 1:
        raise HeartsError(f"{caller} needs {wanted}, got {shown_value(key)}.")


# --- the rules of play --------------------------------------------------------------------


def _narrowed(cards: jax.Array, narrow: jax.Array, when: jax.Array) -> jax.Array:
    """``narrow`` where ``when`` holds and it leaves a card, else ``cards`` (``a or b``)."""
    use = when & nonempty(narrow)
    return jnp.where(use[:, None], narrow, cards)


def _playable(state: State) -> jax.Array:
    """The cards the seat to play may play: :data:`hearts.game.play.PLAY_RULES` in their order."""
    rules = state.rules
    hand = seat_rows(state.hands, state.current_player)
    lead = state.trick_size == 0
    led_card, opens = _led(state.trick, rules.words)  # opens: a lead, or jokers alone so far
    first = state.first
    led_suit = jnp.maximum(led_card, 0) // RANKS
    follow = jnp.where(jnp.arange(rules.words) == led_suit[:, None], hand, jnp.uint32(0))
    can_follow = nonempty(follow)
    # Follow suit.
    cards = jnp.where((~opens & can_follow)[:, None], follow, hand)
    # Forced discard: a seat that cannot follow plays a penalty card, after the first trick.
    discard = ~opens & ~first & rules.forced_discard & ~can_follow
    cards = _narrowed(cards, cards & rules.penalty, discard)
    # First lead: the lowest club, or any club.
    opening = first & lead
    lowest = card_bits(rules.lowest_club, rules.words)
    cards = _narrowed(cards, cards & lowest, opening & (rules.first_lead == 0))
    cards = _narrowed(cards, cards & sized(CLUB_WORDS, hand), opening & (rules.first_lead == 1))
    if rules.words > SUITS:  # a joker leads only when nothing else may (after jokers too)
        cards = _narrowed(cards, cards & sized(NO_JOKERS, hand), opens & rules.joker_lead)
    # No heart on the first lead (left of dealer, no heart).
    no_hearts = sized(NO_HEARTS, hand)
    cards = _narrowed(cards, cards & no_hearts, first & opens & (rules.first_lead == 3))
    # Hearts broken: no heart leads until they are (unless nothing else, or only Q♠ may).
    safe = cards & no_hearts
    queen = sized(QUEEN_WORDS, hand)
    queen_alone = jnp.all(safe == queen, axis=1) & rules.queen_gives_way
    unbroken = opens & rules.must_break_hearts & ~state.broken
    cards = _narrowed(cards, safe, unbroken & ~queen_alone)
    # The first-trick ban, with its fallback.
    barred = rules.first_trick_barred
    lifted = rules.first_turn_hearts & ~nonempty(hand & sized(CLUB_WORDS, hand) & ~barred)
    barred = barred & jnp.where(lifted[:, None], no_hearts, ~jnp.uint32(0))
    allowed = cards & ~barred
    queen_falls = rules.fallback_queen & nonempty(cards & queen)
    fallback = jnp.where(queen_falls[:, None], queen, cards)
    banned = jnp.where(nonempty(allowed)[:, None], allowed, fallback)
    ban = first & nonempty(rules.first_trick_barred)
    cards = jnp.where(ban[:, None], banned, cards)
    # Q♠ after hearts: held back until hearts break, while another card may be played.
    return _narrowed(cards, cards & sized(NO_QUEEN, hand), rules.queen_after_hearts & ~state.broken)


def _led(trick: jax.Array, words: int) -> tuple[jax.Array, jax.Array]:
    """The card that sets each trick's suit, and whether none has yet (both (B,)).

    The first card that is not a joker (-1 if none: :func:`hearts.game.play.led_card`);
    without jokers (``words`` 4), the first card.
    """
    if words == SUITS:
        return trick[:, 0], trick[:, 0] < 0
    is_card = (trick >= 0) & (trick < CARDS)
    first = jnp.argmax(is_card, axis=1)
    led = jnp.take_along_axis(trick, first[:, None], axis=1)[:, 0]
    opens = ~jnp.any(is_card, axis=1)
    return jnp.where(opens, -1, led), opens


def _legal(state: State) -> jax.Array:
    """Card sets (B, 4): what the seat to act may play or pick (none once the game is over)."""
    hand = seat_rows(state.hands, state.current_player)
    picked = seat_rows(state.passed, state.current_player)
    passing = hand & ~picked & ~state.rules.unpassable
    cards = jnp.where((state.phase == PHASE_PASS)[:, None], passing, _playable(state))
    if state.rules.choices:  # the shooter's or the dealer's, in their phases
        words = state.rules.words
        add, subtract = jnp.asarray(SHOOT_ADD), jnp.asarray(SHOOT_SUBTRACT)
        choices = card_bits(add, words) | card_bits(subtract, words)
        cards = jnp.where((state.phase == PHASE_SHOOT)[:, None], choices, cards)
        cards = jnp.where((state.phase == PHASE_CHOOSE)[:, None], state.rules.call_actions, cards)
    return jnp.where((state.phase != PHASE_OVER)[:, None], cards, jnp.uint32(0))


def legal_action_mask(state: State) -> jax.Array:
    """Bool (B, 52): the cards the seat to act may play, or pick for its pass.

    All False for a game that is over.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules(pass_cycle="none"))
    >>> mask = batch.legal_action_mask(state)  # a hold hand: the lead of 2♣ alone
    >>> mask[0].nonzero()[0].tolist()
    [0]
    """
    check_state("legal_action_mask", state)
    return cast("jax.Array", _legal_action_mask(state))


@jax.jit
def _legal_action_mask(state: State) -> jax.Array:
    """:func:`legal_action_mask` of arguments known to be right, compiled."""
    return to_cards(state.legal)


def _effective(legal: jax.Array, actions: jax.Array) -> jax.Array:
    slots = slots_of(legal.shape[-1])
    action = jnp.clip(actions.astype(jnp.int32), 0, slots - 1)
    fine = nonempty(legal & card_bits(action, legal.shape[-1])) & (actions >= 0)
    return jnp.where(fine & (actions < slots), action, lowest_card(legal))


def effective_actions(state: State, actions: jax.Array) -> jax.Array:
    """Int32 (B,): the card each action plays: itself if legal, else the lowest legal card.

    >>> import jax
    >>> import hearts
    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules(pass_cycle="none"))
    >>> batch.effective_actions(state, jnp.array([51, 51])).tolist()  # A♠ may not lead: 2♣ does
    [0, 0]
    """
    check_state("effective_actions", state)
    actions = _check_actions("effective_actions", state, actions)
    return cast("jax.Array", _effective_actions(state, actions))


@jax.jit
def _effective_actions(state: State, actions: jax.Array) -> jax.Array:
    """:func:`effective_actions` of arguments known to be right, compiled."""
    return _effective(state.legal, actions)


def _nth(sets: jax.Array, index: jax.Array) -> jax.Array:
    """Int32 (B,): card number ``index`` (from 0, lowest first) of each card set (B, words)."""
    words = sets.shape[-1]
    counts = jax.lax.population_count(sets).astype(jnp.int32)
    up_to = jnp.stack([jnp.sum(counts[:, : suit + 1], axis=1) for suit in range(words)], 1)
    suit = jnp.minimum(jnp.sum(up_to <= index[:, None], axis=1), words - 1)
    below = jnp.arange(words) < suit[:, None]
    rest = index - jnp.sum(jnp.where(below, counts, 0), axis=1)
    word = jnp.sum(jnp.where(jnp.arange(words) == suit[:, None], sets, 0), axis=1)
    low_bits = (jnp.uint32(2) << SHIFTS) - jnp.uint32(1)  # ranks up to each rank
    at_or_below = jax.lax.population_count(word[:, None] & low_bits).astype(jnp.int32)
    rank = jnp.sum(at_or_below <= rest[:, None], axis=1)
    return (suit * RANKS + jnp.minimum(rank, RANKS - 1)).astype(jnp.int32)


def random_actions(state: State, key: jax.Array) -> jax.Array:
    """Int32 (B,): a legal action for each game, drawn uniformly (0 for a game over).

    The random policy, done on the engine's card sets (faster than drawing from
    :func:`legal_action_mask`): for random opponents, exploration and benchmarks.

    >>> import jax
    >>> import hearts
    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules())
    >>> actions = batch.random_actions(state, jax.random.key(0))
    >>> bool(batch.legal_action_mask(state)[jnp.arange(2), actions].all())
    True
    """
    check_state("random_actions", state)
    _check_key("random_actions", key)
    return cast("jax.Array", _random_actions(state, key))


@jax.jit
def _random_actions(state: State, key: jax.Array) -> jax.Array:
    """:func:`random_actions` of arguments known to be right, compiled."""
    legal = state.legal
    count = card_count(legal)
    draw = jax.random.uniform(key, count.shape) * count
    index = jnp.clip(draw.astype(jnp.int32), 0, jnp.maximum(count - 1, 0))
    return jnp.where(count > 0, _nth(legal, index), 0)


# --- a step ----------------------------------------------------------------------------


def step(state: State, actions: jax.Array) -> State:
    """Each game after its current player's action (an int per game; see the conventions).

    A pass pick, a card played (the trick taken when complete), and on the last card of a
    hand its scoring, the end of the game or the deal of the next hand. A game already
    over is left as it is, with zero rewards.

    >>> import jax
    >>> import hearts
    >>> import jax.numpy as jnp
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(3), 2), hearts.Rules(pass_cycle="none"))
    >>> leader = state.current_player
    >>> state = batch.step(state, jnp.array([0, 0]))  # each game's leader leads 2♣
    >>> state.trick[:, 0].tolist(), state.trick_size.tolist(), bool((state.leader == leader).all())
    ([0, 0], [1, 1], True)
    """
    check_state("step", state)
    actions = _check_actions("step", state, actions)
    return cast("State", _step(state, actions))


@jax.jit
def _step(state: State, actions: jax.Array) -> State:
    """:func:`step` of arguments known to be right, compiled."""
    rules = state.rules
    players, hand_size = rules.players, rules.hand_size
    card = _effective(state.legal, actions)
    active = ~state.terminated
    seat = state.current_player
    seat_hot = one_hot(seat, players)
    card_set = card_bits(card, rules.words)[:, None, :]
    passing = active & (state.phase == PHASE_PASS)
    playing = active & (state.phase == PHASE_PLAY)

    # The pass: pick the card; after the last pick of the last seat, exchange the cards.
    passed = state.passed | jnp.where((seat_hot & passing[:, None])[:, :, None], card_set, 0)
    seat_done = card_count(seat_rows(passed, seat)) >= state.pass_count
    exchange = passing & seat_done & (seat == players - 1)
    giver = (jnp.arange(players)[None, :] - state.pass_offset[:, None]) % players
    from_giver = one_hot(giver, players)[:, :, :, None]  # [b, seat, giver, suit]
    received = jnp.sum(jnp.where(from_giver, passed[:, None], 0), axis=2, dtype=jnp.uint32)
    exchanged = state.hands & ~passed | received
    opener = opening_leader(rules, exchanged, state.hand_number)

    # The play: the card joins the trick; a complete trick goes to its winner.
    playing_seat = (seat_hot & playing[:, None])[:, :, None]
    put = jnp.where(playing_seat, card_set, 0)
    hands = jnp.where(exchange[:, None, None], exchanged, state.hands & ~put)
    lead = state.trick_size == 0
    # What the play shows its player does not hold, as the rules of play reveal it.
    led_card, opens = _led(state.trick, rules.words)
    led_suit = jnp.where(lead, -1, jnp.where(opens, JOKERS_LED, led_card // RANKS))
    shown = rules.reveals[reveal_row(state.first, state.broken, led_suit, card)]
    ruled_out = state.ruled_out | jnp.where(playing_seat, shown[:, None, :], 0)
    breaking = jnp.where(lead[:, None], rules.lead_breaking, rules.breaking)
    broken = state.broken | (playing & nonempty(breaking & card_set[:, 0]))
    position = one_hot(state.trick_size, players) & playing[:, None]
    trick = jnp.where(position, card[:, None], state.trick)
    this_trick = one_hot(state.tricks_done, hand_size)
    in_history = this_trick[:, :, None] & position[:, None, :]
    leading = this_trick & (playing & lead)[:, None]
    size = state.trick_size + playing
    complete = playing & (size == players)
    led = _led(trick, rules.words)[0][:, None] // RANKS  # a joker, of no suit, never wins
    ranked = jnp.where((trick < CARDS) & (trick // RANKS == led), trick, -1)
    winner = ((state.leader + jnp.argmax(ranked, axis=1)) % players).astype(jnp.int32)
    trick_cards = jnp.sum(card_bits(trick, rules.words), axis=1, dtype=jnp.uint32)  # no card: none
    won = (one_hot(winner, players) & complete[:, None])[:, :, None]
    taken = state.taken | jnp.where(won, trick_cards[:, None, :], 0)
    tricks_done = state.tricks_done + complete
    hand_done = complete & (tricks_done == hand_size)
    # The shooter's choice, when the rules give one: the hand is scored once it is made.
    shooting = active & (state.phase == PHASE_SHOOT) & rules.choices
    subtract = shooting & (card == SHOOT_SUBTRACT)

    next_seat = jnp.where(
        passing,
        jnp.where(exchange, opener, jnp.where(seat_done, seat + 1, seat)),
        jnp.where(complete, winner, jnp.where(playing, (seat + 1) % players, seat)),
    ).astype(jnp.int32)
    phase = jnp.where(exchange, PHASE_PLAY, state.phase)

    pass_count, pass_offset, pass_direction = (
        state.pass_count,
        state.pass_offset,
        state.pass_direction,
    )
    if rules.choices:
        # The dealer's call: the pass of the hand, or a hold hand whose play starts at once.
        calling = active & (state.phase == PHASE_CHOOSE)
        call = jnp.clip(card, 0, rules.call_counts.shape[-1] - 1)
        call_count = rules.call_counts[call]
        pass_count = jnp.where(calling, call_count, pass_count)
        pass_offset = jnp.where(calling, rules.call_offsets[call], pass_offset)
        pass_direction = jnp.where(calling, rules.call_directions[call], pass_direction)
        holds = call_count == 0
        phase = jnp.where(calling, jnp.where(holds, PHASE_PLAY, PHASE_PASS), phase)
        next_seat = jnp.where(calling, jnp.where(holds, state.leader, 0), next_seat)
    after = dataclasses.replace(
        state,
        hands=hands,
        passed=passed,
        played=state.played | put,
        ruled_out=ruled_out,
        taken=taken,
        trick=jnp.where(complete[:, None], -1, trick),
        tricks=jnp.where(in_history, card[:, None, None], state.tricks),
        trick_leaders=jnp.where(leading, state.leader[:, None], state.trick_leaders),
        trick_size=jnp.where(complete, 0, size).astype(jnp.int32),
        leader=jnp.where(exchange, opener, jnp.where(complete, winner, state.leader)).astype(
            jnp.int32
        ),
        first_leader=jnp.where(exchange, opener, state.first_leader).astype(jnp.int32),
        current_player=next_seat.astype(jnp.int32),
        phase=phase.astype(jnp.int32),
        pass_count=pass_count.astype(jnp.int32),
        pass_offset=pass_offset.astype(jnp.int32),
        pass_direction=pass_direction.astype(jnp.int32),
        first=state.first & ~complete,
        broken=broken,
        tricks_done=tricks_done.astype(jnp.int32),
        rewards=jnp.zeros_like(state.rewards),
    )
    hand_over = hand_done
    if rules.choices:
        asked, chooser = jax.lax.cond(
            jnp.any(hand_done) & jnp.any(rules.choose_mode),
            choice_asked,
            lambda s: (jnp.zeros_like(s.first), s.current_player),
            after,
        )
        choosing = hand_done & asked
        hand_over = hand_done & ~choosing | shooting
        after = dataclasses.replace(
            after,
            phase=jnp.where(choosing, PHASE_SHOOT, after.phase).astype(jnp.int32),
            current_player=jnp.where(choosing, chooser, after.current_player).astype(jnp.int32),
        )
    after = dataclasses.replace(after, hand_over=hand_over)
    ended: State = jax.lax.cond(
        jnp.any(hand_over), _end_hands, lambda s, *_: s, after, hand_over, subtract
    )
    return dataclasses.replace(ended, legal=_legal(ended))


def _end_hands(state: State, hand_over: jax.Array, subtract: jax.Array) -> State:
    """Score the hands that ended; end those games or deal their next hand."""
    rules = state.rules
    totals, pool = hand_totals(state, subtract)
    played = state.hand_number + 1
    ended, best = game_end(state, totals, played)
    ended = hand_over & ended
    carry_on = hand_over & ~ended
    fresh = begin_hands(rules, state.key, jnp.where(carry_on, played, state.hand_number))
    changed: dict[str, Any] = {}
    for name, value in fresh.items():
        old = getattr(state, name)
        pick = carry_on.reshape(carry_on.shape + (1,) * (old.ndim - 1))
        changed[name] = jnp.where(pick, value, old)
    sign = jnp.where(rules.chips, -1, 1)[:, None]  # chips won are good, points taken bad
    ended_state = dataclasses.replace(
        state,
        **changed,
        scores=jnp.where(hand_over[:, None], totals, state.scores),
        pool=jnp.where(hand_over, pool, state.pool),
        rewards=jnp.where(hand_over[:, None], (state.scores - totals) * sign, 0).astype(
            jnp.float32
        ),
        winners=jnp.where(ended[:, None], best, state.winners),
        terminated=state.terminated | ended,
    )
    return dataclasses.replace(
        ended_state, phase=jnp.where(ended, PHASE_OVER, ended_state.phase).astype(jnp.int32)
    )


# --- results and observations ----------------------------------------------------------


def game_rewards(state: State) -> jax.Array:
    """Float32 (B, P): 1 for each winner of a game that is over, 0 otherwise.

    Equal lowest totals share the win (each scores 1) unless ``Rules.play_on_ties``.

    >>> import jax
    >>> import hearts
    >>> from hearts import batch
    >>> state = batch.init(jax.random.split(jax.random.key(0), 2), hearts.Rules())
    >>> batch.game_rewards(state).tolist()  # not over yet
    [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
    """
    check_state("game_rewards", state)
    return cast("jax.Array", _game_rewards(state))


@jax.jit
def _game_rewards(state: State) -> jax.Array:
    """:func:`game_rewards` of arguments known to be right, compiled."""
    return (state.winners & state.terminated[:, None]).astype(jnp.float32)
