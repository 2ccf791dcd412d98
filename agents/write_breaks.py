"""Search every standard break and write ``agents/data/breaks.json`` (atomically).

    .venv/bin/python -m agents.write_breaks

The searches are :func:`agents.breaks.searched_table`'s (one process per core). A module of its
own, so that running it does not run ``agents.breaks`` a second time beside the copy the
package imports.
"""

from __future__ import annotations

import json
from pathlib import Path

from agents.breaks import BREAKS_FILE, searched_table
from rules.files import write_atomic


def main() -> None:
    """Search every standard break and write the table next to the package's code."""
    path = Path(__file__).parent / BREAKS_FILE
    table = searched_table()
    write_atomic(path, json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(f"{len(table)} breaks written to {path}")


if __name__ == "__main__":
    main()
