"""The search castles bot: flat Monte Carlo over determinised dice, on top
of the heuristic. At each decision it lists candidate answers (every split
of the dice, keep or reroll, deploy or a whole card play), plays each out to
the end of the war phase many times from a copy of its view with its own
dice, every seat played by a fast policy (the heuristic's estimate: the
best split, a reroll when the dice fall short of what a fresh roll is worth
to that player), and scores a playout by the win and a little of the margin.

The heuristic's own answer is the incumbent: another candidate replaces it
only when its playouts beat the incumbent's by more than their noise (paired
differences: playout j rolls the same dice for every candidate, common
random numbers, so a comparison measures the answers, not the luck). The
playouts go by sequential halving: a round for every candidate left, then
the worse half drops (never the incumbent), so the close calls get the most.
Dice come from the bot's own generator, seeded by its seed and the decision:
never the game's (the dice to come are unknown)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from tenkatoitsu.bots import beats_incumbent
from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.castles.bots.heuristic import (
    WEIGHTS,
    Board,
    Deployments,
    Estimate,
    Policy,
    Weights,
    card_plays,
    deploy_in_place,
)
from tenkatoitsu.kinds.castles.deployment import (
    daimyo_choice,
    next_player,
    place,
    soldiers_for,
    splits,
)
from tenkatoitsu.kinds.castles.game import DEPLOY, KEEP, REROLL, effect_of
from tenkatoitsu.kinds.castles.state import CastlesState
from tenkatoitsu.kinds.castles.table import Table
from tenkatoitsu.kinds.castles.targeting import Play
from tenkatoitsu.kinds.castles.view import state_of
from tenkatoitsu.kinds.castles.war import fight

MARGIN = 0.005  # a point of margin, in wins: breaks the near ties of the win rate
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the incumbent
MIN_PAIRS = 20  # playouts of both before their difference is believed
PLAYS_PER_CARD = 2  # a card's best plays by the estimate that the search tries


def _quiet(event) -> None:
    """The playouts' event sink."""


class Playout:
    """One game played to its end from a position by a fast policy for every
    seat: deploy (no cards), the split the estimate likes best, a reroll
    when the best split gains less than `reroll[seat]` (what a fresh roll
    was worth to that seat at the root) [4.I]."""

    def __init__(self, t: Table, est: Estimate, reroll: dict[str, float]):
        self.t, self.est, self.reroll = t, est, reroll

    @staticmethod
    def dice(rng: random.Random) -> tuple[int, int, int]:
        r = rng.random
        return (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1)

    def split(self, st: CastlesState, seat: str, dice) -> tuple[float, str, int, bool]:
        """The best split of `dice` by the estimate: (value, area, count, daimyo)."""
        value, d, daimyo = Deployments(self.est, st, seat).best_split(dice)
        return value, self.est.b.area_of[sum(dice) - d], soldiers_for(d), daimyo

    def turn(self, st: CastlesState, seat: str, rng: random.Random) -> None:
        first, again = self.dice(rng), self.dice(rng)  # six dice a turn, rerolled or not
        value, area, count, daimyo = self.split(st, seat, first)
        if value - self.est.utility(st, seat) < self.reroll.get(seat, 0.0):
            _, area, count, daimyo = self.split(st, seat, again)
        place(self.t, st, seat, area, count, daimyo, _quiet)

    def finish(self, st: CastlesState, after: str | None, rng: random.Random) -> CastlesState:
        """Play on from the turn after `after`'s to the end of the war [4.I] [4.II]."""
        t = self.t
        seat = next_player(t, st, after)
        while seat is not None:
            self.turn(st, seat, rng)
            seat = next_player(t, st, seat)
        st.display = []
        fight(t, st, _quiet)
        return st

    def result(self, st: CastlesState, seat: str) -> float:
        """1 for a win (a half for a draw), plus a little of the margin [6]."""
        best = max(st.score(p) for p in self.t.players if p != seat)
        mine = st.score(seat)
        if st.winner == seat:
            win = 1.0
        elif st.winner is None and mine >= best:
            win = 0.5
        else:
            win = 0.0
        return win + MARGIN * (mine - best)


# What a candidate does to a copy of the position (with the playout's dice
# and policy); the playout goes on from the turn after the bot's.
Apply = Callable[[CastlesState, random.Random, Playout], None]


