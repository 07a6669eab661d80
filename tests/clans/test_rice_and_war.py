"""The Cycle of Rice and War [§10.3] (`--variant rice-and-war`): the three
states of Koku [§10.3.1], the round it changes [§10.3.2] — stored Koku back
(-P1), the fixed Stipend (-P2), the order (-P3), reinforcement (-P4), the
Allocation that empties every treasury (-P5), Raiding (-C2, §6.2.7), the
Harvest (-W1), costs in Winter (-W2) and Spoilage (-W3) — with TF-10.3-1..6
and the readings U-30..U-36. Stored Koku is seen by its seat alone."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.kind import KIND
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    faces,
    from_start,
    index_of,
    passing,
    play_until,
    position,
    script_d6,
    sides,
    until_seen,
)

RW = ("rice-and-war",)
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")


def game(*provinces, koku=None, round=1, harvest=4, then=None, order=ORDER, clans=None):
    """A game from the position, the harvest die showing `harvest`."""
    g = from_start(position(*provinces, round=round, order=order, koku=koku, clans=clans),
                   variants=RW)
    script_d6(g, then=faces(then, harvest=harvest))
    return Run(g)


def storing(d):
    """Answer as `passing`, but store every Koku at the Allocation."""
    if d.kind == "allocate":
        return "store"
    if d.kind == "allocate-count":
        return max(d.values())
    return passing(d)


def allocate(run, clan, *plan):
    """Answer the clan's Allocation: (`sow:P` or `store`, Koku) in turn;
    the others before it store everything."""
    run.until("allocate", clan, storing)
    for where, n in plan:
        run.answer("allocate", where, clan)
        if run.pending is not None and run.pending.kind == "allocate-count":
            run.answer("allocate-count", n, clan)


def to_round(run, n):
    """Play on (every Allocation storing all) to round `n`."""
    play_until(run, lambda r: r.state.round == n, storing)


def in_winter(run, cls):
    out, winter = [], False
    for e in run.g.events:
        if isinstance(e, ev.SeasonBegan):
            winter = e.phase == "Winter"
        elif winter and isinstance(e, cls):
            out.append(e)
    return out


# ---------------------------------------------------------------- Phase 1

def test_tf_10_3_1_stipend_recruit_then_every_koku_sown_or_stored():
    """[§10.3.2-P2] [-P4] [-P5] TF-10.3-1: Treasury 4 after the Stipend;
    recruit 1 -> 3 left; Allocation: sow 2 on X, store 1 -> Treasury 0.
    [§10.3.1] Sown Koku lies on the province, Stored Koku behind the screen."""
    run = game(at("owari", oda=(1, 1)), at("mino", oda=(0, 1)), koku={"oda": 0})
    run.until("reinforce", "oda")
    assert run.state.koku["oda"] == 4
    run.answer("reinforce", "recruit:owari", "oda")
    run.answer("recruit", 1, "oda")
    assert run.state.koku["oda"] == 3
    allocate(run, "oda", ("sow:mino", 2), ("store", 1))
    assert run.state.koku["oda"] == 0
    assert run.state.sown == {"mino": {"oda": 2}} and run.state.stored == {"oda": 1}
    assert [(e.province, e.amount) for e in run.events(mev.RiceSown)] == [("mino", 2)]
    assert [(e.clan, e.amount) for e in run.events(mev.RiceStored)] == [("oda", 1)]


def test_the_stipend_is_a_fixed_four_without_province_income_or_upkeep():
    """[§10.3.2-P2] Every player receives a fixed 4 Koku, no per-province
    income; [§10.3-a] the Phase 1 Unit Maintenance is replaced (none in
    round 2 either); [U-31] Shimazu's coastal bonus still adds, Chōsokabe's
    base of 4 gives nothing over the Stipend."""
    clans = {"a": "oda", "b": "shimazu", "c": "chosokabe", "d": "uesugi"}
    run = game(at("owari", oda=(1, 6)), at("mino", oda=(0, 6)), at("ise", oda=(0, 6)),
               at("satsuma", shimazu=(1, 1)), at("bungo", shimazu=(0, 1)),
               at("tosa", chosokabe=(1, 1)), at("sanuki", chosokabe=(0, 1)),
               round=2, clans=clans, order=("oda", "shimazu", "chosokabe", "uesugi"))
    got = {e.clan: (e.amount, e.rule) for e in run.events(ev.IncomeCollected)}
    assert got == {"oda": (4, "§10.3.2"), "shimazu": (4 + 2, "§10.3.2"),
                   "chosokabe": (4, "§10.3.2"), "uesugi": (4, "§10.3.2")}
    assert not run.events(ev.CostPaid)
    assert run.events(ev.OrderSet)  # [-P3] the order, after the Stipend


def test_stored_koku_returns_to_the_treasury_at_the_start_of_phase_1():
    """[§10.3.1] [§10.3.2-P1] Stored Koku goes back to the Treasury at the
    start of the next round's Planning Phase, before the Stipend."""
    run = game(at("owari", oda=(1, 1)), koku={"oda": 2})
    allocate(run, "oda", ("store", 6))
    to_round(run, 2)
    back = next(e for e in run.events(mev.RiceUnstored) if e.clan == "oda")
    stipend = [e for e in run.events(ev.IncomeCollected) if e.clan == "oda"][-1]
    assert back.amount == 6
    assert index_of(run.g, back) < index_of(run.g, stipend)
    assert run.state.koku["oda"] == 6 + 4 and "oda" not in run.state.stored


