"""From the scenario's drawing positions to the screen. The map is fitted to
the castles; a castle far from all the others (Shuri, on Okinawa, some 500
km from Kyūshū) goes into an inset box in the emptiest corner of the map,
as on the printed board, so that the others get the room. The tokens of
crowded castles are spread apart (layout.spread). A `Frame` is one
drawing's geometry: the widget's size, the zoom and the pan."""

from __future__ import annotations

import math
from statistics import median

from PySide6.QtCore import QPointF, QRectF
from tenkatoitsu_gui.castles.layout import spread

#: a castle this many times farther from its nearest neighbour than the
#: castles are from theirs (the median) is drawn in an inset
OUTLIER = 5.0
APART = 5.5  # glyph units between two tokens: room for their names and pieces
INSET = (7.0, 5.6)  # an inset box's size, in glyph units
INSET_ZOOM = 2.5  # an inset's island, larger than the map's scale (it is small)


def outliers(pos: dict[str, tuple[float, float]]) -> list[str]:
    if len(pos) < 4:
        return []
    nearest = {a: min(math.dist(p, q) for b, q in pos.items() if b != a) for a, p in pos.items()}
    typical = median(nearest.values())
    return [a for a, d in nearest.items() if typical > 0 and d > OUTLIER * typical]


def bbox(points) -> QRectF:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return QRectF(min(xs), min(ys), max(max(xs) - min(xs), 1), max(max(ys) - min(ys), 1))


class Frame:
    """Screen geometry at one size, zoom and pan, in pixels; `u` is the glyph unit."""

    def __init__(self, geo: MapGeometry, width: int, height: int, zoom: float,
                 pan: QPointF, u: float):
        self.u, self.rect = u, QRectF(0, 0, width, height)
        pad_x, pad_y = u * 4.2, u * 3.2
        w, h = max(width - 2 * pad_x, 50), max(height - 2 * pad_y, 50)
        fit = min(w / geo.world.width(), h / geo.world.height())
        self.fit_scale, self.scale = fit, fit * zoom
        c = geo.world.center()
        self.ox = width / 2 + pan.x() - c.x() * self.scale
        self.oy = height / 2 + pan.y() - c.y() * self.scale
        # the corners, emptiest first (measured at the fitted zoom): insets, then the legend
        fit_ox, fit_oy = width / 2 - c.x() * fit, height / 2 - c.y() * fit
        main = [QPointF(fit_ox + geo.pos[a][0] * fit, fit_oy + geo.pos[a][1] * fit)
                for a in geo.main]
        corners = [self.rect.topLeft(), self.rect.topRight(), self.rect.bottomLeft(),
                   self.rect.bottomRight()]
        free = sorted(range(4), key=lambda i: -min(
            (math.dist(corners[i].toTuple(), m.toTuple()) for m in main), default=0))
        bw, bh = INSET[0] * u, INSET[1] * u
        self.insets: dict[str, QRectF] = {}
        for a, i in zip(geo.outliers, free):
            x = 6 if i in (0, 2) else width - 6 - bw
            y = 6 if i in (0, 1) else height - 6 - bh
            self.insets[a] = QRectF(x, y, bw, bh)
        used = free[:len(self.insets)]
        #: 2 bottom left, 3 bottom right: the freer bottom corner without an inset
        self.legend_corner = next((i for i in free if i >= 2 and i not in used), 3)
        self.geo = geo
        places = {a: self.to_screen(geo.pos[a]) for a in geo.main}
        # the tokens stay within the map as drawn (the widget, at the fitted zoom)
        world = QRectF(self.to_screen(geo.world.topLeft()), self.to_screen(geo.world.bottomRight()))
        bounds = world.adjusted(-u * 2, -u * 1.4, u * 2, u * 1.4).united(
            self.rect.adjusted(u * 2.2, u * 1.8, -u * 2.2, -u * 1.8))
        self.centres = spread(places, u * APART, bounds) if places else {}
        for a, box in self.insets.items():
            self.centres[a] = QPointF(box.left() + box.width() * 0.32, box.center().y() + u * 0.3)

    def to_screen(self, pt) -> QPointF:
        x, y = (pt.x(), pt.y()) if isinstance(pt, QPointF) else pt
        return QPointF(self.ox + x * self.scale, self.oy + y * self.scale)

    def to_world(self, pt: QPointF) -> QPointF:
        return QPointF((pt.x() - self.ox) / self.scale, (pt.y() - self.oy) / self.scale)

    def place_of(self, area: str) -> QPointF:
        """A castle's true place on the screen (an inset's castle: its token)."""
        if area in self.insets:
            return self.centres[area]
        return self.to_screen(self.geo.pos[area])

    def inset_point(self, area: str, pt) -> QPointF:
        """A point near an inset's castle (its island's coast), in the inset."""
        ax, ay = self.geo.pos[area]
        c = self.centres[area]
        k = self.fit_scale * INSET_ZOOM
        return QPointF(c.x() + (pt[0] - ax) * k, c.y() + (pt[1] - ay) * k)


class MapGeometry:
    """The scenario's positions and outlines, and which of them go in insets."""

    def __init__(self, pos: dict[str, tuple[float, float]], shapes):
        self.pos = pos
        self.outliers = outliers(pos)
        self.main = [a for a in pos if a not in self.outliers]
        self.world = bbox([pos[a] for a in self.main] or list(pos.values()))
        # an outline nearer an inset's castle than any other goes in its inset
        self.shapes: list[tuple[tuple, str | None]] = []
        for pts in shapes:
            cx = sum(x for x, _ in pts) / len(pts)
            cy = sum(y for _, y in pts) / len(pts)
            near = min(pos, key=lambda a: math.dist(pos[a], (cx, cy))) if pos else None
            self.shapes.append((pts, near if near in self.outliers else None))
        self._frame: tuple[tuple, Frame | None] = ((), None)

    def frame(self, width: int, height: int, zoom: float, pan: QPointF, u: float) -> Frame:
        key = (width, height, zoom, pan.x(), pan.y(), u)
        if self._frame[0] != key:
            self._frame = (key, Frame(self, width, height, zoom, pan, u))
        return self._frame[1]