class Candidate:
    __slots__ = ("answer", "apply", "prior", "results")

    def __init__(self, answer, prior: float, apply: Apply):
        self.answer, self.prior, self.apply = answer, prior, apply
        self.results: list[float] = []

    def mean(self) -> float:
        return sum(self.results) / len(self.results)


class SearchBot:
    name = "search"

    def __init__(self, seed: int, seat: str, budget: float = 1.0, playouts: int | None = None,
                 cap: int = 3000, width: int = 6, weights: Weights = WEIGHTS,
                 confidence: float = CONFIDENCE):
        """`budget` seconds a decision, at most `cap` playouts; `playouts`
        fixes their number instead (results independent of the machine)."""
        self.seed, self.seat = seed, seat
        self.budget, self.playouts, self.cap, self.width = budget, playouts, cap, width
        self.weights, self.confidence = weights, confidence
        self.ctx = None
        self.decisions = 0
        self.est: Estimate | None = None
        self.policy: Policy | None = None
        self.split_plan: tuple[tuple, int, bool] | None = None  # (dice, count die, daimyo)
        self.deadline = 0.0

    def attach(self, ctx) -> None:
        self.ctx, self.est, self.policy = ctx, None, None

    # ------------------------------------------------------------ deciding

    def choose(self, decision: Decision):
        self.deadline = time.perf_counter() + self.budget  # the whole decision's, preparing included
        self.decisions += 1
        rng = random.Random(f"search:{self.seed}:{self.seat}:{self.decisions}")
        if self.ctx is None:
            return rng.choice(decision.options).value
        values = decision.values()
        if len(values) == 1:
            return values[0]
        t = self.ctx.table
        st = state_of(self.ctx.view())
        if self.est is None:
            self.est = Estimate(t, Board.of(t, st), self.weights)
            self.policy = Policy(self.est, rng)
        self.policy.rng = rng  # its samples of card plays: this decision's stream too
        kind = decision.kind
        if kind == "choose-action":
            return self._action(st, values, rng)
        if kind == "reroll":
            return self._reroll(st, rng)
        if kind == "split":
            return self._split(st, rng)
        if kind == "deploy-daimyo":
            plan = self.split_plan
            if plan is not None and plan[0] == tuple(st.roll):
                return plan[2]
        # card targets: the steps of the play chosen with the card
        return self.policy.choose(st, self.seat, decision)

    def _action(self, st: CastlesState, values, rng: random.Random):
        """[4.I] Deploy, or one of the best plays of each card."""
        me, t, est = self.seat, self.ctx.table, self.est
        own = self.policy.action(st, me, values)
        own_plan = self.policy.plan
        cands = [Candidate((DEPLOY, None), Deployments(est, st, me).turn_value(),
                           self._deploy_turn)]
        for action in values:
            if action == DEPLOY:
                continue
            scored = []
            for play in card_plays(t, st, me, action, rng):
                after = st.copy()
                effect_of(action).apply(t, after, me, play, _quiet)
                scored.append((est.utility(after, me), play))
            scored.sort(key=lambda vp: vp[0], reverse=True)
            plays = scored[:PLAYS_PER_CARD]
            if own == action and all(p != own_plan[1] for _, p in plays):
                plays.append((scored[0][0], own_plan[1]))  # the heuristic's, sampled apart
            cands += [Candidate((action, p), v, self._card(action, p)) for v, p in plays]
        incumbent = next((c for c in cands if c.answer == (own, own_plan[1] if own != DEPLOY
                                                          else None)), cands[0])
        action, play = self._best(st, cands, incumbent, rng)
        self.policy.plan = (action, play) if play is not None else None
        return action

    def _reroll(self, st: CastlesState, rng: random.Random):
        """Keep (with each split of the dice), or reroll [4.I]."""
        cands = [Candidate((KEEP, split), v, self._placed(*split)) for v, split in self._splits(st)]
        again = Candidate((REROLL, None), Deployments(self.est, st, self.seat).roll_value(),
                          self._rolled)
        keep = max(cands, key=lambda c: c.prior)
        incumbent = again if again.prior > keep.prior + 1e-9 else keep  # the heuristic's answer
        answer, split = self._best(st, cands + [again], incumbent, rng)
        self.split_plan = (tuple(st.roll), split[1], split[2]) if split else None
        return answer

    def _split(self, st: CastlesState, rng: random.Random):
        plan = self.split_plan
        if plan is None or plan[0] != tuple(st.roll):
            cands = [Candidate(split, v, self._placed(*split)) for v, split in self._splits(st)]
            split = self._best(st, cands, max(cands, key=lambda c: c.prior), rng)
            plan = self.split_plan = (tuple(st.roll), split[1], split[2])
        return plan[1]

    def _splits(self, st: CastlesState) -> list[tuple[float, tuple[str, int, bool]]]:
        """Every (area, count die, daimyo) the dice allow, with its estimate."""
        out = []
        for s in splits(st, st.roll):
            for daimyo in daimyo_choice(st, self.seat, s.count):
                undo = deploy_in_place(st, self.seat, s.area, s.count, daimyo)
                out.append((self.est.utility(st, self.seat), (s.area, s.count_die, daimyo)))
                undo()
        return out

    # ------------------------------------------------------------ candidates

    def _placed(self, area: str, die: int, daimyo: bool) -> Apply:
        def apply(st: CastlesState, rng: random.Random, playout: Playout) -> None:
            place(self.ctx.table, st, self.seat, area, soldiers_for(die), daimyo, _quiet)
        return apply

    def _rolled(self, st: CastlesState, rng: random.Random, playout: Playout) -> None:
        """A reroll: fresh dice, split at best by the playout policy."""
        _, area, count, daimyo = playout.split(st, self.seat, playout.dice(rng))
        place(self.ctx.table, st, self.seat, area, count, daimyo, _quiet)

    def _deploy_turn(self, st: CastlesState, rng: random.Random, playout: Playout) -> None:
        playout.turn(st, self.seat, rng)

    def _card(self, action: str, play: Play) -> Apply:
        def apply(st: CastlesState, rng: random.Random, playout: Playout) -> None:
            effect = effect_of(action)
            if effect.daimyo:
                st.daimyo_used[self.seat] = True
            else:
                st.display.remove(effect.id)
                st.tactics_used[self.seat].append(effect.id)
            effect.apply(self.ctx.table, st, self.seat, play, _quiet)
        return apply

    def _playout(self, st: CastlesState) -> Playout:
        """The playout policy, each seat's reroll bar measured on this position."""
        est, t = self.est, self.ctx.table
        bar = {p: Deployments(est, st, p).roll_value() - est.utility(st, p)
               for p in t.players if not st.finished(p)}
        return Playout(t, est, bar)

    # ------------------------------------------------------------ the search

    def _best(self, st: CastlesState, cands: list[Candidate], incumbent: Candidate,
              rng: random.Random):
        """The answer of the candidate whose playouts beat the incumbent's
        by more than their noise; else the incumbent's."""
        cands = sorted(cands, key=lambda c: c.prior, reverse=True)[:self.width]
        if incumbent not in cands:
            cands[-1] = incumbent
        if len(cands) == 1:
            return incumbent.answer
        playout = self._playout(st)
        base = rng.getrandbits(64)
        seat = self.seat

        def run(c: Candidate, j: int) -> None:
            r = random.Random(base + j)
            copy = st.copy()
            c.apply(copy, r, playout)
            c.results.append(playout.result(playout.finish(copy, seat, r), seat))

        start = time.perf_counter()
        alive = list(cands)
        for c in alive:
            run(c, 0)
        runs = 1
        timed = self.playouts is None
        if timed:
            each = (time.perf_counter() - start) / len(alive)
            total = min(self.cap, int((self.deadline - start) / max(each, 1e-6)))
        else:
            total = self.playouts
        rounds = max(1, math.ceil(math.log2(len(alive))))
        left = total - len(alive)
        for r in range(rounds):
            per = max(1, left // ((rounds - r) * len(alive)))
            for _ in range(per):
                if timed and runs > 1 and time.perf_counter() > self.deadline:
                    break
                for c in alive:
                    run(c, runs)
                runs += 1
            left -= per * len(alive)
            if r < rounds - 1:
                keep = max(2, math.ceil(len(alive) / 2))
                alive.sort(key=Candidate.mean, reverse=True)
                alive = alive[:keep] if incumbent in alive[:keep] else \
                    alive[:keep - 1] + [incumbent]
        best = max(alive, key=Candidate.mean)
        return best.answer if self._beats(best, incumbent) else incumbent.answer

    def _beats(self, c: Candidate, incumbent: Candidate) -> bool:
        return c is incumbent or beats_incumbent(c.results, incumbent.results,
                                                 self.confidence, MIN_PAIRS)
