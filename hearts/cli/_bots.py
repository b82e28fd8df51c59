"""The bots that ``--bots`` names: the built-in ones, installed ones, and ``module:Class``.

A name is looked up in :data:`BOTS` first, then among the installed bots (the entry point
group :data:`ENTRY_POINT_GROUP`); a name with a colon, ``module:Class``, is imported, as
``pytest -p`` and Gymnasium's ``make`` import plugins and environments. The module may be
a file in the current folder (``mybot.py``), as ``python -m`` would find it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Final

from hearts.bots import Bot, RandomBot, RuleBot, SearchBot, is_bot
from hearts.cli._input import hint
from hearts.errors import HeartsError, describe_value

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


def _imported(spec: str) -> Bot:
    """The bot of ``module:attribute`` (the attribute may be dotted: ``module:Outer.Bot``)."""
    module_name, _, path = spec.partition(":")
    if not module_name or not path:
        raise HeartsError(
            f"{spec!r} does not name a bot: write module:Class, such as mybot:LowBot for "
            "the class LowBot of mybot.py."
        )
    here = os.getcwd()
    if here not in sys.path:  # a module beside the user, as `python -m` finds one
        sys.path.insert(0, here)  # the worker processes inherit it
    try:
        found: object = importlib.import_module(module_name)
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


def bots_for(specs: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot per seat: ``specs`` name one bot for all, or one per seat; each is checked."""
    specs = tuple(spec.strip() for spec in specs)
    for spec in dict.fromkeys(specs):
        find_bot(spec)
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise HeartsError(
            f"{len(specs)} bots are named, but this game has {players} seats: name one bot "
            f"for every seat, or {players} bots separated by commas."
        )
    return specs


def spec_of(name: str) -> str | None:
    """The ``--bots`` name of a bot whose :attr:`~hearts.Bot.name` is ``name``, if one has it.

    >>> spec_of("rule-based"), spec_of("no such bot")
    ('rule', None)
    """
    for spec, bot in BOTS.items():
        if bot.name == name:
            return spec
    for spec in _installed():
        try:
            if find_bot(spec).name == name:
                return spec
        except HeartsError:
            continue
    return None
