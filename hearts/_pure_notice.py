"""The pure wheel's one notice: pip found no compiled wheel, and this is the fallback.

Where a compiled wheel exists (CPython 3.10 to 3.13 on Linux, macOS and Windows), pip
installs it; elsewhere it installs the pure-Python wheel, or builds it from the sdist,
which play the same rules more slowly. ``import hearts`` in such an installation issues a
:class:`PureBuildWarning` once per installation (its path and version), recorded by an
empty file in the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``,
``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows, under ``hearts-rules/``).
Where nothing can be recorded there, nothing is said: the notice is never repeated.

It is not issued by the compiled build, nor where the package is imported from its
source tree (a clone, or an editable install: the tests, the docs, contributors), nor
where no compiled build can exist (Pyodide and other WebAssembly Pythons, PyPy and other
implementations that mypyc does not compile for), nor when ``HEARTS_QUIET_PURE`` is set
to anything but ``0`` (or a warnings filter ignores it). A filter that turns warnings
into errors does not make the import fail: the notice then waits for an import without
one. ``hearts.compiled`` and
``hearts --version`` say which build runs at any time.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Mapping

QUIET = "HEARTS_QUIET_PURE"
"""The environment variable that silences the notice (any value but empty or ``0``)."""

DOCS = "https://hearts-rules.readthedocs.io/en/latest/performance.html#the-compiled-core"


class PureBuildWarning(UserWarning):
    """Issued once, by ``import hearts``, where pip installed the pure-Python wheel."""


def from_source_tree(package_dir: str) -> bool:
    """Whether the package at ``package_dir`` is a clone's (editable or on the path)."""
    return os.path.exists(os.path.join(os.path.dirname(package_dir), "hatch_build.py"))


def should_notice(
    compiled: bool,
    package_dir: str,
    environ: Mapping[str, str],
    platform: str = sys.platform,
    implementation: str = sys.implementation.name,
) -> bool:
    """Whether this installation is a pure wheel where a compiled one could have been."""
    if compiled or environ.get(QUIET, "").strip() not in ("", "0"):
        return False
    if platform in ("emscripten", "wasi") or implementation != "cpython":
        return False  # mypyc compiles for CPython alone, and no wheel is built for WebAssembly
    return not from_source_tree(package_dir)


def cache_dir(environ: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """The user's cache folder for this library, or None where there is none to find."""
    if platform == "win32":
        base = environ.get("LOCALAPPDATA", "")
    elif platform == "darwin":
        base = os.path.join(environ["HOME"], "Library", "Caches") if "HOME" in environ else ""
    else:
        base = environ.get("XDG_CACHE_HOME", "") or (
            os.path.join(environ["HOME"], ".cache") if "HOME" in environ else ""
        )
    return os.path.join(base, "hearts-rules") if os.path.isabs(base) else None


def marker_name(package_dir: str, version: str) -> str:
    """The marker file's name: one per installation (its folder) and version."""
    digest = 0xCBF29CE484222325  # FNV-1a, 64 bits: stable across processes, unlike hash()
    for byte in os.path.abspath(package_dir).encode("utf-8", "surrogatepass"):
        digest = ((digest ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"pure-notice-{version}-{digest:016x}"


def record(marker: str) -> bool:
    """Create ``marker``; False if it was already there or cannot be written."""
    try:
        os.makedirs(os.path.dirname(marker), exist_ok=True)
        with open(marker, "x", encoding="utf-8"):
            pass
    except OSError:  # FileExistsError included: another process said it first
        return False
    return True


def message(version: str) -> str:
    """The notice's text."""
    python = f"CPython {sys.version_info[0]}.{sys.version_info[1]} on {sys.platform}"
    return (
        f"hearts-rules {version} is the pure-Python build: no compiled wheel was installed "
        f"for {python}. It plays the same rules, more slowly ({DOCS}). To compile the core "
        "where a C compiler is found: HEARTS_COMPILE=auto pip install --force-reinstall "
        f"--no-binary hearts-rules hearts-rules. Said once; {QUIET}=1 silences it."
    )


def notice_once(
    compiled: bool,
    version: str,
    package_dir: str = os.path.dirname(os.path.abspath(__file__)),
    environ: Mapping[str, str] = os.environ,
) -> bool:
    """Issue the :class:`PureBuildWarning` if it is due and not yet given; whether it was."""
    if not should_notice(compiled, package_dir, environ):
        return False
    folder = cache_dir(environ)
    if folder is None or not record(os.path.join(folder, marker_name(package_dir, version))):
        return False
    try:
        warnings.warn(message(version), PureBuildWarning, stacklevel=2)
    except PureBuildWarning:
        # A filter made it an error (``-W error``, pytest's ``filterwarnings = error``): a
        # notice never makes ``import hearts`` fail. Said at the next import without one.
        os.remove(os.path.join(folder, marker_name(package_dir, version)))
        return False
    return True
