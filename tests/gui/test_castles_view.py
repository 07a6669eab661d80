"""The castles view: the map of Japan, the players, the tactic display, the
dice tray and the war track, for 2, 3 and 4 seats; a whole bot game and the
replay viewer stepping back through the war area by area; a click on a
highlighted castle answering the split of the dice and a card's target; the
game-over summary and the Help pages; a screenshot that is not blank."""

from guitest import require_sound_binding  # first: offscreen Qt or skip

require_sound_binding()

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.castles.choices import area_choices, area_of
from tenkatoitsu_gui.castles.geometry import outliers
from tenkatoitsu_gui.castles.glyphs import printable
from tenkatoitsu_gui.castles.view import CastlesView
from tenkatoitsu_gui.controller import GameController, GameSetup

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.dsl.loader import ScenarioFile, load_scenario
from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.kind import KIND
from tests.castles.helpers import scenario as rule_tests_board

TESTS = Path(__file__).resolve().parents[1]
SCENARIO = TESTS.parent / "scenarios" / "castles.tks"
SEATS = ("red", "blue", "yellow", "black")
LAPTOP = (1366, 768)


def helpers_scenario() -> ScenarioFile:
    """The rule tests' board (dummy positions, no coastline) as a loaded file."""
    return ScenarioFile(KIND, rule_tests_board(), "test.tks", "")


def window(qtbot, n=3, players=None, seed=3, variants=(), scenario=None) -> MainWindow:
    sf = scenario or load_scenario(str(SCENARIO))
    players = players or tuple((s, "random") for s in SEATS[:n])
    ctl = GameController.new_game(GameSetup(sf, variants, players, (), seed), scenario=sf)
    ctl.paused = True
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(*LAPTOP)
    win.show()
    QApplication.processEvents()
    win.view.fit()
    return win


def human_first(n=3):
    return tuple((s, "human" if i == 0 else "random") for i, s in enumerate(SEATS[:n]))


def colours_in(img: QImage, step: int = 4) -> set[str]:
    return {img.pixelColor(x, y).name() for x in range(0, img.width(), step)
            for y in range(0, img.height(), step)}


def play_to(win, stop) -> None:
    win.controller.play_until(stop)
    QApplication.processEvents()


def human_decision(kind, with_areas=False):
    def stop(c):
        d = c.pending
        if d is None or d.kind != kind or not c.is_human_turn():
            return False
        return not with_areas or any(area_of(o.value, set(c.game.state.castle))
                                     for o in d.options)
    return stop


# ---------------------------------------------------------------- drawing

@pytest.mark.parametrize("n", [2, 3, 4])
def test_draws_a_game_of_2_3_and_4_seats(qtbot, n):
    win = window(qtbot, n, variants=("daimyo",) if n == 4 else ())
    play_to(win, lambda c: c.game.state.turn >= 3 * n)
    view = win.view
    assert isinstance(view, CastlesView)
    img = view.map.grab().toImage()
    assert len(colours_in(img)) > 40, "the map is drawn"
    assert len(view.map.hits) == 11  # every castle has its name placed
    text = view.players.text()
    for s in SEATS[:n]:
        assert win.controller.seat_names()[s] in text
    assert ("sword" in text) and ("stock" in text)
    shown = view.cards.text()
    for card in view.view["display"]:
        name = next(c.name for c in win.controller.game.scenario.tactics if c.id == card)
        assert name in shown  # the display with the cards' names and text
    # every piece on the map is drawn from the seat's view
    v = KIND.view(win.controller.game, None)
    assert view.map.view["areas"] == v["areas"]


def test_the_window_fits_a_laptop_screen(qtbot):
    win = window(qtbot, 4, variants=("daimyo",))
    play_to(win, lambda c: c.game.state.turn >= 12)
    assert win.width() <= LAPTOP[0] and win.height() <= LAPTOP[1]
    m = win.view.map
    assert m.width() >= 500 and m.height() >= 320
    # every player's row shows: the players' dock does not squeeze them out
    players = win.view.players
    assert players.height() >= players.table.sizeHint().height()
    # the tokens stand apart, and stay on the map
    centres = [m.centre(a) for a in m.ids]
    for i, a in enumerate(centres):
        assert m.rect().contains(a.toPoint())
        for b in centres[i + 1:]:
            assert (a - b).manhattanLength() > 2 * m.unit()


def test_shuri_far_away_goes_into_an_inset():
    sf = load_scenario(str(SCENARIO))
    pos = {a.id: a.pos for a in sf.document.board}
    assert outliers(pos) == ["shuri"]


def test_counts_readable_at_any_zoom(qtbot):
    win = window(qtbot, 3)
    m = win.view.map
    for _ in range(12):
        m.zoom(0.8)
    assert m.unit() >= 14
    for _ in range(30):
        m.zoom(1.25)
    assert m.unit() <= 28
    win.view.fit()
    assert m.zoom_factor == 1.0


