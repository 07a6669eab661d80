"""Victory and defeat [§8]: vassalage the instant a clan's last Daimyō is
removed, to the player who removed it [§8.1]; its consequences, half the
provinces and troops, no victory, the clan ability kept [§8.1.1]; the two
paths to liberation, the Gekokujō Assault and Rebuilding [§8.1.2];
elimination and survival without a province [§8.2]."""

from __future__ import annotations

import pytest

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.economy import income
from tenkatoitsu.kinds.clans.outcome import GameOver, check_victory
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    passing,
    placed,
    play_until,
    position,
    script_dice,
    sides,
    until_seen,
)

ORDER = ("oda", "shimazu", "tokugawa", "uesugi")
SHIMAZU19 = ("satsuma", "osumi", "hyuga", "higo", "chikugo", "chikuzen", "buzen", "bungo",
             "hizen", "iki", "tsushima", "nagato", "suo", "aki", "bingo", "bitchu", "iwami",
             "izumo", "hoki")


def start(*provinces, order=ORDER, round=1, koku=None, vassals=(), dice=(), then=None):
    g = from_start(position(*provinces, round=round, order=order, koku=koku, vassals=vassals))
    script_dice(g, *dice, then=then)
    return g


def hits_on(*values):
    def choose(d):
        if d.kind == "hit":
            for v in values:
                if v in d.values():
                    return v
        return passing(d)
    return choose


# ---------------------------------------------------------------- §8.1 vassalage

def oda_takes_satsuma():
    """Oda (Higo) attacks Satsuma, where Shimazu's only Daimyō stands; Shimazu
    holds four more provinces with 10 Bushi."""
    g = start(at("higo", oda=(1, 3)), at("satsuma", shimazu=(1, 0)),
              at("hyuga", shimazu=(0, 4)), at("osumi", shimazu=(0, 4)),
              at("bungo", shimazu=(0, 1)), at("chikugo", shimazu=(0, 1)),
              dice=[(6, 6, 6), (1, 1, 1), (1, 1, 1)], then=sides())
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "oda")
    return run


def test_the_vassal_of_the_player_who_removed_the_last_daimyo():
    """[§8.1] The instant its final Daimyō is removed a clan becomes the
    vassal of the player who defeated it (before any other turn)."""
    run = oda_takes_satsuma()
    run.until("give-up", "shimazu")
    (sworn,) = run.events(ev.VassalSworn)
    assert (sworn.clan, sworn.lord) == ("shimazu", "oda")
    assert run.state.vassals["shimazu"].lord == "oda"
    assert [t.clan for t in run.events(ev.TurnBegan)] == ["oda"]
    assert run.g.events.index(sworn) > run.g.events.index(run.events(ev.ClashEnded)[0])


def test_a_vassal_that_removes_its_own_lords_last_daimyo_binds_it_in_turn():
    """[§8.1] [U-6] Oda, Shimazu's vassal on the path of Rebuilding, removes
    Shimazu's last Daimyō: Shimazu becomes the vassal of the player who
    defeated it, and Oda, not on the Gekokujō Assault, stays Shimazu's
    [§8.1.2]. Each is the other's vassal; neither can win."""
    g = start(at("higo", oda=(1, 3)), at("satsuma", shimazu=(1, 0)),
              at("hyuga", shimazu=(0, 4)), at("osumi", shimazu=(0, 4)),
              at("bungo", shimazu=(0, 1)), at("chikugo", shimazu=(0, 1)),
              vassals=[("oda", "shimazu")],
              dice=[(6, 6, 6), (1, 1, 1), (1, 1, 1)], then=sides())

    def rebuild(d):
        return "rebuilding" if d.kind == "vassal-path" else passing(d)
    run = Run(g)
    run.until("move-from", "oda", choose=rebuild)
    run.move("oda", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "oda")
    run.until("give-up", "shimazu")
    assert [(e.clan, e.lord) for e in run.events(ev.VassalSworn)] == [("shimazu", "oda")]
    assert not run.events(ev.Liberated)
    assert run.state.vassals["shimazu"].lord == "oda"
    assert run.state.vassals["oda"].lord == "shimazu"
    assert not run.state.free("oda") and not run.state.free("shimazu")


