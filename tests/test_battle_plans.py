"""Battle plans [10] and defensive positions [11.8] on training.tks: the
worked examples 10.2, 10.3 and 10.4.4, and each tactic played."""

import pytest
from helpers import ScriptedDice, place

from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.queries import charge_paths, reach
from tenkatoitsu.kinds.battle.queries.chits import chit_destination
from tenkatoitsu.kinds.battle.rules import battle_plan as bp
from tenkatoitsu.kinds.battle.rules import tactics
from tenkatoitsu.kinds.battle.rules.activation import activation_sequence
from tenkatoitsu.kinds.battle.rules.command import delay_phase, select_chits
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import TacticUse, clan_chit
from tenkatoitsu.kinds.battle.view import HIDDEN, player_view


def drive(gen, answer=lambda d: None):
    """Run a rule generator; `answer(decision)` gives a value, or None for the
    first option. Returns (result, decisions seen)."""
    seen = []
    try:
        d = next(gen)
        while True:
            seen.append(d)
            value = answer(d)
            if value is None:
                value = d.options[0].value
            d.check(value)
            d = gen.send(value)
    except StopIteration as stop:
        return stop.value, seen


def by_kind(**answers):
    """Answer decisions by kind; a list is consumed in order."""
    def answer(d):
        a = answers.get(d.kind.replace("-", "_"))
        if isinstance(a, list):
            return a.pop(0) if a else None
        return a
    return answer


@pytest.fixture
def game(training):
    g = Game(training, seed=3)
    g.state.turn = 2  # a day turn
    return g


def with_plan(game, side, plan, active=True):
    h = game.state.honjins[side]
    h.plan, h.plan_active = plan, active
    return h


# ------------------------------------------------------------------ the sheets

def test_ten_plans_choda_as_printed(training):
    plans = {p.id: p for p in training.battle_plans()}
    assert len(plans) == 10
    choda = plans["choda"]
    assert choda.initial_orders == ("any",) and choda.source.kind == "printed"
    assert [(t.name, t.count, t.cost or 1) for t in choda.tactics] == [
        ("totsugeki", 2, 1), ("kotai", 2, 1), ("kido", 1, 2), ("ashibaya", 2, 1)]
    for pid, p in plans.items():
        if pid != "choda":
            assert p.source.kind == "reconstruction", pid
    assert bp.ability_count(plans["saku"], bp.DEFENSIVE_POSITIONS) > 0
    assert bp.ability_count(plans["gyorin"], bp.DEFENSIVE_POSITIONS) > 0
    assert bp.ability_count(plans["hoshi"], bp.KATTA) > 0
    assert bp.ability_count(plans["kuruma-gakari"], bp.KATTA) > 0


# ------------------------------------------------------------------ [10.1] set-up

def test_secret_choice_and_initial_orders(training):
    g = Game(training, seed=1)
    _, seen = drive(bp.setup(g), by_kind(choose_plan=["saku", "choda"],
                                         initial_order=None, defensive_position=None))
    assert [d.kind for d in seen[:2]] == ["choose-plan", "choose-plan"]
    assert g.state.honjins["oda"].plan == "saku" and g.state.honjins["asai"].plan == "choda"
    chosen = [e for e in g.events if type(e).__name__ == "PlanChosen"]
    assert all(e.visible_to(e.side) and not e.visible_to(g.enemy(e.side)) for e in chosen)
    # oda's plan is active: Saku allows only Defense, so B (Attack) and C
    # (Movement) choose again; D is off the map and stays in Movement [12]
    asked = [d.context["clan"] for d in seen if d.kind == "initial-order"]
    assert asked == ["B", "C"]
    assert all([o.value for o in d.options] == ["defense"] for d in seen if d.kind == "initial-order")
    assert g.order_of("B") == g.order_of("C") == m.Order.DEFENSE
    assert g.order_of("D") == m.Order.MOVEMENT
    # five markers, one a hex, revealing the plan; asai's plan is inactive: none
    marked = [u for u in g.units_on_map("oda") if u.defensive_position]
    assert len(marked) == 5 and len({u.hex for u in marked}) == 5
    assert g.state.honjins["oda"].plan_revealed
    assert player_view(g, "asai")["honjins"]["oda"]["plan"] == "saku"
    assert player_view(g, "oda")["honjins"]["asai"]["plan"] == HIDDEN


