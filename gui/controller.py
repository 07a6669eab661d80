"""Drives the engine for the window: the GUI is a Controller (it answers the
pending Decision for the human players and lets the bots answer theirs) plus
a subscriber to the game's events. It computes no rule.

Players: each seat is "human" or one of the kind's bots. The viewer is the
human seat whose screen is shown; in hot-seat play a screen is raised between
two humans' turns (`handover`), so that neither sees the other's secrets.

Undo, redo and a branch replay a prefix of the answers into a new Game
(`replaced`): whatever was built on the old one must be built again. A save
that does not replay opens read-only, at its last decision that does.

A bot that searches (`hard`) thinks for seconds; while its copies of the
game play, it calls back (`bot.wait`), and the window goes on drawing and
answering clicks. An undo, a new game or closing the window in that time
stops the search: its answer is for a game that is gone."""

from __future__ import annotations

import time
from pathlib import Path

import attrs
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from tenkatoitsu_gui.history import Recorded, load_recorded, start_recorded

from tenkatoitsu.core.decisions import Decision, IllegalAnswer
from tenkatoitsu.kinds.contract import event_text
from tenkatoitsu.session import make_bot, undo_point

HUMAN = "human"
TICK_SECONDS = 0.1  # the bots' answers between two redraws of the window, at most


