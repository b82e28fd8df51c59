"""The rules of play, each written once.

Every rule that limits the cards a player may play is one small :class:`PlayRule` here:
``allows`` narrows the cards the rules before it left, and ``refusal`` says in a sentence
why a card it took away may not be played. :func:`playable` applies them in order and
:func:`refusal` names the first that takes a card away, so :func:`hearts.legal_moves`,
the errors of :func:`hearts.apply` and what a :class:`~hearts.PlayerView` infers from a
play all come from the same rule.

The rules read a situation, not a whole game: the player's hand, the cards of the trick
so far, whether it is the hand's first trick, and whether hearts are broken.

The other shared rules of a hand live here too: who leads the first trick
(:func:`first_leader`), how passed cards change hands (:func:`exchange`), which card sets
the suit (:func:`led_card`), who wins a trick (:func:`trick_winner`), which cards have
been played (:func:`played_mask`) and when hearts are broken (:func:`breaks_hearts`).

>>> import hearts
>>> from hearts import play
>>> rules, hand = hearts.Rules(), hearts.CardSet("2C 3C 5H").mask
>>> str(hearts.CardSet.from_mask(play.playable(rules, hand, (), True, False)))
'2♣'
>>> play.refusal(rules, 0, hand, (), True, False, hearts.Card("3C"))
'P0 may not lead 3♣: the first trick must be led with 2♣.'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

from hearts.cards import (
    CARDS,
    FIRST_JOKER,
    HEARTS,
    JOKERS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
)
from hearts.errors import HeartsError
from hearts.rules import FirstLead, FirstTrick, FirstTrickFallback, PassDirection, Rules
from hearts.state import Trick

__all__ = [
    "FIRST_LEAD",
    "FIRST_TRICK_BAN",
    "FOLLOW_SUIT",
    "FORCED_DISCARD",
    "HEARTS_BROKEN",
    "JOKER_LEAD",
    "LED_MASK",
    "NO_HEART_FIRST_LEAD",
    "PLAY_RULES",
    "PlayRule",
    "breaks_hearts",
    "exchange",
    "first_leader",
    "first_trick_allowed",
    "first_trick_barred",
    "led_card",
    "named_cards",
    "playable",
    "played_mask",
    "refusal",
    "trick_winner",
]

LED_MASK: Final = tuple(SUIT_MASKS[card // 13] if card < FIRST_JOKER else 0 for card in CARDS)
"""The mask of the suit each card sets when it leads (0 for a joker: it sets none)."""
_SUIT_SYMBOL: Final = "♣♦♥♠"
_CLUBS: Final = SUIT_MASKS[Suit.CLUBS]
_QUEEN: Final = QUEEN_OF_SPADES.mask
_LOWEST_CLUB: Final = FirstLead.LOWEST_CLUB
_ANY_CLUB: Final = FirstLead.ANY_CLUB
_NO_HEART_LEAD: Final = FirstLead.LEFT_OF_DEALER_NO_HEART
_FIRST_TURN_HEARTS: Final = FirstTrick.FIRST_TURN_HEARTS
_FALLBACK_QUEEN: Final = FirstTrickFallback.QUEEN

# How a trick opens, as the play rules see it.
Cards: TypeAlias = tuple[Card, ...]
"""The cards of a trick, in the order played."""

_LEAD: Final = 0  # the trick is empty: the card leads
_AFTER_JOKERS: Final = 1  # only jokers so far: the card sets the suit, as a lead does
_FOLLOW: Final = 2  # the suit is set: the card follows


# --- the cards of a trick ------------------------------------------------------------------


def led_card(trick: Sequence[Card]) -> int:
    """The card that sets the suit to follow: the first that is not a joker (-1 if none).

    >>> led_card([Card("JK1"), Card("5D"), Card("2C")]) == Card("5D")
    True
    >>> led_card([Card("JK1")])
    -1
    """
    for card in trick:
        if card < FIRST_JOKER:
            return card
    return -1


def trick_winner(trick: Sequence[Card], leader: int, players: int) -> int:
    """The seat that wins a complete trick.

    The highest card of the suit led (by the first card that is not a joker) wins; a joker
    never does.

    >>> trick_winner([Card("5C"), Card("AH"), Card("9C"), Card("2C")], leader=3, players=4)
    1
    """
    led = LED_MASK[led_card(trick)]
    mask = 0
    for card in trick:
        mask |= 1 << card
    # The highest card of the suit led is the trick's highest bit in that suit.
    return (leader + trick.index(CARDS[(mask & led).bit_length() - 1])) % players


def played_mask(tricks: Sequence[Trick], trick: Sequence[Card] = ()) -> int:
    """The cards played to the tricks of a hand so far, the current ``trick`` included.

    >>> done = Trick(0, (Card("2C"), Card("3C"), Card("4C"), Card("5C")), 3)
    >>> played_mask([done], [Card("9D")]) == CardSet("2C 3C 4C 5C 9D").mask
    True
    """
    mask = 0
    for done in tricks:
        for card in done.cards:
            mask |= 1 << card
    for card in trick:
        mask |= 1 << card
    return mask


def breaks_hearts(rules: Rules, card: Card) -> bool:
    """Whether playing ``card`` breaks hearts.

    Any heart does, and Q♠ when ``Rules.queen_breaks_hearts`` is set.

    >>> from hearts import Rules
    >>> breaks_hearts(Rules(), Card("2H")), breaks_hearts(Rules(), Card("QS"))
    (True, False)
    """
    return bool(rules.breaking_mask >> card & 1)


# --- the hand's opening --------------------------------------------------------------------


def first_leader(rules: Rules, dealer: int, hands: Sequence[int]) -> int:
    """The seat that leads the first trick of a hand, from the hands after the pass.

    The holder of the lowest club (2♣, or 3♣ when 2♣ is removed), or the player left of
    the dealer, as ``Rules.first_lead`` says.

    >>> from hearts import Rules
    >>> hands = [CardSet("3C").mask, CardSet("2C").mask, 0, 0]
    >>> first_leader(Rules(), 0, hands), first_leader(Rules(first_lead="left_of_dealer"), 3, hands)
    (1, 0)
    """
    if rules.first_lead is FirstLead.LEFT_OF_DEALER or rules.first_lead is _NO_HEART_LEAD:
        return (dealer + 1) % rules.players
    first = 1 << rules.lowest_club
    for seat, hand in enumerate(hands):
        if hand & first:
            return seat
    raise HeartsError(
        f"No hand holds {rules.lowest_club}, the lowest club, to lead the first trick."
    )


def receiver(seat: int, direction: PassDirection, players: int) -> int:
    """The seat that receives the cards ``seat`` passes ``direction``.

    >>> receiver(3, PassDirection.LEFT, 4), receiver(0, PassDirection.RIGHT, 4)
    (0, 3)
    """
    return (seat + direction.offset(players)) % players


def passer(seat: int, direction: PassDirection, players: int) -> int:
    """The seat whose passed cards ``seat`` receives (the inverse of :func:`receiver`).

    >>> passer(0, PassDirection.LEFT, 4), passer(2, PassDirection.ACROSS, 4)
    (3, 0)
    """
    return (seat - direction.offset(players)) % players


def exchange(
    hands: Sequence[int], passed: Sequence[int], direction: PassDirection
) -> tuple[int, ...]:
    """Each seat's hand once every seat's passed cards have reached their receiver.

    >>> hands = [CardSet("2C 3C").mask, CardSet("4C 5C").mask, CardSet("6C 7C").mask]
    >>> passed = [CardSet("2C").mask, CardSet("4C").mask, CardSet("6C").mask]
    >>> [str(CardSet.from_mask(hand)) for hand in exchange(hands, passed, PassDirection.LEFT)]
    ['3♣ 6♣', '2♣ 5♣', '4♣ 7♣']
    """
    players = len(hands)
    return tuple(
        [
            hands[seat] & ~passed[seat] | passed[passer(seat, direction, players)]
            for seat in range(players)
        ]
    )


# --- which cards may be played -------------------------------------------------------------


class PlayRule:
    """One rule of play: the cards it allows, and the sentence when it refuses one.

    ``allows(rules, hand, cards, trick, first, broken)`` returns the part of ``cards``
    (what the rules before it allow) that this rule lets ``hand`` play now; it never takes
    every card away. ``refusal`` explains why a card ``allows`` took away may not be played,
    ``allowed`` being what it left. ``applies`` says in which situations the rule is asked
    at all, so that :func:`playable` asks only the rules that can matter.

    >>> FOLLOW_SUIT
    <play rule: follow suit>
    """

    name: str = ""
    """The rule's name in the docs."""

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        """Whether the rule can take cards away in this kind of situation.

        ``first``: on the hand's first trick; ``opening``: whether the card leads, follows
        jokers only, or follows a suit.
        """
        raise NotImplementedError

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        """The part of ``cards`` this rule lets ``hand`` play."""
        raise NotImplementedError

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        """Why ``who`` (``"P1"``) may not play ``card``: the end of an error's sentence."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<play rule: {self.name}>"


class _FollowSuit(PlayRule):
    """A player holding a card of the suit led must play one (every rule book)."""

    name = "follow suit"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening == _FOLLOW

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        led = trick[0] if trick[0] < FIRST_JOKER else led_card(trick)
        return hand & LED_MASK[led] or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        suit = _SUIT_SYMBOL[led_card(trick) // 13]
        return (
            f"players must follow suit, {suit} was led and {who} holds "
            f"{CardSet.from_mask(allowed)}."
        )


class _ForcedDiscard(PlayRule):
    """``Rules.forced_discard``: a player who cannot follow suit must play a penalty card.

    After the first trick, if it holds one (Black Lady variants).
    """

    name = "forced discard"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening == _FOLLOW and not first and rules.forced_discard

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if hand & LED_MASK[led_card(trick)]:
            return cards
        return cards & rules.penalty_mask or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        return (
            "a player who cannot follow suit must play a penalty card (Rules.forced_discard), "
            f"and {who} holds {CardSet.from_mask(allowed)}."
        )


class _FirstLead(PlayRule):
    """``Rules.first_lead``: the first trick is led with the lowest club, or any club.

    ``'lowest_club'``: Windows, Bicycle, pagat; ``'any_club'``: OpenSpiel.
    """

    name = "first lead"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return first and opening == _LEAD and rules.first_lead in (_LOWEST_CLUB, _ANY_CLUB)

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if rules.first_lead is _LOWEST_CLUB:
            return cards & 1 << rules.lowest_club or cards
        return cards & _CLUBS or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        if rules.first_lead is _LOWEST_CLUB:
            return f"the first trick must be led with {rules.lowest_club}."
        return "the first trick must be led with a club (Rules.first_lead='any_club')."


class _JokerLead(PlayRule):
    """A joker may be led only by a player with no other card it may lead.

    A joker sets no suit; after jokers only, the next card leads in effect.
    """

    name = "joker lead"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening != _FOLLOW and rules.jokers > 0

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        return cards & ~JOKERS or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        return "a joker may be led only by a player with no other card it may lead."


class _NoHeartFirstLead(PlayRule):
    """``Rules.first_lead='left_of_dealer_no_heart'``: the first lead may not be a heart.

    Unless the leader holds nothing else (Hoyle).
    """

    name = "no heart on the first lead"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return first and opening != _FOLLOW and rules.first_lead is _NO_HEART_LEAD

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        return cards & ~HEARTS or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        return (
            f"the first lead may not be a heart while {who} holds other suits "
            "(Rules.first_lead='left_of_dealer_no_heart')."
        )


class _HeartsBroken(PlayRule):
    """``Rules.must_break_hearts``: a heart may not lead until hearts are broken.

    Unless the leader holds nothing else, or nothing but Q♠ where
    ``Rules.can_lead_hearts_instead_of_queen`` allows it.
    """

    name = "hearts broken"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening != _FOLLOW and rules.must_break_hearts

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if broken:
            return cards
        safe = cards & ~HEARTS
        if safe and not (rules.can_lead_hearts_instead_of_queen and safe == _QUEEN):
            return safe
        return cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        return f"hearts are not broken and {who} holds other suits."


class _FirstTrickBan(PlayRule):
    """``Rules.first_trick``: no barred card on the first trick while another may be played.

    Also when following suit: "the player must follow suit and can play a penalty card if
    they would otherwise renege" (Wikipedia; Hooligan's 7♣, Black Maria's A♠ K♠ Q♠).
    ``Rules.first_trick_fallback`` says what a player left with only barred cards plays.
    """

    name = "first-trick ban"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return first and rules.first_trick_barred != 0

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        return first_trick_allowed(rules, hand, cards)

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: Card
    ) -> str:
        barred = first_trick_barred(rules, hand)
        if not allowed & ~barred:  # only barred cards: the fallback keeps Q♠ alone
            return (
                f"{who} holds only cards barred from the first trick and must play Q♠ "
                "(Rules.first_trick_fallback='queen')."
            )
        if rules.first_trick is FirstTrick.HEARTS_BARRED:
            banned = "no heart may be played on the first trick"
        elif rules.first_trick is _FIRST_TURN_HEARTS and 1 << card & barred & HEARTS:
            clubs = CardSet.from_mask(hand & _CLUBS & ~barred)
            return (
                "hearts may be played on the first trick only by a player without clubs it "
                f"may play (Rules.first_trick='first_turn_hearts'), and {who} holds {clubs}."
            )
        else:
            banned = (
                f"no penalty card ({_barred_text(rules, barred)}) may be played on the first trick"
            )
        led = led_card(trick)
        if led >= 0 and hand & LED_MASK[led]:
            return f"{banned}, and {who} can follow suit with {CardSet.from_mask(allowed)}."
        if not trick and rules.first_lead is _ANY_CLUB:
            return f"{banned}, and {who} can lead {CardSet.from_mask(allowed)}."
        return f"{banned} while {who} holds other cards."


def named_cards(rules: Rules) -> int:
    """The cards a rule of play names one by one after the first trick.

    Every other rule reads a card by its suit, its points or whether it breaks hearts;
    Q♠ is named when ``Rules.can_lead_hearts_instead_of_queen`` lets a leader holding only
    it and hearts lead a heart. (The endgame solver may treat two cards alike only when
    no rule tells them apart.)

    >>> from hearts import Rules
    >>> named_cards(Rules()), named_cards(Rules(can_lead_hearts_instead_of_queen=True)) == _QUEEN
    (0, True)
    """
    return _QUEEN if rules.can_lead_hearts_instead_of_queen and rules.must_break_hearts else 0


def first_trick_barred(rules: Rules, hand: int) -> int:
    """The cards ``hand`` may not play on the first trick while it has another choice.

    First-turn hearts lifts the ban on hearts, and on hearts only, for a player who holds
    no club it may play there (World of Card Games: "Allow First Turn Hearts"); a club
    that is itself barred, as Hooligan's 7♣, does not keep the hearts back.

    >>> from hearts import Rules
    >>> rules = Rules(first_trick="first_turn_hearts")
    >>> str(CardSet.from_mask(first_trick_barred(rules, CardSet("2H QS").mask)))
    'Q♠'
    """
    barred = rules.first_trick_barred
    if rules.first_trick is _FIRST_TURN_HEARTS and not hand & _CLUBS & ~barred:
        return barred & ~HEARTS
    return barred


def first_trick_allowed(rules: Rules, hand: int, cards: int) -> int:
    """``cards`` less those barred from the first trick, unless nothing would be left.

    ``cards`` are what the other rules allow: the cards of the suit led when the player can
    follow, so a barred card of that suit may be played only when every card the player
    holds in it is barred. A player left with only barred cards plays any of them, or Q♠
    if it holds it and ``Rules.first_trick_fallback`` is ``'queen'``.

    >>> from hearts import Rules
    >>> hooligan = Rules.preset("hooligan")
    >>> clubs = CardSet("3C 7C").mask
    >>> str(CardSet.from_mask(first_trick_allowed(hooligan, clubs | CardSet("5H").mask, clubs)))
    '3♣'
    """
    allowed = cards & ~first_trick_barred(rules, hand)
    if allowed:
        return allowed
    if rules.first_trick_fallback is _FALLBACK_QUEEN and cards & _QUEEN:
        return _QUEEN
    return cards


@functools.lru_cache(maxsize=64)
def _barred_text(rules: Rules, barred: int) -> str:
    """The barred cards in words: "a heart or Q♠", "a heart, 7♣ or Q♠"."""
    hearts = rules.deck_mask & HEARTS
    words = ["a heart"] if hearts and barred & hearts == hearts else []
    rest = barred & ~hearts if words else barred
    words += [str(single) for single in CardSet.from_mask(rest)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


FOLLOW_SUIT: Final[PlayRule] = _FollowSuit()
FORCED_DISCARD: Final[PlayRule] = _ForcedDiscard()
FIRST_LEAD: Final[PlayRule] = _FirstLead()
JOKER_LEAD: Final[PlayRule] = _JokerLead()
NO_HEART_FIRST_LEAD: Final[PlayRule] = _NoHeartFirstLead()
HEARTS_BROKEN: Final[PlayRule] = _HeartsBroken()
FIRST_TRICK_BAN: Final[PlayRule] = _FirstTrickBan()

PLAY_RULES: Final = (
    FOLLOW_SUIT,
    FORCED_DISCARD,
    FIRST_LEAD,
    JOKER_LEAD,
    NO_HEART_FIRST_LEAD,
    HEARTS_BROKEN,
    FIRST_TRICK_BAN,
)
"""Every play rule, in the order they narrow the cards: the first-trick ban last, so that
it bars cards only among those the other rules allow."""


_Plans: TypeAlias = tuple[tuple[PlayRule, ...], ...]
_PLANS: dict[int, tuple[Rules, _Plans]] = {}
"""For each Rules, the play rules that apply in each kind of situation (:func:`_plans`).

