"""Scenario tests for scoring variants, the moon and the sun, game end, chips, claims,
presets and pinning. Each test names the rule it checks and its source (RULES.md)."""

from __future__ import annotations

import hashlib
import json

import pytest
from positions import MOON_HANDS, hold_hand, legal_cards, play, position

import hearts
from hearts import (
    Card,
    CardSet,
    Claim,
    IllegalMoveError,
    Phase,
    Rules,
    RulesError,
    ShootChoice,
    ShootMode,
    State,
)
from hearts.game.rules import PRESETS, STANDARD_POINTS


def play_out(state: State) -> State:
    """Play the current hand to its end, always choosing the first legal move."""
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over and state.phase is not Phase.SHOOT:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state


def score(
    rules: Rules, taken: list[str], scores: tuple[int, ...] = (0, 0, 0, 0), **kwargs: object
) -> hearts.HandResult:
    """Score a hand in which each seat took ``taken[seat]``."""
    zeros = (0,) * rules.players
    return hearts.score_hand(
        rules,
        hand_number=0,
        pass_direction=hearts.PassDirection.HOLD,
        scores=scores,
        dealt_masks=zeros,
        passed_masks=zeros,
        tricks=(),
        taken_masks=tuple(CardSet(cards).mask for cards in taken),
        **kwargs,  # type: ignore[arg-type]
    )


ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


# --- point tables -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cards", "points"),
    [
        ("omnibus", "JD QS 2H", 4),  # J♦ -10 (pagat, gnome-hearts, OpenSpiel)
        ("omnibus-10d", "TD JD", -10),  # 10♦ -10 (Bicycle)
        ("hooligan", "7C 2H", 8),  # 7♣ +7
        ("pink-lady", "QH QS 2H", 27),  # Q♥ 13 (pagat, Wikipedia)
        ("black-maria", "AS KS QS", 30),  # A♠ 7, K♠ 10, Q♠ 13 (Parlett)
        ("rickety-kate", "AS KS QS", 33),  # A♠ 10, K♠ 10, Q♠ 13
        ("weighted-hearts", "AH KH QH JH TH", 15),  # Standard Hoyle (1887)
        ("spot-hearts", "AH 2H QS", 41),  # face value, Q♠ 25 (gnome-hearts)
    ],
)
def test_point_tables(preset: str, cards: str, points: int) -> None:
    assert hearts.hand_points(Rules.preset(preset), CardSet(cards).mask) == points


def test_moon_value_is_the_decks_positive_total() -> None:
    assert Rules.preset("black-maria").moon_points == 26 - 0 + 17  # 2♣ removed, not a heart
    assert Rules.preset("hooligan").moon_points == 33
    assert Rules.preset("pink-lady").moon_points == 38
    assert Rules.preset("omnibus").moon_points == 26
    assert Rules(players=6, removed="2C 2D 2H 2S").moon_points == 25  # Foster: all four 2s
    assert Rules(moon_value=20).moon_points == 20


def test_penalty_cards_follow_the_table_unless_given() -> None:
    """Penalty cards (first trick, forced discard, moon) are the cards worth points."""
    black_maria = Rules(points={**STANDARD_POINTS, "AS": 7, "KS": 10})
    state = play(position(["2C", "AS KS 3D", "3H", "9C"], black_maria, first_trick=True), "2C")
    assert legal_cards(state) == CardSet("3D")
    explicit = Rules(points={**STANDARD_POINTS, "AS": 7, "KS": 10}, penalty_cards="QS")
    state = play(position(["2C", "AS KS 3D", "3H", "9C"], explicit, first_trick=True), "2C")
    assert legal_cards(state) == CardSet("AS KS 3D")


def test_no_trick_bonus() -> None:
    """Rule: a player who took no trick gets -5 (OpenSpiel avoid_all_tricks_bonus, Wikipedia)."""
    rules = Rules(no_trick_bonus=-5)
    result = score(rules, ["QS 2C 3C 4C", ALL_HEARTS + " 5C 6C 7C", "", ""])
    assert result.bonuses == (0, 0, -5, -5)
    assert result.changes == (13, 13, -5, -5)
    moon = score(rules, ["QS " + ALL_HEARTS + " 2C 3C", "", "", ""])
    assert moon.bonuses == (0, 0, 0, 0)  # never on a moon hand


