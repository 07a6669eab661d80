"""Sekigahara 1600 [21]: command, betrayals, large clans, Ii's impetuosity and
victory, each rule on the shipped scenario; then properties over random
playouts (a clan joins at most once, undecided clans never act, the Betrayal
Bowl is emptied after each draw, the pledge VP counted at most once)."""

import pytest
from conftest import SCENARIOS
from helpers import ScriptedDice, place, run

from tenkatoitsu.kinds.battle.events import CombatDeclared
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.load import load_file
from tenkatoitsu.kinds.battle.queries import attacks, charge_paths, chits, zoc
from tenkatoitsu.kinds.battle.rules import combat as cb
from tenkatoitsu.kinds.battle.rules import command, losses, samurai_activation
from tenkatoitsu.kinds.battle.rules.activation import initiative_phase
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario_rules.sekigahara_data import family
from tenkatoitsu.session import Session, bots_for


def _game(scen, variants=(), pledges=0):
    """A game after the set-up [21.4.2]: undecided chits on the Betrayal Aid."""
    g = Game(scen, seed=7, variants=variants)
    rule = next(r for r in g.rules if r.name == "sekigahara")
    if pledges is not None:
        run(rule.setup(g), [pledges])
    return g, rule


@pytest.fixture
def game(sekigahara):
    return _game(sekigahara)


def _places(g, clan):
    return g.state.chit_places(f"clan:{clan}")


# ---------------------------------------------------------------- the scenario

def test_scenario_checks_clean_without_warnings(sekigahara):
    res = load_file(SCENARIOS / "sekigahara.tks")
    assert res.ok and not res.diagnostics
    clans = {c.id for _, c in sekigahara.clans()}
    assert {"A1", "A2", "A3", "E1", "E2", "E3", "L1", "L2", "18A", "18B", "18C"} <= clans


def test_family_of_large_clans():
    assert [family(c) for c in ("A1", "A3", "L2", "18A", "18C", "1", "10", "B")] == \
        ["A", "A", "L", "18", "18", "1", "10", "B"]


def test_bad_rule_data_is_located(tmp_path, sekigahara):
    text = (SCENARIOS / "sekigahara.tks").read_text(encoding="utf-8")
    text = text.replace('bond "L" "tokugawa" "I" 2', 'bond "L" "tokugawa" "Z" 2')
    text = text.replace('redeploy "R" "A" "B" 2', 'redeploy "R" "A" "B"')
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "rules").symlink_to(SCENARIOS / "rules")
    bad = tmp_path / "scenarios" / "sekigahara.tks"
    bad.write_text(text, encoding="utf-8")
    res = load_file(bad)
    msgs = [(d.message, d.pos.line) for d in res.diagnostics]
    assert any("unknown undecided clan family 'Z'" in msg for msg, _ in msgs), msgs
    assert any("'redeploy' takes" in msg for msg, _ in msgs), msgs
    line = text[:text.index('"Z"')].count("\n") + 1
    assert ("rule sekigahara: unknown undecided clan family 'Z'", line) in msgs


# ---------------------------------------------------------------- [21.2] command

def test_21_2_succession_ishida_ukita_otani(game):
    g, _ = game
    assert chits.commander(g, "ishida") == "A1a"
    g.eliminate("A1a", "test")
    assert chits.commander(g, "ishida") == "E1a"
    g.state.units["E1a"].leader_killed = True
    assert chits.commander(g, "ishida") == "G1"


def test_21_2_a1_and_18a_never_rout(game):
    g, _ = game
    assert run(losses.rout_check(g, "A1"))[0] == "never-routs"
    assert run(losses.rout_check(g, "18A"))[0] == "never-routs"


