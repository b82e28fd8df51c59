"""Dealing the hidden cards of a player's view: :func:`sample`.

The unseen cards are dealt to the other seats uniformly among every deal the view allows:
each seat gets exactly its hand size, always the cards known to be in its hand and never a
card ruled out for it (a suit it has shown void in, say). The deals are counted, not
drawn blindly and rejected: cards with the same set of possible holders form one group,
the number of ways to finish the deal is counted group by group, and each group's split
between its holders is drawn in proportion to the deals it leaves. So a sample never
loops, and a view that allows no deal at all raises :class:`~hearts.HeartsError`.

>>> import random, hearts
>>> state = hearts.new_game(seed=5)
>>> while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 4:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> seen = hearts.view(state, 1)
>>> guess = hearts.sample(seen, random.Random(0))
>>> hearts.view(guess, 1) == seen, guess.hands[1] == state.hands[1]
(True, True)
>>> [len(hand) for hand in guess.hands] == [len(hand) for hand in state.hands]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Final

from hearts.errors import HeartsError, describe_value
from hearts.game.cards import SUIT_MASKS, CardSet, cards_of
from hearts.game.passes import passable, passer, passes_cards, receiver
from hearts.game.play import replay, rules_of_play
from hearts.game.seat import played_by
from hearts.game.shuffle import Generator
from hearts.game.state import Phase, State
from hearts.game.transitions import state_of
from hearts.knowledge.views import PlayerView

__all__ = ["DEAL_WORK", "DealWorkError", "checked_sample", "count_deals", "sample"]

_SUIT_SYMBOL: Final = "♣♦♥♠"


def sample(view: PlayerView | object, rng: random.Random | object | None = None) -> State:
    """A complete state consistent with ``view``, drawn uniformly from every such deal.

    Only the cards the player has not seen are drawn: its own hand and everything public
    are the view's. The passes between other seats, which no deal of the current hands
    pins down, are drawn among those consistent with the deal, and the state's seed (the
    later hands) is drawn too. The draws come from a :class:`hearts.game.shuffle.Generator`
    seeded with one ``rng.getrandbits(128)``: the same ``rng`` state gives the same sample.

    >>> import random, hearts
    >>> state = hearts.new_game(seed=9)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seen = hearts.view(state, 0)
    >>> one, two = hearts.sample(seen, random.Random(4)), hearts.sample(seen, random.Random(4))
    >>> one == two, one.hands[0] == state.hands[0], one.hands[1] == state.hands[1]
    (True, True, False)
    """
    if not isinstance(view, PlayerView):
        raise HeartsError(
            f"sample needs a hearts.PlayerView (see hearts.view), got {describe_value(view)}."
        )
    rng = random.Random() if rng is None else rng
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"sample needs a random.Random (or None) to draw with, got {type(rng).__name__} "
            f"{describe_value(rng)}; pass random.Random(seed) for a reproducible sample."
        )
    return _sample_from(view, _dealer(view), Generator.from_random(rng))


def checked_sample(view: PlayerView, rng: random.Random) -> State:
    """:func:`sample` as :func:`hearts.view_from_dict` checks a view from outside.

    The count stops at :data:`DEAL_WORK` steps, as for any view, and raises
    :class:`DealWorkError` beyond it in the reader's words (the view is not kept).
    """
    return _sample_from(view, _count_view(view, DEAL_WORK), Generator.from_random(rng))


def _sample_from(view: PlayerView, dealer: _Dealer, rng: Generator) -> State:
    if rules_of_play(view.rules).single_cards:
        return _complete(view, dealer, dealer.draw(rng), rng)
    # A rule whose refusals come from several cards held together (first-turn hearts: a
    # barred heart played to a heart lead on the first trick shows only that its player
    # did not hold both another heart and a club it could play) rules out no single card:
    # the deals whose plays could not have been made are drawn again (rejection keeps the
    # draw uniform among the deals that remain).
    played = played_by(view.rules.players, view.tricks, view.leader, view.trick)
    for _ in range(_MAX_DRAWS):
        state = _complete(view, dealer, dealer.draw(rng), rng)
        held = tuple([now | cards for now, cards in zip(state.hand_masks, played, strict=True)])
        if _replay(view, held) is not None:
            return state
    raise HeartsError(
        f"No deal consistent with P{view.player}'s view was found in {_MAX_DRAWS:,} draws."
    )


_MAX_DRAWS: Final = 10_000


def _replay(view: PlayerView, held: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """What each seat showed it does not hold by its plays so far (:func:`~hearts.game.play.replay`).

    None if ``held``, the hands at the start of play, could not have made them.
    """
    first = view.tricks[0].leader if view.tricks else view.leader
    plays = [card for done in view.tricks for card in done.cards]
    return replay(rules_of_play(view.rules), first, [*plays, *view.trick], held)


def count_deals(view: PlayerView | object) -> int:
    """How many deals of the unseen cards ``view`` allows (what :func:`sample` draws from).

    Under ``first_trick='first_turn_hearts'`` (and any rule whose refusals come from several
    cards held together) it is an upper bound: a barred heart played to a heart lead on the
    first trick rules out holding another heart and a playable club together, which no
    count of single cards expresses (:func:`sample` draws again then).

    >>> import hearts
    >>> state = hearts.new_game(seed=9)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> from math import comb
    >>> hearts.count_deals(hearts.view(state, 0)) == comb(39, 13) * comb(26, 13)
    True
    """
    if not isinstance(view, PlayerView):
        raise HeartsError(f"count_deals needs a hearts.PlayerView, got {describe_value(view)}.")
    return _dealer(view).total


DEAL_WORK: Final = 50_000
"""The most steps counting the deals of any view may take, however it was made.

