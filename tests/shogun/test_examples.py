"""The worked examples of the rules [SC-27] played on the engine: the First
Round Example's Actions 1-6 (SC-27.3) and Pink's Wage War (SC-27.4), the
Illustrated Example (SC-27.5) and the small examples (SC-27.2). The
positions are `first_round_example` and `illustrated_example`; the dice
are the ones the examples print, and dice the examples leave out are
chosen to miss (or to hit, where the example says so)."""

from __future__ import annotations

from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.actions import collect_koku
from tenkatoitsu.kinds.shogun.outcome import level_of
from tenkatoitsu.kinds.shogun.state import OVER
from tests.shogun.helpers import (
    GRAY,
    GRAY_STRIPE,
    ILL_GRAY,
    ILL_PINK,
    PINK,
    PINK_MORE,
    PINK_STRIPE,
    Run,
    army,
    first_round_example,
    from_start,
    hits,
    illustrated_example,
    needs_map,
    new_game,
    pad,
    placed,
    position,
    prov,
    script_dice,
    shipped,
    sides,
    units,
)

pytestmark = needs_map


# ---------------------------------------------------------------- SC-27.3
def test_sc_27_3_the_first_rounds_actions_1_to_6():
    """SC-27.3: Pink bids 1 for a sword and 4 for levies, Gray 3 for levies
    and 2 for the ninja, Pink-Stripe 1 for the ninja. Pink alone bid: he
    takes sword 1, the others draw. Pink's 4 koku levy 2 G + 2 S + 2 B
    (1 + 1 + 2), Gray's 3 levy 2 G + 2 S + 1 B, one unit a province. Gray
    hires the ninja; Pink-Stripe loses his koku; round 1: no strike."""
    pink = ("chikuzen", "hizen", "higo", "satsuma", "osumi", "hyuga")
    gray = ("mutsu", "dewa", "echigo", "kozuke", "shimotsuke")
    start = position(prov("bungo", PINK, army(1, bowman=1, swordsman=1, gunner=2), spearman=1),
                     prov("hitachi", GRAY, army(1, bowman=1, swordsman=1, gunner=2),
                          spearman=1),
                     prov("izumo", GRAY_STRIPE, army(1, bowman=1), spearman=1),
                     prov("tosa", PINK_STRIPE, army(1, bowman=1), spearman=1),
                     round=1, players=(PINK, GRAY, GRAY_STRIPE, PINK_STRIPE),
                     koku={PINK: 5, GRAY: 5, PINK_STRIPE: 1})
    g = from_start(pad(start, red=pink, blue=gray))
    st = g.state
    r = Run(g)
    r.answer("plan", [1, 0, 4, 0, 0], side=PINK)
    r.answer("plan", [0, 0, 3, 0, 2], side=GRAY)
    r.answer("plan", [0, 0, 0, 0, 1], side=PINK_STRIPE)
    r.answer("take-sword", 1, side=PINK)
    assert st.sword[PINK] == 1 and sorted(st.sword.values()) == [1, 2, 3, 4]
    r.answers("levy", "gunner@chikuzen", "gunner@hizen", "swordsman@higo",
              "swordsman@satsuma", "bowman@osumi", "bowman@hyuga", side=PINK)
    r.answers("levy", "gunner@mutsu", "gunner@dewa", "swordsman@echigo",
              "swordsman@kozuke", "bowman@shimotsuke", side=GRAY)
    levied = {e.house: sorted(u for u, _ in e.placed) for e in r.events(ev.Levied)}
    assert levied == {PINK: ["bowman", "bowman", "gunner", "gunner", "swordsman", "swordsman"],
                      GRAY: ["bowman", "gunner", "gunner", "swordsman", "swordsman"]}
    assert st.ninja == GRAY
    assert [(e.house, e.koku) for e in r.events(ev.KokuLost)] == [(PINK_STRIPE, 1)]
    r.until("plan")  # round 2: Gray's ninja struck nobody in round 1 [SC-11.4]
    assert not r.events(ev.Assassination)


