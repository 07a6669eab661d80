"""The kind registry and the shared services: a scenario's header names its
kind; every command works through the kind contract; no shared service
imports a kind's package; bundled scenarios are found by name, from any
folder; `show --json` reads any kind's scenario."""

import ast
import json
import shutil
from pathlib import Path

import pytest

from tenkatoitsu import kinds
from tenkatoitsu.cli import main
from tenkatoitsu.dsl.loader import find_scenario, load_file, load_text
from tenkatoitsu.kinds.contract import Kind

from conftest import ROOT, SCENARIOS

#: the shared services: they may know a kind only through tenkatoitsu.kinds
#: (the registry) and tenkatoitsu.kinds.contract
SHARED = ["tenkatoitsu/cli.py", "tenkatoitsu/sim.py", "tenkatoitsu/terminal.py",
          "tenkatoitsu/session.py", "tenkatoitsu/saves.py", "tenkatoitsu/bots.py",
          "tenkatoitsu/arguments.py", "tenkatoitsu/areamap.py", "tenkatoitsu/hexmap.py",
          "tenkatoitsu/bundled.py", "tenkatoitsu/kinds/__init__.py",
          "tenkatoitsu/kinds/contract.py", "tenkatoitsu/core", "tenkatoitsu/dsl",
          "gui/app.py", "gui/command.py", "gui/controller.py", "gui/history.py",
          "gui/logview.py", "gui/binding.py", "gui/kinds"]


