"""The endgame solver: the exact result of the rest of a hand when every card is known.

What double-dummy solvers are to bridge bots, :func:`solve` is to Hearts bots that sample
the hidden cards (:class:`~hearts.SearchBot` uses it for the last tricks of a hand). Given
a :class:`~hearts.State` in play, it searches every way the rest of the hand can go and
returns the result under best play *for the player to move against the others*: that
player plays to lose as little as it can, and the others, as one side, play to make it
lose the most (the "paranoid" assumption, which makes the search a two-sided one that
alpha-beta can cut).

What the player to move minimises is its **cost**: its score change for the hand less
the mean of the others' changes — the measure :class:`~hearts.SearchBot` uses — so
shooting the moon is worth as much to it as the points it keeps from the others, however
the shot is scored. In a chip game the cost is the other way round (chips won are good).
A shooter with a choice of how to score (``ShootMode.CHOOSE``) chooses on its side's
behalf. Claims are not searched: a claim only ends a hand the way its play would.

Every rule comes from where it is written once: the cards that may be played and a card
played come from the kernel of play (:class:`hearts.game.play.Position`), the hand's score
from :func:`hearts.hand_changes`. The search itself is alpha-beta
with a transposition table at the start of each trick (keyed on the hands, the leader and
the scoring cards each seat has taken), and plays cards of the same kind once: two cards
of a suit with no card still out between them, and the same standing in the score, do
the same thing.

>>> import hearts
>>> state = hearts.new_game(seed=297)
>>> while state.phase is not hearts.Phase.PLAY or len(state.tricks) < 10:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> [str(hand) for hand in state.hands]
['9♠ J♠ K♠', 'J♥ 4♠ 8♠', '5♥ 7♥ A♥', '7♠ 10♠ A♠']
>>> hearts.solve(state).changes  # P2, to lead, shoots the moon
(26, 26, 0, 26)
"""

from __future__ import annotations

from typing import ClassVar, Final, final

from hearts.errors import SearchLimitError, check_interrupts
from hearts.game.cards import CARDS, card_count, cards_descending
from hearts.game.moves import PLAYS, Play
from hearts.game.play import LED_MASK, Position, in_force, led_card, trick_winner_unchecked
from hearts.game.rules import Rules, ShootMode
from hearts.game.scoring import (
    additive,
    hand_changes_unchecked,
    hand_points_unchecked,
    reads_trick_counts,
    scoring_cards,
    shoot_options_unchecked,
)
from hearts.game.state import State
from hearts.game.value import Value

__all__ = ["MAX_SOLVE_CARDS", "MAX_SOLVE_NODES", "Solution"]

MAX_SOLVE_CARDS: Final = 28
"""The most cards still in the hands that :func:`hearts.solve` searches: 7 tricks at 4
players, 9 at 3, 5 at 5, 4 at 6 or 7. The work grows with the cards left far more than
with the tricks: at 5 players 6 tricks (30 cards) took up to 2.1 million positions, and
at 7 players 5 tricks (35 cards) ran past 30 s of pure Python in half the positions."""

MAX_SOLVE_NODES: Final = 10_000_000
"""The most positions :func:`hearts.solve` searches by default (``max_nodes``): some
minutes of pure Python, seconds compiled, and a table of some hundreds of megabytes."""

_EXACT: Final = 0
_LOWER: Final = 1  # the stored value is a lower bound
_UPPER: Final = 2  # the stored value is an upper bound


@final
class Solution(Value):
    """The rest of a hand under best play for the player to move (:func:`hearts.solve`).

    :func:`hearts.solve` finds one (its example solves a moon in the last three tricks);
    as every value of the library, it compares and changes by its fields:

    >>> import hearts
    >>> found = Solution(2, hearts.Play(2, "AH"), -26.0, (26, 26, 0, 26), (0, 0, 4, 0), (), 9)
    >>> found.replace(nodes=10) == found, found.replace(nodes=10).move
    (False, Play(player=2, card=Card('A♥')))
    """

    __slots__ = ("changes", "move", "nodes", "player", "points", "value", "values")
    FIELDS: ClassVar[tuple[str, ...]] = (
        "player", "move", "value", "changes", "points", "values", "nodes",
    )  # fmt: skip

    player: int
    """The player to move, whose side the solver takes."""
    move: Play
    """A best play for it (with ``every_move``, the highest card among equally good ones)."""
    value: float
    """Its cost under best play: its score change for the hand less the others' mean
    (negated in a chip game)."""
    changes: tuple[int, ...]
    """Each seat's score change for the hand at the end of the line found."""
    points: tuple[int, ...]
    """The card points each seat takes in the rest of the hand along that line."""
    values: tuple[tuple[Play, float], ...]
    """Each legal play with its exact cost, best first (only with ``every_move=True``;
    otherwise just the best)."""
    nodes: int
    """How many positions the search visited: a measure of its work."""

    def __init__(
        self,
        player: int,
        move: Play,
        value: float,
        changes: tuple[int, ...],
        points: tuple[int, ...],
        values: tuple[tuple[Play, float], ...],
        nodes: int,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "changes", changes)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "nodes", nodes)


