"""Movement [6], off-map entry [12], retreats [11.7] [8.5]: in tenkatoitsu/kinds/battle/,
rules/ (charge.py, deployment.py, march.py, withdrawal.py, retreat.py, movement.py)
and queries/ (reach.py, charge_paths.py).

Positions are built as tiny scenarios (an open map of clear hexes unless a test
adds terrain), or from scenarios/training.tks with units placed by `place`.
Generators are driven by tenkatoitsu.core.driver.Driver with scripted answers."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenkatoitsu.core.decisions import IllegalAnswer
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.dsl.diagnostics import render_all
from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.events import UnitEliminated, UnitEntered, UnitMoved
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.load import load_scenario, load_text
from tenkatoitsu.kinds.battle.queries import charge_paths, reach, zoc
from tenkatoitsu.kinds.battle.rules import charge, deployment, march, retreat, withdrawal
from tenkatoitsu.kinds.battle.scenario.model import Order

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "movement_options.json"
H = Hex.from_id


# ============================================================ building positions

def scenario_text(clans: dict[str, tuple[str, str]], units: list[tuple], *, size=(12, 10),
                  map_extra: str = "", night: bool = False, fortress: str | None = None) -> str:
    """clans: id -> (side 'blue'|'pink', order[, entry id]);
    units: (id, clan, hex or 'offmap'[, lead])."""
    sides: dict[str, list[str]] = {"blue": [], "pink": []}
    so = {}
    for cid, spec in clans.items():
        side, order = spec[0], spec[1]
        enter = f"\n      enter {spec[2]}" if len(spec) > 2 else ""
        body = []
        if not any(u[1] == cid for u in units):
            continue  # a clan without units is an error [5.1]
        for u in units:
            if u[1] != cid:
                continue
            lead = f" lead {u[3]}" if len(u) > 3 else ""
            mark = ""
            if side not in so:
                so[side] = u[0]
                mark = " so-taisho"
            body.append(f'      unit {u[0]} "{u[0]}" elan 1 mass 2{lead}{mark} at {u[2]}')
        sides[side].append(f'    clan {cid} "{cid}" {{\n      order {order}{enter}\n'
                           + "\n".join(body) + "\n    }")
    w, h = size
    siege = ""
    if fortress:
        map_extra += (f'\n    terrain fortress {fortress}'
                      f'\n    fortress keep "Keep" {fortress} siege keep')
        approach = Hex.from_id(fortress).neighbours()[0].id
        siege = (f'  siege-map keep "Keep" {{\n    base centre\n    key gate "Gate" defense 2\n'
                 f'    peripheral a "Approach" hex {approach}\n    line a -- gate\n'
                 f'    line gate -- centre\n  }}\n')
    side_text = "\n".join(
        f'  side {s} "{s}" {{\n    so-taisho {so[s]} table cp\n' + "\n".join(cl) + "\n  }"
        for s, cl in sides.items())
    return f'''version 1
scenario "Movement test" {{
  kind tenkatoitsu
  use "rules/tenkatoitsu.tks"
  turns 1..4 {{
    {"night 1" if night else ""}
  }}
  map {w} x {h} {{
    default clear
{map_extra}
  }}
{side_text}
  victory {{
    margin 2
    level "Draw" winner none lead blue ..1
  }}
  table cp {{
    ..1: 1
    2..: 1
  }}
{siege}}}
'''


def make_game(clans, units, seed=0, **kw) -> Game:
    text = scenario_text(clans, units, **kw)
    res = load_text(text, ROOT / "scenarios" / "movement-test.tks")
    assert res.ok, render_all(res.diagnostics, res.sources) + "\n" + text
    return Game(res.document, seed=seed)


_TRAINING = None


def training(variants=(), seed=0) -> Game:
    global _TRAINING
    if _TRAINING is None:
        _TRAINING = load_scenario(ROOT / "scenarios" / "training.tks")
    return Game(_TRAINING, variants=variants, seed=seed)


def place(game: Game, uid: str, h: str | None) -> None:
    """Test set-up only: put a unit on a hex (None: off the map), keeping the
    occupancy index right, without an event."""
    game._lift(uid)
    if h is None:
        game.state.units[uid].hex = None
        game.version += 1
    else:
        game._drop(uid, H(h))


def hexes_of(game, *uids) -> list[str]:
    return [game.state.units[u].hex.id for u in uids]


def drive(gen, *answers) -> Driver:
    """Start a rule generator and answer its decisions in turn; an answer may
    be a callable of the pending Decision."""
    d = Driver(gen)
    for a in answers:
        assert d.pending is not None, f"no decision left for answer {a!r}"
        d.answer(a(d.pending) if callable(a) else a)
    return d


def finish(d: Driver, choose=lambda dec: dec.options[0].value):
    return d.run(choose)


def values(d: Driver) -> list:
    assert d.pending is not None
    return d.pending.values()


def moves(game: Game, movement: str | None = None) -> list[UnitMoved]:
    return [e for e in game.events if isinstance(e, UnitMoved)
            and (movement is None or e.movement == movement)]


def ids(hexes) -> list[str]:
    return sorted(h.id for h in hexes)


def no_shared_hexes(game: Game) -> bool:
    seen = {}
    for u in game.units_on_map():
        if game.map.is_fortress(u.hex):
            continue
        if u.hex in seen:
            return False
        seen[u.hex] = u.id
    return True


BLUE_ATTACK_PINK_DEFENSE = {"A": ("blue", "attack"), "P": ("pink", "defense")}


# ============================================================ charge [6.3]

def example_6_3() -> Game:
    """Example 6.3 as far as the text gives it: blue units A, B, C of one clan
    in Attack; pink X and Y. A is 2 MP from both, B nearer Y, C nearer X."""
    return make_game(BLUE_ATTACK_PINK_DEFENSE,
                     [("A1", "A", "0505"), ("B1", "A", "0506"), ("C1", "A", "0504"),
                      ("X", "P", "0703"), ("Y", "P", "0707")])


def test_example_6_3_target_choices():
    g = example_6_3()
    # "If he chooses unit A, he can move it towards any of X or Y because both
    # are 2 MP away. If he chooses unit B, then unit Y is the nearest ... C: X"
    assert charge_paths.charge_targets(g, "A1") == ["X", "Y"]
    assert charge_paths.charge_targets(g, "B1") == ["Y"]
    assert charge_paths.charge_targets(g, "C1") == ["X"]


def test_example_6_3_spearhead_a_then_others_adjacent_to_it():
    g = example_6_3()
    d = drive(charge.charge(g, "A"))
    assert d.pending.kind == "charge-spearhead" and values(d) == ["A1", "B1", "C1"]
    d.answer("A1")
    assert d.pending.kind == "charge-target" and values(d) == ["X", "Y"]
    d.answer("Y")
    assert d.pending.kind == "charge-hex"
    ends = values(d)
    # 2 MP to contact with Y, and every end is in contact with Y
    assert ends and all(H(e).is_adjacent(H("0707")) for e in ends)
    d.answer(ends[0])
    spear = g.state.units["A1"].hex
    for unit in ("B1", "C1"):
        assert d.pending.kind == "charge-unit"
        d.answer(unit)
        assert d.pending.kind == "charge-hex"
        opts = values(d)
        start = g.state.units[unit].hex
        assert all(_from(o, start).is_adjacent(spear) for o in opts), opts
        d.answer(opts[-1])
    assert d.finished and d.result is True
    assert all(m.rule == "6.3" and m.movement == "charge" for m in moves(g))


def _from(value, start):
    return start if value == "stay" else H(value)


def test_example_6_3_spearhead_c_must_charge_x():
    g = example_6_3()
    d = drive(charge.charge(g, "A"), "C1")
    assert d.pending.kind == "charge-target" and values(d) == ["X"]
    d.answer("X")
    assert all(H(e).is_adjacent(H("0703")) for e in values(d))


def test_spearhead_must_choose_among_units_not_in_ezoc():
    g = make_game(BLUE_ATTACK_PINK_DEFENSE,
                  [("A1", "A", "0505"), ("A2", "A", "0606"), ("X", "P", "0607")])
    assert zoc.is_in_ezoc(g, "A2")
    d = drive(charge.charge(g, "A"))
    assert values(d) == ["A1"]
    d.answer("A1")
    finish(d)
    # the unit in an EZoC never moves [4.2]
    assert g.state.units["A2"].hex == H("0606")


def test_charge_with_every_unit_in_ezoc_asks_nothing():
    g = make_game(BLUE_ATTACK_PINK_DEFENSE, [("A1", "A", "0606"), ("X", "P", "0607")])
    d = drive(charge.charge(g, "A"))
    assert d.finished and d.result is False and moves(g) == []


def test_engaged_enemies_are_not_candidate_targets():
    # Z is 1 MP from the spearhead but already in the ZoC of F (another clan)
    units = [("S", "A", "0303"), ("Z", "P", "0503"), ("X", "P", "0306")]
    g = make_game({**BLUE_ATTACK_PINK_DEFENSE}, units)
    assert charge_paths.charge_targets(g, "S") == ["Z"]
    g = make_game({**BLUE_ATTACK_PINK_DEFENSE, "F": ("blue", "defense")},
                  units + [("F1", "F", "0603")])
    assert charge_paths.charge_targets(g, "S") == ["X"]


def test_spearhead_must_end_adjacent_to_an_enemy_if_it_can():
    # the only non-engaged enemy X is far away; Z (engaged by F) is in reach:
    # [6.3.1] "must end its charge adjacent to an enemy unit if that is possible"
    g = make_game({**BLUE_ATTACK_PINK_DEFENSE, "F": ("blue", "defense")},
                  [("S", "A", "0303"), ("Z", "P", "0503"), ("F1", "F", "0603"), ("X", "P", "1110")])
    assert charge_paths.charge_targets(g, "S") == ["X"]
    ends = charge_paths.spearhead_destinations(g, "S", "X")
    assert ends and all(H("0503").is_adjacent(h) for h in ends)


def test_engaged_enemies_count_when_no_free_enemy_can_be_reached():
    # X is free but ringed by a river; Z, engaged by F, is the one to charge
    river = " ".join(f"0909|{n.id}" for n in H("0909").neighbours())
    g = make_game({**BLUE_ATTACK_PINK_DEFENSE, "F": ("blue", "defense")},
                  [("S", "A", "0202"), ("Z", "P", "0208"), ("F1", "F", "0209"), ("X", "P", "0909")],
                  map_extra=f"    hexside river {river}")
    assert charge_paths.charge_targets(g, "S") == ["Z"]


def test_spearhead_out_of_reach_moves_its_full_allowance_toward_the_target():
    g = make_game(BLUE_ATTACK_PINK_DEFENSE, [("S", "A", "0202"), ("X", "P", "0209")])
    ends = charge_paths.spearhead_destinations(g, "S", "X")
    d0 = hex_distance(H("0202"), H("0209"))
    for h, path in ends.items():
        assert len(path) - 1 == 3  # 3 MP of open hexsides
        assert hex_distance(h, H("0209")) == d0 - 3  # straight toward the target
    assert not any(H("0209").is_adjacent(h) for h in ends)


def test_charge_costs_and_impassable():
    # a river between 0303 and 0403: the charge goes round; woods cost 2
    g = make_game(BLUE_ATTACK_PINK_DEFENSE, [("S", "A", "0303"), ("X", "P", "0909")],
                  map_extra="    hexside river 0303|0403\n    terrain woods 0304")
    costs = reach.reachable(g, "S", 3, "charge")
    assert costs[H("0303")] == 0
    assert H("0304") in costs and costs[H("0304")] == 2  # woods edge [6.2.2]
    p = reach.path_to(g, "S", "0403", 3, "charge")
    assert p is not None and p[1] != H("0403") and len(p) == 3
    assert costs[H("0403")] == 2


def test_charge_never_enters_occupied_hexes_and_stops_on_entering_ezoc():
    g = training(["dawn"])
    for uid in ("B1", "B2", "A1", "A2", "C1", "C2", "C3"):
        if not reach.can_start(g, uid):
            assert reach.reachable(g, uid, 3, "charge") == {g.state.units[uid].hex: 0.0}
            continue
        side = g.side_of(uid)
        ez = zoc.enemy_zoc(g, side)
        for h in reach.reachable(g, uid, 3, "charge"):
            path = reach.path_to(g, uid, h, 3, "charge")
            assert not any(h2 in ez for h2 in path[1:-1]), (uid, path)
            assert h == path[0] or not g.occupants(h) or g.map.is_fortress(h)


def test_a_charge_at_a_garrison_out_of_reach_stops_next_to_the_fortress():
    g = make_game(BLUE_ATTACK_PINK_DEFENSE, [("S", "A", "0505"), ("X", "P", "0503")],
                  fortress="0503")
    assert H("0503") not in reach.reachable(g, "S", 3, "charge")  # 1 MP + 3 MP to enter [15.3]
    # no ZoC out of a fortress: the spearhead is free; the garrison is reached by
    # entering the fortress [15.5], so the charge ends as near as its MP allow
    ends = charge_paths.spearhead_destinations(g, "S", "X")
    assert ends and all(h.is_adjacent(H("0503")) for h in ends)
    g.move("S", [H("0505"), H("0504")], "charge", "6.3")
    assert list(charge_paths.spearhead_destinations(g, "S", "X")) == [H("0503")]  # in Attack: it enters


def test_the_memoized_search_follows_the_movers_order_and_the_position():
    # the searches are memoized per position (reach.frontier); the mover's
    # Order, which changes without a move, decides the entry of a garrisoned
    # fortress [15.3] [15.7.2], and a move changes everything
    g = make_game(BLUE_ATTACK_PINK_DEFENSE, [("S", "A", "0504"), ("X", "P", "0503")],
                  fortress="0503")
    assert H("0503") in reach.reachable(g, "S", 3, "charge")
    g.set_order("A", Order.DEFENSE, "8.1")
    assert H("0503") not in reach.reachable(g, "S", 3, "charge")
    g.set_order("A", Order.ATTACK, "8.1")
    assert H("0503") in reach.reachable(g, "S", 3, "charge")
    place(g, "X", "0909")  # out of the fortress: no ZoC out of it before, one now [4.2]
    g.set_order("A", Order.DEFENSE, "8.1")
    assert H("0503") in reach.reachable(g, "S", 3, "charge")  # an empty fortress is free [15.3]
    place(g, "X", "0505")
    assert reach.reachable(g, "S", 3, "charge") == {H("0504"): 0.0}  # now in its EZoC [4.2]


# ============================================================ deployment [6.4]

DEFENSE = {"D": ("blue", "defense"), "P": ("pink", "defense")}


def test_deployment_one_hex_keeping_the_clan_together():
    g = make_game(DEFENSE, [("D1", "D", "0303"), ("D2", "D", "0304"), ("X", "P", "0909")])
    # D1 must stay next to D2 [6.2.4]
    assert ids(reach.deployment_hexes(g, "D1")) == ["0203", "0403"]


def test_deployment_into_ezoc_only_if_the_enemy_is_engaged_by_another_unit():
    units = [("D1", "D", "0304"), ("E", "P", "0505")]
    g = make_game(DEFENSE, units)
    assert "0404" not in ids(reach.deployment_hexes(g, "D1"))
    g = make_game({**DEFENSE, "F": ("blue", "defense")}, units + [("F1", "F", "0605")])
    assert "0404" in ids(reach.deployment_hexes(g, "D1"))


def test_deploy_generator_pass_and_one_hex_moves():
    g = make_game(DEFENSE, [("D1", "D", "0303"), ("D2", "D", "0304"), ("X", "P", "0909")])
    d = drive(deployment.deploy(g, "D"))
    assert d.pending.kind == "deploy-unit" and values(d) == ["D1", "D2", "pass"]
    d.answer("D1")
    assert d.pending.kind == "deploy-hex" and values(d) == ["0203", "0403"]
    d.answer("0403")
    assert values(d) == ["D2", "pass"]
    d.answer("pass")
    assert d.finished and d.result is True
    [m] = moves(g)
    assert m.path == ("0303", "0403") and m.movement == "deployment" and m.rule == "6.4"


# ============================================================ march [6.5]

MOVEMENT = {"M": ("blue", "movement"), "P": ("pink", "defense")}


def test_road_costs_half_mp():
    road = " ".join(f"01{r:02d}" for r in range(1, 11))
    g = make_game(MOVEMENT, [("M1", "M", "0101"), ("X", "P", "1110")],
                  map_extra=f'    road "R" {road}')
    costs = reach.reachable(g, "M1", 4, "march")
    assert costs[H("0109")] == 4.0  # 8 road hexsides at ½ [6.5.2]
    assert H("0110") not in costs
    assert reach.path_to(g, "M1", "0109", 4, "march") == [H(f"01{r:02d}") for r in range(1, 10)]
    # a charge does not use the road
    assert H("0105") not in reach.reachable(g, "M1", 3, "charge")


def test_example_6_5_2_path_and_hexside_costs():
    """Example 6.5.2: along the path, 4 MP; or 2 MP of path then 2 MP for the
    last hexside (into woods)."""
    g = make_game(MOVEMENT, [("M1", "M", "0203"), ("X", "P", "1110")],
                  map_extra='    terrain woods 0205 0206 0207 0305\n'
                            '    path "P" 0203 0204 0205 0206 0207')
    white = reach.path_to(g, "M1", "0207", 4, "march")
    assert white == [H(x) for x in ("0203", "0204", "0205", "0206", "0207")]
    assert reach.path_cost(g, white, "march") == 4.0
    red = [H(x) for x in ("0203", "0204", "0205", "0305")]
    assert [g.map.march_cost(a, b) for a, b in zip(red, red[1:])] == [1.0, 1.0, 2.0]
    costs = reach.reachable(g, "M1", 4, "march")
    assert costs[H("0207")] == 4.0 and costs[H("0305")] <= 4.0
    assert H("0207") not in reach.reachable(g, "M1", 3, "charge")  # 1 + 2 + 2 + 2 without the path


def test_road_and_path_cross_impassable_hexsides_for_a_march_only():
    g = make_game(MOVEMENT, [("M1", "M", "0303"), ("X", "P", "1110")],
                  map_extra='    hexside river 0303|0304\n    path "Bridge" 0303 0304')
    assert reach.reachable(g, "M1", 4, "march")[H("0304")] == 1.0
    assert reach.path_to(g, "M1", "0304", 3, "charge")[1] != H("0304")


def test_march_never_enters_nor_leaves_an_ezoc():
    g = make_game(MOVEMENT, [("M1", "M", "0303"), ("M2", "M", "0707"), ("X", "P", "0505"),
                             ("Y", "P", "0708")])
    ez = zoc.enemy_zoc(g, "blue")
    assert not (set(reach.reachable(g, "M1", 4, "march")) & ez)
    assert zoc.is_in_ezoc(g, "M2")
    assert reach.reachable(g, "M2", 4, "march") == {H("0707"): 0.0}
    d = drive(march.march(g, "M"))
    assert values(d) == ["M1"]  # M2 is held by the EZoC
    finish(d)


def test_march_cohesion_later_units_end_next_to_earlier_ones():
    g = make_game(MOVEMENT, [("M1", "M", "0303"), ("M2", "M", "0304"), ("X", "P", "1110")])
    d = drive(march.march(g, "M"), "M1")
    assert d.pending.kind == "march-hex" and "stay" in values(d)
    d.answer("0603")
    d.answer("M2")
    opts = values(d)
    assert opts and all(H(o).is_adjacent(H("0603")) for o in opts)
    d.answer(opts[0])
    assert d.finished and d.result is True
    assert all(m.movement == "march" and m.rule == "6.5" for m in moves(g))


# ============================================================ off-map entry [12]

ENTRY = {"D": ("blue", "movement", "N"), "P": ("pink", "defense"), "F": ("blue", "defense")}
ENTRY_MAP = '    entry N 0601\n    road "R" 0601 0602 0603 0604'


def test_offmap_clan_enters_with_the_road_cost():
    g = make_game(ENTRY, [("D1", "D", "offmap"), ("D2", "D", "offmap"), ("X", "P", "1110")],
                  map_extra=ENTRY_MAP)
    assert g.state.clans["D"].off_map
    assert reach.entry_cost(g, H("0601")) == 0.5  # the road from off the map
    d = drive(march.march(g, "D"), "D1")
    assert d.pending.kind == "march-hex"
    opts = values(d)
    # ½ to enter, 1½ to 0604 along the road, 2 MP left for open hexsides
    assert "0604" in opts and "0606" in opts and "0607" not in opts
    d.answer("0606")
    d.answer("D2")
    assert all(H(o).is_adjacent(H("0606")) for o in values(d))
    finish(d)
    assert d.result is True and not g.state.clans["D"].off_map
    assert [e.unit for e in g.events if isinstance(e, UnitEntered)] == ["D1", "D2"]
    assert reach.entry_cost(g, H("0101")) == 1.0  # no road: an open hexside


def test_offmap_entry_is_all_or_nothing():
    # the entry hex in a corner: only 0101 and 0102 can take units
    clans = {"D": ("blue", "movement", "W"), "P": ("pink", "defense"), "F": ("blue", "defense")}
    base = [("F1", "F", "0201"), ("X", "P", "1110")]
    column = [("D1", "D", "offmap"), ("D2", "D", "offmap"), ("D3", "D", "offmap")]
    g = make_game(clans, base + column, map_extra="    entry W 0101")
    g2 = make_game(clans, base + [("F2", "F", "0103"), ("F3", "F", "0202")] + column,
                   map_extra="    entry W 0101")
    # three units, two hexes: the clan does not enter, nothing is placed
    d = drive(march.march(g2, "D"))
    assert d.finished and d.result is False
    assert g2.state.clans["D"].off_map
    assert all(g2.state.units[u].hex is None for u in ("D1", "D2", "D3"))
    # with room for all, the first units must leave the entry hex free
    d = drive(march.march(g, "D"), "D1")
    assert "0101" not in values(d)
    finish(d)
    assert d.result is True and all(g.state.units[u].on_map for u in ("D1", "D2", "D3"))


def test_offmap_entry_blocked_by_an_occupied_or_ezoc_entry_hex():
    units = [("D1", "D", "offmap"), ("X", "P", "1110")]
    g = make_game(ENTRY, units + [("F1", "F", "0601")], map_extra=ENTRY_MAP)
    assert drive(march.march(g, "D")).result is False
    g = make_game(ENTRY, units[:1] + [("X", "P", "0702")], map_extra=ENTRY_MAP)
    assert H("0601") in zoc.enemy_zoc(g, "blue")
    d = drive(march.march(g, "D"))
    assert d.finished and d.result is False and g.state.clans["D"].off_map


def test_two_units_room_for_two_the_entry_hex_is_left_for_the_last():
    clans = {"D": ("blue", "movement", "W"), "P": ("pink", "defense"), "F": ("blue", "defense")}
    g = make_game(clans, [("F1", "F", "0201"), ("X", "P", "1110"), ("F2", "F", "0103"),
                          ("F3", "F", "0202"), ("D1", "D", "offmap"), ("D2", "D", "offmap")],
                  map_extra="    entry W 0101")
    d = drive(march.march(g, "D"), "D2")
    assert values(d) == ["0102"]
    d.answer("0102")
    d.answer("D1")
    assert values(d) == ["0101"]
    d.answer("0101")
    assert d.finished and d.result is True


# ============================================================ withdrawal [6.6] and pursuit [6.7]

REGROUP = {"R": ("blue", "regroup"), "P": ("pink", "attack"), "D": ("blue", "defense"),
           "Q": ("pink", "defense")}


def _check_withdrawal_paths(g, uid, dests):
    side = g.side_of(uid)
    ez = zoc.enemy_zoc(g, side)
    for end, path in dests.items():
        assert path[0] == g.state.units[uid].hex and path[-1] == end
        assert 1 <= len(path) - 1 <= 8
        assert not any(h in ez for h in path[1:])
        assert all(a.is_adjacent(b) and not g.map.is_impassable(a, b)
                   for a, b in zip(path, path[1:]))
        # ends as soon as the nearest enemy is 4 hexes away
        assert all(reach.nearest_enemy_distance(g, h, side) <= 3 for h in path[:-1])
        if not g.map.is_fortress(end):
            assert reach.nearest_enemy_distance(g, end, side) == 4


def example_6_6() -> Game:
    """Example 6.6: A, B and C of one clan in Regroup; C has no withdrawal
    path (enemy ZoC all round and a friendly unit of another clan)."""
    return make_game(REGROUP, [("A", "R", "0602"), ("B", "R", "0802"), ("C", "R", "0705"),
                               ("D1", "D", "0704"), ("Z", "Q", "0605"), ("W", "Q", "0805")])


def test_example_6_6_blocked_unit_cannot_be_chosen_and_stays():
    g = example_6_6()
    assert reach.withdrawal_eligible(g, "R") == ["A", "B", "C"]
    assert reach.withdrawal_destinations(g, "C") == {}
    for u in ("A", "B"):
        _check_withdrawal_paths(g, u, reach.withdrawal_destinations(g, u))
    d = drive(withdrawal.withdraw(g, "R"))
    assert d.pending.kind == "withdraw-unit" and values(d) == ["A", "B"]
    d.answer("A")
    assert d.pending.kind == "withdraw-hex"
    d.answer(values(d)[0])
    a = g.state.units["A"].hex
    assert values(d) == ["B"]  # C still cannot withdraw
    d.answer("B")
    # B ends as close as possible to A, which already withdrew [6.6.2]
    opts = [H(v) for v in values(d)]
    best = min(hex_distance(h, a) for h in reach.withdrawal_destinations(g, "B"))
    assert all(hex_distance(h, a) == best for h in opts)
    d.answer(values(d)[0])
    assert d.finished and d.result == ["A", "B"]
    assert g.state.units["C"].hex == H("0705")
    assert all(m.movement == "withdrawal" and m.rule == "6.6" for m in moves(g))


def test_withdrawal_is_at_most_8_hexes():
    """A ring of friendly units 2 hexes round the enemy and another 4 hexes
    round it, with one gap: the unit must walk round the ring 3 hexes out."""
    centre = H("0806")
    from tenkatoitsu.hexmap import ring
    inner, r3, outer = ring(centre, 2), ring(centre, 3), ring(centre, 4)

    def game_with_gap(steps):
        start, via = r3[0], r3[steps - 1]
        gap = next(h for h in outer if h.is_adjacent(via)
                   and min(r3.index(n) for n in h.neighbours() if n in r3) == steps - 1
                   and max(r3.index(n) for n in h.neighbours() if n in r3) < 18 - steps + 1)
        walls = [h for h in inner + outer if h != gap]
        units = [("U", "R", start.id), ("E", "Q", centre.id)]
        units += [(f"W{i}", "D", h.id) for i, h in enumerate(walls)]
        return make_game(REGROUP, units, size=(16, 12)), gap

    g, gap = game_with_gap(8)  # 7 hexes round the ring and out: 8
    dests = reach.withdrawal_destinations(g, "U")
    assert list(dests) == [gap] and len(dests[gap]) - 1 == 8
    _check_withdrawal_paths(g, "U", dests)
    g, gap = game_with_gap(9)  # 9 hexes: too far, the unit cannot withdraw [6.6.3]
    assert reach.withdrawal_destinations(g, "U") == {}
    d = drive(withdrawal.withdraw(g, "R"))
    assert d.finished and d.result == [] and moves(g) == []


def example_6_7() -> Game:
    """Example 6.7: A and B in Regroup, X and Y in Attack; X is next to A, Y
    next to B."""
    return make_game(REGROUP, [("A", "R", "0603"), ("B", "R", "0502"), ("X", "P", "0604"),
                               ("Y", "P", "0402")])


def test_example_6_7_pursuit_cuts_the_second_withdrawal():
    g = example_6_7()
    d = drive(withdrawal.withdraw(g, "R"), "A")
    assert "0801" in values(d)
    path = reach.withdrawal_destinations(g, "A")[H("0801")]
    assert path == [H(x) for x in ("0603", "0602", "0702", "0801")]
    d.answer("0801")
    # the pink player may try to avoid the pursuit, then must pursue with X
    assert d.pending.kind == "avoid-pursuit" and d.pending.side == "pink"
    assert values(d) == ["pursue", "order-change"]
    d.answer("pursue")
    assert d.pending.kind == "pursuer" and values(d) == ["X"]
    d.answer("X")
    # X follows A's path and stops on entering B's ZoC
    assert moves(g, "pursuit")[-1].path == ("0604", "0603", "0602")
    assert H("0602") in zoc.zoc_of(g, "B")
    # B is now surrounded by EZoC: its withdrawal is cut
    assert d.finished and d.result == ["A"]
    assert reach.withdrawal_destinations(g, "B") == {}
    kinds = [(e.unit, e.movement) for e in moves(g)]
    assert kinds == [("A", "withdrawal"), ("X", "pursuit")]


def test_example_6_7_alternative_withdrawals_and_pursuits_alternate():
    """Example 6.7 (alternative), A one hex further east: B withdraws first, Y
    pursues into A's ZoC; then A withdraws and X or Y may pursue it."""
    g = make_game(REGROUP, [("A", "R", "0704"), ("B", "R", "0502"), ("X", "P", "0705"),
                            ("Y", "P", "0402")])
    d = drive(withdrawal.withdraw(g, "R"), "B", "0508", "pursue")
    assert values(d) == ["Y"]
    d.answer("Y")
    # Y stops on coming into A's ZoC
    assert moves(g, "pursuit")[-1].path == ("0402", "0502", "0602", "0603")
    assert H("0603") in zoc.zoc_of(g, "A")
    d.answer("A")
    d.answer("0608")
    d.answer("pursue")
    # "The pink player could also have pursued with unit Y instead of unit X"
    assert values(d) == ["X", "Y"]
    d.answer("X")
    assert d.finished and d.result == ["B", "A"]
    kinds = [(e.unit, e.movement) for e in moves(g)]
    assert kinds == [("B", "withdrawal"), ("Y", "pursuit"), ("A", "withdrawal"), ("X", "pursuit")]


