"""Scenario tests: each rule of the standard game on a hand-built position.

Sources: Microsoft Hearts' help ("Windows"), Bicycle's rules, and pagat.com, as listed in
RULES.md; each test names the rule it checks.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from positions import (
    BREAKING_HANDS,
    CLUBS,
    DIAMONDS,
    FIRST_TRICK_HANDS,
    HEARTS,
    MOON_HANDS,
    SPADES,
    after_first_trick,
    hold_hand,
    legal_cards,
    play,
    with_hand,
)

import hearts
from hearts import CardSet, Deal, HeartsError, IllegalMoveError, Pass, Phase, Play, Rules

# --- first lead ---------------------------------------------------------------------------


def test_first_lead_holder_of_two_of_clubs_must_lead_it() -> None:
    """Rule: the holder of 2♣ leads it to the first trick (Windows, Bicycle, pagat)."""
    hands = (
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        HEARTS,
        SPADES,
    )
    state = hold_hand(hands)
    assert state.to_move == (1,)
    assert state.leader == 1
    assert hearts.legal_moves(state) == (Play(1, "2C"),)
    with pytest.raises(
        IllegalMoveError, match=r"^P1 may not lead 3♦: the first trick must be led with 2♣\.$"
    ):
        hearts.apply(state, Play(1, "3D"))


def test_first_lead_is_the_lowest_club_when_two_of_clubs_is_removed() -> None:
    """Rule: with 2♣ removed (5 players), the holder of 3♣ leads it (Bicycle, pagat)."""
    state = hearts.new_game(Rules(players=5, pass_cycle=("hold",)), seed=3)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    holder = next(seat for seat, hand in enumerate(state.hands) if hearts.Card("3C") in hand)
    assert hearts.legal_moves(state) == (Play(holder, "3C"),)


# --- following suit -------------------------------------------------------------------------


def test_follow_suit_player_holding_the_led_suit_must_follow() -> None:
    """Rule: players must follow suit if they can (all sources)."""
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C", "8D", "2H")
    assert legal_cards(state) == CardSet("9C TC JC QC KC AC")
    with pytest.raises(
        IllegalMoveError,
        match=r"^P3 may not play 7♠: players must follow suit, ♣ was led and P3 holds 9♣ 10♣ J♣ Q♣ K♣ A♣\.$",
    ):
        hearts.apply(state, Play(3, "7S"))


def test_follow_suit_void_player_may_discard_any_card_after_the_first_trick() -> None:
    """Rule: a player who cannot follow suit may play any card (all sources)."""
    state = after_first_trick(hold_hand(BREAKING_HANDS), leader=0)
    state = play(state, "2C")
    state = play(state, "9C")
    assert legal_cards(state) == CardSet(DIAMONDS)
    state = play(state, "2D")
    assert legal_cards(state) == CardSet(SPADES)  # Q♠ included after the first trick


# --- the first trick ------------------------------------------------------------------------


def test_first_trick_no_heart_and_no_queen_of_spades() -> None:
    """Rule: no heart and no Q♠ on the first trick (Windows, BGA; Bicycle for void players)."""
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    assert state.to_move == (1,)
    assert legal_cards(state) == CardSet("8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S")
    with pytest.raises(
        IllegalMoveError,
        match=r"^P1 may not play Q♠: no penalty card \(a heart or Q♠\) may be played on the "
        r"first trick while P1 holds other cards\.$",
    ):
        hearts.apply(state, Play(1, "QS"))


def test_first_trick_player_with_only_hearts_may_play_a_heart() -> None:
    """Rule: a player holding only penalty cards may play any of them (OpenSpiel, Windows)."""
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C", "8D")
    assert state.to_move == (2,)
    assert legal_cards(state) == CardSet(HEARTS)
    state = play(state, "2H")
    assert state.hearts_broken


def test_first_trick_player_with_only_hearts_and_queen_may_play_any_of_them() -> None:
    """Rule: the fallback covers a hand of hearts and Q♠ (OpenSpiel; the standard reading)."""
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    state = with_hand(state, 1, "QS 2H 3H")
    assert legal_cards(state) == CardSet("QS 2H 3H")


# --- breaking hearts ------------------------------------------------------------------------


def test_hearts_may_not_be_led_before_they_are_broken() -> None:
    """Rule: hearts may not be led until a heart has been played (Windows, pagat, BGA)."""
    state = play(hold_hand(BREAKING_HANDS), "2C", "AC", "2D", "2S")
    assert state.to_move == (1,)
    assert not state.hearts_broken
    assert legal_cards(state) == CardSet("9C TC JC QC KC")
    with pytest.raises(
        IllegalMoveError,
        match=r"^P1 may not lead 8♥: hearts are not broken and P1 holds other suits\.$",
    ):
        hearts.apply(state, Play(1, "8H"))


def test_queen_of_spades_does_not_break_hearts() -> None:
    """Rule: in the standard game only a heart breaks hearts (Windows, BGA, GNOME)."""
    state = play(hold_hand(BREAKING_HANDS), "2C", "AC", "2D", "2S")
    state = play(state, "9C", "3D", "QS", "3C")
    assert state.to_move == (1,)
    assert not state.hearts_broken
    assert CardSet("8H") & legal_cards(state) == CardSet()


def test_hearts_may_be_led_once_a_heart_has_been_discarded() -> None:
    """Rule: a heart played on any trick breaks hearts (Windows, pagat)."""
    state = after_first_trick(hold_hand(BREAKING_HANDS), leader=1)
    state = with_hand(state, 1, "9C TC JC QC KC AC 8H TH JH QH KH AH AS")
    state = with_hand(state, 3, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 9H")
    state = play(state, "9C", "2D", "9H")
    assert state.hearts_broken
    state = play(state, "2C")
    assert state.to_move == (1,)
    assert legal_cards(state) == CardSet("TC JC QC KC AC 8H TH JH QH KH AH AS")


def test_leader_with_only_hearts_may_lead_a_heart() -> None:
    """Rule: unbroken hearts may be led when the leader holds only hearts (Windows, pagat)."""
    state = after_first_trick(hold_hand(BREAKING_HANDS), leader=1)
    state = with_hand(state, 1, "8H 9H TH")
    assert not state.hearts_broken
    assert legal_cards(state) == CardSet("8H 9H TH")


# --- winning a trick ------------------------------------------------------------------------


def test_trick_winner_is_the_highest_card_of_the_suit_led() -> None:
    """Rule: the highest card of the suit led wins; other suits never win (all sources)."""
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C", "AD", "AH", "9C")
    assert state.trick == ()
    assert state.tricks[-1].winner == 3
    assert state.to_move == (3,)
    assert state.leader == 3
    assert state.taken[3] == CardSet("2C AD AH 9C")
    assert state.tricks_won == (0, 0, 0, 1)


# --- passing ----------------------------------------------------------------------------


def test_passing_is_simultaneous_and_exchanged_only_when_all_have_passed() -> None:
    """Rule: cards change hands when everyone has passed (Windows, pagat)."""
    state = hearts.from_hands(BREAKING_HANDS, hand_number=0)  # hand 1 passes left
    assert state.phase is Phase.PASS
    assert state.to_move == (0, 1, 2, 3)
    state = hearts.apply(state, Pass(0, "2H 3H 4H"))
    assert state.to_move == (1, 2, 3)
    assert state.hands[1] == CardSet(BREAKING_HANDS[1])  # nothing received yet
    assert state.hands[0] == CardSet(BREAKING_HANDS[0])  # passed cards still held
    state = hearts.apply(state, Pass(2, "2D 3D 4D"))
    state = hearts.apply(state, Pass(1, "AH KH QH"))
    state = hearts.apply(state, Pass(3, "QS KS AS"))
    assert state.phase is Phase.PLAY
    assert state.hands[1] == CardSet(BREAKING_HANDS[1]) - CardSet("AH KH QH") | CardSet("2H 3H 4H")
    assert state.hands[0] == CardSet(BREAKING_HANDS[0]) - CardSet("2H 3H 4H") | CardSet("QS KS AS")
    assert state.to_move == (0,)


@pytest.mark.parametrize(
    ("hand_number", "direction", "receiver_of_p0"),
    [(0, "left", 1), (1, "right", 3), (2, "across", 2), (4, "left", 1), (5, "right", 3)],
)
def test_pass_cycle_left_right_across_hold_repeats(
    hand_number: int, direction: str, receiver_of_p0: int
) -> None:
    """Rule: pass left, right, across, then hold, repeating (Windows, Bicycle, pagat)."""
    state = hearts.from_hands(BREAKING_HANDS, hand_number=hand_number)
    assert str(state.pass_direction) == direction
    for seat, cards in enumerate(("2C 3C 4C", "9C TC JC", "2D 3D 4D", "2S 3S 4S")):
        state = hearts.apply(state, Pass(seat, cards))
    assert CardSet("2C 3C 4C") <= state.hands[receiver_of_p0]


def test_hold_hand_has_no_passing() -> None:
    """Rule: the fourth hand of the cycle is played without passing."""
    state = hearts.from_hands(BREAKING_HANDS, hand_number=7)
    assert state.phase is Phase.PLAY
    assert hearts.legal_moves(state, 2) == ()


def test_pass_moves_are_every_three_card_combination() -> None:
    state = hearts.from_hands(BREAKING_HANDS)
    moves = hearts.legal_moves(state, 0)
    assert len(moves) == 286
    assert len(set(moves)) == 286
    assert all(move.player == 0 and len(move.cards) == 3 for move in moves)
    assert list(moves) == [moves[i] for i in range(len(moves))]
    assert moves[-1] == moves[285]
    assert moves[1:3] == (moves[1], moves[2])
    with pytest.raises(IndexError):
        moves[286]
    everyone = hearts.legal_moves(state)
    assert len(everyone) == 4 * 286
    assert everyone[286].player == 1
    assert Pass(3, "QS KS AS") in everyone
    assert Pass(3, "QS KS 2H") not in everyone


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            Pass(0, "2C 3C"),
            r"^P0 may not pass 2♣ 3♣: each player passes exactly 3 cards left this hand, not 2\.$",
        ),
        (Pass(0, "2C 3C 4C 5C"), r"exactly 3 cards"),
        (Pass(0, "2C 3C AS"), r"^P0 may not pass 2♣ 3♣ A♠: P0 does not hold A♠\.$"),
        (
            Pass(5, "2C 3C 4C"),
            r"^P5 may not pass 2♣ 3♣ 4♣: P5 is not a seat, this game has seats P0 to P3\.$",
        ),
        (
            Play(0, "2C"),
            r"^P0 may not play 2♣: the game waits for P0, P1, P2, P3 to pass 3 cards left\.$",
        ),
        (
            Deal(BREAKING_HANDS),
            r"^A deal is not a legal move now: the game waits for P0, P1, P2, P3 to pass 3 cards "
            r"left\.$",
        ),
    ],
)
def test_illegal_passes_are_refused(move: hearts.Move, message: str) -> None:
    state = hearts.from_hands(BREAKING_HANDS)
    with pytest.raises(IllegalMoveError, match=message):
        hearts.apply(state, move)


CLAIMS = Rules(claims=True)


@pytest.mark.parametrize(
    "move", [Play(4, "2C"), Pass(6, "2C 3C 4C"), hearts.Claim(5), hearts.ShootChoice(4, "add")]
)
def test_a_seat_beyond_the_game_is_named(move: hearts.Move) -> None:
    """A move of a seat this game does not have says so, in every phase."""
    for state in (
        hearts.from_hands(BREAKING_HANDS, CLAIMS),
        hearts.from_hands(BREAKING_HANDS, CLAIMS, hand_number=3),
    ):
        with pytest.raises(
            IllegalMoveError,
            match=rf"P{move.player} is not a seat, this game has seats P0 to P3\.$",
        ):
            hearts.apply(state, move)


def test_legal_moves_refuses_a_seat_that_is_not_one() -> None:
    """``legal_moves(state, 9)`` is a mistake, not a seat without moves."""
    for state in (
        hearts.from_hands(BREAKING_HANDS),
        hearts.from_hands(BREAKING_HANDS, hand_number=3),
    ):
        with pytest.raises(
            HeartsError, match=r"^P9 is not a seat: this game has seats P0 to P3\.$"
        ):
            hearts.legal_moves(state, 9)
        with pytest.raises(TypeError, match=r"^A seat is an int from 0 to 3, got '0'\.$"):
            hearts.legal_moves(state, "0")  # type: ignore[arg-type]
        with pytest.raises(HeartsError, match=r"P9 is not a seat"):
            hearts.legal_moves(hearts.view(state, 0), 9)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hearts.apply(None, Play(0, "2C")), r"^apply needs a hearts\.State, got None\.$"),  # type: ignore[arg-type]
        (
            lambda: hearts.legal_moves(None),
            r"^legal_moves needs a hearts\.State or a hearts\.PlayerView, got None\.$",
        ),  # type: ignore[arg-type]
        (lambda: hearts.from_hands(None), r"^from_hands needs one hand per seat"),  # type: ignore[arg-type]
        (lambda: hearts.from_hands("2C 3C"), r"^from_hands needs one hand per seat"),
        (
            lambda: hearts.from_hands(BREAKING_HANDS, scores=5),
            r"^from_hands needs scores as one int per seat \(or None\), got 5\.$",
        ),  # type: ignore[arg-type]
        (
            lambda: hearts.from_hands(BREAKING_HANDS, "omnibus"),
            r"^from_hands needs a hearts\.Rules value for rules, got 'omnibus'\.$",
        ),  # type: ignore[arg-type]
    ],
)
def test_wrong_argument_types_are_named(call: object, message: str) -> None:
    """Wrong argument types give a TypeError saying what was expected (Python's convention)."""
    with pytest.raises(TypeError, match=message):
        call()  # type: ignore[operator]


def test_a_player_passes_only_once() -> None:
    state = hearts.apply(hearts.from_hands(BREAKING_HANDS), Pass(0, "2C 3C 4C"))
    with pytest.raises(
        IllegalMoveError,
        match=r"^P0 may not pass 5♣ 6♣ 7♣: P0 has already passed 2♣ 3♣ 4♣ this hand, and the game "
        r"waits for P1, P2, P3 to pass 3 cards left\.$",
    ):
        hearts.apply(state, Pass(0, "5C 6C 7C"))
    assert hearts.legal_moves(state, 0) == ()


# --- dealing --------------------------------------------------------------------------------


def test_seeded_game_offers_its_seeded_deal_and_accepts_any_valid_deal() -> None:
    """Design: a seeded game offers one deal; apply accepts any valid Deal."""
    state = hearts.new_game(seed=9)
    (offered,) = hearts.legal_moves(state)
    assert offered == hearts.legal_moves(hearts.new_game(seed=9))[0]
    assert offered != hearts.legal_moves(hearts.new_game(seed=10))[0]
    own = hearts.apply(state, Deal(BREAKING_HANDS))
    assert own.hands == tuple(CardSet(hand) for hand in BREAKING_HANDS)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (BREAKING_HANDS[:3], r"^The deal gives 3 hands: each of the 4 players must get one\.$"),
        (
            (CLUBS, DIAMONDS, HEARTS, "2S 3S"),
            r"^The deal gives P3 2 cards: each player must get 13\.$",
        ),
        (
            (CLUBS, DIAMONDS, HEARTS, CLUBS),
            r"^The deal gives 2♣ 3♣ .* A♣ to P3 and to another player\.$",
        ),
    ],
)
def test_invalid_deals_are_refused(hands: tuple[str, ...], message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        hearts.apply(hearts.new_game(), Deal(hands))


def test_deal_of_a_removed_card_is_refused() -> None:
    rules = Rules(players=3)
    hands = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D",
        DIAMONDS[3:] + " 2H 3H 4H 5H",
        "",
    )
    with pytest.raises(
        IllegalMoveError,
        match=r"^The deal gives P0 2♦, which this game's deck does not hold \(removed: 2♦\)\.$",
    ):
        hearts.apply(hearts.new_game(rules), Deal(hands))


