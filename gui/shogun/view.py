"""The shogun view (tenkatoitsu_gui.kinds.KindView): the map of Japan in the
centre; the decision (the planning screen for a plan, else the shell's
OptionsPanel) and the battle, die by die, on the right; the colour sets with
their army cards, the swords and the master tray on the left. Every part
draws the seat's view dict (`kind.view`) of the state shown, live or past;
a click on a province ringed in yellow, or the planning screen's seal,
answers the pending decision through the controller. It decides nothing."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStackedWidget
from tenkatoitsu_gui.area.view import AreaView, dock_of, scrolled
from tenkatoitsu_gui.decisions import OptionsPanel
from tenkatoitsu_gui.shogun import help as shogun_help
from tenkatoitsu_gui.shogun import report, style
from tenkatoitsu_gui.shogun.battle import BattlePanel
from tenkatoitsu_gui.shogun.board import ShogunMap
from tenkatoitsu_gui.shogun.choices import PLAN, ProvinceChoices, province_choices
from tenkatoitsu_gui.shogun.panels import HousesPanel
from tenkatoitsu_gui.shogun.planning import PlanningPanel

L, R = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
CASTLES = {1: "a castle", 2: "a fortress"}
#: choices made in secret or at the same time [SC-5.2] [SC-6.2] [SC-10.3] [SC-11.2]: another
#: seat's question is not shown (its options would tell what it has chosen so far)
SECRET = frozenset({"plan", "spy", "build", "levy", "ronin", "ninja"})


class ShogunView(AreaView):
    #: the size a part is drawn at when grabbed alone
    part_sizes: ClassVar[dict] = {"decision": (380, 480), "battle": (400, 460),
                                  "houses": (360, 760)}
    side_docks = ()  # the docks keep their own widths: the rest is the map's
    AREAS = "province(s)"

    def __init__(self, controller, window=None):
        super().__init__(controller, ProvinceChoices())
        self.window = window
        self._mode = None  # "plan" or "war": which of the right column's docks is the larger
        scenario = controller.game.scenario
        self.scenario = scenario
        self.map = ShogunMap(scenario, controller.game.table.board)
        self.central = self.map
        self.options = OptionsPanel()
        self.planning = PlanningPanel()
        self.stack = QStackedWidget()
        self.stack.addWidget(scrolled(self.options))
        self.stack.addWidget(scrolled(self.planning))
        self.decision = self.stack
        self.decision.setMinimumWidth(320)
        self.houses = HousesPanel(scenario)
        self.houses_area = scrolled(self.houses)
        self.houses_area.setMinimumWidth(300)
        self.battle = BattlePanel(dict(controller.game.names))
        self.docks = [("Decision", self.decision, R), ("Battle", self.battle, R),
                      ("Colour sets", self.houses_area, L)]
        self.options.chosen.connect(self._answer)
        self.planning.chosen.connect(self._answer)
        self.planning.ruleClicked.connect(self._rule)
        self.battle.ruleClicked.connect(self._rule)
        self.map.areaClicked.connect(self._area_clicked)
        self.map.areaHovered.connect(self._area_hovered)
        self.keep_zoom(window)

    def grab_targets(self) -> dict:
        return {"map": self.map, "decision": self.decision, "battle": self.battle,
                "houses": self.houses_area}

    def _rule(self, rule: str) -> None:
        if self.open_rule:
            self.open_rule(rule)

    # ------------------------------------------------------------ help and summary
    def help_pages(self) -> list:
        return shogun_help.help_pages()

    def rule_text(self, rule: str):
        return shogun_help.rule_text(rule)

    def summary_sections(self, viewer) -> list:
        c = self.controller
        return report.summary_sections(c.kind, c.game)

    # ------------------------------------------------------------ drawing
    def show(self, state, viewer, reveal_all: bool, decision, answerable: bool, who: str,
             events=None) -> None:
        """`events`: the game's events up to `state` (None: all of them, the live game)."""
        c = self.controller
        game = c.game
        live = state is game.state
        # what the seat at the screen may see; everything only when no seat is hidden
        view = c.kind.view(game, None if reveal_all else viewer, state)
        shown_events = game.events if events is None else events
        self.view = view
        self.pending = decision if live else None
        self.answerable = answerable and self.pending is not None
        d = self.pending
        found = province_choices(d, set(self.map.ids), view)
        self.choices = found if self.answerable else ProvinceChoices(focus=found.focus)
        self.map.show_view(view, self.choices)
        hidden = d is not None and not self.answerable and not reveal_all and d.kind in SECRET
        if d is not None and d.kind == PLAN:
            self.options.show_decision(None, who, False)
            self.planning.show_plan(d, who, self.answerable, dict(game.names))
            self.stack.setCurrentIndex(1)
        elif hidden:
            self.options.show_decision(None, who + "\n(a choice made in secret)", False)
            self.stack.setCurrentIndex(0)
        else:
            self.options.show_decision(d, who, self.answerable)
            if self.choices.options:
                self.options.prompt.setText(self.options.prompt.text()
                                            + "\nOr click a province ringed in yellow "
                                              "on the map.")
            self.stack.setCurrentIndex(0)
        self.houses.show_view(view)
        self.battle.show_view(view, shown_events)
        self._share_column("plan" if d is not None and d.kind == PLAN else
                           "war" if view["phase"] == "war" else None)

    def _share_column(self, mode: str | None) -> None:
        """The planning screen gets most of the right column while a plan is
        made, the battle while the war is waged (once as each begins: the
        player may set them otherwise)."""
        if mode is None or mode == self._mode or self.window is None:
            return
        self._mode = mode
        docks = [dock_of(self.decision), dock_of(self.battle)]
        if None in docks:
            return
        share = (0.78, 0.22) if mode == "plan" else (0.3, 0.7)
        total = sum(d.height() for d in docks) or 620
        self.window.resizeDocks(docks, [int(total * k) for k in share], Qt.Orientation.Vertical)

    # ------------------------------------------------------------ hovering
    def describe(self, province: str) -> str:
        """A province as the status bar says it: its owner and what stands there."""
        v = self.view
        if v is None:
            return ""
        row = next(r for r in v["provinces"] if r["id"] == province)
        names = self.controller.game.names
        owner = row["owner"]
        parts = [f"{names.get(province, province)}: "
                 + (f"{v['names'][owner]}" if owner else "empty (red rectangle)")]
        if row["castle"]:
            parts.append(CASTLES[row["castle"]])
        if row["force"] or row["force_ronin"]:
            parts.append("force " + style.units_text(row["force"], row["force_ronin"]))
        if row["army"]:
            a = next(a for a in v["armies"] if a["id"] == row["army"])
            parts.append(f"{names.get(a['id'], a['id'])} (level {a['level']}"
                         + (", assassinated" if a["assassinated"] else "") + "): D "
                         + style.units_text(a["units"], a["ronin"]))
        for army, force in row.get("hidden", {}).values():
            parts.append(f"your hidden ronin: {army} with the army, {force} with the force")
        return "; ".join(parts)

    def area_name(self, province: str) -> str:
        return self.controller.game.names.get(province, province)

    # ------------------------------------------------------------ answering
    def refuse(self, reason: str, province: str | None = None) -> None:
        self.planning.refuse(reason)
        super().refuse(reason, province)

    def _province_clicked(self, province: str) -> None:
        self._area_clicked(province)