def test_no_pursuit_without_attack_or_when_disabled():
    units = [("A", "R", "0505"), ("X", "Q", "0506")]
    g = make_game(REGROUP, units)
    finish(drive(withdrawal.withdraw(g, "R")))
    assert moves(g, "pursuit") == []
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506")])
    d = drive(withdrawal.withdraw(g, "R", pursuit=False))  # Kōtai [10.4.3]
    finish(d)
    assert d.result == ["A"] and moves(g, "pursuit") == []


def _seed_with_first_roll(pred):
    return next(s for s in range(1000) if pred(random.Random(s).randint(1, 6)))


@pytest.mark.parametrize("succeeds", [True, False])
def test_order_change_to_defense_avoids_the_pursuit(succeeds):
    # clan P: Leadership 2, Attack -> Defense needs 5 [8.1]: a roll of 3+
    seed = _seed_with_first_roll((lambda r: r >= 3) if succeeds else (lambda r: r < 3))
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506", 2)], seed=seed)
    assert reach.order_change_value(g, Order.ATTACK, Order.DEFENSE) == 5
    d = drive(withdrawal.withdraw(g, "R"), "A", lambda dec: dec.options[0].value, "order-change")
    if succeeds:
        assert d.finished and g.order_of("P") == Order.DEFENSE
        assert moves(g, "pursuit") == []
    else:
        assert g.order_of("P") == Order.ATTACK
        assert d.pending.kind == "pursuer"
        d.answer("X")
        assert d.finished and len(moves(g, "pursuit")) == 1


