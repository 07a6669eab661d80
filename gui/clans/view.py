"""The clans view (tenkatoitsu_gui.kinds.KindView): the map of Japan in the
centre; the decision (the shell's OptionsPanel) and the battle, die by die,
on the right; the clans panel (the round, the player order, the ninja, a
card for each clan) on the left; the draft in a dialog while a human picks
a clan. Every part draws the seat's view dict (`kind.view`) of the state
shown, live or past, and the scenario's fixed data (names, colours, homes);
a click on a province ringed in yellow (a province named by an option, bare
or after a prefix: "sow:P", "pacify:P", "sail:P", "betray:P"...), on a clan
in the draft, or on a clan's card ringed in yellow (a pact offered, a
censure, a hit given to a clan) answers the pending decision through the
controller. Another seat's choice made behind the screen shows only that it
is being made. It decides nothing."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from tenkatoitsu_gui.area.provinces import ProvinceChoices
from tenkatoitsu_gui.area.view import AreaView, scrolled
from tenkatoitsu_gui.clans import help as clans_help
from tenkatoitsu_gui.clans import style
from tenkatoitsu_gui.clans.battle import BattlePanel
from tenkatoitsu_gui.clans.board import ClansMap
from tenkatoitsu_gui.clans.choices import DRAFT, province_choices
from tenkatoitsu_gui.clans.draft import DraftDialog
from tenkatoitsu_gui.clans.panels import ClansPanel
from tenkatoitsu_gui.decisions import OptionsPanel

from tenkatoitsu.kinds.clans.scenario.model import (
    COASTAL,
    MANDATE,
    MOUNTAIN,
    NANBAN_TRADE,
    NEUTRAL,
    TRADING_POST,
)

L, R = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
#: choices made behind the screen: another seat's question is not shown, for
#: it or its options would tell that clan's Koku [§2.1], its covert ninja [§9.1],
#: its fist [§10.1.4] or the Koku it stores [§10.3.1] (and any decision the
#: rules seal)
SECRET = frozenset({"reinforce", "recruit", "ninja", "ronin", "deposit", "reroll",
                    "assassinate", "fist", "allocate", "allocate-count", "store"})
FLAG_WORDS = {MANDATE: "a Mandate province", MOUNTAIN: "mountain", COASTAL: "coastal",
              TRADING_POST: "a Trading Post"}


def secret(decision) -> bool:
    return decision.kind in SECRET or bool((decision.context or {}).get("sealed"))


class ClansView(AreaView):
    #: the size a part is drawn at when grabbed alone
    part_sizes: ClassVar[dict] = {"decision": (380, 480), "battle": (420, 460),
                                  "clans": (360, 760), "draft": (860, 600)}
    side_docks = ()  # the docks keep their own widths: the rest is the map's
    AREAS = "province(s)"

    def __init__(self, controller, window=None):
        super().__init__(controller, ProvinceChoices())
        self.window = window
        game = controller.game
        scenario = game.scenario
        self.scenario = scenario
        names = dict(game.names)
        self.map = ClansMap(scenario, game.table.board)
        self.central = self.map
        colours = self.map.clan_colours
        self.homes = {c.id: c.home for c in scenario.clans}
        self.options = OptionsPanel()
        self.decision = scrolled(self.options)
        self.decision.setMinimumWidth(300)
        self.clans = ClansPanel(scenario, names, colours)
        self.clans_area = scrolled(self.clans)
        self.clans_area.setMinimumWidth(290)
        self.battle = BattlePanel(names, colours)
        self.draft = DraftDialog(scenario, names, colours, window)
        self._drafting = None  # the pick the dialog was opened for
        self.docks = [("Decision", self.decision, R), ("Battle", self.battle, R),
                      ("Clans", self.clans_area, L)]
        self.options.chosen.connect(self._answer)
        self.clans.clanClicked.connect(self._clan_clicked)
        self.draft.chosen.connect(self._pick)
        self.map.areaClicked.connect(self._area_clicked)
        self.map.areaHovered.connect(self._area_hovered)
        self.keep_zoom(window)

    def grab_targets(self) -> dict:
        return {"map": self.map, "decision": self.decision, "battle": self.battle,
                "clans": self.clans_area, "draft": self.draft}

    def prepare_grab(self, name: str, widget) -> None:
        if name == "draft":
            self._fill_draft()

    def menu_actions(self) -> list:
        return [("The draft…", self.open_draft)]

    def close(self) -> None:
        super().close()
        self.draft.close()

    def help_pages(self) -> list:
        return clans_help.help_pages()

    # ------------------------------------------------------------ drawing
    def show(self, state, viewer, reveal_all: bool, decision, answerable: bool, who: str,
             events=None) -> None:
        """`events`: the game's events up to `state` (None: all of them, the live game)."""
        c = self.controller
        game = c.game
        live = state is game.state
        # what the seat at the screen may see; everything only when no seat is hidden
        view = c.kind.view(game, None if reveal_all else viewer, state)
        self.view = view
        self.pending = decision if live else None
        self.answerable = answerable and self.pending is not None
        d = self.pending
        found = province_choices(d, set(self.map.ids), self.homes)
        self.choices = found if self.answerable else ProvinceChoices(focus=found.focus)
        self.map.show_view(view, self.choices)
        hidden = d is not None and not self.answerable and not reveal_all and secret(d)
        clans = self.clan_choices() if self.answerable else {}
        if hidden:
            self.options.show_decision(None, who + "\n(a choice made behind the screen)", False)
        else:
            self.options.show_decision(d, who, self.answerable)
            if self.choices.options:
                self.options.prompt.setText(self.options.prompt.text()
                                            + "\nOr click a province ringed in yellow "
                                              "on the map.")
            if clans:
                self.options.prompt.setText(self.options.prompt.text()
                                            + "\nOr click a clan's card ringed in yellow.")
        picking = d.side if d is not None and d.kind == DRAFT else None
        self.clans.show_view(view, picking, set(clans))
        self.battle.show_view(view, game.events if events is None else events)
        self._show_draft(d)

    def _show_draft(self, d) -> None:
        """The dialog opens once for each pick a human makes at this screen."""
        if d is not None and d.kind == DRAFT and self.answerable:
            self._fill_draft()
            if self._drafting is not d:
                self._drafting = d
                self.draft.show()
                self.draft.raise_()
        elif self.draft.isVisible():
            if d is None or d.kind != DRAFT:
                self.draft.hide()
            else:
                self._fill_draft()

    def _fill_draft(self) -> None:
        d = self.pending
        pick = d if d is not None and d.kind == DRAFT else None
        self.draft.show_draft(pick, self.view, self.answerable and pick is not None)

    def open_draft(self) -> None:
        """The View menu's: the draft's dialog, to pick or to look at."""
        if self.view is None:
            return
        self._fill_draft()
        self.draft.show()
        self.draft.raise_()

    def clan_choices(self) -> dict:
        """clan -> the option that names it (a pact offered, a censure, a hit
        given to a clan), outside the draft (its dialog picks)."""
        d = self.pending
        if d is None or d.kind == DRAFT or self.view is None:
            return {}
        return {o.value: o for o in d.options
                if isinstance(o.value, str) and o.value in self.view["clans"]}

    def _clan_clicked(self, clan: str) -> None:
        if not self.answerable:
            return
        option = self.clan_choices().get(clan)
        if option is not None:
            self._answer(option.value)

    def _pick(self, clan: str) -> None:
        if self.answerable and self.pending is not None and self.pending.kind == DRAFT:
            self._answer(clan)

    def _answer(self, value) -> None:
        """A pick made anywhere (the dialog, the map, a button) closes the
        dialog first: the next pick may be another player's, behind the screen."""
        if self.pending is not None and self.pending.kind == DRAFT:
            self.draft.hide()
        super()._answer(value)

    # ------------------------------------------------------------ hovering
    def describe(self, province: str) -> str:
        """A province as the status bar says it: who holds it and what stands there."""
        v = self.view
        if v is None:
            return ""
        row = next(r for r in v["provinces"] if r["id"] == province)
        names = self.controller.game.names
        clan = row["controller"]
        units = "; ".join(f"{names.get(c, c)} {style.units_text(u)}"
                          for c, u in row["units"].items())
        if clan is not None:
            head = f"{names.get(province, province)}: {names.get(clan, clan)}'s ({units})"
        elif list(row["units"]) == [NEUTRAL]:
            head = (f"{names.get(province, province)}: an Ikkō-ikki Stronghold "
                    f"({style.units_text(row['units'][NEUTRAL])})")
        elif row["units"]:
            head = f"{names.get(province, province)}: contested ({units})"
        else:
            head = f"{names.get(province, province)}: no one's"
        parts = [head]
        castle = row["castle"]
        if castle:
            what = "the Fortress" if castle["fortress"] else "a castle"
            parts.append(f"{what} of {names.get(castle['builder'], castle['builder'])}"
                         + (", fortified" if castle["fortified"] else ""))
        nanban = NANBAN_TRADE in v.get("variants", ())
        parts += [FLAG_WORDS[f] for f in row["flags"] if f in FLAG_WORDS
                  and (f != TRADING_POST or nanban)]
        home = self.map.homes().get(province)
        if home:
            parts.append(f"home of {names.get(home, home)}")
        for c, n in row.get("sown", {}).items():
            if n:
                parts.append(f"{n} Koku sown by {names.get(c, c)}")
        marks = row.get("unrest", ())
        if marks:
            parts.append(f"{len(marks)} Unrest marker(s): "
                         + ", ".join(names.get(c, c) for c in marks))
        return "; ".join(parts)

    def area_name(self, province: str) -> str:
        return self.controller.game.names.get(province, province)
