"""Path of Glory [§10.4] (`--variant path-of-glory`): it replaces vassalage
[§10.4-a]; a clan whose last Daimyō is defeated collects Glory Points
[§10.4-b] by the table of §10.4-d, and wins with 7 at the end of the phase,
after the Mandate and province control [§10.4-c]; no Diversion on a
Mandate province while a path is walked [§10.4-e]; several Mandate
provinces in one turn score each [§10.4-f]; TF-10.4-1, TF-10.4-2 and the
readings U-37..U-41."""

from __future__ import annotations

import pytest

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.game import victory
from tenkatoitsu.kinds.clans.outcome import GLORY_WIN, MANDATE_WIN, PROVINCE_WIN, GameOver
from tenkatoitsu.kinds.clans.reinforcement import field_targets
from tenkatoitsu.kinds.contract import VariantError
from tests.clans.helpers import (
    Run,
    at,
    end_moves,
    from_start,
    index_of,
    new_game,
    placed,
    play_until,
    position,
    script_dice,
    sides,
    until_seen,
)

PG = ("path-of-glory",)
ORDER = ("shimazu", "oda", "tokugawa", "uesugi")
#: Oda leads with three provinces
ODA3 = (at("owari", oda=(1, 1)), at("ise", oda=(0, 1)), at("shima", oda=(0, 1)))


def game(*provinces, walkers=(), order=ORDER, round=1, then=None, clans=None, variants=PG,
         glory=None):
    g = from_start(position(*provinces, round=round, order=order, clans=clans),
                   variants=variants)
    script_dice(g, then=then)
    run = Run(g)
    for c in walkers:
        run.state.glory[c] = (glory or {}).get(c, 0)
    return run


def shimazu_kills_tokugawa(*more, glory=None):
    """Shimazu, on the path (no Daimyō), attacks Satsuma where Tokugawa's
    last Daimyō stands."""
    run = game(at("higo", shimazu=(0, 3)), at("satsuma", tokugawa=(1, 0)), *more,
               walkers=("shimazu",), then=sides(shimazu=6), glory=glory)
    run.until("move-from", "shimazu")
    run.move("shimazu", "higo", "satsuma", bushi=3)
    end_moves(run, "shimazu")
    until_seen(run, ev.ClashEnded)
    return run


# ---------------------------------------------------------------- §10.4-a vassalage replaced

def test_losing_the_last_daimyo_takes_the_path_not_vassalage():
    """[§10.4-a] [§10.4-b] [U-37] The module replaces the whole vassalage
    system: the clan whose last Daimyō falls becomes no vassal, loses no
    province or unit, and takes the Path of Glory; next round there is no
    Vassal Decision Point (T1.2)."""
    run = game(at("owari", oda=(1, 3)), at("mikawa", tokugawa=(1, 0)),
               at("totomi", tokugawa=(0, 2)), at("suruga", tokugawa=(0, 2)),
               order=("oda", "shimazu", "tokugawa", "uesugi"), then=sides(oda=6))
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    assert [e.clan for e in run.events(mev.GloryPathTaken)] == ["tokugawa"]
    assert run.state.glory == {"tokugawa": 0}
    assert not run.events(ev.VassalSworn) and not run.state.vassals
    kinds = []
    play_until(run, lambda r: r.state.round == 2 and r.state.phase == "campaign",
               lambda d: kinds.append(d.kind) or ("done" if "done" in d.values() else
                                                  d.values()[0]))
    assert not {"give-up", "dismiss", "retreat", "vassal-path", "deposit"} & set(kinds)
    assert run.state.count("tokugawa") == 2 and run.state.bushi("tokugawa") == 4
    assert run.state.free("tokugawa")


def test_a_walker_with_no_province_left_is_eliminated():
    """[U-37] [§8.2] Elimination still applies: no Daimyō and no province."""
    run = game(at("owari", oda=(1, 3)), at("mikawa", tokugawa=(1, 0)),
               order=("oda", "shimazu", "tokugawa", "uesugi"), then=sides(oda=6))
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    assert "tokugawa" in run.state.eliminated


# ---------------------------------------------------------------- §10.4-d Glory Points

def test_defeating_a_last_daimyo_scores_two():
    """[§10.4-d] Defeat any player's last Daimyō: +2 (Oda leads, not
    Tokugawa); [U-41] the walker's own hit removed it. The defeated clan
    takes the path in turn."""
    run = shimazu_kills_tokugawa(*ODA3)
    (gp,) = run.events(mev.GloryScored)
    assert (gp.clan, gp.points, gp.total) == ("shimazu", 2, 2)
    assert run.state.glory == {"shimazu": 2, "tokugawa": 0}


