"""Reading the battle on a laptop screen: compact counters where the printed
ones cannot be read, hex ids on hover and on the map when they fit, the window
within 1366×768, the VP track numbered whatever its length."""

from guitest import SCENARIO, require_sound_binding  # first: offscreen Qt or skip

require_sound_binding()

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPainter, QTransform
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem, QToolTip
from tenkatoitsu_gui.app import MainWindow, default_size
from tenkatoitsu_gui.battle import counters as cn
from tenkatoitsu_gui.battle import geometry as geo
from tenkatoitsu_gui.battle import style
from tenkatoitsu_gui.battle.board import ID_MAX, ID_PX, id_font_size
from tenkatoitsu_gui.battle.tracks import TracksPanel, vp_numbers, vp_span
from tenkatoitsu_gui.controller import GameController, GameSetup

SCENARIOS = {name: str(Path(SCENARIO).with_name(f"{name}.tks"))
             for name in ("training", "yamazaki", "nagakute", "sekigahara")}
LAPTOP = (1366, 768)


def laptop_window(qtbot, name: str, size=LAPTOP) -> MainWindow:
    win = MainWindow(GameController.new_game(GameSetup(SCENARIOS[name], seed=1)))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    QApplication.processEvents()
    win.view.fit()
    win.view.map.grab()  # paints every counter at this zoom
    return win


def render(item, scale: float, size: int = 120) -> QImage:
    """`item` painted alone at a zoom, on a transparent picture."""
    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.translate(size / 2, size / 2)
    p.scale(scale, scale)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = item.boundingRect()
    item.paint(p, option)
    p.end()
    return img


def colours(img: QImage) -> set[str]:
    return {img.pixelColor(x, y).name() for x in range(img.width()) for y in range(img.height())
            if img.pixelColor(x, y).alpha() == 255}


# ---------------------------------------------------------------- counters

@pytest.mark.parametrize("name", SCENARIOS)
def test_counters_at_fit_on_a_laptop_screen_are_compact_and_legible(qtbot, name):
    win = laptop_window(qtbot, name)
    m, g = win.view.map, win.controller.game
    assert m.transform().m11() < cn.FULL_AT  # the printed counter would not read
    shown = [it for it in m.counters.values() if it.isVisible()]
    assert shown
    for it in shown:
        d = g.unit_defs[it.face.id]
        text, px = it.compact_label
        assert it.compact and px >= cn.COMPACT_FONT
        assert text in (f"{d.elan}-{d.mass}", str(d.elan))
        if name in ("training", "sekigahara"):  # room for Elan-Mass on these maps
            assert text == f"{d.elan}-{d.mass}"
        # no wider or taller than a hex column and row leave: neighbours never overlap
        r = it.shape().boundingRect()
        assert r.width() <= cn.COMPACT_W and r.height() <= cn.COMPACT_H


def test_zoomed_in_the_printed_counter_comes_back(qtbot):
    win = laptop_window(qtbot, "sekigahara")
    m = win.view.map
    item = next(it for it in m.counters.values() if it.isVisible())
    assert item.compact
    m.setTransform(QTransform.fromScale(1.0, 1.0))
    m.centerOn(item)
    m.grab()
    assert not item.compact
    assert item.shape().boundingRect().width() == cn.COUNTER


def test_the_compact_counter_shows_the_order_and_the_state(qtbot):
    def face(steps_lost, order):
        return cn.CounterFace("A1", QColor("#3a5fa0"), 2, 4, 1, 1, False, False, False, False,
                              steps_lost, order)

    fresh = colours(render(cn.CounterItem(face(0, "attack")), 0.35))
    worn = colours(render(cn.CounterItem(face(2, "defense")), 0.35))
    attack, defense = style.ORDER["attack"][1], style.ORDER["defense"][1]
    disorganized = style.STATE[2][1]
    assert attack in fresh and disorganized not in fresh
    assert defense in worn and disorganized in worn


# ---------------------------------------------------------------- hex ids

def test_hex_ids_are_drawn_only_at_a_size_that_reads():
    assert id_font_size(0.3) is None and id_font_size(0.45) is None
    for lod in (0.5, 0.7, 1.0, 2.0, 4.0):
        size = id_font_size(lod)
        assert size is not None and size <= ID_MAX and size * lod >= ID_PX


