"""Checks of a library of definitions (a rules file's, or a scenario's own),
then of the merged library a scenario plays with: each standard table and
chart present, and which definition replaces which."""

from __future__ import annotations

from collections import defaultdict

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.validate.plans import check_battle_plan
from tenkatoitsu.kinds.battle.scenario.validate.siege import check_siege_map
from tenkatoitsu.kinds.battle.scenario.validate.tables import (
    STANDARD_TABLES,
    check_combat_modifiers,
    check_combat_types,
    check_crt,
    check_order_change,
    check_range_table,
    check_states,
    check_terrain_chart,
)


def check_library(c: Checker, lib: m.Library, scenario: m.Scenario | None):
    c.unique(lib.tables, lambda t: t.name, "table")
    command_tables = set()
    if scenario is not None:
        for side in scenario.sides:
            for cmd in ([side.so_taisho] if side.so_taisho else []) + list(side.commanders):
                command_tables.add(cmd.table)
    for t in lib.tables:
        if t.name in STANDARD_TABLES:
            check_range_table(c, t, t.name)
        elif scenario is None or t.name in command_tables:
            check_range_table(c, t, "command")
        else:
            c.warn(f"table '{t.name}' is neither a standard table ({', '.join(STANDARD_TABLES)}) "
                   "nor a command table of a side", t.pos)
            check_range_table(c, t, "command")
    if lib.crt:
        check_crt(c, lib.crt)
    if lib.order_change:
        check_order_change(c, lib.order_change)
    if lib.terrain_chart:
        check_terrain_chart(c, lib.terrain_chart)
    if lib.combat_types:
        check_combat_types(c, lib.combat_types)
    if lib.combat_modifiers:
        check_combat_modifiers(c, lib.combat_modifiers)
    if lib.states:
        check_states(c, lib.states)
    c.unique(lib.battle_plans, lambda p: p.id, "battle plan")
    for bp in lib.battle_plans:
        check_battle_plan(c, bp)
    c.unique(lib.siege_maps, lambda s: s.id, "siege map")
    for sm in lib.siege_maps:
        check_siege_map(c, sm)


def check_merged_library(c: Checker, s: m.Scenario):
    libs = list(s.libraries())
    for field, what in (("crt", "the combat results table [11.6]"),
                        ("order_change", "the order change table [8.1]"),
                        ("terrain_chart", "the terrain chart [6.2]"),
                        ("combat_types", "the combat types [11.5]"),
                        ("combat_modifiers", "the combat modifiers [11.6]"),
                        ("states", "the unit states [4.3]")):
        found = [lib for lib in libs if getattr(lib, field) is not None]
        if not found:
            c.error(f"no {what}: define one or use the standard rules", s.pos,
                    hint='use "rules/tenkatoitsu.tks"')
        elif len(found) > 1 and found[0] is s.library:
            c.warn(f"the scenario's own {what} replaces the one from its rules file",
                   getattr(found[0], field).pos)
    tables_by_name: dict[str, list[m.RangeTable]] = defaultdict(list)
    for lib in libs:
        for t in lib.tables:
            tables_by_name[t.name].append(t)
    for name, what in STANDARD_TABLES.items():
        if name not in tables_by_name:
            c.error(f"no {what}: define `table {name}` or use the standard rules", s.pos)
    plans = defaultdict(list)
    for lib in libs:
        for bp in lib.battle_plans:
            plans[bp.id].append(bp)
    for pid, found in plans.items():
        if len(found) > 1 and found[0].pos and found[1].pos and \
                found[0].pos.file != found[1].pos.file:
            c.warn(f"battle plan '{pid}' replaces the one at {found[1].pos}", found[0].pos)
