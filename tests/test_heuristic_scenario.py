"""The heuristic bot and the scenario modules' decisions
(tenkatoitsu/kinds/battle/heuristic/scenario.py): Yamazaki's long game [19.4] and
Sekigahara's betrayals [21.4] [21.6]."""


from helpers import heuristic_bot as bot_for
from helpers import place

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.bots import attach_bots, make_bot
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import scenario as sc
from tenkatoitsu.kinds.battle.heuristic.orders import wanted_order
from tenkatoitsu.kinds.battle.play import play
from tenkatoitsu.kinds.battle.scenario import model as m

H = Hex.from_id


def drive_until(game, bots, kind, seen=None):
    """Play with the bots until a decision of `kind`: return the driver, paused there."""
    d = Driver(play(game))
    while not d.finished:
        dec = d.pending
        if dec.kind == kind:
            return d
        if seen is not None:
            seen.append((dec, bots[dec.side].choose(dec)))
            d.answer(seen[-1][1])
        else:
            d.answer(bots[dec.side].choose(dec))
    raise AssertionError(f"no {kind} decision")


def long_game(doc, seed=3):
    g = Game(doc, variants=("long",), seed=seed)
    bots = {s: make_bot("normal", seed, s) for s in g.side_ids}
    attach_bots(g, bots)
    return g, bots


# ------------------------------------------------------------------ Yamazaki, long game [19.4]

def test_encampments_cover_the_approach_and_the_commander_stays_in_the_castle(yamazaki):
    g, bots = long_game(yamazaki)
    seen = []
    drive_until(g, bots, "select-chit", seen)
    rule = sc._rule(g, "yamazaki-long")
    fort = rule.fortress_hexes(g)
    west = g.map.entries["W"].hex  # [19.4.2] every Hashiba clan comes by arrow W
    d_fort = min(hex_distance(west, f) for f in fort)
    assert len(rule.encampments) == 2
    first = rule.encampments[0]
    assert min(hex_distance(west, h) for h in first) < d_fort  # forward, on the road in
    where = {dec.context["clan"]: v for dec, v in seen if dec.kind == "encampment-clan"}
    assert where["a"] == "fortress"  # Mitsuhide: his death loses the battle [19.5.1]
    assert sum(v != "fortress" for v in where.values()) >= len(where) // 2  # most go forward


def test_a_forward_camp_scores_above_one_behind_the_castle(yamazaki):
    g = Game(yamazaki, variants=("long",), seed=1)
    bot = bot_for(g, "akechi")
    west = g.map.entries["W"].hex
    rule = sc._rule(g, "yamazaki-long")
    centres = rule._centres(g, frozenset())
    ahead = min(centres, key=lambda h: hex_distance(h, west))
    behind = max(centres, key=lambda h: hex_distance(h, west))
    assert sc.camp_score(bot, ahead) > sc.camp_score(bot, behind)


def test_recall_first_the_clan_that_faces_the_enemy(yamazaki):
    g, bots = long_game(yamazaki)
    drive_until(g, bots, "select-chit")
    rule = sc._rule(g, "yamazaki-long")
    bot = bot_for(g, "akechi")
    camp_units = [u for u in g.state.units.values() if u.on_map and g.side_of(u.id) == "akechi"
                  and any(u.hex in c for c in rule.encampments)]
    front = min(camp_units, key=lambda u: hex_distance(u.hex, g.map.entries["W"].hex))
    foe = next(u.id for u in g.state.units.values() if g.side_of(u.id) == "hashiba"
               and not u.on_map and g.unit_defs[u.id].lead == 0)
    h = next(n for n in g.map.neighbours(front.hex) if not g.occupants(n)
             and not g.map.is_fortress(n))
    place(g, foe, h.id)
    g.state.clans[g.state.units[foe].clan].off_map = False
    g.version += 1
    far = [c for c in rule.on_map if c != f"clan:{front.clan}"]
    assert f"clan:{front.clan}" in rule.on_map
    chits = [far[0], f"clan:{front.clan}"]
    d = Decision("akechi", "recall-chit", "recall?",
                 tuple(Option(c, c) for c in chits) + (Option("none", "no"),), "19.4.1")
    assert bot.choose(d) == f"clan:{front.clan}"


def ninja_decision():
    return Decision("hashiba", "ninjas", "ninjas?", (Option(True, "send"), Option(False, "no")),
                    "19.4.5", {"cost": 2, "target": "akechi"})


def test_ninjas_when_they_pay(yamazaki):
    g = Game(yamazaki, variants=("long",), seed=1)
    rule = sc._rule(g, "yamazaki-long")
    rule.on_map = ["clan:b", "clan:c"]  # Akechi still has chits to recall at ½ CP
    bot = bot_for(g, "hashiba")
    g.emit(ev.TurnStarted(rule="3.2", turn=1))
    g.emit(ev.CommandPoints(rule="9.2", side="akechi", roll=6, modifier=0, cp=4))
    g.state.honjins["hashiba"].cp = 4
    assert bot.choose(ninja_decision()) is True
    g.state.honjins["hashiba"].cp = 2
    assert bot.choose(ninja_decision()) is False  # nothing left for his own clans
    g.state.honjins["hashiba"].cp = 4
    rule.on_map = []
    g.emit(ev.CommandPoints(rule="9.2", side="akechi", roll=1, modifier=0, cp=1))
    assert bot.choose(ninja_decision()) is False  # 2 CP to take 1


