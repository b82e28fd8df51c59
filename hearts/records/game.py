"""Game records: the rules and every move of a game, as JSON, and their replay."""

from __future__ import annotations

import io
import json
import math
import os
import sys
import types
from collections.abc import Iterable, Mapping
from typing import IO, Final, cast

import attrs

from hearts.errors import HeartsError
from hearts.game.engine import apply, new_game
from hearts.game.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.game.rules import (
    PRESETS,
    Rules,
)
from hearts.game.state import State
from hearts.records.moves import move_body, read_move
from hearts.records.read import (
    RECORD_SCHEMA,
    LongNumber,
    RecordError,
    check_limit,
    check_rules_argument,
    check_schema,
    decoding,
    key_path,
    move_hint,
    parse_json,
    read_fields,
    read_int,
    read_list,
    read_rules,
    read_str,
    rules_json,
    short,
    show,
    too_long,
)

_METADATA_STRINGS: Final = ("date", "table")
_MAX_DEPTH: Final = 64
"""How deeply metadata may nest lists and objects."""
MAX_RECORD_BYTES: Final = 16 * 2**20
"""The longest record :func:`loads` and :func:`load` read by default: 16 MiB of JSON.

A whole game is some 50 KB. Pass ``max_bytes=None`` to read any length."""
MAX_RECORD_MOVES: Final = 100_000
"""The most moves a record read by default may hold (some 1,700 hands, deals included).

A record at this limit (some 4.6 MiB) loads in about half a second and 40 MB (see the
performance page). ``max_moves=None`` reads any number (:func:`loads`, :func:`load`,
:meth:`GameRecord.from_dict`)."""


def _check_json(value: object, path: str, depth: int = 0, top: str = "") -> object:
    """A checked copy of a JSON value, so that no caller's list or dict is shared.

    JSON values are objects with string keys, lists, strings, whole or finite numbers,
    true, false and null; a string must be text that UTF-8 can write (no lone surrogate),
    a whole number have at most 1,000 digits, and lists and objects nest at most 64 deep
    (``top`` is the path of the outermost value, which is named when it nests too deeply).
    """
    top = top if depth > 1 else path
    if depth > _MAX_DEPTH:
        raise RecordError(top, f"nests lists and objects more than {_MAX_DEPTH} deep.")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        _check_text(value, path)
        return value
    if isinstance(value, (int, LongNumber)):
        read_int(value if isinstance(value, LongNumber) else int(value), path)
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(path, f"must be a finite number, got {value}.")
        return value
    if isinstance(value, (list, tuple)):
        return [_check_json(item, f"{path}[{i}]", depth + 1, top) for i, item in enumerate(value)]
    if isinstance(value, Mapping):
        copy: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(path, f"has the key {short(key)}, which is not a string.")
            _check_text(key, path, "has a key that ")
            copy[key] = _check_json(item, key_path(path, key), depth + 1, top)
        return copy
    raise RecordError(path, f"must be a JSON value, got {short(value)}.")


