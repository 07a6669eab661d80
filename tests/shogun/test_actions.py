"""The actions everybody carries out at once [SC-5.2]: Plan [SC-6], Take
Swords [SC-7], Build [SC-8], Levy Units [SC-9], Hire Ronin [SC-10], Hire
Ninja [SC-11.1], Remove Ronin and Collect Koku [SC-22], on positions made
by hand (most of them `quiet`: nobody in reach of anybody)."""

from __future__ import annotations

from itertools import product

import pytest

from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.actions import levy_options, plans
from tenkatoitsu.kinds.shogun.scenario.model import REGULARS
from tenkatoitsu.kinds.shogun.state import BINS, CASTLE, FORTRESS
from tenkatoitsu.kinds.shogun.view import view_of
from tests.shogun.helpers import (
    SEATS,
    Run,
    army,
    from_start,
    needs_map,
    pad,
    placed,
    position,
    prov,
    quiet,
    script_dice,
    sword_draw,
)

pytestmark = needs_map


def bins(**kw) -> list[int]:
    return [kw.get(b, 0) for b in BINS]


# ---------------------------------------------------------------- Action 1: Plan
@pytest.mark.parametrize("koku", [0, 1, 2, 3, 5, 8])
def test_sc_6_2_and_6_3_the_plans_are_every_split_with_build_0_or_2(koku):
    """SC-6.2: all the koku divided among the five bins, none held back;
    SC-6.3: the BUILD bin holds exactly 0 or 2."""
    every = sorted(list(v) for v in product(range(koku + 1), repeat=5)
                   if sum(v) == koku and v[1] in (0, 2))
    assert sorted(o.value for o in plans(koku)) == every
    assert len({repr(o.value) for o in plans(koku)}) == len(every)


def test_sc_6_2_the_plan_decision_offers_every_split_of_the_koku_held():
    """SC-6.2: the decision a player answers offers exactly those splits."""
    g = from_start(quiet(koku={"red": 4, "blue": 3}))
    r = Run(g)
    p = r.pending
    assert p.kind == "plan" and p.side == "red"
    assert sorted(p.values()) == sorted(o.value for o in plans(4))
    assert all(v[1] in (0, 2) and sum(v) == 4 for v in p.values())


def test_sc_6_2_a_sealed_plan_is_seen_by_its_maker_alone():
    """SC-6.2 / SC-5.2: a plan made is sealed: the other seats' views do not
    show it, and the event holding it is visible only to its maker's seat;
    SC-6.5: all bins are revealed together."""
    g = from_start(quiet(koku={"red": 4, "blue": 3, "yellow": 3}))
    r = Run(g)
    before = {s: view_of(g, s) for s in ("blue", "yellow")}
    r.answer("plan", bins(levy=3, ronin=1), side="red")
    for s in ("blue", "yellow"):
        v = view_of(g, s)
        assert "red" not in v["sealed"] and v["bins"] == {}
        assert {k: x for k, x in v.items() if k != "planned"} == \
            {k: x for k, x in before[s].items() if k != "planned"}
    assert view_of(g, "red")["sealed"]["red"] == dict(zip(BINS, bins(levy=3, ronin=1)))
    (sealed,) = r.events(ev.PlanSealed)
    assert sealed.visible_to("red") and not sealed.visible_to("blue")
    assert not sealed.visible_to("yellow")
    public = [e for e in r.events() if e.visible_to("blue")]
    assert not [e for e in public if "levy" in repr(e) and "3" in repr(e)]
    r.answer("plan", bins(swords=3), side="blue")
    r.answer("plan", bins(ninja=3), side="yellow")
    (shown,) = r.events(ev.PlansRevealed)
    assert shown.bins["red"] == dict(zip(BINS, bins(levy=3, ronin=1)))
    assert view_of(g, "blue")["bins"]["red"]["levy"] == 3


