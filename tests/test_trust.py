"""What an in-process bot can reach: nothing that tells it a card its seat may not know.

The trust model (docs/bots.md, "What a bot can see"): everything reachable by attribute
access or iteration from any ``hearts`` module — module globals, classes, caches, the
defaults and closures of functions — holds public data, or nothing of a game at all.
These tests play games between the library's bots, the search bots included (they sample
hidden hands, the kernel keeps tables of plays), and after every decision walk every
``hearts`` module for a game :class:`~hearts.State`, any seat's
:class:`~hearts.PlayerView`, a finished hand, or an int that is the mask of a hand some
seat holds or was dealt. Introspection beyond attributes (``gc``, frames) is out of scope
in-process: untrusted bots run in another process (``hearts simulate --isolate``, the
server example).
"""

from __future__ import annotations

import collections
import contextlib
import functools
import importlib
import importlib.util
import multiprocessing
import os
import pickle
import random
import sys
import threading
import time
import types
from collections.abc import Iterator

import pytest

import hearts
import hearts.bots.isolation
import hearts.cli
import hearts.env
from hearts import (
    HandResult,
    HeartsError,
    ISMCTSBot,
    PlayerView,
    RuleBot,
    Rules,
    SearchBot,
    State,
)
from hearts.game.play import (
    Position,  # every module a program may import is walked, not only those of hearts
)

with contextlib.suppress(ImportError):  # walked too where OpenSpiel is installed
    import hearts.interop.openspiel

_FORBIDDEN = (State, PlayerView, HandResult, Position)
_LEAVES = (str, bytes, float, complex, bool, type(None), range)


def _modules() -> list[types.ModuleType]:
    return [
        module
        for name, module in sorted(sys.modules.items())
        if (name == "hearts" or name.startswith("hearts.")) and module is not None
    ]


def _attributes(value: object) -> Iterator[tuple[str, object]]:
    """The attributes of an instance of a ``hearts`` class, pure or compiled."""
    names: set[str] = set(getattr(value, "__dict__", {}))
    for kind in type(value).__mro__:
        slots = kind.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
        names.update(kind.__dict__.get("__mypyc_attrs__", ()))
    for name in sorted(names - {"__dict__", "__weakref__"}):
        try:
            yield name, getattr(value, name)
        except AttributeError:
            continue


def _children(value: object) -> Iterator[tuple[str, object]]:
    if isinstance(value, types.ModuleType):
        if value.__name__.split(".")[0] == "hearts":
            yield from vars(value).items()
    elif isinstance(value, dict):
        for key, item in list(value.items()):
            yield "<key>", key
            yield f"[{key!r}]"[:40], item
    elif isinstance(value, functools.partial):
        yield "<function>", value.func
        yield "<args>", value.args
        yield "<keywords>", value.keywords
    elif isinstance(value, (list, tuple, set, frozenset, collections.deque)):
        for index, item in enumerate(list(value)):
            yield f"[{index}]", item
    elif isinstance(value, type):
        if value.__module__.split(".")[0] == "hearts":
            yield from list(vars(value).items())
    elif isinstance(value, (types.FunctionType, types.MethodType)):
        function = getattr(value, "__func__", value)
        yield "__self__", getattr(value, "__self__", None)
        yield "__defaults__", getattr(function, "__defaults__", None)
        yield "__kwdefaults__", getattr(function, "__kwdefaults__", None)
        for index, cell in enumerate(getattr(function, "__closure__", None) or ()):
            try:
                yield f"<closure {index}>", cell.cell_contents
            except ValueError:  # an empty cell
                continue
    elif hasattr(value, "__wrapped__") and callable(value):  # functools.lru_cache and kin
        yield "__wrapped__", value.__wrapped__  # its cache is reachable only through gc
    elif type(value).__module__.split(".")[0] == "hearts":
        yield from _attributes(value)


def reachable() -> Iterator[tuple[str, object]]:
    """(path, value) for everything reachable from the ``hearts`` modules' globals."""
    seen: set[int] = set()
    stack: list[tuple[str, object]] = [(module.__name__, module) for module in _modules()]
    while stack:
        path, value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield path, value
        if isinstance(value, (*_LEAVES, int)):
            continue
        stack.extend((f"{path}.{name}", child) for name, child in _children(value))


def secrets_of(state: State) -> set[int]:
    """Masks that name hidden cards: each seat's hand and deal, and its holding in a suit."""
    found = set()
    for hand, dealt in zip(state.hand_masks, state.dealt_masks, strict=True):
        for mask in (hand, dealt):
            found.add(mask)
            found.update(mask & suit for suit in hearts.game.cards.SUIT_MASKS)
    return {mask for mask in found if hearts.game.cards.card_count(mask) >= 2}


