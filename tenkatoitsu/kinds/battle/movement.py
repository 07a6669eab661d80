"""Movement [6]: charge [6.3], deployment [6.4], march [6.5] with the entry of
off-map clans [12], withdrawal [6.6] and pursuit [6.7]; the one-hex retreat
after combat [11.7] and the rally retreat on a natural 1 [8.5].

Rules are generators: they ``yield`` a :class:`Decision` whenever the owner
(or, for a pursuit, the opponent) must choose, and receive the chosen
option's value. Values are JSON strings: printed hex ids (``"0305"``), unit
ids, and ``"stay"`` / ``"pass"`` where the rules allow not moving. Every
Decision is yielded, even when it has a single option, so that a saved game
lists every choice the rules asked for, forced or not.

Every move goes through ``game.move`` (entries through ``game.enter``), so it
is an event naming its rule. The pure queries (``reachable``, ``path_to``,
``charge_targets``, ``withdrawal_destinations``, ``nearest_enemy_distance``,
``retreat_hexes``, ``rally_retreat_paths``) never change the game.

Readings of the rulebook made here (each also stated where it is coded):

* Stacking [6.8] "one unit per hex at all times": a moving unit never enters an
  occupied hex, not even to pass through a friendly one. A fortress [15.3] has
  no stacking limit. A unit enters a fortress holding an enemy unit only with an
  Order that [15.3] allows (`siege.may_enter_fortress`), and stays there: that
  begins or reinforces a siege [15.5] (siege.py). A unit in a fortress that
  also holds an enemy unit is under siege and does not move here [15.8]; an
  enemy in a fortress is "in contact" only with units inside it (no ZoC into
  or out of it [15.3]), so a charge toward it ends inside.
* "Adjacent to an enemy" for a charge [6.3.1] means *in contact*: next to it and
  not across an impassable hexside (the only contact that allows combat
  [4.2][11.1]). Contiguity of a clan [6.2.4] is plain hex adjacency.
* Distances in hexes count hexsides [2.2], through any terrain.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import Iterable

from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.kinds.battle import scenario_rules as sr
from tenkatoitsu.kinds.battle import siege, zoc
from tenkatoitsu.kinds.battle.terrain import crossing
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex, PathResult, hex_distance, shortest_paths

STAY = "stay"
PASS = "pass"
PURSUE = "pursue"
ORDER_CHANGE = "order-change"

CHARGE_MP = 3.0  # [6.3.3]
MARCH_MP = 4.0  # [6.5.3]
WITHDRAWAL_HEXES = 8  # [6.6.3]
WITHDRAWAL_DISTANCE = 4  # [6.6.1] a withdrawal ends 4 hexes from the nearest enemy
WITHDRAWAL_RANGE = 3  # [6.6] only units within 3 hexes of an enemy withdraw
RALLY_RETREAT_HEXES = 3  # [8.5]

_EPS = 1e-9  # MP are multiples of ½, exact in binary; the slack only guards odd charts

Paths = dict[Hex, list[Hex]]


# ====================================================================== basics

def _hex(x: Hex | str) -> Hex:
    return x if isinstance(x, Hex) else Hex.from_id(x)


def nearest_enemy_distance(game, hex: Hex | str, side: str) -> int | None:
    """Hexes [2.2] from `hex` to the nearest unit on the map of `side`'s
    enemy; None when the enemy has no unit on the map."""
    h = _hex(hex)
    best = None
    for e in game.units_on_map(game.enemy(side)):
        d = hex_distance(h, e.hex)
        if best is None or d < best:
            best = d
    return best


def can_enter(game, side: str, h: Hex, mover: str | None = None) -> bool:
    """May a unit of `side` enter (or pass through) hex h? [6.8] one unit per
    hex, even in passing. [15.3] A fortress has no stacking limit; one that
    holds the enemy is entered only with the right Order [15.7.2] [15.7.3]."""
    if game.map.is_fortress(h):
        return siege.may_enter_fortress(game, side, h, mover)
    occ = game.occupants(h)
    return not occ or (len(occ) == 1 and occ[0] == mover)


def is_besieged(game, uid: str) -> bool:
    """A unit in a fortress that also holds an enemy unit: it leaves only by
    relinquishing the siege [15.8] (siege.relinquish), not by moving here."""
    u = game.state.units[uid]
    return (u.on_map and game.map.is_fortress(u.hex)
            and siege.is_dead_end(game, game.side_of(uid), u.hex))


def _may_move(game, uid: str) -> bool:
    u = game.state.units[uid]
    return u.on_map and not is_besieged(game, uid)


def _in_contact(game, h: Hex, enemy_hex: Hex) -> bool:
    """Next to the enemy and not across an impassable hexside: the contact a
    charge seeks [6.3.1] (see the module docstring). With an enemy in a
    fortress: being inside that fortress [15.3] [15.5]."""
    if game.map.is_fortress(enemy_hex):
        return game.map.fortress_of.get(h) is game.map.fortress_of[enemy_hex]
    return h.is_adjacent(enemy_hex) and not game.map.is_impassable(h, enemy_hex)


def _touches_enemy(game, h: Hex, side: str) -> bool:
    return any(_in_contact(game, h, e.hex) for e in game.units_on_map(game.enemy(side)))


def _label_hex(h: Hex, start: Hex | None, extra: str = "") -> str:
    base = f"stay in {h.id}" if h == start else h.id
    return f"{base} ({extra})" if extra else base


def _hex_value(h: Hex, start: Hex | None) -> str:
    return STAY if h == start else h.id


def _from_value(value: str, start: Hex) -> Hex:
    return start if value == STAY else Hex.from_id(value)


def _hex_options(hexes: Iterable[Hex], start: Hex | None, extra=None) -> tuple[Option, ...]:
    """Options for destination hexes, sorted by id; the unit's own hex is 'stay'."""
    out = []
    for h in sorted(hexes):
        info = extra(h) if extra else ""
        out.append(Option(_hex_value(h, start), _label_hex(h, start, info)))
    return tuple(out)


