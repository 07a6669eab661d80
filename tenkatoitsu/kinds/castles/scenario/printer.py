"""Canonical text of a castles scenario: `parse(format(s))` builds `s` again.

The printer emits (indent, text, source line) triples; `format_source` uses
the source lines to put the file's comments back beside the statements they
stood beside, so `tenkatoitsu fmt` never loses an author's words. Statements
come in a fixed order (header, seats, map, components, cards, variants); the
map's links keep the order they were written in."""

from __future__ import annotations

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl.areamap import MapBlock, MapSource, map_lines, quote
from tenkatoitsu.dsl.comments import INDENT, weave
from tenkatoitsu.kinds.castles.scenario.builder import (
    FORMAT_VERSION,
    KIND,
    MAP_SOURCE,
    SCENARIO_SOURCE,
)
from tenkatoitsu.kinds.castles.scenario.model import CastlesScenario, Components

__all__ = ["format_source", "print_document"]

GRAMMAR = GRAMMAR_DIR / "castles.lark"
#: a run of consecutive values this long or longer is written as a range, `2..12`
RANGE_FROM = 5

Line = tuple[int, str, "int | None"]


def print_document(doc: CastlesScenario) -> str:
    return "".join(f"{INDENT * d}{t}\n" for d, t, _ in emit(doc))


def _numbers(values) -> str:
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


def _rows(table, many: bool) -> str:
    return "  ".join(f"{n}:" + "".join(f" {v}" for v in (table[n] if many else (table[n],)))
                     for n in sorted(table))


def emit(doc: CastlesScenario) -> list[Line]:
    where = doc.where

    def line(key: str) -> int | None:
        pos = where.get(key)
        return pos.line if pos is not None else None

    def end(key: str) -> int | None:
        pos = where.get(key)
        return pos.end_line if pos is not None else None

    out: list[Line] = [
        (0, f"version {doc.version if doc.version is not None else FORMAT_VERSION}",
         line("version")),
        (0, f"scenario {quote(doc.name)} {{", line("scenario")),
        (1, f"kind {KIND}", line("kind")),
    ]
    out += [(1, f"note {quote(n)}", line(f"note {i}")) for i, n in enumerate(doc.notes)]
    for s in doc.sources:
        if s.what != MAP_SOURCE:
            what = "" if s.what == SCENARIO_SOURCE else f"{s.what} "
            out.append((1, f"source {what}{s.kind} {quote(s.text)}", _at(s.pos)))
    span = (str(doc.players_min) if doc.players_min == doc.players_max
            else f"{doc.players_min}..{doc.players_max}")
    out.append((1, f"players {span} default {doc.players_default}", line("players")))
    out += [(1, f"seat {s.id} {quote(s.name)} colour {s.colour}", _at(s.pos)) for s in doc.seats]
    if "map" in where or len(doc.board):
        block = MapBlock(doc.map_title, doc.board, doc.shapes,
                         tuple(MapSource(s.kind, s.text, s.pos) for s in doc.sources
                               if s.what == MAP_SOURCE), where)
        out += map_lines(block, 1)
    out += _components(doc.components, line, end)
    for word, cards in (("tactic", doc.tactics), ("daimyo", doc.daimyo)):
        out += [(1, f"{word} {c.id} {quote(c.name)} rule {quote(c.rule)} {quote(c.text)}",
                 _at(c.pos)) for c in cards]
    for v in doc.variants:
        head = f"variant {v.id}" + (f" {quote(v.title)}" if v.title else "")
        body = ([(2, f"group {v.group}", line(f"variant {v.id} group"))] if v.group else []) \
            + ([(2, "default", line(f"variant {v.id} default"))] if v.default else [])
        if body:
            out += [(1, head + " {", _at(v.pos)), *body,
                    (1, "}", v.pos.end_line if v.pos is not None else None)]
        else:
            out.append((1, head, _at(v.pos)))
    out.append((0, "}", line("scenario end")))
    return out


def _at(pos) -> int | None:
    return pos.line if pos is not None else None


def _components(c: Components, line, end) -> list[Line]:
    def item(word: str, text: str) -> Line:
        return (2, f"{word} {text}", line(f"components {word}"))

    return [
        (1, "components {", line("components")),
        item("soldiers", str(c.soldiers)),
        item("large-castles", _numbers(c.large_castles)),
        item("small-castles", _numbers(c.small_castles)),
        item("swords", _numbers(c.swords)),
        item("reinforcements", str(c.reinforcements)),
        item("dice", str(c.dice)),
        item("display", _rows(c.display, many=False)),
        item("remove-swords", _rows(c.swords_removed, many=True) if c.swords_removed else "none"),
        item("small-castles-for", " ".join(map(str, c.small_castles_for)) or "none"),
        item("reinforce", _rows(c.reinforcements_per_area, many=False)),
        item("daimyo-soldiers", str(c.daimyo_soldiers)),
        item("daimyo-strength", str(c.daimyo_strength)),
        (1, "}", end("components")),
    ]


# ------------------------------------------------------------ fmt with comments

def format_source(doc: CastlesScenario, original: str) -> str:
    """Canonical text with the original's comments and paragraph breaks kept
    (tenkatoitsu.dsl.comments.weave); a comment before a closing brace stays
    in the block, and a `version` the file lacks goes after the comments at
    its top, before `scenario`."""
    return weave(emit(doc), original, GRAMMAR, body_before_close=True,
                 top_before_unplaced_first=True)
