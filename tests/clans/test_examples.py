"""The rulebook's worked examples and test facts (TF-…), played through the
rules with the rulebook's own dice: the highest source [§0.1] (TF-0.1-1,
TF-0.1-2), bankruptcy [§4.2] (TF-4.2-1), basic combat [§6.2.5]
(TF-6.2.5-1), combat with modifiers [§6.2.6] (TF-6.2.6-1), the New
Players' first round (TF-NP-1, read in the default edition) and the
strategy page's arithmetic of conquest (TF-S-1). The draft walkthrough
(TF-2.2-1) is in test_draft.py."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.economy import income, upkeep
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    new_game,
    passing,
    placed,
    play_until,
    position,
    script_dice,
    sides,
    until_seen,
)

ORDER = ("oda", "shimazu", "tokugawa", "uesugi")


def rolls(run, side=None):
    return [e.dice for e in run.g.events if type(e).__name__ == "DieRolled"
            and (side is None or e.side == side)]


def scored(run, clan):
    return next(e for e in run.events(ev.HitsScored) if e.clan == clan)


def hits_on(*values):
    """A chooser: each hit decision takes the first of `values` offered."""
    def choose(d):
        if d.kind == "hit":
            for v in values:
                if v in d.values():
                    return v
        return passing(d)
    return choose


# ---------------------------------------------------------------- §0.1 the highest source

def test_tf_0_1_1_uesugi_in_a_castle_gets_a_single_plus_one():
    """TF-0.1-1 [§0.1] A defending Uesugi unit (+1) in a province with a
    castle (+1) gets a single +1: its Bushi hit on 5-6, not 4-6."""
    g = from_start(position(at("mikawa", tokugawa=(1, 2)),
                            at("shinano", castle="uesugi", uesugi=(0, 2)),
                            at("echigo", uesugi=(1, 0)), round=1,
                            order=("tokugawa", "oda", "shimazu", "uesugi")))
    script_dice(g, (1, 1), (5, 4), then=sides(tokugawa=6))
    run = Run(g)
    run.until("move-from", "tokugawa")
    run.move("tokugawa", "mikawa", "shinano", bushi=2)
    end_moves(run, "tokugawa")
    until_seen(run, ev.ClashEnded)
    s = scored(run, "uesugi")
    assert s.bonus == 1 and s.targets == {"bushi": 5} and s.hits == 1


def test_tf_0_1_2_fortress_under_sabotage_nets_plus_one():
    """TF-0.1-2 [§0.1] A Hōjō unit in its Fortress (+2) under the ninja's
    Sabotage (-1) defends with a net +1: Bushi hit on 5-6 (a 5 hits, a 4
    does not)."""
    clans = {"a": "oda", "b": "hojo", "c": "tokugawa", "d": "uesugi"}
    g = from_start(position(at("kai", oda=(1, 2)),
                            at("sagami", castle="hojo", fortress=True, hojo=(0, 2)),
                            at("izu", hojo=(1, 0)), round=1, clans=clans,
                            order=("oda", "hojo", "tokugawa", "uesugi")))
    script_dice(g, (6, 6), (5, 4), then=sides(oda=6))
    run = Run(g)
    run.until("reinforce", "oda")
    run.answer("reinforce", "ninja", "oda")
    run.answer("ninja", "sabotage", "oda")
    run.answer("ninja-target", "sagami", "oda")
    run.until("move-from", "oda")
    run.move("oda", "kai", "sagami", bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    s = scored(run, "hojo")
    assert (s.bonus, s.penalty) == (2, 1)
    assert s.targets == {"bushi": 5} and s.hits == 1


# ---------------------------------------------------------------- §4.2 bankruptcy

def test_tf_4_2_1_three_koku_short_removes_six_bushi():
    """TF-4.2-1 [§4.2] Short 3 Koku of upkeep: 6 Bushi of the player's
    choice leave the board; the treasury is 0, never in debt."""
    # Oda: 16 Bushi (upkeep 8), 2 provinces (income 5), no Koku: 3 short
    g = from_start(position(at("owari", oda=(1, 7)), at("mino", oda=(0, 7)),
                            at("mikawa", oda=(0, 2), tokugawa=(1, 1)), round=2,
                            order=ORDER, koku={"oda": 0}))
    run = Run(g)
    for _ in range(6):
        p = run.pending
        assert p.kind == "bankrupt" and p.context["clan"] == "oda"
        assert set(p.values()) == {"owari:bushi", "mino:bushi", "mikawa:bushi"}
        run.answer("bankrupt", "mino:bushi", "oda")
    (b,) = run.events(ev.Bankrupt)
    assert (b.clan, b.short, b.removed) == ("oda", 3, {"mino": 6})
    assert [(c.clan, c.what, c.amount) for c in run.events(ev.CostPaid)
            if c.clan == "oda"] == [("oda", "upkeep", 5)]
    assert run.state.koku["oda"] == 0
    assert run.state.bushi("oda") == 10


# ---------------------------------------------------------------- §6.2.5 basic combat

def basic_combat():
    """TF-6.2.5-1: 3 Tokugawa Bushi attack a province held by 2 Ronin of
    another player (Shimazu: no modifiers); Tokugawa rolls 1, 4, 5, the
    Ronin 2, 6."""
    g = from_start(position(at("mikawa", tokugawa=(1, 3)), at("totomi", shimazu={"ronin": 2}),
                            at("satsuma", shimazu=(1, 0)), round=1,
                            order=("tokugawa", "oda", "shimazu", "uesugi")))
    script_dice(g, (1, 4, 5), (2, 6), then=sides(tokugawa=6))
    run = Run(g)
    run.until("move-from", "tokugawa")
    run.move("tokugawa", "mikawa", "totomi", bushi=3)
    end_moves(run, "tokugawa")
    until_seen(run, ev.ClashEnded)
    return run


def test_tf_6_2_5_1_one_hit_each():
    """TF-6.2.5-1 [§6.2.5] Bushi attack on 5-6: 1,4,5 is 1 hit; Ronin defend
    on 6: 2,6 is 1 hit; the Tokugawa player removes one Bushi and the Ronin
    player one Ronin: 2 Bushi against 1 Ronin."""
    run = basic_combat()
    assert rolls(run)[:2] == [(1, 4, 5), (2, 6)]
    att, dfn = scored(run, "tokugawa"), scored(run, "shimazu")
    assert att.targets == {"bushi": 5} and att.hits == 1
    assert dfn.targets == {"ronin": 6} and dfn.hits == 1
    assert run.events(ev.CasualtiesRemoved)[0].losses == {"tokugawa": {"bushi": 1},
                                                         "shimazu": {"ronin": 1}}
    assert run.state.units["totomi"]["tokugawa"]["bushi"] == 2


def test_tf_6_2_5_1_contested_until_the_ronin_leave():
    """TF-6.2.5-1 [§6.2.5] "The province remains contested" while the Ronin
    stands beside Tokugawa's Bushi; then the Ronin leave after the combat
    [§6.2.4] and a province is held by the one clan whose units stand there
    [§6.2.1] (the glossary's "Controlled"): Tokugawa holds Tōtōmi. The
    engine's reading, listed in docs/clans.md."""
    run = basic_combat()
    assert run.state.units["totomi"].get("shimazu", {}).get("ronin", 0) == 0
    assert run.events(ev.ClashEnded)[0].controller == "tokugawa"


# ---------------------------------------------------------------- §6.2.6 combat with modifiers

def test_tf_6_2_6_1_oda_takes_echigo():
    """TF-6.2.6-1 [§6.2.6] Oda (1 Daimyō, 3 Bushi) attacks Echigo (4 Uesugi
    Bushi and a castle). [§6.2.6.1] Oda's Daimyō present: +1, its Daimyō hit
    on 3-6 and its Bushi on 4-6; Uesugi +1 (clan) and +1 (castle) make one
    +1 [§0.1]: its Bushi hit on 5-6. [§6.2.6.2] Oda scores 4 hits, Uesugi 2;
    Uesugi loses its 4 Bushi, Oda 2 Bushi: Oda controls Echigo."""
    g = from_start(position(at("shinano", oda=(1, 3)),
                            at("echigo", castle="uesugi", uesugi=(0, 4)),
                            at("sado", uesugi=(1, 0)), round=1, order=ORDER))
    # Oda's Daimyō 3,4,1 (2 hits), Bushi 4,5,1 (2 hits); Uesugi 5,6,1,2 (2 hits)
    script_dice(g, (3, 4, 1), (4, 5, 1), (5, 6, 1, 2))
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "shinano", "echigo", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, hits_on("oda:bushi"))
    oda, uesugi = scored(run, "oda"), scored(run, "uesugi")
    assert oda.targets == {"daimyo": 3, "bushi": 4} and oda.bonus == 1 and oda.hits == 4
    assert uesugi.targets == {"bushi": 5} and uesugi.bonus == 1 and uesugi.hits == 2
    assert run.events(ev.CasualtiesRemoved)[0].losses == {"oda": {"bushi": 2},
                                                         "uesugi": {"bushi": 4}}
    assert run.events(ev.ClashEnded)[0].controller == "oda"
    assert run.state.controller("echigo") == "oda"
    assert {u: n for u, n in run.state.units["echigo"]["oda"].items() if n} == \
        {"daimyo": 1, "bushi": 1}
    assert "echigo" in run.state.castles  # the default edition destroys no castle


