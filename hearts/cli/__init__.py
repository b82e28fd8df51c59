"""The command line: ``python -m hearts`` (or the installed ``hearts`` script).

* ``hearts play`` — the default command — plays one seeded game between built-in bots and
  prints a transcript, hand by hand, and the final scores.
* ``hearts simulate --games N`` plays many games, in worker processes if asked, and prints
  a summary (or JSON).
* ``hearts replay FILE`` and ``hearts validate FILE`` check a game record; ``replay`` also
  prints its transcript.
* ``hearts show RECORD`` prints a record's game at one moment as a table (``--hand N``,
  ``--trick K``, a seat's view with ``--seat S``), or draws it as SVG (``--svg FILE``).
* ``hearts rules [NAME|FILE]`` lists the presets, or prints one as JSON.

Exit status: 0 on success, 1 for a record that is not valid or a simulation that stopped
early (a worker process died, its results file could not be written), 2 for bad arguments
or input (an unknown preset or bot, a file that cannot be read or is not JSON, bad
numbers), each reported in one line on stderr; 130 after Ctrl-C, 141 when the reader of
the output goes away (``hearts play | head``), 143 after SIGTERM. A simulation stopped
with ``--out`` says how many games its file keeps for ``--resume``.

>>> main(["play", "--seed", "3", "--target", "20", "--bot-seed", "3"])  # doctest: +ELLIPSIS
Hearts: 4 players, game to 20, seed 3, bot seed 3, random players
<BLANKLINE>
Hand 1: pass left, P0 deals
...
Final scores: ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Final

from hearts import __version__, compiled
from hearts.cli._bots import BOTS as BUILT_IN_BOTS
from hearts.cli._input import Parser, UsageError
from hearts.cli._play import add_arguments as _play_arguments
from hearts.cli._play import game_seed, play_command, play_game, play_random_game
from hearts.cli._replay import add_arguments as _replay_arguments
from hearts.cli._replay import check_record
from hearts.cli._rules import add_arguments as _rules_arguments
from hearts.cli._rules import rules_command
from hearts.cli._show import add_arguments as _show_arguments
from hearts.cli._show import show as _show
from hearts.cli._simulate import add_arguments as _simulate_arguments
from hearts.cli._simulate import simulate_command
from hearts.cli._workers import Terminated
from hearts.errors import HeartsError

__all__ = ["BOTS", "game_seed", "main", "play_game", "play_random_game"]

BOTS: Final = BUILT_IN_BOTS
"""The bots the command line knows, by name (``--bots``): :class:`~hearts.RandomBot`,
:class:`~hearts.RuleBot` and :class:`~hearts.SearchBot` (20 deals per decision). A new bot
is one more entry: any :class:`~hearts.Bot`. ``hearts simulate --workers`` sends the bots
themselves to its worker processes, so there a bot must be picklable, an instance of a
class that the workers can import (defined at the top level of a module). A bot of your
own needs no entry: ``--bots module:Class`` names it, and an installed package can name
its bots in the entry point group ``hearts.bots``."""


# --- the parser ------------------------------------------------------------------------------

_EXAMPLES = """\
examples:
  hearts                                   one game between random players, seed 1
  hearts play --rules omnibus --seed 7 --record game.json
  hearts replay game.json                  check a record and print its transcript
  hearts validate game.json                check a record: exit status 0 if valid, else 1
  hearts show game.json --hand 2 --trick 5 --seat 1 --svg trick.svg
  hearts simulate --games 1000 --workers 2 --json
  hearts simulate --games 100000 --workers 2 --out results.jsonl [--resume]
  hearts rules                             list the presets
  hearts rules black-maria > rules.json    a preset as JSON, to pin or to edit

