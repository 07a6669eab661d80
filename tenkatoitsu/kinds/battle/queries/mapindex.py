"""The map of a scenario, indexed for the rules: what each hex and hexside is,
built once per scenario. Pure data; the rules ask it questions."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tenkatoitsu.hexmap import Grid, Hex
from tenkatoitsu.kinds.battle.queries.terrain import DOWN, UP, crossing
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.model import HEXSIDE_MARKS, OPEN_HEXSIDE

IMPASSABLE = None


class MapIndex:
    """Built from the scenario's map and terrain chart alone, and shared by
    every game of the same scenario (`for_scenario`): its tables are answers
    of the map, not of a position."""

    _shared: ClassVar[dict[tuple[int, int], MapIndex]] = {}

    @classmethod
    def for_scenario(cls, scenario: m.Scenario) -> MapIndex:
        """The index of the scenario's map: the one built for an earlier game
        of the same map and chart (a balance run plays thousands), or a new one."""
        key = (id(scenario.map), id(scenario.terrain_chart))
        got = cls._shared.get(key)
        if got is None or got.map_def is not scenario.map or got.chart is not scenario.terrain_chart:
            if len(cls._shared) >= 8:
                cls._shared.clear()
            got = cls._shared[key] = cls(scenario)
        return got

    def __init__(self, scenario: m.Scenario):
        mp = self.map_def = scenario.map
        self.chart: m.TerrainChart = scenario.terrain_chart
        self.grid = Grid(mp.width, mp.height)
        self.hex_types = {t.name: t for t in self.chart.hex_types}
        self.hexside_types = {t.name: t for t in self.chart.hexside_types}
        # terrain of each hex: later statements win
        self.terrain: dict[Hex, str] = {}
        for area in mp.terrain:
            for h in m.expand(area.hexes):
                self.terrain[h] = area.terrain
        self.default_terrain = mp.default_terrain
        # explicit hexside features: type (with the climbing direction) and marks
        self.side_type: dict[tuple[Hex, Hex], tuple[str, Hex | None]] = {}
        self.marks: dict[tuple[Hex, Hex], frozenset[str]] = {}
        for f in mp.hexsides:
            key = (min(f.a, f.b), max(f.a, f.b))
            if f.kind in HEXSIDE_MARKS:
                self.marks[key] = self.marks.get(key, frozenset()) | {f.kind}
            else:
                self.side_type[key] = (f.kind, f.b if f.directed else None)
        self.road_sides: set[tuple[Hex, Hex]] = set()
        self.path_sides: set[tuple[Hex, Hex]] = set()
        self.route_hexes: set[Hex] = set()
        for r in mp.routes:
            target = self.road_sides if r.kind == "road" else self.path_sides
            self.route_hexes.update(r.hexes)
            for a, b in zip(r.hexes, r.hexes[1:]):
                target.add((min(a, b), max(a, b)))
        self.fortress_of: dict[Hex, m.Fortress] = {h: f for f in mp.fortresses for h in f.hexes}
        self.zones: dict[str, frozenset[Hex]] = {z.id: frozenset(m.expand(z.hexes)) for z in mp.zones}
        self.entries: dict[str, m.Entry] = {e.id: e for e in mp.entries}
        self.stars = {s.hex: s for s in mp.stars}
        self._effects_cache: dict[tuple[Hex, Hex], m.Effects] = {}
        # the costs are pure functions of the map: memoized per crossing
        self._cost: dict[tuple[Hex, Hex], float | None] = {}
        self._march: dict[tuple[Hex, Hex], float | None] = {}
        self._command: dict[tuple[Hex, Hex], float | None] = {}
        self._neighbours = self.grid.neighbours
        self._edges: dict[str, dict[Hex, tuple[tuple[Hex, float], ...]]] = {}
        self._steps: dict[str, dict[tuple[Hex, Hex], float]] = {}
        self._zoc_reach: dict[Hex, frozenset[Hex]] = {}
        self._open: dict[Hex, tuple[Hex, ...]] = {}
        self._adjacent: dict[Hex, tuple[Hex, ...]] = {}
        self._contact: dict[Hex, list[Hex]] = {}

    # ------------------------------------------------------------ hexes
    def terrain_at(self, h: Hex) -> str:
        return self.terrain.get(h, self.default_terrain)

    def hex_type(self, h: Hex) -> m.HexType:
        return self.hex_types[self.terrain_at(h)]

    def is_fortress(self, h: Hex) -> bool:
        return h in self.fortress_of

    def is_night_shelter(self, h: Hex) -> bool:
        """[14] roads, paths, encampments, villages, fortresses: no night march test."""
        return h in self.route_hexes or self.hex_type(h).night_shelter or self.is_fortress(h)

    def neighbours(self, h: Hex) -> list[Hex]:
        return self._neighbours(h)

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        """`neighbours`, shared rather than copied: for loops that only read it."""
        got = self._adjacent.get(h)
        if got is None:
            got = tuple(self._neighbours(h))
            if h in self.grid:  # on-map keys only: the table stays bounded
                self._adjacent[h] = got
        return got

    # ------------------------------------------------------------ hexsides
    def hexside_type_name(self, a: Hex, b: Hex) -> str:
        key = (min(a, b), max(a, b))
        if key in self.side_type:
            return self.side_type[key][0]
        # a border with no feature counts as the edge of the hex entered
        return self.hex_type(b).edge or OPEN_HEXSIDE

    def crossing(self, a: Hex, b: Hex) -> m.Effects:
        """The effects of crossing from a into b (cost and combat effects)."""
        cached = self._effects_cache.get((a, b))
        if cached is not None:
            return cached
        key = (min(a, b), max(a, b))
        if key in self.side_type:
            name, high = self.side_type[key]
            direction = None if high is None else (UP if high == b else DOWN)
        else:
            name, direction = self.hexside_type_name(a, b), None
        eff = crossing(self.chart, name, direction)
        marks = self.marks.get(key, frozenset())
        if marks:
            eff = attrs.evolve(eff, firearms_prepared=eff.firearms_prepared or "firearms-prepared" in marks,
                               non_obligatory=eff.non_obligatory or "non-obligatory" in marks)
        self._effects_cache[(a, b)] = eff
        return eff

    def is_impassable(self, a: Hex, b: Hex) -> bool:
        return self.crossing(a, b).impassable

    def hexside_cost(self, a: Hex, b: Hex) -> float | None:
        """MP to cross from a into b for every movement but a march [6.2.2];
        entering a fortress costs its own value [15.3]. None: impassable."""
        try:
            return self._cost[(a, b)]
        except KeyError:
            value = self._cost[(a, b)] = self._hexside_cost(a, b)
            return value

    def _hexside_cost(self, a: Hex, b: Hex) -> float | None:
        eff = self.crossing(a, b)
        if eff.impassable:
            return IMPASSABLE
        enter = self.hex_type(b).enter
        if enter is not None:
            return enter.value
        return eff.cost.value if eff.cost is not None else 1.0

    def march_cost(self, a: Hex, b: Hex) -> float | None:
        """[6.5.2] following a road costs ½, a path 1, whatever the hexside."""
        try:
            return self._march[(a, b)]
        except KeyError:
            value = self._march[(a, b)] = self._march_cost(a, b)
            return value

    def _march_cost(self, a: Hex, b: Hex) -> float | None:
        key = (min(a, b), max(a, b))
        if key in self.road_sides:
            return self.chart.road.value
        if key in self.path_sides:
            return self.chart.path.value
        return self.hexside_cost(a, b)

    def command_cost(self, a: Hex, b: Hex) -> float | None:
        """[9.3] distance for chit selection: roads and paths count ½; entering
        or leaving a fortress 1 MP, whatever the terrain [15.3]."""
        try:
            return self._command[(a, b)]
        except KeyError:
            value = self._command[(a, b)] = self._command_cost(a, b)
            return value

    def _command_cost(self, a: Hex, b: Hex) -> float | None:
        key = (min(a, b), max(a, b))
        if key in self.road_sides or key in self.path_sides:
            return 0.5
        if self.is_fortress(a) or self.is_fortress(b):
            return 1.0
        return self.hexside_cost(a, b)

    def edges(self, mode: str) -> dict[Hex, tuple[tuple[Hex, float], ...]]:
        """Every hex's passable crossings with their cost, in the order of
        `neighbours` (the searches' tie-breaks follow it): "charge" costs
        [6.2.2] [15.3], "march" costs [6.5.2], "command" distances [9.3];
        "charge-into", "march-into": the steps into each hex, from each neighbour. Built once per map: a
        search then reads a tuple instead of asking for each crossing."""
        table = self._edges.get(mode)
        if table is None:
            table = self._edges[mode] = {h: self.crossings(h, mode) for h in self.grid.hexes()}
        return table

    def step_costs(self, mode: str) -> dict[tuple[Hex, Hex], float]:
        """`edges` by crossing: (from, to) -> cost, for "charge" and "march"."""
        table = self._steps.get(mode)
        if table is None:
            table = self._steps[mode] = {(h, n): c for h, out in self.edges(mode).items()
                                         for n, c in out}
        return table

    def crossings(self, h: Hex, mode: str) -> tuple[tuple[Hex, float], ...]:
        """The passable crossings out of one hex (any hex, on the map or not)."""
        if mode in ("charge-into", "march-into"):  # the steps into `h`, for searches run backwards
            cost = self.hexside_cost if mode == "charge-into" else self.march_cost
            return tuple((n, c) for n in self._neighbours(h) if (c := cost(n, h)) is not None)
        cost = {"charge": self.hexside_cost, "march": self.march_cost,
                "command": self.command_cost}[mode]
        return tuple((n, c) for n in self._neighbours(h) if (c := cost(h, n)) is not None)

    def zoc_reach(self, h: Hex) -> frozenset[Hex]:
        """The hexes a unit in `h` covers with its ZoC [4.2]: the neighbours
        it could move into; none from inside a fortress, none into one
        [15.3]. A question of the map alone: answered once a hex."""
        got = self._zoc_reach.get(h)
        if got is None:
            got = self._zoc_reach[h] = frozenset() if self.is_fortress(h) else frozenset(
                n for n in self._neighbours(h)
                if not self.is_fortress(n) and not self.blocks_zoc(h, n))
        return got

    def open_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The neighbours not across an impassable hexside, in the order of
        `neighbours`: the steps of a withdrawal [6.6] or a retreat [11.7]."""
        got = self._open.get(h)
        if got is None:
            got = self._open[h] = tuple(n for n in self._neighbours(h)
                                        if not self.is_impassable(h, n))
        return got

    def in_contact(self, h: Hex, enemy_hex: Hex) -> bool:
        """Next to the enemy and not across an impassable hexside; with an
        enemy in a fortress, inside that fortress [15.3] [15.5]."""
        fort = self.fortress_of.get(enemy_hex)
        if fort is not None:
            return self.fortress_of.get(h) is fort
        return h.is_adjacent(enemy_hex) and not self.is_impassable(h, enemy_hex)

    def contact_hexes(self, enemy_hex: Hex) -> list[Hex]:
        """The hexes `in_contact` with an enemy in `enemy_hex`: its neighbours
        (not across an impassable hexside), or its fortress. Shared: callers
        must not change it."""
        got = self._contact.get(enemy_hex)
        if got is None:
            fort = self.fortress_of.get(enemy_hex)
            near = fort.hexes if fort is not None else self._neighbours(enemy_hex)
            got = self._contact[enemy_hex] = [g for g in near if self.in_contact(g, enemy_hex)]
        return got

    def blocks_zoc(self, a: Hex, b: Hex) -> bool:
        """[4.2] a ZoC reaches only where the unit could move: not across an
        impassable hexside."""
        return self.crossing(a, b).impassable

