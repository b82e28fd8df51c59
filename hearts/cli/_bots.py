"""The bots that ``--bots`` names: the built-in ones, installed ones, and ``module:Class``.

A name is looked up in :data:`BOTS` first, then among the installed bots (the entry point
group :data:`ENTRY_POINT_GROUP`); a name with a colon, ``module:Class``, is imported, as
``pytest -p`` and Gymnasium's ``make`` import plugins and environments. The module may be
a file in the current folder (``mybot.py``), as ``python -m`` would find it.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Final

import attrs

from hearts.bots.reference import Bot, RandomBot, RuleBot, SearchBot, is_bot
from hearts.cli._input import hint
from hearts.errors import HeartsError, describe_value
from hearts.game.moves import Move
from hearts.knowledge.views import PlayerView

BOTS: dict[str, Bot] = {"random": RandomBot(), "rule": RuleBot(), "search": SearchBot()}
"""The built-in bots by name: ``hearts.cli.BOTS``, documented there."""

ENTRY_POINT_GROUP: Final = "hearts.bots"
"""The entry point group of installed bots: a package that declares
``[project.entry-points."hearts.bots"] low = "mybots:LowBot"`` can be named ``--bots low``."""


def _installed() -> dict[str, EntryPoint]:
    """The installed bots (entry points of :data:`ENTRY_POINT_GROUP`), by name."""
    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


def bot_names() -> list[str]:
    """Every name ``--bots`` takes without a colon: the built-in bots, then installed ones."""
    return [*BOTS, *(name for name in sorted(_installed()) if name not in BOTS)]


def _made(found: object, spec: str) -> Bot:
    """``found`` if it is a bot; else what it makes when called with no arguments."""
    if is_bot(found) and not isinstance(found, type):
        return found
    if not callable(found):
        what = (
            f"the module {found.__name__!r}"
            if isinstance(found, ModuleType)
            else f"{describe_value(found)} (of type {type(found).__name__})"
        )
        raise HeartsError(
            f"{spec!r} is {what}, not a bot: name a hearts.Bot (an object "
            "with a name and a choose(view, rng) method) or a class that makes one."
        )
    try:
        made = found()
    except Exception as error:  # the user's code: any failure is reported
        raise HeartsError(
            f"{spec!r} could not make a bot with no arguments ({type(error).__name__}: "
            f"{error}): give a class whose arguments all have defaults, or a bot made at "
            "the top level of its module."
        ) from None
    if not is_bot(made):
        raise HeartsError(
            f"{spec!r} made {describe_value(made)}, which is not a bot: a hearts.Bot has a "
            "name and a choose(view, rng) method."
        )
    return made


def _import(module_name: str) -> ModuleType:
    """The module, found where Python looks, or else in the current folder.

    The current folder is put on ``sys.path`` only when the module is not found without
    it (as ``python -m`` would find it there), and stays there: the worker processes of
    ``--workers`` start with the parent's ``sys.path`` and import the module too.
    """
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        here = os.getcwd()
        if here in sys.path or error.name != module_name.partition(".")[0]:
            raise
        sys.path.insert(0, here)
        return importlib.import_module(module_name)


def _imported(spec: str) -> Bot:
    """The bot of ``module:attribute`` (the attribute may be dotted: ``module:Outer.Bot``)."""
    module_name, _, path = spec.partition(":")
    if not module_name or not path:
        raise HeartsError(
            f"{spec!r} does not name a bot: write module:Class, such as mybot:LowBot for "
            "the class LowBot of mybot.py."
        )
    try:
        found: object = _import(module_name)
    except Exception as error:  # the user's module: any failure is reported
        raise HeartsError(
            f"Cannot import the module {module_name!r} of {spec!r} ({type(error).__name__}: "
            f"{error}): give a module that Python can import, such as a file "
            f"{module_name.replace('.', '/')}.py in the current folder."
        ) from None
    for part in path.split("."):
        if not hasattr(found, part):
            raise HeartsError(
                f"The module {module_name!r} has no {path!r} (from {spec!r}): name a bot "
                "class or a bot defined at the top level of the module."
            )
        found = getattr(found, part)
    return _made(found, spec)


def find_bot(spec: str) -> Bot:
    """The bot that ``spec`` names: a built-in one, an installed one, or ``module:Class``.

    >>> find_bot("rule").name
    'rule-based'
    >>> find_bot("hearts:RandomBot")
    RandomBot(name='random')
    >>> find_bot("rules")
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: There is no bot 'rules' (did you mean 'rule'?); the bots are random, rule, search, or module:Class for a bot class of your own.
    """
    if spec in BOTS:
        return BOTS[spec]
    if ":" in spec:
        return _imported(spec)
    installed = _installed()
    if spec in installed:
        point = installed[spec]
        try:
            found = point.load()
        except Exception as error:  # an installed package's code
            raise HeartsError(
                f"The installed bot {spec!r} ({point.value}) cannot be loaded "
                f"({type(error).__name__}: {error}): reinstall the package that provides it."
            ) from None
        return _made(found, spec)
    names = bot_names()
    raise HeartsError(
        f"There is no bot {spec!r}{hint(spec, names)}; the bots are {', '.join(names)}, or "
        "module:Class for a bot class of your own."
    )


@attrs.frozen
class Named:
    """A bot of your own, playing under the ``--bots`` words that made it.

    Results files and records keep those words (``mybots:LowBot``, or an installed bot's
    name), so ``--resume`` reads the same bot back from them, whatever name its class
    gives it.
    """

    bot: Bot
    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The named bot's move."""
        return self.bot.choose(view, rng)


def seat_bots(specs: Sequence[str], players: int) -> tuple[tuple[str, ...], list[Bot]]:
    """What each seat's ``--bots`` words are, and its bot: one for all, or one per seat.

    Each bot is made once; one not in :data:`BOTS` plays as :class:`Named` by its words.
    """
    specs = tuple(spec.strip() for spec in specs)
    made: dict[str, Bot] = {}
    for spec in specs:
        if spec not in made:
            bot = find_bot(spec)
            made[spec] = bot if spec in BOTS else Named(bot, spec)
    if len(specs) == 1:
        specs *= players
    elif len(specs) != players:
        raise HeartsError(
            f"{len(specs)} bots are named, but this game has {players} seats: name one bot "
            f"for every seat, or {players} bots separated by commas."
        )
    return specs, [made[spec] for spec in specs]


def spec_of(name: str) -> str | None:
    """The ``--bots`` words of the bot that played as ``name``, if the command line made it.

    A bot of :data:`BOTS` plays under its own name; any other under its words (:class:`Named`).

    >>> spec_of("rule-based"), spec_of("mybots:LowBot"), spec_of("no such bot")
    ('rule', 'mybots:LowBot', None)
    """
    for spec, bot in BOTS.items():
        if bot.name == name:
            return spec
    return name if ":" in name or name in _installed() else None
