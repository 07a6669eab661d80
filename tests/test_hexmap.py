"""Tests for tenkatoitsu.hexmap: coordinates, geometry, hexsides, Dijkstra."""

from __future__ import annotations

import math
import pickle
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tenkatoitsu.hexmap import (
    DIRECTION_NAMES,
    Frontier,
    Grid,
    Hex,
    UnreachableError,
    hex_distance,
    hexes_within,
    hexside,
    hexside_id,
    mp_distance,
    parse_hexside,
    ring,
    shortest_paths,
)

H = Hex.from_id


def ids(hexes):
    return [h.id for h in hexes]


# ---------------------------------------------------------------- coordinates


def test_id_round_trip_on_40x30_grid():
    hexes = list(Grid(40, 30).hexes())
    assert len(hexes) == len(set(hexes)) == 1200
    for h in hexes:
        assert Hex.from_id(h.id) == h
        assert str(h) == h.id
        assert Hex.from_colrow(h.col, h.row) == h
        assert 1 <= h.col <= 40 and 1 <= h.row <= 30
    # Column-major means lexicographic id order for zero-padded 'CCRR'.
    assert ids(hexes) == sorted(ids(hexes))
    assert hexes[0].id == "0101" and hexes[30].id == "0201" and hexes[-1].id == "4030"


