"""``hearts.text``: the documented path of :mod:`hearts.display.text`, the same module.

Importing either gives one module object, so a name set on one is seen on the other.
"""

import sys

from hearts.display.text import *  # noqa: F403 (the public names, for type checkers)

sys.modules[__name__] = sys.modules["hearts.display.text"]