def test_no_heart_bonus() -> None:
    """Rule: each player who took no heart gets a fixed amount (a public TypeScript Hearts
    server's bloodOnTheMoon: "+5 penalty if no hearts taken in round"), beside the no-trick
    bonus, which a player without a trick also gets; never on a moon hand (decided here, as
    for the no-trick bonus: docs/scoring.md)."""
    rules = Rules(no_heart_bonus=-2, no_trick_bonus=-5)
    result = score(rules, ["QS 2C 3C 4C", ALL_HEARTS + " 5C 6C 7C", "8C 9C TC JC", ""])
    assert result.bonuses == (-2, 0, -2, -7)
    assert result.changes == (11, 13, -2, -7)
    moon = score(rules, ["QS " + ALL_HEARTS + " 2C 3C", "4C 5C 6C 7C", "", ""])
    assert moon.bonuses == (0, 0, 0, 0)
    assert hearts.game.scoring.scoring_cards(
        Rules(points={**STANDARD_POINTS, "2H": 0}, no_heart_bonus=1)
    ) & (CardSet("2H").mask)
    with pytest.raises(RulesError, match=r"Rules\.no_heart_bonus=-2 adds points, but a chip"):
        Rules(chips=10, no_heart_bonus=-2)


def test_a_multiplier_card_doubles_its_takers_points() -> None:
    """Rule: 10♣ doubles the points of whoever takes it (Gong Zhu, Wikipedia: the 10♣
    "doubles a player's points"; a public TypeScript Hearts server's tenOfClubsDoubles).
    Taken with no card worth points it scores Rules.multiplier_alone: 0 by default (that
    server: 0 x 2), Gong Zhu's "+50" to its taker being multiplier_alone=-50 here."""
    rules = Rules(multipliers={"TC": 2})
    result = score(rules, ["TC QS 2H", "3H 4H", "2C", "AD"])
    assert result.points == (14, 2, 0, 0)
    assert result.counted == (28, 2, 0, 0)
    assert result.changes == (28, 2, 0, 0)
    alone = score(rules.replace(multiplier_alone=-50), ["TC 3C", "QS 2H", "", ""])
    assert alone.counted == (-50, 14, 0, 0)
    assert score(rules, ["TC 3C", "QS 2H", "", ""]).counted == (0, 14, 0, 0)
    omnibus = Rules.preset("omnibus").replace(multipliers={"TC": 2, "TD": 3})
    assert score(omnibus, ["TC TD JD 2H", "QS", "", ""]).counted == (-54, 13, 0, 0)


def test_a_multiplier_card_on_a_moon_hand_scales_only_what_still_counts() -> None:
    """Decided where the sources are silent: on a moon hand the shot scores as usual, a
    multiplier scales only the cards still counted (Omnibus's J♦), and the alone value is
    not given (like the no-trick bonus, docs/scoring.md)."""
    rules = Rules.preset("omnibus").replace(multipliers={"TC": 2}, multiplier_alone=-50)
    moon = score(rules, ["QS " + ALL_HEARTS, "TC JD", "TD", ""])
    assert moon.moon == 0
    assert moon.counted == (0, -20, 0, 0)
    assert moon.changes == (0, 6, 26, 26)
    alone = score(rules, ["QS " + ALL_HEARTS, "TC", "JD", ""])
    assert alone.counted == (0, 0, -10, 0)
    # The automatic safety judges the totals the multiplier makes: P1's doubled J♦ would
    # let it win on an added moon, so the shooter subtracts.
    safety = rules.replace(moon="safety", multiplier_alone=0)
    result = score(safety, ["QS " + ALL_HEARTS, "TC JD", "TD", "2C"], scores=(80, 70, 90, 90))
    assert result.shoot_mode is ShootMode.SUBTRACT
    assert result.changes == (-26, -20, 0, 0)
    with pytest.raises(RulesError, match=r"multiplier_alone=-5 scores a multiplier card taken"):
        Rules(multiplier_alone=-5)
    with pytest.raises(RulesError, match=r"Rules\.multipliers gives 10♣ the factor 1: use"):
        Rules(multipliers={"TC": 1})
    with pytest.raises(RulesError, match=r"a chip game \(Rules\.chips\) never reads points"):
        Rules(chips=10, multipliers={"TC": 2})


