"""The `hard` battle bot: copies of a game at a decision (forked or
replayed) agree, the search never reads what its side cannot see, its
paired test replaces the heuristic's answer only on evidence, and its
settings are read from the bot's name."""

from __future__ import annotations

import gc
import os
import random
import time

import pytest

from tenkatoitsu.cli import main
from tenkatoitsu.kinds.battle.heuristic import BotContext
from tenkatoitsu.kinds.battle.search import SEARCHED, SearchBot
from tenkatoitsu.kinds.battle.search import bot as search_bot
from tenkatoitsu.kinds.battle.search.branch import run
from tenkatoitsu.kinds.battle.search.playout import playout
from tenkatoitsu.kinds.battle.search.world import possible_plans, redraw
from tenkatoitsu.kinds.battle.state import TacticUse
from tenkatoitsu.session import Session, load, make_bot

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork: Linux and macOS")


def position(seed: int = 3, *, kind: str | None = None, options=None):
    """A training game played by normal bots up to a searched decision of
    `kind` (any searched kind) taken after both plans were chosen."""
    s = Session.start("training", seed=seed, options=options)
    bots = {p: make_bot(s.kind, "normal", seed, p) for p in s.game.players}
    s.kind.attach_bots(s.game, bots)
    while s.driver.pending is not None:
        d = s.driver.pending
        chosen = all(h.plan for h in s.game.state.honjins.values())
        if chosen and d.kind in SEARCHED and len(d.options) > 2 and kind in (None, d.kind):
            return s, d
        s.driver.answer(bots[s.player_to_answer()].choose(d))
    raise AssertionError("no such decision in the game")


def searcher(s, side: str, **settings) -> SearchBot:
    bot = SearchBot(7, side, **settings)
    bot.attach(BotContext(s.game, side))
    return bot


def one(side: str):
    def go(copy, job):
        return playout(copy, side, job[0], job[1], 1)
    return go


def test_a_forked_copy_and_a_replayed_copy_score_every_playout_alike():
    s, d = position()
    side = d.side
    jobs = [(o.value, 100 + j) for j in range(2) for o in d.options[:3]]
    events, answers = len(s.game.events), list(s.game.answers)
    replayed = run(s.game, jobs, one(side), fork=False)
    assert len(s.game.events) == events and s.game.answers == answers  # the game is untouched
    if hasattr(os, "fork"):
        assert run(s.game, jobs, one(side), workers=1, fork=True) == replayed
        assert run(s.game, jobs, one(side), workers=3, fork=True) == replayed
    # the playouts differ with the answer or the seed: they are played, not constant
    assert len(set(replayed)) > 1
    assert len(s.game.events) == events
    s.driver.answer(d.options[0].value)  # and the game goes on from where it stood
    assert s.driver.pending is not None or s.game.state.over


@needs_fork
@pytest.mark.parametrize("hidden_orders", [False, True])
def test_the_search_never_reads_the_opponents_plan_orders_or_dice(hidden_orders):
    """[10.1] [5.3] Change what the searching side cannot see: the same
    candidates, the same playout results, the same answer."""
    s, d = position(5, options={"hidden_orders": hidden_orders})
    g, side = s.game, d.side
    enemy = g.enemy(side)
    first = searcher(s, side, playouts=6)
    answer = first.choose(d)
    seen = [(c.answer, c.results) for c in first.last]
    assert seen and all(c.results for c in first.last)

    h = g.state.honjins[enemy]
    plans = [p.id for p in g.scenario.battle_plans()]
    h.plan_revealed = False
    h.plan = next(p for p in plans if p != h.plan)
    h.plan_cp += 3
    for c in g.state.clans.values():
        if c.side == enemy and hidden_orders:
            c.order = random.Random(1).choice(list(type(c.order)))
    g.dice.reseed(12345)  # the dice to come
    again = searcher(s, side, playouts=6)
    assert again.choose(d) == answer
    assert [(c.answer, c.results) for c in again.last] == seen


def test_the_plans_the_opponent_may_hold_fit_the_tactics_his_log_shows():
    """[10.3] the log is open: a plan without Kidō did not log a Kidō."""
    s, _ = position()
    g = s.game
    side = g.side_ids[0]
    every = [p.id for p in g.scenario.battle_plans()]
    assert possible_plans(g, side) == every or g.state.honjins[side].tactics_used
    from_log = g.state.honjins[side]
    saved = list(from_log.tactics_used)
    from_log.tactics_used = [TacticUse("kido", ["x"], 1)] * 9
    with_kido = [p.id for p in g.scenario.battle_plans()
                 if sum(t.count for t in p.tactics if t.name == "kido") >= 9]
    assert possible_plans(g, side) == (with_kido or every)
    from_log.tactics_used = saved


def _scripted(best, noise: float):
    """A playout that scores `best` 1 higher, plus noise drawn from the seed."""
    def fake(copy, side, answer, seed, turns):
        jitter = random.Random(seed).uniform(-noise, noise)
        return (1.0 if answer == best else 0.0) + jitter
    return fake


def test_a_clearly_better_answer_replaces_the_heuristics(monkeypatch):
    s, d = position()
    bot = searcher(s, d.side, playouts=24, width=len(d.options))
    own = bot.inner.choose(d)
    better = next(o.value for o in d.options if o.value != own)
    monkeypatch.setattr(search_bot, "playout", _scripted(better, 0.3))
    bot = searcher(s, d.side, playouts=24, width=len(d.options))
    assert bot.choose(d) == better
    assert bot.tally["changed"] == 1 and bot.tally["playouts"] >= 24


