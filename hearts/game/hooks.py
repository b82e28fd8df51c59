"""Where the game's values find their pictures and text forms, without importing them.

The game's values (:class:`~hearts.CardSet`, :class:`~hearts.State`,
:class:`~hearts.Trick`, :class:`~hearts.HandResult`, :class:`~hearts.PlayerView`) draw
themselves for Jupyter (``_repr_svg_``) and print as tables (``__str__``), but the drawing
is done by the display layer (:mod:`hearts.svg`, :mod:`hearts.text`), which is built on
them. So the display modules register their drawings here when they are imported (and
``import hearts`` imports them), and the values ask here: the game layer never imports the
display layer.

>>> import hearts
>>> svg_of(hearts.CardSet("QS")).startswith("<svg")
True
>>> text_of(hearts.CardSet("QS"))
Traceback (most recent call last):
...
hearts.errors.HeartsError: There is no text form of a CardSet value (hearts.text registers none for its class).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hearts.errors import HeartsError

__all__ = ["encoded", "register_encoder", "register_svg", "register_text", "svg_of", "text_of"]

T = TypeVar("T")

# Keyed by class; a drawing takes a value of that class (typed when registered).
_SVG: dict[type, Callable[[object], str]] = {}
_TEXT: dict[type, Callable[[object], str]] = {}
_ENCODERS: dict[type, Callable[[], Callable[[object], object]]] = {}


def register_svg(kind: type[T], draw: Callable[[T], str]) -> None:
    """Draw values of ``kind`` (and its subclasses) as SVG with ``draw``.

    >>> class Marker:
    ...     pass
    >>> register_svg(Marker, lambda marker: "<svg/>")
    >>> svg_of(Marker())
    '<svg/>'
    """
    _SVG[kind] = draw  # type: ignore[assignment]  # called only with values of ``kind``


def register_text(kind: type[T], draw: Callable[[T], str]) -> None:
    """Print values of ``kind`` (and its subclasses) as text with ``draw``.

    >>> class Marker:
    ...     pass
    >>> register_text(Marker, lambda marker: "a marker")
    >>> text_of(Marker())
    'a marker'
    """
    _TEXT[kind] = draw  # type: ignore[assignment]  # called only with values of ``kind``


def svg_of(value: object) -> str:
    """``value`` drawn as SVG by the drawing registered for its class.

    >>> import hearts
    >>> "<title>" in svg_of(hearts.new_game(hearts.Rules(), seed=1))
    True
    """
    return _drawn(_SVG, value, "picture", "hearts.svg")


def text_of(value: object) -> str:
    """``value`` as text, by the text form registered for its class.

    >>> import hearts
    >>> "P0" in text_of(hearts.new_game(hearts.Rules(), seed=1))
    True
    """
    return _drawn(_TEXT, value, "text form", "hearts.text")


def _drawn(drawings: dict[type, Callable[[object], str]], value: object, what: str, by: str) -> str:
    for kind in type(value).__mro__:
        draw = drawings.get(kind)
        if draw is not None:
            return draw(value)
    raise HeartsError(
        f"There is no {what} of a {type(value).__name__} value ({by} registers none for its class)."
    )


def register_encoder(kind: type[T], load: Callable[[], Callable[[T], object]]) -> None:
    """Encode values of ``kind`` with the function ``load()`` gives, loaded when first used.

    >>> class Marker:
    ...     pass
    >>> register_encoder(Marker, lambda: lambda marker: [1.0])
    >>> encoded(Marker())
    [1.0]
    """
    _ENCODERS[kind] = load  # type: ignore[assignment]  # called only with values of ``kind``


def encoded(value: object) -> object:
    """``value`` encoded by the encoder registered for its class (a view: its tensor).

    >>> import hearts
    >>> vector = encoded(hearts.view(hearts.new_game(seed=3), 0))
    >>> vector.shape
    (1487,)
    """
    for kind in type(value).__mro__:
        load = _ENCODERS.get(kind)
        if load is not None:
            return load()(value)
    raise HeartsError(
        f"There is no encoding of a {type(value).__name__} value (none is registered for its "
        "class)."
    )
