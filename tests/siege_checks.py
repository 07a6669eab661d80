"""Siege invariants [15], checked at every decision and on every event of a
game (random playouts and the siege property tests):

- Manpower and Out of Combat never negative [15.4.1] [15.4.2];
- at most one Control marker per area, one per side in a Peripheral Area [15.4.4];
- a siege exists exactly while a fortress holds units of both sides [15.5] [15.9];
- the siege ends exactly when [15.9] says: outside the siege's own procedures
  no side with units inside is left with neither marker nor Manpower;
- markers are only offered where a clear chain of areas allows [15.5] [15.6.1] [15.7.1]
  (recomputed here independently of the engine);
- units that leave [15.8] land outside the fortress near the exit area's hexes;
  survivors [15.9] fit the Survivor score and cover the Out of Combat score."""

from __future__ import annotations

import re

from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.queries import fortress
from tenkatoitsu.kinds.battle.queries.siege_map import geometry

#: decisions taken inside a siege procedure, when the end may be pending
INSIDE = ("siege-sacrifice", "siege-advantage", "siege-loss", "siege-force", "siege-counter",
          "siege-occupy", "siege-fire-loss", "siege-assault-target", "siege-fire-target",
          "siege-survivor", "siege-disorganized", "siege-exchange", "siege-exit-hex",
          "siege-place-marker")


def chain(g, s, side, starts):
    """Areas a marker of `side` may go to from `starts`: the starts, then
    breadth first through lines, never through an area with an enemy marker."""
    enemy = s.besieger if side == s.besieged else s.besieged
    out = set(starts)
    todo = [a for a in starts if enemy not in s.markers.get(a, [])]
    while todo:
        a = todo.pop()
        for ln in g.map.lines:
            for x, y in ((ln.a, ln.b), (ln.b, ln.a)):
                if x == a and y not in out and enemy not in s.markers.get(y, []):
                    out.add(y)
                    todo.append(y)
    return out


class SiegeChecker:
    def __init__(self, game):
        self.game = game
        self.ended: dict[str, tuple] = {}
        self.seen = {"began": 0, "ended": 0, "left": 0, "activities": 0, "beaten": 0}

    def state(self):
        g = self.game
        fortresses = {f.id for f in g.scenario.map.fortresses}
        for fid in fortresses:
            sides = {g.side_of(u) for u in fortress.units_inside(g, fid)}
            assert (len(sides) == 2) == (fid in g.state.sieges), (fid, sides)
        for fid, s in g.state.sieges.items():
            geo = geometry(g, fid)
            for side in s.sides():
                assert s.manpower[side] >= 0 and s.out_of_combat[side] >= 0, (fid, side, s)
            for area, sides in s.markers.items():
                assert sides and len(sides) == len(set(sides)), (area, sides)
                assert len(sides) == 1 or geo.is_peripheral(area), (area, sides)

    def decision(self, dec):
        self.state()
        g = self.game
        if dec.kind not in INSIDE:
            for fid, s in g.state.sieges.items():
                if s.pending:
                    continue
                for side in s.sides():
                    if fortress.units_inside(g, fid, side):
                        assert not fortress.is_beaten(g, s, side), f"{fid}: {side} beaten, no end"
        if dec.kind == "siege-place-marker":
            s = g.state.sieges[dec.context["fortress"]]
            geo = geometry(g, s.fortress)
            starts = dec.context["starts"]
            allowed = set(geo.order) if starts is None else chain(geo, s, dec.side, starts)
            for o in dec.options:
                if o.value == "done":
                    continue
                assert o.value in allowed, (o.value, starts, s.markers)
                assert dec.side not in s.markers.get(o.value, [])
                assert geo.is_peripheral(o.value) or not s.markers.get(o.value)

    def __call__(self, event):
        g = self.game
        name = type(event).__name__
        if name == "SiegeBegan":
            self.seen["began"] += 1
        elif name == "SiegeActivity":
            self.seen["activities"] += 1
        elif name == "ClanLeftSiege":
            self.seen["left"] += 1
            self.exit_area = (event.fortress, event.area)
        elif name == "UnitMoved" and event.movement == "exit":
            fid, area = self.exit_area
            end = Hex.from_id(event.path[-1])
            assert not g.map.is_fortress(end)
            assert g.occupants(end) == [event.unit], (event.unit, end, g.occupants(end))
            linked = geometry(g, fid).linked_hexes(area)
            assert end in linked or all(g.occupants(h) for h in linked if not g.map.is_fortress(h))
            assert min(hex_distance(end, h) for h in linked) <= len(event.path) - 2
        elif name == "Note" and event.rule == "15.9" and "no Manpower left" in event.message:
            # the elimination [15.9] happens only to a side really beaten
            side, fid = re.match(r"(\S+) has no .* left in (\S+):", event.message).groups()
            assert fortress.is_beaten(g, g.state.sieges[fid], side), event.message
            self.seen["beaten"] += 1
        elif name == "SiegeEnded":
            # a siege ends only once a side has no unit left inside
            assert event.fortress not in g.state.sieges
            assert len({g.side_of(u) for u in fortress.units_inside(g, event.fortress)}) <= 1
            self.seen["ended"] += 1
            self.ended[event.fortress] = (event.survivor_score, event.out_of_combat)
        elif name == "SiegeSurvivors":
            score, ooc = self.ended[event.fortress]
            em = lambda us: sum(fortress.elan_mass(g, u) for u in us)
            assert em(event.kept) <= score
            assert em(event.disorganized) >= min(ooc, em(event.kept))
            assert set(event.disorganized) <= set(event.kept)
            for u in event.kept:
                want = 2 if u in event.disorganized else 0
                assert g.state.units[u].steps_lost == want and g.state.units[u].on_map
            for u in event.eliminated:
                assert g.state.units[u].eliminated
