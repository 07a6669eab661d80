"""Political Play & Blood Feud [§10.1] (`--variant political-play`): the
Honor Pact offered in the Diplomacy Step with its pledge [§10.1.1-a..e]
(TF-10.1-1), what allies may do together [§10.1.2-a..d] (TF-10.1-5),
betrayal and the Blood Feud [§10.1.3-a..f] (TF-10.1-2), the secret fists
that end a pact [§10.1.4-a..d] (TF-10.1-3, TF-10.1-4), and the readings
U-12..U-19. A pact's fist is seen by its seat alone until the fists open."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.combat import attack_modifiers, defense_modifiers
from tenkatoitsu.kinds.clans.kind import KIND
from tenkatoitsu.kinds.clans.outcome import GameOver, check_victory
from tenkatoitsu.kinds.clans.state import Pact
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    passing,
    placed,
    play_until,
    position,
    script_dice,
    sides,
    until_seen,
)

PP = ("political-play",)
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")


def game(*provinces, order=ORDER, koku=None, round=1, variants=PP, clans=None):
    g = from_start(position(*provinces, round=round, order=order, koku=koku, clans=clans),
                   variants=variants)
    return Run(g)


def ally(run_or_game, a, b, held=()):
    """An Honor Pact of `a` and `b` on the table, 2 Koku pledged by each;
    `held`: shared provinces and the partner that holds each [U-15]."""
    g = getattr(run_or_game, "g", run_or_game)
    g.state.pacts.append(Pact(a, b, {a: 2, b: 2}, g.state.round))
    for p, holder in held:
        g.state.shared[p] = holder
    return g.state.pacts[-1]


def scored(run, clan):
    return [e for e in run.events(ev.HitsScored) if e.clan == clan]


def choosing(**answers):
    """Answer as `passing`, but a decision of a kind named takes that answer."""
    def choose(d):
        key = d.kind.replace("-", "_")
        if key in answers:
            a = answers[key]
            return a(d) if callable(a) else a
        return passing(d)
    return choose


# ---------------------------------------------------------------- §10.1.1 formation

def to_diplomacy(run, clan="oda"):
    return run.until("pact-offer", clan)


def test_tf_10_1_1_offer_one_koku_then_two_pledged_by_each():
    """[§10.1.1-c] [-d] TF-10.1-1: the proposer pays 1 Koku to the supply;
    accepted, each partner puts 2 Koku into the pool: 4 in all.
    [§10.1.1-a] A pact binds exactly two players."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)))
    p = to_diplomacy(run)
    assert set(p.values()) == {"none", "shimazu", "tokugawa", "uesugi"}
    oda, tok = run.state.koku["oda"], run.state.koku["tokugawa"]
    run.answer("pact-offer", "tokugawa", "oda")
    assert run.state.koku["oda"] == oda - 1
    p = run.pending
    assert p.kind == "pact-accept" and p.side == "c" and p.context["from"] == "oda"
    run.answer("pact-accept", True, "tokugawa")
    assert run.state.koku["oda"] == oda - 3 and run.state.koku["tokugawa"] == tok - 2
    (pact,) = run.state.pacts
    assert {pact.a, pact.b} == {"oda", "tokugawa"} and sum(pact.pool.values()) == 4
    assert [(e.clan, e.to, e.cost) for e in run.events(mev.PactOffered)] == \
        [("oda", "tokugawa", 1)]
    assert [(e.clan, e.accepted) for e in run.events(mev.PactAnswered)] == [("tokugawa", True)]


def test_offers_come_after_reinforcement_in_player_order_before_the_campaign():
    """[§10.1.1-b] The Diplomacy Step (1.3a) follows Recruitment &
    Construction and comes before the end-of-phase check and the Campaign;
    offers are made one after another in player order."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)))
    asked = []
    play_until(run, lambda r: r.pending.kind == "move-from",
               lambda d: asked.append((d.kind, d.context.get("clan"))) or passing(d))
    offers = [c for k, c in asked if k == "pact-offer"]
    assert offers == list(ORDER)
    last_reinforce = max(i for i, (k, _) in enumerate(asked) if k == "reinforce")
    first_offer = min(i for i, (k, _) in enumerate(asked) if k == "pact-offer")
    assert last_reinforce < first_offer
    campaign = next(e for e in run.events(ev.SeasonBegan) if e.phase == "Campaign")
    assert all(run.g.events.index(o) < run.g.events.index(campaign)
               for o in run.events(mev.PactOffered))


def test_a_declined_offer_is_not_refunded():
    """[§10.1.1-c] [U-13] The 1 Koku of a declined offer stays in the supply."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)))
    to_diplomacy(run)
    oda, tok = run.state.koku["oda"], run.state.koku["tokugawa"]
    run.answer("pact-offer", "tokugawa", "oda")
    run.answer("pact-accept", False, "tokugawa")
    assert run.state.koku["oda"] == oda - 1 and run.state.koku["tokugawa"] == tok
    assert not run.state.pacts
    assert [(e.clan, e.accepted) for e in run.events(mev.PactAnswered)] == \
        [("tokugawa", False)]


