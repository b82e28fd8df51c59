r"""A bot that plays one seat of a WebSocket Hearts table (examples/server/server.py).

    python examples/server/client.py --url ws://127.0.0.1:8765 --seat 2 --token=... \
        --fingerprint ... --bot rule

(``--token=...`` with the equals sign: a token may start with a dash.)

It says hello with its seat's token and the fingerprint of the rules it expects, then
answers each view in which it is to move with its bot's choice. When the connection drops
(the server restarting), it connects again and goes on. At the end it prints the final
scores as JSON and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import hearts

BOTS: dict[str, Callable[[], hearts.Bot]] = {"random": hearts.RandomBot, "rule": hearts.RuleBot}
RETRY_SECONDS = 0.2


class RefusedError(Exception):
    """The server would not seat this client: a wrong token or other rules."""


async def play(
    url: str, seat: int, token: str, fingerprint: str, bot: hearts.Bot, seed: int, patience: float
) -> list[int]:
    """Play ``seat`` to the end of the game; the final scores."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    last_contact = loop.time()
    while True:
        try:
            async with connect(url) as connection:
                try:
                    hello = {"type": "hello", "seat": seat, "token": token}
                    await connection.send(json.dumps({**hello, "fingerprint": fingerprint}))
                    return await _session(connection, seat, bot, rng)
                finally:
                    last_contact = loop.time()
        except (OSError, ConnectionClosed):
            if loop.time() - last_contact > patience:
                raise
            await asyncio.sleep(RETRY_SECONDS)  # the server may be restarting


async def _session(
    connection: ClientConnection, seat: int, bot: hearts.Bot, rng: random.Random
) -> list[int]:
    """One connection's messages, until the game is over (or the connection drops)."""
    answered: object = None  # the decision this client has sent a move for on this connection
    async for frame in connection:
        message = json.loads(frame)
        kind = message["type"]
        if kind == "error":
            raise RefusedError(message["reason"])
        if kind == "refused":
            print(f"client: the server refused a move: {message['reason']}", file=sys.stderr)
        elif kind == "over":
            return [int(score) for score in message["scores"]]
        elif kind == "view" and seat in message["view"]["to_move"]:
            # Reading a view checks it in full (some deal must give it), which takes
            # milliseconds: this client reads only the views that ask it to move.
            seen = hearts.view_from_dict(message["view"])
            # In the pass every seat moves at once, so views come while this seat's pass is
            # on its way: answer each decision once.
            decision = (seen.hand_number, seen.phase, len(seen.tricks), len(seen.trick))
            if hearts.legal_moves(seen) and decision != answered:
                answered = decision
                move = bot.choose(seen, rng)
                await connection.send(json.dumps(hearts.move_to_dict(move)))
    raise ConnectionClosed(None, None)  # the server closed the connection before the end


def main() -> None:
    """Play the seat the command line names, to the end of the game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--seat", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--fingerprint", required=True, help="of the rules this client plays")
    parser.add_argument("--bot", choices=sorted(BOTS), default="rule")
    parser.add_argument("--seed", type=int, default=0, help="the bot's random choices")
    parser.add_argument("--patience", type=float, default=30.0, help="seconds without a server")
    arguments = parser.parse_args()
    bot = BOTS[arguments.bot]()
    try:
        game = play(
            arguments.url,
            arguments.seat,
            arguments.token,
            arguments.fingerprint,
            bot,
            arguments.seed,
            arguments.patience,
        )
        scores = asyncio.run(game)
    except RefusedError as refused:
        sys.exit(f"client: the table refused seat {arguments.seat}: {refused}")
    except (OSError, ConnectionClosed):
        sys.exit(f"client: no table at {arguments.url} for {arguments.patience:g} seconds.")
    print(json.dumps({"seat": arguments.seat, "scores": scores}))


if __name__ == "__main__":
    main()
