"""The printed map as one cached graphics item: terrain, zones, roads and
paths, hexside features and marks, star hexes, entry arrows, the fortress and
the place names. It reads the Scenario only: it never changes during a game,
so Qt keeps it as a device pixmap and a repaint is a blit. The hex ids are an
item of their own, drawn at a size that reads whenever the zoom leaves them
room in their hexes."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPicture, QPolygonF
from PySide6.QtWidgets import QGraphicsItem
from tenkatoitsu_gui.battle import geometry as geo
from tenkatoitsu_gui.battle import style

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m


def hex_polygon(h: Hex, scale: float = 1.0) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in geo.corners(h, scale)])


ID_PX = 8  # screen pixels: the least size of a hex id that reads
ID_MAX = 16.0  # scene units: the largest id that fits along the top of its hex
ID_MIN = 7.0  # scene units: ids no smaller than printed, zoomed in


def id_font_size(lod: float) -> float | None:
    """The hex ids' size in scene units at a zoom, None when they cannot be read."""
    size = max(ID_MIN, ID_PX / lod) if lod > 0 else ID_MAX + 1
    return size if size <= ID_MAX else None


class HexIdsItem(QGraphicsItem):
    """The hex ids as printed, at the top of each hex."""

    def __init__(self, game):
        super().__init__()
        mp = game.scenario.map
        self._rect = QRectF(0, 0, *geo.scene_size(mp.width, mp.height))
        self._hexes = [(h, QPointF(*geo.centre(h))) for h in game.map.grid.hexes()]
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(1)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        size = id_font_size(option.levelOfDetailFromTransform(p.worldTransform()))
        if size is None:
            return
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(size)))
        p.setFont(font)
        p.setPen(QColor(60, 50, 40, 190))
        seen = option.exposedRect.adjusted(-geo.SIZE, -geo.SIZE, geo.SIZE, geo.SIZE)
        top = geo.HEX_H / 2 - 1
        for h, c in self._hexes:
            if seen.contains(c):
                p.drawText(QRectF(c.x() - 30, c.y() - top, 60, size + 2),
                           Qt.AlignmentFlag.AlignHCenter, h.id)


