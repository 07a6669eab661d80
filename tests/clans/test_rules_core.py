"""The core rules of the clans kind, default edition (§0-§9.2 of the short
text), one test or more per numbered rule: victory [§1.1.2] [§1.2] [§1.2.1]
[§1.3], the clan abilities outside battle [§2.4], administration [§4.1]
[§4.2], reinforcement [§5.1] [§5.2], movement [§6.1], winter [§7.1], the
ninja [§9.1] and castles [§9.2]. Combat is in test_combat.py, vassalage and
elimination in test_vassalage.py, the draft and set-up in test_draft.py."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.economy import income, mountain_supply
from tenkatoitsu.kinds.clans.game import set_order
from tenkatoitsu.kinds.clans.outcome import (
    MANDATE_WIN,
    PROVINCE_WIN,
    GameOver,
    check_victory,
)
from tenkatoitsu.kinds.clans.reinforcement import castle_places
from tenkatoitsu.kinds.clans.view import view_of
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
    until_seen,
)

ORDER = ("oda", "shimazu", "tokugawa", "uesugi")
#: 19 provinces for Oda and 19 for Shimazu, Bizen and Mimasaka between them
ODA19 = ("owari", "ise", "iga", "shima", "omi", "mino", "hida", "yamato", "kawachi", "izumi",
         "kii", "tamba", "tango", "tajima", "wakasa", "echizen", "kaga", "noto", "harima")
SHIMAZU19 = ("satsuma", "osumi", "hyuga", "higo", "chikugo", "chikuzen", "buzen", "bungo",
             "hizen", "iki", "tsushima", "nagato", "suo", "aki", "bingo", "bitchu", "iwami",
             "izumo", "hoki")


def holding(clan, provinces, daimyo=1, bushi=1, extra=None):
    """The clan with `bushi` Bushi in each province (its Daimyō in the first);
    `extra`: province -> (Daimyō, Bushi) instead."""
    extra = extra or {}
    out = []
    for i, p in enumerate(provinces):
        units = extra.get(p, (daimyo if i == 0 else 0, bushi))
        out.append(at(p, **{clan: units}))
    return out


def finished(g, rule="§4"):
    """Run the end-of-phase check [§1.1.2]: the winning clan and level, or None."""
    try:
        check_victory(g, rule)
    except GameOver:
        return g.state.clan_of[g.state.winner], g.state.level
    return None


# ---------------------------------------------------------------- §1.2 province control

def test_victory_needs_20_provinces_with_four_players_and_18_with_five():
    """[§1.2] 4 players: 20 provinces; 5 players: 18."""
    assert new_game(4).table.victory_target() == 20
    assert new_game(5).table.victory_target() == 18
    pool = ODA19 + ("bizen", "mimasaka", "bitchu")
    for n, held, wins in ((4, 19, False), (4, 20, True), (5, 17, False), (5, 18, True),
                          (4, 18, False)):
        provinces = pool[:held]
        g = placed(position(*holding("oda", provinces), players=n))
        assert (finished(g) == ("oda", PROVINCE_WIN)) is wins, (n, held)


def test_twenty_provinces_win_at_the_end_of_administration():
    """[§1.1.2] Victory is checked at the end of every phase: a clan holding
    20 provinces when Administration ends wins before any reinforcement."""
    g = from_start(position(*holding("oda", ODA19 + ("bizen",)), round=1, order=ORDER))
    run = Run(g)
    assert run.pending is None
    (won,) = run.events(ev.GameWon)
    assert (won.winner, won.level, won.rule) == ("oda", PROVINCE_WIN, "§1.2 (§4)")
    assert run.state.winner == "a"
    assert not [e for e in run.events(ev.SeasonBegan) if e.phase == "Reinforcement"]


def nineteen_each():
    """Oda and Shimazu with 19 provinces each, Bizen empty between Harima
    (2 Oda Bushi) and Bitchū (2 Shimazu Bushi); Oda moves first."""
    g = from_start(position(*holding("oda", ODA19, extra={"harima": (0, 2)}),
                            *holding("shimazu", SHIMAZU19, extra={"bitchu": (0, 2)}),
                            round=1, order=ORDER))
    run = Run(g)
    run.until("move-from", "oda")
    run.move("oda", "harima", "bizen", bushi=1)
    end_moves(run, "oda")
    assert run.state.count("oda") == 20
    return run


def test_twenty_reached_mid_campaign_wins_only_at_the_end_of_the_phase():
    """[§1.1.2] The check comes after all actions of the phase: Oda, with
    20 provinces after its move, wins only once every player's campaign
    turn is over."""
    run = nineteen_each()
    assert run.pending is not None and not run.events(ev.GameWon)
    play_until(run, lambda r: False)
    (won,) = run.events(ev.GameWon)
    assert (won.winner, won.rule) == ("oda", "§1.2 (§6)")
    last_turn = run.events(ev.TurnBegan)[-1]
    assert last_turn.clan == "uesugi"
    assert run.g.events.index(won) > run.g.events.index(last_turn)


def test_twenty_lost_again_before_the_end_of_the_phase_does_not_win():
    """[§1.1.2] A condition met during the phase but lost before its end
    does not win: Shimazu fights Oda's 20th province to neutral."""
    run = nineteen_each()
    script_dice(run.g, (6,), (6,))  # Shimazu's attack die, Oda's defense die
    run.until("move-from", "shimazu")
    run.move("shimazu", "bitchu", "bizen", bushi=1)
    end_moves(run, "shimazu")
    until_seen(run, ev.ClashEnded)
    assert run.state.controller("bizen") is None
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce")
    assert not run.events(ev.GameWon)
    assert run.state.count("oda") == run.state.count("shimazu") == 19


