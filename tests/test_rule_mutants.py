"""Scenario tests for the rule changes that mutation testing found no fast test to catch.

Each test checks one rule on a position built by hand, and fails if the rule is changed in
the way its docstring says (a mutant of the rule modules that survived every other fast
test: see scripts/mutation.py and docs/verification.md, "Mutation testing"). The rule and
its source are named as in docs/rules.md.
"""

from __future__ import annotations

import itertools
import random
import re
import types
from unittest import mock

import pytest
from positions import HEARTS, MOON_HANDS, hold_hand, legal_cards, play, position
from test_scoring_variants import score

import hearts
from hearts import CardSet, Claim, IllegalMoveError, Pass, Phase, Play, Rules
from hearts.game.passes import PassMoves

# --- claims (TRAM) --------------------------------------------------------------------------


def test_a_mid_trick_claim_must_win_the_trick_in_progress() -> None:
    """Rule: a claim is allowed only when the claimer wins every remaining trick, the one
    in progress included (World of Card Games and Hardwood accept a claim only when it
    cannot fail).

    Mutant: a mid-trick claim judged as if the claimer were leading. P1 led A♦ and P0 can
    only follow with 2♦: P1 wins this trick, although P0's hand would win every trick
    were it to lead."""
    rules = Rules(claims=True)
    hands = ["2D AS", "2S", "3S", "4S"]
    state = position(hands, rules, leader=1, trick=["AD", "3D", "4D"], hearts_broken=True)
    assert state.to_move == (0,)
    assert Claim(0) not in hearts.legal_moves(state)
    assert Claim(0) not in hearts.legal_moves(hearts.view(state, 0))
    with pytest.raises(IllegalMoveError, match=r"^P0 may not claim the rest: another player"):
        hearts.apply(state, Claim(0))
    # Second to play after P3's A♦, P0 can only follow with 2♦: the trick is P3's.
    state = position(["2D AS", "3S 5D", "3D 4S", "6S 5S"], rules, leader=3, trick=["AD"])
    assert Claim(0) not in hearts.legal_moves(state)
    # On lead the same cards win every trick: 2♦ is the only diamond left.
    state = position(["2D AS", "3S 5S", "4S 6S", "7S 8S"], rules, hearts_broken=True)
    assert Claim(0) in hearts.legal_moves(state)


def test_a_claim_takes_the_cards_of_the_trick_in_progress() -> None:
    """Rule: a claim gives the claimer every remaining trick, the trick in progress
    included, with the cards the others have already played to it (WOCG: "the rest are
    mine").

    Mutant: the current trick not credited to the claimer. P2 led 2♥ and P3 played 3♥;
    P0 claims with A♥ A♠ and takes 2♥ 3♥ A♥ 4♥ and the spades: 4 points, two tricks."""
    rules = Rules(claims=True)
    hands = ["AH AS", "4H 2S", "3S", "4S"]
    state = position(hands, rules, leader=2, trick=["2H", "3H"], hearts_broken=True)
    assert Claim(0) in hearts.legal_moves(state)
    result = hearts.apply(state, Claim(0)).results[-1]
    assert result.claim == 0
    assert result.points == (4, 0, 0, 0)
    assert result.tricks_won == (2, 0, 0, 0)


def test_a_claimer_holding_a_joker_cannot_claim() -> None:
    """Rule: a joker never wins a trick (every joker variant: it belongs to no suit), so a
    claimer holding one cannot win every remaining trick and may not claim (WOCG: a claim
    is accepted only when it cannot fail).

    Mutant: a claim allowed while the claimer holds a joker. P0's A♠ wins the next trick;
    then it must lead the joker and P2's 5♠ wins the last one."""
    rules = Rules(claims=True, players=3, jokers=2)
    state = position(["AS JK1", "2S 3S", "4S 5S"], rules, hearts_broken=True)
    assert Claim(0) not in hearts.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=r"^P0 may not claim the rest"):
        hearts.apply(state, Claim(0))
    # Mid-trick too: P2 led 4♠ and P0, to play, holds A♠ and the joker.
    state = position(["AS JK1", "2S 3S", "5S"], rules, leader=2, trick=["4S"])
    assert state.to_move == (0,)
    assert Claim(0) not in hearts.legal_moves(state)
    # Without the joker the same hand claims.
    state = position(["AS KS", "2S 3S", "4S 5S"], rules, hearts_broken=True)
    assert Claim(0) in hearts.legal_moves(state)


def test_on_the_first_trick_the_ban_on_points_keeps_a_high_queen_from_winning() -> None:
    """Rule: a claim is allowed when the claimer wins every remaining trick whatever the
    others play (WOCG), and on the first trick no card worth points may be played while
    another card may (Pagat: no points on the first trick).

    Here P1 leads the first trick (``first_lead="left_of_dealer"``) holding 2♠ 8♠ K♠. P2
    holds Q♠ above P1's 8♠, which would let it keep the queen and win P1's second spade
    lead; but the ban makes P2 follow the 2♠ with 5♠, and the Q♠ then falls under K♠ or
    8♠ as it likes: P1 wins all three tricks and may claim.

    Mutants (claims.py): ``safe_claim``'s ``if trick:`` forced True, which rejects the
    claim by the quick test of a seat keeping a higher card (it does not know the first
    trick's ban), and ``claim_is_safe``'s statements deleted or its result replaced,
    which no other fast test reached, in the runs of 2026-11-29."""
    hands = ("4C JC 7H", "2S 8S KS", "QC 5S QS", "5C 8D KH")
    deck = CardSet(" ".join(hands))
    rules = Rules(removed=Rules().deck - deck, first_lead="left_of_dealer", claims=True)
    masks = [CardSet(cards).mask for cards in hands]
    assert (
        hearts.game.claims.claim_is_safe(rules, 1, masks, (), 1, first=True, broken=False) is True
    )
    # Without the ban, P2 may win the first trick with Q♠: then it is no claim.
    open_first = rules.replace(first_trick="open")
    assert not hearts.game.claims.claim_is_safe(
        open_first, 1, masks, (), 1, first=True, broken=False
    )


# --- scoring --------------------------------------------------------------------------------


def test_chip_games_have_no_exact_score_resets_and_no_floor() -> None:
    """Rule: in a chip game totals are chips, changed only by the pool (Wikipedia's chip
    scoring); exact-score resets and the score floor are rules of points scoring.

    Mutant: resets and the floor applied in chip games. P0 and P1 pay a chip and land on
    4, which would be a reset total; the floor of 5 would raise them back."""
    rules = Rules(chips=5, resets=(4,), reset_amount=3, score_floor=5)
    result = score(rules, ["QS", "2H", "", "3C"], scores=(5, 5, 5, 5))
    assert result.chip_changes == (-1, -1, 1, 1)
    assert result.adjustments == (0, 0, 0, 0)
    assert result.scores == (4, 4, 6, 6)
    assert result.changes == (-1, -1, 1, 1)
    # The same rules without chips reset and floor the points totals.
    points = Rules(resets=(4,), reset_amount=3, score_floor=5)
    result = score(points, ["QS", "2H", "", "3C"], scores=(0, 3, 0, 0))
    assert result.adjustments == (0, 1, 5, 5)  # P1's 4 drops to 1, then all rise to 5
    assert result.scores == (13, 5, 5, 5)


def test_nobody_shoots_the_sun_without_every_trick() -> None:
    """Rule: shooting the sun is taking every trick (gnome-hearts, WOCG).

    Mutant: seat 0 shooting the sun every hand. Here P0 takes nothing and P1 one trick
    short of all."""
    rules = Rules(sun="add")
    deck = CardSet.from_mask(rules.deck_mask)
    last = CardSet("2C 3C 4C 5C")
    result = score(rules, ["", str(deck - last), str(last), ""], scores=(0, 0, 0, 0))
    assert (result.sun, result.moon) == (None, 1)
    assert result.changes == (26, 0, 26, 26)
    assert hearts.shooter(rules, (0, rules.deck_mask, 0, 0)) == ("sun", 1)
    assert hearts.shooter(rules, (0, (deck - last).mask, last.mask, 0)) == ("moon", 1)
    assert hearts.shooter(rules, (CardSet("2H").mask, CardSet("QS").mask, 0, 0)) is None
    result = score(rules, ["2H", "QS", "", ""], scores=(0, 0, 0, 0))
    assert (result.sun, result.moon, result.changes) == (None, None, (1, 13, 0, 0))


# --- play -----------------------------------------------------------------------------------


def test_a_void_player_may_discard_any_card_whatever_was_discarded_before() -> None:
    """Rule: each player must follow the suit led if it can; a player with none may play
    any card (all sources: Windows, Bicycle, pagat.com). The suit is the led card's, not
    the last card's, and the highest card of the suit led wins.

    Mutant: a void player made to follow the last card's suit. P0 led 5♣ and P1, void in
    clubs, discarded 9♦: P2, void in clubs too, may play any card, its K♦ included."""
    state = position(["5C 2S", "9D 3S", "KD 2H QS", "7C AD 4S"], trick=["5C", "9D"])
    assert state.to_move == (2,)
    assert legal_cards(state) == CardSet("KD 2H QS")
    rules = state.rules
    assert hearts.game.play.playable(rules, state.hand_masks[2], state.trick, False, False) == (
        CardSet("KD 2H QS").mask
    )
    after = hearts.apply(state, Play(2, "2H"))
    # P3 holds a club: it must follow the club led, not the heart played last.
    assert legal_cards(after) == CardSet("7C")
    with pytest.raises(IllegalMoveError, match=r"players must follow suit, ♣ was led"):
        hearts.apply(after, Play(3, "AD"))
    done = hearts.apply(after, Play(3, "7C"))
    assert done.tricks[-1].winner == 3  # 7♣ beats 5♣; A♦ and 2♥ were off suit
    # The last card off suit and highest: the trick still goes to the highest club.
    state = position(["5C 2S", "7C 3S", "9D 4S", "AH 5S"], trick=["5C", "7C", "9D"])
    done = hearts.apply(state, Play(3, "AH"))
    assert done.tricks[-1].winner == 1
    assert done.taken_masks[1] == CardSet("5C 7C 9D AH").mask


@pytest.mark.parametrize("rule", ["any_club", "lowest_club"])
def test_the_first_lead_must_be_a_club(rule: str) -> None:
    """Rule: the first trick is led with 2♣ (Windows, Bicycle, pagat.com), or with any club
    (OpenSpiel's ``can_lead_any_club``: ``first_lead='any_club'``).

    Mutant: the any-club first lead not enforced. P0 holds diamonds and spades that no
    other rule keeps from leading (the first-trick ban bars only hearts and Q♠)."""
    rules = Rules(first_lead=rule)
    state = position(["2C 9C 3D 4S 5H", "3C", "4C", "5C"], rules, first_trick=True)
    expected = CardSet("2C 9C") if rule == "any_club" else CardSet("2C")
    assert legal_cards(state) == expected
    for card in ("3D", "4S"):
        with pytest.raises(IllegalMoveError, match=r"the first trick must be led with"):
            hearts.apply(state, Play(0, card))
    assert hearts.apply(state, Play(0, "9C" if rule == "any_club" else "2C")).trick