def test_allocation_comes_after_reinforcement_in_player_order_and_sows_on_held_provinces():
    """[§10.3.2-P5] [U-30] The Allocation follows Reinforcement (the rule
    text, not the Timing page's Sowing Step in T1.1), in player order; Koku
    is sown only on a province the player controls."""
    run = game(at("owari", oda=(1, 1)), at("mino", oda=(0, 1)),
               at("totomi", oda=(0, 1), tokugawa=(1, 1)))
    asked = []
    play_until(run, lambda r: r.state.phase == "campaign",
               lambda d: asked.append((d.kind, d.context.get("clan"), tuple(d.values())))
               or storing(d))
    kinds = [k for k, _, _ in asked]
    assert max(i for i, k in enumerate(kinds) if k == "reinforce") < kinds.index("allocate")
    order = [c for k, c, _ in asked if k == "allocate"]
    assert order == sorted(order, key=ORDER.index)
    oda = next(v for k, c, v in asked if k == "allocate" and c == "oda")
    assert set(oda) == {"sow:owari", "sow:mino", "store"}  # not contested Tōtōmi
    assert all(k == 0 for k in run.state.koku.values())  # every treasury empty


def test_allocation_choices_are_sealed():
    """[§10.3.1] Storing is done behind the screen: the Allocation's
    decisions are handed over sealed in hot-seat play."""
    run = game(at("owari", oda=(1, 1)))
    d = run.until("allocate", "oda")
    assert d.context.get("sealed")
    run.answer("allocate", "store", "oda")
    assert run.pending.context.get("sealed")


# ---------------------------------------------------------------- Phase 3, Winter

def harvest_of(face, sown=2):
    run = game(at("owari", oda=(1, 0)), at("ise", oda=(0, 1)), koku={"oda": sown - 4},
               harvest=face)
    allocate(run, "oda", ("sow:ise", sown))
    to_round(run, 2)
    return run


def test_tf_10_3_2_a_normal_harvest_doubles_and_the_tokens_go_back():
    """[§10.3.2-W1] TF-10.3-2: harvest roll 4 (Normal), 2 Sown on X, X
    still controlled: +4 to the Treasury; the 2 tokens go to the supply."""
    run = harvest_of(4)
    (h,) = run.events(mev.Harvested)
    assert (h.clan, h.province, h.sown, h.amount, h.face) == ("oda", "ise", 2, 4, 4)
    assert not run.state.sown


def test_tf_10_3_3_famine_yields_one_and_bounty_three():
    """[§10.3.2-W1] TF-10.3-3: a roll of 1-2 is Famine (x1), 3-5 Normal
    (x2), 6 Bountiful (x3)."""
    for face, per in ((1, 1), (2, 1), (3, 2), (5, 2), (6, 3)):
        (h,) = harvest_of(face).events(mev.Harvested)
        assert h.amount == 2 * per, face


