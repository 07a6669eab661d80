"""The history the replay viewer reads (Qt-free): snapshots, who answered,
and the game seen at a past state."""

from guitest import SCENARIO  # noqa: I001 (first: the GUI package, or skip)

from tenkatoitsu.kinds.battle.bots import make_bot
from tenkatoitsu.kinds.battle.game import Options
from tenkatoitsu.kinds.battle.view import player_view
from tenkatoitsu.kinds.battle.view import GameAt
from tenkatoitsu_gui.history import start_recorded


def test_the_past_seen_by_a_player_is_what_he_saw_then():
    seen = []
    rec = None

    def watch(event):  # player_view at the moment of each event
        seen.append(player_view(rec.session.game, "oda") if rec else None)

    rec = start_recorded(SCENARIO, seed=6, options=Options(hidden_orders=True), listeners=[watch])
    game, driver = rec.session.game, rec.session.driver
    bots = {s: make_bot("random", 6, s) for s in game.side_ids}
    while driver.pending is not None and game.state.turn < 4:
        d = driver.pending
        driver.answer(bots[d.side or game.side_ids[0]].choose(d))
    frames = rec.history.frames
    assert len(frames) == len(game.events)
    checked = 0
    offset = len(frames) - len(seen)  # GameStarted came before the listeners
    for i, view in enumerate(seen):
        if view is None:
            continue
        assert player_view(GameAt(game, frames[offset + i].state), "oda") == view
        checked += 1
    assert checked > 100


def test_snapshots_are_independent_of_the_game():
    rec = start_recorded(SCENARIO, seed=2)
    game, driver = rec.session.game, rec.session.driver
    first = rec.history.frames[0].state
    bot = make_bot("random", 2, "x")
    while driver.pending is not None and game.state.turn < 3:
        driver.answer(bot.choose(driver.pending))
    assert first.turn == game.scenario.turns.start_turn
    assert first is not game.state and first.units is not game.state.units
    moved = [u for u in game.state.units.values() if u.hex != first.units[u.id].hex]
    assert moved, "units moved in the game, not in the snapshot of its start"
