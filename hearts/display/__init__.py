"""Pictures and text of the game's values: SVG (:mod:`hearts.display.svg`) and text tables.

:mod:`hearts.display.layout` lays a table or a hand's result out once for both forms;
:mod:`hearts.display.svg` and :mod:`hearts.display.text` draw it, and register their
drawings with :mod:`hearts.game.hooks` when imported, so that the game's values print
and draw themselves without importing this package.
"""
