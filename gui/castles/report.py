"""The castles part of the game-over summary: the final score table (castle
tokens taken with their values, the sword tokens, the winner and how a tie
was broken [6]) and the war area by area [4.II], from the seat's view and
the events."""

from __future__ import annotations

from html import escape

from tenkatoitsu_gui.area.html import mark, rule_link
from tenkatoitsu_gui.castles import style
from tenkatoitsu_gui.castles.glyphs import printable
from tenkatoitsu_gui.castles.war import war_html

from tenkatoitsu.kinds.castles.state import SMALL


def standings(view: dict) -> list[str]:
    """The players as the result ranks them: score, then sword [6] (the
    engine's order, read back from the scores and swords it reports)."""
    return sorted(view["players"], key=lambda p: (view["scores"][p], view["sword"].get(p) or 0),
                  reverse=True)


def tie_text(view: dict) -> str:
    names = view["names"]
    ranked = standings(view)
    best = view["scores"][ranked[0]]
    tied = [p for p in ranked if view["scores"][p] == best]
    if view["winner"] is None:
        return (f"A draw: {', '.join(escape(names[p]) for p in tied)} tie on {best} points "
                f"and the swords do not part them {rule_link('6')}.")
    w = escape(names[view["winner"]])
    if len(tied) == 1:
        second = view["scores"][ranked[1]] if len(ranked) > 1 else 0
        return f"<b>{w}</b> wins with {best} points ({best - second} ahead) {rule_link('6')}."
    swords = ", ".join(f"{escape(names[p])} {view['sword'].get(p) or '—'}" for p in tied)
    return (f"<b>{w}</b> wins: {len(tied)} players tie on {best} points and the higher "
            f"sword token breaks the tie (swords: {swords}) {rule_link('6')}.")


def scores_html(view: dict, area_names: dict[str, str]) -> str:
    names = view["names"]
    colours = style.seat_colours(view)
    rows = []
    for rank, p in enumerate(standings(view), 1):
        claims = view["won"].get(p, ())
        large = [f"{escape(area_names.get(a, a))} {v}" for a, v, size in claims if size != SMALL]
        small = [f"{escape(area_names.get(a, a))} {v}" for a, v, size in claims if size == SMALL]
        c = colours[p]
        rows.append(
            f"<tr><td>{rank}</td><td>{mark(c)} "
            f"<b>{escape(names.get(p, p))}</b></td>"
            f"<td align=right><b>{view['scores'][p]}</b></td>"
            f"<td>{', '.join(large) or '—'}</td>"
            + (f"<td>{', '.join(small) or '—'}</td>" if view["small_castles"] else "")
            + f"<td align=center>{view['sword'].get(p) or '—'}</td></tr>")
    small_head = "<th align=left>small castles</th>" if view["small_castles"] else ""
    head = (f"<tr><th></th><th align=left>player</th><th>points</th>"
            f"<th align=left>large castles</th>{small_head}<th>sword</th></tr>")
    return (f"<table cellspacing=4>{head}{''.join(rows)}</table>"
            f"<p>{tie_text(view)}</p>")


def summary_sections(kind, game, viewer) -> list[tuple[str, str]]:
    view = kind.view(game, viewer)
    area_names = {a.id: printable(a.name) for a in game.scenario.board}
    return [("Final scores", scores_html(view, area_names)),
            ("The war, castle by castle", war_html(view, game.events, area_names))]