# ---------------------------------------------------------------- SC-27.4
def pink_turn():
    """The First Round Example up to Pink's Phase C: Pink bids 1 for a sword
    and takes sword 1 [SC-27.3]; nothing moves in Phase A; the 8 battles are
    declared in the order they are fought."""
    g = from_start(first_round_example(), seed=5)
    script_dice(g, orders=[[2, 3, 4]])  # Gray 2, Gray-Stripe 3, Pink-Stripe 4 draw
    r = Run(g)
    r.answer("plan", [1, 0, 0, 0, 0], side=PINK)
    r.answer("take-sword", 1, side=PINK)
    assert g.state.sword == {PINK: 1, GRAY: 2, "yellow": 3, PINK_STRIPE: 4}
    r.answer("choose-army", "done", side=PINK)  # Phase A: nothing moves
    declared = r.values("declare")
    # [SC-14.5] round 1: no battle on an enemy province with an army marker
    assert not [v for v in declared if v.endswith((">suo", ">kii", ">iki"))]
    r.answers("declare", "red-1>hizen", "force@higo>chikugo", "red-3>sanuki",
              "force@awa-shikoku>tosa", "red-2>hyuga", "force@satsuma>osumi",
              "force@nagato>buzen", "force@bungo>iyo")
    assert len(g.state.markers) == 8
    return g, r


def battle(r, i, *rolls):
    script_dice(r.g, *rolls)
    mark = r.mark
    r.answer("next-battle", i, side=PINK) if len(r.values("next-battle")) > 1 else None
    return mark


def ended(r, mark, to=None):
    (e,) = [e for e in r.events(ev.BattleEnded, mark) if to is None or e.to == to]
    return e


