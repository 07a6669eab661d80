"""Unit counters drawn like the printed ones [4.1]: clan colour and unit id,
Elan-Mass along the bottom, Firepower as dots, Leadership as bars or the X
cross, the Sō-taishō / Taishō mark; with the markers stacked on it: its state
[4.3], its clan's Order [5.2] (unless hidden [5.3]), a defensive position
[11.8], a samurai [16].

Zoomed out below FULL_AT, where the printed counter's values cannot be read,
a compact counter takes its place: Elan-Mass (or the Elan alone when that is
all that fits) in a font of at least COMPACT_FONT pixels, the Order as a band
along the top, the state as a band along the bottom with one pip a step lost,
drawn in screen pixels and as large as the hex leaves room for."""

from __future__ import annotations

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem
from tenkatoitsu_gui.battle import style

COUNTER = 44.0  # side of a counter, in scene units (a hex is 80 wide)
FULL_AT = 0.8  # screen pixels a scene unit from which the printed counter is drawn
COMPACT_FONT = 9  # pixels: the least size of a compact counter's text
# the most a compact counter may cover, in scene units: hex columns are 60
# apart and rows 69, so neighbours never overlap
COMPACT_W, COMPACT_H = 58.0, 58.0
BAND = 3  # pixels: the Order and state bands of a compact counter


@attrs.frozen
class CounterFace:
    """What one counter shows; computed by the map from the state and the viewer."""

    id: str
    colour: QColor = attrs.field(eq=False)
    elan: int
    mass: int
    fire: int
    lead: int
    lead_x: bool
    leader_killed: bool
    so_taisho: bool
    taisho: bool
    steps_lost: int = 0
    order: str | None = None  # attack | defense | movement | regroup | hidden | None
    defensive_position: bool = False
    samurai: bool = False


