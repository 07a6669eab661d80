"""What a seat sees of a shogun game. Open to all: the map with every
province's owner, forces, armies and castles, the trays, koku held, the
swords, revealed plans and the ninja's holder. Sealed until the rules reveal
them: a plan being made [SC-6.2] (only its maker sees it; the spy sees the
one plan he named [SC-6.4]), where hidden ronin lie [SC-10.3] (the table
sees only the face-down cards and the ronin on each), and whether the
ninja's holder keeps him to spy [SC-11.2]."""

from __future__ import annotations

from tenkatoitsu.kinds.shogun.outcome import level_of
from tenkatoitsu.kinds.shogun.state import ShogunState


def houses_of(g, viewer: str | None) -> set[str]:
    t = g.table
    if viewer is None:
        return set(t.houses)
    return {h for h in t.houses if t.seat_of[h] == viewer}


def view_of(g, player: str | None, state: ShogunState | None = None) -> dict:
    st = g.state if state is None else state
    t = g.table
    mine = houses_of(g, player)
    provinces = []
    for a in t.board:
        p = a.id
        army = st.army_at(p)
        row = {"id": p, "name": a.name, "owner": st.owner[p], "castle": st.castle[p],
               "force": {u: n for u, n in st.force[p].items() if n},
               "force_ronin": st.force_ronin[p], "army": army.id if army else None}
        hidden = {h: st.hidden[h][p] for h in mine if p in st.hidden.get(h, {})}
        if hidden:
            row["hidden"] = {h: [x.army, x.force] for h, x in hidden.items()}
        provinces.append(row)
    armies = [{"id": a.id, "house": a.house, "number": a.number, "at": a.at,
               "units": dict(a.units), "ronin": a.ronin, "hole": a.hole,
               "level": level_of(g, a), "assassinated": a.assassinated}
              for h in t.houses for a in st.armies[h]]
    sealed = {h: dict(b) for h, b in st.sealed.items() if h in mine}
    return {
        "viewer": player, "round": st.round, "phase": st.phase, "step": st.step,
        "current": st.current, "players": list(t.players), "houses": list(t.houses),
        "seat_of": dict(t.seat_of), "two_players": t.two_players,
        "names": {h: g.names[h] for h in t.houses},
        "colours": {s.id: s.colour for s in g.scenario.seats if s.id in t.houses},
        "provinces": provinces, "armies": armies,
        "tray": {h: dict(st.tray[h]) for h in t.houses},
        "koku": dict(st.koku), "koku_supply": st.koku_supply,
        "ronin_supply": st.ronin_supply, "castles_left": st.castles_left,
        "fortresses_left": st.fortresses_left,
        "face_down": {h: [x.total() for x in st.hidden.get(h, {}).values()] for h in t.houses},
        "in_hand": dict(st.in_hand),
        "bins": {h: dict(b) for h, b in st.bins.items()}, "sealed": sealed,
        "planned": sorted(st.sealed),
        "sword": dict(st.sword), "ninja": st.ninja, "ninja_round": st.ninja_round,
        "ninja_kept": st.ninja_kept if st.ninja in mine else None,
        "eliminated": list(st.eliminated), "colour_sets": {h: list(c) for h, c in
                                                           st.colours.items()},
        "markers": [list(m) for m in st.markers], "battle": st.battle,
        "counts": {h: st.count(h) for h in t.houses},
        "scores": {p: sum(st.count(h) for h in t.houses if t.seat_of[h] == p)
                   for p in t.players},
        "winner": st.winner, "level": st.level,
        "victory": t.components.victory_two_players if t.two_players else t.components.victory,
        "longer_game": t.longer_game, "round_limit": t.options.round_limit,
    }
