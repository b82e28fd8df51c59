"""Scenario tests for the dealing, passing and play variants of `Rules`.

Each test names the rule it checks and its source, as RULES.md lists them.
"""

from __future__ import annotations

import pytest
from positions import BREAKING_HANDS, legal_cards, play, position

import hearts
from hearts import (
    Card,
    CardSet,
    ChoosePass,
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    IllegalMoveError,
    Pass,
    PassDirection,
    Phase,
    Play,
    Rules,
    RulesError,
)

L, R, A, H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD


def test_default_rules_are_the_standard_game() -> None:
    """Every variant field defaults to the standard game."""
    assert Rules() == Rules(
        players=4,
        jokers=0,
        removed="",
        pass_count=3,
        pass_cycle="standard",
        unpassable="",
        dealer_chooses_pass=False,
        first_lead="lowest_club",
        first_trick="penalty_barred",
        first_trick_fallback="any",
        must_break_hearts=True,
        queen_breaks_hearts=False,
        can_lead_hearts_instead_of_queen=False,
        forced_discard=False,
        target=100,
    )
    assert repr(Rules()) == "Rules()"


# --- jokers -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "jokers", "hand_size"), [(3, 2, 18), (5, 3, 11)])
def test_jokers_instead_of_removal(players: int, jokers: int, hand_size: int) -> None:
    """Rule: 3 players with 2 jokers (18 each), 5 with 3 jokers (11 each) — RULES.md."""
    rules = Rules(players=players, jokers=jokers)
    assert rules.removed == CardSet()
    assert rules.hand_size == hand_size
    assert len(rules.deck) == 52 + jokers
    assert rules.lowest_club == Card("2C")
    assert rules.moon_points == 26
    state = hearts.apply(
        hearts.new_game(rules, seed=1), hearts.legal_moves(hearts.new_game(rules, seed=1))[0]
    )
    assert sum(len(hand) for hand in state.hands) == 52 + jokers


def test_joker_may_not_be_played_by_a_player_who_can_follow() -> None:
    """Rule: a joker may be played only when the player cannot follow suit."""
    rules = Rules(players=3, jokers=2)
    state = position(["2C", "5C JK1", "7D"], rules, trick=["2C"])
    assert legal_cards(state) == CardSet("5C")
    with pytest.raises(
        IllegalMoveError, match=r"^P1 may not play JK1: players must follow suit, ♣ was led"
    ):
        hearts.apply(state, Play(1, "JK1"))


def test_joker_never_wins_a_trick() -> None:
    """Rule: a joker is off-suit and never wins; the highest card of the suit led wins."""
    rules = Rules(players=3, jokers=2)
    state = position(["9C 3D", "JK1 4D", "2C 5D"], rules, trick=[])
    state = play(state, "9C", "JK1", "2C")
    assert state.tricks[-1].winner == 0
    assert hearts.hand_points(rules, CardSet("JK1 JK2").mask) == 0


def test_joker_may_be_led_only_with_no_other_card_to_lead() -> None:
    """Rule: a joker may be led only when the leader has no other card it may lead."""
    rules = Rules(players=3, jokers=2)
    assert legal_cards(position(["JK1 3D 4H", "5C", "6C"], rules)) == CardSet("3D")
    assert legal_cards(position(["JK1 4H", "5C", "6C"], rules)) == CardSet("4H")
    assert legal_cards(position(["JK1 JK2", "5C", "6C"], rules)) == CardSet("JK1 JK2")
    with pytest.raises(
        IllegalMoveError,
        match=r"^P0 may not lead JK1: a joker may be led only by a player with no other card it may lead\.$",
    ):
        hearts.apply(position(["JK1 3D", "5C", "6C"], rules), Play(0, "JK1"))


def test_after_a_joker_lead_the_first_suited_card_sets_the_suit() -> None:
    """Rule: after a joker lead, the first card that is not a joker sets the suit to follow."""
    rules = Rules(players=5, jokers=3)
    hands = ["JK1", "JK2 3D 5H", "4D 9C", "6D 7C", "8C"]
    state = position(hands, rules)
    state = play(state, "JK1")
    # P1 plays as if leading: hearts are not broken, so not 5♥; the other joker neither.
    assert legal_cards(state) == CardSet("3D")
    state = play(state, "3D")
    assert legal_cards(state) == CardSet("4D")
    state = play(state, "4D", "6D", "8C")
    assert state.tricks[-1].winner == 3  # 6♦, the highest diamond


