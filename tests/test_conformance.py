"""Conformance: a rule of play added from outside is honoured by every part of the library.

The rule here exists only for this test: a player who follows suit must play its highest
card of the suit led. It is added through the documented extension point
(:func:`hearts.game.play.add_rule`, see docs/contributing.md), and then each consumer of the
kernel of play must honour it, each checked against a reference that does not share its
code: the rule applied to the player's hand by hand, the cards its plays reveal worked
out from the rule, samples replayed move by move with :func:`hearts.apply`, and claims
and the solver against plain searches of every legal move (tests/references.py).

The rule is added twice over: once saying that its refusals come from single cards (so
that a view's inferences are the whole story) and once saying nothing (so that
:func:`hearts.sample` also replays every deal it draws).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from references import endgames, exhaustive_values, wins_every_trick
from sampling_checks import check_sample

import hearts
from hearts import Card, CardSet, Phase, Play, Rules, State
from hearts.game.play import FOLLOW, LED_MASK, led_card
from hearts.game.transitions import claim_allowed


class HighestFollow:
    """Test-only rule of play: a player following suit plays its highest card of it."""

    name = "highest follow"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening == FOLLOW

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: tuple[int, ...], first: bool, broken: bool
    ) -> int:
        suit = cards & LED_MASK[led_card(trick)]
        return 1 << (suit.bit_length() - 1) if suit else cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: tuple[int, ...], card: int
    ) -> str:
        return f"{who} follows with its highest card of the suit, {Card(allowed.bit_length() - 1)}."


class HighestFollowBySingleCards(HighestFollow):
    """The same rule, saying that each card it refuses is refused because of one other."""

    def single_cards(self, rules: Rules) -> bool:
        return True


@pytest.fixture(params=[HighestFollowBySingleCards, HighestFollow], ids=["single", "replayed"])
def rule(request: pytest.FixtureRequest) -> Iterator[HighestFollow]:
    added: HighestFollow = request.param()
    hearts.game.play.add_rule(added)
    try:
        yield added
    finally:
        hearts.game.play.remove_rule(added)


def highest_of_suit_led(state: State) -> int:
    """The card the rule says the seat to play must play, or -1 if it cannot follow."""
    led = led_card(state.trick)
    suit = state.hand_masks[state.to_move[0]] & LED_MASK[led] if led >= 0 else 0
    return suit.bit_length() - 1


def random_games(rules: Rules, seeds: range) -> Iterator[State]:
    """Every state of one random hand of each seeded game."""
    for seed in seeds:
        rng = random.Random(seed)
        state = hearts.new_game(rules.replace(target=None, hands=1), seed=seed)
        while not state.is_over:
            yield state
            moves = hearts.legal_moves(state)
            state = hearts.apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("rules", [Rules(), Rules.preset("hooligan"), Rules(players=3, jokers=2)])
def test_legal_moves_and_apply_honour_the_rule(rule: HighestFollow, rules: Rules) -> None:
    follows = refused = 0
    for state in random_games(rules, range(12)):
        if state.phase is not Phase.PLAY or not state.trick:
            continue
        highest = highest_of_suit_led(state)
        if highest < 0:
            continue
        seat = state.to_move[0]
        legal = [move.card for move in hearts.legal_moves(state) if isinstance(move, Play)]
        assert legal == [highest], state
        follows += 1
        suit = state.hand_masks[seat] & LED_MASK[led_card(state.trick)]
        for card in CardSet.from_mask(suit & ~(1 << highest)):
            expected = (
                f"P{seat} may not play {card}: P{seat} follows with its highest card of the "
                f"suit, {Card(highest)}."
            )
            with pytest.raises(hearts.IllegalMoveError) as refusal:
                hearts.apply(state, Play(seat, card))
            assert str(refusal.value) == expected
            refused += 1
        assert hearts.apply(state, Play(seat, highest)).trick[-1:] in ((Card(highest),), ())
    assert follows > 100 and refused > 100, (follows, refused)


def test_a_view_infers_what_the_rule_reveals(rule: HighestFollow) -> None:
    """A seat that followed with a card holds no higher card of that suit, as far as every
    other seat knows, until the end of the hand."""
    shown = 0
    for state in random_games(Rules(), range(10)):
        if state.phase is not Phase.PLAY or not state.trick:
            continue
        highest = highest_of_suit_led(state)
        if highest < 0:
            continue
        seat = state.to_move[0]
        after = hearts.apply(state, Play(seat, highest))
        if after.phase is not Phase.PLAY:
            continue  # the hand is over: the next starts with nothing known
        above = LED_MASK[highest] & ~((2 << highest) - 1)
        for other in range(state.rules.players):
            if other != seat:
                assert above & ~hearts.view(after, other).ruled_out_masks[seat] == 0
        shown += bool(above)
    assert shown > 100


def test_samples_are_deals_the_rule_allows(rule: HighestFollow) -> None:
    """Every sampled deal replays, play by play, through apply under the rule."""
    checked = 0
    for index, state in enumerate(random_games(Rules(), range(6))):
        if state.phase is not Phase.PLAY or index % 5:
            continue
        for player in range(state.rules.players):
            seen = hearts.view(state, player)
            for draw in range(3):
                check_sample(state, player, hearts.sample(seen, random.Random(draw)))
                checked += 1
    assert checked > 100


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
def test_claims_honour_the_rule(rule: HighestFollow) -> None:
    rules = Rules(claims=True)
    verdicts = {True: 0, False: 0}
    for seed in range(30):
        for state in endgames(rules, seed, 4):
            seat = state.to_move[0]
            expected = wins_every_trick(state, seat)
            assert claim_allowed(state, seat) is expected, state
            verdicts[expected] += 1
    assert verdicts[True] > 20 and verdicts[False] > 20, verdicts


def test_the_solver_honours_the_rule(rule: HighestFollow) -> None:
    solved = 0
    for seed in range(6):
        for state in endgames(Rules(), seed, 3)[:4]:
            solution = hearts.solve(state, every_move=True)
            assert dict(solution.values) == pytest.approx(exhaustive_values(state)), state
            solved += 1
    assert solved > 10


def test_a_rule_is_added_once_and_removed_only_when_added() -> None:
    """The extension point refuses what it cannot honour, with a sentence."""
    rule = HighestFollow()
    hearts.game.play.add_rule(rule)
    try:
        with pytest.raises(hearts.HeartsError, match="is in force already"):
            hearts.game.play.add_rule(rule)
    finally:
        hearts.game.play.remove_rule(rule)
    with pytest.raises(hearts.HeartsError, match="was not added"):
        hearts.game.play.remove_rule(rule)
    with pytest.raises(TypeError, match="which has no applies"):
        hearts.game.play.add_rule(object())  # type: ignore[arg-type]

    class Nameless:
        applies = allows = refusal = HighestFollow.allows

    with pytest.raises(TypeError, match="has no name"):
        hearts.game.play.add_rule(Nameless())  # type: ignore[arg-type]


def test_a_rule_that_takes_every_card_away_is_refused() -> None:
    class Nothing(HighestFollow):
        name = "nothing"

        def allows(
            self,
            rules: Rules,
            hand: int,
            cards: int,
            trick: tuple[int, ...],
            first: bool,
            broken: bool,
        ) -> int:
            return 0

    rule = Nothing()
    hearts.game.play.add_rule(rule)
    try:
        deal = hearts.seeded_deal(Rules(), 1, 0)
        state = hearts.from_hands(deal.hands, hand_number=3)  # a hold hand: play at once
        state = hearts.apply(state, Play(state.to_move[0], "2C"))
        with pytest.raises(hearts.HeartsError, match="never none of them"):
            hearts.legal_moves(state)
    finally:
        hearts.game.play.remove_rule(rule)


def test_a_rule_added_or_removed_mid_hand_governs_the_states_made_before() -> None:
    """add_rule: "every consumer of the kernel honours it from now on", old states too."""
    state = next(
        state
        for state in random_games(Rules(), range(20))
        if state.phase is Phase.PLAY
        and state.trick
        and bin(state.hand_masks[state.to_move[0]] & LED_MASK[led_card(state.trick)]).count("1") > 1
    )
    seat, highest = state.to_move[0], highest_of_suit_led(state)
    lower = [move for move in hearts.legal_moves(state) if move.card != highest]
    assert lower, "the seat has a lower card of the suit led to try"
    added = HighestFollow()
    hearts.game.play.add_rule(added)
    try:
        assert hearts.legal_moves(state) == (Play(seat, highest),)
        assert hearts.legal_moves(hearts.view(state, seat)) == (Play(seat, highest),)
        with pytest.raises(hearts.IllegalMoveError, match="highest card of the suit"):
            hearts.apply(state, lower[0])
        after = hearts.apply(state, Play(seat, highest))
    finally:
        hearts.game.play.remove_rule(added)
    assert hearts.apply(state, lower[0]).trick[-1] == lower[0].card
    # A state made while the rule was in force is played by the rules in force now.
    assert after.position.of.extended and not hearts.game.play.in_force(after.position).of.extended


# --- the library's own rules of play, held to the same references -------------------------

QUEEN_RULES = {
    "queen after hearts": Rules(queen_after_hearts=True, claims=True),
    "queen breaks when led": Rules(
        queen_breaks_hearts=True, queen_breaks_only_when_led=True, claims=True
    ),
}
"""Rules of play added to the kernel later than the others (docs/variants.md, "Q♠ after
hearts" and "Q♠ breaks hearts when led"): every consumer must honour them as it honours the
rule added from outside above."""


def test_legal_moves_hold_the_queen_back_until_hearts_break() -> None:
    """Q♠ after hearts, against its statement: the cards the rules without it allow (with a
    leader holding only Q♠ and hearts free to lead a heart), less Q♠ while hearts are
    unbroken and another card is left."""
    rules = QUEEN_RULES["queen after hearts"]
    base = rules.replace(queen_after_hearts=False, can_lead_hearts_instead_of_queen=True)
    queen = Card("QS")
    held_back = 0
    for state in random_games(rules, range(40)):
        if state.phase is not Phase.PLAY:
            continue
        legal = {move.card for move in hearts.legal_moves(state) if isinstance(move, Play)}
        allowed = {
            move.card
            for move in hearts.legal_moves(state.replace(rules=base))
            if isinstance(move, Play)
        }
        if not state.hearts_broken and queen in allowed and len(allowed) > 1:
            allowed.discard(queen)
            held_back += 1
        assert legal == allowed, state
    assert held_back > 20, held_back


def test_the_queen_breaks_hearts_only_when_it_leads() -> None:
    rules = QUEEN_RULES["queen breaks when led"]
    led = 0
    for state in random_games(rules, range(30)):
        if state.phase is not Phase.PLAY:
            continue
        for move in hearts.legal_moves(state):
            if not isinstance(move, Play):
                continue
            after = hearts.apply(state, move)
            if after.hand_number != state.hand_number or after.phase is not Phase.PLAY:
                continue
            breaks = move.card in hearts.HEARTS or (move.card == Card("QS") and not state.trick)
            assert after.hearts_broken is (state.hearts_broken or breaks), (state, move)
            led += move.card == Card("QS") and not state.trick and not state.hearts_broken
    assert led > 5, led


@pytest.mark.parametrize("name", sorted(QUEEN_RULES))
def test_samples_honour_the_queen_rules(name: str) -> None:
    """Every sampled deal replays, play by play, through apply under the rule."""
    rules = QUEEN_RULES[name]
    checked = 0
    for index, state in enumerate(random_games(rules, range(8))):
        if state.phase is not Phase.PLAY or index % 7:
            continue
        for player in range(rules.players):
            seen = hearts.view(state, player)
            check_sample(state, player, hearts.sample(seen, random.Random(index)))
            checked += 1
    assert checked > 30, checked


def test_a_view_infers_what_the_queen_held_back_reveals() -> None:
    """Under Q♠ after hearts, Q♠ played to a spade lead before hearts break shows every
    other seat that its player held no other spade."""
    rules = QUEEN_RULES["queen after hearts"]
    queen, spades = CardSet("QS").mask, LED_MASK[Card("2S")]
    shown = 0
    for state in random_games(rules, range(60)):
        if state.phase is not Phase.PLAY or state.hearts_broken or not state.trick:
            continue
        seat = state.to_move[0]
        if led_card(state.trick) < 0 or not LED_MASK[led_card(state.trick)] & queen:
            continue
        if Play(seat, Card("QS")) not in hearts.legal_moves(state):
            continue
        after = hearts.apply(state, Play(seat, Card("QS")))
        if after.phase is not Phase.PLAY:
            continue
        out = spades & ~queen & ~hearts.game.play.played_mask(after.tricks, after.trick)
        for other in range(rules.players):
            if other != seat:
                unseen = out & ~after.hand_masks[other]
                assert unseen & ~hearts.view(after, other).ruled_out_masks[seat] == 0
        shown += bool(out)
    assert shown > 5, shown


@pytest.mark.slow  # left out of the runs under other Pythons (.ci/run)
@pytest.mark.parametrize("name", sorted(QUEEN_RULES))
def test_claims_honour_the_queen_rules(name: str) -> None:
    verdicts = {True: 0, False: 0}
    for seed in range(30):
        for state in endgames(QUEEN_RULES[name], seed, 4):
            seat = state.to_move[0]
            expected = wins_every_trick(state, seat)
            assert claim_allowed(state, seat) is expected, state
            verdicts[expected] += 1
    assert verdicts[True] > 10 and verdicts[False] > 10, verdicts


@pytest.mark.parametrize("name", sorted(QUEEN_RULES))
def test_the_solver_honours_the_queen_rules(name: str) -> None:
    solved = 0
    for seed in range(8):
        for state in endgames(QUEEN_RULES[name], seed, 3)[:4]:
            solution = hearts.solve(state, every_move=True)
            assert dict(solution.values) == pytest.approx(exhaustive_values(state)), state
            solved += 1
    assert solved > 10
