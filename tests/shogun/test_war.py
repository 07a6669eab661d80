"""Wage War beyond one battle: Phase A [SC-13], the declarations of Phase B
[SC-14], the experienced army of Phase C [SC-19], Phase D [SC-21], losing
daimyos and players [SC-20], and victory [SC-23] [SC-24.6], on positions
made by hand."""

from __future__ import annotations

from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.outcome import level_of
from tenkatoitsu.kinds.shogun.state import OVER
from tests.shogun.helpers import (
    army,
    needs_map,
    passing,
    prov,
    script_dice,
    shipped,
    sides,
    units,
    war,
)

pytestmark = needs_map

MISS = sides()
RED_HITS = sides(red=1)


def choose_red_1(r):
    r.until("choose-army", side="red")
    r.answer("choose-army", "red-1")


# ---------------------------------------------------------------- Phase A
def test_sc_13_2_phase_a_moves_only_through_friendly_provinces():
    """SC-13.2: in Phase A an army moves into friendly provinces only, never
    an enemy or empty one; SC-13.4: it leaves a garrison where it had no
    force."""
    g, r = war(prov("mino", "red", army(1, level=2, bowman=1, gunner=2)),
               prov("shinano", "red", spearman=1), prov("hida", "blue", spearman=1))
    choose_red_1(r)
    assert sorted(r.values("move-army")) == ["stop", "to:shinano"]
    r.answer("move-army", "to:shinano")
    p = r.pending
    assert p.kind == "garrison" and "leave a" in p.options[0].label
    r.answers("garrison", "gunner", "done")
    st = g.state
    assert st.force["mino"] == units(gunner=1) and st.army("red-1").at == "shinano"
    # [SC-13.5] entering a province with its force: it may pick units up
    assert "pick:spearman" in r.values("move-army")


def test_sc_13_4_a_lone_daimyo_without_a_force_cannot_move():
    """SC-13.4 (derived): an army of its daimyo alone, in a province with no
    force, has nothing to leave behind and cannot move."""
    _g, r = war(prov("mino", "red", army(1)), prov("shinano", "red", army(2, bowman=1)),
               prov("owari", "red", spearman=1))
    r.until("choose-army", side="red")
    assert "red-1" not in r.values() and "red-2" in r.values()


def test_sc_13_2_up_to_the_level_in_provinces():
    """SC-13.2 / SC-19.3: a level-2 army moves at most 2 provinces."""
    _g, r = war(prov("mino", "red", army(1, level=2, bowman=1), spearman=1),
               prov("owari", "red", spearman=1), prov("mikawa", "red", spearman=1),
               prov("totomi", "red", spearman=1))
    choose_red_1(r)
    r.answers("move-army", "to:owari", "to:mikawa")
    assert not [v for v in r.values("move-army") if v.startswith("to:")]


def test_sc_13_3_through_another_army_but_not_ending_there():
    """SC-13.3 / SC-3.6: an army may pass through a province where another
    of its armies stands, never stop there."""
    g, r = war(prov("mino", "red", army(1, level=2, bowman=1), spearman=1),
               prov("owari", "red", army(2, bowman=1), spearman=1),
               prov("mikawa", "red", spearman=1))
    choose_red_1(r)
    r.answer("move-army", "to:owari")
    options = r.values("move-army")
    assert "stop" not in options and "to:mikawa" in options
    r.answer("move-army", "to:mikawa")
    assert g.state.army("red-1").at == "mikawa"


# ---------------------------------------------------------------- Phase B
def test_sc_14_5_round_1_no_attack_on_a_province_with_an_army_marker():
    """SC-14.5: in round 1 no battle may be declared against an enemy
    province holding an army marker; from round 2 it may."""
    provinces = (prov("mino", "red", army(1, bowman=1), spearman=2),
                 prov("hida", "blue", army(1, bowman=1), spearman=1),
                 prov("owari", "blue", spearman=1))
    for rnd, allowed in ((1, False), (2, True)):
        _g, r = war(*provinces, round=rnd)
        r.until("declare", side="red")
        targets = {v.split(">")[1] for v in r.values() if v != "done"}
        assert "owari" in targets
        assert ("hida" in targets) == allowed


