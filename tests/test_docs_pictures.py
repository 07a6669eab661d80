"""Every picture in the docs comes from a command in docs/screenshots.py, and
those commands still run (the full remake is slow: `-m slow`)."""

import re
import runpy
import subprocess
import sys

import pytest

from conftest import ROOT

SHOTS = runpy.run_path(str(ROOT / "docs" / "screenshots.py"))["SHOTS"]


def _pictures_named_in_docs() -> set[str]:
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")]
    texts.append((ROOT / "README.md").read_text(encoding="utf-8"))
    return {m for t in texts for m in re.findall(r"img/([\w-]+)\.png", t)}


def test_every_picture_in_the_docs_has_its_command():
    named = _pictures_named_in_docs()
    assert named, "no picture found in the docs"
    assert named <= set(SHOTS), sorted(named - set(SHOTS))
    assert set(SHOTS) <= named, f"commands for pictures no page shows: {sorted(set(SHOTS) - named)}"
    missing = [n for n in SHOTS if not (ROOT / "docs" / "img" / f"{n}.png").is_file()]
    assert not missing, missing


@pytest.mark.slow
def test_every_picture_can_be_made_again(tmp_path):
    pytest.importorskip("PySide6")
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "screenshots.py"),
                           "--into", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(SHOTS)