def test_sc_27_4_pinks_wage_war_in_the_first_round():
    """SC-27.4: each of Pink's 8 battles with the example's dice, then his
    Phase D: 8 provinces conquered, the armies' markers one hole right,
    Army #2 with full S squares."""
    g, r = pink_turn()
    st = g.state

    # 1. Army #1, Chikuzen -> Hizen: B [9] misses, 3 G [2, 3, 4] hit 3 times;
    #    Pink-Stripe removes his only spearman, which never rolled
    m = battle(r, 0, (9,), (2, 3, 4))
    assert hits(r, m) == [(PINK, 1, "bowman", (9,), 0), (PINK, 2, "gunner", (2, 3, 4), 3)]
    assert ended(r, m).rounds == 1 and ended(r, m).success
    assert st.owner["hizen"] is None  # [SC-17.8] to the red rectangle
    assert st.army("red-1").hole == 1 and level_of(g, st.army("red-1")) == 1

    # 2. Force, Higo -> Chikugo: S [3] hits; Gray-Stripe's spearman, hit,
    #    still rolls [1] in step 6 [SC-16.3]; each removes a spearman
    m = battle(r, 1, (3,), (12, 12, 12), (1,))
    assert hits(r, m) == [(PINK, 5, "swordsman", (3,), 1), (PINK, 6, "spearman", (12, 12, 12), 0),
                          ("yellow", 6, "spearman", (1,), 1)]
    r.answer("casualty", "force:spearman", side=PINK)  # [SC-17.1] Pink chooses his own
    assert st.owner["chikugo"] is None
    assert st.force["higo"] == units(swordsman=1, spearman=2)

    # 3. Army #3, Awa -> Sanuki: B misses, one of 2 G hits
    m = battle(r, 2, (10,), (3, 11))
    assert ended(r, m).success and st.owner["sanuki"] is None

    # 4. Force, Awa -> Tosa: B misses; 3 Sp score 1 hit, Pink-Stripe's Sp 1 hit
    m = battle(r, 3, (10,), (2, 9, 10), (4,))
    r.answer("casualty", "force:spearman", side=PINK)
    assert st.owner["tosa"] is None
    assert st.force["awa-shikoku"] == units(bowman=1, spearman=2)

    # 5. Army #2, Satsuma -> Hyuga: B and G miss, the daimyo hits in step 4,
    #    the defender's spearman misses
    m = battle(r, 4, (7,), (5, 6), (6,), (8,), (5,))
    assert [(s, u, n) for _, s, u, _, n in hits(r, m)] == [
        (1, "bowman", 0), (2, "gunner", 0), (4, "daimyo", 1), (5, "swordsman", 0),
        (6, "spearman", 0)]
    assert st.owner["hyuga"] is None and st.army("red-2").hole == 1

    # 6. Force, Satsuma -> Osumi: the bowman hits
    m = battle(r, 5, (3,))
    assert st.owner["osumi"] is None

    # 7. Force, Nagato -> Buzen, a naval invasion: Gray's first strike [3, 4, 11]
    #    (the dice of battle 8 follow: it is the last one left, and starts at once)
    m = battle(r, 6, (3, 4, 11), (4,), (2,), (1, 8), (3,), (2,), (3,), (9,), (10,))
    r.answers("casualty", "force:spearman", "force:spearman", side=PINK)
    assert st.force["nagato"] == units(gunner=1, spearman=1)
    r.answer("casualty", "force:spearman", side=PINK)  # step 7 of combat round 1
    assert st.force["nagato"] == units(gunner=1) and st.force["buzen"] == units(spearman=1)
    r.answer("call-off", "continue", side=PINK)  # [SC-16.1] step 8: Pink goes on
    assert ended(r, m, "buzen").rounds == 2 and ended(r, m, "buzen").success
    first = hits(r, m)[0]
    assert first == (GRAY, 6, "spearman", (3, 4, 11), 2)
    assert st.owner["buzen"] is None and st.force["nagato"] == units(gunner=1)

    # 8. Force, Bungo -> Iyo, by sea: Gray's spearman [2] strikes first
    r.answer("casualty", "force:spearman", side=PINK)
    assert st.owner["iyo"] is None and st.force["bungo"] == units(swordsman=1, spearman=1)
    assert len(r.events(ev.BattleEnded)) == 8

    # Phase D [SC-21.1]: armies first, then the forces
    r.answer("choose-army", "red-1", side=PINK)
    r.answer("move-army", "conquer:hizen")
    r.answers("garrison", "spearman", "done")  # [SC-13.4] Chikuzen had no force
    r.answer("choose-army", "red-2")
    r.answer("move-army", "conquer:hyuga")  # Satsuma keeps its force
    r.answer("choose-army", "done")  # Army #3 stays in Awa
    r.answers("move-force", "swordsman:bungo>buzen", "spearman:higo>chikugo",
              "swordsman:higo>red-2", "bowman:satsuma>red-2", "spearman:satsuma>red-2",
              "spearman:satsuma>osumi", "bowman:awa-shikoku>sanuki",
              "spearman:awa-shikoku>iyo", "spearman:awa-shikoku>tosa", side=PINK)
    assert st.current != PINK  # Pink's turn is over

    conquered = ("hizen", "hyuga", "buzen", "chikugo", "osumi", "sanuki", "iyo", "tosa")
    assert all(st.owner[p] == PINK for p in conquered)
    assert len(st.provinces(PINK)) == 6 + 8
    assert st.army("red-1").units == units(bowman=1, swordsman=1, gunner=3, spearman=2)
    assert st.force["chikuzen"] == units(spearman=1)
    assert st.army("red-2").at == "hyuga"
    assert st.army("red-2").units == units(bowman=2, swordsman=2, gunner=2, spearman=1)
    assert st.army("red-3").at == "awa-shikoku" and st.force_size("awa-shikoku") == 0
    assert st.force["higo"] == units(spearman=1) and st.force["satsuma"] == units(spearman=1)
    assert st.force["nagato"] == units(gunner=1)
    for n in (1, 2, 3):  # each marker one hole right, still level 1 [SC-19.2]
        a = st.army(f"red-{n}")
        assert a.hole == 1 and level_of(g, a) == 1
    assert st.markers == []  # [SC-21.8]


