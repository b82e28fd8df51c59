"""Inputs refused in the library's words, the same in the pure and the compiled build (issue 39).

Each call here used to fail in Python's words (an AttributeError, "not enough values to
unpack", "unhashable type", an OverflowError), in mypyc's (the compiled constructors), or
not at all (a seat outside the table observed as if it were one). Each is now refused with
a whole sentence naming the argument or field and what it takes: a ``TypeError`` for a
value of the wrong type (Python's convention, as everywhere in the library) and a
:class:`~hearts.HeartsError` (a ``ValueError``) for a value of the right type that is out
of range. The messages are compared whole, so the compiled build must give the very same.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import hearts
from hearts import Card, CardSet, HandResult, HeartsError, PassDirection, Rules, RulesError
from hearts.game.passes import PassMoves
from hearts.game.scoring import score_hand

Call = Callable[[], object]


def refused(call: Call, kind: type[Exception]) -> str:
    """The message of ``call``'s error, which must be exactly a ``kind``."""
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind, f"{type(caught.value).__name__}: {caught.value}"
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message, message  # one whole sentence
    return message


def finished() -> hearts.State:
    """The standard game after its first hand."""
    state = hearts.new_game(seed=3)
    while not state.results:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state


def passing() -> hearts.State:
    """The standard game's first hand, dealt: every seat to pass three cards left."""
    state = hearts.new_game(seed=5)
    return hearts.apply(state, hearts.legal_moves(state)[0])


def fields_of(value: hearts.State | HandResult | hearts.PlayerView) -> dict[str, object]:
    return dict(zip(type(value).FIELDS, value._fields(), strict=True))


# --- hearts.tensor.score_scale and hearts.game.scoring.score_hand --------------------------------


def test_score_scale_refuses_what_is_not_rules() -> None:
    pytest.importorskip("numpy")
    import hearts.tensor

    assert refused(lambda: hearts.tensor.score_scale("x"), TypeError) == (
        "score_scale needs a hearts.Rules value, got 'x'; for a preset, pass "
        "hearts.Rules.preset('x')."
    )
    assert refused(lambda: hearts.tensor.score_scale(None), TypeError) == (
        "score_scale needs a hearts.Rules value, got None."
    )
    assert refused(lambda: hearts.tensor.size(10**309), HeartsError) == (
        "players must be from 3 to 7, as in Rules.players, got an int of about 310 digits."
    )
    state = passing()
    seen = hearts.view(state, 0)
    assert refused(lambda: hearts.tensor.encode(seen, picked=None), TypeError) == (  # type: ignore[arg-type]
        "picked must be a set of cards (a CardSet, card text or a card bitmask), got None."
    )
    assert refused(lambda: hearts.tensor.encode(seen, picked=True), TypeError) == (
        "picked must be a set of cards (a CardSet, card text or a card bitmask), got True."
    )


def score_hand_arguments() -> dict[str, Any]:
    rules = Rules()
    return {
        "hand_number": 0,
        "pass_direction": PassDirection.LEFT,
        "scores": (0, 0, 0, 0),
        "dealt_masks": (0, 0, 0, 0),
        "passed_masks": (0, 0, 0, 0),
        "tricks": (),
        "taken_masks": (rules.deck_mask, 0, 0, 0),
    }


