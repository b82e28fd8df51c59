"""``hearts.batch``: the documented path of :mod:`hearts.rl.batch`, the same module.

Importing either gives one module object, so a name set on one is seen on the other.
"""

import sys

from hearts.rl.batch import *  # noqa: F403 (the public names, for type checkers)

sys.modules[__name__] = sys.modules["hearts.rl.batch"]
