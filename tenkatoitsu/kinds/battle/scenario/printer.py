"""Canonical DSL text from a document: ``parse(print(s)) == s``.

The printer emits (indent, text, source line) triples; `format_source` uses the
source lines to put the file's comments back beside the statements they
preceded, so `tenkatoitsu fmt` never loses an author's words."""

from __future__ import annotations

import re

from tenkatoitsu.dsl.comments import INDENT, weave
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def span(s: m.Span) -> str:
    return s.text()


def spans(items) -> list[str]:
    """A list of spans as `night`, `fatigue` and the CRT's `columns` write it.
    Whitespace does not separate tokens, so `3 ..5` would read back as `3..5`:
    a single value followed by an open-below span is written `3..3 ..5`."""
    out = [span(s) for s in items]
    for i in range(len(items) - 1):
        if items[i].is_single and items[i + 1].lo is None:
            out[i] = f"{items[i].lo}..{items[i].hi}"
    return out


def mp(v: m.Mp | None) -> str:
    if v is None:
        return "impassable"
    return str(v.num) if v.den == 1 else f"{v.num}/{v.den}"


def hexes(items) -> str:
    out = []
    for it in items:
        out.append(f"{it.a.id}..{it.b.id}" if isinstance(it, m.HexRect) else it.id)
    return " ".join(out)


def _line(pos) -> int | None:
    return pos.line if pos is not None else None


class Out:
    def __init__(self):
        self.lines: list[tuple[int, str, int | None]] = []
        self.depth = 0

    def put(self, text: str, pos=None):
        self.lines.append((self.depth, text, _line(pos)))

    def open(self, text: str, pos=None):
        self.put(text + " {", pos)
        self.depth += 1

    def close(self, pos=None):
        self.depth -= 1
        self.lines.append((self.depth, "}", pos.end_line if pos is not None and pos.end_line else None))

    def text(self) -> str:
        return "".join(f"{INDENT * d}{t}\n" for d, t, _ in self.lines)


def print_document(doc: m.Document, *, own_only: bool = True) -> str:
    return emit(doc).text()


def emit(doc: m.Document) -> Out:
    o = Out()
    o.put(f"version {doc.version if doc.version is not None else m.FORMAT_VERSION}", doc.pos)
    if isinstance(doc, m.RulesDoc):
        o.open(f"rules {q(doc.name)}", doc.pos)
        _library(o, doc.library)
        o.close(doc.pos)
        return o
    s = doc
    o.open(f"scenario {q(s.name)}", s.pos)
    o.put(f"kind {s.kind}")
    for u in s.uses:
        o.put(f"use {q(u.path)}", u.pos)
    if s.scale is not None:
        o.put(f"scale {q(s.scale)}")
    for n in s.library.notes:
        o.put(f"note {q(n.text)}", n.pos)
    if s.turns:
        _turns(o, s.turns)
    for v in s.variants:
        _variant(o, v)
    if s.map:
        _map(o, s.map)
    for side in s.sides:
        _side(o, side)
    if s.victory:
        _victory(o, s.victory)
    for r in s.rules:
        _rule(o, r)
    _library(o, s.library, notes=False)
    o.close(s.pos)
    return o


# ------------------------------------------------------------ scenario parts

def _turns(o: Out, t: m.TurnTrack):
    o.open(f"turns {t.first}..{t.last}", t.pos)
    if t.start is not None:
        o.put(f"start {t.start}")
    o.put("night " + (" ".join(spans(t.night)) if t.night else "none"))
    o.put("fatigue " + (" ".join(spans(t.fatigue)) if t.fatigue else "none"))
    o.close(t.pos)


def _position(h: Hex | None) -> str:
    return "offmap" if h is None else h.id


def _plan_status(p: m.PlanStatus) -> str:
    if p.active:
        return "active"
    return "inactive" + (f" modifier {p.modifier:+d}" if p.modifier else "")