def test_21_2_mori_rolls_only_once_he_has_joined_and_counts_from_himself(game):
    g, rule = game
    n = len(g.events)
    run(rule.mori_command(g))
    assert len(g.events) == n  # undecided: no roll at all
    run(rule.betrayals.join("N", "ishida", "test"), ["defense", "defense"])
    g.dice = ScriptedDice(g, [6])  # 6 in Defense, no Bundori: 2 CP on Mōri's table
    _, seen = run(rule.mori_command(g), ["clan:B", "done"])
    assert seen[0].rule == "21.2" and seen[0].side == "ishida"
    # clan B stands by Sasaoyama: next to Ishida, far from Mōri on Nangūsan
    assert chits.chit_destination(g, "ishida", "B") == "bowl"
    assert _places(g, "B") != ["bowl"] and _places(g, "B")[0].startswith("delay")
    cp = [e for e in g.events if type(e).__name__ == "CommandPoints"][-1]
    assert (cp.rule, cp.cp) == ("21.2", 2)


def test_21_2_mori_counts_14_and_a_half_mp_as_delay_box_1(game, monkeypatch):
    # [9.3] the same mapping as the Sō-taishō's: no "Delay box 0" [2.3]
    g, rule = game
    run(rule.betrayals.join("N", "ishida", "test"), ["defense", "defense"])
    monkeypatch.setattr(chits, "command_distance", lambda *a, **k: 14.5)
    g.dice = ScriptedDice(g, [6])  # 2 CP on Mōri's table
    _, seen = run(rule.mori_command(g), ["clan:B", "done"])
    label = next(o.label for o in seen[0].options if o.value == "clan:B")
    assert label.startswith("clan B -> Delay box 1 (from ")
    assert _places(g, "B") == ["delay1:ishida"]


def test_21_2_mori_gone_neutral_never_rolls(game):
    g, rule = game
    run(rule.betrayals.join("N", "tokugawa", "test"))
    n = len(g.events)
    run(rule.mori_command(g))
    assert len(g.events) == n


# ---------------------------------------------------------------- [21.4.1] undecided clans

def test_21_4_1_undecided_chits_start_on_the_betrayal_aid(sekigahara):
    g, rule = _game(sekigahara, pledges=None)
    assert _places(g, "L1") == ["reserve:ishida"]  # until the set-up
    _, seen = run(rule.setup(g), [2])
    assert seen[0].kind == "pledges" and seen[0].side == "tokugawa"
    assert [o.value for o in seen[0].options] == [0, 1, 2, 3]
    assert rule.betrayals.pledges == 2 and rule.betrayals.pledge_vp() == 15
    [written] = [e for e in g.events if type(e).__name__ == "PledgesWritten"]
    assert written.visible_to("tokugawa") and not written.visible_to("ishida")
    for clan in ("C", "I", "L1", "L2", "N1", "N2", "O", "R"):
        assert _places(g, clan) == []
    assert _places(g, "A1") == ["reserve:ishida"]


def test_21_4_1_undecided_units_have_no_zoc_but_support(game):
    g, _ = game
    assert zoc.zoc_of(g, "L1a") == frozenset()
    assert zoc.support_reach(g, "L1a") == zoc.reach_of(g, "L1a") != frozenset()
    assert zoc.zoc_of(g, "E1a")


def test_21_4_1_undecided_may_be_ignored_when_another_enemy_is_attacked(game):
    g, _ = game
    place(g, "1c", "1111")  # next to E2a (decided) and M1 (undecided)
    place(g, "7a", "1112")  # next to M1 and I1, both undecided
    [grp] = attacks.attack_groups(g, "tokugawa", ["1c", "7a"])
    assert set(grp.defenders) == {"E2a", "M1", "I1"}
    # M1 may be ignored (1c attacks E2a); I1 faces 7a, who has no other target
    assert grp.must_be_attacked == frozenset({"E2a", "I1"})


def test_21_4_1_charges_may_ignore_undecided_clans(game):
    g, _ = game
    free, every = charge_paths._charge_candidates(g, "7a")
    assert "L1a" in every and "L1a" not in free and "E1a" in free