def test_a_new_vassal_loses_half_its_provinces_and_troops_of_its_choice():
    """[§8.1.1] Immediately lose half of your provinces and troops (your
    choice): 4 provinces and 10 Bushi left -> give up 2 provinces (their
    units count among the troops lost) and dismiss the rest of the 5 troops."""
    run = oda_takes_satsuma()
    p = run.until("give-up", "shimazu")
    assert set(p.values()) == {"hyuga", "osumi", "bungo", "chikugo"}
    run.answer("give-up", "bungo", "shimazu")
    run.answer("give-up", "chikugo", "shimazu")
    for _ in range(3):
        assert set(run.values("dismiss")) == {"hyuga:bushi", "osumi:bushi"}
        run.answer("dismiss", "hyuga:bushi", "shimazu")
    st = run.state
    assert sorted(st.provinces("shimazu")) == ["hyuga", "osumi"]
    assert st.total("shimazu") == 5
    assert [e.province for e in run.events(ev.ProvinceGivenUp)] == ["bungo", "chikugo"]
    assert run.events(ev.TroopsDismissed)[0].removed == {"hyuga": 3}


def test_the_lord_is_who_scored_the_hit_in_a_three_sided_battle():
    """[§8.1] "the player who defeated it": Tokugawa's hit removes Shimazu's
    last Daimyō in a battle Oda began: Shimazu is Tokugawa's vassal."""
    g = start(at("shinano", oda=(1, 2)), at("totomi", shimazu=(1, 0), tokugawa=(0, 2)),
              at("satsuma", shimazu=(0, 1)), at("mikawa", tokugawa=(1, 0)),
              dice=[(1, 1, 1), (1, 1), (1, 1, 1), (6, 1)], then=sides(oda=6))
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "shinano", "totomi", daimyo=1, bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.VassalSworn, 1, hits_on("shimazu:daimyo", "oda:bushi", "tokugawa:bushi"))
    (sworn,) = run.events(ev.VassalSworn)
    assert (sworn.clan, sworn.lord) == ("shimazu", "tokugawa")


def test_a_vassal_cannot_win():
    """[§8.1.1] A vassal cannot win the game: not with 20 provinces, not
    with the three Mandate provinces."""
    g = placed(position(*[at(p, shimazu=(0, 1)) for p in SHIMAZU19 + ("mimasaka",)],
                        vassals=[("shimazu", "oda")]))
    assert g.state.count("shimazu") == 20
    check_victory(g, "§4")  # no GameOver
    g = placed(position(*[at(p, shimazu=(0, 1)) for p in ("yamashiro", "settsu", "sagami")],
                        vassals=[("shimazu", "oda")]))
    check_victory(g, "§4")
    g.state.vassals.clear()
    with pytest.raises(GameOver):
        check_victory(g, "§4")


def test_a_vassal_keeps_its_clan_ability():
    """[§8.1.1] A vassal retains its clan ability (Shimazu's coastal income)."""
    g = placed(position(at("satsuma", shimazu=(0, 1)), at("bungo", shimazu=(0, 1)),
                        vassals=[("shimazu", "oda")]))
    assert income(g, "shimazu") == (3 + 2 + 2, 2, 2)


# ---------------------------------------------------------------- §8.1.2 liberation

