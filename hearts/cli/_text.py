"""The command line's text: seats, counts, the rules in a few words, a game's transcript."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hearts.game.moves import Move
from hearts.game.rules import Rules
from hearts.game.state import State
from hearts.records import format_hand

__all__ = ["describe", "per_seat", "plural", "print_game", "seats", "title"]


def per_seat(values: Iterable[object]) -> str:
    """``P0 3, P1 0, P2 26``: one value for each seat, in seat order."""
    return ", ".join(f"P{seat} {value}" for seat, value in enumerate(values))


def seats(numbers: Iterable[int]) -> str:
    """``P0 and P2``: the seats named."""
    return " and ".join(f"P{seat}" for seat in numbers)


def plural(number: int, noun: str) -> str:
    """``1 game``, ``1,234 games``: a count and its noun."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def describe(rules: Rules) -> str:
    """``4 players, game to 100``: the table and how the game ends."""
    ends = []
    if rules.chips is not None:
        ends.append(f"chips ({rules.chips} each)")
    if rules.target is not None:
        ends.append(f"game to {rules.target}")
    if rules.hands is not None:
        ends.append(plural(rules.hands, "deal"))
    return f"{rules.players} players, {' or '.join(ends)}"


def title(rules: Rules, label: str, seed: int, bot_seed: int, drawn: bool) -> str:
    """``Hearts (label): 4 players, game to 100, seed 1, bot seed 7``: what is played.

    A bot seed ``drawn`` from the operating system (no ``--bot-seed``) is said to be, with
    the option that plays the same again.
    """
    named = f" ({label})" if label else ""
    how = f" (drawn: add --bot-seed {bot_seed} to repeat)" if drawn else ""
    return f"Hearts{named}: {describe(rules)}, seed {seed}, bot seed {bot_seed}{how}"


def print_game(rules: Rules, state: State, current: Sequence[Move] = (), start: int = 0) -> None:
    """Every finished hand, the moves of an unfinished one (from index ``start``), the scores."""
    for result in state.results:
        print()
        print(format_hand(result, rules))
    if current:
        print()
        print(f"Hand {state.hand_number + 1}, unfinished:")
        for index, move in enumerate(current, start=start):
            print(f"  {index:4}  {move}")
    print()
    if state.is_over:
        print(f"Final scores: {per_seat(state.scores)}")
        print(f"Winner{'s' if len(state.winners) > 1 else ''}: {seats(state.winners)}")
    else:
        print(f"Scores so far: {per_seat(state.scores)}")
