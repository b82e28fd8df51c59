"""What the differential run against OpenSpiel saw, printed at the end of the test session."""

from __future__ import annotations

import collections

DIFFERENTIAL_EVENTS: collections.Counter[str] = collections.Counter()
"""Filled by tests/test_openspiel.py; printed by tests/conftest.py's terminal summary."""
