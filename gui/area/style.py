"""Colours and fonts shared by the area-map views: a colour read from the
scenario (else a stock one), the ink that reads on a colour, the map's font,
and one colour a player or colour set with no two alike."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont


def colour(text: str | None, fallback: tuple[str, ...], i: int = 0) -> QColor:
    """`text` as a colour, else the `i`-th stock one of `fallback`."""
    c = QColor(text) if text else QColor()
    return c if c.isValid() else QColor(fallback[i % len(fallback)])


def ink_for(bg: QColor) -> QColor:
    """Black or white, whichever reads on `bg`."""
    return QColor("#111111") if bg.lightness() > 140 else QColor("#ffffff")


def font(px: float, bold: bool = True, italic: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(8, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def distinct_colours(keys, wanted: dict, fallback: tuple[str, ...]) -> dict[str, QColor]:
    """Each key's colour (`wanted`, else a stock one); a key whose colour an
    earlier key has already taken gets a stock one, so that no two look alike."""
    out: dict[str, QColor] = {}
    for i, k in enumerate(keys):
        c = colour(wanted.get(k), fallback, i)
        if any(c == seen for seen in out.values()):
            c = QColor(fallback[i % len(fallback)])
        out[k] = c
    return out
