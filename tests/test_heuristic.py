"""The heuristic bot: it plays whole games at every level and on
both sides, answers unknown decision kinds, judges combats by the exact odds,
and never looks at what its side cannot see [5.3] [10.1]."""

import random

import pytest
from conftest import SCENARIOS
from helpers import bot_game

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.bots import BOTS, RandomBot, make_bot
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import HANDLERS, BotContext, HeuristicBot, fallback
from tenkatoitsu.kinds.battle.heuristic.combat import CombatJudge, hit_cost
from tenkatoitsu.kinds.battle.heuristic.objectives import objectives
from tenkatoitsu.kinds.battle.heuristic.strategy import LEVELS, decisive_leaders
from tenkatoitsu.kinds.battle.load import load_scenario
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import Hit


def whole_game(bots_by_side, seed, hidden=False, check=None):
    return bot_game(load_scenario(SCENARIOS / "training.tks"), bots_by_side, seed,
                    hidden=hidden, check=check)


@pytest.mark.parametrize("level", ["cautious", "normal", "aggressive"])
def test_each_level_plays_both_sides_to_the_end(level):
    for seed, pair in ((11, (level, "random")), (12, ("random", level)), (13, (level, level))):
        g = whole_game(pair, seed)
        assert g.state.level


def test_levels_are_registered_and_random_kept():
    assert {"random", "cautious", "normal", "aggressive"} <= set(BOTS)
    assert isinstance(make_bot("random", 1, "oda"), RandomBot)
    assert make_bot("aggressive", 1, "oda").level == LEVELS["aggressive"]


def test_unknown_kinds_get_a_sensible_fallback(training):
    g = Game(training, seed=1)
    bot = make_bot("normal", 1, "oda")
    bot.attach(BotContext(g, "oda"))
    d = Decision("oda", "choose-formation", "a rule not yet known to the bot",
                 (Option("pass", "no plan"), Option("saku", "Saku"), Option("kotai", "Kotai")),
                 "10.2")
    assert "choose-formation" not in HANDLERS
    assert bot.choose(d) == "saku"
    only_pass = Decision("oda", "katta-katta", "?", (Option(None, "no"), Option("done", "done")),
                         "10")
    assert fallback(bot, only_pass) is None


def test_handlers_cover_every_kind_the_rules_ask():
    # the kinds the rule modules document; sieges [15] land later
    kinds = {"select-chit", "delay-activation", "march-clan", "rally-clan", "order-change",
             "ignore-across-river", "initiative-clan", "initiative-order", "rally", "march-unit",
             "march-hex", "charge-clan", "charge-spearhead", "charge-target", "charge-hex",
             "charge-unit", "deploy-unit", "deploy-hex", "withdraw-unit", "withdraw-hex",
             "retreat-hex", "rally-retreat-hex", "avoid-pursuit", "pursuer", "attack-plan",
             "attack-step", "combat-order", "leadership", "assign-loss", "retreat-order",
             "rout-choice", "seppuku-leader", "advance", "samurai-offer", "samurai-host",
             "samurai-action",
             # battle plans [10] and defensive positions [11.8]
             "choose-plan", "initial-order", "plan-order", "plan-cp", "plan-attempt",
             "tactic-clan", "kido-move", "ashibaya-move", "katta-katta", "katta-clan",
             "defensive-position"}
    assert kinds <= set(HANDLERS)


# ---------------------------------------------------------------- judgement

def test_the_judge_prefers_the_better_odds(training):
    """Two attackers against one defender beat one against it [11.6]: more
    Mass on the blue dice; the value grows with the odds."""
    g = Game(training, seed=1)
    ctx = BotContext(g, "oda")
    judge = CombatJudge(ctx, LEVELS["normal"])
    # B1 and B2 on two free hexes next to 2b
    target = g.state.units["2b"].hex
    free = [n for n in g.map.neighbours(target) if not g.occupants(n)
            and not g.map.crossing(n, target).impassable][:2]
    assert len(free) == 2
    for uid, h in zip(("B1", "B2"), free):
        g._lift(uid)
        g._drop(uid, h)
    one = judge.value(("B1",), ("2b",))
    both = judge.value(("B1", "B2"), ("2b",))
    assert both > one


