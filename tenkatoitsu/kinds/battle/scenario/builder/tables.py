"""The tables: die-result tables (`table NAME`), the CRT [11.6], the order
change table [8.1], the terrain chart [6.2] [11.6.2] with its movement points,
the combat types [11.5], the combat modifiers [11.6] and the states [4.3]."""

from __future__ import annotations

from lark import Token, Tree

from tenkatoitsu.dsl.builder import Tagged
from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules

DICE = {d.value: d for d in m.Die}


class TableRules(CommonRules):
    def die(self, tok: Token) -> m.Die:
        word = str(tok)
        if word not in DICE:
            self.error(f"unknown die '{word}' (combat uses the blue and the red pair [2.4])", tok,
                       did_you_mean(word, DICE))
            return m.Die.BLUE
        return DICE[word]

    def mp_value(self, meta, ch):
        num = int(str(ch[0]))
        den = int(str(ch[1])) if len(ch) > 1 else 1
        if den <= 0 or num < 0:
            self.error("movement points are a non-negative number or fraction such as 1/2", meta)
            den = max(den, 1)
        return m.Mp(num, den)

    def mp_impassable(self, meta, ch):
        return None

    def range_table(self, meta, ch):
        name = str(ch[0])
        items = ch[1:]
        rows = tuple(i for i in items if isinstance(i, m.TableRow))
        return Tagged("table", m.RangeTable(name, rows, self.src(
            [i for i in items if isinstance(i, Tagged)], meta), self.pos(meta)), self.pos(meta))

    def row_label(self, tok: Token) -> m.Span:
        text = str(tok)[:-1]
        if text.startswith(".."):
            return m.Span(None, int(text[2:]))
        if text.endswith(".."):
            return m.Span(int(text[:-2]), None)
        if ".." in text:
            lo, hi = (int(x) for x in text.split(".."))
            if hi < lo:
                self.error(f"the range {lo}..{hi} is empty", tok)
            return m.Span(lo, hi)
        return m.Span(int(text), int(text))

    def range_row(self, meta, ch):
        unmod = bool(ch and isinstance(ch[0], Tree) and ch[0].data == "unmodified")
        if unmod:
            ch = ch[1:]
        return m.TableRow(self.row_label(ch[0]), tuple(ch[1:]), unmod, self.pos(meta))

    def tv_int(self, meta, ch):
        return int(str(ch[0]))

    def tv_name(self, meta, ch):
        return str(ch[0])

    def crt(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, Tagged)]
        columns = tuple(c for c in ch if isinstance(c, m.Span))
        rows = tuple(c for c in ch if isinstance(c, m.CrtRow))
        return Tagged("crt", m.Crt(columns, rows, self.src(tagged, meta), self.pos(meta)),
                      self.pos(meta))

    def crt_row(self, meta, ch):
        cells = ch[1:]
        return m.CrtRow(self.row_label(ch[0]), tuple(str(c) for c in cells), self.pos(meta),
                        tuple(self.pos(c) for c in cells))

    def order_change(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, Tagged)]
        columns = tuple(self.order(c) for c in ch if isinstance(c, Token))
        rows = tuple(c for c in ch if isinstance(c, m.OrderChangeRow))
        return Tagged("order_change", m.OrderChange(columns, rows, self.src(tagged, meta),
                                                    self.pos(meta)), self.pos(meta))

    def oc_row(self, meta, ch):
        return m.OrderChangeRow(self.order(ch[0]), tuple(ch[1:]), self.pos(meta))

    def oc_none(self, meta, ch):
        return None

    def oc_value(self, meta, ch):
        day = int(str(ch[0]))
        night = int(str(ch[1])) if len(ch) > 1 else day
        return (day, night)

    def terrain_chart(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, Tagged)]
        road = self.once(tagged, "road", "'road'", meta)
        path = self.once(tagged, "path", "'path'", meta)
        return Tagged("terrain_chart", m.TerrainChart(
            hex_types=self.all(tagged, "hex_type"), hexside_types=self.all(tagged, "hexside_type"),
            road=road.value if road else None, path=path.value if path else None,
            source=self.src(tagged, meta), notes=self.all(tagged, "note"), pos=self.pos(meta)),
            self.pos(meta))

    def road_cost(self, meta, ch):
        if ch[0] is None:
            self.error("a road is never impassable: it is what lets a march cross [6.5.2]", meta)
        return Tagged("road", ch[0], self.pos(meta))

    def path_cost(self, meta, ch):
        if ch[0] is None:
            self.error("a path is never impassable: it is what lets a march cross [6.5.2]", meta)
        return Tagged("path", ch[0], self.pos(meta))

    def hex_type(self, meta, ch):
        name = str(ch[0])
        attrs_: dict = {}
        for tag, val in ch[1:]:
            attrs_[tag] = val
        return Tagged("hex_type", m.HexType(
            name, edge=attrs_.get("edge"), enter=attrs_.get("enter"),
            night_shelter=attrs_.get("night", False), fortress=attrs_.get("fortress", False),
            pos=self.pos(meta)), self.pos(meta))

    def ha_edge(self, meta, ch):
        return ("edge", str(ch[0]))

    def ha_enter(self, meta, ch):
        if ch[0] is None:
            self.error("a hex cannot be impassable to enter: make its hexsides impassable",
                       meta)
        return ("enter", ch[0])

    def ha_night(self, meta, ch):
        return ("night", True)

    def ha_fortress(self, meta, ch):
        return ("fortress", True)

    def _effects(self, items) -> m.Effects:
        kw: dict = {}
        for tag, val in items:
            if tag == "cost" and val is None:
                kw["impassable"] = True
            kw[tag] = val
        return m.Effects(**kw)

    def hexside_type(self, meta, ch):
        name = str(ch[0])
        both, up, down = [], None, None
        for it in ch[1:]:
            if isinstance(it, tuple) and it[0] == "up":
                up = it[1]
            elif isinstance(it, tuple) and it[0] == "down":
                down = it[1]
            else:
                both.append(it)
        if (up is None) != (down is None):
            self.error(f"hexside type '{name}' gives 'up' without 'down' (or the reverse)", meta,
                       hint="a directed hexside such as a slope needs both directions")
        return Tagged("hexside_type", m.HexsideType(name, self._effects(both), up, down,
                                                    self.pos(meta)), self.pos(meta))

    def sa_up(self, meta, ch):
        return ("up", self._effects(ch))

    def sa_down(self, meta, ch):
        return ("down", self._effects(ch))

    def e_blue(self, meta, ch):
        return ("blue", int(str(ch[0])))

    def e_assault_blue(self, meta, ch):
        return ("assault_blue", int(str(ch[0])))

    def e_firearms(self, meta, ch):
        return ("firearms_prepared", True)

    def e_non_obligatory(self, meta, ch):
        return ("non_obligatory", True)

    def e_no_attack(self, meta, ch):
        return ("no_attack", True)

    def e_cost(self, meta, ch):
        return ("cost", ch[0])

    STATS = ("elan", "mass", "fire")

    def combat_types(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, Tagged)]
        rows = tuple(c for c in ch if isinstance(c, m.CombatType))
        return Tagged("combat_types", m.CombatTypes(rows, self.src(tagged, meta), self.pos(meta)),
                      self.pos(meta))

    def ct_row(self, meta, ch):
        role = str(ch[1])
        if role not in ("attacker", "defender"):
            self.error(f"a combat type is for the 'attacker' or the 'defender', not '{role}'", ch[1])
        return m.CombatType(str(ch[0]), role, tuple(ch[2:]), self.pos(meta))

    def ct_term(self, meta, ch):
        stat = str(ch[0])
        if stat not in self.STATS:
            self.error(f"unknown unit value '{stat}' (elan, mass or fire)", ch[0],
                       did_you_mean(stat, self.STATS))
        return m.CombatTerm(stat, self.die(ch[1]), len(ch) > 2)

    def combat_modifiers(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, Tagged)]
        rows = tuple(c for c in ch if isinstance(c, m.CombatModifier))
        return Tagged("combat_modifiers", m.CombatModifiers(rows, self.src(tagged, meta),
                                                            self.pos(meta)), self.pos(meta))

    def cm_row(self, meta, ch):
        value = int(str(ch[2])) if len(ch) > 2 else None
        return m.CombatModifier(str(ch[0]), self.die(ch[1]), value, self.pos(meta))

    def states(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, Tagged)]
        rows = tuple(c for c in ch if isinstance(c, tuple))
        return Tagged("states", m.States(rows, self.src(tagged, meta), self.pos(meta)),
                      self.pos(meta))

    def st_row(self, meta, ch):
        return (str(ch[0]), int(str(ch[1])))
