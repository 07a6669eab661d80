"""The pieces as the map and the panels paint them, in screen pixels: an
army marker (its number, its level, laid on its side once assassinated), a
castle or a fortress, a chip of units ("2B"), hidden ronin, an arrow (a
battle marker), a d12."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPen, QPolygonF
from tenkatoitsu_gui.shogun import style


def army_marker_width(r: float) -> float:
    """The width of an army marker of radius `r` with its level tab."""
    return r * 4.3


def army_marker(p: QPainter, centre: QPointF, r: float, fill: QColor, number: int,
                level: int, assassinated: bool) -> None:
    """A disc in the colour set's colour with the army's number, and a white
    tab on its right with its level ("L2"); assassinated: the disc laid on
    its side (flattened, greyed) and struck through [SC-11.8]."""
    p.save()
    tab = QRectF(centre.x() + r * 0.3, centre.y() - r * 0.72, r * 3.0, r * 1.44)
    p.setPen(QPen(QColor("#1b1b1b"), 1))
    p.setBrush(QColor("#ffffff"))
    p.drawRoundedRect(tab, r * 0.4, r * 0.4)
    p.setPen(QColor("#111111"))
    p.setFont(style.font(max(r * 1.15, 8)))
    p.drawText(tab.adjusted(r * 0.75, 0, 0, 0), Qt.AlignmentFlag.AlignCenter, f"L{level}")
    body = QColor(fill)
    if assassinated:
        body = style.mix(fill, QColor("#9a9a9a"), 0.35)
    p.setPen(QPen(QColor("#1b1b1b"), max(1.2, r * 0.14)))
    p.setBrush(body)
    if assassinated:
        p.drawEllipse(centre, r * 1.15, r * 0.72)
    else:
        p.drawEllipse(centre, r, r)
    p.setPen(style.ink_for(body))
    p.setFont(style.font(r * 1.3))
    p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
               Qt.AlignmentFlag.AlignCenter, str(number))
    if assassinated:
        p.setPen(QPen(QColor(style.BATTLE), max(1.6, r * 0.22)))
        p.drawLine(centre + QPointF(-r, -r * 0.7), centre + QPointF(r, r * 0.7))
    p.restore()


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
    p.setPen(style.ink_for(fill))
    p.setFont(style.font(rect.height() * 0.72, italic=italic))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def chip_width(text: str, h: float) -> float:
    return QFontMetrics(style.font(h * 0.72)).horizontalAdvance(text) + h * 0.45


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


def die(p: QPainter, rect: QRectF, value: int, hit: bool) -> None:
    """A d12 as a rounded square with its number: red when it hits."""
    p.save()
    p.setPen(QPen(QColor("#3a2e1c"), 1.2))
    p.setBrush(QColor(style.HIT if hit else style.MISS))
    p.drawRoundedRect(rect, rect.width() * 0.2, rect.width() * 0.2)
    p.setPen(QColor("#ffffff" if hit else "#1b1b1b"))
    p.setFont(style.font(rect.height() * 0.55))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(value))
    p.restore()
