"""Tournaments: a run of many games between bots, pinned, played on any executor.

:class:`Tournament` pins the run and plays it (:meth:`Tournament.play`, game by game,
into a results file if asked, resuming one); :func:`tournament` and
:meth:`Tournament.run` collect its games into a :class:`TournamentResult`, whose
standings are one :class:`BotStanding` per entrant.
"""

from __future__ import annotations

import math
import os
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Final

import attrs

from hearts.bots.progress import TournamentProgress, close_games, watched
from hearts.bots.reference import Bot, GameResult, checked_seed, is_bot, seated_bots
from hearts.bots.results import (
    Kept,
    header_line,
    kept_games,
    kept_in,
    result_line,
    results_bot_seed,
)
from hearts.bots.tasks import (
    MAX_GAMES,
    GameRow,
    Job,
    default_chunk,
    play_rows,
    seating_of,
    sendable,
)
from hearts.errors import HeartsError, describe_value
from hearts.game.rules import Rules

__all__ = ["BotStanding", "Tournament", "TournamentResult", "tournament"]

_Z95: Final = 1.959964
_IN_FLIGHT: Final = 256
"""The most chunks handed to an executor at once: enough to keep 256 workers busy, and few
enough that a run of millions of games keeps no long queue of futures."""


@attrs.frozen(init=False)
class Tournament:
    """A run of ``games`` games between ``bots`` (one entrant per seat), pinned.

    Game ``g`` is dealt from ``tournament_seed(seed, g)``, its bots draw from generators
    derived from ``bot_seed`` and ``g`` (never from ``seed``; see
    :func:`~hearts.play_game`), and entrant ``e`` sits at seat ``(e + g) % players``, so
    every entrant plays every seat; with ``rotate=False`` entrant ``e`` always sits at
    seat ``e`` (as in ``hearts simulate``). Without a ``bot_seed`` one is drawn from the
    operating system and kept in :attr:`bot_seed`. The same values play the same games.

    >>> import hearts
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    >>> plan = hearts.Tournament(hearts.Rules(hands=2), bots, games=4, seed=3, bot_seed=5)
    >>> plan.seating(1), hearts.Tournament(hearts.Rules(), bots, 4, 3, rotate=False).seating(1)
    ((3, 0, 1, 2), (0, 1, 2, 3))
    >>> hearts.Tournament(hearts.Rules(), bots[:3], games=4, seed=3)
    Traceback (most recent call last):
      ...
    hearts.errors.HeartsError: Tournament needs one bot per seat: this game has 4 seats, got 3 bots.
    """

    rules: Rules
    bots: tuple[Bot, ...]
    """The entrants, in order; entrant ``e`` is ``bots[e]``."""
    games: int
    seed: int
    """The seed of the deals: game ``g`` is dealt from ``tournament_seed(seed, g)``."""
    bot_seed: int
    """The seed of the bots' generators, as given or as drawn."""
    rotate: bool

    def __init__(
        self,
        rules: Rules,
        bots: Sequence[Bot],
        games: int,
        seed: int,
        *,
        bot_seed: int | None = None,
        rotate: bool = True,
    ) -> None:
        seated = seated_bots("Tournament", rules, bots, seed)
        for bot in seated:
            if not is_bot(bot):
                raise HeartsError(
                    f"{describe_value(bot)} is not a bot: a bot has a name and a "
                    "choose(view, rng) method."
                )
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise HeartsError(
                f"games must be a whole number from 1 to {MAX_GAMES:,}, got "
                f"{describe_value(games)}."
            )
        if not isinstance(rotate, bool):
            raise HeartsError(f"rotate must be True or False, got {describe_value(rotate)}.")
        self.__attrs_init__(rules, seated, games, seed, checked_seed("bot_seed", bot_seed), rotate)

    def seating(self, game: int) -> tuple[int, ...]:
        """The entrant at each seat of game ``game`` (counting from 0)."""
        return seating_of(self.rules.players, game, self.rotate)

    def play(
        self,
        executor: Executor | None = None,
        *,
        chunk: int | None = None,
        out: str | os.PathLike[str] | None = None,
        resume: bool = False,
        progress: TournamentProgress | None = None,
    ) -> Iterator[GameResult]:
        """Each game's result, in the order of the games, as soon as it and those before it end.

        With an ``executor`` — a :class:`~concurrent.futures.ProcessPoolExecutor`, a Dask
        ``client.get_executor()``, any :class:`~concurrent.futures.Executor` — the games
        are sent to it ``chunk`` at a time (by default :func:`default_chunk`), each task
        playing its games and sending back a compact row per game. The results are the
        same whatever the executor, the chunks and the number of workers. The bots go to
        the workers pickled: define their classes at the top level of a module.

        With ``out``, a results file, each game is appended to it as one JSON line as it
        is passed on (after a header line that pins the run). With ``resume``, a run that
        was stopped goes on from what its file kept: those games are read back, not
        played, and the rest are played and appended, so that no game is played twice
        and none is missing. A file that already holds a run is refused unless
        ``resume`` is given, and one that holds another run (other rules, seeds, bots or
        seating) always is. A line that a stopped run left half written is written again.

        ``progress`` (:class:`TournamentProgress`) looks at the games played now. Nothing
        is played or read until the first game is asked for; stopping the iteration
        (``close()``, an exception) cancels the tasks not begun.

        >>> import hearts, os, pathlib, tempfile
        >>> plan = hearts.Tournament(hearts.Rules(hands=1), [hearts.RandomBot()] * 4, 5, seed=1)
        >>> path = os.path.join(tempfile.mkdtemp(), "results.jsonl")
        >>> first = plan.play(out=path)
        >>> two = [next(first), next(first)]; first.close()  # stopped after two games
        >>> again = list(plan.play(out=path, resume=True))  # three played, two read back
        >>> again == list(plan.play()), len(pathlib.Path(path).read_text().splitlines())
        (True, 6)
        """
        if chunk is not None and (
            not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1
        ):
            raise HeartsError(
                f"chunk must be a whole number of games, at least 1, or None, got "
                f"{describe_value(chunk)}."
            )
        if progress is not None and not callable(progress):
            raise HeartsError(
                "progress must be callable as progress(results, total=games), like tqdm.tqdm, "
                f"or None, got {describe_value(progress)}."
            )
        if executor is not None and not callable(getattr(executor, "submit", None)):
            raise HeartsError(
                "executor must be a concurrent.futures.Executor (a process pool, a Dask "
                f"client's get_executor(), ...) or None, got {describe_value(executor)}."
            )
        kept = None if out is None else kept_in(Path(out), self, bool(resume))
        sent: tuple[Bot, ...] | bytes = self.bots if executor is None else sendable(self.bots)
        return self._games(executor, chunk, kept, sent, progress)

    def run(
        self,
        executor: Executor | None = None,
        *,
        chunk: int | None = None,
        out: str | os.PathLike[str] | None = None,
        resume: bool = False,
        progress: TournamentProgress | None = None,
    ) -> TournamentResult:
        """Every game (:meth:`play`, with the same arguments), collected, and the standings.

        >>> import hearts
        >>> plan = hearts.Tournament(hearts.Rules(hands=2), [hearts.RandomBot()] * 4, 3, seed=1)
        >>> result = plan.run()
        >>> len(result.games), result.bot_seed == plan.bot_seed
        (3, True)
        """
        games = tuple(self.play(executor, chunk=chunk, out=out, resume=resume, progress=progress))
        seats = tuple(self.seating(game) for game in range(self.games))
        names = tuple(bot.name for bot in self.bots)
        return TournamentResult(self.rules, names, games, seats, self.bot_seed)

    def _games(
        self,
        executor: Executor | None,
        chunk: int | None,
        kept: Kept | None,
        sent: tuple[Bot, ...] | bytes,
        progress: TournamentProgress | None,
    ) -> Iterator[GameResult]:
        start = 0 if kept is None else kept.games
        if kept is not None and not kept.new:
            yield from kept_games(kept, self)
        if start == self.games:
            return
        played = self._played(executor, chunk or default_chunk(self.games - start), start, sent)
        if kept is not None:
            played = self._written(played, kept)
        if progress is not None:
            played = watched(played, progress, self.games, start)
        try:
            yield from played
        finally:
            close_games(played)

    def _written(self, played: Iterator[GameResult], kept: Kept) -> Iterator[GameResult]:
        """``played``, each game appended to the results file before it is passed on."""
        with open(kept.path, "wb" if kept.new else "r+b") as file:
            if kept.new:
                file.write(header_line(self) + b"\n")
            else:
                file.seek(kept.end)
                file.truncate()
            file.flush()
            index = kept.games
            try:
                for game in played:
                    file.write(result_line(index, game).encode())
                    file.flush()
                    index += 1
                    yield game
            finally:
                close_games(played)

    def _played(
        self, executor: Executor | None, chunk: int, start: int, sent: tuple[Bot, ...] | bytes
    ) -> Iterator[GameResult]:
        """The games from ``start`` on, played here or sent to ``executor`` in chunks."""

        def job(first: int, size: int) -> Job:
            last = min(first + size, self.games)
            return (self.rules, sent, self.seed, self.bot_seed, self.rotate, first, last)

        if executor is None:  # game by game, so that each is passed on as soon as it ends
            for game in range(start, self.games):
                yield from self._results(game, play_rows(job(game, 1)))
            return
        firsts = iter(range(start, self.games, chunk))
        pending: deque[tuple[int, Future[tuple[GameRow, ...]]]] = deque()
        try:
            for first in firsts:
                pending.append((first, executor.submit(play_rows, job(first, chunk))))
                if len(pending) == _IN_FLIGHT:
                    break
            while pending:
                first, future = pending.popleft()
                rows = future.result()
                following = next(firsts, None)
                if following is not None:
                    pending.append((following, executor.submit(play_rows, job(following, chunk))))
                yield from self._results(first, rows)
        finally:
            for _, future in pending:
                future.cancel()

    def _results(self, first: int, rows: tuple[GameRow, ...]) -> Iterator[GameResult]:
        for game, row in enumerate(rows, start=first):
            names = tuple(self.bots[entrant].name for entrant in self.seating(game))
            seed, bot_seed, scores, winners, hands, points, changes, moons, suns = row
            yield GameResult(
                seed, bot_seed, names, scores, winners, hands, points, changes, moons, suns
            )


