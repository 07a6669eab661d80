"""The tactic display [3.3]: the cards face up with their text, struck
through once locked (a player has placed every piece [4.I]); the cards the
players have played; with the daimyo variant, each player's daimyo card
[5.D]. A rule id is a link to the rule's summary."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Signal
from tenkatoitsu_gui.area.html import HtmlPanel, mark, rule_link
from tenkatoitsu_gui.castles import style


def _card(card, extra: str = "", dim: bool = False, play: str | None = None) -> str:
    colour = "#8a8578" if dim else "#2b2118"
    button = f" <a href='play:{escape(play)}'><b>▶ play</b></a>" if play else ""
    return (f"<p style='margin:2px 0 6px 0; color:{colour}'><b>{escape(card.name)}</b> "
            f"{rule_link(card.rule)}{extra}{button}<br>{escape(card.text)}</p>")


def cards_html(view: dict, scenario, playable: dict[str, str] | None = None) -> str:
    """`playable`: card id -> the answer that plays it, for the player to choose now."""
    playable = playable or {}
    tactics = {c.id: c for c in scenario.tactics}
    daimyo = {c.id: c for c in scenario.daimyo}
    names = view["names"]
    colours = style.seat_colours(view)
    out = []
    if view["locked"] and view["phase"] == "deployment":
        out.append("<p style='color:#9b1c1c'><b>Locked</b>: a player has placed every piece; "
                   f"no more cards may be played {rule_link('4.I')}.</p>")
    if view["display"]:
        out.append("<h4 style='margin:2px 0'>Tactic display</h4>")
        out += [_card(tactics[c], dim=view["locked"], play=playable.get(c))
                for c in view["display"] if c in tactics]
    elif view["phase"] != "deployment":
        out.append("<p><i>The cards left in the display were discarded when the "
                   "deployment ended.</i></p>")
    played = [(p, c) for p in view["players"] for c in view["tactics_used"].get(p, ())]
    if played:  # their text is in the rule's summary
        out.append("<p style='margin:6px 0 2px 0; color:#5a5246'><b>Played</b>: " + ", ".join(
            f"{escape(tactics[c].name)} {rule_link(tactics[c].rule)} "
            f"({mark(colours[p])} {escape(names.get(p, p))})"
            for p, c in played if c in tactics) + "</p>")
    if view["daimyo_cards"]:
        out.append(f"<h4 style='margin:6px 0 2px 0'>Daimyo cards {rule_link('5.D')}</h4>")
        for p, c in view["daimyo_cards"].items():
            if c in daimyo:
                used = " (used)" if view["daimyo_used"].get(p) else ""
                who = f" — {mark(colours[p])} {escape(names.get(p, p))}{used}"
                out.append(_card(daimyo[c], who, dim=bool(used) or view["locked"],
                                 play=playable.get(c) if p == view["current"] else None))
    return "".join(out)


class CardsPanel(HtmlPanel):
    playClicked = Signal(str)  # the answer that plays a card

    def __init__(self, scenario, parent=None):
        super().__init__(parent)
        self.scenario = scenario

    def show_view(self, view: dict, playable: dict[str, str] | None = None) -> None:
        self.label.setText(cards_html(view, self.scenario, playable))

    def _link(self, url: str) -> None:
        what, _, rest = url.partition(":")
        (self.playClicked if what == "play" else self.ruleClicked).emit(rest)
