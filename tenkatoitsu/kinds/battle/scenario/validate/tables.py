"""Checks of the tables: die-result tables (rally [8.5], rout [11.11],
messengers [9.1], Bundori [9.2], command tables [9.2]), the CRT [11.6], the
order change table [8.1], the terrain chart [6.2], the combat types [11.5],
the combat modifiers [11.6] and the unit states [4.3]."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.model import OPEN_HEXSIDE
from tenkatoitsu.kinds.battle.scenario.results import parse_result

REQUIRED_STATES = (("good-order", 0), ("shaken", 1), ("disorganized", 2), ("exhausted", 3))
REQUIRED_COMBAT_TYPES = (("shingeki", "attacker"), ("ransen", "attacker"), ("hangeki", "defender"),
                         ("yari-fusuma", "defender"), ("ransen", "defender"))
COMBAT_MODIFIERS = ("defender-state", "attacker-state", "defender-moving", "attacker-moving",
                    "support", "totsugeki", "defensive-position")
STANDARD_TABLES = {
    "rally": "rally table [8.5]", "rout": "rout table [11.11]",
    "messengers": "messenger table [9.1]", "bundori": "Bundori table [9.2]",
}
# table name -> {effect word: number of integer arguments}
TABLE_VALUES = {
    "rally": {"retreat": 1, "none": 0, "rally": 1},
    "rout": {"rout": 0, "withdrawal": 0, "seppuku": 0, "withdrawal-or-seppuku": 0, "nothing": 0},
    "messengers": {"reserve": 0, "delay": 1},
}
# [11.6] modifiers whose value is printed, and those read from the situation
VALUED_MODIFIERS = ("defender-moving", "attacker-moving", "support", "totsugeki",
                    "defensive-position")
COMBAT_TYPE_ROLES = {"shingeki": ("attacker",), "ransen": ("attacker", "defender"),
                     "hangeki": ("defender",), "yari-fusuma": ("defender",)}


def _check_spans(c: Checker, spans: list[tuple[m.Span, object]], what: str, pos, open_ends=True):
    """Spans must tile the integers: no gap, no overlap, open at both ends."""
    if not spans:
        c.error(f"{what} has no rows", pos)
        return
    def lo_key(s):
        return float("-inf") if s.lo is None else s.lo
    ordered = sorted(spans, key=lambda sp: lo_key(sp[0]))
    for (a, apos), (b, bpos) in zip(ordered, ordered[1:]):
        a_hi = float("inf") if a.hi is None else a.hi
        b_lo = lo_key(b)
        if b_lo <= a_hi:
            c.error(f"{what}: {b.text()} overlaps {a.text()}", bpos)
        elif b_lo > a_hi + 1:
            c.error(f"{what}: nothing covers {m.Span(int(a_hi) + 1, int(b_lo) - 1).text()}",
                    bpos, hint="every modified result needs a row; leave no gap")
    if open_ends:
        if ordered[0][0].lo is not None:
            c.error(f"{what}: the lowest row {ordered[0][0].text()} must be open below "
                    f"(write ..{ordered[0][0].hi})", ordered[0][1],
                    hint="modifiers can push a roll below any printed value")
        if ordered[-1][0].hi is not None:
            c.error(f"{what}: the highest row {ordered[-1][0].text()} must be open above "
                    f"(write {ordered[-1][0].lo}..)", ordered[-1][1],
                    hint="modifiers can push a roll above any printed value")


def check_range_table(c: Checker, t: m.RangeTable, kind: str):
    rows = [r for r in t.rows if not r.unmodified]
    _check_spans(c, [(r.span, r.pos) for r in rows], f"table '{t.name}'", t.pos)
    for r in t.rows:
        if kind in TABLE_VALUES:
            words = TABLE_VALUES[kind]
            head = r.values[0]
            if not isinstance(head, str) or head not in words:
                c.error(f"table '{t.name}': '{head}' is not an effect of this table "
                        f"({', '.join(words)})", r.pos, did_you_mean(str(head), words))
                continue
            nargs = words[head]
            args = r.values[1:]
            if len(args) != nargs or not all(isinstance(a, int) for a in args):
                c.error(f"table '{t.name}': '{head}' takes {nargs} number(s)", r.pos)
            elif kind == "messengers" and head == "delay" and not 1 <= args[0] <= m.DELAY_BOXES:
                c.error(f"table '{t.name}': no Delay box {args[0]}", r.pos,
                        hint=f"the Delay Track has boxes 1 to {m.DELAY_BOXES} [2.3]")
        else:  # bundori and command tables map to one integer
            if len(r.values) != 1 or not isinstance(r.values[0], int):
                c.error(f"table '{t.name}': each row gives one number", r.pos)
            elif kind == "bundori" and r.values[0] > 0:
                c.error("table 'bundori': modifiers are zero or negative [9.2]", r.pos)
            elif kind == "command" and r.values[0] < 0:
                c.error(f"command table '{t.name}': command points cannot be negative", r.pos)
        if r.unmodified and not r.span.is_single:
            c.error(f"table '{t.name}': an 'unmodified' row names one natural die result", r.pos)


def check_crt(c: Checker, crt: m.Crt):
    _check_spans(c, [(s, crt.pos) for s in crt.columns], "CRT columns", crt.pos)
    _check_spans(c, [(r.span, r.pos) for r in crt.rows], "CRT rows", crt.pos)
    for r in crt.rows:
        if len(r.cells) != len(crt.columns):
            c.error(f"CRT row {r.span.text()} has {len(r.cells)} results for "
                    f"{len(crt.columns)} columns", r.pos)
        for i, cell in enumerate(r.cells):
            try:
                parse_result(cell)
            except ValueError as e:
                pos = r.cell_pos[i] if i < len(r.cell_pos) else r.pos
                c.error(str(e), pos)


def check_order_change(c: Checker, oc: m.OrderChange):
    if sorted(o.value for o in oc.columns) != sorted(o.value for o in m.Order) or \
            len(oc.columns) != 4:
        c.error("order change table: the columns must be the four orders, once each", oc.pos)
    seen = c.unique(oc.rows, lambda r: r.order.value, "order change row")
    for o in m.Order:
        if o.value not in seen:
            c.error(f"order change table: no row for {o.value}", oc.pos)
    for r in oc.rows:
        if len(r.cells) != len(oc.columns):
            c.error(f"order change row '{r.order.value}' has {len(r.cells)} values for "
                    f"{len(oc.columns)} columns", r.pos)
            continue
        for col, cell in zip(oc.columns, r.cells):
            if (col == r.order) != (cell is None):
                c.error(f"order change row '{r.order.value}': write '-' exactly where the "
                        "order does not change", r.pos)
                break


def check_terrain_chart(c: Checker, tc: m.TerrainChart):
    hexsides = c.unique(tc.hexside_types, lambda t: t.name, "hexside type")
    c.unique(tc.hex_types, lambda t: t.name, "hex type")
    if OPEN_HEXSIDE not in hexsides:
        c.error(f"the terrain chart needs a hexside type '{OPEN_HEXSIDE}' (a border with no "
                "feature)", tc.pos)
    for ht in tc.hex_types:
        if ht.edge is not None and ht.edge not in hexsides:
            c.unknown("hexside type", ht.edge, hexsides, ht.pos)
    if tc.road is None or tc.path is None:
        c.error("the terrain chart must give the march cost along a road and a path [6.5.2]",
                tc.pos, hint="road 1/2 and path 1 in the printed game")


def check_combat_types(c: Checker, ct: m.CombatTypes):
    have = {(r.name, r.role) for r in ct.rows}
    for need in REQUIRED_COMBAT_TYPES:
        if need not in have:
            c.error(f"combat types: no row for {need[0]} {need[1]} [11.5]", ct.pos)
    c.unique(ct.rows, lambda r: f"{r.name} {r.role}", "combat type")
    for r in ct.rows:
        if r.name not in COMBAT_TYPE_ROLES:
            c.unknown("combat type", r.name, COMBAT_TYPE_ROLES, r.pos)
        elif r.role not in COMBAT_TYPE_ROLES[r.name]:
            c.error(f"{r.name} is a combat type of the "
                    f"{' or '.join(COMBAT_TYPE_ROLES[r.name])}, not the {r.role} [11.5]", r.pos)


def check_combat_modifiers(c: Checker, cm: m.CombatModifiers):
    seen = c.unique(cm.rows, lambda r: r.name, "combat modifier")
    for r in cm.rows:
        if r.name not in COMBAT_MODIFIERS:
            c.unknown("combat modifier", r.name, COMBAT_MODIFIERS, r.pos)
        elif r.name in VALUED_MODIFIERS and r.value is None:
            c.error(f"combat modifier '{r.name}' needs its value, e.g. `{r.name} blue +1`", r.pos)
        elif r.name not in VALUED_MODIFIERS and r.value is not None:
            c.error(f"combat modifier '{r.name}' takes no value: it is the state's modifier "
                    "[4.3]", r.pos)
    for name in COMBAT_MODIFIERS:
        if name not in seen:
            c.error(f"combat modifiers: '{name}' is missing [11.6]", cm.pos)


def check_states(c: Checker, st: m.States):
    if tuple(st.levels) != REQUIRED_STATES:
        c.error("states must be good-order 0, shaken 1, disorganized 2, exhausted 3, in that "
                "order: the modifier is the number of steps lost [4.3]", st.pos)
