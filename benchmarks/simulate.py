"""Many games: games per second with 1 and 2 workers, serial, a process pool and Dask.

What it answers (docs/simulation.md gives the figures): how long 100,000 standard games
between RandomBots or RuleBots take with 2 workers, how much faster 2 workers are than 1
and at what CPU per game over the serial run, and whether the parent's memory stays flat
over a 100,000-game run.

For each bot, each executor (none, a process pool, a Dask ``LocalCluster`` of single-
threaded worker processes) and each number of workers, this plays the same games through
:meth:`hearts.Tournament.play` (results streamed, as ``hearts simulate`` plays them), once
the workers have started, and prints the games per second, the speed-up over one worker,
and the CPU per game of the workers over that of the serial run. ``--full`` also plays
100,000 games with 2 workers for each bot and prints the wall time and the parent's
resident memory after 10,000 and 100,000 games. The load average at the start says how
idle the machine was.

Usage: ``python benchmarks/simulate.py [--quick] [--games N] [--full] [--no-dask]``.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

import hearts

HERE = Path(__file__).resolve().parent
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_of(pids: list[int]) -> float:
    """User and system CPU seconds that the processes ``pids`` used so far (Linux)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / TICKS


def _rss_mib() -> float:
    """The resident memory of this process now, in MiB (Linux), or nan."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        return float("nan")
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@contextlib.contextmanager
def _pool(workers: int) -> Iterator[tuple[Executor, Callable[[], float]]]:
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(abs, range(workers * 4)))  # the workers start before the clock does
        pids = list(pool._processes)
        yield pool, lambda: _cpu_of(pids)


@contextlib.contextmanager
def _dask(workers: int) -> Iterator[tuple[Executor, Callable[[], float]]]:
    import distributed

    with (
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: 8787 may be taken
            silence_logs=logging.CRITICAL,  # its workers' heartbeats complain at the close
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = [int(pid) for pid in client.run(os.getpid).values()]
        yield client.get_executor(), lambda: _cpu_of(pids)


@contextlib.contextmanager
def _serial(workers: int) -> Iterator[tuple[None, Callable[[], float]]]:
    yield None, time.process_time


def _timed(
    plan: hearts.Tournament, executor: Executor | None, cpu: Callable[[], float]
) -> tuple[float, float]:
    """Wall seconds and CPU seconds (where the games ran) to play ``plan``."""
    cpu_before, started = cpu(), time.perf_counter()
    for _ in plan.play(executor):
        pass
    return time.perf_counter() - started, cpu() - cpu_before


def _busy(_: int) -> float:
    """A fixed amount of plain Python work; the CPU seconds it took in this process."""
    started = time.process_time()
    total = 0
    for number in range(3_000_000):
        total += number * number % 7
    return time.process_time() - started


def machine(dask: bool) -> None:
    """The CPU that the same plain work costs alone, two at once, and in a Dask worker.

    On a machine whose two cores share one physical core (hyperthreads of a virtual
    machine), two processes at once each take more CPU for the same work: a cost of the
    machine, which no library running on it can avoid. A Dask worker runs a task in a
    thread beside its own event loop and monitors, which take the interpreter's lock
    from it now and then: the same work costs more CPU there, whatever the task.
    """
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(abs, range(8)))
        alone = min(pool.submit(_busy, 0).result() for _ in range(3))
        together = min(max(pool.map(_busy, range(2))) for _ in range(3))
    print()
    print(
        f"The machine: plain Python work costs {alone:.3f} CPU s in one process alone and "
        f"{together:.3f} CPU s in each of two at once ({together / alone:.2f}x)."
    )
    if dask:
        with _dask(1) as (executor, cpu):
            costs = []
            for _ in range(3):
                before = cpu()
                executor.submit(_busy, 0).result()
                costs.append(cpu() - before)
        print(
            f"The same work as a task in a Dask worker process: {min(costs):.3f} CPU s of "
            f"that process ({min(costs) / alone:.2f}x)."
        )


def speeds(games: int, dask: bool) -> None:
    from environment import table

    runs = [("serial", _serial, (1,)), ("process pool", _pool, (1, 2))]
    if dask:
        runs.append(("Dask LocalCluster", _dask, (1, 2)))
    for bot in (hearts.RandomBot(), hearts.RuleBot()):
        count = games if isinstance(bot, hearts.RandomBot) else max(games * 2 // 3, 2)
        plan = hearts.Tournament(hearts.Rules(), [bot] * 4, count, seed=1, bot_seed=1)
        rows = []
        serial_cpu = serial_rate = 0.0
        for name, start, counts in runs:
            one = 0.0
            for workers in counts:
                with start(workers) as (executor, cpu):
                    wall, used = _timed(plan, executor, cpu)
                rate = count / wall
                one = one or rate
                serial_cpu = serial_cpu or used / count
                serial_rate = serial_rate or rate
                rows.append([
                    name, str(workers), f"{rate:,.0f}", f"{rate / one:.2f}x",
                    f"{rate / serial_rate:.2f}x",
                    f"{used / count * 1e3:.2f}", f"{used / count / serial_cpu:.2f}x",
                    f"{100_000 / rate / 60:.1f}",
                ])  # fmt: skip
        print()
        print(f"{count:,} standard games between {bot.name} bots:")
        headers = ("executor", "workers", "games/s", "vs 1 worker", "vs serial", "CPU ms/game",
                   "CPU vs serial",
                   "min per 100k")  # fmt: skip
        print(table(headers, rows))


def full_runs(games: int) -> None:
    """``games`` games with 2 workers for each bot: wall time and the parent's memory."""
    from environment import table

    rows = []
    for bot in (hearts.RandomBot(), hearts.RuleBot()):
        plan = hearts.Tournament(hearts.Rules(), [bot] * 4, games, seed=2, bot_seed=2)
        memory = {}
        with _pool(2) as (pool, _):
            started = time.perf_counter()
            for done, _game in enumerate(plan.play(pool), start=1):
                if done in (games // 10, games):
                    memory[done] = _rss_mib()
            wall = time.perf_counter() - started
        tenth, whole = memory[games // 10], memory[games]
        rows.append([
            bot.name, f"{games:,}", f"{wall / 60:.1f}", f"{games / wall:,.0f}",
            f"{tenth:.1f}", f"{whole:.1f}",
        ])  # fmt: skip
    print()
    print(f"{games:,} standard games with 2 worker processes, streamed:")
    headers = ("bots", "games", "wall min", "games/s", f"RSS MiB at {games // 10:,}",
               f"RSS MiB at {games:,}")  # fmt: skip
    print(table(headers, rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, to check it runs")
    parser.add_argument("--games", type=int, default=3000, help="RandomBot games a run (3000)")
    parser.add_argument("--full", action="store_true", help="also 100,000 games with 2 workers")
    parser.add_argument("--no-dask", action="store_true", help="leave Dask out")
    arguments = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from environment import environment, table

    print(table(("", "value"), environment(), left=2))
    machine(not arguments.no_dask)
    speeds(20 if arguments.quick else arguments.games, not arguments.no_dask)
    if arguments.full:
        full_runs(100_000)
    elif arguments.quick:
        full_runs(100)


if __name__ == "__main__":
    main()