def test_sc_14_3_and_14_7_each_troop_declares_once_a_double_troop_twice():
    """SC-14.7: each troop declares at most one first battle; SC-14.3: from a
    double-troop province the army and the force declare separately, even
    against the same province."""
    g, r = war(prov("mino", "red", army(1, bowman=1), spearman=2),
               prov("hida", "blue", spearman=1), prov("owari", "blue", spearman=1))
    r.until("declare", side="red")
    r.answer("declare", "red-1>hida")
    assert not [v for v in r.values("declare") if v.startswith("red-1>")]
    assert "force@mino>hida" in r.values()
    r.answer("declare", "force@mino>hida")
    assert [m[0] for m in g.state.markers] == ["red-1", "force@mino"]


def test_sc_26_13_the_battle_markers_limit_is_an_option():
    """SC-26.13: the 12 markers as a limit that can be set: with 1, one
    first battle a turn."""
    g, r = war(prov("mino", "red", army(1, bowman=1), spearman=2),
               prov("hida", "blue", spearman=1), battle_markers=1)
    r.until("declare", side="red")
    script_dice(g, then=MISS)
    r.declare("red-1>hida")
    assert r.pending.kind != "declare"
    assert len(g.state.markers) == 1


def test_sc_24_4_allied_colour_sets_never_attack_each_other():
    """SC-24.4: a two-player game's two sets of one player are allies: no
    battle against the ally's province, no move into it."""
    g, r = war(prov("mino", "red", army(1, level=2, bowman=1), spearman=2),
               prov("hida", "yellow", army(1, bowman=1), spearman=1),
               prov("owari", "blue", spearman=1), prov("shinano", "green", army(1, bowman=1)),
               players=("red", "blue"), order=("red", "blue", "yellow", "green"))
    t = g.table
    assert t.allies("red") == ("red", "yellow") and t.seat_of["yellow"] == "red"
    r.until("declare", side="red")
    targets = {v.split(">")[1] for v in r.values() if v != "done"}
    assert "hida" not in targets and "owari" in targets and "shinano" in targets


# ---------------------------------------------------------------- experience
def test_sc_19_2_the_experience_track():
    """SC-19.2 / SC-26.1: the track 1 1 1 2 2 2 3 3 3 4."""
    assert tuple(shipped().components.experience) == (1, 1, 1, 2, 2, 2, 3, 3, 3, 4)


def level1_attack(result_dice, call_off=False, hole=0):
    g, r = war(prov("mino", "red", army(1, hole=hole, gunner=2), spearman=1),
               prov("hida", "blue", spearman=1), prov("echizen", "blue", army(1, bowman=1)))
    r.until("declare", side="red")
    script_dice(g, *result_dice, then=MISS)
    r.declare("red-1>hida")
    if call_off:
        r.answer("call-off", "call off")
    return g, r


def test_sc_19_8_one_hole_right_after_a_successful_battle():
    """SC-19.8 / SC-17.9: a battle that empties the enemy province moves the
    experience marker one hole right."""
    g, r = level1_attack([(1, 12)])
    assert g.state.army("red-1").hole == 1
    (e,) = r.events(ev.ExperienceGained)
    assert (e.army, e.hole, e.level) == ("red-1", 1, 1)


def test_sc_17_9_a_called_off_battle_is_no_success():
    """SC-17.9: a battle called off gains no experience."""
    g, r = level1_attack([], call_off=True)
    assert g.state.army("red-1").hole == 0 and not r.events(ev.ExperienceGained)


