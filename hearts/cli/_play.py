"""``hearts play``: one seeded game between bots, its transcript, and its record if asked.

:func:`play_game` is the same from Python, and :func:`game_seed` the seed of a game of
``hearts simulate``.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from pathlib import Path

import attrs

from hearts.bots.reference import Bot
from hearts.bots.reference import play_game as play_bots
from hearts.bots.tasks import tournament_seed
from hearts.cli._bots import seat_bots
from hearts.cli._game import add_game_options, deal_seed, game_from, isolated
from hearts.cli._input import cannot
from hearts.cli._text import per_seat, print_game, title
from hearts.game.rules import Rules
from hearts.game.state import State
from hearts.records import GameRecord, dumps, replay

__all__ = ["add_arguments", "game_seed", "play_command", "play_game", "play_random_game", "played"]


def play_game(
    rules: Rules,
    seed: int,
    bots: Sequence[str] = ("random",),
    bot_seed: int | None = None,
    *,
    isolate: bool = False,
) -> tuple[State, GameRecord]:
    """Play one whole game between the named bots; return its last state and its record.

    The deals come from ``seed`` (:func:`hearts.new_game`) and the bots' random choices
    from ``bot_seed`` (:func:`hearts.play_game`), drawn from the operating system when
    not given, never from ``seed``: a bot could work a seed out from its generator and
    read the deals. ``bots`` names one bot for every seat, or one per seat: a name of
    :data:`~hearts.cli.BOTS`, an installed bot's name, or ``module:Class``. The record's metadata
    gives each seat's bot as the player's name, and the bots' seed, which replays the
    game with the same ``seed``. With ``isolate``, each seat's bot
    plays in a process of its own (:class:`hearts.Isolated`), the same game.

    >>> import hearts
    >>> state, record = play_game(hearts.Rules(target=30), seed=1, bot_seed=2)
    >>> state.is_over, hearts.replay(record).final == state, record.metadata["players"][0]
    (True, True, 'random')
    >>> record.metadata["bot_seed"], play_game(hearts.Rules(target=30), 1, bot_seed=2)[0] == state
    (2, True)
    """
    names, seated = seat_bots(bots, rules.players)
    if bot_seed is None:  # 63 bits: too many to try, few enough digits to show and type
        bot_seed = secrets.randbits(63)
    return played(rules, seed, names, seated, bot_seed, isolate)


def played(
    rules: Rules,
    seed: int,
    names: Sequence[str],
    bots: Sequence[Bot],
    bot_seed: int,
    isolate: bool,
) -> tuple[State, GameRecord]:
    """:func:`play_game` with each seat's bot made, and the bots' seed drawn."""
    game = play_bots(rules, isolated(bots, isolate), seed, keep_moves=True, bot_seed=bot_seed)
    metadata = {"players": list(names), "bot_seed": game.bot_seed}
    record = GameRecord(rules, game.moves, seed=seed, metadata=metadata)
    return replay(record).final, record


def play_random_game(rules: Rules, seed: int) -> State:
    """Play a whole game in which every seat picks uniformly among its legal moves.

    The deals and the players' choices both follow from ``seed`` (random players cannot
    make use of the deal); this is ``play_game(rules, seed, bot_seed=seed)[0]``.

    >>> state = play_random_game(Rules(target=30), seed=1)
    >>> state.is_over, max(state.scores) >= 30
    (True, True)
    """
    return play_game(rules, seed, bot_seed=seed)[0]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of ``hearts simulate --seed SEED``: :func:`hearts.tournament_seed`.

    It depends only on the base seed and the game's index, so a simulation gives the same
    results whatever the number of workers, and ``hearts play --seed`` with this seed
    deals that one game again.

    >>> import hearts
    >>> game_seed(1, 0) == hearts.tournament_seed(1, 0) != game_seed(1, 1)
    True
    """
    return tournament_seed(seed, index)


def play_command(arguments: argparse.Namespace) -> int:
    """``hearts play``: the game played, its record written if asked, its transcript."""
    rules, preset, label, bots, seated = game_from(arguments)
    seed, bot_seed = deal_seed(arguments), arguments.bot_seed
    drawn = bot_seed is None
    if bot_seed is None:  # as play_game would draw it, but shown as drawn
        bot_seed = secrets.randbits(63)
    state, record = played(rules, seed, bots, seated, bot_seed, arguments.isolate)
    if arguments.record is not None:
        text = dumps(attrs.evolve(record, preset=preset), indent=2) + "\n"
        try:
            Path(arguments.record).write_text(text, encoding="utf-8")
        except OSError as error:
            raise cannot("write", arguments.record, error) from None
    bot_names = f"{bots[0]} players" if len(set(bots)) == 1 else f"bots {per_seat(bots)}"
    print(f"{title(rules, label, seed, bot_seed, drawn)}, {bot_names}")
    print_game(rules, state)
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``hearts play``: the game's (:func:`add_game_options`) and ``--record``."""
    add_game_options(parser)
    parser.add_argument(
        "--record", metavar="FILE", help="also write the game's record (JSON) to FILE"
    )
