"""The turn track with its night and fatigue turns [13] [14], and the VP
track [17.1] with the samurai lines [16.1]."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget
from tenkatoitsu_gui.battle import style


class TracksPanel(QWidget):
    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.game = game
        self.turn = game.state.turn
        self.vp = dict(game.state.vp)
        self.setMinimumHeight(96)
        self.setMinimumWidth(400)

    def show_state(self, state) -> None:
        self.turn, self.vp = state.turn, dict(state.vp)
        self.update()

    def paintEvent(self, e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._turns(p, QRectF(8, 4, self.width() - 16, 40))
        self._vp(p, QRectF(8, 50, self.width() - 16, 40))
        p.end()

    def _turns(self, p: QPainter, r: QRectF) -> None:
        t = self.game.scenario.turns
        n = t.last - t.first + 1
        bw = min(48.0, (r.width() - 50) / max(n, 1))
        p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
        p.setPen(QColor("#222222"))
        p.drawText(QRectF(r.left(), r.top(), 50, r.height()), Qt.AlignmentFlag.AlignVCenter, "Turn")
        for i, turn in enumerate(range(t.first, t.last + 1)):
            box = QRectF(r.left() + 50 + i * bw, r.top() + 4, bw - 3, r.height() - 8)
            night, fatigue = t.is_night(turn), t.is_fatigue(turn)
            p.setPen(QPen(QColor("#333333"), 1))
            p.setBrush(QColor("#1f2a4a") if night else QColor("#f3ead2"))
            p.drawRect(box)
            ink = QColor("#ffffff") if night else QColor("#222222")
            p.setPen(ink)
            label = str(turn) + (" ☾" if night else "") + (" F" if fatigue else "")
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
            if turn == self.turn:
                p.setPen(QPen(QColor("#d40000"), 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(box.adjusted(-2, -2, 2, 2))

    def _vp(self, p: QPainter, r: QRectF) -> None:
        g = self.game
        a, b = g.side_ids
        diff = self.vp.get(a, 0) - self.vp.get(b, 0)
        victory = g.scenario.victory
        lines = tuple(victory.samurai_lines) if victory else ()
        span = vp_span(victory, diff)
        n = 2 * span + 1
        bw = (r.width() - 50) / n
        p.setPen(QColor("#222222"))
        font = QFont("DejaVu Sans", 7, QFont.Weight.Bold)
        p.setFont(font)
        p.drawText(QRectF(r.left(), r.top(), 50, r.height()), Qt.AlignmentFlag.AlignVCenter, "VP")
        fm = QFontMetricsF(font)
        step, numbered = vp_numbers(span, bw, fm.horizontalAdvance(str(span)) + 4)
        ca, cb = style.side_colour(g, a), style.side_colour(g, b)
        standing = None
        for i in range(n):
            v = i - span  # >0: the first side leads
            box = QRectF(r.left() + 50 + i * bw, r.top() + 4, bw - 1, r.height() - 8)
            base = ca if v > 0 else (cb if v < 0 else QColor("#dddddd"))
            fill = QColor(base)
            fill.setAlpha(60 + min(abs(v), 10) * 12 if v else 255)
            # boxes too narrow to outline read as a band, numbered every `step`
            p.setPen(QPen(QColor("#444444"), 0.5) if bw >= 6 else Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawRect(box)
            if abs(v) in lines:  # a samurai line [16.1]
                p.setPen(QPen(QColor("#000000"), 2, Qt.PenStyle.DashLine))
                p.drawLine(box.topLeft() if v > 0 else box.topRight(),
                           box.bottomLeft() if v > 0 else box.bottomRight())
            if v in numbered:
                p.setPen(QColor("#222222"))
                p.drawText(box.adjusted(-bw * step / 2, 0, bw * step / 2, 0),
                           Qt.AlignmentFlag.AlignCenter, str(abs(v)))
            if v == diff:
                standing = box
        if standing is not None:  # the standing: circled, and numbered if its box is not
            p.setPen(QPen(QColor("#d40000"), 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(standing.center(), max(bw / 2, 5), standing.height() / 2)
            if diff not in numbered:
                tag = str(abs(diff))
                tw = fm.horizontalAdvance(tag) + 6
                badge = QRectF(standing.center().x() - tw / 2, standing.center().y() - 7, tw, 14)
                p.setPen(QPen(QColor("#d40000"), 1))
                p.setBrush(QColor("#ffffff"))
                p.drawRoundedRect(badge, 3, 3)
                p.setPen(QColor("#d40000"))
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, tag)
        p.setPen(QColor("#222222"))
        under = QRectF(r.left() + 50, r.bottom() - 2, r.width() - 50, 10)
        left, right = f"◀ {g.side_defs[b].name}", f"{g.side_defs[a].name} ▶"
        p.drawText(under, Qt.AlignmentFlag.AlignLeft, left)
        p.drawText(under, Qt.AlignmentFlag.AlignRight, right)
        lead = (f"{g.side_defs[a if diff > 0 else b].name} leads by {abs(diff)} VP" if diff
                else "VP even")
        room = under.width() - 2 * max(fm.horizontalAdvance(left), fm.horizontalAdvance(right))
        if fm.horizontalAdvance(lead) + 20 <= room:
            p.drawText(under, Qt.AlignmentFlag.AlignHCenter, lead)


def vp_span(victory, diff: int) -> int:
    """How far the VP track runs each way: at least 10, past the samurai lines
    [16.1], the margin and the victory levels' leads, and the standing."""
    marks = [10, abs(diff) + 1]
    if victory is not None:
        marks += [ln + 2 for ln in victory.samurai_lines]
        marks += [victory.margin + 1] if victory.margin else []
        marks += [x + 1 for lv in victory.levels for x in (lv.lead.lo, lv.lead.hi)
                  if x is not None]
    return max(marks)


def vp_numbers(span: int, box_width: float, label_width: float) -> tuple[int, set[int]]:
    """Every how many boxes a number fits, and the boxes numbered, as far as
    the track runs (the standing's box gets its number on a tag if not)."""
    step = next((s for s in (1, 2, 5, 10, 20, 50, 100) if s * box_width >= label_width), 1000)
    return step, {v for v in range(-span, span + 1) if v % step == 0}
