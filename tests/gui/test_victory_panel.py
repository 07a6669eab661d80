"""The victory panel [17]: the scenario's conditions in words, the standing
as the game goes and in the replay viewer, the same from either seat (all of
it is open), and its rule ids open the Help window."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

from pathlib import Path

from PySide6.QtGui import QTextDocument
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.battle.victory import VictoryPanel, conditions_html
from tenkatoitsu_gui.controller import GameController, GameSetup

from tenkatoitsu.kinds.battle.rules.victory import standing

SCENARIOS = Path(SCENARIO).parent


def window(qtbot, scenario=SCENARIO, players=(("oda", "human"), ("asai", "random")), **kw):
    win = MainWindow(GameController.new_game(GameSetup(scenario, players=players, **kw)))
    qtbot.addWidget(win)
    win.show()
    return win


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def test_17_the_conditions_of_training_in_words(qtbot):
    win = window(qtbot)
    text = plain(conditions_html(win.controller.game))
    assert "The battle ends after turn 10" in text
    assert "Asai Nagamasa wins if the leader of A1 (Oda Nobunaga) is killed [11.10]" in text
    assert "1 VP for each Elan point of the enemy's units eliminated as it happens" in text
    assert "3 VP to the side alone in hex 0311 at the end" in text
    assert "Decisive Oda victory\n" in text
    assert "Oda Nobunaga ahead by 6 VP or more" in text and "holds Yokoyama-jō alone" in text
    assert "Oda Nobunaga ahead by 1 VP or less (or behind)" in text
    assert "side ahead by 2 VP or more wins" in text


def test_19_5_yamazaki_levels_with_their_conditions(qtbot):
    win = window(qtbot, str(SCENARIOS / "yamazaki.tks"), players=())
    text = plain(conditions_html(win.controller.game))
    assert "Absolute victory for Akechi Mitsuhide" in text
    assert "if a1 (Akechi Mitsuhide) is in Shōryūji-jō" in text
    assert "Hashiba Hideyoshi level or ahead by up to 5 VP" in text


def test_17_the_standing_follows_the_game_and_the_replay(qtbot):
    win = window(qtbot)
    ctl = win.controller
    panel = win.view.victory
    assert isinstance(panel, VictoryPanel)
    assert "If the battle ended now" in panel.text()
    ctl.play_until(lambda c: c.game.state.turn >= 3)
    game = ctl.game
    game.add_vp("oda", 7, "a test", "17.1")
    win.refresh()
    s = standing(game)
    assert s.vp["oda"] >= 7
    shown = plain(panel.text())
    assert f"Oda Nobunaga {s.vp['oda']} — Asai Nagamasa {s.vp['asai']}" in shown
    assert f"Oda Nobunaga {s.final_vp['oda']} — Asai Nagamasa {s.final_vp['asai']}" in shown
    assert s.level in shown
    win.show_frame(0)  # the replay viewer: the standing before the first turn
    assert "Turn 1 of 10. VP: Oda Nobunaga 0 — Asai Nagamasa 0 (level)" in plain(panel.text())


def test_17_the_panel_reads_the_same_from_either_seat(qtbot):
    """Nothing in it is secret: hot-seat with hidden orders, each seat sees the same."""
    win = window(qtbot, players=(("oda", "human"), ("asai", "human")),
                 options=(("hidden_orders", True),), seed=2)
    ctl = win.controller
    ctl.play_until(lambda c: c.game.state.turn >= 3 and c.pending.side == "asai")
    texts = {}
    for seat in ("oda", "asai"):
        ctl.viewer = seat
        ctl.screened = False
        win.refresh()
        texts[seat] = win.view.victory.text()
    assert texts["oda"] == texts["asai"]
    plans = [p.name for p in ctl.game.scenario.battle_plans()]
    assert not any(p in texts["oda"] for p in plans)


def test_17_the_special_rules_at_the_end_are_named(qtbot):
    win = window(qtbot, str(SCENARIOS / "sekigahara.tks"), players=())
    assert "Not counted here: what the special rules (sekigahara) add" in win.view.victory.text()


def test_a_rule_id_of_the_panel_opens_the_help(qtbot):
    win = window(qtbot)
    win.view.victory.label.linkActivated.emit("rule:11.10")
    assert win.help.isVisible()
    assert "[11.10] Leader loss" in win.help.text()
