"""Playing in the window by clicks: a full turn, refusals, hot-seat, previews."""

from guitest import SCENARIO, require_sound_binding  # noqa: I001 (first: offscreen Qt or skip)

require_sound_binding()

import random

import pytest
from PySide6.QtCore import Qt
from tenkatoitsu_gui.app import MainWindow, NewGameDialog
from tenkatoitsu_gui.battle.decisions import MapChoices, combats_in
from tenkatoitsu_gui.battle.honjin import honjin_html
from tenkatoitsu_gui.controller import GameController, GameSetup

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.session import Session, make_bot


def window(qtbot, **kw) -> MainWindow:
    setup = GameSetup(SCENARIO, players=kw.pop("players", (("oda", "human"), ("asai", "human"))),
                      **kw)
    win = MainWindow(GameController.new_game(setup))
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    win.view.map.fit()
    return win


def click_answer(qtbot, win: MainWindow, rng: random.Random) -> None:
    """Answer the pending decision as a player would: click a highlighted hex or
    counter on the map, or pick from the list and press Choose."""
    ctl, view = win.controller, win.view
    if ctl.screened:
        qtbot.mouseClick(win.screen_widget.button, Qt.MouseButton.LeftButton)
    choices = view.choices
    mp = view.map
    if choices.units and (not choices.hexes or rng.random() < 0.5):
        uid = rng.choice(sorted(choices.units))
        # the top counter of its stack carries the click
        pt = mp.click_point_of(uid=mp.stacks[ctl.game.state.units[uid].hex.id][-1])
        qtbot.mouseClick(mp.viewport(), Qt.MouseButton.LeftButton, pos=pt)
    elif choices.hexes:
        hid = rng.choice(sorted(choices.hexes))
        qtbot.mouseClick(mp.viewport(), Qt.MouseButton.LeftButton, pos=mp.click_point_of(hid=hid))
    else:
        lst = view.decision.options
        item = lst.item(rng.randrange(lst.count()))
        lst.scrollToItem(item)
        qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton,
                         pos=lst.visualItemRect(item).center())
        assert lst.currentItem() is item
        qtbot.mouseClick(view.decision.choose, Qt.MouseButton.LeftButton)


def test_a_full_turn_by_clicks(qtbot):
    win = window(qtbot)
    ctl = win.controller
    first = ctl.game.state.turn
    rng = random.Random(7)
    clicks = 0
    while ctl.game.state.turn == first and ctl.pending is not None:
        before = len(ctl.driver.answers)
        click_answer(qtbot, win, rng)
        assert len(ctl.driver.answers) == before + 1, "a click on a legal option answers it"
        clicks += 1
        assert clicks < 400
    assert ctl.game.state.turn == first + 1
    assert clicks > 5
    # the log shows every event, the map every unit on the map
    assert win.log.list.count() == len(ctl.game.events)
    on_map = {u.id for u in ctl.game.state.units.values() if u.on_map}
    assert {u for u, it in win.view.map.counters.items() if it.isVisible()} == on_map


def test_an_illegal_click_is_refused_with_the_reason(qtbot):
    win = window(qtbot)
    ctl = win.controller
    ctl.play_until(lambda c: c.pending.kind == "march-hex")
    win.refresh()
    choices = win.view.choices
    assert choices.hexes
    w, h = ctl.game.scenario.map.width, ctl.game.scenario.map.height
    illegal = next(f"{c:02d}{r:02d}" for c in range(1, w + 1) for r in range(1, h + 1)
                   if f"{c:02d}{r:02d}" not in choices.hexes
                   and not win.view.map.stacks.get(f"{c:02d}{r:02d}"))
    before = len(ctl.driver.answers)
    mp = win.view.map
    qtbot.mouseClick(mp.viewport(), Qt.MouseButton.LeftButton, pos=mp.click_point_of(hid=illegal))
    assert len(ctl.driver.answers) == before
    text = win.view.decision.refusal.text()
    assert illegal in text and "not a legal" in text and "highlighted" in text
    assert mp.highlight.refused is not None
    # the MP of each destination is on the map, as the rules labelled it
    assert all(t.endswith("MP") or t == "stay" for t in choices.hex_text.values())


