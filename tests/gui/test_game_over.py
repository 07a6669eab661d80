"""The game-over summary: it opens once as a game ends, from the kind
contract (result, level, scores, the kind's result lines) with the battle's
losses and key events, saves the game and replays it from the start; a kind
whose view has no sections of its own (the dice race) gets the kind's report."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QFileDialog
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.controller import GameController, GameSetup
from tenkatoitsu_gui.summary import GameOverDialog

from tenkatoitsu import kinds
from tenkatoitsu.saves import read_save

RACE_DIR = Path(__file__).resolve().parents[1] / "kinds" / "dicerace"
BOTS = (("oda", "random"), ("asai", "random"))


def finished_window(qtbot, scenario=SCENARIO, players=BOTS, seed=3):
    ctl = GameController.new_game(GameSetup(scenario, players=players, seed=seed))
    ctl.paused = True
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    assert win.summary is None and not win.game_actions["Game summary"].isEnabled()
    ctl.play_until(lambda c: False)
    return win


def test_17_the_summary_opens_once_as_the_game_ends(qtbot):
    win = finished_window(qtbot)
    ctl = win.controller
    d = win.summary
    assert isinstance(d, GameOverDialog) and d.isVisible()
    r = ctl.kind.result(ctl.game)
    text = d.text()
    assert text.startswith(r.level)
    assert f"Oda Nobunaga\n{r.scores['oda']}" in text  # a table: a cell a line
    assert f"Asai Nagamasa\n{r.scores['asai']}" in text
    assert f"Last turn: {r.turns}" in text
    for rule, line in ctl.kind.result_lines(ctl.game, None):  # both plan sheets [10.3]
        assert f"[{rule}] {line}" in text
    assert "Losses" in text and "Units eliminated" in text and "Leaders killed" in text
    assert "Key events" in text and "game over:" in text
    win.refresh()
    assert win.summary is d  # once a game
    assert win.game_actions["Game summary"].isEnabled()
    win.game_actions["Game summary"].trigger()
    assert win.summary is not d and win.summary.isVisible()


def test_17_key_events_and_losses_agree_with_the_state(qtbot):
    win = finished_window(qtbot, seed=3)
    st = win.controller.game.state
    gone = sorted(u.id for u in st.units.values() if u.eliminated)
    assert gone
    text = win.summary.text()
    for uid in gone:
        assert f"{uid} is eliminated" in text


def test_the_summary_saves_the_game(qtbot, tmp_path, monkeypatch):
    win = finished_window(qtbot)
    path = tmp_path / "done.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    qtbot.mouseClick(win.summary.save, Qt.MouseButton.LeftButton)
    saved = read_save(path)
    assert saved.finished and len(saved.answers) == len(win.controller.driver.answers)


def test_the_summary_replays_from_the_start(qtbot):
    win = finished_window(qtbot)
    qtbot.mouseClick(win.summary.replay, Qt.MouseButton.LeftButton)
    assert win.frame == 0 and not win.summary.isVisible()
    assert "event 1 of" in win.replay.position.text()


def test_a_rule_id_of_the_summary_opens_the_help(qtbot):
    win = finished_window(qtbot)
    win.summary.browser.anchorClicked.emit(QUrl("rule:10.3"))
    assert win.help.isVisible() and "[10.3] Logging tactics" in win.help.text()


@pytest.fixture
def race():
    """The dice race of tests/kinds/ registered for one test."""
    sys.path.insert(0, str(RACE_DIR))
    try:
        yield RACE_DIR / "three-fords.tks"
    finally:
        sys.path.remove(str(RACE_DIR))
        for name in [m for m in sys.modules if m.split(".")[0] == "dicerace_kind"]:
            del sys.modules[name]
        kinds.unregister("dicerace")


def test_every_kind_gets_a_summary(qtbot, race):
    win = finished_window(qtbot, str(race), players=(("red", "random"), ("blue", "random")))
    ctl = win.controller
    r = ctl.kind.result(ctl.game)
    text = win.summary.text()
    assert (r.level or "") in text and "Report" in text and "runners" in text
    assert ctl.kind.score_title in text
    win.open_help()  # the window's own page, no kind page
    assert win.help.titles() == ["The window"]
