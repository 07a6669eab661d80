"""The Nanban Trade & the Firearm Revolution [§10.6] (`--variant
specialized-warfare,nanban-trade`): the Trading Posts [§10.6.1], Firearm
Technology bought once for 8 Koku by a clan holding a post alone when
Reinforcement begins, with 3 free Arquebusiers [§10.6.2], Arquebusiers
recruited at 2 Koku, firing in the Firearm Phase before the Ranged Phase,
rolling no defense, their Volley ignoring castle and fortress [§10.6.3]
[§10.2.1] [§10.2-c]; TF-10.6-1..5 and the readings U-25, U-45, U-46."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.economy import upkeep
from tenkatoitsu.kinds.clans.reinforcement import firearm_posts
from tenkatoitsu.kinds.clans.state import Pact
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
    shipped,
    sides,
    until_seen,
)

NB = ("specialized-warfare", "nanban-trade")
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")
AQ, SP = "arquebusiers", "spearmen"


def u(daimyo=0, **kinds):
    out = {"daimyo": daimyo} if daimyo else {}
    out.update({k: n for k, n in kinds.items() if n})
    return out


def buyer(*provinces, koku=8, variants=NB, order=ORDER):
    """Oda with Koku (`koku` + its income) at its first Reinforcement."""
    g = from_start(position(*provinces, round=1, order=order, koku={"oda": koku}),
                   variants=variants)
    run = Run(g)
    run.until("reinforce", "oda")
    return run


def test_the_trading_posts_are_settsu_and_hizen():
    """[§10.6.1] The Nanban Trading Posts: Settsu and Hizen."""
    assert tuple(shipped().listed("trading-post")) == ("settsu", "hizen")


def test_tf_10_6_1_eight_koku_buy_the_technology_and_three_arquebusiers():
    """[§10.6.2-a] [-b] [-c] TF-10.6-1: holding Hizen alone when Phase 1b
    begins, Oda may pay 8 Koku once: 3 Arquebusiers are placed in Hizen at
    once, and the clan has the Firearm Technology token."""
    run = buyer(at("hizen", oda=u(1, spearmen=1)))
    assert "firearms" in run.values("reinforce")
    koku = run.state.koku["oda"]
    run.answer("reinforce", "firearms", "oda")
    assert run.state.koku["oda"] == koku - 8
    assert run.state.units["hizen"]["oda"] == {"daimyo": 1, SP: 1, AQ: 3}
    assert run.state.firearms == ["oda"]
    (b,) = run.events(mev.FirearmsBought)
    assert (b.clan, b.province, b.count, b.cost) == ("oda", "hizen", 3, 8)


def test_free_arquebusiers_keep_the_limit_of_seven():
    """[§10.6.2-c] [§3.2] [U-45] TF-10.6-1: with 5 units in Hizen only 2
    of the 3 fit; the one over the limit is lost."""
    run = buyer(at("hizen", oda=u(1, spearmen=4)))
    run.answer("reinforce", "firearms", "oda")
    assert run.state.units["hizen"]["oda"][AQ] == 2
    assert run.state.stack("hizen", "oda") == 7
    assert run.events(mev.FirearmsBought)[0].count == 2


def test_holding_both_posts_the_buyer_chooses_where_they_land():
    """[U-45] With both posts the player chooses one."""
    run = buyer(at("hizen", oda=u(1, spearmen=1)), at("settsu", oda=u(spearmen=1)))
    run.answer("reinforce", "firearms", "oda")
    assert set(run.values("firearms-post")) == {"settsu", "hizen"}
    run.answer("firearms-post", "settsu", "oda")
    assert run.state.units["settsu"]["oda"][AQ] == 3


def test_tf_10_6_2_the_technology_is_bought_once():
    """[§10.6.2-b] TF-10.6-2: each player can buy it only once: no second
    offer, this round or the next."""
    run = buyer(at("hizen", oda=u(1, spearmen=1)), koku=20)
    run.answer("reinforce", "firearms", "oda")
    assert run.state.koku["oda"] >= 8 and "firearms" not in run.values("reinforce")
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce"
               and r.pending.context["clan"] == "oda")
    assert run.state.koku["oda"] >= 8 and "firearms" not in run.values("reinforce")
    assert run.state.firearms == ["oda"]


def test_no_technology_without_eight_koku_or_a_post():
    """[§10.6.2-a] [-b] 7 Koku is not enough; Owari is no Trading Post."""
    run = buyer(at("hizen", oda=u(1, spearmen=1)), koku=3)  # 3 + 4 = 7
    assert run.state.koku["oda"] == 7 and "firearms" not in run.values("reinforce")
    run = buyer(at("owari", oda=u(1, spearmen=1)), koku=20)
    assert "firearms" not in run.values("reinforce")


def test_tf_10_6_4_no_sole_control_no_technology():
    """[§10.6.2-a] TF-10.6-4: another player's unit in Settsu, even an
    ally's, means no sole control: no purchase."""
    run = buyer(at("settsu", oda=u(1, spearmen=2), tokugawa=u(spearmen=1)), koku=20)
    assert "firearms" not in run.values("reinforce")
    g = from_start(position(at("settsu", oda=u(1, spearmen=2), tokugawa=u(spearmen=1)),
                            round=1, order=ORDER, koku={"oda": 20}),
                   variants=NB + ("political-play",))
    run = Run(g)
    run.state.pacts.append(Pact("oda", "tokugawa", {"oda": 2, "tokugawa": 2}))
    run.state.shared["settsu"] = "oda"
    run.state.held_at_reinforcement["oda"] = ("settsu",)
    assert run.state.controller("settsu") == "oda"
    assert firearm_posts(run.g, "oda") == []


