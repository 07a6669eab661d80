"""Output files: destinations checked before the game, atomic writes that keep
a file's mode and leave no temporary file, and a fallback file when the
destination fails after the game, so that a finished game is never lost."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import time

import pytest

from tenkatoitsu import cli, session, sim
from tenkatoitsu.cli import main
from tenkatoitsu.core import persistence
from tenkatoitsu.core.persistence import (DestinationError, check_destination,
                                          write_text_atomically, write_with_fallback)

from conftest import ROOT, SCENARIOS

TRAINING = str(SCENARIOS / "training.tks")
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _names(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ---------------------------------------------------------------- the check before the game

@pytest.mark.parametrize("given,reason", [
    ("", "an empty file name"),
    ("   ", "an empty file name"),
    ("{tmp}", "is a folder; give a file name"),
    ("{tmp}/sub/", "is a folder; give a file name"),
    ("{tmp}/missing/game.json", "no folder"),
    ("{tmp}/file.txt/game.json", "is not a folder"),
    ("/dev/null", "is not a regular file"),
    ("a\0b.json", "NUL"),
    ("{tmp}/" + "x" * 300 + ".json", "File name too long"),
])
def test_check_destination_names_the_option_and_why(tmp_path, given, reason):
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(DestinationError) as e:
        check_destination(given.replace("{tmp}", str(tmp_path)), "--save")
    assert str(e.value).startswith("--save: ") and reason in str(e.value)
    assert e.value.option == "--save"


def test_check_destination_refuses_a_folder_that_takes_no_file(tmp_path, monkeypatch):
    def refuse(target):
        raise PermissionError(errno.EACCES, "Permission denied", str(target))

    monkeypatch.setattr(persistence, "_temporary", refuse)
    with pytest.raises(DestinationError, match=r"--csv: cannot write in .*Permission denied"):
        check_destination(tmp_path / "games.csv", "--csv")


def test_check_destination_refuses_a_read_only_file(tmp_path, monkeypatch):
    f = tmp_path / "game.json"
    f.write_text("{}")
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # as for a user, not root
    with pytest.raises(DestinationError, match="--save: .*game.json' is read-only"):
        check_destination(f, "--save")


@pytest.mark.skipif(IS_ROOT or not hasattr(os, "geteuid"), reason="root writes anything")
def test_check_destination_refuses_a_read_only_file_and_folder(tmp_path):
    f = tmp_path / "game.json"
    f.write_text("{}")
    f.chmod(0o444)
    with pytest.raises(DestinationError, match="read-only"):
        check_destination(f, "--save")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with pytest.raises(DestinationError, match="cannot write in"):
            check_destination(locked / "game.json", "--save")
    finally:
        locked.chmod(0o755)


def test_check_destination_accepts_and_leaves_nothing_behind(tmp_path):
    check_destination(tmp_path / "game.json", "--save")
    (tmp_path / "old.json").write_text("{}")
    check_destination(tmp_path / "old.json", "--save")
    assert _names(tmp_path) == ["old.json"]


# ---------------------------------------------------------------- atomic writes

def test_overwrite_keeps_the_files_mode(tmp_path):
    f = tmp_path / "game.json"
    f.write_text("old")
    for mode in (0o644, 0o640, 0o600, 0o664):
        f.chmod(mode)
        write_text_atomically(f, "new")
        assert _mode(f) == mode and f.read_text() == "new"


def test_a_new_file_gets_the_umasks_mode(tmp_path):
    old = os.umask(0o027)
    try:
        write_text_atomically(tmp_path / "new.json", "x")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "new.json") == 0o640


@pytest.mark.parametrize("where,error", [
    ("replace", OSError(errno.ENOSPC, "No space left on device")),
    ("fsync", OSError(errno.ENOSPC, "No space left on device")),  # a full disk
    ("fsync", KeyboardInterrupt()),
])
def test_a_failed_write_removes_its_temporary_and_keeps_the_old_file(tmp_path, monkeypatch,
                                                                    where, error):
    f = tmp_path / "game.json"
    f.write_text("old")

    def fail(*args):
        raise error

    monkeypatch.setattr(os, where, fail)
    with pytest.raises(type(error)):
        write_text_atomically(f, "new")
    monkeypatch.undo()
    assert _names(tmp_path) == ["game.json"] and f.read_text() == "old"


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        calls.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(a, b):
        calls.append("rename")
        real_replace(a, b)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_text_atomically(tmp_path / "game.json", "x")
    if hasattr(os, "O_DIRECTORY"):
        assert calls == ["fsync file", "rename", "fsync folder"]


def test_a_symbolic_link_is_written_through(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_text_atomically(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_a_temporary_left_by_a_killed_write_is_swept(tmp_path):
    f = tmp_path / "game.json"
    stale = tmp_path / ".game.json.0123abcd.tmp"
    fresh = tmp_path / ".game.json.89abcdef.tmp"  # perhaps another write, under way
    other = tmp_path / ".other.json.0123abcd.tmp"
    for p in (stale, fresh, other):
        p.write_text("half")
    old = time.time() - persistence.STALE_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_text_atomically(f, "x")
    assert _names(tmp_path) == sorted([other.name, fresh.name, "game.json"])


def test_a_killed_save_leaves_the_old_file_whole(tmp_path):
    """kill -9 in the middle of a write: the old file is intact."""
    f = tmp_path / "game.json"
    f.write_text(json.dumps({"v": "old"}))
    code = ("import os, sys\n"
            "from tenkatoitsu.core.persistence import write_text_atomically\n"
            "os.fsync = lambda fd: os.kill(os.getpid(), 9)\n"
            "write_text_atomically(sys.argv[1], 'x' * 100000)\n")
    r = subprocess.run([sys.executable, "-c", code, str(f)], timeout=60)
    assert r.returncode != 0
    assert json.loads(f.read_text()) == {"v": "old"}


# ---------------------------------------------------------------- the fallback file

def test_write_with_fallback_writes_here_when_the_destination_fails(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    written, why = write_with_fallback(tmp_path / "gone" / "game.json",
                                       lambda p: write_text_atomically(p, "data"))
    assert why == "No such file or directory"
    assert written.parent == tmp_path and written.name.startswith("game-")
    assert written.suffix == ".json" and written.read_text() == "data"
    again, _ = write_with_fallback(tmp_path / "gone" / "game.json",
                                   lambda p: write_text_atomically(p, "data"))
    assert again != written  # never over an earlier fallback


def test_write_with_fallback_says_what_it_tried_when_nothing_works(tmp_path, monkeypatch):
    monkeypatch.setattr(persistence, "fallback_folders", lambda: [tmp_path / "nowhere"])
    with pytest.raises(OSError, match=r"cannot write .*game.json.*nor .*nowhere"):
        write_with_fallback(tmp_path / "gone" / "game.json",
                            lambda p: write_text_atomically(p, "data"))


@pytest.mark.parametrize("argv,option", [
    (["play", TRAINING, "--save", "{tmp}/missing/g.json"], "--save"),
    (["play", TRAINING, "--save", "{tmp}"], "--save"),
    (["play", TRAINING, "--save", ""], "--save"),
    (["sim", TRAINING, "-n", "1", "--csv", "{tmp}/missing/g.csv"], "--csv"),
    (["sim", TRAINING, "-n", "1", "--csv", "{tmp}"], "--csv"),
    (["sim", TRAINING, "-n", "1", "--plot", "{tmp}/missing/g.png"], "--plot"),
    (["sim", TRAINING, "-n", "1", "--plot", "{tmp}/g.nope"], "--plot"),
    (["gui", TRAINING, "--screenshot", "{tmp}/missing/g.png"], "--screenshot"),
    (["gui", TRAINING, "--screenshot", "{tmp}"], "--screenshot"),
])
def test_a_bad_destination_is_refused_before_the_game(tmp_path, capsys, argv, option):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    out = capsys.readouterr()
    assert f"argument {option}: " in out.err and out.out == ""
    assert "Traceback" not in out.err


def test_play_the_scenario_itself_is_no_save(capsys):
    assert main(["play", TRAINING, "--save", TRAINING]) == 2
    assert "argument --save: " in capsys.readouterr().err


def test_a_finished_game_goes_to_a_fallback_file_when_its_folder_vanished(tmp_path, monkeypatch,
                                                                        capsys):
    folder = tmp_path / "saves"
    folder.mkdir()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    played = session.Session.play_bots

    def play_then_lose_the_folder(self, bots):
        played(self, bots)
        shutil.rmtree(folder)

    monkeypatch.setattr(session.Session, "play_bots", play_then_lose_the_folder)
    assert main(["play", TRAINING, "--seed", "3", "--save", str(folder / "g.json")]) == 1
    out = capsys.readouterr()
    [fallback] = here.iterdir()
    assert f"written to {fallback} instead" in out.err and "--save: cannot write" in out.err
    assert f"saved to {fallback}" in out.out and "Traceback" not in out.err
    monkeypatch.undo()
    assert main(["replay", str(fallback)]) == 0


def test_sim_results_go_to_a_fallback_file_when_the_csv_fails(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    real_run = sim.run

    def run_then_lose_the_folder(*args, **kw):
        summary = real_run(*args, **kw)
        shutil.rmtree(folder)
        return summary

    monkeypatch.setattr(sim, "run", run_then_lose_the_folder)
    assert main(["sim", TRAINING, "-n", "2", "--bots", "random", "--csv",
                 str(folder / "games.csv")]) == 1
    out = capsys.readouterr()
    [fallback] = [p for p in tmp_path.iterdir() if p.suffix == ".csv"]
    assert fallback.name.startswith("games-") and len(fallback.read_text().splitlines()) == 3
    assert f"--csv: cannot write '{folder / 'games.csv'}'" in out.err
    assert "draws" in out.out  # the report all the same


def test_a_game_interrupted_at_the_terminal_is_saved(tmp_path, monkeypatch, capsys):
    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.Terminal, "run", interrupted)
    save = tmp_path / "g.json"
    assert main(["play", TRAINING, "--human", "oda", "--save", str(save)]) == 130
    assert f"saved to {save}" in capsys.readouterr().out
    assert json.loads(save.read_text())["finished"] is False


def test_fmt_reports_a_file_it_cannot_rewrite(tmp_path, monkeypatch, capsys):
    f = tmp_path / "training.tks"
    shutil.copytree(SCENARIOS / "rules", tmp_path / "rules")
    f.write_text((SCENARIOS / "training.tks").read_text(encoding="utf-8")
                 .replace("    night 1\n", "night 1\n"), encoding="utf-8")

    def refuse(path, text):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(cli, "write_text_atomically", refuse)
    assert main(["fmt", str(f)]) == 1
    assert "cannot be rewritten (Permission denied)" in capsys.readouterr().err


# ---------------------------------------------------------------- sim's progress

class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_drawn_only_on_a_terminal():
    assert sim.progress_bar(io.StringIO()) is None
    bar = sim.progress_bar(_Terminal())
    assert isinstance(bar, sim.ProgressBar)
    bar(1, 2)
    bar(2, 2)
    assert bar.stream.getvalue().count("\r") == 2 and bar.stream.getvalue().endswith("\n")


def test_sim_into_a_pipe_writes_no_progress_frames():
    r = subprocess.run([sys.executable, "-m", "tenkatoitsu", "sim", TRAINING, "-n", "2",
                        "--bots", "random", "--json"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and "\r" not in r.stderr and r.stderr == ""
    assert json.loads(r.stdout)["games"] == 2
