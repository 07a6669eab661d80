"""The map of provinces that the shogun and clans views share: each province
a cell (geometry.Cells) tinted with its owner's colour, the borders and the
coastlines, the sea lanes (dashed; the doubtful ones fainter), a label on
each province (spread apart where the provinces crowd, with a leader line
back to its province), the provinces a click answers ringed in yellow, the
province a decision is about in blue, the battle being fought in red, and a
key in the corner. A kind's map says what a province's label holds
(`measure`, `paint_label`), whose it is (`owner_of`), the colours of the
owners, and the icons of its key; everything is drawn from the seat's view
dict. Zoom with the wheel, pan by dragging; a click (a press and release
without a drag) reports the province."""

from __future__ import annotations

import math
from typing import ClassVar

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen, QTransform
from tenkatoitsu_gui.area import glyphs, style
from tenkatoitsu_gui.area.canvas import AreaCanvas, polygon_path
from tenkatoitsu_gui.area.geometry import Cells, cells_of
from tenkatoitsu_gui.area.layout import spread

#: a sea lane longer than this (in map units) bends out to sea, away from the land
LONG_LANE = 120.0


@attrs.frozen
class ProvinceChoices:
    """province -> the options a click on it may answer (one, or several to
    pick from); `focus`: the province the decision is about, marked without
    being a choice."""

    options: dict = attrs.field(factory=dict)
    focus: str | None = None

    def provinces(self) -> set[str]:
        return set(self.options)


class Frame:
    """The map at one widget size, zoom and pan: world -> screen."""

    def __init__(self, cells: Cells, width: int, height: int, zoom: float, pan: QPointF,
                 u: float):
        x0, y0, x1, y1 = cells.bounds()
        self.world = QRectF(x0, y0, max(x1 - x0, 1), max(y1 - y0, 1))
        pad_x, pad_y = u * 2.5, u * 2.0
        w, h = max(width - 2 * pad_x, 50), max(height - 2 * pad_y, 50)
        fit = min(w / self.world.width(), h / self.world.height())
        self.scale = fit * zoom
        c = self.world.center()
        self.ox = width / 2 + pan.x() - c.x() * self.scale
        self.oy = height / 2 + pan.y() - c.y() * self.scale
        self.rect = QRectF(0, 0, width, height)

    @property
    def transform(self) -> QTransform:
        return QTransform(self.scale, 0, 0, self.scale, self.ox, self.oy)

    def to_screen(self, pt) -> QPointF:
        x, y = (pt.x(), pt.y()) if isinstance(pt, QPointF) else pt
        return QPointF(self.ox + x * self.scale, self.oy + y * self.scale)

    def to_world(self, pt: QPointF) -> tuple[float, float]:
        return (pt.x() - self.ox) / self.scale, (pt.y() - self.oy) / self.scale


