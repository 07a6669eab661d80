"""The `tenkatoitsu` command: exit statuses, summaries, located errors, fmt, show."""

import subprocess
import sys

from tenkatoitsu.cli import main

from conftest import ROOT, SCENARIOS


def run(*args):
    return subprocess.run([sys.executable, "-m", "tenkatoitsu", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_check_shipped_files_summarises_each():
    files = sorted(str(p.relative_to(ROOT)) for p in SCENARIOS.rglob("*.tks"))
    r = run("check", *files)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == len(files)
    train = next(ln for ln in lines if ln.startswith("scenarios/training.tks"))
    assert train == ('scenarios/training.tks: ok: "Training ground: the fords of the Ane": '
                     "192 hexes, 2 sides, 9 clans, 20 units")


def test_check_reports_located_errors_and_fails(tmp_path):
    bad = SCENARIOS / "training.tks"
    text = bad.read_text(encoding="utf-8").replace("order attack", "order atack", 1)
    target = SCENARIOS / "_tmp_check_test.tks"
    try:
        target.write_text(text, encoding="utf-8")
        r = run("check", str(target.relative_to(ROOT)))
    finally:
        target.unlink()
    assert r.returncode == 1
    assert "_tmp_check_test.tks:" in r.stderr and "unknown order 'atack'" in r.stderr
    assert "^" in r.stderr and "hint: did you mean 'attack'?" in r.stderr
    assert "Traceback" not in r.stderr


def test_check_missing_and_binary_files(tmp_path):
    garbage = tmp_path / "garbage.tks"
    garbage.write_bytes(bytes(range(256)) * 4)
    r = run("check", str(tmp_path / "nope.tks"), str(garbage))
    assert r.returncode == 1
    assert "nope.tks: no such file" in r.stderr
    assert "garbage.tks:2:" in r.stderr and "not UTF-8" in r.stderr  # byte 0x80 on line 2
    assert "Traceback" not in r.stderr


def test_fmt_check_passes_on_shipped_files():
    files = [str(p) for p in SCENARIOS.rglob("*.tks")]
    assert main(["fmt", "--check", *files]) == 0


def test_fmt_rewrites_atomically_and_keeps_comments(tmp_path):
    scen = tmp_path / "scenarios"
    (scen / "rules").mkdir(parents=True)
    for p in (SCENARIOS / "rules").glob("*.tks"):
        (scen / "rules" / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    src = (SCENARIOS / "training.tks").read_text(encoding="utf-8")
    messy = src.replace("  turns 1..10 {", "  turns   1..10{ # the track\n").replace(
        "    night 1\n", "night 1\n")
    f = scen / "training.tks"
    f.write_text(messy, encoding="utf-8")
    assert main(["fmt", "--check", str(f)]) == 1
    assert main(["fmt", str(f)]) == 0
    out = f.read_text(encoding="utf-8")
    assert "# the track" in out and "# Tatsugahana hill: climbing into it is uphill" in out
    assert main(["fmt", "--check", str(f)]) == 0
    assert not list(scen.glob(".*.tmp"))


def test_show_lists_sides_clans_units_turns_variants(capsys):
    assert main(["show", str(SCENARIOS / "training.tks")]) == 0
    out = capsys.readouterr().out
    golden = (ROOT / "tests" / "golden" / "training.show.txt").read_text(encoding="utf-8")
    assert out == golden


def test_module_entry_point():
    r = run("--help")
    assert r.returncode == 0 and "check" in r.stdout


def test_log_viewer_hides_the_opponents_secret_plan(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert main(["play", str(SCENARIOS / "training.tks"), "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "plan " in out  # the sheets in the summary
    assert main(["log", str(save), "--viewer", "asai"]) == 0
    asai = capsys.readouterr().out
    assert "asai secretly chooses" in asai and "oda secretly chooses" not in asai
    assert main(["log", str(save)]) == 0
    full = capsys.readouterr().out
    assert "oda secretly chooses" in full and "[10.3] Oda Nobunaga: plan" in full
    assert main(["log", str(save), "--viewer", "nobody"]) == 2
