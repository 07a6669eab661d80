"""Canonical text of a clans scenario: `parse(format(s))` builds `s` again.

The printer emits (indent, text, source line) triples; `format_source` uses
the source lines to put the file's comments back beside the statements they
stood beside, so `tenkatoitsu fmt` never loses an author's words. Statements
come in a fixed order (header, seats, map, clans, province lists, sea zones,
components, variants) and only those the file states itself: what it leaves
to a file it uses is not written. The lists come in the rules' order
(model.LISTS), each province in the order written, on one line or at most
eight a line; the components block states every entry, those a file left
out as in the box. What the other area kinds' printers write alike is
tenkatoitsu.dsl.header_printer's."""

from __future__ import annotations

import attrs

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl import header_printer as hp
from tenkatoitsu.dsl.areamap import quote
from tenkatoitsu.dsl.scenario_header import MAP_SOURCE
from tenkatoitsu.kinds.clans.scenario.builder import FORMAT_VERSION, KIND, NUMBERS, ROWS
from tenkatoitsu.kinds.clans.scenario.model import (
    LISTS,
    ClanDef,
    ClansScenario,
    Components,
    UnitType,
)

__all__ = ["clan_text", "emit", "format_source", "print_document", "unit_text"]

GRAMMAR = GRAMMAR_DIR / "clans.lark"
#: a list or a sea zone is written on one line up to this width, else as a
#: block with this many provinces a line
WIDTH = 100
NAMES_PER_LINE = 8
#: the components block's words by the model's field, in the model's order
_WORDS = {field: word for word, (field, *_) in (*NUMBERS.items(), *ROWS.items())}
_ENTRIES = tuple((f.name, _WORDS[f.name]) for f in attrs.fields(Components) if f.name in _WORDS)


def print_document(doc: ClansScenario) -> str:
    return hp.plain(emit(doc))


def emit(doc: ClansScenario) -> list[hp.Line]:
    line, end = hp.locators(doc.where)
    out = hp.opening(doc, KIND, FORMAT_VERSION, line)
    out += [(1, f"use {quote(u.path)}", hp.at(u.pos)) for u in doc.uses]
    head = hp.notes_and_sources(doc, line)
    own = doc.stated  # what the file states; the rest comes from the file it uses
    board = hp.map_block(doc) if "map" in own else []
    if not board:
        # the map is another file's (or missing): this file's own `source map`
        # lines stay here, after the notes and before the other sources
        notes = len(doc.notes)
        head[notes:notes] = [(1, f"source {MAP_SOURCE} {s.kind} {quote(s.text)}", hp.at(s.pos))
                             for s in doc.sources if s.what == MAP_SOURCE and _own(doc, s)]
    out += head
    if "players" in own:
        out.append(hp.players_line(doc, line))
    if "seats" in own:
        out += hp.seat_lines(doc.seats)
    out += board
    if "clans" in own:
        out += [(1, clan_text(c), line(f"clan {c.id}")) for c in doc.clans]
    if "provinces" in own:
        for name in [n for n in LISTS if n in doc.lists] + \
                [n for n in doc.lists if n not in LISTS]:
            out += _names_block(f"provinces {name}", doc.lists[name], f"provinces {name}",
                                doc.where)
        for z in doc.sea_zones:
            out += _names_block(f"sea-zone {z.id} {quote(z.name)}", z.provinces,
                                f"sea-zone {z.id}", doc.where)
    if "components" in own:
        out += _components(doc.components, line, end)
    if "variants" in own:
        out += hp.variant_lines(doc.variants, line)
    out.append((0, "}", line("scenario end")))
    return out


def _own(doc: ClansScenario, source) -> bool:
    """A source the file wrote (one of a used file's stands in that file)."""
    return source.pos is None or source.pos.file == doc.file


def clan_text(c: ClanDef) -> str:
    text = (f"clan {c.id} {quote(c.name)} home {c.home} region {c.region} colour {c.colour} "
            f"ability {c.ability}")
    return text + (f" archetype {quote(c.archetype)}" if c.archetype else "")


def _names_block(head: str, names, key: str, where) -> list[hp.Line]:
    """`HEAD { a b c }` on one line when it fits in WIDTH, else a block of
    lines of at most NAMES_PER_LINE names, as even as they go; each line of
    names keeps the source line of its first name."""
    pos = where.get(key)
    first = hp.at(pos)
    one = f"{head} {{ {' '.join(names)} }}" if names else f"{head} {{ }}"
    if len(hp.INDENT + one) <= WIDTH:
        return [(1, one, first)]
    out: list[hp.Line] = [(1, head + " {", first)]
    lines = -(-len(names) // NAMES_PER_LINE)
    per = -(-len(names) // lines)  # the lines as even as they go: 9 names are 5 and 4
    for i in range(0, len(names), per):
        chunk = names[i:i + per]
        out.append((2, " ".join(chunk), hp.at(where.get(f"{key} {chunk[0]}"))))
    out.append((1, "}", pos.end_line if pos is not None else None))
    return out


def unit_text(u: UnitType) -> str:
    """A row of the combat table; `module` only for a module's unit."""
    text = (f"unit {u.id} {quote(u.name)} dice {u.dice} attack {u.attack} "
            f"defense {u.defense} phase {u.phase} cost {u.cost} count {u.count}")
    return text + (f" module {u.module}" if u.module is not None else "")


def _components(c: Components, line, end) -> list[hp.Line]:
    def item(word: str, text: str) -> hp.Line:
        return (2, f"{word} {text}".rstrip(), line(f"components {word}"))

    def entry(field: str, word: str) -> hp.Line:
        value = getattr(c, field)
        return item(word, hp.rows(value, many=False) if word in ROWS else str(value))

    return [
        (1, "components {", line("components")),
        *[(2, unit_text(u), hp.at(u.pos)) for u in c.units],
        *[entry(field, word) for field, word in _ENTRIES],
        (1, "}", end("components")),
    ]


# ------------------------------------------------------------ fmt with comments

def format_source(doc: ClansScenario, original: str) -> str:
    """Canonical text with the original's comments and paragraph breaks kept
    (tenkatoitsu.dsl.header_printer.woven)."""
    return hp.woven(emit(doc), original, GRAMMAR)
