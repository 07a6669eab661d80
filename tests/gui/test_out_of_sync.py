"""A save that does not replay opens read-only at its last good decision, with
a dialog that says so; one that cannot be read leaves the window as it was;
`gui --load SAVE --screenshot` draws the save."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import json
import re

from PySide6.QtGui import QImage
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.controller import GameController, GameSetup

from tenkatoitsu.cli import main

TAMPERED = 40  # the index of the answer a tampered save changes


def saved(tmp_path, name="game.json", turns=2):
    """A game of human Oda against the random bot, `turns` turns in, saved."""
    ctl = GameController.new_game(GameSetup(SCENARIO, players=(("oda", "human"),
                                                               ("asai", "random")), seed=5))
    start = ctl.game.state.turn
    ctl.play_until(lambda c: c.game.state.turn >= start + turns and c.is_human_turn())
    path = tmp_path / name
    ctl.save(path)
    return path, ctl


def tampered(path, out, change) -> str:
    data = json.loads(path.read_text())
    change(data)
    out.write_text(json.dumps(data))
    return str(out)


def stopping_answer(data) -> None:
    data["answers"][TAMPERED] = "no-such-option"


def window(qtbot) -> MainWindow:
    ctl = GameController.new_game(GameSetup(SCENARIO, seed=2))
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    return win


def test_a_save_whose_answers_stop_replaying_opens_read_only(qtbot, tmp_path):
    good, played = saved(tmp_path)
    bad = tampered(good, tmp_path / "bad.json", stopping_answer)
    win = window(qtbot)
    win.open_game(bad)
    ctl = win.controller
    assert f"answer {TAMPERED + 1} does not replay" in ctl.read_only
    assert ctl.driver.answers == played.driver.answers[:TAMPERED], "its last good decision"
    # the dialog: what went out of sync, the save, that the game cannot go on
    box = win.dialog
    assert box is not None and box.isVisible() and box.windowTitle() == "Out of sync"
    assert f"answer {TAMPERED + 1} does not replay" in box.text()
    assert bad in box.informativeText() and "cannot be continued" in box.informativeText()
    assert "read-only" in win.windowTitle()
    # nothing can be answered: not by a click, not by a bot, not by undo
    assert not win.view.answerable and win.view.decision.decision is None
    assert "Read-only" in win.view.decision.who.text()
    assert "cannot be continued" in ctl.answer(ctl.pending.options[0].value)
    assert ctl.step_bots(10) == 0
    qtbot.wait(50)
    assert len(ctl.driver.answers) == TAMPERED
    for label, enabled in (("New", True), ("Open", True), ("Save as", False), ("Undo", False),
                           ("Redo", False)):
        assert win.game_actions[label].isEnabled() == enabled, label
    win.undo()
    assert len(win.controller.driver.answers) == TAMPERED
    # the replay bar browses the history, but no branch makes it playable
    win.show_frame(0)
    assert win.frame == 0 and not win.replay.branch.isEnabled()
    win.step(+1)
    assert win.frame == 1
    win.branch_here()
    assert win.controller.read_only and len(win.controller.driver.answers) == TAMPERED
    win.go_live()
    assert not win.view.answerable
    box.close()
    # another save opens as a game to play
    win.open_game(str(good))
    assert not win.controller.read_only and win.view.answerable
    assert win.game_actions["Save as"].isEnabled() and "read-only" not in win.windowTitle()


def test_a_save_whose_events_differ_opens_read_only(qtbot, tmp_path):
    good, _ = saved(tmp_path)
    bad = tampered(good, tmp_path / "digest.json", lambda d: d.update(digest="0" * 64))
    win = window(qtbot)
    win.open_game(bad)
    assert "OUT OF SYNC" in win.controller.read_only and "digest differs" in win.dialog.text()
    assert not win.view.answerable


def test_a_save_that_cannot_be_read_leaves_the_window_as_it_was(qtbot, tmp_path):
    win = window(qtbot)
    before = win.controller
    answered = win.controller.answer(win.controller.pending.options[0].value)
    assert answered is None
    junk = tmp_path / "junk.json"
    junk.write_text("{ not json")
    win.open_game(str(junk))
    assert win.controller is before and len(before.driver.answers) == 1
    assert win.dialog.isVisible() and str(junk) in win.dialog.text()
    assert win.view.answerable


def _shot(tmp_path, capsys, *args):
    out = tmp_path / "shot.png"
    code = main(["gui", "--screenshot", str(out), "--size", "1000x700", *args])
    return code, out, capsys.readouterr()


def test_screenshot_of_a_loaded_game(tmp_path, capsys):
    good, played = saved(tmp_path)
    code, out, io = _shot(tmp_path, capsys, "--load", str(good))
    assert code == 0, io.err
    assert QImage(str(out)).size().toTuple() == (1000, 700)
    turn = played.kind.result(played.game).turns
    assert f"turn {turn}, {len(played.game.events)} events" in io.out


def test_screenshot_of_an_out_of_sync_save_shows_its_last_good_decision(tmp_path, capsys):
    good, played = saved(tmp_path)
    bad = tampered(good, tmp_path / "bad.json", stopping_answer)
    code, out, io = _shot(tmp_path, capsys, "--load", bad)
    assert code == 1
    assert QImage(str(out)).width() == 1000
    warning = [line for line in io.err.splitlines() if "warning" in line]
    assert len(warning) == 1 and bad in warning[0] and "last good decision" in warning[0]
    events = int(re.search(r"(\d+) events", io.out).group(1))
    assert events < len(played.game.events)


def test_screenshot_of_a_bad_save_is_one_line_and_status_2(tmp_path, capsys):
    junk = tmp_path / "junk.json"
    junk.write_text("[]")
    code, out, io = _shot(tmp_path, capsys, "--load", str(junk))
    assert code == 2 and not out.exists()
    assert len(io.err.strip().splitlines()) == 1 and "Traceback" not in io.err


def test_screenshot_destination_is_checked_before_the_game(tmp_path, capsys):
    good, _ = saved(tmp_path)
    for dest in (tmp_path / "no-folder" / "x.png", tmp_path):
        code = main(["gui", "--load", str(good), "--screenshot", str(dest)])
        err = capsys.readouterr().err
        assert code == 2 and "--screenshot" in err, err
