"""The Help window: the window's own page, then the pages of the game's kind
(legends, result codes, the sequence of play ...), and a rule's summary when
a rule id is clicked in the log, the victory panel or a page (`rule:11.6`
links). The kind's view gives its pages and rule summaries through the
optional KindView members `help_pages` and `rule_text`."""

from __future__ import annotations

from html import escape
from typing import Callable

from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
)

WINDOW_PAGE = "The window"
WINDOW_HTML = """
<p><b>Game</b> menu: a new game, open or save one, undo (Ctrl+Z) and redo your last
decision, and the summary of a finished game. <b>View</b>: fit and zoom the map, and the
kind's own windows. <b>Help</b>: these pages (F1).</p>
<p>The <b>decision panel</b> asks the player whose turn it is; answer there or, when the
choice is of hexes or units, on the map, where the legal ones are highlighted.</p>
<p>The <b>event log</b> lists every event with the rule it applies: click a rule id such as
<b>[11.6]</b> to read what that rule is about; double-click a line to see the game as it
stood just after it. Filter by text, by rule, or to the dice alone.</p>
<p>The <b>replay bar</b> at the bottom steps through the game event by event, jumps to a
turn, goes back to the live game, and branches: play on from a past point with other
choices.</p>
<p>With two players at one screen a screen hides each one's secrets from the other
between their turns. At the end of a game a <b>summary</b> gives the result, the scores,
the losses and the key events, and lets you save the game or replay it from the start.</p>
"""


class HelpWindow(QDialog):
    """Pages on the left, the page or rule on the right, a Back button."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Tenkatoitsu — Help")
        self.resize(860, 640)
        self.pages: dict[str, str] = {}
        self.rule_text: Callable[[str], tuple[str, str] | None] | None = None
        self.history: list[tuple[str, str]] = []  # ("page" | "rule", key) shown, latest last
        self.list = QListWidget()
        self.list.setMaximumWidth(220)
        self.list.currentTextChanged.connect(self._picked)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(self.browser)
        split.setStretchFactor(1, 1)
        lay = QVBoxLayout(self)
        lay.addWidget(split)
        row = QHBoxLayout()
        self.back = QPushButton("◀ Back")
        self.back.clicked.connect(self.go_back)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        row.addWidget(self.back)
        row.addStretch(1)
        row.addWidget(close)
        lay.addLayout(row)
        self.set_pages([])

    def set_pages(self, kind_pages: list[tuple[str, str]],
                  rule_text: Callable[[str], tuple[str, str] | None] | None = None) -> None:
        """The window's page and the kind's, in order."""
        self.pages = {WINDOW_PAGE: WINDOW_HTML}
        self.pages.update(kind_pages)
        self.rule_text = rule_text
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems(list(self.pages))
        self.list.blockSignals(False)
        self.history.clear()

    def titles(self) -> list[str]:
        return list(self.pages)

    def show_page(self, title: str | None = None) -> None:
        title = title if title in self.pages else next(iter(self.pages))
        self._show("page", title)
        self._raise()

    def show_rule(self, rule: str) -> None:
        self._show("rule", rule)
        self._raise()

    def text(self) -> str:
        return self.browser.toPlainText()

    def go_back(self) -> None:
        if len(self.history) > 1:
            self.history.pop()
            what, key = self.history.pop()
            self._show(what, key)

    # ------------------------------------------------------------ inside
    def _raise(self) -> None:
        self.show()
        self.raise_()
        self.activateWindow()

    def _show(self, what: str, key: str) -> None:
        if what == "page":
            html = f"<h2>{escape(key)}</h2>{self.pages[key]}"
            self._select(key)
        else:
            found = self.rule_text(key) if self.rule_text else None
            html = found[1] if found else \
                f"<h2>[{escape(key)}]</h2><p>There is no summary of this rule.</p>"
            self._select(None)
        self.browser.setHtml(html)
        if not self.history or self.history[-1] != (what, key):
            self.history.append((what, key))
        self.back.setEnabled(len(self.history) > 1)

    def _select(self, title: str | None) -> None:
        self.list.blockSignals(True)
        items = self.list.findItems(title, Qt.MatchFlag.MatchExactly) if title else []
        if items:
            self.list.setCurrentItem(items[0])
        else:
            self.list.clearSelection()
            self.list.setCurrentRow(-1)
        self.list.blockSignals(False)

    def _picked(self, title: str) -> None:
        if title in self.pages:
            self._show("page", title)

    def _link(self, url: QUrl) -> None:
        if url.scheme() == "rule":
            self._show("rule", url.path())