def test_rebuilding_liberates_when_the_fund_reaches_ten():
    """[§8.1.2] Rebuilding: deposit up to 3 Koku a round into the Liberation
    Fund; liberated when it reaches 10."""
    g = start(at("satsuma", shimazu=(0, 2)), round=2, koku={"shimazu": 5},
              vassals=[("shimazu", "oda", 7)])
    run = Run(g)
    run.answer("vassal-path", "rebuilding", "shimazu")
    assert run.values("deposit") == [3, 2, 1, 0]
    run.answer("deposit", 3, "shimazu")
    (dep,) = run.events(ev.FundDeposited)
    assert (dep.amount, dep.fund) == (3, 10)
    assert [(e.clan, e.how) for e in run.events(ev.Liberated)] == \
        [("shimazu", "the Liberation Fund")]
    assert "shimazu" not in run.state.vassals


def test_rebuilding_takes_at_most_three_a_round():
    """[§8.1.2] Up to 3 Koku per round, however rich the vassal; below 10 it
    stays a vassal."""
    g = start(at("satsuma", shimazu=(0, 2)), round=2, koku={"shimazu": 20},
              vassals=[("shimazu", "oda", 0)])
    run = Run(g)
    run.answer("vassal-path", "rebuilding", "shimazu")
    assert max(run.values("deposit")) == 3
    koku = run.state.koku["shimazu"]
    run.answer("deposit", 3, "shimazu")
    # the tithe comes before maintenance [§8.1.2]: 3 deposited, then 1 of upkeep for 2 Bushi
    assert run.state.koku["shimazu"] == koku - 3 - 1
    assert run.state.vassals["shimazu"].fund == 3 and not run.events(ev.Liberated)


def assault():
    """Shimazu, Oda's vassal, on the Gekokujō Assault against Tokugawa, whose
    only Daimyō stands in Hyūga."""
    g = start(at("satsuma", shimazu=(0, 4)), at("hyuga", tokugawa=(1, 0)),
              at("mikawa", tokugawa=(0, 1)), order=("shimazu", "oda", "tokugawa", "uesugi"),
              vassals=[("shimazu", "oda")],
              # Shimazu's Bushi 6,1,1,1 and 3 Ronin 1,1,1; Tokugawa's Daimyō 1,1,1
              dice=[(6, 1, 1, 1), (1, 1, 1), (1, 1, 1)], then=sides())
    run = Run(g)
    run.answer("vassal-path", "assault", "shimazu")
    return run


def test_assault_commits_the_treasury_no_reinforcement():
    """[§8.1.2] On the Gekokujō Assault the vassal spends its Koku on Ronin
    this round: it does not recruit or build."""
    run = assault()
    asked = []

    def note(d):
        asked.append((d.kind, d.context.get("clan")))
        return passing(d)
    play_until(run, lambda r: r.pending.kind == "move-from", note)
    assert run.pending.context["clan"] == "shimazu"
    assert ("reinforce", "oda") in asked and ("reinforce", "shimazu") not in asked
    assert not run.events(ev.Recruited)


def test_assault_ronin_at_two_a_koku_and_liberation_by_a_free_clans_last_daimyo():
    """[§8.1.2] Gekokujō Assault: Ronin at 2 per Koku (still no more than the
    vassal's Bushi in the battle [U-7]); liberated the moment it defeats a
    free clan's last Daimyō, who becomes its vassal [§8.1]."""
    run = assault()
    run.until("move-from", "shimazu")
    run.move("shimazu", "satsuma", "hyuga", bushi=4)
    end_moves(run, "shimazu")
    koku = run.state.koku["shimazu"]
    assert koku == 5  # 3 + Satsuma + its coastal bonus [§2.4]
    assert run.values("ronin") == [0, 1, 2, 3, 4]  # 4 Bushi: min(4, 2 x 5)
    run.answer("ronin", 3, "shimazu")
    assert run.state.koku["shimazu"] == koku - 2  # 3 Ronin: 2 Koku
    (joined,) = run.events(ev.RoninJoined)
    assert (joined.count, joined.cost, joined.rule) == (3, 2, "§8.1.2")
    until_seen(run, ev.VassalSworn)
    assert [(e.clan, e.how) for e in run.events(ev.Liberated)] == \
        [("shimazu", "Gekokujō Assault")]
    assert "shimazu" not in run.state.vassals
    assert run.state.vassals["tokugawa"].lord == "shimazu"


