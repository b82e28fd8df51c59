"""``python -m hearts``: the command line (see :mod:`hearts.cli`)."""

import sys

from hearts.cli import main

if __name__ == "__main__":
    sys.exit(main())