def test_score_hand_checks_its_arguments() -> None:
    good = score_hand_arguments()
    assert score_hand(Rules(), **good).changes == (0, 26, 26, 26)  # a claimed moon
    assert refused(lambda: score_hand("standard", **good), TypeError) == (
        "score_hand needs a hearts.Rules value, got 'standard'."
    )
    cases: list[tuple[str, object, type[Exception], str]] = [
        ("hand_number", "1", TypeError, "hand_number must be an int of at least 0, got '1'."),
        ("hand_number", -1, HeartsError, "hand_number must be at least 0, got -1."),
        (
            "pass_direction",
            "left",
            TypeError,
            "pass_direction must be a PassDirection, got 'left'.",
        ),
        (
            "pass_direction",
            PassDirection.LEFT2,
            HeartsError,
            "pass_direction 'left2' is not a pass at a table of 4.",
        ),
        (
            "scores",
            (0, 0),
            HeartsError,
            "scores must hold one value per seat, 4 in this game, got 2.",
        ),
        (
            "dealt_masks",
            None,
            TypeError,
            "dealt_masks must be a tuple of card masks, one per seat, got None.",
        ),
        (
            "passed_masks",
            (0, 0, 0, -1),
            HeartsError,
            "passed_masks must be a card mask, of the bits of the cards 0 to 54, got -1.",
        ),
        ("tricks", (1,), TypeError, "tricks must be Trick values, got 1 among them."),
        ("tricks", "QS", TypeError, "tricks must be a tuple of Trick values, got 'QS'."),
        ("pool", 1.5, TypeError, "pool must be an int of at least 0, got 1.5."),
        ("choice", "add", TypeError, "choice must be None or a ShootMode, got 'add'."),
    ]
    for name, value, kind, message in cases:
        changed = {**good, name: value}
        assert refused(lambda c=changed: score_hand(Rules(), **c), kind) == (
            f"score_hand's {message}"
        ), name
    # Any sequence is taken, not only a tuple: lists give the same result.
    as_lists = {
        name: list(value) if isinstance(value, tuple) else value for name, value in good.items()
    }
    assert score_hand(Rules(), **as_lists) == score_hand(Rules(), **good)
    trick = finished().results[0].tricks[0]
    too_many = {**good, "tricks": (trick,) * 14}
    assert refused(lambda: score_hand(Rules(), **too_many), HeartsError) == (
        "score_hand's tricks must be the tricks of one hand, at most 13 in this game, got 14."
    )


# --- the constructors: Trick, PassMoves, State, HandResult, PlayerView ------------------------


TWO_CLUBS = (Card("2C"), Card("KC"), Card("5C"), Card("9D"))


@pytest.mark.parametrize(
    ("arguments", "kind", "message"),
    [
        (
            ("0", TWO_CLUBS, 1),
            TypeError,
            "Trick's leader must be a seat, an int from 0 to 6, got '0'.",
        ),
        (
            (7, TWO_CLUBS, 1),
            HeartsError,
            "Trick's leader must be a seat, an int from 0 to 6: P7 is not a seat.",
        ),
        (
            (0, TWO_CLUBS, 10**309),
            HeartsError,
            "Trick's winner must be a seat, an int from 0 to 6: an int of about 310 digits is not a "
            "seat.",
        ),
        (
            (0, TWO_CLUBS, None),
            TypeError,
            "Trick's winner must be a seat, an int from 0 to 6, got None.",
        ),
        (
            (0, "2C KC", 1),
            TypeError,
            "Trick's cards must be a tuple of 1 to 7 Card values, one per seat in play order, "
            "got '2C KC'.",
        ),
        (
            (0, (0, 1, 2, 3), 1),
            TypeError,
            "Trick's cards must be a tuple of 1 to 7 Card values, one per seat in play order, "
            "got 0 among them.",
        ),
        (
            (0, (), 1),
            HeartsError,
            "Trick's cards must be a tuple of 1 to 7 Card values, one per seat in play order, "
            "got ().",
        ),
        (
            (0, 5, 1),
            TypeError,
            "Trick's cards must be a tuple of 1 to 7 Card values, one per seat in play order, "
            "got 5.",
        ),
    ],
)
def test_trick_checks_its_fields(
    arguments: tuple[object, object, object], kind: type[Exception], message: str
) -> None:
    assert refused(lambda: hearts.Trick(*arguments), kind) == message  # type: ignore[arg-type]


