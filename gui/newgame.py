"""The new game dialog: the scenario (bundled or a file), its variants, the
number of players where the kind lets it vary, each seat human or a bot, the
kind's options and the seed."""

from __future__ import annotations

from pathlib import Path

import attrs
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from tenkatoitsu_gui.controller import HUMAN, GameSetup

from tenkatoitsu.dsl.diagnostics import DiagnosticError, render
from tenkatoitsu.dsl.loader import bundled, load_scenario
from tenkatoitsu.kinds import UnknownKind

DEFAULT_SCENARIO = "training"


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
