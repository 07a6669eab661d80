"""The heuristic bot's battle plans [10] [11.8] on training.tks: each
handler's choice against what a commander should do, and whole seeded games
in which it logs tactics and activates an inactive plan."""

import pytest
from helpers import bot_game, drive_bot, heuristic_bot, place

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import plans
from tenkatoitsu.kinds.battle.heuristic.orders import wanted_order
from tenkatoitsu.kinds.battle.rules import battle_plan as bp
from tenkatoitsu.kinds.battle.rules.command import select_chits
from tenkatoitsu.kinds.battle.scenario import model as m


@pytest.fixture
def game(training):
    g = Game(training, seed=3)
    g.state.turn = 2  # a day turn
    return g


def bot_for(game, side, seed=1):
    return heuristic_bot(game, side, seed=seed)


def with_plan(game, side, plan, active=True):
    h = game.state.honjins[side]
    h.plan, h.plan_active = plan, active
    return h


def b_fights_2c(game, good: bool):
    """Clan B (in Defense) across the river: against the worn archers 2c
    (good odds), or worn itself against 2a and 2c (bad odds)."""
    game.set_order("B", m.Order.DEFENSE, "test")
    if good:
        place(game, "B1", "0207")
        place(game, "B2", "0208")
        game.unit("2c").steps_lost = 2
    else:
        place(game, "B1", "0307")
        place(game, "B2", "0407")
        game.unit("B1").steps_lost = game.unit("B2").steps_lost = 2


# ------------------------------------------------------------------ [10.2] activation

def test_success_chance_is_exact():
    assert plans.success_chance(8, 0) == pytest.approx(26 / 36)  # example 10.2: 8 CP
    assert plans.success_chance(9, 2) == pytest.approx(21 / 36)  # 2D6 <= 7
    assert plans.success_chance(2, 0) == pytest.approx(1 / 36)
    assert plans.success_chance(1, 0) == 0.0 and plans.success_chance(14, 2) == 1.0


def attempt(saved, modifier):
    return Decision("asai", "plan-attempt", "roll?",
                    (Option(True, "roll"), Option(False, "wait")), "10.2",
                    {"saved": saved, "modifier": modifier})


def test_plan_attempt_declines_a_long_shot_and_takes_a_good_chance(game):
    with_plan(game, "asai", "choda", active=False)
    bot = bot_for(game, "asai")
    assert bot.choose(attempt(4, 2)) is False  # 2D6 <= 2: 1 in 36
    assert bot.choose(attempt(7, 2)) is False  # 2D6 <= 5: 28%
    assert bot.choose(attempt(10, 2)) is True  # 2D6 <= 8: 72%
    game.state.turn = game.scenario.turns.last  # saved CP are worth nothing after the end
    assert bot.choose(attempt(6, 2)) is True  # 2D6 <= 4: 17%, the last chance


def test_plan_cp_saves_only_the_spare_cp(game):
    h = with_plan(game, "asai", "choda", active=False)
    bot = bot_for(game, "asai")
    busy = {c for c in game.clans_of("asai") if plans.urgent(bot, c)}
    assert busy == {"3"}  # the Asakura in Regroup want Defense near the ford
    h.cp = h.cp_rolled = 3
    drive_bot(bp.activation_phase(game), bot)
    assert h.plan_cp == 2 and h.cp == 1  # one CP left for clan 3's chit
    # the same CP with every clan in contact: nothing saved, no clan starved
    game2 = Game(game.scenario, seed=3)
    game2.state.turn = 2
    h2 = with_plan(game2, "asai", "choda", active=False)
    for uid, hex_id in (("B1", "0207"), ("B2", "0409"), ("C1", "0912"), ("C2", "1109")):
        place(game2, uid, hex_id)
    bot2 = bot_for(game2, "asai")
    assert all(plans.urgent(bot2, c) for c in ("1", "2", "3"))
    h2.cp = h2.cp_rolled = 3
    drive_bot(bp.activation_phase(game2), bot2)
    assert h2.plan_cp == 0 and h2.cp == 3


def test_no_saving_when_the_plan_would_come_too_late(game):
    h = with_plan(game, "asai", "choda", active=False)
    game.state.turn = game.scenario.turns.last - 2
    bot = bot_for(game, "asai")
    d = Decision("asai", "plan-cp", "save?", tuple(Option(i, str(i)) for i in range(4)), "10.2",
                 {"cp": 3, "saved": 0, "modifier": bp.activation_modifier(game, "asai")})
    assert bot.choose(d) == 0