def test_hex_ids_appear_on_the_map_when_zoomed_in(qtbot):
    win = laptop_window(qtbot, "nagakute")
    ids = win.view.map.ids
    far, near = render(ids, 0.3, 300), render(ids, 1.0, 300)
    assert not colours(far) and not any(far.pixelColor(x, y).alpha()
                                        for x in range(300) for y in range(300))
    assert any(near.pixelColor(x, y).alpha() for x in range(300) for y in range(300))


def test_hovering_a_hex_names_it_its_terrain_and_units_in_the_status_bar_and_a_tip(qtbot):
    win = laptop_window(qtbot, "sekigahara")
    m, g = win.view.map, win.controller.game
    uid, u = next((uid, u) for uid, u in g.state.units.items() if u.hex is not None)
    hid = u.hex.id
    pt = m.mapFromScene(QPointF(*geo.centre(u.hex)))
    QTest.mouseMove(m.viewport(), pt + QPoint(0, 3))  # from elsewhere: a move, whatever came before
    QTest.mouseMove(m.viewport(), pt)
    QApplication.processEvents()
    message = win.statusBar().currentMessage()
    parts = message.split(" | ")
    assert parts[0].startswith(f"{hid}: {g.map.terrain_at(u.hex)}")
    assert parts[1].startswith(f"{uid} ")  # the units before the hexsides
    QApplication.sendEvent(m.viewport(), QHelpEvent(QEvent.Type.ToolTip, pt,
                                                    m.viewport().mapToGlobal(pt)))
    assert QToolTip.text().startswith(f"{hid}: ") and uid in QToolTip.text()


# ---------------------------------------------------------------- the window

@pytest.mark.parametrize("name", SCENARIOS)
def test_the_window_fits_a_laptop_screen_with_nothing_cut_off(qtbot, name):
    win = laptop_window(qtbot, name)
    assert (win.width(), win.height()) == LAPTOP
    # it may shrink to the free area under a desktop's panel and title bar
    assert win.minimumSizeHint().height() <= 680 and win.minimumSizeHint().width() <= 1366
    bar, status = win.replay.geometry(), win.statusBar().geometry()
    assert bar.bottom() < status.top() and status.bottom() < LAPTOP[1]
    choose = win.view.decision.choose
    top = choose.mapTo(win, QPoint(0, 0)).y()
    assert choose.isVisible() and top + choose.height() <= bar.top()
    for d in win._docks:  # every dock on show (not behind another's tab) is whole
        if not d.visibleRegion().isEmpty():
            assert win.rect().contains(d.geometry()), d.objectName()
    assert win.view.map.viewport().height() >= 400  # the map keeps most of the height


def test_the_default_size_is_the_screens_free_area_when_that_is_smaller():
    class Screen:
        def __init__(self, w, h):
            self.free = QRect(0, 0, w, h)

        def availableGeometry(self):
            return self.free

    assert default_size(Screen(1366, 728)) == (1366, 728)
    assert default_size(Screen(2560, 1400)) == (1500, 950)
    assert default_size(None) == (1500, 950)


# ---------------------------------------------------------------- the VP track

def test_the_vp_track_is_numbered_whatever_its_length(qtbot):
    seki = GameController.new_game(GameSetup(SCENARIOS["sekigahara"], seed=1)).game
    yama = GameController.new_game(GameSetup(SCENARIOS["yamazaki"], seed=1)).game
    assert vp_span(seki.scenario.victory, 0) == 10
    assert vp_span(seki.scenario.victory, -27) == 28
    assert vp_span(yama.scenario.victory, 0) == 12  # past its "lead 11.." level
    for span, width in ((10, 460), (28, 460), (42, 460), (28, 960)):
        bw = (width - 66) / (2 * span + 1)
        step, numbered = vp_numbers(span, bw, 16)
        assert step * bw >= 16  # the numbers do not run into each other
        assert max(numbered) > span - step and sorted(numbered) == sorted(-v for v in numbered)
        assert span <= 10 or max(numbered) > 10
    a, b = seki.side_ids
    panel = TracksPanel(seki)
    qtbot.addWidget(panel)
    panel.resize(460, 100)
    panel.vp = {a: 0, b: 27}
    panel.show()
    img = panel.grab().toImage()
    assert "#d40000" in colours(img)  # the standing, circled and tagged