def test_left_of_dealer_no_heart_forbids_a_heart_on_the_first_lead() -> None:
    """Rule: a Hoyle variant: the player left of the dealer leads the first trick with any
    card but a heart, unless it holds only hearts (``first_lead='left_of_dealer_no_heart'``).

    Mutant: ``left_of_dealer_no_heart`` ignored. Hearts need not be broken and the first
    trick is open, so no other rule keeps the hearts back."""
    rules = Rules(
        first_lead="left_of_dealer_no_heart",
        must_break_hearts=False,
        first_trick="open",
        pass_cycle="none",
    )
    hands = ["2C 3C 4C", "5H 9H 4D", "6C 7C 8C", "9C TC JC"]  # a deck cut to these cards
    rules = rules.replace(removed=Rules().deck - CardSet(" ".join(hands)))
    state = hearts.from_hands(hands, rules)
    assert state.to_move == (1,)  # left of the dealer, P0; not the holder of 2♣
    assert legal_cards(state) == CardSet("4D")
    with pytest.raises(IllegalMoveError, match=r"the first lead may not be a heart"):
        hearts.apply(state, Play(1, "5H"))
    only_hearts = position(["2H 3H", "4C 5C", "6C 7C", "8C 9C"], rules, first_trick=True)
    assert legal_cards(only_hearts) == CardSet("2H 3H")
    # After the first trick a heart may lead.
    assert legal_cards(position(["5H 4D", "2C", "3C", "4C"], rules)) == CardSet("5H 4D")


def test_the_first_trick_ban_bars_the_lead_too() -> None:
    """Rule: no penalty card may be played on the first trick while the player holds
    another card (Windows, BGA; Bicycle), the lead included where the first lead is free
    (Foster, Culbertson: the player left of the dealer leads any card).

    Mutant: no first-trick bar on the lead."""
    rules = Rules(first_lead="left_of_dealer", must_break_hearts=False)
    state = position(["QS 5H 3D 7C", "2C", "3C", "4C"], rules, first_trick=True)
    assert legal_cards(state) == CardSet("3D 7C")
    with pytest.raises(IllegalMoveError, match=r"no penalty card .* on the first trick"):
        hearts.apply(state, Play(0, "QS"))
    with pytest.raises(IllegalMoveError, match=r"no penalty card .* on the first trick"):
        hearts.apply(state, Play(0, "5H"))
    hearts_only = rules.replace(first_trick="hearts_barred")
    state = position(["QS 5H 3D 7C", "2C", "3C", "4C"], hearts_only, first_trick=True)
    assert legal_cards(state) == CardSet("QS 3D 7C")
    # Holding nothing else, the leader may lead a barred card (the fallback).
    state = position(["QS 5H", "2C", "3C", "4C"], rules, first_trick=True)
    assert legal_cards(state) == CardSet("QS 5H")


@pytest.mark.parametrize("players", [6, 7])
@pytest.mark.parametrize("hand_number", [0, 1, 2, 3])
def test_six_and_seven_players_play_whole_hands(players: int, hand_number: int) -> None:
    """Rule: three to seven players (docs/rules.md, "Players and the deal": six remove
    2♣ 3♣ 2♦ 2♠ (Trickster, Morehead), seven 2♣ 2♦ 2♠), passing two cards.

    Mutant: 6–7 players crash. Every seat, the last ones included, deals, passes, plays
    and scores."""
    rules = Rules(players=players, claims=True)
    rng = random.Random(players * 10 + hand_number)
    state = hearts.start_hand(rules, hand_number=hand_number, seed=hand_number)
    seen = set()
    while not state.results:
        if state.phase is Phase.PASS:
            for seat in state.to_move:
                moves = hearts.legal_moves(state, seat)
                assert moves and all(move.player == seat for move in moves)
            move = moves[rng.randrange(len(moves))]
        else:
            moves = hearts.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            if state.phase is Phase.PLAY:
                assert all(m.player == state.to_move[0] for m in moves)
                seen.add(state.to_move[0])
        state = hearts.apply(state, move)
    assert seen == set(range(players))
    result = state.results[-1]
    assert len(result.scores) == players
    assert sum(result.points) == rules.moon_points
    claimed = result.claim is not None
    assert claimed or sum(result.tricks_won) == rules.hand_size


# --- the pass: PassMoves, unranked without a table ------------------------------------------


def _direct(seats: tuple[int, ...], hands: tuple[CardSet, ...], count: int) -> list[Pass]:
    """Every pass, by direct enumeration: by seat, then combinations of ascending cards."""
    return [
        Pass(seat, CardSet(chosen))
        for seat in seats
        for chosen in itertools.combinations(sorted(hands[seat]), count)
    ]


@pytest.mark.parametrize(
    ("sizes", "count"),
    [((14,), 4), ((13,), 5), ((14, 15), 4), ((13, 14), 4), ((20,), 2)],
)
def test_pass_moves_unrank_large_hands_as_a_direct_enumeration(
    sizes: tuple[int, ...], count: int
) -> None:
    """Rule: each seat passes ``pass_count`` of its cards, any of them (Windows, Bicycle,
    pagat.com); :class:`PassMoves` lists every pass, by seat, then by the combinations of
    the seat's cards in ascending order.

    With more than a thousand passes per seat (14 cards choose 4 is 1,001) ``PassMoves``
    unranks an index without its table of combinations: every index must give the pass a
    direct enumeration gives there, negative indexes and slices too."""
    deck = sorted(CardSet.from_mask(Rules(players=3, jokers=2).deck_mask))
    hands = []
    for size in sizes:
        hands.append(CardSet(deck[:size]))
        deck = deck[size:]
    seats = tuple(range(len(sizes)))
    moves = PassMoves(seats, tuple(hand.mask for hand in hands), count)
    expected = _direct(seats, tuple(hands), count)
    assert len(moves) == len(expected)
    assert [moves[index] for index in range(len(moves))] == expected
    assert list(moves) == expected
    assert moves[-1] == expected[-1]
    assert moves[-len(expected)] == expected[0]
    assert moves[5:40:7] == tuple(expected[5:40:7])
    for index in (len(expected), -len(expected) - 1):
        with pytest.raises(IndexError):
            moves[index]
    assert all(move in moves for move in expected[::97])


def test_pass_moves_of_a_game_passing_four_of_seventeen() -> None:
    """Rule: three players hold 17 cards (2♦ removed: Bicycle, Hoyle, pagat.com); with
    ``pass_count=4`` a seat has 2,380 passes, each one legal and each listed once."""
    rules = Rules(players=3, pass_count=4)
    state = hearts.new_game(rules, seed=4)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert state.phase is Phase.PASS
    moves = hearts.legal_moves(state, 2)
    hand = state.hands[2]
    expected = _direct((2,), (CardSet(),) * 2 + (hand,), 4)
    assert len(moves) == 2380
    assert [moves[index] for index in range(0, 2380, 7)] == expected[::7]
    assert moves[-1] == expected[-1]
    passed = hearts.apply(state, moves[1234])
    assert passed.passed_masks[2] == expected[1234].cards.mask


# --- starting positions and arguments (hearts.game.engine) ---------------------------------------


def test_from_hands_and_start_hand_defaults() -> None:
    """API: ``from_hands`` deals hand 0 of the rules' cycle (a pass to the left) and
    ``start_hand`` is the game before hand 0's deal from seed 0, unless told otherwise;
    with results, the hand after the last result, with its totals."""
    deal = hearts.legal_moves(hearts.new_game(seed=5))[0]
    state = hearts.from_hands(deal.hands)
    assert (state.hand_number, state.phase, state.seed) == (0, Phase.PASS, 0)
    assert state.pass_direction is hearts.PassDirection.LEFT
    start = hearts.start_hand()
    assert (start.hand_number, start.seed, start.phase, start.scores) == (
        0, 0, Phase.DEAL, (0, 0, 0, 0),
    )  # fmt: skip
    assert hearts.legal_moves(start) == hearts.legal_moves(hearts.new_game(seed=0))
    # Two hands played: the next is hand 2, with the second hand's totals.
    game = hearts.new_game(Rules(target=200), seed=5)
    while len(game.results) < 2:
        game = hearts.apply(game, hearts.legal_moves(game)[-1])
    first, second = game.results
    after = hearts.start_hand(game.rules, results=game.results)
    assert (after.hand_number, after.scores) == (2, second.scores)
    assert first.scores != second.scores
    given = hearts.start_hand(game.rules, results=game.results, hand_number=7, scores=(1, 2, 3, 4))
    assert (given.hand_number, given.scores) == (7, (1, 2, 3, 4))
    with pytest.raises(TypeError, match=r"^start_hand needs results as HandResult values"):
        hearts.start_hand(results=5)  # type: ignore[arg-type]
    # Results given as a list: the game goes on from them, and its next hand ends as usual.
    resumed = hearts.start_hand(game.rules, results=list(game.results), seed=5)
    assert resumed.results == (first, second)
    assert hash(resumed) == hash(hearts.start_hand(game.rules, results=game.results, seed=5))
    while len(resumed.results) < 3:
        resumed = hearts.apply(resumed, hearts.legal_moves(resumed)[-1])
    assert resumed.results[:2] == (first, second)


def test_start_hand_after_a_finished_game_is_over() -> None:
    """Rule: the game ends after the hand in which a total reaches the target (Windows,
    Bicycle, pagat.com): ``start_hand`` after a last result with winners is over, and
    not after one without (the last result decides, not the first)."""
    game = hearts.new_game(Rules(target=30), seed=9)
    while not game.is_over:
        game = hearts.apply(game, hearts.legal_moves(game)[0])
    assert len(game.results) > 1 and not game.results[0].winners
    assert hearts.start_hand(game.rules, results=game.results).phase is Phase.OVER
    assert hearts.start_hand(game.rules, results=game.results[:1]).phase is Phase.DEAL


@pytest.mark.parametrize("seat", [-1, 4, 999, -999, 1000, -1000])
def test_a_seat_just_outside_the_game_is_refused(seat: int) -> None:
    """API: the seats of a four-player game are P0 to P3; -1 and 4 are not seats, and a
    number too large to be a seat is shown as a number."""
    state = hearts.from_hands(MOON_HANDS, hand_number=3)
    name = f"P{seat}" if abs(seat) < 1000 else str(seat)
    with pytest.raises(hearts.HeartsError, match=rf"^{name} is not a seat: this game has seats"):
        hearts.legal_moves(state, seat)
    hearts.game.engine.check_seat(state.rules, 3)
    hearts.game.engine.check_seat(state.rules, 0)


def test_a_view_lists_only_its_own_players_moves() -> None:
    """API: the moves of a :class:`~hearts.PlayerView` are its player's own; asked for
    another seat's, it has none (it cannot know them)."""
    state = hearts.from_hands(MOON_HANDS, hand_number=3)  # P0 to lead 2♣
    assert state.to_move == (0,)
    assert hearts.legal_moves(hearts.view(state, 1), 0) == ()
    assert hearts.legal_moves(hearts.view(state, 0), 1) == ()
    assert hearts.legal_moves(hearts.view(state, 0), 0) == hearts.legal_moves(state, 0)
    dealing = hearts.new_game(seed=1)
    assert hearts.legal_moves(hearts.view(dealing, 0)) == ()
    assert hearts.legal_moves(hearts.view(dealing, 0), 0) == ()


