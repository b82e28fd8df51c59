"""hearts.batch.FIELDS, the batched engine's allow-list over every field of hearts.Rules.

Every field that :class:`hearts.Rules` takes must be stated in ``FIELDS``: played (in the
tables of :class:`hearts.batch.BatchRules` it names, and varied by the differential test
of tests/test_batch.py), or refused at the values it names, by a sentence that names the
field. A field missing from ``FIELDS`` is refused whatever its value.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import attrs
import numpy as np
import pytest

jax = pytest.importorskip("jax")  # the jax extra: tests/conftest.py leaves test_batch.py out too

from test_batch import random_rules  # noqa: E402

import hearts  # noqa: E402
from hearts import Rules, RulesError  # noqa: E402
from hearts.rl import _batch_tables  # noqa: E402  (where unsupported reads FIELDS)
from hearts.rl import batch as hb  # noqa: E402

GIVEN = [field.name for field in attrs.fields(Rules) if field.init]
"""The fields a Rules value is made of (the others are derived from them)."""

REFUSED = {
    "multipliers": Rules(multipliers={"2C": 1000, "3C": 1000, "4C": 1000}),
    "claims": Rules(claims=True),
}
"""For each refused field, a Rules value that sets it to a value it refuses."""

CHANGED: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "players": (
        {"players": 4, "removed": "2C 2D 2H 2S", "pass_cycle": "left"},
        {"players": 3, "removed": "2C 2D 2H 2S", "pass_cycle": "left"},
    ),
    "removed": ({"players": 4}, {"players": 4, "removed": "2C 3C 4C 5C"}),
    "jokers": ({"players": 3}, {"players": 3, "jokers": 2}),
    "pass_count": ({}, {"pass_count": 2}),
    "dealer_chooses_pass": ({}, {"dealer_chooses_pass": True}),
    "pass_cycle": ({}, {"pass_cycle": "left"}),
    "unpassable": ({}, {"unpassable": "QS"}),
    "first_lead": ({}, {"first_lead": "any_club"}),
    "first_trick": ({}, {"first_trick": "first_turn_hearts"}),
    "first_trick_fallback": ({}, {"first_trick_fallback": "queen"}),
    "must_break_hearts": ({}, {"must_break_hearts": False}),
    "queen_breaks_hearts": ({}, {"queen_breaks_hearts": True}),
    "queen_breaks_only_when_led": (
        {"queen_breaks_hearts": True},
        {"queen_breaks_hearts": True, "queen_breaks_only_when_led": True},
    ),
    "can_lead_hearts_instead_of_queen": ({}, {"can_lead_hearts_instead_of_queen": True}),
    "queen_after_hearts": ({}, {"queen_after_hearts": True}),
    "forced_discard": ({}, {"forced_discard": True}),
    "points": ({}, {"points": {"AH": 1, "QS": 13, "JD": -10}}),
    "penalty_cards": ({}, {"penalty_cards": "QS"}),
    "no_trick_bonus": ({}, {"no_trick_bonus": -5}),
    "no_heart_bonus": ({}, {"no_heart_bonus": -3}),
    "moon": ({}, {"moon": "subtract"}),
    "moon_value": ({}, {"moon_value": 30}),
    "moon_needs_bonus_cards": (
        {"points": {"AH": 1, "QS": 13, "TD": -10}},
        {"points": {"AH": 1, "QS": 13, "TD": -10}, "moon_needs_bonus_cards": True},
    ),
    "bonus_counts_on_shoot": (
        {"points": {"AH": 1, "QS": 13, "TD": -10}},
        {"points": {"AH": 1, "QS": 13, "TD": -10}, "bonus_counts_on_shoot": False},
    ),
    "multipliers": ({}, {"multipliers": {"TC": 2}}),
    "multiplier_alone": (
        {"multipliers": {"TC": 2}},
        {"multipliers": {"TC": 2}, "multiplier_alone": -50},
    ),
    "sun": ({}, {"sun": "add"}),
    "moon_choice_needs_score": ({}, {"moon_choice_needs_score": True}),
    "sun_value": ({}, {"sun_value": 40}),
    "chips": ({"target": None, "hands": 5}, {"target": None, "hands": 5, "chips": 10}),
    "partners": ({}, {"partners": True}),
    "partners_shoot_together": (
        {"partners": True},
        {"partners": True, "partners_shoot_together": False},
    ),
    "target": ({}, {"target": 50}),
    "target_must_be_exceeded": ({}, {"target_must_be_exceeded": True}),
    "hands": ({"target": None, "hands": 2}, {"target": None, "hands": 3}),
    "resets": ({}, {"resets": (50,)}),
    "reset_amount": ({"resets": (50,)}, {"resets": (50,), "reset_amount": 25}),
    "score_floor": ({}, {"score_floor": 0}),
    "play_on_ties": ({}, {"play_on_ties": True}),
}
"""For each field played in tables: two Rules that differ in that field alone (but for
FOLLOWS)."""

FOLLOWS = {"jokers": "removed"}
"""A field whose default follows the field changed: jokers take the place of removed cards,
and no deck shares out evenly both with and without the same jokers."""


def _tables_that_differ(one: hb.BatchRules, other: hb.BatchRules) -> set[str]:
    return {
        field.name
        for field in dataclasses.fields(hb.BatchRules)
        if not _same(np.asarray(getattr(one, field.name)), np.asarray(getattr(other, field.name)))
    }


def _same(one: np.ndarray, other: np.ndarray) -> bool:
    """Equal, a card set of four words and the same with an empty jokers' word included."""
    if one.ndim and one.shape[:-1] == other.shape[:-1] and one.shape[-1] != other.shape[-1]:
        width = max(one.shape[-1], other.shape[-1])
        pad = [(0, 0)] * (one.ndim - 1)
        one = np.pad(one, [*pad, (0, width - one.shape[-1])])
        other = np.pad(other, [*pad, (0, width - other.shape[-1])])
    return np.array_equal(one, other)


