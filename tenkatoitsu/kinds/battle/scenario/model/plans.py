"""Battle plans [10]: the Battle Plan Log Sheets (`battle-plan ID "NAME" { }`
in a rules file) and the status of a side's plan at the start (`battle-plan
active | inactive` in a `side` block or a variant)."""

from __future__ import annotations

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.kinds.battle.scenario.model.common import Note, Source, _pos


@attrs.frozen
class PlanStatus:
    """Whether the side's battle plan is active at the start [10.2]."""

    active: bool = True
    modifier: int = 0  # added to the 2D6 activation roll
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
