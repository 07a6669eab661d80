"""The heuristic defender at Yamazaki [19]: Akechi wins VP only from the
enemy's casualties [19.5.2], so he keeps worn units out of combats they can
only lose and does not advance into more enemies than he fought [11.12].
Small positions of the short game where the commander must choose what a
commander would choose."""


from helpers import heuristic_bot, place

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import combat, orders
from tenkatoitsu.kinds.battle.heuristic.strategy import LEVELS
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.scenario import model as m


def bot_for(game, side="akechi", level="normal"):
    return heuristic_bot(game, side, level)


def worn(game, uid, steps):
    game.state.units[uid].steps_lost = steps
    game.version += 1


# ---------------------------------------------------------------- a unit near elimination [8.5]

def test_a_clan_withdraws_a_unit_one_bad_result_from_elimination(yamazaki):
    """Tsuda's ashigaru l2 faces Ikeda Motosuke across the Enmyōji stream
    with two steps lost: its clan's mean wear (1.0) is below the level's
    Regroup threshold, but the next combat there may well give Hashiba its
    Elan [17.1]; the clan's forced attacks no longer pay, so it wants
    Regroup [8.5], not Defense."""
    g = Game(yamazaki, variants=("short",), seed=1)
    worn(g, "l2", 2)
    bot = bot_for(g)
    assert zoc.is_in_ezoc(g, "l2") and not zoc.is_in_ezoc(g, "l1")
    assert orders.wear(g, "l") < LEVELS["normal"].regroup_wear
    assert orders.contact_value(bot, "l", attack=True) < LEVELS["normal"].attack_threshold
    assert orders.exposed(bot, "l")
    assert orders.wanted_order(bot, "l") == m.Order.REGROUP


def test_a_worn_unit_out_of_contact_keeps_its_clan_in_line(yamazaki):
    """The same wear on l1, which no enemy touches: nothing is at stake
    until the enemy comes, and l2 fights well (the clan wants Attack)."""
    g = Game(yamazaki, variants=("short",), seed=1)
    worn(g, "l1", 2)
    bot = bot_for(g)
    assert not orders.exposed(bot, "l")
    assert orders.wanted_order(bot, "l") != m.Order.REGROUP


def test_a_fresh_clan_in_the_same_place_fights(yamazaki):
    g = Game(yamazaki, variants=("short",), seed=1)
    bot = bot_for(g)
    assert not orders.exposed(bot, "l")
    assert orders.wanted_order(bot, "l") == m.Order.ATTACK


# ---------------------------------------------------------------- optional advance [11.12]

def advance_decision(uid, hex_id):
    return Decision("akechi", "advance", f"advance after combat into {hex_id}? (optional)",
                    (Option([uid, hex_id], f"{uid} advances into {hex_id}"),
                     Option(None, "no advance")), "11.12")


def advance_position(yamazaki, *hashiba):
    """Shigetomo's ashigaru f2 (Defense) on the open paddies at 2014 has
    just emptied 2114; Hashiba units stand where the test puts them."""
    g = Game(yamazaki, variants=("short",), seed=1)
    place(g, "f2", "2014")
    for uid, hex_id in hashiba:
        place(g, uid, hex_id)
    bot = bot_for(g)
    assert bot.is_offensive()  # 0-0: Akechi still needs his lead of 1 [19.5.2]
    assert bot.ctx.ground(Hex.from_id("2114")) == bot.ctx.ground(Hex.from_id("2014"))
    return g, bot


def test_no_optional_advance_into_more_enemy_zocs(yamazaki):
    """E1 and E2 stand next to 2114 and not next to 2014: the advance gains
    no ground that counts [19.5.2] and puts f2 where two enemy units can
    attack it. A Defense unit need not advance [11.12]: it stays."""
    g, bot = advance_position(yamazaki, ("E1", "2213"), ("E2", "2214"))
    assert len(zoc.exerting_on(g, Hex.from_id("2114"), "hashiba")) == 2
    assert not zoc.exerting_on(g, Hex.from_id("2014"), "hashiba")
    assert combat.advance(bot, advance_decision("f2", "2114")) is None


def test_an_optional_advance_no_more_exposed_is_taken(yamazaki):
    """E1 at 2115 touches both hexes: the advance risks nothing more, so the
    side that still needs VP follows up as before."""
    g, bot = advance_position(yamazaki, ("E1", "2115"), ("E2", None))
    assert zoc.exerting_on(g, Hex.from_id("2114"), "hashiba") == ["E1"]
    assert zoc.exerting_on(g, Hex.from_id("2014"), "hashiba") == ["E1"]
    assert combat.advance(bot, advance_decision("f2", "2114")) == ["f2", "2114"]


def test_an_objective_is_worth_the_exposure(yamazaki):
    """The short game has no hex worth VP [19.5.2]; were 2114 one [17.1],
    the advance onto it would be taken although E1 and E2 can attack it."""
    g, bot = advance_position(yamazaki, ("E1", "2213"), ("E2", "2214"))
    bot.objectives = lambda: {Hex.from_id("2114"): 3.0}
    assert combat.advance(bot, advance_decision("f2", "2114")) == ["f2", "2114"]
