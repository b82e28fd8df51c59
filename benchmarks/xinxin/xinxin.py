"""xinxin as a ``hearts`` bot: one seat's view handed to xinxin through ``bridge.cpp``.

:func:`position` turns a :class:`hearts.PlayerView` into what the bridge replays: a deal
consistent with everything the seat knows (drawn by :func:`hearts.sample`), the passes and
the cards played in order, and the scores. Only the seat's own hand, its passes and what
the table saw are real; the other hands are one draw among the deals the seat cannot tell
apart (xinxin's player builds its own worlds from the seat's cards and the public plays,
and a draw could tell it no hidden card anyway). :class:`XinxinBot` asks xinxin for its
card or its pass.

The rules are xinxin's flags for ``hearts.Rules()``: :data:`STANDARD_FLAGS`. One corner
differs: on the first trick, a seat holding only hearts and the queen of spades may play
the queen under ``hearts.Rules()`` (``first_trick_fallback=ANY``), while xinxin lets it
play only its hearts. Its choice is still legal here; :func:`legal_agreement` counts such
positions.
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import hearts

# xinxin's rule flags (Hearts.h), and the set that plays hearts.Rules().
QUEEN_PENALTY = 0x0001
LEAD_TWO_OF_CLUBS = 0x0020
NO_HEARTS_FIRST_TRICK = 0x0080
NO_QUEEN_FIRST_TRICK = 0x0100
QUEEN_BREAKS_HEARTS = 0x0200
PASS_CARDS = 0x0400
MUST_BREAK_HEARTS = 0x0800
STANDARD_FLAGS = (
    QUEEN_PENALTY
    | LEAD_TWO_OF_CLUBS
    | NO_HEARTS_FIRST_TRICK
    | NO_QUEEN_FIRST_TRICK
    | PASS_CARDS
    | MUST_BREAK_HEARTS
)

# hearts numbers suits clubs, diamonds, hearts, spades and ranks two to ace; xinxin numbers
# suits spades, diamonds, clubs, hearts and ranks ace to two, a card being suit << 4 | rank.
_XINXIN_SUIT = (2, 1, 3, 0)
TO_XINXIN = tuple((_XINXIN_SUIT[card // 13] << 4) | (12 - card % 13) for card in range(52))
FROM_XINXIN = {number: card for card, number in enumerate(TO_XINXIN)}
# xinxin's pass direction is the receiver's offset, as hearts' is: left +1, right -1.
_PASS_DIRECTION = {
    hearts.PassDirection.LEFT: 1,
    hearts.PassDirection.RIGHT: -1,
    hearts.PassDirection.ACROSS: 2,
    hearts.PassDirection.HOLD: 0,
}


def _cards(mask: int) -> list[int]:
    """The xinxin numbers of a hearts card set's cards, lowest hearts card first."""
    return [TO_XINXIN[card] for card in range(52) if mask >> card & 1]


@dataclass(frozen=True)
class Position:
    """What the bridge replays for one seat's decision (all cards in xinxin's numbers)."""

    seat: int
    dealt: tuple[tuple[int, ...], ...]
    """13 cards per seat as dealt: the seat's own, and one consistent draw for the others."""
    pass_direction: int
    passes: tuple[tuple[int, ...], ...]
    """3 cards per seat, for the seats that pass before this decision in xinxin's order
    (seat 0 first): every seat once the passing is over."""
    plays: tuple[int, ...]
    scores: tuple[float, ...]


def position(view: hearts.PlayerView, rng: random.Random) -> Position:
    """The position of ``view`` for xinxin; the hidden cards drawn with ``rng``.

    >>> import random, hearts
    >>> state = hearts.new_game(seed=3)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seen = position(hearts.view(state, 2), random.Random(0))
    >>> seen.pass_direction, len(seen.passes), sorted(seen.dealt[2]) == sorted(
    ...     TO_XINXIN[int(card)] for card in state.hands[2])
    (1, 2, True)
    """
    rules = view.rules
    if rules.players != 4 or view.phase not in (hearts.Phase.PASS, hearts.Phase.PLAY):
        raise ValueError(f"xinxin plays 4 seats' passes and plays, not {view.phase.value}.")
    world = hearts.sample(view, rng)
    seat = view.player
    dealt = tuple(tuple(_cards(mask)) for mask in world.dealt_masks)
    direction = _PASS_DIRECTION[view.pass_direction]
    if view.phase is hearts.Phase.PASS:
        # xinxin passes seat by seat from seat 0: the seats before this one have passed
        # (any three of their cards: the seat knows none of them, and xinxin's player
        # reads only its own passes), this one has not.
        passes = tuple(tuple(sorted(hand)[:3]) for hand in dealt[:seat])
    elif direction:
        passes = tuple(tuple(_cards(mask)) for mask in world.passed_masks)
    else:
        passes = ()
    plays = [TO_XINXIN[int(card)] for trick in view.tricks for card in trick.cards]
    plays += [TO_XINXIN[int(card)] for card in view.trick]
    return Position(
        seat, dealt, direction, passes, tuple(plays), tuple(float(s) for s in view.scores)
    )


