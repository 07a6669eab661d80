"""The battle as text: the terminal's status screen and hex grid, the lines
of `show`, and the Battle Plan Log Sheet on one line [10.3]."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.printer import span
from tenkatoitsu.kinds.battle.scenario_rules.betrayal_aid import betrayal_aid
from tenkatoitsu.kinds.battle.view import player_view

TERRAIN_MARK = {"clear": ".", "heights": "^", "woods": "w", "village": "v", "marsh": "~",
                "encampment": "e", "fortress": "#"}
ORDER_MARK = {"attack": "A", "movement": "M", "defense": "D", "regroup": "R", "hidden": "?"}


# ---------------------------------------------------------------- terminal play

def status(game, side: str) -> str:
    """The side's view of the battle: turn, VP, Honjins, and every unit on the map."""
    v = player_view(game, side)
    names = {s: game.side_defs[s].name for s in game.side_ids}
    tags = [f"turn {v['turn']}"] + (["night"] if v["night"] else []) + \
        (["fatigue"] if v["fatigue"] else [])
    out = [f"== {', '.join(tags)}; VP " + ", ".join(f"{names[s]} {n}" for s, n in v["vp"].items())
           + f"; Bowl: {v['bowl']['count']} chits (viewer: {names[side]})"]
    for s, h in v["honjins"].items():
        delay = " ".join(f"{i + 1}:[{','.join(c.removeprefix('clan:') for c in box)}]"
                         for i, box in enumerate(h["delay"]))
        reserve = ",".join(c.removeprefix("clan:") for c in h["reserve"])
        out.append(f"   {names[s]}: Reserve [{reserve}] Delay {delay}")
    aid = betrayal_aid(game, game.events)
    if aid is not None:
        out.append(betrayal_line(game, aid))
    out.append(text_map(game, v))
    by_clan: dict[str, list[str]] = {}
    for u in v["units"]:
        if u["hex"] is None:
            continue
        state = game.state_name(u["id"]) if u["steps_lost"] else ""
        by_clan.setdefault(u["clan"], []).append(f"{u['id']}@{u['hex']}" + (f"({state})" if state
                                                                             else ""))
    for cid, c in v["clans"].items():
        units = by_clan.get(cid)
        if units or c["off_map"]:
            where = " ".join(units or []) or "off the map"
            out.append(f"   clan {cid} [{game.clan_side(cid)}] {c['order']}: {where}")
    return "\n".join(out)


def betrayal_line(game, aid) -> str:
    """[21.4.2] [21.4.3] the Betrayal Aid in two lines: each family's chits
    (boxes toward Loyal! / toward Treason!) or the side it joined (or
    neutral), and the Diplomacy markers."""
    fams = " ".join(f"{r.family}:{r.loyal}/{r.loyal_of}<>{r.treason}/{r.treason_of}"
                    if r.joined is None else f"{r.family}={r.joined}" for r in aid.families)
    return (f"   Betrayal Aid (Loyal! <> Treason!): {fams}\n"
            f"   Diplomacy: {aid.draws} chits drawn this turn; Loyalty chits "
            f"{aid.markers[aid.west]}, Treason chits {aid.markers[aid.east]}")


def text_map(game, view: dict) -> str:
    """A compact grid, one cell per hex (columns across, rows down; odd and
    even columns are staggered on the real map): a unit id, or a terrain mark
    (. clear ^ heights w woods v village ~ marsh # fortress), the order's
    initial after an id (A M D R, ? hidden)."""
    mp = game.scenario.map
    at = {}
    for u in view["units"]:
        if u["hex"] is not None:
            order = view["clans"][u["clan"]]["order"]
            at.setdefault(u["hex"], []).append(u["id"] + ORDER_MARK.get(order, ""))
    width = max([4] + [len("+".join(x)) for x in at.values()]) + 1
    lines = ["     " + "".join(f"{c:02d}".ljust(width) for c in range(1, mp.width + 1)).rstrip()]
    for r in range(1, mp.height + 1):
        cells = []
        for c in range(1, mp.width + 1):
            h = Hex.from_colrow(c, r)
            units = at.get(h.id)
            cell = "+".join(units) if units else TERRAIN_MARK.get(game.map.terrain_at(h), "?")
            cells.append(cell.ljust(width))
        lines.append(f"  {r:02d} " + "".join(cells).rstrip())
    return "\n".join(lines)