def test_partners_add_their_points_and_carry_one_score() -> None:
    """Rule: partners sit opposite and "each team combines their scores" (Wikipedia's
    "Partner hearts"; Joe Andrews on the original game); both partners carry the
    partnership's total."""
    rules = Rules.preset("partnership")
    result = score(rules, ["QS 2H", "3H 4H", "5H", ""], scores=(10, 4, 10, 4))
    assert result.points == (14, 2, 1, 0)
    assert result.changes == (15, 2, 15, 2)
    assert result.scores == (25, 6, 25, 6)


def test_a_partnership_shoots_the_moon_together() -> None:
    """Rule: in the original partnership game "one member might take 12 hearts, and the
    other would take the spade Queen and the other heart": the shooting side scores 0 and
    the other side 26 (Joe Andrews, Silver Creek forums). One partner taking them all is a
    shot of the partnership too. Points split with an opponent are no shot."""
    rules = Rules.preset("partnership")
    together = score(rules, ["QS 2H 3H 4H 5H 6H", "", "7H 8H 9H TH JH QH KH AH", ""])
    assert together.moon == 2  # the partner who took more of the cards is named
    assert together.changes == (0, 26, 0, 26)
    alone = score(rules, ["", "QS " + ALL_HEARTS, "", ""])
    assert (alone.moon, alone.changes) == (1, (26, 0, 26, 0))
    subtract = score(rules.replace(moon="subtract"), ["", "QS " + ALL_HEARTS, "", ""])
    assert subtract.changes == (0, -26, 0, -26)
    split = score(rules, ["QS 2H 3H 4H 5H 6H", "7H", "8H 9H TH JH QH KH AH", ""])
    assert split.moon is None and split.changes == (25, 1, 25, 1)


def test_a_moon_shot_by_one_partner_only() -> None:
    """Rule: "A slam requires all penalty cards to fall to one player, not just to one
    partnership" (Parlett); then the online game Joe Andrews describes adds "26 points to
    the scores of the other three players - thus dumping 52 points on the opponents, and 26
    points on your partner". Wikipedia's "Partner hearts" gives the shooter's side 0 (not a field)."""
    rules = Rules.preset("partnership").replace(partners_shoot_together=False)
    alone = score(rules, ["QS " + ALL_HEARTS, "", "", ""])
    assert (alone.moon, alone.changes) == (0, (26, 52, 26, 52))
    split = score(rules, ["QS 2H 3H 4H 5H 6H", "", "7H 8H 9H TH JH QH KH AH", ""])
    assert split.moon is None and split.changes == (26, 0, 26, 0)


def test_a_partnership_game_ends_and_is_won_by_partnership() -> None:
    """Rule: results, the end of the game and the winners are per partnership."""
    rules = Rules.preset("partnership")
    assert hearts.game_winners(rules, (101, 60, 101, 60), hands_played=5) == (1, 3)
    assert hearts.game_winners(rules, (99, 60, 99, 60), hands_played=5) == ()
    state = hearts.new_game(rules, seed=3)
    assert (hearts.view(state, 0).partner, hearts.view(state, 3).partner) == (2, 1)
    bots = [hearts.RuleBot(), hearts.RandomBot()] * 2
    for bot_seed in range(4):
        result = hearts.play_game(rules, bots, seed=3, bot_seed=bot_seed)
        assert result.scores[0] == result.scores[2] and result.scores[1] == result.scores[3]
        lowest = min(result.scores)
        # Partners share one total, so the winners are a whole partnership (both on a tie).
        assert result.winners == tuple(s for s in range(4) if result.scores[s] == lowest)
        assert result.winners in ((0, 2), (1, 3), (0, 1, 2, 3))
    with pytest.raises(
        RulesError, match=r"Rules\.partners .* needs 4 players; got Rules\.players=3"
    ):
        rules.replace(players=3)
    with pytest.raises(RulesError, match=r"cannot be played with Rules\.chips"):
        rules.replace(chips=10)
    with pytest.raises(RulesError, match=r"cannot be played with Rules\.moon='choose'"):
        rules.replace(moon="choose")
    with pytest.raises(RulesError, match=r"partners_shoot_together=False says how a partner"):
        Rules(partners_shoot_together=False)
    with pytest.raises(hearts.HeartsError, match=r"P0 and P2 were given 90 and 10: give"):
        hearts.start_hand(rules, scores=(90, 5, 10, 5))


