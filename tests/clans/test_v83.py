"""The v83 edition (`--variant v83`) against the short text [digest §3]: no
starting Koku [§2.3] (TF-2.2-2), the Mōri sail [§2.4] [U-11], the limit of 7
after every step [§3.2], vassalage in four steps [§8.1.1] (TF-8.1.1-1), the
Daimyō's Ransom with Territorial Expansion [§8.1.2] (TF-8.1.2-1), and one
castle on the map at a time, destroyed when an enemy takes its province
[§9.2]. Each v83 rule is set beside the default edition's."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.movement import sea_destinations
from tenkatoitsu.kinds.clans.reinforcement import castle_places
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    new_game,
    placed,
    play_until,
    position,
    script_dice,
    sides,
    until_seen,
)

V83 = ("v83",)
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")
MORI = {"a": "mori", "b": "takeda", "c": "tokugawa", "d": "uesugi"}
MORI_ORDER = ("mori", "takeda", "tokugawa", "uesugi")


def values_starting(run, prefix):
    return {v for v in run.pending.values() if str(v).startswith(prefix)}


# ---------------------------------------------------------------- §2.3 no starting Koku

def drafted(variants):
    """A draft of Takeda, Oda, Ōtomo and Uesugi (no income ability among
    them) played to the first Reinforcement."""
    g = new_game(4, variants=variants)
    script_dice(g, orders=[("d", "c", "b", "a")])
    run = Run(g)
    for clan in ("takeda", "oda", "otomo", "uesugi"):
        run.answer("draft", clan)
    run.until("reinforce")
    return run


def test_v83_starts_with_no_koku_and_four_after_the_first_income():
    """[v83 §2.3] TF-2.2-2: the starting capital is gone: after the draft
    every clan has 0 Koku, and after the first round's income 4 (3 + 1
    province), no upkeep. The short text gives 3 to start [§2.3]."""
    run = drafted(V83)
    (placed_,) = run.events(ev.ClansPlaced)
    assert placed_.koku == 0
    assert {e.clan: e.amount for e in run.events(ev.IncomeCollected)} == \
        dict.fromkeys(("takeda", "oda", "otomo", "uesugi"), 4)
    assert run.state.koku == dict.fromkeys(("takeda", "oda", "otomo", "uesugi"), 4)
    assert not run.events(ev.CostPaid)
    short = drafted(())
    assert short.events(ev.ClansPlaced)[0].koku == 3
    assert short.state.koku == dict.fromkeys(("takeda", "oda", "otomo", "uesugi"), 7)


# ---------------------------------------------------------------- §2.4 the Mōri sail [U-11]

def mori_run(*provinces, koku=0, variants=V83):
    g = from_start(position(*provinces, clans=MORI, round=1, order=MORI_ORDER,
                            koku={"mori": koku}), variants=variants)
    run = Run(g)
    run.until("move-from", "mori")
    return run


def test_mori_sails_a_daimyo_and_five_bushi_between_coastal_provinces_for_one_koku():
    """[v83 §2.4] Once a turn, for 1 Koku, a Mōri Daimyō and up to 5 Bushi
    of his province go to another Mōri coastal province on the same sea
    (Aki to Settsu on the Inland Sea, far beyond a march)."""
    run = mori_run(at("aki", mori=(2, 6)), at("settsu", mori=(0, 1)))
    koku = run.state.koku["mori"]
    assert "sail:aki" in run.values("move-from")
    run.answer("move-from", "sail:aki", "mori")
    assert set(run.values("move-to")) == {"to:settsu", "back"}
    run.answer("move-to", "to:settsu", "mori")
    assert max(run.values("move-count")) == 5  # of 6 Bushi
    run.answer("move-count", 5, "mori")
    (sailed,) = run.events(ev.UnitsSailed)
    assert (sailed.frm, sailed.to, sailed.units, sailed.cost) == \
        ("aki", "settsu", {"daimyo": 1, "bushi": 5}, 1)
    assert run.state.koku["mori"] == koku - 1
    assert run.state.here("settsu") == {"mori": {"bushi": 6, "daimyo": 1}}
    assert run.state.here("aki")["mori"] == {"daimyo": 1, "bushi": 1}


def test_mori_sails_once_a_turn_and_the_sailors_move_no_more():
    """[v83 §2.4] "Once per turn"; [U-11] the sail is the group's move for
    the turn: the sailed units may not march on; the units that were there
    may."""
    run = mori_run(at("aki", mori=(2, 4)), at("nagato", mori=(1, 1)), at("settsu", mori=(0, 1)))
    run.answer("move-from", "sail:aki", "mori")
    run.answer("move-to", "to:settsu", "mori")
    run.answer("move-count", 4, "mori")
    assert not values_starting(run, "sail:")  # Nagato's Daimyō could have sailed
    assert "from:settsu" in run.values("move-from")
    run.answer("move-from", "from:settsu", "mori")
    run.answer("move-to", "to:harima", "mori")
    # only the Bushi that was in Settsu before is asked for
    assert run.pending is None or run.pending.kind != "move-count"
    (moved,) = run.events(ev.UnitsMoved)
    assert moved.units == {"bushi": 1}
    assert run.state.here("settsu")["mori"] == {"bushi": 4, "daimyo": 1}


def test_the_sail_needs_a_daimyo_a_koku_and_mori_coastal_provinces_on_one_sea():
    """[v83 §2.4] [U-11] Only a Daimyō's group sails; it costs 1 Koku; both
    ends are Mōri-held coastal provinces on one sea zone: Suo (on the
    Inland Sea, not on the coastal list) and Satsuma (coastal, Mōri's, but
    on other seas) are no destination."""
    # Bungo and Nagato are Mōri coastal on the Inland Sea; Suo is not coastal
    run = mori_run(at("aki", mori=(1, 2)), at("bungo", mori=(0, 1)), at("nagato", mori=(0, 1)),
                   at("suo", mori=(0, 1)), at("satsuma", mori=(0, 1)))
    run.answer("move-from", "sail:aki", "mori")
    assert set(run.values("move-to")) == {"to:bungo", "to:nagato", "back"}
    # no Daimyō in Bungo or Nagato: they sail nowhere
    run.answer("move-to", "back", "mori")
    assert values_starting(run, "sail:") == {"sail:aki"}
    # no Koku: no sail
    g = placed(position(at("aki", mori=(1, 2)), at("bungo", mori=(0, 1)), clans=MORI),
               variants=V83)
    g.state.koku["mori"] = 1
    assert sea_destinations(g, "mori", "aki") == ["bungo"]
    g.state.koku["mori"] = 0
    assert sea_destinations(g, "mori", "aki") == []


def test_the_sail_keeps_the_limit_of_seven():
    """[v83 §2.4] [§3.2] [U-11] The stack limit applies at the landing: 5
    Mōri units in Settsu leave room for the Daimyō and one Bushi; a full
    province is no destination."""
    run = mori_run(at("aki", mori=(1, 6)), at("settsu", mori=(0, 5)), at("nagato", mori=(0, 7)))
    run.answer("move-from", "sail:aki", "mori")
    assert set(run.values("move-to")) == {"to:settsu", "back"}
    run.answer("move-to", "to:settsu", "mori")
    assert max(run.values("move-count")) == 1
    run.answer("move-count", 1, "mori")
    assert run.state.stack("settsu", "mori") == 7


def test_the_short_texts_one_point_sea_step_is_gone_in_v83():
    """[v83 §2.4] The sail replaces the short text's rule (a step between
    two Mōri provinces on one sea zone costs 1 point): a Bushi of Aki
    reaches Hyūga by Bungo in the short text only, and the short text has
    no sail."""
    here = (at("aki", mori=(1, 2)), at("bungo", mori=(0, 1)))
    run = mori_run(*here, variants=())
    assert not values_starting(run, "sail:")
    run.move("mori", "aki", "hyuga", daimyo=0, bushi=2)
    (moved,) = run.events(ev.UnitsMoved)
    assert moved.units == {"bushi": 2} and moved.path == ("aki", "bungo", "hyuga")
    run = mori_run(*here)
    run.answer("move-from", "from:aki", "mori")
    assert "to:hyuga" in run.values("move-to")  # the Daimyō marches 3: Suo, Bungo, Hyūga
    run.answer("move-to", "to:hyuga", "mori")
    # the Bushi's 2 points reach Bungo by Suo, not Hyūga: the Daimyō goes alone
    (moved,) = run.events(ev.UnitsMoved)
    assert moved.units == {"daimyo": 1} and moved.path == ("aki", "suo", "bungo", "hyuga")


# ---------------------------------------------------------------- §3.2 the limit at every step

def recruiting(variants):
    g = from_start(position(at("owari", oda=(1, 5)), at("mino", oda=(0, 7)), round=1,
                            order=ORDER, koku={"oda": 10}), variants=variants)
    run = Run(g)
    run.until("reinforce", "oda")
    return run


def test_v83_keeps_the_limit_of_seven_when_recruiting():
    """[v83 §3.2] The limit holds whenever a step that changes a province's
    units is resolved, recruiting included: no recruit in full Mino, and
    one only in Owari (6 units), which then holds 7. The short text checks
    the limit at the end of a move only [§6.1]: recruits may stack higher."""
    run = recruiting(V83)
    assert values_starting(run, "recruit:") == {"recruit:owari"}
    run.answer("reinforce", "recruit:owari", "oda")  # one recruit: the only answer
    (r,) = run.events(ev.Recruited)
    assert (r.province, r.count) == ("owari", 1)
    assert run.state.stack("owari", "oda") == 7
    assert not values_starting(run, "recruit:")
    short = recruiting(())
    assert values_starting(short, "recruit:") == {"recruit:owari", "recruit:mino"}
    short.answer("reinforce", "recruit:mino", "oda")
    assert max(short.values("recruit")) == short.state.koku["oda"]
    short.answer("recruit", 5, "oda")
    assert short.state.stack("mino", "oda") == 12


# ---------------------------------------------------------------- §8.1.1 four steps

def vassal_run(*shimazu, dice=None):
    """Oda (Higo) takes Satsuma, where Shimazu's only Daimyō stands; Shimazu
    keeps `shimazu` (its other provinces)."""
    g = from_start(position(at("higo", oda=(1, 3)), at("satsuma", shimazu=(1, 0)), *shimazu,
                            round=1, order=ORDER), variants=V83)
    script_dice(g, (6, 6, 6), (1, 1, 1), (1, 1, 1), then=sides())
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "oda")
    run.until("give-up", "shimazu")
    return run


FIVE = (at("osumi", shimazu=(0, 2)), at("hyuga", shimazu=(0, 2)), at("bungo", shimazu=(0, 2)),
        at("chikugo", shimazu=(0, 2)), at("chikuzen", shimazu=(0, 1)))


def test_tf_8_1_1_1_four_steps_give_up_retreat_then_lose_half():
    """[v83 §8.1.1] TF-8.1.1-1: a vassal with 5 provinces and 9 units gives
    up 2 (5/2 rounded down); their units retreat to adjacent provinces it
    still holds; then half the units left, rounded down, go: 9 -> 4
    removed, nothing having been lost in step 2. In strict order."""
    run = vassal_run(*FIVE)
    assert run.state.count("shimazu") == 5 and run.state.total("shimazu") == 9
    assert set(run.values("give-up")) == {"osumi", "hyuga", "bungo", "chikugo", "chikuzen"}
    run.answer("give-up", "osumi", "shimazu")
    run.answer("give-up", "chikuzen", "shimazu")
    # Osumi's 2 units: only to Hyūga (Satsuma is Oda's); Chikuzen's 1: Chikugo or Bungo
    seen = []
    while run.pending.kind == "retreat":
        seen.append((run.pending.context["province"], tuple(sorted(run.values()))))
        run.answer("retreat", run.values()[0], "shimazu")
    assert ("chikuzen", ("bungo", "chikugo")) in seen
    assert all(opts == ("bungo", "chikugo") for p, opts in seen if p == "chikuzen")
    assert run.state.stack("osumi", "shimazu") == 0 and run.state.stack("hyuga", "shimazu") == 4
    assert run.state.total("shimazu") == 9
    while run.pending is not None and run.pending.kind == "dismiss":
        run.answer("dismiss", run.values()[0], "shimazu")
    (dismissed,) = run.events(ev.TroopsDismissed)
    assert sum(dismissed.removed.values()) == 4 and run.state.total("shimazu") == 5
    kinds = [type(e).__name__ for e in run.g.events
             if isinstance(e, (ev.ProvinceGivenUp, ev.TroopsRetreated, ev.TroopsDismissed))]
    assert kinds == ["ProvinceGivenUp"] * 2 + ["TroopsRetreated"] * 3 + ["TroopsDismissed"]
    assert run.state.controller("osumi") is None and run.state.controller("chikuzen") is None


def test_four_steps_units_without_a_retreat_or_over_the_limit_are_removed():
    """[v83 §8.1.1] Step 2: a unit with no legal retreat is removed, and
    the limit of 7 holds at the destination (units over it are removed);
    then step 3 halves what is left. Ōsumi (next to Hyūga, given up too,
    and Oda's Satsuma) has nowhere to go; of Hyūga's 2, one fits into Bungo."""
    run = vassal_run(at("osumi", shimazu=(0, 1)), at("hyuga", shimazu=(0, 2)),
                     at("bungo", shimazu=(0, 6)), at("chikugo", shimazu=(0, 1)),
                     at("chikuzen", shimazu=(0, 1)))
    run.answer("give-up", "hyuga", "shimazu")
    run.answer("give-up", "osumi", "shimazu")
    while run.pending.kind == "retreat":
        assert run.values() == ["bungo"] or set(run.values()) <= {"bungo"}
        run.answer("retreat", "bungo", "shimazu")
    retreats = run.events(ev.TroopsRetreated)
    assert run.state.stack("bungo", "shimazu") == 7
    assert sorted((e.frm, e.to, e.count) for e in retreats if e.to is None) == \
        [("hyuga", None, 1), ("osumi", None, 1)]
    left = run.state.total("shimazu")
    assert left == 9
    while run.pending is not None and run.pending.kind == "dismiss":
        run.answer("dismiss", run.values()[0], "shimazu")
    (dismissed,) = run.events(ev.TroopsDismissed)
    assert sum(dismissed.removed.values()) == left // 2 == 4


def test_four_steps_a_province_emptied_in_step_three_is_neutral():
    """[v83 §8.1.1] Step 4: a province the vassal empties when it halves
    its troops is neutral; the vassal's holdings when its vassalage began
    are counted after its losses (for the Ransom [§8.1.2])."""
    run = vassal_run(at("hyuga", shimazu=(0, 1)), at("bungo", shimazu=(0, 3)),
                     at("chikugo", shimazu=(0, 1)))
    run.answer("give-up", "chikugo", "shimazu")
    while run.pending.kind == "retreat":
        run.answer("retreat", "bungo", "shimazu")
    # 5 units: 2 dismissed; Hyūga's one among them
    run.answer("dismiss", "hyuga:bushi", "shimazu")
    if run.pending is not None and run.pending.kind == "dismiss":
        run.answer("dismiss", "bungo:bushi", "shimazu")
    assert sum(run.events(ev.TroopsDismissed)[0].removed.values()) == 2
    assert run.state.controller("hyuga") is None and run.state.controller("bungo") == "shimazu"
    assert run.state.vassals["shimazu"].held == 1


def test_the_short_text_loses_half_provinces_and_troops_without_retreat():
    """[§8.1.1] (short text) The provinces given up go with their units,
    which count towards the half of the troops lost: no retreat is asked."""
    g = from_start(position(at("higo", oda=(1, 3)), at("satsuma", shimazu=(1, 0)), *FIVE,
                            round=1, order=ORDER))
    script_dice(g, (6, 6, 6), (1, 1, 1), (1, 1, 1), then=sides())
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "oda")
    run.until("give-up", "shimazu")
    run.answer("give-up", "osumi", "shimazu")
    run.answer("give-up", "chikuzen", "shimazu")
    assert run.pending.kind == "dismiss"
    assert not run.events(ev.TroopsRetreated)
    while run.pending.kind == "dismiss":
        run.answer("dismiss", run.values()[0], "shimazu")
    # 9 // 2 = 4 troops lost: Ōsumi's 2 and Chikuzen's 1 with their provinces, 1 more
    assert sum(run.events(ev.TroopsDismissed)[0].removed.values()) == 1
    assert run.state.total("shimazu") == 5


# ---------------------------------------------------------------- §8.1.2 the Daimyō's Ransom

def ransom(held, provinces, path="rebuilding", fund=0, variants=V83):
    """Shimazu, Oda's vassal since it held `held` provinces, now holding
    `provinces` (one Bushi each), through one round on `path`."""
    g = from_start(position(*[at(p, shimazu=(0, 1)) for p in provinces], round=2,
                            order=("shimazu", "oda", "tokugawa", "uesugi"),
                            vassals=[("shimazu", "oda", fund, held)]), variants=variants)
    run = Run(g)
    run.answer("vassal-path", path, "shimazu")
    if run.pending.kind == "deposit":
        run.answer("deposit", 0, "shimazu")
    play_until(run, lambda r: r.state.round == 3)
    return run


KYUSHU5 = ("satsuma", "osumi", "hyuga", "higo", "bungo")


def winter_deposits(run):
    """The Liberation Fund's deposits made in Winter."""
    out, winter = [], False
    for e in run.g.events:
        if isinstance(e, ev.SeasonBegan):
            winter = e.phase == "Winter"
        elif winter and isinstance(e, ev.FundDeposited):
            out.append(e)
    return out


def test_tf_8_1_2_1_territorial_expansion_two_koku_a_province_over_the_start():
    """[v83 §8.1.2] TF-8.1.2-1: a vassal that began with 3 provinces adds 2
    Koku to its Liberation Fund in Winter for each province held above 3:
    holding 5, +4; holding 3, nothing."""
    run = ransom(3, KYUSHU5)
    (dep,) = winter_deposits(run)
    assert (dep.clan, dep.amount, dep.fund) == ("shimazu", 4, 4)
    run = ransom(3, KYUSHU5[:3])
    assert not winter_deposits(run)


def test_territorial_expansion_only_on_the_ransom_and_only_in_v83():
    """[v83 §8.1.2] Expansion is one of the Ransom's three ways: a vassal on
    the Gekokujō Assault gets nothing for it; the short text's Rebuilding
    has no expansion."""
    assert not winter_deposits(ransom(3, KYUSHU5, path="assault"))
    assert not winter_deposits(ransom(3, KYUSHU5, variants=()))


def test_territorial_expansion_can_complete_the_ransom():
    """[v83 §8.1.2] The fund reaching 10 in Winter liberates the vassal."""
    run = ransom(3, KYUSHU5, fund=7)
    assert [(e.clan, e.how) for e in run.events(ev.Liberated)] == \
        [("shimazu", "the Daimyō's Ransom")]
    assert "shimazu" not in run.state.vassals


def test_the_ransoms_annual_tithe_is_at_most_three():
    """[v83 §8.1.2] Annual Tithe: up to 3 Koku a round into the fund; the
    path is named the Daimyō's Ransom."""
    g = from_start(position(at("satsuma", shimazu=(0, 1)), round=2, koku={"shimazu": 9},
                            order=("shimazu", "oda", "tokugawa", "uesugi"),
                            vassals=[("shimazu", "oda", 0, 1)]), variants=V83)
    run = Run(g)
    p = run.pending
    assert p.kind == "vassal-path"
    assert any("Ransom" in o.label for o in p.options if o.value == "rebuilding")
    run.answer("vassal-path", "rebuilding", "shimazu")
    assert max(run.values("deposit")) == 3


def test_the_annual_tithe_comes_after_income_and_before_maintenance():
    """[v83 §8.1.2] "Annual Tithe: in Administration, after income and
    before maintenance, deposit up to 3 Koku": the deposit precedes the
    vassal's upkeep."""
    g = from_start(position(at("satsuma", shimazu=(0, 6)), round=2, koku={"shimazu": 0},
                            order=("shimazu", "oda", "tokugawa", "uesugi"),
                            vassals=[("shimazu", "oda", 0, 1)]), variants=V83)
    run = Run(g)
    run.answer("vassal-path", "rebuilding", "shimazu")
    # income 5 (3, Satsuma, its coast); the upkeep of 6 Bushi (3) comes after
    assert max(run.values("deposit")) == 3
    run.answer("deposit", 3, "shimazu")
    deposit = run.events(ev.FundDeposited)[0]
    upkeep = next(e for e in run.events(ev.CostPaid) if e.clan == "shimazu")
    assert run.g.events.index(deposit) < run.g.events.index(upkeep)


# ---------------------------------------------------------------- §9.2 castles

def siege(variants, castle="tokugawa", fortress=False):
    """Oda (Owari) takes Mikawa, Tokugawa's castle province; Tokugawa's
    Daimyō waits in Tōtōmi."""
    g = from_start(position(at("owari", oda=(1, 3)),
                            at("mikawa", castle=castle, fortress=fortress, tokugawa=(0, 1)),
                            at("totomi", tokugawa=(1, 0)), round=1, order=ORDER),
                   variants=variants)
    script_dice(g, then=sides(oda=6))
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    assert run.state.controller("mikawa") == "oda"
    return run


def test_v83_a_castle_taken_by_an_enemy_is_destroyed():
    """[v83 §9.2] Destruction: if an enemy gains control of a province with
    a castle, the castle is removed at once. In the short text it stands
    (and serves its new holder)."""
    run = siege(V83)
    (gone,) = run.events(ev.CastleDestroyed)
    assert gone.province == "mikawa" and "mikawa" not in run.state.castles
    ended = run.events(ev.ClashEnded)[0]
    assert run.g.events.index(ended) < run.g.events.index(gone)
    short = siege(())
    assert not short.events(ev.CastleDestroyed) and "mikawa" in short.state.castles


def test_v83_the_hojo_fortress_is_destroyed_too():
    """[v83 §9.2] "a Castle or Fortress": the Hōjō Fortress taken is removed."""
    clans = {"a": "oda", "b": "hojo", "c": "tokugawa", "d": "uesugi"}
    g = from_start(position(at("kai", oda=(1, 3)),
                            at("sagami", castle="hojo", fortress=True, hojo=(0, 1)),
                            at("izu", hojo=(1, 0)), round=1, clans=clans,
                            order=("oda", "hojo", "tokugawa", "uesugi")), variants=V83)
    script_dice(g, then=sides(oda=6))
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "kai", "sagami", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    assert run.events(ev.CastleDestroyed) and "sagami" not in run.state.castles


def test_v83_one_castle_at_a_time_and_a_new_one_once_it_has_fallen():
    """[v83 §9.2] Any clan may have only one castle on the map at a time:
    none more while it stands; once its castle has been destroyed, it may
    build again. In the short text the one castle is the clan's for the
    whole game (the Hōjō alone rebuild [§2.4])."""
    standing = placed(position(at("mikawa", castle="tokugawa", tokugawa=(1, 1)),
                               at("totomi", tokugawa=(0, 1))), variants=V83)
    assert castle_places(standing, "tokugawa") == []
    for variants, again in ((V83, True), ((), False)):
        g = placed(position(at("mikawa", tokugawa=(1, 1)), at("totomi", tokugawa=(0, 1)),
                            round=3), variants=variants)
        g.state.built_castle["tokugawa"] = 1  # built in round 1, destroyed since
        assert bool(castle_places(g, "tokugawa")) is again, variants


def test_v83_the_destroyed_castles_builder_builds_again_next_round():
    """[v83 §9.2] After the destruction, Tokugawa (with Koku) is offered a
    castle again in its next Reinforcement."""
    run = siege(V83)
    run.state.koku["tokugawa"] = 20
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce"
               and r.pending.context["clan"] == "tokugawa")
    assert values_starting(run, "castle:") == {"castle:totomi"}


