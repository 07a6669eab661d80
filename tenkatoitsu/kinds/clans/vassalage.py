"""Defeat: vassalage when a clan's last Daimyō falls [§8.1], its
consequences [§8.1.1], the paths to liberation [§8.1.2], and elimination
[§8.2]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import glory, pacts
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.state import ASSAULT, REBUILDING, Vassalage

DONE = "done"


def eliminate_the_fallen(g) -> None:
    """[§8.2] A clan with no province and no Daimyō on the board is out; a
    clan without a province keeps playing while a Daimyō stands."""
    st = g.state
    for c in st.in_play():
        if st.daimyos(c) == 0 and st.count(c) == 0:
            pacts.vassal_leaves(g, c)
            for p in st.units:
                st.units[p].pop(c, None)
            st.eliminated.append(c)
            st.vassals.pop(c, None)
            g.emit(ev.ClanEliminated("§8.2", c))


def last_daimyo_fell(g, fallen: dict[str, str | None], leader: str | None = None,
                     fought: list[str] | None = None):
    """[§8.1] Clans whose last Daimyō was removed, each with who removed it
    (None: no clan). A vassal on the Gekokujō Assault that removed a free
    clan's last Daimyō is liberated first [§8.1.2]; then each fallen clan
    becomes the vassal of its victor. The Path of Glory replaces all this
    [§10.4-a] (`leader`: the leading player before the losses)."""
    st = g.state
    if glory.on(g):
        glory.last_daimyos_fell(g, fallen, leader, fought)
        eliminate_the_fallen(g)
        return
    for clan, victor in fallen.items():
        lord = st.vassals.get(victor) if victor else None
        if lord is not None and lord.path == ASSAULT and st.free(clan):
            del st.vassals[victor]
            g.emit(ev.Liberated("§8.1.2", victor, "Gekokujō Assault"))
    for clan, victor in fallen.items():
        if clan in st.eliminated or clan in st.vassals:
            continue
        yield from become_vassal(g, clan, victor)
    eliminate_the_fallen(g)


def become_vassal(g, clan: str, lord: str | None):
    """[§8.1] The clan swears fealty to `lord` and pays for its defeat."""
    st = g.state
    st.vassals[clan] = Vassalage(lord, since_round=st.round)
    g.emit(ev.VassalSworn("§8.1", clan, lord))
    pacts.vassal_leaves(g, clan)  # [§8.1.1] [§10.1.1-e]
    if g.table.v83:
        yield from four_steps(g, clan)
    else:
        yield from lose_half(g, clan)
    st.vassals[clan].held = st.count(clan)


def give_up(g, clan: str, n: int) -> list[str]:
    """The provinces a new vassal gives up, of its choice [§8.1.1]."""
    st = g.state
    chosen: list[str] = []
    for _ in range(n):
        options = [Option(p, f"give up {g.names.get(p, p)} ({st.stack(p, clan)} units)")
                   for p in st.provinces(clan) if p not in chosen]
        p = yield from ask(g, clan, "give-up", "give up which province?", options, "§8.1.1")
        chosen.append(p)
        g.emit(ev.ProvinceGivenUp("§8.1.1", clan, p))
    return chosen


def dismiss(g, clan: str, n: int) -> None:
    """Units of the player's choice leave the board [§8.1.1]."""
    st = g.state
    removed: dict[str, int] = {}
    for _ in range(max(0, n)):
        options = [Option(f"{p}:{u}", f"a {g.names.get(u, u)} in {g.names.get(p, p)}")
                   for p in st.units for u, k in st.units[p].get(clan, {}).items() if k]
        if not options:
            break
        answer = yield from ask(g, clan, "dismiss", "dismiss which unit?", options, "§8.1.1")
        p, _, u = answer.partition(":")
        st.of(p, clan)[u] -= 1
        removed[p] = removed.get(p, 0) + 1
    g.emit(ev.TroopsDismissed("§8.1.1", clan, removed))


