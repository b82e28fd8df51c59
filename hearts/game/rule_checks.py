"""The checks of :class:`~hearts.game.rules.Rules` across its fields, and its derived tables.

``Rules.__attrs_post_init__`` calls these once its fields each hold a value of their type:
the deck the players, jokers and removed cards leave (:func:`checked_deck`), the passing,
play, partnership and ending fields checked together, and the masks and tables worked out
once for the engine's hot path (:func:`derived_tables`). Each raises
:class:`~hearts.errors.RulesError` naming the fields and the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts.errors import RulesError
from hearts.game.cards import CARDS, DECK_MASK, FIRST_JOKER, QUEEN_OF_SPADES, SUIT_MASKS, Suit
from hearts.game.options import (
    FirstTrick,
    PassDirection,
    ShootMode,
    check_whole_number,
    default_removed,
    is_whole_number,
)

if TYPE_CHECKING:
    from hearts.game.rules import Rules

__all__ = [
    "check_ending",
    "check_partners",
    "check_passing",
    "check_play",
    "checked_deck",
    "derived_tables",
]


def checked_deck(rules: Rules) -> int:
    """The mask of the game's deck, once the players, jokers and removed cards can share it."""
    players, jokers = rules.players, rules.jokers
    if jokers >= players:
        raise RulesError(
            f"Rules.jokers is {jokers}, but a trick of {players} players must hold a card "
            "that is not a joker; use fewer jokers than players."
        )
    if rules.removed.mask & ~DECK_MASK:
        raise RulesError("Rules.removed may only name cards of the 52-card deck, not jokers.")
    deck = DECK_MASK & ~rules.removed.mask | ((1 << jokers) - 1) << FIRST_JOKER
    size = deck.bit_count()
    if size % players:
        fields = "Rules.removed and Rules.jokers leave" if jokers else "Rules.removed leaves"
        usual = default_removed(players)
        usual_text = f"remove {usual}" if usual else "remove nothing"
        usual_text += {3: " or add 2 jokers", 5: " or add 3 jokers"}.get(players, "")
        raise RulesError(
            f"{fields} {size} cards, which {players} players cannot share evenly; the "
            f"usual choice for {players} players is to {usual_text}."
        )
    if not deck & SUIT_MASKS[Suit.CLUBS]:
        raise RulesError("Rules.removed takes out every club, so no card can lead the first trick.")
    return deck


def check_passing(rules: Rules, deck: int, hand_size: int) -> None:
    """Check the passing fields against the deck and the hand size."""
    count, players = rules.pass_count, rules.players
    if not rules.pass_cycle:
        raise RulesError(
            "Rules.pass_cycle must name at least one direction; use 'none' for no passing."
        )
    if not rules.dealer_chooses_pass and set(rules.pass_cycle) == {PassDirection.HOLD}:
        # No card is ever passed, so the hand size does not bound the count.
        check_whole_number("pass_count", count, "a whole number, 1 or more", 1)
        return
    must = f"a whole number from 1 to the hand size ({hand_size})"
    end = "; use pass_cycle='none' for a game without passing."
    if is_whole_number(count) and count > hand_size:
        end = (
            "; give fewer (the dealer calls 1 to Rules.pass_count cards)."
            if rules.dealer_chooses_pass
            else "; give fewer, or pass_cycle='none' for a game without passing."
        )
    check_whole_number("pass_count", count, must, 1, hand_size, end)
    passable = hand_size - (rules.unpassable.mask & deck).bit_count()
    if count > passable:
        raise RulesError(
            f"Rules.unpassable holds {len(rules.unpassable)} cards, so a hand of {hand_size} "
            f"holding all of them could pass only {max(passable, 0)}, fewer than "
            f"Rules.pass_count ({count})."
        )
    for direction in rules.pass_cycle:
        if not direction.allowed_with(players):
            why = (
                f"{players} players have no seat across"
                if direction is PassDirection.ACROSS
                else f"with {players} players that seat is reached by another direction"
            )
            raise RulesError(
                f"Rules.pass_cycle passes {direction}, which {players} players cannot: {why}."
            )


def check_play(rules: Rules) -> None:
    """Check the fields of play that depend on one another (Q♠ breaking hearts, multipliers)."""
    if rules.queen_breaks_only_when_led and not rules.queen_breaks_hearts:
        raise RulesError(
            "Rules.queen_breaks_only_when_led says when Q♠ breaks hearts, but "
            "Rules.queen_breaks_hearts is False, so Q♠ never does: set both, or neither."
        )
    if rules.multiplier_alone and not rules.multipliers:
        raise RulesError(
            f"Rules.multiplier_alone={rules.multiplier_alone} scores a multiplier card taken "
            "without points, but Rules.multipliers names none: name one, as "
            "{'TC': 2}, or leave multiplier_alone at 0."
        )


def check_partners(rules: Rules) -> None:
    """Check that partnerships are played only where they can be, and with what they allow."""
    if not rules.partners:
        if not rules.partners_shoot_together:
            raise RulesError(
                "Rules.partners_shoot_together=False says how a partnership shoots the "
                "moon, but Rules.partners is False: set partners=True, or leave it."
            )
        return
    if rules.players != 4:
        raise RulesError(
            f"Rules.partners plays two partnerships of partners sitting opposite, which "
            f"needs 4 players; got Rules.players={rules.players}."
        )
    clashes = [
        (
            rules.chips is not None,
            "Rules.chips: the pool is shared by players, not partnerships",
        ),
        (rules.sun is not ShootMode.OFF, "Rules.sun: no source plays the sun in partnerships"),
        (
            rules.moon in (ShootMode.CHOOSE, ShootMode.SAFETY),
            f"Rules.moon={rules.moon.value!r}: a shot scored for a partnership is added or "
            "subtracted as given (use 'add' or 'subtract')",
        ),
    ]
    for clash, why in clashes:
        if clash:
            raise RulesError(f"Rules.partners cannot be played with {why}.")


