"""A whole file: a `scenario` block or a `rules` file (a library of standard
tables, battle plans and siege maps), its `version` and the files it `use`s.
The Scenario's lookups search its own definitions first, then each used file
in order."""

from __future__ import annotations

from typing import Iterator, Union

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.kinds.battle.scenario.model.common import Note, _pos
from tenkatoitsu.kinds.battle.scenario.model.forces import Clan, Side, Unit
from tenkatoitsu.kinds.battle.scenario.model.map import Map
from tenkatoitsu.kinds.battle.scenario.model.plans import BattlePlan
from tenkatoitsu.kinds.battle.scenario.model.siege import SiegeMap
from tenkatoitsu.kinds.battle.scenario.model.tables import (
    CombatModifiers,
    CombatTypes,
    Crt,
    OrderChange,
    RangeTable,
    States,
    TerrainChart,
)
from tenkatoitsu.kinds.battle.scenario.model.turns import TurnTrack
from tenkatoitsu.kinds.battle.scenario.model.variants import RuleUse, Variant
from tenkatoitsu.kinds.battle.scenario.model.victory import Victory

FORMAT_VERSION = 1


@attrs.frozen
class Library:
    """Definitions that a scenario may hold itself or take from `use`d files."""

    tables: tuple[RangeTable, ...] = ()
    crt: Crt | None = None
    order_change: OrderChange | None = None
    terrain_chart: TerrainChart | None = None
    combat_types: CombatTypes | None = None
    combat_modifiers: CombatModifiers | None = None
    states: States | None = None
    battle_plans: tuple[BattlePlan, ...] = ()
    siege_maps: tuple[SiegeMap, ...] = ()
    notes: tuple[Note, ...] = ()


@attrs.frozen
class Use:
    path: str
    pos: SourcePos | None = _pos()


@attrs.frozen
class RulesDoc:
    """A `rules` file: a library of standard tables for scenarios to `use`."""

    name: str
    library: Library = Library()
    version: int | None = None
    file: str | None = attrs.field(default=None, eq=False)
    pos: SourcePos | None = _pos()


@attrs.frozen
class Scenario:
    name: str
    kind: str = "battle"
    version: int | None = None
    uses: tuple[Use, ...] = ()
    scale: str | None = None
    turns: TurnTrack | None = None
    variants: tuple[Variant, ...] = ()
    map: Map | None = None
    sides: tuple[Side, ...] = ()
    victory: Victory | None = None
    rules: tuple[RuleUse, ...] = ()
    library: Library = Library()  # the scenario's own definitions
    included: tuple[RulesDoc, ...] = ()  # resolved `use`s, in order
    file: str | None = attrs.field(default=None, eq=False)
    pos: SourcePos | None = _pos()

    # -- lookups over own and included definitions (own first)
    def libraries(self) -> Iterator[Library]:
        yield self.library
        for doc in self.included:
            yield doc.library

    def _first(self, field: str):
        for lib in self.libraries():
            value = getattr(lib, field)
            if value is not None:
                return value
        return None

    @property
    def crt(self) -> Crt | None:
        return self._first("crt")

    @property
    def order_change(self) -> OrderChange | None:
        return self._first("order_change")

    @property
    def terrain_chart(self) -> TerrainChart | None:
        return self._first("terrain_chart")

    @property
    def combat_types(self) -> CombatTypes | None:
        return self._first("combat_types")

    @property
    def combat_modifiers(self) -> CombatModifiers | None:
        return self._first("combat_modifiers")

    @property
    def states(self) -> States | None:
        return self._first("states")

    def table(self, name: str) -> RangeTable | None:
        for lib in self.libraries():
            for t in lib.tables:
                if t.name == name:
                    return t
        return None

    def all_tables(self) -> list[RangeTable]:
        return [t for lib in self.libraries() for t in lib.tables]

    def battle_plans(self) -> list[BattlePlan]:
        return [p for lib in self.libraries() for p in lib.battle_plans]

    def siege_maps(self) -> list[SiegeMap]:
        return [m for lib in self.libraries() for m in lib.siege_maps]

    def clans(self) -> Iterator[tuple[Side, Clan]]:
        for side in self.sides:
            for clan in side.clans:
                yield side, clan

    def units(self) -> Iterator[tuple[Side, Clan, Unit]]:
        for side in self.sides:
            for clan in side.clans:
                for unit in clan.units:
                    yield side, clan, unit


Document = Union[Scenario, RulesDoc]
