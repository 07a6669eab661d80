"""The heuristic bot in a siege [15] (tenkatoitsu/kinds/battle/heuristic/siege.py,
which judges a siege with heuristic/siege_eval.py), on training.tks's Yokoyama
(0311), whose siege map is

    honmaru (base, Defense 3) -- gate (key, Defense 2) -- a (0310 0410)
    honmaru -- rampart (key, Defense 1) -- b (0411 0312) -- gate (line Defense 0 / 3)

Each test sets a position, asks the engine for the real Decision and checks
the bot answers as a commander would."""

import pytest
from conftest import SCENARIOS
import helpers
from helpers import ScriptedDice, bot_game, place, siege_game
from helpers import heuristic_bot as bot_for

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.heuristic import siege_eval as sb
from tenkatoitsu.kinds.battle.heuristic.orders import wanted_order
from tenkatoitsu.kinds.battle.queries import fortress
from tenkatoitsu.kinds.battle.rules import siege_actions, siege_end
from tenkatoitsu.kinds.battle.scenario import model as m

H = Hex.from_id
FORT = "yokoyama"


new_game = siege_game


def besiege(game, units=("B1", "B2"), **kw):
    return helpers.besiege(game, units, **kw)


# ------------------------------------------------------------------ odds

def test_assault_odds_are_the_two_dice():
    win, tie, lose = sb.assault_odds(0)
    assert (win, tie) == (15 / 36, 6 / 36) and lose == pytest.approx(15 / 36)
    assert sb.assault_odds(2)[0] == pytest.approx(26 / 36)
    assert sb.fire_odds(2, 2) == pytest.approx(0.5)  # 1D6 + 2 - 2 >= 4
    assert sb.fire_odds(1, 3) == pytest.approx(1 / 6)


# ------------------------------------------------------------------ Sacrifices [15.6.1]

def sacrifice_decision(game, side, manpower, markers, points=1):
    s = besiege(game, markers=markers, manpower=manpower)
    gen = siege_actions.sacrifices(game, s, side, 1, "rampart", 1, points)
    return s, next(gen)


def test_the_attacker_bids_just_enough_to_win_a_worthwhile_assault():
    game = new_game()
    # Oda's b against Asai's rampart (Defense 1): 1 - 1 + Advantage = 58%; one point: 72%
    _, d = sacrifice_decision(game, "oda", {"oda": 6, "asai": 4},
                              {"b": ["oda"], "rampart": ["asai"], "honmaru": ["asai"]})
    assert sb.fortress_worth(game, FORT, "oda") >= sb.WORTH_SACRIFICE  # hold 0311: 3 VP
    assert bot_for(game, "oda").choose(d) == 1


def test_no_sacrifice_for_a_worthless_fortress_or_from_the_reserve():
    worthless = new_game(("vp hold 0311 3 at-end", "vp hold 0810 0 at-end"),
                         (" if controls oda fortress yokoyama", ""),
                         ('unit 4a "Endō Naotsune" elan 2 mass 2',
                          'unit 4a "Endō Naotsune" elan 0 mass 4'))
    _, d = sacrifice_decision(worthless, "oda", {"oda": 6, "asai": 4},
                              {"b": ["oda"], "rampart": ["asai"], "honmaru": ["asai"]})
    assert sb.fortress_worth(worthless, FORT, "oda") == 0
    assert bot_for(worthless, "oda").choose(d) == 0
    poor = new_game()
    _, d = sacrifice_decision(poor, "oda", {"oda": 2, "asai": 4},
                              {"b": ["oda"], "rampart": ["asai"], "honmaru": ["asai"]})
    assert bot_for(poor, "oda").choose(d) == 0  # its last Manpower keeps it in the siege