def test_a_trick_from_a_list_of_cards_is_kept_as_a_tuple() -> None:
    trick = hearts.Trick(3, list(TWO_CLUBS), 0)
    assert trick.cards == TWO_CLUBS and trick == hearts.Trick(3, TWO_CLUBS, 0)
    assert pickle.loads(pickle.dumps(trick)) == trick


HAND = CardSet("2C 3C 4C 5C QS").mask


@pytest.mark.parametrize(
    ("arguments", "kind", "message"),
    [
        (
            ("0", (HAND,), 3),
            TypeError,
            "PassMoves's seats must be a sequence of seats (ints), got '0'.",
        ),
        (
            ((True,), (HAND,), 3),
            TypeError,
            "PassMoves's seats must be seats (ints), got True among them.",
        ),
        (
            ((1,), (HAND,), 3),
            HeartsError,
            "PassMoves's seats must be indices of its hand_masks, from 0 to 0, got 1 among them.",
        ),
        (
            ((0, 0), (HAND,), 3),
            HeartsError,
            "PassMoves's seats must each be named once, got (0, 0).",
        ),
        (
            ((0,), (), 3),
            HeartsError,
            "PassMoves's hand_masks must hold a card mask for each seat it names, got none.",
        ),
        (
            ((0,), HAND, 3),
            TypeError,
            "PassMoves's hand_masks must be a sequence of card masks (one int per seat), got "
            f"{HAND}.",
        ),
        (
            ((0,), ("QS",), 3),
            TypeError,
            "PassMoves's hand_masks must be card masks (ints), got 'QS' among them.",
        ),
        (
            ((0,), (-1,), 3),
            HeartsError,
            "PassMoves's hand_masks must be card masks (of the cards from 0 to 54), got -1 "
            "among them.",
        ),
        (
            ((0,), (HAND,), "3"),
            TypeError,
            "PassMoves's count must be an int (the cards each pass holds), got '3'.",
        ),
        (
            ((0,), (HAND,), -1),
            HeartsError,
            "PassMoves's count must be a number of cards from 0 to 55, got -1.",
        ),
        (
            ((0,), (HAND,), 10**309),
            HeartsError,
            "PassMoves's count must be a number of cards from 0 to 55, got an int of about "
            "310 digits.",
        ),
        (
            ((0,), (HAND,), 3, "QS"),
            TypeError,
            "PassMoves's unpassable must be a card mask (an int, as CardSet.mask), got 'QS'.",
        ),
    ],
)
def test_pass_moves_checks_its_fields(
    arguments: tuple[object, ...], kind: type[Exception], message: str
) -> None:
    assert refused(lambda: PassMoves(*arguments), kind) == message


def test_pass_moves_takes_sequences_and_refuses_indices_of_other_types() -> None:
    moves = PassMoves([0], [HAND], 3, CardSet("QS").mask)
    assert len(moves) == 4 and moves == PassMoves((0,), (HAND,), 3, CardSet("QS").mask)
    assert pickle.loads(pickle.dumps(moves)) == moves
    assert refused(lambda: moves["x"], TypeError) == (  # type: ignore[call-overload]
        "PassMoves indices are ints or slices, got 'x'."
    )
    assert refused(lambda: moves[1.0], TypeError) == (  # type: ignore[call-overload]
        "PassMoves indices are ints or slices, got 1.0."
    )
    assert refused(lambda: moves.index(moves[0], "x"), TypeError) == (
        "PassMoves.index takes an int start, got 'x'."
    )
    assert refused(lambda: moves.index(moves[0], 0, 1.5), TypeError) == (
        "PassMoves.index takes an int stop or None, got 1.5."
    )
    assert moves.index(moves[2]) == 2


MASKS = "a tuple of 4 card masks (ints, as CardSet.mask), one per seat"


