"""The charge [6.3]: a clan in Attack moves unit by unit into contact with the
enemy, the spearhead first, its followers keeping the clan contiguous [6.2.4]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.battle.queries.charge_paths import (
    charge_targets,
    follower_destinations,
    spearhead_destinations,
)
from tenkatoitsu.kinds.battle.queries.reach import CHARGE_MP, can_start, is_besieged, path_cost
from tenkatoitsu.kinds.battle.rules.movement import (
    from_value,
    hex_options,
    next_to_move,
    unit_options,
)


def charge(game, clan: str, mp: float = CHARGE_MP, rule: str = "6.3"):
    """[6.3] the clan charges. Decisions: charge-spearhead (unit id),
    charge-target (enemy unit id), charge-hex (hex id or "stay") for the
    spearhead, then charge-unit (unit id) and charge-hex for each other unit
    not in an EZoC, in the order the player chooses. Returns True if a unit moved."""
    side = game.clan_side(clan)
    eligible = [u.id for u in game.state.clan_units(clan) if can_start(game, u.id)]
    if not eligible:
        game.note(rule, f"clan {clan} has no unit free to charge (all in an enemy ZoC)")
        return False
    spear = yield Decision(side, "charge-spearhead",
                           f"Clan {clan} charges: choose the spearhead unit (not in an enemy ZoC)",
                           unit_options(game, eligible), rule, {"clan": clan})
    targets = charge_targets(game, spear)
    target = None
    if targets:
        target = yield Decision(side, "charge-target",
                                f"{spear} charges the nearest enemy unit in MP: choose the target",
                                unit_options(game, targets), rule,
                                {"clan": clan, "unit": spear})
    moved = False
    start = game.state.units[spear].hex
    ends = spearhead_destinations(game, spear, target, mp)
    fwd_cost = {h: path_cost(game, p, "charge") for h, p in ends.items()}
    who = f" toward {target}" if target else ""
    choice = yield Decision(side, "charge-hex",
                            f"Spearhead {spear} charges{who}: choose where it ends",
                            hex_options(ends, start, lambda h: f"{fwd_cost[h]:g} MP"), rule,
                            {"clan": clan, "unit": spear, "spearhead": True})
    h = from_value(choice, start)
    if h != start:
        game.move(spear, ends[h], "charge", rule)
        moved = True
    spear_hex = h
    # [15.6] the clan's units in a siege anchor the others too [6.2.4]
    charged = [h] + [u.hex for u in game.state.clan_units(clan) if is_besieged(game, u.id)]
    remaining = [e for e in eligible if e != spear]
    while remaining:
        uid = yield from next_to_move(game, side, "charge-unit", clan, "charges", remaining, rule)
        start = game.state.units[uid].hex
        ends = follower_destinations(game, uid, spear_hex, charged, mp)
        costs = {h: path_cost(game, p, "charge") for h, p in ends.items()}
        choice = yield Decision(side, "charge-hex",
                                f"{uid} charges: end adjacent to the spearhead {spear} if it can, "
                                f"else as near as it can to a unit that charged",
                                hex_options(ends, start, lambda h: f"{costs[h]:g} MP"),
                                rule, {"clan": clan, "unit": uid, "spearhead": False})
        h = from_value(choice, start)
        if h != start:
            game.move(uid, ends[h], "charge", rule)
            moved = True
        charged.append(h)
    return moved
