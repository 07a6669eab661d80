"""The dice race in the window (tenkatoitsu_gui.kinds.KindView): the areas,
their links (sea lanes dashed) and the runners in the centre, the pending
decision in the shell's options panel. The only module of the kind that
imports Qt; it draws what the rules say and decides nothing."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from tenkatoitsu_gui.decisions import OptionsPanel


class RaceBoard(QWidget):
    def __init__(self, game):
        super().__init__()
        self.game, self.state, self.scale = game, game.state, 1.0
        self.setMinimumSize(480, 240)

    def paintEvent(self, _event) -> None:
        board, g, p = self.game.board, self.game, QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#f3ecd8"))
        x0, y0 = min(a.pos[0] for a in board), min(a.pos[1] for a in board)
        step = self.scale * min(self.width() / (max(a.pos[0] for a in board) - x0 + 1),
                                self.height() / (max(a.pos[1] for a in board) - y0 + 1))
        at = {a.id: QPointF(a.pos[0] - x0 + 0.5, a.pos[1] - y0 + 0.5) * step for a in board}
        for ln in board.links:
            sea = ln.kind == "sea"
            p.setPen(QPen(QColor("#2a5d8f" if sea else "#6b4f2a"), 4,
                          Qt.PenStyle.DashLine if sea else Qt.PenStyle.SolidLine))
            p.drawLine(at[ln.a], at[ln.b])
            p.drawText((at[ln.a] + at[ln.b]) / 2 + QPointF(-12, -8), ln.kind)
        r = step * 0.3
        p.setPen(QPen(QColor("#333333"), 2))
        for a in board:
            p.setBrush(QColor("#e8c547" if a.id == g.goal else "#fffaf0"))
            box = QRectF(at[a.id] - QPointF(r, r), at[a.id] + QPointF(r, r))
            p.drawRoundedRect(box, 12, 12)
            p.drawText(box.adjusted(0, 6, 0, 0), Qt.AlignmentFlag.AlignHCenter, a.name)
        for i, seat in enumerate(g.scenario.all("player")):
            p.setBrush(QColor(seat.args[2]))
            centre = at[self.state.at[seat.args[0]]] + QPointF((i - 0.5) * r * 0.8, r * 0.3)
            p.drawEllipse(centre, r * 0.3, r * 0.3)
        p.end()


class DiceRaceView:
    part_sizes = {"decision": (320, 220)}
    side_docks = ()

    def __init__(self, controller, window=None):
        self.controller, self.status = controller, None
        self.central = self.board = RaceBoard(controller.game)
        self.panel = OptionsPanel()  # the shell's decision panel
        self.panel.chosen.connect(self._answer)
        self.docks = [("Decision", self.panel, Qt.DockWidgetArea.RightDockWidgetArea)]

    def show(self, state, viewer, reveal_all, decision, answerable, who, events=None) -> None:
        self.board.state = state
        self.board.update()
        self.panel.show_decision(decision, who, answerable)

    def _answer(self, value) -> None:
        reason = self.controller.answer(value)  # None, or why the rules refuse it
        if reason:
            self.panel.refuse(reason)
            if self.status:
                self.status(reason)

    def grab_targets(self) -> dict:
        return {"map": self.board, "decision": self.panel}

    def prepare_grab(self, name: str, widget) -> None:
        """Every part draws itself as it is."""

    def fit(self) -> None:
        self.zoom(1 / self.board.scale)

    def zoom(self, factor: float) -> None:
        self.board.scale *= factor
        self.board.update()

    def menu_actions(self) -> list:
        return []

    def close(self) -> None:
        """The view has no window of its own."""
