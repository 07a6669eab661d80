"""Colours, fonts and sizes of the shogun view: the sea, the land and the
provinces' tints, the sea lanes, the marks of a decision and of a battle,
and the short names of the units."""

from __future__ import annotations

from PySide6.QtGui import QColor
from tenkatoitsu_gui.area import style as area_style
from tenkatoitsu_gui.area.style import font, ink_for  # noqa: F401 (the glyphs' and panels')

SEA = "#9fc3d9"
LAND = "#eee6cb"  # an empty province (its card in the red rectangle)
COAST = "#6f6246"
BORDER = "#8d7f62"
SEA_LANE = "#1f5d9c"
BADGE = (255, 251, 238)  # the label of a province
INK = "#241c12"
CANDIDATE = "#ffd400"  # a province a click answers
FOCUS = "#2a7de1"  # the province a decision is about (the army asked about)
BATTLE = "#d0021b"  # the battle being fought
REFUSED = "#d00000"
HIT = "#c0392b"  # a die that hits
MISS = "#fbf4dc"
FALLBACK = ("#c8372d", "#2f6fbf", "#e0b000", "#3a8a3f", "#e8771e")

#: how much of the owner's colour tints a province (the rest is the land's)
TINT = 0.42

#: the regular units as the map and the panels abbreviate them [SC-3.1]
SHORT = {"bowman": "B", "swordsman": "S", "gunner": "G", "spearman": "Sp",
         "ronin": "R", "daimyo": "D"}
UNIT_ORDER = ("bowman", "swordsman", "gunner", "spearman")

#: the unit of the glyphs on the map, in pixels at the fitted zoom, and its
#: bounds: glyphs grow with the zoom, slower than the map, never unreadable
UNIT = 13.0
UNIT_MIN, UNIT_MAX = 12.0, 24.0


def mix(a: QColor, b: QColor, k: float) -> QColor:
    """`k` of `a` and the rest of `b`."""
    return QColor(round(a.red() * k + b.red() * (1 - k)),
                  round(a.green() * k + b.green() * (1 - k)),
                  round(a.blue() * k + b.blue() * (1 - k)))


def tint(c: QColor) -> QColor:
    return mix(c, QColor(LAND), TINT)


def house_colours(view: dict) -> dict[str, QColor]:
    """Each colour set's colour; one an earlier set has already taken gets a
    stock one, so that no two look alike."""
    return area_style.distinct_colours(view["houses"], view["colours"], FALLBACK)


def units_text(counts: dict, ronin: int = 0) -> str:
    """"2B 1S 3Sp 1R": a troop's units in the order of the unit table."""
    out = [f"{counts[u]}{SHORT[u]}" for u in UNIT_ORDER if counts.get(u)]
    if ronin:
        out.append(f"{ronin}R")
    return " ".join(out) or "—"
