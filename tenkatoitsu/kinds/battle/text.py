"""The battle as text: the terminal's status screen and hex grid (cut to a
terminal's width around the action), the odds of the combats a decision
offers [11.6], the lines of `show`, and the Battle Plan Log Sheet on one
line [10.3]."""

from __future__ import annotations

import textwrap
from contextlib import contextmanager
from fractions import Fraction

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.attacks import combats_in
from tenkatoitsu.kinds.battle.queries.combat_modifiers import Leadership
from tenkatoitsu.kinds.battle.queries.odds import TWO_D6, Odds, combat_odds
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.printer import span
from tenkatoitsu.kinds.battle.scenario_rules.betrayal_aid import betrayal_aid
from tenkatoitsu.kinds.battle.view import ASSUMED_HIDDEN_ORDER, HIDDEN, player_view

TERRAIN_MARK = {"clear": ".", "heights": "^", "woods": "w", "village": "v", "marsh": "~",
                "encampment": "e", "fortress": "#"}
ORDER_MARK = {"attack": "A", "movement": "M", "defense": "D", "regroup": "R", "hidden": "?"}
#: the terminal's width: the status screen's lines and a cut map fit in it
WIDTH = 100
#: a cut map's longest cell: a longer stack shows its first unit and +N more
CELL = 5
#: the decisions whose options are combats, and the Leadership declaration [11.6]
COMBAT_DECISIONS = ("attack-plan", "attack-step", "combat-order")
LEADERSHIP = "leadership"


# ---------------------------------------------------------------- terminal play

def status(game, side: str, decision=None, whole_map: bool = False) -> str:
    """The side's view of the battle: turn, VP, Honjins, the map, and every
    unit on it. The map is cut to WIDTH columns around the units and hexes
    `decision` names (else every unit on the map), unless `whole_map`."""
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
    out = [_wrapped(line) for line in out]
    if whole_map:
        out.append(text_map(game, v))
    else:
        out.append(text_map(game, v, focus_hexes(game, v, decision), WIDTH))
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
            out.append(_wrapped(f"   clan {cid} [{game.clan_side(cid)}] {c['order']}: {where}"))
    return "\n".join(out)


def _wrapped(text: str) -> str:
    """Each line of `text` folded to WIDTH, what follows on a line indented."""
    return "\n".join(
        "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent="      ", break_on_hyphens=False))
        if len(line) > WIDTH else line for line in text.split("\n"))


def betrayal_line(game, aid) -> str:
    """[21.4.2] [21.4.3] the Betrayal Aid in two lines: each family's chits
    (boxes toward Loyal! / toward Treason!) or the side it joined (or
    neutral), and the Diplomacy markers."""
    fams = " ".join(f"{r.family}:{r.loyal}/{r.loyal_of}<>{r.treason}/{r.treason_of}"
                    if r.joined is None else f"{r.family}={r.joined}" for r in aid.families)
    return (f"   Betrayal Aid (Loyal! <> Treason!): {fams}\n"
            f"   Diplomacy: {aid.draws} chits drawn this turn; Loyalty chits "
            f"{aid.markers[aid.west]}, Treason chits {aid.markers[aid.east]}")


