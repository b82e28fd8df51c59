"""hearts: the rules of the card game Hearts, as a fast, typed, immutable Python library.

>>> import hearts
>>> state = hearts.new_game(hearts.Rules(), seed=7)
>>> while not state.is_over:
...     state = hearts.apply(state, hearts.legal_moves(state)[0])
>>> len(state.scores), bool(state.winners)
(4, True)
"""

import importlib
from collections.abc import Callable
from importlib.machinery import ExtensionFileLoader
from typing import TYPE_CHECKING

# The pictures and text forms: imported here, they register with hearts.game.hooks.
from hearts.display import svg as svg
from hearts.display import text as text
from hearts.errors import (
    HeartsError,
    IllegalMoveError,
    NotationError,
    RulesError,
    SearchLimitError,
)
from hearts.game import hooks, play
from hearts.game.cards import (
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
from hearts.game.engine import (
    apply,
    from_hands,
    legal_moves,
    new_game,
    seeded_deal,
    start_hand,
    trick_winner,
)
from hearts.game.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.game.passes import PassMoves
from hearts.game.rules import (
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
from hearts.game.scoring import (
    game_winners,
    hand_changes,
    hand_points,
    score_hand,
    shoot_options,
    shooter,
)
from hearts.game.state import HandResult, Phase, State, Trick
from hearts.knowledge.sampling import count_deals, sample
from hearts.knowledge.views import PlayerView, view

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
    from hearts.bots.ismcts import ISMCTSBot
    from hearts.bots.isolation import Isolated
    from hearts.bots.simulation import (
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
    from hearts.bots.solver import Solution
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

# Imported when first used: the records (JSON), the bots and their search, and the
# simulation (which needs concurrent.futures and multiprocessing), which a process that
# only plays should not pay for at import.
_LAZY = {
    **dict.fromkeys(
        (
            "MAX_MOVE_BYTES",
            "MAX_RECORD_BYTES",
            "MAX_RECORD_MOVES",
            "RECORD_SCHEMA",
            "GameRecord",
            "RecordError",
            "Replay",
            "dump",
            "dumps",
            "format_hand",
            "load",
            "loads",
            "loads_move",
            "move_from_dict",
            "move_to_dict",
            "parse_move",
            "record_schema",
            "replay",
            "result_from_dict",
            "result_to_dict",
            "state_from_dict",
            "state_to_dict",
            "view_from_dict",
            "view_to_dict",
        ),
        "hearts.records",
    ),
    **dict.fromkeys(
        ("Bot", "GameResult", "RandomBot", "RuleBot", "SearchBot", "play_game", "playout", "solve"),
        "hearts.bots",
    ),
    "ISMCTSBot": "hearts.bots.ismcts",
    "Solution": "hearts.bots.solver",
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
        "hearts.bots.simulation",
    ),
    "Isolated": "hearts.bots.isolation",
}


def __getattr__(name: str) -> object:
    """The names of the records, bots, simulation and isolation, imported when first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hearts' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


# The modules' old paths, from before the packages (hearts._aliases), import as before.
importlib.import_module("hearts._aliases")


def _tensor_encoder() -> Callable[[PlayerView], object]:
    """:func:`hearts.tensor.encode`, imported when a view is first encoded (NumPy)."""
    # By name: mypy (and so the compiled build) need not see NumPy's types through it.
    encode: Callable[[PlayerView], object] = importlib.import_module("hearts.rl.tensor").encode
    return encode


hooks.register_encoder(PlayerView, _tensor_encoder)

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
else:  # a pure wheel, where pip found no compiled one, says so once (hearts._pure_notice)
    from hearts._pure_notice import notice_once as _notice_pure_build

    _notice_pure_build(compiled, __version__)

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
