"""The heuristic castles bot: one ply of look-ahead, every option applied to
a copy of the position and scored by a fast static estimate of the war to
come (`Estimate`). The search bot shares the estimate and the policies.

The estimate plays the war phase [4.II] in expectation: the areas in
ascending order of their castle, each player's strength the pieces there
plus the reinforcements it expects from the lower areas it may win next door
[4.II.3], plus its share of the pieces still in its stock (spread over the
areas as the dice reach them, with a spread that shrinks as the stocks
empty). Pairwise normal approximations give each player's chance to win an
area (the large token) or to come second (the small one, 3-4 players
[4.II.2]). The dice of the turn are known when the bot splits them; before
the roll (and for a reroll) it averages over the 56 rolls of three dice."""

from __future__ import annotations

import math
import random
from itertools import combinations_with_replacement, islice, permutations

import attrs

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.castles.deployment import daimyo_choice, pieces_to_deploy, soldiers_for
from tenkatoitsu.kinds.castles.game import DEPLOY, KEEP, REROLL, effect_of
from tenkatoitsu.kinds.castles.state import CastlesState
from tenkatoitsu.kinds.castles.table import Table
from tenkatoitsu.kinds.castles.targeting import DONE, Play
from tenkatoitsu.kinds.castles.view import state_of


def _quiet(event) -> None:
    """The event sink of the look-ahead: nobody reads those events."""


# ---------------------------------------------------------------- the dice

def _rolls() -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """The 56 rolls of three dice with their chance, each as its splits
    [4.I]: (count die, sum of the other two), one per distinct count die."""
    out = []
    for dice in combinations_with_replacement(range(1, 7), 3):
        ways = len(set(permutations(dice)))
        splits = {d: sum(dice) - d for d in dice}
        out.append((ways / 216, tuple(splits.items())))
    return tuple(out)


ROLLS = _rolls()


def _reach() -> dict[int, float]:
    """The share of the pieces that land on each castle value when the
    splits of a roll are taken alike: where the stocks go, on average."""
    out = {v: 0.0 for v in range(2, 13)}
    for p, splits in ROLLS:
        for _, v in splits:
            out[v] += p / len(splits)
    return out


REACH = _reach()


# ---------------------------------------------------------------- the board

@attrs.frozen
class Board:
    """What the estimate reads of the map, once per game: the areas in war
    order [4.II], the higher neighbours each reinforces [4.II.3], the area of
    each castle value (the dice name it [4.I])."""

    order: tuple[str, ...]
    value: dict[str, int]
    area_of: dict[int, str]
    higher: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, t: Table, st: CastlesState) -> Board:
        value = dict(st.castle)
        order = tuple(sorted(value, key=value.get))
        # a token is gone once resolved: only higher castles next door still
        # stand when an area sends its reinforcements [4.II.3]
        higher = {a: tuple(b for b in t.board.neighbours(a) if value[b] > value[a])
                  for a in order}
        return cls(order, value, {v: a for a, v in value.items()}, higher)


@attrs.frozen
class Weights:
    """The estimate's knobs (tuned by matches of the bot against itself)."""

    spread: float = 1.0  # variance of the strength to come, per piece in stock that may land here
    noise: float = 0.05  # variance left when every piece is placed
    lead: float = 0.7  # 3-4 players: weight of the best opponent (the rest: their mean)
    card: float = 0.0  # a card must gain this share of a deployment's gain, on top of:
    margin: float = 0.3  # what a card must gain (points) before the end of the cards is near


WEIGHTS = Weights()


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


