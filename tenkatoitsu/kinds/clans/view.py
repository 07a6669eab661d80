"""What a seat sees of a clans game. Open to all: the map with every unit
and castle, the province counts, the player order, vassal bonds and funds,
the draft, a field operation of the ninja and its target. Behind each
player's screen [§2.1]: its Koku (the others' show as None), and a covert
ninja [§9.1] — until he strikes, the table knows only that he has left the
supply, and only once the Reinforcement phase is over — and the Koku stored
[§10.3.1]. The modules' tracks are open: Glory Points, Legitimacy, pacts
and Blood Feuds, Koku sown, Unrest markers."""

from __future__ import annotations

import copy

from tenkatoitsu.kinds.clans.outcome import mandate_held
from tenkatoitsu.kinds.clans.scenario.model import COASTAL, MANDATE, MOUNTAIN, TRADING_POST
from tenkatoitsu.kinds.clans.state import ASSASSINATION, ClansState


def view_of(g, player: str | None, state: ClansState | None = None) -> dict:
    st = g.state if state is None else state
    t = g.table
    mine = st.clan_of.get(player) if player is not None else None
    flags = {MOUNTAIN: t.mountain, COASTAL: t.coastal, MANDATE: set(t.mandate),
             TRADING_POST: set(t.trading_posts)}
    provinces = []
    for a in t.board:
        p = a.id
        castle = st.castles.get(p)
        provinces.append({
            "id": p, "name": a.name, "controller": st.controller(p),
            "units": {c: {u: n for u, n in us.items() if n} for c, us in st.here(p).items()},
            "castle": None if castle is None else {"builder": castle.builder,
                                                   "fortress": castle.fortress,
                                                   "fortified": castle.fortified},
            "flags": sorted(f for f, ps in flags.items() if p in ps),
            # the modules' marks: Koku sown there [§10.3.1], Unrest markers [§10.5.1]
            "sown": dict(st.sown.get(p, {})), "unrest": list(st.unrest.get(p, ())),
        })
    clans = {}
    for c in st.clans:
        d = t.clan(c)
        bond = st.vassals.get(c)
        clans[c] = {
            "name": d.name, "seat": st.seat_of[c], "colour": d.colour, "region": d.region,
            "home": d.home, "ability": d.ability, "archetype": d.archetype,
            "koku": st.koku.get(c) if player is None or c == mine else None,
            "provinces": st.count(c), "daimyos": st.daimyos(c), "bushi": st.bushi(c),
            "units": st.total(c), "mandate": mandate_held(g, c),
            "vassal": None if bond is None else {"lord": bond.lord, "path": bond.path,
                                                 "fund": bond.fund},
            "eliminated": c in st.eliminated,
            # the modules' tracks, open to all but the Koku stored behind the screen
            "glory": st.glory.get(c), "legitimacy": st.legitimacy.get(c, 0),
            "stored": st.stored.get(c, 0) if player is None or c == mine else None,
            "firearms": c in st.firearms,
            "pact": st.pact_of(c).partner(c) if st.pact_of(c) else None,
            "censured": st.censured.get(c) == st.round,
            "betrayer": st.betrayed.get(c) == st.round,
        }
    ninja = None
    if st.ninja is not None:
        n = st.ninja
        open_ = n.mission != ASSASSINATION or n.used or player is None or n.holder == mine
        if open_:
            ninja = {"holder": n.holder, "mission": n.mission, "target": n.target,
                     "used": n.used}
        elif st.ninja_public:
            ninja = {"holder": None, "mission": None, "target": None, "used": False}
    return {
        "viewer": player, "clan": mine, "round": st.round, "phase": st.phase,
        "current": st.current, "players": list(g.players),
        "clan_of": dict(st.clan_of), "seat_of": dict(st.seat_of),
        "names": {s: g.names[s] for s in g.players} | {c: g.names[c] for c in st.clans},
        "pick_order": list(st.pick_order), "clans": clans, "order": list(st.order),
        "provinces": provinces, "ninja": ninja,
        "ronin_supply": st.ronin_supply,
        "castles_left": t.components.castles - len(st.castles),
        "victory": t.victory_target(), "mandate": list(t.mandate),
        "battle": copy.deepcopy(st.battle), "eliminated": list(st.eliminated),
        "winner": st.winner, "level": st.level,
        "variants": list(g.variants),
        "feuds": [list(f) for f in st.feuds],
    }
