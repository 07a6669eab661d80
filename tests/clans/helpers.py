"""Clans games for rule tests: the shipped scenario with a starting position
made in Python (`Start` records), games driven decision by decision, and
dice that roll what a test gives them."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import attrs

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.dsl import loader
from tenkatoitsu.kinds.clans.game import Game, play
from tenkatoitsu.kinds.clans.scenario.model import (
    BUSHI,
    DAIMYO,
    ClansScenario,
    Start,
    StartProvince,
    StartVassal,
)
from tenkatoitsu.kinds.clans.setup import from_start as setup_from_start
from tenkatoitsu.kinds.clans.table import Options
from tests.area_dice import ScriptedDice, script_dice  # noqa: F401 (the tests import them from here)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "scenarios" / "clans.tks"
SEATS = ("a", "b", "c", "d", "e")


@lru_cache(maxsize=1)
def shipped() -> ClansScenario:
    """The bundled scenario: the nine clans on the 68 provinces."""
    res = loader.load_file(SHIPPED)
    assert res.ok, [str(d) for d in res.diagnostics]
    return res.document


def new_game(n: int = 4, seed: int = 1, *, variants=(), **options) -> Game:
    """A game from the draft [§2.2]."""
    return Game(shipped(), players=SEATS[:n], seed=seed, variants=variants,
                options=Options(**options))


# ---------------------------------------------------------------- positions
def at(pid: str, castle: str | None = None, fortress: bool = False,
       **clans: dict[str, int] | tuple[int, int]) -> StartProvince:
    """A province of a position: `oda=(1, 3)` is 1 Daimyō and 3 Bushi, or
    a dict of unit -> count."""
    units = {}
    for c, u in clans.items():
        units[c] = {DAIMYO: u[0], BUSHI: u[1]} if isinstance(u, tuple) else dict(u)
    return StartProvince(pid, units, castle, fortress)


#: four clans, one of each region and Chōsokabe, as in the New Players' first game
CLANS = {"a": "oda", "b": "shimazu", "c": "tokugawa", "d": "uesugi", "e": "takeda"}


def position(*provinces: StartProvince, round: int = 2, clans=None, koku=None, order=(),
             vassals=(), players: int = 4) -> Start:
    """A starting position: `round` about to begin; the clans of
    `clans` (seat -> clan; the first `players` of CLANS by default), each
    holding only what `provinces` gives it (a clan left with nothing gets
    1 Daimyō in its home province, so that it is not eliminated)."""
    clans = dict(clans or {s: CLANS[s] for s in SEATS[:players]})
    provinces = list(provinces)
    for c in clans.values():
        if not any(c in p.units for p in provinces):
            home = shipped().clan(c).home
            provinces.append(at(home, **{c: (1, 0)}))
    return Start(round, clans, tuple(order), dict(koku or {}), tuple(provinces),
                 tuple(StartVassal(*v) if isinstance(v, tuple) else v for v in vassals))


def from_start(start: Start, seed: int = 1, *, variants=(), **options) -> Game:
    """A game played from a position instead of the draft."""
    scenario = attrs.evolve(shipped(), start=start)
    return Game(scenario, players=tuple(start.clans), seed=seed, variants=variants,
                options=Options(**options))


def placed(start: Start, seed: int = 1, **kw) -> Game:
    """A game with the position on the table and the rules not begun: for
    calling one rule procedure directly (round set to the start's)."""
    g = from_start(start, seed, **kw)
    setup_from_start(g)
    g.state.round = start.round
    return g


# ---------------------------------------------------------------- dice
def sides(**faces_of):
    """A `then` for ScriptedDice: every die of a clan shows one face
    ({clan: face}); any other clan's show 1 (a miss)."""
    return lambda n, purpose, side: (faces_of.get(side, 1),) * n


# ---------------------------------------------------------------- driving
def passing(decision: Decision):
    """The answer that does nothing: end a step, hire none, keep the ninja;
    else the first option."""
    values = decision.values()
    for v in ("done", "keep", 0, False):
        if v in values:
            return v
    return values[0]


class Run:
    """A game driven answer by answer, each answer checked against the
    decision the test expects."""

    def __init__(self, game: Game):
        self.g = game
        self.d = Driver(play(game))

    @property
    def pending(self) -> Decision | None:
        return self.d.pending

    @property
    def state(self):
        return self.g.state

    def values(self, kind: str | None = None) -> list:
        assert self.pending is not None, "the game is over"
        if kind is not None:
            assert self.pending.kind == kind, (self.pending.kind, self.pending.prompt)
        return self.pending.values()

    def answer(self, kind: str, value, clan: str | None = None) -> None:
        p = self.pending
        assert p is not None, f"the game is over, no {kind} to answer"
        assert p.kind == kind, f"expected {kind}, pending {p.kind}: {p.prompt}"
        if clan is not None:
            assert p.context.get("clan") == clan, (p.context.get("clan"), clan, p.prompt)
        self.d.answer(value)

    def answers(self, kind: str, *values, clan: str | None = None) -> None:
        for v in values:
            self.answer(kind, v, clan)

    def until(self, kind: str, clan: str | None = None, choose=passing,
              limit: int = 5000) -> Decision:
        """Answer with `choose` until a decision of `kind` (asked of `clan`)."""
        for _ in range(limit):
            p = self.pending
            assert p is not None, f"the game ended before a {kind} decision"
            if p.kind == kind and (clan is None or p.context.get("clan") == clan):
                return p
            self.d.answer(choose(p))
        raise AssertionError(f"no {kind} decision in {limit} answers")

    def move(self, clan: str, frm: str, to: str, **counts: int) -> None:
        """One move of the campaign: from, to, then each count asked
        (daimyo=, bushi=; a type not named moves none)."""
        self.answer("move-from", f"from:{frm}", clan)
        self.answer("move-to", f"to:{to}", clan)
        while self.pending is not None and self.pending.kind == "move-count":
            unit = self.pending.context["unit"]
            self.answer("move-count", counts.get(unit, 0), clan)

    def to_end(self, choose=passing, limit: int = 200000) -> None:
        n = 0
        while self.pending is not None:
            self.d.answer(choose(self.pending))
            n += 1
            assert n < limit, "runaway game"

    def events(self, cls) -> list:
        return [e for e in self.g.events if isinstance(e, cls)]


# ---------------------------------------------------------------- more driving (rule tests)
def play_until(run: Run, stop, choose=passing, limit: int = 20000) -> None:
    """Answer with `choose` until `stop(run)` holds (checked before every
    answer) or the game ends."""
    for _ in range(limit):
        if stop(run) or run.pending is None:
            return
        run.d.answer(choose(run.pending))
    raise AssertionError(f"stop condition not met in {limit} answers")


def until_event(run: Run, cls, choose=passing, limit: int = 20000) -> None:
    """Answer with `choose` until one more event of type `cls` has happened."""
    seen = len(run.events(cls))
    play_until(run, lambda r: len(r.events(cls)) > seen, choose, limit)
    assert len(run.events(cls)) > seen, f"the game ended before a {cls.__name__}"


def end_moves(run: Run, clan: str) -> None:
    """End the clan's movement if it is still asked (a move-from with only
    'done' left is answered by the rules themselves)."""
    p = run.pending
    if p is not None and p.kind == "move-from" and p.context.get("clan") == clan:
        run.answer("move-from", "done", clan)


def index_of(g: Game, event) -> int:
    """Where an event stands in the game's stream (by identity)."""
    return next(i for i, e in enumerate(g.events) if e is event)


def until_seen(run: Run, cls, n: int = 1, choose=passing, limit: int = 20000) -> list:
    """Answer with `choose` until the game has had `n` events of type `cls`
    (at once if it has); returns them."""
    play_until(run, lambda r: len(r.events(cls)) >= n, choose, limit)
    assert len(run.events(cls)) >= n, f"the game ended before {n} {cls.__name__}"
    return run.events(cls)


# ---------------------------------------------------------------- dice for the modules
class ScriptedD6(ScriptedDice):
    """ScriptedDice with the one-die shortcut the modules roll with (the
    harvest [§10.3.2], the pacification test [§10.5.3])."""

    def d6(self, purpose, rule, **kw):
        return self.roll(1, purpose, rule, **kw)[0]


def script_d6(game: Game, *rolls, then=None, orders=()) -> ScriptedD6:
    game.dice = ScriptedD6(game, rolls, then, orders)
    return game.dice


def faces(then=None, **by_purpose):
    """A `then` for ScriptedDice: a roll whose purpose is named
    (`harvest=4`, `pacification_test=5`) shows that face on each die; any
    other roll is `then`'s (or a 1 on every die)."""
    def roll(n, purpose, side):
        key = purpose.replace(" ", "_")
        if key in by_purpose:
            return (by_purpose[key],) * n
        return then(n, purpose, side) if then is not None else (1,) * n
    return roll
