"""The map of Japan for the clans (tenkatoitsu_gui.area.provinces: each
province a cell, the borders, the coastlines and the sea lanes, the labels
spread apart): a province tinted in the colour of the clan that controls
it, striped in the colours of every clan there when it is contested, the
land's colour when no one is there [§6.2.1]; on each label the province's
name, its castle or the Hōjō Fortress (a red cross when fortified for the
round [§9.2]), small marks for a Mandate province [§1.3], a mountain
[§7.1], a coastal province [§2.4] and a clan's home [§2.3]; under it a chip
for each clan there with its Daimyō, Bushi and, in a battle, Ronin [§6.2.4];
the battle being fought ringed in red. With the modules on: Specialized
Warfare's units by their short letters in the chips [§10.2-b], the Koku sown
on a province as a gold coin in the sower's colour with its count
[§10.3.1], each Unrest marker as a Bushi lying on its side in its owner's
colour, edged red [§10.5.1], an Ikkō-ikki Stronghold as a grey holder with
its banner and its neutral Bushi [§10.5.2], the Trading Posts as a ship
[§10.6.1]; the key grows the modules' rows. Everything is drawn from the
seat's view dict; the clans' colours are the scenario's."""

from __future__ import annotations

import math
from typing import ClassVar

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetrics,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)
from tenkatoitsu_gui.area import glyphs
from tenkatoitsu_gui.area import style as area_style
from tenkatoitsu_gui.area.provinces import ProvinceMap
from tenkatoitsu_gui.clans import style

from tenkatoitsu.kinds.clans.scenario.model import (
    ARCHERS,
    ARQUEBUSIERS,
    BANNERMEN,
    COASTAL,
    IKKO_IKKI,
    MANDATE,
    MOUNTAIN,
    NANBAN_TRADE,
    NEUTRAL,
    RICE_AND_WAR,
    SPEARMEN,
    SPECIALIZED_WARFARE,
    SWORDSMEN,
    TRADING_POST,
)

#: the marks after a province's name, in this order (coastal: the provinces the game
#: counts as such, the rules' ten or every shore [U-9]; a Trading Post with the
#: Nanban Trade only [§10.6.1])
FLAGS = (MANDATE, MOUNTAIN, COASTAL, TRADING_POST)
#: the key's rows of the core rules
CORE_LEGEND = (
    (("castle", "castle"), ("fortress", "Hōjō Fortress"), ("fortified", "fortified")),
    (("units", "a clan's Daimyō, Bushi"), ("contested", "contested")),
    (("home", "home"), ("mandate", "Mandate"), ("mountain", "mountain"),
     ("coastal", "coastal")),
    (("lane", "sea lane"), ("battle", "battle")))
#: Specialized Warfare's units in the key [§10.2-b] [§10.6.3]
SPECIAL_UNITS = (SPEARMEN, SWORDSMEN, ARCHERS, BANNERMEN, ARQUEBUSIERS)
STRIPE = 7  # pixels: the width of a contested province's stripes, along a row
ICON = 0.72  # a mark's width, in glyph units


@attrs.frozen
class Label:
    """What a province's label shows, measured at one glyph unit."""

    name: str
    castle: dict | None = None  # {"builder", "fortress", "fortified"}
    flags: tuple[str, ...] = ()
    home: str | None = None  # the clan whose home it is
    chips: tuple[tuple[str, str], ...] = ()  # (text, clan)
    sown: tuple[tuple[str, int], ...] = ()  # (clan, Koku sown) [§10.3.1]
    unrest: tuple[str, ...] = ()  # the owner of each Unrest marker [§10.5.1]
    stronghold: bool = False  # an Ikkō-ikki Stronghold [§10.5.2]
    width: float = 0.0
    height: float = 0.0


