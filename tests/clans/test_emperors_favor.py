"""The Emperor's Favor [§10.7] (`--variant emperors-favor`): Legitimacy for
sole control of Yamashiro (Kyoto) when Reinforcement begins [§10.7.1], the
Imperial Edicts issued on one's own Campaign turn before moving —
Legitimate Claim, Imperial Censure — and the Appointed Shogun [§10.7.2];
TF-10.7-1..5 and the readings U-47..U-49."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.favor import APPOINTED, censure_bonus, claim_targets
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

EF = ("emperors-favor",)
ORDER = ("oda", "shimazu", "tokugawa", "uesugi")


def game(*provinces, legitimacy=None, round=1, order=ORDER, variants=EF, koku=None,
         vassals=(), then=None):
    g = from_start(position(*provinces, round=round, order=order, koku=koku, vassals=vassals),
                   variants=variants)
    g.state.legitimacy.update(legitimacy or {})
    script_dice(g, then=then)
    return Run(g)


def to_turn(run, clan, rnd=None):
    """Play to the clan's first decision of its campaign turn (edict or move)."""
    play_until(run, lambda r: r.state.phase == "campaign" and r.state.current == clan
               and (rnd is None or r.state.round == rnd))


# ---------------------------------------------------------------- §10.7.1 Legitimacy

def test_sole_control_of_kyoto_at_the_start_of_reinforcement_gives_one_legitimacy():
    """[§10.7.1-a] [-c] +1 Legitimacy for sole control of Yamashiro at the
    start of the Reinforcement Phase, tracked openly (an event every seat
    reads); once a round."""
    run = game(at("yamashiro", oda=(0, 2)))
    (g1,) = run.events(mev.LegitimacyGained)
    assert (g1.clan, g1.amount, g1.total) == ("oda", 1, 1)
    assert all(g1.visible_to(s) for s in run.g.players)
    begun = next(e for e in run.events(ev.SeasonBegan) if e.phase == "Reinforcement")
    assert run.g.events.index(begun) < run.g.events.index(g1)
    assert run.pending.kind == "reinforce"  # before anyone reinforces
    play_until(run, lambda r: r.state.round == 3)  # round 3's Reinforcement has begun
    assert [e.total for e in run.events(mev.LegitimacyGained)] == [1, 2, 3]


def test_tf_10_7_2_any_other_unit_in_kyoto_prevents_the_gain():
    """[§10.7.1-b] TF-10.7-2: any allied or enemy unit there prevents it:
    an enemy Bushi (Kyoto contested), or the ally's one Bushi beside Oda's
    [§10.1.2-d]."""
    run = game(at("yamashiro", oda=(0, 2), tokugawa=(0, 1)))
    assert not run.events(mev.LegitimacyGained)
    g = from_start(position(at("yamashiro", oda=(0, 2), tokugawa=(0, 1)), round=1,
                            order=ORDER), variants=EF + ("political-play",))
    g.state.pacts.append(Pact("oda", "tokugawa", {"oda": 2, "tokugawa": 2}))
    g.state.shared["yamashiro"] = "oda"
    run = Run(g)
    assert run.state.controller("yamashiro") == "oda"
    assert not run.events(mev.LegitimacyGained)


# ---------------------------------------------------------------- §10.7.2 Appointed Shogun

def test_tf_10_7_1_six_legitimacy_and_kyoto_at_the_start_of_the_turn_win_at_once():
    """[§10.7.2] TF-10.7-1 [U-47]: Yamashiro held alone at the start of
    Phase 1b for rounds 1-6 makes 6 Legitimacy; holding Kyoto at the start
    of its round-6 Campaign turn, Oda wins at once — before it moves and
    before the end of the phase [§1.1.2] — and spends nothing."""
    run = game(at("yamashiro", oda=(0, 2)), at("owari", oda=(1, 0)))
    play_until(run, lambda r: r.state.round == 6 and r.state.phase == "campaign")
    assert [e.total for e in run.events(mev.LegitimacyGained)] == [1, 2, 3, 4, 5, 6]
    while run.pending is not None:
        run.d.answer(passing(run.pending))
    (won,) = run.events(ev.GameWon)
    assert (won.winner, won.level, won.rule) == ("oda", APPOINTED, "§10.7.2")
    last = run.events(ev.TurnBegan)[-1]
    assert last.clan == "oda" and run.state.round == 6
    assert not [e for e in run.g.events[run.g.events.index(last):]
                if isinstance(e, (ev.UnitsMoved, ev.ClashBegan))]
    assert run.state.legitimacy["oda"] == 6  # a threshold: nothing spent


