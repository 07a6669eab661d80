"""Where a hex is drawn: flat-topped hexes in vertical columns, even printed
columns half a hex lower (the layout of tenkatoitsu.hexmap), in scene units."""

from __future__ import annotations

import math

from tenkatoitsu.hexmap import Hex

SIZE = 40.0  # centre to corner
SQRT3 = math.sqrt(3.0)
HEX_W = 2 * SIZE
HEX_H = SQRT3 * SIZE
MARGIN = SIZE  # room for the entry arrows beyond the map edge


def centre(h: Hex) -> tuple[float, float]:
    col, row = h.col, h.row
    x = MARGIN + SIZE + 1.5 * SIZE * (col - 1)
    y = MARGIN + HEX_H / 2 + HEX_H * (row - 1) + (HEX_H / 2 if col % 2 == 0 else 0.0)
    return x, y


def corners(h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
    cx, cy = centre(h)
    r = SIZE * scale
    return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
            for i in range(6)]


def hexside_segment(a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of `a` on its border with the adjacent hex `b`."""
    bx, by = centre(b)
    near = sorted(corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
    return near[0], near[1]


def scene_size(width: int, height: int) -> tuple[float, float]:
    w = 2 * MARGIN + SIZE * 2 + 1.5 * SIZE * (width - 1)
    h = 2 * MARGIN + HEX_H * height + HEX_H / 2
    return w, h


def hex_at(x: float, y: float, width: int, height: int) -> Hex | None:
    """The map hex under a scene point, None off the map."""
    col_guess = round((x - MARGIN - SIZE) / (1.5 * SIZE)) + 1
    best, best_d = None, None
    for col in (col_guess - 1, col_guess, col_guess + 1):
        if not 1 <= col <= width:
            continue
        off = HEX_H / 2 if col % 2 == 0 else 0.0
        row_guess = round((y - MARGIN - HEX_H / 2 - off) / HEX_H) + 1
        for row in (row_guess - 1, row_guess, row_guess + 1):
            if not 1 <= row <= height:
                continue
            h = Hex.from_colrow(col, row)
            cx, cy = centre(h)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best_d is None or d < best_d:
                best, best_d = h, d
    if best is None or best_d > SIZE * SIZE:
        return None
    return best
