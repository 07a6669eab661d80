"""`tenkatoitsu gui` without a screen plays a bot game; the engine never
imports Qt; every package folder is installed (pyproject lists them)."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from tenkatoitsu_gui.command import parse_players

from tenkatoitsu.cli import main
from tenkatoitsu.dsl.loader import load_scenario

ROOT = Path(__file__).resolve().parents[1]


def test_gui_without_a_display_plays_a_bot_game(capsys, monkeypatch):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    assert main(["gui", str(ROOT / "scenarios" / "training.tks"), "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert "no display" in err
    assert "result:" in out and "winner:" in out


def test_headless_flag(capsys):
    assert main(["gui", "--headless", "--seed", "4", "--players", "human,random"]) == 0
    assert "turns played" in capsys.readouterr().out


def test_the_engine_never_imports_qt():
    code = ("import sys, tenkatoitsu.cli as c; "
            "c.main(['play', 'scenarios/training.tks', '--seed', '1']); "
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'tenkatoitsu_gui'))]")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr


def test_pyproject_lists_every_package():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(conf["packages"])
    dirs = {"tenkatoitsu": ROOT / "tenkatoitsu"}
    dirs.update({name: ROOT / path for name, path in conf["package-dir"].items()})
    found = set()
    for name, base in dirs.items():
        # namespace packages (no __init__.py) count too, and so do the data
        # folders installed as packages (grammars, scenarios)
        data = name != "tenkatoitsu" and not (base / "__init__.py").exists()
        for f in base.rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts and (data or f.suffix == ".py"):
                found.add(".".join((name,) + f.parent.relative_to(base).parts))
    assert found == listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"


def test_the_window_takes_hard_with_its_settings_as_a_player():
    sf = load_scenario("training")
    assert parse_players("human,hard:think=2", sf.kind, sf.document) == (
        ("oda", "human"), ("asai", "hard:think=2"))
    try:
        parse_players("human,hardest", sf.kind, sf.document)
    except ValueError as e:
        assert "unknown player 'hardest'" in str(e)
    else:
        raise AssertionError("hardest is no bot")