@pytest.mark.parametrize(
    ("field", "value", "kind", "message"),
    [
        ("rules", "standard", TypeError, "rules must be a hearts.Rules value, got 'standard'."),
        ("seed", "7", TypeError, "seed must be an int, got '7'."),
        (
            "seed",
            10**2000,
            HeartsError,
            "seed must be an int of at most 1,000 digits, got an int of about 2,001 digits.",
        ),
        ("phase", "play", TypeError, "phase must be a Phase, got 'play'."),
        ("hand_number", -1, HeartsError, "hand_number must be an int of at least 0, got -1."),
        ("hand_number", 1.0, TypeError, "hand_number must be an int of at least 0, got 1.0."),
        (
            "scores",
            (0, 0),
            HeartsError,
            "scores must be a tuple of 4 ints, one per seat, got (0, 0) (2 values).",
        ),
        (
            "scores",
            [0, 0, 0, 0],
            TypeError,
            "scores must be a tuple of 4 ints, one per seat, got [0, 0, 0, 0].",
        ),
        (
            "results",
            None,
            TypeError,
            "results must be a sequence of HandResult values (a History or a tuple), got None.",
        ),
        (
            "pass_direction",
            "left",
            TypeError,
            "pass_direction must be a PassDirection, got 'left'.",
        ),
        ("pass_count", "3", TypeError, "pass_count must be an int of at least 0, got '3'."),
        ("dealt_masks", None, TypeError, f"dealt_masks must be {MASKS}, got None."),
        (
            "hand_masks",
            (0, 0, 0, 1 << 60),
            HeartsError,
            f"hand_masks must be {MASKS}, each of the cards 0 to 54, got "
            "1152921504606846976 among them.",
        ),
        (
            "passed_masks",
            (0, 0, 0),
            HeartsError,
            f"passed_masks must be {MASKS}, got (0, 0, 0) (3 values).",
        ),
        (
            "to_move",
            (0, 4),
            HeartsError,
            "to_move must be a tuple of distinct seats, ints from 0 to 3, got (0, 4).",
        ),
        (
            "to_move",
            (0, 0),
            HeartsError,
            "to_move must be a tuple of distinct seats, ints from 0 to 3, got (0, 0).",
        ),
        (
            "to_move",
            0,
            TypeError,
            "to_move must be a tuple of distinct seats, ints from 0 to 3, got 0.",
        ),
        ("leader", 4, HeartsError, "leader must be a seat, an int from 0 to 3: P4 is not a seat."),
        ("leader", None, TypeError, "leader must be a seat, an int from 0 to 3, got None."),
        ("trick", ("QS",), TypeError, "trick must be a tuple of Card values, got ('QS',)."),
        ("tricks", [1], TypeError, "tricks must be a tuple of Trick values, got [1]."),
        ("taken_masks", 0, TypeError, f"taken_masks must be {MASKS}, got 0."),
        ("hearts_broken", 1, TypeError, "hearts_broken must be a bool, got 1."),
        (
            "ruled_out_masks",
            (0,),
            HeartsError,
            f"ruled_out_masks must be {MASKS}, got (0,) (1 values).",
        ),
    ],
)
def test_state_checks_its_fields(
    field: str, value: object, kind: type[Exception], message: str
) -> None:
    fields = {**fields_of(passing()), field: value}
    assert refused(lambda: hearts.State(**fields), kind) == f"State's {message}"  # type: ignore[arg-type]


def test_state_built_from_its_fields_is_the_state() -> None:
    """The checks let every state of a game through, rebuilt by its constructor."""
    state = hearts.new_game(seed=9)
    for _ in range(80):
        rebuilt = hearts.State(**fields_of(state))  # type: ignore[arg-type]
        assert rebuilt == state and rebuilt.position == state.position
        assert pickle.loads(pickle.dumps(state)) == state
        state = hearts.apply(state, hearts.legal_moves(state)[-1])
    assert state.replace(seed=2).seed == 2


INTS = "a tuple of 4 ints, one per seat"


