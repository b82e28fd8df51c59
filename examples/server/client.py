r"""A bot that plays one seat of a WebSocket Hearts table (examples/server/server.py).

    python examples/server/client.py --url ws://127.0.0.1:8765 --seat 2 --token=... \
        --fingerprint ... --bot rule

(``--token=...`` with the equals sign: a token may start with a dash.)

It says hello with its seat's token and the fingerprint of the rules it expects, then
answers each view in which it is to move with its bot's choice. When the connection drops
(the server restarting), it connects again and goes on. A move refused with ``"retry":
true`` (legal, but the server could not save it: a full disk) is sent again after a pause,
0.2 seconds doubling to 2, until the server takes it; a move refused by the rules is not
(the refusal is printed). Either wait, for a server or for its disk, is given up once
``--patience`` seconds have passed: the client says so and exits 1. At the end it prints the
final scores as JSON and exits 0.
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
"""The first pause before connecting again, or before sending again a move not saved."""
MAX_RETRY_SECONDS = 2.0
"""The longest pause before sending again a move the server could not save (doubling)."""


class RefusedError(Exception):
    """The server would not seat this client: a wrong token or other rules."""


class NotSavedError(Exception):
    """The server kept refusing to save this client's move for longer than its patience."""


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
                    return await _session(connection, seat, bot, rng, patience)
                finally:
                    last_contact = loop.time()
        except (OSError, ConnectionClosed):
            if loop.time() - last_contact > patience:
                raise
            await asyncio.sleep(RETRY_SECONDS)  # the server may be restarting


async def _session(
    connection: ClientConnection,
    seat: int,
    bot: hearts.Bot,
    rng: random.Random,
    patience: float,
) -> list[int]:
    """One connection's messages, until the game is over (or the connection drops)."""
    loop = asyncio.get_running_loop()
    answered: object = None  # the decision this client has sent a move for on this connection
    sent = ""  # the move it sent for that decision: a refusal is always of the last move sent
    not_saved_since: float | None = None  # when the server first could not save that move
    pause = RETRY_SECONDS
    async for frame in connection:
        message = json.loads(frame)
        kind = message["type"]
        if kind == "error":
            raise RefusedError(message["reason"])
        if kind == "refused" and message.get("retry") is True and sent:
            # A legal move the server could not save (its disk full): the same move, again.
            if not_saved_since is None:
                not_saved_since = loop.time()
                print(
                    f"client: the server could not save a move; sending it again until it "
                    f"can: {message['reason']}",
                    file=sys.stderr,
                    flush=True,
                )
            elif loop.time() - not_saved_since > patience:
                raise NotSavedError(message["reason"])
            await asyncio.sleep(pause)
            pause = min(pause * 2, MAX_RETRY_SECONDS)
            await connection.send(sent)
        elif kind == "refused":  # by the rules, or by a server that has stopped: not again
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
                sent = json.dumps(hearts.move_to_dict(bot.choose(seen, rng)))
                not_saved_since, pause = None, RETRY_SECONDS
                await connection.send(sent)
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
    parser.add_argument(
        "--patience",
        type=float,
        default=30.0,
        help="seconds without a server, or with a server that cannot save this seat's move",
    )
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
    except NotSavedError as refused:
        sys.exit(
            f"client: the server could not save the move of seat {arguments.seat} for "
            f"{arguments.patience:g} seconds; giving up. Its last refusal: {refused}"
        )
    except (OSError, ConnectionClosed):
        sys.exit(f"client: no table at {arguments.url} for {arguments.patience:g} seconds.")
    print(json.dumps({"seat": arguments.seat, "scores": scores}))


if __name__ == "__main__":
    main()
