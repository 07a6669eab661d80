"""What the heuristic reads from its seat's view (`context.view()`) and
the static table (the board's neighbours and sea lanes, the box's numbers,
which colour sets are allies), never the game's state: who holds which
province, the troops on both sides of a battle (the defenders it cannot see,
hidden ronin [SC-10.3], guessed from the face-down cards), what an attack is
worth, the front, and the enemy troops that threaten each province."""

from __future__ import annotations

from tenkatoitsu.kinds.shogun.bots.odds import (
    DAIMYO_KILL,
    EXPERIENCE,
    OWN_DAIMYO,
    PROVINCE,
    UNIT_KILLED,
    UNIT_LOST,
    Odds,
    R,
    plus,
)


class Board:
    """One decision's reading of the view, for the colour set `house`; the
    bot lends it the table, the distances and the battle model."""

    def __init__(self, bot, view: dict, house: str):
        t = bot.table
        self.bot, self.t, self.view, self.h = bot, t, view, house
        self.model = bot.model
        self.allies = set(t.allies(house)) if house in t.seat_of else {house}
        self.round = view["round"]
        self.owner: dict = {}
        self.force: dict = {}
        self.fronin: dict = {}
        self.castle: dict = {}
        self.army_at: dict = {}
        self.hidden: dict = {}
        for row in view["provinces"]:
            p = row["id"]
            self.owner[p] = row["owner"]
            self.force[p] = row["force"]
            self.fronin[p] = row["force_ronin"]
            self.castle[p] = row["castle"]
            self.army_at[p] = row["army"]
            hid = row.get("hidden")
            if hid and house in hid:
                self.hidden[p] = hid[house]
        self.armies = {a["id"]: a for a in view["armies"]}
        self.eliminated = set(view["eliminated"])
        self._danger: dict | None = None
        self._guess: dict = {}
        self._front: dict | None = None

    # ---- who holds what
    def mine(self) -> list[str]:
        h = self.h
        return [p for p, o in self.owner.items() if o == h]

    def my_armies(self) -> list[dict]:
        return [a for a in self.armies.values() if a["house"] == self.h and a["at"]]

    def enemy(self, p) -> bool:
        o = self.owner[p]
        return o is not None and o not in self.allies

    def open_to(self, p) -> bool:
        """Not held by this set or its ally: enemy or empty."""
        return self.owner[p] not in self.allies

    def frontier(self, p) -> bool:
        return any(self.open_to(q) for q in self.t.neighbours[p])

    def front_dist(self) -> dict:
        """Steps from each of my provinces to the nearest province not ours."""
        if self._front is None:
            dist = self.bot.dist
            opens = [q for q in self.owner if self.open_to(q)]
            self._front = {p: min((dist[p][q] for q in opens), default=99) - 1
                           for p in self.mine()}
        return self._front

    def army_here(self, p, house=None):
        aid = self.army_at[p]
        if aid is None:
            return None
        a = self.armies[aid]
        if house is not None and a["house"] != house:
            return None
        return a

    def force_size(self, p) -> int:
        return sum(self.force[p].values())

    # ---- the sides of a battle
    def force_comp(self, p, hidden: int = 0) -> tuple:
        f = self.force[p]
        c = [f.get("bowman", 0), f.get("gunner", 0), 0, f.get("swordsman", 0),
             self.fronin[p], f.get("spearman", 0), 0, 0]
        if hidden:
            room = max(0, sum(f.values()) - 1 - self.fronin[p])
            c[R] += min(hidden, room)
        return tuple(c)

    def army_comp(self, a: dict, hidden: int = 0) -> tuple:
        u = a["units"]
        daimyo = 0 if a["assassinated"] else 1
        c = [u.get("bowman", 0), u.get("gunner", 0), daimyo, u.get("swordsman", 0),
             a["ronin"], u.get("spearman", 0), 0, 0]
        if hidden:
            room = max(0, sum(u.values()) + daimyo - 1 - a["ronin"])
            c[R] += min(hidden, room)
        return tuple(c)

    def my_army_comp(self, a: dict) -> tuple:
        hid = self.hidden.get(a["at"])
        return self.army_comp(a, hid[0] if hid else 0)

    def my_force_comp(self, p) -> tuple:
        hid = self.hidden.get(p)
        return self.force_comp(p, hid[1] if hid else 0)

    def bonus(self, p) -> tuple:
        c = self.t.components
        kind = self.castle[p]
        return (0, 0, 0, 0, 0, 0, c.castle_spearmen if kind == 1 else 0,
                c.fortress_ronin if kind == 2 else 0)

    def guess_hidden(self, o: str, q: str) -> int:
        """Ronin of `o` on face-down cards (where, the table does not see
        [SC-10.3]): spread over its troops that may hold them, armies first."""
        if o not in self._guess:
            cards = self.view["face_down"].get(o) or []
            total = sum(cards)
            weights = {}
            if total:
                for p, ow in self.owner.items():
                    if ow != o:
                        continue
                    a = self.army_here(p, o)
                    w = (3 if a is not None else 0) + (1 if self.force_size(p) >= 2 else 0)
                    if w:
                        weights[p] = w
            whole = sum(weights.values())
            top = max(cards, default=0)
            self._guess[o] = {p: min(top, round(total * w / whole)) for p, w in weights.items()} \
                if whole else {}
        return self._guess[o].get(q, 0)

    def defenders(self, q) -> tuple:
        """Every unit that defends `q` [SC-15.5]: its force, the army there,
        their ronin (guessed where hidden), the castle's or fortress's bonus."""
        o = self.owner[q]
        c = list(self.force_comp(q))
        a = self.army_here(q, o)
        if a is not None:
            c = list(plus(c, self.army_comp(a)))
        c = list(plus(c, self.bonus(q)))
        if o is not None and o not in self.allies:
            c[R] += self.guess_hidden(o, q)
        elif o == self.h:
            hid = self.hidden.get(q)
            if hid:
                c[R] += hid[0] + hid[1]
        return tuple(c)

    def my_defence(self, p, army: tuple | str | None = "here",
                   force: tuple | None = None) -> tuple:
        """My defenders of `p`, with `army` standing there (default: the one
        there now; None: none) and `force` instead of the force there."""
        c = force if force is not None else self.my_force_comp(p)
        if army == "here":
            a = self.army_here(p, self.h)
            army = self.army_comp(a) if a is not None else None
        if army is not None:
            c = plus(c, army)
        return plus(c, self.bonus(p))

    # ---- values
    def kill_value(self, q) -> float:
        """What eliminating `q`'s defenders is worth beyond the province: an
        enemy daimyo [SC-20.1], and his provinces when it is his last [SC-20.4]."""
        o = self.owner[q]
        a = self.army_here(q, o)
        if a is None:
            return 0.0
        v = DAIMYO_KILL
        alive = sum(1 for x in self.armies.values() if x["house"] == o and x["at"])
        if alive == 1:
            held = sum(1 for ow in self.owner.values() if ow == o)
            v += 0.5 * held
        return v

    def attack(self, att: tuple, frm: str, q: str, *, army: dict | None = None,
               dfn: tuple | None = None) -> tuple[float, Odds | None]:
        """The value of attacking `q` from `frm` with `att`, and the odds."""
        if self.owner[q] is None:
            return 0.0, None
        dfn = self.defenders(q) if dfn is None else dfn
        if not sum(dfn):
            return PROVINCE * 0.5, None
        o = self.model.odds(att, dfn, self.t.by_sea(frm, q))
        ev = o.win * (PROVINCE + self.kill_value(q)) - o.att_lost * UNIT_LOST \
            + o.def_lost * UNIT_KILLED - o.dlost * OWN_DAIMYO
        if army is not None:
            if army["level"] < 4:
                ev += o.win * EXPERIENCE
            home_held = self.force_size(frm) > 0
        else:
            home_held = self.army_here(frm, self.h) is not None
        if not home_held:
            ev -= o.loss * PROVINCE  # [SC-17.7] B: the home province left empty
        return ev, o

    def targets(self, p) -> list[str]:
        """Where a troop in `p` may attack [SC-14.1] [SC-14.5] [SC-24.4]."""
        out = []
        for q in self.t.neighbours[p]:
            o = self.owner[q]
            if o in self.allies:
                continue
            if o is not None and self.round <= 1 and self.army_at[q] is not None:
                continue
            out.append(q)
        return out

    def best_attack(self, att: tuple, p: str, army: dict | None = None) -> tuple[float, str | None]:
        best, where = 0.0, None
        for q in self.targets(p):
            if self.owner[q] is None:
                continue
            ev, o = self.attack(att, p, q, army=army)
            if o is not None and o.win < 0.5:
                continue
            if ev > best:
                best, where = ev, q
        return best, where

    # ---- threats
    def danger(self) -> dict:
        """Province -> the enemy troops that could attack it this round or
        the next: forces next door, armies after a move through their own
        provinces [SC-13.2]."""
        if self._danger is not None:
            return self._danger
        t = self.t
        out: dict[str, list] = {}
        for q, o in self.owner.items():
            if o is None or o in self.allies or o in self.eliminated:
                continue
            if self.force_size(q):
                comp = self.force_comp(q, self.guess_hidden(o, q))
                for p in t.neighbours[q]:
                    if self.owner[p] in self.allies:
                        out.setdefault(p, []).append(comp)
        for a in self.armies.values():
            o = a["house"]
            if not a["at"] or o in self.allies or o in self.eliminated or a["assassinated"]:
                continue
            comp = self.army_comp(a, self.guess_hidden(o, a["at"]))
            seen = {a["at"]}
            frontier = [a["at"]]
            for _ in range(a["level"]):
                nxt = []
                for x in frontier:
                    for y in t.neighbours[x]:
                        if y not in seen and self.owner[y] == o:
                            seen.add(y)
                            nxt.append(y)
                frontier = nxt
            hit = set()
            for x in seen:
                for p in t.neighbours[x]:
                    if self.owner[p] in self.allies:
                        hit.add(p)
            for p in sorted(hit):
                out.setdefault(p, []).append(comp)
        self._danger = out
        return out

    def threat_rate(self, p) -> float:
        comps = self.danger().get(p, ())
        if not comps:
            return 0.0
        rates = sorted((self.model.rate(c) for c in comps), reverse=True)
        return rates[0] + 0.3 * sum(rates[1:])

    def risk(self, p, defence: tuple) -> float:
        """The chance the strongest enemy that can reach `p` takes it."""
        comps = self.danger().get(p, ())
        if not comps or not sum(defence):
            return 1.0 if comps else 0.0
        best = 0.0
        for c in sorted(comps, key=self.model.rate, reverse=True)[:3]:
            best = max(best, self.model.odds(c, defence, False).win)
        return best