def text_map(game, view: dict, focus: list[Hex] | None = None, width: int | None = None) -> str:
    """A compact grid, one cell per hex (columns across, rows down; odd and
    even columns are staggered on the real map): a unit id, or a terrain mark
    (. clear ^ heights w woods v village ~ marsh # fortress), the order's
    initial after an id (A M D R, ? hidden). With `width`, the grid keeps to
    that many characters a line: the columns round the `focus` hexes that
    fit, a stack too long for a cell as its first unit and +N more, and a
    first line that says which columns are shown."""
    mp = game.scenario.map
    at: dict[str, list[str]] = {}
    for u in view["units"]:
        if u["hex"] is not None:
            order = view["clans"][u["clan"]]["order"]
            at.setdefault(u["hex"], []).append(u["id"] + ORDER_MARK.get(order, ""))
    cells = {h: _stack(ids, width is not None) for h, ids in at.items()}
    cell = max([4] + [len(c) for c in cells.values()]) + 1
    first, last = 1, mp.width
    lines = []
    if width is not None:
        fit = max(1, (width - 5) // cell)
        if fit < mp.width:
            first = _window([h.col for h in focus or ()], fit, mp.width)
            last = first + fit - 1
            lines.append(f"     map columns {first:02d}-{last:02d} of 01-{mp.width:02d}, rows "
                         f"01-{mp.height:02d} (m: the whole map)")
    columns = range(first, last + 1)
    lines.append("     " + "".join(f"{c:02d}".ljust(cell) for c in columns).rstrip())
    for r in range(1, mp.height + 1):
        row = []
        for c in columns:
            h = Hex.from_colrow(c, r)
            row.append(cells.get(h.id) or TERRAIN_MARK.get(game.map.terrain_at(h), "?"))
        lines.append(f"  {r:02d} " + "".join(x.ljust(cell) for x in row).rstrip())
    return "\n".join(lines)


def _stack(ids: list[str], short: bool) -> str:
    whole = "+".join(ids)
    return f"{ids[0]}+{len(ids) - 1}" if short and len(whole) > CELL else whole


def _window(cols: list[int], fit: int, total: int) -> int:
    """The first of `fit` columns out of `total` that show the most of `cols`
    (centred on them when there are none to choose between)."""
    last_start = total - fit + 1
    if not cols:
        return 1
    centre = (min(cols) + max(cols)) / 2

    def score(start: int):
        shown = sum(start <= c < start + fit for c in cols)
        return (-shown, abs(start + (fit - 1) / 2 - centre))

    return min(range(1, last_start + 1), key=score)


def focus_hexes(game, view: dict, decision) -> list[Hex]:
    """Where the action is: the hexes of the units, clans and hexes the
    decision's options (and context) name; else of every unit on the map."""
    where = {u["id"]: u["hex"] for u in view["units"] if u["hex"] is not None}
    by_clan: dict[str, list[str]] = {}
    for u in view["units"]:
        if u["hex"] is not None:
            by_clan.setdefault(u["clan"], []).append(u["hex"])
    names: set[str] = set()
    if decision is not None:
        for o in decision.options:
            names |= _atoms(o.value)
        names |= _atoms(list(decision.context.values()))
    hexes: list[str] = []
    for n in sorted(names):
        if n in where:
            hexes.append(where[n])
        elif n in by_clan:
            hexes += by_clan[n]
        elif _on_the_map(game.scenario.map, n):
            hexes.append(n)
    return [Hex.from_id(h) for h in (hexes or list(where.values()))]


def _on_the_map(mp, hid: str) -> bool:
    if not (len(hid) == 4 and hid.isascii() and hid.isdigit()):
        return False
    return 1 <= int(hid[:2]) <= mp.width and 1 <= int(hid[2:]) <= mp.height


def _atoms(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, (list, tuple)):
        return set().union(*(_atoms(v) for v in value)) if value else set()
    return set()


# ---------------------------------------------------------------- the odds of combats [11.6]

@contextmanager
def orders_as_seen(game, side: str):
    """[5.3] the position as `side` sees it: each opponent clan whose order
    is hidden from it stands in ASSUMED_HIDDEN_ORDER while the block runs;
    the real orders are put back after, and nothing is emitted."""
    view = player_view(game, side)
    clans = game.state.clans
    saved = {cid: clans[cid].order for cid, c in view["clans"].items() if c["order"] == HIDDEN}
    try:
        for cid in saved:
            clans[cid].order = ASSUMED_HIDDEN_ORDER
        yield set(saved)
    finally:
        for cid, order in saved.items():
            clans[cid].order = order


def combat_notes(game, decision, side: str, detail: bool = False) -> dict[int, str]:
    """The exact odds of every combat an option of `decision` proposes, by
    option index: a line a combat (what the defender and the attacker risk,
    the value for the attacker), or with `detail` the modifiers and every
    result with its probability. Only what `side` may see: an order hidden
    from it counts as ASSUMED_HIDDEN_ORDER."""
    if decision.kind == LEADERSHIP:
        return _leadership_notes(game, decision, side, detail)
    if decision.kind not in COMBAT_DECISIONS:
        return {}
    combats = {i: combats_in(o.value) for i, o in enumerate(decision.options)}
    every = sorted({a for cs in combats.values() for atk, _ in cs for a in atk})
    bonus = set(decision.context.get("totsugeki", ()))  # [10.4.1]
    out = {}
    with orders_as_seen(game, side) as hidden:
        for i, cs in combats.items():
            if not cs:
                continue
            fighting = every if decision.kind == "combat-order" else \
                sorted({a for atk, _ in cs for a in atk})
            notes = []
            for atk, dfn in cs:
                if not atk:
                    notes.append(f"{'+'.join(dfn)} is not attacked")
                    continue
                odds = combat_odds(game, list(atk), list(dfn), totsugeki=bool(bonus & set(atk)),
                                   fighting=fighting)
                notes.append(_odds_text(game, atk, dfn, odds, hidden, detail, "before Leadership"))
            out[i] = "\n".join(notes)
    return out


def _leadership_notes(game, decision, side: str, detail: bool) -> dict[int, str]:
    """[11.6] the odds of the combat with each declaration (and the
    attacker's, already made, when the defender declares)."""
    ctx = decision.context
    atk, dfn, role = ctx.get("attackers"), ctx.get("defenders"), ctx.get("role")
    if not atk or not dfn or role not in ("attacker", "defender"):
        return {}
    declared = _leader(game, ctx.get("attacker_leader"))
    out = {}
    with orders_as_seen(game, side) as hidden:
        for i, o in enumerate(decision.options):
            mine = _leader(game, o.value)
            if mine is None:
                continue
            a_lead, d_lead = (mine, None) if role == "attacker" else (declared, mine)
            odds = combat_odds(game, list(atk), list(dfn), totsugeki=bool(ctx.get("totsugeki")),
                               fighting=ctx.get("fighting"), attacker_leader=a_lead,
                               defender_leader=d_lead)
            note = "before the defender's Leadership" if role == "attacker" else ""
            out[i] = _odds_text(game, atk, dfn, odds, hidden, detail, note)
    return out


def _leader(game, pair) -> Leadership | None:
    if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in game.state.units):
        return None
    return Leadership(pair[0], game.lead(pair[0]), m.Die(pair[1]))