def test_who_cannot_pledge_two_koku_cannot_accept():
    """[§10.1.1-d] [U-13] A partner without 2 Koku is not asked: no pact."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)))
    to_diplomacy(run)
    run.state.koku["tokugawa"] = 1
    run.answer("pact-offer", "tokugawa", "oda")
    assert run.pending.kind != "pact-accept"
    assert not run.state.pacts and run.events(mev.PactAnswered)[0].accepted is False


def test_one_pact_at_a_time():
    """[§10.1.1-d] A player may be in only one Honor Pact at a time: the
    partners are offered to no one and offer nothing."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)))
    to_diplomacy(run)
    run.answer("pact-offer", "tokugawa", "oda")
    run.answer("pact-accept", True, "tokugawa")
    p = run.pending
    assert p.kind == "pact-offer" and p.context["clan"] == "shimazu"
    assert set(p.values()) == {"none", "uesugi"}
    run.answer("pact-offer", "none", "shimazu")
    # Tokugawa (in a pact) is skipped: Uesugi's offer comes next
    p = run.pending
    assert p.kind == "pact-offer" and p.context["clan"] == "uesugi"
    assert set(p.values()) == {"none", "shimazu"}


def test_a_pact_lasts_until_it_is_dissolved():
    """[§10.1.1-a] [§10.1.4-a] [U-12] A pact offered "for the current round"
    lasts one or more rounds: two empty fists keep it in round 2."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)))
    to_diplomacy(run)
    run.answer("pact-offer", "tokugawa", "oda")
    run.answer("pact-accept", True, "tokugawa")
    run.until("fist")
    assert run.state.round == 2 and len(run.state.pacts) == 1
    run.answer("fist", "continue")
    run.answer("fist", "continue")
    (opened,) = run.events(mev.FistsOpened)
    assert (opened.fist_a, opened.fist_b) == ("continue", "continue")
    assert len(run.state.pacts) == 1 and not run.events(mev.PactDissolved)


def test_a_new_vassal_leaves_its_pact_without_betrayal():
    """[§10.1.1-e] [§8.1.1] A player who becomes a vassal leaves the pact:
    no betrayal; its 2 Koku go to the supply, the ally gets its own 2
    back; a vassal may not offer or accept pacts."""
    run = game(at("higo", oda=(1, 3)), at("satsuma", shimazu=(1, 0)),
               at("hyuga", shimazu=(0, 1)), at("mikawa", tokugawa=(1, 0)), koku={"oda": 0})
    ally(run, "shimazu", "tokugawa")
    script_dice(run.g, (6, 6, 6), (1, 1, 1), (1, 1, 1), then=sides())
    run.until("move-from", "oda")
    run.move("oda", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "oda")
    tok, shi = run.state.koku["tokugawa"], run.state.koku["shimazu"]
    until_seen(run, ev.VassalSworn)
    assert not run.state.pacts and not run.events(mev.PactBetrayed)
    assert run.state.koku["tokugawa"] == tok + 2 and run.state.koku["shimazu"] == shi
    (d,) = run.events(mev.PactDissolved)
    assert d.initiator == "shimazu" and d.rule == "§10.1.1"
    asked = []
    play_until(run, lambda r: r.state.round == 2 and r.state.phase == "campaign",
               lambda d: asked.append((d.kind, d.context.get("clan"), d.values())) or passing(d))
    assert not any(k == "pact-offer" and c == "shimazu" for k, c, _ in asked)
    assert not any(k == "pact-offer" and "shimazu" in v for k, _, v in asked)


# ---------------------------------------------------------------- §10.1.2 benefits

def test_allies_move_through_each_others_provinces():
    """[§10.1.2-a] [§6.1.3] A move does not stop on entering a province that
    holds only the ally's units: Oda's Bushi pass Mikawa into Tōtōmi. Not
    so without the pact."""
    for pact, reach in ((True, True), (False, False)):
        run = game(at("owari", oda=(0, 2)), at("mikawa", tokugawa=(1, 1)))
        if pact:
            ally(run, "oda", "tokugawa")
        run.until("move-from", "oda")
        run.answer("move-from", "from:owari", "oda")
        assert ("to:totomi" in run.values("move-to")) is reach


def test_tf_10_1_5_allies_together_at_most_ten_each_at_most_seven():
    """[§10.1.2-b] TF-10.1-5: A has 5 units in a province, ally B enters
    with 4: 9 <= 10, legal; 6 would make 11: B may bring 5 at most. Each
    player's own 7 still holds."""
    run = game(at("owari", oda=(1, 6)), at("mikawa", tokugawa=(1, 4)))
    ally(run, "oda", "tokugawa", held=[("mikawa", "tokugawa")])
    run.until("move-from", "oda")
    run.answer("move-from", "from:owari", "oda")
    run.answer("move-to", "to:mikawa", "oda")
    room = []
    while run.pending.kind == "move-count":
        room.append(max(run.values()))
        run.answer("move-count", max(run.values()), "oda")
    assert room[0] == 1 and room[1] == 4  # the Daimyō, then 4 Bushi: 5 Oda + 5 Tokugawa
    assert run.state.stack("mikawa", "oda") + run.state.stack("mikawa", "tokugawa") == 10
    run = game(at("owari", oda=(1, 6)), at("mikawa", tokugawa=(0, 1)))
    ally(run, "oda", "tokugawa", held=[("mikawa", "tokugawa")])
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=6)
    assert run.state.stack("mikawa", "oda") == 7  # own limit 7 (8 would fit in 10)


