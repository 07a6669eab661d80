"""The `victory` block [17]: VP sources, automatic victories, the margin,
samurai lines [16.1], victory levels [19.5.2] and their conditions."""

from __future__ import annotations

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class VictoryRules(CommonRules):
    VP_KINDS = {"elan-eliminated": 1, "bundori": 1, "hold": 2, "stars": 0, "units-on-map": 1}

    def victory(self, meta, ch):
        margin = self.once(ch, "margin", "'margin'", meta)
        lines = self.once(ch, "samurai", "'samurai-lines'", meta)
        return Tagged("victory", m.Victory(
            vp=self.all(ch, "vp"), automatic=self.all(ch, "automatic"),
            margin=margin.value if margin else None,
            samurai_lines=lines.value if lines else (),
            levels=self.all(ch, "level"), notes=self.all(ch, "note"), pos=self.pos(meta)),
            self.pos(meta))

    def vp_rule(self, meta, ch):
        kind = str(ch[0])
        args = tuple(a for a in ch[1:] if isinstance(a, int))
        at_end = any(a == "at-end" for a in ch[1:])
        if kind not in self.VP_KINDS:
            self.error(f"unknown VP source '{kind}' ({', '.join(self.VP_KINDS)})", ch[0],
                       did_you_mean(kind, self.VP_KINDS))
        elif len(args) != self.VP_KINDS[kind]:
            self.error(f"'vp {kind}' takes {self.VP_KINDS[kind]} number(s), got {len(args)}", meta,
                       hint={"hold": "vp hold HEX VP at-end", "stars": "vp stars at-end"}.get(
                           kind, f"vp {kind} VP-EACH [at-end]"))
        return Tagged("vp", m.VpRule(kind, args, at_end, self.pos(meta)), self.pos(meta))

    def vp_int(self, meta, ch):
        return int(str(ch[0]))

    def vp_at_end(self, meta, ch):
        return "at-end"

    def automatic(self, meta, ch):
        return Tagged("automatic", m.AutomaticVictory(str(ch[0]), ch[1], self.pos(meta)),
                      self.pos(meta))

    def margin(self, meta, ch):
        return Tagged("margin", self.int_(ch[0], 0, 99, "margin"), self.pos(meta))

    def samurai_lines(self, meta, ch):
        return Tagged("samurai", tuple(self.int_(t, 1, 99, "samurai line") for t in ch),
                      self.pos(meta))

    def level(self, meta, ch):
        title, winner, lead_side, span = unquote(ch[0]), str(ch[1]), str(ch[2]), ch[3]
        return Tagged("level", m.VictoryLevel(title, winner, lead_side, span, tuple(ch[4:]),
                                              self.pos(meta)), self.pos(meta))

    def c_not(self, meta, ch):
        c = ch[0]
        return m.Condition(c.kind, c.args, not c.negated, self.pos(meta))

    def c_leader_killed(self, meta, ch):
        return m.Condition("leader-killed", (str(ch[0]),), pos=self.pos(meta))

    def c_eliminated(self, meta, ch):
        return m.Condition("eliminated", tuple(str(t) for t in ch), pos=self.pos(meta))

    def c_controls(self, meta, ch):
        return m.Condition("controls", (str(ch[0]), str(ch[1])), pos=self.pos(meta))

    def c_holds(self, meta, ch):
        return m.Condition("holds", (str(ch[0]), ch[1][0]), pos=self.pos(meta))

    def c_unit_in(self, meta, ch):
        return m.Condition("unit-in", (str(ch[0]), str(ch[1])), pos=self.pos(meta))