class CounterItem(QGraphicsItem):
    def __init__(self, face: CounterFace):
        super().__init__()
        self.face = face
        self.mark = None  # None | "option" | "selected"
        # cached at the zoom it is seen at: paint() picks the full or compact face
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(10)
        self.setAcceptHoverEvents(False)
        self.compact = False  # as last drawn, with the compact face's text and its pixel size
        self.compact_label: tuple[str, int] | None = None
        self._drawn = QRectF(-COUNTER / 2, -COUNTER / 2, COUNTER, COUNTER)

    def set_face(self, face: CounterFace, mark: str | None) -> None:
        if face != self.face or mark != self.mark or face.colour != self.face.colour:
            self.face, self.mark = face, mark
            self.update()

    def boundingRect(self) -> QRectF:
        # the full face with its markers, or the compact one with its glow and
        # shadow, a few pixels that are many scene units zoomed out
        m = 20.0
        return QRectF(-COMPACT_W / 2 - m, -COMPACT_H / 2 - m, COMPACT_W + 2 * m, COMPACT_H + 2 * m)

    def shape(self) -> QPainterPath:
        """Where a click finds the counter: the face as last drawn."""
        path = QPainterPath()
        path.addRect(self._drawn)
        return path

    def paint(self, p: QPainter, option, widget=None) -> None:
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        self.compact = lod < FULL_AT
        if self.compact:
            self._paint_compact(p, lod)
        else:
            self._drawn = QRectF(-COUNTER / 2, -COUNTER / 2, COUNTER, COUNTER)
            self._paint_full(p)

    def _paint_full(self, p: QPainter) -> None:
        f = self.face
        s = COUNTER
        r = QRectF(-s / 2, -s / 2, s, s)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # shadow, then the counter
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(r.translated(2.5, 2.5), 3, 3)
        if self.mark:
            glow = QColor("#ffe600") if self.mark == "option" else QColor("#ff2d2d")
            p.setPen(QPen(glow, 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 5, 5)
        p.setPen(QPen(QColor("#1a1a1a"), 1.2))
        p.setBrush(f.colour)
        p.drawRoundedRect(r, 3, 3)
        ink = style.ink_for(f.colour)
        # unit id, top left
        p.setPen(ink)
        p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
        p.drawText(QRectF(-s / 2 + 3, -s / 2 + 1, s - 6, 11), Qt.AlignmentFlag.AlignLeft, f.id)
        # Sō-taishō: a gold disc in a ring; Taishō: the ring alone
        if f.so_taisho or f.taisho:
            c = QPointF(s / 2 - 7, -s / 2 + 7)
            p.setPen(QPen(QColor("#d4af37"), 1.6))
            p.setBrush(QColor("#d4af37") if f.so_taisho else Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, 4.5, 4.5)
            if f.so_taisho:
                p.setPen(QPen(QColor("#7a5c00"), 1))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, 2.2, 2.2)
        # Leadership: bars, or the X cross [4.1]; nothing once the leader is killed
        p.setPen(QPen(ink, 2.2))
        if not f.leader_killed:
            if f.lead_x:
                p.drawLine(QPointF(-5, -7), QPointF(5, 3))
                p.drawLine(QPointF(-5, 3), QPointF(5, -7))
            else:
                for i in range(f.lead):
                    x = -3 * (f.lead - 1) + 6 * i
                    p.drawLine(QPointF(x, -7), QPointF(x, 3))
        # Firepower dots, left edge
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        for i in range(f.fire):
            p.drawEllipse(QPointF(-s / 2 + 5, -6 + 6 * i), 2.0, 2.0)
        # Elan-Mass along the bottom
        p.setPen(ink)
        p.setFont(QFont("DejaVu Sans", 10, QFont.Weight.Bold))
        p.drawText(QRectF(-s / 2, s / 2 - 16, s, 15), Qt.AlignmentFlag.AlignCenter,
                   f"{f.elan}-{f.mass}")
        self._markers(p, r)

    def _markers(self, p: QPainter, r: QRectF) -> None:
        f = self.face
        p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
        if f.order:  # the clan's Order marker, on the upper right corner
            letter, colour = style.ORDER[f.order]
            box = QRectF(r.right() - 6, r.top() + 12, 12, 12)
            p.setPen(QPen(QColor("#111111"), 1))
            p.setBrush(QColor(colour))
            p.drawRect(box)
            p.setPen(QColor("#ffffff"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, letter)
        if f.steps_lost:  # the state marker, lower right [4.3]
            letter, colour = style.STATE[min(f.steps_lost, 3)]
            box = QRectF(r.right() - 6, r.bottom() - 12, 12, 12)
            p.setPen(QPen(QColor("#111111"), 1))
            p.setBrush(QColor(colour))
            p.drawRect(box)
            p.setPen(QColor("#111111"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, letter)
        if f.defensive_position:  # a palisade under the counter [11.8]
            p.setPen(QPen(QColor("#5c3b1e"), 1))
            p.setBrush(QColor("#8b5a2b"))
            for i in range(6):
                p.drawRect(QRectF(r.left() + 2 + i * 7, r.bottom() + 1, 5, 5))
        if f.samurai:  # a samurai marker on the host [16]
            c = QPointF(r.left(), r.top() + 16)
            p.setPen(QPen(QColor("#111111"), 1))
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(c, 6, 6)
            p.setPen(QColor("#b22222"))
            p.drawText(QRectF(c.x() - 6, c.y() - 6, 12, 12), Qt.AlignmentFlag.AlignCenter, "S")

    # ------------------------------------------------------------ compact
    def _paint_compact(self, p: QPainter, lod: float) -> None:
        """Drawn in screen pixels about the counter's centre, so the text keeps
        its size whatever the zoom."""
        f = self.face
        w_max, h_max = COMPACT_W * lod, COMPACT_H * lod
        font = QFont("DejaVu Sans Condensed")
        font.setBold(True)
        font.setPixelSize(max(COMPACT_FONT, min(14, int(h_max * 0.4))))
        fm = QFontMetricsF(font)
        text = compact_text(f, lambda t: fm.horizontalAdvance(t) + 2 <= w_max)
        side = COUNTER * lod
        w = min(w_max, max(side, fm.horizontalAdvance(text) + 2))
        h = min(h_max, max(side, fm.height() + 2 * BAND + 2))
        self._drawn = QRectF(-w / 2 / lod, -h / 2 / lod, w / lod, h / lod)
        self.compact_label = (text, font.pixelSize())
        origin = p.worldTransform().map(QPointF(0, 0))
        p.save()
        p.resetTransform()
        p.translate(round(origin.x()), round(origin.y()))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(-round(w / 2), -round(h / 2), round(w), round(h))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRect(r.translated(1.5, 1.5))
        if self.mark:
            glow = QColor("#ffe600") if self.mark == "option" else QColor("#ff2d2d")
            p.setPen(QPen(glow, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(r.adjusted(-2, -2, 2, 2))
        p.setPen(QPen(QColor("#1a1a1a"), 1))
        p.setBrush(f.colour)
        p.drawRect(r)
        if f.order:  # the Order [5.2], hidden ones grey [5.3], ruled off the clan colour
            p.setBrush(QColor(style.ORDER[f.order][1]))
            p.drawRect(QRectF(r.left(), r.top(), r.width(), BAND))
            p.setPen(QPen(QColor("#f4f4f4"), 1))
            p.drawLine(QPointF(r.left() + 1, r.top() + BAND + 1),
                       QPointF(r.right() - 1, r.top() + BAND + 1))
            p.setPen(QPen(QColor("#1a1a1a"), 1))
        if f.steps_lost:  # the state [4.3]: its colour, a pip a step lost
            band = QRectF(r.left(), r.bottom() - BAND - 1, r.width(), BAND + 1)
            p.setBrush(QColor(style.STATE[min(f.steps_lost, 3)][1]))
            p.drawRect(band)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#111111"))
            for i in range(min(f.steps_lost, 3)):
                p.drawRect(QRectF(band.left() + 2 + 4 * i, band.top() + 1, 2, band.height() - 1))
        if f.so_taisho or f.taisho:  # the commander's gold mark
            p.setPen(QPen(QColor("#7a5c00"), 1))
            p.setBrush(QColor("#d4af37") if f.so_taisho else QColor("#f5e6a8"))
            p.drawEllipse(QPointF(r.right() - 1, r.top() + 1), 3, 3)
        if f.samurai:  # a samurai on it [16]
            p.setPen(QPen(QColor("#b22222"), 1.5))
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(QPointF(r.left() + 1, r.top() + 1), 3, 3)
        if f.defensive_position:  # a palisade under it [11.8]
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#8b5a2b"))
            p.drawRect(QRectF(r.left(), r.bottom() + 1, r.width(), 2))
        p.setFont(font)
        p.setPen(style.ink_for(f.colour))
        p.drawText(r.adjusted(0, BAND, 0, -BAND), Qt.AlignmentFlag.AlignCenter, text)
        p.restore()


def compact_text(f: CounterFace, fits) -> str:
    """Elan-Mass, or the Elan alone when `fits` says the pair has no room."""
    both = f"{f.elan}-{f.mass}"
    return both if fits(both) else str(f.elan)