# ---------------------------------------------------------------- §1.2.1 the tie-breaker

def tied(oda_koku=5, shimazu_koku=5, oda_daimyo=1, oda_bushi=1, shimazu_twentieth="mimasaka"):
    g = placed(position(*holding("oda", ODA19 + ("bizen",), daimyo=oda_daimyo,
                                 extra={"ise": (0, oda_bushi)}),
                        *holding("shimazu", SHIMAZU19 + (shimazu_twentieth,)),
                        koku={"oda": oda_koku, "shimazu": shimazu_koku}))
    assert g.state.count("oda") == g.state.count("shimazu") == 20
    return finished(g)


def test_tie_broken_by_more_koku():
    """[§1.2.1] 1st, Economic Strength: more Koku wins."""
    assert tied(oda_koku=4, shimazu_koku=5) == ("shimazu", PROVINCE_WIN)
    assert tied(oda_koku=6, shimazu_koku=5) == ("oda", PROVINCE_WIN)


def test_tie_broken_by_more_daimyo():
    """[§1.2.1] 2nd, Leadership Preservation: more Daimyō remaining wins."""
    assert tied(oda_daimyo=2)[0] == "oda"


def test_tie_broken_by_more_mandate_provinces():
    """[§1.2.1] 3rd, Strategic Prestige: more Mandate provinces wins."""
    assert tied(shimazu_twentieth="settsu")[0] == "shimazu"


def test_tie_broken_by_initiative():
    """[§1.2.1] 4th, Initiative: who would act earlier in the next round's
    order (§4.1: fewer units, then the clan's name)."""
    assert tied(oda_bushi=2)[0] == "shimazu"  # Oda has one unit more
    assert tied()[0] == "oda"  # all equal: Oda before Shimazu by name


def test_more_provinces_is_no_tie():
    """[§1.2] [§1.2.1] 21 against 20 is not a tie: the 21 win, Koku or not."""
    g = placed(position(*holding("oda", ODA19 + ("bizen", "mimasaka")),
                        *holding("shimazu", SHIMAZU19 + ("settsu",)),
                        koku={"oda": 0, "shimazu": 50}))
    assert finished(g) == ("oda", PROVINCE_WIN)


# ---------------------------------------------------------------- §1.3 the Shōgun's Mandate

MANDATE = ("yamashiro", "settsu", "sagami")


def test_sole_control_of_the_three_mandate_provinces_wins():
    """[§1.3] Sole, undisputed control of Yamashiro, Settsu and Sagami wins."""
    g = placed(position(*holding("oda", ("owari",) + MANDATE)))
    assert finished(g) == ("oda", MANDATE_WIN)
    g = placed(position(*holding("oda", ("owari",) + MANDATE[:2])))
    assert finished(g) is None


def test_mandate_province_shared_with_another_clan_does_not_count():
    """[§1.3] With another player's unit in Sagami it is not under Oda's sole control."""
    g = placed(position(*holding("oda", ("owari",) + MANDATE[:2]),
                        at("sagami", oda=(0, 3), tokugawa=(0, 1))))
    assert finished(g) is None


def test_the_mandate_comes_before_province_control():
    """[§1.1.1] Simultaneous victories: the Shōgun's Mandate first."""
    g = placed(position(*holding("oda", ("owari",) + MANDATE),
                        *holding("shimazu", SHIMAZU19 + ("mimasaka",))))
    assert finished(g) == ("oda", MANDATE_WIN)