def _variant(o: Out, v: m.Variant):
    # optional strings are tested against None: `""` is a title too, and
    # dropping it would read back as no title at all
    o.open(f"variant {v.id}" + (f" {q(v.title)}" if v.title is not None else ""), v.pos)
    for n in v.notes:
        o.put(f"note {q(n.text)}", n.pos)
    for ch in v.changes:
        text = {
            "default": lambda: "default",
            "group": lambda: f"group {ch.value}",
            "start": lambda: f"start {ch.value}",
            "order": lambda: f"order {ch.target} {ch.value.value}",
            "enter": lambda: f"enter {ch.target} {ch.value}",
            "chit": lambda: f"chit {ch.target} {ch.value}",
            "place": lambda: f"place {ch.target} {_position(ch.value)}",
            "plan": lambda: f"battle-plan {ch.target} {_plan_status(ch.value)}",
        }[ch.what]()
        o.put(text, ch.pos)
    for r in v.rules:
        _rule(o, r)
    o.close(v.pos)


def _map(o: Out, mp_: m.Map):
    o.open(f"map {mp_.width} x {mp_.height}", mp_.pos)
    o.put(f"default {mp_.default_terrain}")
    for n in mp_.notes:
        o.put(f"note {q(n.text)}", n.pos)
    for t in mp_.terrain:
        o.put(f"terrain {t.terrain} {hexes(t.hexes)}", t.pos)
    # consecutive features of one kind came from one statement: keep them together
    for group in _runs(mp_.hexsides, lambda f: (f.kind, _line(f.pos))):
        sides = " ".join(f"{f.a.id}{'>' if f.directed else '|'}{f.b.id}" for f in group)
        o.put(f"hexside {group[0].kind} {sides}", group[0].pos)
    for r in mp_.routes:
        name = f" {q(r.name)}" if r.name is not None else ""
        o.put(f"{r.kind}{name} {' '.join(h.id for h in r.hexes)}", r.pos)
    for z in mp_.zones:
        o.put(f"zone {z.id}" + (f" {q(z.name)}" if z.name is not None else "")
              + f" {hexes(z.hexes)}", z.pos)
    for st in mp_.stars:
        o.put(f"star {st.hex.id} vp {st.vp} for {st.side}", st.pos)
    for e in mp_.entries:
        o.put(f"entry {e.id} {e.hex.id}" + (f" {q(e.name)}" if e.name is not None else ""), e.pos)
    for f in mp_.fortresses:
        o.put(f"fortress {f.id} {q(f.name)} {' '.join(h.id for h in f.hexes)} siege {f.siege_map}",
              f.pos)
    for lb in mp_.labels:
        o.put(f"label {lb.hex.id} {q(lb.text)}", lb.pos)
    o.close(mp_.pos)


def _runs(items, key):
    out: list[list] = []
    for it in items:
        k = key(it)
        if out and key(out[-1][0]) == k and k[1] is not None:
            out[-1].append(it)
        else:
            out.append([it])
    return out


def _commander(word: str, c: m.Commander) -> str:
    s = f"{word} {c.unit} table {c.table}"
    if c.exempt:
        s += " exempt " + " ".join(o.value for o in c.exempt)
    return s


def _side(o: Out, side: m.Side):
    o.open(f"side {side.id} {q(side.name)}", side.pos)
    if side.color:
        o.put(f"color {side.color}")
    for n in side.notes:
        o.put(f"note {q(n.text)}", n.pos)
    if side.so_taisho:
        o.put(_commander("so-taisho", side.so_taisho), side.so_taisho.pos)
    for c in side.commanders:
        o.put(_commander("commander", c), c.pos)
    if side.successors:
        o.put("successors " + " ".join(side.successors))
    o.put(f"battle-plan {_plan_status(side.plan)}", side.plan.pos)
    for cl in side.clans:
        _clan(o, cl)
    o.close(side.pos)


