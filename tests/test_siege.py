"""Fortress sieges [15] on training.tks's Yokoyama (hex 0311) and its siege map:

    honmaru (base, Defense 3) -- gate (key, Defense 2) -- a (0310 0410)
    honmaru -- rampart (key, Defense 1) -- b (0411 0312) -- gate (line Defense 0 / 3)

Oda's clan B (B1 Elan 2 Mass 3 Leadership 1; B2 Elan 0 Mass 3 Firepower 1)
besieges Asai's clan 4 (4a Elan 2 Mass 2 Firepower 1 Leadership 1; 4b Elan 0
Mass 2 Firepower 1) in the `siege` variant."""

import pytest
from helpers import ScriptedDice, besiege, place, run, siege_game

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries import charge_paths, fortress, reach
from tenkatoitsu.kinds.battle.queries.siege_map import geometry
from tenkatoitsu.kinds.battle.rules import charge, march, siege, siege_actions, siege_end
from tenkatoitsu.kinds.battle.rules.clan_phase import clan_phase
from tenkatoitsu.kinds.battle.scenario import model as m

H = Hex.from_id
FORT = "yokoyama"


new_game = siege_game


@pytest.fixture
def game():
    return new_game()


def events(game, name):
    return [e for e in game.events if type(e).__name__ == name]


# ------------------------------------------------------------------ the siege map [15.1] [15.2]

def test_15_1_defense_values_by_line_and_by_area(game):
    g = geometry(game, FORT)
    assert g.defense("a", "gate") == 2  # the area's one value serves the line
    assert g.defense("b", "gate") == 3  # the line's own value at the gate's end
    assert g.defense("gate", "b") == 0
    assert g.defense("b", "rampart") == 1
    assert g.defense("rampart", "honmaru") == 3
    assert g.defense("gate", "honmaru") == 2
    assert g.defense("b", "b") == 0  # entirely within a Peripheral Area
    assert g.centre == "honmaru" and g.peripheral == ["a", "b"]


def test_15_7_1_entry_area_bears_the_letter_of_the_hex_of_origin(game):
    g = geometry(game, FORT)
    assert g.area_of_entry(H("0312")) == "b" and g.area_of_entry(H("0410")) == "a"
    assert g.area_of_entry(H("0210")) == "a"  # unlettered: the nearest lettered hex (0310)


# ------------------------------------------------------------------ the fortress on the map [15.3]

def test_15_3_who_may_enter_a_fortress_held_by_the_enemy(game):
    f = H("0311")
    assert fortress.may_enter_fortress(game, "oda", f, "B1")  # Attack
    game.set_order("B", m.Order.MOVEMENT, "test")
    assert not fortress.may_enter_fortress(game, "oda", f, "B1")
    assert not fortress.may_enter_fortress(game, "oda", f, None)
    game.set_order("B", m.Order.ATTACK, "test")
    besiege(game)
    for order, ok in ((m.Order.DEFENSE, True), (m.Order.MOVEMENT, True),
                      (m.Order.REGROUP, True), (m.Order.ATTACK, False)):
        game.set_order("2", order, "test")
        assert fortress.may_enter_fortress(game, "asai", f, "2c") is ok, order
    assert game.map.hexside_cost(H("0312"), f) == 3  # 3 MP to enter


def test_15_3_a_fortress_of_two_hexes_is_one_fortress():
    game = new_game(("terrain fortress 0311", "terrain fortress 0311 0211"),
                    ('"Yokoyama-jō" 0311 siege', '"Yokoyama-jō" 0311 0211 siege'))
    game.move("B1", [H("0312"), H("0211")], "charge", "6.3")  # the garrison is in 0311
    s = game.state.sieges[FORT]
    assert s.bases["oda"] == ["b"] and s.manpower == {"oda": 5, "asai": 6}
    assert fortress.units_inside(game, FORT) == ["4a", "4b", "B1"]
    assert reach.is_besieged(game, "B1") and reach.is_besieged(game, "4a")
    place(game, "2c", "0210")
    game.set_order("2", m.Order.ATTACK, "test")  # the besieged may not enter in Attack
    assert not reach.can_enter(game, "asai", H("0211"), "2c")


