"""Bots you do not trust, each in a process of its own that sees nothing but its views.

A bot in the same process as the game could read anything in memory (with :mod:`gc`, or
frames): the library keeps nothing hidden where attribute access reaches it (see
docs/bots.md, "What a bot can see"), but introspection is beyond what any in-process code
can hide from. :class:`Isolated` runs a bot in a fresh interpreter (the ``spawn`` start
method: it inherits no memory of the game), sends it only the seat's view and its
generator, and takes back the move. The games are the same as in-process: the generator
comes back with the draws the bot made, so the next decision goes on from there.

``hearts simulate --isolate`` seats every bot this way.
"""

from __future__ import annotations

import multiprocessing
import random
import threading
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Final

from hearts.bots import Bot, is_bot
from hearts.errors import HeartsError, describe_value
from hearts.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.views import PlayerView

__all__ = ["Isolated"]

_CONTEXT: Final = multiprocessing.get_context("spawn")
_MOVES: Final = (Deal, Pass, Play, ChoosePass, Claim, ShootChoice)


class Isolated:
    """``bot``, playing in a process of its own: a :class:`~hearts.Bot` like any other.

    The process starts at the first move asked of it and stops when this value is
    dropped (or the program ends). It is sent the seat's view and generator for each
    decision, nothing else: not the game, not the other seats' views. The bot must be
    picklable (a class at module level), as for a process pool. An isolated bot pickles
    as the bot it holds, so a tournament's worker processes each start their own.

    >>> import random, hearts
    >>> bot = Isolated(hearts.RuleBot())
    >>> state = hearts.new_game(seed=1)
    >>> state = hearts.apply(state, hearts.legal_moves(state)[0])
    >>> seen = hearts.view(state, 2)
    >>> bot.choose(seen, random.Random(5)) == hearts.RuleBot().choose(seen, random.Random(5))
    True
    >>> bot.name
    'rule-based'
    >>> bot.close()
    """

    def __init__(self, bot: Bot) -> None:
        if not is_bot(bot) or isinstance(bot, Isolated):
            raise TypeError(
                "Isolated needs a hearts.Bot (a name and a choose(view, rng) method) not "
                f"already isolated, got {describe_value(bot)}."
            )
        self.bot: Final = bot
        """The bot that plays in the other process."""
        self._lock = threading.Lock()
        self._connection: Connection | None = None
        self._finalizer: Callable[[], object] | None = None

    @property
    def name(self) -> str:
        """The isolated bot's name."""
        return self.bot.name

    def __repr__(self) -> str:
        return f"Isolated({self.bot!r})"

    def __reduce__(self) -> tuple[type[Isolated], tuple[Bot]]:
        return (Isolated, (self.bot,))  # a copy elsewhere starts its own process

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The bot's move for ``view``, chosen in its process; ``rng`` goes on from its draws."""
        if not isinstance(view, PlayerView):
            raise HeartsError(
                f"A bot decides on its seat's view (hearts.view(state, seat)), got "
                f"{describe_value(view)}: an isolated bot is sent nothing else."
            )
        with self._lock:  # one decision at a time over the one connection
            connection = self._started()
            try:
                connection.send((view, rng))
                kind, answer, drawn = connection.recv()
            except (EOFError, OSError, BrokenPipeError):
                self._stop()
                raise HeartsError(
                    f"The process of the isolated bot {self.name!r} stopped while it chose a "
                    f"move for P{view.player}."
                ) from None
        if kind == "error":
            raise HeartsError(
                f"The isolated bot {self.name!r} failed while choosing a move for "
                f"P{view.player}: {answer}"
            )
        if not isinstance(drawn, random.Random) or not isinstance(answer, _MOVES):
            raise HeartsError(
                f"The isolated bot {self.name!r} answered {describe_value(answer)}, which is "
                "not a move."
            )
        rng.setstate(drawn.getstate())
        return answer

    def close(self) -> None:
        """Stop the bot's process now (a later move starts another)."""
        with self._lock:
            self._stop()

    def _started(self) -> Connection:
        if self._connection is None:
            mine, theirs = _CONTEXT.Pipe()
            process = _CONTEXT.Process(
                target=_serve, args=(self.bot, theirs), name=f"hearts bot {self.name}", daemon=True
            )
            process.start()
            theirs.close()
            self._connection = mine
            self._finalizer = weakref.finalize(self, _end, mine, process)
        return self._connection

    def _stop(self) -> None:
        if self._finalizer is not None:
            self._finalizer()  # runs once: here, or when this value is dropped
        self._connection = self._finalizer = None


def _end(connection: Connection, process: BaseProcess) -> None:
    """Close the connection, which ends the bot's loop; stop the process if it lingers."""
    connection.close()
    process.join(timeout=2)
    if process.is_alive():
        process.kill()
        process.join()


def _serve(bot: Bot, connection: Connection) -> None:
    """The bot's process: a move for every (view, generator) received, until the end."""
    while True:
        try:
            view, rng = connection.recv()
        except (EOFError, OSError):
            return
        try:
            move = bot.choose(view, rng)
        except Exception as error:  # sent back as a sentence, not a traceback
            connection.send(("error", f"{type(error).__name__}: {error}", None))
            continue
        connection.send(("move", move, rng))
