"""The event log: every event with its rule id, dice highlighted, filterable
by text, by rule and to the dice alone. Double-clicking a line takes the
replay viewer to that event."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tenkatoitsu.core.events import DieRolled


def event_line(e) -> str:
    return f"[{e.rule}] {e.text()}"


class EventLog(QWidget):
    jump = Signal(int)  # frame index

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter: text, or a rule such as 11.6")
        self.filter.textChanged.connect(self._apply)
        self.dice_only = QCheckBox("dice only")
        self.dice_only.toggled.connect(self._apply)
        row.addWidget(self.filter)
        row.addWidget(self.dice_only)
        lay.addLayout(row)
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(lambda it: self.jump.emit(self.list.row(it)))
        lay.addWidget(self.list)
        self._dice: list[bool] = []
        self._scroll_pending = False

    def reset(self, events) -> None:
        self.list.clear()
        self._dice = []
        for e in events:
            self.add(e, scroll=False)
        self.list.scrollToBottom()

    def add(self, e, scroll: bool = True) -> None:
        item = QListWidgetItem(event_line(e))
        dice = isinstance(e, DieRolled)
        self._dice.append(dice)
        if dice:
            item.setForeground(QColor("#8b0000"))
        elif e.heading:  # a new turn
            item.setBackground(QColor("#f0e6c8"))
        item.setHidden(not self._shown(item.text(), dice))
        self.list.addItem(item)
        if scroll and not self._scroll_pending:  # once per burst of events, not per event
            self._scroll_pending = True
            QTimer.singleShot(0, self._scroll)

    def _scroll(self) -> None:
        self._scroll_pending = False
        self.list.scrollToBottom()

    def _shown(self, text: str, dice: bool) -> bool:
        if self.dice_only.isChecked() and not dice:
            return False
        f = self.filter.text().strip().lower()
        if not f:
            return True
        if f[0].isdigit():  # a rule id: its section and subsections
            return text.startswith(f"[{f}]") or text.startswith(f"[{f}.")
        return f in text.lower()

    def _apply(self) -> None:
        for i in range(self.list.count()):
            it = self.list.item(i)
            it.setHidden(not self._shown(it.text(), self._dice[i]))

    def mark(self, index: int | None) -> None:
        """Select the event the replay viewer shows."""
        if index is None:
            self.list.clearSelection()
            return
        self.list.setCurrentRow(index)
        self.list.scrollToItem(self.list.item(index))