def _check_text(text: str, path: str, what: str = "") -> None:
    """Refuse text with a lone surrogate, which UTF-8 cannot write."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            bad = text[error.start]
            raise RecordError(
                path,
                f"{what}holds the lone surrogate U+{ord(bad):04X}, which is not a character: "
                f"{show(text)} cannot be written as UTF-8.",
            ) from None


def _metadata(value: object, path: str) -> dict[str, object]:
    """A checked copy of metadata read from JSON."""
    if not isinstance(value, Mapping):
        raise RecordError(path, f"must be a JSON object, got {show(value)}.")
    return cast("dict[str, object]", _check_json(value, path))


def _check_known_metadata(data: Mapping[str, object], path: str, players: int) -> None:
    """The keys of metadata with a known meaning: one name per seat, a date, a table."""
    if "players" in data:
        names = read_list(data["players"], f"{path}.players", players, "player names")
        for i, name in enumerate(names):
            read_str(name, f"{path}.players[{i}]")
    for key in _METADATA_STRINGS:
        if key in data:
            read_str(data[key], f"{path}.{key}")


_MOVE_TYPES: Final = (Deal, Pass, Play, ChoosePass, Claim, ShootChoice)


def _to_moves(moves: Iterable[Move]) -> tuple[Move, ...]:
    if isinstance(moves, (str, bytes, Mapping)) or not isinstance(moves, Iterable):
        raise TypeError(
            f"GameRecord needs its moves as a list of moves (Deal, Pass, Play, ChoosePass, "
            f"Claim, ShootChoice), got {short(moves)}{move_hint(moves)}."
        )
    result = tuple(moves)
    for index, move in enumerate(result):
        if type(move) not in _MOVE_TYPES:
            raise TypeError(
                f"GameRecord needs moves (Deal, Pass, Play, ChoosePass, Claim, ShootChoice), "
                f"but moves[{index}] is {short(move)}{move_hint(move)}."
            )
    return result


def _freeze_metadata(value: Mapping[str, object]) -> types.MappingProxyType[str, object]:
    if not isinstance(value, Mapping):
        raise TypeError(f"GameRecord needs metadata as a dict of JSON values, got {short(value)}.")
    return types.MappingProxyType(cast("dict[str, object]", _check_json(value, "record.metadata")))


def _record_rules(_instance: object, _attribute: object, value: Rules) -> None:
    check_rules_argument(value, "GameRecord")


def _record_seed(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None:
        if type(value) is not int:
            raise TypeError(f"GameRecord needs seed as an int or None, got {short(value)}.")
        read_int(value, "record.seed")


def _record_preset(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not isinstance(value, str):
        raise TypeError(
            f"GameRecord needs preset as a preset's name (a str) or None, got {short(value)}."
        )


def _record(
    rules: Rules,
    moves: tuple[Move, ...],
    seed: int | None,
    metadata: dict[str, object],
    preset: str | None,
) -> GameRecord:
    """A :class:`GameRecord` again, from what :meth:`GameRecord.__reduce__` kept."""
    return GameRecord(rules, moves, seed=seed, metadata=metadata, preset=preset)


@attrs.frozen(unsafe_hash=False)
class GameRecord:
    """A game as a server stores it: the rules, every move in order, and optional metadata.

    The moves include the deals, so :func:`replay` needs no random generator. ``seed`` is
    the seed of the game's :func:`~hearts.new_game`, if it had one (a replayed state then
    offers the same seeded deals). ``metadata`` is free-form JSON, with three keys of known
    meaning: ``players`` (one name per seat), ``date`` (ISO 8601 text) and ``table`` (an id).
    ``preset`` names the preset the rules are, so that the JSON gives the preset's name and
    fingerprint instead of every field.

    A record holds every hand dealt and the seed, which predicts every later deal: it is
    the server's, or for after the game, never for a player while the game is on.

    A record is a value: two records with the same content are equal, and a record pickles
    and copies. It is not hashable (its metadata is free-form JSON). An argument of the wrong
    type raises ``TypeError``; metadata that is not JSON, or that a known key refuses, a
    :class:`RecordError`, as does a move that :func:`hearts.loads` would refuse (a seat
    the game does not have, a card outside its deck): what :func:`hearts.dumps` writes,
    :func:`hearts.loads` reads. Whether each move is legal is :func:`replay`'s job.

    >>> import hearts
    >>> record = GameRecord(hearts.Rules.preset("omnibus"), preset="omnibus",
    ...                     metadata={"players": ["Ann", "Bob", "Cy", "Di"]})
    >>> record.to_dict()["rules"]["preset"], len(record.moves)
    ('omnibus', 0)
    >>> GameRecord.from_dict(record.to_dict()) == record
    True
    >>> GameRecord("omnibus")
    Traceback (most recent call last):
    ...
    TypeError: GameRecord needs a hearts.Rules value for rules, got 'omnibus'; for a preset, pass hearts.Rules.preset('omnibus').
    """

    rules: Rules = attrs.field(validator=_record_rules)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)
    seed: int | None = attrs.field(default=None, kw_only=True, validator=_record_seed)
    metadata: types.MappingProxyType[str, object] = attrs.field(
        factory=dict, converter=_freeze_metadata, kw_only=True
    )
    preset: str | None = attrs.field(default=None, kw_only=True, validator=_record_preset)

    def __attrs_post_init__(self) -> None:
        _check_known_metadata(self.metadata, "record.metadata", self.rules.players)
        # What the reader refuses, the constructor refuses, by the reader's own checks: a
        # seat that is not one of the game's, a card outside its deck, a pass too long.
        players, deck = self.rules.players, self.rules.deck_mask
        for index, move in enumerate(self.moves):
            if type(move) is Play and 0 <= move.player < players and deck >> move.card & 1:
                continue  # most moves: a play of the game's seat and deck, as read would
            read_move(move_body(move), f"record.moves[{index}]", players, deck)
        if self.preset is not None:
            if self.preset not in PRESETS:
                raise RecordError(
                    "record.preset",
                    f"there is no preset {show(self.preset)}; the presets are "
                    f"{', '.join(PRESETS)}.",
                )
            if PRESETS[self.preset].rules != self.rules:
                raise RecordError("record.preset", f"the rules are not the preset {self.preset!r}.")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The metadata is a read-only view, which does not pickle: keep a plain copy of it.
        metadata = _check_json(self.metadata, "record.metadata")
        return (_record, (self.rules, self.moves, self.seed, metadata, self.preset))

    def to_dict(self) -> dict[str, object]:
        """The record as JSON values, with the schema version.

        The rules are written in full with their fingerprint, or as the preset's name and
        fingerprint; ``seed`` and ``metadata`` only when given; each move as
        :func:`move_to_dict` writes it, without its own schema version.

        >>> import hearts
        >>> GameRecord(hearts.Rules(target=50), [hearts.Play(0, "2C")]).to_dict()["moves"]
        [{'type': 'play', 'player': 0, 'card': '2C'}]
        """
        data: dict[str, object] = {
            "schema": RECORD_SCHEMA,
            "rules": rules_json(self.rules, self.preset),
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.metadata:
            # Checked again: the lists and objects inside the metadata can be changed.
            metadata = _metadata(self.metadata, "record.metadata")
            _check_known_metadata(metadata, "record.metadata", self.rules.players)
            data["metadata"] = metadata
        data["moves"] = [move_body(move) for move in self.moves]
        return data

    @classmethod
    def from_dict(cls, data: object, *, max_moves: int | None = MAX_RECORD_MOVES) -> GameRecord:
        """The record a :meth:`to_dict` object describes; raises :class:`RecordError`.

        Every move's fields are checked (its seat is one of the game's, its cards are in the
        deck); whether each move is legal is :func:`replay`'s job. A record of more than
        ``max_moves`` moves is refused before any is read (:data:`MAX_RECORD_MOVES` by
        default; None for no limit).

        >>> GameRecord.from_dict({"schema": 1, "rules": {"players": 3}, "moves": []}).rules.players
        3
        >>> GameRecord.from_dict({"schema": 1, "rules": {}, "moves": [{"type": "pass"}]})
        Traceback (most recent call last):
        ...
        hearts.records.RecordError: record.moves[0]: lacks the field 'player', which a pass move needs.
        """
        path = "record"
        fields = read_fields(
            data, path, "a game record", ("schema", "rules", "moves"), ("seed", "metadata")
        )
        check_schema(fields, path, required=True)
        rules, preset = read_rules(fields["rules"], f"{path}.rules")
        seed = fields.get("seed")
        if seed is not None:
            seed = read_int(seed, f"{path}.seed")
        metadata = _metadata(fields.get("metadata", {}), f"{path}.metadata")
        _check_known_metadata(metadata, f"{path}.metadata", rules.players)
        items = read_list(fields["moves"], f"{path}.moves", what="moves")
        check_limit(max_moves, "max_moves")
        if max_moves is not None and len(items) > max_moves:
            raise RecordError(
                f"{path}.moves",
                f"holds {len(items):,} moves, more than the limit of {max_moves:,} "
                "(max_moves; None reads any number).",
            )
        moves = tuple(
            read_move(item, f"{path}.moves[{i}]", rules.players, rules.deck_mask)
            for i, item in enumerate(items)
        )
        return cls(rules, moves, seed=seed, metadata=metadata, preset=preset)


def loads(
    text: str | bytes,
    *,
    max_bytes: int | None = MAX_RECORD_BYTES,
    max_moves: int | None = MAX_RECORD_MOVES,
) -> GameRecord:
    """Read a :class:`GameRecord` from JSON text, as :func:`json.loads` reads JSON.

    ``text`` is a ``str``, or ``bytes`` in UTF-8 (or UTF-16 or UTF-32, as :func:`json.loads`
    detects them). Raises :class:`RecordError` for text that is not JSON (with the line and
    column), for bytes that are not text, for a JSON object that repeats a key, for a whole
    number of more than 1,000 digits, for arrays and objects nested too deeply, and for
    anything :meth:`GameRecord.from_dict` refuses; ``TypeError`` for a value that is not
    text at all. Text longer than ``max_bytes`` bytes (a ``str`` counted as its UTF-8
    bytes, as it would be sent) is refused before it is parsed, and a record of more than
    ``max_moves`` moves before its moves are read (:data:`MAX_RECORD_BYTES`, :data:`MAX_RECORD_MOVES`; None for no limit).

    >>> loads('{"schema": 1, "rules": {"preset": "standard", "fingerprint": "00"}, "moves": []}')
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record.rules.fingerprint: the record was made with preset 'standard' of fingerprint 00..., but here they have fingerprint ... these are not the same rules.
    >>> loads("{")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record: the text is not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1).
    >>> loads('{"schema": 1, "rules": {}, "moves": [], "seed": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    ...
    hearts.records.RecordError: record.seed: must be a whole number of at most 1,000 digits, got a number of 5,000 digits.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        hint = ""
        if isinstance(text, Mapping):
            hint = "; GameRecord.from_dict reads JSON already parsed"
        elif callable(getattr(text, "read", None)):
            hint = "; hearts.load reads a file"
        raise TypeError(f"loads needs JSON text (a str or bytes), got {short(text)}{hint}.")
    return GameRecord.from_dict(parse_json(text, "record", max_bytes), max_moves=max_moves)


def load(
    fp: IO[str] | IO[bytes],
    *,
    max_bytes: int | None = MAX_RECORD_BYTES,
    max_moves: int | None = MAX_RECORD_MOVES,
) -> GameRecord:
    """Read a :class:`GameRecord` from a file opened for reading, as :func:`json.load` does.

    The file may be opened in binary mode (``open(path, "rb")``: the text must be UTF-8,
    or UTF-16 or UTF-32) or in text mode. Raises what :func:`loads` raises, a
    :class:`RecordError` if the file's text cannot be decoded, and ``TypeError`` for an
    argument that is not a file (as a file's name). No more than ``max_bytes`` (and one) are
    read from the file: a longer one is refused without reading it all.

    >>> import io
    >>> load(io.StringIO('{"schema": 1, "rules": {}, "moves": []}')).moves
    ()
    >>> load("game.json")
    Traceback (most recent call last):
    ...
    TypeError: load needs a file opened for reading, got 'game.json'; open a file first, as with open('game.json', 'rb') as file: hearts.load(file).
    """
    if not callable(getattr(fp, "read", None)):
        hint = ""
        if isinstance(fp, (str, os.PathLike)):
            hint = (
                f"; open a file first, as with open({short(fp)}, 'rb') as file: hearts.load(file)"
            )
        raise TypeError(f"load needs a file opened for reading, got {short(fp)}{hint}.")
    check_limit(max_bytes, "max_bytes")
    try:
        # A limit past what a file can hold reads it all (and read() takes no bigger size).
        text = fp.read() if max_bytes is None else fp.read(min(max_bytes, sys.maxsize - 1) + 1)
    except UnicodeDecodeError as error:
        raise RecordError("record", f"the file is not text: {decoding(error)}.") from None
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(
            f"load needs a file whose read() returns text or bytes, got {short(text)} from "
            f"{short(fp)}."
        )
    if max_bytes is not None and len(text) > max_bytes:
        raise RecordError("record", too_long(None, max_bytes))
    return loads(text, max_bytes=max_bytes, max_moves=max_moves)


def _check_record(record: object, who: str) -> None:
    if isinstance(record, GameRecord):
        return
    hint = ""
    if isinstance(record, State):
        hint = "; hearts.state_to_dict writes a state"
    elif isinstance(record, Mapping):
        hint = "; GameRecord.from_dict reads a record's JSON"
    raise TypeError(f"{who} needs a hearts.GameRecord, got {short(record)}{hint}.")


_MAX_INDENT: Final = 100
"""The widest indent :func:`dumps` writes, in spaces."""


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text, as :func:`json.dumps` writes JSON.

    With ``indent`` (a number of spaces), each top-level field goes on its own line and
    each move on one line of its own, which keeps a long game readable and easy to compare.

    >>> import hearts
    >>> print(dumps(GameRecord(hearts.Rules.preset("standard"), [hearts.Play(0, "2C")],
    ...                        preset="standard"), indent=2))  # doctest: +ELLIPSIS
    {
      "schema": 1,
      "rules": {
        "preset": "standard",
        "fingerprint": "..."
      },
      "moves": [
        {"type": "play", "player": 0, "card": "2C"}
      ]
    }
    """
    _check_record(record, "dumps")
    if indent is not None and type(indent) is not int:
        raise TypeError(f"dumps needs indent as an int (spaces) or None, got {short(indent)}.")
    if indent is not None and not 0 <= indent <= _MAX_INDENT:
        raise ValueError(
            f"dumps needs indent from 0 to {_MAX_INDENT} spaces, or None, got {short(indent)}."
        )
    data = record.to_dict()
    if indent is None:
        return json.dumps(data, ensure_ascii=False)
    pad = " " * indent
    lines = []
    for key, value in data.items():
        if key == "moves" and isinstance(value, list) and value:
            inner = f",\n{pad}{pad}".join(json.dumps(move, ensure_ascii=False) for move in value)
            text = f"[\n{pad}{pad}{inner}\n{pad}]"
        else:
            text = json.dumps(value, indent=indent, ensure_ascii=False).replace("\n", "\n" + pad)
        lines.append(f"{pad}{json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}"


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write the record as JSON text to a file opened for writing, as :func:`json.dump` does.

    The file must be opened in text mode (``open(path, "w", encoding="utf-8")``); nothing is
    written if an argument is of the wrong type (``TypeError``).

    >>> import io, hearts
    >>> out = io.StringIO()
    >>> dump(GameRecord(hearts.Rules()), out)
    >>> loads(out.getvalue()) == GameRecord(hearts.Rules())
    True
    >>> dump(GameRecord(hearts.Rules()), io.BytesIO())
    Traceback (most recent call last):
    ...
    TypeError: dump writes text: open the file in text mode, as open(path, 'w', encoding='utf-8'), not in binary mode, got <_io.BytesIO object at ...>.
    """
    _check_record(record, "dump")
    if not callable(getattr(fp, "write", None)):
        raise TypeError(f"dump needs a file opened for writing, got {short(fp)}.")
    binary = (
        "dump writes text: open the file in text mode, as open(path, 'w', encoding='utf-8'), "
        f"not in binary mode, got {short(fp)}."
    )
    if isinstance(fp, (io.RawIOBase, io.BufferedIOBase)):
        raise TypeError(binary)
    text = dumps(record, indent=indent)
    try:
        fp.write(text)
    except TypeError as error:  # a binary file that is not an io one, which takes no str
        raise TypeError(binary) from error


def record_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of the record format, shipped inside the package.

    Its ``$defs`` also describe a state (``#/$defs/state``), a move, a hand result and the
    rules, so any JSON written by this module can be checked with a JSON Schema validator.
    The schema checks the shape; :func:`loads` and :func:`replay` check the game.

    >>> schema = record_schema()
    >>> schema["$schema"], schema["$defs"]["state"]["required"][:3]
    ('https://json-schema.org/draft/2020-12/schema', ['schema', 'rules', 'seed'])
    """
    import importlib.resources  # noqa: PLC0415 (it brings 20 modules; few callers need it)

    text = (
        importlib.resources.files("hearts")
        .joinpath("schemas/record.schema.json")
        .read_text("utf-8")
    )
    return cast("dict[str, object]", json.loads(text))


# --- replay ----------------------------------------------------------------------------------


def _replay_record(_instance: object, _attribute: object, value: GameRecord) -> None:
    _check_record(value, "Replay")


def _replay_states(_instance: object, _attribute: object, value: tuple[State, ...]) -> None:
    if not isinstance(value, tuple) or not value or not all(isinstance(s, State) for s in value):
        raise TypeError(
            f"Replay needs states as a tuple of hearts.State, the new game first, got "
            f"{short(value)}."
        )


def _replay_index(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None and type(value) is not int:
        raise TypeError(f"Replay needs error_index as an int or None, got {short(value)}.")


def _replay_error(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"Replay needs error as a str or None, got {short(value)}.")


@attrs.frozen(unsafe_hash=False)
class Replay:
    """What :func:`replay` found: every state of the game, and the first illegal move if any.

    ``states[0]`` is the new game and ``states[i + 1]`` the state after ``record.moves[i]``.
    When a move is illegal, ``error_index`` is its index in ``record.moves``, ``error`` the
    reason (the :class:`~hearts.IllegalMoveError` message) and the states stop before it.
    Like its record, a replay pickles and copies.

    >>> import hearts
    >>> result = replay(GameRecord(hearts.Rules(), [hearts.Play(0, "2C")]))
    >>> result.ok, result.error_index, result.error
    (False, 0, 'P0 may not play 2♣: the game waits for the deal of hand 1.')
    """

    record: GameRecord = attrs.field(validator=_replay_record)
    states: tuple[State, ...] = attrs.field(validator=_replay_states)
    error_index: int | None = attrs.field(default=None, validator=_replay_index)
    error: str | None = attrs.field(default=None, validator=_replay_error)

    @property
    def ok(self) -> bool:
        """Whether every move was legal."""
        return self.error_index is None

    @property
    def final(self) -> State:
        """The last state reached: after every move, or just before the illegal one."""
        return self.states[-1]

    def raise_for_error(self) -> None:
        """Raise a :class:`RecordError` naming the illegal move, if there was one.

        >>> import hearts
        >>> replay(GameRecord(hearts.Rules(), [hearts.Play(0, "2C")])).raise_for_error()
        Traceback (most recent call last):
        ...
        hearts.records.RecordError: record.moves[0]: P0 plays 2♣ is illegal: P0 may not play 2♣: the game waits for the deal of hand 1.
        """
        if self.error_index is not None:
            move = self.record.moves[self.error_index]
            raise RecordError(
                f"record.moves[{self.error_index}]", f"{move} is illegal: {self.error}"
            )


def replay(record: GameRecord) -> Replay:
    """Rebuild every state of a recorded game, checking every move; stop at the first illegal.

    The game starts as :func:`~hearts.new_game` with the record's rules and seed (0 if it
    has none) and each move is :func:`~hearts.apply`-ed in turn.

    >>> import hearts
    >>> state = hearts.new_game(seed=2)
    >>> moves = []
    >>> for _ in range(12):
    ...     moves.append(hearts.legal_moves(state)[0])
    ...     state = hearts.apply(state, moves[-1])
    >>> done = replay(GameRecord(state.rules, moves, seed=2))
    >>> done.ok, len(done.states), done.final == state
    (True, 13, True)
    """
    if not isinstance(record, GameRecord):
        raise TypeError(
            f"replay needs a hearts.GameRecord, got {short(record)}; read JSON with "
            "hearts.loads or GameRecord.from_dict."
        )
    state = new_game(record.rules, seed=0 if record.seed is None else record.seed)
    states = [state]
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except HeartsError as error:
            return Replay(record, tuple(states), index, str(error))
        states.append(state)
    return Replay(record, tuple(states))
