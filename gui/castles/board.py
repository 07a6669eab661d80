"""The map of Japan: the coastlines (when the scenario draws them), the links
between the castles (land solid, sea dashed blue), each castle's token at
its area's `pos` with the area's name, and every player's pieces there; the
marks of the pending decision (the areas a click answers), of the war (the
area being resolved, the reinforcements just sent) and of the last turn.
Everything is drawn from the seat's view dict. Zoom with the wheel, pan by
dragging; a click (a press and release without a drag) reports the area."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from tenkatoitsu_gui.area.canvas import AreaCanvas, polygon_path
from tenkatoitsu_gui.castles import glyphs, style
from tenkatoitsu_gui.castles.choices import AreaChoices
from tenkatoitsu_gui.castles.geometry import Frame, MapGeometry
from tenkatoitsu_gui.castles.layout import place
from tenkatoitsu_gui.castles.recent import Recent

from tenkatoitsu.kinds.castles.scenario.model import KYO
from tenkatoitsu.kinds.castles.state import LARGE, SMALL

CUBE_GAP = 2.0


def short(name: str) -> str:
    """A castle's name on the map: without its bracket ("Shuri (Okinawa)")."""
    return name.split(" (")[0] if " (" in name else name


def holders(view: dict) -> tuple[dict, dict]:
    """area -> the seat that took its large token; area -> (seat, value) of its small one."""
    large, small = {}, {}
    for p, claims in view["won"].items():
        for area, value, size in claims:
            if size == LARGE:
                large[area] = p
            elif size == SMALL:
                small[area] = (p, value)
    return large, small


def pieces(view: dict, area: dict) -> list[tuple[str, list]]:
    """Each player present in the area with what is theirs there, in seat
    order: ("soldiers", n), ("white", n), ("daimyo", 1)."""
    out = []
    for p in view["players"]:
        row = []
        if area["soldiers"].get(p):
            row.append(("soldiers", area["soldiers"][p]))
        if area["white"].get(p):
            row.append(("white", area["white"][p]))
        if p in area["daimyo"]:
            row.append(("daimyo", 1))
        if row:
            out.append((p, row))
    return out


