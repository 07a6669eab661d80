"""Siege maps [15]: the `siege-map` blocks of a rules file or a scenario, with
their areas (base, key, peripheral) and lines of attack."""

from __future__ import annotations

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario.model.common import Note, Source, _pos


@attrs.frozen
class SiegeArea:
    id: str
    kind: str  # base | key | peripheral
    name: str | None = None
    defense: int | None = None
    hexes: tuple[Hex, ...] = ()  # peripheral areas: the main-map hexes they link to
    pos: SourcePos | None = _pos()


@attrs.frozen
class SiegeLine:
    """A line of attack between two areas, with the Defense value at each end."""

    a: str
    b: str
    defense_a: int | None = None
    defense_b: int | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class SiegeMap:
    id: str
    name: str
    areas: tuple[SiegeArea, ...] = ()
    lines: tuple[SiegeLine, ...] = ()
    source: Source | None = None
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()
