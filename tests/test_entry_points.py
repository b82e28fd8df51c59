"""Every public entry point refuses bad input with a sentence, in both builds.

Each public function and class of :mod:`hearts` (everything callable in ``hearts.__all__``,
the bots' ``choose``, :class:`~hearts.game.history.History`, :mod:`hearts.text`,
:mod:`hearts.svg`, the documented low-level helpers and the environments) is called with
valid arguments, then with one argument at a time replaced by a hostile value: ``None``,
bools, ints out of range and huge, infinite and NaN floats, text, bytes, lists, dicts, a
:class:`~hearts.State` where a view is expected and the other way round, and values of
other hearts types. A call may return (the value was acceptable) or raise a
:class:`~hearts.HeartsError`, a :class:`ValueError` or a :class:`TypeError` whose message
is a sentence of the library's, never Python's own wording ("'int' object has no attribute
'x'", "list index out of range") nor the compiled build's ("int object expected; got
str"). CI runs this file against the compiled wheel too (.ci/run), so both builds refuse
alike.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hearts
import hearts.game.passes
import hearts.game.play
import hearts.svg
import hearts.text
from hearts import HeartsError, Phase, State
from hearts.game.history import History

# --- what a sentence is ------------------------------------------------------------------

PYTHON_WORDING = re.compile(
    "|".join(
        [
            r"object has no attribute",
            r"object is not (iterable|subscriptable|callable|a mapping)",
            r"has no len\(\)",
            r"unsupported operand",
            r"not supported between instances",
            r"index out of range",
            r"division by zero",
            r"modulo by zero",
            r"object expected; got",  # mypyc's refusal of a typed argument
            r"argument \d+ must be",
            r"takes \d+ positional",
            r"got an unexpected keyword",
            r"missing \d+ required",
            r"got multiple values",
            r"invalid literal for",
            r"cannot be interpreted as an integer",
            r"must be real number",
            r"can't multiply sequence",
            r"negative shift count",
            r"is not in list",
            r"^unhashable type",
            r"^an integer is required",
            r"^'\w+' object",
            r"^max\(\) arg",
        ]
    )
)
"""Wording of Python's own errors (and mypyc's), which no refusal of the library uses."""


def is_sentence(message: str) -> bool:
    """Whether ``message`` reads as the library's refusals do: a whole sentence, its own.

    Python's own messages ("list index out of range", "'int' object has no attribute
    'x'") and mypyc's ("int object expected; got str") end without a full stop; the
    library's end with one. A refusal may start with a capital, the value refused (as in
    "'1X' is not a card: ...") or the parameter it names ("games must be ..."), and has at
    least three words and none of Python's own wording.
    """
    text = message.strip()
    return (
        len(text.split()) >= 3
        and text.endswith((".", ".)", ".'", '."'))
        and PYTHON_WORDING.search(text) is None
    )


def test_the_definition_of_a_sentence() -> None:
    for good in [
        "'1X' is not a card: write a rank (2-10, T, J, Q, K, A) then a suit.",
        "P9 is not a seat: this game has seats P0 to P3.",
        "ISMCTSBot(milliseconds=inf): the time budget must be a finite number of milliseconds above 0.",
        "an int of about 22 digits is not a seat: this game has seats P0 to P3.",
        "games must be a whole number of at least 1, got 0.",
        "record: the text is not JSON: Expecting value: line 1 column 1 (char 0).",
    ]:
        assert is_sentence(good), good
    for bad in [
        "'int' object has no attribute 'x'",
        "'int' object has no attribute 'x'.",
        "unsupported operand type(s) for +: 'int' and 'str'",
        "list index out of range",
        "division by zero",
        "int object expected; got str",
        "hearts.game.state.State object expected; got hearts.knowledge.views.PlayerView",
        "'NoneType' object is not iterable",
        "maximum recursion depth exceeded while calling a Python object",
        "max() arg is an empty sequence",
        "",
        "7",
    ]:
        assert not is_sentence(bad), bad


def refused_properly(
    call: Callable[[], object], where: str, also: tuple[type[Exception], ...] = ()
) -> None:
    """Run ``call``: it returns, or raises HeartsError/ValueError/TypeError with a sentence.

    ``also``: the other errors a protocol asks for (IndexError from a sequence's [] out of
    range), with a sentence too.
    """
    try:
        call()
    except (HeartsError, ValueError, TypeError, *also) as error:
        message = str(error)
        assert is_sentence(message), (
            f"{where} refused with {type(error).__name__}({message!r}), which is not a sentence "
            "of the library's."
        )
    except Exception as error:
        raise AssertionError(
            f"{where} raised {type(error).__name__}({str(error)[:200]!r}); an entry point "
            "refuses bad input with a HeartsError, ValueError or TypeError only."
        ) from error


# --- valid arguments -------------------------------------------------------------------------


def _played_to(rules: hearts.Rules, seed: int, tricks: int) -> State:
    """A game of ``rules`` played (first legal move each time) into its first hand's play."""
    state = hearts.new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY or len(state.tricks) < tricks or state.trick:
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state


