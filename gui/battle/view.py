"""The hex battle's view: the map in the centre; the decision prompt, the two
Honjins, the Bowl, the victory panel and the tracks in docks; the siege maps
in their own window; the Help window's pages and the game-over summary's
sections of a battle. Map clicks become answers to the pending decision
through the controller."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget
from tenkatoitsu_gui.battle import help as battle_help
from tenkatoitsu_gui.battle import report
from tenkatoitsu_gui.battle.betrayal import BetrayalPanel
from tenkatoitsu_gui.battle.bowl import BowlPanel
from tenkatoitsu_gui.battle.decisions import DecisionPanel, MapChoices, path_preview
from tenkatoitsu_gui.battle.honjin import HonjinPanel
from tenkatoitsu_gui.battle.mapview import MapView
from tenkatoitsu_gui.battle.siege import SiegeWindow
from tenkatoitsu_gui.battle.tracks import TracksPanel
from tenkatoitsu_gui.battle.victory import VictoryPanel

from tenkatoitsu.core.decisions import IllegalAnswer
from tenkatoitsu.kinds.battle.scenario_rules.betrayal_aid import betrayal_aid

L, R, B = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea,
           Qt.DockWidgetArea.BottomDockWidgetArea)


class BattleView:
    #: the size a part is drawn at when grabbed alone
    part_sizes = {"honjin": (430, 880), "bowl": (320, 400), "decision": (560, 900),
                  "tracks": (960, 110), "siege": (760, 480), "betrayal": (660, 370),
                  "victory": (430, 720)}
    #: widened at the start: room for a Honjin sheet and the option labels
    side_docks = ("Honjins", "Decision")
    #: docks behind another one's tab: (in front, behind)
    tabbed = (("Honjins", "Victory"),)

    def __init__(self, controller, window=None):
        self.controller = controller
        game = controller.game
        self.game = game
        self.map = MapView(game)
        self.central = self.map
        self.decision = DecisionPanel()
        self.honjins = {s: HonjinPanel(s) for s in game.side_ids}
        self.honjin_tabs = QTabWidget()
        for s, panel in self.honjins.items():
            self.honjin_tabs.addTab(panel, f"Honjin: {game.side_defs[s].name}")
        self.bowl = BowlPanel()
        self.tracks = TracksPanel(game)
        self.siege = SiegeWindow(game)
        self.victory = VictoryPanel(game)
        self.docks = [("Decision", self.decision, R), ("Honjins", self.honjin_tabs, L),
                      ("Victory", self.victory, L), ("The Bowl", self.bowl, L),
                      ("Turn and VP tracks", self.tracks, B)]
        self.betrayal = None  # the Betrayal Aid, for scenarios with undecided clans [21.4]
        if betrayal_aid(game, ()) is not None:
            self.betrayal = BetrayalPanel(game)
            self.docks.append(("Betrayal Aid", self.betrayal, B))
        self.choices = MapChoices(game, None)
        self.answerable = False
        self.status = None  # a callable showing a line in the status bar
        self.open_rule = None  # a callable opening a rule's summary in the Help window
        self._pages = None
        self.victory.ruleClicked.connect(lambda rule: self.open_rule and self.open_rule(rule))
        self.map.hexClicked.connect(self._hex_clicked)
        self.map.unitClicked.connect(self._unit_clicked)
        self.map.hovered.connect(self._hovered)
        self.decision.chosen.connect(self._answer)
        self.siege.areaClicked.connect(lambda _sm, area: self._answer(area))

    def grab_targets(self) -> dict:
        out = {"map": self.map, "decision": self.decision, "honjin": self.honjin_tabs,
               "bowl": self.bowl, "tracks": self.tracks, "siege": self.siege,
               "victory": self.victory}
        if self.betrayal is not None:
            out["betrayal"] = self.betrayal
        return out

    def prepare_grab(self, name: str, widget) -> None:
        if name == "decision" and self.controller.pending is not None:
            self.decision.options.setCurrentRow(0)
        if name == "siege":
            widget.show_state(self.controller.game.state, self.controller.pending)

    def fit(self) -> None:
        self.map.fit()

    def zoom(self, factor: float) -> None:
        self.map.zoom(factor)

    def menu_actions(self) -> list:
        return [("Siege maps", lambda: (self.siege.show(), self.siege.raise_()))]

    def close(self) -> None:
        self.siege.close()

    # ------------------------------------------------------------ help and summary
    def help_pages(self) -> list:
        if self._pages is None:  # drawn once: the pictures take a moment
            self._pages = battle_help.help_pages(self.game)
        return self._pages

    def rule_text(self, rule: str):
        return battle_help.rule_text(rule)

    def summary_sections(self, viewer) -> list:
        return report.summary_sections(self.game, viewer)

    # ------------------------------------------------------------ drawing
    def show(self, state, viewer, reveal_all: bool, decision, answerable: bool, who: str,
             events=None) -> None:
        """`events`: the game's events up to `state` (None: all of them, the live game)."""
        game = self.game
        self.answerable = answerable
        live = state is game.state
        reveal_all = reveal_all or (live and state.over)  # the battle is over: no secrets [10.1]
        self.choices = MapChoices(game, decision if live else None)
        self.map.set_highlights(self.choices.hex_text if answerable else {},
                                set(self.choices.units) if answerable else set(),
                                self.choices.unit if live else None)
        self.map.show_state(state, viewer, reveal_all)
        shown = decision if live else None
        if shown is not None and not answerable and not reveal_all and \
                shown.side not in (None, viewer):
            shown = None  # the opponent's question and options are his (e.g. CP saved [10.2])
        self.decision.show_decision(game, shown, who, answerable, self.choices)
        for s, panel in self.honjins.items():
            panel.show_state(game, state, viewer, reveal_all)
        if viewer in self.honjins and live:
            self.honjin_tabs.setCurrentWidget(self.honjins[viewer])
        self.bowl.show_state(game, state)
        self.tracks.show_state(state)
        self.victory.show_state(state)
        if self.betrayal is not None:
            self.betrayal.show_aid(betrayal_aid(game, game.events if events is None else events))
        self.siege.show_state(state, decision if (live and answerable) else None)
        if live and answerable and self.siege.area_options(decision):
            self.siege.show()
            self.siege.raise_()

    # ------------------------------------------------------------ clicks
    def _answer(self, value) -> None:
        reason = self.controller.answer(value)
        if reason:
            self.refuse(reason)

    def refuse(self, reason: str, hid: str | None = None) -> None:
        self.decision.refuse(reason)
        self.map.flash_refused(hid)
        if self.status:
            self.status(reason)

    def _hex_clicked(self, hid: str) -> None:
        if not self.answerable:
            return
        c = self.choices
        if hid in c.hexes:
            self._answer(c.hexes[hid])
            return
        units_here = [u for u in self.map.stacks.get(hid, []) if u in c.units]
        if units_here:
            self._answer(units_here[-1])
            return
        if c.on_map:
            what = "hex" if c.hexes else "unit"
            self.refuse(self._reason(hid, what), hid)

    def _unit_clicked(self, uid: str, hid: str) -> None:
        if not self.answerable:
            return
        c = self.choices
        stacked = [u for u in self.map.stacks.get(hid, []) if u in c.units]
        if uid in c.units:
            self._answer(c.units[uid])
        elif stacked:  # a stack (a fortress [15.3]): the legal unit under the top counter
            self._answer(c.units[stacked[-1]])
        elif hid in c.hexes:
            self._answer(c.hexes[hid])
        elif c.on_map:
            self.refuse(self._reason(uid, "unit" if c.units else "hex"), hid)

    def _reason(self, what_clicked: str, expected: str) -> str:
        d = self.controller.pending
        # the rules' own refusal, then what the legal choices are
        try:
            d.check(what_clicked)
            return ""
        except IllegalAnswer as e:
            n = len(self.choices.hexes) if expected == "hex" else len(self.choices.units)
            plural = "es" if expected == "hex" else "s"
            return (f"{what_clicked} is not a legal choice: {e}. "
                    f"The {n} legal {expected}{plural} are highlighted.")

    def _hovered(self, hid: str) -> None:
        if not hid:
            return
        text = self.map.describe_hex(hid)
        c = self.choices
        if self.answerable and hid in c.hexes:
            cost = c.hex_text.get(hid)
            if cost:
                text = f"→ {cost} | " + text
            self.map.show_path(path_preview(self.game, self.controller.pending, c.unit, hid))
        else:
            self.map.show_path([])
        self.map.setToolTip(text.replace(" | ", "\n"))
        if self.status:
            self.status(text)
