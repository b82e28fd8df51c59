"""OpenSpiel interop: card and move conversion, and every variant as a pyspiel game.

Importing this module needs OpenSpiel (``pip install open-spiel``); ``import hearts`` never
imports it. It offers:

* conversions between our cards and the actions of OpenSpiel's own ``hearts`` game
  (``rank * 4 + suit``, suits C, D, H, S) — :func:`card_to_action`, :func:`action_to_card`;
* :func:`rules_for`, the :class:`~hearts.Rules` of OpenSpiel's ``hearts`` for its eight game
  parameters and a pass direction;
* :func:`to_openspiel` and :func:`from_openspiel`, the same first hand in both engines;
* the pyspiel game ``python_hearts_rules`` (registered on import), which plays any of our
  variants, whole games included, so that OpenSpiel's algorithms and bots can run on them.

Bad input is refused with a :class:`~hearts.HeartsError` sentence: a joker or text that is
no card given to :func:`card_to_action`, an action outside 0 to 51 given to
:func:`action_to_card`, bad ``rules`` for the pyspiel game (a :class:`~hearts.RulesError`)
and an illegal action given to its states' ``apply_action`` (an
:class:`~hearts.IllegalMoveError`, the state unchanged). A value of the wrong Python type
is a :class:`TypeError`.

>>> import pyspiel
>>> from hearts.interop import openspiel
>>> game = pyspiel.load_game(openspiel.GAME_NAME, {"rules": "three-player"})
>>> game.num_players(), game.new_initial_state().is_chance_node()
(3, True)
>>> openspiel.card_to_action(hearts.Card("QS")), openspiel.action_to_card(43)
(43, Card('Q♠'))
>>> openspiel.card_to_action("QS"), openspiel.card_to_action(49)
(43, 43)
"""

from __future__ import annotations

import base64
import binascii
import json
import operator
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

import hearts
from hearts.errors import HeartsError, IllegalMoveError, RulesError, describe_value
from hearts.game.cards import CARDS, Card, CardSet, cards_of
from hearts.game.moves import ChoosePass, Claim, Deal, Move, Pass, Play, ShootChoice
from hearts.game.passes import pick_refusal, pickable
from hearts.game.rules import PRESETS, STANDARD_POINTS, PassDirection, Rules, ShootMode
from hearts.game.state import Phase, State

__all__ = [
    "GAME_NAME",
    "OPENSPIEL_PARAMETERS",
    "PASS_DIRECTIONS",
    "HeartsRulesGame",
    "HeartsRulesState",
    "action_to_card",
    "card_to_action",
    "from_openspiel",
    "rules_for",
    "rules_parameter",
    "to_openspiel",
]

PASS_DIRECTIONS: Final = {
    0: PassDirection.HOLD,
    1: PassDirection.LEFT,
    2: PassDirection.ACROSS,
    3: PassDirection.RIGHT,
}
"""OpenSpiel's first chance action (the pass direction) and our direction for it."""

_DEFAULTS: Final = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
OPENSPIEL_PARAMETERS: Final = tuple(_DEFAULTS)
"""The eight boolean parameters of OpenSpiel's ``hearts`` game."""


def card_to_action(card: Card | int | str) -> int:
    """The action of OpenSpiel's ``hearts`` for a card: ``rank * 4 + suit``.

    The card is a :class:`~hearts.Card`, its int (0 to 51) or its text (``"QS"``, ``"Q♠"``).
    A joker, which OpenSpiel's 52-card game does not have, is refused with a
    :class:`~hearts.HeartsError`, as is text or an int that is no card; anything else is a
    :class:`TypeError`.

    >>> card_to_action(hearts.Card("2C")), card_to_action(hearts.Card("AS")), card_to_action("QS")
    (0, 51, 43)
    >>> card_to_action("JK1")
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: JK1 has no OpenSpiel action: OpenSpiel's hearts has no jokers, only the cards 2♣ to A♠ (0 to 51).
    """
    needs = "card_to_action needs a card (a hearts.Card, its int or its text)"
    # A NotationError for text or an int that is no card.
    card = Card.parse(card) if isinstance(card, str) else Card(_index(card, needs))
    if card >= 52:
        raise HeartsError(
            f"{card} has no OpenSpiel action: OpenSpiel's hearts has no jokers, only the cards "
            "2♣ to A♠ (0 to 51)."
        )
    return card % 13 * 4 + card // 13


