"""Mutation testing of the rules: would the fast tests notice if a rule were changed?

Each mutant is the code of one rule module with one small change, made on its syntax
tree: a comparison flipped (``<`` to ``>=`` and to ``<=``, ``==`` to ``!=``, ``is`` to
``is not``, ``in`` to ``not in``), an integer constant moved by one either way, the
condition of an ``if``, a ``while``, a conditional expression or a comprehension forced
to ``True`` and to ``False``, or a statement of a function body deleted (made ``pass``).
Error messages (f-strings) and annotations are left alone.

A second set of operators (``--operators second``; ``all`` runs every set) changes operators
instead: a comparison reversed (``<`` to ``>``, ``<=`` to ``>=`` and back, which is the
same as swapping its operands, ``a < b`` to ``b < a``), the operands of a
non-commutative operator swapped (``-``, ``/``, ``//``, ``%``, ``**``, ``<<``, ``>>``:
``a - b`` to ``b - a``), a boolean operator changed (``and`` to ``or`` and back, ``not x``
to ``x``), a bitwise one changed (``&`` to ``|`` and back, ``^`` to ``|``, the same in
``&=``, ``|=`` and ``^=``, and ``~x`` to ``x``), the two branches of a conditional
expression swapped (``a if c else b`` to ``b if c else a``), and ``min`` and ``max``
exchanged. Commutative operators (``+``, ``*``, ``&``, ``|``, ``^``, ``==``) are never
swapped: that changes nothing.

A third set (``--operators third``) changes which value is read or returned: a subscript
read at another index (``a[i]`` to ``a[0]`` and to ``a[-1]``, for an index that is not a
constant, which the first set already moves), an operand of ``&``, ``|``, ``^``, ``+`` or
``-`` dropped (``a & b`` to ``a`` and to ``b``; ``x |= y`` to ``x = y``; an operand
that is ``0``, or ``1`` beside ``+`` and ``-``, is not dropped: the first set's constant
moved by one already makes that code), and the value of a ``return`` replaced: a
boolean one (a comparison, ``not``, ``and``/``or`` of such, ``isinstance``, ``any``,
``all``, ``bool``, ``True``/``False``) negated, in a rich comparison method (``__eq__``
and the like) also made ``NotImplemented`` (Python then falls back to identity), a
``NotImplemented`` there made ``False``, and any other value made ``None``.

Each mutant is run against the
fast tests (:data:`FAST_TESTS`) that execute the changed code, with ``pytest -x``, on a
copy of the tree in a temporary directory, two mutants at a time; the mutant is *killed*
when a test fails, and *survives* when they all pass. A mutant that runs past its time
limit, or has a test run past its own (an endless loop), counts as killed, and is
reported apart (unless it is listed as equivalent: then it only ran slower). Each run
of a mutant's tests may take :data:`MEMORY_LIMIT` of memory; a mutant that grows a list
for ever fails with MemoryError there, instead of filling the machine's memory.

Which tests execute which lines is found first, by one traced run of the fast tests; a
mutant in code that no fast test executes survives without being run. Mutants known to be
equivalent (no test could ever tell them from the real code: :data:`EQUIVALENT`, with the
reason) are left out of the score, ``killed / (mutants - equivalent)``.

Usage (from the root of a clone, with the test extra installed; no other tool)::

    python scripts/mutation.py                      # the default modules, every mutant
    python scripts/mutation.py hearts/game/scoring.py    # one module
    python scripts/mutation.py --sample 50          # 50 mutants drawn at random
    python scripts/mutation.py --quick              # a smoke test of the machinery
    python scripts/mutation.py --list               # the mutants, without running them
    python scripts/mutation.py --operators second hearts/game/play.py   # the second set
    python scripts/mutation.py --operators all hearts/game/passes.py    # the three sets

The results go to standard output (the survivors with file:line and the change), and with
``--json FILE`` to a file. Nothing in the working tree is changed. See
docs/verification.md, "Mutation testing", for the last full run.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_MODULES = (
    "hearts/game/engine.py",
    "hearts/game/scoring.py",
    "hearts/game/scoring_args.py",
    "hearts/game/play.py",
    "hearts/game/claims.py",
    "hearts/game/transitions.py",
    "hearts/game/seat.py",
    "hearts/game/passes.py",
)
"""The modules where the rules are decided, mutated by default."""

SLOW_TESTS = frozenset(
    {
        "tests/test_openspiel.py",  # the differential run against OpenSpiel
        "tests/test_browser.py",  # headless Chromium
        "tests/test_build.py",  # builds wheels
        "tests/test_cli.py",  # subprocesses, process pools
        "tests/test_cli_show.py",
        "tests/test_bots.py",  # tournaments on process pools and dask
        "tests/test_env.py",  # the RL environments
        "tests/test_tensor.py",
        "tests/test_fuzz.py",  # fuzzing of records and views
        "tests/test_records.py",
        "tests/test_sampling.py",  # ten thousand samples
        "tests/test_pictures.py",
        "tests/test_ismcts.py",
        "tests/test_server_example.py",  # the example WebSocket server, on its own threads
    }
)
"""Test files left out of the fast tests: slow, or about something other than the rules."""


def fast_tests(root: Path = ROOT) -> list[str]:
    """The fast tests: every ``tests/test_*.py`` but :data:`SLOW_TESTS` (no doctests)."""
    found = sorted(str(path.relative_to(root)) for path in (root / "tests").glob("test_*.py"))
    return [name for name in found if name not in SLOW_TESTS]


FAST_TESTS = fast_tests()
"""The test files each mutant is run against (the tests of them that execute its code)."""

MEMORY_LIMIT = 4 * 2**30
"""The memory (bytes of data) a test run of one mutant may take; past it, MemoryError."""

QUICK_MODULES = ("hearts/game/scoring.py",)
QUICK_TESTS = ("tests/test_rule_mutants.py", "tests/test_scoring.py")
"""``--quick``: a few mutants of scoring against two small test files (no traced run)."""

EQUIVALENT: dict[str, str] = {
    "hearts/game/engine.py:new_game: 63 -> 64": "seed width: any seed drawn is a valid seed",
    "hearts/game/engine.py:new_game: 63 -> 62": "seed width: any seed drawn is a valid seed",
    "hearts/game/engine.py:_viewpoint_moves: if state.phase is Phase.DEAL: return () -> pass": "shortcut: in the deal phase a seat has no moves anyway",
    "hearts/game/engine.py:_viewpoint_moves: state.phase is Phase.DEAL -> False": "shortcut: in the deal phase a seat has no moves anyway",
    "hearts/game/engine.py:_viewpoint_moves: return () -> pass #2": "shortcut: in the deal phase a seat has no moves anyway",
    "hearts/game/engine.py:solve: 0 -> -1": "unreachable: one seat moves in the play phase, so to_move[-1] is to_move[0]",
    "hearts/game/scoring.py:shooter_unchecked: return None -> pass": "shortcut: the function returns None without it",
    "hearts/game/scoring.py:score_hand_unchecked: len(tricks) < rules.hand_size -> True": "shortcut: with every trick played no card is unplayed, so no claimer is found",
    "hearts/game/scoring.py:score_hand_unchecked: len(tricks) < rules.hand_size -> len(tricks) <= rules.hand_size": "shortcut: with every trick played no card is unplayed, so no claimer is found",
    "hearts/game/scoring.py:score_hand_unchecked: 0 -> 1": "redundant: the claimer takes every unplayed card, at least the cards of the last trick besides 2♣, so it is found with or without 2♣",
    "hearts/game/scoring.py:_tally: rules.no_trick_bonus or rules.no_heart_bonus -> True": "shortcut: adds zeros",
    "hearts/game/scoring.py:hand_changes_unchecked: 0 -> 1": "unread: both callers (hand_changes, the solver) give hand_number and pool, so the defaults are never used",
    "hearts/game/scoring.py:hand_changes_unchecked: 0 -> -1": "unread: both callers (hand_changes, the solver) give hand_number and pool, so the defaults are never used",
    "hearts/game/scoring.py:hand_changes_unchecked: 0 -> 1 #2": "unread: both callers (hand_changes, the solver) give hand_number and pool, so the defaults are never used",
    "hearts/game/scoring.py:hand_changes_unchecked: 0 -> -1 #2": "unread: both callers (hand_changes, the solver) give hand_number and pool, so the defaults are never used",
    "hearts/game/scoring.py:_tally: rules.multiplier_mask -> True": "shortcut: with no multiplier card _multiplied gives the points as they are",
    "hearts/game/scoring.py:_tally: rules.multiplier_mask -> True #2": "shortcut: with no multiplier card _multiplied gives the points as they are",
    "hearts/game/scoring.py:_tally: term is not zeros -> True": "shortcut: adds zeros",
    "hearts/game/scoring.py:_tally: any(adjustments) -> True": "shortcut: adds zeros",
    "hearts/game/scoring.py:_game_winners: max(scores) >= rules.chips * rules.players -> max(scores) > rules.chips * rules.players": "redundant: a player holding every chip leaves the others none, which ends the game already",
    "hearts/game/scoring.py:_chip_changes: 0 -> 1": "redundant: with no clean seat the share goes to nobody",
    "hearts/game/scoring.py:_chip_changes: 0 -> -1": "redundant: with no clean seat the share goes to nobody",
    "hearts/game/scoring.py:_adjustments: if not rules.resets and rules.score_floor is None: return (0,) * le... -> pass": "shortcut: without resets or a floor the loop gives zeros too",
    "hearts/game/scoring.py:_adjustments: not rules.resets and rules.score_floor is None -> False": "shortcut: without resets or a floor the loop gives zeros too",
    "hearts/game/scoring.py:_adjustments: return (0,) * len(totals) -> pass": "shortcut: without resets or a floor the loop gives zeros too",
    "hearts/game/play.py:<module>: 0 -> 1 #2": "unreachable: merges 'leads' and 'follows only jokers', which only FIRST_LEAD tells apart, and no first trick is led with a joker",
    "hearts/game/play.py:<module>: 1 -> 0": "unreachable: merges 'leads' and 'follows only jokers', which only FIRST_LEAD tells apart, and no first trick is led with a joker",
    "hearts/game/play.py:led_card: 1 -> 2": "unreachable: -1 and -2 both index jokers in LED_MASK, and callers test led >= 0",
    "hearts/game/play.py:trick_winner: 0 -> 1": "redundant: adds 2♣, the lowest card of its suit, which is never above the card led",
    "hearts/game/play.py:_FollowSuit.allows: trick[0] < FIRST_JOKER -> False": "shortcut: led_card(trick) is trick[0] when that is not a joker",
    "hearts/game/play.py:_JokerLead.applies: rules.jokers > 0 -> rules.jokers >= 0": "redundant: with no joker the joker rule takes nothing away",
    "hearts/game/play.py:_JokerLead.applies: 0 -> -1": "redundant: with no joker the joker rule takes nothing away",
    "hearts/game/play.py:_FirstTrickBan.applies: 0 -> -1": "redundant: a mask is never negative, and with no barred card the ban takes nothing away",
    "hearts/game/play.py:_FirstTrickBan.refusal: 0 -> -1": "redundant: LED_MASK[-1] is 0 (a joker's)",
    "hearts/game/play.py:_barred_text: 64 -> 65": "cache size",
    "hearts/game/play.py:_barred_text: 64 -> 63": "cache size",
    "hearts/game/play.py:_barred_text: 0 -> -1": "redundant: with one word, words[-1] is words[0]",
    "hearts/game/play.py:_opening: 0 -> -1": "redundant: a trick follows a suit when a card of it is not a joker, the first or the last",
    "hearts/game/play.py:playable: entry is None or entry[0] is not rules -> True": "cache: the table keeps its Rules alive, so an entry under id(rules) is for rules; recomputing gives the same plans",
    "hearts/game/play.py:playable: entry[0] is not rules -> entry[0] is rules": "cache: the table keeps its Rules alive, so an entry under id(rules) is for rules; recomputing gives the same plans",
    "hearts/game/play.py:playable: 0 -> 1": "cache: the table keeps its Rules alive, so an entry under id(rules) is for rules; recomputing gives the same plans",
    "hearts/game/play.py:playable: 0 -> -1": "cache: the table keeps its Rules alive, so an entry under id(rules) is for rules; recomputing gives the same plans",
    "hearts/game/play.py:playable: if len(_PLANS) >= 256: _PLANS.clear() -> pass": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: len(_PLANS) >= 256 -> True": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: len(_PLANS) >= 256 -> False": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: len(_PLANS) >= 256 -> len(_PLANS) < 256": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: len(_PLANS) >= 256 -> len(_PLANS) > 256": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: 256 -> 257": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: 256 -> 255": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: _PLANS.clear() -> pass": "cache: when the table of plans is emptied",
    "hearts/game/play.py:playable: trick[0] < FIRST_JOKER -> False": "shortcut: _opening(trick) gives the same",
    "hearts/game/play.py:playable: 0 -> -1 #2": "shortcut: _opening(trick) gives the same",
    "hearts/game/transitions.py:moves: 0 -> -1": "unreachable: one seat moves in these phases, so to_move[-1] is to_move[0]",
    "hearts/game/transitions.py:moves: 0 -> -1 #4": "unreachable: one seat moves in these phases, so to_move[-1] is to_move[0]",
    "hearts/game/transitions.py:moves: 0 -> -1 #5": "unreachable: one seat moves in these phases, so to_move[-1] is to_move[0]",
    "hearts/game/transitions.py:_apply_play: 0 -> -1": "unreachable: one seat moves in these phases, so to_move[-1] is to_move[0]",
    "hearts/game/transitions.py:_apply_claim: 0 -> -1": "unreachable: one seat moves in these phases, so to_move[-1] is to_move[0]",
    "hearts/game/transitions.py:_apply_shoot_choice: 0 -> -1": "unreachable: one seat moves in these phases, so to_move[-1] is to_move[0]",
    "hearts/game/transitions.py:moves: trick -> False": "shortcut: the fast path of following suit; playable() gives the same cards",
    "hearts/game/transitions.py:moves: follow and (state.tricks or not follow & rules.first_trick_barred) -> False": "shortcut: the fast path of following suit; playable() gives the same cards",
    "hearts/game/transitions.py:_apply_play: trick -> False": "shortcut: the fast path of following suit; playable() gives the same cards",
    "hearts/game/transitions.py:_apply_play: follow and not tricks and follow & rules.first_trick_barred -> True": "shortcut: the fast path of following suit; playable() gives the same cards",
    "hearts/game/transitions.py:<module>: 56 -> 57": "redundant: the seat stays above every card's bit (cards use bits 0 to 54)",
    "hearts/game/transitions.py:<module>: 56 -> 55": "redundant: the seat stays above every card's bit (cards use bits 0 to 54)",
    "hearts/game/transitions.py:<module>: 1 -> 2": "cache: the tables of plays",
    "hearts/game/transitions.py:<module>: 1 -> 0": "cache: the tables of plays",
    "hearts/game/transitions.py:<module>: 14 -> 15": "cache: the tables of plays",
    "hearts/game/transitions.py:<module>: 14 -> 13": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: result is None -> True": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: if len(_HAND_PLAYS) >= _HAND_PLAYS_LIMIT: _HAND_PLAYS.clear() -> pass": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: len(_HAND_PLAYS) >= _HAND_PLAYS_LIMIT -> True": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: len(_HAND_PLAYS) >= _HAND_PLAYS_LIMIT -> False": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: len(_HAND_PLAYS) >= _HAND_PLAYS_LIMIT -> len(_HAND_PLAYS) < _HAND_PLAYS_LIMIT": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: len(_HAND_PLAYS) >= _HAND_PLAYS_LIMIT -> len(_HAND_PLAYS) > _HAND_PLAYS_LIMIT": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: _HAND_PLAYS.clear() -> pass": "cache: the tables of plays",
    "hearts/game/transitions.py:_plays: _HAND_PLAYS[key] = result -> pass": "cache: the tables of plays",
    "hearts/game/transitions.py:_suit_plays: _SUIT_PLAYS[part | seat << _SEAT_SHIFT] = result -> pass": "cache: the tables of plays",
    "hearts/game/transitions.py:_join_plays: part -> True": "shortcut: stops once every card is placed; going on adds nothing",
    "hearts/game/transitions.py:_join_plays: mask ^= part -> pass": "shortcut: stops once every card is placed; going on adds nothing",
    "hearts/game/transitions.py:_join_plays: if not mask: return result -> pass": "shortcut: stops once every card is placed; going on adds nothing",
    "hearts/game/transitions.py:_join_plays: not mask -> False": "shortcut: stops once every card is placed; going on adds nothing",
    "hearts/game/transitions.py:_join_plays: return result -> pass": "shortcut: stops once every card is placed; going on adds nothing",
    "hearts/game/transitions.py:_join_plays: return result -> pass #2": "shortcut: stops once every card is placed; going on adds nothing",
    "hearts/game/transitions.py:_apply_shoot_choice: if move.mode not in (ShootMode.ADD, ShootMode.SUBTRACT): raise Ille... -> pass": "unreachable: a ShootChoice holds 'add' or 'subtract' (its converter refuses the rest)",
    "hearts/game/transitions.py:_apply_shoot_choice: move.mode not in (ShootMode.ADD, ShootMode.SUBTRACT) -> False": "unreachable: a ShootChoice holds 'add' or 'subtract' (its converter refuses the rest)",
    'hearts/game/transitions.py:_apply_shoot_choice: raise IllegalMoveError( f"P{player} may not score its shot with {mo... -> pass': "unreachable: a ShootChoice holds 'add' or 'subtract' (its converter refuses the rest)",
    "hearts/game/transitions.py:_apply_pass: 0 -> -1": "unreachable: a move refuses a negative seat when it is built",
    "hearts/game/transitions.py:_waiting_for: 0 -> -1": "unreachable: a move refuses a negative seat when it is built",
    "hearts/game/passes.py:pass_refusal: return None -> pass": "shortcut: the function returns None without it",
    "hearts/game/passes.py:call_refusal: return None -> pass #2": "shortcut: the function returns None without it",
    "hearts/game/passes.py:_masks: isinstance(masks, tuple) -> False": "shortcut: a tuple is a Sequence, and the tuple of a tuple is the same tuple",
    "hearts/game/passes.py:_seats: isinstance(seats, tuple) -> False": "shortcut: a tuple is a Sequence, and the tuple of a tuple is the same tuple",
    "hearts/game/passes.py:_masks: 0 -> -1": "redundant: a negative int has every bit above the cards set, so mask & ~ALL_CARDS refuses it with the same sentence",
    "hearts/game/scoring_args.py:checked_mask: 0 -> -1": "redundant: a negative int has every bit above the cards set, so mask & ~ALL_CARDS refuses it with the same sentence",
    "hearts/game/play.py:refusal: return None -> pass": "shortcut: the function returns None without it",
    "hearts/game/passes.py:_combinations: 64 -> 65": "cache size",
    "hearts/game/passes.py:_combinations: 64 -> 63": "cache size",
    "hearts/game/passes.py:_combinations: if comb(size, count) > 1000: return None -> pass": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: comb(size, count) > 1000 -> True": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: comb(size, count) > 1000 -> False": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: comb(size, count) > 1000 -> comb(size, count) <= 1000": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: comb(size, count) > 1000 -> comb(size, count) >= 1000": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: 1000 -> 1001": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: 1000 -> 999": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: return None -> pass": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:_combinations: return tuple(combinations(range(size), count)) -> pass": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:PassMoves._unrank: if combinations_of is not None: for position in combinations_of[ind... -> pass": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:PassMoves._unrank: combinations_of is not None -> False": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/passes.py:PassMoves._unrank: return mask -> pass": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py)",
    "hearts/game/claims.py:claim_is_safe: 0 -> 1": "unread: the claim search never reads the cards taken (Position.taken), only the hands, the trick, its leader, first and broken",
    "hearts/game/claims.py:claim_is_safe: 0 -> -1": "unread: the claim search never reads the cards taken (Position.taken), only the hands, the trick, its leader, first and broken",
    "hearts/game/claims.py:safe_claim: if trick: led = led_card(trick) suit = LED_MASK[led] if led >= 0 el... -> pass": "pruning: the search alone is exact; the mid-trick quick rejections only save it time",
    "hearts/game/claims.py:safe_claim: trick -> False": "pruning: the search alone is exact; the mid-trick quick rejections only save it time",
    "hearts/game/claims.py:safe_claim: led >= 0 -> True": "redundant: LED_MASK[-1] is 0 (a joker's), the 0 given when no suit is led",
    "hearts/game/claims.py:safe_claim: 0 -> -1": "redundant: led_card gives -1 or a card, so led >= -1 always holds, and LED_MASK[-1] is 0 (a joker's), the 0 given when no suit is led",
    "hearts/game/claims.py:safe_claim: search.shortcuts and search.outranked(position, hand, suit, waiting) -> False": "pruning: the search alone is exact; the mid-trick quick rejections only save it time",
    "hearts/game/claims.py:_ClaimSearch._lead_wins: shortcuts and not position.first and self.outranked(position, hand) -> False": "pruning: the search alone is exact; the quick rejection at a lead only saves it time",
    "hearts/game/claims.py:_ClaimSearch._lead_wins: if ( shortcuts and position.first and self.outranked(position, hand... -> pass": "pruning: the search alone is exact; skipping a first-trick lead that the quick rejection refuses only saves it time",
    "hearts/game/claims.py:_ClaimSearch.outranked: for suit in SUIT_MASKS: mine = hand & suit if not mine or suit == l... -> pass": "pruning: never rejecting early leaves the exact search to decide",
    "hearts/game/claims.py:_ClaimSearch.outranked: other in waiting and not mask & led and not of.allowed(mask, positi... -> True": "pruning: trusting no seat leaves the exact search to decide",
    "hearts/game/claims.py:_ClaimSearch.outranked: rules.forced_discard and theirs & rules.penalty_mask -> True": "pruning: trusting no seat leaves the exact search to decide",
    "hearts/game/claims.py:_ClaimSearch.outranked: lower & (lower - 1) -> False": "pruning: comparing with the claimer's highest card rejects less, and the search decides",
    "hearts/game/claims.py:_ClaimSearch.outranked: if lower & (lower - 1): lower ^= 1 << (lower.bit_length() - 1) -> pass": "pruning: comparing with the claimer's highest card rejects less, and the search decides",
    "hearts/game/claims.py:_ClaimSearch.outranked: theirs.bit_length() > lower.bit_length() -> theirs.bit_length() >= lower.bit_length()": "redundant: two different cards never have the same highest bit",
    "hearts/game/claims.py:_ClaimSearch._kinds: place < len(position.trick) -> True": "unreachable: when another seat plays, the claimer has already played to the trick",
    "hearts/game/claims.py:_ClaimSearch._kinds: place < len(position.trick) -> place <= len(position.trick)": "unreachable: when another seat plays, the claimer has already played to the trick",
    "hearts/game/claims.py:_ClaimSearch._kinds: 1 -> 0 #3": "redundant: the card counted above itself is never the claimer's",
    "hearts/game/claims.py:_ClaimSearch._kinds: 1 -> 2 #4": "redundant: adds the claimer's 2♣ to every club alike, so the kinds are the same",
    "hearts/game/claims.py:_ClaimSearch._kinds: kinds.add(kind) -> pass": "pruning: every card its own kind makes the search try them all",
    "hearts/game/claims.py:_ClaimSearch._kinds: kind not in kinds -> True": "pruning: every card its own kind makes the search try them all",
}
"""Mutants no test can tell from the real code, by :attr:`Mutant.key`, with the reason.

