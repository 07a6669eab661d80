"""The `map` block: its size, terrain, hexsides, roads and paths, zones, star
hexes, entry arrows [12], fortresses [15] and labels."""

from __future__ import annotations

from typing import Iterator, Union

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario.model.common import Note, _pos

#: marks a `hexside` statement may give besides the terrain chart's hexside types
HEXSIDE_MARKS = ("firearms-prepared", "non-obligatory")
#: the hexside type of a border with no feature; the terrain chart must define it
OPEN_HEXSIDE = "open"


@attrs.frozen
class HexRect:
    """Every hex between two corners (inclusive columns and rows)."""

    a: Hex
    b: Hex

    def hexes(self) -> Iterator[Hex]:
        c0, c1 = sorted((self.a.col, self.b.col))
        r0, r1 = sorted((self.a.row, self.b.row))
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                yield Hex.from_colrow(c, r)


HexItem = Union[Hex, HexRect]


def expand(items: tuple[HexItem, ...]) -> list[Hex]:
    out: list[Hex] = []
    for it in items:
        if isinstance(it, HexRect):
            out.extend(it.hexes())
        else:
            out.append(it)
    return out


@attrs.frozen
class TerrainArea:
    terrain: str
    hexes: tuple[HexItem, ...]
    pos: SourcePos | None = _pos()
    item_pos: tuple[SourcePos | None, ...] = attrs.field(default=(), eq=False, repr=False)


@attrs.frozen
class HexsideFeature:
    """A hexside type of the terrain chart (river, slope...) or a mark
    (firearms-prepared, non-obligatory). For a directed feature the
    hexside is climbed when crossing from `a` into `b`."""

    kind: str
    a: Hex
    b: Hex
    directed: bool = False
    pos: SourcePos | None = _pos()


@attrs.frozen
class Route:
    """A road or a path: a chain of adjacent hexes [6.5.2]."""

    kind: str  # road | path
    name: str | None
    hexes: tuple[Hex, ...]
    pos: SourcePos | None = _pos()
    hex_pos: tuple[SourcePos | None, ...] = attrs.field(default=(), eq=False, repr=False)


@attrs.frozen
class Zone:
    """A named zone such as Mount Tennō's two yellow-bordered zones [19.2.3]."""

    id: str
    name: str | None
    hexes: tuple[HexItem, ...]
    pos: SourcePos | None = _pos()


@attrs.frozen
class Star:
    """A star hex worth VP at the end to the side whose colour it bears [21.7.3]."""

    hex: Hex
    vp: int
    side: str
    pos: SourcePos | None = _pos()


@attrs.frozen
class Entry:
    """An off-map entry arrow [12]."""

    id: str
    hex: Hex
    name: str | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class Fortress:
    """A fortress of one or more hexes, fought over on its siege map [15]."""

    id: str
    name: str
    hexes: tuple[Hex, ...]
    siege_map: str
    pos: SourcePos | None = _pos()


@attrs.frozen
class Label:
    hex: Hex
    text: str
    pos: SourcePos | None = _pos()


@attrs.frozen
class Map:
    width: int
    height: int
    default_terrain: str = "clear"
    terrain: tuple[TerrainArea, ...] = ()
    hexsides: tuple[HexsideFeature, ...] = ()
    routes: tuple[Route, ...] = ()
    zones: tuple[Zone, ...] = ()
    stars: tuple[Star, ...] = ()
    entries: tuple[Entry, ...] = ()
    fortresses: tuple[Fortress, ...] = ()
    labels: tuple[Label, ...] = ()
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()
