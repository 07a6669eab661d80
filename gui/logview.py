"""The event log: every event with its rule id, dice highlighted, filterable
by text, by rule and to the dice alone. Double-clicking a line takes the
replay viewer to that event; clicking its rule id, drawn as a link, asks for
what the rule says (`ruleClicked`), as does the line's context menu.

It shows what the seat looking at the screen may read (`show_for`): an
event a seat may not read (the opponent's battle plan [10.1], the CP he
saves [10.2], his hidden orders [5.3]) keeps its row, so that rows stay the
game's events, but the row is empty and hidden. Until the window says whose
screen it is, the log shows only what every seat may read."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tenkatoitsu.core.events import DieRolled

#: a viewer that is no seat: only what every player may read
NO_SEAT = "(no seat)"


RULE_SLACK = 6  # pixels past the rule id that still count as a click on it


def event_line(e, wording=None) -> str:
    """"[rule] text", in the kind's wording when given (contract.event_text)."""
    return f"[{e.rule}] {wording(e) if wording is not None else e.text()}"


def split_rule(text: str) -> tuple[str, str]:
    """("[11.6]", " the rest") of a line, ("", text) without a rule id."""
    end = text.find("]")
    return (text[:end + 1], text[end + 1:]) if text.startswith("[") and end > 0 else ("", text)


class RuleIdDelegate(QStyledItemDelegate):
    """Draws a line's rule id as a link, the rest as the item's text."""

    def paint(self, painter, option, index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget or self.parent()
        style = widget.style()
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        rule, rest = split_rule(opt.text)
        opt.text = ""
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        ink = opt.palette.color(QPalette.ColorRole.HighlightedText if selected
                                else QPalette.ColorRole.Text)
        x = rect.left() + style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None,
                                            widget) + 1
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.save()
        font = opt.font
        if rule:
            font.setUnderline(True)
            painter.setFont(font)
            painter.setPen(ink if selected else opt.palette.color(QPalette.ColorRole.Link))
            width = painter.fontMetrics().horizontalAdvance(rule)
            painter.drawText(rect.adjusted(x - rect.left(), 0, 0, 0), align, rule)
            x += width
            font.setUnderline(False)
        painter.setFont(font)
        painter.setPen(ink)
        room = rect.adjusted(x - rect.left(), 0, 0, 0)
        painter.drawText(room, align, painter.fontMetrics().elidedText(
            rest, Qt.TextElideMode.ElideRight, room.width()))
        painter.restore()


class EventLog(QWidget):
    jump = Signal(int)  # frame index
    ruleClicked = Signal(str)  # a rule id, e.g. "11.6"

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
        self.list.setItemDelegate(RuleIdDelegate(self.list))
        self.list.viewport().setMouseTracking(True)
        self.list.viewport().installEventFilter(self)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        lay.addWidget(self.list)
        self._events: list = []
        self._viewer: str | None = NO_SEAT
        self._reveal_all = False
        self._scroll_pending = False
        #: the game's kind words its events (contract.event_text); set with each game
        self.wording = None

    def show_for(self, viewer: str | None, reveal_all: bool = False) -> None:
        """Show what `viewer` may read; everything when `reveal_all` (a
        finished game, a game of bots only) or for viewer None."""
        if (viewer, reveal_all) == (self._viewer, self._reveal_all):
            return
        self._viewer, self._reveal_all = viewer, reveal_all
        for i, e in enumerate(self._events):
            self.list.item(i).setText(self.line(e))
        self._apply()

    def readable(self, e) -> bool:
        return self._reveal_all or e.visible_to(self._viewer)

    def line(self, e) -> str:
        """The event's line as this log's viewer may read it ("" if not at all)."""
        return event_line(e, self.wording) if self.readable(e) else ""

    def reset(self, events) -> None:
        self.list.clear()
        self._events = []
        for e in events:
            self.add(e, scroll=False)
        self.list.scrollToBottom()

    def add(self, e, scroll: bool = True) -> None:
        item = QListWidgetItem(self.line(e))
        self._events.append(e)
        if isinstance(e, DieRolled):
            item.setForeground(QColor("#8b0000"))
        elif e.heading:  # a new turn
            item.setBackground(QColor("#f0e6c8"))
        item.setHidden(not self._shown(e, item.text()))
        self.list.addItem(item)
        if scroll and not self._scroll_pending:  # once per burst of events, not per event
            self._scroll_pending = True
            QTimer.singleShot(0, self._scroll)

    def _scroll(self) -> None:
        self._scroll_pending = False
        self.list.scrollToBottom()

    def _shown(self, e, text: str) -> bool:
        if not self.readable(e):
            return False
        if self.dice_only.isChecked() and not isinstance(e, DieRolled):
            return False
        f = self.filter.text().strip().lower()
        if not f:
            return True
        if f[0].isdigit():  # a rule id: its section and subsections
            return text.startswith(f"[{f}]") or text.startswith(f"[{f}.")
        return f in text.lower()

    def _apply(self) -> None:
        for i, e in enumerate(self._events):
            it = self.list.item(i)
            it.setHidden(not self._shown(e, it.text()))

    # ------------------------------------------------------------ rule ids
    def rule_at(self, pos) -> str | None:
        """The rule id under a point of the list's viewport, if it is on one."""
        item = self.list.itemAt(pos)
        if item is None or item.isHidden():
            return None
        rule, _ = split_rule(item.text())
        if not rule:
            return None
        rect = self.list.visualItemRect(item)
        end = rect.left() + self.list.fontMetrics().horizontalAdvance(rule) + RULE_SLACK
        return rule[1:-1] if pos.x() <= end else None

    def rule_point(self, index: int):
        """Where the rule id of row `index` is drawn (for tests and tools)."""
        rect = self.list.visualItemRect(self.list.item(index))
        return QPoint(rect.left() + RULE_SLACK, rect.center().y())

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseMove:
            over = self.rule_at(event.position().toPoint()) is not None
            self.list.viewport().setCursor(Qt.CursorShape.PointingHandCursor if over
                                           else Qt.CursorShape.ArrowCursor)
        elif kind == QEvent.Type.MouseButtonRelease and \
                event.button() == Qt.MouseButton.LeftButton:
            rule = self.rule_at(event.position().toPoint())
            if rule:
                self.ruleClicked.emit(rule)
        return False

    def _context_menu(self, pos) -> None:
        item = self.list.itemAt(pos)
        rule, _ = split_rule(item.text()) if item is not None else ("", "")
        if not rule:
            return
        menu = QMenu(self)
        menu.addAction(f"What rule {rule} says", lambda: self.ruleClicked.emit(rule[1:-1]))
        menu.addAction("Show the game just after this event",
                       lambda: self.jump.emit(self.list.row(item)))
        menu.exec(self.list.viewport().mapToGlobal(pos))

    def mark(self, index: int | None) -> None:
        """Select the event the replay viewer shows."""
        if index is None:
            self.list.clearSelection()
            return
        self.list.setCurrentRow(index)
        self.list.scrollToItem(self.list.item(index))
