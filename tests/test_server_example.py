"""examples/server/: a WebSocket table played end to end, killed mid-hand and resumed.

The server and four bot clients run as their own processes, as they would on a real
machine; forged and malformed messages are sent on a raw connection first. A full disk is
a file size limit (RLIMIT_FSIZE) set on the server's process, and lifted again.

These tests must pass on a machine busy with other work: every wait for a reply, a line or
the end of a game has a guard (GUARD_SECONDS) against a hang, far longer than it takes, and
no test asserts on how long anything took. The server picks its own port (``--port 0``) and
says which; every process started is waited for, killed if need be, and its pipes closed.
"""

from __future__ import annotations

import asyncio
import errno
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType
from typing import IO, Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as websocket_connect

import hearts

GUARD_SECONDS = 300.0
"""How long a test waits for what must come (a reply, a line, the end of a game) before it
reports a hang: a guard against a stall on a loaded machine, and no measure of speed."""

SERVER = Path(__file__).parent.parent / "examples" / "server"
RULES = hearts.Rules.preset("standard")
CARD_NAMES = re.compile("|".join(re.escape(str(card)) for card in hearts.game.cards.CARDS))
TOKENS = ["token-0", "token-1", "token-2", "token-3"]
LIMITED = """
import errno, os, resource, runpy, signal, sys, threading

# Past the limit a write fails with EFBIG, rather than the signal killing the process.
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def set_limits():
    # Each line on stdin is a file size limit in bytes, or "none"; acknowledged on stdout.
    # Read unbuffered: a thread blocked in sys.stdin would hold its lock as the server exits.
    pending = b""
    while chunk := os.read(0, 1024):
        *lines, pending = (pending + chunk).split(b"\\n")
        for line in lines:
            hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
            soft = hard if line == b"none" else int(line)
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            print("limit:", line.decode(), flush=True)


def ftruncate(descriptor, length):
    raise OSError(errno.EIO, os.strerror(errno.EIO))


threading.Thread(target=set_limits, daemon=True).start()
if os.environ.get("TEST_TRUNCATE_FAILS"):
    os.ftruncate = ftruncate
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""
"""Runs the server (its path and arguments follow) under file size limits read from stdin."""


def connect(url: str) -> ClientConnection:
    """A raw connection to the table, with the guard's time to open on a busy machine."""
    return websocket_connect(url, open_timeout=GUARD_SECONDS)


class Output:
    """A pipe from a process, read to its end by a thread, so the process never blocks on it."""

    def __init__(self, pipe: IO[str]) -> None:
        self.pipe = pipe
        self.lines: list[str] = []
        self.ended = False
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for line in self.pipe:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def wait_for(self, found: Callable[[list[str]], object], what: str) -> list[str]:
        """The lines so far, once ``found`` says they hold ``what``.

        Raises:
            AssertionError: the pipe was closed first, or the guard's time passed.
        """
        with self.changed:
            self.changed.wait_for(lambda: self.ended or found(self.lines), GUARD_SECONDS)
            if found(self.lines):
                return list(self.lines)
            why = "the pipe was closed" if self.ended else f"not in {GUARD_SECONDS:g} seconds"
            raise AssertionError(f"waited for {what}: {why}; the last lines: {self.lines[-5:]}")

    def close(self) -> str:
        """Everything read, once the pipe has ended (its process has exited); closed."""
        self.thread.join(GUARD_SECONDS)
        self.pipe.close()
        return "".join(self.lines)


def count(words: str) -> Callable[[list[str]], int]:
    """How many of some lines hold ``words``."""
    return lambda lines: sum(words in line for line in lines)


