"""How a long run goes: the ``progress`` of a tournament, and :class:`Progress`, which prints it.

A :class:`TournamentProgress` wraps the games' results as they finish, as ``tqdm.tqdm``
does; :class:`Progress` is one that writes :func:`progress_line` on a stream, its time
read from a :class:`ProgressClock`. :func:`watched` passes a run's games through one.
"""

from __future__ import annotations

import contextlib
import inspect
import math
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import IO, Final, Protocol, TextIO

from hearts.bots.reference import GameResult
from hearts.errors import HeartsError, describe_value

__all__ = [
    "SYSTEM_CLOCK",
    "Progress",
    "ProgressClock",
    "TournamentProgress",
    "close_games",
    "progress_line",
    "watched",
]

_LONGEST_WAIT: Final = 86_400
"""The longest wait between two progress lines: a day."""


class TournamentProgress(Protocol):
    """The ``progress`` of :func:`tournament`: ``progress(results, total=games)``.

    It is given the games' results as an iterable, and how many there are, and returns an
    iterable that passes them on, looking at each on the way: the form of ``tqdm.tqdm``
    and ``rich.progress.track``, which are progress wrappers as they stand. When a run
    resumes from a results file, the games already kept are not played again and do not
    go through it: a ``progress`` that takes an ``initial`` keyword (``tqdm``,
    :class:`Progress`) is then called as ``progress(results, total=games,
    initial=kept)``, any other with ``total`` the games left to play.
    :class:`Progress` is one that prints a line. A callback
    ``callback(done, total, game)`` becomes one in a few lines:

    >>> def calling(callback):
    ...     def progress(results, *, total):
    ...         for done, game in enumerate(results, start=1):
    ...             callback(done, total, game)
    ...             yield game
    ...     return progress
    >>> import hearts
    >>> def show(done, total, game):
    ...     print(f"game {done} of {total}: {game.hands} hands")
    >>> _ = hearts.tournament(hearts.Rules(hands=2), [hearts.RandomBot()] * 4, games=2,
    ...                       seed=1, progress=calling(show))
    game 1 of 2: 2 hands
    game 2 of 2: 2 hands
    """

    def __call__(self, results: Iterable[GameResult], /, *, total: int) -> Iterable[GameResult]: ...