def check_ending(rules: Rules) -> None:
    """Check that the game ends, and that a chip game sets no field of points scoring."""
    if rules.chips is not None:
        for name in ("moon", "sun"):
            if getattr(rules, name) is ShootMode.CHOOSE:
                raise RulesError(
                    f"Rules.{name}='choose' asks the shooter how to score its shot, but in "
                    "a chip game (Rules.chips) card points and shots do not change the "
                    f"chips, so the question would change nothing: leave Rules.{name} at "
                    "its default."
                )
        if rules.play_on_ties:
            raise RulesError(
                "Rules.play_on_ties is for points scoring; a chip game (Rules.chips) ends "
                "when a player holds every chip or none, and equal holdings share the win."
            )
        if rules.multipliers or rules.multiplier_alone:
            raise RulesError(
                "Rules.multipliers multiply the card points a player takes, but a chip "
                "game (Rules.chips) never reads points: leave Rules.multipliers empty "
                "and Rules.multiplier_alone at 0."
            )
        if rules.no_heart_bonus:
            raise RulesError(
                f"Rules.no_heart_bonus={rules.no_heart_bonus} adds points, but a chip game "
                "(Rules.chips) pays the pool to those who took no penalty card and never "
                "reads points: leave Rules.no_heart_bonus at 0."
            )
    elif rules.target is None and rules.hands is None:
        raise RulesError(
            "Rules.target and Rules.hands are both None, so the game would never end; "
            "set a target score or a number of hands."
        )
    elif rules.play_on_ties and rules.score_floor is not None:
        raise RulesError(
            "Rules.play_on_ties plays on while the lowest total is shared, but with "
            f"Rules.score_floor={rules.score_floor} players held at the floor can stay "
            "tied hand after hand and the game might never end; drop one of the two."
        )


def derived_tables(rules: Rules, deck: int, hand_size: int) -> dict[str, object]:
    """The tables :class:`Rules` derives from its fields once, by name (checking the points).

    The points must let the game end, and a chip game needs penalty cards.
    """
    table = [0] * len(CARDS)
    groups: dict[int, int] = {}  # the masks of the cards worth each value, in card order
    positive = bonus = 0
    for card, value in rules.points:
        if deck >> card & 1:
            table[card] = value
            groups[value] = groups.get(value, 0) | 1 << card
            if value > 0:
                positive |= 1 << card
            else:
                bonus |= 1 << card
    total = sum(table)
    if rules.chips is None and total <= 0 and (rules.hands is None or rules.play_on_ties):
        raise RulesError(
            f"Rules.points give the deck {total} points in all, so totals could never "
            + ("reach Rules.target" if rules.hands is None else "break a tie (Rules.play_on_ties)")
            + "; give the cards more points, or end the game by Rules.hands."
        )
    penalty = positive if rules.penalty_cards is None else rules.penalty_cards.mask & deck
    multiplier_mask = 0
    for card, _ in rules.multipliers:
        multiplier_mask |= 1 << card
    multiplier_mask &= deck
    if rules.chips is not None and not penalty:
        raise RulesError(
            "Rules.chips needs penalty cards (Rules.penalty_cards, or cards worth points): "
            "with none, every player always shares the pool and the game never ends."
        )
    moon_mask = positive | bonus if rules.moon_needs_bonus_cards else positive
    if moon_mask.bit_count() == 1 and rules.chips is None and rules.hands is None:
        only = (
            f"Rules.points make {CARDS[moon_mask.bit_length() - 1]} the only card worth "
            "points, so whoever takes it shoots the moon every hand"
        )
        if rules.moon is ShootMode.SUBTRACT:
            raise RulesError(
                f"{only}; with Rules.moon='subtract' no total would ever grow and the game "
                "would never end: score the moon another way, give more cards points, or "
                "end the game by Rules.hands."
            )
        if rules.moon is not ShootMode.OFF and rules.resets:
            raise RulesError(
                f"{only} and the others' totals grow in equal steps; with Rules.resets="
                f"{list(rules.resets)} they can be sent back every time and the game would "
                "never end: drop the resets, give more cards points, or end the game by "
                "Rules.hands."
            )
    moon = rules.moon_value or sum(value for value in table if value > 0)
    hearts = SUIT_MASKS[Suit.HEARTS]
    clubs = deck & SUIT_MASKS[Suit.CLUBS]
    queen = QUEEN_OF_SPADES.mask if rules.queen_breaks_hearts else 0
    breaking = hearts | (0 if rules.queen_breaks_only_when_led else queen)
    tables = {
        "deck_mask": deck,
        "hand_size": hand_size,
        "lowest_club": CARDS[(clubs & -clubs).bit_length() - 1],
        "card_points": tuple(table),
        "point_mask": positive | bonus,
        "positive_mask": positive,
        "point_groups": tuple(groups.items()),
        "penalty_mask": penalty,
        "bonus_mask": bonus,
        "moon_mask": moon_mask,
        "moon_points": moon,
        "sun_points": rules.sun_value or 2 * moon,
        "multiplier_mask": multiplier_mask,
        "partner_seats": (2, 3, 0, 1) if rules.partners else (),
        "breaking_mask": deck & breaking,
        "lead_breaking_mask": deck & (breaking | queen),
        "first_trick_barred": {
            FirstTrick.PENALTY_BARRED: penalty,
            FirstTrick.HEARTS_BARRED: deck & hearts,
            FirstTrick.OPEN: 0,
            FirstTrick.FIRST_TURN_HEARTS: penalty,
        }[rules.first_trick],
    }
    return tables
