"""Looking up the game's tables: die-result tables and the CRT."""

from __future__ import annotations

from functools import lru_cache

from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import CombatResult, parse_result


def lookup(table: m.RangeTable, modified: int, natural: int | None = None) -> tuple:
    """The row of a die table for a modified result; an `unmodified` row for the
    natural die wins over the rest ([8.5] the rally table's natural 1)."""
    if natural is not None:
        for row in table.rows:
            if row.unmodified and natural in row.span:
                return row.values
    for row in table.rows:
        if not row.unmodified and modified in row.span:
            return row.values
    raise LookupError(f"table {table.name} has no row for {modified}")


def span_index(spans: tuple[m.Span, ...], value: int) -> int:
    for i, s in enumerate(spans):
        if value in s:
            return i
    raise LookupError(value)


@lru_cache(maxsize=64)
def parsed_crt(crt: m.Crt) -> tuple[tuple[CombatResult, ...], ...]:
    return tuple(tuple(parse_result(c) for c in row.cells) for row in crt.rows)


def crt_result(crt: m.Crt, red: int, blue: int) -> CombatResult:
    """[11.6] the modified red total picks the row, the blue total the column."""
    r = span_index(tuple(row.span for row in crt.rows), red)
    c = span_index(crt.columns, blue)
    return parsed_crt(crt)[r][c]
