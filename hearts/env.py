"""``hearts.env``: the documented path of :mod:`hearts.rl.env`, the same module.

Importing either gives one module object, so a name set on one is seen on the other.
"""

import sys

from hearts.rl.env import *  # noqa: F403 (the public names, for type checkers)

sys.modules[__name__] = sys.modules["hearts.rl.env"]
