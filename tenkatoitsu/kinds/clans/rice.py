"""The Cycle of Rice and War [§10.3]: a fixed Stipend instead of income
[§10.3.2-P2], every Koku left after Reinforcement sown on a province or
stored [-P5], sown Koku raided by a conqueror [§6.2.7], and a Winter of
harvest, costs and spoilage [-W1..W3] in place of upkeep [§4.1] and supply
[§7.1]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.economy import coastal_bonus, mountain_supply, pay, upkeep
from tenkatoitsu.kinds.clans.scenario.model import RICE_AND_WAR
from tenkatoitsu.kinds.clans.state import ASSAULT

STORE = "store"


def on(g) -> bool:
    return g.table.module(RICE_AND_WAR)


def unstore(g) -> None:
    """[§10.3.2-P1] Stored Koku goes back to the treasury."""
    st = g.state
    for c, n in list(st.stored.items()):
        if n:
            st.koku[c] += n
            g.emit(mev.RiceUnstored("§10.3.2", c, st.seat_of[c], n))
        del st.stored[c]


def stipend(g) -> None:
    """[§10.3.2-P2] A fixed 4 Koku to every player, no province income; the
    clans' coastal bonuses still add (an income bonus of their own), and
    Chōsokabe's base of 4 is no bonus over it [U-31]."""
    st = g.state
    for c in st.in_play():
        bonus = coastal_bonus(g, c)
        total = g.table.components.stipend + bonus
        st.koku[c] += total
        g.emit(ev.IncomeCollected("§10.3.2", c, total, 0, bonus))


def allocation(g):
    """[§10.3.2-P5] In player order, every Koku left is sown on a province
    the player holds or stored; treasuries end empty. A vassal on the
    Gekokujō Assault keeps its treasury for the Ronin it committed to [§8.1.2]."""
    st = g.state
    for clan in list(st.order):
        bond = st.vassals.get(clan)
        if clan in st.eliminated or (bond is not None and bond.path == ASSAULT):
            continue
        while st.koku[clan] > 0:
            have = st.koku[clan]
            options = [Option(f"sow:{p}", f"sow on {g.names[p]}") for p in st.provinces(clan)]
            options.append(Option(STORE, "store"))
            where = yield from ask(g, clan, "allocate", f"allocate your {have} Koku: sow or "
                                                        "store?", options, "§10.3.2")
            n = yield from ask(g, clan, "allocate-count", "how many Koku?",
                               [Option(k, str(k)) for k in range(have, 0, -1)], "§10.3.2")
            st.koku[clan] -= n
            if where == STORE:
                st.stored[clan] = st.stored.get(clan, 0) + n
                g.emit(mev.RiceStored("§10.3.1", clan, st.seat_of[clan], n))
            else:
                p = where.partition(":")[2]
                sown = st.sown.setdefault(p, {})
                sown[clan] = sown.get(clan, 0) + n
                g.emit(mev.RiceSown("§10.3.1", clan, p, n))


def raid(g, province: str, attacker: str) -> None:
    """[§6.2.7] An attacker that gains control in battle seizes every Koku
    sown there (only by battle [U-33])."""
    st = g.state
    sown = st.sown.pop(province, {})
    total = sum(sown.values())
    if total:
        st.koku[attacker] += total
        g.emit(mev.RiceRaided("§6.2.7", attacker, province, total))


def winter(g):
    """[§10.3.2-W1..W3] Harvest, then costs, then spoilage."""
    st, comp = g.state, g.table.components
    face = g.dice.d6("harvest", "§10.3.2")
    per = comp.harvest[face]
    for p, sown in list(st.sown.items()):
        for c, n in sown.items():  # [-W1] on provinces still held; the tokens go back
            if c in st.clans and st.controller(p) == c:
                st.koku[c] += n * per
                g.emit(mev.Harvested("§10.3.2", c, p, n, n * per, face))
    st.sown = {}
    for c in [c for c in st.order if c not in st.eliminated]:
        # [-W2] maintenance and mountain provisions; the first round's exception
        # was for Phase 1, so the first Winter pays [U-32]
        yield from pay(g, c, upkeep(g, c) + mountain_supply(g, c),
                       "maintenance and mountain provisions", "§10.3.2")
    for c in st.in_play():
        lost = st.koku[c] // 2  # [-W3] half, rounded down [U-34]
        if lost:
            st.koku[c] -= lost
            g.emit(mev.RiceSpoiled("§10.3.2", c, lost))