def test_sc_6_6_every_koku_in_a_bin_goes_to_the_master_tray():
    """SC-6.6: once the plans are revealed every koku is in the master tray,
    whatever the bins buy (here: one sword bid, nothing else)."""
    g = from_start(quiet(koku={"red": 4, "blue": 3, "yellow": 2}))
    r = Run(g)
    r.answer("plan", bins(levy=4))
    r.answer("plan", bins(swords=3))
    r.answer("plan", bins(ninja=2))
    st = g.state
    assert st.koku == {"red": 0, "blue": 0, "yellow": 0}
    assert st.koku_supply == 30


def test_sc_6_4_the_spy_sees_the_named_players_bins_and_no_one_elses():
    """SC-6.4 / SC-11.11: last round's ninja holder plans last; he names one
    player and is shown that player's bins, he alone."""
    g = from_start(quiet(koku={"red": 4, "blue": 3, "yellow": 3}, ninja="blue"))
    r = Run(g)
    r.answer("plan", bins(levy=2, ninja=2), side="red")
    r.answer("plan", bins(build=2, ronin=1), side="yellow")
    assert sorted(r.values("spy")) == ["red", "yellow"]
    r.answer("spy", "red", side="blue")
    p = r.pending
    assert p.kind == "plan" and p.side == "blue"
    assert p.context["spied"] == {"house": "red", "bins": dict(zip(BINS, bins(levy=2, ninja=2)))}
    (shown,) = r.events(ev.SpyShown)
    assert shown.visible_to("blue") and not shown.visible_to("red")
    assert not shown.visible_to("yellow")
    assert "yellow" not in view_of(g, "blue")["sealed"]
    assert view_of(g, "yellow")["sealed"] == {"yellow": dict(zip(BINS, bins(build=2, ronin=1)))}
    assert g.state.ninja is None  # [SC-6.4] back to the master tray


# ---------------------------------------------------------------- Action 2: Take Swords
def five(**koku):
    return from_start(quiet(players=SEATS, koku=koku))


def plan_swords(r, bids):
    for h in SEATS:
        if bids.get(h):
            r.answer("plan", bins(swords=bids[h]), side=h)


def test_sc_27_1_tied_bidders_choose_in_a_random_order_then_c_then_a_draw():
    """SC-27.1 case 1 / SC-7.2 / SC-26.7: A (red) and B (blue) bid 2, C
    (yellow) 1, D and E nothing. Both A and B want sword 1: the random order
    (here B first) gives B sword 1 and A his second choice, 2; C picks from
    3-5; D and E draw the two left [SC-7.3]."""
    g = five(red=2, blue=2, yellow=1)
    script_dice(g, orders=[["blue", "red"], [5, 4]])
    r = Run(g)
    plan_swords(r, {"red": 2, "blue": 2, "yellow": 1})
    assert r.values("take-sword") == [1, 2, 3, 4, 5]
    r.answer("take-sword", 1, side="blue")
    assert r.values("take-sword") == [2, 3, 4, 5]
    r.answer("take-sword", 2, side="red")
    assert r.values("take-sword") == [3, 4, 5]
    r.answer("take-sword", 3, side="yellow")
    st = g.state
    assert st.sword == {"blue": 1, "red": 2, "yellow": 3, "green": 5, "orange": 4}
    how = {e.house: e.how for e in r.events(ev.SwordPicked)}
    assert how == {"blue": "chooses", "red": "chooses", "yellow": "chooses",
                   "green": "draws", "orange": "draws"}
    assert st.koku_supply == 30  # [SC-7.4] the bids are in the master tray


@pytest.mark.parametrize("first", ["red", "blue"])
def test_sc_27_1_tied_bidders_whose_wishes_differ_each_take_their_choice(first):
    """SC-27.1 case 2: A wants 1 and B wants 5: whichever order the draw
    gives, each takes his choice."""
    g = five(red=2, blue=2, yellow=1)
    script_dice(g, orders=[[first, "blue" if first == "red" else "red"]])
    r = Run(g)
    plan_swords(r, {"red": 2, "blue": 2, "yellow": 1})
    want = {"red": 1, "blue": 5}
    for _ in range(2):
        r.answer("take-sword", want[r.pending.side])
    assert g.state.sword["red"] == 1 and g.state.sword["blue"] == 5


