"""The heuristic's battle odds [§6.2]: exact, not sampled. A side is two
counts, Daimyō and the rest (every unit that is neither a Daimyō nor a
Ronin: the Bushi, or under Specialized Warfare its units [U-21]); each unit
rolls its dice against its target number with the one largest bonus and the
one largest penalty of the side [§0.1] [§6.2.3]. The player who scores a
hit chooses where it falls [§6.2.1], so each side's hits go to the other's
Daimyō first (the hardest hitters and the irreplaceable leaders), then the
rest. Ronin roll in the first exchange only (they leave after it [§6.2.4])
and never count as bodies: a side that keeps any other unit holds on.

An exchange is a sequence of phases [§10.2-c]: without Specialized Warfare
the Melee alone; with it the Firearm Phase (Arquebusiers, whose Volley
ignores castles [§10.6.3-b]), the Ranged Phase (Archers, both sides [U-22])
and the Melee, each phase's casualties leaving before the next. A side's
dice in a phase are given as a `profile`: one (Daimyō die, other unit's die,
Ronin die, dice per other unit) tuple per phase. The units of a mixed side
are averaged into one die per unit with the same expected hits (`Model.
profile`): the Spear Wall's +1 for two Spearmen defending, the Duelist's two
dice for a Swordsman attacking alone [§10.2-b] are in it.

A battle is one exchange of the attacker's turn (campaign.battles; §6.2.1
and the example of §6.2.5); while both sides stand the province is
contested, and the exchanges go on in later turns, each side attacking in
its own (so the model alternates the roles, without the castle of a
province no one holds). `EXCHANGES = None` models instead an engine that
fights a battle again and again in the same turn until one side is gone.

What the outcomes are worth, in Koku-like points, is here too."""

from __future__ import annotations

from tenkatoitsu.kinds.clans.scenario.model import (
    BUSHI,
    DAIMYO,
    FIREARM,
    MELEE,
    RANGED,
    RONIN,
    SPEARMEN,
    SWORDSMEN,
)

# ---------------------------------------------------------------- what things are worth
PROVINCE = 3.0  # a province of ours: a Koku a round and a step to victory
ENEMY_PROVINCE = 1.0  # a province an enemy loses
BUSHI_MINE = 1.3  # one of our Bushi lost
BUSHI_THEIRS = 0.8  # one of theirs
DAIMYO_MINE = 36.0  # our Daimyō, all three (irreplaceable [§2.1]): each is worth this
DAIMYO_THEIRS = 4.0  # over the number the clan has left
LAST_DAIMYO_MINE = 60.0  # our last Daimyō lost: vassalage [§8.1]
LAST_DAIMYO_THEIRS = 12.0  # a clan made our vassal
KOKU = 0.9  # a Koku spent
#: a province left contested by the first exchange: its holder has lost it
#: for now (it counts at the end of the phase [§1.1.2])
CONTESTED = 0.3

#: indices of the result vector of a battle: how it ends (the attacker alone
#: stands, the defender alone, no one), the Daimyō and Bushi each side keeps
#: on average, the chance each side ends without a Daimyō, and the chance
#: the first exchange leaves the province contested
WIN, LOSS, BOTH, A_D, A_B, D_D, D_B, A_NO_D, D_NO_D, CONT = range(10)
CAP = 14  # most bodies a side is modelled with
#: exchanges of a battle in one turn: 1 (the province stays contested while
#: both sides stand), or None: again and again until one side is gone
EXCHANGES: int | None = 1
#: the phases of an exchange under Specialized Warfare [§10.2-c]
SW_PHASES = (FIREARM, RANGED, MELEE)
#: a mixed side's averaged die is rounded to this many places (the caches' keys)
ROUND = 3
_CACHES: dict = {}


def face_odds(base: int, bonus: int, penalty: int) -> float:
    """[§6.2.3] [§0.1] The chance one die hits: its target number moved by
    the bonus and the penalty; a 1 never hits."""
    if not base:
        return 0.0
    t = max(2, base - bonus + penalty)
    return max(0, 7 - t) / 6