def test_partnerships_play_on_a_tie_between_partnerships_only() -> None:
    """Rule: with play_on_ties the game goes on while the lowest total is shared; partners
    always share theirs, so only a tie between the two partnerships plays on."""
    rules = Rules.preset("partnership").replace(play_on_ties=True)
    assert hearts.game_winners(rules, (101, 60, 101, 60), hands_played=5) == (1, 3)
    assert hearts.game_winners(rules, (101, 101, 101, 101), hands_played=5) == ()
    game = hearts.play_game(rules.replace(target=30), [hearts.RuleBot()] * 4, seed=4)
    assert game.winners in ((0, 2), (1, 3))


def test_a_heart_taken_makes_the_rest_of_the_hand_no_plain_sum() -> None:
    """A bonus for taking no heart makes the rest of a hand not a plain sum of card
    points until every seat holds a heart (docs/scoring.md): the endgame solver must see
    that taking a heart worth nothing still costs the bonus."""
    rules = Rules(points={**STANDARD_POINTS, "2H": 0}, no_heart_bonus=-10, moon="off")
    assert not hearts.game.scoring.additive(rules, (CardSet("3H").mask, CardSet("4H").mask, 0, 0))
    assert hearts.game.scoring.additive(
        rules, tuple(CardSet(c).mask for c in ("3H", "4H", "5H", "6H"))
    )


# --- the moon -----------------------------------------------------------------------------

MOON = ["QS " + ALL_HEARTS + " 2C 3C", "4C 5C 6C 7C", "", ""]


def test_moon_add_is_the_default() -> None:
    """Rule: old moon — 0 for the shooter, 26 to every other player (Windows, Bicycle, BGA)."""
    result = score(Rules(), MOON)
    assert (result.moon, result.shoot_mode) == (0, ShootMode.ADD)
    assert result.changes == (0, 26, 26, 26)


def test_moon_subtract() -> None:
    """Rule: new moon — the shooter subtracts 26 (gnome-hearts)."""
    result = score(Rules(moon="subtract"), MOON, scores=(40, 0, 0, 0))
    assert result.changes == (-26, 0, 0, 0)
    assert result.scores == (14, 0, 0, 0)


def test_moon_off_counts_the_points() -> None:
    """Rule: no moon (Rickety Kate, Dirty Hearts)."""
    result = score(Rules(moon="off"), MOON)
    assert result.moon is None
    assert result.changes == (26, 0, 0, 0)


def test_moon_shooter_chooses_with_a_move() -> None:
    """Rule: the shooter chooses (pagat, Parlett)."""
    state = play_out(hold_hand(MOON_HANDS, rules=Rules(moon="choose"), scores=(30, 0, 0, 0)))
    assert state.phase is Phase.SHOOT
    assert state.to_move == (0,)
    assert hearts.legal_moves(state) == (ShootChoice(0, "add"), ShootChoice(0, "subtract"))
    with pytest.raises(
        IllegalMoveError, match=r"^P1 may not choose how a shot is scored: the game waits for P0"
    ):
        hearts.apply(state, ShootChoice(1, "add"))
    subtracted = hearts.apply(state, ShootChoice(0, "subtract"))
    assert subtracted.scores == (4, 0, 0, 0)
    assert subtracted.results[-1].shoot_mode is ShootMode.SUBTRACT
    added = hearts.apply(state, ShootChoice(0, "add"))
    assert added.scores == (30, 26, 26, 26)


