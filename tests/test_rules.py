"""Rules: the standard defaults, derived defaults per player count, validation, replace."""

import pytest

import hearts
from hearts import Card, CardSet, PassDirection, Rules, RulesError, ShootMode

L, R, A, H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD


def test_default_is_the_standard_game() -> None:
    rules = Rules()
    assert rules.players == 4
    assert rules.removed == CardSet()
    assert len(rules.deck) == 52
    assert rules.hand_size == 13
    assert rules.pass_count == 3
    assert rules.pass_cycle == (L, R, A, H)
    assert [d.offset(rules.players) for d in rules.pass_cycle] == [1, 3, 2, 0]
    assert rules.target == 100
    assert rules.lowest_club == Card("2C")
    assert rules.moon_points == 26
    assert CardSet.from_mask(rules.penalty_mask) == CardSet("QS") | CardSet(
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    )


@pytest.mark.parametrize(
    ("players", "removed", "hand_size", "pass_count", "cycle", "first_lead"),
    [
        (3, "2D", 17, 3, (L, R, H), "2C"),
        (4, "", 13, 3, (L, R, A, H), "2C"),
        (5, "2C 2D", 10, 2, (L, R, H), "3C"),
        (6, "2C 2D 3C 2S", 8, 2, (L, R, A, H), "4C"),
        (7, "2C 2D 2S", 7, 2, (L, R, H), "3C"),
    ],
)
def test_defaults_follow_the_player_count(
    players: int,
    removed: str,
    hand_size: int,
    pass_count: int,
    cycle: tuple[PassDirection, ...],
    first_lead: str,
) -> None:
    # Removal per player count: Bicycle, Hoyle and pagat (3 and 5), Trickster (6).
    rules = Rules(players=players)
    assert rules.removed == CardSet(removed)
    assert rules.hand_size == hand_size
    assert rules.pass_count == pass_count
    assert rules.pass_cycle == cycle
    # The holder of the lowest club in the deck leads it.
    assert rules.lowest_club == Card(first_lead)
    assert rules.moon_points == 26


def test_explicit_removal_replaces_the_default() -> None:
    # Some books remove 2♣ for three players; then 3♣ leads.
    rules = Rules(players=3, removed="2C")
    assert rules.removed == CardSet("2C")
    assert rules.lowest_club == Card("3C")


def test_removing_a_heart_lowers_the_moon() -> None:
    # Foster: six players without all four 2s leaves 25 points in the deck.
    rules = Rules(players=6, removed="2C 2D 2H 2S")
    assert rules.moon_points == 25


def test_fields_accept_text() -> None:
    rules = Rules(pass_cycle=["left", "hold"], removed=[])
    assert rules.pass_cycle == (L, H)
    assert Rules(pass_cycle="hold").pass_cycle == (H,)


_ALL_BUT_EIGHT = " ".join(
    str(card) for card in Rules().deck if card not in CardSet("2C 3C 4C 5C 6C 7C 2H 3H")
)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 2}, r"Rules\.players must be a whole number from 3 to 7, got 2"),
        ({"players": 8}, r"Rules\.players .* got 8"),
        ({"players": True}, r"Rules\.players"),
        ({"players": "4"}, r"Rules\.players"),
        ({"removed": "2C"}, r"Rules\.removed leaves 51 cards, which 4 players cannot share evenly"),
        ({"removed": "2C ZZ"}, r"Rules\.removed must be a set of cards"),
        ({"players": 5, "removed": ""}, r"Rules\.removed leaves 52 cards, which 5 players"),
        (
            {"players": 3, "removed": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"},
            r"Rules\.removed takes out every club",
        ),
        (
            {"pass_count": 0},
            r"Rules\.pass_count must be a whole number from 1 to the hand size \(13\)",
        ),
        ({"pass_count": 14}, r"Rules\.pass_count .* got 14"),
        ({"pass_count": 2.5}, r"Rules\.pass_count"),
        ({"pass_count": 0, "pass_cycle": "none"}, r"Rules\.pass_count must be a whole number, 1"),
        (
            {"removed": _ALL_BUT_EIGHT},
            r"the hand size \(2\), got 3; give fewer, or pass_cycle='none' for a game without",
        ),
        ({"pass_cycle": ()}, r"Rules\.pass_cycle must name at least one direction"),
        (
            {"pass_cycle": ("left", "sideways")},
            r"Rules\.pass_cycle must be a cycle name \('standard', .*\) or a sequence of pass directions",
        ),
        (
            {"players": 5, "pass_cycle": ("left", "across")},
            r"Rules\.pass_cycle passes across, which 5 players cannot: 5 players have no seat across",
        ),
        ({"target": 0}, r"Rules\.target must be a whole number of at least 1 or None, got 0"),
        ({"target": -5}, r"Rules\.target"),
    ],
)
def test_invalid_rules_raise_naming_the_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**fields)  # type: ignore[arg-type]


def test_rules_are_frozen_hashable_values() -> None:
    rules = Rules(target=50)
    assert rules == Rules(target=50)
    assert hash(rules) == hash(Rules(target=50))
    assert rules != Rules()
    with pytest.raises(AttributeError):
        rules.target = 100  # type: ignore[misc]