def test_tf_10_6_3_arquebusiers_cost_two_and_need_the_technology():
    """[§10.6.3-a] TF-10.6-3: with the technology, 2 Arquebusiers cost 4
    Koku; without it they are not offered [§10.2.1] [U-25]."""
    run = buyer(at("hizen", oda=u(1, spearmen=1)), at("owari", oda=u(spearmen=1)), koku=20)
    run.answer("reinforce", "recruit:owari", "oda")
    assert AQ not in run.values("recruit-unit")
    run.answer("recruit-unit", SP, "oda")
    run.answer("recruit", 1, "oda")
    run.answer("reinforce", "firearms", "oda")
    koku = run.state.koku["oda"]
    run.answer("reinforce", "recruit:owari", "oda")
    assert AQ in run.values("recruit-unit")
    run.answer("recruit-unit", AQ, "oda")
    assert max(run.values("recruit")) == koku // 2  # 2 Koku each
    run.answer("recruit", 2, "oda")
    r = run.events(ev.Recruited)[-1]
    assert (r.unit, r.count, r.cost) == (AQ, 2, 4) and run.state.koku["oda"] == koku - 4


def test_arquebusiers_pay_upkeep():
    """[U-46] Arquebusiers pay maintenance as Bushi-type units."""
    g = placed(position(at("hizen", oda=u(1, arquebusiers=3, spearmen=2))), variants=NB)
    assert upkeep(g, "oda") == 3


# ---------------------------------------------------------------- the Firearm Phase

def firefight(oda, tokugawa, then, castle=None, fortress=False, clans=None, defender="tokugawa",
              **counts):
    """Oda (Owari) attacks `defender` in Mikawa."""
    clans = clans or {"a": "oda", "b": "shimazu", "c": defender, "d": "uesugi"}
    order = ("oda", "shimazu", defender, "uesugi")
    g = from_start(position(at("owari", oda=oda),
                            at("mikawa", castle=castle, fortress=fortress,
                               **{defender: tokugawa}),
                            at("totomi", **{defender: (1, 0)}), round=1, clans=clans,
                            order=order), variants=NB)
    g.state.firearms.extend([c for c in clans.values()])
    script_dice(g, then=then)
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", **counts)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, lambda d: next(
        (v for v in d.values() if not v.endswith(":daimyo")), d.values()[0])
        if d.kind == "hit" else passing(d))
    return run