def test_moon_choice_only_with_enough_score() -> None:
    """Rule: subtracting may be offered only when the shooter's total is at least 26."""
    rules = Rules(moon="choose", moon_choice_needs_score=True)
    state = play_out(hold_hand(MOON_HANDS, rules=rules, scores=(10, 0, 0, 0)))
    assert state.phase is Phase.DEAL  # no choice: added to the others
    assert state.scores == (10, 26, 26, 26)


def test_moon_automatic_safety_both_ways() -> None:
    """Rule: add to the others unless that ends the game with the shooter losing; then
    subtract (World of Card Games, Trickster, Hardwood)."""
    rules = Rules(moon="safety")
    safe = score(rules, MOON, scores=(90, 80, 85, 95))
    assert safe.shoot_mode is ShootMode.ADD  # the game ends and the shooter wins
    assert safe.scores == (90, 106, 111, 121)
    assert safe.winners == (0,)
    unsafe = score(rules, MOON, scores=(99, 10, 80, 80))
    assert unsafe.shoot_mode is ShootMode.SUBTRACT
    assert unsafe.scores == (73, 10, 80, 80)
    assert unsafe.winners == ()


def test_omnibus_jack_on_a_moon_hand() -> None:
    """Rule: the moon does not need J♦, and its -10 still counts (pagat, gnome-hearts, OpenSpiel)."""
    rules = Rules.preset("omnibus")
    with_jack = score(rules, [MOON[0] + " JD", "4C", "", ""])
    assert with_jack.moon == 0
    assert with_jack.changes == (-10, 26, 26, 26)
    other = score(rules, [MOON[0], "JD", "", ""])
    assert other.changes == (0, 16, 26, 26)
    uncounted = score(
        Rules(points=rules.points, bonus_counts_on_shoot=False), [MOON[0], "JD", "", ""]
    )
    assert uncounted.changes == (0, 26, 26, 26)


def test_moon_that_needs_the_bonus_card() -> None:
    """Rule: Bicycle's moon needs the -10 card too."""
    rules = Rules.preset("omnibus-10d")
    assert score(rules, [MOON[0], "TD", "", ""]).moon is None
    result = score(rules, [MOON[0] + " TD", "", "", ""])
    assert result.moon == 0
    assert result.changes == (-10, 26, 26, 26)


# --- the sun ------------------------------------------------------------------------------


def test_sun_replaces_the_moon() -> None:
    """Rule: taking every trick shoots the sun: 52 to the others (gnome-hearts), 39 (WOCG)."""
    state = play_out(hold_hand(MOON_HANDS, rules=Rules(sun="add")))
    result = state.results[-1]
    assert (result.sun, result.moon, result.tricks_won[0]) == (0, None, 13)
    assert result.changes == (0, 52, 52, 52)
    wocg = play_out(hold_hand(MOON_HANDS, rules=Rules(sun="add", sun_value=39)))
    assert wocg.results[-1].changes == (0, 39, 39, 39)
    assert play_out(hold_hand(MOON_HANDS)).results[-1].changes == (0, 26, 26, 26)


# --- game end -----------------------------------------------------------------------------


def test_exact_score_resets() -> None:
    """Rule: a total landing exactly on 50 or 100 loses 50 (Wikipedia)."""
    rules = Rules(resets=(50, 100), reset_amount=50)
    result = score(rules, ["QS 2H", "3H 4H", "", ""], scores=(86, 48, 50, 99))
    assert result.adjustments == (-50, -50, 0, 0)  # P2 already stood on 50: no reset
    assert result.scores == (50, 0, 50, 99)
    result = score(rules, ["QS 2H", "", "", ""], scores=(86, 0, 0, 0))
    assert result.scores == (50, 0, 0, 0)
    assert result.adjustments == (-50, 0, 0, 0)
    assert result.winners == ()


def test_score_floor() -> None:
    result = score(Rules(moon="subtract", score_floor=0), MOON, scores=(10, 0, 0, 0))
    assert result.scores == (0, 0, 0, 0)
    assert result.adjustments == (16, 0, 0, 0)


