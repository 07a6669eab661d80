"""The provinces as regions of the map, in the scenario's drawing
coordinates: each province's cell is the part of its island nearer to its
position than to any other province's on the same island (the Voronoi
region of the positions, clipped to the coastline). Computed once per
scenario (the drawing data are its key). Pure Python, no Qt.

A clip of a concave coastline by a half-plane (Sutherland-Hodgman) may join
the pieces it leaves with edges of no area along the clipping line: a fill
does not show them, and the map draws the borders clipped to the land, so
that one lying on the sea does not show either."""

from __future__ import annotations

import math
from functools import lru_cache

__all__ = ["Cells", "area", "box_around", "cells_of", "centroid", "clip", "contains",
           "distance_to", "grid_positions", "islands", "typical_spacing", "voronoi_cell"]

Point = tuple[float, float]
Polygon = tuple[Point, ...]


# ---------------------------------------------------------------- polygons
def area(poly) -> float:
    """Signed area (the shoelace formula)."""
    s = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def centroid(poly) -> Point | None:
    """The centre of mass of a polygon (None when it has no area)."""
    a = area(poly)
    if abs(a) < 1e-9:
        return None
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        k = x1 * y2 - x2 * y1
        cx += (x1 + x2) * k
        cy += (y1 + y2) * k
    return cx / (6 * a), cy / (6 * a)


def contains(poly, pt: Point) -> bool:
    """Whether `pt` lies inside the polygon (even-odd rule: the edges of no
    area that a clip leaves are crossed twice, so they do not count)."""
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x1 + (y - y1) * (x2 - x1) / (y2 - y1) > x:
            inside = not inside
    return inside


def distance_to(poly, pt: Point) -> float:
    """From `pt` to the polygon's outline."""
    best = math.inf
    px, py = pt
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
        best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return best


def clip(poly, a: float, b: float, c: float) -> list[Point]:
    """Sutherland-Hodgman: the part of `poly` where a*x + b*y <= c."""
    out: list[Point] = []
    n = len(poly)
    if n == 0:
        return out
    prev = poly[-1]
    prev_in = a * prev[0] + b * prev[1] <= c
    for cur in poly:
        cur_in = a * cur[0] + b * cur[1] <= c
        if cur_in != prev_in:
            d = a * (cur[0] - prev[0]) + b * (cur[1] - prev[1])
            t = (c - a * prev[0] - b * prev[1]) / d if d else 0.0
            out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
        if cur_in:
            out.append(cur)
        prev, prev_in = cur, cur_in
    return out


def voronoi_cell(outline, me: Point, others) -> list[Point]:
    """The part of `outline` nearer to `me` than to any of `others`: the
    outline clipped by the half-plane of each bisector, the nearest first
    (they cut the most), stopping once the rest are too far to cut."""
    poly = list(outline)
    mx, my = me
    for q in sorted(others, key=lambda q: math.dist(me, q)):
        if not poly:
            break
        reach = max(math.dist(me, v) for v in poly)
        if math.dist(me, q) / 2 > reach:
            break  # the bisector of this one, and of every farther one, misses the cell
        qx, qy = q
        if (qx, qy) == (mx, my):
            continue
        # |x - me|^2 <= |x - q|^2  <=>  2 (q - me) . x <= |q|^2 - |me|^2
        poly = clip(poly, 2 * (qx - mx), 2 * (qy - my), qx * qx + qy * qy - mx * mx - my * my)
    return poly


# ---------------------------------------------------------------- the provinces
def islands(pos: dict[str, Point], shapes: dict[str, Polygon]) -> dict[str, list[str]]:
    """shape id -> the provinces drawn on it: those whose position it holds
    (or, for a position on none, the nearest coast); a shape holding no
    position (an islet) belongs to the province nearest to it."""
    out: dict[str, list[str]] = {s: [] for s in shapes}
    if not shapes:
        return out
    for p, pt in pos.items():
        home = next((s for s, poly in shapes.items() if contains(poly, pt)), None)
        if home is None:
            home = min(shapes, key=lambda s: distance_to(shapes[s], pt))
        out[home].append(p)
    for s, poly in shapes.items():
        if not out[s] and pos:
            out[s].append(min(pos, key=lambda p: distance_to(poly, pos[p])))
    return out


def grid_positions(ids) -> dict[str, Point]:
    """Positions for a board that gives none: a square grid."""
    cols = max(1, math.ceil(math.sqrt(len(ids))))
    return {a: ((i % cols) * 60.0, (i // cols) * 60.0) for i, a in enumerate(ids)}


def box_around(points, margin: float) -> Polygon:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x0, y0, x1, y1 = min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def typical_spacing(pos: dict[str, Point]) -> float:
    """The median distance from a position to its nearest neighbour."""
    if len(pos) < 2:
        return 50.0
    near = sorted(min(math.dist(p, q) for b, q in pos.items() if b != a) for a, p in pos.items())
    return near[len(near) // 2] or 50.0


class Cells:
    """Every province's cell (one polygon per island piece), its place for the
    marks (`anchor`: the centre of its largest piece when that lies inside
    it, else its position) and the land outlines."""

    def __init__(self, pos: dict[str, Point], shapes: dict[str, Polygon]):
        self.pos = pos
        self.coast = bool(shapes)  # coastlines drawn, or one board around the positions
        if shapes:
            self.land: dict[str, Polygon] = dict(shapes)
        else:  # no coastline: one board around the positions
            self.land = {"board": box_around(list(pos.values()), typical_spacing(pos) * 0.75)}
        self.on = islands(pos, self.land)
        self.cells: dict[str, list[Polygon]] = {p: [] for p in pos}
        for s, outline in self.land.items():
            here = self.on[s]
            for p in here:
                others = [pos[q] for q in here if q != p]
                poly = voronoi_cell(outline, pos[p], others)
                if len(poly) >= 3 and abs(area(poly)) > 1e-6:
                    self.cells[p].append(tuple(poly))
        self.anchor: dict[str, Point] = {}
        for p, polys in self.cells.items():
            self.anchor[p] = pos[p]
            if polys:
                big = max(polys, key=lambda poly: abs(area(poly)))
                c = centroid(big)
                if c is not None and contains(big, c) and math.dist(c, pos[p]) > 0:
                    self.anchor[p] = c

    def province_at(self, pt: Point) -> str | None:
        for p, polys in self.cells.items():
            if any(contains(poly, pt) for poly in polys):
                return p
        return None

    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the land."""
        pts = [v for poly in self.land.values() for v in poly]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=8)
def _cells(pos: tuple, shapes: tuple) -> Cells:
    return Cells(dict(pos), dict(shapes))


def cells_of(scenario) -> Cells:
    """The cells of a scenario's board (cached: keyed by its drawing data)."""
    board = scenario.board
    ids = [a.id for a in board]
    given = {a.id: tuple(map(float, a.pos)) for a in board if a.pos is not None}
    pos = given if len(given) == len(ids) else grid_positions(ids)
    shapes = tuple((s.id, tuple((float(x), float(y)) for x, y in s.points))
                   for s in getattr(scenario, "shapes", ()) if len(s.points) >= 3)
    if len(given) != len(ids):
        shapes = ()  # coastlines drawn for positions the board does not give would not fit
    return _cells(tuple(pos.items()), shapes)
