"""The JSON forms of a :class:`~hearts.State` and of a :class:`~hearts.PlayerView`."""

from __future__ import annotations

import random
from typing import Any, Final

from hearts.errors import HeartsError
from hearts.game.engine import start_hand
from hearts.game.play import played_mask_unchecked
from hearts.game.rules import PassDirection, Rules
from hearts.game.state import Phase, State
from hearts.knowledge.sampling import DealWorkError, checked_sample
from hearts.knowledge.views import PlayerView, view
from hearts.records.read import (
    RECORD_SCHEMA,
    RecordError,
    check_schema,
    mask_text,
    masks_text,
    read_bool,
    read_card,
    read_cards,
    read_fields,
    read_hands,
    read_int,
    read_ints,
    read_list,
    read_member,
    read_rules,
    read_seat,
    read_seats,
    rules_json,
    short,
    show,
)
from hearts.records.results import (
    check_deal,
    check_scoring,
    read_result,
    read_trick,
    result_body,
    trick_body,
)
from hearts.records.verify import compare, replay_claim, replay_pass, replay_play

_HAND_FIELDS: Final = ("phase", "hand_number", "scores", "results", "pass_direction", "pass_count")
_TRICK_FIELDS: Final = ("to_move", "leader", "trick", "tricks", "taken", "hearts_broken")
_STATE_FIELDS: Final = (
    "rules", "seed", *_HAND_FIELDS, "dealt", "hands", "passed", *_TRICK_FIELDS,
)  # fmt: skip
_VIEW_FIELDS: Final = (
    "rules", "player", *_HAND_FIELDS, *_TRICK_FIELDS,
    "hand", "dealt", "passed", "received", "hand_sizes", "known", "ruled_out",
)  # fmt: skip
"""The fields of the JSON forms, in the order they are written."""


def _shared_body(game: State | PlayerView) -> dict[str, object]:
    """The JSON of the fields a state and a player's view share."""
    return {
        "rules": rules_json(game.rules),
        "phase": game.phase.value,
        "hand_number": game.hand_number,
        "scores": list(game.scores),
        "results": [result_body(result) for result in game.results],
        "pass_direction": game.pass_direction.value,
        "pass_count": game.pass_count,
        "to_move": list(game.to_move),
        "leader": game.leader,
        "trick": [card.ascii for card in game.trick],
        "tricks": [trick_body(trick) for trick in game.tricks],
        "taken": masks_text(game.taken_masks),
        "hearts_broken": game.hearts_broken,
    }


def _in_order(body: dict[str, object], fields: tuple[str, ...]) -> dict[str, object]:
    return {"schema": RECORD_SCHEMA, **{name: body[name] for name in fields}}


def state_to_dict(state: State) -> dict[str, object]:
    """The JSON form of a :class:`~hearts.State`, with the schema version: a position to share.

    It holds every seat's cards and the seed, which predicts every later deal: it is for
    the server and for finished games, never for a player while the game is on (send a
    player :func:`view_to_dict` of its own view).

    The fields are the state's own; the card bitmasks are written as card text under the
    names of the properties (``hands``, ``dealt``, ``passed``, ``taken``), and the rules in
    full (:meth:`Rules.to_dict <hearts.Rules.to_dict>`, with their fingerprint).

    >>> import hearts
    >>> state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])
    >>> data = state_to_dict(state)
    >>> data["phase"], data["to_move"], data["hands"][0][:11]
    ('pass', [0, 1, 2, 3], '3C 8C 9C TC')
    >>> state_from_dict(data) == state
    True
    """
    if not isinstance(state, State):
        hint = ""
        if isinstance(state, PlayerView):
            hint = "; hearts.view_to_dict writes a player's view"
        elif type(state).__name__ == "GameRecord":  # hearts.records.game imports this module
            hint = "; hearts.dumps or GameRecord.to_dict writes a record"
        raise TypeError(f"state_to_dict needs a hearts.State, got {short(state)}{hint}.")
    body = {
        "seed": state.seed,
        "dealt": masks_text(state.dealt_masks),
        "hands": masks_text(state.hand_masks),
        "passed": masks_text(state.passed_masks),
        **_shared_body(state),
    }
    return _in_order(body, _STATE_FIELDS)