def test_21_4_1_undecided_clans_are_not_offered_in_the_initiative_phase(game):
    g, _ = game
    gen = initiative_phase(g)
    d = next(gen)
    while not (d.kind == "initiative-clan" and d.side == "ishida"):
        d = gen.send(d.options[-1].value)
    assert not {o.value for o in d.options} & {"C", "I", "J", "K", "L1", "L2", "M", "N1", "O"}


def test_21_4_1_undecided_units_in_an_ezoc_do_not_attack(game):
    g, _ = game
    place(g, "1c", "1111")  # E2a and M1 stand in its ZoC; 1c in theirs (M1 has none)
    run(cb.combat_phase(g, "ishida"))
    declared = [e for e in g.events if isinstance(e, CombatDeclared)]
    assert declared and all("M1" not in e.attackers for e in declared)


def test_21_4_1_an_undecided_clan_attacked_joins_ishida(game):
    g, rule = game
    place(g, "7a", "1112")
    _, seen = run(rule.before_combat(g, ["7a"], ["I1"]), ["defense"])
    assert seen[0].kind == "joining-order" and seen[0].side == "ishida"
    assert not rule.is_undecided(g, "I") and rule.betrayals.joined["I"] == "ishida"
    assert _places(g, "I") == ["bowl"]  # the free chit [21.4.2]
    assert zoc.zoc_of(g, "I1")  # a ZoC at once


def test_21_4_1_resolve_combat_calls_the_join_first(game):
    g, _ = game
    place(g, "7a", "1112")
    run(cb.resolve_combat(g, ["7a"], ["I1"]))
    names = [type(e).__name__ for e in g.events]
    assert names.index("ClanJoined") < names.index("CombatDeclared")


# ---------------------------------------------------------------- [21.4.2]-[21.4.4]

def test_21_4_3_the_betrayal_bowl_is_prepared_drawn_and_emptied(game):
    g, rule = game
    b = rule.betrayals
    g.dice = ScriptedDice(g, picks=["loyalty:L"])  # turn 1: one chit drawn
    _, seen = run(b.turn(), ["L", "K", "L", "O", "hold"])
    kinds = [d.kind for d in seen]
    assert kinds == ["influence-chit"] * 4 + ["arquebus-gambit"]
    assert [d.side for d in seen[:4]] == ["ishida", "ishida", "tokugawa", "tokugawa"]
    # Tokugawa may not pick C: its white Treason chit is always in the Bowl
    assert "C" not in {o.value for o in seen[2].options}
    assert b.track["L"] == [1, 0]
    assert b.bowl == []
    notes = [e.message for e in g.events if type(e).__name__ == "Note"]
    assert any("5 influence chits" in n for n in notes)


def test_21_4_2_treason_switches_sides_in_attack_with_a_free_chit(game):
    g, rule = game
    b = rule.betrayals
    run(b.advance("K", "tokugawa", 2, "test"))
    assert b.track["K"] == [0, 2] and "K" not in b.joined
    run(b.advance("K", "tokugawa", 1, "test"))
    assert b.joined["K"] == "tokugawa"
    assert g.clan_side("K") == "tokugawa" and g.order_of("K") == m.Order.ATTACK
    assert _places(g, "K") == ["bowl"]
    assert g.side_of("K1") == "tokugawa"


def test_21_4_2_a_join_before_the_command_sequence_waits_for_the_delay_phase(game):
    g, rule = game
    b = rule.betrayals
    b.before_command = True
    run(b.join("M", "tokugawa", "test"))
    assert _places(g, "M") == [] and b.pending == [("clan:M", "bowl")]
    b.before_command = False
    run(rule.after_command_points(g))
    assert _places(g, "M") == ["bowl"]