def test_without_coastline_shapes_and_with_dummy_positions(qtbot):
    win = window(qtbot, 3, scenario=helpers_scenario())
    play_to(win, lambda c: c.game.state.turn >= 9)
    assert len(colours_in(win.view.map.grab().toImage())) > 20


# ---------------------------------------------------------------- answering on the map

def test_a_click_on_a_highlighted_castle_answers_the_split(qtbot):
    for seed in range(1, 30):
        win = window(qtbot, 3, human_first(), seed=seed)
        play_to(win, human_decision("split"))
        if win.controller.pending is not None and win.controller.pending.kind == "split":
            break
    ctl, view = win.controller, win.view
    d = ctl.pending
    splits = {int(k): a for k, a in d.context["splits"].items()}
    assert view.choices.areas() == set(splits.values())
    # the dice tray shows the roll and one button per split
    assert [b.text() for b in view.dice.buttons] == [printable(o.label) for o in d.options]
    assert view.dice.faces.dice == list(view.view["roll"])
    # hovering a split marks its castle on the map
    die, area = next(iter(splits.items()))
    view.dice.watch.entered.emit(die)
    assert view.map.preview == area
    view.dice.watch.left.emit()
    assert view.map.preview is None
    view.map.areaHovered.emit(area)  # the mouse on the castle: the same mark, and what is there
    assert view.map.preview == area and view.map.names[area] in view.map.toolTip()
    assert win.statusBar().currentMessage() == view.map.toolTip()
    view.map.areaHovered.emit("")
    assert view.map.preview is None
    # a click elsewhere is refused, with the reason
    other = next(a for a in view.map.ids if a not in splits.values())
    QTest.mouseClick(view.map, Qt.MouseButton.LeftButton,
                     pos=view.map.click_point(other).toPoint())
    assert ctl.pending is d and "not a choice" in view.options.refusal.text()
    QTest.mouseClick(view.map, Qt.MouseButton.LeftButton,
                     pos=view.map.click_point(area).toPoint())
    split = [e for e in ctl.game.events if isinstance(e, ev.DiceSplit)][-1]
    assert split.area == area and split.count_die == die


def test_a_click_on_a_highlighted_castle_answers_a_card_target(qtbot):
    for seed in range(1, 60):
        win = window(qtbot, 3, human_first(), seed=seed)
        play_to(win, human_decision("card-target", with_areas=True))
        d = win.controller.pending
        if d is not None and d.kind == "card-target":
            break
    ctl, view = win.controller, win.view
    areas = view.choices.options
    assert areas, "the card's castles are highlighted"
    area, opts = next((a, o) for a, o in areas.items() if len(o) == 1)
    answered = len(ctl.driver.answers)
    QTest.mouseClick(view.map, Qt.MouseButton.LeftButton,
                     pos=view.map.click_point(area).toPoint())
    assert len(ctl.driver.answers) == answered + 1
    assert ctl.driver.answers[-1] == opts[0].value


def test_a_card_of_the_display_is_played_from_its_panel(qtbot):
    for seed in range(1, 40):
        win = window(qtbot, 3, human_first(), seed=seed)
        play_to(win, lambda c: c.pending is not None and c.pending.kind == "choose-action"
                and c.is_human_turn() and any(str(v).startswith("tactic:")
                                              for v in c.pending.values()))
        if win.controller.pending is not None and win.controller.pending.kind == "choose-action":
            break
    ctl, view = win.controller, win.view
    action = next(v for v in ctl.pending.values() if str(v).startswith("tactic:"))
    assert f"play:{action}" in view.cards.text()
    view.cards.label.linkActivated.emit(f"play:{action}")
    assert ctl.driver.answers[-1] == action
    assert "play:" not in view.cards.text() or ctl.pending.kind == "choose-action"


def test_which_areas_a_decision_names():
    ids = {"kyo", "kiyosu", "odawara"}
    d = Decision("red", "card-target", "?", (
        Option("kiyosu:1", "1 from Kiyosu"), Option("kiyosu:2", "2 from Kiyosu"),
        Option("blue>odawara", "blue -> Odawara"), Option("blue", "Blue"),
        Option("done", "done")), "5.6", {"chosen": ["kyo"]})
    c = area_choices(d, ids)
    assert {a: [o.value for o in opts] for a, opts in c.options.items()} == {
        "kiyosu": ["kiyosu:1", "kiyosu:2"], "odawara": ["blue>odawara"]}
    assert c.chosen == ("kyo",)
    split = Decision("red", "split", "?", (Option(5, "a"), Option(3, "b")), "4.I",
                     {"splits": {"5": "kyo", "3": "odawara"}})  # keys as a save gives them
    assert {a: [o.value for o in opts] for a, opts in area_choices(split, ids).options.items()} \
        == {"kyo": [5], "odawara": [3]}
    assert area_choices(Decision("red", "reroll", "?", (), "4.I"), ids).options == {}


