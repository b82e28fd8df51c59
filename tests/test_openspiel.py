"""Agreement with OpenSpiel's C++ hearts, and the OpenSpiel adapter.

OpenSpiel is a test dependency (the ``dev`` extra): if it cannot be imported, this module
fails to import, and the run fails; it is never skipped.
"""

from __future__ import annotations

import json
import random
import re

import pyspiel
import pytest
from differential import ALL_PARAMETERS, run
from events import DIFFERENTIAL_EVENTS

import hearts
from hearts import Card, HeartsError, PassDirection
from hearts.interop import openspiel

CI_DEALS = 5_120  # 20 deals for each of the 256 parameter combinations


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
def test_differential_play_agrees_on_every_decision() -> None:
    """Legal cards at every decision and points at the end agree over all 256 combinations."""
    events = run(CI_DEALS)
    DIFFERENTIAL_EVENTS.update(events)
    assert events["deals"] == CI_DEALS
    assert events["combinations"] == len(ALL_PARAMETERS) == 256
    for needed in (
        "moons",
        "moons with J♦ worth -10",
        "first-trick fallbacks (only penalty cards)",
        "only-hearts leads",
        "leads from only hearts and Q♠",
        "no-trick bonuses",
    ):
        assert events[needed] > 0, f"the run saw no {needed}"


def test_cards_map_to_openspiel_actions_and_back() -> None:
    for card in range(52):
        action = openspiel.card_to_action(Card(card))
        assert openspiel.action_to_card(action) == card
    assert [openspiel.card_to_action(Card(text)) for text in ("2C", "2D", "2H", "2S", "3C")] == [
        0,
        1,
        2,
        3,
        4,
    ]


def test_card_names_match_openspiel() -> None:
    state = pyspiel.load_game("hearts").new_initial_state()
    state.apply_action(1)
    for action in range(52):
        assert state.action_to_string(action) == openspiel.action_to_card(action).ascii


def test_states_convert_both_ways_at_every_step() -> None:
    rng = random.Random(5)
    rules = openspiel.rules_for({}, "right")
    state = hearts.from_hands(hearts.seeded_deal(rules, 3, 0).hands, rules)
    steps = 0
    while not state.is_over:
        theirs = openspiel.to_openspiel(state)
        assert openspiel.from_openspiel(theirs) == state
        moves = hearts.legal_moves(state, state.to_move[0])  # OpenSpiel passes in seat order
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
        steps += 1
    assert steps == 4 + 52


def test_out_of_order_passes_have_no_openspiel_equivalent() -> None:
    rules = openspiel.rules_for({}, "left")
    state = hearts.from_hands(hearts.seeded_deal(rules, 3, 0).hands, rules)
    state = hearts.apply(state, hearts.legal_moves(state, 2)[0])
    with pytest.raises(HeartsError, match="P0 has not passed while a later seat has"):
        openspiel.to_openspiel(state)


def test_from_openspiel_midway_through_a_pass() -> None:
    theirs = pyspiel.load_game("hearts").new_initial_state()
    for action in [1, *range(52), 0, 4]:  # P0 has chosen two of its three cards
        theirs.apply_action(action)
    ours = openspiel.from_openspiel(theirs)
    assert ours.phase is hearts.Phase.PASS
    assert ours.to_move == (0, 1, 2, 3)


def test_rules_for_maps_every_parameter() -> None:
    rules = openspiel.rules_for(
        {
            "pass_cards": False,
            "no_pts_on_first_trick": False,
            "can_lead_any_club": True,
            "jd_bonus": True,
            "avoid_all_tricks_bonus": True,
            "must_break_hearts": False,
            "qs_breaks_hearts": False,
            "can_lead_hearts_instead_of_qs": True,
        }
    )
    assert rules.pass_cycle == (PassDirection.HOLD,)
    assert rules.first_trick is hearts.FirstTrick.OPEN
    assert rules.first_lead is hearts.FirstLead.ANY_CLUB
    assert rules.card_points[Card("JD")] == -10
    assert rules.no_trick_bonus == -5
    assert not rules.must_break_hearts
    assert not rules.queen_breaks_hearts
    assert rules.can_lead_hearts_instead_of_queen
    assert (rules.target, rules.hands) == (None, 1)
    with pytest.raises(HeartsError, match="'jd' is not a parameter of OpenSpiel's hearts"):
        openspiel.rules_for({"jd": True})


