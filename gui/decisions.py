"""The shell's decision panel, for any kind: who is to choose, the question
with its rule, one button per legal option (enabled only when a human may
answer), and the rules' reason when an answer is refused. A kind whose
choices are made on its own board (the battle's map) may draw its own panel."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class OptionsPanel(QWidget):
    chosen = Signal(object)  # the value of the option clicked

    def __init__(self, parent=None):
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.prompt = QLabel(wordWrap=True)
        self.refusal = QLabel(wordWrap=True)
        self.refusal.setStyleSheet("color: #b00000")
        self.column.addWidget(self.prompt)
        self.column.addWidget(self.refusal)
        self.column.addStretch(1)
        self.buttons: list[QPushButton] = []

    def show_decision(self, decision, who: str, answerable: bool) -> None:
        """`decision` None: nothing to answer (the game is over, or not this viewer's)."""
        self.prompt.setText(who + (f"\n{decision.prompt} [{decision.rule}]" if decision else ""))
        self.refusal.clear()
        for b in self.buttons:
            b.deleteLater()
        options = decision.options if decision is not None else ()
        self.buttons = []
        for o in options:
            b = QPushButton(o.label, toolTip=o.detail or "", enabled=answerable)
            b.clicked.connect(lambda _=False, v=o.value: self.chosen.emit(v))
            self.column.insertWidget(self.column.count() - 1, b)
            self.buttons.append(b)

    def refuse(self, reason: str) -> None:
        self.refusal.setText(reason)