def test_sc_27_4_army_2s_samurai_squares_are_full_after_phase_d():
    """SC-27.4 / SC-3.3: with 4 of 4 S squares taken, no more bowmen or
    swordsmen may join Army #2."""
    _g, r = pink_turn()
    for i, rolls in enumerate([((9,), (2, 3, 4)), ((3,), (12, 12, 12), (1,)),
                               ((10,), (3, 11)), ((10,), (2, 9, 10), (4,)),
                               ((7,), (5, 6), (6,), (8,), (5,)), ((3,),),
                               ((3, 4, 11), (4,), (2,), (1, 8), (3,), (2,), (3,), (9,), (10,))]):
        battle(r, i, *rolls)
        r.until("next-battle" if i < 6 else "choose-army", choose=lambda p: {
            "casualty": "force:spearman", "call-off": "continue"}[p.kind])
    r.answer("choose-army", "red-2")
    r.answer("move-army", "conquer:hyuga")
    r.answer("choose-army", "done")
    r.answers("move-force", "swordsman:higo>red-2", "bowman:satsuma>red-2")
    options = r.values("move-force")
    assert not [v for v in options if v.endswith(">red-2") and v.split(":")[0] in
                ("bowman", "swordsman")]
    assert [v for v in options if v == "spearman:satsuma>red-2"]


# ---------------------------------------------------------------- SC-27.5
def illustrated_to_pinks_battles():
    """SC-27.5 up to Pink's Phase C: the plans, Pink's sword 1 and Gray's
    sword 2, the ronin hired and hidden, Gray's ninja, Pink's Phase A and B."""
    g = from_start(illustrated_example(), seed=11)
    st = g.state
    script_dice(g, orders=[[2, 3, 4]])  # Gray draws sword 2
    r = Run(g)
    r.answer("plan", [3, 0, 0, 1, 2], side=ILL_PINK)
    r.answer("plan", [0, 0, 0, 2, 3], side=ILL_GRAY)
    r.answer("take-sword", 1, side=ILL_PINK)  # the highest bidder takes sword 1
    assert st.sword[ILL_PINK] == 1 and st.sword[ILL_GRAY] == 2
    r.answer("ronin", ["shinano", "army", 2], side=ILL_PINK)
    r.answer("ronin", ["hida", "army", 4], side=ILL_GRAY)
    (hired,) = r.events(ev.NinjaHired)
    assert hired.house == ILL_GRAY and st.ninja == ILL_GRAY  # 3 beats 2
    assert [(e.house, e.koku) for e in r.events(ev.KokuLost)] == [(ILL_PINK, 2)]
    assert st.koku_supply + sum(st.koku.values()) == 30
    # Pink's Wage War; Gray's ninja waits
    r.answer("ninja", "pass", side=ILL_GRAY)
    r.answer("choose-army", "red-2", side=ILL_PINK)
    r.answers("move-army", "to:kozuke", "to:echigo", "to:etchu", "stop")
    r.answer("choose-army", "red-1")
    r.answers("move-army", "to:sagami", "to:kai", "to:shinano", "stop")
    r.answers("declare", "red-1>hida", "red-2>hida", "done")
    return g, r


def test_sc_27_5_the_assassination_before_pinks_battles():
    """SC-27.5 / SC-11.6 / SC-15.6: Gray's ninja strikes the daimyo in
    Shinano after Pink's Phase B and rolls 7, a success; Army #1's
    declared battle is not fought."""
    g, r = illustrated_to_pinks_battles()
    st = g.state
    script_dice(g, (7,))
    r.answer("ninja", "red-1", side=ILL_GRAY)
    (a,) = r.events(ev.Assassination)
    assert (a.target, a.roll, a.success) == ("red-1", 7, True)
    assert st.army("red-1").assassinated and st.ninja is None
    r.answer("next-battle", 0, side=ILL_PINK)
    (skip,) = r.events(ev.BattleSkipped)
    assert skip.troop == "red-1" and "disrupted" in skip.why
    assert r.pending.kind != "call-off" or st.battle["troop"] == "red-2"