def lose_half(g, clan: str):
    """[§8.1.1] Half its provinces and half its troops, its choice (halves
    rounded down): a province given up goes with the units in it, which
    count towards the troops lost."""
    st = g.state
    to_dismiss = st.total(clan) // 2
    for p in (yield from give_up(g, clan, st.count(clan) // 2)):
        to_dismiss -= st.stack(p, clan)
        st.units[p].pop(clan, None)
    yield from dismiss(g, clan, to_dismiss)


def four_steps(g, clan: str):
    """[v83 §8.1.1] In strict order: give up half the provinces (rounded
    down); their units retreat to adjacent provinces still held, within the
    limit of 7, or are removed; then half the units left (rounded down) are
    removed; a province emptied so is neutral."""
    st, t = g.state, g.table
    lost = yield from give_up(g, clan, st.count(clan) // 2)
    for p in lost:
        while st.stack(p, clan):
            unit = next(u for u, k in st.of(p, clan).items() if k)
            options = [Option(q, g.names[q]) for q in t.neighbours[p]
                       if q not in lost and st.controller(q) == clan
                       and st.stack(q, clan) < t.components.stack_limit]
            units = st.of(p, clan)
            if not options:
                n = st.stack(p, clan)
                st.units[p].pop(clan, None)
                g.emit(ev.TroopsRetreated("§8.1.1", clan, p, None, n))
                break
            q = yield from ask(g, clan, "retreat", f"a {g.names.get(unit, unit)} retreats from "
                                                   f"{g.names[p]} to where?", options,
                               "§8.1.1", {"province": p})
            units[unit] -= 1
            dest = st.of(q, clan)
            dest[unit] = dest.get(unit, 0) + 1
            g.emit(ev.TroopsRetreated("§8.1.1", clan, p, q, 1))
    yield from dismiss(g, clan, st.total(clan) // 2)


def vassal_decisions(g):
    """[§8.1.2] Each vassal, in player order, chooses its path for the
    round: the Gekokujō Assault (its whole treasury for Ronin at two a Koku)
    or Rebuilding (up to 3 Koku into the Liberation Fund; free at 10)."""
    st, comp = g.state, g.table.components
    for clan in [c for c in st.order or st.clans if c not in st.eliminated]:
        bond = st.vassals.get(clan)
        if bond is None:
            continue
        second = "The Daimyō's Ransom" if g.table.v83 else "Rebuilding"
        options = [Option(ASSAULT, "Gekokujō Assault: this round, Ronin at "
                                   f"{comp.assault_ronin_per_koku} a Koku"),
                   Option(REBUILDING, f"{second}: Koku into the Liberation Fund "
                                      f"({bond.fund} of {comp.liberation_fund})")]
        bond.path = yield from ask(g, clan, "vassal-path", "your path to liberation this round?",
                                   options, "§8.1.2")
        g.emit(ev.PathChosen("§8.1.2", clan, bond.path))
        if bond.path == REBUILDING:
            most = min(comp.liberation_deposit, st.koku[clan],
                       comp.liberation_fund - bond.fund)
            amount = yield from ask(g, clan, "deposit", "put how many Koku into the fund?",
                                    [Option(n, f"{n} Koku") for n in range(most, -1, -1)],
                                    "§8.1.2")
            st.koku[clan] -= amount
            bond.fund += amount
            g.emit(ev.FundDeposited("§8.1.2", clan, amount, bond.fund))
            if bond.fund >= comp.liberation_fund:
                del st.vassals[clan]
                g.emit(ev.Liberated("§8.1.2", clan, "the Liberation Fund"))


def winter_ransom(g) -> None:
    """[v83 §8.1.2] Territorial Expansion: in Winter a vassal on the
    Ransom's path adds 2 Koku to its fund for each province it holds above
    those it held when its vassalage began."""
    st, comp = g.state, g.table.components
    if not g.table.v83:
        return
    for clan, bond in list(st.vassals.items()):
        gain = 2 * max(0, st.count(clan) - bond.held)
        if bond.path != REBUILDING or not gain:
            continue
        bond.fund += gain
        g.emit(ev.FundDeposited("§8.1.2", clan, gain, bond.fund))
        if bond.fund >= comp.liberation_fund:
            del st.vassals[clan]
            g.emit(ev.Liberated("§8.1.2", clan, "the Daimyō's Ransom"))


def end_assaults(g) -> None:
    """[§8.1.2] A path is chosen for one round."""
    for bond in g.state.vassals.values():
        bond.path = None