# ---------------------------------------------------------------- the marks
def star(p: QPainter, centre: QPointF, r: float) -> None:
    """A Mandate province [§1.3]: a gold star."""
    pts = [QPointF(centre.x() + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                   centre.y() - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
           for i in range(10)]
    p.save()
    p.setPen(QPen(QColor("#6b4e00"), 0.9))
    p.setBrush(QColor("#f2c200"))
    p.drawPolygon(QPolygonF(pts))
    p.restore()


def mountain(p: QPainter, centre: QPointF, r: float) -> None:
    """A mountain province [§7.1]: a brown peak."""
    p.save()
    p.setPen(QPen(QColor("#4a3520"), 0.8))
    p.setBrush(QColor("#8a6a45"))
    p.drawPolygon(QPolygonF([QPointF(centre.x() - r, centre.y() + r * 0.75),
                             QPointF(centre.x(), centre.y() - r * 0.8),
                             QPointF(centre.x() + r, centre.y() + r * 0.75)]))
    p.restore()


def waves(p: QPainter, centre: QPointF, r: float) -> None:
    """A coastal province [§2.4]: two blue waves."""
    p.save()
    pen = QPen(QColor("#1f5d9c"), max(1.1, r * 0.3))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for dy in (-r * 0.35, r * 0.4):
        path = QPainterPath(QPointF(centre.x() - r, centre.y() + dy))
        path.cubicTo(QPointF(centre.x() - r * 0.5, centre.y() + dy - r * 0.5),
                     QPointF(centre.x(), centre.y() + dy + r * 0.5),
                     QPointF(centre.x() + r, centre.y() + dy - r * 0.1))
        p.drawPath(path)
    p.restore()


def home(p: QPainter, centre: QPointF, r: float, colour: QColor) -> None:
    """A clan's home province [§2.3]: its crest, a disc in its colour."""
    p.save()
    p.setPen(QPen(QColor("#1b1b1b"), 0.9))
    p.setBrush(colour)
    p.drawEllipse(centre, r * 0.85, r * 0.85)
    p.setPen(QPen(area_style.ink_for(colour), max(0.8, r * 0.2)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, r * 0.4, r * 0.4)
    p.restore()


def fortified(p: QPainter, centre: QPointF, r: float) -> None:
    """A castle fortified for the round [§9.2]: a red disc with a white cross."""
    p.save()
    p.setPen(QPen(QColor("#ffffff"), 0.8))
    p.setBrush(QColor("#c62828"))
    p.drawEllipse(centre, r, r)
    pen = QPen(QColor("#ffffff"), max(1.2, r * 0.45))
    p.setPen(pen)
    p.drawLine(centre + QPointF(-r * 0.55, 0), centre + QPointF(r * 0.55, 0))
    p.drawLine(centre + QPointF(0, -r * 0.55), centre + QPointF(0, r * 0.55))
    p.restore()


def ship(p: QPainter, centre: QPointF, r: float) -> None:
    """A Trading Post [§10.6.1]: a Nanban ship, a brown hull under a white sail."""
    x, y = centre.x(), centre.y()
    p.save()
    p.setPen(QPen(QColor("#3b2a14"), 0.8))
    p.setBrush(QColor("#7a5124"))
    p.drawPolygon(QPolygonF([QPointF(x - r, y + r * 0.25), QPointF(x + r, y + r * 0.25),
                             QPointF(x + r * 0.6, y + r * 0.85),
                             QPointF(x - r * 0.6, y + r * 0.85)]))
    p.setBrush(QColor("#fbf7ea"))
    p.drawPolygon(QPolygonF([QPointF(x - r * 0.05, y - r), QPointF(x - r * 0.05, y + r * 0.15),
                             QPointF(x + r * 0.75, y + r * 0.15)]))
    p.drawPolygon(QPolygonF([QPointF(x - r * 0.2, y - r * 0.7),
                             QPointF(x - r * 0.2, y + r * 0.15),
                             QPointF(x - r * 0.8, y + r * 0.15)]))
    p.restore()


def flag_mark(p: QPainter, flag: str, centre: QPointF, r: float) -> None:
    if flag == MANDATE:
        star(p, centre, r * 1.1)
    elif flag == MOUNTAIN:
        mountain(p, centre, r)
    elif flag == TRADING_POST:
        ship(p, centre, r)
    else:
        waves(p, centre, r)


def banner(p: QPainter, centre: QPointF, r: float) -> None:
    """An Ikkō-ikki Stronghold [§10.5.2]: the rebels' grey banner on its pole."""
    x, y = centre.x(), centre.y()
    p.save()
    p.setPen(QPen(QColor("#2b2b2b"), max(1.0, r * 0.2)))
    p.drawLine(QPointF(x - r * 0.6, y - r), QPointF(x - r * 0.6, y + r))
    p.setPen(QPen(QColor("#2b2b2b"), 0.8))
    p.setBrush(QColor(style.NEUTRAL_COLOUR))
    flag = QRectF(x - r * 0.6, y - r * 0.95, r * 1.45, r * 1.3)
    p.drawRect(flag)
    p.setPen(QPen(QColor("#ffffff"), max(0.9, r * 0.22)))
    p.drawLine(QPointF(flag.center().x(), flag.top() + r * 0.2),
               QPointF(flag.center().x(), flag.bottom() - r * 0.2))
    p.restore()


def coin(p: QPainter, centre: QPointF, r: float) -> None:
    """A Koku: a gold coin with its square hole."""
    p.save()
    p.setPen(QPen(QColor("#6b4e00"), 0.8))
    p.setBrush(QColor("#f2c200"))
    p.drawEllipse(centre, r, r)
    p.setBrush(QColor("#fff6d0"))
    h = r * 0.38
    p.drawRect(QRectF(centre.x() - h, centre.y() - h, 2 * h, 2 * h))
    p.restore()


def sown_width(n: int, h: float) -> float:
    return h * 0.95 + QFontMetrics(area_style.font(h * 0.72)).horizontalAdvance(str(n)) + h * 0.3


def sown_mark(p: QPainter, rect: QRectF, n: int, colour: QColor) -> None:
    """Koku sown on a province [§10.3.1]: a coin and its count on the rice's
    straw colour, edged in the sower's colour."""
    p.save()
    p.setPen(QPen(colour, 1.8))
    p.setBrush(QColor(style.RICE))
    p.drawRoundedRect(rect.adjusted(0.9, 0.9, -0.9, -0.9), 2.5, 2.5)
    h = rect.height()
    coin(p, QPointF(rect.left() + h * 0.5, rect.center().y()), h * 0.32)
    p.setPen(QColor(area_style.INK))
    p.setFont(area_style.font(h * 0.72))
    p.drawText(rect.adjusted(h * 0.85, 0, 0, 0), Qt.AlignmentFlag.AlignCenter, str(n))
    p.restore()


def unrest_mark(p: QPainter, centre: QPointF, h: float, colour: QColor) -> None:
    """An Unrest marker [§10.5.1]: a Bushi of the defeated holder lying on its
    side, in its colour, on a pale red tile edged red."""
    p.save()
    p.setPen(QPen(QColor(style.UNREST), max(1.2, h * 0.1)))
    p.setBrush(QColor("#ffe1dc"))
    w = h * (UNREST_W - 0.1)
    p.drawRoundedRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h), 2.5, 2.5)
    p.translate(centre)
    p.rotate(-30)
    p.setPen(QPen(QColor("#1b1b1b"), 0.9))
    p.setBrush(colour)
    p.drawRoundedRect(QRectF(-h * 0.36, -h * 0.15, h * 0.72, h * 0.3), 1.2, 1.2)
    p.restore()


