"""A tournament on a Dask cluster: python dask_cluster.py [GAMES] [SCHEDULER].

Without a scheduler's address it starts a LocalCluster of two single-threaded worker
processes on this machine; with one (tcp://scheduler:8786) it runs there. Every game is
kept in results.jsonl as it finishes: run it again after a stop, and it goes on.
"""

import sys

from distributed import Client, LocalCluster

import hearts


def main(games: int, scheduler: str | None) -> None:
    if scheduler is None:
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0")
        client = Client(cluster)
    else:
        cluster, client = None, Client(scheduler)
    bots = [hearts.RuleBot(), hearts.RandomBot(), hearts.RandomBot(), hearts.RandomBot()]
    try:
        result = hearts.tournament(
            hearts.Rules(),
            bots,
            games,
            seed=1,
            bot_seed=2,
            executor=client.get_executor(),
            out="results.jsonl",
            resume=True,  # a stopped run goes on where it stopped
        )
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(result.table())


if __name__ == "__main__":  # Dask starts worker processes: without this guard they fail
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    main(games, sys.argv[2] if len(sys.argv) > 2 else None)