def test_21_4_2_a_clan_joins_at_most_once(game):
    g, rule = game
    b = rule.betrayals
    run(b.join("I", "tokugawa", "test"))
    run(b.join("I", "ishida", "test"))
    run(b.advance("I", "ishida", 5, "test"))
    assert b.joined["I"] == "tokugawa" and g.clan_side("I") == "tokugawa"
    assert sum(type(e).__name__ == "ClanJoined" and e.family == "I" for e in g.events) == 1


def test_21_4_5_kobayakawa_pulls_wakisaka_kutsuki_ogawa_and_akaza(game):
    g, rule = game
    b = rule.betrayals
    vp = dict(g.state.vp)
    run(b.join("L", "tokugawa", "test"))
    assert g.clan_side("L1") == "tokugawa"
    # [21.4.7] Matsuno Shigemoto is removed, not eliminated: no VP
    assert g.state.units["L2a"].hex is None and g.state.vp == vp
    assert b.joined["I"] == b.joined["J"] == b.joined["M"] == "tokugawa"  # 2-box tracks
    assert b.track["K"] == [0, 2] and "K" not in b.joined  # Ogawa's track is 3 long


def test_21_4_5_kikkawa_holds_mori_back(game):
    g, rule = game
    b = rule.betrayals
    run(b.join("O", "tokugawa", "test"))
    assert b.track["N"][1] == 2 and b.track["P"][1] == 1 and b.track["R"][1] == 1


def test_21_4_1_shimazu_and_mori_stay_neutral(game):
    g, rule = game
    b = rule.betrayals
    run(b.join("C", "tokugawa", "test"))
    assert b.joined["C"] == "neutral" and g.clan_side("C") == "ishida"
    assert not g.state.clan_units("C") and _places(g, "C") == []
    assert g.state.vp == {"ishida": 0, "tokugawa": 0}


def test_21_4_6_the_arquebuses_gambit(game):
    g, rule = game
    b = rule.betrayals
    b.bowl = ["loyalty:L", "treason:K", "loyalty:O"]
    g.dice = ScriptedDice(g, picks=["treason:K"])  # any Treason chit: Kobayakawa betrays
    _, seen = run(b.gambit(), ["shoot"])
    assert seen[0].kind == "arquebus-gambit" and seen[0].side == "tokugawa"
    assert "1 Treason and 2 Loyalty chits" in seen[0].prompt  # his odds, from public markers
    assert b.joined["L"] == "tokugawa"
    assert "treason:K" in b.bowl and "loyalty:L" not in b.bowl  # L's chits discarded
    fired = [e for e in g.events if type(e).__name__ == "GambitFired"]
    assert [(e.family, e.treason, e.loyalty, e.chit, e.rule) for e in fired] == \
        [("L", 1, 2, "treason:K", "21.4.6")]  # the odds he took: 1 Treason in 3


def test_21_4_6_the_gambit_can_make_kobayakawa_loyal(game):
    g, rule = game
    b = rule.betrayals
    b.bowl = ["loyalty:L", "treason:K"]
    g.dice = ScriptedDice(g, picks=["loyalty:L"])
    run(b.gambit(), ["shoot", "defense", "attack"])
    assert b.joined["L"] == "ishida" and g.order_of("L1") == m.Order.DEFENSE


def test_21_4_7_ishida_takes_a_samurai_if_tokugawa_leads(sekigahara):
    g, rule = _game(sekigahara, variants=("samurai",))
    g.add_vp("tokugawa", 2, "test", "test")
    run(rule.betrayals.join("L", "tokugawa", "test"))
    assert "samurai:ishida:1" in g.state.bowl


def test_21_4_7_no_samurai_when_ishida_leads(sekigahara):
    g, rule = _game(sekigahara, variants=("samurai",))
    run(rule.betrayals.join("L", "tokugawa", "test"))
    assert "samurai:ishida:1" not in g.state.bowl