@pytest.mark.parametrize(
    ("field", "value", "kind", "message"),
    [
        ("hand_number", "0", TypeError, "hand_number must be an int of at least 0, got '0'."),
        ("pass_direction", 1, TypeError, "pass_direction must be a PassDirection, got 1."),
        (
            "dealt",
            ("2C",) * 4,
            TypeError,
            "dealt must be a tuple of CardSet values, one per seat (3 to 7), got "
            "('2C', '2C', '2C', '2C').",
        ),
        (
            "dealt",
            (CardSet(),) * 2,
            HeartsError,
            "dealt must be a tuple of CardSet values, one per seat (3 to 7), got "
            "(CardSet(), CardSet()) (2 values).",
        ),
        (
            "passed",
            (CardSet(),) * 3,
            HeartsError,
            "passed must be a tuple of CardSet values, one per seat (4), got "
            "(CardSet(), CardSet(), CardSet()) (3 values).",
        ),
        ("tricks", None, TypeError, "tricks must be a tuple of Trick values, got None."),
        ("claim", 4, HeartsError, "claim must be None or a seat, an int from 0 to 3, got 4."),
        ("claim", "P1", TypeError, "claim must be None or a seat, an int from 0 to 3, got 'P1'."),
        ("tricks_won", (13,), HeartsError, f"tricks_won must be {INTS}, got (13,) (1 values)."),
        ("points", (0, 0, 0, "26"), TypeError, f"points must be {INTS}, got (0, 0, 0, '26')."),
        ("moon", -1, HeartsError, "moon must be None or a seat, an int from 0 to 3, got -1."),
        ("sun", 1.0, TypeError, "sun must be None or a seat, an int from 0 to 3, got 1.0."),
        ("shoot_mode", "add", TypeError, "shoot_mode must be None or a ShootMode, got 'add'."),
        ("counted", None, TypeError, f"counted must be {INTS}, got None."),
        ("shoot", [0, 0, 0, 0], TypeError, f"shoot must be {INTS}, got [0, 0, 0, 0]."),
        ("bonuses", (0, 0, 0, True), TypeError, f"bonuses must be {INTS}, got (0, 0, 0, True)."),
        ("chip_changes", (), HeartsError, f"chip_changes must be {INTS}, got () (0 values)."),
        (
            "adjustments",
            (0, 0, 0, 10**1001),
            HeartsError,
            f"adjustments must be {INTS}, each of at most 1,000 digits, got an int of about "
            "1,002 digits among them.",
        ),
        ("changes", "0000", TypeError, f"changes must be {INTS}, got '0000'."),
        (
            "scores",
            (0, 0, 0, 0, 0),
            HeartsError,
            f"scores must be {INTS}, got (0, 0, 0, 0, 0) (5 values).",
        ),
        ("pool", -1, HeartsError, "pool must be an int of at least 0, got -1."),
        (
            "winners",
            (9,),
            HeartsError,
            "winners must be a tuple of distinct seats, ints from 0 to 3, got (9,).",
        ),
    ],
)
def test_hand_result_checks_its_fields(
    field: str, value: object, kind: type[Exception], message: str
) -> None:
    fields = {**fields_of(finished().results[0]), field: value}
    assert refused(lambda: HandResult(**fields), kind) == f"HandResult's {message}"  # type: ignore[arg-type]


def test_hand_results_rebuilt_and_copied_are_equal() -> None:
    result = finished().results[0]
    assert HandResult(**fields_of(result)) == result  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(result)) == result
    assert result.replace(pool=0) == result


