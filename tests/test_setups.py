"""The set-up checks of validate/setups.py, which look at a variant only where
it changes the base set-up, against the plain reading of the rules: build each
set-up whole and check every unit [6.8] [12]. They must report the same
problems, in the same order, at the same places."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenkatoitsu.dsl.builder import INVALID_HEX
from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.hexmap import Grid
from tenkatoitsu.kinds.battle.load import load_text
from tenkatoitsu.kinds.battle.scenario.setup import effective_setup, fortress_hexes, printable
from tenkatoitsu.kinds.battle.scenario.validate.variants import check_setups

from conftest import is_battle, SCENARIOS

PATH = SCENARIOS / "setups-test.tks"  # never written


def plain_setup_problems(s, grid, variant):
    """Every problem of the set-up with `variant` and the other groups' defaults."""
    ids = [variant.id] if variant else []
    for v in s.variants:
        if v.is_default and (variant is None or v.group != variant.group) and v.id not in ids:
            ids.append(v.id)
    present, _, entries, hexes, _ = effective_setup(s, ids)
    moved = {ch.target for ch in (variant.changes if variant else ()) if ch.what == "place"}
    fort = fortress_hexes(s)
    occupied = {}
    for _, cl, u in s.units():
        if cl.id not in present:
            continue
        h, pos = hexes[u.id]
        if h is None:
            if entries[cl.id] is None:
                yield (("no-entry", u.id), f"unit {u.id} is off-map but clan {cl.id} has no entry "
                       "(`enter ENTRY-ID`) [12]", pos)
            continue
        if h == INVALID_HEX:
            continue
        if not grid.contains(h):
            yield (("off-map", u.id, h), f"unit {u.id}'s hex {h.id if printable(h) else h} is off "
                   f"the map ({grid.width} x {grid.height})", pos)
            continue
        if h in occupied and h not in fort:
            other = occupied[h]
            where = pos
            if other in moved and u.id not in moved:
                where = hexes[other][1]
            yield (("stack", h, frozenset((other, u.id))),
                   f"units {other} and {u.id} are both in hex {h.id}: one unit per hex outside a "
                   "fortress [6.8]", where)
        occupied.setdefault(h, u.id)
    for _, cl in s.clans():
        if cl.id not in present:
            continue
        off = [hexes[u.id][0] is None for u in cl.units]
        if any(off) and not all(off):
            yield (("partly", cl.id), f"clan {cl.id} is partly off-map: a clan enters the map "
                   "altogether [12]", cl.pos)


def plain_check_setups(c, s, grid):
    base = set()
    for key, msg, pos in plain_setup_problems(s, grid, None):
        base.add(key)
        c.error(msg, pos)
    for v in s.variants:
        if v.is_default:
            continue
        for key, msg, pos in plain_setup_problems(s, grid, v):
            if key not in base:
                c.error(msg.replace(": ", f" in variant '{v.id}': ", 1) if ": " in msg
                        else f"{msg} (variant '{v.id}')", pos)


def both(text):
    s = load_text(text, PATH, validate_=False).document
    assert s is not None, text
    grid = Grid(s.map.width, s.map.height)
    fast, plain = Checker(), Checker()
    check_setups(fast, s, grid)
    plain_check_setups(plain, s, grid)
    return fast.diags, plain.diags


# ------------------------------------------------------------------ random set-ups

HEXES = ["0101", "0102", "0201", "0202", "0303", "0304", "0909", "offmap", "offmap"]
UNITS = ["A1", "A2", "A3", "B1", "B2", "C1", "C2", "D1"]
CLANS = ["A", "B", "C", "D"]
VARIANTS = ["v1", "v2", "v3", "v4", "v5"]
GROUPS = ["g", "h"]


@st.composite
def setups(draw):
    variant_ids = draw(st.lists(st.sampled_from(VARIANTS), unique=True, max_size=5))
    lines = ['version 1', 'scenario "s" {', '  map 4 x 4 {', '    entry N 0101', '    entry S 0404',
             '    fortress f "F" 0303 0304 siege f', '  }']
    for side in ("east", "west"):
        lines.append(f'  side {side} "{side}" {{')
        for clan in draw(st.lists(st.sampled_from(CLANS), min_size=1, max_size=3)):
            lines.append(f'    clan {clan} "c" {{')
            if draw(st.booleans()):
                lines.append(f"      enter {draw(st.sampled_from(['N', 'S']))}")
            if variant_ids and draw(st.integers(0, 3)) == 0:
                lines.append(f"      only {draw(st.sampled_from(variant_ids))}")
            for unit in draw(st.lists(st.sampled_from(UNITS), min_size=1, max_size=3)):
                lines.append(f'      unit {unit} "u" at {draw(st.sampled_from(HEXES))}')
            lines.append("    }")
        lines.append("  }")
    for vid in variant_ids:
        lines.append(f"  variant {vid} {{")
        if draw(st.booleans()):
            lines.append(f"    group {draw(st.sampled_from(GROUPS))}")
            if draw(st.booleans()):
                lines.append("    default")
        for _ in range(draw(st.integers(0, 4))):
            if draw(st.integers(0, 3)):
                lines.append(f"    place {draw(st.sampled_from(UNITS + ['Z9']))} "
                             f"{draw(st.sampled_from(HEXES))}")
            else:
                lines.append(f"    enter {draw(st.sampled_from(CLANS))} {draw(st.sampled_from(['N', 'S']))}")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_variant_set_ups_report_what_checking_each_whole_reports(text):
    fast, plain = both(text)
    assert [(d.message, d.pos) for d in fast] == [(d.message, d.pos) for d in plain], text


def test_shipped_scenarios_report_the_same():
    for path in sorted(p for p in SCENARIOS.glob("*.tks") if is_battle(p)):
        fast, plain = both(path.read_text(encoding="utf-8"))
        assert fast == plain == [], path


def test_thousands_of_variants_are_checked_in_linear_time():
    """Regression: each variant's set-up was built and checked whole, so
    4,000 variants of an army of 1,600 units took half a minute."""
    def scenario(n):
        units = "\n".join(f'      unit A{i} "u" at {1 + i % 40:02d}{1 + i // 40:02d}'
                          for i in range(1600))
        variants = "\n".join(f"  variant v{k} {{\n    group g\n    place A{k % 1600} "
                             f"{1 + k % 40:02d}45\n  }}" for k in range(n))
        return (f'version 1\nscenario "s" {{\n  map 40 x 45 {{ }}\n  side a "A" {{\n'
                f'    clan A "A" {{\n{units}\n    }}\n  }}\n{variants}\n  variant d {{\n'
                f'    group g\n    default\n  }}\n}}\n')

    def seconds(n):
        s = load_text(scenario(n), PATH, validate_=False).document
        t0 = time.perf_counter()
        check_setups(Checker(), s, Grid(40, 45))
        return time.perf_counter() - t0

    small, large = seconds(500), seconds(4000)
    assert large < 16 * max(small, 0.01) + 0.5, (small, large)  # linear: 8 times; quadratic: 64