# ---------------------------------------------------------------- §2.4 income abilities

def income_of(clan, provinces):
    g = placed(position(*holding(clan, provinces),
                        clans={"a": clan, "b": "takeda", "c": "tokugawa", "d": "uesugi"}))
    return income(g, clan)


def test_chosokabe_base_four_and_one_per_two_coastal_at_most_two():
    """[§2.4] Chōsokabe: base income 4; +1 Koku for every 2 coastal provinces
    (at most +2)."""
    assert income_of("chosokabe", ("awa-shikoku", "sanuki", "tosa")) == (4 + 3 + 0, 3, 0)
    assert income_of("chosokabe", ("tosa", "settsu")) == (4 + 2 + 1, 2, 1)
    assert income_of("chosokabe", ("tosa", "settsu", "sagami", "owari")) == (4 + 4 + 2, 4, 2)
    six = ("tosa", "settsu", "sagami", "owari", "nagato", "suruga")
    assert income_of("chosokabe", six) == (4 + 6 + 2, 6, 2)


def test_shimazu_one_per_coastal_province_at_most_three():
    """[§2.4] Shimazu: +1 Koku per coastal province (at most +3)."""
    assert income_of("shimazu", ("satsuma", "bungo")) == (3 + 2 + 2, 2, 2)
    five = ("satsuma", "bungo", "aki", "nagato", "tosa")
    assert income_of("shimazu", five) == (3 + 5 + 3, 5, 3)


def test_mori_one_per_three_coastal_provinces():
    """[§2.4] Mōri: +1 Koku for every 3 coastal provinces."""
    assert income_of("mori", ("aki", "nagato")) == (3 + 2 + 0, 2, 0)
    assert income_of("mori", ("aki", "nagato", "bungo")) == (3 + 3 + 1, 3, 1)
    six = ("aki", "nagato", "bungo", "satsuma", "tosa", "settsu")
    assert income_of("mori", six) == (3 + 6 + 2, 6, 2)


def test_only_the_listed_coastal_provinces_count():
    """[§2.4] [U-9] The Reference page's ten coastal provinces: Hyūga and
    Ōsumi are on the sea but not on the list."""
    assert income_of("shimazu", ("hyuga", "osumi", "higo")) == (3 + 3 + 0, 3, 0)
    assert income_of("oda", ("owari", "settsu")) == (3 + 2 + 0, 2, 0)  # no ability


def test_tokugawa_pays_no_mountain_supply():
    """[§2.4] Tokugawa: immune to supply costs in mountain provinces; [§7.1]
    another clan pays 1 a mountain province and 1 per 3 units there."""
    clans = {"a": "tokugawa", "b": "takeda", "c": "oda", "d": "uesugi"}
    g = placed(position(at("shinano", tokugawa=(1, 5)), at("hida", tokugawa=(0, 2)),
                        at("kozuke", takeda=(1, 2)), at("etchu", takeda=(0, 4)),
                        at("mino", oda=(1, 0)), clans=clans))
    assert mountain_supply(g, "tokugawa") == 0
    assert mountain_supply(g, "takeda") == 2 + 3  # 2 provinces, 7 units -> 3


def test_hojo_fortress_costs_three_and_a_castle_five():
    """[§2.4] The Hōjō Fortress costs 3 Koku; [§9.2] a castle 5."""
    clans = {"a": "hojo", "b": "oda", "c": "tokugawa", "d": "uesugi"}
    g = from_start(position(at("sagami", hojo=(1, 1)), at("owari", oda=(1, 1)), round=1,
                            clans=clans, order=("hojo", "oda", "tokugawa", "uesugi"),
                            koku={"hojo": 0, "oda": 0}))
    run = Run(g)
    run.until("reinforce", "hojo")
    assert run.state.koku["hojo"] == 4 and "castle:sagami" in run.values()
    run.answer("reinforce", "castle:sagami", "hojo")
    assert run.state.koku["hojo"] == 1
    castle = run.state.castles["sagami"]
    assert (castle.builder, castle.fortress) == ("hojo", True)
    assert run.events(ev.CastleBuilt)[0].cost == 3
    run.until("reinforce", "oda")
    assert run.state.koku["oda"] == 4
    assert not [v for v in run.values() if str(v).startswith("castle:")]


