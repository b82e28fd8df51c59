"""Claims (TRAM, "the rest are mine"): when a player may claim every remaining trick.

A claim is safe when the claimer wins every remaining trick whatever the others play, the
claimer choosing its own plays; every other seat may play any card the rules of play
allow it (:mod:`hearts.game.play`). :func:`claim_is_safe` decides it exactly, by a small search
over the cards left: it is the end of the hand, so it is cheap. World of Card Games and
Hardwood accept a claim only when it cannot fail.

>>> import hearts
>>> from hearts.game.claims import claim_is_safe
>>> rules = hearts.Rules(claims=True)
>>> hands = [hearts.CardSet(text).mask for text in ("AC KC", "QC 2D", "2H 3H", "5D 6D")]
>>> claim_is_safe(rules, 0, hands, (), 0, first=False, broken=True)
True
>>> hands[0], hands[1] = hearts.CardSet("AC 3C").mask, hearts.CardSet("QC 2C").mask
>>> # P1 keeps Q♣ for the second club lead, and beats 3♣ with it
>>> claim_is_safe(rules, 0, hands, (), 0, first=False, broken=True)
False
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from hearts.game.cards import JOKERS_MASK, SUIT_MASKS, cards_descending
from hearts.game.play import LED_MASK, Position, led_card, rules_of_play
from hearts.game.rules import Rules

__all__ = ["claim_is_safe", "safe_claim"]

_CHUNKS: Final = (*SUIT_MASKS, JOKERS_MASK)


def claim_is_safe(
    rules: Rules,
    seat: int,
    hands: Sequence[int],
    trick: tuple[int, ...],
    leader: int,
    *,
    first: bool,
    broken: bool,
) -> bool:
    """Whether ``seat`` wins every remaining trick whatever the others play.

    ``hands`` are every seat's cards (bitmasks), ``trick`` the cards of the current trick
    led by ``leader`` (``seat`` is to play), ``first`` whether it is the hand's first trick
    and ``broken`` whether hearts are broken. A joker never wins a trick, so a claimer
    holding one cannot claim.

    >>> import hearts
    >>> hands = [hearts.CardSet(text).mask for text in ("AH 2S", "KH 3S", "QH 4S", "JH 5S")]
    >>> claim_is_safe(hearts.Rules(), 0, hands, (), 0, first=False, broken=True)
    False
    """
    of = rules_of_play(rules)
    taken = (0,) * rules.players
    return safe_claim(Position(of, tuple(hands), trick, leader, first, broken, taken), seat)


def safe_claim(position: Position, seat: int) -> bool:
    """:func:`claim_is_safe` of the kernel's :class:`~hearts.game.play.Position` (``seat`` to play)."""
    hand = position.hands[seat]
    if hand & JOKERS_MASK:
        return False
    search = _ClaimSearch(position, seat)
    trick = position.trick
    if trick:
        led = led_card(trick)
        suit = LED_MASK[led] if led >= 0 else 0
        if suit and not hand & suit:
            return False  # a card off the suit led cannot win this trick
        # The seats still to play this trick, which may have to discard from another suit.
        players = position.of.players
        leader = position.leader
        waiting = {(leader + step) % players for step in range(len(trick) + 1, players)}
        if search.shortcuts and search.outranked(position, hand, suit, waiting):
            return False
    return search.wins(position)