def test_allies_do_not_fight_and_the_holder_keeps_a_shared_province():
    """[§10.1.2-c] Partners cannot attack each other: sharing a province
    is no battle unless the mover chooses betrayal; [U-15] the partner who
    held it keeps control."""
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(1, 1)))
    ally(run, "oda", "tokugawa")
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", bushi=2)
    end_moves(run, "oda")
    p = run.pending
    assert p.kind == "battle" and set(p.values()) == {"betray:mikawa", "done"}
    run.answer("battle", "done", "oda")
    assert not run.events(ev.ClashBegan) and not run.events(mev.PactBetrayed)
    assert run.state.controller("mikawa") == "tokugawa"
    assert "mikawa" in run.state.provinces("tokugawa")
    assert "mikawa" not in run.state.provinces("oda")


def test_no_mandate_with_an_allys_unit_in_a_mandate_province():
    """[§10.1.2-d] [§1.3] There must be no allied units in the Mandate
    Provinces: an ally's Bushi in Sagami denies Oda the Mandate."""
    g = placed(position(at("owari", oda=(1, 1)), at("yamashiro", oda=(0, 1)),
                        at("settsu", oda=(0, 1)), at("sagami", oda=(0, 2), tokugawa=(0, 1))),
               variants=PP)
    ally(g, "oda", "tokugawa", held=[("sagami", "oda")])
    assert g.state.controller("sagami") == "oda"
    check_victory(g, "§6")  # no GameOver
    g.state.units["sagami"]["tokugawa"] = {}
    try:
        check_victory(g, "§6")
    except GameOver:
        pass
    assert g.state.winner == "a"


def test_the_attacker_splits_its_hits_between_allied_defenders():
    """[§10.1.2] [U-16] A province held by two allies is attacked: the
    attacker gives its hits to either ally's units; the allies hit only the
    attacker."""
    run = game(at("shinano", shimazu=(1, 3)), at("mikawa", oda=(0, 2), tokugawa=(0, 2)),
               at("owari", oda=(1, 0)), at("totomi", tokugawa=(1, 0)),
               order=("shimazu", "oda", "tokugawa", "uesugi"))
    ally(run, "oda", "tokugawa", held=[("mikawa", "tokugawa")])
    script_dice(run.g, then=sides(shimazu=6, oda=6, tokugawa=6))
    run.until("move-from", "shimazu")
    run.move("shimazu", "shinano", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "shimazu")
    given = []

    def choose(d):
        if d.kind == "hit":
            given.append((d.context["clan"], set(d.values())))
        return passing(d)
    until_seen(run, ev.ClashEnded, 1, choose)
    by_shimazu = [v for c, v in given if c == "shimazu"]
    assert by_shimazu and {"oda:bushi", "tokugawa:bushi"} <= by_shimazu[0]
    assert all(v <= {"shimazu:daimyo", "shimazu:bushi"} for c, v in given if c != "shimazu")
    hits = run.events(ev.HitAssigned)
    assert not [h for h in hits if {h.by, h.victim} == {"oda", "tokugawa"}]


