"""Specialized Warfare [§10.2] (`--variant specialized-warfare`): the Bushi
replaced by Spearmen, Swordsmen, Archers and Bannermen [§10.2-a] with their
table and specials [§10.2-b] — Spear Wall, Duelist, Archers' first strike,
Bannermen's +1 move for the Ashigaru — and the combat timing with the
Ranged Phase before the Melee [§10.2-c], with the readings U-20..U-24. The
Firearm Phase and the Arquebusiers [§10.2.1] are in test_nanban_trade.py."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.arms import rolls_in
from tenkatoitsu.kinds.clans.economy import upkeep
from tenkatoitsu.kinds.clans.scenario.model import MELEE, RANGED
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    new_game,
    passing,
    placed,
    position,
    script_dice,
    sides,
    until_seen,
)

SW = ("specialized-warfare",)
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")
SP, SW_, AR, BN = "spearmen", "swordsmen", "archers", "bannermen"


def units(daimyo=0, **kinds):
    out = {"daimyo": daimyo} if daimyo else {}
    out.update({k: n for k, n in kinds.items() if n})
    return out


def attack(oda, tokugawa, *more, dice=(), then=None, koku=None, castle=None, variants=SW,
           **counts):
    """Oda (Owari) attacks Tokugawa in Mikawa (Tokugawa's Daimyō waits in
    Tōtōmi unless `tokugawa` has one); `counts`: what moves."""
    g = from_start(position(at("owari", oda=oda), at("mikawa", castle=castle, tokugawa=tokugawa),
                            at("totomi", tokugawa=(1, 0)), *more, round=1, order=ORDER,
                            koku=koku), variants=variants)
    script_dice(g, *dice, then=then)
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", **counts)
    end_moves(run, "oda")
    return run


def battle(run, choose=passing):
    return until_seen(run, ev.ClashEnded, 1, choose)[0]


def scored(run, clan, phase_rule=None):
    return [e for e in run.events(ev.HitsScored) if e.clan == clan
            and (phase_rule is None or e.rule == phase_rule)]


def rolled(run, side):
    return [e for e in run.g.events if type(e).__name__ == "DieRolled" and e.side == side]


# ---------------------------------------------------------------- §10.2-a the Bushi replaced

def test_the_four_units_replace_the_bushi_at_one_koku_each():
    """[§10.2-a] Bushi are replaced by specialized units: [U-20] each costs
    1 Koku; [U-21] the set-up's Bushi is a Spearman; no Bushi is recruited,
    and no Arquebusier without the Nanban Trade [U-25]."""
    g = new_game(4, variants=SW)
    script_dice(g, orders=[("d", "c", "b", "a")])
    run = Run(g)
    for clan in ("takeda", "oda", "otomo", "uesugi"):
        run.answer("draft", clan)
    assert run.state.units["owari"]["oda"] == {"daimyo": 3, SP: 1}
    d = run.until("reinforce")
    clan = d.context["clan"]
    home = next(v for v in d.values() if v.startswith("recruit:"))
    run.answer("reinforce", home, clan)
    assert run.values("recruit-unit") == [SP, SW_, AR, BN]
    koku = run.state.koku[clan]
    run.answer("recruit-unit", AR, clan)
    run.answer("recruit", 2, clan)
    (r,) = run.events(ev.Recruited)
    assert (r.unit, r.count, r.cost) == (AR, 2, 2) and run.state.koku[clan] == koku - 2


def test_specialized_units_count_as_bushi_for_upkeep():
    """[U-20] [U-21] Maintenance is 1 Koku per 2 specialized units, rounded
    up, as for Bushi; Daimyō are free."""
    g = placed(position(at("owari", oda=units(1, spearmen=2, archers=1, bannermen=2))),
               variants=SW)
    assert g.state.bushi("oda") == 5 and upkeep(g, "oda") == 3


# ---------------------------------------------------------------- §10.2-b the table

def test_melee_target_numbers_of_the_four_units():
    """[§10.2-b] Attacking: Spearmen 6, Swordsmen 5-6; Bannermen do not
    attack. Defending: Spearmen 5-6, Swordsmen 5-6, Archers 6, Bannermen 6.
    (Tokugawa: one Spearman, so no Spear Wall.)"""
    run = attack(units(spearmen=2, swordsmen=2, bannermen=1),
                 units(spearmen=1, swordsmen=1, archers=1, bannermen=1),
                 then=sides(), spearmen=2, swordsmen=2, bannermen=1)
    battle(run)
    (att,) = scored(run, "oda", "§6.2.3")
    assert att.targets == {SP: 6, SW_: 5} and att.attacking
    (dfn,) = scored(run, "tokugawa", "§6.2.3")
    assert dfn.targets == {SP: 5, SW_: 5, AR: 6, BN: 6}
    assert sum(len(e.dice) for e in rolled(run, "oda")) == 4  # no Bannerman die


def test_spear_wall_plus_one_on_defense_with_two_spearmen():
    """[§10.2-b] Spear Wall: +1 on defense if 2 or more Spearmen are
    present: they defend on 4-6; with one, 5-6. [§0.1] It does not stack
    with a castle's +1 (one largest bonus)."""
    for n, castle, face in ((2, None, 4), (1, None, 5), (3, "tokugawa", 4)):
        run = attack(units(1, spearmen=1), units(spearmen=n), castle=castle, then=sides(),
                     daimyo=1, spearmen=1)
        battle(run)
        (dfn,) = scored(run, "tokugawa", "§6.2.3")
        assert dfn.targets[SP] == face, (n, castle)