def test_plan_order_gives_each_clan_its_wanted_order(game):
    with_plan(game, "oda", "kakuyoku", active=False)
    b_fights_2c(game, good=True)
    bot = bot_for(game, "oda")
    want = wanted_order(bot, "B").value
    orders = ("attack", "defense", "movement", "regroup")
    d = Decision("oda", "plan-order", "new order?",
                 (Option("keep", "keep"),) + tuple(Option(o, o) for o in orders),
                 "10.2", {"clan": "B"})
    assert bot.choose(d) == want  # no order change roll to fail [8.1]
    others = tuple(Option(o, o) for o in orders if o != want)
    d = Decision("oda", "plan-order", "new order?", (Option("keep", "keep"),) + others,
                 "10.2", {"clan": "B"})
    assert bot.choose(d) == "keep"  # the sheet does not offer the order it wants


# ------------------------------------------------------------------ [10.1] the sheet

def choose_plan(game, side, seed):
    bot = bot_for(game, side, seed)
    d = Decision(side, "choose-plan", "plan?",
                 tuple(Option(p.id, p.name) for p in game.scenario.battle_plans()), "10.1")
    return bot.choose(d)


def test_the_sheet_suits_the_side(training):
    oda, asai = set(), []
    for seed in range(1, 21):
        g = Game(training, seed=seed)
        oda.add(choose_plan(g, "oda", seed))
        asai.append(choose_plan(g, "asai", seed))
        assert choose_plan(g, "asai", seed) == asai[-1]  # seeded
    # the Oda must force the river with an active plan: never a sheet that
    # holds every clan in Defense or Regroup [10.1]
    assert not oda & {"saku", "hoen", "gyorin"}
    assert all(any(t.name == "totsugeki" for t in p.tactics)
               for p in training.battle_plans() if p.id in oda)
    # the Asai hold: mostly the palisade (Saku), some other sheets drawn
    # among the near-best (not predictable), never Hōshi (its Katta! Katta!
    # would drive them off the bank)
    assert max(set(asai), key=asai.count) == "saku"
    assert len(set(asai)) >= 2 and "hoshi" not in asai


def test_initial_order_within_the_sheet(game):
    bot = bot_for(game, "oda")
    d = Decision("oda", "initial-order", "order?",
                 (Option("defense", "defense"), Option("attack", "attack")), "10.1", {"clan": "C"})
    assert bot.choose(d) == "attack"  # the Oda must attack; Movement is not allowed


# ------------------------------------------------------------------ [10.3] [10.4] tactics

def select(game, side, cp):
    h = game.state.honjins[side]
    h.cp = h.cp_rolled = cp
    bot = bot_for(game, side)
    seen = drive_bot(select_chits(game, side), bot)
    return h, seen


def test_totsugeki_for_the_clan_in_contact_with_good_odds(game):
    with_plan(game, "oda", "choda")
    b_fights_2c(game, good=True)
    h, seen = select(game, "oda", 2)
    assert ("totsugeki", ["B"]) in [(u.tactic, u.clans) for u in h.tactics_used]
    assert ("tactic-clan", "B") in seen


def test_no_totsugeki_at_bad_odds_but_kotai_for_the_worn_clan(game):
    with_plan(game, "oda", "choda")
    b_fights_2c(game, good=False)
    bot = bot_for(game, "oda")
    assert plans.totsugeki_gain(bot, "B") is None
    h, _ = select(game, "oda", 2)
    used = [(u.tactic, u.clans) for u in h.tactics_used]
    assert ("kotai", ["B"]) in used
    assert not any(t == "totsugeki" for t, _ in used)


def test_tactics_kept_when_nothing_calls_for_them(game):
    """The opening position, every clan on its bank: the CP buy chits."""
    with_plan(game, "oda", "kakuyoku")  # no Ashibaya for the off-map clan
    h, seen = select(game, "oda", 3)
    assert h.tactics_used == []
    assert all(not str(v).startswith("tactic:") for k, v in seen if k == "select-chit")


def test_kido_joins_the_clans_that_should_strike(game):
    with_plan(game, "oda", "kakuyoku")
    b_fights_2c(game, good=True)
    place(game, "C1", "1007")  # C next to the worn Asakura 3a
    place(game, "C2", "1107")
    game.unit("3a").steps_lost = 2
    h, seen = select(game, "oda", 3)
    kido = [u for u in h.tactics_used if u.tactic == "kido"]
    assert kido and sorted(kido[0].clans) == ["B", "C"]
    assert h.cp == 0  # the last CP buys a chit