# --- turn order and immutability --------------------------------------------------------


def test_play_goes_to_the_left() -> None:
    """Design: seats are clockwise and play goes to seat + 1."""
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    assert state.to_move == (1,)
    with pytest.raises(IllegalMoveError, match=r"^P2 may not play 2♥: it is P1's turn to play\.$"):
        hearts.apply(state, Play(2, "2H"))


def test_a_card_not_held_is_refused() -> None:
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    with pytest.raises(IllegalMoveError, match=r"^P1 may not play 2♥: P1 does not hold it\.$"):
        hearts.apply(state, Play(1, "2H"))


def test_something_that_is_not_a_move_is_refused() -> None:
    with pytest.raises(
        IllegalMoveError,
        match=r"'QS' is not a move: give a hearts\.Deal, Pass, Play, Claim, ChoosePass or ShootChoice\.",
    ):
        hearts.apply(hearts.new_game(), "QS")  # type: ignore[arg-type]


def test_apply_leaves_the_state_unchanged_after_an_error() -> None:
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    before = repr(state)
    for move in (Play(1, "QS"), Play(1, "2H"), Play(2, "2H"), Pass(1, "QS KS AS")):
        with pytest.raises(IllegalMoveError):
            hearts.apply(state, move)
    assert repr(state) == before
    assert hearts.apply(state, Play(1, "8D")).to_move == (2,)


