"""A fortress's siege map [15.1] [15.2] as pure queries: its areas, the Lines
of attack between them with their Defense values, and the main-map hexes each
Peripheral Area is linked to. Built once per fortress from the frozen
`model.SiegeMap`; the markers on it live in `state.SiegeState`."""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.scenario import model as m

BASE, KEY, PERIPHERAL = "base", "key", "peripheral"


class SiegeGeometry:
    def __init__(self, fortress: m.Fortress, sm: m.SiegeMap):
        self.fortress = fortress
        self.map = sm
        self.areas: dict[str, m.SiegeArea] = {a.id: a for a in sm.areas}
        self.order = [a.id for a in sm.areas]  # the author's order: options are listed in it
        self.centre = next(a.id for a in sm.areas if a.kind == BASE)
        self.peripheral = [a.id for a in sm.areas if a.kind == PERIPHERAL]
        self.neighbours: dict[str, list[str]] = {a: [] for a in self.order}
        self._lines: dict[tuple[str, str], list[m.SiegeLine]] = {}
        for ln in sm.lines:
            if ln.a not in self.areas or ln.b not in self.areas or ln.a == ln.b:
                continue  # the validator reports these
            for x, y in ((ln.a, ln.b), (ln.b, ln.a)):
                if y not in self.neighbours[x]:
                    self.neighbours[x].append(y)
                self._lines.setdefault((x, y), []).append(ln)

    def is_peripheral(self, area: str) -> bool:
        return self.areas[area].kind == PERIPHERAL

    def name(self, area: str) -> str:
        a = self.areas[area]
        return f"{area} ({a.name})" if a.name else area

    def defense(self, frm: str, target: str) -> int:
        """[15.1] the Defense value where the Lines of attack from `frm` touch
        `target`: the value printed at that end of the line, else the single
        value printed on the area's edge (shared by every line that reaches
        it), else 0. A combat entirely within a Peripheral Area has Defense 0.
        Several lines between the same two areas: the lowest."""
        if frm == target:
            return 0
        values = []
        for ln in self._lines.get((frm, target), ()):
            at_target = ln.defense_a if ln.a == target else ln.defense_b
            if at_target is None:
                at_target = self.areas[target].defense
            values.append(at_target or 0)
        return min(values, default=0)

    def connected(self, starts: Iterable[str], passable: Callable[[str], bool]) -> list[str]:
        """The areas reached from `starts` by an uninterrupted sequence of
        areas for which `passable` holds (the starts themselves must hold it),
        in map order."""
        seen = {s for s in starts if passable(s)}
        todo = deque(seen)
        while todo:
            a = todo.popleft()
            for n in self.neighbours[a]:
                if n not in seen and passable(n):
                    seen.add(n)
                    todo.append(n)
        return [a for a in self.order if a in seen]

    def linked_hexes(self, area: str) -> tuple[Hex, ...]:
        return self.areas[area].hexes

    def area_of_entry(self, came_from: Hex) -> str:
        """[15.7.1] the Peripheral Area bearing the letter of the hex the
        units come from. Reading made here: from a hex that no area lists,
        the area with a linked hex nearest to it (the first in map order on a
        tie), so that every approach enters somewhere."""
        for a in self.peripheral:
            if came_from in self.areas[a].hexes:
                return a
        return min(self.peripheral,
                   key=lambda a: (min((hex_distance(came_from, h) for h in self.areas[a].hexes),
                                      default=99), self.order.index(a)))


@per_position(key=lambda game, fortress_id: fortress_id)
def geometry(game, fortress_id: str) -> SiegeGeometry:
    """The siege map of a fortress, built once per game."""
    f = next(f for f in game.scenario.map.fortresses if f.id == fortress_id)
    sm = next(s for s in game.scenario.siege_maps() if s.id == f.siege_map)
    return SiegeGeometry(f, sm)
