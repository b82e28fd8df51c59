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

>>> import hearts
>>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
>>> plan = hearts.Tournament(hearts.Rules(target=50), bots, games=3, seed=2, bot_seed=5)
>>> [game.seed == hearts.tournament_seed(2, g) for g, game in enumerate(plan.play())]
[True, True, True]
>>> plan.run() == hearts.tournament(hearts.Rules(target=50), bots, 3, seed=2, bot_seed=5)
True
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import math
import os
import pickle
import random
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import IO, Any, Final, Protocol, TextIO

import attrs

from hearts.bots.reference import Bot, GameResult, checked_seed, is_bot, play_game, seated_bots
from hearts.errors import HeartsError, describe_value
from hearts.game.rules import Rules
from hearts.game.shuffle import check_seed

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

_Z95: Final = 1.959964
_MAX_CHUNK: Final = 100
"""The most games in one task: about half a second of RandomBot games on one core."""
_IN_FLIGHT: Final = 256
"""The most chunks handed to an executor at once: enough to keep 256 workers busy, and few
enough that a run of millions of games keeps no long queue of futures."""
_LONGEST_WAIT: Final = 86_400
"""The longest wait between two progress lines: a day."""
_FORMAT: Final = "hearts-results"
_VERSION: Final = 2  # 2: each game's line ends with its check


# --- seeds and seats ---------------------------------------------------------------------


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


def _game_bot_seed(bot_seed: int, index: int) -> int:
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
_Row = tuple[
    int, int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int
]
# What a task plays: rules, the entrants (pickled for an executor), seed, bot_seed,
# rotate, and the numbers of its first game and of the game after its last.
_Job = tuple[Rules, "tuple[Bot, ...] | bytes", int, int, bool, int, int]


def _seating(players: int, game: int, rotate: bool) -> tuple[int, ...]:
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


def _play_rows(job: _Job) -> tuple[_Row, ...]:
    """Play the games of one task; where an executor runs it, this runs in its worker."""
    rules, sent, seed, bot_seed, rotate, start, stop = job
    bots = _loaded(sent)
    rows = []
    for game in range(start, stop):
        seated = [bots[entrant] for entrant in _seating(rules.players, game, rotate)]
        done = play_game(
            rules, seated, tournament_seed(seed, game), bot_seed=_game_bot_seed(bot_seed, game)
        )
        rows.append(
            (done.seed, done.bot_seed, done.scores, done.winners, done.hands, done.points,
             done.changes, done.moons, done.suns)
        )  # fmt: skip
    return tuple(rows)


def _sendable(bots: tuple[Bot, ...]) -> bytes:
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


# --- progress ----------------------------------------------------------------------------


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


def _close(results: Iterable[GameResult]) -> None:
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


def _watched(
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
        _close(results)  # cancels the tasks not begun
    if fed != expected:
        raise HeartsError(
            f"progress stopped after {fed:,} of {expected:,} games: it must pass every game on."
        )


# --- the results file ----------------------------------------------------------------------


def _result_line(index: int, game: GameResult) -> str:
    """Game ``index``'s line of a results file: its number, its fields, and their check."""
    fields = attrs.asdict(game, recurse=False, filter=lambda field, _: field.name != "moves")
    line: dict[str, object] = {"game": index, **fields}
    line["check"] = _check_of(json.dumps(line, separators=(",", ":")))
    return json.dumps(line, separators=(",", ":")) + "\n"


def _check_of(text: str) -> str:
    """A digest of a line's fields, so that a line changed after it was written is seen.

    It catches a damaged line and a number changed by hand; it is no signature (whoever
    can write the file can work it out again), and the docs say so.
    """
    return hashlib.blake2b(text.encode(), digest_size=8, person=b"hearts-results").hexdigest()


def _whole(value: object) -> bool:
    if isinstance(value, list):
        return all(_whole(item) for item in value)
    return isinstance(value, int) and not isinstance(value, bool)


def _game_of(line: dict[str, Any]) -> GameResult:
    """The :class:`GameResult` of a line's fields (its lists as tuples), or TypeError."""
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in line.items()}
    return GameResult(**fields)