def test_apply_unchecked_refuses_what_is_not_a_state() -> None:
    """API: ``apply_unchecked`` skips the rules of play, not the check of its arguments."""
    with pytest.raises(TypeError, match=r"^apply_unchecked needs a hearts\.State, got None\."):
        hearts.game.engine.apply_unchecked(None, Play(0, "2C"))  # type: ignore[arg-type]


def test_solve_searches_a_last_trick_with_max_tricks_one() -> None:
    """API: ``solve(state, max_tricks=1)`` searches a hand with one trick left."""
    state = position(["AS", "2S", "3H", "4S"], hearts_broken=True)
    solution = hearts.solve(state, max_tricks=1)
    assert str(solution.move) == "P0 plays A♠"
    assert solution.points == (1, 0, 0, 0)
    with pytest.raises(hearts.HeartsError, match=r"max_tricks must be a whole number"):
        hearts.solve(state, max_tricks=0)
    two = position(["AS KS", "2S 5S", "3H 6S", "4S 7S"], hearts_broken=True)
    with pytest.raises(hearts.HeartsError, match=r"searches at most 1 tricks"):
        hearts.solve(two, max_tricks=1)


# --- shooting: who chooses, and the automatic safety -----------------------------------------

_MOON = ["QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "", "", ""]


def test_the_sun_is_scored_by_its_own_mode() -> None:
    """Rule: the sun and the moon are scored each by its own field (``sun``, ``moon``);
    a choice is offered only for a shot whose mode is ``'choose'`` (gnome-hearts, WOCG).

    P0 takes every trick: a sun. Its mode is ``'add'``, so no choice, though the moon's
    is ``'choose'``; and the other way round, a choice for the sun."""
    rules = Rules(moon="choose", sun="add")
    state = hold_hand(MOON_HANDS, rules=rules)
    while not state.results:
        assert state.phase is not Phase.SHOOT
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert state.results[-1].sun == 0
    assert state.results[-1].changes == (0, 52, 52, 52)
    every = (Rules().deck_mask, 0, 0, 0)
    assert hearts.shoot_options(rules, every, (0, 0, 0, 0)) is None
    choose_sun = Rules(moon="add", sun="choose")
    assert hearts.shoot_options(choose_sun, every, (0, 0, 0, 0)) is not None
    moon_only = (CardSet(_MOON[0]).mask, Rules().deck_mask & ~CardSet(_MOON[0]).mask, 0, 0)
    assert hearts.shoot_options(choose_sun, moon_only, (0, 0, 0, 0)) is None


def test_a_shooter_needs_the_shots_value_to_subtract_it() -> None:
    """Rule: with ``moon_choice_needs_score`` the shooter may subtract the shot only when
    its total is at least the value (Trickster: "no negative scores"): 26 for the moon,
    52 for the sun. The shooter's own total, not another seat's.

    Mutant (third set): the total read at seat 0 (``scores[seat]`` to ``scores[0]``) for
    P2's moon."""
    rules = Rules(moon="choose", sun="choose", moon_choice_needs_score=True)
    moon = (CardSet(_MOON[0]).mask, Rules().deck_mask & ~CardSet(_MOON[0]).mask, 0, 0)
    both = (hearts.ShootMode.ADD, hearts.ShootMode.SUBTRACT)
    assert hearts.shoot_options(rules, moon, (26, 0, 0, 0)) == (0, both)
    assert hearts.shoot_options(rules, moon, (25, 0, 0, 0)) is None
    moon_2 = (0, moon[1], moon[0], 0)
    assert hearts.shoot_options(rules, moon_2, (0, 0, 26, 0)) == (2, both)
    assert hearts.shoot_options(rules, moon_2, (30, 30, 25, 30)) is None
    sun = (Rules().deck_mask, 0, 0, 0)
    assert hearts.shoot_options(rules, sun, (52, 0, 0, 0)) == (0, both)
    assert hearts.shoot_options(rules, sun, (30, 0, 0, 0)) is None


def test_safety_reads_the_totals_after_resets() -> None:
    """Rule: the automatic safety adds the moon to the others unless that ends the game
    with the shooter losing (WOCG, Trickster, Hardwood), reading the totals as they will
    be, exact-score resets included: P1's 74 + 26 lands on 100 and drops to 50, below the
    shooter's 60, so the shooter subtracts."""
    rules = Rules(moon="safety", resets=(100,), reset_amount=50)
    result = score(rules, _MOON, scores=(60, 74, 90, 90))
    assert result.shoot_mode is hearts.ShootMode.SUBTRACT
    assert result.scores == (34, 74, 90, 90)
    plain = score(Rules(moon="safety"), _MOON, scores=(60, 74, 90, 90))
    assert plain.shoot_mode is hearts.ShootMode.ADD


@pytest.mark.parametrize(
    ("hands", "hand_number", "mode"),
    [(1, 0, "subtract"), (2, 0, "add"), (2, 1, "subtract"), (3, 1, "add")],
)
def test_safety_knows_when_a_fixed_number_of_hands_ends(
    hands: int, hand_number: int, mode: str
) -> None:
    """Rule: with a fixed number of hands (Black Maria) the game ends after the last one;
    the automatic safety subtracts only on that hand (WOCG, Trickster). Hand 0 is the
    last of a one-hand game, not of a two-hand one; hand 1 the last of a two-hand game.

    Mutant (third set): the hands played counted as 1 whatever the hand
    (``hand_number + 1`` to ``1`` in the safety's test of the end of the game)."""
    rules = Rules(moon="safety", target=None, hands=hands)
    taken = tuple(CardSet(cards).mask for cards in _MOON)
    result = hearts.score_hand(
        rules,
        hand_number=hand_number,
        pass_direction=hearts.PassDirection.HOLD,
        scores=(30, 0, 0, 0),
        dealt_masks=(0,) * 4,
        passed_masks=(0,) * 4,
        tricks=(),
        taken_masks=taken,
    )
    assert result.shoot_mode is hearts.ShootMode(mode)
    expected = (-26, 0, 0, 0) if mode == "subtract" else (0, 26, 26, 26)
    changes = hearts.hand_changes(rules, (30, 0, 0, 0), taken, hand_number=hand_number)
    assert changes == expected
    assert result.winners == ((1, 2, 3) if mode == "subtract" else ())


def test_hand_changes_of_a_chip_game_start_from_an_empty_pool() -> None:
    """Rule: chips (Wikipedia): each pays one chip into the pool, which goes to those who
    took no penalty card; ``hand_changes`` starts from an empty pool unless given one."""
    rules = Rules(chips=5)
    taken = tuple(CardSet(cards).mask for cards in ("QS", "2H", "3H", "4C"))
    assert hearts.hand_changes(rules, (5, 5, 5, 5), taken) == (-1, -1, -1, 3)
    assert hearts.hand_changes(rules, (5, 5, 5, 5), taken, pool=2) == (-1, -1, -1, 5)


def test_points_on_a_non_bonus_card_do_not_count_on_a_moon() -> None:
    """Rule: on a moon hand the shooter scores 0 and the others the moon's value; only
    bonus cards (negative points) may still count (``bonus_counts_on_shoot``: Omnibus)."""
    rules = Rules(points={"QS": 13, "2C": 1, **{f"{r}H": 1 for r in "23456789TJQKA"}})
    result = score(rules, ["2C " + _MOON[0], "", "", ""], scores=(0, 0, 0, 0))
    assert (result.moon, result.changes) == (0, (0, 27, 27, 27))
    no_bonus = rules.replace(bonus_counts_on_shoot=False)
    result = score(no_bonus, ["2C " + _MOON[0], "", "", ""], scores=(0, 0, 0, 0))
    assert (result.moon, result.changes) == (0, (0, 27, 27, 27))


# --- what the endgame solver asks of scoring ------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "taken", "expected"),
    [
        ({}, ("2H", "", "", ""), False),  # P0 might still shoot the moon
        ({}, ("2H", "3H", "", ""), True),
        ({}, ("2C", "", "", ""), False),
        ({"moon": "off"}, ("2C", "", "", ""), True),
        ({"moon": "off"}, ("", "", "", ""), True),
        ({"chips": 5}, ("2H", "3H", "", ""), False),
        ({"resets": (100,)}, ("2H", "3H", "", ""), False),
        ({"score_floor": 0}, ("2H", "3H", "", ""), False),
        ({"sun": "add", "moon": "off"}, ("2C", "", "", ""), False),  # P0 might take all
        ({"sun": "add", "moon": "off"}, ("2C", "3C", "", ""), True),
        ({"sun": "add"}, ("2H 2C", "3H", "", ""), True),
        ({"no_trick_bonus": -5}, ("2H", "3H", "", ""), False),  # P2 might take no trick
        ({"no_trick_bonus": -5}, ("2H", "3H", "4C", "5C"), True),
        ({"no_trick_bonus": -5, "moon": "off"}, ("2H", "3H", "4C", ""), False),
        ({"moon": "off", "partners": True}, ("2H", "3H", "", ""), False),  # partner's too
        ({"moon": "off", "multipliers": {"TC": 2}}, ("2H", "3H", "", ""), False),
        ({"moon": "off", "no_heart_bonus": -5}, ("2H", "3H", "4C", "5C"), False),  # P2, P3
        ({"moon": "off", "no_heart_bonus": -5}, ("2H", "3H", "4H 4C", "5H"), True),
    ],
)
def test_when_the_rest_of_a_hand_scores_as_a_sum(
    fields: dict[str, object], taken: tuple[str, ...], expected: bool
) -> None:
    """Rule (scoring, for the endgame solver): the rest of a hand scores as a sum over the
    cards still to be taken once nobody can shoot the moon or the sun, no seat can still
    end with no trick, and no total can be reset, floored, multiplied or paid in chips;
    and never in partnerships, where a card's points go to its taker's partner too
    (docs/scoring.md, Partnerships).

    With a bonus for taking no heart, the rest is a sum only once every seat took a
    heart.

    Mutants (among others): the partnership check of ``additive`` deleted, or its
    condition forced False, and ``rules.deck_mask & HEARTS_MASK`` changed to ``|`` (every
    card counted as a heart) in the runs of 2026-11-29."""
    rules = Rules(**fields)  # type: ignore[arg-type]
    masks = tuple(CardSet(cards).mask for cards in taken)
    assert hearts.game.scoring.additive(rules, masks) is expected


@pytest.mark.parametrize(
    ("fields", "expected"),
    [({}, False), ({"sun": "add"}, True), ({"no_trick_bonus": -5}, True), ({"moon": "off"}, False)],
)
def test_which_scores_read_the_number_of_tricks(fields: dict[str, object], expected: bool) -> None:
    """Rule: the sun (taking every trick) and a bonus for taking no trick read the number
    of tricks each seat took; the other scores read only the cards."""
    assert hearts.game.scoring.reads_trick_counts(Rules(**fields)) is expected  # type: ignore[arg-type]


