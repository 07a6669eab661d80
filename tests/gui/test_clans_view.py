"""The clans view: the map of Japan tinted by the clans that control each
province, their units, castles and marks; the clans panel with each clan's
card (its Koku the viewer's own only); the battle die by die; the draft as
a dialog whose buttons are the picks the rules offer; clicks on a province
answering a decision; a screenshot that is not blank."""

from guitest import require_sound_binding  # first: offscreen Qt or skip

require_sound_binding()

import os
import re
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.area.layout import overlaps
from tenkatoitsu_gui.clans.choices import province_choices, province_of
from tenkatoitsu_gui.clans.view import ClansView
from tenkatoitsu_gui.controller import GameController, GameSetup

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.dsl.loader import ScenarioFile, load_scenario
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.kind import KIND

TESTS = Path(__file__).resolve().parents[1]
SCENARIO = TESTS.parent / "scenarios" / "clans.tks"
SEATS = ("a", "b", "c", "d", "e")
LAPTOP = (1366, 768)


def scenario() -> ScenarioFile:
    return load_scenario(str(SCENARIO))


def window(qtbot, n=4, players=None, seed=1, size=(1500, 950), options=()) -> MainWindow:
    sf = scenario()
    players = players or tuple((s, "random") for s in SEATS[:n])
    ctl = GameController.new_game(GameSetup(sf, (), players, options, seed), scenario=sf)
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


# ---------------------------------------------------------------- drawing

def test_a_fresh_game_is_drawn_in_the_draft(qtbot):
    win = window(qtbot)
    view = win.view
    assert isinstance(view, ClansView)
    v = view.view
    assert v["phase"] == "draft" and not v["clans"]
    m = view.map
    assert len(colours_in(m.grab().toImage())) > 40, "the map is drawn"
    assert len(m.rects) == 68
    assert not overlaps({p: r.getRect() for p, r in m.rects.items()})
    # the draft shows where every clan would begin
    homes = {c.home: c.id for c in win.controller.game.scenario.clans}
    assert m.homes() == homes
    assert all(m.labels[p].home == c for p, c in homes.items())
    text = view.clans.text()
    assert "The draft" in text and "picks now" in text
    for seat in v["pick_order"]:
        assert win.controller.game.names[seat] in text
    assert not view.draft.isVisible()  # a bot picks: no dialog


def test_mid_campaign_every_clan_is_drawn(qtbot):
    win = window(qtbot, 4, seed=2)
    play_to(win, lambda c: c.game.state.round >= 3 and c.game.state.phase == "campaign")
    view = win.view
    v = view.view
    assert v == KIND.view(win.controller.game, None)  # a bot game: everything shown
    m = view.map
    img = m.grab().toImage()
    assert len(colours_in(img)) > 60
    assert len(m.rects) == 68 and not overlaps({p: r.getRect() for p, r in m.rects.items()})
    # each clan's units are a chip in its province's label, its colour on its provinces
    for row in v["provinces"]:
        clans = {clan for _, clan in m.labels[row["id"]].chips}
        assert clans == set(row["units"])
    held = {row["controller"] for row in v["provinces"] if row["controller"]}
    assert held and held <= set(v["clans"])
    text = view.clans.text()
    for d in v["clans"].values():
        assert d["name"] in text
        assert f"Provinces <b>{d['provinces']}</b> / {v['victory']}" in text
    assert "Player order" in text and "The ninja" in text
    bars = {c: card.bar.held for c, card in view.clans.cards.items()}
    assert bars == {c: d["provinces"] for c, d in v["clans"].items()}


def test_the_window_fits_a_laptop_screen(qtbot):
    win = window(qtbot, 4, size=LAPTOP)
    play_to(win, lambda c: c.game.state.round >= 2)
    assert win.width() <= LAPTOP[0] and win.height() <= LAPTOP[1]
    m = win.view.map
    assert m.width() >= 480 and m.height() >= 300
    m.grab()
    assert not overlaps({p: r.getRect() for p, r in m.rects.items()})


