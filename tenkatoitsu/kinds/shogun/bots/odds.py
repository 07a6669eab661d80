"""The heuristic's battle estimates [SC-16]: a side of a battle as unit
counts, a small Monte Carlo of the combat sequence and its cache, and what
the outcomes are worth. Hits come on a d12 of the unit's value or less,
ranged units first, the cheapest casualties removed first, castle spearmen
or fortress ronin defending first [SC-18.1], the defender's first strike
across a sea line [SC-18.7], and an attacker who calls off when he is
losing. The same samples serve every battle, so an estimate never draws on
the game's dice."""

from __future__ import annotations

import random

#: a side of a battle, unit counts in this order; the two bonus kinds are a
#: castle's spearmen and a fortress's ronin [SC-18.1]
B, G, D, S, R, SP, BSP, BR = range(8)
TYPES = ("bowman", "gunner", "daimyo", "swordsman", "ronin", "spearman")
INDEX = {u: i for i, u in enumerate(TYPES)}
#: the order a side removes its casualties: bonus units (the rules force them
#: first [SC-17.3]), then the cheapest, the daimyo last [SC-17.4]
REMOVE = (BSP, BR, R, SP, G, S, B, D)
#: casualty preference by unit name (lower goes first)
CASUALTY_ORDER = {"ronin": 0, "spearman": 1, "gunner": 2, "swordsman": 3, "bowman": 4,
                  "daimyo": 9}
SAMPLES = 40
MAX_ROUNDS = 12

# what things are worth, in provinces
PROVINCE = 1.0
DAIMYO_KILL = 2.5  # an enemy daimyo lost [SC-20.1]
OWN_DAIMYO = 3.0  # one of ours lost
UNIT_LOST = 0.12  # one of our units lost
UNIT_KILLED = 0.08  # one of theirs
EXPERIENCE = 0.3  # a successful battle moves the daimyo's marker [SC-19.8]
#: a levied unit's worth: its hits a round and a body to lose
UNIT_WORTH = {"spearman": 0.58, "swordsman": 0.67, "gunner": 0.63, "bowman": 0.8}


class Odds:
    """How a battle goes, over the samples: the chance the defenders are
    eliminated (`win`), the attackers are (`loss`), the attacker calls it off
    (`off`), the attacking daimyo is lost (`dlost`); the units each side
    loses on average, and the defenders left on average (by type)."""

    __slots__ = ("att_lost", "def_left", "def_lost", "dlost", "loss", "off", "win")

    def __init__(self, win, loss, off, dlost, att_lost, def_lost, def_left):
        self.win, self.loss, self.off, self.dlost = win, loss, off, dlost
        self.att_lost, self.def_lost, self.def_left = att_lost, def_lost, def_left


def _remove(side: list[int], hits: int) -> None:
    for i in REMOVE:
        if hits <= 0:
            return
        n = side[i]
        if n:
            k = min(n, hits)
            side[i] = n - k
            hits -= k


class Model:
    """The unit table [SC-3.1] as the battle model reads it."""

    def __init__(self, components):
        value = {u.id: u.value for u in components.units}
        step = {u.id: u.step for u in components.units}
        faces = 12
        self.p = [value[u] / faces for u in TYPES] + [value["spearman"] / faces,
                                                      value["ronin"] / faces]
        steps = [step[u] for u in TYPES] + [step["spearman"], step["ronin"]]
        # ranged steps before the first removal (step 3), the rest before step 7
        self.first = tuple(i for i in range(8) if steps[i] < 3)
        self.second = tuple(i for i in range(8) if steps[i] > 3)
        self.strike = tuple(i for i in range(6))  # a first strike: no bonus units [SC-18.8]
        self.cache: dict = {}
        self.rates: dict = {}

    def rate(self, side) -> float:
        """Expected hits a combat round."""
        r = self.rates.get(side)
        if r is None:
            p = self.p
            r = self.rates[side] = sum(side[i] * p[i] for i in range(8))
        return r

    def _hits(self, side, which, rnd) -> int:
        p = self.p
        h = 0
        for i in which:
            n = side[i]
            if n:
                q = p[i]
                for _ in range(n):
                    if rnd() < q:
                        h += 1
        return h

    def calls_off(self, a, d) -> bool:
        """The attacker's rule in the model: off when clearly outgunned, or
        when his daimyo would stand alone after the next round."""
        p = self.p
        ra = sum(a[i] * p[i] for i in range(8))
        rd = sum(d[i] * p[i] for i in range(8))
        na, nd = sum(a), sum(d)
        if ra * na < 0.45 * rd * nd:
            return True
        return bool(a[D]) and na - 1 < rd + 0.5 and nd > ra + 0.5

    def odds(self, att: tuple, dfn: tuple, naval: bool) -> Odds:
        key = (att, dfn, naval)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        if len(self.cache) > 200_000:
            self.cache.clear()
            self.rates.clear()
        rnd = random.Random(0x5106).random  # the same samples for every battle
        win = loss = off = dlost = 0
        att_lost = def_lost = 0
        left = [0.0] * 8
        na0, nd0 = sum(att), sum(dfn)
        for _ in range(SAMPLES):
            a, d = list(att), list(dfn)
            end = ""
            if naval:  # [SC-18.7] the defender alone rolls once, bonus units aside
                _remove(a, self._hits(d, self.strike, rnd))
                if not sum(a):
                    end = "B"
            rounds = 0
            while not end:
                rounds += 1
                ha, hd = self._hits(a, self.first, rnd), self._hits(d, self.first, rnd)
                _remove(d, ha)
                _remove(a, hd)
                sa, sd = sum(a), sum(d)
                if not sa or not sd:
                    end = "A" if not sd else "B"
                    break
                ha, hd = self._hits(a, self.second, rnd), self._hits(d, self.second, rnd)
                _remove(d, ha)
                _remove(a, hd)
                sa, sd = sum(a), sum(d)
                if not sa or not sd:
                    end = "A" if not sd else "B"
                    break
                if rounds >= MAX_ROUNDS or self.calls_off(a, d):
                    end = "C"
            if end == "A":
                win += 1
                if not sum(a):
                    loss += 1
            elif end == "B":
                loss += 1
            else:
                off += 1
            if att[D] and not a[D]:
                dlost += 1
            att_lost += na0 - sum(a)
            def_lost += nd0 - sum(d)
            for i in range(8):
                left[i] += d[i]
        n = SAMPLES
        out = Odds(win / n, loss / n, off / n, dlost / n, att_lost / n, def_lost / n,
                   tuple(x / n for x in left))
        self.cache[key] = out
        return out


def plus(a, b) -> tuple:
    """Two sides' units together."""
    return tuple(x + y for x, y in zip(a, b))


def minus_cheapest(comp: tuple) -> tuple:
    """The side less its cheapest regular unit (a garrison left behind)."""
    c = list(comp)
    for i in (SP, G, S, B):
        if c[i]:
            c[i] -= 1
            break
    return tuple(c)


def cheapest_unit(comp: tuple) -> tuple:
    """The side's cheapest regular unit alone (the garrison it leaves)."""
    c = [0] * 8
    for i in (SP, G, S, B):
        if comp[i]:
            c[i] = 1
            break
    return tuple(c)


def screen_side(side: dict) -> tuple:
    """A battle screen's side (troop -> unit -> count) as the model's units."""
    c = [0] * 8
    for troop, units in side.items():
        for u, n in units.items():
            if troop == "bonus":
                c[BSP if u == "spearman" else BR] += n
            elif u in INDEX:
                c[INDEX[u]] += n
    return tuple(c)
