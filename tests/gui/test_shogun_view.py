"""The shogun view: the map of Japan with a cell for every province, the
colour sets and their army cards, the planning screen, the battle die by
die, for 2 to 5 seats; clicks on a province answering a decision, the plan
sealed from the planning screen, the hot-seat screen before each human's
secret plan, nothing of another seat's secrets drawn, a screenshot that is
not blank."""

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
from tenkatoitsu_gui.controller import GameController, GameSetup
from tenkatoitsu_gui.shogun import geometry
from tenkatoitsu_gui.shogun.battle import last_battle
from tenkatoitsu_gui.shogun.choices import province_choices, province_of
from tenkatoitsu_gui.shogun.layout import overlaps
from tenkatoitsu_gui.shogun.view import ShogunView

from tenkatoitsu.areamap import Area, AreaMap, link
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.dsl.loader import ScenarioFile, load_scenario
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.kind import KIND
from tenkatoitsu.kinds.shogun.scenario.model import SeatDef, ShogunScenario

TESTS = Path(__file__).resolve().parents[1]
SCENARIO = TESTS.parent / "scenarios" / "shogun.tks"
SEATS = ("red", "blue", "yellow", "green", "orange")
LAPTOP = (1366, 768)


def scenario() -> ScenarioFile:
    return load_scenario(str(SCENARIO))


def grid_scenario() -> ScenarioFile:
    """68 provinces on a grid with no positions and no coastline."""
    areas = [Area(f"p{i}", f"P{i}") for i in range(68)]
    links = []
    for i in range(68):
        if i % 9 < 8 and i + 1 < 68:
            links.append(link(f"p{i}", f"p{i + 1}"))
        if i + 9 < 68:
            links.append(link(f"p{i}", f"p{i + 9}"))
    links.append(link("p0", "p67", "sea"))
    seats = tuple(SeatDef(c, c.title(), "#000000") for c in SEATS)
    doc = ShogunScenario("grid", "grid.tks", AreaMap(areas, links), seats)
    return ScenarioFile(KIND, doc, "grid.tks", "")


def window(qtbot, n=4, players=None, seed=1, sf=None, size=(1500, 950)) -> MainWindow:
    sf = sf or scenario()
    players = players or tuple((s, "random") for s in SEATS[:n])
    ctl = GameController.new_game(GameSetup(sf, (), players, (), seed), scenario=sf)
    ctl.paused = True
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    QApplication.processEvents()
    win.view.fit()
    return win


def humans(*which, n=4):
    return tuple((s, "human" if s in which else "random") for s in SEATS[:n])


def play_to(win, stop) -> None:
    win.controller.play_until(stop)
    QApplication.processEvents()


def pending(kind, human=True, round_at_least=0):
    def stop(c):
        d = c.pending
        return d is not None and d.kind == kind and (not human or c.is_human_turn()) \
            and c.game.state.round >= round_at_least
    return stop


def colours_in(img: QImage, step: int = 4) -> set[str]:
    return {img.pixelColor(x, y).name() for x in range(0, img.width(), step)
            for y in range(0, img.height(), step)}


def click(view, province: str) -> None:
    QTest.mouseClick(view.map, Qt.MouseButton.LeftButton,
                     pos=view.map.click_point(province).toPoint())


# ---------------------------------------------------------------- the map

def test_every_province_has_a_cell_holding_its_position():
    sf = scenario()
    cells = geometry.cells_of(sf.document)
    board = sf.document.board
    assert set(cells.cells) == {a.id for a in board}
    for a in board:
        polys = cells.cells[a.id]
        assert polys and sum(abs(geometry.area(q)) for q in polys) > 0, a.id
        assert any(geometry.contains(q, a.pos) for q in polys), a.id
        assert cells.province_at(a.pos) == a.id
        assert any(geometry.contains(q, cells.anchor[a.id]) for q in polys), a.id
    # the cells tile the land: their areas add up to the islands'
    land = sum(abs(geometry.area(poly)) for poly in cells.land.values())
    tiled = sum(abs(geometry.area(q)) for polys in cells.cells.values() for q in polys)
    assert tiled == pytest.approx(land, rel=1e-6)
    # Oki's two islands are one province; Tsushima's outline holds Tsushima
    assert len(cells.cells["oki"]) == 2
    assert cells.on["tsushima"] == ["tsushima"]
    assert geometry.cells_of(sf.document) is cells  # cached per scenario


