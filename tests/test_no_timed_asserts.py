"""The suite's own rule: no test asserts on wall-clock or CPU time.

A timed assertion passes on an idle machine and fails on a loaded one (CI, ``pytest -n
auto`` beside another job), blocking every change at random. Speed is measured by the
scripts in benchmarks/; a test that needs time to pass gives the code a clock of its own
(as the progress tests do), or waits for an event with a generous guard against a hang,
which is no measure of speed.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = frozenset(
    {"time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns",
     "process_time", "process_time_ns", "thread_time", "thread_time_ns"}
)  # fmt: skip


def _clocks(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names the ``time`` module goes by, and those its clocks were imported as."""
    modules, clocks = {"time"}, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {alias.asname or alias.name for alias in node.names if alias.name == "time"}
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            clocks |= {alias.asname or alias.name for alias in node.names if alias.name in CLOCKS}
    return modules, clocks


def _reads_a_clock(node: ast.AST, timed: set[str], modules: set[str]) -> bool:
    """Whether ``node`` reads the time, or a name set from a reading (``timed``).

    ``timed`` starts with the names the clocks were imported as (``from time import
    perf_counter``); ``modules`` are the names of the ``time`` module (``import time as t``).
    """
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
            owner = inner.func.value
            if inner.func.attr in CLOCKS and isinstance(owner, ast.Name) and owner.id in modules:
                return True
        if isinstance(inner, ast.Name) and inner.id in timed:
            return True
    return False


def timed_asserts(source: str) -> list[int]:
    """The lines of ``source`` whose ``assert`` compares against a clock.

    A name set from a reading, or from such a name, counts as a reading.

    >>> timed_asserts("import time\\nstart = time.perf_counter()\\nassert time.perf_counter() - start < 5\\n")
    [3]
    >>> timed_asserts("import time as t\\na = t.monotonic()\\nb = a + 1\\nd = b - a\\nassert d < 5\\n")
    [5]
    >>> timed_asserts("from time import perf_counter as now\\nassert now() < 5\\n")
    [2]
    >>> timed_asserts("deadline = 5\\nassert deadline == 5\\n")
    []
    """
    tree = ast.parse(source)
    modules, timed = _clocks(tree)
    assignments: list[tuple[list[ast.expr], ast.expr]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            assignments.append((node.targets, node.value))
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            assignments.append(([node.target], node.value))
    grown = True
    while grown:  # until no more names are set from readings
        before = len(timed)
        for targets, value in assignments:
            if _reads_a_clock(value, timed, modules):
                timed |= {
                    name.id
                    for target in targets
                    for name in ast.walk(target)
                    if isinstance(name, ast.Name)
                }
        grown = len(timed) > before
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Assert) and _reads_a_clock(node.test, timed, modules)
    )


def test_no_test_asserts_on_elapsed_time() -> None:
    found = {
        str(path.relative_to(TESTS)): lines
        for path in sorted(TESTS.rglob("*.py"))
        if path.name != Path(__file__).name
        and (lines := timed_asserts(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"assertions on time (file: lines): {found}"
