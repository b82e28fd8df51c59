"""The observation tensor (issue 16, "For bot and RL authors"): hearts.tensor."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from positions import CLUBS, DIAMONDS, HEARTS, SPADES, hold_hand, play
from sampling_checks import random_positions

import hearts
from hearts import CardSet, HeartsError, Phase, PlayerView, Rules, Suit, tensor
from hearts.game.seat import played_by
from hearts.tensor import CARD_SLOTS, bounds, encode, fields, layout, score_scale, size, table

ROOT = Path(__file__).resolve().parent.parent

VARIANTS = {
    **{name: Rules.preset(name) for name in Rules.preset_names()},
    "three players, two jokers": Rules(players=3, jokers=2),
    "five players, three jokers": Rules(players=5, jokers=3),
    "six players": Rules(players=6),
    "seven players": Rules(players=7),
    "dealer's choice, moon choice, claims": Rules(
        dealer_chooses_pass=True, moon="choose", claims=True
    ),
}


def cards(vector: np.ndarray, name: str, players: int) -> list[CardSet]:
    """The card sets of a card field, one per row."""
    rows = vector[layout(players)[name]].reshape(-1, CARD_SLOTS)
    return [CardSet(int(card) for card in row.nonzero()[0]) for row in rows]


def views_along(rules: Rules, seed: int, every: int = 5) -> list[PlayerView]:
    """Every seat's view of positions along one random game."""
    return [
        hearts.view(state, seat)
        for state in random_positions(rules, seed, every)
        for seat in range(rules.players)
    ]


# --- numpy is not a dependency of the core -----------------------------------------------