@pytest.mark.parametrize(
    ("field", "value", "kind", "message"),
    [
        ("rules", None, TypeError, "rules must be a hearts.Rules value, got None."),
        ("player", 4, HeartsError, "player must be a seat, an int from 0 to 3: P4 is not a seat."),
        ("player", "1", TypeError, "player must be a seat, an int from 0 to 3, got '1'."),
        ("phase", None, TypeError, "phase must be a Phase, got None."),
        (
            "scores",
            (0,) * 5,
            HeartsError,
            f"scores must be {INTS}, got (0, 0, 0, 0, 0) (5 values).",
        ),
        (
            "results",
            [1],
            TypeError,
            "results must be a sequence of HandResult values (a History or a tuple), got [1].",
        ),
        ("pass_count", -3, HeartsError, "pass_count must be an int of at least 0, got -3."),
        (
            "to_move",
            (1, 1),
            HeartsError,
            "to_move must be a tuple of distinct seats, ints from 0 to 3, got (1, 1).",
        ),
        (
            "trick",
            [Card("2C")],
            TypeError,
            "trick must be a tuple of Card values, got [Card('2♣')].",
        ),
        ("hearts_broken", None, TypeError, "hearts_broken must be a bool, got None."),
        (
            "hand_mask",
            "QS",
            TypeError,
            "hand_mask must be a card mask (an int, as CardSet.mask), got 'QS'.",
        ),
        (
            "received_mask",
            -1,
            HeartsError,
            "received_mask must be a card mask (an int, as CardSet.mask) of the cards 0 to 54, got -1.",
        ),
        (
            "hand_sizes",
            (13, 13, 13, -1),
            HeartsError,
            f"hand_sizes must be {INTS}, each at least 0, got -1 among them.",
        ),
        ("known_masks", (0,), HeartsError, f"known_masks must be {MASKS}, got (0,) (1 values)."),
        ("ruled_out_masks", None, TypeError, f"ruled_out_masks must be {MASKS}, got None."),
    ],
)
def test_player_view_checks_its_fields(
    field: str, value: object, kind: type[Exception], message: str
) -> None:
    fields = {**fields_of(hearts.view(passing(), 1)), field: value}
    assert refused(lambda: hearts.PlayerView(**fields), kind) == f"PlayerView's {message}"  # type: ignore[arg-type]


def test_views_rebuilt_and_copied_are_equal() -> None:
    seen = hearts.view(finished(), 2)
    assert hearts.PlayerView(**fields_of(seen)) == seen  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert seen.replace(player=1).player == 1


# --- hearts.env -------------------------------------------------------------------------


def test_the_environment_helpers_refuse_rules_that_are_not_rules() -> None:
    env = pytest.importorskip("hearts.env")
    for value, shown in (({}, "{}"), ([], "[]"), ("standard", "'standard'")):
        for name in ("pass_calls", "action_count"):
            assert refused(lambda n=name, v=value: getattr(env, n)(v), TypeError) == (
                f"{name} needs a hearts.Rules value for rules, got {shown}."
            )
    assert refused(lambda: env.actions_of({}, hearts.Play(0, "QS")), TypeError) == (
        "actions_of needs a hearts.Rules value for rules, got {}."
    )
    assert refused(lambda: env.SingleAgentEnv(opponents=5), TypeError) == (
        "SingleAgentEnv needs opponents as bots, one for each other seat (or None for "
        "RuleBot), got 5."
    )
    table = env.HeartsEnv()
    table.reset(seed=1)
    message = refused(lambda: table.step(10**309), hearts.IllegalMoveError)
    assert message.startswith("player_0 chose action an int of about 310 digits, which is not")


# --- hearts.svg ---------------------------------------------------------------------------


SIZE = "size=None or a width in pixels (an int from 1 to 100,000)"


@pytest.mark.parametrize("name", ["cards", "trick", "table", "result"])
@pytest.mark.parametrize(
    ("size", "kind", "shown"),
    [
        (10**309, HeartsError, "an int of about 310 digits"),
        (-1, HeartsError, "-1"),
        (0, HeartsError, "0"),
        (100_001, HeartsError, "100001"),
        (float("nan"), TypeError, "nan"),
        (math.inf, TypeError, "inf"),
        ("x", TypeError, "'x'"),
        (True, TypeError, "True"),
        (640.0, TypeError, "640.0"),
    ],
)
def test_every_picture_refuses_a_size_that_is_no_width(
    name: str, size: object, kind: type[Exception], shown: str
) -> None:
    from hearts.display import svg

    state = finished()
    drawn = {
        "cards": CardSet("QS 2H"),
        "trick": state.results[0].tricks[0],
        "table": state,
        "result": state.results[0],
    }[name]
    draw = getattr(svg, name)
    assert refused(lambda: draw(drawn, size=size), kind) == (
        f"hearts.svg.{name} takes {SIZE}, got {shown}."
    )
    assert 'width="100000"' in draw(drawn, size=100_000)


