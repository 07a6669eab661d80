"""Combat [§6.2] of the clans kind (default edition): the sequence of
§6.2.1, three-sided battles [§6.2.2], the target numbers [§6.2.3], Ronin
[§6.2.4], the highest-source rule for bonuses [§0.1], the combat abilities
of the clans [§2.4], the castle [§9.2], Kyōto [§1.3] and the ninja in
battle [§9.1]. Every battle is played from a position through the rules'
own decisions, with the dice scripted."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    index_of,
    passing,
    position,
    script_dice,
    sides,
    until_event,
    until_seen,
)

ORDER = ("oda", "shimazu", "tokugawa", "uesugi")


def attack(*provinces, clan, frm, to, dice=(), then=None, koku=None, clans=None,
           order=ORDER, seed=1, options=None, **counts):
    """A first round from the position, played to `clan`'s move from `frm`
    to `to` (counts: daimyo=, bushi=); its movement then ends."""
    g = from_start(position(*provinces, round=1, order=order, koku=koku, clans=clans), seed,
                   **(options or {}))
    script_dice(g, *dice, then=then)
    run = Run(g)
    run.until("move-from", clan)
    run.move(clan, frm, to, **counts)
    end_moves(run, clan)
    return run


def scored(run, clan):
    """The HitsScored events of a clan, in order."""
    return [e for e in run.events(ev.HitsScored) if e.clan == clan]


def spare_leaders(d):
    """Answer as `passing`, but give hits to Ronin, then Bushi, before a Daimyō."""
    if d.kind == "hit":
        for tail in (":ronin", ":bushi"):
            for v in d.values():
                if v.endswith(tail):
                    return v
    return passing(d)


def refusing(kind):
    """Answer as `spare_leaders`; a decision of `kind` fails the test."""
    def choose(d):
        assert d.kind != kind, f"{kind} asked: {d.prompt}"
        return spare_leaders(d)
    return choose


def first_battle(run, choose=spare_leaders):
    return until_seen(run, ev.ClashEnded, 1, choose)[0]


# ---------------------------------------------------------------- §6.2.3 target numbers

def test_target_numbers_of_the_combat_table():
    """[§6.2.3] Attacking: Bushi hit on 5-6, a Daimyō rolls 3 dice hitting
    on 4-6; defending: Bushi on 6, a Daimyō on 4-6. Tokugawa and Shimazu
    have no combat ability."""
    run = attack(at("mikawa", tokugawa=(1, 2)), at("totomi", shimazu=(1, 2)),
                 clan="tokugawa", frm="mikawa", to="totomi", daimyo=1, bushi=2,
                 # Tokugawa: Daimyō 4,3,6 (2 hits), Bushi 5,4 (1 hit);
                 # Shimazu: Daimyō 4,3,1 (1 hit), Bushi 6,5 (1 hit)
                 dice=[(4, 3, 6), (5, 4), (4, 3, 1), (6, 5)], then=sides(tokugawa=6))
    first_battle(run)
    att, dfn = scored(run, "tokugawa")[0], scored(run, "shimazu")[0]
    assert att.attacking and not dfn.attacking
    assert att.targets == {"daimyo": 4, "bushi": 5}
    assert dfn.targets == {"daimyo": 4, "bushi": 6}
    assert (att.bonus, att.penalty, dfn.bonus, dfn.penalty) == (0, 0, 0, 0)
    assert att.hits == 3 and dfn.hits == 2
    rolls = [e for e in run.g.events if type(e).__name__ == "DieRolled"]
    assert [len(r.dice) for r in rolls[:4]] == [3, 2, 3, 2]  # a Daimyō rolls 3d6 [§6.2.3]


# ---------------------------------------------------------------- §6.2.1 the sequence

def sequence_run():
    """Oda (1 Daimyō, 3 Bushi, the covert ninja) attacks 3 Tokugawa Bushi in
    Mikawa with no Tokugawa Daimyō there; both hire a Ronin."""
    g = from_start(position(at("owari", oda=(1, 3)), at("mikawa", tokugawa=(0, 3)),
                            at("totomi", tokugawa=(1, 0)), round=1, order=ORDER,
                            koku={"oda": 6, "tokugawa": 3}))
    # Oda: Daimyō 6,6,6, Bushi 6,6,6, Ronin 6; Tokugawa: Bushi 6,1, Ronin 1
    script_dice(g, (6, 6, 6), (6, 6, 6), (6,), (6, 1), (1,), then=sides())
    run = Run(g)
    run.until("reinforce", "oda")
    run.answer("reinforce", "ninja", "oda")
    run.answer("ninja", "assassination", "oda")
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    run.answer("ronin", 1, "oda")  # [§6.2.1] the attacker hires first
    run.answer("ronin", 1, "tokugawa")  # then the defender
    run.answer("assassinate", "tokugawa:bushi", "oda")
    until_seen(run, ev.ClashEnded, 1, lambda d: "oda:ronin" if d.kind == "hit" and
                d.context["clan"] == "tokugawa" else passing(d))
    return run


def test_combat_sequence_of_6_2_1():
    """[§6.2.1] Ronin (attacker, then defender), the ninja's assassination,
    all dice of all sides, the hits assigned, all casualties removed at once,
    then control; the Ronin leave after the combat [§6.2.4]."""
    run = sequence_run()
    g = run.g
    begun = index_of(g, run.events(ev.ClashBegan)[0])
    ronin = run.events(ev.RoninJoined)
    assert [r.clan for r in ronin] == ["oda", "tokugawa"]
    struck = run.events(ev.NinjaStruck)[0]
    dice = [i for i, e in enumerate(g.events) if type(e).__name__ == "DieRolled"]
    hits = [index_of(g, e) for e in run.events(ev.HitAssigned)]
    removed = index_of(g, run.events(ev.CasualtiesRemoved)[0])
    ended = index_of(g, run.events(ev.ClashEnded)[0])
    assert begun < index_of(g, ronin[0]) < index_of(g, ronin[1]) < index_of(g, struck)
    assert index_of(g, struck) < min(dice) and max(dice) < min(hits)
    assert max(hits) < removed < ended
    # the assassinated Bushi did not roll: 2 Bushi and the Ronin defend
    tok = scored(run, "tokugawa")[0]
    assert tok.hits == 1
    assert [len(e.dice) for e in g.events if type(e).__name__ == "DieRolled"
            and e.side == "tokugawa"] == [2, 1]
    # all removed at once: Tokugawa's hit counts though all its units fell
    assert sum(run.events(ev.CasualtiesRemoved)[0].losses["oda"].values()) == 1
    assert run.events(ev.CasualtiesRemoved)[0].losses["oda"] == {"ronin": 1}
    assert run.events(ev.ClashEnded)[0].controller == "oda"
    assert {u: n for u, n in run.state.here("mikawa")["oda"].items() if n} == \
        {"daimyo": 1, "bushi": 3}
    assert not any(us.get("ronin") for p in run.state.units.values() for us in p.values())


def test_ronin_killed_in_battle_go_back_to_the_supply():
    """[§2.1] 30 Ronin in all; [§6.2.4] after the combat all Ronin are off
    the board, so all 30 are in the supply again (the killed ones too)."""
    run = sequence_run()  # one Ronin of each side hired, both killed
    assert run.state.ronin_supply == 30


def test_attacker_assigns_hits_first_in_a_two_sided_battle():
    """[§6.2.1] "Starting with the attacker, each player assigns their hits
    to enemy units." (§6.2.2 reverses this only with three or more players.)"""
    run = sequence_run()
    assert run.events(ev.HitAssigned)[0].by == "oda"