# --- rules of play: jokers, forced discards, the first trick's messages ---------------------


@pytest.mark.parametrize(("led", "symbol"), [("2D", "♦"), ("3H", "♥"), ("2S", "♠"), ("5C", "♣")])
def test_a_refusal_to_follow_suit_names_the_suit_led(led: str, symbol: str) -> None:
    """Rule: players must follow suit (all sources); the refusal names the suit led."""
    suit = led[1]
    hand = f"9{suit} {'2C' if suit != 'C' else '2D'}"
    state = position(["AC", hand, "3S", "4S"], trick=[led], hearts_broken=True)
    off = "2C" if suit != "C" else "2D"
    with pytest.raises(IllegalMoveError, match=rf"players must follow suit, {symbol} was led"):
        hearts.apply(state, Play(1, off))


def test_forced_discard_does_not_touch_a_player_who_can_follow() -> None:
    """Rule: ``forced_discard`` (Wikipedia's Black Lady variants): a player who cannot
    follow suit must play a penalty card; one who can follow plays any card of the suit
    led, Q♠ or not."""
    rules = Rules(forced_discard=True)
    state = position(["5S", "QS 3S 2H", "4D", "6D"], rules, trick=["5S"])
    assert legal_cards(state) == CardSet("3S QS")
    hand = CardSet("QS 3S 2H").mask
    assert (
        hearts.game.play.playable(rules, hand, state.trick, False, False) == CardSet("3S QS").mask
    )
    state = position(["5D", "QS 3S 2H", "4D", "6D"], rules, trick=["5D"])
    assert legal_cards(state) == CardSet("QS 2H")


def test_a_single_joker_may_not_be_led_while_another_card_may() -> None:
    """Rule: a joker may be led only by a player with no other card it may lead (jokers
    variants, docs/rules.md), with one joker as with two or three."""
    rules = Rules(players=3, jokers=1, removed="2D 3D")
    assert legal_cards(position(["JK1 4D", "5C", "6C"], rules)) == CardSet("4D")
    assert legal_cards(position(["JK1", "5C", "6C"], rules)) == CardSet("JK1")


def test_the_two_of_clubs_after_a_joker_lead_sets_the_suit() -> None:
    """Rule: after a joker lead the first card that is not a joker sets the suit, the
    lowest card of the deck, 2♣, included."""
    rules = Rules(players=3, jokers=2, first_lead="left_of_dealer")
    state = position(["JK1 JK2", "2C 3D", "5C 9D"], rules)
    state = play(state, "JK1", "2C")
    assert legal_cards(state) == CardSet("5C")
    with pytest.raises(IllegalMoveError, match=r"players must follow suit, ♣ was led"):
        hearts.apply(state, Play(2, "9D"))


_JOKER_LEADS = [
    (Rules(players=3, jokers=2, forced_discard=True), ["JK1"]),
    (Rules(players=3, jokers=2, forced_discard=True), ["JK2"]),
    (Rules(players=5, jokers=3, forced_discard=True), ["JK3"]),
    (Rules(players=5, jokers=3, forced_discard=True), ["JK2", "JK3"]),
    (Rules(players=5, jokers=3, forced_discard=True), ["JK3", "JK1"]),
]


@pytest.mark.parametrize(("rules", "jokers"), _JOKER_LEADS, ids=lambda v: getattr(v, "players", v))
def test_the_card_after_a_joker_lead_leads_whichever_joker_led(
    rules: Rules, jokers: list[str]
) -> None:
    """Rule: a joker sets no suit; "when a joker is led, the first card after it that is
    not a joker sets the suit to follow" (docs/variants.md, "Jokers"), so the card after
    jokers only is a lead in effect, whichever joker led: no suit is there to follow, so
    nobody "cannot follow suit" and ``forced_discard`` (a player who cannot follow suit
    must play a penalty card, Wikipedia's Black Lady variants) does not apply; the
    joker-lead and hearts-broken rules of a lead do.

    Mutants: the test that a trick is led by a joker written for JK1 alone (a trick led
    by JK2 or JK3, the second or third joker, read as one with a suit set), or the
    comparisons with ``FIRST_JOKER`` reversed: after ``JK2`` the holder of 9♥ 9♠ was held
    to the penalty card 9♥."""
    players = rules.players
    trick = [*jokers]
    seat = len(trick) % players
    others = ["2D", "3D", "4D", "5D", "6D", "7D"]

    def at(hand: str, broken: bool) -> hearts.State:
        hands = [others[index] for index in range(players)]
        hands[seat] = hand
        return position(hands, rules, trick=trick, hearts_broken=broken)

    for broken, allowed in ((True, "9H 9S"), (False, "9S")):
        held = [joker for joker in ("JK1", "JK2", "JK3") if joker not in jokers][:1]
        for hand in ("9H 9S", " ".join(["9H 9S", *held])):
            state = at(hand, broken)
            assert state.to_move == (seat,)
            assert legal_cards(state) == CardSet(allowed), (hand, broken)
            mask = CardSet(hand).mask
            cards = tuple(state.trick)
            assert (
                hearts.game.play.playable(rules, mask, cards, False, broken)
                == CardSet(allowed).mask
            )
            assert (
                hearts.game.play.refusal(rules, seat, mask, cards, False, broken, hearts.Card("9S"))
                is None
            )
            for joker in held if hand != "9H 9S" else ():
                refused = hearts.game.play.refusal(
                    rules, seat, mask, cards, False, broken, hearts.Card(joker)
                )
                assert refused is not None and "a joker may be led only by" in refused
        if not broken:
            with pytest.raises(IllegalMoveError, match=r"may not play 9♥: hearts are not broken"):
                hearts.apply(state, Play(seat, "9H"))
    # Playing 9♠ shows nothing about the rest of the hand: a heart or a joker was allowed.
    state = at("9H 9S", True)
    of = hearts.game.play.rules_of_play(rules)
    assert of.revealed(hearts.Card("9S"), tuple(state.trick), False, True) == 0
    # The 9♠ sets the suit: the next seat follows spades, and a seat void in spades must
    # then discard a penalty card (forced_discard) rather than a diamond.
    after = hearts.apply(state, Play(seat, "9S"))
    follower = (seat + 1) % players
    hands = list(after.hand_masks)
    hands[follower] = CardSet("2S QH 8D").mask
    assert legal_cards(after.replace(hand_masks=tuple(hands))) == CardSet("2S")
    hands[follower] = CardSet("QH 8D").mask
    assert legal_cards(after.replace(hand_masks=tuple(hands))) == CardSet("QH")


def test_the_first_trick_ban_of_a_single_card() -> None:
    """Rule: no penalty card on the first trick (Windows, BGA), whatever the point table
    makes a penalty card, even a single one: here only 2♣ has points."""
    rules = Rules(points={"2C": 1}, first_lead="left_of_dealer", hands=1, target=None)
    state = position(["2C 3D", "4D", "5D", "6D"], rules, first_trick=True)
    assert legal_cards(state) == CardSet("3D")


@pytest.mark.parametrize(
    ("points", "text"),
    [
        ({"QS": 13, "AH": 1, "KH": 1}, "K♥, A♥ or Q♠"),
        ({f"{rank}H": 1 for rank in "23456789TJQKA"}, "a heart"),
        (None, "a heart or Q♠"),
    ],
)
def test_the_first_trick_refusal_names_the_barred_cards(
    points: dict[str, int] | None, text: str
) -> None:
    """Rule: no penalty card on the first trick (Windows, BGA); the refusal names the
    barred cards, "a heart" when every heart is barred."""
    rules = Rules() if points is None else Rules(points=points)
    state = play(position(["2C", "KH 5D", "3C", "4C"], rules, first_trick=True), "2C")
    with pytest.raises(IllegalMoveError, match=rf"no penalty card \({text}\) may be played"):
        hearts.apply(state, Play(1, "KH"))


def test_first_turn_hearts_refuses_every_heart_to_a_club_holder() -> None:
    """Rule: WOCG's "Allow First Turn Hearts": hearts, A♥ as any other, may be played on the
    first trick only by a player without clubs; Q♠ stays barred."""
    rules = Rules(first_trick="first_turn_hearts", first_lead="left_of_dealer",
                  must_break_hearts=False)  # fmt: skip
    state = position(["3C AH QS 5D", "2C", "4C", "6C"], rules, first_trick=True)
    assert legal_cards(state) == CardSet("3C 5D")
    for card in ("AH", "2H"):
        state = position([f"3C {card} 5D", "2C", "4C", "6C"], rules, first_trick=True)
        with pytest.raises(IllegalMoveError, match=r"only by a player without clubs"):
            hearts.apply(state, Play(0, card))
    state = position(["3C QS 5D", "2C", "4C", "6C"], rules, first_trick=True)
    with pytest.raises(IllegalMoveError, match=r"no penalty card \(a heart or Q♠\)"):
        hearts.apply(state, Play(0, "QS"))


def test_named_cards() -> None:
    """Rule: Q♠ is named by a rule of play only where a leader holding just it and hearts
    may lead a heart before hearts are broken (OpenSpiel's ``can_lead_hearts_instead_of_qs``)."""
    assert hearts.game.play.named_cards(Rules()) == 0
    queen = Rules(can_lead_hearts_instead_of_queen=True)
    assert hearts.game.play.named_cards(queen) == CardSet("QS").mask
    assert hearts.game.play.named_cards(queen.replace(must_break_hearts=False)) == 0


# --- the phases around play: hold hands, the shooter's choice -------------------------------


def test_a_hold_hand_passes_no_card() -> None:
    """Rule: every fourth hand is a hold hand, with no passing (Windows, Bicycle,
    pagat.com): its state says it passes 0 cards, and play starts at the deal."""
    state = hearts.start_hand(hand_number=3)
    assert (state.pass_direction, state.pass_count) == (hearts.PassDirection.HOLD, 0)
    dealt = hearts.apply(state, hearts.legal_moves(state)[0])
    assert (dealt.phase, dealt.pass_count) == (Phase.PLAY, 0)
    assert hearts.start_hand(hand_number=0).pass_count == 3


def test_the_shooter_alone_chooses_and_the_sun_may_be_chosen_alone() -> None:
    """Rule: with ``'choose'`` the shooter chooses how its shot is scored (gnome-hearts,
    Trickster), the sun's mode being its own: with ``sun='choose'`` and the moon added,
    taking every trick asks the shooter, and only it."""
    rules = Rules(moon="add", sun="choose")
    state = hold_hand(MOON_HANDS, rules=rules)
    while state.phase is Phase.PLAY:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert state.phase is Phase.SHOOT
    assert state.to_move == (0,)
    assert len(hearts.legal_moves(state, 0)) == 2
    for seat in (1, 2, 3):
        assert hearts.legal_moves(state, seat) == ()
    result = hearts.apply(state, hearts.ShootChoice(0, "subtract")).results[-1]
    assert (result.sun, result.changes) == (0, (-52, 0, 0, 0))