def test_hojo_may_rebuild_a_destroyed_fortress_in_a_later_round():
    """[§2.4] "If your Fortress is destroyed, you may rebuild it in a later
    round"; [§9.2] any other clan has its one castle only."""
    clans = {"a": "hojo", "b": "oda", "c": "tokugawa", "d": "uesugi"}
    g = placed(position(at("sagami", hojo=(1, 1)), at("owari", oda=(1, 1)), clans=clans,
                        round=3))
    st = g.state
    st.built_castle.update({"hojo": 2, "oda": 2})  # built last round, gone since
    assert castle_places(g, "hojo") == ["sagami"]
    assert castle_places(g, "oda") == []
    st.built_castle["hojo"] = 3  # not in the round it was built
    assert castle_places(g, "hojo") == []


def test_takeda_daimyo_takes_six_bushi_three_provinces():
    """[§2.4] A Takeda Daimyō moves with up to 6 Bushi from his province as
    one group, 3 provinces (Kai to Ise by Shinano and Mino)."""
    clans = {"a": "takeda", "b": "oda", "c": "tokugawa", "d": "uesugi"}
    g = from_start(position(at("kai", takeda=(1, 6)), clans=clans, round=1,
                            order=("takeda", "oda", "tokugawa", "uesugi")))
    run = Run(g)
    run.until("move-from", "takeda")
    run.answer("move-from", "from:kai", "takeda")
    run.answer("move-to", "to:ise", "takeda")
    p = run.pending  # the one Daimyō goes: asked only for the Bushi
    assert p.kind == "move-count" and p.context["unit"] == "bushi"
    assert max(p.values()) == 6
    run.answer("move-count", 6, "takeda")
    (moved,) = run.events(ev.UnitsMoved)
    assert moved.units == {"daimyo": 1, "bushi": 6} and len(moved.path) == 4


def test_other_clans_bushi_do_not_follow_a_daimyo_three_provinces():
    """[§6.1] Bushi move 2: without the Takeda ability only the Daimyō goes 3."""
    g = from_start(position(at("echigo", uesugi=(1, 3)), round=1,
                            order=("uesugi", "oda", "shimazu", "tokugawa")))
    run = Run(g)
    run.until("move-from", "uesugi")
    run.answer("move-from", "from:echigo", "uesugi")
    run.answer("move-to", "to:ise", "uesugi")
    (moved,) = run.events(ev.UnitsMoved)
    assert moved.units == {"daimyo": 1}


def mori_destinations(*more):
    clans = {"a": "mori", "b": "takeda", "c": "tokugawa", "d": "uesugi"}
    g = from_start(position(at("aki", mori=(1, 2)), *more, clans=clans, round=1,
                            order=("mori", "takeda", "tokugawa", "uesugi")))
    run = Run(g)
    run.until("move-from", "mori")
    run.answer("move-from", "from:aki", "mori")
    return run


def test_mori_moves_between_its_provinces_on_one_sea_zone_for_one_point():
    """[§2.4] Mōri: between two Mōri provinces bordering the same sea zone
    (Aki and Bungo, the Inland Sea) a move costs 1 point: a Bushi goes Aki,
    Bungo, Hyūga."""
    run = mori_destinations(at("bungo", mori=(0, 1)))
    assert "to:hyuga" in run.values("move-to")
    run.answer("move-to", "to:hyuga", "mori")
    p = run.pending
    if p is not None and p.kind == "move-count" and p.context["unit"] == "daimyo":
        run.answer("move-count", 0, "mori")
    run.answer("move-count", 1, "mori")
    assert run.events(ev.UnitsMoved)[0].path == ("aki", "bungo", "hyuga")


def test_mori_sea_move_needs_mori_control_at_both_ends():
    """[§2.4] Only between Mōri-controlled provinces: with Bungo empty, Hyūga
    is 3 provinces from Aki (by the Suō-Bungo lane), out of a Bushi's reach."""
    run = mori_destinations()
    run.answer("move-to", "to:hyuga", "mori")  # only the Daimyō can go (asked nothing)
    assert run.events(ev.UnitsMoved)[0].units == {"daimyo": 1}


# ---------------------------------------------------------------- §4.1 administration

