"""What ``import hearts`` costs: its time and the modules it loads, in each build.

Each run is a fresh interpreter, ``python -X importtime -c "import hearts"``; the figure
is the cumulative time of the ``hearts`` package in its report (the interpreter's own
start is not counted), the median over ``--repeat`` runs. Bytecode is cached as usual
(a first run writes it). The module count is ``len(sys.modules)`` after ``import hearts`` (the interpreter starts with some 30), and the
heavy standard modules a game does not need are named if any is loaded.

Usage: ``python benchmarks/import_time.py [--quick] [--repeat N] [PYTHON ...]``. By
default the interpreters are ``.venv/bin/python`` (the editable, pure install) and
``.venv-compiled/bin/python`` (the compiled wheel, as ``.ci/run`` builds it), each where
it exists; with ``--quick``, the running interpreter only, three runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("multiprocessing", "concurrent", "asyncio", "urllib", "http", "email", "xml")
"""Top-level packages ``import hearts`` must not load (docs/performance.md)."""

# Bytecode is written and read as on a user's machine: an interpreter that compiles every
# module from source (PYTHONDONTWRITEBYTECODE) would time the compiler.
_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}

_PROBE = "import sys, json, hearts; print(json.dumps([hearts.compiled, sorted(sys.modules)]))"


def import_time_ms(python: str) -> float:
    """The cumulative time, in ms, of ``import hearts`` in a fresh ``python``."""
    report = subprocess.run(
        [python, "-X", "importtime", "-c", "import hearts"],
        capture_output=True, text=True, check=True, cwd=ROOT, env=_ENV,
    ).stderr  # fmt: skip
    for line in reversed(report.splitlines()):
        parts = [part.strip() for part in line.split("|")]
        if len(parts) == 3 and parts[2] == "hearts":
            return int(parts[1]) / 1000
    raise RuntimeError(f"{python} -X importtime printed no line for the hearts package.")


def loaded(python: str) -> tuple[bool, list[str]]:
    """Whether ``python``'s hearts is compiled, and the modules loaded by ``import hearts``."""
    out = subprocess.run(
        [python, "-c", _PROBE], capture_output=True, text=True, check=True, cwd=ROOT, env=_ENV
    ).stdout
    compiled, modules = json.loads(out)
    return bool(compiled), list(modules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pythons", nargs="*", help="interpreters to measure")
    parser.add_argument("--repeat", type=int, default=15, help="runs per interpreter (15)")
    parser.add_argument("--quick", action="store_true", help="this interpreter, 3 runs")
    args = parser.parse_args()
    if args.quick:
        pythons, repeat = [sys.executable], 3
    else:
        defaults = [ROOT / ".venv/bin/python", ROOT / ".venv-compiled/bin/python"]
        pythons = args.pythons or [str(path) for path in defaults if path.exists()]
        repeat = args.repeat
    print(f"import hearts: median of {repeat} fresh interpreters")
    print(f"{'build':10} {'ms':>7} {'modules':>8}  heavy modules loaded")
    for python in pythons:
        compiled, modules = loaded(python)  # also the warm-up: the bytecode is written
        times = [import_time_ms(python) for _ in range(repeat)]
        heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY)
        build = "compiled" if compiled else "pure"
        print(
            f"{build:10} {statistics.median(times):7.1f} {len(modules):8}  "
            f"{', '.join(heavy) or 'none'}   ({python})"
        )


if __name__ == "__main__":
    main()