Filled in from the survivors of the runs after reading each one (``hearts/game/claims.py`` was
sampled, so only its sampled survivors are here); docs/verification.md, "Mutation
testing", groups them by kind. A key listed here whose mutant is killed is reported."""

EQUIVALENT_SECOND: dict[str, str] = {
    "hearts/game/play.py:led_card: trick if isinstance(trick, tuple) else tuple(trick) -> tuple(trick) if isinstance(trick, tuple) else trick": "representation: the loop reads the same cards from the trick as given and from a tuple of it",
    "hearts/game/play.py:RulesOfPlay.revealed: 1 if first else 0 -> 0 if first else 1": "cache key: the bit for the first trick inverted still gives each situation its own entry, and the entry is computed from the real arguments",
    "hearts/game/play.py:RulesOfPlay.revealed: 1 if broken else 0 -> 0 if broken else 1": "cache key: the bit for hearts broken inverted still gives each situation its own entry, and the entry is computed from the real arguments",
    "hearts/game/seat.py:known_masks: state.position.played if phase is _PLAY else played_mask_unchecked(... -> played_mask_unchecked(state.tricks, state.trick) if phase is _PLAY else state.position.played": "representation: in every state of a game the cards taken are the cards of the tricks played, so both give the cards played (only a hand-built state whose taken cards disagree with its tricks tells them apart)",
    "hearts/game/scoring.py:scoring_cards: rules.point_mask | rules.moon_mask -> rules.point_mask & rules.moon_mask": "redundant: the moon's cards are the cards worth positive points, with the bonus cards when the moon needs them, so both give the positive cards, and the bonus cards are added after",
    "hearts/game/scoring.py:_game_winners: max(scores) -> min(scores)": "redundant: a player holding every chip leaves the others none, which ends the game already, and min(scores) reaching every chip would need every seat to hold every chip at once",
    "hearts/game/claims.py:safe_claim: hand & suit -> hand | suit": "pruning: the search alone is exact; rejecting a claimer off the suit led at once only saves it time (its card off suit never wins the trick)",
    "hearts/game/claims.py:_ClaimSearch._lead_wins: hand ^ 1 << card -> hand | 1 << card": "pruning: the hand tested counts the card led too, which changes the count compared only against a seat holding as many cards of a suit as the claimer holds cards, that is that suit alone, and such a seat is never trusted",
    "hearts/game/claims.py:_ClaimSearch.outranked: other in waiting and not mask & led and not of.allowed(mask, positi... -> other in waiting or not mask & led or (not of.allowed(mask, position.trick, position.first, position.broken) & ~suit)": "pruning: the quick rejection trusts fewer seats (every seat it trusted before is among those it skips), so it rejects less and the exact search behind it decides",
    "hearts/game/claims.py:_ClaimSearch.outranked: rules.forced_discard and theirs & rules.penalty_mask -> rules.forced_discard or theirs & rules.penalty_mask": "pruning: the quick rejection trusts fewer seats (every seat it trusted before is among those it skips), so it rejects less and the exact search behind it decides",
    "hearts/game/claims.py:_ClaimSearch.outranked: theirs & rules.penalty_mask -> theirs | rules.penalty_mask": "pruning: the quick rejection trusts fewer seats (every seat it trusted before is among those it skips), so it rejects less and the exact search behind it decides",
    "hearts/game/claims.py:_ClaimSearch.outranked: min(theirs.bit_count(), size) - 1 -> 1 - min(theirs.bit_count(), size)": "pruning: the claimer's card compared is its highest of the suit, not its n-th highest, so the quick rejection rejects less and the exact search behind it decides (the loop never runs)",
    "hearts/game/claims.py:_ClaimSearch.outranked: lower ^= 1 << (lower.bit_length() - 1) -> lower |= 1 << lower.bit_length() - 1": "pruning: the claimer's card compared is its highest of the suit, not its n-th highest, so the quick rejection rejects less and the exact search behind it decides (setting a bit already set changes nothing)",
    "hearts/game/claims.py:_ClaimSearch.outranked: 1 << (lower.bit_length() - 1) -> lower.bit_length() - 1 << 1": "pruning: the number taken off the claimer's cards, twice a card's index, has its highest bit below the claimer's highest card (or, for 2♣ to 4♣, takes off that card itself), so the card compared is never lower than the real code's and the quick rejection rejects no more; the exact search behind it decides",
    "hearts/game/claims.py:_ClaimSearch._kinds: self.seat - position.leader -> position.leader - self.seat": "pruning: the claimer's card of the trick is missed, or another seat's counted as the claimer's; a card added to the claimer's only splits kinds (the search tries more cards), and a missed card c merges only cards on either side of c in its suit, of which the search tries the highest, which beats c and so finds the lost trick the real code finds",
    "hearts/game/claims.py:_ClaimSearch._kinds: place < len(position.trick) -> place > len(position.trick)": "pruning: in the search the claimer is never after the cards of the trick (it is to play, has played, or leads), so the claimer's card of the trick is missed: that merges only cards on either side of it in its suit, of which the search tries the highest, which beats it and finds the lost trick the real code finds",
    "hearts/game/claims.py:_ClaimSearch._kinds: 1 << position.trick[place] -> position.trick[place] << 1": "pruning: the claimer's card of the trick is missed (see the comparison reversed above) and a few low clubs are counted as the claimer's, which only splits kinds",
    "hearts/game/claims.py:_ClaimSearch._kinds: claimer & _CHUNKS[chunk] & ~((bit << 1) - 1) -> claimer & _CHUNKS[chunk] | ~((bit << 1) - 1)": "pruning: the count becomes that of 2**(card+1) minus the claimer's cards below, which (checked over all 8,192 holdings of a suit) never puts two cards in one kind that the real count separates: the kinds are split as finely or more, and the search tries at least the same cards",
    "hearts/game/claims.py:_ClaimSearch._kinds: claimer & _CHUNKS[chunk] -> claimer | _CHUNKS[chunk]": "pruning: every card of the suit above counts, so each card of a suit is a kind of its own: the search tries every card",
    "hearts/game/claims.py:_ClaimSearch._kinds: ~((bit << 1) - 1) -> (bit << 1) - 1": "representation: the claimer's cards below a card, not above it; a card the claimer does not hold has as many below as the claimer's count of the suit less those above, so the kinds are the same",
    "hearts/game/claims.py:_ClaimSearch._kinds: (bit << 1) - 1 -> 1 - (bit << 1)": "representation: the claimer's cards below a card (2♣ left out), not above it; for a card the claimer does not hold that count is the suit's count less those above (less one more for 2♣ held), the same for every card of the suit, so the kinds are the same",
    "hearts/game/claims.py:_ClaimSearch._kinds: bit & rules.first_trick_barred -> bit | rules.first_trick_barred": "redundant today: every first_trick setting bars the penalty cards, the hearts or nothing, so within one suit (or the jokers) a card is barred exactly when its penalty flag (or nothing) says so, and the kinds are the same without the flag; kept for a setting that bars otherwise",
    "hearts/game/claims.py:_ClaimSearch._kinds: bit & self.named -> bit | self.named": "redundant today: kinds are asked only for other seats' plays to a trick already led, every later trick is the claimer's lead, and the only card a built-in rule names is Q♠: under can_lead_hearts_instead_of_queen it changes only what a leader may lead, and under queen_after_hearts Q♠ is allowed beside another card only once hearts are broken, after which that rule holds nothing back (and Q♠ breaking hearts is the breaking flag); a rule added from outside turns the kinds off",
    "hearts/game/claims.py:_leads_win: hand & suit -> hand | suit": "pruning: the card compared is the lowest of the hand and the suit, never higher than the claimer's lowest of the suit, and suits it holds none of are tested too: the shortcut says 'wins' no more often, and the exact search decides otherwise",
    "hearts/game/claims.py:_leads_win: mine and (others & suit).bit_length() > (mine & -mine).bit_length() -> mine or (others & suit).bit_length() > (mine & -mine).bit_length()": "pruning: any suit the claimer holds makes the shortcut say 'not sure', so it says 'wins' no more often, and the exact search decides",
    "hearts/game/claims.py:_leads_win: others & suit -> others | suit": "pruning: the others are counted as holding the whole suit, so the shortcut says 'wins' no more often, and the exact search decides",
    "hearts/game/claims.py:_leads_win: mine & -mine -> mine | -mine": "representation: mine | -mine is minus the lowest card's bit, whose bit_length is that of the bit itself",
    "hearts/game/scoring.py:_game_winners: min(seat, partner[seat]) -> max(seat, partner[seat])": "representation: a partnership named by its higher seat instead of its lower: the number of partnerships among the winners is the same",
    "hearts/game/play.py:RulesOfPlay.__init__: rules.players - 2 -> 2 - rules.players": "unread: club_leads asks first_leader about seats 0 and 1; the empty hands padded after them are never read",
    "hearts/game/passes.py:_combinations: comb(size, count) > 1000 -> comb(size, count) < 1000": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py checks both)",
}
"""The same as :data:`EQUIVALENT`, for the mutants of the second set of operators
(``--operators second``), each read after the full run of 2026-11-27."""

