"""The forces: the `side` blocks with their commanders [9.2], and the clans
[5.1] and units [4.1] of each, with their Orders [5.2] and set-up hexes."""

from __future__ import annotations

import enum

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario.model.common import Note, _pos
from tenkatoitsu.kinds.battle.scenario.model.plans import PlanStatus


class Order(enum.Enum):
    """The four Orders [5.2]; a clan without a marker is in Defense [5.3]."""

    ATTACK = "attack"
    DEFENSE = "defense"
    MOVEMENT = "movement"
    REGROUP = "regroup"


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
