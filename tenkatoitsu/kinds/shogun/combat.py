"""One battle [SC-16]-[SC-18]: the troops on each side, the naval first
strike, the combat rounds of steps 1-8 with d12 hits, the casualties each
owner chooses, and how the battle ends. Who wins what afterwards (provinces,
experience, lost daimyos) is battles.py's."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.scenario.model import DAIMYO, REGULARS, RONIN, SPEARMAN
from tenkatoitsu.kinds.shogun.state import CASTLE, FORTRESS

ATTACKER, DEFENDER = 0, 1
ARMY, FORCE, BONUS = "army", "force", "bonus"
CONTINUE, CALL_OFF = "continue", "call off"
#: the rolling steps of a combat round [SC-16.1], by the unit table's steps
ROLLING_STEPS = (1, 2, 4, 5, 6)


class Battle:
    """The two sides of a battle over `to`, read and changed in the state."""

    def __init__(self, g, house: str, troop: str, frm: str, to: str):
        st = g.state
        self.g, self.st = g, st
        self.house, self.troop, self.frm, self.to = house, troop, frm, to
        self.defender = st.owner[to]
        self.naval = g.table.by_sea(frm, to)
        self.att_army = st.army(troop) if troop != FORCE else None
        d = st.army_at(to)
        self.def_army = d if d is not None and d.house == self.defender else None
        self.bonus_unit = {CASTLE: SPEARMAN, FORTRESS: RONIN}.get(st.castle[to])
        self.dead = [False, False]  # a side's daimyo removed as a casualty [SC-17.6]
        self.rounds = 0
        self.value = {u.id: u.value for u in g.table.components.units}
        self.step_of = {u.id: u.step for u in g.table.components.units}

    # ---- who stands where
    def houses(self, side: int) -> str:
        return self.house if side == ATTACKER else self.defender

    def troops(self, side: int) -> tuple[str, ...]:
        if side == ATTACKER:
            return (ARMY,) if self.att_army is not None else (FORCE,)
        return (ARMY, FORCE, BONUS) if self.def_army is not None else (FORCE, BONUS)

    def _army(self, side: int):
        return self.att_army if side == ATTACKER else self.def_army

    def _place(self, side: int) -> str:
        return self.frm if side == ATTACKER else self.to

    def count(self, side: int, troop: str, unit: str) -> int:
        st = self.st
        if troop == BONUS:
            return st.bonus.get(self.to, 0) if unit == self.bonus_unit else 0
        if troop == ARMY:
            army = self._army(side)
            if unit == DAIMYO:
                return 0 if army.assassinated or self.dead[side] else 1
            if unit == RONIN:
                return army.ronin
            return army.units.get(unit, 0)
        p = self._place(side)
        if unit == RONIN:
            return st.force_ronin[p]
        return st.force[p].get(unit, 0) if unit in REGULARS else 0

    def total(self, side: int) -> int:
        return sum(self.count(side, tr, u) for tr in self.troops(side)
                   for u in REGULARS + (DAIMYO, RONIN))

    def military(self, side: int, troop: str) -> int:
        return sum(self.count(side, troop, u) for u in REGULARS + (DAIMYO,))

    def remove(self, side: int, troop: str, unit: str) -> None:
        """[SC-17.6] Regular units to their owner's tray, ronin to the master
        tray; a daimyo removed is lost (battles.py)."""
        st, h = self.st, self.houses(side)
        if troop == BONUS:
            st.bonus[self.to] -= 1  # [SC-26.11] abstract: back to where they came from
        elif unit == DAIMYO:
            self.dead[side] = True
        elif unit == RONIN:
            st.ronin_supply += 1
            if troop == ARMY:
                self._army(side).ronin -= 1
            else:
                st.force_ronin[self._place(side)] -= 1
        else:
            st.tray[h][unit] += 1
            if troop == ARMY:
                self._army(side).units[unit] -= 1
            else:
                st.force[self._place(side)][unit] -= 1
        self.g.emit(ev.Casualty("SC-17.1", h, unit, self.troop_name(side, troop),
                                self._place(side)))

    def troop_name(self, side: int, troop: str) -> str:
        if troop == ARMY:
            return self._army(side).id
        return troop

    # ---- rolling
    def roll(self, side: int, step: int, bonus: bool = True) -> int:
        """[SC-16.2] One d12 per unit of each type of this step; hits on the
        unit's value or less. Returns the hits."""
        g = self.g
        hits = 0
        for unit in (u for u, s in self.step_of.items() if s == step):
            n = sum(self.count(side, tr, unit) for tr in self.troops(side)
                    if bonus or tr != BONUS)
            if not n:
                continue
            dice = g.dice.roll(n, f"{unit} step {step}", "SC-16.2", side=self.houses(side),
                               faces=12)
            got = sum(1 for d in dice if d <= self.value[unit])
            g.emit(ev.Hits("SC-16.3", self.houses(side), step, unit, dice, self.value[unit], got))
            hits += got
        return hits

    # ---- casualties [SC-17]
    def excess(self, side: int) -> int:
        """Ronin over the limit of their troop [SC-10.5] [SC-17.5]."""
        out = 0
        for tr in self.troops(side):
            if tr == BONUS:
                continue
            out += max(0, self.count(side, tr, RONIN) - max(0, self.military(side, tr) - 1))
        return out

    def candidates(self, side: int, hits: int, limits: bool = True) -> list[tuple[str, str]]:
        """The (troop, unit) its owner may remove next, `hits` removals to go
        (`limits`: keeping every troop's ronin within its limit)."""
        bonus_left = sum(self.count(side, BONUS, u) for u in (SPEARMAN, RONIN)) \
            if BONUS in self.troops(side) else 0
        out = []
        for tr in self.troops(side):
            for u in REGULARS + (RONIN, DAIMYO):
                if not self.count(side, tr, u):
                    continue
                if bonus_left and tr != BONUS:
                    continue  # [SC-17.3] bonus units first
                if u == DAIMYO and self.total(side) > 1:
                    continue  # [SC-17.4] the daimyo last
                # [SC-17.5] the ronin limit must still be met once all are removed
                self._take(side, tr, u, -1)
                after_bonus = bonus_left - (1 if tr == BONUS else 0)
                ok = not limits or self.excess(side) <= max(0, hits - 1 - after_bonus)
                self._take(side, tr, u, +1)
                if ok:
                    out.append((tr, u))
        return out

    def _take(self, side: int, troop: str, unit: str, d: int) -> None:
        """Change a count in place without an event: the look-ahead of `candidates`."""
        st = self.st
        if troop == BONUS:
            st.bonus[self.to] += d
        elif unit == DAIMYO:
            self.dead[side] = d < 0
        elif unit == RONIN:
            if troop == ARMY:
                self._army(side).ronin += d
            else:
                st.force_ronin[self._place(side)] += d
        elif troop == ARMY:
            self._army(side).units[unit] += d
        else:
            st.force[self._place(side)][unit] += d

    def casualties(self, side: int, hits: int):
        """[SC-17.1] The owner removes as many units as hits, or all he has."""
        g = self.g
        hits = min(hits, self.total(side))
        while hits > 0:
            # a limit already broken cannot be kept: no hit is ever lost for it
            options = self.candidates(side, hits) or self.candidates(side, hits, limits=False)
            self.st.battle = self.screen()
            pick = yield from ask(
                g, self.houses(side), "casualty",
                f"remove a casualty ({hits} to remove) in the battle for "
                f"{g.names.get(self.to, self.to)}",
                [Option(f"{tr}:{u}", f"a {u} of the "
                        f"{g.names.get(self.troop_name(side, tr), self.troop_name(side, tr))}")
                 for tr, u in options], "SC-17.1",
                {"battle": self.to, "hits": hits})
            tr, _, u = pick.partition(":")
            self.remove(side, tr, u)
            hits -= 1

    # ---- the battle
    def fight(self):
        """[SC-16] Returns "A", "B", "AB" or "C" [SC-17.7]."""
        g, st = self.g, self.st
        if self.bonus_unit and self.to not in st.bonus:  # [SC-18.1] [SC-18.3]
            c = g.table.components
            st.bonus[self.to] = c.castle_spearmen if self.bonus_unit == SPEARMAN \
                else c.fortress_ronin
        if self.bonus_unit and st.bonus[self.to]:
            g.emit(ev.BonusDefenders("SC-18.1", self.to, self.bonus_unit, st.bonus[self.to]))
        st.battle = self.screen()
        if self.naval:  # [SC-18.7] the defender's first strike, without bonus units
            hits = 0
            for step in ROLLING_STEPS:
                hits += self.roll(DEFENDER, step, bonus=False)
            yield from self.casualties(ATTACKER, hits)
            if self.total(ATTACKER) == 0:
                return "B"
        while True:
            self.rounds += 1
            st.battle = self.screen()
            hits = [0, 0]
            for step in (1, 2):
                for side in (ATTACKER, DEFENDER):
                    hits[1 - side] += self.roll(side, step)
            end = yield from self.removal(hits)
            if end:
                return end
            hits = [0, 0]
            for step in (4, 5, 6):
                for side in (ATTACKER, DEFENDER):
                    hits[1 - side] += self.roll(side, step)
            end = yield from self.removal(hits)
            if end:
                return end
            # [SC-16.1] step 8: the attacker may call the battle off
            st.battle = self.screen()
            go = yield from ask(g, self.house, "call-off",
                                f"the battle for {g.names.get(self.to, self.to)}, after combat "
                                f"round {self.rounds}: go on?",
                                [Option(CONTINUE, "fight another combat round"),
                                 Option(CALL_OFF, "call the battle off")], "SC-17.7",
                                {"battle": self.to})
            if go == CALL_OFF:
                return "C"

    def removal(self, hits: list[int]):
        """Steps 3 and 7: both sides remove casualties; [SC-16.5] the end check."""
        yield from self.casualties(ATTACKER, hits[ATTACKER])
        yield from self.casualties(DEFENDER, hits[DEFENDER])
        a, d = self.total(ATTACKER) == 0, self.total(DEFENDER) == 0
        if a and d:
            return "AB"
        return "A" if d else "B" if a else None

    def screen(self) -> dict:
        """What the screens show of the battle now (every unit in it is revealed)."""
        def side(s):
            return {tr: {u: self.count(s, tr, u) for u in REGULARS + (RONIN, DAIMYO)
                         if self.count(s, tr, u)} for tr in self.troops(s)}
        return {"attacker": self.house, "defender": self.defender, "from": self.frm,
                "to": self.to, "troop": self.troop_name(ATTACKER, self.troops(ATTACKER)[0]),
                "naval": self.naval, "round": self.rounds,
                "sides": [side(ATTACKER), side(DEFENDER)]}
