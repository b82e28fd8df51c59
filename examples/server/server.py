"""A Hearts table over WebSocket: four seats with tokens, a view each, moves checked by seat.

The server holds the game; each client sees only its seat's view and sends only its seat's
moves. Every move is appended to a record as it is applied, so a table killed at any moment
resumes from its record. See the "Running a table" page of the docs.

    python examples/server/server.py --record table.jsonl --tokens tokens.json --port 8765

The protocol, one JSON object per text frame:

* client → ``{"type": "hello", "seat": 2, "token": "...", "fingerprint": "..."}`` first;
* server → ``{"type": "welcome", "seat": 2, "rules": {"preset": ..., "fingerprint": ...}}``,
  then ``{"type": "view", "view": ...}`` (:func:`hearts.view_to_dict`) after every change;
* client → a move, as :func:`hearts.move_to_dict` writes it;
* server → ``{"type": "refused", "reason": "..."}`` for a move it does not apply (the
  connection stays open), ``{"type": "over", "scores": [...], "winners": [...]}`` at the
  end, ``{"type": "error", "reason": "..."}`` before closing a connection it refuses.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import sys
from pathlib import Path
from typing import IO

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

import hearts

SEATS = 4
MAX_FRAME = 8192
"""The longest frame a client may send, in bytes: a move is under 300 (hearts.MAX_MOVE_BYTES)."""
HELLO_SECONDS = 10.0
"""How long a new connection has to say who it is."""
RECORD_FORMAT = "hearts-table"


class Table:
    """One game: its state, the record it is kept in, and the connection of each seat."""

    def __init__(self, preset: str, record: Path, tokens: list[str]) -> None:
        self.preset = preset
        self.rules = hearts.Rules.preset(preset)
        self.record = record
        self.tokens = tokens
        self.connections: dict[int, ServerConnection] = {}
        self.lock = asyncio.Lock()
        self.closing: set[asyncio.Task[None]] = set()  # old connections of reconnected seats
        self.moves: list[hearts.Move] = []
        if record.exists() and b"\n" in record.read_bytes():  # at least its header line
            self.state = self._resume()
        else:
            self.state = hearts.new_game(self.rules)  # a secret seed, kept in the record only
            header = {
                "format": RECORD_FORMAT,
                "rules": {"preset": preset, "fingerprint": self.rules.fingerprint},
                "seed": self.state.seed,
            }
            # The record holds every hand and the seed: for the server's eyes only.
            descriptor = os.open(record, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                file.write(json.dumps(header) + "\n")
                _sync(file)
        self._deal()

    # --- the record ------------------------------------------------------------------------

    def _resume(self) -> hearts.State:
        """The game the record holds: its moves replayed (a half-written last line dropped)."""
        data = self.record.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) < len(data):  # killed while writing a line: that move never happened
            with self.record.open("r+b") as file:
                file.truncate(len(complete))
        lines = complete.decode("utf-8").splitlines()
        header = json.loads(lines[0])
        pinned = header.get("rules", {})
        if header.get("format") != RECORD_FORMAT or pinned.get("fingerprint") != (
            self.rules.fingerprint
        ):
            sys.exit(
                f"server: {self.record} is not a record of this table's rules (preset "
                f"{self.preset!r}, fingerprint {self.rules.fingerprint[:16]}...)."
            )
        state = hearts.new_game(self.rules, seed=header["seed"])
        for number, line in enumerate(lines[1:], start=2):
            try:  # every move checked again, as it was when a client sent it
                move = hearts.loads_move(line, self.rules)
                state = hearts.apply(state, move)
            except hearts.HeartsError as error:
                sys.exit(f"server: line {number} of {self.record} is not a move here: {error}")
            self.moves.append(move)
        print(f"server: resumed {len(self.moves)} moves from {self.record}", flush=True)
        return state

    def _apply(self, move: hearts.Move, by: int | None) -> None:
        """Apply ``move`` (sent by seat ``by``, or the table's deal), then record it."""
        state = hearts.apply(self.state, move, by=by)  # raises, leaving everything as it was
        with self.record.open("a", encoding="utf-8") as file:
            file.write(json.dumps(hearts.move_to_dict(move)) + "\n")
            _sync(file)
        self.state = state
        self.moves.append(move)

    def _deal(self) -> None:
        """Deal each hand as it comes: a chance move, the table's and no seat's."""
        while self.state.phase is hearts.Phase.DEAL:
            self._apply(hearts.legal_moves(self.state)[0], None)
        if self.state.is_over and not self.final_record.exists():
            record = hearts.GameRecord(
                self.rules, self.moves, seed=self.state.seed, preset=self.preset
            )
            descriptor = os.open(self.final_record, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                hearts.dump(record, file)

    @property
    def final_record(self) -> Path:
        """Where the finished game is written as a hearts game record."""
        return self.record.with_suffix(".json")

    # --- the clients -----------------------------------------------------------------------

    async def serve(self, connection: ServerConnection) -> None:
        """One client: its hello, then its moves until it goes away."""
        seat = await self._hello(connection)
        if seat is None:
            return
        async with self.lock:  # so that no view of a later move comes before the welcome
            replaced = self.connections.get(seat)
            self.connections[seat] = connection
            await _send(connection, {"type": "welcome", "seat": seat, "rules": self._pinned()})
            await self._send_view(seat, connection)
        if replaced is not None:  # a client that reconnected: its old connection goes
            # Not awaited: closing a connection whose client has vanished takes seconds.
            closing = asyncio.create_task(replaced.close(1000, "replaced by a new connection"))
            self.closing.add(closing)
            closing.add_done_callback(self.closing.discard)
        try:
            async for frame in connection:
                await self._receive(seat, connection, frame)
        except ConnectionClosed:
            pass
        finally:
            if self.connections.get(seat) is connection:
                del self.connections[seat]

    def _pinned(self) -> dict[str, str]:
        return {"preset": self.preset, "fingerprint": self.rules.fingerprint}

    async def _hello(self, connection: ServerConnection) -> int | None:
        """The seat a new connection proves it holds, or None (told why, then closed)."""
        try:
            frame = await asyncio.wait_for(connection.recv(), HELLO_SECONDS)
            hello = json.loads(frame)
        # json.loads raises RecursionError, not ValueError, for arrays nested too deeply.
        except (asyncio.TimeoutError, ConnectionClosed, ValueError, RecursionError):
            hello = None
        reason = _hello_refusal(hello, self.tokens, self.rules.fingerprint)
        if reason is None:
            return int(hello["seat"])
        try:
            await _send(connection, {"type": "error", "reason": reason})
            await connection.close(1008, "hello refused")
        except ConnectionClosed:
            pass
        return None

    async def _receive(self, seat: int, connection: ServerConnection, frame: str | bytes) -> None:
        """A move from ``seat``: applied and shown to every seat, or refused with why."""
        async with self.lock:
            try:
                # Every fault, from bad UTF-8 to a move of another seat, is a HeartsError.
                self._apply(hearts.loads_move(frame, self.rules), by=seat)
                self._deal()
            except hearts.HeartsError as error:
                await _send(connection, {"type": "refused", "reason": str(error)})
                return
            # The seats to move first: the game waits for them, not for the others' views.
            to_move = self.state.to_move
            peers = sorted(self.connections.items(), key=lambda peer: peer[0] not in to_move)
            for other, peer in peers:
                await self._send_view(other, peer)

    async def _send_view(self, seat: int, connection: ServerConnection) -> None:
        """What ``seat`` may see now; at the end, the scores too."""
        try:
            seen = hearts.view_to_dict(hearts.view(self.state, seat))
            await _send(connection, {"type": "view", "view": seen})
            if self.state.is_over:
                state = self.state
                await _send(
                    connection,
                    {"type": "over", "scores": list(state.scores), "winners": list(state.winners)},
                )
        except ConnectionClosed:
            pass  # the client went away; it gets the view again when it comes back


def _hello_refusal(hello: object, tokens: list[str], fingerprint: str) -> str | None:
    """Why a first frame does not admit its sender to a seat, or None if it does."""
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        return 'the first message must be {"type": "hello", "seat": ..., "token": ..., ...}.'
    seat, token = hello.get("seat"), hello.get("token")
    if type(seat) is not int or not 0 <= seat < len(tokens) or not isinstance(token, str):
        return f"a hello names a seat from 0 to {len(tokens) - 1} and gives its token."
    # In constant time, and as bytes: JSON text may hold lone surrogates, which UTF-8 refuses.
    if not secrets.compare_digest(token.encode("utf-8", "surrogatepass"), tokens[seat].encode()):
        return f"that is not the token of seat {seat}."
    if hello.get("fingerprint") != fingerprint:
        return f"this table plays the rules of fingerprint {fingerprint}, not those."
    return None


async def _send(connection: ServerConnection, message: dict[str, object]) -> None:
    await connection.send(json.dumps(message))


def _sync(file: IO[str]) -> None:
    """Flush a file to the disk, so that a move acknowledged is a move kept."""
    file.flush()
    os.fsync(file.fileno())


def _tokens(path: Path) -> list[str]:
    """The seats' tokens: kept in ``path`` (readable by its owner only), drawn if new."""
    if path.exists():
        return [str(token) for token in json.loads(path.read_text(encoding="utf-8"))]
    tokens = [secrets.token_urlsafe(16) for _ in range(SEATS)]
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(tokens, file)
    return tokens


async def main(arguments: argparse.Namespace) -> None:
    """Open the table and serve it until the process is stopped."""
    table = Table(arguments.preset, Path(arguments.record), _tokens(Path(arguments.tokens)))
    async with serve(table.serve, arguments.host, arguments.port, max_size=MAX_FRAME) as server:
        port = server.sockets[0].getsockname()[1] if server.sockets else arguments.port
        print(f"server: table open on ws://{arguments.host}:{port}", flush=True)
        await asyncio.Future()  # serve until stopped


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", required=True, help="the table's record (JSON lines)")
    parser.add_argument("--tokens", required=True, help="the seats' tokens (JSON; made if new)")
    parser.add_argument("--preset", default="standard", help="the rules (a preset's name)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    arguments = parser.parse_args()
    if arguments.preset not in hearts.Rules.preset_names():
        sys.exit(f"server: there is no preset {arguments.preset!r}; see `hearts rules`.")
    if hearts.Rules.preset(arguments.preset).players != SEATS:
        sys.exit(f"server: this example seats {SEATS} players; pick a {SEATS}-player preset.")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main(arguments))
