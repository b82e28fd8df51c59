"""Many games: chunks, executors, results files and resuming (issue 26, "Simulation at scale")."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from pools import process_pool

import hearts
from hearts import GameResult, RandomBot, RuleBot, Rules, Tournament
from hearts.bots import simulation, tasks
from hearts.bots import tournament as tournament_module

RULES = Rules(target=30)
BOTS = [RuleBot(), RandomBot(), RandomBot(), RuleBot()]


def _plan(games: int = 12, **changes: object) -> Tournament:
    return Tournament(RULES, BOTS, games, seed=3, bot_seed=4, **changes)  # type: ignore[arg-type]


# --- one engine, whatever the executor and the chunks ----------------------------------------


def test_the_games_are_the_same_whatever_the_executor_and_the_chunks() -> None:
    plan = _plan()
    serial = plan.run()
    assert [game.seed for game in serial.games] == [hearts.tournament_seed(3, g) for g in range(12)]
    with process_pool(2) as pool:
        for chunk in (1, 3, 5, 12, None):
            assert plan.run(pool, chunk=chunk) == serial, chunk
    with process_pool(1) as pool:
        assert plan.run(pool, chunk=4) == serial


def test_simulate_and_tournament_are_one_engine() -> None:
    """Issue 26: hearts simulate plays hearts.tournament's games, seats fixed."""
    plan = _plan(rotate=False)
    assert all(plan.seating(g) == (0, 1, 2, 3) for g in range(12))
    rotating = _plan()
    assert rotating.seating(1) == (3, 0, 1, 2)
    same = hearts.tournament(RULES, BOTS, 12, seed=3, bot_seed=4, rotate=False)
    assert plan.run() == same


def test_a_task_plays_many_games_and_sends_back_compact_rows() -> None:
    rows = tasks.play_rows((RULES, tasks.sendable(tuple(BOTS)), 3, 4, True, 2, 5))
    assert len(rows) == 3
    assert all(isinstance(value, (int, tuple)) for row in rows for value in row)
    games = list(_plan().play())
    assert [row[0] for row in rows] == [game.seed for game in games[2:5]]
    assert [row[2] for row in rows] == [game.scores for game in games[2:5]]


def test_the_default_chunk_keeps_dispatch_small_and_workers_busy() -> None:
    assert simulation.default_chunk(1) == 1
    assert simulation.default_chunk(640) == 10
    assert simulation.default_chunk(10**6) == 100


def test_bad_arguments_are_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(hearts.HeartsError, match="chunk must be a whole number of games"):
        _plan().play(chunk=0)
    with pytest.raises(
        hearts.HeartsError, match=r"executor must be a concurrent\.futures\.Executor"
    ):
        _plan().play(executor=map)  # type: ignore[arg-type]
    with pytest.raises(hearts.HeartsError, match="rotate must be True or False"):
        _plan(rotate=1)
    with pytest.raises(hearts.HeartsError, match="games must be a whole number"):
        Tournament(RULES, BOTS, 0, seed=1)


# --- nothing lost: results files and resuming ---------------------------------------------------


