"""The dice tray [4.I]: the three dice of the turn (`view["roll"]`), whether
they were rerolled, and the question on them: keep or reroll, then which
die gives the soldiers, one button per split (hovering one marks its die
here and its area on the map). Between rolls, the last split made."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget
from tenkatoitsu_gui.castles.choices import SPLIT, split_areas
from tenkatoitsu_gui.castles.glyphs import printable
from tenkatoitsu_gui.castles.hover import HoverWatch

REROLL = "reroll"
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


class DiceFaces(QWidget):
    """Up to three dice; the count die of the split hovered or made is red."""

    SIZE = 40

    def __init__(self, parent=None):
        super().__init__(parent)
        self.dice: list[int] = []
        self.count_die: int | None = None
        self.faded = False
        self.setMinimumSize(3 * (self.SIZE + 10), self.SIZE + 8)

    def sizeHint(self) -> QSize:
        return QSize(3 * (self.SIZE + 10), self.SIZE + 8)

    def set_dice(self, dice, count_die: int | None = None, faded: bool = False) -> None:
        self.dice, self.count_die, self.faded = list(dice or ()), count_die, faded
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setOpacity(0.5 if self.faded else 1.0)
        s = self.SIZE
        marked = self.dice.index(self.count_die) if self.count_die in self.dice else None
        for i, d in enumerate(self.dice):
            box = QRectF(4 + i * (s + 10), 4, s, s)
            red = i == marked
            p.setPen(QPen(QColor("#3a2e1c"), 1.6))
            p.setBrush(QColor("#c0392b" if red else "#fbf4dc"))
            p.drawRoundedRect(box, 7, 7)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#ffffff" if red else "#1b1b1b"))
            step = s / 4
            for row, col in PIPS.get(d, ()):
                p.drawEllipse(box.topLeft() + QPointF((col + 1) * step, (row + 1) * step),
                              s * 0.09, s * 0.09)
        p.end()


class DiceTray(QWidget):
    chosen = Signal(object)  # the value of the option clicked
    hovered = Signal(object)  # the value of the option under the mouse, None when it leaves

    def __init__(self, area_names: dict[str, str], parent=None):
        super().__init__(parent)
        self.area_names = area_names
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        row = QHBoxLayout()
        self.faces = DiceFaces()
        row.addWidget(self.faces)
        self.caption = QLabel(wordWrap=True, textFormat=Qt.TextFormat.RichText)
        row.addWidget(self.caption, 1)
        lay.addLayout(row)
        self.buttons_box = QVBoxLayout()
        lay.addLayout(self.buttons_box)
        lay.addStretch(1)
        self.buttons: list[QPushButton] = []
        self.splits: dict = {}
        self.watch = HoverWatch(self)
        self.watch.entered.connect(self._entered)
        self.watch.left.connect(self._left)

    def show_tray(self, view: dict, decision, answerable: bool, recent) -> None:
        names = view["names"]
        self.watch.clear()
        for b in self.buttons:
            b.deleteLater()
        self.buttons = []
        self.splits = split_areas(decision)
        roll, seat = view["roll"], view["current"]
        self.faces.show()
        if roll:
            again = " (rerolled)" if view["rerolled"] else " (may reroll once)"
            self.faces.set_dice(roll)
            self.caption.setText(f"<b>{escape(names.get(seat, seat or ''))}</b> rolled "
                                 f"{'-'.join(map(str, roll))}{again}")
        elif recent.split is not None:
            s = recent.split
            self.faces.set_dice([*s.area_dice, s.count_die], s.count_die, faded=True)
            self.caption.setText(f"Last split: <b>{escape(names.get(s.seat, s.seat))}</b> "
                                 f"{s.area_dice[0]}+{s.area_dice[1]} → "
                                 f"{escape(self.area_names.get(s.area, s.area))}, "
                                 f"the {s.count_die} deploys {s.count}")
        else:
            self.faces.set_dice([])
            self.faces.hide()
            self.caption.setText("<i>No dice rolled.</i>" if view["phase"] == "deployment"
                                 else "<i>The dice are put away: the war needs none.</i>")
        if decision is None or decision.kind not in (SPLIT, REROLL) or not roll:
            return
        for o in decision.options:
            b = QPushButton(printable(o.label), toolTip=o.detail or "", enabled=answerable)
            b.clicked.connect(lambda _=False, v=o.value: self.chosen.emit(v))
            self.buttons_box.addWidget(b)
            self.buttons.append(b)
            if decision.kind == SPLIT:
                self.watch.watch(b, o.value)

    def _entered(self, value) -> None:
        self.faces.count_die = value
        self.faces.update()
        self.hovered.emit(value)

    def _left(self) -> None:
        self.faces.count_die = None
        self.faces.update()
        self.hovered.emit(None)