def solve_position(state: State, every_move: bool, max_nodes: int = MAX_SOLVE_NODES) -> Solution:
    """:func:`hearts.solve` once its arguments are checked (a state in play).

    Raises :class:`~hearts.errors.SearchLimitError` once it has searched more than
    ``max_nodes`` positions.
    """
    root = in_force(state.position)
    search = _Search(state, root, max_nodes)
    player = root.seat
    heads, kin = search.kinds_of(root)
    best_card, best = -1, _INFINITY
    best_leaf: tuple[int, ...] = ()
    found: dict[int, int] = {}
    for card in search.ordered(root, heads):
        # Every move's exact cost needs the whole window; the best one alone, a window
        # below the best so far (a move that cannot beat it is cut).
        high = _INFINITY if every_move else best
        value, leaf = search.search(root.play(card), -_INFINITY, high)
        found[card] = value
        if value < best or (every_move and value == best and card > best_card):
            best_card, best, best_leaf = card, value, leaf
    values = [(card, found[head]) for card, head in kin] if every_move else []
    if not every_move:
        values.append((best_card, best))
    values.sort(key=lambda pair: pair[1])  # stable: the highest card first among equals
    scale = float(state.rules.players - 1)
    changes = search.changes(best_leaf)
    points = tuple(
        [
            hand_points_unchecked(state.rules, taken & ~before)
            for taken, before in zip(best_leaf, state.taken_masks, strict=True)
        ]
    )
    return Solution(
        player=player,
        move=PLAYS[player][best_card],
        value=best / scale,
        changes=changes,
        points=points,
        values=tuple([(PLAYS[player][card], value / scale) for card, value in values]),
        nodes=search.nodes,
    )


_INFINITY: Final = 1 << 40
_CHECK_EVERY: Final = 1 << 14
"""Positions searched between two looks at Ctrl-C and at the node budget."""