def test_axial_formula_matches_odd_q_convention():
    for col in range(1, 100):
        for row in range(1, 100):
            q = col - 1
            h = Hex.from_colrow(col, row)
            assert h == (q, (row - 1) - (q - (q & 1)) // 2)
            assert (h.col, h.row) == (col, row)


def test_hand_checked_neighbours():
    # 0202: even column, half a hex LOWER -> touches rows 2 and 3 of columns 1 and 3.
    assert set(ids(H("0202").neighbours())) == {"0201", "0302", "0303", "0203", "0103", "0102"}
    # 0303: odd column, higher -> touches rows 2 and 3 of columns 2 and 4.
    assert set(ids(H("0303").neighbours())) == {"0302", "0402", "0403", "0304", "0203", "0202"}
    # Direction order N, NE, SE, S, SW, NW.
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")
    assert ids(H("0202").neighbours()) == ["0201", "0302", "0303", "0203", "0103", "0102"]
    assert ids(H("0303").neighbours()) == ["0302", "0402", "0403", "0304", "0203", "0202"]
    assert H("0202").direction_to(H("0303")) == 2  # SE
    assert H("0303").direction_to(H("0202")) == 5  # NW


@pytest.mark.parametrize(
    "bad",
    ["0A05", "305", "0005", "0300", "03055", "", " 305", "0305 ", "03-5", "+305",
     "\u0660\u0663\u0660\u0665", None, 305],
)
def test_malformed_ids_raise(bad):
    with pytest.raises(ValueError):
        Hex.from_id(bad)


@pytest.mark.parametrize("col,row", [(0, 5), (5, 0), (100, 1), (1, 100), (-3, 4)])
def test_from_colrow_out_of_range(col, row):
    with pytest.raises(ValueError):
        Hex.from_colrow(col, row)


def test_unprintable_hex():
    off = Hex(-1, 0)
    with pytest.raises(ValueError):
        off.id
    assert str(off) == "Hex(q=-1, r=0)"  # str never raises: it ends up in logs
    assert repr(H("0305")) == "Hex.from_id('0305')"


# ---------------------------------------------------------------- geometry

coords = st.integers(1, 60)
hexes_st = st.builds(Hex.from_colrow, coords, coords)
FAST = settings(max_examples=150, deadline=None)


@FAST
@given(hexes_st, hexes_st, hexes_st)
def test_distance_is_a_metric(a, b, c):
    assert hex_distance(a, a) == 0
    assert hex_distance(a, b) == hex_distance(b, a) == a.distance(b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)
    if a != b:
        assert hex_distance(a, b) > 0
    assert a.is_adjacent(b) == (hex_distance(a, b) == 1)


@FAST
@given(hexes_st)
def test_neighbours_and_directions(a):
    nbs = a.neighbours()
    assert len(nbs) == len(set(nbs)) == 6
    for d, n in enumerate(nbs):
        assert hex_distance(a, n) == 1 and a.is_adjacent(n)
        assert a.direction_to(n) == d
        assert a.neighbour(d) == n
        assert n.direction_to(a) == (d + 3) % 6
    with pytest.raises(ValueError):
        a.direction_to(a)
    with pytest.raises(ValueError):
        a.direction_to(nbs[0].neighbours()[0])  # two steps N


@FAST
@given(hexes_st, st.integers(0, 5))
def test_hexside_keys(a, d):
    b = a.neighbour(d)
    assume(b.col >= 1 and b.row >= 1)  # ids only exist for 01..99
    key = hexside(a, b)
    assert key == hexside(b, a)
    assert set(key) == {a, b} and key[0] < key[1]
    text = hexside_id(key)
    assert hexside_id((b, a)) == text
    lo, hi = text.split("|")
    assert lo < hi  # canonical key order is printed-id order
    assert parse_hexside(text) == key
    assert parse_hexside(f"{hi}|{lo}") == key


@pytest.mark.parametrize(
    "bad",
    ["0305", "0305|0307", "0305|0305", "0305|0306|0307", "0305-0306", "0305|", "|0306",
     "0305|03x6", None],
)
def test_malformed_hexsides(bad):
    with pytest.raises(ValueError):
        parse_hexside(bad)


def test_hexside_needs_adjacency():
    with pytest.raises(ValueError):
        hexside(H("0305"), H("0307"))
    with pytest.raises(ValueError):
        hexside(H("0305"), H("0305"))


@settings(max_examples=60, deadline=None)
@given(hexes_st, st.integers(0, 6))
def test_hexes_within_and_ring(c, n):
    area = hexes_within(c, n)
    assert len(area) == len(set(area)) == 3 * n * (n + 1) + 1
    assert all(hex_distance(c, h) <= n for h in area)
    assert area == sorted(area)  # column-major
    r = ring(c, n)
    if n == 0:
        assert r == [c]
    else:
        assert len(r) == len(set(r)) == 6 * n
        assert all(hex_distance(c, h) == n for h in r)
        assert all(r[i - 1].is_adjacent(r[i]) for i in range(len(r)))  # a closed loop
        assert r[0] == Hex(c.q, c.r - n)  # starts due N
    assert set().union(*(ring(c, k) for k in range(n + 1))) == set(area)


def test_negative_radius():
    with pytest.raises(ValueError):
        hexes_within(H("0505"), -1)
    with pytest.raises(ValueError):
        ring(H("0505"), -1)


# ---------------------------------------------------------------- grid


def test_grid_basics():
    g = Grid(10, 8)
    assert len(g) == 80 == len(list(g.hexes()))
    assert all(g.contains(h) for h in g.hexes())
    assert not g.contains(Hex(-1, 0)) and not g.contains(H("1101")) and not g.contains(H("0109"))
    assert H("1008") in g
    assert set(ids(g.neighbours(H("0101")))) == {"0102", "0201"}
    assert ids(g.neighbours(H("0201"))) == ["0301", "0302", "0202", "0102", "0101"]
    assert g == Grid(10, 8) and hash(g) == hash(Grid(10, 8)) and g != Grid(8, 10)
    assert pickle.loads(pickle.dumps(g)) == g
    with pytest.raises(AttributeError):
        g.width = 3
    with pytest.raises(ValueError):
        Grid(0, 5)


@pytest.mark.parametrize("w,h", [(1, 1), (2, 3), (7, 5), (8, 9)])
def test_grid_edge_and_neighbours(w, h):
    g = Grid(w, h)
    for x in g.hexes():
        on_map = g.neighbours(x)
        assert on_map == [n for n in x.neighbours() if g.contains(n)]
        assert g.is_edge(x) == (len(on_map) < 6)
    assert not g.is_edge(Hex(-1, 0))


# ---------------------------------------------------------------- pathfinding

STEP_CHOICES = (0.5, 1.0, 2.0, None)


@st.composite
def cost_maps(draw):
    """A random grid, symmetric per-hexside costs, a start and a stop set."""
    grid = Grid(draw(st.integers(8, 15)), draw(st.integers(8, 15)))
    # One hypothesis draw per hexside is far too slow; a drawn seed keeps
    # examples reproducible (at the price of coarser shrinking).
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    costs = {}
    for a in grid.hexes():
        for b in grid.neighbours(a):
            key = hexside(a, b)
            if key not in costs:
                costs[key] = rnd.choice(STEP_CHOICES)
    all_hexes = list(grid.hexes())
    start = draw(st.sampled_from(all_hexes))
    stops = frozenset(h for h in all_hexes if rnd.random() < 0.15)
    return grid, costs, start, stops


def stepper(costs):
    return lambda a, b: costs[hexside(a, b)]


def reference_costs(grid, step, starts, stops=frozenset()):
    """Bellman-Ford: slow but independent of the heap logic under test."""
    dist = {s: 0.0 for s in starts}
    changed = True
    while changed:
        changed = False
        for a in list(dist):
            if a in stops and a not in starts:
                continue
            for b in grid.neighbours(a):
                c = step(a, b)
                if c is not None and dist[a] + c < dist.get(b, math.inf):
                    dist[b] = dist[a] + c
                    changed = True
    return dist


def assert_valid_paths(res, step, starts):
    for h, c in res.cost.items():
        path = res.path_to(h)
        assert path[0] in starts and path[-1] == h
        assert all(path[i].is_adjacent(path[i + 1]) for i in range(len(path) - 1))
        assert sum(step(path[i], path[i + 1]) for i in range(len(path) - 1)) == c


PATHS = settings(max_examples=40, deadline=None)


@PATHS
@given(cost_maps())
def test_dijkstra_matches_reference(case):
    grid, costs, start, _ = case
    step = stepper(costs)
    res = shortest_paths(start, step, neighbours=grid.neighbours)
    assert res.cost == reference_costs(grid, step, [start])
    cheapest = min(c for c in costs.values() if c is not None)
    for h, c in res.cost.items():
        assert c >= hex_distance(start, h) * cheapest
    assert_valid_paths(res, step, [start])
    assert res.reachable() == set(res.cost)


@PATHS
@given(cost_maps(), st.sampled_from([0.0, 0.5, 1.0, 2.5, 4.0, 7.0]))
def test_max_cost(case, max_cost):
    grid, costs, start, _ = case
    step = stepper(costs)
    res = shortest_paths(start, step, neighbours=grid.neighbours, max_cost=max_cost)
    full = reference_costs(grid, step, [start])
    assert res.cost == {h: c for h, c in full.items() if c <= max_cost}
    assert_valid_paths(res, step, [start])


@PATHS
@given(cost_maps())
def test_can_continue_stops_movement(case):
    grid, costs, start, stops = case
    step = stepper(costs)
    res = shortest_paths(
        start, step, neighbours=grid.neighbours, can_continue=lambda h: h not in stops
    )
    assert res.cost == reference_costs(grid, step, [start], stops)
    for h in res.cost:
        # Stop hexes may end a path but never lie inside one (the start is exempt).
        assert not stops.intersection(res.path_to(h)[1:-1])
    assert_valid_paths(res, step, [start])


@PATHS
@given(cost_maps())
def test_deterministic(case):
    grid, costs, start, stops = case
    step = stepper(costs)

    def run():
        res = shortest_paths(
            start, step, neighbours=grid.neighbours, can_continue=lambda h: h not in stops
        )
        return list(res.cost.items()), [res.path_to(h) for h in res.cost]

    assert run() == run()


@settings(max_examples=25, deadline=None)
@given(cost_maps(), st.data())
def test_multiple_starts_and_targets(case, data):
    grid, costs, start, _ = case
    step = stepper(costs)
    all_hexes = list(grid.hexes())
    starts = data.draw(st.lists(st.sampled_from(all_hexes), min_size=1, max_size=3))
    res = shortest_paths(starts, step, neighbours=grid.neighbours)
    assert res.cost == reference_costs(grid, step, starts)
    assert_valid_paths(res, step, starts)

    targets = data.draw(st.lists(st.sampled_from(all_hexes), max_size=3))
    early = shortest_paths(start, step, neighbours=grid.neighbours, targets=targets)
    full = shortest_paths(start, step, neighbours=grid.neighbours)
    assert start in early.cost
    for t in targets:
        assert early.cost.get(t) == full.cost.get(t)
        assert mp_distance(start, t, step, neighbours=grid.neighbours) == full.cost.get(t)
    for h, c in early.cost.items():
        assert full.cost[h] == c
    assert_valid_paths(early, step, [start])


@PATHS
@given(cost_maps(), st.data())
def test_frontier_settles_as_shortest_paths(case, data):
    # the same hexes, in the same order, by the same paths, however the
    # settling is cut into pieces (a cost bound, hexes to stop at)
    grid, costs, start, stops = case
    step = stepper(costs)
    all_hexes = list(grid.hexes())
    closed = frozenset(data.draw(st.lists(st.sampled_from(all_hexes), max_size=12)))
    max_cost = data.draw(st.sampled_from([None, 2.0, 5.5]))
    edges = {a: tuple((b, c) for b in grid.neighbours(a) if (c := step(a, b)) is not None)
             for a in all_hexes}
    search = Frontier(edges, start, closed=closed, ends=stops, max_cost=max_cost)
    for _ in range(data.draw(st.integers(0, 4))):
        if data.draw(st.booleans()):
            search.settle(data.draw(st.sampled_from([0.0, 1.0, 2.5, 4.0])))
        else:
            search.settle(until=set(data.draw(st.lists(st.sampled_from(all_hexes), max_size=2))))
    search.settle()
    assert search.done
    res = shortest_paths(start, lambda a, b: None if b in closed else step(a, b),
                         neighbours=grid.neighbours, max_cost=max_cost,
                         can_continue=lambda h: h not in stops)
    assert list(search.cost.items()) == list(res.cost.items())
    assert [search.path_to(h) for h in res.cost] == [res.path_to(h) for h in res.cost]


@settings(max_examples=20, deadline=None)
@given(st.integers(8, 15), st.integers(8, 15), st.data())
def test_unit_costs_equal_hex_distance(w, h, data):
    # Also shows a rectangular odd-q map is convex: no detour is ever forced.
    grid = Grid(w, h)
    start = data.draw(st.sampled_from(list(grid.hexes())))
    res = shortest_paths(start, lambda a, b: 1.0, neighbours=grid.neighbours)
    assert len(res.cost) == w * h
    for x, c in res.cost.items():
        assert c == hex_distance(start, x)
        assert len(res.path_to(x)) == c + 1


def test_tie_break_prefers_earlier_direction():
    # 0202 -> 0402 can go via 0302 (NE first) or 0303 (SE first); NE comes first.
    # (The default neighbours span the unbounded plane: always bound the search.)
    res = shortest_paths(H("0202"), lambda a, b: 1.0, targets=[H("0402")])
    assert ids(res.path_to(H("0402"))) == ["0202", "0302", "0402"]


def test_zoc_corridor():
    # A one-row map is a chain 0101-0201-0301-0401-0501.
    grid = Grid(5, 1)

    def zoc(h):
        return h != H("0301")

    res = shortest_paths(H("0101"), lambda a, b: 1.0, neighbours=grid.neighbours, can_continue=zoc)
    assert ids(res.cost) == ["0101", "0201", "0301"]
    # The start hex always continues, even if it is itself a stop hex.
    res = shortest_paths(H("0301"), lambda a, b: 1.0, neighbours=grid.neighbours, can_continue=zoc)
    assert len(res.cost) == 5


def test_road_costs_and_unreachable():
    grid = Grid(5, 1)
    road = {hexside(H("0101"), H("0201")), hexside(H("0201"), H("0301"))}
    wall = hexside(H("0301"), H("0401"))

    def step(a, b):
        k = hexside(a, b)
        return None if k == wall else 0.5 if k in road else 1.0

    res = shortest_paths(H("0101"), step, neighbours=grid.neighbours)
    assert res.cost == {H("0101"): 0.0, H("0201"): 0.5, H("0301"): 1.0}
    assert mp_distance(H("0101"), H("0301"), step, neighbours=grid.neighbours) == 1.0
    assert mp_distance(H("0101"), H("0501"), step, neighbours=grid.neighbours) is None
    with pytest.raises(KeyError):
        res.path_to(H("0501"))
    with pytest.raises(ValueError):
        res.path_to(H("0501"))
    assert issubclass(UnreachableError, KeyError) and issubclass(UnreachableError, ValueError)


def test_start_forms_and_edge_cases():
    step = lambda a, b: 1.0  # noqa: E731
    a = H("0505")
    assert shortest_paths(a, step, max_cost=2).cost == shortest_paths([a], step, max_cost=2).cost
    assert shortest_paths([a, a], step, max_cost=1).starts == (a,)
    assert shortest_paths([], step).cost == {}
    assert shortest_paths(a, step, targets=[]).cost == {a: 0.0}
    assert shortest_paths(a, step, targets=[a]).cost == {a: 0.0}
    with pytest.raises(ValueError):
        shortest_paths(a, lambda x, y: -1.0)