def test_15_3_a_unit_inside_stays_and_nothing_passes_through(game):
    s = besiege(game)
    assert reach.is_besieged(game, "B1") and reach.is_besieged(game, "4a")
    assert reach.reachable(game, "B1", 3, "charge") == {H("0311"): 0.0}
    assert fortress.is_dead_end(game, "oda", H("0311"))
    assert s.besieger == "oda"


def test_15_5_a_charge_at_the_garrison_ends_inside_and_begins_the_siege(game):
    game.set_order("4", m.Order.ATTACK, "test")  # the besieged switch to Defense [15.5]
    assert set(charge_paths.charge_targets(game, "B1")) >= {"4a", "4b"}
    ends = charge_paths.spearhead_destinations(game, "B1", "4a")
    assert list(ends) == [H("0311")]
    run(charge.charge(game, "B"), ["B1", "4a", "0311", "B2", "0311"])
    s = game.state.sieges[FORT]
    assert (s.besieger, s.besieged) == ("oda", "asai")
    assert game.order_of("4") == m.Order.DEFENSE
    assert s.manpower == {"oda": 5 + 3, "asai": 4 + 2} and s.out_of_combat == {"oda": 0, "asai": 0}
    assert s.bases == {"asai": ["honmaru"], "oda": ["b"]}
    assert [e.rule for e in events(game, "SiegeBegan")] == ["15.5"]


def test_15_5_marker_placement_besieged_first_then_the_attacker_from_his_base(game):
    game.move("B1", [H("0312"), H("0311")], "charge", "6.3")
    s = game.state.sieges[FORT]
    _, seen = run(siege_end.settle(game), ["honmaru", "gate", "done", "b", "rampart"])
    assert [d.side for d in seen] == ["asai"] * 3 + ["oda"] * 2  # then no room is left
    assert set(seen[0].values()) == {"honmaru", "gate", "rampart", "a", "b", "done"}
    # the attacker: his base b, then what a chain free of Asai markers reaches
    assert set(seen[3].values()) == {"b", "rampart", "done"}
    assert s.markers == {"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"], "rampart": ["oda"]}
    assert s.manpower == {"asai": 6 - 2, "oda": 5 - 2}


def test_15_4_4_a_peripheral_area_holds_one_marker_of_each_side(game):
    s = besiege(game, markers={"b": ["asai"], "gate": ["asai"]}, manpower={"oda": 3})
    assert fortress.placement_areas(game, s, "oda", ["b"]) == ["b"]  # b itself, nothing beyond
    siege.put_marker(game, s, "oda", "b", "15.6.1", "test")
    assert s.markers["b"] == ["asai", "oda"]
    assert fortress.placement_areas(game, s, "oda", ["b"]) == []
    with pytest.raises(ValueError):
        siege.put_marker(game, s, "oda", "gate", "15.6.1", "test")


# ------------------------------------------------------------------ the combat chit [15.6.1]

def test_15_4_3_siege_actions_score_after_the_charges(game):
    s = besiege(game, units=("B1", "B2"), markers={"honmaru": ["asai"], "b": ["oda"]})
    assert fortress.siege_actions_score(game, s, "oda") == (1 + 1 + 1, 1, 1)
    assert fortress.siege_actions_score(game, s, "asai") == (1 + 2 + 1, 2, 1)
    run(siege_actions.combat_chit(game, "oda"), ["end"])
    e = events(game, "SiegeActions")[-1]
    assert (e.rule, e.side, e.points) == ("15.4.3", "oda", 3)


