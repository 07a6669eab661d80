"""Semantic checks of a built battle document, one module per section of the
file: library (and its tables, plans, siege maps), turns, map, forces,
variants (with set-ups and rule modules) and victory. Every problem is
reported with its location, all at once; nothing here raises on a bad
scenario."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.dsl.diagnostics import Diagnostic
from tenkatoitsu.hexmap import Grid
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.validate.forces import check_sides
from tenkatoitsu.kinds.battle.scenario.validate.library import check_library, check_merged_library
from tenkatoitsu.kinds.battle.scenario.validate.map import check_map
from tenkatoitsu.kinds.battle.scenario.validate.turns import check_turns
from tenkatoitsu.kinds.battle.scenario.validate.variants import (
    check_rule_modules,
    check_setups,
    check_variants,
)
from tenkatoitsu.kinds.battle.scenario.validate.victory import check_victory

__all__ = ["validate"]


def validate(doc: m.Document) -> list[Diagnostic]:
    c = Checker()
    if isinstance(doc, m.RulesDoc):
        check_library(c, doc.library, None)
        return c.diags
    _check_scenario(c, doc)
    return c.diags


def _check_scenario(c: Checker, s: m.Scenario):
    if s.kind not in ("battle", "tenkatoitsu"):
        c.error(f"kind '{s.kind}' comes too late: this file is read as a battle",
                s.pos, hint="`kind NAME` must be the first line of the scenario block, where it "
                "chooses the language the rest of the file is written in")
    check_library(c, s.library, s)
    for doc in s.included:
        check_library(c, doc.library, s)
    check_merged_library(c, s)
    if s.turns is None:
        c.error("the scenario has no turn track", s.pos, hint="turns 1..16 { }")
    else:
        check_turns(c, s.turns)
    if s.map is None:
        c.error("the scenario has no map", s.pos, hint="map 30 x 20 { default clear }")
        return
    if not (1 <= s.map.width <= 99 and 1 <= s.map.height <= 99):
        # the builder reported the size; Grid() would raise, and the largest map
        # stands in so that no hex is called off-map because of it
        grid = Grid(99, 99)
    else:
        grid = Grid(s.map.width, s.map.height)
    check_map(c, s, grid)
    check_sides(c, s, grid)
    check_setups(c, s, grid)
    check_variants(c, s, grid)
    check_rule_modules(c, s)
    if s.victory is None:
        c.error("the scenario has no victory block [17]", s.pos)
    else:
        check_victory(c, s, grid)
