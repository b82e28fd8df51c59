"""The kernel of play: every rule of play decided once, and a card played one way.

Every rule that limits the cards a player may play is one :class:`PlayRule`: ``allows``
narrows the cards the rules before it left, and ``refusal`` says in a sentence why a
card it took away may not be played. The rules that can bite under one :class:`Rules`
value are picked once per situation and kept in its :class:`RulesOfPlay`, which gives
the cards a seat may play (:meth:`RulesOfPlay.allowed`), the sentence for any other
(:meth:`RulesOfPlay.refusal`) and what a play tells the table about the player's hand
(:meth:`RulesOfPlay.revealed`). A :class:`Position` is a hand in play (the hands, the
trick, its leader, whether it is the first trick, whether hearts are broken, the cards
taken) and :meth:`Position.play` plays one card: the trick's winner by
:func:`trick_winner`, hearts broken by the cards :func:`breaks_hearts` names (kept as a
mask of the rules, ``Rules.breaking_mask``). Legal moves, the errors of
:func:`hearts.apply`, claims, the endgame solver, views and sampling all call these;
none keeps a copy of its own.

A rule written outside the library joins the others with :func:`add_rule` (see the
contributor guide), and every consumer honours it.

>>> import hearts
>>> from hearts import play
>>> rules, hand = hearts.Rules(), hearts.CardSet("2C 3C 5H").mask
>>> str(hearts.CardSet.from_mask(play.playable(rules, hand, (), True, False)))
'2♣'
>>> play.refusal(rules, 0, hand, (), True, False, hearts.Card("3C"))
'P0 may not lead 3♣: the first trick must be led with 2♣.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, Protocol, TypeAlias, cast, final

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import (
    ALL_CARDS,
    CARDS,
    FIRST_JOKER,
    HEARTS_MASK,
    JOKERS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,  # noqa: F401 (the examples write cards with it)
    CardSet,
    Suit,
)
from hearts.game.frozen import Frozen, mutable_twin
from hearts.game.options import MAX_PLAYERS
from hearts.game.rules import FirstLead, FirstTrick, FirstTrickFallback, Rules, outside_deck
from hearts.game.value import Value

if TYPE_CHECKING:
    from hearts.game.state import Trick

__all__ = [
    "AFTER_JOKERS",
    "FIRST_LEAD",
    "FIRST_TRICK_BAN",
    "FOLLOW",
    "FOLLOW_SUIT",
    "FORCED_DISCARD",
    "HEARTS_BROKEN",
    "JOKER_LEAD",
    "LEAD",
    "LED_MASK",
    "NO_HEART_FIRST_LEAD",
    "PLAY_RULES",
    "QUEEN_AFTER_HEARTS",
    "PlayRule",
    "Position",
    "RuleOfPlay",
    "RulesOfPlay",
    "add_rule",
    "breaks_hearts",
    "first_leader",
    "first_trick_allowed",
    "first_trick_barred",
    "in_force",
    "led_card",
    "named_cards",
    "playable",
    "played_mask",
    "position_of",
    "refusal",
    "remove_rule",
    "replay",
    "rules_of_play",
    "trick_winner",
]

LED_MASK: Final = tuple(SUIT_MASKS[card // 13] if card < FIRST_JOKER else 0 for card in CARDS)
"""The mask of the suit each card sets when it leads (0 for a joker: it sets none)."""
_SITUATIONS: Final = 1 << 11
"""The card (6 bits), how the trick opens (3), first trick and hearts broken (1 each): the
index of what a play shows, as :meth:`RulesOfPlay.revealed` keeps it."""
_CARDS: Final = CARDS
"""The cards, as a constant of this module (read without a lookup when compiled)."""
_CARD_COUNT: Final = len(CARDS)
"""How many cards there are, the jokers included (a card is an int below it)."""
_SUIT_SYMBOL: Final = "♣♦♥♠"
_CLUBS: Final = SUIT_MASKS[Suit.CLUBS]
_QUEEN: Final = QUEEN_OF_SPADES.mask
_LOWEST_CLUB: Final = FirstLead.LOWEST_CLUB
_ANY_CLUB: Final = FirstLead.ANY_CLUB
_NO_HEART_LEAD: Final = FirstLead.LEFT_OF_DEALER_NO_HEART
_FIRST_TURN_HEARTS: Final = FirstTrick.FIRST_TURN_HEARTS
_FALLBACK_QUEEN: Final = FirstTrickFallback.QUEEN

Cards: TypeAlias = tuple[int, ...]
"""The cards of a trick, in the order played (:class:`~hearts.Card` values)."""

# How a trick opens for the card played next, as the rules of play see it.
LEAD: Final = 0
"""The trick is empty: the card leads."""
AFTER_JOKERS: Final = 1
"""Only jokers so far: the card sets the suit, as a lead does."""
FOLLOW: Final = 2
"""The suit is set: the card follows."""


# --- the cards of a trick ------------------------------------------------------------------


def led_card(trick: Sequence[int]) -> int:
    """The card that sets the suit to follow: the first that is not a joker (-1 if none).

    >>> led_card([Card("JK1"), Card("5D"), Card("2C")]) == Card("5D")
    True
    >>> led_card([Card("JK1")])
    -1
    """
    cards: Cards = trick if isinstance(trick, tuple) else tuple(trick)
    for card in cards:
        if card < FIRST_JOKER:
            return card
    return -1


def opening(trick: Sequence[int]) -> int:
    """How ``trick`` opens for the card played next.

    :data:`LEAD`, :data:`AFTER_JOKERS` or :data:`FOLLOW`.

    >>> opening(()), opening([Card("JK1")]), opening([Card("JK1"), Card("2D")])
    (0, 1, 2)
    """
    if not trick:
        return LEAD
    return FOLLOW if trick[0] < FIRST_JOKER or led_card(trick) >= 0 else AFTER_JOKERS


def trick_winner(trick: Sequence[int] | object, leader: int | object, players: int | object) -> int:
    """The seat that wins ``trick`` (led by ``leader``), or wins it so far.

    The highest card of the suit led (by the first card that is not a joker) wins; a joker
    never does. The trick is a sequence of one card or more (at most one per seat), the
    leader a seat of the ``players``; anything else is refused with a sentence.

    >>> trick_winner([Card("5C"), Card("AH"), Card("9C"), Card("2C")], leader=3, players=4)
    1
    """
    cards = _trick_cards(trick, "trick_winner")
    count = _whole(players, "trick_winner", "players", 1, MAX_PLAYERS)
    seat = _whole(leader, "trick_winner", "leader", 0, count - 1)
    if not 0 < len(cards) <= count:
        raise HeartsError(
            f"trick_winner takes a trick of 1 to {count} cards (one per seat), got {len(cards)}."
        )
    return trick_winner_unchecked(cards, seat, count)


def trick_winner_unchecked(cards: Cards, leader: int, players: int) -> int:
    """:func:`trick_winner` of arguments known to be right: the kernel's own, unchecked."""
    first = cards[0]
    led = LED_MASK[first] if first < FIRST_JOKER else LED_MASK[led_card(cards)]
    mask = 0
    for card in cards:
        mask |= 1 << card
    # The highest card of the suit led is the trick's highest bit in that suit.
    highest = (mask & led).bit_length() - 1
    for index in range(len(cards)):
        if cards[index] == highest:
            return (leader + index) % players
    raise HeartsError(f"The trick {cards!r} holds no card of the suit led.")