def test_the_defender_bids_to_turn_the_odds_when_it_can():
    def defender_answer(asai_manpower):
        game = new_game()
        s = besiege(game, markers={"b": ["oda"], "rampart": ["asai"], "honmaru": ["asai"]},
                    manpower={"oda": 6, "asai": asai_manpower})
        gen = siege_actions.sacrifices(game, s, "oda", 2, "rampart", 1, 1)
        next(gen)
        d = gen.send(0)  # Oda passes: 2 markers - Defense 1 + Advantage, 72%
        assert d.side == "asai"
        return bot_for(game, "asai").choose(d)

    assert defender_answer(5) == 2  # down to 42%: the rampart likely holds
    assert defender_answer(3) == 0  # one point spare would only bring 58%: not worth it


# ------------------------------------------------------------------ activities [15.6.1]

def activity(game, side, **kw):
    s = besiege(game, **kw)
    gen = siege_actions.combat_chit(game, side)
    return s, next(gen)


def test_rally_when_nothing_can_be_struck():
    game = new_game()
    _, d = activity(game, "oda", markers={"b": ["oda"], "honmaru": ["asai"]},
                    manpower={"oda": 2, "asai": 4}, ooc={"oda": 2})
    assert "assault" not in d.values()
    assert bot_for(game, "oda").choose(d) == "rally"


def test_fire_on_a_weak_line_and_end_when_nothing_pays():
    game = new_game()
    # Asai's markers in gate and rampart, both next to Oda's b: fire hits on 2+
    _, d = activity(game, "asai", markers={"b": ["oda"], "gate": ["asai"], "rampart": ["asai"],
                                           "honmaru": ["asai"]},
                    manpower={"oda": 6, "asai": 2})
    assert bot_for(game, "asai").choose(d) == "fire"
    quiet = new_game()
    _, d = activity(quiet, "oda", markers={"a": ["oda"], "honmaru": ["asai"]},
                    manpower={"oda": 1, "asai": 4})
    assert d.values() == ["move-troops", "end"]
    assert bot_for(quiet, "oda").choose(d) == "end"  # its last point of Manpower stays


def test_the_target_is_the_one_with_the_best_odds():
    game = new_game()
    s = besiege(game, markers={"b": ["oda"], "gate": ["asai"], "rampart": ["asai"],
                               "honmaru": ["asai"]}, manpower={"oda": 6, "asai": 3})
    gen = siege_actions.fire(game, s, "oda")
    d = next(gen)
    assert set(d.values()) == {"gate", "rampart"}
    assert bot_for(game, "oda").choose(d) == "rampart"  # Defense 1 there, 3 at the gate


# ------------------------------------------------------------------ losses, occupation

def test_losses_fall_on_manpower_then_on_the_farthest_marker():
    game = new_game()
    s = besiege(game, markers={"a": ["oda"], "b": ["oda"], "rampart": ["oda"],
                               "gate": ["asai"], "honmaru": ["asai"]},
                manpower={"oda": 5, "asai": 3})
    bot = bot_for(game, "oda")
    d = next(siege_actions._attacker_losses(game, s, "oda", ["a", "rampart"], 1))
    assert bot.choose(d) == "manpower"
    s.manpower["oda"] = 1
    d = next(siege_actions._attacker_losses(game, s, "oda", ["a", "rampart"], 1))
    assert bot.choose(d) == "a"  # a Peripheral Area, far from the keep; b is still an exit


def test_occupy_a_conquest_but_never_shut_the_garrison_out_of_its_keep():
    game = new_game()
    s = besiege(game, markers={"b": ["oda"], "rampart": ["oda"], "gate": ["asai"],
                               "honmaru": ["asai"]}, manpower={"oda": 6, "asai": 1})
    bot = bot_for(game, "oda")
    gen = siege_actions._conquest(game, s, "oda", "gate", ["b"], 0)
    assert bot.choose(next(gen)) == "new"
    keep = new_game()
    s = besiege(keep, markers={"rampart": ["oda"], "b": ["oda"], "honmaru": ["asai"],
                               "gate": ["asai"]}, manpower={"oda": 6, "asai": 0})
    s.manpower["asai"] = 3
    s.markers["gate"] = ["asai"]
    gen = siege_actions._conquest(keep, s, "oda", "honmaru", ["rampart"], 0)
    assert bot_for(keep, "oda").choose(next(gen)) == "none"  # [15.9] else the siege never ends