def _clan(o: Out, cl: m.Clan):
    o.open(f"clan {cl.id} {q(cl.name)}", cl.pos)
    if cl.color:
        o.put(f"color {cl.color}")
    o.put(f"order {cl.order.value}")
    if cl.entry:
        o.put(f"enter {cl.entry}")
    if cl.chit:
        o.put(f"chit {cl.chit}")
    if cl.flags:
        o.put("flag " + " ".join(cl.flags))
    if cl.only:
        o.put(f"only {cl.only}")
    for n in cl.notes:
        o.put(f"note {q(n.text)}", n.pos)
    for u in cl.units:
        parts = [f"unit {u.id} {q(u.name)}", f"elan {u.elan}", f"mass {u.mass}", f"fire {u.fire}"]
        if u.lead_x:
            parts.append("lead X")
        elif u.lead:
            parts.append(f"lead {u.lead}")
        if u.so_taisho:
            parts.append("so-taisho")
        if u.taisho:
            parts.append("taisho")
        parts.append(f"at {_position(u.hex)}")
        o.put(" ".join(parts), u.pos)
    o.close(cl.pos)


def _condition(c: m.Condition) -> str:
    body = {
        "leader-killed": lambda: f"leader-killed {c.args[0]}",
        "eliminated": lambda: "eliminated " + " ".join(c.args),
        "controls": lambda: f"controls {c.args[0]} fortress {c.args[1]}",
        "holds": lambda: f"holds {c.args[0]} {c.args[1].id}",
        "unit-in": lambda: f"unit {c.args[0]} in fortress {c.args[1]}",
    }[c.kind]()
    return ("not " + body) if c.negated else body


def _victory(o: Out, v: m.Victory):
    o.open("victory", v.pos)
    for n in v.notes:
        o.put(f"note {q(n.text)}", n.pos)
    for r in v.vp:
        args = list(r.args)
        if r.kind == "hold" and args:
            args[0] = f"{args[0]:04d}"
        o.put(" ".join(["vp", r.kind] + [str(a) for a in args] + (["at-end"] if r.at_end else [])),
              r.pos)
    for a in v.automatic:
        o.put(f"automatic {a.winner} if {_condition(a.condition)}", a.pos)
    if v.margin is not None:
        o.put(f"margin {v.margin}")
    if v.samurai_lines:
        o.put("samurai-lines " + " ".join(str(x) for x in v.samurai_lines))
    for lv in v.levels:
        s = f"level {q(lv.title)} winner {lv.winner} lead {lv.lead_side} {span(lv.lead)}"
        if lv.conditions:
            s += " if " + " and ".join(_condition(c) for c in lv.conditions)
        o.put(s, lv.pos)
    o.close(v.pos)


def _rule_value(v) -> str:
    return str(v) if isinstance(v, int) else q(v)


def _rule(o: Out, r: m.RuleUse):
    if not r.params:
        o.put(f"rule {r.name}", r.pos)
        return
    o.open(f"rule {r.name}", r.pos)
    for p in r.params:
        o.put(" ".join([p.name] + [_rule_value(v) for v in p.values]), p.pos)
    o.close(r.pos)


# ------------------------------------------------------------ library

def _source(o: Out, s: m.Source | None):
    if s is not None:
        o.put(f"source {s.kind}" + (f" {q(s.text)}" if s.text is not None else ""), s.pos)