def test_arquebusiers_fire_first_at_four_and_their_victims_never_roll_again():
    """[§10.6.3-b] [§10.2-c] T-C4.0: Arquebusiers attack on 4-6 in the
    Firearm Phase, before the Ranged Phase, and the hits are resolved at
    once: Tokugawa's Archers fall before they can shoot."""
    run = firefight(u(arquebusiers=2, spearmen=1), u(archers=2), sides(oda=4),
                    arquebusiers=2, spearmen=1)
    first = run.events(ev.HitsScored)[0]
    assert (first.clan, first.rule, first.targets, first.hits) == \
        ("oda", "§10.2-c", {AQ: 4}, 2)
    assert run.events(ev.CasualtiesRemoved)[0].losses["tokugawa"] == {"archers": 2}
    assert not [e for e in run.g.events if type(e).__name__ == "DieRolled"
                and e.side == "tokugawa"]


def test_arquebusiers_roll_no_defense_dice():
    """[§10.6.3-b] Defense "–": defending Arquebusiers roll no die in the
    Melee (they fire in the Firearm Phase only [U-25])."""
    run = firefight(u(spearmen=2), u(arquebusiers=2, spearmen=1), sides(), spearmen=2)
    tok = [e for e in run.events(ev.HitsScored) if e.clan == "tokugawa"]
    assert [(e.rule, e.targets) for e in tok] == [("§10.2-c", {AQ: 4}),
                                                  ("§6.2.3", {SP: 5})]


def test_tf_10_6_5_the_volley_ignores_the_fortress():
    """[§10.6.3-b] [§10.2.1] TF-10.6-5 [U-25]: against the Hōjō Fortress
    (+2) no castle or fortress bonus applies in the Firearm Phase; the +2
    still holds in the Melee."""
    clans = {"a": "oda", "b": "shimazu", "c": "hojo", "d": "uesugi"}
    run = firefight(u(arquebusiers=2, spearmen=1), u(arquebusiers=1, spearmen=1), sides(),
                    castle="hojo", fortress=True, clans=clans, defender="hojo",
                    arquebusiers=2, spearmen=1)
    hojo = [e for e in run.events(ev.HitsScored) if e.clan == "hojo"]
    assert (hojo[0].rule, hojo[0].targets, hojo[0].bonus) == ("§10.2-c", {AQ: 4}, 0)
    assert (hojo[-1].rule, hojo[-1].targets, hojo[-1].bonus) == ("§6.2.3", {SP: 3}, 2)


def test_the_volley_ignores_a_fortified_castle_too():
    """[§10.6.3-b] "castle and fortress defense bonuses": a castle's +1 is
    ignored in the Firearm Phase, kept in the Melee."""
    run = firefight(u(arquebusiers=1, spearmen=1), u(arquebusiers=1, swordsmen=1), sides(),
                    castle="tokugawa", arquebusiers=1, spearmen=1)
    tok = [e for e in run.events(ev.HitsScored) if e.clan == "tokugawa"]
    assert (tok[0].bonus, tok[0].targets) == (0, {AQ: 4})
    assert (tok[-1].bonus, tok[-1].targets) == (1, {"swordsmen": 4})


def test_without_the_nanban_trade_no_firearm_phase_and_no_purchase():
    """[§10.6-a] [U-25] Specialized Warfare alone: no Firearm Technology is
    offered, no Arquebusiers."""
    run = buyer(at("hizen", oda=u(1, spearmen=1)), koku=20, variants=("specialized-warfare",))
    assert "firearms" not in run.values("reinforce")
    run.answer("reinforce", "recruit:hizen", "oda")
    assert AQ not in run.values("recruit-unit")
