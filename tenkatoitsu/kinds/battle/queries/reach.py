"""Where units may go [6], without moving them: hexes a unit may enter [6.8]
[15.3], the MP of a march or a charge over the Terrain Effects Chart [6.1],
charge targets [6.3], deployment [6.4], march and entry hexes [6.5] [12],
withdrawal and pursuit paths [6.6] [6.7], retreats [11.7] [8.5]. Searches are
cached on the game's version: the bots ask the same question many times
between two moves.

Readings of the rulebook made here (each also stated where it is coded):

* Stacking [6.8] "one unit per hex at all times": a moving unit never enters an
  occupied hex, not even to pass through a friendly one. A fortress [15.3] has
  no stacking limit. A unit enters a fortress holding an enemy unit only with an
  Order that [15.3] allows (`fortress.may_enter_fortress`), and stays there: that
  begins or reinforces a siege [15.5] (`rules/siege.py`). A unit in a fortress that
  also holds an enemy unit is under siege and does not move here [15.8]; an
  enemy in a fortress is "in contact" only with units inside it (no ZoC into
  or out of it [15.3]), so a charge toward it ends inside.
* "Adjacent to an enemy" for a charge [6.3.1] means *in contact*: next to it and
  not across an impassable hexside (the only contact that allows combat
  [4.2][11.1]). Contiguity of a clan [6.2.4] is plain hex adjacency.
* Distances in hexes count hexsides [2.2], through any terrain.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from itertools import chain, pairwise
from typing import Iterable

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Frontier, Hex, PathResult, hex_distance, hexes_within
from tenkatoitsu.kinds.battle.queries import fortress, zoc
from tenkatoitsu.kinds.battle.queries.terrain import crossing
from tenkatoitsu.kinds.battle.scenario import model as m

CHARGE_MP = 3.0  # [6.3.3]


MARCH_MP = 4.0  # [6.5.3]


WITHDRAWAL_HEXES = 8  # [6.6.3]


WITHDRAWAL_DISTANCE = 4  # [6.6.1] a withdrawal ends 4 hexes from the nearest enemy


WITHDRAWAL_RANGE = 3  # [6.6] only units within 3 hexes of an enemy withdraw


RALLY_RETREAT_HEXES = 3  # [8.5]


EPS = 1e-9  # MP are multiples of ½, exact in binary; the slack only guards odd charts


Paths = dict[Hex, list[Hex]]


def _hex(x: Hex | str) -> Hex:
    return x if isinstance(x, Hex) else Hex.from_id(x)


def nearest_enemy_distance(game, hex: Hex | str, side: str) -> int | None:
    """Hexes [2.2] from `hex` to the nearest unit on the map of `side`'s
    enemy; None when the enemy has no unit on the map."""
    return _nearest(_enemy_hexes(game, side), _hex(hex))


def _nearest(foes: list[Hex], h: Hex) -> int | None:
    # hex_distance inlined; `foes` are sorted by column, and a distance is at
    # least the columns between: each way from h's column until that is no less
    best = None
    i = bisect_left(foes, h)
    for js in (range(i, len(foes)), range(i - 1, -1, -1)):
        for j in js:
            dq, dr = foes[j][0] - h[0], foes[j][1] - h[1]
            if best is not None and abs(dq) >= best:
                break
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if best is None or d < best:
                best = d
    return best


@per_position()
def _enemy_hexes(game, side: str) -> list[Hex]:
    return sorted(e.hex for e in game.units_on_map(game.enemy(side)))


@per_position()
def _near_enemy(game, side: str) -> frozenset[Hex]:
    """The hexes less than WITHDRAWAL_DISTANCE from an enemy unit, where a
    withdrawal goes on [6.6.1]: what every hex a withdrawal explores asks."""
    return _near_hexes(game, tuple(_enemy_hexes(game, side)))


@per_position(limit=64, key=lambda game, foes: foes)
def _near_hexes(game, foes: tuple[Hex, ...]) -> frozenset[Hex]:
    # the same while the enemy stands still: the withdrawing side's moves
    # leave it as it is
    return frozenset(chain.from_iterable(map(_disc, foes)))


_DISCS: dict[Hex, list[Hex]] = {}  # a hex of a map -> those near it (bounded by the maps)


def _disc(h: Hex) -> list[Hex]:
    got = _DISCS.get(h)
    if got is None:
        got = _DISCS[h] = hexes_within(h, WITHDRAWAL_DISTANCE - 1)
    return got


def can_enter(game, side: str, h: Hex, mover: str | None = None) -> bool:
    """May a unit of `side` enter (or pass through) hex h? [6.8] one unit per
    hex, even in passing. [15.3] A fortress has no stacking limit; one that
    holds the enemy is entered only with the right Order [15.7.2] [15.7.3]."""
    if game.map.is_fortress(h):
        return fortress.may_enter_fortress(game, side, h, mover)
    occ = game.occupants(h)
    return not occ or (len(occ) == 1 and occ[0] == mover)


def is_besieged(game, uid: str) -> bool:
    """A unit in a fortress that also holds an enemy unit: it leaves only by
    relinquishing the siege [15.8] (`siege_end.relinquish`), not by moving here."""
    u = game.state.units[uid]
    return (u.on_map and game.map.is_fortress(u.hex)
            and fortress.is_dead_end(game, game.side_of(uid), u.hex))


def _may_move(game, uid: str) -> bool:
    u = game.state.units[uid]
    return u.on_map and not is_besieged(game, uid)


def in_contact(game, h: Hex, enemy_hex: Hex) -> bool:
    """Next to the enemy and not across an impassable hexside: the contact a
    charge seeks [6.3.1] (see the module docstring). With an enemy in a
    fortress: being inside that fortress [15.3] [15.5]."""
    return game.map.in_contact(h, enemy_hex)


def _touches_enemy(game, h: Hex, side: str) -> bool:
    return any(in_contact(game, h, e.hex) for e in game.units_on_map(game.enemy(side)))


def _nearest_anchor(h: Hex, anchors: list[Hex]) -> int:
    return min(hex_distance(h, a) for a in anchors)


def cohesive(hexes: Iterable[Hex], anchors: list[Hex]) -> list[Hex]:
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


def _search_key(game, side, start, mode, mp, mover=None, blocked=frozenset()):
    # all a search reads: the units' positions and clan sides (game.version),
    # the mover's Order and the sieges' sides (fortress entry [15.3] [15.7])
    order = game.unit_order(mover) if mover is not None else None
    sieges = tuple((fid, s.besieged) for fid, s in game.state.sieges.items())
    return (side, start, mode, mp, mover, blocked, order, sieges)


def search(game, side: str, start: Hex, mode: str, mp: float | None,
           mover: str | None = None, blocked: frozenset[Hex] = frozenset()) -> PathResult:
    """The whole search (see `_frontier` for its rules): the position's
    `frontier`, settled to the end. The result is shared: callers must not
    change it."""
    res = frontier(game, side, start, mode, mp, mover, blocked)
    res.settle()
    return res


@per_position(limit=512, by=_search_key)
def frontier(game, side: str, start: Hex, mode: str, mp: float | None,
             mover: str | None = None, blocked: frozenset[Hex] = frozenset()) -> Frontier:
    """The search, memoized per position and settled only as far as its
    callers ask (`Frontier.settle`): a charge toward the nearest enemy [6.3.1]
    needs the hexes up to it, not the whole map; a bot asks the same search
    many times (charge targets, then the spearhead's ends, for each clan it
    judges)."""
    return _frontier(game, side, start, mode, mp, mover, blocked)


def _frontier(game, side: str, start: Hex, mode: str, mp: float | None,
              mover: str | None, blocked: frozenset[Hex]) -> Frontier:
    """A Dijkstra over the map for a unit of `side` at `start`, not yet settled.

    charge: hexside costs [6.2.2] (a fortress costs its own entry [15.3]);
      entering an EZoC ends the move [4.2], so nothing is reached through it.
    march: roads ½, paths 1 [6.5.2] (march_cost); never into an EZoC [6.5.1].
    Both: no occupied hex [6.8], no impassable hexside, no hex in `blocked`;
    a fortress holding an enemy is a dead end [15.3].

    The hottest search of the battle kind: what the position forbids is
    read once into sets, and the search runs over the map's crossing table
    (`hexmap.Frontier`: the same hexes, costs and paths as the search with
    a callback for each step)."""
    if mode not in ("charge", "march"):
        raise ValueError(f"unknown movement mode {mode!r} (charge or march)")
    gm = game.map
    if mover is not None and game.state.units[mover].hex != start:
        closed, ends = _forbidden_to(game, side, mode, mover)
    else:
        # the mover's own hex is the start, which no step enters: the same
        # for every search of the side whose mover enters the fortresses alike
        closed, ends = _forbidden(game, side, mode, mover)
    if blocked:
        closed = closed | blocked
    return Frontier(gm.edges(mode), start, closed=closed, ends=ends, max_cost=mp,
                    crossings=lambda h: gm.crossings(h, mode))


def entry_signature(game, mover: str | None):
    """All that may_enter_fortress reads of a mover [15.3] [15.7] besides
    the positions: nothing on a map without fortresses; else whether there
    is one, the fortress it stands in, its Order and the sieges' sides."""
    if not game.map.fortress_of:
        return None
    if mover is None:
        return ()
    u = game.state.units[mover]
    f = game.map.fortress_of.get(u.hex) if u.hex is not None else None
    return (f.id if f is not None else None, game.unit_order(mover),
            tuple((fid, s.besieged) for fid, s in game.state.sieges.items()))


