"""One battle [SC-15]-[SC-18]: the combat steps in order, d12 hits on the
unit's value or less, hits that build up until the removal steps, the
casualties each owner chooses (bonus units first, the daimyo last, the
ronin limit kept), the castle's and the fortress's bonus defenders and how
long they last, the naval first strike, and the ways a battle ends."""

from __future__ import annotations

import pytest

from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.combat import ATTACKER, DEFENDER, FORCE, Battle
from tenkatoitsu.kinds.shogun.state import CASTLE, FORTRESS
from tests.shogun.helpers import (
    army,
    hits,
    needs_map,
    placed,
    position,
    prov,
    script_dice,
    sides,
    units,
    war,
)

pytestmark = needs_map

MISS = sides()  # every die 12


def to_phase_b(r, house="red"):
    r.until("declare", side=house)


def fight(r, declare, *rolls, then=None):
    """Declare one battle, which then begins at once, with these dice."""
    script_dice(r.g, *rolls, then=then)
    m = r.mark
    r.answer("declare", declare)
    if r.pending is not None and r.pending.kind == "declare":
        r.answer("declare", "done")
    return m


def casualties(r, m):
    return [(e.house, e.troop, e.unit) for e in r.events(ev.Casualty, m)]


# ---------------------------------------------------------------- the combat steps
def test_sc_16_1_the_steps_of_a_combat_round_in_order():
    """SC-16.1 / SC-16.2: bowmen, gunners, (removal), daimyos, swordsmen and
    ronin, spearmen, (removal), then the attacker may call off; in each step
    both sides roll, one die per unit of the type; a type neither side has
    is skipped. The attacker's hidden ronin are revealed and roll
    [SC-15.4]."""
    _g, r = war(
        prov("mino", "red", army(1, bowman=1, gunner=1, swordsman=1, spearman=1), spearman=1),
        prov("hida", "blue", army(1, bowman=1, gunner=2, swordsman=1, spearman=1),
             spearman=2),
        koku={"red": 1})
    r.answer("plan", [0, 0, 0, 1, 0], side="red")
    r.answer("ronin", ["mino", "army", 2], side="red")
    to_phase_b(r)
    m = fight(r, "red-1>hida", then=MISS)
    assert r.pending.kind == "call-off" and r.pending.side == "red"
    got = [(h, s, u, len(d)) for h, s, u, d, _ in hits(r, m)]
    assert got == [("red", 1, "bowman", 1), ("blue", 1, "bowman", 1),
                   ("red", 2, "gunner", 1), ("blue", 2, "gunner", 2),
                   ("red", 4, "daimyo", 1), ("blue", 4, "daimyo", 1),
                   ("red", 5, "swordsman", 1), ("red", 5, "ronin", 2),
                   ("blue", 5, "swordsman", 1),
                   ("red", 6, "spearman", 1), ("blue", 6, "spearman", 3)]
    (shown,) = r.events(ev.RoninRevealed, m)
    assert (shown.house, shown.army) == ("red", 2)
    r.answer("call-off", "call off")
    (end,) = r.events(ev.BattleEnded, m)
    assert end.rounds == 1 and not end.success


@pytest.mark.parametrize("unit, value", [("bowman", 6), ("gunner", 4), ("swordsman", 5),
                                         ("spearman", 4), ("daimyo", 6), ("ronin", 5)])
def test_sc_16_3_a_hit_is_a_roll_of_the_value_or_less(unit, value):
    """SC-3.1 / SC-0.4: a d12 of the unit's combat value or less hits;
    value + 1 misses (bowman 6, gunner 4, swordsman and ronin 5, spearman
    4, daimyo 6)."""
    _g, r = war(
        prov("mino", "red", army(1, bowman=2, gunner=2, swordsman=2, spearman=2)),
        prov("hida", "blue", army(1, spearman=9), spearman=5), koku={"red": 1})
    r.answer("plan", [0, 0, 0, 1, 0], side="red")
    r.answer("ronin", ["mino", "army", 2], side="red")
    to_phase_b(r)
    faces = {u: (value, value + 1) if u == unit else None for u in
             ("bowman", "gunner", "swordsman", "spearman", "daimyo", "ronin")}

    def dice(n, purpose, side):
        u = purpose.split()[0]
        if side == "red" and faces.get(u):
            return faces[u][:n] if n == 2 else faces[u][:1]
        return (12,) * n
    m = fight(r, "red-1>hida", then=dice)
    r.all("casualty", side="blue")
    got = {u: (d, n) for h, s, u, d, n in hits(r, m) if h == "red"}
    want = (value, value + 1) if unit != "daimyo" else (value,)
    assert got[unit] == (want, 1)
    assert all(n == 0 for u, (d, n) in got.items() if u != unit)


