"""The battle's part of the game-over summary: each side's losses (units
eliminated with their Elan, steps lost by the units still in play, leaders
killed, Bundori taken) and the key events turn by turn (eliminations, leaders
killed, routs, plans revealed, betrayals, sieges, VP not earned by an
elimination), read from the state and the events the viewer may read."""

from __future__ import annotations

from html import escape

from tenkatoitsu_gui.battle.victory import rule_link, side_name

from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import siege_events as sev
from tenkatoitsu.kinds.battle.game import STATE_NAMES
from tenkatoitsu.kinds.battle.scenario_rules.sekigahara_betrayal import ClanJoined

KEY = (ev.UnitEliminated, ev.LeaderKilled, ev.RoutTested, ev.PlanRevealed, ev.VictoryPoints,
       ClanJoined, sev.SiegeBegan, sev.SiegeEnded, ev.GameEnded)
QUIET_ROUT = "nothing"  # a rout test passed [11.11]


def losses_html(game) -> str:
    st = game.state
    rows = {"Units eliminated": {}, "Elan lost": {}, "Steps lost by units in play": {},
            "Leaders killed": {}, "Bundori taken": {}}
    by_state: dict[str, dict[str, int]] = {s: {} for s in game.side_ids}
    for s in game.side_ids:
        units = [u for u in st.units.values() if st.clans[u.clan].side == s]
        gone = [u.id for u in units if u.eliminated]
        rows["Units eliminated"][s] = f"{len(gone)}" + (f" ({', '.join(gone)})" if gone else "")
        rows["Elan lost"][s] = str(st.elan_eliminated.get(s, 0))
        alive = [u for u in units if not u.eliminated]
        rows["Steps lost by units in play"][s] = str(sum(u.steps_lost for u in alive))
        killed = [u.id for u in units if u.leader_killed]
        rows["Leaders killed"][s] = f"{len(killed)}" + (f" ({', '.join(killed)})" if killed
                                                        else "")
        rows["Bundori taken"][s] = str(st.bundori.get(s, 0))
        for u in alive:
            if u.steps_lost:
                name = STATE_NAMES[u.steps_lost]
                by_state[s][name] = by_state[s].get(name, 0) + 1
    head = "".join(f"<th>{escape(side_name(game, s))}</th>" for s in game.side_ids)
    body = "".join(f"<tr><td>{what}</td>" + "".join(f"<td>{escape(v[s])}</td>"
                                                    for s in game.side_ids) + "</tr>"
                   for what, v in rows.items())
    worn = "".join(f"<td>{', '.join(f'{n} {k}' for k, n in by_state[s].items()) or '—'}</td>"
                   for s in game.side_ids)
    return (f"<table cellspacing=6><tr><th></th>{head}</tr>{body}"
            f"<tr><td>Units worn {rule_link('4.3')}</td>{worn}</tr></table>")


def key_events(game, viewer: str | None) -> list[tuple[int, object, str]]:
    """(turn, event, extra) of the key events the viewer may read; a VP award
    for an elimination is folded into the elimination's line."""
    out: list[tuple[int, object, str]] = []
    turn = game.scenario.turns.start_turn
    last = None
    for e in game.events:
        if isinstance(e, ev.TurnStarted):
            turn = e.turn
        if not e.visible_to(viewer):
            continue
        if isinstance(e, ev.VictoryPoints) and isinstance(last, ev.UnitEliminated):
            t, elim, _ = out[-1]
            out[-1] = (t, elim, f"{side_name(game, e.side)} +{e.vp} VP")
        elif isinstance(e, KEY) and not (isinstance(e, ev.RoutTested)
                                         and e.result == QUIET_ROUT):
            out.append((turn, e, ""))
        last = e
    return out


def events_html(game, viewer: str | None) -> str:
    rows = []
    for turn, e, extra in key_events(game, viewer):
        more = f" ({escape(extra)})" if extra else ""
        rows.append(f"<tr><td>turn {turn}</td><td>{rule_link(e.rule)}</td>"
                    f"<td>{escape(e.text())}{more}</td></tr>")
    if not rows:
        return "<p>None.</p>"
    return f"<table cellspacing=3>{''.join(rows)}</table>"


def summary_sections(game, viewer: str | None) -> list[tuple[str, str]]:
    return [("Losses", losses_html(game)), ("Key events", events_html(game, viewer))]