def test_no_other_clans_koku_is_shown(qtbot):
    win = window(qtbot, 4, humans("a"), seed=3)
    ctl = win.controller
    play_to(win, lambda c: c.game.state.round >= 2 and c.is_human_turn())
    win.refresh()
    view = win.view
    v = view.view
    mine = v["clan"]
    assert v["viewer"] == "a" and mine == ctl.game.state.clan_of["a"]
    assert v["clans"][mine]["koku"] == ctl.game.state.koku[mine]
    others = [c for c in v["clans"] if c != mine]
    assert others and all(v["clans"][c]["koku"] is None for c in others)
    for c, card in view.clans.cards.items():
        more = card.more.text()
        if c == mine:
            assert f"Koku <b>{ctl.game.state.koku[mine]}</b>" in more
        else:
            assert "behind the screen" in more and "Koku <b>" not in more


def test_another_seats_koku_telling_choice_is_not_shown(qtbot):
    win = window(qtbot, 4, humans("a"), seed=3)
    ctl = win.controller
    play_to(win, lambda c: c.pending is not None and c.pending.kind == "reinforce"
            and c.side_to_answer() != "a")
    win.refresh()
    view = win.view
    assert ctl.viewer == "a" and not view.answerable
    assert not view.options.buttons and not view.choices.options
    prompt = view.options.prompt.text()
    assert "behind the screen" in prompt and "Koku" not in prompt


# ---------------------------------------------------------------- answering on the map

def test_which_provinces_a_decision_names():
    ids = {"owari", "mikawa", "kai", "sagami"}
    assert province_of("owari", ids) == "owari"
    for value in ("from:owari", "to:owari", "recruit:owari", "castle:owari",
                  "fortify:owari", "owari:bushi"):
        assert province_of(value, ids) == "owari"
    for nothing in ("done", "back", "ninja", "oda:bushi", "oda", 3, True, None):
        assert province_of(nothing, ids) is None
    homes = {"oda": "owari", "takeda": "kai"}
    draft = Decision("a", "draft", "pick", (Option("oda", "Oda"), Option("takeda", "T")),
                     "§2.2.2.2")
    c = province_choices(draft, ids, homes)
    assert {p: [o.value for o in opts] for p, opts in c.options.items()} == {
        "owari": ["oda"], "kai": ["takeda"]}
    hit = Decision("a", "hit", "hit", (Option("oda:bushi", "a Bushi of Oda"),), "§6.2.1",
                   {"province": "mikawa"})
    c = province_choices(hit, ids, homes)
    assert c.options == {} and c.focus == "mikawa"
    reinforce = Decision("a", "reinforce", "r", (Option("recruit:owari", "r"),
                                                  Option("castle:owari", "c"),
                                                  Option("ninja", "n"), Option("done", "d")),
                         "§5.1")
    c = province_choices(reinforce, ids, homes)
    assert [o.value for o in c.options["owari"]] == ["recruit:owari", "castle:owari"]


def test_a_click_on_a_province_answers_the_move(qtbot):
    win = window(qtbot, 4, humans("a"), seed=1)
    play_to(win, pending("move-from"))
    ctl, view = win.controller, win.view
    d = ctl.pending
    assert d.kind == "move-from" and ctl.is_human_turn()
    origins = {v.partition(":")[2] for v in d.values() if v.startswith("from:")}
    assert view.choices.provinces() == origins
    assert "ringed in yellow" in view.options.prompt.text()
    other = next(p for p in view.map.ids if p not in origins)
    click(view, other)
    assert ctl.pending is d and "not a choice" in view.options.refusal.text()
    frm = min(origins)
    answered = len(ctl.driver.answers)
    click(view, frm)
    assert ctl.driver.answers[answered:] == [f"from:{frm}"]
    d = ctl.pending
    assert d.kind == "move-to"
    assert view.choices.focus == frm  # the province the units leave
    to = min(v.partition(":")[2] for v in d.values() if v.startswith("to:"))
    click(view, to)
    assert ctl.driver.answers[answered + 1] == f"to:{to}"


