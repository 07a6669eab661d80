"""Semantic checks of a built document. Every problem is reported with its
location, all at once; nothing here raises on a bad scenario."""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.kinds.battle import scenario_rules
from tenkatoitsu.kinds.battle.build import INVALID_HEX
from tenkatoitsu.kinds.battle.results import parse_result
from tenkatoitsu.dsl.diagnostics import Diagnostic, did_you_mean, known_list
from tenkatoitsu.hexmap import Grid, Hex

HEXSIDE_MARKS = ("firearms-prepared", "non-obligatory")
# [10.4] Katta! Katta! is not a tactic of one's own plan: the opponent holds it (an ability)
TACTICS = ("totsugeki", "kotai", "kido", "ashibaya")
ABILITIES = ("defensive-positions", "katta-katta")  # [11.8] [10.4.2]
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
OPEN_HEXSIDE = "open"
# scenario rule modules the engine knows, with their parameters
# [11.6] modifiers whose value is printed, and those read from the situation
VALUED_MODIFIERS = ("defender-moving", "attacker-moving", "support", "totsugeki",
                    "defensive-position")
COMBAT_TYPE_ROLES = {"shingeki": ("attacker",), "ransen": ("attacker", "defender"),
                     "hangeki": ("defender",), "yari-fusuma": ("defender",)}


class Checker:
    def __init__(self):
        self.diags: list[Diagnostic] = []

    def error(self, msg, pos, hint=None):
        self.diags.append(Diagnostic(msg, pos, hint))

    def warn(self, msg, pos, hint=None):
        self.diags.append(Diagnostic(msg, pos, hint, severity="warning"))

    def unknown(self, what, name, known: Iterable[str], pos):
        known = list(known)
        self.error(f"unknown {what} '{name}' ({known_list(known)})", pos, did_you_mean(name, known))

    def unique(self, items, key, what):
        seen: dict[str, object] = {}
        for it in items:
            k = key(it)
            if k in seen:
                first = seen[k]
                self.error(f"duplicate {what} '{k}'", it.pos,
                           hint=f"first defined at {first.pos}" if getattr(first, "pos", None) else None)
            else:
                seen[k] = it
        return seen


def validate(doc: m.Document) -> list[Diagnostic]:
    c = Checker()
    if isinstance(doc, m.RulesDoc):
        _check_library(c, doc.library, None)
        return c.diags
    _check_scenario(c, doc)
    return c.diags


# ============================================================ library

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
            c.error(f"{what}: {_span_text(b)} overlaps {_span_text(a)}", bpos)
        elif b_lo > a_hi + 1:
            c.error(f"{what}: nothing covers {_span_text(m.Span(int(a_hi) + 1, int(b_lo) - 1))}",
                    bpos, hint="every modified result needs a row; leave no gap")
    if open_ends:
        if ordered[0][0].lo is not None:
            c.error(f"{what}: the lowest row {_span_text(ordered[0][0])} must be open below "
                    f"(write ..{ordered[0][0].hi})", ordered[0][1],
                    hint="modifiers can push a roll below any printed value")
        if ordered[-1][0].hi is not None:
            c.error(f"{what}: the highest row {_span_text(ordered[-1][0])} must be open above "
                    f"(write {ordered[-1][0].lo}..)", ordered[-1][1],
                    hint="modifiers can push a roll above any printed value")


def _span_text(s: m.Span) -> str:
    return s.text()


def _check_range_table(c: Checker, t: m.RangeTable, kind: str):
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
        else:  # bundori and command tables map to one integer
            if len(r.values) != 1 or not isinstance(r.values[0], int):
                c.error(f"table '{t.name}': each row gives one number", r.pos)
            elif kind == "bundori" and r.values[0] > 0:
                c.error(f"table 'bundori': modifiers are zero or negative [9.2]", r.pos)
            elif kind == "command" and r.values[0] < 0:
                c.error(f"command table '{t.name}': command points cannot be negative", r.pos)
        if r.unmodified and not r.span.is_single:
            c.error(f"table '{t.name}': an 'unmodified' row names one natural die result", r.pos)