UNREST_W = 1.05  # an Unrest marker's width, in chip heights
#: an Ikkō-ikki Stronghold's cell: the neutral grey, hatched
HATCH = QColor(60, 60, 60, 110)


def stripes(colours: list[QColor]) -> QPixmap:
    """A tile of diagonal stripes, one for each colour in turn."""
    n = len(colours)
    size = STRIPE * n
    img = QImage(size, size, QImage.Format.Format_RGB32)
    for x in range(size):
        for y in range(size):
            img.setPixelColor(x, y, colours[((x + y) // STRIPE) % n])
    return QPixmap.fromImage(img)


def legend_rows(variants, width=None) -> tuple:
    """The key's rows for the modules in play: the core's alone as they are;
    with a module, the core's marks and the modules' packed into rows no
    wider than `width(row)` allows (LEGEND_WIDTH pixels), so that the key
    stays low over the Pacific."""
    variants = set(variants)
    marks = []
    if RICE_AND_WAR in variants:
        marks.append(("sown", "Koku sown"))
    if NANBAN_TRADE in variants:
        marks.append(("post", "Trading Post"))
    if IKKO_IKKI in variants:
        marks += [("stronghold", "Ikkō-ikki Stronghold"), ("unrest", "Unrest marker")]
    if SPECIALIZED_WARFARE in variants:
        words = {SPEARMEN: "Spearmen", SWORDSMEN: "Swordsmen", ARCHERS: "Archers",
                 BANNERMEN: "Bannermen", ARQUEBUSIERS: "Arquebusiers"}
        marks += [(f"unit:{u}", words[u]) for u in SPECIAL_UNITS
                  if u != ARQUEBUSIERS or NANBAN_TRADE in variants]
    if not marks:
        return CORE_LEGEND
    items = [i for row in CORE_LEGEND for i in row] + marks
    rows: list[list] = [[]]
    for item in items:
        if rows[-1] and width is not None and width(rows[-1] + [item]) > LEGEND_WIDTH:
            rows.append([])
        rows[-1].append(item)
    return tuple(tuple(r) for r in rows)


#: the widest row of the key with the modules' marks, in pixels
LEGEND_WIDTH = 420


class ClansMap(ProvinceMap):
    UNIT, UNIT_MIN, UNIT_MAX = style.UNIT, style.UNIT_MIN, style.UNIT_MAX
    #: the key's rows: (icon, word); an icon's width in pixels is ICON[icon]
    #: (the modules' rows are added once the game's variants are known)
    LEGEND: ClassVar[tuple] = CORE_LEGEND
    ICON: ClassVar[dict] = {"castle": 16, "fortress": 16, "fortified": 16, "units": 38,
                            "contested": 22, "home": 16, "mandate": 16, "mountain": 16,
                            "coastal": 18, "lane": 26, "battle": 22, "sown": 28,
                            "post": 16, "stronghold": 16, "unrest": 20} | {
        f"unit:{u}": 24 for u in SPECIAL_UNITS}

    def __init__(self, scenario, board=None, parent=None):
        """`board`: the board as the game plays it; every sea lane counts."""
        board = board if board is not None else scenario.board
        super().__init__(scenario, board, [(ln.a, ln.b, False) for ln in board.links
                                           if ln.kind == "sea"], parent)
        self.clans = {c.id: c for c in scenario.clans}
        #: the clans' colours, and the Ikkō-ikki's grey [§10.5.2]
        self.clan_colours = style.clan_colours_with_neutral(scenario.clans)
        self.variants: tuple[str, ...] = ()
        self._stripes: dict[tuple, QPixmap] = {}  # the clans there -> their stripes
        self._present: dict[str, list[str]] = {}  # province -> the clans there

    # ------------------------------------------------------------ what is drawn
    def show_view(self, view: dict, choices) -> None:
        variants = tuple(view.get("variants", ()))
        if variants != self.variants:  # the key grows the modules' rows
            self.variants = variants
            m = QFontMetrics(area_style.font(11, bold=False))
            self.LEGEND = legend_rows(variants, lambda row: sum(
                self.ICON[i] + m.horizontalAdvance(t) + 12 for i, t in row) + 4)
            self._layout_key = None
        super().show_view(view, choices)

    def owner_of(self, row: dict) -> str | None:
        """The clan that holds it; an Ikkō-ikki Stronghold's rebels, alone
        there, hold it as a neutral [§10.5.2]."""
        if row["controller"] is None and list(row["units"]) == [NEUTRAL]:
            return NEUTRAL
        return row["controller"]

    def colours(self) -> dict[str, QColor]:
        return self.clan_colours

    def battle_province(self) -> str | None:
        battle = self.view["battle"]
        return battle["province"] if battle else None

    def homes(self) -> dict[str, str]:
        """province -> the clan whose home it is: the clans in play, or in
        the draft every clan (where each would begin)."""
        v = self.view
        if v is None:
            return {}
        if v["phase"] == "draft":
            return {c.home: c.id for c in self.clans.values()}
        return {d["home"]: c for c, d in v["clans"].items() if not d["eliminated"]}

    def fill_cell(self, p: QPainter, province: str, path: QPainterPath, owner: str | None,
                  colours) -> None:
        present = self._present.get(province, ())
        if owner is None and len(present) > 1:  # contested: the clans' stripes
            key = tuple(present)
            if key not in self._stripes:
                self._stripes[key] = stripes([style.tint(colours[c]) for c in present])
            brush = QBrush(self._stripes[key])
            scale = p.transform().m11() or 1.0
            brush.setTransform(QTransform.fromScale(1 / scale, 1 / scale))
            p.setBrush(brush)
        else:
            p.setBrush(style.tint(colours[owner]) if owner in colours else QColor(style.LAND))
        p.drawPath(path)
        if owner == NEUTRAL:  # a Stronghold: hatched, unlike any clan's tint
            brush = QBrush(HATCH, Qt.BrushStyle.BDiagPattern)
            scale = p.transform().m11() or 1.0
            brush.setTransform(QTransform.fromScale(1 / scale, 1 / scale))
            p.setBrush(brush)
            p.drawPath(path)

    def paintEvent(self, event) -> None:
        self._present = {} if self.view is None else {
            r["id"]: [c for c in r["units"] if c in self.clan_colours]
            for r in self.view["provinces"]}
        super().paintEvent(event)

    # ------------------------------------------------------------ labels
    def _label(self, row: dict, homes: dict[str, str], u: float) -> Label:
        name = self.names[row["id"]]
        flags = tuple(f for f in FLAGS if f in row["flags"]
                      and (f != TRADING_POST or NANBAN_TRADE in self.variants))
        chips = tuple((style.units_text(units), c) for c, units in row["units"].items())
        sown = tuple((c, n) for c, n in row.get("sown", {}).items() if n)
        unrest = tuple(row.get("unrest", ()))
        stronghold = bool(row["units"].get(NEUTRAL))
        m = QFontMetrics(area_style.font(u * 0.8))
        where = row["id"]
        marks = len(flags) + (1 if where in homes else 0) + (1 if stronghold else 0)
        top = m.horizontalAdvance(name) + (u * 0.95 if row["castle"] else 0) + \
            (u * 0.2 + marks * u * (ICON + 0.12) if marks else 0)
        ch = u * 0.95 * 0.92
        second = sum(glyphs.chip_width(t, ch) + 2 for t, _ in chips) + \
            sum(sown_width(n, ch) + 2 for _, n in sown) + \
            (len(unrest) * ch * UNREST_W + 3 if unrest else 0)
        width = max(top, second) + u * 0.5
        height = u * 1.15 + (u * 1.1 if chips or sown or unrest else 0)
        return Label(name, row["castle"], flags, homes.get(where), chips, sown, unrest,
                     stronghold, width, height)

    def measure(self, view: dict, u: float) -> dict[str, Label]:
        homes = self.homes()
        return {row["id"]: self._label(row, homes, u) for row in view["provinces"]}

    # ------------------------------------------------------------ painting
    def paint_label(self, p: QPainter, rect: QRectF, lb: Label, owner: QColor | None,
                    colours, u: float) -> None:
        x = rect.left() + u * 0.25
        top = QRectF(x, rect.top() + u * 0.05, rect.width() - u * 0.5, u * 1.1)
        if lb.castle:
            box = QRectF(x, top.center().y() - u * 0.36, u * 0.72, u * 0.66)
            glyphs.castle(p, box, lb.castle["fortress"])
            if lb.castle["fortified"]:
                fortified(p, QPointF(box.right(), box.bottom() - u * 0.05), u * 0.3)
            top.setLeft(x + u * 0.95)
        p.setPen(QColor(area_style.INK))
        f = area_style.font(u * 0.8)
        p.setFont(f)
        p.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, lb.name)
        mx = top.left() + QFontMetrics(f).horizontalAdvance(lb.name) + u * 0.2
        r = u * ICON / 2
        for flag in lb.flags:
            flag_mark(p, flag, QPointF(mx + r, top.center().y()), r)
            mx += u * (ICON + 0.12)
        if lb.home is not None:
            home(p, QPointF(mx + r, top.center().y()), r,
                 colours.get(lb.home, QColor("#888888")))
            mx += u * (ICON + 0.12)
        if lb.stronghold:
            banner(p, QPointF(mx + r, top.center().y()), r)
        if not (lb.chips or lb.sown or lb.unrest):
            return
        y = rect.top() + u * 1.15
        h = u * 0.95
        ch = h * 0.92
        for text, clan in lb.chips:
            w = glyphs.chip_width(text, ch)
            glyphs.chip(p, QRectF(x, y + (h - ch) / 2, w, ch), text,
                        colours.get(clan, QColor("#bbbbbb")), dashed=clan == NEUTRAL)
            x += w + 2
        for clan, n in lb.sown:
            w = sown_width(n, ch)
            sown_mark(p, QRectF(x, y + (h - ch) / 2, w, ch), n,
                      colours.get(clan, QColor("#bbbbbb")))
            x += w + 2
        if lb.unrest:
            x += 1
        for clan in lb.unrest:
            unrest_mark(p, QPointF(x + ch * UNREST_W / 2, y + h / 2), ch,
                        colours.get(clan, QColor("#bbbbbb")))
            x += ch * UNREST_W

    def paint_markers(self, p: QPainter, f, colours) -> None:
        """The label of the battle being fought, ringed in red as its province."""
        battle = self.battle_province()
        if battle in self.rects:
            p.save()
            p.setPen(QPen(QColor(area_style.BATTLE), 2.6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(self.rects[battle].adjusted(-1.5, -1.5, 1.5, 1.5), 4.5, 4.5)
            p.restore()

    # ------------------------------------------------------------ the key
    def legend_icon(self, p: QPainter, icon: str, x: float, y: float) -> None:
        mid = QPointF(x + 6, y + 8)
        grey = QColor("#8c8c8c")
        if icon in ("castle", "fortress", "fortified"):
            box = QRectF(x + 1, y + 2, 11, 11)
            glyphs.castle(p, box, icon == "fortress")
            if icon == "fortified":
                fortified(p, QPointF(box.right(), box.bottom()), 3.6)
        elif icon == "units":
            glyphs.chip(p, QRectF(x, y + 1, 34, 13), "1D 2B", grey)
        elif icon == "contested":
            p.save()
            p.setPen(QPen(QColor(area_style.BORDER), 0.8))
            p.setBrush(QBrush(stripes([QColor("#e8a9a0"), QColor("#a9c0e0")])))
            p.drawRect(QRectF(x, y + 2, 17, 12))
            p.restore()
        elif icon == "home":
            home(p, mid, 5.5, grey)
        elif icon in (MANDATE, MOUNTAIN, COASTAL):
            flag_mark(p, icon, mid, 5.5)
        elif icon == "post":
            ship(p, mid, 6)
        elif icon == "sown":
            sown_mark(p, QRectF(x, y + 1, 24, 13), 2, grey)
        elif icon == "stronghold":
            banner(p, mid, 6)
        elif icon == "unrest":
            unrest_mark(p, QPointF(x + 7, y + 8), 13, grey)
        elif icon.startswith("unit:"):
            glyphs.chip(p, QRectF(x, y + 1, 20, 13), style.short(icon[5:]), grey)
        elif icon == "battle":
            p.save()
            p.setPen(QPen(QColor(area_style.BATTLE), 2.4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(x + 1, y + 2, 16, 12), 3, 3)
            p.restore()
        else:
            super().legend_icon(p, icon, x, y)
