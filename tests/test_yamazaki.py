"""Yamazaki 1582 [19]: each scenario rule on a small position of the real
scenario (scenarios/yamazaki.tks)."""

import pytest
from conftest import SCENARIOS
from helpers import ScriptedDice, place, run

from tenkatoitsu.cli import main
from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.queries.chits import command_distance, selectable
from tenkatoitsu.kinds.battle.rules.command import command_points, select_chits
from tenkatoitsu.kinds.battle.rules.victory import automatic_winner, final_result
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario_rules.yamazaki import controls_zone

FORT = Hex.from_id("2509")


def rule(game, name):
    return next(r for r in game.rules if r.name == name)


def drive(gen, choose):
    """Run a rule generator, answering each decision with `choose(decision)`."""
    seen = []
    try:
        d = next(gen)
        while True:
            seen.append(d)
            d = gen.send(d.check(choose(d)))
    except StopIteration:
        return seen


def test_check_and_show_list_the_variants(yamazaki, capsys):
    assert main(["check", str(SCENARIOS / "yamazaki.tks")]) == 0
    assert main(["show", str(SCENARIOS / "yamazaki.tks")]) == 0
    out = capsys.readouterr().out
    for v in ("short", "long", "hosokawa", "tsutsui", "mimaki"):
        assert f"    {v}:" in out


# ---------------------------------------------------------------- [19.2]

def test_19_2_1_hideyoshi_has_no_penalty_in_defense_or_movement(yamazaki):
    g = Game(yamazaki, seed=1)
    for order, modifier in ((m.Order.MOVEMENT, 0), (m.Order.DEFENSE, 0), (m.Order.ATTACK, -1)):
        g.set_order("A", order, "test")
        g.dice = ScriptedDice(g, [3])
        command_points(g, "hashiba")
        assert g.events[-1].modifier == modifier
    g.set_order("a", m.Order.MOVEMENT, "test")  # Mitsuhide has no such exception
    g.dice = ScriptedDice(g, [3])
    command_points(g, "akechi")
    assert g.events[-1].modifier == -1


def test_19_2_3_the_zones_of_mount_tenno(yamazaki):
    g = Game(yamazaki, seed=1)
    tenno = rule(g, "yamazaki")
    # the historical set-up: Hidenaga on the summit, Kuroda on the eastern shoulder
    assert controls_zone(g, "hashiba", "tenno-summit") and controls_zone(g, "hashiba", "tenno-east")
    assert tenno.plan_modifier(g, "hashiba") == -2 and tenno.plan_modifier(g, "akechi") == 0
    place(g, "g1", "1205")  # next to 1106: the eastern shoulder is in an EZoC
    assert not controls_zone(g, "hashiba", "tenno-east")
    assert tenno.plan_modifier(g, "hashiba") == -1
    place(g, "g1", "1106")  # inside: neither side controls it
    assert not controls_zone(g, "hashiba", "tenno-east")
    assert not controls_zone(g, "akechi", "tenno-east")
    for uid in ("B1", "B2", "B3", "C1", "C2", "J1", "K1"):
        place(g, uid, None)
    place(g, "g2", "0803")
    assert controls_zone(g, "akechi", "tenno-summit")
    assert tenno.plan_modifier(g, "akechi") == -1


def test_19_2_3_a_free_chit_for_each_zone_held(yamazaki):
    g = Game(yamazaki, seed=1)
    g.state.honjins["hashiba"].cp = 0
    _, seen = run(select_chits(g, "hashiba"), ["clan:D", "none"])
    assert [d.kind for d in seen] == ["free-chit", "free-chit"]
    assert all(d.rule == "19.2.3" for d in seen)
    assert "clan:D" in g.state.bowl and "clan:D" not in g.state.honjins["hashiba"].reserve
    _, seen = run(select_chits(g, "akechi"), [])
    assert seen == []  # Akechi holds no zone


# ---------------------------------------------------------------- [19.3]

