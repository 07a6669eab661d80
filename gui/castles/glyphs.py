"""The pieces as the map paints them, in screen pixels (so that a count reads
at any zoom): a soldier cube with its count, a reinforcement cube (white,
the player's colour at its edge), the daimyo, a castle token, an arrow with
its count, a tag of text."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontDatabase,
    QFontMetrics,
    QPainter,
    QPen,
    QPolygonF,
)
from tenkatoitsu_gui.castles import style


def printable(text: str, px: float = 12) -> str:
    """`text` without the Japanese characters no font here can draw (a name's
    京 on a machine without Japanese fonts), and without the brackets left
    empty; anything else is left to the font's own fallbacks."""
    m = QFontMetrics(style.font(px))
    if _has_japanese():
        return text
    kept = "".join(ch for ch in text if not _cjk(ch) or m.inFontUcs4(ord(ch)))
    return kept.replace("()", "").replace("( )", "").strip() or text


def _cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF


def _has_japanese() -> bool:
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.Japanese))


def cube(p: QPainter, rect: QRectF, fill: QColor, n: int) -> None:
    """A soldier cube in the player's colour with the number on it."""
    p.setPen(QPen(QColor("#1b1b1b"), 1.2))
    p.setBrush(fill)
    p.drawRoundedRect(rect, 2.5, 2.5)
    p.setPen(style.ink_for(fill))
    p.setFont(style.font(rect.height() * 0.68))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(n))


def white_cube(p: QPainter, rect: QRectF, edge: QColor, n: int) -> None:
    """Reinforcements: a white cube with the player's colour at its edge."""
    p.setPen(QPen(edge, 3))
    p.setBrush(QColor("#ffffff"))
    p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 2.5, 2.5)
    p.setPen(QColor("#111111"))
    p.setFont(style.font(rect.height() * 0.62))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"+{n}")


def daimyo(p: QPainter, rect: QRectF, fill: QColor) -> None:
    """The daimyo: a gold-edged house shape in the player's colour, marked D."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    shape = QPolygonF([QPointF(x + w / 2, y), QPointF(x + w, y + h * 0.38),
                       QPointF(x + w * 0.9, y + h), QPointF(x + w * 0.1, y + h),
                       QPointF(x, y + h * 0.38)])
    p.setPen(QPen(QColor(style.KYO), 2))
    p.setBrush(fill)
    p.drawPolygon(shape)
    p.setPen(style.ink_for(fill))
    p.setFont(style.font(h * 0.5))
    p.drawText(rect.adjusted(0, h * 0.2, 0, 0), Qt.AlignmentFlag.AlignCenter, "D")


def token(p: QPainter, centre: QPointF, r: float, value: int, fill: QColor | None,
          removed: bool) -> None:
    """A Large Castle Token: cream while it lies on the map, the winner's
    colour once taken, grey and struck out once removed."""
    bg = QColor(style.RESOLVED) if removed else (fill or QColor(style.TOKEN))
    p.setPen(QPen(QColor(style.TOKEN_EDGE), 2))
    p.setBrush(bg)
    p.drawEllipse(centre, r, r)
    p.setPen(style.ink_for(bg) if not removed else QColor("#4a4a4a"))
    p.setFont(style.font(r * 1.05))
    box = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))
    if removed:
        p.setPen(QPen(QColor(155, 28, 28, 150), 2))
        d = r * 0.7
        p.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d))
        p.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d))


def small_token(p: QPainter, centre: QPointF, r: float, value: int, fill: QColor) -> None:
    p.setPen(QPen(QColor(style.TOKEN_EDGE), 1.2))
    p.setBrush(fill)
    p.drawEllipse(centre, r, r)
    p.setPen(style.ink_for(fill))
    p.setFont(style.font(r * 1.1))
    p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r),
               Qt.AlignmentFlag.AlignCenter, str(value))


def ring(p: QPainter, centre: QPointF, r: float, colour: str | QColor, width: float,
         dashed: bool = False, halo: bool = False) -> None:
    c = QColor(colour)
    if halo:
        glow = QColor(c)
        glow.setAlpha(90)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(glow)
        p.drawEllipse(centre, r + width, r + width)
    pen = QPen(c, width, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, r, r)


def tag(p: QPainter, anchor: QPointF, text: str, px: float, bg: QColor, align: str = "centre"
        ) -> QRectF:
    """A pill of text; `anchor` is its centre, or its left end (align "left")."""
    f = style.font(px)
    m = QFontMetrics(f)
    w, h = m.horizontalAdvance(text) + px * 0.8, px * 1.45
    x = anchor.x() - (0 if align == "left" else w / 2)
    rect = QRectF(x, anchor.y() - h / 2, w, h)
    p.setPen(QPen(QColor(0, 0, 0, 120), 1))
    p.setBrush(bg)
    p.drawRoundedRect(rect, h / 2, h / 2)
    p.setPen(style.ink_for(bg))
    p.setFont(f)
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    return rect


def arrow(p: QPainter, a: QPointF, b: QPointF, colour: QColor, width: float,
          trim: float, label: str = "", px: float = 11, dashed: bool = False) -> None:
    """From `a` to `b`, both ends cut back by `trim` (the token's radius)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 2 * trim + 4:
        return
    ux, uy = dx / length, dy / length
    start = QPointF(a.x() + ux * trim, a.y() + uy * trim)
    end = QPointF(b.x() - ux * trim, b.y() - uy * trim)
    pen = QPen(colour, width, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    outline = QPen(QColor(255, 255, 255, 200), width + 3)
    outline.setCapStyle(Qt.PenCapStyle.RoundCap)
    head = width * 3.2
    base = QPointF(end.x() - ux * head, end.y() - uy * head)
    wing = QPointF(-uy * head * 0.6, ux * head * 0.6)
    tip = QPolygonF([end, base + wing, base - wing])
    for pn in (outline, pen):
        p.setPen(pn)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawLine(start, base)
    p.setPen(QPen(QColor(255, 255, 255, 200), 1.5))
    p.setBrush(QBrush(colour))
    p.drawPolygon(tip)
    if label:
        mid = QPointF(start.x() + (base.x() - start.x()) * 0.55,
                      start.y() + (base.y() - start.y()) * 0.55)
        tag(p, mid, label, px, colour)