def test_a_castle_with_several_answers_asks_which(qtbot):
    win = window(qtbot, 3, human_first())
    view = win.view
    d = Decision("red", "card-target", "Entering Kyo: how many?", (
        Option("kiyosu:1", "1 from Kiyosu"), Option("kiyosu:2", "2 from Kiyosu")), "5.6",
        {"chosen": []})
    view.choices = area_choices(d, set(view.map.ids))
    view.answerable = True
    view._area_clicked("kiyosu")
    assert [a.text() for a in view.menu.actions()] == ["1 from Kiyosu", "2 from Kiyosu"]
    view.menu.close()


# ---------------------------------------------------------------- the war and the end

def test_a_whole_bot_game_and_the_war_stepped_back_area_by_area(qtbot):
    win = window(qtbot, 3)
    ctl = win.controller
    play_to(win, lambda c: False)
    assert ctl.pending is None
    assert win.summary is not None and win.summary.isVisible()
    win.summary.close()
    frames = ctl.history.frames
    war = next(i for i, f in enumerate(frames) if isinstance(f.event, ev.WarBegan))
    seen = []
    for i in range(len(frames) - 1, war - 1, -1):  # back from the end, event by event
        win.show_frame(i)
        view, st = win.view, frames[i].state
        assert view.map.view["resolving"] == st.resolving
        assert view.map.view["areas"] == KIND.view(ctl.game, None, st)["areas"]
        e = frames[i].event
        if isinstance(e, ev.ReinforcementsSent):
            sent = {(a.frm, a.to) for a in view.map.recent.reinforcements}
            assert (e.frm, e.to) in sent
        if isinstance(e, ev.AreaResolved):
            seen.append(e.area)
            assert view.map.recent.resolved == e
            assert "⚔" in view.war.text()
        view.map.grab()
    assert len(seen) == len(set(seen)) and seen  # each area resolved once, stepped through
    assert win.view.map.view["phase"] == "war"
    win.show_frame(war - 1)  # back into the deployment: the display comes to the front
    assert win.view._phase == "deployment"


def test_the_game_over_summary_and_help(qtbot):
    win = window(qtbot, 4)
    ctl = win.controller
    play_to(win, lambda c: False)
    text = win.summary.text()
    names = ctl.seat_names()
    assert "Final scores" in text and "The war, castle by castle" in text
    r = ctl.kind.result(ctl.game)
    assert names[r.winner] in text and "wins" in text
    for s in ctl.game.players:
        assert names[s] in text
    pages = dict(win.view.help_pages())
    assert "Castles: how to play" in pages and "dice tray" in pages["Castles: how to play"]
    assert win.view.rule_text("4.II.3")[0] == "Reinforcements"
    assert "Scout" in win.view.rule_text("5.1")[1]
    assert win.view.rule_text("99") is None


def test_past_states_are_drawn_as_they_were(qtbot):
    win = window(qtbot, 3)
    ctl = win.controller
    play_to(win, lambda c: c.game.state.turn >= 10)
    frames = ctl.history.frames
    i = next(i for i, f in enumerate(frames) if isinstance(f.event, ev.PiecesDeployed))
    win.show_frame(i)
    v = win.view.map.view
    assert v["stock"] == KIND.view(ctl.game, None, frames[i].state)["stock"]
    placed = win.view.map.recent.placed
    assert placed and placed[-1][1] == frames[i].event.area
    assert not win.view.answerable


# ---------------------------------------------------------------- screenshot

def test_screenshot_is_not_blank(tmp_path):
    out = tmp_path / "castles.png"
    # in its own process: the command's window would stay over the next tests' windows
    done = subprocess.run(
        [sys.executable, "-m", "tenkatoitsu", "gui", str(SCENARIO), "--players",
         "human,random,random", "--seed", "2", "--play-turns", "6", "--until", "split",
         "--screenshot", str(out)],
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True, text=True,
        timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1500, 950)
    assert len(colours_in(img, 6)) > 60


def test_every_part_can_be_grabbed_alone(qtbot):
    win = window(qtbot, 3)
    play_to(win, lambda c: c.game.state.turn >= 4)
    view = win.view
    assert set(view.grab_targets()) == {"map", "dice", "players", "cards", "war", "decision"}
    for name, widget in view.grab_targets().items():
        view.prepare_grab(name, widget)
        assert len(colours_in(widget.grab().toImage(), 3)) > 5, name


def test_click_point_is_inside_the_token(qtbot):
    win = window(qtbot, 2)
    m = win.view.map
    for a in m.ids:
        assert m.area_at(m.click_point(a)) == a
    assert m.area_at(QPointF(-50, -50)) is None
