"""Differential play against OpenSpiel's C++ hearts: the same deal in both engines.

Used by tests/test_openspiel.py (a few thousand deals in CI) and by
``python tests/differential.py --deals 100000`` for the long run the docs report.
At every decision the sets of legal cards are compared, and at the end each player's
points; any difference raises ``DisagreementError`` with the whole position.
"""

from __future__ import annotations

import argparse
import collections
import importlib.metadata
import itertools
import random
import sys
import time
from collections.abc import Callable, Iterator

import pyspiel

import hearts
from hearts import CardSet, Pass, Phase, Play, State
from hearts.game.cards import HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, Suit, cards_of
from hearts.interop.openspiel import (
    OPENSPIEL_PARAMETERS,
    PASS_DIRECTIONS,
    action_to_card,
    card_to_action,
    rules_for,
)

Parameters = dict[str, bool]
Policy = Callable[[State, list[Play], random.Random], Play]

ALL_PARAMETERS: list[Parameters] = [
    dict(zip(OPENSPIEL_PARAMETERS, values, strict=True))
    for values in itertools.product((False, True), repeat=len(OPENSPIEL_PARAMETERS))
]
"""The 256 combinations of OpenSpiel's eight hearts parameters."""

_GAMES: dict[tuple[bool, ...], object] = {}


class DisagreementError(AssertionError):
    """The two engines disagree on a position."""


def game_for(parameters: Parameters) -> object:
    key = tuple(parameters[name] for name in OPENSPIEL_PARAMETERS)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("hearts", dict(parameters))
    return _GAMES[key]


# --- policies: several ways of playing, so that the rare rules come up -------------------


def random_policy(state: State, plays: list[Play], rng: random.Random) -> Play:
    return rng.choice(plays)


def high_policy(state: State, plays: list[Play], rng: random.Random) -> Play:
    """Take tricks: the highest card (a would-be moon shooter)."""
    return max(plays, key=lambda play: play.card % 13)


def low_policy(state: State, plays: list[Play], rng: random.Random) -> Play:
    """Avoid tricks and hearts: the lowest card, hearts last."""
    return min(plays, key=lambda play: (bool(play.card.mask & HEARTS_MASK), play.card % 13))


def dump_policy(state: State, plays: list[Play], rng: random.Random) -> Play:
    """Dump penalty cards when void: Q♠ first, then the highest heart; else random."""
    penalty = [play for play in plays if play.card.mask & (HEARTS_MASK | QUEEN_OF_SPADES.mask)]
    if state.trick and penalty:
        return max(penalty, key=lambda play: (play.card == QUEEN_OF_SPADES, play.card % 13))
    return rng.choice(plays)


POLICIES: tuple[Policy, ...] = (random_policy, high_policy, low_policy, dump_policy)


# --- deals: random, and skewed so that first-trick fallbacks and only-hearts leads occur --


def deal_for(rng: random.Random) -> list[CardSet]:
    """A random deal; one time in three, one seat gets a hand of (nearly) only hearts."""
    cards = list(range(52))
    rng.shuffle(cards)
    kind = rng.randrange(6)
    if kind < 4:
        return [CardSet(cards[seat * 13 : seat * 13 + 13]) for seat in range(4)]
    hearts_cards = list(cards_of(HEARTS_MASK))
    special = {
        4: [*hearts_cards[:12], QUEEN_OF_SPADES],  # only penalty cards: the fallback
        5: [*hearts_cards[1:12], QUEEN_OF_SPADES, hearts.Card("AC")],  # wins ♣, then only ♥ and Q♠
    }[kind]
    rest = [card for card in cards if card not in special]
    seat = rng.randrange(4)
    hands: list[CardSet] = []
    for other in range(4):
        if other == seat:
            hands.append(CardSet(special))
        else:
            hands.append(CardSet(rest[:13]))
            rest = rest[13:]
    return hands


# --- playing one deal in both engines ------------------------------------------------------