def _stopped(plan: Tournament, path: Path, games: int) -> None:
    """Play ``plan`` into ``path`` and stop it after ``games`` games."""
    played = plan.play(out=path)
    for _ in range(games):
        next(played)
    played.close()


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_each_game_is_appended_as_one_json_line(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    plan = _plan()
    games = plan.play(out=path)
    first = next(games)
    header, line = _lines(path)
    assert header["format"] == "hearts-results" and header["seed"] == 3
    assert header["bot_seed"] == 4 and header["fingerprint"] == RULES.fingerprint
    assert line["game"] == 0 and line["scores"] == list(first.scores)
    rest = list(games)
    assert [line["game"] for line in _lines(path)[1:]] == list(range(12))
    assert [first, *rest] == list(plan.run().games)


@pytest.mark.parametrize("trial", range(6))
def test_a_run_stopped_at_a_random_point_resumes_to_the_same_result(
    tmp_path: Path, trial: int
) -> None:
    """Stopped after a random number of games (the consumer stops, an exception, a pool
    cancelled), then resumed, perhaps more than once: no game twice, none missing, the
    same result as a run never stopped."""
    rng = random.Random(trial)
    path = tmp_path / "results.jsonl"
    plan = _plan(games=15)
    whole = plan.run()
    stops = sorted(rng.sample(range(1, 15), rng.randint(1, 3)))
    with process_pool(2) as pool:
        for stop in stops:
            executor = pool if rng.random() < 0.5 else None
            games = plan.play(executor, out=path, resume=True, chunk=rng.randint(1, 4))
            for _ in range(stop):  # the games kept come first, then those played now
                next(games)
            games.close()
        assert len(_lines(path)) - 1 == stops[-1]
        resumed = plan.run(pool if trial % 2 else None, out=path, resume=True)
    assert resumed == whole
    assert [line["game"] for line in _lines(path)[1:]] == list(range(15))


def test_an_exception_mid_run_keeps_the_games_before_it(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    plan = _plan()

    def stopping(results: Iterable[GameResult], *, total: int) -> Iterator[GameResult]:
        for done, game in enumerate(results, start=1):
            if done == 5:
                raise KeyboardInterrupt
            yield game

    with pytest.raises(KeyboardInterrupt):
        plan.run(out=path, progress=stopping)
    assert len(_lines(path)) - 1 == 5  # the fifth game was kept before progress saw it
    assert plan.run(out=path, resume=True) == plan.run()


def test_a_half_written_last_line_is_written_again(tmp_path: Path) -> None:
    """A run killed (or out of disk space) in the middle of a line leaves half of it."""
    path = tmp_path / "results.jsonl"
    plan = _plan()
    _stopped(plan, path, 4)
    text = path.read_text(encoding="utf-8")
    last = text.splitlines(keepends=True)[-1]
    path.write_text(text[: -len(last)] + last[: len(last) // 2], encoding="utf-8")
    assert plan.run(out=path, resume=True) == plan.run()
    assert [line["game"] for line in _lines(path)[1:]] == list(range(12))


def test_a_full_disk_stops_the_run_and_resume_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.jsonl"
    plan = _plan()
    written = tournament_module.result_line
    calls = 0

    def filling(index: int, game: GameResult) -> str:
        nonlocal calls
        calls += 1
        if calls == 7:
            raise OSError(errno.ENOSPC, "No space left on device")
        return written(index, game)

    monkeypatch.setattr(tournament_module, "result_line", filling)
    with pytest.raises(OSError, match="No space left"):
        plan.run(out=path)
    monkeypatch.undo()
    assert len(_lines(path)) - 1 == 6
    assert plan.run(out=path, resume=True) == plan.run()


def test_a_resume_can_extend_a_finished_run(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    _plan(games=5).run(out=path)
    assert _plan(games=9).run(out=path, resume=True) == _plan(games=9).run()


def test_a_results_file_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    _plan(games=5).run(out=path)
    with pytest.raises(hearts.HeartsError, match="already holds a run's results: pass resume=True"):
        _plan(games=5).run(out=path)
    with pytest.raises(
        hearts.HeartsError, match="holds another run: its seed is 3, this run's is 8"
    ):
        Tournament(RULES, BOTS, 5, seed=8, bot_seed=4).run(out=path, resume=True)
    with pytest.raises(hearts.HeartsError, match="its bot seed is 4, this run's is 5"):
        Tournament(RULES, BOTS, 5, seed=3, bot_seed=5).run(out=path, resume=True)
    with pytest.raises(hearts.HeartsError, match="its rules fingerprint is"):
        Tournament(Rules(target=40), BOTS, 5, seed=3, bot_seed=4).run(out=path, resume=True)
    with pytest.raises(hearts.HeartsError, match="its list of bots is"):
        Tournament(RULES, [RandomBot()] * 4, 5, seed=3, bot_seed=4).run(out=path, resume=True)
    with pytest.raises(hearts.HeartsError, match="its rotate"):
        _plan(games=5, rotate=False).run(out=path, resume=True)
    with pytest.raises(hearts.HeartsError, match="already holds 5 games, more than the 3"):
        _plan(games=3).run(out=path, resume=True)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = lines[2].replace('"seed":', '"seed":1', 1)
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(hearts.HeartsError, match="line 3, is not game 1 of this run"):
        _plan(games=5).run(out=path, resume=True)
    path.write_text("not a results file\n", encoding="utf-8")
    with pytest.raises(hearts.HeartsError, match="is not a hearts results file"):
        _plan(games=5).run(out=path, resume=True)


def test_a_game_whose_numbers_were_changed_is_refused(tmp_path: Path) -> None:
    """Each line carries a check of its fields: a score changed by hand (JSON still valid,
    every count still whole) is refused on resume, where it used to change the summary
    without a word (issue 39). The check is no signature (docs/simulation.md says so)."""
    path = tmp_path / "results.jsonl"
    _plan(games=5).run(out=path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    edited = json.loads(lines[3])
    edited["scores"][0] += 100
    edited["points"][0] += 100
    lines[3] = json.dumps(edited, separators=(",", ":")) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(hearts.HeartsError) as error:
        _plan(games=7).run(out=path, resume=True)
    assert str(error.value) == (
        f"{path}, line 4, is not game 2 of this run (the file was changed or damaged after the "
        "run wrote it): cut the file before that line to resume from there, or write to "
        "another file."
    )
    del edited["check"]  # a line without its check is refused the same way
    lines[3] = json.dumps(edited, separators=(",", ":")) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(hearts.HeartsError, match="line 4, is not game 2 of this run"):
        _plan(games=7).run(out=path, resume=True)
    path.write_text("".join(lines[:3]), encoding="utf-8")  # cut before it: resumes
    assert _plan(games=7).run(out=path, resume=True) == _plan(games=7).run()


def test_a_results_file_of_version_1_is_refused_in_a_sentence(tmp_path: Path) -> None:
    """Version 1 lines carry no check: this version reads version 2 only, and says so."""
    path = tmp_path / "results.jsonl"
    _plan(games=2).run(out=path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = lines[0].replace('"version":2,', '"version":1,', 1)
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(hearts.HeartsError) as error:
        _plan(games=4).run(out=path, resume=True)
    assert str(error.value) == (
        f"{path} is a results file of version 1, and this version of hearts reads version 2: "
        "resume it with the version of hearts that wrote it, or write to another file."
    )


def test_a_header_cut_short_starts_the_run_again_and_other_files_are_kept(
    tmp_path: Path,
) -> None:
    path = tmp_path / "results.jsonl"
    _stopped(_plan(), path, 1)
    for cut in (5, 30, 200):  # a run stopped while it wrote its header: no game is lost
        path.write_bytes(path.read_bytes()[:cut])
        assert simulation.results_bot_seed(path) is None
        assert (
            hearts.tournament(RULES, BOTS, 3, seed=3, out=path, resume=True).games
            == (
                hearts.tournament(
                    RULES, BOTS, 3, seed=3, bot_seed=simulation.results_bot_seed(path)
                )
            ).games
        )
    notes = tmp_path / "notes.txt"
    for text in (b"my precious notes", b"x" * (3 << 20)):  # one line, no end; too long
        notes.write_bytes(text)
        with pytest.raises(hearts.HeartsError, match="is not a hearts results file"):
            _plan().run(out=notes, resume=True)
        assert notes.read_bytes() == text
    with pytest.raises(hearts.HeartsError, match="is a folder: give the path of a results file"):
        _plan().play(out=tmp_path)
    with pytest.raises(hearts.HeartsError, match=r"the folder .* does not exist"):
        _plan().play(out=tmp_path / "missing" / "results.jsonl")


def test_tournament_resumes_with_the_bot_seed_its_file_holds(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    _stopped(hearts.Tournament(RULES, BOTS, 6, seed=3), path, 1)  # a drawn bot_seed
    resumed = hearts.tournament(RULES, BOTS, 6, seed=3, out=path, resume=True)
    assert resumed.bot_seed == simulation.results_bot_seed(path)
    assert resumed == hearts.tournament(RULES, BOTS, 6, seed=3, bot_seed=resumed.bot_seed)


def test_results_run_reads_the_header_back_and_refuses_a_damaged_one(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    plan = hearts.Tournament(RULES, BOTS, 3, seed=3, bot_seed=4)
    assert hearts.results_run(path) is None  # no file yet: no run
    plan.run(out=path)
    run = hearts.results_run(path)
    assert run == hearts.ResultsRun(RULES, 3, 4, tuple(bot.name for bot in BOTS), True)
    assert simulation.results_bot_seed(path) == 4
    header, *games = path.read_text().splitlines(keepends=True)
    good = json.loads(header)
    for change, said in (
        ({"rules": [1]}, "its rules are not an object"),
        ({"rules": {**good["rules"], "players": "x"}}, "its rules are refused (Rules.players "),
        ({"fingerprint": "0" * 64}, "its rules do not have its fingerprint"),
        ({"seed": "3"}, "its seeds, bots or seating are not what a run writes"),
        ({"bots": good["bots"][:3]}, "its seeds, bots or seating are not what a run writes"),
        ({"rotate": None}, "its seeds, bots or seating are not what a run writes"),
    ):
        path.write_text(json.dumps({**good, **change}) + "\n" + "".join(games))
        for read in (hearts.results_run, simulation.results_bot_seed):
            with pytest.raises(hearts.HeartsError) as refused:
                read(path)
            message = str(refused.value)
            assert message.startswith(f"{path} has a damaged header: {said}"), message
            assert message.endswith(
                ". Resume a file that a run wrote, unchanged, or write to another one."
            )
    with pytest.raises(TypeError, match=r"^results_run needs the path of a results file"):
        hearts.results_run(3)  # type: ignore[arg-type]
    with pytest.raises(hearts.HeartsError, match=r"^Cannot read 'a\\x00b': no file can have"):
        hearts.results_run("a\0b")


# --- progress that tells the truth --------------------------------------------------------------


class _Clock:
    """A :class:`hearts.bots.simulation.ProgressClock` whose time moves only when the test says.

    ``advance`` moves it, and returns only once the progress thread that was waiting has
    acted on the move (and waits again, or has stopped), so what is written and when
    follows from the test alone, never from how busy the machine is.
    """

    def __init__(self) -> None:
        self.time = 0.0
        self._changed = threading.Condition()
        self._deadline: float | None = None  # the progress thread's, while it waits
        self._busy = False  # the progress thread woke and has not waited again yet

    def now(self) -> float:
        with self._changed:
            return self.time

    def wait(self, stop: threading.Event, seconds: float) -> bool:
        with self._changed:
            self._busy, self._deadline = False, self.time + seconds
            self._changed.notify_all()
            while not stop.is_set() and self.time < self._deadline:
                self._changed.wait(0.01)  # stop has no condition of its own: look again
            self._deadline, self._busy = None, not stop.is_set()
            self._changed.notify_all()
            return stop.is_set()

    def _until(self, done: Callable[[], bool]) -> None:
        # A guard against a hang, not a measure of time: the thread acts at once.
        assert self._changed.wait_for(done, timeout=120), "the progress thread did not answer"

    def started(self) -> None:
        """Return once the progress thread waits for its first line.

        Only where there is one: with ``every=0`` off a terminal, none starts, and this
        would wait out its guard.
        """
        with self._changed:
            self._until(lambda: self._deadline is not None)

    def advance(self, seconds: float) -> None:
        with self._changed:
            self.time += seconds
            self._changed.notify_all()
            self._until(
                lambda: not self._busy and (self._deadline is None or self._deadline > self.time)
            )


def _arriving(clock: _Clock, games: list[GameResult], every: float) -> Iterator[GameResult]:
    """``games``, each arriving ``every`` seconds after the one before on ``clock``."""
    clock.started()
    for game in games:
        clock.advance(every)
        yield game


def test_off_a_terminal_progress_is_a_line_every_few_seconds() -> None:
    log, clock = io.StringIO(), _Clock()
    games = list(_plan(games=6).play())
    shown = hearts.Progress(log, label="run", every=10, clock=clock)
    assert list(shown(_arriving(clock, games, 6), total=6)) == games
    # A game every 6 s: lines at 12 s (1 game done), 24 s (3) and 36 s (5), then a last
    # one at the end for the sixth.
    assert log.getvalue().splitlines() == [
        "run: 1/6 games, 12.0 s/game, ETA 1:00",
        "run: 3/6 games, 8.0 s/game, ETA 0:24",
        "run: 5/6 games, 7.2 s/game, ETA 0:08",
        "run: 6/6 games, 6.0 s/game, ETA 0:00",
    ]
    quiet, clock = io.StringIO(), _Clock()
    shown = hearts.Progress(quiet, every=10, clock=clock)
    assert list(shown(_arriving(clock, games, 1.5), total=6)) == games
    assert quiet.getvalue() == ""  # shorter than ten seconds: nothing to report
    each, clock = io.StringIO(), _Clock()
    assert list(hearts.Progress(each, every=0, clock=clock)(games[:2], total=2)) == games[:2]
    assert each.getvalue() == "hearts: 1/2 games\nhearts: 2/2 games\n"  # no time passed


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_shows_from_the_start_and_while_games_run() -> None:
    terminal, clock = _Terminal(), _Clock()
    games = list(_plan(games=2).play())
    seen: list[str] = []

    def watching() -> Iterator[GameResult]:
        clock.started()
        seen.append(terminal.getvalue())
        clock.advance(2.5)  # no game finishes for a while: the line is redrawn all the same
        seen.append(terminal.getvalue())
        yield from games

    shown = hearts.Progress(terminal, label="run", clock=clock)
    assert list(shown(watching(), total=2)) == games
    assert seen[0] == "\rrun: 0/2 games\x1b[K"
    # Redrawn once: the wait from 0 s ended at 1 s, the next one ends 1 s after it woke.
    assert seen[1] == "\rrun: 0/2 games\x1b[K" * 2
    assert terminal.getvalue() == seen[1] + (  # each game as it finishes, then erased
        "\rrun: 1/2 games, 2.5 s/game, ETA 0:03\x1b[K"
        "\rrun: 2/2 games, 1.2 s/game, ETA 0:00\x1b[K\r\x1b[K"
    )
    with pytest.raises(hearts.HeartsError, match="clock must have now"):
        hearts.Progress(clock=time.monotonic)  # type: ignore[arg-type]


def test_the_rate_counts_only_the_games_finished_in_this_run() -> None:
    assert simulation.progress_line(5_000, 10_000, 10.0, initial=4_000) == (
        "5,000/10,000 games, 100 games/s, ETA 0:50"
    )
    assert simulation.progress_line(4_000, 10_000, 10.0, initial=4_000) == "4,000/10,000 games"


def test_a_resumed_run_gives_progress_the_games_kept(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    plan = _plan()
    _stopped(plan, path, 5)
    calls: list[tuple[int, int]] = []

    def recording(
        results: Iterable[GameResult], *, total: int, initial: int = 0
    ) -> Iterator[GameResult]:
        calls.append((total, initial))
        seen = list(results)
        calls.append((len(seen), 0))
        yield from seen

    assert plan.run(out=path, resume=True, progress=recording) == plan.run()
    assert calls == [(12, 5), (7, 0)]
    # A progress without an initial keyword (rich.progress.track) counts the games left.
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:4]))
    calls.clear()

    def counting(results: Iterable[GameResult], *, total: int) -> Iterator[GameResult]:
        calls.append((total, 0))
        yield from results

    assert plan.run(out=path, resume=True, progress=counting) == plan.run()
    assert calls == [(9, 0)]
    with pytest.raises(hearts.HeartsError, match="every must be a number of seconds"):
        hearts.Progress(every=float("inf"))


def test_progress_in_a_thread_other_than_the_main_one() -> None:
    log = io.StringIO()
    done: list[int] = []

    def run() -> None:
        result = hearts.tournament(RULES, BOTS, 3, seed=1, progress=hearts.Progress(log, every=0))
        done.append(len(result.games))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert done == [3] and log.getvalue().count("\n") == 3


# --- hearts simulate: --out, --resume, a run stopped however it stops ---------------------------

SIMULATE = [
    "simulate",
    "--games",
    "120",
    "--target",
    "40",
    "--bots",
    "rule,random,random,random",
    "--json",
    "--seed",
    "5",
    "--bot-seed",
    "6",
]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hearts", *args], capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def uninterrupted() -> str:
    done = _run(*SIMULATE)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _workers(pid: int) -> list[int]:
    """The worker processes of ``pid`` (not its resource tracker)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    found = []
    for child in map(int, children):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
    return found


def _kept_lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except OSError:
        return 0


def _started(command: list[str]) -> subprocess.Popen[str]:
    """``python -m hearts`` in a session of its own, with Ctrl-C acted on as in a terminal."""
    # A shell that runs the tests in the background (a CI job, `nohup ... &`) ignores
    # Ctrl-C, and a process started here would inherit that.
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "hearts", *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals and /proc")
@pytest.mark.parametrize(
    "how", ["SIGTERM", "Ctrl-C", "SIGKILL", "a worker killed", "SIGTERM, one process"]
)
def test_hearts_simulate_stopped_at_a_random_point_resumes_to_the_same_summary(
    tmp_path: Path, how: str, uninterrupted: str
) -> None:
    path = tmp_path / "results.jsonl"
    workers = "1" if how.endswith("one process") else "2"
    args = [*SIMULATE, "--workers", workers, "--out", str(path)]
    stop_after = random.Random(how).randint(1, 90)
    process = _started(args)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _kept_lines(path) < stop_after + 1:
            time.sleep(0.01)
        if how.startswith("SIGTERM"):
            process.send_signal(signal.SIGTERM)
        elif how == "Ctrl-C":
            os.killpg(process.pid, signal.SIGINT)
        elif how == "SIGKILL":
            os.killpg(process.pid, signal.SIGKILL)
        else:
            os.kill(_workers(process.pid)[0], signal.SIGKILL)
        _, err = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    kept = _kept_lines(path) - 1
    if process.returncode == 0:  # it finished before the stop: resuming plays nothing
        assert kept == 120
    elif how == "SIGKILL":
        assert process.returncode == -signal.SIGKILL
    else:
        status, said = {
            "SIGTERM": (143, "terminated"),
            "SIGTERM, one process": (143, "terminated"),
            "Ctrl-C": (130, "interrupted"),
            "a worker killed": (1, "a worker process stopped before its games were done"),
        }[how]
        assert (process.returncode, err) == (
            status,
            f"hearts: {said}; {kept:,} games are kept in {path}: run again with --resume to "
            "go on.\n",
        )
    # Resumed with no more than the count and the file: the rules, the bots, the deals'
    # seed and the bots' seed are read back from the file's header.
    resumed = _run(
        "simulate", "--games", "120", "--json", "--workers", workers, "--out", str(path), "--resume"
    )
    assert (resumed.returncode, resumed.stderr) == (0, "")
    assert resumed.stdout == uninterrupted
    games = [json.loads(line)["game"] for line in path.read_text().splitlines()[1:]]
    assert games == list(range(120))


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals and /proc")
def test_hearts_simulate_stopped_at_any_moment_says_one_line(tmp_path: Path) -> None:
    """Many runs of ``hearts simulate --workers 2``, each stopped at a random moment once its
    workers run: SIGTERM and Ctrl-C sent to the whole process group (as ``kill -TERM --
    -PGID``, a terminal, or a service manager send them), and SIGTERM to the parent alone,
    with and without ``--out``. Each exits with its status and one line on stderr, never
    a traceback (such as a pool's thread finding a future cancelled, which happened when
    the workers died of the signal before the parent began to stop)."""
    rng = random.Random(38)
    hows = ("SIGTERM to the group", "Ctrl-C", "SIGTERM to the parent")
    runs = [(how, out) for _ in range(3) for how in hows for out in (False, True)]
    rng.shuffle(runs)
    for batch in range(0, len(runs), 3):
        started = []
        for number, (how, out) in enumerate(runs[batch : batch + 3], start=batch):
            path = tmp_path / f"results-{number}.jsonl"
            command = ["simulate", "--games", "100000", "--workers", "2", "--target", "30"]
            started.append((how, path if out else None, _started(
                [*command, *(["--out", str(path)] if out else [])]
            )))  # fmt: skip
        try:
            for how, _path, process in started:
                deadline = time.monotonic() + 120  # a guard against a hang, not a measure
                while time.monotonic() < deadline and len(_workers(process.pid)) < 2:
                    time.sleep(0.02)
                time.sleep(rng.uniform(0, 1.5))  # a random moment of the run
                if how == "SIGTERM to the parent":
                    process.send_signal(signal.SIGTERM)
                else:
                    sent = signal.SIGINT if how == "Ctrl-C" else signal.SIGTERM
                    os.killpg(process.pid, sent)
            results = [
                (how, path, *process.communicate(timeout=120)) for how, path, process in started
            ]
        finally:
            for *_, process in started:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
        for (how, path, _, err), (*_, process) in zip(results, started, strict=True):
            said, status = ("interrupted", 130) if how == "Ctrl-C" else ("terminated", 143)
            if path is None:
                expected = f"hearts: {said}\n"
            else:
                kept = _kept_lines(path) - 1
                games = f"{kept:,} game{'s' if kept != 1 else ''} {'is' if kept == 1 else 'are'}"
                expected = (
                    f"hearts: {said}; {games} kept in {path}: run again with --resume to go on.\n"
                )
            assert (how, process.returncode, err) == (how, status, expected)


def _children(pid: int) -> list[int]:
    """Every child process of ``pid``: its workers and the pool's resource tracker."""
    try:
        return [
            int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        ]
    except OSError:
        return []


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs: a zombie, which has exited but not been reaped (a
    container's first process may never reap an orphan), does not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals and /proc")
def test_workers_exit_when_their_parent_is_killed(tmp_path: Path) -> None:
    """SIGKILL to the parent alone (what the out-of-memory killer sends) leaves no process
    running: the workers see their parent gone and exit, and the pool's resource tracker
    with them. Before, both workers and the tracker waited for ever (issue 39)."""
    command = ["simulate", "--games", "100000", "--workers", "2", "--target", "30"]
    process = _started([*command, "--out", str(tmp_path / "results.jsonl")])
    try:
        deadline = time.monotonic() + 120  # a guard against a hang, not a measure
        while time.monotonic() < deadline and len(_workers(process.pid)) < 2:
            time.sleep(0.02)
        assert len(_workers(process.pid)) == 2, "the workers never started"
        left = _children(process.pid)
        process.kill()  # the parent alone, not its process group
        process.wait(timeout=60)  # (its pipes stay open while a worker holds them)
        deadline = time.monotonic() + 60  # a guard against a hang, not a measure
        while time.monotonic() < deadline and any(map(_running, left)):
            time.sleep(0.05)
        assert [pid for pid in left if _running(pid)] == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)  # its pipes, closed


def test_hearts_simulate_refuses_to_overwrite_or_to_resume_nothing(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    done = _run("simulate", "--games", "2", "--target", "20", "--resume")
    assert (done.returncode, done.stderr) == (
        2,
        "hearts: --resume needs --out FILE: the results file of the run to go on with.\n",
    )
    assert _run("simulate", "--games", "2", "--target", "20", "--out", str(path)).returncode == 0
    done = _run("simulate", "--games", "2", "--target", "20", "--out", str(path))
    assert (done.returncode, done.stderr) == (
        2,
        f"hearts: --out: {path} already holds a run's results: add --resume to go on with it, "
        "or give another file.\n",
    )
    missing = tmp_path / "no-such-folder" / "results.jsonl"
    done = _run("simulate", "--games", "2", "--target", "20", "--out", str(missing))
    assert (done.returncode, done.stderr) == (
        2,
        f"hearts: Cannot write {missing}: the folder {missing.parent} does not exist; create "
        "it, or give a path in a folder that does.\n",
    )
    done = _run("simulate", "--games", "2", "--target", "30", "--out", str(path), "--resume")
    assert done.returncode == 2 and "holds another run: its rules fingerprint is" in done.stderr


# --- the docs' scale-out scripts run as written -------------------------------------------------

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def test_the_process_pool_script_runs_as_written(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "process_pool.py"), "8", "2"],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("entrant  bot") and done.stdout.count("\n") == 5
    bots = [RuleBot(), RandomBot(), RandomBot(), RandomBot()]
    assert done.stdout == hearts.tournament(Rules(), bots, 8, seed=1, bot_seed=2).table() + "\n"


def test_the_dask_script_runs_as_written(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    command = [sys.executable, str(EXAMPLES / "dask_cluster.py"), "6"]
    first = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    bots = [RuleBot(), RandomBot(), RandomBot(), RandomBot()]
    assert first.stdout == hearts.tournament(Rules(), bots, 6, seed=1, bot_seed=2).table() + "\n"
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 7
    # Run again, it reads its games back: the library's resume, tested above.
    again = hearts.tournament(Rules(), bots, 6, seed=1, out=tmp_path / "results.jsonl", resume=True)
    assert again.table() + "\n" == first.stdout and again.bot_seed == 2
