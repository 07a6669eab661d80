"""The Ikkō-ikki Uprising [§10.5]: a province whose holder loses a battle
defending it takes an Unrest marker [§10.5.1]; at the second it rebels
[§10.5.2] and becomes a neutral Stronghold of three Bushi; markers are
pacified for Koku, Strongholds retaken by battle and a pacification roll
[§10.5.3]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.scenario.model import BUSHI, DAIMYO, IKKO_IKKI, NEUTRAL


def on(g) -> bool:
    return g.table.module(IKKO_IKKI)


def stronghold(g, province: str) -> bool:
    return bool(g.state.units[province].get(NEUTRAL, {}).get(BUSHI))


def unrest(g, province: str, holder: str):
    """[§10.5.1] [U-42] The holder lost the province defending it: one of
    its Bushi pieces lies there as a marker (none left: no marker [§0.3]).
    A second marker raises the province [§10.5.2]. A generator: the
    rebellion asks where Daimyō retreat; returns the clans whose last
    Daimyō the rebellion took."""
    st = g.state
    if g.table.components.unit(BUSHI).count - st.bushi(holder) - st.markers(holder) <= 0:
        return {}
    markers = st.unrest.setdefault(province, [])
    markers.append(holder)
    g.emit(mev.UnrestRose("§10.5.1", province, holder, len(markers)))
    if len(markers) < 2:
        return {}
    return (yield from rebellion(g, province))


def rebellion(g, province: str):
    """[§10.5.2] Every Bushi there and both markers go; each Daimyō
    retreats to an adjacent province of its clan or is removed from the
    game; three neutral Bushi hold the Stronghold."""
    st, t = g.state, g.table
    del st.unrest[province]
    daimyos_before = {c: st.daimyos(c) for c in st.clans}
    removed: dict[str, int] = {}
    for clan, units in list(st.units[province].items()):
        n = sum(k for u, k in units.items() if u != DAIMYO)
        if n:
            removed[clan] = n
        for u in list(units):
            if u != DAIMYO:
                units[u] = 0
    for clan in list(st.here(province)):
        while st.of(province, clan).get(DAIMYO):
            options = [Option(q, t.board[q].name) for q in t.neighbours[province]
                       if st.controller(q) == clan
                       and st.stack(q, clan) < t.components.stack_limit]  # [v83 §3.2]
            if not options:
                st.of(province, clan)[DAIMYO] -= 1
                g.emit(mev.DaimyoRetreated("§10.5.2", clan, province, None))
                continue
            q = yield from ask(g, clan, "retreat", f"a Daimyō retreats from "
                                                   f"{g.names[province]} to where?",
                               options, "§10.5.2", {"province": province})
            st.of(province, clan)[DAIMYO] -= 1
            dest = st.of(q, clan)
            dest[DAIMYO] = dest.get(DAIMYO, 0) + 1
            g.emit(mev.DaimyoRetreated("§10.5.2", clan, province, q))
    st.units[province] = {NEUTRAL: {BUSHI: g.table.components.ikko_bushi}}
    g.emit(mev.Rebelled("§10.5.2", province, removed))
    # [U-44] a last Daimyō lost to the rebels: a vassal of no one, no Glory
    return {c: None for c, n in daimyos_before.items() if n and not st.daimyos(c)}


def pacify_places(g, clan: str) -> list[str]:
    """[§10.5.3-a] Provinces the clan holds with an Unrest marker."""
    st = g.state
    return [p for p, ms in st.unrest.items() if ms and st.controller(p) == clan]


def pacify(g, clan: str, province: str) -> None:
    """[§10.5.3-a] 2 Koku remove one marker (back to its owner's pieces)."""
    st = g.state
    cost = g.table.components.pacify_cost
    st.koku[clan] -= cost
    owner = st.unrest[province].pop(0)
    if not st.unrest[province]:
        del st.unrest[province]
    g.emit(mev.UnrestPacified("§10.5.3", clan, province, owner, cost))


def reconquest(g, province: str, attacker: str, origins: list[str]):
    """[§10.5.3-b] A Stronghold won in battle is the attacker's only on a
    d6 of 4 or more; else its units there retreat [U-43] to an adjacent
    province of its own or one they came from (over the limit of 7, or with
    nowhere to go, they are removed) and the province stays empty."""
    st, t = g.state, g.table
    face = g.dice.d6("pacification test", "§10.5.3", side=attacker)
    if face >= t.components.pacify_roll:
        g.emit(mev.Pacified("§10.5.3", attacker, province, face, True))
        return {}
    g.emit(mev.Pacified("§10.5.3", attacker, province, face, False))
    had = st.daimyos(attacker)
    places = [q for q in t.neighbours[province] if st.controller(q) == attacker]
    places += [q for q in origins if not any(c != attacker for c in st.here(q))]
    places = list(dict.fromkeys(places))
    q = None
    if places:  # asked while the units still stand in the province
        q = yield from ask(g, attacker, "retreat",
                           f"your units leave {g.names[province]}: to where?",
                           [Option(p, t.board[p].name) for p in places], "§10.5.3",
                           {"province": province})
    units = st.units[province].pop(attacker, {})
    if q is not None:
        dest = st.of(q, attacker)
        room = t.components.stack_limit - st.stack(q, attacker)
        for u in sorted(units, key=lambda u: u != DAIMYO):  # the Daimyō first; the rest
            k = min(units[u], max(0, room))                # over the limit are lost
            if k:
                dest[u] = dest.get(u, 0) + k
                room -= k
    g.emit(mev.DaimyoRetreated("§10.5.3", attacker, province, q))
    return {attacker: None} if had and not st.daimyos(attacker) else {}