def test_replace_changes_and_validates() -> None:
    rules = Rules().replace(target=50)
    assert rules.target == 50
    assert rules.pass_cycle == Rules().pass_cycle
    with pytest.raises(RulesError, match=r"Rules\.target"):
        Rules().replace(target=0)
    with pytest.raises(RulesError, match=r"Rules\.replace got unknown field 'goal'"):
        Rules().replace(goal=50)


def test_replace_players_rederives_defaults_but_keeps_choices() -> None:
    five = Rules().replace(players=5)
    assert five == Rules(players=5)
    custom = Rules(pass_cycle=("left",), target=50).replace(players=5)
    assert custom.pass_cycle == (L,)
    assert custom.removed == CardSet("2C 2D")
    assert custom.pass_count == 2
    assert custom.target == 50
    with pytest.raises(RulesError, match="no seat across"):
        Rules(pass_cycle=("across",)).replace(players=5)


def test_a_moon_every_hand_scored_by_subtracting_is_refused() -> None:
    """Found by Hypothesis: with one card worth points, its taker shoots the moon every
    hand; subtracting the moon, no total ever grows and the game never ends."""
    with pytest.raises(RulesError, match="the only card worth points, so whoever takes it"):
        Rules(players=3, points={"2C": 1}, moon="subtract")
    assert Rules(players=3, points={"2C": 1}, moon="add").moon_mask.bit_count() == 1
    assert Rules(players=3, points={"2C": 1}, moon="subtract", hands=5, target=None).hands == 5


def test_a_moon_every_hand_with_resets_is_refused() -> None:
    """Found by Hypothesis: with 2♣ the only point card, the others gain the moon each hand
    in equal steps, and a reset at 1 sends every total back to 0 forever."""
    with pytest.raises(RulesError, match=r"with Rules.resets=\[1\] they can be sent back"):
        Rules(players=3, points={"2C": 1}, target=1, resets=(1,), reset_amount=1)
    assert Rules(players=3, points={"2C": 1}, target=1, resets=(1,), moon="off").resets == (1,)
    assert Rules(players=3, points={"2C": 1}, resets=(1,), hands=3, target=None).hands == 3


def test_a_chip_game_asks_no_shoot_choice() -> None:
    """Rule (issue 13): in a chip game card points and shots do not change the chips, so
    ``moon='choose'`` (or ``sun='choose'``) would stop the game for a question that changes
    nothing: the combination is refused."""
    for field in ("moon", "sun"):
        with pytest.raises(
            RulesError, match=rf"^Rules\.{field}='choose' asks the shooter .* chip game"
        ):
            Rules.preset("chips").replace(**{field: "choose"})
    assert Rules.preset("chips").moon is ShootMode.ADD


def test_preset_names_ignore_case_and_suggest_the_closest() -> None:
    assert Rules.preset("Omnibus") == Rules.preset(" OMNIBUS ") == Rules.preset("omnibus")
    with pytest.raises(
        RulesError,
        match=r"^There is no preset 'omnibuss' \(did you mean 'omnibus'\?\); the presets are standard, ",
    ):
        Rules.preset("omnibuss")
    with pytest.raises(
        TypeError, match=r"^Rules\.preset needs a preset name \(a str\), got \['standard'\]\.$"
    ):
        Rules.preset(["standard"])  # type: ignore[arg-type]


def test_unknown_fields_are_named_with_the_closest_field() -> None:
    with pytest.raises(
        RulesError,
        match=r"^Rules\.from_dict got unknown field 'taget' \(did you mean 'target'\?\); the fields are players, jokers, ",
    ):
        Rules.from_dict({"taget": 50})


@pytest.mark.parametrize(
    "fields",
    [
        {"target": 10**5000},
        {"hands": 10**7},
        {"chips": -(10**5000)},
        {"score_floor": -(10**9)},
        {"points": {"QS": 10**5000}},
        {"resets": [10**5000]},
        {"moon_value": 10**5000},
    ],
)
def test_absurd_numbers_are_refused(fields: dict[str, object]) -> None:
    """Numbers beyond any game are refused with a sentence that does not print them."""
    with pytest.raises(
        RulesError, match=r"numbers in Rules may be at most 1,000,000 either side of 0\.$"
    ) as caught:
        Rules(**fields)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


def test_pass_count_is_not_bounded_by_the_hand_when_nothing_is_passed() -> None:
    """Rules.pass_count counts the cards passed; with pass_cycle='none' none are, so a hand
    of two cards keeps the default count of three (docs/variants.md, "Passing")."""
    rules = Rules(removed=_ALL_BUT_EIGHT, pass_cycle="none")
    assert (rules.hand_size, rules.pass_count) == (2, 3)
    state = hearts.new_game(rules, seed=1)
    state = hearts.apply(state, next(iter(hearts.legal_moves(state))))  # the deal
    assert state.phase is hearts.Phase.PLAY and state.pass_count == 0
    assert hearts.play_game(rules, [hearts.RandomBot()] * 4, seed=1).hands >= 1
    with pytest.raises(RulesError, match=r"the hand size \(2\), got 3"):
        rules.replace(pass_cycle="left")
    assert rules.replace(pass_cycle="left", pass_count=2).pass_count == 2
    with pytest.raises(RulesError, match=r"the hand size \(2\), got 3; give fewer \(the dealer"):
        rules.replace(dealer_chooses_pass=True)