def test_spear_wall_is_for_defense_only():
    """[§10.2-b] "+1 defense": attacking Spearmen still hit on a 6 alone."""
    run = attack(units(spearmen=3), units(spearmen=1), then=sides(), spearmen=3)
    battle(run)
    assert scored(run, "oda", "§6.2.3")[0].targets == {SP: 6}


def test_duelist_a_swordsman_attacking_alone_rolls_two_dice():
    """[§10.2-b] [U-23] Duelist: a Swordsman who is the only unit on its
    side rolls two dice, each hitting on 5-6; in company, or defending,
    one die."""
    run = attack(units(swordsmen=1, spearmen=1), units(spearmen=1),
                 dice=[(5, 6)], then=sides(), swordsmen=1)
    battle(run)
    (att,) = scored(run, "oda", "§6.2.3")
    assert [len(e.dice) for e in rolled(run, "oda")] == [2] and att.hits == 2
    run = attack(units(swordsmen=2), units(swordsmen=1), then=sides(), swordsmen=2)
    battle(run)
    assert [len(e.dice) for e in rolled(run, "oda")] == [2]  # two Swordsmen: a die each
    run = attack(units(spearmen=1), units(swordsmen=1), then=sides(), spearmen=1)
    battle(run)
    assert [len(e.dice) for e in rolled(run, "tokugawa")] == [1]


def reach_from_owari(**here):
    """Where Oda's units in Owari may go (Tokugawa's Daimyō far off in Mutsu)."""
    g = from_start(position(at("owari", oda=units(**here)), at("kai", oda=(1, 0)),
                            at("mutsu", tokugawa=(1, 0)), round=1, order=ORDER), variants=SW)
    run = Run(g)
    run.until("move-from", "oda")
    run.answer("move-from", "from:owari", "oda")
    return run


def test_bannermen_give_ashigaru_one_more_province_of_movement():
    """[§10.2-b] [U-24] Bannermen: +1 movement to the Ashigaru (Spearmen) in
    their province: a Spearman marches 3 (Owari, Mikawa, Tōtōmi, Suruga);
    a Swordsman, and the Bannerman himself, 2."""
    run = reach_from_owari(spearmen=1, swordsmen=1, bannermen=1)
    assert "to:suruga" in run.values("move-to")
    run.answer("move-to", "to:suruga", "oda")
    (moved,) = run.events(ev.UnitsMoved)  # only the Spearman can go: asked nothing
    assert moved.units == {SP: 1} and len(moved.path) == 4
    run = reach_from_owari(spearmen=1, swordsmen=1)
    assert "to:suruga" not in run.values("move-to") and "to:totomi" in run.values("move-to")
    run = reach_from_owari(swordsmen=1, bannermen=1)
    assert "to:suruga" not in run.values("move-to")


# ---------------------------------------------------------------- §10.2-c the Ranged Phase

