"""Bots you do not trust, each in a process of its own that sees nothing but its views.

A bot in the same process as the game could read anything in memory (with :mod:`gc`, or
frames): the library keeps nothing hidden where attribute access reaches it (see
docs/bots.md, "What a bot can see"), but introspection is beyond what any in-process code
can hide from. :class:`Isolated` runs a bot in a fresh interpreter (the ``spawn`` start
method: it inherits no memory of the game), sends it only the seat's view and its
generator, and takes back the move. The games are the same as in-process: the generator
comes back with the draws the bot made, so the next decision goes on from there.

What comes back is read as data, never unpickled: a move in its JSON form and the
generator's state as ints, each checked, so the bot's process cannot run code in the
game's. It is not a sandbox: the bot's process runs as the same user (and the bot's class
is imported in the game's process to build it), so code you have not read belongs under
the operating system's isolation (another user, a container) or behind a server.

``hearts simulate --isolate`` seats every bot this way.
"""

from __future__ import annotations

import json
import multiprocessing
import pickle
import random
import signal
import threading
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Final

from hearts.bots.reference import Bot, is_bot
from hearts.errors import HeartsError, describe_value
from hearts.game.moves import Move
from hearts.knowledge.views import PlayerView
from hearts.records.moves import move_from_dict, move_to_dict

__all__ = ["Isolated"]

_CONTEXT: Final = multiprocessing.get_context("spawn")
_MAX_ANSWER: Final = 1 << 16
"""The most bytes an answer may take (a move and a generator's state take about 7,000)."""
_STATE_SIZE: Final = 625  # the Mersenne Twister's 624 words and its position


class Isolated:
    """``bot``, playing in a process of its own: a :class:`~hearts.Bot` like any other.

    The process starts at the first move asked of it and stops when this value is
    dropped, by :meth:`close`, or when the program ends. It is sent the seat's view and
    generator for each decision, nothing else: not the game, not the other seats' views.
    A decision that takes more than ``seconds`` (when given) stops the process and is
    refused. The bot must be picklable (a class at module level), as for a process pool.
    An isolated bot pickles as the bot it holds, so a tournament's worker processes each
    start their own.

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

    def __init__(self, bot: Bot, *, seconds: float | None = None) -> None:
        if not is_bot(bot) or isinstance(bot, Isolated):
            raise TypeError(
                "Isolated needs a hearts.Bot (a name and a choose(view, rng) method) not "
                f"already isolated, got {describe_value(bot)}."
            )
        if seconds is not None and (
            not isinstance(seconds, (int, float))
            or isinstance(seconds, bool)
            or not 0 < seconds <= 86_400
        ):
            raise TypeError(
                "Isolated(seconds=...) is the most a decision may take: None, or a number of "
                f"seconds above 0 and at most 86,400 (a day), got {describe_value(seconds)}."
            )
        try:
            pickle.dumps(bot)
        except Exception as error:  # whatever pickling raises, said in one sentence
            raise TypeError(
                f"Isolated needs a bot that pickles (a class at module level), to send it to "
                f"its process; {describe_value(bot)} does not: {type(error).__name__}: {error}"
            ) from None
        self.bot: Final = bot
        """The bot that plays in the other process."""
        self.seconds: Final = seconds
        """The most a decision may take, in seconds; None for no limit."""
        self._lock = threading.Lock()
        self._connection: Connection | None = None
        self._finalizer: Callable[[], object] | None = None

    @property
    def name(self) -> str:
        """The isolated bot's name."""
        return self.bot.name

    def __repr__(self) -> str:
        return f"Isolated({self.bot!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.bot, self.seconds))  # a copy elsewhere starts its own process

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The bot's move for ``view``, chosen in its process; ``rng`` goes on from its draws."""
        if not isinstance(view, PlayerView):
            raise TypeError(
                f"Isolated.choose needs its seat's PlayerView (hearts.view(state, seat)), got "
                f"{describe_value(view)}: an isolated bot is sent nothing else."
            )
        if not isinstance(rng, random.Random):
            raise TypeError(
                f"Isolated.choose needs a random.Random to draw with, got {describe_value(rng)}."
            )
        with self._lock:  # one decision at a time over the one connection
            try:
                connection = self._started()
                connection.send((view, rng))
                if not connection.poll(self.seconds):
                    raise HeartsError(
                        f"The isolated bot {self.name!r} took more than {self.seconds:g} "
                        f"seconds to choose a move for P{view.player}: its process was stopped."
                    )
                answer = connection.recv_bytes(_MAX_ANSWER)
            except (EOFError, OSError):
                self._stop()
                raise HeartsError(
                    f"The process of the isolated bot {self.name!r} stopped while it chose a "
                    f"move for P{view.player} (its own error, if any, is on standard error)."
                ) from None
            except BaseException:  # a time limit, Ctrl-C: the answer would come too late
                self._stop()
                raise
        move, state = _read_answer(answer, self.name, view.player)
        rng.setstate(state)
        return move

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
            try:
                process.start()
            except BaseException:
                mine.close()
                raise
            finally:
                theirs.close()
            self._connection = mine
            self._finalizer = weakref.finalize(self, _end, mine, process)
        return self._connection

    def _stop(self) -> None:
        if self._finalizer is not None:
            self._finalizer()  # runs once: here, or when this value is dropped
        self._connection = self._finalizer = None


def _rebuilt(bot: Bot, seconds: float | None) -> Isolated:
    return Isolated(bot, seconds=seconds)


def _read_answer(answer: bytes, name: str, player: int) -> tuple[Move, tuple[object, ...]]:
    """The move and the generator's state in an answer: data, checked, never code."""
    failure = None
    try:
        data = json.loads(answer)
        failure = data.get("error")
        move = move_from_dict(data["move"])  # refuses anything but a move
        words = data["state"]
        if not (
            isinstance(words, list)
            and len(words) == _STATE_SIZE
            and all(type(word) is int and 0 <= word < 1 << 32 for word in words)
            and words[-1] <= _STATE_SIZE - 1
        ):
            raise ValueError("not the state of a random.Random")
        gauss = data.get("gauss")
        if gauss is not None and type(gauss) is not float:
            raise ValueError("not the state of a random.Random")
    except Exception as error:  # whatever the answer is, it is refused in one sentence
        if failure is not None:
            raise HeartsError(
                f"The isolated bot {name!r} failed while choosing a move for P{player}: "
                f"{str(failure)[:500]}"
            ) from None
        raise HeartsError(
            f"The isolated bot {name!r} answered something other than a move and its "
            f"generator for P{player}: {type(error).__name__}: {str(error)[:200]}"
        ) from None
    return move, (3, tuple(words), gauss)


def _end(connection: Connection, process: BaseProcess) -> None:
    """Close the connection, which ends the bot's loop; stop the process if it lingers."""
    connection.close()
    process.join(timeout=0.5)
    if process.is_alive():
        process.kill()
        process.join()


def _serve(bot: Bot, connection: Connection) -> None:
    """The bot's process: a move for every (view, generator) received, until the end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the game's to handle
    while True:
        try:
            view, rng = connection.recv()
        except (EOFError, OSError):
            return
        try:
            move = bot.choose(view, rng)
            _, words, gauss = rng.getstate()
            answer = {"move": move_to_dict(move), "state": list(words), "gauss": gauss}
        except Exception as error:  # sent back as a sentence, not a traceback
            answer = {"error": f"{type(error).__name__}: {error}"}
        try:
            connection.send_bytes(json.dumps(answer).encode())
        except OSError:  # the game stopped listening
            return