def _library(o: Out, lib: m.Library, notes: bool = True):
    if notes:
        for n in lib.notes:
            o.put(f"note {q(n.text)}", n.pos)
    if lib.states:
        o.open("states", lib.states.pos)
        _source(o, lib.states.source)
        for name, v in lib.states.levels:
            o.put(f"{name} {v}")
        o.close(lib.states.pos)
    if lib.order_change:
        _order_change(o, lib.order_change)
    for t in lib.tables:
        o.open(f"table {t.name}", t.pos)
        _source(o, t.source)
        for r in t.rows:
            vals = " ".join(str(v) for v in r.values)
            o.put(("unmodified " if r.unmodified else "") + f"{span(r.span)}: {vals}", r.pos)
        o.close(t.pos)
    if lib.terrain_chart:
        _terrain_chart(o, lib.terrain_chart)
    if lib.combat_types:
        ct = lib.combat_types
        o.open("combat-types", ct.pos)
        _source(o, ct.source)
        for r in ct.rows:
            terms = " ".join(f"{t.stat} {t.die.value}" + (" if-prepared" if t.if_prepared else "")
                             for t in r.terms)
            o.put(f"{r.name} {r.role} {{ {terms} }}", r.pos)
        o.close(ct.pos)
    if lib.combat_modifiers:
        cm = lib.combat_modifiers
        o.open("combat-modifiers", cm.pos)
        _source(o, cm.source)
        for r in cm.rows:
            o.put(f"{r.name} {r.die.value}" + (f" {r.value:+d}" if r.value is not None else ""),
                  r.pos)
        o.close(cm.pos)
    if lib.crt:
        _crt(o, lib.crt)
    for bp in lib.battle_plans:
        _battle_plan(o, bp)
    for sm in lib.siege_maps:
        _siege_map(o, sm)


def _order_change(o: Out, oc: m.OrderChange):
    o.open("order-change", oc.pos)
    _source(o, oc.source)
    width = max(len(c.value) for c in oc.columns) if oc.columns else 8
    o.put("columns".ljust(10) + " " + " ".join(c.value.ljust(width) for c in oc.columns).rstrip())
    for r in oc.rows:
        cells = []
        for cell in r.cells:
            if cell is None:
                text = "-"
            elif cell[0] == cell[1]:
                text = str(cell[0])
            else:
                text = f"{cell[0]}/{cell[1]}"
            cells.append(text.ljust(width))
        o.put(f"{(r.order.value + ':').ljust(10)} {' '.join(cells).rstrip()}", r.pos)
    o.close(oc.pos)


def _effects(e: m.Effects) -> list[str]:
    out = []
    if e.impassable:
        out.append("cost impassable")
    elif e.cost is not None:
        out.append(f"cost {mp(e.cost)}")
    if e.blue:
        out.append(f"blue {e.blue:+d}")
    if e.assault_blue:
        out.append(f"assault-blue {e.assault_blue:+d}")
    if e.firearms_prepared:
        out.append("firearms-prepared")
    if e.non_obligatory:
        out.append("non-obligatory")
    if e.no_attack:
        out.append("no-attack")
    return out


def _terrain_chart(o: Out, tc: m.TerrainChart):
    o.open("terrain-chart", tc.pos)
    _source(o, tc.source)
    for n in tc.notes:
        o.put(f"note {q(n.text)}", n.pos)
    if tc.road is not None:
        o.put(f"road {mp(tc.road)}")
    if tc.path is not None:
        o.put(f"path {mp(tc.path)}")
    for t in tc.hexside_types:
        body = _effects(t.both)
        if t.up is not None:
            body.append("up { " + " ".join(_effects(t.up)) + " }")
            body.append("down { " + " ".join(_effects(t.down or m.Effects())) + " }")
        o.put(f"hexside {t.name} {{ {' '.join(body)} }}".replace("{  }", "{ }"), t.pos)
    for t in tc.hex_types:
        body = []
        if t.edge:
            body.append(f"edge {t.edge}")
        if t.enter is not None:
            body.append(f"enter {mp(t.enter)}")
        if t.night_shelter:
            body.append("night-shelter")
        if t.fortress:
            body.append("fortress")
        o.put(f"hex {t.name} {{ {' '.join(body)} }}".replace("{  }", "{ }"), t.pos)
    o.close(tc.pos)