Keyed by ``id`` (hashing a Rules on every play costs more), with the Rules kept beside
its plans so that an id reused after the Rules is gone is never mistaken for it; a few
hundred are kept."""


def _opening(trick: Cards) -> int:
    """How ``trick`` opens for the card played next: it leads, follows jokers, or follows."""
    if not trick:
        return _LEAD
    return _FOLLOW if trick[0] < FIRST_JOKER or led_card(trick) >= 0 else _AFTER_JOKERS


def _plans(rules: Rules) -> _Plans:
    """The play rules that apply, in order, indexed by ``opening + 3 * first``."""
    return tuple(
        [
            tuple([rule for rule in PLAY_RULES if rule.applies(rules, on_first, opening)])
            for on_first in (False, True)
            for opening in (_LEAD, _AFTER_JOKERS, _FOLLOW)
        ]
    )


def playable(rules: Rules, hand: int, trick: Cards, first: bool, broken: bool) -> int:
    """The bitmask of the cards of ``hand`` that may be played to ``trick``.

    ``first``: whether this is the hand's first trick; ``broken``: whether hearts are
    broken.

    >>> from hearts import Rules
    >>> hand = CardSet("3C 7C 5H").mask
    >>> str(CardSet.from_mask(playable(Rules.preset("hooligan"), hand, (Card("2C"),), True, False)))
    '3♣'
    >>> str(CardSet.from_mask(playable(Rules(), hand, (Card("2D"),), False, False)))
    '3♣ 7♣ 5♥'
    """
    # The hot path: the rules that apply here come from a table kept per Rules object.
    entry = _PLANS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        entry = _PLANS[id(rules)] = (rules, _plans(rules))
    if not trick:
        opening = _LEAD
    elif trick[0] < FIRST_JOKER:
        opening = _FOLLOW
    else:
        opening = _opening(trick)
    cards = hand
    for rule in entry[1][opening + 3 if first else opening]:
        cards = rule.allows(rules, hand, cards, trick, first, broken)
    return cards


def refusal(
    rules: Rules,
    player: int,
    hand: int,
    trick: Cards,
    first: bool,
    broken: bool,
    card: Card,
) -> str | None:
    """Why ``player`` may not play ``card`` now, as a sentence; None if it may.

    The sentence comes from the first rule of :func:`playable` that takes the card away.

    >>> from hearts import Rules
    >>> hand = CardSet("3C 7C 5H").mask
    >>> refusal(Rules.preset("hooligan"), 1, hand, (Card("2C"),), True, False, Card("7C"))
    'P1 may not play 7♣: no penalty card (a heart, 7♣ or Q♠) may be played on the first trick, and P1 can follow suit with 3♣.'
    >>> refusal(Rules(), 1, hand, (Card("2C"),), True, False, Card("3C")) is None
    True
    """
    bit = 1 << card
    who = f"P{player}"
    prefix = f"{who} may not {'play' if trick else 'lead'} {card}: "
    if not hand & bit:
        return f"{prefix}{who} does not hold it."
    cards = hand
    opening = _opening(trick)
    for rule in PLAY_RULES:
        if not rule.applies(rules, first, opening):
            continue
        allowed = rule.allows(rules, hand, cards, trick, first, broken)
        if not allowed & bit:
            return prefix + rule.refusal(rules, who, hand, allowed, trick, card)
        cards = allowed
    return None
