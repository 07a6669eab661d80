"""The area map block of the scenario language (grammar/areamap.lark), for
every kind played on an area board: its builder mixin, its checks and its
canonical text.

`AreaMapRules` turns the block into a `MapBlock`: an `AreaMap` (the areas and
their links), the outlines drawn under them, the block's sources and where
each statement stands. An `AreaMap` refuses a bad map as a whole, so the
faults it would raise on are found here first, each at its word with a hint
(a duplicate area, a link naming an unknown area or joining an area to
itself, a pair linked twice by one kind) and left out of the map; an area
without a link and a map in several pieces are warnings. Nothing here raises
on a bad file, and nothing here knows a kind."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs
from lark import Token

from tenkatoitsu.areamap import LAND, SEA, Area, AreaMap, AreaMapError, Link
from tenkatoitsu.dsl.builder import DocumentBuilder, Tagged, unquote
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos, did_you_mean, known_list

__all__ = ["KEYWORDS", "SOURCE_KINDS", "AreaMapRules", "MapBlock", "MapSource", "Shape",
           "link_key", "map_lines", "quote", "source_hint"]

#: where a map's data comes from: the printed game, a reconstruction, a public source
SOURCE_KINDS = ("printed", "reconstruction", "public")
#: the block's keywords, which a flag cannot be (they start a statement)
KEYWORDS = ("area", "at", "region", "land", "sea", "link", "shape", "source")
#: link kinds that have a keyword of their own; any other is written `link KIND A B`
KEYWORD_LINKS = (LAND, SEA)
#: points of an outline printed on one line
POINTS_PER_LINE = 8


@attrs.frozen
class Shape:
    """An outline drawn under the areas (a coastline, a lake): drawing only."""

    id: str
    name: str | None
    points: tuple[tuple[int, int], ...]
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class MapSource:
    kind: str  # printed | reconstruction | public
    text: str
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class MapBlock:
    title: str
    board: AreaMap
    shapes: tuple[Shape, ...] = ()
    sources: tuple[MapSource, ...] = ()
    #: where each statement stands, keys in the order written: "map", "area ID",
    #: "link KIND A B" (the ends as written), "shape ID", "shape ID N" (its Nth point)
    where: Mapping[str, SourcePos] = attrs.field(factory=dict, eq=False)


def source_hint(kind: str) -> str:
    return did_you_mean(kind, SOURCE_KINDS) or \
        "printed (the game), reconstruction (worked out), public (a public source)"


def link_key(kind: str, a: str, b: str) -> str:
    return f"link {kind} {a} {b}"


@attrs.frozen
class _AreaItem:
    id: str
    name: str
    flags: tuple[str, ...]
    at: tuple[int, int] | None
    region: str | None
    pos: SourcePos | None


@attrs.frozen
class _LinkItem:
    kind: str
    a: Token
    b: Token
    flags: tuple[str, ...]
    pos: SourcePos | None


class AreaMapRules(DocumentBuilder):
    """Builder methods for the block's rules, named as lark names them in the
    tree of a grammar that imports `area_map` (see grammar/areamap.lark)."""

    def warn(self, msg, where, hint=None):
        pos = where if isinstance(where, SourcePos) or where is None else self.pos(where)
        self.diags.append(Diagnostic(msg, pos, hint, severity="warning"))

    # ------------------------------------------------------------ statements
    def areamap__source(self, meta, ch):
        kind = str(ch[0])
        if kind not in SOURCE_KINDS:
            self.error(f"a source is {', '.join(SOURCE_KINDS[:-1])} or {SOURCE_KINDS[-1]}, "
                       f"not '{kind}'", ch[0], source_hint(kind))
        return Tagged("source", MapSource(kind, unquote(ch[1]), self.pos(meta)), self.pos(meta))

    def areamap__flag(self, meta, ch):
        return Tagged("flag", str(ch[0]), self.pos(ch[0]))

    def areamap__at(self, meta, ch):
        return Tagged("at", (int(str(ch[0])), int(str(ch[1]))), self.pos(meta))

    def areamap__region(self, meta, ch):
        return Tagged("region", str(ch[0]), self.pos(ch[0]))

    def areamap__area(self, meta, ch):
        area_id, name = str(ch[0]), unquote(ch[1])
        items = ch[2:]
        if not name:
            self.error(f"area '{area_id}' has an empty name", ch[1],
                       hint="the name is what players read; the id stands in for it")
            name = area_id
        flags = self._flags(items, f"area '{area_id}'")
        at = next((it.value for it in items if it.tag == "at"), None)
        region = next((it.value for it in items if it.tag == "region"), None)
        return Tagged("area", _AreaItem(area_id, name, flags, at, region, self.pos(meta)),
                      self.pos(meta))

    def _flags(self, items, what) -> tuple[str, ...]:
        out: dict[str, None] = {}
        for it in items:
            if it.tag != "flag":
                continue
            if it.value in out:
                self.warn(f"flag '{it.value}' is given twice for {what}", it.pos)
            out[it.value] = None
        return tuple(out)

    def _link(self, kind, meta, ends, items):
        a, b = ends
        flags = self._flags(items, f"the link {a}–{b}")
        return Tagged("link", _LinkItem(kind, a, b, flags, self.pos(meta)), self.pos(meta))

    def areamap__land(self, meta, ch):
        return self._link(LAND, meta, ch[:2], ch[2:])

    def areamap__sea(self, meta, ch):
        return self._link(SEA, meta, ch[:2], ch[2:])

    def areamap__other(self, meta, ch):
        return self._link(str(ch[0]), meta, ch[1:3], ch[3:])

    def areamap__shape(self, meta, ch):
        shape_id = str(ch[0])
        rest = list(ch[1:])
        name = unquote(rest.pop(0)) if rest and rest[0].startswith('"') else None
        if len(rest) % 2:
            self.error(f"shape '{shape_id}' has {len(rest)} numbers: its points are pairs x y",
                       rest[-1], hint="the last point lacks its y")
            rest = rest[:-1]
        points = tuple((int(str(x)), int(str(y))) for x, y in zip(rest[::2], rest[1::2]))
        if len(points) < 3:
            self.error(f"shape '{shape_id}' has {len(points)} point{'s' if len(points) != 1 else ''}:"
                       " an outline needs 3 or more", meta, hint="{ X Y  X Y  X Y ... }")
        where = tuple(self.pos(x) for x in rest[::2])
        return Tagged("shape", (Shape(shape_id, name, points, self.pos(meta)), where),
                      self.pos(meta))

    # ------------------------------------------------------------ the block
    def area_map(self, meta, ch):
        return Tagged("map", self.map_block(unquote(ch[0]), ch[1:], meta), self.pos(meta))

    def map_block(self, title: str, items, meta) -> MapBlock:
        """The block's statements checked and assembled; what is wrong is
        reported and left out, so that the map can still be built."""
        pos = self.pos(meta)
        where: dict[str, SourcePos] = {"map": pos}
        areas: dict[str, _AreaItem] = {}
        for it in items:
            if it.tag != "area":
                continue
            ar = it.value
            if ar.id in areas:
                self.error(f"duplicate area '{ar.id}'", ar.pos,
                           hint=f"first defined at {areas[ar.id].pos}")
                continue
            areas[ar.id] = ar
            where[f"area {ar.id}"] = ar.pos
        links = self._links([it.value for it in items if it.tag == "link"], areas, where)
        shapes = self._shapes([it.value for it in items if it.tag == "shape"], where)
        board = self._board(areas, links, pos)
        self._check_connections(board, areas, pos)
        return MapBlock(title, board, shapes,
                        tuple(it.value for it in items if it.tag == "source"), where)

    def _links(self, items: list[_LinkItem], areas, where) -> list[Link]:
        out: dict[tuple[str, str, str], _LinkItem] = {}
        for ln in items:
            a, b = str(ln.a), str(ln.b)
            bad = False
            for end in dict.fromkeys((ln.a, ln.b)):
                if str(end) not in areas:
                    self.error(f"unknown area '{end}' in a {ln.kind} link ({known_list(areas)})",
                               end, did_you_mean(str(end), areas)
                               or f'an area is defined by area {end} "NAME"')
                    bad = True
            if a == b:
                self.error(f"a {ln.kind} link joins area '{a}' to itself", ln.pos,
                           hint="a link joins two different areas")
                bad = True
            if bad:
                continue
            key = Link(a, b, ln.kind).key
            if key in out:
                self.error(f"{a} and {b} are linked twice by {ln.kind}", ln.pos,
                           hint=f"the first {ln.kind} link is at {out[key].pos}")
                continue
            out[key] = ln
            where[link_key(ln.kind, a, b)] = ln.pos
        return [Link(str(ln.a), str(ln.b), ln.kind, ln.flags) for ln in out.values()]

    def _shapes(self, items, where) -> tuple[Shape, ...]:
        out: dict[str, Shape] = {}
        for shape, points in items:
            if shape.id in out:
                self.error(f"duplicate shape '{shape.id}'", shape.pos,
                           hint=f"first defined at {out[shape.id].pos}")
                continue
            out[shape.id] = shape
            where[f"shape {shape.id}"] = shape.pos
            for i, p in enumerate(points):
                where[f"shape {shape.id} {i}"] = p
        return tuple(out.values())

    def _board(self, areas: Mapping[str, _AreaItem], links: list[Link], pos) -> AreaMap:
        built = [Area(ar.id, ar.name, ar.flags, ar.region, pos=ar.at) for ar in areas.values()]
        try:
            return AreaMap(built, links)
        except AreaMapError as e:  # found above, each at its place: only a bug lands here
            for p in e.problems:
                self.error(f"the map does not hold together: {p}", pos)
            return AreaMap(built, ())

    def _check_connections(self, board: AreaMap, areas: Mapping[str, _AreaItem], pos):
        if len(board) < 2:
            return
        for ar in board:
            if not board.links_of(ar.id):
                self.warn(f"area '{ar.id}' has no link: nothing can move in or out",
                          areas[ar.id].pos, hint=f"land {ar.id} OTHER, or sea {ar.id} OTHER")
        # an area alone was warned of above; two groups of linked areas are a map in parts
        parts = [p for p in board.components() if len(p) > 1]
        if len(parts) > 1:
            order = board.ids()
            shown = "; ".join("{" + ", ".join(i for i in order if i in p) + "}" for p in parts)
            self.warn(f"the map falls into {len(parts)} parts that no link joins: {shown}", pos,
                      hint="a sea link can join an island to the rest")


# ---------------------------------------------------------------- canonical text

def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _num(v: float) -> str:
    # the grammar reads whole numbers only; a map made in code may hold others
    return str(round(v))


def _line(pos: SourcePos | None) -> int | None:
    return pos.line if pos is not None else None


def _area_text(ar: Area) -> str:
    parts = [f"area {ar.id} {quote(ar.name)}", *sorted(ar.flags)]
    if ar.pos is not None:
        parts.append(f"at {_num(ar.pos[0])} {_num(ar.pos[1])}")
    if ar.region is not None:
        parts.append(f"region {ar.region}")
    return " ".join(parts)


def _link_text(kind: str, a: str, b: str, flags: Iterable[str]) -> str:
    head = kind if kind in KEYWORD_LINKS else f"link {kind}"
    return " ".join([head, a, b, *sorted(flags)])


def _written_links(block: MapBlock) -> list[tuple[Link, str, str, SourcePos | None]]:
    """The links in the order written, each with its ends as written; links
    the file did not write (a map made in code) after them, in map order."""
    index = {k: i for i, k in enumerate(block.where)}
    order = {i: n for n, i in enumerate(block.board.ids())}
    out = []
    for ln in block.board.links:
        if link_key(ln.kind, ln.a, ln.b) in index:
            a, b = ln.a, ln.b
        elif link_key(ln.kind, ln.b, ln.a) in index:
            a, b = ln.b, ln.a
        else:  # unwritten: the ends in map order
            a, b = sorted(ln.ends, key=order.__getitem__)
        key = link_key(ln.kind, a, b)
        out.append((index.get(key, len(index)), ln, a, b, block.where.get(key)))
    out.sort(key=lambda e: e[0])  # stable: unwritten links keep map order
    return [(ln, a, b, p) for _, ln, a, b, p in out]


def map_lines(block: MapBlock, depth: int) -> list[tuple[int, str, int | None]]:
    """The block as (indent, text, source line) triples: its sources, areas in
    map order, links in the order written, outlines. The source lines let a
    printer put the file's comments back beside their statements."""
    where = block.where
    pos = where.get("map")
    out = [(depth, f"map {quote(block.title)} {{", _line(pos))]
    inner = depth + 1
    for s in block.sources:
        out.append((inner, f"source {s.kind} {quote(s.text)}", _line(s.pos)))
    for ar in block.board:
        out.append((inner, _area_text(ar), _line(where.get(f"area {ar.id}"))))
    for ln, a, b, p in _written_links(block):
        out.append((inner, _link_text(ln.kind, a, b, ln.flags), _line(p)))
    for sh in block.shapes:
        head = f"shape {sh.id}" + (f" {quote(sh.name)}" if sh.name is not None else "")
        out.append((inner, head + " {", _line(sh.pos)))
        for i in range(0, len(sh.points), POINTS_PER_LINE):
            chunk = sh.points[i:i + POINTS_PER_LINE]
            out.append((inner + 1, "  ".join(f"{x} {y}" for x, y in chunk),
                        _line(where.get(f"shape {sh.id} {i}"))))
        out.append((inner, "}", sh.pos.end_line if sh.pos is not None else None))
    out.append((depth, "}", pos.end_line if pos is not None else None))
    return out
