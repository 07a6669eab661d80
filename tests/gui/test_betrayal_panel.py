"""The Betrayal Aid dock [21.4]: shown for Sekigahara only, drawn from the
events, and as it stood at a past moment in the replay viewer."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

from pathlib import Path

from PySide6.QtGui import QImage

from tenkatoitsu.kinds.battle.scenario_rules.betrayal_aid import betrayal_aid
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.controller import GameController, GameSetup

SEKIGAHARA = str(Path(SCENARIO).with_name("sekigahara.tks"))


def _window(qtbot, scenario, turns):
    ctl = GameController.new_game(GameSetup(scenario, seed=3))
    ctl.play_until(lambda c: c.game.state.turn >= turns)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    return win


def test_the_aid_docks_for_sekigahara_and_follows_the_replay(qtbot, tmp_path):
    win = _window(qtbot, SEKIGAHARA, 5)
    g = win.controller.game
    assert "Betrayal Aid" in [d.objectName() for d in win._docks]
    panel = win.view.betrayal
    assert panel.aid == betrayal_aid(g, g.events)  # live: the whole game
    assert any(r.joined for r in panel.aid.families)
    # the replay viewer at the first turn's start: every family still undecided
    win.jump_to_turn(1)
    assert panel.aid.turn == 1 and not any(r.joined for r in panel.aid.families)
    assert panel.aid.markers == {"ishida": 2, "tokugawa": 2}  # the start boxes [21.4.3]
    # and a picture of it that is not blank
    out = tmp_path / "aid.png"
    panel.grab().save(str(out))
    img = QImage(str(out))
    colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
    assert img.width() > 400 and len(colours) > 5


def test_no_aid_without_undecided_clans(qtbot):
    win = _window(qtbot, SCENARIO, 1)
    assert win.view.betrayal is None
    assert "Betrayal Aid" not in [d.objectName() for d in win._docks]