# ---------------------------------------------------------------- check and show

def summary(doc: m.Document) -> str:
    """What `check` says after "FILE: ok: "."""
    if isinstance(doc, m.RulesDoc):
        lib = doc.library
        parts = [f"{len(lib.tables)} tables"]
        if lib.crt:
            parts.append(f"CRT {len(lib.crt.rows)}x{len(lib.crt.columns)}")
        parts.append(f"{len(lib.battle_plans)} battle plans")
        parts.append(f"{len(lib.siege_maps)} siege maps")
        return f"rules \"{doc.name}\": " + ", ".join(parts)
    hexes = doc.map.width * doc.map.height if doc.map else 0
    clans = sum(1 for _ in doc.clans())
    units = sum(1 for _ in doc.units())
    return f"\"{doc.name}\": {hexes} hexes, {len(doc.sides)} sides, {clans} clans, {units} units"


def show_lines(doc: m.Document) -> list[str]:
    """`show`: sides, clans with orders, units, turn track, variants."""
    if isinstance(doc, m.RulesDoc):
        return [f"  battle plan {bp.id}: {bp.name}" for bp in doc.library.battle_plans]
    out = [f"{doc.name}"]
    if doc.scale:
        out.append(f"  scale: {doc.scale}")
    t = doc.turns
    night = ", ".join(span(s) for s in t.night) or "none"
    fatigue = ", ".join(span(s) for s in t.fatigue) or "none"
    out.append(f"  turns {t.first}-{t.last}, start {t.start_turn}; night {night}; "
               f"fatigue {fatigue}")
    out.append(f"  map {doc.map.width} x {doc.map.height}, {len(doc.map.fortresses)} fortress(es), "
               f"{len(doc.map.entries)} entry arrow(s)")
    if doc.variants:
        out.append("  variants:")
        for v in doc.variants:
            tags = []
            if v.group:
                tags.append(f"group {v.group}")
            if v.is_default:
                tags.append("default")
            out.append(f"    {v.id}: {v.title or ''}" + (f" ({', '.join(tags)})" if tags else ""))
    for side in doc.sides:
        st = side.so_taisho.unit if side.so_taisho else "none"
        plan = "active" if side.plan.active else f"inactive (modifier {side.plan.modifier:+d})"
        out.append(f"  side {side.id}: {side.name}; Sō-taishō {st}; battle plan {plan}")
        for cl in side.clans:
            extra = []
            if cl.entry:
                extra.append(f"enters at {cl.entry}")
            if cl.chit:
                extra.append(cl.chit)
            if cl.only:
                extra.append(f"only in {cl.only}")
            extra += list(cl.flags)
            out.append(f"    clan {cl.id} {cl.name}: {cl.order.value}"
                       + (f" ({', '.join(extra)})" if extra else ""))
            for u in cl.units:
                lead = "X" if u.lead_x else str(u.lead)
                mark = " Sō-taishō" if u.so_taisho else (" Taishō" if u.taisho else "")
                where = u.hex.id if u.hex else "off-map"
                out.append(f"      {u.id:6} {u.name:28} E{u.elan} M{u.mass} F{u.fire} L{lead} "
                           f"at {where}{mark}")
    return out


def sheet_line(sheet: dict) -> str:
    """The Battle Plan Log Sheet [10.3] on one line."""
    if not sheet["plan"]:
        return "no battle plan"
    state = "active" if sheet["active"] else f"inactive, {sheet['cp_saved']} CP saved"
    used = "; ".join(f"{u['tactic']} {'+'.join(u['clans'])} turn {u['turn']}" for u in sheet["used"])
    left = ", ".join(f"{t} {n}" for t, n in sheet["tactics_left"].items())
    return f"plan {sheet['name']} ({state}); used: {used or 'none'}; left: {left or 'none'}"
