"""Withdrawal [6.6] away from the enemy, and the pursuit [6.7] the opponent may
launch against a withdrawing unit."""

from __future__ import annotations

from typing import Iterable

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.queries.reach import (
    WITHDRAWAL_DISTANCE,
    WITHDRAWAL_HEXES,
    nearest_enemy_distance,
    order_change_value,
    pursuit_path,
    withdrawal_destinations,
    withdrawal_eligible,
)
from tenkatoitsu.kinds.battle.rules.movement import ORDER_CHANGE, PURSUE, hex_options, unit_options
from tenkatoitsu.kinds.battle.scenario import model as m


def _pursue(game, withdrawer: str, path: list[Hex], candidates: list[str]):
    """[6.7] one pursuit after one withdrawal. Decisions (the opponent's):
    avoid-pursuit ("pursue" or "order-change") once per clan of the
    candidates, then pursuer (unit id)."""
    side = game.side_of(candidates[0])
    for clan in sorted({game.state.units[c].clan for c in candidates}):
        if game.order_of(clan) != m.Order.ATTACK:
            continue
        need = order_change_value(game, m.Order.ATTACK, m.Order.DEFENSE)
        lead = game.clan_lead(clan)
        units = [c for c in candidates if game.state.units[c].clan == clan]
        opts = [Option(PURSUE, f"pursue with clan {clan}")]
        if need is not None:
            opts.append(Option(ORDER_CHANGE, f"try to switch clan {clan} to Defense "
                                             f"(1D6 + {lead} >= {need}) to avoid the pursuit"))
        answer = yield Decision(side, "avoid-pursuit",
                                f"{withdrawer} withdrew from the ZoC of {', '.join(units)} "
                                f"(clan {clan}, in Attack): it must pursue, unless clan {clan} "
                                f"switches to Defense",
                                tuple(opts), "6.7", {"clan": clan, "withdrawer": withdrawer})
        if answer == ORDER_CHANGE:
            roll = game.dice.d6(f"order change of clan {clan} to Defense to avoid a pursuit", "6.7",
                                side=side)
            if roll + lead >= need:
                game.set_order(clan, m.Order.DEFENSE, "6.7")
            else:
                game.note("6.7", f"clan {clan} stays in Attack ({roll} + {lead} < {need}): "
                                 f"it must pursue")
    left = [c for c in candidates if game.state.units[c].on_map
            and game.unit_order(c) == m.Order.ATTACK]
    if not left:
        return None
    pursuer = yield Decision(side, "pursuer", f"Choose the unit that pursues {withdrawer}",
                             unit_options(game, left), "6.7", {"withdrawer": withdrawer})
    route = pursuit_path(game, pursuer, path)
    if len(route) > 1:
        game.move(pursuer, route, "pursuit", "6.7")
    else:
        game.note("6.7", f"{pursuer} cannot follow {withdrawer}: no pursuit")
    return pursuer


def withdraw(game, clan: str, units: Iterable[str] | None = None, pursuit: bool = True,
             rule: str = "6.6", chooser: str | None = None):
    """[6.6] the clan's units withdraw, one at a time, each followed by its
    pursuit [6.7] when `pursuit` (False for Kōtai [10.4.3]).

    Eligible: `units`, or the clan's units within 3 hexes of an enemy unit.
    Decisions: withdraw-unit (unit id among those that can withdraw now: no
    pass, all that can must [8.5 c]), withdraw-hex (hex id), then the
    opponent's avoid-pursuit and pursuer when the unit left the ZoC of enemy
    units in Attack. Units that cannot withdraw stay [6.6.3]. `chooser`: the
    side that moves them when not their owner (Kidō's unmodified 1 [10.4.4]).
    Returns the ids of the units that withdrew, in order (the caller switches
    the clan to Regroup where the rules say so)."""
    side = game.clan_side(clan)
    who = chooser or side
    pool = list(units) if units is not None else withdrawal_eligible(game, clan)
    pool = [p for p in pool if game.state.units[p].on_map]
    withdrawn: list[str] = []
    while True:
        options = {}
        for uid in pool:
            if uid in withdrawn:
                continue
            dests = withdrawal_destinations(game, uid, withdrawn)
            if dests:
                options[uid] = dests
        if not options:
            break
        uid = yield Decision(who, "withdraw-unit",
                             f"Clan {clan} withdraws: choose the next unit to withdraw",
                             unit_options(game, options), rule, {"clan": clan})
        dests = options[uid]
        start = game.state.units[uid].hex
        choice = yield Decision(who, "withdraw-hex",
                                f"{uid} withdraws (at most {WITHDRAWAL_HEXES} hexes, until "
                                f"{WITHDRAWAL_DISTANCE} hexes from the nearest enemy): "
                                f"choose where",
                                hex_options(dests, None, lambda h: f"{len(dests[h]) - 1} hexes"),
                                rule, {"clan": clan, "unit": uid})
        h = Hex.from_id(choice)
        path = dests[h]
        enemy = game.enemy(side)
        chasers = [e for e in zoc.exerting_on(game, start, enemy)
                   if game.unit_order(e) == m.Order.ATTACK]
        game.move(uid, path, "withdrawal", rule)
        withdrawn.append(uid)
        if pursuit and chasers:
            yield from _pursue(game, uid, path, chasers)
    for uid in pool:
        u = game.state.units[uid]
        if uid not in withdrawn and u.on_map:
            d = nearest_enemy_distance(game, u.hex, side)
            if d is not None and d < WITHDRAWAL_DISTANCE:
                game.note("6.6.3", f"{uid} cannot withdraw to {WITHDRAWAL_DISTANCE} hexes from "
                                   f"the enemy: it stays")
    return withdrawn