def test_target_reached_or_exceeded() -> None:
    """Rule: the game ends at 100 or more; some sources need more than 100."""
    hand = ["QS", "", "", ""]
    assert score(Rules(), hand, scores=(87, 0, 0, 0)).winners == (1, 2, 3)
    assert score(Rules(target_must_be_exceeded=True), hand, scores=(87, 0, 0, 0)).winners == ()
    assert score(Rules(target_must_be_exceeded=True), hand, scores=(88, 0, 0, 0)).winners == (
        1,
        2,
        3,
    )


def test_fixed_number_of_hands() -> None:
    """Rule: Black Maria plays a fixed number of deals (9 or 12)."""
    rules = Rules(target=None, hands=2)
    state = hearts.new_game(rules, seed=3)
    while not state.is_over:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert len(state.results) == 2


def test_ties_play_on() -> None:
    """Rule: with equal lowest totals, play on until one player is lowest."""
    hand = ["QS", "", "", ""]
    assert score(Rules(), hand, scores=(87, 5, 5, 9)).winners == (1, 2)
    assert score(Rules(play_on_ties=True), hand, scores=(87, 5, 5, 9)).winners == ()
    assert score(Rules(play_on_ties=True), hand, scores=(87, 5, 6, 9)).winners == (1,)


# --- chip scoring -------------------------------------------------------------------------


def test_chip_game_shares_and_carries_the_pool() -> None:
    """Rule: everyone pays a chip; the pool goes to those who took no penalty card, any
    remainder stays; if all took one it carries over (Wikipedia)."""
    rules = Rules(chips=5)
    shared = score(rules, ["QS", "2H", "", "3C"], scores=(5, 5, 5, 5))
    assert shared.chip_changes == (-1, -1, 1, 1)
    assert shared.scores == (4, 4, 6, 6)
    assert shared.pool == 0
    remainder = score(rules, ["QS", "2H", "3H", ""], scores=(5, 5, 5, 5), pool=1)
    assert remainder.chip_changes == (-1, -1, -1, 4)
    assert remainder.pool == 0
    odd = score(rules, ["QS", "2H", "", ""], scores=(5, 5, 5, 5), pool=1)
    assert odd.chip_changes == (-1, -1, 1, 1)
    assert odd.pool == 1
    carried = score(rules, ["QS", "2H", "3H", "4H"], scores=(5, 5, 5, 5), pool=1)
    assert carried.chip_changes == (-1, -1, -1, -1)
    assert carried.pool == 5
    assert carried.winners == ()


def test_chip_game_ends_when_a_player_has_none() -> None:
    result = score(Rules(chips=5), ["QS", "2H", "", ""], scores=(1, 5, 7, 7))
    assert result.scores == (0, 4, 8, 8)
    assert result.winners == (2, 3)  # most chips win


def test_chip_game_starts_with_chips_and_plays_to_the_end() -> None:
    state = hearts.new_game(Rules.preset("chips"), seed=2)
    assert state.scores == (20, 20, 20, 20)
    while not state.is_over:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert min(state.scores) == 0
    assert sum(state.scores) + state.results[-1].pool == 80


# --- TRAM claims --------------------------------------------------------------------------


def test_claim_completes_a_moon() -> None:
    """Rule: a claim gives the claimant every remaining trick; it may complete a moon (WOCG)."""
    state = hold_hand(MOON_HANDS, rules=Rules(claims=True))
    assert Claim(0) in hearts.legal_moves(state)  # P0 holds every club
    state = play(state, "2C", "2H", "2D", "2S")
    state = hearts.apply(state, Claim(0))
    result = state.results[-1]
    assert (result.claim, result.moon) == (0, 0)
    assert result.tricks_won == (13, 0, 0, 0)
    assert len(result.tricks) == 1
    assert result.changes == (0, 26, 26, 26)