def test_sc_16_3_hits_build_up_and_a_unit_hit_still_rolls_before_removal():
    """SC-16.3: hits are applied at the removal steps; a spearman hit in
    step 5 still rolls in step 6; a unit removed in step 3 does not roll
    again."""
    g, r = war(prov("mino", "red", gunner=2, swordsman=1, spearman=1),
               prov("hida", "blue", spearman=2))
    to_phase_b(r)
    # step 2: one gunner hits -> Blue removes a spearman in step 3;
    # step 5: the swordsman hits Blue's last spearman, which rolls in step 6
    # anyway [1] and hits; step 7 removes both sides' casualties
    m = fight(r, "force@mino>hida", (1, 12), (1,), (12,), (1,))
    assert hits(r, m) == [("red", 2, "gunner", (1, 12), 1), ("red", 5, "swordsman", (1,), 1),
                          ("red", 6, "spearman", (12,), 0), ("blue", 6, "spearman", (1,), 1)]
    r.answer("casualty", "force:spearman", side="red")
    assert casualties(r, m) == [("blue", "force", "spearman"), ("red", "force", "spearman"),
                                ("blue", "force", "spearman")]
    assert g.state.owner["hida"] is None


def test_sc_16_3_hits_beyond_the_enemy_units_are_wasted():
    """SC-16.3 / SC-17.1: 3 hits on a lone spearman remove it; the battle
    ends (A) at the removal step [SC-16.5]."""
    _g, r = war(prov("mino", "red", gunner=3), prov("hida", "blue", spearman=1))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", (1, 1, 1))
    assert casualties(r, m) == [("blue", "force", "spearman")]
    (end,) = r.events(ev.BattleEnded, m)
    assert end.rounds == 1 and end.success
    assert [u for h, *_ in hits(r, m) for u in [h]] == ["red"]  # Blue's spearman never rolled


# ---------------------------------------------------------------- casualties
def test_sc_17_1_each_owner_chooses_his_own_casualties():
    """SC-17.1: the casualty decision goes to the side that was hit."""
    _g, r = war(prov("mino", "red", bowman=1, gunner=1, spearman=2),
               prov("hida", "blue", bowman=1, swordsman=1, spearman=2))
    to_phase_b(r)
    fight(r, "force@mino>hida", (1,), (1,), (12,))
    p = r.pending
    assert p.kind == "casualty" and p.side == "red"
    assert sorted(p.values()) == ["force:bowman", "force:gunner", "force:spearman"]
    r.answer("casualty", "force:gunner")
    p = r.pending
    assert p.kind == "casualty" and p.side == "blue"
    assert sorted(p.values()) == ["force:bowman", "force:spearman", "force:swordsman"]


def test_sc_17_4_the_daimyo_last_after_every_army_and_force_unit():
    """SC-17.4: a side with an army removes its daimyo last: in a defending
    double-troop province after every army and force unit."""
    g, r = war(prov("mino", "red", gunner=3, bowman=1),
               prov("hida", "blue", army(1, gunner=1), spearman=1))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", (1,), (1, 1, 1), (12,))
    p = r.pending
    assert p.kind == "casualty" and p.side == "blue"
    assert "army:daimyo" not in p.values()
    assert sorted(p.values()) == ["army:gunner", "force:spearman"]
    r.answer("casualty", "force:spearman")
    assert [u for _, _, u in casualties(r, m)] == ["spearman", "gunner", "daimyo"]
    assert not g.state.army("blue-1").alive  # [SC-17.6] [SC-20.1] lost