RULES = hearts.Rules()
STATE = _played_to(RULES, 297, 10)  # three tricks left: solve answers at once
SEAT = STATE.to_move[0]
VIEW = hearts.view(STATE, SEAT)
PASSING = hearts.apply(
    hearts.new_game(RULES, seed=5), hearts.legal_moves(hearts.new_game(RULES, seed=5))[0]
)
PASSING_VIEW = hearts.view(PASSING, 0)


def _finished_hand() -> tuple[State, list[hearts.Move]]:
    state = hearts.new_game(RULES, seed=15)
    moves: list[hearts.Move] = []
    while not state.results:
        move = hearts.legal_moves(state)[0]
        moves.append(move)
        state = hearts.apply(state, move)
    return state, moves


AFTER_HAND, HAND_MOVES = _finished_hand()
RESULT = AFTER_HAND.results[0]
TRICK = RESULT.tricks[0]
PLAY = hearts.legal_moves(STATE)[0]
RECORD = hearts.GameRecord(RULES, HAND_MOVES, seed=15)
RECORD_TEXT = hearts.dumps(RECORD)
HISTORY = AFTER_HAND.results
assert isinstance(HISTORY, History)
CARDS = hearts.CardSet("2C QS AH")

HOSTILE: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    99,
    2**70,
    -(2**70),
    1.5,
    float("inf"),
    float("-inf"),
    float("nan"),
    "",
    "x",
    "QS",
    "\ud800",
    b"x",
    [],
    [None],
    [1, "x"],
    (),
    (1.5,),
    {},
    {"x": 1},
    object(),
    STATE,
    VIEW,
    RULES,
    PLAY,
    CARDS,
    RESULT,
    TRICK,
    RECORD,
    HISTORY,
    hearts.Phase.PLAY,
    random.Random(1),
]
"""Values put in place of one argument: each wrong somewhere, some right elsewhere."""


def hostile_values() -> st.SearchStrategy[object]:
    """HOSTILE, and random ints, floats, text and lists of them."""
    scalars = st.one_of(
        st.integers(),
        st.integers(-3, 60),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=6),
        st.binary(max_size=4),
        st.sampled_from(HOSTILE),
    )
    return st.one_of(scalars, st.lists(scalars, max_size=4), st.tuples(scalars, scalars))


# --- the entry points ------------------------------------------------------------------------


class Target:
    """A public callable and valid arguments for it, by name (positional ones in order)."""

    def __init__(
        self,
        name: str,
        function: Callable[..., object],
        args: dict[str, object] | None = None,
        kwargs: dict[str, object] | None = None,
        *,
        fixed: tuple[str, ...] = (),
        also: tuple[type[Exception], ...] = (),
    ) -> None:
        self.name = name
        self.also = also  # other errors its protocol asks for
        self.function = function
        self.args = dict(args or {})
        self.kwargs = dict(kwargs or {})
        self.fixed = fixed  # arguments left alone (a valid value of them may run for long)

    @property
    def names(self) -> list[str]:
        return [name for name in [*self.args, *self.kwargs] if name not in self.fixed]

    def call(self, replace: str | None = None, value: object = None) -> object:
        args = dict(self.args)
        kwargs = dict(self.kwargs)
        if replace in args:
            args[replace] = value
        elif replace is not None:
            kwargs[replace] = value
        return self.function(*args.values(), **kwargs)

    def __repr__(self) -> str:
        return self.name