def test_night_order_change_values():
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506")], night=True)
    assert g.is_night()
    assert reach.order_change_value(g, Order.DEFENSE, Order.ATTACK) == 4
    assert reach.order_change_value(g, Order.ATTACK, Order.DEFENSE) == 5


def test_withdrawal_into_a_fortress_and_the_pursuer_stops_before_it():
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506")], fortress="0503")
    dests = reach.withdrawal_destinations(g, "A")
    assert dests[H("0503")] == [H("0505"), H("0504"), H("0503")]  # the fortress counts as one hex
    _check_withdrawal_paths(g, "A", dests)
    d = drive(withdrawal.withdraw(g, "R"), "A", "0503", "pursue", "X")
    assert d.finished
    # never into the fortress [15.7.3]
    assert moves(g, "pursuit")[-1].path == ("0506", "0505", "0504")


def test_pursuit_first_hex_allowed_out_of_an_ezoc():
    # X starts in the ZoC of F (a blue unit of another clan) and still pursues
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506"), ("F1", "D", "0507")])
    assert zoc.is_in_ezoc(g, "X")
    d = drive(withdrawal.withdraw(g, "R"), "A", lambda dec: dec.options[-1].value, "pursue", "X")
    assert d.finished
    path = moves(g, "pursuit")[-1].path
    assert path[:2] == ("0506", "0505")