def state_from_dict(data: object) -> State:
    """The :class:`~hearts.State` a :func:`state_to_dict` object describes, fully checked.

    Beyond the type of each field, the state must hang together: the hands, the trick and
    the cards taken share out the deck, each seat holds what it was dealt and passed less
    what it played, each trick was led and won by the right seat, the seats to move agree
    with the phase, and each hand result is the scoring of its tricks. The rules may also be
    given as ``{"preset": name, "fingerprint": ...}``. Raises :class:`RecordError` naming
    the bad field.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = state_to_dict(state)
    >>> data["hands"][2] = data["hands"][2].replace("AC", "ZZ")
    >>> state_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hands[2]: 'ZZ' is not a card: records write a card as its rank (2-9, T, J, Q, K, A) then its suit (C, D, H, S), as 'QS' or 'TH', or a joker as 'JK1' to 'JK3'.
    >>> data["hands"][2] = data["hands"][1]
    >>> state_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hands[2]: must be the hand P2 was dealt (6C AC TD KD AD 2H 5H 8H TH JH AH QS AS) until the cards are passed.
    """
    return _read_state(data, "state")


def _read_state(value: object, path: str) -> State:
    data, rules = _open(value, path, "a state", _STATE_FIELDS)
    players, deck = rules.players, rules.deck_mask
    state = State(
        rules=rules,
        seed=read_int(data["seed"], f"{path}.seed"),
        dealt_masks=read_hands(data["dealt"], f"{path}.dealt", players, deck),
        hand_masks=read_hands(data["hands"], f"{path}.hands", players, deck),
        passed_masks=read_hands(data["passed"], f"{path}.passed", players, deck),
        **_read_shared(data, path, rules, None),
    )
    _check_results(state, path)
    # What the seats have shown they do not hold is the engine's, from the cards played.
    return state.replace(ruled_out_masks=_check_phase(state, path).ruled_out_masks)


def _open(
    value: object, path: str, what: str, fields: tuple[str, ...]
) -> tuple[dict[str, object], Rules]:
    """The JSON object of a state or view, with its schema version and rules checked."""
    data = read_fields(value, path, what, ("schema", *fields))
    check_schema(data, path, required=True)
    return data, read_rules(data["rules"], f"{path}.rules")[0]


def _read_shared(
    data: dict[str, object], path: str, rules: Rules, seen_by: int | None
) -> dict[str, Any]:
    """The fields a state and a player's view share, as keyword arguments."""
    players, deck = rules.players, rules.deck_mask
    results = read_list(data["results"], f"{path}.results", what="hand results")
    trick = read_list(data["trick"], f"{path}.trick", what="cards")
    tricks = read_list(data["tricks"], f"{path}.tricks", what="tricks")
    return dict(
        phase=read_member(Phase, data["phase"], f"{path}.phase"),
        hand_number=read_int(data["hand_number"], f"{path}.hand_number", 0),
        scores=read_ints(data["scores"], f"{path}.scores", players),
        results=tuple(
            read_result(item, f"{path}.results[{i}]", rules, seen_by=seen_by)
            for i, item in enumerate(results)
        ),
        pass_direction=read_member(PassDirection, data["pass_direction"], f"{path}.pass_direction"),
        pass_count=read_int(data["pass_count"], f"{path}.pass_count", 0),
        to_move=read_seats(data["to_move"], f"{path}.to_move", players),
        leader=read_seat(data["leader"], f"{path}.leader", players),
        trick=tuple(read_card(item, f"{path}.trick[{i}]", deck) for i, item in enumerate(trick)),
        tricks=tuple(
            read_trick(item, f"{path}.tricks[{i}]", players, deck) for i, item in enumerate(tricks)
        ),
        taken_masks=read_hands(data["taken"], f"{path}.taken", players, deck),
        hearts_broken=read_bool(data["hearts_broken"], f"{path}.hearts_broken"),
    )


