"""The castles view (tenkatoitsu_gui.kinds.KindView): the map of Japan in the
centre; the decision (the shell's OptionsPanel) and the dice tray on the
right; the players, the tactic display and the war track on the left. Every
part draws the seat's view dict (`kind.view`) of the state shown, live or
past; a click on a highlighted castle, or on a split in the dice tray,
answers the pending decision through the controller. It decides nothing."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from tenkatoitsu_gui.area.view import AreaView, dock_of, scrolled
from tenkatoitsu_gui.castles import help as castles_help
from tenkatoitsu_gui.castles import report
from tenkatoitsu_gui.castles.board import CastlesMap, pieces
from tenkatoitsu_gui.castles.cards import CardsPanel
from tenkatoitsu_gui.castles.choices import (
    CARD_TARGET,
    SPLIT,
    AreaChoices,
    area_choices,
    area_of,
    split_areas,
)
from tenkatoitsu_gui.castles.dice import DiceTray
from tenkatoitsu_gui.castles.glyphs import printable
from tenkatoitsu_gui.castles.hover import HoverWatch
from tenkatoitsu_gui.castles.panels import PlayersPanel
from tenkatoitsu_gui.castles.recent import recent
from tenkatoitsu_gui.castles.war import WarPanel
from tenkatoitsu_gui.decisions import OptionsPanel

L, R = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
DEPLOYMENT = "deployment"
CHOOSE_ACTION = "choose-action"


class CastlesView(AreaView):
    #: the size a part is drawn at when grabbed alone
    part_sizes: ClassVar[dict] = {"decision": (320, 380), "dice": (320, 220),
                                  "players": (360, 300), "cards": (360, 560), "war": (430, 380)}
    side_docks = ()
    #: docks behind another one's tab: (in front, behind)
    tabbed = (("Tactic cards", "War"),)
    AREAS = "castle(s)"
    MARKED = "highlighted in yellow"

    def __init__(self, controller, window=None):
        super().__init__(controller, AreaChoices())
        scenario = controller.game.scenario
        self.scenario = scenario
        self.map = CastlesMap(scenario)
        self.central = self.map
        self.options = OptionsPanel()
        self.decision = scrolled(self.options)
        self.decision.setMinimumWidth(300)  # the longest split's label, on one line
        self.dice = DiceTray({a: self.map.names[a] for a in self.map.ids})
        self.players = PlayersPanel(scenario)
        self.cards = CardsPanel(scenario)
        self.war = WarPanel(scenario)
        self.docks = [("Decision", self.decision, R), ("Dice tray", self.dice, R),
                      ("Players", self.players, L), ("Tactic cards", self.cards, L),
                      ("War", self.war, L)]
        self._phase = None
        self.option_watch = HoverWatch()
        self.option_watch.entered.connect(self._option_hovered)
        self.option_watch.left.connect(lambda: self.map.set_preview(None))
        self.options.chosen.connect(self._answer)
        self.dice.chosen.connect(self._answer)
        self.dice.hovered.connect(self._split_hovered)
        self.map.areaClicked.connect(self._area_clicked)
        self.map.areaHovered.connect(self._area_hovered)
        self.cards.ruleClicked.connect(lambda rule: self.open_rule and self.open_rule(rule))
        self.cards.playClicked.connect(self._answer)
        self.keep_zoom(window)

    def grab_targets(self) -> dict:
        return {"map": self.map, "decision": self.decision, "dice": self.dice,
                "players": self.players, "cards": self.cards, "war": self.war}

    # ------------------------------------------------------------ help and summary
    def help_pages(self) -> list:
        return castles_help.help_pages()

    def rule_text(self, rule: str):
        return castles_help.rule_text(rule, self.scenario)

    def summary_sections(self, viewer) -> list:
        c = self.controller
        return report.summary_sections(c.kind, c.game, viewer)

    # ------------------------------------------------------------ drawing
    def show(self, state, viewer, reveal_all: bool, decision, answerable: bool, who: str,
             events=None) -> None:
        """`events`: the game's events up to `state` (None: all of them, the live game)."""
        c = self.controller
        game = c.game
        live = state is game.state
        view = c.kind.view(game, viewer, state)
        shown_events = game.events if events is None else events
        rec = recent(shown_events)
        self.view = view
        self.pending = decision if live else None
        self.answerable = answerable and self.pending is not None
        found = area_choices(self.pending, set(self.map.ids))
        self.choices = found if self.answerable else \
            AreaChoices(chosen=found.chosen, target=found.target)
        self.map.show_view(view, rec, self.choices)
        self.options.show_decision(self.pending, who, self.answerable)
        for b in self.options.buttons:  # a name's 京 where no font draws it
            b.setText(printable(b.text()))
        if self.choices.options:
            self.options.prompt.setText(printable(self.options.prompt.text())
                                        + "\nOr click a castle ringed in yellow on the map.")
        self._watch_options()
        self.dice.show_tray(view, self.pending, self.answerable, rec)
        self.players.show_view(view)
        self.cards.show_view(view, self._playable())
        self.war.show_view(view, shown_events)
        self._front(view["phase"])

    def _playable(self) -> dict[str, str]:
        """The cards the player to choose may play now: card id -> its answer."""
        d = self.pending
        if not self.answerable or d is None or d.kind != CHOOSE_ACTION:
            return {}
        return {str(o.value).partition(":")[2]: o.value for o in d.options
                if isinstance(o.value, str) and ":" in o.value}

    def _front(self, phase: str) -> None:
        """As the war begins (or a replay goes back before it), its track or
        the tactic display comes to the front of their shared dock."""
        side = DEPLOYMENT if phase == DEPLOYMENT else "war"
        if side == self._phase:
            return
        self._phase = side
        dock = dock_of(self.cards if side == DEPLOYMENT else self.war)
        if dock is not None:
            dock.raise_()

    def _watch_options(self) -> None:
        self.option_watch.clear()
        d = self.pending
        if d is None or d.kind not in (SPLIT, CARD_TARGET):
            return
        for b, o in zip(self.options.buttons, d.options):
            self.option_watch.watch(b, o.value)

    # ------------------------------------------------------------ hovering
    def _area_for(self, value) -> str | None:
        d = self.pending
        if d is None:
            return None
        if d.kind == SPLIT:
            return split_areas(d).get(value)
        return area_of(value, set(self.map.ids))

    def _tag_of(self, value, area: str) -> str:
        """What the map says at the castle an option would hit: a split's
        count ("the 5 deploys 3"), a step's label unless it is the castle's name."""
        d = self.pending
        o = next((o for o in d.options if o.value == value), None) if d else None
        if o is None:
            return ""
        if d.kind == SPLIT:
            return o.detail or o.label
        return "" if printable(o.label) == self.map.names[area] else printable(o.label)

    def _option_hovered(self, value) -> None:
        area = self._area_for(value)
        frm = self.choices.chosen[-1] if self.choices.chosen else None
        self.map.set_preview(area, self._tag_of(value, area) if area else "", frm)

    def _split_hovered(self, value) -> None:
        if value is None:
            self.map.set_preview(None)
        else:
            self._option_hovered(value)

    def describe(self, area_id: str) -> str:
        """A castle as the status bar says it: its token and everyone's pieces."""
        v = self.view
        if v is None:
            return ""
        area = next(a for a in v["areas"] if a["id"] == area_id)
        names = v["names"]
        parts = []
        for seat, items in pieces(v, area):
            bits = [f"{n} soldier(s)" if what == "soldiers" else
                    f"{n} reinforcement(s)" if what == "white" else "the daimyo"
                    for what, n in items]
            parts.append(f"{names.get(seat, seat)}: {', '.join(bits)}")
        state = "" if area["token"] else (" (resolved)" if area_id in v["resolved"] else "")
        return f"{self.map.names[area_id]}, castle {area['value']}{state}: " + \
            ("; ".join(parts) or "nobody")

    def option_label(self, option) -> str:
        return printable(option.label)

    def _preview(self, area: str | None, opts) -> None:
        """The castle an option of the one hovered would hit, with its tag."""
        if not opts:
            self.map.set_preview(None)
            return
        frm = self.choices.chosen[-1] if self.choices.chosen else None
        self.map.set_preview(area, self._tag_of(opts[0].value, area) if len(opts) == 1
                             else "", frm)