# ---------------------------------------------------------------- §10.1.3 betrayal

def betrayal(dice=(), then=None, oda=(1, 2)):
    """Oda (Owari) and Tokugawa are allies; Oda's units share Mikawa with
    Tokugawa's, and Oda attacks them there."""
    run = game(at("owari", oda=(1, 0)), at("mikawa", oda=oda, tokugawa=(1, 2)))
    ally(run, "oda", "tokugawa", held=[("mikawa", "tokugawa")])
    script_dice(run.g, *dice, then=then)
    run.until("move-from", "oda")
    end_moves(run, "oda")
    tok = run.state.koku["tokugawa"]
    run.answer("battle", "betray:mikawa", "oda")
    until_seen(run, ev.ClashEnded, 1, choosing(hit=lambda d: next(
        (v for v in d.values() if v.endswith(":bushi")), d.values()[0])))
    return run, tok


def test_tf_10_1_2_betrayal_pool_to_the_victim_and_the_pact_is_gone():
    """[§10.1.3-a] [-b] [-e] TF-10.1-2: attacking the ally breaks the pact
    at once: the victim takes the whole pool (4 Koku), the betrayer none
    back; after the breach the pact and its benefits are gone."""
    run, tok = betrayal(then=sides())
    (b,) = run.events(mev.PactBetrayed)
    assert (b.clan, b.victim, b.province, b.pool) == ("oda", "tokugawa", "mikawa", 4)
    assert run.state.koku["tokugawa"] == tok + 4
    assert not run.state.pacts and not run.state.allied("oda", "tokugawa")
    assert run.state.controller("mikawa") is None  # both left standing: contested
    assert run.g.events.index(b) < run.g.events.index(run.events(ev.ClashBegan)[0])


def test_betrayer_minus_one_this_round_and_the_blood_feud_for_the_victim():
    """[§10.1.3-c] [-d] TF-10.1-2: the betrayer has −1 on all its attack
    rolls for the rest of the round; the victim, from that moment on, +1 on
    attack and defense against the betrayer. [-f] [§0.1] The −1 applies
    beside the largest bonus (Oda's own +1 with a Daimyō present)."""
    run, _ = betrayal(then=sides())
    oda, tok = scored(run, "oda")[0], scored(run, "tokugawa")[0]
    assert (oda.bonus, oda.penalty) == (1, 1) and oda.targets == {"daimyo": 4, "bushi": 5}
    assert (tok.bonus, tok.penalty) == (1, 0) and tok.targets == {"daimyo": 3, "bushi": 5}
    assert run.state.feuds == [("tokugawa", "oda")]
    assert run.state.betrayed["oda"] == run.state.round


def test_the_betrayers_minus_one_lasts_the_round_on_every_attack():
    """[§10.1.3-c] "−1 on all of its attack rolls for the rest of the
    current round": Oda's next battle that turn, against Shimazu, too."""
    run = game(at("owari", oda=(0, 2)), at("mino", oda=(0, 2), shimazu=(0, 1)),
               at("mikawa", oda=(0, 1), tokugawa=(1, 1)), at("kai", oda=(1, 0)),
               at("satsuma", shimazu=(1, 0)))
    ally(run, "oda", "tokugawa", held=[("mikawa", "tokugawa")])
    script_dice(run.g, then=sides())
    run.until("move-from", "oda")
    end_moves(run, "oda")
    run.answer("battle", "betray:mikawa", "oda")
    until_seen(run, ev.ClashEnded, 1)
    until_seen(run, ev.ClashEnded, 2)
    second = scored(run, "oda")[1]
    assert run.events(ev.ClashBegan)[1].province == "mino"
    assert second.attacking and second.penalty == 1 and second.targets == {"bushi": 6}