def test_moves_refused_for_a_seat_outside_the_game_or_after_it() -> None:
    """API: a pass by a seat the game does not have names it as not a seat (not as one
    that has passed), and any move once the game is over says so."""
    state = hearts.new_game(seed=2)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert state.phase is Phase.PASS
    with pytest.raises(IllegalMoveError, match=r"P4 is not a seat, this game has seats P0 to P3"):
        hearts.apply(state, Pass(4, "2C 3C 4C"))
    game = hearts.new_game(Rules(target=None, hands=1), seed=2)
    while not game.is_over:
        game = hearts.apply(game, hearts.legal_moves(game)[0])
    with pytest.raises(IllegalMoveError, match=r"^P0 may not play 2♣: the game is over\.$"):
        hearts.apply(game, Play(0, "2C"))


def test_a_claim_takes_only_the_cards_still_in_play() -> None:
    """Rule: a claim gives the claimer the remaining tricks (WOCG), not the cards taken
    before it: 2♣, worth 5 here, stays with P1, who took it in the first trick."""
    points = {"QS": 13, "2C": 5, **{f"{rank}H": 1 for rank in "23456789TJQKA"}}
    rules = Rules(claims=True, points=points)
    state = position(["AS KS", "2S 3S", "4S 5S", "6S 7S"], rules, hearts_broken=True)
    taken = (0, CardSet("2C 3C 4C 5C").mask, 0, 0)
    state = state.replace(taken_masks=taken)
    result = hearts.apply(state, Claim(0)).results[-1]
    assert result.points == (0, 5, 0, 0)
    assert result.tricks_won == (2, 1, 0, 0)


def test_pass_moves_say_whose_they_are() -> None:
    """API: the lazy list of passes names its seats and its length when shown."""
    state = hearts.new_game(seed=1)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert repr(hearts.legal_moves(state)) == "<PassMoves of P0, P1, P2, P3: 1144 moves>"
    assert repr(hearts.legal_moves(state, 2)) == "<PassMoves of P2: 286 moves>"


def test_the_play_rules_name_themselves_and_the_lowest_club_must_be_dealt() -> None:
    """API: each rule of play shows its name; the base class has no rule of its own; and
    ``first_leader`` refuses hands in which nobody holds the lowest club."""
    assert [repr(rule) for rule in hearts.game.play.PLAY_RULES][:2] == [
        "<play rule: follow suit>",
        "<play rule: forced discard>",
    ]
    base = hearts.game.play.PlayRule()
    with pytest.raises(NotImplementedError):
        base.applies(Rules(), True, 0)
    with pytest.raises(NotImplementedError):
        base.allows(Rules(), 0, 0, (), True, False)
    with pytest.raises(NotImplementedError):
        base.refusal(Rules(), "P0", 0, 0, (), hearts.Card("2C"))
    with pytest.raises(hearts.HeartsError, match=r"^No hand holds 2♣, the lowest club"):
        hearts.game.play.first_leader(Rules(), 0, [0, 0, 0, 0])


# --- mutants of the second set of operators (scripts/mutation.py --operators second) -------


def test_played_mask_refuses_anything_but_tricks() -> None:
    """API: ``played_mask`` takes a sequence of :class:`~hearts.Trick`; anything else is
    refused with a sentence, an object that merely has an int ``mask`` as well as one
    named ``Trick`` whose ``mask`` is not an int.

    Mutant: ``or`` changed to ``and`` in the check, which lets either through."""
    with pytest.raises(TypeError, match=r"got namespace\(mask=1\) among them"):
        hearts.game.play.played_mask([types.SimpleNamespace(mask=1)])
    trick = type("Trick", (), {"mask": "2C"})()
    with pytest.raises(TypeError, match=r"a sequence of Trick, got .* among them"):
        hearts.game.play.played_mask([trick])


def test_first_turn_hearts_refusal_names_the_clubs_the_player_may_play() -> None:
    """Rule: WOCG's "Allow First Turn Hearts": hearts may be played on the first trick
    only by a player without clubs it may play; the refusal names those clubs, the ones
    the player holds and may play (a barred club, as a 7♣ with points, is not one).

    Mutants: the clubs named taken from every club (``hand | _CLUBS``) or from the barred
    ones (``~barred`` to ``barred``) instead of the player's playable clubs."""
    rules = Rules(first_trick="first_turn_hearts", first_lead="left_of_dealer",
                  must_break_hearts=False, points={"QS": 13, "7C": 1,
                  **{f"{rank}H": 1 for rank in "23456789TJQKA"}})  # fmt: skip
    state = position(["3C 7C AH 5D", "2C", "4C", "6C"], rules, first_trick=True)
    message = (
        "P0 may not lead A♥: hearts may be played on the first trick only by a player "
        "without clubs it may play (Rules.first_trick='first_turn_hearts'), and P0 holds 3♣."
    )
    with pytest.raises(IllegalMoveError, match=f"^{re.escape(message)}$"):
        hearts.apply(state, Play(0, "AH"))


def test_the_first_trick_refusal_of_a_lead_says_what_else_the_leader_holds() -> None:
    """Rule: no penalty card on the first trick (Windows, BGA), the lead included; the
    refusal says the leader "can lead" other cards only under OpenSpiel's ``any_club``
    first lead, where those are the clubs it may lead, and otherwise that it "holds
    other cards".

    Mutant: ``not trick and rules.first_lead is _ANY_CLUB`` changed to ``or``, which
    says "can lead" to every leader, and to a discarding player under ``any_club``."""
    rules = Rules(first_lead="left_of_dealer", must_break_hearts=False)
    state = position(["QS 5D", "2C", "4C", "6C"], rules, first_trick=True)
    message = (
        "P0 may not lead Q♠: no penalty card (a heart or Q♠) may be played on the first "
        "trick while P0 holds other cards."
    )
    with pytest.raises(IllegalMoveError, match=f"^{re.escape(message)}$"):
        hearts.apply(state, Play(0, "QS"))
    # Under any_club, a player void in clubs discarding on the first trick "holds" others.
    rules = Rules(first_lead="any_club")
    state = position(["5C", "QS 5D", "4C", "6C"], rules, trick=["5C"], first_trick=True)
    message = (
        "P1 may not play Q♠: no penalty card (a heart or Q♠) may be played on the first "
        "trick while P1 holds other cards."
    )
    with pytest.raises(IllegalMoveError, match=f"^{re.escape(message)}$"):
        hearts.apply(state, Play(1, "QS"))


def test_rules_of_play_are_equal_for_the_same_rules_and_rules_in_force() -> None:
    """API: two :class:`~hearts.game.play.RulesOfPlay` are equal when they are of equal
    :class:`~hearts.Rules` under the same rules of play in force (the same generation of
    :func:`~hearts.game.play.add_rule`), and only then.

    Mutant: ``and`` changed to ``or``, which makes the rules of play of any two Rules
    equal, and those made before and after a rule was added."""
    made = hearts.game.play.RulesOfPlay
    assert made(Rules()) == made(Rules())
    assert made(Rules()) != made(Rules(players=3))
    before = made(Rules())

    class Never:
        name = "never"

        def applies(self, rules: Rules, first: bool, opening: int) -> bool:
            return False

        def allows(self, *args: object) -> int:
            raise AssertionError

        def refusal(self, *args: object) -> str:
            raise AssertionError

    rule = Never()
    hearts.game.play.add_rule(rule)
    try:
        after = made(Rules())
        assert after != before
        assert after != made(Rules(players=3))
    finally:
        hearts.game.play.remove_rule(rule)


@pytest.mark.parametrize("joker", ["JK1", "JK2"])
def test_a_discard_after_a_joker_lead_shows_a_void_in_the_suit_set_after_it(joker: str) -> None:
    """Rule: after a joker lead "the first card after it that is not a joker sets the suit
    to follow" (docs/variants.md, "Jokers"), and players must follow it: a player who
    plays another suit shows the table it holds none of that suit.

    Mutant: the branches of ``trick[0] if trick[0] < FIRST_JOKER else led_card(trick)``
    swapped in :meth:`~hearts.game.play.RulesOfPlay.revealed`, which reads a trick led by a
    joker as jokers only, whatever was played after the joker: the void went unseen."""
    rules = Rules(players=3, jokers=2, first_lead="left_of_dealer")
    of = hearts.game.play.rules_of_play(rules)
    trick = (hearts.Card(joker), hearts.Card("5D"))
    diamonds = CardSet("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD").mask
    assert of.revealed(hearts.Card("9C"), trick, False, True) == diamonds
    # The same seen by the engine: P2 discards 9♣ on JK, 5♦ and the table rules out ♦.
    state = position([joker, "5D 6D", "9C 2S"], rules, trick=[joker, "5D"], hearts_broken=True)
    after = hearts.apply(state, Play(2, "9C"))
    assert after.ruled_out_masks[2] & diamonds == diamonds
    # After the joker alone, a club shows nothing: any card could lead.
    assert of.revealed(hearts.Card("9C"), trick[:1], False, True) == 0


def test_replay_with_the_hands_held_refuses_an_illegal_play() -> None:
    """Rule: players must follow suit (all sources). ``replay`` given the hands held at
    the start of play checks each play: a seat that discards while it holds the suit
    led makes it return None; the legal plays give what each seat showed.

    Mutant: ``allowed() >> card & 1`` changed to ``| 1``, which lets every play pass."""
    of = hearts.game.play.rules_of_play(Rules())
    held = tuple(CardSet(hand).mask for hand in ("2C 5D", "3C 6D", "4C 9D", "7C AD"))
    cards = [hearts.Card(text) for text in ("2C", "3C", "9D", "7C")]  # P2 holds 4♣
    assert hearts.game.play.replay(of, 0, cards, held) is None
    cards[2] = hearts.Card("4C")
    assert hearts.game.play.replay(of, 0, cards, held) == (0, 0, 0, 0)
    assert hearts.game.play.replay(of, 0, cards) == (0, 0, 0, 0)


