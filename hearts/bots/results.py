"""Results files: a run's games kept as JSON lines, each with its check, and resumed.

The first line, the header, pins the run (its rules, seeds, bots and seating); each game
is then one line (:func:`result_line`) ending with a digest of its fields, so that a line
changed after it was written is seen. :func:`kept_in` checks a file against a
:class:`~hearts.Tournament` and says what it keeps for the run to go on from, and
:func:`results_run` reads back the run a file holds.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final

import attrs

from hearts.bots.reference import GameResult
from hearts.bots.tasks import game_bot_seed, tournament_seed
from hearts.errors import HeartsError, describe_value
from hearts.game.rules import Rules

if TYPE_CHECKING:
    from hearts.bots.tournament import Tournament

__all__ = [
    "Kept",
    "ResultsRun",
    "header_line",
    "kept_games",
    "kept_in",
    "result_line",
    "results_bot_seed",
    "results_run",
]

_FORMAT: Final = "hearts-results"
_VERSION: Final = 2  # 2: each game's line ends with its check


def result_line(index: int, game: GameResult) -> str:
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
        result_line(index, game) != text
        or game.seed != tournament_seed(tournament.seed, index)
        or game.bot_seed != game_bot_seed(tournament.bot_seed, index)
        or game.bots != names
    ):
        return None
    return game


@attrs.frozen
class Kept:
    """What a results file holds for a run: its games so far, up to ``end`` bytes."""

    path: Path
    games: int
    end: int
    new: bool


_LINE_LIMIT: Final = 1 << 20
"""The longest line a results file may hold (a header's rules take a few kilobytes)."""
_HEADER_START: Final = b'{"format":"hearts-results",'


def header_line(tournament: Tournament) -> bytes:
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


def kept_in(path: Path, tournament: Tournament, resume: bool) -> Kept:
    """Check ``path`` against ``tournament``; what it keeps of it (nothing if it is new)."""
    file = _open_results(path)
    if file is None:
        return Kept(path, 0, 0, True)
    with file:
        first = file.readline(_LINE_LIMIT)
        if _cut_header(first):  # empty, or stopped while writing the header: no game yet
            return Kept(path, 0, 0, True)
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
    return Kept(path, games, end, False)


def kept_games(kept: Kept, tournament: Tournament) -> Iterator[GameResult]:
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