# --- passing ----------------------------------------------------------------------------


def test_pass_count_is_configurable_and_two_with_more_than_four_players() -> None:
    """Rule: 3 cards; more than 4 players pass 2 (pagat, Bicycle); Parlett passes 4 with 3."""
    assert Rules(players=5).pass_count == 2
    state = hearts.from_hands(BREAKING_HANDS, Rules(pass_count=1))
    assert state.pass_count == 1
    assert len(hearts.legal_moves(state, 0)) == 13
    with pytest.raises(IllegalMoveError, match="passes exactly 1 card left this hand, not 2"):
        hearts.apply(state, Pass(0, "2C 3C"))


@pytest.mark.parametrize(
    ("name", "cycle"),
    [
        ("standard", (L, R, A, H)),
        ("tournament", (L, R, A)),
        ("left", (L,)),
        ("right", (R,)),
        ("alternate", (L, R)),
        ("none", (H,)),
    ],
)
def test_named_pass_cycles(name: str, cycle: tuple[PassDirection, ...]) -> None:
    """Rule: tournament has no hold hand; Black Maria passes right; the basic game never passes."""
    rules = Rules(pass_cycle=name)
    assert rules.pass_cycle == cycle
    for hand_number in range(6):
        state = hearts.from_hands(BREAKING_HANDS, rules, hand_number=hand_number)
        assert state.pass_direction is cycle[hand_number % len(cycle)]
        assert (state.phase is Phase.PLAY) == (state.pass_direction is H)


@pytest.mark.parametrize(
    ("direction", "receiver"),
    [(L, 1), (R, 4), (PassDirection.LEFT2, 2), (PassDirection.RIGHT2, 3)],
)
def test_five_players_pass_one_or_two_seats_either_way(
    direction: PassDirection, receiver: int
) -> None:
    """Rule: with 5 to 7 players, passes may skip seats (two seats to the left, ...)."""
    rules = Rules(players=5, pass_cycle=(direction,))
    deal = hearts.seeded_deal(rules, 1, 0)
    state = hearts.from_hands(deal.hands, rules)
    passed = [CardSet(list(hand)[:2]) for hand in deal.hands]
    for seat in range(5):
        state = hearts.apply(state, Pass(seat, passed[seat]))
    assert passed[0] <= state.hands[receiver]
    assert state.passed[0] == passed[0]


def test_passing_two_seats_away_needs_five_players() -> None:
    with pytest.raises(RulesError, match=r"Rules\.pass_cycle passes left2, which 4 players cannot"):
        Rules(pass_cycle=("left2",))
    with pytest.raises(RulesError, match=r"passes right3, which 6 players cannot"):
        Rules(players=6, pass_cycle=("right3",))
    assert [d.offset(7) for d in Rules(players=7, pass_cycle=("left3", "right3")).pass_cycle] == [
        3,
        4,
    ]


def test_unpassable_cards_may_not_be_passed() -> None:
    """House rule (RULES.md): A♠, K♠ and Q♠ may not be passed."""
    rules = Rules(unpassable="AS KS QS")
    state = hearts.from_hands(BREAKING_HANDS, rules)
    moves = hearts.legal_moves(state, 3)
    assert len(moves) == 120  # 3 of the 10 other spades
    assert all(move.cards.isdisjoint(rules.unpassable) for move in moves)
    assert Pass(3, "QS 2S 3S") not in moves
    with pytest.raises(
        IllegalMoveError,
        match=r"^P3 may not pass 2♠ 3♠ Q♠: Q♠ may not be passed \(Rules\.unpassable: Q♠ K♠ A♠\)\.$",
    ):
        hearts.apply(state, Pass(3, "QS 2S 3S"))


def test_too_many_unpassable_cards_are_refused() -> None:
    with pytest.raises(
        RulesError,
        match=r"Rules\.unpassable holds 11 cards, so a hand of 13 holding all of them could pass only 2",
    ):
        Rules(unpassable="2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")


