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

from tenkatoitsu_gui import binding  # noqa: E402

SCENARIO = str(Path(__file__).resolve().parents[2] / "scenarios" / "training.tks")


#: PySide6 6.12.0 on Python 3.11 (see test_binding.py): the GUI would abort Python
BINDING_PROBLEM = binding.problem()


def require_sound_binding() -> None:
    """Skip the calling test module when the binding leaks (test_binding.py fails
    and says what to install), rather than let Python abort the whole run."""
    if BINDING_PROBLEM:
        pytest.skip(f"{BINDING_PROBLEM} (test_binding.py fails)", allow_module_level=True)