def _duration(seconds: float) -> str:
    """``0:21``, ``12:05`` or ``1:02:03``: whole seconds, rounded up."""
    minutes, secs = divmod(math.ceil(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def progress_line(done: int, total: int, elapsed: float, initial: int = 0) -> str:
    """``1,234/10,000 games, 412 games/s, ETA 0:22``: ``done`` games in ``elapsed`` seconds.

    The rate and the time left come from the games finished in this run alone (``done``
    less the ``initial`` ones kept from before), over the whole time since it began: no
    game that is still being played counts. They are left out until a game is done, and
    a rate below one game a second is given as seconds a game.

    >>> progress_line(1234, 10_000, 3.0)
    '1,234/10,000 games, 411 games/s, ETA 0:22'
    >>> progress_line(0, 10, 0.5), progress_line(3, 10, 10.0)
    ('0/10 games', '3/10 games, 3.3 s/game, ETA 0:24')
    >>> progress_line(600, 1_000, 1.0, initial=500)
    '600/1,000 games, 100 games/s, ETA 0:04'
    """
    line = f"{done:,}/{total:,} games"
    finished = done - initial
    if finished < 1 or elapsed <= 0:
        return line
    rate = finished / elapsed
    if rate >= 10:
        speed = f"{rate:,.0f} games/s"
    elif rate >= 1:
        speed = f"{rate:.1f} games/s"
    else:
        speed = f"{1 / rate:,.1f} s/game"
    return f"{line}, {speed}, ETA {_duration(max(total - done, 0) / rate)}"


class ProgressClock(Protocol):
    """What :class:`Progress` reads the time from, and waits on between its lines.

    :data:`SYSTEM_CLOCK` (:func:`time.monotonic`, :meth:`threading.Event.wait`) by default.
    A test gives one whose time moves only when it says, so that what is written, and
    when, does not depend on how busy the machine is.
    """

    def now(self) -> float:
        """Seconds since some fixed moment."""
        ...

    def wait(self, stop: threading.Event, seconds: float) -> bool:
        """Wait ``seconds``, or until ``stop`` is set; whether it is set."""
        ...


class _SystemClock:
    """The clock of :class:`Progress` by default: :func:`time.monotonic` and real waits."""

    def now(self) -> float:
        return time.monotonic()

    def wait(self, stop: threading.Event, seconds: float) -> bool:
        return stop.wait(seconds)

    def __repr__(self) -> str:
        return "SYSTEM_CLOCK"


SYSTEM_CLOCK: Final[ProgressClock] = _SystemClock()
"""The clock of :class:`Progress` by default: :func:`time.monotonic` and real waits."""


class Progress:
    """A :class:`TournamentProgress` that reports on a stream (``sys.stderr`` by default).

    On a terminal it shows one line from the start, ``label: 1,234/10,000 games, 412
    games/s, ETA 0:22`` (:func:`progress_line`), redrawn as games finish and every second
    while none does, and erased at the end. Elsewhere (a log file, a CI job) it writes
    such a line every ``every`` seconds, and a last one at the end when it wrote any and
    games have finished since: a run shorter than ``every`` writes nothing, and
    ``every=0`` writes a line for each game. ``hearts simulate`` shows its progress with
    one. The time comes from ``clock`` (a :class:`ProgressClock`).

    >>> import io, hearts
    >>> log = io.StringIO()
    >>> shown = Progress(log, label="run", every=0)
    >>> result = hearts.tournament(hearts.Rules(hands=1), [hearts.RandomBot()] * 4, 2,
    ...                            seed=1, progress=shown)
    >>> log.getvalue().splitlines()[-1].startswith("run: 2/2 games, ")
    True
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        label: str = "hearts",
        every: float = 10.0,
        clock: ProgressClock = SYSTEM_CLOCK,
    ) -> None:
        if (
            not isinstance(every, (int, float))
            or isinstance(every, bool)
            or not 0 <= every <= _LONGEST_WAIT
        ):
            raise HeartsError(
                f"every must be a number of seconds from 0 to {_LONGEST_WAIT:,}, got {every!r}."
            )
        if not callable(getattr(clock, "now", None)) or not callable(getattr(clock, "wait", None)):
            raise HeartsError(
                "clock must have now() and wait(stop, seconds), as hearts.bots.simulation.SYSTEM_CLOCK has, "
                f"got {describe_value(clock)}."
            )
        self.stream = stream
        self.label = label
        self.every = float(every)
        self.clock = clock

    def __repr__(self) -> str:
        return f"Progress(label={self.label!r}, every={self.every})"

    def __call__(
        self, results: Iterable[GameResult], /, *, total: int, initial: int = 0
    ) -> Iterator[GameResult]:
        stream = sys.stderr if self.stream is None else self.stream
        clock = self.clock
        terminal = _isatty(stream)
        lock = threading.Lock()
        started = clock.now()
        done = initial
        written = -1  # the games done at the last line written; -1 before the first

        def write() -> None:
            nonlocal written
            with lock:  # one line at a time, from the count it shows
                count = done
                line = progress_line(count, total, clock.now() - started, initial)
                with contextlib.suppress(OSError, ValueError):
                    if terminal:
                        stream.write(f"\r{self.label}: {line}\x1b[K")
                    else:
                        stream.write(f"{self.label}: {line}\n")
                    stream.flush()
                    written = count

        stop = threading.Event()
        period = 1.0 if terminal else self.every

        def tick() -> None:
            while not clock.wait(stop, period):
                write()

        each_game = not terminal and self.every == 0
        if terminal:
            write()
        ticker = threading.Thread(target=tick, name="hearts-progress", daemon=True)
        if not each_game:
            ticker.start()
        shown = clock.now()
        finished = False
        try:
            for result in results:
                done += 1
                if each_game or (terminal and (clock.now() - shown >= 0.2 or done == total)):
                    write()
                    shown = clock.now()
                yield result
            finished = True
        finally:
            stop.set()
            if ticker.is_alive():
                ticker.join()
            with lock, contextlib.suppress(OSError, ValueError):
                if terminal:
                    stream.write("\r\x1b[K")
                    stream.flush()
        if finished and not terminal and 0 <= written < done:
            write()


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def close_games(results: Iterable[GameResult]) -> None:
    """Stop a generator of games now (its ``finally`` cancels what it sent out)."""
    close = getattr(results, "close", None)
    if callable(close):
        close()


def _takes_initial(progress: TournamentProgress) -> bool:
    """Whether ``progress`` takes an ``initial`` keyword, as ``tqdm`` and :class:`Progress` do."""
    try:
        parameters = inspect.signature(progress).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(
        (parameter.name == "initial" and parameter.kind != parameter.POSITIONAL_ONLY)
        or parameter.kind == parameter.VAR_KEYWORD
        for parameter in parameters
    )


def watched(
    results: Iterable[GameResult], progress: TournamentProgress, total: int, initial: int
) -> Iterator[GameResult]:
    """``results``, each passed on once ``progress`` has looked at it, which must see all."""
    waiting: deque[GameResult] = deque()
    expected = total - initial
    fed = 0

    def feed() -> Generator[GameResult, None, None]:
        nonlocal fed
        for game in results:
            fed += 1
            waiting.append(game)
            yield game

    source = feed()
    wrapped: object = None
    try:
        call: Callable[..., object] = progress
        if initial and _takes_initial(progress):
            wrapped = call(source, total=total, initial=initial)
        else:
            wrapped = call(source, total=expected)
        if not isinstance(wrapped, Iterable):
            raise HeartsError(
                "progress must return an iterable that passes the games on, as "
                f"tqdm(results, total=games) does, but it returned {describe_value(wrapped)}."
            )
        for _ in wrapped:
            while waiting:
                yield waiting.popleft()
        while waiting:
            yield waiting.popleft()
    finally:
        close = getattr(wrapped, "close", None)  # a generator's: its own clean-up now
        if callable(close):
            close()
        source.close()
        close_games(results)  # cancels the tasks not begun
    if fed != expected:
        raise HeartsError(
            f"progress stopped after {fed:,} of {expected:,} games: it must pass every game on."
        )
