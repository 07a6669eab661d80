"""The siege map window, the hover details, the Honjin, Bowl and log docks."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()


import attrs
from PySide6.QtCore import Qt

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.battle.chits import chit_face
from tenkatoitsu_gui.battle.siege import SiegeWindow
from tenkatoitsu_gui.controller import GameController, GameSetup



def new_window(qtbot, **kw):
    win = MainWindow(GameController.new_game(GameSetup(SCENARIO, **kw)))
    qtbot.addWidget(win)
    win.show()
    return win


def test_siege_window_draws_the_siege_map_and_answers_area_clicks(qtbot):
    win = new_window(qtbot)
    game = win.controller.game
    sw = SiegeWindow(game)
    qtbot.addWidget(sw)
    sw.show()
    view = sw.views["yokoyama"]
    assert set(view.rects) == {"honmaru", "gate", "rampart", "a", "b"}
    # a siege decision (any kind) whose options are areas: highlighted, answered by a click
    d = Decision("oda", "siege-assault", "Assault which area?",
                 (Option("gate", "gate yard"), Option("rampart", "west rampart")), "15.6")
    assert sw.area_options(d) == {"gate", "rampart"}

    @attrs.define
    class WithSieges:  # a state with sieges, as the sieges issue will keep them
        units: dict
        sieges: dict

    state = WithSieges(game.state.units, {"yokoyama": {"control": {"gate": "oda"},
                                                       "manpower": 4}})
    sw.show_state(state, d)
    texts = " ".join(i.text() for i in view.scene().items() if hasattr(i, "text"))
    assert "Manpower: 4" in texts and "control: oda" in texts and "inside: 4a, 4b" in texts
    got = []
    sw.areaClicked.connect(lambda sm, a: got.append((sm, a)))
    view.fitInView(view.scene().sceneRect())
    pt = view.mapFromScene(view.rects["gate"].center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pt)
    assert got == [("yokoyama", "gate")]


def test_siege_window_shows_the_engines_siege(qtbot):
    from tenkatoitsu.kinds.battle.game import Game
    from tenkatoitsu.kinds.battle.load import load_file
    from tenkatoitsu.hexmap import Hex

    game = Game(load_file(SCENARIO).document, variants=("siege",), seed=1)
    game.move("B1", [Hex.from_id("0312"), Hex.from_id("0311")], "charge", "6.3")  # [15.5]
    s = game.state.sieges["yokoyama"]
    s.markers = {"honmaru": ["asai"], "b": ["oda", "asai"]}
    sw = SiegeWindow(game)
    qtbot.addWidget(sw)
    sw.show_state(game.state, None)
    texts = " ".join(i.text() for i in sw.views["yokoyama"].scene().items()
                     if hasattr(i, "text"))
    assert "control: oda + asai" in texts and "control: asai" in texts
    assert "oda: Manpower 5, Out of Combat 0" in texts and "asai: Manpower 6" in texts
    assert "inside: B1, 4a, 4b" in texts


def test_hover_details_name_terrain_hexsides_and_units(qtbot):
    win = new_window(qtbot)
    text = win.view.map.describe_hex("0810")
    assert "village (Mita)" in text and "star: 2 VP for asai" in text
    assert "firearms-prepared" in text
    text = win.view.map.describe_hex("0311")
    assert "fortress Yokoyama-jō" in text and "4a Endō Naotsune" in text
    win.view._hovered("0302")
    assert "heights" in win.statusBar().currentMessage()


def shown_lines(log) -> list[str]:
    items = [log.list.item(i) for i in range(log.list.count())]
    return [it.text() for it in items if not it.isHidden()]


def test_honjin_bowl_and_log(qtbot):
    win = new_window(qtbot, players=(("oda", "human"), ("asai", "human")))
    ctl = win.controller
    ctl.play_until(lambda c: c.pending.kind == "march-hex")
    win.refresh()
    html = win.view.honjins["oda"].label.text()
    assert "Reserve box" in html and "Delay 4" in html and "Clans and Orders" in html
    assert "Battle plan" in html
    bowl = win.view.bowl
    assert bowl.picture.count == len(ctl.game.state.bowl)
    assert "not revealed" in bowl.label.text()
    # the log filters by rule and to the dice
    log = win.log
    log.filter.setText("7.1")
    shown = shown_lines(log)
    assert shown and all(t.startswith("[7.1") for t in shown)
    log.filter.setText("")
    log.dice_only.setChecked(True)
    shown = shown_lines(log)
    assert shown and all("rolls" in t for t in shown)
    assert chit_face(ctl.game, "clan:A")[0] == "A"
    assert chit_face(ctl.game, "combat:oda")[0] == "Combat oda"


def test_the_battle_plan_sheet_counts_tactics_left_and_used(qtbot):
    from tenkatoitsu.kinds.battle.state import TacticUse
    from tenkatoitsu_gui.battle.honjin import honjin_html

    win = new_window(qtbot)
    game = win.controller.game
    h = game.state.honjins["oda"]
    h.plan, h.plan_cp = "choda", 3  # as the battle plans [10] will set them
    h.tactics_used.append(TacticUse("totsugeki", ["B"], 2))
    h.plan_revealed = True  # logging a tactic reveals the plan [10.1]
    own = honjin_html(game, game.state, "oda", "oda", False)
    assert "Chōda (long snake)" in own and "CP saved toward it: 3" in own
    assert "totsugeki</td><td>1 left</td><td>1 used" in own
    assert "kido</td><td>1 left</td><td>0 used</td><td>2 CP" in own
    assert "turn 2: totsugeki (B)" in own
    # the opponent sees the plan once a tactic has revealed it [10.1], never the CP saved
    theirs = honjin_html(game, game.state, "oda", "asai", False)
    assert "Chōda" in theirs and "CP saved toward it: ?" in theirs
    h.tactics_used.clear()
    h.plan_revealed = False
    theirs = honjin_html(game, game.state, "oda", "asai", False)
    assert "Chōda" not in theirs and "secret until a tactic reveals it" in theirs


def test_the_bots_question_is_not_shown_to_the_human(qtbot):
    """The opponent's prompt may hold secrets (CP saved toward his plan [10.2])."""
    win = new_window(qtbot, players=(("oda", "human"), ("asai", "random")))
    ctl = win.controller
    ctl.paused = True
    ctl.play_until(lambda c: c.pending is not None and c.pending.side == "asai")
    win.refresh()
    assert "asai" in ctl.pending.prompt or ctl.pending.options
    assert win.view.decision.prompt.text() == ""
    assert "is choosing" in win.view.decision.who.text()
