"""A Hearts table over WebSocket: four seats with tokens, a view each, moves checked by seat.

The server holds the game; each client sees only its seat's view and sends only its seat's
moves. Every move is appended to a record as it is applied, so a table killed at any moment
resumes from its record. A move the server cannot save (a full disk) is refused and the
record is left as it was. See the "Running a table" page of the docs.

    python examples/server/server.py --record table.jsonl --tokens tokens.json --port 8765

The protocol, one JSON object per text frame:

* client → ``{"type": "hello", "seat": 2, "token": "...", "fingerprint": "..."}`` first;
* server → ``{"type": "welcome", "seat": 2, "rules": {"preset": ..., "fingerprint": ...}}``,
  then ``{"type": "view", "view": ...}`` (:func:`hearts.view_to_dict`) after every change;
* client → a move, as :func:`hearts.move_to_dict` writes it;
* server → ``{"type": "refused", "reason": "...", "retry": false}`` for a move it does not
  apply (the connection stays open). ``retry`` is true only for a move the rules accept but
  the server could not save (a full disk): the same move may be accepted if sent again,
  after a pause. A move the rules refuse has ``retry`` false: sent again, it is refused
  again;
* server → ``{"type": "over", "scores": [...], "winners": [...]}`` at the end, and
  ``{"type": "error", "reason": "..."}`` before closing a connection it refuses.

The server exits, with a message, only where it cannot keep its record whole: a move it
could not save, and whose cut line it could not take back. Started again, it resumes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import sys
from collections.abc import Callable
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


class MoveNotSavedError(Exception):
    """A move the table could not save, so did not play: the sentence for its sender.

    ``retry`` says whether the same move, sent again, may be saved: true when the record
    was kept whole and the table takes moves still; false when the table has stopped.
    """

    def __init__(self, reason: str, *, retry: bool) -> None:
        super().__init__(reason)
        self.retry = retry


class RecordWriteError(Exception):
    """Lines that could not be appended to a record (the disk full, or a file too large).

    ``kept_whole`` says whether the record was cut back to its last whole line, as it was
    before; if not, it may end with part of the lines, or all of them.
    """

    def __init__(self, reason: str, *, kept_whole: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kept_whole = kept_whole


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
        self.fault: str | None = None
        """Why the table stopped taking moves: its record could not be kept whole."""
        self.stopped = asyncio.Event()
        resuming = record.exists() and b"\n" in record.read_bytes()  # at least its header line
        # A new game has a secret seed, kept in the record only.
        self.state = self._resume() if resuming else hearts.new_game(self.rules)
        try:
            if not resuming:
                self._create_record()
            self._keep(self.state, [])  # the deal due, and table.json of a finished game
        except (OSError, RecordWriteError) as error:
            reason = error.reason if isinstance(error, RecordWriteError) else _reason(error)
            sys.exit(
                f"server: could not write the record {record} ({reason}). Start the server "
                "again once it can: if the disk is full, free some space first."
            )

    # --- the record ------------------------------------------------------------------------

    def _create_record(self) -> None:
        """Start a new record: its header, with the rules and the seed."""
        header = {
            "format": RECORD_FORMAT,
            "rules": {"preset": self.preset, "fingerprint": self.rules.fingerprint},
            "seed": self.state.seed,
        }
        # The record holds every hand and the seed: for the server's eyes only.
        os.close(os.open(self.record, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        _sync_directory(self.record.parent)
        _append_whole(self.record, (json.dumps(header) + "\n").encode("utf-8"))

    def _resume(self) -> hearts.State:
        """The game the record holds: its moves replayed (a half-written last line dropped)."""
        data = self.record.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        # Killed while writing, or a failed write not cut back: nobody was shown that move.
        if len(complete) < len(data):
            try:
                with self.record.open("r+b") as file:
                    file.truncate(len(complete))
                    _sync(file)
            except OSError as error:
                sys.exit(
                    f"server: {self.record} ends with a line cut short, which could not be "
                    f"removed ({_reason(error)}); free some space and start the server again."
                )
            print(
                f"server: dropped the last {len(data) - len(complete)} bytes of {self.record}, "
                "a line cut short: a move that was never played",
                flush=True,
            )
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

    def _play(self, move: hearts.Move, by: int) -> None:
        """Apply ``move``, sent by seat ``by``, once the record holds it.

        Raises:
            hearts.HeartsError: the rules refuse the move.
            MoveNotSavedError: the record could not take the move; the table is as it was
                (or, if the record could not be kept whole either, it has stopped).
        """
        if self.fault is not None:
            raise MoveNotSavedError(
                "The server has stopped taking moves, as it could not save one; your move was "
                "not played. Send it again when the server is back.",
                retry=False,
            )
        state = hearts.apply(self.state, move, by=by)  # raises, leaving everything as it was
        try:
            self._keep(state, [move])
        except RecordWriteError as error:
            if error.kept_whole:
                print(
                    f"server: could not append a move of P{by} to {self.record} "
                    f"({error.reason}); the move was refused and the record kept as it was.",
                    file=sys.stderr,
                    flush=True,
                )
                raise MoveNotSavedError(
                    f"The server could not save your move ({error.reason}); it was not "
                    "played. Send it again.",
                    retry=True,
                ) from error
            self.fault = (
                f"server: could not append a move of P{by} to {self.record} ({error.reason}), "
                "nor cut the record back to its last whole line; stopped, so that no move is "
                "played after a cut line. Free some space and start the server again: it "
                "drops the cut line and resumes."
            )
            self.stopped.set()
            raise MoveNotSavedError(
                f"The server could not save your move ({error.reason}) and has stopped; when "
                "it is back, its view shows whether your move was played.",
                retry=False,
            ) from error

    def _keep(self, state: hearts.State, moves: list[hearts.Move]) -> None:
        """Make ``state``, reached by ``moves``, the table's, with the deal it is due.

        The moves and the deal are appended to the record in one write, and only once the
        record holds them all is the table's state changed (so a move is never played
        without its deal). At the end of the game, the game record is written too.
        """
        moves = list(moves)
        while state.phase is hearts.Phase.DEAL:  # a chance move, the table's and no seat's
            deal = hearts.legal_moves(state)[0]
            state = hearts.apply(state, deal)
            moves.append(deal)
        if moves:
            lines = "".join(json.dumps(hearts.move_to_dict(move)) + "\n" for move in moves)
            _append_whole(self.record, lines.encode("utf-8"))
        self.state = state
        self.moves.extend(moves)
        if state.is_over and not self.final_record.exists():
            self._write_final_record()

    def _write_final_record(self) -> None:
        """Write the finished game as a hearts game record: whole, or not at all."""
        record = hearts.GameRecord(self.rules, self.moves, seed=self.state.seed, preset=self.preset)
        try:
            _write_whole(self.final_record, lambda file: hearts.dump(record, file))
        except OSError as error:
            # The game is safe in the record, and a server started again writes this file.
            print(
                f"server: could not write {self.final_record} ({_reason(error)}); the game is "
                f"kept whole in {self.record}, and the server writes {self.final_record.name} "
                "when it is started again.",
                file=sys.stderr,
                flush=True,
            )

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
                self._play(hearts.loads_move(frame, self.rules), by=seat)
            except hearts.HeartsError as error:  # the rules refuse it: the same move never passes
                await _send(connection, {"type": "refused", "reason": str(error), "retry": False})
                return
            except MoveNotSavedError as error:  # a legal move: worth sending again, if retry
                refusal = {"type": "refused", "reason": str(error), "retry": error.retry}
                await _send(connection, refusal)
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


def _sync(file: IO[str] | IO[bytes]) -> None:
    """Flush a file to the disk, so that a move acknowledged is a move kept."""
    file.flush()
    os.fsync(file.fileno())


def _sync_directory(path: Path) -> None:
    """Sync a directory, so that a file created or renamed in it is there after a crash."""
    if os.name != "posix":  # Windows cannot open a directory to sync it
        return
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _reason(error: OSError) -> str:
    """What went wrong, in the system's words: "No space left on device"."""
    return error.strerror or str(error)