def test_sc_19_9_the_new_level_counts_in_phase_d_of_the_round():
    """SC-19.9: the marker reaching the first hole of level 2 after the
    battles: Phase D already moves up to 2 provinces."""
    g, r = level1_attack([(1, 12)], hole=2)
    a = g.state.army("red-1")
    assert a.hole == 3 and level_of(g, a) == 2
    r.until("choose-army", side="red")
    r.answer("choose-army", "red-1")
    r.answer("move-army", "conquer:hida")  # [SC-26.9] conquering ends the move
    assert g.state.owner["hida"] == "red"
    p = r.pending
    assert not (p.kind == "move-army" and p.context.get("army") == "red-1")


def test_sc_19_10_never_past_the_last_hole():
    """SC-19.10: a level-4 army that wins stays in the last hole."""
    g, _r = level1_attack([(1, 12)], hole=9)
    assert g.state.army("red-1").hole == 9


def test_sc_19_4_an_experienced_army_fights_up_to_its_level_and_moves_between():
    """SC-19.3 / SC-19.4 / SC-19.6: a level-2 army wins its declared battle,
    moves into the province it just emptied (conquering it, leaving a
    garrison) and fights an undeclared second battle from there; then its
    battles are over; SC-19.8: one hole right however many it won."""
    g, r = war(prov("mino", "red", army(1, level=2, gunner=3, spearman=1)),
               prov("hida", "blue", spearman=1), prov("etchu", "blue", spearman=1),
               prov("echizen", "blue", army(1, bowman=1), spearman=1))
    st = g.state
    r.until("declare", side="red")
    script_dice(g, then=RED_HITS)
    r.declare("red-1>hida")
    assert st.owner["hida"] is None
    options = r.values("army-battle")
    assert "move:hida" in options and "attack:echizen" in options and "stop" in options
    r.answer("army-battle", "move:hida")
    r.answers("garrison", "spearman", "done")  # [SC-19.5] Mino is held
    assert st.owner["hida"] == "red" and st.army("red-1").at == "hida"
    assert st.force["mino"] == units(spearman=1)
    r.answer("army-battle", "attack:etchu")
    assert st.owner["etchu"] is None
    assert r.pending.kind != "army-battle"  # 2 battles: no more
    a = st.army("red-1")
    assert a.hole == 4 and level_of(g, a) == 2


def test_sc_19_7_a_level_1_army_fights_one_battle():
    """SC-19.7: a level-1 army's battles end with its first."""
    _g, r = level1_attack([(1, 12)])
    assert r.pending.kind != "army-battle"


def test_sc_19_4_after_calling_off_an_experienced_army_may_attack_elsewhere():
    """SC-19.4 (3): a called-off battle counts as one battle, not a success;
    an army with battles left may attack another province."""
    g, r = war(prov("mino", "red", army(1, level=2, gunner=3), spearman=1),
               prov("hida", "blue", spearman=3), prov("owari", "blue", spearman=1),
               prov("echizen", "blue", army(1, bowman=1)))
    r.until("declare", side="red")
    script_dice(g, then=MISS)
    r.declare("red-1>hida")
    r.answer("call-off", "call off")
    options = r.values("army-battle")
    assert "attack:owari" in options and "attack:hida" in options
    script_dice(g, then=RED_HITS)
    r.answer("army-battle", "attack:owari")
    assert g.state.owner["owari"] is None and g.state.army("red-1").hole == 4


# ---------------------------------------------------------------- Phase D
def test_sc_21_2_and_26_9_conquering_an_empty_province_ends_the_move():
    """SC-21.2 / SC-26.9: in Phase D an army may enter an empty province,
    which conquers it [SC-21.7] and ends its move, whatever its level."""
    g, r = war(prov("mino", "red", army(1, level=3, bowman=1), spearman=1),
               prov("echizen", "blue", army(1, bowman=1), spearman=1))
    r.until("choose-army", side="red")
    r.answer("choose-army", "done")  # Phase A
    r.until("choose-army", side="red")  # Phase D
    r.answer("choose-army", "red-1")
    assert "conquer:hida" in r.values("move-army")
    assert "to:hida" not in r.values()
    r.answer("move-army", "conquer:hida")
    st = g.state
    assert st.owner["hida"] == "red" and st.army("red-1").at == "hida"
    p = r.pending
    assert not (p.kind == "move-army" and p.context.get("army") == "red-1")