def test_hit_units_still_roll_and_fall_together():
    """[§6.2.1] Dice are rolled by all units before any is removed; marked
    units leave at the same time: both last units fall, the province is neutral."""
    run = attack(at("owari", oda=(0, 1)), at("kai", oda=(1, 0)), at("mikawa", tokugawa=(0, 1)),
                 at("totomi", tokugawa=(1, 0)), clan="oda", frm="owari", to="mikawa", bushi=1,
                 dice=[(6,), (6,)])
    ended = first_battle(run)
    assert run.events(ev.CasualtiesRemoved)[0].losses == {"oda": {"bushi": 1},
                                                         "tokugawa": {"bushi": 1}}
    assert ended.controller is None  # [§6.2.1] no units remain: neutral
    assert run.state.controller("mikawa") is None


def test_the_side_left_alone_controls_the_province():
    """[§6.2.1] If units from only one side remain, that player controls the province."""
    run = attack(at("owari", oda=(0, 2)), at("kai", oda=(1, 0)), at("mikawa", tokugawa=(0, 1)),
                 at("totomi", tokugawa=(1, 0)), clan="oda", frm="owari", to="mikawa", bushi=2,
                 dice=[(6, 1), (1,)])
    assert first_battle(run).controller == "oda"
    assert run.state.controller("mikawa") == "oda"