def test_income_is_three_plus_one_per_province_and_upkeep_one_per_two_bushi():
    """[§4.1] 1. 3 Koku + 1 per controlled province; 2. 1 Koku for every 2
    Bushi, rounded up, Daimyō free (not in the first round [§2.3])."""
    g = from_start(position(at("owari", oda=(3, 4)), at("mino", oda=(0, 3)),
                            round=2, order=ORDER,
                            koku={"oda": 10}))
    run = Run(g)
    assert [e.amount for e in run.events(ev.IncomeCollected) if e.clan == "oda"] == [3 + 2]
    assert [(e.what, e.amount) for e in run.events(ev.CostPaid) if e.clan == "oda"] == \
        [("upkeep", 4)]  # 7 Bushi -> 4; the 3 Daimyō free
    assert run.state.koku["oda"] == 10 + 5 - 4


def test_player_order_fewest_provinces_then_less_koku_fewer_units_and_name():
    """[§4.1] 3. Fewest provinces first; ties: less Koku, then fewer total
    units, then the clan's name alphabetically."""
    g = placed(position(at("owari", oda=(1, 1)), at("mino", oda=(0, 1)),
                        at("satsuma", shimazu=(1, 1)), at("mikawa", tokugawa=(1, 1)),
                        at("echigo", uesugi=(1, 2)),
                        koku={"oda": 0, "shimazu": 5, "tokugawa": 3, "uesugi": 3}))
    set_order(g)
    assert g.state.order == ["tokugawa", "uesugi", "shimazu", "oda"]
    g.state.units["echigo"]["uesugi"]["bushi"] = 1  # now tied with Tokugawa
    set_order(g)
    assert g.state.order[:2] == ["tokugawa", "uesugi"]
    g.state.koku["uesugi"] = 2
    set_order(g)
    assert g.state.order[:2] == ["uesugi", "tokugawa"]


def test_alphabetical_tie_break_reads_otomo_under_o():
    """[§4.1] The clan name alphabetically: the rules write Otomo (§2.2.1,
    §2.4), between Oda and Shimazu; a full tie with Uesugi puts Ōtomo first."""
    clans = {"a": "otomo", "b": "uesugi", "c": "tokugawa", "d": "oda"}
    g = placed(position(at("bungo", otomo=(1, 1)), at("echigo", uesugi=(1, 1)),
                        at("mikawa", tokugawa=(1, 1)), at("totomi", tokugawa=(0, 1)),
                        at("owari", oda=(1, 1)), at("mino", oda=(0, 1)), clans=clans,
                        koku={"otomo": 2, "uesugi": 2}))
    set_order(g)
    assert g.state.order[:2] == ["otomo", "uesugi"]


def test_order_is_set_after_income_and_upkeep():
    """[§4.1] Income for all, then upkeep for all, and only then the order:
    Oda's upkeep leaves it with less Koku than Shimazu, so it acts first."""
    # Oda 6 + 4 = 10 before upkeep, 7 after; Shimazu 4 + 5 = 9 (no Bushi)
    g = from_start(position(at("owari", oda=(1, 6)), at("satsuma", shimazu=(1, 0)),
                            at("mikawa", tokugawa=(1, 0)), at("totomi", tokugawa=(0, 1)),
                            at("echigo", uesugi=(1, 0)), at("sado", uesugi=(0, 1)),
                            round=2, order=ORDER, koku={"oda": 6, "shimazu": 4}))
    run = Run(g)
    kinds = [type(e).__name__ for e in run.g.events
             if isinstance(e, (ev.IncomeCollected, ev.CostPaid, ev.OrderSet))]
    assert kinds == ["IncomeCollected"] * 4 + ["CostPaid"] * 3 + ["OrderSet"]
    assert run.state.koku["oda"] == 7 and run.state.koku["shimazu"] == 9
    assert run.events(ev.OrderSet)[0].order == ("oda", "shimazu", "tokugawa", "uesugi")


def test_bankruptcy_in_winter_removes_two_bushi_per_koku():
    """[§4.2] Any required cost (Winter supply too): 2 Bushi removed for
    every Koku short, never debt."""
    g = from_start(position(at("shinano", oda=(1, 6)), at("hida", oda=(0, 5)), round=1,
                            order=ORDER, koku={"oda": 0}))
    run = Run(g)
    run.until("reinforce", "oda")
    run.answer("reinforce", "recruit:shinano", "oda")
    run.answer("recruit", 5, "oda")  # 5 Koku left of 5 (3 + 2 provinces): 0
    play_until(run, lambda r: r.pending.kind == "bankrupt")
    # supply: 2 provinces + 17 units / 3 -> 6 = 8 Koku, none in the treasury
    assert mountain_supply(run.g, "oda") == 8 and run.state.koku["oda"] == 0
    while run.pending.kind == "bankrupt":
        run.answer("bankrupt", "shinano:bushi", "oda")  # Hida's go when Shinano has none
    (b,) = run.events(ev.Bankrupt)
    assert b.short == 8 and sum(b.removed.values()) == 16
    assert run.state.bushi("oda") == 0
    # no debt: next round's treasury is that round's income alone
    assert run.state.round == 2
    assert run.state.koku["oda"] == [e for e in run.events(ev.IncomeCollected)
                                     if e.clan == "oda"][-1].amount


