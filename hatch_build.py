"""The build hook of the compiled core: the same typed source compiled by mypyc, on request.

``HEARTS_COMPILE=1`` compiles the modules that pyproject.toml lists (through hatch-mypyc)
and fails if it cannot; ``HEARTS_COMPILE=auto`` compiles when a C compiler and Python's
headers are found and builds the pure package, with a note, when compiling is not possible;
unset or ``0`` builds the pure package. An editable install is always pure. The compiled
files are removed from the source tree once the wheel holds them, so that a later editable
install does not import stale compiled modules.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook

_OFF = ("", "0", "no", "false")
_ON = ("1", "yes", "true")


def _can_compile() -> bool:
    """Whether a C compiler and the headers of this Python are there to build extensions."""
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    if not os.path.exists(headers):
        return False
    if sys.platform == "win32":
        return True  # MSVC is found by setuptools itself; a failure falls back below
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None or shutil.which("cc") is not None


class CustomBuildHook(MypycBuildHook):  # type: ignore[misc]
    """hatch-mypyc's hook, switched by ``HEARTS_COMPILE`` and cleaning up after itself."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        mode = os.environ.get("HEARTS_COMPILE", "").strip().lower()
        if mode in _OFF or self.target_name != "wheel" or version == "editable":
            return
        if mode in _ON:
            super().initialize(version, build_data)
            return
        if mode != "auto":
            raise ValueError(f"HEARTS_COMPILE must be 0, 1 or auto, got {mode!r}.")
        if not _can_compile():
            self.app.display_info(
                "HEARTS_COMPILE=auto: no C compiler or Python headers here; "
                "building the pure-Python package."
            )
            return
        try:
            super().initialize(version, build_data)
        except Exception as error:  # a compiler that cannot build: the pure package works too
            self.clean([version])
            reason = str(error).strip().splitlines()[-1] if str(error).strip() else repr(error)
            self.app.display_warning(
                f"HEARTS_COMPILE=auto: compiling failed ({reason}); building the pure-Python "
                "package."
            )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if not build_data.get("pure_python", True):
            self.clean([version])


def get_build_hook() -> type[CustomBuildHook]:
    """The hook class, for hatchling (the module also holds hatch-mypyc's own)."""
    return CustomBuildHook
