"""Build the xinxin bridge: ``bridge.cpp`` compiled with a xinxin source tree you point to.

xinxin (Nathan Sturtevant's Hearts program, https://github.com/nathansttt/hearts) is
GPL-3.0, so this repository holds none of its code: clone it yourself, then

    python benchmarks/xinxin/compile_bridge.py --xinxin ~/src/hearts

compiles every ``.cpp`` file of that tree except its ``main.cpp``, with ``bridge.cpp``, into
one shared library, ``benchmarks/xinxin/build/libxinxin_bridge.so`` (ignored by git, and
rebuilt only when a source is newer). ``--xinxin`` defaults to the ``XINXIN_SRC``
environment variable. It needs a C++11 compiler (``$CXX``, else ``c++``); the build takes
about a minute.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BRIDGE = HERE / "bridge.cpp"
LIBRARY = HERE / "build" / "libxinxin_bridge.so"
# Files a xinxin tree must have: the bridge includes the first three, and main.cpp shows
# it is the program we mean.
REQUIRED = ("Hearts.h", "iiMonteCarlo.h", "UCT.h", "main.cpp")


class BuildError(RuntimeError):
    """The bridge could not be built; the message says why and what to do."""


def source_tree(path: str | os.PathLike[str] | None = None) -> Path:
    """The xinxin tree named by ``path`` or ``$XINXIN_SRC``, checked to hold xinxin."""
    named = path if path is not None else os.environ.get("XINXIN_SRC")
    if not named:
        raise BuildError(
            "No xinxin source tree was named: pass --xinxin PATH or set XINXIN_SRC to a "
            "clone of https://github.com/nathansttt/hearts."
        )
    tree = Path(named).expanduser().resolve()
    missing = [name for name in REQUIRED if not (tree / name).is_file()]
    if missing:
        raise BuildError(
            f"{tree} is not a xinxin source tree: it has no {', '.join(missing)}. Clone "
            "https://github.com/nathansttt/hearts and name that folder."
        )
    return tree


def build(path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
    """Compile the bridge against the xinxin tree at ``path``; return the library's path."""
    tree = source_tree(path)
    sources = sorted(p for p in tree.glob("*.cpp") if p.name != "main.cpp")
    newest = max(p.stat().st_mtime for p in [*sources, BRIDGE, Path(__file__)])
    stamp = LIBRARY.with_suffix(".source")
    if (
        not force
        and LIBRARY.exists()
        and LIBRARY.stat().st_mtime >= newest
        and stamp.exists()
        and stamp.read_text() == str(tree)
    ):
        return LIBRARY
    compiler = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        raise BuildError("No C++ compiler was found: install one (g++ or clang++) or set CXX.")
    LIBRARY.parent.mkdir(exist_ok=True)
    command = [
        *shlex.split(compiler), "-std=c++11", "-O3", "-fPIC", "-shared", "-pthread", "-w",
        f"-I{tree}", "-o", str(LIBRARY), str(BRIDGE), *map(str, sources),
    ]  # fmt: skip
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(
            f"Compiling the bridge against {tree} failed ({done.returncode}):\n"
            + done.stderr[-4000:]
        )
    stamp.write_text(str(tree))
    return LIBRARY


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xinxin", help="the xinxin source tree (default: $XINXIN_SRC)")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    options = parser.parse_args(argv)
    try:
        library = build(options.xinxin, force=options.force)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 2
    print(library)
    return 0


if __name__ == "__main__":
    sys.exit(main())