def _method(name: str, make: Callable[[], Any]) -> Callable[..., object]:
    """``make().name(...)``: a method of a fresh object."""

    def call(*args: object, **kwargs: object) -> object:
        return getattr(make(), name)(*args, **kwargs)

    call.__name__ = name
    return call


def _rng() -> random.Random:
    return random.Random(3)


def _env_targets() -> list[Target]:
    try:
        from hearts.env import HeartsEnv, SingleAgentEnv
    except ImportError:  # the rl packages are in the test extra: CI has them
        return []

    def aec() -> HeartsEnv:
        env = HeartsEnv()
        env.reset(seed=1)
        return env

    def single() -> SingleAgentEnv:
        env = SingleAgentEnv()
        env.reset(seed=1)
        return env

    legal = int(aec().observe(aec().agent_selection)["action_mask"].argmax())
    single_legal = int(single().action_masks().argmax())
    return [
        Target("HeartsEnv", HeartsEnv, kwargs={"rules": RULES, "render_mode": None}),
        Target("HeartsEnv.reset", _method("reset", aec), kwargs={"seed": 3, "options": None}),
        Target("HeartsEnv.step", _method("step", aec), {"action": legal}),
        Target("HeartsEnv.observe", _method("observe", aec), {"agent": "player_0"}),
        Target(
            "HeartsEnv.observation_space", _method("observation_space", aec), {"agent": "player_0"}
        ),
        Target("HeartsEnv.action_space", _method("action_space", aec), {"agent": "player_0"}),
        Target("SingleAgentEnv", SingleAgentEnv, kwargs={"rules": RULES}),
        Target(
            "SingleAgentEnv.reset", _method("reset", single), kwargs={"seed": 3, "options": None}
        ),
        Target("SingleAgentEnv.step", _method("step", single), {"action": single_legal}),
    ]


SMALL = hearts.Rules(target=None, hands=1)
"""Rules of one hand: games between bots end quickly whatever is accepted."""
BOTS = [hearts.RandomBot()] * 4

