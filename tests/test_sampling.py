"""Sampling hidden hands: consistent, uniform, reproducible (issue 7, "Sampling")."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import CLUBS, DIAMONDS, HEARTS, SPADES, hold_hand, play
from sampling_checks import check_sample, history, random_positions
from test_properties import rules_strategy

import hearts
from hearts import CardSet, HeartsError, IllegalMoveError, Phase, Play, Rules, State
from hearts.game.shuffle import Generator

VARIANTS = {
    "standard": Rules(),
    "omnibus": Rules.preset("omnibus"),
    "black-maria (3 players)": Rules.preset("black-maria"),
    "three-player": Rules.preset("three-player"),
    "five-player": Rules.preset("five-player"),
    "five players with jokers": Rules(players=5, jokers=3, removed=()),
    "seven players, forced discard": Rules(players=7, forced_discard=True),
    "dealer's choice, claims": Rules(dealer_chooses_pass=True, claims=True),
}


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
def test_ten_thousand_samples_from_random_views_are_all_possible() -> None:
    rng = random.Random(7)
    samples = Counter[str]()
    phases = Counter[Phase]()
    for name, rules in VARIANTS.items():
        seed = 0
        while samples[name] < 1300:
            for state in random_positions(rules, seed):
                for player in range(rules.players):
                    sampled = hearts.sample(hearts.view(state, player), rng)
                    check_sample(state, player, sampled)
                    samples[name] += 1
                    phases[state.phase] += 1
            seed += 1
    assert sum(samples.values()) >= 10_000
    assert phases[Phase.PASS] > 100 and phases[Phase.PLAY] > 5000


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), draw=st.integers(0, 2**32))
def test_samples_under_random_rules_replay_legally(rules: Rules, seed: int, draw: int) -> None:
    rng = random.Random(draw)
    for state in random_positions(rules, seed, every=9):
        player = rng.randrange(rules.players)
        check_sample(state, player, hearts.sample(hearts.view(state, player), rng))


def test_samples_are_reproducible_from_the_rng() -> None:
    state = random_positions(Rules(), 4)[10]
    seen = hearts.view(state, 2)
    first = [hearts.sample(seen, random.Random(99)) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    assert hearts.sample(seen, random.Random(98)) != first[0]
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert [hearts.sample(seen, rng_a) for _ in range(5)] == [
        hearts.sample(seen, rng_b) for _ in range(5)
    ]


def _consistent_deals(state: State, player: int) -> set[tuple[int, ...]]:
    """Every assignment of the unseen cards under which the hand replays legally.

    Brute force and independent of the view's inferences: each way to share the unseen
    cards out by hand size is tried, and :func:`hearts.apply` replays the hand's plays.
    Hold hands only (no passes to reconstruct).
    """
    rules = state.rules
    players = rules.players
    seen = hearts.view(state, player)
    played = [0] * players
    for seat, card in history(state):
        played[seat] |= 1 << card
    unseen = list(hearts.game.cards.cards_of(seen.unseen_mask))
    others = [seat for seat in range(players) if seat != player]
    sizes = [state.hand_masks[seat].bit_count() for seat in others]
    found = set()
    for order in itertools.permutations(range(len(unseen))):
        hands = list(state.hand_masks)
        start = 0
        for seat, size in zip(others, sizes, strict=True):
            mask = 0
            for index in sorted(order[start : start + size]):
                mask |= 1 << unseen[index]
            hands[seat] = mask
            start += size
        key = tuple(hands)
        if key in found:
            continue
        dealt = [CardSet.from_mask(hands[seat] | played[seat]) for seat in range(players)]
        game = hearts.from_hands(dealt, rules, hand_number=state.hand_number)
        try:
            for seat, card in history(state):
                game = hearts.apply(game, Play(seat, card))
        except IllegalMoveError:
            continue
        found.add(key)
    return found


def _endgame(seed: int, tricks: int) -> State:
    """A hold hand of random play, stopped with ``tricks`` tricks left and P0 to move."""
    rng = random.Random(seed)
    deal = hearts.seeded_deal(Rules(), seed, 3)
    state = hearts.from_hands(deal.hands, hand_number=3)
    while not (len(state.tricks) >= 13 - tricks and state.to_move == (0,)):
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
    return state


def _chi_square_limit(degrees: int) -> float:
    """The 0.999 quantile of the chi-square distribution (Wilson-Hilferty)."""
    z = 3.090
    return float(degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3)


def test_samples_are_uniform_over_every_consistent_deal() -> None:
    # Endgames where voids and the history leave some, but not all, deals possible.
    checked = 0
    for seed in range(200):
        state = _endgame(seed, tricks=2)
        seen = hearts.view(state, 0)
        deals = _consistent_deals(state, 0)
        sizes = [state.hand_masks[seat].bit_count() for seat in (1, 2, 3)]
        unconstrained = math.factorial(sum(sizes)) // math.prod(map(math.factorial, sizes))
        if not 4 <= len(deals) < unconstrained:
            continue
        assert hearts.count_deals(seen) == len(deals)
        rng = random.Random(seed)
        draws = 400 * len(deals)
        counts = Counter(hearts.sample(seen, rng).hand_masks for _ in range(draws))
        assert set(counts) <= deals, "a sample broke the rules of the hand"
        expected = draws / len(deals)
        statistic = sum((counts[deal] - expected) ** 2 / expected for deal in deals)
        assert statistic < _chi_square_limit(len(deals) - 1), (seed, len(deals), statistic)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_a_biased_sampler_would_fail_the_uniformity_check() -> None:
    # The statistic is sharp enough: drawing one deal twice as often as the others fails.
    deals = list(range(10))
    draws = [*deals * 400, 0, *[0] * 400]
    counts = Counter(draws)
    expected = len(draws) / len(deals)
    statistic = sum((counts[deal] - expected) ** 2 / expected for deal in deals)
    assert statistic > _chi_square_limit(len(deals) - 1)


def test_count_deals_before_any_play() -> None:
    state = hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES])
    # 39 unseen cards, 13 to each other seat; P0's 2♣ lead says nothing of the others.
    assert hearts.count_deals(hearts.view(state, 0)) == math.comb(39, 13) * math.comb(26, 13)
    # P1 knows P0 holds 2♣ (P0 must lead it), so 38 cards are free.
    assert hearts.count_deals(hearts.view(state, 1)) == math.comb(38, 12) * math.comb(26, 13)


def test_voids_force_the_deal() -> None:
    # P1, P2 and P3 have each shown void in clubs: only P0's clubs remain... and every
    # other card's holder is unknown, but no club may be dealt to them.
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "2H", "2S")
    seen = hearts.view(state, 0)
    sampled = hearts.sample(seen, random.Random(1))
    for seat in (1, 2, 3):
        assert not sampled.hand_masks[seat] & hearts.SUIT_MASKS[0]
    # P2 played 2♥ on the first trick: it held only penalty cards.
    assert sampled.hand_masks[2] & ~(hearts.HEARTS.mask | hearts.QUEEN_OF_SPADES.mask) == 0


def test_an_impossible_view_is_refused_with_a_reason() -> None:
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "3H", "2S")
    seen = hearts.view(state, 0)
    nobody = seen.replace(
        ruled_out_masks=tuple(
            mask | (hearts.HEARTS.mask if seat else 0)
            for seat, mask in enumerate(seen.ruled_out_masks)
        ),
    )
    with pytest.raises(HeartsError, match="no other seat can hold 2♥: every other seat has"):
        hearts.sample(nobody, random.Random(1))
    short = seen.replace(hand_sizes=(12, 12, 11, 12))
    with pytest.raises(
        HeartsError,
        match="P2 is said to hold 11 cards, but a seat that was dealt 13 and played 1 holds 12",
    ):
        hearts.sample(short, None)
    crowded = seen.replace(known_masks=(seen.hand_mask, seen.hand_mask, 0, 0))
    with pytest.raises(HeartsError, match="are also held, played or known elsewhere"):
        hearts.count_deals(crowded)
    with pytest.raises(HeartsError, match=r"sample needs a hearts\.PlayerView"):
        hearts.sample(state)  # type: ignore[arg-type]


def test_sampling_every_phase() -> None:
    rng = random.Random(3)
    rules = Rules(dealer_chooses_pass=True, moon="choose")
    state = hearts.new_game(rules, seed=12)
    seen_phases = set()
    while not state.is_over:
        for player in range(rules.players):
            sampled = hearts.sample(hearts.view(state, player), rng)
            assert hearts.view(sampled, player) == hearts.view(state, player)
            seen_phases.add(state.phase)
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
    sampled = hearts.sample(hearts.view(state, 0), rng)
    assert sampled.is_over and sampled.scores == state.scores
    assert {Phase.DEAL, Phase.CHOOSE, Phase.PLAY} <= seen_phases


def test_sampling_after_a_claim_in_the_shoot_phase() -> None:
    # TRAM (Rules.claims) with the shooter's choice: the claimed cards' holders are hidden.
    rules = Rules(claims=True, moon="choose")
    for seed in range(400):
        rng = random.Random(seed)
        state = hearts.new_game(rules, seed=seed)
        while not state.results:
            moves = hearts.legal_moves(state)
            claims = [move for move in moves if isinstance(move, hearts.Claim)]
            state = hearts.apply(state, claims[0] if claims else rng.choice(moves))
            if state.phase is Phase.SHOOT and len(state.tricks) < rules.hand_size:
                for player in range(rules.players):
                    seen = hearts.view(state, player)
                    assert seen.unseen_mask.bit_count() > 0 or player == state.to_move[0]
                    sampled = hearts.sample(seen, random.Random(player))
                    check_sample(state, player, sampled)
                    assert hearts.view_from_dict(hearts.view_to_dict(seen)) == seen
                return
    pytest.fail("no claim followed by a choice of how to score the shot was found")


def test_a_card_both_known_and_ruled_out_is_refused() -> None:
    state = hearts.new_game(seed=3)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    for seat in range(4):
        state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
    seen = hearts.view(state, 0)
    bad = seen.replace(ruled_out_masks=(0, seen.known_masks[1], 0, 0))
    with pytest.raises(HeartsError, match="is known to be in P1's hand and also ruled out for it"):
        hearts.sample(bad)


def test_first_turn_hearts_with_a_penalty_club_samples_only_possible_deals() -> None:
    # Found by review: with Hooligan's 7♣ barred and a diamond led, P1's 2♥ on the first
    # trick must leave it no club it could have played instead.
    rules = Rules.preset("hooligan").replace(
        first_lead="left_of_dealer", first_trick="first_turn_hearts"
    )
    hands = [
        DIAMONDS,
        "7C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2C 3C 4C 5C 6C 8C 9C TC JC QC KC AC AH",
        SPADES,
    ]
    state = play(hearts.from_hands(hands, rules, hand_number=3), "2D", "2H")
    seen = hearts.view(state, 0)
    rng = random.Random(1)
    for _ in range(200):
        check_sample(state, 0, hearts.sample(seen, rng))
    assert hearts.view_from_dict(hearts.view_to_dict(seen)) == seen


def test_sample_needs_a_random_generator() -> None:
    """``sample(view, b"")`` names what it needs, not an AttributeError from inside."""
    state = hearts.new_game(seed=1)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    with pytest.raises(
        TypeError, match=r"^sample needs a random\.Random \(or None\) to draw with, got bytes b''"
    ):
        hearts.sample(hearts.view(state, 0), b"")  # type: ignore[arg-type]


def test_a_barred_heart_on_a_heart_lead_under_first_turn_hearts_samples_legally() -> None:
    """Found by Hypothesis: under first-turn hearts P3 played its barred 3♥ to the first
    trick's heart lead, which shows only that it did not hold both another heart and a club
    it could play; samples gave it A♥ (played later) and Q♣ together, and the hand no
    longer replayed. Such deals are now drawn again."""
    hearts_points = {
        card: 1
        for card in ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
    }
    rules = Rules(
        players=5,
        removed="3C 4C 5C 6C 7C 8C 9C",
        pass_count=1,
        pass_cycle=("left",),
        unpassable="2C",
        first_lead="left_of_dealer",
        first_trick="first_turn_hearts",
        must_break_hearts=False,
        points={**hearts_points, "QS": 13},
        penalty_cards="2C 3H",
        target=None,
        hands=1,
    )
    rng = random.Random(0)
    checked = 0
    for state in random_positions(rules, 366057, every=9):
        player = rng.randrange(rules.players)
        for _ in range(20):
            check_sample(state, player, hearts.sample(hearts.view(state, player), rng))
            checked += 1
    assert checked >= 20


def _brute_force_deals(
    caps: tuple[int, ...], allowed: dict[int, tuple[int, ...]]
) -> set[tuple[int, ...]]:
    """Every deal of the cards of ``allowed`` to seats of those capacities, enumerated."""
    cards = sorted(allowed)
    found = set()
    for seats in itertools.product(*(allowed[card] for card in cards)):
        parts = [0] * len(caps)
        for card, seat in zip(cards, seats, strict=True):
            parts[seat] |= 1 << card
        if all(part.bit_count() == cap for part, cap in zip(parts, caps, strict=True)):
            found.add(tuple(parts))
    return found


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_the_dealer_counts_what_enumeration_finds(data: st.DataObject) -> None:
    """Groups of possible holders and classes of seats alike count every deal exactly once."""
    from hearts.knowledge.sampling import _Dealer

    seats = data.draw(st.integers(2, 5))
    cards = data.draw(st.integers(1, 8))
    allowed = {
        card: tuple(sorted(data.draw(st.sets(st.integers(0, seats - 1), min_size=1))))
        for card in range(cards)
    }
    caps = [0] * seats
    for card in range(cards):  # room where a card may go, so that some deals may exist
        caps[data.draw(st.sampled_from(allowed[card]))] += 1
    groups: dict[tuple[int, ...], list[int]] = {}
    for card, holders in allowed.items():
        groups.setdefault(holders, []).append(card)
    dealer = _Dealer(tuple(caps), list(groups.items()))
    deals = _brute_force_deals(tuple(caps), allowed)
    assert dealer.total == len(deals)
    draw = Generator.from_text("every deal found")
    for _ in range(20):
        assert tuple(dealer.draw(draw)) in deals


def test_deals_shared_within_a_class_of_seats_are_uniform() -> None:
    """Seats allowed the same cards share them uniformly (seats 0 and 1 here, with 2 apart)."""
    from hearts.knowledge.sampling import _Dealer

    allowed = {0: (0, 1, 2), 1: (0, 1, 2), 2: (0, 1), 3: (0, 1), 4: (2,), 5: (0, 1, 2)}
    caps = (2, 2, 2)
    groups: dict[tuple[int, ...], list[int]] = {}
    for card, holders in allowed.items():
        groups.setdefault(holders, []).append(card)
    dealer = _Dealer(caps, list(groups.items()))
    deals = _brute_force_deals(caps, allowed)
    assert dealer.total == len(deals) > 10
    draw = Generator.from_text("uniform within a class")
    draws = 300 * len(deals)
    counts = Counter(tuple(dealer.draw(draw)) for _ in range(draws))
    assert set(counts) == deals
    expected = draws / len(deals)
    statistic = sum((counts[deal] - expected) ** 2 / expected for deal in deals)
    assert statistic < _chi_square_limit(len(deals) - 1)


def crafted_view(seed: int) -> hearts.PlayerView:
    """A 7-player view whose ruled-out cards split the unseen cards into many groups."""
    rng = random.Random(seed)
    state = hearts.new_game(Rules(players=7), seed=1)
    while not (state.phase is Phase.PLAY and len(state.trick) == 1):
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, 0)
    ruled_out = [0] * 7
    for card in CardSet.from_mask(seen.unseen_mask):
        holders = [seat for seat in range(1, 7) if rng.random() < 0.6] or [1]
        for seat in range(1, 7):
            if seat not in holders:
                ruled_out[seat] |= card.mask
    return seen.replace(ruled_out_masks=tuple(ruled_out))


def test_a_view_too_costly_to_count_is_refused() -> None:
    """A crafted view is refused after a bounded count, by the reader of views from outside."""
    limit = hearts.knowledge.sampling.DEAL_WORK

    def costly(view: hearts.PlayerView) -> bool:
        try:
            hearts.knowledge.sampling._count_view(view, limit)
        except hearts.knowledge.sampling.DealWorkError:
            return True
        except HeartsError:
            return False
        return False

    view = next(view for view in map(crafted_view, range(50)) if costly(view))
    with pytest.raises(hearts.knowledge.sampling.DealWorkError, match=f"more than {limit:,} steps"):
        hearts.knowledge.sampling.checked_sample(view, random.Random(0))
    with pytest.raises(hearts.RecordError) as error:
        hearts.view_from_dict(hearts.view_to_dict(view))
    assert str(error.value).startswith(
        f"view: this view is refused unchecked: counting its deals would take more than {limit:,}"
    )


def test_the_counted_deals_are_kept_on_the_view_and_nowhere_else() -> None:
    """A view is counted once however often it is sampled, and what is counted stays on
    the view: no module keeps a seat's view where another seat's bot could read it."""
    state = hearts.new_game(seed=5)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, 1)
    assert seen._dealer is None
    hearts.sample(seen, random.Random(1))
    dealer = seen._dealer
    assert isinstance(dealer, hearts.knowledge.sampling._Dealer) and dealer._work > 0
    hearts.sample(seen, random.Random(2))
    assert hearts.count_deals(seen) and seen._dealer is dealer
    twin = hearts.view(state, 1)  # equal, but a fresh value: counted afresh
    assert (
        twin == seen
        and twin._dealer is None
        and not hasattr(hearts.knowledge.sampling, "_KEPT_VIEWS")
    )
    assert hearts.view_from_dict(hearts.view_to_dict(seen))._dealer is None
    assert hearts.count_deals(twin) == hearts.count_deals(seen)


def test_a_view_too_costly_to_count_is_refused_however_it_was_made() -> None:
    """count_deals and sample stop at DEAL_WORK steps on a view built by hand too: a
    sentence naming the view, in far less than the second an unbounded count took."""
    limit = hearts.knowledge.sampling.DEAL_WORK
    for seed in range(50):
        view = crafted_view(seed)
        try:
            hearts.knowledge.sampling._count_view(view, limit)
        except hearts.knowledge.sampling.DealWorkError:
            break
        except HeartsError:
            continue
    else:
        raise AssertionError("no crafted view needs more than DEAL_WORK steps")
    message = rf"^P0's view cannot be dealt: counting its deals would take more than {limit:,}"
    with pytest.raises(hearts.knowledge.sampling.DealWorkError, match=message):
        hearts.count_deals(view)
    with pytest.raises(hearts.knowledge.sampling.DealWorkError, match=message):
        hearts.sample(view.replace(), random.Random(0))