def test_19_3_short_game_historical_set_up_from_turn_11(yamazaki):
    g = Game(yamazaki, seed=1)
    assert g.variants == ("short",)
    assert g.state.turn == 11
    assert all(h.plan_active for h in g.state.honjins.values())
    assert not any(c.off_map for c in g.state.clans.values())
    assert "n" not in g.state.clans and "o" not in g.state.clans
    # the armies face each other across the Enmyōji stream
    assert g.state.units["E1"].hex.col < 15 <= g.state.units["c1"].hex.col


# ---------------------------------------------------------------- [19.4]

@pytest.fixture
def long_game(yamazaki):
    return Game(yamazaki, variants=["long"], seed=3)


def camp_choices(first="2309", second="2611", where=None):
    """Answers for the encampment set-up: centres, then each clan's place."""
    where = where or {"a": 1, "b": 1, "c": 2}

    def choose(d):
        if d.kind == "encampment":
            return first if d.prompt.startswith("akechi: choose the hex of the first") else second
        if d.kind == "encampment-clan":
            clan = d.prompt.split("clan ")[1].split(" ")[0]
            want = where.get(clan, "fortress")
            return want if want in d.values() else "fortress"
        return d.options[0].value
    return choose


def test_19_4_1_long_game_starts_on_the_eve(long_game):
    g = long_game
    assert g.state.turn == 1 and g.is_night()
    hashiba = g.state.honjins["hashiba"]
    akechi = g.state.honjins["akechi"]
    assert not hashiba.plan_active and hashiba.plan_modifier == 4  # [19.4.3]
    assert not akechi.plan_active and akechi.plan_modifier == 2
    assert all(c.off_map and c.entry == "W" for c in g.state.clans.values() if c.side == "hashiba")
    assert all(c.order == m.Order.MOVEMENT for c in g.state.clans.values() if c.side == "akechi")
    assert all(u.hex == FORT for u in g.units_on_map("akechi"))


def test_19_4_1_encampments_within_3_hexes_clans_not_split(long_game):
    g = long_game
    camp = rule(g, "yamazaki-long")
    seen = drive(camp.setup(g), camp_choices())
    first = seen[0]
    assert first.kind == "encampment" and first.rule == "19.4.1"
    assert all(1 <= hex_distance(Hex.from_id(v), FORT) <= 3 for v in first.values())
    assert "2309" in first.values()
    second = seen[1]
    assert "none" in second.values()
    assert all(not (camp.camp_of(g, Hex.from_id(v)) & camp.encampments[0])
               for v in second.values() if v != "none")
    # clan d (one unit) comes after a, b and c: encampment 1 holds 3 + 2 units,
    # encampment 2 the 2 of clan c; both still have room for it
    d_choice = next(d for d in seen if d.kind == "encampment-clan" and "clan d " in d.prompt)
    assert d_choice.values() == ["fortress", 1, 2]
    units = g.state.units
    for uid in ("a1", "a2", "a3", "b1", "b2"):
        assert units[uid].hex in camp.encampments[0]
    for uid in ("c1", "c2"):
        assert units[uid].hex in camp.encampments[1]
    assert units["d1"].hex == FORT and units["m1"].hex == FORT
    on_map = [u.hex for u in g.units_on_map("akechi") if u.hex != FORT]
    assert len(on_map) == len(set(on_map)) == 7
    # the chits are on the map, not in the Reserve, and those clans do not act
    assert g.state.honjins["akechi"].reserve == []
    assert sorted(g.state.waiting) == sorted(f"clan:{c}" for c in g.clans_of("akechi"))
    assert not camp.may_activate(g, "d") and camp.may_activate(g, "A")
    assert camp.is_night_shelter(g, units["a1"].hex)


def test_19_4_1_an_encampment_holds_seven_units_at_most(long_game):
    g = long_game
    camp = rule(g, "yamazaki-long")
    seen = drive(camp.setup(g), camp_choices(where={"a": 1, "b": 1, "e": 1, "d": 1}))
    e_choice = next(d for d in seen if d.kind == "encampment-clan" and "clan e " in d.prompt)
    assert 1 not in e_choice.values()  # 5 units there already, clan e has 2: 7, full after
    d_choice = next(d for d in seen if d.kind == "encampment-clan" and "clan d " in d.prompt)
    assert 1 in d_choice.values()  # d comes before e: 6 of 7


