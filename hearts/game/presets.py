"""The named variants of :data:`hearts.PRESETS`, as data that :mod:`hearts.game.rules` reads.

Each entry holds a name, a one-line description, the sources and the fields of
:class:`~hearts.Rules` that differ from the standard game; its ``points`` name only the cards
whose value differs from :data:`~hearts.STANDARD_POINTS`.

>>> name, description, sources, fields = PRESET_TABLE[2]
>>> name, fields["sun_value"]
('wocg', 39)
"""

from __future__ import annotations

from typing import Any, Final

_Entry = tuple[str, str, str, dict[str, Any]]


def _entry(name: str, description: str, sources: str, **fields: Any) -> _Entry:
    return name, description, sources, fields


PRESET_TABLE: Final[tuple[_Entry, ...]] = (
    _entry(
        "standard",
        "The standard game: 4 players, pass left, right, across, hold; no penalty card on "
        "the first trick; hearts broken by a heart; old moon; game to 100.",
        "Microsoft Hearts; Bicycle; pagat.com",
    ),
    _entry(
        "windows",
        "Microsoft Hearts as shipped with Windows: the standard game.",
        "Microsoft Hearts' help",
    ),
    _entry(
        "wocg",
        "World of Card Games: Q♠ breaks hearts; moon and sun (39) with automatic safety; "
        "TRAM claims.",
        "World of Card Games' Hearts options",
        queen_breaks_hearts=True,
        moon="safety",
        sun="safety",
        sun_value=39,
        claims=True,
    ),
    _entry(
        "tournament",
        "Tournament passing: left, right, across, with no hold hand.",
        "RULES.md (tournament play)",
        pass_cycle="tournament",
    ),
    _entry(
        "pagat",
        "pagat.com's main rules: anything may be played on the first trick.",
        "pagat.com (John McLeod)",
        first_trick="open",
    ),
    _entry(
        "bicycle",
        "Bicycle's rules: Q♠ breaks hearts as a heart does.",
        "Bicycle's Hearts rules",
        queen_breaks_hearts=True,
    ),
    _entry(
        "omnibus",
        "Omnibus Hearts: J♦ is worth -10; the moon does not need it and its -10 still counts.",
        "pagat.com; gnome-hearts; OpenSpiel jd_bonus",
        points={"JD": -10},
    ),
    _entry(
        "omnibus-10d",
        "Omnibus with 10♦ worth -10, which the moon must also take.",
        'Bicycle ("in some localities J♦")',
        points={"TD": -10},
        moon_needs_bonus_cards=True,
    ),
    _entry(
        "hooligan",
        "Hooligan Hearts: 7♣ is worth +7, so the moon takes 33 points.",
        "RULES.md (sources are thin)",
        points={"7C": 7},
    ),
    _entry(
        "pink-lady",
        "Pink Lady: Q♥ is worth 13 as well as Q♠, so a hand holds 38 points and the moon "
        "must take both queens and every heart.",
        'pagat.com (Hearts variations); Wikipedia "Hearts"',
        points={"QH": 13},
    ),
    _entry(
        "black-maria",
        "Black Maria: 3 players without 2♣; A♠ 7, K♠ 10, Q♠ 13; pass right; the player "
        "left of the dealer leads any card; no first-trick ban, and hearts may lead at any "
        "time; 9 deals. The published rules have no moon: this preset's moon (all 43 points "
        "to each other player) is this library's choice, the standard game's rule, and "
        "moon='off' removes it.",
        'Parlett (The Penguin Book of Card Games); Wikipedia "Black Maria"; a published '
        'text ("otherwise he may discard any card he chooses")',
        players=3,
        removed="2C",
        points={"AS": 7, "KS": 10},
        pass_cycle="right",
        first_lead="left_of_dealer",
        first_trick="open",
        must_break_hearts=False,
        target=None,
        hands=9,
    ),
    _entry(
        "rickety-kate",
        "Rickety Kate: A♠ 10, K♠ 10, Q♠ 13; no shooting the moon.",
        'RULES.md; Wikipedia "Hearts" variants',
        points={"AS": 10, "KS": 10},
        moon="off",
    ),
    _entry(
        "spot-hearts",
        "Spot Hearts: each heart at face value (2 to 14, ace high), Q♠ 25, so the moon "
        "takes 129 points; game to 500.",
        "gnome-hearts",
        points={**{f"{rank}H": value for value, rank in enumerate("23456789TJQKA", 2)}, "QS": 25},
        target=500,
    ),
    _entry(
        "weighted-hearts",
        "Weighted hearts: A♥ 5, K♥ 4, Q♥ 3, J♥ 2, other hearts 1, Q♠ 13, so the moon takes "
        "36 points.",
        "Standard Hoyle (1887)",
        points={"AH": 5, "KH": 4, "QH": 3, "JH": 2},
    ),
    _entry(
        "chips",
        "Chip (pool) scoring: 20 chips each; each hand everyone pays one into the pool, "
        "shared by the players who took no penalty card; a player with no chips ends it.",
        'Wikipedia "Hearts"',
        chips=20,
    ),
    _entry(
        "partnership",
        "Partnership Hearts, Joe Andrews' original game: partners sit opposite and add "
        "their scores; a partnership that takes every penalty card between them shoots the "
        "moon (0 to it, 26 to the other); the game ends when a partnership's combined total "
        "reaches 100.",
        "Joe Andrews on the original partnership game (Silver Creek forums); Parlett",
        partners=True,
    ),
    _entry(
        "openspiel",
        "OpenSpiel's hearts defaults: Q♠ breaks hearts, no J♦ bonus, no no-trick bonus, "
        "one deal. OpenSpiel draws the pass direction at random; this preset uses the "
        "standard cycle.",
        "google-deepmind/open_spiel games/hearts",
        queen_breaks_hearts=True,
        target=None,
        hands=1,
    ),
    _entry(
        "three-player",
        "Three players: 2♦ removed, 17 cards each; pass left, right, hold.",
        "Bicycle; Hoyle; pagat.com",
        players=3,
    ),
    _entry(
        "five-player",
        "Five players: 2♣ and 2♦ removed, 10 cards each, 3♣ leads; pass 2 cards left, right, hold.",
        "Bicycle; pagat.com",
        players=5,
    ),
)
"""Each preset as ``(name, description, sources, fields)``, in the registry's order."""