TARGETS: list[Target] = [
    # Games and moves.
    Target("new_game", hearts.new_game, {"rules": RULES}, {"seed": 1}),
    Target("apply", hearts.apply, {"state": STATE, "move": PLAY}, {"by": SEAT}),
    Target("legal_moves", hearts.legal_moves, {"state": STATE, "player": SEAT}),
    Target("legal_moves(view)", hearts.legal_moves, {"state": VIEW}),
    Target(
        "from_hands",
        hearts.from_hands,
        {"hands": RESULT.dealt, "rules": RULES},
        {"hand_number": 3, "scores": (1, 2, 3, 4), "seed": 2},
    ),
    Target(
        "start_hand",
        hearts.start_hand,
        {"rules": RULES},
        {"hand_number": 2, "scores": (0, 0, 0, 0), "results": (), "seed": 2},
    ),
    Target("seeded_deal", hearts.seeded_deal, {"rules": RULES, "seed": 4, "hand_number": 1}),
    Target("view", hearts.view, {"state": STATE, "player": 1}),
    Target("sample", hearts.sample, {"view": VIEW, "rng": random.Random(2)}),
    Target("count_deals", hearts.count_deals, {"view": VIEW}),
    Target(
        "playout",
        hearts.playout,
        {"state": STATE, "rng": random.Random(2)},
        {"policy": "rule", "until": "hand"},
    ),
    Target(
        "solve",
        hearts.solve,
        {"state": STATE},
        {"max_tricks": 7, "every_move": True, "max_nodes": 10**6},
    ),
    Target("trick_winner", hearts.trick_winner, {"trick": TRICK.cards, "leader": 1, "players": 4}),
    Target(
        "hearts.game.play.trick_winner",
        hearts.game.play.trick_winner,
        {"trick": TRICK.cards, "leader": 1, "players": 4},
    ),
    Target(
        "hearts.game.play.played_mask",
        hearts.game.play.played_mask,
        {"tricks": RESULT.tricks[:3], "trick": TRICK.cards[:2]},
    ),
    Target(
        "hearts.game.passes.exchange",
        hearts.game.passes.exchange,
        {
            "hands": PASSING.hand_masks,
            "passed": (1, 2, 4, 8),
            "direction": hearts.PassDirection.LEFT,
        },
    ),
    # Cards and moves.
    Target("Card", hearts.Card, {"value": "QS"}),
    Target("CardSet", hearts.CardSet, {"cards": "2C QS"}),
    Target("Play", hearts.Play, {"player": 1, "card": "QS"}),
    Target("Pass", hearts.Pass, {"player": 1, "cards": "2C 3C 4C"}),
    Target("Deal", hearts.Deal, {"hands": RESULT.dealt}),
    Target("Claim", hearts.Claim, {"player": 1}),
    Target("ChoosePass", hearts.ChoosePass, {"player": 1, "direction": "left", "count": 3}),
    Target("ShootChoice", hearts.ShootChoice, {"player": 1, "mode": "add"}),
    Target("parse_move", hearts.parse_move, {"text": "P1 plays QS"}),
    Target("Play.replace", _method("replace", lambda: PLAY), kwargs={"card": "KS"}),
    # Rules.
    Target(
        "Rules",
        hearts.Rules,
        kwargs={
            "players": 4,
            "target": 50,
            "pass_cycle": "tournament",
            "moon": "add",
            "removed": "",
        },
    ),
    Target("Rules.preset", hearts.Rules.preset, {"name": "standard"}),
    Target("Rules.from_dict", hearts.Rules.from_dict, {"data": RULES.to_dict()}),
    Target("Rules.replace", _method("replace", lambda: RULES), kwargs={"target": 60, "players": 4}),
    Target(
        "State.replace",
        _method("replace", lambda: STATE),
        kwargs={"seed": 3, "hand_number": 0, "phase": Phase.PLAY},
    ),
    # Scoring helpers.
    Target("hand_points", hearts.hand_points, {"rules": RULES, "taken_mask": CARDS.mask}),
    Target(
        "hand_changes",
        hearts.hand_changes,
        {"rules": RULES, "scores": (0, 0, 0, 0), "taken_masks": (CARDS.mask, 0, 0, 0)},
        {"hand_number": 0, "pool": 0, "choice": None},
    ),
    Target(
        "game_winners",
        hearts.game_winners,
        {"rules": RULES, "scores": (10, 20, 30, 40), "hands_played": 3},
    ),
    Target("shooter", hearts.shooter, {"rules": RULES, "taken_masks": (0, 0, 0, 0)}),
    Target(
        "shoot_options",
        hearts.shoot_options,
        {"rules": RULES, "taken_masks": (0, 0, 0, 0), "scores": (0, 0, 0, 0)},
    ),
    # Records.
    Target(
        "GameRecord",
        hearts.GameRecord,
        {"rules": RULES, "moves": HAND_MOVES},
        {"seed": 15, "metadata": {"event": "x"}, "preset": None},
    ),
    Target("dumps", hearts.dumps, {"record": RECORD}, {"indent": 2}),
    Target("dump", hearts.dump, {"record": RECORD, "fp": io.StringIO()}, {"indent": None}),
    Target("loads", hearts.loads, {"text": RECORD_TEXT}, {"max_bytes": 10**6, "max_moves": 1000}),
    Target(
        "load",
        lambda fp, **kw: hearts.load(io.StringIO(fp) if isinstance(fp, str) else fp, **kw),
        {"fp": RECORD_TEXT},
        {"max_bytes": 10**6, "max_moves": 1000},
    ),
    Target(
        "loads_move",
        hearts.loads_move,
        {"text": '{"type": "play", "player": 1, "card": "QS"}', "rules": RULES},
        {"max_bytes": 100},
    ),
    Target("replay", hearts.replay, {"record": RECORD}),
    Target("move_to_dict", hearts.move_to_dict, {"move": PLAY}),
    Target("move_from_dict", hearts.move_from_dict, {"data": hearts.move_to_dict(PLAY)}),
    Target("state_to_dict", hearts.state_to_dict, {"state": STATE}),
    Target("state_from_dict", hearts.state_from_dict, {"data": hearts.state_to_dict(STATE)}),
    Target("view_to_dict", hearts.view_to_dict, {"seen": VIEW}),
    Target("view_from_dict", hearts.view_from_dict, {"data": hearts.view_to_dict(VIEW)}),
    Target("result_to_dict", hearts.result_to_dict, {"result": RESULT}),
    Target(
        "result_from_dict",
        hearts.result_from_dict,
        {"data": hearts.result_to_dict(RESULT), "rules": RULES},
    ),
    Target("format_hand", hearts.format_hand, {"result": RESULT, "rules": RULES}),
    # Text and pictures.
    Target("hearts.text.table_text", hearts.text.table_text, {"game": VIEW}),
    Target("hearts.text.result_text", hearts.text.result_text, {"result": RESULT}),
    Target("hearts.svg.table", hearts.svg.table, {"game": STATE}, {"size": 300}),
    Target("hearts.svg.cards", hearts.svg.cards, {"cards": CARDS}, {"size": 300}),
    Target("hearts.svg.trick", hearts.svg.trick, {"trick": TRICK}, {"size": 300}),
    Target("hearts.svg.result", hearts.svg.result, {"result": RESULT}, {"size": 300}),
    # History.
    Target("History", History, {"results": (RESULT,)}),
    Target("History.added", _method("added", lambda: HISTORY), {"result": RESULT}),
    # A sequence answers an index out of range with an IndexError (iteration relies on it).
    Target("History[]", lambda index: HISTORY[index], {"index": 0}, also=(IndexError,)),
    Target("History.seen", _method("seen", lambda: HISTORY), {"player": 1}),
    Target(
        "History.index", _method("index", lambda: HISTORY), {"value": RESULT, "start": 0, "stop": 1}
    ),
    Target("History.count", _method("count", lambda: HISTORY), {"value": RESULT}),
    # Bots.
    Target("RandomBot.choose", _method("choose", hearts.RandomBot), {"view": VIEW, "rng": _rng()}),
    Target("RuleBot.choose", _method("choose", hearts.RuleBot), {"view": VIEW, "rng": _rng()}),
    Target(
        "SearchBot.choose",
        _method("choose", lambda: hearts.SearchBot(samples=2)),
        {"view": VIEW, "rng": _rng()},
    ),
    Target(
        "ISMCTSBot.choose",
        _method("choose", lambda: hearts.ISMCTSBot(iterations=5)),
        {"view": VIEW, "rng": _rng()},
    ),
    Target("RandomBot", hearts.RandomBot, {"name": "r"}),
    Target("RuleBot", hearts.RuleBot, {"name": "r"}),
    Target(
        "SearchBot",
        lambda **kw: hearts.SearchBot(**kw).name,
        kwargs={"samples": 3, "milliseconds": None, "endgame": 2, "name": "s"},
    ),
    Target(
        "ISMCTSBot",
        lambda **kw: hearts.ISMCTSBot(**kw).name,
        kwargs={
            "iterations": 3,
            "milliseconds": None,
            "exploration": 0.5,
            "playout": "random",
            "name": "i",
        },
    ),
    Target(
        "play_game",
        hearts.play_game,
        {"rules": SMALL, "bots": BOTS, "seed": 1},
        {"keep_moves": True, "bot_seed": 2},
    ),
    # A valid but huge number of games would play for ever: Tournament's own target, and a
    # scenario below, check that tournament refuses what it must.
    Target(
        "tournament",
        hearts.tournament,
        {"rules": SMALL, "bots": BOTS, "games": 2, "seed": 1},
        {"bot_seed": 2, "rotate": True},
        fixed=("games",),
    ),
    Target(
        "Tournament",
        hearts.Tournament,
        {"rules": SMALL, "bots": BOTS, "games": 2, "seed": 1},
        {"bot_seed": 2, "rotate": True},
    ),
    Target("tournament_seed", hearts.tournament_seed, {"seed": 1, "index": 2}),
    Target("results_run", hearts.results_run, {"path": "no-such-results.jsonl"}),
    *_env_targets(),
]

