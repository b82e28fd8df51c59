"""One hand of Hearts against three RuleBots, run by Pyodide inside the page (main.js).

The person sits at P0; P1, P2 and P3 are :class:`hearts.RuleBot` s, each with its own
generator drawn from the page's seed, so that a seed gives the same deal and the same bots
every time. The page calls :class:`Table`'s methods and reads :meth:`Table.snapshot`, a
JSON object: the table drawn by :func:`hearts.svg.table` from P0's view, the cards of P0's
hand (from that view), whose turn it is, and, once the hand is over, its result. The library
does all the rules: a refused card or pass is :class:`hearts.IllegalMoveError`, whose
sentence the page shows as it is.

The snapshot names no card the person may not know: the game record (the deal, every
seat's hand) is in it only for a table made with ``reveal=True``, which the page does for
``?test=1``, the tests' hook. That keeps the page from handing the bots' cards out; it
cannot keep them from a determined person, since the whole game is in the page's memory
(see docs/browser.md).
"""

from __future__ import annotations

import json
import random

import hearts

YOU = 0
"""The person's seat."""


class Table:
    """A hand from ``seed``: the deal, then moves until the first hand's result."""

    def __init__(self, seed: int, reveal: bool = False) -> None:
        self.seed = seed
        self.reveal = reveal
        """Whether :meth:`snapshot` holds the game record, every hand in it (the tests')."""
        self.rules = hearts.Rules()
        self.bots = {seat: hearts.RuleBot() for seat in range(1, self.rules.players)}
        self.rngs = {seat: random.Random(seed * 10 + seat) for seat in self.bots}
        self.state = hearts.new_game(self.rules, seed=seed)
        self.moves: list[hearts.Move] = []
        self._apply(hearts.legal_moves(self.state)[0])  # the deal: the only legal move

    def _apply(self, move: hearts.Move) -> None:
        self.state = hearts.apply(self.state, move)
        self.moves.append(move)

    @property
    def over(self) -> bool:
        return bool(self.state.results)

    def _try(self, move: hearts.Move) -> str | None:
        """Play ``move`` for the person; the refusal's sentence if the rules refuse it."""
        try:
            self._apply(move)
        except hearts.IllegalMoveError as error:
            return str(error)
        return None

    def play(self, card: str) -> str | None:
        """The person plays ``card`` (``"QS"``): None, or why it is refused."""
        return self._try(hearts.Play(YOU, card))

    def pass_cards(self, cards: str) -> str | None:
        """The person passes ``cards`` (``"QS AH KH"``): None, or why it is refused."""
        return self._try(hearts.Pass(YOU, cards))

    def choose(self, index: int) -> None:
        """The person's move that is neither a play nor a pass (a choice after a moon)."""
        self._apply(hearts.legal_moves(hearts.view(self.state, YOU))[index])

    def bot_step(self) -> bool:
        """One bot's move, if a bot is to move before the hand is over; whether one moved."""
        if self.over:
            return False
        for seat in self.state.to_move:
            if seat != YOU:
                view = hearts.view(self.state, seat)
                self._apply(self.bots[seat].choose(view, self.rngs[seat]))
                return True
        return False

    def record(self) -> str:
        """The moves so far as a game record (JSON), the deal and so every hand in it.

        For the tests, which replay it in CPython: :meth:`snapshot` holds it only for a
        table made with ``reveal=True``.
        """
        return hearts.dumps(hearts.GameRecord(self.rules, self.moves, seed=self.seed))

    def snapshot(self) -> str:
        """What the page draws, as JSON."""
        state = self.state
        snapshot: dict[str, object] = {"seed": self.seed}
        if self.reveal:
            snapshot["record"] = self.record()
        if self.over:
            result = state.results[0]
            snapshot.update(
                phase="over",
                your_turn=False,
                svg=hearts.svg.result(result),
                hand=[],
                points=list(result.points),
                changes=list(result.changes),
                scores=list(result.scores),
                text=str(result),
            )
            return json.dumps(snapshot)
        view = hearts.view(state, YOU)
        your_turn = YOU in state.to_move
        others = []
        if your_turn and state.phase not in (hearts.Phase.PASS, hearts.Phase.PLAY):
            others = [str(move) for move in hearts.legal_moves(view)]
        last = state.tricks[-1] if state.phase is hearts.Phase.PLAY and state.tricks else None
        snapshot.update(
            phase=state.phase.name.lower(),
            your_turn=your_turn,
            svg=hearts.svg.table(view),
            # The cards of the hand as the table draws them, with the label on each face.
            hand=[{"card": card.ascii, "label": f"{card.rank}{card.suit}"} for card in view.hand],
            passing=self.rules.pass_count if state.phase is hearts.Phase.PASS else 0,
            last_trick=hearts.svg.trick(last) if last is not None else None,
            choices=others,
        )
        return json.dumps(snapshot)