def test_21_4_8_chosokabe_redeployed_through_entry_b(game):
    g, rule = game
    _, seen = run(rule.betrayals.join("R", "tokugawa", "test"), ["redeploy"])
    assert seen[0].kind == "chosokabe"
    assert g.state.clans["R"].entry == "B" and _places(g, "R") == ["delay2:tokugawa"]


def test_21_4_8_chosokabe_activated_at_once_through_entry_a(game):
    g, rule = game
    run(rule.betrayals.join("R", "ishida", "test"), ["movement", "now"])
    assert g.state.clans["R"].entry == "A" and _places(g, "R") == ["bowl"]


def test_21_4_3_diplomacy_events_move_the_markers_next_turn(game):
    g, rule = game
    b = rule.betrayals
    g.eliminate("1c", "test")
    g.eliminate("1b", "test")  # only the first counts
    assert b.marker == {"ishida": 2, "tokugawa": 2}
    b.update_diplomacy()
    assert b.marker["ishida"] == 3
    g.set_order("2", m.Order.REGROUP, "10.1")  # at the set-up: no switch
    b.update_diplomacy()
    assert b.marker["ishida"] == 3
    b.in_play = True
    g.set_order("3", m.Order.REGROUP, "test")
    b.update_diplomacy()
    assert b.marker["ishida"] == 4
    g.state.vp["tokugawa"] = g.state.vp["ishida"] + 4  # (1b's Elan gave Ishida 1 VP)
    b.update_diplomacy()
    assert b.marker["tokugawa"] == 3
    b.update_diplomacy()
    assert b.marker["tokugawa"] == 3  # once while the lead lasts
    g.state.vp["ishida"] += 1  # the lead falls to 3: the marker comes back
    b.update_diplomacy()
    assert b.marker["tokugawa"] == 2


def test_21_4_3_pledges_move_tokugawa_on_turns_2_to_4(game):
    g, rule = game
    b = rule.betrayals
    b.pledges = 2
    for turn, want in ((1, 2), (2, 3), (3, 4), (4, 4)):
        g.state.turn = turn
        b.update_diplomacy()
        assert b.marker["tokugawa"] == want


# ---------------------------------------------------------------- [21.5] large clans

def test_21_5_a_large_clan_attacks_together_without_the_roll(game):
    g, _ = game
    place(g, "1c", "1110")  # next to E1b (clan E1) and E2a (clan E2)
    gen = cb.attacks(g, "ishida", ["E1b", "E2a"])
    d = next(gen)
    both = next(o.value for o in d.options if any(set(c[0]) == {"E1b", "E2a"} for c in o.value))
    run(_resume(gen, both))
    assert not [e for e in g.events if getattr(e, "purpose", "").startswith("combined attack")]
    assert [e for e in g.events if isinstance(e, CombatDeclared)][0].attackers == ("E1b", "E2a")


def test_11_4_other_clans_still_roll(game):
    g, _ = game
    place(g, "1c", "1109")  # next to D2 (Konishi, 1008) and E1b (Ukita, 1009)
    assert set(attacks.targets_of(g, "1c")) == {"D2", "E1b"}
    gen = cb.attacks(g, "ishida", ["D2", "E1b"])
    d = next(gen)
    both = next(o.value for o in d.options if any(set(c[0]) == {"D2", "E1b"} for c in o.value))
    run(_resume(gen, both))
    assert [e for e in g.events if getattr(e, "purpose", "").startswith("combined attack")]


def _resume(gen, first):
    """A generator that continues `gen` after answering its pending decision."""
    try:
        d = gen.send(first)
        while True:
            d = gen.send((yield d))
    except StopIteration as stop:
        return stop.value


def test_21_5_rout_of_l1_takes_l2_not_the_reverse(game):
    g, rule = game
    run(rule.after_rout(g, "L2", "rout"))
    assert g.state.clan_units("L1")
    run(rule.after_rout(g, "L1", "withdrawal"))
    assert g.state.clan_units("L2")
    run(rule.after_rout(g, "L1", "rout"))
    assert not g.state.clan_units("L2")


