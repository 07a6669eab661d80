"""The heuristic Oda on the training ground: a side that must cross the Ane
at its fords and take VP hexes (Yokoyama-jō worth 3 [17.1]) before the last
turn. Small positions where the commander must do what gets him across."""

from helpers import heuristic_bot, place

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import movement as hm
from tenkatoitsu.kinds.battle.heuristic import orders, plans
from tenkatoitsu.kinds.battle.heuristic.strategy import LEVELS
from tenkatoitsu.kinds.battle.rules import march
from tenkatoitsu.kinds.battle.scenario import model as m

YOKOYAMA = Hex.from_id("0311")


def bot_for(game, side="oda", level="normal"):
    return heuristic_bot(game, side, level)


def march_with(bot, game, clan):
    """[6.5] the clan's march, every decision answered by the bot."""
    gen = march.march(game, clan)
    try:
        d = next(gen)
        while True:
            d = gen.send(bot.choose(d))
    except StopIteration:
        pass


# ---------------------------------------------------------------- a column on the ford [6.2.4] [6.5]

def test_the_head_of_a_column_on_the_ford_marches_first(training):
    """Clan C strung out over the ford on the Hokkoku road (0806 north bank,
    0807 and 0808 south): the tail cannot pass the friends ahead, so were it
    the first to march (and the anchor the others must stay by [6.2.4]) the
    whole clan would stand on the ford for the rest of the battle. The units
    that can get nearer the objective go first and the clan moves on."""
    g = Game(training, seed=1)
    column = {"C1": "0806", "C2": "0807", "C3": "0808"}
    for uid, h in column.items():
        place(g, uid, h)
    bot = bot_for(g)
    assert bot.clan_objective("C") == YOKOYAMA
    march_with(bot, g, "C")
    field = bot.ctx.distance_field((YOKOYAMA,))
    for uid, h in column.items():
        now = g.state.units[uid].hex
        assert field[now] < field[Hex.from_id(h)], uid  # every unit nearer Yokoyama
    assert g.state.units["C1"].hex.id != "0806"  # the ford is clear for clan D behind


def test_a_clan_that_can_move_freely_still_waits_for_its_straggler(training):
    """Nothing blocks anyone: the unit farthest from the goal marches first,
    as before, so it sets the anchor the others stay by [6.2.4]."""
    g = Game(training, seed=1)
    bot = bot_for(g)
    d = Decision("oda", "march-unit", "Clan C marches: choose the next unit to move",
                 tuple(Option(u, u) for u in ("C1", "C2", "C3")), "6.5", {"clan": "C"})
    scores = {u: hm.goal_score(bot, u, g.state.units[u].hex) for u in ("C1", "C2", "C3")}
    assert all(hm.can_progress(bot, u) for u in scores)
    assert bot.choose(d) == min(scores, key=scores.get)


# ---------------------------------------------------------------- an empty objective [17.1]

def near_the_enemy(training, garrison: bool):
    """Clan C over the middle ford, in Defense, two hexes from the Asai, the
    charge not worth it; Yokoyama held by its garrison or left empty."""
    g = Game(training, seed=1)
    for uid, h in (("C1", "0807"), ("C2", "0708"), ("C3", "0808")):
        place(g, uid, h)
    if not garrison:
        place(g, "4a", "0111")
        place(g, "4b", "0211")
    g.state.clans["C"].order = m.Order.DEFENSE
    return g


def test_an_offensive_clan_marches_for_an_empty_objective(training):
    """The garrison has left Yokoyama: 3 VP for the taking by a march [6.5]
    [17.1]. A side that needs VP does not hold at a distance waiting for a
    charge that pays; it wants Movement."""
    g = near_the_enemy(training, garrison=False)
    bot = bot_for(g)
    assert bot.is_offensive()
    assert bot.clan_objective("C") == YOKOYAMA
    assert orders.enemy_distance(bot, "C") <= orders.CHARGE_REACH + 1
    assert orders.charge_value(bot, "C") < LEVELS["normal"].attack_threshold
    assert orders.wanted_order(bot, "C") == m.Order.MOVEMENT