def test_hot_seat_screen_between_two_human_players(qtbot):
    win = window(qtbot, options=(("hidden_orders", True),))
    ctl = win.controller
    rng = random.Random(3)
    screens = []
    ctl.handover.connect(screens.append)
    while not screens and ctl.pending is not None:
        click_answer(qtbot, win, rng)
    assert screens and ctl.screened
    assert win.stack.currentWidget() is win.screen_widget
    assert not any(d.isVisible() for d in win._docks), "nothing shows while the screen is up"
    # a click on the map does nothing while the screen is up
    assert win.view.central.isHidden() or win.stack.currentWidget() is not win.view.central
    qtbot.mouseClick(win.screen_widget.button, Qt.MouseButton.LeftButton)
    assert not ctl.screened and win.stack.currentWidget() is win.view.central
    viewer = ctl.viewer
    other = ctl.game.enemy(viewer)
    html = honjin_html(ctl.game, ctl.game.state, other, viewer, False)
    assert "<b>?</b>" in html  # the opponent's orders are hidden [5.3]


def test_combat_preview_shows_breakdown_and_exact_odds(qtbot):
    win = window(qtbot)
    ctl = win.controller
    ctl.play_until(lambda c: any(combats_in(o.value) for o in c.pending.options)
                   and len(c.pending.options) > 1)
    assert ctl.pending is not None, "a seeded game reaches a combat choice"
    win.refresh()
    html = win.view.decision.preview.toPlainText()
    assert "modifiers: blue" in html and "%" in html and "results" in html
    # the percentages of one combat add up to 100
    first = html.split("results (2D6 blue and red, exact):")[1].split("value for")[0]
    total = sum(float(line.split()[-1].rstrip("%")) for line in first.splitlines()
                if line.strip().endswith("%"))
    assert total == pytest.approx(100, abs=0.5)


def test_any_decision_kind_is_answerable_from_the_list(qtbot):
    win = window(qtbot)
    panel = win.view.decision
    d = Decision("oda", "ninja-mischief", "Where do the ninjas strike?",
                 (Option(None, "nowhere"), Option(["A1", "red"], "A1 on red"), Option(True, "yes")),
                 "19.3")
    got = []
    panel.chosen.connect(got.append)
    panel.show_decision(win.controller.game, d, "test", True, MapChoices(win.controller.game, d))
    for row in range(3):
        panel.choose_row(row)
    assert got == [None, ["A1", "red"], True]


def test_new_game_dialog(qtbot):
    dlg = NewGameDialog(SCENARIO)
    qtbot.addWidget(dlg)
    assert set(dlg.variant_checks) == {"standard", "dawn", "asakura", "siege"}
    assert dlg.variant_checks["standard"].isChecked()
    dlg.player_combos["asai"].setCurrentIndex(0)  # human
    dlg.hidden.setChecked(True)
    dlg.seed.setValue(42)
    s = dlg.setup()
    assert s.players == (("oda", "human"), ("asai", "human"))
    assert dict(s.options)["hidden_orders"] and s.seed == 42 and s.variants == ("standard",)
    dlg.path.setText("/nonexistent.tks")
    dlg._load()
    assert dlg.problem.text()


def test_bots_play_on_their_own(qtbot):
    win = window(qtbot, players=(("oda", "random"), ("asai", "random")))
    ctl = win.controller
    qtbot.waitUntil(lambda: ctl.pending is None, timeout=20_000)
    assert ctl.game.state.over
    assert "Game over" in win.view.decision.who.text()


def test_hovering_a_destination_draws_the_path_with_its_mp(qtbot):
    from tenkatoitsu_gui.battle.decisions import MapChoices

    win = window(qtbot)
    ctl = win.controller
    game = ctl.game

    def march_of_a_unit_on_the_map(c):
        d = c.pending
        u = d.context.get("unit") if d.kind == "march-hex" else None
        return u is not None and c.game.state.units[u].hex is not None and len(d.options) > 3

    ctl.play_until(march_of_a_unit_on_the_map)
    win.refresh()
    choices = MapChoices(game, ctl.pending)
    start = game.state.units[choices.unit].hex
    far = [h for h in choices.hexes if choices.hexes[h] != "stay"]
    assert far
    for hid in far:
        win.view._hovered(hid)
        path = win.view.map.highlight.path
        assert path[0] == start and path[-1].id == hid
        cost = sum(game.map.march_cost(a, b) for a, b in zip(path, path[1:]))
        assert choices.hex_text[hid] == f"{cost:g} MP", "the path drawn costs what the rules say"


