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
    JOKERS,
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
from hearts.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.rules import (
    PASS_CYCLES,
    PRESETS,
    STANDARD_POINTS,
    FirstLead,
    FirstTrick,
    FirstTrickFallback,
    PassDirection,
    Preset,
    Rules,
    ShootMode,
)
from hearts.scoring import game_winners, hand_points, score_hand, shoot_options, shooter
from hearts.state import HandResult, Phase, State, Trick

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "HEARTS",
    "JOKERS",
    "PASS_CYCLES",
    "PRESETS",
    "QUEEN_OF_SPADES",
    "STANDARD_POINTS",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "Card",
    "CardSet",
    "ChoosePass",
    "Claim",
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
    "Preset",
    "Rank",
    "Rules",
    "RulesError",
    "ShootChoice",
    "ShootMode",
    "State",
    "Suit",
    "Trick",
    "__version__",
    "apply",
    "from_hands",
    "game_winners",
    "hand_points",
    "legal_moves",
    "new_game",
    "score_hand",
    "seeded_deal",
    "shoot_options",
    "shooter",
]