def test_ashibaya_brings_the_off_map_clan_and_it_enters_last(game):
    with_plan(game, "oda", "koyaku")
    bot = bot_for(game, "oda")
    cands = [c for c, _ in plans.ashibaya_candidates(bot)]
    assert cands[0] == "D"  # [10.4.5] off the map: it enters with 6 MP
    d = Decision("oda", "ashibaya-move", "first?", (Option("C", "C"), Option("D", "D")), "10.4.5")
    assert bot.choose(d) == "C"  # it does not block the entry of D


def test_tactic_clan_follows_the_choice_and_stops(game):
    with_plan(game, "oda", "choda")
    bot = bot_for(game, "oda")
    bot.memory["tactic-clans"] = ("ashibaya", ["D"])
    d = Decision("oda", "tactic-clan", "clan 2?", (Option("C", "C"), Option("done", "done")),
                 "10.3", {"tactic": "ashibaya", "chosen": ["D"]})
    assert bot.choose(d) == "done"


# ------------------------------------------------------------------ [10.4.2] Katta! Katta!

def katta_katta():
    return Decision("asai", "katta-katta", "into the Bowl?",
                    (Option(True, "in"), Option(False, "keep")), "10.4.2", {"victim": "oda"})


def test_katta_clan_picks_the_worst_forced_attack(game):
    with_plan(game, "oda", "hoshi")
    b_fights_2c(game, good=False)  # B, worn, would attack 2a and 2c
    place(game, "C1", "1007")  # C would fall on the worn 3a
    place(game, "C2", "1107")
    game.unit("3a").steps_lost = 2
    game.set_order("C", m.Order.DEFENSE, "test")
    game.set_order("A", m.Order.ATTACK, "test")
    bot = bot_for(game, "asai")
    assert plans.forced_attack_value(bot, "B") < 0 < plans.forced_attack_value(bot, "C")
    assert bot.choose(katta_katta()) is True
    d = Decision("asai", "katta-clan", "which?", tuple(Option(c, c) for c in "ABC"), "10.4.2",
                 {"victim": "oda"})
    assert bot.choose(d) == "B"


def test_katta_clan_drives_the_commander_off_his_hill(game):
    """Out of contact, the clan on its objective and heights suffers most."""
    with_plan(game, "oda", "hoshi")
    bot = bot_for(game, "asai")
    d = Decision("asai", "katta-clan", "which?", tuple(Option(c, c) for c in "ABC"), "10.4.2",
                 {"victim": "oda"})
    assert bot.choose(d) == "A"  # Nobunaga on Tatsugahana (the Oda star)


def test_katta_kept_when_no_clan_would_suffer(game):
    with_plan(game, "oda", "hoshi")
    for c in "ABC":
        game.set_order(c, m.Order.ATTACK, "test")  # they attack anyway: it would only help them
    place(game, "A1", "0203")
    place(game, "A2", "0204")  # off the star, away from the river
    bot = bot_for(game, "asai")
    assert bot.choose(katta_katta()) is False


# ------------------------------------------------------------------ [11.8] markers

def test_markers_go_to_the_fortress_the_commander_and_the_front(game):
    with_plan(game, "asai", "saku")
    bot = bot_for(game, "asai")
    picks = [v for k, v in drive_bot(bp._abilities(game, "asai"), bot) if k == "defensive-position"]
    hexes = [game.unit(u).hex.id for u in picks]
    assert hexes[0] == "0311"  # Yokoyama-jō: 3 VP held [17.1]
    assert "1a" in picks  # the commander
    assert {"2a", "2b", "2c"} <= set(picks)  # the Isono on the bank, facing the fords
    assert not {"3a", "3b"} & set(picks)  # the Asakura in Regroup do not defend [11.8]


# ------------------------------------------------------------------ whole games

def whole_game(training, pair, seed):
    return bot_game(training, pair, seed)


def test_in_seeded_games_it_logs_tactics_and_activates_its_plan(training):
    tactics, activations = 0, 0
    for seed in (1, 2, 3):
        g = whole_game(training, ("random", "normal"), seed)  # the Asai plan starts inactive
        for e in g.events:
            name = type(e).__name__
            if name == "TacticAssigned" and e.side == "asai":
                tactics += 1
            if name == "PlanActivation" and e.side == "asai" and e.success:
                activations += 1
        g = whole_game(training, ("normal", "random"), seed)
        tactics += sum(1 for e in g.events
                       if type(e).__name__ == "TacticAssigned" and e.side == "oda")
    assert activations >= 1
    assert tactics >= 3