def leaks(
    state: State, public: set[int], earlier: frozenset[int] | set[int] = frozenset()
) -> list[str]:
    """What the walk finds that no seat may read: game values, and masks of hidden cards
    (in ``state``, and the ``earlier`` masks of the game)."""
    secret = (secrets_of(state) | earlier) - public
    found = []
    for path, value in reachable():
        if isinstance(value, _FORBIDDEN) or type(value).__name__ in (
            "History",
            "_Dealer",
        ):
            found.append(f"{path}: a {type(value).__name__}")
        elif isinstance(value, int) and not isinstance(value, bool) and value in secret:
            found.append(f"{path}: the mask {hearts.CardSet.from_mask(value)} of hidden cards")
    return found


@pytest.fixture(scope="module")
def public_ints() -> set[int]:
    """The ints the modules hold before any game: constants (suit masks, A♠ K♠, ...)."""
    return {
        value for _, value in reachable() if isinstance(value, int) and not isinstance(value, bool)
    }


BOTS = {
    "rule": RuleBot,
    "search": lambda: SearchBot(samples=4),
    "ismcts": lambda: ISMCTSBot(iterations=30),
}


@pytest.mark.parametrize(
    "rules",
    [Rules(target=26), Rules(players=3, jokers=2, claims=True, hands=2, target=None)],
    ids=["standard", "three-with-joker"],
)
def test_no_module_holds_a_hidden_card_while_bots_play(rules: Rules, public_ints: set[int]) -> None:
    """Rule: a bot sees its own view and nothing more (docs/bots.md, "What a bot can see").

    Every seat's bot decides on its view; after each decision, with the search bots'
    samples and the kernel's tables warm, no ``hearts`` module reaches a State, a view,
    a finished hand, or the mask of a hand a seat holds or was dealt."""
    names = list(BOTS)
    bots = [BOTS[names[seat % len(names)]]() for seat in range(rules.players)]
    secret: set[int] = set()  # every hand seen so far: a cache may keep an old one
    rngs = [random.Random(f"trust:{seat}") for seat in range(rules.players)]
    state = hearts.new_game(rules, seed=11)
    decisions = 0
    while not state.is_over:
        if not state.to_move:  # a deal: the table's chance move
            state = hearts.apply(state, hearts.legal_moves(state)[0])
            continue
        seat = state.to_move[0]
        seen = hearts.view(state, seat)
        move = bots[seat].choose(seen, rngs[seat])
        hearts.count_deals(seen)
        hearts.sample(seen, rngs[seat])
        state = hearts.apply(state, move, by=seat)
        decisions += 1
        secret |= secrets_of(state)
        if decisions % 3 == 0 or state.is_over:
            assert leaks(state, public_ints, secret) == [], f"after {decisions} decisions"
    assert decisions > 20


def test_play_game_and_a_tournament_leave_nothing_behind(public_ints: set[int]) -> None:
    """The same walk after whole games played by :func:`hearts.play_game` and
    :func:`hearts.tournament`, with a server-side :func:`hearts.apply` by seat."""
    bots = [SearchBot(samples=3), ISMCTSBot(iterations=20), RuleBot(), RuleBot()]
    result = hearts.play_game(Rules(target=30), bots, seed=4)
    assert result.bot_seed != 4
    hearts.tournament(Rules(hands=1, target=None), bots, 2, seed=6)
    state = hearts.new_game(Rules(hands=1, target=None), seed=9)
    while not state.is_over:
        state = hearts.apply(state, hearts.legal_moves(state)[-1])
    assert leaks(state, public_ints) == []


def test_the_walk_finds_a_planted_leak(public_ints: set[int]) -> None:
    """The walk is not blind: a view, or a hand's mask, kept on a module is found."""
    state = hearts.new_game(seed=2)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    planted = hearts.knowledge.sampling
    try:
        planted.__dict__["_planted"] = {"cache": [hearts.view(state, 1)]}
        assert any(
            "_planted" in found and "PlayerView" in found for found in leaks(state, public_ints)
        )
        planted.__dict__["_planted"] = {state.hand_masks[2]: 1}
        assert any("_planted.<key>" in found for found in leaks(state, public_ints))
    finally:
        planted.__dict__.pop("_planted", None)
    assert leaks(state, public_ints) == []


class ElsewhereBot:
    """A rule bot that refuses to play in the process that made it."""

    name = "elsewhere"

    def __init__(self) -> None:
        self.home = os.getpid()

    def choose(self, view: PlayerView, rng: random.Random) -> hearts.Move:
        if os.getpid() == self.home:
            raise RuntimeError("this bot was asked to play in the game's own process")
        return RuleBot().choose(view, rng)


class BrokenBot:
    """A bot whose every choice fails."""

    name = "broken"

    def choose(self, view: PlayerView, rng: random.Random) -> hearts.Move:
        raise ValueError("no idea")


