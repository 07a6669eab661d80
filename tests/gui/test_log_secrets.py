"""The event log panel shows the seat looking at the screen what that seat may
read [5.3] [10.1] [10.2]: not the opponent's battle plan, the CP he saves or
his hidden orders; everything once the game is over or to a spectator."""

from guitest import SCENARIO, require_sound_binding  # first: offscreen Qt or skip

require_sound_binding()

from tenkatoitsu_gui.app import MainWindow
from tenkatoitsu_gui.controller import GameController, GameSetup
from tenkatoitsu_gui.logview import EventLog
from test_secrets import ME, SEED, THEM, assert_no_secret, hidden_facts

from tenkatoitsu.kinds.battle import events as ev

HIDDEN = (("hidden_orders", True),)


def shown(log: EventLog) -> str:
    """The text a player reads in the panel: its rows that are not hidden."""
    items = (log.list.item(i) for i in range(log.list.count()))
    return "\n".join(it.text() for it in items if not it.isHidden())


def finished_game(qtbot):
    setup = GameSetup(SCENARIO, players=((ME, "human"), (THEM, "random")), options=HIDDEN,
                      seed=SEED)
    ctl = GameController.new_game(setup)
    ctl.play_until(lambda c: False)
    assert ctl.pending is None
    return ctl.game


def test_10_1_the_log_panel_shows_a_seat_only_what_it_may_read(qtbot):
    game = finished_game(qtbot)
    events = game.events
    facts = hidden_facts(events)
    assert any("secretly chooses" in f for f in facts) and any("saves" in f for f in facts)
    assert any(isinstance(e, ev.HiddenOrderChanged) and e.side == THEM for e in events)
    log = EventLog()
    qtbot.addWidget(log)
    log.reset(events)
    assert log.list.count() == len(events)  # a row per event: the replay bar's index
    # before the window says whose screen it is: only what every seat may read
    assert_no_secret(shown(log), facts + hidden_facts(events, THEM))
    log.show_for(ME)
    assert_no_secret(shown(log), facts)
    assert f"{ME} secretly chooses" in shown(log)
    assert not any(log.list.item(i).text() for i, e in enumerate(events)
                   if not e.visible_to(ME))  # no hidden row keeps the text either
    log.filter.setText("secretly")  # a filter never brings a secret back
    assert f"{THEM} secretly" not in shown(log)
    log.filter.setText("")
    log.show_for(ME, reveal_all=True)  # the game is over, or a spectator looks
    assert all(f in shown(log) for f in facts)


def test_10_1_the_window_s_log_hides_the_opponent_s_secrets(qtbot):
    setup = GameSetup(SCENARIO, players=((ME, "human"), (THEM, "random")), options=HIDDEN,
                      seed=SEED)
    win = MainWindow(GameController.new_game(setup))
    qtbot.addWidget(win)
    ctl = win.controller
    ctl.play_until(lambda c: c.game.state.turn >= 4)
    win.refresh()
    facts = hidden_facts(ctl.game.events)
    assert any("saves" in f for f in facts) and any("order" in f for f in facts)
    assert win.log.list.count() == len(ctl.game.events)
    assert_no_secret(shown(win.log), facts)
    # the opponent's Honjin keeps his plan while the game lasts, shows it at the end
    plan = ctl.game.state.honjins[THEM].plan
    name = next(p.name for p in ctl.game.scenario.battle_plans() if p.id == plan)
    assert name not in win.view.honjins[THEM].label.text()
    ctl.play_until(lambda c: False)
    win.refresh()
    assert name in win.view.honjins[THEM].label.text()
