"""The charge [6.3] as a search, without moving anyone: which enemies a unit may
charge within its MP, where the spearhead may end in contact, and where its
followers may go to keep the clan contiguous [6.2.4]."""

from __future__ import annotations

import heapq
from itertools import chain
from typing import Iterable

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Frontier, Hex
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries import fortress, zoc
from tenkatoitsu.kinds.battle.queries.reach import (
    CHARGE_MP,
    EPS,
    Paths,
    can_enter,
    can_start,
    cohesive,
    entry_signature,
    frontier,
    in_contact,
    search,
)


def _charge_candidates(game, uid: str) -> tuple[list[str], list[str]]:
    """Enemy units the spearhead considers [6.3.1]: (free, all). Those in the
    ZoC of another of your units "may be ignored", and are (they are already
    engaged) as long as a free one can be reached at all."""
    side = game.side_of(uid)
    cover = zoc.cover(game, side)
    own = zoc.zoc_of(game, uid) if game.state.units[uid].on_map else frozenset()
    enemies = _enemies(game, side)
    # [21.4.1] undecided clans may be ignored too
    return [e for e, h, undecided in enemies
            if not undecided and cover[h] - (h in own) <= 0], [e for e, _, _ in enemies]


@per_position()
def _enemies(game, side: str) -> list[tuple[str, Hex, bool]]:
    """The enemy units (id, hex, undecided [21.4.1]): what every charge of
    the side reads, once a position."""
    undecided = hooks.undecided_clans(game)
    return [(e.id, e.hex, e.clan in undecided) for e in game.units_on_map(game.enemy(side))]


@per_position()
def enemy_contact(game, side: str) -> tuple[list[Hex], frozenset[Hex]]:
    """The enemy units' hexes and their neighbours: contact needs adjacency
    (or a fortress shared with the enemy [15.3]), and so does an attack [11.1]."""
    foes = [e.hex for e in game.units_on_map(game.enemy(side))]
    return foes, frozenset(chain.from_iterable(map(game.map.adjacent, foes)))


@per_position()
def _foe_hexes(game, side: str) -> frozenset[Hex]:
    return frozenset(enemy_contact(game, side)[0])


def _charge_frontier(game, uid: str) -> Frontier:
    """The charge search from the unit [6.3.1]: unlimited MP (the distance to
    an enemy is measured however far), settled only as far as asked."""
    return frontier(game, game.side_of(uid), game.state.units[uid].hex, "charge", None, uid)


def contact_within(game, uid: str, mp: float) -> bool:
    """Does the unit's charge search reach, within `mp`, a hex next to an
    enemy unit (enemy_contact)? The hexes within `mp` are the ones
    spearhead_destinations settles first."""
    res = _charge_frontier(game, uid)
    res.settle(mp + 2 * EPS)
    near = enemy_contact(game, game.side_of(uid))[1]
    for h, c in res.cost.items():  # in settling order: rising costs
        if c > mp + EPS:
            return False
        if h in near:
            return True
    return False


def _charge_key(game, uid: str, *rest):
    # charge_targets and spearhead_destinations are memoized per position (a
    # bot weighs every unit's charge again and again; the answers are shared,
    # callers must not change them). What a charge reads beyond the positions
    # (game.version): the unit's Order and the sieges' sides [15.3] [15.7]
    sieges = tuple((fid, s.besieged) for fid, s in game.state.sieges.items())
    return (uid, *rest, game.unit_order(uid), sieges)


@per_position(key=lambda game: id(game.map))
def min_charge_step(game) -> float:
    """The cheapest step of a charge on this map: a charge of `mp` MP ends
    at most mp / min_charge_step hexes from where it began."""
    return min(c for out in game.map.edges("charge").values() for _, c in out)


@per_position(limit=256)
def _goals(game, group: tuple[str, ...]) -> dict[Hex, list[str]]:
    """The hexes in contact with the enemies of `group`, each with those
    enemies: the same for every spearhead of a side that weighs the same
    enemies, once a position."""
    goals: dict[Hex, list[str]] = {}
    units = game.state.units
    contact = game.map.contact_hexes
    for e in group:
        for g in contact(units[e].hex):
            goals.setdefault(g, []).append(e)
    return goals