def _imports(path: Path):
    """Every module a file imports, at any depth (inside functions too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module
            for a in node.names:
                yield node.lineno, f"{node.module}.{a.name}"


def _files(entry: str):
    p = ROOT / entry
    return sorted(p.rglob("*.py")) if p.is_dir() else [p]


def test_no_shared_service_imports_a_kind():
    kind_packages = sorted(p.name for p in (ROOT / "tenkatoitsu" / "kinds").iterdir()
                           if (p / "__init__.py").exists())
    gui_kind_views = sorted(p.name for p in (ROOT / "gui").iterdir()
                            if (p / "__init__.py").exists() and p.name != "kinds")
    assert "battle" in kind_packages and "battle" in gui_kind_views
    banned = tuple(f"tenkatoitsu.kinds.{k}" for k in kind_packages) + \
        tuple(f"tenkatoitsu_gui.{v}" for v in gui_kind_views)
    leaks = [f"{f.relative_to(ROOT)}:{line}: {mod}"
             for entry in SHARED for f in _files(entry) for line, mod in _imports(f)
             if mod.startswith(banned) and mod.split(".")[:3] != ["tenkatoitsu", "kinds", "contract"]]
    assert not leaks, "shared services importing a kind:\n" + "\n".join(leaks)


def test_the_engine_never_imports_qt():
    # the one door: `tenkatoitsu gui` loads the GUI's command when it is asked for
    door = ("tenkatoitsu/cli.py", "tenkatoitsu_gui.command")
    leaks = [f"{f.relative_to(ROOT)}:{line}: {mod}" for f in _files("tenkatoitsu")
             for line, mod in _imports(f) if mod.startswith(("PySide6", "tenkatoitsu_gui"))
             and (str(f.relative_to(ROOT)), mod.removesuffix(".run")) != door]
    assert not leaks, leaks


def test_the_battle_kind_is_registered_and_keeps_its_old_name():
    battle = kinds.get("battle")
    assert isinstance(battle, Kind)
    assert "battle" in kinds.names()
    assert kinds.get("tenkatoitsu") is battle  # the kind word of the first scenario files
    with pytest.raises(kinds.UnknownKind, match="did you mean 'battle'"):
        kinds.get("battel")


def test_an_unknown_kind_in_the_header_is_a_located_error():
    text = 'version 1\nscenario "x" {\n  kind castels\n}\n'
    res = load_text(text, "x.tks")
    [d] = res.errors
    assert (d.pos.line, d.pos.column) == (3, 8)
    assert d.message == "unknown kind 'castels'"
    assert "kinds:" in d.hint or "did you mean" in d.hint


def test_a_kind_line_out_of_place_is_explained():
    src = (SCENARIOS / "training.tks").read_text(encoding="utf-8")
    text = src.replace("  kind battle\n", "", 1).replace(
        '  use "rules/tenkatoitsu.tks"\n', '  use "rules/tenkatoitsu.tks"\n  kind castles\n', 1)
    assert text != src
    res = load_text(text, SCENARIOS / "moved.tks")
    assert any("comes too late" in d.message for d in res.errors)


def test_bundled_scenarios_by_name_from_any_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert find_scenario("yamazaki") == SCENARIOS / "yamazaki.tks"
    assert main(["check", "yamazaki", "nagakute.tks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('yamazaki: ok: "Yamazaki 1582"')
    assert main(["scenarios"]) == 0
    listing = capsys.readouterr().out
    for name in ("training", "yamazaki", "nagakute", "sekigahara"):
        assert f"{name:12} battle" in listing
    assert "variants: short, long, hosokawa, tsutsui, mimaki" in listing
    assert main(["scenarios", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["nagakute"]["kind"] == "battle"
    assert [s["id"] for s in rows["nagakute"]["seats"]["choices"]] == ["tokugawa", "ikeda"]


def test_a_scenario_outside_the_scenarios_folder_uses_the_bundled_rules(tmp_path, capsys):
    f = tmp_path / "mine.tks"
    shutil.copy(SCENARIOS / "training.tks", f)
    res = load_file(f)
    assert res.ok, [str(d) for d in res.errors]
    assert set(res.includes) == {"rules/tenkatoitsu.tks", "rules/battle-plans.tks"}
    assert main(["play", str(f), "--seed", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario"].startswith("Training ground")


def test_a_use_that_leaves_the_folder_is_refused_not_looked_up_elsewhere(tmp_path):
    f = tmp_path / "mine.tks"
    text = (SCENARIOS / "training.tks").read_text(encoding="utf-8").replace(
        'use "rules/tenkatoitsu.tks"', 'use "../rules/tenkatoitsu.tks"', 1)
    f.write_text(text, encoding="utf-8")
    assert any("leads outside" in d.message for d in load_file(f).errors)


def test_show_json_gives_kind_seats_variants_and_board(capsys):
    assert main(["show", "yamazaki", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["kind"] == "battle" and d["name"] == "Yamazaki 1582" and d["scenario"]
    assert d["seats"]["fixed"] and [s["id"] for s in d["seats"]["choices"]] == ["hashiba",
                                                                                 "akechi"]
    assert {"id": "long", "title": "Long game: from the eve of the battle", "group": "length",
            "default": False} in d["variants"]
    assert d["board"] == {"type": "hex", "width": 30, "height": 19, "hexes": 570,
                          "fortresses": ["Shōryūji-jō"]}


def test_sim_rotates_the_bots_round_the_seats(capsys):
    assert main(["sim", "training", "-n", "4", "--bots", "normal,random", "--rotate", "--json",
                 "--no-progress"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [r["bots"] for r in d["results"]] == [{"oda": "normal", "asai": "random"},
                                                {"oda": "random", "asai": "normal"}] * 2
    assert set(d["bot_wins"]) == {"normal", "random"}
    won = sum(r["winner"] is not None for r in d["results"])
    assert sum(b["count"] for b in d["bot_wins"].values()) == won


def test_options_by_name(capsys):
    assert main(["play", "training", "--seed", "4", "--option", "hidden_orders=true",
                 "--json"]) == 0
    by_option = capsys.readouterr().out
    assert main(["play", "training", "--seed", "4", "--hidden-orders", "--json"]) == 0
    assert capsys.readouterr().out == by_option
    assert main(["play", "training", "--option", "hidden_ordres=true"]) == 2
    assert "hidden_ordres" in capsys.readouterr().err