class Abandoned(Exception):
    """A bot's search stopped: the game it thought about was replaced, or the window closed."""


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
    replaced = Signal()  # undo, redo or a branch: the game is a new Game object

    def __init__(self, recorded: Recorded, setup: GameSetup, parent=None, read_only: str = ""):
        super().__init__(parent)
        self.setup = setup
        #: why this game cannot go on (its save is out of sync), or "" when it can
        self.read_only = read_only
        self._redo: list[list] = []  # every answer before each undo or branch, the latest last
        #: while a bot thinks in step_bots: (its game, its decision, shown yet)
        self._thinking: tuple | None = None
        self._stopped = False  # the window let this game go: a search under way ends
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
        name gets the default (the first side human, the others the random bot).
        A save out of sync gives a read-only game at its last good decision."""
        rec, message, in_sync = load_recorded(path)
        g = rec.session.game
        given = dict(players)
        chosen = tuple((s, given.get(s, default_player(g.players, s))) for s in g.players)
        setup = GameSetup(rec.session.scenario, tuple(g.variants), chosen,
                          tuple(attrs.asdict(g.options).items()), g.seed)
        return cls(rec, setup, parent, read_only="" if in_sync else message), message

    def _attach(self, rec: Recorded) -> None:
        self.recorded = rec
        self.session = rec.session
        self.game = rec.session.game
        self.driver = rec.session.driver
        self.history = rec.history
        self.kind = rec.session.kind
        self._make_bots()
        self.game.listeners.append(self.event.emit)

    def _make_bots(self) -> None:
        self.bots = {seat: make_bot(self.kind, self.setup.player(seat), self.setup.seed, seat)
                     for seat in self.game.players if self.setup.player(seat) != HUMAN}
        self.kind.attach_bots(self.game, self.bots)  # each reads what its seat may see
        for bot in self.bots.values():
            if hasattr(bot, "wait"):  # a bot that searches calls back while it thinks
                bot.wait = self._while_thinking

    # ------------------------------------------------------------ players
    def assign_players(self, players) -> None:
        """Who plays each seat from now on: (seat, "human" | bot name) pairs."""
        self.setup = attrs.evolve(self.setup, players=tuple(players))
        self._make_bots()
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
        if self.read_only:
            return f"this game cannot be continued: {self.read_only}"
        if d is None:
            return "the game is over"
        if not self.is_human_turn():
            return f"it is the bot's turn ({self.side_to_answer(d)})"
        try:
            self._send(value)
        except IllegalAnswer as e:
            return str(e)
        self._redo.clear()  # a new line of play: what was taken back is gone
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
    def bots_may_play(self) -> bool:
        return (self.pending is not None and not self.is_human_turn() and not self.paused
                and not self.read_only and not self._stopped and self._thinking is None)

    def schedule_bots(self) -> None:
        if self.bots_may_play():
            self._timer.start(self.bot_delay_ms)

    def _bot_tick(self) -> None:
        self.step_bots(1 if self.bot_delay_ms else 25)
        if self.bots_may_play():
            self._timer.start(self.bot_delay_ms)

    def step_bots(self, limit: int) -> int:
        """Let the bots answer up to `limit` of their decisions, or as many as
        TICK_SECONDS allow (one at least); how many they did."""
        if self._thinking is not None:
            return 0  # a bot is thinking: it answers when its search ends
        n = 0
        start = time.perf_counter()
        while n < limit and self.pending is not None and not self.is_human_turn() \
                and not self.read_only and not self._stopped:
            d = self.pending
            game = self.game
            self._thinking = (game, d, False)
            try:
                value = self.bots[self.side_to_answer(d)].choose(d)
            except Abandoned:
                # the game it was for is gone: what replaced it has its own bots
                self.schedule_bots()
                return n
            finally:
                self._thinking = None
            self._send(value)
            n += 1
            if time.perf_counter() - start > TICK_SECONDS:
                break
        if n:
            self._after_answer()
        return n

    @property
    def thinking(self) -> bool:
        """A bot is choosing its answer (step_bots)."""
        return self._thinking is not None

    def _while_thinking(self) -> None:
        """A searching bot's call while its copies play: the window draws the
        position and whose turn it is, and handles what the player does."""
        if self._thinking is None:
            return  # asked outside step_bots (play_until): nothing waits on it
        self._check_thinking()
        game, d, shown = self._thinking
        if not shown:
            self._thinking = (game, d, True)
            self.changed.emit()  # the answers of this tick so far, and who is thinking
        QCoreApplication.processEvents()
        self._check_thinking()

    def _check_thinking(self) -> None:
        game, d, _ = self._thinking
        if self._stopped or self.game is not game or self.pending is not d:
            raise Abandoned

    def stop(self) -> None:
        """The window lets this game go: no bot answers in it from now on."""
        self._stopped = True
        self._timer.stop()

    def play_until(self, stop, limit: int = 200_000) -> None:
        """Bots (and a stand-in random bot for the humans) play until `stop(self)`
        is true or the game ends: for screenshots and tests."""
        stand_in = {s: make_bot(self.kind, "random", self.setup.seed, s) for s in self.game.players}
        n = 0
        while self.pending is not None and not stop(self) and n < limit and not self.read_only:
            d = self.pending
            side = self.side_to_answer(d)
            self._send((self.bots.get(side) or stand_in[side]).choose(d))
            n += 1
        self.changed.emit()

    # ------------------------------------------------------------ history
    def branch(self, frame_index: int) -> str | None:
        """Continue from the decision that followed event `frame_index`, forgetting
        what came after: the replay viewer's branch. None if done, else why not."""
        if self.read_only:
            return f"this game cannot be continued: {self.read_only}"
        self._redo.append(list(self.driver.answers))
        self.rewind(self.history.frames[frame_index].answered)
        return None

    def undo_point(self) -> tuple[int | None, str]:
        """How many answers to keep to take back the last decision of a human
        player, or None and why not: as in boardgame.io, never back past a die
        rolled or a chit drawn since (they revealed what was hidden)."""
        if self.read_only:
            return None, f"this game cannot be continued: {self.read_only}"
        frames = self.history.frames
        k, blocker = undo_point(self.history.asked, set(self.humans()),
                                lambda k: (f.event for f in frames if f.answered > k))
        if blocker is not None:
            return None, (f"cannot take back the last decision: since then "
                          f"[{blocker.rule}] {event_text(self.kind, self.game, blocker)}")
        if k is None:
            return None, "there is no decision of yours to take back"
        return k, ""

    def undo(self) -> str | None:
        """Take back the last human decision (and the bots' answers after it);
        None if done, else why not."""
        k, why = self.undo_point()
        if k is None:
            return why
        self._redo.append(list(self.driver.answers))
        self.rewind(k)
        return None

    def redo(self) -> str | None:
        """Play again what the last undo or branch took back, unless another
        answer was given since; None if done, else why not."""
        now = self.driver.answers
        while self._redo:
            answers = self._redo.pop()
            if answers[:len(now)] == now and len(answers) > len(now):
                self._replay(answers)
                return None
        return "there is nothing to redo"

    def rewind(self, answered: int) -> None:
        """Replay the first `answered` answers and continue from there."""
        self._replay(list(self.driver.answers[:answered]))

    def _replay(self, answers: list) -> None:
        """A new Game from the scenario, seed and `answers`, in place of this one."""
        self.game.listeners.remove(self.event.emit)
        self.history.detach()
        self._timer.stop()
        g = self.game
        rec = start_recorded(self.session.scenario, variants=g.variants, seed=g.seed,
                             options=g.options, players=g.players, answers=answers)
        self._attach(rec)
        self.screened = False
        self.replaced.emit()
        self._check_handover()  # hot-seat: the screen goes up if the seat to answer changed
        self.changed.emit()
        self.schedule_bots()

    def save(self, path: str | Path) -> None:
        self.session.save(path)