def test_v83_the_builder_winning_its_contested_castle_province_keeps_the_castle():
    """[v83 §9.2] Only an enemy's control destroys a castle: Tokugawa's
    castle province, contested by an Oda Bushi left from an earlier battle,
    cleared by Tokugawa on its turn, keeps its castle."""
    g = from_start(position(at("mikawa", castle="tokugawa", tokugawa=(1, 2), oda=(0, 1)),
                            at("owari", oda=(1, 0)), round=1,
                            order=("tokugawa", "oda", "shimazu", "uesugi")), variants=V83)
    script_dice(g, then=sides(tokugawa=6))
    run = Run(g)
    run.until("move-from", "tokugawa")
    run.answer("move-from", "done", "tokugawa")
    until_seen(run, ev.ClashEnded)
    assert run.state.controller("mikawa") == "tokugawa"
    assert "mikawa" in run.state.castles and not run.events(ev.CastleDestroyed)


def test_v83_a_castle_is_destroyed_when_an_enemy_walks_into_its_empty_province():
    """[v83 §9.2] Tokugawa left its castle province empty; Oda marches in
    and gains control without a battle: the castle is removed at once."""
    g = from_start(position(at("mikawa", castle="tokugawa"), at("totomi", tokugawa=(1, 0)),
                            at("owari", oda=(1, 2)), round=1, order=ORDER), variants=V83)
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=1)
    end_moves(run, "oda")
    run.until("move-from", "shimazu")
    assert run.state.controller("mikawa") == "oda"
    assert "mikawa" not in run.state.castles