def test_one_marker_a_hex_in_a_fortress(training):
    g = Game(training, seed=1)
    with_plan(g, "asai", "gyorin")
    _, seen = drive(bp._abilities(g, "asai"), by_kind(defensive_position=["4a", "2a", "1a"]))
    assert "4b" in seen[0].values() and "4b" not in seen[1].values()
    assert g.unit("4a").defensive_position and not g.unit("4b").defensive_position


def test_marker_leaves_with_its_unit(game):
    game.unit("2a").defensive_position = True
    game.move("2a", [game.unit("2a").hex, game.map.neighbours(game.unit("2a").hex)[0]],
              "march", "6.5")
    assert not game.unit("2a").defensive_position
    assert any(e.rule == "11.8" for e in game.events[-3:])


# ------------------------------------------------------------------ [10.2] activation

def test_example_10_2_failed_activation_loses_the_difference(game):
    h = with_plan(game, "asai", "choda", active=False)
    h.plan_modifier = 0
    h.plan_cp, h.cp = 8, 0
    game.dice = ScriptedDice(game, [4, 6])  # 10 > 8
    drive(bp.activation_phase(game), by_kind(plan_attempt=True))
    assert not h.plan_active and h.plan_cp == 6
    e = [e for e in game.events if type(e).__name__ == "PlanActivation"][-1]
    assert (e.roll, e.saved, e.success, e.lost) == (10, 8, False, 2)


def test_saving_cp_then_success_with_modifiers(game):
    h = with_plan(game, "asai", "choda", active=False)  # training: modifier +2
    h.plan_cp, h.cp = 5, 3
    game.dice = ScriptedDice(game, [3, 3])  # 6 + 2 = 8 <= 5 + 3
    _, seen = drive(bp.activation_phase(game),
                    by_kind(plan_cp=3, plan_attempt=True, plan_order="attack"))
    assert h.plan_active and h.cp == 0
    # every asai clan without a unit in an EZoC may take a new order
    asked = {d.context["clan"] for d in seen if d.kind == "plan-order"}
    assert asked == {"1", "2", "3", "4"}
    assert game.order_of("2") == m.Order.ATTACK


def test_night_adds_two(game):
    with_plan(game, "asai", "choda", active=False)
    day = bp.activation_modifier(game, "asai")
    game.state.turn = 1  # training: turn 1 is a night turn [14]
    assert game.is_night() and bp.activation_modifier(game, "asai") == day + 2


def test_scenario_rules_modify_the_roll(game):
    from tenkatoitsu.kinds.battle.hooks import ScenarioRule

    class Hill(ScenarioRule):
        def plan_modifier(self, game, side):
            return -1 if side == "asai" else 0

    with_plan(game, "asai", "choda", active=False)
    before = bp.activation_modifier(game, "asai")
    game.rules = [Hill(game, m.RuleUse("hill"))]
    assert bp.activation_modifier(game, "asai") == before - 1


# ------------------------------------------------------------------ [10.3] logging tactics

def test_example_10_3_totsugeki_logged_for_clan_b_ignoring_distance(game):
    h = with_plan(game, "oda", "choda")
    game.state.turn = 1
    # Note 9.3: a Sō-taishō completely surrounded can only use tactics
    for uid, hex_id in zip(["1a", "1b", "2a", "2b", "2c", "3a"],
                           ["0301", "0401", "0402", "0303", "0202", "0201"]):
        place(game, uid, hex_id)
    place(game, "A2", "0603")
    assert chit_destination(game, "oda", "B") == "delay4:oda"
    h.cp = h.cp_rolled = 3
    drive(select_chits(game, "oda"), by_kind(select_chit=["tactic:totsugeki", "done"],
                                             tactic_clan="B"))
    assert [(u.tactic, u.clans, u.turn) for u in h.tactics_used] == [("totsugeki", ["B"], 1)]
    assert clan_chit("B") in game.state.bowl  # 1 CP, whatever the distance
    assert bp.tactics_left(game, "oda")["totsugeki"] == 1
    assert player_view(game, "asai")["honjins"]["oda"]["plan"] == "choda"