# --- hearts.Rules -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("points", "QS", "'QS'"),
        ("points", 7, "7"),
        ("points", None, "None"),
        ("points", b"QS", "b'QS'"),
        ("points", [1, 2], "1 among them"),
        ("points", [("QS",)], "('QS',) among them"),
        ("points", [("QS", 13, 1)], "('QS', 13, 1) among them"),
        ("multipliers", "TC", "'TC'"),
        ("multipliers", 2, "2"),
        ("multipliers", ["TC"], "'TC' among them"),
    ],
)
def test_rules_refuse_a_card_table_of_another_shape(field: str, value: object, shown: str) -> None:
    number, example = ("number", "{'QS': 13, 'JD': -10}")
    if field == "multipliers":
        number, example = ("factor", "{'TC': 2}")
    assert refused(lambda: Rules(**{field: value}), RulesError) == (
        f"Rules.{field} must map cards to whole {number}s, as {example}, or be (card, {number}) "
        f"pairs, got {shown}."
    )


def test_rules_take_card_tables_as_mappings_or_pairs() -> None:
    assert Rules(points=[("QS", 13), ("JD", -10)]) == Rules(points={"QS": 13, "JD": -10})
    assert Rules(points=iter([("QS", 13)])) == Rules(points={"QS": 13})
    tables = Rules(multipliers=[("TC", 2)], target=None, hands=5)
    assert tables == Rules(multipliers={"TC": 2}, target=None, hands=5)


# --- hearts.batch ---------------------------------------------------------------------------