def test_a_battle_is_one_exchange_and_may_leave_the_province_contested():
    """[§6.2.1] "If units from more than one side remain ... the province
    becomes neutral" — the battle is over; §6.2.5: "The province remains
    contested." The same turn has one battle there, not a second one."""
    run = attack(at("mikawa", tokugawa=(1, 3)), at("totomi", shimazu=(0, 2)),
                 at("satsuma", shimazu=(1, 0)), clan="tokugawa", frm="mikawa", to="totomi",
                 bushi=3, order=("tokugawa", "oda", "shimazu", "uesugi"),
                 dice=[(1, 4, 5), (2, 6)], then=sides(tokugawa=6))
    run.until("move-from", "oda")
    assert len(run.events(ev.ClashBegan)) == 1
    assert run.state.controller("totomi") is None


# ---------------------------------------------------------------- §6.2.2 three or more players

def test_three_sides_roll_together_and_the_attacked_assign_first():
    """[§6.2.2] All sides roll at once; then the attacked players (in player
    order) distribute their hits, the attacker last; all casualties leave
    together."""
    run = attack(at("shinano", oda=(1, 2)), at("totomi", shimazu=(0, 1), tokugawa=(0, 2)),
                 at("satsuma", shimazu=(1, 0)), at("mikawa", tokugawa=(1, 0)),
                 clan="oda", frm="shinano", to="totomi", daimyo=1, bushi=2,
                 # Oda: Daimyō 6,1,1 + Bushi 6,1 = 2 hits; Shimazu 6 = 1; Tokugawa 6,1 = 1
                 dice=[(6, 1, 1), (6, 1), (6,), (6, 1)], then=sides(oda=6))
    run.until("hit", "shimazu")
    g = run.g
    rolls = [i for i, e in enumerate(g.events) if type(e).__name__ == "DieRolled"]
    assert len(rolls) == 4 and not run.events(ev.HitAssigned)
    run.answer("hit", "tokugawa:bushi", "shimazu")
    run.answer("hit", "oda:bushi", "tokugawa")
    # a unit already marked takes no second hit: one Tokugawa Bushi is left to mark
    assert set(run.values("hit")) == {"shimazu:bushi", "tokugawa:bushi"}
    run.answer("hit", "shimazu:bushi", "oda")
    first_battle(run)
    assert [h.by for h in run.events(ev.HitAssigned)] == ["shimazu", "tokugawa", "oda", "oda"]
    assert run.events(ev.CasualtiesRemoved)[0].losses == {
        "oda": {"bushi": 1}, "shimazu": {"bushi": 1}, "tokugawa": {"bushi": 2}}
    assert run.events(ev.ClashEnded)[0].controller == "oda"