def test_every_field_of_rules_is_stated_played_or_refused() -> None:
    assert list(hb.FIELDS) == GIVEN, "FIELDS names each field of Rules once, in their order"
    for name, coverage in hb.FIELDS.items():
        assert coverage.plays or coverage.refused is not None, f"{name}: neither played nor refused"
        assert bool(coverage.refuses) == (coverage.refused is not None), name
        # A field played in no table says why: it changes nothing under what is played.
        inert = re.search(r"\bchanges? nothing\b", coverage.plays) is not None
        assert bool(coverage.tables) != inert or coverage.refused is not None, name


def test_the_tables_named_are_those_of_batch_rules() -> None:
    tables = {field.name for field in dataclasses.fields(hb.BatchRules)}
    for name, coverage in hb.FIELDS.items():
        assert set(coverage.tables) <= tables, f"{name}: {set(coverage.tables) - tables}"


@pytest.mark.parametrize("name", [name for name in GIVEN if hb.FIELDS[name].tables])
def test_a_played_field_changes_the_tables_it_names(name: str) -> None:
    # The field changed alone changes one of the tables FIELDS names for it, and no other.
    before, after = (Rules(**fields) for fields in CHANGED[name])
    varied = [f for f in GIVEN if getattr(before, f) != getattr(after, f)]
    assert varied == sorted([name, *FOLLOWS.get(name, "").split()], key=GIVEN.index)
    changed = _tables_that_differ(hb.make_rules(before), hb.make_rules(after))
    assert changed, f"changing Rules.{name} changes no table"
    named = {table for field in varied for table in hb.FIELDS[field].tables}
    assert changed <= named, f"Rules.{name} changes {sorted(changed - named)} too"