def test_15_6_1_move_troops(game):
    s = besiege(game, markers={"honmaru": ["asai"], "b": ["oda"]}, manpower={"oda": 4})
    _, seen = run(siege_actions.combat_chit(game, "oda"),
                  ["move-troops", "gate", "a", "done", "end"])
    assert "done" not in seen[1].values()  # the point buys one marker at least
    assert set(seen[1].values()) == {"gate", "rampart", "a"}
    assert s.markers == {"honmaru": ["asai"], "b": ["oda"], "gate": ["oda"], "a": ["oda"]}
    assert s.manpower["oda"] == 2


def test_15_6_1_rally_the_troops(game):
    s = besiege(game, markers={"honmaru": ["asai"], "b": ["oda"]}, manpower={"oda": 1},
                ooc={"oda": 2})
    run(siege_actions.combat_chit(game, "oda"), ["rally", "end"])
    assert (s.manpower["oda"], s.out_of_combat["oda"]) == (2, 1)
    assert any("unused" in e.message for e in events(game, "Note"))


def test_15_6_1_the_advantage_costs_a_point_and_the_lowest_defense_counts(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"]},
                manpower={"oda": 4, "asai": 3})
    game.dice = ScriptedDice(game, [4, 4])
    left = run(siege_actions.assault(game, s, "oda", 2), ["gate", 0, 0, True, "b"])[0]
    assert left == 1  # the Advantage cost a Siege Action point
    e = events(game, "AssaultResolved")[-1]  # 4 + 1 marker + 1 = 6 against 4 + 3 (b -> gate)
    assert (e.attack, e.defense, e.outcome) == (6, 7, "defender")
    assert "b" not in s.markers  # 1 / 2 rounded up: one loss, taken as the marker
    # a second line into the gate (from a, Defense 2): the lowest Defense is used
    s.markers.update({"a": ["oda"], "b": ["oda"]})
    game.dice = ScriptedDice(game, [4, 4])
    _, seen = run(siege_actions.assault(game, s, "oda", 0), ["gate", 0, 0, "manpower", False])
    assert seen[1].values() == [0, 1, 2]  # two markers committed: Sacrifices up to 2
    e = events(game, "AssaultResolved")[-1]  # 4 + 2 markers against 4 + 2
    assert (e.attack, e.defense, e.outcome) == (6, 6, "tie")


def test_15_6_1_assault_won_removes_the_marker_and_raises_out_of_combat(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"]},
                manpower={"oda": 4, "asai": 3})
    game.dice = ScriptedDice(game, [6, 2])
    _, seen = run(siege_actions.assault(game, s, "oda", 2), ["gate", 0, 0, True, "b"])
    e = events(game, "AssaultResolved")[-1]
    assert (e.attack, e.defense, e.outcome) == (6 + 1 + 1, 2 + 3, "attacker")
    assert s.markers == {"honmaru": ["asai"], "gate": ["oda"]}
    assert s.out_of_combat["asai"] == 1 and s.manpower == {"oda": 4, "asai": 3}
    assert set(seen[-1].values()) == {"b", "new", "none"}


def test_15_6_1_the_last_marker_holds_unless_manpower_is_0_or_1(game):
    s = besiege(game, markers={"gate": ["asai"], "b": ["oda"]}, manpower={"oda": 4, "asai": 4})
    game.dice = ScriptedDice(game, [6, 1])
    # bids: oda passes, asai sacrifices 1, oda passes, asai is at the cap (1 marker committed)
    _, seen = run(siege_actions.assault(game, s, "oda", 0), ["gate", 0, 1, 0])
    assert [d.kind for d in seen] == ["siege-assault-target"] + ["siege-sacrifice"] * 3
    assert seen[2].values() == [0, 1]  # the cap: one marker committed
    assert events(game, "AssaultResolved")[-1].outcome == "attacker"  # 7 against 1 + 3 + 1
    assert s.markers == {"gate": ["asai"], "b": ["oda"]}
    assert s.manpower["asai"] == 4 - 2  # 2 in all, the Sacrifice included
    s.manpower["asai"] = 1
    game.dice = ScriptedDice(game, [6, 1])
    run(siege_actions.assault(game, s, "oda", 0), ["gate", 0, 0, "b"])
    assert s.markers == {"gate": ["oda"]} and s.out_of_combat["asai"] == 1


