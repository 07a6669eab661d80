"""Drives the engine for the window: the GUI is a Controller (it answers the
pending Decision for the human players and lets the bots answer theirs) plus
a subscriber to the game's events. It computes no rule.

Players: each seat is "human" or one of the kind's bots. The viewer is the
human seat whose screen is shown; in hot-seat play a screen is raised between
two humans' turns (`handover`), so that neither sees the other's secrets."""

from __future__ import annotations

from pathlib import Path

import attrs
from PySide6.QtCore import QObject, QTimer, Signal
from tenkatoitsu_gui.history import Recorded, load_recorded, start_recorded

from tenkatoitsu.core.decisions import Decision, IllegalAnswer
from tenkatoitsu.session import make_bot

HUMAN = "human"


@attrs.frozen
class GameSetup:
    """What the new game dialog asks: scenario, variants, players, options, seed.

    `scenario`: a path, a bundled name or a loaded ScenarioFile. `players`:
    (seat, "human" | bot name) for every seat in play (a seat it does not
    name is human; with a kind of 2-5 players, the seats named are those in
    play). `options`: the kind's game options as (name, value) pairs."""

    scenario: object
    variants: tuple[str, ...] = ()
    players: tuple[tuple[str, str], ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    seed: int = 1

    def player(self, seat: str) -> str:
        return dict(self.players).get(seat, HUMAN)

    def seats(self) -> tuple[str, ...] | None:
        return tuple(s for s, _ in self.players) or None


def default_player(seats, seat: str) -> str:
    """You play the first seat, the random bot the others."""
    return HUMAN if seat == seats[0] else "random"


class GameController(QObject):
    changed = Signal()  # the state, the pending decision or the viewer changed
    event = Signal(object)  # every engine event as it happens
    handover = Signal(str)  # hot-seat: pass the screen to this side
    finished = Signal()

    def __init__(self, recorded: Recorded, setup: GameSetup, parent=None):
        super().__init__(parent)
        self.setup = setup
        self._attach(recorded)
        self.bot_delay_ms = 0
        self.paused = False
        self.screened = False  # the hot-seat screen is up
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_tick)
        self.viewer = self._first_human()

    # ------------------------------------------------------------ building
    @classmethod
    def new_game(cls, setup: GameSetup, parent=None, scenario=None) -> "GameController":
        """`scenario`: the setup's scenario when already loaded (else it is read)."""
        rec = start_recorded(scenario or setup.scenario, variants=setup.variants,
                             seed=setup.seed, options=dict(setup.options),
                             players=setup.seats())
        return cls(rec, setup, parent)

    @classmethod
    def load(cls, path: str | Path, players=(), parent=None) -> tuple["GameController", str]:
        """A saved game replayed. `players` as in GameSetup; a side it does not
        name gets the default (the first side human, the others the random bot)."""
        rec, message, _ok = load_recorded(path)
        g = rec.session.game
        given = dict(players)
        chosen = tuple((s, given.get(s, default_player(g.players, s))) for s in g.players)
        setup = GameSetup(rec.session.scenario, tuple(g.variants), chosen,
                          tuple(attrs.asdict(g.options).items()), g.seed)
        return cls(rec, setup, parent), message

    def _attach(self, rec: Recorded) -> None:
        self.recorded = rec
        self.session = rec.session
        self.game = rec.session.game
        self.driver = rec.session.driver
        self.history = rec.history
        self.kind = rec.session.kind
        self.bots = {seat: make_bot(self.kind, self.setup.player(seat), self.setup.seed, seat)
                     for seat in self.game.players if self.setup.player(seat) != HUMAN}
        self.game.listeners.append(self.event.emit)

    # ------------------------------------------------------------ players
    def assign_players(self, players) -> None:
        """Who plays each seat from now on: (seat, "human" | bot name) pairs."""
        self.setup = attrs.evolve(self.setup, players=tuple(players))
        self.bots = {seat: make_bot(self.kind, self.setup.player(seat), self.setup.seed, seat)
                     for seat in self.game.players if self.setup.player(seat) != HUMAN}
        self.viewer = self._first_human()

    def seat_names(self) -> dict[str, str]:
        return self.session.seat_names()

    def humans(self) -> list[str]:
        return [s for s in self.game.players if s not in self.bots]

    def _first_human(self) -> str | None:
        h = self.humans()
        return h[0] if h else None

    @property
    def pending(self) -> Decision | None:
        return self.driver.pending

    def side_to_answer(self, d: Decision | None = None) -> str | None:
        d = d or self.pending
        if d is None:
            return None
        return d.side or self.game.players[0]

    def is_human_turn(self) -> bool:
        d = self.pending
        return d is not None and self.side_to_answer(d) not in self.bots

    def hot_seat(self) -> bool:
        """Two humans or more: a screen between their turns hides each one's secrets."""
        return len(self.humans()) > 1

    # ------------------------------------------------------------ answering
    def answer(self, value) -> str | None:
        """Answer the pending decision for the human to play. None if accepted,
        else the reason it was refused (from the rules' own check)."""
        d = self.pending
        if d is None:
            return "the game is over"
        if not self.is_human_turn():
            return f"it is the bot's turn ({self.side_to_answer(d)})"
        try:
            self._send(value)
        except IllegalAnswer as e:
            return str(e)
        self._after_answer()
        return None

    def _send(self, value) -> None:
        """Every answer goes here: the rules check it, the history notes who gave it."""
        side = self.side_to_answer()
        self.driver.answer(value)
        self.history.asked.append(side)

    def _after_answer(self) -> None:
        self._check_handover()
        self.changed.emit()
        if self.driver.finished:
            self.finished.emit()
        self.schedule_bots()

    def _check_handover(self) -> None:
        d = self.pending
        if d is None or not self.is_human_turn():
            return
        side = self.side_to_answer(d)
        if d.side is None or side == self.viewer:
            return
        if self.hot_seat():
            self.screened = True
            self.viewer = side
            self.handover.emit(side)
        else:
            self.viewer = side

    def lift_screen(self) -> None:
        self.screened = False
        self.changed.emit()

    # ------------------------------------------------------------ bots
    def schedule_bots(self) -> None:
        if self.pending is not None and not self.is_human_turn() and not self.paused:
            self._timer.start(self.bot_delay_ms)

    def _bot_tick(self) -> None:
        self.step_bots(1 if self.bot_delay_ms else 25)
        if self.pending is not None and not self.is_human_turn() and not self.paused:
            self._timer.start(self.bot_delay_ms)

    def step_bots(self, limit: int) -> int:
        """Let the bots answer up to `limit` of their decisions; how many they did."""
        n = 0
        while n < limit and self.pending is not None and not self.is_human_turn():
            d = self.pending
            self._send(self.bots[self.side_to_answer(d)].choose(d))
            n += 1
        if n:
            self._after_answer()
        return n

    def play_until(self, stop, limit: int = 200_000) -> None:
        """Bots (and a stand-in random bot for the humans) play until `stop(self)`
        is true or the game ends: for screenshots and tests."""
        stand_in = {s: make_bot(self.kind, "random", self.setup.seed, s) for s in self.game.players}
        n = 0
        while self.pending is not None and not stop(self) and n < limit:
            d = self.pending
            side = self.side_to_answer(d)
            self._send((self.bots.get(side) or stand_in[side]).choose(d))
            n += 1
        self.changed.emit()

    # ------------------------------------------------------------ history
    def branch(self, frame_index: int) -> None:
        """Continue from the decision that followed event `frame_index`, forgetting
        what came after: the replay viewer's branch."""
        self.rewind(self.history.frames[frame_index].answered)

    def undo_point(self) -> tuple[int | None, str]:
        """How many answers to keep to take back the last decision of a human
        player, or None and why not: as in boardgame.io, never back past a die
        rolled or a chit drawn since (they revealed what was hidden)."""
        humans = set(self.humans())
        k = max((i for i, s in enumerate(self.history.asked) if s in humans), default=None)
        if k is None:
            return None, "there is no decision of yours to take back"
        for f in self.history.frames:
            if f.answered > k and f.event.reveals:
                return None, (f"cannot take back the last decision: since then "
                              f"[{f.event.rule}] {f.event.text()}")
        return k, ""

    def undo(self) -> str | None:
        """Take back the last human decision (and the bots' answers after it);
        None if done, else why not."""
        k, why = self.undo_point()
        if k is None:
            return why
        self.rewind(k)
        return None

    def rewind(self, answered: int) -> None:
        """Replay the first `answered` answers and continue from there."""
        keep = list(self.driver.answers[:answered])
        self.game.listeners.remove(self.event.emit)
        self.history.detach()
        self._timer.stop()
        g = self.game
        rec = start_recorded(self.session.scenario, variants=g.variants, seed=g.seed,
                             options=g.options, players=g.players, answers=keep)
        self._attach(rec)
        self.viewer = self.side_to_answer() if self.is_human_turn() else self.viewer
        self.changed.emit()
        self.schedule_bots()

    def save(self, path: str | Path) -> None:
        self.session.save(path)