def test_sc_27_5_the_illustrated_example():
    """SC-27.5: the fortress's 5 ronin and the 4 hidden ronin defend Hida
    and Pink calls off; Gray's level-3 Army #3 fights 3 battles (Shinano
    against 4 castle spearmen, the 2 revealed ronin and the disrupted army
    whose daimyo does not roll, for 5 combat rounds; then Etchu and Noto,
    moving into Etchu with a gunner left in Hida); Army #1 moves into the
    emptied Shinano (a battle, not a success) and wins Musashi from Pink's
    last daimyo: Pink is out and Gray takes his provinces and units and
    gets his lost daimyo back. By the rules Gray then holds 34, not the
    example's "36" [SC-26.20]: the next province he conquers makes him
    Shogun at once [SC-23.1]."""
    g, r = illustrated_to_pinks_battles()
    st = g.state
    script_dice(g, (7,))
    r.answer("ninja", "red-1", side=ILL_GRAY)
    # Pink's Army #2 attacks Hida alone
    script_dice(g, (12, 12), (1,), (12, 12, 12), (1, 1), (12,), (1,), (1, 1), (12,),
                (1, 1, 1, 12, 12, 12, 12, 12, 12), (12, 12, 12))
    m = r.mark
    r.answer("next-battle", 0, side=ILL_PINK)
    (bonus,) = r.events(ev.BonusDefenders, m)
    assert (bonus.province, bonus.unit, bonus.count) == ("hida", "ronin", 5)
    (shown,) = r.events(ev.RoninRevealed, m)  # [SC-10.7] Gray's 4 hidden ronin defend
    assert (shown.house, shown.province, shown.army) == (ILL_GRAY, "hida", 4)
    r.answers("casualty", "army:spearman", "army:spearman", "army:spearman", side=ILL_PINK)
    r.answers("casualty", "army:gunner", "army:gunner", "army:gunner", "army:bowman",
              side=ILL_PINK)
    rolled = hits(r, m)
    assert (ILL_GRAY, 5, "ronin", (1, 1, 1, 12, 12, 12, 12, 12, 12), 3) in rolled  # 4 + 5
    assert st.bonus["hida"] == 3  # [SC-17.3] Gray's 2 casualties were bonus ronin
    r.answer("call-off", "call off", side=ILL_PINK)
    (end,) = r.events(ev.BattleEnded, m)
    assert end.result.startswith("the attacker calls") and not end.success
    assert st.army("red-2").units == units(bowman=1, swordsman=2)
    r.answer("army-battle", "stop", side=ILL_PINK)  # two battles left: it stops
    # Phase D: Army #2 pulls back to Musashi; the disrupted Army #1 cannot move
    assert r.values("choose-army") == ["red-2", "done"]
    r.answer("choose-army", "red-2")
    r.answers("move-army", "to:echigo", "to:kozuke", "to:musashi", "stop")
    r.answer("move-force", "done", side=ILL_PINK)

    # Gray's Wage War, Phase A as planned
    assert st.current == ILL_GRAY and st.bonus == {}
    r.answer("choose-army", "blue-1", side=ILL_GRAY)
    r.answers("move-army", "to:owari", "pick:spearman", "to:mikawa", "pick:spearman", "stop")
    r.answer("choose-army", "blue-3")
    r.answers("move-army", "to:echizen", "pick:spearman", "to:mino", "pick:spearman",
              "to:hida", "pick:spearman")  # nothing left to pick up: it stops
    r.answers("declare", "blue-3>shinano", "blue-1>shinano", "done")

    # Army #3 (level 3), battle 1: Hida -> Shinano, won in the 5th combat round
    def fifth(n, purpose, side):
        won = st.battle is not None and st.battle["round"] >= 5 and side == ILL_GRAY
        return (1 if won else 12,) * n
    script_dice(g, then=fifth)
    m = r.mark
    r.answer("next-battle", 0, side=ILL_GRAY)
    (bonus,) = r.events(ev.BonusDefenders, m)
    assert (bonus.province, bonus.unit, bonus.count) == ("shinano", "spearman", 4)
    (shown,) = r.events(ev.RoninRevealed, m)
    assert (shown.house, shown.province, shown.army) == (ILL_PINK, "shinano", 2)
    for _ in range(4):
        r.answer("call-off", "continue", side=ILL_GRAY)
    r.all("casualty", side=ILL_PINK)
    (end,) = r.events(ev.BattleEnded, m)
    assert end.rounds == 5 and end.success
    pink = [u for h, s, u, _, _ in hits(r, m) if h == ILL_PINK]
    assert "daimyo" not in pink  # [SC-16.4] the assassinated daimyo does not roll
    assert {"bowman", "gunner", "swordsman", "ronin", "spearman"} <= set(pink)
    lost = [e for e in r.events(ev.DaimyoLost, m)]
    assert [(e.army, e.rule) for e in lost] == [("red-1", "SC-11.9")]
    assert st.owner["shinano"] is None and ILL_PINK not in st.eliminated

    # battle 2, not declared: Hida -> Etchu (1 spearman)
    script_dice(g, then=sides(blue=1))
    r.answer("army-battle", "attack:etchu", side=ILL_GRAY)
    assert st.owner["etchu"] is None
    # it moves into Etchu, conquers it and leaves a gunner to hold Hida [SC-19.5]
    r.answer("army-battle", "move:etchu")
    r.answers("garrison", "gunner", "done")
    assert st.owner["etchu"] == ILL_GRAY and st.force["hida"] == units(gunner=1)
    # battle 3: Etchu -> Noto (2 spearmen); then Army #1's battles begin at once
    noto = r.mark
    r.answer("army-battle", "attack:noto")
    assert st.owner["noto"] is None
    blue3 = st.army("blue-3")
    assert blue3.at == "etchu" and blue3.hole == 7 and level_of(g, blue3) == 3  # +1 hole
    fought = [e for e in r.events(ev.BattleBegan, m) if e.troop == "blue-3"]
    assert len(fought) == 3

    # Army #1: its declared target Shinano is empty now [SC-15.3]
    (began,) = [e for e in r.events(ev.BattleBegan, noto) if e.troop == "blue-1"]
    assert began.to == "shinano" and began.defender == ""
    assert not [e for e in r.events(ev.ExperienceGained, noto) if e.army == "blue-1"]
    m = r.mark
    r.answer("army-battle", "move:shinano", side=ILL_GRAY)
    assert st.owner["shinano"] == ILL_GRAY
    r.answer("army-battle", "attack:musashi")
    (bonus,) = r.events(ev.BonusDefenders, m)
    assert (bonus.province, bonus.count) == ("musashi", 4)
    r.all("casualty", side=ILL_PINK)
    # Pink's last daimyo is lost: Pink is out [SC-20.3]
    assert ILL_PINK in st.eliminated
    (out,) = r.events(ev.Eliminated, m)
    assert (out.house, out.by) == (ILL_PINK, ILL_GRAY)
    # [SC-20.4] Gray takes every province and unit of Pink's and his lost army #2
    assert st.provinces(ILL_PINK) == []
    assert all(st.owner[p] == ILL_GRAY for p in ("kozuke", "echigo", "sagami", "kai")
               + PINK_MORE)
    assert st.colours[ILL_GRAY] == [ILL_GRAY, ILL_PINK]
    r.answer("place-army", "kozuke", side=ILL_GRAY)
    r.answer("pick-up", "stop")
    blue2 = st.army("blue-2")
    assert blue2.at == "kozuke" and blue2.hole == 0 and blue2.regulars() == 0
    # [SC-26.20] 17 + Etchu + Shinano + Pink's 15 left: 34, the game goes on
    assert st.count(ILL_GRAY) == 34 and st.phase != OVER
    assert st.owner["musashi"] is None and st.owner["noto"] is None
    # Army #1 (one battle left) moves into the emptied Musashi: 35 [SC-23.1]
    r.answer("army-battle", "move:musashi")
    r.answers("garrison", "spearman", "done")
    assert r.pending is None and st.phase == OVER
    assert st.winner == ILL_GRAY and st.count(ILL_GRAY) == 35
    (won,) = r.events(ev.ShogunDecided)
    assert won.rule == "SC-23.1"