@per_position(limit=1024, by=_charge_key)
def charge_targets(game, uid: str) -> list[str]:
    """[6.3.1] the enemy units at the smallest MP distance from a would-be
    spearhead (the cost of the cheapest charge, with unlimited MP and the same
    rules: no occupied hex, stopping on entering an EZoC, that ends in contact
    with it): the player chooses among them. The engaged enemies count only
    when no free one can be reached. Empty when the unit cannot charge or no
    candidate enemy can be reached at all.

    The search goes only as far as the nearest candidate and the ties with
    it: a charge seeks the nearest enemy, not the map's far side."""
    if not can_start(game, uid):
        return []
    res = _charge_frontier(game, uid)
    for group in _charge_candidates(game, uid):
        goals = _goals(game, tuple(group))
        if not any(g in res.cost for g in goals):
            res.settle(until=goals)
        reached = [res.cost[g] for g in goals if g in res.cost]
        if not reached:
            continue  # no candidate of this group can be reached
        best = min(reached)
        res.settle(best + 2 * EPS)  # every tie of the nearest is settled
        return sorted({e for g, es in goals.items()
                       if g in res.cost and res.cost[g] <= best + EPS for e in es})
    return []


def _reverse_closed(game, uid: str) -> frozenset[Hex]:
    """The hexes a step of the unit's charge may not come from (an EZoC, an
    occupied hex, a fortress it may not enter or that holds an enemy), but
    for its own hex (its start), which the caller lets it come from anyway:
    the same for every unit of the side that enters the fortresses alike."""
    return _side_closed(game, game.side_of(uid), uid)


@per_position(by=lambda game, side, uid: (side, entry_signature(game, uid)))
def _side_closed(game, side: str, uid: str) -> frozenset[Hex]:
    closed = set(zoc.enemy_zoc(game, side))
    closed.update(h for h, _ in game.occupied())
    for h in game.map.fortress_of:
        closed.discard(h)  # a fortress holds many: its own rules below [15.3]
        if not can_enter(game, side, h, uid) or fortress.is_dead_end(game, side, h):
            closed.add(h)
    return frozenset(closed)


def _reverse_charge_costs(game, uid: str, goals: Iterable[Hex],
                          limit: float | None = None,
                          ahead: dict[Hex, float] | None = None) -> dict[Hex, float]:
    """For each hex: the cheapest charge from it to one of `goals`, under the
    charge rules (no occupied hex; a hex in an EZoC is a dead end unless it is
    a goal or the start). With `limit`, only the hexes whose cost is at most
    `limit` (Dijkstra settles them in rising cost: the rest is not needed).

    With `ahead` (the forward search's costs, settled at least to `limit`):
    only the hexes that may lie on a route of at most `limit` from the start,
    those whose forward and backward costs add up to no more. A step of a
    route is legal both ways, so every hex of such a route keeps its exact
    cost; any other hex is left out or costs more than the route's, which
    the ends' tests of spearhead_destinations tell apart all the same."""
    gm = game.map
    closed = _reverse_closed(game, uid)
    start = game.state.units[uid].hex
    into = gm.edges("charge-into")
    dist: dict[Hex, float] = {}
    best: dict[Hex, float] = {}  # the cheapest cost pushed: a dearer push would be stale
    heap: list[tuple[float, int, Hex]] = []
    n = 0
    for g in goals:
        heap.append((0.0, n, g))
        best[g] = 0.0
        n += 1
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    bound = float("inf") if limit is None else limit
    while heap:
        c, _, h = pop(heap)
        if h in dist:
            continue
        if c > bound:
            break
        dist[h] = c
        out = into.get(h)
        if out is None:
            out = gm.crossings(h, "charge-into")
        for p, step in out:
            if p in dist or (p in closed and p != start):
                continue
            nc = c + step
            old = best.get(p)
            if old is not None and nc >= old:
                continue
            if ahead is not None:
                fc = ahead.get(p)
                if fc is None or fc + nc > bound:
                    continue
            best[p] = nc
            push(heap, (nc, n, p))
            n += 1
    return dist


@per_position(limit=1024, by=_charge_key)
def _reverse_costs(game, uid: str, goals: tuple[Hex, ...], limit: float) -> dict[Hex, float]:
    # a Totsugeki's charge [10.4.1] and a plain one seek the same target by
    # the same routes: the ends differ, the backward search does not
    return _reverse_charge_costs(game, uid, goals, limit, _charge_frontier(game, uid).cost)