def test_import_hearts_does_not_import_numpy() -> None:
    code = (
        "import sys, hearts, hearts.tensor\n"
        "state = hearts.new_game(seed=1)\n"
        "state = hearts.apply(state, hearts.legal_moves(state)[0])\n"
        "hearts.view(state, 0)\n"
        "hearts.tensor.layout(4), hearts.tensor.table(4)\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
        "hearts.view(state, 0).to_tensor()\n"
        "assert 'numpy' in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr


# --- the layout --------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 8))
def test_layout_is_contiguous_and_sized_by_players(players: int) -> None:
    found = fields(players)
    offset = 0
    for field in found:
        assert field.offset == offset
        assert field.size == field.rows * field.width
        assert field.rows in (1, players)
        assert field.low < field.high
        offset += field.size
    assert offset == size(players) == 347 + 285 * players
    assert list(layout(players)) == [field.name for field in found]
    low, high = bounds(players)
    assert low.shape == high.shape == (size(players),)
    assert low.dtype == high.dtype == np.float32


@pytest.mark.parametrize("players", range(3, 8))
def test_every_variant_of_a_table_size_has_the_same_shape(players: int) -> None:
    rules = [r for r in VARIANTS.values() if r.players == players]
    assert rules
    for one in rules:
        state = hearts.new_game(one, seed=players)
        state = hearts.apply(state, hearts.legal_moves(state)[0])
        vector = hearts.view(state, 0).to_tensor()
        assert vector.shape == (size(players),) and vector.dtype == np.float32


def test_the_layout_has_no_other_sizes() -> None:
    with pytest.raises(HeartsError, match=r"^players must be from 3 to 7, .*got 2\.$"):
        layout(2)
    with pytest.raises(TypeError, match=r"^players must be an int, got '4'\.$"):
        size("4")  # type: ignore[arg-type]


def test_the_documented_table_is_the_layout() -> None:
    page = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert table(4) in page, "docs/rl.md's layout table differs from hearts.tensor.table(4)"
    # The formula the page and the docstrings give.
    assert "347 + 285" in page


# --- nothing hidden reaches it -----------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_views_a_seat_cannot_tell_apart_give_the_same_vector(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(name)
    for seen in views_along(rules, seed=len(name), every=9)[:60]:
        if seen.phase in (Phase.DEAL, Phase.OVER):
            continue
        vector = encode(seen)
        for _ in range(2):
            world = hearts.sample(seen, rng)  # another deal of the hidden cards
            again = hearts.view(world, seen.player)
            assert again == seen
            assert np.array_equal(encode(again), vector)


def test_changing_hidden_cards_leaves_the_vector() -> None:
    # P0 sees its clubs only; the other seats' suits are swapped around.
    first = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "2H")
    second = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "2H")
    third = play(
        hold_hand(
            [
                CLUBS,
                "2D 3S 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                HEARTS,
                "2S 3D 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            ]
        ),
        "2C",
        "2D",
        "2H",
    )
    assert first.hand_masks[1] != third.hand_masks[1]
    assert np.array_equal(encode(hearts.view(first, 0)), encode(hearts.view(second, 0)))
    assert np.array_equal(encode(hearts.view(first, 0)), encode(hearts.view(third, 0)))
    assert not np.array_equal(encode(hearts.view(first, 1)), encode(hearts.view(third, 1)))


@pytest.mark.parametrize("name", ["standard", "omnibus", "three-player", "five-player"])
def test_card_sections_hold_only_what_the_seat_knows(name: str) -> None:
    rules = VARIANTS[name]
    for seen in views_along(rules, seed=3):
        vector = encode(seen)
        players = rules.players
        seats = [(seen.player + row) % players for row in range(players)]
        (hand,) = cards(vector, "hand", players)
        assert hand == seen.hand  # every bit of the hand section is in the view's hand
        assert cards(vector, "known", players) == [seen.known[seat] for seat in seats]
        assert cards(vector, "ruled_out", players) == [seen.ruled_out[seat] for seat in seats]
        assert cards(vector, "taken", players) == [
            CardSet.from_mask(seen.taken_masks[seat]) for seat in seats
        ]
        played = CardSet()
        for row in cards(vector, "played", players):
            played |= row
        assert played.mask == seen.played_mask
        # What the seat holds and what is in the open never include a card it has not seen.
        hidden = seen.unseen_mask
        for name_ in ("hand", "received", "played", "trick", "taken"):
            for row in cards(vector, name_, players):
                assert not row.mask & hidden, name_


@pytest.mark.parametrize("name", list(VARIANTS))
def test_vectors_lie_within_their_bounds(name: str) -> None:
    rules = VARIANTS[name]
    low, high = bounds(rules.players)
    for seen in views_along(rules, seed=5, every=11):
        vector = encode(seen)
        assert np.all(np.isfinite(vector))
        assert np.all(low <= vector) and np.all(vector <= high)
        # Exactly one phase and one pass direction.
        where = layout(rules.players)
        assert vector[where["phase"]].sum() == 1
        assert vector[where["pass_direction"]].sum() == 1


# --- each field on a hand-built position -------------------------------------------------


def test_each_field_on_a_hand_built_position() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
        "8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S QS",
        HEARTS,
        "9C TC JC QC KC AC 7S 8S 9S TS JS KS AS",
    ]
    rules = Rules.preset("omnibus")  # J♦ is worth -10
    state = hearts.from_hands(hands, rules, hand_number=3, scores=(10, 50, -10, 0))
    # Trick 1: P0 2♣, P1 (void in clubs) 8♦, P2 (only hearts) 2♥, P3 A♣ wins.
    # Trick 2: P3 leads 9♣, P0 3♣, P1 J♦, P2 3♥: P3 wins, taking J♦ and two hearts.
    state = play(state, "2C", "8D", "2H", "AC", "9C", "3C", "JD", "3H")
    # Trick 3: P3 leads 7♠; P0 (no spade) is next.
    state = play(state, "7S")
    seen = hearts.view(state, 1)  # P1: rows are P1, P2, P3, P0
    vector = encode(seen)
    where = layout(4)

    def rows(name: str) -> list[CardSet]:
        return cards(vector, name, 4)

    assert rows("hand") == [seen.hand] and len(seen.hand) == 11
    assert rows("pass_picked") == rows("passed") == rows("received") == [CardSet()]
    assert rows("deck") == [CardSet.from_mask(rules.deck_mask)]
    assert rows("played") == [
        CardSet("8D JD"),
        CardSet("2H 3H"),
        CardSet("AC 9C 7S"),
        CardSet("2C 3C"),
    ]
    assert rows("trick") == [CardSet("7S"), CardSet(), CardSet(), CardSet()]
    assert rows("taken") == [CardSet(), CardSet(), CardSet("2C 8D 2H AC 9C 3C JD 3H"), CardSet()]
    # P1 knows its own hand; that P2 holds only hearts (it played a heart on the first trick).
    assert rows("known")[0] == seen.hand
    assert rows("ruled_out")[1] == seen.ruled_out[2]
    voids = vector[where["voids"]].reshape(4, 4)
    assert voids[0].tolist() == [0, 0, 0, 0]  # the viewer itself
    # P2 played a heart on the first trick, so it holds nothing but penalty cards: no club,
    # no diamond, and of the spades at most Q♠ (not a void).
    assert voids[1].tolist() == [1, 1, 0, 0]
    assert CardSet("2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS") <= rows("ruled_out")[1]
    assert voids[2].tolist() == [0, 0, 0, 0]  # P3 followed clubs, led spades
    assert voids[3].tolist() == [0, 0, 0, 0]  # P0 followed clubs
    points = vector[where["card_points"]]
    assert points[hearts.Card("QS")] == pytest.approx(13 / 26)
    assert points[hearts.Card("JD")] == pytest.approx(-10 / 26)
    assert points[hearts.Card("2H")] == pytest.approx(1 / 26)
    assert points[hearts.Card("2C")] == 0
    assert vector[where["hand_sizes"]].tolist() == pytest.approx(
        [11 / 13, 11 / 13, 10 / 13, 11 / 13]
    )
    assert vector[where["tricks_won"]].tolist() == pytest.approx([0, 0, 2 / 13, 0])
    assert vector[where["points_taken"]].tolist() == pytest.approx([0, 0, -8 / 26, 0])
    assert vector[where["scores"]].tolist() == pytest.approx([0.5, -0.1, 0, 0.1])
    assert vector[where["to_move"]].tolist() == [0, 0, 0, 1]  # P0's turn
    assert vector[where["leader"]].tolist() == [0, 0, 1, 0]  # P3 led
    assert vector[where["phase"]].tolist() == [0, 0, 0, 1, 0, 0]  # play
    direction = vector[where["pass_direction"]]
    assert direction[list(hearts.PassDirection).index(hearts.PassDirection.HOLD)] == 1
    assert vector[where["pass_count"]].tolist() == [0]
    assert vector[where["hearts_broken"]].tolist() == [1]
    assert vector[where["trick_number"]].tolist() == pytest.approx([2 / 13])
    assert score_scale(rules) == 100