def _unit_options(game, uids: Iterable[str]) -> tuple[Option, ...]:
    out = []
    for uid in uids:
        u = game.state.units[uid]
        name = game.unit_defs[uid].name if uid in game.unit_defs else uid
        where = u.hex.id if u.hex is not None else "off-map"
        out.append(Option(uid, f"{uid} {name} ({where})" if name else f"{uid} ({where})"))
    return tuple(out)


def _nearest_anchor(h: Hex, anchors: list[Hex]) -> int:
    return min(hex_distance(h, a) for a in anchors)


def _cohesive(hexes: Iterable[Hex], anchors: list[Hex]) -> list[Hex]:
    """[6.2.4] as far as a greedy order can keep it: the hexes adjacent to an
    anchor (a clan unit that already moved) if any, else those at the smallest
    hex distance from one. No anchor: every hex."""
    hexes = list(hexes)
    if not anchors or not hexes:
        return hexes
    adj = [h for h in hexes if any(h.is_adjacent(a) for a in anchors)]
    if adj:
        return adj
    best = min(_nearest_anchor(h, anchors) for h in hexes)
    return [h for h in hexes if _nearest_anchor(h, anchors) == best]


def _groups(hexes: list[Hex]) -> int:
    """Connected groups of a clan's hexes by adjacency [6.2.4] (units in one
    fortress hex count as one group)."""
    todo = set(hexes)
    n = 0
    while todo:
        n += 1
        stack = [todo.pop()]
        while stack:
            h = stack.pop()
            for nb in h.neighbours():
                if nb in todo:
                    todo.discard(nb)
                    stack.append(nb)
    return n


# ====================================================================== reachable hexes

_SEARCH_CACHE_SIZE = 512


def _search(game, side: str, start: Hex, mode: str, mp: float | None,
            mover: str | None = None, blocked: frozenset[Hex] = frozenset()) -> PathResult:
    """`_dijkstra`, memoized per position: a bot asks the same search many
    times (charge targets, then the spearhead's ends, for each clan it
    judges). The key holds all the search reads: the units' positions and
    clan sides (game.version, bumped whenever they change, as for the ZoC
    cache), the mover's Order and the sieges' sides (fortress entry [15.3]
    [15.7]). The result is shared: callers must not change it."""
    order = game.unit_order(mover) if mover is not None else None
    sieges = tuple((fid, s.besieged) for fid, s in game.state.sieges.items())
    key = (game.version, side, start, mode, mp, mover, blocked, order, sieges)
    cache = game.__dict__.setdefault("_search_cache", {})
    hit = cache.get(key)
    if hit is not None:
        return hit
    if len(cache) >= _SEARCH_CACHE_SIZE:
        cache.clear()
    res = cache[key] = _dijkstra(game, side, start, mode, mp, mover, blocked)
    return res


