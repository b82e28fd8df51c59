"""Process pools for the tests: spawned, as the pools of ``hearts simulate`` are."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that start afresh (spawn).

    A forked worker would copy the test process, which may have imported JAX in the same
    pytest-xdist worker (hearts/rl/batch.py's doctests, tests/test_batch.py): JAX is
    multithreaded, and a fork of it can deadlock (JAX warns, and warnings are errors here).
    """
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
