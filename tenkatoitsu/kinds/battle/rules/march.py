"""The march [6.5] and the entry of off-map clans [12]: up to 4 MP a unit,
stopped by an enemy ZoC."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.reach import (
    MARCH_MP,
    can_start,
    entry_cost,
    entry_destinations,
    is_besieged,
    march_destinations,
    path_cost,
)
from tenkatoitsu.kinds.battle.rules.movement import (
    from_value,
    hex_options,
    next_to_move,
    unit_options,
)


def _enter_map(game, clan: str, mp: float, rule: str):
    cs = game.state.clans[clan]
    side = cs.side
    units = [u.id for u in game.state.clan_units(clan, on_map_only=False) if u.hex is None]
    if not units or cs.entry is None:
        return False
    eh = game.map.entries[cs.entry].hex
    if len(entry_destinations(game, clan, mp, (), len(units))) == 0:
        game.note("12", f"clan {clan} cannot bring all its units onto the map at {eh.id}: "
                        f"it stays off the map")
        return False
    placed: list[Hex] = []
    remaining = list(units)
    while remaining:
        uid = yield Decision(side, "march-unit",
                             f"Clan {clan} enters the map at {eh.id}: "
                             f"choose the next unit to enter",
                             unit_options(game, remaining), "12",
                             {"clan": clan, "entry": cs.entry})
        dests = entry_destinations(game, clan, mp, placed, len(remaining))
        cost0 = entry_cost(game, eh)
        choice = yield Decision(
            side, "march-hex", f"{uid} enters at {eh.id} and marches: choose where it ends",
            hex_options(dests, None,
                         lambda h: f"{cost0 + path_cost(game, dests[h], 'march'):g} MP"),
            rule, {"clan": clan, "unit": uid, "entry": cs.entry})
        h = Hex.from_id(choice)
        remaining.remove(uid)
        game.enter(uid, eh, cs.entry, "12")
        if h != eh:
            game.move(uid, dests[h], "march", rule)
        placed.append(h)
    cs.off_map = False
    game.note("12", f"clan {clan} has entered the map at {eh.id}")
    return True


def march(game, clan: str, mp: float = MARCH_MP, rule: str = "6.5"):
    """[6.5] the clan marches; an off-map clan enters the map [12] (all its
    units, or none: then nothing happens and the result is False).
    Decisions: march-unit (unit id; every unit free to march is asked for, in
    the order the player chooses), then march-hex (hex id, or "stay" when
    staying is legal). Cohesion [6.2.4]: the first unit is free, each later one
    ends adjacent to a unit that already marched if it can, else as near as it
    can. Returns True if a unit moved or the clan entered."""
    if game.state.clans[clan].off_map:
        return (yield from _enter_map(game, clan, mp, rule))
    side = game.clan_side(clan)
    remaining = [u.id for u in game.state.clan_units(clan) if can_start(game, u.id)]
    if not remaining:
        game.note(rule, f"clan {clan} has no unit free to march (all in an enemy ZoC)")
        return False
    # [15.6] units outside a siege their clan is in move toward the fortress [6.2.4]
    anchors: list[Hex] = [u.hex for u in game.state.clan_units(clan) if is_besieged(game, u.id)]
    moved = False
    while remaining:
        uid = yield from next_to_move(game, side, "march-unit", clan, "marches", remaining, rule)
        start = game.state.units[uid].hex
        dests = march_destinations(game, uid, mp, anchors)
        choice = yield Decision(
            side, "march-hex", f"{uid} marches ({mp:g} MP): choose where it ends",
            hex_options(dests, start, lambda h: f"{path_cost(game, dests[h], 'march'):g} MP"),
            rule, {"clan": clan, "unit": uid})
        h = from_value(choice, start)
        if h != start:
            game.move(uid, dests[h], "march", rule)
            moved = True
        anchors.append(h)
    return moved