def test_19_4_1_recall_at_half_a_cp_and_at_the_end_of_turn_5(long_game):
    g = long_game
    camp = rule(g, "yamazaki-long")
    drive(camp.setup(g), camp_choices())
    h = g.state.honjins["akechi"]
    h.cp = 1
    _, seen = run(select_chits(g, "akechi"), ["clan:a", "clan:c"])
    assert [d.kind for d in seen] == ["recall-chit", "recall-chit"]  # one CP, two chits
    assert sorted(h.reserve) == ["clan:a", "clan:c"] and h.cp == 0
    assert camp.may_activate(g, "a") and not camp.may_activate(g, "b")
    g.state.turn = 4
    run(camp.end_of_turn(g))
    assert "clan:b" in g.state.waiting
    g.state.turn = 5
    run(camp.end_of_turn(g))
    assert g.state.waiting == [] and len(h.reserve) == len(g.clans_of("akechi"))


def test_19_4_2_vanguard_first_rearguard_last(long_game):
    g = long_game
    assert selectable(g, "hashiba") == ["clan:E"]
    g.state.turn = 2
    assert "clan:M" not in selectable(g, "hashiba") and "clan:N" not in selectable(g, "hashiba")
    for c in g.clans_of("hashiba"):
        if c not in "MN":
            g.state.clans[c].off_map = False
    assert {"clan:M", "clan:N"} <= set(selectable(g, "hashiba"))


def test_19_4_2_binds_ashibaya_too(long_game):
    """An Ashibaya march [10.4.5] brings no clan on before its turn [19.4.2]."""
    from tenkatoitsu.kinds.battle.rules.battle_plan import tactic_clans
    g = long_game
    assert tactic_clans(g, "hashiba", "ashibaya", []) == ["E"]
    g.state.turn = 2
    assert not {"M", "N"} & set(tactic_clans(g, "hashiba", "ashibaya", []))


def test_19_4_4_and_19_4_6_delays_of_akechi_chits(long_game):
    g = long_game
    camp = rule(g, "yamazaki-long")
    drive(camp.setup(g), camp_choices())
    dest = camp.chit_destination
    # a clan in the fortress or an encampment has no extra delay at night
    assert dest(g, "akechi", "d", "bowl") == "bowl"
    assert dest(g, "akechi", "a", "bowl") == "bowl"
    # out in the open at night: one box more [19.4.4]
    place(g, "d1", "1510")
    assert dest(g, "akechi", "d", "bowl") == "delay1:akechi"
    # a messenger's delay 1 from the Sō-taishō: from the castle it is none [19.4.6]
    assert dest(g, "akechi", "d", "delay1:akechi") == "delay1:akechi"
    g.state.turn = 6
    assert dest(g, "akechi", "d", "bowl") == "bowl"
    # [19.4.6] the distance may be counted from the fortress while Akechi holds it
    place(g, "a1", "0301")
    place(g, "d1", "2609")
    assert command_distance(g, "akechi", "d") > 14
    assert dest(g, "akechi", "d", "delay1:akechi") == "bowl"
    place(g, "A2", "2509")  # a Hashiba unit in the castle: no longer his
    assert dest(g, "akechi", "d", "delay1:akechi") == "delay1:akechi"
    # Hashiba's chits are untouched
    assert dest(g, "hashiba", "E", "delay2:hashiba") == "delay2:hashiba"


def test_19_4_6_a_fortress_distance_of_14_and_a_half_is_delay_box_1(long_game, monkeypatch):
    # [9.3] as from the Sō-taishō: 14.5 MP is no Bowl and no box 0 [2.3]
    g = long_game
    camp = rule(g, "yamazaki-long")
    drive(camp.setup(g), camp_choices())
    monkeypatch.setattr(camp, "_fortress_distance", lambda game, side, clan: 14.5)
    place(g, "d1", "1510")  # out in the open
    g.state.turn = 6  # by day
    assert camp.chit_destination(g, "akechi", "d", "delay3:akechi") == "delay1:akechi"
    g.state.turn = 1  # at night one box more [19.4.4], never past box 4
    assert camp.chit_destination(g, "akechi", "d", "delay3:akechi") == "delay2:akechi"
    monkeypatch.setattr(camp, "_fortress_distance", lambda game, side, clan: None)
    assert camp.chit_destination(g, "akechi", "d", "delay4:akechi") == "delay4:akechi"