def test_owner_chooses_casualties_with_the_option():
    """[§6.2.1] with the option casualties=owner (the examples' "Oda removes
    2 Bushi"): the hitter picks the side (hit-whom) and the owner the unit."""
    run = attack(at("shinano", oda=(1, 2)), at("totomi", shimazu=(0, 1), tokugawa=(0, 2)),
                 at("satsuma", shimazu=(1, 0)), at("mikawa", tokugawa=(1, 0)),
                 clan="oda", frm="shinano", to="totomi", daimyo=1, bushi=2,
                 dice=[(1, 1, 1), (1, 1), (6,), (1, 1)], then=sides(oda=6),
                 options={"casualties": "owner"})
    p = run.until("hit-whom")
    assert p.side == "b" and set(p.values()) == {"oda", "tokugawa"}
    run.answer("hit-whom", "oda")
    p = run.pending
    assert p.kind == "casualty" and p.side == "a" and set(p.values()) == {"daimyo", "bushi"}
    run.answer("casualty", "bushi")
    until_seen(run, ev.ClashEnded)
    assert run.events(ev.HitAssigned)[0] == ev.HitAssigned("§6.2.1", "shimazu", "oda", "bushi")


# ---------------------------------------------------------------- §6.2.4 Ronin

def test_ronin_cost_a_koku_each_fight_as_bushi_and_leave_after():
    """[§6.2.4] 1 Koku a Ronin; no more Ronin than the player's own Bushi in
    the battle; they roll as Bushi (5-6 attacking, 6 defending) with the
    modifiers; after the combat all Ronin leave the board."""
    run = attack(at("owari", oda=(0, 3)), at("kai", oda=(1, 0)), at("mikawa", tokugawa=(0, 2)),
                 at("totomi", tokugawa=(1, 0)), clan="oda", frm="owari", to="mikawa", bushi=3,
                 koku={"oda": 10, "tokugawa": 10},
                 # Oda: Bushi 6,6,1, Ronin 5,1; Tokugawa: Bushi 1,1, Ronin 6
                 dice=[(6, 6, 1), (5, 1), (1, 1), (6,)], then=sides())
    p = run.pending
    assert p.kind == "ronin" and p.context["clan"] == "oda"
    assert p.values() == [0, 1, 2, 3]  # as many as its 3 Bushi, no more
    before = run.state.koku["oda"]
    run.answer("ronin", 2, "oda")
    assert run.state.koku["oda"] == before - 2
    assert run.state.ronin_supply == 28
    assert run.values("ronin") == [0, 1, 2]  # Tokugawa has 2 Bushi there
    run.answer("ronin", 1, "tokugawa")
    until_seen(run, ev.ClashEnded)
    assert [(r.clan, r.count, r.cost) for r in run.events(ev.RoninJoined)] == \
        [("oda", 2, 2), ("tokugawa", 1, 1)]
    assert scored(run, "oda")[0].targets == {"bushi": 5, "ronin": 5}
    assert scored(run, "tokugawa")[0].targets == {"bushi": 6, "ronin": 6}
    assert scored(run, "oda")[0].hits == 3 and scored(run, "tokugawa")[0].hits == 1
    assert not any(us.get("ronin") for p in run.state.units.values() for us in p.values())


def test_ronin_only_as_many_as_the_koku_pays_for_and_none_without_bushi():
    """[§6.2.4] Each Ronin costs a Koku; a side with no Bushi in the battle
    hires none (limit: own Bushi)."""
    run = attack(at("owari", oda=(1, 0)), at("mikawa", tokugawa=(0, 7)),
                 at("totomi", tokugawa=(1, 0)), clan="oda", frm="owari", to="mikawa", daimyo=1,
                 koku={"tokugawa": 0}, then=sides(oda=6))
    # Oda (a Daimyō alone) is not asked; Tokugawa with 5 Koku (its income)
    # and 7 Bushi may hire 5
    p = run.pending
    assert p.kind == "ronin" and p.context["clan"] == "tokugawa"
    assert run.state.koku["tokugawa"] == 5 and p.values() == [0, 1, 2, 3, 4, 5]


# ---------------------------------------------------------------- §2.4 the clans in battle