NAMES = [target.name for target in TARGETS]


def test_every_public_callable_is_a_target() -> None:
    """A name added to hearts.__all__ is added here too (or to the list of exemptions)."""
    exempt = {
        # Protocols, enums and exceptions: nothing to refuse beyond what Python does.
        "Bot", "TournamentProgress", "ProgressClock", "FirstLead", "FirstTrick", "FirstTrickFallback",
        "PassDirection", "Phase", "Rank", "Suit", "ShootMode", "HeartsError",
        "IllegalMoveError", "NotationError", "RulesError", "RecordError", "SearchLimitError",
        # Results the library builds and hands out (frozen records of what happened), and
        # the constructors the engine uses on its hot path, whose refusals (each field's
        # type and form) tests/test_inputs.py checks one by one, with score_hand's.
        "BotStanding", "GameResult", "TournamentResult", "Replay", "Preset", "Solution",
        "State", "PlayerView", "HandResult", "Trick", "PassMoves", "Progress", "ResultsRun",
        "Move", "record_schema", "score_hand",
        # Starts an interpreter per bot: tests/ for hearts.bots.isolation check its arguments.
        "Isolated",
    }  # fmt: skip
    covered = {name.split(".")[0].split("(")[0].split("[")[0] for name in NAMES}
    callables = {name for name in hearts.__all__ if callable(getattr(hearts, name))}
    missing = sorted(callables - covered - exempt)
    assert not missing, f"No entry-point test for {', '.join(missing)}: add a Target."


