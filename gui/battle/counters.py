"""Unit counters drawn like the printed ones [4.1]: clan colour and unit id,
Elan-Mass along the bottom, Firepower as dots, Leadership as bars or the X
cross, the Sō-taishō / Taishō mark; with the markers stacked on it: its state
[4.3], its clan's Order [5.2] (unless hidden [5.3]), a defensive position
[11.8], a samurai [16]."""

from __future__ import annotations

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem
from tenkatoitsu_gui.battle import style

COUNTER = 44.0  # side of a counter, in scene units (a hex is 80 wide)


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
        self.setCacheMode(QGraphicsItem.CacheMode.ItemCoordinateCache)
        self.setZValue(10)
        self.setAcceptHoverEvents(False)

    def set_face(self, face: CounterFace, mark: str | None) -> None:
        if face != self.face or mark != self.mark or face.colour != self.face.colour:
            self.face, self.mark = face, mark
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-COUNTER / 2 - 6, -COUNTER / 2 - 6, COUNTER + 16, COUNTER + 16)

    def paint(self, p: QPainter, option, widget=None) -> None:
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