def test_oda_bonus_needs_an_oda_daimyo_in_the_battle():
    """[§2.4] Oda: +1 on attack rolls only if an Oda Daimyō is present."""
    run = attack(at("owari", oda=(0, 2)), at("kai", oda=(1, 0)), at("mikawa", tokugawa=(0, 1)),
                 at("totomi", tokugawa=(1, 0)), clan="oda", frm="owari", to="mikawa", bushi=2,
                 dice=[(5, 4), (1,)], then=sides(oda=6))
    first_battle(run)
    s = scored(run, "oda")[0]
    assert s.targets == {"bushi": 5} and s.bonus == 0 and s.hits == 1


def test_oda_bonus_is_for_attacking_only():
    """[§2.4] "all attacking Oda units": an Oda Daimyō defending has no +1."""
    run = attack(at("mikawa", tokugawa=(1, 2)), at("owari", oda=(1, 1)),
                 clan="tokugawa", frm="mikawa", to="owari", daimyo=1, bushi=2,
                 order=("tokugawa", "oda", "shimazu", "uesugi"),
                 dice=[(6, 6, 6), (6, 6), (1, 1, 1), (1,)], then=sides())
    first_battle(run)
    s = scored(run, "oda")[0]
    assert not s.attacking and s.targets == {"daimyo": 4, "bushi": 6} and s.bonus == 0


def otomo_run(pay: bool, dice):
    clans = {"a": "otomo", "b": "shimazu", "c": "tokugawa", "d": "uesugi"}
    run = attack(at("bungo", otomo=(1, 2)), at("hyuga", shimazu=(0, 2)),
                 at("satsuma", shimazu=(1, 0)), clan="otomo", frm="bungo", to="hyuga",
                 daimyo=1, bushi=2, clans=clans,
                 order=("otomo", "shimazu", "tokugawa", "uesugi"), dice=dice,
                 then=sides(otomo=6))
    run.until("reroll", "otomo")
    assert not [e for e in run.g.events if type(e).__name__ == "DieRolled"]  # before any die
    koku = run.state.koku["otomo"]
    run.answer("reroll", pay, "otomo")
    first_battle(run)
    return run, koku


def test_otomo_pays_two_koku_to_reroll_the_failed_bushi_dice():
    """[§2.4] Ōtomo, attacking, may spend 2 Koku before any dice are rolled
    to re-roll all failed attack rolls of its Bushi (not of its Daimyō)."""
    # Daimyō 1,2,3 (no hit, not re-rolled); Bushi 1,6 -> the 1 re-rolled: 5; Shimazu 1,1
    run, koku = otomo_run(True, [(1, 2, 3), (1, 6), (5,), (1, 1)])
    assert [(e.clan, e.cost) for e in run.events(ev.RerollBought)] == [("otomo", 2)]
    assert run.state.koku["otomo"] == koku - 2
    rolls = [e for e in run.g.events if type(e).__name__ == "DieRolled"]
    assert [(r.rule, r.dice) for r in rolls] == [("§6.2.3", (1, 2, 3)), ("§6.2.3", (1, 6)),
                                                ("§2.4", (5,)), ("§6.2.3", (1, 1))]
    assert scored(run, "otomo")[0].hits == 2
    assert run.events(ev.ClashEnded)[0].controller == "otomo"


def test_otomo_without_paying_rerolls_nothing():
    """[§2.4] The re-roll is bought, or there is none."""
    run, koku = otomo_run(False, [(1, 2, 3), (1, 6), (1, 1)])
    assert not run.events(ev.RerollBought) and run.state.koku["otomo"] == koku
    assert scored(run, "otomo")[0].hits == 1


def test_otomo_defending_is_offered_no_reroll():
    """[§2.4] "When you declare an attack": not when Ōtomo defends."""
    clans = {"a": "otomo", "b": "shimazu", "c": "tokugawa", "d": "uesugi"}
    run = attack(at("satsuma", shimazu=(1, 2)), at("hyuga", otomo=(0, 2)),
                 at("bungo", otomo=(1, 0)), clan="shimazu", frm="satsuma", to="hyuga",
                 daimyo=1, bushi=2, clans=clans, order=("shimazu", "otomo", "tokugawa", "uesugi"),
                 koku={"otomo": 9}, then=sides(shimazu=6))
    until_seen(run, ev.ClashEnded, 1, refusing("reroll"))
    assert not run.events(ev.RerollBought)


