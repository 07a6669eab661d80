"""The `variant` blocks, the changes each makes to the base set-up, and the
rule modules (`rule NAME { param values }`) a scenario or a variant switches
on."""

from __future__ import annotations

from typing import Union

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.kinds.battle.scenario.model.common import Note, _pos


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