@pytest.mark.parametrize("target", TARGETS, ids=NAMES)
def test_the_valid_call_works(target: Target) -> None:
    target.call()


@pytest.mark.parametrize("target", TARGETS, ids=NAMES)
def test_each_hostile_value_is_refused_with_a_sentence(target: Target) -> None:
    """Every argument in turn replaced by each of HOSTILE."""
    for name in target.names:
        for value in HOSTILE:
            refused_properly(
                lambda: target.call(name, value),  # noqa: B023 (called at once)
                f"{target.name}({name}={_shown(value)})",
                target.also,
            )


def _shown(value: object) -> str:
    text = (
        repr(value)
        if not isinstance(value, (State, hearts.PlayerView, hearts.GameRecord))
        else type(value).__name__
    )
    return text if len(text) < 60 else text[:50] + "..."


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
@pytest.mark.parametrize("target", TARGETS, ids=NAMES)
def test_random_hostile_values_are_refused_with_a_sentence(
    target: Target, data: st.DataObject
) -> None:
    """One argument replaced by a random int, float, text, bytes or list of them."""
    if not target.names:
        return
    name = data.draw(st.sampled_from(target.names))
    value = data.draw(hostile_values())
    refused_properly(
        lambda: target.call(name, value), f"{target.name}({name}={_shown(value)})", target.also
    )


# --- the cases the audit found, one scenario each --------------------------------------------


def refusal(call: Callable[[], object], kind: type[Exception] = ValueError) -> str:
    """The message of the ``kind`` of error ``call`` raises, checked to be a sentence."""
    with pytest.raises(kind) as refused:
        call()
    message = str(refused.value)
    assert is_sentence(message), message
    return message


@pytest.mark.parametrize(
    "bot",
    [
        hearts.RandomBot(),
        hearts.RuleBot(),
        hearts.SearchBot(samples=2),
        hearts.ISMCTSBot(iterations=5),
    ],
    ids=lambda bot: type(bot).__name__,
)
def test_a_bot_decides_on_its_seat_s_view_never_the_whole_state(bot: hearts.Bot) -> None:
    """Given the State itself (every hand showing), each bot refuses, RandomBot too."""
    message = refusal(lambda: bot.choose(STATE, random.Random(1)), TypeError)  # type: ignore[arg-type]
    assert message == (
        f"{type(bot).__name__}.choose needs its seat's PlayerView (hearts.view(state, seat)), "
        "got a State, which shows every hand: a bot decides on what its seat sees."
    )
    refusal(lambda: bot.choose(VIEW, 7), TypeError)  # type: ignore[arg-type]
    assert bot.choose(VIEW, random.Random(1)) in hearts.legal_moves(VIEW)