def test_a_province_with_several_answers_asks_which(qtbot):
    win = window(qtbot, 4, humans("a"))
    view = win.view
    d = Decision("a", "reinforce", "reinforce", (Option("recruit:owari", "recruit in Owari"),
                                                 Option("castle:owari", "a castle in Owari"),
                                                 Option("done", "end")), "§5.1")
    view.choices = province_choices(d, set(view.map.ids), view.homes)
    view.answerable = True
    view._area_clicked("owari")
    assert [a.text() for a in view.menu.actions()] == ["recruit in Owari",
                                                       "a castle in Owari"]
    view.menu.close()


# ---------------------------------------------------------------- the draft

def test_the_draft_dialog_offers_what_the_rules_offer(qtbot):
    for seed in range(1, 40):  # a seat that picks second or third: the restriction holds
        win = window(qtbot, 4, humans("a"), seed=seed)
        ctl = win.controller
        play_to(win, pending("draft"))
        if 1 <= len(ctl.game.state.clans) <= 2:
            break
    view, d = win.view, ctl.pending
    dialog = view.draft
    assert dialog.isVisible()
    offered = set(d.values())
    enabled = {c for c, box in dialog.boxes.items() if box.button.isEnabled()}
    assert enabled == offered
    taken = set(ctl.game.state.clans)
    shut = set(dialog.boxes) - offered - taken
    assert shut, "the Regional Restriction shuts some free clans out"
    regions = {c.id: c.region for c in ctl.game.scenario.clans}
    assert not {regions[c] for c in offered} & {regions[c] for c in taken}
    text = dialog.text()
    assert "Regional Restriction" in text and "taken by" in text
    assert all("shut out" in dialog.boxes[c].status.text() for c in shut)
    # the homes of the clans offered are ringed on the map too
    homes = {c.id: c.home for c in ctl.game.scenario.clans}
    assert view.choices.provinces() == {homes[c] for c in offered}
    pick = min(offered)
    qtbot.mouseClick(dialog.boxes[pick].button, Qt.MouseButton.LeftButton)
    assert ctl.game.state.clan_of["a"] == pick
    assert not dialog.isVisible()


def test_hot_seat_draft_hands_the_dialog_over(qtbot):
    for seed in range(1, 40):  # two humans picking one after the other
        win = window(qtbot, 4, humans("a", "b"), seed=seed)
        ctl = win.controller
        play_to(win, pending("draft"))
        order = ctl.game.state.pick_order
        i = len(ctl.game.state.clans)
        if i + 1 < len(order) and {order[i], order[i + 1]} == {"a", "b"}:
            break
    first, second = order[i], order[i + 1]
    ctl._check_handover()  # the stand-in bots played up to here: the screen as a human meets it
    win.refresh()
    if ctl.screened:
        qtbot.mouseClick(win.screen_widget.button, Qt.MouseButton.LeftButton)
    dialog = win.view.draft
    assert ctl.viewer == first and dialog.isVisible()
    pick = min(ctl.pending.values())
    qtbot.mouseClick(dialog.boxes[pick].button, Qt.MouseButton.LeftButton)
    assert ctl.side_to_answer() == second and ctl.screened
    assert not dialog.isVisible()  # nothing over the screen
    qtbot.mouseClick(win.screen_widget.button, Qt.MouseButton.LeftButton)
    assert ctl.viewer == second and dialog.isVisible()
    assert ctl.game.names[second] in dialog.head.text()
    assert "taken by" in dialog.boxes[pick].status.text()
    assert not dialog.boxes[pick].button.isEnabled()


def test_a_click_on_a_home_picks_its_clan(qtbot):
    win = window(qtbot, 4, humans("a"), seed=2)
    ctl = win.controller
    play_to(win, pending("draft"))
    view = win.view
    clan = max(ctl.pending.values())
    home = ctl.game.scenario.clan(clan).home
    view.draft.hide()
    click(view, home)
    assert ctl.game.state.clan_of["a"] == clan
    assert any(isinstance(e, ev.ClanDrafted) and e.clan == clan for e in ctl.game.events)


# ---------------------------------------------------------------- battles

