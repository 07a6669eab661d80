"""The Clan phase [8]: an order change attempt, then the sequence of the
clan's order (Attack [8.2], Movement [8.3], Defense [8.4], Regroup [8.5])."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option, yes_no
from tenkatoitsu.hexmap import hex_distance
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries import fortress, reach
from tenkatoitsu.kinds.battle.queries.tables import lookup
from tenkatoitsu.kinds.battle.rules import (
    charge,
    deployment,
    march,
    orders,
    retreat,
    siege_end,
    withdrawal,
)
from tenkatoitsu.kinds.battle.rules import combat as cb
from tenkatoitsu.kinds.battle.scenario import model as m

KEEP = "keep"
WITHDRAW_RANGE = 3  # [6.6] units within 3 hexes of an enemy withdraw, the others rally
FORCED_REGROUP_RANGE = 6  # [8.1] exception


def nearest_enemy(game, uid: str) -> int | None:
    return reach.nearest_enemy_distance(game, game.state.units[uid].hex, game.side_of(uid))


def _enemy_within(game, clan: str, radius: int, avoid_rivers: bool) -> bool:
    """Is an enemy unit within `radius` hexes of a clan unit? With `avoid_rivers`
    the distance is counted without crossing impassable hexsides [8.1]."""
    side = game.clan_side(clan)
    enemy_hexes = {e.hex for e in game.units_on_map(game.enemy(side))}
    starts = [u.hex for u in game.state.clan_units(clan)]
    if any(h in enemy_hexes for h in starts):
        return True  # in one fortress with the enemy [15.3]
    if not avoid_rivers:
        return any(hex_distance(a, b) <= radius for a in starts for b in enemy_hexes)
    seen = set(starts)
    frontier = list(starts)
    for _ in range(radius):
        nxt = []
        for h in frontier:
            for n in game.map.neighbours(h):
                if n not in seen and not game.map.is_impassable(h, n):
                    if n in enemy_hexes:
                        return True
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return False


def order_change_step(game, clan: str):
    """[8.1] step a. In Attack with no enemy within 6 hexes the clan must
    switch to Regroup; enemies reached only across a river may be ignored."""
    side = game.clan_side(clan)
    current = game.order_of(clan)
    if current == m.Order.ATTACK:
        if not _enemy_within(game, clan, FORCED_REGROUP_RANGE, avoid_rivers=False):
            game.set_order(clan, m.Order.REGROUP, "8.1")
            return
        if not _enemy_within(game, clan, FORCED_REGROUP_RANGE, avoid_rivers=True):
            choice = yield Decision(side, "ignore-across-river",
                                    f"clan {clan}: the enemy within 6 hexes is across a river; "
                                    "ignore it and switch to Regroup?",
                                    yes_no("ignore them: switch to Regroup",
                                           "do not ignore them: stay in Attack"), "8.1")
            if choice:
                game.set_order(clan, m.Order.REGROUP, "8.1")
                return
    options = [Option(KEEP, f"keep the {current.value} order")]
    for new in m.Order:
        if new != current:
            options.append(Option(new.value, f"try {new.value} (needs "
                                  f"{orders.needed(game, current, new)} on 1D6 + "
                                  f"{game.clan_lead(clan)})"))
    choice = yield Decision(side, "order-change", f"clan {clan} ({current.value}): change order?",
                            tuple(options), "8.1")
    if choice != KEEP:
        orders.attempt(game, clan, m.Order(choice), "8.1")


def rally_attempts(game, clan: str, rule: str = "8.5"):
    """[8.5] b. units at least 4 hexes from the nearest enemy may try to rally:
    1D6 + a Leadership of the clan on the rally table; a natural 1 retreats."""
    side = game.clan_side(clan)
    table = game.scenario.table("rally")
    for u in list(game.state.clan_units(clan)):
        if u.eliminated or u.steps_lost == 0:
            continue  # nothing to recover
        d = nearest_enemy(game, u.id)
        if d is not None and d <= WITHDRAW_RANGE:
            continue
        choice = yield Decision(side, "rally", f"{u.id} ({game.state_name(u.id)}): try to rally?",
                                yes_no("roll to rally", "do not roll"), rule)
        if not choice:
            continue
        die = game.dice.d6(f"rally of {u.id}", rule, side=side)
        effect = lookup(table, die + game.clan_lead(clan), die)
        if effect[0] == "retreat":
            game.note(rule, f"{u.id} rolls a natural 1 and must retreat {effect[1]} hexes")
            yield from retreat.rally_retreat(game, u.id, rule)
        elif effect[0] == "rally":
            game.rally(u.id, effect[1], rule)
        else:
            game.note(rule, f"{u.id} does not rally")


def regroup_sequence(game, clan: str, *, pursuit: bool = True, combat: bool = True,
                     rule: str = "8.5"):
    """[8.5] rally, then withdraw the units within 3 hexes of an enemy (with
    pursuits), then combat."""
    yield from rally_attempts(game, clan, rule)
    yield from withdraw_near(game, clan, pursuit=pursuit, rule="6.6")
    if combat:
        yield from cb.attacks(game, game.clan_side(clan), _clan_unit_ids(game, clan), rule="8.5")


def withdraw_near(game, clan: str, *, pursuit: bool = True, rule: str = "6.6"):
    """[6.6] the clan's units within 3 hexes of an enemy withdraw (the others
    may rally instead), with pursuits unless told otherwise."""
    near = [u.id for u in game.state.clan_units(clan)
            if (d := nearest_enemy(game, u.id)) is not None and d <= WITHDRAW_RANGE]
    if near:
        yield from withdrawal.withdraw(game, clan, units=near, pursuit=pursuit, rule=rule)


def _clan_unit_ids(game, clan: str) -> list[str]:
    return [u.id for u in game.state.clan_units(clan)]


def order_movement(game, clan: str):
    """The movement step of the clan's order: charge [8.2], march [8.3],
    deployment [8.4] or withdrawal [8.5]."""
    order = game.order_of(clan)
    if order == m.Order.ATTACK:
        yield from charge.charge(game, clan, 3.0, "6.3")
    elif order == m.Order.MOVEMENT:
        yield from march.march(game, clan, 4.0, "6.5")
    elif order == m.Order.DEFENSE:
        yield from deployment.deploy(game, clan, "6.4")
    else:
        yield from withdraw_near(game, clan, pursuit=True, rule="6.6")


ORDER_RULES = {m.Order.ATTACK: "8.2", m.Order.MOVEMENT: "8.3", m.Order.DEFENSE: "8.4"}


def order_sequence(game, clan: str):
    """Steps b-e for the clan's current order [8.2]-[8.5]."""
    order = game.order_of(clan)
    if order == m.Order.REGROUP:  # [8.5]
        yield from regroup_sequence(game, clan)
        return
    yield from order_movement(game, clan)
    yield from cb.attacks(game, game.clan_side(clan), _clan_unit_ids(game, clan),
                          rule=ORDER_RULES[order])


def clan_phase(game, clan: str, *, skip_order_change: bool = False):
    """[8] A Clan phase. Returns False when an off-map clan could not enter."""
    game.state.moved.clear()
    game.emit(ev.PhaseStarted(rule="8", phase="clan phase", side=game.clan_side(clan), clan=clan))
    if game.state.clans[clan].off_map:
        # [12] off-map clans are in Movement and enter when activated
        yield from hooks.each(game, "before_entry", clan)
        entered = yield from march.march(game, clan, 4.0, "12")
        if entered:
            yield from cb.attacks(game, game.clan_side(clan), _clan_unit_ids(game, clan), rule="12")
        return bool(entered)
    if not skip_order_change:
        yield from order_change_step(game, clan)
    if (yield from siege_end.relinquish_offer(game, clan)):
        return True  # [15.8] leaving the fortress ends the clan's movement
    if fortress.wholly_besieged(game, clan):
        return True  # [15.6] its Clan chit serves only to try an order change
    yield from order_sequence(game, clan)
    return True