def test_sc_17_3_bonus_units_first():
    """SC-17.3: a defender with bonus units removes them all before any
    regular unit (here a castle's 4 spearmen)."""
    _g, r = war(prov("mino", "red", gunner=5),
               prov("hida", "blue", army(1, gunner=2), castle=CASTLE, spearman=1))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", (1, 1, 1, 1, 1), (12, 12), then=MISS)
    removed = casualties(r, m)
    assert removed[:4] == [("blue", "bonus", "spearman")] * 4
    p = r.pending
    assert p.kind == "casualty" and p.side == "blue"
    assert sorted(p.values()) == ["army:gunner", "force:spearman"]


def ronin_battle(ronin=2, **army_units):
    """Red's army (with `ronin` revealed ronin) attacks Blue's Hida: the
    battle as the rules read it, without dice."""
    g = placed(position(prov("mino", "red", army(1, **army_units)),
                        prov("hida", "blue", spearman=3),
                        prov("izumo", "yellow", spearman=1),
                        players=("red", "blue", "yellow")))
    g.state.army("red-1").ronin = ronin
    g.state.ronin_supply -= ronin
    return g, Battle(g, "red", "red-1", "mino", "hida")


def test_sc_17_5_the_ronin_limit_holds_after_the_casualties():
    """SC-17.5 / SC-10.5: daimyo + 2 swordsmen with 2 ronin: one casualty
    cannot be a swordsman (2 ronin with 2 military units); with two hits a
    swordsman may go if a ronin follows."""
    _g, b = ronin_battle(ronin=2, swordsman=2)
    assert b.candidates(ATTACKER, 1) == [("army", "ronin")]
    assert sorted(b.candidates(ATTACKER, 2)) == [("army", "ronin"), ("army", "swordsman")]
    b.remove(ATTACKER, "army", "swordsman")
    assert b.candidates(ATTACKER, 1) == [("army", "ronin")]


def test_sc_17_5_fortress_ronin_are_not_held_to_the_limit():
    """SC-17.5: the exception: a fortress's 5 bonus ronin stand with a lone
    spearman and are removed first all the same."""
    g = placed(position(prov("mino", "red", gunner=5),
                        prov("hida", "blue", castle=FORTRESS, spearman=1),
                        prov("izumo", "yellow", spearman=1), players=("red", "blue", "yellow")))
    g.state.bonus["hida"] = 5
    b = Battle(g, "red", FORCE, "mino", "hida")
    assert b.excess(DEFENDER) == 0
    assert b.candidates(DEFENDER, 1) == [("bonus", "ronin")]
    assert b.total(DEFENDER) == 6


# ---------------------------------------------------------------- castles and fortresses
def test_sc_18_1_a_castle_adds_4_spearmen_rolling_in_step_6():
    """SC-18.1 / SC-18.2: a castle's 4 bonus spearmen defend and roll in step
    6 with the defender's spearmen."""
    _g, r = war(prov("mino", "red", swordsman=1), prov("hida", "blue", castle=CASTLE,
                                                       spearman=1))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", then=MISS)
    (b,) = r.events(ev.BonusDefenders, m)
    assert (b.province, b.unit, b.count) == ("hida", "spearman", 4)
    rolled = [(h, s, u, len(d)) for h, s, u, d, _ in hits(r, m)]
    assert ("blue", 6, "spearman", 5) in rolled


def test_sc_18_1_a_fortress_adds_5_ronin_rolling_in_step_5():
    """SC-18.1 / SC-18.2: a fortress gives 5 ronin instead, rolling in step 5
    with value 5; they are not taken from the hirable ronin [SC-26.11]."""
    g, r = war(prov("mino", "red", swordsman=1), prov("hida", "blue", castle=FORTRESS,
                                                       spearman=1))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", then=MISS)
    (b,) = r.events(ev.BonusDefenders, m)
    assert (b.unit, b.count) == ("ronin", 5)
    rolled = [(h, s, u, len(d)) for h, s, u, d, _ in hits(r, m)]
    assert ("blue", 5, "ronin", 5) in rolled and ("blue", 6, "spearman", 1) in rolled
    assert g.state.ronin_supply == 26