def test_the_battle_panel_shows_every_die(qtbot):
    win = window(qtbot, 4, seed=1)
    ctl = win.controller
    play_to(win, lambda c: c.game.state.battle is not None and c.game.state.battle["rolls"])
    win.refresh()
    view = win.view
    b = view.view["battle"]
    assert b is not None and b["rolls"]
    text = view.battle.text()
    names = ctl.game.names
    assert f"Battle in {names[b['province']]}" in text
    dice = [f for units in b["rolls"].values() for faces in units.values() for f in faces]
    assert text.count("font-weight:bold'>&nbsp;") == len(dice)  # die by die
    assert text.count("background:#c0392b; color:#ffffff; font-weight:bold") == \
        sum(b["hits"].values())  # the hits red
    assert view.map.battle_province() == b["province"]
    here = next(r for r in view.view["provinces"] if r["id"] == b["province"])
    view.map.grab()
    if len(here["units"]) > 1:  # contested: striped in the clans' colours
        assert here["controller"] is None
        assert tuple(view.map._present[b["province"]]) in view.map._stripes
    # the battle's end: the panel tells the last battle and who holds the province
    play_to(win, lambda c: c.game.state.battle is None)
    win.refresh()
    text = win.view.battle.text()
    assert "The last battle" in text and "holds it" in text


# ---------------------------------------------------------------- replay, parts, the end

def test_past_states_are_drawn_as_they_were(qtbot):
    win = window(qtbot, 4)
    ctl = win.controller
    play_to(win, lambda c: c.game.state.round >= 2 and c.game.state.phase == "campaign")
    frames = ctl.history.frames
    i = next(i for i, f in enumerate(frames) if isinstance(f.event, ev.ClansPlaced))
    win.show_frame(i)
    v = win.view.map.view
    assert v == KIND.view(ctl.game, None, frames[i].state)
    assert sum(1 for row in v["provinces"] if row["units"]) == len(v["clans"])
    assert not win.view.answerable
    win.replay.pause.setChecked(True)
    win.go_live()
    assert win.view.view["round"] == ctl.game.state.round


def test_every_part_can_be_grabbed_alone(qtbot):
    win = window(qtbot, 4)
    play_to(win, lambda c: c.game.state.round >= 2)
    win.refresh()
    view = win.view
    assert set(view.grab_targets()) == {"map", "decision", "battle", "clans", "draft"}
    for name, widget in view.grab_targets().items():
        view.prepare_grab(name, widget)
        assert len(colours_in(widget.grab().toImage(), 3)) > 5, name
    view.open_draft()
    assert view.draft.isVisible() and not any(
        b.button.isEnabled() for b in view.draft.boxes.values())
    view.draft.hide()


def test_a_whole_bot_game_and_its_summary(qtbot):
    win = window(qtbot, 4, seed=4, options=(("round_limit", 3),))
    ctl = win.controller
    play_to(win, lambda c: False)
    assert ctl.pending is None and win.summary is not None
    win.summary.close()
    assert "game over" in win.view.clans.text()


def test_screenshot_is_not_blank(tmp_path):
    out = tmp_path / "clans.png"
    done = subprocess.run(
        [sys.executable, "-m", "tenkatoitsu", "gui", str(SCENARIO), "--players",
         "random,random,random,random", "--seed", "1", "--play-turns", "2", "--until",
         "move-from", "--size", "1366x768", "--screenshot", str(out)],
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True, text=True,
        timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == LAPTOP
    assert len(colours_in(img, 6)) > 60


# ---------------------------------------------------------------- the modules (§10)

MODULES = ("political-play", "specialized-warfare", "rice-and-war", "path-of-glory",
           "ikko-ikki", "nanban-trade", "emperors-favor")


def module_window(qtbot, variants, players=None, seed=1, n=4) -> MainWindow:
    sf = scenario()
    players = players or tuple((s, "random") for s in SEATS[:n])
    ctl = GameController.new_game(GameSetup(sf, tuple(variants), players, (), seed),
                                  scenario=sf)
    ctl.paused = True
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1500, 950)
    win.show()
    QApplication.processEvents()
    win.view.fit()
    return win


