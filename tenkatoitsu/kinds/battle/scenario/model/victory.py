"""The `victory` block [17]: sources of VP, automatic victories, the margin,
samurai lines [16.1] and victory levels [19.5.2]."""

from __future__ import annotations

from typing import Union

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario.model.common import Note, Span, _pos


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
