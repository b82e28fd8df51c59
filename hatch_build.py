"""The build hook of the compiled core: the same typed source compiled by mypyc, on request.

``HEARTS_COMPILE=1`` compiles the modules that pyproject.toml lists (through hatch-mypyc)
and fails if it cannot; ``HEARTS_COMPILE=auto`` compiles when a C compiler and Python's
headers are found and builds the pure package, with a note, when compiling is not possible;
unset or ``0`` builds the pure package. An editable install is always pure. mypy and
hatch-mypyc are build dependencies only when compiling, and the compiled files are removed
from the source tree once the wheel holds them, so that a later editable install does not
import stale compiled modules.
"""

from __future__ import annotations

import importlib.util
import os
import pprint
import shutil
import sys
import sysconfig
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_OFF = ("", "0", "no", "false")
_ON = ("1", "yes", "true")
_COMPILER = ["hatch-mypyc>=0.16", "mypy>=1.10"]


def _mode() -> str:
    mode = os.environ.get("HEARTS_COMPILE", "").strip().lower()
    if mode not in (*_OFF, *_ON, "auto"):
        raise ValueError(f"HEARTS_COMPILE must be 0, 1 or auto, got {mode!r}.")
    return "off" if mode in _OFF else "on" if mode in _ON else "auto"


def _can_compile() -> bool:
    """Whether a C compiler and the headers of this Python are there to build extensions."""
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    if not os.path.exists(headers):
        return False
    if sys.platform == "win32":
        return True  # MSVC is found by setuptools itself; a failure falls back below
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None


class CompiledCoreHook(BuildHookInterface):  # type: ignore[misc]
    """hatch-mypyc's hook, switched by ``HEARTS_COMPILE`` and cleaning up after itself."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._mypyc: Any = None
        self._table_dir: str | None = None

    def _ship_docstrings(self, build_data: dict[str, Any]) -> None:
        """Ship the compiled modules' docstrings as a table (hearts._docstrings reads it).

        Parsing the sources at import instead cost the compiled build tens of milliseconds
        on every ``import hearts``.
        """
        spec = importlib.util.spec_from_file_location(
            "_hearts_docstrings", os.path.join(self.root, "hearts", "_docstrings.py")
        )
        assert spec is not None and spec.loader is not None
        docstrings = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(docstrings)
        table = {}
        for path in self.config.get("include", []):
            with open(os.path.join(self.root, path), encoding="utf-8") as file:
                table[path[: -len(".py")].replace("/", ".")] = docstrings.table_of(file.read())
        self._table_dir = tempfile.mkdtemp(prefix="hearts-docstrings-")
        target = os.path.join(self._table_dir, "_docstrings_table.py")
        with open(target, "w", encoding="utf-8") as file:
            file.write(
                '"""The compiled modules\' docstrings, written by hatch_build.py at build time."""\n\n'
                f"DOCSTRINGS = {pprint.pformat(table, width=100)}\n"
            )
        build_data.setdefault("force_include", {})[target] = "hearts/_docstrings_table.py"

    def dependencies(self) -> list[str]:
        mode = _mode()
        if mode == "on" or (mode == "auto" and _can_compile()):
            return list(_COMPILER)
        return []

    def _compiler(self) -> Any:
        if self._mypyc is None:
            # Imported here: hatch-mypyc is installed only when compiling.
            from hatch_mypyc.plugin import MypycBuildHook  # noqa: PLC0415

            self._mypyc = MypycBuildHook(
                self.root,
                self.config,
                self.build_config,
                self.metadata,
                self.directory,
                self.target_name,
                self.app,
            )
        return self._mypyc

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        mode = _mode()
        if mode == "off" or self.target_name != "wheel" or version == "editable":
            return
        if mode == "on":
            self._compiler().initialize(version, build_data)
            self._ship_docstrings(build_data)
            return
        if not _can_compile():
            self.app.display_info(
                "HEARTS_COMPILE=auto: no C compiler or Python headers here; "
                "building the pure-Python package."
            )
            return
        try:
            self._compiler().initialize(version, build_data)
            self._ship_docstrings(build_data)
        except Exception as error:  # a compiler that cannot build: the pure package works too
            self._compiler().clean([version])
            text = str(error).strip()
            reason = text.splitlines()[-1] if text else repr(error)
            self.app.display_warning(
                f"HEARTS_COMPILE=auto: compiling failed ({reason}); building the pure-Python "
                "package."
            )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if not build_data.get("pure_python", True):
            self._compiler().clean([version])
        if self._table_dir is not None:
            shutil.rmtree(self._table_dir, ignore_errors=True)
            self._table_dir = None


def get_build_hook() -> type[CompiledCoreHook]:
    """The hook class, for hatchling."""
    return CompiledCoreHook