@per_position(limit=1024, by=_charge_key)
def spearhead_destinations(game, uid: str, target: str | None, mp: float = CHARGE_MP) -> Paths:
    """[6.3.1] where the spearhead may end its charge toward `target`.

    It moves along a cheapest route to contact with the target "until it gets
    adjacent to it or until it exhausts its MP": the legal ends are the hexes
    within `mp` on a cheapest route to contact that are in contact, or from
    which no further step along such a route can be paid. Then "the spearhead
    must end its charge adjacent to an enemy unit if that is possible": if no
    such end touches an enemy but some hex within `mp` does (an enemy that was
    ignored as already engaged), the ends are those hexes. With no target and
    no enemy within reach, the spearhead stays."""
    u = game.state.units[uid]
    side = game.side_of(uid)
    start = u.hex
    fwd = _charge_frontier(game, uid)
    # the hexes within `mp`, and the route to the target however far it is
    fwd.settle(mp + 2 * EPS)
    ends: list[Hex] = []
    if target is not None:
        contact = game.map.contact_hexes(game.state.units[target].hex)
        if not any(g in fwd.cost for g in contact):
            fwd.settle(until=set(contact))
        reached = [fwd.cost[g] for g in contact if g in fwd.cost]
        if reached:  # the nearest contact's ties too: the routes end at any of them
            fwd.settle(min(reached) + 2 * EPS)
        goals = [g for g in contact if g in fwd.cost]
        if goals:
            total = min(fwd.cost[g] for g in goals)
            goal_set = set(goals)
            # a hex on a cheapest route has a reverse cost of at most `total`;
            # the slack keeps every neighbour test below exactly as without a limit
            rev = _reverse_costs(game, uid, tuple(goals), total + 3 * EPS)
            ez = zoc.enemy_zoc(game, side)
            for h, c in fwd.cost.items():
                if c > mp + EPS:
                    break  # settled in rising cost: the rest is beyond the MP
                if h not in rev or abs(c + rev[h] - total) > EPS:
                    continue
                if h in goal_set:
                    ends.append(h)
                    continue
                if h != start and h in ez:
                    continue  # cannot lie inside a cheapest route
                advance = False
                for nb in game.map.neighbours(h):
                    if nb not in rev:
                        continue
                    step = game.map.hexside_cost(h, nb)
                    if step is None or not can_enter(game, side, nb, uid):
                        continue
                    if abs(step + rev[nb] - rev[h]) <= EPS and c + step <= mp + EPS:
                        advance = True
                        break
                if not advance:
                    ends.append(h)
    foes, near = enemy_contact(game, side)  # _touches_enemy: the cheap test first
    foe_set = _foe_hexes(game, side)
    gm = game.map

    def touches(h: Hex) -> bool:
        if not gm.is_fortress(h):
            # out of a fortress, contact is with a neighbour [15.3]
            return h in near and any(n in foe_set and in_contact(game, h, n)
                                     for n in gm.neighbours(h))
        return any(in_contact(game, h, f) for f in foes)

    touching = [h for h in ends if touches(h)]
    if not touching:
        touching = []
        for h, c in fwd.cost.items():
            if c > mp + EPS:
                break
            if touches(h):
                touching.append(h)
    if touching:
        ends = touching
    if not ends:
        ends = [start]
    return {h: fwd.path_to(h) for h in ends}


def follower_destinations(game, uid: str, spearhead_hex: Hex, charged: list[Hex],
                          mp: float = CHARGE_MP) -> Paths:
    """[6.3.2] the other charging units end adjacent to the spearhead if they
    can, else as near as possible (in hexes) to a clan unit that already
    charged; staying put is one of the candidate ends. They need not end in an
    EZoC, but entering one ends their move [4.2]."""
    u = game.state.units[uid]
    res = search(game, game.side_of(uid), u.hex, "charge", mp, uid)
    hexes = list(res.cost)
    fort = game.map.fortress_of.get(spearhead_hex)  # [15.3] in the fortress with the spearhead
    adj = [h for h in hexes if h.is_adjacent(spearhead_hex)
           or (fort is not None and game.map.fortress_of.get(h) is fort)]
    ends = adj if adj else cohesive(hexes, charged)
    return {h: res.path_to(h) for h in ends}
