"""The eve of war [§2.2]: a random player order, the clan draft in its
reverse with the regional restriction, and the initial set-up [§2.3]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import arms
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.asking import ask_seat
from tenkatoitsu.kinds.clans.scenario.model import DAIMYO
from tenkatoitsu.kinds.clans.state import Castle, ClansState, Vassalage

V83_STARTING_KOKU = 0  # [v83 §2.3] no starting capital


def empty_state(table) -> ClansState:
    return ClansState(units={p: {} for p in table.board.ids()},
                      ronin_supply=table.components.ronin)


def draftable(g, taken: list[str]) -> list:
    """[§2.2.2.2] The clans still free; while the first three picks are
    made, only from a region not yet claimed."""
    clans = [c for c in g.table.clans if c.id not in taken]
    claimed = {g.table.clan(c).region for c in taken}
    if len(taken) < 3:
        return [c for c in clans if c.region not in claimed]
    return clans


def draft(g):
    """[§2.2.2] The draft, then the set-up [§2.3]."""
    st = g.state
    order = g.dice.shuffled(g.players)  # [§2.2.2.1] a random starting order
    st.pick_order = list(reversed(order))
    g.emit(ev.PickOrderDrawn("§2.2.2.1", tuple(order), tuple(st.pick_order)))
    for seat in st.pick_order:
        options = [Option(c.id, f"{c.name} ({c.region}, {g.names[c.home]}): "
                                f"{c.archetype or c.ability}")
                   for c in draftable(g, st.clans)]
        clan = yield from ask_seat(g, seat, "draft", f"{g.names[seat]}: pick your clan",
                                   options, "§2.2.2.2", {"taken": list(st.clans)})
        st.clans.append(clan)
        st.clan_of[seat], st.seat_of[clan] = clan, seat
        g.emit(ev.ClanDrafted("§2.2.2.2", seat, clan, g.table.clan(clan).region))
    set_up(g, [st.clan_of[s] for s in order])


def set_up(g, first_order: list[str]) -> None:
    """[§2.3] Three Daimyō and one Bushi in each home province; the
    starting Koku (v83: none). The first round's order is the random one
    the draft began with [§2.2.2.1] [U-1]."""
    st, t = g.state, g.table
    koku = V83_STARTING_KOKU if t.v83 else t.components.starting_koku
    homes = {}
    for c in st.clans:
        home = t.clan(c).home
        st.units[home][c] = {DAIMYO: t.components.unit(DAIMYO).count, arms.starting_unit(g): 1}
        st.koku[c] = koku
        homes[c] = home
    st.order = list(first_order)
    g.emit(ev.ClansPlaced("§2.3", homes, koku))


def from_start(g) -> None:
    """A scenario's starting position instead of the draft and set-up: the
    clans, their Koku and units, castles, vassals and the last order."""
    st, start = g.state, g.scenario.start
    for seat, clan in start.clans.items():
        st.clans.append(clan)
        st.clan_of[seat], st.seat_of[clan] = clan, seat
    for c in st.clans:
        st.koku[c] = start.koku.get(c, 0)
    for prov in start.provinces:
        for c, units in prov.units.items():
            st.units[prov.id][c] = {u: n for u, n in units.items() if n}
        if prov.castle is not None:
            st.castles[prov.id] = Castle(prov.castle, prov.fortress)
            st.built_castle[prov.castle] = 0
    for v in start.vassals:
        st.vassals[v.clan] = Vassalage(v.lord, fund=v.fund, held=v.held)
    st.eliminated = [c for c in start.eliminated]
    st.order = [c for c in (start.order or st.clans) if c not in st.eliminated]
    st.round = start.round - 1