class ProvinceMap(AreaCanvas):
    """A kind's map gives `measure` (province -> its label, with `width`
    and `height` in pixels), `paint_label`, `owner_of` and `colours`; it may
    paint a cell otherwise (`fill_cell`), name the battle's province
    (`battle_province`), draw over the labels' boxes (`paint_markers`) and
    add icons to its key (`LEGEND`, `ICON`, `legend_icon`)."""

    ZOOM_MIN, ZOOM_MAX = 0.6, 6.0
    #: the key's rows: (icon, word); an icon's width in pixels is ICON[icon]
    LEGEND: ClassVar[tuple] = ()
    ICON: ClassVar[dict] = {}

    def __init__(self, scenario, board, lanes, parent=None):
        """`board`: the board as the game plays it; `lanes`: its sea lanes
        as (a, b, doubtful)."""
        super().__init__(ProvinceChoices(), parent)
        self.ids = [a.id for a in board]
        self.names = {a.id: a.name for a in board}
        self.cells = cells_of(scenario)
        self.has_coast = self.cells.coast
        self.lanes = list(lanes)
        self.paths = {p: polygon_path(polys) for p, polys in self.cells.cells.items()}
        self.land = polygon_path(self.cells.land.values())
        self.labels: dict = {}
        self._measured = 0.0  # the glyph unit the labels were measured at
        self.rects: dict[str, QRectF] = {}  # each label where it was last drawn
        self._layout_key = None
        self._layout: dict[str, QRectF] = {}

    # ------------------------------------------------------------ each kind's
    def measure(self, view: dict, u: float) -> dict:
        """Province -> its label (with `width`, `height`) at the glyph unit `u`."""
        raise NotImplementedError

    def owner_of(self, row: dict) -> str | None:
        """The key (in `colours()`) of the owner of a province's row of the view."""
        raise NotImplementedError

    def colours(self) -> dict[str, QColor]:
        """Each owner's colour."""
        raise NotImplementedError

    def paint_label(self, p: QPainter, rect: QRectF, label, owner: QColor | None, colours,
                    u: float) -> None:
        """What a label holds, in its box."""
        raise NotImplementedError

    def fill_cell(self, p: QPainter, province: str, path: QPainterPath, owner: str | None,
                  colours) -> None:
        """A province's cell, in map units: its owner's tint, else the land's."""
        p.setBrush(style.tint(colours[owner]) if owner in colours else QColor(style.LAND))
        p.drawPath(path)

    def battle_province(self) -> str | None:
        """The province of the battle being fought, ringed in red."""
        return None

    def paint_markers(self, p: QPainter, f: Frame, colours) -> None:
        """What lies over the labels' boxes, under their names and pieces."""

    # ------------------------------------------------------------ what is drawn
    def show_view(self, view: dict, choices: ProvinceChoices) -> None:
        self.view, self.choices = view, choices
        self.refused = None
        self._measure()
        self.update()

    def owners(self) -> dict[str, str | None]:
        if self.view is None:
            return {}
        return {r["id"]: self.owner_of(r) for r in self.view["provinces"]}

    # ------------------------------------------------------------ where things are
    def frame(self, pan: QPointF | None = None) -> Frame:
        return Frame(self.cells, self.width(), self.height(), self.zoom_factor,
                     self.pan if pan is None else pan, self.unit())

    def anchor(self, province: str, f: Frame | None = None) -> QPointF:
        """The province's place for its marks, on the screen."""
        return (f or self.frame()).to_screen(self.cells.anchor[province])

    def click_point(self, province: str) -> QPointF:
        """Where a player clicks for a province (tests): its label."""
        self._ensure_layout()
        if province in self.rects:
            return self.rects[province].center()
        return self.anchor(province)

    def area_at(self, pt: QPointF) -> str | None:
        """The province whose label, else whose cell, is under `pt`."""
        self._ensure_layout()
        for p in reversed(list(self.rects)):
            if self.rects[p].contains(pt):
                return p
        return self.cells.province_at(self.frame().to_world(pt))

    province_at = area_at

    # ------------------------------------------------------------ labels
    def _measure(self) -> None:
        u = self.unit()
        self.labels = self.measure(self.view, u)
        self._measured = u

    def legend_rect(self) -> QRectF:
        m = QFontMetrics(style.font(11, bold=False))
        w = max((sum(self.ICON[i] + m.horizontalAdvance(t) + 12 for i, t in row)
                 for row in self.LEGEND), default=0) + 4
        h = len(self.LEGEND) * 18 + 8
        return QRectF(self.width() - 6 - w, self.height() - 6 - h, w, h)

    def _ensure_layout(self) -> None:
        """The labels' rects, spread apart (recomputed when the size, the zoom
        or what a label shows changes; a pan only moves them)."""
        if self.view is None:
            self.rects = {}
            return
        if self._measured != self.unit():  # zoomed: the glyphs changed size
            self._measure()
        sizes = {p: (lb.width, lb.height) for p, lb in self.labels.items()}
        key = (self.width(), self.height(), self.zoom_factor, tuple(sorted(sizes.items())))
        if key != self._layout_key:
            f0 = self.frame(QPointF(0, 0))
            homes = {p: (f0.to_screen(self.cells.anchor[p]).x(),
                         f0.to_screen(self.cells.anchor[p]).y()) for p in sizes}
            u = self.unit()
            world = QRectF(f0.to_screen(f0.world.topLeft()), f0.to_screen(f0.world.bottomRight()))
            bounds = world.adjusted(-u * 2, -u * 1.5, u * 2, u * 1.5).united(
                f0.rect.adjusted(u * 0.3, u * 0.3, -u * 0.3, -u * 0.3))
            legend = self.legend_rect()
            placed = spread(homes, sizes, (bounds.x(), bounds.y(), bounds.width(),
                                           bounds.height()),
                            ((legend.x(), legend.y(), legend.width(), legend.height()),))
            self._layout = {p: QRectF(*r) for p, r in placed.items()}
            self._layout_key = key
        self.rects = {p: r.translated(self.pan) for p, r in self._layout.items()}

    # ------------------------------------------------------------ painting
    def paintEvent(self, _event) -> None:
        p = self.painter(style.SEA if self.has_coast else "#d8d2bf")
        f = self.frame()
        self._ensure_layout()
        colours = self.colours() if self.view is not None else {}
        self._cells(p, f, colours)
        self._lanes(p, f)
        if self.view is not None:
            # the markers over the labels' boxes, under their names and pieces
            self._labels(p, f, colours, boxes=True)
            self.paint_markers(p, f, colours)
            self._labels(p, f, colours, boxes=False)
        self._legend(p)
        p.end()

    def _cells(self, p: QPainter, f: Frame, colours) -> None:
        owners = self.owners()
        p.save()
        p.setTransform(f.transform)
        p.setPen(Qt.PenStyle.NoPen)
        for prov, path in self.paths.items():
            self.fill_cell(p, prov, path, owners.get(prov), colours)
        ch = self.choices
        for prov in ch.options:
            c = QColor(style.CANDIDATE)
            c.setAlpha(150 if prov == self.hover else 90)
            p.setBrush(c)
            p.drawPath(self.paths[prov])
        # the borders, on the land only (see geometry: a clip's seams may cross the sea)
        p.setClipPath(self.land)
        border = QPen(QColor(style.BORDER), 0.9)
        border.setCosmetic(True)
        p.setPen(border)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for path in self.paths.values():
            p.drawPath(path)
        marks = [(prov, style.CANDIDATE, 3.2 if prov == self.hover else 2.4, False)
                 for prov in ch.options]
        if ch.focus in self.paths:
            marks.append((ch.focus, style.FOCUS, 3.0, False))
        battle = self.battle_province() if self.view else None
        if battle in self.paths:
            marks.append((battle, style.BATTLE, 3.4, False))
        if self.refused in self.paths:
            marks.append((self.refused, style.REFUSED, 3.0, True))
        for prov, colour, width, dashed in marks:
            pen = QPen(QColor(colour), width)
            pen.setCosmetic(True)
            if dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawPath(self.paths[prov])
        p.setClipping(False)
        coast = QPen(QColor(style.COAST), 1.5)
        coast.setCosmetic(True)
        p.setPen(coast)
        p.drawPath(self.land)
        p.restore()

    def _lanes(self, p: QPainter, f: Frame) -> None:
        """Sea lanes: dashed; the doubtful ones fainter and finer. A long one
        bends out to sea, away from the middle of the land."""
        u = self.unit()
        x0, y0, x1, y1 = self.cells.bounds()
        mid = f.to_screen(((x0 + x1) / 2, (y0 + y1) / 2))
        for a, b, doubtful in self.lanes:
            pa, pb = self.anchor(a, f), self.anchor(b, f)
            colour = QColor(style.SEA_LANE)
            colour.setAlpha(110 if doubtful else 230)
            pen = QPen(colour, u * (0.11 if doubtful else 0.16))
            pen.setDashPattern([3, 3] if doubtful else [5, 3])
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            world = math.dist(self.cells.anchor[a], self.cells.anchor[b])
            if world <= LONG_LANE:
                p.drawLine(pa, pb)
                continue
            c = (pa + pb) / 2
            nx, ny = -(pb.y() - pa.y()), pb.x() - pa.x()
            length = math.hypot(nx, ny)
            nx, ny = nx / length, ny / length
            if nx * (c.x() - mid.x()) + ny * (c.y() - mid.y()) < 0:
                nx, ny = -nx, -ny
            bend = length * 0.18
            path = QPainterPath(pa)
            path.quadTo(QPointF(c.x() + nx * bend, c.y() + ny * bend), pb)
            p.drawPath(path)

    def _labels(self, p: QPainter, f: Frame, colours, boxes: bool) -> None:
        """The labels' boxes (`boxes`, with the leader lines), else what is in them."""
        u = self.unit()
        owners = self.owners()
        ch = self.choices
        if not boxes:
            for prov, rect in self.rects.items():
                owner = owners.get(prov)
                self.paint_label(p, rect, self.labels[prov], colours.get(owner), colours, u)
            return
        # leader lines first: from a label moved aside to its province
        for prov, rect in self.rects.items():
            a = self.anchor(prov, f)
            if not rect.adjusted(-2, -2, 2, 2).contains(a):
                near = QPointF(min(max(a.x(), rect.left()), rect.right()),
                               min(max(a.y(), rect.top()), rect.bottom()))
                p.setPen(QPen(QColor(40, 30, 20, 170), 1.1))
                p.drawLine(a, near)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(40, 30, 20, 200))
                p.drawEllipse(a, 2.2, 2.2)
        for prov, rect in self.rects.items():
            owner = owners.get(prov)
            self._label_box(p, rect, colours.get(owner), prov in ch.options,
                            prov == self.hover)

    def _label_box(self, p: QPainter, rect: QRectF, owner: QColor | None, candidate: bool,
                   hovered: bool) -> None:
        bg = QColor(*style.BADGE)
        if owner is not None:  # the owner's colour, lightly
            bg = style.mix(owner, bg, 0.14)
        bg.setAlpha(245 if hovered else 220)
        p.setPen(QPen(QColor(style.CANDIDATE) if candidate else
                      (owner.darker(130) if owner is not None else QColor(120, 110, 90, 150)),
                      2.2 if candidate else (1.4 if owner is not None else 0.8)))
        p.setBrush(bg)
        p.drawRoundedRect(rect, 3.5, 3.5)

    # ------------------------------------------------------------ the key
    def legend_icon(self, p: QPainter, icon: str, x: float, y: float) -> None:
        """An icon of the key at (x, y), the top left of its row: the battle,
        else a sea lane (the doubtful one fainter)."""
        mid = QPointF(x, y + 8)
        if icon == "battle":
            glyphs.arrow(p, mid, mid + QPointF(22, 0), QColor(style.BATTLE), 3)
            return
        c = QColor(style.SEA_LANE)
        c.setAlpha(110 if icon == "doubtful" else 230)
        pen = QPen(c, 1.6 if icon == "doubtful" else 2.2)
        pen.setDashPattern([3, 3] if icon == "doubtful" else [5, 3])
        p.setPen(pen)
        p.drawLine(mid, mid + QPointF(22, 0))

    def _legend(self, p: QPainter) -> None:
        """A key in the bottom right corner (the Pacific)."""
        if not self.LEGEND:
            return
        box = self.legend_rect()
        self.legend_box(p, box, 230)
        f = style.font(11, bold=False)
        m = QFontMetrics(f)
        for row, words in enumerate(self.LEGEND):
            x, y = box.left() + 6, box.top() + 5 + row * 18
            for icon, text in words:
                self.legend_icon(p, icon, x, y)
                x += self.ICON[icon]
                p.setPen(QColor("#222222"))
                p.setFont(f)
                p.drawText(QRectF(x, y - 1, 200, 18), Qt.AlignmentFlag.AlignVCenter, text)
                x += m.horizontalAdvance(text) + 12
