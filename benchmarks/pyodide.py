"""The pure package in Pyodide (WebAssembly, under Node.js) against CPython, same workload.

The workload is the loop of ``benchmarks/playout.py``: whole random deals (deal, pass, 52
plays) from new standard games, each move drawn with ``rng.randrange(len(moves))``, through
``legal_moves``/``apply``, seeded. It runs here (the running interpreter's ``hearts``,
pure in ``.venv``) and in the npm copy of Pyodide in ``tests/js/node_modules`` with the
pure wheel of this tree and pip's attrs and typing-extensions wheels unpacked into it
(``tests/js/run_pyodide.mjs``, as ``tests/test_pyodide.py`` does). Each figure is wall
time per deal (Pyodide has no process clock), the median over ``--repeat`` runs after one
warm-up deal; the ratio is Pyodide's time over CPython's.

Usage: ``python benchmarks/pyodide.py [--quick] [--deals N] [--repeat N]``. Where Node.js
or the npm copy of Pyodide is missing (``npm ci`` in ``tests/js``), it says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "tests" / "js"
PYODIDE = JS / "node_modules" / "pyodide"

WORKLOAD = r"""
import json
import random
import statistics
import time

import hearts


def play_deals(rules, deals, seed):
    rng = random.Random(seed)
    legal_moves, apply, randrange = hearts.legal_moves, hearts.apply, rng.randrange
    for deal in range(deals):
        state = hearts.new_game(rules, seed=seed + deal)
        while not state.results:
            moves = legal_moves(state)
            state = apply(state, moves[randrange(len(moves))])


def measure(deals, repeat):
    rules = hearts.Rules()
    play_deals(rules, 1, 0)  # warm-up
    times = []
    for run in range(repeat):
        start = time.perf_counter()
        play_deals(rules, deals, 1 + run * deals)
        times.append((time.perf_counter() - start) / deals * 1e6)
    return {"us_per_deal": statistics.median(times), "compiled": hearts.compiled}
"""


def wheels(out: Path) -> list[Path]:
    """The pure wheel of this tree, and pip's wheels of attrs and typing-extensions."""
    env = {name: value for name, value in os.environ.items() if name != "HEARTS_COMPILE"}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    pip = [sys.executable, "-m", "pip", "--quiet"]
    for command in (
        [*pip, "wheel", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
        [*pip, "download", "--only-binary=:all:", "--no-deps", "--dest", str(out),
         "attrs", "typing-extensions"],
    ):  # fmt: skip
        subprocess.run(command, check=True, env=env, capture_output=True, text=True)
    return sorted(out.glob("*.whl"))


def in_pyodide(node: str, deals: int, repeat: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "workload.py"
        script.write_text(
            WORKLOAD
            + f"\nfound = measure({deals}, {repeat})\n"
            + "import sys\nfound['python'] = sys.version.split()[0]\njson.dumps(found)\n",
            encoding="utf-8",
        )
        command = [node, str(JS / "run_pyodide.mjs"), str(script)]
        command += [str(wheel) for wheel in wheels(Path(folder))]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"Pyodide failed:\n{done.stderr[-4000:]}")
        return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def in_cpython(deals: int, repeat: int) -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec(compile(WORKLOAD, "WORKLOAD", "exec"), namespace)
    found = dict(namespace["measure"](deals, repeat))  # type: ignore[operator]
    found["python"] = platform.python_version()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small workload, to check it runs")
    parser.add_argument("--deals", type=int, default=300, help="deals per run (default 300)")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the median is shown")
    arguments = parser.parse_args()
    deals, repeat = (20, 1) if arguments.quick else (arguments.deals, arguments.repeat)
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").is_file():
        print(
            "Node.js or the npm copy of Pyodide (npm ci in tests/js) is missing: nothing measured."
        )
        return
    cpython = in_cpython(deals, repeat)
    pyodide = in_pyodide(node, deals, repeat)
    build = "compiled" if cpython["compiled"] else "pure"
    print(f"random deals through legal_moves/apply, Rules(), {deals} deals x {repeat} runs:")
    print(f"  CPython {cpython['python']} ({build}):  {cpython['us_per_deal']:8.0f} µs/deal")
    print(f"  Pyodide (Python {pyodide['python']}, pure): {pyodide['us_per_deal']:8.0f} µs/deal")
    ratio = float(pyodide["us_per_deal"]) / float(cpython["us_per_deal"])  # type: ignore[arg-type]
    print(f"  Pyodide / CPython: {ratio:.2f}x")


if __name__ == "__main__":
    main()
