"""SearchBot, the `hard` level: determinised Monte Carlo search over the
normal heuristic.

At a decision of a kind in SEARCHED (battle plans, orders, chit selection
and delays, attacks, tactics) with more than one answer, the heuristic's
own answer is the incumbent, and up to `width` answers in all are tried:
each in copies of the game at this decision whose hidden parts and dice are
drawn anew from what this side sees (world.py), played out by the normal
heuristic on both sides to the horizon (playout.py). Playout j draws the
same world and dice for every candidate (common random numbers), so that a
comparison measures the answers, not the luck. The playouts go by
sequential halving: a round for every candidate left, then the worse half
drops (never the incumbent). Another answer replaces the incumbent only
when its paired results beat the incumbent's by more than CONFIDENCE
standard errors over at least MIN_PAIRS playouts.

Settings (`--bots hard:think=2:turns=2`): `playouts` a decision (fixed:
the same answers on any machine; the default), `think` seconds a decision
instead (the playouts that fit), `turns` of horizon, `width` candidates,
`workers` copies played at once.

`wait`: set it to a function, and the search calls it every few hundredths
of a second while its copies play (a window keeps drawing with it)."""

from __future__ import annotations

import math
import os
import random
import time
from collections import Counter

from tenkatoitsu.bots import beats_incumbent
from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.battle.heuristic import HeuristicBot
from tenkatoitsu.kinds.battle.search import branch
from tenkatoitsu.kinds.battle.search.playout import playout

#: the decisions that shape a battle: plans [10], orders [8.1] [7.2.4],
#: chits and delays [9.3] [8.6], attacks [11.2], tactics [10.3] [10.4]
SEARCHED = frozenset({
    "choose-plan", "initial-order", "plan-order", "plan-cp", "plan-attempt",
    "order-change", "initiative-clan", "initiative-order",
    "select-chit", "delay-activation",
    "attack-plan", "tactic-clan", "katta-katta",
})
PLAYOUTS = 16  # a decision's playouts in all
WIDTH = 3  # candidates tried, the incumbent among them
TURNS = 1  # a playout ends at the start of the turn this many turns on
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the incumbent
MIN_PAIRS = 6  # paired playouts before a difference is believed


class Candidate:
    def __init__(self, answer):
        self.answer = answer
        self.results: list[float] = []

    def mean(self) -> float:
        return sum(self.results) / len(self.results) if self.results else 0.0


class SearchBot:
    """Plays one side: the normal heuristic, searched where it matters."""

    name = "hard"

    def __init__(self, seed: int, side: str, *, playouts: int = PLAYOUTS,
                 think: float | None = None, turns: int = TURNS, width: int = WIDTH,
                 workers: int | None = None, fork: bool | None = None):
        for label, value in (("playouts", playouts), ("turns", turns), ("width", width)):
            if value < 1:
                raise ValueError(f"hard: {label} must be at least 1 (got {value})")
        if think is not None and think <= 0:
            raise ValueError(f"hard: think must be a number of seconds above 0 (got {think})")
        self.seed, self.side = seed, side
        self.playouts, self.think, self.turns, self.width = playouts, think, turns, width
        self.workers = workers or min(4, os.cpu_count() or 1)
        self.fork = fork  # None: fork where the system allows (branch.can_fork)
        self.inner = HeuristicBot(seed, side, "normal")
        self.ctx = None
        self.decisions = 0
        #: searched decisions, playouts played, answers the search changed
        self.tally: Counter = Counter()
        self.last: list[Candidate] = []  # the last search's candidates, incumbent first
        self.wait = None  # called while the copies play (branch.run)

    def attach(self, ctx) -> None:
        self.ctx = ctx
        self.inner.attach(ctx)

    def choose(self, decision: Decision):
        own = self.inner.choose(decision)  # the heuristic follows the whole game
        self.decisions += 1
        game = self.ctx.game if self.ctx is not None else None
        if (decision.kind not in SEARCHED or len(decision.options) < 2 or game is None
                or game.flow is None):  # a game not run by `play` has no rules to copy
            return own
        deadline = time.perf_counter() + self.think if self.think is not None else None
        rng = random.Random(f"hard:{self.seed}:{self.side}:{self.decisions}")
        cands = self._candidates(decision, own, rng)
        if len(cands) == 1:
            return own
        self.last = cands
        best = self._search(game, cands, rng, deadline)
        self.tally["searched"] += 1
        if best != own:
            self.tally["changed"] += 1
        return best

    def _candidates(self, decision: Decision, own, rng: random.Random) -> list[Candidate]:
        others = [o.value for o in decision.options if o.value != own]
        if len(others) > self.width - 1:
            others = rng.sample(others, self.width - 1)
        return [Candidate(own)] + [Candidate(a) for a in others]

    # ------------------------------------------------------------ the search

    def _search(self, game, cands: list[Candidate], rng: random.Random, deadline):
        incumbent = cands[0]
        base = rng.getrandbits(48)
        side, turns = self.side, self.turns

        def one(copy, job) -> float:
            answer, seed = job
            return playout(copy, side, answer, seed, turns)

        played = 0  # playouts of each candidate still in

        def round_of(alive: list[Candidate], n: int) -> None:
            nonlocal played
            jobs = [(c.answer, base + played + j) for j in range(n) for c in alive]
            scores = branch.run(game, jobs, one, self.workers, self.fork, self.wait)
            for k, s in enumerate(scores):
                alive[k % len(alive)].results.append(s)
            played += n
            self.tally["playouts"] += len(jobs)

        alive = list(cands)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        left = self.playouts
        for r in range(rounds):
            if deadline is None:
                per = max(1, left // ((rounds - r) * len(alive)))
                round_of(alive, per)
                left -= per * len(alive)
            else:  # the time left, shared among the rounds left; a playout each at least
                now = time.perf_counter()
                until = now + max(0.0, deadline - now) / (rounds - r)
                round_of(alive, 1)
                while time.perf_counter() < until:
                    round_of(alive, 1)
            if r < rounds - 1:
                keep = max(2, math.ceil(len(alive) / 2))
                ranked = sorted(alive, key=Candidate.mean, reverse=True)
                alive = ranked[:keep] if incumbent in ranked[:keep] else \
                    ranked[:keep - 1] + [incumbent]
                played = len(incumbent.results)
        best = max(alive, key=Candidate.mean)
        if best is incumbent or not beats_incumbent(best.results, incumbent.results, CONFIDENCE,
                                                        MIN_PAIRS):
            return incumbent.answer
        return best.answer