def test_uesugi_bonus_in_a_province_held_since_the_round_began():
    """[§2.4] Uesugi units defending in a province Uesugi controlled at the
    start of the round: +1 on defense (Bushi hit on 5-6)."""
    run = attack(at("shinano", oda=(0, 2)), at("kai", oda=(1, 0)), at("echigo", uesugi=(1, 2)),
                 clan="oda", frm="shinano", to="echigo", bushi=2,
                 dice=[(1, 1), (1, 1, 1), (5, 4)], then=sides(oda=6))
    first_battle(run)
    s = scored(run, "uesugi")[0]
    assert s.targets == {"daimyo": 3, "bushi": 5} and s.bonus == 1 and s.hits == 1


def test_uesugi_no_bonus_in_a_province_entered_this_round():
    """[§2.4] A province Uesugi took during this round gives no +1."""
    g = from_start(position(at("echigo", uesugi=(1, 3)), at("mino", oda=(1, 3)), round=1,
                            order=("uesugi", "oda", "shimazu", "tokugawa")))
    script_dice(g, (1, 1, 1), (6, 6, 6), (6, 6), then=sides())
    run = Run(g)
    run.until("move-from", "uesugi")
    run.move("uesugi", "echigo", "shinano", bushi=2)
    end_moves(run, "uesugi")
    run.until("move-from", "oda")
    run.move("oda", "mino", "shinano", daimyo=1, bushi=3)
    end_moves(run, "oda")
    first_battle(run)
    s = scored(run, "uesugi")[0]
    assert s.targets == {"bushi": 6} and s.bonus == 0


# ---------------------------------------------------------------- castles, Kyōto, the Fortress

def test_castle_gives_plus_one_on_defense():
    """[§9.2] A castle: +1 on defense rolls (Bushi defend on 5-6)."""
    run = attack(at("owari", oda=(1, 2)), at("mikawa", castle="tokugawa", tokugawa=(0, 2)),
                 at("totomi", tokugawa=(1, 0)), clan="oda", frm="owari", to="mikawa", bushi=2,
                 dice=[(1, 1), (5, 4)], then=sides(oda=6))
    first_battle(run)
    s = scored(run, "tokugawa")[0]
    assert s.targets == {"bushi": 5} and s.bonus == 1 and s.hits == 1


def test_kyoto_gives_plus_one_and_does_not_stack_with_a_castle():
    """[§1.3] Defending in Yamashiro (Kyōto): +1 on defense; [§0.1] with a
    castle there too, still a single +1."""
    for castle in (None, "tokugawa"):
        run = attack(at("omi", oda=(0, 2)), at("owari", oda=(1, 0)),
                     at("yamashiro", castle=castle, tokugawa=(0, 2)),
                     at("mikawa", tokugawa=(1, 0)), clan="oda", frm="omi", to="yamashiro",
                     bushi=2, dice=[(1, 1), (5, 4)], then=sides(oda=6))
        first_battle(run)
        s = scored(run, "tokugawa")[0]
        assert s.targets == {"bushi": 5} and s.bonus == 1 and s.hits == 1, castle