def test_text_forms_refuse_what_is_not_a_game_as_the_pictures_do() -> None:
    assert refusal(lambda: hearts.text.table_text(7), TypeError) == (  # type: ignore[arg-type]
        "hearts.text.table_text takes a State or a PlayerView, got 7."
    )
    assert refusal(lambda: hearts.text.result_text(STATE), TypeError).startswith(  # type: ignore[arg-type]
        "hearts.text.result_text takes a HandResult, got State("
    )


def test_history_refuses_what_is_not_a_result_and_indexes_only_by_int() -> None:
    refusal(lambda: HISTORY.added("not a result"), TypeError)  # type: ignore[arg-type]
    assert refusal(lambda: HISTORY[1.0], TypeError) == (  # type: ignore[call-overload]
        "History indices are ints or slices, got 1.0."
    )
    refusal(lambda: History([RESULT, "x"]), TypeError)  # type: ignore[list-item]
    refusal(lambda: History(7), TypeError)  # type: ignore[arg-type]
    assert refusal(lambda: HISTORY.seen(9)) == (
        "History.seen takes a seat of this game, from 0 to 3, got 9."
    )
    refusal(lambda: HISTORY.index(RESULT, 1.5), TypeError)  # type: ignore[arg-type]
    with pytest.raises(IndexError, match=r"^History index 5 is out of range: it has 1 results\.$"):
        HISTORY[5]


def test_exported_helpers_refuse_garbage_with_a_sentence() -> None:
    """Once ZeroDivisionError, MemoryError or KeyError from inside."""
    assert refusal(lambda: hearts.trick_winner(TRICK.cards, 0, 0)) == (
        "trick_winner's players must be from 1 to 7, got 0."
    )
    refusal(lambda: hearts.trick_winner(["QS"], 0, 4), TypeError)  # type: ignore[list-item]
    refusal(lambda: hearts.trick_winner((), 0, 4))
    refusal(lambda: hearts.game.play.played_mask([7]), TypeError)  # type: ignore[list-item]
    refusal(lambda: hearts.game.play.played_mask((), [2**70]))
    refusal(lambda: hearts.game.passes.exchange([2**70] * 4, [0] * 4, hearts.PassDirection.LEFT))
    refusal(
        lambda: hearts.game.passes.exchange([0] * 4, {0: 1}, hearts.PassDirection.LEFT), TypeError
    )  # type: ignore[arg-type]
    refusal(lambda: hearts.game.passes.exchange([0] * 4, [0] * 4, "left"), TypeError)  # type: ignore[arg-type]
    refusal(lambda: hearts.game.passes.exchange([0] * 5, [0] * 5, hearts.PassDirection.ACROSS))
    refusal(lambda: hearts.hand_points(RULES, -1))
    refusal(lambda: hearts.hand_changes(RULES, (0, 0, 0), (0, 0, 0, 0)))
    refusal(lambda: hearts.game_winners("standard", (0, 0, 0, 0), 1), TypeError)  # type: ignore[arg-type]
    assert hearts.trick_winner([hearts.Card("5C"), hearts.Card("AH")], leader=3, players=4) == 3
    assert hearts.hand_points(RULES, CARDS.mask) == 14


@pytest.mark.parametrize("value", [float("inf"), float("nan"), -1, 0, True, 10**12, "10"])
def test_time_budgets_are_finite_positive_and_bounded(value: object) -> None:
    """An infinite budget once made ISMCTSBot.choose run for ever."""
    for bot in (hearts.ISMCTSBot, hearts.SearchBot):
        message = refusal(lambda: bot(milliseconds=value))  # type: ignore[arg-type]  # noqa: B023
        assert message.startswith(f"{bot.__name__}.milliseconds must be None or a time above 0")
    refusal(lambda: hearts.ISMCTSBot(iterations=2**63))
    refusal(lambda: hearts.SearchBot(samples=2**63))
    refusal(lambda: hearts.ISMCTSBot(exploration=float("inf")))
    assert hearts.ISMCTSBot(milliseconds=2.5).milliseconds == 2.5


