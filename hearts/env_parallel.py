"""``hearts.env_parallel``: the documented path of :mod:`hearts.rl.env_parallel`, the same module.

Importing either gives one module object, so a name set on one is seen on the other.
"""

import sys

from hearts.rl.env_parallel import *  # noqa: F403 (the public names, for type checkers)

sys.modules[__name__] = sys.modules["hearts.rl.env_parallel"]
