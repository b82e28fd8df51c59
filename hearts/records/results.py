"""The JSON form of a finished hand (:class:`~hearts.HandResult`), fully checked.

The play is checked by replaying it through the engine; the scoring by scoring it again.
"""

from __future__ import annotations

from typing import Final

from hearts.game.cards import ALL_CARDS, CardSet
from hearts.game.engine import start_hand
from hearts.game.passes import passable, passer
from hearts.game.rules import (
    PassDirection,
    Rules,
    ShootMode,
)
from hearts.game.scoring import score_hand
from hearts.game.state import HandResult, State, Trick
from hearts.records.read import (
    MAX_SEATS,
    RECORD_SCHEMA,
    RecordError,
    check_rules_argument,
    check_schema,
    mask_text,
    read_card,
    read_fields,
    read_hands,
    read_int,
    read_ints,
    read_list,
    read_member,
    read_seat,
    read_seats,
    short,
    show,
)
from hearts.records.verify import check_equal, replay_claim, replay_pass, replay_play


def trick_body(trick: Trick) -> dict[str, object]:
    """The JSON of a completed trick: its leader, its cards in the order played, its winner."""
    return {
        "leader": trick.leader,
        "cards": [card.ascii for card in trick.cards],
        "winner": trick.winner,
    }


def read_trick(value: object, path: str, players: int, deck: int) -> Trick:
    """A completed trick: one card per seat."""
    data = read_fields(value, path, "a trick", ("leader", "cards", "winner"))
    leader = read_seat(data["leader"], f"{path}.leader", players)
    items = read_list(data["cards"], f"{path}.cards", players, "cards")
    cards = tuple(read_card(item, f"{path}.cards[{i}]", deck) for i, item in enumerate(items))
    winner = read_seat(data["winner"], f"{path}.winner", players)
    return Trick(leader, cards, winner)


_RESULT_FIELDS: Final = (
    "hand_number",
    "pass_direction",
    "dealt",
    "passed",
    "tricks",
    "claim",
    "tricks_won",
    "points",
    "moon",
    "sun",
    "shoot_mode",
    "counted",
    "shoot",
    "bonuses",
    "chip_changes",
    "adjustments",
    "changes",
    "scores",
    "pool",
    "winners",
)
_TERMS: Final = ("counted", "shoot", "bonuses", "chip_changes", "adjustments")


def result_body(result: HandResult) -> dict[str, object]:
    """The JSON fields of a hand result, without the schema version (a state's carry none)."""
    return {
        "hand_number": result.hand_number,
        "pass_direction": result.pass_direction.value,
        "dealt": [mask_text(hand) for hand in result.dealt],
        "passed": [mask_text(cards) for cards in result.passed],
        "tricks": [trick_body(trick) for trick in result.tricks],
        "claim": result.claim,
        "tricks_won": list(result.tricks_won),
        "points": list(result.points),
        "moon": result.moon,
        "sun": result.sun,
        "shoot_mode": None if result.shoot_mode is None else result.shoot_mode.value,
        "counted": list(result.counted),
        "shoot": list(result.shoot),
        "bonuses": list(result.bonuses),
        "chip_changes": list(result.chip_changes),
        "adjustments": list(result.adjustments),
        "changes": list(result.changes),
        "scores": list(result.scores),
        "pool": result.pool,
        "winners": list(result.winners),
    }


def result_to_dict(result: HandResult) -> dict[str, object]:
    """The JSON form of a finished hand's :class:`~hearts.HandResult`, every field included.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> data = result_to_dict(state.results[0])
    >>> data["schema"], data["pass_direction"], data["tricks"][0]["cards"][0], sum(data["points"])
    (1, 'left', '2C', 26)
    """
    check_result_argument(result, "result_to_dict")
    return {"schema": RECORD_SCHEMA, **result_body(result)}


def check_result_argument(result: object, who: str) -> None:
    """Refuse an argument of ``who`` that is not a :class:`~hearts.HandResult` (``TypeError``)."""
    if not isinstance(result, HandResult):
        hint = "; a state's finished hands are state.results" if isinstance(result, State) else ""
        raise TypeError(f"{who} needs a hearts.HandResult, got {short(result)}{hint}.")