def test_noise_alone_never_replaces_the_heuristics_answer(monkeypatch):
    s, d = position()
    monkeypatch.setattr(search_bot, "playout", _scripted(None, 1.0))
    bot = searcher(s, d.side, playouts=24)
    own = bot.inner.choose(d)
    bot = searcher(s, d.side, playouts=24)
    assert bot.choose(d) == own
    assert bot.tally["changed"] == 0


def test_think_time_bounds_a_decision(monkeypatch):
    s, d = position()
    slow = _scripted(None, 0.1)

    def sleepy(*args):
        time.sleep(0.02)
        return slow(*args)
    monkeypatch.setattr(search_bot, "playout", sleepy)
    bot = searcher(s, d.side, think=0.5, workers=1, fork=False)
    start = time.perf_counter()
    bot.choose(d)
    took = time.perf_counter() - start
    assert 0.4 < took < 2.0
    assert bot.tally["playouts"] >= 4


def test_hard_takes_its_settings_after_its_name():
    s = Session.start("training", seed=1)
    bot = make_bot(s.kind, "hard:think=1.5:turns=2:workers=1", 1, "oda")
    assert isinstance(bot, SearchBot)
    assert (bot.think, bot.turns, bot.workers, bot.playouts) == (1.5, 2, 1, search_bot.PLAYOUTS)
    with pytest.raises(ValueError, match="'speed=2' is not a setting"):
        make_bot(s.kind, "hard:speed=2", 1, "oda")
    with pytest.raises(ValueError, match="think takes a float, not 'soon'"):
        make_bot(s.kind, "hard:think=soon", 1, "oda")
    with pytest.raises(ValueError, match="bot 'normal' takes no settings"):
        make_bot(s.kind, "normal:think=1", 1, "oda")
    with pytest.raises(ValueError, match="playouts must be at least 1"):
        make_bot(s.kind, "hard:playouts=0", 1, "oda")


def test_a_whole_game_with_hard_replays_and_is_the_same_for_its_seed(tmp_path):
    def game():
        s = Session.start("training", seed=2)
        bots = {p: make_bot(s.kind, "hard:playouts=4" if p == "oda" else "normal", 2, p)
                for p in s.game.players}
        s.play_bots(bots)
        return s, bots["oda"]
    s, hard = game()
    assert s.game.state.over and hard.tally["searched"] > 10
    s.save(tmp_path / "g.json")
    report = load(tmp_path / "g.json")
    assert report.events_match and report.digest_match
    again, _ = game()
    assert again.game.digest.hexdigest() == s.game.digest.hexdigest()


def test_a_redrawn_world_keeps_nothing_of_what_was_hidden():
    """[10.1] [10.2] [5.3] whatever the opponent's plan, CP saved, hidden
    orders and dice to come, the copy holds the same draws afterwards; what
    the side sees (its own plan, the map) is left as it was."""
    s, d = position(5, options={"hidden_orders": True})
    g, side = s.game, d.side
    enemy = g.enemy(side)
    h = g.state.honjins[enemy]
    h.plan_revealed, h.plan_active = False, False
    own_plan = g.state.honjins[side].plan
    plans = [p.id for p in g.scenario.battle_plans()]
    enemy_clans = [c for c in g.state.clans.values() if c.side == enemy and not c.off_map]

    def drawn(plan, cp, order, dice):
        h.plan, h.plan_cp = plan, cp
        for c in enemy_clans:
            c.order = order
        g.dice.reseed(dice)
        redraw(g, side, random.Random(9))
        return h.plan, h.plan_cp, [c.order for c in enemy_clans], g.dice.shuffled(range(50))

    orders = list(type(enemy_clans[0].order))
    a = drawn(plans[0], 0, orders[0], 1)
    b = drawn(plans[-1], 5, orders[-1], 2)
    assert a == b
    assert g.state.honjins[side].plan == own_plan
    h.plan_revealed = True  # a revealed plan is the opponent's known plan: kept
    h.plan = plans[-1]
    redraw(g, side, random.Random(9))
    assert h.plan == plans[-1]



def test_a_replayed_search_leaves_the_collector_on():
    s, d = position()
    searcher(s, d.side, playouts=3, fork=False).choose(d)
    assert gc.isenabled()


def test_sim_takes_hard_with_its_settings_and_says_a_bad_one(capsys):
    assert main(["sim", "training", "--bots", "hard:speed=2,normal", "-n", "1"]) == 2
    assert "'speed=2' is not a setting" in capsys.readouterr().err
    assert main(["sim", "training", "--bots", "hard:playouts=1:workers=1,normal", "-n", "1",
                 "--json", "--no-progress"]) == 0
    assert '"hard:playouts=1:workers=1"' in capsys.readouterr().out


class Stop(Exception):
    pass


@pytest.mark.parametrize("fork", [False, True] if hasattr(os, "fork") else [False])
def test_wait_is_called_while_the_copies_play_and_what_it_raises_stops_them(fork):
    """A window keeps drawing through `wait`; whatever it raises (the player
    left the game) ends the search and leaves no copy running."""
    s, d = position()
    jobs = [(o.value, 100 + j) for j in range(3) for o in d.options[:2]]
    calls = []
    scores = run(s.game, jobs, one(d.side), workers=2, fork=fork,
                 wait=lambda: calls.append(1))
    assert calls and scores == run(s.game, jobs, one(d.side), fork=False)

    def stop():
        raise Stop
    with pytest.raises(Stop):
        run(s.game, jobs, one(d.side), workers=2, fork=fork, wait=stop)
    if fork:
        with pytest.raises(ChildProcessError):
            os.waitpid(-1, os.WNOHANG)  # every copy was ended and reaped