def action_to_card(action: int) -> Card:
    """The card of an action of OpenSpiel's ``hearts`` (0 to 51).

    >>> action_to_card(51)
    Card('A♠')
    >>> action_to_card(52)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: 52 is not a card action of OpenSpiel's hearts: its cards are actions 0 to 51 (rank * 4 + suit).
    """
    number = _index(action, "action_to_card needs an action (an int)")
    if not 0 <= number < 52:
        raise HeartsError(
            f"{describe_value(number)} is not a card action of OpenSpiel's hearts: its cards are "
            "actions 0 to 51 (rank * 4 + suit)."
        )
    return CARDS[number % 4 * 13 + number // 4]


def _index(value: Any, needs: str) -> int:
    """``value`` as an int (from anything with ``__index__`` but a bool), else a TypeError."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{needs}, got {describe_value(value)}.")
    return operator.index(value)


def rules_for(
    parameters: Mapping[str, bool] | None = None,
    pass_direction: PassDirection | str = PassDirection.LEFT,
) -> Rules:
    """Our rules for one deal of OpenSpiel's ``hearts`` with these parameters.

    OpenSpiel draws the pass direction at random for its one deal; here it is given, and the
    game ends after that deal. Where OpenSpiel's reading is unusual our rules follow it:
    J♦ (``jd_bonus``) is not a penalty card, is not needed for the moon and keeps its -10 on
    a moon hand; ``can_lead_hearts_instead_of_qs`` lets a leader holding only hearts and Q♠
    lead any of them.

    >>> rules_for({"jd_bonus": True, "qs_breaks_hearts": False}, "across")
    Rules.preset('omnibus').replace(pass_cycle=('across',), target=None, hands=1)
    >>> rules_for().queen_breaks_hearts  # OpenSpiel's default
    True
    """
    values = dict(_DEFAULTS)
    for name, value in (parameters or {}).items():
        if name not in _DEFAULTS:
            raise HeartsError(
                f"{name!r} is not a parameter of OpenSpiel's hearts; they are "
                f"{', '.join(OPENSPIEL_PARAMETERS)}."
            )
        values[name] = bool(value)
    direction = PassDirection(pass_direction) if values["pass_cards"] else PassDirection.HOLD
    points: dict[Card | int | str, int] = dict(STANDARD_POINTS)
    if values["jd_bonus"]:
        points["JD"] = -10
    return Rules(
        pass_cycle=(direction,),
        first_trick="penalty_barred" if values["no_pts_on_first_trick"] else "open",
        first_lead="any_club" if values["can_lead_any_club"] else "lowest_club",
        points=points,
        no_trick_bonus=-5 if values["avoid_all_tricks_bonus"] else 0,
        must_break_hearts=values["must_break_hearts"],
        queen_breaks_hearts=values["qs_breaks_hearts"],
        can_lead_hearts_instead_of_queen=values["can_lead_hearts_instead_of_qs"],
        target=None,
        hands=1,
    )


def to_openspiel(state: State, game: Any = None) -> Any:
    """The same first hand as a state of OpenSpiel's ``hearts``.

    It has the same pass direction, deal, passes and plays so far, in ``game`` (OpenSpiel's
    ``hearts`` with its default parameters if None). Only a four-player, 52-card state of
    the first hand can be converted.

    >>> ours = hearts.from_hands(hearts.seeded_deal(rules_for(), 1, 0).hands, rules_for())
    >>> str(to_openspiel(ours)).splitlines()[0]
    'Pass Direction: Left'
    """
    rules = state.rules
    if rules.players != 4 or rules.jokers or len(rules.removed) or state.hand_number:
        raise HeartsError(
            "Only the first hand of a four-player game with the 52-card deck converts to "
            "OpenSpiel's hearts."
        )
    if state.phase is Phase.DEAL:
        raise HeartsError("The hand has not been dealt yet: OpenSpiel needs its deal.")
    game = pyspiel.load_game("hearts") if game is None else game
    direction = next(action for action, d in PASS_DIRECTIONS.items() if d is state.pass_direction)
    os_state = game.new_initial_state()
    os_state.apply_action(direction)
    # The deal, a card to each seat in turn; the passes, a seat at a time from P0; the plays.
    hands = [list(cards_of(mask)) for mask in state.dealt_masks]
    cards = [hands[index % 4][index // 4] for index in range(52)]
    passed = state.passed_masks
    done = next((seat for seat, mask in enumerate(passed) if not mask), 4)
    if any(passed[done:]):
        raise HeartsError(
            f"OpenSpiel's seats pass in turn from P0, but P{done} has not passed while a "
            "later seat has: this position has no OpenSpiel equivalent."
        )
    for mask in passed[:done]:
        cards += cards_of(mask)
    for trick in state.tricks:
        cards += trick.cards
    for card in (*cards, *state.trick):
        os_state.apply_action(card_to_action(card))
    return os_state


def from_openspiel(os_state: Any, parameters: Mapping[str, bool] | None = None) -> State:
    """Our state for a state of OpenSpiel's ``hearts``, replayed from its history.

    ``parameters`` are the game's parameters (its defaults if None).

    >>> import pyspiel
    >>> os_state = pyspiel.load_game("hearts").new_initial_state()
    >>> os_state.apply_action(0)  # no passing
    >>> for action in range(52):
    ...     os_state.apply_action(action)
    >>> from_openspiel(os_state).hands[0]
    CardSet('2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣')
    """
    history = [int(action) for action in os_state.history()]
    if not history:
        return hearts.new_game(rules_for(parameters))
    rules = rules_for(parameters, PASS_DIRECTIONS[history[0]])
    state = hearts.new_game(rules, seed=0)
    dealt = history[1:53]
    if len(dealt) < 52:
        return state
    hands = [[action_to_card(a) for a in dealt[seat::4]] for seat in range(4)]
    state = hearts.apply(state, Deal(hands))
    rest = history[53:]
    if state.phase is Phase.PASS:
        for seat in range(4):
            chosen, rest = rest[:3], rest[3:]
            if len(chosen) < 3:
                return state  # OpenSpiel is midway through this seat's pass
            state = hearts.apply(state, Pass(seat, [action_to_card(a) for a in chosen]))
    for action in rest:
        if state.phase is not Phase.PLAY:
            break
        state = hearts.apply(state, Play(state.to_move[0], action_to_card(action)))
    return state


# --- the pyspiel game ----------------------------------------------------------------------

GAME_NAME: Final = "python_hearts_rules"
"""The name under which :class:`HeartsRulesGame` is registered with pyspiel."""

_CLAIM: Final = 55
_SHOOT_BASE: Final = 56
_SHOOT_MODES: Final = (ShootMode.ADD, ShootMode.SUBTRACT)
_CHOICE_BASE: Final = 58
_MAX_COUNT: Final = 19  # counts 0 to 18 (three players with jokers hold 18 cards)
_DIRECTIONS: Final = tuple(PassDirection)
_NUM_ACTIONS: Final = _CHOICE_BASE + len(_DIRECTIONS) * _MAX_COUNT
_BASE64: Final = "b64:"
_BASE64_TEXT: Final = re.compile(r"[A-Za-z0-9_-]+")

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Hearts under any hearts-rules variant",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=7,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"rules": "standard"},
)


def _rules_parameter(value: object) -> Rules:
    """Rules from a preset name or JSON (plain, or as ``b64:`` and unpadded base64).

    Bad text is a :class:`~hearts.RulesError` sentence; a value that is not a str, a
    :class:`TypeError`.
    """
    if not isinstance(value, str):
        raise TypeError(
            f"The rules parameter of {GAME_NAME} is a preset name or the JSON of "
            f"Rules.to_dict (a str), got {describe_value(value)}."
        )
    text = value.strip()
    if text.startswith(_BASE64):
        encoded = text[len(_BASE64) :]
        try:
            if not _BASE64_TEXT.fullmatch(encoded):
                raise ValueError
            text = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
        except (ValueError, binascii.Error):  # UnicodeDecodeError is a ValueError
            raise RulesError(
                f"The rules parameter of {GAME_NAME} starts with {_BASE64!r} but the rest, "
                f"{describe_value(encoded)}, is not the unpadded URL-safe base64 of JSON text."
            ) from None
    if text.startswith(("{", "[", '"')):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError(
                f"The rules parameter of {GAME_NAME} is not valid JSON: {error.msg} at line "
                f"{error.lineno}, column {error.colno}."
            ) from None
        return Rules.from_dict(data)  # a RulesError sentence for a bad field
    return Rules.preset(text)  # a RulesError sentence for a name that is no preset


def rules_parameter(rules: Rules) -> str:
    """The ``rules`` parameter for these rules, in a form game strings keep.

    A preset's name, or ``b64:`` and the base64 of their JSON.

    >>> rules_parameter(Rules.preset("omnibus")), rules_parameter(Rules(target=50))[:4]
    ('omnibus', 'b64:')
    """
    for name, preset in PRESETS.items():
        if preset.rules == rules:
            return name
    compact = json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"))
    return _BASE64 + base64.urlsafe_b64encode(compact.encode()).decode().rstrip("=")


class HeartsRulesGame(pyspiel.Game):  # type: ignore[misc]
    """Any hearts-rules variant as a pyspiel game, whole games included.

    Its one parameter ``rules`` is a preset name or the JSON of :meth:`Rules.to_dict`
    (see :func:`rules_parameter` for the form it keeps in game strings).
    Actions: 0-54 a card (dealt by chance, passed one at a time, or played); 55 a
    :class:`~hearts.Claim`; 56 and 57 the shooter's choice (add, subtract); from 58 the
    dealer's :class:`~hearts.ChoosePass` (direction index * 19 + count). Returns are minus
    the final totals (lower totals are better), or the chips held in a chip game.

    Bad ``rules`` — text that is neither a preset name nor valid JSON, a name that is no
    preset, a field :meth:`Rules.from_dict` refuses — raise a :class:`~hearts.RulesError`
    sentence from ``pyspiel.load_game`` (or the constructor), and the state's
    ``apply_action`` refuses an action that is not legal with an
    :class:`~hearts.IllegalMoveError` sentence, leaving the state as it was (OpenSpiel's
    C++ games check only in ``apply_action_with_legality_check``).

    >>> import pyspiel
    >>> pyspiel.load_game(GAME_NAME, {"rules": "{'players': 3}"})
    Traceback (most recent call last):
    ...
    hearts.errors.RulesError: The rules parameter of python_hearts_rules is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2.
    >>> state = pyspiel.load_game(GAME_NAME, {"rules": "standard"}).new_initial_state()
    >>> state.apply_action(3)
    >>> state.apply_action(3)
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMoveError: Action 3 is not a chance outcome now: the next card dealt is one of the 51 not yet dealt, and 5♣ has been dealt already.
    >>> state.history()
    [3]
    """

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        params = dict(params or {})
        unknown = sorted(str(name) for name in params if name != "rules")
        if unknown:
            raise HeartsError(
                f"{GAME_NAME} has one parameter, rules, and no {', '.join(map(repr, unknown))}."
            )
        rules = self.rules = _rules_parameter(params.get("rules", "standard"))
        params["rules"] = rules_parameter(rules)
        per_hand = len(rules.deck) * 2 + rules.players * rules.hand_size + 2
        info = pyspiel.GameInfo(
            num_distinct_actions=_NUM_ACTIONS,
            max_chance_outcomes=len(CARDS),
            num_players=rules.players,
            min_utility=-1e6,
            max_utility=1e6,
            utility_sum=None,
            max_game_length=per_hand * 1000,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> HeartsRulesState:
        """A game waiting for its first card to be dealt."""
        return HeartsRulesState(self)

    def make_py_observer(
        self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
    ) -> InformationStateObserver:
        """The observer behind ``information_state_string`` (strings only, no tensors)."""
        if params:
            raise HeartsError(f"The {GAME_NAME} observer takes no parameters, got {params!r}.")
        return InformationStateObserver()


class HeartsRulesState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping a :class:`~hearts.State`; see :class:`HeartsRulesGame`."""

    def __init__(self, game: HeartsRulesGame) -> None:
        super().__init__(game)
        self.state = hearts.new_game(game.rules, seed=0)
        self._dealt: list[Card] = []
        self._selected = 0

    def current_player(self) -> int:
        state = self.state
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.phase is Phase.DEAL:
            return int(pyspiel.PlayerId.CHANCE)
        return state.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.state
        if state.phase is Phase.PASS:  # a card at a time
            allowed = pickable(state.rules, state.hand_masks[player], self._selected)
            return [int(card) for card in cards_of(allowed)]
        if state.phase is Phase.DEAL:
            return []
        if state.rules.claims and state.phase is Phase.PLAY:
            # A claim only where the player's own view proves it, so that the legal actions
            # of an information state never depend on the cards the player has not seen.
            return sorted(_encode(move) for move in hearts.legal_moves(hearts.view(state, player)))
        return sorted(_encode(move) for move in hearts.legal_moves(state))

    def _undealt(self) -> int:
        left = self.state.rules.deck_mask
        for card in self._dealt:
            left &= ~(1 << card)
        return left

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._undealt()
        probability = 1.0 / left.bit_count()
        return [(int(card), probability) for card in cards_of(left)]

    def _apply_action(self, action: int) -> None:
        self._check_action(action)
        state = self.state
        phase = state.phase
        # The adapter's own fields change only once the engine has accepted the move.
        if phase is Phase.DEAL:
            dealt = [*self._dealt, CARDS[action]]
            if len(dealt) == len(state.rules.deck):
                players = state.rules.players
                hands = [dealt[seat::players] for seat in range(players)]
                self.state = hearts.apply(state, Deal(hands))
                dealt = []
            self._dealt = dealt
        elif phase is Phase.PASS:
            selected = self._selected | 1 << action
            if selected.bit_count() == state.pass_count:
                move = Pass(state.to_move[0], CardSet.from_mask(selected))
                self.state = hearts.apply(state, move, by=move.player)
                selected = 0
            self._selected = selected
        else:
            self.state = hearts.apply(state, self._decode(action), by=state.to_move[0])

    def _check_action(self, action: int) -> None:
        """Refuse, with the state unchanged, an action that is not legal here.

        OpenSpiel's own games check only with ``apply_action_with_legality_check``; this
        game always checks, so that a bad action cannot corrupt the state (a card dealt
        twice, say) or fail deep inside with an IndexError.
        """
        state = self.state
        if state.is_over:
            raise IllegalMoveError(
                f"Action {action} comes after the end of the game: a terminal state takes no "
                "action."
            )
        if not 0 <= action < _NUM_ACTIONS:
            raise IllegalMoveError(_not_an_action(action))
        if state.phase is Phase.DEAL:
            left = self._undealt()
            if action < len(CARDS) and left >> action & 1:
                return
            if action >= len(CARDS):
                reason = "it is not a card"
            elif not state.rules.deck_mask >> action & 1:
                reason = f"these rules' deck has no {CARDS[action]}"
            else:
                reason = f"{CARDS[action]} has been dealt already"
            raise IllegalMoveError(
                f"Action {action} is not a chance outcome now: the next card dealt is one of "
                f"the {left.bit_count()} not yet dealt, and {reason}."
            )
        player = state.to_move[0]
        legal = self._legal_actions(player)
        if action in legal:
            return
        if state.phase is Phase.PASS:
            if action >= _CLAIM:
                reason = f"P{player} is choosing the cards it passes, one card at a time."
            else:
                hand = state.hand_masks[player]
                reason = pick_refusal(state.rules, player, hand, self._selected, action)
        else:
            try:
                hearts.apply(state, self._decode(action), by=player)
                reason = "it is not among the legal actions."  # pragma: no cover
            except IllegalMoveError as error:
                reason = str(error)
        raise IllegalMoveError(
            f"Action {action} ({self._action_to_string(player, action)}) is not legal for "
            f"P{player} now: {reason} The legal actions are {legal}."
        )

    def _decode(self, action: int) -> Move:
        """The move an action stands for outside the deal and the passes (see :func:`_encode`)."""
        seat = self.state.to_move[0]
        if action < _CLAIM:
            return Play(seat, CARDS[action])
        if action == _CLAIM:
            return Claim(seat)
        if action < _CHOICE_BASE:
            return ShootChoice(seat, _SHOOT_MODES[action - _SHOOT_BASE])
        direction, count = divmod(action - _CHOICE_BASE, _MAX_COUNT)
        return ChoosePass(seat, _DIRECTIONS[direction], count)

    def _action_to_string(self, player: int, action: int) -> str:
        if not 0 <= action < _NUM_ACTIONS:
            raise HeartsError(_not_an_action(action))
        if player == pyspiel.PlayerId.CHANCE or action < _CLAIM:
            return _action_text(action)
        return str(self._decode(action))

    def is_terminal(self) -> bool:
        return self.state.is_over

    def returns(self) -> list[float]:
        if not self.state.is_over:
            return [0.0] * self.state.players
        sign = 1.0 if self.state.rules.chips is not None else -1.0
        return [sign * score for score in self.state.scores]

    def __str__(self) -> str:
        state = self.state
        hands = " | ".join(f"P{seat}: {hand}" for seat, hand in enumerate(state.hands))
        return f"hand {state.hand_number + 1}, {state.phase.value}; {hands}; scores {state.scores}"


class InformationStateObserver:
    """A seat's information state as a string: its :class:`~hearts.PlayerView`.

    The string holds the fields of the seat's :class:`~hearts.PlayerView` (the rules aside,
    which the game fixes; card sets as hexadecimal bitmasks) and, while cards are dealt or
    passed one at a time, the seat's own cards dealt or chosen so far. It holds every card
    the seat has seen and nothing else, with the whole history of the game (perfect
    recall): two states give the same string for a seat exactly when they differ only in
    what that seat has not seen.
    """

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, object] = {}

    def set_from(self, state: HeartsRulesState, player: int) -> None:
        """No tensor is provided; only strings."""

    def string_from(self, state: HeartsRulesState, player: int) -> str:
        """The information state of ``player`` in ``state``."""
        seen = hearts.view(state.state, player)
        dealing = 0
        for card in state._dealt[player :: seen.players]:
            dealing |= 1 << card
        selecting = state._selected if seen.to_move[:1] == (player,) else 0
        # Card sets as hex bitmasks: compact, and cheap enough for tree search.
        return "|".join(
            (
                f"P{player}",
                seen.phase.value,
                f"hand {seen.hand_number}",
                _results_text(seen.results),
                f"scores {seen.scores}",
                f"pass {seen.pass_direction.value} {seen.pass_count}",
                f"to move {seen.to_move}",
                f"leader {seen.leader}",
                "trick " + " ".join(str(int(card)) for card in seen.trick),
                "tricks " + ";".join(_trick_text(trick) for trick in seen.tricks),
                "taken " + _masks(seen.taken_masks),
                f"broken {int(seen.hearts_broken)}",
                f"own {seen.hand_mask:x} {seen.dealt_mask:x} {seen.passed_mask:x} "
                f"{seen.received_mask:x}",
                f"sizes {seen.hand_sizes}",
                "known " + _masks(seen.known_masks),
                "ruled out " + _masks(seen.ruled_out_masks),
                f"dealing {dealing:x}",
                f"selecting {selecting:x}",
            )
        )