@per_position(by=lambda game, side, mode, mover: (side, mode, entry_signature(game, mover)))
def _forbidden(game, side: str, mode: str, mover: str | None
               ) -> tuple[frozenset[Hex], frozenset[Hex]]:
    # shared by movers: every occupied hex, the mover's own (its start) too
    return _forbidden_to(game, side, mode, mover, own_open=False)


def _forbidden_to(game, side: str, mode: str, mover: str | None, own_open: bool = True
                  ) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """What no step may enter, read once: an occupied hex [6.8] (but the
    mover's own), a fortress the unit may not enter [15.3] [15.7], for a
    march the EZoC [6.5.1]; and where the move stops: a fortress holding an
    enemy [15.3], for a charge the EZoC [4.2]. The mover's hex is closed
    too without `own_open`."""
    ez = zoc.enemy_zoc(game, side)
    gm = game.map
    occupied = _occupied(game)
    if own_open and mover is not None:
        h = game.state.units[mover].hex
        if h in occupied and game.occupants(h) == [mover]:
            occupied = occupied - {h}
    closed, ends = set(), set()
    for h in gm.fortress_of:
        if not fortress.may_enter_fortress(game, side, h, mover):
            closed.add(h)
        if fortress.is_dead_end(game, side, h):
            ends.add(h)
    if mode == "charge":
        return occupied.union(closed), ez.union(ends)
    return occupied.union(closed, ez), frozenset(ends)


