"""Combat [11]: attack plans [11.1]-[11.3], the combined attack [11.4],
resolution [11.6], results [11.7], leader loss [11.10], rout [11.11], advance
after combat [11.12] and the combat phase [7.2.2]. The rulebook's examples are
reproduced and named after themselves."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import DiceFaces
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.hexmap import Hex, hexes_within
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.load import load_file, load_text
from tenkatoitsu.kinds.battle.queries import attacks
from tenkatoitsu.kinds.battle.rules import combat as cb
from tenkatoitsu.kinds.battle.rules import losses
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import parse_result

ROOT = Path(__file__).resolve().parents[1]

# ------------------------------------------------------------------ helpers

SCENARIO = """
version 1
scenario "combat test" {{
  kind tenkatoitsu
  use "rules/tenkatoitsu.tks"
  turns 1..5 {{ night none }}
  map 12 x 12 {{
    default clear
{hexsides}
  }}
{sides}
  victory {{
    vp bundori 1 at-end
    margin 2
  }}
  table cmd {{
    ..3: 1
    4..: 2
  }}
}}
"""


def make_game(clans: dict, units: dict, hexsides: str = "", seed: int = 1) -> Game:
    """clans: id -> (side, order, flags); units: id -> (clan, hex, stats).
    Sides are blue and pink; the first unit of each side is its Sō-taishō."""
    sides = []
    for side in ("blue", "pink"):
        body, first = [], None
        for cid, (cside, order, *flags) in clans.items():
            if cside != side:
                continue
            lines = [f"    clan {cid} \"{cid}\" {{", f"      order {order}"]
            if flags and flags[0]:
                lines.append(f"      flag {' '.join(flags[0])}")
            for uid, (uclan, h, stats) in units.items():
                if uclan != cid:
                    continue
                mark = ""
                if first is None:
                    first, mark = uid, " so-taisho"
                lines.append(f"      unit {uid} \"{uid}\" {stats}{mark} at {h}")
            lines.append("    }")
            body += lines
        sides.append(f"  side {side} \"{side}\" {{\n    so-taisho {first} table cmd\n"
                     + "\n".join(body) + "\n  }")
    text = SCENARIO.format(hexsides=hexsides, sides="\n".join(sides))
    res = load_text(text, ROOT / "scenarios" / "combat-test.tks")
    assert res.ok, [str(d) for d in res.errors]
    return Game(res.document, seed=seed)


class Dice(DiceFaces):
    """Scripted dice: each entry (purpose substring, faces) answers one roll, in
    order; recorded as DieRolled like the real dice. `fallback`: a real Dice for
    the rolls after the script (None: an unscripted roll fails the test)."""

    def __init__(self, game, script=(), fallback=None):
        self.game, self.script, self.fallback = game, list(script), fallback
        self.seed = 0

    def roll(self, n, purpose, rule, *, colour=None, side=None):
        if not self.script:
            assert self.fallback is not None, f"unscripted roll: {purpose} [{rule}]"
            return self.fallback.roll(n, purpose, rule, colour=colour, side=side)
        want, faces = self.script.pop(0)
        faces = (faces,) if isinstance(faces, int) else tuple(faces)
        assert want in purpose and len(faces) == n, \
            f"roll {purpose!r} x{n}, scripted {want!r} {faces}"
        self.game.emit(DieRolled(rule=rule, purpose=purpose, dice=faces, colour=colour, side=side))
        return faces


def script(game, *entries, fallback=False):
    game.dice = Dice(game, entries, game.dice if fallback else None)
    return game.dice


def drive(gen, *answers, default=None):
    """Run a rule generator: answers in order (a value, or a function of the
    Decision), then `default(decision)` if given, else an unexpected decision
    fails. Returns (result, decisions)."""
    answers = list(answers)
    seen = []
    try:
        d = next(gen)
        while True:
            seen.append(d)
            if answers:
                v = answers.pop(0)
            elif default is not None:
                v = default
            else:
                raise AssertionError(f"unexpected decision {d.kind}: {d.prompt} {d.values()}")
            if callable(v):
                v = v(d)
            d.check(v)
            d = gen.send(v)
    except StopIteration as stop:
        assert not answers, f"unused answers: {answers}"
        return stop.value, seen


def first(d):
    return d.options[0].value


def of(game, cls, since=0):
    return [e for e in game.events[since:] if isinstance(e, cls)]


def notes(game, rule=None):
    return [e.message for e in game.events
            if isinstance(e, ev.Note) and (rule is None or e.rule == rule)]


def plans_as_sets(plans):
    return {frozenset((frozenset(c.attackers), frozenset(c.defenders)) for c in p) for p in plans}


def combat(att, dfn):
    return (frozenset(att), frozenset(dfn))


U = "elan 1 mass 2 fire 1"


# ------------------------------------------------------------------ [11.1]-[11.3] plans

@pytest.fixture
def example_11_1():
    # Pink's combat phase; clans X and Y in Attack. Y1 touches A only, Y2 and X touch A and B.
    return make_game(
        {"K": ("blue", "defense"), "X": ("pink", "attack"), "Y": ("pink", "attack")},
        {"A": ("K", "0505", U), "B": ("K", "0506", U),
         "X": ("X", "0605", U), "Y1": ("Y", "0504", U), "Y2": ("Y", "0405", U)})


def test_example_11_1_three_plans(example_11_1):
    g = example_11_1
    plans = attacks.attack_plans(g, "pink", ["X", "Y1", "Y2"])
    assert plans_as_sets(plans) == {
        frozenset({combat(["Y1", "Y2"], ["A"]), combat(["X"], ["B"])}),
        frozenset({combat(["Y1", "X"], ["A"]), combat(["Y2"], ["B"])}),
        frozenset({combat(["Y1"], ["A"]), combat(["Y2", "X"], ["B"])}),
    }
    # the player is asked once, with exactly these three plans
    gen = cb.attacks(g, "pink", ["X", "Y1", "Y2"])
    d = next(gen)
    assert d.kind == "attack-plan" and d.side == "pink" and len(d.options) == 3
    assert d.context["must_be_attacked"] == ["A", "B"]
    gen.close()


def test_example_11_1_stepwise_planning_reaches_the_same_three_plans(example_11_1, monkeypatch):
    # a group with too many plans to list is planned defender by defender; every
    # path of answers ends in a legal plan and every legal plan is reachable
    monkeypatch.setattr(cb, "PLAN_LIMIT", 2)
    g = example_11_1
    group = attacks.attack_groups(g, "pink", ["X", "Y1", "Y2"])[0]
    reached = set()

    def walk(prefix):
        gen = cb._choose_plan(g, "pink", group, "11.1")
        try:
            d = next(gen)
            for v in prefix:
                d = gen.send(v)
        except StopIteration as stop:
            reached.add(stop.value)
            return
        assert d.kind == "attack-step"
        for o in d.options:
            walk(prefix + [o.value])

    walk([])
    assert plans_as_sets(reached) == plans_as_sets(attacks.attack_plans(g, "pink", ["X", "Y1", "Y2"]))


def test_example_11_2_non_obligatory_attack():
    # Pink's combat phase. X (Defense) touches A and B only across non-obligatory
    # hexsides; Y (Attack) touches B and C.
    g = make_game(
        {"K": ("blue", "defense"), "P": ("pink", "defense"), "Q": ("pink", "attack")},
        {"A": ("K", "0403", U), "B": ("K", "0505", U), "C": ("K", "0506", U),
         "X": ("P", "0404", U), "Y": ("Q", "0605", U)},
        hexsides="    hexside non-obligatory 0404|0505 0404|0403")
    plans = plans_as_sets(attacks.attack_plans(g, "pink", ["X", "Y"]))
    # X makes no attack; Y must attack B and C together ...
    assert frozenset({combat(["Y"], ["B", "C"])}) in plans
    # ... or X attacks B, which leaves only C for Y
    assert frozenset({combat(["X"], ["B"]), combat(["Y"], ["C"])}) in plans
    # X may also attack A (not obligatory, but allowed)
    assert plans == {
        frozenset({combat(["Y"], ["B", "C"])}),
        frozenset({combat(["X"], ["B"]), combat(["Y"], ["C"])}),
        frozenset({combat(["X"], ["A"]), combat(["Y"], ["B", "C"])}),
        frozenset({combat(["X"], ["A", "B"]), combat(["Y"], ["C"])}),
    }
    group = attacks.attack_groups(g, "pink", ["X", "Y"])[0]
    assert group.must_attack == {"Y"} and group.must_be_attacked == {"B", "C"}


def test_a_unit_not_in_attack_must_attack_across_an_ordinary_hexside():
    # [11.1] in Defense, across a plain hexside: the enemy must be attacked
    g = make_game({"K": ("blue", "defense"), "P": ("pink", "defense")},
                  {"A": ("K", "0505", U), "X": ("P", "0504", U)})
    assert plans_as_sets(attacks.attack_plans(g, "pink", ["X"])) == {frozenset({combat(["X"], ["A"])})}


def test_no_attack_across_a_river():
    g = make_game({"K": ("blue", "defense"), "P": ("pink", "attack")},
                  {"A": ("K", "0505", U), "X": ("P", "0504", U)},
                  hexsides="    hexside river 0504|0505")
    assert attacks.attack_groups(g, "pink", ["X"]) == []
    result, seen = drive(cb.attacks(g, "pink", ["X"]))
    assert result == [] and seen == []


def test_independent_groups_are_planned_separately():
    g = make_game({"K": ("blue", "defense"), "P": ("pink", "attack")},
                  {"A": ("K", "0303", U), "B": ("K", "0808", U),
                   "X": ("P", "0302", U), "Y": ("P", "0807", U)})
    groups = attacks.attack_groups(g, "pink", ["X", "Y"])
    assert [(gr.attackers, gr.defenders) for gr in groups] == [(("X",), ("A",)), (("Y",), ("B",))]
    assert len(attacks.attack_plans(g, "pink", ["X", "Y"])) == 1


# ------------------------------------------------------------------ [11.4] combined attack

@pytest.fixture
def combined():
    # Blue's combat phase: clans A (two units), B and C attack the pink unit X
    s = "elan 0 mass 1 fire 0"
    return make_game(
        {"A": ("blue", "attack"), "B": ("blue", "attack"), "C": ("blue", "attack"),
         "P": ("pink", "defense")},
        {"A1": ("A", "0504", s), "A2": ("A", "0605", s), "B1": ("B", "0506", s),
         "C1": ("C", "0405", s), "X": ("P", "0505", "elan 0 mass 3 fire 0")})


def test_example_11_4_combined_attack(combined):
    g = combined
    script(g, ("clan A", 5), ("clan B", 2), ("clan C", 5), ("combat", (3, 3)), ("combat", (3, 3)))
    records, seen = drive(cb.attacks(g, "blue", ["A1", "A2", "B1", "C1"]))
    assert seen == []  # one plan only: all four against X
    (rec,) = records
    assert rec.planned.attackers == ("A1", "A2", "B1", "C1")
    assert rec.attackers == ("A1", "A2", "C1") and rec.status == "resolved"
    (declared,) = of(g, ev.CombatDeclared)
    assert declared.attackers == ("A1", "A2", "C1")
    assert declared.supports == ("B1",)  # Clan B may not attack but supports [11.6.1]
    assert ("support x1 +1", "11.6.1", 1, 0) in declared.lines
    assert any("clan A rolls 5, clan B rolls 2, clan C rolls 5" in n for n in notes(g, "11.4"))
    (resolved,) = of(g, ev.CombatResolved)
    assert resolved.attackers == ("A1", "A2", "C1")
    assert (resolved.blue, resolved.red) == (6 + 1, 6 + 3 - 3)


def test_combined_attack_single_winner_attacks_alone(combined):
    g = combined
    script(g, ("clan A", 2), ("clan B", 6), ("clan C", 3), ("combat", (3, 3)), ("combat", (3, 3)),
           fallback=True)
    records, _ = drive(cb.attacks(g, "blue", ["A1", "A2", "B1", "C1"]), default=first)
    assert records[0].attackers == ("B1",)
    assert set(of(g, ev.CombatDeclared)[0].supports) == {"A1", "A2", "C1"}


def test_kido_attacks_together_without_the_roll(combined):
    # [10.4.4] no combined attack test: no clan die is rolled
    g = combined
    script(g, ("combat", (3, 3)), ("combat", (3, 3)), fallback=True)
    records, _ = drive(cb.attacks(g, "blue", ["A1", "A2", "B1", "C1"], kido=True), default=first)
    assert records[0].attackers == ("A1", "A2", "B1", "C1")
    assert any("Kidō" in n for n in notes(g, "10.4.4"))


def test_a_clan_that_lost_the_roll_may_not_attack_elsewhere():
    # B1 loses the roll against X; its own combat against Y then has no attacker
    s = "elan 0 mass 1 fire 0"
    g = make_game({"A": ("blue", "attack"), "B": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", s), "B1": ("B", "0605", s), "B2": ("B", "0807", s),
                   "X": ("P", "0505", s), "Y": ("P", "0806", s)})
    script(g, ("clan A", 6), ("clan B", 1), fallback=True)
    records, _ = drive(cb.attacks(g, "blue", ["A1", "B1", "B2"]), default=first)
    by_def = {r.planned.defenders: r for r in records}
    assert by_def[("X",)].attackers == ("A1",)
    assert by_def[("Y",)].status == "excluded" and by_def[("Y",)].attackers == ()
    assert [e.defenders for e in of(g, ev.CombatResolved)] == [("X",)]


# ------------------------------------------------------------------ [11.6.1] support

@pytest.fixture
def support_example():
    # Clan A's phase: A1 attacks X. B1 also touches X but stands in Y's ZoC; C1 touches X only.
    return make_game(
        {"A": ("blue", "attack"), "B": ("blue", "defense"), "C": ("blue", "defense"),
         "P": ("pink", "defense")},
        {"A1": ("A", "0504", U), "B1": ("B", "0605", U), "C1": ("C", "0405", U),
         "X": ("P", "0505", U), "Y": ("P", "0706", U)})


def test_example_11_6_1_support(support_example):
    g = support_example
    assert attacks.supports(g, ["A1"], ["X"], {"A1"}) == ["C1"]
    # a unit that fights this phase gives no support
    assert attacks.supports(g, ["A1"], ["X"], {"A1", "C1"}) == []
    # without Y, B1 supports as well
    g.eliminate("Y", "test")
    assert attacks.supports(g, ["A1"], ["X"], {"A1"}) == ["B1", "C1"]


def test_support_counts_in_clan_phase_attack(support_example):
    g = support_example
    script(g, ("combat", (3, 3)), ("combat", (3, 3)), fallback=True)
    drive(cb.attacks(g, "blue", ["A1"], rule="8.2"), default=first)
    (declared,) = of(g, ev.CombatDeclared)
    assert declared.supports == ("C1",)


# ------------------------------------------------------------------ [11.5] [11.6] resolution

def test_leadership_declared_attacker_first_then_defender():
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", "elan 2 mass 3 fire 0 lead 2"),
                   "X": ("P", "0505", "elan 1 mass 2 fire 0 lead 1")})
    script(g, ("combat", (3, 4)), ("combat", (2, 2)), fallback=True)
    report, seen = drive(cb.resolve_combat(g, ["A1"], ["X"]), ["A1", "red"], ["X", "blue"],
                         default=first)
    assert [(d.kind, d.side) for d in seen[:2]] == [("leadership", "blue"), ("leadership", "pink")]
    assert seen[0].values() == [["A1", "blue"], ["A1", "red"]]
    lines = {label: (b, r) for label, _, b, r in of(g, ev.CombatDeclared)[0].lines}
    assert lines["A1: leadership +2 (red)"] == (0, 2)
    assert lines["X: leadership -1 (blue)"] == (-1, 0)
    # melee: attacker Elan+Mass on red; defender in Defense, no prepared firearms
    assert (report.breakdown.blue, report.breakdown.red) == (-1, 2 + 5 - 3)
    assert (report.blue, report.red) == (7 - 1, 4 + 4)


def test_no_leadership_decision_without_leaders(combined):
    g = combined
    script(g, ("combat", (3, 3)), ("combat", (3, 3)))
    _, seen = drive(cb.resolve_combat(g, ["A1", "A2"], ["X"]))
    assert seen == []


def test_assault_against_closed_ranks_and_totsugeki():
    # [11.5] a unit that moved into contact assaults; its target in Defense closes
    # ranks; [10.4.1] Totsugeki +2 on an assault
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", "elan 2 mass 3 fire 0"),
                   "X": ("P", "0505", "elan 1 mass 2 fire 2")})
    g.state.moved.add("A1")
    bd, sup = attacks.combat_breakdown(g, ["A1"], ["X"], totsugeki=True)
    lines = {ln.label: (ln.blue, ln.red) for ln in bd.lines}
    assert lines["A1 shingeki: elan +2"] == (2, 0)
    assert lines["X yari-fusuma: fire -2"] == (-2, 0)
    assert lines["A1: terrain -1"] == (-1, 0)
    assert lines["Totsugeki +2"] == (2, 0)
    bd2, _ = attacks.combat_breakdown(g, ["A1"], ["X"], totsugeki=False)
    assert bd.blue - bd2.blue == 2
    # through attacks(): only the clans named for Totsugeki get it
    script(g, ("combat", (3, 3)), ("combat", (3, 3)), fallback=True)
    drive(cb.attacks(g, "blue", ["A1"], totsugeki_clans={"A"}), default=first)
    assert any(label == "Totsugeki +2" for label, *_ in of(g, ev.CombatDeclared)[0].lines)


def test_firearms_prepared_in_melee_uphill():
    # [11.9] a unit in Defense attacked only through prepared hexsides fires in melee
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", "elan 0 mass 3 fire 0"),
                   "X": ("P", "0505", "elan 0 mass 3 fire 2")},
                  hexsides="    hexside slope 0504>0505")
    bd, _ = attacks.combat_breakdown(g, ["A1"], ["X"])
    assert "X" in bd.firearms_prepared
    assert (bd.blue, bd.red) == (-1 - 2, 0)


# ------------------------------------------------------------------ [11.7] results

S0 = "elan 0 mass 2 fire 0"


def test_result_a2_1_three_attackers_one_defender():
    # [11.7] example 1: 'a2^1' -- the attacker's choice loses 2, the others 1 each
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", S0), "A2": ("A", "0605", S0), "A3": ("A", "0405", S0),
                   "X": ("P", "0505", S0)})
    script(g)
    out, seen = drive(cb.apply_result(g, ["A1", "A2", "A3"], ["X"], parse_result("a2^1")), "A2")
    assert seen[0].kind == "assign-loss" and seen[0].side == "blue"
    assert seen[0].values() == ["A1", "A2", "A3"]
    st_ = g.state.units
    assert (st_["A1"].steps_lost, st_["A2"].steps_lost, st_["A3"].steps_lost) == (1, 2, 1)
    assert st_["X"].steps_lost == 0 and out.steps == {"A1": 1, "A2": 2, "A3": 1, "X": 0}


@pytest.fixture
def one_vs_two():
    # A1 (Attack) at 0604 touches X1 (0505) and X2 (0605)
    def build(hexsides="", order="attack", flags=("never-routs",), x1="elan 0 mass 2 fire 0"):
        return make_game({"A": ("blue", order), "P": ("pink", "defense", flags)},
                         {"A1": ("A", "0604", S0), "X1": ("P", "0505", x1),
                          "X2": ("P", "0605", S0)}, hexsides=hexsides)
    return build


def test_result_dE_2_defender_chooses_and_the_attacker_advances(one_vs_two):
    # [11.7] example 2: 'dE^2' -- one defender (its owner's choice) eliminated, the other 2 steps
    g = one_vs_two()
    script(g)
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1", "X2"], parse_result("dE^2")), "X1")
    assert seen[0].kind == "assign-loss" and seen[0].side == "pink"
    assert g.state.units["X1"].eliminated and g.state.units["X2"].steps_lost == 2
    assert out.eliminated == ["X1"]
    assert notes(g, "11.11") == ["clan P never routs"]
    # [11.12] A1 in Attack must advance into the vacated hex (no choice: a single option)
    assert out.advanced == [("A1", "0505")]
    assert g.state.units["A1"].hex == Hex.from_id("0505")
    assert of(g, ev.UnitMoved)[-1].movement == "advance"


def test_result_d1R_R_river_at_the_back(one_vs_two):
    # [11.7] example 2: 'd1R^R' with a river behind: no retreat, one more step each
    river = "    hexside river 0505|0506 0505|0405 0505|0404 0605|0706 0605|0606 0605|0506"
    g = one_vs_two(river)
    script(g)
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1", "X2"], parse_result("d1R^R")), "X1",
                      default=first)
    assert g.state.units["X1"].steps_lost == 2  # 1 + 1 for the failed retreat
    assert g.state.units["X2"].steps_lost == 1  # 0 + 1
    assert g.state.units["X1"].hex == Hex.from_id("0505")
    assert g.state.units["X2"].hex == Hex.from_id("0605")
    assert out.retreated == [] and out.advanced == []
    assert sum("loses one more step" in n for n in notes(g, "11.7")) == 2


def test_result_d1R_retreat_then_advance_must_and_may():
    def setup(order):
        g = make_game({"A": ("blue", order), "P": ("pink", "defense", ("never-routs",))},
                      {"A1": ("A", "0504", S0), "X1": ("P", "0505", S0)})
        script(g)
        return g

    g = setup("attack")
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("d1R")), "0506")
    assert [d.kind for d in seen] == ["retreat-hex"]
    assert g.state.units["X1"].hex == Hex.from_id("0506") and g.state.units["X1"].steps_lost == 1
    assert out.retreated == ["X1"] and out.advanced == [("A1", "0505")]  # Attack: must

    g = setup("defense")
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("d1R")), "0506", None)
    assert seen[-1].kind == "advance" and None in seen[-1].values()  # Defense: may
    assert out.advanced == [] and g.state.units["A1"].hex == Hex.from_id("0504")

    g = setup("defense")
    out, _ = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("d1R")), "0506", ["A1", "0505"])
    assert out.advanced == [("A1", "0505")]

    g = setup("movement")  # neither Attack nor Defense: no advance
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("d1R")), "0506")
    assert out.advanced == [] and [d.kind for d in seen] == ["retreat-hex"]


def test_advance_ignores_enemy_zoc_and_picks_among_attackers():
    # two attackers in Attack against one eliminated defender: one of them must
    # advance, the owner chooses which; the vacated hex is in Y's ZoC
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense", ("never-routs",))},
                  {"A1": ("A", "0504", S0), "A2": ("A", "0405", S0), "X1": ("P", "0505", S0),
                   "Y": ("P", "0606", S0)})
    script(g)
    out, seen = drive(cb.apply_result(g, ["A1", "A2"], ["X1"], parse_result("dE")), ["A2", "0505"])
    assert seen[-1].kind == "advance" and None not in seen[-1].values()
    assert out.advanced == [("A2", "0505")]


def test_result_a1_d1_exchange():
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", S0), "A2": ("A", "0605", S0), "X1": ("P", "0505", S0)})
    script(g)
    out, seen = drive(cb.apply_result(g, ["A1", "A2"], ["X1"], parse_result("a1-d1")), "A2")
    assert [(d.kind, d.side) for d in seen] == [("assign-loss", "blue")]  # one defender: no choice
    st_ = g.state.units
    assert (st_["A1"].steps_lost, st_["A2"].steps_lost, st_["X1"].steps_lost) == (0, 1, 1)


def test_no_effect_result():
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0504", S0), "X1": ("P", "0505", S0)})
    script(g)
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("-")))
    assert seen == [] and out.eliminated == [] and out.steps == {"A1": 0, "X1": 0}


def test_full_combat_on_the_crt():
    # red 6 and blue 12 (no modifier) -> 'd1R^R' on the shipped CRT (one defender: 1 step, retreat)
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense", ("never-routs",))},
                  {"A1": ("A", "0504", "elan 0 mass 0 fire 0"),
                   "X1": ("P", "0505", "elan 0 mass 0 fire 0")})
    script(g, ("combat", (6, 6)), ("combat", (3, 3)))
    report, _ = drive(cb.resolve_combat(g, ["A1"], ["X1"]), default=first)
    assert (report.blue, report.red) == (12, 6)
    assert report.result.text() == "d1R^R"
    (resolved,) = of(g, ev.CombatResolved)
    assert resolved.result == "d1R^R" and resolved.rule == "11.6"
    assert report.outcome.retreated == ["X1"] and report.outcome.advanced == [("A1", "0505")]


# ------------------------------------------------------------------ [11.10] leader loss

@pytest.fixture
def leaders():
    return make_game({"A": ("blue", "attack"), "P": ("pink", "defense", ("never-routs",))},
                     {"A1": ("A", "0504", "elan 1 mass 2 fire 0 lead 2"),
                      "X1": ("P", "0505", "elan 1 mass 2 fire 0 lead 2"),
                      "X2": ("P", "0606", "elan 1 mass 2 fire 0 lead X"),
                      "X3": ("P", "0808", "elan 1 mass 2 fire 0")})


@pytest.mark.parametrize("eliminated,steps,die,killed", [
    (False, 2, 1, True), (False, 2, 2, False), (False, 3, 1, True),
    (True, 0, 4, True), (True, 0, 1, True), (True, 0, 5, False)])
def test_leader_loss_odds(leaders, eliminated, steps, die, killed):
    g = leaders
    script(g, ("leader loss: X1", die))
    assert losses.leader_loss_test(g, "X1", eliminated=eliminated, steps=steps) is killed
    assert g.state.units["X1"].leader_killed is killed
    assert g.lead("X1") == (0 if killed else 2)
    assert g.state.bundori == {"blue": 2 if killed else 0, "pink": 0}
    if killed:
        (lk,) = of(g, ev.LeaderKilled)
        assert (lk.unit, lk.bundori, lk.to_side, lk.rule) == ("X1", 2, "blue", "11.10")


def test_no_leader_test_for_one_step_or_no_leader(leaders):
    g = leaders
    script(g)  # any roll would fail
    assert losses.leader_loss_test(g, "X1", eliminated=False, steps=1) is False
    assert losses.leader_loss_test(g, "X3", eliminated=True, steps=0) is False


def test_leader_x_gives_one_bundori(leaders):
    g = leaders
    script(g, ("leader loss: X2", 3))
    assert losses.leader_loss_test(g, "X2", eliminated=True, steps=0)
    assert g.state.bundori["blue"] == 1


def test_leader_loss_after_a_two_step_result(leaders):
    # the attacker's leader suffers 'a2': tested, killed on a 1; Bundori to pink
    g = leaders
    script(g, ("leader loss: A1", 1))
    out, _ = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("a2")))
    assert out.leaders_killed == ["A1"] and g.state.bundori == {"blue": 0, "pink": 2}


def test_leader_of_a_unit_that_cannot_retreat_counts_the_extra_step():
    # 'd1R' and no retreat: 2 steps in all -> leader test
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense", ("never-routs",))},
                  {"A1": ("A", "0504", S0), "X1": ("P", "0505", "elan 0 mass 2 fire 0 lead 1")},
                  hexsides="    hexside river 0505|0506 0505|0605 0505|0405 0505|0404")
    script(g, ("leader loss: X1", 6))
    out, _ = drive(cb.apply_result(g, ["A1"], ["X1"], parse_result("d1R")))
    assert out.steps["X1"] == 2 and out.leaders_killed == []
    assert any("survives" in n for n in notes(g, "11.10"))


# ------------------------------------------------------------------ [11.11] rout

@pytest.fixture
def rout_game():
    # clan P: X1 (lead 1) and X2; X1 is eliminated before each test
    def build(flags=(), x2="elan 1 mass 2 fire 0"):
        g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense", flags)},
                      {"A1": ("A", "0504", S0), "X1": ("P", "0505", "elan 1 mass 2 fire 0 lead 1"),
                       "X2": ("P", "0605", x2)})
        g.eliminate("X1", "test")
        return g
    return build


def test_rout_table_rout_eliminates_the_clan(rout_game):
    g = rout_game()
    script(g, ("rout: clan P", 1))  # 1 + leadership 0 + 1 fresh unit = 2
    res, _ = drive(losses.rout_check(g, "P"))
    assert res == "rout" and g.state.units["X2"].eliminated
    (t,) = of(g, ev.RoutTested)
    assert (t.roll, t.leadership, t.fresh_units, t.total, t.result) == (1, 0, 1, 2, "rout")


def test_rout_table_nothing(rout_game):
    g = rout_game()
    script(g, ("rout: clan P", 4))  # 5
    res, _ = drive(losses.rout_check(g, "P"))
    assert res == "nothing" and g.state.units["X2"].on_map


def test_rout_exhausted_units_do_not_count(rout_game):
    g = rout_game()
    g.state.units["X2"].steps_lost = 3
    script(g, ("rout: clan P", 2))  # 2 + 0 + 0 = 2
    res, _ = drive(losses.rout_check(g, "P"))
    assert res == "rout"


def test_rout_table_withdrawal(rout_game):
    g = rout_game()
    script(g, ("rout: clan P", 3), fallback=True)  # 4
    res, seen = drive(losses.rout_check(g, "P"), default=first)
    assert res == "withdrawal"
    assert seen and seen[0].kind == "withdraw-unit"
    assert g.state.units["X2"].hex != Hex.from_id("0605")
    assert g.order_of("P") == m.Order.REGROUP


def test_rout_table_withdrawal_or_seppuku(rout_game):
    g2 = rout_game(x2="elan 1 mass 2 fire 0 lead 1")
    script(g2, ("rout: clan P", 1))  # 1 + 1 + 1 = 3: the owner's choice
    res, seen = drive(losses.rout_check(g2, "P"), "seppuku")
    assert seen[0].kind == "rout-choice" and seen[0].side == "pink"
    assert seen[0].values() == ["withdrawal", "seppuku"]
    assert res == "seppuku" and g2.state.units["X2"].leader_killed
    assert g2.state.bundori["blue"] == 1 and g2.state.units["X2"].on_map


def test_seppuku_without_a_leader_still_gives_one_bundori(rout_game):
    g = rout_game()
    res, seen = drive(losses.seppuku(g, "P"))
    assert res is None and seen == [] and g.state.bundori["blue"] == 1
    assert not of(g, ev.LeaderKilled)


def test_never_routs(rout_game):
    g = rout_game(flags=("never-routs",))
    script(g)  # no die is rolled
    res, _ = drive(losses.rout_check(g, "P"))
    assert res == "never-routs" and g.state.units["X2"].on_map


def test_rout_comes_before_the_advance(rout_game):
    # X1 and X2 of clan P defend against A1; 'dE' eliminates X1 (owner's choice),
    # the rout eliminates X2; A1 (Attack) must advance into one of the two hexes
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0604", S0), "X1": ("P", "0505", S0), "X2": ("P", "0605", S0)})
    script(g, ("rout: clan P", 1))
    out, seen = drive(cb.apply_result(g, ["A1"], ["X1", "X2"], parse_result("dE")), "X1",
                      ["A1", "0605"])
    assert out.routs == {"P": "rout"} and out.eliminated == ["X1"]
    assert seen[-1].kind == "advance"
    assert sorted(seen[-1].values()) == [["A1", "0505"], ["A1", "0605"]]
    assert out.advanced == [("A1", "0605")]


# ------------------------------------------------------------------ [7.2.2] combat phase

def test_combat_phase_charges_then_attacks():
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense", ("never-routs",))},
                  {"A1": ("A", "0503", "elan 2 mass 3 fire 0"),
                   "X1": ("P", "0506", "elan 0 mass 2 fire 1")})
    records, seen = drive(cb.combat_phase(g, "blue"), default=first)
    assert seen[0].kind == "charge-spearhead"
    assert "A1" in g.state.moved and g.state.units["A1"].hex.is_adjacent(Hex.from_id("0506"))
    (rec,) = records
    assert rec.status == "resolved" and rec.report.attackers == ("A1",)
    labels = [label for label, *_ in of(g, ev.CombatDeclared)[0].lines]
    assert "A1 shingeki: elan +2" in labels and "X1 yari-fusuma: fire -1" in labels


def test_combat_phase_player_orders_the_charges():
    g = make_game({"A": ("blue", "attack"), "B": ("blue", "attack"), "P": ("pink", "defense")},
                  {"A1": ("A", "0203", S0), "B1": ("B", "0903", S0), "X1": ("P", "0510", S0)})
    _, seen = drive(cb.combat_phase(g, "blue"), "B", default=first)
    assert seen[0].kind == "charge-clan" and seen[0].values() == ["A", "B"]
    charges = [e.unit for e in of(g, ev.UnitMoved) if e.movement == "charge"]
    assert charges[:1] == ["B1"]


def test_combat_phase_units_in_ezoc_attack_whatever_their_order():
    # a unit in Defense in an EZoC attacks in its side's combat phase [7.2.2]
    g = make_game({"A": ("blue", "defense"), "P": ("pink", "movement", ("never-routs",))},
                  {"A1": ("A", "0504", S0), "X1": ("P", "0505", S0)})
    records, _ = drive(cb.combat_phase(g, "blue"), default=first)
    assert [r.report.attackers for r in records] == [("A1",)]
    # all defenders in Movement: +2 [11.6]
    lines = of(g, ev.CombatDeclared)[0].lines
    assert any("all defenders in Movement" in label for label, *_ in lines)


def test_combat_order_is_the_attackers_choice():
    g = make_game({"A": ("blue", "attack"), "P": ("pink", "defense", ("never-routs",))},
                  {"A1": ("A", "0303", S0), "A2": ("A", "0808", S0),
                   "X1": ("P", "0302", S0), "X2": ("P", "0807", S0)})
    script(g, fallback=True)
    _, seen = drive(cb.attacks(g, "blue", ["A1", "A2"]), [["A2"], ["X2"]], default=first)
    assert seen[0].kind == "combat-order"
    assert [e.attackers for e in of(g, ev.CombatResolved)][0] == ("A2",)


# ------------------------------------------------------------------ property over training.tks

_TRAINING = None


def training_scenario():
    global _TRAINING
    if _TRAINING is None:
        res = load_file(ROOT / "scenarios" / "training.tks")
        assert res.ok
        _TRAINING = res.document
    return _TRAINING


ODA = ["A1", "A2", "B1", "B2", "C1", "C2", "C3"]
ASAI = ["1a", "1b", "2a", "2b", "2c", "3a", "3b"]


@st.composite
def training_positions(draw):
    g = Game(training_scenario(), seed=draw(st.integers(0, 2 ** 16)))
    grid = g.map.grid
    center = Hex.from_colrow(draw(st.integers(3, 13)), draw(st.integers(3, 9)))
    region = [h for h in hexes_within(center, draw(st.integers(1, 2)))
              if grid.contains(h) and not g.map.is_fortress(h)]
    oda = draw(st.lists(st.sampled_from(ODA), min_size=1, max_size=6, unique=True))
    asai = draw(st.lists(st.sampled_from(ASAI), min_size=1, max_size=6, unique=True))
    spots = draw(st.permutations(region))[:len(oda) + len(asai)]
    chosen = oda + asai
    for uid in ODA + ASAI:
        g._lift(uid)
        g.state.units[uid].hex = None
    for uid, h in zip(chosen, spots):
        g._drop(uid, h)
    for uid in ODA + ASAI:
        if g.state.units[uid].hex is None:
            g.state.units[uid].eliminated = True
    for clan in ("A", "B", "C", "1", "2", "3"):
        g.state.clans[clan].order = draw(st.sampled_from(list(m.Order)))
    for uid in chosen:
        g.state.units[uid].steps_lost = draw(st.integers(0, 3))
        if uid in oda and draw(st.booleans()):
            g.state.moved.add(uid)
    g.version += 1
    return g


def occupancy_ok(g):
    seen = {}
    for u in g.state.units.values():
        if u.on_map:
            seen.setdefault(u.hex, []).append(u.id)
    return all(len(v) == 1 or g.map.is_fortress(h) for h, v in seen.items()) and \
        {h: sorted(v) for h, v in seen.items()} == {h: sorted(v) for h, v in g._occ.items()}


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(g=training_positions(), kido=st.booleans(), data=st.data())
def test_property_attacks_on_training_positions(g, kido, data):
    activated = [u.id for u in g.units_on_map("oda")]
    in_attack = [u for u in activated if g.unit_order(u) == m.Order.ATTACK]
    required = {d for a in in_attack for d in attacks.targets_of(g, a)}
    groups = attacks.attack_groups(g, "oda", activated)
    for gr in groups:  # [11.1] a plan where every unit in Attack attacks always exists
        assert next(attacks.group_plans(gr), None) is not None
    start = len(g.events)

    def choose(d):
        return d.options[data.draw(st.integers(0, len(d.options) - 1), label=d.kind)].value

    records, _ = drive(cb.attacks(g, "oda", activated, kido=kido), default=choose)
    event(f"combats resolved: {min(3, sum(r.status == 'resolved' for r in records))}")
    for r in records:
        if r.report:
            o = r.report.outcome
            for what, flag in (("elimination", o.eliminated), ("retreat", o.retreated),
                               ("advance", o.advanced), ("rout test", o.routs)):
                if flag:
                    event(what)
        if r.status != "resolved":
            event(r.status)
    resolved = of(g, ev.CombatResolved, start)
    atts = [a for e in resolved for a in e.attackers]
    dfns = [d for e in resolved for d in e.defenders]
    assert len(atts) == len(set(atts)), "an activated unit attacked twice [11.3]"
    assert len(dfns) == len(set(dfns)), "an enemy unit attacked twice [11.3]"
    planned_att = [a for r in records for a in r.planned.attackers]
    planned_def = [d for r in records for d in r.planned.defenders]
    assert len(planned_att) == len(set(planned_att)) and len(planned_def) == len(set(planned_def))
    assert set(in_attack) & {a for gr in groups for a in gr.attackers} <= set(planned_att)
    if kido:
        assert not any(isinstance(e, DieRolled) and "combined attack" in e.purpose
                       for e in g.events[start:])
    for d in required:
        (rec,) = [r for r in records if d in r.planned.defenders]
        assert rec.status in ("resolved", "excluded", "void")
        if rec.status == "excluded":
            assert rec.attackers == ()
        elif rec.status == "resolved" and d not in rec.report.defenders:
            # it was gone (eliminated, withdrawn, retreated) before its combat
            idx = g.events.index(next(e for e in resolved if e.defenders == rec.report.defenders))
            assert any(isinstance(e, (ev.UnitEliminated, ev.UnitMoved)) and e.unit == d
                       for e in g.events[start:idx])
    for u in g.state.units.values():
        assert 0 <= u.steps_lost <= 3
        assert not u.eliminated or u.hex is None
    assert occupancy_ok(g)
