"""The JSON forms of a :class:`~hearts.State` and of a :class:`~hearts.PlayerView`."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from hearts.errors import HeartsError
from hearts.play import exchange
from hearts.records.read import (
    RECORD_SCHEMA,
    RecordError,
    _bool,
    _card,
    _cards,
    _fields,
    _hands,
    _int,
    _ints,
    _list,
    _masks_text,
    _member,
    _named,
    _read_rules,
    _rules_json,
    _schema,
    _seat,
    _seats,
    _short,
    _show,
    _text,
)
from hearts.records.results import (
    _check_deal,
    _check_direction,
    _check_passes,
    _check_play,
    _check_scoring,
    _default_pass,
    _read_result,
    _read_trick,
    _result_body,
    _trick_body,
)
from hearts.rules import (
    PassDirection,
)
from hearts.sampling import sample
from hearts.scoring import shoot_options
from hearts.state import Phase, State
from hearts.views import PlayerView, view

_STATE_FIELDS: Final = (
    "rules",
    "seed",
    "phase",
    "hand_number",
    "scores",
    "results",
    "pass_direction",
    "pass_count",
    "dealt",
    "hands",
    "passed",
    "to_move",
    "leader",
    "trick",
    "tricks",
    "taken",
    "hearts_broken",
)


def state_to_dict(state: State) -> dict[str, object]:
    """The JSON form of a :class:`~hearts.State`, with the schema version: a position to share.

    The fields are the state's own; the card bitmasks are written as card text under the
    names of the properties (``hands``, ``dealt``, ``passed``, ``taken``), and the rules in
    full (:meth:`Rules.to_dict <hearts.Rules.to_dict>`, with their fingerprint).

    >>> import hearts
    >>> state = hearts.apply(hearts.new_game(seed=1), hearts.legal_moves(hearts.new_game(seed=1))[0])
    >>> data = state_to_dict(state)
    >>> data["phase"], data["to_move"], data["hands"][0][:11]
    ('pass', [0, 1, 2, 3], '2C 4C 5C QC')
    >>> state_from_dict(data) == state
    True
    """
    if not isinstance(state, State):
        hint = ""
        if isinstance(state, PlayerView):
            hint = "; hearts.view_to_dict writes a player's view"
        elif type(state).__name__ == "GameRecord":  # hearts.records.game imports this module
            hint = "; hearts.dumps or GameRecord.to_dict writes a record"
        raise TypeError(f"state_to_dict needs a hearts.State, got {_short(state)}{hint}.")
    return {
        "schema": RECORD_SCHEMA,
        "rules": _rules_json(state.rules),
        "seed": state.seed,
        "phase": state.phase.value,
        "hand_number": state.hand_number,
        "scores": list(state.scores),
        "results": [_result_body(result) for result in state.results],
        "pass_direction": state.pass_direction.value,
        "pass_count": state.pass_count,
        "dealt": _masks_text(state.dealt_masks),
        "hands": _masks_text(state.hand_masks),
        "passed": _masks_text(state.passed_masks),
        "to_move": list(state.to_move),
        "leader": state.leader,
        "trick": [card.ascii for card in state.trick],
        "tricks": [_trick_body(trick) for trick in state.tricks],
        "taken": _masks_text(state.taken_masks),
        "hearts_broken": state.hearts_broken,
    }


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
    >>> data["hands"][2] = data["hands"][2].replace("JC", "ZZ")
    >>> state_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hands[2]: 'ZZ' is not a card: records write a card as its rank (2-9, T, J, Q, K, A) then its suit (C, D, H, S), as 'QS' or 'TH', or a joker as 'JK1' to 'JK3'.
    >>> data["hands"][2] = data["hands"][1]
    >>> state_from_dict(data)
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: state.hands[2]: must be the hand P2 was dealt (JC 3D 4D TD AD 4H 5H JH 3S 5S 6S 7S KS) until the cards are passed.
    """
    return _read_state(data, "state")


