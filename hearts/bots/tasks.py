"""The games of a tournament one by one: their seeds and seats, and the tasks that play them.

Game ``g`` of a tournament is dealt from :func:`tournament_seed` ``(seed, g)``, its bots
draw from generators seeded with :func:`game_bot_seed` ``(bot_seed, g)``, and who sits
where is :func:`seating_of` its number: a game depends on its number alone. :func:`play_rows` plays a
task's games (a :data:`Job`) where an executor runs it, and sends back one compact
:data:`GameRow` per game; :func:`sendable` pickles the bots for the workers.
"""

from __future__ import annotations

import pickle
import random
from typing import Final

from hearts.bots.reference import Bot, play_game
from hearts.errors import HeartsError, describe_value
from hearts.game.rules import Rules
from hearts.game.shuffle import check_seed

__all__ = [
    "MAX_GAMES",
    "GameRow",
    "Job",
    "default_chunk",
    "game_bot_seed",
    "play_rows",
    "seating_of",
    "sendable",
    "tournament_seed",
]

_MAX_CHUNK: Final = 100
"""The most games in one task: about half a second of RandomBot games on one core."""


MAX_GAMES: Final = 10**12
"""The most games one run may ask for: far more than any run can play (a million games an
hour would take a century), so that a mistyped count is refused, not started."""


def tournament_seed(seed: int | object, index: int | object) -> int:
    """The seed of the deals of game ``index`` of a tournament seeded with ``seed``.

    It is the same for :func:`tournament`, :class:`Tournament` and ``hearts simulate
    --seed``, so ``hearts play --seed`` with it deals that game again.

    >>> import hearts
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    >>> result = hearts.tournament(hearts.Rules(hands=2), bots, 4, seed=3)
    >>> result.games[1].seed == tournament_seed(3, 1)
    True
    """
    for name, value in (("seed", seed), ("index", index)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"tournament_seed takes an int {name}, got {describe_value(value)}.")
        check_seed(name, value)
    return random.Random(f"hearts-tournament:{seed}:{index}").getrandbits(63)


def game_bot_seed(bot_seed: int, index: int) -> int:
    """The ``bot_seed`` of game ``index`` of a tournament whose bots' seed is ``bot_seed``."""
    return random.Random(f"hearts-tournament-bots:{bot_seed}:{index}").getrandbits(128)


def default_chunk(games: int) -> int:
    """How many games go to an executor in one task, for a run of ``games`` games.

    At least 64 tasks where there are enough games (so that up to a few dozen workers
    share the work evenly), and at most 100 games a task (so that a task is a fraction of
    a second of work and dispatch costs little beside it).

    >>> default_chunk(10), default_chunk(5_000), default_chunk(100_000)
    (1, 78, 100)
    """
    return max(1, min(_MAX_CHUNK, games // 64))


# A game's result as a worker sends it back: seed, bot_seed, scores, winners, hands,
# points, changes, moons, suns (the bots' names the parent knows).
GameRow = tuple[
    int, int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int
]
# What a task plays: rules, the entrants (pickled for an executor), seed, bot_seed,
# rotate, and the numbers of its first game and of the game after its last.
Job = tuple[Rules, "tuple[Bot, ...] | bytes", int, int, bool, int, int]


def seating_of(players: int, game: int, rotate: bool) -> tuple[int, ...]:
    """The entrant at each seat of game ``game``."""
    if not rotate:
        return tuple(range(players))
    return tuple((seat - game) % players for seat in range(players))


def _loaded(bots: tuple[Bot, ...] | bytes) -> tuple[Bot, ...]:
    if not isinstance(bots, bytes):
        return bots
    try:
        loaded: tuple[Bot, ...] = pickle.loads(bots)
    except Exception as error:
        raise HeartsError(
            f"A worker cannot load the bots ({type(error).__name__}: {error}): define their "
            "classes at the top level of a module that the workers can import."
        ) from None
    return loaded


def play_rows(job: Job) -> tuple[GameRow, ...]:
    """Play the games of one task; where an executor runs it, this runs in its worker."""
    rules, sent, seed, bot_seed, rotate, start, stop = job
    bots = _loaded(sent)
    rows = []
    for game in range(start, stop):
        seated = [bots[entrant] for entrant in seating_of(rules.players, game, rotate)]
        done = play_game(
            rules, seated, tournament_seed(seed, game), bot_seed=game_bot_seed(bot_seed, game)
        )
        rows.append(
            (done.seed, done.bot_seed, done.scores, done.winners, done.hands, done.points,
             done.changes, done.moons, done.suns)
        )  # fmt: skip
    return tuple(rows)


def sendable(bots: tuple[Bot, ...]) -> bytes:
    """The bots, pickled for an executor's workers, or which one cannot go there, and why."""
    for entrant, bot in enumerate(bots):
        try:
            pickle.dumps(bot)
        except Exception as error:
            raise HeartsError(
                f"The bot {bot.name!r} (entrant {entrant}) cannot be sent to an executor's "
                f"workers ({type(error).__name__}: {error}): a bot run in an executor must be "
                "picklable, an instance of a class defined at the top level of a module; or "
                "play without an executor."
            ) from None
    return pickle.dumps(bots)