def test_sc_26_9_option_an_army_moves_on_after_conquering():
    """SC-26.9 as an option: with `move_after_conquest` on, a level-3 army
    that conquers the empty Hida may march on; leaving Hida, which has no
    force, it leaves a garrison [SC-13.4]."""
    g, r = war(prov("mino", "red", army(1, level=3, bowman=1, spearman=2), spearman=1),
               prov("echizen", "blue", army(1, bowman=1), spearman=1),
               move_after_conquest=True)
    r.until("choose-army", side="red")
    r.answer("choose-army", "done")  # Phase A
    r.until("choose-army", side="red")  # Phase D
    r.answer("choose-army", "red-1")
    r.answer("move-army", "conquer:hida")
    st = g.state
    assert st.owner["hida"] == "red"
    p = r.pending
    assert p.kind == "move-army" and p.context["army"] == "red-1"
    assert "to:mino" in p.values() and "conquer:etchu" in p.values()
    r.answer("move-army", "conquer:etchu")
    r.answer("garrison", "spearman")
    r.answer("garrison", "done")
    assert st.owner["etchu"] == "red" and st.army("red-1").at == "etchu"
    assert st.force["hida"]["spearman"] == 1


def test_sc_21_3_and_26_2_an_army_sends_units_to_conquer():
    """SC-21.3 / SC-26.2: in Phase D an army may detach regular units into
    an adjacent empty province, conquering it, without its marker moving."""
    g, r = war(prov("mino", "red", army(1, bowman=1, spearman=2), spearman=1),
               prov("echizen", "blue", army(1, bowman=1), spearman=1))
    r.until("choose-army", side="red")
    r.answer("choose-army", "done")
    r.until("choose-army", side="red")
    r.answer("choose-army", "red-1")
    r.answer("move-army", "send:spearman:hida")
    st = g.state
    assert st.owner["hida"] == "red" and st.force["hida"] == units(spearman=1)
    assert st.army("red-1").at == "mino" and st.army("red-1").units["spearman"] == 1


def test_sc_21_4_force_units_move_one_step_and_may_join_an_army():
    """SC-21.4: force units move one province into a friendly or empty one
    (never an enemy's), only once; they may join an army there; SC-12.5:
    the last unit of a force without an army stays."""
    g, r = war(prov("mino", "red", spearman=2, gunner=1),
               prov("owari", "red", army(1, bowman=1), spearman=1),
               prov("hida", "blue", army(1, bowman=1), spearman=1))
    r.until("move-force", side="red")
    options = r.values()
    assert not [v for v in options if v.endswith(">hida")]
    assert "spearman:mino>owari" in options and "spearman:mino>red-1" in options
    assert "spearman:mino>echizen" in options  # empty
    r.answer("move-force", "spearman:mino>echizen")
    st = g.state
    assert st.owner["echizen"] == "red"
    assert not [v for v in r.values("move-force") if v.startswith("spearman:echizen>")]
    r.answer("move-force", "gunner:mino>red-1")
    assert st.army("red-1").units["gunner"] == 1
    # Mino's last spearman is its garrison
    assert not [v for v in r.values("move-force") if ":mino>" in v]


def test_sc_21_5_merged_forces_stay_within_five():
    """SC-21.5: units entering a province merge with its force, which may
    not go above 5 units."""
    g, r = war(prov("mino", "red", spearman=3),
               prov("owari", "red", army(1, bowman=1), spearman=4),
               prov("hida", "blue", army(1, bowman=1), spearman=1))
    r.until("move-force", side="red")
    r.answer("move-force", "spearman:mino>owari")
    assert g.state.force_size("owari") == 5
    assert "spearman:mino>owari" not in r.values("move-force")
    assert "spearman:mino>red-1" in r.values()


