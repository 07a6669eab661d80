"""A side's Honjin [2.3]: the Reserve box with its clan chits, the Delay Track
boxes 1-4 [9.1], the clans' Orders (hidden ones as ?) [5.3], the Battle Plan
Log Sheet with its tactics left and used [10], the CP of the turn and those
saved toward the plan [10.2], and the Bundori [9.2]. What the viewer may not
see (the opponent's plan, CP) comes from tenkatoitsu.kinds.battle.view."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget
from tenkatoitsu_gui.battle.chits import chit_html, chits_html

from tenkatoitsu.kinds.battle.view import HIDDEN, GameAt, player_view


def honjin_info(game, state, side: str, viewer: str | None, reveal_all: bool) -> dict:
    """The Honjin as `viewer` sees it, now or at a past `state` (all of it once
    the game is over or for a spectator)."""
    if not reveal_all and viewer is not None:
        pv = player_view(game if state is game.state else GameAt(game, state), viewer)
        info = dict(pv["honjins"][side])
        info["orders"] = {c: v["order"] for c, v in pv["clans"].items() if v["side"] == side}
        info["bundori"] = state.bundori.get(side, 0)
        return info
    h = state.honjins[side]
    return {"reserve": list(h.reserve), "delay": [list(b) for b in h.delay], "plan": h.plan,
            "plan_active": h.plan_active, "plan_cp": h.plan_cp, "cp": h.cp,
            "tactics_used": [{"tactic": t.tactic, "clans": list(t.clans), "turn": t.turn}
                             for t in h.tactics_used],
            "orders": {c.id: c.order.value for c in state.clans.values() if c.side == side},
            "bundori": state.bundori.get(side, 0)}


def honjin_html(game, state, side: str, viewer: str | None, reveal_all: bool) -> str:
    info = honjin_info(game, state, side, viewer, reveal_all)
    sd = game.side_defs[side]
    st = f" — Sō-taishō {sd.so_taisho.unit}" if sd.so_taisho else ""
    out = [f"<h3>{escape(sd.name)}{st}</h3>"]
    cp = info["cp"]
    out.append(f"<p>CP this turn: <b>{cp if cp != HIDDEN else '?'}</b> &nbsp; "
               f"Bundori: <b>{info['bundori']}</b></p>")
    out.append(f"<p><b>Reserve box</b><br>{chits_html(game, info['reserve'])}</p>")
    boxes = "".join(f"<tr><td>Delay {i + 1}</td><td>{chits_html(game, box)}</td></tr>"
                    for i, box in enumerate(info["delay"]))
    out.append(f"<p><b>Delay Track</b></p><table cellspacing=3>{boxes}</table>")
    rows = []
    for cid, order in info["orders"].items():
        cs = state.clans[cid]
        name = escape(game.clan_defs[cid].name)
        where = " (off the map)" if cs.off_map else ""
        rows.append(f"<tr><td>{chit_html(game, 'clan:' + cid)}</td><td>{name}{where}</td>"
                    f"<td><b>{'?' if order == HIDDEN else order}</b></td></tr>")
    out.append(f"<p><b>Clans and Orders</b></p><table cellspacing=3>{''.join(rows)}</table>")
    out.append(plan_html(game, info))
    return "".join(out)


def plan_html(game, info: dict) -> str:
    """The Battle Plan Log Sheet [10.3]: tactics with how many are left."""
    plan = info["plan"]
    active = "active" if info["plan_active"] else "not yet active"
    saved = info["plan_cp"]
    head = (f"<p><b>Battle plan</b> ({active}; CP saved toward it: "
            f"{saved if saved != HIDDEN else '?'})</p>")
    if plan is None:
        return head + "<p><i>no plan chosen yet</i></p>"
    if plan == HIDDEN:
        return head + "<p><i>secret until a tactic reveals it [10.1]</i></p>"
    sheet = next((p for p in game.scenario.battle_plans() if p.id == plan), None)
    used: dict[str, int] = {}
    for t in info["tactics_used"]:
        used[t["tactic"]] = used.get(t["tactic"], 0) + 1
    if sheet is None:
        rows = ""
        name = plan
    else:
        name = sheet.name
        rows = "".join(
            f"<tr><td>{escape(t.name)}</td><td>{t.count - used.get(t.name, 0)} left</td>"
            f"<td>{used.get(t.name, 0)} used</td>"
            f"<td>{'' if t.cost is None else f'{t.cost} CP'}</td></tr>"
            for t in sheet.tactics)
        rows += "".join(f"<tr><td>{escape(a.name)}</td><td>{'' if a.count is None else a.count}"
                        f"</td><td colspan=2>ability</td></tr>" for a in sheet.abilities)
    log = "".join(f"<li>turn {t['turn']}: {escape(t['tactic'])} ({', '.join(t['clans'])})</li>"
                  for t in info["tactics_used"])
    return (head + f"<p>{escape(name)}</p><table cellspacing=3>{rows}</table>"
            + (f"<p>Log:</p><ul>{log}</ul>" if log else ""))


class HonjinPanel(QScrollArea):
    def __init__(self, side: str, parent=None):
        super().__init__(parent)
        self.side = side
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(self.label.textFormat().RichText)
        inner = QWidget()
        lay = QVBoxLayout(inner)
        lay.addWidget(self.label)
        lay.addStretch(1)
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setMinimumWidth(260)

    def show_state(self, game, state, viewer, reveal_all) -> None:
        self.label.setText(honjin_html(game, state, self.side, viewer, reveal_all))