def view_to_dict(seen: PlayerView) -> dict[str, object]:
    """The JSON form of a :class:`~hearts.PlayerView`: what one seat may know, to send it.

    This is what a server sends a client (``view_to_dict(hearts.view(state, seat))``);
    :func:`view_from_dict` reads it back on the other side, checking that some game gives
    exactly this view.

    Card bitmasks are written as card text under the names of the properties (``hand``,
    ``known``, ``ruled_out``, ...), like :func:`state_to_dict` does.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = view_to_dict(hearts.view(state, 2))
    >>> data["player"], data["hand"], data["hand_sizes"]
    (2, '6C AC TD KD AD 2H 5H 8H TH JH AH QS AS', [13, 13, 13, 13])
    >>> view_from_dict(data) == hearts.view(state, 2)
    True
    """
    if not isinstance(seen, PlayerView):
        hint = "; hearts.view(state, seat) gives a seat's view" if isinstance(seen, State) else ""
        raise TypeError(f"view_to_dict needs a hearts.PlayerView, got {short(seen)}{hint}.")
    body = {
        "player": seen.player,
        "hand": mask_text(seen.hand_mask),
        "dealt": mask_text(seen.dealt_mask),
        "passed": mask_text(seen.passed_mask),
        "received": mask_text(seen.received_mask),
        "hand_sizes": list(seen.hand_sizes),
        "known": masks_text(seen.known_masks),
        "ruled_out": masks_text(seen.ruled_out_masks),
        **_shared_body(seen),
    }
    return _in_order(body, _VIEW_FIELDS)


def view_from_dict(data: object) -> PlayerView:
    """The :class:`~hearts.PlayerView` a :func:`view_to_dict` object describes, fully checked.

    Beyond the type of each field, some game must give exactly this view: a state is
    dealt from it with :func:`hearts.sample` and checked like :func:`state_from_dict`
    checks one, and its view must be the one read. Raises :class:`RecordError`.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = view_to_dict(hearts.view(state, 2))
    >>> data["hand_sizes"][0] = 12
    >>> view_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: view: no game gives this view: No deal is consistent with P2's view: the other seats have room for 38 unseen cards, but 39 are unseen.
    """
    return _read_view(data, "view")


def _read_view(value: object, path: str) -> PlayerView:
    data, rules = _open(value, path, "a player view", _VIEW_FIELDS)
    players, deck = rules.players, rules.deck_mask
    player = read_seat(data["player"], f"{path}.player", players)
    seen = PlayerView(
        rules=rules,
        player=player,
        hand_mask=read_cards(data["hand"], f"{path}.hand", deck),
        dealt_mask=read_cards(data["dealt"], f"{path}.dealt", deck),
        passed_mask=read_cards(data["passed"], f"{path}.passed", deck),
        received_mask=read_cards(data["received"], f"{path}.received", deck),
        hand_sizes=read_ints(data["hand_sizes"], f"{path}.hand_sizes", players, 0),
        known_masks=read_hands(data["known"], f"{path}.known", players, deck),
        ruled_out_masks=read_hands(data["ruled_out"], f"{path}.ruled_out", players, deck),
        **_read_shared(data, path, rules, player),
    )
    try:
        state = checked_sample(seen, random.Random(0))
        _check_results(state, path)
        _check_phase(state, path, sampled=True)
    except RecordError as error:
        raise RecordError(path, f"no game gives this view: {error}") from None
    except DealWorkError as error:
        raise RecordError(path, f"this view is refused unchecked: {error}") from None
    except HeartsError as error:
        raise RecordError(path, f"no game gives this view: {error}") from None
    if view(state, seen.player) != seen:
        raise RecordError(
            path,
            "no game gives this view: its hand sizes, known cards or ruled-out cards do not "
            "follow from its hand and the cards played.",
        )
    return seen