def test_dealers_choice_is_a_move_of_its_own_phase() -> None:
    """Rule: Dirty Hearts (Joe Andrews) — the dealer calls the direction and the count."""
    rules = Rules(dealer_chooses_pass=True)
    state = hearts.from_hands(BREAKING_HANDS, rules, hand_number=1)
    assert state.phase is Phase.CHOOSE
    assert state.to_move == (1,)  # the dealer of hand 2
    choices = hearts.legal_moves(state)
    assert ChoosePass(1, "hold", 0) in choices
    assert ChoosePass(1, "across", 2) in choices
    assert len(choices) == 1 + 3 * 3
    assert hearts.legal_moves(state, 0) == ()
    passing = hearts.apply(state, ChoosePass(1, "across", 2))
    assert passing.phase is Phase.PASS
    assert passing.pass_direction is A
    assert passing.pass_count == 2
    assert len(hearts.legal_moves(passing, 0)) == 78
    held = hearts.apply(state, ChoosePass(1, "hold", 0))
    assert held.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            ChoosePass(0, "left", 3),
            r"^P0 may not call the pass: the game waits for the dealer, P1, to call the pass\.$",
        ),
        (
            ChoosePass(1, "left", 4),
            r"^P1 may not call a pass of 4 cards: the dealer calls 1 to 3 \(Rules\.pass_count\)\.$",
        ),
        (ChoosePass(1, "left", 0), r"calls 1 to 3"),
        (
            ChoosePass(1, "hold", 2),
            r"^P1 may not call a hold hand of 2 cards: a hold hand passes 0\.$",
        ),
        (
            ChoosePass(1, "left2", 2),
            r"^P1 may not call a pass left2: 4 players may pass hold, left, right, across\.$",
        ),
        (
            Pass(0, "2C 3C 4C"),
            r"^P0 may not pass 2♣ 3♣ 4♣: the game waits for the dealer, P1, to call the pass\.$",
        ),
    ],
)
def test_dealers_choice_refuses_bad_calls(move: hearts.Move, message: str) -> None:
    state = hearts.from_hands(BREAKING_HANDS, Rules(dealer_chooses_pass=True), hand_number=1)
    with pytest.raises(IllegalMoveError, match=message):
        hearts.apply(state, move)


# --- first lead -------------------------------------------------------------------------


def test_first_lead_any_club() -> None:
    """Rule: the holder of 2♣ may lead any club (OpenSpiel's can_lead_any_club)."""
    rules = Rules(first_lead="any_club", pass_cycle="none")
    state = hearts.from_hands(BREAKING_HANDS, rules)
    assert state.to_move == (0,)
    assert legal_cards(state) == CardSet("2C 3C 4C 5C 6C 7C 8C")
    with pytest.raises(IllegalMoveError, match=r"the first trick must be led with a club"):
        hearts.apply(state, Play(0, "2H"))


@pytest.mark.parametrize(("hand_number", "leader"), [(0, 1), (1, 2), (3, 0)])
def test_first_lead_left_of_dealer_any_card(hand_number: int, leader: int) -> None:
    """Rule: the player left of the dealer leads any card (Foster, Culbertson); the deal
    passes to the left each hand."""
    rules = Rules(first_lead="left_of_dealer", pass_cycle="none")
    state = hearts.from_hands(BREAKING_HANDS, rules, hand_number=hand_number)
    assert state.dealer == hand_number % 4
    assert state.to_move == (leader,)
    hand = state.hands[leader]
    # Hearts are not broken and Q♠ is barred from the first trick; everything else may lead.
    expected = hand - CardSet.from_mask(rules.penalty_mask)
    assert legal_cards(state) == expected


def test_first_lead_left_of_dealer_no_heart() -> None:
    """Rule: Hoyle — the first lead may be any card except a heart."""
    rules = Rules(first_lead="left_of_dealer_no_heart", must_break_hearts=False, pass_cycle="none")
    state = hearts.from_hands(BREAKING_HANDS, rules)
    assert state.to_move == (1,)
    assert legal_cards(state) == CardSet("9C TC JC QC KC AC")
    with pytest.raises(
        IllegalMoveError, match=r"the first lead may not be a heart while P1 holds other suits"
    ):
        hearts.apply(state, Play(1, "8H"))
    only_hearts = position(["2H 3H", "4C", "5C", "6C"], rules, first_trick=True)
    assert legal_cards(only_hearts) == CardSet("2H 3H")