def _dijkstra(game, side: str, start: Hex, mode: str, mp: float | None,
              mover: str | None, blocked: frozenset[Hex]) -> PathResult:
    """One Dijkstra over the map for a unit of `side` at `start`.

    charge: hexside costs [6.2.2] (a fortress costs its own entry [15.3]);
      entering an EZoC ends the move [4.2], so nothing is reached through it.
    march: roads ½, paths 1 [6.5.2] (march_cost); never into an EZoC [6.5.1].
    Both: no occupied hex [6.8], no impassable hexside, no hex in `blocked`."""
    ez = zoc.enemy_zoc(game, side)
    gm = game.map
    if mode == "charge":
        def step(a: Hex, b: Hex):
            if b in blocked or not can_enter(game, side, b, mover):
                return None
            return gm.hexside_cost(a, b)
        return shortest_paths(start, step, max_cost=mp, neighbours=gm.neighbours,
                              can_continue=lambda h: h not in ez
                              and not siege.is_dead_end(game, side, h))
    if mode == "march":
        def step(a: Hex, b: Hex):
            if b in ez or b in blocked or not can_enter(game, side, b, mover):
                return None
            return gm.march_cost(a, b)
        return shortest_paths(start, step, max_cost=mp, neighbours=gm.neighbours,
                              can_continue=lambda h: not siege.is_dead_end(game, side, h))
    raise ValueError(f"unknown movement mode {mode!r} (charge or march)")


def _can_start(game, uid: str) -> bool:
    """[4.2] a unit in an EZoC can neither charge nor march [6.3.1][6.5.1]."""
    return _may_move(game, uid) and not zoc.is_in_ezoc(game, uid)


def reachable(game, uid: str, mp: float, mode: str) -> dict[Hex, float]:
    """Hexes the unit may end its `mode` ("charge" or "march") in with `mp`
    MP, with their cost; its own hex is included at 0. A unit in an EZoC (or
    besieged) reaches only its own hex."""
    u = game.state.units[uid]
    if not u.on_map:
        return {}
    if not _can_start(game, uid):
        return {u.hex: 0.0}
    return dict(_search(game, game.side_of(uid), u.hex, mode, mp, uid).cost)


def path_to(game, uid: str, hex: Hex | str, mp: float, mode: str) -> list[Hex] | None:
    """The cheapest legal `mode` path (own hex first) to `hex`, or None."""
    h = _hex(hex)
    u = game.state.units[uid]
    if not u.on_map:
        return None
    if not _can_start(game, uid):
        return [u.hex] if h == u.hex else None
    res = _search(game, game.side_of(uid), u.hex, mode, mp, uid)
    return res.path_to(h) if h in res.cost else None


# ====================================================================== charge [6.3]

def _charge_candidates(game, uid: str) -> tuple[list[str], list[str]]:
    """Enemy units the spearhead considers [6.3.1]: (free, all). Those in the
    ZoC of another of your units "may be ignored", and are (they are already
    engaged) as long as a free one can be reached at all."""
    side = game.side_of(uid)
    engaged: set[Hex] = set()
    for f in game.units_on_map(side):
        if f.id != uid:
            engaged |= zoc.zoc_of(game, f.id)
    enemies = game.units_on_map(game.enemy(side))
    # [21.4.1] undecided clans may be ignored too
    return [e.id for e in enemies if e.hex not in engaged and not sr.is_undecided(game, e.clan)], \
        [e.id for e in enemies]


def _contact_goals(game, enemy_hex: Hex, res: PathResult) -> list[Hex]:
    # the hexes in contact are the enemy's neighbours: no need to scan the search;
    # an enemy in a fortress is reached inside it [15.3] [15.5]
    fort = game.map.fortress_of.get(enemy_hex)
    near = fort.hexes if fort is not None else game.map.neighbours(enemy_hex)
    return [g for g in near if g in res.cost and _in_contact(game, g, enemy_hex)]


def _charge_distances(game, uid: str) -> tuple[PathResult, dict[str, float]]:
    """MP distance [6.3.1] from the unit to each candidate enemy: the cost of
    the cheapest charge (unlimited MP, same rules: no occupied hex, stopping on
    entering an EZoC) that ends in contact with it. Unreachable ones are left
    out; the engaged enemies count only when no free one can be reached."""
    u = game.state.units[uid]
    side = game.side_of(uid)
    res = _search(game, side, u.hex, "charge", None, uid)
    out: dict[str, float] = {}
    for group in _charge_candidates(game, uid):
        for e in group:
            goals = _contact_goals(game, game.state.units[e].hex, res)
            if goals:
                out[e] = min(res.cost[g] for g in goals)
        if out:
            break
    return res, out