# ---------------------------------------------------------------- SC-27.2
def test_sc_27_2_koku_13_cards_give_4_at_the_set_up():
    """SC-27.2 / SC-4.7: 5 players are dealt 13 cards and take 4 koku."""
    g = new_game(5, seed=2)
    r = Run(g)
    r.until("reinforce")
    (setup,) = r.events(ev.GameSetUp)
    assert {len(ps) for ps in setup.deal.values()} == {13}
    assert setup.koku == {h: 4 for h in g.table.houses}


def test_sc_27_2_koku_26_cards_give_8_and_fewer_than_9_give_3():
    """SC-27.2 / SC-22.2: 26 provinces -> 8 koku; fewer than 9 with a daimyo
    -> 3; a colour with no daimyo collects nothing."""
    provinces = sorted(shipped().board.ids())
    reds = provinces[:26]
    blues = provinces[26:31]
    start = position(prov(reds[0], "red", army(1, bowman=1)),
                     prov(blues[0], "blue", army(1, bowman=1)),
                     prov(provinces[31], "yellow", spearman=1),
                     players=("red", "blue", "yellow"))
    start = pad(start, red=tuple(reds[1:]), blue=tuple(blues[1:]))
    g = placed(start)
    collect_koku(g)
    assert g.state.koku == {"red": 8, "blue": 3, "yellow": 0}
    assert g.state.koku_supply == 30 - 11


