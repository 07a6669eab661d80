"""The main window: the kind's map view and docks, the event log, the replay
viewer, the hot-seat screen; the new game dialog; save and load. The
`tenkatoitsu gui` command that opens it is in command.py."""

from __future__ import annotations

from pathlib import Path

import attrs
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
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
from tenkatoitsu_gui.controller import HUMAN, GameController, GameSetup
from tenkatoitsu_gui.kinds import view_class
from tenkatoitsu_gui.logview import EventLog, event_line

from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.diagnostics import DiagnosticError, render
from tenkatoitsu.dsl.loader import bundled, load_scenario
from tenkatoitsu.kinds import UnknownKind
from tenkatoitsu.kinds.contract import VariantError

DEFAULT_SCENARIO = "training"


# ====================================================================== dialogs

class NewGameDialog(QDialog):
    """Scenario (bundled or a file), variants, the number of players where the
    kind lets it vary, each seat human or a bot, the kind's options, the seed."""

    def __init__(self, scenario=None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.form = QFormLayout(self)
        row = QHBoxLayout()
        self.bundled = QComboBox()
        self.bundled.addItem("(a file)", None)
        for path in bundled():
            self.bundled.addItem(path.stem, path.stem)
        self.bundled.activated.connect(self._pick_bundled)
        ref = getattr(scenario, "path", scenario)  # a loaded scenario file, or a path or name
        self.path = QLineEdit(str(ref or DEFAULT_SCENARIO))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.bundled)
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
        self.count = QSpinBox()  # players, for a kind that takes a range of them
        self.count.valueChanged.connect(self._fill_players)
        self.form.addRow("Number of players", self.count)
        self.players_box = QWidget()
        self.players_lay = QFormLayout(self.players_box)
        self.form.addRow("Players", self.players_box)
        self.options_box = QWidget()
        self.options_lay = QVBoxLayout(self.options_box)
        self.form.addRow("Options", self.options_box)
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
        self.option_widgets: dict[str, QWidget] = {}
        self.kind = None
        self.seats = None
        self.path.editingFinished.connect(self._load)
        self._load()

    @property
    def hidden(self) -> QCheckBox | None:
        """The battle's hidden orders option [5.3], when the kind has it."""
        return self.option_widgets.get("hidden_orders")

    def _pick_bundled(self) -> None:
        name = self.bundled.currentData()
        if name:
            self.path.setText(name)
            self._load()

    def _browse(self) -> None:
        f, _ = QFileDialog.getOpenFileName(self, "Scenario", str(Path(self.path.text()).parent),
                                           "Scenarios (*.tks)")
        if f:
            self.path.setText(f)
            self._load()

    @staticmethod
    def _clear(lay) -> None:
        while lay.count():
            w = lay.takeAt(0).widget()
            if w:
                w.deleteLater()

    def _load(self) -> None:
        for lay in (self.variants_lay, self.players_lay, self.options_lay):
            self._clear(lay)
        self.variant_checks.clear()
        self.player_combos.clear()
        self.option_widgets.clear()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            sf = load_scenario(self.path.text())
        except DiagnosticError as e:
            self.problem.setText("\n".join(render(d) for d in e.diagnostics[:3]))
            ok.setEnabled(False)
            return
        except (OSError, UnknownKind) as e:
            self.problem.setText(str(e))
            ok.setEnabled(False)
            return
        self.problem.clear()
        ok.setEnabled(True)
        self.bundled.setCurrentIndex(max(0, self.bundled.findData(self.path.text())))
        self.kind, doc = sf.kind, sf.document
        for v in sf.kind.describe(doc).variants:
            cb = QCheckBox(f"{v.id}: {v.title}" + (f" (group {v.group})" if v.group else ""))
            cb.setChecked(v.default)
            self.variant_checks[v.id] = cb
            self.variants_lay.addWidget(cb)
        self.seats = sf.kind.seats(doc)
        self.count.blockSignals(True)
        self.count.setRange(self.seats.minimum, self.seats.maximum)
        self.count.setValue(self.seats.default)
        self.count.setEnabled(not self.seats.fixed)
        self.count.blockSignals(False)
        self._fill_players()
        for f in attrs.fields(sf.kind.options):
            label = f.metadata.get("label", f.name.replace("_", " "))
            if f.type in (bool, "bool"):
                w = QCheckBox(label)
                w.setChecked(bool(f.default))
                self.options_lay.addWidget(w)
            elif f.type in (int, "int"):
                w = QSpinBox()
                w.setRange(-1_000_000, 1_000_000)
                w.setValue(int(f.default))
                w.setPrefix(f"{label}: ")
                self.options_lay.addWidget(w)
            else:
                continue  # a kind's option of another type is set with --option
            self.option_widgets[f.name] = w

    def _fill_players(self) -> None:
        if self.seats is None:
            return
        self._clear(self.players_lay)
        self.player_combos.clear()
        for i, seat in enumerate(self.seats.for_count(self.count.value())):
            combo = QComboBox()
            combo.addItem("human", HUMAN)
            for name in self.kind.bots:
                combo.addItem(f"bot: {name}", name)
            combo.setCurrentIndex(0 if i == 0 else 1)
            self.player_combos[seat.id] = combo
            self.players_lay.addRow(seat.name, combo)

    def setup(self) -> GameSetup:
        options = tuple((name, w.isChecked() if isinstance(w, QCheckBox) else w.value())
                        for name, w in self.option_widgets.items())
        return GameSetup(self.path.text(),
                         tuple(v for v, cb in self.variant_checks.items() if cb.isChecked()),
                         tuple((s, c.currentData()) for s, c in self.player_combos.items()),
                         options, self.seed.value())


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
        self.view_menu = self.menuBar().addMenu("&View")

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
        for d in self._docks:
            self.removeDockWidget(d)
            d.deleteLater()
        self._docks.clear()
        while self.stack.count():
            self.stack.removeWidget(self.stack.widget(0))
        if self.controller is not None:
            self.controller.deleteLater()
        if self.view is not None:
            self.view.close()
        self.controller = controller
        controller.setParent(self)
        game = controller.game
        self.setWindowTitle(f"Tenkatoitsu — {game.scenario.name}")
        self.view = view_class(controller.kind.name)(controller, self)
        self._view_menu()
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
        side = [by_title[t] for t in self.view.side_docks if t in by_title]
        if len(side) == 2:  # room for the kind's widest panels
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
        names = c.seat_names()
        d = c.pending
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
        self.replay.sync(self.frame, len(frames), min(turns), max(turns))
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
        except (DiagnosticError, VariantError, ValueError, OSError, UnknownKind) as e:
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
        except (SaveError, DiagnosticError, ValueError, OSError, UnknownKind) as e:
            QMessageBox.warning(self, "Open", error_text(e))
            return
        self.set_controller(ctl)
        self.statusBar().showMessage(f"{path}: {message}", 8000)


def error_text(e: Exception) -> str:
    if isinstance(e, DiagnosticError):
        return "\n".join(render(d) for d in e.diagnostics)
    return str(e)
