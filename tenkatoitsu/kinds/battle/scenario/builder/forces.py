"""The order of battle: `side` blocks with their Sō-taishō and commanders
[9.2], successors [21.2] and battle plan status [10.2]; `clan` blocks [5.1]
and their units [4.1]."""

from __future__ import annotations

import re

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class ForcesRules(CommonRules):
    def side(self, meta, ch):
        sid, name = str(ch[0]), unquote(ch[1])
        items = ch[2:]
        color = self.once(items, "color", "'color'", meta)
        st = self.once(items, "so_taisho", "the Sō-taishō", meta)
        succ = self.once(items, "successors", "'successors'", meta)
        plan = self.once(items, "plan", "'battle-plan'", meta)
        return Tagged("side", m.Side(
            id=sid, name=name, color=color.value if color else None,
            so_taisho=st.value if st else None,
            commanders=self.all(items, "commander"),
            successors=succ.value if succ else (),
            plan=plan.value if plan else m.PlanStatus(),
            clans=self.all(items, "clan"),
            notes=self.all(items, "note"),
            pos=self.pos(meta)), self.pos(meta))

    def _commander(self, meta, ch):
        exempt = ch[2] if len(ch) > 2 else ()
        return m.Commander(str(ch[0]), str(ch[1]), tuple(exempt), self.pos(meta))

    def so_taisho(self, meta, ch):
        return Tagged("so_taisho", self._commander(meta, ch), self.pos(meta))

    def commander(self, meta, ch):
        return Tagged("commander", self._commander(meta, ch), self.pos(meta))

    def exempt(self, meta, ch):
        return [self.order(t) for t in ch]

    def successors(self, meta, ch):
        return Tagged("successors", tuple(str(t) for t in ch), self.pos(meta))

    def side_plan(self, meta, ch):
        return Tagged("plan", ch[0], self.pos(meta))

    def plan_active(self, meta, ch):
        return m.PlanStatus(True, 0, self.pos(meta))

    def plan_inactive(self, meta, ch):
        return m.PlanStatus(False, int(str(ch[0])) if ch else 0, self.pos(meta))

    def color(self, meta, ch):
        text = str(ch[0])
        if text.startswith("#") and not re.fullmatch(r"#[0-9a-fA-F]{6}", text):
            self.error(f"'{text}' is not a colour: write #rrggbb (six hexadecimal digits) or a "
                       "colour name", ch[0])
        return Tagged("color", text, self.pos(meta))

    def clan(self, meta, ch):
        cid, name = str(ch[0]), unquote(ch[1])
        items = ch[2:]

        def one(tag, what):
            it = self.once(items, tag, what, meta)
            return it.value if it else None

        order = one("order", "'order'")
        flags = tuple(f for group in self.all(items, "flags") for f in group)
        return Tagged("clan", m.Clan(
            id=cid, name=name, color=one("color", "'color'"),
            order=order if order is not None else m.Order.DEFENSE,
            entry=one("enter", "'enter'"), chit=one("chit", "'chit'"), flags=flags,
            only=one("only", "'only'"), units=self.all(items, "unit"),
            notes=self.all(items, "note"), pos=self.pos(meta)), self.pos(meta))

    def clan_order(self, meta, ch):
        return Tagged("order", self.order(ch[0]), self.pos(meta))

    def clan_enter(self, meta, ch):
        return Tagged("enter", str(ch[0]), self.pos(meta))

    CLAN_FLAGS = ("never-routs", "undecided", "neutral-on-defection")

    def clan_chit(self, meta, ch):
        return Tagged("chit", self.chit_mark(ch[0]), self.pos(meta))

    def clan_flags(self, meta, ch):
        for t in ch:
            if str(t) not in self.CLAN_FLAGS:
                self.error(f"unknown clan flag '{t}' ({', '.join(self.CLAN_FLAGS)})", t,
                           did_you_mean(str(t), self.CLAN_FLAGS))
        return Tagged("flags", tuple(str(t) for t in ch), self.pos(meta))

    def clan_only(self, meta, ch):
        return Tagged("only", str(ch[0]), self.pos(meta))

    def unit(self, meta, ch):
        uid, name = str(ch[0]), unquote(ch[1])
        vals: dict[str, object] = {}
        hex_, hex_pos = None, None
        for it in ch[2:]:
            if isinstance(it, Tagged):
                if it.tag in vals:
                    self.error(f"'{it.tag.replace('_', '-')}' is given twice for unit {uid}", it.pos)
                vals[it.tag] = it.value
            else:  # position
                hex_, hex_pos = it
        if "lead" in vals and "lead_x" in vals:
            self.error(f"unit {uid} has both a Leadership value and the Leadership-X cross [4.1]",
                       self.pos(meta))
        if "so_taisho" in vals and "taisho" in vals:
            self.error(f"unit {uid} is marked both so-taisho and taisho", self.pos(meta))
        return Tagged("unit", m.Unit(
            id=uid, name=name, elan=vals.get("elan", 0), mass=vals.get("mass", 0),
            fire=vals.get("fire", 0), lead=vals.get("lead", 0), lead_x="lead_x" in vals,
            so_taisho="so_taisho" in vals, taisho="taisho" in vals, hex=hex_,
            pos=self.pos(meta), hex_pos=hex_pos), self.pos(meta))

    def elan(self, meta, ch):
        return Tagged("elan", self.int_(ch[0], 0, 9, "Elan"), self.pos(meta))

    def mass(self, meta, ch):
        return Tagged("mass", self.int_(ch[0], 0, 9, "Mass"), self.pos(meta))

    def fire(self, meta, ch):
        return Tagged("fire", self.int_(ch[0], 0, 9, "Firepower"), self.pos(meta))

    def lead(self, meta, ch):
        return Tagged("lead", self.int_(ch[0], 0, 2, "Leadership [4.1]"), self.pos(meta))

    def lead_x(self, meta, ch):
        return Tagged("lead_x", True, self.pos(meta))

    def so_taisho_mark(self, meta, ch):
        return Tagged("so_taisho", True, self.pos(meta))

    def taisho_mark(self, meta, ch):
        return Tagged("taisho", True, self.pos(meta))
