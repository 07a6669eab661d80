"""The Help window: the window's page and the battle's (the map legend drawn
by the map's painters with the terrain chart's costs, the counters and their
markers, the combat result codes, the sequence of play, the victory
conditions, the rules index); each log line's rule id opens that rule's
summary, from rules.toml, which covers every rule the engine cites."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import re
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.battle import help as battle_help
from tenkatoitsu_gui.controller import GameController, GameSetup
from tenkatoitsu_gui.help import WINDOW_PAGE

ENGINE = Path(__file__).resolve().parents[2] / "tenkatoitsu" / "kinds" / "battle"
PAGES = ["The window", "Sequence of play", "Map legend", "Counters and markers",
         "Combat results", "Victory", "Rules index"]


def window(qtbot, **kw):
    setup = GameSetup(SCENARIO, players=(("oda", "random"), ("asai", "random")), seed=3, **kw)
    ctl = GameController.new_game(setup)
    ctl.paused = True
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    return win


def test_the_help_menu_lists_the_pages_and_f1_opens_them(qtbot):
    win = window(qtbot)
    assert win.help_action.shortcut().toString() == "F1"
    win.help_action.trigger()
    assert win.help.isVisible() and win.help.text().startswith(WINDOW_PAGE)
    win.help_menu.aboutToShow.emit()
    labels = [a.text() for a in win.help_menu.actions() if a.text()]
    assert labels == ["&Help"] + PAGES
    win.help_menu.actions()[-2].trigger()  # Victory
    assert "Levels at the end" in win.help.text()


def test_the_map_legend_is_drawn_with_the_charts_costs(qtbot):
    win = window(qtbot)
    pages = dict(win.view.help_pages())
    html = pages["Map legend"]
    chart = win.controller.game.scenario.terrain_chart
    for t in chart.hex_types:
        assert f"<b>{t.name}</b>" in html
    for t in chart.hexside_types:
        assert t.name == "open" or f"<b>{t.name}</b>" in html
    assert html.count("src='data:image/png;base64,") >= len(chart.hex_types) + 12
    win.open_help("Map legend")
    text = win.help.text()
    assert "fortress\nentering: 3 MP" in text
    assert "river\ncrossing: impassable, no attack across [11.1]" in text
    assert "climbing (from the ticked side): 2 MP, attacker -1 blue" in text
    assert "a march along it costs ½ MP a hex" in text


def test_the_counters_page_shows_every_order_and_state(qtbot):
    win = window(qtbot)
    win.open_help("Counters and markers")
    text = win.help.text()
    for word in ("attack (A)", "defense (D)", "movement (M)", "regroup (R)", "hidden (?)",
                 "Shaken (S)", "Disorganized (D)", "Exhausted (E)", "Sō-taishō",
                 "defensive position", "samurai", "Leadership X", "leader killed"):
        assert word in text, word


def test_11_7_every_result_code_in_words():
    assert battle_help.result_words("dE^2") == (
        "one defending unit (its owner's choice) is eliminated; each other defending unit "
        "loses 2 steps")
    assert battle_help.result_words("d1R^R") == (
        "one defending unit (its owner's choice) loses 1 step and retreats one hex; each "
        "other defending unit retreats one hex")
    assert battle_help.result_words("a1-d1").startswith("exchange: one attacking unit loses 1")
    assert battle_help.result_words("-") == "no effect"


def test_11_7_the_combat_page_explains_each_code_of_the_crt(qtbot):
    win = window(qtbot)
    crt = win.controller.game.scenario.crt
    codes = {c for row in crt.rows for c in row.cells}
    win.open_help("Combat results")
    text = win.help.text()
    for code in codes:
        assert f"{code}\n{battle_help.result_words(code)}" in text
    for rule in ("[11.6]", "[11.7]", "[11.10]", "[11.11]", "[11.12]"):
        assert rule in text


def test_3_2_the_sequence_of_play_names_its_rules(qtbot):
    win = window(qtbot)
    win.open_help("Sequence of play")
    text = win.help.text()
    assert text.index("I. Command sequence [9]") < text.index("II. Activation sequence [7]")
    for rule in ("[9.1]", "[9.2]", "[10.2]", "[9.3]", "[9.4]", "[7.1]", "[8]", "[8.6]",
                 "[7.2.1]", "[7.2.2]", "[7.2.3]", "[7.2.4]"):
        assert rule in text


def _cited_rules() -> set[str]:
    """Every rule id the battle kind's code gives an event or a decision."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'rule="(\d+(?:\.\d+)*)"', text))
        found |= set(re.findall(r', "(\d+(?:\.\d+)*)"\)', text))
    return found


def test_every_rule_the_engine_cites_has_a_summary():
    rules = battle_help.rule_summaries()
    cited = _cited_rules()
    assert {"11.7", "9.3", "21.4.3"} <= cited
    for rule in cited:
        found = battle_help.rule_entry(rule)
        assert found is not None, rule
        assert found[0].split(".")[0] == rule.split(".")[0], rule  # within its chapter
    for chapter in range(2, 22):
        assert str(chapter) in rules
    for key, entry in rules.items():
        assert entry["title"] and entry["summary"] and "\n" not in entry["summary"], key


def test_a_rule_falls_back_to_its_section():
    title, html = battle_help.rule_text("21.7.2.1")
    assert title.startswith("[21.7]") and "has no summary of its own" in html
    assert "[21] Sekigahara 1600" in html
    assert battle_help.rule_text("99.1") is None


def test_a_rule_id_of_the_log_opens_its_summary(qtbot):
    win = window(qtbot)
    ctl = win.controller
    ctl.play_until(lambda c: c.game.state.turn >= 2)
    log = win.log
    row = next(i for i, f in enumerate(ctl.history.frames) if f.event.rule == "9.2")
    log.list.scrollToItem(log.list.item(row))
    viewport = log.list.viewport()
    rect = log.list.visualItemRect(log.list.item(row))
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=QPoint(rect.right() - 5,
                                                                      rect.center().y()))
    assert not win.help.isVisible()  # the line's text is not its rule id
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=log.rule_point(row))
    assert win.help.isVisible()
    assert "[9.2] Command points" in win.help.text()
    win.help.show_page("Victory")
    win.help.go_back()
    assert "[9.2] Command points" in win.help.text()