# ---------------------------------------------------------------- elimination, victory
def test_sc_20_4_the_eliminating_player_takes_everything_and_his_daimyos_back():
    """SC-20.3 / SC-20.4 / SC-20.5: Blue's last daimyo falls to Red: Red takes
    every province and unit of Blue's, gets back his own lost army 2 (at
    the first hole, placed in a province without a marker), never Blue's;
    SC-20.6: his tray now holds both colours."""
    g, r = war(prov("mino", "red", army(1, gunner=4, spearman=2), spearman=1),
               prov("hida", "blue", army(3, bowman=1)),
               prov("etchu", "blue", swordsman=2, spearman=1),
               prov("noto", "blue", gunner=1))
    st = g.state
    tray_blue = dict(st.tray["blue"])
    r.until("declare", side="red")
    script_dice(g, then=RED_HITS)
    r.declare("red-1>hida")
    assert "blue" in st.eliminated
    (e,) = r.events(ev.Eliminated)
    assert (e.house, e.by) == ("blue", "red")
    assert st.owner["etchu"] == st.owner["noto"] == "red" and st.owner["hida"] is None
    assert st.force["etchu"] == units(swordsman=2, spearman=1)
    p = r.pending
    assert p.kind == "place-army" and p.context["army"] == "red-2"
    assert sorted(p.values()) == ["etchu", "noto"]
    r.answer("place-army", "etchu")
    r.answer("pick-up", "swordsman")
    r.answer("pick-up", "stop")
    a = st.army("red-2")
    assert a.at == "etchu" and a.hole == 0 and a.units == units(swordsman=1)
    assert st.army("red-3").at == "noto"
    assert len(st.living("red")) == 3 and not st.living("blue")
    assert st.colours["red"] == ["red", "blue"]
    assert st.tray["blue"] == units()
    # both colours' pieces now count for Red: his tray, board and army cards
    assert st.pieces("red") == units(bowman=22, swordsman=22, gunner=22, spearman=72)
    assert st.tray["red"]["bowman"] >= tray_blue["bowman"]


def test_sc_26_14_a_defender_who_destroys_the_attackers_last_army_gains():
    """SC-26.14 / SC-20.4: the defender wipes out the attacking last army:
    the defender takes the attacker's provinces."""
    g, r = war(prov("mino", "red", army(1, swordsman=1), spearman=1),
               prov("owari", "red", spearman=1),
               prov("hida", "blue", army(1, bowman=1), bowman=3))
    r.until("declare", side="red")
    script_dice(g, then=sides(blue=1))
    r.declare("red-1>hida")
    st = g.state
    assert "red" in st.eliminated
    assert st.owner["owari"] == "blue" and st.owner["mino"] == "blue"


def test_sc_17_7_both_daimyos_lost_at_once_then_the_recovery():
    """SC-17.7 (A and B at once) / SC-20.1 / SC-20.4 / SC-17.8: Red's army of
    its daimyo alone and Yellow's last daimyo kill each other in step 4.
    Both daimyos are lost in that step: when Red, who eliminated Yellow, is
    asked where his recovered armies go, no army of his stands in the
    emptied Mutsu any more, and the daimyo lost with it is among those he
    gets back."""
    g, r = war(prov("mutsu", "red", army(2)), prov("dewa", "red", army(1, bowman=1), spearman=1),
               prov("echigo", "yellow", army(1)), prov("sado", "yellow", spearman=1),
               prov("tsushima", "yellow", spearman=1),
               prov("satsuma", "blue", army(1, bowman=1), spearman=1))
    st = g.state
    r.until("declare", side="red")
    script_dice(g, (1,), (1,))  # the two daimyos, step 4
    r.declare("red-2>echigo")
    (end,) = r.events(ev.BattleEnded)
    assert end.result == "both sides are eliminated"
    assert "yellow" in st.eliminated and st.owner["mutsu"] is None
    p = r.pending
    assert p.kind == "place-army" and p.side == "red"
    assert not [a.id for a in st.armies_at("mutsu")]  # SC-17.8: Mutsu is empty
    assert p.context["army"] in ("red-2", "red-3")
    r.answer("place-army", "sado")
    r.all("pick-up", lambda q: "stop")  # the other goes to Tsushima, the one place left
    r.all("pick-up", lambda q: "stop")
    assert st.army("red-2").alive and st.army("red-3").alive
    assert {st.army("red-2").at, st.army("red-3").at} == {"sado", "tsushima"}


