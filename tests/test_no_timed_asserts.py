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


def _reads_a_clock(node: ast.AST, timed: set[str]) -> bool:
    """Whether ``node`` reads the time, or a name that was set from a reading."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
            owner = inner.func.value
            if inner.func.attr in CLOCKS and isinstance(owner, ast.Name) and owner.id == "time":
                return True
        if isinstance(inner, ast.Name) and inner.id in timed:
            return True
    return False


def timed_asserts(source: str) -> list[int]:
    """The lines of ``source`` whose ``assert`` compares against a clock.

    >>> timed_asserts("import time\\nstart = time.perf_counter()\\nassert time.perf_counter() - start < 5\\n")
    [3]
    >>> timed_asserts("import time\\nspent = time.monotonic()\\nassert spent\\n")
    [3]
    >>> timed_asserts("deadline = 5\\nassert deadline == 5\\n")
    []
    """
    tree = ast.parse(source)
    timed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if _reads_a_clock(value, set()):
            timed |= {
                name.id
                for target in targets
                for name in ast.walk(target)
                if isinstance(name, ast.Name)
            }
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Assert) and _reads_a_clock(node.test, timed)
    )


def test_no_test_asserts_on_elapsed_time() -> None:
    found = {
        path.name: lines
        for path in sorted(TESTS.glob("*.py"))
        if path.name != Path(__file__).name
        and (lines := timed_asserts(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"assertions on time (file: lines): {found}"