# --- the first trick ----------------------------------------------------------------------


FIRST = ["2C", "AD 5H QS", "3H 4H", "9C"]  # P1 is void in clubs


def first_trick(rules: Rules, hands: list[str] = FIRST) -> hearts.State:
    return play(position(hands, rules, first_trick=True), "2C")


def test_first_trick_penalty_barred_is_the_default() -> None:
    assert legal_cards(first_trick(Rules())) == CardSet("AD")


def test_first_trick_hearts_barred() -> None:
    """Rule: only hearts are barred; Q♠ may be played on the first trick."""
    state = first_trick(Rules(first_trick="hearts_barred"))
    assert legal_cards(state) == CardSet("AD QS")
    with pytest.raises(IllegalMoveError, match=r"no heart may be played on the first trick"):
        hearts.apply(state, Play(1, "5H"))


def test_first_trick_open() -> None:
    """Rule: pagat's main rules allow anything on the first trick."""
    assert legal_cards(first_trick(Rules(first_trick="open"))) == CardSet("AD 5H QS")


def test_first_turn_hearts() -> None:
    """Rule: World of Card Games' "Allow First Turn Hearts" — hearts to a player without
    clubs; Q♠ stays barred."""
    rules = Rules(first_trick="first_turn_hearts")
    assert legal_cards(first_trick(rules)) == CardSet("AD 5H")
    # Led with a diamond by the player left of the dealer: a club holder may not discard hearts.
    lead = Rules(first_trick="first_turn_hearts", first_lead="left_of_dealer")
    state = play(position(["AD", "3C 5H", "2D", "3D"], lead, first_trick=True), "AD")
    assert legal_cards(state) == CardSet("3C")
    with pytest.raises(
        IllegalMoveError,
        match=r"hearts may be played on the first trick only by a player without clubs",
    ):
        hearts.apply(state, Play(1, "5H"))
    # A club that is a penalty card (Hooligan's 7♣) is barred itself: it keeps nothing back.
    hooligan = Rules.preset("hooligan").replace(
        first_trick="first_turn_hearts", first_lead="left_of_dealer"
    )
    state = play(position(["AD", "7C 5H 4S", "2D", "3D"], hooligan, first_trick=True), "AD")
    assert legal_cards(state) == CardSet("5H 4S")


# Rule 1 of issue 13. Wikipedia/Fandom "Hearts" (shared/seeds/003): "No penalty card may be
# played on the first trick, however the player must follow suit and can play a penalty card
# if they would otherwise renege ... the Hooligan Hearts variation which makes the 7♣ a
# penalty card ... present[s] a far more likely situation in which a player might have only a
# penalty card in the opening trick's suit."


def test_first_trick_ban_holds_when_following_suit_hooligan() -> None:
    """Rule: following the 2♣ lead, Hooligan's 7♣ may be played only by a player whose
    every club is barred (Wikipedia, seed 003)."""
    hooligan = Rules.preset("hooligan")
    state = first_trick(hooligan, ["2C", "3C 5C 7C AD", "4C 6C", "8C 9C"])
    assert legal_cards(state) == CardSet("3C 5C")
    with pytest.raises(
        IllegalMoveError,
        match=r"^P1 may not play 7♣: no penalty card \(a heart, 7♣ or Q♠\) may be played on "
        r"the first trick, and P1 can follow suit with 3♣ 5♣\.$",
    ):
        hearts.apply(state, Play(1, "7C"))
    only_the_seven = first_trick(hooligan, ["2C", "7C AD 5H", "4C 6C", "8C 9C"])
    assert legal_cards(only_the_seven) == CardSet("7C")


