"""A kind is a folder: the dice race of tests/kinds/dicerace/ registers through
its own hand-written dist-info (entry points) once its folder is on the path,
and every shared service runs it unchanged: the registry, check, show, fmt,
play (bots and terminal), sim with several jobs, save and replay from another
folder, and the GUI's screenshot. Nothing outside the folder names it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tenkatoitsu import kinds
from tenkatoitsu.kinds.contract import Kind

KIND_DIR = Path(__file__).resolve().parent / "kinds" / "dicerace"
SCENARIO = KIND_DIR / "three-fords.tks"


@pytest.fixture
def on_path():
    """The kind's folder on sys.path for one test, and forgotten after it."""
    sys.path.insert(0, str(KIND_DIR))
    try:
        yield
    finally:
        sys.path.remove(str(KIND_DIR))
        for name in [m for m in sys.modules if m.split(".")[0] == "dicerace_kind"]:
            del sys.modules[name]
        kinds.unregister("dicerace")  # the registry's cache of loaded kinds


@pytest.fixture(scope="module")
def env():
    """A subprocess's environment: the kind's folder on PYTHONPATH."""
    paths = [str(KIND_DIR)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths), QT_QPA_PLATFORM="offscreen")


def cli(env, cwd, *args, input=None, status=0):
    """`python -m tenkatoitsu ARGS` in `cwd`; the exit status checked."""
    done = subprocess.run([sys.executable, "-m", "tenkatoitsu", *map(str, args)], cwd=cwd,
                          env=env, input=input, capture_output=True, text=True, timeout=60)
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    return done


def test_registered_by_its_folder_alone(on_path):
    import dicerace_kind

    assert "dicerace" in kinds.names()
    kind = kinds.get("dicerace")
    assert kind is dicerace_kind.KIND and isinstance(kind, Kind)
    assert {"random", "bold"} <= set(kind.bots)
    pytest.importorskip("PySide6")
    from tenkatoitsu_gui.kinds import view_class

    assert view_class("dicerace").__name__ == "DiceRaceView"


def test_unknown_without_its_folder():
    assert "dicerace" not in kinds.names()


def test_format_is_canonical_and_keeps_comments(on_path):
    from tenkatoitsu.dsl.loader import load_text

    messy = SCENARIO.read_text().replace("  area camp", "area   camp").replace(
        "turns 12", "turns +12").replace("start camp\n", "start\n    camp\n")
    res = load_text(messy, "messy.tks")
    assert res.ok, res.diagnostics
    assert res.kind.format(res.document, messy) == SCENARIO.read_text()


def test_check_show_and_a_located_error(env, tmp_path):
    out = cli(env, tmp_path, "check", SCENARIO).stdout
    assert out == f'{SCENARIO}: ok: "Three fords": 3 areas, 2 links, 2 players, 12 rounds\n'
    cli(env, tmp_path, "fmt", "--check", SCENARIO)
    text = SCENARIO.read_text().replace("link ford castle", "link ford castel")
    (tmp_path / "broken.tks").write_text(text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "castel" in s)
    col = text.splitlines()[line - 1].index("castel") + 1
    err = cli(env, tmp_path, "check", "broken.tks", status=1).stderr
    assert f"broken.tks:{line}:{col}: error: unknown area 'castel'" in err
    assert "did you mean 'castle'?" in err
    shown = json.loads(cli(env, tmp_path, "show", "--json", SCENARIO).stdout)
    assert shown["kind"] == "dicerace"
    assert [s["id"] for s in shown["seats"]["choices"]] == ["red", "blue"]
    assert [a["id"] for a in shown["board"]["areas"]] == ["camp", "ford", "castle"]
    assert [(ln["a"], ln["b"], ln["kind"]) for ln in shown["board"]["links"]] == [
        ("camp", "ford", "land"), ("ford", "castle", "sea")]


def test_play_is_reproducible_and_takes_options(env, tmp_path):
    args = ("play", SCENARIO, "--bots", "random,bold", "--seed", "3", "--json")
    first = cli(env, tmp_path, *args).stdout
    assert cli(env, tmp_path, *args).stdout == first  # byte for byte
    result = json.loads(first)
    assert result["winner"] in ("red", "blue", None) and result["turns"] >= 1
    assert result["level"] in ("reached Castle", "draw")
    assert set(result["advanced"]) == {"red", "blue"}
    cli(env, tmp_path, *args, "--option", "push_needs=6")
    err = cli(env, tmp_path, *args, "--option", "push_needs=7", status=2).stderr
    assert "bad game options" in err


def test_terminal_play(env, tmp_path):
    out = cli(env, tmp_path, "play", SCENARIO, "--human", "red", "--bots", "bold",
              input="2\n" * 12).stdout
    assert "round 1 of 12; goal: Castle" in out and "red: push or rest? [DR-3]" in out
    assert "game over:" in out


def test_sim_same_results_on_two_jobs(env, tmp_path):
    args = ("sim", SCENARIO, "-n", "20", "--bots", "random,bold", "--json", "--no-progress")
    runs = [json.loads(cli(env, tmp_path, *args, "--jobs", j).stdout) for j in ("1", "2")]
    assert runs[1]["timings"]["jobs"] == 2
    for run in runs:
        del run["timings"]
    assert runs[0] == runs[1] and runs[0]["games"] == 20 and runs[0]["kind"] == "dicerace"
    rotated = json.loads(cli(env, tmp_path, *args, "--rotate").stdout)
    assert set(rotated["bot_wins"]) == {"random", "bold"}


def test_replay_from_another_folder(env, tmp_path):
    played, elsewhere = tmp_path / "played", tmp_path / "elsewhere"
    played.mkdir()
    elsewhere.mkdir()
    shutil.copy(SCENARIO, played)
    cli(env, played, "play", SCENARIO.name, "--bots", "random,bold", "--seed", "5",
        "--save", "g.json")
    shutil.move(played / "g.json", elsewhere / "g.json")
    shutil.rmtree(played)
    done = cli(env, elsewhere, "replay", "g.json")
    assert "events and dice reproduced" in done.stdout
    assert "replayed on the copy in the save" in done.stderr


def test_gui_screenshot(env, tmp_path):
    pytest.importorskip("PySide6")
    out = cli(env, tmp_path, "gui", SCENARIO, "--players", "random,random",
              "--screenshot", "shot.png", "--play-turns", "2").stdout
    assert "turn 3" in out
    assert (tmp_path / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
