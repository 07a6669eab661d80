"""The printing the area-map kinds' printers share: lines as (indent, text,
source line) triples, numbers with their runs as ranges, rows by count, the
scenario block's opening and header statements (notes, sources, players,
seats), the map block, the variants, and the text with or without the
file's comments woven back in (tenkatoitsu.dsl.comments.weave)."""

from __future__ import annotations

from pathlib import Path

from tenkatoitsu.dsl.areamap import MapBlock, MapSource, map_lines, quote
from tenkatoitsu.dsl.comments import INDENT, weave
from tenkatoitsu.dsl.scenario_header import MAP_SOURCE, SCENARIO_SOURCE

#: a run of consecutive values this long or longer is written as a range, `2..12`
RANGE_FROM = 5

Line = tuple[int, str, "int | None"]


def plain(lines: list[Line]) -> str:
    """The lines as text, without the file's comments."""
    return "".join(f"{INDENT * d}{t}\n" for d, t, _ in lines)


def woven(lines: list[Line], original: str, grammar: Path) -> str:
    """The lines with the original's comments and paragraph breaks kept; a
    comment before a closing brace stays in the block, and a `version` the
    file lacks goes after the comments at its top, before `scenario`."""
    return weave(lines, original, grammar, body_before_close=True,
                 top_before_unplaced_first=True)


def at(pos) -> int | None:
    return pos.line if pos is not None else None


def locators(where):
    """`line(key)` and `end(key)`: the first and last source line of the
    statement recorded under `key`, None for one the file did not write."""

    def line(key: str) -> int | None:
        return at(where.get(key))

    def end(key: str) -> int | None:
        pos = where.get(key)
        return pos.end_line if pos is not None else None

    return line, end


def numbers(values) -> str:
    out, i, vs = [], 0, list(values)
    while i < len(vs):
        j = i
        while j + 1 < len(vs) and vs[j + 1] == vs[j] + 1:
            j += 1
        if j - i + 1 >= RANGE_FROM:
            out.append(f"{vs[i]}..{vs[j]}")
        else:
            out += [str(v) for v in vs[i:j + 1]]
        i = j + 1
    return " ".join(out)


def rows(table, many: bool = True) -> str:
    """Rows by count, `2: 3  3: 4`; `many`: each row holds several values."""
    return "  ".join(f"{n}:" + "".join(f" {v}" for v in (table[n] if many else (table[n],)))
                     for n in sorted(table))


def opening(doc, kind: str, format_version: int, line) -> list[Line]:
    """`version`, the scenario block's first line and its `kind`."""
    return [
        (0, f"version {doc.version if doc.version is not None else format_version}",
         line("version")),
        (0, f"scenario {quote(doc.name)} {{", line("scenario")),
        (1, f"kind {kind}", line("kind")),
    ]


def notes_and_sources(doc, line) -> list[Line]:
    """The notes, then the sources that are not the map's (those go in the map)."""
    out: list[Line] = [(1, f"note {quote(n)}", line(f"note {i}"))
                       for i, n in enumerate(doc.notes)]
    for s in doc.sources:
        if s.what != MAP_SOURCE:
            what = "" if s.what == SCENARIO_SOURCE else f"{s.what} "
            out.append((1, f"source {what}{s.kind} {quote(s.text)}", at(s.pos)))
    return out


def players_line(doc, line) -> Line:
    span = (str(doc.players_min) if doc.players_min == doc.players_max
            else f"{doc.players_min}..{doc.players_max}")
    return (1, f"players {span} default {doc.players_default}", line("players"))


def seat_lines(seats) -> list[Line]:
    return [(1, f"seat {s.id} {quote(s.name)} colour {s.colour}", at(s.pos)) for s in seats]


def map_block(doc) -> list[Line]:
    """The map block with its sources; nothing when the file has no map."""
    if "map" not in doc.where and not len(doc.board):
        return []
    block = MapBlock(doc.map_title, doc.board, doc.shapes,
                     tuple(MapSource(s.kind, s.text, s.pos) for s in doc.sources
                           if s.what == MAP_SOURCE), doc.where)
    return map_lines(block, 1)


def variant_lines(variants, line) -> list[Line]:
    out: list[Line] = []
    for v in variants:
        head = f"variant {v.id}" + (f" {quote(v.title)}" if v.title else "")
        body = ([(2, f"group {v.group}", line(f"variant {v.id} group"))] if v.group else []) \
            + ([(2, "default", line(f"variant {v.id} default"))] if v.default else []) \
            + [(2, f"requires {r}", line(f"variant {v.id} requires {r}")) for r in v.requires]
        if body:
            out += [(1, head + " {", at(v.pos)), *body,
                    (1, "}", v.pos.end_line if v.pos is not None else None)]
        else:
            out.append((1, head, at(v.pos)))
    return out