def _append_whole(path: Path, data: bytes) -> None:
    """Append ``data`` (whole lines) to ``path`` and sync it, or leave ``path`` as it was.

    A write that fails part way (a full disk: ENOSPC, or EFBIG past RLIMIT_FSIZE) leaves
    the start of a line, to which the next line would be appended; so the file is cut back
    to its length before, its last newline.

    Raises:
        RecordWriteError: the lines could not be appended; ``kept_whole`` says whether the
            file is as it was, or may keep some of them.
    """
    try:
        length = path.stat().st_size
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND)
    except OSError as error:
        raise RecordWriteError(_reason(error), kept_whole=True) from error
    try:
        view = memoryview(data)
        while view:  # a write may take only some of the bytes, and fail on the rest
            view = view[os.write(descriptor, view) :]
        os.fsync(descriptor)
    except OSError as error:
        try:
            os.ftruncate(descriptor, length)
            os.fsync(descriptor)
        except OSError:
            raise RecordWriteError(_reason(error), kept_whole=False) from error
        raise RecordWriteError(_reason(error), kept_whole=True) from error
    finally:
        os.close(descriptor)


def _write_whole(path: Path, write: Callable[[IO[str]], None]) -> None:
    """Write ``path`` (readable by its owner only) through ``write``, whole or not at all.

    The text goes to a temporary file beside ``path``, which is synced and renamed over it;
    if anything fails, the temporary file is removed and ``path`` is as it was (or absent).

    Raises:
        OSError: the file could not be written.
    """
    temporary = path.with_name(path.name + ".tmp")
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()  # left by a server killed while writing
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            write(file)
            _sync(file)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _sync_directory(path.parent)


def _tokens(path: Path) -> list[str]:
    """The seats' tokens: kept in ``path`` (readable by its owner only), drawn if new."""
    if path.exists():
        return [str(token) for token in json.loads(path.read_text(encoding="utf-8"))]
    tokens = [secrets.token_urlsafe(16) for _ in range(SEATS)]
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(tokens, file)
    return tokens


async def main(arguments: argparse.Namespace) -> str | None:
    """Open the table and serve it until the process is stopped, or the table stops: why."""
    table = Table(arguments.preset, Path(arguments.record), _tokens(Path(arguments.tokens)))
    async with serve(table.serve, arguments.host, arguments.port, max_size=MAX_FRAME) as server:
        port = server.sockets[0].getsockname()[1] if server.sockets else arguments.port
        print(f"server: table open on ws://{arguments.host}:{port}", flush=True)
        await table.stopped.wait()  # serve until the process is stopped, or the table stops
    return table.fault


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
        sys.exit(asyncio.run(main(arguments)))  # a message, and status 1, if the table stopped