def charge_targets(game, uid: str) -> list[str]:
    """[6.3.1] the enemy units at the smallest MP distance from a would-be
    spearhead: the player chooses among them. Empty when the unit cannot charge
    or no candidate enemy can be reached at all."""
    if not _can_start(game, uid):
        return []
    _, dist = _charge_distances(game, uid)
    if not dist:
        return []
    best = min(dist.values())
    return sorted(e for e, d in dist.items() if d <= best + _EPS)


def _reverse_charge_costs(game, uid: str, goals: Iterable[Hex],
                          limit: float | None = None) -> dict[Hex, float]:
    """For each hex: the cheapest charge from it to one of `goals`, under the
    charge rules (no occupied hex; a hex in an EZoC is a dead end unless it is
    a goal or the start). With `limit`, only the hexes whose cost is at most
    `limit` (Dijkstra settles them in rising cost: the rest is not needed)."""
    side = game.side_of(uid)
    start = game.state.units[uid].hex
    ez = zoc.enemy_zoc(game, side)
    gm = game.map
    dist: dict[Hex, float] = {}
    heap: list[tuple[float, int, Hex]] = []
    n = 0
    for g in goals:
        heap.append((0.0, n, g))
        n += 1
    heapq.heapify(heap)
    while heap:
        c, _, h = heapq.heappop(heap)
        if h in dist:
            continue
        if limit is not None and c > limit:
            break
        dist[h] = c
        for p in gm.neighbours(h):
            if p in dist:
                continue
            if p != start and (p in ez or not can_enter(game, side, p, uid)
                               or siege.is_dead_end(game, side, p)):
                continue
            step = gm.hexside_cost(p, h)
            if step is None:
                continue
            heapq.heappush(heap, (c + step, n, p))
            n += 1
    return dist


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
    fwd = _search(game, side, start, "charge", None, uid)
    ends: list[Hex] = []
    if target is not None:
        goals = _contact_goals(game, game.state.units[target].hex, fwd)
        if goals:
            total = min(fwd.cost[g] for g in goals)
            goal_set = set(goals)
            # a hex on a cheapest route has a reverse cost of at most `total`;
            # the slack keeps every neighbour test below exactly as without a limit
            rev = _reverse_charge_costs(game, uid, goals, total + 3 * _EPS)
            ez = zoc.enemy_zoc(game, side)
            for h, c in fwd.cost.items():
                if c > mp + _EPS or h not in rev or abs(c + rev[h] - total) > _EPS:
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
                    if abs(step + rev[nb] - rev[h]) <= _EPS and c + step <= mp + _EPS:
                        advance = True
                        break
                if not advance:
                    ends.append(h)
    foes = [e.hex for e in game.units_on_map(game.enemy(side))]  # _touches_enemy, listed once
    # contact needs adjacency, or a fortress shared with the enemy [15.3]: the cheap test first
    near = {n for f in foes for n in game.map.neighbours(f)}

    def touches(h: Hex) -> bool:
        if h not in near and not game.map.is_fortress(h):
            return False
        return any(_in_contact(game, h, f) for f in foes)

    touching = [h for h in ends if touches(h)]
    if not touching:
        within = [h for h, c in fwd.cost.items() if c <= mp + _EPS]
        touching = [h for h in within if touches(h)]
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
    res = _search(game, game.side_of(uid), u.hex, "charge", mp, uid)
    hexes = list(res.cost)
    fort = game.map.fortress_of.get(spearhead_hex)  # [15.3] in the fortress with the spearhead
    adj = [h for h in hexes if h.is_adjacent(spearhead_hex)
           or (fort is not None and game.map.fortress_of.get(h) is fort)]
    ends = adj if adj else _cohesive(hexes, charged)
    return {h: res.path_to(h) for h in ends}


