"""Checks of the forces: two sides, unique clan and unit ids, each side's
Sō-taishō and commanders [9.2] with their command tables, successors [21.2],
clans with units, their `only` variant and entry arrow [12]."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.hexmap import Grid
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.validate.tables import STANDARD_TABLES


def check_sides(c: Checker, s: m.Scenario, grid: Grid):
    if len(s.sides) != 2:
        c.error(f"a battle has two sides; this scenario has {len(s.sides)}", s.pos)
    c.unique(s.sides, lambda sd: sd.id, "side")
    all_clans = [cl for _, cl in s.clans()]
    c.unique(all_clans, lambda cl: cl.id, "clan")
    all_units = [u for _, _, u in s.units()]
    c.unique(all_units, lambda u: u.id, "unit")
    variants = {v.id for v in s.variants}
    entries = {e.id for e in s.map.entries}
    tables = {t.name for t in s.all_tables()}
    for side in s.sides:
        units = {u.id: u for cl in side.clans for u in cl.units}
        if side.so_taisho is None:
            c.error(f"side '{side.id}' has no Sō-taishō [9.2]", side.pos,
                    hint="so-taisho UNIT table COMMAND-TABLE")
        for cmd in ([side.so_taisho] if side.so_taisho else []) + list(side.commanders):
            if cmd.unit not in units:
                c.unknown(f"unit of side '{side.id}'", cmd.unit, units, cmd.pos)
            if cmd.table not in tables:
                c.unknown("command table", cmd.table, tables, cmd.pos)
            elif cmd.table in STANDARD_TABLES:
                c.error(f"'{cmd.table}' is a standard table, not a command table", cmd.pos)
        if side.so_taisho and side.so_taisho.unit in units and \
                not units[side.so_taisho.unit].so_taisho:
            c.error(f"unit {side.so_taisho.unit} is the Sō-taishō of '{side.id}' but its counter "
                    "is not marked so-taisho", side.so_taisho.pos)
        for u in units.values():
            if u.so_taisho and (side.so_taisho is None or side.so_taisho.unit != u.id) and \
                    u.id not in {cm.unit for cm in side.commanders}:
                c.error(f"unit {u.id} is marked so-taisho but side '{side.id}' names another "
                        "Sō-taishō", u.pos)
        for succ in side.successors:
            if succ not in units:
                c.unknown(f"unit of side '{side.id}'", succ, units, side.pos)
        if not side.clans:
            c.error(f"side '{side.id}' has no clans", side.pos)
        for cl in side.clans:
            if not cl.units:
                c.error(f"clan {cl.id} has no units", cl.pos)
            if cl.only is not None and cl.only not in variants:
                c.unknown("variant", cl.only, variants, cl.pos)
            if cl.entry is not None and cl.entry not in entries:
                c.unknown("entry", cl.entry, entries, cl.pos)
