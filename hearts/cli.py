"""The command line: ``python -m hearts`` (or the installed ``hearts`` script).

``hearts play`` — the default command — plays one seeded game between built-in random
players and prints a transcript, hand by hand, and the final scores.

>>> main(["play", "--seed", "3", "--target", "20"])  # doctest: +ELLIPSIS
Hearts: 4 players, game to 20, seed 3, random players
<BLANKLINE>
Hand 1: pass left
...
Final scores: ...
0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from hearts.engine import apply, legal_moves, new_game
from hearts.errors import HeartsError
from hearts.rules import PassDirection, Rules
from hearts.state import HandResult, State

__all__ = ["format_hand", "main", "play_random_game"]


def play_random_game(rules: Rules, seed: int) -> State:
    """Play a whole game in which every seat picks uniformly among its legal moves.

    The deals and the players' choices both follow from ``seed``.

    >>> state = play_random_game(Rules(target=30), seed=1)
    >>> state.is_over, max(state.scores) >= 30
    (True, True)
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))])
    return state


def format_hand(result: HandResult) -> str:
    """A finished hand as text: the deal, the passes, every trick, points and totals.

    >>> state = play_random_game(Rules(target=1), seed=4)
    >>> print(format_hand(state.results[0]))  # doctest: +ELLIPSIS
    Hand 1: pass left
      P0 dealt ...
      P0 passes ... to P1
    ...
      Trick  1: P... 2♣, ...
    ...
      Points: ...
      Totals: ...
    """
    players = len(result.scores)
    lines = [f"Hand {result.hand_number + 1}: pass {result.pass_direction}"]
    lines += [f"  P{seat} dealt {hand}" for seat, hand in enumerate(result.dealt)]
    if result.pass_direction is not PassDirection.HOLD:
        for seat, cards in enumerate(result.passed):
            receiver = (seat + result.pass_direction.offset(players)) % players
            lines.append(f"  P{seat} passes {cards} to P{receiver}")
    for number, trick in enumerate(result.tricks, start=1):
        lines.append(f"  Trick {number:2}: {trick}")
    if result.moon is not None:
        lines.append(f"  P{result.moon} shoots the moon!")
    lines.append("  Points: " + _per_seat(result.changes))
    lines.append("  Totals: " + _per_seat(result.scores))
    return "\n".join(lines)


def _per_seat(values: Sequence[int]) -> str:
    return ", ".join(f"P{seat} {value}" for seat, value in enumerate(values))


def _play(arguments: argparse.Namespace) -> int:
    rules = Rules(players=arguments.players, target=arguments.target)
    state = play_random_game(rules, arguments.seed)
    print(
        f"Hearts: {rules.players} players, game to {rules.target}, "
        f"seed {arguments.seed}, random players"
    )
    for result in state.results:
        print()
        print(format_hand(result))
    print()
    print(f"Final scores: {_per_seat(state.scores)}")
    winners = " and ".join(f"P{seat}" for seat in state.winners)
    print(f"Winner{'s' if len(state.winners) > 1 else ''}: {winners}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hearts", description="The rules of the card game Hearts, from the command line."
    )
    commands = parser.add_subparsers(dest="command")
    play = commands.add_parser("play", help="play one seeded game between random players")
    play.add_argument("--seed", type=int, default=1, help="seed of the deals and choices (1)")
    play.add_argument("--players", type=int, default=4, help="number of players, 3 to 7 (4)")
    play.add_argument("--target", type=int, default=100, help="score that ends the game (100)")
    play.set_defaults(run=_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    With no command it plays one game, as ``hearts play``.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help")):
        words.insert(0, "play")
    arguments = _parser().parse_args(words)
    try:
        return int(arguments.run(arguments))
    except HeartsError as error:
        print(f"hearts: {error}", file=sys.stderr)
        return 2