def _game_from_line(text: str, index: int, tournament: Tournament) -> GameResult | None:
    """The game of one line of a results file, or None if it is not game ``index`` of it.

    The line must be exactly what the run writes for that game: its seeds and bots those
    of game ``index``, every count a whole number, and its check that of its fields.
    """
    try:
        line = json.loads(text)
    except ValueError:
        return None
    if (
        not isinstance(line, dict)
        or line.pop("game", None) != index
        or not isinstance(line.pop("check", None), str)
        or not all(_whole(value) for key, value in line.items() if key != "bots")
    ):
        return None
    try:
        game = _game_of(line)
    except TypeError:
        return None
    names = tuple(tournament.bots[entrant].name for entrant in tournament.seating(index))
    if (
        _result_line(index, game) != text
        or game.seed != tournament_seed(tournament.seed, index)
        or game.bot_seed != _game_bot_seed(tournament.bot_seed, index)
        or game.bots != names
    ):
        return None
    return game


@attrs.frozen
class _Kept:
    """What a results file holds for a run: its games so far, up to ``end`` bytes."""

    path: Path
    games: int
    end: int
    new: bool


_LINE_LIMIT: Final = 1 << 20
"""The longest line a results file may hold (a header's rules take a few kilobytes)."""
_HEADER_START: Final = b'{"format":"hearts-results",'


def _header_line(tournament: Tournament) -> bytes:
    """The first line of the results file of ``tournament``'s run, without its end."""
    return json.dumps(_header(tournament), separators=(",", ":")).encode()


def _header(tournament: Tournament) -> dict[str, object]:
    return {
        "format": _FORMAT,
        "version": _VERSION,
        "rules": tournament.rules.to_dict(),
        "fingerprint": tournament.rules.fingerprint,
        "seed": tournament.seed,
        "bot_seed": tournament.bot_seed,
        "bots": [bot.name for bot in tournament.bots],
        "rotate": tournament.rotate,
    }


_PINNED: Final = {
    "fingerprint": "rules fingerprint",
    "seed": "seed",
    "bot_seed": "bot seed",
    "bots": "list of bots",
    "rotate": "rotate (seating)",
}
"""What a results file's header pins, and how a refusal names it."""


def _read_header(path: Path, first: bytes) -> dict[str, object]:
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != _FORMAT:
        raise HeartsError(
            f"{path} is not a hearts results file (its first line is not the header that "
            "Tournament.play writes): resume from a file that a run wrote, or write to "
            "another one."
        )
    if header.get("version") != _VERSION:
        raise HeartsError(
            f"{path} is a results file of version {header.get('version')!r}, and this "
            f"version of hearts reads version {_VERSION}: resume it with the version of "
            "hearts that wrote it, or write to another file."
        )
    return header


def _open_results(path: Path) -> IO[bytes] | None:
    """``path`` opened to read, or None where it does not exist yet (its folder must)."""
    if path.is_dir():
        raise HeartsError(
            f"{path} is a folder: give the path of a results file in it, such as "
            f"{path / 'results.jsonl'}."
        )
    try:
        return open(path, "rb")
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise HeartsError(
                f"Cannot write {path}: the folder {path.parent} does not exist; create it, "
                "or give a path in a folder that does."
            ) from None
        return None
    except OSError as error:
        raise HeartsError(
            f"Cannot read {path} ({error.strerror or error}): give a results file that this "
            "process may read and write, or another path."
        ) from None
    except ValueError:  # a null character, or one the file system cannot encode
        raise HeartsError(
            f"Cannot read {str(path)!a}: no file can have that name (it holds a null "
            "character, or one the file system cannot encode); give another path."
        ) from None


def _cut_header(first: bytes) -> bool:
    """Whether ``first``, a file's first line, is a header that a stopped run cut short.

    Such a file holds no game, so a run may start it again; any other line is kept.
    """
    return not first.endswith(b"\n") and (
        first.startswith(_HEADER_START) or _HEADER_START.startswith(first)
    )


