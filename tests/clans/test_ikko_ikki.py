"""The Ikkō-ikki Uprising [§10.5] (`--variant ikko-ikki`): Unrest when a
holder loses a battle defending its own province [§10.5.1], the rebellion
at the second marker and the neutral Stronghold [§10.5.2], Administrative
Pacification and Military Reconquest [§10.5.3], with TF-10.5-1..3 and the
readings U-42..U-44."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.economy import income, upkeep
from tenkatoitsu.kinds.clans.reinforcement import recruit_places, supply_left
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    faces,
    from_start,
    passing,
    placed,
    position,
    script_d6,
    sides,
    until_seen,
)

IK = ("ikko-ikki",)
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")
NEUTRAL = "ikko-ikki"


def stronghold(p, n=3):
    return at(p, **{NEUTRAL: {"bushi": n}})


def spare(d):
    """Hits on Bushi first, a Daimyō last."""
    if d.kind == "hit":
        return next((v for v in d.values() if v.endswith(":bushi")), d.values()[0])
    return passing(d)


def game(*provinces, then=None, test=None, order=ORDER, koku=None, round=1):
    g = from_start(position(*provinces, round=round, order=order, koku=koku), variants=IK)
    script_d6(g, then=faces(then, **({} if test is None else {"pacification_test": test})))
    return Run(g)


def oda_takes_mikawa(*more, then=None, oda=(1, 2), tokugawa=(0, 1)):
    """Oda (Owari) attacks Tokugawa's Mikawa and wins."""
    run = game(at("owari", oda=oda), at("mikawa", tokugawa=tokugawa), *more,
               then=then or sides(oda=6))
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, spare)
    return run


# ---------------------------------------------------------------- §10.5.1 Unrest

def test_tf_10_5_1_a_holder_losing_at_home_takes_an_unrest_marker():
    """[§10.5.1-a] TF-10.5-1: Tokugawa defends its province Mikawa and
    loses: one Unrest marker there at once. [§10.5.1-b] The marker is a
    Bushi of Tokugawa's supply laid on its side: [U-42] not a unit (no
    stack, no control, no upkeep), one piece fewer in the supply."""
    run = oda_takes_mikawa(at("totomi", tokugawa=(1, 1)))
    (u,) = run.events(mev.UnrestRose)
    assert (u.province, u.clan, u.markers) == ("mikawa", "tokugawa", 1)
    assert run.state.unrest == {"mikawa": ["tokugawa"]}
    ended = run.events(ev.ClashEnded)[0]
    assert run.g.events.index(ended) < run.g.events.index(u)
    st = run.state
    assert st.controller("mikawa") == "oda" and st.stack("mikawa", "tokugawa") == 0
    assert st.bushi("tokugawa") == 1 and upkeep(run.g, "tokugawa") == 1
    assert supply_left(run.g, "tokugawa") == 69 - 1 - 1


def test_no_unrest_when_the_defender_holds_or_the_province_was_not_its_own():
    """[§10.5.1-a] Only a defender that loses in one of its own provinces:
    a defender that holds gets none; [U-42] losing means not holding the
    province after the battle."""
    run = oda_takes_mikawa(at("totomi", tokugawa=(1, 0)), then=sides(tokugawa=6),
                           tokugawa=(0, 3))
    assert run.state.controller("mikawa") == "tokugawa" and not run.events(mev.UnrestRose)


def test_a_defender_fought_to_neutral_loses_too():
    """[U-42] After the battle the defender no longer controls the province
    (both sides fall, it is neutral): it lost, a marker is laid."""
    run = oda_takes_mikawa(at("totomi", tokugawa=(1, 0)), then=sides(oda=6, tokugawa=6),
                           oda=(1, 1), tokugawa=(0, 1))
    assert run.state.controller("mikawa") is None
    assert run.state.unrest == {"mikawa": ["tokugawa"]}


# ---------------------------------------------------------------- §10.5.2 Rebellion

