"""The eve of war [§2.2]: the strategic regions [§2.2.1], the pick order
(the reverse of a random order) [§2.2.2.1], the regional restriction of the
first three picks [§2.2.2.2] with the rulebook's walkthrough (TF-2.2-1), and
the initial set-up [§2.3]: three Daimyō and one Bushi at home, three Koku,
and no upkeep in the first round."""

from __future__ import annotations

import pytest

from tenkatoitsu.core.decisions import IllegalAnswer
from tenkatoitsu.kinds.clans import events as ev
from tests.clans.helpers import Run, new_game, play_until, script_dice, shipped

WEST = {"shimazu", "otomo", "mori"}
CENTER = {"oda", "tokugawa", "chosokabe"}
EAST = {"takeda", "uesugi", "hojo"}
ALL = WEST | CENTER | EAST
HOMES = {"shimazu": "satsuma", "otomo": "bungo", "mori": "aki", "oda": "owari",
         "tokugawa": "mikawa", "chosokabe": "tosa", "takeda": "kai", "uesugi": "echigo",
         "hojo": "sagami"}


def drafting(n: int, order):
    g = new_game(n)
    script_dice(g, orders=[order])
    return Run(g)


def test_the_three_strategic_regions():
    """[§2.2.1] West: Shimazu, Ōtomo, Mōri; Center: Oda, Tokugawa,
    Chōsokabe; East: Takeda, Uesugi, Hōjō; [§2.4] their home provinces."""
    clans = {c.id: c for c in shipped().clans}
    assert set(clans) == ALL
    for region, members in (("west", WEST), ("center", CENTER), ("east", EAST)):
        assert {c for c in clans if clans[c].region == region} == members
    assert {c: clans[c].home for c in clans} == HOMES


def test_pick_order_is_the_reverse_of_the_random_order():
    """[§2.2.2.1] The player who would act last in the random order picks first."""
    run = drafting(4, ("c", "a", "d", "b"))
    (drawn,) = run.events(ev.PickOrderDrawn)
    assert drawn.order == ("c", "a", "d", "b") and drawn.picks == ("b", "d", "a", "c")
    asked = []
    while run.pending is not None and run.pending.kind == "draft":
        asked.append(run.pending.side)
        run.answer("draft", run.pending.values()[0])
    assert asked == ["b", "d", "a", "c"]


def test_tf_2_2_1_draft_walkthrough():
    """TF-2.2-1 [§2.2.2.2] Random order D→C→B→A, so A picks first: A takes
    Takeda (East); B must take the West or the Center and takes Oda; C must
    take the West and takes Shimazu; D is free to take any clan left."""
    run = drafting(4, ("d", "c", "b", "a"))
    p = run.pending
    assert p.side == "a" and set(p.values()) == ALL
    run.answer("draft", "takeda")
    p = run.pending
    assert p.side == "b" and set(p.values()) == WEST | CENTER
    run.answer("draft", "oda")
    p = run.pending
    assert p.side == "c" and set(p.values()) == WEST
    run.answer("draft", "shimazu")
    p = run.pending
    assert p.side == "d" and set(p.values()) == ALL - {"takeda", "oda", "shimazu"}
    run.answer("draft", "hojo")  # the East again: the restriction is lifted
    assert run.state.clan_of == {"a": "takeda", "b": "oda", "c": "shimazu", "d": "hojo"}
    assert [(e.seat, e.clan, e.region) for e in run.events(ev.ClanDrafted)] == [
        ("a", "takeda", "east"), ("b", "oda", "center"), ("c", "shimazu", "west"),
        ("d", "hojo", "east")]


def test_a_claimed_region_is_refused_during_the_first_three_picks():
    """[§2.2.2.2] The first three picks each come from a different,
    unclaimed region."""
    run = drafting(4, ("d", "c", "b", "a"))
    run.answer("draft", "uesugi")
    with pytest.raises(IllegalAnswer):
        run.answer("draft", "hojo")
    run.answer("draft", "mori")
    with pytest.raises(IllegalAnswer):
        run.answer("draft", "otomo")
    assert set(run.values("draft")) == CENTER


def test_restriction_lifted_for_the_fourth_and_fifth_picks():
    """[§2.2.2.2] Once all three regions are chosen the restriction is lifted
    for any remaining players: with five, the 4th and 5th pick freely, even
    from one region."""
    run = drafting(5, ("a", "b", "c", "d", "e"))
    for seat, clan in (("e", "takeda"), ("d", "oda"), ("c", "shimazu")):
        assert run.pending.side == seat
        run.answer("draft", clan)
    assert run.pending.side == "b"
    assert set(run.values("draft")) == ALL - {"takeda", "oda", "shimazu"}
    run.answer("draft", "uesugi")
    assert run.pending.side == "a"
    assert set(run.values("draft")) == ALL - {"takeda", "oda", "shimazu", "uesugi"}
    run.answer("draft", "hojo")
    assert run.state.clans == ["takeda", "oda", "shimazu", "uesugi", "hojo"]


def drafted(n=4, order=("d", "c", "b", "a"), picks=("takeda", "oda", "shimazu", "hojo")):
    run = drafting(n, order)
    for clan in picks:
        run.answer("draft", clan)
    return run


def test_initial_set_up():
    """[§2.3] Each player places three Daimyō and one Bushi in its clan's
    starting province and receives three Koku."""
    run = drafted()
    st = run.state
    (placed,) = run.events(ev.ClansPlaced)
    assert placed.koku == 3
    assert placed.homes == {c: HOMES[c] for c in ("takeda", "oda", "shimazu", "hojo")}
    for clan in st.clans:
        home = HOMES[clan]
        assert {u: n for u, n in st.units[home][clan].items() if n} == {"daimyo": 3, "bushi": 1}
        assert st.total(clan) == 4 and st.provinces(clan) == [home]
    # (the first decision is already in round 1, after its income: 3 + 4)
    income = {e.clan: e.amount for e in run.events(ev.IncomeCollected)}
    assert all(st.koku[c] == 3 + income[c] for c in st.clans)


def test_the_first_round_is_played_in_the_random_order():
    """[§2.2.2.1] [U-1] The first round's order is the random order the draft
    began with (the designer's note); the option first_order=alphabetical
    uses §4.1's tie-breaks alone."""
    run = drafted()
    assert run.events(ev.OrderSet)[0].order == ("hojo", "shimazu", "oda", "takeda")
    g = new_game(4, first_order="alphabetical")
    script_dice(g, orders=[("d", "c", "b", "a")])
    run = Run(g)
    for clan in ("takeda", "oda", "shimazu", "hojo"):
        run.answer("draft", clan)
    # all tied on provinces (1) and units (4); Shimazu's coastal Satsuma
    # gives it 1 Koku more [§2.4], so it acts last
    assert run.events(ev.OrderSet)[0].order == ("hojo", "oda", "takeda", "shimazu")


def test_no_upkeep_in_the_first_round_only():
    """[§2.3] First turn exception: no upkeep in round 1; [§4.1] from round 2
    each clan pays 1 Koku for its 1 Bushi (rounded up)."""
    run = drafted()
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce")
    years = run.events(ev.YearBegan)
    second = run.g.events.index(years[1])
    upkeep = [(i, e) for i, e in enumerate(run.g.events)
              if isinstance(e, ev.CostPaid) and e.what == "upkeep"]
    assert upkeep and all(i > second for i, _ in upkeep)
    assert sorted(e.clan for _, e in upkeep) == sorted(run.state.clans)
    assert all(e.amount == 1 for _, e in upkeep)