def as_profile(p) -> tuple:
    """A profile from `p`: one phase's (Daimyō, Bushi, Ronin) chances (the
    core game's Melee), or already a profile."""
    if p and isinstance(p[0], tuple):
        return p
    return ((p[0], p[1], p[2], 1),)


class Model:
    """The combat table as the odds read it, with caches of hit
    distributions and of battle chains."""

    def __init__(self, components):
        d = components.unit(DAIMYO)
        b = components.unit(BUSHI)
        r = components.unit(RONIN) if components.has_unit(RONIN) else b
        self.rows = {DAIMYO: (d.dice, d.attack, d.defense), BUSHI: (b.dice, b.attack, b.defense),
                     RONIN: (r.dice, r.attack, r.defense)}
        #: every unit type: (dice, attack, defense, phase) [§10.2-b]
        self.units = {u.id: (u.dice, u.attack, u.defense, u.phase) for u in components.units}
        # the caches are shared by every bot of the same table of units
        key = tuple(sorted(self.units.items()))
        self._dist, self._chain = _CACHES.setdefault(key, ({}, {}))

    # ---- one die
    def probs(self, attacking: bool, bonus: int, penalty: int) -> tuple[float, float, float]:
        """(Daimyō die, Bushi die, Ronin die) hit chances in the Melee."""
        i = 1 if attacking else 2
        return tuple(face_odds(self.rows[u][i], bonus, penalty) for u in (DAIMYO, BUSHI, RONIN))

    def unit_odds(self, unit: str, phase: str, attacking: bool, bonus: int,
                  penalty: int) -> float:
        """[§10.2-c] [U-22] One die of `unit` in `phase`, as arms.rolls_in
        reads the table: shooters fire in their phase on either side; in the
        Melee the attacker's shooters and Bannermen do not attack and every
        defender rolls its defense."""
        _, attack, defense, own = self.units.get(unit, self.units[BUSHI])
        if phase != MELEE:
            base = attack if own == phase else 0
        elif attacking:
            base = attack if own == MELEE else 0
        else:
            base = defense
        return face_odds(base, bonus, penalty)

    def profile(self, mix: dict[str, int], attacking: bool, bonus: int, penalty: int,
                field_bonus: int | None = None, daimyos: int = 0, ronin: int = 0,
                phases: tuple[str, ...] = SW_PHASES) -> tuple:
        """A side's profile under Specialized Warfare: for each phase, its
        Daimyō's, its other units' (averaged over `mix`, unit -> count) and
        its Ronin's die, and the dice per other unit. `field_bonus`: the
        defender's bonus without its castle, for the Firearm Phase's Volley
        [§10.6.3-b]; the Spear Wall [§10.2-b] and the Duelist [U-23] apply."""
        n = sum(mix.values())
        wall = not attacking and mix.get(SPEARMEN, 0) >= 2
        duel = attacking and n == 1 and mix.get(SWORDSMEN) == 1 and not daimyos and not ronin
        out = []
        for ph in phases:
            b = bonus if ph != FIREARM or field_bonus is None else field_bonus
            pd = self.unit_odds(DAIMYO, ph, attacking, b, penalty)
            pr = self.unit_odds(RONIN, ph, attacking, b, penalty)
            pb = 0.0
            if n:
                total = 0.0
                for u, k in mix.items():
                    own = max(b, 1) if wall and u == SPEARMEN else b
                    total += k * self.unit_odds(u, ph, attacking, own, penalty)
                pb = total / n if len(mix) == 1 else round(total / n, ROUND)
            out.append((pd, pb, pr, 2 if duel and ph == MELEE else 1))
        return tuple(out)

    # ---- one exchange's hits
    def hits(self, groups: tuple, cap: int) -> list[float]:
        """The distribution of hits of dice in `groups` ((count, p), ...),
        the last entry P(cap or more)."""
        key = (groups, cap)
        got = self._dist.get(key)
        if got is not None:
            return got
        dist = [1.0] + [0.0] * cap
        for n, p in groups:
            if n <= 0 or p <= 0:
                continue
            q = 1 - p
            for _ in range(n):
                nxt = [0.0] * (cap + 1)
                for k, x in enumerate(dist):
                    if not x:
                        continue
                    nxt[k] += x * q
                    nxt[min(cap, k + 1)] += x * p
                dist = nxt
        if len(self._dist) > 50_000:
            self._dist.clear()
        self._dist[key] = dist
        return dist

    def _groups(self, side, p, ronin=0) -> tuple:
        per = p[3] if len(p) > 3 else 1
        return ((side[0] * self.rows[DAIMYO][0], p[0]), (side[1] * per, p[1]),
                (ronin * self.rows[RONIN][0], p[2]))

    def exchange(self, att, dfn, pa, pd, ronin_a=0, ronin_d=0):
        """The outcomes of one Melee: ((hits on the defender, P), ...),
        ((hits on the attacker, P), ...)."""
        ha = self.hits(self._groups(att, pa, ronin_a), dfn[0] + dfn[1])
        hd = self.hits(self._groups(dfn, pd, ronin_d), att[0] + att[1])
        return ha, hd

    def states(self, att, dfn, pa: tuple, pd: tuple, ronin_a=0, ronin_d=0) -> tuple:
        """One exchange, phase by phase [§10.2-c]: ((sides left), P) for
        every way it can end, each phase's casualties gone before the next;
        the Ronin fight in the Melee, the last phase."""
        key = ("x", att, dfn, pa, pd, ronin_a, ronin_d)
        got = self._chain.get(key)
        if got is not None:
            return got
        dist = {(att, dfn): 1.0}
        last = len(pa) - 1
        for k, (pha, phd) in enumerate(zip(pa, pd)):
            ra, rd = (ronin_a, ronin_d) if k == last else (0, 0)
            if not any(pha[:3]) and not any(phd[:3]):
                continue
            nxt: dict = {}
            for (a, d), w in dist.items():
                if a[0] + a[1] == 0 or d[0] + d[1] == 0:
                    nxt[(a, d)] = nxt.get((a, d), 0.0) + w
                    continue
                ha = self.hits(self._groups(a, pha, ra), d[0] + d[1])
                hd = self.hits(self._groups(d, phd, rd), a[0] + a[1])
                for i, x in enumerate(ha):
                    if x * w < 1e-12:
                        continue
                    left_d = _hit(d, i)
                    for j, y in enumerate(hd):
                        v = w * x * y
                        if v < 1e-12:
                            continue
                        s = (_hit(a, j), left_d)
                        nxt[s] = nxt.get(s, 0.0) + v
            dist = nxt
        return self._store(key, tuple(dist.items()))

    # ---- a battle
    def battle(self, att: tuple[int, int], dfn: tuple[int, int], pa: tuple, pd: tuple,
               ronin_a: int = 0, ronin_d: int = 0, later: tuple | None = None) -> tuple:
        """The result vector of `att` (Daimyō, other units) attacking `dfn`
        with hit chances `pa` and `pd` (from `probs`, or profiles), with
        Ronin in the first exchange. `later` = (the attacker's, the
        defender's hit chances when the attacker strikes again, the
        defender's and the attacker's when the defender strikes back): the
        exchanges of later turns (default: the first exchange's, and the
        plain table for the strike back)."""
        att = (min(att[0], CAP), min(att[1], CAP))
        dfn = (min(dfn[0], CAP), min(dfn[1], CAP))
        pa, pd = as_profile(pa), as_profile(pd)
        if later is None:
            later = (pa, pd, self.probs(True, 0, 0), self.probs(False, 0, 0))
        later = tuple(as_profile(x) for x in later)
        if att[0] + att[1] == 0 or dfn[0] + dfn[1] == 0:
            return _terminal(att, dfn)
        out = [0.0] * 10
        stay = 0.0
        for (left_a, left_d), w in self.states(att, dfn, pa, pd, ronin_a, ronin_d):
            if (left_a, left_d) == (att, dfn):
                stay = w
                continue
            sub = self._next(left_a, left_d, pa, pd, later)
            for k in range(9):
                out[k] += w * sub[k]
            if left_a[0] + left_a[1] and left_d[0] + left_d[1]:
                out[CONT] += w
        if stay >= 1.0 - 1e-12:
            return _terminal(att, dfn, stalemate=True)
        sub = self._next(att, dfn, pa, pd, later)
        for k in range(9):
            out[k] += stay * sub[k]
        out[CONT] += stay
        return tuple(out)

    def _next(self, att, dfn, pa, pd, later) -> tuple:
        """What follows the first exchange."""
        if att[0] + att[1] == 0 or dfn[0] + dfn[1] == 0:
            return _terminal(att, dfn)
        if EXCHANGES is None:
            return self._again(att, dfn, pa, pd)
        return self._turns(att, dfn, later)[1]

    def _again(self, att, dfn, pa, pd) -> tuple:
        """The battle fought again at once until one side is gone."""
        pa, pd = as_profile(pa), as_profile(pd)
        if att[0] + att[1] == 0 or dfn[0] + dfn[1] == 0:
            return _terminal(att, dfn)
        key = ("again", att, dfn, pa, pd)
        got = self._chain.get(key)
        if got is not None:
            return got
        states = self.states(att, dfn, pa, pd)
        stay = sum(w for s, w in states if s == (att, dfn))
        if stay >= 1.0 - 1e-12:
            return _terminal(att, dfn, stalemate=True)
        out = [0.0] * 10
        for (left_a, left_d), w in states:
            if (left_a, left_d) == (att, dfn):
                continue
            sub = self._again(left_a, left_d, pa, pd)
            for k in range(9):
                out[k] += w * sub[k] / (1 - stay)
        return self._store(key, tuple(out))

    def _turns(self, att, dfn, later) -> tuple[tuple, tuple]:
        """(the battle from here when the attacker strikes next, when the
        defender does), the two taking turns: solved together, since a turn
        where no one hits hands the exchange to the other side."""
        key = ("turns", att, dfn, later)
        got = self._chain.get(key)
        if got is not None:
            return got
        pa, pd, pb, pe = later
        # the attacker strikes: its hits on the defender, the defender's back
        mine = self.states(att, dfn, pa, pd)
        # the defender strikes: its hits on the attacker, the attacker's back
        theirs = tuple(((a, d), w) for (d, a), w in self.states(dfn, att, pb, pe))
        x_me, a_me = self._sum(att, dfn, mine, later, strikes_next=1)
        y_them, c_them = self._sum(att, dfn, theirs, later, strikes_next=0)
        den = 1 - a_me * c_them
        if den <= 1e-12:
            res = _terminal(att, dfn, stalemate=True), _terminal(att, dfn, stalemate=True)
            return self._store(key, res)
        me = tuple((x_me[k] + a_me * y_them[k]) / den for k in range(10))
        them = tuple(y_them[k] + c_them * me[k] for k in range(10))
        return self._store(key, (me, them))

    def _sum(self, att, dfn, states, later, strikes_next: int):
        """Σ P·(the battle after the exchange, the other side striking
        next) over the exchanges where someone hits, and P(no one hits)."""
        out = [0.0] * 10
        stay = 0.0
        for (left_a, left_d), w in states:
            if (left_a, left_d) == (att, dfn):
                stay += w
                continue
            if left_a[0] + left_a[1] == 0 or left_d[0] + left_d[1] == 0:
                sub = _terminal(left_a, left_d)
            else:
                sub = self._turns(left_a, left_d, later)[strikes_next]
            for k in range(9):
                out[k] += w * sub[k]
        return out, stay

    def _store(self, key, value):
        if len(self._chain) > 200_000:
            self._chain.clear()
        self._chain[key] = value
        return value