def campaign(c) -> bool:
    return c.game.state.round >= 2 and c.game.state.phase == "campaign"


def card_text(view, clan: str) -> str:
    card = view.clans.cards[clan]
    return card.text.text() + "<br>" + card.more.text()


def test_the_core_game_shows_no_module(qtbot):
    from tenkatoitsu_gui.clans.board import CORE_LEGEND
    win = window(qtbot, 4, seed=2)
    play_to(win, campaign)
    view = win.view
    assert view.map.LEGEND == CORE_LEGEND
    text = view.clans.text()
    for word in ("Glory", "Legitimacy", "sown", "stored", "Pact", "Blood Feud", "Firearm",
                 "Unrest", "Playing:"):
        assert word not in text
    assert not any(lb.sown or lb.unrest or lb.stronghold for lb in view.map.labels.values())


def test_each_module_builds_and_shows_its_track(qtbot):
    """Each module on its own (the Nanban Trade with Specialized Warfare): the
    window is drawn, the header names the module, and the track it keeps
    shows on the cards and the map as the view tells it."""
    from tenkatoitsu.kinds.clans.scenario.model import BUSHI, NEUTRAL
    from tenkatoitsu.kinds.clans.state import Pact
    for module in MODULES:
        variants = ("specialized-warfare", module) if module == "nanban-trade" else (module,)
        win = module_window(qtbot, variants, seed=2)
        play_to(win, campaign)
        ctl, view = win.controller, win.view
        st = ctl.game.state
        clans = list(st.clans)
        a, b = clans[0], clans[1]
        if module == "political-play":
            st.pacts.append(Pact(a, b, {a: 2, b: 2}, st.round))
            st.feuds.append((clans[2], clans[3]))
            st.betrayed[clans[3]] = st.round
        elif module == "path-of-glory":
            st.glory[a] = 3
        elif module == "ikko-ikki":
            mine = st.provinces(a)[0]
            st.unrest[mine] = [b]
            empty = next(p for p in view.map.ids if not st.here(p))
            st.units[empty] = {NEUTRAL: {BUSHI: 3}}
        elif module == "nanban-trade":
            st.firearms.append(a)
        elif module == "emperors-favor":
            st.legitimacy[a] = 4
            st.censured[b] = st.round
        win.refresh()
        v = view.view
        assert v == KIND.view(ctl.game, None)  # a bot game: everything shown
        assert len(colours_in(view.map.grab().toImage())) > 40, module
        assert not overlaps({p: r.getRect() for p, r in view.map.rects.items()})
        header = view.clans.header.text()
        assert "Playing:" in header, module
        ta, tb = card_text(view, a), card_text(view, b)
        labels = view.map.labels
        if module == "political-play":
            assert "Honor Pact with" in ta and ctl.game.names[b] in ta
            assert "Honor Pact with" in tb and ctl.game.names[a] in tb
            assert "Blood Feud</b> against" in card_text(view, clans[2])
            assert "Blood Feud</b>: betrayed" in card_text(view, clans[3])
            assert "Betrayer" in card_text(view, clans[3])
        elif module == "specialized-warfare":
            chips = " ".join(t for lb in labels.values() for t, _ in lb.chips)
            assert "Sp" in chips and "B" not in chips.replace("Bn", "")
            assert ("unit:spearmen", "Spearmen") in view.map.LEGEND[-2]
            assert not any(i == "unit:arquebusiers" for row in view.map.LEGEND for i, _ in row)
        elif module == "rice-and-war":
            sown = {(r["id"], c): n for r in v["provinces"] for c, n in r["sown"].items()}
            assert sown, "the bots sowed in the first round's allocation"
            for (p, c), n in sown.items():
                assert (c, n) in labels[p].sown
                assert "Koku sown" in card_text(view, c)
            assert any(i == "sown" for row in view.map.LEGEND for i, _ in row)
            for c in clans:  # a bot game shows every screen: the Koku stored too
                assert f"stored <b>{v['clans'][c]['stored']}</b>" in card_text(view, c)
        elif module == "path-of-glory":
            assert "Glory" in ta and "<b>3</b> / 7" in ta and "●●●○○○○" in plain(ta)
            assert "Glory" not in tb  # not on the Path
            assert "7</b> Glory Points" in header
        elif module == "ikko-ikki":
            assert labels[mine].unrest == (b,)
            assert "Unrest markers <b>1</b>" in tb
            assert labels[empty].stronghold
            assert (style_text({BUSHI: 3}), NEUTRAL) in labels[empty].chips
            assert view.map.owners()[empty] == NEUTRAL
            assert "Ikkō-ikki Stronghold" in view.describe(empty)
            assert "Unrest marker" in view.describe(mine)
            assert view.map.clan_colours[NEUTRAL].name() not in {
                view.map.clan_colours[c].name() for c in clans}
        elif module == "nanban-trade":
            assert "Firearm Technology" in ta and "Firearm" not in tb
            assert any(lb.flags and "trading-post" in lb.flags for lb in labels.values())
            assert ("unit:arquebusiers", "Arquebusiers") in view.map.LEGEND[-1]
        elif module == "emperors-favor":
            assert "Legitimacy" in ta and "<b>4</b> / 6" in ta and "●●●●○○" in plain(ta)
            assert "Legitimacy" in tb and "<b>0</b> / 6" in tb
            assert "Censured" in tb and "Censured" not in ta
            assert "6</b> Legitimacy" in header
        win.close()