EQUIVALENT_THIRD: dict[str, str] = {
    "hearts/game/scoring.py:score_hand_unchecked: rules.deck_mask & ~played -> ~played": "unreachable: the cards taken are cards of the deck, so the unplayed cards outside it meet none of them (only a hand-built result taking a card outside the deck tells them apart)",
    "hearts/game/scoring.py:scoring_cards: rules.point_mask | rules.moon_mask | rules.penalty_mask | rules.bon... -> rules.point_mask | rules.moon_mask | rules.penalty_mask": "redundant: the bonus cards are cards worth points (point_mask is the positive cards and the bonus cards)",
    "hearts/game/scoring.py:scoring_cards: rules.point_mask | rules.moon_mask -> rules.point_mask": "redundant: the moon's cards are cards worth points (the positive cards, with the bonus cards when the moon needs them)",
    "hearts/game/scoring.py:scoring_cards: rules.point_mask | rules.moon_mask -> rules.moon_mask": "redundant: the moon's cards and the bonus cards, added after, are the cards worth points (the positive cards and the bonus cards)",
    "hearts/game/scoring.py:additive: rules.deck_mask & HEARTS_MASK -> HEARTS_MASK": "unreachable: the mask is only compared with the cards taken, which are cards of the deck (only a hand-built call taking a heart outside the deck tells them apart)",
    "hearts/game/scoring.py:_bonuses: rules.deck_mask & HEARTS_MASK -> HEARTS_MASK": "unreachable: the mask is only compared with the cards taken, which are cards of the deck (only a hand-built result taking a heart outside the deck tells them apart)",
    "hearts/game/claims.py:safe_claim: hand & suit -> suit": "pruning: the search alone is exact; rejecting a claimer off the suit led at once only saves it time (its card off suit never wins the trick)",
    "hearts/game/claims.py:_ClaimSearch._lead_wins: hand ^ 1 << card -> hand": "pruning: the card led is in the hand, so this is the second set's hand | 1 << card (EQUIVALENT_SECOND): a count changed only against a seat never trusted",
    "hearts/game/claims.py:_ClaimSearch._after: after.hands[self.seat] -> after.hands[0]": "unreachable: after a whole trick every seat holds as many cards, so seat 0's hand is empty exactly when the claimer's is (and a claimer with no card left wins at its lead too); only hand-built hands of unequal sizes tell them apart",
    "hearts/game/claims.py:_ClaimSearch._kinds: claimer & _CHUNKS[chunk] -> _CHUNKS[chunk]": "pruning: every card of the suit above counts, so each card of a suit is a kind of its own: the search tries every card",
    "hearts/game/claims.py:_ClaimSearch._kinds: bit & self.named -> self.named": "redundant today: the named flag made the same for every card, as the second set's bit | self.named (EQUIVALENT_SECOND), which see",
    "hearts/game/passes.py:_combinations: return tuple(combinations(range(size), count)) -> None": "which way to unrank, the table or the fallback: they give the same passes (tests/test_rule_mutants.py checks both)",
    "hearts/game/passes.py:PassMoves.__init__: unpassable & ALL_CARDS -> unpassable": "redundant: the hands are checked to hold cards only, so the bits of unpassable outside the cards remove nothing from them",
    "hearts/game/claims.py:_ClaimSearch.outranked: lower ^= 1 << (lower.bit_length() - 1) -> lower = 1 << lower.bit_length() - 1": "pruning: the claimer's highest card of the suit stands for its n-th highest, which only weakens the quick rejection (an opponent must then beat its highest card); the exact search behind it makes up for it",
}
"""The same as :data:`EQUIVALENT`, for the mutants of the third set of operators
(``--operators third``), each read after the run of 2026-11-29 (``hearts/game/scoring.py``,
``hearts/game/claims.py``, sampled, and ``hearts/game/passes.py``)."""