def test_appointed_shogun_needs_kyoto_at_the_start_of_the_turn():
    """[§10.7.2] "If you control Kyoto at the start of your turn": 6
    Legitimacy without Kyoto do not win."""
    run = game(at("owari", oda=(1, 1)), at("yamashiro", tokugawa=(0, 1)),
               legitimacy={"oda": 6})
    to_turn(run, "oda")
    assert not run.events(ev.GameWon)


def test_appointed_shogun_overrides_the_mandate_and_province_control():
    """[§10.7.2] "This victory overrides all others": checked at the start
    of the holder's turn, it ends the game before any end-of-phase check."""
    run = game(at("yamashiro", shimazu=(0, 1)), at("settsu", oda=(0, 1)),
               at("sagami", oda=(0, 1)), at("owari", oda=(1, 0)),
               legitimacy={"shimazu": 5}, order=("shimazu", "oda", "tokugawa", "uesugi"))
    to_turn(run, "shimazu")
    won = run.events(ev.GameWon)
    assert [(w.winner, w.level) for w in won] == [("shimazu", APPOINTED)]


def test_a_vassal_cannot_be_appointed_shogun():
    """[§8.1.1] [§10.7.2] A vassal cannot win: holding Kyoto alone with 6
    Legitimacy it is not Appointed Shogun."""
    run = game(at("yamashiro", shimazu=(0, 2)), round=3, legitimacy={"shimazu": 5},
               order=("shimazu", "oda", "tokugawa", "uesugi"), vassals=[("shimazu", "oda", 0, 1)])
    run.answer("vassal-path", "rebuilding", "shimazu")
    play_until(run, lambda r: r.state.round == 4)
    assert not run.events(ev.GameWon)


# ---------------------------------------------------------------- §10.7.2 edicts

def test_edicts_come_on_the_players_own_turn_before_movement_one_at_most():
    """[§10.7.2] Issued on your own Campaign turn, before movement; [U-47]
    one edict a turn."""
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 4)),
               at("totomi", tokugawa=(1, 0)), legitimacy={"oda": 6})
    to_turn(run, "oda")
    p = run.pending
    assert p.kind == "edict" and set(p.values()) == {"none", "claim", "censure"}
    assert run.events(ev.TurnBegan)[-1].clan == "oda"
    assert not run.events(ev.UnitsMoved)
    run.answer("edict", "censure", "oda")
    run.answer("censure", "tokugawa", "oda")
    assert run.pending.kind == "move-from"  # no second edict, though 3 Legitimacy are left
    assert run.state.legitimacy["oda"] == 3


def test_no_edict_without_three_legitimacy():
    """[§10.7.2] Each edict costs 3: with 2 the player is not asked."""
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 4)), legitimacy={"oda": 2})
    to_turn(run, "oda")
    assert run.pending.kind == "move-from"


def test_tf_10_7_3_legitimate_claim_removes_three_bushi_and_pays_their_owner():
    """[§10.7.2] TF-10.7-3: A spends 3 on a Legitimate Claim against a
    province with 4 C-Bushi and no C-Daimyō: 3 Bushi removed, C receives 3
    Koku from the supply."""
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 4)),
               at("totomi", tokugawa=(1, 0)), legitimacy={"oda": 3})
    to_turn(run, "oda")
    koku = run.state.koku["tokugawa"]
    assert claim_targets(run.g, "oda") == ["mikawa"]  # not Tōtōmi (Daimyō), the only one
    run.answer("edict", "claim", "oda")
    while run.pending.kind == "claim-bushi":
        run.answer("claim-bushi", "tokugawa:bushi", "oda")
    assert run.state.units["mikawa"]["tokugawa"]["bushi"] == 1
    assert run.state.koku["tokugawa"] == koku + 3 and run.state.legitimacy["oda"] == 0
    (c,) = run.events(mev.ClaimEnforced)
    assert (c.province, c.removed) == ("mikawa", {"tokugawa": 3})


