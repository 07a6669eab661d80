"""The `variant` blocks and the changes they make to the set-up; the rule
modules (`rule NAME { param values }`) of a scenario or a variant."""

from __future__ import annotations

from lark import Token

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class VariantRules(CommonRules):
    def variant(self, meta, ch):
        vid = str(ch[0])
        rest = ch[1:]
        title = None
        if rest and isinstance(rest[0], Token):
            title = unquote(rest[0])
            rest = rest[1:]
        changes = tuple(it.value if it.tag == "change" else m.Change("start", None, it.value, it.pos)
                        for it in rest if it.tag in ("change", "start"))
        return Tagged("variant", m.Variant(
            vid, title, changes, self.all(rest, "rule"), self.all(rest, "note"), self.pos(meta)),
            self.pos(meta))

    def _change(self, meta, what, target=None, value=None):
        c = m.Change(what, target, value, self.pos(meta))
        return Tagged("change", c, self.pos(meta))

    def v_default(self, meta, ch):
        return self._change(meta, "default")

    def v_group(self, meta, ch):
        return self._change(meta, "group", value=str(ch[0]))

    def v_order(self, meta, ch):
        return self._change(meta, "order", str(ch[0]), self.order(ch[1]))

    def v_enter(self, meta, ch):
        return self._change(meta, "enter", str(ch[0]), str(ch[1]))

    def v_chit(self, meta, ch):
        return self._change(meta, "chit", str(ch[0]), self.chit_mark(ch[1]))

    def v_place(self, meta, ch):
        return self._change(meta, "place", str(ch[0]), ch[1][0])

    def v_plan(self, meta, ch):
        return self._change(meta, "plan", str(ch[0]), ch[1])

    def rule(self, meta, ch):
        return Tagged("rule", m.RuleUse(str(ch[0]), tuple(ch[1:]), self.pos(meta)),
                      self.pos(meta))

    def rule_param(self, meta, ch):
        return m.RuleParam(str(ch[0]), tuple(ch[1:]), self.pos(meta))

    def rv_int(self, meta, ch):
        return int(str(ch[0]))

    def rv_string(self, meta, ch):
        return unquote(ch[0])
