"""The pictures of hearts.svg drawn by a real browser: headless Chromium takes screenshots.

Chromium comes from Debian's ``chromium`` package, which ``.ci/run`` installs when it is
missing and sets ``HEARTS_REQUIRE_BROWSER=1``, so that in CI a missing browser fails these
tests instead of skipping them. Elsewhere (no Chromium, or no apt to install it with) they
are skipped with a message that says how to run them. ``HEARTS_CHROMIUM`` names another
Chromium or Chrome binary.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

import hearts
from hearts import Rules, svg


def chromium() -> str:
    """The browser's path, or skip (fail in CI) with what to install."""
    for name in (
        os.environ.get("HEARTS_CHROMIUM"),
        "chromium",
        "chromium-browser",
        "google-chrome",
    ):
        path = shutil.which(name) if name else None
        if path:
            return path
    message = (
        "headless Chromium is not installed: on Debian or Ubuntu, `apt-get install chromium` "
        "(.ci/run does it), or set HEARTS_CHROMIUM to a Chromium or Chrome binary"
    )
    if os.environ.get("HEARTS_REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(message)


def screenshot(picture: str, width: int, height: int, tmp_path: Path) -> Image.Image:
    """The picture as Chromium draws it, in a window of the given size."""
    page = tmp_path / "picture.svg"
    page.write_text(picture, encoding="utf-8")
    png = tmp_path / "picture.png"
    with tempfile.TemporaryDirectory() as profile:
        # The flags keep a root, sandbox-less, offline machine's Chromium quiet and quick.
        command = [
            chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--hide-scrollbars", f"--user-data-dir={profile}",
            f"--window-size={width},{height}", f"--screenshot={png}", page.as_uri(),
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert png.exists(), (
        f"Chromium made no screenshot (exit {done.returncode}): {done.stderr[-2000:]}"
    )
    return Image.open(png).convert("RGB")


def share_near(image: Image.Image, colour: str, tolerance: int = 40) -> float:
    """The share of the image's pixels within ``tolerance`` of ``colour`` (#rrggbb)."""
    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    pixels = image.getcolors(maxcolors=1 << 24) or []
    near = sum(
        count
        for count, rgb in pixels
        if all(
            abs(channel - wanted) <= tolerance for channel, wanted in zip(rgb, target, strict=True)
        )
    )
    return near / (image.width * image.height)


def mid_trick() -> hearts.State:
    state = hearts.new_game(Rules(), seed=5)
    while not (
        state.phase is hearts.Phase.PLAY and len(state.tricks) == 4 and len(state.trick) == 2
    ):
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    return state


def test_a_table_is_drawn_with_its_cards(tmp_path: Path) -> None:
    """The table fills the window: the felt, white card faces, red and black suits."""
    image = screenshot(svg.table(mid_trick(), size=1280), 1280, 960, tmp_path)
    most = max(image.getcolors(maxcolors=1 << 24) or [(0, None)])[0]
    assert most / (image.width * image.height) < 0.9, "the screenshot is (nearly) one colour"
    assert share_near(image, svg._TABLE, 8) > 0.3  # the table
    assert share_near(image, "#ffffff", 8) > 0.05  # card faces
    assert share_near(image, svg._RED) > 0.001  # hearts and diamonds
    assert share_near(image, svg._BLACK) > 0.001  # clubs, spades and the text


def test_a_view_shows_hidden_hands_face_down(tmp_path: Path) -> None:
    image = screenshot(svg.table(hearts.view(mid_trick(), 0)), 960, 720, tmp_path)
    assert share_near(image, svg._BACK, 12) > 0.02  # three hands of card backs


def first_moon() -> hearts.HandResult:
    """The first hand, over seeds 0, 1, ..., in which always playing the first legal move shoots."""
    for seed in range(500):
        state = hearts.new_game(seed=seed)
        while not state.results:
            state = hearts.apply(state, hearts.legal_moves(state)[0])
        if state.results[0].shooter is not None:
            return state.results[0]
    raise AssertionError("no seed below 500 gives a moon")


def test_a_result_is_drawn(tmp_path: Path) -> None:
    image = screenshot(svg.result(first_moon()), 840, 260, tmp_path)
    assert share_near(image, svg._HIGHLIGHT, 60) > 0.01  # the shooter's row
    assert share_near(image, svg._INK, 40) > 0.005  # the text