def test_yamazaki_long_games_finish_with_the_heuristic_on_both_sides(yamazaki):
    for seed in (5, 6):
        g, bots = long_game(yamazaki, seed)
        d = Driver(play(g))
        n = 0
        while not d.finished:
            dec = d.pending
            d.answer(bots[dec.side].choose(dec))
            n += 1
            assert n < 30_000
        assert g.state.over and g.state.level


# ------------------------------------------------------------------ Sekigahara [21.4] [21.6]

def test_influence_chits_go_to_the_waverers_that_matter(sekigahara):
    g = Game(sekigahara, seed=1)
    bots = {s: make_bot("normal", 1, s) for s in g.side_ids}
    attach_bots(g, bots)
    d = drive_until(g, bots, "influence-chit")
    dec = d.pending
    bot = bots[dec.side]
    fams = dec.values()
    worth = {f: sc.family_worth(bot, f) for f in fams}
    assert bot.choose(dec) == max(worth, key=worth.get) == "L"  # Kobayakawa on Matsuoyama
    assert worth["L"] > worth["M"]


def test_pledges_weigh_their_vp_against_the_chits_they_bring(sekigahara):
    g = Game(sekigahara, seed=1)
    bots = {s: make_bot("normal", 1, s) for s in g.side_ids}
    attach_bots(g, bots)
    d = drive_until(g, bots, "pledges")
    dec = d.pending
    bot = bots["tokugawa"]
    made = bot.choose(dec)
    assert made == 1  # the first, early and cheap; the second's 10 VP buy too little
    dear = Decision(dec.side, dec.kind, dec.prompt, dec.options, dec.rule,
                    {"pledges": [[t, 10 * v] for t, v in dec.context["pledges"]]})
    assert bot.choose(dear) < made
    late = Decision(dec.side, dec.kind, dec.prompt, dec.options, dec.rule,
                    {"pledges": [[15, v] for t, v in dec.context["pledges"]]})
    assert bot.choose(late) == 0  # one draw left: not worth 5 VP


def gambit(treason, loyalty):
    return Decision("tokugawa", "arquebus-gambit", "fire?",
                    (Option("shoot", "fire"), Option("hold", "hold fire")), "21.4.6",
                    {"family": "L", "treason": treason, "loyalty": loyalty})


def test_the_arquebuses_fire_when_the_odds_favour_treason(sekigahara):
    g = Game(sekigahara, seed=1)
    bot = bot_for(g, "tokugawa")
    assert bot.choose(gambit(4, 2)) == "shoot"  # two chances in three
    assert bot.choose(gambit(3, 2)) == "hold"  # Kobayakawa is not staked on 60%
    assert bot.choose(gambit(1, 4)) == "hold"
    tracks = sc._betrayals(g).track
    tracks["L"] = [3, 0]  # one box from Loyal!: waiting would likely lose him
    assert bot.choose(gambit(3, 3)) == "shoot"
    tracks["L"] = [0, 2]  # one box from Treason!: the draws will bring him
    assert bot.choose(gambit(5, 1)) == "hold"


def test_a_loyal_clan_takes_the_order_its_situation_needs(sekigahara):
    g = Game(sekigahara, seed=1)
    bot = bot_for(g, "ishida")
    d = Decision("ishida", "joining-order", "order?",
                 tuple(Option(o.value, o.value) for o in m.Order), "21.4.2", {"clan": "L1"})
    assert bot.choose(d) == wanted_order(bot, "L1").value


def test_chosokabe_comes_at_once_unless_the_other_road_is_far_shorter(sekigahara):
    g = Game(sekigahara, seed=1)
    bot = bot_for(g, "tokugawa")
    ctx = {"clan": "R", "entry_now": "A", "entry_later": "A", "box": 2}
    opts = (Option("now", "at once"), Option("redeploy", "redeploy"))
    assert bot.choose(Decision("tokugawa", "chosokabe", "?", opts, "21.4.8", ctx)) == "now"
    field = bot.ctx.distance_field([u.hex for u in bot.ctx.enemy_units()])
    entries = sorted(g.map.entries, key=lambda e: field.get(g.map.entries[e].hex, 99.0))
    near, far = entries[0], entries[-1]
    if field[g.map.entries[far].hex] - field[g.map.entries[near].hex] > 8:
        ctx = {"clan": "R", "entry_now": far, "entry_later": near, "box": 2}
        assert bot.choose(Decision("tokugawa", "chosokabe", "?", opts, "21.4.8", ctx)) \
            == "redeploy"


def test_ii_sends_in_his_fittest_unit(sekigahara):
    g = Game(sekigahara, seed=1)
    bot = bot_for(g, "tokugawa")
    units = [u.id for u in g.state.clan_units("9")]
    assert len(units) >= 2
    d = Decision("tokugawa", "impetuous-unit", "?", tuple(Option(u, u) for u in units), "21.6",
                 {"clan": "9"})
    first = bot.choose(d)
    g.state.units[first].steps_lost = 2
    assert bot.choose(d) != first  # a Disorganized unit does not lead the way
