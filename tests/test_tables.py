"""The standard tables as typed in, and the properties any CRT must keep."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tenkatoitsu.kinds.battle.queries.tables import crt_result, lookup
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import parse_result


def table(rules, name):
    return next(t for t in rules.tables if t.name == name)


def test_rally_table_as_printed(rules):
    rally = table(rules, "rally")  # [8.5]
    assert lookup(rally, 1 + 2, natural=1) == ("retreat", 3)  # a natural 1 retreats, whatever the Leadership
    assert lookup(rally, 2, natural=2) == ("none",)
    assert lookup(rally, 4, natural=3) == ("none",)
    assert lookup(rally, 5, natural=4) == ("rally", 1)
    assert lookup(rally, 6, natural=6) == ("rally", 2)
    assert lookup(rally, 8, natural=6) == ("rally", 3)


def test_rout_table_as_printed(rules):
    rout = table(rules, "rout")  # [11.11]
    assert [lookup(rout, v)[0] for v in (0, 1, 2, 3, 4, 5, 12)] == [
        "rout", "rout", "rout", "withdrawal-or-seppuku", "withdrawal", "nothing", "nothing"]


def test_messenger_table_as_printed(rules):
    msg = table(rules, "messengers")  # [9.1]
    assert [lookup(msg, d) for d in range(1, 7)] == [
        ("reserve",), ("reserve",), ("reserve",), ("delay", 2), ("delay", 1), ("delay", 1)]


def test_bundori_table_as_printed(rules):
    b = table(rules, "bundori")  # [9.2]; example 9.2: 3 Bundori give -1
    assert [lookup(b, n)[0] for n in range(0, 11)] == [0, 0, -1, -1, -2, -2, -2, -3, -3, -4, -4]
    assert lookup(b, 3)[0] == -1


def test_order_change_table_as_printed(rules):
    oc = rules.order_change  # [8.1]
    A, MV, D, R = m.Order.ATTACK, m.Order.MOVEMENT, m.Order.DEFENSE, m.Order.REGROUP
    cell = {(row.order, col): v for row in oc.rows for col, v in zip(oc.columns, row.cells)}
    assert cell[(A, MV)] == (4, 4) and cell[(A, D)] == (5, 5) and cell[(A, R)] == (5, 5)
    assert cell[(MV, A)] == (3, 4) and cell[(D, A)] == (3, 4) and cell[(R, A)] == (5, 6)
    assert cell[(MV, D)] == (4, 4) and cell[(MV, R)] == (3, 3)
    assert cell[(D, MV)] == (4, 4) and cell[(D, R)] == (3, 3)
    assert cell[(R, MV)] == (4, 4) and cell[(R, D)] == (4, 4)
    assert all(cell[(o, o)] is None for o in m.Order)


def test_crt_covers_every_total(rules):
    for red in range(-20, 40):
        for blue in range(-20, 40):
            crt_result(rules.crt, red, blue)


def test_crt_quoted_results_exist(rules):
    # the result forms quoted by [11.7] all appear in the table
    cells = {c for row in rules.crt.rows for c in row.cells}
    assert {"dE^2", "a1-d1", "a2^1"} <= cells
    assert any("R^R" in c for c in cells)


@settings(max_examples=400)
@given(red=st.integers(-10, 30), blue=st.integers(-10, 30))
def test_crt_is_monotone(rules, red, blue):
    """A better roll never gives the roller a worse result."""
    here = crt_result(rules.crt, red, blue).value_for_attacker()
    assert crt_result(rules.crt, red + 1, blue).value_for_attacker() >= here
    assert crt_result(rules.crt, red, blue + 1).value_for_attacker() >= here


def test_crt_even_fight_costs_about_one_step(rules):
    """Design target of the reconstruction: with no net modifier a combat costs
    about one step in all, and a good attack (red +3, blue +1) mostly hurts the
    defender."""
    d2 = [a + b for a in range(1, 7) for b in range(1, 7)]

    def expected(rm, bm):
        att = dfn = 0.0
        for r in d2:
            for b in d2:
                res = crt_result(rules.crt, r + rm, b + bm)
                if res.attacker:
                    att += res.attacker.first.steps
                if res.defender:
                    dfn += 4 if res.defender.first.eliminated else res.defender.first.steps
        return att / 1296, dfn / 1296

    att, dfn = expected(0, 0)
    assert 0.8 <= att + dfn <= 1.6
    att, dfn = expected(3, 1)
    assert dfn > 5 * att


@given(st.sampled_from(["-", "a1", "a2^1", "d1R", "d1R^R", "dE^2", "dE^1R", "a1-d1", "d2R^1"]))
def test_result_text_round_trip(text):
    assert parse_result(text).text() == text