@attrs.frozen
class BotStanding:
    """One entrant's line in a :class:`TournamentResult` table.

    >>> import hearts
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    >>> line = hearts.tournament(hearts.Rules(hands=2), bots, 4, seed=3).standings[0]
    >>> line.entrant, line.name, line.games
    (0, 'rule-based', 4)
    """

    entrant: int
    """The entrant's index in the ``bots`` given to :func:`tournament`."""
    name: str
    games: int
    wins: float
    """Games won; a shared win counts as a fraction."""
    mean_score: float
    """The mean final total."""
    points_per_hand: float
    """The mean score change per hand (per game, then averaged over games)."""
    interval: tuple[float, float]
    """A 95% confidence interval for :attr:`points_per_hand` (normal, over games)."""


@attrs.frozen
class TournamentResult:
    """Every game of a :func:`tournament`, and the standings.

    ``seats[g][s]`` is the entrant (index into the bots given) at seat ``s`` in game ``g``.

    >>> import hearts
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    >>> result = hearts.tournament(hearts.Rules(hands=2), bots, 4, seed=3, bot_seed=5)
    >>> result.seats[1], result.names[0], len(result.per_game(0))
    ((3, 0, 1, 2), 'rule-based', 4)
    """

    rules: Rules
    names: tuple[str, ...]
    """Each entrant's bot name."""
    games: tuple[GameResult, ...]
    seats: tuple[tuple[int, ...], ...]
    bot_seed: int
    """The seed of the bots' generators given to :func:`tournament`, or the one it drew:
    with the same ``seed`` it plays the same tournament again."""

    def per_game(self, entrant: int) -> list[float]:
        """The entrant's mean score change per hand in each game."""
        return [
            game.points_per_hand[seating.index(entrant)]
            for game, seating in zip(self.games, self.seats, strict=True)
        ]

    def difference(self, entrant: int, others: Iterable[int]) -> tuple[float, tuple[float, float]]:
        """The entrant's points per hand less the mean of ``others``', with a 95% interval.

        The difference is taken game by game (the entrants play the same deals), so the
        interval is that of a paired comparison.
        """
        rows = [self.per_game(other) for other in others]
        mine = self.per_game(entrant)
        diffs = [mine[g] - sum(row[g] for row in rows) / len(rows) for g in range(len(mine))]
        return _mean_interval(diffs)

    @property
    def standings(self) -> tuple[BotStanding, ...]:
        """One line per entrant, in the order the bots were given."""
        lines = []
        for entrant, name in enumerate(self.names):
            values = self.per_game(entrant)
            played = [(g, s.index(entrant)) for g, s in zip(self.games, self.seats, strict=True)]
            wins = sum((1 / len(g.winners) for g, seat in played if seat in g.winners), 0.0)
            mean_score = sum(g.scores[seat] for g, seat in played) / len(values)
            mean, interval = _mean_interval(values)
            lines.append(BotStanding(entrant, name, len(values), wins, mean_score, mean, interval))
        return tuple(lines)

    def table(self) -> str:
        """The standings as a text table.

        >>> import hearts
        >>> result = hearts.tournament(hearts.Rules(target=30), [hearts.RandomBot()] * 4, games=4, seed=1)
        >>> print(result.table().splitlines()[0])
        entrant  bot     games   wins  mean score  points/hand (95% CI)
        """
        width = max(len(name) for name in self.names)
        lines = [
            f"{'entrant':<8} {'bot':<{width}} {'games':>6} {'wins':>6}  mean score  points/hand (95% CI)"
        ]
        for line in self.standings:
            low, high = line.interval
            lines.append(
                f"{line.entrant:<8} {line.name:<{width}} {line.games:>6} {line.wins:>6.1f}  "
                f"{line.mean_score:>10.1f}  {line.points_per_hand:6.2f} ({low:.2f} to {high:.2f})"
            )
        return "\n".join(lines)