def test_sc_26_7_three_tied_bidders_choose_in_the_order_of_the_draw():
    """SC-26.7: tied players choose one after another in a random order
    (the game's seeded shuffle); the higher bid always chooses first
    [SC-7.1]."""
    g = five(red=1, blue=1, yellow=1, green=3)
    script_dice(g, orders=[["yellow", "red", "blue"]])
    r = Run(g)
    plan_swords(r, {"red": 1, "blue": 1, "yellow": 1, "green": 3})
    order = []
    while r.pending.kind == "take-sword":
        order.append(r.pending.side)
        r.d.answer(r.values()[-1])
    assert order == ["green", "yellow", "red", "blue"]
    assert g.state.sword["orange"] == 1  # the one left, drawn
    assert g.state.sword["green"] == 5


def test_sc_7_5_the_sword_order_is_the_order_of_wage_war():
    """SC-7.5 / SC-12.1: the Wage War turns follow this round's swords."""
    g = from_start(quiet(players=SEATS[:3]))
    sword_draw(g, ["yellow", "red", "blue"])
    r = Run(g)
    r.to_end()
    turns = [e.house for e in r.events(ev.WarTurn)][:3]
    assert turns == ["yellow", "red", "blue"]


# ---------------------------------------------------------------- Action 3: Build
def test_sc_8_1_a_castle_then_a_fortress_on_it():
    """SC-8.1: 2 koku in BUILD buy a castle in a province without one, or a
    fortification base on a castle, which makes a fortress."""
    g = from_start(quiet(koku={"red": 2}, round=2))
    sword_draw(g, ["red", "blue", "yellow"])
    r = Run(g)
    r.answer("plan", bins(build=2), side="red")
    assert sorted(r.values("build")) == ["castle:dewa", "castle:mutsu", "castle:shimotsuke"]
    r.answer("build", "castle:dewa")
    st = g.state
    assert st.castle["dewa"] == CASTLE and st.castles_left == 9
    # the next round: 3 koku collected; 2 of them build again
    r.until("plan", side="red")
    assert g.state.round == 3
    r.answer("plan", bins(build=2, levy=1), side="red")
    r.until("build")
    options = r.values("build")
    assert "fortress:dewa" in options and "castle:dewa" not in options
    r.answer("build", "fortress:dewa")
    assert st.castle["dewa"] == FORTRESS and st.fortresses_left == 4 and st.castles_left == 9
    built = [e for e in r.events(ev.Built)]
    assert [(e.province, e.what) for e in built] == [("dewa", "castle"), ("dewa", "fortress")]


def test_sc_8_4_a_castle_shortage_is_served_in_sword_order():
    """SC-8.4: one castle left and two builders: the first in sword order
    builds, the other loses his 2 koku."""
    castled = tuple(prov(p, "yellow", spearman=1, castle=CASTLE) for p in
                    ("hoki", "bingo", "aki", "suo", "nagato", "bizen", "bitchu", "mimasaka",
                     "inaba"))
    start = quiet(koku={"red": 2, "blue": 2})
    start = position(*start.provinces, *castled, players=start.players, koku=start.koku)
    g = from_start(start)
    sword_draw(g, ["blue", "red", "yellow"])
    r = Run(g)
    r.answer("plan", bins(build=2), side="red")
    r.answer("plan", bins(build=2), side="blue")
    assert g.state.castles_left == 1
    r.answer("build", "castle:satsuma", side="blue")
    r.answer("build", "castle:mutsu", side="red")  # still offered: all choose at once
    st = g.state
    assert st.castle["satsuma"] == CASTLE and st.castle["mutsu"] == 0
    assert st.castles_left == 0
    lost = [(e.house, e.koku, e.rule) for e in r.events(ev.KokuLost)]
    assert lost == [("red", 2, "SC-8.4")]
    assert [e.house for e in r.events(ev.Built)] == ["blue"]


