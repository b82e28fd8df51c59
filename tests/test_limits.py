"""Records beyond the loaders' size limits are refused before they are read."""

from __future__ import annotations

import io

import pytest

import hearts
from hearts import MAX_RECORD_BYTES, MAX_RECORD_MOVES, GameRecord, RecordError


def record_text() -> str:
    moves, state = [], hearts.new_game(hearts.Rules(target=30), seed=3)
    while not state.is_over:
        moves.append(hearts.legal_moves(state)[0])
        state = hearts.apply(state, moves[-1])
    return hearts.dumps(GameRecord(state.rules, moves, seed=3))


def test_the_limits_let_a_whole_game_through() -> None:
    text = record_text()
    assert len(text) < MAX_RECORD_BYTES and len(hearts.loads(text).moves) < MAX_RECORD_MOVES
    assert hearts.loads(text, max_bytes=len(text), max_moves=None) == hearts.loads(text)


def test_text_longer_than_max_bytes_is_refused() -> None:
    text = record_text()
    with pytest.raises(RecordError) as error:
        hearts.loads(text, max_bytes=1000)
    assert str(error.value) == (
        f"record: the text is at least {len(text):,} bytes long, more than the limit of 1,000 "
        "(max_bytes; None reads any length)."
    )
    with pytest.raises(RecordError, match="is 1,001 bytes long"):
        hearts.loads(b" " * 1001, max_bytes=1000)


def test_a_record_of_more_than_max_moves_is_refused_before_its_moves_are_read() -> None:
    text = record_text()
    moves = len(hearts.loads(text).moves)
    with pytest.raises(RecordError) as error:
        hearts.loads(text, max_moves=moves - 1)
    assert str(error.value) == (
        f"record.moves: holds {moves:,} moves, more than the limit of {moves - 1:,} "
        "(max_moves; None reads any number)."
    )
    bad = '{"schema": 1, "rules": {}, "moves": [' + ", ".join(["{}"] * 10) + "]}"
    with pytest.raises(RecordError, match="holds 10 moves"):  # not 'lacks the field type'
        hearts.loads(bad, max_moves=5)


@pytest.mark.parametrize("limit", [4096, 1000])
def test_a_str_counts_as_its_utf8_bytes(limit: int) -> None:
    """The same JSON is refused alike as a str and as the UTF-8 bytes a client sends: a str
    of fewer characters than the limit but more bytes than it is too long (issue 39)."""
    padding = "é" * (limit // 2 + 10)  # two bytes each in UTF-8
    move = '{"type": "play", "player": 1, "card": "QS", "note": "' + padding + '"}'
    assert len(move) < limit < len(move.encode())
    refusals = []
    for text in (move, move.encode()):
        with pytest.raises(RecordError) as error:
            hearts.loads_move(text, hearts.Rules(), max_bytes=limit)
        refusals.append(str(error.value))
    expected = (
        f"move: the text is {len(move.encode()):,} bytes long, more than the limit of "
        f"{limit:,} (max_bytes; None reads any length)."
    )
    assert refusals == [expected, expected]
    record = record_text()
    record = record[:-1] + ', "metadata": {"note": "' + padding * 4 + '"}}'
    big = len(record.encode())
    assert len(record) < big
    for text in (record, record.encode()):
        with pytest.raises(RecordError, match=f"is {big:,} bytes long"):
            hearts.loads(text, max_bytes=big - 1)
    assert hearts.loads(record, max_bytes=big).metadata == hearts.loads(record).metadata


def test_a_str_within_the_limit_in_bytes_is_read() -> None:
    move = '{"type": "play", "player": 1, "card": "QS"}'
    assert hearts.loads_move(move, hearts.Rules(), max_bytes=len(move)) == hearts.Play(1, "QS")


class CountingFile(io.BytesIO):
    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.asked: list[int] = []

    def read(self, size: int | None = -1) -> bytes:
        self.asked.append(-1 if size is None else size)
        return super().read(size)


def test_load_reads_no_more_than_the_limit_and_one() -> None:
    data = record_text().encode()
    huge = CountingFile(data + b" " * 5000)
    with pytest.raises(RecordError, match="longer than the limit of 1,000 bytes"):
        hearts.load(huge, max_bytes=1000)
    assert huge.asked == [1001]
    assert hearts.load(CountingFile(data), max_bytes=None).moves == hearts.loads(data).moves


@pytest.mark.parametrize("limit", [2.5, "10", True])
def test_limits_must_be_whole_numbers_or_none(limit: object) -> None:
    with pytest.raises(TypeError, match="max_bytes must be a whole number of at least 0, or None"):
        hearts.loads("{}", max_bytes=limit)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="max_moves must be a whole number"):
        GameRecord.from_dict({"schema": 1, "rules": {}, "moves": []}, max_moves=limit)  # type: ignore[arg-type]


def test_a_negative_limit_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="max_moves must be a whole number of at least 0"):
        hearts.loads('{"schema": 1, "rules": {}, "moves": []}', max_moves=-1)