# ---------------------------------------------------------------- §5 reinforcement

def recruit_game():
    g = from_start(position(at("owari", oda=(1, 1)), at("mino", oda=(0, 1)),
                            at("mikawa", oda=(0, 1), tokugawa=(1, 1)),
                            at("satsuma", shimazu=(1, 0)), round=1,
                            order=("shimazu", "oda", "tokugawa", "uesugi")))
    return Run(g)


def test_recruits_go_to_provinces_held_when_the_phase_began():
    """[§5.1] 1 Koku a Bushi; [§5.2] placed in a province controlled at the
    start of the phase: not contested Mikawa."""
    run = recruit_game()
    run.until("reinforce", "oda")
    assert {v for v in run.values() if v.startswith("recruit:")} == \
        {"recruit:owari", "recruit:mino"}
    koku = run.state.koku["oda"]
    run.answer("reinforce", "recruit:mino", "oda")
    assert max(run.values("recruit")) == koku
    run.answer("recruit", 2, "oda")
    assert run.state.koku["oda"] == koku - 2
    assert run.state.units["mino"]["oda"]["bushi"] == 3
    (r,) = run.events(ev.Recruited)
    assert (r.clan, r.province, r.count, r.cost) == ("oda", "mino", 2, 2)


def test_no_recruiting_in_a_sabotaged_province():
    """[§9.1] Sabotage: no recruitment in the target province for the round."""
    run = recruit_game()
    run.until("reinforce", "shimazu")
    run.answer("reinforce", "ninja", "shimazu")
    run.answer("ninja", "sabotage", "shimazu")
    run.answer("ninja-target", "mino", "shimazu")
    run.until("reinforce", "oda")
    assert {v for v in run.values() if v.startswith("recruit:")} == {"recruit:owari"}


# ---------------------------------------------------------------- §6.1 movement

def moving(*provinces, frm="owari"):
    g = from_start(position(*provinces, round=1, order=ORDER))
    run = Run(g)
    run.until("move-from", "oda")
    run.answer("move-from", f"from:{frm}", "oda")
    return run, {v.partition(":")[2] for v in run.values("move-to") if v != "back"}


def test_bushi_move_two_provinces_daimyo_three():
    """[§6.1] Bushi up to 2 provinces, Daimyō up to 3."""
    far = at("mutsu", oda=(1, 0))
    _, bushi = moving(at("owari", oda=(0, 1)), far, at("mikawa", tokugawa=(1, 0)))
    assert {"mino", "ise", "shinano", "hida", "omi", "kii"} <= bushi
    assert not {"echigo", "kai", "etchu"} & bushi  # 3 provinces away
    _, daimyo = moving(at("owari", oda=(1, 0)), at("mikawa", tokugawa=(1, 0)))
    assert {"echigo", "kai", "etchu", "totomi"} <= daimyo
    assert not {"sagami", "sado"} & daimyo  # 4 away


def test_a_move_ends_on_entering_an_enemy_province_and_never_passes_one():
    """[§6.1] Movement ends on entering a province with another player's
    units: Mikawa may be entered, Tōtōmi (only behind it) is out of reach."""
    _, bushi = moving(at("owari", oda=(0, 1)), at("mutsu", oda=(1, 0)),
                      at("mikawa", tokugawa=(1, 0)))
    assert "mikawa" in bushi and "totomi" not in bushi
    _, hemmed = moving(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(1, 0)),
                       at("mino", tokugawa=(0, 1)), at("ise", shimazu=(0, 1)))
    assert hemmed == {"mikawa", "mino", "ise"}


def test_stack_limit_seven_at_the_end_of_a_move_only():
    """[§6.1] At most 7 of a player's units in a province at the end of a
    move; passing through a full province is allowed."""
    run, dest = moving(at("owari", oda=(1, 4)), at("mino", oda=(0, 7)),
                       at("ise", oda=(0, 5)))
    assert "mino" not in dest and "hida" in dest  # Hida lies beyond full Mino
    run.answer("move-to", "to:ise", "oda")
    assert max(run.values("move-count")) == 1  # the Daimyō first: room for 2 in Ise
    run.answer("move-count", 1, "oda")
    assert max(run.values("move-count")) == 1
    run.answer("move-count", 1, "oda")
    assert run.state.stack("ise", "oda") == 7