def load(library: str | Path) -> ctypes.CDLL:
    """The bridge library built by ``build.py``, with its functions' types declared."""
    lib = ctypes.CDLL(str(library))
    ints = ctypes.POINTER(ctypes.c_int)
    lib.xinxin_new.restype = ctypes.c_void_p
    lib.xinxin_new.argtypes = [
        ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_double, ctypes.c_double, ctypes.c_int
    ]  # fmt: skip
    lib.xinxin_free.argtypes = [ctypes.c_void_p]
    lib.xinxin_error.restype = ctypes.c_char_p
    lib.xinxin_error.argtypes = [ctypes.c_void_p]
    lib.xinxin_replay.restype = ctypes.c_int
    lib.xinxin_replay.argtypes = [
        ctypes.c_void_p, ctypes.c_uint, ints, ctypes.c_int, ints, ctypes.c_int, ints,
        ctypes.c_int, ctypes.POINTER(ctypes.c_double),
    ]  # fmt: skip
    lib.xinxin_to_move.restype = ctypes.c_int
    lib.xinxin_to_move.argtypes = [ctypes.c_void_p]
    lib.xinxin_hand.restype = ctypes.c_int
    lib.xinxin_hand.argtypes = [ctypes.c_void_p, ctypes.c_int, ints]
    lib.xinxin_legal.restype = ctypes.c_int
    lib.xinxin_legal.argtypes = [ctypes.c_void_p, ints]
    lib.xinxin_choose.restype = ctypes.c_int
    lib.xinxin_choose.argtypes = [ctypes.c_void_p]
    return lib


def _array(values: Sequence[int]) -> ctypes.Array[ctypes.c_int]:
    return (ctypes.c_int * max(1, len(values)))(*values)


class BridgeError(RuntimeError):
    """xinxin refused a replayed position; the message is the bridge's."""


@dataclass
class Xinxin:
    """One xinxin player setting on the bridge: ``simulations`` over ``worlds`` deals."""

    library: ctypes.CDLL
    simulations: int = 10_000
    worlds: int = 30
    exploration: float = 0.4
    epsilon: float = 0.1
    threads: bool = False
    _handle: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        self._handle = self.library.xinxin_new(
            STANDARD_FLAGS, self.simulations, self.worlds, self.exploration, self.epsilon,
            int(self.threads),
        )  # fmt: skip

    def close(self) -> None:
        if self._handle:
            self.library.xinxin_free(self._handle)
            self._handle = 0

    def __del__(self) -> None:
        self.close()

    def replay(self, where: Position, seed: int) -> None:
        """Set xinxin's state to ``where``; raise :class:`BridgeError` if it refuses."""
        dealt = _array([card for hand in where.dealt for card in hand])
        passes = _array([card for cards in where.passes for card in cards])
        plays = _array(where.plays)
        scores = (ctypes.c_double * 4)(*where.scores)
        done = self.library.xinxin_replay(
            self._handle, seed & 0xFFFFFFFF, dealt, where.pass_direction, passes,
            len(where.passes), plays, len(where.plays), scores,
        )  # fmt: skip
        if done != 0:
            raise BridgeError(self.library.xinxin_error(self._handle).decode())

    def to_move(self) -> int:
        return int(self.library.xinxin_to_move(self._handle))

    def hand(self, seat: int) -> list[int]:
        out = (ctypes.c_int * 13)()
        return list(out[: self.library.xinxin_hand(self._handle, seat, out)])

    def legal(self) -> list[int]:
        out = (ctypes.c_int * 13)()
        return list(out[: self.library.xinxin_legal(self._handle, out)])

    def choose(self) -> int:
        chosen = int(self.library.xinxin_choose(self._handle))
        if chosen < 0:
            raise BridgeError(self.library.xinxin_error(self._handle).decode())
        return chosen


@dataclass
class XinxinBot:
    """A :class:`hearts.Bot` that asks xinxin: ``choose`` is its play, or its pass.

    ``disagreements`` counts the positions where xinxin's legal plays differ from
    :func:`hearts.legal_moves` (see the module's note).
    """

    player: Xinxin
    name: str = "xinxin"
    disagreements: int = 0

    def choose(self, view: hearts.PlayerView, rng: random.Random) -> hearts.Move:
        where = position(view, rng)
        self.player.replay(where, rng.getrandbits(32))
        if self.player.to_move() != view.player:
            raise BridgeError(
                f"xinxin expects seat {self.player.to_move()} to move, hearts seat {view.player}."
            )
        if view.phase is hearts.Phase.PASS:
            cards = [self.player.choose() for _ in range(view.pass_count)]
            move: hearts.Move = hearts.Pass(view.player, [FROM_XINXIN[c] for c in cards])
        else:
            if not legal_agreement(self.player, view):
                self.disagreements += 1
            move = hearts.Play(view.player, FROM_XINXIN[self.player.choose()])
        return move


def legal_agreement(player: Xinxin, view: hearts.PlayerView) -> bool:
    """Whether xinxin's legal plays, in its replayed state, are hearts' for ``view``."""
    ours = {int(move.card) for move in hearts.legal_moves(view) if isinstance(move, hearts.Play)}
    return {FROM_XINXIN[c] for c in player.legal()} == ours
