"""The events of a fortress siege [15]: each names its rule and reads as a
line of the log."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tenkatoitsu.core.events import Event


@attrs.frozen
class SiegeBegan(Event):
    fortress: str = ""
    besieger: str = ""
    besieged: str = ""

    def text(self):
        return f"siege of {self.fortress}: {self.besieger} attacks, {self.besieged} is besieged"


@attrs.frozen
class SiegeTrack(Event):
    """A move on the Manpower or the Out of Combat track [15.4.1] [15.4.2]."""

    fortress: str = ""
    side: str = ""
    track: str = ""  # manpower | out-of-combat
    delta: int = 0
    value: int = 0
    reason: str = ""

    def text(self):
        name = "Manpower" if self.track == "manpower" else "Out of Combat"
        return f"{self.side} {name} {self.delta:+d} -> {self.value} ({self.reason})"


@attrs.frozen
class ControlMarker(Event):
    """A Control marker placed, moved or removed on a siege map [15.4.4]."""

    fortress: str = ""
    side: str = ""
    area: str = ""
    action: str = ""  # placed | moved | removed
    origin: str | None = None  # moved: the area it came from
    reason: str = ""

    def text(self):
        frm = f" from {self.origin}" if self.origin else ""
        return f"{self.side} Control marker {self.action} in {self.area}{frm} ({self.reason})"


@attrs.frozen
class SiegeActions(Event):
    fortress: str = ""
    side: str = ""
    points: int = 0
    firepower: int = 0
    leadership: int = 0

    def text(self):
        return (f"{self.side} Siege Actions at {self.fortress}: {self.points} "
                f"(1 + Firepower {self.firepower} + Leadership {self.leadership})")


@attrs.frozen
class SiegeActivity(Event):
    fortress: str = ""
    side: str = ""
    activity: str = ""
    left: int = 0

    NAMES: ClassVar[dict[str, str]] = {"move-troops": "move troops", "assault": "assault",
                                       "fire": "fire!", "rally": "rally the troops"}

    def text(self):
        what = self.NAMES.get(self.activity, self.activity)
        left = f"{self.left} Siege Action point{'s' if self.left != 1 else ''} left"
        return f"{self.side} siege activity: {what} ({left})"


@attrs.frozen
class AssaultResolved(Event):
    fortress: str = ""
    side: str = ""
    target: str = ""
    attack: int = 0
    defense: int = 0
    outcome: str = ""  # attacker | defender | tie

    def text(self):
        won = {"attacker": "the attacker wins", "defender": "the defender wins",
               "tie": "a tie"}[self.outcome]
        return f"assault on {self.target}: {self.attack} against {self.defense}: {won}"


@attrs.frozen
class ClanLeftSiege(Event):
    fortress: str = ""
    clan: str = ""
    area: str = ""

    def text(self):
        return f"clan {self.clan} relinquishes the siege of {self.fortress} through {self.area}"


@attrs.frozen
class SiegeEnded(Event):
    fortress: str = ""
    victor: str | None = None
    survivor_score: int = 0
    out_of_combat: int = 0

    def text(self):
        if self.victor is None:
            return f"the siege of {self.fortress} ends with no side left inside"
        return (f"the siege of {self.fortress} ends: {self.victor} holds it "
                f"(Survivor score {self.survivor_score})")


@attrs.frozen
class SiegeSurvivors(Event):
    """The victor's choice of survivors [15.9]."""

    fortress: str = ""
    side: str = ""
    kept: tuple[str, ...] = ()
    eliminated: tuple[str, ...] = ()
    disorganized: tuple[str, ...] = ()

    def text(self):
        dis = f", Disorganized: {', '.join(self.disorganized)}" if self.disorganized else ""
        out = f", eliminated: {', '.join(self.eliminated)}" if self.eliminated else ""
        return f"{self.side} keeps {', '.join(self.kept) or 'no unit'} in {self.fortress}{dis}{out}"
