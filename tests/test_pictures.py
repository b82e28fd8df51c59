"""Text tables, reprs and SVG pictures of states, views, tricks, card sets and results.

The text forms are checked against golden files in tests/golden/: when a change to the
text is intended, write them again with ``HEARTS_UPDATE_GOLDEN=1 pytest tests/test_pictures.py``
and read the diff. The pictures are checked as XML here, and drawn by a real browser in
tests/test_browser.py.
"""

from __future__ import annotations

import os
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import MOON_HANDS, hold_hand
from test_properties import rules_strategy

import hearts
from hearts import CardSet, HandResult, Phase, Rules, State, svg

GOLDEN = Path(__file__).parent / "golden"
SVG = "{http://www.w3.org/2000/svg}"


def played_until(rules: Rules, seed: int, stop: Callable[[State], bool]) -> State:
    """The first state of a seeded random game where ``stop`` holds."""
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    while not stop(state):
        assert not state.is_over, "the game ended before the position was reached"
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return state


def mid_trick(rules: Rules, seed: int, tricks: int, cards: int, hand: int = 0) -> State:
    return played_until(
        rules,
        seed,
        lambda s: (
            s.phase is Phase.PLAY
            and s.hand_number == hand
            and len(s.tricks) == tricks
            and len(s.trick) == cards
        ),
    )


def first_result(rules: Rules, seed: int, check: Callable[[HandResult], bool]) -> HandResult:
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    while True:
        moves = hearts.legal_moves(state)
        state = hearts.apply(state, moves[rng.randrange(len(moves))])
        if state.results and check(state.results[-1]):
            return state.results[-1]
        assert not state.is_over, "no hand of the game was the one looked for"


def passing_state() -> State:
    """Standard game, hand 1: P0 has chosen its three cards, the others have not."""
    state = hearts.new_game(seed=2)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    return hearts.apply(state, hearts.legal_moves(state)[0])


def moon_result() -> HandResult:
    """Standard game, hand 1, always the first legal move: P3 shoots the moon."""
    state = hearts.new_game(seed=3)
    while not state.results:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state.results[0]


def game_over() -> State:
    return played_until(Rules(target=40), 6, lambda s: s.is_over)


BLACK_MARIA = Rules.preset("black-maria")
CHIPS = Rules.preset("chips")
CLAIMS = Rules(claims=True)

# Each golden file's name, and what it shows.
CASES: dict[str, Callable[[], object]] = {
    "pass-state": passing_state,
    "pass-view": lambda: hearts.view(passing_state(), 0),
    "play-state": lambda: mid_trick(Rules(), 5, tricks=4, cards=2),
    "play-view": lambda: hearts.view(mid_trick(Rules(), 5, tricks=4, cards=2), 1),
    "hold-lead": lambda: hold_hand(MOON_HANDS),
    "black-maria-view": lambda: hearts.view(mid_trick(BLACK_MARIA, 4, 6, 1, hand=1), 0),
    "jokers-state": lambda: mid_trick(Rules(players=3, jokers=2), 8, tricks=9, cards=1),
    "seven-players": lambda: mid_trick(Rules(players=7), 2, tricks=2, cards=5),
    "deal": lambda: played_until(Rules(), 1, lambda s: s.phase is Phase.DEAL and s.results),
    "game-over": game_over,
    "moon-result": moon_result,
    "chips-result": lambda: first_result(CHIPS, 3, lambda r: r.pool > 0),
    "claim-result": lambda: first_result(CLAIMS, 2, lambda r: r.claim is not None),
    "view-result": lambda: hearts.view(game_over(), 2).results[0],
}