def test_one_harvest_roll_for_all_players():
    """[§10.3.2-W1] One player rolls one d6; the result applies to all."""
    run = game(at("owari", oda=(1, 0)), at("ise", oda=(0, 1)),
               at("mikawa", tokugawa=(1, 0)), at("totomi", tokugawa=(0, 1)), harvest=6)
    allocate(run, "oda", ("sow:ise", 4))
    allocate(run, "tokugawa", ("sow:totomi", 4))
    to_round(run, 2)
    harvest_dice = [e for e in run.g.events if type(e).__name__ == "DieRolled"
                    and e.purpose == "harvest"]
    assert len(harvest_dice) == 1
    assert {(h.clan, h.amount) for h in run.events(mev.Harvested)} == {("oda", 12),
                                                                        ("tokugawa", 12)}


def test_tf_10_3_5_spoilage_takes_half_rounded_down_and_spares_stored_koku():
    """[§10.3.2-W3] [U-34] TF-10.3-5: 7 in the Treasury after the costs:
    discard 3, keep 4; the Stored 1 is untouched and returns next Phase 1."""
    # 4 sown x2 = 8, less the upkeep of 2 Bushi (1) = 7
    run = game(at("owari", oda=(1, 1)), at("ise", oda=(0, 1)), koku={"oda": 1})
    allocate(run, "oda", ("sow:ise", 4), ("store", 1))
    to_round(run, 2)
    assert [e.amount for e in in_winter(run, ev.CostPaid) if e.clan == "oda"] == [1]
    (spoiled,) = [e for e in run.events(mev.RiceSpoiled) if e.clan == "oda"]
    assert spoiled.amount == 3
    (back,) = [e for e in run.events(mev.RiceUnstored) if e.clan == "oda"]
    assert back.amount == 1
    assert run.state.koku["oda"] == 4 + 1 + 4  # kept, stored, Stipend


def test_tf_10_3_6_winter_pays_maintenance_and_mountain_provisions():
    """[§10.3.2-W2] TF-10.3-6: 5 Bushi and one mountain province holding 2
    units: 3 (5/2 rounded up) + 1 (the province) + 1 (2/3 rounded up) = 5,
    paid in Winter. [U-32] The first Winter pays (the first-turn exception
    was for Phase 1)."""
    run = game(at("owari", oda=(1, 3)), at("mino", oda=(0, 2)), koku={"oda": 0})
    allocate(run, "oda", ("sow:owari", 4))  # harvest 8
    to_round(run, 2)
    (paid,) = [e for e in in_winter(run, ev.CostPaid) if e.clan == "oda"]
    assert (paid.amount, paid.rule) == (5, "§10.3.2")
    assert [e.amount for e in run.events(mev.RiceSpoiled) if e.clan == "oda"] == [1]  # 3 -> 2


def test_tokugawa_pays_no_mountain_provisions_in_winter():
    """[§10.3.2-W2] [§2.4] Tokugawa immune: maintenance only."""
    run = game(at("shinano", tokugawa=(1, 4)), at("hida", tokugawa=(0, 2)),
               koku={"tokugawa": 0})
    allocate(run, "tokugawa", ("sow:shinano", 4))
    to_round(run, 2)
    (paid,) = [e for e in in_winter(run, ev.CostPaid) if e.clan == "tokugawa"]
    assert paid.amount == 3


def test_a_winter_shortfall_is_bankruptcy_and_stored_koku_is_out_of_reach():
    """[§10.3-c] [§4.2] Stored Koku is out of reach until the next Phase 1:
    a Winter with nothing harvested cannot pay, and 2 Bushi go per Koku."""
    run = game(at("owari", oda=(1, 4)), koku={"oda": 0})
    allocate(run, "oda", ("store", 4))
    to_round(run, 2)
    (b,) = run.events(ev.Bankrupt)
    (back,) = [e for e in run.events(mev.RiceUnstored) if e.clan == "oda"]
    assert back.amount == 4 and index_of(run.g, b) < index_of(run.g, back)
    assert b.short == 2 and sum(b.removed.values()) == 4


# ---------------------------------------------------------------- Phase 2, Raiding

