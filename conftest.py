"""Test collection across the tree: the batched engine's files need the jax extra."""

from __future__ import annotations

try:
    import jax  # noqa: F401
except ImportError:  # installed with dev, not in the other Pythons' runs (.ci/run)
    collect_ignore = ["hearts/batch.py", "tests/test_batch.py"]
