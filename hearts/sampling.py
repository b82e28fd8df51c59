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

import bisect
import functools
import random
from math import comb
from typing import Final

from hearts.cards import SUIT_MASKS, CardSet, cards_of
from hearts.errors import HeartsError, describe_value
from hearts.passes import passable
from hearts.play import breaks_hearts, passer, playable, receiver
from hearts.rules import FirstTrick, PassDirection
from hearts.state import Phase, State
from hearts.views import PlayerView

__all__ = ["count_deals", "sample"]

_SUIT_SYMBOL: Final = "♣♦♥♠"


def sample(view: PlayerView, rng: random.Random | None = None) -> State:
    """A complete state consistent with ``view``, drawn uniformly from every such deal.

    Only the cards the player has not seen are drawn: its own hand and everything public
    are the view's. The passes between other seats, which no deal of the current hands
    pins down, are drawn among those consistent with the deal, and the state's seed (the
    later hands) is drawn too. The same ``rng`` state gives the same sample.

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
    dealer = _dealer(view)
    if view.rules.first_trick is not FirstTrick.FIRST_TURN_HEARTS:
        return _complete(view, dealer.draw(rng), rng)
    # Under first-turn hearts a barred heart played to a heart lead on the first trick shows
    # only that the player did not hold both another heart and a club it could play: no
    # single card is ruled out, so the deals that break it are drawn again (rejection keeps
    # the draw uniform among the deals that remain).
    played = _played_by(view)
    for _ in range(_MAX_DRAWS):
        state = _complete(view, dealer.draw(rng), rng)
        if _first_trick_replays(state, played):
            return state
    raise HeartsError(
        f"No deal consistent with P{view.player}'s view was found in {_MAX_DRAWS:,} draws."
    )


_MAX_DRAWS: Final = 10_000


def _first_trick_replays(state: State, played: list[int]) -> bool:
    """Whether each card of the hand's first trick was one its player could play.

    ``played``: the cards each seat has played this hand (:func:`_played_by`), which it held
    at the first trick together with what it holds now.
    """
    if not state.tricks and not state.trick:
        return True
    players = state.rules.players
    cards = state.tricks[0].cards if state.tricks else state.trick
    leader = state.tricks[0].leader if state.tricks else state.leader
    broken = False
    for index, card in enumerate(cards):
        seat = (leader + index) % players
        held = state.hand_masks[seat] | played[seat]
        if not playable(state.rules, held, cards[:index], True, broken) >> card & 1:
            return False
        broken = broken or breaks_hearts(state.rules, card)
    return True


def count_deals(view: PlayerView) -> int:
    """How many deals of the unseen cards ``view`` allows (what :func:`sample` draws from).

    Under ``first_trick='first_turn_hearts'`` it is an upper bound: a barred heart played to
    a heart lead on the first trick rules out holding another heart and a playable club
    together, which no count of single cards expresses (:func:`sample` draws again then).

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


