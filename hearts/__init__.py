"""hearts: the rules of the card game Hearts, as a fast, typed, immutable Python library.

>>> import hearts
>>> state = hearts.new_game(hearts.Rules(), seed=7)
>>> while not state.is_over:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> len(state.scores), bool(state.winners)
(4, True)
"""

import importlib
from importlib.machinery import ExtensionFileLoader
from typing import TYPE_CHECKING

# The pictures and text forms are hearts.svg, hearts.text after `import hearts` alone.
from hearts import display as display
from hearts import play
from hearts import svg as svg
from hearts import text as text
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
from hearts.engine import (
    apply,
    from_hands,
    legal_moves,
    new_game,
    seeded_deal,
    start_hand,
    trick_winner,
)
from hearts.errors import (
    HeartsError,
    IllegalMoveError,
    NotationError,
    RulesError,
    SearchLimitError,
)
from hearts.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.passes import PassMoves
from hearts.records import (
    MAX_MOVE_BYTES,
    MAX_RECORD_BYTES,
    MAX_RECORD_MOVES,
    RECORD_SCHEMA,
    GameRecord,
    RecordError,
    Replay,
    dump,
    dumps,
    format_hand,
    load,
    loads,
    loads_move,
    move_from_dict,
    move_to_dict,
    parse_move,
    record_schema,
    replay,
    result_from_dict,
    result_to_dict,
    state_from_dict,
    state_to_dict,
    view_from_dict,
    view_to_dict,
)
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
from hearts.sampling import count_deals, sample
from hearts.scoring import (
    game_winners,
    hand_changes,
    hand_points,
    score_hand,
    shoot_options,
    shooter,
)
from hearts.state import HandResult, Phase, State, Trick
from hearts.views import PlayerView, view

if TYPE_CHECKING:
    from hearts.bots import (
        Bot,
        GameResult,
        RandomBot,
        RuleBot,
        SearchBot,
        play_game,
        playout,
        solve,
    )
    from hearts.ismcts import ISMCTSBot
    from hearts.isolation import Isolated
    from hearts.simulation import (
        BotStanding,
        Progress,
        ProgressClock,
        ResultsRun,
        Tournament,
        TournamentProgress,
        TournamentResult,
        results_run,
        tournament,
        tournament_seed,
    )
    from hearts.solver import Solution

# Imported when first used: the bots and their search, and the simulation (which needs
# concurrent.futures and multiprocessing), which a server or a worker that only plays
# should not pay for at import.
_LAZY = {
    **dict.fromkeys(
        ("Bot", "GameResult", "RandomBot", "RuleBot", "SearchBot", "play_game", "playout", "solve"),
        "hearts.bots",
    ),
    "ISMCTSBot": "hearts.ismcts",
    "Solution": "hearts.solver",
    **dict.fromkeys(
        (
            "BotStanding",
            "Progress",
            "ProgressClock",
            "ResultsRun",
            "Tournament",
            "TournamentProgress",
            "TournamentResult",
            "results_run",
            "tournament",
            "tournament_seed",
        ),
        "hearts.simulation",
    ),
    "Isolated": "hearts.isolation",
}


def __getattr__(name: str) -> object:
    """The names of the bots, simulation and isolation modules, imported when first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hearts' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__version__ = "0.1.0"


compiled = isinstance(getattr(play, "__loader__", None), ExtensionFileLoader)
"""Whether the core runs compiled by mypyc (a compiled wheel) or as pure Python.

Both run the same typed source and behave the same; the compiled one is faster (see the
performance page). ``hearts --version`` says which is installed.

>>> import hearts
>>> isinstance(hearts.compiled, bool)
True
"""

if compiled:  # mypyc drops docstrings: give the compiled modules theirs back
    from hearts._docstrings import restore_all

    restore_all()

__all__ = [
    "DECK",
    "HEARTS",
    "JOKERS",
    "MAX_MOVE_BYTES",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_MOVES",
    "PASS_CYCLES",
    "PRESETS",
    "QUEEN_OF_SPADES",
    "RECORD_SCHEMA",
    "STANDARD_POINTS",
    "SUIT_MASKS",
    "TWO_OF_CLUBS",
    "Bot",
    "BotStanding",
    "Card",
    "CardSet",
    "ChoosePass",
    "Claim",
    "Deal",
    "FirstLead",
    "FirstTrick",
    "FirstTrickFallback",
    "GameRecord",
    "GameResult",
    "HandResult",
    "HeartsError",
    "ISMCTSBot",
    "IllegalMoveError",
    "Isolated",
    "Move",
    "NotationError",
    "Pass",
    "PassDirection",
    "PassMoves",
    "Phase",
    "Play",
    "PlayerView",
    "Preset",
    "Progress",
    "ProgressClock",
    "RandomBot",
    "Rank",
    "RecordError",
    "Replay",
    "ResultsRun",
    "RuleBot",
    "Rules",
    "RulesError",
    "SearchBot",
    "SearchLimitError",
    "ShootChoice",
    "ShootMode",
    "Solution",
    "State",
    "Suit",
    "Tournament",
    "TournamentProgress",
    "TournamentResult",
    "Trick",
    "__version__",
    "apply",
    "compiled",
    "count_deals",
    "dump",
    "dumps",
    "format_hand",
    "from_hands",
    "game_winners",
    "hand_changes",
    "hand_points",
    "legal_moves",
    "load",
    "loads",
    "loads_move",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
    "play_game",
    "playout",
    "record_schema",
    "replay",
    "result_from_dict",
    "result_to_dict",
    "results_run",
    "sample",
    "score_hand",
    "seeded_deal",
    "shoot_options",
    "shooter",
    "solve",
    "start_hand",
    "state_from_dict",
    "state_to_dict",
    "tournament",
    "tournament_seed",
    "trick_winner",
    "view",
    "view_from_dict",
    "view_to_dict",
]
