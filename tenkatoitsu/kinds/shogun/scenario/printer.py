"""Canonical text of a shogun scenario: `parse(format(s))` builds `s` again.

The printer emits (indent, text, source line) triples; `format_source` uses
the source lines to put the file's comments back beside the statements they
stood beside, so `tenkatoitsu fmt` never loses an author's words. Statements
come in a fixed order (header, seats, map, components, variants); the map's
links keep the order they were written in, and the components block states
every entry, those a file left out as in the box."""

from __future__ import annotations

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl.areamap import MapBlock, MapSource, map_lines, quote
from tenkatoitsu.dsl.comments import INDENT, weave
from tenkatoitsu.kinds.shogun.scenario.builder import (
    FORMAT_VERSION,
    KIND,
    MAP_SOURCE,
    SCENARIO_SOURCE,
)
from tenkatoitsu.kinds.shogun.scenario.model import Components, ShogunScenario, Start, UnitType

__all__ = ["emit", "format_source", "print_document"]

GRAMMAR = GRAMMAR_DIR / "shogun.lark"
#: a run of consecutive values this long or longer is written as a range, `1..5`
RANGE_FROM = 5

Line = tuple[int, str, "int | None"]


def print_document(doc: ShogunScenario) -> str:
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


def _rows(table) -> str:
    return "  ".join(f"{n}:" + "".join(f" {v}" for v in table[n]) for n in sorted(table))


def _at(pos) -> int | None:
    return pos.line if pos is not None else None


def emit(doc: ShogunScenario) -> list[Line]:
    where = doc.where

    def line(key: str) -> int | None:
        return _at(where.get(key))

    def end(key: str) -> int | None:
        pos = where.get(key)
        return pos.end_line if pos is not None else None

    out: list[Line] = [
        (0, f"version {doc.version if doc.version is not None else FORMAT_VERSION}",
         line("version")),
        (0, f"scenario {quote(doc.name)} {{", line("scenario")),
        (1, f"kind {KIND}", line("kind")),
    ]
    out += [(1, f"use {quote(u.path)}", _at(u.pos)) for u in doc.uses]
    out += [(1, f"note {quote(n)}", line(f"note {i}")) for i, n in enumerate(doc.notes)]
    for s in doc.sources:
        if s.what != MAP_SOURCE:
            what = "" if s.what == SCENARIO_SOURCE else f"{s.what} "
            out.append((1, f"source {what}{s.kind} {quote(s.text)}", _at(s.pos)))
    span = (str(doc.players_min) if doc.players_min == doc.players_max
            else f"{doc.players_min}..{doc.players_max}")
    own = doc.stated  # what the file states; the rest comes from the file it uses
    if "players" in own:
        out.append((1, f"players {span} default {doc.players_default}", line("players")))
    if "seats" in own:
        out += [(1, f"seat {s.id} {quote(s.name)} colour {s.colour}", _at(s.pos))
                for s in doc.seats]
    if "map" in own and ("map" in where or len(doc.board)):
        block = MapBlock(doc.map_title, doc.board, doc.shapes,
                         tuple(MapSource(s.kind, s.text, s.pos) for s in doc.sources
                               if s.what == MAP_SOURCE), where)
        out += map_lines(block, 1)
    if "components" in own:
        out += _components(doc.components, line, end)
    for v in (doc.variants if "variants" in own else ()):
        head = f"variant {v.id}" + (f" {quote(v.title)}" if v.title else "")
        body = ([(2, f"group {v.group}", line(f"variant {v.id} group"))] if v.group else []) \
            + ([(2, "default", line(f"variant {v.id} default"))] if v.default else [])
        if body:
            out += [(1, head + " {", _at(v.pos)), *body,
                    (1, "}", v.pos.end_line if v.pos is not None else None)]
        else:
            out.append((1, head, _at(v.pos)))
    if doc.start is not None:
        out += _start(doc.start, line)
    out.append((0, "}", line("scenario end")))
    return out


