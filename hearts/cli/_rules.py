"""``hearts rules``: the presets listed, or one set of rules as JSON or its fingerprint."""

from __future__ import annotations

import argparse
import json

from hearts.cli._input import UsageError, rules_from
from hearts.game.rules import PRESETS

__all__ = ["add_arguments", "rules_command"]


def rules_command(arguments: argparse.Namespace) -> int:
    """``hearts rules``: the presets listed, or the rules named printed as JSON."""
    if arguments.name is None:
        if arguments.fingerprint:
            raise UsageError("--fingerprint needs a preset name or a rules file.")
        width = max(len(name) for name in PRESETS) + 2
        for name, preset in PRESETS.items():
            print(f"{name:<{width}}{preset.description}")
        return 0
    arguments.rules = arguments.name
    rules, _, _ = rules_from(arguments, where="rules")
    if arguments.fingerprint:
        print(rules.fingerprint)
    else:
        print(json.dumps(rules.to_dict(), indent=2, ensure_ascii=False))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``hearts rules``: a preset or a rules file, and ``--fingerprint``."""
    parser.add_argument(
        "name", nargs="?", metavar="NAME|FILE", help="a preset (in any case) or a JSON rules file"
    )
    parser.add_argument("--fingerprint", action="store_true", help="print only the fingerprint")
