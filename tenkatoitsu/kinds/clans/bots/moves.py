"""The heuristic's campaign moves [§6.1]: at the first move of its turn it
plans them all from one reading of the view, then answers move-from,
move-to and move-count from the plan.

Why one module: the plan is one object, and its eight steps below share
one bookkeeping (the units each province must keep, those already
promised, the room left under the limit of 7, the winter supply each move
would cost); split across modules, each step would reach into another's
state.

The plan, in this order:

1. the Daimyō: they stay where no rival can strike them before the next
   turn, or go to the safest province they can reach (a clan that loses
   its three is a vassal [§8.1], and the enemy gives its hits to them
   [§6.2.1]);
2. every province held keeps one unit (a province is held only while its
   units stand there); the rest may move; the urgent attacks (worth two
   provinces or more: the leader's land in a crisis, a Mandate province, a
   last Daimyō) take theirs first;
3. one Bushi into each empty province in reach, the most valuable first
   (those the leader of the race would take next first of all);
4. Bushi to the provinces whose loss would cost most (a Mandate province
   a rival needs, anything when a rival is close to victory, the Daimyō's,
   a province one more lost battle would raise [§10.5.2]);
5. attacks, best first, each with the units that make it worth most: the
   exact odds of the battle [§6.2.3] (odds.py), the Ikkō-ikki's
   Strongholds among them [§10.5.3-b]; an ally's province only to stop it
   winning [§10.1.3];
6. the empty provinces still in reach, and a spare Daimyō into one where
   the province is worth more than what he risks there;
7. the Mōri's sail [v83 §2.4] to the coastal province that needs the
   Daimyō and his Bushi most;
8. what is left goes towards the front.

Under Specialized Warfare [§10.2] the plan moves units by type: the
shooters and Swordsmen go to the attacks, the Spearmen hold and defend (two
of them make the Spear Wall), the Bannermen stay to lead the Ashigaru one
province further. Every move into the mountains keeps the winter's supply
within the treasury [§7.1] (under the Cycle of Rice and War, within the
treasury and the Koku sown, at the famine's yield [§10.3.2])."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.clans.bots import odds
from tenkatoitsu.kinds.clans.bots.reading import ASHIGARU, INLAND, MOUNTAINS, Board, split
from tenkatoitsu.kinds.clans.scenario.model import (
    ARCHERS,
    ARQUEBUSIERS,
    BANNERMEN,
    BUSHI,
    DAIMYO,
    KYOTO,
    RONIN,
    SPEARMEN,
    SWORDSMEN,
)

DONE, BACK = "done", "back"
#: what a Bushi kept back is still worth (the next turn's moves)
SPARE = 0.3
#: a Daimyō left at the front after an attack
EXPOSED = 2.0
#: chance a rival that can strike the Daimyō does
STRIKE = 0.6
#: an attack worth this much is planned before the expansion takes the units
URGENT = 6.0
#: which units go first for each purpose (a unit type not listed last)
ATTACK_FIRST = (ARQUEBUSIERS, ARCHERS, SWORDSMEN, BUSHI, SPEARMEN)
HOLD_FIRST = (SPEARMEN, ARCHERS, SWORDSMEN, BUSHI, BANNERMEN, ARQUEBUSIERS)
EXPAND_FIRST = (SPEARMEN, BUSHI, SWORDSMEN, ARCHERS, ARQUEBUSIERS)
#: the Mōri's sea move [v83 §2.4]: 1 Koku, a Daimyō and up to 5 Bushi
SAIL_COST, SAIL_ESCORT = 1, 5


def _ranked(units: dict[str, int], first: tuple[str, ...]) -> list[str]:
    """The unit types of `units`, in the order `first` gives (Bannermen never
    move: they stay to lead the Ashigaru)."""
    known = [u for u in first if units.get(u, 0) > 0]
    return known + sorted(u for u, n in units.items()
                          if n > 0 and u not in known and u != BANNERMEN)


class Move:
    __slots__ = ("bushi", "daimyo", "origin", "to", "units", "why")

    def __init__(self, origin: str, to: str, daimyo: int, bushi: int, why: str,
                 units: dict | None = None):
        self.origin, self.to, self.daimyo, self.bushi, self.why = origin, to, daimyo, bushi, why
        self.units = dict(units or {})

    def __repr__(self) -> str:
        return f"Move({self.origin}->{self.to} d{self.daimyo} {self.units} {self.why})"


class Planner:
    """One turn's plan from one reading of the board."""

    def __init__(self, bot, b: Board):
        self.bot, self.b = bot, b
        comp = b.t.components
        self.d_moves, self.b_moves = comp.daimyo_moves, comp.bushi_moves
        me = b.me
        self.have: dict[str, list[int]] = {}  # province -> [daimyo, bushi] of mine
        self.kinds: dict[str, dict[str, int]] = {}  # province -> unit -> free count
        for p, cl in b.units.items():
            us = cl.get(me)
            if us:
                d, bu = split(us)
                self.have[p] = [d, bu]
                self.kinds[p] = {u: n for u, n in us.items() if n and u not in (DAIMYO, RONIN)}
        self.free_b: dict[str, int] = {}  # Bushi that may still move
        self.free_d: dict[str, int] = {}
        self.arrive: dict[str, int] = {}  # units planned to arrive
        self.moves: list[Move] = []
        self._reach: dict = {}
        self.daimyo_struck = False
        # the winter's mountain supply [§7.1]: units in the mountains held
        self.koku = b.koku
        if b.rice:  # [§10.3.2] the winter pays from the treasury and a famine's harvest,
            # the maintenance first
            self.koku += sum(n.get(me, 0) for p, n in b.sown.items() if b.ctrl[p] == me)
            self.koku -= -(-b.clans[me]["bushi"] // comp.upkeep_per)
        self.mountain = b.t.mountain if b.ability() != MOUNTAINS else frozenset()
        self.mtn = {p: b.stack(p) for p in self.mountain if b.my_units(p)}
        self.sailed = False
        self.attacked: set[str] = set()
        self.lead, self.ahead = b.leader()

    # ---- helpers
    def reach(self, origin: str, points: int) -> dict[str, int]:
        key = (origin, points)
        got = self._reach.get(key)
        if got is None:
            got = self._reach[key] = self.b.reach(self.b.me, origin, points)
        return got

    def room(self, q: str) -> int:
        b = self.b
        room = b.limit - b.stack(q) - self.arrive.get(q, 0)
        ally = b.ally()
        if ally and b.stack(q, ally):  # [§10.1.2-b] ten with the ally's
            room = min(room, b.t.components.allied_stack_limit - b.stack(q)
                       - b.stack(q, ally) - self.arrive.get(q, 0))
        return room

    @staticmethod
    def _supply(mtn: dict) -> int:
        held = [n for n in mtn.values() if n > 0]
        return len(held) + -(-sum(held) // 3)

    def supply_ok(self, q: str, units: int) -> bool:
        """Whether holding `q` with `units` keeps the winter's supply within
        the treasury [§7.1] (the battles' Ronin may spend some of it)."""
        if q not in self.mountain:
            return True
        mtn = dict(self.mtn)
        mtn[q] = units
        cost = self._supply(mtn)
        return cost <= self._supply(self.mtn) or cost <= self.koku

    def take(self, p: str, n: int, first: tuple[str, ...]) -> dict[str, int]:
        """The `n` free units of `p` a purpose sends first (by type)."""
        out: dict[str, int] = {}
        kinds = self.kinds.get(p, {})
        for u in _ranked(kinds, first):
            if n <= 0:
                break
            k = min(n, kinds[u])
            if k:
                out[u] = k
                n -= k
        return out

    def add(self, origin: str, to: str, d: int, bu: int, why: str, must: bool = False,
            first: tuple[str, ...] = HOLD_FIRST, units: dict | None = None) -> bool:
        """Plan a move; refused (False) when the winter's supply would go
        beyond the treasury [§7.1] [§4.2]."""
        if units is None:
            units = self.take(origin, bu, first)
        bu = sum(units.values())
        if d + bu <= 0:
            return False
        if self.mountain and (origin in self.mountain or to in self.mountain):
            mtn = dict(self.mtn)
            if origin in mtn:
                mtn[origin] -= d + bu
            if to in self.mountain:
                mtn[to] = mtn.get(to, 0) + d + bu
            cost = self._supply(mtn)
            if not must and cost > self._supply(self.mtn) and cost > self.koku:
                return False
            self.mtn = mtn
        for m in self.moves:
            if m.origin == origin and m.to == to and m.why != "sail":
                m.daimyo += d
                m.bushi += bu
                for u, k in units.items():
                    m.units[u] = m.units.get(u, 0) + k
                break
        else:
            self.moves.append(Move(origin, to, d, bu, why, units))
        kinds = self.kinds.setdefault(origin, {})
        for u, k in units.items():
            kinds[u] = kinds.get(u, 0) - k
        self.free_b[origin] = self.free_b.get(origin, 0) - bu
        self.free_d[origin] = self.free_d.get(origin, 0) - d
        self.arrive[to] = self.arrive.get(to, 0) + d + bu
        return True

    # ---- the plan
    def plan(self) -> list[Move]:
        self.daimyo_moves()
        self.garrisons()
        self.attacks(least=URGENT)
        self.expansion()
        self.defend()
        self.attacks()
        self.expansion()
        self.claims()
        self.sail()
        self.forward()
        return self.moves

    def claims(self) -> None:
        """Step 6: a Daimyō holds an empty province beyond the Bushi's reach
        where what the province is worth outweighs what he risks there."""
        b = self.b
        for p in list(self.free_d):
            while self.free_d.get(p, 0) > 0:
                best, where = None, None
                for q, dist in self.reach(p, self.d_moves).items():
                    if not b.empty(q) or self.arrive.get(q):
                        continue
                    # a lone Daimyō rolls three dice [§6.2.3]: a weak threat
                    # is worth braving for a province near the victory
                    v = b.province_worth(q) - self.court_risk(q, 1, 0) + 0.1 * dist
                    if best is None or v > best:
                        best, where = v, q
                if where is None or best < 1.5:
                    break
                if not self.add(p, where, 1, 0, "claim"):
                    break

    def court_risk(self, q: str, daimyos: int, bushi: int, mix: dict | None = None) -> float:
        """What Daimyō standing in `q` may lose before the next turn."""
        b = self.b
        td, tb = b.threat().get(q, (0, 0))
        if td + tb == 0 or daimyos == 0:
            return 0.0
        res = self._defence_odds(q, (td, tb), (daimyos, bushi), mix)
        lost = daimyos - res[odds.D_D]
        v = lost * odds.DAIMYO_MINE / max(1, b.daimyos())
        if daimyos >= b.daimyos():
            v += res[odds.D_NO_D] * (25.0 if b.glory_on else odds.LAST_DAIMYO_MINE)
        return STRIKE * v

    def _defence_odds(self, q: str, att: tuple[int, int], dfn: tuple[int, int],
                      mix: dict | None = None) -> tuple:
        b = self.b
        bonus, penalty = b.defense_mods(q, b.me) if b.ctrl[q] in (b.me, None) else (0, 0)
        if b.castle.get(q) is not None and b.ctrl[q] is None:
            bonus = 0
        their = self._rival_mix() if b.sw else None
        if b.sw and mix is None:
            mix = self.kinds.get(q) or {SPEARMEN: 1}
            mix = {u: n for u, n in mix.items() if n > 0} or {SPEARMEN: 1}
        pa = b.side(their, True, 1 if att[0] else 0, 0, daimyos=att[0])  # the worst case: an Oda
        pd = b.side(mix, False, bonus, penalty, bonus, dfn[0])
        return b.model.battle(att, dfn, pa, pd)

    def _rival_mix(self) -> dict:
        got = getattr(self, "_rmix", None)
        if got is None:
            got = {}
            for c in self.b.rivals():
                for u, n in self.b.clan_mix(c).items():
                    got[u] = got.get(u, 0) + n
            self._rmix = got = got or {SPEARMEN: 1}
        return got

    def daimyo_moves(self) -> None:
        """Step 1: each group of Daimyō stays or goes where it is safest."""
        b = self.b
        for p, (d, bu) in list(self.have.items()):
            self.free_b[p] = bu
            # a province with no Bushi keeps one Daimyō to hold it
            self.free_d[p] = 0 if b.strangers(p) else d if bu else d - 1
        groups = [(p, h[0]) for p, h in self.have.items() if h[0]]
        for p, d in groups:
            bu = self.have[p][1]
            if b.strangers(p):
                continue  # a battle is coming there: they fight it
            here = self.court_risk(p, d, bu)
            if here <= 0.05:
                continue
            best, where = here, None
            leave = 0.0 if bu else b.province_worth(p)
            for q, dist in self.reach(p, self.d_moves).items():
                if b.strangers(q) or self.room(q) < d:
                    continue
                stay = self.have.get(q, [0, 0])[1] + self.arrive.get(q, 0)
                risk = self.court_risk(q, d + self.have.get(q, [0, 0])[0], stay)
                gain = b.province_worth(q) if b.empty(q) and not self.arrive.get(q) else 0.0
                score = risk + leave - gain + 0.05 * dist
                if score < best:
                    best, where = score, q
            if where is not None:
                self.add(p, where, d, 0, "safety", must=True)
                self.free_d[p] = 0

    def garrisons(self) -> None:
        """Step 2: a province held keeps one unit (its best defender); one
        with a battle in it keeps them all."""
        b = self.b
        for p, (d, bu) in self.have.items():
            kinds = self.kinds.get(p, {})
            if b.strangers(p):
                self.free_b[p] = 0
                for u in kinds:
                    kinds[u] = 0
                continue
            if bu:
                self.free_b[p] = bu - 1
                keep = _ranked(kinds, HOLD_FIRST) or [u for u, n in kinds.items() if n > 0]
                if keep:
                    kinds[keep[0]] -= 1
                # Bannermen stay where they are (the Ashigaru's third step)
                if kinds.get(BANNERMEN, 0) > 0:
                    self.free_b[p] -= kinds[BANNERMEN]
                    kinds[BANNERMEN] = 0

    def _expansion_reach(self, p: str) -> dict[str, int]:
        """Where a free unit of `p` can go: two steps, three for an Ashigaru
        beside a Bannerman [§10.2-b]."""
        pts = self.b_moves
        if self.b.sw and any(self.kinds.get(p, {}).get(u, 0) > 0 for u in ASHIGARU):
            pts = self.b.ashigaru_reach(p)
        return self.reach(p, pts)

    def denial(self, q: str) -> float:
        """An empty province the leader of the race could take next is worth
        more to anyone else [§1.2]."""
        b = self.b
        if self.lead is None or self.ahead <= 0:
            return 0.0
        if any(b.ctrl[x] == self.lead for x in b.t.neighbours[q]):
            return min(2.0, 0.4 * self.ahead) + 2.0 * b.danger(self.lead)
        return 0.0

    def expansion(self) -> None:
        """Steps 3 and 6: a unit into each empty province in reach."""
        b = self.b
        options: dict[str, list[str]] = {}
        for p, n in self.free_b.items():
            if n <= 0:
                continue
            for q in self._expansion_reach(p):
                if b.empty(q) and not self.arrive.get(q):
                    options.setdefault(q, []).append(p)
        if not options:
            return
        threat = b.threat()

        def worth(q):
            v = b.province_worth(q) + self.denial(q)
            td, tb = threat.get(q, (0, 0))
            if td + tb:
                v -= 0.6
            return v
        ranked = sorted(options, key=lambda q: (len(options[q]), -worth(q)))
        for q in ranked:
            if worth(q) <= 0.5:
                continue
            srcs = [p for p in options[q] if self.free_b.get(p, 0) > 0]
            if not srcs:
                continue
            p = max(srcs, key=lambda s: (self.free_b[s], -self._expansion_reach(s)[q]))
            first = EXPAND_FIRST
            if self._expansion_reach(p)[q] > self.b_moves:
                first = ASHIGARU  # only an Ashigaru beside a Bannerman goes three
                if not self.take(p, 1, first):
                    continue
            self.add(p, q, 0, 1, "expand", first=first)

    def staying(self, p: str) -> tuple[int, int]:
        """My Daimyō and Bushi in `p` once the moves planned so far are made."""
        d, bu = self.have.get(p, [0, 0])
        for m in self.moves:
            if m.origin == p:
                d, bu = d - m.daimyo, bu - m.bushi
            if m.to == p:
                d, bu = d + m.daimyo, bu + m.bushi
        return d, bu

    def importance(self, p: str) -> float:
        """What losing `p` would cost beyond the province: the Mandate race
        [§1.3], a rival close to victory [§1.2], Kyoto's Legitimacy [§10.7],
        an Unrest marker that one more lost battle turns into a rising [§10.5]."""
        b = self.b
        v = b.province_worth(p)
        if p in b.mandate:
            n = len(b.mandate)
            for c in b.rivals():
                held = sum(1 for q in b.mandate if q != p and b.ctrl[q] == c)
                if held >= n - 1:
                    v += 30.0
                elif held >= n - 2:
                    v += 4.0
        lead, danger = b.crisis()
        if danger and p in b.threat_of(lead):
            v += 10.0 * danger  # [§1.2] a province the leader takes is a step to its victory
        if b.favor and p == KYOTO:
            left = b.t.components.appointed_shogun - b.legitimacy()
            v += 12.0 if left <= 2 else 4.0
        if b.ikko and b.unrest.get(p):
            v += 2.0 + self.b.stack(p)
        if b.rice:
            v += sum(b.sown.get(p, {}).values())  # [§6.2.7] a raid takes it
        return v

    def loss_risk(self, p: str, d: int, bu: int) -> float:
        """The chance the strongest rival in reach takes `p` from `d`
        Daimyō and `bu` Bushi of mine, if it strikes."""
        td, tb = self.b.threat().get(p, (0, 0))
        if td + tb == 0:
            return 0.0
        if d + bu == 0:
            return 1.0
        res = self._defence_odds(p, (td, tb), (d, bu))
        return 1.0 - res[odds.LOSS]

    def defend(self) -> None:
        """Step 4: Bushi to the provinces whose loss would cost most, while
        each adds enough to their safety."""
        b = self.b
        threat = b.threat()
        for p in b.mine():
            if p not in threat or b.strangers(p):
                continue
            imp = self.importance(p)
            d, bu = self.staying(p)
            if imp < 5.0 and not d:
                continue
            while self.room(p) > 0:
                srcs = [(dist, q) for q, n in self.free_b.items() if n > 0 and q != p
                        for dist in (self.reach(q, self.b_moves).get(p),) if dist is not None]
                if not srcs:
                    break
                now = STRIKE * imp * self.loss_risk(p, d, bu) + self.court_risk(p, d, bu)
                then = STRIKE * imp * self.loss_risk(p, d, bu + 1) + self.court_risk(p, d, bu + 1)
                if now - then < 0.5:
                    break
                _, q = min(srcs)
                if not self.add(q, p, 0, 1, "defend", first=HOLD_FIRST):
                    break
                bu += 1

    def targets(self) -> list[str]:
        """Provinces to attack: another player's units there (not an ally's,
        unless the ally is about to win [§10.1.3])."""
        b = self.b
        out = [q for q in b.units if b.strangers(q) and not b.diverted(q)]
        ally = b.ally()
        if ally and b.danger(ally) >= 0.99:
            out += [q for q in b.held_by(ally) if q not in out and not b.diverted(q)]
        return out

    def attacks(self, least: float = 0.2) -> None:
        """Step 5: the attacks worth most, each with its best force (those
        worth `least` or more; the urgent ones before any expansion)."""
        targets = self.targets()
        done: set[str] = set(self.attacked)
        while True:
            best = None
            for q in targets:
                if q in done:
                    continue
                got = self.best_attack(q)
                if got is not None and (best is None or got[0] > best[0]):
                    best = got + (q,)
            if best is None or best[0] < least:
                return
            _, k, dk, q = best
            done.add(q)
            self.attacked.add(q)
            self.commit(q, k, dk)

    def sources(self, q: str, daimyo: bool = False) -> list[tuple[int, str, int]]:
        """(steps, province, free units) of what can reach `q`."""
        out = []
        for p in self.have:
            n = self.free_d.get(p, 0) if daimyo else self.free_b.get(p, 0)
            if n <= 0 or p == q:
                continue
            dist = self.reach(p, self.d_moves if daimyo else self.b_moves).get(q)
            if dist is not None:
                out.append((dist, p, n))
        out.sort(key=lambda s: (s[0], -s[2]))
        return out

    def attack_mix(self, q: str, k: int) -> dict[str, int]:
        """The units `k` attackers from the nearest sources would be, with
        mine already in `q` (Specialized Warfare's odds read the mix)."""
        mix = {u: n for u, n in self.b.my_units(q).items() if u not in (DAIMYO, RONIN) and n}
        for _, p, n in self.sources(q):
            if k <= 0:
                break
            for u, m in self.take(p, min(n, k), ATTACK_FIRST).items():
                mix[u] = mix.get(u, 0) + m
                k -= m
        return mix

    def best_attack(self, q: str):
        b = self.b
        enemy = b.defender_of(q, b.me)
        if enemy is None:
            enemy = b.ally()  # an ally about to win [§10.1.3]
        dfn = b.enemy_side(q) if b.strangers(q) else split(b.units[q].get(enemy, {}))
        if dfn == (0, 0):
            return None
        dfn_mix = b.enemy_mix(q) if b.strangers(q) else None
        there = self.have.get(q, [0, 0])
        room = self.room(q)
        srcs = self.sources(q)
        pool = min(room, sum(n for _, _, n in srcs))
        dpool = 0
        if dfn[0] and not self.daimyo_struck:
            # the Daimyō strike only at Daimyō, once a turn
            dpool = min(room, sum(n for _, _, n in self.sources(q, daimyo=True)))
        if pool <= 0 and dpool <= 0:
            return None
        val = b.valuation(q, enemy)
        lead, danger = b.crisis()
        if danger >= 0.6 and enemy != lead and \
                not any(b.ctrl[x] == lead for x in b.t.neighbours[q]):
            val.gain *= 0.5  # the leader first: a province of ours counts only if it is stopped

        def worth(k, dk):
            att = (there[0] + dk, there[1] + k)
            if att == (0, 0):
                return 0.0
            mix = self.attack_mix(q, k) if b.sw else None
            res = b.odds_of(q, b.me, att, dfn, att_mix=mix, dfn_mix=dfn_mix)
            return val.attack(res, att, dfn) - k * SPARE - dk * EXPOSED
        base = worth(0, 0)
        best = None
        for dk in range(min(dpool, room) + 1):
            for k in range(min(pool, room - dk) + 1):
                if k + dk == 0 or not self.supply_ok(q, there[0] + there[1] + k + dk):
                    continue
                g = worth(k, dk) - base - (2.0 if dk else 0.0)
                if best is None or g > best[0]:
                    best = (g, k, dk)
        if best is None or best[0] <= 0.2:
            return None
        return best

    def commit(self, q: str, k: int, dk: int) -> None:
        if dk:
            self.daimyo_struck = True
        for _, p, n in self.sources(q):
            if k <= 0:
                break
            take = min(n, k)
            self.add(p, q, 0, take, "attack", must=True, first=ATTACK_FIRST)
            k -= take
        for _, p, n in self.sources(q, daimyo=True):
            if dk <= 0:
                break
            take = min(n, dk)
            self.add(p, q, take, 0, "attack", must=True)
            dk -= take

    # ---- the Mōri at sea [v83 §2.4] [U-11]
    def sea_destinations(self, origin: str) -> list[str]:
        b, t = self.b, self.b.t
        if origin not in t.coastal or b.ctrl.get(origin) != b.me:
            return []
        out = []
        for z in t.zones_of(origin):
            out += [q for q in t.sea_zones[z] if q != origin and q not in out and q in t.coastal
                    and b.ctrl.get(q) == b.me and b.stack(q) + self.arrive.get(q, 0) < b.limit]
        return out

    def sail(self) -> None:
        """Step 7: once a turn, for 1 Koku, a free Daimyō and up to five free
        Bushi sail to the Mōri coastal province that needs them most: one a
        rival threatens, or one nearer the front."""
        b = self.b
        if not b.t.v83 or b.ability() != INLAND or b.koku < SAIL_COST or self.sailed:
            return
        best = None
        for p in self.have:
            if self.free_d.get(p, 0) <= 0 or b.strangers(p):
                continue
            for q in self.sea_destinations(p):
                td, tb = b.threat().get(q, (0, 0))
                gain = (self._front_dist(p) - self._front_dist(q)) * 1.0
                gain += 0.4 * min(6, td + tb) - 0.4 * min(6, sum(b.threat().get(p, (0, 0))))
                if gain > 1.0 and (best is None or gain > best[0]):
                    best = (gain, p, q)
        if best is None:
            return
        _, p, q = best
        room = min(SAIL_ESCORT, self.room(q) - 1)
        units = self.take(p, max(0, min(room, self.free_b.get(p, 0))), ATTACK_FIRST)
        if self.room(q) < 1 + sum(units.values()):
            return
        self.moves.append(Move(p, q, 1, sum(units.values()), "sail", units))
        for u, k in units.items():
            self.kinds[p][u] -= k
        self.free_b[p] = self.free_b.get(p, 0) - sum(units.values())
        self.free_d[p] -= 1
        self.arrive[q] = self.arrive.get(q, 0) + 1 + sum(units.values())
        self.sailed = True

    def forward(self) -> None:
        """Step 8: spare Bushi away from the quiet interior, towards the
        provinces next to an enemy or an empty province."""
        b = self.b
        front = {}
        for p in self.have:
            front[p] = self._front_dist(p)
        threat = b.threat()
        for p in list(self.free_b):
            n = self.free_b.get(p, 0)
            if n <= 0 or b.strangers(p):
                continue
            fp = front.get(p, 9)
            if fp <= 1:
                continue
            best, where = None, None
            for q, dist in self.reach(p, self.b_moves).items():
                if b.strangers(q) or self.room(q) <= 0 or b.ctrl[q] != b.me:
                    continue
                fq = front.get(q)
                if fq is None:
                    fq = self._front_dist(q)
                if fq >= fp:
                    continue
                td, tb = threat.get(q, (0, 0))
                score = -fq * 2 + 0.3 * min(3, td + tb) - 0.1 * dist
                if best is None or score > best:
                    best, where = score, q
            if where is not None:
                self.add(p, where, 0, min(n, self.room(where)), "forward", first=ATTACK_FIRST)

    def _front_dist(self, p: str) -> int:
        """Steps from `p` to the nearest province not held by me (nor my ally)."""
        b = self.b
        dist = self.bot.dist[p]
        ally = b.ally()
        best = 9
        for q, d in dist.items():
            if d < best and b.ctrl[q] != b.me and not (ally and b.ctrl[q] == ally) \
                    and not self.arrive.get(q):
                best = d
        return best


# ---------------------------------------------------------------- the decisions

def _plan_for(bot, b: Board | None) -> list[Move]:
    key = ("campaign", b.round, b.me) if b is not None else None
    if bot.turn_key != key:
        bot.turn_key = key
        bot.plan = Planner(bot, b).plan()
        bot.moving = None
        bot.move_asks = 0
    return bot.plan


def move_from(bot, b: Board, d: Decision):
    plan = _plan_for(bot, b)
    bot.move_asks += 1
    values = set(d.values())
    if bot.move_asks > 200:
        return DONE
    while plan:
        m = plan.pop(0)
        how = "sail" if m.why == "sail" else "from"
        if f"{how}:{m.origin}" in values:
            bot.moving = m
            bot.moving_left = {"daimyo": m.daimyo, "bushi": m.bushi, **m.units}
            return f"{how}:{m.origin}"
    bot.moving = None
    return DONE


def move_to(bot, b, d: Decision):
    m = bot.moving
    if m is not None and f"to:{m.to}" in d.values():
        return f"to:{m.to}"
    bot.moving = None
    return BACK


def move_count(bot, b, d: Decision):
    """How many of a type go: the plan's count of that type (a core Bushi
    plan names no type: any of its units)."""
    m = bot.moving
    values = d.values()
    unit = d.context.get("unit")
    if m is None:
        return min(values)
    left = bot.moving_left
    if unit == DAIMYO:
        key = "daimyo"
    elif m.units:
        key = unit
    else:
        key = "bushi"
    want = min(left.get(key, 0), left.get("bushi", 0)) if key not in ("daimyo", "bushi") \
        else left.get(key, 0)
    pick = min(values, key=lambda v: (abs(v - want), -v))
    left[key] = max(0, left.get(key, 0) - pick)
    if key != "daimyo" and key != "bushi":
        left["bushi"] = max(0, left.get("bushi", 0) - pick)
    return pick
