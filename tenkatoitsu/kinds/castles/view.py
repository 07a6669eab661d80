"""What a seat sees of a castles game. Rumble Nation hides nothing on the
table: the castles, every cube, the stocks, swords, the display and the
daimyo cards are open to all. What is hidden is what no one knows: the order
of the tactic cards left out of the display [3.3] (they never appear here)
and the dice to come (a bot rolls its own when it looks ahead)."""

from __future__ import annotations

from tenkatoitsu.kinds.castles.state import CastlesState, Claim


def view_of(g, player: str | None, state: CastlesState | None = None) -> dict:
    st = g.state if state is None else state
    t = g.table
    areas = []
    for a in g.scenario.board:
        areas.append({
            "id": a.id, "name": a.name, "value": st.castle[a.id], "token": st.token[a.id],
            "soldiers": {p: n for p, n in st.soldiers[a.id].items() if n},
            "daimyo": [p for p in t.players if st.daimyo_at.get(p) == a.id],
            "white": {p: n for p, n in st.white.get(a.id, {}).items() if n},
        })
    return {
        "viewer": player, "phase": st.phase, "turn": st.turn, "current": st.current,
        "players": list(t.players), "first": t.players[0],
        "names": {s.id: s.name for s in g.scenario.seats if s.id in t.players},
        "colours": {s.id: s.colour for s in g.scenario.seats if s.id in t.players},
        "areas": areas,
        "stock": dict(st.stock), "daimyo_in_stock": dict(st.daimyo_in_stock),
        "sword": dict(st.sword), "swords_left": list(st.swords_left),
        "small_left": list(st.small_left), "white_supply": st.white_supply,
        "display": list(st.display), "tactics_used": {p: list(v) for p, v in
                                                      st.tactics_used.items()},
        "daimyo_cards": {p: c for p, c in st.daimyo_card.items() if c},
        "daimyo_used": dict(st.daimyo_used), "locked": st.locked,
        "roll": list(st.roll) if st.roll else None, "rerolled": st.rerolled,
        "resolved": list(st.resolved), "resolving": st.resolving,
        "won": {p: [[c.area, c.value, c.size] for c in v] for p, v in st.won.items()},
        "scores": {p: st.score(p) for p in t.players},
        "winner": st.winner, "level": st.level,
        "daimyo_variant": t.daimyo, "small_castles": t.small_castles,
        "reinforce": t.reinforce, "tactics_per_player": t.tactics_per_player,
    }


def state_of(view: dict) -> CastlesState:
    """A state rebuilt from a view: what a bot looks ahead from. Everything
    the rules read is in the view, so the rules play on from it exactly."""
    areas = view["areas"]
    won: dict = {p: [Claim(a, v, s) for a, v, s in claims] for p, claims in view["won"].items()}
    daimyo_at = {p: None for p in view["players"]}
    for a in areas:
        for p in a["daimyo"]:
            daimyo_at[p] = a["id"]
    return CastlesState(
        players=tuple(view["players"]),
        castle={a["id"]: a["value"] for a in areas},
        token={a["id"]: a["token"] for a in areas},
        soldiers={a["id"]: dict(a["soldiers"]) for a in areas},
        stock=dict(view["stock"]), daimyo_at=daimyo_at,
        daimyo_in_stock=dict(view["daimyo_in_stock"]),
        white={a["id"]: dict(a["white"]) for a in areas}, white_supply=view["white_supply"],
        swords_left=list(view["swords_left"]), sword=dict(view["sword"]),
        small_left=list(view["small_left"]), display=list(view["display"]),
        tactics_used={p: list(v) for p, v in view["tactics_used"].items()},
        daimyo_card={p: view["daimyo_cards"].get(p) for p in view["players"]},
        daimyo_used=dict(view["daimyo_used"]), locked=view["locked"], phase=view["phase"],
        turn=view["turn"], current=view["current"],
        roll=tuple(view["roll"]) if view["roll"] else None, rerolled=view["rerolled"],
        resolved=list(view["resolved"]), resolving=view["resolving"], won=won,
        winner=view["winner"], level=view["level"])
