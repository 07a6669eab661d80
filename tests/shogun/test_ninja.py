"""The ninja [SC-11]: who hires him, no assassination in round 1, the
strike (1-8) and the revenge (9-12), the disrupted army that neither moves
nor attacks but defends without its daimyo, the lost daimyo of a wiped-out
disrupted army, the successor, and the spy of the next round."""

from __future__ import annotations

import pytest

from tenkatoitsu.kinds.shogun import events as ev
from tests.shogun.helpers import (
    Run,
    army,
    from_start,
    hits,
    needs_map,
    passing,
    position,
    prov,
    quiet,
    script_dice,
    sword_draw,
)

pytestmark = needs_map


def table(round=2, **koku):
    """Red's army 1 (level 2) in Mutsu next to Blue's force in Hitachi, his
    army 2 in Dewa; Blue has armies 1 and 2 in the south."""
    return position(
        prov("mutsu", "red", army(1, hole=4, bowman=1, swordsman=1, gunner=2), spearman=1),
        prov("dewa", "red", army(2, bowman=1), spearman=1),
        prov("hitachi", "blue", swordsman=2, spearman=3),
        prov("satsuma", "blue", army(1, bowman=1, swordsman=1, gunner=2), spearman=1),
        prov("osumi", "blue", army(2, bowman=1, gunner=2), spearman=1),
        prov("izumo", "yellow", army(1, bowman=1, swordsman=1, gunner=2), spearman=1),
        round=round, players=("red", "blue", "yellow"), koku=koku)


def hired_by_blue(round=2, order=("red", "blue", "yellow")):
    """Blue bids his 1 koku for the ninja and hires him; the Wage War turns
    go in `order`. Waits at Blue's first chance to strike."""
    g = from_start(table(round, blue=1))
    sword_draw(g, list(order))
    r = Run(g)
    r.answer("plan", [0, 0, 0, 0, 1], side="blue")
    assert g.state.ninja == "blue"
    return g, r


def test_sc_11_4_no_assassination_in_round_1_the_ninja_spies_in_round_2():
    """SC-11.4: a ninja hired in round 1 is never offered a strike; SC-11.11:
    in round 2 his holder plans last and spies."""
    g, r = hired_by_blue(round=1)
    while g.state.round == 1:
        assert r.pending.kind != "ninja"
        r.d.answer(r.pending.values()[0] if r.pending.kind == "plan" else
                   ("done" if "done" in r.pending.values() else r.pending.values()[0]))
    assert not r.events(ev.Assassination)
    r.until("spy")
    assert r.pending.side == "blue"
    planned = [e.house for e in r.events(ev.PlanMade) if e.house]
    assert planned[-2:] == ["red", "yellow"]  # [SC-6.4] the others have planned


def test_sc_11_5_the_holder_may_strike_before_a_wage_war_turn():
    """SC-11.5 / SC-26.4: the ninja's holder is asked before Red's turn; any
    opponent's daimyo is a target, none of his own."""
    _g, r = hired_by_blue()
    p = r.pending
    assert p.kind == "ninja" and p.side == "blue"
    targets = [v for v in p.values() if v not in ("pass", "keep")]
    assert sorted(targets) == ["red-1", "red-2", "yellow-1"]


@pytest.mark.parametrize("roll", [1, 7, 8])
def test_sc_11_6_a_roll_of_8_or_less_assassinates(roll):
    """SC-11.6: 1-8 succeeds; the target's army is disrupted [SC-11.8]; the
    ninja goes back to the master tray."""
    g, r = hired_by_blue()
    script_dice(g, (roll,))
    r.answer("ninja", "red-1", side="blue")
    st = g.state
    assert st.army("red-1").assassinated and st.ninja is None
    (a,) = r.events(ev.Assassination)
    assert (a.roll, a.success) == (roll, True)
    assert not r.events(ev.Revenge)


@pytest.mark.parametrize("roll, revenge, struck", [(9, 9, "blue-2"), (12, 12, "blue-1"),
                                                    (9, 8, None), (10, 1, None)])
def test_sc_11_7_a_failed_strike_and_the_victims_revenge_on_9_to_12(roll, revenge, struck):
    """SC-11.6: 9-12 fails; SC-11.7: the victim rolls, and on 9-12 he
    chooses which of the hirer's daimyos is assassinated; 1-8: nothing."""
    g, r = hired_by_blue()
    script_dice(g, (roll,), (revenge,))
    r.answer("ninja", "red-1", side="blue")
    st = g.state
    assert not st.army("red-1").assassinated and st.ninja is None
    if struck:
        assert sorted(r.values("revenge")) == ["blue-1", "blue-2"]
        r.answer("revenge", struck, side="red")
        assert st.army(struck).assassinated
    (rv,) = r.events(ev.Revenge)
    assert (rv.house, rv.against, rv.roll, rv.target) == ("red", "blue", revenge, struck or "")
    if struck:
        assert [a.id for a in st.living("blue") if a.assassinated] == [struck]
    else:
        assert not [a for a in st.living("blue") if a.assassinated]


def disrupted():
    """Blue's ninja strikes Red's army 1 [7] before Red's turn."""
    g, r = hired_by_blue()
    script_dice(g, (7,))
    r.answer("ninja", "red-1", side="blue")
    return g, r