class Server:
    """The example server as a process, started and killed as a test needs.

    The first start lets the server pick a free port and reads it from what the server
    says; a restart takes the same port, so that its clients find it again.
    """

    def __init__(self, tmp_path: Path) -> None:
        self.record = tmp_path / "table.jsonl"
        self.tokens_file = tmp_path / "tokens.json"
        self.port = 0
        self.process: subprocess.Popen[str] | None = None
        self.out: Output | None = None
        self.err: Output | None = None
        """What the server writes to its standard error, when started ``limited``."""
        self.said: list[str] = []
        """What the server printed before it said it was open, the last time it started."""

    @property
    def url(self) -> str:
        assert self.port, "the server has not been started"
        return f"ws://127.0.0.1:{self.port}"

    def start(self, *, limited: bool = False, truncate_fails: bool = False) -> None:
        """Start the server; ``limited``, under file size limits set by ``limit_file_size``.

        ``truncate_fails`` makes every os.ftruncate of the server fail, as it may on a
        failing disk.
        """
        arguments = [
            *("--record", str(self.record), "--tokens", str(self.tokens_file)),
            *("--port", str(self.port)),
        ]
        script = [str(SERVER / "server.py"), *arguments]
        environment = dict(os.environ, TEST_TRUNCATE_FAILS="1") if truncate_fails else None
        self.process = subprocess.Popen(
            [sys.executable, "-c", LIMITED, *script] if limited else [sys.executable, *script],
            stdin=subprocess.PIPE if limited else None,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if limited else None,
            env=environment,
            text=True,
        )
        assert self.process.stdout is not None
        self.out = Output(self.process.stdout)
        self.err = Output(self.process.stderr) if self.process.stderr is not None else None
        try:  # up when it says so
            said = self.out.wait_for(count("server: table open"), "the server to open")
        except AssertionError as error:
            self.kill()
            raise AssertionError(f"{error} (exit status {self.process.returncode})") from None
        self.said = said[: [line.startswith("server: table open") for line in said].index(True)]
        self.port = int(said[len(self.said)].strip().rsplit(":", 1)[1])

    def limit_file_size(self, size: int | None) -> None:
        """Let the server's files grow to ``size`` bytes (None: no limit), as a disk would."""
        assert self.process is not None and self.process.stdin is not None
        assert self.out is not None
        acknowledged = count("limit:")(self.out.lines)
        self.process.stdin.write(f"{'none' if size is None else size}\n")
        self.process.stdin.flush()
        self.out.wait_for(
            lambda lines: count("limit:")(lines) > acknowledged, "the server to take the limit"
        )

    def kill(self) -> str:
        """Kill the server, if it runs still, and wait for it: see ``stopped``."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        return self.stopped()

    def stopped(self) -> str:
        """Wait for the server to exit and close its pipes: what it wrote to stderr."""
        assert self.process is not None
        try:
            self.process.wait(GUARD_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"the server did not exit in {GUARD_SECONDS:g} s") from None
        finally:
            errors = self.err.close() if self.err is not None else ""
            if self.out is not None:
                self.out.close()
            if self.process.stdin is not None:
                self.process.stdin.close()
        return errors

    @property
    def tokens(self) -> list[str]:
        return [str(token) for token in json.loads(self.tokens_file.read_text())]

    def moves_recorded(self) -> int:
        """The moves in the record: its whole lines, less the header."""
        return max(self.record.read_bytes().count(b"\n") - 1, 0)

    def hello(self, seat: int, changes: dict[str, object] | None = None) -> dict[str, object]:
        """The hello of ``seat``, with its token, as a client sends it; changed if asked."""
        hello = {"type": "hello", "seat": seat, "token": self.tokens[seat]}
        return {**hello, "fingerprint": RULES.fingerprint, **(changes or {})}


def received(connection: object) -> dict[str, object]:
    return dict(json.loads(connection.recv(timeout=GUARD_SECONDS)))  # type: ignore[attr-defined]


def refused_for(connection: object, frame: str | bytes, *, retry: bool = False) -> str:
    """The reason the server gives for refusing ``frame``, the connection kept open.

    ``retry``: whether the refusal says the same move is worth sending again (a legal move
    the server could not save), as it must not for a move the rules refuse.
    """
    connection.send(frame)  # type: ignore[attr-defined]
    reply = received(connection)
    assert reply["type"] == "refused" and reply["retry"] is retry, reply
    return str(reply["reason"])


def bot_clients(
    server: Server, seats: Iterable[int] = range(4), patience: float = GUARD_SECONDS
) -> list[subprocess.Popen[str]]:
    """A bot client for each seat, each its own process, as patient as the tests' guard."""
    return [
        subprocess.Popen(
            [
                sys.executable,
                str(SERVER / "client.py"),
                "--url",
                server.url,
                "--seat",
                str(seat),
                f"--token={server.tokens[seat]}",  # a token may start with "-"
                "--fingerprint",
                RULES.fingerprint,
                "--bot",
                "random",
                "--seed",
                str(seat),
                "--patience",
                f"{patience:g}",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seat in seats
    ]


def reap(clients: list[subprocess.Popen[str]]) -> None:
    """Kill the clients still running, wait for every one, and close their pipes."""
    for client in clients:
        if client.poll() is None:
            client.kill()
        client.communicate()


def played_out(clients: list[subprocess.Popen[str]]) -> list[tuple[str, str]]:
    """What each client printed (stdout, stderr), once each has exited, by the guard's time.

    Raises:
        AssertionError: some client still ran after the guard's time (the game stalled);
            it says what the clients wrote to stderr last.
    """
    try:
        return [client.communicate(timeout=GUARD_SECONDS) for client in clients]
    except subprocess.TimeoutExpired:
        for client in clients:
            if client.poll() is None:
                client.kill()
        said = [client.communicate()[1][-300:] for client in clients]
        raise AssertionError(f"the game stalled; the clients said last: {said}") from None
    finally:
        reap(clients)


def wait_until(
    condition: Callable[[], bool], what: str, clients: list[subprocess.Popen[str]]
) -> None:
    """Wait until ``condition`` holds, while the clients play; a stall fails, saying where.

    Raises:
        AssertionError: the guard's time passed first, or a client exited first.
    """
    deadline = time.monotonic() + GUARD_SECONDS
    while not condition():
        exited = [client for client in clients if client.poll() is not None]
        if exited or time.monotonic() > deadline:
            reap(clients)
            said = [client.communicate()[1][-300:] for client in clients]
            raise AssertionError(f"waited for {what} in vain; the clients said last: {said}")
        time.sleep(0.01)


def check_bad_input(server: Server) -> None:
    """Forged and malformed messages: each refused, and the table goes on."""
    for changes, words in (
        ({"token": "not-the-token"}, "that is not the token of seat 1."),
        ({"fingerprint": "00"}, "this table plays the rules of fingerprint"),
        ({"seat": 9}, "a hello names a seat from 0 to 3"),
    ):
        with connect(server.url) as intruder:
            intruder.send(json.dumps(server.hello(1, changes)))
            reply = received(intruder)
            assert reply["type"] == "error" and words in str(reply["reason"]), reply
            with pytest.raises(ConnectionClosed):
                intruder.recv(timeout=GUARD_SECONDS)
    # A hello no JSON reader takes calmly: nested too deeply, and a token UTF-8 cannot encode.
    for frame in ("[" * 5000, json.dumps(server.hello(1, {"token": "\ud800"}))):
        with connect(server.url) as intruder:
            intruder.send(frame)
            assert received(intruder)["type"] == "error"
            with pytest.raises(ConnectionClosed) as closed:
                intruder.recv(timeout=GUARD_SECONDS)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    with connect(server.url) as client:
        client.send(json.dumps(server.hello(0)))
        assert received(client)["type"] == "welcome"
        view = hearts.view_from_dict(received(client)["view"])
        assert view.phase is hearts.Phase.PASS and view.player == 0
        forged = refused_for(client, json.dumps({"type": "play", "player": 1, "card": "3H"}))
        assert forged.startswith("P0 may not move for P1: ") and not CARD_NAMES.search(forged)
        deal = hearts.move_to_dict(hearts.Deal([list(RULES.deck)[i::4] for i in range(4)]))
        assert refused_for(client, json.dumps(deal)).startswith("P0 may not deal: ")
        assert refused_for(client, '{"type": "play", "pla').startswith("move: the text is not")
        assert refused_for(client, b'{"type": "pass", "player": 0, "cards": "2C \xff"}').startswith(
            "move: the bytes are not text"
        )
        huge = '{"type": "claim", "player": ' + "9" * 2000 + "}"
        assert "a number of 2,000 digits" in refused_for(client, huge)
        unknown = '{"type": "claim", "player": 0, "admin": true}'
        assert refused_for(client, unknown).startswith("move: has an unknown field 'admin'")
        play = json.dumps({"type": "play", "player": 0, "card": str(min(view.hand).ascii)})
        assert "waits for P0, P1, P2, P3 to pass" in refused_for(client, play)
    with connect(server.url) as replaced, connect(server.url) as client:
        replaced.send(json.dumps(server.hello(0)))
        assert [received(replaced)["type"] for _ in "12"] == ["welcome", "view"]
        client.send(json.dumps(server.hello(0)))  # the same seat again: the player reconnected
        assert [received(client)["type"] for _ in "12"] == ["welcome", "view"]
        with pytest.raises(ConnectionClosed) as closed:
            replaced.recv(timeout=GUARD_SECONDS)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1000
        client.send("[" * 20_000)  # more than the frame limit: websockets closes this connection
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=GUARD_SECONDS)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_a_table_plays_a_whole_game_through_a_restart_and_its_record_replays(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path)
    server.start()
    clients: list[subprocess.Popen[str]] = []
    try:
        check_bad_input(server)
        assert server.moves_recorded() == 1  # the first deal only: nothing bad was applied
        clients.extend(bot_clients(server))
        # Kill the server in the middle of the second hand: its deal, passes and some tricks.
        wait_until(lambda: server.moves_recorded() >= 57 + 1 + 4 + 20, "the second hand", clients)
        server.kill()
        kept = server.moves_recorded()
        server.start()
        outputs = played_out(clients)
    finally:
        reap(clients)  # waited for, even if the game stalled
        server.kill()
    for client, (_, err) in zip(clients, outputs, strict=True):
        assert client.returncode == 0, err
    reports = [json.loads(out) for out, _ in outputs]
    assert [report["seat"] for report in reports] == [0, 1, 2, 3]
    scores = reports[0]["scores"]
    assert all(report["scores"] == scores for report in reports)
    # The record the table wrote as it went replays to the same end.
    with (tmp_path / "table.json").open("rb") as file:
        record = hearts.load(file)
    final = hearts.replay(record).final
    assert final.is_over and list(final.scores) == scores
    assert len(record.moves) == server.moves_recorded() > kept
    killed = hearts.new_game(RULES, seed=record.seed)
    for move in record.moves[:kept]:
        killed = hearts.apply(killed, move)
    assert killed.phase is hearts.Phase.PLAY and killed.tricks and len(killed.results) == 1
    # The record holds every hand and the seed: only its owner may read it, as the tokens.
    assert server.record.stat().st_mode & 0o777 == server.tokens_file.stat().st_mode & 0o777
    assert server.record.stat().st_mode & 0o077 == 0
    assert record.rules == RULES and record.seed is not None


# --- a full disk ---------------------------------------------------------------------------


def line_of(move: hearts.Move) -> str:
    """A move as a client sends it and as the record holds it: one JSON line."""
    return json.dumps(hearts.move_to_dict(move)) + "\n"


def record_lines(record: Path) -> list[str]:
    """The record's lines, each of them whole: a header, then moves the rules accept."""
    text = record.read_text(encoding="utf-8")
    assert text.endswith("\n"), f"the record ends with a line cut short: {text[-80:]!r}"
    header, *moves = text.splitlines()
    state = hearts.new_game(RULES, seed=json.loads(header)["seed"])
    for line in moves:
        state = hearts.apply(state, hearts.loads_move(line, RULES))
    return moves


def seats_to_move(connection: ClientConnection) -> list[int]:
    """The seats to move in the next view the server sends ``connection``."""
    message = received(connection)
    assert message["type"] == "view", message
    return [int(seat) for seat in message["view"]["to_move"]]  # type: ignore[index]


@pytest.fixture
def seats(tmp_path: Path) -> Iterator[tuple[Server, list[ClientConnection]]]:
    """A server under a file size limit (none yet), and a connection of each seat, welcomed."""
    server = Server(tmp_path)
    server.start(limited=True)
    try:
        with ExitStack() as stack:
            connections: list[ClientConnection] = []
            for seat in range(4):
                connection = stack.enter_context(connect(server.url))
                connection.send(json.dumps(server.hello(seat)))
                assert received(connection)["type"] == "welcome"
                connections.append(connection)
            yield server, connections
    finally:
        server.kill()


def test_a_move_the_disk_cannot_hold_is_refused_and_the_record_stays_resumable(
    seats: tuple[Server, list[ClientConnection]],
) -> None:
    server, connections = seats
    views = [hearts.view_from_dict(received(connection)["view"]) for connection in connections]
    passes = [line_of(hearts.legal_moves(view)[0]) for view in views]
    size = server.record.stat().st_size
    # Room for seat 0's pass and half of seat 1's: the write of seat 1's fails part way.
    server.limit_file_size(size + len(passes[0]) + len(passes[1]) // 2)
    connections[0].send(passes[0])
    to_move: list[list[list[int]]] = [[] for _ in connections]
    for seat, connection in enumerate(connections):
        to_move[seat].append(seats_to_move(connection))
    assert refused_for(connections[1], passes[1], retry=True) == (
        "The server could not save your move (File too large); it was not played. Send it again."
    )
    # The record is as it was before the move: no part of its line is left.
    assert server.record.stat().st_size == size + len(passes[0])
    assert record_lines(server.record)[-1] == passes[0].strip()
    # The disk has room again: the same server takes the move, and the next.
    server.limit_file_size(None)
    connections[1].send(passes[1])
    for seat, connection in enumerate(connections):
        to_move[seat].append(seats_to_move(connection))
    connections[2].send(passes[2])
    for seat, connection in enumerate(connections):
        to_move[seat].append(seats_to_move(connection))
    # Nobody was shown the refused move: each seat saw one view per move played.
    assert to_move == [[[1, 2, 3], [2, 3], [3]]] * 4
    assert record_lines(server.record)[-3:] == [line.strip() for line in passes[:3]]
    # Started again, the server resumes from its record, and the bots play the game out.
    server.kill()
    kept = server.moves_recorded()
    server.start()
    assert f"server: resumed {kept} moves from {server.record}\n" in server.said
    clients = bot_clients(server)
    outputs = played_out(clients)
    for client, (_, err) in zip(clients, outputs, strict=True):
        assert client.returncode == 0, err
    scores = json.loads(outputs[0][0])["scores"]
    with (server.record.parent / "table.json").open("rb") as file:
        record = hearts.load(file)
    assert list(hearts.replay(record).final.scores) == scores
    assert [line_of(move).strip() for move in record.moves] == record_lines(server.record)


REFUSED = "; the move was refused and the record kept as it was."
"""The end of the line the server writes to its stderr for each move it could not save."""


def test_the_example_clients_play_on_once_a_full_disk_has_room_again(tmp_path: Path) -> None:
    """The disk fills in the middle of a game, and empties again, the server never stopped:
    the seat whose move was not saved sends it again until the server saves it, and the
    four clients play the game to its end by themselves."""
    server = Server(tmp_path)
    server.start(limited=True)
    clients: list[subprocess.Popen[str]] = []
    try:
        clients.extend(bot_clients(server))
        # The disk fills in the first hand's tricks: the next move's line finds no room.
        wait_until(lambda: server.moves_recorded() >= 1 + 4 + 16, "the tricks", clients)
        server.limit_file_size(server.record.stat().st_size + 20)
        assert server.err is not None
        server.err.wait_for(lambda lines: count(REFUSED)(lines) >= 1, "a move refused")
        # Sent again, and again, while the disk is full: refused each time, the game waits.
        server.err.wait_for(
            lambda lines: count(REFUSED)(lines) >= 3,
            "the refused move sent again (a client that never sends it again stalls the game)",
        )
        assert all(client.poll() is None for client in clients)
        # Room again, and the same server, never restarted, saves it: the game goes on.
        server.limit_file_size(None)
        outputs = played_out(clients)
    finally:
        reap(clients)
        server.kill()
    for client, (_, err) in zip(clients, outputs, strict=True):
        assert client.returncode == 0, err
    assert any("could not save a move; sending it again" in err for _, err in outputs)
    reports = [json.loads(out) for out, _ in outputs]
    assert [report["seat"] for report in reports] == [0, 1, 2, 3]
    scores = reports[0]["scores"]
    assert all(report["scores"] == scores for report in reports)
    # The record holds each move once, whole, and the game it records replays to those scores.
    with (tmp_path / "table.json").open("rb") as file:
        record = hearts.load(file)
    assert hearts.loads(hearts.dumps(record)) == record
    final = hearts.replay(record).final
    assert final.is_over and list(final.scores) == scores
    assert [line_of(move).strip() for move in record.moves] == record_lines(server.record)


def test_a_client_gives_up_on_a_server_that_cannot_save_its_move_for_its_patience(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path)
    server.start(limited=True)
    clients: list[subprocess.Popen[str]] = []
    try:
        server.limit_file_size(server.record.stat().st_size)  # the disk is full, and stays so
        clients.extend(bot_clients(server, seats=[0], patience=1))
        [(out, err)] = played_out(clients)
    finally:
        reap(clients)
        errors = server.kill()
    assert clients[0].returncode == 1 and not out
    assert err.endswith(
        "client: the server could not save the move of seat 0 for 1 seconds; giving up. Its "
        "last refusal: The server could not save your move (File too large); it was not "
        "played. Send it again.\n"
    ), err
    assert err.count("client: ") == 2, err  # the first refusal said, and the last
    assert server.moves_recorded() == 1  # the deal alone
    assert count(REFUSED)(errors.splitlines()) >= 2  # sent again before the client gave up


def test_a_server_that_cannot_cut_off_a_failed_line_stops_and_resumes_without_it(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path)
    server.start(limited=True, truncate_fails=True)
    try:
        with connect(server.url) as seat:
            seat.send(json.dumps(server.hello(0)))
            assert received(seat)["type"] == "welcome"
            move = line_of(hearts.legal_moves(hearts.view_from_dict(received(seat)["view"]))[0])
            size = server.record.stat().st_size
            server.limit_file_size(size + len(move) // 2)
            reason = refused_for(seat, move)
            assert reason == (
                "The server could not save your move (File too large) and has stopped; when it is "
                "back, its view shows whether your move was played."
            )
            with pytest.raises(ConnectionClosed):
                received(seat)
        errors = server.stopped()
        assert server.process is not None and server.process.returncode == 1
        assert errors.endswith(
            f"server: could not append a move of P0 to {server.record} (File too large), nor cut "
            "the record back to its last whole line; stopped, so that no move is played after a "
            "cut line. Free some space and start the server again: it drops the cut line and "
            "resumes.\n"
        ), errors
        assert server.record.stat().st_size == size + len(move) // 2
        # Started again, it drops the cut line, says so, and takes the move.
        server.start()
        dropped = f"the last {len(move) // 2} bytes of {server.record}, a line cut short"
        assert any(dropped in line for line in server.said), server.said
        assert server.moves_recorded() == 1 and len(record_lines(server.record)) == 1
        with connect(server.url) as seat:
            seat.send(json.dumps(server.hello(0)))
            assert [received(seat)["type"] for _ in "12"] == ["welcome", "view"]
            seat.send(move)
            assert seats_to_move(seat) == [1, 2, 3]
        assert record_lines(server.record)[-1] == move.strip()
    finally:
        server.kill()  # waited for, whatever failed


# The table itself, in this process: the failing calls are patched in.


def server_module() -> ModuleType:
    """examples/server/server.py, imported."""
    spec = importlib.util.spec_from_file_location("hearts_example_server", SERVER / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Peer:
    """A seat's connection that keeps what the table sends it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


def no_room() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class FullDisk:
    """os.write and os.fsync on a disk that fills up: the first call to each finds no room.

    The first write still writes half of its bytes, as a write cut short by a full disk does.
    """

    def __init__(self) -> None:
        self.failed: set[str] = set()
        self.write, self.fsync = os.write, os.fsync

    def first(self, name: str) -> bool:
        first = name not in self.failed
        self.failed.add(name)
        return first

    def patched_write(self, descriptor: int, data: bytes) -> int:
        if self.first("write"):
            self.write(descriptor, bytes(data[: len(data) // 2]))
        raise no_room()

    def patched_fsync(self, descriptor: int) -> None:
        if self.first("fsync"):
            raise no_room()
        self.fsync(descriptor)


def broken_ftruncate(descriptor: int, length: int) -> None:
    """os.ftruncate on a failing disk."""
    raise OSError(errno.EIO, os.strerror(errno.EIO))


def table_and_move(tmp_path: Path) -> tuple[ModuleType, Any, dict[int, Peer], str]:
    """A new table of the example, a peer at each seat, and a pass of seat 0's."""
    server = server_module()
    table = server.Table("standard", tmp_path / "table.jsonl", TOKENS)
    peers = {seat: Peer() for seat in range(4)}
    table.connections = dict(peers)
    move = hearts.legal_moves(hearts.view(table.state, 0))[0]
    return server, table, peers, line_of(move)


@pytest.mark.parametrize("failing", ["write", "fsync"])
def test_a_move_the_record_cannot_take_is_refused_and_the_table_is_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    _, table, peers, move = table_and_move(tmp_path)
    before = (table.state, list(table.moves), table.record.read_bytes())
    disk = FullDisk()
    with monkeypatch.context() as patch:
        patch.setattr(os, failing, getattr(disk, f"patched_{failing}"))
        asyncio.run(table._receive(0, peers[0], move))
    assert peers[0].sent == [
        {
            "type": "refused",
            "reason": "The server could not save your move (No space left on device); it was "
            "not played. Send it again.",
            "retry": True,
        }
    ]
    assert (table.state, table.moves, table.record.read_bytes()) == before
    assert not any(peers[seat].sent for seat in (1, 2, 3))
    asyncio.run(table._receive(0, peers[0], move))
    assert all(peer.sent[-1]["type"] == "view" for peer in peers.values())
    assert table.record.read_bytes() == before[2] + move.encode()


def test_a_table_whose_record_cannot_be_cut_back_stops_taking_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    server, table, peers, move = table_and_move(tmp_path)
    before = table.record.read_bytes()
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", FullDisk().patched_write)
        patch.setattr(os, "ftruncate", broken_ftruncate)
        asyncio.run(table._receive(0, peers[0], move))
    assert "has stopped" in str(peers[0].sent[-1]["reason"]) and not peers[0].sent[-1]["retry"]
    assert table.stopped.is_set() and "nor cut the record back" in table.fault
    assert table.record.read_bytes() == before + move[: len(move) // 2].encode()
    other = line_of(hearts.legal_moves(hearts.view(table.state, 1))[0])
    asyncio.run(table._receive(1, peers[1], other))
    assert peers[1].sent == [
        {
            "type": "refused",
            "reason": "The server has stopped taking moves, as it could not save one; your move "
            "was not played. Send it again when the server is back.",
            "retry": False,
        }
    ]
    # Started again, the table drops the cut line, and says so.
    capsys.readouterr()
    again = server.Table("standard", table.record, TOKENS)
    assert "a line cut short: a move that was never played" in capsys.readouterr().out
    assert again.record.read_bytes() == before and len(again.moves) == 1


def test_a_complete_line_of_the_record_is_never_dropped(tmp_path: Path) -> None:
    """Only a last line without its newline is taken for a write cut short."""
    server, table, _, move = table_and_move(tmp_path)
    with table.record.open("a") as file:
        file.write(move.replace('"player": 0', '"player": 9'))
    with pytest.raises(SystemExit) as stopped:
        server.Table("standard", table.record, TOKENS)
    assert str(stopped.value.code).startswith(
        f"server: line 3 of {table.record} is not a move here: "
    )


def finished_record(path: Path) -> hearts.GameRecord:
    """A finished game of the standard rules, written to ``path`` as the table keeps it."""
    state = hearts.new_game(RULES, seed=1)
    header = {
        "format": "hearts-table",
        "rules": {"preset": "standard", "fingerprint": RULES.fingerprint},
        "seed": state.seed,
    }
    moves = []
    while not state.is_over:
        move = hearts.legal_moves(state)[0]
        state = hearts.apply(state, move)
        moves.append(move)
    path.write_text(json.dumps(header) + "\n" + "".join(map(line_of, moves)), encoding="utf-8")
    return hearts.GameRecord(RULES, moves, seed=1, preset="standard")


def test_the_game_record_is_written_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    server = server_module()
    expected = finished_record(tmp_path / "table.jsonl")
    final = tmp_path / "table.json"

    def cut_short(record: hearts.GameRecord, file: IO[str]) -> None:
        file.write(hearts.dumps(record)[:1000])
        file.flush()
        raise no_room()

    with monkeypatch.context() as patch:
        patch.setattr(hearts, "dump", cut_short)
        server.Table("standard", tmp_path / "table.jsonl", TOKENS)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["table.jsonl"]
    assert capsys.readouterr().err == (
        f"server: could not write {final} (No space left on device); the game is kept whole "
        f"in {tmp_path / 'table.jsonl'}, and the server writes table.json when it is started "
        "again.\n"
    )
    # Started again, with room on the disk, the server writes it.
    server.Table("standard", tmp_path / "table.jsonl", TOKENS)
    assert final.stat().st_mode & 0o777 == 0o600
    with final.open("rb") as file:
        assert hearts.load(file) == expected
    # A file that is there already stays as it was when writing over it fails.
    kept = final.read_bytes()
    with pytest.raises(OSError, match="No space left on device"):
        server._write_whole(final, lambda file: cut_short(expected, file))
    assert final.read_bytes() == kept
    assert sorted(path.name for path in tmp_path.iterdir()) == ["table.json", "table.jsonl"]