def test_legal_moves_of_a_seat_that_is_not_to_move_is_empty() -> None:
    state = hold_hand(FIRST_TRICK_HANDS)
    assert hearts.legal_moves(state, 1) == ()
    assert hearts.legal_moves(state, 0) == (Play(0, "2C"),)
    with pytest.raises(hearts.HeartsError, match="P9 is not a seat"):
        hearts.legal_moves(hearts.new_game(), 9)


def test_new_game_checks_its_arguments() -> None:
    # Wrong types are TypeErrors, as in Python (issue 13); a huge seed is refused in words.
    with pytest.raises(TypeError, match="seed must be an int"):
        hearts.new_game(seed="7")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rules must be a hearts\.Rules"):
        hearts.new_game({"players": 4})  # type: ignore[arg-type]
    with pytest.raises(hearts.HeartsError, match="a seed has at most 1,000 digits"):
        hearts.new_game(seed=10**5000)
    with pytest.raises(hearts.HeartsError, match="an int of about 5,001 digits is not a seat"):
        hearts.view(hearts.new_game(seed=1), 10**5000)
    with pytest.raises(TypeError, match=r"hand_number must be an int, got 1\.5"):
        hearts.from_hands(MOON_HANDS, hand_number=1.5)  # type: ignore[arg-type]
    with pytest.raises(hearts.HeartsError, match="hand_number must be at least 0, got -1"):
        hearts.from_hands(MOON_HANDS, hand_number=-1)
    with pytest.raises(hearts.HeartsError, match="scores must be 4 ints"):
        hearts.from_hands(MOON_HANDS, scores=(1, 2))
    assert hearts.new_game().seed != hearts.new_game().seed  # drawn when not given


