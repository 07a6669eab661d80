"""The pieces as the map and the panels paint them, in screen pixels: an
army marker (its number, its level, laid on its side once assassinated), a
d12; and the pieces every province map shares (tenkatoitsu_gui.area.glyphs):
a castle or a fortress, a chip of units ("2B"), hidden ronin, an arrow (a
battle marker)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from tenkatoitsu_gui.area.glyphs import arrow, castle, chip, chip_width  # noqa: F401 (the map's)
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