A view crafted to spread its ruled-out cards over many groups of possible holders could
ask for millions; real views need a few hundred as a rule, and at most 12,940 in 940,000
views of random games (25,294 were seen in games whose players discard off-suit whenever
they can), well under the limit. At the limit a count takes some 50 ms compiled.
:func:`sample` and :func:`count_deals` refuse a view beyond it, :func:`view_from_dict`
too."""


class DealWorkError(HeartsError):
    """Counting the deals of a view from outside would take more than :data:`DEAL_WORK` steps.

    No game gives such a view in practice; :func:`hearts.view_from_dict` refuses it (a
    :class:`~hearts.RecordError`) rather than spend the time.
    """


class _Dealer:
    """The deals of a pool of cards to seats with room for a given number of cards each.

    Cards with the same seats allowed to hold them form a group, and seats allowed in the
    same groups form a class: the cards a class receives can be shared among its seats in
    a number of ways that does not depend on which cards they are, so the deals are counted
    class by class and multiplied by those shares. Then a deal is made one step at a time:
    a step gives some of a group's cards to one of its classes, the group's last class
    takes the rest, and the last (widest) group fills the room left. The ways to finish a
    deal from a step depend only on the step, the group's cards left and the room left at
    each class, so each is counted once (a dynamic programme whose size grows with the
    room, not with the number of deals), and a draw walks the steps choosing each in
    proportion to its count.
    """

    __slots__ = (
        "_caps", "_classes", "_groups", "_limit", "_memo", "_seat_caps", "_shares", "_steps",
        "_work", "shown", "total",
    )  # fmt: skip

    def __init__(
        self,
        caps: tuple[int, ...],
        groups: list[tuple[tuple[int, ...], list[int]]],
        limit: int | None = None,
    ):
        self._seat_caps = caps
        self._limit = limit
        self.shown: tuple[int, ...] = (0,) * len(caps)
        """What each seat has shown by its plays it does not hold (see :func:`_replay`)."""
        seats = [seat for seat, room in enumerate(caps) if room]
        signatures: dict[tuple[int, ...], list[int]] = {}
        for seat in seats:
            signature = tuple(i for i, (allowed, _) in enumerate(groups) if seat in allowed)
            signatures.setdefault(signature, []).append(seat)
        self._classes = list(signatures.values())
        class_of = {
            seat: number for number, members in enumerate(self._classes) for seat in members
        }
        self._caps = tuple(sum(caps[seat] for seat in members) for members in self._classes)
        self._shares = 1
        for members in self._classes:
            self._shares *= _multinomial(
                sum(caps[seat] for seat in members), [caps[seat] for seat in members]
            )
        merged = [
            (tuple(sorted({class_of[seat] for seat in allowed if seat in class_of})), cards)
            for allowed, cards in groups
        ]
        # Most constrained groups first: the last, widest group then fills what is left.
        self._groups = sorted(merged, key=lambda group: (len(group[0]), group[0]))
        last_group = {c: index for index, (allowed, _) in enumerate(self._groups) for c in allowed}
        # The steps: (group, class, kind, classes that follow in the group, classes that no
        # later group reaches, whose room must then be used up); kind 0 gives the class
        # some of the group's cards, 1 the rest, and 2 (the last group) fills all room left.
        self._steps: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = []
        for index, (allowed, _) in enumerate(self._groups):
            if index == len(self._groups) - 1:
                self._steps.append((index, -1, 2, allowed, ()))
                break
            done = tuple(c for c in allowed if last_group[c] == index)
            for place, number in enumerate(allowed):
                last = place == len(allowed) - 1
                kind, retired = (1, done) if last else (0, ())
                self._steps.append((index, number, kind, allowed[place + 1 :], retired))
        self._memo: dict[tuple[int, int, tuple[int, ...]], int] = {}
        self._work = 0
        empty = any(not allowed for allowed, cards in self._groups if cards)
        first = len(self._groups[0][1]) if self._groups else 0
        self.total = 0 if empty else self._count(0, first, self._caps) * self._shares

    def _choices(self, step: int, left: int, caps: tuple[int, ...]) -> range:
        """How many of the group's ``left`` cards the step's class may take."""
        _, number, kind, later, _ = self._steps[step]
        if kind == 2:
            return range(left, left + 1)
        if kind == 1:
            return range(left, left + 1) if left <= caps[number] else range(0)
        room = 0
        for other in later:
            room += caps[other]
        return range(max(0, left - room), min(left, caps[number]) + 1)

    def _ways(self, step: int, left: int, taken: int, caps: tuple[int, ...]) -> int:
        """The ways to take ``taken`` cards at ``step`` and finish the deal."""
        index, number, kind, allowed, done = self._steps[step]
        if kind == 2:  # the last group fills every room left, and only that
            if sum(caps) != left or sum(caps[c] for c in allowed) != left:
                return 0
            return _multinomial(left, [caps[c] for c in allowed])
        rest = (*caps[:number], caps[number] - taken, *caps[number + 1 :])
        following = left - taken
        if kind == 1:
            if any(rest[c] for c in done):
                return 0
            following = len(self._groups[index + 1][1])
        return comb(left, taken) * self._count(step + 1, following, rest)

    def _count(self, step: int, left: int, caps: tuple[int, ...]) -> int:
        """The ways to finish the deal from ``step`` with ``left`` cards of its group."""
        if step == len(self._steps):
            return 0 if any(caps) else 1
        key = (step, left, caps)
        found = self._memo.get(key)
        if found is not None:
            return found
        total = 0
        for taken in self._choices(step, left, caps):
            self._work += 1
            if self._limit is not None and self._work > self._limit:
                raise DealWorkError(
                    f"counting its deals would take more than {self._limit:,} steps: its "
                    "ruled-out cards split the unseen cards into too many groups of possible "
                    "holders for any real game."
                )
            total += self._ways(step, left, taken, caps)
        self._memo[key] = total
        return total

    def draw(self, rng: Generator) -> list[int]:
        """One deal, uniformly: the card mask each seat receives."""
        received = [0] * len(self._caps)  # each class's cards
        caps, left = self._caps, len(self._groups[0][1]) if self._groups else 0
        order: list[int] = []
        for step, (index, number, kind, _, _) in enumerate(self._steps):
            allowed, cards = self._groups[index]
            if step == 0 or self._steps[step - 1][0] != index:  # a group's cards, shuffled
                order = cards[:]
                rng.shuffle(order)
            start = len(cards) - left
            if kind == 2:
                for c in allowed:
                    for card in order[start : start + caps[c]]:
                        received[c] |= 1 << card
                    start += caps[c]
                break
            pick = rng.below(self._count(step, left, caps))
            for taken in self._choices(step, left, caps):
                ways = self._ways(step, left, taken, caps)
                if pick < ways:
                    for card in order[start : start + taken]:
                        received[number] |= 1 << card
                    caps = (*caps[:number], caps[number] - taken, *caps[number + 1 :])
                    left = left - taken if kind == 0 else len(self._groups[index + 1][1])
                    break
                pick -= ways
        parts = [0] * len(self._seat_caps)
        for members, owned in zip(self._classes, received, strict=True):
            # The class's cards shared among its seats: any share is as likely as another.
            left_over = owned
            for seat in members:
                chosen = rng.choose(left_over, self._seat_caps[seat])
                parts[seat] |= chosen
                left_over &= ~chosen
        return parts


def _multinomial(size: int, split: Sequence[int]) -> int:
    """The ways to share ``size`` distinct cards into parts of the sizes ``split``."""
    ways = 1
    for taken in split:
        ways *= comb(size, taken)
        size -= taken
    return ways


def _after_exchange(view: PlayerView) -> bool:
    return view.phase in (Phase.PLAY, Phase.SHOOT)


def _count_view(view: PlayerView, limit: int | None = None) -> _Dealer:
    """The counted deals of ``view``'s unseen cards, in at most ``limit`` steps."""
    rules, player = view.rules, view.player
    players = rules.players
    if view.phase in (Phase.DEAL, Phase.OVER):
        return _Dealer((0,) * players, [])
    who = f"P{player}'s view"
    others_known = 0
    for seat, known in enumerate(view.known_masks):
        if seat != player:
            if known & (view.hand_mask | view.played_mask | others_known):
                raise HeartsError(
                    f"No deal is consistent with {who}: the cards known to be in P{seat}'s "
                    f"hand, {CardSet.from_mask(known)}, are also held, played or known "
                    "elsewhere."
                )
            if known & view.ruled_out_masks[seat]:
                raise HeartsError(
                    f"No deal is consistent with {who}: "
                    f"{CardSet.from_mask(known & view.ruled_out_masks[seat])} is known to be "
                    f"in P{seat}'s hand and also ruled out for it."
                )
            others_known |= known
    pool = view.unseen_mask & ~others_known
    if _after_exchange(view):
        played = played_by(view.rules.players, view.tricks, view.leader, view.trick)
        for seat, size in enumerate(view.hand_sizes):
            expected = rules.hand_size - played[seat].bit_count() if view.phase is Phase.PLAY else 0
            if size != expected:
                raise HeartsError(
                    f"No deal is consistent with {who}: P{seat} is said to hold {size} cards, "
                    f"but a seat that was dealt {rules.hand_size} and played "
                    f"{played[seat].bit_count()} holds {expected} in the {view.phase.value} phase."
                )
        caps = [
            rules.hand_size - played[seat].bit_count() - view.known_masks[seat].bit_count()
            if seat != player
            else 0
            for seat in range(players)
        ]
    else:
        caps = [size if seat != player else 0 for seat, size in enumerate(view.hand_sizes)]
    if any(cap < 0 for cap in caps) or sum(caps) != pool.bit_count():
        raise HeartsError(
            f"No deal is consistent with {who}: the other seats have room for {sum(caps)} "
            f"unseen cards, but {pool.bit_count()} are unseen."
        )
    groups: dict[tuple[int, ...], list[int]] = {}
    for card in cards_of(pool):
        allowed = tuple(
            seat
            for seat in range(players)
            if caps[seat] and not view.ruled_out_masks[seat] >> card & 1
        )
        if not allowed:
            raise HeartsError(
                f"No deal is consistent with {who}: no other seat can hold {card}"
                f"{_reason(view, card)}."
            )
        groups.setdefault(allowed, []).append(card)
    dealer = _Dealer(tuple(caps), list(groups.items()), limit)
    shown = _replay(view, None)
    if shown is not None:
        dealer.shown = shown
    if not dealer.total:
        raise HeartsError(
            f"No deal is consistent with {who}: the hand sizes, the known cards and the "
            f"voids ({_voids_text(view)}) cannot all hold at once."
        )
    return dealer