def rebellion(tokugawa_home=True):
    """Oda takes Mikawa (Tokugawa's marker); Tokugawa takes it back (Oda's
    marker, the second): the province rises."""
    more = [at("totomi", tokugawa=(1, 3 if tokugawa_home else 2))]
    if not tokugawa_home:
        more.append(at("suruga", tokugawa=(0, 1)))
    run = oda_takes_mikawa(*more, then=sides(oda=6, tokugawa=6), oda=(1, 2))
    run.until("move-from", "tokugawa", spare)
    run.move("tokugawa", "totomi", "mikawa", daimyo=1, bushi=2)
    end_moves(run, "tokugawa")
    until_seen(run, ev.ClashEnded, 2, spare)
    return run


def test_tf_10_5_1_the_second_marker_raises_a_stronghold():
    """[§10.5.2] TF-10.5-1: the new holder (Oda) defends Mikawa and loses:
    the second marker makes it rebel at once: all Bushi of all players
    there and both markers are removed, each Daimyō retreats to an adjacent
    friendly province, and 3 neutral Bushi hold an Ikkō-ikki Stronghold.
    [U-42] The markers stayed with the province when it changed hands."""
    run = rebellion()
    rose = run.events(mev.UnrestRose)
    assert [(u.clan, u.markers) for u in rose] == [("tokugawa", 1), ("oda", 2)]
    (r,) = run.events(mev.Rebelled)
    assert r.province == "mikawa" and r.removed == {"tokugawa": 1}
    (d,) = run.events(mev.DaimyoRetreated)
    assert (d.clan, d.frm, d.to) == ("tokugawa", "mikawa", "totomi")
    st = run.state
    assert st.here("mikawa") == {NEUTRAL: {"bushi": 3}} and "mikawa" not in st.unrest
    assert st.markers("oda") == 0 and st.markers("tokugawa") == 0
    assert st.of("totomi", "tokugawa")["daimyo"] == 1


def test_a_stronghold_is_uncontrolled_no_income_no_recruitment():
    """[§10.5.2] The Stronghold is neutral: no one controls it, it gives no
    income and allows no recruitment."""
    g = placed(position(stronghold("mino"), at("owari", oda=(1, 1))), variants=IK)
    st = g.state
    assert st.controller("mino") is None and "mino" not in st.provinces("oda")
    assert income(g, "oda")[1] == 1
    st.held_at_reinforcement = {"oda": ("owari", "mino")}
    assert recruit_places(g, "oda") == ["owari"]


def test_a_daimyo_with_no_retreat_is_removed_and_its_clan_a_vassal_of_no_one():
    """[§10.5.2] A Daimyō that cannot retreat is removed from the game,
    which can make a vassal [§8.1]: [U-44] the vassal of no one."""
    run = rebellion(tokugawa_home=False)
    (d,) = run.events(mev.DaimyoRetreated)
    assert (d.clan, d.to) == ("tokugawa", None)
    assert run.state.daimyos("tokugawa") == 0
    (sworn,) = run.events(ev.VassalSworn)
    assert (sworn.clan, sworn.lord) == ("tokugawa", None)


def test_v83_a_rebellions_retreat_keeps_the_limit_of_seven():
    """[§10.5.2] [v83 §3.2] The Daimyō's retreat is a step like any other:
    with Shinano full (7 Tokugawa units) and Tōtōmi emptied by the attack,
    the Daimyō has no legal retreat; no province ends with 8."""
    g = from_start(position(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 1)),
                            at("totomi", tokugawa=(1, 2)), at("shinano", tokugawa=(1, 6)),
                            round=1, order=ORDER), variants=IK + ("v83",))
    script_d6(g, then=sides(oda=6, tokugawa=6))
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, spare)
    run.until("move-from", "tokugawa", spare)
    run.move("tokugawa", "totomi", "mikawa", daimyo=1, bushi=2)
    end_moves(run, "tokugawa")
    until_seen(run, mev.Rebelled, 1, spare)
    assert run.state.stack("shinano", "tokugawa") <= 7