class _ClaimSearch:
    """The search behind :func:`claim_is_safe`, remembering the positions it has judged.

    The claimer wins every trick, so it leads every trick after the current one. At its
    leads two quick tests usually decide: every card it holds beats every other card of its
    suit (then any order wins), or another seat holds a card of one of its suits above all
    of the claimer's (then that seat keeps it until the claimer plays the suit, and wins).
    The others' plays are tried once per kind of card: two cards of a suit with no claimer's
    card between them, and the same standing under the rules, do the same to the claim.
    The second test and the kinds rest on what the library's rules of play are: under a
    rule added from outside every card is tried.
    """

    def __init__(self, position: Position, seat: int) -> None:
        self.rules = position.of.rules
        self.seat = seat
        self.players = position.of.players
        self.shortcuts = not position.of.extended
        self.named = position.of.named
        self.judged: dict[tuple[tuple[int, ...], bool, bool], bool] = {}

    def wins(self, position: Position) -> bool:
        """Whether the claimer wins every trick from ``position`` (someone is to play)."""
        if not position.trick:  # the claimer leads
            key = (position.hands, position.broken, position.first)
            known = self.judged.get(key)
            if known is None:
                known = self.judged[key] = self._lead_wins(position)
            return known
        allowed = position.allowed()
        if position.seat == self.seat:
            return any(self._after(position, card) for card in cards_descending(allowed))
        return all(self._after(position, card) for card in self._kinds(position, allowed))

    def _lead_wins(self, position: Position) -> bool:
        seat = self.seat
        hand = position.hands[seat]
        others = 0
        for other, mask in enumerate(position.hands):
            if other != seat:
                others |= mask
        if _leads_win(hand, others):
            return True
        shortcuts = self.shortcuts
        if shortcuts and not position.first and self.outranked(position, hand):
            return False
        waiting = [other for other in range(self.players) if other != seat]
        for card in cards_descending(position.allowed()):
            # On the first trick, the suit led decides which seats may have to discard.
            if (
                shortcuts
                and position.first
                and self.outranked(position, hand ^ 1 << card, LED_MASK[card], waiting)
            ):
                continue
            if self._after(position, card):
                return True
        return False

    def outranked(
        self, position: Position, hand: int, led: int = 0, waiting: Collection[int] = ()
    ) -> bool:
        """Whether another seat can keep a card of a claimer's suit to beat it there.

        A seat holding ``n`` cards of a suit whose highest beats the claimer's ``n``-th
        highest card of it (or its lowest, if it holds fewer) follows low to the claimer's
        leads of the suit and wins one; it never has to give that card up before, as it
        may discard as it likes when void, and holds as many cards as the claimer. With
        ``forced_discard`` a seat holding penalty cards in the suit may have to discard
        them, so its count is not trusted.

        Mid-trick, ``led`` is the suit led, which the claimer plays now and is not tested;
        a seat ``waiting`` to play that holds none of it and may discard only cards of the
        suit tested (on the first trick, its ban decides) is not trusted either. On the
        first trick this is asked only mid-trick: the ban may force a card only there.
        """
        rules = self.rules
        size = hand.bit_count()
        of = position.of
        for suit in SUIT_MASKS:
            mine = hand & suit
            if not mine or suit == led:
                continue
            for other, mask in enumerate(position.hands):
                theirs = mask & suit
                if other == self.seat or not theirs:
                    continue
                if (
                    other in waiting
                    and not mask & led
                    and not of.allowed(mask, position.trick, position.first, position.broken)
                    & ~suit
                ):
                    continue
                if rules.forced_discard and theirs & rules.penalty_mask:
                    continue
                # The claimer's n-th highest card of the suit, n = the other's count.
                lower = mine
                for _ in range(min(theirs.bit_count(), size) - 1):
                    if lower & (lower - 1):
                        lower ^= 1 << (lower.bit_length() - 1)
                if theirs.bit_length() > lower.bit_length():
                    return True
        return False

    def _after(self, position: Position, card: int) -> bool:
        """Whether the claimer wins every trick after the seat to play plays ``card``."""
        after = position.play(card)
        if after.trick:
            return self.wins(after)
        if after.leader != self.seat:
            return False
        return not after.hands[self.seat] or self.wins(after)

    def _kinds(self, position: Position, allowed: int) -> list[int]:
        """One card of each kind in ``allowed``, the highest first.

        Every card is its own kind under a rule added from outside.
        """
        if not self.shortcuts:
            return cards_descending(allowed)
        rules = self.rules
        claimer = position.hands[self.seat]
        place = (self.seat - position.leader) % self.players
        if place < len(position.trick):
            claimer |= 1 << position.trick[place]
        kinds = set()
        cards = []
        for card in cards_descending(allowed):
            bit = 1 << card
            chunk = card // 13
            above = (claimer & _CHUNKS[chunk] & ~((bit << 1) - 1)).bit_count()
            standing = (
                bool(bit & rules.penalty_mask),
                bool(bit & rules.breaking_mask),
                bool(bit & rules.first_trick_barred),
                bool(bit & self.named),
            )
            kind = (chunk, above, standing)
            if kind not in kinds:
                kinds.add(kind)
                cards.append(card)
        return cards


def _leads_win(hand: int, others: int) -> bool:
    """Whether leading from ``hand`` wins every trick against the cards in ``others``."""
    for suit in SUIT_MASKS:
        mine = hand & suit
        if mine and (others & suit).bit_length() > (mine & -mine).bit_length():
            return False
    return True
