"""The `siege-map` blocks [15]: areas (base, key, peripheral) and lines of
attack."""

from __future__ import annotations

from lark import Token

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class SiegeRules(CommonRules):
    def siege_map(self, meta, ch):
        sid, name = str(ch[0]), unquote(ch[1])
        items = ch[2:]
        return Tagged("siege_map", m.SiegeMap(
            sid, name, self.all(items, "area"), self.all(items, "line"), self.src(items, meta),
            self.all(items, "note"), self.pos(meta)), self.pos(meta))

    def base_area(self, meta, ch):
        return "base"

    def key_area(self, meta, ch):
        return "key"

    def peripheral_area(self, meta, ch):
        return "peripheral"

    def area(self, meta, ch):
        kind, aid = ch[0], str(ch[1])
        rest = ch[2:]
        name = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            name = unquote(rest[0])
            rest = rest[1:]
        defense = None
        if rest and isinstance(rest[0], Token):
            defense = self.int_(rest[0], 0, 9, "Defense value")
            rest = rest[1:]
        hexes = tuple(h for h, _ in rest)
        return Tagged("area", m.SiegeArea(aid, kind, name, defense, hexes, self.pos(meta)),
                      self.pos(meta))

    def line(self, meta, ch):
        da = self.int_(ch[2], 0, 9, "Defense value") if len(ch) > 2 else None
        db = self.int_(ch[3], 0, 9, "Defense value") if len(ch) > 3 else None
        return Tagged("line", m.SiegeLine(str(ch[0]), str(ch[1]), da, db, self.pos(meta)),
                      self.pos(meta))