def _hit(side: tuple[int, int], hits: int) -> tuple[int, int]:
    """The side after `hits`, given to its Daimyō first."""
    d, b = side
    k = min(d, hits)
    d -= k
    hits -= k
    return d, max(0, b - hits)


def _terminal(att, dfn, stalemate: bool = False) -> tuple:
    """Where a battle ends: won, lost, or both sides gone; `stalemate`:
    both still stand for ever, the province contested."""
    a_alive, d_alive = att[0] + att[1] > 0, dfn[0] + dfn[1] > 0
    win = 1.0 if a_alive and not d_alive else 0.0
    loss = 1.0 if d_alive and not a_alive else 0.0
    both = 1.0 if not a_alive and not d_alive else 0.0
    if stalemate:
        win = loss = 0.0
        both = 1.0  # contested: the holder loses it all the same [§6.2.1]
    return (win, loss, both, float(att[0]), float(att[1]), float(dfn[0]), float(dfn[1]),
            1.0 if att[0] == 0 else 0.0, 1.0 if dfn[0] == 0 else 0.0, 0.0)


class Valuation:
    """What a battle's outcome is worth to one side, `me`."""

    def __init__(self, *, province_gain: float, province_loss: float,
                 my_daimyos_total: int, their_daimyos_total: int,
                 their_vassal_worth: float = LAST_DAIMYO_THEIRS, enemy_unit: float = BUSHI_THEIRS,
                 my_last_daimyo: float = LAST_DAIMYO_MINE, win_chance: float = 1.0):
        self.gain, self.loss = province_gain, province_loss
        self.mine_total, self.theirs_total = my_daimyos_total, their_daimyos_total
        self.vassal_worth = their_vassal_worth
        self.enemy_unit = enemy_unit
        self.last_daimyo = my_last_daimyo
        #: the chance a won battle gives the province (the Ikkō-ikki's
        #: Pacification Test [§10.5.3-b])
        self.win_chance = win_chance
        #: one of ours: dearer the fewer are left
        self.mine_daimyo = DAIMYO_MINE / max(1, my_daimyos_total)

    def attack(self, res: tuple, att: tuple[int, int], dfn: tuple[int, int]) -> float:
        """The worth to the attacker `me` of `res`, the result of `att` attacking `dfn`."""
        v = res[WIN] * (self.gain * self.win_chance + self.loss) + res[BOTH] * self.loss
        v += res[CONT] * self.loss * CONTESTED
        v += (dfn[0] - res[D_D]) * DAIMYO_THEIRS + (dfn[1] - res[D_B]) * self.enemy_unit
        v -= (att[0] - res[A_D]) * self.mine_daimyo + (att[1] - res[A_B]) * BUSHI_MINE
        if att[0] and att[0] >= self.mine_total:
            v -= res[A_NO_D] * self.last_daimyo
        if dfn[0] and dfn[0] >= self.theirs_total:
            v += res[D_NO_D] * self.vassal_worth
        return v

    def defend(self, res: tuple, att: tuple[int, int], dfn: tuple[int, int]) -> float:
        """The worth to the defender `me` (the `dfn` side) of `res`; `gain`
        is what keeping the province is worth."""
        v = (res[LOSS] - res[WIN] - res[BOTH]) * self.gain - res[CONT] * self.gain * CONTESTED
        v += (att[0] - res[A_D]) * DAIMYO_THEIRS + (att[1] - res[A_B]) * self.enemy_unit
        v -= (dfn[0] - res[D_D]) * self.mine_daimyo + (dfn[1] - res[D_B]) * BUSHI_MINE
        if dfn[0] and dfn[0] >= self.mine_total:
            v -= res[D_NO_D] * self.last_daimyo
        if att[0] and att[0] >= self.theirs_total:
            v += res[A_NO_D] * self.vassal_worth
        return v
