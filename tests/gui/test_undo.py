"""Undo, redo and a branch from the replay bar leave a live game whose next
decision is shown and answered by a click."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

from PySide6.QtCore import Qt
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.controller import GameController, GameSetup


def window(qtbot, players=(("oda", "human"), ("asai", "random")), seed=3) -> MainWindow:
    win = MainWindow(GameController.new_game(GameSetup(SCENARIO, players=players, seed=seed)))
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    return win


def wait_for_human(qtbot, win: MainWindow) -> None:
    qtbot.waitUntil(lambda: win.controller.pending is None or win.controller.is_human_turn(),
                    timeout=10_000)


def assert_answerable(win: MainWindow) -> None:
    """The panel shows the pending decision, every option enabled."""
    ctl, panel = win.controller, win.view.decision
    d = ctl.pending
    assert d is not None and ctl.is_human_turn()
    assert win.frame is None and win.view.answerable
    assert panel.decision is d
    assert panel.options.count() == len(d.options) > 0
    assert panel.options.isEnabled() and panel.choose.isEnabled()
    assert d.prompt in panel.prompt.text()


def click_first_option(qtbot, win: MainWindow) -> None:
    ctl = win.controller
    before = len(ctl.driver.answers)
    panel = win.view.decision
    panel.options.setCurrentRow(0)
    qtbot.mouseClick(panel.choose, Qt.MouseButton.LeftButton)
    assert len(win.controller.driver.answers) == before + 1, panel.refusal.text()
    wait_for_human(qtbot, win)


def test_undo_leaves_an_answerable_decision_then_redo_and_a_branch_work(qtbot):
    win = window(qtbot)
    for _ in range(4):  # plan, chit, tactic, chit: no die since the first chit [9.2]
        assert_answerable(win)
        click_first_option(qtbot, win)
    answers = list(win.controller.driver.answers)
    assert len(answers) == 7
    win.game_actions["Undo"].trigger()  # Ctrl+Z
    assert len(win.controller.driver.answers) == 6
    assert_answerable(win)
    assert win.log.list.count() == len(win.controller.game.events)
    click_first_option(qtbot, win)
    assert len(win.controller.driver.answers) == 7
    win.undo()
    win.undo()
    assert len(win.controller.driver.answers) == 5
    assert_answerable(win)
    win.redo()  # the last undo taken back
    assert len(win.controller.driver.answers) == 6
    assert_answerable(win)
    win.redo()
    assert win.controller.driver.answers == answers
    assert_answerable(win)
    win.redo()
    assert "nothing to redo" in win.statusBar().currentMessage()
    # a branch from the replay bar, at the event after the second answer
    frames = win.controller.history.frames
    at = next(i for i, f in enumerate(frames) if f.answered == 2)
    win.show_frame(at)
    assert not win.view.answerable
    assert win.replay.branch.isEnabled()
    win.replay.branch.trigger()
    assert win.frame is None and len(win.controller.driver.answers) == 2
    wait_for_human(qtbot, win)
    assert_answerable(win)
    click_first_option(qtbot, win)
    assert_answerable(win)
    win.redo()  # back to the line the branch left, unless an answer came since
    assert "nothing to redo" in win.statusBar().currentMessage()


def test_undo_in_hot_seat_raises_the_screen_for_the_seat_to_answer(qtbot):
    win = window(qtbot, players=(("oda", "human"), ("asai", "human")))
    ctl = win.controller
    assert ctl.answer(ctl.pending.options[0].value) is None  # oda's secret plan [10.1]
    assert ctl.screened and ctl.viewer == "asai"
    win.controller.lift_screen()
    win.undo()  # asai takes back oda's plan: oda's question is oda's to see
    ctl = win.controller
    assert len(ctl.driver.answers) == 0 and ctl.pending.side == "oda"
    assert ctl.screened and ctl.viewer == "oda"
    assert win.stack.currentWidget() is win.screen_widget
    qtbot.mouseClick(win.screen_widget.button, Qt.MouseButton.LeftButton)
    assert_answerable(win)


def test_undo_keeps_the_map_zoom_and_the_docks(qtbot):
    win = window(qtbot)
    for _ in range(3):
        click_first_option(qtbot, win)
    win.view.zoom(2.0)
    qtbot.wait(20)  # the layout settles
    scale = win.view.central.transform().m11()
    widths = {d.objectName(): d.width() for d in win._docks}
    win.undo()
    qtbot.wait(20)
    assert win.view.central.transform().m11() == scale
    assert {d.objectName(): d.width() for d in win._docks} == widths


def test_the_replay_bars_turn_box_shows_the_turn_of_the_event_shown(qtbot):
    win = window(qtbot, players=(("oda", "random"), ("asai", "random")))
    ctl = win.controller
    qtbot.waitUntil(lambda: ctl.game.state.turn >= 3, timeout=20_000)
    ctl.paused = True
    win.refresh()
    assert win.replay.turn.value() == ctl.game.state.turn  # live: the turn being played
    starts = ctl.history.turn_starts()
    win.show_frame(starts[2])
    assert win.replay.turn.value() == 2  # a past event: its own turn