def charge(game, clan: str, mp: float = CHARGE_MP, rule: str = "6.3"):
    """[6.3] the clan charges. Decisions: charge-spearhead (unit id),
    charge-target (enemy unit id), charge-hex (hex id or "stay") for the
    spearhead, then charge-unit (unit id) and charge-hex for each other unit
    not in an EZoC, in the order the player chooses. Returns True if a unit moved."""
    side = game.clan_side(clan)
    eligible = [u.id for u in game.state.clan_units(clan) if _can_start(game, u.id)]
    if not eligible:
        game.note(rule, f"clan {clan} has no unit free to charge (all in an enemy ZoC)")
        return False
    spear = yield Decision(side, "charge-spearhead",
                           f"Clan {clan} charges: choose the spearhead unit (not in an enemy ZoC)",
                           _unit_options(game, eligible), rule, {"clan": clan})
    targets = charge_targets(game, spear)
    target = None
    if targets:
        target = yield Decision(side, "charge-target",
                                f"{spear} charges the nearest enemy unit in MP: choose the target",
                                _unit_options(game, targets), rule,
                                {"clan": clan, "unit": spear})
    moved = False
    start = game.state.units[spear].hex
    ends = spearhead_destinations(game, spear, target, mp)
    fwd_cost = {h: _path_cost(game, p, "charge") for h, p in ends.items()}
    who = f" toward {target}" if target else ""
    choice = yield Decision(side, "charge-hex",
                            f"Spearhead {spear} charges{who}: choose where it ends",
                            _hex_options(ends, start, lambda h: f"{fwd_cost[h]:g} MP"), rule,
                            {"clan": clan, "unit": spear, "spearhead": True})
    h = _from_value(choice, start)
    if h != start:
        game.move(spear, ends[h], "charge", rule)
        moved = True
    spear_hex = h
    # [15.6] the clan's units in a siege anchor the others too [6.2.4]
    charged = [h] + [u.hex for u in game.state.clan_units(clan) if is_besieged(game, u.id)]
    remaining = [e for e in eligible if e != spear]
    while remaining:
        uid = yield Decision(side, "charge-unit",
                             f"Clan {clan} charges: choose the next unit to move",
                             _unit_options(game, remaining), rule, {"clan": clan})
        remaining.remove(uid)
        start = game.state.units[uid].hex
        ends = follower_destinations(game, uid, spear_hex, charged, mp)
        costs = {h: _path_cost(game, p, "charge") for h, p in ends.items()}
        choice = yield Decision(side, "charge-hex",
                                f"{uid} charges: end adjacent to the spearhead {spear} if it can, "
                                f"else as near as it can to a unit that charged",
                                _hex_options(ends, start, lambda h: f"{costs[h]:g} MP"),
                                rule, {"clan": clan, "unit": uid, "spearhead": False})
        h = _from_value(choice, start)
        if h != start:
            game.move(uid, ends[h], "charge", rule)
            moved = True
        charged.append(h)
    return moved


def _path_cost(game, path: list[Hex], mode: str) -> float:
    cost = game.map.march_cost if mode == "march" else game.map.hexside_cost
    return sum(cost(a, b) for a, b in zip(path, path[1:]))


# ====================================================================== deployment [6.4]

def deployment_hexes(game, uid: str) -> list[Hex]:
    """[6.4.1] the adjacent hexes a unit not in an EZoC may deploy into: not
    across an impassable hexside, not occupied [6.8]; into an EZoC only if
    every enemy unit exerting it there is itself in the ZoC of another of your
    units; and [6.2.4]: the move may not split the clan into more groups of
    contiguous hexes than it has now (staying put always keeps the clan as it
    is, so there is always that "other choice")."""
    if not _can_start(game, uid):
        return []
    u = game.state.units[uid]
    side = game.side_of(uid)
    enemy = game.enemy(side)
    ez = zoc.enemy_zoc(game, side)
    others = [f.id for f in game.units_on_map(side) if f.id != uid]
    covered: set[Hex] = set()
    for f in others:
        covered |= zoc.zoc_of(game, f)
    mates = [v.hex for v in game.state.clan_units(u.clan) if v.id != uid]
    before = _groups(mates + [u.hex])
    out = []
    for n in game.map.neighbours(u.hex):
        if game.map.is_impassable(u.hex, n) or not can_enter(game, side, n, uid):
            continue
        if n in ez:
            exerting = zoc.exerting_on(game, n, enemy)
            if not all(game.state.units[e].hex in covered for e in exerting):
                continue
        if _groups(mates + [n]) > before:
            continue
        out.append(n)
    return out


def deploy(game, clan: str, rule: str = "6.4"):
    """[6.4] each unit of the clan not in an EZoC may move one adjacent hex.
    Decisions: deploy-unit (a unit id, or "pass" to end the deployment), then
    deploy-hex (a hex id). Returns True if a unit moved."""
    side = game.clan_side(clan)
    done: set[str] = set()
    moved = False
    while True:
        ready = [u.id for u in game.state.clan_units(clan)
                 if u.id not in done and deployment_hexes(game, u.id)]
        if not ready:
            break
        uid = yield Decision(side, "deploy-unit",
                             f"Clan {clan} deploys: choose a unit to move one hex, or pass",
                             _unit_options(game, ready) + (Option(PASS, "end the deployment"),),
                             rule, {"clan": clan})
        if uid == PASS:
            break
        start = game.state.units[uid].hex
        hexes = deployment_hexes(game, uid)
        choice = yield Decision(side, "deploy-hex", f"{uid} deploys: choose the adjacent hex",
                                _hex_options(hexes, None), rule, {"clan": clan, "unit": uid})
        game.move(uid, [start, Hex.from_id(choice)], "deployment", rule)
        done.add(uid)
        moved = True
    return moved


