"""Instructions per random deal, counted by valgrind: a figure that the machine's load does not move.

Timings on a shared two-core machine move by 10-20% from run to run, which hides the
changes of a few percent that speed work is made of. ``valgrind --tool=callgrind`` counts
the instructions the interpreter executes instead: the same program gives the same count
within a fraction of a percent, whatever else the machine is doing (slower, about fifty
times, so the workloads are small).

Each workload runs in two processes under callgrind, one that plays ``--warm`` deals and
one that plays ``--warm`` and then ``--deals`` more; the difference, divided by
``--deals``, is what a deal costs once the engine's tables are warm (the first deals fill
the tables of what each play reveals, which would otherwise count). The workloads are
those of ``benchmarks/playout.py``: whole random deals from new standard games through the
``legal_moves``/``apply`` loop, and through one :func:`hearts.playout` per deal.

Usage: ``python benchmarks/instructions.py [--quick] [--deals N] [--warm N] [--python PY]``.
By default the interpreter is this one (``.venv/bin/python`` for the pure build, a
compiled wheel's environment for the other). Where valgrind is missing, it says so and
exits 0.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

WORKLOAD = r"""
import random
import sys

sys.path.insert(0, {here!r})
from playout import play_deals

import hearts

rules = hearts.Rules()


def loop(deals, seed):
    play_deals(rules, deals, seed)


def playouts(deals, seed):
    rng = random.Random(seed)
    for number in range(deals):
        hearts.playout(hearts.new_game(rules, seed=seed + number), rng)


run = {{"loop": loop, "playout": playouts}}[{workload!r}]
run({warm}, 1)
if {deals}:
    run({deals}, 10**6)
print("compiled" if hearts.compiled else "pure", end="")
"""

WORKLOADS = {
    "loop": "random deals, legal_moves/apply loop",
    "playout": "random deals, one hearts.playout each",
}


def count(python: str, workload: str, warm: int, deals: int) -> tuple[int, str]:
    """The instructions callgrind counted for one process, and the build it ran."""
    code = WORKLOAD.format(here=str(HERE), workload=workload, warm=warm, deals=deals)
    with tempfile.TemporaryDirectory() as folder:
        out = f"--callgrind-out-file={folder}/out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", out, python, "-c", code],
            capture_output=True,
            text=True,
            check=False,
            cwd=folder,  # not the clone's root, whose hearts/ would shadow an installed build
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"valgrind failed (exit {done.returncode}): {done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few deals (CI)")
    parser.add_argument("--deals", type=int, help="deals counted (default 60; 4 quick)")
    parser.add_argument("--warm", type=int, help="deals played first (default 400; 10 quick)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter measured")
    args = parser.parse_args()
    deals = args.deals or (4 if args.quick else 60)
    warm = args.warm if args.warm is not None else (10 if args.quick else 400)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind): nothing counted.")
        return
    print(f"Instructions per deal, counted by callgrind ({args.python}; {warm} deals first):")
    print()
    print("| workload | build | instructions per deal |")
    print("|---|---|--:|")
    for workload, name in WORKLOADS.items():
        before, build = count(args.python, workload, warm, 0)
        after, _ = count(args.python, workload, warm, deals)
        print(f"| {name} | {build} | {(after - before) / deals:,.0f} |")
    if args.quick:
        print()
        print(f"(--quick: {deals} deals after {warm}: the tables are not warm, the counts high)")


if __name__ == "__main__":
    main()