def _dealer(view: PlayerView) -> _Dealer:
    """The counted deals of ``view``'s unseen cards, kept on the view for its next sample.

    Kept on the view and nowhere else: a module-wide cache would hold every seat's views
    where any bot could read them. The count stops at :data:`DEAL_WORK` steps whoever made
    the view (real views need far fewer), so no view, however it was built, takes long.
    """
    dealer = view._dealer
    if isinstance(dealer, _Dealer):
        return dealer
    try:
        dealer = _count_view(view, DEAL_WORK)
    except DealWorkError as error:
        raise DealWorkError(f"P{view.player}'s view cannot be dealt: {error}") from None
    view._keep_dealer(dealer)
    return dealer


def _reason(view: PlayerView, card: int) -> str:
    suit = card // 13
    if suit < 4 and all(
        view.ruled_out_masks[seat] & SUIT_MASKS[suit] == SUIT_MASKS[suit] & view.rules.deck_mask
        for seat in range(view.rules.players)
        if seat != view.player
    ):
        return f": every other seat has shown void in {_SUIT_SYMBOL[suit]}"
    return ": it is ruled out for every seat with room left"


def _voids_text(view: PlayerView) -> str:
    shown = [
        f"P{seat} {''.join(_SUIT_SYMBOL[suit] for suit in suits)}"
        for seat, suits in enumerate(view.voids)
        if suits
    ]
    return ", ".join(shown) or "none"


