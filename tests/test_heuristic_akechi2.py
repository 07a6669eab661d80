"""The heuristic defender at Yamazaki [19], second pass: a clan in Attack
needs a 5 to leave it [8.1], and while it stays there every activation
makes it attack again [11.2]. A worn clan stuck in Attack in contact is
where Akechi gives his VP away [19.5.2], so the commander gets it out by the
roads that skip that roll, and weighs the lock before he puts a clan in."""

from helpers import drive_bot, heuristic_bot

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import orders, plans
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.rules.command import select_chits
from tenkatoitsu.kinds.battle.scenario import model as m


def tsuda_worn(yamazaki, order: m.Order):
    """Tsuda's ashigaru l2 faces Ikeda Motosuke across the Enmyōji stream
    with two steps lost (test_heuristic_akechi: the clan wants Regroup);
    the clan stands in `order`."""
    g = Game(yamazaki, variants=("short",), seed=1)
    g.state.units["l2"].steps_lost = 2
    g.set_order("l", order, "test")
    g.version += 1
    bot = heuristic_bot(g, "akechi", "normal")
    assert zoc.is_in_ezoc(g, "l2")
    assert orders.wanted_order(bot, "l") == m.Order.REGROUP
    return g, bot


# ---------------------------------------------------------------- initiative [7.2.4]

def initiative(*clans):
    opts = [Option(c, f"clan {c} (the free choice)") for c in clans]
    return Decision("akechi", "initiative-clan", "akechi: initiative phase, choose a clan",
                    tuple(opts) + (Option("pass", "pass"),), "7.2.4")


def test_the_free_initiative_pick_frees_a_worn_clan_stuck_in_attack(yamazaki):
    """From Attack, Regroup needs a 5 [8.1]; in the initiative phase a
    natural 1 withdraws the clan as well [7.2.4], so 4 faces in 6 take it out
    of contact before its next forced attack [11.2]. That is the best use of
    the free choice, ahead of a fresh clan that would like Attack."""
    g, bot = tsuda_worn(yamazaki, m.Order.ATTACK)
    assert orders.wanted_order(bot, "c") != bot.ctx.order("c")  # c would like a change too
    assert orders.initiative_clan(bot, initiative("c", "l")) == "l"


def test_a_worn_clan_in_defense_is_not_the_free_pick(yamazaki):
    """In Defense the same clan's own chit changes its order on a 3 [8.1]:
    the free choice goes elsewhere (a natural 1 there would withdraw it with
    pursuit [6.7] anyway)."""
    g, bot = tsuda_worn(yamazaki, m.Order.DEFENSE)
    assert orders.initiative_clan(bot, initiative("l")) == "pass"


# ---------------------------------------------------------------- Kōtai [10.4.3]

def test_kotai_is_worth_more_to_a_clan_stuck_in_attack(yamazaki):
    """Kōtai switches to Regroup without the roll [10.4.3]: from Attack that
    roll needs a 5, not the 3 it needs from Defense [8.1]."""
    _, in_defense = tsuda_worn(yamazaki, m.Order.DEFENSE)
    _, in_attack = tsuda_worn(yamazaki, m.Order.ATTACK)
    assert plans.kotai_gain(in_attack, "l") > plans.kotai_gain(in_defense, "l") + 0.5


def test_the_stuck_clan_gets_kotai_from_the_chits(yamazaki):
    """With Kakuyoku's Kōtai on the sheet and 3 CP, the worn Tsuda stuck in
    Attack is taken out by the tactic instead of waiting for its chit."""
    g, bot = tsuda_worn(yamazaki, m.Order.ATTACK)
    h = g.state.honjins["akechi"]
    h.plan, h.plan_active = "kakuyoku", True
    h.cp = h.cp_rolled = 3
    drive_bot(select_chits(g, "akechi"), bot)
    assert ("kotai", ["l"]) in [(u.tactic, u.clans) for u in h.tactics_used]