def test_leadership_declarations_preview_the_odds_of_each_choice(qtbot):
    from fractions import Fraction

    from tenkatoitsu.kinds.battle.queries.combat_modifiers import Leadership
    from tenkatoitsu.kinds.battle.queries.odds import combat_odds
    from tenkatoitsu.kinds.battle.scenario import model as m

    win = window(qtbot)
    ctl = win.controller
    ctl.play_until(lambda c: c.pending.kind == "leadership")
    assert ctl.pending is not None, "a seeded game reaches a Leadership declaration"
    win.refresh()
    d, game = ctl.pending, ctl.game
    ctx = d.context
    assert ctx["role"] in ("attacker", "defender") and ctx["attackers"] and ctx["defenders"]
    declared = ctx.get("attacker_leader")
    panel = win.view.decision
    for row, o in enumerate(d.options):
        panel.options.setCurrentRow(row)
        text = panel.preview.toPlainText()
        uid, die = o.value
        lead = Leadership(uid, game.lead(uid), m.Die(die))
        if ctx["role"] == "attacker":
            a_lead, d_lead = lead, None
        else:
            a_lead = declared and Leadership(declared[0], game.lead(declared[0]),
                                             m.Die(declared[1]))
            d_lead = lead
        odds = combat_odds(game, ctx["attackers"], ctx["defenders"], fighting=ctx["fighting"],
                           totsugeki=ctx["totsugeki"], attacker_leader=a_lead or None,
                           defender_leader=d_lead)
        assert f"blue {odds.breakdown.blue:+d}, red {odds.breakdown.red:+d}" in text
        best, p = odds.results[0]
        assert f"{float(p) * 100:.1f}%" in text
        assert sum(p for _, p in odds.results) == Fraction(1)


def test_an_advance_after_combat_is_answered_on_the_map(qtbot):
    """[11.12] the (unit, hex) pair of an advance: the unit with one way
    forward answers by its counter, the hex one unit may enter by the hex."""
    win = window(qtbot)
    game = win.controller.game
    ids = [u.id for u in game.units_on_map("oda")][:2]
    x, y = ids
    d = Decision("oda", "advance", "Advance after combat",
                 (Option([x, "0505"], f"{x} advances into 0505"),
                  Option([y, "0505"], f"{y} advances into 0505"),
                  Option([x, "0606"], f"{x} advances into 0606")), "11.12")
    c = MapChoices(game, d)
    assert c.units == {y: [y, "0505"]}, "x has two ways forward: the list decides"
    assert c.hexes == {"0606": [x, "0606"]}, "two units may enter 0505"
    assert c.hex_text["0606"] == x

    win = window(qtbot, seed=8)  # its 35th decision is an advance after combat
    ctl, game = win.controller, win.controller.game
    ctl.play_until(lambda c: c.pending.kind == "advance")
    assert ctl.pending is not None and ctl.pending.kind == "advance"
    win.refresh()
    d = ctl.pending
    choices = win.view.choices
    assert choices.on_map, "a real advance is offered on the map"
    before = len(ctl.history.asked)
    if choices.hexes:
        hid = sorted(choices.hexes)[0]
        want = choices.hexes[hid]
        qtbot.mouseClick(win.view.map.viewport(), Qt.MouseButton.LeftButton,
                         pos=win.view.map.click_point_of(hid=hid))
    else:
        uid = sorted(choices.units)[0]
        want = choices.units[uid]
        top = win.view.map.stacks[game.state.units[uid].hex.id][-1]
        qtbot.mouseClick(win.view.map.viewport(), Qt.MouseButton.LeftButton,
                         pos=win.view.map.click_point_of(uid=top))
    assert len(ctl.history.asked) > before, "the click answered the decision"
    assert game.state.units[want[0]].hex.id == want[1], "the unit advanced where clicked"


@pytest.mark.parametrize("bot", ["normal", "aggressive"])
def test_the_windows_bots_play_the_game_play_gives(qtbot, bot):
    """A bot in the window reads its seat's view, as in `play`: the same
    seed gives the same answers, not a fallback's."""
    win = window(qtbot, players=(("oda", bot), ("asai", bot)), seed=4)
    ctl = win.controller
    ctl.paused = True
    ctl.play_until(lambda c: len(c.driver.answers) >= 150)
    s = Session.start(SCENARIO, seed=4)
    s.play_bots({p: make_bot(s.kind, bot, 4, p) for p in s.game.players})
    assert ctl.driver.answers == s.driver.answers[:len(ctl.driver.answers)]
