"""Save files: kind + scenario + seed + decisions, with the scenario's text
embedded, written through cattrs. They replay from any folder on their own
copy (the scenario file they name is never read), read the first engine's
version-1 saves, and refuse a damaged or unknown one with a message, never a
traceback (tests/test_saves_tampered.py tries many more)."""

import json
import shutil

import pytest

from tenkatoitsu.cli import main
from tenkatoitsu.core.events import Event
from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.saves import SAVE_VERSION, read_save
from tenkatoitsu.session import Session, bots_for, load

from conftest import ROOT, SCENARIOS

V1 = ROOT / "tests" / "golden" / "saves" / "v1-training-seed3.json"


def _played(tmp_path, scenario, seed=3, name="g.json"):
    s = Session.start(scenario, seed=seed)
    s.play_bots(bots_for(s, "random", seed))
    path = tmp_path / name
    s.save(path)
    return s, path


def test_a_save_names_its_kind_and_version_and_embeds_the_scenario(tmp_path):
    s, path = _played(tmp_path, "training")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == SAVE_VERSION == 2 and data["kind"] == "battle"
    sc = data["scenario"]
    assert sc["path"] == "training" and sc["name"] == s.game.scenario.name
    assert sc["text"] == (SCENARIOS / "training.tks").read_text(encoding="utf-8")
    assert set(sc["includes"]) == {"rules/tenkatoitsu.tks", "rules/battle-plans.tks"}
    assert sc["sha256"] == s.scenario.sha256
    assert read_save(path).answers == list(s.driver.answers)


def test_a_save_replays_from_another_folder_on_its_own_copy(tmp_path, monkeypatch, capsys):
    local = tmp_path / "mine"
    local.mkdir()
    shutil.copy(SCENARIOS / "training.tks", local / "training.tks")
    for f in (SCENARIOS / "rules").glob("*.tks"):  # rules beside it: found there, not bundled
        (local / "rules").mkdir(exist_ok=True)
        shutil.copy(f, local / "rules" / f.name)
    _, path = _played(tmp_path, local / "training.tks", seed=5)
    away = tmp_path / "away"
    away.mkdir()
    shutil.move(str(path), away / "g.json")
    shutil.rmtree(local)
    monkeypatch.chdir(away)
    assert main(["replay", "g.json"]) == 0
    out = capsys.readouterr()
    assert "events and dice reproduced" in out.out
    assert "replayed on the copy in the save (the file" in out.err


def test_a_changed_scenario_file_is_not_read_and_the_saved_copy_played(tmp_path, capsys):
    scen = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, scen)
    s, path = _played(tmp_path, scen / "training.tks", seed=4)
    f = scen / "training.tks"
    f.write_text(f.read_text(encoding="utf-8").replace("elan 2", "elan 3", 1), encoding="utf-8")
    report = load(path)
    assert report.events_match and report.digest_match
    assert "replayed on the copy in the save" in report.scenario_note
    assert report.session.game.scenario == s.game.scenario  # the copy, not the edited file


def test_a_version_1_save_still_replays(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # its scenario path is relative to the repository
    assert main(["replay", str(V1)]) == 0
    out = capsys.readouterr()
    assert "replayed 481 decisions: all 1074 events and dice reproduced" in out.out
    assert "replayed on the bundled training" in out.err


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(version=9),
     "saved by format version 9; this engine reads versions 1 and 2"),
    (lambda d: d.update(seed="three"), "field seed: expected an integer, found a string"),
    (lambda d: d.update(smurai=True), "field smurai: no such field"),
    (lambda d: d.update(kind="chess"), "field kind: unknown kind 'chess'"),
    (lambda d: d["options"].update(smurai=True), "field options.smurai: no such field"),
    (lambda d: d["scenario"].update(path="gone.tks", text=d["scenario"]["text"] + "\n# edited"),
     "the scenario copied into the save was altered"),
    (lambda d: d.update(format="other"), "not a Tenkatoitsu saved game"),
])
def test_a_damaged_save_is_refused_with_a_reason(tmp_path, capsys, change, message):
    _, path = _played(tmp_path, "training", seed=2)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    status = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert status != 0 and message in err, err
    assert "Traceback" not in err


def test_not_json_is_refused(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "invalid JSON at line 1 column 2" in capsys.readouterr().err


def test_events_read_back_from_their_json(tmp_path):
    s, _ = _played(tmp_path, "sekigahara", seed=1)
    for e in s.game.events:
        d = e.to_dict()
        assert Event.from_dict(json.loads(json.dumps(d))).to_dict() == d