def test_19_4_5_the_ninjas(long_game):
    g = long_game
    camp = rule(g, "yamazaki-long")
    hashiba, akechi = g.state.honjins["hashiba"], g.state.honjins["akechi"]
    hashiba.cp, akechi.cp, akechi.plan_cp = 3, 2, 4
    g.dice = ScriptedDice(g, [5])
    _, seen = run(camp.after_command_points(g), [True])
    assert seen[0].kind == "ninjas" and seen[0].side == "hashiba" and seen[0].rule == "19.4.5"
    assert hashiba.cp == 1 and akechi.cp == 0 and akechi.plan_cp == 1  # 5 = 2 CP + 3 saved
    hashiba.cp = 3
    _, seen = run(camp.after_command_points(g), [])
    assert seen == []  # once a game


def test_19_4_5_no_ninjas_by_day_or_without_2_cp(long_game):
    g = long_game
    camp = rule(g, "yamazaki-long")
    g.state.honjins["hashiba"].cp = 1
    assert run(camp.after_command_points(g))[1] == []
    g.state.honjins["hashiba"].cp = 4
    g.state.turn = 6
    assert run(camp.after_command_points(g))[1] == []


# ---------------------------------------------------------------- [19.5]

@pytest.mark.parametrize("hashiba_vp, akechi_vp, castle, mitsuhide, level, winner", [
    (0, 6, "m1", "2210", "Absolute victory for Akechi Mitsuhide", "akechi"),
    (0, 6, "A2", "2210", "Marginal victory for Akechi Mitsuhide", "akechi"),
    (2, 6, None, "2210", "Akechi barely wins", "akechi"),
    (3, 3, "m1", "2509", "Draw", None),
    (3, 3, "m1", "2210", "Marginal victory for Hashiba Hideyoshi", "hashiba"),
    (8, 0, "m1", "2509", "Marginal victory for Hashiba Hideyoshi", "hashiba"),
    (8, 0, "m1", "2210", "Decisive victory for Hashiba Hideyoshi", "hashiba"),
    (11, 0, "m1", "2509", "Absolute victory for Hashiba Hideyoshi", "hashiba"),
])
def test_19_5_2_the_victory_table(yamazaki, hashiba_vp, akechi_vp, castle, mitsuhide, level,
                                  winner):
    g = Game(yamazaki, seed=1)
    g.state.vp.update(hashiba=hashiba_vp, akechi=akechi_vp)
    place(g, "m1", "2610")
    if castle:
        place(g, castle, "2509")
    place(g, "a1", mitsuhide)
    assert final_result(g) == (winner, level)


def test_19_5_1_automatic_victories(yamazaki):
    g = Game(yamazaki, seed=1)
    assert automatic_winner(g) is None
    g.eliminate("a1", "test")  # his unit lost, his head not taken: no victory [17.1]
    assert automatic_winner(g) is None
    g.state.units["a1"].leader_killed = True
    assert automatic_winner(g) == "hashiba"
    g = Game(yamazaki, seed=1)
    g.state.units["A1"].leader_killed = True
    assert automatic_winner(g) == "akechi"


# ---------------------------------------------------------------- [19.6]

def test_19_6_1_hosokawa_in_the_castle_or_at_akechi_choice(yamazaki):
    g = Game(yamazaki, variants=["hosokawa"], seed=1)
    assert g.variants == ("hosokawa", "short")
    assert g.clan_side("n") == "akechi"
    assert g.state.units["n1"].hex == FORT and g.state.units["n2"].hex == FORT
    g = Game(yamazaki, variants=["long", "hosokawa"], seed=1)
    assert g.order_of("n") == m.Order.MOVEMENT
    camp = rule(g, "yamazaki-long")
    seen = drive(camp.setup(g), camp_choices(where={"n": 2}))
    assert any(d.kind == "encampment-clan" and "clan n " in d.prompt for d in seen)
    assert g.state.units["n1"].hex in camp.encampments[1]


