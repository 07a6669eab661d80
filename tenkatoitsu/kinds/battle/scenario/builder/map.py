"""The `map` block: terrain, hexsides, roads and paths [6.5.2], zones, stars
[21.7.3], entry arrows [12], fortresses [15.3] and labels."""

from __future__ import annotations

from lark import Token

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class MapRules(CommonRules):
    def map(self, meta, ch):
        w = self.int_(ch[0], 1, 99, "map width")
        h = self.int_(ch[1], 1, 99, "map height")
        items = ch[2:]
        default = self.once(items, "default", "'default'", meta)
        return Tagged("map", m.Map(
            width=w, height=h,
            default_terrain=default.value if default else "clear",
            terrain=self.all(items, "terrain"),
            hexsides=tuple(f for group in self.all(items, "hexside") for f in group),
            routes=self.all(items, "route"),
            zones=self.all(items, "zone"),
            stars=self.all(items, "star"),
            entries=self.all(items, "entry"),
            fortresses=self.all(items, "fortress"),
            labels=self.all(items, "label"),
            notes=self.all(items, "note"),
            pos=self.pos(meta)), self.pos(meta))

    def map_default(self, meta, ch):
        return Tagged("default", str(ch[0]), self.pos(meta))

    def terrain(self, meta, ch):
        items = ch[1]
        return Tagged("terrain", m.TerrainArea(
            str(ch[0]), tuple(i for i, _ in items), self.pos(meta), tuple(p for _, p in items)),
            self.pos(meta))

    def undirected_side(self, meta, ch):
        return (self.hex(ch[0]), self.hex(ch[1]), False, self.pos(meta))

    def directed_side(self, meta, ch):
        return (self.hex(ch[0]), self.hex(ch[1]), True, self.pos(meta))

    def hexside_feature(self, meta, ch):
        kind = str(ch[0])
        return Tagged("hexside", [m.HexsideFeature(kind, a, b, d, p) for a, b, d, p in ch[1:]],
                      self.pos(meta))

    def _route(self, kind, meta, ch):
        name = None
        if ch and isinstance(ch[0], Token):
            name = unquote(ch[0])
            ch = ch[1:]
        return Tagged("route", m.Route(kind, name, tuple(h for h, _ in ch), self.pos(meta),
                                       tuple(p for _, p in ch)), self.pos(meta))

    def road(self, meta, ch):
        return self._route("road", meta, ch)

    def path(self, meta, ch):
        return self._route("path", meta, ch)

    def zone(self, meta, ch):
        name = unquote(ch[1]) if len(ch) == 3 else None
        return Tagged("zone", m.Zone(str(ch[0]), name, tuple(i for i, _ in ch[-1]),
                                     self.pos(meta)), self.pos(meta))

    def star(self, meta, ch):
        return Tagged("star", m.Star(ch[0][0], self.int_(ch[1], 0, 99, "star VP"), str(ch[2]),
                                     self.pos(meta)), self.pos(meta))

    def entry(self, meta, ch):
        name = unquote(ch[2]) if len(ch) > 2 else None
        return Tagged("entry", m.Entry(str(ch[0]), ch[1][0], name, self.pos(meta)), self.pos(meta))

    def fortress(self, meta, ch):
        fid, name = str(ch[0]), unquote(ch[1])
        hexes = tuple(h for h, _ in ch[2:-1])
        return Tagged("fortress", m.Fortress(fid, name, hexes, str(ch[-1]), self.pos(meta)),
                      self.pos(meta))

    def label(self, meta, ch):
        return Tagged("label", m.Label(ch[0][0], unquote(ch[1]), self.pos(meta)), self.pos(meta))