def test_sc_11_8_a_disrupted_army_neither_moves_nor_declares():
    """SC-11.8 / SC-13.1 / SC-14.8: Red's disrupted army 1 is offered no
    move in Phase A or D and cannot declare a battle; his force can."""
    g, r = disrupted()
    st = g.state
    assert st.current == "red"
    p = r.pending
    assert p.kind != "choose-army" or "red-1" not in p.values()
    r.until("declare", side="red")
    troops = {v.split(">")[0] for v in r.values() if v != "done"}
    assert "red-1" not in troops and "force@mutsu" in troops
    r.answer("declare", "done")
    assert r.pending.kind != "choose-army" or "red-1" not in r.values()
    r.until("declare", side="blue")
    assert st.army("red-1").at == "mutsu"


def test_sc_11_8_a_disrupted_army_defends_but_its_daimyo_does_not_roll():
    """SC-11.8 / SC-16.4: attacked, the disrupted army's units roll with the
    force's; its daimyo does not. SC-26.5: nor is he a casualty while a
    unit is left."""
    g, r = disrupted()
    r.until("declare", side="blue")
    r.answer("declare", "force@hitachi>mutsu")
    script_dice(g, then=lambda n, purpose, side: (12,) * n)  # everyone misses
    m = r.mark
    r.answer("declare", "done")  # the one battle begins at once
    r.until("call-off", side="blue")
    red = [(s, u) for h, s, u, _, _ in hits(r, m) if h == "red"]
    assert red == [(1, "bowman"), (2, "gunner"), (5, "swordsman"), (6, "spearman")]
    assert (6, "spearman") in red
    st = g.state
    n = st.army("red-1").regulars() + st.force_size("mutsu")
    script_dice(g, then=lambda n, purpose, side: (1 if side == "blue" else 12,) * n)
    r.answer("call-off", "continue")
    first = r.pending
    assert first.kind == "casualty" and first.side == "red"
    assert "army:daimyo" not in first.values()
    assert n == 5


def test_sc_11_9_a_disrupted_army_wiped_out_loses_its_daimyo():
    """SC-11.9 / SC-20.1: every unit of the disrupted army eliminated in
    battle: its daimyo is lost, its marker leaves the board."""
    g, r = disrupted()
    r.until("declare", side="blue")
    r.answer("declare", "force@hitachi>mutsu")
    script_dice(g, then=lambda n, purpose, side: (1 if side == "blue" else 12,) * n)
    m = r.mark
    r.answer("declare", "done")
    r.until("declare", side="yellow", choose=lambda p: p.values()[0] if p.kind in (
        "casualty", "place-army") else passing(p))
    st = g.state
    lost = r.events(ev.DaimyoLost, m)
    assert [(e.army, e.rule) for e in lost] == [("red-1", "SC-11.9")]
    assert not st.army("red-1").alive
    assert st.owner["mutsu"] is None and "red" not in st.eliminated


def test_sc_11_9_the_army_gone_while_the_force_holds_the_province():
    """SC-11.9: the army's own units all fall while the force survives: the
    whole army is eliminated and the daimyo is lost; the province stays Red's."""
    g, r = disrupted()
    r.until("declare", side="blue")
    r.answer("declare", "force@hitachi>mutsu")
    # Red's bowman and gunners miss; Blue's swordsmen hit once in step 5 and
    # his spearmen 3 times in step 6: 4 hits against Red's 5 units; Red
    # takes them all from the army and keeps the force's spearman
    script_dice(g, (12,), (12, 12), (1, 12), (12,), (1, 1, 1), (12,))
    m = r.mark
    r.answer("declare", "done")
    r.answers("casualty", "army:bowman", "army:swordsman", "army:gunner", "army:gunner",
              side="red")
    st = g.state
    assert st.army("red-1").regulars() == 0
    r.answer("call-off", "call off", side="blue")
    assert [(e.army, e.rule) for e in r.events(ev.DaimyoLost, m)] == [("red-1", "SC-11.9")]
    assert st.owner["mutsu"] == "red" and st.force_size("mutsu") == 1


def test_sc_11_10_a_successor_next_round_with_experience_reset():
    """SC-11.10 / SC-5.3: the disrupted army survived the round: at the start
    of the next round its daimyo is upright again and its experience marker
    back in the first hole."""
    g, r = disrupted()
    st = g.state
    assert st.army("red-1").hole == 4
    r.until("plan")
    assert st.round == 3
    a = st.army("red-1")
    assert a.alive and not a.assassinated and a.hole == 0
    (s,) = r.events(ev.SuccessorAppointed)
    assert s.army == "red-1"


def test_sc_11_3_a_ninja_kept_strikes_no_more_and_spies_next_round():
    """SC-11.3: one mission only: kept to spy, he is offered no strike for
    the rest of the round, and spies in the next Plan."""
    g, r = hired_by_blue()
    r.answer("ninja", "keep", side="blue")
    while g.state.round == 2:
        assert r.pending.kind != "ninja"
        r.d.answer("done" if "done" in r.values() else r.values()[0])
    r.until("spy", side="blue")


def test_sc_11_11_the_spy_names_one_player_and_the_ninja_goes_back():
    """SC-11.11 / SC-6.4: the spy is shown one player's bins, then the ninja
    returns to the master tray and can be hired again."""
    g = from_start(quiet(koku={"red": 2, "blue": 1, "yellow": 3}, ninja="yellow"))
    r = Run(g)
    r.answer("plan", [0, 0, 2, 0, 0], side="red")
    r.answer("plan", [0, 0, 0, 0, 1], side="blue")
    r.answer("spy", "blue", side="yellow")
    assert r.pending.context["spied"]["bins"]["ninja"] == 1
    r.answer("plan", [0, 0, 0, 0, 3], side="yellow")
    r.until("ninja")
    assert g.state.ninja == "yellow" and g.state.ninja_round == 2  # hired again, 3 > 1
