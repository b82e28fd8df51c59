"""The pure wheel's one notice (hearts._pure_notice): when it is due, and that it is said once.

The decision is tested on its arguments; one test imports a copy of the package laid out as
pip installs it (no ``hatch_build.py`` beside it) in fresh interpreters, and sees the
notice once, then never, and never with ``HEARTS_QUIET_PURE=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from hearts import _pure_notice
from hearts._pure_notice import (
    PureBuildWarning,
    cache_dir,
    from_source_tree,
    marker_name,
    notice_once,
    should_notice,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def installed(tmp_path: Path) -> str:
    """A package folder as pip installs it: in site-packages, no source tree around it."""
    package = tmp_path / "site-packages" / "hearts"
    package.mkdir(parents=True)
    return str(package)


def test_the_clone_and_its_editable_install_are_a_source_tree() -> None:
    assert from_source_tree(str(ROOT / "hearts"))
    assert not should_notice(False, str(ROOT / "hearts"), {})


def test_a_pure_wheel_is_noticed(installed: str) -> None:
    assert should_notice(False, installed, {}, platform="linux", implementation="cpython")
    assert should_notice(False, installed, {"HEARTS_QUIET_PURE": "0"}, "win32", "cpython")


@pytest.mark.parametrize(
    ("compiled", "environ", "platform", "implementation"),
    [
        (True, {}, "linux", "cpython"),  # the compiled build
        (False, {"HEARTS_QUIET_PURE": "1"}, "linux", "cpython"),  # silenced
        (False, {"HEARTS_QUIET_PURE": "yes"}, "darwin", "cpython"),
        (False, {}, "emscripten", "cpython"),  # Pyodide: no compiled wheel can exist
        (False, {}, "wasi", "cpython"),
        (False, {}, "linux", "pypy"),  # mypyc compiles for CPython alone
    ],
)
def test_no_notice_where_it_is_not_due(
    installed: str, compiled: bool, environ: dict[str, str], platform: str, implementation: str
) -> None:
    assert not should_notice(compiled, installed, environ, platform, implementation)


def test_the_cache_folder_of_each_system() -> None:
    home = os.path.abspath("home")
    assert cache_dir({"HOME": home}, "linux") == os.path.join(home, ".cache", "hearts-rules")
    xdg = os.path.abspath("xdg")
    assert cache_dir({"HOME": home, "XDG_CACHE_HOME": xdg}, "linux") == os.path.join(
        xdg, "hearts-rules"
    )
    assert cache_dir({"HOME": home}, "darwin") == os.path.join(
        home, "Library", "Caches", "hearts-rules"
    )
    local = os.path.abspath("local")
    assert cache_dir({"LOCALAPPDATA": local}, "win32") == os.path.join(local, "hearts-rules")
    assert cache_dir({}, "linux") is None
    assert cache_dir({"XDG_CACHE_HOME": "relative"}, "linux") is None  # not a usable base


def test_one_marker_per_installation_and_version(tmp_path: Path) -> None:
    one, two = str(tmp_path / "a" / "hearts"), str(tmp_path / "b" / "hearts")
    assert marker_name(one, "1.0.0") == marker_name(one, "1.0.0")
    assert (
        len({marker_name(one, "1.0.0"), marker_name(two, "1.0.0"), marker_name(one, "1.0.1")}) == 3
    )


def test_the_notice_is_given_once(installed: str, tmp_path: Path) -> None:
    environ = {"HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    environ["LOCALAPPDATA"] = environ["XDG_CACHE_HOME"]
    folder = cache_dir(environ)
    assert folder is not None
    with pytest.warns(PureBuildWarning, match=r"^hearts-rules 9\.9\.9 is the pure-Python build"):
        assert notice_once(False, "9.9.9", installed, environ)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not notice_once(False, "9.9.9", installed, environ)  # said: no warning again
    assert os.listdir(folder) == [marker_name(installed, "9.9.9")]


def test_a_filter_that_makes_warnings_errors_never_fails_the_import(
    installed: str, tmp_path: Path
) -> None:
    """Under ``-W error`` the notice is not raised, and waits for an import without it."""
    environ = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "LOCALAPPDATA": str(tmp_path / "cache")}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not notice_once(False, "9.9.9", installed, environ)
    with pytest.warns(PureBuildWarning):
        assert notice_once(False, "9.9.9", installed, environ)


def test_nothing_is_said_where_nothing_can_be_recorded(installed: str, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    environ = {"XDG_CACHE_HOME": str(blocked), "LOCALAPPDATA": str(blocked), "HOME": str(blocked)}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not notice_once(False, "9.9.9", installed, environ)
        assert not notice_once(False, "9.9.9", installed, {})


def test_the_message_says_how_to_compile_and_how_to_silence() -> None:
    text = _pure_notice.message("1.2.3")
    assert "HEARTS_COMPILE=auto pip install" in text
    assert "HEARTS_QUIET_PURE=1" in text
    assert _pure_notice.DOCS in text


def test_an_installed_pure_package_says_so_on_its_first_import_only(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    shutil.copytree(
        ROOT / "hearts",
        site / "hearts",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    home = tmp_path / "home"
    environ = {
        **{k: v for k, v in os.environ.items() if k not in ("HEARTS_QUIET_PURE", "PYTHONWARNINGS")},
        "PYTHONPATH": str(site),
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / "cache"),
        "LOCALAPPDATA": str(home / "cache"),
    }
    code = "import hearts; assert not hearts.compiled; print(hearts.__file__)"

    def stderr(**extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=tmp_path,
            env={**environ, **extra},
            capture_output=True,
            text=True,
            check=True,
        )
        assert Path(done.stdout.strip()).parent == site / "hearts"
        return done.stderr

    assert stderr(HEARTS_QUIET_PURE="1") == ""
    assert stderr(PYTHONWARNINGS="error") == ""  # the import does not fail, nothing is said
    first = stderr()
    assert first.count("PureBuildWarning: hearts-rules") == 1, first
    assert "no compiled wheel was installed" in first
    assert stderr() == ""
