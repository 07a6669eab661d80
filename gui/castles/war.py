"""The war track [4.II]: the areas in the order the war resolves them (their
Large Castle Token, 2 to 12), each with its outcome once resolved: the
strengths, who took the large token and who the small one, the
reinforcements sent on; the area being resolved is marked. Read from the
seat's view and the events up to the state shown."""

from __future__ import annotations

from html import escape

from tenkatoitsu_gui.area.html import HtmlPanel, mark
from tenkatoitsu_gui.castles import style
from tenkatoitsu_gui.castles.board import holders
from tenkatoitsu_gui.castles.glyphs import printable

from tenkatoitsu.kinds.castles import events as ev


def outcomes(events) -> tuple[dict, dict]:
    """area -> its AreaResolved event; area -> reinforcements its winner sent."""
    resolved, sent = {}, {}
    for e in events:
        if isinstance(e, ev.AreaResolved):
            resolved[e.area] = e
        elif isinstance(e, ev.ReinforcementsSent):
            sent[e.frm] = sent.get(e.frm, 0) + e.n
    return resolved, sent


def war_html(view: dict, events, names_of: dict[str, str]) -> str:
    names = view["names"]
    colours = style.seat_colours(view)
    _, small = holders(view)
    resolved, sent = outcomes(events)
    done = set(view["resolved"])

    def who(p: str) -> str:
        return f"{mark(colours[p])} {escape(names.get(p, p))}"

    rows = []
    for a in sorted(view["areas"], key=lambda a: a["value"]):
        area = a["id"]
        e = resolved.get(area)
        sign, bg = ("⚔", "#f6d2d2") if area == view["resolving"] else \
            ("✓" if area in done else "", "")
        if e is not None and e.winner is None:
            what = "<i>nobody there: the token is removed</i>"
        elif e is not None:
            what = f"<b>{who(e.winner)}</b> (" + ", ".join(
                f"{escape(names.get(p, p))} {n}" for p, n in e.strengths.items()) + ")"
            if e.by_sword:
                what += " tie: the sword decides"
            if area in small:
                what += f"; small {small[area][1]} to {who(small[area][0])}"
            if sent.get(area):
                what += f"; sends {sent[area]} reinforcement(s)"
        else:
            what = "<i>to come</i>" if view["phase"] != "deployment" else ""
        style_bg = f" bgcolor='{bg}'" if bg else ""
        rows.append(f"<tr{style_bg}><td align=center>{sign}</td>"
                    f"<td align=right><b>{a['value']}</b></td>"
                    f"<td>{escape(names_of.get(area, area))}</td><td>{what}</td></tr>")
    head = "<tr><th></th><th>token</th><th align=left>castle</th><th align=left>outcome</th></tr>"
    return f"<table cellspacing=0 cellpadding=2>{head}{''.join(rows)}</table>"


class WarPanel(HtmlPanel):
    def __init__(self, scenario, parent=None):
        super().__init__(parent)
        self.names = {a.id: printable(a.name) for a in scenario.board}

    def show_view(self, view: dict, events) -> None:
        self.label.setText(war_html(view, events, self.names))