def test_state_replace_checks_types_in_the_pure_build_as_compiled() -> None:
    assert refusal(lambda: STATE.replace(seed="2"), TypeError) == (
        "State.replace: seed must be an int, got '2'."
    )
    refusal(lambda: STATE.replace(hand_masks=[0, 0, 0, 0]), TypeError)
    refusal(lambda: STATE.replace(hearts_broken=1), TypeError)
    refusal(lambda: STATE.replace(phase="play"), TypeError)
    refusal(lambda: STATE.replace(colour=1), TypeError)
    assert STATE.replace(seed=2).seed == 2
    assert STATE.replace(ruled_out_masks=None).ruled_out_masks == (0, 0, 0, 0)


def test_solve_takes_a_bool_every_move() -> None:
    assert refusal(lambda: hearts.solve(STATE, every_move=[1]), TypeError) == (  # type: ignore[arg-type]
        "solve's every_move must be True or False, got [1]."
    )
    assert hearts.solve(STATE, every_move=True).values


def test_bots_are_given_as_a_list() -> None:
    refusal(lambda: hearts.play_game(SMALL, 7, 1), TypeError)  # type: ignore[arg-type]
    refusal(lambda: hearts.Tournament(SMALL, None, 2, 1), TypeError)  # type: ignore[arg-type]


def test_a_tournament_of_endless_games_is_refused() -> None:
    """A number of games no machine could play is refused, not started."""
    refusal(lambda: hearts.Tournament(SMALL, BOTS, 2**70, 1))


def test_records_take_any_indent_and_limit_as_a_sentence() -> None:
    refusal(lambda: hearts.dumps(RECORD, indent=2**70))
    assert hearts.load(io.StringIO(RECORD_TEXT), max_bytes=2**70) == RECORD


def test_game_record_refuses_what_its_reader_refuses() -> None:
    """hearts.dumps once wrote records that hearts.loads refused: a seat 5 of 4, a joker."""
    for move in (hearts.Play(5, "2C"), hearts.Play(0, "JK1"), hearts.Pass(1, "JK2 2C 3C")):
        error = refusal(lambda: hearts.GameRecord(RULES, [*HAND_MOVES, move]))  # noqa: B023
        assert error.startswith(f"record.moves[{len(HAND_MOVES)}]"), error
        data = RECORD.to_dict()
        written = {
            key: value for key, value in hearts.move_to_dict(move).items() if key != "schema"
        }
        data["moves"] = [*data["moves"], written]  # type: ignore[list-item]
        with pytest.raises(hearts.RecordError):
            hearts.loads(json.dumps(data))
    assert hearts.loads(hearts.dumps(RECORD)) == RECORD


def test_the_environments_refuse_unknown_agents_and_non_int_actions() -> None:
    """The agents are player_0 to player_3; an action is an int (not a bool or an array)."""
    pytest.importorskip("pettingzoo")
    from hearts.env import HeartsEnv

    env = HeartsEnv()
    env.reset(seed=1)
    refusal(lambda: env.observe("player_9"))
    refusal(lambda: env.step(True), TypeError)
    np = pytest.importorskip("numpy")
    refusal(lambda: env.step(np.array(0)), TypeError)


def test_counting_the_deals_of_a_view_is_a_formula_not_an_enumeration() -> None:
    """A view with every other hand unseen allows some 8.4e16 deals: they are counted by
    formula (no enumeration could finish), and the work any count may take is bounded by
    hearts.knowledge.sampling.DEAL_WORK, beyond which a view is refused (tests/test_sampling.py)."""
    from math import comb

    refused_properly(lambda: hearts.count_deals(PASSING_VIEW), "count_deals")
    assert hearts.count_deals(PASSING_VIEW) == comb(39, 13) * comb(26, 13)
