"""``hearts show``: a game record at one moment, as a text table or an SVG picture.

The record is read and replayed as ``hearts validate`` does; :func:`moment` then picks the
state or the finished hand's result that the options name, and :func:`show` prints it
(``str``, :mod:`hearts.text`) and draws it (:mod:`hearts.svg`). Hands and tricks are
numbered from 1, as the printouts number them; seats from 0, as ``P0``.

>>> import hearts
>>> state, record = hearts.cli.play_game(hearts.Rules(target=30), seed=1, bot_seed=1)
>>> done = hearts.replay(record)
>>> print(moment(done, hand=2, trick=1).tricks, moment(done) is done.final)
() True
>>> print(moment(done, hand=1))  # doctest: +ELLIPSIS
Hand 1 · pass left, 3 cards · P0 dealt
...
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hearts.cli._input import UsageError, cannot, printable, read_json, read_text, whole
from hearts.display import svg
from hearts.display.layout import count
from hearts.game.state import HandResult, Phase, State
from hearts.knowledge.views import PlayerView, view
from hearts.records import Replay, loads, replay

__all__ = ["add_arguments", "hands_started", "moment", "seat", "show"]


def seat(text: str) -> int:
    """The type of ``--seat``: a seat's number, as ``2`` or as it is printed, ``P2``.

    >>> seat("2"), seat("P2"), seat(" p3 ")
    (2, 2, 3)
    """
    stripped = text.strip()
    number = stripped[1:] if stripped[:1] in ("P", "p") else stripped
    try:
        return whole()(number)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a seat (a number, or P0, P1...)"
        ) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``hearts show``'s arguments to its parser."""
    parser.add_argument(
        "file", metavar="RECORD", help="the game record (JSON); - for standard input"
    )
    parser.add_argument(
        "--hand",
        type=whole(),
        metavar="N",
        help="hand N, from 1: its result, or where it stands if the record ends in it "
        "(default: the end of the record)",
    )
    parser.add_argument(
        "--trick",
        type=whole(),
        metavar="K",
        help="the moment trick K (from 1) is about to be led, in --hand N or else in the "
        "record's last hand",
    )
    parser.add_argument(
        "--seat",
        type=seat,
        metavar="S",
        help="show what seat S (0, 1... or P0, P1...) sees: its view, not the whole table",
    )
    parser.add_argument(
        "--svg",
        metavar="FILE",
        help="also write an SVG picture of the same moment to FILE; - prints only the picture",
    )


def hands_started(state: State) -> int:
    """How many hands of the game of ``state`` have been dealt, finished or not.

    A record that stops before a hand's deal has not started it.

    >>> import hearts
    >>> game = hearts.new_game(seed=1)
    >>> hands_started(game), hands_started(hearts.apply(game, hearts.legal_moves(game)[0]))
    (0, 1)
    """
    return len(state.results) + (state.phase not in (Phase.DEAL, Phase.OVER))


def _hands(number: int) -> str:
    if number == 0:
        return "the record has no hand dealt"
    span = "1 only" if number == 1 else f"1 to {number}"
    return f"the record has {count(number, 'hand')} ({span})"


def _stage(state: State) -> str:
    """Where a hand stands in ``state``: ``trick 5``, or its pass before trick 1."""
    if state.phase is Phase.PASS:
        return "the pass, before trick 1"
    if state.phase is Phase.CHOOSE:
        return "the dealer's choice of the pass, before trick 1"
    return f"trick {min(len(state.tricks) + 1, state.rules.hand_size)}"


def moment(done: Replay, hand: int | None = None, trick: int | None = None) -> State | HandResult:
    """The state or the finished hand that ``hearts show --hand N --trick K`` shows.

    With neither, the last state of the record. With ``hand`` alone, that hand's result;
    or, if the record ends during it, the last state. With ``trick``, the state in which
    that trick of that hand (by default, the last hand started) is about to be led, no
    card of it played yet. Both count from 1; what is out of range or was not reached is
    a :class:`UsageError` that names the option and what is valid.

    >>> import hearts
    >>> done = hearts.replay(hearts.cli.play_game(hearts.Rules(target=30), seed=1, bot_seed=1)[1])
    >>> moment(done, hand=9)
    Traceback (most recent call last):
    ...
    hearts.cli._input.UsageError: --hand 9: the record has 3 hands (1 to 3).
    """
    final = done.final
    size = final.rules.hand_size
    started = hands_started(final)
    if trick is not None and not 1 <= trick <= size:
        raise UsageError(f"--trick {trick}: a hand has {count(size, 'trick')} (1 to {size}).")
    if hand is None:
        if trick is None:
            return final
        if started == 0:
            raise UsageError(f"--trick {trick}: {_hands(0)}, so no trick to show.")
        hand = started
    elif not 1 <= hand <= started:
        raise UsageError(f"--hand {hand}: {_hands(started)}.")
    number = hand - 1
    if trick is None:
        return final.results[number] if number < len(final.results) else final
    last = final
    for state in done.states:
        if state.hand_number == number and state.phase is not Phase.DEAL:
            if state.phase is Phase.PLAY and len(state.tricks) == trick - 1 and not state.trick:
                return state
            last = state
    if number == len(final.results):
        why = f"the record ends in {_stage(last)}"
    elif (claimer := final.results[number].claim) is not None:
        why = f"P{claimer} claimed the rest of the hand in {_stage(last)}"
    else:
        why = f"the hand ended in {_stage(last)}"
    raise UsageError(f"--trick {trick}: trick {trick} of hand {hand} was not reached: {why}.")


def _picture(shown: State | PlayerView | HandResult) -> str:
    return svg.result(shown) if isinstance(shown, HandResult) else svg.table(shown)


def show(arguments: argparse.Namespace) -> int:
    """Run ``hearts show``; return the exit status.

    A record that cannot be read is a :class:`UsageError` (exit status 2); one that is not
    valid, an illegal move included, is reported as ``hearts validate`` reports it, with
    exit status 1: a moment of a game that went wrong is not shown.
    """
    name = arguments.file
    text = read_text(name)
    read_json(name, text, record=True)
    try:
        done = replay(loads(text))
        done.raise_for_error()
    except Exception as error:  # RecordError, or any other refusal: one line all the same
        print(f"hearts show: {printable(name)}: invalid: {error}", file=sys.stderr)
        return 1
    chosen = moment(done, arguments.hand, arguments.trick)
    shown: State | PlayerView | HandResult = chosen
    if arguments.seat is not None:
        players = done.record.rules.players
        if not 0 <= arguments.seat < players:
            raise UsageError(
                f"--seat {arguments.seat}: the game has {players} seats (0 to {players - 1})."
            )
        if isinstance(chosen, HandResult):
            raise UsageError(
                f"--seat {arguments.seat}: a finished hand's result is the same for every "
                "seat; leave out --seat, or add --trick K for a moment of the hand."
            )
        shown = view(chosen, arguments.seat)
    if arguments.svg is not None:
        picture = _picture(shown) + "\n"
        if arguments.svg == "-":
            sys.stdout.write(picture)
            return 0
        try:
            Path(arguments.svg).write_text(picture, encoding="utf-8")
        except OSError as error:
            raise cannot("write", arguments.svg, error) from None
    print(shown)
    return 0
