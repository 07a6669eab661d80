"""The dice race itself: its rules as a generator of Decisions. The rulebook:

[DR-1] Every runner starts in the start area; players go in the order listed.
[DR-2] A round: each player takes one turn; the race lasts `turns` rounds.
[DR-3] On your turn, push or rest. Push: roll one die; `push_needs` (4) or
       more moves your runner one area along the shortest path to the goal,
       a 1 one area back toward the start, anything else leaves it there.
[DR-4] Rest: nothing happens.
[DR-5] The first runner in the goal wins at once.
[DR-6] After the last round with no runner there, the race is a draw.
[DR-7] A player's score is the areas its runner has advanced toward the goal."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.core.dice import Dice
from tenkatoitsu.core.events import Event, EventDigest


@attrs.frozen
class Options:
    push_needs: int = attrs.field(default=4, validator=attrs.validators.in_(range(2, 7)),
                                  metadata={"label": "a push needs (2-6) [DR-3]"})


class RaceEvent(Event):
    """An event of the race; its log line is `line` filled from its fields."""

    line: ClassVar[str] = ""

    def text(self) -> str:
        return self.line.format(**attrs.asdict(self))


@attrs.frozen
class RaceRound(RaceEvent):
    turn: int
    heading = True  # a new part of the game: the log and the replay bar mark it
    line = "round {turn}"


@attrs.frozen
class RunnerMoved(RaceEvent):
    player: str
    frm: str
    to: str
    line = "{player} runs from {frm} to {to}"


@attrs.frozen
class RunnerRested(RaceEvent):
    player: str
    line = "{player} rests"


@attrs.frozen
class RaceEnded(RaceEvent):
    winner: str | None
    level: str

    def text(self) -> str:
        return f"{self.winner} wins: {self.level}" if self.winner else "the race is a draw"


@attrs.define
class RaceState:
    at: dict[str, str]  # player -> area
    round: int = 0
    winner: str | None = None
    level: str | None = None


class Game:
    """A race in progress, as the shared services read it (contract.Game)."""

    variants = ()

    def __init__(self, scenario, seed: int, options: Options):
        self.scenario, self.seed, self.options = scenario, seed, options
        self.players = tuple(scenario.names("player"))
        self.board, self.start, self.goal = (scenario.board(), scenario.arg("start_area"),
                                             scenario.arg("goal"))
        self.state = RaceState({p: self.start for p in self.players})
        self.events, self.digest, self.listeners = [], EventDigest(), []
        self.dice = Dice(seed, self.emit)

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.digest.add(event)
        for listener in self.listeners:
            listener(event)

    def to_go(self, area: str) -> int:
        return self.board.distance(area, self.goal)


PUSH_OR_REST = (Option("push", "push", "a die: forward on the number needed, back on a 1"),
                Option("rest", "rest", "stay where you are"))


def play(g: Game):
    st = g.state
    for rnd in range(1, g.scenario.arg("turns") + 1):
        st.round = rnd
        g.emit(RaceRound("DR-2", rnd))
        for p in g.players:
            answer = yield Decision(p, "push-or-rest", f"{p}: push or rest?", PUSH_OR_REST, "DR-3")
            if answer == "rest":
                g.emit(RunnerRested("DR-4", p))
                continue
            face, here = g.dice.d6("push", "DR-3", side=p), st.at[p]
            toward = g.goal if face >= g.options.push_needs else g.start if face == 1 else here
            path = g.board.shortest_path(here, toward)
            if len(path) > 1:
                st.at[p] = path[1]
                g.emit(RunnerMoved("DR-3", p, here, path[1]))
            if st.at[p] == g.goal:
                st.winner, st.level = p, f"reached {g.board[g.goal].name}"
                g.emit(RaceEnded("DR-5", p, st.level))
                return
    st.level = "draw"
    g.emit(RaceEnded("DR-6", None, st.level))


class BoldBot(RandomBot):
    """Always pushes: the race's reckless runner."""

    name = "bold"

    def choose(self, decision: Decision):
        return "push"
