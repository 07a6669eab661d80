"""Worked examples of chapters 4, 7 and 8, named after the example."""

import pytest
from helpers import ScriptedDice, place, run

from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.rules.activation import activation_sequence, initiative_phase
from tenkatoitsu.kinds.battle.rules.clan_phase import order_change_step
from tenkatoitsu.kinds.battle.rules.orders import attempt, needed
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import MARCH, RALLY


@pytest.fixture
def game(training):
    g = Game(training, seed=3)
    g.state.turn = 2  # a day turn
    return g


def test_example_4_3_steps_and_rally_levels(game):
    # a shaken unit that suffers two step losses becomes exhausted
    game.lose_steps("B2", 1, "test")
    assert game.state_name("B2") == "Shaken"
    game.lose_steps("B2", 2, "test")
    assert game.state_name("B2") == "Exhausted"
    # a disorganized unit that gains two rally levels is in good order again
    game.rally("B2", 1, "test")
    assert game.state_name("B2") == "Disorganized"
    game.rally("B2", 2, "test")
    assert game.state_name("B2") == "Good Order"
    # a good order unit that suffers 4 step losses is eliminated
    assert game.lose_steps("B2", 4, "test") is True
    assert game.state.units["B2"].eliminated


def test_order_change_table_night_values(game):
    assert needed(game, m.Order.DEFENSE, m.Order.ATTACK) == 3
    game.state.turn = 1  # night [14]
    assert needed(game, m.Order.DEFENSE, m.Order.ATTACK) == 4
    assert needed(game, m.Order.REGROUP, m.Order.ATTACK) == 6


def test_order_change_adds_the_highest_leadership(game):
    # clan A's best Leadership is 2: Defense -> Attack needs 3, a 1 + 2 succeeds
    game.dice = ScriptedDice(game, [1])
    ok, die = attempt(game, "A", m.Order.ATTACK)
    assert ok and die == 1 and game.order_of("A") == m.Order.ATTACK


def test_example_8_1_forced_regroup_with_no_enemy_within_six(game):
    # clan B in Attack, every enemy unit moved more than 6 hexes away
    for uid, h in (("1a", "1612"), ("1b", "1611"), ("2a", "1610"), ("2b", "1510"),
                   ("2c", "1511"), ("3a", "1609"), ("3b", "1512"), ("4a", "1412"), ("4b", "1411")):
        place(game, uid, h)
    place(game, "B1", "0101")
    place(game, "B2", "0201")
    run(order_change_step(game, "B"))
    assert game.order_of("B") == m.Order.REGROUP


def _river_position(game):
    # every Asai unit far south-west, but 2a at 1509: 6 hexes from clan B at
    # 1403/1404 as the crow flies, more than 6 on foot around the river
    for uid, h in (("1a", "0112"), ("1b", "0212"), ("2b", "0312"), ("2c", "0412"),
                   ("3a", "0512"), ("3b", "0612"), ("4a", "0712"), ("4b", "0812"), ("2a", "1509")):
        place(game, uid, h)
    place(game, "B1", "1403")
    place(game, "B2", "1404")


@pytest.mark.parametrize("ignore", [True, False])
def test_example_8_1_enemy_across_the_river_may_be_ignored(game, ignore):
    _river_position(game)
    _, seen = run(order_change_step(game, "B"), [ignore, "keep"])
    assert seen[0].kind == "ignore-across-river"
    assert game.order_of("B") == (m.Order.REGROUP if ignore else m.Order.ATTACK)


def test_example_8_6_delay_never_twice_in_a_row(game):
    """Example 8.6: G delayed, March drawn and played, G drawn and delayed
    again, then C of the same player: it cannot be delayed."""
    game.state.bowl[:] = []
    for chit in ("clan:B", "clan:C"):
        game.move_chit(chit, "reserve:oda", "bowl", "test")
    game.move_chit(MARCH, None, "bowl", "test")
    game.move_chit(RALLY, None, "bowl", "test")
    game.dice = ScriptedDice(game, values=[2, 1] * 25, picks=["clan:B", MARCH, "clan:B", "clan:C"])
    gen = activation_sequence(game, [MARCH, RALLY], lambda g: None)
    d = next(gen)
    assert d.kind == "delay-activation" and d.context == {} and "clan B" in d.prompt
    d = gen.send("delay")  # B back in the Bowl; March drawn next: its roll-off and phase
    while d.kind != "delay-activation":
        d = gen.send(d.options[-1].value)
    assert "clan B" in d.prompt
    d = gen.send("delay")
    # clan C is drawn right after a delay by the same player: no choice offered
    assert d.kind != "delay-activation"


def test_example_7_2_4_initiative_eligibility(game):
    """Example 7.2.4: clans in Movement or Regroup with a unit next to the
    enemy may be activated, plus one free clan of the player's choice first."""
    game.set_order("B", m.Order.MOVEMENT, "test")  # B1 at 0405, next to nothing yet
    place(game, "2a", "0406")  # now in B1's ZoC and B1 in its ZoC
    game.dice = ScriptedDice(game, [6, 1] + [3] * 20)  # Oda wins the roll-off
    gen = initiative_phase(game)
    d = next(gen)
    assert d.side == "oda"
    values = d.values()
    assert "B" in values and "pass" in values
    # the free choice is any other clan (A, C): offered only now, first
    assert {"A", "C"} <= set(values)
    assert "D" not in values  # off-map clans are not on the battlefield
