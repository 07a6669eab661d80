"""The rich text of the area-map views' panels: a rule's link, a colour's
mark and swatch, and a scrolled panel of rich text whose rule links ask for
the rule's summary."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget
from tenkatoitsu_gui.area.style import ink_for


def rule_link(rule: str) -> str:
    return f"<a href='rule:{escape(rule)}'>[{escape(rule)}]</a>"


def mark(c: QColor) -> str:
    """A square in the colour `c` (a player's, a colour set's)."""
    return f"<span style='color:{c.name()}'>■</span>"


def swatch(c: QColor, text: str = "&nbsp;&nbsp;&nbsp;") -> str:
    """`text` (already escaped) on the colour `c`."""
    return (f"<span style='background:{c.name()}; color:{ink_for(c).name()}'>"
            f"&nbsp;{text}&nbsp;</span>")


class HtmlPanel(QScrollArea):
    """A scrolled label of rich text, top-aligned; a click on a rule's link
    emits `ruleClicked` with the rule's id. `SIZE`: the room it asks of a dock."""

    ruleClicked = Signal(str)
    SIZE = (340, 280)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(6, 4, 6, 4)
        self.label = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.label.linkActivated.connect(self._link)
        lay.addWidget(self.label)
        lay.addStretch(1)
        self.setWidget(box)

    def _link(self, href: str) -> None:
        if href.startswith("rule:"):
            self.ruleClicked.emit(href[5:])

    def sizeHint(self) -> QSize:
        return QSize(*self.SIZE)  # the room a dock gives it by default

    def text(self) -> str:
        return self.label.text()
