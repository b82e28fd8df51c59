"""A tournament on every core of this machine: python process_pool.py [GAMES] [WORKERS]."""

import sys
from concurrent.futures import ProcessPoolExecutor

import hearts


def main(games: int, workers: int | None) -> None:
    bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    with ProcessPoolExecutor(workers) as pool:
        result = hearts.tournament(
            hearts.Rules(),
            bots,
            games,
            seed=1,
            bot_seed=2,
            executor=pool,
            progress=hearts.Progress(),  # a line on stderr: games done, games/s, ETA
        )
    print(result.table())


if __name__ == "__main__":  # the workers import this script: start them from here only
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else None
    main(games, workers)