def test_the_minus_one_ends_with_the_round_and_the_feud_does_not():
    """[§10.1.3-c] [-d] Next round the betrayer's −1 is gone; the Blood Feud
    is permanent: Tokugawa attacks Oda with +1 and defends against it with +1."""
    run, _ = betrayal(then=sides(), oda=(0, 1))
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "move-from")
    st = run.state
    assert st.feuds == [("tokugawa", "oda")]
    st.battle = {"attacker": "oda"}
    assert attack_modifiers(run.g, "mikawa", "oda") == (0, 0)  # no Oda Daimyō, no −1
    assert defense_modifiers(run.g, "mikawa", "tokugawa") == (1, 0)
    st.battle = {"attacker": "tokugawa"}
    st.units["owari"]["tokugawa"] = {"bushi": 1}
    assert attack_modifiers(run.g, "owari", "tokugawa") == (1, 0)
    st.units["owari"]["shimazu"] = {"bushi": 1}
    st.units["owari"]["oda"] = {}
    assert attack_modifiers(run.g, "owari", "tokugawa") == (0, 0)  # not against another
    st.battle = None


def test_the_blood_feud_does_not_stack_with_other_bonuses():
    """[§10.1.3-f] [§0.1] The feud's +1 on attack is one bonus with Oda's
    +1 (victim Oda, Daimyō present): +1 in all; its +1 on defense is one
    with a castle's: +1 in all."""
    g = placed(position(at("owari", oda=(1, 1), tokugawa=(0, 1)),
                        at("mikawa", castle="tokugawa", tokugawa=(1, 1), oda=(0, 1))),
               variants=PP)
    g.state.feuds.append(("oda", "tokugawa"))
    g.state.feuds.append(("tokugawa", "oda"))
    g.state.turn_holders = {"mikawa": "tokugawa"}
    g.state.battle = {"attacker": "oda"}
    assert attack_modifiers(g, "owari", "oda") == (1, 0)
    assert defense_modifiers(g, "mikawa", "tokugawa") == (1, 0)


def test_betrayal_is_the_attackers_choice_in_any_shared_province():
    """[§10.1.3-a] [U-14] Betrayal is the active player starting combat
    against the ally's units, in any province they share, even one the
    betrayer holds: Oda's own Owari, with a Tokugawa Bushi let in."""
    run = game(at("owari", oda=(1, 2), tokugawa=(0, 1)), at("mikawa", tokugawa=(1, 0)))
    ally(run, "oda", "tokugawa", held=[("owari", "oda")])
    run.until("move-from", "oda")
    end_moves(run, "oda")
    assert set(run.values("battle")) == {"betray:owari", "done"}


# ---------------------------------------------------------------- §10.1.4 the fists

def fists(a_fist, b_fist, *provinces, order=ORDER):
    """Oda and Tokugawa allied since round 1; round 2's Diplomacy Step
    opens their fists."""
    run = game(*provinces, order=order, koku={"oda": 5, "tokugawa": 5}, round=2)
    ally(run, "oda", "tokugawa", held=[("mikawa", "tokugawa")])
    run.until("fist")
    shown = {}
    while run.pending is not None and run.pending.kind == "fist":
        clan = run.pending.context["clan"]
        before = run.state.koku[clan]
        run.answer("fist", a_fist if clan == "oda" else b_fist)
        shown[clan] = before
    return run, shown


def test_the_fists_are_shown_in_the_diplomacy_step_only_and_in_secret():
    """[§10.1.4-a] [-b] A pact is ended only in the Diplomacy Step: each
    partner secretly closes its fist on a Koku (dissolve) or nothing
    (continue); a fist is seen by its seat alone (sealed decision, event
    hidden from the others); both open together."""
    run = game(at("owari", oda=(1, 1)), at("mikawa", tokugawa=(1, 1)), round=2)
    ally(run, "oda", "tokugawa")
    asked = []
    play_until(run, lambda r: r.pending.kind == "fist",
               lambda d: asked.append(d.kind) or passing(d))
    assert "reinforce" in asked and run.state.phase == "reinforcement"
    p = run.pending
    assert p.context.get("sealed") and set(p.values()) == {"continue", "dissolve"}
    run.answer("fist", "dissolve")
    (closed,) = run.events(mev.FistClosed)
    seat = closed.seat
    assert closed.visible_to(seat)
    assert not any(closed.visible_to(s) for s in run.g.players if s != seat)
    assert not run.events(mev.FistsOpened)  # not before the second fist is closed
    run.answer("fist", "continue")
    (opened,) = run.events(mev.FistsOpened)
    assert all(opened.visible_to(s) for s in run.g.players)
    assert {opened.fist_a, opened.fist_b} == {"dissolve", "continue"}