def test_15_6_1_assault_lost_costs_half_the_difference_rounded_up(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"]},
                manpower={"oda": 4, "asai": 3})
    game.dice = ScriptedDice(game, [1, 2])  # 1 + 1 = 2 against 2 + 3 = 5: 3 / 2 -> 2 losses
    _, seen = run(siege_actions.assault(game, s, "oda", 0), ["gate", 0, 0, "manpower", "b"])
    assert [d.kind for d in seen[-2:]] == ["siege-loss", "siege-loss"]
    assert set(seen[-2].values()) == {"b", "manpower"}
    assert s.manpower["oda"] == 3 and "b" not in s.markers


def test_15_6_1_tie_then_the_forcing_sacrifice_and_the_counter_sacrifice(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"]},
                manpower={"oda": 4, "asai": 3})
    game.dice = ScriptedDice(game, [5, 3])  # 5 + 1 = 6 against 3 + 3 = 6
    run(siege_actions.assault(game, s, "oda", 0), ["gate", 0, 0, "manpower", True, True])
    assert events(game, "AssaultResolved")[-1].outcome == "tie"
    assert s.manpower == {"oda": 4 - 1 - 1, "asai": 3 - 1}
    assert s.out_of_combat["oda"] == 1
    assert s.markers["gate"] == ["asai"]  # the tie stands
    # again, and this time the defender gives way: the attack succeeds
    game.dice = ScriptedDice(game, [5, 3])
    _, seen = run(siege_actions.assault(game, s, "oda", 0),
                  ["gate", 0, 0, "manpower", True, False, "b"])
    assert seen[-1].values() == ["b", "none"]  # no Manpower left for a new marker
    assert s.markers == {"honmaru": ["asai"], "gate": ["oda"]} and s.out_of_combat["asai"] == 1
    assert s.manpower["oda"] == 2 - 1 - 1


def test_15_6_1_tie_without_a_marker_left_cannot_be_forced(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"]},
                manpower={"oda": 4, "asai": 3})
    game.dice = ScriptedDice(game, [5, 3])
    _, seen = run(siege_actions.assault(game, s, "oda", 0), ["gate", 0, 0, "b"])
    assert seen[-1].kind == "siege-loss" and s.manpower["oda"] == 4
    assert s.out_of_combat["oda"] == 1 and "b" not in s.markers


def test_15_6_1_fire_hits_on_4_or_more(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "b": ["oda"]},
                manpower={"oda": 4, "asai": 3})
    game.dice = ScriptedDice(game, [5])  # 5 + 1 - 3 = 3: no effect
    run(siege_actions.fire(game, s, "oda"), ["gate"])
    assert s.out_of_combat["asai"] == 0 and s.markers["gate"] == ["asai"]
    game.dice = ScriptedDice(game, [6])  # 6 + 1 - 3 = 4: a hit
    _, seen = run(siege_actions.fire(game, s, "oda"), ["gate", "honmaru"])
    assert set(seen[-1].values()) == {"gate", "honmaru", "manpower"}  # connected areas
    assert seen[-1].side == "asai"
    assert s.markers == {"gate": ["asai"], "b": ["oda"]} and s.out_of_combat["asai"] == 1


def test_15_6_1_a_peripheral_area_with_both_markers_is_a_target(game):
    s = besiege(game, markers={"honmaru": ["asai"], "b": ["oda", "asai"]},
                manpower={"oda": 4, "asai": 3})
    assert siege_actions.targets(game, s, "oda") == ["b"]
    game.dice = ScriptedDice(game, [3, 3])  # 3 + 1 = 4 against 3 + Defense 0 = 3
    run(siege_actions.assault(game, s, "oda", 0), ["b", 0, 0])
    assert s.markers == {"honmaru": ["asai"], "b": ["oda"]}


