"""The shogun part of the game-over summary: each colour set's provinces,
castles and surviving armies at the end [SC-23], and the battles fought.
A finished game keeps no secret."""

from __future__ import annotations

from html import escape

from tenkatoitsu_gui.area.html import mark, rule_link
from tenkatoitsu_gui.shogun import style

from tenkatoitsu.kinds.shogun import events as ev


def standings_html(view: dict, names: dict[str, str]) -> str:
    colours = style.house_colours(view)
    rows = []
    for h in sorted(view["houses"], key=lambda h: -view["counts"][h]):
        held = [p for p in view["provinces"] if p["owner"] == h]
        castles = sum(1 for p in held if p["castle"])
        armies = ", ".join(f"army {a['number']} (level {a['level']})" for a in view["armies"]
                           if a["house"] == h and a["at"]) or "none"
        out = " (out)" if h in view["eliminated"] else ""
        rows.append(f"<tr><td>{mark(colours[h])} "
                    f"<b>{escape(names.get(h, h))}</b>{out}</td>"
                    f"<td align=right><b>{view['counts'][h]}</b></td>"
                    f"<td align=right>{castles}</td><td>{escape(armies)}</td></tr>")
    head = ("<tr><th align=left>colour set</th><th>provinces</th><th>castles</th>"
            "<th align=left>armies left</th></tr>")
    return f"<table cellspacing=4>{head}{''.join(rows)}</table>"


def battles_html(events, names: dict[str, str]) -> str:
    fought = won = 0
    for e in events:
        if isinstance(e, ev.BattleEnded):
            fought += 1
            won += e.success
    return (f"<p>{fought} battle(s) fought, {won} of them emptied the province attacked "
            f"{rule_link('SC-17.7')}.</p>")


def summary_sections(kind, game) -> list[tuple[str, str]]:
    view = kind.view(game, None)
    names = dict(game.names)
    return [("Provinces at the end", standings_html(view, names)),
            ("Battles", battles_html(game.events, names))]