OPERATOR_SETS: dict[str, frozenset[str]] = {
    "first": frozenset({"delete", "condition", "constant", "compare"}),
    "second": frozenset({"reverse", "swap", "boolop", "not", "invert", "bitop", "ifexp", "minmax"}),
    "third": frozenset({"index", "drop", "return"}),
}
OPERATOR_SETS["all"] = OPERATOR_SETS["first"] | OPERATOR_SETS["second"] | OPERATOR_SETS["third"]
"""What each set of operators mutates (the ``what`` of :class:`_Collector`'s notes)."""

SETS = ("first", "second", "third")
"""The sets of operators ``all`` runs, in order."""


def equivalent_reason(mutant: Mutant) -> str | None:
    """Why ``mutant`` is equivalent, when it is listed as such."""
    tables = {"first": EQUIVALENT, "second": EQUIVALENT_SECOND, "third": EQUIVALENT_THIRD}
    return tables[mutant.operators].get(mutant.key)


# --- the mutants ---------------------------------------------------------------------------

_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_BOUNDARY: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
}
_REVERSED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.Gt,
    ast.Gt: ast.Lt,
    ast.LtE: ast.GtE,
    ast.GtE: ast.LtE,
}
_NOT_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift)
_BITWISE: dict[type[ast.operator], type[ast.operator]] = {
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
}
_SYMBOL = {ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}
_DROPPED = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.Add, ast.Sub)
"""The operators of which the third set drops an operand."""
_COMPARISON_METHODS = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"})
_BOOLEAN_CALLS = frozenset({"isinstance", "issubclass", "any", "all", "bool", "callable"})


