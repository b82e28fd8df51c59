"""Many games between bots: tournaments, sent to any executor in chunks, kept as they finish.

A :class:`Tournament` pins what is played: the rules, the entrants, how many games, the
seed of the deals and the seed of the bots' generators. Game ``g`` is dealt from
:func:`tournament_seed` ``(seed, g)``, its bots draw from generators derived from
``bot_seed`` and ``g``, and entrant ``e`` sits at seat ``(e + g) % players`` (or always at
seat ``e``, with ``rotate=False``). A game depends on its number alone, never on where it
ran or with which others, so a serial run, a process pool and a Dask cluster play the
same games, whatever the chunks they are sent in; ``hearts simulate`` is this engine too.

:meth:`Tournament.play` gives the games one by one as they finish (memory stays flat
however many there are), and can append each to a results file (JSON lines) and resume
a stopped run from it; :meth:`Tournament.run` and :func:`tournament` collect them into a
:class:`TournamentResult`. :class:`Progress` reports how a long run goes.

This module is the public face of four: :mod:`hearts.bots.tasks` (each game's seeds and
seats, and the tasks an executor runs), :mod:`hearts.bots.progress` (progress reports),
:mod:`hearts.bots.results` (results files, their check, resuming) and
:mod:`hearts.bots.tournament` (the tournament and its result).

>>> import hearts
>>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
>>> plan = hearts.Tournament(hearts.Rules(target=50), bots, games=3, seed=2, bot_seed=5)
>>> [game.seed == hearts.tournament_seed(2, g) for g, game in enumerate(plan.play())]
[True, True, True]
>>> plan.run() == hearts.tournament(hearts.Rules(target=50), bots, 3, seed=2, bot_seed=5)
True
"""

from __future__ import annotations

from hearts.bots.progress import (
    SYSTEM_CLOCK,
    Progress,
    ProgressClock,
    TournamentProgress,
    progress_line,
)
from hearts.bots.results import ResultsRun, results_bot_seed, results_run
from hearts.bots.tasks import (
    MAX_GAMES,  # noqa: F401  # importable from here, as before
    default_chunk,
    tournament_seed,
)
from hearts.bots.tournament import BotStanding, Tournament, TournamentResult, tournament

__all__ = [
    "SYSTEM_CLOCK",
    "BotStanding",
    "Progress",
    "ProgressClock",
    "ResultsRun",
    "Tournament",
    "TournamentProgress",
    "TournamentResult",
    "default_chunk",
    "progress_line",
    "results_bot_seed",
    "results_run",
    "tournament",
    "tournament_seed",
]