def test_an_isolated_bot_plays_in_its_own_process_and_the_same_game() -> None:
    """hearts.Isolated runs a bot in another process, sent only its seat's views: the
    game is the one the bots play in-process (each generator comes back with its draws)."""
    rules = Rules(target=40)
    bots = [ElsewhereBot(), hearts.RandomBot(), RuleBot(), hearts.RandomBot()]
    with pytest.raises(RuntimeError, match="game's own process"):
        hearts.play_game(rules, bots, seed=3, bot_seed=4)
    isolated = [hearts.Isolated(bots[0]), hearts.Isolated(bots[1]), *bots[2:]]
    try:
        played = hearts.play_game(rules, isolated, seed=3, bot_seed=4, keep_moves=True)
        plain = [RuleBot(), *bots[1:]]
        again = hearts.play_game(rules, plain, seed=3, bot_seed=4, keep_moves=True)
        assert played.moves == again.moves and played.scores == again.scores
        assert pickle.loads(pickle.dumps(isolated[0])).bot.name == "elsewhere"
        state = hearts.new_game(rules, seed=1)
        state = hearts.apply(state, hearts.legal_moves(state)[0])
        with pytest.raises(TypeError, match=r"^Isolated.choose needs its seat's PlayerView"):
            isolated[0].choose(state, random.Random(1))  # type: ignore[arg-type]
    finally:
        for bot in isolated[:2]:
            bot.close()  # type: ignore[union-attr]
    broken = hearts.Isolated(BrokenBot())
    try:
        with pytest.raises(
            HeartsError,
            match=r"^The isolated bot 'broken' failed while choosing a move for P0: "
            r"ValueError: no idea$",
        ):
            broken.choose(hearts.view(state, 0), random.Random(1))
    finally:
        broken.close()
    with pytest.raises(TypeError, match=r"^Isolated needs a hearts.Bot"):
        hearts.Isolated("rule")  # type: ignore[arg-type]


PUBLIC_CACHES = {
    "hearts.game.passes._combinations": "keyed by a hand size and a pass count",
    "hearts.rl.actions._pass_calls": "keyed by the Rules",
    "hearts.rl.tensor_layout.fields_unchecked": "keyed by the number of players",
    "hearts.rl.tensor._constants": "keyed by the Rules",
    "hearts.rl._batch_tables._make_rules": "keyed by the Rules (the batched engine's tables)",
    "hearts._docstrings._table": "no key: the docstrings the compiled build ships, the same for all",
}
"""Every cache a ``hearts`` module keeps, and why its keys are public: a cache keyed by a
seat's cards would answer another seat's guesses (its hits count in ``cache_info``)."""


def test_every_module_cache_is_keyed_by_public_data() -> None:
    """A new cache must be listed here with the reason its keys tell no seat's cards."""
    found = {
        f"{getattr(value, '__module__', '?')}.{getattr(value, '__name__', '?')}"
        for _, value in reachable()
        if callable(getattr(value, "cache_info", None)) and hasattr(value, "__wrapped__")
    }
    assert found <= set(PUBLIC_CACHES)  # hearts.batch is reached only where it was imported
    for name in PUBLIC_CACHES:  # and each cache listed is still there
        module, _, attribute = name.rpartition(".")
        if module.startswith("hearts.rl._batch") and importlib.util.find_spec("jax") is None:
            continue  # the jax extra is not installed
        assert callable(getattr(importlib.import_module(module), attribute).cache_info), name


class SlowBot:
    """A bot that thinks for a long time, then plays its first legal move."""

    name = "slow"

    def choose(self, view: PlayerView, rng: random.Random) -> hearts.Move:
        time.sleep(30)
        return hearts.legal_moves(view)[0]


def test_an_isolated_bots_answer_is_read_as_data_and_its_time_is_bounded() -> None:
    """What comes back from the bot's process is parsed (a move's JSON, the generator's
    ints), never unpickled: bytes that would run code in the game's process are refused
    with a sentence. A decision over the time limit stops the process; the next one
    starts another."""
    payload = pickle.dumps(ElsewhereBot())  # any pickle: unpickling it would run code
    for answer in (payload, b"[]", b'{"move": {"type": "play"}}', b'{"error": "boom"}'):
        with pytest.raises(HeartsError, match=r"^The isolated bot 'x' (answered|failed)"):
            hearts.bots.isolation._read_answer(answer, "x", 0)
    state = hearts.new_game(seed=1)
    state = hearts.apply(state, hearts.legal_moves(state)[0])
    seen = hearts.view(state, 0)
    slow = hearts.Isolated(SlowBot(), seconds=0.5)
    try:
        with pytest.raises(HeartsError, match=r"took more than 0.5 seconds .* stopped\.$"):
            slow.choose(seen, random.Random(1))
        # Stopped when the limit passed, not left to sleep on (nor waited for).
        assert "hearts bot slow" not in [child.name for child in multiprocessing.active_children()]
    finally:
        slow.close()
    with pytest.raises(TypeError, match=r"^Isolated\(seconds=\.\.\.\) is the most"):
        hearts.Isolated(RuleBot(), seconds=float("inf"))
    with pytest.raises(TypeError, match=r"^Isolated needs a bot that pickles"):
        hearts.Isolated(LocalBot())


class LocalBot:
    """A bot that cannot be sent to another process (it holds a lock)."""

    name = "local"

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def choose(self, view: PlayerView, rng: random.Random) -> hearts.Move:
        return hearts.legal_moves(view)[0]