def result_from_dict(data: object, rules: Rules | None = None) -> HandResult:
    """The :class:`~hearts.HandResult` a :func:`result_to_dict` object describes.

    Without ``rules`` the fields are checked against each other (one value per seat, the
    deal shared out, each change the sum of its terms, ...); with ``rules`` the cards must
    also be the game's deck and the tricks must follow the deal, the pass and who wins each
    trick, and (in a points game) the scoring is checked too. The ``schema`` field may be
    left out. Raises :class:`RecordError`.

    >>> import hearts
    >>> state = hearts.new_game(seed=3)
    >>> while not state.results:
    ...     state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> result_from_dict(result_to_dict(state.results[0]), state.rules) == state.results[0]
    True
    """
    check_rules_argument(rules, "result_from_dict", optional=True)
    if not isinstance(data, dict):
        raise RecordError("result", f"must be a JSON object (a hand result), got {show(data)}.")
    result = read_result(data, "result", rules, standalone=True)
    if rules is not None and rules.chips is None:
        before = tuple(s - c for s, c in zip(result.scores, result.changes, strict=True))
        check_scoring(result, "result", rules, before, 0)
    return result


def read_result(
    value: object,
    path: str,
    rules: Rules | None,
    standalone: bool = False,
    seen_by: int | None = None,
) -> HandResult:
    """Read and check a hand result.

    ``seen_by``: the seat of a view, whose results hide the others' dealt hands and passes
    (see :class:`~hearts.PlayerView`).
    """
    optional = ("schema",) if standalone else ()
    data = read_fields(value, path, "a hand result", _RESULT_FIELDS, optional)
    if standalone:
        check_schema(data, path, required=False)
    if rules is not None:
        players, deck = rules.players, rules.deck_mask
    else:
        scores = read_list(data["scores"], f"{path}.scores", what="totals")
        if not 3 <= len(scores) <= MAX_SEATS:
            raise RecordError(
                f"{path}.scores", f"must list 3 to 7 totals, one per seat, got {len(scores)}."
            )
        players, deck = len(scores), ALL_CARDS
    hand_number = read_int(data["hand_number"], f"{path}.hand_number", 0)
    direction = read_member(PassDirection, data["pass_direction"], f"{path}.pass_direction")
    dealt = read_hands(data["dealt"], f"{path}.dealt", players, deck)
    passed = read_hands(data["passed"], f"{path}.passed", players, deck)
    replayed = None
    if seen_by is not None:
        hand_size, count = _check_seen_cards(path, rules, seen_by, direction, dealt, passed)
    else:
        hand_size = check_deal(dealt, f"{path}.dealt", rules)
        if rules is None:
            count = _check_passes(path, direction, dealt, passed)
        else:
            count = max(mask.bit_count() for mask in passed)
            start = start_hand(rules, hand_number=hand_number)
            replayed = replay_pass(path, start, dealt, direction, count, passed)
            check_equal(f"{path}.pass_direction", direction, replayed.pass_direction, replayed)
    items = read_list(data["tricks"], f"{path}.tricks", what="tricks")
    if len(items) > hand_size:
        raise RecordError(
            f"{path}.tricks", f"lists {len(items)} tricks, but a hand has {hand_size}."
        )
    tricks = tuple(
        read_trick(item, f"{path}.tricks[{i}]", players, deck) for i, item in enumerate(items)
    )
    claim = None if data["claim"] is None else read_seat(data["claim"], f"{path}.claim", players)
    if (claim is None) != (len(tricks) == hand_size):
        raise RecordError(
            f"{path}.claim",
            "names no claim, but the hand has fewer tricks than cards in a hand."
            if claim is None
            else "names a claim, but every trick was played.",
        )
    if rules is not None and claim is not None and not rules.claims:
        raise RecordError(f"{path}.claim", "names a claim, but these rules have no claims.")
    won = [0] * players
    if rules is not None:
        if replayed is not None:  # a view's result hides the hands the play is checked against
            replayed = replay_play(path, replayed, tricks)
            if claim is not None:
                replay_claim(f"{path}.claim", replayed, claim)
        for trick in tricks:
            won[trick.winner] += 1
        if claim is not None:
            won[claim] += hand_size - len(tricks)
    tricks_won = read_ints(data["tricks_won"], f"{path}.tricks_won", players, 0)
    if rules is not None and tricks_won != tuple(won):
        raise RecordError(
            f"{path}.tricks_won",
            f"must be {list(won)}, as the tricks say, got {show(tricks_won)}.",
        )
    if sum(tricks_won) != hand_size:
        raise RecordError(
            f"{path}.tricks_won",
            f"must add up to {hand_size}, the tricks of a hand, got {show(sum(tricks_won))}.",
        )
    moon = None if data["moon"] is None else read_seat(data["moon"], f"{path}.moon", players)
    sun = None if data["sun"] is None else read_seat(data["sun"], f"{path}.sun", players)
    mode_value = data["shoot_mode"]
    mode = None
    if mode_value is not None:
        mode = read_member(ShootMode, mode_value, f"{path}.shoot_mode")
        if mode not in (ShootMode.ADD, ShootMode.SUBTRACT):
            raise RecordError(
                f"{path}.shoot_mode", f"must be 'add', 'subtract' or null, got {show(mode_value)}."
            )
    if moon is not None and sun is not None:
        raise RecordError(
            f"{path}.sun", "names a sun on a hand with a moon: the sun replaces the moon."
        )
    if (mode is None) != (moon is None and sun is None):
        raise RecordError(
            f"{path}.shoot_mode", "must be given exactly when somebody shot the moon or the sun."
        )
    numbers = {
        name: read_ints(data[name], f"{path}.{name}", players)
        for name in ("points", *_TERMS, "changes", "scores")
    }
    for seat in range(players):
        total = sum(numbers[name][seat] for name in _TERMS)
        if numbers["changes"][seat] != total:
            raise RecordError(
                f"{path}.changes[{seat}]",
                f"must be {show(total)}, the sum of counted, shoot, bonuses, chip_changes and "
                f"adjustments, got {show(numbers['changes'][seat])}.",
            )
    pool = read_int(data["pool"], f"{path}.pool", 0)
    winners = read_seats(data["winners"], f"{path}.winners", players)
    return HandResult(
        hand_number=hand_number,
        pass_direction=direction,
        dealt=tuple(CardSet.from_mask(mask) for mask in dealt),
        passed=tuple(CardSet.from_mask(mask) for mask in passed),
        tricks=tricks,
        claim=claim,
        tricks_won=tricks_won,
        points=numbers["points"],
        moon=moon,
        sun=sun,
        shoot_mode=mode,
        counted=numbers["counted"],
        shoot=numbers["shoot"],
        bonuses=numbers["bonuses"],
        chip_changes=numbers["chip_changes"],
        adjustments=numbers["adjustments"],
        changes=numbers["changes"],
        scores=numbers["scores"],
        pool=pool,
        winners=winners,
    )