def test_15_6_1_activities_offered_are_those_possible(game):
    s = besiege(game, markers={"honmaru": ["asai"], "gate": ["asai"], "rampart": ["asai"],
                               "b": ["oda"]}, manpower={"oda": 0})
    assert siege_actions.activities(game, s, "oda") == ["assault", "fire"]
    s.out_of_combat["oda"] = 1
    s.manpower["oda"] = 1
    del s.markers["b"]
    assert siege_actions.activities(game, s, "oda") == ["move-troops", "rally"]


# ------------------------------------------------------------------ the rally chit [15.6.2]

def test_15_6_2_rally_chit_rolls_one_die_per_out_of_combat_point(game):
    s = besiege(game, manpower={"oda": 1, "asai": 1}, ooc={"oda": 3, "asai": 2})
    game.dice = ScriptedDice(game, [1, 4, 6, 2, 5])
    siege.rally_chit(game)
    assert s.out_of_combat == {"oda": 1, "asai": 0}
    assert s.manpower == {"oda": 2, "asai": 2}
    assert {e.rule for e in events(game, "SiegeTrack")} >= {"15.6.2"}


# ------------------------------------------------------------------ clans in a siege [15.6]

def test_15_6_a_clan_wholly_inside_only_tries_an_order_change(game):
    besiege(game)
    _, seen = run(clan_phase(game, "4"), ["keep"])
    assert [d.kind for d in seen] == ["order-change"]


def test_15_6_a_clan_wholly_inside_is_activated_only_by_the_obligatory_chits(game):
    from tenkatoitsu.kinds.battle.rules.activation import march_phase
    from tenkatoitsu.kinds.battle.rules.combat import combat_phase

    besiege(game, units=("B1", "B2"), markers={"honmaru": ["asai"], "b": ["oda"]})
    game.set_order("B", m.Order.MOVEMENT, "test")
    _, seen = run(march_phase(game), [])
    assert not any("B" in d.values() for d in seen if d.kind == "march-clan")
    game.set_order("B", m.Order.ATTACK, "test")
    _, seen = run(combat_phase(game, "oda"), [])
    assert not any("B" in d.values() for d in seen if d.kind == "charge-clan")
    assert not any("clan B" in e.message for e in events(game, "Note"))
    assert [e.side for e in events(game, "SiegeActions")] == ["oda"]  # [15.6.1] after the charges


def test_15_6_units_outside_march_toward_the_fortress(game):
    besiege(game)
    game.set_order("B", m.Order.MOVEMENT, "test")
    place(game, "B2", "0513")
    _, seen = run(march.march(game, "B"), [])
    hexes = [H(v) for v in seen[1].values() if v != "stay"]
    assert hexes and all(h.is_adjacent(H("0311")) for h in hexes), seen[1].values()


# ------------------------------------------------------------------ reinforcements [15.7]

def test_15_7_2_a_withdrawing_unit_may_enter_and_reinforces_the_besieged(game):
    s = besiege(game, markers={"honmaru": ["asai"], "b": ["oda"]})
    before = dict(s.manpower)
    game.set_order("2", m.Order.REGROUP, "test")
    place(game, "2c", "0210")
    assert H("0311") in reach.withdrawal_destinations(game, "2c")
    game.move("2c", [H("0210"), H("0311")], "withdrawal", "6.6")
    assert s.manpower["asai"] == before["asai"] + 2
    assert ["asai", "a", "15.7.1"] in s.pending and "a" in s.bases["asai"]
    _, seen = run(siege_end.settle(game), ["a", "gate", "done"])
    # a, and on through areas free of Oda markers (b is Oda's); honmaru has his own already
    assert set(seen[0].values()) == {"a", "gate", "rampart", "done"}
    assert s.markers["a"] == ["asai"] and s.markers["gate"] == ["asai"]


def test_15_7_3_a_pursuer_stops_before_the_fortress(game):
    besiege(game)
    path = [H("0312"), H("0311")]
    place(game, "B2", "0313")
    assert reach.pursuit_path(game, "B2", path) == [H("0313"), H("0312")]