# ============================================================ retreats [11.7] [8.5]

def test_retreat_after_combat_never_into_ezoc():
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506"), ("Y", "P", "0404")])
    ez = zoc.enemy_zoc(g, "blue")
    hexes = reach.retreat_hexes(g, "A")
    assert hexes and not (set(hexes) & ez)
    d = drive(retreat.retreat_after_combat(g, "A"))
    assert d.pending.kind == "retreat-hex" and all(H(v) not in ez for v in d.pending.values())
    with pytest.raises(IllegalAnswer):
        d.answer("0405")  # in Y's ZoC
    d.answer(values(d)[0])
    assert d.result is True and moves(g, "retreat")[-1].rule == "11.7"


def test_retreat_after_combat_with_a_river_at_the_back_is_refused():
    # [11.7] example 2: a river behind, the enemy in front: no retreat
    river = " ".join(f"0505|{n.id}" for n in H("0505").neighbours() if n != H("0506"))
    g = make_game(REGROUP, [("A", "R", "0505"), ("X", "P", "0506")],
                  map_extra=f"    hexside river {river}")
    assert reach.retreat_hexes(g, "A") == []
    d = drive(retreat.retreat_after_combat(g, "A"))
    assert d.finished and d.result is False and moves(g) == []


def test_rally_retreat_three_hexes_away():
    g = make_game(REGROUP, [("A", "R", "0605"), ("X", "Q", "0201")])
    d0 = reach.nearest_enemy_distance(g, "0605", "blue")
    paths = reach.rally_retreat_paths(g, "A")
    assert paths
    for end, path in paths.items():
        assert len(path) == 4
        dist = [reach.nearest_enemy_distance(g, h, "blue") for h in path]
        assert dist == [d0, d0 + 1, d0 + 2, d0 + 3]
    d = drive(retreat.rally_retreat(g, "A"))
    assert d.pending.kind == "rally-retreat-hex"
    d.answer(values(d)[0])
    assert d.result is True and moves(g, "retreat")[-1].rule == "8.5"


