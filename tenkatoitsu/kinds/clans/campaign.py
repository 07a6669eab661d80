"""Phase 2, the Campaign [§6]: in player order, each player makes all its
moves [§6.1], then fights the battles they caused, one at a time in the
order it chooses [U-3]: every province where its units stand beside
another player's [§6.2]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import favor, glory, pacts
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.combat import fight
from tenkatoitsu.kinds.clans.movement import diverted, movement


def campaign(g):
    st = g.state
    for clan in list(st.order):
        if clan in st.eliminated:
            continue
        st.current = clan
        g.emit(ev.TurnBegan("§6", clan))
        st.turn_holders = {p: st.controller(p) for p in st.units}
        if favor.on(g):
            favor.appointed(g, clan)
            yield from favor.edicts(g, clan)
        yield from movement(g, clan)
        st.moved = {}
        if glory.on(g):
            glory.mandates_taken(g)
        yield from battles(g, clan)
    st.current = None


def battle_sites(g, clan: str) -> list[str]:
    """Provinces where the clan's units stand beside another player's (not
    its ally's), except one the ninja's Diversion shields [§9.1]."""
    st = g.state
    return [p for p in st.units if st.stack(p, clan) and not diverted(g, p)
            and any(c != clan and not st.allied(clan, c) for c in st.here(p))]


def betrayals(g, clan: str) -> list[str]:
    """[§10.1.3] [U-14] Provinces where the clan could attack its ally."""
    st = g.state
    pact = st.pact_of(clan)
    if pact is None:
        return []
    return [p for p in st.units if st.stack(p, clan) and st.stack(p, pact.partner(clan))
            and not diverted(g, p)]


def battles(g, clan: str):
    """[§6.2] One battle at a time, in the attacker's order; an attack on
    the ally is a choice, and a betrayal [§10.1.3]."""
    st = g.state
    fought: list[str] = []  # a battle is one exchange: it may leave a province contested
    while clan not in st.eliminated:
        sites = [p for p in battle_sites(g, clan) if p not in fought]
        treason = [p for p in betrayals(g, clan) if p not in fought] if pacts.on(g) else []
        if not sites and not treason:
            return
        options = [Option(p, g.names[p]) for p in sites]
        options += [Option(f"betray:{p}", f"attack your ally in {g.names[p]} (betrayal)")
                    for p in treason]
        if not sites:
            options.append(Option("done", "keep the pact"))
        where = yield from ask(g, clan, "battle", "fight which battle next?", options, "§6.2")
        if where == "done":
            return
        if where.startswith("betray:"):
            where = where.partition(":")[2]
            pacts.betray(g, clan, where)
        fought.append(where)
        yield from fight(g, where, clan)
        if glory.on(g):
            glory.mandates_taken(g)
