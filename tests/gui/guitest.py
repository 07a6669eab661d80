"""Shared by the GUI tests (not a conftest: tests import tests/conftest.py by
name). Offscreen Qt; the module importing this is skipped without PySide6 or
pytest-qt. The GUI package is the repository's gui/ folder."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from tenkatoitsu.cli import load_gui_package  # noqa: E402

load_gui_package()

SCENARIO = str(Path(__file__).resolve().parents[2] / "scenarios" / "training.tks")
