"""Syntax tree -> model. Local problems (a malformed hex id, an unknown order
word, a statement given twice) are collected as Diagnostics so that every error
of a file is reported at once; cross-references are checked in validate.py."""

from __future__ import annotations

import re

import attrs
from lark import Token, Transformer, Tree

from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos, did_you_mean
from tenkatoitsu.hexmap import Hex

ORDERS = {o.value: o for o in m.Order}
#: stands for a hex whose id was malformed (already reported): off every map
INVALID_HEX = Hex(-999, -999)
DICE = {d.value: d for d in m.Die}
SOURCE_KINDS = ("printed", "reconstruction")


class _Tagged:
    """An item of a block, tagged with what it is, until the block assembles it."""

    __slots__ = ("tag", "value", "pos")

    def __init__(self, tag, value, pos=None):
        self.tag, self.value, self.pos = tag, value, pos


_ESCAPES = {'"': '"', "n": "\n", "\\": "\\"}


def _unquote(tok: Token) -> str:
    # One pass over the escapes: chained str.replace calls read the printed
    # "\\n" (a backslash, then n) back as a backslash and a newline.
    return re.sub(r'\\(["n\\])', lambda mo: _ESCAPES[mo.group(1)], str(tok)[1:-1])


class Builder(Transformer):
    """Every rule method is called as ``method(meta, children)``."""

    def __init__(self, file: str):
        super().__init__(visit_tokens=False)
        self.file = file
        self.diags: list[Diagnostic] = []

    def _call_userfunc(self, tree, new_children=None):
        # lark's v_args(meta=True) rebuilds a wrapper on every call: half the
        # time of building a large map went there
        children = new_children if new_children is not None else tree.children
        f = getattr(self, tree.data, None)
        if f is None:
            return self.__default__(tree.data, children, tree.meta)
        return f(tree.meta, children)

    # ------------------------------------------------------------ helpers
    def pos(self, meta) -> SourcePos | None:
        if isinstance(meta, Token):
            return SourcePos(self.file, meta.line, meta.column, meta.end_line, meta.end_column)
        if meta is None or getattr(meta, "empty", True):
            return None
        return SourcePos(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def error(self, msg, where, hint=None):
        pos = where if isinstance(where, SourcePos) or where is None else self.pos(where)
        self.diags.append(Diagnostic(msg, pos, hint))

    def hex(self, tok: Token) -> Hex:
        text = str(tok)
        if len(text) != 4 or not text.isdigit():
            self.error(f"'{text}' is not a hex id: hexes are written CCRR, column then row, "
                       "two digits each", tok, hint="for example 0305 is column 3, row 5")
            return INVALID_HEX
        try:
            return Hex.from_id(text)
        except ValueError as e:
            self.error(f"'{text}' is not a hex id: {e}", tok)
            return INVALID_HEX

    def order(self, tok: Token) -> m.Order:
        word = str(tok)
        if word not in ORDERS:
            self.error(f"unknown order '{word}' (the four Orders are attack, defense, movement, "
                       "regroup [5.2])", tok, did_you_mean(word, ORDERS))
            return m.Order.DEFENSE
        return ORDERS[word]

    def die(self, tok: Token) -> m.Die:
        word = str(tok)
        if word not in DICE:
            self.error(f"unknown die '{word}' (combat uses the blue and the red pair [2.4])", tok,
                       did_you_mean(word, DICE))
            return m.Die.BLUE
        return DICE[word]

    def int_(self, tok: Token, lo=None, hi=None, what="value") -> int:
        v = int(str(tok))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            rng = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.error(f"{what} {v} is out of range ({rng})", tok)
        return v

    def once(self, items, tag, what, meta):
        found = [it for it in items if it.tag == tag]
        for dup in found[1:]:
            self.error(f"{what} is given twice in this block", dup.pos,
                       hint=f"the first is at {found[0].pos}" if found[0].pos else None)
        return found[0] if found else None

    def all(self, items, tag):
        return tuple(it.value for it in items if it.tag == tag)

    def unexpected_items(self, items, allowed, block):
        for it in items:
            if it.tag not in allowed:
                self.error(f"'{it.tag}' cannot stand in {block}", it.pos)

    # ------------------------------------------------------------ document
    def start(self, meta, ch):
        version = None
        doc = ch[-1]
        if len(ch) == 2:
            version = ch[0]
        return attrs.evolve(doc, version=version)

    def version(self, meta, ch):
        v = int(str(ch[0]))
        if v != m.FORMAT_VERSION:
            self.error(f"unsupported format version {v} (this engine reads version "
                       f"{m.FORMAT_VERSION})", ch[0])
        return v

    def scenario(self, meta, ch):
        name = _unquote(ch[0])
        items = ch[1:]
        kind = self.once(items, "kind", "'kind'", meta)
        turns = self.once(items, "turns", "the turn track", meta)
        mp = self.once(items, "map", "the map", meta)
        vic = self.once(items, "victory", "the victory block", meta)
        scale = self.once(items, "scale", "'scale'", meta)
        return m.Scenario(
            name=name,
            kind=kind.value if kind else "battle",
            uses=self.all(items, "use"),
            scale=scale.value if scale else None,
            turns=turns.value if turns else None,
            variants=self.all(items, "variant"),
            map=mp.value if mp else None,
            sides=self.all(items, "side"),
            victory=vic.value if vic else None,
            rules=self.all(items, "rule"),
            library=self.library(items, meta),
            file=self.file,
            pos=self.pos(meta),
        )

    def rules(self, meta, ch):
        name = _unquote(ch[0])
        items = ch[1:]
        return m.RulesDoc(name=name, library=self.library(items, meta), file=self.file,
                          pos=self.pos(meta))

    def library(self, items, meta) -> m.Library:
        def one(tag, what):
            it = self.once(items, tag, what, meta)
            return it.value if it else None

        return m.Library(
            tables=self.all(items, "table"),
            crt=one("crt", "the combat results table"),
            order_change=one("order_change", "the order change table"),
            terrain_chart=one("terrain_chart", "the terrain chart"),
            combat_types=one("combat_types", "the combat types table"),
            combat_modifiers=one("combat_modifiers", "the combat modifiers table"),
            states=one("states", "the states table"),
            battle_plans=self.all(items, "battle_plan"),
            siege_maps=self.all(items, "siege_map"),
            notes=self.all(items, "note"),
        )

    def kind(self, meta, ch):
        return _Tagged("kind", str(ch[0]), self.pos(meta))

    def use(self, meta, ch):
        return _Tagged("use", m.Use(_unquote(ch[0]), self.pos(meta)), self.pos(meta))

    def note(self, meta, ch):
        return _Tagged("note", m.Note(_unquote(ch[0]), self.pos(meta)), self.pos(meta))

    def scale(self, meta, ch):
        return _Tagged("scale", _unquote(ch[0]), self.pos(meta))

    def source(self, meta, ch):
        kind = str(ch[0])
        if kind not in SOURCE_KINDS:
            self.error(f"a source is 'printed' or 'reconstruction', not '{kind}'", ch[0],
                       did_you_mean(kind, SOURCE_KINDS))
        text = _unquote(ch[1]) if len(ch) > 1 else None
        return _Tagged("source", m.Source(kind, text, self.pos(meta)), self.pos(meta))

    def src(self, items, meta):
        it = self.once(items, "source", "'source'", meta)
        return it.value if it else None

    # ------------------------------------------------------------ turns
    def turns(self, meta, ch):
        first = self.int_(ch[0], 1, 99, "first turn")
        last = self.int_(ch[1], 1, 99, "last turn")
        items = ch[2:]
        if last < first:
            self.error(f"the turn track ends ({last}) before it begins ({first})", ch[1])
        start = self.once(items, "start", "'start'", meta)
        night = self.once(items, "night", "'night'", meta)
        fatigue = self.once(items, "fatigue", "'fatigue'", meta)
        return _Tagged("turns", m.TurnTrack(
            first, last, start.value if start else None,
            night.value if night else (), fatigue.value if fatigue else (),
            self.pos(meta)), self.pos(meta))

    def start_turn(self, meta, ch):
        return _Tagged("start", self.int_(ch[0], 1, 99, "start turn"), self.pos(meta))

    def night(self, meta, ch):
        return _Tagged("night", ch[0], self.pos(meta))

    def fatigue(self, meta, ch):
        return _Tagged("fatigue", ch[0], self.pos(meta))

    def no_turns(self, meta, ch):
        return ()

    def some_turns(self, meta, ch):
        return tuple(ch)

    # ------------------------------------------------------------ spans & mp
    def span_closed(self, meta, ch):
        lo, hi = int(str(ch[0])), int(str(ch[1]))
        if hi < lo:
            self.error(f"the range {lo}..{hi} is empty", meta)
        return m.Span(lo, hi)

    def span_below(self, meta, ch):
        return m.Span(None, int(str(ch[0])))

    def span_above(self, meta, ch):
        return m.Span(int(str(ch[0])), None)

    def span_one(self, meta, ch):
        v = int(str(ch[0]))
        return m.Span(v, v)

    def mp_value(self, meta, ch):
        num = int(str(ch[0]))
        den = int(str(ch[1])) if len(ch) > 1 else 1
        if den <= 0 or num < 0:
            self.error("movement points are a non-negative number or fraction such as 1/2", meta)
            den = max(den, 1)
        return m.Mp(num, den)

    def mp_impassable(self, meta, ch):
        return None

    # ------------------------------------------------------------ variants
    def variant(self, meta, ch):
        vid = str(ch[0])
        rest = ch[1:]
        title = None
        if rest and isinstance(rest[0], Token):
            title = _unquote(rest[0])
            rest = rest[1:]
        changes = tuple(it.value if it.tag == "change" else m.Change("start", None, it.value, it.pos)
                        for it in rest if it.tag in ("change", "start"))
        return _Tagged("variant", m.Variant(
            vid, title, changes, self.all(rest, "rule"), self.all(rest, "note"), self.pos(meta)),
            self.pos(meta))

    def _change(self, meta, what, target=None, value=None):
        c = m.Change(what, target, value, self.pos(meta))
        return _Tagged("change", c, self.pos(meta))

    def v_default(self, meta, ch):
        return self._change(meta, "default")

    def v_group(self, meta, ch):
        return self._change(meta, "group", value=str(ch[0]))

    def v_order(self, meta, ch):
        return self._change(meta, "order", str(ch[0]), self.order(ch[1]))

    def v_enter(self, meta, ch):
        return self._change(meta, "enter", str(ch[0]), str(ch[1]))

    def v_chit(self, meta, ch):
        return self._change(meta, "chit", str(ch[0]), self.chit_mark(ch[1]))

    def v_place(self, meta, ch):
        return self._change(meta, "place", str(ch[0]), ch[1][0])

    def v_plan(self, meta, ch):
        return self._change(meta, "plan", str(ch[0]), ch[1])

    # ------------------------------------------------------------ map
    def map(self, meta, ch):
        w = self.int_(ch[0], 1, 99, "map width")
        h = self.int_(ch[1], 1, 99, "map height")
        items = ch[2:]
        default = self.once(items, "default", "'default'", meta)
        return _Tagged("map", m.Map(
            width=w, height=h,
            default_terrain=default.value if default else "clear",
            terrain=self.all(items, "terrain"),
            hexsides=tuple(f for group in self.all(items, "hexside") for f in group),
            routes=self.all(items, "route"),
            zones=self.all(items, "zone"),
            stars=self.all(items, "star"),
            entries=self.all(items, "entry"),
            fortresses=self.all(items, "fortress"),
            labels=self.all(items, "label"),
            notes=self.all(items, "note"),
            pos=self.pos(meta)), self.pos(meta))

    def hex_ref(self, meta, ch):
        return (self.hex(ch[0]), self.pos(ch[0]))

    def hex_rect(self, meta, ch):
        return (m.HexRect(self.hex(ch[0]), self.hex(ch[1])), self.pos(meta))

    def hex_set(self, meta, ch):
        return ch  # list of (item, pos)

    def map_default(self, meta, ch):
        return _Tagged("default", str(ch[0]), self.pos(meta))

    def terrain(self, meta, ch):
        items = ch[1]
        return _Tagged("terrain", m.TerrainArea(
            str(ch[0]), tuple(i for i, _ in items), self.pos(meta), tuple(p for _, p in items)),
            self.pos(meta))

    def undirected_side(self, meta, ch):
        return (self.hex(ch[0]), self.hex(ch[1]), False, self.pos(meta))

    def directed_side(self, meta, ch):
        return (self.hex(ch[0]), self.hex(ch[1]), True, self.pos(meta))

    def hexside_feature(self, meta, ch):
        kind = str(ch[0])
        return _Tagged("hexside", [m.HexsideFeature(kind, a, b, d, p) for a, b, d, p in ch[1:]],
                       self.pos(meta))

    def _route(self, kind, meta, ch):
        name = None
        if ch and isinstance(ch[0], Token):
            name = _unquote(ch[0])
            ch = ch[1:]
        return _Tagged("route", m.Route(kind, name, tuple(h for h, _ in ch), self.pos(meta),
                                        tuple(p for _, p in ch)), self.pos(meta))

    def road(self, meta, ch):
        return self._route("road", meta, ch)

    def path(self, meta, ch):
        return self._route("path", meta, ch)

    def zone(self, meta, ch):
        name = _unquote(ch[1]) if len(ch) == 3 else None
        return _Tagged("zone", m.Zone(str(ch[0]), name, tuple(i for i, _ in ch[-1]),
                                      self.pos(meta)), self.pos(meta))

    def star(self, meta, ch):
        return _Tagged("star", m.Star(ch[0][0], self.int_(ch[1], 0, 99, "star VP"), str(ch[2]),
                                      self.pos(meta)), self.pos(meta))

    def entry(self, meta, ch):
        name = _unquote(ch[2]) if len(ch) > 2 else None
        return _Tagged("entry", m.Entry(str(ch[0]), ch[1][0], name, self.pos(meta)), self.pos(meta))

    def fortress(self, meta, ch):
        fid, name = str(ch[0]), _unquote(ch[1])
        hexes = tuple(h for h, _ in ch[2:-1])
        return _Tagged("fortress", m.Fortress(fid, name, hexes, str(ch[-1]), self.pos(meta)),
                       self.pos(meta))

    def label(self, meta, ch):
        return _Tagged("label", m.Label(ch[0][0], _unquote(ch[1]), self.pos(meta)), self.pos(meta))

    # ------------------------------------------------------------ sides
    def side(self, meta, ch):
        sid, name = str(ch[0]), _unquote(ch[1])
        items = ch[2:]
        color = self.once(items, "color", "'color'", meta)
        st = self.once(items, "so_taisho", "the Sō-taishō", meta)
        succ = self.once(items, "successors", "'successors'", meta)
        plan = self.once(items, "plan", "'battle-plan'", meta)
        return _Tagged("side", m.Side(
            id=sid, name=name, color=color.value if color else None,
            so_taisho=st.value if st else None,
            commanders=self.all(items, "commander"),
            successors=succ.value if succ else (),
            plan=plan.value if plan else m.PlanStatus(),
            clans=self.all(items, "clan"),
            notes=self.all(items, "note"),
            pos=self.pos(meta)), self.pos(meta))

    def _commander(self, meta, ch):
        exempt = ch[2] if len(ch) > 2 else ()
        return m.Commander(str(ch[0]), str(ch[1]), tuple(exempt), self.pos(meta))

    def so_taisho(self, meta, ch):
        return _Tagged("so_taisho", self._commander(meta, ch), self.pos(meta))

    def commander(self, meta, ch):
        return _Tagged("commander", self._commander(meta, ch), self.pos(meta))

    def exempt(self, meta, ch):
        return [self.order(t) for t in ch]

    def successors(self, meta, ch):
        return _Tagged("successors", tuple(str(t) for t in ch), self.pos(meta))

    def side_plan(self, meta, ch):
        return _Tagged("plan", ch[0], self.pos(meta))

    def plan_active(self, meta, ch):
        return m.PlanStatus(True, 0, self.pos(meta))

    def plan_inactive(self, meta, ch):
        return m.PlanStatus(False, int(str(ch[0])) if ch else 0, self.pos(meta))

    def color(self, meta, ch):
        text = str(ch[0])
        if text.startswith("#") and not re.fullmatch(r"#[0-9a-fA-F]{6}", text):
            self.error(f"'{text}' is not a colour: write #rrggbb (six hexadecimal digits) or a "
                       "colour name", ch[0])
        return _Tagged("color", text, self.pos(meta))

    def clan(self, meta, ch):
        cid, name = str(ch[0]), _unquote(ch[1])
        items = ch[2:]

        def one(tag, what):
            it = self.once(items, tag, what, meta)
            return it.value if it else None

        order = one("order", "'order'")
        flags = tuple(f for group in self.all(items, "flags") for f in group)
        return _Tagged("clan", m.Clan(
            id=cid, name=name, color=one("color", "'color'"),
            order=order if order is not None else m.Order.DEFENSE,
            entry=one("enter", "'enter'"), chit=one("chit", "'chit'"), flags=flags,
            only=one("only", "'only'"), units=self.all(items, "unit"),
            notes=self.all(items, "note"), pos=self.pos(meta)), self.pos(meta))

    def clan_order(self, meta, ch):
        return _Tagged("order", self.order(ch[0]), self.pos(meta))

    def clan_enter(self, meta, ch):
        return _Tagged("enter", str(ch[0]), self.pos(meta))

    CHIT_MARKS = ("vanguard", "rearguard")
    CLAN_FLAGS = ("never-routs", "undecided", "neutral-on-defection")

    def chit_mark(self, tok):
        word = str(tok)
        if word not in self.CHIT_MARKS:
            self.error(f"unknown chit mark '{word}' (vanguard or rearguard [19.4.2])", tok,
                       did_you_mean(word, self.CHIT_MARKS))
        return word

    def clan_chit(self, meta, ch):
        return _Tagged("chit", self.chit_mark(ch[0]), self.pos(meta))

    def clan_flags(self, meta, ch):
        for t in ch:
            if str(t) not in self.CLAN_FLAGS:
                self.error(f"unknown clan flag '{t}' ({', '.join(self.CLAN_FLAGS)})", t,
                           did_you_mean(str(t), self.CLAN_FLAGS))
        return _Tagged("flags", tuple(str(t) for t in ch), self.pos(meta))

    def clan_only(self, meta, ch):
        return _Tagged("only", str(ch[0]), self.pos(meta))

    def unit(self, meta, ch):
        uid, name = str(ch[0]), _unquote(ch[1])
        vals: dict[str, object] = {}
        hex_, hex_pos = None, None
        for it in ch[2:]:
            if isinstance(it, _Tagged):
                if it.tag in vals:
                    self.error(f"'{it.tag.replace('_', '-')}' is given twice for unit {uid}", it.pos)
                vals[it.tag] = it.value
            else:  # position
                hex_, hex_pos = it
        if "lead" in vals and "lead_x" in vals:
            self.error(f"unit {uid} has both a Leadership value and the Leadership-X cross [4.1]",
                       self.pos(meta))
        if "so_taisho" in vals and "taisho" in vals:
            self.error(f"unit {uid} is marked both so-taisho and taisho", self.pos(meta))
        return _Tagged("unit", m.Unit(
            id=uid, name=name, elan=vals.get("elan", 0), mass=vals.get("mass", 0),
            fire=vals.get("fire", 0), lead=vals.get("lead", 0), lead_x="lead_x" in vals,
            so_taisho="so_taisho" in vals, taisho="taisho" in vals, hex=hex_,
            pos=self.pos(meta), hex_pos=hex_pos), self.pos(meta))

    def elan(self, meta, ch):
        return _Tagged("elan", self.int_(ch[0], 0, 9, "Elan"), self.pos(meta))

    def mass(self, meta, ch):
        return _Tagged("mass", self.int_(ch[0], 0, 9, "Mass"), self.pos(meta))

    def fire(self, meta, ch):
        return _Tagged("fire", self.int_(ch[0], 0, 9, "Firepower"), self.pos(meta))

    def lead(self, meta, ch):
        return _Tagged("lead", self.int_(ch[0], 0, 2, "Leadership [4.1]"), self.pos(meta))

    def lead_x(self, meta, ch):
        return _Tagged("lead_x", True, self.pos(meta))

    def so_taisho_mark(self, meta, ch):
        return _Tagged("so_taisho", True, self.pos(meta))

    def taisho_mark(self, meta, ch):
        return _Tagged("taisho", True, self.pos(meta))

    def on_map(self, meta, ch):
        return ch[0]

    def off_map(self, meta, ch):
        return (None, self.pos(meta))

    # ------------------------------------------------------------ victory
    VP_KINDS = {"elan-eliminated": 1, "bundori": 1, "hold": 2, "stars": 0, "units-on-map": 1}

    def victory(self, meta, ch):
        margin = self.once(ch, "margin", "'margin'", meta)
        lines = self.once(ch, "samurai", "'samurai-lines'", meta)
        return _Tagged("victory", m.Victory(
            vp=self.all(ch, "vp"), automatic=self.all(ch, "automatic"),
            margin=margin.value if margin else None,
            samurai_lines=lines.value if lines else (),
            levels=self.all(ch, "level"), notes=self.all(ch, "note"), pos=self.pos(meta)),
            self.pos(meta))

    def vp_rule(self, meta, ch):
        kind = str(ch[0])
        args = tuple(a for a in ch[1:] if isinstance(a, int))
        at_end = any(a == "at-end" for a in ch[1:])
        if kind not in self.VP_KINDS:
            self.error(f"unknown VP source '{kind}' ({', '.join(self.VP_KINDS)})", ch[0],
                       did_you_mean(kind, self.VP_KINDS))
        elif len(args) != self.VP_KINDS[kind]:
            self.error(f"'vp {kind}' takes {self.VP_KINDS[kind]} number(s), got {len(args)}", meta,
                       hint={"hold": "vp hold HEX VP at-end", "stars": "vp stars at-end"}.get(
                           kind, f"vp {kind} VP-EACH [at-end]"))
        return _Tagged("vp", m.VpRule(kind, args, at_end, self.pos(meta)), self.pos(meta))

    def vp_int(self, meta, ch):
        return int(str(ch[0]))

    def vp_at_end(self, meta, ch):
        return "at-end"

    def automatic(self, meta, ch):
        return _Tagged("automatic", m.AutomaticVictory(str(ch[0]), ch[1], self.pos(meta)),
                       self.pos(meta))

    def margin(self, meta, ch):
        return _Tagged("margin", self.int_(ch[0], 0, 99, "margin"), self.pos(meta))

    def samurai_lines(self, meta, ch):
        return _Tagged("samurai", tuple(self.int_(t, 1, 99, "samurai line") for t in ch),
                       self.pos(meta))

    def level(self, meta, ch):
        title, winner, lead_side, span = _unquote(ch[0]), str(ch[1]), str(ch[2]), ch[3]
        return _Tagged("level", m.VictoryLevel(title, winner, lead_side, span, tuple(ch[4:]),
                                               self.pos(meta)), self.pos(meta))

    def c_not(self, meta, ch):
        c = ch[0]
        return m.Condition(c.kind, c.args, not c.negated, self.pos(meta))

    def c_leader_killed(self, meta, ch):
        return m.Condition("leader-killed", (str(ch[0]),), pos=self.pos(meta))

    def c_eliminated(self, meta, ch):
        return m.Condition("eliminated", tuple(str(t) for t in ch), pos=self.pos(meta))

    def c_controls(self, meta, ch):
        return m.Condition("controls", (str(ch[0]), str(ch[1])), pos=self.pos(meta))

    def c_holds(self, meta, ch):
        return m.Condition("holds", (str(ch[0]), ch[1][0]), pos=self.pos(meta))

    def c_unit_in(self, meta, ch):
        return m.Condition("unit-in", (str(ch[0]), str(ch[1])), pos=self.pos(meta))

    # ------------------------------------------------------------ rule modules
    def rule(self, meta, ch):
        return _Tagged("rule", m.RuleUse(str(ch[0]), tuple(ch[1:]), self.pos(meta)),
                       self.pos(meta))

    def rule_param(self, meta, ch):
        return m.RuleParam(str(ch[0]), tuple(ch[1:]), self.pos(meta))

    def rv_int(self, meta, ch):
        return int(str(ch[0]))

    def rv_string(self, meta, ch):
        return _unquote(ch[0])

    # ------------------------------------------------------------ tables
    def range_table(self, meta, ch):
        name = str(ch[0])
        items = ch[1:]
        rows = tuple(i for i in items if isinstance(i, m.TableRow))
        return _Tagged("table", m.RangeTable(name, rows, self.src(
            [i for i in items if isinstance(i, _Tagged)], meta), self.pos(meta)), self.pos(meta))

    def row_label(self, tok: Token) -> m.Span:
        text = str(tok)[:-1]
        if text.startswith(".."):
            return m.Span(None, int(text[2:]))
        if text.endswith(".."):
            return m.Span(int(text[:-2]), None)
        if ".." in text:
            lo, hi = (int(x) for x in text.split(".."))
            if hi < lo:
                self.error(f"the range {lo}..{hi} is empty", tok)
            return m.Span(lo, hi)
        return m.Span(int(text), int(text))

    def range_row(self, meta, ch):
        unmod = bool(ch and isinstance(ch[0], Tree) and ch[0].data == "unmodified")
        if unmod:
            ch = ch[1:]
        return m.TableRow(self.row_label(ch[0]), tuple(ch[1:]), unmod, self.pos(meta))

    def tv_int(self, meta, ch):
        return int(str(ch[0]))

    def tv_name(self, meta, ch):
        return str(ch[0])

    def crt(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, _Tagged)]
        columns = tuple(c for c in ch if isinstance(c, m.Span))
        rows = tuple(c for c in ch if isinstance(c, m.CrtRow))
        return _Tagged("crt", m.Crt(columns, rows, self.src(tagged, meta), self.pos(meta)),
                       self.pos(meta))

    def crt_row(self, meta, ch):
        cells = ch[1:]
        return m.CrtRow(self.row_label(ch[0]), tuple(str(c) for c in cells), self.pos(meta),
                        tuple(self.pos(c) for c in cells))

    def order_change(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, _Tagged)]
        columns = tuple(self.order(c) for c in ch if isinstance(c, Token))
        rows = tuple(c for c in ch if isinstance(c, m.OrderChangeRow))
        return _Tagged("order_change", m.OrderChange(columns, rows, self.src(tagged, meta),
                                                     self.pos(meta)), self.pos(meta))

    def oc_row(self, meta, ch):
        return m.OrderChangeRow(self.order(ch[0]), tuple(ch[1:]), self.pos(meta))

    def oc_none(self, meta, ch):
        return None

    def oc_value(self, meta, ch):
        day = int(str(ch[0]))
        night = int(str(ch[1])) if len(ch) > 1 else day
        return (day, night)

    def terrain_chart(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, _Tagged)]
        road = self.once(tagged, "road", "'road'", meta)
        path = self.once(tagged, "path", "'path'", meta)
        return _Tagged("terrain_chart", m.TerrainChart(
            hex_types=self.all(tagged, "hex_type"), hexside_types=self.all(tagged, "hexside_type"),
            road=road.value if road else None, path=path.value if path else None,
            source=self.src(tagged, meta), notes=self.all(tagged, "note"), pos=self.pos(meta)),
            self.pos(meta))

    def road_cost(self, meta, ch):
        if ch[0] is None:
            self.error("a road is never impassable: it is what lets a march cross [6.5.2]", meta)
        return _Tagged("road", ch[0], self.pos(meta))

    def path_cost(self, meta, ch):
        if ch[0] is None:
            self.error("a path is never impassable: it is what lets a march cross [6.5.2]", meta)
        return _Tagged("path", ch[0], self.pos(meta))

    def hex_type(self, meta, ch):
        name = str(ch[0])
        attrs_: dict = {}
        for tag, val in ch[1:]:
            attrs_[tag] = val
        return _Tagged("hex_type", m.HexType(
            name, edge=attrs_.get("edge"), enter=attrs_.get("enter"),
            night_shelter=attrs_.get("night", False), fortress=attrs_.get("fortress", False),
            pos=self.pos(meta)), self.pos(meta))

    def ha_edge(self, meta, ch):
        return ("edge", str(ch[0]))

    def ha_enter(self, meta, ch):
        if ch[0] is None:
            self.error("a hex cannot be impassable to enter: make its hexsides impassable",
                       meta)
        return ("enter", ch[0])

    def ha_night(self, meta, ch):
        return ("night", True)

    def ha_fortress(self, meta, ch):
        return ("fortress", True)

    def _effects(self, items) -> m.Effects:
        kw: dict = {}
        for tag, val in items:
            if tag == "cost" and val is None:
                kw["impassable"] = True
            kw[tag] = val
        return m.Effects(**kw)

    def hexside_type(self, meta, ch):
        name = str(ch[0])
        both, up, down = [], None, None
        for it in ch[1:]:
            if isinstance(it, tuple) and it[0] == "up":
                up = it[1]
            elif isinstance(it, tuple) and it[0] == "down":
                down = it[1]
            else:
                both.append(it)
        if (up is None) != (down is None):
            self.error(f"hexside type '{name}' gives 'up' without 'down' (or the reverse)", meta,
                       hint="a directed hexside such as a slope needs both directions")
        return _Tagged("hexside_type", m.HexsideType(name, self._effects(both), up, down,
                                                     self.pos(meta)), self.pos(meta))

    def sa_up(self, meta, ch):
        return ("up", self._effects(ch))

    def sa_down(self, meta, ch):
        return ("down", self._effects(ch))

    def e_blue(self, meta, ch):
        return ("blue", int(str(ch[0])))

    def e_assault_blue(self, meta, ch):
        return ("assault_blue", int(str(ch[0])))

    def e_firearms(self, meta, ch):
        return ("firearms_prepared", True)

    def e_non_obligatory(self, meta, ch):
        return ("non_obligatory", True)

    def e_no_attack(self, meta, ch):
        return ("no_attack", True)

    def e_cost(self, meta, ch):
        return ("cost", ch[0])

    STATS = ("elan", "mass", "fire")

    def combat_types(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, _Tagged)]
        rows = tuple(c for c in ch if isinstance(c, m.CombatType))
        return _Tagged("combat_types", m.CombatTypes(rows, self.src(tagged, meta), self.pos(meta)),
                       self.pos(meta))

    def ct_row(self, meta, ch):
        role = str(ch[1])
        if role not in ("attacker", "defender"):
            self.error(f"a combat type is for the 'attacker' or the 'defender', not '{role}'", ch[1])
        return m.CombatType(str(ch[0]), role, tuple(ch[2:]), self.pos(meta))

    def ct_term(self, meta, ch):
        stat = str(ch[0])
        if stat not in self.STATS:
            self.error(f"unknown unit value '{stat}' (elan, mass or fire)", ch[0],
                       did_you_mean(stat, self.STATS))
        return m.CombatTerm(stat, self.die(ch[1]), len(ch) > 2)

    def combat_modifiers(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, _Tagged)]
        rows = tuple(c for c in ch if isinstance(c, m.CombatModifier))
        return _Tagged("combat_modifiers", m.CombatModifiers(rows, self.src(tagged, meta),
                                                             self.pos(meta)), self.pos(meta))

    def cm_row(self, meta, ch):
        value = int(str(ch[2])) if len(ch) > 2 else None
        return m.CombatModifier(str(ch[0]), self.die(ch[1]), value, self.pos(meta))

    def states(self, meta, ch):
        tagged = [c for c in ch if isinstance(c, _Tagged)]
        rows = tuple(c for c in ch if isinstance(c, tuple))
        return _Tagged("states", m.States(rows, self.src(tagged, meta), self.pos(meta)),
                       self.pos(meta))

    def st_row(self, meta, ch):
        return (str(ch[0]), int(str(ch[1])))

    # ------------------------------------------------------------ battle plans
    def battle_plan(self, meta, ch):
        pid, name = str(ch[0]), _unquote(ch[1])
        items = ch[2:]
        orders = self.once(items, "orders", "'initial-orders'", meta)
        return _Tagged("battle_plan", m.BattlePlan(
            pid, name, orders.value if orders else ("any",), self.all(items, "tactic"),
            self.all(items, "ability"), self.src(items, meta), self.all(items, "note"),
            self.pos(meta)), self.pos(meta))

    def bp_orders(self, meta, ch):
        words = tuple(str(t) for t in ch)
        for t in ch:
            if str(t) != "any" and str(t) not in ORDERS:
                self.error(f"unknown order '{t}' in initial-orders (attack, defense, movement, "
                           "regroup, or any)", t, did_you_mean(str(t), list(ORDERS) + ["any"]))
        return _Tagged("orders", words, self.pos(meta))

    def bp_tactic(self, meta, ch):
        cost = self.int_(ch[2], 0, 9, "tactic cost") if len(ch) > 2 else None
        return _Tagged("tactic", m.Tactic(str(ch[0]), self.int_(ch[1], 1, 99, "tactic count"),
                                          cost, self.pos(meta)), self.pos(meta))

    def bp_ability(self, meta, ch):
        count = self.int_(ch[1], 0, 99, "ability count") if len(ch) > 1 else None
        return _Tagged("ability", m.Ability(str(ch[0]), count, self.pos(meta)), self.pos(meta))

    # ------------------------------------------------------------ siege maps
    def siege_map(self, meta, ch):
        sid, name = str(ch[0]), _unquote(ch[1])
        items = ch[2:]
        return _Tagged("siege_map", m.SiegeMap(
            sid, name, self.all(items, "area"), self.all(items, "line"), self.src(items, meta),
            self.all(items, "note"), self.pos(meta)), self.pos(meta))

    def base_area(self, meta, ch):
        return "base"

    def key_area(self, meta, ch):
        return "key"

    def peripheral_area(self, meta, ch):
        return "peripheral"

    def area(self, meta, ch):
        kind, aid = ch[0], str(ch[1])
        rest = ch[2:]
        name = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            name = _unquote(rest[0])
            rest = rest[1:]
        defense = None
        if rest and isinstance(rest[0], Token):
            defense = self.int_(rest[0], 0, 9, "Defense value")
            rest = rest[1:]
        hexes = tuple(h for h, _ in rest)
        return _Tagged("area", m.SiegeArea(aid, kind, name, defense, hexes, self.pos(meta)),
                       self.pos(meta))

    def line(self, meta, ch):
        da = self.int_(ch[2], 0, 9, "Defense value") if len(ch) > 2 else None
        db = self.int_(ch[3], 0, 9, "Defense value") if len(ch) > 3 else None
        return _Tagged("line", m.SiegeLine(str(ch[0]), str(ch[1]), da, db, self.pos(meta)),
                       self.pos(meta))
