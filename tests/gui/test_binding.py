"""The Qt binding must not take references from None: PySide6 6.12.0 on
Python 3.11 does, once per call of a method returning nothing (QPainter.setBrush,
...), and Python aborts with "none_dealloc" after a few thousand such calls:
a map repainted a few times. pyproject excludes that version; this catches any
other that does the same."""

from guitest import binding  # noqa: I001 (first: offscreen Qt or skip)

import sys

import pytest


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12")
def test_void_qt_calls_keep_none_alive(qapp):
    import PySide6

    taken = binding.none_refs_taken(20_000)
    assert taken < 1_000, (
        f"PySide6 {PySide6.__version__} takes a reference from None at every call: the GUI "
        f"would abort; install another version: python3 -m pip install -e \".[dev]\"")