def plain(html: str) -> str:
    return re.sub("<[^>]+>", "", html)


def style_text(units) -> str:
    from tenkatoitsu_gui.clans.style import units_text
    return units_text(units)


def test_the_modules_choices_name_their_provinces():
    ids = {"owari", "mikawa", "settsu"}
    for value in ("sow:owari", "pacify:owari", "sail:owari", "betray:owari"):
        assert province_of(value, ids) == "owari"
    for nothing in ("store", "firearms", "continue", "dissolve", "none", "claim", "censure",
                    "spearmen", "arquebusiers", 2):
        assert province_of(nothing, ids) is None
    allocate = Decision("a", "allocate", "sow or store?",
                        (Option("sow:owari", "sow on Owari"), Option("sow:mikawa", "sow"),
                         Option("store", "store")), "§10.3.2", {"sealed": True})
    c = province_choices(allocate, ids, {})
    assert {p: [o.value for o in opts] for p, opts in c.options.items()} == {
        "owari": ["sow:owari"], "mikawa": ["sow:mikawa"]}
    battle = Decision("a", "battle", "which?", (Option("mikawa", "Mikawa"),
                                                Option("betray:settsu", "betray")), "§6.2")
    c = province_choices(battle, ids, {})
    assert {p: [o.value for o in opts] for p, opts in c.options.items()} == {
        "mikawa": ["mikawa"], "settsu": ["betray:settsu"]}


def test_a_click_on_a_province_sows(qtbot):
    win = module_window(qtbot, ("rice-and-war",), humans("a"), seed=1)
    play_to(win, pending("allocate"))
    ctl, view = win.controller, win.view
    d = ctl.pending
    assert d.kind == "allocate" and ctl.is_human_turn()
    fields = {v.partition(":")[2] for v in d.values() if v.startswith("sow:")}
    assert fields and view.choices.provinces() == fields
    assert "ringed in yellow" in view.options.prompt.text()
    where = min(fields)
    answered = len(ctl.driver.answers)
    click(view, where)
    assert ctl.driver.answers[answered:] == [f"sow:{where}"]
    assert ctl.pending is not None and ctl.pending.kind == "allocate-count"