def test_a_diverted_province_cannot_be_attacked():
    """[§9.1] Diversion: the target province cannot be attacked this round,
    neither entered by an enemy nor fought over where enemies already share it."""
    g = from_start(position(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(1, 1)),
                            at("totomi", oda=(0, 1), tokugawa=(0, 1)),
                            at("satsuma", shimazu=(1, 0)), round=1,
                            order=("shimazu", "oda", "tokugawa", "uesugi")))
    run = Run(g)
    run.until("reinforce", "shimazu")
    run.answer("reinforce", "ninja", "shimazu")
    run.answer("ninja", "diversion", "shimazu")
    run.answer("ninja-target", "totomi", "shimazu")
    run.until("move-from", "oda")
    run.answer("move-from", "from:owari", "oda")
    assert "to:mikawa" in run.values("move-to")
    run.answer("move-to", "back", "oda")
    play_until(run, lambda r: r.state.round == 2)
    assert not [e for e in run.events(ev.ClashBegan) if e.province == "totomi"]
    g2 = from_start(position(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(1, 1)),
                             at("satsuma", shimazu=(1, 0)), round=1,
                             order=("shimazu", "oda", "tokugawa", "uesugi")))
    run = Run(g2)
    run.until("reinforce", "shimazu")
    run.answer("reinforce", "ninja", "shimazu")
    run.answer("ninja", "diversion", "shimazu")
    run.answer("ninja-target", "mikawa", "shimazu")
    run.until("move-from", "oda")
    run.answer("move-from", "from:owari", "oda")
    assert "to:mikawa" not in run.values("move-to")


# ---------------------------------------------------------------- §7.1 winter

def test_winter_supply_for_mountain_provinces():
    """[§7.1] 1 Koku per mountain province controlled plus 1 per 3 units
    (rounded up) across them; Tokugawa none [§2.4]; nothing for the lowlands."""
    g = from_start(position(at("mino", oda=(1, 2)), at("hida", oda=(0, 2)),
                            at("owari", oda=(0, 4)), at("shinano", tokugawa=(1, 3)),
                            at("etchu", uesugi=(1, 1)), at("satsuma", shimazu=(1, 3)),
                            round=1, order=ORDER))
    run = Run(g)
    play_until(run, lambda r: r.state.round == 2)
    supply = {e.clan: e.amount for e in run.events(ev.CostPaid) if e.what == "mountain supply"}
    assert supply == {"oda": 2 + 2, "uesugi": 1 + 1}


# ---------------------------------------------------------------- §9.1 the ninja

def test_the_ninja_costs_three_and_there_is_only_one():
    """[§9.1] Hire the Ninja for 3 Koku; [§2.1] there is one: once hired no
    one else may hire him this round; a field operation is announced with
    its target to all."""
    run = recruit_game()
    run.until("reinforce", "shimazu")
    koku = run.state.koku["shimazu"]
    run.answer("reinforce", "ninja", "shimazu")
    run.answer("ninja", "sabotage", "shimazu")
    run.answer("ninja-target", "owari", "shimazu")
    assert run.state.koku["shimazu"] == koku - 3
    (sent,) = run.events(ev.NinjaSentOut)
    assert (sent.clan, sent.mission, sent.target, sent.cost) == ("shimazu", "sabotage",
                                                                 "owari", 3)
    assert all(sent.visible_to(s) for s in "abcd")
    assert view_of(run.g, "a")["ninja"]["target"] == "owari"
    run.until("reinforce", "oda")
    assert run.state.koku["oda"] >= 3 and "ninja" not in run.values()


def test_the_ninja_goes_back_at_the_end_of_the_round():
    """[§9.1] [U-4] Hired until the end of the round: next round he may be
    hired again."""
    run = recruit_game()
    run.until("reinforce", "shimazu")
    run.answer("reinforce", "ninja", "shimazu")
    run.answer("ninja", "diversion", "shimazu")
    run.answer("ninja-target", "owari", "shimazu")
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce"
               and r.pending.context["clan"] == "shimazu")
    assert run.events(ev.NinjaReturned) and run.state.ninja is None
    assert run.state.koku["shimazu"] >= 3 and "ninja" in run.values("reinforce")