@per_position()
def _occupied(game) -> frozenset[Hex]:
    """The occupied hexes but the fortresses', which hold any number [15.3]."""
    fortress_of = game.map.fortress_of
    return frozenset(h for h, _ in game.occupied() if h not in fortress_of)


def can_start(game, uid: str) -> bool:
    """[4.2] a unit in an EZoC can neither charge nor march [6.3.1][6.5.1]."""
    return _may_move(game, uid) and not zoc.is_in_ezoc(game, uid)


def reachable(game, uid: str, mp: float, mode: str) -> dict[Hex, float]:
    """Hexes the unit may end its `mode` ("charge" or "march") in with `mp`
    MP, with their cost; its own hex is included at 0. A unit in an EZoC (or
    besieged) reaches only its own hex."""
    u = game.state.units[uid]
    if not u.on_map:
        return {}
    if not can_start(game, uid):
        return {u.hex: 0.0}
    return dict(search(game, game.side_of(uid), u.hex, mode, mp, uid).cost)


def path_to(game, uid: str, hex: Hex | str, mp: float, mode: str) -> list[Hex] | None:
    """The cheapest legal `mode` path (own hex first) to `hex`, or None."""
    h = _hex(hex)
    u = game.state.units[uid]
    if not u.on_map:
        return None
    if not can_start(game, uid):
        return [u.hex] if h == u.hex else None
    res = search(game, game.side_of(uid), u.hex, mode, mp, uid)
    return res.path_to(h) if h in res.cost else None