def test_archers_strike_first_and_their_victims_never_roll_in_the_melee():
    """[§10.2-b] [§10.2-c] T-C5.0 Archery (First Strike) before T-C6.0
    Melee: attacking Archers hit on 4-6 in the Ranged Phase, and the units
    they hit are removed before the Melee: Tokugawa's two Spearmen fall and
    roll no die; the Archers do not attack again in the Melee."""
    run = attack(units(archers=2, swordsmen=1), units(spearmen=2), then=sides(oda=6),
                 archers=2, swordsmen=1)
    ended = battle(run)
    ranged = scored(run, "oda", "§10.2-c")
    assert len(ranged) == 1 and ranged[0].targets == {AR: 4} and ranged[0].hits == 2
    removed = run.events(ev.CasualtiesRemoved)
    assert removed[0].rule == "§10.2-c" and removed[0].losses["tokugawa"] == {SP: 2}
    assert not rolled(run, "tokugawa")
    melee = scored(run, "oda", "§6.2.3")
    assert melee[0].targets == {SW_: 5}  # the Archers attack in the Ranged Phase only
    assert ended.controller == "oda"


def test_defending_archers_fire_in_the_ranged_phase_and_defend_on_six_in_melee():
    """[§10.2-b] [U-22] Both sides' Archers fire in the Ranged Phase; the
    defending Archers still roll their 6 in the Melee."""
    run = attack(units(spearmen=2), units(archers=2), then=sides(), spearmen=2)
    battle(run)
    (ranged,) = scored(run, "tokugawa", "§10.2-c")
    assert ranged.targets == {AR: 4} and not ranged.attacking
    (melee,) = scored(run, "tokugawa", "§6.2.3")
    assert melee.targets == {AR: 6}
    assert not scored(run, "oda", "§10.2-c")  # no Oda archers: Oda does not roll then


def test_the_ranged_phase_comes_before_the_melee_and_each_phase_removes_its_dead():
    """[§10.2-c] Firearm (none here), Archery, then Melee; the Melee's
    hits are all marked, then all marked units removed at once."""
    run = attack(units(1, archers=1, spearmen=1), units(spearmen=1, archers=1),
                 then=sides(oda=6, tokugawa=6), daimyo=1, archers=1, spearmen=1)
    battle(run, lambda d: next((v for v in d.values() if v.endswith(":archers")),
                               passing(d)) if d.kind == "hit" else passing(d))
    phases = [(e.rule, e.clan) for e in run.events(ev.HitsScored)]
    assert phases[:2] == [("§10.2-c", "oda"), ("§10.2-c", "tokugawa")]
    assert all(r == "§6.2.3" for r, _ in phases[2:])
    removed = run.events(ev.CasualtiesRemoved)
    assert [r.rule for r in removed] == ["§10.2-c", "§6.2.1"]
    assert removed[0].losses == {"oda": {AR: 1}, "tokugawa": {AR: 1}}


def test_without_the_module_there_is_no_ranged_phase():
    """[§10.2-c] Without 🛡️ T-C4.0 and T-C5.0 are absent: one roll, the Melee."""
    run = attack((1, 2), (0, 2), then=sides(), variants=(), daimyo=1, bushi=2)
    battle(run)
    assert {e.rule for e in run.events(ev.HitsScored)} == {"§6.2.3"}
    assert [r.rule for r in run.events(ev.CasualtiesRemoved)] == ["§6.2.1"]


def test_rolls_in_each_phase():
    """[§10.2-b] [§10.2-c] Who rolls when: Archers in the Ranged Phase on
    either side; in the Melee the attacker's Archers and Bannermen do not
    roll, every defender rolls its defense."""
    g = placed(position(at("owari", oda=(1, 0))), variants=SW)
    assert [rolls_in(g, u, RANGED, True) for u in (SP, SW_, AR, BN)] == [0, 0, 4, 0]
    assert [rolls_in(g, u, RANGED, False) for u in (SP, SW_, AR, BN)] == [0, 0, 4, 0]
    assert [rolls_in(g, u, MELEE, True) for u in (SP, SW_, AR, BN, "daimyo")] == [6, 5, 0, 0, 4]
    assert [rolls_in(g, u, MELEE, False) for u in (SP, SW_, AR, BN, "daimyo")] == [5, 5, 6, 6, 4]


# ---------------------------------------------------------------- "Bushi" rules on every unit

def test_ronin_limit_counts_every_specialized_unit_as_bushi():
    """[U-21] Rules that say "Bushi" apply to every specialized unit: no
    more Ronin than one's own units (not Daimyō) in the battle."""
    run = attack(units(1, archers=1, bannermen=1), units(spearmen=1), koku={"oda": 9},
                 then=sides(), daimyo=1, archers=1, bannermen=1)
    p = run.pending
    assert p.kind == "ronin" and p.context["clan"] == "oda" and max(p.values()) == 2