def _crt(o: Out, crt: m.Crt):
    o.open("crt", crt.pos)
    _source(o, crt.source)
    cols = spans(crt.columns)
    width = max([len(c) for c in cols] + [len(c) for r in crt.rows for c in r.cells] + [1])
    label = max([len(span(r.span)) + 1 for r in crt.rows] + [8])
    o.put("columns".ljust(label) + " " + " ".join(c.ljust(width) for c in cols).rstrip())
    for r in crt.rows:
        o.put(f"{span(r.span)}:".ljust(label) + " " +
              " ".join(c.ljust(width) for c in r.cells).rstrip(), r.pos)
    o.close(crt.pos)


def _battle_plan(o: Out, bp: m.BattlePlan):
    o.open(f"battle-plan {bp.id} {q(bp.name)}", bp.pos)
    _source(o, bp.source)
    for n in bp.notes:
        o.put(f"note {q(n.text)}", n.pos)
    o.put("initial-orders " + " ".join(bp.initial_orders))
    for t in bp.tactics:
        o.put(f"tactic {t.name} {t.count}" + (f" cost {t.cost}" if t.cost is not None else ""), t.pos)
    for a in bp.abilities:
        o.put(f"ability {a.name}" + (f" {a.count}" if a.count is not None else ""), a.pos)
    o.close(bp.pos)


def _siege_map(o: Out, sm: m.SiegeMap):
    o.open(f"siege-map {sm.id} {q(sm.name)}", sm.pos)
    _source(o, sm.source)
    for n in sm.notes:
        o.put(f"note {q(n.text)}", n.pos)
    for a in sm.areas:
        s = f"{a.kind} {a.id}"
        if a.name is not None:
            s += f" {q(a.name)}"
        if a.defense is not None:
            s += f" defense {a.defense}"
        if a.hexes:
            s += " hex " + " ".join(h.id for h in a.hexes)
        o.put(s, a.pos)
    for ln in sm.lines:
        s = f"line {ln.a} -- {ln.b}"
        if ln.defense_a is not None:
            s += f" defense {ln.defense_a} {ln.defense_b}"
        o.put(s, ln.pos)
    o.close(sm.pos)


# ------------------------------------------------------------ fmt with comments

def _code(line: str) -> str:
    """A source line without its comment (colours such as #3a5fa0 are code)."""
    return re.sub(r"\s#(?![0-9A-Za-z]+\b)[^\n]*$|^#.*$", "", line).strip()


def _recover_lines(lines, src_lines):
    """Statements the model keeps no position for (`kind`, `order`, `color`...)
    take the line of their block, between their printed neighbours, that
    starts with the same keyword; so a comment after them stays with them."""
    out = list(lines)
    used = {src for _, _, src in out if src is not None}
    known = [i for i, (_, _, src) in enumerate(out) if src is not None]
    for i, (depth, text, src) in enumerate(out):
        if src is not None or text == "}":
            continue
        word = text.split()[0]
        lo = max((out[k][2] for k in known if k < i), default=0)
        hi = min((out[k][2] for k in known if k > i), default=len(src_lines) + 1)
        for ln in range(lo + 1, hi):
            code = _code(src_lines[ln - 1])
            if ln not in used and (code == word or code.startswith(word + " ")):
                out[i] = (depth, text, ln)
                used.add(ln)
                break
    return out


def format_source(doc: m.Document, original: str, grammar: str = "tenkatoitsu") -> str:
    """Canonical text with the original's comments and paragraph breaks kept
    (tenkatoitsu.dsl.comments.weave)."""
    lines = emit(doc).lines
    src_lines = original.split("\n")  # as lark numbers them (see weave)
    # `version` has no position in the model and was printed with the document's,
    # so it took the comment after `rules "..." {`, which the next fmt moved to the
    # end of the file. Give it the line of the file's first token (`version`
    # comes first when given), or none when the original had no version line.
    first = next((i for i, t in enumerate(src_lines, 1)
                  if t.strip() and not t.lstrip().startswith("#")), None)
    if lines and lines[0][1].startswith("version "):
        lines[0] = (lines[0][0], lines[0][1], first if doc.version is not None else None)
    return weave(_recover_lines(lines, src_lines), original, grammar)
