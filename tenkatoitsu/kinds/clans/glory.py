"""The Path of Glory [§10.4]: instead of vassalage [§8.1], a clan whose
last Daimyō is defeated walks the path and collects Glory Points — for the
last Daimyō it defeats in turn (the leading player's worth more) and for
each Mandate province it takes — and wins at 7 at the end of a phase, after
the Mandate and province control [§1.1.1]."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.outcome import tie_break
from tenkatoitsu.kinds.clans.scenario.model import PATH_OF_GLORY


def on(g) -> bool:
    return g.table.module(PATH_OF_GLORY)


def anyone_on_path(g) -> bool:
    return bool(g.state.glory)


def leading(g) -> str | None:
    """[U-39] The player with the most provinces, ties broken as in §1.2.1."""
    st = g.state
    clans = st.in_play()
    if not clans:
        return None
    best = max(st.count(c) for c in clans)
    return tie_break(g, [c for c in clans if st.count(c) == best])


def last_daimyos_fell(g, fallen: dict[str, str | None], leader: str | None,
                      fought: list[str] | None = None) -> None:
    """[§10.4-b] [§10.4-d] The fallen walk the path. A walker who fought in
    the battle where a last Daimyō fell [U-41] scores +2, +3 for the leading
    player's ("leader", read before the battle's losses); a Daimyō lost
    outside a battle gives no Glory [U-44]."""
    st, comp = g.state, g.table.components
    for clan, victor in fallen.items():
        if victor is None:
            continue
        for walker in [c for c in (fought or [victor]) if c in st.glory and c != clan]:
            gp = comp.glory_defeat_leader if clan == leader else comp.glory_defeat
            st.glory[walker] += gp
            g.emit(mev.GloryScored("§10.4-d", walker, gp, st.glory[walker],
                                   "the leading player's last Daimyō" if clan == leader
                                   else "a last Daimyō"))
    for clan in fallen:
        if clan not in st.glory and clan not in st.eliminated:
            st.glory[clan] = 0
            st.glory_held[clan] = sole_mandates(g, clan)  # held already: no gain
            g.emit(mev.GloryPathTaken("§10.4-b", clan))


def sole_mandates(g, clan: str) -> list[str]:
    return [p for p in g.table.mandate if g.state.sole(p, clan)]


def mandates_taken(g) -> None:
    """[§10.4-d] [U-40] A walker gaining sole control of a Mandate province
    scores +3, the first time for each province (one held when it took the
    path is no gain)."""
    st, comp = g.state, g.table.components
    for clan in list(st.glory):
        now = sole_mandates(g, clan)
        scored = st.glory_scored.setdefault(clan, [])
        for p in now:
            if p not in st.glory_held.get(clan, ()) and p not in scored:
                scored.append(p)
                st.glory[clan] += comp.glory_mandate
                g.emit(mev.GloryScored("§10.4-d", clan, comp.glory_mandate, st.glory[clan],
                                       f"sole control of {g.names[p]}"))
        st.glory_held[clan] = now


def winner(g) -> str | None:
    """[§10.4-c] 7 Glory Points (the most, ties broken as in §1.2.1)."""
    st = g.state
    walkers = [c for c, gp in st.glory.items() if gp >= g.table.components.glory_to_win
               and c not in st.eliminated]
    if not walkers:
        return None
    best = max(st.glory[c] for c in walkers)
    return tie_break(g, [c for c in walkers if st.glory[c] == best])
