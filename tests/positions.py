"""Hand-built positions shared by the scenario tests."""

from __future__ import annotations

from collections.abc import Iterable

import hearts
from hearts import Card, CardSet, Play, State, Trick

# Hand 4 of the standard cycle (hand_number=3) is a hold hand: play starts at once.
HOLD_HAND = 3

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"

# P0 leads 2♣; P1 is void in clubs and holds Q♠; P2 holds only hearts; P3 holds clubs.
FIRST_TRICK_HANDS = (
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
    "8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S QS",
    HEARTS,
    "9C TC JC QC KC AC 7S 8S 9S TS JS KS AS",
)

# P0 holds clubs and low hearts, P1 high clubs and high hearts, P2 diamonds, P3 spades.
BREAKING_HANDS = (
    "2C 3C 4C 5C 6C 7C 8C 2H 3H 4H 5H 6H 7H",
    "9C TC JC QC KC AC 8H 9H TH JH QH KH AH",
    DIAMONDS,
    SPADES,
)

# P0 holds every club, so it wins every trick; the others must give it every point card.
MOON_HANDS = (CLUBS, HEARTS, DIAMONDS, SPADES)


def hold_hand(hands: Iterable[str], **kwargs: object) -> State:
    """A standard game just after ``hands`` were dealt on a hold hand."""
    return hearts.from_hands(hands, hand_number=HOLD_HAND, **kwargs)  # type: ignore[arg-type]


def play(state: State, *cards: str) -> State:
    """Play ``cards`` in turn, each by the seat to move."""
    for card in cards:
        state = hearts.apply(state, Play(state.to_move[0], card))
    return state


def legal_cards(state: State) -> CardSet:
    """The cards the seat to move may play."""
    return CardSet(move.card for move in hearts.legal_moves(state) if isinstance(move, Play))


def with_hand(state: State, seat: int, cards: str) -> State:
    """``state`` with ``seat`` holding ``cards``: a position built by hand for one rule."""
    hands = list(state.hand_masks)
    hands[seat] = CardSet(cards).mask
    return state.replace(hand_masks=tuple(hands))


def after_first_trick(state: State, leader: int) -> State:
    """``state`` as if a trick without points had been played and ``leader`` won it."""
    dummy = Trick(leader, tuple(Card(c) for c in ("2C", "3C", "4C", "5C")), leader)
    return state.replace(tricks=(dummy,), leader=leader, to_move=(leader,), trick=())


def position(
    hands: Iterable[str],
    rules: hearts.Rules | None = None,
    *,
    leader: int = 0,
    trick: Iterable[str] = (),
    first_trick: bool = False,
    hearts_broken: bool = False,
    hand_number: int = 0,
) -> State:
    """A play-phase position built field by field, for checking one rule of play.

    Only what the play rules read is meaningful: the hands, the current trick, whether this
    is the first trick, and whether hearts are broken. Cards elsewhere are not tracked.
    """
    rules = hearts.Rules() if rules is None else rules
    players = rules.players
    cards = tuple(Card(card) for card in trick)
    earlier = () if first_trick else (Trick(leader, cards or (Card("2C"),), leader),)
    return State(
        rules=rules,
        seed=0,
        phase=hearts.Phase.PLAY,
        hand_number=hand_number,
        scores=(0,) * players,
        results=(),
        pass_direction=hearts.PassDirection.HOLD,
        pass_count=0,
        dealt_masks=tuple(CardSet(hand).mask for hand in hands),
        hand_masks=tuple(CardSet(hand).mask for hand in hands),
        passed_masks=(0,) * players,
        to_move=((leader + len(cards)) % players,),
        leader=leader,
        trick=cards,
        tricks=earlier,
        taken_masks=(0,) * players,
        hearts_broken=hearts_broken,
    )