def play_deal(
    parameters: Parameters, direction: int, rng: random.Random, events: collections.Counter[str]
) -> None:
    """Play one deal in both engines, comparing legal cards at every step and the points."""
    rules = rules_for(parameters, PASS_DIRECTIONS[direction])
    hands = deal_for(rng)
    ours = hearts.from_hands(hands, rules)
    theirs = game_for(parameters).new_initial_state()  # type: ignore[attr-defined]
    theirs.apply_action(direction)
    for index in range(52):
        theirs.apply_action(card_to_action(list(hands[index % 4])[index // 4]))
    policies = [rng.choice(POLICIES) for _ in range(4)]
    if ours.phase is Phase.PASS:
        for seat in range(4):
            _compare(ours, theirs, f"passing by P{seat}")
            chosen = rng.sample(list(ours.hands[seat]), 3)
            ours = hearts.apply(ours, Pass(seat, chosen))
            for card in chosen:
                theirs.apply_action_with_legality_check(card_to_action(card))
    while ours.phase is Phase.PLAY:
        _compare(ours, theirs, "play")
        _count_events(ours, events)
        plays = [move for move in hearts.legal_moves(ours) if isinstance(move, Play)]
        move = policies[ours.to_move[0]](ours, plays, rng)
        ours = hearts.apply(ours, move)
        theirs.apply_action_with_legality_check(card_to_action(move.card))
    result = ours.results[-1]
    expected = [int(points) for points in theirs.returns()]
    if [26 - change for change in result.changes] != expected:
        raise DisagreementError(
            f"Points differ with {parameters}: ours {result.changes}, OpenSpiel's returns "
            f"{expected} (26 minus points).\n{theirs}"
        )
    events["deals"] += 1
    if result.moon is not None:
        events["moons"] += 1
        if parameters["jd_bonus"]:
            events["moons with J♦ worth -10"] += 1
    if any(result.bonuses):
        events["no-trick bonuses"] += 1


def _compare(ours: State, theirs: object, what: str) -> None:
    seat = ours.to_move[0]
    if theirs.current_player() != seat:  # type: ignore[attr-defined]
        raise DisagreementError(
            f"Turn differs in {what}: ours P{seat}, OpenSpiel's {theirs.current_player()}\n{theirs}"
        )  # type: ignore[attr-defined]
    if ours.phase is Phase.PASS:
        mine = ours.hands[seat]
    else:
        mine = CardSet(m.card for m in hearts.legal_moves(ours) if isinstance(m, Play))
    other = CardSet(action_to_card(a) for a in theirs.legal_actions())  # type: ignore[attr-defined]
    if mine != other:
        raise DisagreementError(
            f"Legal cards differ in {what} for P{seat}: ours {mine}, OpenSpiel's {other}\n"
            f"rules: {ours.rules!r}\n{theirs}"
        )


def _count_events(state: State, events: collections.Counter[str]) -> None:
    seat = state.to_move[0]
    hand = state.hand_masks[seat]
    clubs = SUIT_MASKS[Suit.CLUBS]
    penalty = HEARTS_MASK | QUEEN_OF_SPADES.mask
    if not state.tricks and state.trick and not hand & clubs and not hand & ~penalty:
        events["first-trick fallbacks (only penalty cards)"] += 1
    if (
        not state.trick
        and state.tricks
        and not state.hearts_broken
        and state.rules.must_break_hearts
    ):
        if hand and not hand & ~HEARTS_MASK:
            events["only-hearts leads"] += 1
        elif hand & QUEEN_OF_SPADES.mask and not hand & ~penalty and hand & HEARTS_MASK:
            events["leads from only hearts and Q♠"] += 1


def run(deals: int, seed: int = 2026) -> collections.Counter[str]:
    """Play ``deals`` deals spread evenly over the 256 parameter combinations."""
    rng = random.Random(seed)
    events: collections.Counter[str] = collections.Counter()
    for index in range(deals):
        parameters = ALL_PARAMETERS[index % len(ALL_PARAMETERS)]
        direction = rng.randrange(4) if parameters["pass_cards"] else 0
        play_deal(parameters, direction, rng, events)
        events["combinations"] = min(index + 1, len(ALL_PARAMETERS))
    return events


def report(events: collections.Counter[str]) -> Iterator[str]:
    for name, count in sorted(events.items()):
        yield f"{name}: {count:,}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    start = time.perf_counter()
    events = run(arguments.deals, arguments.seed)
    elapsed = time.perf_counter() - start
    openspiel_version = importlib.metadata.version("open-spiel")
    python_version = sys.version.split()[0]
    print(f"hearts {hearts.__version__}, OpenSpiel {openspiel_version}, Python {python_version}")
    print(f"{arguments.deals:,} deals in {elapsed:.0f} s, zero disagreements")
    for line in report(events):
        print(line)


if __name__ == "__main__":
    main()