def test_21_5_a2_or_a3_free_with_a1(game):
    g, _ = game
    g.state.honjins["ishida"].cp = 1
    _, seen = run(command.select_chits(g, "ishida"), ["clan:A1", "clan:A3"])
    assert seen[1].kind == "free-companion"
    assert {o.value for o in seen[1].options} == {"clan:A2", "clan:A3", "none"}
    assert _places(g, "A1") == ["bowl"] and _places(g, "A3") == ["bowl"]
    assert _places(g, "A2") == ["reserve:ishida"]


# ---------------------------------------------------------------- [21.6] Ii Naomasa

def test_21_6_ii_goes_in_first_on_4_to_6(game):
    g, rule = game
    g.move_chit("clan:1", "reserve:tokugawa", "bowl", "test")
    g.move_chit("clan:9", "reserve:tokugawa", "bowl", "test")
    g.dice = ScriptedDice(g, [4] + [3] * 200)
    handled, seen = run(rule.activate_clan(g, "1"))
    assert handled is True
    assert _places(g, "1") == ["delay1:tokugawa"]
    assert _places(g, "9") == ["reserve:tokugawa"] and _places(g, "10") == ["reserve:tokugawa"]
    assert g.order_of("9") == m.Order.ATTACK and g.order_of("10") == m.Order.ATTACK
    placed = [e for e in g.events if type(e).__name__ == "UnitMoved" and e.rule == "21.6"]
    assert len(placed) == 1 and placed[0].unit in ("9a", "9b")
    # no second roll: only the first Tokugawa activation counts
    assert run(rule.activate_clan(g, "2"))[0] is False


def test_21_6_on_1_to_3_the_drawn_clan_acts(game):
    g, rule = game
    g.dice = ScriptedDice(g, [3])
    assert run(rule.activate_clan(g, "5"))[0] is False
    assert g.order_of("9") == m.Order.DEFENSE


def test_21_6_a_first_activation_outside_1_to_8_rolls_nothing(game):
    g, rule = game
    g.dice = ScriptedDice(g, [])
    assert run(rule.activate_clan(g, "17"))[0] is False
    assert rule.ii_checked


# ---------------------------------------------------------------- [21.7] victory

def test_21_7_2_1_hatamoto_first_fight_or_support_once_each(game):
    g, _ = game
    for _ in range(2):
        g.emit(CombatDeclared(rule="11.6", attackers=("18Ab",), defenders=("E1a",),
                              supports=("18Ba",)))
    assert g.state.vp["ishida"] == 2


def test_21_7_2_2_matsudaira_has_the_cross(game):
    g, _ = game
    d = g.unit_defs["10a"]
    assert d.lead_x and g.lead("10a") == 0


@pytest.mark.parametrize("roll,vp", [(4, -1), (5, 0)])
def test_21_7_2_3_otani_s_head(game, roll, vp):
    g, rule = game
    g.state.units["G1"].leader_killed = True
    g.dice = ScriptedDice(g, [roll])
    rule.end_of_game(g)
    assert g.state.vp["tokugawa"] == vp


@pytest.mark.parametrize("east,west,want", [
    (40, 20, "tokugawa"),  # 40 vs 20 + 15: still ahead
    (30, 20, None),  # 30 vs 35: a draw
    (24, 20, None),  # under the margin: the pledges are not added
])
def test_21_7_3_pledge_correction(game, east, west, want):
    g, rule = game
    rule.betrayals.pledges = 2  # 5 + 10 VP
    g.state.vp.update(tokugawa=east, ishida=west)
    first = rule.final_result(g, ("tokugawa" if east - west >= 5 else None, "x"))
    assert first[0] == want
    again = rule.final_result(g, first)
    assert again == first
    added = [e for e in g.events if type(e).__name__ == "VictoryPoints" and "pledges" in e.reason]
    assert len(added) == (1 if east - west >= 5 else 0)