def test_openspiel_preset_is_openspiels_defaults() -> None:
    preset = hearts.Rules.preset("openspiel")
    assert preset == openspiel.rules_for({}).replace(pass_cycle="standard")


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
@pytest.mark.parametrize(
    "name", ["standard", "omnibus", "three-player", "five-player", "wocg", "black-maria"]
)
def test_adapter_passes_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": name})
    assert game.num_players() == hearts.Rules.preset(name).players
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(
    "rules",
    [
        hearts.Rules(chips=4, dealer_chooses_pass=True),
        hearts.Rules(moon="choose", sun="choose", dealer_chooses_pass=True, target=50),
    ],
    ids=["chips", "shoot-choice"],
)
def test_adapter_passes_random_sim_test_with_serialization(rules: hearts.Rules) -> None:
    import json

    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": json.dumps(rules.to_dict())})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_adapter_takes_rules_as_json_and_plays_a_whole_game() -> None:
    import json

    rules = hearts.Rules(players=5, jokers=3, target=30, dealer_chooses_pass=True, claims=True)
    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": json.dumps(rules.to_dict())})
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.state.is_over
    assert state.returns() == [-score for score in state.state.scores]


def test_adapter_action_strings() -> None:
    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": "standard"})
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 49) == "Q♠"
    for action in range(52):
        state.apply_action(action)
    assert state.current_player() == 0
    assert state.action_to_string(0, 0) == "2♣"
    assert state.action_to_string(0, 55) == "P0 claims the rest"


def test_adapter_information_state_is_the_players_view() -> None:
    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": "standard"})
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.state.phase is hearts.Phase.PLAY
    for player in range(4):
        # Deal the cards this player has not seen anew: its information state is the same.
        other = game.new_initial_state()
        other.state = hearts.sample(hearts.view(state.state, player), random.Random(player))
        assert other.state != state.state
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_string((player + 1) % 4) != state.information_state_string(
            (player + 1) % 4
        )
    text = state.information_state_string(0)
    assert f"own {state.state.hand_masks[0]:x} " in text and "|trick " in text


def test_adapter_offers_a_claim_exactly_where_the_players_view_proves_it() -> None:
    """Legal actions are a function of the information state: claims too (Rules.claims)."""
    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": json.dumps({"claims": True})})
    offered = checked = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if state.state.phase is hearts.Phase.PLAY:
                player = state.current_player()
                seen = hearts.view(state.state, player)
                claim = hearts.Claim(player) in hearts.legal_moves(seen)
                assert (55 in state.legal_actions()) == claim
                offered += claim
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 200 and offered


# --- issue 13: bad input to the adapter is refused with a sentence ---------------------------


def test_card_to_action_takes_a_card_its_int_or_its_text() -> None:
    import numpy as np

    for card in (Card("QS"), 49, "QS", "q♠", np.int64(49)):
        assert openspiel.card_to_action(card) == 43  # type: ignore[arg-type]
    for joker in (Card("JK1"), 53, "JK3"):
        with pytest.raises(HeartsError, match=r"^JK\d has no OpenSpiel action: OpenSpiel's"):
            openspiel.card_to_action(joker)
    with pytest.raises(HeartsError, match=r"^55 is not a card: a card is an int from 0 to 54\.$"):
        openspiel.card_to_action(55)
    with pytest.raises(HeartsError, match=r"^'ZZ' is not a card: "):
        openspiel.card_to_action("ZZ")
    for wrong in (None, 1.5, True, [49]):
        with pytest.raises(TypeError, match=r"^card_to_action needs a card \(a hearts\.Card, "):
            openspiel.card_to_action(wrong)  # type: ignore[arg-type]


def test_action_to_card_refuses_an_action_that_is_no_card() -> None:
    import numpy as np

    assert openspiel.action_to_card(np.int64(43)) == Card("QS")  # type: ignore[arg-type]
    for action in (-1, 52, 99):
        with pytest.raises(
            HeartsError,
            match=rf"^{action} is not a card action of OpenSpiel's hearts: its cards are "
            r"actions 0 to 51 \(rank \* 4 \+ suit\)\.$",
        ):
            openspiel.action_to_card(action)
    with pytest.raises(HeartsError, match=r"^an int of about 5,001 digits is not a card action"):
        openspiel.action_to_card(10**5000)
    for wrong in (None, "43", True, 43.0):
        with pytest.raises(TypeError, match=r"^action_to_card needs an action \(an int\), got "):
            openspiel.action_to_card(wrong)  # type: ignore[arg-type]


