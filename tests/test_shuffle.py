"""The library's generator (hearts.game.shuffle.Generator) and the seeded deal.

Rule (issue 25): seeded deals and playouts draw from a generator that the compiled build
runs natively, and the same seed gives the same game in both builds. The generator is
checked against its definition (SHAKE-256 of a key, block after block, computed here
with hashlib), its draws for uniformity, and the compiled module against its own source
run interpreted in the same process.
"""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import random
from collections import Counter
from math import comb
from pathlib import Path
from types import ModuleType

import pytest

import hearts
from hearts import Rules
from hearts.game.shuffle import Generator, deal_refusal, seeded_deal


def reference_stream(key: bytes, count: int) -> bytes:
    """The generator's stream as its docs define it, block after block of SHAKE-256."""
    blocks = [hashlib.shake_256(key + n.to_bytes(8, "little")).digest(136) for n in range(12)]
    return b"".join(blocks)[:count]


def chi_square_limit(freedom: int) -> float:
    """A bound the chi-square statistic stays under unless the draw is biased (p < 1e-6)."""
    return freedom + 7 * (2 * freedom) ** 0.5 + 20


@pytest.mark.parametrize("key", [b"", b"hearts-deal:7:0", bytes(range(40))])
def test_the_stream_is_shake_256_of_the_key_block_after_block(key: bytes) -> None:
    draw = Generator(key)
    stream = reference_stream(key, 1500)
    assert bytes(draw.byte() for _ in range(1500)) == stream
    again = Generator(key)
    assert again.bits(12) == int.from_bytes(stream[:2], "big") >> 4
    assert again.bits(64) == int.from_bytes(stream[2:10], "big")


@pytest.mark.parametrize("bound", [1, 2, 6, 13, 52, 1000, 2**32, 2**32 + 3, 3**40])
def test_below_draws_every_number_under_the_bound_alike(bound: int) -> None:
    draw = Generator.from_text(f"below {bound}")
    values = [draw.below(bound) for _ in range(6000)]
    assert all(0 <= value < bound for value in values)
    buckets = bound if bound <= 60 else 12  # each value, or each twelfth of the range
    counts = Counter(value * buckets // bound for value in values)
    expected = len(values) / buckets
    statistic = sum((counts[b] - expected) ** 2 / expected for b in range(buckets))
    assert statistic < chi_square_limit(buckets - 1), counts


def test_choose_draws_every_subset_alike() -> None:
    draw = Generator.from_text("choose")
    mask = 0b1011011  # five cards
    counts = Counter(draw.choose(mask, 2) for _ in range(5000))
    assert len(counts) == comb(5, 2) and all(chosen & ~mask == 0 for chosen in counts)
    expected = 5000 / comb(5, 2)
    statistic = sum((count - expected) ** 2 / expected for count in counts.values())
    assert statistic < chi_square_limit(comb(5, 2) - 1)
    assert draw.choose(mask, 9) == mask  # no more than there are


def test_bits_and_shuffle_draw_what_they_say() -> None:
    draw = Generator.from_text("bits")
    assert all(0 <= draw.bits(63) < 2**63 for _ in range(100))
    assert max(draw.bits(5) for _ in range(200)) == 31
    items = list(range(20))
    draw.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


@pytest.mark.parametrize("length", [2, 13, 52, 55, 256, 257, 300])
def test_shuffle_draws_each_place_as_below_does(length: int) -> None:
    """Generator.shuffle reads the stream itself (speed): the same draws as its definition,
    Fisher-Yates from the last place down with ``below(place + 1)``, across block ends and
    for places beyond one byte."""
    for key in range(20):
        draw, again = Generator.from_text(f"shuffle:{key}"), Generator.from_text(f"shuffle:{key}")
        items, expected = list(range(length)), list(range(length))
        draw.shuffle(items)
        for place in range(length - 1, 0, -1):
            other = again.below(place + 1)
            expected[place], expected[other] = expected[other], expected[place]
        assert items == expected
        assert draw.bits(64) == again.bits(64), "the shuffle left the stream elsewhere"


def test_a_generator_is_seeded_by_its_text_or_its_random() -> None:
    one, two = Generator.from_text("a"), Generator.from_text("a")
    assert [one.byte() for _ in range(5)] == [two.byte() for _ in range(5)]
    assert Generator.from_text("a").bits(64) != Generator.from_text("b").bits(64)
    rng, again = random.Random(3), random.Random(3)
    assert Generator.from_random(rng).bits(64) == Generator.from_random(again).bits(64)
    assert rng.getstate() == again.getstate()


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(players=3), Rules(players=5, jokers=3), Rules.preset("black-maria")]
)
def test_seeded_deals_are_deals_and_put_every_card_anywhere_alike(rules: Rules) -> None:
    seats = Counter()
    deals = 600
    for seed in range(deals):
        deal = seeded_deal(rules, seed, seed % 3)
        masks = tuple(hand.mask for hand in deal.hands)
        assert deal_refusal(rules, masks) is None
        seats.update((seat, card) for seat, hand in enumerate(deal.hands) for card in hand)
    expected = deals / rules.players
    statistic = sum((count - expected) ** 2 / expected for count in seats.values())
    cells = len(rules.deck) * rules.players
    assert len(seats) == cells
    assert statistic < chi_square_limit(cells - len(rules.deck))


def test_the_seed_and_the_hand_number_each_change_the_deal() -> None:
    rules = Rules()
    deals = {
        seeded_deal(rules, seed, hand) for seed, hand in itertools.product(range(20), range(4))
    }
    assert len(deals) == 80
    assert seeded_deal(rules, 7, 2) == seeded_deal(rules, 7, 2)


def _source_module(name: str) -> ModuleType:
    """``hearts/game/<name>.py`` of this checkout, run interpreted as a module of its own."""
    path = Path(__file__).resolve().parents[1] / "hearts" / "game" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"source_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_installed_build_draws_what_its_source_draws() -> None:
    """The same seed gives the same deals and draws in both builds: the installed module
    (compiled, in CI's compiled run) against its source run by the interpreter."""
    source = _source_module("shuffle")
    for seed in range(100):
        assert source.seeded_deal(Rules(), seed, seed % 4) == seeded_deal(Rules(), seed, seed % 4)
        ours, theirs = Generator.from_text(str(seed)), source.Generator.from_text(str(seed))
        assert [ours.below(seed + 1) for _ in range(20)] == [
            theirs.below(seed + 1) for _ in range(20)
        ]
        assert ours.choose(2**52 - 1, 13) == theirs.choose(2**52 - 1, 13)
    assert hearts.compiled == (type(Generator.byte).__name__ != "function")
