"""The `battle-plan` blocks [10]: Battle Plan Log Sheets with their initial
orders, tactics and abilities."""

from __future__ import annotations

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import ORDERS, CommonRules


class PlanRules(CommonRules):
    def battle_plan(self, meta, ch):
        pid, name = str(ch[0]), unquote(ch[1])
        items = ch[2:]
        orders = self.once(items, "orders", "'initial-orders'", meta)
        return Tagged("battle_plan", m.BattlePlan(
            pid, name, orders.value if orders else ("any",), self.all(items, "tactic"),
            self.all(items, "ability"), self.src(items, meta), self.all(items, "note"),
            self.pos(meta)), self.pos(meta))

    def bp_orders(self, meta, ch):
        words = tuple(str(t) for t in ch)
        for t in ch:
            if str(t) != "any" and str(t) not in ORDERS:
                self.error(f"unknown order '{t}' in initial-orders (attack, defense, movement, "
                           "regroup, or any)", t, did_you_mean(str(t), list(ORDERS) + ["any"]))
        return Tagged("orders", words, self.pos(meta))

    def bp_tactic(self, meta, ch):
        cost = self.int_(ch[2], 0, 9, "tactic cost") if len(ch) > 2 else None
        return Tagged("tactic", m.Tactic(str(ch[0]), self.int_(ch[1], 1, 99, "tactic count"),
                                         cost, self.pos(meta)), self.pos(meta))

    def bp_ability(self, meta, ch):
        count = self.int_(ch[1], 0, 99, "ability count") if len(ch) > 1 else None
        return Tagged("ability", m.Ability(str(ch[0]), count, self.pos(meta)), self.pos(meta))
