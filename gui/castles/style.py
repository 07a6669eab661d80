"""Colours, fonts and sizes of the castles view: the sea and the land, the
links, the castle tokens, the marks of a decision and of the war."""

from __future__ import annotations

from PySide6.QtGui import QColor
from tenkatoitsu_gui.area import style as area_style
from tenkatoitsu_gui.area.style import font, ink_for  # noqa: F401 (the glyphs' and panels')

SEA = "#9fc3d9"
LAND = "#e9dfbf"
COAST = "#8a7a55"
LAND_LINK = "#6b4f2a"
SEA_LINK = "#1f5d9c"
TOKEN = "#fbf4dc"
TOKEN_EDGE = "#3a2e1c"
RESOLVED = "#c9c4b8"  # a castle token no longer on the map
KYO = "#d4a017"
CANDIDATE = "#ffd400"  # an area a click answers
PREVIEW = "#ff7a00"  # the area a hovered option would hit
CHOSEN = "#2a7de1"  # an area already chosen for the card in play
RESOLVING = "#d0021b"
LAST = "#3c9a3c"  # the last deployment's area
FALLBACK = ("#c0392b", "#2e5e9e", "#d4a017", "#222222")

#: the unit of the glyphs on the map, in pixels at the fitted zoom, and its
#: bounds: glyphs grow and shrink with the zoom, but slower, and never so
#: small that a count cannot be read
UNIT = 17.0
UNIT_MIN, UNIT_MAX = 14.0, 28.0


def seat_colours(view: dict) -> dict[str, QColor]:
    """Each seat's colour; a seat whose colour an earlier seat has already
    taken gets a stock one, so that no two players look alike."""
    return area_style.distinct_colours(view["players"], view["colours"], FALLBACK)