def test_defeating_the_leading_players_last_daimyo_scores_three():
    """[§10.4-d] [U-39] The leading player (most provinces, §1.2.1 ties,
    read before the battle): +3 instead of +2, not both."""
    run = shimazu_kills_tokugawa(at("mikawa", tokugawa=(0, 1)), at("totomi", tokugawa=(0, 1)),
                                 at("suruga", tokugawa=(0, 1)))
    (gp,) = run.events(mev.GloryScored)
    assert (gp.points, gp.total) == (3, 3)


def test_only_a_walker_scores_glory():
    """[§10.4-b] A clan that is not on the path scores nothing for a last
    Daimyō it defeats."""
    run = game(at("higo", shimazu=(1, 3)), at("satsuma", tokugawa=(1, 0)), *ODA3,
               then=sides(shimazu=6))
    run.until("move-from", "shimazu")
    run.move("shimazu", "higo", "satsuma", daimyo=1, bushi=3)
    end_moves(run, "shimazu")
    until_seen(run, ev.ClashEnded)
    assert not run.events(mev.GloryScored) and run.state.glory == {"tokugawa": 0}


def test_sole_control_of_mandate_provinces_scores_three_each_in_one_turn():
    """[§10.4-d] Gain sole control of a Mandate Province: +3; [§10.4-f]
    Settsu and Yamashiro taken in one turn score +3 each."""
    run = game(at("harima", shimazu=(0, 2)), at("tamba", shimazu=(0, 1)), *ODA3,
               walkers=("shimazu",))
    run.until("move-from", "shimazu")
    run.move("shimazu", "harima", "settsu", bushi=2)
    run.move("shimazu", "tamba", "yamashiro", bushi=1)
    end_moves(run, "shimazu")
    run.until("move-from", "oda")
    assert [(e.points, e.total) for e in run.events(mev.GloryScored)] == [(3, 3), (3, 6)]
    assert {e.why for e in run.events(mev.GloryScored)} == {"sole control of Settsu",
                                                            "sole control of Yamashiro"}


def test_each_mandate_province_scores_once():
    """[§10.4-d] [U-40] Losing and retaking the same Mandate Province does
    not score again."""
    run = game(at("harima", shimazu=(0, 2)), *ODA3, walkers=("shimazu",))
    run.until("move-from", "shimazu")
    run.move("shimazu", "harima", "settsu", bushi=2)
    end_moves(run, "shimazu")
    play_until(run, lambda r: r.state.round == 2 and r.pending.kind == "move-from"
               and r.pending.context["clan"] == "shimazu")
    run.move("shimazu", "settsu", "harima", bushi=2)
    end_moves(run, "shimazu")
    play_until(run, lambda r: r.state.round == 3 and r.pending.kind == "move-from"
               and r.pending.context["clan"] == "shimazu")
    run.move("shimazu", "harima", "settsu", bushi=2)
    end_moves(run, "shimazu")
    run.until("move-from", "oda")
    assert [e.points for e in run.events(mev.GloryScored)] == [3]


def test_a_mandate_province_shared_with_another_clan_scores_nothing():
    """[§10.4-d] "sole control": entering Settsu where Oda stands is a
    battle; while both stand there no one controls it."""
    run = game(at("harima", shimazu=(0, 2)), at("bizen", shimazu=(0, 1)),
               at("settsu", oda=(0, 1)), *ODA3, walkers=("shimazu",), then=sides())
    run.until("move-from", "shimazu")
    run.move("shimazu", "harima", "settsu", bushi=2)
    end_moves(run, "shimazu")
    until_seen(run, ev.ClashEnded)
    assert run.state.controller("settsu") is None and not run.events(mev.GloryScored)


def test_a_mandate_province_held_before_the_path_does_not_score():
    """[§10.4-d] Only gaining sole control scores: the Hōjō, who hold
    Sagami (their home, a Mandate province) when their last Daimyō falls in
    Mikawa, gain nothing for Sagami."""
    clans = {"a": "oda", "b": "hojo", "c": "tokugawa", "d": "uesugi"}
    run = game(at("owari", oda=(1, 3)), at("mikawa", hojo=(1, 0)), at("sagami", hojo=(0, 2)),
               at("totomi", tokugawa=(1, 0)), clans=clans,
               order=("oda", "hojo", "tokugawa", "uesugi"), then=sides(oda=6))
    run.until("move-from", "oda")
    run.move("oda", "owari", "mikawa", daimyo=1, bushi=3)
    end_moves(run, "oda")
    until_seen(run, ev.ClashEnded)
    run.until("move-from", "hojo")
    assert run.state.glory["hojo"] == 0 and not run.events(mev.GloryScored)


