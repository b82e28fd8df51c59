"""Strength of the reference bots: tournaments with 95% confidence intervals.

Match-ups, standard rules, full games to 100, seats rotating every game:

1. the rule-based bot against three random bots;
2. the search bot (PIMC) against three rule-based bots;
3. challengers against three ``SearchBot(samples=20)`` at that bot's time per decision on
   this machine (measured first, on the same positions): the search bot solving the last
   tricks exactly (``endgame``) with as many deals as take the same mean time
   ("matched"), or with the same time budget for every decision ("budget"); and ISMCTS
   with that budget ("ismcts").

Points per hand is each bot's mean score change per hand, averaged over games; the
interval is 1.96 standard errors over games. The last line of each match-up is the paired
difference between the first entrant and the mean of the other three, game by game.

Usage: ``python benchmarks/strength.py [--quick] [--games N] [--search-games N]
[--samples N] [--challenger-games N] [--only {rule,search,challengers}]
[--challenger {matched,budget,ismcts} ...] [--endgame N] [--workers N]``
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from environment import environment, table

import hearts


def run(
    name: str, bots: list[hearts.Bot], games: int, seed: int, bot_seed: int, workers: int
) -> tuple[hearts.TournamentResult, float]:
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            result = hearts.tournament(
                hearts.Rules(), bots, games, seed, executor=pool, bot_seed=bot_seed
            )
    else:
        result = hearts.tournament(hearts.Rules(), bots, games, seed, bot_seed=bot_seed)
    seconds = time.perf_counter() - start
    hands = sum(game.hands for game in result.games)
    print(f"\n### {name}\n")
    print(f"{games:,} games, {hands:,} hands, {seconds:,.0f} s with {workers} worker(s)\n")
    rows = []
    for line in result.standings:
        low, high = line.interval
        rows.append(
            (
                f"{line.entrant}: {line.name}",
                line.games,
                f"{line.wins:.1f}",
                f"{line.mean_score:.1f}",
                f"{line.points_per_hand:.2f}",
                f"{low:.2f} to {high:.2f}",
            )
        )
    difference, (low, high) = result.difference(0, range(1, len(bots)))
    rows.append(
        (
            "entrant 0 less the others' mean",
            "",
            "",
            "",
            f"{difference:+.2f}",
            f"{low:+.2f} to {high:+.2f}",
        )
    )
    print(
        table(
            ("entrant", "games", "wins", "mean score", "points/hand", "95% CI"),
            rows,
        )
    )
    return result, seconds


def decision_time(bot: hearts.Bot, games: int, seed: int) -> float:
    """The bot's mean seconds per play-phase decision with a choice.

    The positions come from random play, so that every bot timed is timed on the same ones.
    """
    import random

    spent, decisions = 0.0, 0
    for game in range(games):
        state = hearts.new_game(hearts.Rules(), seed=seed + game)
        rng = random.Random(game)
        while not state.results:
            moves = hearts.legal_moves(state)
            if state.phase is hearts.Phase.PLAY and len(moves) > 1:
                seat = state.to_move[0]
                start = time.perf_counter()
                bot.choose(hearts.view(state, seat), random.Random(decisions))
                spent += time.perf_counter() - start
                decisions += 1
            state = hearts.apply(state, moves[rng.randrange(len(moves))])
    return spent / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, to check it runs")
    parser.add_argument("--games", type=int, default=1000, help="rule-based vs random games")
    parser.add_argument("--search-games", type=int, default=1000, help="search vs rule games")
    parser.add_argument("--samples", type=int, default=10, help="search bot deals per move")
    parser.add_argument(
        "--challenger-games", type=int, default=400, help="challengers vs SearchBot(20) games"
    )
    parser.add_argument("--endgame", type=int, default=3, help="the challenger's endgame tricks")
    parser.add_argument("--only", choices=("rule", "search", "challengers"), help="one match-up")
    parser.add_argument(
        "--challenger",
        nargs="+",
        choices=("matched", "budget", "ismcts"),
        default=["matched", "budget", "ismcts"],
        help="which challengers play SearchBot(samples=20)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026, help="the tournament's deals")
    parser.add_argument("--bot-seed", type=int, default=2026, help="the bots' random choices")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.games, arguments.search_games, arguments.workers = 8, 2, 1
        arguments.challenger_games = 1
    print(table(("", "value"), environment(), left=2))
    only = arguments.only
    if only in (None, "rule"):
        run(
            "Rule-based bot against three random bots",
            [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()],
            arguments.games,
            arguments.seed,
            arguments.bot_seed,
            arguments.workers,
        )
    if only in (None, "search"):
        search = hearts.SearchBot(samples=arguments.samples)
        run(
            f"Search bot ({arguments.samples} deals per decision) against three rule-based bots",
            [search, hearts.RuleBot(), hearts.RuleBot(), hearts.RuleBot()],
            arguments.search_games,
            arguments.seed,
            arguments.bot_seed,
            arguments.workers,
        )
    if only in (None, "challengers"):
        timing_games = 1 if arguments.quick else 4
        baseline = hearts.SearchBot(samples=20)
        seconds = decision_time(baseline, timing_games, arguments.seed)
        budget = seconds * 1000
        endgame = arguments.endgame
        solving = decision_time(
            hearts.SearchBot(samples=20, endgame=endgame), timing_games, arguments.seed
        )
        matched = max(1, round(20 * seconds / solving))
        print(
            f"\nSearchBot(samples=20): {budget:.1f} ms per play decision with a choice; "
            f"with endgame={endgame}: {solving * 1000:.1f} ms, so {matched} deals per decision "
            "take the same time on average"
        )
        challengers = {
            "matched": (
                f"Search bot solving the last {endgame} tricks, {matched} deals per decision "
                "(the same mean time per decision)",
                hearts.SearchBot(samples=matched, endgame=endgame, name="search+solver"),
            ),
            "budget": (
                f"Search bot solving the last {endgame} tricks, {budget:.1f} ms per decision",
                hearts.SearchBot(milliseconds=budget, endgame=endgame, name="search+solver"),
            ),
            "ismcts": (
                f"ISMCTS, {budget:.1f} ms per decision",
                hearts.ISMCTSBot(milliseconds=budget),
            ),
        }
        for key in arguments.challenger:
            name, challenger = challengers[key]
            run(
                f"{name}, against three SearchBot(samples=20)",
                [challenger, baseline, baseline, baseline],
                arguments.challenger_games,
                arguments.seed,
                arguments.bot_seed,
                arguments.workers,
            )


if __name__ == "__main__":
    main()