def test_a_daimyo_lost_to_the_rebels_gives_no_glory():
    """[§10.5.2] [U-44] With the Path of Glory: a last Daimyō removed by a
    rebellion puts its clan on the path, and no one scores for it."""
    g = from_start(position(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 1)),
                            at("totomi", tokugawa=(1, 2)), at("suruga", tokugawa=(0, 1)),
                            round=1, order=ORDER), variants=IK + ("path-of-glory",))
    script_d6(g, then=sides(oda=6, tokugawa=6))
    run = Run(g)
    run.state.glory["oda"] = 0  # even a walker among the players scores nothing
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, spare)
    run.until("move-from", "tokugawa", spare)
    run.move("tokugawa", "totomi", "mikawa", daimyo=1, bushi=2)
    end_moves(run, "tokugawa")
    until_seen(run, mev.Rebelled, 1, spare)
    assert run.state.daimyos("tokugawa") == 0
    assert [e.clan for e in run.events(mev.GloryPathTaken)] == ["tokugawa"]
    assert not run.events(mev.GloryScored) and not run.events(ev.VassalSworn)


# ---------------------------------------------------------------- §10.5.3 Pacification

def test_tf_10_5_3_pacification_two_koku_removes_one_marker():
    """[§10.5.3-a] TF-10.5-3: in its Reinforcement Phase, Tokugawa pays 2
    Koku to remove one Unrest marker from a province it controls; the
    marker goes back to its owner's supply [U-42]."""
    run = game(at("mikawa", tokugawa=(1, 1)), at("mino", oda=(0, 1)),
               order=("oda", "tokugawa", "shimazu", "uesugi"), koku={"tokugawa": 0})
    run.until("reinforce", "oda")
    run.state.unrest.update({"mikawa": ["oda"], "mino": ["oda"]})
    p = run.until("reinforce", "tokugawa")
    assert {v for v in p.values() if v.startswith("pacify:")} == {"pacify:mikawa"}
    koku, left = run.state.koku["tokugawa"], supply_left(run.g, "oda")
    run.answer("reinforce", "pacify:mikawa", "tokugawa")
    assert run.state.koku["tokugawa"] == koku - 2 and "mikawa" not in run.state.unrest
    assert supply_left(run.g, "oda") == left + 1
    (e,) = run.events(mev.UnrestPacified)
    assert (e.clan, e.province, e.owner, e.cost) == ("tokugawa", "mikawa", "oda", 2)


def test_no_pacification_without_two_koku_or_outside_the_reinforcement():
    """[§10.5.3-a] The price is 2 Koku, paid in Reinforcement: with 1 Koku
    left after recruiting, no pacification is offered."""
    run = game(at("mikawa", tokugawa=(1, 1)), order=("oda", "tokugawa", "shimazu", "uesugi"))
    run.until("reinforce", "oda")
    run.state.unrest["mikawa"] = ["tokugawa"]
    p = run.until("reinforce", "tokugawa")
    assert "pacify:mikawa" in p.values() and run.state.koku["tokugawa"] == 4
    run.answer("reinforce", "recruit:mikawa", "tokugawa")
    run.answer("recruit", 3, "tokugawa")
    assert "pacify:mikawa" not in run.values("reinforce")


# ---------------------------------------------------------------- reconquest

def assault_on_mino(test, *more):
    run = game(at("owari", oda=(1, 4)), stronghold("mino"), at("ise", oda=(0, 1)), *more,
               then=sides(oda=6), test=test)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mino", daimyo=1, bushi=4)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, spare)
    return run


def test_tf_10_5_2_a_won_battle_and_a_five_take_the_stronghold():
    """[§10.5.3-b] TF-10.5-2: Oda wins the battle, then the Pacification
    Test: a d6 of 4, 5 or 6 — a 5 — and Oda controls Mino."""
    run = assault_on_mino(5)
    (t,) = run.events(mev.Pacified)
    assert (t.clan, t.province, t.face, t.passed) == ("oda", "mino", 5, True)
    assert run.state.controller("mino") == "oda"