# ------------------------------------------------------------------ markers [15.5]

def test_the_besieged_holds_the_keep_and_the_gates_first():
    game = new_game()
    s = besiege(game)
    s.pending = [["asai", None, "15.5"]]
    bots = {"asai": bot_for(game, "asai"), "oda": bot_for(game, "oda")}
    gen = siege_end.settle(game)
    placed = []
    try:
        d = next(gen)
        while True:
            v = bots[d.side].choose(d)
            if v != "done":
                placed.append(v)
            d = gen.send(v)
    except StopIteration:
        pass
    assert placed[:3] == ["honmaru", "gate", "rampart"] or placed[:3] == ["honmaru", "rampart",
                                                                          "gate"]
    assert "a" not in placed[:3] and "b" not in placed[:3]
    assert s.manpower["asai"] >= sb.RESERVE


def test_the_besieger_strikes_from_his_base_and_keeps_a_reserve():
    game = new_game()
    s = besiege(game, markers={"gate": ["asai"], "honmaru": ["asai"]},
                manpower={"oda": 8, "asai": 4})
    s.pending = [["oda", "b", "15.5"]]
    bot = bot_for(game, "oda")
    gen = siege_end.settle(game)
    d = next(gen)
    first = bot.choose(d)
    assert first == "rampart"  # next to the keep, and the keep is struck from there
    assert sb.shuts_out(game, s, "oda", "honmaru")  # while Asai has Manpower [15.9]
    s.markers.pop("honmaru")
    assert "honmaru" not in sb.useful_placements(game, s, "oda", ["b"])
    s.manpower["asai"] = 0
    assert "honmaru" in sb.useful_placements(game, s, "oda", ["b"])


# ------------------------------------------------------------------ leaving [15.8], the end [15.9]

def test_relinquish_only_a_hopeless_siege_and_the_order_follows():
    game = new_game()
    s = besiege(game, markers={"b": ["oda"], "gate": ["asai"], "honmaru": ["asai"],
                               "rampart": ["asai"]}, manpower={"oda": 6, "asai": 4})
    bot = bot_for(game, "oda")
    assert not sb.hopeless(game, s, "oda")
    assert wanted_order(bot, "B") == m.Order.ATTACK
    s.manpower.update({"oda": 1, "asai": 6})
    assert sb.hopeless(game, s, "oda")
    assert wanted_order(bot, "B") == m.Order.DEFENSE  # [15.8.2] out of Attack to leave
    game.set_order("B", m.Order.DEFENSE, "8.1")
    d = next(siege_end.relinquish_offer(game, "B"))
    assert bot.choose(d) == "b"
    asai = bot_for(game, "asai")
    assert wanted_order(asai, "4") == m.Order.DEFENSE  # the winning garrison holds


def test_survivors_are_the_most_valuable_set_that_fits():
    game = new_game()
    for uid in ("2a", "2c"):
        place(game, uid, "0311")  # Isono Kazumasa (Elan+Mass 5) and his archers (2)
    bot = bot_for(game, "asai")
    units = fortress.units_inside(game, FORT, "asai")
    assert units == ["2a", "2c", "4a", "4b"]
    gen = siege_end.survivors(game, FORT, "asai", units, 6, 0)
    answers = []
    d = next(gen)
    try:
        while True:
            v = bot.choose(d)
            if d.kind == "siege-survivor":
                answers.append((d.context["unit"], v))
            d = gen.send(v)
    except StopIteration:
        pass
    # first-come would keep 2a alone (5 of 6); 4a and 2c save more (Endō's leader, 2 Elan)
    assert dict(answers)["2a"] == "eliminate"
    assert dict(answers)["4a"] == "keep" and dict(answers)["2c"] == "keep"