def test_pass_fields_and_picked_cards() -> None:
    state = hearts.new_game(seed=4)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    hand = state.hands[2]
    picked = CardSet(sorted(hand)[:2])
    vector = encode(hearts.view(state, 2), picked=picked)
    where = layout(4)
    assert cards(vector, "pass_picked", 4) == [picked]
    assert vector[where["to_move"]].tolist() == [1, 1, 1, 1]
    assert vector[where["pass_count"]].tolist() == pytest.approx([3 / 13])
    assert vector[where["leader"]].sum() == 0  # no trick yet
    # Every seat passes; P2 then sees what it passed and what it received.
    for seat in range(4):
        state = hearts.apply(state, hearts.legal_moves(state, seat)[0])
    seen = hearts.view(state, 2)
    vector = encode(seen)
    assert cards(vector, "passed", 4) == [seen.passed] and len(seen.passed) == 3
    assert cards(vector, "received", 4) == [seen.received] and len(seen.received) == 3
    assert cards(vector, "known", 4)[1] == seen.passed  # passed left, to P3: row 1
    assert cards(vector, "pass_picked", 4) == [CardSet()]


def test_chip_scores_are_scaled_by_the_chips_in_play() -> None:
    rules = Rules.preset("chips")
    state = hearts.new_game(rules, seed=2)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    vector = encode(hearts.view(state, 0))
    assert vector[layout(4)["scores"]].tolist() == pytest.approx([0.25] * 4)  # 20 of 80


def test_scores_beyond_the_scale_are_clipped() -> None:
    state = hearts.from_hands(
        [CLUBS, DIAMONDS, HEARTS, SPADES], hand_number=3, scores=(500, -500, 150, 0)
    )
    vector = encode(hearts.view(state, 0))
    assert vector[layout(4)["scores"]].tolist() == pytest.approx([2, -2, 1.5, 0])


def test_equal_views_give_equal_vectors_and_new_arrays() -> None:
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D")
    first, second = encode(hearts.view(state, 3)), hearts.view(state, 3).to_tensor()
    assert np.array_equal(first, second) and first is not second
    first[0] = 7  # arrays are the caller's to change
    assert not np.array_equal(first, encode(hearts.view(state, 3)))


def test_bad_arguments_are_refused_in_sentences() -> None:
    state = hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES])
    with pytest.raises(TypeError, match=r"^encode needs a hearts.PlayerView, got .*State"):
        encode(state)  # type: ignore[arg-type]
    with pytest.raises(HeartsError, match=r"^picked holds 2♦, which P0 does not hold: .*\.$"):
        encode(hearts.view(state, 0), picked=CardSet("2D"))
    with pytest.raises(HeartsError, match=r"^picked must be a set of cards .*, got -1\.$"):
        encode(hearts.view(state, 0), picked=-1)