def _int_constant(node: ast.AST) -> int | None:
    """The value of an int literal (``-1`` included), or None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _int_constant(node.operand)
        return None if value is None else -value
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _droppable(op: ast.operator, operand: ast.expr) -> bool:
    """Whether the third set drops ``operand`` of ``op`` (see the module's docstring)."""
    value = _int_constant(operand)
    # Not 0, nor 1 beside + and -: the first set's constant moved by one makes that code.
    return not (value == 0 or (value == 1 and isinstance(op, (ast.Add, ast.Sub))))


def _boolean(node: ast.expr) -> bool:
    """Whether ``node`` evidently gives a bool (so the third set negates its return)."""
    if isinstance(node, ast.Compare):
        return True
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, ast.Not)
    if isinstance(node, ast.BoolOp):
        return all(_boolean(value) for value in node.values)
    if isinstance(node, ast.Constant):
        return isinstance(node.value, bool)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in _BOOLEAN_CALLS
    return False


@dataclass
class Mutant:
    """One change to one module: where it is, what it does, and the code it makes."""

    path: str
    line: int
    end_line: int
    function: str
    kind: str
    original: str
    mutated: str
    source: str = field(repr=False)
    in_function: bool = True
    number: int = 1
    operators: str = "first"
    status: str = "not run"
    seconds: float = 0.0
    tests: int = 0

    @property
    def key(self) -> str:
        """A name for the mutant that survives edits elsewhere in the file (no line number)."""
        suffix = f" #{self.number}" if self.number > 1 else ""
        return f"{self.path}:{self.function}: {self.original} -> {self.mutated}{suffix}"

    def describe(self) -> str:
        """``file:line (function): kind: `original` -> `mutated```."""
        return (
            f"{self.path}:{self.line} ({self.function}): {self.kind}: "
            f"`{self.original}` -> `{self.mutated}`"
        )


def _span(lines: list[str], node: ast.AST) -> tuple[int, int]:
    """The offsets of ``node``'s text in the source joined from ``lines``."""
    starts = [0]
    for text in lines:
        starts.append(starts[-1] + len(text))
    start = starts[node.lineno - 1] + len(
        lines[node.lineno - 1].encode()[: node.col_offset].decode()  # type: ignore[attr-defined]
    )
    end_text = lines[node.end_lineno - 1].encode()[: node.end_col_offset].decode()  # type: ignore[attr-defined]
    return start, starts[node.end_lineno - 1] + len(end_text)  # type: ignore[attr-defined]


def _short(text: str) -> str:
    """One line of code for a report: whitespace squeezed, at most 70 characters."""
    text = " ".join(text.split())
    return text if len(text) <= 70 else text[:67] + "..."


