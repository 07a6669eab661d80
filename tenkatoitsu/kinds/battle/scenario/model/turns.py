"""The `turns` block: the turn track, the start turn, night turns [14] and
fatigue turns [13]."""

from __future__ import annotations

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.kinds.battle.scenario.model.common import Span, _pos


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
