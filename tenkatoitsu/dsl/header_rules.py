"""Builder methods for the statements the area-map kinds' grammars share
(grammar/castles.lark, grammar/shogun.lark): the file's `version`, the
scenario block's header (`kind`, `note`, `source`, `players` with its span
and default, `seat` with its colour, the map and components blocks' places),
`variant` with `default`, `group` and `requires`, numbers and ranges, and the bounded
`count` every number of those files is read with.

A kind's builder subclasses `HeaderRules`, sets `kind_name` and
`format_version`, and builds its model from what `header` gathered."""

from __future__ import annotations

import attrs
from lark import Token

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.dsl.areamap import SOURCE_KINDS, AreaMapRules, MapBlock, source_hint
from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.dsl.scenario_header import (
    COLOUR,
    MAP_SOURCE,
    MAX_COUNT,
    SCENARIO_SOURCE,
    SeatDef,
    Source,
    VariantDef,
)


@attrs.frozen
class Header:
    """What the scenario block's shared statements say: the block's items,
    where each statement stands, the scenario's fields both kinds have (as
    keyword arguments), and the parts the file wrote itself."""

    items: list
    where: dict[str, SourcePos]
    fields: dict
    written: frozenset


@attrs.frozen
class ComponentItem:
    """A components statement: the fields it sets, and where its parts stand
    (keys under "components WORD")."""

    values: dict
    parts: tuple[tuple[str, SourcePos | None], ...] = ()