def test_rally_retreat_impossible_the_unit_stays():
    # in the corner, the enemy on the other side: no hex is further away
    g = make_game(REGROUP, [("A", "R", "1210"), ("X", "Q", "0806")])
    assert reach.rally_retreat_paths(g, "A") == {}
    d = drive(retreat.rally_retreat(g, "A"))
    assert d.finished and d.result is False and moves(g) == []


# ============================================================ golden counts of legal options

def _golden_position(name: str) -> dict:
    if name.startswith("training/"):
        g = training(tuple(v for v in name.split("/")[1].split("+") if v != "standard"))
    elif name == "example-6.6":
        g = example_6_6()
    else:
        g = example_6_7()
    units = sorted(u.id for u in g.units_on_map())
    out = {
        "charge_targets": {u: charge_paths.charge_targets(g, u) for u in units if charge_paths.charge_targets(g, u)},
        "charge_reach": {u: len(reach.reachable(g, u, 3, "charge")) for u in units},
        "march_reach": {u: len(reach.reachable(g, u, 4, "march")) for u in units},
        "deployment": {u: len(reach.deployment_hexes(g, u)) for u in units},
        "withdrawal": {u: len(reach.withdrawal_destinations(g, u)) for u in units
                       if reach.nearest_enemy_distance(g, g.state.units[u].hex, g.side_of(u)) <= 3},
        "retreat": {u: len(reach.retreat_hexes(g, u)) for u in units},
        "rally_retreat": {u: len(reach.rally_retreat_paths(g, u)) for u in units},
    }
    for clan, cs in sorted(g.state.clans.items()):
        if cs.off_map:
            n = sum(1 for u in g.state.clan_units(clan, on_map_only=False) if u.hex is None)
            out.setdefault("entry", {})[clan] = len(reach.entry_destinations(g, clan, 4, (), n))
    return out


