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

from tenkatoitsu.core.driver import Driver
from tenkatoitsu.core.events import Event
from tenkatoitsu.session import Session, load

_ATOMS = (str, int, float, bool, type(None), enum.Enum, frozenset)


def snapshot(value):
    """A deep copy of a game state, fast: attrs records, lists, dicts and sets
    are copied; strings, numbers, enums and named tuples (value types such as
    hexes) are shared (immutable); anything else falls back to copy.deepcopy."""
    if isinstance(value, _ATOMS) or (isinstance(value, tuple) and hasattr(value, "_fields")):
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
    state: object  # a deep copy of the game's state just after the event
    answered: int  # decisions answered when the event happened


class History:
    """Listens to a game and keeps one Frame per event."""

    def __init__(self, game):
        self.frames: list[Frame] = []
        self.driver: Driver | None = None  # set once the rules run: counts the answers
        #: the seat that answered each decision (for undo: whose decisions to take back)
        self.asked: list[str] = []
        self._game = game
        for e in game.events:  # events emitted before the listener was attached
            self.frames.append(Frame(e, snapshot(game.state), 0))
        game.listeners.append(self._on_event)

    def _on_event(self, event: Event) -> None:
        answered = len(self.driver.answers) if self.driver is not None else 0
        self.frames.append(Frame(event, snapshot(self._game.state), answered))

    def turn_starts(self) -> dict[int, int]:
        """Turn number -> index of the event that opened it (an event marked `heading`)."""
        out = {}
        for i, f in enumerate(self.frames):
            turn = getattr(f.event, "turn", None)
            if f.event.heading and isinstance(turn, int) and turn not in out:
                out[turn] = i
        return out

    def detach(self) -> None:
        if self._on_event in self._game.listeners:
            self._game.listeners.remove(self._on_event)


@attrs.define
class Recorded:
    session: Session
    history: History


def start_recorded(scenario, *, variants=(), seed: int = 0, options=None, players=None,
                   answers=(), listeners=()) -> Recorded:
    """Session.start with a History (and `listeners`) attached before the first
    rule runs, then `answers` replayed (a ValueError if one does not replay).
    `scenario`: a path, a bundled name or a loaded ScenarioFile."""
    holder: list[History] = []

    def attach(game) -> None:
        holder.append(History(game))
        game.listeners.extend(listeners)

    session = Session.start(scenario, variants=variants, seed=seed, options=options,
                            players=players, on_game=attach)
    history = holder[0]
    driver = session.driver  # it ran to the first decision: no answer counted yet
    history.driver = driver
    for a in answers:
        if driver.finished:
            raise ValueError(f"the game ended before answer {len(driver.answers) + 1}")
        player = session.player_to_answer()
        driver.answer(a)
        history.asked.append(player)
    return Recorded(session, history)


def load_recorded(path: str | Path, listeners=()) -> tuple[Recorded, str, bool]:
    """A save file replayed with its History: (recorded, message, in sync)."""
    report = load(path)  # checks every die and event against the save's digest
    s = report.session
    rec = start_recorded(s.scenario, variants=s.game.variants, seed=s.game.seed,
                         options=s.game.options, players=s.game.players,
                         answers=s.driver.answers, listeners=listeners)
    message = report.message + (f" ({report.scenario_note})" if report.scenario_note else "")
    return rec, message, report.events_match and report.digest_match
