"""The machine and versions the benchmarks run on, and the timing helpers they share.

Run it to print the table that heads a report (``python benchmarks/environment.py``); the
other benchmarks import :func:`environment`, :func:`interleaved`, :func:`median` and
:func:`table` from it.

Usage: ``python benchmarks/environment.py [--quick]`` (both print the same table)
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from importlib import metadata


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory() -> str:
    try:
        with open("/proc/meminfo", encoding="utf-8") as meminfo:
            for line in meminfo:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return "unknown"


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def environment() -> list[tuple[str, str]]:
    """The machine and the versions, as (name, value) rows."""
    import hearts

    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return [
        ("CPU", _cpu_model()),
        ("cores (nproc)", str(os.cpu_count())),
        ("memory", _memory()),
        ("load average (1, 5, 15 min)", ", ".join(f"{value:.2f}" for value in load)),
        ("OS", platform.platform()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("hearts-rules", hearts.__version__),
        ("open-spiel", _version("open-spiel")),
    ]


def clock_for(wall: bool) -> tuple[Callable[[], float], str]:
    """The clock the benchmarks time with, and its name.

    By default the CPU time of this process, so that other programs running on the
    machine are not counted (everything timed runs in this one thread, OpenSpiel's C++
    included); the wall clock if ``wall``.
    """
    if wall:
        return time.perf_counter, "wall-clock time"
    return time.process_time, "CPU time of the process"


def interleaved(
    works: Sequence[Callable[[], object]], repeat: int, clock: Callable[[], float]
) -> list[list[float]]:
    """Seconds of each of ``works``, run in turn ``repeat`` times: ``[run][work]``.

    Taking turns spreads a slow spell of the machine over every work, so ratios between
    works of the same run stay fair; a figure is then the median over the runs.
    """
    runs = []
    for _ in range(repeat):
        seconds = []
        for work in works:
            start = clock()
            work()
            seconds.append(clock() - start)
        runs.append(seconds)
    return runs


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def rate_table(rows: Sequence[tuple[str, str, int]], runs: Sequence[Sequence[float]]) -> str:
    """The per-call table of :func:`interleaved` runs: one row per (rules, call, calls)."""
    printed = []
    for column, (name, what, calls) in enumerate(rows):
        seconds = median([run[column] for run in runs])
        printed.append((name, what, f"{calls / seconds:,.0f}", f"{seconds / calls * 1e6:,.1f}"))
    return table(("rules", "call", "per second", "µs per call"), printed, left=2)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], *, left: int = 1) -> str:
    """A Markdown table: the first ``left`` columns left-aligned, the others right-aligned."""
    cells = [[str(header) for header in headers]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        parts = [
            cell.ljust(width) if column < left else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "| " + " | ".join(parts) + " |"

    rule = (
        "|"
        + "|".join(
            ("-" * (width + 2)) if column < left else ("-" * (width + 1) + ":")
            for column, width in enumerate(widths)
        )
        + "|"
    )
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same table (for CI)")
    parser.parse_args()
    print(table(("", "value"), environment(), left=2))


if __name__ == "__main__":
    main()