def test_the_batched_engine_refuses_what_is_not_a_batch_of_games() -> None:
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    from hearts.rl import batch

    state = batch.init(jax.random.split(jax.random.key(0), 2), Rules())
    actions = "an integer array of shape (2,), one action (0 to 51) per game"
    seat = "a seat, an int from 0 to 3, or an integer array of shape (2,), one seat per game"
    cases: list[tuple[Call, type[Exception], str]] = [
        (
            lambda: batch.step(state, None),
            TypeError,
            f"step needs actions as {actions}, got None.",
        ),
        (
            lambda: batch.step(state, [0, 0]),
            TypeError,
            f"step needs actions as {actions}, got [0, 0].",
        ),
        (
            lambda: batch.step(state, jnp.zeros(2)),
            TypeError,
            f"step needs actions as {actions}, got an array of shape (2,) and dtype float32.",
        ),
        (
            lambda: batch.step(state, jnp.zeros(3, dtype=jnp.int32)),
            HeartsError,
            f"step needs actions as {actions}, got an array of shape (3,) and dtype int32.",
        ),
        (
            lambda: batch.step({}, jnp.zeros(2, dtype=jnp.int32)),
            TypeError,
            "step needs a hearts.batch.State (as hearts.batch.init makes), got {}.",
        ),
        (
            lambda: batch.effective_actions(state, None),
            TypeError,
            f"effective_actions needs actions as {actions}, got None.",
        ),
        (
            lambda: batch.init(jax.random.split(jax.random.key(0), 0), Rules()),
            HeartsError,
            "init needs one PRNG key per game, at least one (jax.random.split(key, games)), "
            "got an array of shape (0,) and dtype key<fry>.",
        ),
        (
            lambda: batch.init(jnp.zeros((0, 2), dtype=jnp.uint32), Rules()),
            HeartsError,
            "init needs one PRNG key per game, at least one (jax.random.split(key, games)), "
            "got an array of shape (0, 2) and dtype uint32.",
        ),
        (
            lambda: batch.init(jax.random.key(0), Rules()),
            HeartsError,
            "init needs one PRNG key per game, at least one (jax.random.split(key, games)), "
            "got an array of shape () and dtype key<fry>.",
        ),
        (
            lambda: batch.init(jnp.zeros((2, 2)), Rules()),
            TypeError,
            "init needs PRNG keys, one per game: typed keys (jax.random.split(key, games)) or "
            "raw uint32 key data with one row per game, got an array of shape (2, 2) and dtype "
            "float32.",
        ),
        (
            lambda: batch.init(jax.random.split(jax.random.key(0), 2), "standard"),
            TypeError,
            "init needs rules as a hearts.Rules value (or the BatchRules of make_rules), got "
            "'standard'.",
        ),
        (lambda: batch.observe(state, 7), HeartsError, f"observe needs player as {seat}, got 7."),
        (lambda: batch.observe(state, -1), HeartsError, f"observe needs player as {seat}, got -1."),
        (
            lambda: batch.observe(state, 10**309),
            HeartsError,
            f"observe needs player as {seat}, got an int of about 310 digits.",
        ),
        (lambda: batch.observe(state, "1"), TypeError, f"observe needs player as {seat}, got '1'."),
        (
            lambda: batch.observe(state, True),
            TypeError,
            f"observe needs player as {seat}, got True.",
        ),
        (lambda: batch.observe(state, 1.5), TypeError, f"observe needs player as {seat}, got 1.5."),
        (
            lambda: batch.observe(state, jnp.zeros(3, dtype=jnp.int32)),
            HeartsError,
            f"observe needs player as {seat}, got an array of shape (3,) and dtype int32.",
        ),
        (
            lambda: batch.observe(state, np.array([0, 9])),
            HeartsError,
            f"observe needs player as {seat}, got seats outside 0 to 3.",
        ),
        (
            lambda: batch.observe(state, 1, history=1),
            TypeError,
            "observe needs history as True or False, got 1.",
        ),
        (
            lambda: batch.legal_action_mask(None),
            TypeError,
            "legal_action_mask needs a hearts.batch.State (as hearts.batch.init makes), got None.",
        ),
        (
            lambda: batch.game_rewards(5),
            TypeError,
            "game_rewards needs a hearts.batch.State (as hearts.batch.init makes), got 5.",
        ),
        (
            lambda: batch.random_actions(state, None),
            TypeError,
            "random_actions needs one PRNG key (jax.random.key(seed), or raw uint32 key data), "
            "got None.",
        ),
        (
            lambda: batch.random_actions(state, jax.random.split(jax.random.key(0), 2)),
            HeartsError,
            "random_actions needs one PRNG key (jax.random.key(seed), or raw uint32 key data), "
            "got an array of shape (2,) and dtype key<fry>.",
        ),
        (
            lambda: batch.to_cards("x"),
            TypeError,
            "to_cards needs sets as a JAX or NumPy array of uint32 card sets (one word per "
            "suit), its last axis of 4 (or 5, with the jokers), got 'x'.",
        ),
        (
            lambda: batch.from_cards(jnp.zeros(5, dtype=bool)),
            HeartsError,
            "from_cards needs cards as an array of flags (one per card), its last axis of 52 (or "
            "55, with the jokers), got an array of shape (5,) and dtype bool.",
        ),
    ]
    for call, kind, message in cases:
        assert refused(call, kind) == message
    # What is right still runs: seats as ints, NumPy ints and arrays; NumPy actions.
    assert batch.observe(state, np.int64(3)).shape == (2, 1487)
    assert batch.observe(state, state.current_player).shape == (2, 1487)
    assert batch.step(state, np.zeros(2, dtype=np.int64)).phase.shape == (2,)
    assert jax.jit(batch.step)(
        state, batch.random_actions(state, jax.random.key(1))
    ).phase.shape == (2,)