def test_a_half_plane_clip_and_a_cell():
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    half = geometry.clip(square, 1, 0, 4)  # x <= 4
    assert abs(geometry.area(half)) == pytest.approx(40)
    cell = geometry.voronoi_cell(square, (2, 5), [(8, 5), (2, 50)])
    assert abs(geometry.area(cell)) == pytest.approx(50)
    assert geometry.contains(cell, (2, 5)) and not geometry.contains(cell, (8, 5))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_draws_a_game_of_2_to_5_seats(qtbot, n):
    win = window(qtbot, n, seed=n)
    play_to(win, lambda c: c.game.state.round >= 2 and c.game.state.step == "Wage War")
    view = win.view
    assert isinstance(view, ShogunView)
    img = view.map.grab().toImage()
    assert len(colours_in(img)) > 60, "the map is drawn"
    assert len(view.map.rects) == 68  # every province has its label
    assert not overlaps({p: r.getRect() for p, r in view.map.rects.items()})
    v = view.view
    text = view.houses.text()
    for h in v["houses"]:
        assert v["names"][h] in text
        assert f"{v['counts'][h]}</b> provinces" in text
    assert "Master tray" in text and "Sword order" in text
    cards = [c.cards for c in view.houses.cards.values()]
    assert len(cards) == len(v["houses"]) and all(len(c.armies) == 3 for c in cards)
    assert v == KIND.view(win.controller.game, None)  # a bot game: everything shown


def test_the_window_fits_a_laptop_screen(qtbot):
    win = window(qtbot, 4, size=LAPTOP)
    play_to(win, lambda c: c.game.state.round >= 2)
    assert win.width() <= LAPTOP[0] and win.height() <= LAPTOP[1]
    m = win.view.map
    assert m.width() >= 480 and m.height() >= 300
    assert not overlaps({p: r.getRect() for p, r in m.rects.items()})


def test_names_readable_at_any_zoom(qtbot):
    win = window(qtbot, 3)
    m = win.view.map
    for _ in range(12):
        m.zoom(0.8)
    assert m.unit() >= 12
    for _ in range(30):
        m.zoom(1.25)
    assert m.unit() <= 24
    m.grab()
    win.view.fit()
    assert m.zoom_factor == 1.0


def test_the_doubtful_lanes_are_fainter_and_gone_without_them(qtbot):
    win = window(qtbot, 3)
    lanes = win.view.map.lanes
    assert len(lanes) == 20 and sum(1 for *_, doubtful in lanes if doubtful) == 6
    sf = scenario()
    ctl = GameController.new_game(GameSetup(sf, ("no-doubtful-lanes",),
                                            tuple((s, "random") for s in SEATS[:3]), (), 1),
                                  scenario=sf)
    plain = ShogunView(ctl).map.lanes
    assert len(plain) == 14 and not any(doubtful for *_, doubtful in plain)


def test_a_board_without_positions_or_coastline(qtbot):
    win = window(qtbot, 3, sf=grid_scenario())
    play_to(win, lambda c: c.game.state.round >= 2)
    m = win.view.map
    assert len(colours_in(m.grab().toImage())) > 20
    for p in m.ids:
        assert m.province_at(m.click_point(p)) == p


# ---------------------------------------------------------------- answering on the map

