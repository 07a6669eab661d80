"""Golden counts of legal attack plans [11.1]-[11.3] in fixed positions of
training.tks, like perft counts: any change to who must attack whom shows
here. Regenerate with TENKATOITSU_UPDATE_GOLDEN=1 after a deliberate change."""

import json
import os

from conftest import ROOT
from helpers import place

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.queries.attacks import attack_plans
from tenkatoitsu.kinds.battle.queries.zoc import is_in_ezoc, zoc_of

GOLDEN = ROOT / "tests" / "golden" / "attack_pairings.json"

# position name -> unit moves applied to the training set-up
POSITIONS = {
    "dawn-ford": [("B1", "0407"), ("B2", "0507")],
    "two-on-two": [("B1", "0407"), ("B2", "0507"), ("C3", "0607")],
    "line-contact": [("B1", "0407"), ("B2", "0507"), ("C3", "0607"), ("C1", "0707"),
                     ("C2", "0807")],
    "village": [("C1", "0809"), ("C2", "0909"), ("C3", "0709")],
}


def plans_in(training, moves):
    g = Game(training, seed=1)
    g.state.turn = 2
    for uid, h in moves:
        place(g, uid, h)
    out = {}
    for side in g.side_ids:
        units = [u.id for u in g.units_on_map(side) if is_in_ezoc(g, u.id)]
        plans = attack_plans(g, side, units)
        out[side] = {"units": sorted(units), "plans": len(plans)}
    return out


def test_golden_attack_plan_counts(training):
    got = {name: plans_in(training, moves) for name, moves in POSITIONS.items()}
    if os.environ.get("TENKATOITSU_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert got == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_example_4_2_zoc_of_a_unit(training):
    """Example 4.2: a unit's ZoC is the six adjacent hexes it could enter; an
    impassable hexside (the river) blocks it."""
    g = Game(training, seed=1)
    place(g, "C3", "0806")  # on the north bank, by the bridge
    zoc = {h.id for h in zoc_of(g, "C3")}
    # 0806's neighbours: 0805, 0906, 0907, 0807, 0707, 0706; 0806|0907 and
    # 0806|0707 are river hexsides, 0806|0807 is the ford
    assert zoc == {"0805", "0906", "0807", "0706"}
    place(g, "C3", "0303")  # on the hill: no impassable side, six hexes
    assert len(zoc_of(g, "C3")) == 6
    # units in a fortress exert no ZoC, and none reaches into it [15.3]
    assert zoc_of(g, "4a") == frozenset()
    place(g, "C3", "0310")
    assert Hex.from_id("0311") not in zoc_of(g, "C3")
