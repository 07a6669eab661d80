"""The tables a rules file (or a scenario) defines: die-result tables (`table
NAME`), the Combat Results Table [11.6], the Order Change Table [8.1], the
terrain chart [6.2] [11.6.2], the combat types [11.5], the combat modifiers
[11.6] and the unit states [4.3]."""

from __future__ import annotations

import enum
from typing import Union

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.kinds.battle.scenario.model.common import Note, Source, Span, _pos
from tenkatoitsu.kinds.battle.scenario.model.forces import Order

#: [2.3] the Delay Track on each Honjin: boxes 1 to 4 (no box 0); the
#: messenger table [9.1] and a chit's command distance [9.3] name one of them
DELAY_BOXES = 4


class Die(enum.Enum):
    """The two pairs of combat dice [2.4]: red picks the CRT row, blue the column."""

    BLUE = "blue"
    RED = "red"


@attrs.frozen
class TableRow:
    span: Span
    values: tuple[Union[int, str], ...]
    unmodified: bool = False
    pos: SourcePos | None = _pos()


@attrs.frozen
class RangeTable:
    """A die-result table: rally [8.5], rout [11.11], messengers [9.1],
    Bundori [9.2] or a side's command table [9.2]."""

    name: str
    rows: tuple[TableRow, ...]
    source: Source | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class CrtRow:
    span: Span
    cells: tuple[str, ...]
    pos: SourcePos | None = _pos()
    cell_pos: tuple[SourcePos | None, ...] = attrs.field(default=(), eq=False, repr=False)


@attrs.frozen
class Crt:
    """The Combat Results Table [11.6]: modified red total -> row, blue -> column."""

    columns: tuple[Span, ...]
    rows: tuple[CrtRow, ...]
    source: Source | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class OrderChangeRow:
    order: Order
    cells: tuple[tuple[int, int] | None, ...]  # (day, night) per column; None = same order
    pos: SourcePos | None = _pos()


@attrs.frozen
class OrderChange:
    """The Order Change Table [8.1]: 1D6 + highest Leadership >= value."""

    columns: tuple[Order, ...]
    rows: tuple[OrderChangeRow, ...]
    source: Source | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class Mp:
    """Movement points as a fraction (roads cost ½ [6.5.2]); None = impassable."""

    num: int
    den: int = 1

    @property
    def value(self) -> float:
        return self.num / self.den


@attrs.frozen
class Effects:
    """Combat effects of crossing a hexside, seen from the attacker [11.6.2]."""

    blue: int = 0
    assault_blue: int = 0  # only a Shingeki against Yari Fusuma
    firearms_prepared: bool = False
    non_obligatory: bool = False
    no_attack: bool = False
    cost: Mp | None = None  # overrides the hexside's cost in this direction
    impassable: bool = False


@attrs.frozen
class HexType:
    name: str
    edge: str | None = None  # hexside type its borders count as when entered
    enter: Mp | None = None
    night_shelter: bool = False  # no night march test [14]
    fortress: bool = False
    pos: SourcePos | None = _pos()


@attrs.frozen
class HexsideType:
    """A hexside type: MP to cross [6.2.2] and combat effects. Directed types
    (slopes) have separate `up` and `down` effects."""

    name: str
    both: Effects = Effects()
    up: Effects | None = None
    down: Effects | None = None
    pos: SourcePos | None = _pos()

    @property
    def directed(self) -> bool:
        return self.up is not None or self.down is not None


@attrs.frozen
class TerrainChart:
    hex_types: tuple[HexType, ...] = ()
    hexside_types: tuple[HexsideType, ...] = ()
    road: Mp | None = None
    path: Mp | None = None
    source: Source | None = None
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()


@attrs.frozen
class CombatTerm:
    stat: str  # elan | mass | fire
    die: Die
    if_prepared: bool = False  # only with firearms prepared [11.9]


@attrs.frozen
class CombatType:
    """How one combat type [11.5] turns a unit's values into dice modifiers."""

    name: str  # shingeki | ransen | hangeki | yari-fusuma
    role: str  # attacker | defender
    terms: tuple[CombatTerm, ...]
    pos: SourcePos | None = _pos()


@attrs.frozen
class CombatTypes:
    rows: tuple[CombatType, ...]
    source: Source | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class CombatModifier:
    name: str
    die: Die
    value: int | None = None  # None: the value comes from the situation (a state)
    pos: SourcePos | None = _pos()


@attrs.frozen
class CombatModifiers:
    rows: tuple[CombatModifier, ...]
    source: Source | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class States:
    """Unit states and their modifiers = steps lost [4.3]."""

    levels: tuple[tuple[str, int], ...]
    source: Source | None = None
    pos: SourcePos | None = _pos()
