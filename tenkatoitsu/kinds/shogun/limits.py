"""The limits that hold whenever units are added [SC-3.7]: the army card's
squares [SC-3.3], the provincial force's five units [SC-3.4] and the ronin
limit [SC-10.5]."""

from __future__ import annotations

from tenkatoitsu.kinds.shogun.scenario.model import SAMURAI


def army_room(t, army, unit: str) -> bool:
    """[SC-3.3] A free square for `unit` on the army card: 4 S, 10 A."""
    c = t.components
    if c.unit(unit).square == SAMURAI:
        return army.units["bowman"] + army.units["swordsman"] < c.samurai_squares
    return army.units["gunner"] + army.units["spearman"] < c.ashigaru_squares


def ronin_limit(military: int) -> int:
    """[SC-10.5] At most the troop's military units less one."""
    return max(0, military - 1)