def test_a_claim_names_one_province_and_may_stop_short_of_three():
    """[§10.7.2] "Up to 3 enemy Bushi from any one province": the claimer
    names the province, then may stop after the first Bushi."""
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 4)),
               at("totomi", tokugawa=(1, 0)), at("echigo", uesugi=(1, 0)),
               at("sado", uesugi=(0, 2)), legitimacy={"oda": 3})
    to_turn(run, "oda")
    run.answer("edict", "claim", "oda")
    assert set(run.values("claim")) == {"mikawa", "sado"}
    run.answer("claim", "mikawa", "oda")  # one owner there: the first Bushi goes
    assert set(run.values("claim-bushi")) == {"tokugawa:bushi", "stop"}
    run.answer("claim-bushi", "stop", "oda")
    assert run.events(mev.ClaimEnforced)[0].removed == {"tokugawa": 1}
    assert run.state.units["sado"]["uesugi"]["bushi"] == 2


def test_tf_10_7_4_no_claim_where_the_owner_has_a_daimyo():
    """[§10.7.2] TF-10.7-4: the same province with a C-Daimyō is no target;
    [U-48] judged owner by owner; other players' Bushi, an ally's too, but
    not the neutral Ikkō-ikki's."""
    g = placed(position(at("mikawa", tokugawa=(1, 4)), at("owari", oda=(1, 1)),
                        at("mino", tokugawa=(1, 1), shimazu=(0, 2)),
                        at("ise", **{"ikko-ikki": {"bushi": 3}})), variants=EF)
    targets = claim_targets(g, "oda")
    assert "mikawa" not in targets and "ise" not in targets and "owari" not in targets
    assert "mino" in targets  # Shimazu's Bushi there have no Shimazu Daimyō
    g.state.pacts.append(Pact("oda", "shimazu", {"oda": 2, "shimazu": 2}))
    assert "mino" in claim_targets(g, "oda")  # an ally's Bushi too, no betrayal


def censure_attack(oda_daimyo, censure=True, then=None, attacker_round=1):
    """Oda censures Tokugawa, then attacks Mikawa."""
    run = game(at("owari", oda=(oda_daimyo, 2)), at("mikawa", tokugawa=(0, 2)),
               at("totomi", tokugawa=(1, 0)), legitimacy={"oda": 3}, then=then or sides())
    to_turn(run, "oda")
    if censure:
        run.answer("edict", "censure", "oda")
        run.answer("censure", "tokugawa", "oda")
    else:
        run.answer("edict", "none", "oda")
    run.move("oda", "owari", "mikawa", daimyo=oda_daimyo, bushi=2)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    return run


def oda_scored(run):
    return [e for e in run.events(ev.HitsScored) if e.clan == "oda"]


def test_censure_gives_plus_one_on_attacks_against_the_censured_player():
    """[§10.7.2] Imperial Censure: for the rest of the round, any player
    who starts an attack on the censured player gets +1 on attack rolls
    for that battle; [U-49] the issuer too."""
    run = censure_attack(0)
    (e,) = run.events(mev.EdictIssued)
    assert (e.clan, e.edict, e.target) == ("oda", "Imperial Censure", "tokugawa")
    (s,) = oda_scored(run)
    assert (s.bonus, s.targets) == (1, {"bushi": 4})
    run = censure_attack(0, censure=False)
    assert oda_scored(run)[0].bonus == 0


def test_tf_10_7_5_censure_and_oda_do_not_stack():
    """[§10.7.2] [§0.1] TF-10.7-5: Oda, with a Daimyō present, attacks the
    censured player: +1 once (Censure and Oda's +1 are one bonus type)."""
    run = censure_attack(1)
    (s,) = oda_scored(run)
    assert s.bonus == 1 and s.targets == {"daimyo": 3, "bushi": 4}


def test_censure_lasts_the_round_only():
    """[§10.7.2] [U-49] "For the rest of the game round": another player
    attacking Tokugawa later that round has +1; next round no one does."""
    run = game(at("owari", oda=(1, 2)), at("mikawa", tokugawa=(0, 2)),
               at("totomi", tokugawa=(1, 0)), at("shinano", uesugi=(1, 2)),
               legitimacy={"oda": 3}, then=sides())
    to_turn(run, "oda")
    run.answer("edict", "censure", "oda")
    run.answer("censure", "tokugawa", "oda")
    run.until("move-from", "uesugi")
    run.move("uesugi", "shinano", "mikawa", bushi=2)
    end_moves(run, "uesugi")
    until_seen(run, ev.ClashEnded)
    (s,) = [e for e in run.events(ev.HitsScored) if e.clan == "uesugi" and e.attacking]
    assert s.bonus == 1
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "move-from"
               and r.pending.context["clan"] == "uesugi")
    assert censure_bonus(run.g, ["tokugawa"]) == 0
