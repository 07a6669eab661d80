"""The map of Japan: each province a cell (geometry.Cells) tinted with its
owner's colour, the borders and the coastlines, the sea lanes (dashed;
the doubtful ones fainter), and a label on each province with its name, its
castle or fortress, the army marker standing there and its provincial force
by unit type (plus the ronin revealed with it, and the viewer's own hidden
ronin); the battle markers as arrows, the battle being fought in red; the
provinces a click answers ringed in yellow. Everything is drawn from the
seat's view dict. Zoom with the wheel, pan by dragging; a click (a press and
release without a drag) reports the province."""

from __future__ import annotations

import math
from typing import ClassVar

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen, QTransform
from tenkatoitsu_gui.area.canvas import AreaCanvas, polygon_path
from tenkatoitsu_gui.shogun import glyphs, style
from tenkatoitsu_gui.shogun.choices import ProvinceChoices
from tenkatoitsu_gui.shogun.geometry import Cells, cells_of
from tenkatoitsu_gui.shogun.layout import spread

from tenkatoitsu.kinds.shogun.scenario.model import DOUBTFUL

#: a sea lane longer than this (in map units) bends out to sea, away from the land
LONG_LANE = 120.0


@attrs.frozen
class Label:
    """What a province's label shows, measured at one glyph unit."""

    name: str
    castle: int = 0  # 0 none, 1 castle, 2 fortress
    army: dict | None = None
    chips: tuple[tuple[str, str], ...] = ()  # (text, "force" | "ronin" | "hidden")
    width: float = 0.0
    height: float = 0.0


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


def exit_point(a: QPointF, b: QPointF, rect: QRectF) -> QPointF:
    """Where the segment from `a` (inside `rect`) towards `b` leaves `rect`."""
    if not rect.contains(a):
        return a
    dx, dy = b.x() - a.x(), b.y() - a.y()
    t = 1.0
    for edge, start, d in ((rect.left(), a.x(), dx), (rect.right(), a.x(), dx),
                           (rect.top(), a.y(), dy), (rect.bottom(), a.y(), dy)):
        if d and 0 < (edge - start) / d < t:
            t = (edge - start) / d
    return QPointF(a.x() + dx * t, a.y() + dy * t)