exit status: 0 on success, 1 for an invalid record or a simulation stopped early (a
worker died, the --out file could not be written), 2 for bad arguments or input (one
line on stderr); 130 after Ctrl-C, 141 if the output's reader goes away, 143 after
SIGTERM."""


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="hearts",
        description="The rules of the card game Hearts, from the command line. With no "
        "command, plays one game as 'hearts play'.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_VERSION)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def command(
        name: str, run: Callable[[argparse.Namespace], int], summary: str, description: str
    ) -> argparse.ArgumentParser:
        added = commands.add_parser(name, help=summary, description=description)
        added.set_defaults(run=run)
        return added

    play = command(
        "play",
        play_command,
        "play one seeded game between bots and print its transcript (the default)",
        "Play one seeded game between built-in bots and print a transcript: every hand's "
        "deal, passes and tricks, how it was scored, and the totals.",
    )
    _play_arguments(play)
    simulate = command(
        "simulate",
        simulate_command,
        "play many games and print a summary",
        "Play many games between bots and print a summary: wins per seat, mean points per "
        "hand, moons, suns, hands per game. These are the games of hearts.tournament with "
        "the same seeds and rotate=False: game i is dealt from hearts.tournament_seed(SEED, "
        "i) and its bots draw from the bot seed and i, so results are the same whatever the "
        "number of workers. --out keeps each game in a file as it finishes, and --resume "
        "goes on with a run that was stopped. Progress (games done, games/s and the time "
        "left, from the games finished) is shown on stderr: a line redrawn on a terminal, "
        "a line every 10 seconds elsewhere.",
    )
    _simulate_arguments(simulate)
    for name, text in (
        ("replay", "check a game record and print its transcript"),
        ("validate", "check a game record (exit status 0 if valid, 1 if not)"),
    ):
        about = f"{text[0].upper()}{text[1:]}. An invalid record is reported on stderr with the "
        about += "index of its first illegal move (record.moves[i]) and the reason."
        _replay_arguments(command(name, check_record, text, about))
    show = command(
        "show",
        _show,
        "print a record's game at one moment, or draw it as SVG",
        "Print a game record's game at one moment as a table: by default where the record "
        "ends; with --hand N, how hand N ended (its result); with --trick K, the moment trick "
        "K is about to be led. Hands and tricks count from 1, as printed. --seat shows a "
        "seat's view, and --svg draws the same as an SVG picture. An invalid record is "
        "reported as 'hearts validate' reports it (exit status 1).",
    )
    _show_arguments(show)
    rules = command(
        "rules",
        rules_command,
        "list the presets, or print one as JSON",
        "With no argument, list the presets. With a preset's name or a rules file, print the "
        "rules as JSON (every field: what a server pins), or only their fingerprint.",
    )
    _rules_arguments(rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    With no command it plays one game, as ``hearts play``. Errors are reported in one line
    on stderr, never as a traceback: exit status 1 for an invalid record, 2 for bad
    arguments or input, 130 after Ctrl-C, 141 when the reader of the output has gone away
    (``hearts play | head -1``), 143 after SIGTERM.

    >>> main(["rules", "omnibus", "--fingerprint"])
    01487c4ca64b...
    0
    >>> main(["simulate", "--games", "0"])
    2
    """
    words = list(sys.argv[1:] if argv is None else argv)
    demo = not words
    if demo or (words[0].startswith("-") and words[0] not in ("-h", "--help", "--version")):
        words.insert(0, "play")
    try:
        if demo:
            _announce_build()
        status = _run(words)
        # Written here, where a reader that went away is caught, not at the exit.
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (hearts play | head -1): nothing more to say, on stdout or
        # stderr; the status is the shell's for a program stopped by SIGPIPE.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return 128 + 13  # SIGPIPE
    return status


_VERSION: Final = f"hearts {__version__} ({'compiled with mypyc' if compiled else 'pure Python'})"
"""What ``hearts --version`` says, and the demo's first line begins with: which build runs."""


def _announce_build() -> None:
    """The demo's first line: which build of hearts runs; a pure build says so on stderr too.

    A build made with ``HEARTS_COMPILE=auto`` falls back to pure Python where it cannot
    compile, and pip does not show the build's own note: this line does.
    """
    print(f"{_VERSION}: one seeded game; 'hearts --help' lists the commands")
    if not compiled:
        sys.stdout.flush()
        print(
            "hearts: this is the pure-Python build (no compiled core is installed); "
            "installing with HEARTS_COMPILE=auto compiles one where a C compiler is found, "
            "and HEARTS_COMPILE=1 says why it cannot.",
            file=sys.stderr,
        )


def _run(words: list[str]) -> int:
    """Parse ``words`` and run the command; every error is one line on stderr."""
    try:
        arguments = _parser().parse_args(words)
        return int(arguments.run(arguments))
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    except (UsageError, HeartsError) as error:
        print(f"hearts: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hearts: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except Terminated:
        print("hearts: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
