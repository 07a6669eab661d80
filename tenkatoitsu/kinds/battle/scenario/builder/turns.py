"""The `turns` block: the turn track, the start turn, night [14] and fatigue
[13] turns."""

from __future__ import annotations

from tenkatoitsu.dsl.builder import Tagged
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class TurnRules(CommonRules):
    def turns(self, meta, ch):
        first = self.int_(ch[0], 1, 99, "first turn")
        last = self.int_(ch[1], 1, 99, "last turn")
        items = ch[2:]
        if last < first:
            self.error(f"the turn track ends ({last}) before it begins ({first})", ch[1])
        start = self.once(items, "start", "'start'", meta)
        night = self.once(items, "night", "'night'", meta)
        fatigue = self.once(items, "fatigue", "'fatigue'", meta)
        return Tagged("turns", m.TurnTrack(
            first, last, start.value if start else None,
            night.value if night else (), fatigue.value if fatigue else (),
            self.pos(meta)), self.pos(meta))

    def start_turn(self, meta, ch):
        return Tagged("start", self.int_(ch[0], 1, 99, "start turn"), self.pos(meta))

    def night(self, meta, ch):
        return Tagged("night", ch[0], self.pos(meta))

    def fatigue(self, meta, ch):
        return Tagged("fatigue", ch[0], self.pos(meta))

    def no_turns(self, meta, ch):
        return ()

    def some_turns(self, meta, ch):
        return tuple(ch)
