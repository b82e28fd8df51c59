"""``import hearts`` loads what a game needs and nothing heavy (docs/performance.md).

A server, a bot process or a simulation worker imports the library before it can do
anything: the bots, the simulation (``concurrent.futures``, ``multiprocessing``) and the
record schema's package resources are imported when first used, the SVG text is escaped
with ``html.escape`` (``xml.sax.saxutils`` would bring in ``urllib``, ``http`` and
``email``), and every public name still resolves.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import hearts

HEAVY = ("multiprocessing", "concurrent", "asyncio", "urllib", "http", "email", "xml")
MAX_MODULES = 150


def modules_after(code: str) -> list[str]:
    """The modules loaded in a fresh interpreter after ``code``."""
    # The names are taken before the probe imports json to print them.
    probe = (
        f"{code}; import sys; names = sorted(sys.modules); import json; print(json.dumps(names))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return list(json.loads(out.splitlines()[-1]))


def test_import_hearts_loads_no_heavy_module() -> None:
    modules = modules_after("import hearts")
    heavy = [name for name in modules if name.split(".")[0] in HEAVY]
    assert not heavy, f"import hearts loads {', '.join(heavy)}"
    assert len(modules) <= MAX_MODULES, f"import hearts loads {len(modules)} modules"


def test_a_game_pictures_and_records_need_no_heavy_module() -> None:
    modules = modules_after(
        "import hearts; s = hearts.new_game(hearts.Rules(), seed=1); "
        "s = hearts.apply(s, hearts.legal_moves(s)[0]); str(s); s._repr_svg_(); "
        "hearts.state_from_dict(hearts.state_to_dict(s))"
    )
    heavy = [name for name in modules if name.split(".")[0] in HEAVY]
    assert not heavy, f"playing, drawing and a record load {', '.join(heavy)}"


def test_the_simulation_is_loaded_when_first_used() -> None:
    modules = modules_after("import hearts; hearts.tournament")
    assert "hearts.bots.simulation" in modules
    assert "concurrent.futures" in modules
    assert "hearts.bots.simulation" not in modules_after("import hearts")


@pytest.mark.parametrize("name", hearts.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(hearts, name) is not None or name == "__version__"
    assert name in dir(hearts)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"^module 'hearts' has no attribute 'playout2'$"):
        hearts.playout2  # type: ignore[attr-defined]  # noqa: B018


def test_from_hearts_import_star_gives_every_public_name() -> None:
    names: dict[str, object] = {}
    exec("from hearts import *", names)
    assert set(hearts.__all__) <= set(names)


def test_a_value_with_no_drawing_says_so() -> None:
    with pytest.raises(hearts.HeartsError, match=r"^There is no picture of a int value"):
        hearts.game.hooks.svg_of(3)
