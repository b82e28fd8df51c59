"""What a seat knows: its view of a game, the cards it can place, and deals sampled from it.

:mod:`hearts.game.seat` works out what a seat knows beyond its own hand,
:mod:`hearts.knowledge.views` builds a :class:`~hearts.PlayerView` from it, and
:mod:`hearts.knowledge.sampling` deals the hidden cards as the seat must allow for them.
"""