def _units(counts) -> str:
    return " ".join(f"{u} {n}" for u, n in counts.items())


def _start(st: Start, line) -> list[Line]:
    """The starting position, one province a line."""
    out: list[Line] = [(1, "start {", line("start")),
                       (2, f"round {st.round}", line("start round"))]
    if st.players:
        out.append((2, "players " + " ".join(st.players), line("start players")))
    for word, table in (("koku", st.koku), ("sword", st.sword)):
        if table:
            out.append((2, f"{word} " + " ".join(f"{h} {n}" for h, n in table.items()),
                        line(f"start {word}")))
    if st.ninja:
        out.append((2, f"ninja {st.ninja}", line("start ninja")))
    for sp in st.provinces:
        text = f"province {sp.id} {sp.owner}"
        text += {1: " castle", 2: " fortress"}.get(sp.castle, "")
        if sp.army is not None:
            a = sp.army
            text += f" army {a.number}" + (f" level {a.level}" if a.level is not None
                                           else f" hole {a.hole}" if a.hole else "")
            text += " assassinated" if a.assassinated else ""
            text += f" {{ {_units(a.units)} }}" if a.units else " { }"
        if sp.force:
            text += f" force {{ {_units(sp.force)} }}"
        out.append((2, text, _at(sp.pos)))
    out.append((1, "}", st.pos.end_line if st.pos is not None else None))
    return out


def unit_text(u: UnitType) -> str:
    """A row of the unit table; per-koku, square and count only when the unit has them."""
    parts = [f"unit {u.id} {quote(u.name)} value {u.value} step {u.step}"]
    if u.per_koku:
        parts.append(f"per-koku {u.per_koku}")
    if u.square is not None:
        parts.append(f"square {u.square}")
    if u.count:
        parts.append(f"count {u.count}")
    return " ".join(parts)


def _components(c: Components, line, end) -> list[Line]:
    def item(word: str, text: str) -> Line:
        return (2, f"{word} {text}".rstrip(), line(f"components {word}"))

    start = " ".join(f"{unit} {n}" for unit, n in c.army_start.items())
    return [
        (1, "components {", line("components")),
        *[(2, unit_text(u), _at(u.pos)) for u in c.units],
        item("castles", str(c.castles)),
        item("fortresses", str(c.fortresses)),
        item("ronin", str(c.ronin)),
        item("koku", str(c.koku)),
        item("battle-markers", str(c.battle_markers)),
        item("swords", _numbers(c.swords)),
        item("remove-swords", _rows(c.swords_removed) if c.swords_removed else "none"),
        item("army-card", f"samurai {c.samurai_squares} ashigaru {c.ashigaru_squares}"),
        item("force-limit", str(c.force_limit)),
        item("army-start", start),
        item("setup-spearmen", f"{c.setup_spearmen} at-a-time {c.setup_at_a_time} "
                               f"province-limit {c.setup_province_limit}"),
        item("experience", " ".join(map(str, c.experience))),
        item("castle-spearmen", str(c.castle_spearmen)),
        item("fortress-ronin", str(c.fortress_ronin)),
        item("koku-per", f"{c.koku_per} minimum {c.koku_minimum}"),
        item("build-cost", str(c.build_cost)),
        item("ronin-per-koku", str(c.ronin_per_koku)),
        item("assassin", str(c.assassin)),
        item("revenge", str(c.revenge)),
        item("victory", str(c.victory)),
        item("victory-two-players", str(c.victory_two_players)),
        (1, "}", end("components")),
    ]


# ------------------------------------------------------------ fmt with comments

def format_source(doc: ShogunScenario, original: str) -> str:
    """Canonical text with the original's comments and paragraph breaks kept
    (tenkatoitsu.dsl.comments.weave); a comment before a closing brace stays
    in the block, and a `version` the file lacks goes after the comments at
    its top, before `scenario`."""
    return weave(emit(doc), original, GRAMMAR, body_before_close=True,
                 top_before_unplaced_first=True)