def test_every_played_field_is_varied_by_the_differential_test() -> None:
    # The fields random_rules (tests/test_batch.py) sets away from the default of its table
    # size, over as many draws as its tests make and more.
    rng = random.Random(0)
    varied: set[str] = set()
    for _ in range(400):
        rules = random_rules(rng)
        default = Rules(players=rules.players)
        varied |= {name for name in GIVEN if getattr(rules, name) != getattr(default, name)}
        varied |= {"players"} if rules.players != Rules().players else set()
    played = {name for name, coverage in hb.FIELDS.items() if coverage.plays}
    assert played - varied == set(), "played fields the differential test never varies"
    refused_only = {name for name, coverage in hb.FIELDS.items() if not coverage.plays}
    assert varied & refused_only == set()


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refused_field_is_refused_by_name(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The fields before it that its Rules also set (multipliers, partners) are played for
    # the moment, so that the refusal reached is this field's.
    rules = REFUSED[name]
    refused = hb.FIELDS[name].refused
    assert refused is not None and refused(rules)
    earlier = GIVEN[: GIVEN.index(name)]
    lenient = {
        field: dataclasses.replace(coverage, refused=None) if field in earlier else coverage
        for field, coverage in hb.FIELDS.items()
    }
    monkeypatch.setattr(_batch_tables, "FIELDS", lenient)
    why = hb.unsupported(rules)
    assert why is not None and why.startswith(f"hearts.batch does not play Rules.{name} (got ")
    with pytest.raises(RulesError, match=rf"^hearts\.batch does not play Rules\.{name} "):
        hb.make_rules(rules)


def test_every_refused_field_has_a_case() -> None:
    assert set(REFUSED) == {name for name, c in hb.FIELDS.items() if c.refused is not None}


def test_refused_values_name_the_first_refused_field_without_help() -> None:
    assert "Rules.claims (got True);" in (hb.unsupported(REFUSED["claims"]) or "")
    huge = {"2C": 1000, "3C": 1000, "4C": 1000}
    both = Rules(multipliers=huge, claims=True)  # multipliers come first among the fields
    assert (hb.unsupported(both) or "").startswith("hearts.batch does not play Rules.multipliers")


def test_the_played_values_are_played() -> None:
    assert hb.supports(Rules(moon_choice_needs_score=True, sun_value=30))
    for mode in ("off", "add", "subtract", "safety", "choose"):
        assert hb.supports(Rules(moon=mode)) and hb.supports(Rules(sun=mode))
    assert hb.supports(Rules.preset("chips")) and hb.supports(Rules.preset("partnership"))
    assert hb.supports(Rules(dealer_chooses_pass=True))
    assert not hb.supports(Rules(claims=True))


def test_a_field_missing_from_the_table_is_refused_whatever_its_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert hb.supports(Rules())
    stated = dict(hb.FIELDS)
    for name in ("play_on_ties", "players", "first_lead"):
        fewer = {field: coverage for field, coverage in stated.items() if field != name}
        monkeypatch.setattr(_batch_tables, "FIELDS", fewer)
        why = hb.unsupported(Rules())
        assert why is not None
        assert why.startswith(f"hearts.batch does not play Rules.{name} (got "), why
        assert "hearts.batch.FIELDS does not state the field" in why


def test_a_field_added_to_rules_is_refused() -> None:
    # A field added tomorrow, at its default: the batched engine does not play it as absent.
    @attrs.frozen
    class Tomorrow(Rules):
        gift_card: bool = False

    assert hb.supports(Rules())
    why = hb.unsupported(Tomorrow())
    assert why == (
        "hearts.batch does not play Rules.gift_card (got False): hearts.batch.FIELDS does "
        "not state the field, so the batched engine does not know what it changes."
    )
    with pytest.raises(RulesError, match=r"Rules\.gift_card"):
        hb.init(jax.random.split(jax.random.key(0), 2), Tomorrow(players=5))


def test_the_derived_fields_follow_from_the_given_ones() -> None:
    # Only the fields Rules takes are stated: the others are computed from them (the masks)
    # or are the rules of play (refused when added: hearts.game.play.add_rule).
    derived = [field.name for field in attrs.fields(Rules) if not field.init]
    assert derived and not set(derived) & set(hb.FIELDS)
    rules = Rules.preset("omnibus")
    again = Rules(**{name: getattr(rules, name) for name in GIVEN})
    for name in derived:
        if not name.startswith("_"):
            assert getattr(again, name) == getattr(rules, name), name
    assert hearts.Rules.preset("omnibus") == again
