"""The main window: the kind's map view and docks, the event log, the replay
viewer, the hot-seat screen; the new game dialog; save and load. The
`tenkatoitsu gui` command that opens it is in command.py."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QDockWidget, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QMainWindow, QMessageBox, QPushButton, QSlider,
                               QSpinBox, QStackedWidget, QToolBar, QVBoxLayout, QWidget)

from tenkatoitsu.battle.bots import BOTS
from tenkatoitsu.battle.game import VariantError
from tenkatoitsu.battle.load import load_scenario
from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.diagnostics import DiagnosticError, render

from tenkatoitsu_gui.controller import HUMAN, GameController, GameSetup
from tenkatoitsu_gui.kinds import view_class
from tenkatoitsu_gui.logview import EventLog, event_line

DEFAULT_SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "training.tks"


# ====================================================================== dialogs

class NewGameDialog(QDialog):
    """Scenario, variants, each side human or a bot, hidden orders [5.3], seed."""

    def __init__(self, scenario: str | None = None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.form = QFormLayout(self)
        row = QHBoxLayout()
        self.path = QLineEdit(str(scenario or DEFAULT_SCENARIO))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.path)
        row.addWidget(browse)
        self.form.addRow("Scenario", row)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b00000")
        self.problem.setWordWrap(True)
        self.form.addRow(self.problem)
        self.variants_box = QWidget()
        self.variants_lay = QVBoxLayout(self.variants_box)
        self.form.addRow("Variants", self.variants_box)
        self.players_box = QWidget()
        self.players_lay = QFormLayout(self.players_box)
        self.form.addRow("Players", self.players_box)
        self.hidden = QCheckBox("hidden orders [5.3] (hot-seat: a screen between the players)")
        self.form.addRow(self.hidden)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.form.addRow("Seed", self.seed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.form.addRow(self.buttons)
        self.variant_checks: dict[str, QCheckBox] = {}
        self.player_combos: dict[str, QComboBox] = {}
        self.path.editingFinished.connect(self._load)
        self._load()

    def _browse(self) -> None:
        f, _ = QFileDialog.getOpenFileName(self, "Scenario", str(Path(self.path.text()).parent),
                                           "Scenarios (*.tks)")
        if f:
            self.path.setText(f)
            self._load()

    def _load(self) -> None:
        for lay in (self.variants_lay, self.players_lay):
            while lay.count():
                w = lay.takeAt(0).widget()
                if w:
                    w.deleteLater()
        self.variant_checks.clear()
        self.player_combos.clear()
        try:
            scen = load_scenario(self.path.text())
        except DiagnosticError as e:
            self.problem.setText("\n".join(render(d) for d in e.diagnostics[:3]))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        except OSError as e:
            self.problem.setText(str(e))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        self.problem.clear()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        for v in scen.variants:
            cb = QCheckBox(f"{v.id}: {v.title or ''}" + (f" (group {v.group})" if v.group else ""))
            cb.setChecked(v.is_default)
            self.variant_checks[v.id] = cb
            self.variants_lay.addWidget(cb)
        for i, side in enumerate(scen.sides):
            combo = QComboBox()
            combo.addItem("human", HUMAN)
            for name in BOTS:
                combo.addItem(f"bot: {name}", name)
            combo.setCurrentIndex(0 if i == 0 else 1)
            self.player_combos[side.id] = combo
            self.players_lay.addRow(side.name, combo)

    def setup(self) -> GameSetup:
        return GameSetup(self.path.text(),
                         tuple(v for v, cb in self.variant_checks.items() if cb.isChecked()),
                         tuple((s, c.currentData()) for s, c in self.player_combos.items()),
                         self.hidden.isChecked(), self.seed.value())


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

    def sync(self, index: int | None, total: int, first_turn: int, last_turn: int) -> None:
        self._setting = True
        self.slider.setRange(0, max(total - 1, 0))
        self.slider.setValue(total - 1 if index is None else index)
        self.turn.setRange(first_turn, last_turn)
        self._setting = False
        self.position.setText(" live" if index is None else f" event {index + 1} of {total}")
        self.branch.setEnabled(index is not None)

    def _slid(self, v: int) -> None:
        if not self._setting:
            self.w.show_frame(v)


# ====================================================================== main window

class MainWindow(QMainWindow):
    def __init__(self, controller: GameController):
        super().__init__()
        self.resize(1500, 950)
        self.frame: int | None = None  # None: live; else the replayed event's index
        self.controller = None
        self.view = None
        self._docks: list[QDockWidget] = []
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.screen_widget = HandoverScreen()
        self.screen_widget.button.clicked.connect(self._lift_screen)
        self.log = EventLog()
        self.log.jump.connect(self.show_frame)
        self.replay = ReplayBar(self)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.replay)
        self._menus()
        self.set_controller(controller)

    def _menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        for label, slot, key in (("&New…", self.new_game, QKeySequence.StandardKey.New),
                                 ("&Open…", self.open_game, QKeySequence.StandardKey.Open),
                                 ("&Save as…", self.save_game, QKeySequence.StandardKey.Save),
                                 ("&Undo", self.undo, QKeySequence.StandardKey.Undo)):
            game.addAction(label, slot).setShortcut(key)
        game.addSeparator()
        game.addAction("&Quit", self.close).setShortcut(QKeySequence.StandardKey.Quit)
        view = self.menuBar().addMenu("&View")
        view.addAction("Fit the map", lambda: self.view.map.fit())
        view.addAction("Zoom in", lambda: self.view.map.zoom(1.25))
        view.addAction("Zoom out", lambda: self.view.map.zoom(0.8))
        view.addAction("Siege maps", lambda: (self.view.siege.show(), self.view.siege.raise_()))

    # ------------------------------------------------------------ game
    def set_controller(self, controller: GameController) -> None:
        for d in self._docks:
            self.removeDockWidget(d)
            d.deleteLater()
        self._docks.clear()
        while self.stack.count():
            self.stack.removeWidget(self.stack.widget(0))
        if self.controller is not None:
            self.controller.deleteLater()
        if self.view is not None:
            self.view.siege.close()
        self.controller = controller
        controller.setParent(self)
        game = controller.game
        self.setWindowTitle(f"Tenkatoitsu — {game.scenario.name}")
        self.view = view_class(game.scenario.kind)(controller, self)
        self.view.status = lambda text: self.statusBar().showMessage(text, 8000)
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
        side = [by_title[t] for t in ("Honjins", "Decision") if t in by_title]
        if len(side) == 2:  # room for a Honjin sheet and the option labels
            self.resizeDocks(side, [330, 400], Qt.Orientation.Horizontal)
        controller.changed.connect(self.refresh)
        controller.event.connect(self._on_event)
        controller.handover.connect(self._handover)
        self.log.reset([f.event for f in controller.history.frames])
        self.frame = None
        self.refresh()
        controller.schedule_bots()

    def _on_event(self, e) -> None:
        self.log.add(e, scroll=self.frame is None)

    def who_text(self) -> str:
        c = self.controller
        g = c.game
        d = c.pending
        if d is None:
            st = g.state
            name = g.side_defs[st.winner].name if st.winner in g.side_defs else "nobody (draw)"
            return f"Game over — {st.level}; winner: {name}"
        side = c.side_to_answer(d)
        if c.is_human_turn():
            return f"{g.side_defs[side].name} to choose"
        return f"{g.side_defs[side].name} (bot: {c.setup.player(side)}) is choosing…"

    def refresh(self) -> None:
        c = self.controller
        if c is None:
            return
        g = c.game
        frames = c.history.frames
        self.replay.sync(self.frame, len(frames), g.scenario.turns.first, g.scenario.turns.last)
        screened = c.screened
        self.stack.setCurrentWidget(self.screen_widget if screened else self.view.central)
        for d in self._docks:
            d.setVisible(not screened)
        if screened:
            return
        if self.frame is None:
            reveal = not c.humans()
            self.view.show(g.state, c.viewer, reveal, c.pending, c.is_human_turn(),
                           self.who_text())
            self.log.mark(None)
        else:
            # while a game with a human in it goes on, the past is seen through his
            # eyes: a replay reveals no hidden order or secret plan [5.3] [10.1]
            f = frames[self.frame]
            reveal = c.pending is None or not c.humans()
            where = f"Replay — event {self.frame + 1} of {len(frames)}: {event_line(f.event)}"
            self.view.show(f.state, c.viewer, reveal, None, False, where,
                           events=[fr.event for fr in frames[:self.frame + 1]])
            self.log.mark(self.frame)

    def _handover(self, side: str) -> None:
        self.screen_widget.ask(self.controller.game.side_defs[side].name)
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
        self.controller.branch(frame)
        self.log.reset([f.event for f in self.controller.history.frames])
        self.refresh()

    def undo(self) -> None:
        """Take back your last decision, unless dice or a drawn chit came since."""
        if self.frame is not None:
            self.go_live()
        why = self.controller.undo()
        if why:
            self.statusBar().showMessage(why, 8000)
            return
        self.log.reset([f.event for f in self.controller.history.frames])
        self.refresh()

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
        except (DiagnosticError, VariantError, ValueError, OSError) as e:
            QMessageBox.warning(self, "New game", error_text(e))

    def save_game(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Save game", "game.json", "Saves (*.json)")
        if path:
            self.controller.save(path)
            self.statusBar().showMessage(f"saved to {path}", 5000)

    def open_game(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", "", "Saves (*.json)")
        if not path:
            return
        try:
            ctl, message = GameController.load(path, self.controller.setup.players)
        except (SaveError, DiagnosticError, ValueError, OSError) as e:
            QMessageBox.warning(self, "Open", error_text(e))
            return
        self.set_controller(ctl)
        self.statusBar().showMessage(f"{path}: {message}", 8000)


def error_text(e: Exception) -> str:
    if isinstance(e, DiagnosticError):
        return "\n".join(render(d) for d in e.diagnostics)
    return str(e)