def test_losses_cost_more_for_the_commander(training):
    g = Game(training, seed=1)
    assert decisive_leaders(g, "oda") == {"A1"}  # automatic asai if leader-killed A1 [17.1]
    assert hit_cost(g, "A1", Hit(eliminated=True)) > 10 * hit_cost(g, "B2", Hit(steps=1))
    assert hit_cost(g, "C3", Hit(steps=1)) < hit_cost(g, "C3", Hit(steps=2))


def test_objectives_follow_the_victory_rules(training):
    g = Game(training, seed=1)
    asai = objectives(g, "asai")
    assert Hex.from_id("0810") in asai  # its own star, not yet held [21.7.3]
    oda = objectives(g, "oda")
    assert Hex.from_id("0810") in oda  # standing on the enemy's star denies it
    # Yokoyama (3 VP) is held by the enemy: an objective only while one clan
    # alone could storm it [15.5] (Hideyoshi's 9 Elan + Mass against 6)
    assert Hex.from_id("0311") in oda
    g._lift("2a")
    g._drop("2a", Hex.from_id("0311"))
    assert Hex.from_id("0311") not in objectives(g, "oda")


# ---------------------------------------------------------------- no peeking

def tamper_hidden(game, side):
    """Change everything `side` may not see: the Bowl's contents (its count
    kept), the opponent's orders (hidden orders on) and secret plan."""
    st = game.state
    enemy = game.enemy(side)
    saved = (list(st.bowl), {c.id: c.order for c in st.clans.values()},
             st.honjins[enemy].plan, st.honjins[enemy].plan_cp)
    rng = random.Random(len(game.events))
    st.bowl[:] = rng.sample(["clan:A", "clan:1", "march", "rally", "initiative", "combat:oda",
                             "combat:asai", "clan:2", "clan:B"] * 3, len(st.bowl))
    for c in st.clans.values():
        if c.side == enemy:
            c.order = rng.choice([o for o in m.Order if o != c.order])
    st.honjins[enemy].plan = "a-fake-plan"
    st.honjins[enemy].plan_cp = 7

    def restore():
        st.bowl[:] = saved[0]
        for cid, o in saved[1].items():
            st.clans[cid].order = o
        st.honjins[enemy].plan, st.honjins[enemy].plan_cp = saved[2], saved[3]

    return restore


def blind_check(factory):
    """A check for whole_game: every answer of the bot is the same when what
    it may not see is changed (a fresh bot, same random state, each time)."""
    seen = {"compared": 0}

    def check(game, bot, dec):
        if not hasattr(bot, "ctx") or dec.side is None or len(dec.options) < 2:
            return
        state = bot.rng.getstate()
        a = fresh(bot, game, state).choose(dec)
        restore = tamper_hidden(game, dec.side)
        try:
            b = fresh(bot, game, state).choose(dec)
        finally:
            restore()
        assert a == b, f"{dec.kind}: {a!r} with the real hidden data, {b!r} with other"
        seen["compared"] += 1

    def fresh(bot, game, state):
        other = factory(bot)
        other.attach(BotContext(game, bot.side))
        other.rng.setstate(state)
        other.memory = dict(bot.memory)
        return other

    check.seen = seen
    return check


def test_the_heuristic_bot_does_not_peek():
    check = blind_check(lambda bot: HeuristicBot(0, bot.side, bot.level))
    whole_game(("normal", "aggressive"), 21, hidden=True, check=check)
    assert check.seen["compared"] > 100


class PeekingBot(HeuristicBot):
    """A cheat: it plays the clan whose chit lies first in the Bowl."""

    def choose(self, decision):
        if decision.kind == "select-chit" and self.ctx.game.state.bowl:
            first = self.ctx.game.state.bowl[0]
            for o in decision.options:
                if o.value != first:
                    return o.value
        if decision.kind == "order-change":
            enemy = [c for c in self.ctx.game.state.clans.values() if c.side != self.side]
            if any(c.order == m.Order.ATTACK for c in enemy):
                return decision.options[-1].value
        return super().choose(decision)


def test_the_no_peeking_check_catches_a_cheat():
    check = blind_check(lambda bot: PeekingBot(0, bot.side, bot.level))
    with pytest.raises(AssertionError, match="hidden data"):
        from tenkatoitsu.kinds.battle import bots as bots_module
        bots_module.BOTS["peeking"] = lambda seed, side: PeekingBot(seed, side, "normal")
        try:
            whole_game(("peeking", "random"), 21, hidden=True, check=check)
        finally:
            del bots_module.BOTS["peeking"]