def _pick(mask: int, count: int, rng: Generator) -> int:
    if mask.bit_count() < count:
        raise HeartsError(
            f"No deal is consistent with the view: a seat would have had to pass {count} "
            f"cards from {CardSet.from_mask(mask)}, which are too few (Rules.unpassable)."
        )
    return rng.choose(mask, count)


def _complete(view: PlayerView, dealer: _Dealer, parts: list[int], rng: Generator) -> State:
    """The state of ``view`` with the unseen cards dealt as ``parts`` by ``dealer``."""
    rules, player, phase = view.rules, view.player, view.phase
    players = rules.players
    empty = (0,) * players
    allowed = passable(rules, rules.deck_mask)
    if phase in (Phase.DEAL, Phase.OVER):
        hands, dealt, passed = empty, empty, empty
    elif not _after_exchange(view):
        hands = tuple(view.hand_mask if seat == player else parts[seat] for seat in range(players))
        dealt = hands
        passed = tuple(
            view.passed_mask
            if seat == player
            else _pick(hands[seat] & allowed, view.pass_count, rng)
            if phase is Phase.PASS and seat not in view.to_move
            else 0
            for seat in range(players)
        )
    else:
        played = played_by(view.rules.players, view.tricks, view.leader, view.trick)
        # What each seat held once the cards had changed hands.
        held = [
            view.dealt_mask & ~view.passed_mask | view.received_mask
            if seat == player
            else played[seat] | view.known_masks[seat] | parts[seat]
            for seat in range(players)
        ]
        hands = (
            tuple(held[seat] & ~played[seat] for seat in range(players))
            if phase is Phase.PLAY
            else empty
        )
        direction = view.pass_direction
        if not passes_cards(direction, view.pass_count):
            passed = empty
        else:
            chosen = []
            for seat in range(players):
                target = receiver(seat, direction, players)
                if seat == player:
                    chosen.append(view.passed_mask)
                elif target == player:
                    chosen.append(view.received_mask)
                else:
                    chosen.append(_pick(held[target] & allowed, view.pass_count, rng))
            passed = tuple(chosen)
        dealt = tuple(
            held[seat] & ~passed[passer(seat, direction, players)] | passed[seat]
            for seat in range(players)
        )
    return state_of(view, rng.bits(63), dealt, hands, passed, dealer.shown)