def test_the_assault_lasts_one_round():
    """[§8.1.2] "For one round": next round the vassal chooses its path again."""
    g = start(at("satsuma", shimazu=(0, 2)), vassals=[("shimazu", "oda")])
    run = Run(g)
    run.answer("vassal-path", "assault", "shimazu")
    assert run.state.vassals["shimazu"].path == "assault"
    play_until(run, lambda r: r.state.round == 2)
    assert run.pending.kind == "vassal-path" and run.state.vassals["shimazu"].path is None


# ---------------------------------------------------------------- §8.2 elimination

def test_losing_the_last_daimyo_and_the_last_province_eliminates():
    """[§8.2] No province and no Daimyō on the board: out of the game (no
    more turns, no income)."""
    g = start(at("higo", oda=(1, 3)), at("satsuma", shimazu=(1, 0)),
              dice=[(6, 6, 6), (1, 1, 1), (1, 1, 1)], then=sides())
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClanEliminated)
    assert run.events(ev.ClanEliminated)[0].clan == "shimazu"
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce")
    assert "shimazu" in run.state.eliminated and "shimazu" not in run.state.order
    assert [t.clan for t in run.events(ev.TurnBegan)].count("shimazu") == 0
    assert [e.clan for e in run.events(ev.IncomeCollected)].count("shimazu") == 1
    assert run.state.total("shimazu") == 0


def vassal_loses_its_last_province():
    g = start(at("bungo", oda=(1, 2)), at("hyuga", shimazu=(0, 1)),
              vassals=[("shimazu", "oda")], dice=[(6, 6, 6), (1, 1), (1,)], then=sides())
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "bungo", "hyuga", daimyo=1, bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    assert run.state.count("shimazu") == 0 and run.state.daimyos("shimazu") == 0
    return run


def test_a_vassal_losing_its_last_province_is_eliminated():
    """[§8.2] A player with no Daimyō who loses its last province is out."""
    run = vassal_loses_its_last_province()
    play_until(run, lambda r: r.state.round == 2)
    assert "shimazu" in run.state.eliminated


def test_a_vassal_losing_its_last_province_is_out_at_once():
    """[§8.2] "eliminated if they lose their last province while having no
    Daimyō": at that moment — it takes no further campaign turn."""
    run = vassal_loses_its_last_province()
    assert "shimazu" in run.state.eliminated
    play_until(run, lambda r: r.state.phase == "winter")
    assert "shimazu" not in [t.clan for t in run.events(ev.TurnBegan)]


def test_a_clan_with_a_daimyo_and_no_province_plays_on():
    """[§8.2] Zero provinces but a Daimyō on the board: not eliminated; it
    collects its base income of 3 Koku and acts as normal, and its Daimyō
    in a contested province must win a battle to reclaim territory."""
    g = start(at("totomi", shimazu=(1, 0), tokugawa=(0, 1)), at("mikawa", tokugawa=(1, 0)),
              round=2, koku={"shimazu": 0}, dice=[(6, 6, 6), (1,)], then=sides(shimazu=6))
    run = Run(g)
    assert run.state.count("shimazu") == 0 and "shimazu" not in run.state.eliminated
    (inc,) = [e for e in run.events(ev.IncomeCollected) if e.clan == "shimazu"]
    assert (inc.amount, inc.provinces) == (3, 0)
    assert run.events(ev.OrderSet)[0].order[0] == "shimazu"  # fewest provinces
    until_seen(run, ev.ClashEnded)
    clash = run.events(ev.ClashBegan)[0]
    assert (clash.province, clash.attacker) == ("totomi", "shimazu")
    assert run.state.controller("totomi") == "shimazu"