def _whole(value: object, where: str, name: str, low: int, high: int) -> int:
    """``value``, if it is an int (not a bool) from ``low`` to ``high``; a sentence otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(
            f"{where}'s {name} must be an int from {low} to {high}, got {describe_value(value)}."
        )
    if not low <= value <= high:
        raise HeartsError(
            f"{where}'s {name} must be from {low} to {high}, got {describe_value(value)}."
        )
    return value


def _trick_cards(trick: object, where: str) -> Cards:
    """``trick`` as a tuple of cards, if it is a sequence of cards; a sentence otherwise."""
    if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence):
        raise TypeError(
            f"{where} takes the cards of a trick as a sequence of Card values, got "
            f"{describe_value(trick)}."
        )
    # Read as objects: a tuple of ints is checked item by item when compiled, in its words.
    items: tuple[object, ...] = tuple(trick)
    for card in items:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < _CARD_COUNT:
            kind = TypeError if not isinstance(card, int) or isinstance(card, bool) else HeartsError
            raise kind(
                f"{where} takes the cards of a trick as Card values (ints from 0 to "
                f"{_CARD_COUNT - 1}), got {describe_value(card)} among them."
            )
    return cast("Cards", items)


def played_mask(tricks: Sequence[Trick] | object, trick: Sequence[int] | object = ()) -> int:
    """The cards played to the tricks of a hand so far, the current ``trick`` included.

    ``tricks`` is a sequence of :class:`~hearts.Trick`, ``trick`` one of cards; anything
    else is refused with a sentence.

    >>> from hearts import Trick
    >>> done = Trick(0, (Card("2C"), Card("3C"), Card("4C"), Card("5C")), 3)
    >>> played_mask([done], [Card("9D")]) == CardSet("2C 3C 4C 5C 9D").mask
    True
    """
    if isinstance(tricks, (str, bytes)) or not isinstance(tricks, Sequence):
        raise TypeError(
            f"played_mask takes the tricks done as a sequence of Trick, got {describe_value(tricks)}."
        )
    for done in tricks:
        if type(done).__name__ != "Trick" or not isinstance(getattr(done, "mask", None), int):
            raise TypeError(
                "played_mask takes the tricks done as a sequence of Trick, got "
                f"{describe_value(done)} among them."
            )
    return played_mask_unchecked(
        cast("Sequence[Trick]", tricks), _trick_cards(trick, "played_mask")
    )


def played_mask_unchecked(tricks: Sequence[Trick], trick: Sequence[int] = ()) -> int:
    """:func:`played_mask` of arguments known to be right, unchecked (the hot paths')."""
    mask = 0
    for done in tricks:
        mask |= done.mask
    for card in trick:
        mask |= 1 << card
    return mask


def breaks_hearts(rules: Rules, card: int, *, led: bool = False) -> bool:
    """Whether playing ``card`` breaks hearts (``led``: as the first card of a trick).

    Any heart does, and Q♠ when ``Rules.queen_breaks_hearts`` is set (only when it leads,
    under ``Rules.queen_breaks_only_when_led``).

    >>> from hearts import Rules
    >>> breaks_hearts(Rules(), Card("2H")), breaks_hearts(Rules(), Card("QS"))
    (True, False)
    >>> only_led = Rules(queen_breaks_hearts=True, queen_breaks_only_when_led=True)
    >>> breaks_hearts(only_led, Card("QS")), breaks_hearts(only_led, Card("QS"), led=True)
    (False, True)
    """
    return bool((rules.lead_breaking_mask if led else rules.breaking_mask) >> card & 1)


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


# --- the rules of play ---------------------------------------------------------------------


class PlayRule:
    """One rule of play: the cards it allows, and the sentence when it refuses one.

    ``allows(rules, hand, cards, trick, first, broken)`` returns the part of ``cards``
    (what the rules before it allow) that this rule lets ``hand`` play now; it never takes
    every card away. ``refusal`` explains why a card ``allows`` took away may not be played,
    ``allowed`` being what it left. ``applies`` says in which situations the rule is asked
    at all (``first``: on the hand's first trick; ``opening``: :data:`LEAD`,
    :data:`AFTER_JOKERS` or :data:`FOLLOW`), so that only the rules that can matter are.

    >>> FOLLOW_SUIT
    <play rule: follow suit>
    """

    name: str = ""
    """The rule's name in the docs."""

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        """Whether the rule can take cards away in this kind of situation."""
        raise NotImplementedError

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        """The part of ``cards`` this rule lets ``hand`` play."""
        raise NotImplementedError

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        """Why ``who`` (``"P1"``) may not play ``card``: the end of an error's sentence."""
        raise NotImplementedError

    def single_cards(self, rules: Rules) -> bool:
        """Whether each card this rule refuses is refused because of one other card held.

        Then a play shows exactly which single cards its player cannot hold
        (:meth:`RulesOfPlay.revealed`); otherwise :func:`hearts.sample` also replays the
        hand's plays on each deal it draws.
        """
        return True

    def names(self, rules: Rules) -> int:
        """The cards this rule tells apart from the cards of their suit beside them.

        The endgame solver and claims try one card of each kind; every other built-in
        rule reads a card by its suit, its points or whether it breaks hearts.
        """
        return 0

    def __repr__(self) -> str:
        return f"<play rule: {self.name}>"


class _FollowSuit(PlayRule):
    """A player holding a card of the suit led must play one (every rule book)."""

    name = "follow suit"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening == FOLLOW

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        led = trick[0] if trick[0] < FIRST_JOKER else led_card(trick)
        return hand & LED_MASK[led] or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
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
        return opening == FOLLOW and not first and rules.forced_discard

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if hand & LED_MASK[led_card(trick)]:
            return cards
        return cards & rules.penalty_mask or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
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
        return first and opening == LEAD and rules.first_lead in (_LOWEST_CLUB, _ANY_CLUB)

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if rules.first_lead is _LOWEST_CLUB:
            return cards & 1 << rules.lowest_club or cards
        return cards & _CLUBS or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
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
        return opening != FOLLOW and rules.jokers > 0

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        return cards & ~JOKERS_MASK or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        return "a joker may be led only by a player with no other card it may lead."


class _NoHeartFirstLead(PlayRule):
    """``Rules.first_lead='left_of_dealer_no_heart'``: the first lead may not be a heart.

    Unless the leader holds nothing else (Hoyle).
    """

    name = "no heart on the first lead"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return first and opening != FOLLOW and rules.first_lead is _NO_HEART_LEAD

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        return cards & ~HEARTS_MASK or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        return (
            f"the first lead may not be a heart while {who} holds other suits "
            "(Rules.first_lead='left_of_dealer_no_heart')."
        )


class _HeartsBroken(PlayRule):
    """``Rules.must_break_hearts``: a heart may not lead until hearts are broken.

    Unless the leader holds nothing else, or nothing but Q♠ where
    ``Rules.can_lead_hearts_instead_of_queen`` allows it, or where
    ``Rules.queen_after_hearts`` holds Q♠ back too (then a heart leads).
    """

    name = "hearts broken"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return opening != FOLLOW and rules.must_break_hearts

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if broken:
            return cards
        safe = cards & ~HEARTS_MASK
        if safe and not (safe == _QUEEN and _queen_gives_way(rules)):
            return safe
        return cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        return f"hearts are not broken and {who} holds other suits."

    def names(self, rules: Rules) -> int:
        # A leader holding only hearts and Q♠ may lead a heart: Q♠ alone changes that.
        return _QUEEN if _queen_gives_way(rules) else 0


def _queen_gives_way(rules: Rules) -> bool:
    """Whether a leader holding only hearts and Q♠ may lead a heart before hearts break."""
    return rules.can_lead_hearts_instead_of_queen or rules.queen_after_hearts


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
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        barred = first_trick_barred(rules, hand)
        if not allowed & ~barred:  # only barred cards: the fallback keeps Q♠ alone
            return (
                f"{who} holds only cards barred from the first trick and must play Q♠ "
                "(Rules.first_trick_fallback='queen')."
            )
        if rules.first_trick is FirstTrick.HEARTS_BARRED:
            banned = "no heart may be played on the first trick"
        elif rules.first_trick is _FIRST_TURN_HEARTS and 1 << card & barred & HEARTS_MASK:
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

    def single_cards(self, rules: Rules) -> bool:
        # A barred heart played to a heart lead shows only that its player did not hold
        # another heart and a club it could play together: no single card is ruled out.
        return rules.first_trick is not _FIRST_TURN_HEARTS


class _QueenAfterHearts(PlayRule):
    """``Rules.queen_after_hearts``: Q♠ may not be played until hearts are broken.

    Not led, followed with or discarded, while the player may play another card (Trickster
    Cards' option "Q♠ after hearts"); a player left with no other choice plays it. Asked
    last, so that "another card" is one every other rule allows.
    """

    name = "Q♠ after hearts"

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return rules.queen_after_hearts

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        if broken:
            return cards
        return cards & ~_QUEEN or cards

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        return (
            "Q♠ may not be played until hearts are broken (Rules.queen_after_hearts), and "
            f"{who} may play {CardSet.from_mask(allowed)}."
        )

    def names(self, rules: Rules) -> int:
        return _QUEEN


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
        return barred & ~HEARTS_MASK
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


def _barred_text(rules: Rules, barred: int) -> str:
    """The barred cards in words: "a heart or Q♠", "a heart, 7♣ or Q♠"."""
    hearts = rules.deck_mask & HEARTS_MASK
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
QUEEN_AFTER_HEARTS: Final[PlayRule] = _QueenAfterHearts()

PLAY_RULES: Final = (
    FOLLOW_SUIT,
    FORCED_DISCARD,
    FIRST_LEAD,
    JOKER_LEAD,
    NO_HEART_FIRST_LEAD,
    HEARTS_BROKEN,
    FIRST_TRICK_BAN,
    QUEEN_AFTER_HEARTS,
)
"""The library's rules of play, in the order they narrow the cards: the first-trick ban
late, so that it bars cards only among those the other rules allow, and Q♠ after hearts
last, so that Q♠ is held back only while another card may be played."""


# --- rules added from outside ------------------------------------------------------------


class RuleOfPlay(Protocol):
    """A rule of play written outside the library, for :func:`add_rule`.

    The same methods as :class:`PlayRule` (whose docs say what each does); it need not
    subclass it (and cannot, in the compiled build). ``single_cards`` may be left out: an
    added rule is then assumed to refuse cards for what several cards held together say.
    """

    @property
    def name(self) -> str:
        """The rule's name, in its ``repr``."""

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        """Whether the rule can take cards away in this kind of situation."""

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        """The part of ``cards`` this rule lets ``hand`` play."""

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        """Why ``who`` may not play ``card``: the end of an error's sentence."""


@final
class _Added(PlayRule):
    """A rule added with :func:`add_rule`, asked through its own methods."""

    def __init__(self, rule: RuleOfPlay) -> None:
        self.rule = rule
        self.name = str(rule.name)

    def applies(self, rules: Rules, first: bool, opening: int) -> bool:
        return bool(self.rule.applies(rules, first, opening))

    def allows(
        self, rules: Rules, hand: int, cards: int, trick: Cards, first: bool, broken: bool
    ) -> int:
        allowed = self.rule.allows(rules, hand, cards, trick, first, broken)
        if not isinstance(allowed, int) or allowed & ~cards or (cards and not allowed):
            raise HeartsError(
                f"The rule of play {self.name!r} allowed {allowed!r} out of the cards "
                f"{CardSet.from_mask(cards)}: a rule of play returns some of the cards it "
                "is given, and never none of them."
            )
        return allowed

    def refusal(
        self, rules: Rules, who: str, hand: int, allowed: int, trick: Cards, card: int
    ) -> str:
        return str(self.rule.refusal(rules, who, hand, allowed, trick, card))

    def single_cards(self, rules: Rules) -> bool:
        decide = getattr(self.rule, "single_cards", None)
        return bool(decide(rules)) if decide is not None else False

    def names(self, rules: Rules) -> int:
        return ALL_CARDS  # it may tell any card from any other


@final
class _Registry:
    """The rules of play in force, and how many times they changed.

    Each change makes every :class:`RulesOfPlay` made before it stale.
    """

    def __init__(self) -> None:
        self.rules: list[PlayRule] = list(PLAY_RULES)
        self.generation = 0


_REGISTRY: Final = _Registry()


def add_rule(rule: RuleOfPlay) -> None:
    """Add a rule of play to every game, just before the first-trick ban.

    ``rule`` has the methods of :class:`RuleOfPlay`. Every consumer of the kernel honours
    it from now on: :func:`hearts.legal_moves`, :func:`hearts.apply` (its refusal
    sentence included), a view's inferences, :func:`hearts.sample`, claims and
    :func:`hearts.solve`. For tests and experiments; :func:`remove_rule` takes it away.

    >>> class LowestFollow:
    ...     name = "lowest follow"
    ...     def applies(self, rules, first, opening):
    ...         return opening == FOLLOW
    ...     def allows(self, rules, hand, cards, trick, first, broken):
    ...         lowest = cards & LED_MASK[led_card(trick)]
    ...         return lowest & -lowest or cards
    ...     def refusal(self, rules, who, hand, allowed, trick, card):
    ...         return f"{who} must follow with its lowest card."
    >>> import hearts
    >>> rule = LowestFollow()
    >>> add_rule(rule)
    >>> try:
    ...     playable(hearts.Rules(), CardSet("3D 9D QS").mask, (Card("2D"),), False, False) == CardSet("3D").mask
    ... finally:
    ...     remove_rule(rule)
    True
    """
    for method in ("applies", "allows", "refusal"):
        if not callable(getattr(rule, method, None)):
            raise TypeError(
                f"add_rule needs a rule of play with applies, allows and refusal methods "
                f"(hearts.game.play.RuleOfPlay), got {rule!r}, which has no {method}."
            )
    if not isinstance(getattr(rule, "name", None), str):
        raise TypeError(
            f"add_rule needs a rule of play with a name (a str), got {rule!r}, which has no name."
        )
    if any(isinstance(known, _Added) and known.rule is rule for known in _REGISTRY.rules):
        raise HeartsError(f"The rule of play {rule.name!r} is in force already.")
    rules = _REGISTRY.rules
    rules.insert(rules.index(FIRST_TRICK_BAN), _Added(rule))
    _REGISTRY.generation += 1


def remove_rule(rule: RuleOfPlay) -> None:
    """Take away a rule :func:`add_rule` added.

    >>> class Never:
    ...     name = "never"
    >>> remove_rule(Never())
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: The rule of play 'never' was not added: only a rule add_rule added can be removed.
    """
    for known in _REGISTRY.rules:
        if isinstance(known, _Added) and known.rule is rule:
            _REGISTRY.rules.remove(known)
            _REGISTRY.generation += 1
            return
    raise HeartsError(
        f"The rule of play {getattr(rule, 'name', rule)!r} was not added: only a rule "
        "add_rule added can be removed."
    )


# --- the rules of play of one Rules value ----------------------------------------------------


@final
class RulesOfPlay(Frozen):
    """The rules of play of one :class:`~hearts.Rules` value, picked once for each situation.

    Get it with :func:`rules_of_play`. It keeps, for each kind of situation (the first
    trick or not; a lead, after jokers only, or a follow), the rules that can take cards
    away there, and what can be derived from them once: whether a rule added from outside
    is among them (:attr:`extended`), whether each refusal comes from a single card
    (:attr:`single_cards`), and the cards some rule names one by one (:attr:`named`).

    >>> import hearts
    >>> standard = rules_of_play(hearts.Rules())
    >>> standard.plan(first=False, opening=FOLLOW)
    (<play rule: follow suit>,)
    >>> standard.extended, standard.single_cards
    (False, True)
    """

    __slots__ = (
        "_revealed", "breaking", "claims", "club_leads", "deck", "extended", "generation", "hand_size",
        "lead_breaking", "named", "plans", "players", "rules", "single_cards",
    )  # fmt: skip

    rules: Rules
    generation: int
    players: int
    hand_size: int
    deck: int
    breaking: int
    """The cards that break hearts when played (``Rules.breaking_mask``)."""
    lead_breaking: int
    """The cards that break hearts when they lead a trick (``Rules.lead_breaking_mask``)."""
    plans: tuple[tuple[PlayRule, ...], ...]
    extended: bool
    """Whether a rule added with :func:`add_rule` can bite under these rules: then the
    shortcuts that rest on what the library's own rules are (claims' quick tests, the
    solver's kinds of cards) give way to trying every card."""
    single_cards: bool
    """Whether every refusal comes from one other card held (:meth:`PlayRule.single_cards`)."""
    named: int
    """The cards some rule of play tells apart from the cards of their suit beside them,
    after the first trick (whose rules name single cards anyway)."""
    club_leads: bool
    """Whether the holder of the lowest club leads the first trick (then the table knows
    who holds it until it is played)."""
    claims: bool
    """Whether a player may claim the rest (``Rules.claims``)."""
    _revealed: list[int]

    def __init__(self, rules: Rules) -> None:
        in_force = tuple(_REGISTRY.rules)
        plans = tuple(
            [
                tuple([rule for rule in in_force if rule.applies(rules, first, situation)])
                for first in (False, True)
                for situation in (LEAD, AFTER_JOKERS, FOLLOW)
            ]
        )
        used = [rule for rule in in_force if any(rule in plan for plan in plans)]
        named = 0
        for rule in used:
            named |= rule.names(rules)
        club, rest = 1 << rules.lowest_club, (0,) * (rules.players - 2)
        club_leads = first_leader(rules, 0, (club, 0, *rest)) != first_leader(
            rules, 0, (0, club, *rest)
        )
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "generation", _REGISTRY.generation)
        object.__setattr__(self, "players", rules.players)
        object.__setattr__(self, "hand_size", rules.hand_size)
        object.__setattr__(self, "deck", rules.deck_mask)
        object.__setattr__(self, "breaking", rules.breaking_mask)
        object.__setattr__(self, "lead_breaking", rules.lead_breaking_mask)
        object.__setattr__(self, "plans", plans)
        object.__setattr__(self, "extended", any(isinstance(rule, _Added) for rule in used))
        object.__setattr__(self, "single_cards", all(rule.single_cards(rules) for rule in used))
        object.__setattr__(self, "named", named & rules.deck_mask)
        object.__setattr__(self, "club_leads", club_leads)
        object.__setattr__(self, "claims", rules.claims)
        object.__setattr__(self, "_revealed", [-1] * _SITUATIONS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RulesOfPlay):
            return NotImplemented
        return self is other or (self.rules == other.rules and self.generation == other.generation)

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"rules_of_play({self.rules!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (rules_of_play, (self.rules,))

    def plan(self, first: bool, opening: int) -> tuple[PlayRule, ...]:
        """The rules asked, in order, on the first trick or not, at this ``opening``."""
        return self.plans[opening + 3 if first else opening]

    def allowed(self, hand: int, trick: Cards, first: bool, broken: bool) -> int:
        """The mask of the cards of ``hand`` that may be played to ``trick``.

        ``first``: whether it is the hand's first trick; ``broken``: whether hearts are.
        """
        if not trick:
            situation = LEAD
        elif trick[0] < FIRST_JOKER:
            situation = FOLLOW
        else:
            situation = opening(trick)
        rules = self.rules
        cards = hand
        for rule in self.plans[situation + 3 if first else situation]:
            cards = rule.allows(rules, hand, cards, trick, first, broken)
        return cards

    def refusal(
        self, player: int, hand: int, trick: Cards, first: bool, broken: bool, card: int
    ) -> str | None:
        """Why ``player`` may not play ``card`` now, as a sentence; None if it may.

        The sentence comes from the first rule that takes the card away.
        """
        bit = 1 << card
        who = f"P{player}"
        prefix = f"{who} may not {'play' if trick else 'lead'} {CARDS[card]}: "
        rules = self.rules
        if not rules.deck_mask & bit:
            return prefix + outside_deck(rules, bit)
        if not hand & bit:
            return f"{prefix}{who} does not hold it."
        cards = hand
        for rule in self.plan(first, opening(trick)):
            allowed = rule.allows(rules, hand, cards, trick, first, broken)
            if not allowed & bit:
                return prefix + rule.refusal(rules, who, hand, allowed, trick, card)
            cards = allowed
        return None

    def revealed(self, card: int, trick: Cards, first: bool, broken: bool) -> int:
        """The cards whose holding would have made playing ``card`` to ``trick`` illegal.

        Each is tried alone beside the card: when :attr:`single_cards` holds, a hand may
        play a card exactly when no single card of it forbids it, so these are the whole
        of what the play reveals. The library's rules read of a trick only how it opens
        and the suit led, so for them the answer is kept per card and situation.
        """
        if self.extended:  # an added rule may read the whole trick: nothing is kept
            return self._reveal(card, trick, first, broken)
        led = -1
        if trick:
            led = trick[0] if trick[0] < FIRST_JOKER else led_card(trick)
        context = 0 if not trick else 1 if led < 0 else 2 + led // 13
        key = card | context << 6 | (1 if first else 0) << 9 | (1 if broken else 0) << 10
        found = self._revealed[key]
        if found < 0:
            # The trick as the rules read it: empty, jokers only, or the suit led.
            same = (
                ()
                if not trick
                else (_CARDS[FIRST_JOKER],)
                if led < 0
                else (_CARDS[led - led % 13],)
            )
            found = self._revealed[key] = self._reveal(card, same, first, broken)
        return found

    def _reveal(self, card: int, trick: Cards, first: bool, broken: bool) -> int:
        bit = 1 << card
        mask = 0
        other = self.deck & ~bit
        while other:
            low = other & -other
            other ^= low
            if not self.allowed(bit | low, trick, first, broken) & bit:
                mask |= low
        return mask