def test_sc_18_3_bonus_units_last_through_the_attackers_turn_only():
    """SC-18.3: Red's second attack on the castle in his turn meets the 2
    bonus spearmen left by the first; Yellow, attacking in his own turn,
    meets 4 again."""
    g, r = war(prov("mino", "red", gunner=2), prov("etchu", "red", swordsman=2),
               prov("hida", "blue", castle=CASTLE, spearman=2),
               prov("echizen", "yellow", army(1, bowman=1), swordsman=2),
               order=("red", "yellow", "blue"))
    to_phase_b(r)
    r.answers("declare", "force@mino>hida", "force@etchu>hida")
    script_dice(g, (1, 1), then=MISS)
    m = r.mark
    r.answer("next-battle", 0, side="red")
    r.answer("call-off", "call off")
    assert g.state.bonus["hida"] == 2
    r.answer("call-off", "call off")  # the second battle began at once
    assert [e.count for e in r.events(ev.BonusDefenders, m)] == [4, 2]
    r.until("declare", side="yellow")
    assert g.state.bonus == {}
    m3 = fight(r, "force@echizen>hida", then=MISS)
    (b,) = r.events(ev.BonusDefenders, m3)
    assert b.count == 4


def test_sc_18_4_an_empty_province_with_a_castle_has_no_defenders():
    """SC-18.4 / SC-15.3: a castle in an empty province defends nothing: the
    battle declared on it is no combat."""
    g, r = war(prov("mino", "red", gunner=2), prov("echizen", "blue", spearman=1))
    to_phase_b(r)
    g.state.castle["hida"] = CASTLE  # a castle whose province is in the red rectangle
    g.state.castles_left -= 1
    assert g.state.owner["hida"] is None
    m = fight(r, "force@mino>hida")
    (began,) = r.events(ev.BattleBegan, m)
    assert began.defender == "" and not r.events(ev.BonusDefenders, m)
    assert not r.events(ev.Hits, m)


# ---------------------------------------------------------------- naval invasion
def test_sc_18_7_the_naval_first_strike_without_bonus_units():
    """SC-18.6 / SC-18.7 / SC-18.8: attacked across a sea lane, the defender
    rolls first, alone, each unit type once, without his castle's spearmen;
    the attacker removes casualties; then the normal sequence begins, the
    bonus spearmen with it."""
    g, r = war(prov("nagato", "red", gunner=1, spearman=3),
               prov("buzen", "blue", castle=CASTLE, bowman=1, spearman=2))
    to_phase_b(r)
    assert g.table.by_sea("nagato", "buzen")
    m = fight(r, "force@nagato>buzen", (1,), (1, 12), then=MISS)
    first = hits(r, m)[:2]
    assert first == [("blue", 1, "bowman", (1,), 1), ("blue", 6, "spearman", (1, 12), 1)]
    r.answers("casualty", "force:spearman", "force:spearman", side="red")
    rolled = [(h, s, u, len(d)) for h, s, u, d, _ in hits(r, m)][2:]
    assert rolled[0] == ("blue", 1, "bowman", 1)
    assert ("blue", 6, "spearman", 2 + 4) in rolled
    assert ("red", 2, "gunner", 1) in rolled


def test_sc_18_7_a_first_strike_that_kills_every_attacker_ends_the_battle():
    """SC-18.7 / SC-17.7 B: the attacking force is wiped out by the first
    strike; the attacker's province, left empty, goes to the red
    rectangle."""
    g, r = war(prov("nagato", "red", spearman=1), prov("buzen", "blue", spearman=2),
               prov("suo", "red", army(1, bowman=1)))
    to_phase_b(r)
    m = fight(r, "force@nagato>buzen", (1, 1))
    (end,) = r.events(ev.BattleEnded, m)
    assert end.result.startswith("the attackers") and end.rounds == 0
    assert g.state.owner["nagato"] is None and g.state.owner["buzen"] == "blue"


