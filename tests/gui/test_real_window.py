"""The window in a real X server (Xvfb), where xvfb-run is installed
(`apt-get install xvfb libxcb-cursor0`): the xcb platform, not offscreen."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed")
def test_the_window_opens_on_an_x_server(tmp_path):
    out = tmp_path / "x11.png"
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(ROOT))
    r = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", sys.executable, "-m",
                        "tenkatoitsu", "gui", SCENARIO, "--seed", "2", "--play-turns", "1",
                        "--screenshot", str(out)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    if "could not connect to display" in r.stderr or "xcb-cursor0" in r.stderr:
        pytest.skip(f"no usable X server: {r.stderr.strip().splitlines()[-1]}")
    assert r.returncode == 0, r.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1500, 950)
    assert len({img.pixel(x, y) for x in range(0, 1500, 9) for y in range(0, 950, 9)}) > 200