@attrs.frozen
class ResultsRun:
    """The run a results file's games belong to, as its header pins it (:func:`results_run`).

    ``bots`` are the entrants' names (:attr:`hearts.Bot.name`), in entrant order: a run is
    resumed with bots of the same names.
    """

    rules: Rules
    seed: int
    bot_seed: int
    bots: tuple[str, ...]
    rotate: bool


def results_run(path: str | os.PathLike[str]) -> ResultsRun | None:
    """The run whose results ``path`` holds, as its header pins it; None if it holds none yet.

    What a resumed run has not been given can be read back from it, as ``hearts simulate
    --resume`` reads the rules, seeds and bots.

    >>> import hearts, tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "results.jsonl"
    >>> results_run(path) is None
    True
    >>> bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    >>> done = hearts.tournament(hearts.Rules(hands=1), bots, 2, seed=5, bot_seed=8, out=path)
    >>> run = results_run(path)
    >>> run.rules == hearts.Rules(hands=1), run.seed, run.bot_seed, run.bots
    (True, 5, 8, ('rule-based', 'random', 'random', 'random'))
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            "results_run needs the path of a results file (a str or a pathlib.Path), got "
            f"{describe_value(path)}."
        )
    file = _open_results(Path(path))
    if file is None:
        return None
    with file:
        first = file.readline(_LINE_LIMIT)
    if _cut_header(first):  # empty, or no more than a header cut short: no run yet
        return None
    header = _read_header(Path(path), first)
    read = _header_rules(header)
    if isinstance(read, str):
        raise HeartsError(
            f"{path} has a damaged header: {read}. Resume a file that a run wrote, "
            "unchanged, or write to another one."
        )
    seed, bot_seed, bots, rotate = (
        header.get(key) for key in ("seed", "bot_seed", "bots", "rotate")
    )
    if not (
        isinstance(seed, int)
        and isinstance(bot_seed, int)
        and not isinstance(seed, bool)
        and not isinstance(bot_seed, bool)
        and isinstance(bots, list)
        and len(bots) == read.players
        and all(isinstance(name, str) for name in bots)
        and isinstance(rotate, bool)
    ):
        raise HeartsError(
            f"{path} has a damaged header: its seeds, bots or seating are not what a run "
            "writes. Resume a file that a run wrote, unchanged, or write to another one."
        )
    return ResultsRun(read, seed, bot_seed, tuple(bots), rotate)


def _header_rules(header: dict[str, object]) -> Rules | str:
    """A results file header's rules, or what is wrong with them (a clause)."""
    rules = header.get("rules")
    if not isinstance(rules, dict):
        return "its rules are not an object"
    try:
        read = Rules.from_dict(rules)
    except HeartsError as error:
        return f"its rules are refused ({str(error).rstrip('.')})"
    if read.fingerprint != header.get("fingerprint"):
        return "its rules do not have its fingerprint"
    return read


def results_bot_seed(path: str | os.PathLike[str]) -> int | None:
    """The ``bot_seed`` of the run whose results ``path`` holds; None if it holds none yet.

    >>> results_bot_seed("no-such-file.jsonl") is None
    True
    """
    run = results_run(path)
    return None if run is None else run.bot_seed


def _kept(path: Path, tournament: Tournament, resume: bool) -> _Kept:
    """Check ``path`` against ``tournament``; what it keeps of it (nothing if it is new)."""
    file = _open_results(path)
    if file is None:
        return _Kept(path, 0, 0, True)
    with file:
        first = file.readline(_LINE_LIMIT)
        if _cut_header(first):  # empty, or stopped while writing the header: no game yet
            return _Kept(path, 0, 0, True)
        if not resume:
            raise HeartsError(
                f"{path} already holds a run's results: pass resume=True to go on with it, "
                "or write to another file."
            )
        header = _read_header(path, first)
        mine = _header(tournament)
        for key, name in _PINNED.items():
            if header.get(key) != mine[key]:
                raise HeartsError(
                    f"{path} holds another run: its {name} is {header.get(key)!r}, this run's "
                    f"is {mine[key]!r}. Resume it with the same rules, seeds, bots and "
                    "seating, or write to another file."
                )
        games, end = 0, file.tell()
        while text := file.readline(_LINE_LIMIT):
            if not text.endswith(b"\n") and len(text) < _LINE_LIMIT:
                break  # the last line, cut short by a stopped run: it is written again
            if _game_from_line(text.decode("utf-8", "replace"), games, tournament) is None:
                raise HeartsError(
                    f"{path}, line {games + 2}, is not game {games} of this run (the file was "
                    "changed or damaged after the run wrote it): cut the file before that "
                    "line to resume from there, or write to another file."
                )
            games, end = games + 1, end + len(text)
    if games > tournament.games:
        raise HeartsError(
            f"{path} already holds {games:,} games, more than the {tournament.games:,} of "
            "this run: resume with at least as many games."
        )
    return _Kept(path, games, end, False)