def test_which_provinces_a_decision_names():
    ids = {"kii", "yamato", "awa-honshu", "settsu"}
    view = {"armies": [{"id": "red-1", "at": "yamato"}, {"id": "blue-2", "at": None}],
            "markers": [["red-1", "yamato", "kii"], ["force@settsu", "settsu", "awa-honshu"]]}
    assert province_of("kii", ids) == "kii"
    assert province_of("awa-honshu", ids) == "awa-honshu"
    assert province_of("to:awa-honshu", ids) == "awa-honshu"
    assert province_of("conquer:kii", ids) == "kii"
    assert province_of("send:gunner:kii", ids) == "kii"
    assert province_of("attack:settsu", ids) == "settsu"
    assert province_of("castle:kii", ids) == "kii"
    assert province_of("force@settsu>awa-honshu", ids) == "awa-honshu"
    assert province_of("red-1>kii", ids, view) == "kii"
    assert province_of("spearman:settsu>kii", ids) == "kii"
    assert province_of("bowman:settsu>red-1", ids, view) == "yamato"
    assert province_of("gunner@settsu", ids) == "settsu"
    assert province_of("gunner@red-1", ids, view) == "yamato"
    assert province_of("red-1", ids, view) == "yamato"
    assert province_of(["kii", "army", 2], ids) == "kii"
    for nothing in ("stop", "done", "pick:bowman", "bowman", "army:spearman", "pass", True):
        assert province_of(nothing, ids, view) is None
    nb = Decision("red", "next-battle", "?", (Option(0, "a"), Option(1, "b")), "SC-15.1")
    c = province_choices(nb, ids, view)
    assert {p: [o.value for o in opts] for p, opts in c.options.items()} == {
        "kii": [0], "awa-honshu": [1]}
    mv = Decision("red", "move-army", "?", (Option("stop", "stop"), Option("to:kii", "k")),
                  "SC-13.2", {"army": "red-1"})
    c = province_choices(mv, ids, view)
    assert set(c.options) == {"kii"} and c.focus == "yamato"
    plan = Decision("red", "plan", "?", (Option([1, 0, 0, 0, 0], "x"),), "SC-6.2")
    assert province_choices(plan, ids, view).options == {}


def test_a_click_on_a_province_answers_the_reinforcement(qtbot):
    win = window(qtbot, 4, humans("red"))
    play_to(win, pending("reinforce"))
    ctl, view = win.controller, win.view
    d = ctl.pending
    assert d.kind == "reinforce" and ctl.is_human_turn()
    assert view.choices.provinces() == set(d.values())
    assert "ringed in yellow" in view.options.prompt.text()
    # a click elsewhere is refused, with the reason
    other = next(p for p in view.map.ids if p not in d.values())
    click(view, other)
    assert ctl.pending is d and "not a choice" in view.options.refusal.text()
    target = max(d.values())
    answered = len(ctl.driver.answers)
    click(view, target)
    assert len(ctl.driver.answers) == answered + 1
    assert ctl.driver.answers[-1] == target
    e = next(e for e in reversed(ctl.game.events) if isinstance(e, ev.Reinforced))
    assert e.province == target and e.house == "red"


def test_a_click_answers_an_army_placement_and_a_declared_battle(qtbot):
    win = window(qtbot, 3, humans("red", n=3), seed=2)
    play_to(win, pending("place-army"))
    ctl, view = win.controller, win.view
    target = min(ctl.pending.values())
    click(view, target)
    assert ctl.driver.answers[-1] == target
    play_to(win, pending("declare"))
    d = ctl.pending
    single = {p: opts for p, opts in view.choices.options.items() if len(opts) == 1}
    assert view.choices.options, "the provinces that may be attacked are ringed"
    if single:
        p, opts = min(single.items())
        click(view, p)
        assert ctl.driver.answers[-1] == opts[0].value
        assert ctl.game.state.markers[-1][2] == p or d.kind != "declare"


def test_a_province_with_several_answers_asks_which(qtbot):
    win = window(qtbot, 3, humans("red", n=3))
    view = win.view
    d = Decision("red", "levy", "levy", (Option("bowman@kii", "a bowman to Kii"),
                                         Option("gunner@kii", "a gunner to Kii")), "SC-9.1")
    view.choices = province_choices(d, set(view.map.ids), view.view)
    view.answerable = True
    view._province_clicked("kii")
    assert [a.text() for a in view.menu.actions()] == ["a bowman to Kii", "a gunner to Kii"]
    view.menu.close()


# ---------------------------------------------------------------- the plan

