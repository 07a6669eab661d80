"""The turn track with its night and fatigue turns [13] [14], and the VP
track [17.1] with the samurai lines [16.1]."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
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
        lines = tuple(g.scenario.victory.samurai_lines) if g.scenario.victory else ()
        span = max([10, abs(diff) + 1] + [ln + 2 for ln in lines])
        n = 2 * span + 1
        bw = (r.width() - 50) / n
        p.setPen(QColor("#222222"))
        p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
        p.drawText(QRectF(r.left(), r.top(), 50, r.height()), Qt.AlignmentFlag.AlignVCenter, "VP")
        ca, cb = style.side_colour(g, a), style.side_colour(g, b)
        for i in range(n):
            v = i - span  # >0: the first side leads
            box = QRectF(r.left() + 50 + i * bw, r.top() + 4, bw - 1, r.height() - 8)
            base = ca if v > 0 else (cb if v < 0 else QColor("#dddddd"))
            fill = QColor(base)
            fill.setAlpha(60 + min(abs(v), 10) * 12 if v else 255)
            p.setPen(QPen(QColor("#444444"), 0.5))
            p.setBrush(fill)
            p.drawRect(box)
            if abs(v) in lines:  # a samurai line [16.1]
                p.setPen(QPen(QColor("#000000"), 2, Qt.PenStyle.DashLine))
                p.drawLine(box.topLeft() if v > 0 else box.topRight(),
                           box.bottomLeft() if v > 0 else box.bottomRight())
            if bw > 14 and v % 2 == 0:
                p.setPen(QColor("#222222"))
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(abs(v)))
            if v == diff:
                p.setPen(QPen(QColor("#d40000"), 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(box.center(), bw / 2, box.height() / 2)
        p.setPen(QColor("#222222"))
        p.drawText(QRectF(r.left() + 50, r.bottom() - 2, r.width() - 50, 10),
                   Qt.AlignmentFlag.AlignLeft, f"◀ {g.side_defs[b].name}")
        p.drawText(QRectF(r.left() + 50, r.bottom() - 2, r.width() - 50, 10),
                   Qt.AlignmentFlag.AlignRight, f"{g.side_defs[a].name} ▶")
