"""Random playouts: complete deals (deal, pass, every play) per second.

Each deal starts from a new game's deal, passes three random cards per seat and plays
uniformly random legal cards to the end of the hand, with a seeded generator. When
OpenSpiel is installed (``pip install open-spiel``), the same workload runs on its C++
Hearts in the same process and the ratio is printed.

Usage: ``python benchmarks/playout.py [--quick] [--deals N]``
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import hearts


def play_deals(rules: hearts.Rules, deals: int, seed: int) -> int:
    """Play ``deals`` random deals; return the number of moves applied."""
    rng = random.Random(seed)
    legal_moves, apply = hearts.legal_moves, hearts.apply
    moves_applied = 0
    for deal in range(deals):
        state = hearts.new_game(rules, seed=seed + deal)
        while not state.results:
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            moves_applied += 1
    return moves_applied


def openspiel_deals(deals: int, seed: int) -> float | None:
    """Deals per second of OpenSpiel's Hearts on the same workload, or None if absent."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few deals, to check it runs")
    parser.add_argument("--deals", type=int, default=2000, help="deals per variant (2000)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    deals = 20 if arguments.quick else arguments.deals
    variants = {
        "standard": hearts.Rules(),
        "3 players": hearts.Rules(players=3),
        "5 players": hearts.Rules(players=5),
    }
    print(f"Random playouts, {deals} deals each; Python {platform.python_version()}")
    print(f"{'variant':<12} {'deals/s':>10} {'moves/s':>10} {'µs/move':>8}")
    standard_rate = 0.0
    for name, rules in variants.items():
        start = time.perf_counter()
        moves = play_deals(rules, deals, arguments.seed)
        elapsed = time.perf_counter() - start
        rate = deals / elapsed
        standard_rate = standard_rate or rate
        print(f"{name:<12} {rate:>10,.0f} {moves / elapsed:>10,.0f} {elapsed / moves * 1e6:>8.2f}")
    reference = openspiel_deals(deals, arguments.seed)
    if reference is None:
        print("OpenSpiel: not installed (pip install open-spiel) - no ratio")
    else:
        print(f"{'OpenSpiel':<12} {reference:>10,.0f}")
        print(f"standard / OpenSpiel: {standard_rate / reference:.2f}x")


if __name__ == "__main__":
    main()