def check_deal(dealt: tuple[int, ...], path: str, rules: Rules | None) -> int:
    """The deal shares out the deck: disjoint hands of one size. Returns the hand size."""
    size = dealt[0].bit_count()
    seen = 0
    for seat, mask in enumerate(dealt):
        if mask.bit_count() != size:
            raise RecordError(
                f"{path}[{seat}]",
                f"holds {mask.bit_count()} cards, but P0 holds {size}: every hand is dealt the same number.",
            )
        if mask & seen:
            raise RecordError(
                f"{path}[{seat}]", f"holds {mask_text(mask & seen)}, which another hand holds too."
            )
        seen |= mask
    if rules is not None and seen != rules.deck_mask:
        raise RecordError(
            path,
            f"must share out the whole deck, but {mask_text(rules.deck_mask & ~seen)} are in no hand.",
        )
    if size == 0:
        raise RecordError(path, "deals no cards.")
    return size


def _check_seen_cards(
    path: str,
    rules: Rules | None,
    player: int,
    direction: PassDirection,
    dealt: tuple[int, ...],
    passed: tuple[int, ...],
) -> tuple[int, int]:
    """A view's result shows only ``player``'s dealt hand, its pass and the pass it received.

    Returns the hand size and how many cards each seat passed.
    """
    players = len(dealt)
    source = passer(player, direction, players)
    for seat in range(players):
        if seat != player and dealt[seat]:
            raise RecordError(
                f"{path}.dealt[{seat}]",
                f"must be empty: P{player} did not see P{seat}'s dealt hand.",
            )
        if seat not in (player, source) and passed[seat]:
            raise RecordError(
                f"{path}.passed[{seat}]",
                f"must be empty: P{player} did not see what P{seat} passed.",
            )
    hand_size = dealt[player].bit_count()
    if not hand_size:
        raise RecordError(f"{path}.dealt[{player}]", f"is empty: P{player} was dealt no cards.")
    if rules is not None and hand_size != rules.hand_size:
        raise RecordError(
            f"{path}.dealt[{player}]",
            f"holds {hand_size} cards, but these rules deal {rules.hand_size}.",
        )
    own, received = passed[player], passed[source]
    count = own.bit_count()
    if own & ~dealt[player]:
        raise RecordError(
            f"{path}.passed[{player}]",
            f"holds {mask_text(own & ~dealt[player])}, which P{player} was not dealt.",
        )
    if rules is not None and own & ~passable(rules, own):
        raise RecordError(
            f"{path}.passed[{player}]",
            f"holds {mask_text(own & ~passable(rules, own))}, which may not be passed.",
        )
    if source != player:
        if received & dealt[player]:
            raise RecordError(
                f"{path}.passed[{source}]",
                f"holds {mask_text(received & dealt[player])}, which P{player} was dealt itself.",
            )
        if received.bit_count() != count:
            raise RecordError(
                f"{path}.passed[{source}]",
                f"holds {received.bit_count()} cards, but P{player} passed {count}.",
            )
    if direction is PassDirection.HOLD and count:
        raise RecordError(f"{path}.passed", "must be empty on a hold hand.")
    if direction is not PassDirection.HOLD and not count:
        raise RecordError(f"{path}.passed", f"is empty, but this hand passes {direction}.")
    return hand_size, count