class _Collector(ast.NodeVisitor):
    """Walks a module, noting each node to mutate with its function and whether it is in one."""

    def __init__(self) -> None:
        self.scope: list[str] = []
        self.in_body = 0
        self.found: list[tuple[ast.AST, str, str, bool]] = []  # node, what, function, in body
        self.skip: set[int] = set()

    def _where(self) -> str:
        return ".".join(self.scope) or "<module>"

    def _note(self, node: ast.AST, what: str) -> None:
        if id(node) not in self.skip:
            self.found.append((node, what, self._where(), self.in_body > 0))

    def _skip_all(self, node: ast.AST | None) -> None:
        if node is not None:
            self.skip.update(id(child) for child in ast.walk(node))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.append(node.name)  # (decorators and defaults run at import)
        for decorator in node.decorator_list:
            self.visit(decorator)
        self._skip_all(node.returns)
        for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
            self._skip_all(arg.annotation)
        for default in (*node.args.defaults, *node.args.kw_defaults):
            if default is not None:
                self.visit(default)
        self.in_body += 1
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        for statement in body:
            self._statement(statement)
        self.in_body -= 1
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        saved, self.in_body = self.in_body, 0
        for statement in node.body:
            self.visit(statement)
        self.in_body = saved
        self.scope.pop()

    def _statement(self, statement: ast.stmt) -> None:
        if not isinstance(
            statement, (ast.Pass, ast.Global, ast.Nonlocal, ast.FunctionDef, ast.ClassDef)
        ):
            self._note(statement, "delete")
        self.visit(statement)

    def generic_visit(self, node: ast.AST) -> None:
        # Statements of nested blocks (if, for, while, with, try) may be deleted too.
        for name, value in ast.iter_fields(node):
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.stmt) and self.in_body and name in _BLOCKS:
                        self._statement(item)
                    elif isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._skip_all(node.annotation)
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._skip_all(node)  # messages: their numbers are words, not rules

    def visit_Compare(self, node: ast.Compare) -> None:
        self._note(node, "compare")
        if any(type(op) in _REVERSED for op in node.ops):
            self._note(node, "reverse")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        text = any(
            isinstance(side, ast.Constant) and isinstance(side.value, str)
            for side in (node.left, node.right)
        )
        if isinstance(node.op, _NOT_COMMUTATIVE) and not (
            isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
        ):
            self._note(node, "swap")
        if type(node.op) in _BITWISE:
            self._note(node, "bitop")
        if isinstance(node.op, _DROPPED) and not text:
            self._note(node, "drop")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if type(node.op) in _BITWISE:
            self._note(node, "bitop")
        if isinstance(node.op, _DROPPED):
            self._note(node, "drop")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # A value read at another index; a constant index is the first set's to move.
        if (
            isinstance(node.ctx, ast.Load)
            and not isinstance(node.slice, ast.Slice)
            and _int_constant(node.slice) is None
        ):
            self._note(node, "index")
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        value = node.value
        if (
            self.in_body
            and value is not None
            and not (isinstance(value, ast.Constant) and value.value is None)
        ):
            self._note(node, "return")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self._note(node, "boolop")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self._note(node, "not")
        elif isinstance(node.op, ast.Invert):
            self._note(node, "invert")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            self._note(node, "minmax")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            self._note(node, "constant")

    def _condition(self, test: ast.expr) -> None:
        if not isinstance(test, ast.Constant):
            self._note(test, "condition")

    def visit_If(self, node: ast.If) -> None:
        self._condition(node.test)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._condition(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._condition(node.test)
        self._note(node, "ifexp")
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        for test in node.ifs:
            self._condition(test)
        self.generic_visit(node)


_BLOCKS = frozenset({"body", "orelse", "finalbody", "handlers"})


def _replacements(
    node: ast.AST, what: str, text: str, function: str = ""
) -> Iterator[tuple[str, str, str]]:
    """(kind, replacement text, short description of it) for each mutation of ``node``.

    ``function`` is where ``node`` is (``Class.method``), which a return's mutants read.
    """
    if what == "delete":
        yield "statement deleted", "pass", "pass"
    elif what == "condition":
        for value in ("True", "False"):
            yield "condition forced", f"({value})", value
    elif what == "constant":
        value = node.value  # type: ignore[attr-defined]
        for changed in (value + 1, value - 1):
            yield "constant changed", f"({changed})", str(changed)
    elif what == "compare":
        compare: ast.Compare = node  # type: ignore[assignment]
        for index, op in enumerate(compare.ops):
            for table in (_NEGATED, _BOUNDARY):
                new = table.get(type(op))
                if new is None:
                    continue
                ops = list(compare.ops)
                ops[index] = new()
                changed = ast.Compare(compare.left, ops, compare.comparators)
                mutated = ast.unparse(changed)
                yield "comparison flipped", f"({mutated})", mutated
    elif what == "reverse":
        compare = node  # type: ignore[assignment]
        for index, op in enumerate(compare.ops):
            new = _REVERSED.get(type(op))
            if new is not None:
                ops = list(compare.ops)
                ops[index] = new()
                mutated = ast.unparse(ast.Compare(compare.left, ops, compare.comparators))
                yield "comparison reversed", f"({mutated})", mutated
    elif what == "swap":
        binop: ast.BinOp = node  # type: ignore[assignment]
        mutated = ast.unparse(ast.BinOp(binop.right, binop.op, binop.left))
        yield "operands swapped", f"({mutated})", mutated
    elif what == "bitop":
        new_op = _BITWISE[type(node.op)]()  # type: ignore[attr-defined]
        if isinstance(node, ast.AugAssign):
            mutated = ast.unparse(ast.AugAssign(node.target, new_op, node.value))
            yield "bitwise operator changed", mutated, mutated
        else:
            mutated = ast.unparse(ast.BinOp(node.left, new_op, node.right))  # type: ignore[attr-defined]
            yield "bitwise operator changed", f"({mutated})", mutated
    elif what == "boolop":
        boolop: ast.BoolOp = node  # type: ignore[assignment]
        other = ast.Or() if isinstance(boolop.op, ast.And) else ast.And()
        mutated = ast.unparse(ast.BoolOp(other, boolop.values))
        yield "boolean operator changed", f"({mutated})", mutated
    elif what in ("not", "invert"):
        mutated = ast.unparse(node.operand)  # type: ignore[attr-defined]
        yield f"{'not' if what == 'not' else '~'} dropped", f"({mutated})", mutated
    elif what == "ifexp":
        ifexp: ast.IfExp = node  # type: ignore[assignment]
        mutated = ast.unparse(ast.IfExp(ifexp.test, ifexp.orelse, ifexp.body))
        yield "branches swapped", f"({mutated})", mutated
    elif what == "minmax":
        call: ast.Call = node  # type: ignore[assignment]
        name = "max" if call.func.id == "min" else "min"  # type: ignore[attr-defined]
        mutated = ast.unparse(ast.Call(ast.Name(name, ast.Load()), call.args, call.keywords))
        yield "min and max exchanged", f"({mutated})", mutated
    elif what == "index":
        subscript: ast.Subscript = node  # type: ignore[assignment]
        for index in (0, -1):
            new = ast.Subscript(subscript.value, ast.parse(str(index), mode="eval").body)
            mutated = ast.unparse(new)
            yield "index replaced", f"({mutated})", mutated
    elif what == "drop":
        if isinstance(node, ast.AugAssign):
            mutated = ast.unparse(ast.Assign([node.target], node.value, lineno=node.lineno))
            yield "operand dropped", mutated, mutated
        else:
            binop = node  # type: ignore[assignment]
            for operand in (binop.left, binop.right):
                if not _droppable(binop.op, operand):
                    continue
                kept = binop.right if operand is binop.left else binop.left
                mutated = ast.unparse(kept)
                yield "operand dropped", f"({mutated})", mutated
    elif what == "return":
        value: ast.expr = node.value  # type: ignore[attr-defined]
        changed = []
        comparison = function.rsplit(".", 1)[-1] in _COMPARISON_METHODS
        if isinstance(value, ast.Name) and value.id == "NotImplemented":
            changed.append("False" if comparison else "None")
        elif isinstance(value, ast.Constant) and isinstance(value.value, bool):
            changed.append(str(not value.value))
        elif _boolean(value):
            changed.append(f"not ({ast.unparse(value)})")
            if comparison:
                changed.append("NotImplemented")
        else:
            changed.append("None")
        for new in changed:
            yield "return value replaced", f"return {new}", new


def mutants_of(path: str, root: Path = ROOT, operators: str = "first") -> list[Mutant]:
    """Every mutant of the module at ``path`` (relative to ``root``), in source order.

    ``operators`` is the set of operators (:data:`OPERATOR_SETS`): ``first``, ``second``,
    ``third`` or ``all`` (the first set's mutants, then the second's, then the third's).
    """
    if operators == "all":
        return [mutant for each in SETS for mutant in mutants_of(path, root, each)]
    chosen = OPERATOR_SETS[operators]
    text = (root / path).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    collector = _Collector()
    collector.visit(tree)
    found: list[Mutant] = []
    seen: dict[str, int] = {}
    for node, what, function, in_body in collector.found:
        if what not in chosen:
            continue
        start, end = _span(lines, node)
        original = text[start:end]
        for kind, replacement, short in _replacements(node, what, original, function):
            source = text[:start] + replacement + text[end:]
            if source == text:
                continue
            try:
                compile(source, path, "exec")
            except SyntaxError:
                continue
            mutant = Mutant(
                path=path,
                line=node.lineno,  # type: ignore[attr-defined]
                end_line=node.end_lineno,  # type: ignore[attr-defined]
                function=function,
                kind=kind,
                original=_short(original),
                mutated=short if what != "delete" else "pass",
                source=source,
                in_function=in_body,
                operators=operators,
            )
            base = mutant.key
            seen[base] = seen.get(base, 0) + 1
            mutant.number = seen[base]
            found.append(mutant)
    return found


# --- running the tests ---------------------------------------------------------------------

PLUGIN = '''\
"""pytest plugin of scripts/mutation.py: test selection, determinism, and line tracing."""
import json
import os
import signal
import sys
import threading
import time

import pytest

try:
    import hypothesis
except ImportError:
    pass
else:
    # The same examples every run, and none remembered from the run of another mutant.
    hypothesis.settings.register_profile("mutation", derandomize=True, database=None)
    hypothesis.settings.load_profile("mutation")

_SELECT = os.environ.get("MUTATION_SELECT")
_RECORD = os.environ.get("MUTATION_RECORD")
_TARGETS = set(json.loads(os.environ.get("MUTATION_TARGETS", "[]")))
_LIMITS = {}
if os.environ.get("MUTATION_LIMITS"):  # a file: one limit per test is too long for a variable
    with open(os.environ["MUTATION_LIMITS"], encoding="utf-8") as _file:
        _LIMITS = json.load(_file)
_LIMIT = float(os.environ.get("MUTATION_LIMIT", "0"))
_MEMORY = int(os.environ.get("MUTATION_MEMORY", "0"))

if _MEMORY:
    # A mutant that grows a list for ever (a loop that no longer takes its card off) fails
    # with MemoryError here, instead of filling the machine's memory before its time limit.
    try:
        import resource
    except ImportError:  # not on POSIX
        pass
    else:
        resource.setrlimit(resource.RLIMIT_DATA, (_MEMORY, _MEMORY))


def _expired(signum, frame):
    # A test past its limit: the mutant loops (or is far too slow). Stop at once; the
    # exit status 124 tells scripts/mutation.py it was a timeout.
    os._exit(124)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    limit = _LIMITS.get(item.nodeid, _LIMIT)
    if limit and hasattr(signal, "setitimer"):
        signal.signal(signal.SIGALRM, _expired)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        if limit and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)


def pytest_collection_modifyitems(session, config, items):
    if not _SELECT:
        return
    with open(_SELECT, encoding="utf-8") as file:
        order = {nodeid: index for index, nodeid in enumerate(file.read().splitlines())}
    kept = sorted((item for item in items if item.nodeid in order), key=lambda i: order[i.nodeid])
    dropped = [item for item in items if item.nodeid not in order]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept


_lines = set()
_tests = {}
_collected = {}
_failed = set()


def _local(frame, event, arg):
    if event == "line":
        _lines.add((frame.f_code.co_filename, frame.f_lineno))
    return _local


def _global(frame, event, arg):
    if frame.f_code.co_filename in _TARGETS:
        _lines.add((frame.f_code.co_filename, frame.f_lineno))
        return _local
    return None


def _trace(on):
    if not _TARGETS:
        return
    sys.settrace(_global if on else None)
    threading.settrace(_global if on else None)


def _clear_caches():
    # Code behind a cache runs only for the first test that needs it: clear the caches of
    # the traced modules so that every test that needs the code is seen running it.
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) not in _TARGETS:
            continue
        for name, value in vars(module).items():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
            elif isinstance(value, dict) and name.startswith("_") and not name.startswith("__"):
                value.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    _lines.clear()
    _trace(True)
    yield
    _trace(False)
    if _lines:
        _collected.setdefault(collector.nodeid, set()).update(_lines)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _clear_caches()
    _lines.clear()
    start = time.perf_counter()
    _trace(True)
    yield
    _trace(False)
    _tests[item.nodeid] = {"seconds": time.perf_counter() - start, "lines": sorted(_lines)}


def pytest_runtest_logreport(report):
    if report.failed:
        _failed.add(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if not _RECORD:
        return
    for nodeid, entry in _tests.items():
        lines = set(map(tuple, entry["lines"]))
        for prefix, seen in _collected.items():
            if prefix and nodeid.startswith(prefix):
                lines |= seen
        entry["lines"] = sorted(lines)
        entry["failed"] = nodeid in _failed
    with open(_RECORD, "w", encoding="utf-8") as file:
        json.dump(_tests, file)
'''

_IGNORED = shutil.ignore_patterns(
    ".git", ".venv*", "__pycache__", "*.pyc", "*.so", "*.pyd", "_build", ".hypothesis",
    ".pytest_cache", ".mypy_cache", ".ruff_cache", "dist*", "build", "*.egg-info",
)  # fmt: skip


def _copy_tree(root: Path, into: Path) -> Path:
    """A copy of what the tests need (hearts, tests, docs, the project files) in ``into``."""
    into.mkdir(parents=True)
    for name in ("hearts", "tests", "docs"):
        if (root / name).is_dir():
            shutil.copytree(root / name, into / name, ignore=_IGNORED)
    for name in ("pyproject.toml", "README.md"):
        if (root / name).exists():
            shutil.copy2(root / name, into / name)
    (into / "_mutation_plugin.py").write_text(PLUGIN, encoding="utf-8")
    return into


def _pytest_command(tree: Path, files: Sequence[str], stop_first: bool) -> list[str]:
    command = [
        sys.executable, "-m", "pytest", "-q", "--no-header", "-p", "no:cacheprovider",
        "-p", "_mutation_plugin", "--rootdir", str(tree), "-c", str(tree / "pyproject.toml"),
        "-o", "addopts=--strict-markers", "-o", "faulthandler_timeout=0",
    ]  # fmt: skip
    if stop_first:
        command.append("-x")
    return [*command, *files]


def _environment(tree: Path, **extra: str) -> dict[str, str]:
    own = ("PYTEST_ADDOPTS", "HEARTS_EXPECT_COMPILED", "MUTATION_SELECT", "MUTATION_RECORD",
           "MUTATION_LIMITS", "MUTATION_LIMIT", "MUTATION_MEMORY")  # fmt: skip
    env = {name: value for name, value in os.environ.items() if name not in own}
    env.update(PYTHONPATH=str(tree), PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", **extra)
    return env


@dataclass
class TestMap:
    """Which fast tests execute which lines of the mutated modules, and how long each takes."""

    seconds: dict[str, float]
    lines: dict[str, dict[int, set[str]]]  # module path -> line -> test node ids

    def covering(self, mutant: Mutant) -> list[str]:
        """The tests that execute the mutated code, the quickest first."""
        if not mutant.in_function:  # runs when the module is imported: every test does
            chosen = set(self.seconds)
        else:
            by_line = self.lines.get(mutant.path, {})
            chosen = set()
            for line in range(mutant.line, mutant.end_line + 1):
                chosen |= by_line.get(line, set())
        return sorted(chosen, key=lambda nodeid: (self.seconds[nodeid], nodeid))


def map_tests(tree: Path, files: Sequence[str], modules: Sequence[str]) -> TestMap:
    """Run the fast tests once, traced, in ``tree``: which of them execute which lines."""
    record = tree / "mutation-record.json"
    targets = [str(tree / module) for module in modules]
    env = _environment(tree, MUTATION_RECORD=str(record), MUTATION_TARGETS=json.dumps(targets))
    done = subprocess.run(
        _pytest_command(tree, files, stop_first=False), cwd=tree, env=env,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0 and not record.exists():
        sys.stdout.write(done.stdout[-5000:] + done.stderr[-5000:])
        raise SystemExit("The fast tests fail on the unchanged code: fix them first.")
    data = json.loads(record.read_text(encoding="utf-8"))
    failed = sorted(nodeid for nodeid, entry in data.items() if entry.get("failed"))
    if failed:
        # A test that fails on the real code would "kill" every mutant it runs: left out.
        print(f"{len(failed)} tests fail on the unchanged code and are left out:", flush=True)
        for nodeid in failed:
            print(f"  {nodeid}", flush=True)
            del data[nodeid]
    seconds = {nodeid: entry["seconds"] for nodeid, entry in data.items()}
    lines: dict[str, dict[int, set[str]]] = {}
    back = {str(tree / module): module for module in modules}
    for nodeid, entry in data.items():
        for filename, line in entry["lines"]:
            module = back.get(filename)
            if module is not None:
                lines.setdefault(module, {}).setdefault(line, set()).add(nodeid)
    return TestMap(seconds, lines)


class Worker:
    """A copy of the tree where one mutant at a time is written and tested."""

    def __init__(self, root: Path, into: Path) -> None:
        self.tree = _copy_tree(root, into)
        self.lock = threading.Lock()

    def run(
        self, mutant: Mutant, tests: Sequence[str], timeout: float, limits: dict[str, float]
    ) -> tuple[str, float]:
        """Test ``mutant`` with ``tests`` (node ids, or files): killed, survived or timeout.

        ``limits``: the time limit of each test, by node id (``""``: of every test); a test
        past its limit ends the run as a timeout, as the run past ``timeout`` does.
        """
        target = self.tree / mutant.path
        original = target.read_text(encoding="utf-8")
        select = self.tree / "mutation-select.txt"
        select.write_text("\n".join(tests) + "\n", encoding="utf-8")
        files = sorted({nodeid.split("::")[0] for nodeid in tests})
        extra = {"MUTATION_SELECT": str(select)} if any("::" in t for t in tests) else {}
        # In a file: the limits of a thousand tests are too long for the environment.
        limits_file = self.tree / "mutation-limits.json"
        limits_file.write_text(json.dumps({k: v for k, v in limits.items() if k}), "utf-8")
        extra["MUTATION_LIMITS"] = str(limits_file)
        extra["MUTATION_MEMORY"] = str(MEMORY_LIMIT)
        if "" in limits:
            extra["MUTATION_LIMIT"] = str(limits[""])
        target.write_text(mutant.source, encoding="utf-8")
        start = time.perf_counter()
        try:
            # (No bytecode is written in the copy, so no stale compiled module is read.)
            done = subprocess.run(
                _pytest_command(self.tree, files, stop_first=True), cwd=self.tree,
                env=_environment(self.tree, **extra),
                capture_output=True, text=True, timeout=timeout, check=False,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return "timeout", time.perf_counter() - start
        finally:
            target.write_text(original, encoding="utf-8")
        seconds = time.perf_counter() - start
        if done.returncode == 0:
            return "survived", seconds
        if done.returncode == 124:  # a test past its own limit (the plugin's _expired)
            return "timeout", seconds
        if done.returncode in (1, 2, 3):  # failed, interrupted (an import error), internal
            return "killed", seconds
        return f"error {done.returncode}", seconds


def run_mutants(
    mutants: Sequence[Mutant],
    workers: Sequence[Worker],
    test_map: TestMap | None,
    quick_tests: Sequence[str],
    progress: bool,
) -> None:
    """Test every mutant, ``len(workers)`` at a time, setting its status."""
    free: list[Worker] = list(workers)
    lock = threading.Lock()
    done = [0]

    def one(mutant: Mutant) -> None:
        if test_map is None:
            tests = list(quick_tests)
            timeout = 10.0 if quick_tests == QUICK_TESTS else 300.0  # the quick files: 2 s
            limits = {"": timeout / 2}
        else:
            tests = test_map.covering(mutant)
            if not tests:
                mutant.status = "not covered"
                return
            # The traced run is about three times slower than a plain one. Each test has a
            # limit of its own, so that a mutant that loops stops at its first test.
            timeout = 10.0 + 2 * sum(test_map.seconds[nodeid] for nodeid in tests)
            limits = {nodeid: 10.0 + 3 * test_map.seconds[nodeid] for nodeid in tests}
        mutant.tests = len(tests)
        with lock:
            worker = free.pop()
        try:
            mutant.status, mutant.seconds = worker.run(mutant, tests, timeout, limits)
        finally:
            with lock:
                free.append(worker)
                done[0] += 1
                if progress:
                    print(
                        f"[{done[0]}/{len(mutants)}] {mutant.status:9} {mutant.seconds:5.1f}s "
                        f"{mutant.describe()}",
                        flush=True,
                    )

    with concurrent.futures.ThreadPoolExecutor(len(workers)) as pool:
        list(pool.map(one, mutants))


# --- the report ----------------------------------------------------------------------------


OUTCOMES = ("killed", "timeout", "equivalent", "survived", "error", "not run")


def outcome(mutant: Mutant) -> str:
    """What ``mutant`` counts as: killed, timeout, equivalent, survived, error or not run.

    A timeout counts as killed, unless the mutant is listed as equivalent: then it only
    ran slower (a pruning of the claim search lost, or a machine under load), which no
    test's result tells, and it stays equivalent (:func:`summary` names it).
    """
    status = mutant.status
    if status in ("survived", "not covered") or status == "timeout":
        if equivalent_reason(mutant) is not None:
            return "equivalent"
        return "timeout" if status == "timeout" else "survived"
    return "error" if status.startswith("error") else status


def summary(mutants: Sequence[Mutant]) -> dict[str, object]:
    """The counts, the score and the survivors, as the report prints them."""
    ran = [m for m in mutants if m.status != "not run"]
    killed = [m for m in ran if outcome(m) in ("killed", "timeout")]
    survived = [m for m in ran if m.status in ("survived", "not covered")]
    equivalent = [m for m in ran if outcome(m) == "equivalent"]
    gaps = [m for m in ran if outcome(m) == "survived"]
    errors = [m for m in ran if outcome(m) == "error"]
    # A mutant listed as equivalent that a test fails is not equivalent: its entry is stale.
    stale = sorted(m.key for m in ran if m.status == "killed" and equivalent_reason(m))
    slow = sorted(m.key for m in ran if m.status == "timeout" and equivalent_reason(m))
    scored = len(ran) - len(equivalent) - len(errors)
    return {
        "mutants": len(ran),
        "killed": len(killed),
        "timeouts": sum(outcome(m) == "timeout" for m in ran),
        "survived": len(survived),
        "not_covered": sum(m.status == "not covered" for m in ran),
        "equivalent": len(equivalent),
        "errors": len(errors),
        "score": len(killed) / scored if scored else 1.0,
        "raw_score": len(killed) / len(ran) if ran else 1.0,
        "survivors": [m.describe() for m in gaps],
        "equivalent_survivors": [f"{m.describe()}: {equivalent_reason(m)}" for m in equivalent],
        "stale_equivalent_entries": stale,
        "equivalent_timeouts": slow,
        "survivor_keys": [m.key for m in gaps],
    }


def print_report(mutants: Sequence[Mutant], modules: Sequence[str], seconds: float) -> None:
    """The counts per module, the score, and every survivor."""
    print(f"\nmutants by module ({seconds / 60:.1f} min):")
    for module in modules:
        mine = [m for m in mutants if m.path == module]
        counts = {s: sum(outcome(m) == s for m in mine) for s in OUTCOMES}
        print(
            f"  {module}: {len(mine)} mutants, {counts['killed'] + counts['timeout']} killed "
            f"({counts['timeout']} timeouts), {counts['equivalent']} equivalent, "
            f"{counts['survived']} survived"
        )
    result = summary(mutants)
    if result["errors"]:
        print(f"  ({result['errors']} mutants could not be run and are left out)")
    print(
        f"\nkilled {result['killed']} of {result['mutants']} mutants "
        f"({result['raw_score']:.1%}); {result['equivalent']} surviving mutants are "
        f"equivalent, so the score is {result['killed']}/"
        f"{result['mutants'] - result['equivalent'] - result['errors']} = {result['score']:.1%}"
    )
    if result["survivors"]:
        print(f"\nsurvivors ({len(result['survivors'])}, not known to be equivalent):")
        for line in result["survivors"]:
            print(f"  {line}")
    if result["stale_equivalent_entries"]:
        print("\nlisted as equivalent but killed (remove from its EQUIVALENT table):")
        for key in result["stale_equivalent_entries"]:
            print(f"  {key}")
    if result["equivalent_timeouts"]:
        print("\nlisted as equivalent, timed out (still counted as equivalent: slower only):")
        for key in result["equivalent_timeouts"]:
            print(f"  {key}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the mutants given on the command line and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "modules", nargs="*", help=f"files to mutate ({', '.join(DEFAULT_MODULES)})"
    )
    parser.add_argument("--sample", type=int, metavar="N", help="run N mutants drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="the draw of --sample (0)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (2)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 6 mutants, 2 files")
    parser.add_argument("--list", action="store_true", help="print the mutants and stop")
    parser.add_argument(
        "--operators", choices=sorted(OPERATOR_SETS), default="first",
        help="which operators: first (the default), second, third, or all (every set)",
    )  # fmt: skip
    parser.add_argument(
        "--equivalent", action="store_true",
        help="with --list: only the mutants listed as equivalent, with the reason",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the results there")
    parser.add_argument("--quiet", action="store_true", help="no line per mutant")
    parser.add_argument(
        "--tests", nargs="+", metavar="FILE",
        help="run each mutant against these test files (or test node ids), without the "
        "traced run",
    )  # fmt: skip
    parser.add_argument(
        "--match", metavar="TEXT", action="append",
        help="only the mutants whose description (file:line (function): change) holds TEXT "
        "(given again: any of them)",
    )  # fmt: skip
    parser.add_argument(
        "--survivors-of", type=Path, metavar="FILE",
        help="run only the mutants that survived in the --json FILE of an earlier run",
    )  # fmt: skip
    args = parser.parse_args(argv)

    modules = args.modules or (QUICK_MODULES if args.quick else DEFAULT_MODULES)
    modules = [str(Path(m).resolve().relative_to(ROOT)) for m in modules]
    mutants = [m for module in modules for m in mutants_of(module, operators=args.operators)]
    if args.match:
        mutants = [
            m for m in mutants if any(text in m.describe() or text in m.key for text in args.match)
        ]
    if args.list:
        if args.equivalent:
            mutants = [m for m in mutants if equivalent_reason(m) is not None]
        for mutant in mutants:
            reason = equivalent_reason(mutant)
            print(mutant.describe() + (f": equivalent, {reason}" if reason else ""))
        print(f"{len(mutants)} mutants")
        return 0
    if args.survivors_of:
        earlier = json.loads(args.survivors_of.read_text(encoding="utf-8"))
        wanted = set(earlier["survivor_keys"])
        mutants = [mutant for mutant in mutants if mutant.key in wanted]
    sample = 6 if args.quick and args.sample is None else args.sample
    if sample is not None and sample < len(mutants):
        mutants = sorted(
            random.Random(args.seed).sample(mutants, sample), key=lambda m: (m.path, m.line)
        )

    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="hearts-mutation-") as scratch:
        workers = [Worker(ROOT, Path(scratch) / f"w{n}") for n in range(max(1, args.jobs))]
        test_map = None
        if not args.quick and not args.tests:
            print(f"tracing the fast tests ({len(FAST_TESTS)} files)...", flush=True)
            test_map = map_tests(workers[0].tree, FAST_TESTS, modules)
            print(
                f"{len(test_map.seconds)} tests, {sum(test_map.seconds.values()):.0f}s traced; "
                f"testing {len(mutants)} mutants on {len(workers)} workers",
                flush=True,
            )
        chosen = tuple(args.tests) if args.tests else QUICK_TESTS
        run_mutants(mutants, workers, test_map, chosen, progress=not args.quiet)
    seconds = time.perf_counter() - start
    print_report(mutants, modules, seconds)
    if args.json:
        data = summary(mutants)
        data["modules"] = modules
        data["operators"] = args.operators
        data["minutes"] = round(seconds / 60, 1)
        data["mutant_list"] = [
            {
                "key": m.key,
                "where": m.describe(),
                "operators": m.operators,
                "status": m.status,
                "tests": m.tests,
                "seconds": round(m.seconds, 1),
            }
            for m in mutants
        ]
        args.json.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    errors = [m for m in mutants if m.status.startswith("error")]
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