class ShogunMap(AreaCanvas):
    ZOOM_MIN, ZOOM_MAX = 0.6, 6.0
    UNIT, UNIT_MIN, UNIT_MAX = style.UNIT, style.UNIT_MIN, style.UNIT_MAX

    def __init__(self, scenario, board=None, parent=None):
        """`board`: the board as the game plays it (a variant may drop lanes)."""
        super().__init__(ProvinceChoices(), parent)
        board = board if board is not None else scenario.board
        self.ids = [a.id for a in board]
        self.names = {a.id: a.name for a in board}
        self.cells = cells_of(scenario)
        self.has_coast = self.cells.coast
        self.lanes = [(ln.a, ln.b, DOUBTFUL in ln.flags) for ln in board.links
                      if ln.kind == "sea"]
        self.paths = {p: polygon_path(polys) for p, polys in self.cells.cells.items()}
        self.land = polygon_path(self.cells.land.values())
        self.labels: dict[str, Label] = {}
        self._measured = 0.0  # the glyph unit the labels were measured at
        self.rects: dict[str, QRectF] = {}  # each label where it was last drawn
        self._layout_key = None
        self._layout: dict[str, QRectF] = {}

    # ------------------------------------------------------------ what is drawn
    def show_view(self, view: dict, choices: ProvinceChoices) -> None:
        self.view, self.choices = view, choices
        self.refused = None
        self._measure()
        self.update()

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
    def _label(self, row: dict, armies: dict, u: float) -> Label:
        name = self.names[row["id"]]
        army = armies.get(row["army"]) if row["army"] else None
        chips = [(f"{row['force'][t]}{style.SHORT[t]}", "force") for t in style.UNIT_ORDER
                 if row["force"].get(t)]
        if row["force_ronin"]:
            chips.append((f"{row['force_ronin']}R", "ronin"))
        for with_army, with_force in row.get("hidden", {}).values():  # the viewer's own only
            if with_army + with_force:
                chips.append((f"?{with_army + with_force}", "hidden"))
        m = QFontMetrics(style.font(u * 0.8))
        top = m.horizontalAdvance(name) + (u * 0.95 if row["castle"] else 0)
        h2 = u * 0.95
        second = sum(glyphs.chip_width(t, h2 * 0.92) + 2 for t, _ in chips)
        if army is not None:
            second += glyphs.army_marker_width(u * 0.5) + u * 0.3
        width = max(top, second) + u * 0.5
        height = u * 1.15 + (u * 1.1 if chips or army is not None else 0)
        return Label(name, row["castle"], army, tuple(chips), width, height)

    def _measure(self) -> None:
        v, u = self.view, self.unit()
        armies = {a["id"]: a for a in v["armies"]}
        self.labels = {row["id"]: self._label(row, armies, u) for row in v["provinces"]}
        self._measured = u

    #: the key's rows: (icon, word); an icon's width in pixels is ICON[icon]
    LEGEND: ClassVar[tuple] = ((("army", "army (level)"), ("castle", "castle"), ("fortress", "fortress")),
              (("force", "force"), ("ronin", "ronin"), ("hidden", "your hidden ronin")),
              (("lane", "sea lane"), ("doubtful", "doubtful"), ("battle", "battle")))
    ICON: ClassVar[dict] = {"army": 30, "castle": 16, "fortress": 16, "force": 20, "ronin": 20, "hidden": 20,
            "lane": 26, "doubtful": 26, "battle": 26}

    def legend_rect(self) -> QRectF:
        m = QFontMetrics(style.font(11, bold=False))
        w = max(sum(self.ICON[i] + m.horizontalAdvance(t) + 12 for i, t in row)
                for row in self.LEGEND) + 4
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
        colours = style.house_colours(self.view) if self.view is not None else {}
        self._cells(p, f, colours)
        self._lanes(p, f)
        if self.view is not None:
            # the markers over the labels' boxes, under their names and pieces
            self._labels(p, f, colours, boxes=True)
            self._markers(p, f, colours)
            self._labels(p, f, colours, boxes=False)
        self._legend(p)
        p.end()

    def _cells(self, p: QPainter, f: Frame, colours) -> None:
        owners = {r["id"]: r["owner"] for r in self.view["provinces"]} if self.view else {}
        p.save()
        p.setTransform(f.transform)
        p.setPen(Qt.PenStyle.NoPen)
        for prov, path in self.paths.items():
            owner = owners.get(prov)
            p.setBrush(style.tint(colours[owner]) if owner in colours else QColor(style.LAND))
            p.drawPath(path)
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
        battle = self.view["battle"] if self.view else None
        if battle and battle.get("to") in self.paths:
            marks.append((battle["to"], style.BATTLE, 3.4, False))
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
        """Sea lanes [SC-2.5]: dashed; the doubtful ones fainter and finer.
        A long one bends out to sea, away from the middle of the land."""
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
        v, u = self.view, self.unit()
        owners = {r["id"]: r["owner"] for r in v["provinces"]}
        ch = self.choices
        if not boxes:
            for prov, rect in self.rects.items():
                owner = owners.get(prov)
                self._label_content(p, rect, self.labels[prov], colours.get(owner), colours, u)
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

    def _label_content(self, p: QPainter, rect: QRectF, lb: Label, owner: QColor | None,
                       colours, u: float) -> None:
        x = rect.left() + u * 0.25
        top = QRectF(x, rect.top() + u * 0.05, rect.width() - u * 0.5, u * 1.1)
        if lb.castle:
            glyphs.castle(p, QRectF(x, top.center().y() - u * 0.36, u * 0.72, u * 0.66),
                          lb.castle == 2)
            top.setLeft(x + u * 0.95)
        p.setPen(QColor(style.INK))
        p.setFont(style.font(u * 0.8))
        p.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, lb.name)
        if not lb.chips and lb.army is None:
            return
        y = rect.top() + u * 1.15
        h = u * 0.95
        if lb.army is not None:
            a = lb.army
            glyphs.army_marker(p, QPointF(x + u * 0.5, y + h / 2), u * 0.5,
                               colours.get(a["house"], QColor("#888888")), a["number"],
                               a["level"], a["assassinated"])
            x += glyphs.army_marker_width(u * 0.5) + u * 0.3
        ch = h * 0.92
        fill = owner if owner is not None else QColor("#bbbbbb")
        for text, kind in lb.chips:
            w = glyphs.chip_width(text, ch)
            box = QRectF(x, y + (h - ch) / 2, w, ch)
            if kind == "force":
                glyphs.chip(p, box, text, fill)
            elif kind == "ronin":
                glyphs.chip(p, box, text, QColor("#ffffff"))
            else:
                glyphs.chip(p, box, text, QColor("#f4f0e2"), dashed=True, italic=True)
            x += w + 2

    def _markers(self, p: QPainter, f: Frame, colours) -> None:
        """The battle markers [SC-14.4]: across the gap between the labels of
        the declaring troop's province and of the province it attacks, an
        arrow pointing at the defender, joined to the labels by a thin line
        where they stand apart; the battle being fought red and larger."""
        v, u = self.view, self.unit()
        battle = v["battle"]
        fighting = (battle["from"], battle["to"]) if battle else None
        attacker = colours.get(v["current"], QColor("#333333")).darker(125)
        pairs = []
        for _troop, frm, to in v["markers"]:
            if (frm, to) not in pairs and (frm, to) != fighting:
                pairs.append((frm, to))
        for frm, to in pairs:
            self._marker(p, f, frm, to, attacker, u * 0.24)
        if fighting:
            self._marker(p, f, *fighting, QColor(style.BATTLE), u * 0.36)

    def _marker(self, p: QPainter, f: Frame, frm: str, to: str, colour: QColor,
                width: float) -> None:
        u = self.unit()
        a, b = self.anchor(frm, f), self.anchor(to, f)
        ra, rb = self.rects.get(frm), self.rects.get(to)
        if ra is not None and rb is not None:  # from label to label
            a, b = ra.center(), rb.center()
            start, end = exit_point(a, b, ra), exit_point(b, a, rb)
        else:
            start, end = a, b
        dx, dy = b.x() - a.x(), b.y() - a.y()
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d, dy / d
        gap = math.dist(start.toTuple(), end.toTuple())
        token = u * 1.7  # the marker's length
        if gap <= token:  # across the labels' shared edge
            c = (start + end) / 2
            glyphs.arrow(p, QPointF(c.x() - ux * token / 2, c.y() - uy * token / 2),
                         QPointF(c.x() + ux * token / 2, c.y() + uy * token / 2), colour, width)
            return
        line = QColor(colour)
        line.setAlpha(200)
        pen = QPen(line, max(1.2, width * 0.45))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        tip = QPointF(end.x() - ux * token, end.y() - uy * token)
        p.drawLine(start, tip)
        glyphs.arrow(p, tip, end, colour, width)

    #: the key's rows: (icon, word); an icon's width in pixels is ICON[icon]
    def _legend(self, p: QPainter) -> None:
        """A key in the bottom right corner (the Pacific)."""
        box = self.legend_rect()
        self.legend_box(p, box, 230)
        f = style.font(11, bold=False)
        m = QFontMetrics(f)
        grey = QColor("#8c8c8c")
        for row, words in enumerate(self.LEGEND):
            x, y = box.left() + 6, box.top() + 5 + row * 18
            for icon, text in words:
                mid = QPointF(x, y + 8)
                if icon == "army":
                    glyphs.army_marker(p, QPointF(x + 7, y + 9), 6, grey, 1, 2, False)
                elif icon in ("castle", "fortress"):
                    glyphs.castle(p, QRectF(x + 1, y + 2, 11, 11), icon == "fortress")
                elif icon == "force":
                    glyphs.chip(p, QRectF(x, y + 1, 17, 13), "2B", grey)
                elif icon == "ronin":
                    glyphs.chip(p, QRectF(x, y + 1, 17, 13), "1R", QColor("#ffffff"))
                elif icon == "hidden":
                    glyphs.chip(p, QRectF(x, y + 1, 17, 13), "?2", QColor("#f4f0e2"), True, True)
                elif icon == "battle":
                    glyphs.arrow(p, mid, mid + QPointF(22, 0), QColor(style.BATTLE), 3)
                else:
                    c = QColor(style.SEA_LANE)
                    c.setAlpha(110 if icon == "doubtful" else 230)
                    pen = QPen(c, 1.6 if icon == "doubtful" else 2.2)
                    pen.setDashPattern([3, 3] if icon == "doubtful" else [5, 3])
                    p.setPen(pen)
                    p.drawLine(mid, mid + QPointF(22, 0))
                x += self.ICON[icon]
                p.setPen(QColor("#222222"))
                p.setFont(f)
                p.drawText(QRectF(x, y - 1, 200, 18), Qt.AlignmentFlag.AlignVCenter, text)
                x += m.horizontalAdvance(text) + 12
