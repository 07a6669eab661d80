"""Colours, fonts and sizes of the shogun view: the colour sets' colours,
the short names of the units and the glyphs' size; the sea, the land and
the provinces' tints, the sea lanes, the marks of a decision and of a battle
are every province map's (tenkatoitsu_gui.area.style)."""

from __future__ import annotations

from PySide6.QtGui import QColor
from tenkatoitsu_gui.area import style as area_style
from tenkatoitsu_gui.area.style import (  # noqa: F401 (the map's, the glyphs' and panels')
    BADGE,
    BATTLE,
    BORDER,
    CANDIDATE,
    COAST,
    FOCUS,
    HIT,
    INK,
    LAND,
    MISS,
    REFUSED,
    SEA,
    SEA_LANE,
    TINT,
    font,
    ink_for,
    mix,
    tint,
)

FALLBACK = ("#c8372d", "#2f6fbf", "#e0b000", "#3a8a3f", "#e8771e")

#: the regular units as the map and the panels abbreviate them [SC-3.1]
SHORT = {"bowman": "B", "swordsman": "S", "gunner": "G", "spearman": "Sp",
         "ronin": "R", "daimyo": "D"}
UNIT_ORDER = ("bowman", "swordsman", "gunner", "spearman")

#: the unit of the glyphs on the map, in pixels at the fitted zoom, and its
#: bounds: glyphs grow with the zoom, slower than the map, never unreadable
UNIT = 13.0
UNIT_MIN, UNIT_MAX = 12.0, 24.0


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