def _pct(p: Fraction) -> str:
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    x = float(p) * 100
    return "<1%" if x < 1 else (">99%" if x > 99 else f"{x:.0f}%")


def _odds_text(game, atk, dfn, odds: Odds, hidden: set[str], detail: bool, note: str) -> str:
    def chance(pred) -> Fraction:
        return odds.probability(pred)

    def hurt(loss) -> bool:
        return loss is not None and any(h.steps or h.eliminated for h in (loss.first, loss.others))

    title = f"{'+'.join(atk)} vs {'+'.join(dfn)}"
    unseen = sorted({game.state.units[u].clan for u in (*atk, *dfn)} & hidden)
    assumed = (f" (order of clan {', '.join(unseen)} hidden: {ASSUMED_HIDDEN_ORDER.value} "
               "assumed)") if unseen else ""
    if not detail:
        d_steps = chance(lambda r: hurt(r.defender))
        d_retreat = chance(lambda r: r.defender is not None and
                           (r.defender.first.retreat or r.defender.others.retreat))
        d_elim = chance(lambda r: r.defender is not None and
                        (r.defender.first.eliminated or r.defender.others.eliminated))
        a_loss = chance(lambda r: r.attacker is not None)
        return (f"{title}: defender loses steps {_pct(d_steps)} / retreats {_pct(d_retreat)} "
                f"/ a unit {_pct(d_elim)}; attacker loses {_pct(a_loss)}; value "
                f"{odds.value:+.2f}{assumed}")
    bd = odds.breakdown
    sup = f" (support: {', '.join(odds.supports)})" if odds.supports else ""
    out = [f"{title}{sup}: blue {bd.blue:+d}, red {bd.red:+d}"
           + (f", {note}" if note else "") + assumed + " [11.6]"]
    rows = [(f"{ln.label} [{ln.rule}]", ln.blue, ln.red) for ln in bd.lines]
    wide = max([20] + [len(r[0]) for r in rows])
    out += [f"    {label:{wide}}  blue {b:+d}  red {r:+d}" for label, b, r in rows]
    throws = sum(TWO_D6.values()) ** 2
    out.append("  results (2D6 blue and red, exact), best for the attacker first:")
    out += [f"    {text:8} {float(p) * 100:5.1f}%  ({p * throws}/{throws})"
            for text, p in odds.results]
    out.append(f"  value for the attacker {odds.value:+.2f}: the steps the defender may expect "
               "to lose less the attacker's\n  (a unit eliminated counts 4, a retreat 1/2, the "
               "units besides the first 3/4)")
    return "\n".join(out)


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