@pytest.mark.parametrize("name", CASES)
def test_text_matches_its_golden_file(name: str) -> None:
    """str() of each case is the text in tests/golden/<name>.txt, exactly."""
    text = str(CASES[name]()) + "\n"
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("HEARTS_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: write it with HEARTS_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_text_of_a_view_hides_what_the_seat_has_not_seen() -> None:
    state = mid_trick(Rules(), 5, tricks=4, cards=2)
    text = str(hearts.view(state, 1))
    lines = text.splitlines()
    for seat in (0, 2, 3):
        line = next(line for line in lines if line.startswith(f"P{seat} "))
        assert f"{len(state.hands[seat])} hidden" in line
        hidden = state.hands[seat] - hearts.view(state, 1).known[seat]
        # No card of a hidden hand is printed on its line.
        assert not any(str(card) in line for card in hidden)
    assert lines[0].startswith("P1's view")


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 2**16), moves=st.integers(0, 80))
def test_text_and_pictures_of_any_position(rules: Rules, seed: int, moves: int) -> None:
    """Any state, and every seat's view of it, prints one line per seat and draws as SVG.

    The picture holds every card of a visible hand face up, and one card per hidden card
    (face down, or face up when known): nothing is lost or invented.
    """
    rng = random.Random(seed)
    state = hearts.new_game(rules, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = hearts.legal_moves(state)
        state = hearts.apply(state, legal[rng.randrange(len(legal))])
    for game in (state, *(hearts.view(state, seat) for seat in range(rules.players))):
        lines = str(game).splitlines()
        assert [line[:3] for line in lines if re.match(r"P\d +-?\d+( |$)", line)] == [
            f"P{seat} " for seat in range(rules.players)
        ]
        root = ET.fromstring(svg.table(game))
        assert root.tag == f"{SVG}svg"
        texts = [element.text or "" for element in root.iter(f"{SVG}text")]
        assert texts[0].startswith(("Hand", "Game over", f"P{getattr(game, 'player', 0)}'s view"))
        backs = sum(1 for rect in root.iter(f"{SVG}rect") if rect.get("fill") == svg._BACK)
        faces = sum(
            1
            for rect in root.iter(f"{SVG}rect")
            if rect.get("fill") == "#fff" and rect.get("width") == str(svg.CARD_WIDTH)
        )
        if state.phase in (Phase.DEAL, Phase.OVER):
            assert (backs, faces) == (0, 0)
        else:
            held = sum(len(hand) for hand in state.hands)
            assert backs + faces == held + len(state.trick)


def test_repr_shows_cards_and_evaluates_back() -> None:
    """repr(state) and repr(view) name cards, not masks, and are code for the same value."""
    namespace = vars(hearts).copy()
    for state in (passing_state(), mid_trick(BLACK_MARIA, 4, 6, 1, hand=1), game_over()):
        for value in (state, hearts.view(state, 1)):
            text = repr(value)
            assert not re.search(r"\d{6,}", text), text[:300]  # no bitmask in sight
            assert eval(text, namespace) == value
    assert "CardSet('" in repr(passing_state())


@pytest.mark.parametrize(
    "draw",
    [
        lambda: svg.table(passing_state()),
        lambda: svg.table(hearts.view(mid_trick(Rules(), 5, 4, 2), 3), size=480),
        lambda: svg.cards(CardSet("2C 5D QS AH JK1")),
        lambda: svg.cards(CardSet()),
        lambda: svg.trick(moon_result().tricks[0]),
        lambda: svg.result(moon_result()),
        lambda: svg.result(first_result(CHIPS, 3, lambda r: r.pool > 0)),
    ],
)
def test_pictures_are_svg_documents_with_a_title(draw: Callable[[], str]) -> None:
    root = ET.fromstring(draw())
    assert root.tag == f"{SVG}svg"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    assert root.get("aria-label") == title.text
    width, height = (float(value) for value in root.get("viewBox", "").split()[2:])
    assert width > 0 and height > 0


def test_repr_svg_is_the_picture_of_each_type() -> None:
    state = mid_trick(Rules(), 5, 4, 2)
    result = moon_result()
    assert state._repr_svg_() == svg.table(state)
    assert hearts.view(state, 2)._repr_svg_() == svg.table(hearts.view(state, 2))
    assert state.hands[0]._repr_svg_() == svg.cards(state.hands[0])
    assert result.tricks[0]._repr_svg_() == svg.trick(result.tricks[0])
    assert result._repr_svg_() == svg.result(result)


def test_size_scales_the_drawn_picture_only() -> None:
    state = passing_state()
    root = ET.fromstring(svg.table(state, size=480))
    assert (root.get("width"), root.get("height")) == ("480", "360")
    assert root.get("viewBox") == ET.fromstring(svg.table(state)).get("viewBox")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: svg.table("state"),
            "hearts.svg.table takes a State or a PlayerView, got 'state'.",
        ),
        (
            lambda: svg.cards("QS"),
            "hearts.svg.cards takes a CardSet (or an iterable of Card), got 'QS'.",
        ),
        (lambda: svg.trick([1, 2]), "hearts.svg.trick takes a Trick, got [1, 2]."),
        (lambda: svg.result(None), "hearts.svg.result takes a HandResult, got None."),
    ],
)
def test_wrong_arguments_are_refused_with_a_sentence(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value) == message


def test_a_size_out_of_range_is_refused_with_a_sentence() -> None:
    """An int size below 1 is a value out of range: a HeartsError (a ValueError)."""
    with pytest.raises(hearts.HeartsError) as error:
        svg.table(passing_state(), size=0)
    assert str(error.value) == (
        "hearts.svg.table takes size=None or a width in pixels (an int from 1 to 100,000), got 0."
    )


def test_picture_text_is_escaped() -> None:
    """Nothing drawn can break the XML: headings with apostrophes parse."""
    view = hearts.view(passing_state(), 2)
    root = ET.fromstring(svg.table(view))
    assert root.find(f"{SVG}title").text.startswith("P2's view")  # type: ignore[union-attr]