def test_the_planning_screen_answers_a_legal_plan(qtbot):
    win = window(qtbot, 4, humans("red"))
    play_to(win, pending("plan"))
    ctl, view = win.controller, win.view
    d = ctl.pending
    koku = d.context["koku"]
    assert koku >= 3
    pl = view.planning
    assert view.stack.currentWidget().widget() is pl
    assert pl.answerable and not pl.seal.isEnabled()  # koku still to place
    assert not view.options.buttons  # no button for each of the many splits
    qtbot.mouseClick(pl.plus[1], Qt.MouseButton.LeftButton)  # BUILD: 2 at once
    assert pl.values[1] == 2
    qtbot.mouseClick(pl.plus[1], Qt.MouseButton.LeftButton)  # never more
    assert pl.values[1] == 2
    qtbot.mouseClick(pl.plus[0], Qt.MouseButton.LeftButton)  # a koku for the swords
    qtbot.mouseClick(pl.rest[2], Qt.MouseButton.LeftButton)  # the rest into LEVY
    plan = [1, 2, koku - 3, 0, 0]
    assert pl.values == plan
    assert pl.seal.isEnabled()
    qtbot.mouseClick(pl.minus[0], Qt.MouseButton.LeftButton)
    assert not pl.seal.isEnabled() and "still to place" in pl.left.text()
    qtbot.mouseClick(pl.plus[3], Qt.MouseButton.LeftButton)
    plan = [0, 2, koku - 3, 1, 0]
    answered = len(ctl.driver.answers)
    qtbot.mouseClick(pl.seal, Qt.MouseButton.LeftButton)
    assert len(ctl.driver.answers) == answered + 1 and ctl.driver.answers[answered] == plan
    sealed = next(e for e in ctl.game.events if isinstance(e, ev.PlanSealed) and e.house == "red")
    assert list(sealed.bins.values()) == plan


def test_the_spied_plan_is_shown_to_the_spy_alone(qtbot):
    win = window(qtbot, 3, humans("red", n=3))
    pl = win.view.planning
    spied = {"house": "blue", "bins": {"swords": 2, "build": 0, "levy": 3, "ronin": 1,
                                       "ninja": 0}}
    d = Decision("red", "plan", "Red: divide your 3 koku", (
        Option([3, 0, 0, 0, 0], "swords 3"), Option([0, 0, 3, 0, 0], "levy 3")), "SC-6.2",
        {"koku": 3, "spied": spied})
    pl.show_plan(d, "Red to choose", True, {"blue": "Blue"})
    assert pl.spied.isVisibleTo(pl) and "Blue" in pl.spied.text() and "<b>3</b>" in pl.spied.text()
    pl.show_plan(d, "Red (bot) is choosing", False, {"blue": "Blue"})
    assert not pl.spied.isVisibleTo(pl)
    assert not any(b.isEnabled() for b in pl.plus + pl.minus + pl.rest + [pl.seal])