def test_first_trick_ban_holds_when_following_suit_black_maria() -> None:
    """Rule: spades led to the first trick of Black Maria, A♠ K♠ Q♠ (penalty cards) may not
    be played beside a low spade; with only penalty spades, any of them (Wikipedia, seed
    003; Parlett for Black Maria's point cards). The preset has no first-trick ban, as its
    sources; the standard one is added here."""
    maria = Rules.preset("black-maria").replace(first_trick="penalty_barred")
    hands = ["3S 4C", "5S QS KS AS", "JS 2D 3D 4D"]
    state = play(position(hands, maria, first_trick=True), "3S")
    assert legal_cards(state) == CardSet("5S")
    with pytest.raises(IllegalMoveError, match=r"P1 can follow suit with 5♠\.$"):
        hearts.apply(state, Play(1, "AS"))
    only_penalty = play(
        position(["3S 4C", "QS KS AS 2H", "JS 2D 3D 4D"], maria, first_trick=True), "3S"
    )
    assert legal_cards(only_penalty) == CardSet("QS KS AS")
    # The fallback to Q♠ reads the cards the player may play: here its spades.
    queen = maria.replace(first_trick_fallback="queen")
    forced = play(position(["3S 4C", "QS KS AS 2D", "JS 2D 3D 4D"], queen, first_trick=True), "3S")
    assert legal_cards(forced) == CardSet("QS")


def test_black_maria_bars_nothing_on_the_first_trick_and_lets_hearts_lead() -> None:
    """Rule: Black Maria's published text: the player left of the dealer leads, and a player
    who cannot follow "may discard any card he chooses"; Parlett: the rules of Hearts with
    A♠ 7, K♠ 10, Q♠ 13, passing right. No first-trick ban, no hearts-broken rule; the
    other reading (cardrulesplus.com) is a replace away (docs/presets.md)."""
    maria = Rules.preset("black-maria")
    first = play(position(["3S 4C", "5S QS KS AS", "2D 2H 3H"], maria, first_trick=True), "3S")
    assert legal_cards(first) == CardSet("5S QS KS AS")
    void = play(first, "AS")
    assert legal_cards(void) == CardSet("2D 2H 3H")  # void in spades: anything
    assert legal_cards(position(["2H 3D", "4C", "5C"], maria)) == CardSet("2H 3D")
    other = maria.replace(first_lead="left_of_dealer_no_heart", must_break_hearts=True)
    assert legal_cards(position(["2H 3D", "4C", "5C"], other)) == CardSet("3D")
    assert legal_cards(position(["2H 3D", "4C", "5C"], other, first_trick=True)) == CardSet("3D")


def test_first_trick_ban_holds_on_an_any_club_lead() -> None:
    """Rule: with ``first_lead='any_club'`` the first-trick ban applies to the lead too:
    Hooligan's 7♣ may not lead beside other clubs (docs/variants.md; seed 003)."""
    rules = Rules.preset("hooligan").replace(first_lead="any_club")
    state = position(["2C 7C 9C", "3C", "4C", "5C"], rules, first_trick=True)
    assert legal_cards(state) == CardSet("2C 9C")
    with pytest.raises(IllegalMoveError, match=r"and P0 can lead 2♣ 9♣\.$"):
        hearts.apply(state, Play(0, "7C"))


def test_first_turn_hearts_lifts_hearts_only() -> None:
    """Rule: World of Card Games' "Allow First Turn Hearts" (seed 000) lets a player with
    no club play hearts on the first trick; every other barred card (Q♠, Black Maria's A♠
    and K♠) stays barred."""
    rules = Rules.preset("black-maria").replace(first_trick="first_turn_hearts")
    state = play(position(["2C 4C", "5H KS AS QS 2D", "3C 5C"], rules, first_trick=True), "2C")
    assert legal_cards(state) == CardSet("5H 2D")
    with pytest.raises(
        IllegalMoveError,
        match=r"no penalty card \(Q♠, K♠ or A♠\) may be played on the first trick while P1 holds other cards\.$",
    ):
        hearts.apply(state, Play(1, "KS"))


def test_first_trick_fallback_any_and_queen() -> None:
    """Rule: a player holding only barred cards plays any of them (OpenSpiel) or must play
    Q♠ (as some apps force)."""
    hands = ["2C", "5H QS", "3H 4H", "9C"]
    assert legal_cards(first_trick(Rules(), hands)) == CardSet("5H QS")
    forced = first_trick(Rules(first_trick_fallback="queen"), hands)
    assert legal_cards(forced) == CardSet("QS")
    with pytest.raises(
        IllegalMoveError, match=r"must play Q♠ \(Rules\.first_trick_fallback='queen'\)"
    ):
        hearts.apply(forced, Play(1, "5H"))
    no_queen = first_trick(Rules(first_trick_fallback="queen"), ["2C", "5H 6H", "3H 4H", "9C"])
    assert legal_cards(no_queen) == CardSet("5H 6H")


