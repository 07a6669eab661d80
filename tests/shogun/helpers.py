"""Shogun games for rule tests: the shipped map with a starting position made
in Python (`Start` records: one function per worked example of the rules
[SC-27]), games driven decision by decision, and dice that roll what a test
gives them."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import attrs
import pytest

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.dsl import loader
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.game import Game, play
from tenkatoitsu.kinds.shogun.scenario.model import (
    REGULARS,
    ShogunScenario,
    Start,
    StartArmy,
    StartProvince,
)
from tenkatoitsu.kinds.shogun.setup import from_start as setup_from_start
from tenkatoitsu.kinds.shogun.state import NO_CASTLE
from tenkatoitsu.kinds.shogun.table import Options
from tests.area_dice import ScriptedDice, script_dice

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "scenarios" / "shogun.tks"
SEATS = ("red", "blue", "yellow", "green", "orange")

needs_map = pytest.mark.skipif(not SHIPPED.exists(), reason="scenarios/shogun.tks is not there")


@lru_cache(maxsize=1)
def shipped() -> ShogunScenario:
    """The bundled scenario: the 68 provinces, the five colours, the box."""
    res = loader.load_file(SHIPPED)
    assert res.ok, [str(d) for d in res.diagnostics]
    return res.document


# ---------------------------------------------------------------- games
def new_game(n: int = 4, seed: int = 1, *, players=None, variants=(), **options) -> Game:
    """A game from the set-up [SC-4] on the shipped map."""
    return Game(shipped(), players=tuple(players or SEATS[:n]), seed=seed,
                variants=variants, options=Options(**options))


def from_start(start: Start, seed: int = 1, *, variants=(), **options) -> Game:
    """A game played from a position instead of the set-up."""
    scenario = attrs.evolve(shipped(), start=start)
    return Game(scenario, players=tuple(start.players), seed=seed, variants=variants,
                options=Options(**options))


def placed(start: Start, seed: int = 1, **kw) -> Game:
    """A game with the position on the table and the rules not begun: for
    calling one rule procedure directly."""
    g = from_start(start, seed, **kw)
    setup_from_start(g)
    g.state.round = start.round
    return g


# ---------------------------------------------------------------- positions
def army(number: int, *, level: int | None = None, hole: int = 0, assassinated=False,
         **units) -> StartArmy:
    """An army of a position: its daimyo's experience and its units."""
    return StartArmy(number, hole, {u: n for u, n in units.items() if n}, assassinated, level)


def prov(pid: str, owner: str, army: StartArmy | None = None, castle: int = NO_CASTLE,
         **force) -> StartProvince:
    """A province held in a position, with its provincial force."""
    return StartProvince(pid, owner, {u: n for u, n in force.items() if n}, army, castle)


def position(*provinces: StartProvince, round: int = 2, players=SEATS[:4], koku=None,
             sword=None, ninja=None) -> Start:
    return Start(round, tuple(players), tuple(provinces), dict(koku or {}), dict(sword or {}),
                 ninja)


def pad(start: Start, **others: tuple[str, ...]) -> Start:
    """More provinces, each held by one spearman: {house: provinces}."""
    more = tuple(prov(p, h, spearman=1) for h, ps in others.items() for p in ps)
    return attrs.evolve(start, provinces=start.provinces + more)


#: three provinces of each colour, apart from the others'
QUIET = {"red": ("mutsu", "dewa", "shimotsuke"), "blue": ("satsuma", "osumi", "hyuga"),
         "yellow": ("izumo", "iwami", "oki"), "green": ("tosa", "iyo", "sanuki"),
         "orange": ("ise", "shima", "iga")}


def quiet(players=SEATS[:3], koku=None, round: int = 2, **kw) -> Start:
    """A position where nobody is in reach of anybody: each colour three
    provinces of one spearman, the first with army 1 (1 B, 1 S, 2 G)."""
    provinces = []
    for h in players:
        first, *rest = QUIET[h]
        provinces.append(prov(first, h, army(1, bowman=1, swordsman=1, gunner=2), spearman=1))
        provinces += [prov(p, h, spearman=1) for p in rest]
    return position(*provinces, round=round, players=players, koku=koku, **kw)


# ---------------------------------------------------------------- dice
def sides(**faces_of):
    """A `then` for ScriptedDice: every die of a seat shows one face
    ({seat: face}); any other seat misses with 12."""
    return lambda n, purpose, side: (faces_of.get(side, 12),) * n


def sword_draw(game: Game, order) -> ScriptedDice:
    """Nobody bids for a sword: the draw gives the houses of `order` swords
    1, 2, ... [SC-7.3]. The first shuffle of the next round is that draw."""
    houses = [h for h in game.table.houses if h in order]
    return script_dice(game, orders=[[order.index(h) + 1 for h in houses]])


def war(*provinces: StartProvince, order=("red", "blue", "yellow"), koku=None, round=2,
        players=("red", "blue", "yellow"), variants=(), **options):
    """A game from a position where nobody bids for a sword: the Wage War
    turns of the first round go in `order`. Yellow, when he holds nothing
    in the position, gets an army far off in Izumo."""
    if "yellow" in players and not any(p.owner == "yellow" for p in provinces):
        provinces += (prov("izumo", "yellow", army(1, bowman=1), spearman=1),)
    g = from_start(position(*provinces, round=round, players=players, koku=koku),
                   variants=variants, **options)
    sword_draw(g, list(order))
    return g, Run(g)