def test_claim_refused_when_one_card_could_lose() -> None:
    """Rule: a claim is valid only if the claimant must win every remaining trick (WOCG)."""
    rules = Rules(claims=True)
    # P1 plays 4♣ and 5♣ under A♣ and K♣ and keeps Q♣ for the 3♣.
    state = position(["AC KC 3C", "QC 5C 4C", "2H 3H 4H", "5D 6D 7D"], rules)
    assert Claim(0) not in hearts.legal_moves(state)
    with pytest.raises(
        IllegalMoveError,
        match=r"^P0 may not claim the rest: another player could still win a trick against 3♣ K♣ A♣; "
        r"play a card instead\.$",
    ):
        hearts.apply(state, Claim(0))
    safe = position(["AC KC QC", "JC 2D 4D", "2H 3H 4H", "5D 6D 7D"], rules)
    assert Claim(0) in hearts.legal_moves(safe)


def test_a_claim_holds_when_the_claimer_can_choose_an_order_that_wins() -> None:
    """Rule (issue 13): a claim is allowed when the claimer wins every remaining trick
    whatever the others play, the claimer choosing its own plays. Led from A♣ K♣ 3♣, P1's
    only club falls under the A♣ and the 3♣ wins; leading the 3♣ first would lose."""
    rules = Rules(claims=True)
    state = position(["AC KC 3C", "QC 2D 4D", "2H 3H 4H", "5D 6D 7D"], rules)
    assert Claim(0) in hearts.legal_moves(state)
    assert hearts.apply(state, Claim(0)).results[-1].tricks_won == (3, 0, 0, 0)  # the 3 left


def test_a_claim_means_the_same_mid_trick_and_on_lead() -> None:
    """Rule (issue 13): mid-trick the claimer also chooses its later plays: A♣ wins this
    trick, then K♦ draws P1's Q♦ (its only diamond) and 3♦ wins."""
    rules = Rules(claims=True)
    state = position(
        ["AC KD 3D", "QD 4H 5H", "6H 7H 8H", "5C 9H TH"], rules, leader=3, trick=["5C"]
    )
    assert Claim(0) in hearts.legal_moves(state)
    # Were P1 to hold two diamonds, it would keep Q♦ for the 3♦.
    state = position(
        ["AC KD 3D", "QD 2D 5H", "6H 7H 8H", "5C 9H TH"], rules, leader=3, trick=["5C"]
    )
    assert Claim(0) not in hearts.legal_moves(state)


def test_a_view_offers_a_claim_only_when_every_consistent_deal_allows_it() -> None:
    """Rule (issue 13): a view offers a claim when it holds in every deal consistent with
    the view. The deck is cut to these 12 cards, so P0 has seen all but the others' hands;
    P3 led 5♣ to the first trick."""

    def endgame(hands: list[str]) -> hearts.State:
        deck = CardSet(" ".join(hands))
        rules = Rules(claims=True, removed=Rules().deck - deck, pass_cycle="none",
                      first_trick="open")  # fmt: skip
        return play(position(hands, rules, leader=3, first_trick=True), "5C")

    state = endgame(["AC KD 3D", "QD 4H 5H", "6H 7H 8H", "5C 9H TH"])
    assert Claim(0) in hearts.legal_moves(hearts.view(state, 0))  # Q♦ is alone wherever it is
    state = endgame(["AC KD 3D", "QD 4H 5H", "2D 7H 8H", "5C 9H TH"])
    assert Claim(0) in hearts.legal_moves(state)  # P1's Q♦ falls under the K♦ ...
    assert Claim(0) not in hearts.legal_moves(hearts.view(state, 0))  # ... or P1 holds 2♦


def test_claim_mid_trick_must_win_the_current_trick() -> None:
    rules = Rules(claims=True)
    # P3 led 5♣; P0 wins it with A♣, then holds A♦ against lower diamonds: safe.
    state = position(["AC AD", "2D 3D", "4D 6C", "5C 7D"], rules, leader=3, trick=["5C"])
    assert state.to_move == (0,)
    assert Claim(0) in hearts.legal_moves(state)
    # P1 (to play after P0) still holds K♣, which beats Q♣: not safe.
    state = position(["QC AD", "KC 3D", "4D 6D", "5C 7D"], rules, leader=3, trick=["5C"])
    assert Claim(0) not in hearts.legal_moves(state)