def test_tf_10_5_2_a_three_fails_and_the_attackers_retreat():
    """[§10.5.3-b] TF-10.5-2: a 3 fails the test: the attacking Bushi
    retreat [U-43] (the Daimyō too) to an adjacent province of their own,
    and Mino is left empty and neutral."""
    run = assault_on_mino(3)
    (t,) = run.events(mev.Pacified)
    assert (t.face, t.passed) == (3, False)
    # asked while they stand in Mino: Ise (theirs, next door) or Owari, which they came from
    assert run.values("retreat") == ["ise", "owari"]
    run.answer("retreat", "ise", "oda")
    assert run.state.here("mino") == {} and run.state.controller("mino") is None
    assert run.state.here("ise")["oda"] == {"bushi": 5, "daimyo": 1}
    assert run.events(mev.DaimyoRetreated)[0].to == "ise"


def test_the_stronghold_is_an_enemy_target_and_its_bushi_defend_on_six():
    """[§10.5.3-c] The rebels are an Enemy Target: a move into the
    Stronghold stops there and is a battle; [U-43] the neutral Bushi defend
    on a 6 with no bonus (not even Kyoto's +1); their hits are given by the
    first player in order who is not in the battle (Shimazu)."""
    run = game(at("omi", oda=(1, 3)), stronghold("yamashiro"), test=6,
               then=sides(**{"oda": 6, NEUTRAL: 6}))
    run.until("move-from", "oda")
    run.answer("move-from", "from:omi", "oda")
    assert "to:yamashiro" in run.values("move-to")
    run.answer("move-to", "back", "oda")
    run.move("oda", "omi", "yamashiro", daimyo=1, bushi=3)
    end_moves(run, "oda")
    hands = []

    def choose(d):
        if d.kind == "hit" and "Ikkō-ikki" in d.prompt:
            hands.append(d.context["clan"])
        return spare(d)
    until_seen(run, ev.ClashEnded, 1, choose)
    assert run.events(ev.ClashBegan)[0].defenders == (NEUTRAL,)
    (n,) = [e for e in run.events(ev.HitsScored) if e.clan == NEUTRAL]
    assert n.targets == {"bushi": 6} and (n.bonus, n.penalty) == (0, 0) and n.hits == 3
    assert hands and set(hands) == {"shimazu"}
    assert {h.by for h in run.events(ev.HitAssigned) if h.victim == "oda"} == {NEUTRAL}


def test_after_a_failed_test_the_attackers_may_go_back_where_they_came_from():
    """[§10.5.3-b] [U-43] Oda left Owari empty to assault Mino; with no
    province of its own next to Mino, its units go back to Owari."""
    run = game(at("owari", oda=(1, 4)), stronghold("mino"), at("kai", oda=(1, 0)),
               then=sides(oda=6), test=3)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mino", daimyo=1, bushi=4)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, spare)
    assert run.state.here("owari").get("oda") == {"daimyo": 1, "bushi": 4}


def test_unrest_needs_a_bushi_piece_in_the_supply():
    """[§10.5.1-b] [§0.3] The marker is one of the clan's Bushi pieces: a
    clan with all its 69 Bushi on the board gets no marker."""
    full = [at(p, tokugawa=(0, 7)) for p in ("kai", "sagami", "musashi", "kozuke", "shimotsuke",
                                             "hitachi", "shimosa", "kazusa", "awa-honshu")]
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(1, 0)),
               at("totomi", tokugawa=(1, 6)), *full, then=sides(oda=6))
    assert run.state.bushi("tokugawa") == 69 and supply_left(run.g, "tokugawa") == 0
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded, 1, spare)
    assert run.state.controller("mikawa") == "oda"
    assert not run.events(mev.UnrestRose) and not run.state.unrest
