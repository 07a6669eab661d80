"""Tests for tenkatoitsu.areamap: areas, typed links, validation, paths."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenkatoitsu.areamap import (
    LAND,
    SEA,
    Area,
    AreaMap,
    AreaMapError,
    Link,
    UnknownAreaError,
    link,
)

# ---------------------------------------------------------------- the 11-castle board
#
# Castles and links of the 11-castle area-control board as the public fan
# implementation github.com/mxmono/rumble-nation wires them (board.gd,
# territory_connections; it says "water" where we say "sea").  Castle values
# are dealt at random each game there, so no Area.value is fixed here.

CASTLES = [
    ("0", "Usuki"),
    ("1", "Okō"),
    ("2", "Shuri"),
    ("3", "Yoshida-Kōriyama"),
    ("4", "Kyō"),
    ("5", "Kasugayama"),
    ("6", "Kiyosu"),
    ("7", "Tsutsujigasaki"),
    ("8", "Yonezawa"),
    ("9", "Odawara"),
    ("10", "Tokuyama-date"),
]
SEA_LINKS = [(0, 1), (0, 2), (0, 3), (1, 3), (1, 4), (8, 10)]
LAND_LINKS = [(3, 4), (4, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 9), (7, 8), (7, 9), (8, 9)]

BOARD = AreaMap(
    [Area(i, name) for i, name in CASTLES],
    [link(str(a), str(b), SEA) for a, b in SEA_LINKS]
    + [link(str(a), str(b), LAND) for a, b in LAND_LINKS],
)
NAME = {name: i for i, name in CASTLES}


def names(ids):
    return [BOARD.area(i).name for i in ids]


def test_board_shape():
    assert len(BOARD) == 11 and len(BOARD.links) == 16
    assert BOARD.ids() == tuple(str(i) for i in range(11))  # map order, not "0","1","10",...
    assert BOARD.link_kinds() == ("land", "sea")
    # board.gd lists each link from both ends; check ours agrees end for end.
    for a in BOARD.ids():
        for b in BOARD.ids():
            assert BOARD.is_adjacent(a, b) == BOARD.is_adjacent(b, a)


def test_board_land_only_splits_off_the_islands():
    land = BOARD.components(via=LAND)
    assert [sorted(names(c)) for c in land] == [
        ["Usuki"],
        ["Okō"],
        ["Shuri"],
        sorted(["Yoshida-Kōriyama", "Kyō", "Kasugayama", "Kiyosu", "Tsutsujigasaki",
                "Yonezawa", "Odawara"]),
        ["Tokuyama-date"],
    ]
    assert not BOARD.is_connected(via=LAND)
    assert BOARD.is_connected()  # the sea ties it all together
    assert BOARD.distance(NAME["Usuki"], NAME["Kyō"], via=LAND) is None
    assert BOARD.shortest_path(NAME["Usuki"], NAME["Kyō"], via=LAND) is None


def test_board_shuri_only_by_sea():
    shuri = NAME["Shuri"]
    assert BOARD.neighbours(shuri, via=LAND) == ()
    assert names(BOARD.neighbours(shuri)) == ["Usuki"]
    assert all(ln.kind == SEA for ln in BOARD.links_of(shuri))
    assert BOARD.component_of(shuri, via=SEA) == frozenset({"0", "1", "2", "3", "4"})
    assert BOARD.component_of(shuri, via=LAND) == frozenset({shuri})


def test_board_neighbours_by_kind_in_map_order():
    assert names(BOARD.neighbours(NAME["Kyō"])) == [
        "Okō", "Yoshida-Kōriyama", "Kasugayama", "Kiyosu"]
    assert names(BOARD.neighbours(NAME["Kyō"], via=SEA)) == ["Okō"]
    assert names(BOARD.neighbours(NAME["Kyō"], via={LAND})) == [
        "Yoshida-Kōriyama", "Kasugayama", "Kiyosu"]
    # "10" comes after "9" because the map says so, not the string sort.
    assert BOARD.neighbours("8") == ("7", "9", "10")
    assert BOARD.neighbours("8", via=()) == ()


def test_board_distances_and_paths():
    shuri, odawara = NAME["Shuri"], NAME["Odawara"]
    assert BOARD.distance(shuri, odawara) == 5
    # Ties go to the area reached first; Okō precedes Yoshida-Kōriyama on the map.
    assert names(BOARD.shortest_path(shuri, odawara)) == [
        "Shuri", "Usuki", "Okō", "Kyō", "Kiyosu", "Odawara"]
    assert BOARD.distance(NAME["Usuki"], NAME["Tokuyama-date"]) == 6
    assert BOARD.distance(NAME["Yoshida-Kōriyama"], NAME["Yonezawa"], via=LAND) == 4
    assert BOARD.distance(odawara, odawara) == 0
    assert BOARD.shortest_path(odawara, odawara) == [odawara]
    assert names(BOARD.within(NAME["Kyō"], 1)) == [
        "Okō", "Yoshida-Kōriyama", "Kyō", "Kasugayama", "Kiyosu"]

    def sea_dear(frm, to, ln):
        return 3.0 if ln.kind == SEA else 1.0

    # Sea costs 3: the cheaper way is one crossing to Yoshida-Kōriyama, then march.
    path = BOARD.shortest_path(shuri, odawara, cost=sea_dear)
    assert names(path) == ["Shuri", "Usuki", "Yoshida-Kōriyama", "Kyō", "Kiyosu", "Odawara"]
    assert BOARD.path_cost(shuri, odawara, cost=sea_dear) == 9.0


# ---------------------------------------------------------------- value types


def test_link_is_canonical():
    ab, ba = link("A", "B", SEA), link("B", "A", SEA)
    assert ab == ba and hash(ab) == hash(ba) and len({ab, ba}) == 1
    assert (ba.a, ba.b) == ("A", "B") == ba.ends
    assert Link("B", "A", SEA) == ab  # the class itself sorts, not only the helper
    assert link("A", "B", LAND) != ab  # kinds differ: two links
    assert link("A", "B") == link("A", "B", LAND)
    assert ba.other("A") == "B" and ba.other("B") == "A" and ba.touches("A")
    with pytest.raises(ValueError):
        ba.other("C")
    assert link("B", "A", SEA, "doubtful").flags == frozenset({"doubtful"})
    assert str(link("B", "A", SEA, ["doubtful"])) == "A–B (sea) [doubtful]"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ab.a = "Z"
    with pytest.raises(TypeError):
        link("A", "", SEA)


def test_area_defaults_and_conversions():
    a = Area("tosa", "Tosa", flags=["coastal", "mountain"], region="Shikoku", value=2,
             pos=[3, 4], polygon=[(0, 0), [1, 0], (1, 1)])
    assert a.flags == frozenset({"coastal", "mountain"}) and a.has("coastal")
    assert a.pos == (3.0, 4.0)
    assert a.polygon == ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))
    assert hash(a) == hash(Area("tosa", "Tosa", {"mountain", "coastal"}, "Shikoku", 2,
                                (3, 4), ((0, 0), (1, 0), (1, 1))))
    bare = Area("iyo")
    assert (bare.name, bare.flags, bare.region, bare.value, bare.pos, bare.polygon) == (
        "iyo", frozenset(), None, None, None, ())
    assert Area("sado", flags="island").flags == frozenset({"island"})  # not {'i','s',...}
    with pytest.raises(TypeError):
        Area("")
    with pytest.raises(TypeError):
        Area("x", pos=(1, 2, 3))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.value = 3


# ---------------------------------------------------------------- validation


def test_every_problem_reported_at_once():
    areas = [Area("A"), Area("B"), Area("C"), Area("B")]
    links = [
        link("A", "B"),
        link("B", "A"),  # same pair, same kind: twice
        link("A", "B", SEA),  # another kind is fine
        link("C", "C", SEA),  # to itself
        link("A", "Z"),  # unknown
        link("Y", "Z", SEA),  # two unknowns, Z again
    ]
    with pytest.raises(AreaMapError) as info:
        AreaMap(areas, links)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.problems == (
        "duplicate area id 'B' (2 areas)",
        "A–B is linked twice by 'land'",
        "link C–C (sea) joins area 'C' to itself",
        "unknown area 'Z' in links A–Z (land), Y–Z (sea)",
        "unknown area 'Y' in link Y–Z (sea)",
    )
    text = str(err)
    assert text.startswith("invalid area map (5 problems):")
    assert all(p in text for p in err.problems)


def test_wrong_types_are_problems_too():
    with pytest.raises(AreaMapError) as info:
        AreaMap(["A"], [("A", "B")])
    assert len(info.value.problems) == 2


def test_unknown_area_queries():
    m = AreaMap([Area("A"), Area("B")], [link("A", "B")])
    for call in (lambda: m.area("Q"), lambda: m.neighbours("Q"), lambda: m.distance("A", "Q"),
                 lambda: m.shortest_path("Q", "A"), lambda: m.is_adjacent("A", "Q"),
                 lambda: m.without(areas="Q")):
        with pytest.raises(UnknownAreaError, match="no area 'Q'"):
            call()
    with pytest.raises(KeyError):  # and ValueError: both catch it
        m["Q"]
    assert "A" in m and "Q" not in m and m["A"] == Area("A")


# ---------------------------------------------------------------- queries on a small map
#
# Land: N-O, O-P, O-Q.  Sea: N-R, P-R ("doubtful"), Q-R.  S has no links.
#
#   N ==== O ==== P        S
#    .     ||    .
#     .    Q    .          ==  land
#      .   .   .           ..  sea
#          R


def small():
    return AreaMap(
        [
            Area("N", "Nagato", {"coastal"}, region="Chūgoku"),
            Area("O", "Owari", {"coastal"}, region="Tōkai"),
            Area("P", "Mikawa", region="Tōkai"),
            Area("Q", "Shinano", {"mountain"}, region="Tōsan"),
            Area("R", "Tsushima", {"island", "coastal"}),
            Area("S", "Sado", {"island"}),
        ],
        [
            link("O", "N"),
            link("P", "O"),
            link("O", "Q"),
            link("R", "N", SEA),
            link("R", "P", SEA, "doubtful"),
            link("Q", "R", SEA),
        ],
    )


def test_symmetric_adjacency_and_links_between():
    m = small()
    for a, b in itertools.product(m.ids(), repeat=2):
        assert m.is_adjacent(a, b) == m.is_adjacent(b, a)
        assert m.links_between(a, b) == m.links_between(b, a)
        assert (b in m.neighbours(a)) == m.is_adjacent(a, b)
    assert m.link_between("N", "O") == link("O", "N", LAND)
    assert m.link_between("N", "P") is None
    assert m.is_adjacent("P", "R", via=SEA) and not m.is_adjacent("P", "R", via=LAND)


def test_pair_linked_by_two_kinds():
    m = AreaMap([Area("A"), Area("B")], [link("A", "B", SEA), link("B", "A", LAND)])
    assert m.links_between("A", "B") == (link("A", "B", LAND), link("A", "B", SEA))
    assert m.neighbours("A") == ("B",)  # listed once
    with pytest.raises(ValueError, match="several links"):
        m.link_between("A", "B")
    assert m.link_between("B", "A", via=SEA) == link("A", "B", SEA)
    # The cheapest open link prices the step.
    assert m.path_cost("A", "B", cost=lambda f, t, ln: 2.0 if ln.kind == LAND else 5.0) == 2.0
    assert m.path_cost("A", "B", cost=lambda f, t, ln: None if ln.kind == LAND else 5.0) == 5.0
    assert m.shortest_path("A", "B", cost=lambda f, t, ln: None) is None


def test_neighbours_by_kind():
    m = small()
    assert m.neighbours("O") == ("N", "P", "Q")
    assert m.neighbours("R") == ("N", "P", "Q")
    assert m.neighbours("R", via=LAND) == ()
    assert m.neighbours("Q", via=SEA) == ("R",)
    assert m.neighbours("Q", via=[LAND, SEA]) == m.neighbours("Q")
    assert m.neighbours("S") == ()
    assert m.links_of("P") == (link("O", "P"), link("P", "R", SEA, "doubtful"))


def test_components_and_connectivity():
    m = small()
    assert m.components() == (frozenset("NOPQR"), frozenset("S"))
    assert m.components(via=LAND) == (frozenset("NOPQ"), frozenset("R"), frozenset("S"))
    assert m.components(via=SEA) == (
        frozenset("NRPQ"), frozenset("O"), frozenset("S"))  # ordered by first area
    assert not m.is_connected()
    assert m.without(areas="S").is_connected()
    assert AreaMap([]).is_connected() and AreaMap([]).components() == ()
    assert AreaMap([Area("A")]).is_connected()


def test_distance_and_shortest_path():
    m = small()
    assert m.distance("N", "P") == 2
    assert m.shortest_path("N", "P") == ["N", "O", "P"]  # O comes before R on the map
    assert m.distance("R", "O", via=LAND) is None
    assert m.distance("R", "O") == 2
    assert m.distance("N", "S") is None and m.shortest_path("N", "S") is None
    assert m.within("N", 1) == ("N", "O", "R")
    assert m.within("N", 0) == ("N",)
    # Price the sea at 0.5 and the crossing via R wins.
    cheap_sea = lambda f, t, ln: 0.5 if ln.kind == SEA else 1.0  # noqa: E731
    assert m.shortest_path("N", "P", cost=cheap_sea) == ["N", "R", "P"]
    assert m.path_cost("N", "P", cost=cheap_sea) == 1.0
    # Direction matters to cost: landing on an island is dear, leaving it cheap.
    landing = lambda f, t, ln: 4.0 if t == "R" else 1.0  # noqa: E731
    assert m.path_cost("N", "R", cost=landing) == 4.0
    assert m.path_cost("R", "N", cost=landing) == 1.0
    with pytest.raises(ValueError):
        m.shortest_path("N", "P", cost=lambda f, t, ln: -1.0)


def test_flags_and_regions():
    m = small()
    assert m.areas_with("coastal") == ("N", "O", "R")
    assert m.areas_with("island") == ("R", "S")
    assert m.areas_with("volcano") == ()
    assert m.regions() == ("Chūgoku", "Tōkai", "Tōsan")
    assert m.region("Tōkai") == ("O", "P")
    with pytest.raises(KeyError):
        m.region("Kyushu")


def test_without_doubtful_links():
    m = small()
    firm = m.without(links_flagged="doubtful")
    assert len(firm.links) == len(m.links) - 1
    assert m.is_adjacent("P", "R") and not firm.is_adjacent("P", "R")
    assert firm.ids() == m.ids()
    assert m.without(link_kinds=SEA).components() == m.components(via=LAND)
    gone = m.without(areas=["O", "S"])
    assert gone.ids() == ("N", "P", "Q", "R")
    assert all(not ln.touches("O") for ln in gone.links)
    assert m.without() == m
    assert len(m.links) == 6  # the original is untouched


def test_link_order_does_not_matter():
    m = small()
    again = AreaMap(m.areas, reversed([link(ln.b, ln.a, ln.kind, ln.flags) for ln in m.links]))
    assert again == m and hash(again) == hash(m)
    assert again.links == m.links
    for a in m.ids():
        assert again.neighbours(a) == m.neighbours(a)
    assert repr(m) == "<AreaMap 6 areas, 6 links (land 3, sea 3)>"


# ---------------------------------------------------------------- properties


@st.composite
def area_maps(draw):
    n = draw(st.integers(1, 8))
    ids = [f"a{i}" for i in range(n)]
    pairs = [(a, b) for a, b in itertools.combinations(ids, 2)]
    keys = draw(st.lists(st.tuples(st.sampled_from(pairs), st.sampled_from([LAND, SEA])),
                         unique=True, max_size=14)) if pairs else []
    # Typed either way round: canonical links must make that irrelevant.
    links = [link(*((b, a) if draw(st.booleans()) else (a, b)), kind) for (a, b), kind in keys]
    order = draw(st.permutations(ids))
    return AreaMap([Area(i) for i in order], links)


def reference_distance(m, a, b, via):
    """Plain breadth-first search, independent of the Dijkstra under test."""
    kinds = None if via is None else {via}
    frontier, seen, d = {a}, {a}, 0
    while frontier:
        if b in frontier:
            return d
        nxt = set()
        for x in frontier:
            for ln in m.links:
                if ln.touches(x) and (kinds is None or ln.kind in kinds):
                    y = ln.other(x)
                    if y not in seen:
                        seen.add(y)
                        nxt.add(y)
        frontier, d = nxt, d + 1
    return None


@settings(max_examples=80, deadline=None)
@given(area_maps(), st.sampled_from([None, LAND, SEA]))
def test_random_maps(m, via):
    comps = m.components(via)
    assert sorted(itertools.chain.from_iterable(comps)) == sorted(m.ids())  # a partition
    assert m.is_connected(via) == (len(comps) == 1)
    where = {a: c for c in comps for a in c}
    for a, b in itertools.product(m.ids(), repeat=2):
        adj = m.is_adjacent(a, b, via)
        assert adj == m.is_adjacent(b, a, via)
        assert adj == (b in m.neighbours(a, via)) == (a in m.neighbours(b, via))
        d = m.distance(a, b, via)
        assert d == m.distance(b, a, via) == reference_distance(m, a, b, via)
        assert (d is not None) == (b in where[a])
        path = m.shortest_path(a, b, via)
        if d is None:
            assert path is None
        else:
            assert path[0] == a and path[-1] == b and len(path) == d + 1
            assert all(m.is_adjacent(x, y, via) for x, y in zip(path, path[1:]))
    # Deterministic: the same question, the same answer.
    a, b = m.ids()[0], m.ids()[-1]
    assert m.shortest_path(a, b, via) == m.shortest_path(a, b, via)