# ---------------------------------------------------------------- §10.4-c victory

def test_tf_10_4_1_seven_glory_points_win_at_the_end_of_the_phase():
    """[§10.4-c] TF-10.4-1: +2 for a (non-leading) last Daimyō, +3 for
    Settsu, +3 for Yamashiro: 8 >= 7, all in one turn: the walker wins at
    the end of that phase, not at once — every other player's campaign turn
    is played first."""
    run = game(at("higo", shimazu=(0, 3)), at("satsuma", tokugawa=(1, 0)),
               at("mikawa", tokugawa=(0, 1)), at("harima", shimazu=(0, 2)),
               at("tamba", shimazu=(0, 1)), at("oki", shimazu=(0, 1)), *ODA3,
               walkers=("shimazu",), then=sides(shimazu=6))
    run.until("move-from", "shimazu")
    run.move("shimazu", "higo", "satsuma", bushi=3)
    run.move("shimazu", "harima", "settsu", bushi=2)
    run.move("shimazu", "tamba", "yamashiro", bushi=1)
    end_moves(run, "shimazu")
    until_seen(run, ev.ClashEnded)
    assert [e.points for e in run.events(mev.GloryScored)] == [3, 3, 2]
    assert run.state.glory["shimazu"] == 8
    run.until("move-from", "oda")
    assert not run.events(ev.GameWon)
    play_until(run, lambda r: False)
    (won,) = run.events(ev.GameWon)
    assert (won.winner, won.level, won.rule) == ("shimazu", GLORY_WIN, "§10.4-c (§6)")
    last_turn = run.events(ev.TurnBegan)[-1]
    assert last_turn.clan == "uesugi" and index_of(run.g, last_turn) < index_of(run.g, won)


def glory_position(*more):
    g = placed(position(at("satsuma", shimazu=(0, 1)), *more), variants=PG)
    g.state.glory["shimazu"] = 7
    return g


def outcome(g):
    try:
        victory(g, "§6")
    except GameOver:
        return g.state.clan_of[g.state.winner], g.state.level
    return None


def test_the_mandate_and_province_control_come_before_the_path():
    """[§1.1.1] [§10.4-c] Simultaneous victories: the Mandate, then
    Province Control, then the Path of Glory."""
    assert outcome(glory_position()) == ("shimazu", GLORY_WIN)
    mandate = [at(p, oda=(0, 1)) for p in ("yamashiro", "settsu", "sagami")]
    assert outcome(glory_position(*mandate)) == ("oda", MANDATE_WIN)
    twenty = ("owari", "ise", "iga", "shima", "omi", "mino", "hida", "yamato", "kawachi",
              "izumi", "kii", "tamba", "tango", "tajima", "wakasa", "echizen", "kaga", "noto",
              "harima", "bizen")
    assert outcome(glory_position(*[at(p, oda=(0, 1)) for p in twenty])) == \
        ("oda", PROVINCE_WIN)


def test_a_walker_may_also_win_by_province_control():
    """[U-38] A clan on the path is free: province control wins for it too."""
    twenty = ("inaba", "ise", "iga", "shima", "omi", "mino", "hida", "yamato", "kawachi",
              "izumi", "kii", "tamba", "tango", "tajima", "wakasa", "echizen", "kaga", "noto",
              "harima", "bizen")
    g = placed(position(*[at(p, shimazu=(0, 1)) for p in twenty]), variants=PG)
    g.state.glory["shimazu"] = 0
    assert outcome(g) == ("shimazu", PROVINCE_WIN)


def test_six_glory_points_do_not_win():
    """[§10.4-c] The threshold is 7."""
    g = glory_position()
    g.state.glory["shimazu"] = 6
    assert outcome(g) is None


# ---------------------------------------------------------------- §10.4-e Diversion

def test_no_diversion_on_a_mandate_province_while_a_path_is_walked():
    """[§10.4-e] [§9.1] A Ninja Diversion may not target a Mandate Province
    while any player is on the Path of Glory."""
    g = placed(position(at("settsu", oda=(1, 1)), at("owari", oda=(0, 1)),
                        at("satsuma", shimazu=(0, 1))), variants=PG)
    assert "settsu" in field_targets(g, "tokugawa", "diversion")
    g.state.glory["shimazu"] = 0
    targets = field_targets(g, "tokugawa", "diversion")
    assert "settsu" not in targets and "owari" in targets


# ---------------------------------------------------------------- §10.0

def test_tf_10_4_2_path_of_glory_and_emperors_favor_are_refused_together():
    """[§10.0-a] TF-10.4-2: two conflicting sudden-death victories."""
    with pytest.raises(VariantError):
        new_game(4, variants=("path-of-glory", "emperors-favor"))
