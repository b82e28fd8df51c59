"""Worker processes for ``hearts simulate --workers``, stopped cleanly however a run ends.

Done, an error, Ctrl-C or SIGTERM: the workers are stopped and the pool shut down before
:func:`worker_pool` returns, so that nothing is left running or leaked. And where the
parent cannot stop them (killed by SIGKILL, as the out-of-memory killer does), each worker
exits as soon as it sees its parent gone (:func:`_exit_with_parent`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from types import FrameType
from typing import Final, TypeVar

_T = TypeVar("_T")


class Terminated(BaseException):
    """SIGTERM while worker processes run: they are stopped, then the exit status is 143."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once is enough: now stopping
    raise Terminated


@contextlib.contextmanager
def _signals(
    handlers: dict[signal.Signals, Callable[[int, FrameType | None], None] | int],
) -> Iterator[None]:
    """Set signal handlers for a while, in the main thread (elsewhere, leave them alone)."""
    try:
        previous = {number: signal.signal(number, handler) for number, handler in handlers.items()}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)


_HELD_BACK: Final = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _held_back() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while worker processes start.

    The parent then never stops half-way through starting a worker (which would leave it
    to fail with a traceback of its own), and each worker begins with both blocked, until
    :func:`_start` ignores Ctrl-C (which the parent acts on) and unblocks them.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_BACK)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _exit_with_parent() -> None:
    """In a worker: exit at once when the parent process ends, however it ends.

    A worker waits for its tasks on a queue whose write end it holds itself, so it would
    never see a parent killed by SIGKILL, and would wait for ever (with the pool's resource
    tracker, which stops once every worker has). A thread waits instead on the parent's
    sentinel, which is ready once the parent is gone.
    """
    parent = multiprocessing.parent_process()
    if parent is None:  # not a process that multiprocessing started
        return

    def watch(sentinel: int) -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)  # nothing to clean up: the parent owned the queues and the results

    threading.Thread(
        target=watch, args=(parent.sentinel,), name="hearts: exit with the parent", daemon=True
    ).start()


def _start() -> None:
    """Each worker's start: ignore Ctrl-C (the parent stops the workers), exit with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # blocked while the parent started the worker
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD_BACK)
    _exit_with_parent()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes now, and shut the pool down cleanly."""
    with _signals({signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: signal.SIG_IGN}):
        # They hold nothing to clean up (the parent owns the queues and their locks).
        kill = getattr(pool, "kill_workers", None)  # Python 3.14
        if kill is not None:
            kill()
        else:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
        pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _quiet_cancelled_futures() -> Iterator[None]:
    """Keep the pool's manager thread from printing a traceback for a future cancelled.

    Before Python 3.12 (CPython gh-107219), the manager thread of a pool whose workers
    died sets an exception on every future it still holds, and raises InvalidStateError
    for one already cancelled. That happens whenever a run stops, as the futures not begun
    are cancelled: after Ctrl-C or an error, once the workers are killed; after a SIGTERM
    sent to the whole process group, as soon as the workers die of it, which may be before
    the parent has begun to stop. So the hook holds for the pool's whole life: it is
    restored once the manager thread has been joined, unless another was set meanwhile.
    """
    if sys.version_info >= (3, 12):
        yield
        return
    previous = threading.excepthook

    def quiet(args: threading.ExceptHookArgs) -> None:
        manager = type(args.thread).__module__ == "concurrent.futures.process"
        if not (manager and isinstance(args.exc_value, InvalidStateError)):
            previous(args)

    threading.excepthook = quiet
    try:
        yield
    finally:
        if threading.excepthook is quiet:
            threading.excepthook = previous


class _Pool(ProcessPoolExecutor):
    """A process pool whose workers start with Ctrl-C and SIGTERM held back (:func:`_held_back`).

    Workers start as tasks are submitted, so a submit is where they are held back.
    """

    def submit(self, fn: Callable[..., _T], /, *args: object, **kwargs: object) -> Future[_T]:
        with _held_back():
            return super().submit(fn, *args, **kwargs)


def terminating() -> contextlib.AbstractContextManager[None]:
    """While it lasts, SIGTERM raises :class:`Terminated` (in the main thread)."""
    return _signals({signal.SIGTERM: _on_sigterm})


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes, stopped and shut down however the block ends.

    The workers ignore Ctrl-C (the parent stops them); SIGTERM in the parent raises
    :class:`Terminated`.
    """
    context = multiprocessing.get_context("spawn")
    with _signals({signal.SIGTERM: _on_sigterm}), _quiet_cancelled_futures():
        pool = _Pool(workers, mp_context=context, initializer=_start)
        try:
            yield pool
            pool.shutdown(wait=True)
        except BaseException:
            _stop(pool)
            raise