def path_cost(game, path: list[Hex], mode: str) -> float:
    # every option of a move shows its cost: read off the map's table of
    # crossings, each crossing asked only for a path that leaves it
    march = mode == "march"
    try:
        return sum(map(game.map.step_costs("march" if march else "charge").__getitem__,
                       pairwise(path)))
    except KeyError:
        cost = game.map.march_cost if march else game.map.hexside_cost
        return sum(cost(a, b) for a, b in pairwise(path))


def deployment_hexes(game, uid: str) -> list[Hex]:
    """[6.4.1] the adjacent hexes a unit not in an EZoC may deploy into: not
    across an impassable hexside, not occupied [6.8]; into an EZoC only if
    every enemy unit exerting it there is itself in the ZoC of another of your
    units; and [6.2.4]: the move may not split the clan into more groups of
    contiguous hexes than it has now (staying put always keeps the clan as it
    is, so there is always that "other choice")."""
    if not can_start(game, uid):
        return []
    u = game.state.units[uid]
    side = game.side_of(uid)
    enemy = game.enemy(side)
    ez = zoc.enemy_zoc(game, side)
    # a hex is covered by another of your units when more of them than this
    # one alone have it in their ZoC
    cover = zoc.cover(game, side)
    own = zoc.zoc_of(game, uid)
    units = game.state.units
    mates = [v.hex for v in game.state.clan_units(u.clan) if v.id != uid]
    before = _groups(mates + [u.hex])
    out = []
    for n in game.map.neighbours(u.hex):
        if game.map.is_impassable(u.hex, n) or not can_enter(game, side, n, uid):
            continue
        if n in ez:
            exerting = zoc.exerting_on(game, n, enemy)
            if not all(cover[h := units[e].hex] - (h in own) > 0 for e in exerting):
                continue
        if _groups(mates + [n]) > before:
            continue
        out.append(n)
    return out


def march_destinations(game, uid: str, mp: float = MARCH_MP,
                       anchors: Iterable[Hex] = ()) -> Paths:
    """[6.5.1] where a unit may end its march (its own hex included), reduced
    by cohesion [6.2.4] to the hexes adjacent to an anchor (a clan unit that
    already marched) if any, else those at the smallest distance from one."""
    u = game.state.units[uid]
    if not can_start(game, uid):
        return {}
    res = search(game, game.side_of(uid), u.hex, "march", mp, uid)
    ends = cohesive(res.cost, list(anchors))
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
        for r in gm.map_def.routes:
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
    if mp_left < -EPS or eh in blocked or eh in zoc.enemy_zoc(game, side) \
            or not can_enter(game, side, eh):
        return None
    return search(game, side, eh, "march", mp_left, None, blocked)


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
    ends = cohesive(ok, list(placed))
    return {h: room.path_to(h) for h in ends}


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
    near = _near_enemy(game, side)
    if start not in near:  # no enemy, or none nearer than WITHDRAWAL_DISTANCE
        return {}
    # what a march may not enter is what a withdrawal may not: an EZoC, an
    # occupied hex (the unit's own is the start), a fortress it may not enter
    closed = _forbidden(game, side, "march", uid)[0]
    gm = game.map
    steps, fortress_of = gm.open_neighbours, gm.fortress_of
    prev: dict[Hex, Hex | None] = {start: None}
    depth = {start: 0}
    ends: list[Hex] = []
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in steps(h):
            if n in prev or n in closed:
                continue
            prev[n] = h
            depth[n] = depth[h] + 1
            if n in fortress_of or n not in near:
                ends.append(n)
            elif depth[n] < WITHDRAWAL_HEXES:
                queue.append(n)
    anchors = [game.state.units[w].hex for w in withdrawn
               if w != uid and game.state.units[w].on_map]
    ends = cohesive(ends, anchors) if anchors else ends
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