def test_a_click_on_a_clans_card_answers(qtbot):
    win = module_window(qtbot, ("political-play",), humans("a"), seed=1)
    play_to(win, pending("pact-offer"))
    ctl, view = win.controller, win.view
    offered = {v for v in ctl.pending.values() if v != "none"}
    assert offered
    ringed = {c for c, card in view.clans.cards.items() if card.choice}
    assert ringed == offered
    assert "clan's card ringed in yellow" in view.options.prompt.text()
    other = next(c for c in view.clans.cards if c not in offered)
    answered = len(ctl.driver.answers)
    QTest.mouseClick(view.clans.cards[other], Qt.MouseButton.LeftButton)
    assert len(ctl.driver.answers) == answered  # not a choice: nothing happens
    pick = min(offered)
    QTest.mouseClick(view.clans.cards[pick], Qt.MouseButton.LeftButton)
    assert ctl.driver.answers[answered:] == [pick]


def secret_of_another(kinds):
    def stop(c):
        d = c.pending
        return d is not None and d.kind in kinds and c.side_to_answer() != "a"
    return stop


def test_another_seats_stored_koku_is_never_shown(qtbot):
    win = module_window(qtbot, ("rice-and-war",), humans("a"), seed=3)
    ctl = win.controller
    play_to(win, secret_of_another({"allocate", "allocate-count"}))
    win.refresh()
    view = win.view
    assert ctl.viewer == "a" and not view.answerable
    assert not view.options.buttons and not view.choices.options
    prompt = view.options.prompt.text()
    assert "behind the screen" in prompt and "Koku" not in prompt and "store" not in prompt
    # on to a round where others hold stored Koku: only the viewer's card tells its own
    play_to(win, lambda c: c.game.state.phase == "campaign" and c.is_human_turn()
            and any(n for cl, n in c.game.state.stored.items()
                    if cl != c.game.state.clan_of["a"]))
    win.refresh()
    st = ctl.game.state
    mine = st.clan_of["a"]
    assert any(n for c, n in st.stored.items() if c != mine), "another clan stores Koku"
    v = win.view.view
    for c, card in win.view.clans.cards.items():
        more = card.more.text()
        if c == mine:
            assert v["clans"][c]["stored"] == st.stored.get(c, 0)
            assert f"stored <b>{st.stored.get(c, 0)}</b>" in more
        else:
            assert v["clans"][c]["stored"] is None
            assert "stored" not in more


def test_another_seats_fist_is_never_shown(qtbot):
    for seed in range(1, 30):
        win = module_window(qtbot, ("political-play",), humans("a"), seed=seed)
        ctl = win.controller
        play_to(win, lambda c: secret_of_another({"fist"})(c) or c.game.state.round > 6)
        if ctl.pending is not None and ctl.pending.kind == "fist":
            break
        win.close()
    win.refresh()
    view = win.view
    assert ctl.pending.kind == "fist" and ctl.side_to_answer() != "a"
    assert not view.answerable and not view.options.buttons
    prompt = view.options.prompt.text()
    assert "behind the screen" in prompt
    for word in ("fist", "dissolve", "continue", "Koku"):
        assert word not in prompt


def test_a_battle_against_the_ikko_ikki_and_its_phase(qtbot):
    """The neutral rebels fight in grey; Specialized Warfare's phase is named."""
    from tenkatoitsu.kinds.clans.scenario.model import BUSHI, DAIMYO, NEUTRAL
    win = module_window(qtbot, ("specialized-warfare", "ikko-ikki"), seed=2)
    play_to(win, campaign)
    ctl, view = win.controller, win.view
    st = ctl.game.state
    a = st.clans[0]
    where = next(p for p in view.map.ids if not st.here(p))
    st.units[where] = {a: {DAIMYO: 1, "spearmen": 2}, NEUTRAL: {BUSHI: 3}}
    st.battle = {"province": where, "attacker": a, "sides": [a, NEUTRAL], "rolls": {},
                 "hits": {}, "phase": "ranged"}
    win.refresh()
    text = view.battle.text()
    grey = view.map.clan_colours[NEUTRAL].name()
    assert "Ranged Phase" in text
    assert f"background:{grey}" in text and "Ikkō-ikki" in text
    assert "3B" in text and "1D 2Sp" in text
    assert view.map.battle_province() == where
    # contested between a clan and the rebels: striped in both colours
    view.map.grab()
    assert view.map._present[where] == [a, NEUTRAL]