def _check_crt(c: Checker, crt: m.Crt):
    _check_spans(c, [(s, crt.pos) for s in crt.columns], "CRT columns", crt.pos)
    _check_spans(c, [(r.span, r.pos) for r in crt.rows], "CRT rows", crt.pos)
    for r in crt.rows:
        if len(r.cells) != len(crt.columns):
            c.error(f"CRT row {_span_text(r.span)} has {len(r.cells)} results for "
                    f"{len(crt.columns)} columns", r.pos)
        for i, cell in enumerate(r.cells):
            try:
                parse_result(cell)
            except ValueError as e:
                pos = r.cell_pos[i] if i < len(r.cell_pos) else r.pos
                c.error(str(e), pos)


def _check_order_change(c: Checker, oc: m.OrderChange):
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


def _check_terrain_chart(c: Checker, tc: m.TerrainChart):
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


def _check_combat_types(c: Checker, ct: m.CombatTypes):
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


def _check_combat_modifiers(c: Checker, cm: m.CombatModifiers):
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


def _check_states(c: Checker, st: m.States):
    if tuple(st.levels) != REQUIRED_STATES:
        c.error("states must be good-order 0, shaken 1, disorganized 2, exhausted 3, in that "
                "order: the modifier is the number of steps lost [4.3]", st.pos)


def _check_battle_plan(c: Checker, bp: m.BattlePlan):
    c.unique(bp.tactics, lambda t: t.name, f"tactic in plan '{bp.id}'")
    for t in bp.tactics:
        if t.name not in TACTICS:
            c.unknown("tactic", t.name, TACTICS, t.pos)
    for a in bp.abilities:
        if a.name not in ABILITIES:
            c.unknown("ability", a.name, ABILITIES, a.pos)
    if "any" in bp.initial_orders and len(bp.initial_orders) > 1:
        c.error(f"plan '{bp.id}': 'any' stands alone in initial-orders", bp.pos)