@pytest.fixture
def tsutsui_game(yamazaki):
    g = Game(yamazaki, variants=["tsutsui"], seed=1)
    run(rule(g, "tsutsui").setup(g))
    return g


def test_19_6_2_tsutsui_waits_undecided(tsutsui_game):
    g = tsutsui_game
    ts = rule(g, "tsutsui")
    assert g.state.clans["o"].off_map and "clan:o" in g.state.waiting
    assert "clan:o" not in selectable(g, "akechi")
    ts.after_phase(g)
    assert ts.joined_on is None  # Hashiba holds the heights, nobody leads


def test_19_6_2_tsutsui_joins_on_a_4_vp_lead_even_for_a_moment(tsutsui_game):
    g = tsutsui_game
    ts = rule(g, "tsutsui")
    g.add_vp("akechi", 4, "test", "test")
    g.add_vp("hashiba", 4, "test", "test")  # the lead is gone again
    g.dice = ScriptedDice(g, [3])
    ts.after_phase(g)
    assert ts.joined_on == 11 and ts.arrives_on == 14
    g.state.turn = 13
    run(ts.after_command_points(g))
    assert "clan:o" in g.state.waiting
    g.state.turn = 14
    run(ts.after_command_points(g))  # at no cost, into the Bowl
    assert "clan:o" in g.state.bowl and "clan:o" not in g.state.waiting


def test_19_6_2_tsutsui_joins_when_akechi_holds_both_heights(tsutsui_game):
    g = tsutsui_game
    ts = rule(g, "tsutsui")
    for uid in ("B1", "B2", "B3", "C1", "C2", "J1", "K1", "D1", "D2"):
        place(g, uid, None)
    place(g, "g1", "0803")
    ts.after_phase(g)
    assert ts.joined_on is None  # one height is not enough
    place(g, "g2", "1106")
    g.dice = ScriptedDice(g, [1])
    ts.after_phase(g)
    assert ts.arrives_on == 12


def test_19_6_2_tsutsui_lands_east_of_a_blocked_arrow(tsutsui_game):
    g = tsutsui_game
    ts = rule(g, "tsutsui")
    assert run(ts.before_entry(g, "o"))[1] == []  # the arrow is free
    place(g, "F3", "1418")  # next to the arrow's hex: in an EZoC
    place(g, "F2", "1519")  # and on the first riverbank hex east of it
    _, seen = run(ts.before_entry(g, "o"), ["O4"])
    assert seen[0].rule == "19.6.2"
    assert "O2" not in seen[0].values() and "O3" not in seen[0].values()
    assert g.state.clans["o"].entry == "O4"


def test_19_6_3_mimaki_fights_on_as_a_samurai(yamazaki):
    g = Game(yamazaki, variants=["mimaki"], seed=1)
    mimaki = rule(g, "mimaki")
    mimaki.after_phase(g)
    assert "samurai:akechi:mimaki" not in g.state.bowl
    g.eliminate("j1", "test")
    mimaki.after_phase(g)
    assert "samurai:akechi:mimaki" in g.state.bowl
    g.state.samurai_on["samurai:akechi:mimaki"] = "c2"  # [16.2] placed on a unit
    assert g.lead("c2") == 2
    mimaki.after_phase(g)
    assert g.state.bowl.count("samurai:akechi:mimaki") == 1


def test_19_6_3_no_samurai_if_mimaki_dies(yamazaki):
    g = Game(yamazaki, variants=["mimaki"], seed=1)
    g.state.units["j1"].leader_killed = True
    g.eliminate("j1", "test")
    rule(g, "mimaki").after_phase(g)
    assert "samurai:akechi:mimaki" not in g.state.bowl