def test_a_covert_ninja_is_hidden_from_the_other_seats_until_he_strikes():
    """[§9.1] The covert Assassination: its hire is seen by its player only
    (the event and the view); the table learns only that the ninja left the
    supply once the phase is over; his holder shows when he strikes. [§2.1]
    Another player's Koku never shows."""
    g = from_start(position(at("owari", oda=(1, 3)), at("mikawa", tokugawa=(0, 2)),
                            at("totomi", tokugawa=(1, 0)), round=1, order=ORDER,
                            koku={"oda": 3}))
    run = Run(g)
    run.until("reinforce", "oda")
    run.answer("reinforce", "ninja", "oda")
    run.answer("ninja", "assassination", "oda")
    (hired,) = run.events(ev.NinjaHiredCovertly)
    assert hired.visible_to("a") and not any(hired.visible_to(s) for s in "bcd")
    assert view_of(g, "a")["ninja"]["holder"] == "oda"
    run.until("reinforce", "shimazu")
    assert view_of(g, "b")["ninja"] is None
    run.until("move-from", "oda")
    assert run.events(ev.NinjaGone)
    for seat in "bcd":
        v = view_of(g, seat)
        assert v["ninja"]["holder"] is None and v["ninja"]["mission"] is None
        assert v["clans"]["oda"]["koku"] is None
    assert view_of(g, "a")["clans"]["oda"]["koku"] == run.state.koku["oda"]
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    play_until(run, lambda r: r.pending.kind == "assassinate")
    run.answer("assassinate", "tokugawa:bushi", "oda")
    assert view_of(g, "b")["ninja"]["holder"] == "oda"


# ---------------------------------------------------------------- §9.2 castles

def castle_game(koku, *more):
    g = from_start(position(at("owari", oda=(1, 1)), *more, round=1, order=ORDER,
                            koku={"oda": koku}))
    run = Run(g)
    run.until("reinforce", "oda")
    return run


def test_a_castle_costs_five_koku_in_a_province_you_control():
    """[§9.2] Build Castle (5 Koku) in a province you control."""
    run = castle_game(0, at("mino", oda=(0, 1)))  # 5 Koku of income: 3 + 2
    assert {v for v in run.values() if v.startswith("castle:")} == {"castle:owari",
                                                                     "castle:mino"}
    run.answer("reinforce", "castle:mino", "oda")
    assert run.state.koku["oda"] == 0
    c = run.state.castles["mino"]
    assert (c.builder, c.fortress, c.fortified) == ("oda", False, False)
    run = castle_game(0)  # 4 Koku: not enough
    assert run.state.koku["oda"] == 4
    assert not [v for v in run.values() if str(v).startswith("castle:")]


def test_one_castle_per_player():
    """[§9.2] Limit 1 per player: none more, this round or later."""
    run = castle_game(20)
    run.answer("reinforce", "castle:owari", "oda")
    assert not [v for v in run.values() if str(v).startswith("castle:")]
    run.answer("reinforce", "done", "oda")
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "reinforce"
               and r.pending.context["clan"] == "oda")
    assert run.state.koku["oda"] >= 5
    assert not [v for v in run.values() if str(v).startswith("castle:")]


def test_ten_castles_in_all():
    """[§2.1] [§9.2] Ten castles in the box: with ten on the map no more is built."""
    empty = ("kaga", "noto", "wakasa", "tango", "tajima", "inaba", "hoki", "izumo", "iwami",
             "oki")
    builders = ("hojo", "mori", "otomo", "chosokabe", "takeda") * 2
    castles = [at(p, castle=b) for p, b in zip(empty, builders)]
    g = placed(position(at("owari", oda=(1, 1)), *castles))
    assert len(g.state.castles) == 10 and castle_places(g, "oda") == []
    g = placed(position(at("owari", oda=(1, 1)), *castles[:9]))
    assert castle_places(g, "oda") == ["owari"]


def test_fortify_costs_three_and_lasts_one_round():
    """[§9.2] Fortify Castle (3 Koku): +2 for one round (the combat is in
    test_combat.py)."""
    g = from_start(position(at("owari", castle="oda", oda=(1, 1)), round=1, order=ORDER,
                            koku={"oda": 0}))
    run = Run(g)
    run.until("reinforce", "oda")
    koku = run.state.koku["oda"]
    run.answer("reinforce", "fortify:owari", "oda")
    assert run.state.koku["oda"] == koku - 3 and run.state.castles["owari"].fortified
    assert "fortify:owari" not in run.values("reinforce")
    play_until(run, lambda r: r.state.round == 2)
    assert not run.state.castles["owari"].fortified