def test_a_claim_keeps_what_the_tricks_showed_for_the_shooters_choice() -> None:
    """Rule: a claim gives the claimer every remaining trick (WOCG); with ``moon='choose'``
    the shooter then chooses how its shot is scored (gnome-hearts, Trickster), and the
    state that waits for the choice keeps what the tricks played showed about each hand,
    nothing when the claim comes before the first trick is done.

    Mutants: the first trick's leader read from the claim's position when no trick is
    done (``tricks[0].leader if tricks else position.leader`` swapped: an IndexError), and
    ``shown or ()`` changed to ``shown and ()``, which drops what the tricks showed."""
    rules = Rules(claims=True, moon="choose")
    state = hold_hand(MOON_HANDS, rules=rules)  # P0 holds every club and leads 2♣
    after = hearts.apply(state, Claim(0))
    assert after.phase is Phase.SHOOT
    assert after.ruled_out_masks == (0, 0, 0, 0)
    state = play(state, "2C", "2H", "2D", "2S", "3C", "3H", "3D", "3S")
    clubs = CardSet("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC").mask
    assert state.ruled_out_masks[3] == clubs  # P3 discarded on clubs: it holds none
    after = hearts.apply(state, Claim(0))
    assert after.phase is Phase.SHOOT
    assert after.ruled_out_masks == state.ruled_out_masks


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_a_choice_out_of_turn_says_why_for_every_seat(seat: int) -> None:
    """API: a shooter's choice or a call of the pass sent when none is due is refused with
    the reason the game gives, for any seat of the game (not only P0): no shooting at all,
    a shot scored one way, a choice made only once a hand ends with its shot, a pass that
    nobody calls.

    Mutants: ``0 <= player < rules.players`` reversed to ``0 >= player < rules.players``
    in these refusals, which keeps the reason for P0 alone."""
    waits = "the game waits for the deal of hand 1."
    cases = [
        (Rules(moon="off"), "this game has no shooting (Rules.moon and Rules.sun are 'off')"),
        (Rules(), "in this game a shot is scored one way, with no choice (Rules.moon is 'add')"),
        (Rules(moon="choose"), "a shooter chooses only once a hand ends with its shot"),
    ]
    for rules, why in cases:
        state = hearts.new_game(rules, seed=1)
        message = f"P{seat} may not choose how a shot is scored: {why}; {waits}"
        with pytest.raises(IllegalMoveError, match=f"^{re.escape(message)}$"):
            hearts.apply(state, hearts.ShootChoice(seat, "add"))
    state = hearts.new_game(Rules(), seed=1)
    message = (
        f"P{seat} may not call the pass: in this game the pass of each hand follows "
        "Rules.pass_cycle and nobody calls it (Rules.dealer_chooses_pass is off); " + waits
    )
    with pytest.raises(IllegalMoveError, match=f"^{re.escape(message)}$"):
        hearts.apply(state, hearts.ChoosePass(seat, "left", 3))


def test_the_scoring_cards_are_the_point_cards_and_the_penalty_cards() -> None:
    """Rule: ``penalty_cards`` names the penalty cards (barred from the first trick, the
    cards a chip game counts), which may differ from the cards worth points: the score
    reads who took any of them, so the endgame solver and claims must tell them all apart
    from the other cards.

    Mutant: ``rules.point_mask | rules.moon_mask | rules.penalty_mask`` changed to
    ``(rules.point_mask | rules.moon_mask) & rules.penalty_mask``, which keeps only the
    cards both worth points and penalty cards (here Q♠, without the hearts and 7♣)."""
    rules = Rules(penalty_cards="QS 7C")
    expected = CardSet("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 7C")
    assert CardSet.from_mask(hearts.game.scoring.scoring_cards(rules)) == expected
    omnibus = Rules.preset("omnibus")
    expected = CardSet("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS JD")
    assert CardSet.from_mask(hearts.game.scoring.scoring_cards(omnibus)) == expected


def test_the_scoring_functions_take_a_shoot_mode_and_refuse_what_is_not_a_mask() -> None:
    """Rule: with ``moon='choose'`` the shooter chooses to add 26 to the others or subtract
    26 from itself (gnome-hearts, Trickster): ``hand_changes`` takes that choice as a
    :class:`~hearts.ShootMode`, and refuses anything else; its arguments are checked, a
    card mask being an int of the 55 cards' bits, and each refusal names what it wanted.

    Mutants: ``not isinstance(choice, ShootMode)`` changed to ``isinstance(...)`` (a
    ShootMode refused), ``mask < 0 or mask & ~ALL_CARDS`` changed to ``and`` (bits past
    the deck let through), the words "card masks" and "ints" swapped, and
    ``not isinstance(value, int) or isinstance(value, bool)`` changed to ``and`` (a str or
    a bool taken as a score)."""
    from hearts.game.scoring import hand_changes, hand_points, shooter

    rules = Rules(moon="choose")
    moon = (rules.deck_mask, 0, 0, 0)
    assert hand_changes(rules, (50, 0, 0, 0), moon, choice=hearts.ShootMode.SUBTRACT) == (
        -26, 0, 0, 0,
    )  # fmt: skip
    assert hand_changes(rules, (50, 0, 0, 0), moon, choice=hearts.ShootMode.ADD) == (
        0, 26, 26, 26,
    )  # fmt: skip
    with pytest.raises(TypeError, match=r"choice must be None or a ShootMode, got 'add'"):
        hand_changes(rules, (50, 0, 0, 0), moon, choice="add")  # type: ignore[arg-type]
    with pytest.raises(hearts.HeartsError, match=r"must be a card mask, of the bits of the cards"):
        hand_points(rules, 1 << 60)
    with pytest.raises(TypeError, match=r"taken_masks must be a tuple of card masks, one per"):
        shooter(rules, "abcd")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"scores must be a tuple of ints, one per seat"):
        hand_changes(rules, "abcd", moon)  # type: ignore[arg-type]
    for odd in ("x", True):
        with pytest.raises(TypeError, match=r"scores must be a tuple of ints, one per seat, got"):
            hand_changes(rules, (0, 0, 0, odd), moon)  # type: ignore[arg-type]


def test_a_claim_on_the_first_trick_lead_tests_the_rest_of_the_hand() -> None:
    """Rule: a claim is allowed when the claimer wins every remaining trick (WOCG), on the
    first trick too: P0 leads A♠, P1 must follow with 3♠, and K♠ and 2♠ then win, as
    nobody else holds a spade; P3's A♣ never wins a trick, as P0 holds no club.

    Mutant: ``hand ^ 1 << card`` changed to ``hand ^ card << 1`` in the quick rejection
    of a first-trick lead, which tests a hand of low clubs P0 does not hold, outranked by
    A♣, and refused the claim."""
    rules = Rules(claims=True, first_lead="left_of_dealer")
    hands = ["AS KS 2S", "3S 4D 5D", "2D 3D 6D", "AC 8D 9D"]
    state = position(hands, rules, first_trick=True)
    assert Claim(0) in hearts.legal_moves(state)
    result = hearts.apply(state, Claim(0)).results[-1]
    assert result.tricks_won == (3, 0, 0, 0)


def test_a_claim_mid_trick_distrusts_a_seat_forced_to_give_up_its_high_card() -> None:
    """Rule: a claim is allowed when the claimer wins every remaining trick (WOCG), and no
    penalty card may be played on the first trick while another card may (Windows, BGA).
    P0 led 2♣; P1 claims with A♣ 5♠ 6♠. P2, void in clubs and barred from its hearts,
    must give up K♠ to this trick, so it never beats 5♠ later: the claim is safe.

    Mutant: the seats still to play the trick computed as ``players % (leader + step)``
    instead of ``(leader + step) % players``, which trusted P2 to keep K♠ and refused the
    claim."""
    rules = Rules(claims=True)
    hands = ["2D 3D", "AC 5S 6S", "KS 2H 3H", "3C 4D 5D"]
    state = position(hands, rules, trick=["2C"], first_trick=True)
    assert state.to_move == (1,)
    assert legal_cards(play(state, "AC")) == CardSet("KS")
    assert Claim(1) in hearts.legal_moves(state)
    assert hearts.apply(state, Claim(1)).results[-1].tricks_won == (0, 3, 0, 0)


class _ThreeOfClubsForcesLow:
    """A rule of play added from outside: with 3♣ in the trick, follow with your lowest."""

    name = "three of clubs forces low"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening == hearts.game.play.FOLLOW

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: tuple[int, ...], first: bool, broken: bool
    ) -> int:
        if hearts.Card("3C") not in trick:
            return cards
        suit = cards & hearts.game.play.LED_MASK[hearts.game.play.led_card(trick)]
        return suit & -suit or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: tuple[int, ...], card: int
    ) -> str:
        return f"{who} must follow with its lowest card when 3♣ is in the trick."


def test_a_claim_under_a_rule_added_from_outside_tries_every_card() -> None:
    """Rule: a claim is allowed only when the claimer wins every remaining trick whatever
    the others play (docs/variants.md, "Claims and chip games"); under a rule of play added from outside,
    two cards the built-in rules treat alike may not be alike, so the search tries each.

    Mutant: ``_ClaimSearch._kinds`` groups cards into kinds under an added rule (``not
    self.shortcuts`` made ``self.shortcuts``). P0 leads K♦: if P1 discards 3♣, the added
    rule makes P2 follow with 2♦ and P0 wins both tricks; if P1 discards 2♣, P2 wins with
    A♦. The mutant tries only 3♣ (2♣ and 3♣ are alike under the built-in rules) and
    offers the claim."""
    rule = _ThreeOfClubsForcesLow()
    hearts.game.play.add_rule(rule)
    try:
        hands = ["KD AS", "2C 3C", "AD 2D", "4C 5C"]
        state = position(hands, Rules(claims=True), leader=0, hearts_broken=True)
        assert Claim(0) not in hearts.legal_moves(state)
        after = play(state, "KD", "3C")
        assert legal_cards(after) == CardSet("2D")  # the added rule is in force
        assert legal_cards(play(state, "KD", "2C")) == CardSet("AD 2D")
    finally:
        hearts.game.play.remove_rule(rule)


def test_a_claim_tries_a_penalty_card_and_its_free_neighbour_apart() -> None:
    """Rule: with ``forced_discard`` a player void in the suit led must discard a penalty
    card if it holds one (docs/variants.md); a claim must be safe whichever card an
    opponent keeps (docs/variants.md, "Claims and chip games").

    Mutant: ``_ClaimSearch._kinds`` makes the penalty flag constant (``bit &
    rules.penalty_mask`` to ``bit | ...``), so J♠ (a penalty card here, not barred from the
    first trick) and Q♠ are one kind and only Q♠ is tried. P0 must lead a spade (hearts
    unbroken); P2 breaks hearts. If P1 keeps J♠, A♥ forces it out and 10♠ wins; if P1
    keeps Q♠, it discards 2♣ on A♥ and Q♠ beats 10♠: no claim."""
    rules = Rules(claims=True, forced_discard=True, points={"JS": 1, "QS": 0}, first_trick="open")
    state = position(["KS TS AH", "QS JS 2C", "2H 3H 4H", "2S 3S 5H"], rules, leader=0)
    assert Claim(0) not in hearts.legal_moves(state)
    kept_jack = play(state, "KS", "QS", "2H", "2S", "AH")
    assert legal_cards(kept_jack) == CardSet("JS")  # forced to discard the penalty card
    kept_queen = play(state, "KS", "JS", "2H", "2S", "AH")
    assert legal_cards(kept_queen) == CardSet("QS 2C")