def thirty_four(extra_red=()):
    """Red holds 34 provinces, each with a spearman, and a force of 2 in
    Mino next to the empty Hida; Blue holds Kii with an army."""
    skip = {"hida", "kii", "izumo", "mino"}
    board = shipped().board
    reds = [p for p in sorted(board.ids()) if p not in skip][:33]
    provinces = [prov("mino", "red", army(1, bowman=1), spearman=2)] + \
        [prov(p, "red", spearman=1) for p in reds] + \
        [prov("kii", "blue", army(1, bowman=1), spearman=1)]
    return provinces


def test_sc_23_1_35_provinces_win_at_once():
    """SC-23.1: the moment a player holds 35 provinces he wins, in the middle
    of his Phase D."""
    g, r = war(*thirty_four())
    st = g.state
    assert st.count("red") == 34
    r.until("move-force", side="red")
    r.answer("move-force", "spearman:mino>hida")
    assert r.pending is None and st.phase == OVER
    assert st.winner == "red" and st.round == 2
    (won,) = r.events(ev.ShogunDecided)
    assert won.rule == "SC-23.1"


def test_sc_23_2_the_longer_game_checks_at_the_end_of_the_round():
    """SC-23.2: with the longer game, 35 provinces do not win at once; the
    player holding at least 35 at the end of the round wins."""
    g, r = war(*thirty_four(), variants=("longer-game",))
    st = g.state
    r.until("move-force", side="red")
    r.answer("move-force", "spearman:mino>hida")
    assert r.pending is not None and st.count("red") == 35
    assert st.phase != OVER and st.step == "D"
    r.to_end()
    assert st.winner == "red" and st.round == 2
    (won,) = r.events(ev.ShogunDecided)
    assert won.rule == "SC-23.2"


def test_sc_24_6_two_players_need_50_at_the_end_of_a_round():
    """SC-24.6: with two players, 35 provinces of one colour set win nothing;
    both sets of a player holding 50 at the end of a round win."""
    board = shipped().board
    ids = [p for p in sorted(board.ids()) if p not in ("mino", "hida", "kii", "izumo")]
    red = [prov("mino", "red", army(1, bowman=1), spearman=2)] + \
        [prov(p, "red", spearman=1) for p in ids[:34]]
    yellow = [prov("izumo", "yellow", army(1, bowman=1))] + \
        [prov(p, "yellow", spearman=1) for p in ids[34:48]]
    blue = [prov("kii", "blue", army(1, bowman=1)), prov(ids[48], "green", army(1, bowman=1))]
    g, r = war(*red, *yellow, *blue, players=("red", "blue"),
               order=("red", "blue", "yellow", "green"))
    st = g.state
    assert st.count("red") == 35 and st.count("yellow") == 15
    r.until("move-force", side="red")
    r.answer("move-force", "spearman:mino>hida")  # 36 + 15 = 51
    assert r.pending is not None  # no instant win [SC-23.3]
    r.to_end()
    assert st.winner == "red" and st.round == 2
    (won,) = r.events(ev.ShogunDecided)
    assert won.rule == "SC-24.6" and won.provinces["red"] >= 50


def test_the_round_limit_ends_the_game_on_provinces_held():
    """SC-5.5 / SC-23: the box plays until someone is Shogun; the round limit
    (a game option) ends the game before that, naming the player who holds
    the most provinces."""
    g, r = war(prov("mino", "red", army(1, bowman=1), spearman=1),
               prov("owari", "red", spearman=1),
               prov("hida", "blue", army(1, bowman=1), spearman=1), round_limit=2)
    r.to_end(choose=passing)
    st = g.state
    assert st.round == 2 and st.winner == "red"