def _check_passes(
    path: str, direction: PassDirection, dealt: tuple[int, ...], passed: tuple[int, ...]
) -> int:
    """The passes hang together, for a result read without rules to replay them with.

    Each seat passed as many of its own cards as the others, and none on a hold hand.
    Returns how many cards each seat passed.
    """
    count = passed[0].bit_count()
    for seat, mask in enumerate(passed):
        where = f"{path}.passed[{seat}]"
        if mask.bit_count() != count:
            raise RecordError(
                where,
                f"holds {mask.bit_count()} cards, but every seat passes as many as P0 ({count}).",
            )
        if mask & ~dealt[seat]:
            raise RecordError(
                where, f"holds {mask_text(mask & ~dealt[seat])}, which P{seat} was not dealt."
            )
    if direction is PassDirection.HOLD and count:
        raise RecordError(f"{path}.passed", "must be empty on a hold hand.")
    if direction is not PassDirection.HOLD and not count:
        raise RecordError(f"{path}.passed", f"is empty, but this hand passes {direction}.")
    return count


def check_scoring(
    result: HandResult, path: str, rules: Rules, before: tuple[int, ...], pool: int
) -> None:
    """The result is the scoring of its own tricks under ``rules``."""
    taken = [0] * rules.players
    played = 0
    for trick in result.tricks:
        taken[trick.winner] |= trick.mask
        played |= trick.mask
    if result.claim is not None:
        taken[result.claim] |= rules.deck_mask & ~played
    scored = score_hand(
        rules,
        hand_number=result.hand_number,
        pass_direction=result.pass_direction,
        scores=before,
        dealt_masks=tuple(hand.mask for hand in result.dealt),
        passed_masks=tuple(cards.mask for cards in result.passed),
        tricks=result.tricks,
        taken_masks=tuple(taken),
        pool=pool,
        choice=result.shoot_mode,
    )
    for name in _RESULT_FIELDS:
        if getattr(scored, name) != getattr(result, name):
            shown = show(result_body(scored)[name])
            raise RecordError(
                f"{path}.{name}",
                f"must be {shown}, as these rules score the hand's tricks, got {show(result_body(result)[name])}.",
            )