def test_sc_27_2_levy_cap_8_provinces_at_most_8_units():
    """SC-27.2 / SC-9.4: with 8 provinces a player levies at most 8 units,
    one to each province, however much koku he spends."""
    provinces = ("mutsu", "dewa", "sado", "echigo", "kozuke", "shimotsuke", "hitachi", "shimosa")
    start = position(prov("mutsu", "red", army(1, bowman=1)), prov("izumo", "blue", spearman=1),
                     players=("red", "blue"), koku={"red": 9})
    start = pad(start, red=provinces[1:])
    g = from_start(start)
    r = Run(g)
    r.answer("plan", [0, 0, 9, 0, 0], side="red")
    n = r.all("levy", lambda p: next(v for v in p.values() if v.startswith("spearman@")))
    assert n == 8 and r.pending.kind != "levy"
    (levied,) = r.events(ev.Levied)
    assert sorted(w for _, w in levied.placed) == sorted(provinces)


def test_sc_27_2_ronin_limits():
    """SC-27.2 / SC-10.5: a 10-unit army takes at most 9 ronin, a 5-unit
    force 4, an 11-unit army with a 3-unit force in one province 10 + 2."""
    start = position(
        prov("mutsu", "red", army(1, bowman=1, swordsman=1, gunner=3, spearman=4)),
        prov("dewa", "red", spearman=5),
        prov("echigo", "red", army(2, bowman=2, gunner=4, spearman=4), spearman=3),
        prov("izumo", "blue", spearman=1), players=("red", "blue"), koku={"red": 13})
    g = from_start(start)
    r = Run(g)
    r.answer("plan", [0, 0, 0, 13, 0], side="red")
    options = r.values("ronin")
    most = {}
    for p, troop, k in options:
        most[p, troop] = max(most.get((p, troop), 0), k)
    assert most == {("mutsu", "army"): 9, ("dewa", "force"): 4, ("echigo", "army"): 10,
                    ("echigo", "force"): 2}