# ------------------------------------------------------------------ leaving [15.8]

EXAMPLE_15_8 = ('unit 4b "Yokoyama garrison" elan 0', 'unit 4b "Yokoyama garrison" elan 1')


def example_15_8_position():
    game = new_game(EXAMPLE_15_8)  # 4b: Elan 1, Mass 2
    s = besiege(game, units=("B1", "B2"), markers={"b": ["asai"], "honmaru": ["asai"],
                                                    "a": ["oda"]},
                manpower={"asai": 5}, ooc={"asai": 6})
    game.lose_steps("4b", 1, "test")  # Shaken: Elan 1 + Mass 2
    game.lose_steps("4a", 3, "test")  # Exhausted: Elan 2 + Mass 2
    game.set_order("4", m.Order.ATTACK, "test")  # [15.8.1]
    place(game, "2c", "0311")  # another Asai clan stays inside: the siege goes on
    return game, s


def test_example_15_8_leaving_through_b():
    game, s = example_15_8_position()
    _, seen = run(clan_phase(game, "4"), ["keep", "b", "pay", "0411", "0312"])
    kinds = [d.kind for d in seen]
    assert kinds == ["order-change", "siege-relinquish", "siege-exchange", "siege-exit-hex",
                     "siege-exit-hex"]
    assert set(seen[1].values()) == {"b", "stay"}
    assert (s.manpower["asai"], s.out_of_combat["asai"]) == (5 - 3, 6 - 4)
    assert set(seen[3].values()) == {"0411", "0312"}  # the two hexes linked to b
    assert {game.state.units[u].hex.id for u in ("4a", "4b")} == {"0411", "0312"}
    assert FORT in game.state.sieges  # 2c still holds on
    assert [e.rule for e in events(game, "ClanLeftSiege")] == ["15.8"]


def test_15_8_markers_in_exchange_for_manpower():
    game, s = example_15_8_position()
    _, seen = run(clan_phase(game, "4"), ["keep", "b", "honmaru", "pay", "0411", "0312"])
    assert set(seen[2].values()) == {"b", "honmaru", "pay"}
    assert s.manpower["asai"] == 5 - 2 and "honmaru" not in s.markers
    # not enough Manpower: markers must make up for it (no "pay" offered)
    game, s = example_15_8_position()
    s.manpower["asai"] = 1
    _, seen = run(clan_phase(game, "4"), ["keep", "b", "honmaru", "b", "0411", "0312"])
    assert "pay" not in seen[2].values() and seen[3].values() == ["b"]
    assert s.manpower["asai"] == 0 and not s.has_marker("asai", "b")


def test_15_8_order_requirements():
    game, _ = example_15_8_position()
    game.set_order("4", m.Order.DEFENSE, "test")
    assert not fortress.may_relinquish(game, "4")  # [15.8.1] the besieged must be in Attack
    assert fortress.may_relinquish(game, "2") is False  # 2c is in Defense
    assert not fortress.may_relinquish(game, "B")  # [15.8.2] the besieger in Attack stays
    game.set_order("B", m.Order.DEFENSE, "test")
    assert fortress.may_relinquish(game, "B")
    run(siege_end.relinquish_offer(game, "B"), ["a", "pay", "0410", "0310"])
    # no partial exit: every unit of the clan inside leaves in the one phase
    assert {game.state.units[u].hex.id for u in ("B1", "B2")} == {"0410", "0310"}
    assert FORT not in game.state.sieges  # Oda left: the siege is over [15.9]


def test_15_8_no_exit_without_a_peripheral_marker():
    game, s = example_15_8_position()
    del s.markers["b"]
    _, seen = run(siege_end.relinquish_offer(game, "4"), [])
    assert seen == [] and any("cannot relinquish" in e.message for e in events(game, "Note"))


# ------------------------------------------------------------------ end of the siege [15.9]