def _check_siege_map(c: Checker, sm: m.SiegeMap):
    areas = c.unique(sm.areas, lambda a: a.id, f"area of siege map '{sm.id}'")
    bases = [a for a in sm.areas if a.kind == "base"]
    if len(bases) != 1:
        c.error(f"siege map '{sm.id}' needs exactly one base area (the centre) [15.2]", sm.pos)
    periph = [a for a in sm.areas if a.kind == "peripheral"]
    if not periph:
        c.error(f"siege map '{sm.id}' has no peripheral area [15.2]", sm.pos)
    for a in sm.areas:
        if a.kind == "peripheral" and not a.hexes:
            c.error(f"peripheral area '{a.id}' must name the main-map hex(es) it links to "
                    "[15.2]", a.pos, hint=f"peripheral {a.id} hex 0305")
        if a.kind != "peripheral" and a.hexes:
            c.error(f"only peripheral areas link to main-map hexes ('{a.id}' is {a.kind})", a.pos)
        if a.kind == "peripheral" and a.defense not in (None, 0):
            c.error(f"peripheral area '{a.id}': combat inside a peripheral area has Defense 0 "
                    "[15.1]", a.pos)
    linked: dict[Hex, str] = {}
    for a in periph:
        for h in a.hexes:
            if h in linked and linked[h] != a.id and h != INVALID_HEX:
                # [15.7.1] units enter through the area bearing their hex's letter: one letter a hex
                c.error(f"hex {h.id} is linked to both peripheral areas '{linked[h]}' and "
                        f"'{a.id}' of siege map '{sm.id}'", a.pos)
            linked.setdefault(h, a.id)
    adj: dict[str, set[str]] = defaultdict(set)
    for ln in sm.lines:
        for end in (ln.a, ln.b):
            if end not in areas:
                c.unknown(f"area of siege map '{sm.id}'", end, areas, ln.pos)
        if ln.a == ln.b:
            c.error(f"line of attack from '{ln.a}' to itself", ln.pos)
        adj[ln.a].add(ln.b)
        adj[ln.b].add(ln.a)
    # every area must be reachable from the centre, else markers could never get there
    if bases and areas:
        seen, todo = {bases[0].id}, [bases[0].id]
        while todo:
            for n in adj[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        for a in sm.areas:
            if a.id not in seen:
                c.error(f"area '{a.id}' of siege map '{sm.id}' is not connected to the centre by "
                        "lines of attack", a.pos)


def _check_library(c: Checker, lib: m.Library, scenario: m.Scenario | None):
    c.unique(lib.tables, lambda t: t.name, "table")
    command_tables = set()
    if scenario is not None:
        for side in scenario.sides:
            for cmd in ([side.so_taisho] if side.so_taisho else []) + list(side.commanders):
                command_tables.add(cmd.table)
    for t in lib.tables:
        if t.name in STANDARD_TABLES:
            _check_range_table(c, t, t.name)
        elif scenario is None or t.name in command_tables:
            _check_range_table(c, t, "command")
        else:
            c.warn(f"table '{t.name}' is neither a standard table ({', '.join(STANDARD_TABLES)}) "
                   "nor a command table of a side", t.pos)
            _check_range_table(c, t, "command")
    if lib.crt:
        _check_crt(c, lib.crt)
    if lib.order_change:
        _check_order_change(c, lib.order_change)
    if lib.terrain_chart:
        _check_terrain_chart(c, lib.terrain_chart)
    if lib.combat_types:
        _check_combat_types(c, lib.combat_types)
    if lib.combat_modifiers:
        _check_combat_modifiers(c, lib.combat_modifiers)
    if lib.states:
        _check_states(c, lib.states)
    c.unique(lib.battle_plans, lambda p: p.id, "battle plan")
    for bp in lib.battle_plans:
        _check_battle_plan(c, bp)
    c.unique(lib.siege_maps, lambda s: s.id, "siege map")
    for sm in lib.siege_maps:
        _check_siege_map(c, sm)


# ============================================================ scenario

def _check_scenario(c: Checker, s: m.Scenario):
    if s.kind not in ("battle", "tenkatoitsu"):
        c.error(f"kind '{s.kind}' comes too late: this file is read as a battle",
                s.pos, hint="`kind NAME` must be the first line of the scenario block, where it "
                "chooses the language the rest of the file is written in")
    _check_library(c, s.library, s)
    for doc in s.included:
        _check_library(c, doc.library, s)
    _check_merged_library(c, s)
    if s.turns is None:
        c.error("the scenario has no turn track", s.pos, hint="turns 1..16 { }")
    else:
        _check_turns(c, s.turns)
    if s.map is None:
        c.error("the scenario has no map", s.pos, hint="map 30 x 20 { default clear }")
        return
    if not (1 <= s.map.width <= 99 and 1 <= s.map.height <= 99):
        # the builder reported the size; Grid() would raise, and the largest map
        # stands in so that no hex is called off-map because of it
        grid = Grid(99, 99)
    else:
        grid = Grid(s.map.width, s.map.height)
    _check_map(c, s, grid)
    _check_sides(c, s, grid)
    _check_variants(c, s, grid)
    RULE_MODULES = scenario_rules.known_params()  # noqa: N806
    for r in s.rules + tuple(r for v in s.variants for r in v.rules):
        if r.name not in RULE_MODULES:
            c.unknown("rule module", r.name, RULE_MODULES, r.pos)
            continue
        for p in r.params:
            if p.name not in RULE_MODULES[r.name]:
                c.unknown(f"parameter of rule '{r.name}'", p.name, RULE_MODULES[r.name], p.pos)
        scenario_rules.REGISTRY[r.name].check(s, r, c)
    if s.victory is None:
        c.error("the scenario has no victory block [17]", s.pos)
    else:
        _check_victory(c, s, grid)


def _check_merged_library(c: Checker, s: m.Scenario):
    libs = list(s.libraries())
    for field, what in (("crt", "the combat results table [11.6]"),
                        ("order_change", "the order change table [8.1]"),
                        ("terrain_chart", "the terrain chart [6.2]"),
                        ("combat_types", "the combat types [11.5]"),
                        ("combat_modifiers", "the combat modifiers [11.6]"),
                        ("states", "the unit states [4.3]")):
        found = [lib for lib in libs if getattr(lib, field) is not None]
        if not found:
            c.error(f"no {what}: define one or use the standard rules", s.pos,
                    hint='use "rules/tenkatoitsu.tks"')
        elif len(found) > 1 and found[0] is s.library:
            c.warn(f"the scenario's own {what} replaces the one from its rules file",
                   getattr(found[0], field).pos)
    tables_by_name: dict[str, list[m.RangeTable]] = defaultdict(list)
    for lib in libs:
        for t in lib.tables:
            tables_by_name[t.name].append(t)
    for name, what in STANDARD_TABLES.items():
        if name not in tables_by_name:
            c.error(f"no {what}: define `table {name}` or use the standard rules", s.pos)
    plans = defaultdict(list)
    for lib in libs:
        for bp in lib.battle_plans:
            plans[bp.id].append(bp)
    for pid, found in plans.items():
        if len(found) > 1 and found[0].pos and found[1].pos and \
                found[0].pos.file != found[1].pos.file:
            c.warn(f"battle plan '{pid}' replaces the one at {found[1].pos}", found[0].pos)


def _check_turns(c: Checker, t: m.TurnTrack):
    if t.start is not None and not (t.first <= t.start <= t.last):
        c.error(f"start turn {t.start} is outside the turn track {t.first}..{t.last}", t.pos)
    for what, spans in (("night", t.night), ("fatigue", t.fatigue)):
        for sp in spans:
            lo = sp.lo if sp.lo is not None else t.first
            hi = sp.hi if sp.hi is not None else t.last
            if lo < t.first or hi > t.last:
                c.error(f"{what} turns {_span_text(sp)} fall outside the turn track "
                        f"{t.first}..{t.last}", t.pos)


def _on_map(c: Checker, grid: Grid, h: Hex, pos, what="hex") -> bool:
    if h == INVALID_HEX:
        return False  # already reported as a malformed id
    if not grid.contains(h):
        c.error(f"{what} {h.id if _printable(h) else h} is off the map "
                f"({grid.width} x {grid.height}: columns 01-{grid.width:02d}, rows "
                f"01-{grid.height:02d})", pos)
        return False
    return True


def _printable(h: Hex) -> bool:
    try:
        return 1 <= h.col <= 99 and 1 <= h.row <= 99
    except Exception:
        return False


def fortress_hexes(s: m.Scenario) -> set[Hex]:
    return {h for f in (s.map.fortresses if s.map else ()) for h in f.hexes}


def _check_map(c: Checker, s: m.Scenario, grid: Grid):
    mp = s.map
    chart = s.terrain_chart
    hex_types = {t.name: t for t in chart.hex_types} if chart else {}
    side_types = {t.name: t for t in chart.hexside_types} if chart else {}
    if chart and mp.default_terrain not in hex_types:
        c.unknown("terrain", mp.default_terrain, hex_types, mp.pos)
    terrain_of: dict[Hex, m.TerrainArea] = {}
    for area in mp.terrain:
        valid = tuple(it for it in area.hexes if INVALID_HEX not in
                      ((it.a, it.b) if isinstance(it, m.HexRect) else (it,)))
        for h in m.expand(valid):
            prev = terrain_of.get(h)
            if prev is not None and prev.terrain != area.terrain and grid.contains(h):
                c.warn(f"hex {h.id} is given terrain {prev.terrain} and then {area.terrain}; "
                       "the later wins", area.pos, hint=f"the first at {prev.pos}")
            terrain_of[h] = area
    for area in mp.terrain:
        if chart and area.terrain not in hex_types:
            c.unknown("terrain", area.terrain, hex_types, area.pos)
        for item, pos in zip(area.hexes, area.item_pos or [area.pos] * len(area.hexes)):
            corners = (item.a, item.b) if isinstance(item, m.HexRect) else (item,)
            for h in corners:
                _on_map(c, grid, h, pos)
    # hexsides
    typed: dict[tuple, m.HexsideFeature] = {}
    marks: dict[tuple, set[str]] = defaultdict(set)
    for f in mp.hexsides:
        ok = _on_map(c, grid, f.a, f.pos) & _on_map(c, grid, f.b, f.pos)
        if INVALID_HEX in (f.a, f.b):
            continue  # a malformed id, reported by the builder (and INVALID_HEX.id raises)
        if ok and not f.a.is_adjacent(f.b):
            c.error(f"hexside {f.a.id}|{f.b.id} joins hexes that are not adjacent "
                    f"(they are {f.a.distance(f.b)} hexes apart)", f.pos)
            continue
        key = (min(f.a, f.b), max(f.a, f.b))
        if f.kind in HEXSIDE_MARKS:
            if f.directed:
                c.error(f"a {f.kind} mark has no direction: write {f.a.id}|{f.b.id}", f.pos)
            if f.kind in marks[key]:
                c.error(f"hexside {f.a.id}|{f.b.id} is marked {f.kind} twice", f.pos)
            marks[key].add(f.kind)
            continue
        if chart and f.kind not in side_types:
            c.unknown("hexside type", f.kind, list(side_types) + list(HEXSIDE_MARKS), f.pos)
            continue
        t = side_types.get(f.kind)
        if t is not None and t.directed and not f.directed:
            c.error(f"a {f.kind} hexside has a direction: write {f.a.id}>{f.b.id} for climbing "
                    f"from {f.a.id} into {f.b.id}", f.pos)
        if t is not None and not t.directed and f.directed:
            c.error(f"a {f.kind} hexside has no direction: write {f.a.id}|{f.b.id}", f.pos)
        if key in typed:
            c.error(f"hexside {f.a.id}|{f.b.id} already is a {typed[key].kind} hexside",
                    f.pos, hint=f"given at {typed[key].pos}")
        else:
            typed[key] = f
    # roads and paths
    for r in mp.routes:
        if len(r.hexes) < 2:
            c.error(f"a {r.kind} needs at least two hexes", r.pos)
        poss = r.hex_pos or (r.pos,) * len(r.hexes)
        for i, h in enumerate(r.hexes):
            _on_map(c, grid, h, poss[i])
        for i in range(1, len(r.hexes)):
            a, b = r.hexes[i - 1], r.hexes[i]
            if not a.is_adjacent(b) and INVALID_HEX not in (a, b):
                c.error(f"{r.kind} is not a chain of neighbours: {a.id} and {b.id} are not "
                        "adjacent", poss[i], hint="list every hex the road passes through")
    zones = c.unique(mp.zones, lambda z: z.id, "zone")
    for z in mp.zones:
        for item in z.hexes:
            corners = (item.a, item.b) if isinstance(item, m.HexRect) else (item,)
            for h in corners:
                _on_map(c, grid, h, z.pos)
    sides = {sd.id for sd in s.sides}
    for st in mp.stars:
        _on_map(c, grid, st.hex, st.pos)
        if st.side not in sides:
            c.unknown("side", st.side, sides, st.pos)
    c.unique(mp.entries, lambda e: e.id, "entry")
    for e in mp.entries:
        if _on_map(c, grid, e.hex, e.pos) and not grid.is_edge(e.hex):
            c.warn(f"entry {e.id} at {e.hex.id} is not on the map edge", e.pos)
    c.unique(mp.fortresses, lambda f: f.id, "fortress")
    siege_maps = {sm.id: sm for sm in s.siege_maps()}
    fhexes: dict[Hex, m.Fortress] = {}
    for f in mp.fortresses:
        for h in f.hexes:
            _on_map(c, grid, h, f.pos)
            if h in fhexes and h != INVALID_HEX:
                c.error(f"hex {h.id} belongs to fortresses {fhexes[h].id} and {f.id}", f.pos)
            fhexes[h] = f
        if len(f.hexes) > 1 and not _connected(set(f.hexes)):
            c.error(f"the hexes of fortress {f.id} are not contiguous", f.pos)
        sm = siege_maps.get(f.siege_map)
        if sm is None:
            c.unknown("siege map", f.siege_map, siege_maps, f.pos)
            continue
        around = {n for h in f.hexes for n in h.neighbours()} - set(f.hexes)
        for a in sm.areas:
            for h in a.hexes:
                if h not in around and INVALID_HEX not in (h, *f.hexes):
                    c.error(f"peripheral area '{a.id}' of siege map '{sm.id}' links to hex "
                            f"{h.id}, which is not next to fortress {f.id} "
                            f"({' '.join(x.id for x in f.hexes)})", a.pos)
    for lb in mp.labels:
        _on_map(c, grid, lb.hex, lb.pos)


def _connected(hexes: set[Hex]) -> bool:
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


def _check_sides(c: Checker, s: m.Scenario, grid: Grid):
    if len(s.sides) != 2:
        c.error(f"a battle has two sides; this scenario has {len(s.sides)}", s.pos)
    c.unique(s.sides, lambda sd: sd.id, "side")
    all_clans = [cl for _, cl in s.clans()]
    c.unique(all_clans, lambda cl: cl.id, "clan")
    all_units = [u for _, _, u in s.units()]
    c.unique(all_units, lambda u: u.id, "unit")
    variants = {v.id for v in s.variants}
    entries = {e.id for e in s.map.entries}
    tables = {t.name for t in s.all_tables()}
    for side in s.sides:
        units = {u.id: u for cl in side.clans for u in cl.units}
        if side.so_taisho is None:
            c.error(f"side '{side.id}' has no Sō-taishō [9.2]", side.pos,
                    hint="so-taisho UNIT table COMMAND-TABLE")
        for cmd in ([side.so_taisho] if side.so_taisho else []) + list(side.commanders):
            if cmd.unit not in units:
                c.unknown(f"unit of side '{side.id}'", cmd.unit, units, cmd.pos)
            if cmd.table not in tables:
                c.unknown("command table", cmd.table, tables, cmd.pos)
            elif cmd.table in STANDARD_TABLES:
                c.error(f"'{cmd.table}' is a standard table, not a command table", cmd.pos)
        if side.so_taisho and side.so_taisho.unit in units and \
                not units[side.so_taisho.unit].so_taisho:
            c.error(f"unit {side.so_taisho.unit} is the Sō-taishō of '{side.id}' but its counter "
                    "is not marked so-taisho", side.so_taisho.pos)
        for u in units.values():
            if u.so_taisho and (side.so_taisho is None or side.so_taisho.unit != u.id) and \
                    u.id not in {cm.unit for cm in side.commanders}:
                c.error(f"unit {u.id} is marked so-taisho but side '{side.id}' names another "
                        "Sō-taishō", u.pos)
        for succ in side.successors:
            if succ not in units:
                c.unknown(f"unit of side '{side.id}'", succ, units, side.pos)
        if not side.clans:
            c.error(f"side '{side.id}' has no clans", side.pos)
        for cl in side.clans:
            if not cl.units:
                c.error(f"clan {cl.id} has no units", cl.pos)
            if cl.only is not None and cl.only not in variants:
                c.unknown("variant", cl.only, variants, cl.pos)
            if cl.entry is not None and cl.entry not in entries:
                c.unknown("entry", cl.entry, entries, cl.pos)
    if s.map is not None:
        _check_setups(c, s, grid)


def effective_setup(s: m.Scenario, variant_ids: Iterable[str] = ()):
    """Each clan's order and entry and each unit's hex once the chosen variants
    apply, keyed by id; clans that exist only in unchosen variants are left out."""
    chosen = [v for v in s.variants if v.id in set(variant_ids)]
    orders, entries, hexes, chits = {}, {}, {}, {}
    for _, cl in s.clans():
        orders[cl.id], entries[cl.id], chits[cl.id] = cl.order, cl.entry, cl.chit
        for u in cl.units:
            hexes[u.id] = (u.hex, u.hex_pos or u.pos)
    for v in chosen:
        for ch in v.changes:
            if ch.what == "order":
                orders[ch.target] = ch.value
            elif ch.what == "enter":
                entries[ch.target] = ch.value
            elif ch.what == "chit":
                chits[ch.target] = ch.value
            elif ch.what == "place":
                hexes[ch.target] = (ch.value, ch.pos)
    present = {cl.id for _, cl in s.clans() if cl.only is None or cl.only in {v.id for v in chosen}}
    return present, orders, entries, hexes, chits


def _setup_problems(s: m.Scenario, grid: Grid, variant: m.Variant | None):
    """Stacking and off-map problems of one set-up: the defaults of every group
    plus `variant`. Yields (key, message, pos); the key names the problem
    without the variant, so that one already found in the base set-up is not
    reported again for each variant."""
    ids = [variant.id] if variant else []
    for v in s.variants:
        if v.is_default and (variant is None or v.group != variant.group) and v.id not in ids:
            ids.append(v.id)
    present, orders, entries, hexes, _ = effective_setup(s, ids)
    moved = {ch.target for ch in (variant.changes if variant else ()) if ch.what == "place"}
    fort = fortress_hexes(s)
    occupied: dict[Hex, str] = {}
    for side, cl, u in s.units():
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
            yield (("off-map", u.id, h), f"unit {u.id}'s hex {h.id if _printable(h) else h} is off "
                   f"the map ({grid.width} x {grid.height})", pos)
            continue
        if h in occupied and h not in fort:
            other = occupied[h]
            # report at the statement that put a unit there: a variant's `place` if any
            where = pos
            if other in moved and u.id not in moved:
                where = hexes[other][1]
            yield (("stack", h, frozenset((other, u.id))),
                   f"units {other} and {u.id} are both in hex {h.id}: one unit per hex outside a "
                   "fortress [6.8]", where)
        occupied.setdefault(h, u.id)
    # [12] a clan enters the map altogether: all of it off-map, or none
    for _, cl in s.clans():
        if cl.id not in present:
            continue
        off = [hexes[u.id][0] is None for u in cl.units]
        if any(off) and not all(off):
            yield (("partly", cl.id), f"clan {cl.id} is partly off-map: a clan enters the map "
                   "altogether [12]", cl.pos)


def _check_setups(c: Checker, s: m.Scenario, grid: Grid):
    base = set()
    for key, msg, pos in _setup_problems(s, grid, None):
        base.add(key)
        c.error(msg, pos)
    for v in s.variants:
        if v.is_default:
            continue  # the base set-up already includes it
        for key, msg, pos in _setup_problems(s, grid, v):
            if key not in base:
                c.error(msg.replace(": ", f" in variant '{v.id}': ", 1) if ": " in msg
                        else f"{msg} (variant '{v.id}')", pos)


def _check_variants(c: Checker, s: m.Scenario, grid: Grid):
    c.unique(s.variants, lambda v: v.id, "variant")
    clans = {cl.id for _, cl in s.clans()}
    units = {u.id for _, _, u in s.units()}
    sides = {sd.id for sd in s.sides}
    entries = {e.id for e in s.map.entries}
    defaults: dict[str | None, m.Variant] = {}
    for v in s.variants:
        if v.is_default:
            if v.group in defaults:
                c.error(f"variants '{defaults[v.group].id}' and '{v.id}' are both the default"
                        + (f" of group '{v.group}'" if v.group else ""), v.pos)
            defaults[v.group] = v
        if v.is_default and v.group is None:
            c.error(f"default variant '{v.id}' needs a group (the variants it excludes)", v.pos,
                    hint="group length")
        for ch in v.changes:
            if ch.what == "start" and s.turns and not (s.turns.first <= ch.value <= s.turns.last):
                c.error(f"start turn {ch.value} is outside the turn track", ch.pos)
            if ch.what in ("order", "enter", "chit") and ch.target not in clans:
                c.unknown("clan", ch.target, clans, ch.pos)
            if ch.what == "enter" and ch.value not in entries:
                c.unknown("entry", ch.value, entries, ch.pos)
            if ch.what == "place" and ch.target not in units:
                c.unknown("unit", ch.target, units, ch.pos)
            if ch.what == "plan" and ch.target not in sides:
                c.unknown("side", ch.target, sides, ch.pos)


def _check_condition(c: Checker, s: m.Scenario, cond: m.Condition):
    units = {u.id for _, _, u in s.units()}
    clans = {cl.id for _, cl in s.clans()}
    sides = {sd.id for sd in s.sides}
    forts = {f.id for f in s.map.fortresses}
    if cond.kind == "leader-killed" and cond.args[0] not in units:
        c.unknown("unit", cond.args[0], units, cond.pos)
    if cond.kind == "eliminated":
        for cid in cond.args:
            if cid not in clans:
                c.unknown("clan", cid, clans, cond.pos)
    if cond.kind in ("controls", "holds") and cond.args[0] not in sides:
        c.unknown("side", cond.args[0], sides, cond.pos)
    if cond.kind == "holds":
        _on_map(c, Grid(s.map.width, s.map.height), cond.args[1], cond.pos)
    if cond.kind in ("controls", "unit-in") and cond.args[1] not in forts:
        c.unknown("fortress", cond.args[1], forts, cond.pos)
    if cond.kind == "unit-in" and cond.args[0] not in units:
        c.unknown("unit", cond.args[0], units, cond.pos)


def _check_victory(c: Checker, s: m.Scenario, grid: Grid):
    v = s.victory
    sides = {sd.id for sd in s.sides}
    for a in v.automatic:
        if a.winner not in sides:
            c.unknown("side", a.winner, sides, a.pos)
        _check_condition(c, s, a.condition)
    for rule in v.vp:
        if rule.kind == "hold":
            try:
                h = Hex.from_id(f"{rule.args[0]:04d}")
                _on_map(c, grid, h, rule.pos)
            except (ValueError, IndexError):
                c.error(f"'vp hold' needs a hex id, not {rule.args[:1]}", rule.pos)
    for lv in v.levels:
        if lv.winner not in sides and lv.winner != "none":
            c.unknown("side (or 'none' for a draw)", lv.winner, sides, lv.pos)
        if lv.lead_side not in sides:
            c.unknown("side", lv.lead_side, sides, lv.pos)
        for cond in lv.conditions:
            _check_condition(c, s, cond)
    if not v.levels and v.margin is None:
        c.error("the victory block gives neither a margin nor victory levels: how is the "
                "winner found? [17]", v.pos, hint="margin 2")
