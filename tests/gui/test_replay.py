"""Save, load, the replay viewer (step, jump to a turn, branch) and screenshots."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import json

from PySide6.QtGui import QImage

from tenkatoitsu.cli import main
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.battle import geometry as geo
from tenkatoitsu_gui.controller import GameController, GameSetup



def played(qtbot, turns: int) -> MainWindow:
    ctl = GameController.new_game(GameSetup(SCENARIO, seed=5))
    start = ctl.game.state.turn
    ctl.play_until(lambda c: c.game.state.turn >= start + turns)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    return win


def test_save_and_load_reproduce_the_game(qtbot, tmp_path):
    win = played(qtbot, 3)
    ctl = win.controller
    path = tmp_path / "game.json"
    win.save_game(str(path))
    data = json.loads(path.read_text())
    assert data["answers"] == ctl.driver.answers
    events, digest = len(ctl.game.events), ctl.game.digest.hexdigest()
    win.open_game(str(path))
    loaded = win.controller
    assert loaded is not ctl
    assert len(loaded.game.events) == events and loaded.game.digest.hexdigest() == digest
    assert "reproduced" in win.statusBar().currentMessage()
    assert win.log.list.count() == events
    assert loaded.pending == ctl.pending


def counter_hex(win, uid):
    item = win.view.map.counters[uid]
    return geo.hex_at(item.pos().x(), item.pos().y() + 6, 16, 12)


def test_replay_viewer_steps_jumps_and_branches(qtbot):
    win = played(qtbot, 3)
    ctl = win.controller
    frames = ctl.history.frames
    assert len(frames) == len(ctl.game.events)
    # step back from live, then to the start: the map shows the set-up
    win.step(-1)
    assert win.frame == len(frames) - 2
    win.show_frame(0)
    setup = {u.id: u.hex for u in frames[0].state.units.values() if u.hex is not None}
    for uid, h in setup.items():
        assert counter_hex(win, uid) == h
    assert not win.view.answerable, "nothing is answered while replaying"
    win.step(+1)
    assert win.frame == 1
    win.log.jump.emit(7)  # a double-click on a line of the log
    assert win.frame == 7 and win.log.list.currentRow() == 7
    # jump to turn 2: the TurnStarted event of turn 2
    win.jump_to_turn(2)
    assert type(frames[win.frame].event).__name__ == "TurnStarted"
    assert frames[win.frame].event.turn == 2
    assert win.view.tracks.turn == 2
    # every unit on the map where the state of that moment had it
    st = frames[win.frame].state
    for u in st.units.values():
        if u.hex is not None and not u.eliminated:
            assert counter_hex(win, u.id) == u.hex
    # branch: play on from there with other choices
    answered = frames[win.frame].answered
    win.branch_here()
    assert win.frame is None
    assert len(win.controller.driver.answers) == answered
    assert win.controller.game.state.turn == 2
    assert win.log.list.count() == len(win.controller.game.events)
    win.controller.play_until(lambda c: c.game.state.turn >= 3)
    assert win.controller.game.state.turn == 3


def test_screenshot_is_a_real_picture(tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main(["gui", SCENARIO, "--screenshot", str(out), "--seed", "2", "--play-turns", "1",
                 "--size", "1200x800"]) == 0
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1200, 800)
    colours = {img.pixel(x, y) for x in range(0, 1200, 7) for y in range(0, 800, 7)}
    assert len(colours) > 200, "the window is drawn, not a blank"
    assert "turn 2" in capsys.readouterr().out


def test_screenshot_of_a_part_and_of_a_decision(tmp_path):
    out = tmp_path / "bowl.png"
    assert main(["gui", SCENARIO, "--screenshot", str(out), "--grab", "bowl"]) == 0
    assert QImage(str(out)).width() > 100
    assert main(["gui", SCENARIO, "--screenshot", str(tmp_path / "x.png"),
                 "--grab", "nothing"]) == 2
    assert main(["gui", SCENARIO, "--screenshot", str(tmp_path / "y.png"),
                 "--until", "no-such-decision"]) == 1


def test_a_loaded_game_keeps_the_players_or_takes_the_default(qtbot, tmp_path):
    win = played(qtbot, 1)
    path = tmp_path / "g.json"
    win.save_game(str(path))
    ctl, _ = GameController.load(path)
    assert ctl.setup.players == (("oda", "human"), ("asai", "random"))
    ctl, _ = GameController.load(path, (("asai", "human"), ("oda", "random")))
    assert ctl.setup.player("asai") == "human" and ctl.setup.player("oda") == "random"


def test_undo_takes_back_a_decision_but_not_past_dice_or_a_drawn_chit(qtbot):
    ctl = GameController.new_game(GameSetup(SCENARIO, players=(("oda", "human"),
                                                               ("asai", "human"))))
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    first = ctl.pending
    assert first.kind == "choose-plan"  # [10.1] the first decision of a game
    assert ctl.answer(first.options[0].value) is None
    assert len(ctl.driver.answers) == 1
    win.undo()  # a secret choice rolled no die: it may be taken back
    ctl = win.controller
    assert len(ctl.driver.answers) == 0 and ctl.pending == first
    assert win.log.list.count() == len(ctl.game.events)
    # once a chit has been drawn from the Bowl, the decisions before it stay
    ctl.play_until(lambda c: any(type(e).__name__ == "ChitDrawn" for e in c.game.events))
    n = len(ctl.driver.answers)
    win.undo()
    assert len(win.controller.driver.answers) == n
    assert "cannot take back" in win.statusBar().currentMessage()
    # the history knows who answered each decision
    assert len(ctl.history.asked) == n and set(ctl.history.asked) <= {"oda", "asai"}


def test_a_replay_during_a_game_reveals_no_hidden_order(qtbot):
    from tenkatoitsu_gui.battle.honjin import honjin_html

    ctl = GameController.new_game(GameSetup(SCENARIO, players=(("oda", "human"),
                                                               ("asai", "random")),
                                            options=(("hidden_orders", True),), seed=4))
    ctl.play_until(lambda c: c.game.state.turn >= 2)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show_frame(3)
    state = ctl.history.frames[3].state
    faces = {uid: it.face for uid, it in win.view.map.counters.items() if it.isVisible()}
    for uid, face in faces.items():
        side = state.clans[state.units[uid].clan].side
        assert (face.order == "hidden") == (side == "asai"), uid
    assert "<b>?</b>" in win.view.honjins["asai"].label.text()
    assert "<b>?</b>" not in win.view.honjins["oda"].label.text()
    # once the game is over, the replay shows everything
    ctl.play_until(lambda c: False)
    win.show_frame(3)
    assert all(it.face.order != "hidden" for it in win.view.map.counters.values()
               if it.isVisible())
    assert "<b>?</b>" not in honjin_html(ctl.game, state, "asai", "oda", True)