GOLDEN_POSITIONS = ["training/standard", "training/dawn", "training/dawn+asakura",
                    "example-6.6", "example-6.7"]


def test_golden_option_counts():
    """Counts of legal options in fixed positions. After a deliberate rules
    change, regenerate with TENKATOITSU_UPDATE_GOLDEN=1 and review the diff."""
    got = {name: _golden_position(name) for name in GOLDEN_POSITIONS}
    if os.environ.get("TENKATOITSU_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    want = json.loads(GOLDEN.read_text())
    for name in GOLDEN_POSITIONS:
        assert got[name] == want[name], name


def test_golden_spot_checks():
    """A few of the golden numbers checked by hand on the training map."""
    want = json.loads(GOLDEN.read_text())
    std = want["training/standard"]
    # B1 and B2 reach Clan 2 only through the ford 0406|0407: all three at 3 MP
    assert std["charge_targets"]["B1"] == ["2a", "2b", "2c"]
    g = training()
    ends = charge_paths.spearhead_destinations(g, "B1", "2a")
    assert ends == {H("0407"): [H("0405"), H("0406"), H("0407")]}
    # the Tokugawa can enter on the Hokkoku road (½ MP from off the map)
    assert std["entry"]["D"] > 0 and reach.entry_cost(g, H("0801")) == 0.5
    # the Asakura column (variant) enters at 0112, off any road: 1 MP
    assert want["training/dawn+asakura"]["entry"]["5"] > 0 and reach.entry_cost(g, H("0112")) == 1.0
    dawn = want["training/dawn"]
    # at dawn the Shibata are over the ford, in contact: no charge for them
    assert "B1" not in dawn["charge_targets"] and dawn["charge_reach"]["B1"] == 1


# ============================================================ random legal play

PROCEDURES = ("charge", "deploy", "march", "withdraw", "retreat", "rally")


def _check_paths(g: Game, events) -> None:
    for e in events:
        if not isinstance(e, UnitMoved):
            continue
        path = [H(x) for x in e.path]
        for a, b in zip(path, path[1:]):
            assert a.is_adjacent(b), e
            if e.movement == "march":
                assert g.map.march_cost(a, b) is not None, e
            else:
                assert not g.map.is_impassable(a, b), e


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_movements_keep_the_rules(data):
    variants = data.draw(st.sampled_from([(), ("dawn",), ("asakura",), ("dawn", "asakura")]))
    g = training(variants, seed=data.draw(st.integers(0, 10_000)))
    for _ in range(data.draw(st.integers(1, 5))):
        proc = data.draw(st.sampled_from(PROCEDURES))
        if proc in ("retreat", "rally"):
            uid = data.draw(st.sampled_from(sorted(u.id for u in g.units_on_map())))
            gen = (retreat.retreat_after_combat if proc == "retreat" else retreat.rally_retreat)(g, uid)
        else:
            clan = data.draw(st.sampled_from(sorted(g.state.clans)))
            gen = {"charge": charge.charge, "deploy": deployment.deploy, "march": march.march,
                   "withdraw": withdrawal.withdraw}[proc](g, clan)
        before = len(g.events)
        d = Driver(gen)
        steps = 0
        while d.pending is not None:
            assert d.pending.options, f"dead end: {d.pending.prompt}"
            d.answer(data.draw(st.sampled_from(d.pending.values())))
            steps += 1
            assert steps < 200
        new = g.events[before:]
        assert no_shared_hexes(g)
        assert not any(isinstance(e, UnitEliminated) for e in new)
        _check_paths(g, new)
        if proc == "march":
            # a march neither enters nor leaves an EZoC (only friendly units
            # moved, so the EZoC is the one the march began with)
            ez = zoc.enemy_zoc(g, g.side_of(new[0].unit)) if any(
                isinstance(e, UnitMoved) for e in new) else frozenset()
            for e in new:
                if isinstance(e, UnitMoved):
                    assert not any(H(x) in ez for x in e.path), e
        if proc == "withdraw":
            for e in new:
                if isinstance(e, UnitMoved) and e.movement == "withdrawal":
                    assert len(e.path) - 1 <= 8
