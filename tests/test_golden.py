"""Golden parse: the shipped training scenario read back value by value, and
its canonical print pinned (any change in how the language reads shows here)."""

from conftest import ROOT

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.printer import print_document
from tenkatoitsu.kinds.battle.scenario.setup import effective_setup


def test_training_canonical_print_is_pinned(training):
    golden = (ROOT / "tests" / "golden" / "training.printed.tks").read_text(encoding="utf-8")
    assert print_document(training) == golden


def test_training_values(training):
    s = training
    assert s.name == "Training ground: the fords of the Ane"
    assert [u.path for u in s.uses] == ["rules/tenkatoitsu.tks", "rules/battle-plans.tks"]
    assert (s.turns.first, s.turns.last, s.turns.start_turn) == (1, 10, 1)
    assert s.turns.is_night(1) and not s.turns.is_night(2)
    assert s.turns.is_fatigue(9) and s.turns.is_fatigue(10) and not s.turns.is_fatigue(8)
    assert (s.map.width, s.map.height, s.map.default_terrain) == (16, 12, "clear")
    oda, asai = s.sides
    assert oda.so_taisho.unit == "A1" and oda.so_taisho.table == "oda-command"
    assert asai.so_taisho.exempt == (m.Order.DEFENSE,)
    assert asai.plan == m.PlanStatus(False, 2)
    units = {u.id: u for _, _, u in s.units()}
    a1 = units["A1"]
    assert (a1.elan, a1.mass, a1.fire, a1.lead, a1.so_taisho, a1.hex) == (2, 3, 1, 2, True, Hex.from_id("0302"))
    assert units["D2"].lead_x and units["D2"].hex is None
    clans = {c.id: c for _, c in s.clans()}
    assert clans["B"].order == m.Order.ATTACK and clans["3"].order == m.Order.REGROUP
    assert clans["D"].entry == "N" and clans["D"].chit == "vanguard"
    assert clans["1"].flags == ("never-routs",) and clans["5"].only == "asakura"
    slope = [f for f in s.map.hexsides if f.kind == "slope"]
    assert len(slope) == 14 and all(f.directed for f in slope)
    assert sum(1 for f in s.map.hexsides if f.kind == "river") == 28
    road = next(r for r in s.map.routes if r.kind == "road")
    assert road.name == "Hokkoku road" and len(road.hexes) == 12
    fort = s.map.fortresses[0]
    assert fort.hexes == (Hex.from_id("0311"),) and fort.siege_map == "yokoyama"
    sm = next(x for x in s.siege_maps() if x.id == "yokoyama")
    assert [a.kind for a in sm.areas] == ["base", "key", "key", "peripheral", "peripheral"]
    assert sm.lines[1] == m.SiegeLine("b", "gate", 0, 3)
    assert [lv.title for lv in s.victory.levels][0] == "Decisive Oda victory"
    assert s.victory.samurai_lines == (4, 8)
    assert s.rules[0].name == "samurai" and s.rules[0].params[0].values == (1,)
    assert len(s.battle_plans()) == 10 and s.crt is not None


def test_variants_change_the_setup(training):
    present, orders, entries, hexes, chits = effective_setup(training, ["dawn"])
    assert orders["B"] == m.Order.ATTACK and hexes["B1"][0] == Hex.from_id("0407")
    assert "5" not in present
    present, *_ = effective_setup(training, ["standard", "asakura"])
    assert "5" in present
