"""Golden playthrough: a seeded random-vs-random game of training.tks as a
readable log, one line per event with its rule. Any change in the rules shows
here as a diff; after a deliberate change regenerate it with
TENKATOITSU_UPDATE_GOLDEN=1 and read the diff like a game report."""

import os

from tenkatoitsu.session import Session, bots_for

from conftest import ROOT, SCENARIOS

GOLDEN = ROOT / "tests" / "golden" / "training-seed1.log"


def game_log(seed: int) -> str:
    s = Session.start(SCENARIOS / "training.tks", seed=seed)
    s.play_bots(bots_for(s, "random", seed))
    return "".join(f"[{e.rule}] {e.text()}\n" for e in s.game.events)


def test_golden_playthrough():
    log = game_log(1)
    if os.environ.get("TENKATOITSU_UPDATE_GOLDEN"):
        GOLDEN.write_text(log, encoding="utf-8")
    assert log == GOLDEN.read_text(encoding="utf-8")


def test_every_event_names_a_rule():
    for line in game_log(2).splitlines():
        rule = line[1:line.index("]")]
        assert rule and rule[0].isdigit(), line
