"""Drives the engine for the window: the GUI is a Controller (it answers the
pending Decision for the human players and lets the bots answer theirs) plus
a subscriber to the game's events. It computes no rule.

Players: each side is "human" or a bot name (tenkatoitsu.battle.bots). The
viewer is the human side whose screen is shown; in hot-seat play with hidden
information a screen is raised between two humans' turns (`handover`)."""

from __future__ import annotations

from pathlib import Path

import attrs
from PySide6.QtCore import QObject, QTimer, Signal

from tenkatoitsu.battle.bots import make_bot
from tenkatoitsu.battle.game import Options
from tenkatoitsu.core.decisions import Decision, IllegalAnswer

from tenkatoitsu_gui.history import Recorded, load_recorded, start_recorded

HUMAN = "human"


@attrs.frozen
class GameSetup:
    """What the new game dialog asks: scenario, variants, players, options, seed."""

    scenario: str
    variants: tuple[str, ...] = ()
    players: tuple[tuple[str, str], ...] = ()  # (side, "human" | bot name); missing: human
    hidden_orders: bool = False
    seed: int = 1

    def player(self, side: str) -> str:
        return dict(self.players).get(side, HUMAN)


def default_player(sides, side: str) -> str:
    """You play the first side, the random bot the others."""
    return HUMAN if side == sides[0] else "random"


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
        rec = start_recorded(setup.scenario, variants=setup.variants, seed=setup.seed,
                             options=Options(hidden_orders=setup.hidden_orders),
                             scenario=scenario)
        return cls(rec, setup, parent)

    @classmethod
    def load(cls, path: str | Path, players=(), parent=None) -> tuple["GameController", str]:
        """A saved game replayed. `players` as in GameSetup; a side it does not
        name gets the default (the first side human, the others the random bot)."""
        rec, message, _ok = load_recorded(path)
        g = rec.session.game
        given = dict(players)
        chosen = tuple((s, given.get(s, default_player(g.side_ids, s))) for s in g.side_ids)
        setup = GameSetup(rec.session.scenario_path, tuple(g.variants), chosen,
                          g.options.hidden_orders, g.seed)
        return cls(rec, setup, parent), message

    def _attach(self, rec: Recorded) -> None:
        self.recorded = rec
        self.session = rec.session
        self.game = rec.session.game
        self.driver = rec.session.driver
        self.history = rec.history
        self.bots = {side: make_bot(self.setup.player(side), self.setup.seed, side)
                     for side in self.game.side_ids if self.setup.player(side) != HUMAN}
        self.game.listeners.append(self.event.emit)

    # ------------------------------------------------------------ players
    def humans(self) -> list[str]:
        return [s for s in self.game.side_ids if s not in self.bots]

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
        return d.side or self.game.side_ids[0]

    def is_human_turn(self) -> bool:
        d = self.pending
        return d is not None and self.side_to_answer(d) not in self.bots

    def hot_seat(self) -> bool:
        """Two humans and hidden information [5.3] [10.1]: a screen between turns."""
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
        stand_in = {s: make_bot("random", self.setup.seed, s) for s in self.game.side_ids}
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
            if f.answered > k and type(f.event).__name__ in ("DieRolled", "ChitDrawn"):
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
        rec = start_recorded(self.session.scenario_path, variants=g.variants, seed=g.seed,
                             options=g.options, answers=keep, scenario=g.scenario)
        self._attach(rec)
        self.viewer = self.side_to_answer() if self.is_human_turn() else self.viewer
        self.changed.emit()
        self.schedule_bots()

    def save(self, path: str | Path) -> None:
        self.session.save(path)
