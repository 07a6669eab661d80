"""The game-over summary, for a game of any kind, from the kind contract: the
result and its level (`kind.result`), the score of each seat, the kind's
lines after a result (`kind.result_lines`), then the view's own sections
(`summary_sections`: a battle's losses and key events) or, for a view
without them, the kind's report (`kind.summary`). A finished game keeps no
secret, so everything is shown. Buttons: save, replay from the start."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QDialog, QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout
from tenkatoitsu_gui.kinds import optional

MAX_DEPTH = 3  # of the kind's report shown as nested lists


def report_html(value: Any, depth: int = 0) -> str:
    """A JSON-able report as nested lists."""
    if isinstance(value, dict) and depth < MAX_DEPTH:
        items = "".join(f"<li><b>{escape(str(k))}</b>: {report_html(v, depth + 1)}</li>"
                        for k, v in value.items())
        return f"<ul>{items}</ul>"
    if isinstance(value, (list, tuple)) and depth < MAX_DEPTH and \
            all(isinstance(v, (str, int, float, bool)) or v is None for v in value):
        return escape(", ".join(str(v) for v in value)) or "—"
    return escape(str(value))


def summary_html(controller, view) -> str:
    kind, game = controller.kind, controller.game
    r = kind.result(game)
    names = controller.seat_names()
    winner = names.get(r.winner, r.winner) if r.winner else None
    head = escape(r.level or (f"{winner} wins" if winner else "A draw"))
    out = [f"<h2>{head}</h2>",
           f"<p>Winner: <b>{escape(winner)}</b></p>" if winner else "<p>No winner: a draw.</p>"]
    rows = "".join(f"<tr><td>{escape(names.get(s, s))}</td><td align=right><b>{v}</b></td></tr>"
                   for s, v in r.scores.items())
    out.append(f"<table cellspacing=6><tr><th align=left>{escape(kind.score_title)}</th>"
               f"<th></th></tr>{rows}</table>")
    out.append(f"<p>Last turn: {r.turns}; decisions: {len(controller.driver.answers)}</p>")
    lines = kind.result_lines(game, None)
    if lines:
        items = "".join(f"<li><a href='rule:{escape(rule)}'>[{escape(rule)}]</a> "
                        f"{escape(line)}</li>" for rule, line in lines)
        out.append(f"<ul>{items}</ul>")
    sections = optional(view, "summary_sections")
    if sections is not None:
        for title, html in sections(None):
            out.append(f"<h3>{escape(title)}</h3>{html}")
    else:
        out.append(f"<h3>Report</h3>{report_html(kind.summary(game))}")
    return "".join(out)


class GameOverDialog(QDialog):
    """Over the window, not modal: the game can still be browsed behind it."""

    def __init__(self, window):
        super().__init__(window)
        self.window_ = window
        c = window.controller
        self.setWindowTitle(f"Game over — {c.game.scenario.name}")
        self.resize(620, 640)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(lambda url: window.show_rule(url.path()))
        self.browser.setHtml(summary_html(c, window.view))
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        row = QHBoxLayout()
        self.save = QPushButton("Save…")
        self.save.clicked.connect(lambda: window.save_game())
        self.replay = QPushButton("Replay from the start")
        self.replay.clicked.connect(self._replay)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        for b in (self.save, self.replay):
            row.addWidget(b)
        row.addStretch(1)
        row.addWidget(close)
        lay.addLayout(row)

    def text(self) -> str:
        return self.browser.toPlainText()

    def _replay(self) -> None:
        self.close()
        self.window_.show_frame(0)
