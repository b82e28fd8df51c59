"""hearts: the rules of the card game Hearts, as a fast, typed, immutable Python library.

>>> import hearts
>>> state = hearts.new_game(hearts.Rules(), seed=7)
>>> while not state.is_over:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> len(state.scores), bool(state.winners)
(4, True)
"""

from hearts.cards import (
    DECK,
    HEARTS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    Card,
    CardSet,
    Rank,
    Suit,
)
from hearts.engine import PassMoves, apply, from_hands, legal_moves, new_game, seeded_deal
from hearts.errors import HeartsError, IllegalMoveError, NotationError, RulesError
from hearts.moves import ChoosePass, Deal, Move, Pass, Play
from hearts.rules import (
    PASS_CYCLES,
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    Rules,
)
from hearts.scoring import hand_points, is_game_over, score_hand
from hearts.state import HandResult, Phase, State, Trick

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "HEARTS",
    "JOKERS",
    "PASS_CYCLES",
    "QUEEN_OF_SPADES",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "Card",
    "CardSet",
    "ChoosePass",
    "Deal",
    "FirstLead",
    "FirstTrick",
    "FirstTrickFallback",
    "HandResult",
    "HeartsError",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Pass",
    "PassDirection",
    "PassMoves",
    "Phase",
    "Play",
    "Rank",
    "Rules",
    "RulesError",
    "State",
    "Suit",
    "Trick",
    "__version__",
    "apply",
    "from_hands",
    "hand_points",
    "is_game_over",
    "legal_moves",
    "new_game",
    "score_hand",
    "seeded_deal",
]
