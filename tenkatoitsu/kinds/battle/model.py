"""The immutable definition of a Tenkatoitsu battle: what a `.tks` file says.

Every class is a frozen attrs record. Source positions (`pos`) are kept for
error messages but excluded from equality, so that ``parse(print(s)) == s``.
A game never edits its Scenario: everything that changes lives in GameState.
"""

from __future__ import annotations

import enum
from typing import Iterator, Union

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.hexmap import Hex

FORMAT_VERSION = 1


def _pos():
    return attrs.field(default=None, eq=False, repr=False)


class Order(enum.Enum):
    """The four Orders [5.2]; a clan without a marker is in Defense [5.3]."""

    ATTACK = "attack"
    DEFENSE = "defense"
    MOVEMENT = "movement"
    REGROUP = "regroup"


class Die(enum.Enum):
    """The two pairs of combat dice [2.4]: red picks the CRT row, blue the column."""

    BLUE = "blue"
    RED = "red"


@attrs.frozen
class Source:
    """Whether a table is typed from the rulebook or reconstructed, and why."""

    kind: str  # printed | reconstruction
    text: str | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class Note:
    text: str
    pos: SourcePos | None = _pos()


# --------------------------------------------------------------------- spans

@attrs.frozen
class Span:
    """An integer range with optional open ends: ``..2``, ``3``, ``5..``, ``2..4``."""

    lo: int | None
    hi: int | None

    def __contains__(self, value: int) -> bool:
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    @property
    def is_single(self) -> bool:
        return self.lo is not None and self.lo == self.hi

    def text(self) -> str:
        """As written in the DSL: ``..2``, ``3``, ``5..``, ``2..4``."""
        if self.lo is None:
            return f"..{self.hi}"
        if self.hi is None:
            return f"{self.lo}.."
        return str(self.lo) if self.lo == self.hi else f"{self.lo}..{self.hi}"


# --------------------------------------------------------------------- map

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


# --------------------------------------------------------------------- forces

@attrs.frozen
class Unit:
    """A counter [4.1]. `hex` None means off-map [12]."""

    id: str
    name: str
    elan: int = 0
    mass: int = 0
    fire: int = 0
    lead: int = 0
    lead_x: bool = False
    so_taisho: bool = False
    taisho: bool = False
    hex: Hex | None = None
    pos: SourcePos | None = _pos()
    hex_pos: SourcePos | None = attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class Clan:
    """A clan [5.1]: units sharing a letter or number, colour and name."""

    id: str
    name: str
    color: str | None = None
    order: Order = Order.DEFENSE
    entry: str | None = None
    chit: str | None = None  # vanguard | rearguard [19.4.2]
    flags: tuple[str, ...] = ()
    only: str | None = None  # variant in which alone the clan exists
    units: tuple[Unit, ...] = ()
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()


@attrs.frozen
class Commander:
    """A CP-generating leader [9.2] [21.2] and the command table he rolls on."""

    unit: str
    table: str
    exempt: tuple[Order, ...] = ()  # orders of his clan without the -1 penalty [19.2.1]
    pos: SourcePos | None = _pos()


@attrs.frozen
class PlanStatus:
    """Whether the side's battle plan is active at the start [10.2]."""

    active: bool = True
    modifier: int = 0  # added to the 2D6 activation roll
    pos: SourcePos | None = _pos()


@attrs.frozen
class Side:
    id: str
    name: str
    color: str | None = None
    so_taisho: Commander | None = None
    commanders: tuple[Commander, ...] = ()
    successors: tuple[str, ...] = ()
    plan: PlanStatus = PlanStatus()
    clans: tuple[Clan, ...] = ()
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()


# --------------------------------------------------------------------- turns, variants

@attrs.frozen
class TurnTrack:
    first: int
    last: int
    start: int | None = None
    night: tuple[Span, ...] = ()
    fatigue: tuple[Span, ...] = ()
    pos: SourcePos | None = _pos()

    def is_night(self, turn: int) -> bool:
        return any(turn in s for s in self.night)

    def is_fatigue(self, turn: int) -> bool:
        return any(turn in s for s in self.fatigue)

    @property
    def start_turn(self) -> int:
        return self.first if self.start is None else self.start


@attrs.frozen
class RuleParam:
    name: str
    values: tuple[Union[int, str], ...] = ()
    pos: SourcePos | None = _pos()


@attrs.frozen
class RuleUse:
    """A scenario rule module switched on and parameterised from the DSL."""

    name: str
    params: tuple[RuleParam, ...] = ()
    pos: SourcePos | None = _pos()


@attrs.frozen
class Change:
    """One change a variant makes to the base set-up.

    what: start (value turn) | default | group (value name) | order (target
    clan, value Order) | enter (clan, entry id) | chit (clan, mark) | place
    (unit, Hex or None for off-map) | plan (side, PlanStatus)."""

    what: str
    target: str | None = None
    value: object = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class Variant:
    id: str
    title: str | None = None
    changes: tuple[Change, ...] = ()
    rules: tuple[RuleUse, ...] = ()
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()

    @property
    def is_default(self) -> bool:
        return any(c.what == "default" for c in self.changes)

    @property
    def group(self) -> str | None:
        return next((c.value for c in self.changes if c.what == "group"), None)


# --------------------------------------------------------------------- tables

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


@attrs.frozen
class Tactic:
    name: str
    count: int
    cost: int | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class Ability:
    name: str
    count: int | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class BattlePlan:
    """A Battle Plan Log Sheet [10]: initial orders, tactics and abilities."""

    id: str
    name: str
    initial_orders: tuple[str, ...] = ("any",)
    tactics: tuple[Tactic, ...] = ()
    abilities: tuple[Ability, ...] = ()
    source: Source | None = None
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()


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


# --------------------------------------------------------------------- victory

@attrs.frozen
class Condition:
    """leader-killed UNIT | eliminated CLAN... | controls SIDE fortress F |
    holds SIDE HEX | unit UNIT in fortress F; `negated` for `not`."""

    kind: str
    args: tuple[Union[str, Hex], ...]
    negated: bool = False
    pos: SourcePos | None = _pos()


@attrs.frozen
class VpRule:
    """A source of VP [17.1]: elan-eliminated, bundori, hold HEX, stars, units-on-map."""

    kind: str
    args: tuple[int, ...] = ()
    at_end: bool = False
    pos: SourcePos | None = _pos()


@attrs.frozen
class AutomaticVictory:
    winner: str
    condition: Condition
    pos: SourcePos | None = _pos()


@attrs.frozen
class VictoryLevel:
    """First level whose lead range and conditions hold is the result [19.5.2]."""

    title: str
    winner: str  # a side id or 'none' for a draw
    lead_side: str
    lead: Span
    conditions: tuple[Condition, ...] = ()
    pos: SourcePos | None = _pos()


@attrs.frozen
class Victory:
    vp: tuple[VpRule, ...] = ()
    automatic: tuple[AutomaticVictory, ...] = ()
    margin: int | None = None  # win needs a lead of at least this, else draw
    samurai_lines: tuple[int, ...] = ()
    levels: tuple[VictoryLevel, ...] = ()
    notes: tuple[Note, ...] = ()
    pos: SourcePos | None = _pos()


# --------------------------------------------------------------------- documents

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