def rules_of_play(rules: Rules) -> RulesOfPlay:
    """The :class:`RulesOfPlay` of ``rules``: made once, then kept with the rules.

    >>> import hearts
    >>> rules = hearts.Rules()
    >>> rules_of_play(rules) is rules_of_play(rules)
    True
    """
    kept = rules._play
    if isinstance(kept, RulesOfPlay) and kept.generation == _REGISTRY.generation:
        return kept
    made = RulesOfPlay(rules)
    object.__setattr__(rules, "_play", made)
    return made


def in_force(position: Position) -> Position:
    """``position`` under the rules of play in force now.

    A position keeps the :class:`RulesOfPlay` it was made with; once a rule has been added
    or removed since (:func:`add_rule`), the same position under the rules now in force.
    Every decision of the engine, claims, the solver and playouts starts from it.

    >>> import hearts
    >>> position = hearts.new_game(seed=1).position
    >>> in_force(position) is position
    True
    """
    of = position.of
    if of.generation == _REGISTRY.generation:
        return position
    return position.replace(of=rules_of_play(of.rules))


# --- a hand in play ---------------------------------------------------------------------


@final
class Position(Value):
    """A hand in play, as the rules of play see it: what :meth:`play` changes.

    ``hands`` and ``taken`` are card masks per seat, ``trick`` the cards of the current
    trick in the order played from ``leader``, ``first`` whether it is the hand's first
    trick and ``broken`` whether hearts are broken.

    >>> import hearts
    >>> hands = [hearts.CardSet(text).mask for text in ("2C 5H", "9C 2H", "KC 3D", "AC 4S")]
    >>> position = Position(rules_of_play(hearts.Rules()), tuple(hands), (), 0, True, False, (0,) * 4)
    >>> for card in ("2C", "9C", "KC", "AC"):
    ...     position = position.play(hearts.Card(card))
    >>> position.leader, position.trick, position.first, position.taken[3] == hearts.CardSet("2C 9C KC AC").mask
    (3, (), False, True)
    """

    __slots__ = ("_allowed", "broken", "first", "hands", "leader", "of", "seat", "taken", "trick")

    FIELDS: ClassVar[tuple[str, ...]] = ("of", "hands", "trick", "leader", "first", "broken", "taken")  # fmt: skip

    of: RulesOfPlay
    hands: tuple[int, ...]
    trick: Cards
    leader: int
    first: bool
    broken: bool
    taken: tuple[int, ...]
    seat: int
    """The seat to play."""
    _allowed: int  # allowed(), once asked (-1 before; pure build): asked twice a play

    def __init__(
        self,
        of: RulesOfPlay,
        hands: tuple[int, ...],
        trick: Cards,
        leader: int,
        first: bool,
        broken: bool,
        taken: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "broken", broken)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "seat", (leader + len(trick)) % of.players)
        object.__setattr__(self, "_allowed", -1)

    def allowed(self) -> int:
        """The mask of the cards the seat to play may play."""
        found = self._allowed
        if found < 0:
            found = self.of.allowed(self.hands[self.seat], self.trick, self.first, self.broken)
            if _POSITION_TWIN is not None:  # pure Python: kept; compiled, asking again is cheaper
                object.__setattr__(self, "_allowed", found)
        return found

    def refusal(self, card: int) -> str | None:
        """Why the seat to play may not play ``card``, as a sentence; None if it may."""
        seat = self.seat
        return self.of.refusal(seat, self.hands[seat], self.trick, self.first, self.broken, card)

    @property
    def played(self) -> int:
        """The cards played to this hand's tricks so far: those taken and the trick's.

        So while the hand is played: a claim gives its claimer cards nobody played.
        """
        mask = 0
        for taken in self.taken:
            mask |= taken
        for card in self.trick:
            mask |= 1 << card
        return mask

    def reveals(self, card: int) -> int:
        """The cards the seat to play shows it does not hold by playing ``card`` now."""
        return self.of.revealed(card, self.trick, self.first, self.broken)

    def play(self, card: int) -> Position:
        """The position after the seat to play plays ``card`` (trusted to be allowed).

        When it completes the trick, the winner takes the trick's cards and leads next.
        """
        of = self.of
        players = of.players
        trick = self.trick
        seat = self.seat
        bit = 1 << card
        hands = _with(self.hands, seat, self.hands[seat] & ~bit)
        broken = self.broken or bool((of.breaking if trick else of.lead_breaking) & bit)
        trick = (*trick, _CARDS[card])
        if len(trick) < players:
            following = (seat + 1) % players
            return position_of(
                of, hands, trick, self.leader, self.first, broken, self.taken, following
            )
        winner = trick_winner_unchecked(trick, self.leader, players)
        won = 0
        for played in trick:
            won |= 1 << played
        taken = _with(self.taken, winner, self.taken[winner] | won)
        return position_of(of, hands, (), winner, False, broken, taken, winner)


