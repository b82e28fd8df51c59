"""What ``hearts play`` and ``hearts simulate`` share: the game's options, rules and bots.

:func:`add_game_options` adds ``--rules``, ``--bots``, the seeds, ``--isolate``,
``--players`` and ``--target``; :func:`game_from` reads the rules and the seats' bots
from them, and :func:`deal_seed` the seed of the deals.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence

from hearts.bots.isolation import Isolated
from hearts.bots.reference import Bot
from hearts.bots.results import ResultsRun
from hearts.cli._bots import BOTS, ENTRY_POINT_GROUP, seat_bots, spec_of
from hearts.cli._input import UsageError, rules_from, whole
from hearts.errors import HeartsError
from hearts.game.rules import MAX_NUMBER, MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules

__all__ = ["add_game_options", "deal_seed", "game_from", "isolated"]


def isolated(bots: Sequence[Bot], isolate: bool) -> list[Bot]:
    """The bots, each in a process of its own with ``isolate``."""
    return [Isolated(bot) if isolate else bot for bot in bots]


def game_from(
    arguments: argparse.Namespace, kept: ResultsRun | None = None
) -> tuple[Rules, str | None, str, tuple[str, ...], list[Bot]]:
    """The rules, preset and label (:func:`rules_from`); each seat's ``--bots`` and bot.

    Where a resumed run's file ``kept`` pins what was not given, that is taken instead.
    """
    if kept is not None and all(
        getattr(arguments, name) is None for name in ("rules", "players", "target")
    ):
        rules, preset, label = kept.rules, None, ""  # the standard game, as with no --rules
        if rules != Rules():
            preset = next((name for name, entry in PRESETS.items() if entry.rules == rules), None)
            label = preset or "the rules kept in the file"
    else:
        rules, preset, label = rules_from(arguments)
    specs = arguments.bots
    if specs is None and kept is not None:
        specs = []
        for name in kept.bots:
            spec = spec_of(name)
            if spec is None:
                raise UsageError(
                    f"--resume: the run in {arguments.out} was played by the bots "
                    f"{', '.join(dict.fromkeys(kept.bots))}, and {name!r} is not one this "
                    "command made: give --bots as the run was started."
                )
            specs.append(spec)
    try:
        names, bots = seat_bots(specs or ["random"], rules.players)
    except HeartsError as error:
        message = str(error)
        raise UsageError(f"--bots: {message[:1].lower()}{message[1:]}") from None
    return rules, preset, label, names, bots


def deal_seed(arguments: argparse.Namespace) -> int:
    """``--seed``; by default 1, or with ``--isolate`` a fresh one from the operating system.

    A bot that knew the deals' seed could deal every hand itself: bots you isolate must not.
    """
    if arguments.seed is not None:
        return int(arguments.seed)
    if arguments.isolate:
        return secrets.randbits(63)
    return 1


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        metavar="NAME|FILE",
        help="a preset's name, in any case (see 'hearts rules'), or a JSON rules file "
        "(default: standard)",
    )
    parser.add_argument(
        "--bots",
        type=lambda text: text.split(","),
        metavar="BOT[,BOT...]",
        help="one bot for every seat, or one per seat, separated by commas: "
        f"{', '.join(BOTS)}, a bot installed in the entry point group {ENTRY_POINT_GROUP!r}, "
        "or module:Class for a bot class of your own (default: random)",
    )
    parser.add_argument(
        "--seed",
        type=whole(),
        help="seed of the deals (default: 1; with --isolate, drawn from the operating system "
        "and shown, as bots you isolate must not know it)",
    )
    parser.add_argument(
        "--bot-seed",
        type=whole(),
        metavar="SEED",
        help="seed of the bots' random choices (default: drawn from the operating system "
        "and shown, never the --seed, which a bot could work out from its generator)",
    )
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="run each seat's bot in a process of its own, which is sent only the seat's "
        "views: for bots you do not trust (the games are the same)",
    )
    parser.add_argument(
        "--players",
        type=whole(MIN_PLAYERS, MAX_PLAYERS),
        metavar="N",
        help=f"change the number of players, {MIN_PLAYERS} to {MAX_PLAYERS}",
    )
    parser.add_argument(
        "--target",
        type=whole(1, MAX_NUMBER),
        metavar="T",
        help="change the score that ends the game",
    )