# --- breaking hearts ----------------------------------------------------------------------


def test_hearts_need_not_be_broken() -> None:
    """Rule: with must_break_hearts off, hearts may be led at any time (pagat's variation)."""
    state = position(["2H 3C", "4C", "5C", "6C"], Rules(must_break_hearts=False))
    assert legal_cards(state) == CardSet("2H 3C")


def test_queen_of_spades_breaks_hearts() -> None:
    """Rule: Q♠ breaks hearts (Bicycle, Yahoo, World of Card Games, OpenSpiel)."""
    rules = Rules(queen_breaks_hearts=True)
    state = play(position(["2S 2H 3D", "QS 4D", "3S 5D", "4S 6D"], rules), "2S", "QS", "3S", "4S")
    assert state.hearts_broken
    assert state.to_move == (1,)
    state = play(position(["2S 2H 3D", "QS 2D", "3S 5D", "4S 6D"], Rules()), "2S", "QS", "3S", "4S")
    assert not state.hearts_broken


def test_can_lead_hearts_instead_of_queen() -> None:
    """Rule: a leader with only hearts and Q♠ may lead a heart (Yahoo, Parlett; OpenSpiel)."""
    hands = ["QS 2H 3H", "4C", "5C", "6C"]
    assert legal_cards(position(hands, Rules())) == CardSet("QS")
    assert legal_cards(position(hands, Rules(can_lead_hearts_instead_of_queen=True))) == CardSet(
        "QS 2H 3H"
    )


def test_queen_breaks_hearts_only_when_led() -> None:
    """Rule: Q♠ breaks hearts when it is led, not when it follows or is discarded (Bicycle:
    "Hearts may not be led until a heart or the queen of spades has been discarded ... The
    queen can be led at any time" reads the other way; docs/variants.md gives both)."""
    rules = Rules(queen_breaks_hearts=True, queen_breaks_only_when_led=True)
    discarded = play(position(["2S 2H 3D", "QS 4D", "3S 5D", "4S 6D"], rules), "2S", "QS")
    assert not play(discarded, "3S", "4S").hearts_broken
    led = play(position(["2S 3D", "QS 2H", "3S 5D", "4S 6D"], rules, leader=1), "QS")
    assert led.hearts_broken
    assert hearts.game.play.breaks_hearts(rules, Card("QS"), led=True)
    assert not hearts.game.play.breaks_hearts(rules, Card("QS"))
    with pytest.raises(RulesError, match=r"Rules\.queen_breaks_hearts is False, so Q♠ never"):
        Rules(queen_breaks_only_when_led=True)


def test_queen_after_hearts_holds_the_queen_back_until_hearts_break() -> None:
    """Rule: Q♠ may not be played until hearts are broken (Trickster Cards' option
    qsAfterHearts; its bot test: hearts unbroken, void in diamonds, A♠ K♠ Q♠ J♠ 10♠ Q♣ may
    discard any card but Q♠). Decided here where no source says: it holds for leads and
    follows too, a player with no other card it may play plays Q♠, and a leader holding
    only Q♠ and hearts leads a heart."""
    rules = Rules(queen_after_hearts=True)
    # Trickster's test: P1 void in diamonds after 9♦ is led.
    hands = ["9D 2C 3C 4C 5C 6C", "AS KS QS JS TS QC", "8D 7C 8C 9C TC JC", "7D 2D 3D 4D 5D 6D"]
    state = play(position(hands, rules), "9D")
    assert legal_cards(state) == CardSet("AS KS JS TS QC")
    with pytest.raises(
        IllegalMoveError,
        match=r"P1 may not play Q♠: Q♠ may not be played until hearts are broken "
        r"\(Rules\.queen_after_hearts\), and P1 may play Q♣ 10♠ J♠ K♠ A♠\.",
    ):
        hearts.apply(state, Play(1, Card("QS")))
    broken = play(position(["9D 2C", "AS QS", "8D 3C", "7D 4C"], rules, hearts_broken=True), "9D")
    assert legal_cards(broken) == CardSet("AS QS")
    # Following spades: another spade goes first; Q♠ alone in the suit must follow.
    assert legal_cards(play(position(["2S", "QS KS", "3S", "4S"], rules), "2S")) == CardSet("KS")
    assert legal_cards(play(position(["2S", "QS 2D", "3S", "4S"], rules), "2S")) == CardSet("QS")
    # Leading: not Q♠ while another card may lead; a heart rather than Q♠.
    assert legal_cards(position(["QS 2D", "3C", "4C", "5C"], rules)) == CardSet("2D")
    assert legal_cards(position(["QS 2H 3H", "3C", "4C", "5C"], rules)) == CardSet("2H 3H")
    assert legal_cards(position(["QS 2H 3H", "3C", "4C", "5C"], Rules())) == CardSet("QS")