@final
class _Search:
    """Alpha-beta over the rest of one hand, from position to position."""

    def __init__(self, state: State, root: Position, max_nodes: int) -> None:
        rules = state.rules
        self.rules: Rules = rules
        self.players: int = rules.players
        self.root: int = root.seat
        self.scores: tuple[int, ...] = state.scores
        self.hand_number: int = state.hand_number
        self.pool: int = state.results[-1].pool if state.results else 0
        self.sign: int = -1 if rules.chips is not None else 1
        self.nodes: int = 0
        self.max_nodes: int = max_nodes
        self.next_check: int = min(_CHECK_EVERY, max_nodes + 1)
        self.cards: int = sum([hand.bit_count() for hand in root.hands])
        # What the score reads of the cards taken.
        self.scoring_mask: int = scoring_cards(rules)
        self.counts_matter: bool = reads_trick_counts(rules)
        self.kinds: tuple[int, ...] = _kinds(rules, root.of.named)
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.exact_leaves: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.leaves: dict[tuple[int, ...], int] = {}

    # --- the moves ---------------------------------------------------------------------

    def candidates(self, position: Position) -> list[int]:
        """One card of each kind the seat to play may play, the likeliest best first."""
        picked = self.kinds_of(position)[0]
        if len(picked) > 1:
            picked = self.ordered(position, picked)
        return picked

    def kinds_of(self, position: Position) -> tuple[list[int], list[tuple[int, int]]]:
        """The highest card of each kind the seat may play, and each legal card's highest kin.

        Two cards are of a kind when no card still out lies between them and both score
        and break hearts alike (and no rule of play names either): whichever is played,
        the rest of the hand goes the same.
        """
        cards = cards_descending(position.allowed())
        if position.first:  # first-trick rules name single cards: every card is its own kind
            return cards, [(card, card) for card in cards]
        out = 0
        for hand in position.hands:
            out |= hand
        for played in position.trick:
            out |= 1 << played
        kinds = self.kinds
        picked: list[int] = []
        kin: list[tuple[int, int]] = []
        previous = head = -1
        for card in cards:
            if (
                previous < 0
                or kinds[card] != kinds[previous]
                or out & ((1 << previous) - 1) & ~((2 << card) - 1)  # a card out between
            ):
                picked.append(card)
                head = card
            kin.append((card, head))
            previous = card
        return picked, kin

    def ordered(self, position: Position, cards: list[int]) -> list[int]:
        """The cards most likely to be best for the seat first, so that alpha-beta cuts more.

        The root's side wants points to go to the others, the others want them to go to the
        root: each seat first tries what gives points to the other side.
        """
        trick = position.trick
        points = self.rules.card_points
        minimising = position.seat == self.root
        if not trick:  # leading: low cards first for the root, high for the others
            return cards[::-1] if minimising else cards
        led = led_card(trick)
        if led < 0:  # only jokers so far
            return cards
        suit = LED_MASK[led]
        winner = trick_winner_unchecked(trick, position.leader, self.players)  # so far
        top = trick[(winner - position.leader) % self.players]
        root_winning = winner == self.root
        scored: list[tuple[int, int]] = []
        for card in cards:
            if suit >> card & 1:
                wins = card > top
                if minimising:
                    rank = -card if not wins else 100 + card  # duck high, else win low
                elif root_winning:
                    rank = -card if not wins else 100 + card  # keep the root on the trick
                else:
                    rank = -card  # beat the root's chances: play high
            else:  # a discard: points to the root's side or away from it
                value = points[card]
                if minimising or root_winning:
                    rank = -value * 100 - card % 13
                else:
                    rank = value * 100 - card % 13
            scored.append((rank, card))
        scored.sort()
        return [card for _, card in scored]

    # --- the search --------------------------------------------------------------------

    def search(self, position: Position, alpha: int, beta: int) -> tuple[int, tuple[int, ...]]:
        """The value of the position (fail-soft within ``alpha``..``beta``) and its leaf."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.checkpoint()
        key: tuple[int, ...] = ()
        base = 0
        start_alpha, start_beta = alpha, beta
        tried = -1
        taken = position.taken
        leading = not position.trick
        if leading:
            hands = position.hands
            left = 0
            for hand in hands:
                left |= hand
            if not left & self.scoring_mask and not self.counts_matter:
                left = 0  # nothing left to score: the rest of the hand changes nothing
            if not left:
                return self.leaf_value(taken), taken
            if additive(self.rules, taken):
                # What is taken from now on adds to the cost whoever took what before: the
                # table keeps the cost still to come, under a key without the cards taken.
                base = self.leaf_value(taken)
                # Each card still out adds (players - 1) times its points if the root takes
                # it, less its points if another seat does: the cost's bounds from here.
                rules = self.rules
                gains = hand_points_unchecked(rules, left & rules.positive_mask)
                losses = hand_points_unchecked(rules, left & ~rules.positive_mask)
                spread = self.players - 1
                high = base + spread * gains - losses
                if high <= alpha:
                    return high, ()
                low = base - gains + spread * losses
                if low >= beta:
                    return low, ()
                key = (*hands, position.leader, int(position.broken))
            else:
                base = 0
                key = self.key(position)
            entry = self.table.get(key)
            if entry is not None:
                value, bound, tried = entry
                value += base
                if bound == _EXACT:
                    ahead = self.exact_leaves[key]
                    return value, tuple([t | a for t, a in zip(taken, ahead, strict=True)])
                if (bound == _LOWER and value >= beta) or (bound == _UPPER and value <= alpha):
                    return value, ()
        minimising = position.seat == self.root
        best = _INFINITY if minimising else -_INFINITY
        best_card = -1
        best_leaf: tuple[int, ...] = ()
        cards = self.candidates(position)
        if tried >= 0 and tried in cards and cards[0] != tried:
            cards.remove(tried)
            cards.insert(0, tried)
        for card in cards:
            after = position.play(card)
            # The first card with the whole window; the rest only to show they are no
            # better (a null window), searched again in full when one is.
            if best_card < 0 or alpha + 1 >= beta:
                value, leaf = self.search(after, alpha, beta)
            elif minimising:
                value, leaf = self.search(after, beta - 1, beta)
                if alpha < value < beta:
                    value, leaf = self.search(after, alpha, value + 1)
            else:
                value, leaf = self.search(after, alpha, alpha + 1)
                if alpha < value < beta:
                    value, leaf = self.search(after, value - 1, beta)
            if minimising:
                if value < best:
                    best, best_leaf, best_card = value, leaf, card
                    beta = min(beta, best)
            elif value > best:
                best, best_leaf, best_card = value, leaf, card
                alpha = max(alpha, best)
            if alpha >= beta:
                break
        if leading:
            if best <= start_alpha:
                bound = _UPPER
            elif best >= start_beta:
                bound = _LOWER
            else:
                bound = _EXACT
                self.exact_leaves[key] = tuple(
                    [end & ~now for now, end in zip(taken, best_leaf, strict=True)]
                )
            self.table[key] = (best - base, bound, best_card)
        return best, best_leaf

    def checkpoint(self) -> None:
        """Every so many positions: let Ctrl-C in, and stop past the node budget.

        Compiled code runs no signal handler by itself: the call to interpreted code does.
        """
        check_interrupts()
        if self.nodes > self.max_nodes:
            raise SearchLimitError(
                f"solve stopped at its limit of {self.max_nodes:,} positions searched "
                f"(max_nodes) without an answer: this position, {self.cards} cards left at a "
                f"{self.players}-player table, needs more. Solve from a later trick, or raise "
                "max_nodes (the time and the memory grow with it)."
            )
        self.next_check = min(self.nodes + _CHECK_EVERY, self.max_nodes + 1)

    def key(self, position: Position) -> tuple[int, ...]:
        """The position at the start of a trick, as far as the rest of the hand can tell."""
        parts = [*position.hands, position.leader, int(position.broken)]
        scoring = self.scoring_mask
        for taken in position.taken:
            parts.append(taken & scoring)
            if self.counts_matter:
                parts.append(card_count(taken))
        return tuple(parts)

    def leaf_value(self, taken: tuple[int, ...]) -> int:
        """The cost to the root of a hand that ends with these cards taken."""
        scoring = self.scoring_mask
        key = tuple([mask & scoring for mask in taken])
        if self.counts_matter:
            key = key + tuple([card_count(mask) for mask in taken])
        value = self.leaves.get(key)
        if value is None:
            value = self.cost(taken)
            self.leaves[key] = value
        return value

    def cost(self, taken: tuple[int, ...]) -> int:
        """The root's score change less the others' mean, times (players - 1)."""
        choices: tuple[ShootMode | None, ...] = (None,)
        options = shoot_options_unchecked(self.rules, taken, self.scores)
        if options is not None:
            choices = options[1]
        costs = [self.cost_with(taken, choice) for choice in choices]
        # The shooter chooses; the root's side is the root alone, the others one side.
        if options is not None and options[0] != self.root:
            return max(costs)
        return min(costs)

    def cost_with(self, taken: tuple[int, ...], choice: ShootMode | None) -> int:
        changes = self.changes_with(taken, choice)
        mine = changes[self.root]
        return self.sign * (self.players * mine - sum(changes))

    def changes_with(self, taken: tuple[int, ...], choice: ShootMode | None) -> tuple[int, ...]:
        """Each seat's score change for a hand ending with these cards taken."""
        return hand_changes_unchecked(
            self.rules,
            self.scores,
            taken,
            hand_number=self.hand_number,
            pool=self.pool,
            choice=choice,
        )

    def changes(self, taken: tuple[int, ...]) -> tuple[int, ...]:
        """Each seat's score change at the end of a line, the shooter's choice as searched."""
        options = shoot_options_unchecked(self.rules, taken, self.scores)
        choice = None
        if options is not None:
            target = self.cost(taken)
            choice = next(c for c in options[1] if self.cost_with(taken, c) == target)
        return self.changes_with(taken, choice)


def _kinds(rules: Rules, named: int) -> tuple[int, ...]:
    """For each card, a number equal for cards of a suit that the rules treat alike.

    Alike for the score (points, moon, penalty, bonus, multiplier factor) and for play (breaking
    hearts, when played or when led; a card a rule of play names by itself, ``named``, is a
    kind of its own).
    """
    masks = (
        rules.moon_mask,
        rules.penalty_mask,
        rules.bonus_mask,
        rules.breaking_mask,
        rules.lead_breaking_mask,
    )
    factors = dict(rules.multipliers)
    numbers: dict[tuple[int, ...], int] = {}
    kinds = []
    for card in range(len(CARDS)):
        standing = [rules.card_points[card], card // 13, card if named >> card & 1 else -1]
        standing.append(factors.get(CARDS[card], 1))
        for mask in masks:
            standing.append(mask >> card & 1)
        kinds.append(numbers.setdefault(tuple(standing), len(numbers)))
    return tuple(kinds)