# ---------------------------------------------------------------- results
def test_sc_17_7_a_the_defenders_eliminated_their_province_to_the_red_rectangle():
    """SC-17.7 A / SC-17.8 / SC-15.4: the defender surrenders the empty
    province; the attackers stay where they are."""
    g, r = war(prov("mino", "red", gunner=2), prov("hida", "blue", spearman=1),
               prov("echizen", "blue", army(1, bowman=1)))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", (1, 12))
    st = g.state
    assert st.owner["hida"] is None and st.force["mino"] == units(gunner=2)
    assert [e.province for e in r.events(ev.ProvinceLost, m)] == ["hida"]


def test_sc_17_7_b_the_attackers_eliminated_with_a_troop_left_at_home():
    """SC-17.7 B: the attacking army wiped out, its province still held by
    the force that did not attack."""
    g, r = war(prov("mino", "red", army(1, swordsman=1), spearman=1),
               prov("shinano", "red", army(2, bowman=1)),
               prov("hida", "blue", bowman=2, spearman=2))
    to_phase_b(r)
    m = fight(r, "red-1>hida", (1, 1))  # Blue's bowmen: 2 hits on daimyo + swordsman
    st = g.state
    (end,) = r.events(ev.BattleEnded, m)
    assert end.result.startswith("the attackers")
    assert st.owner["mino"] == "red" and not st.army("red-1").alive


def test_sc_17_7_ab_both_sides_eliminated_at_once():
    """SC-17.7: A and B in the same removal step: both provinces emptied."""
    g, r = war(prov("mino", "red", bowman=1), prov("hida", "blue", bowman=1),
               prov("shinano", "red", army(1, bowman=1)),
               prov("echizen", "blue", army(1, bowman=1)))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", (1,), (1,))
    (end,) = r.events(ev.BattleEnded, m)
    assert end.result == "both sides are eliminated"
    assert g.state.owner["mino"] is None and g.state.owner["hida"] is None


def test_sc_17_7_c_called_off_the_survivors_stay():
    """SC-17.7 C: only the attacker, at step 8, may call the battle off; both
    sides keep their survivors and provinces."""
    g, r = war(prov("mino", "red", gunner=2), prov("hida", "blue", spearman=2))
    to_phase_b(r)
    m = fight(r, "force@mino>hida", then=MISS)
    p = r.pending
    assert p.kind == "call-off" and p.side == "red"
    assert sorted(p.values()) == ["call off", "continue"]
    r.answer("call-off", "call off")
    st = g.state
    assert st.owner["hida"] == "blue" and st.force["hida"] == units(spearman=2)
    assert st.force["mino"] == units(gunner=2)
    (end,) = r.events(ev.BattleEnded, m)
    assert not end.success


def test_sc_15_5_a_double_troop_province_defends_together_with_its_hidden_ronin():
    """SC-15.5 / SC-10.7: the army, the force and the hidden ronin of the
    province all defend; the ronin are revealed with the army they were
    placed with."""
    g, r = war(prov("mino", "red", gunner=2),
               prov("hida", "blue", army(1, bowman=1, gunner=2), spearman=2),
               koku={"blue": 1})
    r.answer("plan", [0, 0, 0, 1, 0], side="blue")
    r.answer("ronin", ["hida", "army", 2], side="blue")
    to_phase_b(r)
    m = fight(r, "force@mino>hida", then=MISS)
    (shown,) = r.events(ev.RoninRevealed, m)
    assert (shown.house, shown.province, shown.army, shown.force) == ("blue", "hida", 2, 0)
    rolled = {(h, u): len(d) for h, s, u, d, _ in hits(r, m)}
    assert rolled[("blue", "ronin")] == 2 and rolled[("blue", "spearman")] == 2
    assert rolled[("blue", "daimyo")] == 1 and rolled[("blue", "gunner")] == 2
    assert g.state.hidden["blue"] == {}