_POSITION_TWIN: Final = mutable_twin(Position)


def position_of(
    of: RulesOfPlay,
    hands: tuple[int, ...],
    trick: Cards,
    leader: int,
    first: bool,
    broken: bool,
    taken: tuple[int, ...],
    seat: int,
) -> Position:
    """``Position(of, hands, trick, leader, first, broken, taken)``, built faster.

    For the engine's own positions, whose fields are right by construction and whose
    ``seat`` the caller knows: in the pure build, a :func:`~hearts.game.frozen.mutable_twin`
    is filled and made a position.

    >>> import hearts
    >>> of, hands = rules_of_play(hearts.Rules()), (1, 2, 4, 8)
    >>> position_of(of, hands, (), 2, True, False, (0,) * 4, 2) == Position(
    ...     of, hands, (), 2, True, False, (0,) * 4)
    True
    """
    if _POSITION_TWIN is None:
        return Position(of, hands, trick, leader, first, broken, taken)
    made = _POSITION_TWIN()
    made.of = of
    made.hands = hands
    made.trick = trick
    made.leader = leader
    made.first = first
    made.broken = broken
    made.taken = taken
    made.seat = seat
    made._allowed = -1
    made.__class__ = Position
    return made


def replay(
    of: RulesOfPlay, leader: int, plays: Sequence[int], held: tuple[int, ...] | None = None
) -> tuple[int, ...] | None:
    """What each seat showed it does not hold by its ``plays`` this hand.

    The plays are replayed from the hand's first lead by ``leader``, and each is read as
    :meth:`Position.reveals` reads it (as the engine keeps it).

    With ``held``, the hands at the start of play, each play must also be allowed: None
    if one is not.

    >>> import hearts
    >>> plays = [hearts.Card(text) for text in ("2C", "3C", "9D", "4C")]
    >>> shown = replay(rules_of_play(hearts.Rules()), 0, plays)
    >>> str(hearts.CardSet.from_mask(shown[2]))
    '2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣'
    """
    zeros = (0,) * of.players
    position = Position(of, zeros if held is None else held, (), leader, True, False, zeros)
    shown = list(zeros)
    for card in plays:
        if held is not None and not position.allowed() >> card & 1:
            return None
        shown[position.seat] |= position.reveals(card)
        position = position.play(card)
    return tuple(shown)


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with the one at ``index`` replaced."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)