def _masks(masks: tuple[int, ...]) -> str:
    return " ".join(f"{mask:x}" for mask in masks)


def _trick_text(trick: hearts.Trick) -> str:
    return f"{trick.leader}:{' '.join(str(int(card)) for card in trick.cards)}"


def _results_text(results: Sequence[hearts.HandResult]) -> str:
    """The finished hands as the seat saw them (its own dealt cards and passes included).

    Not cached: a module-wide cache keyed by them would let another seat's code test a
    guess of this seat's cards (see "What a bot can see" in docs/bots.md).
    """
    return "results " + "/".join(
        json.dumps(hearts.result_to_dict(result), sort_keys=True, separators=(",", ":"))
        for result in results
    )


def _not_an_action(action: int) -> str:
    return (
        f"Action {action} is not an action of {GAME_NAME}: its actions are 0 to {_NUM_ACTIONS - 1}."
    )


def _action_text(action: int) -> str:
    """The card of an action below 55, else the action's number."""
    return str(CARDS[action]) if 0 <= action < len(CARDS) else f"action {action}"


def _encode(move: Move) -> int:
    """The action of a move :func:`hearts.legal_moves` offers outside the deal and the passes."""
    if isinstance(move, Play):
        return int(move.card)
    if isinstance(move, Claim):
        return _CLAIM
    if isinstance(move, ShootChoice):
        return _SHOOT_BASE + _SHOOT_MODES.index(move.mode)
    assert isinstance(move, ChoosePass)
    return _CHOICE_BASE + _DIRECTIONS.index(move.direction) * _MAX_COUNT + move.count


if GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(_GAME_TYPE, HeartsRulesGame)