def test_a_claim_tries_a_breaking_card_and_its_free_neighbour_apart() -> None:
    """Rule: with ``queen_breaks_hearts`` a discarded Q♠ breaks hearts, and a heart may
    not lead until hearts are broken unless the leader holds only hearts; with
    ``forced_discard`` a player void in the suit led must discard a penalty card
    (docs/variants.md). A claim must be safe whichever card an opponent discards
    (docs/variants.md, "Claims and chip games").

    Mutant: ``_ClaimSearch._kinds`` makes the breaking flag constant (``bit &
    rules.breaking_mask`` to ``bit | ...``), so Q♠ (worth nothing here, so neither a
    penalty card nor barred) and J♠ are one kind and only Q♠ is tried. P0 leads A♣ and P1,
    void in clubs, discards. If it discards Q♠, hearts are broken: A♥ forces K♦ out of P2
    and 2♦ wins. If it discards J♠, P0 must lead 2♦ and P2's K♦ beats it: no claim."""
    rules = Rules(
        claims=True,
        forced_discard=True,
        queen_breaks_hearts=True,
        points={"QS": 0, "KD": 13},
        first_trick="open",
    )
    state = position(["AC AH 2D", "QS JS 3S", "2C KD 4S", "3C 2H 3H"], rules, leader=0)
    assert Claim(0) not in hearts.legal_moves(state)
    broken = play(state, "AC", "QS", "2C", "3C")
    assert legal_cards(broken) == CardSet("AH 2D")
    assert legal_cards(play(broken, "AH", "3S")) == CardSet("KD")  # the forced discard
    unbroken = play(state, "AC", "JS", "2C", "3C")
    assert legal_cards(unbroken) == CardSet("2D")
    assert Claim(0) in hearts.legal_moves(broken)


# --- the third set of operators: values read at another index, operands dropped --------------
#
# The mutants of scripts/mutation.py --operators third (and of the audit of issue 39 that
# led to it): a subscript read at another index, an operand of &, |, ^, + or - dropped,
# a returned value replaced.

_MOON_CARDS = ("QS", *HEARTS.split())


@pytest.mark.parametrize("side", [(0, 2), (1, 3)])
@pytest.mark.parametrize("first_took", [0, 3, 7, 10, 14])
def test_a_partnership_moon_is_credited_to_the_partner_who_took_more(
    side: tuple[int, int], first_took: int
) -> None:
    """Rule: with ``partners_shoot_together`` a partnership that takes every card the moon
    needs between them shoots it (Joe Andrews' account of the original game): it scores 0
    and the other partnership the moon's value; the result's ``moon`` names the partner
    who took more of the moon's cards, the first seat of the partnership when they took
    as many (docs/scoring.md, "The moon in partnerships"): more of the moon's cards, not
    more cards, so here the other partner also took ten worthless clubs.

    Mutants (scoring.py, ``shooter_unchecked``): the partner read at another seat
    (``rules.partner_seats[seat]`` to ``[0]`` or ``[-1]``), the partner's cards read from
    another seat (``taken_masks[partner]`` to ``[0]`` or ``[-1]``, in the union and in the
    count), the union dropped (``cards |= taken_masks[partner]`` to ``=``), and either
    count of moon cards dropping ``& need`` (then the partner with more cards in all is
    named, or neither); and ``_team_shot``'s partner read at another seat, which scores
    the wrong side. Both partnerships, every split of the cards."""
    rules = Rules.preset("partnership")
    first, second = side
    shooter = first if first_took >= len(_MOON_CARDS) - first_took else second
    taken = [""] * 4
    taken[first] = " ".join(_MOON_CARDS[:first_took])
    taken[second] = " ".join(_MOON_CARDS[first_took:])
    other = second if shooter == first else first
    taken[other] = f"{taken[other]} 4C 5C 6C 7C 8C 9C TC JC QC KC"  # worth nothing
    opponent = next(seat for seat in range(4) if seat not in side)
    taken[opponent] = "2C 3C AD"
    result = score(rules, taken)
    assert result.moon == shooter
    assert result.changes == tuple(0 if seat in side else 26 for seat in range(4))
    masks = tuple(CardSet(cards).mask for cards in taken)
    assert hearts.shooter(rules, masks) == ("moon", shooter)
    subtract = score(rules.replace(moon="subtract"), taken)
    assert subtract.changes == tuple(-26 if seat in side else 0 for seat in range(4))


@pytest.mark.parametrize(
    ("holder", "opponent"), [(seat, (seat + step) % 4) for seat in range(4) for step in (1, 3)]
)
def test_a_partnership_moon_needs_every_moon_card_on_one_side(holder: int, opponent: int) -> None:
    """Rule: points split between the two partnerships are no shot (docs/scoring.md, "The
    moon in partnerships"): each partnership scores its points, added up by partnership.
    Here one player takes every moon card but A♥, which an opponent takes.

    Mutants (scoring.py, ``shooter_unchecked``): a seat's cards joined with another seat's than
    its partner's (``rules.partner_seats[seat]`` to ``[0]`` or ``[-1]``, P2 or P1 for
    every seat; ``taken_masks[partner]`` to ``[0]`` or ``[-1]`` in the union), which
    joins the holder's 13 cards with its opponent's A♥ into a shot."""
    rules = Rules.preset("partnership")
    taken = [""] * 4
    taken[holder] = " ".join(_MOON_CARDS[:-1])  # Q♠ and 2♥ to K♥: 25 points
    taken[opponent] = _MOON_CARDS[-1]  # A♥: 1 point
    result = score(rules, taken)
    assert result.moon is None
    side = (holder, rules.partner_seats[holder])
    assert result.changes == tuple(25 if seat in side else 1 for seat in range(4))
    assert hearts.shooter(rules, tuple(CardSet(cards).mask for cards in taken)) is None


