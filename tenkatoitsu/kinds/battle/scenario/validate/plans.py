"""Checks of the battle plans [10]: known tactics and abilities, initial orders."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.kinds.battle.scenario import model as m

# [10.4] Katta! Katta! is not a tactic of one's own plan: the opponent holds it (an ability)
TACTICS = ("totsugeki", "kotai", "kido", "ashibaya")
ABILITIES = ("defensive-positions", "katta-katta")  # [11.8] [10.4.2]


def check_battle_plan(c: Checker, bp: m.BattlePlan):
    c.unique(bp.tactics, lambda t: t.name, f"tactic in plan '{bp.id}'")
    for t in bp.tactics:
        if t.name not in TACTICS:
            c.unknown("tactic", t.name, TACTICS, t.pos)
    for a in bp.abilities:
        if a.name not in ABILITIES:
            c.unknown("ability", a.name, ABILITIES, a.pos)
    if "any" in bp.initial_orders and len(bp.initial_orders) > 1:
        c.error(f"plan '{bp.id}': 'any' stands alone in initial-orders", bp.pos)