def test_start_hand_follows_its_results_and_checks_its_seed() -> None:
    """hearts.start_hand: the position before a hand's deal, as the engine makes it between
    hands (records replay from it); with results, the hand and the totals follow them."""
    state = hearts.new_game(hearts.Rules(target=40), seed=5)
    rng = random.Random(1)
    while not state.results:
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    assert hearts.start_hand(state.rules, results=state.results, seed=state.seed) == state
    assert hearts.start_hand(hand_number=3).pass_direction is hearts.PassDirection.HOLD
    with pytest.raises(TypeError, match=r"^seed must be an int, got 'x'\.$"):
        hearts.start_hand(seed="x")  # type: ignore[arg-type]
    with pytest.raises(HeartsError, match=r"a seed has at most 1,000 digits"):
        hearts.start_hand(seed=10**1500)
    with pytest.raises(TypeError, match=r"^start_hand needs results as HandResult values"):
        hearts.start_hand(results=[1])  # type: ignore[list-item]


# --- the State class (issue 15: a plain class, native when compiled) -------------------


def test_a_state_is_not_a_tuple() -> None:
    # len(state) == 17 and state < other were accidents of the NamedTuple it used to be.
    state = hearts.new_game(seed=1)
    assert not isinstance(state, tuple)
    with pytest.raises(TypeError):
        len(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _ = state < hearts.new_game(seed=2)  # type: ignore[operator]


def test_states_compare_hash_and_pickle_by_their_fields() -> None:
    state = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    again = play(hold_hand(FIRST_TRICK_HANDS), "2C")
    assert state == again and state is not again and hash(state) == hash(again)
    assert state != hold_hand(FIRST_TRICK_HANDS) and state != "a state"
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) is state
    assert repr(state).startswith("State(rules=Rules(") and "ruled_out_masks=(0, 0, 0, 0))" in repr(
        state
    )


def test_replace_changes_the_named_fields_only() -> None:
    state = hearts.new_game(seed=1)
    changed = state.replace(scores=(5, 0, 0, 0), hand_number=2)
    assert (changed.scores, changed.hand_number, changed.seed) == ((5, 0, 0, 0), 2, state.seed)
    assert state.scores == (0, 0, 0, 0)
    with pytest.raises(TypeError, match="State has no field 'score': its fields are rules, seed"):
        state.replace(score=(5, 0, 0, 0))


def test_assigning_or_deleting_a_field_is_refused_in_both_builds() -> None:
    """A state is immutable in the pure package as compiled (CI runs this on both)."""
    state = hearts.new_game(seed=1)
    with pytest.raises(AttributeError, match=r"^State is immutable: its seed cannot be changed"):
        state.seed = 2
    with pytest.raises(AttributeError, match=r"^State is immutable: its scores cannot be deleted"):
        del state.scores
    assert state.seed == 1 and state.scores == (0, 0, 0, 0)
