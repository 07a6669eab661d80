"""The map of Japan (tenkatoitsu_gui.area.provinces: each province a cell
tinted with its owner's colour, the borders and the coastlines, the sea lanes,
the doubtful ones fainter) with the shogun's labels: on each province its
name, its castle or fortress, the army marker standing there and its
provincial force by unit type (plus the ronin revealed with it, and the
viewer's own hidden ronin); the battle markers as arrows, the battle being
fought in red; the provinces a click answers ringed in yellow. Everything is
drawn from the seat's view dict."""

from __future__ import annotations

import math
from typing import ClassVar

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from tenkatoitsu_gui.area.provinces import Frame, ProvinceMap
from tenkatoitsu_gui.shogun import glyphs, style

from tenkatoitsu.kinds.shogun.scenario.model import DOUBTFUL


@attrs.frozen
class Label:
    """What a province's label shows, measured at one glyph unit."""

    name: str
    castle: int = 0  # 0 none, 1 castle, 2 fortress
    army: dict | None = None
    chips: tuple[tuple[str, str], ...] = ()  # (text, "force" | "ronin" | "hidden")
    width: float = 0.0
    height: float = 0.0


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


class ShogunMap(ProvinceMap):
    UNIT, UNIT_MIN, UNIT_MAX = style.UNIT, style.UNIT_MIN, style.UNIT_MAX
    #: the key's rows: (icon, word); an icon's width in pixels is ICON[icon]
    LEGEND: ClassVar[tuple] = (
        (("army", "army (level)"), ("castle", "castle"), ("fortress", "fortress")),
        (("force", "force"), ("ronin", "ronin"), ("hidden", "your hidden ronin")),
        (("lane", "sea lane"), ("doubtful", "doubtful"), ("battle", "battle")))
    ICON: ClassVar[dict] = {"army": 30, "castle": 16, "fortress": 16, "force": 20, "ronin": 20,
                            "hidden": 20, "lane": 26, "doubtful": 26, "battle": 26}

    def __init__(self, scenario, board=None, parent=None):
        """`board`: the board as the game plays it (a variant may drop lanes)."""
        board = board if board is not None else scenario.board
        super().__init__(scenario, board, [(ln.a, ln.b, DOUBTFUL in ln.flags)
                                           for ln in board.links if ln.kind == "sea"], parent)

    # ------------------------------------------------------------ what is drawn
    def owner_of(self, row: dict) -> str | None:
        return row["owner"]

    def colours(self) -> dict[str, QColor]:
        return style.house_colours(self.view)

    def battle_province(self) -> str | None:
        battle = self.view["battle"]
        return battle.get("to") if battle else None

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

    def measure(self, view: dict, u: float) -> dict[str, Label]:
        armies = {a["id"]: a for a in view["armies"]}
        return {row["id"]: self._label(row, armies, u) for row in view["provinces"]}

    # ------------------------------------------------------------ painting
    def paint_label(self, p: QPainter, rect: QRectF, lb: Label, owner: QColor | None,
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

    def paint_markers(self, p: QPainter, f: Frame, colours) -> None:
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

    # ------------------------------------------------------------ the key
    def legend_icon(self, p: QPainter, icon: str, x: float, y: float) -> None:
        grey = QColor("#8c8c8c")
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
        else:
            super().legend_icon(p, icon, x, y)
