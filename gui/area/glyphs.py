"""The pieces the province maps (shogun, clans) and their panels paint, in
screen pixels: a castle or a fortress, a chip of units ("2B"), an arrow (a
battle marker)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen, QPolygonF
from tenkatoitsu_gui.area.style import font, ink_for


def castle(p: QPainter, rect: QRectF, fortress: bool) -> None:
    """A keep with battlements; a fortress's is gold with a double base."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    path = QPainterPath()
    path.moveTo(x + w * 0.12, y + h)
    path.lineTo(x + w * 0.12, y + h * 0.25)
    for i in range(3):  # three merlons
        left = x + w * (0.12 + i * 0.3)
        path.lineTo(left, y)
        path.lineTo(left + w * 0.16, y)
        path.lineTo(left + w * 0.16, y + h * 0.25)
        path.lineTo(left + w * 0.3 if i < 2 else x + w * 0.88, y + h * 0.25)
    path.lineTo(x + w * 0.88, y + h)
    path.closeSubpath()
    p.save()
    p.setPen(QPen(QColor("#1b1b1b"), 1.1))
    p.setBrush(QColor("#d4a017" if fortress else "#5b5b5b"))
    p.drawPath(path)
    if fortress:
        p.drawRect(QRectF(x, y + h * 0.82, w, h * 0.18))
    p.restore()


def chip(p: QPainter, rect: QRectF, text: str, fill: QColor, dashed: bool = False,
         italic: bool = False) -> None:
    """A rounded chip with a count of units ("2B") in the owner's colour."""
    p.save()
    pen = QPen(QColor("#1b1b1b"), 1)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    p.setPen(pen)
    p.setBrush(fill)
    p.drawRoundedRect(rect, 2.5, 2.5)
    p.setPen(ink_for(fill))
    p.setFont(font(rect.height() * 0.72, italic=italic))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def chip_width(text: str, h: float) -> float:
    return QFontMetrics(font(h * 0.72)).horizontalAdvance(text) + h * 0.45


def arrow(p: QPainter, a: QPointF, b: QPointF, colour: QColor, width: float,
          halo: bool = True, dashed: bool = False) -> None:
    """A battle marker: an arrow from the attacking troop to the province it
    attacks [SC-14.4], with a white halo so that it reads on any colour."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    d = math.hypot(dx, dy)
    if d < 1:
        return
    ux, uy = dx / d, dy / d
    head = min(width * 3.2, d * 0.6)
    base = QPointF(b.x() - ux * head, b.y() - uy * head)
    left = QPointF(base.x() - uy * head * 0.55, base.y() + ux * head * 0.55)
    right = QPointF(base.x() + uy * head * 0.55, base.y() - ux * head * 0.55)
    p.save()
    for pen_colour, w in (((QColor(255, 255, 255, 220), width + 3),) if halo else ()) + \
            ((colour, width),):
        pen = QPen(pen_colour, w)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if dashed:
            pen.setDashPattern([3, 2])
        p.setPen(pen)
        p.drawLine(a, base)
        p.setPen(QPen(pen_colour, 1.5 if w == width else 3))
        p.setBrush(pen_colour)
        p.drawPolygon(QPolygonF([b, left, right]))
    p.restore()