# ---------------------------------------------------------------- the New Players' first round

def test_tf_np_1_first_round_in_the_default_edition():
    """TF-NP-1, read in the default edition: Oda, Shimazu, Tokugawa, Uesugi in
    this order; 3 Koku [§2.3] + income 4 each (3 + 1) [§4.1], no upkeep in
    the first round [§2.3]; Oda recruits 3 Bushi in Owari [§5.1] and moves 1
    Daimyō + 2 Bushi into empty Mino, no battle, Oda controls Mino [§6.1];
    Mino is a mountain province: 1 + 1 (3 units) = 2 Koku in Winter [§7.1]
    [U-2]; with 2 provinces Oda acts last next round [§4.1]."""
    g = new_game(4)
    script_dice(g, orders=[("a", "b", "c", "d")])
    run = Run(g)
    for seat, clan in (("d", "uesugi"), ("c", "tokugawa"), ("b", "shimazu"), ("a", "oda")):
        assert run.pending.side == seat
        run.answer("draft", clan)
    run.until("reinforce", "oda")
    assert run.events(ev.OrderSet)[0].order == ORDER
    assert {e.clan: e.amount for e in run.events(ev.IncomeCollected)} == \
        {"oda": 4, "shimazu": 5, "tokugawa": 4, "uesugi": 4}  # Shimazu: coastal Satsuma +1 [§2.4]
    assert run.state.koku["oda"] == 7 and not run.events(ev.CostPaid)
    run.answer("reinforce", "recruit:owari", "oda")
    run.answer("recruit", 3, "oda")
    run.answer("reinforce", "done", "oda")
    assert run.state.koku["oda"] == 4
    run.until("move-from", "oda")
    run.move("oda", "owari", "mino", daimyo=1, bushi=2)
    end_moves(run, "oda")
    play_until(run, lambda r: r.state.round == 2)
    assert not run.events(ev.ClashBegan)
    assert run.state.controller("mino") == "oda" and run.state.count("oda") == 2
    supply = [(c.clan, c.amount) for c in run.events(ev.CostPaid) if c.what == "mountain supply"]
    assert supply == [("oda", 2)]
    assert run.events(ev.OrderSet)[1].order[-1] == "oda"


# ---------------------------------------------------------------- the strategy page's arithmetic

def test_tf_s_1_three_provinces_for_eight_bushi_is_a_loss():
    """TF-S-1 (v79 strategy page) [§4.1] Conquering 3 provinces (+3 income)
    with 8 new Bushi to keep (+4 upkeep) leaves the clan 1 Koku a round poorer."""
    small = placed(position(at("owari", oda=(1, 2)), order=ORDER))
    big = placed(position(at("owari", oda=(1, 2)), at("mino", oda=(0, 3)),
                          at("ise", oda=(0, 3)), at("iga", oda=(0, 2)), order=ORDER))
    net = [income(g, "oda")[0] - upkeep(g, "oda") for g in (small, big)]
    assert net[1] - net[0] == 3 - 4
