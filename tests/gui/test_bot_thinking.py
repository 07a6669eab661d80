"""While a searching bot (`hard`) thinks, the window goes on drawing and
answering; an undo or closing the window in that time stops the search,
and its answer, meant for a game that is gone, is never given."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import os

from PySide6.QtCore import QTimer
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.controller import GameController, GameSetup

HARD = "hard:playouts=4:workers=2"


def window(qtbot, players) -> MainWindow:
    win = MainWindow(GameController.new_game(GameSetup(SCENARIO, players=players, seed=3)))
    qtbot.addWidget(win)
    win.controller.paused = True  # the test steps the bots itself
    return win


def every_tick(fn) -> QTimer:
    """`fn` on every turn of the event loop: it runs only while something lets the loop turn."""
    timer = QTimer()
    timer.setInterval(0)
    timer.timeout.connect(fn)
    timer.start()
    return timer


def no_copy_left() -> bool:
    if not hasattr(os, "waitpid"):
        return True
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_the_window_turns_while_hard_thinks(qtbot):
    win = window(qtbot, (("oda", HARD), ("asai", "normal")))
    ctl = win.controller
    bot = ctl.bots["oda"]
    seen = []
    timer = every_tick(lambda: seen.append((ctl.thinking, win.who_text())))
    while bot.tally["searched"] < 2:
        assert ctl.step_bots(1) == 1
    timer.stop()
    # the loop turned only inside the bot's search, and the window said who thinks
    assert seen and all(thinking for thinking, _ in seen)
    assert any("(bot: hard" in text and "is choosing" in text for _, text in seen)


def test_an_undo_while_hard_thinks_stops_the_search(qtbot):
    win = window(qtbot, (("oda", HARD), ("asai", HARD)))
    ctl = win.controller
    while len(ctl.driver.answers) < 6:
        ctl.step_bots(1)  # a few answers given: there is something to take back
    old = ctl.game
    kept = len(ctl.driver.answers) - 2
    rewound = []

    def take_back():
        if ctl.thinking and not rewound:
            rewound.append(ctl.driver.pending)
            ctl.rewind(kept)
    timer = every_tick(take_back)
    while not rewound:
        ctl.step_bots(1)
    timer.stop()
    assert ctl.game is not old and not ctl.thinking
    assert len(ctl.driver.answers) == kept  # the stale answer never reached the new game
    assert no_copy_left()
    ctl.paused = False
    ctl.schedule_bots()
    qtbot.waitUntil(lambda: len(ctl.driver.answers) > kept + 3, timeout=60_000)  # play goes on


def test_closing_the_window_while_hard_thinks_stops_the_search(qtbot):
    win = window(qtbot, (("oda", HARD), ("asai", "normal")))
    ctl = win.controller
    closed = []

    def close():
        if ctl.thinking and not closed:
            closed.append(len(ctl.driver.answers))
            win.close()
    timer = every_tick(close)
    while not closed:
        ctl.step_bots(1)
    timer.stop()
    assert len(ctl.driver.answers) == closed[0] and not ctl.thinking
    assert no_copy_left()
    assert ctl.step_bots(5) == 0 and not ctl.bots_may_play()  # no bot answers in it any more
