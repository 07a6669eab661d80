"""The heuristic bot's general play against the victory conditions: when a
side needs more VP [17.1] [19.5.2], when it grows bold [17], and which order
a clan in contact wants [8.2] [8.4] [11.5]. Small positions where a commander
must choose what a commander would choose."""


from helpers import heuristic_bot as bot_for
from helpers import place

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import orders
from tenkatoitsu.kinds.battle.heuristic.strategy import LEVELS, boldness, offensive, win_lead
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.scenario import model as m

# ---------------------------------------------------------------- the lead a win needs

def test_the_level_table_sets_the_lead_each_side_needs(yamazaki):
    """[19.5.2] a tie is Hashiba's marginal victory; Akechi needs a lead of 1."""
    g = Game(yamazaki, variants=("short",), seed=1)
    assert win_lead(g, "hashiba") == 0
    assert win_lead(g, "akechi") == 1
    # level at 0-0 both want VP: Akechi to win at all, Hashiba for a lead
    # that one lucky enemy combat does not undo
    assert offensive(g, "akechi", LEVELS["normal"])
    assert offensive(g, "hashiba", LEVELS["normal"])
    g.state.vp["hashiba"] += 1
    assert not offensive(g, "hashiba", LEVELS["normal"])
    assert offensive(g, "akechi", LEVELS["normal"])


def test_without_a_level_table_the_margin_decides(nagakute, training):
    assert win_lead(Game(nagakute, seed=1), "tokugawa") == 2  # [20.5.2] margin 2
    assert win_lead(Game(nagakute, seed=1), "ikeda") == 2
    # the training ground's table: "Oda victory" and "Asai victory" from a lead of 2
    assert win_lead(Game(training, seed=1), "oda") == 2
    assert win_lead(Game(training, seed=1), "asai") == 2


# ---------------------------------------------------------------- boldness [17]

def test_a_side_short_of_a_win_is_patient_until_the_last_turns(yamazaki):
    """Akechi, short of the lead he needs, takes worse odds only in the last
    third of the battle: before, Hashiba's attacks on his ground pay him."""
    g = Game(yamazaki, variants=("short",), seed=1)
    t = g.scenario.turns
    g.state.turn = t.start_turn + 4  # turn 15 of 11..21
    assert boldness(g, "akechi") == 0.0
    g.state.turn = t.last
    assert boldness(g, "akechi") == 1.0
    g.state.turn = t.last - 1
    assert 0.0 < boldness(g, "akechi") < 1.0
    assert boldness(g, "hashiba") == 0.0  # a tie already wins for him


# ---------------------------------------------------------------- Attack or Defense in contact

def engaged(training):
    """Oda's clan B (in Attack) on both sides of the lone Asai archers 2c:
    a good fight, and nobody of the clan left to charge."""
    g = Game(training, seed=1)
    place(g, "C3", None)
    place(g, "2a", "1210")
    place(g, "2b", "1211")
    place(g, "2c", "0606")
    place(g, "B1", "0605")
    place(g, "B2", "0506")
    return g


def test_a_clan_whose_units_are_all_engaged_wants_defense(training):
    """Units in an EZoC attack under Defense as under Attack [8.2] [8.4]
    [11.1]; Defense adds Firepower against assaults [11.5] and no forced
    advance [11.12], so the clan wants Defense although the fight pays."""
    g = engaged(training)
    bot = bot_for(g, "oda")
    assert g.state.clans["B"].order == m.Order.ATTACK
    assert zoc.is_in_ezoc(g, "B1") and zoc.is_in_ezoc(g, "B2")
    assert orders.contact_value(bot, "B", attack=True) > LEVELS["normal"].attack_threshold
    assert orders.charge_value(bot, "B") is None  # nobody free to charge
    assert orders.wanted_order(bot, "B") == m.Order.DEFENSE


def test_a_clan_keeps_attack_for_a_charge_that_pays(training):
    """The same clan with B1 still free and a good assault [6.3] [11.5]
    before it: Attack, for the charge."""
    g = engaged(training)
    place(g, "B1", "0604")
    bot = bot_for(g, "oda")
    assert zoc.is_in_ezoc(g, "B2") and not zoc.is_in_ezoc(g, "B1")
    assert orders.charge_value(bot, "B") >= LEVELS["normal"].attack_threshold
    assert orders.wanted_order(bot, "B") == m.Order.ATTACK


def test_the_free_initiative_pick_never_risks_attack_to_defense(training):
    """[7.2.4] a natural 1 would withdraw the clan [6.6] from a fight it
    wages under either order: the free pick goes elsewhere or passes."""
    g = engaged(training)
    bot = bot_for(g, "oda")
    assert orders.wanted_order(bot, "B") == m.Order.DEFENSE
    d = Decision("oda", "initiative-clan", "initiative: a clan of oda",
                 (Option("pass", "pass"), Option("B", "B (free choice)")), "7.2.4")
    assert orders.initiative_clan(bot, d) == "pass"


# ---------------------------------------------------------------- objectives [21.7.3]

def test_a_star_the_enemy_stands_on_is_no_march_objective(sekigahara):
    """[21.7.3] Ishida's star on Momokubariyama (2409) carries Ieyasu's own
    camp: a clan sent there alone marches into the whole Eastern army. It is
    won by fighting; the empty star at Sekigahara (1310) stays an objective."""
    from tenkatoitsu.hexmap import Hex
    from tenkatoitsu.kinds.battle.heuristic.objectives import objectives

    g = Game(sekigahara, seed=1)
    assert g.occupants(Hex.from_id("2409"))  # 18Aa, Tokugawa Ieyasu
    obj = objectives(g, "ishida")
    assert Hex.from_id("2409") not in obj
    assert obj.get(Hex.from_id("1310")) == 2.0
    place(g, "18Aa", "2410")  # Ieyasu steps off: the star is open again
    assert objectives(g, "ishida").get(Hex.from_id("2409")) == 3.0