def test_the_commander_survives_and_leaders_are_not_disorganized():
    game = new_game()
    place(game, "1a", "0311")
    bot = bot_for(game, "asai")
    gen = siege_end.survivors(game, FORT, "asai", ["1a", "4a", "4b"], 5, 0)
    d = next(gen)
    assert bot.choose(d) == "keep"  # Asai Nagamasa: his death loses the battle [17.1]
    dis = new_game()
    bot = bot_for(dis, "asai")
    game_dice = ScriptedDice(dis, [6, 6, 6])
    dis.dice = game_dice
    gen = siege_end.survivors(dis, FORT, "asai", ["4a", "4b"], 6, 2)
    seen = {}
    d = next(gen)
    try:
        while True:
            v = bot.choose(d)
            seen[(d.kind, d.context["unit"])] = v
            d = gen.send(v)
    except StopIteration:
        pass
    assert seen[("siege-disorganized", "4a")] == "good-order"  # a leader risks [11.10]
    assert seen[("siege-disorganized", "4b")] == "disorganized"


# ------------------------------------------------------------------ the main map [15.3] [15.5]

def test_storm_the_fortress_when_strong_enough_and_not_otherwise():
    game = new_game()
    bot = bot_for(game, "oda")
    assert sb.storm_target(bot, "B") == FORT  # B1 + B2: 8 against the garrison's 6
    assert wanted_order(bot, "B") == m.Order.ATTACK
    assert sb.fortress_charge(bot, "B1", H("0311")) > 0  # the charge goes in
    assert sb.fortress_charge(bot, "B1", H("0411")) is None
    strong = new_game()
    place(strong, "2a", "0311")  # 11 inside: too many
    bot = bot_for(strong, "oda")
    assert sb.storm_target(bot, "B") is None
    assert sb.fortress_charge(bot, "B1", H("0311")) < 0  # a charge stops outside


def test_relief_marches_to_the_own_besieged_fortress():
    from tenkatoitsu.kinds.battle.heuristic.objectives import objectives

    game = new_game()
    assert H("0311") not in objectives(game, "asai")
    besiege(game)
    assert H("0311") in objectives(game, "asai")  # [15.7.2] Defense/Movement may enter


def whole_game(bots_by_side, seed):
    from tenkatoitsu.kinds.battle.load import load_scenario

    return bot_game(load_scenario(SCENARIOS / "training.tks"), bots_by_side, seed,
                    variants=("siege",))


def test_seeded_siege_games_finish_and_the_heuristic_storms_and_assaults():
    assaults = sieges = 0
    for seed, pair in ((1, ("normal", "random")), (2, ("normal", "random")),
                       (3, ("normal", "normal")), (4, ("normal", "normal")),
                       (5, ("random", "normal"))):
        g = whole_game(pair, seed)
        began = [e for e in g.events if type(e).__name__ == "SiegeBegan"]
        if pair[0] == "normal":
            sieges += bool(began) and began[0].besieger == "oda"  # Shibata charges in
        heuristic = {s for s, b in zip(g.side_ids, pair) if b == "normal"}
        assaults += sum(1 for e in g.events if type(e).__name__ == "AssaultResolved"
                        and e.side in heuristic)
    assert sieges >= 3 and assaults > 0


def test_every_siege_and_scenario_decision_has_a_handler():
    import re

    from tenkatoitsu.kinds.battle.heuristic import HANDLERS

    root = SCENARIOS.parent / "tenkatoitsu" / "kinds" / "battle"
    files = [*root.rglob("siege*.py"), *(root / "scenario_rules").glob("*.py")]
    kinds = {"siege-assault-target", "siege-fire-target"}  # made with a computed kind
    for f in files:
        kinds |= set(re.findall(r'Decision\(\s*[\w.]+,\s*"([a-z-]+)"', f.read_text("utf-8")))
    assert len(kinds) > 30
    assert kinds <= set(HANDLERS), sorted(kinds - set(HANDLERS))