# ---------------------------------------------------------------- driving
def passing(decision: Decision):
    """The answer that does nothing: end a step, stop, let the ninja wait,
    keep fighting; else the first option."""
    values = decision.values()
    for v in ("done", "stop", "pass", "continue"):
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

    def answer(self, kind: str, value, side: str | None = None) -> None:
        p = self.pending
        assert p is not None, f"the game is over, no {kind} to answer"
        assert p.kind == kind, f"expected {kind}, pending {p.kind}: {p.prompt}"
        if side is not None:
            assert p.side == side, (p.side, side, p.prompt)
        self.d.answer(value)

    def answers(self, kind: str, *values, side: str | None = None) -> None:
        for v in values:
            self.answer(kind, v, side)

    def declare(self, *battles: str) -> None:
        """Phase B: declare these first battles and no more (the battles
        begin when the last is declared or "done" answered)."""
        for b in battles:
            self.answer("declare", b)
        if self.pending is not None and self.pending.kind == "declare":
            self.answer("declare", "done")

    def until(self, kind: str, side: str | None = None, house: str | None = None,
              choose=passing, limit: int = 5000) -> Decision:
        """Answer with `choose` until a decision of `kind` (for `side`, or
        asked of colour set `house`) is pending."""
        for _ in range(limit):
            p = self.pending
            assert p is not None, f"the game ended before a {kind} decision"
            if p.kind == kind and (side is None or p.side == side) and \
                    (house is None or p.context.get("house") == house):
                return p
            self.d.answer(choose(p))
        raise AssertionError(f"no {kind} decision in {limit} answers")

    def all(self, kind: str, choose=lambda p: p.values()[0], side: str | None = None) -> int:
        """Answer every pending decision of `kind` in a row; how many."""
        n = 0
        while self.pending is not None and self.pending.kind == kind and \
                (side is None or self.pending.side == side):
            self.d.answer(choose(self.pending))
            n += 1
        return n

    def to_end(self, choose=passing, limit: int = 100000) -> None:
        for _ in range(limit):
            if self.pending is None:
                return
            self.d.answer(choose(self.pending))
        raise AssertionError("the game does not end")

    def events(self, kind=None, since: int = 0) -> list:
        return [e for e in self.g.events[since:] if kind is None or isinstance(e, kind)]

    @property
    def mark(self) -> int:
        """Where the event stream stands now (for `events(since=...)`)."""
        return len(self.g.events)


def hits(run: Run, since: int = 0) -> list[tuple[str, int, str, tuple, int]]:
    """The rolls of a battle: (house, step, unit, dice, hits) in order."""
    return [(e.house, e.step, e.unit, tuple(e.dice), e.hits) for e in run.events(ev.Hits, since)]


def units(**counts) -> dict[str, int]:
    out = {u: 0 for u in REGULARS}
    out.update(counts)
    return out


# ---------------------------------------------------------------- the worked examples
#: the players of the First Round Example [SC-27.3]: Pink, Gray, Gray-Stripe, Pink-Stripe
PINK, GRAY, GRAY_STRIPE, PINK_STRIPE = "red", "blue", "yellow", "green"


POSITIONS = Path(__file__).resolve().parent / "positions"


def position_file(name: str) -> Start:
    """A worked example's position, written in the scenario language
    (tests/shogun/positions/NAME.tks: `use "shogun.tks"` and a `start` block)."""
    res = loader.load_file(POSITIONS / f"{name}.tks")
    assert res.ok, [str(d) for d in res.diagnostics]
    return res.document.start


def first_round_example() -> Start:
    """[SC-27.4] Pink's troops as his Wage War begins in round 1 (the unit
    lists as printed [SC-26.19]; the Bungo force's 2 spearmen follow from
    its dice), the eight provinces he attacks with their defenders, and an
    army of each opponent where Pink may not attack it in round 1
    [SC-14.5]. Pink has 1 koku, for the bid that gives him sword 1."""
    return position_file("first-round-example")


#: the Illustrated Example's players [SC-27.5]
ILL_GRAY, ILL_PINK = "blue", "red"
PINK_MORE = ("shimosa", "kazusa", "hitachi", "shimotsuke", "mutsu", "dewa", "sado", "izu",
             "suruga", "totomi", "awa-honshu")
GRAY_MORE = ("kaga", "wakasa", "omi", "ise", "iga", "shima", "yamashiro", "yamato",
             "kawachi", "izumi", "settsu", "kii")


def illustrated_example() -> Start:
    """[SC-27.5] The late-game position: Gray (17 provinces, 5 koku) with
    level-3 armies #1 in Mino and #3 in Hida (a fortress), his army #2 lost;
    Pink (19 provinces, 6 koku) with level-3 armies #2 in Shinano and #1 in
    Musashi (both castles), his army #3 lost. Each province on the routes of
    the example holds what the moves need; the other two players stand far
    off with no koku. Unit lists the example leaves open are chosen there."""
    return position_file("illustrated-example")
