"""Bots and the search behind them, tournaments and simulation.

The reference bots, :func:`play_game`, :func:`playout` and :func:`solve` are in
:mod:`hearts.bots.reference` and re-exported here (``hearts.bots.SearchBot`` works as
before); the playout policies, the endgame solver, ISMCTS, tournaments and results files
and the isolation of untrusted bots are this package's other modules.

>>> import hearts.bots
>>> hearts.bots.SearchBot is hearts.SearchBot
True
"""

from hearts._docstrings import restore_all
from hearts.bots.reference import (
    ENDGAME_NODES,
    Bot,
    GameResult,
    RandomBot,
    RuleBot,
    SearchBot,
    play_game,
    playout,
    solve,
)

__all__ = [
    "ENDGAME_NODES",
    "Bot",
    "GameResult",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "play_game",
    "playout",
    "solve",
]

# The compiled build: the solver and the policies are imported here, after `import hearts`
# gave the compiled modules it imported their docstrings, so these get theirs now.
restore_all()