def test_kido_costs_two_or_one_with_a_single_cp(game):
    h = with_plan(game, "oda", "choda")
    kido = next(t for t in bp.plan_of(game, "oda").tactics if t.name == "kido")
    h.cp_rolled = 3
    assert bp.tactic_cost(game, "oda", kido) == 2
    h.cp_rolled = 1
    assert bp.tactic_cost(game, "oda", kido) == 1


def test_companions_wait_aside_then_return(game):
    h = with_plan(game, "oda", "choda")
    h.cp = h.cp_rolled = 2
    drive(select_chits(game, "oda"), by_kind(select_chit=["tactic:ashibaya"],
                                             tactic_clan=["B", "C"]))
    assert clan_chit("B") in game.state.bowl and game.state.aside == [clan_chit("C")]
    # left in the Bowl at the end of the turn, the chit waits in box 1 [9.1]
    delay_phase_gen = delay_phase(game)
    drive(delay_phase_gen)
    assert clan_chit("B") in game.state.bowl
    use = h.tactics_used[0]
    drive(tactics.perform(game, "B", use))
    assert use.performed and game.state.aside == []
    assert clan_chit("C") in h.reserve


# ------------------------------------------------------------------ [10.4] the tactics

def test_totsugeki_reaches_farther_than_a_charge(game):
    place(game, "B1", "0502")
    target = charge_paths.charge_targets(game, "B1")[0]
    far = charge_paths.spearhead_destinations(game, "B1", target, tactics.TOTSUGEKI_MP)
    near = charge_paths.spearhead_destinations(game, "B1", target, 3.0)
    assert set(far) != set(near)  # 5 MP reach contact, 3 MP only part of the way
    use = TacticUse("totsugeki", ["B"], 2)
    with_plan(game, "oda", "choda")
    seen_hexes = []

    def answer(d):
        if d.kind == "charge-spearhead":
            return "B1"
        if d.kind == "charge-target":
            return target
        if d.kind == "charge-hex" and d.context.get("spearhead"):
            seen_hexes.extend(o.value for o in d.options)
        return None
    game.dice = ScriptedDice(game, [3] * 80)
    drive(tactics.perform(game, "B", use), answer)
    assert set(seen_hexes) - {"stay"} == {h.id for h in far}


def test_totsugeki_modifier_in_the_breakdown(game):
    from tenkatoitsu.kinds.battle.queries.attacks import combat_breakdown

    place(game, "B1", "0407")
    game.state.moved.add("B1")  # it charged into contact: an assault [11.5]
    bd, _ = combat_breakdown(game, ["B1"], ["2a"], totsugeki=True)
    plain, _ = combat_breakdown(game, ["B1"], ["2a"])
    assert any(line.rule == "10.4.1" for line in bd.lines)
    assert (bd.blue, bd.red) != (plain.blue, plain.red)


def test_kotai_withdraws_without_pursuit_and_no_combat(game):
    with_plan(game, "asai", "choda")
    place(game, "B1", "0407")  # next to 2a, B in Attack
    use = TacticUse("kotai", ["2"], 2)
    game.dice = ScriptedDice(game, [4] * 40)
    _, seen = drive(tactics.perform(game, "2", use))
    kinds = {d.kind for d in seen}
    assert game.order_of("2") == m.Order.REGROUP
    assert "withdraw-hex" in kinds
    assert not kinds & {"pursuer", "avoid-pursuit", "attack-plan", "attack-step"}
    assert not any(type(e).__name__ == "CombatResolved" for e in game.events)


def test_example_10_4_4_kido_c_not_activated(game):
    """A, B, C, J roll 4, 3, 2, 5: C (no Leadership) is not activated."""
    with_plan(game, "oda", "choda")
    game.state.clans["D"].off_map = False  # clan D plays J's part
    place(game, "D1", "0202")
    place(game, "D2", "0203")
    game.unit("C1").leader_killed = True  # clan C's Leadership is 0
    use = TacticUse("kido", ["A", "B", "C", "D"], 3)
    game.dice = ScriptedDice(game, [4, 3, 2, 5] + [3] * 80)
    drive(tactics.perform(game, "A", use))
    notes = [e.message for e in game.events if type(e).__name__ == "Note" and e.rule == "10.4.4"]
    assert any("clan C rolls 2+0 = 2: not activated" in n for n in notes)
    for clan, die, lead in (("A", 4, 2), ("B", 3, 1), ("D", 5, 2)):
        assert any(f"clan {clan} rolls {die}+{lead} = {die + lead}: activated" in n for n in notes)