def test_fortified_castle_gives_plus_two_for_the_round():
    """[§9.2] Fortify (3 Koku): the castle's bonus is +2 (Bushi defend on
    4-6) for one round; the marker is gone in the next."""
    g = from_start(position(at("owari", oda=(1, 4)), at("mikawa", castle="tokugawa",
                                                        tokugawa=(1, 2)),
                            round=1, order=("tokugawa", "oda", "shimazu", "uesugi"),
                            koku={"tokugawa": 3}))
    script_dice(g, (1, 1), (1, 1, 1), (4, 3), then=sides(oda=6))
    run = Run(g)
    run.until("reinforce", "tokugawa")
    assert "fortify:mikawa" in run.values()
    run.answer("reinforce", "fortify:mikawa", "tokugawa")
    assert run.state.castles["mikawa"].fortified
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    first_battle(run)
    s = scored(run, "tokugawa")[0]
    assert s.targets == {"daimyo": 2, "bushi": 4} and s.bonus == 2 and s.hits == 1
    run.until("reinforce")  # the next round
    assert run.state.round == 2 and not run.state.castles["mikawa"].fortified


def test_hojo_fortress_gives_plus_two():
    """[§2.4] The Hōjō Fortress: +2 on defense (instead of +1)."""
    clans = {"a": "oda", "b": "hojo", "c": "tokugawa", "d": "uesugi"}
    run = attack(at("kai", oda=(1, 2)), at("sagami", castle="hojo", fortress=True, hojo=(0, 2)),
                 at("izu", hojo=(1, 0)), clan="oda", frm="kai", to="sagami", bushi=2,
                 clans=clans, order=("oda", "hojo", "tokugawa", "uesugi"), dice=[(1, 1), (4, 3)], then=sides(oda=6))
    first_battle(run)
    s = scored(run, "hojo")[0]
    assert s.targets == {"bushi": 4} and s.bonus == 2 and s.hits == 1


def test_sabotage_gives_minus_one_on_defense():
    """[§9.1] Sabotage: -1 on defense rolls in the target province: a Bushi
    defending on a 6 cannot hit at all."""
    g = from_start(position(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(1, 2)), round=1,
                            order=ORDER, koku={"oda": 3}))
    script_dice(g, (1, 1), (6, 6, 6), (6, 6), then=sides(oda=6))
    run = Run(g)
    run.until("reinforce", "oda")
    run.answer("reinforce", "ninja", "oda")
    run.answer("ninja", "sabotage", "oda")
    run.answer("ninja-target", "mikawa", "oda")
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    first_battle(run)
    s = scored(run, "tokugawa")[0]
    assert s.targets["daimyo"] == 5 and s.targets["bushi"] >= 7 and s.penalty == 1
    assert s.hits == 3  # the Daimyō's three 6s; the Bushi's 6s miss


# ---------------------------------------------------------------- §9.1 the ninja in battle

def assassin_run(tokugawa_units):
    g = from_start(position(at("owari", oda=(1, 3)), at("mikawa", tokugawa=tokugawa_units),
                            at("totomi", tokugawa=(1, 0)), round=1, order=ORDER,
                            koku={"oda": 3}))
    script_dice(g, then=sides(oda=6))
    run = Run(g)
    run.until("reinforce", "oda")
    run.answer("reinforce", "ninja", "oda")
    run.answer("ninja", "assassination", "oda")
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    return run


def test_assassination_removes_one_enemy_bushi_at_the_start_of_combat():
    """[§9.1] At the start of a combat the hidden ninja may be revealed to
    remove one enemy Bushi (it does not roll); he strikes once."""
    run = assassin_run((0, 2))
    until_event(run, ev.NinjaStruck, choose=lambda d: "tokugawa:bushi"
                if d.kind == "assassinate" else passing(d))
    assert run.events(ev.NinjaStruck)[0] == ev.NinjaStruck("§9.1", "oda", "mikawa",
                                                           "tokugawa", "bushi")
    first_battle(run)
    assert [len(e.dice) for e in run.g.events if type(e).__name__ == "DieRolled"
            and e.side == "tokugawa"] == [1]
    assert run.state.ninja.used


def test_assassination_not_where_the_bushi_has_its_daimyo():
    """[§9.1] The ninja cannot remove a Bushi in the same province as one of
    its clan's Daimyō: no assassination is offered."""
    run = assassin_run((1, 2))
    until_seen(run, ev.ClashEnded, 1, refusing("assassinate"))
    assert not run.events(ev.NinjaStruck)