# --- the rules of play as functions of the rules -----------------------------------------


def playable(rules: Rules, hand: int, trick: Cards, first: bool, broken: bool) -> int:
    """The bitmask of the cards of ``hand`` that may be played to ``trick``.

    ``first``: whether this is the hand's first trick; ``broken``: whether hearts are
    broken (:meth:`RulesOfPlay.allowed`).

    >>> from hearts import Rules
    >>> hand = CardSet("3C 7C 5H").mask
    >>> str(CardSet.from_mask(playable(Rules.preset("hooligan"), hand, (Card("2C"),), True, False)))
    '3♣'
    >>> str(CardSet.from_mask(playable(Rules(), hand, (Card("2D"),), False, False)))
    '3♣ 7♣ 5♥'
    """
    return rules_of_play(rules).allowed(hand, trick, first, broken)


def refusal(
    rules: Rules,
    player: int,
    hand: int,
    trick: Cards,
    first: bool,
    broken: bool,
    card: int,
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
    return rules_of_play(rules).refusal(player, hand, trick, first, broken, card)


def named_cards(rules: Rules) -> int:
    """The cards a rule of play names one by one after the first trick.

    Every other rule reads a card by its suit, its points or whether it breaks hearts;
    Q♠ is named when ``Rules.can_lead_hearts_instead_of_queen`` lets a leader holding only
    it and hearts lead a heart. (The endgame solver and claims may treat two cards alike
    only when no rule tells them apart.)

    >>> from hearts import Rules
    >>> named_cards(Rules()), named_cards(Rules(can_lead_hearts_instead_of_queen=True)) == _QUEEN
    (0, True)
    """
    return rules_of_play(rules).named