class BoardItem(QGraphicsItem):
    def __init__(self, game):
        super().__init__()
        self.game = game
        self.scenario = game.scenario
        self.index = game.map
        w, h = geo.scene_size(self.scenario.map.width, self.scenario.map.height)
        self._rect = QRectF(0, 0, w, h)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0)
        self._picture: QPicture | None = None

    def boundingRect(self) -> QRectF:
        return self._rect

    # ------------------------------------------------------------ painting
    def paint(self, p: QPainter, option, widget=None) -> None:
        # the drawing is recorded once and replayed (C++ only) at every zoom
        if self._picture is None:
            self._picture = QPicture()
            rec = QPainter(self._picture)
            self._draw(rec)
            rec.end()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.drawPicture(0, 0, self._picture)

    def _draw(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self._rect, QColor("#d8d0b8"))
        for h in self.index.grid.hexes():
            self._terrain(p, h)
        self._zones(p)
        self._routes(p)
        self._hexsides(p)
        self._fortresses(p)
        self._stars(p)
        self._entries(p)
        self._labels(p)

    def _terrain(self, p: QPainter, h: Hex) -> None:
        name = self.index.terrain_at(h)
        poly = hex_polygon(h)
        p.setPen(QPen(QColor(90, 80, 60, 120), 0.8))
        p.setBrush(style.terrain_colour(name))
        p.drawPolygon(poly)
        cx, cy = geo.centre(h)
        # a plain dict: getattr(item, name, None) on a Qt item leaks a reference to
        # None in PySide6 6.12 (repeated, Python aborts)
        symbol = _SYMBOLS.get(name)
        if symbol:
            symbol(self, p, cx, cy)

    # terrain symbols, drawn in the hex's lower half where counters leave them visible
    def _sym_woods(self, p, cx, cy):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#4f7a3a"))
        for dx, dy in ((-16, 10), (0, 18), (16, 10), (-8, -18), (10, -20)):
            p.drawEllipse(QPointF(cx + dx, cy + dy), 7, 7)

    def _sym_village(self, p, cx, cy):
        p.setPen(QPen(QColor("#6b4f2a"), 1))
        p.setBrush(QColor("#a0522d"))
        for dx in (-14, 2):
            p.drawRect(QRectF(cx + dx, cy + 14, 10, 7))
            p.drawPolygon(QPolygonF([QPointF(cx + dx - 2, cy + 14), QPointF(cx + dx + 5, cy + 8),
                                     QPointF(cx + dx + 12, cy + 14)]))

    def _sym_encampment(self, p, cx, cy):
        p.setPen(QPen(QColor("#6b4f2a"), 1))
        p.setBrush(QColor("#f5f0e0"))
        for dx in (-12, 6):
            p.drawPolygon(QPolygonF([QPointF(cx + dx - 6, cy + 24), QPointF(cx + dx, cy + 12),
                                     QPointF(cx + dx + 6, cy + 24)]))

    def _sym_marsh(self, p, cx, cy):
        p.setPen(QPen(QColor("#3f6f60"), 1.2))
        for dx, dy in ((-14, 16), (4, 22), (12, 12), (-6, -20)):
            for k in (-3, 0, 3):
                p.drawLine(QPointF(cx + dx + k, cy + dy), QPointF(cx + dx + k * 1.6, cy + dy - 6))

    def _sym_heights(self, p, cx, cy):
        p.setPen(QPen(QColor("#9c7a45"), 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for r in (30, 22):
            p.drawArc(QRectF(cx - r, cy - r * 0.6, 2 * r, 1.2 * r), 200 * 16, 140 * 16)

    # -------------------------------------------------------- features
    def _zones(self, p: QPainter) -> None:
        """Yellow-bordered zones [19.2.3]: the border between a zone hex and the rest."""
        pen = QPen(QColor("#e5c100"), 3.0, Qt.PenStyle.DashLine)
        p.setPen(pen)
        for zid, hexes in self.index.zones.items():
            for h in hexes:
                for n in h.neighbours():
                    if n not in hexes:
                        a, b = geo.hexside_segment(h, n)
                        p.drawLine(QPointF(*a), QPointF(*b))

    def _routes(self, p: QPainter) -> None:
        for r in self.scenario.map.routes:
            if r.kind == "road":
                pen = QPen(QColor("#7a4b1e"), 4.5)
            else:
                pen = QPen(QColor("#7a4b1e"), 2.5, Qt.PenStyle.DashLine)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            path = QPainterPath()
            for i, h in enumerate(r.hexes):
                pt = QPointF(*geo.centre(h))
                path.moveTo(pt) if i == 0 else path.lineTo(pt)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)

    def _hexsides(self, p: QPainter) -> None:
        for f in self.scenario.map.hexsides:
            a, b = geo.hexside_segment(f.a, f.b)
            pa, pb = QPointF(*a), QPointF(*b)
            if f.kind == "firearms-prepared":
                self._mark_firearms(p, f, pa, pb)
                continue
            if f.kind == "non-obligatory":
                self._mark_non_obligatory(p, pa, pb)
                continue
            colour, width = style.HEXSIDE.get(f.kind, ("#444444", 3.0))
            pen = QPen(QColor(colour), width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            if f.kind == "ford":
                pen.setStyle(Qt.PenStyle.DotLine)
            p.setPen(pen)
            p.drawLine(pa, pb)
            if f.directed:  # [6.2.2] ticks point downhill, into the hex one climbs from
                self._slope_ticks(p, f, pa, pb, QColor(colour))
            if f.kind == "ford":
                p.setPen(QPen(QColor("#3f79c4"), 2))
                p.drawLine(pa, pb)

    def _slope_ticks(self, p, f: m.HexsideFeature, pa: QPointF, pb: QPointF, colour: QColor):
        lx, ly = geo.centre(f.a)  # the low side
        mx, my = (pa.x() + pb.x()) / 2, (pa.y() + pb.y()) / 2
        dx, dy = lx - mx, ly - my
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d * 7, dy / d * 7
        p.setPen(QPen(colour, 2))
        for t in (0.2, 0.4, 0.6, 0.8):
            x = pa.x() + (pb.x() - pa.x()) * t
            y = pa.y() + (pb.y() - pa.y()) * t
            p.drawLine(QPointF(x, y), QPointF(x + ux, y + uy))

    def _mark_firearms(self, p, f, pa: QPointF, pb: QPointF):
        """Firearms-prepared hexside: a row of orange arquebus dots [11.9]."""
        p.setPen(QPen(QColor("#b34700"), 1))
        p.setBrush(QColor("#ff8c1a"))
        for t in (0.3, 0.5, 0.7):
            p.drawEllipse(QPointF(pa.x() + (pb.x() - pa.x()) * t, pa.y() + (pb.y() - pa.y()) * t),
                          3.2, 3.2)

    def _mark_non_obligatory(self, p, pa: QPointF, pb: QPointF):
        """Non-obligatory attack hexside [11.1]: a white disc with a slash."""
        c = QPointF((pa.x() + pb.x()) / 2, (pa.y() + pb.y()) / 2)
        p.setPen(QPen(QColor("#333333"), 1.2))
        p.setBrush(QColor("#ffffff"))
        p.drawEllipse(c, 6, 6)
        p.drawLine(QPointF(c.x() - 4, c.y() + 4), QPointF(c.x() + 4, c.y() - 4))

    def _fortresses(self, p: QPainter) -> None:
        for f in self.scenario.map.fortresses:
            for h in f.hexes:
                cx, cy = geo.centre(h)
                p.setPen(QPen(QColor("#3c3c3c"), 2.5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(hex_polygon(h, 0.86))
                # a keep: stone base and a roof, below where the counters stand
                p.setBrush(QColor("#efefef"))
                p.setPen(QPen(QColor("#3c3c3c"), 1))
                p.drawRect(QRectF(cx - 9, cy + 16, 18, 9))
                p.setBrush(QColor("#4a4a4a"))
                p.drawPolygon(QPolygonF([QPointF(cx - 12, cy + 16), QPointF(cx, cy + 9),
                                         QPointF(cx + 12, cy + 16)]))

    def _stars(self, p: QPainter) -> None:
        for s in self.scenario.map.stars:
            cx, cy = geo.centre(s.hex)
            cx, cy = cx + 24, cy - 14
            pts = []
            for i in range(10):
                r = 9 if i % 2 == 0 else 4
                a = math.radians(-90 + 36 * i)
                pts.append(QPointF(cx + r * math.cos(a), cy + r * math.sin(a)))
            p.setPen(QPen(QColor("#222222"), 1))
            p.setBrush(style.side_colour(self.game, s.side) if s.side in self.game.side_defs
                       else QColor("#ffd700"))
            p.drawPolygon(QPolygonF(pts))
            p.setFont(QFont("DejaVu Sans", 6, QFont.Weight.Bold))
            p.setPen(QColor("#ffffff"))
            p.drawText(QRectF(cx - 6, cy - 5, 12, 10), Qt.AlignmentFlag.AlignCenter, str(s.vp))

    def _entries(self, p: QPainter) -> None:
        """Entry arrows [12]: from beyond the nearest map edge into the hex."""
        mp = self.scenario.map
        for e in mp.entries:
            h = e.hex
            cx, cy = geo.centre(h)
            # the nearest edge; in a corner the side edges win (arrows along a column read better)
            edges = {(-1, 0): h.col - 1, (1, 0): mp.width - h.col, (0, -1): h.row - 1,
                     (0, 1): mp.height - h.row}
            (dx, dy), _ = min(edges.items(), key=lambda kv: kv[1])
            tip = QPointF(cx + dx * 22, cy + dy * 22)
            tail = QPointF(cx + dx * (geo.SIZE + 30), cy + dy * (geo.HEX_H / 2 + 30))
            pen = QPen(QColor("#8b0000"), 5)
            p.setPen(pen)
            p.drawLine(tail, tip)
            ang = math.atan2(tip.y() - tail.y(), tip.x() - tail.x())
            head = QPolygonF([tip] + [QPointF(tip.x() - 12 * math.cos(ang + da),
                                                      tip.y() - 12 * math.sin(ang + da))
                                              for da in (-0.5, 0.5)])
            p.setBrush(QColor("#8b0000"))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawPolygon(head)
            p.setPen(QColor("#8b0000"))
            p.setFont(QFont("DejaVu Sans", 8, QFont.Weight.Bold))
            p.drawText(QRectF(tail.x() - 30, tail.y() - 8 if dy >= 0 else tail.y() - 8, 60, 16),
                       Qt.AlignmentFlag.AlignCenter, e.id)

    def _labels(self, p: QPainter) -> None:
        p.setFont(QFont("DejaVu Serif", 8, QFont.Weight.Bold, italic=True))
        for lab in self.scenario.map.labels:
            cx, cy = geo.centre(lab.hex)
            rect = QRectF(cx - 45, cy + geo.HEX_H / 2 - 14, 90, 12)
            p.setPen(QColor(255, 255, 255, 200))
            p.drawText(rect.translated(0.8, 0.8), Qt.AlignmentFlag.AlignCenter, lab.text)
            p.setPen(QColor("#3b2a14"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, lab.text)


_SYMBOLS = {"woods": BoardItem._sym_woods, "village": BoardItem._sym_village,
            "encampment": BoardItem._sym_encampment, "marsh": BoardItem._sym_marsh,
            "heights": BoardItem._sym_heights}  # the fortress is drawn with its outline