def test_hot_seat_raises_the_screen_before_the_second_humans_plan(qtbot):
    win = window(qtbot, 4, humans("red", "blue"))
    ctl = win.controller
    play_to(win, pending("plan"))
    assert ctl.side_to_answer() == "red" and ctl.viewer == "red"
    screens = []
    ctl.handover.connect(screens.append)
    pl = win.view.planning
    qtbot.mouseClick(pl.rest[2], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(pl.seal, Qt.MouseButton.LeftButton)
    # blue plans next: the screen is up, nothing of the game is shown
    assert ctl.pending.kind == "plan" and ctl.side_to_answer() == "blue"
    assert screens == ["blue"] and ctl.screened
    assert win.stack.currentWidget() is win.screen_widget
    assert not any(d.isVisible() for d in win._docks)
    assert "Blue" in win.screen_widget.label.text()
    qtbot.mouseClick(win.screen_widget.button, Qt.MouseButton.LeftButton)
    assert not ctl.screened and ctl.viewer == "blue"
    assert win.stack.currentWidget() is win.view.central
    v = win.view.view
    assert v["viewer"] == "blue" and "red" not in v["sealed"] and "red" in v["planned"]
    assert "your sealed plan" not in win.view.houses.text()
    assert win.view.planning.answerable and win.view.planning.values == [0] * 5
    # the log hides red's sealed plan from blue
    sealed = [i for i, e in enumerate(ctl.game.events) if isinstance(e, ev.PlanSealed)]
    assert sealed and all(win.log.list.item(i).isHidden() for i in sealed)


def test_nothing_of_another_seats_secrets_is_drawn(qtbot):
    for seed in range(1, 30):
        win = window(qtbot, 4, humans("red"), seed=seed)
        ctl = win.controller
        play_to(win, lambda c: c.game.state.step == "Wage War"
                and any(c.game.state.hidden.get(h) for h in ("blue", "yellow", "green")))
        if ctl.game.state.step == "Wage War":
            break
    g = ctl.game
    win.refresh()
    view = win.view
    assert view.view["viewer"] == "red"
    others = {p for h in ("blue", "yellow", "green") for p in g.state.hidden.get(h, {})}
    mine = set(g.state.hidden.get("red", {}))
    assert others, "another seat hides ronin"
    drawn = {p for p, lb in view.map.labels.items() if any(k == "hidden" for _, k in lb.chips)}
    assert drawn == mine
    assert not (drawn & (others - mine))
    for row in view.view["provinces"]:
        assert set(row.get("hidden", {})) <= {"red"}
    text = view.houses.text()
    assert "your sealed plan" not in text or set(view.view["sealed"]) <= {"red"}
    # the counts of face-down cards are public, where they lie is not
    assert all(view.view["face_down"][h] == [x.total() for x in g.state.hidden[h].values()]
               for h in g.table.houses)


def test_another_seats_secret_choice_is_not_shown(qtbot):
    win = window(qtbot, 4, humans("red"))
    ctl = win.controller
    play_to(win, lambda c: c.pending is not None and c.pending.kind in ("ronin", "levy")
            and c.side_to_answer() != "red")
    win.refresh()
    view = win.view
    assert ctl.viewer == "red" and not view.answerable
    assert not view.options.buttons and not view.choices.options
    prompt = view.options.prompt.text()
    assert "in secret" in prompt and ctl.pending.prompt not in prompt


# ---------------------------------------------------------------- battles

def test_the_battle_panel_shows_every_die(qtbot):
    win = window(qtbot, 4, seed=1)
    ctl = win.controller
    play_to(win, lambda c: c.pending is not None and c.pending.kind == "call-off")
    win.refresh()
    view = win.view
    battle = view.view["battle"]
    assert battle is not None
    rec = last_battle(ctl.game.events)
    assert rec.began.to == battle["to"] and rec.ended is None
    rolls = [e for r in rec.rounds for e in r.lines if isinstance(e, ev.Hits)]
    assert rolls
    text = view.battle.text()
    names = ctl.game.names
    assert f"The battle for {names[battle['to']]}" in text and "Combat round 1" in text
    assert text.count("&nbsp;</span>") == sum(len(e.dice) for e in rolls)  # die by die
    assert text.count("background:#c0392b") == sum(e.hits for e in rolls)  # hits marked
    # the map marks the battle: its arrow and its province
    assert view.map.view["battle"]["to"] == battle["to"]
    assert view.choices.focus == battle["to"]
    # casualties are listed once removed
    play_to(win, lambda c: any(isinstance(e, ev.Casualty) for e in c.game.events))
    win.refresh()
    assert "removes a" in win.view.battle.text()


def test_a_naval_first_strike_is_a_round_of_its_own():
    began = ev.BattleBegan("SC-15.2", "red-1", "iyo", "bungo", "red", "blue", True)
    lines = [began,
             ev.Hits("SC-16.3", "blue", 6, "spearman", (3, 9), 4, 1),
             ev.Casualty("SC-17.1", "red", "gunner", "red-1", "iyo"),
             ev.Hits("SC-16.3", "red", 1, "bowman", (2,), 6, 1),
             ev.Hits("SC-16.3", "red", 5, "swordsman", (4,), 5, 1),
             ev.Hits("SC-16.3", "red", 5, "ronin", (9, 1), 5, 1),  # the same step: one round
             ev.Hits("SC-16.3", "blue", 6, "spearman", (12,), 4, 0),
             ev.Hits("SC-16.3", "red", 1, "bowman", (7,), 6, 0),
             ev.Hits("SC-16.3", "red", 5, "swordsman", (8,), 5, 0),
             ev.Hits("SC-16.3", "red", 5, "swordsman", (3,), 5, 1),  # another round
             ev.BattleEnded("SC-17.7", "bungo", "the attacker calls it off", 3, False)]
    rec = last_battle(lines)
    assert [r.first_strike for r in rec.rounds] == [True, False, False, False]
    assert [len(r.lines) for r in rec.rounds] == [2, 4, 2, 1]
    assert rec.ended is lines[-1]


# ---------------------------------------------------------------- the log, help, replay

def test_the_log_cites_the_rules(qtbot):
    win = window(qtbot, 4)
    play_to(win, lambda c: c.game.state.round >= 2)
    lines = [win.log.list.item(i).text() for i in range(win.log.list.count())]
    shown = [t for t in lines if t]
    assert shown and all(t.startswith("[SC-") for t in shown)
    title, html = win.view.rule_text("SC-16.3")
    assert title == "Hits" and "SC-16.3" in html
    title, html = win.view.rule_text("SC-16.9")  # no entry of its own: its section's
    assert title == "The combat round" and "part of SC-16" in html
    assert win.view.rule_text("SC-99") is None
    pages = dict(win.view.help_pages())
    assert "Shogun: how to play" in pages and "Seal the plan" in pages["Shogun: how to play"]


def test_past_states_are_drawn_as_they_were(qtbot):
    win = window(qtbot, 4)
    ctl = win.controller
    play_to(win, lambda c: c.game.state.round >= 2 and c.game.state.step == "Wage War")
    frames = ctl.history.frames
    i = next(i for i, f in enumerate(frames) if isinstance(f.event, ev.ArmyPlaced))
    win.show_frame(i)
    v = win.view.map.view
    assert v == KIND.view(ctl.game, None, frames[i].state)
    assert sum(1 for a in v["armies"] if a["at"]) == 1
    assert not win.view.answerable
    win.replay.pause.setChecked(True)  # back live, the bots still paused
    win.go_live()
    assert win.view.view["round"] == ctl.game.state.round


def test_a_whole_bot_game_and_its_summary(qtbot):
    win = window(qtbot, 3, seed=4)
    ctl = win.controller
    play_to(win, lambda c: False)
    assert ctl.pending is None
    assert win.summary is not None
    text = win.summary.text() if hasattr(win.summary, "text") else ""
    assert "Provinces at the end" in text
    win.summary.close()


def test_every_part_can_be_grabbed_alone(qtbot):
    win = window(qtbot, 4)
    play_to(win, lambda c: c.pending is not None and c.pending.kind == "call-off")
    win.refresh()
    view = win.view
    assert set(view.grab_targets()) == {"map", "decision", "battle", "houses"}
    for name, widget in view.grab_targets().items():
        view.prepare_grab(name, widget)
        assert len(colours_in(widget.grab().toImage(), 3)) > 5, name


def test_click_point_is_on_the_province(qtbot):
    win = window(qtbot, 2)
    play_to(win, lambda c: c.game.state.round >= 1)
    m = win.view.map
    for p in m.ids:
        assert m.province_at(m.click_point(p)) == p
    assert m.province_at(QPointF(-50, -50)) is None


# ---------------------------------------------------------------- screenshot

def test_screenshot_is_not_blank(tmp_path):
    out = tmp_path / "shogun.png"
    # in its own process: the command's window would stay over the next tests' windows
    done = subprocess.run(
        [sys.executable, "-m", "tenkatoitsu", "gui", str(SCENARIO), "--players",
         "random,random,random,random", "--seed", "1", "--play-turns", "2", "--until",
         "call-off", "--screenshot", str(out)],
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True, text=True,
        timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1500, 950)
    assert len(colours_in(img, 6)) > 60
