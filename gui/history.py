"""A game's history for the replay viewer: every event with the state just
after it, and how many decisions had been answered then. Qt-free.

A game is scenario + seed + decisions, so any past point is reached again by
replaying a prefix of the answers; continuing from there with other choices
is a branch [ARCHITECTURE 1]."""

from __future__ import annotations

import copy
import enum
from pathlib import Path

import attrs

from tenkatoitsu.battle.game import Game, Options
from tenkatoitsu.battle.load import load_scenario
from tenkatoitsu.battle.play import play
from tenkatoitsu.battle.session import Session
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.core.events import Event
from tenkatoitsu.core.persistence import read_save
from tenkatoitsu.hexmap import Hex

_ATOMS = (str, int, float, bool, type(None), Hex, enum.Enum, frozenset)


def snapshot(value):
    """A deep copy of a game state, fast: attrs records, lists, dicts and sets
    are copied; strings, numbers, hexes, enums are shared (immutable);
    anything else falls back to copy.deepcopy."""
    if isinstance(value, _ATOMS):
        return value
    if isinstance(value, list):
        return [snapshot(v) for v in value]
    if isinstance(value, dict):
        return {k: snapshot(v) for k, v in value.items()}
    if isinstance(value, (set, tuple)):
        return type(value)(snapshot(v) for v in value)
    if attrs.has(type(value)):
        new = copy.copy(value)
        for f in attrs.fields(type(value)):
            object.__setattr__(new, f.name, snapshot(getattr(value, f.name)))
        return new
    return copy.deepcopy(value)


@attrs.frozen
class Frame:
    event: Event
    state: object  # a deep copy of the GameState just after the event
    answered: int  # decisions answered when the event happened


class History:
    """Listens to a game and keeps one Frame per event."""

    def __init__(self, game: Game):
        self.frames: list[Frame] = []
        self.driver: Driver | None = None  # set once the rules run: counts the answers
        #: the side that answered each decision (for undo: whose decisions to take back)
        self.asked: list[str] = []
        self._game = game
        for e in game.events:  # events emitted before the listener was attached
            self.frames.append(Frame(e, snapshot(game.state), 0))
        game.listeners.append(self._on_event)

    def _on_event(self, event: Event) -> None:
        answered = len(self.driver.answers) if self.driver is not None else 0
        self.frames.append(Frame(event, snapshot(self._game.state), answered))

    def turn_starts(self) -> dict[int, int]:
        """Turn number -> index of its TurnStarted event."""
        out = {}
        for i, f in enumerate(self.frames):
            if type(f.event).__name__ == "TurnStarted" and f.event.turn not in out:
                out[f.event.turn] = i
        return out

    def detach(self) -> None:
        if self._on_event in self._game.listeners:
            self._game.listeners.remove(self._on_event)


class GameAt:
    """A game seen at a past state, for the engine's pure queries (such as
    view.player_view): its methods run on that state, everything else is the
    game's own."""

    def __init__(self, game: Game, state):
        self._game = game
        self.state = state

    def __getattr__(self, name: str):
        attr = getattr(type(self._game), name, None)
        if callable(attr):
            return attr.__get__(self)
        return getattr(self._game, name)


@attrs.define
class Recorded:
    session: Session
    history: History


def start_recorded(scenario_path: str | Path, *, variants=(), seed: int = 0,
                   options: Options = Options(), answers=(), scenario=None,
                   listeners=()) -> Recorded:
    """Session.start with a History (and `listeners`) attached before the first
    rule runs, then `answers` replayed (a ValueError if one does not replay)."""
    scenario = scenario or load_scenario(scenario_path)
    game = Game(scenario, variants=variants, seed=seed, options=options)
    history = History(game)
    game.listeners.extend(listeners)
    driver = Driver(play(game))  # runs to the first decision: no answer counted yet
    history.driver = driver
    session = Session(str(scenario_path), game, driver)
    for a in answers:
        if driver.finished:
            raise ValueError(f"the game ended before answer {len(driver.answers) + 1}")
        side = driver.pending.side or game.side_ids[0]
        driver.answer(a)
        history.asked.append(side)
    return Recorded(session, history)


def load_recorded(path: str | Path, listeners=()) -> tuple[Recorded, str, bool]:
    """A save file replayed with its History: (recorded, message, in sync)."""
    from tenkatoitsu.battle.session import load

    report = load(path)  # checks every die and event against the save's digest
    data = read_save(path)
    scen = report.session.game.scenario
    rec = start_recorded(data["scenario"], variants=data["variants"], seed=data["seed"],
                         options=report.session.game.options,
                         answers=report.session.driver.answers, scenario=scen,
                         listeners=listeners)
    rec.session.scenario_path = report.session.scenario_path
    return rec, report.message, report.events_match and report.digest_match
