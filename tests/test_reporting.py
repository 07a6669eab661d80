"""What `play` and `sim` report says what it counts: the turns played of a
game that starts late on its turn track, and whose victory each level is."""

import json

from tenkatoitsu import sim
from tenkatoitsu.cli import main
from tenkatoitsu.dsl.loader import load_scenario

from conftest import SCENARIOS

NAMES = {"hashiba": "Hashiba Hideyoshi", "akechi": "Akechi Mitsuhide", "oda": "Oda Nobunaga"}


def test_play_says_which_turns_were_played_in_the_short_game(capsys):
    # Yamazaki's short game is turns 11 to 21 of the track [19.3]
    assert main(["play", str(SCENARIOS / "yamazaki.tks"), "--seed", "1"]) == 0
    assert "  turns played: 11 (turns 11 to 21); decisions:" in capsys.readouterr().out
    assert main(["play", str(SCENARIOS / "yamazaki.tks"), "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["turns"], out["first_turn"], out["turns_played"]) == (21, 11, 11)


def test_play_counts_from_turn_one_in_the_long_game(capsys):
    assert main(["play", str(SCENARIOS / "yamazaki.tks"), "--seed", "1", "--variant", "long",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["turns"], out["first_turn"], out["turns_played"]) == (21, 1, 21)


def test_a_level_that_names_no_side_gets_the_winners_name():
    assert sim.level_name("automatic victory", "hashiba", NAMES) == \
        "automatic victory (Hashiba Hideyoshi)"
    assert sim.level_name("Marginal victory for Hashiba Hideyoshi", "hashiba", NAMES) == \
        "Marginal victory for Hashiba Hideyoshi"
    assert sim.level_name("Akechi barely wins", "akechi", NAMES) == "Akechi barely wins"
    assert sim.level_name("Decisive Oda victory", "oda", NAMES) == "Decisive Oda victory"
    assert sim.level_name("Draw", None, NAMES) == "Draw"


def test_sim_counts_each_sides_automatic_victories_apart():
    spec = sim.SimSpec(str(SCENARIOS / "training.tks"), 20, ("random", "random"), seed=1)
    summary = sim.run(spec)
    levels = summary["levels"]
    automatic = {k: v for k, v in levels.items() if k.startswith("automatic victory")}
    assert set(automatic) == {"automatic victory (Oda Nobunaga)",
                              "automatic victory (Asai Nagamasa)"}
    assert {v["winner"] for v in automatic.values()} == {"oda", "asai"}
    assert sum(v["count"] for v in levels.values()) == 20
    text = sim.report(summary, load_scenario(spec.scenario))
    assert "  automatic victory (Oda Nobunaga)  " in text
    assert "mean turns played" in text
    assert summary["mean_turns_played"] == summary["mean_turns"]  # the track starts at turn 1