def test_a_held_objective_is_no_reason_to_march(training):
    """With the garrison inside, no march takes Yokoyama [15.3]: the clan
    keeps its Defense at a distance, as before."""
    g = near_the_enemy(training, garrison=True)
    bot = bot_for(g)
    assert bot.clan_objective("C") == YOKOYAMA  # a storm objective [15.5]
    assert orders.charge_value(bot, "C") < LEVELS["normal"].attack_threshold
    assert orders.wanted_order(bot, "C") == m.Order.DEFENSE


# ---------------------------------------------------------------- the free initiative pick [7.2.4]

def test_the_free_initiative_pick_never_risks_a_clan_that_holds_vp(training):
    """Clan C holds Yokoyama (3 VP) in Movement and would rather be in
    Defense; the free pick's natural 1 would withdraw it out of the castle
    [7.2.4] [6.6]. The order can wait for the clan's own phase [8.1]."""
    g = Game(training, seed=1)
    place(g, "4a", None)
    place(g, "4b", None)
    for uid, h in (("C1", "0311"), ("C2", "0311"), ("C3", "0411")):
        place(g, uid, h)
    g.state.clans["C"].order = m.Order.MOVEMENT
    bot = bot_for(g)
    assert YOKOYAMA in bot.objective_hexes_held()
    assert orders.wanted_order(bot, "C") == m.Order.DEFENSE
    d = Decision("oda", "initiative-clan", "initiative: a clan of oda",
                 (Option("pass", "pass"), Option("C", "C (free choice)")), "7.2.4")
    assert orders.initiative_clan(bot, d) == "pass"
    # a clan pressed by an EZoC is still activated: it cannot march away [6.5.1]
    d = Decision("oda", "initiative-clan", "initiative: a clan of oda",
                 (Option("pass", "pass"), Option("C", "C (in an EZoC)")), "7.2.4")
    assert orders.initiative_clan(bot, d) == "C"


# ---------------------------------------------------------------- holding what was taken [17.1]

def test_a_march_never_walks_off_the_castle_the_side_holds(training):
    """Clan C took the empty Yokoyama (3 VP while only Oda units stand in it
    [17.1]) and is still in Movement when the march chit comes [7.2.1]. The
    unit in the castle marches first and stays; the others keep the group
    with it [6.2.4] instead of leading it away toward Mita."""
    g = Game(training, seed=1)
    place(g, "4a", None)
    place(g, "4b", None)
    for uid, h in (("C1", "0411"), ("C2", "0410"), ("C3", "0311")):
        place(g, uid, h)
    bot = bot_for(g)
    assert YOKOYAMA in bot.objective_hexes_held()
    assert bot.clan_objective("C") == Hex.from_id("0810")  # somewhere else to go
    march_with(bot, g, "C")
    assert g.state.units["C3"].hex == YOKOYAMA
    hexes = {u: g.state.units[u].hex for u in ("C1", "C2", "C3")}
    for uid, h in hexes.items():  # still one group [6.2.4]
        assert any(h.is_adjacent(o) for v, o in hexes.items() if v != uid), uid


# ---------------------------------------------------------------- the commander's clan [17.1]

def test_no_totsugeki_for_the_commanders_clan(training):
    """Mori Yoshinari (A2) has a good fight in contact, but Nobunaga (A1) is
    the clan's only unit free to charge: Totsugeki [10.4.1] would make him
    the spearhead [6.3.1], and his death loses the battle [17.1]."""
    g = Game(training, seed=1)
    place(g, "A2", "0407")
    place(g, "A1", "0305")
    place(g, "2a", "1210")
    place(g, "2b", "1211")
    place(g, "2c", "0507")
    bot = bot_for(g)
    assert orders.contact_value(bot, "A", attack=True) > LEVELS["normal"].attack_threshold
    assert plans.totsugeki_gain(bot, "A") is None