def _mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, (mean, mean)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1)) / math.sqrt(count)
    return mean, (mean - _Z95 * spread, mean + _Z95 * spread)


def tournament(
    rules: Rules,
    bots: Sequence[Bot],
    games: int,
    seed: int,
    executor: Executor | None = None,
    *,
    bot_seed: int | None = None,
    progress: TournamentProgress | None = None,
    rotate: bool = True,
    chunk: int | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
) -> TournamentResult:
    """Play ``games`` games between ``bots`` (one entrant per seat), seats rotating.

    This is ``Tournament(rules, bots, games, seed, bot_seed=bot_seed,
    rotate=rotate).run(executor, ...)``: see :class:`Tournament` for how each game is
    seeded and seated, and :meth:`Tournament.play` for ``executor``, ``chunk``, ``out``
    and ``resume``. Without a ``bot_seed`` one is drawn from the operating system and kept
    in :attr:`TournamentResult.bot_seed` (when resuming, the one the results file holds);
    the same ``seed`` and ``bot_seed`` play the same tournament, serially or on any
    executor.

    >>> import hearts
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    >>> result = hearts.tournament(hearts.Rules(target=50), bots, games=8, seed=2)
    >>> len(result.games), [line.games for line in result.standings]
    (8, [8, 8, 8, 8])
    >>> result == hearts.tournament(hearts.Rules(target=50), bots, games=8, seed=2,
    ...                             bot_seed=result.bot_seed)
    True

    ``progress`` shows how a long run is going. It is called once, as
    ``progress(results, total=games)`` (:class:`TournamentProgress`), and iterated: each
    game's :class:`~hearts.GameResult` goes through it as soon as that game and those
    before it are done, in the order of the games, in the caller's thread, whatever the
    executor. That is how progress bars already take an iterable, so ``tqdm.tqdm`` or
    ``rich.progress.track`` is a ``progress`` as it stands, with no glue (and no
    dependency here), and :class:`Progress` prints a line:

    >>> from tqdm import tqdm  # doctest: +SKIP
    >>> big = hearts.tournament(hearts.Rules(), bots, 10_000, seed=1, progress=tqdm)  # doctest: +SKIP

    A callback, as a generator:

    >>> def report(results, *, total):
    ...     for done, game in enumerate(results, start=1):
    ...         print(f"{done}/{total} games")
    ...         yield game
    >>> seeded = hearts.tournament(hearts.Rules(target=50), bots, games=3, seed=2,
    ...                            bot_seed=result.bot_seed, progress=report)
    1/3 games
    2/3 games
    3/3 games
    >>> seeded == hearts.tournament(hearts.Rules(target=50), bots, games=3, seed=2,
    ...                             bot_seed=result.bot_seed)
    True

    The wrapper only watches: the result is the games as they were played, the same as
    without it, whatever it yields; it must pass every game on, or :class:`HeartsError`
    is raised. An exception it raises is not caught: it ends the tournament (the tasks
    not begun are cancelled) and reaches the caller.
    """
    if bot_seed is None and resume and out is not None:
        bot_seed = results_bot_seed(out)
    plan = Tournament(rules, bots, games, seed, bot_seed=bot_seed, rotate=rotate)
    return plan.run(executor, chunk=chunk, out=out, resume=resume, progress=progress)
