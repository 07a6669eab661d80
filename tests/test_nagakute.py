"""Nagakute 1584 [20]: the scenario rules on scenarios/nagakute.tks."""

import pytest
from conftest import SCENARIOS
from helpers import place, run

from tenkatoitsu.cli import main
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.queries.chits import selectable
from tenkatoitsu.kinds.battle.rules.victory import automatic_winner, end_of_game_vp, final_result
from tenkatoitsu.kinds.battle.scenario import model as m

MAIN_BODY = ("A", "B", "C")  # Ieyasu, Ii Naomasa, Oda Nobukatsu


@pytest.fixture
def game(nagakute):
    g = Game(nagakute, seed=1)
    for r in g.rules:
        run(r.setup(g))
    return g


def test_check_passes(nagakute):
    assert main(["check", str(SCENARIOS / "nagakute.tks")]) == 0
    assert nagakute.turns.first == 1 and nagakute.turns.last == 16


def test_20_4_surprise_attack(game):
    ikeda, tokugawa = game.state.honjins["ikeda"], game.state.honjins["tokugawa"]
    assert not ikeda.plan_active and tokugawa.plan_active
    assert all(game.order_of(c) == m.Order.REGROUP for c in game.clans_of("ikeda"))
    assert not game.is_night()
    assert [u for u in game.occupants(game.state.units["a3"].hex)] == ["a3"]
    assert game.state.units["a3"].hex.id == "3023"  # Iwasaki-jō, stormed before dawn


def test_20_4_the_detachment_is_upon_hidetsugus_camp_at_dawn(game):
    """The surprise at Hakusan-bayashi (set-up reconstruction): every unit of
    the detachment (D-G, in Attack) is next to Hidetsugu's (clan f, in
    Regroup), so the camp cannot simply withdraw [6.6] before the blow;
    the main body is off the map."""
    from tenkatoitsu.kinds.battle.queries import zoc
    camp = [u for u in game.state.clan_units("f")]
    assert len(camp) == 4 and all(u.on_map for u in camp)
    for clan in ("D", "E", "F", "G"):
        assert game.state.clans[clan].order == m.Order.ATTACK
        for u in game.state.clan_units(clan):
            assert any(u.hex.is_adjacent(f.hex) for f in camp), u.id
    assert all(zoc.is_in_ezoc(game, f.id) for f in camp)
    assert all(game.state.clans[c].order == m.Order.REGROUP for c in game.clans_of("ikeda"))


def test_20_3_the_main_body_enters_from_turn_3(game):
    nk = next(r for r in game.rules if r.name == "nagakute")
    assert all(game.state.clans[c].off_map and game.state.clans[c].entry == "T" for c in MAIN_BODY)
    for turn in (1, 2):
        game.state.turn = turn
        run(nk.start_of_turn(game))
        assert not any(f"clan:{c}" in selectable(game, "tokugawa") for c in MAIN_BODY)
    assert {"clan:D", "clan:E"} <= set(selectable(game, "tokugawa"))
    game.state.turn = 3
    run(nk.start_of_turn(game))
    assert {f"clan:{c}" for c in MAIN_BODY} <= set(selectable(game, "tokugawa"))
    assert game.state.waiting == []


def test_20_5_1_ieyasu_killed(game):
    assert automatic_winner(game) is None
    game.state.units["A1"].leader_killed = True
    assert automatic_winner(game) == "ikeda"


@pytest.mark.parametrize("tokugawa_vp, ikeda_vp, iwasaki, winner", [
    (3, 2, None, None),  # a lead of 1: draw
    (4, 2, None, "tokugawa"),
    (4, 2, "a2", "ikeda"),  # 2 + 5 for the castle
    (7, 2, "a2", None),  # 7 - 7
    (9, 2, "D1", "tokugawa"),
])
def test_20_5_2_iwasaki_and_the_2_vp_margin(game, tokugawa_vp, ikeda_vp, iwasaki, winner):
    game.state.vp.update(tokugawa=tokugawa_vp, ikeda=ikeda_vp)
    place(game, "a3", "3020")  # out of the castle Ikeda stormed at dawn
    if iwasaki:
        place(game, iwasaki, "3023")
    end_of_game_vp(game)
    assert final_result(game)[0] == winner
