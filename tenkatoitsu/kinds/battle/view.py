"""What one player may see [5.3] [10.1]: computed from the game, never stored.

A player sees the whole map (counters are face up), his own Honjin in full
and his own battle plan. Of the opponent he sees the Delay Track and Reserve
chits (they lie on the table) but, with the hidden orders option, not the
orders of the clans (the markers stand on the hidden Honjin, none on the map),
and never the battle plan until a tactic or ability reveals it. Nobody sees
into the Bowl: only how many chits it holds. Bots receive a PlayerView; the
GUI shows the current viewer's."""

from __future__ import annotations

from typing import Any

from tenkatoitsu.kinds.battle.queries import fortress
from tenkatoitsu.kinds.battle.scenario import model as m

HIDDEN = "hidden"
#: what a side takes an opponent's hidden order to be [5.3]: the order a
#: hidden clan in contact most often has (the bots and the odds shown to a player)
ASSUMED_HIDDEN_ORDER = m.Order.DEFENSE


def order_seen(game, side: str, clan: str) -> str:
    """A clan's order as `side` sees it: HIDDEN for an opponent's clan under
    the hidden orders option [5.3]."""
    c = game.state.clans[clan]
    return c.order.value if c.side == side or not game.options.hidden_orders else HIDDEN


def bowl_count(game) -> int:
    """What anyone sees of the Bowl: how many chits it holds."""
    return len(game.state.bowl)


def player_view(game, side: str) -> dict[str, Any]:
    st = game.state
    units = []
    for u in st.units.values():
        if u.eliminated:
            continue
        d = game.unit_defs[u.id]
        units.append({
            "id": u.id, "clan": u.clan, "side": game.clan_side(u.clan),
            "hex": u.hex.id if u.hex else None, "steps_lost": u.steps_lost,
            "elan": d.elan, "mass": d.mass, "fire": d.fire,
            "lead": 0 if u.leader_killed else (1 if d.lead_x else d.lead), "lead_x": d.lead_x,
            "leader_killed": u.leader_killed, "defensive_position": u.defensive_position,
        })
    clans = {c.id: {"side": c.side, "off_map": c.off_map, "order": order_seen(game, side, c.id)}
             for c in st.clans.values()}
    honjins = {}
    for s, h in st.honjins.items():
        own = s == side
        revealed = own or h.plan_revealed
        honjins[s] = {
            "reserve": list(h.reserve),
            "delay": [list(box) for box in h.delay],
            "plan": h.plan if revealed else (HIDDEN if h.plan else None),
            "plan_active": h.plan_active,
            "plan_cp": h.plan_cp if own else HIDDEN,
            "tactics_used": [{"tactic": t.tactic, "clans": list(t.clans), "turn": t.turn,
                              "performed": t.performed} for t in h.tactics_used],
            "katta_held": list(h.katta),
            "cp": h.cp if own else HIDDEN,
        }
    return {
        "viewer": side, "turn": st.turn, "night": game.is_night(), "fatigue": game.is_fatigue(),
        "units": units, "clans": clans, "honjins": honjins,
        "bowl": {"count": bowl_count(game)},
        "played": list(st.played),
        "waiting": list(st.waiting),  # chits on the map [19.4.1], clans still to come [19.6.2] [20.3]
        "vp": dict(st.vp), "bundori": dict(st.bundori),
        "sieges": fortress.view(game),  # the siege tracks and markers are open [15.4]
    }


class GameAt:
    """A game seen at a past state (the replay viewer's), for the pure queries
    such as player_view: its methods run on that state, everything else is
    the game's own."""

    def __init__(self, game, state):
        self._game = game
        self.state = state
        self._occ = {}  # who stands where, for `occupants`
        for u in state.units.values():
            if u.on_map:
                self._occ.setdefault(u.hex, []).append(u.id)

    def __getattr__(self, name: str):
        attr = getattr(type(self._game), name, None)
        if callable(attr):
            return attr.__get__(self)
        return getattr(self._game, name)


def view_at(game, side: str | None, state=None) -> dict[str, Any]:
    """player_view of `state` (default: now); side None sees every order and plan."""
    g = game if state is None or state is game.state else GameAt(game, state)
    if side is not None:
        return player_view(g, side)
    full = player_view(g, g.side_ids[0])
    other = player_view(g, g.side_ids[1])
    full["viewer"] = None
    full["clans"] = {c: v if v["side"] == g.side_ids[0] else other["clans"][c]
                     for c, v in full["clans"].items()}
    full["honjins"][g.side_ids[1]] = other["honjins"][g.side_ids[1]]
    return full
