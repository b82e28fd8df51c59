"""Game records and JSON: states, moves and hand results as JSON, replay and validation.

Everything a server stores, a bot author shares or a researcher replays has one stable,
validated JSON form, each carrying the schema version :data:`RECORD_SCHEMA`:

* :func:`state_to_dict` / :func:`state_from_dict` — a :class:`~hearts.State`;
* :func:`move_to_dict` / :func:`move_from_dict` — any move, and :func:`loads_move` to read
  one from JSON text (what a server reads from a client);
* :func:`result_to_dict` / :func:`result_from_dict` — a :class:`~hearts.HandResult`;
* :class:`GameRecord` — the rules, every move in order (deals included, so a replay needs no
  random generator) and optional metadata; :func:`dumps`, :func:`dump`, :func:`loads` and
  :func:`load` read and write it as the :mod:`json` module does, and :func:`replay` rebuilds
  every state, stopping at the first illegal move.

Cards are written in ASCII (``"QS"``, ``"TH"``, ``"JK1"``: :attr:`Card.ascii
<hearts.Card.ascii>`); a set of cards is one string of them separated by single spaces.
Reading checks everything and raises :class:`RecordError` (a ``ValueError``) whose message
starts with the path of the bad field, whatever the input (huge numbers, deep nesting, bytes
that are not text included); an argument of the wrong Python type (a state where a record is
wanted) raises ``TypeError``, saying what was expected.

A text notation for moves (:func:`parse_move` reads what ``str(move)`` writes) and a
pretty printer for finished hands (:func:`format_hand`) complete the module.

>>> import hearts
>>> state = hearts.new_game(seed=1)
>>> moves = []
>>> while not state.results:
...     move = hearts.legal_moves(state)[0]
...     moves.append(move)
...     state = hearts.apply(state, move)
>>> record = hearts.GameRecord(state.rules, moves, seed=1, metadata={"table": "t7"})
>>> text = hearts.dumps(record)
>>> hearts.loads(text) == record
True
>>> hearts.replay(hearts.loads(text)).final == state
True
"""

from __future__ import annotations

from hearts.records.game import (
    MAX_RECORD_BYTES,
    MAX_RECORD_MOVES,
    GameRecord,
    Replay,
    dump,
    dumps,
    load,
    loads,
    record_schema,
    replay,
)
from hearts.records.moves import MAX_MOVE_BYTES, loads_move, move_from_dict, move_to_dict
from hearts.records.notation import parse_move
from hearts.records.read import RECORD_SCHEMA, RecordError
from hearts.records.results import result_from_dict, result_to_dict
from hearts.records.states import state_from_dict, state_to_dict, view_from_dict, view_to_dict
from hearts.records.transcript import format_hand

__all__ = [
    "MAX_MOVE_BYTES",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_MOVES",
    "RECORD_SCHEMA",
    "GameRecord",
    "RecordError",
    "Replay",
    "dump",
    "dumps",
    "format_hand",
    "load",
    "loads",
    "loads_move",
    "move_from_dict",
    "move_to_dict",
    "parse_move",
    "record_schema",
    "replay",
    "result_from_dict",
    "result_to_dict",
    "state_from_dict",
    "state_to_dict",
    "view_from_dict",
    "view_to_dict",
]

for _public in (RecordError, GameRecord, Replay):
    _public.__module__ = __name__  # shown, documented and pickled as hearts.records.*
del _public