def _read_state(value: object, path: str) -> State:
    data = _fields(value, path, "a state", ("schema", *_STATE_FIELDS))
    _schema(data, path, required=True)
    rules, _ = _read_rules(data["rules"], f"{path}.rules")
    players, deck = rules.players, rules.deck_mask
    seed = _int(data["seed"], f"{path}.seed")
    phase = _member(Phase, data["phase"], f"{path}.phase")
    hand_number = _int(data["hand_number"], f"{path}.hand_number", 0)
    scores = _ints(data["scores"], f"{path}.scores", players)
    items = _list(data["results"], f"{path}.results", what="hand results")
    results = tuple(
        _read_result(item, f"{path}.results[{i}]", rules) for i, item in enumerate(items)
    )
    direction = _member(PassDirection, data["pass_direction"], f"{path}.pass_direction")
    pass_count = _int(data["pass_count"], f"{path}.pass_count", 0)
    dealt = _hands(data["dealt"], f"{path}.dealt", players, deck)
    hands = _hands(data["hands"], f"{path}.hands", players, deck)
    passed = _hands(data["passed"], f"{path}.passed", players, deck)
    to_move = _seats(data["to_move"], f"{path}.to_move", players)
    leader = _seat(data["leader"], f"{path}.leader", players)
    cards = _list(data["trick"], f"{path}.trick", what="cards")
    trick = tuple(_card(item, f"{path}.trick[{i}]", deck) for i, item in enumerate(cards))
    tricks = tuple(
        _read_trick(item, f"{path}.tricks[{i}]", players, deck)
        for i, item in enumerate(_list(data["tricks"], f"{path}.tricks", what="tricks"))
    )
    taken = _hands(data["taken"], f"{path}.taken", players, deck)
    hearts_broken = _bool(data["hearts_broken"], f"{path}.hearts_broken")
    state = State(
        rules=rules,
        seed=seed,
        phase=phase,
        hand_number=hand_number,
        scores=scores,
        results=results,
        pass_direction=direction,
        pass_count=pass_count,
        dealt_masks=dealt,
        hand_masks=hands,
        passed_masks=passed,
        to_move=to_move,
        leader=leader,
        trick=trick,
        tricks=tricks,
        taken_masks=taken,
        hearts_broken=hearts_broken,
    )
    _check_results(state, path)
    _check_phase(state, path)
    return state


_VIEW_FIELDS: Final = (
    "rules",
    "player",
    "phase",
    "hand_number",
    "scores",
    "results",
    "pass_direction",
    "pass_count",
    "to_move",
    "leader",
    "trick",
    "tricks",
    "taken",
    "hearts_broken",
    "hand",
    "dealt",
    "passed",
    "received",
    "hand_sizes",
    "known",
    "ruled_out",
)


def view_to_dict(seen: PlayerView) -> dict[str, object]:
    """The JSON form of a :class:`~hearts.PlayerView`: what one seat may know, to send it.

    Card bitmasks are written as card text under the names of the properties (``hand``,
    ``known``, ``ruled_out``, ...), like :func:`state_to_dict` does.

    >>> import hearts
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = view_to_dict(hearts.view(state, 2))
    >>> data["player"], data["hand"], data["hand_sizes"]
    (2, 'JC 3D 4D TD AD 4H 5H JH 3S 5S 6S 7S KS', [13, 13, 13, 13])
    >>> view_from_dict(data) == hearts.view(state, 2)
    True
    """
    if not isinstance(seen, PlayerView):
        hint = "; hearts.view(state, seat) gives a seat's view" if isinstance(seen, State) else ""
        raise TypeError(f"view_to_dict needs a hearts.PlayerView, got {_short(seen)}{hint}.")
    return {
        "schema": RECORD_SCHEMA,
        "rules": _rules_json(seen.rules),
        "player": seen.player,
        "phase": seen.phase.value,
        "hand_number": seen.hand_number,
        "scores": list(seen.scores),
        "results": [_result_body(result) for result in seen.results],
        "pass_direction": seen.pass_direction.value,
        "pass_count": seen.pass_count,
        "to_move": list(seen.to_move),
        "leader": seen.leader,
        "trick": [card.ascii for card in seen.trick],
        "tricks": [_trick_body(trick) for trick in seen.tricks],
        "taken": _masks_text(seen.taken_masks),
        "hearts_broken": seen.hearts_broken,
        "hand": _text(seen.hand_mask),
        "dealt": _text(seen.dealt_mask),
        "passed": _text(seen.passed_mask),
        "received": _text(seen.received_mask),
        "hand_sizes": list(seen.hand_sizes),
        "known": _masks_text(seen.known_masks),
        "ruled_out": _masks_text(seen.ruled_out_masks),
    }


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
    data = _fields(value, path, "a player view", ("schema", *_VIEW_FIELDS))
    _schema(data, path, required=True)
    rules, _ = _read_rules(data["rules"], f"{path}.rules")
    players, deck = rules.players, rules.deck_mask
    items = _list(data["results"], f"{path}.results", what="hand results")
    cards = _list(data["trick"], f"{path}.trick", what="cards")
    player = _seat(data["player"], f"{path}.player", players)
    seen = PlayerView(
        rules=rules,
        player=player,
        phase=_member(Phase, data["phase"], f"{path}.phase"),
        hand_number=_int(data["hand_number"], f"{path}.hand_number", 0),
        scores=_ints(data["scores"], f"{path}.scores", players),
        results=tuple(
            _read_result(item, f"{path}.results[{i}]", rules, seen_by=player)
            for i, item in enumerate(items)
        ),
        pass_direction=_member(PassDirection, data["pass_direction"], f"{path}.pass_direction"),
        pass_count=_int(data["pass_count"], f"{path}.pass_count", 0),
        to_move=_seats(data["to_move"], f"{path}.to_move", players),
        leader=_seat(data["leader"], f"{path}.leader", players),
        trick=tuple(_card(item, f"{path}.trick[{i}]", deck) for i, item in enumerate(cards)),
        tricks=tuple(
            _read_trick(item, f"{path}.tricks[{i}]", players, deck)
            for i, item in enumerate(_list(data["tricks"], f"{path}.tricks", what="tricks"))
        ),
        taken_masks=_hands(data["taken"], f"{path}.taken", players, deck),
        hearts_broken=_bool(data["hearts_broken"], f"{path}.hearts_broken"),
        hand_mask=_cards(data["hand"], f"{path}.hand", deck),
        dealt_mask=_cards(data["dealt"], f"{path}.dealt", deck),
        passed_mask=_cards(data["passed"], f"{path}.passed", deck),
        received_mask=_cards(data["received"], f"{path}.received", deck),
        hand_sizes=_ints(data["hand_sizes"], f"{path}.hand_sizes", players, 0),
        known_masks=_hands(data["known"], f"{path}.known", players, deck),
        ruled_out_masks=_hands(data["ruled_out"], f"{path}.ruled_out", players, deck),
    )
    try:
        state = sample(seen, random.Random(0))
        _check_results(state, path)
        _check_phase(state, path)
    except RecordError as error:
        raise RecordError(path, f"no game gives this view: {error.reason}") from None
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
                    f"must be {_show(previous.hand_number + 1)}, the hand after the result before, got {_show(result.hand_number)}.",
                )
            before = previous.scores
        else:
            before = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
        if result.winners and index != len(results) - 1:
            raise RecordError(
                f"{where}.winners", "names winners, but the game went on after this hand."
            )
        _check_scoring(result, where, rules, before, pool)
        pool = result.pool
    if results:
        last = results[-1]
        if state.hand_number != last.hand_number + 1:
            raise RecordError(
                f"{path}.hand_number",
                f"must be {_show(last.hand_number + 1)}, the hand after the last result, got {_show(state.hand_number)}.",
            )
        if state.scores != last.scores:
            raise RecordError(
                f"{path}.scores",
                f"must be {_show(last.scores)}, the totals after the last result, got {_show(state.scores)}.",
            )
    over = state.phase is Phase.OVER
    if over and not (results and results[-1].winners):
        raise RecordError(f"{path}.phase", "is 'over', but no hand result names the winners.")
    if not over and results and results[-1].winners:
        raise RecordError(
            f"{path}.phase", f"is {state.phase.value!r}, but the last hand result ended the game."
        )


