"""examples/server/: a WebSocket table played end to end, killed mid-hand and resumed.

The server and four bot clients run as their own processes, as they would on a real
machine; forged and malformed messages are sent on a raw connection first.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import hearts

SERVER = Path(__file__).parent.parent / "examples" / "server"
RULES = hearts.Rules.preset("standard")
CARD_NAMES = re.compile("|".join(re.escape(str(card)) for card in hearts.cards.CARDS))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """The example server as a process, started and killed as a test needs."""

    def __init__(self, tmp_path: Path) -> None:
        self.record = tmp_path / "table.jsonl"
        self.tokens_file = tmp_path / "tokens.json"
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(SERVER / "server.py"),
                "--record",
                str(self.record),
                "--tokens",
                str(self.tokens_file),
                "--port",
                str(self.port),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        for line in self.process.stdout:  # up when it says so
            if line.startswith("server: table open"):
                return
        raise AssertionError(f"the server stopped: exit status {self.process.wait()}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        assert self.process.stdout is not None
        self.process.stdout.close()

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
    return dict(json.loads(connection.recv(timeout=10)))  # type: ignore[attr-defined]


def refused_for(connection: object, frame: str | bytes) -> str:
    """The reason the server gives for refusing ``frame``, the connection kept open."""
    connection.send(frame)  # type: ignore[attr-defined]
    reply = received(connection)
    assert reply["type"] == "refused", reply
    return str(reply["reason"])


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
                intruder.recv(timeout=10)
    # A hello no JSON reader takes calmly: nested too deeply, and a token UTF-8 cannot encode.
    for frame in ("[" * 5000, json.dumps(server.hello(1, {"token": "\ud800"}))):
        with connect(server.url) as intruder:
            intruder.send(frame)
            assert received(intruder)["type"] == "error"
            with pytest.raises(ConnectionClosed) as closed:
                intruder.recv(timeout=10)
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
            replaced.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1000
        client.send("[" * 20_000)  # more than the frame limit: websockets closes this connection
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=10)
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
        for seat in range(4):
            clients.append(
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
                    ],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            )
        # Kill the server in the middle of the second hand: its deal, passes and some tricks.
        deadline = time.monotonic() + 60
        while server.moves_recorded() < 57 + 1 + 4 + 20:
            if time.monotonic() > deadline:
                for client in clients:
                    client.kill()
                said = [client.communicate()[1][-500:] for client in clients]
                raise AssertionError(f"the game stopped at {server.moves_recorded()}: {said}")
            time.sleep(0.01)
        server.kill()
        kept = server.moves_recorded()
        server.start()
        outputs = [client.communicate(timeout=120) for client in clients]
    finally:
        for client in clients:
            client.kill()
        if server.process is not None and server.process.poll() is None:
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
