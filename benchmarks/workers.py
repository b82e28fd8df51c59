"""CPU time per game of ``hearts simulate`` with one worker process and with two.

A worker process unpickles its own copy of the ``Rules``; a cache that compared rules field
by field on every lookup made each game of a two-worker run cost 40-60% more CPU than a
one-worker run (it should be within 10%). This script runs ``hearts simulate`` in a
child process for each number of workers, reads the CPU time the child and its workers
used (``resource.getrusage(RUSAGE_CHILDREN)``), and takes off a run of two games with the
same workers, which times the start (the interpreter, the imports, the pool) alone.

Usage: ``python benchmarks/workers.py [--quick] [--games N] [--hearts PATH]``; by default
the ``hearts`` command beside this interpreter.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def cpu_seconds(command: list[str]) -> float:
    """The user and system CPU time that ``command`` and its children used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, to check it runs")
    parser.add_argument("--games", type=int, default=2000, help="games per run (2000)")
    parser.add_argument("--hearts", default=str(Path(sys.executable).with_name("hearts")))
    arguments = parser.parse_args()
    games = 20 if arguments.quick else arguments.games
    sys.path.insert(0, str(HERE))
    from environment import environment, table

    print(table(("", "value"), environment(), left=2))
    rows = []
    per_game = {}
    for workers in (1, 2):
        base = [arguments.hearts, "simulate", "--workers", str(workers), "--json"]
        start = cpu_seconds([*base, "--games", "2"])
        total = cpu_seconds([*base, "--games", str(games)])
        per_game[workers] = (total - start) / (games - 2) * 1e3
        rows.append([str(workers), f"{total:.2f}", f"{start:.2f}", f"{per_game[workers]:.2f}"])
    print()
    print(table(("workers", "CPU s", "CPU s to start", "CPU ms per game"), rows))
    print(f"Two workers over one, per game: {per_game[2] / per_game[1]:.2f}x")


if __name__ == "__main__":
    main()
