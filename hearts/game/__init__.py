"""The game: cards, rules and presets, the kernel of play, passing, scoring, claims, states.

Everything here is what a game of Hearts is, with nothing about who plays it: the rest of
the package (:mod:`hearts.knowledge`, :mod:`hearts.bots`, :mod:`hearts.rl`,
:mod:`hearts.records`, :mod:`hearts.display`) builds on it, and it imports none of them.
The public names are re-exported by :mod:`hearts`; docs/contributing.md maps the modules.
"""
