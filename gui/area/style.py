"""Colours and fonts shared by the area-map views: a colour read from the
scenario (else a stock one), the ink that reads on a colour, the map's font,
and one colour a player or colour set with no two alike; and the palette of
the province maps (shogun, clans): the sea, the land and the owners' tints,
the sea lanes, the marks of a decision and of a battle, the dice."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

# ---------------------------------------------------------------- the province maps (shogun, clans)
SEA = "#9fc3d9"
LAND = "#eee6cb"  # a province no one holds
COAST = "#6f6246"
BORDER = "#8d7f62"
SEA_LANE = "#1f5d9c"
BADGE = (255, 251, 238)  # the label of a province
INK = "#241c12"
CANDIDATE = "#ffd400"  # a province a click answers
FOCUS = "#2a7de1"  # the province a decision is about
BATTLE = "#d0021b"  # the battle being fought
REFUSED = "#d00000"
HIT = "#c0392b"  # a die that hits
MISS = "#fbf4dc"
#: how much of the owner's colour tints a province (the rest is the land's)
TINT = 0.42


def mix(a: QColor, b: QColor, k: float) -> QColor:
    """`k` of `a` and the rest of `b`."""
    return QColor(round(a.red() * k + b.red() * (1 - k)),
                  round(a.green() * k + b.green() * (1 - k)),
                  round(a.blue() * k + b.blue() * (1 - k)))


def tint(c: QColor) -> QColor:
    return mix(c, QColor(LAND), TINT)


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
