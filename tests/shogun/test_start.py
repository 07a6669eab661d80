"""Scenarios that `use` the bundled map and play from a starting position
(`start { ... }`) instead of the set-up: how they read, how `fmt` keeps
them, what the checks report, and the game they start."""

from __future__ import annotations

from pathlib import Path

import pytest

from tenkatoitsu.core.driver import Driver
from tenkatoitsu.dsl import loader
from tenkatoitsu.kinds.contract import GameSetup
from tenkatoitsu.kinds.shogun.state import CASTLE, FORTRESS

POSITION = '''version 1
scenario "A late-game position" {
  kind shogun
  use "shogun.tks"
  start {
    round 3
    players red blue yellow green
    koku red 5 blue 6 yellow 4 green 4
    sword red 1 blue 2
    ninja blue
    province hida red fortress army 3 level 3 { bowman 1 gunner 2 } force { spearman 1 }
    province shinano blue castle army 2 level 2 { bowman 1 swordsman 2 spearman 4 } force { spearman 1 }
    province musashi blue castle army 1 hole 7 { gunner 2 }
    province echizen red force { spearman 2 }
    province kai yellow army 1 { } force { spearman 1 }
    province sagami green force { spearman 1 }
  }
}
'''


def load(text: str, tmp_path: Path, name: str = "position.tks"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return loader.load_file(path), path


def test_a_position_reads_and_takes_the_rest_from_the_bundled_map(tmp_path):
    res, _ = load(POSITION, tmp_path)
    assert res.ok, res.diagnostics
    doc = res.document
    assert len(doc.board) == 68 and len(doc.seats) == 5  # from shogun.tks
    st = doc.start
    assert st.round == 3 and st.players == ("red", "blue", "yellow", "green")
    assert dict(st.koku) == {"red": 5, "blue": 6, "yellow": 4, "green": 4}
    assert st.ninja == "blue"
    hida = next(p for p in st.provinces if p.id == "hida")
    assert hida.castle == 2 and hida.army.level == 3 and dict(hida.force) == {"spearman": 1}


def test_fmt_keeps_a_position_short_and_stable(tmp_path):
    res, _ = load(POSITION, tmp_path)
    kind = res.kind
    text = kind.format(res.document, POSITION)
    assert "area " not in text and "components" not in text  # the used file's parts stay there
    again, _ = load(text, tmp_path, "again.tks")
    assert again.ok and again.document.start == res.document.start
    assert kind.format(again.document, text) == text


def test_the_game_starts_from_the_position(tmp_path):
    res, _ = load(POSITION, tmp_path)
    g = res.kind.new_game(res.document, GameSetup(seed=3))
    assert g.players == ("red", "blue", "yellow", "green")
    d = Driver(res.kind.rules(g))
    st = g.state
    assert st.round == 3  # the round about to begin
    assert st.owner["hida"] == "red" and st.castle["hida"] == FORTRESS
    assert st.castle["shinano"] == CASTLE and st.castles_left == 10 - 3
    assert st.fortresses_left == 5 - 1
    assert st.owner["mino"] is None  # not listed: empty, in the red rectangle
    red3 = st.army("red-3")
    assert red3.at == "hida" and g.table.components.experience[red3.hole] == 3
    assert st.army("blue-1").hole == 7
    assert not st.army("red-1").alive  # not listed: its daimyo is lost
    assert st.koku == {"red": 5, "blue": 6, "yellow": 4, "green": 4}
    assert st.koku_supply == 30 - 19
    # trays hold what the board does not [SC-1.2]
    assert st.tray["red"]["spearman"] == 36 - 3 and st.tray["red"]["gunner"] == 11 - 2
    planned = []
    while d.pending.kind == "plan":  # the others plan first [SC-6.4]
        planned.append(d.pending.side)
        d.answer(d.pending.values()[0])
    assert planned == ["red", "yellow", "green"]
    assert d.pending.kind == "spy" and d.pending.side == "blue"  # last round's ninja spies


@pytest.mark.parametrize("change, message", [
    ("province hida red", "unknown province 'hidaa'"),
    ("players red blue yellow green", "unknown seat 'purple'"),
    ("province echizen red force { spearman 2 }", "nothing stands in it"),
    ("province musashi blue castle army 1 hole 7 { gunner 2 }", "army 2 of 'blue' stands in two"),
    ("province sagami green force { spearman 1 }", "at most 5"),
    ("koku red 5 blue 6 yellow 4 green 4", "koku held; the master tray has 30"),
])
def test_a_bad_position_is_reported_at_its_line(tmp_path, change, message):
    bad = {
        "province hida red": "province hidaa red",
        "players red blue yellow green": "players red blue yellow purple",
        "province echizen red force { spearman 2 }": "province echizen red",
        "province musashi blue castle army 1 hole 7 { gunner 2 }":
            "province musashi blue castle army 2 hole 7 { gunner 2 }",
        "province sagami green force { spearman 1 }": "province sagami green force { spearman 6 }",
        "koku red 5 blue 6 yellow 4 green 4": "koku red 25 blue 6 yellow 4 green 4",
    }[change]
    text = POSITION.replace(change, bad, 1)
    res, _ = load(text, tmp_path)
    errors = [d for d in res.diagnostics if d.is_error]
    assert errors, text
    hit = [d for d in errors if message in d.message]
    assert hit, [d.message for d in errors]
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if bad.split(" {")[0] in ln)
    assert hit[0].pos.line == line
