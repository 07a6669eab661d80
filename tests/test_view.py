"""Hidden information [5.3] [10.1]: what a PlayerView shows and hides."""

import json

from helpers import run

from tenkatoitsu.kinds.battle.game import Game, Options
from tenkatoitsu.kinds.battle.rules.battle_plan import reveal
from tenkatoitsu.kinds.battle.rules.command import command_sequence
from tenkatoitsu.kinds.battle.state import TacticUse
from tenkatoitsu.kinds.battle.view import HIDDEN, player_view


def test_bowl_contents_never_shown(training):
    g = Game(training, seed=4)
    run(command_sequence(g))
    for side in g.side_ids:
        v = player_view(g, side)
        assert v["bowl"] == {"count": len(g.state.bowl)}
        assert "clan:" not in json.dumps(v["bowl"])


def test_hidden_orders_only_for_the_opponent(training):
    g = Game(training, seed=4, options=Options(hidden_orders=True))
    v = player_view(g, "oda")
    assert v["clans"]["A"]["order"] == "defense"  # own clan
    assert v["clans"]["2"]["order"] == HIDDEN  # the opponent's
    g2 = Game(training, seed=4)
    assert player_view(g2, "oda")["clans"]["2"]["order"] == "defense"


def test_secret_plan_until_revealed(training):
    g = Game(training, seed=4)
    g.state.honjins["asai"].plan = "saku"
    assert player_view(g, "oda")["honjins"]["asai"]["plan"] == HIDDEN
    assert player_view(g, "asai")["honjins"]["asai"]["plan"] == "saku"
    g.state.honjins["asai"].tactics_used.append(TacticUse("kotai", ["2"], 3))
    reveal(g, "asai", "Kōtai is logged")
    assert player_view(g, "oda")["honjins"]["asai"]["plan"] == "saku"
    assert g.events[-1].rule == "10.1" and g.events[-1].visible_to("oda")


def test_view_is_json(training):
    g = Game(training, seed=4)
    json.dumps(player_view(g, "oda"))
