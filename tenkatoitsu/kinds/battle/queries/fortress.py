"""What a fortress under siege [15] looks like to the rules, without changing
it: who is inside, the siege map's areas a side may reach or mark, the Orders
that may enter [15.3], the scores of the siege actions [15.6.1]."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.siege_map import SiegeGeometry, geometry
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import SiegeState

DISORGANIZED_STEPS = 2  # [4.3] Good Order 0, Shaken 1, Disorganized 2, Exhausted 3


#: [15.3] [15.7.2] Orders with which the besieged player's units may enter
BESIEGED_ENTRY_ORDERS = (m.Order.DEFENSE, m.Order.MOVEMENT, m.Order.REGROUP)


def fortress_hexes(game, fid: str) -> tuple[Hex, ...]:
    return geometry(game, fid).fortress.hexes


def units_inside(game, fid: str, side: str | None = None) -> list[str]:
    """Units on the map in any hex of the fortress (of `side`), by id."""
    out = []
    for h in fortress_hexes(game, fid):
        for uid in game.occupants(h):
            if side is None or game.side_of(uid) == side:
                out.append(uid)
    return sorted(out)


def enemy_inside(game, fid: str, side: str) -> bool:
    return any(game.side_of(u) != side for h in fortress_hexes(game, fid)
               for u in game.occupants(h))


def siege_of_unit(game, uid: str) -> SiegeState | None:
    u = game.state.units[uid]
    if not u.on_map:
        return None
    f = game.map.fortress_of.get(u.hex)
    return game.state.sieges.get(f.id) if f is not None else None


def clan_siege(game, clan: str) -> SiegeState | None:
    """The siege some of the clan's units are in, if any."""
    for u in game.state.clan_units(clan):
        s = siege_of_unit(game, u.id)
        if s is not None:
            return s
    return None


def wholly_besieged(game, clan: str) -> bool:
    """Every unit of the clan on the map is in a siege [15.6]."""
    units = game.state.clan_units(clan)
    return bool(units) and all(siege_of_unit(game, u.id) is not None for u in units)


def elan_mass(game, uid: str) -> int:
    d = game.unit_defs[uid]
    return d.elan + d.mass


def is_fit(game, uid: str) -> bool:
    """Good Order or Shaken: counts toward Manpower [15.4.1]; Disorganized or
    Exhausted: toward Out of Combat [15.4.2]."""
    return game.state.units[uid].steps_lost <= 1


def may_enter_fortress(game, side: str, h: Hex, mover: str | None) -> bool:
    """[15.3] entering a fortress: free when no enemy unit is inside; else
    the besieger's units must be in Attack, the besieged's in Defense,
    Movement or Regroup [15.7.2] [15.7.3]. Without a known mover (the entry
    of an off-map clan) an enemy-held fortress is not entered."""
    f = game.map.fortress_of[h]
    if not enemy_inside(game, f.id, side):
        return True
    if mover is None:
        return False
    u = game.state.units[mover]
    if u.hex is not None and game.map.fortress_of.get(u.hex) is f:
        return True  # already inside
    s = game.state.sieges.get(f.id)
    besieged = s.besieged if s is not None else game.enemy(side)
    order = game.unit_order(mover)
    if side == besieged:
        return order in BESIEGED_ENTRY_ORDERS
    return order == m.Order.ATTACK


def is_dead_end(game, side: str, h: Hex) -> bool:
    """[15.3] a fortress holding an enemy unit: a unit that enters it stays
    inside (it leaves only by relinquishing the siege [15.8])."""
    f = game.map.fortress_of.get(h)
    return f is not None and enemy_inside(game, f.id, side)


def placeable(s: SiegeState, g: SiegeGeometry, side: str, area: str) -> bool:
    """[15.4.4] at most one marker per area; a Peripheral Area may hold one of
    each side."""
    if s.has_marker(side, area):
        return False
    return g.is_peripheral(area) or not s.markers.get(area)


def reach(s: SiegeState, g: SiegeGeometry, side: str, starts) -> list[str]:
    """The `starts` and the areas connected to one of them by an
    uninterrupted sequence of areas free of enemy Control markers (a start
    holding an enemy marker leads nowhere)."""
    enemy = s.besieger if side == s.besieged else s.besieged
    free = lambda a: not s.has_marker(enemy, a)
    out = set(starts) | set(g.connected([a for a in starts if free(a)], free))
    return [a for a in g.order if a in out]


def placement_areas(game, s: SiegeState, side: str, starts=None) -> list[str]:
    """Where `side` may place a Control marker now: anywhere with room when
    `starts` is None (the besieged at the beginning [15.5]), else in the
    starts and the areas connected to them [15.5] [15.6.1] [15.7.1]."""
    g = geometry(game, s.fortress)
    areas = g.order if starts is None else reach(s, g, side, starts)
    return [a for a in areas if placeable(s, g, side, a)]


def adjacent_marker_areas(game, s: SiegeState, side: str, target: str) -> list[str]:
    """The areas of `side`'s markers adjacent to `target` [15.6.1]; in a
    Peripheral Area holding markers of both sides, his own there too (the
    enemy is then adjacent [15.4.4])."""
    g = geometry(game, s.fortress)
    out = [a for a in g.neighbours[target] if s.has_marker(side, a)]
    if g.is_peripheral(target) and s.has_marker(side, target):
        out.append(target)
    return [a for a in g.order if a in out]


def siege_actions_score(game, s: SiegeState, side: str) -> tuple[int, int, int]:
    """[15.4.3] 1 + the Firepower of the side's units in the fortress + their
    highest Leadership: (score, firepower, leadership)."""
    inside = units_inside(game, s.fortress, side)
    fire = sum(game.unit_defs[u].fire for u in inside)
    lead = max((game.lead(u) for u in inside), default=0)
    return 1 + fire + lead, fire, lead


def may_relinquish(game, clan: str) -> bool:
    """[15.8.1] the besieged player's clans must be in Attack, [15.8.2] the
    besieger's must have left Attack."""
    s = clan_siege(game, clan)
    if s is None:
        return False
    attack = game.order_of(clan) == m.Order.ATTACK
    return attack if game.clan_side(clan) == s.besieged else not attack


def exit_areas(game, s: SiegeState, side: str) -> list[str]:
    """[15.8] Peripheral Areas with a Control marker of the side."""
    g = geometry(game, s.fortress)
    return [a for a in g.peripheral if s.has_marker(side, a)]


def is_beaten(game, s: SiegeState, side: str) -> bool:
    """[15.9] no Control marker left on the siege map and Manpower 0."""
    return s.marker_count(side) == 0 and s.manpower[side] == 0


def view(game) -> dict:
    """The siege tracks and markers, open to both players."""
    return {fid: {"besieger": s.besieger, "besieged": s.besieged,
                  "manpower": dict(s.manpower), "out_of_combat": dict(s.out_of_combat),
                  "markers": {a: list(v) for a, v in s.markers.items()}}
            for fid, s in sorted(game.state.sieges.items())}