def test_claims_are_off_by_default() -> None:
    state = hold_hand(MOON_HANDS)
    assert Claim(0) not in hearts.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=r"Rules\.claims is off"):
        hearts.apply(state, Claim(0))


# --- presets and pinning ------------------------------------------------------------------


def test_presets() -> None:
    names = Rules.preset_names()
    for required in (
        "standard", "windows", "wocg", "tournament", "pagat", "bicycle", "omnibus", "omnibus-10d",
        "hooligan", "black-maria", "rickety-kate", "spot-hearts", "weighted-hearts", "chips",
        "openspiel", "three-player", "five-player",
    ):  # fmt: skip
        assert required in names
        assert PRESETS[required].sources
    assert Rules.preset("standard") == Rules()
    assert Rules.preset("wocg").claims
    assert Rules.preset("openspiel").queen_breaks_hearts
    with pytest.raises(
        RulesError, match=r"There is no preset 'nope'; the presets are standard, windows, wocg"
    ):
        Rules.preset("nope")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips_through_json(name: str) -> None:
    rules = Rules.preset(name)
    data = json.loads(json.dumps(rules.to_dict()))
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(data).fingerprint == rules.fingerprint


def test_fingerprint_is_stable() -> None:
    """The fingerprint hashes the canonical JSON of the fields that differ from their
    defaults: this value must never change for the standard rules of schema 1 (a change
    would unpin every server)."""
    assert Rules().fingerprint == hashlib.sha256(b'{"schema":1}').hexdigest()
    assert Rules().fingerprint == Rules.from_dict({}).fingerprint
    assert (
        len({Rules.preset(name).fingerprint for name in PRESETS}) == len(PRESETS) - 1
    )  # windows == standard


def test_from_dict_rejects_bad_input_naming_the_field() -> None:
    with pytest.raises(RulesError, match=r"unknown field 'colour'"):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(RulesError, match=r"reads rules schema 1, got schema 2"):
        Rules.from_dict({"schema": 2})
    with pytest.raises(RulesError, match=r"Rules\.points must map cards to whole numbers"):
        Rules.from_dict({"points": {"ZZ": 1}})
    with pytest.raises(RulesError, match=r"Rules\.moon must be one of 'add', 'subtract'"):
        Rules.from_dict({"moon": "sometimes"})


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"target": None},
            r"Rules\.target and Rules\.hands are both None, so the game would never end",
        ),
        ({"hands": 0}, r"Rules\.hands must be a whole number of at least 1 or None, got 0"),
        ({"chips": 0}, r"Rules\.chips must be None or a whole number of at least 1, got 0"),
        ({"chips": 10, "play_on_ties": True}, r"Rules\.play_on_ties is for points scoring"),
        ({"no_trick_bonus": 1.5}, r"Rules\.no_trick_bonus must be a whole number"),
        ({"points": {"QS": "13"}}, r"Rules\.points gives Q♠ '13' points: use a whole number"),
        ({"resets": ("100",)}, r"Rules\.resets must hold whole numbers"),
        ({"sun": "always"}, r"Rules\.sun must be one of"),
        ({"claims": "yes"}, r"Rules\.claims must be True or False"),
    ],
)
def test_invalid_scoring_fields(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**fields)  # type: ignore[arg-type]


def test_joker_points_are_allowed() -> None:
    rules = Rules(players=3, jokers=2, points={**STANDARD_POINTS, "JK1": 5})
    assert rules.card_points[Card("JK1")] == 5
    assert rules.moon_points == 31


def test_playing_on_ties_with_a_score_floor_is_refused() -> None:
    """Found by Hypothesis: with a floor, two players held at it take no points and stay
    tied; a game played on until the tie breaks could go on for ever (a RuleBot game of two
    hands ran for more than ten minutes in CI). Rules refuses the pair with a sentence."""
    with pytest.raises(
        RulesError, match=r"Rules\.play_on_ties .* Rules\.score_floor=0 .* never end"
    ):
        Rules(play_on_ties=True, score_floor=0)
    assert Rules(play_on_ties=True).play_on_ties and Rules(score_floor=0).score_floor == 0