def test_sc_8_4_no_fortification_base_left():
    """SC-8.4 / SC-1.5: with the 5 bases used, a castle cannot become a
    fortress; a castle elsewhere is still offered."""
    forts = tuple(prov(p, "yellow", spearman=1, castle=FORTRESS) for p in
                  ("hoki", "bingo", "aki", "suo", "nagato"))
    start = quiet(koku={"red": 2})
    provinces = [prov("mutsu", "red", army(1, bowman=1), spearman=1, castle=CASTLE)] + \
        [p for p in start.provinces if p.id != "mutsu"] + list(forts)
    g = from_start(position(*provinces, players=start.players, koku=start.koku))
    r = Run(g)
    r.answer("plan", bins(build=2), side="red")
    assert g.state.fortresses_left == 0
    assert sorted(r.values("build")) == ["castle:dewa", "castle:shimotsuke"]


def test_sc_8_2_at_most_one_build_a_round():
    """SC-8.2 / SC-6.3: the BUILD bin holds 0 or 2, so one build at most: a
    player with 8 koku builds once in a round."""
    g = from_start(quiet(koku={"red": 8}))
    r = Run(g)
    assert max(v[1] for v in r.values("plan")) == 2
    r.answer("plan", bins(build=2, levy=6))
    r.answer("build", "castle:mutsu")
    assert r.pending.kind != "build"
    assert len(r.events(ev.Built)) == 1


# ---------------------------------------------------------------- Action 4: Levy Units
def levy_table(tray=None, koku=2, **kw):
    """Red with ten provinces, army 1 in Mutsu; the position on the table."""
    more = ("hitachi", "kozuke", "echigo", "sado", "shimosa", "kazusa", "awa-honshu")
    start = pad(quiet(koku={"red": koku}, **kw), red=more)
    g = placed(start)
    if tray:
        g.state.tray["red"].update(tray)
    return g