def _check_results(state: State, path: str) -> None:
    """The hand results follow one another and are each the scoring of their tricks."""
    rules, results = state.rules, state.results
    pool = 0
    for index, result in enumerate(results):
        where = f"{path}.results[{index}]"
        if index:
            previous = results[index - 1]
            if result.hand_number != previous.hand_number + 1:
                raise RecordError(
                    f"{where}.hand_number",
                    f"must be {show(previous.hand_number + 1)}, the hand after the result before, got {show(result.hand_number)}.",
                )
            before = previous.scores
        else:
            before = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
        if result.winners and index != len(results) - 1:
            raise RecordError(
                f"{where}.winners", "names winners, but the game went on after this hand."
            )
        check_scoring(result, where, rules, before, pool)
        pool = result.pool
    if results:
        last = results[-1]
        if state.hand_number != last.hand_number + 1:
            raise RecordError(
                f"{path}.hand_number",
                f"must be {show(last.hand_number + 1)}, the hand after the last result, got {show(state.hand_number)}.",
            )
        if state.scores != last.scores:
            raise RecordError(
                f"{path}.scores",
                f"must be {show(last.scores)}, the totals after the last result, got {show(state.scores)}.",
            )
    over = state.phase is Phase.OVER
    if over and not (results and results[-1].winners):
        raise RecordError(f"{path}.phase", "is 'over', but no hand result names the winners.")
    if not over and results and results[-1].winners:
        raise RecordError(
            f"{path}.phase", f"is {state.phase.value!r}, but the last hand result ended the game."
        )


_PASS_FIELDS: Final = ("dealt", "passed", "pass_direction", "pass_count")
_PLAY_FIELDS: Final = (
    "taken", "trick", "tricks", "phase", "hands", "leader", "to_move", "hearts_broken",
)  # fmt: skip


def _check_phase(state: State, path: str, *, sampled: bool = False) -> State:
    """The state is the one the engine reaches by replaying the deal, passes and plays.

    Returns the state the engine reaches.

    Only what the phase says has happened is replayed: nothing before the deal, the deal
    when the dealer has yet to call the pass, the passes made in the pass phase. A state
    ``sampled`` from a view has its claim taken as made (see :func:`replay_claim`).
    """
    rules, phase = state.rules, state.phase
    number, scores, results = state.hand_number, state.scores, state.results
    start = start_hand(rules, hand_number=number, scores=scores, results=results, seed=state.seed)
    if phase in (Phase.DEAL, Phase.OVER):
        compare(path, state, start, (*_PASS_FIELDS, *_PLAY_FIELDS))
        return start
    check_deal(state.dealt_masks, f"{path}.dealt", rules)
    pending: tuple[int, ...] = tuple(range(rules.players)) if phase is Phase.CHOOSE else ()
    if phase is Phase.PASS:
        pending = tuple(seat for seat in range(rules.players) if not state.passed_masks[seat])
    replayed = replay_pass(
        path,
        start,
        state.dealt_masks,
        state.pass_direction,
        state.pass_count,
        state.passed_masks,
        pending,
        called=phase is not Phase.CHOOSE,
        count_path=f"{path}.pass_count",
    )
    compare(path, state, replayed, _PASS_FIELDS)
    if phase is Phase.PLAY:
        _check_sizes(state, path)
        replayed = replay_play(path, replayed, state.tricks, state.trick, state.leader)
    elif phase is Phase.SHOOT:
        compare(path, state, start, ("hands", "trick"))  # both empty once the hand is over
        replayed = replay_play(path, replayed, state.tricks)
        unplayed = rules.deck_mask & ~played_mask_unchecked(state.tricks)
        if unplayed and replayed.phase is Phase.PLAY:
            claimer = next((s for s in range(rules.players) if state.taken_masks[s] & unplayed), 0)
            where, said = f"{path}.taken[{claimer}]", "holds the cards nobody played"
            before = replayed.hearts_broken
            replayed = replay_claim(where, replayed, claimer, said, checked=not sampled)
            # A record keeps no card played to the claim's trick before the claim: hearts
            # are broken after it as they were before it, or by one of those cards.
            if state.hearts_broken or not before:
                replayed = replayed.replace(hearts_broken=state.hearts_broken)
        compare(path, state, replayed, ("phase",))
    compare(path, state, replayed, _PLAY_FIELDS)
    return replayed


def _check_sizes(state: State, path: str) -> None:
    """While a hand is played, fewer tricks than a hand has and fewer cards than seats."""
    hand_size, players = state.rules.hand_size, state.rules.players
    if len(state.tricks) >= hand_size:
        raise RecordError(
            f"{path}.tricks", f"must hold fewer than {hand_size} tricks while the hand is played."
        )
    if len(state.trick) >= players:
        raise RecordError(f"{path}.trick", f"must hold fewer than {players} cards.")
