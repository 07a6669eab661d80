"""Exact odds of a proposed combat [11.6]: the distribution of CRT results
from the two independent 2D6 rolls (blue and red) plus the breakdown's
modifiers. A pure query for bots and the GUI's combat preview."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Iterable

import attrs

from tenkatoitsu.kinds.battle.queries.attacks import combat_breakdown
from tenkatoitsu.kinds.battle.queries.combat_modifiers import Breakdown, Leadership
from tenkatoitsu.kinds.battle.queries.tables import parsed_crt, span_index
from tenkatoitsu.kinds.battle.scenario.results import CombatResult, parse_result

#: the 2D6 distribution: sum -> number of the 36 throws
TWO_D6: dict[int, int] = dict(Counter(a + b for a in range(1, 7) for b in range(1, 7)))


@attrs.frozen
class Odds:
    breakdown: Breakdown
    supports: tuple[str, ...]
    #: each possible result (as printed) with its exact probability, best
    #: for the attacker first
    results: tuple[tuple[str, Fraction], ...]
    #: expected value of the results for the attacker (defender's pain minus
    #: the attacker's, see CombatResult.value_for_attacker)
    value: float

    def probability(self, predicate) -> Fraction:
        """P(result satisfies predicate), the predicate taking a CombatResult."""

        return sum((p for text, p in self.results if predicate(parse_result(text))), Fraction(0))


def result_distribution(crt, blue_mod: int, red_mod: int) -> dict[CombatResult, Fraction]:
    """P(result) for modifiers on the blue and red 2D6 [11.6]."""
    return dict(_distribution(crt, blue_mod, red_mod))


@lru_cache(maxsize=4096)
def _distribution(crt, blue_mod: int, red_mod: int) -> tuple[tuple[CombatResult, Fraction], ...]:
    # the CRT is hashed once here, not once per throw (bots ask this often)
    by_red = {r: _row(crt, r + red_mod) for r in TWO_D6}
    by_blue = {b: _column(crt, b + blue_mod) for b in TWO_D6}
    out: Counter = Counter()
    for b, nb in TWO_D6.items():
        for r, nr in TWO_D6.items():
            out[by_red[r][by_blue[b]]] += nb * nr
    return tuple((res, Fraction(n, 36 * 36)) for res, n in out.items())


def _row(crt, red: int):

    return parsed_crt(crt)[span_index(tuple(row.span for row in crt.rows), red)]


def _column(crt, blue: int) -> int:

    return span_index(crt.columns, blue)


def combat_odds(game, attackers: list[str], defenders: list[str], *, totsugeki: bool = False,
                fighting: Iterable[str] | None = None,
                attacker_leader: Leadership | None = None,
                defender_leader: Leadership | None = None) -> Odds:
    """The odds of `attackers` against `defenders` as things stand (leaders as
    declared, or none declared yet)."""

    bd, sup = combat_breakdown(game, attackers, defenders, totsugeki=totsugeki, fighting=fighting,
                               attacker_leader=attacker_leader, defender_leader=defender_leader)
    dist = result_distribution(game.scenario.crt, bd.blue, bd.red)
    ranked = sorted(dist.items(), key=lambda kv: (-kv[0].value_for_attacker(), kv[0].text()))
    value = float(sum(p * Fraction(res.value_for_attacker()) for res, p in dist.items()))
    return Odds(bd, tuple(sup), tuple((res.text(), p) for res, p in ranked), value)