def test_kido_unmodified_one_the_opponent_withdraws(game):
    with_plan(game, "oda", "choda")
    place(game, "B1", "0407")  # within 3 hexes of asai units
    use = TacticUse("kido", ["B"], 3)
    game.dice = ScriptedDice(game, [1] + [4] * 40)
    _, seen = drive(tactics.perform(game, "B", use))
    assert game.order_of("B") == m.Order.REGROUP
    withdrawals = [d for d in seen if d.kind in ("withdraw-unit", "withdraw-hex")]
    assert withdrawals and all(d.side == "asai" for d in withdrawals)


def test_kido_attacks_together_without_the_combined_roll(game):
    with_plan(game, "oda", "choda")
    game.set_order("A", m.Order.DEFENSE, "test")
    place(game, "A2", "1007")  # A2 and B1 both next to 3a (1108) alone
    place(game, "B1", "1107")
    use = TacticUse("kido", ["A", "B"], 3)
    game.dice = ScriptedDice(game, [5, 5] + [3] * 80)

    def answer(d):
        if d.kind == "attack-plan":  # the plan where A2 and B1 attack 3a together
            for o in d.options:
                if any(sorted(c[0]) == ["A2", "B1"] for c in o.value):
                    return o.value
        return None
    drive(tactics.perform(game, "A", use), answer)
    notes = [e for e in game.events if type(e).__name__ == "Note"]
    assert any(n.rule == "10.4.4" and "without a combined attack roll" in n.message for n in notes)
    assert not any(e.rule == "11.4" for e in game.events if type(e).__name__ == "DieRolled")


def test_ashibaya_marches_6_mp(game):
    with_plan(game, "oda", "choda")
    use = TacticUse("ashibaya", ["C"], 2)
    offered = {}

    def answer(d):
        if d.kind == "march-unit":
            return "C1" if "C1" not in offered else None
        if d.kind == "march-hex" and d.context["unit"] == "C1":
            offered["C1"] = {o.value for o in d.options}
        return None
    expected = {h.id for h in reach.march_destinations(game, "C1", tactics.ASHIBAYA_MP)}
    four = {h.id for h in reach.march_destinations(game, "C1", 4.0)}
    assert four < expected
    game.dice = ScriptedDice(game, [3] * 40)
    drive(tactics.perform(game, "C", use), answer)
    assert game.order_of("C") == m.Order.MOVEMENT
    assert expected - {"0805"} <= offered["C1"]


def test_katta_katta_held_and_played_by_the_opponent(game):
    h = with_plan(game, "oda", "hoshi")
    drive(bp._abilities(game, "oda"))
    asai = game.state.honjins["asai"]
    assert asai.katta == ["katta:oda"] and h.plan_revealed
    drive(bp.katta_phase(game), by_kind(katta_katta=True))
    assert "katta:oda" in game.state.bowl and asai.katta == []
    game.dice = ScriptedDice(game, [3] * 80, picks=["katta:oda"])
    game.state.bowl[:] = ["katta:oda"]
    _, seen = drive(activation_sequence(game, ["katta:oda"], lambda g: None),
                    by_kind(katta_clan="C"))
    chooser = [d for d in seen if d.kind == "katta-clan"]
    assert chooser and chooser[0].side == "asai"
    assert game.order_of("C") == m.Order.ATTACK
    assert [(u.tactic, u.clans) for u in h.tactics_used] == [("katta-katta", ["C"])]
    assert asai.katta == ["katta:oda"]  # two more on Hōshi's sheet
    assert not any(d.kind == "order-change" for d in seen)  # step a skipped


def test_tactics_never_beyond_their_count(game):
    h = with_plan(game, "oda", "choda")
    h.tactics_used += [TacticUse("kido", ["A"], 1, performed=True)]
    h.cp = h.cp_rolled = 5
    values = [o.value for o in bp.tactic_options(game, "oda")]
    assert "tactic:kido" not in values and "tactic:totsugeki" in values