# ====================================================================== march [6.5] and entry [12]

def march_destinations(game, uid: str, mp: float = MARCH_MP,
                       anchors: Iterable[Hex] = ()) -> Paths:
    """[6.5.1] where a unit may end its march (its own hex included), reduced
    by cohesion [6.2.4] to the hexes adjacent to an anchor (a clan unit that
    already marched) if any, else those at the smallest distance from one."""
    u = game.state.units[uid]
    if not _can_start(game, uid):
        return {}
    res = _search(game, game.side_of(uid), u.hex, "march", mp, uid)
    ends = _cohesive(res.cost, list(anchors))
    return {h: res.path_to(h) for h in ends}


def entry_cost(game, h: Hex) -> float | None:
    """[12] MP to enter the entry hex from off the map, "as if stacked on the
    edge of the map". Choice made here: a road (or path) that ends at the entry
    hex is followed onto the map, at the road's ½ MP (the path's 1 MP) [6.5.2];
    otherwise the hexside from beyond the edge is the border of the entry hex
    (its `enter` cost, e.g. a fortress [15.3], else its edge type, else open:
    1 MP). None: impassable."""
    gm = game.map
    chart = gm.chart
    for kind in ("road", "path"):
        for r in gm.scenario.map.routes:
            if r.kind == kind and r.hexes and h in (r.hexes[0], r.hexes[-1]):
                mp = chart.road if kind == "road" else chart.path
                if mp is not None:
                    return mp.value
    ht = gm.hex_type(h)
    if ht.enter is not None:
        return ht.enter.value
    if ht.edge:
        eff = crossing(chart, ht.edge, None)
        if eff.impassable:
            return None
        return eff.cost.value if eff.cost is not None else 1.0
    return 1.0


def _entry_room(game, side: str, eh: Hex, mp_left: float,
                blocked: frozenset[Hex] = frozenset()) -> PathResult | None:
    """Hexes a unit entering at `eh` can march to; None if it cannot enter."""
    if mp_left < -_EPS or eh in blocked or eh in zoc.enemy_zoc(game, side) \
            or not can_enter(game, side, eh):
        return None
    return _search(game, side, eh, "march", mp_left, None, blocked)