# --- forced discard -----------------------------------------------------------------------


def test_forced_discard_of_a_penalty_card() -> None:
    """Rule: a player who cannot follow suit must play a penalty card if it holds one
    (listed among Wikipedia's variants)."""
    rules = Rules(forced_discard=True)
    hands = ["2C", "AD 5H QS", "3H 4H", "9C"]
    state = play(position(hands, rules), "2C")
    assert legal_cards(state) == CardSet("5H QS")
    with pytest.raises(
        IllegalMoveError,
        match=r"must play a penalty card \(Rules\.forced_discard\), and P1 holds 5♥ Q♠",
    ):
        hearts.apply(state, Play(1, "AD"))
    clean = play(position(["2C", "AD KD", "3H", "9C"], rules), "2C")
    assert legal_cards(clean) == CardSet("AD KD")
    # The first-trick ban comes first: no penalty card on the first trick.
    first = play(position(hands, rules, first_trick=True), "2C")
    assert legal_cards(first) == CardSet("AD")


# --- validation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"jokers": 4}, r"Rules\.jokers must be a whole number from 0 to 3, got 4"),
        (
            {"players": 3, "jokers": 3},
            r"Rules\.jokers is 3, but a trick of 3 players must hold a card that is not a joker",
        ),
        (
            {"jokers": 2},
            r"Rules\.removed and Rules\.jokers leave 54 cards, which 4 players cannot share evenly",
        ),
        (
            {"players": 3, "removed": "JK1"},
            r"Rules\.removed may only name cards of the 52-card deck",
        ),
        ({"first_lead": "dealer"}, r"Rules\.first_lead must be one of 'lowest_club', 'any_club'"),
        ({"first_trick": "none"}, r"Rules\.first_trick must be one of"),
        (
            {"first_trick_fallback": "spades"},
            r"Rules\.first_trick_fallback must be one of 'any', 'queen'",
        ),
        ({"must_break_hearts": 1}, r"Rules\.must_break_hearts must be True or False, got 1"),
        ({"dealer_chooses_pass": "yes"}, r"Rules\.dealer_chooses_pass must be True or False"),
        ({"unpassable": "QS XX"}, r"Rules\.unpassable must be a set of cards"),
    ],
)
def test_invalid_variant_fields_raise_naming_the_field(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**fields)  # type: ignore[arg-type]


def test_enums_and_names_are_accepted() -> None:
    rules = Rules(
        first_lead=FirstLead.ANY_CLUB,
        first_trick=FirstTrick.OPEN,
        first_trick_fallback=FirstTrickFallback.QUEEN,
    )
    assert rules == Rules(first_lead="any_club", first_trick="open", first_trick_fallback="queen")
    assert (
        repr(rules)
        == "Rules(first_lead='any_club', first_trick='open', first_trick_fallback='queen')"
    )


def test_replace_follows_jokers() -> None:
    three = Rules(players=3)
    assert three.removed == CardSet("2D")
    assert three.replace(jokers=2).removed == CardSet()
    assert three.replace(jokers=2).hand_size == 18


def test_bad_choice_moves_are_refused_with_a_sentence() -> None:
    with pytest.raises(
        IllegalMoveError, match=r"^'sideways' is not a pass direction: use one of 'left'"
    ):
        ChoosePass(0, "sideways", 1)
    with pytest.raises(
        IllegalMoveError, match=r"^'x' is not a way to score a shot: use 'add' or 'subtract'\.$"
    ):
        hearts.ShootChoice(0, "x")
