"""The shipped shogun board (scenarios/shogun.tks): the 68 provinces with the
125 land borders and 20 sea lanes of the public source, six of them flagged
doubtful; a symmetric, connected graph with and without those six; the
adjacencies the rules state or imply [SC-2.10]; and every province drawn
inside the outline of its island."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tenkatoitsu.areamap import LAND, SEA, Link
from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl.diagnostics import render_all
from tenkatoitsu.dsl.parsing import parse
from tenkatoitsu.kinds.shogun.scenario.builder import build
from tenkatoitsu.kinds.shogun.scenario.model import DOUBTFUL
from tenkatoitsu.kinds.shogun.scenario.validate import validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "shogun.tks"
FILE = "shogun.tks"

#: the six long lanes that only one source has
DOUBTFUL_LANES = {("dewa", "tsushima"), ("oki", "tsushima"), ("noto", "oki"), ("noto", "sado"),
                  ("hyuga", "kii"), ("kii", "awa-honshu")}
#: provinces per circuit of the Gokishichidō
REGIONS = {"kinai": 5, "tokaido": 15, "tosando": 8, "hokurikudo": 7, "sanindo": 8,
           "sanyodo": 8, "nankaido": 6, "saikaido": 11}
ISLANDS = ("sado", "oki", "awaji", "iki", "tsushima")
SHIKOKU = ("awa-shikoku", "sanuki", "iyo", "tosa")

#: [SC-2.10]: stated in the rules, and implied by their worked examples
ADJACENT_BY_LAND = [
    ("kozuke", "echigo"),
    ("chikuzen", "hizen"), ("higo", "chikugo"), ("higo", "hyuga"), ("satsuma", "hyuga"),
    ("satsuma", "osumi"), ("bungo", "buzen"), ("awa-shikoku", "sanuki"),
    ("awa-shikoku", "tosa"), ("awa-shikoku", "iyo"), ("shinano", "hida"), ("etchu", "hida"),
    ("hida", "echizen"), ("echizen", "mino"), ("mino", "hida"), ("owari", "mikawa"),
    ("mikawa", "shinano"), ("echigo", "etchu"), ("sagami", "kai"), ("kai", "shinano"),
    ("etchu", "noto"), ("shinano", "musashi"), ("shinano", "kozuke"), ("musashi", "sagami"),
]
ADJACENT_BY_SEA = [("iki", "nagato"), ("nagato", "buzen"), ("bungo", "iyo")]
NOT_ADJACENT = [("kozuke", "shimosa"), ("iki", "buzen")]


@pytest.fixture(scope="module")
def doc():
    text = SCENARIO.read_text(encoding="utf-8")
    tree, diags = parse(GRAMMAR_DIR / "shogun.lark", text, FILE)
    assert tree is not None, render_all(diags, {FILE: text})
    doc, built = build(tree, FILE)
    diags = diags + built + validate(doc)
    assert not diags, render_all(diags, {FILE: text})
    return doc


@pytest.fixture(scope="module")
def board(doc):
    return doc.board


def test_sixty_eight_provinces_by_circuit(board):
    assert len(board) == 68 and len(set(board.ids())) == 68
    assert Counter(a.region for a in board) == REGIONS
    assert board.areas_with("island") == ISLANDS
    names = {a.id: a.name for a in board}
    assert names["awa-honshu"] == "Awa (Honshū)" and names["awa-shikoku"] == "Awa (Shikoku)"
    assert [names[i] for i in ("kozuke", "hyuga", "osumi", "omi", "totomi", "bitchu", "etchu",
                               "hoki")] == \
        ["Kōzuke", "Hyūga", "Ōsumi", "Ōmi", "Tōtōmi", "Bitchū", "Etchū", "Hōki"]
    for a in board:
        assert a.id.isascii() and a.id == a.id.lower() and a.pos is not None, a.id


def test_125_land_borders_and_20_sea_lanes_six_doubtful(board):
    kinds = Counter(ln.kind for ln in board.links)
    assert kinds == {LAND: 125, SEA: 20}
    doubtful = {ln.key for ln in board.links if DOUBTFUL in ln.flags}
    assert doubtful == {Link(a, b, SEA).key for a, b in DOUBTFUL_LANES}
    assert all(not ln.flags for ln in board.links if ln.key not in doubtful)


def test_the_graph_is_symmetric_and_connected(board):
    for a in board.ids():
        for b in board.ids():
            assert (b in board.neighbours(a)) == (a in board.neighbours(b)), (a, b)
    assert board.is_connected()
    smaller = board.without(links_flagged=DOUBTFUL)
    assert len(smaller.links) == 139 and smaller.is_connected()
    # the islands are reached by sea only; Honshū, Shikoku and Kyūshū are one each by land
    parts = sorted(sorted(p) for p in board.components(LAND))
    assert len(parts) == 3 + len(ISLANDS)
    assert sorted(SHIKOKU) in parts


@pytest.mark.parametrize("a,b", ADJACENT_BY_LAND, ids=[f"{a}-{b}" for a, b in ADJACENT_BY_LAND])
def test_the_rules_land_borders(board, a, b):
    assert board.is_adjacent(a, b, LAND)


@pytest.mark.parametrize("a,b", ADJACENT_BY_SEA, ids=[f"{a}-{b}" for a, b in ADJACENT_BY_SEA])
def test_the_rules_sea_lanes(board, a, b):
    assert board.is_adjacent(a, b, SEA) and not board.is_adjacent(a, b, LAND)


@pytest.mark.parametrize("a,b", NOT_ADJACENT, ids=[f"{a}-{b}" for a, b in NOT_ADJACENT])
def test_the_rules_non_adjacent_pairs(board, a, b):
    assert not board.is_adjacent(a, b)


# ---------------------------------------------------------------- drawing

def _inside(point, polygon) -> bool:
    """Ray casting: is `point` strictly inside the closed polygon?"""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _island(area) -> str:
    if area.id in ISLANDS:
        return area.id
    if area.id in SHIKOKU:
        return "shikoku"
    return "kyushu" if area.region == "saikaido" else "honshu"


def test_every_province_is_drawn_inside_its_island(doc):
    shapes = {s.id: list(s.points) for s in doc.shapes}
    assert {"honshu", "shikoku", "kyushu", *ISLANDS} <= set(shapes)
    assert "hokkaido" not in shapes
    for area in doc.board:
        own = _island(area)
        assert _inside(area.pos, shapes[own]), area.id
        others = [k for k, pts in shapes.items() if k != own and _inside(area.pos, pts)]
        assert not others, (area.id, others)


def test_the_outlines_are_fine_simple_polygons(doc):
    shapes = {s.id: s.points for s in doc.shapes}
    assert len(shapes["honshu"]) >= 120
    assert len(shapes["kyushu"]) >= 40 and len(shapes["shikoku"]) >= 40
    for sid, pts in shapes.items():
        assert len(set(pts)) == len(pts), sid
        assert not _crossing(pts), sid


def _crossing(pts) -> tuple | None:
    """Two edges of the ring that cross or touch, other than neighbours."""
    def orient(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 0) - (v < 0)

    def on(p, q, r):
        return min(p[0], r[0]) <= q[0] <= max(p[0], r[0]) and \
            min(p[1], r[1]) <= q[1] <= max(p[1], r[1])

    def meet(p1, p2, p3, p4):
        o1, o2, o3, o4 = orient(p1, p2, p3), orient(p1, p2, p4), orient(p3, p4, p1), \
            orient(p3, p4, p2)
        if o1 != o2 and o3 != o4:
            return True
        return any(o == 0 and on(a, c, b) for o, a, c, b in
                   ((o1, p1, p3, p2), (o2, p1, p4, p2), (o3, p3, p1, p4), (o4, p3, p2, p4)))

    n = len(pts)
    edges = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if meet(*edges[i], *edges[j]):
                return edges[i], edges[j]
    return None


def test_the_positions_follow_the_geography(board):
    pos = {a.id: a.pos for a in board}
    # x grows to the east, y to the south: the projection of castles.tks
    assert pos["tsushima"][0] == min(x for x, _ in pos.values())
    assert pos["mutsu"][0] == max(x for x, _ in pos.values())
    assert pos["dewa"][1] == min(y for _, y in pos.values())
    assert pos["osumi"][1] == max(y for _, y in pos.values())
    assert pos["yamashiro"] == (826, 660)  # Kyōto: castles.tks has Kyō at 826 659
