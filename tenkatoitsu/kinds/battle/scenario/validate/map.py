"""Checks of the map: hexes on the map, terrain and hexside types from the
terrain chart, roads and paths as chains of neighbours [6.5.2], zones, stars
[21.7.3], entry arrows [12], fortresses and their siege maps [15], labels."""

from __future__ import annotations

from collections import defaultdict

from tenkatoitsu.dsl.builder import INVALID_HEX
from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.hexmap import Grid, Hex
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.model import HEXSIDE_MARKS
from tenkatoitsu.kinds.battle.scenario.setup import printable


def on_map(c: Checker, grid: Grid, h: Hex, pos, what="hex") -> bool:
    if h == INVALID_HEX:
        return False  # already reported as a malformed id
    if not grid.contains(h):
        c.error(f"{what} {h.id if printable(h) else h} is off the map "
                f"({grid.width} x {grid.height}: columns 01-{grid.width:02d}, rows "
                f"01-{grid.height:02d})", pos)
        return False
    return True


def check_map(c: Checker, s: m.Scenario, grid: Grid):
    mp = s.map
    chart = s.terrain_chart
    hex_types = {t.name: t for t in chart.hex_types} if chart else {}
    side_types = {t.name: t for t in chart.hexside_types} if chart else {}
    if chart and mp.default_terrain not in hex_types:
        c.unknown("terrain", mp.default_terrain, hex_types, mp.pos)
    terrain_of: dict[Hex, m.TerrainArea] = {}
    for area in mp.terrain:
        valid = tuple(it for it in area.hexes if INVALID_HEX not in
                      ((it.a, it.b) if isinstance(it, m.HexRect) else (it,)))
        for h in m.expand(valid):
            prev = terrain_of.get(h)
            if prev is not None and prev.terrain != area.terrain and grid.contains(h):
                c.warn(f"hex {h.id} is given terrain {prev.terrain} and then {area.terrain}; "
                       "the later wins", area.pos, hint=f"the first at {prev.pos}")
            terrain_of[h] = area
    for area in mp.terrain:
        if chart and area.terrain not in hex_types:
            c.unknown("terrain", area.terrain, hex_types, area.pos)
        for item, pos in zip(area.hexes, area.item_pos or [area.pos] * len(area.hexes)):
            corners = (item.a, item.b) if isinstance(item, m.HexRect) else (item,)
            for h in corners:
                on_map(c, grid, h, pos)
    # hexsides
    typed: dict[tuple, m.HexsideFeature] = {}
    marks: dict[tuple, set[str]] = defaultdict(set)
    for f in mp.hexsides:
        ok = on_map(c, grid, f.a, f.pos) & on_map(c, grid, f.b, f.pos)
        if INVALID_HEX in (f.a, f.b):
            continue  # a malformed id, reported by the builder (and INVALID_HEX.id raises)
        if ok and not f.a.is_adjacent(f.b):
            c.error(f"hexside {f.a.id}|{f.b.id} joins hexes that are not adjacent "
                    f"(they are {f.a.distance(f.b)} hexes apart)", f.pos)
            continue
        key = (min(f.a, f.b), max(f.a, f.b))
        if f.kind in HEXSIDE_MARKS:
            if f.directed:
                c.error(f"a {f.kind} mark has no direction: write {f.a.id}|{f.b.id}", f.pos)
            if f.kind in marks[key]:
                c.error(f"hexside {f.a.id}|{f.b.id} is marked {f.kind} twice", f.pos)
            marks[key].add(f.kind)
            continue
        if chart and f.kind not in side_types:
            c.unknown("hexside type", f.kind, list(side_types) + list(HEXSIDE_MARKS), f.pos)
            continue
        t = side_types.get(f.kind)
        if t is not None and t.directed and not f.directed:
            c.error(f"a {f.kind} hexside has a direction: write {f.a.id}>{f.b.id} for climbing "
                    f"from {f.a.id} into {f.b.id}", f.pos)
        if t is not None and not t.directed and f.directed:
            c.error(f"a {f.kind} hexside has no direction: write {f.a.id}|{f.b.id}", f.pos)
        if key in typed:
            c.error(f"hexside {f.a.id}|{f.b.id} already is a {typed[key].kind} hexside",
                    f.pos, hint=f"given at {typed[key].pos}")
        else:
            typed[key] = f
    # roads and paths
    for r in mp.routes:
        if len(r.hexes) < 2:
            c.error(f"a {r.kind} needs at least two hexes", r.pos)
        poss = r.hex_pos or (r.pos,) * len(r.hexes)
        for i, h in enumerate(r.hexes):
            on_map(c, grid, h, poss[i])
        for i in range(1, len(r.hexes)):
            a, b = r.hexes[i - 1], r.hexes[i]
            if not a.is_adjacent(b) and INVALID_HEX not in (a, b):
                c.error(f"{r.kind} is not a chain of neighbours: {a.id} and {b.id} are not "
                        "adjacent", poss[i], hint="list every hex the road passes through")
    c.unique(mp.zones, lambda z: z.id, "zone")
    for z in mp.zones:
        for item in z.hexes:
            corners = (item.a, item.b) if isinstance(item, m.HexRect) else (item,)
            for h in corners:
                on_map(c, grid, h, z.pos)
    sides = {sd.id for sd in s.sides}
    for st in mp.stars:
        on_map(c, grid, st.hex, st.pos)
        if st.side not in sides:
            c.unknown("side", st.side, sides, st.pos)
    c.unique(mp.entries, lambda e: e.id, "entry")
    for e in mp.entries:
        if on_map(c, grid, e.hex, e.pos) and not grid.is_edge(e.hex):
            c.warn(f"entry {e.id} at {e.hex.id} is not on the map edge", e.pos)
    c.unique(mp.fortresses, lambda f: f.id, "fortress")
    siege_maps = {sm.id: sm for sm in s.siege_maps()}
    fhexes: dict[Hex, m.Fortress] = {}
    for f in mp.fortresses:
        for h in f.hexes:
            on_map(c, grid, h, f.pos)
            if h in fhexes and h != INVALID_HEX:
                c.error(f"hex {h.id} belongs to fortresses {fhexes[h].id} and {f.id}", f.pos)
            fhexes[h] = f
        if len(f.hexes) > 1 and not _connected(set(f.hexes)):
            c.error(f"the hexes of fortress {f.id} are not contiguous", f.pos)
        sm = siege_maps.get(f.siege_map)
        if sm is None:
            c.unknown("siege map", f.siege_map, siege_maps, f.pos)
            continue
        around = {n for h in f.hexes for n in h.neighbours()} - set(f.hexes)
        for a in sm.areas:
            for h in a.hexes:
                if h not in around and INVALID_HEX not in (h, *f.hexes):
                    c.error(f"peripheral area '{a.id}' of siege map '{sm.id}' links to hex "
                            f"{h.id}, which is not next to fortress {f.id} "
                            f"({' '.join(x.id for x in f.hexes)})", a.pos)
    for lb in mp.labels:
        on_map(c, grid, lb.hex, lb.pos)


def _connected(hexes: set[Hex]) -> bool:
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes
