"""The events of a Tenkatoitsu battle. Each names the rule that produced it and
reads as a line of the log."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tenkatoitsu.core.events import Event


@attrs.frozen
class GameStarted(Event):
    scenario: str = ""
    variants: tuple[str, ...] = ()
    seed: int = 0

    def text(self):
        v = f" ({', '.join(self.variants)})" if self.variants else ""
        return f"game starts: {self.scenario}{v}, seed {self.seed}"


@attrs.frozen
class TurnStarted(Event):
    turn: int = 0
    night: bool = False
    fatigue: bool = False

    heading: ClassVar[bool] = True  # [3.2] a new turn

    def text(self):
        extra = " (night)" if self.night else ""
        extra += " (fatigue)" if self.fatigue else ""
        return f"=== turn {self.turn}{extra}"


@attrs.frozen
class PhaseStarted(Event):
    phase: str = ""
    side: str | None = None
    clan: str | None = None

    def text(self):
        who = " ".join(x for x in (self.side, f"clan {self.clan}" if self.clan else None) if x)
        return f"-- {self.phase}" + (f": {who}" if who else "")


@attrs.frozen
class ChitMoved(Event):
    chit: str = ""
    source: str = ""
    target: str = ""

    terse: ClassVar[bool] = True

    def text(self):
        return f"chit {self.chit}: {self.source} -> {self.target}"


@attrs.frozen
class ChitDrawn(Event):
    chit: str = ""
    left: int = 0

    reveals: ClassVar[bool] = True  # [7.1] a chit drawn from the Bowl

    def text(self):
        return f"draws {self.chit} from the Bowl ({self.left} left)"


@attrs.frozen
class CommandPoints(Event):
    side: str = ""
    roll: int = 0
    modifier: int = 0
    cp: int = 0

    def text(self):
        return f"{self.side} receives {self.cp} CP (roll {self.roll} {self.modifier:+d})"


@attrs.frozen
class OrderChanged(Event):
    clan: str = ""
    old: str = ""
    new: str = ""

    def text(self):
        return f"clan {self.clan}: order {self.old} -> {self.new}"


@attrs.frozen
class OrderChangeFailed(Event):
    clan: str = ""
    wanted: str = ""
    total: int = 0
    needed: int = 0

    def text(self):
        return f"clan {self.clan} fails to change to {self.wanted} ({self.total} < {self.needed})"


@attrs.frozen
class HiddenOrderChanged(OrderChanged):
    """[5.3] with hidden orders the marker changes on its side's hidden
    Honjin: only that side reads it (a finished game's log shows it)."""

    side: str = ""

    def visible_to(self, viewer):
        return viewer is None or viewer == self.side


@attrs.frozen
class HiddenOrderChangeFailed(OrderChangeFailed):
    """[5.3] [8.1] the order a clan wanted, behind the hidden Honjin."""

    side: str = ""

    def visible_to(self, viewer):
        return viewer is None or viewer == self.side


@attrs.frozen
class UnitMoved(Event):
    unit: str = ""
    path: tuple[str, ...] = ()
    movement: str = ""

    def text(self):
        return f"{self.unit} {self.movement}: {' -> '.join(self.path)}"


@attrs.frozen
class UnitEntered(Event):
    unit: str = ""
    entry: str = ""

    def text(self):
        return f"{self.unit} enters the map at {self.entry}"


@attrs.frozen
class StepsLost(Event):
    unit: str = ""
    steps: int = 0
    state: str = ""

    def text(self):
        return f"{self.unit} loses {self.steps} step{'s' if self.steps != 1 else ''}: {self.state}"


@attrs.frozen
class UnitEliminated(Event):
    unit: str = ""
    elan: int = 0

    def text(self):
        return f"{self.unit} is eliminated"


@attrs.frozen
class UnitRallied(Event):
    unit: str = ""
    levels: int = 0
    state: str = ""

    def text(self):
        return f"{self.unit} rallies {self.levels} level{'s' if self.levels != 1 else ''}: {self.state}"


@attrs.frozen
class LeaderKilled(Event):
    unit: str = ""
    bundori: int = 0
    to_side: str = ""

    def text(self):
        return f"the leader of {self.unit} is killed: {self.to_side} gains {self.bundori} Bundori"


@attrs.frozen
class CombatResolved(Event):
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    blue: int = 0
    red: int = 0
    result: str = ""

    def text(self):
        return (f"combat {'+'.join(self.attackers)} vs {'+'.join(self.defenders)}: "
                f"blue {self.blue}, red {self.red} -> {self.result}")


@attrs.frozen
class VictoryPoints(Event):
    side: str = ""
    vp: int = 0
    reason: str = ""

    def text(self):
        return f"{self.side} gains {self.vp} VP ({self.reason})"


@attrs.frozen
class Note(Event):
    """A rule's outcome that changes nothing by itself (a passed test, a choice)."""

    message: str = ""

    def text(self):
        return self.message


@attrs.frozen
class GameEnded(Event):
    winner: str | None = None
    level: str | None = None
    vp: tuple[tuple[str, int], ...] = ()

    def text(self):
        vp = ", ".join(f"{s} {v}" for s, v in self.vp)
        return f"game over: {self.level or (self.winner or 'draw')} ({vp})"


# ---------------------------------------------------------------- battle plans [10]

@attrs.frozen
class _Secret(Event):
    """An event only its side may read [10.1] [10.2]; PlanRevealed tells the
    opponent the plan later, a finished game's log (viewer None) shows all."""

    side: str = ""

    def visible_to(self, viewer):
        return viewer is None or viewer == self.side


@attrs.frozen
class PlanChosen(_Secret):
    plan: str = ""

    def text(self):
        return f"{self.side} secretly chooses the battle plan {self.plan}"


@attrs.frozen
class PlanCpSaved(_Secret):
    cp: int = 0
    total: int = 0

    def text(self):
        return f"{self.side} saves {self.cp} CP toward the battle plan ({self.total} saved)"


@attrs.frozen
class PlanActivation(Event):
    side: str = ""
    roll: int = 0
    modifier: int = 0
    saved: int = 0
    success: bool = False
    lost: int = 0

    def text(self):
        # the roll is open, the CP saved are not [10.2]: the owner reads them
        # in PlanCpSaved, the opponent only the outcome
        mod = f" {self.modifier:+d}" if self.modifier else ""
        if self.success:
            return f"{self.side} activates the battle plan: 2D6 {self.roll}{mod} <= the CP saved"
        return (f"{self.side} fails to activate the battle plan: 2D6 {self.roll}{mod} > the CP "
                "saved; the difference is lost")


@attrs.frozen
class PlanRevealed(Event):
    side: str = ""
    plan: str = ""
    why: str = ""

    def text(self):
        return f"{self.side}'s battle plan is revealed: {self.plan} ({self.why})"


@attrs.frozen
class TacticAssigned(Event):
    side: str = ""
    tactic: str = ""
    clans: tuple[str, ...] = ()
    turn: int = 0
    cost: int = 0

    def text(self):
        return (f"{self.side} logs {self.tactic} for clan{'s' if len(self.clans) > 1 else ''} "
                f"{', '.join(self.clans)} on turn {self.turn} ({self.cost} CP)")


@attrs.frozen
class TacticPerformed(Event):
    side: str = ""
    tactic: str = ""
    clans: tuple[str, ...] = ()

    def text(self):
        who = ", ".join(self.clans) if self.clans else "no clan"
        return f"{self.side} performs {self.tactic}: {who}"


@attrs.frozen
class DefensivePositionPlaced(Event):
    side: str = ""
    unit: str = ""
    hex: str = ""

    def text(self):
        return f"{self.side} places a defensive position marker with {self.unit} in {self.hex}"


@attrs.frozen
class CombatDeclared(Event):
    """The modifiers of a combat, line by line, shown before the dice are rolled."""

    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    supports: tuple[str, ...] = ()
    blue: int = 0
    red: int = 0
    lines: tuple[tuple[str, str, int, int], ...] = ()  # (label, rule, blue, red)

    def text(self):
        detail = "; ".join(f"{label} [{rule}]" for label, rule, _, _ in self.lines)
        return (f"combat {'+'.join(self.attackers)} vs {'+'.join(self.defenders)}: modifiers "
                f"blue {self.blue:+d}, red {self.red:+d}" + (f" ({detail})" if detail else ""))


@attrs.frozen
class RoutTested(Event):
    """[11.11] 1D6 + highest Leadership + 1 per non-exhausted unit of the clan."""

    clan: str = ""
    roll: int = 0
    leadership: int = 0
    fresh_units: int = 0
    total: int = 0
    result: str = ""

    def text(self):
        return (f"rout test of clan {self.clan}: {self.roll} + leadership {self.leadership} "
                f"+ {self.fresh_units} non-exhausted = {self.total}: {self.result}")
