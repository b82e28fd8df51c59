"""The exceptions of :mod:`hearts`.

Every error the library raises on bad input is a :class:`HeartsError`, and so also a
:class:`ValueError`: a caller may catch either. Each message is a whole sentence that says
what was wrong, which rule or field it breaks, and the situation.

>>> import hearts
>>> try:
...     hearts.Card.parse("1X")
... except hearts.HeartsError as error:
...     print(error)
'1X' is not a card: write a rank (2-10, T, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), as in 'QS' or 'Q♠'.
"""

from __future__ import annotations

__all__ = [
    "HeartsError",
    "IllegalMoveError",
    "NotationError",
    "RulesError",
    "SearchLimitError",
    "describe_value",
]


def describe_value(value: object) -> str:
    """``repr(value)`` for an error message, cut short; a huge int is described, not printed.

    Python refuses to print an int of more than 4,300 digits, and a message should not
    quote a megabyte of bad input.

    >>> describe_value("QS"), describe_value(-(10**40)), describe_value("x" * 100)[-5:]
    ("'QS'", 'a negative int of about 41 digits', 'xx...')
    """
    if isinstance(value, int) and not -(10**30) < value < 10**30:
        sign = "a negative" if value < 0 else "an"
        return f"{sign} int of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else f"{text[:50]}..."


class HeartsError(ValueError):
    """Base class of every error raised by :mod:`hearts` on bad input.

    >>> issubclass(HeartsError, ValueError)
    True
    """


class IllegalMoveError(HeartsError):
    """A move that the rules do not allow in the given state.

    The message names the move, the rule it breaks and the situation; the state passed to
    :func:`hearts.apply` is left unchanged.

    >>> issubclass(IllegalMoveError, HeartsError)
    True
    """


class RulesError(HeartsError):
    """An invalid :class:`hearts.Rules` configuration, raised when it is built.

    >>> issubclass(RulesError, HeartsError)
    True
    """


class NotationError(HeartsError):
    """Text that does not describe a card or a set of cards.

    >>> issubclass(NotationError, HeartsError)
    True
    """


class SearchLimitError(HeartsError):
    """A search asked for more work than its bound allows, refused or stopped at the bound.

    :func:`hearts.solve` raises it for a position with more cards left than it searches,
    and when a search reaches its ``max_nodes``; :class:`hearts.SearchBot` for an
    ``endgame`` beyond that bound at its table. The message says which bound and how to
    stay within it.

    >>> issubclass(SearchLimitError, HeartsError)
    True
    """


def check_interrupts() -> None:
    """Let a signal that arrived run its handler now: Ctrl-C raises KeyboardInterrupt here.

    Python runs signal handlers between bytecodes, and code compiled by mypyc runs none,
    so a long loop of compiled code calls this now and then. This module is never
    compiled: calling a function of interpreted code is what lets the handler run.

    >>> check_interrupts()  # nothing pending: returns at once
    """
    return None