@pytest.mark.parametrize(
    ("scores", "winners"),
    [
        ((60, 101, 60, 101), (0, 2)),
        ((101, 60, 101, 60), (1, 3)),
        ((80, 80, 80, 80), ()),  # (no total reached 100: the game goes on)
        ((101, 101, 101, 101), ()),  # a tie between the partnerships: play on
    ],
)
def test_play_on_ties_lets_either_partnership_win_alone(
    scores: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    """Rule: with ``play_on_ties`` the game goes on while the lowest total is shared;
    partners always share theirs, so only a tie between the two partnerships plays on
    (docs/scoring.md, Partnerships; Rules.play_on_ties).

    Mutants (scoring.py, ``_game_winners``): the partner of a winner read at another seat
    (``partner[seat]`` to ``partner[-1]``, which is P1 for every seat, or ``partner[0]``,
    P2 for every seat): two partners at the lowest total were then taken for two sides
    tied, and the game played on (P0 and P2 for ``[-1]``, P1 and P3 for ``[0]``)."""
    rules = Rules.preset("partnership").replace(play_on_ties=True)
    assert hearts.game_winners(rules, scores, hands_played=5) == winners
    # The same totals left by a hand of no points: its result names the same winners.
    result = score(rules, ["2C 3C 4C 5C", "", "", ""], scores=scores)
    assert result.scores == scores
    assert result.winners == winners


def test_a_multiplier_scores_only_its_own_taker_alone() -> None:
    """Rule: a multiplier card (10♣ doubling, Gong Zhu; 10♦ tripling here) multiplies the
    points of whoever takes it, and a seat that took it with no card worth points scores
    ``Rules.multiplier_alone`` instead (docs/scoring.md, multipliers). A seat that took no
    multiplier card scores its points as they are, taking no point card or not.

    Mutants (scoring.py, ``_multiplied``): ``taken & rules.multiplier_mask`` to ``taken``
    or to ``rules.multiplier_mask`` (a seat without 10♣ holding only worthless cards was
    given ``multiplier_alone``), and ``taken >> card & 1`` to ``1`` or to
    ``taken >> card`` (a seat holding 10♦ and Q♠ also doubled by the 10♣ it never took)."""
    rules = Rules(multipliers={"TC": 2, "TD": 3}, multiplier_alone=-50)
    result = score(rules, ["TC 4C", "TD QS", "5C 6C", "2H"])
    assert result.points == (0, 13, 0, 1)
    assert result.counted == (-50, 39, 0, 1)
    assert result.changes == (-50, 39, 0, 1)
    # Only 2♣ taken, no multiplier card: nothing, even with multiplier_alone set.
    assert score(rules, ["2C", "TC TD", "QS", "AH KH"]).counted == (0, -50, 13, 2)
    assert hearts.hand_changes(
        rules, (0, 0, 0, 0), tuple(CardSet(c).mask for c in ("JC", "TC QS 2H", "TD 3H", ""))
    ) == (0, 28, 3, 0)


def _pass_moves(seats: tuple[int, ...], hands: tuple[str, ...], count: int = 3) -> PassMoves:
    return PassMoves(seats, tuple(CardSet(hand).mask for hand in hands), count)


_PASS_HANDS = ("2C 3C 4C 5C 6C", "2D 3D 4D 5D", "2S 3S 4S 5S QS", "2H 3H 4H 5H 6H")


def test_pass_moves_are_equal_when_they_list_the_same_passes() -> None:
    """API: ``PassMoves`` is an immutable sequence of the passes of its seats (its
    docstring: registered as a ``collections.abc.Sequence``); two are equal, and hash
    alike, when they list the same passes, whatever the hands of seats they do not list,
    and they are never equal to a list or tuple of their passes (as ``range`` is not),
    leaving the comparison to the other operand (``NotImplemented``).

    Mutants (passes.py): the hands compared read at another seat (``_key``'s
    ``self._hands[seat]`` to ``[0]`` or ``[-1]``), ``__eq__``'s answer negated or made
    ``NotImplemented`` (then two equal lists of passes compare by identity), its
    ``NotImplemented`` made ``False`` (``mock.ANY`` no longer matches), ``__hash__``
    and ``_key`` returning None."""
    moves = _pass_moves((1,), _PASS_HANDS)
    other_hands = ("AC KC QC JC", "2D 3D 4D 5D", "AS KS", "")
    same = _pass_moves((1,), other_hands)
    assert list(moves) == list(same)
    assert moves == same
    assert not (moves != same)  # noqa: SIM202 (__ne__, from __eq__)
    assert hash(moves) == hash(same)
    assert len({moves, same}) == 1
    # The same seat with another hand, or the same hand with another count: other passes.
    changed = _pass_moves((1,), ("2C 3C 4C 5C 6C", "2D 3D 4D 6D", *_PASS_HANDS[2:]))
    assert moves != changed and list(moves) != list(changed)
    assert moves != _pass_moves((1,), _PASS_HANDS, 2)
    assert _pass_moves((0, 2), _PASS_HANDS) != _pass_moves((0, 3), _PASS_HANDS)
    assert _pass_moves((0, 2), _PASS_HANDS) == _pass_moves((0, 2), (*_PASS_HANDS[:3], ""))
    assert moves != tuple(moves) and moves != list(moves)
    assert moves.__eq__(tuple(moves)) is NotImplemented
    assert moves == mock.ANY
    # What legal_moves gives a passing seat is such a list, equal to one built alike.
    state = hearts.new_game(seed=5)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    assert hearts.legal_moves(state, 2) == PassMoves((2,), state.hand_masks, 3)
    assert hearts.legal_moves(state, 2) != PassMoves((1,), state.hand_masks, 3)


def test_pass_moves_index_count_and_reversed_act_as_a_lists() -> None:
    """API: ``PassMoves`` is a sequence (registered as a ``collections.abc.Sequence``):
    ``index``, ``count``, ``reversed``, ``in`` and slices give what they give on a list
    of the same passes (``list.index`` with its ``start`` and ``stop``).

    Mutants (passes.py): ``index`` comparing the first or the last pass each time
    (``self[position]`` to ``self[0]`` or ``self[-1]``) or returning None, ``__reversed__``
    yielding the first or the last pass each time (``self[index]`` to ``self[0]`` or
    ``self[-1]``) or starting at index 1 (``self._length - 1`` to ``1``), a slice made
    of one pass repeated (``self[i]`` to ``self[0]`` or ``self[-1]``), and ``count`` and
    ``__contains__`` answering the other way."""
    moves = _pass_moves((0, 2), _PASS_HANDS)
    listed = list(moves)
    assert len(listed) == 20  # 5 choose 3, twice
    assert list(reversed(moves)) == listed[::-1]
    assert moves[3:17:4] == tuple(listed[3:17:4]) and moves[::-3] == tuple(listed[::-3])
    for place, move in enumerate(listed):
        assert moves.index(move) == place == listed.index(move)
        assert moves.count(move) == 1 and move in moves
        assert moves.index(move, place) == place
        assert moves.index(move, -len(listed), place + 1) == place
    with pytest.raises(ValueError, match=r"is not one of these passes"):
        moves.index(listed[4], 5)
    with pytest.raises(ValueError, match=r"is not one of these passes"):
        moves.index(listed[4], 0, 4)
    assert moves.index(listed[-2], -2) == len(listed) - 2
    absent = Pass(1, "2D 3D 4D")  # P1's cards, but P1 is not listed
    assert absent not in moves and moves.count(absent) == 0
    with pytest.raises(ValueError, match=r"is not one of these passes"):
        moves.index(absent)


@pytest.mark.parametrize(
    ("fields", "hearts_read"),
    [
        ({"points": {"QS": 13}, "moon": "off"}, False),
        ({"points": {"QS": 13}, "moon": "off", "no_heart_bonus": -5}, True),
        ({}, True),  # worth a point each
    ],
)
def test_hearts_are_scoring_cards_only_where_they_score(
    fields: dict[str, object], hearts_read: bool
) -> None:
    """Rule: the scoring cards are those with points, the multiplier cards, and those a
    moon, a bonus or a chip game counts, the hearts too with a bonus for taking none
    (``hearts.game.scoring.scoring_cards``): under a point table where hearts are worth
    nothing, and no bonus for taking none, who took a heart changes no score, and the
    hearts are not scoring cards.

    Mutants (scoring.py, ``scoring_cards``): ``rules.no_heart_bonus`` forced True, which
    adds the hearts whatever the rules, and ``rules.deck_mask & HEARTS_MASK`` changed to
    ``|``, which adds the whole deck with the bonus, or to ``HEARTS_MASK``, which adds a
    heart removed from the deck."""
    rules = Rules(**fields)  # type: ignore[arg-type]
    hearts_mask = CardSet(HEARTS).mask
    cards = hearts.game.scoring.scoring_cards(rules)
    assert cards == CardSet("QS").mask | (hearts_mask if hearts_read else 0)
    # A heart moved from one taker to another changes the score exactly when it is read.
    one = (CardSet("QS 2H").mask, CardSet("3C").mask, 0, 0)
    other = (CardSet("QS").mask, CardSet("3C 2H").mask, 0, 0)
    moved = hearts.hand_changes(rules, (0,) * 4, one) != hearts.hand_changes(rules, (0,) * 4, other)
    assert moved is hearts_read
    # A heart removed from the deck is nobody's to take, so it is no scoring card.
    short = rules.replace(removed="2C 2D 2S 2H")
    assert hearts.game.scoring.scoring_cards(short) == cards & ~CardSet("2H").mask


_OFFSETS = {"left": 1, "right": -1, "left2": 2, "right2": -2, "left3": 3, "right3": -3}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_exchange_gives_each_seat_the_cards_passed_to_it(players: int) -> None:
    """Rule: passing left gives the cards to the next seat (P0 to P1), right to the seat
    before, across to the seat opposite, and with five or more players ``LEFT2`` and
    ``RIGHT2`` (with seven ``LEFT3`` and ``RIGHT3``) two or three places along
    (docs/variants.md, passing); each seat keeps the cards it did not pass. Tables of 3
    to 7 seats, every direction they may use.

    Mutants (passes.py, ``exchange``): the bounds of the table size made strict (3 or 7
    seats refused), the result not returned; and ``exchange_unchecked``'s cards read at another
    seat, or an operand of its ``&`` and ``|`` dropped."""
    rules = Rules(players=players)
    deck = sorted(CardSet.from_mask(rules.deck_mask))
    hands = [CardSet(deck[3 * seat : 3 * seat + 3]) for seat in range(players)]
    passed = [CardSet(deck[3 * seat : 3 * seat + 1 + seat % 2]) for seat in range(players)]
    for direction in rules.pass_directions:
        if direction is hearts.PassDirection.HOLD:
            continue
        offset = players // 2 if str(direction) == "across" else _OFFSETS[str(direction)]
        got = hearts.game.passes.exchange(
            [hand.mask for hand in hands], [cards.mask for cards in passed], direction
        )
        for seat in range(players):
            giver = (seat - offset) % players
            assert CardSet.from_mask(got[seat]) == hands[seat] - passed[seat] | passed[giver]
        assert hearts.game.passes.received([cards.mask for cards in passed], direction) == tuple(
            passed[(seat - offset) % players].mask for seat in range(players)
        )
    for size in (players - 1, players + 1):
        if not 3 <= size <= 7:
            with pytest.raises(hearts.HeartsError, match=r"for 3 to 7 seats"):
                hearts.game.passes.exchange([0] * size, [0] * size, hearts.PassDirection.LEFT)


def test_a_pass_of_no_card_passes_nothing() -> None:
    """Rule: a hand passes cards only when it passes some: not on a hold hand, and not
    when the count is 0 (``hearts.game.passes.passes_cards``); the dealer's call of a hold
    hand is allowed with 0 cards only (docs/variants.md, dealer's choice).

    Mutants (passes.py): ``count > 0`` changed to ``count >= 0`` (and ``0`` to ``-1``),
    which says a pass of no card left passes some."""
    left, hold = hearts.PassDirection.LEFT, hearts.PassDirection.HOLD
    assert hearts.game.passes.passes_cards(left, 3) and hearts.game.passes.passes_cards(left, 1)
    assert not hearts.game.passes.passes_cards(left, 0)
    assert not hearts.game.passes.passes_cards(hold, 0) and not hearts.game.passes.passes_cards(
        hold, 3
    )
    rules = Rules()
    assert hearts.game.passes.call_refusal(rules, 0, hold, 0) is None
    assert hearts.game.passes.call_refusal(rules, 0, left, 2) is None
    assert hearts.game.passes.call_refusal(rules, 0, left, 0) is not None


@pytest.mark.parametrize(("first_trick", "safe"), [("penalty_barred", True), ("open", False)])
def test_a_claim_leading_the_first_trick_counts_on_its_ban(first_trick: str, safe: bool) -> None:
    """Rule: a claim is allowed when the claimer wins every remaining trick whatever the
    others play (WOCG, Hardwood), and on the first trick no penalty card may be played
    unless nothing else can be (Windows, Bicycle: ``first_trick="penalty_barred"``).

    P1, left of the dealer, leads the first trick (``first_lead="left_of_dealer"``) of a
    12-card deck holding K♥ 8♠ A♠; P3 holds 7♠ Q♠. P1 leads 8♠: barred from playing Q♠
    on the first trick, P3 must give up 7♠, and A♠ then takes Q♠, K♥ the last trick: the
    claim is safe. With the first trick open P3 wins 8♠ with Q♠.

    Mutant (claims.py, ``safe_claim``): the quick rejection for the seats still to play
    a trick (``if trick:`` forced True) also asked at the claimer's lead of the first
    trick, where it trusts P3 to keep Q♠ for the spades; and ``claim_is_safe`` (the
    module's entry point) not returning the search's answer."""
    hands = ["7D KD 3H", "KH 8S AS", "TD 5H JH", "QC 7S QS"]
    deck = CardSet(" ".join(hands))
    rules = Rules(removed=Rules().deck - deck, pass_cycle="none", claims=True, hands=1,
                  target=None, first_lead="left_of_dealer", first_trick=first_trick)  # fmt: skip
    state = hearts.from_hands(hands, rules)
    assert state.to_move == (1,) and not state.tricks
    assert (Claim(1) in hearts.legal_moves(state)) is safe
    verdict = hearts.game.claims.claim_is_safe(
        rules, 1, state.hand_masks, (), 1, first=True, broken=False
    )
    assert verdict is safe
    if safe:
        result = hearts.apply(state, Claim(1)).results[-1]
        assert (result.claim, result.tricks_won) == (1, (0, 3, 0, 0))


def test_pass_moves_take_every_seat_and_count_of_their_range() -> None:
    """API: ``PassMoves`` names seats that index its hand masks, from 0, and passes of 0
    to 55 cards (the cards there are); anything else is refused with a sentence (the
    constructor's checks, issue 39). A pass of no card is the one empty pass per seat; a
    pass of more cards than a hand holds, none.

    Mutants (passes.py): the range of seats or counts made strict or moved by one
    (``0 <= seat`` to ``-1 <= seat``; ``0 <= count <= NUMBER_OF_CARDS`` to ``0 < count``
    or ``count < NUMBER_OF_CARDS``)."""
    hand = CardSet("2C 3C 4C").mask
    none = PassMoves((0, 1), (hand, hand), 0)
    assert list(none) == [Pass(0, CardSet()), Pass(1, CardSet())]
    assert len(PassMoves((0,), (hand,), 55)) == 0
    assert len(PassMoves((0,), (hand,), 3)) == 1
    for count in (-1, 56):
        with pytest.raises(hearts.HeartsError, match=r"^PassMoves's count must be a number"):
            PassMoves((0,), (hand,), count)
    with pytest.raises(hearts.HeartsError, match=r"^PassMoves's seats must be indices of its"):
        PassMoves((-1,), (hand, hand), 3)


def test_pass_moves_take_seats_in_any_order_each_once() -> None:
    """API: ``PassMoves`` lists the passes of the seats it names, in the order named, and
    refuses a seat named twice, wherever the second time is (the constructor's checks,
    issue 39).

    Mutants (passes.py, ``_seats``): ``named >> seat & 1`` to ``named >> seat`` (a seat
    taken for a repeat when a higher one came first) and ``named |= 1 << seat`` to
    ``named = 1 << seat`` (only the last seat remembered), in the run of 2026-11-29."""
    hands = tuple(CardSet(cards).mask for cards in ("2C 3C", "4C 5C", "6C 7C"))
    moves = PassMoves((2, 0), hands, 2)
    assert list(moves) == [Pass(2, CardSet("6C 7C")), Pass(0, CardSet("2C 3C"))]
    for seats in ((1, 2, 1), (0, 0), (2, 0, 1, 2)):
        with pytest.raises(hearts.HeartsError, match=r"^PassMoves's seats must each be named once"):
            PassMoves(seats, hands, 2)