def test_voids_field_follows_view_voids() -> None:
    state = play(hold_hand([CLUBS, DIAMONDS, HEARTS, SPADES]), "2C", "2D", "2H", "2S")
    seen = hearts.view(state, 0)
    voids = encode(seen)[layout(4)["voids"]].reshape(4, len(Suit))
    for row in range(4):
        assert [Suit(i) for i in voids[row].nonzero()[0]] == list(seen.voids[row])


def test_table_rows_name_every_field() -> None:
    text = table(5)
    names = re.findall(r"^\| `(\w+)` \|", text, flags=re.MULTILINE)
    assert names == [field.name for field in fields(5)]


# --- the information state: the hand's history --------------------------------------------


def history_rows(vector: np.ndarray, players: int) -> list[tuple[int, list[int]]]:
    """The ``history`` field read back: each trick's leader row and its cards in order."""
    rows = vector[layout(players, history=True)["history"]].reshape(-1, players * 56)
    found = []
    for row in rows:
        if not row.any():
            break
        leader = int(row[:players].nonzero()[0][0])
        plays = row[players:].reshape(players, CARD_SLOTS)
        found.append((leader, [int(slot.nonzero()[0][0]) for slot in plays if slot.any()]))
    return found


@pytest.mark.parametrize(
    "name", ["standard", "three players, two jokers", "seven players", "partnership"]
)
def test_the_history_keeps_every_trick_in_order(name: str) -> None:
    """With history=True the vector is the plain one followed by the hand's tricks, the
    current one included, each led by a seat counted from the viewer (docs/rl.md)."""
    rules = VARIANTS[name]
    players = rules.players
    checked = 0
    for seen in views_along(rules, seed=3, every=3):
        vector = encode(seen, history=True)
        assert vector.shape == (size(players, history=True),)
        assert np.array_equal(vector[: size(players)], encode(seen))
        expected = [(trick.leader, [int(c) for c in trick.cards]) for trick in seen.tricks]
        if seen.trick:
            expected.append((seen.leader, [int(c) for c in seen.trick]))
        relative = [((leader - seen.player) % players, cards) for leader, cards in expected]
        assert history_rows(vector, players) == relative
        low, high = bounds(players, history=True)
        assert (low <= vector).all() and (vector <= high).all()
        checked += bool(expected)
    assert checked > 20


def test_the_history_holds_nothing_hidden() -> None:
    rules = Rules()
    rng = random.Random(5)
    for seen in views_along(rules, seed=5, every=7)[:40]:
        if seen.phase in (Phase.DEAL, Phase.OVER):
            continue
        vector = encode(seen, history=True)
        world = hearts.view(hearts.sample(seen, rng), seen.player)
        assert np.array_equal(encode(world, history=True), vector)
    with pytest.raises(TypeError, match=r"^history must be True or False, got 1\.$"):
        size(4, history=1)  # type: ignore[arg-type]


# --- the vector, field by field ------------------------------------------------------------


