"""The Bowl [3.2]: how many chits are in it (counted, never revealed), the
obligatory chits played this turn on the game aid, and the chits set aside
with a tactic [10.4.4]."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget
from tenkatoitsu_gui.battle.chits import chits_html


class BowlPicture(QWidget):
    """A lacquered bowl with one chit back per chit inside it."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.count = 0
        self.setMinimumSize(200, 90)

    def set_count(self, n: int) -> None:
        self.count = n
        self.update()

    def paintEvent(self, e) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        bowl = QRectF(10, 10, w - 20, h - 20)
        p.setPen(QPen(QColor("#2b0f0f"), 2))
        p.setBrush(QColor("#7a1f1f"))
        p.drawChord(bowl.adjusted(0, -bowl.height() * 0.6, 0, 0), 180 * 16, 180 * 16)
        p.setBrush(QColor("#3a0d0d"))
        p.drawEllipse(QRectF(bowl.left(), bowl.top(), bowl.width(), bowl.height() * 0.4))
        # chit backs in the mouth of the bowl, in a fixed pattern (nothing is revealed)
        cx, cy = bowl.center().x(), bowl.top() + bowl.height() * 0.2
        p.setPen(QPen(QColor("#111111"), 1))
        p.setBrush(QColor("#e8dcc0"))
        for i in range(self.count):
            a = i * 2.39996  # golden angle
            r = 6 * math.sqrt(i)
            x = cx + r * math.cos(a) * 2.2
            y = cy + r * math.sin(a) * 0.5
            p.drawRect(QRectF(x - 5, y - 4, 10, 8))
        p.setPen(QColor("#ffffff"))
        p.setFont(QFont("DejaVu Sans", 16, QFont.Weight.Bold))
        p.drawText(QRectF(bowl.left(), bowl.top() + bowl.height() * 0.45, bowl.width(),
                          bowl.height() * 0.5), Qt.AlignmentFlag.AlignCenter,
                   f"{self.count} chit{'s' if self.count != 1 else ''}")
        p.end()


class BowlPanel(QScrollArea):
    """Scrolls rather than stand in the way of a short window."""

    def __init__(self, parent=None):
        super().__init__(parent)
        inner = QWidget()
        lay = QVBoxLayout(inner)
        self.picture = BowlPicture()
        self.label = QLabel()
        self.label.setWordWrap(True)
        lay.addWidget(self.picture)
        lay.addWidget(self.label)
        lay.addStretch(1)
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setMinimumHeight(80)

    def show_state(self, game, state) -> None:
        self.picture.set_count(len(state.bowl))
        aside = f"<p><b>Set aside</b> [10.4.4]: {chits_html(game, state.aside)}</p>" \
            if state.aside else ""
        self.label.setText(
            f"<p><b>In the Bowl:</b> {len(state.bowl)} chits (not revealed)</p>"
            f"<p><b>Played this turn</b> (game aid) [3.2]:<br>{chits_html(game, state.played)}</p>"
            + aside)