def raid(tokugawa_store=True):
    """Oda sows 2 on Mino; Tokugawa's Daimyō takes Mino in battle."""
    run = game(at("owari", oda=(1, 0)), at("mino", oda=(0, 1)),
               at("shinano", tokugawa=(1, 0)), koku={"oda": 0}, then=sides(tokugawa=6))
    allocate(run, "oda", ("sow:mino", 2), ("store", 2))
    run.until("move-from", "tokugawa")
    run.move("tokugawa", "shinano", "mino", daimyo=1)
    end_moves(run, "tokugawa")
    until_seen(run, ev.ClashEnded)
    return run


def test_tf_10_3_4_the_conqueror_seizes_the_sown_koku():
    """[§10.3.2-C2] [§6.2.7] TF-10.3-4: the attacker that wins and gains
    control takes all Sown Koku there into its Treasury, at the end of
    combat after casualties and control; the owner harvests nothing there."""
    run = raid()
    (r,) = run.events(mev.RiceRaided)
    assert (r.clan, r.province, r.amount) == ("tokugawa", "mino", 2)
    assert run.state.koku["tokugawa"] == 2 and "mino" not in run.state.sown
    ended = run.events(ev.ClashEnded)[0]
    assert index_of(run.g, ended) < index_of(run.g, r)
    to_round(run, 2)
    assert not [h for h in run.events(mev.Harvested) if h.province == "mino"]


def test_raided_koku_spoils_in_winter():
    """[§10.3.2-C2] Raided Koku is in the Treasury, so subject to
    Spoilage: Tokugawa's 2 lose 1."""
    run = raid()
    to_round(run, 2)
    assert [e.amount for e in run.events(mev.RiceSpoiled) if e.clan == "tokugawa"] == [1]


def test_no_raid_without_a_battle_and_sown_koku_on_a_lost_province_is_lost():
    """[U-33] Oda leaves Ise, where it sowed, and Tokugawa walks in: no
    battle, no raid; at the Harvest Ise is not Oda's, so its Sown Koku goes
    back to the supply."""
    run = game(at("owari", oda=(1, 0)), at("ise", oda=(0, 1)), at("iga", tokugawa=(1, 0)))
    allocate(run, "oda", ("sow:ise", 4))
    run.until("move-from", "oda", storing)
    run.move("oda", "ise", "owari", bushi=1)
    end_moves(run, "oda")
    run.until("move-from", "tokugawa")
    run.move("tokugawa", "iga", "ise", daimyo=1)
    end_moves(run, "tokugawa")
    to_round(run, 2)
    assert not run.events(mev.RiceRaided)
    assert not [h for h in run.events(mev.Harvested) if h.clan == "oda"]
    assert not run.state.sown


# ---------------------------------------------------------------- hidden information

def test_stored_koku_is_seen_by_its_seat_alone():
    """[§10.3.1] Stored Koku stays behind the screen: the RiceStored and
    RiceUnstored events are visible only to the storing seat; Sown Koku is
    public; no other seat's view shows another's Koku, stored or not."""
    run = game(at("owari", oda=(1, 0)), at("ise", oda=(0, 1)), koku={"oda": 3})
    allocate(run, "oda", ("sow:ise", 2), ("store", 5))
    stored = run.events(mev.RiceStored)
    assert stored
    for e in stored:
        assert [s for s in run.g.players if e.visible_to(s)] == [e.seat]
        assert e.seat == run.state.seat_of[e.clan]
    assert all(e.visible_to(s) for e in run.events(mev.RiceSown) for s in run.g.players)
    for seat in run.g.players:
        v = KIND.view(run.g, seat)
        mine = run.state.clan_of[seat]
        for c, d in v["clans"].items():
            if c != mine:
                assert d["koku"] is None and not d.get("stored"), (seat, c)
            elif "stored" in d:
                assert d["stored"] == run.state.stored.get(c, 0)
    assert KIND.view(run.g, "b")["clans"]["oda"].get("stored") is None
    assert "stored" not in KIND.status_text(run.g, "b")
    assert "5 Koku stored" in KIND.status_text(run.g, "a")
    to_round(run, 2)
    for e in run.events(mev.RiceUnstored):
        assert [s for s in run.g.players if e.visible_to(s)] == [e.seat]
