"""The Samurai optional rule [16] (training.tks switches it on: one marker a
side, Leadership 1, lines at 4 and 8)."""

import pytest
from helpers import ScriptedDice, place, run

from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.play import end_of_turn
from tenkatoitsu.kinds.battle.rules import samurai, samurai_activation
from tenkatoitsu.kinds.battle.rules.activation import activation_sequence
from tenkatoitsu.kinds.battle.rules.command import delay_phase
from tenkatoitsu.kinds.battle.rules.losses import leader_loss_test
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import MARCH, RALLY


@pytest.fixture
def game(training):
    g = Game(training, seed=5)
    g.state.turn = 2
    return g


def test_markers_start_available(game):
    assert samurai.enabled(game)
    assert sorted(game.state.samurai_available) == ["samurai:asai:1", "samurai:oda:1"]


def test_16_1_reaching_a_line_offers_a_samurai_to_the_side_behind(game):
    game.add_vp("oda", 3, "test", "test")
    assert game.state.samurai_offers == []
    game.add_vp("oda", 1, "test", "test")  # the marker reaches 4
    assert game.state.samurai_offers == ["asai"]
    _, seen = run(samurai.offers(game), [True])
    assert seen[0].side == "asai" and seen[0].kind == "samurai-offer"
    assert "samurai:asai:1" in game.state.bowl
    assert "samurai:asai:1" not in game.state.samurai_available


def test_16_2_rally_with_the_samurai_leadership(game):
    game.lose_steps("2b", 2, "test")  # 2b: no leader of its own
    game.move_chit("samurai:asai:1", None, "bowl", "test")
    game.state.samurai_available.remove("samurai:asai:1")
    game.dice = ScriptedDice(game, [4])  # 4 + clan 2's best Leadership (2a: 1) = 5: rally 1
    run(samurai_activation.activate(game, "samurai:asai:1"), ["2b", "rally"])
    assert game.state.samurai_on == {"samurai:asai:1": "2b"}
    assert game.lead("2b") == 1
    assert game.state.units["2b"].steps_lost == 1


def test_16_3_leadership_adds_up_to_two(game):
    game.state.samurai_on["samurai:oda:1"] = "A1"  # Nobunaga has Leadership 2
    assert game.lead("A1") == 2
    game.state.samurai_on["samurai:oda:1"] = "A2"  # Mori Yoshinari 1 + 1
    assert game.lead("A2") == 2


def test_16_2_attack_switches_the_clan_and_activates_it(game):
    game.move_chit("samurai:oda:1", None, "bowl", "test")
    game.state.samurai_available.remove("samurai:oda:1")
    run(samurai_activation.activate(game, "samurai:oda:1"), ["C1", "attack"])
    assert game.order_of("C") == m.Order.ATTACK
    assert any(getattr(e, "phase", "") == "clan phase (samurai)" for e in game.events)


def test_16_3_leaves_a_unit_out_of_contact_at_the_end_of_the_turn(game):
    game.state.samurai_on["samurai:oda:1"] = "A1"
    game.state.samurai_available.remove("samurai:oda:1")
    end_of_turn(game)
    assert game.state.samurai_on == {}
    assert "samurai:oda:1" in game.state.samurai_available  # [16.4]


def test_16_3_stays_with_a_unit_in_contact(game):
    place(game, "2a", "0406")  # next to B1 at 0405
    game.state.samurai_on["samurai:oda:1"] = "B1"
    end_of_turn(game)
    assert game.state.samurai_on == {"samurai:oda:1": "B1"}


def test_16_3_leaves_when_its_unit_is_eliminated(game):
    game.state.samurai_on["samurai:oda:1"] = "B2"
    game.state.samurai_available.remove("samurai:oda:1")
    game.eliminate("B2", "test")
    assert game.state.samurai_on == {} and "samurai:oda:1" in game.state.samurai_available


def test_16_3_a_second_leader_loss_test_for_the_samurai(game):
    game.state.samurai_on["samurai:oda:1"] = "B1"
    game.dice = ScriptedDice(game, [5, 2])  # B1's leader survives (5 > 4), the samurai dies
    assert leader_loss_test(game, "B1", eliminated=True, steps=4) is False
    assert game.state.samurai_on == {}
    assert game.state.bundori["asai"] == 1  # [16.4] the samurai's Leadership in Bundori


def test_16_5_a_samurai_left_in_the_bowl_waits_on_delay_box_one(game):
    game.move_chit("samurai:oda:1", None, "bowl", "test")
    game.dice = ScriptedDice(game, [])
    run(delay_phase(game))
    assert "samurai:oda:1" in game.state.bowl  # box 1, then into the Bowl


def test_drawn_in_the_activation_sequence(game):
    game.state.bowl[:] = []
    game.state.samurai_available.remove("samurai:oda:1")
    game.move_chit("samurai:oda:1", None, "bowl", "test")
    game.move_chit(MARCH, None, "bowl", "test")
    game.move_chit(RALLY, None, "bowl", "test")
    game.dice = ScriptedDice(game, [3, 1] * 20, picks=["samurai:oda:1", MARCH, RALLY])
    _, seen = run(activation_sequence(game, [MARCH, RALLY], lambda g: None),
                  ["A2", "rally"])
    assert seen[0].kind == "samurai-host" and seen[1].kind == "samurai-action"
    assert game.state.samurai_on == {"samurai:oda:1": "A2"}
