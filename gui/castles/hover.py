"""Hovering an option's button reports its value, so that the map can mark
the area that option would hit (an event filter: it works on the shell's
OptionsPanel buttons as on the dice tray's own)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal


class HoverWatch(QObject):
    entered = Signal(object)  # the value of the button under the mouse
    left = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.values: dict[QObject, object] = {}

    def watch(self, widget: QObject, value) -> None:
        self.values[widget] = value
        widget.installEventFilter(self)

    def clear(self) -> None:
        for w in list(self.values):
            try:
                w.removeEventFilter(self)
            except RuntimeError:  # the button is already gone (deleteLater)
                pass
        self.values.clear()

    def eventFilter(self, obj, event) -> bool:
        if obj in self.values:
            if event.type() == QEvent.Type.Enter:
                self.entered.emit(self.values[obj])
            elif event.type() == QEvent.Type.Leave:
                self.left.emit()
        return False
