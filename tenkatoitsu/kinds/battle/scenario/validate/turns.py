"""Checks of the turn track: the start turn, night [14] and fatigue [13]
turns within it."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.kinds.battle.scenario import model as m


def check_turns(c: Checker, t: m.TurnTrack):
    if t.start is not None and not (t.first <= t.start <= t.last):
        c.error(f"start turn {t.start} is outside the turn track {t.first}..{t.last}", t.pos)
    for what, spans in (("night", t.night), ("fatigue", t.fatigue)):
        for sp in spans:
            lo = sp.lo if sp.lo is not None else t.first
            hi = sp.hi if sp.hi is not None else t.last
            if lo < t.first or hi > t.last:
                c.error(f"{what} turns {sp.text()} fall outside the turn track "
                        f"{t.first}..{t.last}", t.pos)