def _expect(condition: bool, path: str, reason: str) -> None:
    if not condition:
        raise RecordError(path, reason)


_MASK_FIELDS: Final = {
    "dealt": "dealt_masks",
    "hands": "hand_masks",
    "passed": "passed_masks",
    "taken": "taken_masks",
}


def _check_empty(state: State, path: str, names: Iterable[str]) -> None:
    reason = f"must be empty in the {state.phase.value} phase."
    for name in names:
        if name in _MASK_FIELDS:
            for seat, mask in enumerate(getattr(state, _MASK_FIELDS[name])):
                _expect(not mask, f"{path}.{name}[{seat}]", reason)
        else:
            _expect(not getattr(state, name), f"{path}.{name}", reason)


def _check_phase(state: State, path: str) -> None:
    """The fields agree with the phase: what is held, passed, played and who is to move."""
    rules, phase = state.rules, state.phase
    players = rules.players
    if phase in (Phase.DEAL, Phase.OVER):
        _check_empty(
            state, path, ("dealt", "hands", "passed", "taken", "trick", "tricks", "to_move")
        )
        _expect(
            not state.hearts_broken,
            f"{path}.hearts_broken",
            f"must be false in the {phase.value} phase.",
        )
        direction, count = _default_pass(rules, state.hand_number)
        _expect(
            state.pass_direction is direction,
            f"{path}.pass_direction",
            f"must be {direction.value!r}, the pass cycle's for hand {_show(state.hand_number)}.",
        )
        _expect(
            state.pass_count == count,
            f"{path}.pass_count",
            f"must be {count} for hand {_show(state.hand_number)}.",
        )
        return
    _check_deal(state.dealt_masks, f"{path}.dealt", rules)
    if phase in (Phase.CHOOSE, Phase.PASS):
        _check_empty(state, path, ("taken", "trick", "tricks"))
        _expect(
            not state.hearts_broken,
            f"{path}.hearts_broken",
            f"must be false in the {phase.value} phase.",
        )
        for seat in range(players):
            _expect(
                state.hand_masks[seat] == state.dealt_masks[seat],
                f"{path}.hands[{seat}]",
                f"must be the hand P{seat} was dealt ({_named(state.dealt_masks[seat])}) until the cards are passed.",
            )
    if phase is Phase.CHOOSE:
        _expect(
            rules.dealer_chooses_pass,
            f"{path}.phase",
            "is 'choose', but in these rules the dealer does not choose the pass.",
        )
        _check_empty(state, path, ("passed",))
        dealer = state.hand_number % players
        _expect(
            state.to_move == (dealer,),
            f"{path}.to_move",
            f"must be [{dealer}]: the dealer chooses the pass.",
        )
        direction, count = _default_pass(rules, state.hand_number)
        _expect(
            state.pass_direction is direction and state.pass_count == count,
            f"{path}.pass_direction",
            f"must be {direction.value!r} and pass_count {count} until the dealer chooses.",
        )
        return
    if phase is Phase.PASS:
        direction = state.pass_direction
        _expect(
            direction is not PassDirection.HOLD and state.pass_count > 0,
            f"{path}.phase",
            "is 'pass', but this hand passes no cards.",
        )
        pending = tuple(seat for seat in range(players) if not state.passed_masks[seat])
        _expect(
            bool(pending) and state.to_move == pending,
            f"{path}.to_move",
            f"must be {list(pending)}, the seats that have not passed, and not empty.",
        )
        count = _check_passes(
            path, rules, direction, state.dealt_masks, state.passed_masks, pending
        )
        _expect(
            count in (0, state.pass_count),
            f"{path}.passed",
            f"must hold {_show(state.pass_count)} cards for each seat that has passed.",
        )
        _check_direction(
            path, f"{path}.pass_count", rules, state.hand_number, direction, state.pass_count
        )
        return
    # The play and shoot phases: the pass is over and tricks are being played.
    count = _check_passes(path, rules, state.pass_direction, state.dealt_masks, state.passed_masks)
    _expect(
        count == state.pass_count,
        f"{path}.pass_count",
        f"must be {count}, the cards each seat passed.",
    )
    _check_direction(
        path, f"{path}.pass_count", rules, state.hand_number, state.pass_direction, count
    )
    received = exchange(state.dealt_masks, state.passed_masks, state.pass_direction)
    hand_size = rules.hand_size
    if phase is Phase.PLAY:
        _expect(
            len(state.tricks) < hand_size,
            f"{path}.tricks",
            f"must hold fewer than {hand_size} tricks while the hand is played.",
        )
        _expect(
            len(state.trick) < players, f"{path}.trick", f"must hold fewer than {players} cards."
        )
        played, replayed = _check_play(
            path, rules, state.hand_number, received, state.tricks, state.trick, state.leader
        )
        for seat in range(players):
            held = replayed.hand_masks[seat]
            _expect(
                state.hand_masks[seat] == held,
                f"{path}.hands[{seat}]",
                f"must be {_named(held)}: what P{seat} held after the pass less what it played.",
            )
        for seat in range(players):
            taken = replayed.taken_masks[seat]
            _expect(
                state.taken_masks[seat] == taken,
                f"{path}.taken[{seat}]",
                f"must be {_named(taken)}: the cards of the tricks P{seat} won.",
            )
        _expect(
            state.to_move == replayed.to_move,
            f"{path}.to_move",
            f"must be [{replayed.to_move[0]}], the next seat to play to the trick.",
        )
        _expect(
            state.hearts_broken == replayed.hearts_broken,
            f"{path}.hearts_broken",
            f"must be {str(replayed.hearts_broken).lower()}, as the cards played say.",
        )
        return
    # Phase.SHOOT: the hand is over and its shooter chooses how the shot is scored.
    _check_empty(state, path, ("hands", "trick"))
    played, _ = _check_play(path, rules, state.hand_number, received, state.tricks)
    won = [0] * players
    for trick in state.tricks:
        won[trick.winner] |= trick.mask
    rest = rules.deck_mask
    for mask in played:
        rest &= ~mask
    if rest:
        _expect(
            rules.claims,
            f"{path}.tricks",
            f"must hold all {hand_size} tricks: these rules have no claims.",
        )
        claimer = next((s for s in range(players) if state.taken_masks[s] & rest), 0)
        won[claimer] |= rest
    for seat in range(players):
        _expect(
            state.taken_masks[seat] == won[seat],
            f"{path}.taken[{seat}]",
            f"must be {_named(won[seat])}: the cards P{seat} won or claimed.",
        )
    options = shoot_options(rules, state.taken_masks, state.scores)
    _expect(
        options is not None,
        f"{path}.phase",
        "is 'shoot', but nobody has a shot to choose how to score.",
    )
    assert options is not None
    _expect(
        state.to_move == (options[0],), f"{path}.to_move", f"must be [{options[0]}], the shooter."
    )