class _Dealer:
    """The deals of a pool of cards to seats with capacities and per-card allowed seats."""

    __slots__ = ("_caps", "_groups", "_memo", "total")

    def __init__(self, caps: tuple[int, ...], groups: list[tuple[tuple[int, ...], list[int]]]):
        self._caps = caps
        # Most constrained groups first: the last, widest group then takes what is left.
        self._groups = sorted(groups, key=lambda group: (len(group[0]), group[0]))
        self._memo: dict[
            tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]
        ] = {}
        self.total = self._table(0, caps)[0]

    def _table(
        self, index: int, caps: tuple[int, ...]
    ) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The number of deals of groups ``index``.. into ``caps``.

        Also the running totals and the splits of group ``index`` that lead to them.
        """
        key = (index, caps)
        found = self._memo.get(key)
        if found is not None:
            return found
        groups = self._groups
        if index == len(groups):
            table: tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]] = (
                (0 if any(caps) else 1),
                (),
                (),
            )
        else:
            allowed, cards = groups[index]
            size = len(cards)
            totals: list[int] = []
            splits: list[tuple[int, ...]] = []
            total = 0
            if index == len(groups) - 1:
                # The last group must fill every remaining place, and only those.
                candidates = [tuple(caps[seat] for seat in allowed)]
                if sum(candidates[0]) != size or sum(caps) != size:
                    candidates = []
            else:
                candidates = list(_splits(size, [caps[seat] for seat in allowed]))
            for split in candidates:
                rest = list(caps)
                for seat, taken in zip(allowed, split, strict=True):
                    rest[seat] -= taken
                following = self._table(index + 1, tuple(rest))[0]
                if following:
                    total += _multinomial(size, split) * following
                    totals.append(total)
                    splits.append(split)
            table = (total, tuple(totals), tuple(splits))
        self._memo[key] = table
        return table

    def draw(self, rng: random.Random) -> list[int]:
        """One deal, uniformly: the card mask each seat receives."""
        parts = [0] * len(self._caps)
        caps = self._caps
        for index, (allowed, cards) in enumerate(self._groups):
            total, totals, splits = self._table(index, caps)
            split = splits[bisect.bisect_right(totals, rng.randrange(total))]
            order = cards[:]
            rng.shuffle(order)
            start = 0
            rest = list(caps)
            for seat, taken in zip(allowed, split, strict=True):
                for card in order[start : start + taken]:
                    parts[seat] |= 1 << card
                start += taken
                rest[seat] -= taken
            caps = tuple(rest)
        return parts


def _splits(size: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to share ``size`` cards among places with these capacities."""
    if len(caps) == 1:
        return [(size,)] if size <= caps[0] else []
    room = sum(caps[1:])
    return [
        (first, *rest)
        for first in range(max(0, size - room), min(size, caps[0]) + 1)
        for rest in _splits(size - first, caps[1:])
    ]


def _multinomial(size: int, split: tuple[int, ...]) -> int:
    ways = 1
    for taken in split:
        ways *= comb(size, taken)
        size -= taken
    return ways


def _played_by(view: PlayerView) -> list[int]:
    """The cards each seat has played this hand."""
    players = view.rules.players
    played = [0] * players
    for trick in view.tricks:
        for index, card in enumerate(trick.cards):
            played[(trick.leader + index) % players] |= 1 << card
    for index, card in enumerate(view.trick):
        played[(view.leader + index) % players] |= 1 << card
    return played


def _after_exchange(view: PlayerView) -> bool:
    return view.phase in (Phase.PLAY, Phase.SHOOT)


@functools.lru_cache(maxsize=128)
def _dealer(view: PlayerView) -> _Dealer:
    """The counted deals of ``view``'s unseen cards (cached: search samples one view often)."""
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
        played = _played_by(view)
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
    dealer = _Dealer(tuple(caps), list(groups.items()))
    if not dealer.total:
        raise HeartsError(
            f"No deal is consistent with {who}: the hand sizes, the known cards and the "
            f"voids ({_voids_text(view)}) cannot all hold at once."
        )
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


def _pick(mask: int, count: int, rng: random.Random) -> int:
    if mask.bit_count() < count:
        raise HeartsError(
            f"No deal is consistent with the view: a seat would have had to pass {count} "
            f"cards from {CardSet.from_mask(mask)}, which are too few (Rules.unpassable)."
        )
    chosen = 0
    for card in rng.sample(list(cards_of(mask)), count):
        chosen |= 1 << card
    return chosen


def _complete(view: PlayerView, parts: list[int], rng: random.Random) -> State:
    """The state of ``view`` with the unseen cards dealt as ``parts``."""
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
        played = _played_by(view)
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
        if not view.pass_count or direction is PassDirection.HOLD:
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
    return view._state_with(rng.getrandbits(63), dealt, hands, passed)
