"""A check of the Qt binding before the window opens.

PySide6 6.12.0 on Python 3.11 takes a reference from None at every call of a
Qt method that returns nothing (QPainter.setBrush, ...); after a few thousand
calls, a map repainted a few times, Python aborts ("none_dealloc"). pyproject
excludes that version; this finds any binding that does the same."""

from __future__ import annotations

import ctypes
import sys

_SPARE: list = []  # references to None kept for good, so that a leak cannot abort the check


def none_refs_taken(calls: int = 2_000) -> int:
    """References to None that `calls` void Qt calls take away: about `calls`
    with a leaking binding, near 0 with a sound one."""
    from PySide6.QtGui import QColor, QImage, QPainter

    spare = [None] * (2 * calls)
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(spare))  # never freed, not even at exit
    _SPARE.append(spare)
    img = QImage(8, 8, QImage.Format.Format_ARGB32)
    p = QPainter(img)
    colour = QColor(1, 2, 3)
    before = sys.getrefcount(None)
    for _ in range(calls):
        p.setBrush(colour)
    after = sys.getrefcount(None)
    p.end()
    return before - after


def problem() -> str | None:
    """Why this binding cannot run the GUI, or None."""
    if sys.version_info >= (3, 12):  # None is immortal
        return None
    calls = 2_000
    if none_refs_taken(calls) > calls // 2:
        import PySide6

        return (f"PySide6 {PySide6.__version__} on Python {sys.version_info.major}."
                f"{sys.version_info.minor} takes a reference from None at every Qt call and "
                f"would abort Python; install another version: "
                f"python3 -m pip install -e \".[gui]\" (it excludes 6.12.0)")
    return None
