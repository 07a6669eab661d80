"""Checks of the victory block [17]: sides, units, clans, fortresses and
hexes named by automatic victories, VP sources and victory levels."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.hexmap import Grid, Hex
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.setup import printable
from tenkatoitsu.kinds.battle.scenario.validate.map import on_map


def check_condition(c: Checker, s: m.Scenario, cond: m.Condition):
    units = {u.id for _, _, u in s.units()}
    clans = {cl.id for _, cl in s.clans()}
    sides = {sd.id for sd in s.sides}
    forts = {f.id for f in s.map.fortresses}
    if cond.kind == "leader-killed" and cond.args[0] not in units:
        c.unknown("unit", cond.args[0], units, cond.pos)
    if cond.kind == "eliminated":
        for cid in cond.args:
            if cid not in clans:
                c.unknown("clan", cid, clans, cond.pos)
    if cond.kind in ("controls", "holds") and cond.args[0] not in sides:
        c.unknown("side", cond.args[0], sides, cond.pos)
    if cond.kind == "holds":
        on_map(c, Grid(s.map.width, s.map.height), cond.args[1], cond.pos)
    if cond.kind in ("controls", "unit-in") and cond.args[1] not in forts:
        c.unknown("fortress", cond.args[1], forts, cond.pos)
    if cond.kind == "unit-in" and cond.args[0] not in units:
        c.unknown("unit", cond.args[0], units, cond.pos)


#: VP sources the game counts only at the end [17.1] [21.7.3], and the one it
#: counts as it happens: a rule given the other way would never score
AT_END_ONLY = ("bundori", "hold", "stars", "units-on-map")
DURING_PLAY = ("elan-eliminated",)


def check_vp_sources(c: Checker, s: m.Scenario):
    """Each VP source scores when the game counts it, and the map's stars
    [21.7.3] with a `vp stars` rule that counts them."""
    v = s.victory
    for rule in v.vp:
        if rule.kind in AT_END_ONLY and not rule.at_end:
            c.error(f"'vp {rule.kind}' is counted at the end of the game only: as written it "
                    "never scores [17.1]", rule.pos, hint="end the line with 'at-end'")
        elif rule.kind in DURING_PLAY and rule.at_end:
            c.error(f"'vp {rule.kind}' is counted as units are eliminated, not at the end "
                    "[17.1]", rule.pos, hint=f"remove 'at-end' from 'vp {rule.kind}'")
    stars = s.map.stars
    counted = any(r.kind == "stars" for r in v.vp)
    if stars and not counted:
        hexes = ", ".join(st.hex.id if printable(st.hex) else str(st.hex) for st in stars)
        c.warn(f"the map has {len(stars)} star(s) ({hexes}) but no VP source counts them: "
               "they are worth no VP [21.7.3]", stars[0].pos,
               hint="add 'vp stars at-end' to the victory block")
    elif counted and not stars:
        rule = next(r for r in v.vp if r.kind == "stars")
        c.warn("'vp stars' counts the map's stars, but the map has none [21.7.3]", rule.pos,
               hint="mark them in the map block: star HEX vp N for SIDE")


def check_victory(c: Checker, s: m.Scenario, grid: Grid):
    v = s.victory
    sides = {sd.id for sd in s.sides}
    check_vp_sources(c, s)
    for a in v.automatic:
        if a.winner not in sides:
            c.unknown("side", a.winner, sides, a.pos)
        check_condition(c, s, a.condition)
    for rule in v.vp:
        if rule.kind == "hold":
            try:
                h = Hex.from_id(f"{rule.args[0]:04d}")
                on_map(c, grid, h, rule.pos)
            except (ValueError, IndexError):
                c.error(f"'vp hold' needs a hex id, not {rule.args[:1]}", rule.pos)
    for lv in v.levels:
        if lv.winner not in sides and lv.winner != "none":
            c.unknown("side (or 'none' for a draw)", lv.winner, sides, lv.pos)
        if lv.lead_side not in sides:
            c.unknown("side", lv.lead_side, sides, lv.pos)
        for cond in lv.conditions:
            check_condition(c, s, cond)
    if not v.levels and v.margin is None:
        c.error("the victory block gives neither a margin nor victory levels: how is the "
                "winner found? [17]", v.pos, hint="margin 2")