# ---------------------------------------------------------------- random playouts

class BetrayalWatch:
    """Watches the event stream of a playout for the betrayal invariants."""

    def __init__(self, game, rule):
        self.g, self.rule = game, rule
        self.joined: dict[str, int] = {}
        self.undecided = set(rule.betrayals.undecided)
        self.pledge_events = 0
        self.started = False

    def __call__(self, e):
        name = type(e).__name__
        b = self.rule.betrayals
        self.started |= name == "TurnStarted"
        if name == "ClanJoined":
            self.joined[e.family] = self.joined.get(e.family, 0) + 1
            assert self.joined[e.family] == 1, f"clan {e.family} joins twice"
            self.undecided -= set(e.clans)
        elif name == "TurnStarted" or (name == "PhaseStarted" and e.rule == "9.1"):
            assert b.bowl == [], "influence chits left in the Betrayal Bowl"
        elif name == "CombatDeclared":
            for uid in e.attackers:
                assert self.g.state.units[uid].clan not in self.undecided, f"{uid} attacks"
        elif name == "UnitMoved" and e.movement != "retreat":
            assert self.g.state.units[e.unit].clan not in self.undecided, f"{e.unit} moves"
        elif name == "PhaseStarted" and e.clan is not None:
            assert e.clan not in self.undecided, f"clan {e.clan} is activated undecided"
        elif name == "VictoryPoints" and e.rule == "21.7.3" and "pledges" in e.reason:
            self.pledge_events += 1
            assert e.vp == b.pledge_vp()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_keep_the_betrayal_invariants(seed):
    session = Session.start(SCENARIOS / "sekigahara.tks", seed=seed)
    g = session.game
    rule = next(r for r in g.rules if r.name == "sekigahara")
    watch = BetrayalWatch(g, rule)
    g.listeners.append(watch)
    bots = bots_for(session, "random", seed)
    d = session.driver
    n = 0
    while not d.finished:
        dec = d.pending
        assert dec.options, f"dead end at {dec.prompt} [{dec.rule}]"
        d.answer(bots[dec.side or g.side_ids[0]].choose(dec))
        n += 1
        assert n < 50_000, "runaway game"
        if watch.started:  # after the set-up [10.1] [21.4.2]: on the Betrayal Aid only
            for c in rule.betrayals.undecided:
                assert g.state.chit_places(f"clan:{c}") == []
    assert g.state.over
    assert watch.pledge_events <= 1
    for cid in g.state.clans:
        assert len(g.state.chit_places(f"clan:{cid}")) <= 1


# ---------------------------------------------------------------- with the battle plans [10]

def test_21_4_1_a_plan_gives_undecided_clans_no_order_and_no_marker(sekigahara):
    from tenkatoitsu.kinds.battle.rules import battle_plan
    g, _ = _game(sekigahara, pledges=None)
    _, seen = run(battle_plan.setup(g), ["hoshi", "saku"])  # Hōshi: attack or movement only
    asked = {d.context.get("clan") for d in seen if d.kind == "initial-order"}
    assert "A1" in asked and not asked & {"C", "I", "J", "K", "L1", "L2", "M", "N1", "N2", "O"}
    assert g.order_of("L1") == m.Order.DEFENSE
    assert "L1a" not in battle_plan._marker_candidates(g, "ishida")


def test_21_4_1_no_samurai_with_an_undecided_clan(sekigahara):
    g, _ = _game(sekigahara, variants=("samurai",))
    g.state.samurai_available.remove("samurai:ishida:1")
    g.move_chit("samurai:ishida:1", None, "bowl", "test")
    _, seen = run(samurai_activation.activate(g, "samurai:ishida:1"), ["keep"])
    hosts = {o.value for o in seen[0].options}
    assert "A1a" in hosts and not hosts & {"L1a", "I1", "C1", "N1a", "O1"}