def test_15_9_the_beaten_side_is_eliminated_and_the_victor_chooses_survivors(game):
    besiege(game, markers={"honmaru": ["asai"]}, manpower={"oda": 0, "asai": 2},
            ooc={"asai": 2})
    # leader tests: B1 (eliminated), 4a (Disorganized); rout tests [11.11] of the clans that
    # lost a unit and keep one: 4 (3 + Leadership 1 + 1 unit = 5) and B (4 + 0 + B2 = 5)
    game.dice = ScriptedDice(game, [5, 6, 3, 4])
    _, seen = run(siege_end.check_end(game, FORT), ["keep", "eliminate", "disorganized"])
    assert game.state.units["B1"].eliminated
    end = events(game, "SiegeEnded")[-1]
    assert (end.victor, end.survivor_score) == ("asai", 2 + 2 + 1)
    assert [d.kind for d in seen] == ["siege-survivor", "siege-survivor", "siege-disorganized"]
    assert seen[1].values() == ["eliminate"]  # 4b (2) no longer fits the 1 left
    assert seen[2].values() == ["disorganized"]  # Out of Combat 2 must be covered
    assert game.state.units["4b"].eliminated and game.state.units["4a"].steps_lost == 2
    assert FORT not in game.state.sieges
    rolls = [e.purpose for e in events(game, "DieRolled")]
    assert rolls == ["leader loss: B1", "leader loss: 4a", "rout: clan 4", "rout: clan B"]
    assert [(e.clan, e.result) for e in events(game, "RoutTested")] == [("4", "nothing"),
                                                                         ("B", "nothing")]


def test_15_9_survivors_may_stay_in_good_order_when_out_of_combat_is_covered(game):
    s = besiege(game, markers={"honmaru": ["asai"]}, manpower={"oda": 0, "asai": 6})
    game.lose_steps("4b", 3, "test")
    game.dice = ScriptedDice(game, [6, 4])  # B1's leader test, clan B's rout test
    _, seen = run(siege_end.check_end(game, FORT), ["keep", "keep", "good-order", "good-order"])
    assert set(seen[2].values()) == {"disorganized", "good-order"}
    assert game.state.units["4b"].steps_lost == 0  # Out of Combat 0: all in Good Order
    assert s.out_of_combat["asai"] == 0


def test_15_9_both_sides_beaten_leaves_the_fortress_empty(game):
    besiege(game, markers={}, manpower={"oda": 0, "asai": 0})
    game.dice = ScriptedDice(game, [6, 6, 4])  # leader tests B1, 4a; clan B's rout (B2 is out)
    _, seen = run(siege_end.check_end(game, FORT), [])
    assert seen == [] and events(game, "SiegeEnded")[-1].victor is None
    assert all(game.state.units[u].eliminated for u in ("B1", "4a", "4b"))


def test_15_9_the_siege_goes_on_while_both_sides_have_a_marker_or_manpower(game):
    besiege(game, markers={"b": ["oda"]}, manpower={"oda": 0, "asai": 1})
    run(siege_end.check_end(game, FORT), [])
    assert FORT in game.state.sieges


def test_15_9_leaving_the_last_clan_ends_the_siege_for_the_other_side():
    game, s = example_15_8_position()
    place(game, "2c", "0308")
    s.manpower["oda"], s.out_of_combat["oda"] = 6, 1
    run(clan_phase(game, "4"), ["keep", "b", "pay", "0411", "0312",
                                "keep", "keep", "disorganized", "good-order"])
    end = events(game, "SiegeEnded")[-1]
    assert (end.victor, end.survivor_score) == ("oda", 6 + 1 + 1)
    assert game.state.units["B1"].steps_lost == 2 and game.state.units["B2"].steps_lost == 0


def test_siege_view_is_open_to_both_players(game):
    from tenkatoitsu.kinds.battle.view import player_view

    besiege(game, markers={"b": ["oda"]})
    v = player_view(game, "asai")["sieges"][FORT]
    assert v["markers"] == {"b": ["oda"]} and v["besieger"] == "oda"
