"""Shared test configuration: the differential run reports what it saw at the end."""

from __future__ import annotations

import pytest
from events import DIFFERENTIAL_EVENTS

try:
    import jax  # noqa: F401
except ImportError:  # the jax extra: installed with dev, not in the other Pythons' runs
    collect_ignore = ["test_batch.py"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if DIFFERENTIAL_EVENTS:
        terminalreporter.section("differential run against OpenSpiel")
        for name, count in sorted(DIFFERENTIAL_EVENTS.items()):
            terminalreporter.write_line(f"{name}: {count:,}")