class Estimate:
    """The expected castle points of every player (in table order) from a
    position in the deployment phase. The playouts call it for every split
    of every turn: lists by war order, and a path of its own for two players."""

    def __init__(self, t: Table, board: Board, weights: Weights = WEIGHTS):
        self.t, self.b, self.w = t, board, weights
        order = board.order
        at = {a: k for k, a in enumerate(order)}
        self.values = [board.value[a] for a in order]
        self.reach = [REACH[v] for v in self.values]
        self.higher = [tuple((at[c], c) for c in board.higher[a]) for a in order]

    def scores(self, st: CastlesState) -> list[float]:
        t, w = self.t, self.w
        players = t.players
        n = len(players)
        if n == 2:
            return self._scores2(st)
        ds = t.daimyo_strength
        units = [st.stock[p] + (ds if st.daimyo_in_stock.get(p) else 0) for p in players]
        total = sum(units)
        sword = [st.sword.get(p) or 0 for p in players]
        home = [st.daimyo_at.get(p) for p in players]
        extra: list = [None] * len(self.values)
        out = [0.0] * n
        soldiers, white, token = st.soldiers, st.white, st.token
        for k, a in enumerate(self.b.order):
            if not token[a]:
                continue
            f = self.reach[k]
            sd = math.sqrt(w.noise + w.spread * total * f)
            here, wh, rr = soldiers[a], white.get(a), extra[k]
            # strength now and to come: the pieces there, the reinforcements
            # expected from below, its share of the pieces still in stock
            m, occupied = [], []
            for i in range(n):
                p = players[i]
                x = here.get(p, 0)
                if home[i] == a:
                    x += ds
                if wh:
                    x += wh.get(p, 0)
                if rr:
                    x += rr[i]
                mean = units[i] * f
                m.append(x + mean)
                # a player not there yet holds it only if it comes
                occupied.append(1.0 if x > 0 else (_phi((mean - 0.5) / sd) if mean else 0.0))
            first = self._many(out, self.values[k] // 2, m, occupied, sword, sd)
            v = self.values[k]
            for i in range(n):
                out[i] += v * first[i]
            for c, area in self.higher[k]:
                there = soldiers[area]
                for i in range(n):
                    q = first[i]
                    if q and (there.get(players[i]) or home[i] == area):
                        if extra[c] is None:
                            extra[c] = [0.0] * n
                        extra[c][i] += q * t.reinforce
        return out

    def _scores2(self, st: CastlesState) -> list[float]:
        """`scores` for two players, inlined: the playouts' hot loop."""
        t, w = self.t, self.w
        p0, p1 = t.players
        ds, reinforce = t.daimyo_strength, t.reinforce
        u0 = st.stock[p0] + (ds if st.daimyo_in_stock.get(p0) else 0)
        u1 = st.stock[p1] + (ds if st.daimyo_in_stock.get(p1) else 0)
        noise, spread = w.noise, w.spread * (u0 + u1)
        s0, s1 = st.sword.get(p0) or 0, st.sword.get(p1) or 0
        tb = 0.5 if s0 > s1 else -0.5 if s0 < s1 else 0.0  # [4.II.1] ties: the higher sword
        h0, h1 = st.daimyo_at.get(p0), st.daimyo_at.get(p1)
        soldiers, white, token = st.soldiers, st.white, st.token
        extra0 = [0.0] * len(self.values)
        extra1 = [0.0] * len(self.values)
        out0 = out1 = 0.0
        erf, sqrt = math.erf, math.sqrt
        for k, a in enumerate(self.b.order):
            if not token[a]:
                continue
            f = self.reach[k]
            sd = sqrt(noise + spread * f)
            here = soldiers[a]
            x0 = here.get(p0, 0) + extra0[k] + (ds if h0 == a else 0)
            x1 = here.get(p1, 0) + extra1[k] + (ds if h1 == a else 0)
            wh = white.get(a)
            if wh:
                x0 += wh.get(p0, 0)
                x1 += wh.get(p1, 0)
            mu0, mu1 = u0 * f, u1 * f
            o0 = 1.0 if x0 > 0 else (0.5 + 0.5 * erf((mu0 - 0.5) / sd * 0.7071067811865476)
                                     if mu0 else 0.0)
            o1 = 1.0 if x1 > 0 else (0.5 + 0.5 * erf((mu1 - 0.5) / sd * 0.7071067811865476)
                                     if mu1 else 0.0)
            q = 0.5 + 0.5 * erf((x0 + mu0 - x1 - mu1 + tb) / sd * 0.7071067811865476)
            f0 = o0 * (q if o1 else 1.0)
            f1 = o1 * ((1.0 - q) if o0 else 1.0)
            tot = f0 + f1
            if tot <= 0:
                continue
            scale = (1.0 - (1.0 - o0) * (1.0 - o1)) / tot
            f0 *= scale
            f1 *= scale
            v = self.values[k]
            out0 += v * f0
            out1 += v * f1
            for c, area in self.higher[k]:
                there = soldiers[area]
                if f0 and (there.get(p0) or h0 == area):
                    extra0[c] += f0 * reinforce
                if f1 and (there.get(p1) or h1 == area):
                    extra1[c] += f1 * reinforce
        return [out0, out1]

    def _many(self, out, small, m, occupied, sword, sd) -> list[float]:
        """P(first) of 3-4 players by pairwise comparisons (a tie goes to the
        higher sword [4.II.1]); adds to `out` the runner-up's small token
        [4.II.2]: P(second) = P(beaten by exactly one of the others)."""
        n = len(m)
        idx = range(n)
        beat = [[1.0] * n for _ in idx]  # 1: no one to beat (not there, or itself)
        for i in idx:
            if not occupied[i]:
                continue
            for j in range(i + 1, n):
                if occupied[j]:
                    tb = 0.5 if sword[i] > sword[j] else -0.5 if sword[i] < sword[j] else 0.0
                    q = 0.5 + 0.5 * math.erf((m[i] - m[j] + tb) / sd * 0.7071067811865476)
                    beat[i][j], beat[j][i] = q, 1.0 - q
        first, second = [], []
        for i in idx:
            o = occupied[i]
            row = beat[i]
            top = o
            for q in row:
                top *= q
            first.append(top)
            two = 0.0
            if o and small:
                for k in idx:
                    if k != i and occupied[k]:
                        q = o * (1.0 - row[k])
                        for j in idx:
                            if j != k:
                                q *= row[j]
                        two += q
            second.append(two)
        nobody = 1.0
        for q in occupied:
            nobody *= 1.0 - q
        first = _scaled(first, 1.0 - nobody)
        if small and self.t.small_castles:
            alone = 0.0
            for i in idx:
                q = occupied[i]
                for j in idx:
                    if j != i:
                        q *= 1.0 - occupied[j]
                alone += q
            for i, q in enumerate(_scaled(second, max(0.0, 1.0 - nobody - alone))):
                out[i] += small * q
        return first

    def utility(self, st: CastlesState, seat: str) -> float:
        return utility_of(self.scores(st), self.t.players.index(seat), self.w.lead)


def _scaled(qs: list[float], total: float) -> list[float]:
    s = sum(qs)
    return [q * total / s for q in qs] if s > 0 else qs


def utility_of(scores: list[float], i: int, lead: float) -> float:
    """What a player wants: its points above the opponents' (the best of them
    weighs most in 3-4 players: only first place wins [6])."""
    others = scores[:i] + scores[i + 1:]
    if len(others) == 1:
        return scores[i] - others[0]
    return scores[i] - lead * max(others) - (1 - lead) * sum(others) / len(others)


# ---------------------------------------------------------------- deploying

def deploy_in_place(st: CastlesState, seat: str, area: str, count: int, daimyo: bool):
    """Place as deployment.place does, without its events, on the bot's own
    state; returns the undo (the split table tries 33-66 placements)."""
    n = pieces_to_deploy(st, seat, count)
    soldiers = n - (1 if daimyo else 0)
    here = st.soldiers[area]
    before = here.get(seat, 0), st.sword.get(seat), list(st.swords_left)
    st.stock[seat] -= soldiers
    here[seat] = before[0] + soldiers
    if daimyo:
        st.daimyo_in_stock[seat] = False
        st.daimyo_at[seat] = area
    if st.finished(seat) and before[1] is None and st.swords_left:
        st.sword[seat] = st.swords_left.pop(0)  # [4.I] the last piece takes a sword

    def undo() -> None:
        st.stock[seat] += soldiers
        if before[0]:
            here[seat] = before[0]
        else:
            here.pop(seat, None)
        if daimyo:
            st.daimyo_in_stock[seat] = True
            st.daimyo_at[seat] = None
        st.sword[seat] = before[1]
        st.swords_left[:] = before[2]

    return undo


Placement = tuple[str, int]  # (area, pieces)


class Deployments:
    """The value of every placement the dice can offer a player now, the best
    split of a roll, and what a roll (or a reroll) is worth on average."""

    def __init__(self, est: Estimate, st: CastlesState, seat: str):
        self.est, self.st, self.seat = est, st, seat
        self._values: dict[Placement, tuple[float, bool]] = {}

    def placement(self, area: str, count: int) -> tuple[float, bool]:
        """(value, with the daimyo) of the better way to put `count` pieces in `area`."""
        key = (area, pieces_to_deploy(self.st, self.seat, count))
        got = self._values.get(key)
        if got is None:
            got = max((self._try(area, count, d), d)
                      for d in daimyo_choice(self.st, self.seat, count))
            self._values[key] = got
        return got

    def _try(self, area: str, count: int, daimyo: bool) -> float:
        undo = deploy_in_place(self.st, self.seat, area, count, daimyo)
        try:
            return self.est.utility(self.st, self.seat)
        finally:
            undo()

    def best_split(self, dice) -> tuple[float, int, bool]:
        """(value, count die, with the daimyo) of the best split of `dice`."""
        by_value = self.est.b.area_of
        best = None
        for d in dict.fromkeys(dice):
            v, dm = self.placement(by_value[sum(dice) - d], soldiers_for(d))
            if best is None or v > best[0]:
                best = (v, d, dm)
        return best

    def roll_value(self) -> float:
        """A fresh roll, split at best [4.I]."""
        by_value = self.est.b.area_of
        return sum(p * max(self.placement(by_value[s], soldiers_for(d))[0] for d, s in splits)
                   for p, splits in ROLLS)

    def turn_value(self) -> float:
        """A deployment turn before the roll: a roll, rerolled once when the
        average of a fresh one beats it [4.I]."""
        again = self.roll_value()
        by_value = self.est.b.area_of
        return sum(p * max(again, max(self.placement(by_value[s], soldiers_for(d))[0]
                                      for d, s in splits))
                   for p, splits in ROLLS)


# ---------------------------------------------------------------- cards

PLAYS_SEEN = 5000  # plays enumerated at most, per card
PLAYS_TRIED = 120  # plays scored at most, per card (a sample beyond)


def card_plays(t: Table, st: CastlesState, seat: str, action: str, rng: random.Random,
               chosen: Play = (), cap: int = PLAYS_TRIED) -> list[Play]:
    """The complete plays of a card that begin with `chosen` (a sample when
    there are many: Entering Kyo and the daimyo cards multiply)."""
    k = len(chosen)
    plays = [p for p in islice(effect_of(action).plays(t, st, seat), PLAYS_SEEN)
             if p[:k] == chosen]
    return rng.sample(plays, cap) if len(plays) > cap else plays


def after_card(t: Table, st: CastlesState, seat: str, action: str, play: Play) -> CastlesState:
    new = st.copy()
    effect_of(action).apply(t, new, seat, play, _quiet)
    return new


def best_play(est: Estimate, st: CastlesState, seat: str, action: str, rng: random.Random,
              chosen: Play = ()) -> tuple[float, Play] | None:
    best = None
    for play in card_plays(est.t, st, seat, action, rng, chosen):
        v = est.utility(after_card(est.t, st, seat, action, play), seat)
        if best is None or v > best[0]:
            best = (v, play)
    return best


def lock_near(t: Table, st: CastlesState) -> float:
    """0 far from the end of the cards, 1 when a player is about to place
    its last piece [4.I] (a turn places 2 pieces on average)."""
    left = min(st.pieces_in_stock(p) for p in t.players)
    return max(0.0, min(1.0, (12 - left) / 9))


# ---------------------------------------------------------------- the policy

class Policy:
    """The heuristic's answer to each decision, from a position and its estimate."""

    def __init__(self, est: Estimate, rng: random.Random):
        self.est, self.rng = est, rng
        self.plan: tuple[str, Play] | None = None  # the card being played and its play

    def choose(self, st: CastlesState, seat: str, decision: Decision):
        kind = decision.kind
        if kind == "choose-action":
            return self.action(st, seat, decision.values())
        if kind == "reroll":
            return self.reroll(st, seat)
        if kind == "split":
            return Deployments(self.est, st, seat).best_split(st.roll)[1]
        if kind == "deploy-daimyo":
            return self.with_daimyo(st, seat, decision)
        if kind == "card-target":
            return self.target(st, seat, decision)
        return decision.options[0].value

    def reroll(self, st: CastlesState, seat: str) -> str:
        dep = Deployments(self.est, st, seat)
        return REROLL if dep.roll_value() > dep.best_split(st.roll)[0] + 1e-9 else KEEP

    def with_daimyo(self, st: CastlesState, seat: str, decision: Decision) -> bool:
        area = decision.context["area"]
        d = next(d for d in st.roll if self.est.b.area_of[sum(st.roll) - d] == area)
        return Deployments(self.est, st, seat).placement(area, soldiers_for(d))[1]

    def action(self, st: CastlesState, seat: str, legal) -> str:
        """[4.I] A card when it gains enough (more as the end of the cards
        nears: a card unplayed then is lost), else deploy."""
        best = self.best_card(st, seat, legal)
        if best is None:
            return DEPLOY
        value, action, play = best
        w = self.est.w
        base = self.est.utility(st, seat)
        deploy_gain = Deployments(self.est, st, seat).turn_value() - base
        need = w.card * max(0.0, deploy_gain) + w.margin * (1.0 - lock_near(self.est.t, st))
        if value - base > need:
            self.plan = (action, play)
            return action
        return DEPLOY

    def best_card(self, st: CastlesState, seat: str, legal) -> tuple[float, str, Play] | None:
        best = None
        for action in legal:
            if action == DEPLOY:
                continue
            got = best_play(self.est, st, seat, action, self.rng)
            if got is not None and (best is None or got[0] > best[0]):
                best = (got[0], action, got[1])
        return best

    def target(self, st: CastlesState, seat: str, decision: Decision):
        """The next target of the play planned with the card; a fresh choice
        among the plays that begin as chosen if the plan is lost."""
        ctx = decision.context
        chosen = tuple(ctx.get("chosen", ()))
        action = ("daimyo:" if ctx.get("daimyo") else "tactic:") + ctx["card"]
        values = decision.values()
        plan = self.plan
        if plan is None or plan[0] != action or plan[1][:len(chosen)] != chosen:
            got = best_play(self.est, st, seat, action, self.rng, chosen)
            plan = self.plan = (action, got[1]) if got else None
        if plan is not None:
            step = plan[1][len(chosen)] if len(plan[1]) > len(chosen) else DONE
            if step in values:
                return step
        return values[0]


# ---------------------------------------------------------------- the bot

class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int, seat: str, weights: Weights = WEIGHTS):
        self.seat, self.weights = seat, weights
        # its own stream (samples of card plays): never the game's dice
        self.rng = random.Random(f"heuristic:{seed}:{seat}")
        self.ctx = None
        self.policy: Policy | None = None

    def attach(self, ctx) -> None:
        self.ctx, self.policy = ctx, None

    def choose(self, decision: Decision):
        if self.ctx is None:  # nothing to read: any legal answer
            return self.rng.choice(decision.options).value
        st = state_of(self.ctx.view())
        if self.policy is None:
            t = self.ctx.table
            self.policy = Policy(Estimate(t, Board.of(t, st), self.weights), self.rng)
        return self.policy.choose(st, self.seat, decision)