def test_tf_10_1_3_one_koku_fist_dissolves_and_its_holder_retreats():
    """[§10.1.4-c] [-d] TF-10.1-3: Koku / empty: dissolved, the Koku's
    holder is the initiator; each gets its 2 Koku back; the initiator's
    units leave every shared province for an adjacent province it
    controls."""
    run, before = fists("dissolve", "continue", at("owari", oda=(1, 1)),
                        at("mikawa", oda=(0, 2), tokugawa=(1, 1)))
    (d,) = run.events(mev.PactDissolved)
    assert d.initiator == "oda" and not run.state.pacts
    assert run.state.koku["oda"] == before["oda"] + 2
    assert run.state.koku["tokugawa"] == before["tokugawa"] + 2
    while run.pending.kind == "retreat":
        assert run.values() == ["owari"]
        run.answer("retreat", "owari", "oda")
    assert run.state.stack("mikawa", "oda") == 0 and run.state.stack("owari", "oda") == 4
    assert [(e.frm, e.to) for e in run.events(mev.OrderedRetreat)] == [("mikawa", "owari")] * 2
    assert run.state.controller("mikawa") == "tokugawa"


def test_tf_10_1_3_units_without_a_retreat_stay_and_the_province_is_contested():
    """[§10.1.4-d] [U-18] With no adjacent province of its own (or none
    with room under the limit of 7) the initiator's units stay: the
    province is contested."""
    run, _ = fists("continue", "dissolve", at("owari", oda=(1, 6)),
                   at("mikawa", oda=(0, 1), tokugawa=(0, 3)), at("totomi", tokugawa=(1, 0)))
    (d,) = run.events(mev.PactDissolved)
    assert d.initiator == "tokugawa"
    # Tokugawa's Tōtōmi takes the 3 (Owari is Oda's): all leave
    while run.pending.kind == "retreat":
        run.answer("retreat", "totomi", "tokugawa")
    assert run.state.stack("mikawa", "tokugawa") == 0
    run, _ = fists("dissolve", "continue", at("owari", oda=(1, 7)),
                   at("mikawa", oda=(0, 2), tokugawa=(1, 1)))
    assert run.events(mev.PactDissolved)[0].initiator == "oda"
    assert not run.events(mev.OrderedRetreat)  # Owari is full
    assert run.state.stack("mikawa", "oda") == 2 and run.state.controller("mikawa") is None


def test_tf_10_1_4_both_fists_dissolve_the_later_partner_initiates():
    """[§10.1.4-c] TF-10.1-4 [U-17] Koku / Koku: the Gekokujō tie-break's
    loser is the initiator: the partner who would act later (more
    provinces: Tokugawa)."""
    run, _ = fists("dissolve", "dissolve", at("owari", oda=(1, 1)),
                   at("mikawa", oda=(0, 1), tokugawa=(1, 1)), at("totomi", tokugawa=(0, 1)),
                   at("suruga", tokugawa=(0, 1)))
    (d,) = run.events(mev.PactDissolved)
    assert d.initiator == "tokugawa"
    assert run.pending.kind != "retreat" or run.pending.context["clan"] == "tokugawa"


def test_fists_stay_hidden_from_every_other_seat_in_a_whole_game():
    """[§10.1.4-b] Each FistClosed is visible to its own seat only; the
    view of another seat shows no Koku of another clan [§2.1]."""
    run, _ = fists("continue", "continue", at("owari", oda=(1, 1)),
                   at("mikawa", tokugawa=(1, 1)))
    for e in run.events(mev.FistClosed):
        assert [s for s in run.g.players if e.visible_to(s)] == [e.seat]
        assert e.seat == run.state.seat_of[e.clan]
    for seat in run.g.players:
        v = KIND.view(run.g, seat)
        assert all(d["koku"] is None for c, d in v["clans"].items()
                   if c != run.state.clan_of[seat])