def cost(pick: dict) -> int:
    """SC-9.1 / SC-26.6 as the rules write it: bowmen + ceil((swordsmen +
    gunners) / 2) + ceil(spearmen / 3)."""
    sg = pick.get("swordsman", 0) + pick.get("gunner", 0)
    return pick.get("bowman", 0) + -(-sg // 2) + -(-pick.get("spearman", 0) // 3)


def reachable(g, koku: int) -> set[tuple]:
    """Every levy (a count of each unit type) the options allow, by trying
    every unit type at each pick."""
    seen, todo = set(), [[]]
    while todo:
        picked = todo.pop()
        key = tuple(sorted(u for u, _ in picked))
        if key in seen:
            continue
        seen.add(key)
        by_unit = {}
        for o in levy_options(g, "red", koku, picked):
            u, _, where = o.value.partition("@")
            by_unit.setdefault(u, (u, where))
        for u, where in by_unit.items():
            todo.append(picked + [(u, where)])
    return seen


@pytest.mark.parametrize("koku", [1, 2])
def test_sc_9_1_what_the_levy_koku_buy(koku):
    """SC-9.1 / SC-26.6: one koku buys 1 bowman, 2 swordsmen, 2 gunners, a
    swordsman and a gunner, or 3 spearmen (or fewer: the rest is lost);
    more koku buy the sum."""
    g = levy_table(koku=koku)
    got = reachable(g, koku)
    every = set()
    for b, s, gu, sp in product(range(koku + 1), range(2 * koku + 1), range(2 * koku + 1),
                                range(3 * koku + 1)):
        pick = {"bowman": b, "swordsman": s, "gunner": gu, "spearman": sp}
        if cost(pick) <= koku:
            every.add(tuple(sorted(u for u, n in pick.items() for _ in range(n))))
    assert got == every
    if koku == 1:
        assert ("bowman",) in got and ("bowman", "bowman") not in got
        assert ("gunner", "swordsman") in got
        assert ("spearman", "spearman", "spearman") in got
        assert ("bowman", "spearman") not in got and ("gunner", "gunner", "swordsman") not in got


def test_sc_9_4_one_unit_per_province_never_both_army_and_force():
    """SC-9.4: a province takes one levied unit: into its force, or onto the
    army standing there, not both."""
    g = levy_table(koku=5)
    first = [o.value for o in levy_options(g, "red", 5, [])]
    assert "bowman@mutsu" in first and "bowman@red-1" in first
    after_army = [o.value for o in levy_options(g, "red", 5, [("bowman", "red-1")])]
    assert not [v for v in after_army if v.endswith(("@mutsu", "@red-1"))]
    after_force = [o.value for o in levy_options(g, "red", 5, [("bowman", "mutsu")])]
    assert not [v for v in after_force if v.endswith(("@mutsu", "@red-1"))]
    assert [v for v in after_force if v.endswith("@dewa")]


def test_sc_9_6_the_army_cards_squares_4_s_and_10_a():
    """SC-9.6 / SC-3.3: bowmen and swordsmen fill the 4 S squares, gunners
    and spearmen the 10 A squares; a full row takes no more."""
    start = quiet(koku={"red": 4})
    provinces = [prov("mutsu", "red", army(1, bowman=2, swordsman=2, gunner=4), spearman=1)] + \
        [p for p in start.provinces if p.id != "mutsu"]
    g = placed(position(*provinces, players=start.players, koku=start.koku))
    opts = [o.value for o in levy_options(g, "red", 4, [])]
    assert not [v for v in opts if v in ("bowman@red-1", "swordsman@red-1")]
    assert "gunner@red-1" in opts and "spearman@red-1" in opts
    provinces[0] = prov("mutsu", "red", army(1, bowman=1, gunner=4, spearman=6), spearman=1)
    g = placed(position(*provinces, players=start.players, koku=start.koku))
    opts = [o.value for o in levy_options(g, "red", 4, [])]
    assert not [v for v in opts if v in ("gunner@red-1", "spearman@red-1")]
    assert "bowman@red-1" in opts and "swordsman@red-1" in opts


def test_sc_9_6_a_provincial_force_of_five_takes_no_more():
    """SC-9.6 / SC-3.4: a provincial force never goes above 5 units."""
    start = quiet(koku={"red": 4})
    provinces = [p for p in start.provinces if p.id != "dewa"] + \
        [prov("dewa", "red", spearman=3, gunner=2)]
    g = placed(position(*provinces, players=start.players, koku=start.koku))
    opts = [o.value for o in levy_options(g, "red", 4, [])]
    assert not [v for v in opts if v.endswith("@dewa")]
    assert [v for v in opts if v.endswith("@shimotsuke")]


def test_sc_9_3_only_units_in_the_tray():
    """SC-9.3: units come only from the player's own tray: with one gunner
    left, one gunner can be levied."""
    g = levy_table(koku=3, tray={"bowman": 0, "gunner": 1})
    opts = [o.value for o in levy_options(g, "red", 3, [])]
    assert not [v for v in opts if v.startswith("bowman@")]
    assert [v for v in opts if v.startswith("gunner@")]
    again = [o.value for o in levy_options(g, "red", 3, [("gunner", "dewa")])]
    assert not [v for v in again if v.startswith("gunner@")]


def test_sc_9_2_levied_units_come_from_the_tray_and_are_placed():
    """SC-9.2: the units chosen leave the tray and stand where they were
    sent: the army card or the province's force."""
    g = from_start(quiet(koku={"red": 2}))
    r = Run(g)
    r.answer("plan", bins(levy=2))
    tray = dict(g.state.tray["red"])
    r.answers("levy", "bowman@red-1", "spearman@dewa", "done")
    st = g.state
    assert st.army("red-1").units["bowman"] == 2 and st.force["dewa"]["spearman"] == 2
    assert st.tray["red"]["bowman"] == tray["bowman"] - 1
    assert st.tray["red"]["spearman"] == tray["spearman"] - 1


# ---------------------------------------------------------------- Action 5: Hire Ronin
def test_sc_10_1_two_ronin_for_each_koku():
    """SC-10.1: each koku in HIRE RONIN hires 2 ronin from the master tray."""
    g = from_start(quiet(koku={"red": 2}))
    r = Run(g)
    r.answer("plan", bins(ronin=2))
    (hired,) = r.events(ev.RoninHired)
    assert (hired.house, hired.ronin) == ("red", 4)
    assert g.state.ronin_supply == 26 - 4 and g.state.in_hand["red"] == 4


def test_sc_10_2_and_26_8_a_shortage_in_sword_order_with_partial_pairs():
    """SC-10.2 / SC-26.8: 26 ronin; blue (sword 1) asks 10 koku = 20 ronin
    and gets them; red (sword 2) asks 5 koku = 10 and gets the 3 pairs
    left, losing 2 koku; yellow (sword 3) gets none and loses his koku."""
    g = from_start(quiet(koku={"red": 5, "blue": 10, "yellow": 1}))
    sword_draw(g, ["blue", "red", "yellow"])
    r = Run(g)
    r.answer("plan", bins(ronin=5), side="red")
    r.answer("plan", bins(ronin=10), side="blue")
    r.answer("plan", bins(ronin=1), side="yellow")
    hired = {e.house: e.ronin for e in r.events(ev.RoninHired)}
    assert hired == {"blue": 20, "red": 6}
    lost = {e.house: e.koku for e in r.events(ev.KokuLost) if e.rule == "SC-10.2"}
    assert lost == {"red": 2, "yellow": 1}


def test_sc_26_8_option_no_partial_pairs():
    """SC-26.8 as an option: with `partial_ronin` off, red, who cannot be
    served in full, hires no ronin and loses all 5 koku [SC-10.2]; the 6
    left then serve yellow's 1 koku."""
    g = from_start(quiet(koku={"red": 5, "blue": 10, "yellow": 1}), partial_ronin=False)
    sword_draw(g, ["blue", "red", "yellow"])
    r = Run(g)
    r.answer("plan", bins(ronin=5), side="red")
    r.answer("plan", bins(ronin=10), side="blue")
    r.answer("plan", bins(ronin=1), side="yellow")
    hired = {e.house: e.ronin for e in r.events(ev.RoninHired)}
    assert hired == {"blue": 20, "yellow": 2}
    lost = {e.house: e.koku for e in r.events(ev.KokuLost) if e.rule == "SC-10.2"}
    assert lost == {"red": 5}


def test_sc_10_5_a_troop_of_one_unit_takes_no_ronin():
    """SC-10.5: at most (military units - 1) ronin with a troop: a lone
    spearman takes none; army 1 (daimyo + 4) takes 4."""
    g = from_start(quiet(koku={"red": 3}))
    r = Run(g)
    r.answer("plan", bins(ronin=3))
    opts = r.values("ronin")
    assert {(p, t) for p, t, _ in opts} == {("mutsu", "army")}
    assert max(k for _, _, k in opts) == 4
    r.answer("ronin", ["mutsu", "army", 4])
    # the 2 ronin no troop may take go back to the master tray
    assert g.state.ronin_supply == 26 - 4
    assert sum(x.total() for x in g.state.hidden["red"].values()) == 4


def test_sc_10_3_hidden_ronin_are_seen_by_their_owner_alone():
    """SC-10.3: ronin go face down on province cards: the other seats see
    how many cards and ronin on each, not where; the event that says where
    is visible to the owner's seat alone."""
    g = from_start(quiet(koku={"red": 2, "blue": 1}))
    r = Run(g)
    r.answer("plan", bins(ronin=2), side="red")
    r.answer("plan", bins(ronin=1), side="blue")
    before = view_of(g, "yellow")
    r.answer("ronin", ["mutsu", "army", 3], side="red")  # the last one follows alone
    assert view_of(g, "yellow") == before  # nothing of red's choice shows yet
    r.answer("ronin", ["satsuma", "army", 2], side="blue")
    (sealed,) = [e for e in r.events(ev.RoninSealed) if e.house == "red"]
    assert sealed.visible_to("red") and not sealed.visible_to("blue")
    assert not sealed.visible_to("yellow")
    for s in ("blue", "yellow"):
        v = view_of(g, s)
        assert v["face_down"]["red"] == [4]
        assert not [row for row in v["provinces"] if "red" in row.get("hidden", {})]
    mine = view_of(g, "red")
    (row,) = [row for row in mine["provinces"] if row["id"] == "mutsu"]
    assert row["hidden"] == {"red": [4, 0]}


def test_sc_22_1_remove_ronin_returns_every_hired_ronin():
    """SC-22.1: in Action 8 every hired ronin goes back to the master tray,
    from face-down cards, army cards and provinces."""
    g = from_start(quiet(koku={"red": 3, "blue": 2}))
    r = Run(g)
    r.answer("plan", bins(ronin=3), side="red")
    r.answer("plan", bins(ronin=2), side="blue")
    r.answer("ronin", ["mutsu", "army", 4], side="red")
    r.answer("ronin", ["satsuma", "army", 4], side="blue")
    assert g.state.ronin_supply == 26 - 8
    r.until("plan")
    st = g.state
    assert st.round == 3
    assert st.ronin_supply == 26 and all(not h for h in st.hidden.values())
    assert all(a.ronin == 0 for h in st.houses for a in st.armies[h])
    assert [e.ronin for e in r.events(ev.RoninLeft)] == [8]


# ---------------------------------------------------------------- Action 6: Hire Ninja
def test_sc_11_1_the_strictly_highest_bid_hires_the_ninja():
    """SC-11.1: the highest bid hires the ninja; every other bidder loses
    his koku."""
    g = from_start(quiet(koku={"red": 3, "blue": 2, "yellow": 1}))
    r = Run(g)
    r.answer("plan", bins(ninja=3))
    r.answer("plan", bins(ninja=2))
    r.answer("plan", bins(ninja=1))
    st = g.state
    assert st.ninja == "red" and st.ninja_round == 2
    (hired,) = r.events(ev.NinjaHired)
    assert (hired.house, hired.bid) == ("red", 3)
    lost = {e.house: e.koku for e in r.events(ev.KokuLost)}
    assert lost == {"blue": 2, "yellow": 1}


def test_sc_11_1_a_tie_for_the_highest_bid_hires_nobody():
    """SC-11.1: two tied highest bids: nobody hires the ninja and all
    bidders lose their koku."""
    g = from_start(quiet(koku={"red": 2, "blue": 2, "yellow": 1}))
    r = Run(g)
    r.answer("plan", bins(ninja=2))
    r.answer("plan", bins(ninja=2))
    r.answer("plan", bins(ninja=1))
    assert g.state.ninja is None
    (hired,) = r.events(ev.NinjaHired)
    assert hired.house == ""
    assert {e.house: e.koku for e in r.events(ev.KokuLost)} == {"red": 2, "blue": 2,
                                                                   "yellow": 1}


# ---------------------------------------------------------------- Action 9: Collect Koku
def test_sc_22_2_koku_collected_at_the_end_of_the_round():
    """SC-22.2: each player collects floor(cards / 3), at least 3, for the
    next round's plan [SC-22.3]."""
    g = from_start(quiet(koku={"red": 1}))
    r = Run(g)
    r.answer("plan", bins(levy=1))
    r.until("plan")
    assert g.state.koku == {"red": 3, "blue": 3, "yellow": 3}
    (got,) = r.events(ev.KokuCollected)
    assert got.koku == {"red": 3, "blue": 3, "yellow": 3}
    assert g.state.koku_supply == 30 - 9


def test_regular_units_counted_on_the_board():
    """SC-4.1 / SC-1.2: a position takes its units from the trays: every
    colour still has its box's units."""
    g = placed(quiet())
    st = g.state
    for h in st.houses:
        p = st.pieces(h)
        assert p == {"bowman": 11, "swordsman": 11, "gunner": 11, "spearman": 36}
        assert set(p) == set(REGULARS)
