"""``python -m cuesim``: the same as the ``cuesim`` console script."""

from __future__ import annotations

import sys

from cuesim.cli import main

if __name__ == "__main__":
    sys.exit(main())