def entry_destinations(game, clan: str, mp: float = MARCH_MP, placed: Iterable[Hex] = (),
                       left: int = 1) -> Paths:
    """[12] where the next unit of an off-map clan may end, entering at the
    clan's entry hex with `mp` MP, such that the `left - 1` units still off the
    map can all enter after it (filling the hexes farthest first never blocks a
    nearer one, so that is possible iff enough hexes remain reachable), reduced
    by cohesion [6.2.4] with the units already `placed`."""
    cs = game.state.clans[clan]
    side = cs.side
    eh = game.map.entries[cs.entry].hex
    cost = entry_cost(game, eh)
    if cost is None:
        return {}
    room = _entry_room(game, side, eh, mp - cost)
    if room is None:
        return {}
    ok = []
    for h in room.cost:
        rest = left - 1
        if rest > 0:
            after = _entry_room(game, side, eh, mp - cost, frozenset({h}))
            if after is None or len(after.cost) < rest:
                continue
        ok.append(h)
    ends = _cohesive(ok, list(placed))
    return {h: room.path_to(h) for h in ends}


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
                             _unit_options(game, remaining), "12",
                             {"clan": clan, "entry": cs.entry})
        dests = entry_destinations(game, clan, mp, placed, len(remaining))
        cost0 = entry_cost(game, eh)
        choice = yield Decision(
            side, "march-hex", f"{uid} enters at {eh.id} and marches: choose where it ends",
            _hex_options(dests, None,
                         lambda h: f"{cost0 + _path_cost(game, dests[h], 'march'):g} MP"),
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
    remaining = [u.id for u in game.state.clan_units(clan) if _can_start(game, u.id)]
    if not remaining:
        game.note(rule, f"clan {clan} has no unit free to march (all in an enemy ZoC)")
        return False
    # [15.6] units outside a siege their clan is in move toward the fortress [6.2.4]
    anchors: list[Hex] = [u.hex for u in game.state.clan_units(clan) if is_besieged(game, u.id)]
    moved = False
    while remaining:
        uid = yield Decision(side, "march-unit",
                             f"Clan {clan} marches: choose the next unit to move",
                             _unit_options(game, remaining), rule, {"clan": clan})
        remaining.remove(uid)
        start = game.state.units[uid].hex
        dests = march_destinations(game, uid, mp, anchors)
        choice = yield Decision(
            side, "march-hex", f"{uid} marches ({mp:g} MP): choose where it ends",
            _hex_options(dests, start, lambda h: f"{_path_cost(game, dests[h], 'march'):g} MP"),
            rule, {"clan": clan, "unit": uid})
        h = _from_value(choice, start)
        if h != start:
            game.move(uid, dests[h], "march", rule)
            moved = True
        anchors.append(h)
    return moved


# ============================================================ withdrawal [6.6], pursuit [6.7]

def withdrawal_destinations(game, uid: str, withdrawn: Iterable[str] = ()) -> Paths:
    """[6.6] the hexes where the unit may end a withdrawal, each with its path
    (own hex first; the fewest hexes, ties broken by map order).

    A withdrawal moves at most 8 hexes [6.6.3], never into an EZoC (it may
    leave the one it starts in), never into an occupied hex [6.8] or across an
    impassable hexside, and ends as soon as the nearest enemy unit is 4 hexes
    away [6.6.1]: every hex before the last is within 3 hexes of an enemy.
    [15.7.2] It may enter a fortress holding no enemy unit, which counts as
    one hex; reading made here: entering the fortress ends the withdrawal,
    whatever the distance to the enemy (units inside are out of every ZoC,
    and a besieged fortress, the case [15.7.2] is written for, is 0 hexes
    from the enemy inside).
    [6.6.2] With `withdrawn` (clan units that already withdrew, by id) the
    ends are reduced to those nearest (in hexes) to one of them."""
    u = game.state.units[uid]
    if not _may_move(game, uid):
        return {}
    side = game.side_of(uid)
    start = u.hex
    d0 = nearest_enemy_distance(game, start, side)
    if d0 is None or d0 >= WITHDRAWAL_DISTANCE:
        return {}
    ez = zoc.enemy_zoc(game, side)
    gm = game.map
    prev: dict[Hex, Hex | None] = {start: None}
    depth = {start: 0}
    ends: list[Hex] = []
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in gm.neighbours(h):
            if n in prev or gm.is_impassable(h, n) or n in ez or not can_enter(game, side, n, uid):
                continue
            prev[n] = h
            depth[n] = depth[h] + 1
            d = nearest_enemy_distance(game, n, side)
            if gm.is_fortress(n) or d >= WITHDRAWAL_DISTANCE:
                ends.append(n)
            elif depth[n] < WITHDRAWAL_HEXES:
                queue.append(n)
    anchors = [game.state.units[w].hex for w in withdrawn
               if w != uid and game.state.units[w].on_map]
    ends = _cohesive(ends, anchors) if anchors else ends
    out: Paths = {}
    for e in ends:
        path = [e]
        while prev[path[-1]] is not None:
            path.append(prev[path[-1]])
        out[e] = path[::-1]
    return out


def withdrawal_eligible(game, clan: str) -> list[str]:
    """[6.6] units of the clan within 3 hexes of an enemy unit."""
    side = game.clan_side(clan)
    out = []
    for u in game.state.clan_units(clan):
        d = nearest_enemy_distance(game, u.hex, side)
        if d is not None and d <= WITHDRAWAL_RANGE:
            out.append(u.id)
    return out


def order_change_value(game, old: m.Order, new: m.Order) -> int | None:
    """[8.1] the Order Change Table value, the night one on night turns [14]."""
    oc = game.scenario.order_change
    if oc is None:
        return None
    for row in oc.rows:
        if row.order == old:
            cell = row.cells[oc.columns.index(new)]
            if cell is None:
                return None
            return cell[1] if game.is_night() else cell[0]
    return None


def pursuit_path(game, pursuer: str, path: list[Hex]) -> list[Hex]:
    """[6.7] the pursuer's path (its own hex first) along a withdrawal `path`
    (the vacated hex first): it stops as soon as it enters a hex in an EZoC,
    at the path's end, before an occupied hex, and before a fortress [15.7.3].
    The first hex is always allowed, even out of an EZoC [4.2]."""
    side = game.side_of(pursuer)
    ez = zoc.enemy_zoc(game, side)
    out = [game.state.units[pursuer].hex]
    for h in path:
        if game.map.is_fortress(h) or not can_enter(game, side, h, pursuer):
            break
        if game.map.is_impassable(out[-1], h):
            break
        out.append(h)
        if h in ez:
            break
    return out


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
                             _unit_options(game, left), "6.7", {"withdrawer": withdrawer})
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
                             _unit_options(game, options), rule, {"clan": clan})
        dests = options[uid]
        start = game.state.units[uid].hex
        choice = yield Decision(who, "withdraw-hex",
                                f"{uid} withdraws (at most {WITHDRAWAL_HEXES} hexes, until "
                                f"{WITHDRAWAL_DISTANCE} hexes from the nearest enemy): "
                                f"choose where",
                                _hex_options(dests, None, lambda h: f"{len(dests[h]) - 1} hexes"),
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


# ====================================================================== retreats [11.7] [8.5]

def retreat_hexes(game, uid: str) -> list[Hex]:
    """[11.7] the adjacent hexes a unit may retreat into: not in an EZoC, not
    occupied [6.8], not across an impassable hexside. A retreat off the map
    is not offered: a unit that cannot retreat on the map stays and loses a
    step instead."""
    u = game.state.units[uid]
    if not u.on_map:
        return []
    side = game.side_of(uid)
    ez = zoc.enemy_zoc(game, side)
    return [n for n in game.map.neighbours(u.hex)
            if not game.map.is_impassable(u.hex, n) and n not in ez
            and can_enter(game, side, n, uid)]


def retreat_after_combat(game, uid: str, rule: str = "11.7"):
    """[11.7] retreat one hex without entering an EZoC. Decision retreat-hex
    (hex id, the owner's). Returns True if it retreated, False if it could
    not (the caller applies the extra step loss)."""
    hexes = retreat_hexes(game, uid)
    if not hexes:
        game.note(rule, f"{uid} cannot retreat")
        return False
    start = game.state.units[uid].hex
    choice = yield Decision(game.side_of(uid), "retreat-hex",
                            f"{uid} retreats one hex (not into an enemy ZoC): choose the hex",
                            _hex_options(hexes, None), rule, {"unit": uid})
    game.move(uid, [start, Hex.from_id(choice)], "retreat", rule)
    return True


def rally_retreat_paths(game, uid: str) -> Paths:
    """[8.5] "move 3 hexes away from the nearest enemy": reading made here, a
    path of exactly 3 hexes each of which is one hex further from the nearest
    enemy unit than the one before (so the unit ends 3 hexes further away than
    it started), never entering an EZoC or an occupied hex [6.8] nor crossing
    an impassable hexside. No such path: the unit stays. (No enemy on the map:
    there is nothing to move away from, it stays.)"""
    u = game.state.units[uid]
    if not _may_move(game, uid):
        return {}
    side = game.side_of(uid)
    d0 = nearest_enemy_distance(game, u.hex, side)
    if d0 is None:
        return {}
    ez = zoc.enemy_zoc(game, side)
    gm = game.map
    out: Paths = {}

    def walk(path: list[Hex], d: int) -> None:
        if len(path) == RALLY_RETREAT_HEXES + 1:
            out.setdefault(path[-1], list(path))
            return
        h = path[-1]
        for n in gm.neighbours(h):
            if gm.is_impassable(h, n) or n in ez or not can_enter(game, side, n, uid):
                continue
            if nearest_enemy_distance(game, n, side) != d + 1:
                continue
            path.append(n)
            walk(path, d + 1)
            path.pop()

    walk([u.hex], d0)
    return out


def rally_retreat(game, uid: str, rule: str = "8.5"):
    """[8.5] a natural 1 on the rally roll: the unit moves 3 hexes away from
    the nearest enemy (see rally_retreat_paths), or stays if it cannot.
    Decision rally-retreat-hex (hex id, the owner's). Returns True if it moved."""
    paths = rally_retreat_paths(game, uid)
    if not paths:
        game.note(rule, f"{uid} cannot move 3 hexes away from the enemy: it stays")
        return False
    choice = yield Decision(game.side_of(uid), "rally-retreat-hex",
                            f"{uid} rolled a natural 1: it moves 3 hexes away from the nearest "
                            f"enemy; choose where it ends",
                            _hex_options(paths, None), rule, {"unit": uid})
    game.move(uid, paths[Hex.from_id(choice)], "retreat", rule)
    return True
