"""The main window: the kind's map view and docks, the event log, the replay
viewer, the hot-seat screen; save and load; the Help window and the
game-over summary. The new game dialog is in newgame.py, the `tenkatoitsu
gui` command that opens the window in command.py."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSlider,
    QSpinBox,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)
from tenkatoitsu_gui.controller import GameController
from tenkatoitsu_gui.help import HelpWindow
from tenkatoitsu_gui.kinds import optional, view_class
from tenkatoitsu_gui.logview import EventLog
from tenkatoitsu_gui.newgame import NewGameDialog
from tenkatoitsu_gui.summary import GameOverDialog

from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.diagnostics import DiagnosticError, render
from tenkatoitsu.kinds import UnknownKind
from tenkatoitsu.kinds.contract import VariantError, event_text

# ====================================================================== dialogs

class HandoverScreen(QWidget):
    """Hot-seat: hides the map and the Honjins until the next player is at the screen."""

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("font-size: 22px")
        self.button = QPushButton()
        self.button.setMinimumHeight(40)
        lay.addWidget(self.label)
        lay.addWidget(self.button, alignment=Qt.AlignmentFlag.AlignCenter)
        lay.addStretch(1)
        self.setStyleSheet("background: #2b2620; color: #f0e6c8")

    def ask(self, side_name: str) -> None:
        self.label.setText(f"Pass the screen to {side_name}.\nThe other player looks away.")
        self.button.setText(f"I am {side_name}: show my screen")


class ReplayBar(QToolBar):
    """Step through the events, jump to a turn, branch from a past point."""

    def __init__(self, window: "MainWindow"):
        super().__init__("Replay")
        self.w = window
        self.first = self.addAction("◀◀ start", lambda: window.show_frame(0))
        self.back = self.addAction("◀ event", lambda: window.step(-1))
        self.fwd = self.addAction("event ▶", lambda: window.step(+1))
        self.live = self.addAction("live ▶▶", window.go_live)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimumWidth(200)
        self.slider.valueChanged.connect(self._slid)
        self.addWidget(self.slider)
        self.addWidget(QLabel(" turn "))
        self.turn = QSpinBox()
        self.addWidget(self.turn)
        self.go = self.addAction("go", lambda: window.jump_to_turn(self.turn.value()))
        self.branch = self.addAction("branch here", window.branch_here)
        self.position = QLabel()
        self.addWidget(self.position)
        self.addSeparator()
        self.pause = QCheckBox("pause bots")
        self.pause.toggled.connect(window.pause_bots)
        self.addWidget(self.pause)
        self._setting = False

    def sync(self, index: int | None, total: int, first_turn: int, last_turn: int,
             can_branch: bool = True, turn: int | None = None) -> None:
        self._setting = True
        self.slider.setRange(0, max(total - 1, 0))
        self.slider.setValue(total - 1 if index is None else index)
        self.turn.setRange(first_turn, last_turn)
        if turn is not None:
            self.turn.setValue(turn)  # the turn of the event shown
        self._setting = False
        self.position.setText(" live" if index is None else f" event {index + 1} of {total}")
        self.branch.setEnabled(index is not None and can_branch)

    def _slid(self, v: int) -> None:
        if not self._setting:
            self.w.show_frame(v)


# ====================================================================== main window

def default_size(screen) -> tuple[int, int]:
    """1500×950, or the screen's free area where that is smaller (a laptop's
    1366×768); the docks shrink to fit down to about 1070×450."""
    w, h = 1500, 950
    if screen is not None:
        free = screen.availableGeometry()
        w, h = min(w, free.width()), min(h, free.height())
    return w, h


class MainWindow(QMainWindow):
    def __init__(self, controller: GameController):
        super().__init__()
        # the offscreen platform's screen is a nominal 800×800: pictures keep the full size
        offscreen = QGuiApplication.platformName() == "offscreen"
        self.resize(*default_size(None if offscreen else self.screen()))
        self.statusBar()  # there from the start: the first message does not shift the map
        self.frame: int | None = None  # None: live; else the replayed event's index
        self.controller = None
        self.view = None
        self.dialog: QMessageBox | None = None  # the last message box opened
        self._docks: list[QDockWidget] = []
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.screen_widget = HandoverScreen()
        self.screen_widget.button.clicked.connect(self._lift_screen)
        self.log = EventLog()
        self.log.jump.connect(self.show_frame)
        self.log.ruleClicked.connect(self.show_rule)
        self.help = HelpWindow(self)
        self._help_for = None  # the view whose pages the Help window has
        self.summary: GameOverDialog | None = None
        self._summarised = None  # the game whose summary was shown
        self.replay = ReplayBar(self)
        self.replay.setObjectName("Replay")
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.replay)
        self._menus()
        self.set_controller(controller)

    def _menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self.game_actions = {}  # "Save as" -> its QAction
        for label, slot, key in (("&New…", self.new_game, QKeySequence.StandardKey.New),
                                 ("&Open…", self.open_game, QKeySequence.StandardKey.Open),
                                 ("&Save as…", self.save_game, QKeySequence.StandardKey.Save),
                                 ("&Undo", self.undo, QKeySequence.StandardKey.Undo),
                                 ("&Redo", self.redo, QKeySequence.StandardKey.Redo)):
            action = game.addAction(label, slot)
            action.setShortcut(key)
            self.game_actions[label.replace("&", "").rstrip("…")] = action
        self.game_actions["Game summary"] = game.addAction("Game su&mmary…", self.show_summary)
        game.addSeparator()
        game.addAction("&Quit", self.close).setShortcut(QKeySequence.StandardKey.Quit)
        self.view_menu = self.menuBar().addMenu("&View")
        self.help_menu = self.menuBar().addMenu("&Help")
        self.help_action = QAction("&Help", self)
        self.help_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.help_action.triggered.connect(lambda: self.open_help())
        self.addAction(self.help_action)  # F1 works before the menu is first opened
        self.help_menu.addAction(self.help_action)
        self.help_menu.aboutToShow.connect(self._help_menu)

    def _help_menu(self) -> None:
        """The Help menu: the Help window, then each of its pages."""
        menu = self.help_menu
        menu.clear()
        menu.addAction(self.help_action)
        menu.addSeparator()
        self._help_pages()
        for title in self.help.titles():
            menu.addAction(title, lambda t=title: self.open_help(t))

    def _help_pages(self) -> None:
        """The window's page and the kind view's own, drawn when first asked for."""
        if self._help_for is not self.view:
            pages = optional(self.view, "help_pages")
            self.help.set_pages(pages() if pages else [], optional(self.view, "rule_text"))
            self._help_for = self.view

    def open_help(self, title: str | None = None) -> None:
        self._help_pages()
        self.help.show_page(title)

    def show_rule(self, rule: str) -> None:
        """What a rule id of the log, a panel or a page is about."""
        self._help_pages()
        self.help.show_rule(rule)

    def closeEvent(self, event) -> None:
        """The Help window and the summary close with the window, and a bot's
        search ends."""
        if self.controller is not None:
            self.controller.stop()
        self.help.close()
        if self.summary is not None:
            self.summary.close()
        super().closeEvent(event)

    def grab_targets(self) -> dict:
        """The window's own parts for `--screenshot --grab`: the game-over
        summary, and each page of the Help window as help-TITLE."""
        self._help_pages()
        out = {"help-" + t.lower().replace(" ", "-"): self.help for t in self.help.titles()}
        if self.summary is not None:
            out["summary"] = self.summary
        return out

    def prepare_grab(self, name: str, widget) -> None:
        if name.startswith("help-"):
            title = next(t for t in self.help.titles()
                         if "help-" + t.lower().replace(" ", "-") == name)
            widget.resize(900, 700)
            self.open_help(title)

    def show_summary(self) -> None:
        """The game-over summary (the game must be over)."""
        c = self.controller
        if c.pending is not None or c.read_only:
            return
        if self.summary is not None:
            self.summary.close()
            self.summary.deleteLater()
        self.summary = GameOverDialog(self)
        self.summary.show()

    def _view_menu(self) -> None:
        """The View menu: the shell's entries, then the kind's own."""
        menu = self.view_menu
        menu.clear()
        menu.addAction("Fit the map", lambda: self.view.fit())
        menu.addAction("Zoom in", lambda: self.view.zoom(1.25))
        menu.addAction("Zoom out", lambda: self.view.zoom(0.8))
        extra = self.view.menu_actions()
        if extra:
            menu.addSeparator()
        for label, action in extra:
            menu.addAction(label, action)

    # ------------------------------------------------------------ game
    def set_controller(self, controller: GameController) -> None:
        if self.controller is not None:
            self.controller.stop()  # a bot still thinking in the old game stops
            self.controller.deleteLater()
        self.controller = controller
        controller.setParent(self)
        name = controller.game.scenario.name
        self.setWindowTitle(f"Tenkatoitsu — {name}"
                            + (" (read-only: out of sync)" if controller.read_only else ""))
        for label in ("Save as", "Undo", "Redo"):  # a game that cannot go on is only browsed
            self.game_actions[label].setEnabled(not controller.read_only)
        layout = self.saveState() if self.view is not None else None
        self._build_view()
        if layout is not None:  # the docks stay where the player put them
            self.restoreState(layout)
        else:
            by_title = {d.objectName(): d for d in self._docks}
            side = [by_title[t] for t in self.view.side_docks if t in by_title]
            if len(side) == 2:  # room for the kind's widest panels
                self.resizeDocks(side, [330, 400], Qt.Orientation.Horizontal)
            bottom = [d for d in self._docks
                      if self.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea]
            if bottom:  # the rest of the height to the map, on a laptop screen too
                self.resizeDocks(bottom[:1], [190], Qt.Orientation.Vertical)
        controller.changed.connect(self.refresh)
        controller.event.connect(self._on_event)
        controller.handover.connect(self._handover)
        controller.replaced.connect(self._game_replaced)
        self.refresh()
        controller.schedule_bots()

    def _build_view(self) -> None:
        """The kind's view of the controller's game, in place of the last one."""
        for d in self._docks:
            self.removeDockWidget(d)
            d.setObjectName("")  # restoreState finds docks by name, until this one is gone
            d.deleteLater()
        self._docks.clear()
        while self.stack.count():
            w = self.stack.widget(0)
            self.stack.removeWidget(w)
            if w is not self.screen_widget:
                w.deleteLater()
        if self.view is not None:
            self.view.close()
        controller = self.controller
        self.view = view_class(controller.kind.name)(controller, self)
        self._view_menu()
        self.view.status = lambda text: self.statusBar().showMessage(text, 8000)
        self.view.open_rule = self.show_rule
        self.stack.addWidget(self.view.central)
        self.stack.addWidget(self.screen_widget)
        for title, widget, area in self.view.docks + [("Event log", self.log,
                                                      Qt.DockWidgetArea.BottomDockWidgetArea)]:
            dock = QDockWidget(title, self)
            dock.setObjectName(title)
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self._docks.append(dock)
        by_title = {d.objectName(): d for d in self._docks}
        for front, behind in optional(self.view, "tabbed") or ():
            if front in by_title and behind in by_title:
                self.tabifyDockWidget(by_title[front], by_title[behind])
                by_title[front].raise_()
        self.log.wording = partial(event_text, controller.kind, controller.game)
        self.log.reset([f.event for f in controller.history.frames])
        self.frame = None

    def _game_replaced(self) -> None:
        """Undo, redo or a branch made a new Game: a new view of it, the docks
        where they were and the map as zoomed as it was."""
        layout = self.saveState()
        old = self.view.central
        zoom = None
        if isinstance(old, QGraphicsView):
            zoom = (old.transform(), old.horizontalScrollBar().value(),
                    old.verticalScrollBar().value())
        self._build_view()
        self.restoreState(layout)
        new = self.view.central
        if zoom is not None and isinstance(new, QGraphicsView):
            new.setTransform(zoom[0])
            new.horizontalScrollBar().setValue(zoom[1])
            new.verticalScrollBar().setValue(zoom[2])

    def _on_event(self, e) -> None:
        self.log.add(e, scroll=self.frame is None)

    def who_text(self) -> str:
        c = self.controller
        names = c.seat_names()
        d = c.pending
        if c.read_only:  # the dialog and the title say why
            return "Read-only: this save is out of sync.\nThe game cannot be continued."
        if d is None:
            r = c.kind.result(c.game)
            name = names.get(r.winner, "nobody (draw)") if r.winner else "nobody (draw)"
            return f"Game over — {r.level}; winner: {name}"
        seat = c.side_to_answer(d)
        if c.is_human_turn():
            return f"{names[seat]} to choose"
        return f"{names[seat]} (bot: {c.setup.player(seat)}) is choosing…"

    def refresh(self) -> None:
        c = self.controller
        if c is None:
            return
        g = c.game
        frames = c.history.frames
        turns = c.history.turn_starts() or {0: 0}
        shown = len(frames) - 1 if self.frame is None else self.frame
        now = max((t for t, i in turns.items() if i <= shown), default=min(turns))
        self.replay.sync(self.frame, len(frames), min(turns), max(turns), not c.read_only, now)
        screened = c.screened
        self.stack.setCurrentWidget(self.screen_widget if screened else self.view.central)
        for d in self._docks:
            d.setVisible(not screened)
        if screened:
            return
        if self.frame is None:
            reveal = not c.humans()
            live = not c.read_only
            self.view.show(g.state, c.viewer, reveal, c.pending if live else None,
                           live and c.is_human_turn(), self.who_text())
            # the log speaks to the seat at the screen: secrets once the game is over [10.1]
            self.log.show_for(c.viewer, reveal or c.pending is None)
            self.log.mark(None)
            over = c.pending is None and not c.read_only
            self.game_actions["Game summary"].setEnabled(over)
            if over and self._summarised is not g:  # once a game, as it ends
                self._summarised = g
                self.show_summary()
        else:
            # while a game with a human in it goes on, the past is seen through his
            # eyes: a replay reveals no hidden order or secret plan [5.3] [10.1]
            f = frames[self.frame]
            reveal = c.pending is None or not c.humans()
            self.log.show_for(c.viewer, reveal)
            line = self.log.line(f.event) or "(hidden from this seat)"
            where = f"Replay — event {self.frame + 1} of {len(frames)}: {line}"
            self.view.show(f.state, c.viewer, reveal, None, False, where,
                           events=[fr.event for fr in frames[:self.frame + 1]])
            self.log.mark(self.frame)

    def _handover(self, side: str) -> None:
        self.screen_widget.ask(self.controller.seat_names()[side])
        self.refresh()

    def _lift_screen(self) -> None:
        self.controller.lift_screen()

    # ------------------------------------------------------------ replay viewer
    def show_frame(self, index: int) -> None:
        n = len(self.controller.history.frames)
        index = max(0, min(index, n - 1))
        self.frame = None if index == n - 1 and self.controller.pending is not None else index
        self.controller.paused = self.frame is not None or self.replay.pause.isChecked()
        self.refresh()

    def step(self, delta: int) -> None:
        n = len(self.controller.history.frames)
        self.show_frame((n - 1 if self.frame is None else self.frame) + delta)

    def go_live(self) -> None:
        self.frame = None
        self.controller.paused = self.replay.pause.isChecked()
        self.refresh()
        self.controller.schedule_bots()

    def jump_to_turn(self, turn: int) -> None:
        starts = self.controller.history.turn_starts()
        if turn in starts:
            self.show_frame(starts[turn])
        else:
            self.statusBar().showMessage(f"turn {turn} has not been played yet", 5000)

    def branch_here(self) -> None:
        """Continue playing from the decision after the replayed event."""
        if self.frame is None:
            return
        frame = self.frame
        self.frame = None
        self.controller.paused = self.replay.pause.isChecked()
        why = self.controller.branch(frame)
        if why:
            self.statusBar().showMessage(why, 8000)
        self.refresh()

    def undo(self) -> None:
        """Take back your last decision, unless dice or a drawn chit came since."""
        if self.frame is not None:
            self.go_live()
        why = self.controller.undo()
        if why:
            self.statusBar().showMessage(why, 8000)

    def redo(self) -> None:
        """Play again what the last undo or branch took back."""
        if self.frame is not None:
            self.go_live()
        why = self.controller.redo()
        if why:
            self.statusBar().showMessage(why, 8000)

    def pause_bots(self, paused: bool) -> None:
        self.controller.paused = paused or self.frame is not None
        if not self.controller.paused:
            self.controller.schedule_bots()

    # ------------------------------------------------------------ files
    def new_game(self) -> None:
        dlg = NewGameDialog(self.controller.session.scenario_path, self)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            self.set_controller(GameController.new_game(dlg.setup()))
        except (DiagnosticError, VariantError, ValueError, OSError, UnknownKind) as e:
            self.tell("New game", error_text(e))
            return
        self.view.fit()

    def save_game(self, path: str | None = None) -> None:
        if self.controller.read_only:
            return
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Save game", "game.json", "Saves (*.json)")
        if path:
            self.controller.save(path)
            self.statusBar().showMessage(f"saved to {path}", 5000)

    def open_game(self, path: str | None = None) -> None:
        """A save that cannot be read leaves the window as it was."""
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", "", "Saves (*.json)")
        if not path:
            return
        try:
            ctl, message = GameController.load(path, self.controller.setup.players)
        except (SaveError, DiagnosticError, VariantError, ValueError, OSError, UnknownKind) as e:
            self.tell("Open", f"{path} cannot be opened:\n{error_text(e)}")
            return
        self.set_controller(ctl)
        self.view.fit()
        self.loaded(path, message)

    def loaded(self, path, message: str) -> None:
        """How the game's save replayed; a save out of sync says so in a dialog."""
        ctl = self.controller
        self.statusBar().showMessage(f"{path}: {message}", 8000)
        if ctl.read_only:
            why = ctl.read_only + ("" if ctl.read_only.endswith((".", "…")) else ".")
            self.tell("Out of sync", f"This save does not replay as it was played: {why}",
                      f"Save: {path}\n\nIt is shown read-only, up to its last good decision "
                      f"({len(ctl.driver.answers)} decisions replayed). The game cannot be "
                      "continued: browse it with the replay bar, or start a new game or open "
                      "another save from the Game menu.")

    def tell(self, title: str, text: str, details: str = "") -> QMessageBox:
        """A warning over the window, without waiting for it to be closed."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text,
                          QMessageBox.StandardButton.Ok, self)
        if details:
            box.setInformativeText(details)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()
        self.dialog = box
        return box


def error_text(e: Exception) -> str:
    if isinstance(e, DiagnosticError):
        return "\n".join(render(d) for d in e.diagnostics)
    return str(e)