def _kept_games(kept: _Kept, tournament: Tournament) -> Iterator[GameResult]:
    """The games that ``kept`` found, read again: they were checked then, so only parsed."""
    with open(kept.path, "rb") as file:
        file.readline(_LINE_LIMIT)
        for index in range(kept.games):
            try:
                line = json.loads(file.readline(_LINE_LIMIT))
                line.pop("game")
                line.pop("check")
                yield _game_of(line)
            except (ValueError, TypeError, KeyError, AttributeError):
                raise HeartsError(
                    f"{kept.path} changed while this run read it back, at game {index}: "
                    "resume again, with one run at a time on the file."
                ) from None


# --- tournaments ---------------------------------------------------------------------------


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
        return _seating(self.rules.players, game, self.rotate)

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
        kept = None if out is None else _kept(Path(out), self, bool(resume))
        sent: tuple[Bot, ...] | bytes = self.bots if executor is None else _sendable(self.bots)
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
        kept: _Kept | None,
        sent: tuple[Bot, ...] | bytes,
        progress: TournamentProgress | None,
    ) -> Iterator[GameResult]:
        start = 0 if kept is None else kept.games
        if kept is not None and not kept.new:
            yield from _kept_games(kept, self)
        if start == self.games:
            return
        played = self._played(executor, chunk or default_chunk(self.games - start), start, sent)
        if kept is not None:
            played = self._written(played, kept)
        if progress is not None:
            played = _watched(played, progress, self.games, start)
        try:
            yield from played
        finally:
            _close(played)

    def _written(self, played: Iterator[GameResult], kept: _Kept) -> Iterator[GameResult]:
        """``played``, each game appended to the results file before it is passed on."""
        with open(kept.path, "wb" if kept.new else "r+b") as file:
            if kept.new:
                file.write(_header_line(self) + b"\n")
            else:
                file.seek(kept.end)
                file.truncate()
            file.flush()
            index = kept.games
            try:
                for game in played:
                    file.write(_result_line(index, game).encode())
                    file.flush()
                    index += 1
                    yield game
            finally:
                _close(played)

    def _played(
        self, executor: Executor | None, chunk: int, start: int, sent: tuple[Bot, ...] | bytes
    ) -> Iterator[GameResult]:
        """The games from ``start`` on, played here or sent to ``executor`` in chunks."""

        def job(first: int, size: int) -> _Job:
            last = min(first + size, self.games)
            return (self.rules, sent, self.seed, self.bot_seed, self.rotate, first, last)

        if executor is None:  # game by game, so that each is passed on as soon as it ends
            for game in range(start, self.games):
                yield from self._results(game, _play_rows(job(game, 1)))
            return
        firsts = iter(range(start, self.games, chunk))
        pending: deque[tuple[int, Future[tuple[_Row, ...]]]] = deque()
        try:
            for first in firsts:
                pending.append((first, executor.submit(_play_rows, job(first, chunk))))
                if len(pending) == _IN_FLIGHT:
                    break
            while pending:
                first, future = pending.popleft()
                rows = future.result()
                following = next(firsts, None)
                if following is not None:
                    pending.append((following, executor.submit(_play_rows, job(following, chunk))))
                yield from self._results(first, rows)
        finally:
            for _, future in pending:
                future.cancel()

    def _results(self, first: int, rows: tuple[_Row, ...]) -> Iterator[GameResult]:
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