def reference(view: PlayerView, picked: int = 0, history: bool = False) -> np.ndarray:
    """The vector as the layout describes it, built one field at a time with NumPy: what
    encode's bit-packed build must equal."""
    rules = view.rules
    players = rules.players
    where = layout(players, history=history)
    seats = [(view.player + row) % players for row in range(players)]
    vector = np.zeros(size(players, history=history), dtype=np.float32)

    def put(name: str, rows: list[int]) -> None:
        block = vector[where[name]].reshape(len(rows), CARD_SLOTS)
        for row, mask in enumerate(rows):
            block[row, [card for card in range(CARD_SLOTS) if mask >> card & 1]] = 1

    played = played_by(players, view.tricks, view.leader, view.trick)  # each seat's plays
    for name, mask in (
        ("hand", view.hand_mask),
        ("pass_picked", picked),
        ("passed", view.passed_mask),
        ("received", view.received_mask),
        ("deck", rules.deck_mask),
    ):
        put(name, [mask])
    put("played", [played[seat] for seat in seats])
    trick_rows = [1 << card for card in view.trick]
    put("trick", trick_rows + [0] * (players - len(trick_rows)))
    put("taken", [view.taken_masks[seat] for seat in seats])
    put("known", [view.known_masks[seat] for seat in seats])
    put("ruled_out", [view.ruled_out_masks[seat] for seat in seats])
    positive = max(hearts.hand_points(rules, rules.positive_mask), 1)
    vector[where["card_points"]] = np.clip(np.array(rules.card_points) / positive, -1, 1)
    vector[where["voids"]] = [float(suit in view.voids[seat]) for seat in seats for suit in Suit]
    hand_size = rules.hand_size
    scale = score_scale(rules)
    won = [sum(trick.winner == seat for trick in view.tricks) for seat in seats]
    vector[where["hand_sizes"]] = [view.hand_sizes[seat] / hand_size for seat in seats]
    vector[where["tricks_won"]] = [count / hand_size for count in won]
    taken = [hearts.hand_points(rules, view.taken_masks[seat]) / positive for seat in seats]
    vector[where["points_taken"]] = np.clip(taken, -1, 1)
    vector[where["scores"]] = np.clip([view.scores[seat] / scale for seat in seats], -2, 2)
    vector[where["to_move"]] = [float(seat in view.to_move) for seat in seats]
    leading = view.phase is Phase.PLAY
    vector[where["leader"]] = [float(leading and seat == view.leader) for seat in seats]
    vector[where["phase"]] = [float(phase is view.phase) for phase in Phase]
    directions = hearts.PassDirection
    vector[where["pass_direction"]] = [float(d is view.pass_direction) for d in directions]
    vector[where["pass_count"]] = view.pass_count / hand_size
    vector[where["hearts_broken"]] = float(view.hearts_broken)
    vector[where["trick_number"]] = len(view.tricks) / hand_size
    if history:
        rows = vector[where["history"]].reshape(-1, players * (1 + CARD_SLOTS))
        tricks = [(trick.leader, trick.cards) for trick in view.tricks]
        if view.trick:
            tricks.append((view.leader, view.trick))
        for number, (leader, played_cards) in enumerate(tricks):
            rows[number, seats.index(leader)] = 1
            for position, card in enumerate(played_cards):
                rows[number, players + position * CARD_SLOTS + card] = 1
    return vector


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_vector_is_its_fields(name: str) -> None:
    """encode writes every field as the layout says (its build packs the 0 or 1 numbers
    into one integer's bits): the same vector as a plain field-by-field build, with and
    without the history, for views along random games and cards picked for a pass."""
    rules = VARIANTS[name]
    rng = random.Random(name)
    for seen in views_along(rules, seed=len(name), every=3):
        picked = seen.hand_mask & rng.getrandbits(CARD_SLOTS) if seen.phase is Phase.PASS else 0
        for history in (False, True):
            vector = encode(seen, picked=picked, history=history)
            expected = reference(seen, picked, history)
            assert vector.dtype == np.float32
            assert np.array_equal(vector, expected), (
                layout(rules.players, history=history),
                np.flatnonzero(vector != expected),
            )


@pytest.mark.parametrize(
    "name",
    [
        "standard",
        "three-player",
        "omnibus",
        "five players, three jokers",
        "dealer's choice, moon choice, claims",
    ],
)
def test_a_states_vector_is_its_views(name: str) -> None:
    """hearts.env encodes a seat's view of a state without making the view
    (tensor._encode_state), keeping the played cards of the completed tricks from one
    state to the next (tensor._played): the same vector as encoding the view."""
    rules = VARIANTS[name]
    known = tensor._constants(rules)
    rng = random.Random(name)
    state = hearts.new_game(rules, seed=5)
    kept: tuple[tuple[hearts.Trick, ...], tuple[int, tuple[int, ...]]] = (
        (),
        (0, (0,) * rules.players),
    )
    phases = {state.phase}
    while not state.is_over:
        tricks = state.tricks
        kept = tensor._played_since(known, kept, tricks)  # as hearts.env keeps it
        assert kept[0] is tricks and kept[1] == tensor._played(known, tricks)
        for seat in range(rules.players):
            seen = hearts.view(state, seat)
            picked = (
                seen.hand_mask & rng.getrandbits(CARD_SLOTS) if state.phase is Phase.PASS else 0
            )
            for history in (False, True):
                vector = tensor._encode_state(state, seat, picked, history, kept[1])
                assert np.array_equal(vector, encode(seen, picked=picked, history=history))
        moves = hearts.legal_moves(state)
        claims = [move for move in moves if isinstance(move, hearts.Claim)]
        state = hearts.apply(state, claims[0] if claims else moves[rng.randrange(len(moves))])
        phases.add(state.phase)
    assert {Phase.PASS, Phase.PLAY, Phase.OVER} <= phases
    if rules.claims:  # a claim taken whenever offered: moon choices come with them
        assert {Phase.CHOOSE, Phase.SHOOT} <= phases
