"""Exact combat odds [11.6]: the two 2D6 distributions through the CRT."""

from fractions import Fraction

from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.queries.odds import TWO_D6, combat_odds, result_distribution
from tenkatoitsu.kinds.battle.queries.tables import crt_result
from tenkatoitsu.kinds.battle.scenario.results import parse_result
from tests.helpers import place


def test_two_d6_distribution():
    assert sum(TWO_D6.values()) == 36 and TWO_D6[7] == 6 and TWO_D6[2] == TWO_D6[12] == 1


def test_distribution_is_exact(training):
    crt = training.crt
    dist = result_distribution(crt, 1, -2)
    assert sum(dist.values()) == 1
    # the corner cell: only blue 2+2 and red 6+6 land exactly there
    corner = crt_result(crt, 12 - 2, 2 + 1)
    n = sum(TWO_D6[b] * TWO_D6[r] for b in TWO_D6 for r in TWO_D6
            if crt_result(crt, r - 2, b + 1) == corner)
    assert dist[corner] == Fraction(n, 1296)


def test_extreme_modifiers_give_one_result(training):
    crt = training.crt
    top = crt_result(crt, 99, -99)
    assert result_distribution(crt, -60, 60) == {top: 1}


def test_combat_odds_uses_the_breakdown(training):
    g = Game(training, seed=1)
    place(g, "A1", "0506")
    place(g, "1a", "0507")
    odds = combat_odds(g, ["A1"], ["1a"])
    assert sum(p for _, p in odds.results) == 1
    expected = result_distribution(training.crt, odds.breakdown.blue, odds.breakdown.red)
    assert {t: p for t, p in odds.results} == {r.text(): p for r, p in expected.items()}
    # best for the attacker first, and the expectation is the weighted sum
    values = [parse_result(t).value_for_attacker() for t, _ in odds.results]
    assert values == sorted(values, reverse=True)
    assert abs(odds.value - sum(float(p) * v for (_, p), v in zip(odds.results, values))) < 1e-9