class HeaderRules(AreaMapRules):
    """Every rule method is called as ``method(meta, children)``."""

    #: the word of `kind WORD` that chooses this language
    kind_name: str

    # ------------------------------------------------------------ the file
    def start(self, meta, ch):
        doc = ch[-1]
        if len(ch) == 1:  # a file without `version` is of the version this engine reads
            return attrs.evolve(doc, version=self.format_version)
        version = ch[0]
        return attrs.evolve(doc, version=version.value, where={"version": version.pos,
                                                                **doc.where})

    def version(self, meta, ch):
        return Tagged("version", super().version(meta, ch), self.pos(meta))

    def header(self, meta, ch, players: tuple[int, int, int], components) -> Header:
        """The scenario block's shared statements; `players` are (min, max,
        default) when the file says none, `components` the box's model."""
        name, items = unquote(ch[0]), ch[1:]
        where: dict[str, SourcePos] = {"scenario": self.pos(ch[0])}
        end = self.pos(meta)
        if end is not None:  # the block's closing brace
            where["scenario end"] = SourcePos(self.file, end.end_line, max(1, end.end_column - 1))
        kind = self.once(items, "kind", "'kind'", meta)
        if kind is None:
            self.error("the scenario does not say its kind", where["scenario"],
                       hint=f"`kind {self.kind_name}` as the first line of the block")
        elif kind.value != self.kind_name:
            self.error(f"kind '{kind.value}' comes too late: this file is read as {self.kind_name}",
                       kind.pos, hint="`kind NAME` must be the first line of the scenario block, "
                       "where it chooses the language the rest of the file is written in")
        if kind is not None:
            where["kind"] = kind.pos
        for i, it in enumerate(it for it in items if it.tag == "note"):
            where[f"note {i}"] = it.pos
        stated = self.once(items, "players", "'players'", meta)
        lo, hi, default = stated.value if stated else players
        if stated is not None:
            where["players"] = stated.pos
        board = self.once(items, "map", "the map", meta)
        block: MapBlock | None = board.value if board else None
        if block is not None:
            where.update(block.where)
        comps = self.once(items, "components", "the components block", meta)
        box = components()
        if comps is not None:
            box, comp_where = comps.value
            where.update(comp_where)
        variants = self.all(items, "variant")
        for v in variants:
            where.update(v[1])
        map_sources = tuple(Source(MAP_SOURCE, s.kind, s.text, s.pos)
                            for s in (block.sources if block else ()))
        sources = self.all(items, "source")
        seats = self.all(items, "seat")
        written = frozenset(part for part, present in (
            ("map", board is not None), ("seats", bool(seats)),
            ("players", stated is not None), ("components", comps is not None),
            ("variants", bool(variants))) if present)
        fields = {
            "name": name,
            "file": self.file,
            "board": block.board if block else AreaMap(()),  # a missing map: validate reports it
            "seats": seats,
            "players_min": lo,
            "players_max": hi,
            "players_default": default,
            "components": box,
            "variants": tuple(v for v, _ in variants),
            "notes": self.all(items, "note"),
            # the map's own first, then those that name it: `fmt` writes them all in the map
            "sources": map_sources + tuple(s for s in sources if s.what == MAP_SOURCE)
            + tuple(s for s in sources if s.what != MAP_SOURCE),
            "map_title": block.title if block else "",
            "shapes": block.shapes if block else (),
        }
        return Header(items, where, fields, written)

    def note(self, meta, ch):
        return Tagged("note", unquote(ch[0]), self.pos(meta))

    def source(self, meta, ch):
        what, kind = (str(ch[0]), ch[1]) if len(ch) == 3 else (SCENARIO_SOURCE, ch[0])
        if str(kind) not in SOURCE_KINDS:
            self.error(f"a source is {', '.join(SOURCE_KINDS[:-1])} or {SOURCE_KINDS[-1]}, "
                       f"not '{kind}'", kind, source_hint(str(kind)))
        return Tagged("source", Source(what, str(kind), unquote(ch[-1]), self.pos(meta)),
                      self.pos(meta))

    # ------------------------------------------------------------ players and seats
    def span_closed(self, meta, ch):
        return (self.count(ch[0], "players"), self.count(ch[1], "players"), self.pos(meta))

    def span_one(self, meta, ch):
        n = self.count(ch[0], "players")
        return (n, n, self.pos(meta))

    def player_default(self, meta, ch):
        return self.count(ch[0], "players")

    def players(self, meta, ch):
        lo, hi, pos = ch[0]
        if hi < lo:
            self.error(f"the range {lo}..{hi} is empty", pos, hint=f"{hi}..{lo}?")
            lo, hi = hi, lo
        default = ch[1] if len(ch) > 1 else lo
        return Tagged("players", (lo, hi, default), self.pos(meta))

    def seat(self, meta, ch):
        colour = str(ch[2])
        if not COLOUR.fullmatch(colour):
            self.error(f"'{colour}' is not a colour: a colour is # and six hex digits", ch[2],
                       hint="for example #c8372d")
        return Tagged("seat", SeatDef(str(ch[0]), unquote(ch[1]), colour, self.pos(meta)),
                      self.pos(meta))

    # ------------------------------------------------------------ numbers
    def named_row(self, what: str, row_id: str, name_tok, fields, example: str
                  ) -> tuple[str, dict]:
        """A row `ID "Name" field value ...` (a clan, a unit type): its name
        (the id when the name is empty, with an error) and its fields as
        field -> (value, position), each given once (a second is an error)."""
        name = unquote(name_tok)
        if not name.strip():
            self.error(f"{what} '{row_id}' has an empty name", name_tok,
                       hint=f"the name players read, such as \"{example}\"")
            name = row_id
        got: dict = {}
        for field, value, pos in fields:
            if field in got:
                self.error(f"'{field}' is given twice for {what} '{row_id}'", pos,
                           hint=f"the first is at {got[field][1]}")
                continue
            got[field] = (value, pos)
        return name, got

    def count(self, tok: Token, what: str, lo: int = 0) -> int:
        """A count from the file; one out of range is reported, and read as the nearest."""
        v = self.int_(tok, lo, MAX_COUNT, what)
        return min(max(v, lo), MAX_COUNT)

    def numbers(self, meta, ch):
        return tuple(v for part in ch for v in part)

    def number_one(self, meta, ch):
        return (self.count(ch[0], "value"),)

    def number_range(self, meta, ch):
        lo, hi = self.count(ch[0], "value"), self.count(ch[1], "value")
        if hi < lo:
            self.error(f"the range {lo}..{hi} is empty", meta, hint=f"{hi}..{lo}?")
        return tuple(range(lo, hi + 1))

    # ------------------------------------------------------------ variants
    def variant(self, meta, ch):
        vid, rest = str(ch[0]), list(ch[1:])
        title = unquote(rest.pop(0)) if rest and isinstance(rest[0], Token) else ""
        body = rest[0] if rest else []
        where = {f"variant {vid}": self.pos(meta)}
        default = self.once(body, "default", "'default'", meta)
        group = self.once(body, "group", "'group'", meta)
        for it in (default, group):
            if it is not None:
                where[f"variant {vid} {it.tag}"] = it.pos
        requires: dict[str, Tagged] = {}
        for it in body:
            if it.tag != "requires":
                continue
            if it.value in requires:
                self.error(f"variant '{vid}' requires '{it.value}' twice", it.pos,
                           hint=f"the first is at {requires[it.value].pos}")
                continue
            requires[it.value] = it
            where[f"variant {vid} requires {it.value}"] = it.pos
        v = VariantDef(vid, title, default is not None, group.value if group else None,
                       tuple(requires), pos=self.pos(meta))
        return Tagged("variant", (v, where), self.pos(meta))

    def variant_body(self, meta, ch):
        return ch

    def v_default(self, meta, ch):
        return Tagged("default", True, self.pos(meta))

    def v_group(self, meta, ch):
        return Tagged("group", str(ch[0]), self.pos(meta))

    def v_requires(self, meta, ch):
        """`requires NAME`: the variant is played only with that one too (a
        grammar that has the statement calls it so)."""
        return Tagged("requires", str(ch[0]), self.pos(meta))

    # ------------------------------------------------------------ the components block
    def component(self, meta, word: str, values: dict, parts=()) -> Tagged:
        """One statement of the components block, for `gather_components`."""
        return Tagged(word, ComponentItem(values, tuple(parts)), self.pos(meta))

    def gather_components(self, meta, ch) -> tuple[dict, dict, dict]:
        """The components block's statements: (the fields they set, the unit
        rows by id, where each stands). A statement or a unit row given
        twice is an error, the first one kept. A unit row is tagged "unit"
        with (the unit, its parts' places)."""
        where: dict[str, SourcePos] = {"components": self.pos(meta)}
        seen: dict[str, Tagged] = {}
        values: dict = {}
        units: dict = {}
        for it in ch:
            if it.tag == "unit":
                unit, parts = it.value
                key = f"unit {unit.id}"
                if key in seen:
                    self.error(f"unit '{unit.id}' is given twice in the components", it.pos,
                               hint=f"the first is at {seen[key].pos}")
                    continue
                seen[key] = it
                units[unit.id] = unit
                where.update((f"components {key}{'' if not p else ' ' + p}", pos)
                             for p, pos in parts)
                continue
            item: ComponentItem = it.value
            if it.tag in seen:
                self.error(f"'{it.tag}' is given twice in the components",
                           it.pos, hint=f"the first is at {seen[it.tag].pos}")
                continue
            seen[it.tag] = it
            values.update(item.values)
            where[f"components {it.tag}"] = it.pos
            where.update((f"components {it.tag} {p}", pos) for p, pos in item.parts)
        return values, units, where