def _json_error(text: str) -> str:
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return f"{error.msg} at line {error.lineno}, column {error.colno}"
    raise AssertionError(f"{text!r} is valid JSON")


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            '{"players": 3,}',
            # Python's own sentence for the error, which differs between versions.
            r"^The rules parameter of python_hearts_rules is not valid JSON: "
            + re.escape(_json_error('{"players": 3,}'))
            + r"\.$",
        ),
        ("standrad", r"^There is no preset 'standrad'"),
        ('{"players": 9}', r"^Rules\.players must be a whole number from 3 to 7, got 9\.$"),
        ('{"player": 3}', r"^Rules\.from_dict got unknown field 'player'"),
        ("[3]", r"^Rules\.from_dict needs a mapping of fields, got \[3\]\.$"),
        (
            "b64:!!",
            r"^The rules parameter of python_hearts_rules starts with 'b64:' but the rest, "
            r"'!!', is not the unpadded URL-safe base64 of JSON text\.$",
        ),
    ],
    ids=["invalid JSON", "unknown preset", "bad field", "unknown field", "not an object", "b64"],
)
def test_the_pyspiel_game_refuses_bad_rules_when_loaded(rules: str, message: str) -> None:
    with pytest.raises(hearts.RulesError, match=message):
        pyspiel.load_game(openspiel.GAME_NAME, {"rules": rules})
    with pytest.raises(hearts.RulesError, match=message):
        openspiel.HeartsRulesGame({"rules": rules})


def test_the_pyspiel_game_constructor_refuses_other_parameters_and_types() -> None:
    with pytest.raises(HeartsError, match=r"^python_hearts_rules has one parameter, rules, and "):
        openspiel.HeartsRulesGame({"rules": "standard", "players": 3})
    with pytest.raises(TypeError, match=r"^The rules parameter of python_hearts_rules is a "):
        openspiel.HeartsRulesGame({"rules": 3})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'players'"):
        pyspiel.load_game(openspiel.GAME_NAME, {"players": 3})  # pyspiel's own check


def _snapshot(state: openspiel.HeartsRulesState) -> tuple[object, ...]:
    return (
        state.state,
        list(state._dealt),
        state._selected,
        state.history(),
        state.current_player(),
        [state.information_state_string(p) for p in range(state.num_players())],
    )


def _refused(state: openspiel.HeartsRulesState, action: int, message: str) -> None:
    before = _snapshot(state)
    with pytest.raises(hearts.IllegalMoveError, match=message):
        state.apply_action(action)
    assert _snapshot(state) == before


def test_apply_action_refuses_an_illegal_action_and_leaves_the_state_unchanged() -> None:
    game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": "three-player"})  # no 2♦
    state = game.new_initial_state()
    _refused(state, 1000, r"^Action 1000 is not an action of python_hearts_rules: its actions ")
    _refused(state, 54, r"^Action 54 is not a chance outcome now: .* these rules' deck has no JK3")
    _refused(state, 13, r"these rules' deck has no 2♦\.$")
    state.apply_action(0)
    _refused(
        state,
        0,
        r"^Action 0 is not a chance outcome now: the next card dealt is one of the "
        r"50 not yet dealt, and 2♣ has been dealt already\.$",
    )
    for card in range(1, 52):
        if card != 13:
            state.apply_action(card)
    assert state.current_player() == 0 and state.state.phase is hearts.Phase.PASS
    held = state.legal_actions()
    _refused(state, 55, r"^Action 55 \(P0 claims the rest\) is not legal for P0 now: P0 is ")
    _refused(state, 1, r"^Action 1 \(3♣\) is not legal for P0 now: P0 does not hold 3♣\. The ")
    state.apply_action(held[0])
    _refused(state, held[0], r"has already picked .* for its pass\. The legal actions are \[")
    while state.state.phase is hearts.Phase.PASS:
        state.apply_action(state.legal_actions()[-1])
    leader = state.current_player()
    lead = state.legal_actions()
    assert lead == [0]  # 2♣ leads
    hand = state.state.hand_masks[leader]
    other = next(c for c in range(1, 52) if hand >> c & 1)
    _refused(
        state,
        other,
        rf"^Action {other} \({Card(other)}\) is not legal for P{leader} now: P{leader} may not "
        rf"lead {Card(other)}: .* The legal actions are \[0\]\.$",
    )
    _refused(
        state,
        56,
        rf"^Action 56 \(P{leader} adds the shot to every other player\) is not legal for "
        rf"P{leader} now: P{leader} may not choose how a shot is scored: ",
    )
    _refused(state, 55, rf"^Action 55 \(P{leader} claims the rest\) is not legal for P{leader} ")
    state.apply_action(0)  # the legal lead is still taken
    assert state.history()[-1] == 0 and state.state.trick == (Card("2C"),)


def test_apply_action_refuses_any_action_once_the_game_is_over() -> None:
    rules = openspiel.rules_parameter(hearts.Rules(hands=1, target=None))
    state = pyspiel.load_game(openspiel.GAME_NAME, {"rules": rules}).new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    _refused(state, 0, r"^Action 0 comes after the end of the game: a terminal state takes no ")


def test_action_strings_refuse_an_action_out_of_range() -> None:
    state = pyspiel.load_game(openspiel.GAME_NAME, {"rules": "standard"}).new_initial_state()
    with pytest.raises(HeartsError, match=r"^Action 999 is not an action of python_hearts_rules"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 999)