class CastlesMap(AreaCanvas):
    ZOOM_MIN, ZOOM_MAX = 0.5, 5.0
    UNIT, UNIT_MIN, UNIT_MAX = style.UNIT, style.UNIT_MIN, style.UNIT_MAX

    def __init__(self, scenario, parent=None):
        super().__init__(AreaChoices(), parent)
        board = scenario.board
        self.ids = [a.id for a in board]
        self.names = {a.id: glyphs.printable(a.name) for a in board}
        self.kyo = {a.id for a in board if a.has(KYO)}
        n = max(len(self.ids), 1)
        # an area the scenario gives no position goes on a circle
        pos = {a.id: a.pos or (math.cos(2 * math.pi * i / n) * 100,
                               math.sin(2 * math.pi * i / n) * 100)
               for i, a in enumerate(board)}
        self.links = [(ln.a, ln.b, ln.kind) for ln in board.links]
        shapes = [tuple(s.points) for s in getattr(scenario, "shapes", ()) if s.points]
        self.has_coast = bool(shapes)
        self.geo = MapGeometry(pos, shapes)
        self.recent = Recent()
        self.preview: str | None = None  # the area a hovered option would hit
        self.preview_text = ""
        self.preview_from: str | None = None  # where that option's pieces come from
        self.hits: dict[str, list[QRectF]] = {}

    # ------------------------------------------------------------ what is drawn
    def show_view(self, view: dict, recent: Recent, choices: AreaChoices) -> None:
        self.view, self.recent, self.choices = view, recent, choices
        self.refused = None
        if self.preview not in choices.options and self.preview != choices.target:
            self.set_preview(None)
        self.update()

    def set_preview(self, area: str | None, text: str = "", frm: str | None = None) -> None:
        self.preview, self.preview_text, self.preview_from = area, text, frm
        self.update()

    # ------------------------------------------------------------ where things are
    def frame(self) -> Frame:
        return self.geo.frame(self.width(), self.height(), self.zoom_factor, self.pan,
                              self.unit())

    def place_of(self, area: str) -> QPointF:
        """The castle's true place on the map of Japan, on the screen."""
        return self.frame().place_of(area)

    def centre(self, area: str) -> QPointF:
        """Where its token is drawn: its place, beside it where castles crowd,
        or in its inset."""
        return self.frame().centres[area]

    def click_point(self, area: str) -> QPointF:
        """Where a player clicks for an area (tests): its token."""
        return self.centre(area)

    def area_at(self, pt: QPointF) -> str | None:
        """The area whose token, name or pieces are under `pt` (the nearest token wins)."""
        r = self.unit() * 1.05 + 4
        best, dist = None, None
        for a in self.ids:
            q = self.centre(a) - pt
            d = math.hypot(q.x(), q.y())
            if d <= r and (dist is None or d < dist):
                best, dist = a, d
        if best is not None:
            return best
        for a, rects in self.hits.items():
            if any(rc.contains(pt) for rc in rects):
                return a
        return None

    # ------------------------------------------------------------ painting
    def paintEvent(self, _event) -> None:
        p = self.painter(style.SEA if self.has_coast else style.LAND)
        self._coast(p)
        self._insets(p)
        self._links(p)
        if self.view is not None:
            self._areas(p)
        self._legend(p)
        p.end()

    def _coast(self, p: QPainter) -> None:
        f = self.frame()
        p.setPen(QPen(QColor(style.COAST), 1.4))
        p.setBrush(QColor(style.LAND))
        for pts, inset in self.geo.shapes:
            if inset is None:
                p.drawPath(polygon_path([[f.to_screen(pt).toTuple() for pt in pts]]))

    def _insets(self, p: QPainter) -> None:
        """The boxes of the castles far from the others, each with its island."""
        f = self.frame()
        for area, box in f.insets.items():
            p.setPen(QPen(QColor(style.TOKEN_EDGE), 1.5))
            p.setBrush(QColor(style.SEA if self.has_coast else style.LAND))
            p.drawRect(box)
            p.save()
            p.setClipRect(box)
            p.setPen(QPen(QColor(style.COAST), 1.4))
            p.setBrush(QColor(style.LAND))
            for pts, inset in self.geo.shapes:
                if inset == area:
                    p.drawPath(polygon_path([[f.inset_point(area, pt).toTuple()
                                                     for pt in pts]]))
            p.restore()

    def _links(self, p: QPainter) -> None:
        u = self.unit()
        for a, b, kind in self.links:
            sea = kind == "sea"
            pen = QPen(QColor(style.SEA_LINK if sea else style.LAND_LINK), u * (0.14 if sea
                                                                                else 0.2))
            if sea:
                pen.setDashPattern([4, 3])
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(self.centre(a), self.centre(b))

    def _areas(self, p: QPainter) -> None:
        v, u = self.view, self.unit()
        r = u * 1.05
        by_id = {a["id"]: a for a in v["areas"]}
        colours = style.seat_colours(v)
        large, small = holders(v)
        name_px = u * 0.68
        m = QFontMetrics(style.font(name_px))
        texts = {}
        for a in self.ids:
            text = short(self.names[a])
            texts[a] = ("★ " if a in self.kyo else "") + text
        fighting = self._fighting()
        if fighting:  # the area being resolved says its strengths in its name
            a, text = fighting
            texts[a] = f"⚔ {texts[a]}: {text}"
        labels = {a: QSizeF(m.horizontalAdvance(t) + u * 0.7, name_px * 1.5)
                  for a, t in texts.items()}
        rows = {a: pieces(v, by_id[a]) for a in self.ids}
        blocks = {a: self._block_size(rows[a], u) for a in self.ids if rows[a]}
        f = self.frame()
        centres = {a: self.centre(a) for a in self.ids}
        names, places = place(centres, r + 3, labels, blocks, QRectF(self.rect()),
                              [self.legend_rect(), *f.insets.values()], f.insets)
        self._marks(p, centres, r, u)
        resolved = set(v["resolved"])
        self._leaders(p, centres, r)
        for a in self.ids:
            c, area = centres[a], by_id[a]
            if a in self.kyo:
                glyphs.ring(p, c, r + 2.5, style.KYO, 3)
            winner = large.get(a)
            removed = a in resolved and winner is None
            glyphs.token(p, c, r, area["value"], colours[winner] if winner else None, removed)
            if a in small:
                seat, value = small[a]
                glyphs.small_token(p, c + QPointF(r * 0.85, r * 0.75), r * 0.42, value,
                                   colours[seat])
        self._arrows(p, centres, colours, r, u)
        for a in self.ids:
            self._name(p, names[a], texts[a], name_px, a in resolved,
                       fighting is not None and a == fighting[0])
        for a, rect in places.items():
            p.setOpacity(0.55 if a in resolved else 1.0)
            self._block(p, rect, rows[a], colours, u)
            p.setOpacity(1.0)
        self.hits = {a: [names[a]] + ([places[a]] if a in places else []) for a in self.ids}
        self._tags(p, centres, colours, r, u)

    def _leaders(self, p: QPainter, centres, r: float) -> None:
        """A castle's true place (a dot) and a line to its token moved aside."""
        for a in self.ids:
            place, c = self.place_of(a), centres[a]
            p.setPen(QPen(QColor("#3a2e1c"), 1.2))
            if math.hypot(place.x() - c.x(), place.y() - c.y()) > r:
                p.drawLine(place, c)
            p.setBrush(QColor("#3a2e1c"))
            p.drawEllipse(place, 2.5, 2.5)

    def _fighting(self) -> tuple[str, str] | None:
        """The area being resolved and its strengths, from its AreaResolved event."""
        e, v = self.recent.resolved, self.view
        if e is None or e.area != v["resolving"]:
            return None
        names = v["names"]
        if not e.strengths:
            return e.area, "nobody"
        return e.area, " · ".join(f"{names.get(s, s)} {n}" for s, n in e.strengths.items())

    def _name(self, p: QPainter, rect: QRectF, text: str, px: float, resolved: bool,
              fighting: bool = False) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.RESOLVING) if fighting else
                   QColor(255, 251, 238, 200 if not resolved else 150))
        p.drawRoundedRect(rect, 4, 4)
        p.setPen(QColor("#ffffff" if fighting else "#2b2118" if not resolved else "#6d655a"))
        p.setFont(style.font(px))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    @staticmethod
    def _block_size(rows, u: float) -> QSizeF:
        w = max(len(items) * (u + CUBE_GAP) for _, items in rows) - CUBE_GAP
        return QSizeF(w + 4, len(rows) * (u + CUBE_GAP) - CUBE_GAP + 4)

    def _block(self, p: QPainter, rect: QRectF, rows, colours, u: float) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 110))
        p.drawRoundedRect(rect, 3, 3)
        y = rect.top() + 2
        for seat, items in rows:
            x = rect.left() + 2
            for what, n in items:
                box = QRectF(x, y, u, u)
                if what == "soldiers":
                    glyphs.cube(p, box, colours[seat], n)
                elif what == "white":
                    glyphs.white_cube(p, box, colours[seat], n)
                else:
                    glyphs.daimyo(p, box, colours[seat])
                x += u + CUBE_GAP
            y += u + CUBE_GAP

    def _marks(self, p: QPainter, centres, r: float, u: float) -> None:
        """Rings under the tokens: the areas a click answers, the one the
        hovered option would hit, the card's chosen areas, the war's."""
        v, rc, ch = self.view, self.recent, self.choices
        if v["resolving"]:
            glyphs.ring(p, centres[v["resolving"]], r + 7, style.RESOLVING, 5, halo=True)
        for arrow in rc.reinforcements:
            glyphs.ring(p, centres[arrow.to], r + 6, "#ffffff", 4)
        for _, area, _, _ in rc.placed:
            glyphs.ring(p, centres[area], r + 6, style.LAST, 4)
        for a in ch.options:
            glyphs.ring(p, centres[a], r + 6, style.CANDIDATE, 6 if a == self.hover else 4,
                        halo=True)
        for a in ch.chosen:
            glyphs.ring(p, centres[a], r + 10, style.CHOSEN, 3, dashed=True)
        if ch.target:
            glyphs.ring(p, centres[ch.target], r + 6, style.CHOSEN, 4, halo=True)
        if self.preview in centres:
            glyphs.ring(p, centres[self.preview], r + 9, style.PREVIEW, 5, halo=True)
        if self.refused in centres:
            glyphs.ring(p, centres[self.refused], r + 4, "#d00000", 4, dashed=True)

    def _arrows(self, p: QPainter, centres, colours, r: float, u: float) -> None:
        rc = self.recent
        for a in rc.moves:
            what = "D" if a.daimyo else str(a.n)
            glyphs.arrow(p, centres[a.frm], centres[a.to], colours[a.seat], u * 0.2, r + 4,
                         what, u * 0.62)
        for a in rc.reinforcements:  # their count is on the white cube they arrive as
            glyphs.arrow(p, centres[a.frm], centres[a.to], colours[a.seat], u * 0.24, r + 4)
        if self.preview_from in centres and self.preview in centres \
                and self.preview_from != self.preview:
            glyphs.arrow(p, centres[self.preview_from], centres[self.preview],
                         QColor(style.PREVIEW), u * 0.2, r + 4, dashed=True)

    def _tags(self, p: QPainter, centres, colours, r: float, u: float) -> None:
        rc, px = self.recent, u * 0.62
        for seat, area, n, _ in rc.placed:
            glyphs.tag(p, centres[area] + QPointF(-r - 2, -r), f"+{n}", px, colours[seat])
        for seat, area, n in rc.returned:
            glyphs.tag(p, centres[area] + QPointF(-r - 2, r), f"−{n}", px, colours[seat])
        if self.preview in centres and self.preview_text:
            glyphs.tag(p, centres[self.preview] + QPointF(0, r + u * 0.9), self.preview_text,
                       u * 0.7, QColor(style.PREVIEW))

    LEGEND = (("land", "sea", "daimyo"), ("soldiers", "reinforcements"))

    def legend_rect(self) -> QRectF:
        m = QFontMetrics(style.font(11, bold=False))
        w = max(sum(m.horizontalAdvance(t) + 40 for t in row) for row in self.LEGEND) + 8
        h = 2 * 18 + 8
        corner = self.frame().legend_corner
        x = 6 if corner == 2 else self.width() - 6 - w
        return QRectF(x, self.height() - 6 - h, w, h)

    def _legend(self, p: QPainter) -> None:
        """A key in a bottom corner: the links and the pieces."""
        box = self.legend_rect()
        self.legend_box(p, box, 225)
        f = style.font(11, bold=False)
        m = QFontMetrics(f)
        u = 13.0
        grey = QColor("#8c8c8c")
        for row, words in enumerate(self.LEGEND):
            x, y = box.left() + 6, box.top() + 5 + row * 18
            for word in words:
                mid = QPointF(x, y + u / 2)
                if word in ("land", "sea"):
                    pen = QPen(QColor(style.LAND_LINK if word == "land" else style.SEA_LINK),
                               3 if word == "land" else 2.5)
                    if word == "sea":
                        pen.setDashPattern([4, 3])
                    p.setPen(pen)
                    p.drawLine(mid, mid + QPointF(26, 0))
                    x += 30
                else:
                    glyph = QRectF(x, y, u, u)
                    if word == "soldiers":
                        glyphs.cube(p, glyph, grey, 3)
                    elif word == "reinforcements":
                        glyphs.white_cube(p, glyph, grey, 2)
                    else:
                        glyphs.daimyo(p, glyph, grey)
                    x += u + 4
                p.setPen(QColor("#222222"))
                p.setFont(f)
                p.drawText(QRectF(x, y - 2, 200, u + 4), Qt.AlignmentFlag.AlignVCenter, word)
                x += m.horizontalAdvance(word) + 10
